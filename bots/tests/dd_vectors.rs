//! The bridge double-dummy solver against DDS: every table and every mid-play position of the
//! `dd-vectors-v1` set (`scripts/make-dd-vectors.py`: 40 seeded random deals with their 20-cell
//! tables, 200 mid-play positions with every legal card's score), solved exactly (no node cap).

use troef_bots::solver::bridge::{solve_table, BridgeDeal, Strain};
use troef_bots::solver::Solver;
use troef_core::{Card, Direction, Seat};

fn vectors() -> serde_json::Value {
    let text = include_str!("data/dd-vectors.json");
    serde_json::from_str(text).expect("the vector file is JSON")
}

const SEATS: [&str; 4] = ["N", "E", "S", "W"];

#[test]
fn every_table_matches_dds() {
    let data = vectors();
    let tables = data["tables"].as_array().expect("tables");
    assert!(tables.len() >= 40);
    // Two threads: the machine has two cores.
    let chunks: Vec<Vec<serde_json::Value>> =
        tables.chunks(tables.len().div_ceil(2)).map(|chunk| chunk.to_vec()).collect();
    let failures: Vec<String> = std::thread::scope(|scope| {
        let handles: Vec<_> = chunks
            .iter()
            .map(|chunk| {
                scope.spawn(move || {
                    let mut solver = Solver::with_entries(1 << 19);
                    let mut failures = Vec::new();
                    for item in chunk {
                        let text = item["deal"].as_str().expect("deal");
                        let deal = BridgeDeal::parse_pbn(text).expect("a valid deal");
                        let table = solve_table(&mut solver, &deal, Direction::Clockwise);
                        assert!(table.exact, "no cap is set");
                        for (declarer, seat) in SEATS.iter().enumerate() {
                            for (column, strain) in Strain::ALL.iter().enumerate() {
                                let want = item["table"][seat][strain.name()].as_u64().expect("tricks") as u8;
                                let got = table.tricks[declarer][column];
                                if got != want {
                                    failures.push(format!("{text} {seat} {}: {got} tricks, DDS {want}", strain.name()));
                                }
                            }
                        }
                    }
                    failures
                })
            })
            .collect();
        handles.into_iter().flat_map(|handle| handle.join().expect("no panic")).collect()
    });
    assert!(failures.is_empty(), "{} cells differ:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn every_mid_play_card_score_matches_dds() {
    let data = vectors();
    let positions = data["positions"].as_array().expect("positions");
    assert!(positions.len() >= 200);
    let mut solver = Solver::with_entries(1 << 18);
    let mut failures = Vec::new();
    for item in positions {
        let text = item["deal"].as_str().expect("deal");
        let deal = BridgeDeal::parse_pbn(text).expect("a valid deal");
        let strain =
            Strain::ALL.into_iter().find(|s| s.name() == item["strain"].as_str().expect("strain")).expect("a strain");
        let leader =
            Seat(SEATS.iter().position(|s| *s == item["leader"].as_str().expect("leader")).expect("a seat") as u8);
        let played: Vec<Card> = item["played"]
            .as_array()
            .expect("played")
            .iter()
            .map(|c| c.as_str().expect("code").parse().expect("card"))
            .collect();
        let (position, objective, map) =
            deal.position_after(strain, leader, Direction::Clockwise, &played).expect("a legal play sequence");
        let scores = solver.score_moves(&position, &objective);
        let want = item["scores"].as_object().expect("scores");
        assert_eq!(scores.len(), want.len(), "{text}: every legal card is scored");
        for score in &scores {
            let card = map.card(score.mv.card()).to_string();
            let expected = want[&card].as_i64().expect("tricks") as i32;
            if !score.exact || score.value != expected {
                failures.push(format!("{text} after {} cards, {card}: {} (DDS {expected})", played.len(), score.value));
            }
        }
    }
    assert!(failures.is_empty(), "{} scores differ:\n{}", failures.len(), failures.join("\n"));
}

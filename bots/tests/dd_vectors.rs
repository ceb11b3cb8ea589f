//! The bridge double-dummy solver against DDS: every table and every mid-play position of the
//! `dd-vectors-v2` set (`scripts/make-dd-vectors.py`: 40 seeded random deals with their 20-cell
//! tables, 2,000 mid-play positions with every legal card's score), solved exactly (no node cap).

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
    assert!(positions.len() >= 2000);
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

/// A deal where the solver once gave East-West 5 tricks in diamonds (DDS: 4): a table entry, and
/// a touching-card merge, applied to positions where the merged cards were no longer touching,
/// and a quick-trick count leaned on an entry card it did not record as relevant. Each cell is
/// solved with a fresh table and from both sides, and one mid-play position's card scores are
/// checked (the values are DDS's, through endplay).
#[test]
fn regression_deal_with_split_touching_cards() {
    let text = "N:J85.A75.KT643.95 KT76.J984.97.J86 2.KT62.J82.KQ743 AQ943.Q3.AQ5.AT2";
    let deal = BridgeDeal::parse_pbn(text).expect("a valid deal");
    let diamonds = Strain::ALL[1];
    for leader in [Seat(0), Seat(2)] {
        for (side, want) in [(Seat(0), 9), (Seat(1), 4)] {
            let (position, objective) = deal.position(diamonds, leader, side, Direction::Clockwise);
            let solution = Solver::with_entries(1 << 18).value(&position, &objective);
            assert!(solution.exact);
            assert_eq!(solution.value, want, "leader {leader:?}, side of {side:?}");
        }
    }
    let played: Vec<Card> = "9C 8C KC AC 2C 5C 6C QC 8D QD 6D 7D QS JS 7S 2S 3S 5S 6S JD 2D AD 4D 9D 5D KD 8H"
        .split(' ')
        .map(|code| code.parse().expect("card"))
        .collect();
    let (position, objective, map) =
        deal.position_after(diamonds, Seat(0), Direction::Clockwise, &played).expect("a legal play sequence");
    let scores = Solver::with_entries(1 << 16).score_moves(&position, &objective);
    let want = [("2H", 5), ("6H", 5), ("3C", 5), ("4C", 5), ("7C", 5), ("TH", 5), ("KH", 4)];
    assert_eq!(scores.len(), want.len());
    for score in &scores {
        let card = map.card(score.mv.card()).to_string();
        let expected = want.iter().find(|(code, _)| *code == card).expect("a legal card").1;
        assert_eq!(score.value, expected, "{card}");
    }
}

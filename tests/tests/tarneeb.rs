//! Tarneeb and 400: every test vector of `../shared/rules/tarneeb.md` section 10, plus random
//! self-play checks (apply accepts exactly the legal actions, illegal actions change nothing,
//! every contract kind occurs).
//!
//! Full-hand vectors live as hand records in `vectors/tarneeb/*.json`; they are written by the
//! test `vector_records_match_the_spec_data` (run it with `TROEF_BLESS=1` to rewrite them)
//! from the spec's data typed in below, and `vector_records_replay` replays every file there.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::{BTreeMap, BTreeSet};
use troef_core::games::tarneeb::{
    legal_plays, min_bid, required_total, score, Bid, HandEnd, Phase, Ruleset, Tarneeb, TarneebAction, TarneebConfig,
    TarneebOutcome, TarneebScores, RANK_ORDER,
};
use troef_core::record::{audit_hand, deal_from_deck, hand_record, replay_hand, status_text, Expectation, HandRecord};
use troef_core::{
    Card, CardSet, ConfigValues, Direction, Event, Events, Game, Hand, Match, MatchStatus, Place, ScoreSheet, Seat,
    Suit, Table, ToAct, Viewer,
};
use troef_tests::{card, cards, set};

const VECTOR_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/vectors/tarneeb");

/// The FH-1 deck (also used by D-1 and the auction vectors).
const FH1_DECK: &str = "AD 2C 8S QC KS KC 6C KD 7H 4H JH 9H 9S 3D 3H 5H 8C 2S JS 2H 3C TH QD KH 7S AH \
                        JC 3S JD 9D TC 4D 7D TS 2D 5S 6H QS 5D TD 4C 5C 9C 6D QH 8D 6S 7C AS 8H AC 4S";
const FH2_DECK: &str = "8S JS AC 4D TH 4H AS 7S KC 9H 6S 3C JC 7C TS 5C KD AD 6D 7H 9S 8H AH 2S 2H 7D \
                        8D 3S QS QC 3H 2D 9C JH TC 6H KH 2C QD 8C 4S JD 9D QH 5D 6C KS 4C 5S 3D TD 5H";
const F8_DECK: &str = "9C 6S KH JH 9S KS QS TC 5C 6H 2D 9D 6D 8H AC TS 9H 3C AS QD 5D QH 5H 8S JD 4S \
                       3H 2C 7H 4C 7C 3D 7D 8C AD JC JS 3S 6C TH KC 8D TD QC 7S AH 4H 2S 5S 2H KD 4D";

const FH1_TRICKS: [&str; 13] = [
    "E:AH N:3H W:2H S:TH",
    "E:QH N:5H W:6H S:KH",
    "S:KC E:9C N:7C W:2C",
    "S:KD E:6D N:3D W:AD",
    "W:JS S:KS E:3S N:4S",
    "S:6C E:JC N:AC W:8C",
    "N:JD W:2D S:5D E:8D",
    "N:AS W:2S S:QS E:6S",
    "N:9D W:7D S:TD E:4H",
    "E:JH N:8H W:5S S:3C",
    "E:9H N:4D W:8S S:4C",
    "E:7S N:9S W:TS S:5C",
    "W:QC S:QD E:7H N:TC",
];
const FH1_WINNERS: &str = "E S S W S N N N E E E W E";

const FH2_TRICKS: [&str; 13] = [
    "W:AC S:3C E:9C N:2C",
    "W:AS S:2S E:4S N:JS",
    "W:AH S:5H E:2H N:4H",
    "W:KS S:3S E:5S N:3D",
    "W:6D S:2D E:5D N:7D",
    "N:AD W:8D S:4D E:KD",
    "N:8H W:3H S:6H E:TH",
    "E:KC N:6C W:TC S:4C",
    "E:KH N:9H W:6S S:7H",
    "E:QS N:7C W:TS S:7S",
    "E:9S N:JH W:9D S:5C",
    "E:8S N:JD W:TD S:8C",
    "E:JC N:QC W:QD S:QH",
];
const FH2_WINNERS: &str = "W W W W N N E E E E E E N";

const F8_TRICKS: [&str; 13] = [
    "N:AS W:3S S:4S E:2S",
    "N:AD W:5D S:2D E:3D",
    "N:3C W:6C S:QC E:AC",
    "E:KD N:7D W:8D S:9D",
    "E:2H N:9H W:TH S:AH",
    "S:3H E:7H N:JH W:QH",
    "W:KS S:7S E:5S N:6S",
    "W:KC S:2C E:4C N:8C",
    "W:QS S:4H E:TS N:JS",
    "S:TD E:4D N:QD W:5H",
    "W:9S S:6H E:8H N:KH",
    "N:JC W:TC S:5C E:7C",
    "N:9C W:8S S:JD E:6D",
];
const F8_WINNERS: &str = "N N E E S W W W S W N N N";

// ---------------------------------------------------------------------------------------------
// Helpers

fn values(settings: &[(&str, &str)]) -> ConfigValues {
    ConfigValues::validate(Tarneeb::config_keys(), settings.iter().copied()).expect("valid settings")
}

fn config(settings: &[(&str, &str)]) -> TarneebConfig {
    Tarneeb::config(&values(settings))
}

fn seat(name: &str) -> Seat {
    Seat(match name {
        "N" => 0,
        "E" => 1,
        "S" => 2,
        "W" => 3,
        other => panic!("bad seat {other}"),
    })
}

fn play_lines(tricks: &[&str]) -> Vec<String> {
    tricks
        .iter()
        .flat_map(|row| row.split_whitespace())
        .map(|cell| {
            let (who, code) = cell.split_once(':').expect("seat:card");
            format!("{who} PLAY {code}")
        })
        .collect()
}

fn lines(text: &str) -> Vec<String> {
    text.split(',').map(|line| line.trim().to_string()).filter(|line| !line.is_empty()).collect()
}

fn new_hand(settings: &[(&str, &str)], dealer: u8, scores: &TarneebScores, deck: &str) -> Hand<Tarneeb> {
    Hand::from_deck(config(settings), Seat(dealer), scores, &cards(deck)).expect("hand")
}

fn fresh_hand(settings: &[(&str, &str)], dealer: u8) -> Hand<Tarneeb> {
    new_hand(settings, dealer, &TarneebScores::default(), FH1_DECK)
}

fn act(hand: &mut Hand<Tarneeb>, line: &str) -> Result<Events, String> {
    let (who, action) = hand.parse_line(line).map_err(|e| e.to_string())?;
    hand.apply(who, action).map_err(|e| e.to_string())
}

fn act_all(hand: &mut Hand<Tarneeb>, actions: &[String]) {
    for line in actions {
        act(hand, line).unwrap_or_else(|error| panic!("{line}: {error}"));
    }
}

/// Applies an illegal line and checks that it fails and leaves the hand exactly unchanged.
fn rejected(hand: &mut Hand<Tarneeb>, line: &str) -> String {
    let before = hand.clone();
    let error = act(hand, line).expect_err(line);
    assert_eq!(*hand, before, "{line} changed the hand");
    error
}

/// Applies an action straight through the game hook (bypassing [`Hand`]'s turn check), on copies.
fn game_error(hand: &Hand<Tarneeb>, who: Seat, action: TarneebAction) -> String {
    let mut game = *hand.game();
    let mut table = hand.table().clone();
    let error = game.apply(hand.config(), &mut table, who, action, &mut Events::new()).expect_err("illegal");
    assert_eq!(game, *hand.game());
    assert_eq!(table, *hand.table());
    error.to_string()
}

fn legal(hand: &Hand<Tarneeb>) -> Vec<String> {
    let mut out = Vec::new();
    hand.legal_actions(&mut out);
    out.iter().map(Tarneeb::format_action).collect()
}

fn turn(hand: &Hand<Tarneeb>) -> Seat {
    match hand.to_act() {
        ToAct::Seat(seat) => seat,
        ToAct::HandOver => panic!("hand is over"),
    }
}

fn sheet(pairs: &[(&str, i64)]) -> ScoreSheet {
    pairs.iter().map(|&(k, v)| (k.to_string(), v)).collect()
}

fn team_scores(a: i64, b: i64) -> TarneebScores {
    TarneebScores { teams: [a, b], players: [0; 4] }
}

// ---------------------------------------------------------------------------------------------
// Section 10.6 / 10.7 full-hand records

struct VectorSpec {
    file: &'static str,
    settings: Vec<(&'static str, &'static str)>,
    dealer: u8,
    deck: &'static str,
    scores_before: Option<ScoreSheet>,
    actions: Vec<String>,
    expect: Expectation,
}

fn expect(deltas: [i64; 4], after: &[(&str, i64)], result: &str, next_dealer: Option<u8>) -> Expectation {
    Expectation {
        scores_after: Some(sheet(after)),
        deltas: Some(deltas.to_vec()),
        result: Some(result.to_string()),
        next_dealer,
    }
}

fn vector_specs() -> Vec<VectorSpec> {
    let fh1_play = play_lines(&FH1_TRICKS);
    let fh2_play = play_lines(&FH2_TRICKS);
    let f8_play = play_lines(&F8_TRICKS);
    let with = |calls: &str, plays: &[String]| {
        let mut all = lines(calls);
        all.extend(plays.iter().cloned());
        all
    };
    let fh2_config = vec![("zon", "on"), ("deal_packets", "1")];
    let fh2_never = vec![("zon", "on"), ("deal_packets", "1"), ("defenders_score_when_made", "never")];
    let f8_before = sheet(&[("N", 37), ("E", 15), ("S", 3), ("W", 30)]);
    vec![
        VectorSpec {
            file: "fh1.json",
            settings: vec![("first_dealer", "0")],
            dealer: 0,
            deck: FH1_DECK,
            scores_before: None,
            actions: with("W PASS, S BID 7, E BID 8, N PASS, S PASS, E TRUMP H", &fh1_play),
            expect: expect([6, -8, 6, -8], &[("A", 6), ("B", -8)], "continue", Some(3)),
        },
        VectorSpec {
            file: "fh1_contract7.json",
            settings: vec![("first_dealer", "0")],
            dealer: 0,
            deck: FH1_DECK,
            scores_before: None,
            actions: with("W PASS, S PASS, E BID 7, N PASS, E TRUMP H", &fh1_play),
            expect: expect([6, 7, 6, 7], &[("A", 6), ("B", 7)], "continue", Some(3)),
        },
        VectorSpec {
            file: "fh1_contract7_never.json",
            settings: vec![("first_dealer", "0"), ("defenders_score_when_made", "never")],
            dealer: 0,
            deck: FH1_DECK,
            scores_before: None,
            actions: with("W PASS, S PASS, E BID 7, N PASS, E TRUMP H", &fh1_play),
            expect: expect([0, 7, 0, 7], &[("A", 0), ("B", 7)], "continue", Some(3)),
        },
        VectorSpec {
            file: "fh2.json",
            settings: fh2_config.clone(),
            dealer: 2,
            deck: FH2_DECK,
            scores_before: Some(sheet(&[("A", 30), ("B", 36)])),
            actions: with("E BID 7, N PASS, W BID 8Z, S PASS, E BID 9, W BID 9Z, E PASS", &fh2_play),
            expect: expect([3, 10, 3, 10], &[("A", 33), ("B", 46)], "team B wins", None),
        },
        VectorSpec {
            file: "fh2_contract11z.json",
            settings: fh2_config,
            dealer: 2,
            deck: FH2_DECK,
            scores_before: Some(sheet(&[("A", 30), ("B", 36)])),
            actions: with("E BID 7, N PASS, W BID 11Z, S PASS, E PASS", &fh2_play),
            expect: expect([3, -11, 3, -11], &[("A", 33), ("B", 25)], "continue", Some(1)),
        },
        VectorSpec {
            file: "fh2_never.json",
            settings: fh2_never,
            dealer: 2,
            deck: FH2_DECK,
            scores_before: Some(sheet(&[("A", 30), ("B", 36)])),
            actions: with("E BID 7, N PASS, W BID 8Z, S PASS, E BID 9, W BID 9Z, E PASS", &fh2_play),
            expect: expect([0, 10, 0, 10], &[("A", 30), ("B", 46)], "team B wins", None),
        },
        VectorSpec {
            file: "d1_all_pass.json",
            settings: vec![("deal_packets", "1")],
            dealer: 0,
            deck: FH1_DECK,
            scores_before: None,
            actions: lines("W PASS, S PASS, E PASS, N PASS"),
            expect: expect([0; 4], &[("A", 0), ("B", 0)], "continue", Some(3)),
        },
        VectorSpec {
            file: "au1_all_pass.json",
            settings: vec![],
            dealer: 0,
            deck: FH1_DECK,
            scores_before: None,
            actions: lines("W PASS, S PASS, E PASS, N PASS"),
            expect: expect([0; 4], &[("A", 0), ("B", 0)], "continue", Some(3)),
        },
        VectorSpec {
            file: "m7_annulled.json",
            settings: vec![],
            dealer: 1,
            deck: FH1_DECK,
            scores_before: Some(sheet(&[("A", 38), ("B", 40)])),
            actions: lines("N PASS, W PASS, S PASS, E PASS"),
            expect: expect([0; 4], &[("A", 38), ("B", 40)], "continue", Some(0)),
        },
        VectorSpec {
            file: "f2_thrown_in.json",
            settings: vec![("ruleset", "four_hundred")],
            dealer: 0,
            deck: FH1_DECK,
            scores_before: None,
            actions: lines("W BID 2, S BID 2, E BID 3, N BID 3"),
            expect: expect([0; 4], &[("N", 0), ("E", 0), ("S", 0), ("W", 0)], "continue", Some(3)),
        },
        VectorSpec {
            file: "f7_escalation_thrown_in.json",
            settings: vec![("ruleset", "four_hundred"), ("fh_escalation", "on")],
            dealer: 2,
            deck: FH1_DECK,
            scores_before: Some(sheet(&[("N", 12), ("E", -4), ("S", 20), ("W", 47)])),
            actions: lines("E BID 3, N BID 2, W BID 4, S BID 3"),
            expect: expect(
                [0; 4],
                &[("N", 12), ("E", -4), ("S", 20), ("W", 47), ("A", 32), ("B", 43)],
                "continue",
                Some(1),
            ),
        },
        VectorSpec {
            file: "f8.json",
            settings: vec![("ruleset", "four_hundred")],
            dealer: 1,
            deck: F8_DECK,
            scores_before: Some(f8_before.clone()),
            actions: with("N BID 4, W BID 4, S BID 2, E BID 3", &f8_play),
            expect: expect(
                [4, -3, 2, 4],
                &[("N", 41), ("E", 12), ("S", 5), ("W", 34), ("A", 46), ("B", 46)],
                "team A wins",
                None,
            ),
        },
        VectorSpec {
            file: "f8_s_bids3.json",
            settings: vec![("ruleset", "four_hundred")],
            dealer: 1,
            deck: F8_DECK,
            scores_before: Some(f8_before.clone()),
            actions: with("N BID 4, W BID 4, S BID 3, E BID 3", &f8_play),
            expect: expect(
                [4, -3, -3, 4],
                &[("N", 41), ("E", 12), ("S", 0), ("W", 34), ("A", 41), ("B", 46)],
                "continue",
                Some(0),
            ),
        },
        VectorSpec {
            file: "f8_s_bids3_non_negative.json",
            settings: vec![("ruleset", "four_hundred"), ("fh_partner_rule", "non_negative")],
            dealer: 1,
            deck: F8_DECK,
            scores_before: Some(f8_before),
            actions: with("N BID 4, W BID 4, S BID 3, E BID 3", &f8_play),
            expect: expect(
                [4, -3, -3, 4],
                &[("N", 41), ("E", 12), ("S", 0), ("W", 34), ("A", 41), ("B", 46)],
                "team A wins",
                None,
            ),
        },
    ]
}

fn build_record(spec: &VectorSpec) -> HandRecord {
    let values = values(&spec.settings);
    let mut record = hand_record::<Tarneeb>(
        &values,
        Seat(spec.dealer),
        &cards(spec.deck),
        spec.scores_before.clone(),
        spec.actions.clone(),
    );
    record.expect = Some(spec.expect.clone());
    record
}

#[test]
fn vector_records_replay() {
    troef_tests::check_vector_records::<Tarneeb>(VECTOR_DIR, 14);
}

/// The record files are the spec data above, written out (`TROEF_BLESS=1` rewrites them).
#[test]
fn vector_records_match_the_spec_data() {
    troef_tests::check_or_bless(
        VECTOR_DIR,
        vector_specs().iter().map(|spec| (spec.file, build_record(spec))).collect(),
    );
}

/// Replays a full hand and checks each trick's winner against the spec's table.
fn check_trick_winners(settings: &[(&str, &str)], dealer: u8, deck: &str, calls: &str, tricks: &[&str], winners: &str) {
    let scores = if settings.contains(&("ruleset", "four_hundred")) {
        TarneebScores::from_players([37, 15, 3, 30])
    } else {
        team_scores(0, 0)
    };
    let mut hand = new_hand(settings, dealer, &scores, deck);
    act_all(&mut hand, &lines(calls));
    let mut got = Vec::new();
    for line in play_lines(tricks) {
        for event in act(&mut hand, &line).unwrap_or_else(|e| panic!("{line}: {e}")) {
            if let Event::TrickTaken { winner, .. } = event {
                got.push(["N", "E", "S", "W"][winner.index()]);
            }
        }
    }
    assert_eq!(got.join(" "), winners);
    assert_eq!(hand.to_act(), ToAct::HandOver);
}

#[test]
fn fh1_fh2_f8_trick_winners() {
    check_trick_winners(
        &[],
        0,
        FH1_DECK,
        "W PASS, S BID 7, E BID 8, N PASS, S PASS, E TRUMP H",
        &FH1_TRICKS,
        FH1_WINNERS,
    );
    check_trick_winners(
        &[("zon", "on"), ("deal_packets", "1")],
        2,
        FH2_DECK,
        "E BID 7, N PASS, W BID 8Z, S PASS, E BID 9, W BID 9Z, E PASS",
        &FH2_TRICKS,
        FH2_WINNERS,
    );
    check_trick_winners(
        &[("ruleset", "four_hundred")],
        1,
        F8_DECK,
        "N BID 4, W BID 4, S BID 2, E BID 3",
        &F8_TRICKS,
        F8_WINNERS,
    );
}

#[test]
fn full_hand_breakdowns_show_the_arithmetic() {
    let records = troef_tests::read_hand_records(VECTOR_DIR);
    let find = |name: &str| records.iter().find(|(file, _)| file == name).unwrap().1.clone();
    let fh1 = replay_hand::<Tarneeb>(&find("fh1.json")).unwrap();
    let lines = Tarneeb::breakdown(fh1.hand.config(), &fh1.outcome);
    assert!(
        lines.contains(&"declarers (team B) took 7 of contract 8: failed, minus the contract, -8".to_string()),
        "{lines:?}"
    );
    assert!(lines.contains(&"defenders (team A) took 6: +6".to_string()), "{lines:?}");
    assert_eq!(fh1.outcome.team_tricks, [6, 7]);
    let f8 = replay_hand::<Tarneeb>(&find("f8.json")).unwrap();
    assert_eq!(f8.outcome.player_tricks, [5, 2, 2, 4]);
    let lines = Tarneeb::breakdown(f8.hand.config(), &f8.outcome);
    assert!(lines.contains(&"N bid 4 (value 4), took 5: made, +4".to_string()), "{lines:?}");
    assert!(lines.contains(&"E bid 3 (value 3), took 2: failed, -3".to_string()), "{lines:?}");
    assert_eq!(Tarneeb::contract_kind(&fh1.outcome), "8");
    assert_eq!(Tarneeb::contract_kind(&f8.outcome), "played");
    let fh2 = replay_hand::<Tarneeb>(&find("fh2.json")).unwrap();
    assert_eq!(Tarneeb::contract_kind(&fh2.outcome), "9Z");
    assert_eq!(fh2.outcome.trump, None);
}

// ---------------------------------------------------------------------------------------------
// Deals: D-1 and the deal parts of FH-1, FH-2, F-8

fn check_deal(settings: &[(&str, &str)], dealer: u8, deck: &str, expected: [&str; 4]) {
    let config = config(settings);
    let deal = deal_from_deck::<Tarneeb>(&Tarneeb::layout(&config, Seat(dealer)), &cards(deck));
    for (index, name) in ["N", "E", "S", "W"].iter().enumerate() {
        let got: CardSet = deal[*name].iter().copied().collect();
        assert_eq!(deal[*name].len(), 13);
        assert_eq!(got, set(expected[index]), "{name}");
    }
}

#[test]
fn deals_follow_section_2() {
    check_deal(
        &[],
        0,
        FH1_DECK,
        [
            "AS 9S 4S 8H 5H 3H JD 9D 4D 3D AC TC 7C",
            "7S 6S 3S AH QH JH 9H 7H 4H 8D 6D JC 9C",
            "KS QS KH TH KD QD TD 5D KC 6C 5C 4C 3C",
            "JS TS 8S 5S 2S 6H 2H AD 7D 2D QC 8C 2C",
        ],
    );
    // D-1
    check_deal(
        &[("deal_packets", "1")],
        0,
        FH1_DECK,
        [
            "5S 4S 3S KH 9H 5H 2H KD TD 6D 4D QC 7C",
            "JS 8S 6S JH 3H QD 5D 2D AC JC TC 9C 6C",
            "QS TS 2S AH TH 8H 4H 9D 8D 3D KC 5C 2C",
            "AS KS 9S 7S QH 7H 6H AD JD 7D 8C 4C 3C",
        ],
    );
    check_deal(
        &[("deal_packets", "1")],
        2,
        FH2_DECK,
        [
            "JS JH 9H 8H 4H AD JD 7D 3D QC 7C 6C 2C",
            "QS 9S 8S 5S 4S KH TH 2H KD 5D KC JC 9C",
            "7S 3S 2S QH 7H 6H 5H 4D 2D 8C 5C 4C 3C",
            "AS KS TS 6S AH 3H QD TD 9D 8D 6D AC TC",
        ],
    );
    check_deal(
        &[("ruleset", "four_hundred")],
        1,
        F8_DECK,
        [
            "AS JS 6S KH JH 9H AD QD 7D JC 9C 8C 3C",
            "TS 5S 2S 8H 7H 2H KD 6D 4D 3D AC 7C 4C",
            "7S 4S AH 6H 4H 3H JD TD 9D 2D QC 5C 2C",
            "KS QS 9S 8S 3S QH TH 5H 8D 5D KC TC 6C",
        ],
    );
    // The packet positions named in the spec: W gets deck[0..3], deck[16..19], deck[32..36].
    let layout = Tarneeb::layout(&config(&[]), Seat(0));
    let west: Vec<usize> = (0..52).filter(|&k| layout.places()[k] == Place::Hand(Seat(3))).collect();
    assert_eq!(west, [0, 1, 2, 3, 16, 17, 18, 19, 32, 33, 34, 35, 36]);
}

// ---------------------------------------------------------------------------------------------
// 10.1 / 10.2 scoring

#[test]
fn scoring_vectors() {
    // (id, config, declaring team, contract, T, declarers' delta, defenders' delta)
    type Row<'a> = (&'a str, &'a [(&'a str, &'a str)], char, &'a str, u8, i64, i64);
    let rows: &[Row] = &[
        ("V-S1", &[], 'A', "8", 9, 9, 4),
        ("V-S2", &[], 'A', "9", 8, -9, 5),
        ("V-S3", &[], 'B', "13", 13, 16, 0),
        ("V-S3/26", &[("bid13_made_points", "26")], 'B', "13", 13, 26, 0),
        ("V-1", &[], 'A', "7", 7, 7, 6),
        ("V-2", &[], 'B', "10", 3, -10, 10),
        ("V-3", &[], 'A', "13", 12, -13, 1),
        ("V-4", &[("bid13_fail_penalty", "16")], 'A', "13", 11, -16, 2),
        ("V-5", &[], 'A', "9", 13, 13, 0),
        ("V-6", &[("kabsh", "on")], 'A', "9", 13, 16, 0),
        ("V-7", &[], 'B', "7", 0, -7, 13),
        ("V-8", &[("kabsh", "on")], 'B', "7", 0, -7, 16),
        ("V-9", &[("defenders_score_when_made", "never")], 'A', "8", 9, 9, 0),
        ("V-10", &[("defenders_score_when_made", "never")], 'A', "8", 7, -8, 6),
        ("V-11", &[("bid13_made_points", "26"), ("kabsh", "on")], 'A', "13", 13, 26, 0),
        ("V-12", &[("zon", "on")], 'B', "10Z", 10, 10, 3),
        ("V-13", &[], 'A', "12", 12, 12, 1),
        ("V-15", &[("zon", "on")], 'B', "13Z", 13, 16, 0),
        ("V-16", &[("zon", "on")], 'A', "13Z", 12, -13, 1),
    ];
    for &(id, settings, team, contract, taken, declarers, defenders) in rows {
        let config = config(settings);
        let bid = match Tarneeb::parse_action(&config, &format!("BID {contract}")).unwrap() {
            TarneebAction::Bid(bid) => bid,
            other => panic!("{other:?}"),
        };
        assert_eq!(score(&config, bid.tricks, taken), (declarers, defenders), "{id}");
        let declarer = if team == 'A' { Seat(0) } else { Seat(1) };
        let outcome = TarneebOutcome::tarneeb_by_team(&config, Seat(0), declarer, bid, taken);
        let (a, b) = if team == 'A' { (declarers, defenders) } else { (defenders, declarers) };
        assert_eq!(Tarneeb::seat_deltas(&config, &outcome), [a, b, a, b], "{id}");
        assert_eq!(Tarneeb::contract_kind(&outcome), contract, "{id}");
    }
}

// ---------------------------------------------------------------------------------------------
// 10.1 V-S4, V-14 and 10.3 match end

#[test]
fn match_end_vectors() {
    // (id, config, before A, B, hand: declaring team + contract + T or annulled, after A, B, result)
    type Row<'a> = (&'a str, &'a [(&'a str, &'a str)], [i64; 2], Option<(char, u8, u8)>, [i64; 2], &'a str);
    let rows: &[Row] = &[
        ("V-S4", &[], [35, 38], Some(('A', 7, 7)), [42, 44], "team B wins"),
        ("V-14", &[], [3, 0], Some(('A', 10, 9)), [-7, 4], "continue"),
        ("M-1", &[], [35, 30], Some(('A', 7, 7)), [42, 36], "team A wins"),
        ("M-2", &[], [35, 38], Some(('A', 7, 7)), [42, 44], "team B wins"),
        ("M-3", &[], [34, 35], Some(('A', 7, 7)), [41, 41], "continue"),
        ("M-3b", &[], [41, 41], Some(('B', 8, 8)), [46, 49], "team B wins"),
        ("M-4", &[], [41, 41], Some(('A', 10, 9)), [31, 45], "team B wins"),
        ("M-5", &[], [40, 20], Some(('A', 9, 8)), [31, 25], "continue"),
        ("M-6", &[("target_score", "31")], [28, 10], Some(('A', 7, 7)), [35, 16], "team A wins"),
        ("M-7", &[], [38, 40], None, [38, 40], "continue"),
        ("M-8", &[("target_score", "61")], [55, 50], Some(('B', 8, 6)), [62, 42], "team A wins"),
        ("M-9", &[("defenders_score_when_made", "never")], [35, 38], Some(('A', 7, 7)), [42, 38], "team A wins"),
    ];
    for &(id, settings, before, hand, after, result) in rows {
        let config = config(settings);
        let dealer = Seat(2);
        let outcome = match hand {
            Some((team, contract, taken)) => {
                let declarer = if team == 'A' { Seat(0) } else { Seat(1) };
                TarneebOutcome::tarneeb_by_team(&config, dealer, declarer, Bid::plain(contract), taken)
            }
            None => TarneebOutcome::annulled(&config, dealer),
        };
        let mut scores = team_scores(before[0], before[1]);
        let status = Tarneeb::settle(&config, &mut scores, dealer, &outcome);
        assert_eq!(scores.teams, after, "{id}");
        assert_eq!(status_text(&status), result, "{id}");
        if let MatchStatus::Continue { next_dealer } = status {
            assert_eq!(next_dealer, Seat(1), "{id}: next dealer is r(dealer)");
        }
        if let MatchStatus::Over { winners, .. } = status {
            let expected = if result == "team A wins" { vec![Seat(0), Seat(2)] } else { vec![Seat(1), Seat(3)] };
            assert_eq!(winners, expected, "{id}");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// 10.4 auction

#[test]
fn au1_all_pass() {
    let mut hand = fresh_hand(&[], 0);
    assert_eq!(turn(&hand), Seat(3));
    act_all(&mut hand, &lines("W PASS, S PASS, E PASS, N PASS"));
    assert_eq!(hand.to_act(), ToAct::HandOver);
    assert_eq!(hand.game().phase(), Phase::Over(HandEnd::Annulled));
    let outcome = hand.outcome().unwrap();
    assert_eq!(Tarneeb::contract_kind(&outcome), "annulled");
    let mut game_match = Match::<Tarneeb>::new(config(&[]), Seat(0));
    let mut hand = game_match.deal(&cards(FH1_DECK)).unwrap();
    act_all(&mut hand, &lines("W PASS, S PASS, E PASS, N PASS"));
    assert_eq!(game_match.settle(&hand).unwrap(), MatchStatus::Continue { next_dealer: Seat(3) });
    assert_eq!(*game_match.scores(), team_scores(0, 0));
    let next = game_match.deal(&cards(FH1_DECK)).unwrap();
    assert_eq!(turn(&next), Seat(2), "first to speak in the next deal is S");
}

#[test]
fn au2_skipping_passers_and_au10_trump() {
    let mut hand = fresh_hand(&[], 0);
    act_all(&mut hand, &lines("W BID 7, S PASS, E BID 8, N PASS, W BID 9"));
    assert_eq!(turn(&hand), Seat(1), "S is skipped");
    act(&mut hand, "E PASS").unwrap();
    assert_eq!(hand.actions_applied(), 6);
    assert_eq!(hand.game().phase(), Phase::Trump);
    assert_eq!(hand.game().declarer(), Some(Seat(3)));
    assert_eq!(hand.game().contract(), Some(Bid::plain(9)));
    // AU-10
    assert_eq!(turn(&hand), Seat(3));
    assert_eq!(legal(&hand), ["TRUMP C", "TRUMP D", "TRUMP H", "TRUMP S"]);
    for code in hand.table().hand(Seat(3)) {
        rejected(&mut hand, &format!("W PLAY {code}"));
    }
    rejected(&mut hand, "W PASS");
    rejected(&mut hand, "W BID 10");
    rejected(&mut hand, "S TRUMP H");
    assert_eq!(game_error(&hand, Seat(2), TarneebAction::Trump(Suit::Hearts)), "not the declarer");
    act(&mut hand, "W TRUMP S").unwrap();
    assert_eq!(hand.game().trump(), Some(Suit::Spades));
    assert_eq!(turn(&hand), Seat(3), "the declarer leads");
    let mut expected: Vec<String> = hand.table().hand(Seat(3)).iter().map(|c| format!("PLAY {c}")).collect();
    expected.sort();
    let mut got = legal(&hand);
    got.sort();
    assert_eq!(got, expected);
    assert_eq!(got.len(), 13);
    rejected(&mut hand, "W TRUMP H");
}

#[test]
fn au3_dealer_wins_cheaply() {
    let mut hand = fresh_hand(&[], 2);
    assert_eq!(turn(&hand), Seat(1));
    act_all(&mut hand, &lines("E PASS, N PASS, W PASS, S BID 7"));
    assert_eq!(hand.game().phase(), Phase::Trump);
    assert_eq!(hand.game().declarer(), Some(Seat(2)));
    assert_eq!(hand.game().contract(), Some(Bid::plain(7)));
}

#[test]
fn au4_maximum_bid() {
    let mut hand = fresh_hand(&[], 0);
    act_all(&mut hand, &lines("W BID 7, S BID 13"));
    assert_eq!(hand.actions_applied(), 2);
    assert_eq!(hand.game().phase(), Phase::Trump);
    assert_eq!(hand.game().declarer(), Some(Seat(2)));
    assert_eq!(hand.game().contract(), Some(Bid::plain(13)));
    rejected(&mut hand, "E PASS");
    rejected(&mut hand, "N PASS");
    assert!(game_error(&hand, Seat(1), TarneebAction::Pass).contains("not the declarer"));

    let mut hand = fresh_hand(&[("zon", "on")], 0);
    act_all(&mut hand, &lines("W BID 7, S BID 13"));
    assert_eq!(hand.game().phase(), Phase::Auction);
    assert_eq!(turn(&hand), Seat(1));
    assert_eq!(legal(&hand), ["PASS", "BID 13Z"]);
}

#[test]
fn au5_illegal_calls() {
    let mut hand = fresh_hand(&[], 0);
    act(&mut hand, "W BID 8").unwrap();
    assert!(rejected(&mut hand, "S BID 8").contains("bid must be higher than 8"));
    rejected(&mut hand, "S BID 7");
    assert!(rejected(&mut hand, "S BID 14").contains("7 to 13"));
    rejected(&mut hand, "S BID 6");
    assert!(rejected(&mut hand, "S BID 9Z").contains("zon"));
    rejected(&mut hand, "E PASS");
    rejected(&mut hand, "S TRUMP H");
    rejected(&mut hand, "S PLAY KS");
    assert_eq!(turn(&hand), Seat(2));
    assert_eq!(legal(&hand), ["PASS", "BID 9", "BID 10", "BID 11", "BID 12", "BID 13"]);
    act_all(&mut hand, &lines("S PASS, E BID 9, N PASS, W BID 10"));
    assert_eq!(turn(&hand), Seat(1), "S has passed and is skipped");
    rejected(&mut hand, "S BID 11");
    assert!(game_error(&hand, Seat(2), TarneebAction::Bid(Bid::plain(11))).contains("S has passed"));
}

#[test]
fn au6_zon_ordering() {
    let mut hand = fresh_hand(&[("zon", "on")], 0);
    act_all(&mut hand, &lines("W BID 8, S BID 8Z"));
    rejected(&mut hand, "E BID 8");
    assert!(rejected(&mut hand, "E BID 8Z").contains("higher than 8Z"));
    act(&mut hand, "E BID 9").unwrap();
    rejected(&mut hand, "N BID 8Z");
    act(&mut hand, "N BID 9Z").unwrap();
}

#[test]
fn au7_overbidding_ones_partner() {
    let mut hand = fresh_hand(&[], 1);
    act_all(&mut hand, &lines("N BID 7, W PASS, S BID 9, E PASS"));
    assert_eq!(turn(&hand), Seat(0));
    act(&mut hand, "N PASS").unwrap();
    assert_eq!(hand.actions_applied(), 5);
    assert_eq!(hand.game().declarer(), Some(Seat(2)));
    assert_eq!(hand.game().contract(), Some(Bid::plain(9)));
}

#[test]
fn au8_complete_zon_auction() {
    let mut hand = new_hand(&[("zon", "on"), ("deal_packets", "1")], 2, &team_scores(30, 36), FH2_DECK);
    act_all(&mut hand, &lines("E BID 7, N PASS, W BID 8Z, S PASS, E BID 9, W BID 9Z, E PASS"));
    assert_eq!(hand.game().phase(), Phase::Play);
    assert_eq!(hand.game().declarer(), Some(Seat(3)));
    assert_eq!(hand.game().contract(), Some(Bid::zon(9)));
    assert_eq!(hand.game().trump(), None);
    assert_eq!(turn(&hand), Seat(3));
    // AU-10, second part
    assert!(rejected(&mut hand, "W TRUMP H").contains("no trump"));
    assert_eq!(legal(&hand).len(), 13);
}

#[test]
fn au9_13z_ends_the_auction() {
    let mut hand = fresh_hand(&[("zon", "on")], 3);
    act(&mut hand, "S BID 13").unwrap();
    assert_eq!(hand.game().phase(), Phase::Auction);
    assert_eq!(turn(&hand), Seat(1));
    act(&mut hand, "E BID 13Z").unwrap();
    assert_eq!(hand.game().phase(), Phase::Play);
    assert_eq!(hand.game().declarer(), Some(Seat(1)));
    assert_eq!(hand.game().contract(), Some(Bid::zon(13)));
    rejected(&mut hand, "N PASS");
    assert!(game_error(&hand, Seat(0), TarneebAction::Pass).contains("not N's turn"));
}

/// Plays the hand to its end choosing the first legal action.
fn finish_first_legal(hand: &mut Hand<Tarneeb>) {
    let mut out = Vec::new();
    while let ToAct::Seat(who) = hand.to_act() {
        hand.legal_actions(&mut out);
        hand.apply(who, out[0]).unwrap();
    }
}

#[test]
fn au11_dealer_rotation() {
    let config = config(&[("first_dealer", "2")]);
    let first = Tarneeb::first_dealer(&config).unwrap();
    let mut game_match = Match::<Tarneeb>::new(config, first);
    let expected = [(2, 1), (1, 0), (0, 3), (3, 2), (2, 1)];
    for (deal, &(dealer, speaker)) in expected.iter().enumerate() {
        let mut hand = game_match.deal(&cards(FH1_DECK)).unwrap();
        assert_eq!(hand.dealer(), Seat(dealer), "deal {}", deal + 1);
        assert_eq!(turn(&hand), Seat(speaker), "deal {}", deal + 1);
        if deal == 0 {
            // Played and scored; no hand can reach 41 from 0.
            act(&mut hand, "E BID 7").unwrap();
            finish_first_legal(&mut hand);
            assert!(Tarneeb::played_out(&hand.outcome().unwrap()));
        } else {
            for _ in 0..4 {
                let who = turn(&hand);
                hand.apply(who, TarneebAction::Pass).unwrap();
            }
        }
        let status = game_match.settle(&hand).unwrap();
        assert!(matches!(status, MatchStatus::Continue { .. }));
    }
}

// ---------------------------------------------------------------------------------------------
// 10.5 tricks and legality

/// A table where each listed card lies in the listed seat's hand (the rest with N).
fn table_with(holdings: &[(Seat, Card)]) -> Table {
    let deck: Vec<Card> = (0..52).map(|index| Card::from_index(index).unwrap()).collect();
    troef_tests::table_with(4, Direction::CounterClockwise, &deck, holdings)
}

fn parse_trick(text: &str) -> Vec<(Seat, Card)> {
    text.split_whitespace()
        .map(|cell| {
            let (who, code) = cell.split_once(':').unwrap();
            (seat(who), card(code))
        })
        .collect()
}

#[test]
fn trick_winner_vectors() {
    let rows = [
        ("T-1", Some(Suit::Hearts), "N:KS W:3S S:AS E:2H", "E"),
        ("T-2", Some(Suit::Hearts), "W:5D S:9D E:2H N:3H", "N"),
        ("T-3", Some(Suit::Spades), "S:4C E:KD N:2C W:3C", "S"),
        ("T-4", None, "E:7H N:AS W:8H S:2H", "W"),
        ("T-5", Some(Suit::Clubs), "N:2C W:AD S:KD E:QD", "N"),
        ("T-6", Some(Suit::Diamonds), "W:AH S:KH E:QH N:JH", "W"),
    ];
    for (id, trump, trick, winner) in rows {
        let plays = parse_trick(trick);
        let mut table = table_with(&plays);
        for (index, &(who, played)) in plays.iter().enumerate() {
            if index > 0 {
                assert_eq!(Direction::CounterClockwise.next(plays[index - 1].0, 4), who, "{id}: order");
            }
            table.play(who, played, None, &mut Events::new()).unwrap();
        }
        assert_eq!(table.trick().winner(trump, &RANK_ORDER), Some(seat(winner)), "{id}");
    }
}

#[test]
fn legality_vectors() {
    // L-1, L-2: hearts led by W; the hand is N's. L-3: empty trick.
    let rows = [
        ("L-1", "AS 7S KH 2H 9D", true, "KH 2H"),
        ("L-2", "AS 7S 9D 4C", true, "AS 7S 9D 4C"),
        ("L-3", "AS 7S 9D 4C", false, "AS 7S 9D 4C"),
    ];
    for (id, hand, hearts_led, expected) in rows {
        let mut holdings: Vec<(Seat, Card)> = cards(hand).into_iter().map(|c| (Seat(0), c)).collect();
        holdings.push((Seat(3), card("AH")));
        let mut table = table_with(&holdings);
        if hearts_led {
            table.play(Seat(3), card("AH"), None, &mut Events::new()).unwrap();
        }
        assert_eq!(legal_plays(set(hand), table.trick()), set(expected), "{id}");
    }
}

// ---------------------------------------------------------------------------------------------
// 10.7 four_hundred

fn fh_outcome(settings: &[(&str, &str)], bids: [u8; 4], tricks: [u8; 4]) -> (TarneebConfig, TarneebOutcome) {
    let config = config(&[&[("ruleset", "four_hundred")], settings].concat());
    let outcome = TarneebOutcome::four_hundred(&config, Seat(0), bids, required_total(&config, 0), tricks);
    (config, outcome)
}

#[test]
fn f1_individual_scoring() {
    // Bids by seat N, E, S, W: N 3, E 4, S 2, W 3; tricks N 3, E 5, S 1, W 4.
    let (config, outcome) = fh_outcome(&[], [3, 4, 2, 3], [3, 5, 1, 4]);
    assert_eq!(outcome.end, HandEnd::Played);
    assert_eq!(Tarneeb::seat_deltas(&config, &outcome), [3, 4, -2, 3]);
    assert_eq!(outcome.team_deltas, [1, 7]);
    // Through the bidding: dealer N, order W, S, E, N; W leads.
    let mut hand = fresh_hand(&[("ruleset", "four_hundred")], 0);
    act_all(&mut hand, &lines("W BID 3, S BID 2, E BID 4, N BID 3"));
    assert_eq!(hand.game().phase(), Phase::Play);
    assert_eq!(hand.game().trump(), Some(Suit::Hearts));
    assert_eq!(turn(&hand), Seat(3));
}

#[test]
fn f2_throw_in() {
    let mut hand = fresh_hand(&[("ruleset", "four_hundred")], 0);
    rejected(&mut hand, "W PASS");
    rejected(&mut hand, "W BID 2Z");
    rejected(&mut hand, "W TRUMP S");
    act_all(&mut hand, &lines("W BID 2, S BID 2, E BID 3, N BID 3"));
    assert_eq!(hand.to_act(), ToAct::HandOver);
    let outcome = hand.outcome().unwrap();
    assert_eq!(Tarneeb::contract_kind(&outcome), "thrown_in");
    let mut scores = TarneebScores::default();
    let status = Tarneeb::settle(hand.config(), &mut scores, Seat(0), &outcome);
    assert_eq!(status, MatchStatus::Continue { next_dealer: Seat(3) });
    assert_eq!(scores, TarneebScores::default());
}

#[test]
fn f3_doubled_bids() {
    let (config, made) = fh_outcome(&[], [7, 1, 1, 1], [8, 1, 2, 2]);
    assert_eq!(made.end, HandEnd::Played, "values 17 ≥ 11");
    assert_eq!(Tarneeb::seat_deltas(&config, &made)[0], 14);
    let (config, failed) = fh_outcome(&[], [7, 1, 1, 1], [6, 2, 2, 3]);
    assert_eq!(Tarneeb::seat_deltas(&config, &failed)[0], -14);
    let mut hand = fresh_hand(&[("ruleset", "four_hundred")], 0);
    act_all(&mut hand, &lines("W BID 1, S BID 1, E BID 1, N BID 7"));
    assert_eq!(hand.game().phase(), Phase::Play);
    let mut hand = fresh_hand(&[("ruleset", "four_hundred"), ("fh_min_bid", "2")], 0);
    assert!(rejected(&mut hand, "W BID 1").contains("from 2 to 13"));
    assert_eq!(legal(&hand)[0], "BID 2");
    assert_eq!(legal(&hand).len(), 12);
}

fn settle_fh(
    settings: &[(&str, &str)],
    before: [i64; 4],
    bids: [u8; 4],
    tricks: [u8; 4],
) -> (TarneebScores, String, MatchStatus) {
    let (config, outcome) = fh_outcome(settings, bids, tricks);
    let mut scores = TarneebScores::from_players(before);
    let status = Tarneeb::settle(&config, &mut scores, Seat(0), &outcome);
    (scores, status_text(&status), status)
}

#[test]
fn f4_f5_f6_match_end() {
    // F-4 (seat order N, E, S, W): before N 38, E 25, S 5, W 20; bids N 4, E 3, S 2, W 3;
    // tricks N 5, E 4, S 1, W 3.
    let (scores, result, _) = settle_fh(&[], [38, 25, 5, 20], [4, 3, 2, 3], [5, 4, 1, 3]);
    assert_eq!(scores.players, [42, 28, 3, 23]);
    assert_eq!(result, "team A wins");
    // F-5: S bid 6 and took 1.
    let (scores, result, status) = settle_fh(&[], [38, 25, 5, 20], [4, 3, 6, 3], [5, 4, 1, 3]);
    assert_eq!(scores.players, [42, 28, -1, 23]);
    assert_eq!(result, "continue");
    assert_eq!(status, MatchStatus::Continue { next_dealer: Seat(3) });
    // F-6: after the hand N 43, S 2, W 41, E 10 (a hand of +3, +4, -2, +3 from 40, 6, 4, 38).
    let (scores, result, _) = settle_fh(&[], [40, 6, 4, 38], [3, 4, 2, 3], [3, 5, 1, 4]);
    assert_eq!(scores.players, [43, 10, 2, 41]);
    assert_eq!(scores.teams, [45, 51]);
    assert_eq!(result, "team B wins");
}

#[test]
fn f7_escalation() {
    let settings = [("ruleset", "four_hundred"), ("fh_escalation", "on")];
    let before = TarneebScores::from_players([12, -4, 20, 47]);
    let mut hand = new_hand(&settings, 2, &before, FH1_DECK);
    assert_eq!([0, 1, 2, 3].map(|s| hand.game().min_bid(Seat(s))), [1, 1, 1, 4]);
    assert_eq!(hand.game().required_total(), 13);
    assert_eq!(turn(&hand), Seat(1));
    act_all(&mut hand, &lines("E BID 3, N BID 2"));
    assert!(rejected(&mut hand, "W BID 3").contains("from 4 to 13"));
    let mut played = hand.clone();
    act_all(&mut hand, &lines("W BID 4, S BID 3"));
    assert_eq!(hand.game().phase(), Phase::Over(HandEnd::ThrownIn));
    act_all(&mut played, &lines("W BID 4, S BID 4"));
    assert_eq!(played.game().phase(), Phase::Play);
    assert_eq!(turn(&played), Seat(1), "E leads");
    // Cap.
    let config = config(&settings);
    assert_eq!(min_bid(&config, 135), 13);
    assert_eq!(min_bid(&config, 152), 13);
    assert_eq!(min_bid(&config, 29), 1);
    assert_eq!(min_bid(&config, 39), 3);
    assert_eq!(required_total(&config, 2000), 104);
    let high = new_hand(&settings, 0, &TarneebScores::from_players([0, 0, 0, 135]), FH1_DECK);
    assert_eq!(legal(&high), ["BID 13"]);
}

// F-8 is a record (vectors/tarneeb/f8*.json).

// ---------------------------------------------------------------------------------------------
// Partial knowledge and the audit

#[test]
fn hidden_hands_defer_the_follow_duty_to_the_audit() {
    let mut full = fresh_hand(&[], 0);
    act_all(&mut full, &lines("W PASS, S BID 7, E BID 8, N PASS, S PASS, E TRUMP H, E PLAY AH, N PLAY 3H"));
    // W holds hearts: JS is a revoke.
    let revoke = card("JS");
    assert!(rejected(&mut full, "W PLAY JS").contains("must follow suit, holds hearts"));
    let mut view = full.view(Viewer::Seat(Seat(0)));
    assert!(!view.table().knows_hand(Seat(3)));
    let slot = full.table().slot_of(revoke).unwrap();
    // Before the card is opened the peer cannot accept it.
    assert!(act(&mut view, "W PLAY JS").is_err());
    view.table_mut().learn(slot, revoke).unwrap();
    act(&mut view, "W PLAY JS").unwrap();
    assert_eq!(view.table().voids(Seat(3)), 1 << Suit::Hearts.index());

    // The audit of a record with that revoke names it.
    let spec = &vector_specs()[0];
    let mut record = build_record(spec);
    record.expect = None;
    let index = record.actions.iter().position(|line| line == "W PLAY 2H").unwrap();
    record.actions[index] = "W PLAY JS".to_string();
    let violations = audit_hand::<Tarneeb>(&record).unwrap();
    assert_eq!(violations[0].action_index, index);
    assert_eq!(violations[0].rule, "must follow suit, holds hearts");
}

#[test]
fn score_sheets_round_trip() {
    let tarneeb = config(&[]);
    let scores = team_scores(6, -8);
    let sheet = Tarneeb::scores_to_sheet(&tarneeb, &scores);
    assert_eq!(sheet, self::sheet(&[("A", 6), ("B", -8)]));
    assert_eq!(Tarneeb::scores_from_sheet(&tarneeb, &sheet).unwrap(), scores);
    assert!(Tarneeb::scores_from_sheet(&tarneeb, &self::sheet(&[("N", 1)])).is_err());
    let fh = config(&[("ruleset", "four_hundred")]);
    let scores = TarneebScores::from_players([41, 12, 5, 34]);
    let sheet = Tarneeb::scores_to_sheet(&fh, &scores);
    assert_eq!(sheet["A"], 46);
    assert_eq!(Tarneeb::scores_from_sheet(&fh, &sheet).unwrap(), scores);
    assert!(Tarneeb::scores_from_sheet(&fh, &self::sheet(&[("N", 1), ("A", 2)])).is_err());
}

#[test]
fn config_keys_match_the_spec() {
    let names: Vec<&str> = Tarneeb::config_keys().iter().map(|key| key.name).collect();
    assert_eq!(
        names,
        [
            "ruleset",
            "target_score",
            "defenders_score_when_made",
            "bid13_made_points",
            "bid13_fail_penalty",
            "kabsh",
            "zon",
            "deal_packets",
            "first_dealer",
            "fh_min_bid",
            "fh_escalation",
            "fh_min_total",
            "fh_target",
            "fh_partner_rule"
        ]
    );
    let defaults = config(&[]);
    assert_eq!(defaults.ruleset, Ruleset::Tarneeb);
    assert_eq!(defaults.target_score, 41);
    assert_eq!(defaults.first_dealer, None);
    assert_eq!(defaults.fh_min_total, 11);
    for bad in [
        ("target_score", "40"),
        ("fh_min_total", "105"),
        ("fh_target", "0"),
        ("deal_packets", "2"),
        ("first_dealer", "4"),
    ] {
        assert!(ConfigValues::validate(Tarneeb::config_keys(), [bad]).is_err(), "{bad:?}");
    }
    assert!(ConfigValues::validate(Tarneeb::config_keys(), [("nope", "1")]).is_err());
    // Keys of the other ruleset are accepted.
    config(&[("ruleset", "four_hundred"), ("zon", "on"), ("kabsh", "on")]);
    config(&[("fh_escalation", "on"), ("fh_min_total", "104")]);
}

// ---------------------------------------------------------------------------------------------
// Random self-play

fn weighted_choice(hand: &Hand<Tarneeb>, actions: &[TarneebAction], rng: &mut ChaCha8Rng) -> TarneebAction {
    let weight = |action: &TarneebAction| hand.game().policy_weight(hand.config(), hand.table(), action);
    let total: u32 = actions.iter().map(weight).sum();
    let mut pick = rng.gen_range(0..total);
    for action in actions {
        let weight = weight(action);
        if pick < weight {
            return *action;
        }
        pick -= weight;
    }
    actions[actions.len() - 1]
}

fn random_hand(config: &TarneebConfig, rng: &mut ChaCha8Rng, check_candidates: bool) -> TarneebOutcome {
    let mut deck: Vec<Card> = Tarneeb::deck(config).iter().collect();
    deck.shuffle(rng);
    let dealer = Seat(rng.gen_range(0..4));
    let mut hand = Hand::<Tarneeb>::from_deck(*config, dealer, &TarneebScores::default(), &deck).unwrap();
    let mut legal = Vec::new();
    let mut candidates = Vec::new();
    while let ToAct::Seat(who) = hand.to_act() {
        hand.legal_actions(&mut legal);
        assert!(!legal.is_empty());
        if check_candidates {
            candidates.clear();
            Tarneeb::candidate_actions(config, hand.table(), who, &mut candidates);
            for action in &candidates {
                let mut copy = hand.clone();
                let accepted = copy.apply(who, *action).is_ok();
                assert_eq!(accepted, legal.contains(action), "{action:?} in {:?}", hand.game().phase());
                if !accepted {
                    assert_eq!(copy, hand, "rejected {action:?} changed the hand");
                }
            }
            for other in (0..4).map(Seat).filter(|&s| s != who) {
                let mut nothing = Vec::new();
                hand.game().legal_actions(config, hand.table(), other, &mut nothing);
                assert!(nothing.is_empty());
            }
        }
        let action = weighted_choice(&hand, &legal, rng);
        hand.apply(who, action).unwrap();
    }
    let outcome = hand.outcome().unwrap();
    let problems = Tarneeb::check_outcome(config, hand.table(), &outcome);
    assert!(problems.is_empty(), "{problems:?}");
    hand.table().check_conservation().unwrap();
    outcome
}

#[test]
fn apply_accepts_exactly_the_legal_actions() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for settings in [vec![], vec![("zon", "on")], vec![("ruleset", "four_hundred")]] {
        let config = config(&settings);
        for _ in 0..150 {
            random_hand(&config, &mut rng, true);
        }
    }
}

fn coverage_configs() -> Vec<Vec<(&'static str, &'static str)>> {
    let mut configs = vec![vec![], vec![("zon", "on")], vec![("zon", "on"), ("kabsh", "on"), ("deal_packets", "1")]];
    for total in ["0", "11", "52", "104"] {
        for min in ["1", "2"] {
            for escalation in ["off", "on"] {
                configs.push(vec![
                    ("ruleset", "four_hundred"),
                    ("fh_min_total", total),
                    ("fh_min_bid", min),
                    ("fh_escalation", escalation),
                ]);
            }
        }
    }
    configs
}

#[test]
fn every_contract_kind_occurs_in_random_play() {
    let mut rng = ChaCha8Rng::seed_from_u64(41);
    for settings in coverage_configs() {
        let config = config(&settings);
        let kinds = Tarneeb::contract_kinds(&config);
        let mut counts: BTreeMap<&str, u32> = kinds.iter().map(|&kind| (kind, 0)).collect();
        let hands = 20_000;
        for _ in 0..hands {
            let outcome = random_hand(&config, &mut rng, false);
            let kind = Tarneeb::contract_kind(&outcome);
            *counts.get_mut(kind).unwrap_or_else(|| panic!("{settings:?}: kind {kind} not listed")) += 1;
        }
        let needed = 10;
        let rare: BTreeSet<_> = counts.iter().filter(|(_, &count)| count < needed).collect();
        assert!(rare.is_empty(), "{settings:?}: {counts:?}");
    }
}

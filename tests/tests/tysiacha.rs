//! Tysiacha: every test vector of section 10 of `../shared/rules/tysiacha.md`.
//!
//! Record vectors (V-03..V-07, V-25..V-28) are JSON hand records in `vectors/tysiacha/`, replayed
//! with their expectations; the steps they reject are checked here against the same deals.
//! Rule-table vectors (V-01, V-02, V-21, V-22, V-23) and settlement vectors (V-08..V-20, V-24)
//! are tables below. Random self-play checks every contract kind, the candidate superset and the
//! partial-knowledge leniency.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeMap;
use std::path::PathBuf;
use troef_core::game::Game;
use troef_core::games::tysiacha::{
    card_points, legal_follows, marriages_in, marriages_value, round_points, settle_hand, trick_winner, HandEnd, Phase,
    Tysiacha, TysiachaAction, TysiachaConfig, TysiachaOutcome, TysiachaScores, DECK,
};
use troef_core::record::{self, HandRecord};
use troef_core::{Card, CardSet, Hand, Match, MatchStatus, Seat, Suit, ToAct, Viewer};

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

fn config(settings: &[(&str, &str)]) -> TysiachaConfig {
    TysiachaConfig::from_settings(settings).expect("valid settings")
}

fn cards(text: &str) -> Vec<Card> {
    text.split_whitespace().filter(|word| *word != "|").map(|code| code.parse().expect("card code")).collect()
}

fn set(text: &str) -> CardSet {
    cards(text).into_iter().collect()
}

fn card(code: &str) -> Card {
    code.parse().expect("card code")
}

fn vectors_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("vectors").join("tysiacha")
}

fn load(name: &str) -> HandRecord {
    let text = std::fs::read_to_string(vectors_dir().join(format!("{name}.json"))).expect("vector file");
    serde_json::from_str(&text).expect("hand record")
}

/// The hand of a record before any action, with the record's config.
fn deal_record(record: &HandRecord, overrides: &[(&str, &str)]) -> Hand<Tysiacha> {
    let mut settings: Vec<(&str, &str)> = record.config.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    settings.extend_from_slice(overrides);
    let config = config(&settings);
    let dealer = Seat(record.dealer);
    let deck = record::deck_from_deal::<Tysiacha>(&Tysiacha::layout(&config, dealer), &record.deal).expect("deal");
    let scores = match &record.scores_before {
        Some(sheet) => Tysiacha::scores_from_sheet(&config, sheet).expect("scores"),
        None => Tysiacha::new_scores(&config),
    };
    Hand::from_deck(config, dealer, &scores, &deck).expect("hand")
}

fn apply(hand: &mut Hand<Tysiacha>, line: &str) -> Result<(), String> {
    let (seat, action) = hand.parse_line(line).map_err(|e| e.to_string())?;
    hand.apply(seat, action).map(|_| ()).map_err(|e| e.to_string())
}

fn ok(hand: &mut Hand<Tysiacha>, line: &str) {
    if let Err(error) = apply(hand, line) {
        panic!("{line}: rejected: {error}");
    }
}

fn ok_all(hand: &mut Hand<Tysiacha>, lines: &[&str]) {
    for line in lines {
        ok(hand, line);
    }
}

/// Asserts `line` is rejected with a message containing `fragment` and changes nothing.
fn rejected(hand: &mut Hand<Tysiacha>, line: &str, fragment: &str) {
    let before = hand.clone();
    match apply(hand, line) {
        Ok(()) => panic!("{line}: accepted, expected a rejection ({fragment})"),
        Err(error) => assert!(error.contains(fragment), "{line}: error {error:?} lacks {fragment:?}"),
    }
    assert_eq!(*hand, before, "{line}: a rejected action changed the state");
}

fn record_actions(record: &HandRecord) -> Vec<&str> {
    record.actions.iter().map(String::as_str).collect()
}

// ---------------------------------------------------------------------------------------------
// Record vectors: every file replays with its expectation
// ---------------------------------------------------------------------------------------------

#[test]
fn every_vector_file_replays_with_its_expectation() {
    let mut names = Vec::new();
    for entry in std::fs::read_dir(vectors_dir()).expect("vectors directory") {
        let path = entry.expect("entry").path();
        if path.extension().and_then(|e| e.to_str()) != Some("json") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("read");
        let record: HandRecord = serde_json::from_str(&text).expect("hand record");
        assert!(record.expect.is_some(), "{path:?} has no expectation");
        let replayed = record::replay_hand::<Tysiacha>(&record).unwrap_or_else(|e| panic!("{path:?}: {e}"));
        let config = *replayed.hand.config();
        let problems = Tysiacha::check_outcome(&config, replayed.hand.table(), &replayed.outcome);
        assert!(problems.is_empty(), "{path:?}: {problems:?}");
        let violations = record::audit_hand::<Tysiacha>(&record).expect("audit");
        assert!(violations.is_empty(), "{path:?}: {violations:?}");
        // The record round-trips through its own notation.
        let formatted: Vec<String> = record
            .actions
            .iter()
            .map(|line| {
                let (seat, action) = troef_core::game::parse_action_line::<Tysiacha>(&config, line).expect("parse");
                Hand::<Tysiacha>::format_line(seat, &action)
            })
            .collect();
        assert_eq!(formatted, record.actions, "{path:?}: notation does not round-trip");
        names.push(path.file_name().unwrap().to_string_lossy().to_string());
    }
    assert_eq!(names.len(), 17, "vector files: {names:?}");
}

/// The deals stored in the records are the spec's deck orders mapped by section 2.5.
#[test]
fn record_deals_are_the_spec_deck_orders_mapped() {
    const V05: &str = "AH KH QH | KD QD AD | TD 9D KC | AS TS 9C JD | TH JH TC 9S | QC JC QS JS | AC KS 9H";
    const V03: &str = "AH KH QH | KD QS AD | TD 9D KC | AS TS 9C JD | TH JH TC 9S | QC JC QD JS | AC KS 9H";
    const V25: &str = "AC KC QC | AH TH KS | AS TS QD | 9S AD TC JC | QS JS TD JD | QH JH 9C 9H | KD KH 9D";
    const V28: &str = "AH KH QH | 9H 9D 9C | TD KD AC | AS TS 9S JD | TH JH AD QD | TC KC QC JC | KS QS JS";
    let cases = [
        ("v03_auction_raise_by_talon", V03),
        ("v04_forced_opening", V05),
        ("v05_full_hand", V05),
        ("v06_declarer_rounding", V05),
        ("v07_rospisat", V05),
        ("v25_four_players", V25),
        ("v26a_deal_3p_dealer_p0", V05),
        ("v26b_deal_4p_sitter_dealer", V05),
        ("v26c_deal_4p_sitter_right", V05),
        ("v26d_deal_4p_sitter_opposite", V05),
        ("v27a_rospisat_before_talon", V05),
        ("v27b_take_then_contract", V05),
        ("v27c_rospisat_off", V05),
        ("v27d_no_raise", V05),
        ("v27e_talon_one_each", V05),
        ("v28a_four_nines_redeal", V28),
        ("v28b_four_nines_play_on", V28),
    ];
    for (name, deck) in cases {
        let record = load(name);
        let hand = deal_record(&record, &[]);
        let layout = Tysiacha::layout(hand.config(), Seat(record.dealer));
        assert_eq!(record::deal_from_deck::<Tysiacha>(&layout, &cards(deck)), record.deal, "{name}");
    }
    // The hands the spec writes out.
    let expect = |name: &str, seat: &str, hand: &str| {
        assert_eq!(load(name).deal[seat], cards(hand), "{name} {seat}");
    };
    expect("v05_full_hand", "P0", "AH KH QH AS TS 9C JD");
    expect("v05_full_hand", "P1", "KD QD AD TH JH TC 9S");
    expect("v05_full_hand", "P2", "TD 9D KC QC JC QS JS");
    expect("v05_full_hand", "talon", "AC KS 9H");
    expect("v03_auction_raise_by_talon", "P1", "KD QS AD TH JH TC 9S");
    expect("v25_four_players", "P0", "AC KC QC 9S AD TC JC");
    expect("v25_four_players", "P1", "AH TH KS QS JS TD JD");
    expect("v25_four_players", "P2", "AS TS QD QH JH 9C 9H");
    expect("v25_four_players", "talon", "KD KH 9D");
    assert!(!load("v25_four_players").deal.contains_key("P3"));
    expect("v28a_four_nines_redeal", "P1", "9H 9D 9C TH JH AD QD");
    expect("v28a_four_nines_redeal", "talon", "KS QS JS");
}

// ---------------------------------------------------------------------------------------------
// V-01, V-02
// ---------------------------------------------------------------------------------------------

#[test]
fn v01_deck_arithmetic() {
    assert_eq!(DECK.len(), 24);
    for suit in Suit::ALL {
        assert_eq!(card_points(DECK.of_suit(suit)), 30, "{suit:?}");
    }
    assert_eq!(card_points(DECK), 120);
    assert_eq!(marriages_value(marriages_in(DECK)), 280);
    assert_eq!(card_points(DECK) + marriages_value(marriages_in(DECK)), 400);
}

#[test]
fn v02_rounding_tables() {
    let round5 = [
        (0, 0),
        (1, 0),
        (2, 0),
        (3, 5),
        (4, 5),
        (5, 5),
        (7, 5),
        (8, 10),
        (12, 10),
        (13, 15),
        (17, 15),
        (18, 20),
        (22, 20),
        (23, 25),
        (39, 40),
        (53, 55),
        (62, 60),
        (63, 65),
        (118, 120),
        (120, 120),
    ];
    for (points, expected) in round5 {
        assert_eq!(round_points(points, 5), expected, "round5({points})");
    }
    for (points, expected) in [(0, 0), (4, 0), (5, 10), (44, 40), (45, 50), (47, 50), (55, 60)] {
        assert_eq!(round_points(points, 10), expected, "round10({points})");
    }
    assert_eq!(round_points(53, 1), 53);
}

// ---------------------------------------------------------------------------------------------
// V-03, V-04
// ---------------------------------------------------------------------------------------------

#[test]
fn v03_auction_legality_and_raise_by_talon() {
    let record = load("v03_auction_raise_by_talon");
    let mut hand = deal_record(&record, &[]);
    rejected(&mut hand, "P0 pass", "open");
    ok(&mut hand, "P0 bid 100");
    rejected(&mut hand, "P1 bid 102", "multiple of 5");
    rejected(&mut hand, "P1 bid 100", "higher than 100");
    rejected(&mut hand, "P1 bid 125", "marriage");
    ok(&mut hand, "P1 bid 120");
    ok(&mut hand, "P2 pass");
    rejected(&mut hand, "P0 bid 120", "higher than 120");
    {
        let mut probe = hand.clone();
        ok(&mut probe, "P0 bid 125"); // P0 holds KH+QH.
    }
    ok(&mut hand, "P0 pass");
    assert_eq!(hand.game().declarer(), Some(Seat(1)));
    assert_eq!(hand.game().high_bid(), 120);
    assert_eq!(hand.game().phase(), Phase::Decision);
    rejected(&mut hand, "P2 bid 125", "turn");
    assert!(hand.table().hand(Seat(1)).contains(card("KS")));
    rejected(&mut hand, "P1 contract 115", "below the bid");
    {
        let mut probe = hand.clone();
        ok(&mut probe, "P1 contract 125"); // The talon's KS completes the spade marriage.
    }
    // Without KS in the talon (swap KS and JS between the talon and P2) 125 is rejected.
    let mut swapped = record.clone();
    swapped.deal.insert("talon".into(), cards("AC JS 9H"));
    swapped.deal.insert("P2".into(), cards("TD 9D KC QC JC QD KS"));
    let mut other = deal_record(&swapped, &[]);
    ok_all(&mut other, &["P0 bid 100", "P1 bid 120", "P2 pass", "P0 pass"]);
    rejected(&mut other, "P1 contract 125", "marriage");
    ok(&mut other, "P1 contract 120");

    // bid_cap = marriages_held: P1 may contract up to 160 after the talon; auction caps 120 / 220.
    let mut capped = deal_record(&record, &[("bid_cap", "marriages_held")]);
    {
        let mut probe = capped.clone();
        ok(&mut probe, "P0 bid 220");
        rejected(&mut probe, "P1 bid 225", "marriage");
        let mut probe = capped.clone();
        rejected(&mut probe, "P0 bid 225", "exceeds 120 + the marriages");
    }
    ok_all(&mut capped, &["P0 bid 100", "P1 bid 120", "P2 pass", "P0 pass"]);
    rejected(&mut capped, "P1 contract 165", "exceeds");
    ok(&mut capped, "P1 contract 160");
    let mut capped_auction = deal_record(&record, &[("bid_cap", "marriages_held")]);
    ok(&mut capped_auction, "P0 bid 100");
    let mut legal = Vec::new();
    capped_auction.legal_actions(&mut legal);
    assert_eq!(legal.last(), Some(&TysiachaAction::Bid(120)), "P1's cap in the auction is 120");

    // bid_step = 10.
    let mut tens = deal_record(&record, &[("bid_step", "10")]);
    ok(&mut tens, "P0 bid 100");
    rejected(&mut tens, "P1 bid 105", "multiple of 10");
    ok(&mut tens, "P1 bid 110");
}

#[test]
fn v04_forced_opening_then_decision() {
    let record = load("v04_forced_opening");
    let mut hand = deal_record(&record, &[]);
    let mut legal = Vec::new();
    hand.legal_actions(&mut legal);
    assert!(!legal.contains(&TysiachaAction::Pass), "eldest cannot pass the opening");
    ok_all(&mut hand, &["P0 bid 100", "P1 pass"]);
    assert_eq!(hand.game().phase(), Phase::Auction);
    ok(&mut hand, "P2 pass");
    assert_eq!(hand.game().declarer(), Some(Seat(0)));
    assert_eq!(hand.game().high_bid(), 100);
    assert_eq!(hand.game().phase(), Phase::Decision);
    assert_eq!(hand.to_act(), ToAct::Seat(Seat(0)));
    let talon = cards("AC KS 9H");
    for &talon_card in &talon {
        let slot = hand.table().slot_of(talon_card).expect("slot");
        assert!(hand.table().is_public(slot), "talon card {talon_card} shown to all");
    }
    assert_eq!(hand.table().hand(Seat(0)).len(), 10);
}

// ---------------------------------------------------------------------------------------------
// V-05 .. V-07: the full hand, its notes and its variants
// ---------------------------------------------------------------------------------------------

#[test]
fn v05_states_along_the_hand() {
    let record = load("v05_full_hand");
    let actions = record_actions(&record);
    let mut hand = deal_record(&record, &[]);
    ok_all(&mut hand, &actions[..9]); // Auction, contract, pass.
    assert_eq!(hand.table().hand(Seat(0)), set("AH KH QH 9H AC AS TS KS"));
    assert_eq!(hand.table().hand(Seat(1)), set("TH JH AD KD QD TC 9C 9S"));
    assert_eq!(hand.table().hand(Seat(2)), set("TD JD 9D KC QC JC QS JS"));
    assert_eq!(hand.to_act(), ToAct::Seat(Seat(0)));
    rejected(&mut hand, "P0 play KH marriage", "first trick");
    ok_all(&mut hand, &actions[9..12]);
    assert_eq!(hand.game().trump(), None);
    // Trick 2: P0 declares hearts; P2 (void, no trump) may play anything.
    ok_all(&mut hand, &actions[12..14]);
    assert_eq!(hand.game().trump(), Some(Suit::Hearts));
    ok(&mut hand, actions[14]);
    // Trick 3: P1 declares diamonds; P0's hearts are plain now, so 9H is legal and loses.
    ok(&mut hand, actions[15]);
    assert_eq!(hand.game().trump(), Some(Suit::Diamonds));
    ok(&mut hand, actions[16]);
    {
        let mut probe = hand.clone();
        ok(&mut probe, "P0 play AC"); // Any card: void in diamonds, no diamond.
    }
    ok(&mut hand, actions[17]);
    assert_eq!(hand.table().last_trick().map(|t| t.leader), Some(Seat(1)));
    assert_eq!(hand.to_act(), ToAct::Seat(Seat(2)), "P2 won trick 3 with TD");
    // Trick 4 (clubs declared), trick 5: P1 must trump with TC, P2 must follow spades.
    ok_all(&mut hand, &actions[18..22]);
    assert_eq!(hand.game().trump(), Some(Suit::Clubs));
    rejected(&mut hand, "P1 play AD", "must play a trump");
    ok(&mut hand, actions[22]);
    rejected(&mut hand, "P2 play KC", "must follow suit, holds spades");
    ok(&mut hand, actions[23]);
    assert_eq!(hand.to_act(), ToAct::Seat(Seat(1)), "P1 won trick 5 with the trump TC");
    ok_all(&mut hand, &actions[24..]);
    let outcome = hand.outcome().expect("over");
    assert_eq!(outcome.card_points[..3], [28, 53, 39]);
    assert_eq!(outcome.marriages[..3], [100, 80, 60]);
    assert!(!outcome.made);
    let config = *hand.config();
    let lines = Tysiacha::breakdown(&config, &outcome);
    assert_eq!(lines[0], "P0 declarer: 28 + 100 = 128 < 130, failed: -130");
    assert_eq!(lines[1], "P1: round5(53) = 55 + 80 = +135");
    assert_eq!(lines[2], "P2: round5(39) = 40 + 60 = +100");
    assert_eq!(Tysiacha::contract_kind(&outcome), "failed");
}

#[test]
fn v06_declarer_rounding_makes_the_contract() {
    let replayed = record::replay_hand::<Tysiacha>(&load("v06_declarer_rounding")).expect("replay");
    assert!(replayed.outcome.made);
    assert_eq!(Tysiacha::contract_kind(&replayed.outcome), "made");
}

#[test]
fn v07_rospisat_reveals_everything_after_the_settlement() {
    let record = load("v07_rospisat");
    let actions = record_actions(&record);
    let mut hand = deal_record(&record, &[]);
    ok_all(&mut hand, &actions[..actions.len() - 1]);
    // Before the concession P1's hand is hidden from P0 and P2.
    let slot = hand.table().slot_of(card("KD")).expect("slot");
    assert!(!hand.table().is_seen_by(slot, Seat(0)));
    ok(&mut hand, "P0 rospisat");
    assert_eq!(hand.to_act(), ToAct::HandOver);
    for slot in 0..24u8 {
        assert!(hand.table().is_public(troef_core::Slot(slot)), "slot {slot} revealed at the end");
    }
    let outcome = hand.outcome().expect("over");
    assert_eq!(outcome.end, HandEnd::Rospisat);
    assert_eq!(Tysiacha::contract_kind(&outcome), "rospisat");
}

// ---------------------------------------------------------------------------------------------
// V-08 .. V-20, V-24: settlement
// ---------------------------------------------------------------------------------------------

type State = (i64, bool, i64);

struct SettleCase {
    id: &'static str,
    settings: &'static [(&'static str, &'static str)],
    dealer: u8,
    start: &'static [State],
    declarer: u8,
    bid: i64,
    /// `None`: rospisat'.
    played: Option<(i64, [i64; 4], [i64; 4])>,
    talon: &'static str,
    raw: &'static [i64],
    after: &'static [State],
    winner: Option<u8>,
}

const OFF: bool = false;
const ON: bool = true;

const SETTLE_CASES: &[SettleCase] = &[
    SettleCase {
        id: "V-08",
        settings: &[],
        dealer: 2,
        start: &[(0, OFF, 0), (0, OFF, 0), (0, OFF, 0)],
        declarer: 0,
        bid: 110,
        played: Some((150, [57, 40, 23, 0], [100, 0, 0, 0])),
        talon: "",
        raw: &[150, 40, 25],
        after: &[(150, OFF, 0), (40, OFF, 0), (25, OFF, 0)],
        winner: None,
    },
    SettleCase {
        id: "V-09",
        settings: &[],
        dealer: 2,
        start: &[(100, OFF, 0), (200, OFF, 0), (300, OFF, 0)],
        declarer: 0,
        bid: 110,
        played: Some((110, [120, 0, 0, 0], [60, 40, 0, 0])),
        talon: "",
        raw: &[110, 40, 0],
        after: &[(210, OFF, 0), (240, OFF, 0), (300, OFF, 0)],
        winner: None,
    },
    SettleCase {
        id: "V-10",
        settings: &[],
        dealer: 2,
        start: &[(500, OFF, 0), (850, OFF, 0), (300, OFF, 0)],
        declarer: 0,
        bid: 100,
        played: Some((100, [75, 45, 0, 0], [0; 4])),
        talon: "",
        raw: &[-100, 45, 0],
        after: &[(400, OFF, 0), (880, ON, 0), (300, OFF, 0)],
        winner: None,
    },
    SettleCase {
        id: "V-12",
        settings: &[],
        dealer: 0,
        start: &[(500, OFF, 0), (880, ON, 1), (300, OFF, 0)],
        declarer: 1,
        bid: 100,
        played: Some((120, [20, 85, 15, 0], [0, 60, 0, 0])),
        talon: "",
        raw: &[20, 120, 15],
        after: &[(520, OFF, 0), (1000, OFF, 0), (315, OFF, 0)],
        winner: Some(1),
    },
    SettleCase {
        id: "V-13",
        settings: &[],
        dealer: 2,
        start: &[(500, OFF, 0), (880, ON, 0), (300, OFF, 0)],
        declarer: 1,
        bid: 125,
        played: Some((125, [20, 100, 0, 0], [0, 40, 0, 0])),
        talon: "",
        raw: &[20, 125, 0],
        after: &[(520, OFF, 0), (760, OFF, 0), (300, OFF, 0)],
        winner: None,
    },
    SettleCase {
        id: "V-14",
        settings: &[],
        dealer: 2,
        start: &[(500, OFF, 0), (880, ON, 2), (300, OFF, 0)],
        declarer: 1,
        bid: 125,
        played: Some((125, [30, 70, 20, 0], [0, 40, 0, 0])),
        talon: "",
        raw: &[30, -125, 20],
        after: &[(530, OFF, 0), (755, OFF, 0), (320, OFF, 0)],
        winner: None,
    },
    SettleCase {
        id: "V-15",
        settings: &[],
        dealer: 2,
        start: &[(500, OFF, 0), (880, ON, 0), (300, OFF, 0)],
        declarer: 1,
        bid: 100,
        played: Some((100, [10, 104, 6, 0], [0; 4])),
        talon: "",
        raw: &[10, 100, 5],
        after: &[(510, OFF, 0), (880, ON, 1), (305, OFF, 0)],
        winner: None,
    },
    SettleCase {
        id: "V-15 (barrel(2))",
        settings: &[],
        dealer: 2,
        start: &[(500, OFF, 0), (880, ON, 2), (300, OFF, 0)],
        declarer: 1,
        bid: 100,
        played: Some((100, [10, 104, 6, 0], [0; 4])),
        talon: "",
        raw: &[10, 100, 5],
        after: &[(510, OFF, 0), (760, OFF, 0), (305, OFF, 0)],
        winner: None,
    },
    SettleCase {
        id: "V-16a",
        settings: &[],
        dealer: 2,
        start: &[(875, OFF, 0), (200, OFF, 0), (300, OFF, 0)],
        declarer: 0,
        bid: 125,
        played: Some((125, [70, 30, 20, 0], [60, 0, 0, 0])),
        talon: "",
        raw: &[125, 30, 20],
        after: &[(1000, OFF, 0), (230, OFF, 0), (320, OFF, 0)],
        winner: Some(0),
    },
    SettleCase {
        id: "V-16b",
        settings: &[],
        dealer: 2,
        start: &[(870, OFF, 0), (200, OFF, 0), (300, OFF, 0)],
        declarer: 0,
        bid: 150,
        played: Some((150, [100, 20, 0, 0], [60, 0, 0, 0])),
        talon: "",
        raw: &[150, 20, 0],
        after: &[(760, OFF, 0), (220, OFF, 0), (300, OFF, 0)],
        winner: None,
    },
    SettleCase {
        id: "V-17a",
        settings: &[],
        dealer: 2,
        start: &[(300, OFF, 0), (870, OFF, 0), (860, OFF, 0)],
        declarer: 0,
        bid: 120,
        played: Some((120, [45, 40, 35, 0], [80, 100, 0, 0])),
        talon: "",
        raw: &[120, 140, 35],
        after: &[(420, OFF, 0), (760, OFF, 0), (880, ON, 0)],
        winner: None,
    },
    SettleCase {
        id: "V-17b",
        settings: &[],
        dealer: 2,
        start: &[(300, OFF, 0), (875, OFF, 0), (100, OFF, 0)],
        declarer: 0,
        bid: 100,
        played: Some((100, [65, 25, 30, 0], [0, 100, 0, 0])),
        talon: "",
        raw: &[-100, 125, 30],
        after: &[(200, OFF, 0), (880, ON, 0), (130, OFF, 0)],
        winner: None,
    },
    SettleCase {
        id: "V-18a",
        settings: &[],
        dealer: 2,
        start: &[(300, OFF, 0), (880, ON, 1), (850, OFF, 0)],
        declarer: 0,
        bid: 115,
        played: None,
        talon: "",
        raw: &[-115, 60, 60],
        after: &[(185, OFF, 0), (880, ON, 2), (880, ON, 0)],
        winner: None,
    },
    SettleCase {
        id: "V-18b",
        settings: &[],
        dealer: 2,
        start: &[(880, ON, 1), (200, OFF, 0), (300, OFF, 0)],
        declarer: 0,
        bid: 100,
        played: None,
        talon: "",
        raw: &[-100, 60, 60],
        after: &[(780, OFF, 0), (260, OFF, 0), (360, OFF, 0)],
        winner: None,
    },
    SettleCase {
        id: "V-19",
        settings: &[],
        dealer: 2,
        start: &[(40, OFF, 0), (0, OFF, 0), (0, OFF, 0)],
        declarer: 0,
        bid: 120,
        played: Some((120, [100, 10, 10, 0], [0; 4])),
        talon: "",
        raw: &[-120, 10, 10],
        after: &[(-80, OFF, 0), (10, OFF, 0), (10, OFF, 0)],
        winner: None,
    },
    SettleCase {
        id: "V-20",
        settings: &[("players", "4")],
        dealer: 3,
        start: &[(200, OFF, 0), (300, OFF, 0), (400, OFF, 0), (880, ON, 1)],
        declarer: 0,
        bid: 100,
        played: Some((100, [110, 5, 5, 0], [0; 4])),
        talon: "",
        raw: &[100, 5, 5, 0],
        after: &[(300, OFF, 0), (305, OFF, 0), (405, OFF, 0), (880, ON, 1)],
        winner: None,
    },
    SettleCase {
        id: "V-24a",
        settings: &[("win_rule", "reach")],
        dealer: 2,
        start: &[(880, ON, 0), (300, OFF, 0), (200, OFF, 0)],
        declarer: 0,
        bid: 140,
        played: Some((140, [100, 20, 0, 0], [40, 0, 0, 0])),
        talon: "",
        raw: &[140, 20, 0],
        after: &[(1020, OFF, 0), (320, OFF, 0), (200, OFF, 0)],
        winner: Some(0),
    },
    SettleCase {
        id: "V-24b",
        settings: &[("win_rule", "reach")],
        dealer: 2,
        start: &[(870, OFF, 0), (870, OFF, 0), (0, OFF, 0)],
        declarer: 0,
        bid: 150,
        played: Some((150, [50, 60, 10, 0], [100, 80, 0, 0])),
        talon: "",
        raw: &[150, 140, 10],
        after: &[(1020, OFF, 0), (880, ON, 0), (10, OFF, 0)],
        winner: Some(0),
    },
    SettleCase {
        id: "V-24c",
        settings: &[("target", "2000")],
        dealer: 2,
        start: &[(1850, OFF, 0), (500, OFF, 0), (300, OFF, 0)],
        declarer: 1,
        bid: 100,
        played: Some((100, [45, 75, 0, 0], [0, 60, 0, 0])),
        talon: "",
        raw: &[45, 100, 0],
        after: &[(1880, ON, 0), (600, OFF, 0), (300, OFF, 0)],
        winner: None,
    },
    SettleCase {
        id: "V-24d",
        settings: &[("barrel", "off")],
        dealer: 2,
        start: &[(900, OFF, 0), (950, OFF, 0), (300, OFF, 0)],
        declarer: 0,
        bid: 100,
        played: Some((100, [60, 60, 0, 0], [40, 0, 0, 0])),
        talon: "",
        raw: &[100, 60, 0],
        after: &[(1000, OFF, 0), (1010, OFF, 0), (300, OFF, 0)],
        winner: Some(0),
    },
    SettleCase {
        id: "V-24e",
        settings: &[("barrel", "off")],
        dealer: 2,
        start: &[(500, OFF, 0), (960, OFF, 0), (990, OFF, 0)],
        declarer: 0,
        bid: 100,
        played: Some((100, [55, 45, 20, 0], [0; 4])),
        talon: "",
        raw: &[-100, 45, 20],
        after: &[(400, OFF, 0), (1005, OFF, 0), (1010, OFF, 0)],
        winner: Some(2),
    },
    SettleCase {
        id: "V-24h (AS AH 9C)",
        settings: &[("players", "4"), ("sitter_bonus", "musik")],
        dealer: 3,
        start: &[(0, OFF, 0), (0, OFF, 0), (0, OFF, 0), (300, OFF, 0)],
        declarer: 0,
        bid: 100,
        played: Some((100, [100, 10, 10, 0], [0; 4])),
        talon: "AS AH 9C",
        raw: &[100, 10, 10, 100],
        after: &[(100, OFF, 0), (10, OFF, 0), (10, OFF, 0), (400, OFF, 0)],
        winner: None,
    },
    SettleCase {
        id: "V-24h (KC QC AD)",
        settings: &[("players", "4"), ("sitter_bonus", "musik")],
        dealer: 3,
        start: &[(0, OFF, 0), (0, OFF, 0), (0, OFF, 0), (300, OFF, 0)],
        declarer: 0,
        bid: 100,
        played: None,
        talon: "KC QC AD",
        raw: &[-100, 60, 60, 110],
        after: &[(-100, OFF, 0), (60, OFF, 0), (60, OFF, 0), (410, OFF, 0)],
        winner: None,
    },
    SettleCase {
        id: "V-24h (barrel, AS AH 9C)",
        settings: &[("players", "4"), ("sitter_bonus", "musik")],
        dealer: 3,
        start: &[(0, OFF, 0), (0, OFF, 0), (0, OFF, 0), (880, ON, 0)],
        declarer: 0,
        bid: 100,
        played: Some((100, [100, 10, 10, 0], [0; 4])),
        talon: "AS AH 9C",
        raw: &[100, 10, 10, 100],
        after: &[(100, OFF, 0), (10, OFF, 0), (10, OFF, 0), (880, ON, 1)],
        winner: None,
    },
    SettleCase {
        id: "V-24h (barrel, KC QC AD)",
        settings: &[("players", "4"), ("sitter_bonus", "musik")],
        dealer: 3,
        start: &[(0, OFF, 0), (0, OFF, 0), (0, OFF, 0), (880, ON, 0)],
        declarer: 0,
        bid: 100,
        played: Some((100, [100, 10, 10, 0], [0; 4])),
        talon: "KC QC AD",
        raw: &[100, 10, 10, 110],
        after: &[(100, OFF, 0), (10, OFF, 0), (10, OFF, 0), (880, ON, 1)],
        winner: None,
    },
];

fn outcome_of(config: &TysiachaConfig, case: &SettleCase) -> TysiachaOutcome {
    let talon = set(case.talon);
    match case.played {
        Some((contract, cp, mar)) => {
            TysiachaOutcome::played(config, Seat(case.dealer), Seat(case.declarer), case.bid, contract, cp, mar, talon)
        }
        None => TysiachaOutcome::rospisat(config, Seat(case.dealer), Seat(case.declarer), case.bid, talon),
    }
}

fn states(scores: &TysiachaScores) -> Vec<State> {
    (0..scores.seats as usize)
        .map(|i| (scores.seat[i].score, scores.seat[i].on_barrel, scores.seat[i].barrel_hands))
        .collect()
}

#[test]
fn settlement_vectors() {
    for case in SETTLE_CASES {
        let config = config(case.settings);
        let outcome = outcome_of(&config, case);
        let mut scores = TysiachaScores::from_states(case.start);
        let settlement = settle_hand(&config, &mut scores, &outcome);
        assert_eq!(&settlement.raw[..case.raw.len()], case.raw, "{}: raw deltas", case.id);
        assert_eq!(&Tysiacha::seat_deltas(&config, &outcome)[..], case.raw, "{}: seat deltas", case.id);
        assert_eq!(states(&scores), case.after, "{}: states after", case.id);
        assert_eq!(settlement.winner, case.winner.map(Seat), "{}: winner", case.id);
        // The Game hook takes the same path.
        let mut again = TysiachaScores::from_states(case.start);
        let status = Tysiacha::settle(&config, &mut again, Seat(case.dealer), &outcome);
        assert_eq!(again, scores, "{}", case.id);
        match (status, case.winner) {
            (MatchStatus::Over { winners, summary }, Some(winner)) => {
                assert_eq!(winners, vec![Seat(winner)], "{}", case.id);
                assert!(summary.starts_with(&format!("P{winner} wins with")), "{}: {summary}", case.id);
            }
            (MatchStatus::Continue { next_dealer }, None) => {
                assert_eq!(next_dealer, Seat((case.dealer + 1) % config.players), "{}", case.id)
            }
            (status, _) => panic!("{}: unexpected status {status:?}", case.id),
        }
    }
}

#[test]
fn v11_three_barrel_hands_as_a_defender() {
    let config = TysiachaConfig::default();
    let mut scores = TysiachaScores::from_states(&[(400, OFF, 0), (880, ON, 0), (300, OFF, 0)]);
    let outcome =
        TysiachaOutcome::played(&config, Seat(2), Seat(0), 100, 100, [75, 30, 15, 0], [60, 40, 0, 0], CardSet::EMPTY);
    let expected: [&[State]; 3] = [
        &[(500, OFF, 0), (880, ON, 1), (315, OFF, 0)],
        &[(600, OFF, 0), (880, ON, 2), (330, OFF, 0)],
        &[(700, OFF, 0), (760, OFF, 0), (345, OFF, 0)],
    ];
    for (number, after) in expected.iter().enumerate() {
        let settlement = settle_hand(&config, &mut scores, &outcome);
        assert_eq!(settlement.raw[1], 70, "hand {}: raw 70 (ignored on the barrel)", number + 1);
        assert_eq!(settlement.applied[1], 0);
        assert_eq!(states(&scores), *after, "hand {}", number + 1);
    }
}

#[test]
fn v24f_zero_penalty_bolts() {
    let config = config(&[("zero_penalty", "on")]);
    let mut scores = TysiachaScores::from_states(&[(300, OFF, 0), (250, OFF, 0), (100, OFF, 0)]);
    scores.seat[1].bolts = 2;
    let outcome = TysiachaOutcome::played(&config, Seat(2), Seat(0), 100, 100, [100, 2, 18, 0], [0; 4], CardSet::EMPTY);
    let settlement = settle_hand(&config, &mut scores, &outcome);
    assert_eq!(settlement.raw[..3], [100, 0, 20]);
    assert_eq!(settlement.applied[1], -120);
    assert_eq!(states(&scores), [(400, OFF, 0), (130, OFF, 0), (120, OFF, 0)]);
    assert_eq!((scores.seat[1].bolts, scores.seat[2].bolts), (3, 0));
    let sheet = Tysiacha::scores_to_sheet(&config, &scores);
    assert_eq!(sheet["P1.bolts"], 3);
}

#[test]
fn v24g_rospisat_every_third() {
    let config = config(&[("rospisat_cost", "every_third")]);
    let outcome = TysiachaOutcome::rospisat(&config, Seat(2), Seat(0), 110, CardSet::EMPTY);
    let mut scores = TysiachaScores::from_states(&[(300, OFF, 0), (0, OFF, 0), (0, OFF, 0)]);
    let settlement = settle_hand(&config, &mut scores, &outcome);
    assert_eq!(settlement.raw[..3], [0, 60, 60]);
    assert_eq!(states(&scores), [(300, OFF, 0), (60, OFF, 0), (60, OFF, 0)]);
    assert_eq!(scores.seat[0].rospisats, 1);
    let mut scores = TysiachaScores::from_states(&[(300, OFF, 0), (0, OFF, 0), (0, OFF, 0)]);
    scores.seat[0].rospisats = 2;
    let settlement = settle_hand(&config, &mut scores, &outcome);
    assert_eq!(settlement.raw[0], -110);
    assert_eq!(scores.seat[0].score, 190);
    assert_eq!(scores.seat[0].rospisats, 3);
    // A free concession on the barrel leaves the declarer at 880 and counts a barrel hand.
    let mut scores = TysiachaScores::from_states(&[(880, ON, 0), (0, OFF, 0), (0, OFF, 0)]);
    settle_hand(&config, &mut scores, &outcome);
    assert_eq!(states(&scores)[0], (880, ON, 1));
}

#[test]
fn v20_and_v25_sitter_is_untouched_and_dealer_rotates() {
    let replayed = record::replay_hand::<Tysiacha>(&load("v25_four_players")).expect("replay");
    assert_eq!(replayed.status, MatchStatus::Continue { next_dealer: Seat(0) });
    assert_eq!(replayed.scores_after.seat[3], replayed.scores_before.seat[3]);
    // Next hand: dealer P0 sits out, eldest P1.
    let config = *replayed.hand.config();
    let next = Hand::<Tysiacha>::from_deck(config, Seat(0), &replayed.scores_after, &DECK.iter().collect::<Vec<_>>())
        .expect("deal");
    assert_eq!(next.to_act(), ToAct::Seat(Seat(1)));
    assert_eq!(next.game().sitter(), Some(Seat(0)));
    assert_eq!(next.table().hand_size(Seat(0)), 0);
}

#[test]
fn score_sheet_round_trip_and_validation() {
    let config = TysiachaConfig::default();
    let scores = TysiachaScores::from_states(&[(880, ON, 2), (-40, OFF, 0), (760, OFF, 0)]);
    let sheet = Tysiacha::scores_to_sheet(&config, &scores);
    assert_eq!(sheet["P0.barrel"], 1);
    assert_eq!(sheet["P0.barrel_hands"], 2);
    assert_eq!(Tysiacha::scores_from_sheet(&config, &sheet).expect("valid"), scores);
    let bad = |entries: &[(&str, i64)]| {
        let sheet: BTreeMap<String, i64> = entries.iter().map(|(k, v)| (k.to_string(), *v)).collect();
        Tysiacha::scores_from_sheet(&config, &sheet).is_err()
    };
    assert!(bad(&[("P0", 500), ("P0.barrel", 1)]), "on the barrel away from 880");
    assert!(bad(&[("P0", 880), ("P0.barrel", 1), ("P0.barrel_hands", 3)]), "counter at the limit");
    assert!(bad(&[("P3", 0)]), "no fourth seat with 3 players");
    assert!(bad(&[("P0.colour", 1)]), "unknown field");
}

// ---------------------------------------------------------------------------------------------
// V-21, V-22: legal cards and trick winners
// ---------------------------------------------------------------------------------------------

#[test]
fn v21_play_legality() {
    struct Case(
        &'static str,
        &'static [(&'static str, &'static str)],
        &'static str,
        Option<Suit>,
        &'static str,
        &'static str,
    );
    let clubs = Some(Suit::Clubs);
    let cases = [
        Case("a", &[], "KD JC", clubs, "KC 9C AH TS", "KC"),
        Case("a'", &[("overtrump_required", "false")], "KD JC", clubs, "KC 9C AH TS", "KC 9C"),
        Case("a''", &[("overtrump_required", "false"), ("must_beat", "true")], "KD JC", clubs, "KC 9C AH TS", "KC 9C"),
        Case("b", &[], "KD AC", clubs, "KC 9C AH", "KC 9C"),
        Case("c", &[], "KD", clubs, "9D AC KS", "9D"),
        Case("d", &[], "AS", None, "KH QH 9D", "KH QH 9D"),
        Case("e", &[], "QH", Some(Suit::Hearts), "AH 9H AS", "AH 9H"),
        Case("e'", &[("must_beat", "true")], "QH", Some(Suit::Hearts), "AH 9H AS", "AH"),
        Case("f", &[], "AS", Some(Suit::Diamonds), "KH QC", "KH QC"),
        Case("g", &[("must_beat", "true")], "KS", None, "AS 9S AH", "AS"),
        Case("h", &[("must_beat", "true")], "KD 9C", clubs, "AD 9D", "AD 9D"),
        Case("i", &[], "QD", Some(Suit::Diamonds), "AH 9H KS", "AH 9H KS"),
    ];
    for Case(id, settings, trick, trump, hand, legal) in cases {
        let config = config(settings);
        assert_eq!(legal_follows(&config, set(hand), &cards(trick), trump), set(legal), "V-21 {id}");
    }
}

#[test]
fn v22_trick_winners() {
    let cases = [
        ("TS AS KS", None, "AS"),
        ("9H AS KD", None, "9H"),
        ("AS 9D KS", Some(Suit::Diamonds), "9D"),
        ("KH TH QH", None, "TH"),
        ("KD JC KC", Some(Suit::Clubs), "KC"),
        ("QD TD 9H", Some(Suit::Diamonds), "TD"),
    ];
    for (trick, trump, winner) in cases {
        let trick = cards(trick);
        assert_eq!(trick[trick_winner(&trick, trump)], card(winner), "{trick:?}");
    }
}

// ---------------------------------------------------------------------------------------------
// V-23: declaring marriages
// ---------------------------------------------------------------------------------------------

const V05_AUCTION: [&str; 8] =
    ["P0 bid 100", "P1 bid 105", "P2 pass", "P0 bid 120", "P1 bid 125", "P0 bid 130", "P1 pass", "P0 contract 130"];

fn v05_hand(overrides: &[(&str, &str)]) -> Hand<Tysiacha> {
    deal_record(&load("v05_full_hand"), overrides)
}

#[test]
fn v23_marriage_declarations() {
    // Trick 1: no declaration by default; a plain lead of the king is fine.
    let mut hand = v05_hand(&[]);
    ok_all(&mut hand, &V05_AUCTION);
    ok(&mut hand, "P0 give 9C>P1 JD>P2");
    rejected(&mut hand, "P0 play KH marriage", "first trick");
    ok(&mut hand, "P0 play KH");
    assert_eq!((hand.game().trump(), hand.game().declared(Seat(0))), (None, 0));

    // marriage_on_first_trick = true: the same lead declares.
    let mut hand = v05_hand(&[("marriage_on_first_trick", "true")]);
    ok_all(&mut hand, &V05_AUCTION);
    ok(&mut hand, "P0 give 9C>P1 JD>P2");
    ok(&mut hand, "P0 play KH marriage");
    assert_eq!(hand.game().trump(), Some(Suit::Hearts));
    assert_eq!(marriages_value(hand.game().declared(Seat(0))), 100);

    // Trick 2: the winner of trick 1 leads QH holding KH and declares.
    let mut hand = v05_hand(&[]);
    ok_all(&mut hand, &V05_AUCTION);
    ok_all(&mut hand, &["P0 give 9C>P1 JD>P2", "P0 play AS", "P1 play 9S", "P2 play QS"]);
    let mut probe = hand.clone();
    ok(&mut probe, "P0 play QH marriage");
    assert_eq!(probe.game().trump(), Some(Suit::Hearts));
    // Leading KH without the word: no points, trump unchanged, hearts lost for this hand.
    ok_all(&mut hand, &["P0 play KH", "P1 play TH", "P2 play 9D"]);
    assert_eq!((hand.game().trump(), hand.game().declared(Seat(0))), (None, 0));
    ok_all(&mut hand, &["P1 play QD marriage", "P2 play TD", "P0 play 9H"]);
    ok_all(&mut hand, &["P2 play QC marriage", "P0 play AC", "P1 play 9C"]);
    assert_eq!(hand.to_act(), ToAct::Seat(Seat(0)));
    rejected(&mut hand, "P0 play QH marriage", "KH in hand");

    // A follower holding K+Q cannot declare (V-25 trick 4: P0 holds KC QC, void in hearts).
    let record = load("v25_four_players");
    let actions = record_actions(&record);
    let mut hand = deal_record(&record, &[]);
    ok_all(&mut hand, &actions[..19]);
    assert_eq!(hand.to_act(), ToAct::Seat(Seat(0)));
    rejected(&mut hand, "P0 play KC marriage", "only the leader");
    ok(&mut hand, "P0 play 9C");

    // A leader whose QH was passed away cannot declare hearts.
    let mut hand = v05_hand(&[]);
    ok_all(&mut hand, &V05_AUCTION);
    ok_all(&mut hand, &["P0 give QH>P1 9C>P2", "P0 play AS", "P1 play 9S", "P2 play JS"]);
    assert_eq!(hand.to_act(), ToAct::Seat(Seat(0)));
    rejected(&mut hand, "P0 play KH marriage", "QH in hand");

    // A defender who received KS and holds QS may declare spades when leading.
    let mut hand = v05_hand(&[]);
    ok_all(&mut hand, &V05_AUCTION);
    ok_all(&mut hand, &["P0 give 9C>P1 KS>P2", "P0 play JD", "P1 play QD", "P2 play TD"]);
    assert_eq!(hand.to_act(), ToAct::Seat(Seat(2)));
    ok(&mut hand, "P2 play KS marriage");
    assert_eq!(hand.game().trump(), Some(Suit::Spades));
    assert_eq!(marriages_value(hand.game().declared(Seat(2))), 40);

    // Points stay with a declarer who loses the trick (V-05 tricks 2 and 3).
    let replayed = record::replay_hand::<Tysiacha>(&load("v05_full_hand")).expect("replay");
    assert_eq!(replayed.outcome.marriages[..3], [100, 80, 60]);
    // V-25: three trump changes D -> H -> S.
    let replayed = record::replay_hand::<Tysiacha>(&load("v25_four_players")).expect("replay");
    assert_eq!(replayed.outcome.marriages[..4], [0, 40, 180, 0]);
    assert_eq!(replayed.outcome.card_points[..4], [25, 39, 56, 0]);
}

// ---------------------------------------------------------------------------------------------
// V-25 .. V-28: rejected steps of the record vectors
// ---------------------------------------------------------------------------------------------

#[test]
fn v25_rejected_steps() {
    let record = load("v25_four_players");
    let actions = record_actions(&record);
    let mut hand = deal_record(&record, &[]);
    assert_eq!(hand.game().sitter(), Some(Seat(3)));
    rejected(&mut hand, "P3 bid 100", "turn");
    ok_all(&mut hand, &actions[..5]);
    rejected(&mut hand, "P2 bid 125", "marriage");
    ok_all(&mut hand, &actions[5..7]);
    assert_eq!(hand.game().declarer(), Some(Seat(2)));
    // The talon is shown to all, the sitter included.
    let slot = hand.table().slot_of(card("KD")).expect("slot");
    assert!(hand.table().is_public(slot));
    ok(&mut hand, actions[7]); // contract 200
    rejected(&mut hand, "P2 give 9C>P3 9H>P1", "one card to each defender, P0 (left) first");
    rejected(&mut hand, "P2 give 9H>P1 9C>P0", "P0 (left) first");
    ok(&mut hand, actions[8]);
    ok_all(&mut hand, &actions[9..17]);
    // Trick 3: P2 must overtrump P1's JD with QD.
    rejected(&mut hand, "P2 play 9D", "must overtrump");
    ok(&mut hand, actions[17]);
    ok_all(&mut hand, &actions[18..23]);
    // Trick 5: diamonds are no longer trump; P1 has no diamond but holds hearts: must trump.
    rejected(&mut hand, "P1 play KS", "must play a trump");
    ok_all(&mut hand, &actions[23..]);
    assert_eq!(hand.to_act(), ToAct::HandOver);
}

#[test]
fn v26_deal_mapping_and_invalid_decks() {
    const V05: &str = "AH KH QH | KD QD AD | TD 9D KC | AS TS 9C JD | TH JH TC 9S | QC JC QS JS | AC KS 9H";
    let (x, y, z) = ("AH KH QH AS TS 9C JD", "KD QD AD TH JH TC 9S", "TD 9D KC QC JC QS JS");
    type MappingCase<'a> = (&'a [(&'a str, &'a str)], u8, [(&'a str, &'a str); 3], Option<&'a str>);
    let cases: [MappingCase; 4] = [
        (&[], 0, [("P1", x), ("P2", y), ("P0", z)], None),
        (&[("players", "4")], 1, [("P2", x), ("P3", y), ("P0", z)], Some("P1")),
        (&[("players", "4"), ("sitter", "right_of_dealer")], 1, [("P2", x), ("P3", y), ("P1", z)], Some("P0")),
        (&[("players", "4"), ("sitter", "opposite_dealer")], 1, [("P2", x), ("P0", y), ("P1", z)], Some("P3")),
    ];
    for (settings, dealer, hands, sitter) in cases {
        let config = config(settings);
        let deal = record::deal_from_deck::<Tysiacha>(&Tysiacha::layout(&config, Seat(dealer)), &cards(V05));
        for (seat, hand) in hands {
            assert_eq!(deal[seat], cards(hand), "{settings:?} {seat}");
        }
        assert_eq!(deal["talon"], cards("AC KS 9H"));
        if let Some(sitter) = sitter {
            assert!(!deal.contains_key(sitter), "{sitter} sits out");
        }
    }
    // (d): the dealer P1 as declarer has L = P2 and R = P0.
    let record = load("v26d_deal_4p_sitter_opposite");
    let mut hand = deal_record(&record, &[]);
    ok_all(&mut hand, &["P2 bid 100", "P0 pass", "P1 bid 105", "P2 pass"]);
    assert_eq!(hand.game().declarer(), Some(Seat(1)));
    assert_eq!((hand.game().left_of(Seat(1)), hand.game().right_of(Seat(1))), (Seat(2), Seat(0)));
    ok(&mut hand, "P1 contract 105");
    rejected(&mut hand, "P1 give TD>P3 9D>P0", "one card to each defender, P2 (left) first, then P0");
    rejected(&mut hand, "P1 give TD>P2 9D>P2", "one card to each defender");
    rejected(&mut hand, "P1 give TD>P2 TD>P0", "two different cards");
    rejected(&mut hand, "P1 give AH>P2 9D>P0", "not in");
    ok(&mut hand, "P1 give TD>P2 9D>P0");
    assert!(hand.table().hand(Seat(2)).contains(card("TD")));
    assert!(hand.table().hand(Seat(0)).contains(card("9D")));
    // Invalid deck orders.
    let config = TysiachaConfig::default();
    let scores = Tysiacha::new_scores(&config);
    let mut repeated = cards(V05);
    repeated[5] = repeated[4];
    let mut foreign = cards(V05);
    foreign[5] = card("8H");
    let short = cards(V05)[..23].to_vec();
    for deck in [repeated, foreign, short] {
        assert!(Hand::<Tysiacha>::from_deck(config, Seat(0), &scores, &deck).is_err(), "{deck:?}");
    }
}

#[test]
fn v27_concession_and_contract_variants() {
    // (a) before_talon: BeforeTalon state; conceding leaves the talon face down until the end.
    let mut hand = v05_hand(&[("rospisat", "before_talon")]);
    ok_all(&mut hand, &V05_AUCTION[..7]);
    assert_eq!(hand.game().phase(), Phase::BeforeTalon);
    let mut legal = Vec::new();
    hand.legal_actions(&mut legal);
    assert_eq!(legal, [TysiachaAction::Rospisat, TysiachaAction::Take]);
    let talon_slot = hand.table().slot_of(card("AC")).expect("slot");
    assert!(!hand.table().is_seen_by(talon_slot, Seat(0)), "the talon is still face down");
    rejected(&mut hand, "P0 contract 130", "take the talon or concede");
    let mut conceded = hand.clone();
    let events = conceded.apply(Seat(0), TysiachaAction::Rospisat).expect("rospisat");
    assert!(events
        .iter()
        .all(|event| !matches!(event, troef_core::Event::Visibility(troef_core::Visibility::ShownToAll { .. }))));
    assert!(conceded.table().is_public(talon_slot), "opened by the end-of-hand reveal");
    // (b) take: the talon is shown and taken; conceding is over.
    ok(&mut hand, "P0 take");
    assert!(hand.table().is_public(talon_slot));
    assert_eq!(hand.table().hand(Seat(0)).len(), 10);
    rejected(&mut hand, "P0 rospisat", "before taking the talon");
    ok(&mut hand, "P0 contract 130");
    // (c) rospisat = off.
    let mut hand = v05_hand(&[("rospisat", "off")]);
    ok_all(&mut hand, &V05_AUCTION[..7]);
    rejected(&mut hand, "P0 rospisat", "not allowed");
    // (d) raise_allowed = false.
    let mut hand = v05_hand(&[("raise_allowed", "false")]);
    ok_all(&mut hand, &V05_AUCTION[..7]);
    rejected(&mut hand, "P0 contract 135", "raising");
    ok(&mut hand, "P0 contract 130");
    // (e) one_each: AC to P0, KS to P1 (L), 9H to P2 (R), privately; no pass.
    let mut hand = v05_hand(&[("talon_distribution", "one_each")]);
    ok_all(&mut hand, &V05_AUCTION[..7]);
    assert_eq!(hand.table().hand(Seat(0)), set("AH KH QH AS TS 9C JD AC"));
    assert_eq!(hand.table().hand(Seat(1)), set("KD QD AD TH JH TC 9S KS"));
    assert_eq!(hand.table().hand(Seat(2)), set("TD 9D KC QC JC QS JS 9H"));
    let ks = hand.table().slot_of(card("KS")).expect("slot");
    assert!(hand.table().is_seen_by(ks, Seat(1)) && !hand.table().is_seen_by(ks, Seat(0)));
    ok(&mut hand, "P0 contract 130");
    rejected(&mut hand, "P0 give 9C>P1 JD>P2", "play a card");
    assert_eq!(hand.game().phase(), Phase::Play);
    assert_eq!(hand.to_act(), ToAct::Seat(Seat(0)));
}

#[test]
fn v28_four_nines() {
    let record = load("v28a_four_nines_redeal");
    let mut hand = deal_record(&record, &[]);
    ok_all(&mut hand, &record_actions(&record)[..5]);
    assert_eq!(hand.table().hand(Seat(1)), set("9H 9D 9C TH JH AD QD 9S"));
    assert_eq!(hand.game().phase(), Phase::FourNines);
    assert_eq!(hand.game().four_nines_holder(), Some(Seat(1)));
    assert_eq!(hand.to_act(), ToAct::Seat(Seat(1)));
    let mut legal = Vec::new();
    hand.legal_actions(&mut legal);
    assert_eq!(legal, [TysiachaAction::Redeal, TysiachaAction::PlayOn]);
    rejected(&mut hand, "P0 play AH", "turn");
    rejected(&mut hand, "P1 play 9H", "redeal or play_on");
    let mut annulled = hand.clone();
    ok(&mut annulled, "P1 redeal");
    let outcome = annulled.outcome().expect("over");
    assert_eq!(Tysiacha::contract_kind(&outcome), "redeal");
    assert!(!Tysiacha::played_out(&outcome));
    ok(&mut hand, "P1 play_on");
    assert_eq!(hand.to_act(), ToAct::Seat(Seat(0)));
    // Default: no FourNines state.
    let mut plain = deal_record(&record, &[("four_nines_redeal", "off")]);
    ok_all(&mut plain, &record_actions(&record)[..5]);
    assert_eq!(plain.game().phase(), Phase::Play);
    assert_eq!(plain.to_act(), ToAct::Seat(Seat(0)));
    rejected(&mut plain, "P1 redeal", "turn");
    // A redeal through a match: same dealer, nothing changes.
    let replayed = record::replay_hand::<Tysiacha>(&record).expect("replay");
    assert_eq!(replayed.status, MatchStatus::Continue { next_dealer: Seat(2) });
    assert_eq!(replayed.scores_after, replayed.scores_before);
}

// ---------------------------------------------------------------------------------------------
// Notation, config, contract kinds
// ---------------------------------------------------------------------------------------------

#[test]
fn notation_parses_and_rejects() {
    let defaults = TysiachaConfig::default();
    let parse = |text: &str| Tysiacha::parse_action(&defaults, text);
    assert_eq!(parse("bid 100"), Ok(TysiachaAction::Bid(100)));
    assert_eq!(parse("PLAY kh Marriage"), Ok(TysiachaAction::Play { card: card("KH"), marriage: true }));
    assert_eq!(
        parse("give 9C>P1 JD>P2"),
        Ok(TysiachaAction::Give { cards: [card("9C"), card("JD")], to: [Seat(1), Seat(2)] })
    );
    assert_eq!(parse("play_on"), Ok(TysiachaAction::PlayOn));
    for bad in [
        "",
        "bid",
        "bid x",
        "bid 100 5",
        "play",
        "play XX",
        "play KH wedding",
        "give 9C>P1",
        "give 9C>P7 JD>P2",
        "jump",
    ] {
        assert!(parse(bad).is_err(), "{bad:?} should not parse");
    }
    let keys = Tysiacha::config_keys();
    assert_eq!(keys.len(), 24);
    assert!(TysiachaConfig::from_settings(&[("polish_bomb", "on")]).is_err());
    assert!(TysiachaConfig::from_settings(&[("barrel_hand_limit", "0")]).is_err());
    assert!(TysiachaConfig::from_settings(&[("rospisat_defender_points", "62")]).is_err());
    assert_eq!(Tysiacha::seat_count(&config(&[("players", "4")])), 4);
    assert_eq!(Tysiacha::contract_kinds(&defaults), ["made", "failed", "rospisat"]);
    assert_eq!(Tysiacha::contract_kinds(&config(&[("rospisat", "off")])), ["made", "failed"]);
    assert_eq!(
        Tysiacha::contract_kinds(&config(&[("four_nines_redeal", "on")])),
        ["made", "failed", "rospisat", "redeal"]
    );
}

// ---------------------------------------------------------------------------------------------
// Random self-play
// ---------------------------------------------------------------------------------------------

fn pick(rng: &mut ChaCha8Rng, hand: &Hand<Tysiacha>, legal: &[TysiachaAction]) -> TysiachaAction {
    let weights: Vec<u32> =
        legal.iter().map(|action| hand.game().policy_weight(hand.config(), hand.table(), action)).collect();
    let total: u32 = weights.iter().sum();
    let mut roll = rng.gen_range(0..total);
    for (action, weight) in legal.iter().zip(weights) {
        if roll < weight {
            return *action;
        }
        roll -= weight;
    }
    legal[legal.len() - 1]
}

/// Plays `hands` random hands through matches; returns how often each contract kind occurred.
fn self_play(
    settings: &[(&str, &str)],
    hands: usize,
    seed: u64,
    conformance_every: usize,
) -> BTreeMap<&'static str, usize> {
    let values = troef_core::ConfigValues::validate(Tysiacha::config_keys(), settings.iter().copied()).expect("config");
    let config = Tysiacha::config(&values);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut kinds: BTreeMap<&'static str, usize> = BTreeMap::new();
    let mut game_match = Match::<Tysiacha>::new(config, Seat(0));
    let mut deck: Vec<Card> = DECK.iter().collect();
    let mut legal = Vec::new();
    let mut candidates = Vec::new();
    for number in 0..hands {
        if game_match.is_over() {
            game_match = Match::new(config, Seat(rng.gen_range(0..config.players)));
        }
        deck.shuffle(&mut rng);
        let mut hand = game_match.deal(&deck).expect("deal");
        let check = conformance_every > 0 && number % conformance_every == 0;
        let mut actions = Vec::new();
        while let ToAct::Seat(seat) = hand.to_act() {
            hand.legal_actions(&mut legal);
            assert!(!legal.is_empty(), "no legal action for {seat:?} in {:?}", hand.game().phase());
            if check {
                candidates.clear();
                Tysiacha::candidate_actions(hand.config(), hand.table(), seat, &mut candidates);
                for candidate in &candidates {
                    let mut probe = hand.clone();
                    let accepted = probe.apply(seat, *candidate).is_ok();
                    assert_eq!(accepted, legal.contains(candidate), "{candidate:?} in {:?}", hand.game().phase());
                    if !accepted {
                        assert_eq!(probe, hand, "a rejected {candidate:?} changed the state");
                    }
                }
                for action in &legal {
                    assert!(candidates.contains(action), "{action:?} missing from the candidates");
                }
                // A peer that does not know this seat's cards accepts the legal action too.
                let viewer = Seat((seat.0 + 1) % config.players);
                let mut peer = hand.view(Viewer::Seat(viewer));
                let action = legal[0];
                if let TysiachaAction::Play { card, .. } = action {
                    let slot = hand.table().slot_of(card).expect("slot");
                    peer.table_mut().learn(slot, card).expect("learn");
                    assert!(peer.apply(seat, action).is_ok(), "peer rejects {action:?}");
                }
            }
            let action = pick(&mut rng, &hand, &legal);
            actions.push(Hand::<Tysiacha>::format_line(seat, &action));
            hand.apply(seat, action).expect("legal action applies");
        }
        let outcome = hand.outcome().expect("outcome");
        let problems = Tysiacha::check_outcome(&config, hand.table(), &outcome);
        assert!(problems.is_empty(), "{problems:?}");
        *kinds.entry(Tysiacha::contract_kind(&outcome)).or_default() += 1;
        if check {
            let before = Tysiacha::scores_to_sheet(&config, game_match.scores());
            let record = record::hand_record::<Tysiacha>(&values, hand.dealer(), &deck, Some(before), actions);
            let replayed = record::replay_hand::<Tysiacha>(&record).expect("record replays");
            assert_eq!(replayed.outcome, outcome);
        }
        game_match.settle(&hand).expect("settle");
    }
    kinds
}

const CONFIGS: &[&[(&str, &str)]] = &[
    &[],
    &[("four_nines_redeal", "on")],
    &[("players", "4"), ("sitter_bonus", "musik"), ("four_nines_redeal", "on")],
    &[("players", "4"), ("sitter", "right_of_dealer")],
    &[("players", "4"), ("sitter", "opposite_dealer"), ("talon_visibility", "closed")],
    &[("rospisat", "before_talon"), ("talon_visibility", "open_before_auction")],
    &[("rospisat", "off"), ("four_nines_redeal", "on")],
    &[("talon_distribution", "one_each"), ("four_nines_redeal", "on")],
    &[("talon_distribution", "one_each"), ("rospisat", "before_talon"), ("players", "4"), ("sitter_bonus", "musik")],
    &[("bid_step", "10"), ("bid_cap", "marriages_held"), ("raise_allowed", "false")],
    &[("marriage_needed_above_120", "false"), ("marriage_on_first_trick", "true")],
    &[("overtrump_required", "false"), ("must_beat", "true")],
    &[("defender_rounding", "10"), ("declarer_rounding", "same_as_defender"), ("zero_penalty", "on")],
    &[("defender_rounding", "1"), ("rospisat_cost", "every_third"), ("rospisat_defender_points", "0")],
    &[("win_rule", "reach"), ("target", "2000"), ("barrel_hand_limit", "1")],
    &[("barrel", "off"), ("target", "3000")],
];

#[test]
fn random_self_play_reaches_every_contract_kind() {
    for (index, settings) in CONFIGS.iter().enumerate() {
        let config = config(settings);
        let hands = if index < 2 { 20_000 } else { 5_000 };
        let kinds = self_play(settings, hands, 7 + index as u64, 500);
        for kind in Tysiacha::contract_kinds(&config) {
            let count = kinds.get(kind).copied().unwrap_or(0);
            assert!(count >= 10, "{settings:?}: {kind} occurred {count} times in {hands} hands ({kinds:?})");
        }
        println!("{settings:?}: {kinds:?}");
    }
}

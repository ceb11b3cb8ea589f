//! Rikken: the test vectors of `../shared/rules/rikken.md` section 10, plus random self-play
//! checks (apply accepts exactly the legal actions, illegal actions change nothing, every
//! contract kind occurs), the audit (false blind call, a bid that needed the hidden hand, a
//! revoke) and the Rikken-specific properties (zero-sum deals, the blind lead turned before the
//! trick is gathered, the called card on the first trick of its suit).
//!
//! Replay vectors live as hand records in `vectors/rikken/*.json`; they are written by the test
//! `vector_records_match_the_spec_data` (run it with `TROEF_BLESS=1` to rewrite them) from the
//! spec's data typed in below, and `vector_records_replay` replays every file there. Scoring,
//! auction and position vectors are table-driven tests.
//!
//! The joker variant's vectors (T25's joker deal, T29, T30, T35) are record files too, on deals
//! built below around the cards each vector names; the shuffle modes' gathering order is checked
//! on the replay vectors' records.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::{BTreeMap, BTreeSet};
use troef_core::games::rikken::{
    call_candidates, legal_cards, rules, score, Contract, PassGame, Phase, PlayRules, Rikken, RikkenAction,
    RikkenConfig, RikkenOutcome, RikkenScores, ScoreInput,
};
use troef_core::record::{audit_hand, deck_from_deal, hand_record, Expectation, HandRecord};
use troef_core::{
    Card, CardSet, ConfigValues, Direction, Event, Events, Game, Hand, Place, ScoreSheet, Seat, Suit, Table, ToAct,
    Visibility,
};
use troef_tests::{card, cards, set};

const VECTOR_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/vectors/rikken");

/// The spec's shared Deal A and Deal B, hands P0..P3 as dealt.
const DEAL_A: [&str; 4] = [
    "AC KC QC 7C 5C 3C AS JS 9S 4S 2S AH 3H",
    "KD QD JD TD 9D 4D KH QH JH TH 9H KS QS",
    "AD 8D 7D 6D 5D 3D 2D 8H 7H 6H 5H 4H 2H",
    "JC TC 9C 8C 6C 4C 2C TS 8S 7S 6S 5S 3S",
];
const DEAL_B: [&str; 4] = [
    "QC 9C 6C 3C QD 9D 6D AH JH 8H 5H 5S 2S",
    "AS KS QS JS TS 9S 8S 7S 6S 5D 4D 3H 2C",
    "AC JC 8C 5C AD JD 8D 3D KH TH 7H 4H 4S",
    "KC TC 7C 4C KD TD 7D 2D QH 9H 6H 2H 3S",
];

/// T17 tricks 2..13 on Deal A, leader first.
const T17_TRICKS: [&str; 12] = [
    "P3:JC P0:QC P1:9D P2:2D",
    "P0:AS P1:QS P2:2H P3:3S",
    "P0:AC P1:9H P2:3D P3:4C",
    "P0:KC P1:TD P2:4H P3:6C",
    "P0:JS P1:KS P2:5D P3:5S",
    "P1:KH P2:5H P3:8C P0:AH",
    "P3:TS P0:2S P1:TH P2:6D",
    "P3:8S P0:9S P1:JD P2:6H",
    "P0:7C P1:JH P2:7D P3:9C",
    "P3:7S P0:4S P1:QD P2:7H",
    "P3:TC P0:3C P1:QH P2:8D",
    "P3:6S P0:5C P1:KD P2:8H",
];
const T17_WINNERS: &str = "P3 P0 P0 P0 P0 P1 P3 P3 P0 P3 P3 P3 P0";

// ---------------------------------------------------------------------------------------------
// Helpers

fn values(settings: &[(&str, &str)]) -> ConfigValues {
    ConfigValues::validate(Rikken::config_keys(), settings.iter().copied()).expect("valid settings")
}

fn config(settings: &[(&str, &str)]) -> RikkenConfig {
    Rikken::config(&values(settings))
}

fn lines(text: &str) -> Vec<String> {
    text.split(',').map(|line| line.trim().to_string()).filter(|line| !line.is_empty()).collect()
}

fn play_lines(tricks: &[&str]) -> Vec<String> {
    tricks
        .iter()
        .flat_map(|row| row.split_whitespace())
        .map(|cell| {
            let (who, code) = cell.split_once(':').expect("seat:card");
            format!("{who} play {code}")
        })
        .collect()
}

/// The deck order that deals `hands` (P0..P3) for this dealer and config.
fn deck_for(hands: &[&str; 4], dealer: u8, settings: &[(&str, &str)]) -> Vec<Card> {
    deck_with_centre(hands, None, dealer, settings)
}

/// The deck order that deals `hands` and, in the joker variant, the centre card `d52`.
fn deck_with_centre(hands: &[&str; 4], centre: Option<&str>, dealer: u8, settings: &[(&str, &str)]) -> Vec<Card> {
    let layout = Rikken::layout(&config(settings), Seat(dealer));
    let mut deal: BTreeMap<String, Vec<Card>> = (0..4).map(|seat| (format!("P{seat}"), cards(hands[seat]))).collect();
    if let Some(centre) = centre {
        deal.insert(troef_core::record::OUT_OF_PLAY.to_string(), cards(centre));
    }
    deck_from_deal::<Rikken>(&layout, &deal).expect("13 cards each")
}

const JOKER: (&str, &str) = ("joker", "true");

/// A joker deal: each seat's listed cards and the centre card, the other cards of the 53 given in
/// index order, each to the first seat that still needs cards and `may_hold` it.
fn joker_deal(fixed: [&str; 4], centre: &str, may_hold: impl Fn(usize, Card) -> bool) -> ([String; 4], String) {
    let mut hands: Vec<Vec<Card>> = fixed.iter().map(|text| cards(text)).collect();
    let mut used: CardSet = hands.iter().flatten().copied().collect();
    used.insert(card(centre));
    for next in rules::joker_deck().difference(used) {
        let seat = (0..4).find(|&seat| hands[seat].len() < 13 && may_hold(seat, next)).expect("a seat for the card");
        hands[seat].push(next);
    }
    let text = |cards: &[Card]| cards.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" ");
    ([text(&hands[0]), text(&hands[1]), text(&hands[2]), text(&hands[3])], centre.to_string())
}

fn refs(hands: &[String; 4]) -> [&str; 4] {
    [hands[0].as_str(), hands[1].as_str(), hands[2].as_str(), hands[3].as_str()]
}

/// A joker hand (`joker = true` and `settings`) of `deal`.
fn joker_hand(deal: &([String; 4], String), dealer: u8, settings: &[(&str, &str)]) -> Hand<Rikken> {
    let mut all = vec![JOKER];
    all.extend_from_slice(settings);
    let deck = deck_with_centre(&refs(&deal.0), Some(&deal.1), dealer, &all);
    Hand::from_deck(config(&all), Seat(dealer), &RikkenScores::default(), &deck).expect("hand")
}

/// T29 (a): P1 follows a club lead with the joker, P3 is void in clubs.
fn t29_misere_deal() -> ([String; 4], String) {
    joker_deal(["2C", "JK", "3C", "AH"], "9H", |seat, card| seat != 3 || rules::suit_of(card) != Suit::Clubs)
}

/// T29 (b): P1 is void in diamonds and holds the joker.
fn t29_trump_deal() -> ([String; 4], String) {
    joker_deal(["KD", "JK", "AD", "5D"], "9H", |seat, card| seat != 1 || card.suit() != Some(Suit::Diamonds))
}

const T30_HAND: &str = "AC AD AH KC KD KH QH TH 8H TD 6D 5D 6C";

/// T30: P0 void in spades, the ace of spades in the centre.
fn t30_deal() -> ([String; 4], String) {
    joker_deal([T30_HAND, "", "", ""], "AS", |_, _| true)
}

const T35_HAND: &str = "KH QH JH TH 9H 8H 7H AS KS QS JS TS 2C";

/// T35: P0's only hearts call is the ace of clubs, through his single club; `3H` in the centre.
fn t35_deal() -> ([String; 4], String) {
    joker_deal([T35_HAND, "", "", ""], "3H", |_, _| true)
}

fn new_hand(hands: &[&str; 4], dealer: u8, settings: &[(&str, &str)]) -> Hand<Rikken> {
    Hand::from_deck(config(settings), Seat(dealer), &RikkenScores::default(), &deck_for(hands, dealer, settings))
        .expect("hand")
}

/// A deal where P0 holds `hand` and the other seats the rest of the deck, in deck order.
fn deal_with_p0(hand: &str) -> [String; 4] {
    let own = set(hand);
    let rest: Vec<Card> = (0..52).map(|index| Card::from_index(index).unwrap()).filter(|c| !own.contains(*c)).collect();
    let text = |cards: &[Card]| cards.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" ");
    [hand.to_string(), text(&rest[0..13]), text(&rest[13..26]), text(&rest[26..39])]
}

fn hand_of(deal: &[String; 4], dealer: u8, settings: &[(&str, &str)]) -> Hand<Rikken> {
    let hands = [deal[0].as_str(), deal[1].as_str(), deal[2].as_str(), deal[3].as_str()];
    new_hand(&hands, dealer, settings)
}

fn act(hand: &mut Hand<Rikken>, line: &str) -> Result<Events, String> {
    let (who, action) = hand.parse_line(line).map_err(|e| e.to_string())?;
    hand.apply(who, action).map_err(|e| e.to_string())
}

fn act_all(hand: &mut Hand<Rikken>, actions: &[String]) {
    for line in actions {
        act(hand, line).unwrap_or_else(|error| panic!("{line}: {error}"));
    }
}

/// Applies an illegal line and checks that it fails and leaves the hand exactly unchanged.
fn rejected(hand: &mut Hand<Rikken>, line: &str) -> String {
    let before = hand.clone();
    let error = act(hand, line).expect_err(line);
    assert_eq!(*hand, before, "{line} changed the hand");
    error
}

fn legal(hand: &Hand<Rikken>) -> Vec<String> {
    let mut out = Vec::new();
    hand.legal_actions(&mut out);
    out.iter().map(Rikken::format_action).collect()
}

/// The cards of the legal `play` actions.
fn legal_plays(hand: &Hand<Rikken>) -> CardSet {
    let mut out = Vec::new();
    hand.legal_actions(&mut out);
    out.iter()
        .filter_map(|action| match action {
            RikkenAction::Play(card) => Some(*card),
            _ => None,
        })
        .collect()
}

fn turn(hand: &Hand<Rikken>) -> Option<Seat> {
    match hand.to_act() {
        ToAct::Seat(seat) => Some(seat),
        ToAct::HandOver => None,
    }
}

/// Plays the first legal action (a card when there is one) until the hand is over; returns the
/// lines played.
fn finish_first_legal(hand: &mut Hand<Rikken>) -> Vec<String> {
    let mut played = Vec::new();
    let mut legal = Vec::new();
    while let Some(seat) = turn(hand) {
        hand.legal_actions(&mut legal);
        let action = legal.iter().copied().find(|a| matches!(a, RikkenAction::Play(_))).unwrap_or(legal[0]);
        played.push(Hand::<Rikken>::format_line(seat, &action));
        hand.apply(seat, action).unwrap();
    }
    played
}

fn deltas(hand: &Hand<Rikken>) -> [i64; 4] {
    hand.outcome().expect("over").deltas
}

// ---------------------------------------------------------------------------------------------
// Replay vectors as record files

struct VectorSpec {
    file: &'static str,
    settings: Vec<(&'static str, &'static str)>,
    dealer: u8,
    hands: [String; 4],
    /// The joker variant's centre card `d52`.
    centre: Option<String>,
    /// The spec's actions; when the spec stops before the end of the deal, the rest is played
    /// with the first legal card (`complete`).
    actions: Vec<String>,
    complete: bool,
    /// The spec's deltas, when it gives them.
    deltas: Option<[i64; 4]>,
}

fn vector_specs() -> Vec<VectorSpec> {
    let mut t17 = lines(
        "P0 bid rik, P1 pass, P2 pass, P3 pass, P0 trump C, P0 call AD blind, \
         P0 lead_face_down 3H, P1 play 4D, P2 play AD, P3 play 2C",
    );
    t17.extend(play_lines(&T17_TRICKS));
    vec![
        VectorSpec {
            file: "t15_auction_misere_joined.json",
            settings: vec![],
            dealer: 3,
            hands: DEAL_A.map(String::from),
            centre: None,
            actions: lines(
                "P0 bid rik, P1 bid rik_beter, P2 bid alleen_8, P3 bid piek, P0 bid alleen_9, P1 pass, \
                 P2 bid misere, P3 join, P0 pass",
            ),
            complete: true,
            deltas: None,
        },
        VectorSpec {
            file: "t15_all_pass_schoppenmie.json",
            settings: vec![],
            dealer: 3,
            hands: DEAL_A.map(String::from),
            centre: None,
            actions: lines("P0 pass, P1 pass, P2 pass, P3 pass"),
            complete: true,
            deltas: None,
        },
        VectorSpec {
            file: "t17_blind_call_and_lead.json",
            settings: vec![],
            dealer: 3,
            hands: DEAL_A.map(String::from),
            centre: None,
            actions: t17,
            complete: false,
            deltas: Some([-20, 10, 0, 10]),
        },
        VectorSpec {
            file: "t21a_claim_accepted.json",
            settings: vec![],
            dealer: 0,
            hands: DEAL_B.map(String::from),
            centre: None,
            actions: lines(
                "P1 bid alleen_9, P2 pass, P3 pass, P0 pass, P1 trump S, P1 claim 9, P2 accept, P3 accept, \
                 P0 accept",
            ),
            complete: false,
            deltas: Some([-15, 45, -15, -15]),
        },
        VectorSpec {
            file: "t21b_claim_rejected.json",
            settings: vec![],
            dealer: 0,
            hands: DEAL_B.map(String::from),
            centre: None,
            actions: lines("P1 bid alleen_9, P2 pass, P3 pass, P0 pass, P1 trump S, P1 claim 9, P2 reject"),
            complete: true,
            deltas: None,
        },
        VectorSpec {
            file: "t22_schoppenmie_first_trick.json",
            settings: vec![],
            dealer: 3,
            hands: DEAL_A.map(String::from),
            centre: None,
            actions: lines("P0 pass, P1 pass, P2 pass, P3 pass, P0 play AH, P1 play KH, P2 play 8H, P3 play JC"),
            complete: true,
            deltas: None,
        },
        VectorSpec {
            file: "t26_open_piek.json",
            settings: vec![],
            dealer: 3,
            hands: DEAL_A.map(String::from),
            centre: None,
            actions: lines(
                "P0 pass, P1 pass, P2 bid open_piek, P3 pass, P0 play 3H, P1 play KH, P2 play 2H, P3 play 2C, \
                 P1 play 4D",
            ),
            complete: true,
            deltas: None,
        },
        VectorSpec {
            file: "t26_open_piek_reveal_after_4.json",
            settings: vec![("open_reveal_after_card", "4")],
            dealer: 3,
            hands: DEAL_A.map(String::from),
            centre: None,
            actions: lines(
                "P0 pass, P1 pass, P2 bid open_piek, P3 pass, P0 play 3H, P1 play KH, P2 play 2H, P3 play 2C",
            ),
            complete: true,
            deltas: None,
        },
        joker_spec(
            // T25's joker deal: Deal A with d52, the joker, in the centre. P0 takes it for 2S and
            // calls blind, as in T17.
            "t25_joker_deal_a_exchange.json",
            vec![],
            3,
            (DEAL_A.map(String::from), "JK".to_string()),
            "P0 bid rik, P1 pass, P2 pass, P3 pass, P0 exchange 2S, P0 trump C, P0 call AD blind",
            true,
            None,
        ),
        joker_spec(
            // T29 (a): 2C, JK, 3C, AH: the misère declarer's 3C wins, so he has failed and the
            // deal stops after the trick.
            "t29a_joker_lowest_club.json",
            vec![],
            3,
            t29_misere_deal(),
            "P0 pass, P1 pass, P2 bid misere, P3 pass, P2 keep, P0 play 2C, P1 play JK, P2 play 3C, P3 play AH",
            false,
            Some([30, 30, -90, 30]),
        ),
        joker_spec(
            // T29 (b): KD, JK, AD, 5D with clubs trump: the joker wins, so P1 leads trick 2.
            "t29b_joker_lowest_trump.json",
            vec![],
            3,
            t29_trump_deal(),
            "P0 pass, P1 bid alleen_8, P2 pass, P3 pass, P1 keep, P1 trump C, P0 play KD, P1 play JK, P2 play AD, \
             P3 play 5D",
            true,
            None,
        ),
        joker_spec(
            // T30: AS out of play counts as held: r = king, the call is KS blind.
            "t30_joker_blind_king_call.json",
            vec![],
            3,
            t30_deal(),
            "P0 bid rik, P1 pass, P2 pass, P3 pass, P0 keep, P0 trump C, P0 call KS blind",
            true,
            None,
        ),
        joker_spec(
            // T35: the exchange keeps the hearts call (AS out of play counts as held; 2C stays).
            "t35_joker_exchange_in_rik_beter.json",
            vec![],
            3,
            t35_deal(),
            "P0 bid rik_beter, P1 pass, P2 pass, P3 pass, P0 exchange AS, P0 call AC",
            true,
            None,
        ),
    ]
}

fn joker_spec(
    file: &'static str,
    mut settings: Vec<(&'static str, &'static str)>,
    dealer: u8,
    deal: ([String; 4], String),
    actions: &str,
    complete: bool,
    deltas: Option<[i64; 4]>,
) -> VectorSpec {
    settings.insert(0, JOKER);
    VectorSpec {
        file,
        settings,
        dealer,
        hands: deal.0,
        centre: Some(deal.1),
        actions: lines(actions),
        complete,
        deltas,
    }
}

fn build_record(spec: &VectorSpec) -> HandRecord {
    let deck = deck_with_centre(&refs(&spec.hands), spec.centre.as_deref(), spec.dealer, &spec.settings);
    let mut hand =
        Hand::from_deck(config(&spec.settings), Seat(spec.dealer), &RikkenScores::default(), &deck).expect("hand");
    act_all(&mut hand, &spec.actions);
    let mut actions = spec.actions.clone();
    if spec.complete {
        actions.extend(finish_first_legal(&mut hand));
    }
    assert_eq!(hand.to_act(), ToAct::HandOver, "{}: the deal is not over", spec.file);
    let got = deltas(&hand);
    if let Some(expected) = spec.deltas {
        assert_eq!(got, expected, "{}", spec.file);
    }
    let mut record = hand_record::<Rikken>(&values(&spec.settings), Seat(spec.dealer), &deck, None, actions);
    let mut after: ScoreSheet = (0..4).map(|seat| (format!("P{seat}"), got[seat])).collect();
    after.insert("deals".to_string(), 1);
    record.expect = Some(Expectation {
        scores_after: Some(after),
        deltas: Some(got.to_vec()),
        result: Some("continue".to_string()),
        next_dealer: Some((spec.dealer + 1) % 4),
    });
    record
}

#[test]
fn vector_records_replay() {
    troef_tests::check_vector_records::<Rikken>(VECTOR_DIR, vector_specs().len());
}

/// The record files are the spec data above, written out (`TROEF_BLESS=1` rewrites them).
#[test]
fn vector_records_match_the_spec_data() {
    troef_tests::check_or_bless(
        VECTOR_DIR,
        vector_specs().iter().map(|spec| (spec.file, build_record(spec))).collect(),
    );
}

// ---------------------------------------------------------------------------------------------
// T17: the blind call and lead, trick by trick

#[test]
fn t17_blind_call_blind_lead_and_trick_winners() {
    let mut hand = new_hand(&DEAL_A, 3, &[]);
    act_all(&mut hand, &lines("P0 bid rik, P1 pass, P2 pass, P3 pass"));
    // Trumps offered: C and S (D has no legal call; H is not a plain trump).
    assert_eq!(legal(&hand), ["trump C", "trump S"]);
    assert!(rejected(&mut hand, "P0 trump D").contains("no legal call"));
    act(&mut hand, "P0 trump C").unwrap();
    assert_eq!(legal(&hand), ["call AD blind"]);
    assert!(rejected(&mut hand, "P0 call AD").contains("blind"));
    act(&mut hand, "P0 call AD blind").unwrap();
    // P0 on lead: 13 ordinary leads plus 13 face-down leads.
    let options = legal(&hand);
    assert_eq!(options.iter().filter(|a| a.starts_with("play ")).count(), 13);
    assert_eq!(options.iter().filter(|a| a.starts_with("lead_face_down ")).count(), 13);
    let events = act(&mut hand, "P0 lead_face_down 3H").unwrap();
    assert!(events.iter().any(|e| matches!(e, Event::Visibility(Visibility::PlayedFaceDown { .. }))));
    assert_eq!(hand.table().trick().led, Some(Suit::Diamonds));
    assert_eq!(legal_plays(&hand), set("KD QD JD TD 9D 4D"));
    act(&mut hand, "P1 play 4D").unwrap();
    assert_eq!(legal_plays(&hand), set("AD"));
    act(&mut hand, "P2 play AD").unwrap();
    assert_eq!(hand.game().called_played_by(), Some(Seat(2)));
    assert_eq!(legal_plays(&hand).len(), 13);
    // The branch: P3 discards 8S instead of trumping; the face-down card never wins.
    let mut branch = hand.clone();
    act(&mut branch, "P3 play 8S").unwrap();
    assert_eq!(branch.table().last_trick().unwrap().cards().len(), 4);
    assert_eq!(turn(&branch), Some(Seat(2)));
    let events = act(&mut hand, "P3 play 2C").unwrap();
    // The face-down card is shown before the trick is gathered.
    let slot = hand.table().slot_of(card("3H")).unwrap();
    let shown = events
        .iter()
        .position(|e| matches!(e, Event::Visibility(Visibility::ShownToAll { slots }) if slots.contains(slot)));
    let taken = events.iter().position(|e| matches!(e, Event::TrickTaken { .. }));
    assert!(shown.unwrap() < taken.unwrap());
    assert_eq!(turn(&hand), Some(Seat(3)));
    // No second blind lead: the option is used up.
    let winners: Vec<&str> = T17_WINNERS.split_whitespace().collect();
    for (index, line) in play_lines(&T17_TRICKS).iter().enumerate() {
        act(&mut hand, line).unwrap_or_else(|e| panic!("{line}: {e}"));
        assert!(!legal(&hand).iter().any(|a| a.starts_with("lead_face_down")));
        if index % 4 == 3 {
            let trick = index / 4 + 1;
            if let Some(next) = turn(&hand) {
                assert_eq!(format!("P{}", next.0), winners[trick], "trick {}", trick + 1);
            }
        }
    }
    assert_eq!([0, 1, 2, 3].map(|s| hand.table().tricks_won(Seat(s))), [6, 1, 0, 6]);
    assert_eq!(deltas(&hand), [-20, 10, 0, 10]);
}

// ---------------------------------------------------------------------------------------------
// Scoring vectors (T1-T14, T22-T24, T31)

fn contract_input(contract: Contract, declarers: &[u8], partner: Option<u8>, tricks: [u8; 4]) -> ScoreInput {
    ScoreInput::contract(contract, declarers, partner, tricks)
}

/// One scoring vector: id, settings, inputs, expected deltas.
type ScoringRow = (&'static str, Vec<(&'static str, &'static str)>, ScoreInput, [i64; 4]);

#[test]
fn scoring_vectors() {
    use Contract::*;
    let rows: Vec<ScoringRow> = vec![
        ("T1", vec![], contract_input(Rik, &[0], Some(2), [5, 2, 4, 2]), [10, -10, 10, -10]),
        ("T2", vec![], contract_input(Rik, &[0], Some(2), [4, 4, 2, 3]), [-20, 10, 0, 10]),
        ("T3", vec![], contract_input(RikBeter, &[0], Some(1), [7, 6, 0, 0]), [30, 30, -30, -30]),
        ("T4", vec![], contract_input(Alleen8, &[1], None, [2, 8, 2, 1]), [-15, 45, -15, -15]),
        ("T5", vec![], contract_input(Alleen9Beter, &[2], None, [1, 1, 11, 0]), [-45, -45, 135, -45]),
        ("T6", vec![], contract_input(Alleen10, &[3], None, [2, 2, 1, 8]), [30, 30, 30, -90]),
        ("T7", vec![], contract_input(Alleen12, &[0], None, [11, 1, 1, 0]), [-45, 15, 15, 15]),
        ("T8a", vec![], contract_input(Piek, &[1], None, [4, 1, 4, 4]), [-15, 45, -15, -15]),
        ("T8b", vec![], contract_input(Piek, &[1], None, [4, 0, 5, 4]), [15, -45, 15, 15]),
        ("T8c", vec![], contract_input(Piek, &[1], None, [2, 2, 1, 1]), [15, -45, 15, 15]),
        ("T9a", vec![], contract_input(Misere, &[0], None, [0, 4, 5, 4]), [90, -30, -30, -30]),
        ("T9b", vec![], contract_input(Misere, &[0], None, [1, 1, 1, 0]), [-90, 30, 30, 30]),
        ("T10a", vec![], contract_input(OpenPiekPraatje, &[2], None, [4, 4, 1, 4]), [-45, -45, 135, -45]),
        ("T10b", vec![], contract_input(OpenMiserePraatje, &[3], None, [0, 0, 0, 1]), [60, 60, 60, -180]),
        ("T11a", vec![], contract_input(Troela, &[1], Some(3), [2, 5, 2, 4]), [-20, 20, -20, 20]),
        ("T11b", vec![], contract_input(Troela, &[1], Some(3), [3, 4, 3, 3]), [10, -10, 10, -10]),
        (
            "T11c",
            vec![("troela_partner_pays_on_failure", "false")],
            contract_input(Troela, &[1], Some(3), [3, 4, 3, 3]),
            [10, -20, 10, 0],
        ),
        ("T12a", vec![], contract_input(Slam, &[0], None, [13, 0, 0, 0]), [270, -90, -90, -90]),
        ("T12b", vec![], contract_input(Slam, &[0], None, [4, 1, 0, 0]), [-270, 90, 90, 90]),
        ("T13a", vec![], contract_input(Misere, &[0, 1], None, [0, 3, 5, 5]), [120, -120, 0, 0]),
        ("T13b", vec![], contract_input(Misere, &[0, 1], None, [1, 1, 2, 1]), [-60, -60, 60, 60]),
        ("T14", vec![], contract_input(Piek, &[0, 1, 2, 3], None, [1, 1, 10, 1]), [30, 30, -90, 30]),
        (
            "T14 four_piekers=false",
            vec![("four_piekers", "false")],
            contract_input(Piek, &[0, 1, 2], None, [1, 1, 10, 1]),
            [45, 45, -75, -15],
        ),
        ("T23", vec![("pass_game", "two_or_five")], pass_input(PassGame::TwoOrFive, [2, 5, 4, 2]), [5, 5, -15, 5]),
        ("T24a", vec![("pass_game", "forced_rik")], forced_rik_input([4, 3, 3, 3]), [5, 5, -5, -5]),
        ("T24b", vec![("pass_game", "forced_rik")], forced_rik_input([3, 2, 4, 4]), [-20, 0, 10, 10]),
        ("T31 one_three_five", vec![], pass_input(PassGame::OneThreeFive, [0, 3, 4, 6]), [-5, 15, -5, -5]),
        ("T31 rondpiek", vec![], pass_input(PassGame::Rondpiek, [1, 1, 0, 11]), [10, 10, -10, -10]),
        ("T31 forced_misere", vec![], pass_input(PassGame::ForcedMisere, [0, 0, 0, 13]), [5, 5, 5, -15]),
        ("T31 forced_misere none", vec![], pass_input(PassGame::ForcedMisere, [3, 3, 3, 4]), [0, 0, 0, 0]),
        ("T22a", vec![], schoppenmie_input(2, 0), [-10, 10, -10, 10]),
        ("T22b", vec![], schoppenmie_input(2, 2), [10, 10, -30, 10]),
    ];
    for (id, settings, input, expected) in rows {
        let config = config(&settings);
        let got = score(&config, &input);
        assert_eq!(got, expected, "{id}");
        assert_eq!(got.iter().sum::<i64>(), 0, "{id}: not zero-sum");
    }
    // T31: pass_games_scored = false zeroes every pass game.
    let unscored = config(&[("pass_games_scored", "false")]);
    for input in
        [pass_input(PassGame::OneThreeFive, [0, 3, 4, 6]), schoppenmie_input(2, 2), forced_rik_input([3, 2, 4, 4])]
    {
        assert_eq!(score(&unscored, &input), [0; 4]);
    }
}

fn pass_input(game: PassGame, tricks: [u8; 4]) -> ScoreInput {
    ScoreInput::pass_game(game, tricks)
}

fn forced_rik_input(tricks: [u8; 4]) -> ScoreInput {
    ScoreInput { declarers: 1, partner: Some(Seat(1)), ..ScoreInput::pass_game(PassGame::ForcedRik, tricks) }
}

fn schoppenmie_input(qs: u8, last: u8) -> ScoreInput {
    ScoreInput {
        qs_winner: Some(Seat(qs)),
        last_winner: Some(Seat(last)),
        ..ScoreInput::pass_game(PassGame::Schoppenmie, [4, 3, 3, 3])
    }
}

// ---------------------------------------------------------------------------------------------
// Auction vectors (T12-T16)

#[test]
fn t15_auction_legality_and_end() {
    let mut hand = new_hand(&DEAL_A, 3, &[]);
    let steps = [
        ("P0 bid rik", 1),
        ("P1 bid rik_beter", 2),
        ("P2 bid alleen_8", 3),
        ("P3 bid piek", 0),
        ("P0 bid alleen_9", 1),
        ("P1 pass", 2),
        ("P2 bid misere", 3),
        ("P3 join", 0),
    ];
    for (index, (line, next)) in steps.iter().enumerate() {
        match index {
            2 => assert!(rejected(&mut hand, "P2 bid rik").contains("higher")),
            3 => assert!(rejected(&mut hand, "P3 join").contains("cannot be joined")),
            4 => assert!(rejected(&mut hand, "P0 bid alleen_8_beter").contains("higher")),
            _ => {}
        }
        let on_turn = turn(&hand).unwrap();
        let other = Seat((on_turn.0 + 1) % 4);
        rejected(&mut hand, &format!("P{} pass", other.0));
        act(&mut hand, line).unwrap_or_else(|e| panic!("{line}: {e}"));
        assert_eq!(turn(&hand), Some(Seat(*next)), "after {line}");
        if index >= 5 {
            rejected(&mut hand, "P1 bid slam_13");
        }
    }
    act(&mut hand, "P0 pass").unwrap();
    assert_eq!(hand.game().contract(), Some(Contract::Misere));
    assert_eq!(hand.game().declarers(), 0b1100);
    assert_eq!(hand.game().primary(), Some(Seat(2)));
    assert_eq!(hand.game().phase(), Phase::Play);

    let mut all_pass = new_hand(&DEAL_A, 3, &[]);
    act_all(&mut all_pass, &lines("P0 pass, P1 pass, P2 pass, P3 pass"));
    assert_eq!(all_pass.game().pass_game(), Some(PassGame::Schoppenmie));
    assert_eq!(turn(&all_pass), Some(Seat(0)));
}

#[test]
fn t12_slam_ends_the_auction_and_its_declarer_leads() {
    let mut hand = new_hand(&DEAL_A, 2, &[]);
    act_all(&mut hand, &lines("P3 pass, P0 bid slam_13"));
    assert!(hand.game().has_passed(Seat(1)) && hand.game().has_passed(Seat(2)));
    assert_eq!(legal(&hand), ["trump C", "trump D", "trump H", "trump S"]);
    act(&mut hand, "P0 trump H").unwrap();
    assert_eq!(turn(&hand), Some(Seat(0)));
    // Without slam_declarer_leads eldest leads.
    let mut eldest = new_hand(&DEAL_A, 2, &[("slam_declarer_leads", "false")]);
    act_all(&mut eldest, &lines("P3 pass, P0 bid slam_13, P0 trump H"));
    assert_eq!(turn(&eldest), Some(Seat(3)));
    // 13 fails as soon as another player wins a trick (5.8).
    finish_first_legal(&mut hand);
    let outcome = hand.outcome().unwrap();
    if outcome.input.tricks[0] < 13 {
        assert!(outcome.early_end);
        assert_eq!(outcome.deltas, [-270, 90, 90, 90]);
        assert_eq!(outcome.input.tricks[1..].iter().sum::<u8>(), 1);
    } else {
        assert_eq!(outcome.deltas, [270, -90, -90, -90]);
    }
}

#[test]
fn t13_joined_misere_and_t14_four_piekers() {
    let mut misere = new_hand(&DEAL_A, 3, &[]);
    act_all(&mut misere, &lines("P0 bid misere, P1 join, P2 pass, P3 pass"));
    assert_eq!(misere.game().declarers(), 0b0011);
    assert_eq!(misere.game().primary(), Some(Seat(0)));
    finish_first_legal(&mut misere);
    let outcome = misere.outcome().unwrap();
    // The deal stops only when both declarers have won a trick, or after 13 tricks.
    let failed = |seat: usize| outcome.input.tricks[seat] >= 1;
    let played: u8 = outcome.input.tricks.iter().sum();
    assert_eq!(played < 13, failed(0) && failed(1));
    assert_eq!(Rikken::contract_kind(&outcome), "joined_misere");

    let mut piek = new_hand(&DEAL_A, 3, &[]);
    act_all(&mut piek, &lines("P0 bid piek, P1 join, P2 join, P3 pass"));
    assert_eq!(piek.game().declarers(), 0b1111);
    finish_first_legal(&mut piek);
    assert_eq!(Rikken::contract_kind(&piek.outcome().unwrap()), "four_piekers");

    let mut three = new_hand(&DEAL_A, 3, &[("four_piekers", "false")]);
    act_all(&mut three, &lines("P0 bid piek, P1 join, P2 join, P3 pass"));
    assert_eq!(three.game().declarers(), 0b0111);
}

#[test]
fn t16_calling_legality() {
    let hand = set("KH QH JH TH 9H 8H 7H 6H AS 9S 8S 7S 6S");
    let standard = config(&[]).call;
    assert_eq!(call_candidates(hand, CardSet::EMPTY, Suit::Hearts, &standard).0, CardSet::EMPTY);
    for trump in [Suit::Spades, Suit::Clubs, Suit::Diamonds] {
        assert_eq!(call_candidates(hand, CardSet::EMPTY, trump, &standard), (set("AH"), false), "{trump:?}");
    }
    let trump_ace = config(&[("call_trump_ace", "true")]).call;
    assert_eq!(call_candidates(hand, CardSet::EMPTY, Suit::Hearts, &trump_ace), (set("AH"), false));
    let silent = config(&[("call_mode", "silent_void")]).call;
    assert_eq!(call_candidates(hand, CardSet::EMPTY, Suit::Hearts, &silent), (set("AC AD"), false));

    // In the auction: rik beter is refused, rik offers C, D, S.
    let deal = deal_with_p0("KH QH JH TH 9H 8H 7H 6H AS 9S 8S 7S 6S");
    let mut game = hand_of(&deal, 3, &[]);
    assert!(!legal(&game).contains(&"bid rik_beter".to_string()));
    assert!(rejected(&mut game, "P0 bid rik_beter").contains("rik beter"));
    act_all(&mut game, &lines("P0 bid rik, P1 pass, P2 pass, P3 pass"));
    assert_eq!(legal(&game), ["trump C", "trump D", "trump S"]);
    act(&mut game, "P0 trump S").unwrap();
    assert_eq!(legal(&game), ["call AH"]);
}

#[test]
fn t18_four_aces_call_a_king() {
    let hand = set("AC AD AH AS KS QS JS TS 9S KH 2H 3C 2D");
    assert_eq!(call_candidates(hand, CardSet::EMPTY, Suit::Spades, &config(&[]).call), (set("KC KD"), false));
}

// ---------------------------------------------------------------------------------------------
// Position vectors (T19, T20, T22)

/// A table where each listed card lies in the listed seat's hand (the rest with P0).
fn table_with(holdings: &[(Seat, Card)]) -> Table {
    let deck: Vec<Card> = (0..52).map(|index| Card::from_index(index).unwrap()).collect();
    troef_tests::table_with(4, Direction::Clockwise, &deck, holdings)
}

/// The legal cards of `hand` after `led` (cards by P1, P0, P3 ... leading up to the hand's seat).
fn legal_after(hand: &str, plays: &[&str], rules: &PlayRules) -> CardSet {
    let seats = [Seat(3), Seat(0), Seat(1)];
    let holdings: Vec<(Seat, Card)> = plays.iter().zip(seats).map(|(code, seat)| (seat, card(code))).collect();
    let mut table = table_with(&holdings);
    for (seat, played) in &holdings {
        table.play(*seat, *played, None, &mut Events::new()).unwrap();
    }
    legal_cards(set(hand), table.trick(), rules)
}

#[test]
fn t19_called_ace_duties_and_t20_no_trumping_obligation() {
    let rules = PlayRules { called: Some(card("AS")), ..PlayRules::default() };
    // (a) spades led, trumped by P1: the called ace must still be played.
    assert_eq!(legal_after("AS 7S KD 9D 5D QH JH 8H 4C 3C", &["5S", "9S", "2C"], &rules), set("AS"));
    // (b) hearts led, P2 void in hearts: anything but the called ace.
    assert_eq!(legal_after("AS 7S KD 9D 5D 4C 3C", &["8H"], &rules), set("7S KD 9D 5D 4C 3C"));
    let allowed = PlayRules { called_discard_allowed: true, ..rules };
    assert_eq!(legal_after("AS 7S KD 9D 5D 4C 3C", &["8H"], &allowed), set("AS 7S KD 9D 5D 4C 3C"));
    // (c) on lead: not the small spade.
    assert_eq!(legal_after("AS 7S KD 9D", &[], &rules), set("AS KD 9D"));
    // The called ace as the only card may be discarded.
    assert_eq!(legal_after("AS", &["8H"], &rules), set("AS"));
    // T20: no duty to trump.
    assert_eq!(legal_after("9H 4H QD 7D 6S", &["KC"], &PlayRules::default()), set("9H 4H QD 7D 6S"));
    assert_eq!(legal_after("AC 2C JH", &["KC"], &PlayRules::default()), set("AC 2C"));
}

#[test]
fn t19_duty_through_the_engine() {
    // Deal A, dealer P3: P1 is void in clubs; P0 bids rik with trump S... P0 holds AS: call AH?
    // P0 holds AH too; use P1 as declarer instead (dealer P0, eldest P1).
    let mut hand = new_hand(&DEAL_A, 0, &[]);
    act_all(&mut hand, &lines("P1 bid rik, P2 pass, P3 pass, P0 pass"));
    assert_eq!(legal(&hand), ["trump C", "trump D", "trump S"]);
    act(&mut hand, "P1 trump C").unwrap();
    assert_eq!(legal(&hand), ["call AD", "call AH", "call AS"]);
    act(&mut hand, "P1 call AS").unwrap();
    // P0 holds AS: leading, the other spades are barred.
    // P1 leads (eldest). P1 leads KS: P2 has no spades; P3 follows; P0 must play AS.
    act_all(&mut hand, &lines("P1 play KS, P2 play 2H, P3 play 3S"));
    assert_eq!(legal_plays(&hand), set("AS"));
    assert!(rejected(&mut hand, "P0 play 2S").contains("called card"));
    act(&mut hand, "P0 play AS").unwrap();
    assert_eq!(hand.game().called_played_by(), Some(Seat(0)));
}

#[test]
fn t22_schoppenmie_spade_ban() {
    let mut hand = new_hand(&DEAL_A, 3, &[]);
    act_all(&mut hand, &lines("P0 pass, P1 pass, P2 pass, P3 pass"));
    assert_eq!(hand.game().trump(), None);
    assert_eq!(legal_plays(&hand), set("AC KC QC 7C 5C 3C AH 3H"));
    act(&mut hand, "P0 play AH").unwrap();
    assert_eq!(legal_plays(&hand), set("KH QH JH TH 9H"));
    act(&mut hand, "P1 play KH").unwrap();
    assert_eq!(legal_plays(&hand), set("8H 7H 6H 5H 4H 2H"));
    act(&mut hand, "P2 play 8H").unwrap();
    assert_eq!(legal_plays(&hand), set("JC TC 9C 8C 6C 4C 2C"));
    assert!(rejected(&mut hand, "P3 play 8S").contains("spades"));
}

#[test]
fn t24_forced_rik_offers_any_trump_with_a_call() {
    let mut hand = new_hand(&DEAL_A, 0, &[("pass_game", "forced_rik")]);
    act_all(&mut hand, &lines("P1 pass, P2 pass, P3 pass, P0 pass"));
    // Eldest P1 (no clubs) declares; any suit with a legal call.
    assert_eq!(turn(&hand), Some(Seat(1)));
    assert_eq!(legal(&hand), ["trump C", "trump D", "trump H", "trump S"]);
    act(&mut hand, "P1 trump H").unwrap();
    assert_eq!(legal(&hand), ["call AD", "call AS"]);
    act(&mut hand, "P1 call AD").unwrap();
    finish_first_legal(&mut hand);
    let outcome = hand.outcome().unwrap();
    assert_eq!(outcome.input.partner, Some(Seat(2)));
    assert_eq!(Rikken::contract_kind(&outcome), "forced_rik");
}

#[test]
fn pass_game_menu_is_a_subset() {
    let keys = Rikken::config_keys();
    let values = ConfigValues::validate(keys, [("pass_game_menu", "redeal, RONDPIEK")]).unwrap();
    assert_eq!(values.get("pass_game_menu"), "rondpiek,redeal");
    for bad in ["", "rondpiek,whist", "three"] {
        assert!(ConfigValues::validate(keys, [("pass_game_menu", bad)]).is_err(), "{bad}");
    }
    let settings = [("pass_game", "eldest_chooses"), ("pass_game_menu", "rondpiek,redeal")];
    let mut hand = new_hand(&DEAL_A, 3, &settings);
    act_all(&mut hand, &lines("P0 pass, P1 pass, P2 pass, P3 pass"));
    assert_eq!(legal(&hand), ["pass_game rondpiek", "pass_game redeal"]);
    assert!(rejected(&mut hand, "P0 pass_game schoppenmie").contains("menu"));
    let kinds = Rikken::contract_kinds(&config(&settings));
    assert!(kinds.contains(&"rondpiek") && kinds.contains(&"redeal") && !kinds.contains(&"schoppenmie"));
}

#[test]
fn eldest_chooses_and_redeal() {
    let mut hand = new_hand(&DEAL_A, 3, &[("pass_game", "eldest_chooses")]);
    act_all(&mut hand, &lines("P0 pass, P1 pass, P2 pass, P3 pass"));
    assert_eq!(legal(&hand).len(), 7);
    act(&mut hand, "P0 pass_game redeal").unwrap();
    assert_eq!(hand.to_act(), ToAct::HandOver);
    assert_eq!(deltas(&hand), [0; 4]);
    assert!((0..52).all(|slot| hand.table().is_public(troef_core::Slot(slot))));
}

// ---------------------------------------------------------------------------------------------
// T21 claims, T26 exposure

#[test]
fn t21b_rejected_claim() {
    let mut hand = new_hand(&DEAL_B, 0, &[]);
    act_all(&mut hand, &lines("P1 bid alleen_9, P2 pass, P3 pass, P0 pass, P1 trump S"));
    let events = act(&mut hand, "P1 claim 9").unwrap();
    assert!(events.iter().any(|e| matches!(e, Event::Visibility(Visibility::HandOpened { seat: Seat(1), .. }))));
    assert_eq!(turn(&hand), Some(Seat(2)));
    act(&mut hand, "P2 reject").unwrap();
    assert_eq!(turn(&hand), Some(Seat(1)));
    let options = legal(&hand);
    assert_eq!(options.len(), 13);
    assert!(options.iter().all(|a| a.starts_with("play ")));
    assert!(rejected(&mut hand, "P1 claim 9").contains("one claim per turn"));
    // The hand stays open.
    assert!(hand.table().hand_slots(Seat(1)).iter().all(|slot| hand.table().is_public(slot)));
}

fn opened_seats(events: &Events) -> Vec<u8> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Visibility(Visibility::HandOpened { seat, .. }) => Some(seat.0),
            _ => None,
        })
        .collect()
}

#[test]
fn t26_open_piek_exposure_timing() {
    let prefix = lines("P0 pass, P1 pass, P2 bid open_piek, P3 pass");
    let trick1 = lines("P0 play 3H, P1 play KH, P2 play 2H, P3 play 2C");
    // Default: after the 5th card.
    let mut hand = new_hand(&DEAL_A, 3, &[]);
    act_all(&mut hand, &prefix);
    for line in &trick1 {
        assert!(opened_seats(&act(&mut hand, line).unwrap()).is_empty());
    }
    assert_eq!(turn(&hand), Some(Seat(1)));
    let events = act(&mut hand, "P1 play 4D").unwrap();
    assert_eq!(opened_seats(&events), [2]);
    let p2 = hand.table().hand(Seat(2));
    assert_eq!(p2, set("AD 8D 7D 6D 5D 3D 2D 8H 7H 6H 5H 4H"));
    assert!(hand.table().hand_slots(Seat(2)).iter().all(|slot| hand.table().is_public(slot)));
    assert_eq!(legal_plays(&hand), set("AD 8D 7D 6D 5D 3D 2D"));

    // 4: right after trick 1.
    let mut four = new_hand(&DEAL_A, 3, &[("open_reveal_after_card", "4")]);
    act_all(&mut four, &prefix);
    act_all(&mut four, &trick1[..3]);
    assert_eq!(opened_seats(&act(&mut four, &trick1[3]).unwrap()), [2]);
    assert_eq!(four.table().hand_size(Seat(2)), 12);

    // 0: all 13 before the opening lead.
    let mut zero = new_hand(&DEAL_A, 3, &[("open_reveal_after_card", "0")]);
    act_all(&mut zero, &prefix[..3]);
    let events = act(&mut zero, &prefix[3]).unwrap();
    assert_eq!(opened_seats(&events), [2]);
    assert_eq!(zero.table().hand_size(Seat(2)), 13);

    // Met praatje, all_open: every hand after the 5th card; chat: only the declarer.
    for (mode, seats) in [("all_open", vec![0, 1, 2, 3]), ("chat", vec![2])] {
        let mut praatje = new_hand(&DEAL_A, 3, &[("praatje_mode", mode)]);
        act_all(&mut praatje, &lines("P0 pass, P1 pass, P2 bid open_piek_praatje, P3 pass"));
        act_all(&mut praatje, &trick1);
        assert_eq!(opened_seats(&act(&mut praatje, "P1 play 4D").unwrap()), seats, "{mode}");
    }
}

#[test]
fn t25_deal_packets() {
    let layout = Rikken::layout(&config(&[]), Seat(3));
    let owner = |slot: usize| match layout.places()[slot] {
        Place::Hand(seat) => seat.0,
        other => panic!("{other:?}"),
    };
    for (range, seat) in [
        (0..4, 0),
        (4..8, 1),
        (8..12, 2),
        (12..16, 3),
        (16..21, 0),
        (21..26, 1),
        (26..31, 2),
        (31..36, 3),
        (36..40, 0),
        (40..44, 1),
        (44..48, 2),
        (48..52, 3),
    ] {
        for slot in range {
            assert_eq!(owner(slot), seat, "d{slot}");
        }
    }
    for packets in ["[6,7]", "[7,6]"] {
        let layout = Rikken::layout(&config(&[("deal_packets", packets)]), Seat(0));
        for seat in 0..4 {
            assert_eq!(layout.slots_of(Place::Hand(Seat(seat))).len(), 13);
        }
    }
    // Next dealer: the old dealer's left.
    let mut scores = RikkenScores::default();
    let outcome = redeal_outcome();
    assert_eq!(
        Rikken::settle(&config(&[]), &mut scores, Seat(3), &outcome),
        troef_core::MatchStatus::Continue { next_dealer: Seat(0) }
    );
}

fn redeal_outcome() -> RikkenOutcome {
    let mut hand = new_hand(&DEAL_A, 3, &[("pass_game", "redeal")]);
    act_all(&mut hand, &lines("P0 pass, P1 pass, P2 pass, P3 pass"));
    hand.outcome().unwrap()
}

#[test]
fn match_ends_after_match_deals() {
    let config = config(&[("match_deals", "2")]);
    let mut scores = RikkenScores::default();
    let outcome = RikkenOutcome { deltas: [10, -10, 10, -10], ..redeal_outcome() };
    assert!(matches!(
        Rikken::settle(&config, &mut scores, Seat(0), &outcome),
        troef_core::MatchStatus::Continue { .. }
    ));
    match Rikken::settle(&config, &mut scores, Seat(1), &outcome) {
        troef_core::MatchStatus::Over { winners, .. } => assert_eq!(winners, [Seat(0), Seat(2)]),
        other => panic!("{other:?}"),
    }
    let sheet = Rikken::scores_to_sheet(&config, &scores);
    assert_eq!(Rikken::scores_from_sheet(&config, &sheet).unwrap(), scores);
}

// ---------------------------------------------------------------------------------------------
// The audit

fn audit_rules(hands: &[&str; 4], dealer: u8, actions: &str) -> Vec<(usize, u8, String)> {
    let deck = deck_for(hands, dealer, &[]);
    let record = hand_record::<Rikken>(&values(&[]), Seat(dealer), &deck, None, lines(actions));
    audit_hand::<Rikken>(&record).unwrap().into_iter().map(|v| (v.action_index, v.seat, v.rule)).collect()
}

#[test]
fn audit_catches_a_false_blind_call() {
    // Deal A, dealer P0: P1 (void in clubs) with clubs trump has normal candidates.
    let found = audit_rules(&DEAL_A, 0, "P1 bid rik, P2 pass, P3 pass, P0 pass, P1 trump C, P1 call AD blind");
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!((found[0].0, found[0].1), (5, 1));
    assert!(found[0].2.contains("false blind call"), "{found:?}");
    // And the converse: a blind call announced as normal.
    let found = audit_rules(&DEAL_A, 3, "P0 bid rik, P1 pass, P2 pass, P3 pass, P0 trump C, P0 call AD");
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].2.contains("blind"), "{found:?}");
}

#[test]
fn audit_catches_a_bid_that_needed_the_hidden_hand() {
    let deal = deal_with_p0("KH QH JH TH 9H 8H 7H 6H AS 9S 8S 7S 6S");
    let hands = [deal[0].as_str(), deal[1].as_str(), deal[2].as_str(), deal[3].as_str()];
    let found = audit_rules(&hands, 3, "P0 bid rik_beter, P1 pass, P2 pass, P3 pass");
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!((found[0].0, found[0].1), (0, 0));
    assert!(found[0].2.contains("rik beter"));
    // Troela without three aces.
    let found = audit_rules(&DEAL_A, 0, "P1 bid troela, P2 pass, P3 pass, P0 pass");
    assert!(found[0].2.contains("three aces"), "{found:?}");
    // A peer that cannot see P0's hand accepts the bid.
    let mut full = hand_of(&deal, 3, &[]);
    let mut view = full.view(troef_core::Viewer::Seat(Seat(1)));
    assert!(act(&mut full, "P0 bid rik_beter").is_err());
    act(&mut view, "P0 bid rik_beter").unwrap();
}

#[test]
fn audit_catches_a_revoke() {
    // T17 with P1 discarding a heart on the blind diamond lead.
    let found = audit_rules(
        &DEAL_A,
        3,
        "P0 bid rik, P1 pass, P2 pass, P3 pass, P0 trump C, P0 call AD blind, P0 lead_face_down 3H, P1 play 9H, \
         P2 play AD, P3 play 2C",
    );
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!((found[0].0, found[0].1), (7, 1));
    assert!(found[0].2.contains("follow suit"));
    // The partner withholding the called ace on the first trick of its suit.
    let found = audit_rules(
        &DEAL_A,
        3,
        "P0 bid rik, P1 pass, P2 pass, P3 pass, P0 trump C, P0 call AD blind, P0 lead_face_down 3H, P1 play 4D, \
         P2 play 2D",
    );
    assert_eq!((found[0].0, found[0].1), (8, 2));
    assert!(found[0].2.contains("called card"));
}

// ---------------------------------------------------------------------------------------------
// Random play: exact legality, coverage, and the Rikken properties

fn weighted_choice(hand: &Hand<Rikken>, actions: &[RikkenAction], rng: &mut ChaCha8Rng) -> RikkenAction {
    let weight = |action: &RikkenAction| hand.game().policy_weight(hand.config(), hand.table(), action).max(1);
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

/// Plays a deal with the self-play weights (after `forced` opening lines), checking the
/// Rikken properties on the way; returns the outcome.
fn random_deal(
    config: &RikkenConfig,
    deck: &[Card],
    dealer: Seat,
    forced: &[String],
    rng: &mut ChaCha8Rng,
    check_candidates: bool,
    blind_leads: &mut u32,
) -> RikkenOutcome {
    let mut hand = Hand::<Rikken>::from_deck(*config, dealer, &RikkenScores::default(), deck).unwrap();
    act_all(&mut hand, forced);
    let mut legal = Vec::new();
    let mut candidates = Vec::new();
    let mut called_suit_seen = false;
    let mut blind_slot = None;
    while let ToAct::Seat(who) = hand.to_act() {
        hand.legal_actions(&mut legal);
        assert!(!legal.is_empty());
        if check_candidates {
            candidates.clear();
            Rikken::candidate_actions(config, hand.table(), who, &mut candidates);
            for action in &candidates {
                let mut copy = hand.clone();
                let accepted = copy.apply(who, *action).is_ok();
                assert_eq!(accepted, legal.contains(action), "{action:?} in {:?}", hand.game().phase());
                if !accepted {
                    assert_eq!(copy, hand, "rejected {action:?} changed the hand");
                }
            }
        }
        let action = weighted_choice(&hand, &legal, rng);
        if let RikkenAction::LeadFaceDown(card) = action {
            blind_slot = hand.table().slot_of(card);
            *blind_leads += 1;
        }
        let trick_before = hand.table().trick_index();
        let events = hand.apply(who, action).unwrap();
        if hand.table().trick_index() > trick_before {
            let last = hand.table().last_trick().unwrap();
            assert!(last.cards().iter().all(|played| !played.face_down));
            // The blind lead's card is shown before the trick is gathered.
            if let Some(slot) = blind_slot.take() {
                let taken = events.iter().position(|e| matches!(e, Event::TrickTaken { .. })).unwrap();
                let shown_at = events.iter().position(
                    |e| matches!(e, Event::Visibility(Visibility::ShownToAll { slots }) if slots.contains(slot)),
                );
                assert!(shown_at.is_some_and(|at| at < taken), "face-down card not turned before the gathering");
            }
            // The called card is played on the first trick of its suit.
            if let Some(called) = hand.game().called().filter(|_| hand.game().is_rik_type()) {
                if last.led == called.suit() && !called_suit_seen {
                    called_suit_seen = true;
                    assert!(
                        last.card_set().contains(called),
                        "called {called} missing from the first trick of its suit"
                    );
                }
            }
        }
    }
    let outcome = hand.outcome().unwrap();
    assert_eq!(outcome.deltas.iter().sum::<i64>(), 0, "not zero-sum");
    let problems = Rikken::check_outcome(config, hand.table(), &outcome);
    assert!(problems.is_empty(), "{problems:?}");
    hand.table().check_conservation().unwrap();
    outcome
}

fn draw_dealer(config: &RikkenConfig, rng: &mut ChaCha8Rng) -> Seat {
    troef_core::game::dealer_from_draw::<Rikken>(config, rng.gen_range(0..4))
}

fn shuffled(rng: &mut ChaCha8Rng) -> Vec<Card> {
    let mut deck: Vec<Card> = (0..52).map(|index| Card::from_index(index).unwrap()).collect();
    deck.shuffle(rng);
    deck
}

#[test]
fn apply_accepts_exactly_the_legal_actions() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for settings in [
        vec![],
        vec![("pass_game", "eldest_chooses")],
        vec![("call_mode", "silent_void"), ("troela_ace_lead", "true"), ("troela_mandatory", "true")],
        vec![("claims", "false"), ("called_card_discard", "allowed"), ("call_trump_ace", "true")],
        vec![RENE],
        vec![RENE, ("pass_game", "forced_rik"), ("troela_ace_lead", "true")],
        vec![BLIND],
        vec![BLIND, ("pass_game", "forced_rik")],
    ] {
        let config = config(&settings);
        for _ in 0..120 {
            let deck = shuffled(&mut rng);
            let dealer = draw_dealer(&config, &mut rng);
            random_deal(&config, &deck, dealer, &[], &mut rng, true, &mut 0);
        }
    }
}

/// A deal where eldest (P0, dealer P3) holds three aces and no card of the fourth ace's suit:
/// his Rik is called blind.
fn blind_deck(rng: &mut ChaCha8Rng) -> (Vec<Card>, Suit) {
    let void = Suit::ALL[rng.gen_range(0..4)];
    let mut rest: Vec<Card> = (0..52).map(|index| Card::from_index(index).unwrap()).collect();
    rest.shuffle(rng);
    let aces: Vec<Card> = rest.iter().copied().filter(|c| c.rank() == Some(troef_core::Rank::ACE)).collect();
    let mut p0: Vec<Card> = aces.iter().copied().filter(|c| c.suit() != Some(void)).collect();
    let fillers: Vec<Card> =
        rest.iter().copied().filter(|c| c.suit() != Some(void) && c.rank() != Some(troef_core::Rank::ACE)).collect();
    p0.extend(fillers.into_iter().take(10));
    let others: Vec<Card> = rest.into_iter().filter(|c| !p0.contains(c)).collect();
    let text = |cards: &[Card]| cards.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" ");
    let hands = [text(&p0), text(&others[0..13]), text(&others[13..26]), text(&others[26..39])];
    let refs = [hands[0].as_str(), hands[1].as_str(), hands[2].as_str(), hands[3].as_str()];
    (deck_for(&refs, 3, &[]), void)
}

#[test]
fn blind_leads_are_turned_before_the_trick_is_gathered_and_called_cards_fall_on_time() {
    let mut rng = ChaCha8Rng::seed_from_u64(17);
    let config = config(&[]);
    let mut blind_leads = 0;
    for _ in 0..400 {
        let (deck, void) = blind_deck(&mut rng);
        let trump = Suit::ALL.iter().copied().find(|&s| s != void).unwrap();
        let ace = Card::new(troef_core::Rank::ACE, void);
        let forced = lines(&format!("P0 bid rik, P1 pass, P2 pass, P3 pass, P0 trump {trump}, P0 call {ace} blind"));
        let outcome = random_deal(&config, &deck, Seat(3), &forced, &mut rng, false, &mut blind_leads);
        assert!(outcome.blind);
    }
    assert!(blind_leads > 100, "only {blind_leads} blind leads in 400 deals");
}

#[test]
fn every_contract_kind_occurs_in_random_play() {
    let mut rng = ChaCha8Rng::seed_from_u64(41);
    for settings in [vec![], vec![("pass_game", "eldest_chooses")], vec![RENE], vec![BLIND]] {
        let config = config(&settings);
        let kinds = Rikken::contract_kinds(&config);
        let mut counts: BTreeMap<&str, u32> = kinds.iter().map(|&kind| (kind, 0)).collect();
        for _ in 0..12_000 {
            let deck = shuffled(&mut rng);
            let dealer = draw_dealer(&config, &mut rng);
            let outcome = random_deal(&config, &deck, dealer, &[], &mut rng, false, &mut 0);
            let kind = Rikken::contract_kind(&outcome);
            *counts.get_mut(kind).unwrap_or_else(|| panic!("{settings:?}: kind {kind} not listed")) += 1;
        }
        let rare: BTreeSet<_> = counts.iter().filter(|(_, &count)| count < 3).collect();
        assert!(rare.is_empty(), "{settings:?}: {counts:?}");
    }
}

#[test]
fn actions_round_trip() {
    let config = config(&[]);
    for text in [
        "pass",
        "bid rik_beter",
        "bid slam_13",
        "join",
        "pass_game forced_rik",
        "trump S",
        "call AD",
        "call AD blind",
        "play TH",
        "lead_face_down 3H",
        "claim 9",
        "accept",
        "reject",
    ] {
        let action = Rikken::parse_action(&config, &text.to_uppercase()).unwrap();
        assert_eq!(Rikken::format_action(&action), text);
    }
    for bad in ["", "bid", "bid 8", "play J", "call AD open", "claim x", "pass 1", "trump X", "keep 2C", "exchange"] {
        assert!(Rikken::parse_action(&config, bad).is_err(), "{bad}");
    }
}

#[test]
fn the_joker_needs_four_players() {
    for players in ["three_rene", "three_blind"] {
        let values = values(&[JOKER, ("players", players)]);
        let error = Rikken::check_config(&values).unwrap_err();
        assert!(error.to_string().contains("three-player"), "{error}");
    }
    assert!(Rikken::check_config(&values(&[JOKER])).is_ok());
    for shuffle in ["full", "cut_only", "periodic"] {
        assert!(Rikken::check_config(&values(&[("deal_shuffle", shuffle)])).is_ok());
    }
}

// ---------------------------------------------------------------------------------------------
// Three players with René (T25, T27, T34)

const RENE: (&str, &str) = ("players", "three_rene");

#[test]
fn t25_rene_deal_and_rotation() {
    let config = config(&[RENE]);
    let layout = Rikken::layout(&config, Seat(0));
    let owners: Vec<u8> = (0..16)
        .map(|slot| match layout.places()[slot] {
            Place::Hand(seat) => seat.0,
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(owners, [1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 0, 0, 0, 0]);
    assert_eq!(layout.unseen_hands(), Seat(3).bit());
    assert_eq!(Rikken::dealer_seats(&config), 0b0111);
    assert!(Hand::<Rikken>::from_deck(
        config,
        Seat(3),
        &RikkenScores::default(),
        &shuffled(&mut ChaCha8Rng::seed_from_u64(1))
    )
    .is_err());
    let mut scores = RikkenScores::default();
    let outcome = redeal_outcome();
    for (dealer, next) in [(0, 1), (1, 2), (2, 0)] {
        assert_eq!(
            Rikken::settle(&config, &mut scores, Seat(dealer), &outcome),
            troef_core::MatchStatus::Continue { next_dealer: Seat(next) }
        );
    }
}

#[test]
fn t27_rene_seating_and_operators() {
    let mut rng = ChaCha8Rng::seed_from_u64(27);
    let config = config(&[RENE]);
    for (dealer, auction, operators) in
        [(0u8, "P1 pass, P2 pass, P0 pass", [2u8, 0, 1]), (1, "P2 pass, P0 pass, P1 pass", [0, 1, 2])]
    {
        let deck = shuffled(&mut rng);
        let mut hand = Hand::<Rikken>::from_deck(config, Seat(dealer), &RikkenScores::default(), &deck).unwrap();
        assert!(hand.game().has_passed(Seat(3)));
        rejected(&mut hand, "P3 pass");
        act_all(&mut hand, &lines(auction));
        assert_eq!(hand.game().pass_game(), Some(PassGame::Schoppenmie));
        for k in 0..13u8 {
            assert_eq!(hand.game().operator(k), Seat(operators[(k % 3) as usize]), "trick {}", k + 1);
        }
        // Play it out: whenever René is on turn, his operator acts and has seen his hand.
        let mut legal = Vec::new();
        while let Some(actor) = turn(&hand) {
            let on_turn = hand.game().seat_on_turn();
            if on_turn == Seat(3) {
                assert_eq!(actor, hand.game().operator(hand.table().trick_index()));
                let table = hand.table();
                assert!(table.hand_slots(Seat(3)).iter().all(|slot| table.is_seen_by(slot, actor)));
            } else {
                assert_eq!(actor, on_turn);
            }
            hand.legal_actions(&mut legal);
            let action = legal[0];
            hand.apply(actor, action).unwrap();
        }
        assert_eq!(hand.outcome().unwrap().deltas.iter().sum::<i64>(), 0);
    }
}

#[test]
fn t34_rene_as_troela_partner() {
    let p1 = set("AC AD AS KC KD KS QC QD QS JC JD JS TC");
    let rest: Vec<Card> = (0..52)
        .map(|index| Card::from_index(index).unwrap())
        .filter(|c| !p1.contains(*c) && *c != card("AH"))
        .collect();
    let text = |cards: &[Card]| cards.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" ");
    let p3 = format!("AH {}", text(&rest[0..12]));
    let deal = [text(&rest[12..25]), text(&p1.iter().collect::<Vec<_>>()), text(&rest[25..38]), p3];
    let hands = [deal[0].as_str(), deal[1].as_str(), deal[2].as_str(), deal[3].as_str()];
    let mut hand = new_hand(&hands, 0, &[RENE]);
    act_all(&mut hand, &lines("P1 bid troela, P2 pass, P0 pass"));
    assert_eq!(legal(&hand), ["call AH"]);
    let events = act(&mut hand, "P1 call AH").unwrap();
    assert_eq!(hand.game().troela_partner(), Some(Seat(3)));
    // L2 = P2 decides for René, seeing René's hand.
    assert_eq!(turn(&hand), Some(Seat(2)));
    assert!(events.iter().any(|e| matches!(e, Event::Visibility(Visibility::ShownToSeat { seat: Seat(2), .. }))));
    assert_eq!(legal(&hand), ["trump C", "trump D", "trump S"]);
    act(&mut hand, "P2 trump S").unwrap();
    assert_eq!(hand.game().trump(), Some(Suit::Spades));
    assert_eq!(turn(&hand), Some(Seat(1)));
    let input = ScoreInput::contract(Contract::Troela, &[1], Some(3), [2, 5, 3, 3]);
    assert_eq!(score(&config(&[RENE]), &input), [-10, 10, -10, 10]);
    finish_first_legal(&mut hand);
    assert_eq!(hand.outcome().unwrap().input.partner, Some(Seat(3)));
}

// ---------------------------------------------------------------------------------------------
// Three players with a blind (T28, T32, T33)

const BLIND: (&str, &str) = ("players", "three_blind");

/// A deal where P1 holds `KH 2H` and eleven spades with the ace, and `AH` lies with
/// `ah_holder`.
fn blind_rik_deal(ah_holder: usize) -> [String; 4] {
    let p1 = set("KH 2H AS KS QS JS TS 9S 8S 7S 6S 5S 4S");
    let mut rest =
        (0..52).map(|index| Card::from_index(index).unwrap()).filter(|c| !p1.contains(*c) && *c != card("AH"));
    let text = |cards: &[Card]| cards.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" ");
    let mut hands: [String; 4] = Default::default();
    hands[1] = text(&p1.iter().collect::<Vec<_>>());
    for seat in [0, 2, 3] {
        let mut own: Vec<Card> = Vec::new();
        if seat == ah_holder {
            own.push(card("AH"));
        }
        while own.len() < 13 {
            own.push(rest.next().unwrap());
        }
        hands[seat] = text(&own);
    }
    hands
}

fn blind_hand(deal: &[String; 4], settings: &[(&str, &str)]) -> Hand<Rikken> {
    hand_of(deal, 0, settings)
}

#[test]
fn t28_blind_control_in_rik() {
    for (holder, controller) in [(3usize, 1u8), (2, 0)] {
        let mut hand = blind_hand(&blind_rik_deal(holder), &[BLIND]);
        act_all(&mut hand, &lines("P1 bid rik, P2 pass"));
        let events = act(&mut hand, "P0 pass").unwrap();
        assert_eq!(opened_seats(&events), [3], "the blind is shown after the auction");
        act(&mut hand, "P1 trump S").unwrap();
        assert_eq!(legal(&hand), ["call AH"]);
        act(&mut hand, "P1 call AH").unwrap();
        assert_eq!(hand.game().blind_controller(hand.table()), Some(Seat(controller)), "AH with P{holder}");
        let ah = hand.table().slot_of(card("AH")).unwrap();
        // (b): announced at the blind's first turn, by showing AH in P2's hand; (a): public already.
        assert_eq!(hand.table().is_public(ah), holder == 3);
        act_all(&mut hand, &lines("P1 play AS"));
        assert_eq!(hand.table().is_public(ah), holder == 3);
        let p2_card = legal_plays(&hand).first().unwrap();
        act(&mut hand, &format!("P2 play {p2_card}")).unwrap();
        assert_eq!(hand.game().seat_on_turn(), Seat(3));
        assert!(hand.table().is_public(ah), "the controller is announced at the blind's first turn");
        assert_eq!(turn(&hand), Some(Seat(controller)));
        // Play on: the blind's cards are played by its controller.
        let mut legal_now = Vec::new();
        while let Some(actor) = turn(&hand) {
            if hand.game().seat_on_turn() == Seat(3) {
                assert_eq!(actor, Seat(controller));
            }
            hand.legal_actions(&mut legal_now);
            let action = legal_now.iter().copied().find(|a| matches!(a, RikkenAction::Play(_))).unwrap();
            hand.apply(actor, action).unwrap();
        }
        assert_eq!(hand.outcome().unwrap().input.partner, Some(Seat(holder as u8)));
    }
}

#[test]
fn t32_blind_controller_choice() {
    let mut rng = ChaCha8Rng::seed_from_u64(32);
    let deck = shuffled(&mut rng);
    let fresh = || Hand::<Rikken>::from_deck(config(&[BLIND]), Seat(0), &RikkenScores::default(), &deck).unwrap();
    // (a) the lower highest call chooses.
    let mut a = fresh();
    act_all(&mut a, &lines("P1 bid piek, P2 bid misere, P0 pass, P1 pass"));
    assert_eq!(a.game().phase(), Phase::ChooseController);
    assert_eq!(turn(&a), Some(Seat(0)));
    assert_eq!(legal(&a), ["controller P0", "controller P1"]);
    assert!(rejected(&mut a, "P0 controller P2").contains("other humans"));
    act(&mut a, "P0 controller P1").unwrap();
    assert_eq!(a.game().blind_controller(a.table()), Some(Seat(1)));
    assert_eq!(turn(&a), Some(Seat(1)));
    // (b) neither bid: the first to pass chooses (after the trump).
    let mut b = fresh();
    act_all(&mut b, &lines("P1 pass, P2 bid alleen_9, P0 pass, P2 trump C"));
    assert_eq!(turn(&b), Some(Seat(1)));
    assert_eq!(b.game().phase(), Phase::ChooseController);
    // (c) equal calls (misère bid and joined): the first to pass chooses.
    let mut c = fresh();
    act_all(&mut c, &lines("P1 bid misere, P2 join, P0 bid open_piek, P1 pass, P2 pass"));
    assert_eq!(turn(&c), Some(Seat(1)));
    // (d) two declarers: the third human controls, no choice.
    let mut d = fresh();
    act_all(&mut d, &lines("P1 bid misere, P2 join, P0 pass"));
    assert_eq!(d.game().phase(), Phase::Play);
    assert_eq!(d.game().blind_controller(d.table()), Some(Seat(0)));
    // (e) three declarers: control rotates like René's operators (P2, P0, P1, ...).
    let mut e = fresh();
    act_all(&mut e, &lines("P1 bid misere, P2 join, P0 join"));
    assert_eq!(e.game().declarers(), 0b0111);
    assert_eq!(e.game().blind_controller(e.table()), None);
    assert_eq!([0, 1, 2].map(|k| e.game().operator(k).0), [2, 0, 1]);
}

#[test]
fn t33_forced_rik_with_a_blind() {
    for (holder, controller) in [(3usize, 1u8), (2, 0), (0, 2)] {
        let mut hand = blind_hand(&blind_rik_deal(holder), &[BLIND, ("pass_game", "forced_rik")]);
        act_all(&mut hand, &lines("P1 pass, P2 pass, P0 pass"));
        assert_eq!(hand.game().pass_game(), Some(PassGame::ForcedRik));
        assert!(hand.table().hand_slots(Seat(3)).iter().all(|slot| hand.table().is_public(slot)));
        act_all(&mut hand, &lines("P1 trump S, P1 call AH"));
        assert_eq!(hand.game().blind_controller(hand.table()), Some(Seat(controller)), "AH with P{holder}");
    }
    let input = ScoreInput {
        declarers: 0b0010,
        partner: Some(Seat(2)),
        ..ScoreInput::pass_game(PassGame::ForcedRik, [3, 4, 3, 3])
    };
    assert_eq!(score(&config(&[BLIND, ("pass_game", "forced_rik")]), &input), [-5, 5, 5, -5]);
}

// ---------------------------------------------------------------------------------------------
// The joker variant (T25, T29, T30, T35; 3.3, 4, 4.3, 8; visibility V2, V3, V4, V15)

fn visibility(events: &Events) -> Vec<Visibility> {
    events.iter().filter_map(|event| if let Event::Visibility(v) = event { Some(*v) } else { None }).collect()
}

#[test]
fn t25_joker_deal_and_centre_card() {
    let config = config(&[JOKER]);
    let plain = Rikken::layout(&RikkenConfig::defaults(), Seat(3));
    let layout = Rikken::layout(&config, Seat(3));
    assert_eq!(layout.len(), 53);
    assert_eq!(layout.places()[..52], plain.places()[..]);
    assert_eq!(layout.places()[52], Place::Pile(troef_core::Pile::OutOfPlay));
    assert_eq!(Rikken::deck(&config).len(), 53);
    // The deal: each hand to its holder, d52 face down to the centre, then shown to all (V2).
    let deck = deck_with_centre(&DEAL_A, Some("JK"), 3, &[JOKER]);
    let mut events = Events::new();
    let deal: Vec<Option<Card>> = deck.iter().copied().map(Some).collect();
    let hand = Hand::<Rikken>::new(config, Seat(3), &RikkenScores::default(), &deal, &mut events).unwrap();
    let centre = troef_core::SlotSet::single(troef_core::Slot(52));
    let seen = visibility(&events);
    assert_eq!(seen.len(), 6, "{seen:?}");
    assert_eq!(seen[4], Visibility::DealtFaceDown { pile: troef_core::Pile::OutOfPlay, slots: centre });
    assert_eq!(seen[5], Visibility::ShownToAll { slots: centre });
    for seat in 0..4 {
        assert_eq!(hand.table().hand(Seat(seat)), set(DEAL_A[seat as usize]));
        let view = hand.view(troef_core::Viewer::Seat(Seat(seat)));
        assert_eq!(view.table().card_at(troef_core::Slot(52)), Some(Card::JOKER));
    }
    // Next dealer P0, as without the joker.
    let mut scores = RikkenScores::default();
    assert_eq!(
        Rikken::settle(&config, &mut scores, Seat(3), &redeal_outcome()),
        troef_core::MatchStatus::Continue { next_dealer: Seat(0) }
    );
}

/// A table of the 53 cards with the joker suit of Rikken, each listed card with its seat.
fn joker_table(holdings: &[(Seat, Card)]) -> Table {
    let deck: Vec<Card> = rules::joker_deck().iter().collect();
    let mut table = troef_tests::table_with(4, Direction::Clockwise, &deck, holdings);
    table.set_joker_suit(Some(Suit::Clubs));
    table
}

/// Plays `plays` (P0 first) to a table holding them and returns it.
fn joker_trick(plays: &[&str]) -> Table {
    let holdings: Vec<(Seat, Card)> = plays.iter().enumerate().map(|(i, code)| (Seat(i as u8), card(code))).collect();
    let mut table = joker_table(&holdings);
    for (seat, played) in &holdings {
        table.play(*seat, *played, None, &mut Events::new()).unwrap();
    }
    table
}

#[test]
fn t29_the_joker_is_the_lowest_club() {
    // (a) Misère, 2C led: 2C JK 3C AH, the player of 3C wins; the joker follows clubs.
    let table = joker_trick(&["2C", "JK", "3C", "AH"]);
    assert_eq!(table.trick().led, Some(Suit::Clubs));
    assert_eq!(rules::trick_winner(table.trick(), None, false), Some(Seat(2)));
    assert_eq!(table.voids(Seat(1)), 0, "the joker follows a club lead");
    assert_eq!(table.voids(Seat(3)), 1 << Suit::Clubs.index());
    // (b) Clubs trump, KD led: KD JK AD 5D, the joker (lowest trump) wins; P1 shows a diamond void.
    let table = joker_trick(&["KD", "JK", "AD", "5D"]);
    assert_eq!(rules::trick_winner(table.trick(), Some(Suit::Clubs), false), Some(Seat(1)));
    assert_eq!(table.voids(Seat(1)), 1 << Suit::Diamonds.index());
    assert_eq!(rules::trick_winner(table.trick(), None, false), Some(Seat(2)), "no trump: AD");
    // A joker lead leads clubs: followers must follow clubs, a seat that does not shows a void.
    let table = joker_trick(&["JK", "2C", "AH", "KC"]);
    assert_eq!(table.trick().led, Some(Suit::Clubs));
    assert_eq!(table.voids(Seat(2)), 1 << Suit::Clubs.index());
    assert_eq!(table.voids(Seat(1)) | table.voids(Seat(3)), 0);
    assert_eq!(rules::trick_winner(table.trick(), None, false), Some(Seat(3)));
    assert_eq!(rules::trick_winner(table.trick(), Some(Suit::Hearts), false), Some(Seat(2)));
    // Following a joker lead: clubs (the joker counts as one) when held.
    let lead = joker_trick(&["JK"]);
    assert_eq!(legal_cards(set("2C KH 5S"), lead.trick(), &PlayRules::default()), set("2C"));
    assert_eq!(legal_cards(set("KH 5S"), lead.trick(), &PlayRules::default()), set("KH 5S"));
    let club = joker_trick(&["9C"]);
    assert_eq!(legal_cards(set("JK KH 5S"), club.trick(), &PlayRules::default()), set("JK"));
    // Without a joker suit (every other game) the table gives a joker lead no suit.
    let mut plain = joker_table(&[(Seat(0), Card::JOKER)]);
    plain.set_joker_suit(None);
    plain.play(Seat(0), Card::JOKER, None, &mut Events::new()).unwrap();
    assert_eq!(plain.trick().led, None);
}

#[test]
fn t29_through_the_engine() {
    let mut hand = joker_hand(&t29_misere_deal(), 3, &[]);
    act_all(&mut hand, &lines("P0 pass, P1 pass, P2 bid misere, P3 pass"));
    assert_eq!(hand.game().phase(), Phase::JokerExchange);
    act_all(&mut hand, &lines("P2 keep, P0 play 2C"));
    // P1's clubs: the joker only.
    assert_eq!(legal_plays(&hand), set("JK"));
    assert!(rejected(&mut hand, "P1 play 3D").contains("joker is a club"));
    act_all(&mut hand, &lines("P1 play JK, P2 play 3C, P3 play AH"));
    assert_eq!(hand.to_act(), ToAct::HandOver, "the misère declarer won the trick");
    assert_eq!(deltas(&hand), [30, 30, -90, 30]);
}

#[test]
fn t30_blind_king_call_with_the_centre_ace() {
    let hand_cards = set(T30_HAND);
    let standard = config(&[]).call;
    let centre = set("AS");
    assert_eq!(rules::call_rank(hand_cards.union(centre)), troef_core::Rank::KING);
    assert_eq!(call_candidates(hand_cards, centre, Suit::Clubs, &standard), (set("KS"), true));
    assert_eq!(call_candidates(hand_cards, centre, Suit::Diamonds, &standard), (set("KS"), true));
    assert_eq!(call_candidates(hand_cards, centre, Suit::Spades, &standard).0, CardSet::EMPTY);
    // Were AS not out of play, r would be the ace and AS itself the blind call.
    assert_eq!(call_candidates(hand_cards, CardSet::EMPTY, Suit::Clubs, &standard), (set("AS"), true));

    let mut hand = joker_hand(&t30_deal(), 3, &[]);
    act_all(&mut hand, &lines("P0 bid rik, P1 pass, P2 pass, P3 pass"));
    assert_eq!(legal(&hand)[0], "keep");
    act(&mut hand, "P0 keep").unwrap();
    assert_eq!(legal(&hand), ["trump C", "trump D"]);
    assert!(rejected(&mut hand, "P0 trump S").contains("no legal call"));
    act(&mut hand, "P0 trump D").unwrap();
    assert_eq!(legal(&hand), ["call KS blind"]);
    assert!(rejected(&mut hand, "P0 call KS").contains("blind"));
    assert!(rejected(&mut hand, "P0 call AS blind").contains("out of play"));
    act(&mut hand, "P0 call KS blind").unwrap();
    // The blind lead exists, with any card of the hand (none is a spade).
    assert_eq!(legal(&hand).iter().filter(|a| a.starts_with("lead_face_down")).count(), 13);
}

#[test]
fn t35_joker_exchange_restricted_in_rik_beter() {
    let mut hand = joker_hand(&t35_deal(), 3, &[]);
    act_all(&mut hand, &lines("P0 bid rik_beter, P1 pass, P2 pass, P3 pass"));
    let mut expected = vec!["keep".to_string()];
    expected.extend(set(T35_HAND).iter().filter(|&c| c != card("2C")).map(|c| format!("exchange {c}")));
    assert_eq!(legal(&hand), expected);
    assert!(rejected(&mut hand, "P0 exchange 2C").contains("legal call with hearts"));
    assert!(rejected(&mut hand, "P0 exchange 3H").contains("not in"));
    assert!(rejected(&mut hand, "P0 trump H").contains("keep or exchange"));
    let mut kept = hand.clone();
    act(&mut kept, "P0 keep").unwrap();
    assert_eq!(legal(&kept), ["call AC"]);
    act(&mut hand, "P0 exchange KS").unwrap();
    assert!(hand.table().hand(Seat(0)).contains(card("3H")));
    assert_eq!(legal(&hand), ["call AC"]);
    // Other contracts are not restricted: in Rik the same hand may put out its only club.
    let mut rik = joker_hand(&t35_deal(), 3, &[]);
    act_all(&mut rik, &lines("P0 bid rik, P1 pass, P2 pass, P3 pass"));
    assert_eq!(legal(&rik).len(), 14);
    act(&mut rik, "P0 exchange 2C").unwrap();
    assert!(!legal(&rik).is_empty(), "a plain trump with a legal call remains");
}

#[test]
fn joker_rik_beter_bid_counts_the_centre_card_as_held() {
    // T16's hand cannot bid rik beter; with the ace of hearts in the centre (held for the call)
    // hearts has its ace and the void suits are called blind.
    let p0 = "KH QH JH TH 9H 8H 7H 6H AS 9S 8S 7S 6S";
    let with_ah = joker_deal([p0, "", "", ""], "AH", |_, _| true);
    let mut hand = joker_hand(&with_ah, 3, &[]);
    assert!(legal(&hand).contains(&"bid rik_beter".to_string()));
    act_all(&mut hand, &lines("P0 bid rik_beter, P1 pass, P2 pass, P3 pass, P0 keep"));
    assert_eq!(legal(&hand), ["call AC blind", "call AD blind"]);
    let with_2c = joker_deal([p0, "", "", ""], "2C", |_, _| true);
    let mut refused = joker_hand(&with_2c, 3, &[]);
    assert!(rejected(&mut refused, "P0 bid rik_beter").contains("rik beter"));
}

#[test]
fn joker_troela_needs_the_fourth_ace_in_another_hand() {
    // P1 holds three aces; the fourth in the centre: no troela.
    let in_centre =
        joker_deal(["", "AC AD AS", "", ""], "AH", |seat, c| seat == 1 || c.rank() != Some(troef_core::Rank::ACE));
    let mut hand = joker_hand(&in_centre, 0, &[]);
    assert!(!legal(&hand).contains(&"bid troela".to_string()));
    assert!(rejected(&mut hand, "P1 bid troela").contains("centre"));
    let mandatory = joker_hand(&in_centre, 0, &[("troela_mandatory", "true")]);
    assert!(legal(&mandatory).contains(&"pass".to_string()), "troela is not biddable, so not mandatory");
    // The fourth ace with P3: troela; P1 puts one of his aces out, yet names P3's ace.
    let with_p3 = joker_deal(["", "AC AD AS", "", "AH"], "2C", |seat, c| {
        seat == 1 || seat == 3 || c.rank() != Some(troef_core::Rank::ACE)
    });
    let mut hand = joker_hand(&with_p3, 0, &[]);
    act_all(&mut hand, &lines("P1 bid troela, P2 pass, P3 pass, P0 pass, P1 exchange AS"));
    assert_eq!(legal(&hand), ["call AH"]);
    assert!(rejected(&mut hand, "P1 call AS").contains("not in a hand"));
    act(&mut hand, "P1 call AH").unwrap();
    assert_eq!(hand.game().troela_partner(), Some(Seat(3)));
    assert_eq!(legal(&hand), ["trump C", "trump D", "trump S"]);
}

#[test]
fn joker_called_card_duties_on_a_joker_lead() {
    // P0 (eldest, dealer P3) declares rik with trump D, calls AC (held by P1) and leads the
    // joker.
    let deal = joker_deal(["JK 2C KD", "AC 3C", "", ""], "9H", |seat, c| {
        seat != 0 || (c.suit() != Some(Suit::Clubs) && c.rank() != Some(troef_core::Rank::ACE))
    });
    let mut hand = joker_hand(&deal, 3, &[]);
    act_all(&mut hand, &lines("P0 bid rik, P1 pass, P2 pass, P3 pass, P0 keep, P0 trump D, P0 call AC"));
    act(&mut hand, "P0 play JK").unwrap();
    assert_eq!(hand.table().trick().led, Some(Suit::Clubs));
    // The joker lead is the first trick of clubs: the partner must play the called ace.
    assert_eq!(legal_plays(&hand), set("AC"));
    assert!(rejected(&mut hand, "P1 play 3C").contains("called card"));
    act(&mut hand, "P1 play AC").unwrap();
    assert_eq!(hand.game().called_played_by(), Some(Seat(1)));
    // A partner holding the joker may not lead it while the called club is unplayed.
    let rules = PlayRules { called: Some(card("AC")), ..PlayRules::default() };
    let empty = joker_table(&[]);
    assert_eq!(legal_cards(set("AC JK 5D"), empty.trick(), &rules), set("AC 5D"));
}

#[test]
fn joker_visibility_events_and_views() {
    let mut hand = joker_hand(&t35_deal(), 3, &[]);
    act_all(&mut hand, &lines("P0 bid rik_beter, P1 pass, P2 pass"));
    let centre = troef_core::Slot(52);
    let ks = hand.table().slot_of(card("KS")).unwrap();
    let events = act(&mut hand, "P3 pass").unwrap();
    assert!(visibility(&events).is_empty(), "the auction shows nothing");
    assert!(hand.passes_face_down(Seat(0), RikkenAction::Exchange(card("KS"))));
    assert!(!hand.passes_face_down(Seat(0), RikkenAction::Keep));
    let events = act(&mut hand, "P0 exchange KS").unwrap();
    assert_eq!(
        visibility(&events),
        [
            Visibility::DiscardedFaceDown { seat: Seat(0), slots: troef_core::SlotSet::single(ks) },
            Visibility::TakenIntoHand { seat: Seat(0), slots: troef_core::SlotSet::single(centre) },
        ]
    );
    let table = hand.table();
    assert_eq!(table.place(ks), Place::Pile(troef_core::Pile::OutOfPlay));
    assert_eq!(table.place(centre), Place::Hand(Seat(0)));
    assert!(table.is_public(centre) && !table.is_public(ks) && table.is_seen_by(ks, Seat(0)));
    for seat in 1..4 {
        let view = hand.view(troef_core::Viewer::Seat(Seat(seat)));
        assert_eq!(view.table().card_at(ks), None, "P{seat} does not see the card put out");
        assert_eq!(view.table().card_at(centre), Some(card("3H")));
    }
    assert_eq!(hand.view(troef_core::Viewer::Seat(Seat(0))).table().card_at(ks), Some(card("KS")));
    // The end of the deal reveals the card put out (V15).
    act(&mut hand, "P0 call AC").unwrap();
    let mut revealed = troef_core::SlotSet::EMPTY;
    let mut legal_now = Vec::new();
    while let Some(seat) = turn(&hand) {
        hand.legal_actions(&mut legal_now);
        let action = legal_now.iter().copied().find(|a| matches!(a, RikkenAction::Play(_))).unwrap_or(legal_now[0]);
        for change in visibility(&hand.apply(seat, action).unwrap()) {
            if let Visibility::RevealedAtEnd { slots } = change {
                revealed = slots;
            }
        }
    }
    assert!(revealed.contains(ks));
    assert!(hand.table().is_public(ks));
    let outcome = hand.outcome().unwrap();
    assert_eq!((outcome.centre, outcome.exchanged), (Some(card("3H")), true));
    assert!(Rikken::breakdown(hand.config(), &outcome).iter().any(|line| line.contains("took the centre card 3H")));
}

#[test]
fn audit_catches_a_revoke_against_a_joker_lead_and_a_false_exchange() {
    let audit = |deal: &([String; 4], String), actions: &str| {
        let deck = deck_with_centre(&refs(&deal.0), Some(&deal.1), 3, &[JOKER]);
        let record = hand_record::<Rikken>(&values(&[JOKER]), Seat(3), &deck, None, lines(actions));
        audit_hand::<Rikken>(&record).unwrap().into_iter().map(|v| (v.action_index, v.seat, v.rule)).collect::<Vec<_>>()
    };
    // P0 leads the joker in a misère; P1 holds clubs but discards a heart.
    let deal = joker_deal(["JK", "2C KH", "", ""], "9H", |seat, c| seat != 0 || c.suit() != Some(Suit::Clubs));
    let found = audit(&deal, "P0 pass, P1 pass, P2 bid misere, P3 pass, P2 keep, P0 play JK, P1 play KH");
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!((found[0].0, found[0].1), (6, 1));
    assert!(found[0].2.contains("follow suit"), "{found:?}");
    // The same with the joker as the follower's only club, on a club lead.
    let deal = joker_deal(["2C", "JK KH", "", ""], "9H", |seat, c| seat != 1 || c.suit() != Some(Suit::Clubs));
    let found = audit(&deal, "P0 pass, P1 pass, P2 bid misere, P3 pass, P2 keep, P0 play 2C, P1 play KH");
    assert_eq!((found[0].0, found[0].1), (6, 1), "{found:?}");
    assert!(found[0].2.contains("joker is a club"), "{found:?}");
    // T35: putting out the only club destroys the hearts call.
    let found = audit(&t35_deal(), "P0 bid rik_beter, P1 pass, P2 pass, P3 pass, P0 exchange 2C");
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!((found[0].0, found[0].1), (4, 0));
    assert!(found[0].2.contains("legal call with hearts"), "{found:?}");
    // A peer that cannot see P0's hand accepts the exchange as a face-down discard it cannot
    // check: only the audit can tell.
    let mut full = joker_hand(&t35_deal(), 3, &[]);
    act_all(&mut full, &lines("P0 bid rik_beter, P1 pass, P2 pass, P3 pass"));
    let mut lenient = full.clone();
    lenient.table_mut().defer_checks(Seat(0), true);
    assert!(act(&mut full, "P0 exchange 2C").is_err());
    act(&mut lenient, "P0 exchange 2C").unwrap();
}

#[test]
fn joker_actions_round_trip() {
    let config = config(&[JOKER]);
    for text in ["keep", "exchange JK", "exchange 5D", "play JK", "lead_face_down JK"] {
        let action = Rikken::parse_action(&config, &text.to_uppercase()).unwrap();
        assert_eq!(Rikken::format_action(&action), text);
    }
}

#[test]
fn joker_random_play_is_exact_and_reaches_every_contract_kind() {
    let mut rng = ChaCha8Rng::seed_from_u64(53);
    for settings in [
        vec![JOKER],
        vec![JOKER, ("pass_game", "forced_rik"), ("troela_mandatory", "true")],
        vec![JOKER, ("call_mode", "silent_void"), ("troela_ace_lead", "true"), ("plain_trump_may_be_hearts", "true")],
    ] {
        let config = config(&settings);
        for _ in 0..100 {
            let mut deck: Vec<Card> = rules::joker_deck().iter().collect();
            deck.shuffle(&mut rng);
            let dealer = draw_dealer(&config, &mut rng);
            random_deal(&config, &deck, dealer, &[], &mut rng, true, &mut 0);
        }
    }
    let config = config(&[JOKER]);
    let kinds = Rikken::contract_kinds(&config);
    let mut counts: BTreeMap<&str, u32> = kinds.iter().map(|&kind| (kind, 0)).collect();
    let mut exchanged = 0;
    for _ in 0..12_000 {
        let mut deck: Vec<Card> = rules::joker_deck().iter().collect();
        deck.shuffle(&mut rng);
        let dealer = draw_dealer(&config, &mut rng);
        let outcome = random_deal(&config, &deck, dealer, &[], &mut rng, false, &mut 0);
        *counts.get_mut(Rikken::contract_kind(&outcome)).unwrap() += 1;
        exchanged += u32::from(outcome.exchanged);
    }
    let rare: BTreeSet<_> = counts.iter().filter(|(_, &count)| count < 3).collect();
    assert!(rare.is_empty(), "{counts:?}");
    assert!(exchanged > 1000, "only {exchanged} exchanges");
}

// ---------------------------------------------------------------------------------------------
// Shuffle modes (2.3, 8): the gathering order

fn vector_record(file: &str) -> HandRecord {
    troef_tests::read_hand_records(VECTOR_DIR)
        .into_iter()
        .find(|(name, _)| name == file)
        .map(|(_, record)| record)
        .unwrap_or_else(|| panic!("{file} missing"))
}

#[test]
fn gathering_order_of_a_played_deal() {
    use troef_core::games::rikken::shuffle::gathered_cards;
    // T17 on Deal A, eldest P0: P0 won tricks 2-5, 9 and 13; P1 trick 6; P2 none; P3 tricks 1,
    // 7, 8, 10, 11 and 12. Each trick in play order, the face-down 3H first in trick 1.
    let record = vector_record("t17_blind_call_and_lead.json");
    let config = config(&[]);
    let gathered = gathered_cards(&config, &record).unwrap();
    let tricks: Vec<Vec<Card>> = std::iter::once("P0:3H P1:4D P2:AD P3:2C")
        .chain(T17_TRICKS)
        .map(|row| row.split_whitespace().map(|cell| card(&cell[3..])).collect())
        .collect();
    let mut expected = Vec::new();
    for index in [2, 3, 4, 5, 9, 13, 6, 1, 7, 8, 10, 11, 12] {
        expected.extend(tricks[index - 1].iter().copied());
    }
    assert_eq!(gathered, expected);
    // A deal that ended by a claim before a card was played: each hand in dealt order, from
    // eldest P1 (dealer P0).
    let record = vector_record("t21a_claim_accepted.json");
    let gathered = gathered_cards(&config, &record).unwrap();
    let deck = deck_for(&DEAL_B, 0, &[]);
    let layout = Rikken::layout(&config, Seat(0));
    let mut expected = Vec::new();
    for seat in [1, 2, 3, 0] {
        expected.extend(layout.slots_of(Place::Hand(Seat(seat))).iter().map(|slot| deck[slot.0 as usize]));
    }
    assert_eq!(gathered, expected);
    // The joker variant: the card put out of play comes last; the centre card taken into P0's
    // hand was played like any other.
    let record = vector_record("t25_joker_deal_a_exchange.json");
    let joker = self::config(&[JOKER]);
    let gathered = gathered_cards(&joker, &record).unwrap();
    assert_eq!(gathered.len(), 53);
    assert_eq!(gathered.last(), Some(&card("2S")));
    assert_eq!(gathered.iter().copied().collect::<CardSet>(), rules::joker_deck());
    // A record of another config is refused.
    assert!(gathered_cards(&config, &record).is_err());
}

#[test]
fn full_shuffle_schedule() {
    use troef_core::games::rikken::shuffle::full_shuffle_due;
    let due = |mode: &str| {
        (0..8).map(|deals| full_shuffle_due(&config(&[("deal_shuffle", mode)]), deals)).collect::<Vec<_>>()
    };
    assert_eq!(due("full"), [true; 8]);
    assert_eq!(due("cut_only"), [true, false, false, false, false, false, false, false]);
    assert_eq!(due("periodic"), [true, false, false, true, false, false, true, false]);
    // Through the match: the next deck after the first deal is a cut of the gathered cards.
    let record = vector_record("t17_blind_call_and_lead.json");
    let cut = config(&[("deal_shuffle", "cut_only")]);
    let mut game_match = troef_core::Match::<Rikken>::new(cut, Seat(3));
    assert_eq!(game_match.next_deck(None).unwrap(), troef_core::NextDeck::Shuffle);
    let mut values_cut = record.clone();
    values_cut.config.insert("deal_shuffle".into(), "cut_only".into());
    let replayed = troef_core::record::replay_hand::<Rikken>(&values_cut).unwrap();
    game_match.settle(&replayed.hand).unwrap();
    match game_match.next_deck(Some(&values_cut)).unwrap() {
        troef_core::NextDeck::Cut(gathered) => {
            assert_eq!(gathered.len(), 52);
            let deck = troef_core::cut_deck(&gathered, 5).unwrap();
            assert_eq!(deck[..47], gathered[5..]);
            assert_eq!(deck[47..], gathered[..5]);
            assert!(troef_core::cut_deck(&gathered, 0).is_err() && troef_core::cut_deck(&gathered, 52).is_err());
            assert!(game_match.deal(&deck).is_ok());
        }
        other => panic!("{other:?}"),
    }
}

/// 3.3's proof, by brute force on random hands: with any card out of play (joker variant, the
/// out-of-play card counting as held), Rik always has a plain trump with a legal call (so forced
/// rik, with all four suits, has one too), under both call modes and with the trump ace callable
/// or not; and no call ever names a held or out-of-play card.
#[test]
fn rik_always_has_a_legal_call_with_a_card_out_of_play() {
    let mut rng = ChaCha8Rng::seed_from_u64(33);
    let modes =
        [config(&[]).call, config(&[("call_mode", "silent_void")]).call, config(&[("call_trump_ace", "true")]).call];
    for _ in 0..20_000 {
        let mut deck: Vec<Card> = rules::joker_deck().iter().collect();
        deck.shuffle(&mut rng);
        let hand: CardSet = deck[..13].iter().copied().collect();
        let out_of_play = CardSet::single(deck[13]);
        for rules in &modes {
            let legal = |suit: Suit| !call_candidates(hand, out_of_play, suit, rules).0.is_empty();
            assert!([Suit::Clubs, Suit::Diamonds, Suit::Spades].into_iter().any(legal), "{hand:?} out {out_of_play:?}");
            for trump in Suit::ALL {
                let (cards, _) = call_candidates(hand, out_of_play, trump, rules);
                assert!(cards.intersection(hand.union(out_of_play)).is_empty(), "a held or out-of-play card called");
            }
        }
    }
}

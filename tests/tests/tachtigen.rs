//! Tachtigen: every test vector of `../shared/rules/tachtigen.md` section 10 that the
//! implemented variants cover, plus random-play checks (apply accepts exactly the legal actions,
//! every contract kind occurs, the audit catches false roem claims and a discarded queen of
//! spades).
//!
//! Full-deal vectors live as hand records in `vectors/tachtigen/*.json`; they are written by the
//! test `vector_records_match_the_spec_data` (run it with `TROEF_BLESS=1` to rewrite them) from
//! the spec's data typed in below, and `vector_records_replay` replays every file there.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeMap;
use troef_core::games::brabant::{self, card_points, detect, Combo, Roem, RoemTable, RANK_ORDER};
use troef_core::games::tachtigen::{
    legal_plays, points_settlement, special_result, Contract, Goal, Special, Tachtigen, TachtigenAction,
    TachtigenConfig, TachtigenScores, TrickResult,
};
use troef_core::record::{audit_hand, deck_from_deal, hand_record, replay_hand, Expectation, HandRecord};
use troef_core::{
    Card, CardSet, ConfigValues, Direction, Event, Events, Game, Hand, Place, ScoreSheet, Seat, Suit, Table, ToAct,
    Visibility,
};
use troef_tests::{card, cards, set};

const VECTOR_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/vectors/tachtigen");

// ---------------------------------------------------------------------------------------------
// Helpers

fn values(settings: &[(&str, &str)]) -> ConfigValues {
    ConfigValues::validate(Tachtigen::config_keys(), settings.iter().copied()).expect("valid settings")
}

fn config(settings: &[(&str, &str)]) -> TachtigenConfig {
    Tachtigen::config(&values(settings))
}

fn suit(letter: &str) -> Suit {
    letter.parse().expect("suit letter")
}

/// A deal as the spec lists it: P0, P1, P2 and the stok.
struct Deal {
    hands: [&'static str; 3],
    stok: &'static str,
}

const S06: Deal = Deal {
    hands: ["8S 7S QD JD 9D 7D KC JC TC 9C", "AH JH TH 9H 7H AS TS AD QC 8C", "KH QH 8H 6H QS JS 9S KD TD AC"],
    stok: "7C 8D KS",
};
const S09: Deal = Deal {
    hands: ["JS TS JH TH 9H JD TD 9D JC TC", "KS 7S 8H 7H 6H 8D 7D 9C AC AH", "AS QS 9S 8S KH QH KD QD KC QC"],
    stok: "8C 7C AD",
};
const S10: Deal = Deal {
    hands: ["AS KS KH QH JH KD QD KC QC JC", "JS TS 9S TH 9H JD TD 9D TC 9C", "QS 7S 8H 7H 6H AD 8D 7D 8C 7C"],
    stok: "AH AC 8S",
};
const S14: Deal = Deal {
    hands: ["AS KS QS KH TH KD QD AC TC 7C", "8S 7S 9C 9H 8H 7H 6H 9D AD KC", "JS TS 9S QH JH JD TD QC JC 8C"],
    stok: "8D 7D AH",
};

const S06_TRICKS: [&str; 10] = [
    "P1: JH 6H 9C",
    "P1: 9H 8H 7S",
    "P1: AH QH 8S",
    "P1: AS JS 7D",
    "P1: KS KH 9D",
    "P2: AC TC 7H",
    "P1: AD KD JD",
    "P1: TS QS KC",
    "P2: TD QD TH",
    "P1: QC 9S JC",
];

/// The deck order that deals `deal` when `dealer` deals.
fn deck_of(settings: &[(&str, &str)], dealer: u8, deal: &Deal) -> Vec<Card> {
    let config = config(settings);
    let mut map: BTreeMap<String, Vec<Card>> = BTreeMap::new();
    for (seat, hand) in deal.hands.iter().enumerate() {
        map.insert(format!("P{seat}"), cards(hand));
    }
    map.insert("talon".to_string(), cards(deal.stok));
    deck_from_deal::<Tachtigen>(&Tachtigen::layout(&config, Seat(dealer)), &map).expect("deal fits the layout")
}

/// `P1: JH 6H 9C` → `P1 play JH`, `P2 play 6H`, `P0 play 9C`.
fn trick_lines(tricks: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    for trick in tricks {
        let (leader, played) = trick.split_once(':').expect("leader: cards");
        let mut seat: u8 = leader.trim().trim_start_matches('P').parse().expect("seat");
        for code in played.split_whitespace() {
            out.push(format!("P{seat} play {code}"));
            seat = (seat + 1) % 3;
        }
    }
    out
}

/// `P1: 80, P2: Pass` → `P1 80`, `P2 pass`.
fn lines(text: &str) -> Vec<String> {
    text.split(',')
        .map(|line| {
            line.trim().replacen(':', "", 1).to_lowercase().replace("p0", "P0").replace("p1", "P1").replace("p2", "P2")
        })
        .filter(|line| !line.is_empty())
        .map(|line| {
            // Card codes back to upper case.
            line.split_whitespace()
                .map(|word| {
                    if word.len() == 2 && word.parse::<Card>().is_ok() {
                        word.to_uppercase()
                    } else {
                        word.to_string()
                    }
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}

fn new_hand(settings: &[(&str, &str)], dealer: u8, deal: &Deal) -> Hand<Tachtigen> {
    let config = config(settings);
    Hand::from_deck(config, Seat(dealer), &TachtigenScores::default(), &deck_of(settings, dealer, deal)).expect("hand")
}

fn act(hand: &mut Hand<Tachtigen>, line: &str) -> Result<Events, String> {
    let (who, action) = hand.parse_line(line).map_err(|e| e.to_string())?;
    hand.apply(who, action).map_err(|e| e.to_string())
}

fn act_all(hand: &mut Hand<Tachtigen>, actions: &[String]) {
    for line in actions {
        act(hand, line).unwrap_or_else(|error| panic!("{line}: {error}"));
    }
}

/// Applies an illegal line and checks that it fails and leaves the hand exactly unchanged.
fn rejected(hand: &mut Hand<Tachtigen>, line: &str) -> String {
    let before = hand.clone();
    let error = act(hand, line).expect_err(line);
    assert_eq!(*hand, before, "{line} changed the hand");
    error
}

fn legal(hand: &Hand<Tachtigen>) -> Vec<String> {
    let mut out = Vec::new();
    hand.legal_actions(&mut out);
    out.iter().map(Tachtigen::format_action).collect()
}

fn turn(hand: &Hand<Tachtigen>) -> Seat {
    match hand.to_act() {
        ToAct::Seat(seat) => seat,
        ToAct::HandOver => panic!("hand is over"),
    }
}

fn sheet(pairs: &[(&str, i64)]) -> ScoreSheet {
    pairs.iter().map(|&(k, v)| (k.to_string(), v)).collect()
}

// ---------------------------------------------------------------------------------------------
// Full-deal records (S-05.2, S-05.6, S-06, S-09, S-10, S-11, S-14)

struct VectorSpec {
    file: &'static str,
    settings: Vec<(&'static str, &'static str)>,
    dealer: u8,
    deal: &'static Deal,
    actions: Vec<String>,
    deltas: [i64; 3],
    next_dealer: u8,
}

fn vector_specs() -> Vec<VectorSpec> {
    let with = |calls: &str, tricks: &[&str]| {
        let mut all = lines(calls);
        all.extend(trick_lines(tricks));
        all
    };
    let s06_auction = "P1: 80, P2: 90, P0: Pass, P1: 100, P2: Pass";
    vec![
        VectorSpec {
            file: "s05_2_all_pass.json",
            settings: vec![],
            dealer: 0,
            deal: &S06,
            actions: lines("P1: Pass, P2: Pass, P0: Pass"),
            deltas: [0, 0, 0],
            next_dealer: 1,
        },
        VectorSpec {
            file: "s05_6_forehand_80_bought_off.json",
            settings: vec![("all_pass", "forehand_80")],
            dealer: 0,
            deal: &S06,
            actions: lines("P1: Pass, P2: Pass, P0: Pass, P1: buy_off"),
            deltas: [2, -4, 2],
            next_dealer: 1,
        },
        VectorSpec {
            file: "s06_points_made.json",
            settings: vec![],
            dealer: 0,
            deal: &S06,
            actions: with(
                &format!("{s06_auction}, P1: play, P1: discard 8D 8C 7C, P1: trump H, P1: roem run JH TH 9H"),
                &S06_TRICKS,
            ),
            deltas: [-4, 8, -4],
            next_dealer: 1,
        },
        VectorSpec {
            // With roem_denial both opponents are asked; neither holds a better combination.
            file: "s06_roem_denial.json",
            settings: vec![("roem_denial", "true")],
            dealer: 0,
            deal: &S06,
            actions: with(
                &format!(
                    "{s06_auction}, P1: play, P1: discard 8D 8C 7C, P1: trump H, P1: roem run JH TH 9H, P2: no_deny, \
                     P0: no_deny"
                ),
                &S06_TRICKS,
            ),
            deltas: [-4, 8, -4],
            next_dealer: 1,
        },
        VectorSpec {
            file: "s09_ouvert_lost.json",
            settings: vec![],
            dealer: 2,
            deal: &S09,
            actions: with(
                "P0: Pass, P1: ouvert, P2: Pass, P1: discard AC AH AD, P1: trump D",
                &["P1: 7C QC JC", "P2: 8S TS 7S", "P0: 9H 8H QH", "P2: 9S JS KS"],
            ),
            deltas: [20, -40, 20],
            next_dealer: 0,
        },
        VectorSpec {
            file: "s10_schoppen_vrouw_won.json",
            settings: vec![],
            dealer: 1,
            deal: &S10,
            actions: with(
                "P2: schoppen_vrouw, P0: Pass, P1: Pass, P2: discard AH AC AD",
                &["P2: 7S KS 9S", "P0: AS TS QS"],
            ),
            deltas: [-5, -5, 10],
            next_dealer: 2,
        },
        VectorSpec {
            file: "s11_buy_off.json",
            settings: vec![],
            dealer: 0,
            deal: &S06,
            actions: lines(&format!("{s06_auction}, P1: buy_off")),
            deltas: [2, -4, 2],
            next_dealer: 1,
        },
        VectorSpec {
            file: "s11_buy_off_120_cost_3.json",
            settings: vec![("buyoff_max_bid", "120"), ("buyoff_cost_ct", "3")],
            dealer: 0,
            deal: &S06,
            actions: lines("P1: 80, P2: 90, P0: Pass, P1: 120, P2: Pass, P1: buy_off"),
            deltas: [3, -6, 3],
            next_dealer: 1,
        },
        VectorSpec {
            file: "s14_praat_lost.json",
            settings: vec![],
            dealer: 2,
            deal: &S14,
            actions: with(
                "P0: 100, P1: praat, P2: Pass, P0: Pass, P1: discard AD KC AH, P1: trump S",
                &["P1: 6H JH KH", "P0: 7C 9C 8C"],
            ),
            deltas: [25, -50, 25],
            next_dealer: 0,
        },
    ]
}

fn build_record(spec: &VectorSpec) -> HandRecord {
    let values = values(&spec.settings);
    let deck = deck_of(&spec.settings, spec.dealer, spec.deal);
    let mut record = hand_record::<Tachtigen>(&values, Seat(spec.dealer), &deck, None, spec.actions.clone());
    let after: Vec<(String, i64)> =
        (0..3).map(|seat| (format!("P{seat}"), spec.deltas[seat])).chain([("deals".to_string(), 1)]).collect();
    record.expect = Some(Expectation {
        scores_after: Some(after.into_iter().collect()),
        deltas: Some(spec.deltas.to_vec()),
        result: Some("continue".to_string()),
        next_dealer: Some(spec.next_dealer),
    });
    record
}

#[test]
fn vector_records_replay() {
    troef_tests::check_vector_records::<Tachtigen>(VECTOR_DIR, vector_specs().len());
}

/// The record files are the spec data above, written out (`TROEF_BLESS=1` rewrites them).
#[test]
fn vector_records_match_the_spec_data() {
    troef_tests::check_or_bless(
        VECTOR_DIR,
        vector_specs().iter().map(|spec| (spec.file, build_record(spec))).collect(),
    );
}

/// S-06 step by step: P, the breakdown, each trick's winner and points.
#[test]
fn s06_points_contract_made() {
    let mut hand = new_hand(&[], 0, &S06);
    act_all(&mut hand, &lines("P1: 80, P2: 90, P0: Pass, P1: 100, P2: Pass"));
    assert_eq!(hand.game().contract(), Some(Contract::Points(100)));
    assert_eq!(hand.table().hand(Seat(1)).len(), 13, "the stok is in P1's hand");
    assert_eq!(legal(&hand), ["play", "buy_off"]);
    act_all(&mut hand, &lines("P1: play, P1: discard 8D 8C 7C, P1: trump H"));
    assert_eq!(hand.table().hand(Seat(1)), set("AH JH TH 9H 7H AS KS TS AD QC"));
    assert_eq!(legal(&hand), ["roem none", "roem run JH TH 9H"], "his only combination");
    act(&mut hand, "P1 roem run JH TH 9H").unwrap();
    let winners = ["P1", "P1", "P1", "P1", "P2", "P1", "P1", "P2", "P1", "P1"];
    let points = [20, 14, 13, 12, 6, 21, 15, 15, 22, 12];
    for (index, line) in trick_lines(&S06_TRICKS).chunks(3).enumerate() {
        act_all(&mut hand, line);
        let last = hand.table().last_trick().unwrap();
        assert_eq!(format!("P{}", last.winner(Some(Suit::Hearts), &RANK_ORDER).unwrap().0), winners[index]);
        let bonus = if index == 9 { 9 } else { 0 };
        assert_eq!(brabant::points(last.card_set(), Some(Suit::Hearts)) + bonus, points[index], "trick {}", index + 1);
    }
    let outcome = hand.outcome().unwrap();
    assert_eq!((outcome.roem, outcome.points, outcome.cents), (20, 129, 4));
    assert_eq!(outcome.card_points[2] + outcome.discard_points, 21);
    assert_eq!(outcome.deltas, [-4, 8, -4]);
    let breakdown = Tachtigen::breakdown(hand.config(), &outcome).join("\n");
    assert!(breakdown.contains("T = 100 - 20 = 80") && breakdown.contains("P 129"), "{breakdown}");
}

/// S-09: the legal set at trick 4, and V13 after trick 3 (the declarer's 7 cards).
#[test]
fn s09_ouvert_opens_after_trick_three() {
    let mut hand = new_hand(&[], 2, &S09);
    act_all(&mut hand, &lines("P0: Pass, P1: ouvert, P2: Pass"));
    assert_eq!(legal(&hand).len(), 286, "no buy-off for a special contract: every discard");
    act_all(&mut hand, &lines("P1: discard AC AH AD, P1: trump D"));
    let plays = trick_lines(&["P1: 7C QC JC", "P2: 8S TS 7S", "P0: 9H 8H QH"]);
    let mut opened = None;
    for line in &plays {
        let events = act(&mut hand, line).unwrap();
        for event in events {
            if let Event::Visibility(Visibility::HandOpened { seat, slots }) = event {
                opened = Some((seat, hand.table().cards_in(slots)));
            }
        }
    }
    assert_eq!(opened, Some((Seat(1), set("KS 7H 6H 8D 7D 9C 8C"))));
    act(&mut hand, "P2 play 9S").unwrap();
    act(&mut hand, "P0 play JS").unwrap();
    let mut plays = legal(&hand);
    plays.sort();
    assert_eq!(plays, ["play 7D", "play 8D", "play KS"]);
    act(&mut hand, "P1 play KS").unwrap();
    assert_eq!(hand.to_act(), ToAct::HandOver, "lost at trick 4, tricks 5-10 not played");
    assert_eq!(hand.outcome().unwrap().deltas, [20, -40, 20]);
}

/// S-10: a discard holding the queen of spades is refused in schoppen_vrouw.
#[test]
fn s10_queen_of_spades_may_not_be_discarded() {
    let mut hand = new_hand(&[], 1, &S10);
    act_all(&mut hand, &lines("P2: schoppen_vrouw, P0: Pass, P1: Pass"));
    let error = rejected(&mut hand, "P2 discard QS AH AC");
    assert!(error.contains("queen of spades"), "{error}");
    assert!(legal(&hand).iter().all(|line| !line.contains("QS")));
    assert_eq!(legal(&hand).len(), 286 - 66, "every three of the other 12 cards");
}

/// S-11: the buy-off is offered only for points bids up to `buyoff_max_bid`.
#[test]
fn s11_buy_off_offers() {
    let mut hand = new_hand(&[], 0, &S06);
    act_all(&mut hand, &lines("P1: 80, P2: 90, P0: Pass, P1: 110, P2: Pass"));
    assert!(legal(&hand).iter().all(|line| line.starts_with("discard")), "110 > 100: no buy-off");
    rejected(&mut hand, "P1 buy_off");
    let mut hand = new_hand(&[("buyoff_max_bid", "off")], 0, &S06);
    act_all(&mut hand, &lines("P1: 80, P2: 90, P0: Pass, P1: 100, P2: Pass"));
    rejected(&mut hand, "P1 buy_off");
    let mut hand = new_hand(&[], 2, &S09);
    act_all(&mut hand, &lines("P0: Pass, P1: misere, P2: Pass"));
    rejected(&mut hand, "P1 buy_off");
}

/// S-14: V14 right after the declarer's first card: all remaining cards of all seats.
#[test]
fn s14_praat_opens_every_hand_after_the_lead() {
    let mut hand = new_hand(&[], 2, &S14);
    act_all(&mut hand, &lines("P0: 100, P1: praat, P2: Pass, P0: Pass, P1: discard AD KC AH, P1: trump S"));
    let events = act(&mut hand, "P1 play 6H").unwrap();
    let opened: Vec<(Seat, CardSet)> = events
        .iter()
        .filter_map(|event| match event {
            Event::Visibility(Visibility::HandOpened { seat, slots }) => Some((*seat, hand.table().cards_in(*slots))),
            _ => None,
        })
        .collect();
    assert_eq!(
        opened,
        [
            (Seat(0), set("AS KS QS KH TH KD QD AC TC 7C")),
            (Seat(1), set("8S 7S 9C 9H 8H 7H 9D 8D 7D")),
            (Seat(2), set("JS TS 9S QH JH JD TD QC JC 8C")),
        ]
    );
    act_all(&mut hand, &trick_lines(&["P1: 6H JH KH"])[1..]);
    act(&mut hand, "P0 play 7C").unwrap();
    let mut plays = legal(&hand);
    plays.sort();
    assert_eq!(plays, ["play 7S", "play 8S", "play 9C"]);
}

// ---------------------------------------------------------------------------------------------
// S-01 .. S-05: deck, tricks, legality, roem, auction

#[test]
fn s01_deck_points_and_deal_mapping() {
    let config = TachtigenConfig::defaults();
    let deck = Tachtigen::deck(&config);
    assert_eq!(deck.len(), 33);
    for (letter, count) in [("S", 8), ("H", 9), ("D", 8), ("C", 8)] {
        assert_eq!(deck.of_suit(suit(letter)).len(), count);
    }
    for trump in Suit::ALL {
        assert_eq!(brabant::points(deck, Some(trump)), 141);
    }
    for (code, value) in
        [("JH", 20), ("9H", 14), ("6H", 0), ("JS", 1), ("9S", 0), ("AC", 11), ("TD", 10), ("KS", 3), ("QD", 2)]
    {
        assert_eq!(card_points(card(code), Some(Suit::Hearts)), value, "{code}");
    }
    let listed =
        cards("AS KS QS JS TS 9S 8S 7S AH KH QH JH TH 9H 8H 7H 6H AD KD QD JD TD 9D 8D 7D AC KC QC JC TC 9C 8C 7C");
    let hand = Hand::<Tachtigen>::from_deck(config, Seat(0), &TachtigenScores::default(), &listed).unwrap();
    assert_eq!(hand.table().hand(Seat(1)), set("AS JS 8S KH TH 7H KD TD 7D QC"));
    assert_eq!(hand.table().hand(Seat(2)), set("KS TS 7S QH 9H 6H QD 9D AC JC"));
    assert_eq!(hand.table().hand(Seat(0)), set("QS 9S AH JH 8H AD JD 8D KC TC"));
    let stok = hand.table().cards_in(hand.table().slots_in(Place::Pile(troef_core::Pile::Talon)));
    assert_eq!(stok, set("9C 8C 7C"));
}

/// A table where each listed card lies in the listed seat's hand (the rest with P0).
fn table_with(holdings: &[(Seat, Card)]) -> Table {
    let deck: Vec<Card> = Tachtigen::deck(&TachtigenConfig::defaults()).iter().collect();
    troef_tests::table_with(3, Direction::Clockwise, &deck, holdings)
}

/// Plays `trick` (in play order) from seats 1, 2, 0 onto a fresh table.
fn played_trick(trick: &str, hand: &[(Seat, Card)]) -> Table {
    let plays: Vec<(Seat, Card)> =
        cards(trick).into_iter().enumerate().map(|(index, card)| (Seat((1 + index as u8) % 3), card)).collect();
    let mut table = table_with(&[&plays[..], hand].concat());
    for (seat, card) in plays {
        table.play(seat, card, None, &mut Events::new()).unwrap();
    }
    table
}

#[test]
fn s02_trick_winners() {
    let rows = [
        (Some("H"), "AS 9S 6H", 2),
        (Some("H"), "TH KH QH", 1),
        (None, "9D JD AS", 1),
        (Some("S"), "JC 9C TC", 0),
        (Some("S"), "AS 9S JS", 2),
        (Some("D"), "AC 7C 7D", 2),
    ];
    for (trump, trick, index) in rows {
        let table = played_trick(trick, &[]);
        let winner = table.trick().winner(trump.map(suit), &RANK_ORDER).unwrap();
        assert_eq!(winner, Seat((1 + index) % 3), "{trick}");
    }
}

/// trump, trick so far, hand, legal set, and the legal set under a variant.
type LegalRow<'a> = (Option<&'a str>, &'a str, &'a str, &'a str, Option<(&'a TachtigenConfig, &'a str)>);

#[test]
fn s03_legal_plays() {
    let plain = config(&[]);
    let jas = config(&[("jas_exempt", "true")]);
    let under = config(&[("no_undertrump", "true")]);
    let rows: [LegalRow; 7] = [
        (Some("H"), "AS", "9S 7H 8D", "9S 7H", None),
        (Some("H"), "9H", "JH 8S 7C", "JH", Some((&jas, "JH 8S 7C"))),
        (None, "7D", "AD JH", "AD", None),
        (Some("C"), "7D 9C", "7C AH", "7C AH", Some((&under, "AH"))),
        (Some("C"), "7D 9C", "7C AC", "7C AC", Some((&under, "7C AC"))),
        (Some("C"), "7D 9C", "7C JC", "7C JC", Some((&under, "JC"))),
        (Some("S"), "AH", "7H 7S JS 9D", "7H 7S JS", None),
    ];
    for (trump, trick, hand, expected, variant) in rows {
        let holder = Seat((1 + cards(trick).len() as u8) % 3);
        let holdings: Vec<(Seat, Card)> = cards(hand).into_iter().map(|c| (holder, c)).collect();
        let table = played_trick(trick, &holdings);
        let trump = trump.map(suit);
        assert_eq!(legal_plays(&plain, set(hand), table.trick(), trump), set(expected), "{trick} / {hand}");
        if let Some((config, expected)) = variant {
            assert_eq!(legal_plays(config, set(hand), table.trick(), trump), set(expected), "{trick} / {hand} variant");
        }
    }
}

#[test]
fn s04_roem() {
    let pandoer = [
        ("H", "AH JH TH 9H 7H AS KS TS AD QC", 20),
        ("S", "AH JH TH 9H 8H 7H 6H AS AD AC", 220),
        ("C", "KC QC JC JS JH JD 7S 7H 8D 7D", 240),
        ("D", "AS KS QS 9S 8S 7S 6H 7D 8C TC", 40),
        ("S", "8H 7H 6H AD KD QD JD TD 7C 9S", 120),
        ("D", "AS KH QD JC TS 9H 8D 7C 6H 8S", 0),
    ];
    for (trump, hand, value) in pandoer {
        let roem = detect(set(hand), Some(suit(trump)), RoemTable::Pandoer);
        assert_eq!(roem.value(RoemTable::Pandoer), value, "{hand}: {roem:?}");
    }
    let tachentige = [
        ("S", "AH JH TH 9H 8H 7H 6H AS AD AC", 300),
        ("C", "KC QC JC JS JH JD 7S 7H 8D 7D", 440),
        ("H", "AH JH TH 9H 7H AS KS TS AD QC", 120),
        ("D", "AS KH QD JC TS 9H 8D 7C 6H 8S", 0),
    ];
    for (trump, hand, value) in tachentige {
        let roem = detect(set(hand), Some(suit(trump)), RoemTable::Tachentige);
        assert_eq!(roem.value(RoemTable::Tachentige), value, "{hand}: {roem:?}");
    }
    // Named combinations of the pandoer rows.
    let roem = detect(set("AH JH TH 9H 8H 7H 6H AS AD AC"), Some(Suit::Spades), RoemTable::Pandoer);
    assert_eq!(roem.text(), "run JH TH 9H 8H 7H 6H, four AS AH AD AC");
    let roem = detect(set("KC QC JC JS JH JD 7S 7H 8D 7D"), Some(Suit::Clubs), RoemTable::Pandoer);
    assert_eq!(roem.text(), "run KC QC JC, four JS JH JD JC, stuk KC QC");
}

/// S-04's denial table, on the shared ranking of single combinations (the `roem_denial` key
/// itself is not offered; see the module doc of `tachtigen`).
#[test]
fn s04_denial_ranking_of_single_combinations() {
    let best = |hand: &str| brabant::best_for_denial(&detect(set(hand), Some(Suit::Hearts), RoemTable::Pandoer));
    let run_jh = Combo::Run { suit: Suit::Hearts, top: 11, len: 3 };
    let rows = [
        (run_jh, "KD QD JD TD 8S 7S 7D 8C 9C 6H", true),
        (run_jh, "8S 7S QD JD 9D 7D KC JC TC 9C", false),
        (Combo::Run { suit: Suit::Spades, top: 11, len: 5 }, "QS QH QD QC 7H 8D 7D AC 9C 6H", true),
        (Combo::Four(14), "KH QH JH TH 9H 8H 7S 8D 7C 9C", true),
    ];
    for (declared, hand, may_deny) in rows {
        let theirs = best(hand).expect("a combination");
        assert_eq!(theirs.denial_rank() > declared.denial_rank(), may_deny, "{hand}");
    }
    assert_eq!(Combo::Stuk(Suit::Hearts).denial_rank(), None, "the stuk is never compared");
}

#[test]
fn s05_auction() {
    // 1.
    let mut hand = new_hand(&[], 0, &S06);
    act_all(&mut hand, &lines("P1: 80, P2: 90, P0: Pass, P1: 100, P2: Pass"));
    assert_eq!((hand.game().declarer(), hand.game().contract()), (Some(Seat(1)), Some(Contract::Points(100))));
    // 3.
    let mut hand = new_hand(&[], 0, &S06);
    act_all(&mut hand, &lines("P1: 140, P2: schoppen_vrouw, P0: 150, P1: zwabbersolo, P2: Pass, P0: piek, P1: Pass"));
    assert_eq!(
        (hand.game().declarer(), hand.game().contract()),
        (Some(Seat(0)), Some(Contract::Special(Special::Piek)))
    );
    // 4. Legality against a high bid.
    let cases = [
        ("190", "misere", false),
        ("190", "piek_met", true),
        ("misere", "190", true),
        ("misere", "180", false),
        ("150", "schoppen_vrouw", false),
        ("270", "prive", true),
        ("prive", "280", true),
        ("prive", "270", false),
    ];
    for (high, call, ok) in cases {
        let mut hand = new_hand(&[], 0, &S06);
        act(&mut hand, &format!("P1 {high}")).unwrap();
        let line = format!("P2 {call}");
        if ok {
            act(&mut hand, &line).unwrap_or_else(|e| panic!("{line} after {high}: {e}"));
        } else {
            rejected(&mut hand, &line);
        }
    }
    for (call, ok) in [("70", false), ("85", false), ("80", true), ("200", true), ("prive", true)] {
        let mut hand = new_hand(&[], 0, &S06);
        if ok {
            act(&mut hand, &format!("P1 {call}")).unwrap();
        } else {
            rejected(&mut hand, &format!("P1 {call}"));
        }
    }
    // 5. A passed player is skipped.
    let mut hand = new_hand(&[], 0, &S06);
    act_all(&mut hand, &lines("P1: 80, P2: Pass, P0: 90"));
    assert_eq!(turn(&hand), Seat(1));
    rejected(&mut hand, "P2 100");
    act(&mut hand, "P1 pass").unwrap();
    assert_eq!((hand.game().declarer(), hand.game().contract()), (Some(Seat(0)), Some(Contract::Points(90))));
    // 6. forehand_80: the deal goes on with the stok shown and the buy-off offered.
    let mut hand = new_hand(&[("all_pass", "forehand_80")], 0, &S06);
    act_all(&mut hand, &lines("P1: Pass, P2: Pass"));
    let events = act(&mut hand, "P0 pass").unwrap();
    assert!(matches!(events[0], Event::Visibility(Visibility::ShownToAll { .. })), "{events:?}");
    assert_eq!((hand.game().declarer(), hand.game().contract()), (Some(Seat(1)), Some(Contract::Points(80))));
    assert_eq!(legal(&hand), ["play", "buy_off"]);
}

// ---------------------------------------------------------------------------------------------
// S-07, S-08, S-12: settlement and early end

#[test]
fn s07_points_settlement() {
    let rows = [
        (100, 20, 95, 1),
        (120, 0, 104, -2),
        (90, 0, 90, 0),
        (90, 0, 99, 0),
        (90, 0, 89, -1),
        (130, 70, 50, -1),
        (130, 70, 49, -2),
        (80, 100, 0, 2),
        (80, 0, 0, -8),
        (110, 50, 237, 17),
    ];
    for (bid, roem, points, cents) in rows {
        assert_eq!(points_settlement(bid, roem, points), cents, "B {bid} R {roem} P {points}");
    }
    // The pit row: 141 − 13 (discards KC TD 7S, trump any) + 9 + 100 = 237.
    assert_eq!(141 - brabant::points(set("KC TD 7S"), Some(Suit::Hearts)) + 9 + 100, 237);
}

#[test]
fn s08_special_amounts() {
    let expected = [10, 16, 24, 24, 28, 32, 36, 40, 44, 46, 50, 54, 60];
    for (special, declarer) in Special::ALL.iter().zip(expected) {
        assert_eq!(2 * special.amount(), declarer, "{}", special.id());
    }
}

/// Runs a W/L sequence through the early-end rule; returns (tricks played, result).
fn run_sequence(goal: Goal, first_trick_only: bool, stop: bool, sequence: &str) -> (u8, Option<bool>) {
    let (mut done, mut won, mut result) = (0u8, 0u8, None);
    for mark in sequence.split_whitespace() {
        done += 1;
        let declarer_won = mark == "W";
        won += declarer_won as u8;
        if result.is_none() {
            result = special_result(goal, first_trick_only, done, won, TrickResult { declarer_won, had_queen: false });
        }
        if stop && result.is_some() {
            break;
        }
    }
    (done, result)
}

#[test]
fn s12_early_end() {
    let l10 = "L L L L L L L L L L";
    let rows = [
        (Goal::Zero, false, true, "L L W", 3, false),
        (Goal::Zero, false, true, l10, 10, true),
        (Goal::Zero, false, false, "L L W L L L L L L L", 10, false),
        (Goal::ExactlyOne, false, true, "L W L L W", 5, false),
        (Goal::ExactlyOne, false, true, "W L L L L L L L L L", 10, true),
        (Goal::ExactlyOne, false, true, l10, 10, false),
        (Goal::ExactlyOne, true, true, "L", 1, false),
        (Goal::ExactlyOne, true, true, "W L L L L L L L L L", 10, true),
        (Goal::ExactlyOne, true, true, "W L W", 3, false),
        (Goal::All, false, true, "W W L", 3, false),
        (Goal::AtLeastNine, false, true, "W W W W W W W W W", 9, true),
        (Goal::AtLeastNine, false, true, "L W L", 3, false),
        (Goal::AtLeastNine, false, true, "W W W W L W W W W W", 10, true),
        (Goal::All, false, true, "W W W W W W W W W W", 10, true),
    ];
    for (goal, first_only, stop, sequence, ends, won) in rows {
        assert_eq!(run_sequence(goal, first_only, stop, sequence), (ends, Some(won)), "{goal:?} {sequence}");
    }
}

// ---------------------------------------------------------------------------------------------
// S-13: visibility sequences

fn visibility_kinds(events: &[Event]) -> Vec<&'static str> {
    events
        .iter()
        .filter_map(|event| match event {
            Event::Visibility(Visibility::ShownToAll { .. }) => Some("shown"),
            Event::Visibility(Visibility::TakenIntoHand { .. }) => Some("taken"),
            Event::Visibility(Visibility::DiscardedFaceDown { .. }) => Some("discarded"),
            Event::Visibility(Visibility::HandOpened { .. }) => Some("opened"),
            Event::Visibility(Visibility::RevealedAtEnd { .. }) => Some("audit_reveal"),
            Event::Visibility(_) => Some("other"),
            _ => None,
        })
        .collect()
}

fn events_of(hand: &mut Hand<Tachtigen>, actions: &[String]) -> Vec<Event> {
    actions.iter().flat_map(|line| act(hand, line).unwrap_or_else(|e| panic!("{line}: {e}"))).collect()
}

#[test]
fn s13_visibility_sequences() {
    // Points contract: V5, V6, V8, V10, then one card shown per play; the audit reveal at the end.
    let mut hand = new_hand(&[], 0, &S06);
    let actions = lines("P1: 80, P2: 90, P0: Pass, P1: 100, P2: Pass, P1: play, P1: discard 8D 8C 7C, P1: trump H, P1: roem run JH TH 9H");
    let mut expected = vec!["shown", "taken", "discarded", "shown"];
    assert_eq!(visibility_kinds(&events_of(&mut hand, &actions)), expected);
    let play = events_of(&mut hand, &trick_lines(&S06_TRICKS));
    expected = vec!["shown"; 30];
    expected.push("audit_reveal");
    assert_eq!(visibility_kinds(&play), expected);
    // Bought off: V5, V6, and only the devices' audit reveal.
    let mut hand = new_hand(&[], 0, &S06);
    let events = events_of(&mut hand, &lines("P1: 80, P2: 90, P0: Pass, P1: 100, P2: Pass, P1: buy_off"));
    assert_eq!(visibility_kinds(&events), ["shown", "taken", "audit_reveal"]);
    // Misère: no hand is ever opened.
    let mut hand = new_hand(&[], 2, &S09);
    let events = events_of(&mut hand, &lines("P0: Pass, P1: misere, P2: Pass, P1: discard AC AH AD, P1: trump D"));
    assert_eq!(visibility_kinds(&events), ["shown", "taken", "discarded"]);
    // Piek ouvert with stop_when_decided = false: V13 after trick 3 whatever happened.
    let mut hand = new_hand(&[("stop_when_decided", "false")], 2, &S09);
    act_all(&mut hand, &lines("P0: Pass, P1: piek_ouvert, P2: Pass, P1: discard AC AH AD"));
    let events = events_of(&mut hand, &trick_lines(&["P1: 7C QC JC", "P2: 8S TS 7S", "P0: 9H 8H QH"]));
    assert_eq!(visibility_kinds(&events).last(), Some(&"opened"));
}

// ---------------------------------------------------------------------------------------------
// Audit: false roem, revoke, discarded queen of spades

/// The S-06 deal up to the roem declaration, then `roem` and the play of S-06.
fn s06_with_roem(roem: &str) -> HandRecord {
    let mut actions = lines("P1: 80, P2: 90, P0: Pass, P1: 100, P2: Pass, P1: play, P1: discard 8D 8C 7C, P1: trump H");
    actions.push(format!("P1 roem {roem}"));
    actions.extend(trick_lines(&S06_TRICKS));
    hand_record::<Tachtigen>(&values(&[]), Seat(0), &deck_of(&[], 0, &S06), None, actions)
}

#[test]
fn audit_catches_a_false_roem_claim() {
    let record = s06_with_roem("run JH TH 9H, stuk KH QH");
    assert!(replay_hand::<Tachtigen>(&record).is_err());
    let violations = audit_hand::<Tachtigen>(&record).unwrap();
    assert!(
        violations.iter().any(|v| v.action_index == 8 && v.seat == 1 && v.rule.contains("false roem")),
        "{violations:?}"
    );
    // A run declared shorter than it is held is false too (a run counts at its maximal length).
    let record = s06_with_roem("run AH KH QH");
    assert!(!audit_hand::<Tachtigen>(&record).unwrap().is_empty());
    assert!(audit_hand::<Tachtigen>(&s06_with_roem("run JH TH 9H")).unwrap().is_empty());
}

#[test]
fn audit_catches_a_revoke() {
    // Trick 6 of S-06 led with AC by P2: P0 holds clubs and plays a diamond instead.
    let mut actions = lines(
        "P1: 80, P2: 90, P0: Pass, P1: 100, P2: Pass, P1: play, P1: discard 8D 8C 7C, P1: trump H, P1: roem none",
    );
    actions.extend(trick_lines(&S06_TRICKS[..5]));
    actions.push("P2 play AC".to_string());
    actions.push("P0 play QD".to_string());
    let index = actions.len() - 1;
    actions.push("P1 play 7H".to_string());
    let record = hand_record::<Tachtigen>(&values(&[]), Seat(0), &deck_of(&[], 0, &S06), None, actions);
    let violations = audit_hand::<Tachtigen>(&record).unwrap();
    assert!(violations.iter().any(|v| v.action_index == index && v.seat == 0), "{violations:?}");
}

#[test]
fn audit_catches_a_discarded_queen_of_spades() {
    let actions = lines("P2: schoppen_vrouw, P0: Pass, P1: Pass, P2: discard QS AH AC");
    let record = hand_record::<Tachtigen>(&values(&[]), Seat(1), &deck_of(&[], 1, &S10), None, actions);
    let violations = audit_hand::<Tachtigen>(&record).unwrap();
    assert!(
        violations.iter().any(|v| v.action_index == 3 && v.seat == 2 && v.rule.contains("queen of spades")),
        "{violations:?}"
    );
}

/// S-06 under `roem_denial`: P2 holds only the stuk, P0's run `JC TC 9C` does not beat `JH TH 9H`
/// (hearts rank above clubs), so neither may deny.
#[test]
fn s06_roem_denial_nobody_may_deny() {
    let mut hand = new_hand(&[("roem_denial", "true")], 0, &S06);
    act_all(
        &mut hand,
        &lines("P1: 80, P2: 90, P0: Pass, P1: 100, P2: Pass, P1: play, P1: discard 8D 8C 7C, P1: trump H, P1: roem run JH TH 9H"),
    );
    assert_eq!(legal(&hand), ["no_deny"]);
    rejected(&mut hand, "P2 deny stuk KH QH");
    act(&mut hand, "P2 no_deny").unwrap();
    assert_eq!(legal(&hand), ["no_deny"]);
    rejected(&mut hand, "P0 deny run JC TC 9C");
}

/// S-04's first denial row in a deal: P2's run of 4 `KD`..`TD` beats the declared `JH TH 9H`;
/// after the denial R is 0, and the combination was shown to all.
#[test]
fn roem_denial_sets_roem_to_zero() {
    let deal = Deal {
        hands: ["QS JS 9S KH QH 8D AC KC JC TC", "AH JH TH 9H 7H AS TS AD QC 8C", "KD QD JD TD 8S 7S 7D 9C 6H 8H"],
        stok: "7C KS 9D",
    };
    let mut hand = new_hand(&[("roem_denial", "true")], 0, &deal);
    act_all(&mut hand, &lines("P1: 80, P2: Pass, P0: Pass, P1: play, P1: discard 9D 8C 7C, P1: trump H"));
    act(&mut hand, "P1 roem run JH TH 9H").unwrap();
    assert_eq!(legal(&hand), ["no_deny", "deny run KD QD JD TD"]);
    let events = act(&mut hand, "P2 deny run KD QD JD TD").unwrap();
    assert!(matches!(events[0], Event::Visibility(Visibility::ShownToAll { .. })));
    assert_eq!(turn(&hand), Seat(1), "nobody else is asked; the declarer leads");
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut moves = Vec::new();
    while let ToAct::Seat(who) = hand.to_act() {
        hand.legal_actions(&mut moves);
        let action = moves[rng.gen_range(0..moves.len())];
        hand.apply(who, action).unwrap();
    }
    let outcome = hand.outcome().unwrap();
    assert_eq!((outcome.roem, outcome.denied), (0, Some(Seat(2))));
    let error =
        ConfigValues::validate(Tachtigen::config_keys(), [("roem_denial", "true"), ("roem_table", "tachentige")])
            .map(|values| Tachtigen::check_config(&values));
    assert!(matches!(error, Ok(Err(_))), "roem_denial needs the pandoer table");
}

// ---------------------------------------------------------------------------------------------
// Config, scores, actions

#[test]
fn config_keys_match_the_spec() {
    let keys: Vec<&str> = Tachtigen::config_keys().iter().map(|key| key.name).collect();
    assert_eq!(
        keys,
        [
            "all_pass",
            "buyoff_max_bid",
            "buyoff_cost_ct",
            "roem_table",
            "roem_requires_trick",
            "roem_denial",
            "discards_count_for",
            "jas_exempt",
            "no_undertrump",
            "piek_target",
            "ouvert_reveal_after_trick",
            "stop_when_decided",
            "match_deals",
        ]
    );
    assert!(ConfigValues::validate(Tachtigen::config_keys(), [("match_deals", "4")]).is_err());
    assert_eq!(config(&[("match_deals", "6")]).match_deals, Some(6));
    assert_eq!(config(&[("buyoff_max_bid", "off")]).buyoff_max_bid, None);
}

#[test]
fn match_deals_ends_the_match() {
    let config = config(&[("match_deals", "3")]);
    let mut scores = TachtigenScores::default();
    let outcome = replay_hand::<Tachtigen>(&build_record(&vector_specs()[2])).unwrap().outcome;
    for deal in 1..=3u8 {
        let status = Tachtigen::settle(&config, &mut scores, Seat(deal % 3), &outcome);
        assert_eq!(matches!(status, troef_core::MatchStatus::Over { .. }), deal == 3);
    }
    assert_eq!(
        Tachtigen::scores_to_sheet(&config, &scores),
        sheet(&[("P0", -12), ("P1", 24), ("P2", -12), ("deals", 3)])
    );
    assert!(Tachtigen::scores_from_sheet(&config, &sheet(&[("P0", 1)])).is_err(), "balances sum to 0");
}

// ---------------------------------------------------------------------------------------------
// Random play

fn weighted_choice(hand: &Hand<Tachtigen>, actions: &[TachtigenAction], rng: &mut ChaCha8Rng) -> TachtigenAction {
    let weight = |action: &TachtigenAction| hand.game().policy_weight(hand.config(), hand.table(), action).max(1);
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

fn random_hand(config: &TachtigenConfig, rng: &mut ChaCha8Rng, check_candidates: bool) -> Hand<Tachtigen> {
    let mut deck: Vec<Card> = Tachtigen::deck(config).iter().collect();
    deck.shuffle(rng);
    let dealer = Seat(rng.gen_range(0..3));
    let mut hand = Hand::<Tachtigen>::from_deck(*config, dealer, &TachtigenScores::default(), &deck).unwrap();
    let mut legal = Vec::new();
    let mut candidates = Vec::new();
    while let ToAct::Seat(who) = hand.to_act() {
        hand.legal_actions(&mut legal);
        assert!(!legal.is_empty());
        if check_candidates {
            candidates.clear();
            Tachtigen::candidate_actions(config, hand.table(), who, &mut candidates);
            for action in legal.iter() {
                assert!(candidates.contains(action), "{action:?} not a candidate");
            }
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
        hand.apply(who, action).unwrap();
    }
    let outcome = hand.outcome().unwrap();
    let problems = Tachtigen::check_outcome(config, hand.table(), &outcome);
    assert!(problems.is_empty(), "{problems:?}");
    hand.table().check_conservation().unwrap();
    hand
}

#[test]
fn apply_accepts_exactly_the_legal_actions() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for settings in [
        vec![],
        vec![("no_undertrump", "true"), ("jas_exempt", "true"), ("roem_table", "tachentige")],
        vec![("roem_denial", "true"), ("stop_when_decided", "false")],
    ] {
        let config = config(&settings);
        for _ in 0..40 {
            random_hand(&config, &mut rng, true);
        }
    }
}

#[test]
fn every_contract_kind_occurs_in_random_play() {
    let mut rng = ChaCha8Rng::seed_from_u64(41);
    let config = config(&[]);
    let mut counts: BTreeMap<&str, u32> = Tachtigen::contract_kinds(&config).iter().map(|&kind| (kind, 0)).collect();
    for _ in 0..6000 {
        let outcome = random_hand(&config, &mut rng, false).outcome().unwrap();
        *counts.get_mut(Tachtigen::contract_kind(&outcome)).expect("listed kind") += 1;
    }
    assert!(counts.values().all(|&count| count >= 5), "{counts:?}");
}

/// Property: the roem found by [`detect`] is what a brute-force enumeration of every candidate
/// combination finds, over random 10-card hands and both tables.
#[test]
fn roem_detection_agrees_with_brute_force() {
    let deck: Vec<Card> = Tachtigen::deck(&TachtigenConfig::defaults()).iter().collect();
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for _ in 0..3000 {
        let mut cards = deck.clone();
        cards.shuffle(&mut rng);
        let hand: CardSet = cards[..10].iter().copied().collect();
        let trump = Suit::ALL[rng.gen_range(0..4)];
        for table in [RoemTable::Pandoer, RoemTable::Tachentige] {
            let mut expected: Vec<String> = Vec::new();
            for suit in Suit::ALL {
                for top in 6..=14u8 {
                    for len in 3..=9u8 {
                        if top < 6 + len - 1 {
                            continue;
                        }
                        let run = Combo::Run { suit, top, len };
                        let run_cards = run.cards(CardSet::EMPTY);
                        let held = run_cards.len() == len as usize && run_cards.intersection(hand) == run_cards;
                        let above = Combo::Run { suit, top: top + 1, len: 1 }.cards(CardSet::EMPTY);
                        let below = Combo::Run { suit, top: top - len, len: 1 }.cards(CardSet::EMPTY);
                        let maximal = above.intersection(hand).is_empty() && below.intersection(hand).is_empty();
                        if held && maximal {
                            expected.push(run.text(hand));
                        }
                    }
                }
            }
            for value in 6..=14u8 {
                let of_rank: CardSet =
                    deck.iter().copied().filter(|c| c.rank().map(|r| r.value()) == Some(value)).collect();
                let held = of_rank.intersection(hand);
                let combo = match held.len() {
                    4 => Combo::Four(value),
                    3 => Combo::Three(value),
                    _ => continue,
                };
                if combo.value(table) > 0 {
                    expected.push(combo.text(hand));
                }
            }
            if hand.contains(Card::new(troef_core::Rank::KING, trump))
                && hand.contains(Card::new(troef_core::Rank::QUEEN, trump))
            {
                expected.push(Combo::Stuk(trump).text(hand));
            }
            let mut found: Vec<String> =
                detect(hand, Some(trump), table).combos().iter().map(|c| c.text(hand)).collect();
            expected.sort();
            found.sort();
            assert_eq!(found, expected, "{hand}");
            let parsed = Roem::parse(&detect(hand, Some(trump), table).text()).unwrap();
            assert_eq!(parsed.value(table), detect(hand, Some(trump), table).value(table));
        }
    }
}

/// Property: card points plus the last trick sum to 150 in every played points contract, and
/// every hand's payments sum to zero.
#[test]
fn points_sum_to_150_and_payments_are_zero_sum() {
    let mut rng = ChaCha8Rng::seed_from_u64(99);
    let mut points_hands = 0;
    for settings in [vec![], vec![("discards_count_for", "declarer"), ("roem_requires_trick", "true")]] {
        let config = config(&settings);
        for _ in 0..1500 {
            let hand = random_hand(&config, &mut rng, false);
            let outcome = hand.outcome().unwrap();
            assert_eq!(outcome.deltas.iter().sum::<i64>(), 0);
            if let (Some(Contract::Points(_)), troef_core::games::tachtigen::HandEnd::Played) =
                (outcome.contract, outcome.end)
            {
                points_hands += 1;
                let total: u32 = outcome.card_points.iter().sum::<u32>() + outcome.discard_points + 9;
                assert_eq!(total, 150);
            }
        }
    }
    assert!(points_hands > 500, "only {points_hands} points contracts");
}

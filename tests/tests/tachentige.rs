//! Tachentige: every test vector of `../shared/rules/tachentige.md` section 10 (T01 to T22), and
//! random-play checks (apply accepts exactly the legal actions, every contract kind occurs, roem
//! detection agrees with a brute-force enumeration, the audit catches false roem claims, false
//! rejections, a false stuk and revokes).
//!
//! The hand-record vectors (T01, T02, T06 to T11, T14b, T14c, T21, T22) live as records in
//! `vectors/tachentige/*.json`; they are written by `vector_records_match_the_spec_data` (run it
//! with `TROEF_BLESS=1` to rewrite them) from the spec's own notation typed in below, and
//! `vector_records_replay` replays every file there. The function vectors (rounding, scoring,
//! legal cards, trick winners, the rejection relation, call constraints, dealer succession, the
//! ladder) are table-driven tests.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeMap;
use troef_core::games::brabant::{detect, Combo, RoemTable, RANK_ORDER};
use troef_core::games::tachentige::{
    call_candidates, call_rank, legal_cards, point_score, round_declaring, round_defending, trick_winner,
    trump_allowed, ClosingType, Contract, HandEnd, Phase, Solo, Tachentige, TachentigeAction, TachentigeConfig,
    TachentigeOutcome, TachentigeScores,
};
use troef_core::record::{audit_hand, deck_from_deal, hand_record, replay_hand, Expectation, HandRecord};
use troef_core::{
    Card, CardSet, ConfigValues, Direction, Event, Events, Game, Hand, MatchStatus, Place, ScoreSheet, Seat, Suit,
    Table, ToAct, Viewer, Visibility,
};
use troef_tests::{card, cards, set};

const VECTOR_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/vectors/tachentige");

const NORTH: Seat = Seat(0);
const EAST: Seat = Seat(1);
const SOUTH: Seat = Seat(2);
const WEST: Seat = Seat(3);

// ---------------------------------------------------------------------------------------------
// Helpers

fn values(settings: &[(&str, &str)]) -> ConfigValues {
    ConfigValues::validate(Tachentige::config_keys(), settings.iter().copied()).expect("valid settings")
}

fn config(settings: &[(&str, &str)]) -> TachentigeConfig {
    Tachentige::config(&values(settings))
}

fn suit(letter: &str) -> Suit {
    letter.parse().expect("suit letter")
}

/// A deal as the spec lists it: North, East, South, West (each in deal order) and the stok.
struct Deal {
    hands: [&'static str; 4],
    stok: &'static str,
}

/// The deck order that deals `deal` when `dealer` deals.
fn deck_of(settings: &[(&str, &str)], dealer: Seat, deal: &Deal) -> Vec<Card> {
    let config = config(settings);
    let mut map: BTreeMap<String, Vec<Card>> = BTreeMap::new();
    for (seat, hand) in ["N", "E", "S", "W"].iter().zip(deal.hands) {
        map.insert(seat.to_string(), cards(hand));
    }
    if !deal.stok.is_empty() {
        map.insert("talon".to_string(), cards(deal.stok));
    }
    deck_from_deal::<Tachentige>(&Tachentige::layout(&config, dealer), &map).expect("the deal fits the layout")
}

/// One action of the spec's notation as a record line: `North 200` → `N 200`, `East JH` →
/// `E play JH`, `West KH stuk QH` → `W play KH stuk QH`, `East call AD -> West shows AD` →
/// `E call AD`; commentary in parentheses is dropped.
fn spec_line(item: &str) -> String {
    let mut text = String::new();
    let mut depth = 0;
    for c in item.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            _ if depth == 0 => text.push(c),
            _ => {}
        }
    }
    let text = text.split("->").next().unwrap_or("").trim().to_string();
    let mut words = text.split_whitespace();
    let seat = match words.next().expect("a seat") {
        "North" => "N",
        "East" => "E",
        "South" => "S",
        "West" => "W",
        other => panic!("not a seat: {other}"),
    };
    let rest: Vec<&str> = words.collect();
    let is_card = |word: &str| word.len() == 2 && word.parse::<Card>().is_ok();
    match rest[..] {
        [code] if is_card(code) => format!("{seat} play {code}"),
        [code, "stuk", other] => format!("{seat} play {code} stuk {other}"),
        _ => format!("{seat} {}", rest.join(" ")),
    }
}

/// The spec's `auction:` line (comma-separated calls).
fn auction(text: &str) -> Vec<String> {
    text.split(',').map(str::trim).filter(|item| !item.is_empty()).map(spec_line).collect()
}

/// `declarer phase:` lines and `play:` lines (`1 East JH; South 8H; ...`), in order.
fn steps(lines: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    for line in lines {
        let line = line.trim();
        let line =
            line.split_once(' ').filter(|(number, _)| number.parse::<u8>().is_ok()).map_or(line, |(_, rest)| rest);
        let line = line.split("->").next().unwrap_or("");
        out.extend(line.split(';').map(str::trim).filter(|item| !item.is_empty()).map(spec_line));
    }
    out
}

fn new_hand(settings: &[(&str, &str)], dealer: Seat, deal: &Deal) -> Hand<Tachentige> {
    hand_from(settings, dealer, deal, &TachentigeScores::default())
}

fn hand_from(settings: &[(&str, &str)], dealer: Seat, deal: &Deal, scores: &TachentigeScores) -> Hand<Tachentige> {
    Hand::from_deck(config(settings), dealer, scores, &deck_of(settings, dealer, deal)).expect("hand")
}

fn act(hand: &mut Hand<Tachentige>, line: &str) -> Result<Events, String> {
    let (who, action) = hand.parse_line(line).map_err(|e| e.to_string())?;
    hand.apply(who, action).map_err(|e| e.to_string())
}

fn act_all(hand: &mut Hand<Tachentige>, lines: &[String]) {
    for line in lines {
        act(hand, line).unwrap_or_else(|error| panic!("{line}: {error}"));
    }
}

/// Applies an illegal line and checks that it fails and leaves the hand exactly unchanged.
fn rejected(hand: &mut Hand<Tachentige>, line: &str) -> String {
    let before = hand.clone();
    let error = act(hand, line).expect_err(line);
    assert_eq!(*hand, before, "{line} changed the hand");
    error
}

/// The legal actions as lines, sorted, without the host's `stop` (offered at every turn of an
/// open session).
fn legal(hand: &Hand<Tachentige>) -> Vec<String> {
    let mut out = Vec::new();
    hand.legal_actions(&mut out);
    let mut lines: Vec<String> =
        out.iter().filter(|action| **action != TachentigeAction::Stop).map(Tachentige::format_action).collect();
    lines.sort();
    lines
}

fn offers_stop(hand: &Hand<Tachentige>) -> bool {
    let mut out = Vec::new();
    hand.legal_actions(&mut out);
    out.contains(&TachentigeAction::Stop)
}

fn turn(hand: &Hand<Tachentige>) -> Seat {
    match hand.to_act() {
        ToAct::Seat(seat) => seat,
        ToAct::HandOver => panic!("the hand is over"),
    }
}

fn sheet(pairs: &[(&str, i64)]) -> ScoreSheet {
    pairs.iter().map(|&(k, v)| (k.to_string(), v)).collect()
}

/// The score sheet of a session after one hand with these deltas.
fn sheet_after(deltas: [i64; 4], hands: i64, closing_round: i64) -> ScoreSheet {
    let closing_type = if closing_round > 0 { ClosingType::of_round(closing_round as u8).number() as i64 } else { 0 };
    sheet(&[
        ("N", deltas[0]),
        ("E", deltas[1]),
        ("S", deltas[2]),
        ("W", deltas[3]),
        ("hands", hands),
        ("closing_round", closing_round),
        ("closing_type", closing_type),
        ("over", 0),
    ])
}

// ---------------------------------------------------------------------------------------------
// The deals of section 10

const T01: Deal = Deal {
    hands: ["9S TS 8D QD JD 8C KC", "JH AH TH 9H 7H AS JS", "8H 7D 8S QS TC QC AC", "KH QH AD JC 9C KS 9D"],
    stok: "KD TD",
};
const T06: Deal = Deal {
    hands: ["9H 9D 9C TS JS KD 7D", "TH TD TC 7H 8H JD QD", "QH KH AC AS 8S 9S 8C", "JH AH 8D AD JC QC KC"],
    stok: "QS KS",
};
const T07: Deal = Deal {
    hands: ["8H 9H KH 7D QD 8C TC", "JS 9S KS 8S TH 9D KC", "AS TS 7H QH 8D JC QC", "AH AD AC JH 9C KD QS"],
    stok: "TD JD",
};
const T08: Deal = Deal {
    hands: ["QH KH 8H TS JS 9D QC", "TH 7D JD QD KD 8S 9C", "AS KS QS AH 9H 8D 8C", "AD JH 7H TD 9S JC KC"],
    stok: "AC TC",
};
const T09: Deal = Deal {
    hands: ["AH 7H 8H TH 9C TC KC", "JS 9S AS 8S QD AD JC", "KS KH 7D 8D 9D AC QC", "TS QS 9H JH QH TD JD"],
    stok: "KD 8C",
};
const T10: Deal = Deal {
    hands: ["7H 8H TH TS JS QS KS", "QH KH AD 7D 9D 8S 9S", "AS 8D TD JD QD KD 8C", "JH 9H AH JC QC KC AC"],
    stok: "9C TC",
};
const T11: Deal = Deal {
    hands: ["JS 9S AS 7D KD KC JH", "8D 9D TD JD 8S AH TH", "TS QS KS AD 8C QH KH", "9C TC JC QC AC 7H 8H"],
    stok: "QD 9H",
};
const T14B: Deal = Deal {
    hands: ["AS QS AH KH AD 8C 9C", "KS 8S 7H 8H 7D 8D TC", "9S TS 9H TH 9D TD QC", "JS JH QH JD QD KC AC"],
    stok: "KD JC",
};
const T14C: Deal = Deal {
    hands: ["QD KD AD 9C TC JC QC", "8S 9S 7H 8H 7D 8D 8C", "TS JS QS 9H TH JH 9D", "KS AS QH KH AH TD JD"],
    stok: "KC AC",
};
const T21: Deal = Deal {
    hands: ["8C 9S TS AH QH 8D 7D", "JC 9C AC KS JS 9H TD", "AS 8S QS KH 9D JD QD", "TC QC KC 8H TH JH KD"],
    stok: "AD 7H",
};
const T22: Deal = Deal {
    hands: ["8S 8D 8C 7D 9D QD KD", "AS AH AD 9C TC JC QC", "9S TS JS 7H 9H TH JD", "KH KS KC JH QH AC 8H"],
    stok: "QS TD",
};

const T01_AUCTION: &str =
    "North 80, East 90, South pass, West 100, North pass, East 110, West 120, East 130, West pass";
const T01_DECLARER: [&str; 4] =
    ["East stok take", "East discard JS TD", "East trump H", "East call AD -> West shows AD"];
const T01_TRICKS_2_TO_7: [&str; 6] = [
    "2 East 9H; South 7D; West QH; North TS -> East 26 (14+0+2+10)",
    "3 East KD; South 8S; West AD; North 8D -> West 14 (3+0+11+0)   (West must play AD, 5.2b)",
    "4 West 9C; North 8C; East 7H; South TC -> East 10 (0+0+0+10)   (East trumps while void in clubs)",
    "5 East AS; South QS; West KS; North JD -> East 17 (11+2+3+1)",
    "6 East TH; South QC; West JC; North QD -> East 15 (10+2+1+2)",
    "7 East AH; South AC; West 9D; North KC -> East 25 (11+11+0+3)   (+5 for the last trick)",
];

const T22_AUCTION: &str = "North 200, East pass, South pass, West pass";
const T22_DECLARER: [&str; 4] =
    ["North stok take", "North discard QS TD", "North trump H", "North call AC -> West shows AC"];
const T22_TRICK_1: &str = "1 North show SET3 8S 8D 8C; North show RUN3 7D 8D 9D; North 8C; East reject SET3 AS AH AD; \
     East 9C; South reject RUN3 9S TS JS; South JD; West show RUN3 JH QH KH; East reject RUN4 9C TC JC QC; West AC";
const T22_TRICKS_2_TO_7: [&str; 6] = [
    "2 West JH; North 7D; East AH; South 7H",
    "3 West KH stuk QH; North 8S; East TC; South 9H",
    "4 South TS; West KS; North 8D; East AS",
    "5 East AD; South TH; West QH; North 9D",
    "6 West KC; North QD; East QC; South 9S",
    "7 West 8H; North KD; East JC; South JS",
];

/// The figures of 6.1 to 6.4 a point-game vector states: Rm (after the Td = 0 rule), Td, trick
/// points, last trick, the hidden pile and whether it goes to the declaring side, raw_d, R_d,
/// R_def, S and M.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Figures {
    roem: u32,
    td: u8,
    trick_points: u32,
    last: u32,
    hidden: u32,
    hidden_to_declaring: bool,
    raw: u32,
    rounded: u32,
    rounded_defending: u32,
    result: i64,
    multiplier: i64,
}

#[allow(clippy::too_many_arguments)]
const fn figures(
    roem: u32,
    td: u8,
    trick_points: u32,
    last: u32,
    hidden: u32,
    hidden_to_declaring: bool,
    raw: u32,
    rounded: u32,
    rounded_defending: u32,
    result: i64,
    multiplier: i64,
) -> Figures {
    Figures {
        roem,
        td,
        trick_points,
        last,
        hidden,
        hidden_to_declaring,
        raw,
        rounded,
        rounded_defending,
        result,
        multiplier,
    }
}

fn figures_of(outcome: &TachentigeOutcome) -> Figures {
    let score = outcome.score.expect("a point game");
    Figures {
        roem: score.roem,
        td: outcome.declaring_tricks,
        trick_points: outcome.trick_points,
        last: outcome.last_trick,
        hidden: outcome.hidden_points,
        hidden_to_declaring: outcome.hidden_to_declaring,
        raw: score.raw_declaring,
        rounded: score.rounded_declaring,
        rounded_defending: score.rounded_defending,
        result: score.result,
        multiplier: score.multiplier,
    }
}

struct VectorSpec {
    file: &'static str,
    settings: Vec<(&'static str, &'static str)>,
    dealer: Seat,
    deal: &'static Deal,
    /// 0 for a regular hand, else the closing round.
    closing_round: u8,
    actions: Vec<String>,
    deltas: [i64; 4],
    next_dealer: Seat,
    figures: Option<Figures>,
}

fn vector_specs() -> Vec<VectorSpec> {
    let t01 = |trick_1: &str, settings: Vec<(&'static str, &'static str)>| {
        let mut actions = auction(T01_AUCTION);
        actions.extend(steps(&T01_DECLARER));
        actions.extend(steps(&[trick_1]));
        actions.extend(steps(&T01_TRICKS_2_TO_7));
        (settings, actions)
    };
    let with = |calls: &str, lines: &[&str]| {
        let mut actions = auction(calls);
        actions.extend(steps(lines));
        actions
    };
    let (t01_settings, t01_actions) = t01(
        "1 East JH; South 8H; West KH; North 9S -> East 23 (20+0+3+0)",
        vec![("min_bid", "80"), ("roem", "off"), ("afkeuren", "off")],
    );
    let (t02_settings, t02_actions) = t01(
        "1 East show RUN3 9H TH JH; East JH; South 8H; West KH stuk QH; North 9S -> East 23 (20+0+3+0)",
        vec![("min_bid", "80")],
    );
    let mut t22 = auction(T22_AUCTION);
    t22.extend(steps(&T22_DECLARER));
    t22.extend(steps(&[T22_TRICK_1]));
    t22.extend(steps(&T22_TRICKS_2_TO_7));
    vec![
        VectorSpec {
            file: "t01_seed_example_basic.json",
            settings: t01_settings,
            dealer: WEST,
            deal: &T01,
            closing_round: 0,
            actions: t01_actions,
            deltas: [-120, 120, -120, 120],
            next_dealer: EAST,
            figures: Some(figures(0, 7, 130, 5, 11, true, 146, 150, 0, 120, 1)),
        },
        VectorSpec {
            file: "t02_seed_example_roem.json",
            settings: t02_settings,
            dealer: WEST,
            deal: &T01,
            closing_round: 0,
            actions: t02_actions,
            deltas: [-160, 160, -160, 160],
            next_dealer: EAST,
            figures: Some(figures(40, 7, 130, 5, 11, true, 146, 150, 0, 160, 1)),
        },
        VectorSpec {
            file: "t06_failed_with_rejection.json",
            settings: vec![],
            dealer: WEST,
            deal: &T06,
            closing_round: 0,
            actions: with(
                "North 200, East 210, South pass, West pass, North 220, East pass",
                &[
                    "North stok take",
                    "North discard KD 7D",
                    "North trump H",
                    "North call AC -> South shows AC",
                    "1 North show SET3 9H 9D 9C; North show RUN4 TS JS QS KS; North KS; East reject SET3 TH TD TC; \
                     East 7H; South 8S; West JH -> West 23 (3+0+0+20)",
                    "2 West AD; North 9D; East JD; South KH stuk QH -> South 15 (11+0+1+3)",
                    "3 South AC; West KC; North 9C; East TC -> South 24 (11+3+0+10)",
                    "4 South 8C; West QC; North 9H; East QD -> North 18 (0+2+14+2)",
                    "5 North QS; East TD; South 9S; West AH -> West 23 (2+10+0+11)",
                    "6 West 8D; North JS; East TH; South QH -> South 13 (0+1+10+2)",
                    "7 South AS; West JC; North TS; East 8H -> East 22 (11+1+10+0)",
                ],
            ),
            deltas: [-80, 80, -80, 80],
            next_dealer: NORTH,
            figures: Some(figures(70, 4, 70, 0, 3, true, 73, 70, 80, -80, 1)),
        },
        VectorSpec {
            // The partner West shows after South has played: South's late window, written
            // `S no_reject` (the spec's notation leaves it out).
            file: "t07_stok_left_made.json",
            settings: vec![],
            dealer: NORTH,
            deal: &T07,
            closing_round: 0,
            actions: with(
                "East 200, South pass, West pass, North pass",
                &[
                    "East stok leave",
                    "East trump S",
                    "East call AD -> West shows AD",
                    "1 East KS; South TS; West show SET3 AH AD AC; South no_reject; West QS; North 7D",
                    "2 East 9S; South AS; West KD; North 8C",
                    "3 East TH; South 7H; West AH; North 8H",
                    "4 West JH; North KH; East 9D; South QH",
                    "5 North 9H; East KC; South 8D; West 9C",
                    "6 North QD; East JS; South JC; West AD",
                    "7 East 8S; South QC; West AC; North TC",
                ],
            ),
            deltas: [-60, 60, -60, 60],
            next_dealer: EAST,
            figures: Some(figures(100, 5, 121, 5, 11, false, 126, 130, 20, 30, 2)),
        },
        VectorSpec {
            file: "t08_stok_left_failed_call.json",
            settings: vec![],
            dealer: EAST,
            deal: &T08,
            closing_round: 0,
            actions: with(
                "South 200, West 210, North pass, East pass, South 250, West pass",
                &[
                    "South stok leave",
                    "South trump H",
                    "South call AC -> nobody",
                    "South call AD -> West shows AD",
                    "1 South show RUN3 QS KS AS; South AS; West 9S; North 8H; East 8S",
                    "2 North QC; East 9C; South 8C; West KC",
                    "3 West TD; North 9D; East KD; South 8D",
                    "4 East QD; South 9H; West AD; North JS",
                    "5 South KS; West JC; North TS; East TH",
                    "6 East JD; South AH; West JH; North KH",
                    "7 West 7H; North QH; East 7D; South QS",
                ],
            ),
            deltas: [320, 320, -320, -320],
            next_dealer: SOUTH,
            figures: Some(figures(20, 3, 68, 0, 21, false, 68, 70, 80, -160, 2)),
        },
        VectorSpec {
            file: "t09_no_trick.json",
            settings: vec![],
            dealer: EAST,
            deal: &T09,
            closing_round: 0,
            actions: with(
                "South 200, West pass, North pass, East pass",
                &[
                    "South stok take",
                    "South discard AC QC",
                    "South trump S",
                    "South call AH -> North shows AH",
                    "1 South show SET3 KS KH KD; South show RUN3 7D 8D 9D; South 7D; West JD; North 7H; East QD",
                    "2 East JS; South KS; West QS; North 8H",
                    "3 East 9S; South 8D; West TS; North 9C",
                    "4 East AD; South KD; West TD; North TC",
                    "5 East AS; South 9D; West 9H; North KC",
                    "6 East 8S; South KH; West JH; North TH",
                    "7 East JC; South 8C; West QH; North AH",
                ],
            ),
            deltas: [-200, 200, -200, 200],
            next_dealer: SOUTH,
            figures: Some(figures(0, 0, 0, 0, 13, false, 0, 0, 150, -200, 1)),
        },
        VectorSpec {
            file: "t10_all_tricks_stok_left.json",
            settings: vec![],
            dealer: SOUTH,
            deal: &T10,
            closing_round: 0,
            actions: with(
                "West 200, North ZWm, East pass, South pass, West 300, North pass",
                &[
                    "West stok leave",
                    "West trump H",
                    "West call AD -> East shows AD",
                    "1 West show RUN4 JC QC KC AC; West JH; North 7H; East KH stuk QH; South 8D",
                    "2 West 9H; North 8H; East QH; South 8C",
                    "3 West AH; North TH; East 7D; South KD",
                    "4 West AC; North KS; East 9D; South QD",
                    "5 West KC; North QS; East 8S; South JD",
                    "6 West QC; North JS; East 9S; South TD",
                    "7 West JC; North TS; East AD; South AS",
                ],
            ),
            deltas: [-40, 40, -40, 40],
            next_dealer: WEST,
            figures: Some(figures(70, 7, 131, 5, 10, true, 146, 150, 0, 20, 2)),
        },
        VectorSpec {
            // The partner West shows after South has played: `S no_reject` (see T07).
            file: "t11_discards_single_trick.json",
            settings: vec![],
            dealer: NORTH,
            deal: &T11,
            closing_round: 0,
            actions: with(
                "East 200, South pass, West pass, North pass",
                &[
                    "East stok take",
                    "East discard AH TH",
                    "East trump S",
                    "East call AC -> West shows AC",
                    "1 East show RUN5+ 8D 9D TD JD QD; East 8D; South AD; West show RUN4 9C TC JC QC; South no_reject; \
                     West 7H; North 7D",
                    "2 South KS; West 8H; North 9S; East 8S",
                    "3 North KC; East 9D; South 8C; West AC",
                    "4 West 9C; North AS; East TD; South QH",
                    "5 North JS; East JD; South TS; West TC",
                    "6 North KD; East QD; South KH; West JC",
                    "7 North JH; East 9H; South QS; West QC",
                ],
            ),
            deltas: [10, -10, 10, -10],
            next_dealer: EAST,
            figures: Some(figures(150, 1, 14, 0, 21, true, 35, 40, 110, -10, 1)),
        },
        VectorSpec {
            file: "t14b_zwabber_fails.json",
            settings: vec![],
            dealer: WEST,
            deal: &T14B,
            closing_round: 0,
            actions: with(
                "North ZWm, East pass, South pass, West pass",
                &[
                    "North discard 8C 9C",
                    "1 North AS; East 8S; South 9S; West JS",
                    "2 North AH; East 7H; South 9H; West JH",
                    "3 North QS; East KS; South TS; West KC",
                ],
            ),
            deltas: [-300, 100, 100, 100],
            next_dealer: NORTH,
            figures: None,
        },
        VectorSpec {
            file: "t14c_praten_made.json",
            settings: vec![],
            dealer: NORTH,
            deal: &T14C,
            closing_round: 0,
            actions: with(
                "East PRz, South pass, West pass, North pass",
                &[
                    "East trump C",
                    "1 East 8D; South 9D; West JD; North AD",
                    "2 North QD; East 7D; South TH; West TD",
                    "3 North KD; East 7H; South JH; West AH",
                    "4 North 9C; East 8C; South TS; West KS",
                    "5 North JC; East 8H; South 9H; West QH",
                    "6 North TC; East 8S; South JS; West KH",
                    "7 North QC; East 9S; South QS; West AS",
                ],
            ),
            deltas: [-150, 450, -150, -150],
            next_dealer: EAST,
            figures: None,
        },
        VectorSpec {
            file: "t21_closing_round_turned_trump.json",
            settings: vec![],
            dealer: WEST,
            deal: &T21,
            closing_round: 1,
            actions: steps(&[
                "North call AH -> nobody",
                "North call AD -> nobody",
                "North call AS -> South shows AS",
                "North stok take",
                "North discard 7D 7H",
                "1 North AH; East 9H; South KH; West 8H",
                "2 North AD; East TD; South QD; West KD",
                "3 North TS; East JS; South AS; West TC",
                "4 West TH; North QH; East 9C; South 8S",
                "5 East JC; South 9D; West QC; North 8C",
                "6 East KS; South QS; West KC; North 9S",
                "7 West JH; North 8D; East AC; South JD",
            ]),
            deltas: [-60, 60, -60, 60],
            next_dealer: NORTH,
            figures: Some(figures(0, 2, 40, 0, 0, true, 40, 40, 110, -60, 1)),
        },
        VectorSpec {
            file: "t22_roem_timing.json",
            settings: vec![],
            dealer: WEST,
            deal: &T22,
            closing_round: 0,
            actions: t22,
            deltas: [-80, 80, 80, -80],
            next_dealer: NORTH,
            figures: Some(figures(20, 5, 78, 5, 12, true, 95, 100, 50, -80, 1)),
        },
    ]
}

/// The session before a closing round `round` (one regular hand played).
fn closing_scores(round: u8) -> TachentigeScores {
    TachentigeScores { totals: [0; 4], hands: 1, closing_round: round, over: false }
}

fn build_record(spec: &VectorSpec) -> HandRecord {
    let values = values(&spec.settings);
    let deck = deck_of(&spec.settings, spec.dealer, spec.deal);
    let config = Tachentige::config(&values);
    let before =
        (spec.closing_round > 0).then(|| Tachentige::scores_to_sheet(&config, &closing_scores(spec.closing_round)));
    let mut record = hand_record::<Tachentige>(&values, spec.dealer, &deck, before, spec.actions.clone());
    let after = if spec.closing_round > 0 {
        sheet_after(spec.deltas, 1, spec.closing_round as i64 + 1)
    } else {
        sheet_after(spec.deltas, 1, 0)
    };
    record.expect = Some(Expectation {
        scores_after: Some(after),
        deltas: Some(spec.deltas.to_vec()),
        result: Some("continue".to_string()),
        next_dealer: Some(spec.next_dealer.0),
    });
    record
}

#[test]
fn vector_records_replay() {
    troef_tests::check_vector_records::<Tachentige>(VECTOR_DIR, vector_specs().len());
}

/// The record files are the spec data above, written out (`TROEF_BLESS=1` rewrites them).
#[test]
fn vector_records_match_the_spec_data() {
    troef_tests::check_or_bless(
        VECTOR_DIR,
        vector_specs().iter().map(|spec| (spec.file, build_record(spec))).collect(),
    );
}

/// Every figure the hand-record vectors state (6.1 to 6.4): Rm, Td, trick points, last trick,
/// the hidden pile, raw_d, the rounded totals, S and M; and each trick's winner and points as the
/// spec lists them for T01 and T22.
#[test]
fn vector_figures() {
    for spec in vector_specs() {
        let replayed = replay_hand::<Tachentige>(&build_record(&spec)).unwrap_or_else(|e| panic!("{}: {e}", spec.file));
        if let Some(expected) = spec.figures {
            assert_eq!(figures_of(&replayed.outcome), expected, "{}", spec.file);
        }
        assert_eq!(replayed.outcome.deltas, spec.deltas, "{}", spec.file);
    }
    // T01's tricks: winners and card points.
    let mut hand = new_hand(&[("min_bid", "80"), ("roem", "off"), ("afkeuren", "off")], WEST, &T01);
    act_all(&mut hand, &auction(T01_AUCTION));
    act_all(&mut hand, &steps(&T01_DECLARER));
    let tricks: Vec<String> =
        steps(&["1 East JH; South 8H; West KH; North 9S"]).into_iter().chain(steps(&T01_TRICKS_2_TO_7)).collect();
    let winners = [EAST, EAST, WEST, EAST, EAST, EAST, EAST];
    let points = [23, 26, 14, 10, 17, 15, 25];
    for (index, trick) in tricks.chunks(4).enumerate() {
        act_all(&mut hand, trick);
        let last = hand.table().last_trick().expect("a trick");
        assert_eq!(last.winner(Some(Suit::Hearts), &RANK_ORDER), Some(winners[index]), "trick {}", index + 1);
        let trick_points = troef_core::games::brabant::points(last.card_set(), Some(Suit::Hearts));
        assert_eq!(trick_points, points[index], "trick {}", index + 1);
    }
    let breakdown = Tachentige::breakdown(hand.config(), &hand.outcome().unwrap()).join("\n");
    assert!(breakdown.contains("S = 150 + 100 + 0 - 130 = 120"), "{breakdown}");
}

// ---------------------------------------------------------------------------------------------
// T02, T22: roem step by step

/// T02: East's only run is 9H TH JH; South and North hold nothing; West announces the stuk with
/// KH, showing QH.
#[test]
fn t02_roem_and_stuk() {
    let settings = [("min_bid", "80")];
    let mut hand = new_hand(&settings, WEST, &T01);
    act_all(&mut hand, &auction(T01_AUCTION));
    act_all(&mut hand, &steps(&T01_DECLARER));
    let shows: Vec<String> = legal(&hand).into_iter().filter(|line| line.starts_with("show")).collect();
    assert_eq!(shows, ["show RUN3 9H TH JH"]);
    rejected(&mut hand, "E show RUN3 TH JH QH");
    rejected(&mut hand, "E show RUN4 7H 8H 9H TH");
    act_all(&mut hand, &steps(&["East show RUN3 9H TH JH; East JH; South 8H"]));
    assert!(legal(&hand).contains(&"play KH stuk QH".to_string()));
    let events = act(&mut hand, "W play KH stuk QH").unwrap();
    let shown: Vec<CardSet> = events
        .iter()
        .filter_map(|event| match event {
            Event::Visibility(Visibility::ShownToAll { slots }) => Some(hand.table().cards_in(*slots)),
            _ => None,
        })
        .collect();
    assert_eq!(shown, [set("KH"), set("QH")], "the played king, then the queen shown in hand");
    assert!(hand.table().hand(WEST).contains(card("QH")), "QH stays in West's hand");
}

/// T22: the partner plays fourth; the rejections at the defenders' turns, the partner's
/// restriction, and the late rejection using a card already in trick 1.
#[test]
fn t22_roem_timing() {
    let mut hand = new_hand(&[], WEST, &T22);
    act_all(&mut hand, &auction(T22_AUCTION));
    act_all(&mut hand, &steps(&T22_DECLARER));
    assert_eq!(hand.game().partner(), Some(WEST));
    let shows: Vec<String> = legal(&hand).into_iter().filter(|line| line.starts_with("show")).collect();
    assert_eq!(shows, ["show RUN3 7D 8D 9D", "show SET3 8S 8D 8C"], "8D in both is allowed");
    let trick_1 = steps(&[T22_TRICK_1]);
    act_all(&mut hand, &trick_1[..3]);
    assert_eq!(turn(&hand), EAST);
    let rejects: Vec<String> = legal(&hand).into_iter().filter(|line| line.starts_with("reject")).collect();
    assert_eq!(rejects, ["reject RUN4 9C TC JC QC", "reject SET3 AS AH AD"], "East may reject either");
    rejected(&mut hand, "E no_reject");
    act_all(&mut hand, &trick_1[3..5]);
    assert_eq!(turn(&hand), SOUTH);
    // South's run rejects North's RUN3 (same length, J above 9); his 9H TH is no run.
    let rejects: Vec<String> = legal(&hand).into_iter().filter(|line| line.starts_with("reject")).collect();
    assert_eq!(rejects, ["reject RUN3 9S TS JS"]);
    act_all(&mut hand, &trick_1[5..7]);
    assert_eq!(turn(&hand), WEST);
    let error = rejected(&mut hand, "W show SET3 KS KH KC");
    assert!(error.contains("rejects it"), "{error}");
    let shows: Vec<String> = legal(&hand).into_iter().filter(|line| line.starts_with("show")).collect();
    assert_eq!(shows, ["show RUN3 JH QH KH"]);
    act(&mut hand, &trick_1[7]).unwrap();
    // The late window: East (who played first) may reject with the run holding his played 9C.
    assert_eq!(turn(&hand), EAST);
    assert_eq!(legal(&hand), ["no_reject", "reject RUN4 9C TC JC QC"]);
    rejected(&mut hand, "W play AC");
    rejected(&mut hand, "E reject SET3 AS AH AD");
    let events = act(&mut hand, &trick_1[8]).unwrap();
    let shown: Vec<CardSet> = events
        .iter()
        .filter_map(|event| match event {
            Event::Visibility(Visibility::ShownToAll { slots }) => Some(hand.table().cards_in(*slots)),
            _ => None,
        })
        .collect();
    assert_eq!(shown, [set("TC JC QC")], "9C lies face up in the trick already");
    // The run is rejected: South is not asked, West plays the called ace.
    assert_eq!(turn(&hand), WEST);
    assert_eq!(legal(&hand), ["play AC"], "clubs led, the called card (5.2b)");
    act(&mut hand, &trick_1[9]).unwrap();
    act_all(&mut hand, &steps(&T22_TRICKS_2_TO_7));
    let outcome = hand.outcome().unwrap();
    assert_eq!((outcome.roem_shown, outcome.roem_rejected, outcome.roem), (140, 140, 20));
    // With no rejections: 100 + 20 + 20 + the stuk 20 = 160.
    let mut open = new_hand(&[("afkeuren", "off")], WEST, &T22);
    act_all(&mut open, &auction(T22_AUCTION));
    act_all(&mut open, &steps(&T22_DECLARER));
    let without_rejections: Vec<String> = trick_1.iter().filter(|line| !line.contains("reject")).cloned().collect();
    act_all(&mut open, &without_rejections);
    act_all(&mut open, &steps(&T22_TRICKS_2_TO_7));
    assert_eq!(open.outcome().unwrap().roem, 160);
}

/// After trick 1 nobody shows or rejects; a defender may not show a combination that rejects
/// nothing; TWO7 counts only with 30 cards.
#[test]
fn roem_windows_close() {
    let mut hand = new_hand(&[], WEST, &T22);
    act_all(&mut hand, &auction(T22_AUCTION));
    act_all(&mut hand, &steps(&T22_DECLARER));
    act(&mut hand, "N play 8C").unwrap();
    // Nothing of North's is shown: East may not show a combination in advance.
    let error = rejected(&mut hand, "E reject SET3 AS AH AD");
    assert!(error.contains("false rejection"), "{error}");
    assert!(legal(&hand).iter().all(|line| !line.starts_with("reject")));
    act_all(&mut hand, &steps(&["East 9C; South JD; West AC"]));
    assert_eq!(hand.table().trick_index(), 1);
    rejected(&mut hand, "W show RUN3 JH QH KH");
    assert!(legal(&hand).iter().all(|line| line.starts_with("play")));
}

// ---------------------------------------------------------------------------------------------
// T03 - T05: rounding; T12 - T14: scoring

#[test]
fn t03_t04_t05_rounding() {
    // T03: defenders 67 + 5 = 72 -> 80, declaring side 74 -> 70.
    assert_eq!((round_defending(72), round_declaring(146 - 72)), (80, 70));
    // T04: declaring side 124 -> 120, defenders 22 -> 30.
    assert_eq!((round_declaring(124), round_defending(146 - 124)), (120, 30));
    // T05.
    let raw = [0, 1, 4, 5, 9, 11, 55, 71, 72, 76, 99, 100, 101, 119, 135, 141, 145, 146];
    let rounded = [0, 0, 0, 10, 10, 10, 60, 70, 70, 80, 100, 100, 100, 120, 140, 140, 150, 150];
    let defending = [150, 150, 150, 140, 140, 140, 90, 80, 80, 70, 50, 50, 50, 30, 10, 10, 0, 0];
    for ((&raw, &expected), &expected_defending) in raw.iter().zip(&rounded).zip(&defending) {
        assert_eq!(round_declaring(raw), expected, "round_decl({raw})");
        assert_eq!(round_defending(146 - raw), expected_defending, "round_def({})", 146 - raw);
    }
    // 6.2's invariant, for every split of the 146 points.
    for raw in 0..=146 {
        assert_eq!(round_declaring(raw) + round_defending(146 - raw), 150, "raw_d {raw}");
    }
}

#[test]
fn t12_t13_scoring_function() {
    // (bid, Rm, Td, stok left, raw_d) -> (R_d, S, declaring-side delta)
    let rows = [
        (100, 0, 4, false, 95, 100, 0, 0),
        (100, 0, 4, false, 94, 90, -10, -10),
        (230, 100, 5, false, 128, 130, 0, 0),
        (200, 120, 0, true, 0, 0, -200, -400),
    ];
    for (bid, roem, td, left, raw, rounded, result, delta) in rows {
        let score = point_score(bid, raw, td, 7, roem, left);
        assert_eq!((score.rounded_declaring, score.result, score.declaring_delta()), (rounded, result, delta));
        assert_eq!(score.rounded_declaring + score.rounded_defending, 150);
    }
    // T13(b): Rm and raw_d are void when the declaring side wins no trick.
    assert_eq!(point_score(200, 50, 0, 7, 120, true).roem, 0);
    assert_eq!(point_score(130, 146, 7, 7, 0, false).all_tricks_bonus, 100);
}

#[test]
fn t14_solo_values() {
    let rows = [
        (Solo::PratenMet, "PRm", 100),
        (Solo::ZwabberMet, "ZWm", 100),
        (Solo::PratenZonder, "PRz", 150),
        (Solo::ZwabberZonder, "ZWz", 150),
        (Solo::PriveMet, "PVm", 150),
        (Solo::PriveZonder, "PVz", 200),
    ];
    for (solo, code, value) in rows {
        assert_eq!((solo.code(), solo.value()), (code, value));
    }
    // (a) PVz made: +600 and -200 each; (d) PVm failed: -450 and +150 each.
    assert_eq!((3 * Solo::PriveZonder.value(), -Solo::PriveZonder.value()), (600, -200));
    assert_eq!((-3 * Solo::PriveMet.value(), Solo::PriveMet.value()), (-450, 150));
}

/// (a) and (d) as hands: privé without the stok won, privé with the stok lost.
#[test]
fn t14_solo_hands() {
    let mut rng = ChaCha8Rng::seed_from_u64(14);
    let mut seen = [false; 2];
    for _ in 0..4000 {
        if seen == [true; 2] {
            break;
        }
        let config = config(&[]);
        let mut deck: Vec<Card> = Tachentige::deck(&config).iter().collect();
        deck.shuffle(&mut rng);
        let mut hand = Hand::<Tachentige>::from_deck(config, WEST, &TachentigeScores::default(), &deck).unwrap();
        let call = if seen[0] { "N PVm" } else { "N PVz" };
        act_all(&mut hand, &[call.to_string(), "E pass".into(), "S pass".into(), "W pass".into()]);
        let mut legal_now = Vec::new();
        while let ToAct::Seat(seat) = hand.to_act() {
            hand.legal_actions(&mut legal_now);
            let pick =
                legal_now.iter().find(|a| matches!(a, TachentigeAction::Discard(_) | TachentigeAction::Trump(_)));
            let action = pick.copied().unwrap_or_else(|| legal_now[rng.gen_range(0..legal_now.len())]);
            hand.apply(seat, action).unwrap();
        }
        let outcome = hand.outcome().unwrap();
        match (call, outcome.solo_won) {
            ("N PVz", Some(true)) => {
                assert_eq!(outcome.deltas, [600, -200, -200, -200]);
                seen[0] = true;
            }
            ("N PVm", Some(false)) => {
                assert_eq!(outcome.deltas, [-450, 150, 150, 150]);
                assert!(outcome.tricks_played < 7 || hand.table().tricks_won(NORTH) < 7);
                seen[1] = true;
            }
            _ => {}
        }
    }
    assert_eq!(seen, [true; 2]);
}

/// T14(b): zwabber ends as soon as an opponent wins a trick; T14(c): praten opens every hand
/// after the soloist's first lead (his first).
#[test]
fn t14_early_end_and_open_hands() {
    let mut hand = new_hand(&[], WEST, &T14B);
    act_all(&mut hand, &auction("North ZWm, East pass, South pass, West pass"));
    assert_eq!(hand.game().phase(), Phase::Discard);
    assert_eq!(hand.table().hand(NORTH).len(), 9, "the stok joined North's hand");
    act_all(&mut hand, &steps(&["North discard 8C 9C"]));
    assert_eq!(hand.game().phase(), Phase::Play, "zwabber has no trump");
    act_all(&mut hand, &steps(&["1 North AS; East 8S; South 9S; West JS", "2 North AH; East 7H; South 9H; West JH"]));
    act_all(&mut hand, &steps(&["3 North QS; East KS; South TS"]));
    assert_eq!(legal(&hand), ["play AC", "play JD", "play KC", "play QD", "play QH"], "West has no spade left");
    let events = act(&mut hand, "W play KC").unwrap();
    assert!(events.iter().any(|event| matches!(event, Event::HandOver)));
    assert_eq!(hand.outcome().unwrap().tricks_played, 3);

    let mut hand = new_hand(&[], NORTH, &T14C);
    act_all(&mut hand, &auction("East PRz, South pass, West pass, North pass"));
    assert_eq!(hand.table().hand(EAST).len(), 7, "the stok stays unseen");
    act(&mut hand, "E trump C").unwrap();
    let events = act(&mut hand, "E play 8D").unwrap();
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
            (EAST, set("8S 9S 7H 8H 7D 8C")),
            (SOUTH, set("TS JS QS 9H TH JH 9D")),
            (WEST, set("KS AS QH KH AH TD JD")),
            (NORTH, set("QD KD AD 9C TC JC QC")),
        ]
    );
    act_all(&mut hand, &steps(&["1 South 9D; West JD; North AD", "2 North QD; East 7D; South TH; West TD"]));
    act_all(&mut hand, &steps(&["3 North KD"]));
    // East, void in diamonds, may trump with 8C (and lose praten) or discard.
    assert_eq!(legal(&hand), ["play 7H", "play 8C", "play 8H", "play 8S", "play 9S"]);
}

// ---------------------------------------------------------------------------------------------
// T15, T16: legal cards and trick winners

/// A table where each listed card lies in the listed seat's hand (the rest with North).
fn table_with(holdings: &[(Seat, Card)]) -> Table {
    let deck: Vec<Card> = Tachentige::deck(&TachentigeConfig::defaults()).iter().collect();
    troef_tests::table_with(4, Direction::Clockwise, &deck, holdings)
}

/// Plays `trick` (in play order, from `leader`) onto a table where `player` holds `hand`.
fn played_trick(leader: Seat, trick: &str, player: Seat, hand: &str) -> Table {
    let mut seat = leader;
    let mut plays = Vec::new();
    for code in cards(trick) {
        plays.push((seat, code));
        seat = Seat((seat.0 + 1) % 4);
    }
    let holdings: Vec<(Seat, Card)> = cards(hand).into_iter().map(|c| (player, c)).collect();
    let mut table = table_with(&[&plays[..], &holdings[..]].concat());
    for (seat, code) in plays {
        table.play(seat, code, None, &mut Events::new()).unwrap();
    }
    table
}

/// trump, leader, trick so far, hand, the called card, whether the player is the declarer, legal.
type LegalRow<'a> = (Option<&'a str>, Seat, &'a str, &'a str, Option<&'a str>, bool, &'a str);

#[test]
fn t15_legal_cards() {
    let rows: [LegalRow; 16] = [
        (Some("H"), EAST, "KS", "QS 8D 7H JH", None, false, "QS 7H JH"),
        (Some("H"), EAST, "8C KH", "TC 8H AH", None, false, "TC AH"),
        (Some("H"), EAST, "8C 9H", "TH 8H", None, false, "TH 8H"),
        (Some("H"), EAST, "8C QH", "TH 7D", None, false, "7D"),
        (Some("H"), EAST, "9H", "JH AS 8D", None, false, "JH AS 8D"),
        (Some("H"), EAST, "9H", "JH 7H AS", None, false, "JH 7H"),
        // (g): West holds the called AD; East leads KD, South follows.
        (Some("H"), EAST, "KD 9D", "AD 8D KH", Some("AD"), false, "AD"),
        // (h): East is the declarer, West's AD is winning.
        (Some("H"), SOUTH, "8D AD 9D", "7D 9H AS", Some("AD"), true, "7D"),
        (Some("H"), SOUTH, "8D AD 9D", "9H AS", Some("AD"), true, "AS"),
        (Some("H"), SOUTH, "8D AD 9D", "9H 7H", Some("AD"), true, "9H 7H"),
        // (i): North trumped AD, so the declarer may overtrump (but not undertrump).
        (Some("H"), SOUTH, "8D AD 8H", "9H AS", Some("AD"), true, "9H AS"),
        (Some("H"), SOUTH, "8D AD 8H", "7H AS", Some("AD"), true, "AS"),
        // (j): zwabber.
        (None, EAST, "KS", "8S JH", None, false, "8S"),
        // (k): the reference is the highest trump, not the first.
        (Some("H"), EAST, "8D QH AH", "KH TC", None, false, "TC"),
        // (b) binds the declarer too, and not a player who leads.
        (Some("H"), SOUTH, "8D", "AD 7D", Some("AD"), false, "AD"),
        (Some("H"), SOUTH, "", "AD 7D", Some("AD"), false, "AD 7D"),
    ];
    for (trump, leader, trick, hand, called, declarer, expected) in rows {
        let player = Seat((leader.0 + cards(trick).len() as u8) % 4);
        let table = played_trick(leader, trick, player, hand);
        let legal = legal_cards(set(hand), table.trick(), trump.map(suit), called.map(card), declarer);
        assert_eq!(legal, set(expected), "trick [{trick}] hand {{{hand}}}");
    }
}

#[test]
fn t16_trick_winners() {
    let rows = [
        (Some("H"), "KS AS TS QS", 1),
        (Some("H"), "JS TS 9S 8S", 0),
        (Some("H"), "8C QH TH AC", 1),
        (Some("H"), "KD 7H AD 8H", 3),
        (Some("H"), "9H AH KH JH", 3),
        (Some("H"), "AH 9H KH QH", 1),
        (None, "TS JH AS 9S", 2),
    ];
    for (trump, trick, index) in rows {
        let table = played_trick(NORTH, trick, NORTH, "");
        assert_eq!(table.trick().winner(trump.map(suit), &RANK_ORDER), Some(Seat(index)), "{trick}");
        assert_eq!(trick_winner(table.trick(), trump.map(suit)), Some(Seat(index)), "{trick}");
    }
    // The game's table-lookup winner is the engine's, over random tricks.
    let mut rng = ChaCha8Rng::seed_from_u64(16);
    let deck: Vec<Card> = Tachentige::deck(&config(&[])).iter().collect();
    for _ in 0..2000 {
        let mut cards = deck.clone();
        cards.shuffle(&mut rng);
        let leader = Seat(rng.gen_range(0..4));
        let trick: Vec<String> = cards[..rng.gen_range(1..=4)].iter().map(Card::to_string).collect();
        let table = played_trick(leader, &trick.join(" "), leader, "");
        let trump = [None, Some(Suit::Clubs), Some(Suit::Diamonds), Some(Suit::Hearts), Some(Suit::Spades)]
            [rng.gen_range(0..5)];
        assert_eq!(trick_winner(table.trick(), trump), table.trick().winner(trump, &RANK_ORDER), "{trick:?}");
    }
}

// ---------------------------------------------------------------------------------------------
// T17: the rejection relation

fn combo(text: &str) -> Combo {
    Combo::of_cards(set(text)).unwrap_or_else(|| panic!("{text} is a combination"))
}

#[test]
fn t17_rejection_relation() {
    let trump = Some(Suit::Hearts);
    let rows = [
        ("TS TH TD", "KS KH KD", true),
        ("KS KH KD", "TS TH TD", false),
        ("9S 9H 9D", "8S 8H 8D", true),
        ("JS JH JD", "AS AH AD", true),
        ("8S 8H 8D 8C", "JS JH JD", true),
        ("AS AH AD AC", "JS JH JD JC", false),
        ("JS JH JD JC", "AS AH AD AC", true),
        ("8S 8H 8D", "7H 7D", true),
        ("TS JS QS", "9D TD JD", true),
        ("7H 8H 9H TH", "QC KC AC", true),
        ("QH KH AH", "QS KS AS", true),
        ("QS KS AS", "QD KD AD", false),
        ("AS AH AD", "QS KS AS", false),
        ("QS KS AS", "AS AH AD", false),
        ("8D 9D TD JD QD KD", "7C 8C 9C TC JC", true),
        ("TS TH TD", "TS TH TD TC", false),
    ];
    for (x, y, rejects) in rows {
        assert_eq!(combo(x).rejects(combo(y), trump), rejects, "{x} vs {y}");
    }
    // TWO7 rejects nothing; nothing rejects the stuk, and it rejects nothing.
    for other in ["7H 7D", "8S 8H 8D", "QS KS AS", "TS TH TD TC"] {
        assert!(!Combo::TwoSevens.rejects(combo(other), trump), "TWO7 vs {other}");
        assert!(!combo(other).rejects(Combo::Stuk(Suit::Hearts), trump));
        assert!(!Combo::Stuk(Suit::Hearts).rejects(combo(other), trump));
    }
}

// ---------------------------------------------------------------------------------------------
// T18: call constraints

#[test]
fn t18_call_constraints() {
    let deck = Tachentige::deck(&TachentigeConfig::defaults());
    let allowed = |known: &str| -> Vec<Suit> {
        Suit::ALL.into_iter().filter(|&trump| trump_allowed(deck, set(known), trump)).collect()
    };
    let candidates = |known: &str, trump: &str| call_candidates(deck, set(known), suit(trump), CardSet::EMPTY);
    // (a)
    let known = "AS AD AC KS QS JS TS 9S 8S";
    assert_eq!(call_rank(deck, set(known)), Some(troef_core::Rank::ACE));
    assert_eq!(allowed(known), [Suit::Clubs, Suit::Diamonds, Suit::Spades]);
    assert_eq!(candidates(known, "S"), set("AH"));
    // (b)
    let known = "AS AH AD AC KS KD QS JS TS";
    assert_eq!(call_rank(deck, set(known)), Some(troef_core::Rank::KING));
    assert_eq!(allowed(known).len(), 4);
    assert_eq!(candidates(known, "C"), set("KH"));
    assert_eq!(candidates(known, "H"), set("KC"));
    assert_eq!(candidates(known, "S"), set("KH KC"));
    assert_eq!(candidates(known, "D"), set("KH KC"));
    // (c)
    let known = "AS AH AD AC KS KD KC QS JS";
    assert_eq!(allowed(known), [Suit::Clubs, Suit::Diamonds, Suit::Spades]);
    assert_eq!(candidates(known, "S"), set("KH"));
    // (e)
    let known = "AS AH AD AC KS KH KD KC QS";
    assert_eq!(call_rank(deck, set(known)), Some(troef_core::Rank::QUEEN));
    assert_eq!(allowed(known).len(), 4);
    assert_eq!(candidates(known, "S"), set("QH QD QC"));
    assert_eq!(candidates(known, "H"), set("QD QC"));
    // The failed-call loop: not yet called, then the next rank.
    assert_eq!(call_candidates(deck, set("AS AH KS"), Suit::Hearts, set("AD AC")), set("KD KC"));
}

/// T18(d) on T08's deal: the declarer may not call his own ace nor a trump; AC finds nobody
/// (it is in the stok, and all learn no other hand holds it), then AD is answered by West.
#[test]
fn t18d_failed_call_in_a_deal() {
    let mut hand = new_hand(&[], EAST, &T08);
    act_all(&mut hand, &auction("South 200, West 210, North pass, East pass, South 250, West pass"));
    act_all(&mut hand, &steps(&["South stok leave", "South trump H"]));
    assert_eq!(legal(&hand), ["call AC", "call AD"]);
    rejected(&mut hand, "S call AS");
    rejected(&mut hand, "S call AH");
    rejected(&mut hand, "S call KD");
    let events = act(&mut hand, "S call AC").unwrap();
    assert!(events.is_empty(), "a failed call shows no card: {events:?}");
    assert_eq!((hand.game().partner(), hand.game().phase()), (None, Phase::Call));
    assert_eq!(legal(&hand), ["call AD"]);
    let events = act(&mut hand, "S call AD").unwrap();
    assert!(matches!(events[..], [Event::Visibility(Visibility::ShownToAll { slots })]
        if hand.table().cards_in(slots) == set("AD")));
    assert_eq!((hand.game().partner(), hand.game().phase()), (Some(WEST), Phase::Play));
}

/// Trump may not be the suit of the only ace the declarer can call (4.2 rule 3).
#[test]
fn trump_constraint_in_a_deal() {
    // T01's East after the discard: AH AS held, AD and AC outside: every trump is allowed.
    let mut hand = new_hand(&[("min_bid", "80")], WEST, &T01);
    act_all(&mut hand, &auction(T01_AUCTION));
    act_all(&mut hand, &steps(&["East stok take", "East discard JS TD"]));
    assert_eq!(legal(&hand), ["trump C", "trump D", "trump H", "trump S"]);
    // A declarer with three aces (West of T07 holds AH AD AC; AS lies with South) may not make
    // spades trump.
    let mut hand = new_hand(&[], NORTH, &T07);
    act_all(&mut hand, &auction("East pass, South pass, West 200, North pass"));
    act(&mut hand, "W stok leave").unwrap();
    assert_eq!(legal(&hand), ["trump C", "trump D", "trump H"]);
    let error = rejected(&mut hand, "W trump S");
    assert!(error.contains("may not be trump"), "{error}");
    act(&mut hand, "W trump H").unwrap();
    assert_eq!(legal(&hand), ["call AS"]);
}

// ---------------------------------------------------------------------------------------------
// T19: dealer succession; T20: the ladder

fn outcome_of(dealer: Seat, declarer: Option<Seat>, closing_round: u8, stop: bool) -> TachentigeOutcome {
    let mut outcome = replay_hand::<Tachentige>(&build_record(&vector_specs()[0])).unwrap().outcome;
    outcome.dealer = dealer;
    outcome.declarer = declarer;
    outcome.closing_round = closing_round;
    outcome.stop = stop;
    outcome.deltas = [0; 4];
    if declarer.is_none() {
        outcome.end = HandEnd::ThrownIn;
        outcome.contract = None;
    }
    outcome
}

#[test]
fn t19_dealer_succession() {
    let config = config(&[]);
    let mut scores = TachentigeScores::default();
    let next = |scores: &mut TachentigeScores, outcome: &TachentigeOutcome| match Tachentige::settle(
        &config,
        scores,
        outcome.dealer,
        outcome,
    ) {
        MatchStatus::Continue { next_dealer } => next_dealer,
        MatchStatus::Over { .. } => panic!("the session is not over"),
    };
    // (a) declarer East, (b) thrown in by West, (c) soloist South.
    assert_eq!(next(&mut scores, &outcome_of(WEST, Some(EAST), 0, false)), EAST);
    assert_eq!(next(&mut scores, &outcome_of(WEST, None, 0, false)), NORTH);
    assert_eq!(next(&mut scores, &outcome_of(NORTH, Some(SOUTH), 0, false)), SOUTH);
    assert_eq!(scores.closing_round, 0);
    // (e) the last regular hand, dealt by North, is thrown in (with the host's stop): East deals
    // the first closing round, whose forced declarer is South.
    let mut dealer = next(&mut scores, &outcome_of(NORTH, None, 0, true));
    assert_eq!((dealer, scores.closing_round, scores.hands), (EAST, 1, 4));
    // (d) forced declarers South, West, North, East for each type in turn.
    let mut forced = Vec::new();
    for round in 1..=12u8 {
        assert_eq!(scores.closing_round, round);
        let declarer = Seat((dealer.0 + 1) % 4);
        forced.push((ClosingType::of_round(round).number(), declarer));
        let outcome = outcome_of(dealer, Some(declarer), round, false);
        match Tachentige::settle(&config, &mut scores, dealer, &outcome) {
            MatchStatus::Continue { next_dealer } => dealer = next_dealer,
            MatchStatus::Over { winners, summary } => {
                assert_eq!(round, 12);
                assert_eq!((winners.len(), summary.as_str()), (4, "N and E and S and W win with 0"));
            }
        }
    }
    let order = [SOUTH, WEST, NORTH, EAST];
    let expected: Vec<(u8, Seat)> = (1..=3).flat_map(|kind| order.iter().map(move |&seat| (kind, seat))).collect();
    assert_eq!(forced, expected);
    assert!(scores.over);
}

#[test]
fn t20_auction_ladder() {
    let deal = &T22;
    let after = |settings: &[(&str, &str)], calls: &[&str]| {
        let mut hand = new_hand(settings, WEST, deal);
        let mut seat = NORTH;
        for call in calls {
            act(&mut hand, &format!("{} {call}", ["N", "E", "S", "W"][seat.index()])).unwrap();
            seat = Seat((seat.0 + 1) % 4);
        }
        (hand, seat)
    };
    let check = |current: &str, call: &str, ok: bool| {
        let (mut hand, seat) = after(&[], &[current]);
        let line = format!("{} {call}", ["N", "E", "S", "W"][seat.index()]);
        if ok {
            act(&mut hand, &line).unwrap_or_else(|e| panic!("{call} over {current}: {e}"));
        } else {
            rejected(&mut hand, &line);
        }
    };
    let rows = [
        ("290", "PRm", true),
        ("290", "300", true),
        ("PRm", "ZWm", true),
        ("PRm", "290", false),
        ("ZWm", "300", true),
        ("ZWm", "PRm", false),
        ("300", "ZWm", false),
        ("300", "PRz", true),
        ("300", "310", true),
        ("PRz", "340", false),
        ("PRz", "ZWz", true),
        ("PRz", "350", true),
        ("ZWz", "350", true),
        ("ZWz", "PRz", false),
        ("350", "ZWz", false),
        ("350", "PVm", true),
        ("1500", "PVm", true),
        ("1500", "1510", false),
        ("PVm", "PVz", true),
        ("PVm", "1500", false),
        ("PVz", "PVm", false),
    ];
    for (current, call, ok) in rows {
        check(current, call, ok);
    }
    let (hand, _) = after(&[], &["PVm"]);
    assert_eq!(legal(&hand), ["PVz", "pass"]);
    assert!(offers_stop(&hand));
    let (hand, _) = after(&[], &["PVz"]);
    assert_eq!(legal(&hand), ["pass"]);
    // No call yet, min_bid 200.
    for (call, ok) in [("190", false), ("200", true), ("250", true), ("PRm", true), ("205", false)] {
        let (mut hand, _) = after(&[], &[]);
        if ok {
            act(&mut hand, &format!("N {call}")).unwrap();
        } else {
            rejected(&mut hand, &format!("N {call}"));
        }
    }
    // With 32 cards and no stok only the `...m` solos exist.
    let no_stok = [("deck", "32"), ("stok_size", "0")];
    let deal32 = Deal {
        hands: [
            "7S 8S 9S TS JS QS KS AS",
            "7H 8H 9H TH JH QH KH AH",
            "7D 8D 9D TD JD QD KD AD",
            "7C 8C 9C TC JC QC KC AC",
        ],
        stok: "",
    };
    let hand = new_hand(&no_stok, WEST, &deal32);
    let solos: Vec<String> = legal(&hand).into_iter().filter(|line| Solo::from_code(line).is_some()).collect();
    assert_eq!(solos, ["PRm", "PVm", "ZWm"]);
    let mut hand = new_hand(&no_stok, WEST, &deal32);
    rejected(&mut hand, "N PRz");
    // A solo keeps its key whatever min_bid is: PRm opens under 400 but beats no bid.
    let (hand, _) = after(&[("min_bid", "400")], &["PRm"]);
    assert!(legal(&hand).contains(&"400".to_string()) && !legal(&hand).contains(&"300".to_string()));
    // The sequence of T20.
    let (hand, _) = after(&[], &["200", "ZWm", "300", "PRz", "350", "pass", "PVm", "pass", "pass"]);
    assert_eq!(hand.game().declarer(), Some(SOUTH));
    assert_eq!(hand.game().contract(), Some(Contract::Solo(Solo::PriveMet)));
    assert_eq!(Solo::PriveMet.value(), 150);
    // Passing is final: a passed seat is skipped and refused.
    let (mut hand, seat) = after(&[], &["200", "pass", "210"]);
    assert_eq!(seat, WEST);
    act(&mut hand, "W pass").unwrap();
    assert_eq!(turn(&hand), NORTH);
    rejected(&mut hand, "E 300");
}

// ---------------------------------------------------------------------------------------------
// T21: the closing rounds

/// T21 step by step: North is dealt his hand unseen; 8C is turned for trump; two failed calls
/// (AH in his own hand, AD in the stok), then AS is answered and North may look at his hand.
#[test]
fn t21_closing_round_turned_trump() {
    let scores = closing_scores(1);
    let config = config(&[]);
    let deck = deck_of(&[], WEST, &T21);
    let deal: Vec<Option<Card>> = deck.iter().copied().map(Some).collect();
    let mut events = Events::new();
    let mut hand = Hand::<Tachentige>::new(config, WEST, &scores, &deal, &mut events).unwrap();
    let unseen: Vec<CardSet> = events
        .iter()
        .filter_map(|event| match event {
            Event::Visibility(Visibility::DealtUnseen { seat: NORTH, slots }) => Some(hand.table().cards_in(*slots)),
            _ => None,
        })
        .collect();
    assert_eq!(unseen, [set("8C 9S TS AH QH 8D 7D")]);
    assert!(matches!(events.last(), Some(Event::Visibility(Visibility::ShownToAll { slots }))
        if hand.table().cards_in(*slots) == set("8C")));
    assert_eq!((hand.game().trump(), hand.game().phase(), turn(&hand)), (Some(Suit::Clubs), Phase::Call, NORTH));
    let view = hand.view(Viewer::Seat(NORTH));
    assert_eq!(view.table().hand(NORTH), set("8C"), "North sees only the turned card");
    // Blind calls: the non-trump aces first, in any order.
    assert_eq!(legal(&hand), ["call AD", "call AH", "call AS"]);
    assert!(act(&mut hand, "N call AH").unwrap().is_empty());
    assert!(act(&mut hand, "N call AD").unwrap().is_empty());
    assert_eq!(legal(&hand), ["call AS"]);
    let events = act(&mut hand, "N call AS").unwrap();
    let kinds: Vec<(&str, CardSet)> = events
        .iter()
        .filter_map(|event| match event {
            Event::Visibility(Visibility::ShownToAll { slots }) => Some(("shown", hand.table().cards_in(*slots))),
            Event::Visibility(Visibility::ReleasedToHolder { seat: NORTH, slots }) => {
                Some(("released", hand.table().cards_in(*slots)))
            }
            _ => None,
        })
        .collect();
    assert_eq!(kinds, [("shown", set("AS")), ("released", set("9S TS AH QH 8D 7D"))]);
    assert_eq!(hand.view(Viewer::Seat(NORTH)).table().hand(NORTH), set("8C 9S TS AH QH 8D 7D"));
    assert_eq!((hand.game().partner(), hand.game().phase()), (Some(SOUTH), Phase::Stok));
    act_all(&mut hand, &steps(&["North stok take", "North discard 7D 7H"]));
    assert_eq!(hand.game().phase(), Phase::Play);
}

/// Type 2: trump named blind, then the blind calls; type 3: the choice, no pass; a session with
/// `regular_hands = 1` plays one regular hand and the 12 closing rounds.
#[test]
fn closing_round_types() {
    let deal = &T22;
    let mut hand = hand_from(&[], WEST, deal, &closing_scores(5));
    assert_eq!((hand.game().phase(), turn(&hand)), (Phase::Trump, NORTH));
    assert_eq!(legal(&hand), ["trump C", "trump D", "trump H", "trump S"]);
    act(&mut hand, "N trump S").unwrap();
    assert_eq!(legal(&hand), ["call AC", "call AD", "call AH"]);
    // North holds none of them: the first call is answered.
    act(&mut hand, "N call AC").unwrap();
    assert_eq!((hand.game().partner(), hand.game().phase()), (Some(WEST), Phase::Stok));

    let mut hand = hand_from(&[], WEST, deal, &closing_scores(9));
    assert_eq!(hand.game().phase(), Phase::Choice);
    assert_eq!(legal(&hand), ["PRm", "PRz", "PVm", "PVz", "ZWm", "ZWz", "point"]);
    rejected(&mut hand, "N pass");
    rejected(&mut hand, "N 200");
    act(&mut hand, "N point").unwrap();
    assert_eq!((hand.game().contract(), hand.game().phase()), (Some(Contract::Points(100)), Phase::Stok));
    let mut hand = hand_from(&[("solos", "off")], WEST, deal, &closing_scores(12));
    assert_eq!(legal(&hand), ["point"]);
    rejected(&mut hand, "N PVz");

    // A whole session: one regular deal, then 12 closing rounds, then over.
    let config = config(&[("regular_hands", "1")]);
    let mut game = troef_core::Match::<Tachentige>::new(config, WEST);
    let mut rng = ChaCha8Rng::seed_from_u64(21);
    let mut kinds = Vec::new();
    let mut moves = Vec::new();
    while !game.is_over() {
        let mut deck: Vec<Card> = Tachentige::deck(&config).iter().collect();
        deck.shuffle(&mut rng);
        let mut hand = game.deal(&deck).unwrap();
        while let ToAct::Seat(seat) = hand.to_act() {
            hand.legal_actions(&mut moves);
            let action = moves[rng.gen_range(0..moves.len())];
            hand.apply(seat, action).unwrap();
        }
        kinds.push(Tachentige::contract_kind(&hand.outcome().unwrap()));
        game.settle(&hand).unwrap();
    }
    assert_eq!(kinds.len(), 13);
    assert_eq!(&kinds[1..9], ["closing_turned"; 4].iter().chain(&["closing_blind"; 4]).copied().collect::<Vec<_>>());
    assert!(kinds[9..].iter().all(|kind| kind.starts_with("closing_open")));
    assert_eq!(game.scores().totals.iter().sum::<i64>(), 0);
    assert!(game.scores().over);
    assert!(game.deal(&Tachentige::deck(&config).iter().collect::<Vec<_>>()).is_err(), "the session is over");
}

/// The host's stop in an open session takes effect when the hand is over.
#[test]
fn stop_ends_the_regular_hands() {
    let mut hand = new_hand(&[], WEST, &T22);
    act(&mut hand, "N stop").unwrap();
    assert_eq!(turn(&hand), NORTH, "a stop does not pass the turn");
    rejected(&mut hand, "N stop");
    assert!(!offers_stop(&hand));
    act_all(&mut hand, &auction("North pass, East pass, South pass, West pass"));
    let outcome = hand.outcome().unwrap();
    assert!(outcome.stop);
    let mut scores = TachentigeScores::default();
    Tachentige::settle(&config(&[]), &mut scores, WEST, &outcome);
    assert_eq!((scores.hands, scores.closing_round), (1, 1));
    let mut scores = TachentigeScores::default();
    assert!(matches!(
        Tachentige::settle(&config(&[("rondspelen", "off")]), &mut scores, WEST, &outcome),
        MatchStatus::Over { .. }
    ));
    // Not in a fixed session, nor in a closing round.
    let mut hand = new_hand(&[("regular_hands", "4")], WEST, &T22);
    assert!(!offers_stop(&hand));
    rejected(&mut hand, "N stop");
    let mut hand = hand_from(&[], WEST, &T22, &closing_scores(9));
    rejected(&mut hand, "N stop");
}

// ---------------------------------------------------------------------------------------------
// Section 7: visibility events

fn visibility_kinds(events: &[Event]) -> Vec<&'static str> {
    events
        .iter()
        .filter_map(|event| match event {
            Event::Visibility(Visibility::ShownToAll { .. }) => Some("shown"),
            Event::Visibility(Visibility::TakenIntoHand { .. }) => Some("taken"),
            Event::Visibility(Visibility::DiscardedFaceDown { .. }) => Some("discarded"),
            Event::Visibility(Visibility::HandOpened { .. }) => Some("opened"),
            Event::Visibility(Visibility::RevealedAtEnd { .. }) => Some("audit_reveal"),
            Event::Visibility(Visibility::ReleasedToHolder { .. }) => Some("released"),
            Event::Visibility(_) => Some("other"),
            _ => None,
        })
        .collect()
}

fn events_of(hand: &mut Hand<Tachentige>, actions: &[String]) -> Vec<Event> {
    actions.iter().flat_map(|line| act(hand, line).unwrap_or_else(|e| panic!("{line}: {e}"))).collect()
}

#[test]
fn section_7_visibility_sequences() {
    // Rows 7, 8, 10: stok turned and taken, the discard, the called card shown.
    let mut hand = new_hand(&[], WEST, &T22);
    let mut actions = auction(T22_AUCTION);
    actions.extend(steps(&T22_DECLARER));
    assert_eq!(visibility_kinds(&events_of(&mut hand, &actions)), ["shown", "taken", "discarded", "shown"]);
    // Rows 12, 13 and 15 in trick 1: each show and rejection, each card played.
    let trick_1 = events_of(&mut hand, &steps(&[T22_TRICK_1]));
    assert_eq!(visibility_kinds(&trick_1), ["shown"; 10]);
    // Row 14: the stuk shows nothing here: QH is public since West showed his run in trick 1.
    let trick_3 = events_of(&mut hand, &steps(&T22_TRICKS_2_TO_7[..2]));
    assert_eq!(visibility_kinds(&trick_3), ["shown"; 8]);
    // Row 19: nothing is left to reveal here, since North discarded the two stok cards every seat
    // saw; in T07 the unseen stok is revealed by the audit at the end.
    let rest = events_of(&mut hand, &steps(&T22_TRICKS_2_TO_7[2..]));
    assert_eq!(visibility_kinds(&rest), ["shown"; 16]);
    let spec = &vector_specs()[3];
    let mut hand = new_hand(&spec.settings, spec.dealer, spec.deal);
    let events = events_of(&mut hand, &spec.actions);
    let Some(Event::Visibility(Visibility::RevealedAtEnd { slots })) =
        events.iter().rev().find(|e| matches!(e, Event::Visibility(_)))
    else {
        panic!("no reveal at the end")
    };
    assert_eq!(hand.table().cards_in(*slots), set("TD JD"));
    // Row 9: the stok left unseen moves nothing; row 11: a failed call shows nothing.
    let mut hand = new_hand(&[], EAST, &T08);
    let events = events_of(
        &mut hand,
        &steps(&[
            "South 200",
            "West pass",
            "North pass",
            "East pass",
            "South stok leave",
            "South trump H",
            "South call AC",
        ]),
    );
    assert!(visibility_kinds(&events).is_empty(), "{events:?}");
    // Row 20: a thrown-in deal is revealed by the audit only.
    let mut hand = new_hand(&[], EAST, &T08);
    let events = events_of(&mut hand, &auction("South pass, West pass, North pass, East pass"));
    assert_eq!(visibility_kinds(&events), ["audit_reveal"]);
    assert_eq!(hand.outcome().unwrap().deltas, [0; 4]);
}

// ---------------------------------------------------------------------------------------------
// Audit: false roem, false rejection, false stuk, revoke

fn record_with(settings: &[(&str, &str)], dealer: Seat, deal: &Deal, actions: Vec<String>) -> HandRecord {
    hand_record::<Tachentige>(&values(settings), dealer, &deck_of(settings, dealer, deal), None, actions)
}

/// T22 with one line of trick 1 replaced.
fn t22_with(index: usize, line: &str) -> HandRecord {
    let mut actions = auction(T22_AUCTION);
    actions.extend(steps(&T22_DECLARER));
    let mut trick_1 = steps(&[T22_TRICK_1]);
    trick_1[index] = line.to_string();
    actions.extend(trick_1);
    actions.extend(steps(&T22_TRICKS_2_TO_7));
    record_with(&[], WEST, &T22, actions)
}

#[test]
fn audit_catches_a_false_roem_claim() {
    // North shows three nines he does not hold (the 9H is South's).
    let record = t22_with(0, "N show SET3 9H 9D 9C");
    assert!(replay_hand::<Tachentige>(&record).is_err());
    let violations = audit_hand::<Tachentige>(&record).unwrap();
    assert!(
        violations.iter().any(|v| v.action_index == 8 && v.seat == 0 && v.rule.contains("false roem claim")),
        "{violations:?}"
    );
    // A run shown shorter than held is false too (runs are maximal).
    let mut hand = new_hand(&[], NORTH, &T11);
    act_all(&mut hand, &auction("East 200, South pass, West pass, North pass"));
    act_all(&mut hand, &steps(&["East stok take", "East discard AH TH", "East trump S", "East call AC"]));
    let error = rejected(&mut hand, "E show RUN4 8D 9D TD JD");
    assert!(error.contains("false roem claim"), "{error}");
    let record = {
        let mut actions = auction("East 200, South pass, West pass, North pass");
        actions.extend(steps(&["East stok take", "East discard AH TH", "East trump S", "East call AC"]));
        actions.push("E show RUN4 8D 9D TD JD".to_string());
        actions.extend(steps(&[
            "1 East 8D; South AD; West 7H; North 7D",
            "2 South KS; West 8H; North 9S; East 8S",
            "3 North KC; East 9D; South 8C; West AC",
            "4 West 9C; North AS; East TD; South QH",
            "5 North JS; East JD; South TS; West TC",
            "6 North KD; East QD; South KH; West JC",
            "7 North JH; East 9H; South QS; West QC",
        ]));
        record_with(&[], NORTH, &T11, actions)
    };
    let violations = audit_hand::<Tachentige>(&record).unwrap();
    assert!(violations.iter().any(|v| v.action_index == 8 && v.rule.contains("false roem claim")), "{violations:?}");
    assert!(audit_hand::<Tachentige>(&build_record(&vector_specs()[11])).unwrap().is_empty());
}

#[test]
fn audit_catches_a_false_rejection() {
    // South "rejects" with a run he does not hold: the audit reports it.
    let record = t22_with(5, "S reject RUN3 TS JS QS");
    let violations = audit_hand::<Tachentige>(&record).unwrap();
    assert!(violations.iter().any(|v| v.action_index == 13 && v.seat == 2), "{violations:?}");
    // A rejection that rejects nothing (a set against a run) is refused, whoever checks.
    let mut actions = auction(T22_AUCTION);
    actions.extend(steps(&T22_DECLARER));
    actions.extend(steps(&["North show RUN3 7D 8D 9D; North 8C; East reject SET3 AS AH AD; East 9C"]));
    let violations = audit_hand::<Tachentige>(&record_with(&[], WEST, &T22, actions)).unwrap();
    assert!(
        violations.iter().any(|v| v.action_index == 10 && v.seat == 1 && v.rule.contains("false rejection")),
        "{violations:?}"
    );
}

#[test]
fn audit_catches_a_false_stuk_and_a_revoke() {
    // T06 without its roem: South's stuk with KH (he holds QH) is sound.
    let mut actions = auction("North 200, East 210, South pass, West pass, North 220, East pass");
    actions.extend(steps(&["North stok take", "North discard KD 7D", "North trump H", "North call AC"]));
    let tricks = steps(&[
        "1 North KS; East 7H; South 8S; West JH",
        "2 West AD; North 9D; East JD; South KH stuk QH",
        "3 South AC; West KC; North 9C; East TC",
        "4 South 8C; West QC; North 9H; East QD",
        "5 North QS; East TD; South 9S; West AH",
        "6 West 8D; North JS; East TH; South QH",
        "7 South AS; West JC; North TS; East 8H",
    ]);
    let mut lines = actions.clone();
    lines.extend(tricks.iter().cloned());
    assert!(audit_hand::<Tachentige>(&record_with(&[], WEST, &T06, lines)).unwrap().is_empty());
    // A revoke: in trick 3 (clubs led, AC) North plays TS while holding 9C (and the trump 9H).
    let mut lines = actions;
    lines.extend(tricks[..10].iter().cloned());
    lines.push("N play TS".to_string());
    let index = lines.len() - 1;
    lines.push("E play TC".to_string());
    let violations = audit_hand::<Tachentige>(&record_with(&[], WEST, &T06, lines)).unwrap();
    assert!(violations.iter().any(|v| v.action_index == index && v.seat == 0), "{violations:?}");
    // A false stuk: in T07 (spades trump) the declarer East announces it with KS, but QS is his
    // partner West's. Refused at once with the hand known; a peer accepts it, the audit names it.
    let mut hand = new_hand(&[], NORTH, &T07);
    let mut lines = auction("East 200, South pass, West pass, North pass");
    lines.extend(steps(&["East stok leave", "East trump S", "East call AD"]));
    act_all(&mut hand, &lines);
    let error = rejected(&mut hand, "E play KS stuk QS");
    assert!(error.contains("false stuk"), "{error}");
    rejected(&mut hand, "E play 9S stuk QS");
    let index = lines.len();
    lines.extend(steps(&["1 East KS stuk QS; South TS; West show SET3 AH AD AC; South no_reject; West QS; North 7D"]));
    let violations = audit_hand::<Tachentige>(&record_with(&[], NORTH, &T07, lines)).unwrap();
    assert!(
        violations.iter().any(|v| v.action_index == index && v.seat == 1 && v.rule.contains("false stuk")),
        "{violations:?}"
    );
    // A defender never announces it: T08's North holds QH and KH of trump.
    let mut hand = new_hand(&[], EAST, &T08);
    act_all(&mut hand, &steps(&["South 200", "West pass", "North pass", "East pass", "South stok leave"]));
    act_all(&mut hand, &steps(&["South trump H", "South call AC", "South call AD", "South AS", "West 9S"]));
    rejected(&mut hand, "N play KH stuk QH");
    assert!(legal(&hand).iter().all(|line| !line.contains("stuk")));
}

// ---------------------------------------------------------------------------------------------
// Config, scores

#[test]
fn config_keys_match_the_spec() {
    let keys: Vec<&str> = Tachentige::config_keys().iter().map(|key| key.name).collect();
    assert_eq!(
        keys,
        ["deck", "stok_size", "min_bid", "roem", "afkeuren", "stok_leave", "solos", "rondspelen", "regular_hands"]
    );
    let defaults = TachentigeConfig::defaults();
    assert_eq!(
        (defaults.deck32, defaults.stok_size, defaults.min_bid, defaults.regular_hands, defaults.tricks()),
        (false, 2, 200, None, 7)
    );
    assert!(defaults.roem && defaults.afkeuren && defaults.stok_leave && defaults.solos && defaults.rondspelen);
    assert_eq!((config(&[("deck", "32")]).stok_size, config(&[("deck", "32")]).tricks()), (4, 7));
    let no_stok = config(&[("deck", "32"), ("stok_size", "0")]);
    assert_eq!((no_stok.stok_size, no_stok.tricks(), no_stok.stok_leave), (0, 8, false));
    assert_eq!(Tachentige::deck(&defaults).len(), 30);
    assert_eq!(Tachentige::deck(&no_stok).len(), 32);
    assert!(!config(&[("roem", "off")]).afkeuren, "afkeuren is ignored without roem");
    assert!(Tachentige::check_config(&values(&[("stok_size", "0")])).is_err(), "no stok needs 32 cards");
    assert!(ConfigValues::validate(Tachentige::config_keys(), [("min_bid", "205")]).is_err());
    assert!(ConfigValues::validate(Tachentige::config_keys(), [("regular_hands", "0")]).is_err());
    assert_eq!(config(&[("regular_hands", "12")]).regular_hands, Some(12));
    // The Basis preset.
    let basis = config(&[
        ("min_bid", "80"),
        ("roem", "off"),
        ("afkeuren", "off"),
        ("stok_leave", "off"),
        ("solos", "off"),
        ("rondspelen", "off"),
    ]);
    assert_eq!(Tachentige::contract_kinds(&basis), ["point", "thrown_in"]);
    assert_eq!(Tachentige::contract_kinds(&defaults).len(), 13);
}

/// Deal layout: 2 stok cards first, then packets of 4 and 3 from the dealer's left; with 32
/// cards and no stok, 4 and 4.
#[test]
fn deal_layout() {
    let layout = Tachentige::layout(&TachentigeConfig::defaults(), WEST);
    let places = layout.places();
    assert_eq!(places[..2], [Place::Pile(troef_core::Pile::Talon); 2]);
    assert_eq!(places[2..6], [Place::Hand(NORTH); 4]);
    assert_eq!(places[14..18], [Place::Hand(WEST); 4]);
    assert_eq!(places[18..21], [Place::Hand(NORTH); 3]);
    let layout = Tachentige::layout(&config(&[("deck", "32"), ("stok_size", "0")]), NORTH);
    assert_eq!(layout.places()[..4], [Place::Hand(EAST); 4]);
    assert_eq!(layout.slots_of(Place::Hand(NORTH)).len(), 8);
    let layout = Tachentige::layout(&config(&[("deck", "32")]), NORTH);
    assert_eq!(layout.slots_of(Place::Pile(troef_core::Pile::Talon)).len(), 4);
}

#[test]
fn scores_sheet_round_trips_and_is_checked() {
    let config = config(&[]);
    let scores = TachentigeScores { totals: [10, -30, 40, -20], hands: 7, closing_round: 6, over: false };
    let sheet_of = Tachentige::scores_to_sheet(&config, &scores);
    assert_eq!(sheet_of["closing_type"], 2);
    assert_eq!(Tachentige::scores_from_sheet(&config, &sheet_of).unwrap(), scores);
    for bad in [
        sheet(&[("N", 10)]),
        sheet(&[("closing_round", 13)]),
        sheet(&[("closing_round", 6), ("closing_type", 3)]),
        sheet(&[("P0", 0)]),
        sheet(&[("over", 2)]),
    ] {
        assert!(Tachentige::scores_from_sheet(&config, &bad).is_err(), "{bad:?}");
    }
    let off = self::config(&[("rondspelen", "off")]);
    assert!(Tachentige::scores_from_sheet(&off, &sheet(&[("closing_round", 1)])).is_err());
}

// ---------------------------------------------------------------------------------------------
// Random play

fn weighted_choice(hand: &Hand<Tachentige>, actions: &[TachentigeAction], rng: &mut ChaCha8Rng) -> TachentigeAction {
    let weight = |action: &TachentigeAction| hand.game().policy_weight(hand.config(), hand.table(), action).max(1);
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

fn random_hand(
    config: &TachentigeConfig,
    scores: &TachentigeScores,
    rng: &mut ChaCha8Rng,
    check_candidates: bool,
) -> Hand<Tachentige> {
    let mut deck: Vec<Card> = Tachentige::deck(config).iter().collect();
    deck.shuffle(rng);
    let dealer = Seat(rng.gen_range(0..4));
    let mut hand = Hand::<Tachentige>::from_deck(*config, dealer, scores, &deck).unwrap();
    let mut legal = Vec::new();
    let mut candidates = Vec::new();
    while let ToAct::Seat(who) = hand.to_act() {
        hand.legal_actions(&mut legal);
        assert!(!legal.is_empty(), "no legal action in {:?}", hand.game().phase());
        if check_candidates {
            candidates.clear();
            Tachentige::candidate_actions(config, hand.table(), who, &mut candidates);
            for action in legal.iter() {
                assert!(candidates.contains(action), "{action:?} not a candidate");
            }
            for action in &candidates {
                let mut copy = hand.clone();
                let accepted = copy.apply(who, *action).is_ok();
                assert_eq!(accepted, legal.contains(action), "{action:?} in {:?}", hand.game().phase());
                if !accepted {
                    assert_eq!(copy, hand, "refused {action:?} changed the hand");
                }
            }
        }
        let action = weighted_choice(&hand, &legal, rng);
        hand.apply(who, action).unwrap();
    }
    let outcome = hand.outcome().unwrap();
    let problems = Tachentige::check_outcome(config, hand.table(), &outcome);
    assert!(problems.is_empty(), "{problems:?}");
    hand.table().check_conservation().unwrap();
    hand
}

#[test]
fn apply_accepts_exactly_the_legal_actions() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for settings in [
        vec![],
        vec![("deck", "32")],
        vec![("deck", "32"), ("stok_size", "0"), ("min_bid", "80")],
        vec![("afkeuren", "off"), ("stok_leave", "off"), ("solos", "off")],
    ] {
        let config = config(&settings);
        for round in [0, 0, 0, 2, 6, 10] {
            for _ in 0..6 {
                random_hand(&config, &closing_scores(round), &mut rng, true);
            }
        }
    }
}

#[test]
fn every_contract_kind_occurs_in_random_play() {
    let mut rng = ChaCha8Rng::seed_from_u64(41);
    let config = config(&[]);
    let mut counts: BTreeMap<&str, u32> = Tachentige::contract_kinds(&config).iter().map(|&kind| (kind, 0)).collect();
    for number in 0..3000 {
        let scores = closing_scores(if number % 4 == 0 { (number / 4 % 12 + 1) as u8 } else { 0 });
        let outcome = random_hand(&config, &scores, &mut rng, false).outcome().unwrap();
        *counts.get_mut(Tachentige::contract_kind(&outcome)).expect("a listed kind") += 1;
        assert_eq!(outcome.deltas.iter().sum::<i64>(), 0);
        if let Some(score) = outcome.score {
            assert_eq!(score.rounded_declaring + score.rounded_defending, 150);
        }
    }
    assert!(counts.values().all(|&count| count >= 5), "{counts:?}");
}

/// Property: the roem found by [`detect`] is what a brute-force enumeration of every candidate
/// combination finds, over random hands of 7, 8 and 9 cards of both decks.
#[test]
fn roem_detection_agrees_with_brute_force() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for (settings, table) in [(vec![], RoemTable::Tachentige30), (vec![("deck", "32")], RoemTable::Tachentige32)] {
        let deck: Vec<Card> = Tachentige::deck(&config(&settings)).iter().collect();
        for round in 0..3000 {
            let mut shuffled = deck.clone();
            shuffled.shuffle(&mut rng);
            let hand: CardSet = shuffled[..7 + round % 3].iter().copied().collect();
            let trump = Suit::ALL[rng.gen_range(0..4)];
            let mut expected: Vec<CardSet> = Vec::new();
            for suit in Suit::ALL {
                for low in 7..=12u8 {
                    for len in 3..=8u8 {
                        let cards: CardSet = (low..low + len)
                            .filter_map(troef_core::Rank::new)
                            .filter(|_| low + len <= 15)
                            .map(|rank| Card::new(rank, suit))
                            .collect();
                        if cards.len() != len as usize || cards.intersection(hand) != cards {
                            continue;
                        }
                        let outside = |value: u8| {
                            troef_core::Rank::new(value).is_none_or(|rank| !hand.contains(Card::new(rank, suit)))
                        };
                        if outside(low - 1) && outside(low + len) {
                            expected.push(cards);
                        }
                    }
                }
            }
            for value in 7..=14u8 {
                let rank = troef_core::Rank::new(value).unwrap();
                let held: CardSet =
                    Suit::ALL.iter().map(|&suit| Card::new(rank, suit)).filter(|&c| hand.contains(c)).collect();
                let counts = held.len() >= 3 && (value > 7 || table == RoemTable::Tachentige32);
                if counts {
                    expected.push(held);
                }
            }
            if table == RoemTable::Tachentige30 && hand.contains(card("7H")) && hand.contains(card("7D")) {
                expected.push(set("7H 7D"));
            }
            let stuk = hand.contains(Card::new(troef_core::Rank::QUEEN, trump))
                && hand.contains(Card::new(troef_core::Rank::KING, trump));
            let found = detect(hand, Some(trump), table);
            let mut got: Vec<CardSet> = found
                .combos()
                .iter()
                .filter(|combo| !matches!(combo, Combo::Stuk(_)))
                .map(|&combo| found.combo_cards(combo))
                .collect();
            got.sort_by_key(|cards| cards.bits());
            expected.sort_by_key(|cards| cards.bits());
            assert_eq!(got, expected, "{hand} ({table:?})");
            assert_eq!(found.combos().contains(&Combo::Stuk(trump)), stuk, "{hand}");
            let value: u32 =
                expected.iter().map(|&cards| Combo::of_cards(cards).expect("a combination").value(table)).sum::<u32>()
                    + if stuk { 20 } else { 0 };
            assert_eq!(found.value(table), value, "{hand}");
        }
    }
}

/// The 6.3.1 table under both decks.
#[test]
fn roem_values() {
    let rows = [
        ("7H 7D", 100, 0),
        ("8S 8H 8D", 100, 100),
        ("JS JH JD", 200, 200),
        ("AS AH AD AC", 200, 200),
        ("JS JH JD JC", 400, 400),
        ("9H TH JH", 20, 20),
        ("9H TH JH QH", 50, 50),
        ("8H 9H TH JH QH KH", 100, 100),
    ];
    for (cards_text, deck30, deck32) in rows {
        let combo = combo(cards_text);
        assert_eq!(combo.value(RoemTable::Tachentige30), deck30, "{cards_text}");
        assert_eq!(combo.value(RoemTable::Tachentige32), deck32, "{cards_text}");
    }
    assert_eq!(combo("7S 7H 7D").value(RoemTable::Tachentige32), 100);
    assert_eq!(combo("7S 7H 7D 7C").value(RoemTable::Tachentige32), 200);
    assert_eq!(Combo::Stuk(Suit::Hearts).value(RoemTable::Tachentige30), 20);
    // Tachtigen's `tachentige` table keeps sevens worthless.
    assert_eq!(combo("7S 7H 7D 7C").value(RoemTable::Tachentige), 0);
}

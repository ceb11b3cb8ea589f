//! Hand and match records: the unit of replay, tests, bug reports and the network audit.
//!
//! A record holds the game, the rules version, the full config, the seat count, the dealer, the
//! deal itself (each hand and pile as card codes, never only a seed) and the actions in the
//! game's text notation, one line each (`W BID 7`, `P0 play KH marriage`). JSON is for people;
//! bincode (with a size limit) is for the wire. Replaying a record reproduces every state and the
//! score exactly; the audit replays it with full knowledge and lists every rule broken.
//!
//! Optional fields are never skipped when serialising, because bincode is not self-describing: in
//! JSON an absent value is written as `null`.

use crate::card::Card;
use crate::config::ConfigValues;
use crate::event::{Pile, Slot};
use crate::game::{parse_action_line, Game, GameId, Hand, Match, MatchStatus, ScoreSheet, ToAct};
use crate::seat::Seat;
use crate::table::{DealLayout, Place};
use crate::RuleError;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Largest record accepted from untrusted bytes.
pub const MAX_RECORD_BYTES: usize = 4 << 20;

/// Name of the face-down pile in a record's deal (talon, stok, widow).
pub const TALON: &str = "talon";
/// Name of the out-of-play pile in a record's deal.
pub const OUT_OF_PLAY: &str = "out";

/// One hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandRecord {
    pub game: String,
    pub rules_version: u32,
    /// Every variant key with its value.
    pub config: BTreeMap<String, String>,
    pub seats: u8,
    pub dealer: u8,
    /// Each seat's cards (by its record name, `N` or `P0`) and each pile (`talon`, `out`).
    pub deal: BTreeMap<String, Vec<Card>>,
    /// Match state before the hand, when the hand comes from the middle of a match.
    #[serde(default)]
    pub scores_before: Option<ScoreSheet>,
    /// One action per line, `SEAT ACTION`.
    pub actions: Vec<String>,
    /// What replay must reproduce (test vectors carry it; replay checks it when present).
    #[serde(default)]
    pub expect: Option<Expectation>,
}

/// Expected results of a hand or match, checked by replay.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Expectation {
    /// Match state after the hand (or after the whole match).
    #[serde(default)]
    pub scores_after: Option<ScoreSheet>,
    /// Per-seat deltas of the hand.
    #[serde(default)]
    pub deltas: Option<Vec<i64>>,
    /// `continue` or the match summary, e.g. `team B wins`.
    #[serde(default)]
    pub result: Option<String>,
    #[serde(default)]
    pub next_dealer: Option<u8>,
}

/// A whole match: its hands in order, and the running scores after each.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchRecord {
    pub game: String,
    pub rules_version: u32,
    pub config: BTreeMap<String, String>,
    pub seats: u8,
    pub hands: Vec<HandRecord>,
    /// Scores after each hand.
    pub totals: Vec<ScoreSheet>,
    #[serde(default)]
    pub result: Option<String>,
}

/// Either kind of record, as read from a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Record {
    Hand(HandRecord),
    Match(MatchRecord),
}

/// Why a record could not be read or replayed: one clear line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    #[error("bad record: {0}")]
    Malformed(String),
    #[error("action {index} ({line}): {message}")]
    Action { index: usize, line: String, message: String },
    #[error("{0}")]
    Rule(String),
}

impl From<RuleError> for RecordError {
    fn from(error: RuleError) -> RecordError {
        RecordError::Rule(error.to_string())
    }
}

impl Record {
    /// Reads a JSON record (hand or match, told apart by the `hands` field).
    pub fn from_json(text: &str) -> Result<Record, RecordError> {
        if text.len() > MAX_RECORD_BYTES {
            return Err(RecordError::Malformed(format!("record larger than {MAX_RECORD_BYTES} bytes")));
        }
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|error| RecordError::Malformed(error.to_string()))?;
        if value.get("hands").is_some() {
            serde_json::from_value(value).map(Record::Match)
        } else {
            serde_json::from_value(value).map(Record::Hand)
        }
        .map_err(|error| RecordError::Malformed(error.to_string()))
    }
}

fn bincode_config() -> impl bincode::config::Config {
    bincode::config::standard().with_limit::<MAX_RECORD_BYTES>()
}

impl HandRecord {
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    pub fn to_bincode(&self) -> Vec<u8> {
        bincode::serde::encode_to_vec(self, bincode_config()).unwrap_or_default()
    }

    /// Decodes untrusted bytes, with a size limit.
    pub fn from_bincode(bytes: &[u8]) -> Result<HandRecord, RecordError> {
        let (record, used) = bincode::serde::decode_from_slice(bytes, bincode_config())
            .map_err(|error| RecordError::Malformed(error.to_string()))?;
        if used != bytes.len() {
            return Err(RecordError::Malformed("trailing bytes after the record".into()));
        }
        Ok(record)
    }
}

impl MatchRecord {
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    pub fn to_bincode(&self) -> Vec<u8> {
        bincode::serde::encode_to_vec(self, bincode_config()).unwrap_or_default()
    }

    pub fn from_bincode(bytes: &[u8]) -> Result<MatchRecord, RecordError> {
        let (record, used) = bincode::serde::decode_from_slice(bytes, bincode_config())
            .map_err(|error| RecordError::Malformed(error.to_string()))?;
        if used != bytes.len() {
            return Err(RecordError::Malformed("trailing bytes after the record".into()));
        }
        Ok(record)
    }
}

/// The record name of a place in the deal.
pub fn place_name<G: Game>(place: Place) -> Option<String> {
    match place {
        Place::Hand(seat) => Some(G::SEAT_NAMES.name(seat)),
        Place::Pile(Pile::Talon) => Some(TALON.to_string()),
        Place::Pile(Pile::OutOfPlay) => Some(OUT_OF_PLAY.to_string()),
        _ => None,
    }
}

/// The deal of a deck order, grouped by place as a record stores it.
pub fn deal_from_deck<G: Game>(layout: &DealLayout, deck: &[Card]) -> BTreeMap<String, Vec<Card>> {
    let mut deal: BTreeMap<String, Vec<Card>> = BTreeMap::new();
    for (&place, &card) in layout.places().iter().zip(deck) {
        if let Some(name) = place_name::<G>(place) {
            deal.entry(name).or_default().push(card);
        }
    }
    deal
}

/// The deck order that deals a record's deal: each place's cards fill its deck positions in
/// order. (Order inside a hand means nothing, so this inverse of the layout is canonical.)
pub fn deck_from_deal<G: Game>(
    layout: &DealLayout,
    deal: &BTreeMap<String, Vec<Card>>,
) -> Result<Vec<Card>, RecordError> {
    let mut cursors: BTreeMap<String, usize> = BTreeMap::new();
    let mut deck = Vec::with_capacity(layout.len());
    for (slot, &place) in layout.places().iter().enumerate() {
        let name = place_name::<G>(place)
            .ok_or_else(|| RecordError::Malformed(format!("deck position {slot} has no place in a deal")))?;
        let cards = deal.get(&name).ok_or_else(|| RecordError::Malformed(format!("the deal has no {name:?}")))?;
        let cursor = cursors.entry(name.clone()).or_insert(0);
        let card = cards.get(*cursor).ok_or_else(|| {
            RecordError::Malformed(format!(
                "{name} should hold {} cards, the record gives {}",
                layout.places().iter().filter(|&&p| p == place).count(),
                cards.len()
            ))
        })?;
        *cursor += 1;
        deck.push(*card);
    }
    for (name, cards) in deal {
        let used = cursors.get(name).copied().unwrap_or(0);
        if used != cards.len() {
            return Err(RecordError::Malformed(format!(
                "{name:?} has {} cards, the deal layout gives it {used}",
                cards.len()
            )));
        }
    }
    Ok(deck)
}

/// Validates a record's game, version and config for game `G`.
pub fn record_config<G: Game>(
    game: &str,
    rules_version: u32,
    config: &BTreeMap<String, String>,
    seats: u8,
) -> Result<G::Config, RecordError> {
    if GameId::parse(game)? != G::ID {
        return Err(RecordError::Malformed(format!("record is for {game}, not {}", G::ID.name())));
    }
    if rules_version != G::RULES_VERSION {
        return Err(RecordError::Malformed(format!(
            "record has rules version {rules_version}, this build plays {}",
            G::RULES_VERSION
        )));
    }
    let values = ConfigValues::validate(G::config_keys(), config.iter().map(|(k, v)| (k.as_str(), v.as_str())))
        .map_err(|error| RecordError::Malformed(error.to_string()))?;
    G::check_config(&values).map_err(|error| RecordError::Malformed(error.to_string()))?;
    let config = G::config(&values);
    if G::seat_count(&config) != seats {
        return Err(RecordError::Malformed(format!(
            "record says {seats} seats, the config gives {}",
            G::seat_count(&config)
        )));
    }
    Ok(config)
}

/// A replayed hand: the final state, its outcome and how the match went on.
#[derive(Debug)]
pub struct ReplayedHand<G: Game> {
    pub hand: Hand<G>,
    pub outcome: G::Outcome,
    pub scores_before: G::Scores,
    pub scores_after: G::Scores,
    pub status: MatchStatus,
}

/// Replays a hand record with full knowledge; every action must be legal. Checks the record's
/// expectation when it has one.
pub fn replay_hand<G: Game>(record: &HandRecord) -> Result<ReplayedHand<G>, RecordError> {
    let config = record_config::<G>(&record.game, record.rules_version, &record.config, record.seats)?;
    let scores_before = match &record.scores_before {
        Some(sheet) => G::scores_from_sheet(&config, sheet)?,
        None => G::new_scores(&config),
    };
    let dealer = Seat(record.dealer);
    if record.dealer >= record.seats {
        return Err(RecordError::Malformed(format!("dealer {} does not exist", record.dealer)));
    }
    let deck = deck_from_deal::<G>(&G::layout(&config, dealer), &record.deal)?;
    let mut game_match = Match::<G>::resume(config.clone(), dealer, scores_before.clone());
    let mut hand = game_match.deal(&deck)?;
    for (index, line) in record.actions.iter().enumerate() {
        let fail = |message: String| RecordError::Action { index, line: line.clone(), message };
        let (seat, action) = parse_action_line::<G>(&config, line).map_err(|e| fail(e.to_string()))?;
        hand.apply(seat, action).map_err(|e| fail(e.to_string()))?;
    }
    if hand.to_act() != ToAct::HandOver {
        return Err(RecordError::Rule(format!(
            "the record ends after {} actions but the hand is not over",
            record.actions.len()
        )));
    }
    let outcome = hand.outcome().ok_or_else(|| RecordError::Rule("the hand has no outcome".into()))?;
    let status = game_match.settle(&hand)?;
    let replayed = ReplayedHand { hand, outcome, scores_before, scores_after: game_match.scores().clone(), status };
    if let Some(expect) = &record.expect {
        check_expectation::<G>(&config, &replayed, expect)?;
    }
    Ok(replayed)
}

/// `continue`, or the match summary.
pub fn status_text(status: &MatchStatus) -> String {
    match status {
        MatchStatus::Continue { .. } => "continue".to_string(),
        MatchStatus::Over { summary, .. } => summary.clone(),
    }
}

fn check_expectation<G: Game>(
    config: &G::Config,
    replayed: &ReplayedHand<G>,
    expect: &Expectation,
) -> Result<(), RecordError> {
    let mismatch = |what: &str, expected: String, got: String| {
        Err(RecordError::Rule(format!("replay gives {what} {got}, the record expects {expected}")))
    };
    if let Some(deltas) = &expect.deltas {
        let got = G::seat_deltas(config, &replayed.outcome);
        if &got != deltas {
            return mismatch("deltas", format!("{deltas:?}"), format!("{got:?}"));
        }
    }
    if let Some(after) = &expect.scores_after {
        let got = G::scores_to_sheet(config, &replayed.scores_after);
        for (key, value) in after {
            if got.get(key) != Some(value) {
                return mismatch(&format!("{key} ="), value.to_string(), format!("{:?}", got.get(key)));
            }
        }
    }
    if let Some(result) = &expect.result {
        let got = status_text(&replayed.status);
        if &got != result {
            return mismatch("result", format!("{result:?}"), format!("{got:?}"));
        }
    }
    if let (Some(next), MatchStatus::Continue { next_dealer }) = (expect.next_dealer, &replayed.status) {
        if next_dealer.0 != next {
            return mismatch("next dealer", next.to_string(), next_dealer.0.to_string());
        }
    }
    Ok(())
}

/// A replayed match: each hand's outcome and the final scores.
#[derive(Debug)]
pub struct ReplayedMatch<G: Game> {
    pub outcomes: Vec<G::Outcome>,
    pub scores: G::Scores,
    pub status: Option<MatchStatus>,
}

/// Replays a match record: each hand must follow from the previous one (dealer rotation, scores)
/// and the recorded totals must be reproduced.
pub fn replay_match<G: Game>(record: &MatchRecord) -> Result<ReplayedMatch<G>, RecordError> {
    let config = record_config::<G>(&record.game, record.rules_version, &record.config, record.seats)?;
    if record.totals.len() != record.hands.len() {
        return Err(RecordError::Malformed(format!(
            "{} hands but {} running totals",
            record.hands.len(),
            record.totals.len()
        )));
    }
    let mut scores = G::new_scores(&config);
    let mut expected_dealer: Option<u8> = None;
    let mut outcomes = Vec::with_capacity(record.hands.len());
    let mut status = None;
    for (number, hand) in record.hands.iter().enumerate() {
        let context = |error: RecordError| RecordError::Rule(format!("hand {}: {error}", number + 1));
        if matches!(status, Some(MatchStatus::Over { .. })) {
            return Err(RecordError::Rule(format!("hand {} comes after the match was over", number + 1)));
        }
        if hand.config != record.config || hand.game != record.game {
            return Err(context(RecordError::Malformed("config differs from the match's".into())));
        }
        if let Some(dealer) = expected_dealer {
            if hand.dealer != dealer {
                return Err(context(RecordError::Rule(format!("dealer should be seat {dealer}, is {}", hand.dealer))));
            }
        }
        let mut hand = hand.clone();
        hand.scores_before = Some(G::scores_to_sheet(&config, &scores));
        let replayed = replay_hand::<G>(&hand).map_err(context)?;
        let sheet = G::scores_to_sheet(&config, &replayed.scores_after);
        if sheet != record.totals[number] {
            return Err(context(RecordError::Rule(format!(
                "totals after the hand are {sheet:?}, the record says {:?}",
                record.totals[number]
            ))));
        }
        scores = replayed.scores_after;
        if let MatchStatus::Continue { next_dealer } = replayed.status {
            expected_dealer = Some(next_dealer.0);
        }
        status = Some(replayed.status);
        outcomes.push(replayed.outcome);
    }
    if let (Some(expected), Some(got)) = (&record.result, &status) {
        if &status_text(got) != expected {
            return Err(RecordError::Rule(format!(
                "match result is {:?}, the record says {expected:?}",
                status_text(got)
            )));
        }
    }
    Ok(ReplayedMatch { outcomes, scores, status })
}

/// A rule broken in a hand, found by the audit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Violation {
    pub action_index: usize,
    pub seat: u8,
    pub line: String,
    pub rule: String,
}

/// Audits a hand: replays it with full knowledge and reports every rule broken, naming the action
/// index and seat. An action that breaks a rule is replayed the way a peer that could not check
/// it accepted it (its holder's hidden duties deferred), so the audit goes on to the next one.
pub fn audit_hand<G: Game>(record: &HandRecord) -> Result<Vec<Violation>, RecordError> {
    let config = record_config::<G>(&record.game, record.rules_version, &record.config, record.seats)?;
    let scores = match &record.scores_before {
        Some(sheet) => G::scores_from_sheet(&config, sheet)?,
        None => G::new_scores(&config),
    };
    let dealer = Seat(record.dealer);
    let deck = deck_from_deal::<G>(&G::layout(&config, dealer), &record.deal)?;
    let mut hand = Hand::<G>::from_deck(config.clone(), dealer, &scores, &deck)?;
    let mut violations = Vec::new();
    for (index, line) in record.actions.iter().enumerate() {
        let (seat, action) = parse_action_line::<G>(&config, line).map_err(|e| RecordError::Action {
            index,
            line: line.clone(),
            message: e.to_string(),
        })?;
        if let Err(broken) = hand.apply(seat, action) {
            violations.push(Violation {
                action_index: index,
                seat: seat.0,
                line: line.clone(),
                rule: broken.to_string(),
            });
            hand.table_mut().defer_checks(seat, true);
            let accepted = hand.apply(seat, action);
            hand.table_mut().defer_checks(seat, false);
            if accepted.is_err() {
                // Not even a peer could have accepted it (wrong turn, a card it does not hold):
                // the rest of the hand cannot be replayed.
                break;
            }
        }
    }
    Ok(violations)
}

/// The deck position of a card in a record's deal, for tools that talk about positions.
pub fn slot_of_card<G: Game>(record: &HandRecord, card: Card) -> Option<Slot> {
    let config = record_config::<G>(&record.game, record.rules_version, &record.config, record.seats).ok()?;
    let deck = deck_from_deal::<G>(&G::layout(&config, Seat(record.dealer)), &record.deal).ok()?;
    deck.iter().position(|&c| c == card).map(|slot| Slot(slot as u8))
}

/// Builds a hand record from a finished (or partly played) hand and its action lines.
pub fn hand_record<G: Game>(
    values: &ConfigValues,
    dealer: Seat,
    deck: &[Card],
    scores_before: Option<ScoreSheet>,
    actions: Vec<String>,
) -> HandRecord {
    let config = G::config(values);
    HandRecord {
        game: G::ID.name().to_string(),
        rules_version: G::RULES_VERSION,
        config: values.map().clone(),
        seats: G::seat_count(&config),
        dealer: dealer.0,
        deal: deal_from_deck::<G>(&G::layout(&config, dealer), deck),
        scores_before,
        actions,
        expect: None,
    }
}

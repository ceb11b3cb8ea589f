//! `troef replay FILE` and `troef audit FILE`: read a hand or match record, validate and replay it,
//! print the outcome and the audit.

use crate::output::{print, print_json, signed, Failure, CHECK_FAILED};
use serde_json::json;
use std::path::Path;
use troef_core::record::{
    audit_hand, record_config, replay_hand, replay_match, status_text, HandRecord, MatchRecord, Record, Violation,
    MAX_RECORD_BYTES,
};
use troef_core::{Game, GameId, MatchStatus, ScoreSheet, Seat};

/// Reads a record file: JSON when it starts with `{` (after whitespace), else bincode (a hand
/// record, then a match record).
pub fn read_record(path: &Path) -> Result<Record, Failure> {
    let name = path.display();
    let bytes = std::fs::read(path).map_err(|error| Failure::input(format!("cannot read {name}: {error}")))?;
    if bytes.len() > MAX_RECORD_BYTES {
        return Err(Failure::input(format!("{name} is larger than {MAX_RECORD_BYTES} bytes, too big for a record")));
    }
    let Some(first) = bytes.iter().find(|byte| !byte.is_ascii_whitespace()) else {
        return Err(Failure::input(format!("{name} is empty")));
    };
    if *first == b'{' {
        let text = std::str::from_utf8(&bytes)
            .map_err(|error| Failure::input(format!("bad record: {name} is not UTF-8 text ({error})")))?;
        return Record::from_json(text).map_err(|error| Failure::input(error.to_string()));
    }
    if let Ok(record) = HandRecord::from_bincode(&bytes) {
        return Ok(Record::Hand(record));
    }
    if let Ok(record) = MatchRecord::from_bincode(&bytes) {
        return Ok(Record::Match(record));
    }
    Err(Failure::input(format!("bad record: {name} is neither a JSON record nor a bincode hand or match record")))
}

fn game_of(record: &Record) -> Result<GameId, Failure> {
    let name = match record {
        Record::Hand(hand) => &hand.game,
        Record::Match(game_match) => &game_match.game,
    };
    GameId::parse(name).map_err(|error| Failure::input(format!("bad record: {error}")))
}

pub fn replay(path: &Path, json: bool) -> Result<u8, Failure> {
    let record = read_record(path)?;
    let id = game_of(&record)?;
    troef_core::with_game!(id, G => replay_typed::<G>(&record, json))
}

pub fn audit(path: &Path, json: bool) -> Result<u8, Failure> {
    let record = read_record(path)?;
    let id = game_of(&record)?;
    troef_core::with_game!(id, G => audit_typed::<G>(&record, json))
}

fn seat_names<G: Game>(seats: u8) -> Vec<String> {
    (0..seats).map(|seat| G::SEAT_NAMES.name(Seat(seat))).collect()
}

fn sheet_text(sheet: &ScoreSheet) -> String {
    sheet.iter().map(|(key, value)| format!("{key} {value}")).collect::<Vec<_>>().join(", ")
}

fn deltas_text(names: &[String], deltas: &[i64]) -> String {
    names.iter().zip(deltas).map(|(name, delta)| format!("{name} {}", signed(*delta))).collect::<Vec<_>>().join("  ")
}

fn status_json<G: Game>(status: Option<&MatchStatus>) -> serde_json::Value {
    match status {
        None => json!({ "result": "no hands" }),
        Some(MatchStatus::Continue { next_dealer }) => {
            json!({ "result": "continue", "over": false, "next_dealer": G::SEAT_NAMES.name(*next_dealer) })
        }
        Some(MatchStatus::Over { winners, summary }) => json!({
            "result": summary,
            "over": true,
            "winners": winners.iter().map(|seat| G::SEAT_NAMES.name(*seat)).collect::<Vec<_>>(),
        }),
    }
}

fn status_line<G: Game>(status: Option<&MatchStatus>) -> String {
    match status {
        None => "result: no hands".to_string(),
        Some(MatchStatus::Continue { next_dealer }) => {
            format!("result: match goes on, next dealer {}", G::SEAT_NAMES.name(*next_dealer))
        }
        Some(MatchStatus::Over { winners, summary }) => format!(
            "result: {summary} (winners: {})",
            winners.iter().map(|seat| G::SEAT_NAMES.name(*seat)).collect::<Vec<_>>().join(", ")
        ),
    }
}

fn violations_json(violations: &[Violation]) -> serde_json::Value {
    serde_json::to_value(violations).unwrap_or_default()
}

fn violation_lines(hand_number: Option<usize>, violations: &[Violation], text: &mut String) {
    for violation in violations {
        let hand = hand_number.map(|number| format!("hand {number}, ")).unwrap_or_default();
        text.push_str(&format!("  {hand}action {} ({}): {}\n", violation.action_index, violation.line, violation.rule));
    }
}

/// One replayed hand, for printing.
struct HandReport {
    dealer: String,
    actions: usize,
    contract: &'static str,
    played_out: bool,
    deltas: Vec<i64>,
    breakdown: Vec<String>,
    scores_before: ScoreSheet,
    scores_after: ScoreSheet,
    status: MatchStatus,
    audit: Vec<Violation>,
}

impl HandReport {
    fn to_json<G: Game>(&self, names: &[String]) -> serde_json::Value {
        json!({
            "dealer": self.dealer,
            "actions": self.actions,
            "contract": self.contract,
            "played_out": self.played_out,
            "deltas": self.deltas,
            "deltas_by_seat": names
                .iter()
                .cloned()
                .zip(self.deltas.iter().map(|delta| json!(delta)))
                .collect::<serde_json::Map<String, serde_json::Value>>(),
            "breakdown": self.breakdown,
            "scores_before": self.scores_before,
            "scores_after": self.scores_after,
            "status": status_json::<G>(Some(&self.status)),
            "audit": violations_json(&self.audit),
        })
    }

    fn write_text(&self, names: &[String], text: &mut String) {
        text.push_str(&format!(
            "contract: {} ({})\n",
            self.contract,
            if self.played_out { "played out" } else { "not played out" }
        ));
        for line in &self.breakdown {
            text.push_str(&format!("  {line}\n"));
        }
        text.push_str(&format!("deltas: {}\n", deltas_text(names, &self.deltas)));
    }
}

fn hand_report<G: Game>(
    config: &G::Config,
    record: &HandRecord,
    outcome: &G::Outcome,
    scores_before: &G::Scores,
    scores_after: &G::Scores,
    status: MatchStatus,
) -> Result<HandReport, Failure> {
    let audit = audit_hand::<G>(record).map_err(|error| Failure::input(error.to_string()))?;
    Ok(HandReport {
        dealer: G::SEAT_NAMES.name(Seat(record.dealer)),
        actions: record.actions.len(),
        contract: G::contract_kind(outcome),
        played_out: G::played_out(outcome),
        deltas: G::seat_deltas(config, outcome),
        breakdown: G::breakdown(config, outcome),
        scores_before: G::scores_to_sheet(config, scores_before),
        scores_after: G::scores_to_sheet(config, scores_after),
        status,
        audit,
    })
}

fn replay_typed<G: Game>(record: &Record, json: bool) -> Result<u8, Failure> {
    let bad = |error: troef_core::record::RecordError| Failure::input(error.to_string());
    match record {
        Record::Hand(hand) => {
            let replayed = replay_hand::<G>(hand).map_err(bad)?;
            let config = replayed.hand.config().clone();
            let names = seat_names::<G>(hand.seats);
            let report = hand_report::<G>(
                &config,
                hand,
                &replayed.outcome,
                &replayed.scores_before,
                &replayed.scores_after,
                replayed.status.clone(),
            )?;
            if json {
                let mut value = json!({
                    "kind": "hand",
                    "game": G::ID.name(),
                    "rules_version": hand.rules_version,
                    "config": hand.config,
                    "seats": names,
                    "expectation_checked": hand.expect.is_some(),
                });
                if let (Some(object), serde_json::Value::Object(extra)) =
                    (value.as_object_mut(), report.to_json::<G>(&names))
                {
                    object.extend(extra);
                }
                print_json(&value);
            } else {
                let mut text = format!(
                    "{} hand, rules version {}, dealer {}, {} actions\n",
                    G::ID.name(),
                    hand.rules_version,
                    report.dealer,
                    report.actions
                );
                text.push_str(&format!("variant: {}\n", config_text(&hand.config)));
                report.write_text(&names, &mut text);
                if hand.scores_before.is_some() {
                    text.push_str(&format!("scores before the hand: {}\n", sheet_text(&report.scores_before)));
                }
                text.push_str(&format!("scores after the hand: {}\n", sheet_text(&report.scores_after)));
                text.push_str(&status_line::<G>(Some(&report.status)));
                text.push('\n');
                if hand.expect.is_some() {
                    text.push_str("expectations in the record: all reproduced\n");
                }
                audit_text(&report.audit, None, &mut text);
                print(&text);
            }
            Ok(0)
        }
        Record::Match(game_match) => {
            let replayed = replay_match::<G>(game_match).map_err(bad)?;
            let config =
                record_config::<G>(&game_match.game, game_match.rules_version, &game_match.config, game_match.seats)
                    .map_err(bad)?;
            let names = seat_names::<G>(game_match.seats);
            let mut scores = G::new_scores(&config);
            let mut reports = Vec::with_capacity(replayed.outcomes.len());
            for (index, (hand, outcome)) in game_match.hands.iter().zip(&replayed.outcomes).enumerate() {
                let mut hand = hand.clone();
                hand.scores_before = Some(G::scores_to_sheet(&config, &scores));
                let mut after = scores.clone();
                let status = G::settle(&config, &mut after, Seat(hand.dealer), outcome);
                let report = hand_report::<G>(&config, &hand, outcome, &scores, &after, status)
                    .map_err(|failure| Failure::input(format!("hand {}: {}", index + 1, failure.message)))?;
                reports.push(report);
                scores = after;
            }
            let final_scores = G::scores_to_sheet(&config, &replayed.scores);
            if json {
                let hands: Vec<serde_json::Value> = reports
                    .iter()
                    .enumerate()
                    .map(|(index, report)| {
                        let mut value = report.to_json::<G>(&names);
                        if let Some(object) = value.as_object_mut() {
                            object.insert("number".into(), json!(index + 1));
                        }
                        value
                    })
                    .collect();
                print_json(&json!({
                    "kind": "match",
                    "game": G::ID.name(),
                    "rules_version": game_match.rules_version,
                    "config": game_match.config,
                    "seats": names,
                    "hands": hands,
                    "scores": final_scores,
                    "status": status_json::<G>(replayed.status.as_ref()),
                    "result": replayed.status.as_ref().map(status_text),
                }));
            } else {
                let mut text = format!(
                    "{} match, rules version {}, {} hands\nvariant: {}\n",
                    G::ID.name(),
                    game_match.rules_version,
                    reports.len(),
                    config_text(&game_match.config)
                );
                for (index, report) in reports.iter().enumerate() {
                    text.push_str(&format!(
                        "\nhand {} (dealer {}, {} actions)\n",
                        index + 1,
                        report.dealer,
                        report.actions
                    ));
                    report.write_text(&names, &mut text);
                    text.push_str(&format!("scores: {}\n", sheet_text(&report.scores_after)));
                }
                text.push_str(&format!("\nfinal scores: {}\n", sheet_text(&final_scores)));
                text.push_str(&status_line::<G>(replayed.status.as_ref()));
                text.push('\n');
                let violations: Vec<(usize, &Violation)> = reports
                    .iter()
                    .enumerate()
                    .flat_map(|(index, report)| report.audit.iter().map(move |violation| (index + 1, violation)))
                    .collect();
                if violations.is_empty() {
                    text.push_str("audit: no rule broken\n");
                } else {
                    text.push_str(&format!("audit: {} rules broken\n", violations.len()));
                    for (number, violation) in violations {
                        violation_lines(Some(number), std::slice::from_ref(violation), &mut text);
                    }
                }
                print(&text);
            }
            Ok(0)
        }
    }
}

fn config_text(config: &std::collections::BTreeMap<String, String>) -> String {
    if config.is_empty() {
        return "(none)".to_string();
    }
    config.iter().map(|(key, value)| format!("{key}={value}")).collect::<Vec<_>>().join(" ")
}

fn audit_text(violations: &[Violation], hand_number: Option<usize>, text: &mut String) {
    if violations.is_empty() {
        text.push_str("audit: no rule broken\n");
    } else {
        text.push_str(&format!("audit: {} rules broken\n", violations.len()));
        violation_lines(hand_number, violations, text);
    }
}

/// The hands of a record, each with the match state before it (from the running totals).
fn hands_with_scores<G: Game>(record: &Record) -> Result<Vec<HandRecord>, Failure> {
    match record {
        Record::Hand(hand) => Ok(vec![hand.clone()]),
        Record::Match(game_match) => {
            let config =
                record_config::<G>(&game_match.game, game_match.rules_version, &game_match.config, game_match.seats)
                    .map_err(|error| Failure::input(error.to_string()))?;
            let mut before = G::scores_to_sheet(&config, &G::new_scores(&config));
            let mut hands = Vec::with_capacity(game_match.hands.len());
            for (index, hand) in game_match.hands.iter().enumerate() {
                let mut hand = hand.clone();
                hand.scores_before = Some(before);
                hands.push(hand);
                before = game_match.totals.get(index).cloned().unwrap_or_default();
            }
            Ok(hands)
        }
    }
}

fn audit_typed<G: Game>(record: &Record, json: bool) -> Result<u8, Failure> {
    let hands = hands_with_scores::<G>(record)?;
    let is_match = matches!(record, Record::Match(_));
    let mut all = Vec::with_capacity(hands.len());
    for (index, hand) in hands.iter().enumerate() {
        let violations = audit_hand::<G>(hand).map_err(|error| {
            if is_match {
                Failure::input(format!("hand {}: {error}", index + 1))
            } else {
                Failure::input(error.to_string())
            }
        })?;
        all.push(violations);
    }
    let count: usize = all.iter().map(Vec::len).sum();
    if json {
        let hands: Vec<serde_json::Value> = all
            .iter()
            .enumerate()
            .map(|(index, violations)| json!({ "number": index + 1, "violations": violations_json(violations) }))
            .collect();
        print_json(&json!({
            "kind": if is_match { "match" } else { "hand" },
            "game": G::ID.name(),
            "violation_count": count,
            "hands": hands,
        }));
    } else {
        let mut text = format!("{} {}: ", G::ID.name(), if is_match { "match" } else { "hand" });
        if count == 0 {
            text.push_str("no rule broken\n");
        } else {
            text.push_str(&format!("{count} rules broken\n"));
            for (index, violations) in all.iter().enumerate() {
                violation_lines(is_match.then_some(index + 1), violations, &mut text);
            }
        }
        print(&text);
    }
    Ok(if count == 0 { 0 } else { CHECK_FAILED })
}

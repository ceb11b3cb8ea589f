//! The rules half of the end-of-hand audit: once the deal protocol has decrypted the whole deck
//! ([`crate::AuditedDeal`]), the hand's actions are replayed through the rules core with full
//! knowledge, which finds what no peer could check at play time (a revoke: not following suit while
//! holding the suit; a false claim).

use crate::session::{Detected, Fault, FaultKind};
use troef_core::config::ConfigValues;
use troef_core::game::{Game, ScoreSheet};
use troef_core::record::{audit_hand, hand_record};
use troef_core::{Card, Seat};

/// Audits the rules of a hand over the audited deck. The first broken rule voids the hand and
/// names its seat; the detail lists every broken rule with its action index.
pub fn audit_rules<G: Game>(
    deck: &[Card],
    values: &ConfigValues,
    dealer: Seat,
    scores_before: Option<ScoreSheet>,
    actions: Vec<String>,
) -> Result<(), Fault> {
    let record = hand_record::<G>(values, dealer, deck, scores_before, actions);
    match audit_hand::<G>(&record) {
        Ok(violations) if violations.is_empty() => Ok(()),
        Ok(violations) => {
            let detail = violations
                .iter()
                .map(|v| format!("action {} ({}): {}", v.action_index, v.line, v.rule))
                .collect::<Vec<_>>()
                .join("; ");
            Err(Fault {
                seat: Some(Seat(violations[0].seat)),
                kind: FaultKind::RuleBroken,
                detected: Detected::AtAudit,
                detail,
            })
        }
        Err(error) => Err(Fault {
            seat: None,
            kind: FaultKind::RuleBroken,
            detected: Detected::AtAudit,
            detail: format!("the hand cannot be replayed over the audited deal: {error}"),
        }),
    }
}

//! A seat's view of a hand: everything one seat may know, and nothing more. This is the only
//! thing bots, hints and a player's screen are given.
//!
//! **A `SeatView` can only be made by redacting a hand for its seat** ([`SeatView::of`]), or from a
//! hand that already knows nothing beyond that seat ([`SeatView::from_partial`], a networked peer's
//! own partial-knowledge hand). There is no way to reach the hidden cards through it, so a bot that
//! takes a `&SeatView` cannot look at them: the separation is by type, not by trust.

use crate::game::{Game, Hand, ToAct};
use crate::seat::Seat;
use crate::table::Viewer;
use crate::RuleError;

/// One seat's view of a hand in progress, with the match scores the hand started from (bids
/// depend on them: Tysiacha's barrel, a Tarneeb target in reach).
#[derive(Clone, Debug, PartialEq)]
pub struct SeatView<G: Game> {
    seat: Seat,
    hand: Hand<G>,
    scores: G::Scores,
}

impl<G: Game> SeatView<G> {
    /// The view of `seat` of a hand (full or partial knowledge): every card `seat` has not seen is
    /// forgotten.
    pub fn of(hand: &Hand<G>, seat: Seat, scores: &G::Scores) -> SeatView<G> {
        SeatView { seat, hand: hand.view(Viewer::Seat(seat)), scores: scores.clone() }
    }

    /// A view from a hand that already holds only `seat`'s knowledge (a networked peer's own
    /// hand). Refused if the hand knows a card `seat` has not seen.
    pub fn from_partial(hand: Hand<G>, seat: Seat, scores: &G::Scores) -> Result<SeatView<G>, RuleError> {
        if seat.0 >= hand.table().seats() {
            return Err(RuleError::new(format!("seat {seat:?} does not exist at this table")));
        }
        let redacted = hand.table().view(Viewer::Seat(seat));
        if !hand.table().same_knowledge(&redacted) {
            return Err(RuleError::new(format!("the hand knows cards {} has not seen", G::SEAT_NAMES.name(seat))));
        }
        Ok(SeatView { seat, hand, scores: scores.clone() })
    }

    /// The seat whose view this is.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// The hand as this seat knows it: its own cards, the cards it was shown, the public state.
    pub fn hand(&self) -> &Hand<G> {
        &self.hand
    }

    /// The match scores before this hand.
    pub fn scores(&self) -> &G::Scores {
        &self.scores
    }

    /// Whether this seat is to act (directly, or as the operator of a dummy: Rikken's René).
    pub fn is_to_act(&self) -> bool {
        self.hand.to_act() == ToAct::Seat(self.seat)
    }

    /// The legal actions of this seat now (empty when it is not to act).
    pub fn legal_actions(&self, out: &mut Vec<G::Action>) {
        out.clear();
        if self.is_to_act() {
            self.hand.legal_actions(out);
        }
    }
}

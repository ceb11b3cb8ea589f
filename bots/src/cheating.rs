//! The open-card bot: it sees the whole deal (the arena's upper bound for honest bots) and plays
//! the open-card solver's best card.
//!
//! In play it asks the solver for one best card ([`crate::solver::Solver::best_move`]) for the
//! objective of the seat whose cards are on turn: the position's exact value, then the first card
//! in the search's move order that reaches it (among equal cards the natural one, as the order
//! puts it first). Scoring every card would cost a full solve per card for the same play. The
//! solver runs under a node cap so that a pathological deal stays bounded; a capped answer plays
//! the card the search had in hand.
//!
//! Outside play (bids, trump, calls, discards, passes, roem) it decides with full knowledge by
//! the game's [`OpenDecisions`] hook.

use crate::solver::Solver;
use crate::strong::utility::PlayUtility;
use crate::CheatingBot;
use rand::RngCore;
use troef_core::{Hand, ToAct};

/// Full-knowledge decisions outside the play phase. In play the bot plays for what its seat
/// scores ([`PlayUtility::play_objective`]: a Tysiacha defender for his own points).
pub trait OpenDecisions: PlayUtility {
    /// The action for the seat to act when the hand is not in its play phase (or `None` to
    /// take the first legal action).
    fn decide_open(hand: &Hand<Self>, solver: &mut Solver, legal: &[Self::Action]) -> Option<Self::Action>;
}

/// The open-card bot.
#[derive(Debug)]
pub struct OpenBot {
    solver: Solver,
}

impl OpenBot {
    /// Search nodes per decision before the solver answers with bounds.
    pub const NODE_CAP: u64 = 2_000_000;

    pub fn new() -> OpenBot {
        let mut solver = Solver::with_entries(1 << 18);
        solver.set_node_cap(Self::NODE_CAP);
        OpenBot { solver }
    }
}

impl Default for OpenBot {
    fn default() -> OpenBot {
        OpenBot::new()
    }
}

impl<G: OpenDecisions> CheatingBot<G> for OpenBot {
    fn name(&self) -> &'static str {
        "open"
    }

    fn choose_open(&mut self, hand: &Hand<G>, _scores: &G::Scores, rng: &mut dyn RngCore) -> G::Action {
        let mut legal = Vec::new();
        hand.legal_actions(&mut legal);
        assert!(!legal.is_empty(), "a bot is only asked to act for a seat that is to act");
        if let Some(open) = G::open_position(hand) {
            let player = open.position.to_move();
            let seat = open.seats[player as usize];
            let objective = G::play_objective(hand, &open, seat);
            if let Some((best, _)) = self.solver.best_move(&open.position, &objective) {
                let action = G::action(&open, best);
                if legal.contains(&action) {
                    return action;
                }
            }
        }
        if !matches!(hand.to_act(), ToAct::Seat(_)) {
            return legal[0];
        }
        if let Some(action) = G::decide_open(hand, &mut self.solver, &legal) {
            if legal.contains(&action) {
                return action;
            }
        }
        let _ = rng;
        legal[0]
    }
}

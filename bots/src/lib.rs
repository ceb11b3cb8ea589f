//! Troef's bots: players for every game that decide from a seat's view alone.
//!
//! **A bot is given a [`SeatView`], never the full deal**: the view type can only be made by
//! redacting a hand for one seat, so a bot cannot peek even by mistake. A bot's choice depends only
//! on the view, its own settings and the random number generator the caller passes, so the caller
//! decides how decisions are seeded (the arena per deal, a networked peer per hand and action) and
//! every run can be repeated exactly.

pub mod arena;
pub mod baseline;
pub mod cheating;
mod factory;
pub mod solver;
pub mod strong;

pub use baseline::BaselineBot;
pub use cheating::{OpenBot, OpenDecisions};
pub use factory::{bot_named, new_bot, new_player, BotGame, BotKind, Player};
pub use strong::{Level, StrongBot};

use rand::RngCore;
use troef_core::{Game, Hand, SeatView};

/// A player that picks one legal action for the seat of a view.
pub trait Bot<G: Game>: Send {
    /// A short name for tables and arena reports: `random`, `baseline`, `strong`.
    fn name(&self) -> &'static str;

    /// The action this bot takes for the seat of `view`, which is to act. The answer is always one
    /// of `view`'s legal actions. A bot that keeps caches between calls must not let them change
    /// its answers.
    fn choose(&mut self, view: &SeatView<G>, rng: &mut dyn RngCore) -> G::Action;
}

/// A player that sees the whole deal: the open-card bot of the arena, an upper bound for any honest
/// bot. Only the arena uses it; nothing a person plays against may.
pub trait CheatingBot<G: Game>: Send {
    fn name(&self) -> &'static str;

    /// The action for the seat to act in `hand` (full knowledge), given the match scores before
    /// the hand. Always one of the hand's legal actions.
    fn choose_open(&mut self, hand: &Hand<G>, scores: &G::Scores, rng: &mut dyn RngCore) -> G::Action;
}

/// Plays a uniformly random legal action: the floor of every arena ladder.
#[derive(Clone, Debug, Default)]
pub struct RandomBot;

impl<G: Game> Bot<G> for RandomBot {
    fn name(&self) -> &'static str {
        "random"
    }

    fn choose(&mut self, view: &SeatView<G>, rng: &mut dyn RngCore) -> G::Action {
        let mut legal = Vec::new();
        view.legal_actions(&mut legal);
        assert!(!legal.is_empty(), "a bot is only asked to act for a seat that is to act");
        legal[(rng.next_u64() % legal.len() as u64) as usize]
    }
}

/// A per-decision random number generator: the same seed, hand and action index give the same
/// stream, so a decision can be repeated after a restart without replaying earlier ones.
pub fn decision_rng(seed: u64, hand_index: u64, action_index: u64) -> rand_chacha::ChaCha8Rng {
    use rand::SeedableRng;
    let mut key = [0u8; 32];
    key[..8].copy_from_slice(&seed.to_le_bytes());
    key[8..16].copy_from_slice(&hand_index.to_le_bytes());
    key[16..24].copy_from_slice(&action_index.to_le_bytes());
    key[24..].copy_from_slice(b"troefbot");
    rand_chacha::ChaCha8Rng::from_seed(key)
}

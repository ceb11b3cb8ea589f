//! The games' play phases as solver positions: each game builds a [`Position`] and an
//! [`Objective`] from a full-knowledge hand, and maps the solver's moves back to its actions.

use super::{CardMap, Move, Objective, Position};
use troef_core::{Game, Hand, Seat};

/// A hand's play phase in the solver's terms.
#[derive(Clone, Debug, PartialEq)]
pub struct OpenPosition {
    pub position: Position,
    /// The game's cards in the solver's encoding.
    pub map: CardMap,
    /// The seat of each player (players are numbered in playing order).
    pub seats: [Seat; 4],
    /// Cards, in the solver's encoding, whose play the game makes together with an announcement
    /// that only adds to the player's side (Tachentige's stuk: the trump queen and king while a
    /// declaring-side hand holds both): [`OpenGame::action`] plays them in that form. Empty in
    /// the other games.
    pub announce: u64,
}

impl OpenPosition {
    /// The player of a seat, if it plays.
    pub fn player_of(&self, seat: Seat) -> Option<u8> {
        (0..self.position.rules.players).find(|&player| self.seats[player as usize] == seat)
    }
}

/// A game whose play phase the open-card solver can search.
pub trait OpenGame: Game {
    /// The solver position of `hand` (which must know every card) when it is in its play phase
    /// with a card to be played; `None` otherwise.
    fn open_position(hand: &Hand<Self>) -> Option<OpenPosition>;

    /// What `perspective` plays for: its side is the maximising side. The default perspective
    /// of reports is the declarer's ([`OpenGame::declarer_objective`]).
    fn objective(hand: &Hand<Self>, open: &OpenPosition, perspective: Seat) -> Objective;

    /// The objective of the declaring side (what a result table reports).
    fn declarer_objective(hand: &Hand<Self>, open: &OpenPosition) -> Objective;

    /// The values of [`OpenGame::declarer_objective`] at which the declarer's score steps, when it
    /// is a step function of that value (a contract made or not, a payment per ten points): what
    /// [`crate::solver::Solver::settle`] decides, the real objective of a full-deal solve. Empty
    /// (the default) when every value scores differently, so the exact value is the objective.
    fn declarer_thresholds(_hand: &Hand<Self>, _open: &OpenPosition) -> Vec<i32> {
        Vec::new()
    }

    /// The game's action for a solver move of the player to move.
    fn action(open: &OpenPosition, mv: Move) -> Self::Action;
}

mod common;
mod rikken;
mod tachentige;
mod tachtigen;
mod tarneeb;
mod tysiacha;

//! Troef's rules core: one trick-taking engine for every game Troef plays, with the games as data
//! plus small hooks, per-seat views, visibility events for the private deal protocol, records,
//! replay and audit.
//!
//! The core does no I/O and owns no randomness: callers pass deck orders and choices in, and
//! every record replays bit-exactly. `apply` never panics; it returns a [`RuleError`] saying which
//! rule was broken and leaves the state unchanged.
//!
//! Start with [`game::Game`] (what a game supplies) and [`game::Hand`] (one hand in progress).

pub mod card;
pub mod config;
pub mod event;
pub mod game;
pub mod games;
pub mod record;
pub mod seat;
pub mod table;
pub mod view;

pub use card::{Card, CardSet, Rank, Suit};
pub use config::{ConfigError, ConfigKey, ConfigValues, KeyKind};
pub use event::{Event, Events, Pile, Slot, SlotSet, Visibility};
pub use game::{cut_deck, Dealing, Game, GameId, Hand, HandFacts, Match, MatchStatus, NextDeck, ScoreSheet, ToAct};
pub use seat::{Direction, Seat, SeatNames, MAX_SEATS};
pub use table::{DealLayout, Place, RankOrder, Table, Trick, TrumpDuty, Viewer};
pub use view::SeatView;

use std::borrow::Cow;

/// A broken rule or an impossible request, in one sentence: "must follow suit, holds hearts".
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct RuleError(Cow<'static, str>);

impl RuleError {
    pub fn new(message: impl Into<Cow<'static, str>>) -> RuleError {
        RuleError(message.into())
    }

    pub fn message(&self) -> &str {
        &self.0
    }
}

/// Runs `$body` with `$G` bound to the game type of a [`GameId`], for code that is generic over
/// games (the command line, tests, benchmarks).
#[macro_export]
macro_rules! with_game {
    ($id:expr, $G:ident => $body:expr) => {
        match $id {
            $crate::GameId::Tarneeb => {
                type $G = $crate::games::tarneeb::Tarneeb;
                $body
            }
            $crate::GameId::Tysiacha => {
                type $G = $crate::games::tysiacha::Tysiacha;
                $body
            }
            $crate::GameId::Rikken => {
                type $G = $crate::games::rikken::Rikken;
                $body
            }
            $crate::GameId::Tachtigen => {
                type $G = $crate::games::tachtigen::Tachtigen;
                $body
            }
            $crate::GameId::Tachentige => {
                type $G = $crate::games::tachentige::Tachentige;
                $body
            }
        }
    };
}

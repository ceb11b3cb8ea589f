//! The bots this app seats, chosen by level in one place.
//!
//! The baseline bots (a factory by name in `troef-bots`) are being written; until they land every
//! level plays the random bot. Switching is the one line in [`bot_for_level`].

use crate::setup::BotLevel;
use troef_bots::{Bot, RandomBot};
use troef_core::Game;

pub type BoxedBot<G> = Box<dyn Bot<G>>;

/// The bot that plays a seat at `level`.
pub fn bot_for_level<G: Game>(level: BotLevel) -> BoxedBot<G> {
    match level {
        BotLevel::Easy | BotLevel::Normal | BotLevel::Strong => Box::new(RandomBot),
    }
}

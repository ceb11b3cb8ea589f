//! Bots by name, for every game: what the app, a networked peer and the arena call.
//!
//! A caller that knows the game only at run time picks the game type with
//! `troef_core::with_game!` and asks for `bot_named::<G>("baseline")` (or `new_bot::<G>(kind)`);
//! each game says which bot is its baseline through [`BotGame`]. Later levels add a variant to
//! [`BotKind`] and one line in [`new_player`]; the open-card bot enters the same way, as a
//! [`Player::Open`], which [`new_bot`] keeps away from tables with people and the arena seats
//! like any other player.

use crate::strong::{Budget, Level, StrongBot};
use crate::{BaselineBot, Bot, CheatingBot, OpenBot, RandomBot};
use std::fmt;
use troef_core::games::{
    rikken::Rikken, tachentige::Tachentige, tachtigen::Tachtigen, tarneeb::Tarneeb, tysiacha::Tysiacha,
};
use troef_core::Game;

/// The kinds of bot, by their names in tables, settings and arena reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BotKind {
    /// A uniformly random legal action.
    Random,
    /// The rule-based club player of [`crate::baseline`].
    Baseline,
    /// The open-card bot of [`crate::cheating`]: it sees the whole deal (arena only).
    Open,
    /// The sampling player of [`crate::strong`] at its normal level.
    Strong,
    /// The strong bot without inference (its worlds ignore the others' bids): the arena's measure
    /// of what inference is worth.
    StrongNoInference,
}

impl BotKind {
    pub const ALL: [BotKind; 5] =
        [BotKind::Random, BotKind::Baseline, BotKind::Open, BotKind::Strong, BotKind::StrongNoInference];

    pub fn name(self) -> &'static str {
        match self {
            BotKind::Random => "random",
            BotKind::Baseline => "baseline",
            BotKind::Open => "open",
            BotKind::Strong => "strong",
            BotKind::StrongNoInference => "strong-no-inference",
        }
    }

    /// The kind named `name` (case-insensitive); the error lists the known names.
    pub fn parse(name: &str) -> Result<BotKind, String> {
        BotKind::ALL.into_iter().find(|kind| kind.name().eq_ignore_ascii_case(name.trim())).ok_or_else(|| {
            format!(
                "unknown bot {:?} (known: {})",
                name.chars().take(32).collect::<String>(),
                BotKind::ALL.map(BotKind::name).join(", ")
            )
        })
    }
}

impl fmt::Display for BotKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a game supplies to have bots: its baseline, and how the arena seats partners.
pub trait BotGame: Game {
    /// This game's baseline bot.
    fn baseline_bot() -> Box<dyn Bot<Self>>;

    /// This game's open-card bot (sees the whole deal; arena only), when the solver covers it.
    fn open_bot() -> Option<Box<dyn CheatingBot<Self>>> {
        None
    }

    /// This game's strong bot at `level` ([`crate::strong`]).
    fn strong_bot(level: Level) -> Box<dyn Bot<Self>> {
        Self::strong_bot_with(level.budget())
    }

    /// This game's strong bot with `budget`; the baseline while the open-card solver does not
    /// cover the game's play.
    fn strong_bot_with(budget: Budget) -> Box<dyn Bot<Self>> {
        let _ = budget;
        Self::baseline_bot()
    }

    /// The two partnerships as seat bits when partners are fixed for the whole match (Tarneeb);
    /// `None` when partnerships change from hand to hand or there are none.
    fn fixed_partnerships(_config: &Self::Config) -> Option<[u8; 2]> {
        None
    }
}

impl BotGame for Tarneeb {
    fn baseline_bot() -> Box<dyn Bot<Self>> {
        Box::new(BaselineBot)
    }

    fn open_bot() -> Option<Box<dyn CheatingBot<Self>>> {
        Some(Box::new(OpenBot::new()))
    }

    fn strong_bot_with(budget: Budget) -> Box<dyn Bot<Self>> {
        Box::new(StrongBot::<Self>::with_budget(budget))
    }

    fn fixed_partnerships(_config: &Self::Config) -> Option<[u8; 2]> {
        // N + S against E + W.
        Some([0b0101, 0b1010])
    }
}

impl BotGame for Tysiacha {
    fn baseline_bot() -> Box<dyn Bot<Self>> {
        Box::new(BaselineBot)
    }

    fn open_bot() -> Option<Box<dyn CheatingBot<Self>>> {
        Some(Box::new(OpenBot::new()))
    }

    fn strong_bot_with(budget: Budget) -> Box<dyn Bot<Self>> {
        Box::new(StrongBot::<Self>::with_budget(budget))
    }
}

impl BotGame for Rikken {
    fn baseline_bot() -> Box<dyn Bot<Self>> {
        Box::new(BaselineBot)
    }

    fn open_bot() -> Option<Box<dyn CheatingBot<Self>>> {
        Some(Box::new(OpenBot::new()))
    }

    fn strong_bot_with(budget: Budget) -> Box<dyn Bot<Self>> {
        Box::new(StrongBot::<Self>::with_budget(budget))
    }
}

impl BotGame for Tachtigen {
    fn baseline_bot() -> Box<dyn Bot<Self>> {
        Box::new(BaselineBot)
    }

    fn open_bot() -> Option<Box<dyn CheatingBot<Self>>> {
        Some(Box::new(OpenBot::new()))
    }

    fn strong_bot_with(budget: Budget) -> Box<dyn Bot<Self>> {
        Box::new(StrongBot::<Self>::with_budget(budget))
    }
}

impl BotGame for Tachentige {
    fn baseline_bot() -> Box<dyn Bot<Self>> {
        Box::new(BaselineBot)
    }

    fn open_bot() -> Option<Box<dyn CheatingBot<Self>>> {
        Some(Box::new(OpenBot::new()))
    }

    fn strong_bot_with(budget: Budget) -> Box<dyn Bot<Self>> {
        Box::new(StrongBot::<Self>::with_budget(budget))
    }
}

/// A seat's player: an honest bot, deciding from the seat's view, or an open-card bot, which
/// sees the whole deal (the arena's upper bound; never seated against people).
pub enum Player<G: Game> {
    Honest(Box<dyn Bot<G>>),
    Open(Box<dyn CheatingBot<G>>),
}

impl<G: Game> Player<G> {
    pub fn name(&self) -> &'static str {
        match self {
            Player::Honest(bot) => bot.name(),
            Player::Open(bot) => bot.name(),
        }
    }
}

impl<G: Game> fmt::Debug for Player<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Player::Honest(bot) => write!(f, "Honest({})", bot.name()),
            Player::Open(bot) => write!(f, "Open({})", bot.name()),
        }
    }
}

/// The player of a kind, honest or open-card; `None` for an open-card bot in a game the solver
/// does not cover yet.
pub fn new_player<G: BotGame>(kind: BotKind) -> Option<Player<G>> {
    match kind {
        BotKind::Random => Some(Player::Honest(Box::new(RandomBot))),
        BotKind::Baseline => Some(Player::Honest(G::baseline_bot())),
        BotKind::Open => G::open_bot().map(Player::Open),
        BotKind::Strong => Some(Player::Honest(G::strong_bot(Level::Normal))),
        BotKind::StrongNoInference => {
            Some(Player::Honest(G::strong_bot_with(Budget { inference: false, ..Level::Normal.budget() })))
        }
    }
}

/// The honest bot named `name` (`random`, `baseline`, `strong`), for tables with people; the error says
/// why not (an unknown name, or a bot that sees the whole deal).
pub fn bot_named<G: BotGame>(name: &str) -> Result<Box<dyn Bot<G>>, String> {
    let kind = BotKind::parse(name)?;
    new_bot::<G>(kind).ok_or_else(|| format!("the {kind} bot sees the whole deal and may only play in the arena"))
}

/// The honest bot of a kind, for tables with people: `None` for a kind that sees the whole deal.
pub fn new_bot<G: BotGame>(kind: BotKind) -> Option<Box<dyn Bot<G>>> {
    match new_player::<G>(kind)? {
        Player::Honest(bot) => Some(bot),
        Player::Open(_) => None,
    }
}

//! The bots this app seats and the hint it gives, each chosen in one place.
//!
//! * [`bot_kind`] maps a level of the settings onto a `troef-bots` [`BotKind`] name;
//!   [`bot_for_level`] seats it.
//! * [`hint`] is the seam of "what would you play here, and why": the move and a short reason for
//!   one seat's view. It asks the strong bot (the sampling player of `troef_bots::strong`, which
//!   decides from that view alone) for the move and derives the reason from the move itself.

use crate::setup::BotLevel;
use rand::RngCore;
use troef_bots::{new_bot, Bot, BotGame, BotKind, RandomBot};
use troef_core::{Card, CardSet, Game, Place, SeatView};

pub type BoxedBot<G> = Box<dyn Bot<G>>;

/// The bot kind that plays at `level`: easy is random play, normal the baseline (the rules of a
/// club player), strong the sampling player (the baseline's bids; card play by solving the deals
/// its view allows, at the strong bot's normal budget, counted in search nodes).
pub fn bot_kind(level: BotLevel) -> BotKind {
    match level {
        BotLevel::Easy => BotKind::Random,
        BotLevel::Normal => BotKind::Baseline,
        BotLevel::Strong => BotKind::Strong,
    }
}

/// The bot that plays a seat at `level`.
pub fn bot_for_level<G: BotGame>(level: BotLevel) -> BoxedBot<G> {
    new_bot::<G>(bot_kind(level)).unwrap_or_else(|| Box::new(RandomBot))
}

/// Why the hint suggests its move, in a form each language words itself (`hint-...` messages).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HintReason {
    /// The card takes the trick it completes.
    TakesTheTrick,
    /// The card completes a trick the seat's side takes anyway, or one it cannot take: the
    /// cheapest card goes.
    GivesTheLeast,
    /// Playing high before the others to take the trick.
    PlaysHigh,
    /// Playing low, keeping the higher cards.
    KeepsHigherCards,
    /// A lead of the seat's highest card in a suit (a card that may well hold the trick).
    LeadsHigh,
    /// A lead of a low card: the suit is opened without giving away a high one.
    LeadsLow,
    /// A trump: the trick is ruffed.
    Trumps,
    /// A bid or contract the hand counts enough for.
    Bids,
    /// A pass: the hand does not count enough for more.
    Passes,
    /// The suit where the hand is strongest.
    NamesTrump,
    /// Cards put away that the hand needs least.
    PutsAway,
    /// Any other decision the count of the hand makes.
    CountOfTheHand,
}

impl HintReason {
    /// The message id of the reason (`hint-takes-the-trick`).
    pub fn message(self) -> &'static str {
        match self {
            HintReason::TakesTheTrick => "hint-takes-the-trick",
            HintReason::GivesTheLeast => "hint-gives-the-least",
            HintReason::PlaysHigh => "hint-plays-high",
            HintReason::KeepsHigherCards => "hint-keeps-higher-cards",
            HintReason::LeadsHigh => "hint-leads-high",
            HintReason::LeadsLow => "hint-leads-low",
            HintReason::Trumps => "hint-trumps",
            HintReason::Bids => "hint-bids",
            HintReason::Passes => "hint-passes",
            HintReason::NamesTrump => "hint-names-trump",
            HintReason::PutsAway => "hint-puts-away",
            HintReason::CountOfTheHand => "hint-count-of-the-hand",
        }
    }
}

/// A suggested move for one seat and its reason.
#[derive(Clone, Debug, PartialEq)]
pub struct Hint<A> {
    pub action: A,
    pub reason: HintReason,
}

/// The hint for the seat whose view this is: the best honest bot's move and why. `None` when the
/// seat has nothing to decide.
pub fn hint<G: BotGame>(view: &SeatView<G>, rng: &mut dyn RngCore) -> Option<Hint<G::Action>> {
    let mut legal = Vec::new();
    view.legal_actions(&mut legal);
    if legal.is_empty() {
        return None;
    }
    let mut bot = bot_for_level::<G>(BotLevel::Strong);
    let action = bot.choose(view, rng);
    let action = if legal.contains(&action) { action } else { legal[0] };
    Some(Hint { action, reason: reason_of(view, &legal, &action) })
}

/// The reason read off the move: what it does to the cards and the trick.
fn reason_of<G: Game>(view: &SeatView<G>, legal: &[G::Action], action: &G::Action) -> HintReason {
    let seat = view.seat();
    let before = view.hand();
    let mut probe = before.clone();
    if probe.apply(seat, *action).is_err() {
        return HintReason::CountOfTheHand;
    }
    let left = |hand: &troef_core::Hand<G>| {
        CardSet::from_bits(before.table().hand(seat).bits() & !hand.table().hand(seat).bits())
    };
    let cards = left(&probe);
    let played_before = before.table().played().len();
    let played = probe.table().played().len() > played_before;
    let words = G::describe_action(before.config(), action).to_lowercase();
    let first = words.split_whitespace().next().unwrap_or("");
    if !played {
        return match first {
            _ if cards.len() > 1 => HintReason::PutsAway,
            "pass" | "no_deny" | "no_rejection" => HintReason::Passes,
            "trump" => HintReason::NamesTrump,
            "discard" | "give" | "exchange" => HintReason::PutsAway,
            _ if first.starts_with("bid") || first.parse::<u32>().is_ok() || words.contains("contract") => {
                HintReason::Bids
            }
            _ => HintReason::CountOfTheHand,
        };
    }
    let Some(card) = cards.iter().next() else { return HintReason::CountOfTheHand };
    // The other cards this seat might have played now, to compare ranks within the same suit.
    let alternatives: Vec<Card> = legal
        .iter()
        .filter_map(|other| {
            let mut copy = before.clone();
            copy.apply(seat, *other).ok()?;
            left(&copy).iter().next().filter(|_| copy.table().played().len() > played_before)
        })
        .collect();
    let value = |card: Card| card.rank().map_or(0, |rank| rank.value());
    let same_suit: Vec<Card> = alternatives.iter().copied().filter(|other| other.suit() == card.suit()).collect();
    let highest = same_suit.iter().all(|other| value(*other) <= value(card));
    let lowest = same_suit.iter().all(|other| value(*other) >= value(card));
    let trick = before.table().trick();
    let trump = before.facts().trump;
    if trick.is_empty() {
        return if highest && same_suit.len() > 1 { HintReason::LeadsHigh } else { HintReason::LeadsLow };
    }
    // The trick this card completes: who took it.
    if probe.table().trick().len() < trick.len() + 1 {
        let taken_by = trick.cards().first().and_then(|first| match probe.table().place(first.slot) {
            Place::Won(winner) => Some(winner),
            _ => None,
        });
        if taken_by == Some(seat) {
            return if trump.is_some() && card.suit() == trump && trick.led != trump {
                HintReason::Trumps
            } else {
                HintReason::TakesTheTrick
            };
        }
        return HintReason::GivesTheLeast;
    }
    if trump.is_some() && card.suit() == trump && trick.led != trump {
        return HintReason::Trumps;
    }
    if lowest && same_suit.len() > 1 {
        HintReason::KeepsHigherCards
    } else {
        HintReason::PlaysHigh
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::seq::SliceRandom;
    use rand::{Rng, SeedableRng};
    use troef_bots::{decision_rng, Level};
    use troef_core::games::{tachtigen::Tachtigen, tarneeb::Tarneeb, tysiacha::Tysiacha};
    use troef_core::{ConfigValues, Hand, Seat, ToAct};

    /// Plays hands of `G` with baseline bots (at most 40, until `wanted` hints are checked) and,
    /// at every seventh decision, checks the hint is the strong bot's choice (with the same
    /// random stream); the strong level seats the strong bot.
    fn hints_are_the_strong_bots<G: BotGame>(wanted: usize) -> usize {
        assert_eq!(bot_for_level::<G>(BotLevel::Strong).name(), "strong");
        assert_eq!(bot_for_level::<G>(BotLevel::Normal).name(), "baseline");
        let config = G::config(&ConfigValues::validate(G::config_keys(), []).expect("defaults"));
        let mut checked = 0;
        for index in 0..40u64 {
            if checked >= wanted {
                break;
            }
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(index);
            let mut deck: Vec<_> = G::deck(&config).iter().collect();
            deck.shuffle(&mut rng);
            let scores = G::new_scores(&config);
            let dealer = Seat(rng.gen_range(0..G::seat_count(&config)));
            let mut hand = Hand::<G>::from_deck(config.clone(), dealer, &scores, &deck).expect("deal");
            let mut baseline = bot_for_level::<G>(BotLevel::Normal);
            let mut strong = G::strong_bot(Level::Normal);
            for step in 0..400u64 {
                let ToAct::Seat(seat) = hand.to_act() else { break };
                let view = SeatView::of(&hand, seat, &scores);
                if step % 7 == 0 {
                    let hint = hint::<G>(&view, &mut decision_rng(index, 1, step)).expect("a seat to act");
                    assert_eq!(hint.action, strong.choose(&view, &mut decision_rng(index, 1, step)));
                    checked += 1;
                }
                let action = baseline.choose(&view, &mut decision_rng(index, 0, step));
                hand.apply(seat, action).expect("the baseline's action is legal");
            }
        }
        checked
    }

    #[test]
    fn the_strong_level_and_the_hint_are_the_strong_bot() {
        assert!(hints_are_the_strong_bots::<Tarneeb>(12) >= 12);
        assert!(hints_are_the_strong_bots::<Tysiacha>(12) >= 12);
        assert!(hints_are_the_strong_bots::<Tachtigen>(12) >= 12);
    }
}

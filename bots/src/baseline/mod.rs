//! The baseline bot: a sound club player for every game, the yardstick other bots are measured
//! against. It decides from its seat's view alone ([`SeatView`]), by the counts and habits a
//! player who knows the game uses, with no search:
//!
//! * **bidding** from a count of what the hand is worth (tricks for Tarneeb and Rikken, card
//!   points and marriages for Tysiacha, points and roem for Tachtigen; a safety count for the
//!   contracts that want no trick), bidding as low as wins the auction;
//! * **declarer choices** (trump, called card, talon, discards, passes, roem) by the same counts
//!   over every option;
//! * **card play** by the one trick player of [`play`]: counting the cards still out and the
//!   voids shown, it weighs each card's chance of taking the trick for its side against what the
//!   card is worth kept (second hand low, third hand high, win cheaply, no overtaking a partner,
//!   cash masters, draw trumps as declarer, throw low, push tricks onto a misère player).
//!
//! One module per game builds the situation from the game's public facts ([`tarneeb`],
//! [`tysiacha`], [`rikken`], [`tachtigen`], [`tachentige`]). The bot keeps no state between decisions and draws
//! nothing from the random number generator, so the same view always gets the same answer.

pub mod eval;
pub mod knowledge;
pub mod play;
pub mod rikken;
pub mod tachentige;
pub mod tachtigen;
pub mod tarneeb;
pub mod tysiacha;

use troef_core::game::hand_layout;
use troef_core::{Card, CardSet, Game, Hand, Place, Seat, SeatView, Table};

/// The baseline bot of every game (`Bot<G>` is implemented per game in the game's module).
#[derive(Clone, Copy, Debug, Default)]
pub struct BaselineBot;

/// The known face-up cards of the trick in progress, in play order (a face-down card is left
/// out: it never wins).
pub(crate) fn trick_cards(table: &Table) -> Vec<(Seat, Card)> {
    table
        .trick()
        .cards()
        .iter()
        .filter(|played| !played.face_down)
        .filter_map(|played| played.card.map(|card| (played.seat, card)))
        .collect()
}

/// The seats still to play to the trick after `me`, when `players` take part and `next` gives
/// the next player.
pub(crate) fn later_seats(table: &Table, me: Seat, players: usize, next: impl Fn(Seat) -> Seat) -> Vec<Seat> {
    let remaining = players.saturating_sub(table.trick().len() + 1);
    let mut seats = Vec::with_capacity(remaining);
    let mut seat = me;
    for _ in 0..remaining {
        seat = next(seat);
        seats.push(seat);
    }
    seats
}

/// The cards among a list of legal actions, with `card_of` reading the card of a play.
pub(crate) fn legal_cards<A>(legal: &[A], card_of: impl Fn(&A) -> Option<Card>) -> CardSet {
    legal.iter().filter_map(card_of).collect()
}

/// The legal actions of a view.
pub(crate) fn legal_of<G: Game>(view: &SeatView<G>) -> Vec<G::Action> {
    let mut legal = Vec::new();
    view.legal_actions(&mut legal);
    legal
}

/// The action a game module proposed, checked against the legal ones. A proposal that is not
/// legal is a bug of the heuristics: tests (debug builds) stop on it, a release build plays the
/// first legal action instead. `None` means "no preference".
pub(crate) fn settle<A: PartialEq + std::fmt::Debug + Copy>(choice: Option<A>, legal: &[A], first: A) -> A {
    match choice {
        Some(action) if legal.contains(&action) => action,
        Some(action) => {
            debug_assert!(false, "the baseline proposed an illegal {action:?} (legal: {legal:?})");
            first
        }
        None => first,
    }
}

/// Inference for a points auction (the Brabant games): the seat holding the points bid `high`
/// counted at least its bid, and a seat that passed (`has_passed`) counted less than
/// `next_points`, the lowest points bid then open (at most the next step above the bid held);
/// `count` is the game's count of a dealt hand. See [`call_likelihood`].
pub(crate) fn points_auction_likelihood<G: Game>(
    view: &SeatView<G>,
    world: &Hand<G>,
    spread: f32,
    (high, next_points): (Option<(Seat, u16)>, u16),
    has_passed: impl Fn(Seat) -> bool,
    count: impl Fn(CardSet) -> f32,
) -> f64 {
    call_likelihood(view, world, spread, |seat, dealt| match high {
        Some((bidder, points)) if bidder == seat => Some(count(dealt) - f32::from(points)),
        _ if has_passed(seat) => Some(f32::from(next_points) - count(dealt)),
        _ => None,
    })
}

/// Inference by a bidding model, for the strong bot's world sampler: the chance, up to a constant
/// factor, that the other seats of `view` made the calls it shows, were `world` the deal. `margin`
/// says for one seat, from the cards it was dealt in `world` (what it bid on: every exchange comes
/// after the auction), how far its count lies inside the bound its calls set (negative: outside),
/// or `None` when its calls tell nothing; each margin becomes a chance by a logistic of width
/// `spread` in the count's units (people count hands differently from this bot, so a call a
/// little off its count is still quite likely).
pub(crate) fn call_likelihood<G: Game>(
    view: &SeatView<G>,
    world: &Hand<G>,
    spread: f32,
    mut margin: impl FnMut(Seat, CardSet) -> Option<f32>,
) -> f64 {
    let hand = view.hand();
    let layout = hand_layout::<G>(hand.config(), hand.dealer(), view.scores());
    let mut likelihood = 1.0;
    for seat in (0..hand.table().seats()).map(Seat).filter(|&seat| seat != view.seat()) {
        let dealt: CardSet =
            layout.slots_of(Place::Hand(seat)).iter().filter_map(|slot| world.table().card_at(slot)).collect();
        if let Some(margin) = margin(seat, dealt) {
            likelihood *= 1.0 / (1.0 + f64::from(-margin / spread).exp());
        }
    }
    likelihood
}

/// The standard normal distribution function (Abramowitz and Stegun 7.1.26, error < 1.5e-7):
/// the chance that a count estimated at `mean` with spread `sigma` reaches at least `needed`.
pub(crate) fn chance_at_least(mean: f32, sigma: f32, needed: f32) -> f32 {
    let z = (mean + 0.5 - needed) / sigma.max(0.1);
    let x = z.abs() / std::f32::consts::SQRT_2;
    let t = 1.0 / (1.0 + 0.327_591_1 * x);
    let erf = 1.0
        - (((((1.061_405_4 * t - 1.453_152_1) * t) + 1.421_413_7) * t - 0.284_496_74) * t + 0.254_829_6)
            * t
            * (-x * x).exp();
    let phi = 0.5 * (1.0 + erf);
    if z >= 0.0 {
        phi
    } else {
        1.0 - phi
    }
}

#[cfg(test)]
mod tests {
    use super::chance_at_least;

    #[test]
    fn chance_at_least_is_a_distribution_function() {
        assert!((chance_at_least(7.0, 1.0, 7.5) - 0.5).abs() < 1e-4);
        assert!(chance_at_least(9.0, 1.0, 7.0) > 0.97);
        assert!(chance_at_least(5.0, 1.0, 8.0) < 0.01);
    }
}

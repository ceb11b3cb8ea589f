//! The duplicate arena: two bots play the same deals with every seat rotation, and their results
//! are compared seat by seat, with the **deal as the unit** (the rotations of one deal are
//! correlated; deals are independent).
//!
//! * **Fixed partnerships** (Tarneeb): A's pair sits N/S and B's pair E/W, then the same deal
//!   is played with the pairs swapped, as in bridge duplicate. The deal's difference is the mean
//!   over the four seats of A's result in a seat minus B's result in that seat.
//! * **Everyone else** (partners change every hand, or none): the deal is first played with B
//!   in every seat (the reference); then, for every seat that acts in the deal, once more with A
//!   in that seat and B in the others. The deal's difference is the mean over those seats of
//!   A's result in the seat minus the reference's result in the same seat. Seats that never act
//!   (Tysiacha's sitter, Rikken's dummy, whose cards its operator plays) are left out.
//!
//! A result is the game's own score delta of the seat for the one hand, played from the match's
//! starting scores ([`Game::seat_deltas`]).
//!
//! * Decision: in the rotation the comparison table for "B in the same seat" is the one with B
//!   in every seat (so the other seats hold the same players in both tables), and a seat that
//!   does not act in that reference play is left out; an open-card bot takes a seat through
//!   [`Player::Open`], so it plays either side like any other.
//!
//! The report gives the mean difference per deal with a 95% confidence interval (mean ± 1.96
//! s/√n over the deals).
//!
//! **Determinism**: deal `i` is a shuffle from the seed's ChaCha stream `i`, and every decision's
//! random number generator is `decision_rng(seed, i, action index)`, the same at every table of
//! the deal; bots budget by nodes, never by the clock. Deals are spread over threads but each
//! result is stored at its deal's index and summed in deal order, so the report does not depend
//! on the thread count.

use crate::{decision_rng, new_player, BotGame, BotKind, Player};
use rand::seq::SliceRandom;
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use troef_core::game::dealer_from_draw;
use troef_core::{Card, Game, Hand, Seat, SeatView, ToAct};

/// A hand that has not ended after this many actions is stuck (a bot or engine bug).
const MAX_ACTIONS: u32 = 5000;

/// What to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArenaSpec {
    pub a: BotKind,
    pub b: BotKind,
    /// Deals to play (at least 2, for a confidence interval).
    pub deals: u64,
    pub seed: u64,
    /// Worker threads (at least 1).
    pub threads: usize,
}

/// How the bots are seated at each deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seating {
    /// A's pair against B's, then swapped: two hands per deal.
    FixedPairs,
    /// All B, then A in each acting seat: one hand more than there are acting seats.
    EachSeat,
}

impl Seating {
    pub fn describe(self) -> &'static str {
        match self {
            Seating::FixedPairs => "fixed pairs: A's pair on N/S then on E/W",
            Seating::EachSeat => "A in each seat against B, compared with B in the same seat",
        }
    }
}

/// The figures of a run.
#[derive(Clone, Debug, PartialEq)]
pub struct ArenaReport {
    pub seating: Seating,
    pub deals: u64,
    /// Hands played in all.
    pub hands: u64,
    pub actions: u64,
    /// Mean over deals of the per-deal difference A - B (game points per seat and hand).
    pub mean_diff: f64,
    /// Sample standard deviation of the per-deal differences.
    pub sd: f64,
    pub ci95_low: f64,
    pub ci95_high: f64,
    /// Mean result of A in the compared seats, and of B in the same seats.
    pub a_mean: f64,
    pub b_mean: f64,
}

/// A run that could not finish: a bot chose an illegal action or a hand did not end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArenaError {
    pub deal: u64,
    pub message: String,
}

impl fmt::Display for ArenaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "deal {}: {}", self.deal, self.message)
    }
}

impl std::error::Error for ArenaError {}

/// One deal's outcome.
#[derive(Clone, Copy, Debug, Default)]
struct DealResult {
    diff: f64,
    a: f64,
    b: f64,
    hands: u64,
    actions: u64,
}

/// One hand's outcome.
struct HandResult {
    deltas: Vec<i64>,
    /// Seats that took at least one action.
    acted: u8,
    actions: u64,
}

/// Plays `spec.deals` duplicate deals of `config` between `spec.a` and `spec.b`.
pub fn run<G: BotGame>(config: &G::Config, spec: &ArenaSpec) -> Result<ArenaReport, ArenaError>
where
    G::Config: Sync,
{
    for kind in [spec.a, spec.b] {
        if new_player::<G>(kind).is_none() {
            let message = format!("the {kind} bot does not play {} yet", G::ID.name());
            return Err(ArenaError { deal: 0, message });
        }
    }
    let player = |kind| new_player::<G>(kind).expect("checked above: the game has this bot");
    run_with::<G>(config, spec, || [player(spec.a), player(spec.b)])
}

/// [`run`] with the players made by `players` (A first), once per worker thread: for players
/// that are not (yet) a [`BotKind`].
pub fn run_with<G: BotGame>(
    config: &G::Config,
    spec: &ArenaSpec,
    players: impl Fn() -> [Player<G>; 2] + Sync,
) -> Result<ArenaReport, ArenaError>
where
    G::Config: Sync,
{
    let deals = spec.deals;
    if deals == 0 {
        return Err(ArenaError { deal: 0, message: "no deals to play".to_string() });
    }
    let next = AtomicU64::new(0);
    let failed = AtomicBool::new(false);
    let results: Mutex<Vec<Option<DealResult>>> = Mutex::new(vec![None; deals as usize]);
    let errors: Mutex<Vec<ArenaError>> = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..spec.threads.max(1) {
            scope.spawn(|| {
                let mut players = players();
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= deals || failed.load(Ordering::Relaxed) {
                        break;
                    }
                    match play_deal::<G>(config, spec, index, &mut players) {
                        Ok(result) => {
                            if let Ok(mut results) = results.lock() {
                                results[index as usize] = Some(result);
                            }
                        }
                        Err(error) => {
                            failed.store(true, Ordering::Relaxed);
                            if let Ok(mut errors) = errors.lock() {
                                errors.push(error);
                            }
                        }
                    }
                }
            });
        }
    });
    let errors = errors.into_inner().unwrap_or_default();
    if let Some(first) = errors.into_iter().min_by_key(|error| error.deal) {
        return Err(first);
    }
    let results: Vec<DealResult> = results.into_inner().unwrap_or_default().into_iter().flatten().collect();
    if results.len() as u64 != deals {
        return Err(ArenaError { deal: results.len() as u64, message: "a deal was not played".to_string() });
    }
    Ok(summarize(G::fixed_partnerships(config).map_or(Seating::EachSeat, |_| Seating::FixedPairs), &results))
}

fn summarize(seating: Seating, results: &[DealResult]) -> ArenaReport {
    let n = results.len() as f64;
    let mean = results.iter().map(|result| result.diff).sum::<f64>() / n;
    let variance = if results.len() > 1 {
        results.iter().map(|result| (result.diff - mean).powi(2)).sum::<f64>() / (n - 1.0)
    } else {
        0.0
    };
    let sd = variance.sqrt();
    let half_width = 1.96 * sd / n.sqrt();
    ArenaReport {
        seating,
        deals: results.len() as u64,
        hands: results.iter().map(|result| result.hands).sum(),
        actions: results.iter().map(|result| result.actions).sum(),
        mean_diff: mean,
        sd,
        ci95_low: mean - half_width,
        ci95_high: mean + half_width,
        a_mean: results.iter().map(|result| result.a).sum::<f64>() / n,
        b_mean: results.iter().map(|result| result.b).sum::<f64>() / n,
    }
}

/// Deal `index` of the run: a shuffled deck and its dealer.
pub fn deal<G: Game>(config: &G::Config, seed: u64, index: u64) -> (Vec<Card>, Seat) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(index);
    let mut deck: Vec<Card> = G::deck(config).iter().collect();
    deck.shuffle(&mut rng);
    let dealer = G::first_dealer(config).unwrap_or_else(|| dealer_from_draw::<G>(config, rng.next_u32()));
    (deck, dealer)
}

fn play_deal<G: BotGame>(
    config: &G::Config,
    spec: &ArenaSpec,
    index: u64,
    players: &mut [Player<G>; 2],
) -> Result<DealResult, ArenaError> {
    let (deck, dealer) = deal::<G>(config, spec.seed, index);
    let seats = G::seat_count(config);
    let mut result = DealResult::default();
    let mut play = |seat_of: &dyn Fn(Seat) -> usize, result: &mut DealResult| {
        let hand = play_hand::<G>(config, &deck, dealer, seat_of, players, spec.seed, index)?;
        result.hands += 1;
        result.actions += hand.actions;
        Ok::<HandResult, ArenaError>(hand)
    };
    if let Some(teams) = G::fixed_partnerships(config) {
        let first = play(&|seat: Seat| if teams[0] & seat.bit() != 0 { 0 } else { 1 }, &mut result)?;
        let second = play(&|seat: Seat| if teams[1] & seat.bit() != 0 { 0 } else { 1 }, &mut result)?;
        for seat in 0..seats as usize {
            let (a, b) = if teams[0] & (1 << seat) != 0 {
                (first.deltas[seat], second.deltas[seat])
            } else {
                (second.deltas[seat], first.deltas[seat])
            };
            result.diff += (a - b) as f64;
            result.a += a as f64;
            result.b += b as f64;
        }
        let count = seats as f64;
        result.diff /= count;
        result.a /= count;
        result.b /= count;
        return Ok(result);
    }
    let reference = play(&|_| 1, &mut result)?;
    let mut compared = 0;
    for seat in (0..seats).map(Seat) {
        if reference.acted & seat.bit() == 0 {
            continue;
        }
        let with_a = play(&|other: Seat| if other == seat { 0 } else { 1 }, &mut result)?;
        let (a, b) = (with_a.deltas[seat.index()], reference.deltas[seat.index()]);
        result.diff += (a - b) as f64;
        result.a += a as f64;
        result.b += b as f64;
        compared += 1;
    }
    if compared > 0 {
        let count = compared as f64;
        result.diff /= count;
        result.a /= count;
        result.b /= count;
    }
    Ok(result)
}

/// Plays one hand with `players[seat_of(seat)]` in each seat.
fn play_hand<G: BotGame>(
    config: &G::Config,
    deck: &[Card],
    dealer: Seat,
    seat_of: &dyn Fn(Seat) -> usize,
    players: &mut [Player<G>; 2],
    seed: u64,
    index: u64,
) -> Result<HandResult, ArenaError> {
    let error = |message: String| ArenaError { deal: index, message };
    let scores = G::new_scores(config);
    let mut hand = Hand::<G>::from_deck(config.clone(), dealer, &scores, deck).map_err(|e| error(e.to_string()))?;
    let mut acted = 0u8;
    let mut actions = 0u32;
    while let ToAct::Seat(seat) = hand.to_act() {
        if actions >= MAX_ACTIONS {
            return Err(error(format!("the hand did not end after {MAX_ACTIONS} actions")));
        }
        let mut rng = decision_rng(seed, index, actions as u64);
        let player = &mut players[seat_of(seat).min(1)];
        let action = match player {
            Player::Honest(bot) => bot.choose(&SeatView::of(&hand, seat, &scores), &mut rng),
            Player::Open(bot) => bot.choose_open(&hand, &scores, &mut rng),
        };
        if let Err(rule) = hand.apply(seat, action) {
            return Err(error(format!(
                "bot {} chose an illegal action {:?} ({}): {rule}",
                player.name(),
                Hand::<G>::format_line(seat, &action),
                G::ID.name()
            )));
        }
        acted |= seat.bit();
        actions += 1;
    }
    let outcome = hand.outcome().ok_or_else(|| error("the hand ended without an outcome".to_string()))?;
    Ok(HandResult { deltas: G::seat_deltas(config, &outcome), acted, actions: actions as u64 })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{CheatingBot, RandomBot};
    use troef_core::games::tarneeb::Tarneeb;
    use troef_core::games::tysiacha::Tysiacha;
    use troef_core::ConfigValues;

    fn spec(a: BotKind, b: BotKind, threads: usize) -> ArenaSpec {
        ArenaSpec { a, b, deals: 12, seed: 7, threads }
    }

    #[test]
    fn the_same_bot_on_both_sides_differs_by_nothing() {
        let config = Tysiacha::config(&ConfigValues::validate(Tysiacha::config_keys(), []).unwrap());
        let report = run::<Tysiacha>(&config, &spec(BotKind::Random, BotKind::Random, 2)).unwrap();
        assert_eq!((report.mean_diff, report.ci95_low, report.ci95_high), (0.0, 0.0, 0.0));
        assert_eq!(report.hands, 12 * 4, "the reference and one hand per active seat");
    }

    /// An open-card player for the test: it looks at the whole hand and plays its first legal
    /// action.
    struct FirstLegal;

    impl<G: Game> CheatingBot<G> for FirstLegal {
        fn name(&self) -> &'static str {
            "first-legal"
        }

        fn choose_open(&mut self, hand: &Hand<G>, _scores: &G::Scores, _rng: &mut dyn RngCore) -> G::Action {
            let mut legal = Vec::new();
            hand.legal_actions(&mut legal);
            legal[0]
        }
    }

    #[test]
    fn an_open_card_player_takes_a_seat_through_its_trait() {
        let config = Tarneeb::config(&ConfigValues::validate(Tarneeb::config_keys(), []).unwrap());
        let spec = spec(BotKind::Random, BotKind::Random, 2);
        let report = run_with::<Tarneeb>(&config, &spec, || {
            [Player::Open(Box::new(FirstLegal)), Player::Honest(Box::new(RandomBot))]
        })
        .unwrap();
        assert_eq!(report.hands, 24);
        assert_ne!(report.mean_diff, 0.0, "a different player gives different results");
    }

    #[test]
    fn the_report_does_not_depend_on_the_thread_count() {
        let config = Tysiacha::config(&ConfigValues::validate(Tysiacha::config_keys(), []).unwrap());
        let one = run::<Tysiacha>(&config, &spec(BotKind::Baseline, BotKind::Random, 1)).unwrap();
        let three = run::<Tysiacha>(&config, &spec(BotKind::Baseline, BotKind::Random, 3)).unwrap();
        assert_eq!(one, three);
        assert_ne!(one.mean_diff, 0.0);
    }
}

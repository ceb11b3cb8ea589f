//! The strong bot: card play by sampling the deals a seat's view allows and solving each one
//! open-card (perfect-information Monte Carlo, "PIMC"), the baseline's rules elsewhere.
//!
//! For a decision in the play phase it deals the cards its seat has not seen in many ways, each
//! consistent with everything the view shows ([`sampler`]: own hand, shown cards, hand counts,
//! proven voids, the game's own facts such as a called card) and, in Tachentige, Tachtigen and
//! Rikken, likely given the others' bids (inference: [`sampler::WorldRules::call_likelihood`]).
//! Each such world is solved by the open-card solver, which scores every legal card at once ([`Solver::score_moves`]) for the
//! objective of the seat to play ([`crate::solver::OpenGame::objective`]); the card with the best mean value
//! over the worlds is played, the baseline's card when it shares that best mean (the worlds often agree
//! that every card makes, or loses, the contract against best play; the baseline's card keeps fighting
//! for what fallible players may still give away). Values are whole-hand values of the seat's side (tricks, card points
//! with bonuses, contract tables), so the mean is the expected result under the sampled deals.
//!
//! Before the play it weighs bids (Tarneeb's excepted) and the declarer's decisions (the trump, a called card, the
//! discard, Tysiacha's contract and gift) by simulation ([`deliberate`]); roem and the
//! defenders' choices are the game's baseline bot's, and so is a position whose trees are too
//! large to solve exactly within the level's budget (the first tricks of the 52-card games at
//! the lower levels).
//!
//! **The budget is counted in search nodes, never by the clock**, so a decision is the same on
//! a fast and a slow device and can be repeated: worlds are solved until the decision's nodes run
//! out (a late position with small trees gets many worlds, an early one at least a few capped
//! solves), the worlds are drawn from the decision's random number generator, and the solver's
//! table is cleared at each decision (a capped search's answer depends on what the table holds).
//! Only worlds solved exactly are averaged ([`Budget`] says why). The levels ([`Level`]) differ in
//! nodes, worlds and, at `easy`, noise on the choice.
//!
//! Values become the game's own score through [`utility::PlayUtility`] (Tarneeb's contract made
//! or set, Tysiacha's contract won or lost), so the mean is taken over what the seat is really
//! after, the chance of making a contract included.

pub mod deliberate;
pub mod sampler;
pub mod utility;

use crate::solver::Solver;

use crate::{Bot, BotGame};
use deliberate::Deliberation;
use rand::{Rng, RngCore};
use sampler::{WorldRules, WorldSampler};
use std::fmt;
use troef_core::SeatView;
use utility::PlayUtility;

/// How hard the strong bot tries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    Easy,
    Normal,
    Hard,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Easy, Level::Normal, Level::Hard];

    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
        }
    }

    /// The level named `name` (case-insensitive); the error lists the names.
    pub fn parse(name: &str) -> Result<Level, String> {
        Level::ALL.into_iter().find(|level| level.name().eq_ignore_ascii_case(name.trim())).ok_or_else(|| {
            format!("unknown level {:?} (known: easy, normal, hard)", name.chars().take(32).collect::<String>())
        })
    }

    /// The budget of a decision at this level.
    pub fn budget(self) -> Budget {
        match self {
            Level::Easy => Budget {
                nodes: 30_000,
                nodes_per_world: 15_000,
                min_worlds: 2,
                max_worlds: 12,
                noise: 0.5,
                inference: true,
            },
            Level::Normal => Budget {
                nodes: 150_000,
                nodes_per_world: 40_000,
                min_worlds: 3,
                max_worlds: 48,
                noise: 0.0,
                inference: true,
            },
            Level::Hard => Budget {
                nodes: 1_500_000,
                nodes_per_world: 300_000,
                min_worlds: 4,
                max_worlds: 128,
                noise: 0.0,
                inference: true,
            },
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What one decision may spend. Worlds are sampled and solved until the search nodes reach
/// `nodes` (or `max_worlds` are done), each solve capped at `nodes_per_world`. Only worlds solved
/// exactly count: a capped solve leaves most moves with the bounds of the whole position, and
/// averaging those would favour the moves it never searched. When fewer than `min_worlds` are
/// solved exactly (the first tricks of the large games), the decision goes to the baseline.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Budget {
    /// Search nodes of one decision (the last world may overrun it by one world's cap).
    pub nodes: u64,
    /// Search nodes of one world's solve.
    pub nodes_per_world: u64,
    /// Worlds that must be solved exactly for the sampled choice to stand.
    pub min_worlds: u32,
    /// Worlds solved at most.
    pub max_worlds: u32,
    /// Noise on the choice, as a share of the spread between the best and worst mean values: 0
    /// plays the best card, 0.5 often plays a near-best one.
    pub noise: f64,
    /// Whether the worlds follow what the other seats' calls told ([`WorldRules::call_likelihood`]);
    /// off, they follow the view's constraints only (comparisons of the two).
    pub inference: bool,
}

/// The strong bot of one game.
pub struct StrongBot<G: BotGame> {
    budget: Budget,
    solver: Solver,
    baseline: Box<dyn Bot<G>>,
}

impl<G: BotGame> fmt::Debug for StrongBot<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("StrongBot").field("budget", &self.budget).finish_non_exhaustive()
    }
}

/// Transposition-table entries of the strong bot's solver (at most about 1.6 MB, 25 bytes each
/// under partition search and 16 in the exact table: a phone keeps several bots).
const TABLE_ENTRIES: usize = 1 << 16;

impl<G: BotGame> StrongBot<G> {
    pub fn new(level: Level) -> StrongBot<G> {
        StrongBot::with_budget(level.budget())
    }

    pub fn with_budget(budget: Budget) -> StrongBot<G> {
        StrongBot { budget, solver: Solver::with_entries(TABLE_ENTRIES), baseline: G::baseline_bot() }
    }
}

impl<G: BotGame + PlayUtility + WorldRules> StrongBot<G> {
    /// The play-phase choice by sampled worlds, or `None` outside the play phase or when too few
    /// worlds were solved exactly within the budget.
    fn play(&mut self, view: &SeatView<G>, legal: &[G::Action], rng: &mut dyn RngCore) -> Option<G::Action> {
        let sampler = WorldSampler::new(view)?.with_inference(self.budget.inference);
        // A known deal (nothing unseen) needs one world.
        let max_worlds = if sampler.unseen() == 0 { 1 } else { self.budget.max_worlds.max(1) };
        self.solver.clear();
        self.solver.set_node_cap(self.budget.nodes_per_world);
        let mut totals = vec![0f64; legal.len()];
        let mut counts = vec![0u32; legal.len()];
        let (mut spent, mut exact_worlds, mut capped_worlds) = (0u64, 0u32, 0u32);
        for _ in 0..max_worlds {
            // Out of nodes, or the first solves show the trees are beyond this level's cap.
            if spent >= self.budget.nodes || (exact_worlds == 0 && capped_worlds >= 2) {
                break;
            }
            let world = sampler.sample(rng);
            let open = G::open_position(&world)?;
            let player = open.position.to_move();
            let objective = G::play_objective(&world, &open, open.seats[player as usize]);
            // The objective's side maximises; the seat to play may be on the other side.
            let on_max_side = objective.max_side & (1 << player) != 0;
            let scores = self.solver.score_moves(&open.position, &objective);
            spent += self.solver.last_nodes.max(1);
            if !scores.iter().all(|score| score.exact) {
                capped_worlds += 1;
                continue;
            }
            exact_worlds += 1;
            for score in scores {
                let action = G::action(&open, score.mv);
                if let Some(index) = legal.iter().position(|a| *a == action) {
                    totals[index] += G::utility(&world, &objective, on_max_side, score.value);
                    counts[index] += 1;
                }
            }
        }
        if exact_worlds < self.budget.min_worlds.min(max_worlds) {
            return None;
        }
        // A move the solver never scored (it should score every legal one) counts as the worst.
        let means: Vec<f64> = totals
            .iter()
            .zip(&counts)
            .map(|(total, &count)| if count == 0 { f64::NEG_INFINITY } else { total / f64::from(count) })
            .collect();
        // Among the cards with the best mean, the baseline's: equal means are common where the
        // sampled worlds agree the hand is decided (made, or lost against best play), and the
        // baseline's card still fights for what fallible players may give away.
        Some(self.best_of(view, legal, &means, rng))
    }

    /// The action with the best mean (`means[i]` of `actions[i]`), the baseline's own choice
    /// whenever it shares that mean; with the level's noise, a near-best one.
    fn best_of(
        &mut self,
        view: &SeatView<G>,
        actions: &[G::Action],
        means: &[f64],
        rng: &mut dyn RngCore,
    ) -> G::Action {
        if self.budget.noise == 0.0 {
            let best = means.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let preferred = self.baseline.choose(view, rng);
            if let Some(index) = actions.iter().position(|action| *action == preferred) {
                if means[index] >= best - 1e-9 {
                    return preferred;
                }
            }
        }
        actions[self.pick(means, rng)]
    }

    /// The index of the best mean, with the level's noise; ties keep the first (the legal
    /// actions' order, fixed by the view).
    fn pick(&self, means: &[f64], rng: &mut dyn RngCore) -> usize {
        let finite = || means.iter().copied().filter(|m| m.is_finite());
        let best = finite().fold(f64::NEG_INFINITY, f64::max);
        let worst = finite().fold(f64::INFINITY, f64::min);
        let spread = self.budget.noise * (best - worst);
        let noisy: Vec<f64> = means
            .iter()
            .map(|&mean| if spread > 0.0 && mean.is_finite() { mean + spread * rng.gen::<f64>() } else { mean })
            .collect();
        let mut chosen = 0;
        for (index, &value) in noisy.iter().enumerate() {
            if value > noisy[chosen] {
                chosen = index;
            }
        }
        chosen
    }
}

impl<G: Deliberation> Bot<G> for StrongBot<G> {
    fn name(&self) -> &'static str {
        "strong"
    }

    fn choose(&mut self, view: &SeatView<G>, rng: &mut dyn RngCore) -> G::Action {
        let mut legal = Vec::new();
        view.legal_actions(&mut legal);
        assert!(!legal.is_empty(), "a bot is only asked to act for a seat that is to act");
        if legal.len() == 1 {
            return legal[0];
        }
        match self.play(view, &legal, rng).or_else(|| self.deliberate(view, &legal, rng)) {
            Some(action) => action,
            None => self.baseline.choose(view, rng),
        }
    }
}

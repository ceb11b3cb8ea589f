//! Decisions before the play by simulation: the strong bot tries each candidate action of a bid
//! (passing, the lowest raise, the baseline's call; not in Tarneeb, see there) or of a declarer's
//! decision (the trump, a
//! called card, the discard, the contract, the cards given away, a concession) in the same
//! sampled worlds, lets the baseline take every later decision
//! (each seat from its own view of the world, the deciding seat too), and values what follows
//! for the deciding seat. The candidate with the best mean is chosen; the baseline's own choice
//! whenever it is as good.
//!
//! A game names the decisions worth it and the actions to compare ([`Deliberation::candidates`])
//! and how the play is valued ([`Valuation`]): by the open-card solver where a full deal solves in
//! a small share of a decision's budget (Tysiacha's 24 cards, a few thousand nodes), else by the
//! baseline bots playing the hand out and the game's own score of it (the 32- and 52-card games,
//! whose full deals cost a solver a whole decision's budget or more). Comparing candidates in the
//! same worlds (common random numbers) makes the differences between them far less noisy than
//! their means.
//!
//! Decision: a world counts only when every candidate's rollout was valued (no solve hit the node
//! cap), so that each mean is taken over the same worlds; a decision with too few such worlds goes
//! to the baseline. The worlds of a bid deal every card the seat has not seen, the others' hands
//! and the talon alike, and the baseline bids for the others in them: it is the model of how the
//! rest of the table bids.

use super::utility::PlayUtility;
use super::{sampler::WorldRules, sampler::WorldSampler, StrongBot};
use crate::solver::{Objective, Position};
use crate::{decision_rng, BotGame};
use rand::RngCore;
use troef_core::games::rikken::{Phase as RikkenPhase, Rikken, RikkenAction};
use troef_core::games::tachentige::{Phase as TachentigePhase, Tachentige, TachentigeAction};
use troef_core::games::tachtigen::{Phase as TachtigenPhase, Tachtigen, TachtigenAction};
use troef_core::games::tarneeb::{Phase as TarneebPhase, Tarneeb, TarneebAction};
use troef_core::games::tysiacha::{Phase, Tysiacha, TysiachaAction};
use troef_core::{Hand, Seat, SeatView, ToAct};

/// How a rollout values the play that follows the decisions before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Valuation {
    /// The open-card solver's exact value of the play (where a full deal solves well within a
    /// decision's budget).
    Solve,
    /// The baseline bots play the hand out, each seat from its own view of the world, and the
    /// hand's score counts: far cheaper than a solve of a large deal, and fallible as players are.
    PlayOut,
}

/// The decisions before the play a game lets the strong bot weigh by simulation.
pub trait Deliberation: BotGame + PlayUtility + WorldRules {
    /// How the rollouts of `view`'s decision value the play.
    fn valuation(view: &SeatView<Self>) -> Valuation {
        let _ = view;
        Valuation::Solve
    }

    /// The actions of `view`'s decision to compare (a subset of `legal`); fewer than two leave
    /// the decision to the baseline. The default weighs nothing.
    fn candidates(view: &SeatView<Self>, legal: &[Self::Action]) -> Vec<Self::Action> {
        let _ = (view, legal);
        Vec::new()
    }
}

/// A bid's candidates: passing, the call right after it in legal order (every game lists its
/// calls from the lowest up after the pass; what comes before it, such as ending an open
/// session, is no bid) and the baseline's own call; none where passing is not allowed (a forced
/// bid is the baseline's).
fn auction_candidates<G: BotGame>(view: &SeatView<G>, legal: &[G::Action], pass: G::Action) -> Vec<G::Action> {
    if !legal.contains(&pass) {
        return Vec::new();
    }
    let mut candidates = vec![pass];
    let lowest = legal.iter().copied().skip_while(|action| *action != pass).nth(1);
    let baseline = G::baseline_bot().choose(view, &mut decision_rng(0, 0, 0));
    for action in lowest.into_iter().chain([baseline]) {
        if !candidates.contains(&action) {
            candidates.push(action);
        }
    }
    candidates
}

impl Deliberation for Tarneeb {
    /// 52 cards solve in a tenth of a second each: the baseline plays them out.
    fn valuation(_view: &SeatView<Self>) -> Valuation {
        Valuation::PlayOut
    }

    /// The declarer's trump. Bids stay with the baseline: simulated like the other games' (pass,
    /// the lowest raise, the baseline's call), they lowered the strong bot's margin over the
    /// baseline from +0.98 to +0.79 points a hand (1,000 arena deals; the partner's bids, which
    /// the rollouts model by the baseline, carry much of a partnership auction), and to +0.87
    /// with worlds that followed the auction so far (inference, see [`WorldRules`]'s Tarneeb).
    fn candidates(view: &SeatView<Tarneeb>, legal: &[TarneebAction]) -> Vec<TarneebAction> {
        match view.hand().game().phase() {
            TarneebPhase::Trump => legal.to_vec(),
            _ => Vec::new(),
        }
    }
}

impl Deliberation for Rikken {
    /// 52 cards: the baseline plays them out.
    fn valuation(_view: &SeatView<Self>) -> Valuation {
        Valuation::PlayOut
    }

    /// A bid (passing, the first bid in legal order, the baseline's call) and the declarer's
    /// choices after the auction: the pass game, the joker exchange, the trump and the called
    /// card.
    fn candidates(view: &SeatView<Rikken>, legal: &[RikkenAction]) -> Vec<RikkenAction> {
        match view.hand().game().phase() {
            RikkenPhase::Auction => auction_candidates(view, legal, RikkenAction::Pass),
            RikkenPhase::PassGameChoice | RikkenPhase::JokerExchange | RikkenPhase::Trump | RikkenPhase::Call => {
                legal.to_vec()
            }
            _ => Vec::new(),
        }
    }
}

/// Discards a Brabant declarer compares (the baseline's best by its count of the cards kept).
const DISCARDS: usize = 4;

impl Deliberation for Tachtigen {
    /// 33 cards in three hands take a full solve from a tenth of a second to minutes: the
    /// baseline plays them out.
    fn valuation(_view: &SeatView<Self>) -> Valuation {
        Valuation::PlayOut
    }

    /// A bid (passing, the lowest raise, the baseline's call) and the declarer's choices after
    /// the auction: buying off or playing, the discard (the baseline's best few) and the trump.
    fn candidates(view: &SeatView<Tachtigen>, legal: &[TachtigenAction]) -> Vec<TachtigenAction> {
        match view.hand().game().phase() {
            TachtigenPhase::Auction => auction_candidates(view, legal, TachtigenAction::Pass),
            TachtigenPhase::BuyOff | TachtigenPhase::Trump => legal.to_vec(),
            TachtigenPhase::Discard => {
                let mut best = crate::baseline::tachtigen::discards_by_value(view, legal);
                best.truncate(DISCARDS);
                best
            }
            _ => Vec::new(),
        }
    }
}

impl Deliberation for Tachentige {
    /// 32 cards in four hands solve in tens of milliseconds each: the baseline plays them out.
    fn valuation(_view: &SeatView<Self>) -> Valuation {
        Valuation::PlayOut
    }

    /// A bid (passing, the lowest raise, the baseline's call) and the declarer's choices after
    /// the auction: taking the stok or leaving it, the discard (the baseline's best few), the
    /// trump and the called ace.
    fn candidates(view: &SeatView<Tachentige>, legal: &[TachentigeAction]) -> Vec<TachentigeAction> {
        match view.hand().game().phase() {
            TachentigePhase::Auction => auction_candidates(view, legal, TachentigeAction::Pass),
            TachentigePhase::Stok | TachentigePhase::Trump | TachentigePhase::Call => legal.to_vec(),
            TachentigePhase::Discard => {
                let mut best = crate::baseline::tachentige::discards_by_value(view, legal);
                best.truncate(DISCARDS);
                best
            }
            _ => Vec::new(),
        }
    }
}

/// Gift pairs (the best by the baseline's count) compared when the declarer gives two cards away.
const GIFT_PAIRS: usize = 3;

impl Deliberation for Tysiacha {
    /// The play after a bid is valued by the baseline playing it out: valued by the solver,
    /// bids lost half the strong bot's margin over the baseline (1,000 arena deals: +3.6 points
    /// a hand against +6.0 with the baseline's bids), open-card play being far kinder to a
    /// declarer than a table that hides the talon and the hands. The declarer's later decisions
    /// are valued by the solver.
    fn valuation(view: &SeatView<Tysiacha>) -> Valuation {
        match view.hand().game().phase() {
            Phase::Auction => Valuation::PlayOut,
            _ => Valuation::Solve,
        }
    }

    /// A bid (passing, the lowest raise, the baseline's call) and the declarer's decisions: the
    /// contract (every raise up to what the match state allows, and the concession where it is
    /// allowed), the two cards given away (the baseline's best pairs, each either way round),
    /// taking the talon or conceding, and playing on or redealing after four nines.
    fn candidates(view: &SeatView<Tysiacha>, legal: &[TysiachaAction]) -> Vec<TysiachaAction> {
        let seat = view.seat();
        let hand = view.hand();
        match hand.game().phase() {
            Phase::Decision => {
                let ceiling = crate::baseline::tysiacha::contract_ceiling(hand.config(), view.scores(), seat);
                legal
                    .iter()
                    .copied()
                    .filter(|action| match action {
                        TysiachaAction::Contract(value) => *value <= ceiling.max(hand.game().high_bid()),
                        _ => true,
                    })
                    .collect()
            }
            Phase::Pass => {
                let table = hand.table();
                let pairs = crate::baseline::tysiacha::best_gifts(table.hand(seat), table.played(), GIFT_PAIRS);
                legal
                    .iter()
                    .copied()
                    .filter(|action| match action {
                        TysiachaAction::Give { cards, .. } => {
                            pairs.iter().any(|pair| *pair == *cards || *pair == [cards[1], cards[0]])
                        }
                        _ => false,
                    })
                    .collect()
            }
            Phase::Auction => auction_candidates(view, legal, TysiachaAction::Pass),
            Phase::BeforeTalon | Phase::FourNines => legal.to_vec(),
            _ => Vec::new(),
        }
    }
}

/// Actions a rollout takes at most (every game's hand ends far sooner).
const ROLLOUT_ACTIONS: u64 = 400;

/// What one baseline decision of a played-out rollout counts against the node budget: about
/// its time in solver nodes, so that a decision's budget means the same time either way.
const PLAY_OUT_ACTION_NODES: u64 = 10;

/// One candidate's rollout in a world: how it is valued, for whom, and the seed of the
/// baseline's decisions (the same for every candidate of the world).
struct Rollout<G: BotGame> {
    valuation: Valuation,
    me: Seat,
    candidate: G::Action,
    seed: u64,
}

/// One solved play within a world: the candidates that lead to the same play share it.
struct Solved {
    position: Position,
    objective: Objective,
    value: i32,
}

impl<G: Deliberation> StrongBot<G> {
    /// The decision by simulation, or `None` when the game weighs none here or too few worlds
    /// were solved exactly within the budget.
    pub(super) fn deliberate(
        &mut self,
        view: &SeatView<G>,
        legal: &[G::Action],
        rng: &mut dyn RngCore,
    ) -> Option<G::Action> {
        let candidates = G::candidates(view, legal);
        if candidates.len() < 2 {
            return None;
        }
        let sampler = WorldSampler::new(view)?.with_inference(self.budget.inference);
        let me = view.seat();
        let valuation = G::valuation(view);
        self.solver.clear();
        self.solver.set_node_cap(self.budget.nodes_per_world);
        let mut totals = vec![0f64; candidates.len()];
        let (mut spent, mut worlds, mut failed) = (0u64, 0u32, 0u32);
        let mut values = Vec::with_capacity(candidates.len());
        for _ in 0..self.budget.max_worlds {
            if spent >= self.budget.nodes || (worlds == 0 && failed >= 2) {
                break;
            }
            let world = sampler.sample(rng);
            let seed = rng.next_u64();
            let mut solved: Vec<Solved> = Vec::new();
            values.clear();
            for &candidate in &candidates {
                let rollout = Rollout { valuation, me, candidate, seed };
                match self.rollout(&world, view.scores(), rollout, &mut solved, &mut spent) {
                    Some(value) => values.push(value),
                    None => break,
                }
            }
            if values.len() < candidates.len() {
                failed += 1;
                continue;
            }
            worlds += 1;
            for (total, value) in totals.iter_mut().zip(&values) {
                *total += value;
            }
        }
        if worlds < self.budget.min_worlds {
            return None;
        }
        let means: Vec<f64> = totals.iter().map(|total| total / f64::from(worlds)).collect();
        Some(self.best_of(view, &candidates, &means, rng))
    }

    /// The deciding seat's utility of `candidate` in `world`: the baseline decides for every
    /// seat up to the play, which the solver values (`None` when its search was capped).
    fn rollout(
        &mut self,
        world: &Hand<G>,
        scores: &G::Scores,
        rollout: Rollout<G>,
        solved: &mut Vec<Solved>,
        spent: &mut u64,
    ) -> Option<f64> {
        let Rollout { valuation, me, candidate, seed } = rollout;
        let mut hand = world.clone();
        hand.apply(me, candidate).ok()?;
        for step in 0..ROLLOUT_ACTIONS {
            let seat = match hand.to_act() {
                ToAct::HandOver => {
                    let outcome = hand.outcome()?;
                    let deltas = G::seat_deltas(hand.config(), &outcome);
                    return deltas.get(me.index()).map(|&delta| delta as f64);
                }
                ToAct::Seat(seat) => seat,
            };
            if valuation == Valuation::PlayOut {
                *spent += PLAY_OUT_ACTION_NODES;
            } else if let Some(open) = G::open_position(&hand) {
                let player = open.player_of(me)?;
                let objective = G::play_objective(&hand, &open, me);
                let known = solved.iter().find(|s| s.position == open.position && s.objective == objective);
                let value = match known {
                    Some(known) => known.value,
                    None => {
                        let solution = self.solver.value(&open.position, &objective);
                        *spent += solution.nodes.max(1);
                        if !solution.exact {
                            return None;
                        }
                        solved.push(Solved {
                            position: open.position,
                            objective: objective.clone(),
                            value: solution.value,
                        });
                        solution.value
                    }
                };
                let on_max_side = objective.max_side & (1 << player) != 0;
                return Some(G::utility(&hand, &objective, on_max_side, value));
            }
            let mut rng = decision_rng(seed, 0, step);
            let action = self.baseline.choose(&SeatView::of(&hand, seat, scores), &mut rng);
            hand.apply(seat, action).ok()?;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Bot, Level};
    use std::collections::BTreeMap;
    use troef_core::record::deck_from_deal;
    use troef_core::{Card, ConfigValues, Game};

    fn cards(text: &str) -> Vec<Card> {
        text.split_whitespace().map(|code| code.parse().expect("a card code")).collect()
    }

    /// Tysiacha's default table after a one-bid auction: `forehand` (seven cards) bid the forced
    /// 100, the others passed, and it took `talon`; it now names its contract.
    fn contract_decision(forehand: &str, talon: &str, others: [&str; 2]) -> SeatView<Tysiacha> {
        let values = ConfigValues::validate(Tysiacha::config_keys(), []).expect("defaults");
        let config = Tysiacha::config(&values);
        let scores = Tysiacha::new_scores(&config);
        let dealer = Seat(0);
        let first = Seat(1);
        let mut deal = BTreeMap::new();
        deal.insert(Tysiacha::SEAT_NAMES.name(first), cards(forehand));
        deal.insert(Tysiacha::SEAT_NAMES.name(Seat(2)), cards(others[0]));
        deal.insert(Tysiacha::SEAT_NAMES.name(Seat(0)), cards(others[1]));
        deal.insert("talon".to_string(), cards(talon));
        let deck = deck_from_deal::<Tysiacha>(&Tysiacha::layout(&config, dealer), &deal).expect("a full deal");
        let mut hand = Hand::<Tysiacha>::from_deck(config, dealer, &scores, &deck).expect("deals");
        while hand.game().phase() != Phase::Decision {
            let ToAct::Seat(seat) = hand.to_act() else { panic!("the hand ended in its auction") };
            let mut legal = Vec::new();
            hand.legal_actions(&mut legal);
            let action = match hand.game().phase() {
                Phase::Auction if seat == first => {
                    *legal.iter().find(|action| matches!(action, TysiachaAction::Bid(_))).expect("a bid")
                }
                Phase::Auction => TysiachaAction::Pass,
                _ => TysiachaAction::Take,
            };
            hand.apply(seat, action).expect("legal");
        }
        assert_eq!(hand.to_act(), ToAct::Seat(first), "the forehand declares");
        SeatView::of(&hand, first, &scores)
    }

    fn contract_of(action: TysiachaAction) -> u16 {
        match action {
            TysiachaAction::Contract(value) => value,
            other => panic!("not a contract: {other:?}"),
        }
    }

    /// Both red marriages with their aces and tens, and the black aces: the simulation sees the
    /// declarer above 200 in every world and contracts for it.
    #[test]
    fn a_declarer_sure_of_his_points_raises_the_contract() {
        let view =
            contract_decision("AH TH KH QH AD TD KD", "QD AS AC", ["TS KS QS JS 9S TC KC", "QC JC 9C JH 9H JD 9D"]);
        let mut legal = Vec::new();
        view.legal_actions(&mut legal);
        assert!(Tysiacha::candidates(&view, &legal).len() > 10, "every raise is weighed");
        let mut bot = StrongBot::<Tysiacha>::new(Level::Normal);
        let chosen = contract_of(bot.choose(&view, &mut decision_rng(1, 0, 0)));
        // The baseline's rule of thumb (its count less a margin) stops at 170 here.
        let baseline = contract_of(crate::BaselineBot.choose(&view, &mut decision_rng(1, 0, 0)));
        assert!(chosen >= 200 && chosen > baseline, "contracts for {chosen} (the baseline for {baseline})");
        // Nodes, not the clock: the same view and stream choose the same contract.
        let again = contract_of(StrongBot::<Tysiacha>::new(Level::Normal).choose(&view, &mut decision_rng(1, 0, 0)));
        assert_eq!(chosen, again);
    }

    /// Nothing but nines and jacks: no raise is worth it in any world, so it keeps the bid.
    #[test]
    fn a_declarer_without_points_keeps_the_bid() {
        let view =
            contract_decision("9H JH 9D JD 9S JS 9C", "JC QS QC", ["AH TH KH QH AD TD KD", "QD AS TS KS AC TC KC"]);
        let mut legal = Vec::new();
        view.legal_actions(&mut legal);
        let mut bot = StrongBot::<Tysiacha>::new(Level::Normal);
        let chosen = bot.deliberate(&view, &legal, &mut decision_rng(2, 0, 0)).expect("decided by simulation");
        assert!(matches!(chosen, TysiachaAction::Contract(100) | TysiachaAction::Rospisat), "chose {chosen:?}");
    }

    /// A Tarneeb declarer (bid 7, the others passed) with seven top spades and little else: the
    /// hands played out by the baseline in every sampled world favour spades as trump.
    #[test]
    fn a_declarer_with_seven_top_spades_names_spades() {
        use troef_core::games::tarneeb::{Bid, Phase as Stage, Tarneeb, TarneebAction};
        use troef_core::Suit;
        let values = ConfigValues::validate(Tarneeb::config_keys(), []).expect("defaults");
        let config = Tarneeb::config(&values);
        let scores = Tarneeb::new_scores(&config);
        let dealer = Seat(0);
        let full: Vec<Card> = Tarneeb::deck(&config).iter().collect();
        let first = match Hand::<Tarneeb>::from_deck(config, dealer, &scores, &full).expect("deals").to_act() {
            ToAct::Seat(seat) => seat,
            ToAct::HandOver => panic!("no one to bid"),
        };
        let mut hands = vec![
            cards("AS KS QS JS TS 9S 8S 2H 3H 4D 5D 2C 3C"),
            cards("AH KH QH JH TH 9H 8H 7H 6H 5H 4H 7S 6S"),
            cards("AD KD QD JD TD 9D 8D 7D 6D 3D 2D 5S 4S"),
            cards("AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3S 2S"),
        ];
        let mut deal = BTreeMap::new();
        for offset in 0..4u8 {
            let seat = Seat((first.0 + offset) % 4);
            deal.insert(Tarneeb::SEAT_NAMES.name(seat), hands.remove(0));
        }
        let deck = deck_from_deal::<Tarneeb>(&Tarneeb::layout(&config, dealer), &deal).expect("a full deal");
        let mut hand = Hand::<Tarneeb>::from_deck(config, dealer, &scores, &deck).expect("deals");
        while hand.game().phase() != Stage::Trump {
            let ToAct::Seat(seat) = hand.to_act() else { panic!("the auction did not end") };
            let action = if seat == first { TarneebAction::Bid(Bid::plain(7)) } else { TarneebAction::Pass };
            hand.apply(seat, action).unwrap_or_else(|error| panic!("{action:?}: {error}"));
        }
        let view = SeatView::of(&hand, first, &scores);
        let mut legal = Vec::new();
        view.legal_actions(&mut legal);
        assert_eq!(Tarneeb::candidates(&view, &legal).len(), 4, "every trump is weighed");
        // The simulation's own answer, not the baseline's as a fallback.
        let mut bot = StrongBot::<Tarneeb>::new(Level::Normal);
        let chosen = bot.deliberate(&view, &legal, &mut decision_rng(3, 0, 0));
        assert_eq!(chosen, Some(TarneebAction::Trump(Suit::Spades)));
    }

    /// A forced opening bid is not weighed; the next seat weighs passing, the lowest raise and
    /// the baseline's call, no more.
    #[test]
    fn a_bid_weighs_passing_the_lowest_raise_and_the_baseline_call() {
        let values = ConfigValues::validate(Tysiacha::config_keys(), []).expect("defaults");
        let config = Tysiacha::config(&values);
        let scores = Tysiacha::new_scores(&config);
        let deck: Vec<Card> = Tysiacha::deck(&config).iter().collect();
        let mut hand = Hand::<Tysiacha>::from_deck(config, Seat(0), &scores, &deck).expect("deals");
        let mut legal = Vec::new();
        let ToAct::Seat(first) = hand.to_act() else { panic!("no one bids") };
        let view = SeatView::of(&hand, first, &scores);
        view.legal_actions(&mut legal);
        assert!(!legal.contains(&TysiachaAction::Pass), "the opening is forced");
        assert!(Tysiacha::candidates(&view, &legal).is_empty());
        hand.apply(first, legal[0]).expect("the forced bid");
        let ToAct::Seat(second) = hand.to_act() else { panic!("the auction ended") };
        let view = SeatView::of(&hand, second, &scores);
        view.legal_actions(&mut legal);
        let candidates = Tysiacha::candidates(&view, &legal);
        let lowest = legal.iter().copied().find(|action| *action != TysiachaAction::Pass).expect("a raise");
        let baseline = crate::BaselineBot.choose(&view, &mut decision_rng(0, 0, 0));
        assert!(candidates.len() <= 3 && candidates[0] == TysiachaAction::Pass, "{candidates:?}");
        assert!(candidates.contains(&lowest) && candidates.contains(&baseline), "{candidates:?}");
        assert_eq!(Tysiacha::valuation(&view), Valuation::PlayOut);
    }
}

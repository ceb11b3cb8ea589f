//! The open-card bot: it sees the whole deal (the arena's upper bound for honest bots) and plays
//! the open-card solver's best card.
//!
//! In play it asks the solver for one best card ([`crate::solver::Solver::best_move_preferring`])
//! for the objective of the seat whose cards are on turn: the position's exact value, then the
//! baseline's card if it reaches that value, else the first card in the search's move order that
//! does. Among equally valued cards the solver's pick is arbitrary (every card loses a contract
//! that best defence beats), and the baseline's keeps fighting for what fallible players may
//! still give away. Scoring every card would cost a full solve per card for the same play. The
//! solver runs under a node cap so that a pathological deal stays bounded; when the cap strikes
//! before a card is proved best, the bot plays the baseline's card from its seat's view (the move
//! order's first guess, which a capped search would offer, can be a blunder).
//!
//! Outside play (bids, trump, calls, discards, passes, roem) it decides by the game's
//! [`OpenDecisions`] hook: by default as the baseline from the acting seat's view
//! (`baseline_choice`), with full knowledge where a game says so (Tachtigen's roem and denial,
//! Tachentige's call, shown roem and rejections).

use crate::solver::{legal_moves, Solver};
use crate::strong::utility::PlayUtility;
use crate::{BaselineBot, Bot, CheatingBot};
use rand::RngCore;
use troef_core::{Game, Hand, Seat, SeatView, ToAct};

/// The open bot's decisions outside the play phase. In play the bot plays for what its seat
/// scores ([`PlayUtility::play_objective`]: a Tysiacha defender for his own points).
pub trait OpenDecisions: PlayUtility
where
    BaselineBot: Bot<Self>,
{
    /// The action for the seat to act when the hand is not in its play phase (or `None` to
    /// take the first legal action). By default the baseline's choice from the acting seat's
    /// view, so that an arena run of the open bot against the baseline measures what seeing
    /// every card is worth in play; a game overrides the decisions where full knowledge has an
    /// obvious answer (Tachtigen's roem and denial, Tachentige's call, show and rejection).
    fn decide_open(hand: &Hand<Self>, solver: &mut Solver, legal: &[Self::Action]) -> Option<Self::Action> {
        let _ = (solver, legal);
        let ToAct::Seat(seat) = hand.to_act() else { return None };
        Some(baseline_choice(hand, seat))
    }
}

/// What the baseline bot decides for `seat` from its view of `hand` (the match's starting scores,
/// as in the arena): the open bot's choice outside card play where seeing every card should not
/// change the decision, so that the arena measures what seeing every card is worth in play.
pub(crate) fn baseline_choice<G: Game>(hand: &Hand<G>, seat: Seat) -> G::Action
where
    BaselineBot: Bot<G>,
{
    let scores = G::new_scores(hand.config());
    let view = SeatView::of(hand, seat, &scores);
    // The baseline draws nothing from its random stream.
    let mut rng = rand::rngs::mock::StepRng::new(0, 0);
    BaselineBot.choose(&view, &mut rng)
}

/// The open-card bot.
#[derive(Debug)]
pub struct OpenBot {
    solver: Solver,
}

impl OpenBot {
    /// Search nodes per decision before the solver answers with bounds.
    pub const NODE_CAP: u64 = 2_000_000;

    pub fn new() -> OpenBot {
        let mut solver = Solver::with_entries(1 << 18);
        solver.set_node_cap(Self::NODE_CAP);
        OpenBot { solver }
    }
}

impl Default for OpenBot {
    fn default() -> OpenBot {
        OpenBot::new()
    }
}

impl<G: OpenDecisions> CheatingBot<G> for OpenBot
where
    BaselineBot: Bot<G>,
{
    fn name(&self) -> &'static str {
        "open"
    }

    fn choose_open(&mut self, hand: &Hand<G>, _scores: &G::Scores, rng: &mut dyn RngCore) -> G::Action {
        let mut legal = Vec::new();
        hand.legal_actions(&mut legal);
        assert!(!legal.is_empty(), "a bot is only asked to act for a seat that is to act");
        if let Some(open) = G::open_position(hand) {
            let player = open.position.to_move();
            let seat = open.seats[player as usize];
            let objective = G::play_objective(hand, &open, seat);
            if let ToAct::Seat(to_act) = hand.to_act() {
                // Among the cards that are as good as the best, the baseline's: with every card
                // of equal value (a contract already made, or lost, against best play) the
                // solver's pick is arbitrary, while fallible opponents may still give a lost
                // cause away, and a partner may count on the baseline's habits.
                let baseline = baseline_choice(hand, to_act);
                let preferred = legal_moves(&open.position).into_iter().find(|&mv| G::action(&open, mv) == baseline);
                if let Some((best, solution)) = self.solver.best_move_preferring(&open.position, &objective, preferred)
                {
                    if !solution.exact {
                        // The cap struck before the search proved a card: the move order's
                        // first guess can be a blunder, and an upper bound should never play
                        // below the baseline, so the capped decision is the baseline's.
                        return baseline;
                    }
                    let action = G::action(&open, best);
                    if legal.contains(&action) {
                        return action;
                    }
                }
            }
        }
        if !matches!(hand.to_act(), ToAct::Seat(_)) {
            return legal[0];
        }
        if let Some(action) = G::decide_open(hand, &mut self.solver, &legal) {
            if legal.contains(&action) {
                return action;
            }
        }
        let _ = rng;
        legal[0]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{BaselineBot, Bot};
    use rand::seq::SliceRandom;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;
    use troef_core::games::rikken::Rikken;
    use troef_core::games::tachtigen::{Phase as TachtigenPhase, Tachtigen};
    use troef_core::games::tarneeb::Tarneeb;
    use troef_core::games::tysiacha::Tysiacha;
    use troef_core::{ConfigValues, Seat, SeatView};

    /// Open bots play whole hands of `G`: every action is legal, and wherever `as_baseline`
    /// says so the open bot's action is the baseline's from the seat's view. Returns how many
    /// such decisions were checked.
    fn decides_as_the_baseline<G>(hands: usize, as_baseline: impl Fn(&Hand<G>) -> bool) -> usize
    where
        G: OpenDecisions,
        BaselineBot: Bot<G>,
    {
        let config = G::config(&ConfigValues::validate(G::config_keys(), []).unwrap());
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let mut bot = OpenBot::new();
        let mut checked = 0;
        for _ in 0..hands {
            let mut deck: Vec<_> = G::deck(&config).iter().collect();
            deck.shuffle(&mut rng);
            let scores = G::new_scores(&config);
            let dealer = Seat(rng.gen_range(0..G::seat_count(&config)));
            let mut hand = Hand::<G>::from_deck(config.clone(), dealer, &scores, &deck).unwrap();
            for _ in 0..2000 {
                let ToAct::Seat(seat) = hand.to_act() else { break };
                let action = bot.choose_open(&hand, &scores, &mut rng);
                if G::open_position(&hand).is_none() && as_baseline(&hand) {
                    let view = SeatView::of(&hand, seat, &scores);
                    let mut quiet = rand::rngs::mock::StepRng::new(0, 0);
                    assert_eq!(action, BaselineBot.choose(&view, &mut quiet), "{seat:?}");
                    checked += 1;
                }
                hand.apply(seat, action).expect("the open bot's action is legal");
            }
            assert!(hand.outcome().is_some(), "the hand ends");
        }
        checked
    }

    #[test]
    fn tysiacha_open_bots_bid_and_pass_cards_as_the_baseline() {
        assert!(decides_as_the_baseline::<Tysiacha>(6, |_| true) >= 6);
    }

    #[test]
    fn rikken_and_tarneeb_open_bots_decide_as_the_baseline_outside_play() {
        assert!(decides_as_the_baseline::<Rikken>(2, |_| true) >= 8);
        assert!(decides_as_the_baseline::<Tarneeb>(2, |_| true) >= 8);
    }

    #[test]
    fn tachtigen_open_bots_bid_discard_and_name_trump_as_the_baseline() {
        let checked = decides_as_the_baseline::<Tachtigen>(6, |hand| {
            matches!(
                hand.game().phase(),
                TachtigenPhase::Auction | TachtigenPhase::BuyOff | TachtigenPhase::Discard | TachtigenPhase::Trump
            )
        });
        assert!(checked >= 6);
    }
}

//! Tachtigen for the open-card solver: Brabant follow duties (trump led: trump; plain led:
//! follow or trump; the lone-jack exemption and the undertrump ban as configured), the points
//! contract and the special contracts.
//!
//! Goals, for the declarer against both opponents:
//! * points contract: `P + R` as settlement compares it with the bid: card points won, the
//!   last trick, the pit, the discards (`discards_count_for = declarer`, if he wins a trick)
//!   and the counted roem (only if he wins a trick under `roem_requires_trick`);
//! * special contracts: 1 when the goal is met, 0 when not (`schoppen_vrouw`: not winning the
//!   queen of spades; `piek`: exactly one trick, or the first and no other; `zwabber`/`prive`:
//!   all; `misere`/`ouvert`/`praat`: none; `zwabbersolo`: nine or more).

use super::common::{read_table, ten_point_steps};
use super::{OpenGame, OpenPosition};
use crate::solver::{CardMap, Follow, Goal, Move, Objective, PointRules, Rules, SeatTables};
use troef_core::games::brabant::{self, RANK_ORDER};
use troef_core::games::tachtigen::{Contract, Goal as SpecialGoal, Phase, Tachtigen, TachtigenAction, LAST_TRICK, PIT};
use troef_core::{Card, Game, Hand, Place, Rank, Seat, Suit, ToAct};

const SEATS: [Seat; 4] = [Seat(0), Seat(1), Seat(2), Seat(3)];
const TRICKS: u8 = 10;

impl OpenGame for Tachtigen {
    fn open_position(hand: &Hand<Tachtigen>) -> Option<OpenPosition> {
        let game = hand.game();
        if game.phase() != Phase::Play || !matches!(hand.to_act(), ToAct::Seat(_)) {
            return None;
        }
        let config = hand.config();
        let trump = game.trump();
        let map = CardMap::new(Tachtigen::deck(config), &RANK_ORDER, trump);
        let follow = match trump {
            Some(suit) => Follow::Brabant {
                exempt_jack: if config.jas_exempt { map.solver(Card::new(Rank::JACK, suit)) } else { None },
                no_undertrump: config.no_undertrump,
            },
            None => Follow::Suit,
        };
        let rules = Rules { follow, ..Rules::plain(3, TRICKS) };
        let position = read_table(
            hand.table(),
            &SEATS[..3],
            &map,
            rules,
            trump.map(|suit| suit.index() as u8),
            hand.to_act().seat()?,
        )?;
        Some(OpenPosition { position, map, seats: SEATS, announce: 0 })
    }

    fn objective(hand: &Hand<Tachtigen>, open: &OpenPosition, _perspective: Seat) -> Objective {
        Self::declarer_objective(hand, open)
    }

    fn declarer_objective(hand: &Hand<Tachtigen>, open: &OpenPosition) -> Objective {
        let game = hand.game();
        let config = hand.config();
        let table = hand.table();
        let declarer = game.declarer().unwrap_or(Seat(0));
        let player = declarer.0;
        let max_side = 1 << player;
        let trump = game.trump();
        match game.contract() {
            Some(Contract::Special(special)) => {
                let decided = game.result();
                let goal = special.goal();
                if goal == SpecialGoal::NotQueenOfSpades {
                    let queen = Card::new(Rank::QUEEN, Suit::Spades);
                    let mut card = [0i16; 64];
                    if let Some(solver) = open.map.solver(queen) {
                        card[solver as usize] = -1;
                    }
                    // A decided result (the queen has fallen) is final.
                    let base = match decided {
                        Some(won) => i32::from(won),
                        None => 1,
                    };
                    if decided.is_some() {
                        card = [0; 64];
                    }
                    return Objective {
                        max_side,
                        goal: Goal::Points(Box::new(PointRules {
                            card,
                            last_trick: 0,
                            any_trick: 0,
                            all_tricks: 0,
                            marriages: false,
                        })),
                        base,
                    };
                }
                let mut tables = [[0i16; 16]; 4];
                let mut first_trick = None;
                for (tricks, entry) in tables[player as usize].iter_mut().enumerate().take(TRICKS as usize + 1) {
                    let tricks = tricks as u8;
                    let met = match goal {
                        SpecialGoal::AtLeastNine => tricks >= 9,
                        SpecialGoal::ExactlyOne => tricks == 1,
                        SpecialGoal::All => tricks == TRICKS,
                        SpecialGoal::Zero => tricks == 0,
                        SpecialGoal::NotQueenOfSpades => true,
                    };
                    *entry = i16::from(met);
                }
                if goal == SpecialGoal::ExactlyOne && config.piek_first_trick_only {
                    // Read at 15 when the first trick was lost: failed.
                    tables[player as usize][15] = 0;
                    first_trick = Some((player, 15));
                }
                if let Some(won) = decided {
                    tables[player as usize] = [i16::from(won); 16];
                    first_trick = None;
                }
                Objective { max_side, goal: Goal::SeatTricks(Box::new(SeatTables { tables, first_trick })), base: 0 }
            }
            _ => {
                let mut card = [0i16; 64];
                for real in Tachtigen::deck(config).iter() {
                    if let Some(solver) = open.map.solver(real) {
                        card[solver as usize] = brabant::card_points(real, trump) as i16;
                    }
                }
                let roem = game.counted_roem(config) as i32;
                let discards = brabant::points(table.cards_in(table.slots_in(Place::Discards(declarer))), trump) as i32;
                let mut any_trick = 0;
                let mut base = brabant::points(table.won(declarer), trump) as i32;
                if config.discards_for_declarer {
                    any_trick += discards;
                }
                if config.roem_requires_trick {
                    any_trick += roem;
                } else {
                    base += roem;
                }
                let _ = open;
                Objective {
                    max_side,
                    goal: Goal::Points(Box::new(PointRules {
                        card,
                        last_trick: LAST_TRICK as i16,
                        any_trick: any_trick as i16,
                        all_tricks: PIT as i16,
                        marriages: false,
                    })),
                    base,
                }
            }
        }
    }

    /// Points contract (6.1): the objective's value is `P + R`, so `d = value - B`, and the
    /// payment steps wherever `d` crosses a multiple of ten (made by 0-9 pays nothing, failed by
    /// 1-10 costs one cent): thresholds `B + 10k`. Special contracts: 1 (met).
    fn declarer_thresholds(hand: &Hand<Tachtigen>, _open: &OpenPosition) -> Vec<i32> {
        match hand.game().contract() {
            Some(Contract::Points(bid)) => ten_point_steps(i32::from(bid)),
            _ => vec![1],
        }
    }

    fn action(open: &OpenPosition, mv: Move) -> TachtigenAction {
        TachtigenAction::Card(open.map.card(mv.card()))
    }
}

impl crate::cheating::OpenDecisions for Tachtigen {
    /// Outside card play the open bot decides as the baseline does from its seat's view (auction,
    /// buying off, discards, trump), so that an arena run of the open bot against the baseline
    /// measures what seeing every card is worth in play, as in Tachentige and Tysiacha; with full
    /// knowledge it declares every roem held and denies when able. Decision: an earlier rule
    /// (always pass, the forced forehand plays; trump the longest suit) lost 2.85 per seat and
    /// hand to the baseline over 1,000 deals, so the open bot was no upper bound.
    fn decide_open(
        hand: &Hand<Tachtigen>,
        _solver: &mut crate::solver::Solver,
        legal: &[TachtigenAction],
    ) -> Option<TachtigenAction> {
        let ToAct::Seat(seat) = hand.to_act() else { return None };
        match hand.game().phase() {
            Phase::Auction | Phase::BuyOff | Phase::Discard | Phase::Trump => {
                Some(crate::cheating::baseline_choice(hand, seat))
            }
            Phase::Roem => legal.iter().copied().max_by_key(|a| match a {
                TachtigenAction::Roem(roem) => roem.len(),
                _ => 0,
            }),
            Phase::Denial => {
                legal.iter().copied().find(|a| matches!(a, TachtigenAction::Deny(_))).or(Some(TachtigenAction::NoDeny))
            }
            _ => None,
        }
    }
}

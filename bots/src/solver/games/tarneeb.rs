//! Tarneeb and 400 for the open-card solver: plain follow-suit play, counter-clockwise.
//! Tarneeb's goal is the declaring team's tricks; 400's is each player's own bid made or
//! missed (`bid_value`, won or lost), summed over the team minus the other team.

use super::common::{players_where, read_table};
use super::{OpenGame, OpenPosition};
use crate::solver::{CardMap, Goal, Move, Objective, Rules, SeatTables};
use troef_core::games::tarneeb::{bid_value, team_of, Phase, Ruleset, Tarneeb, TarneebAction, RANK_ORDER};
use troef_core::{Game, Hand, Seat, ToAct};

/// Players in playing order (counter-clockwise from North).
const SEATS: [Seat; 4] = [Seat(0), Seat(3), Seat(2), Seat(1)];

impl OpenGame for Tarneeb {
    fn open_position(hand: &Hand<Tarneeb>) -> Option<OpenPosition> {
        if hand.game().phase() != Phase::Play || !matches!(hand.to_act(), ToAct::Seat(_)) {
            return None;
        }
        let trump = hand.game().trump();
        let map = CardMap::new(Tarneeb::deck(hand.config()), &RANK_ORDER, trump);
        let position = read_table(
            hand.table(),
            &SEATS,
            &map,
            Rules::plain(4, 13),
            trump.map(|suit| suit.index() as u8),
            super::seat_to_act(hand)?,
        )?;
        Some(OpenPosition { position, map, seats: SEATS, announce: 0 })
    }

    fn objective(hand: &Hand<Tarneeb>, open: &OpenPosition, perspective: Seat) -> Objective {
        let team = team_of(perspective);
        let max_side = players_where(&SEATS, |seat| team_of(seat) == team);
        if hand.config().ruleset == Ruleset::FourHundred {
            let bids = hand.game().bids();
            let mut tables = [[0i16; 16]; 4];
            for (player, &seat) in SEATS.iter().enumerate() {
                let bid = bids[seat.index()];
                let value = bid_value(bid) as i16;
                let sign = if team_of(seat) == team { 1 } else { -1 };
                for (tricks, entry) in tables[player].iter_mut().enumerate() {
                    *entry = sign * if tricks as u8 >= bid { value } else { -value };
                }
            }
            return Objective {
                max_side,
                goal: Goal::SeatTricks(Box::new(SeatTables { tables, first_trick: None })),
                base: 0,
            };
        }
        let won: i32 =
            (0..4).filter(|&player| max_side & (1 << player) != 0).map(|p| i32::from(open.position.won[p])).sum();
        Objective { max_side, goal: Goal::Tricks, base: won }
    }

    fn declarer_objective(hand: &Hand<Tarneeb>, open: &OpenPosition) -> Objective {
        let declarer = hand.game().declarer().unwrap_or(Seat(0));
        Self::objective(hand, open, declarer)
    }

    fn action(open: &OpenPosition, mv: Move) -> TarneebAction {
        TarneebAction::Play(open.map.card(mv.card()))
    }
}

/// Tricks `declarer`'s team takes with best play in `trump` (None: no trump) when `leader`
/// leads trick 1, under a small node cap (the middle of the bounds when capped).
pub(crate) fn dd_tricks(
    hand: &Hand<Tarneeb>,
    solver: &mut crate::solver::Solver,
    declarer: Seat,
    trump: Option<troef_core::Suit>,
    leader: Seat,
) -> i32 {
    let map = CardMap::new(Tarneeb::deck(hand.config()), &RANK_ORDER, trump);
    let mut hands = [0u64; 4];
    for (player, &seat) in SEATS.iter().enumerate() {
        hands[player] = map.solver_set(hand.table().hand(seat));
    }
    let player_of = |seat: Seat| SEATS.iter().position(|&s| s == seat).unwrap_or(0) as u8;
    let position = crate::solver::Position {
        rules: Rules::plain(4, 13),
        hands,
        trick: [0; 4],
        trick_len: 0,
        leader: player_of(leader),
        trump: trump.map(|suit| suit.index() as u8),
        trick_index: 0,
        won: [0; 4],
        called_live: false,
        blind_available: false,
        blind_trick: false,
    };
    let team = team_of(declarer);
    let objective =
        Objective { max_side: players_where(&SEATS, |seat| team_of(seat) == team), goal: Goal::Tricks, base: 0 };
    let cap = solver.node_cap();
    solver.set_node_cap(cap.min(300_000));
    let value = solver.value(&position, &objective).value;
    solver.set_node_cap(cap);
    value
}

impl crate::cheating::OpenDecisions for Tarneeb {
    fn decide_open(
        hand: &Hand<Tarneeb>,
        solver: &mut crate::solver::Solver,
        legal: &[TarneebAction],
    ) -> Option<TarneebAction> {
        use troef_core::games::tarneeb::Bid;
        let ToAct::Seat(seat) = hand.to_act() else { return None };
        let four_hundred = hand.config().ruleset == Ruleset::FourHundred;
        let mut suits: Vec<Option<troef_core::Suit>> = troef_core::Suit::ALL.iter().map(|&s| Some(s)).collect();
        match hand.game().phase() {
            Phase::Trump => {
                let best = troef_core::Suit::ALL
                    .into_iter()
                    .max_by_key(|&suit| dd_tricks(hand, solver, seat, Some(suit), seat))?;
                Some(TarneebAction::Trump(best))
            }
            Phase::Auction if four_hundred => {
                // Hearts are trump and the eldest leads; the team's tricks, shared by the two.
                let eldest = troef_core::Direction::CounterClockwise.next(hand.dealer(), 4);
                let team = dd_tricks(hand, solver, seat, Some(troef_core::Suit::Hearts), eldest);
                let want = (team / 2).clamp(1, 13) as u8;
                legal
                    .iter()
                    .copied()
                    .filter(|action| matches!(action, TarneebAction::Bid(bid) if bid.tricks <= want))
                    .max_by_key(|action| match action {
                        TarneebAction::Bid(bid) => bid.key(),
                        _ => 0,
                    })
                    .or_else(|| legal.first().copied())
            }
            Phase::Auction => {
                if hand.config().zon {
                    suits.push(None);
                }
                let (best, trump) = suits
                    .into_iter()
                    .map(|trump| (dd_tricks(hand, solver, seat, trump, seat), trump))
                    .max_by_key(|(t, _)| *t)?;
                let bid = if trump.is_none() {
                    Bid::zon(best.clamp(0, 13) as u8)
                } else {
                    Bid::plain(best.clamp(0, 13) as u8)
                };
                // The highest legal bid the deal makes, else pass.
                let candidate = legal
                    .iter()
                    .copied()
                    .filter(|action| {
                        matches!(action, TarneebAction::Bid(b) if b.tricks <= bid.tricks && (b.zon == bid.zon || !b.zon))
                    })
                    .min_by_key(|action| match action {
                        TarneebAction::Bid(b) => b.key(),
                        _ => u8::MAX,
                    });
                candidate.or(Some(TarneebAction::Pass)).filter(|action| legal.contains(action))
            }
            _ => None,
        }
    }
}

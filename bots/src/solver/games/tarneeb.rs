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
            hand.to_act().seat()?,
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

// The open bot decides as the baseline outside card play (bids, trump). Decision: the earlier rule
// bid and named trump by the double-dummy tricks of the whole deal, which measured open-card bidding
// too and cost five solves per call.
impl crate::cheating::OpenDecisions for Tarneeb {}

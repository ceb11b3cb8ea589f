//! Rikken for the open-card solver: follow suit; the called card's duties while they last; the
//! declarer's blind lead (face down, standing for the called suit, never winning); Schoppen
//! Mie's spade ban; the troela ace lead with trumps powerless in trick 1; René as a fourth hand.
//!
//! Goals: Rik, troela, N alleen and forced rik: the declaring side's tricks (declarer and the
//! called card's holder or troela partner); 13: all tricks; piek and misère: each declarer's own
//! target (from a declarer's seat: his own; from another seat: the declarers' failures); pass
//! games from the seat to play against the other three: Schoppen Mie avoiding the queen of
//! spades and the last trick, the others the game's own trick targets.
//!
//! Decision: a dummy's (René's, the blind's) cards are played for the dummy's own side.

use super::common::{players_where, read_table};
use super::{OpenGame, OpenPosition};
use crate::solver::{CalledDuty, CardMap, Goal, Move, Objective, PointRules, Rules, SeatTables};
use troef_core::games::rikken::{Contract, Kind, PassGame, Phase, Rikken, RikkenAction};
use troef_core::{Card, Game, Hand, Place, Rank, RankOrder, Seat, Suit, ToAct};

const ORDER: RankOrder = RankOrder::new("AKQJT98765432", "AKQJT98765432");

/// The seats in this deal's playing order, from the dealer.
fn seats_of(game: &Rikken) -> [Seat; 4] {
    let mut seats = [game.dealer(); 4];
    for index in 1..4 {
        seats[index] = game.next(seats[index - 1]);
    }
    seats
}

/// The declaring side as seat bits: the declarers and the partner when known.
fn declaring_side(hand: &Hand<Rikken>) -> u8 {
    let game = hand.game();
    let mut side = game.declarers();
    if let Some(partner) = game.troela_partner() {
        side |= partner.bit();
    } else if game.is_rik_type() {
        if let Some(seat) = game.called_played_by() {
            side |= seat.bit();
        } else if let Some(slot) = game.called().and_then(|card| hand.table().slot_of(card)) {
            if let Place::Hand(seat) | Place::Won(seat) = hand.table().place(slot) {
                side |= seat.bit();
            }
        }
    }
    side
}

fn succeeds(game: PassGame, tricks: u8) -> bool {
    match game {
        PassGame::TwoOrFive => tricks == 2 || tricks == 5,
        PassGame::OneThreeFive => matches!(tricks, 1 | 3 | 5),
        PassGame::Rondpiek => tricks == 1,
        PassGame::ForcedMisere => tricks == 0,
        _ => false,
    }
}

impl OpenGame for Rikken {
    fn open_position(hand: &Hand<Rikken>) -> Option<OpenPosition> {
        let game = hand.game();
        if game.phase() != Phase::Play || !matches!(hand.to_act(), ToAct::Seat(_)) {
            return None;
        }
        let config = hand.config();
        let trump = game.trump();
        let map = CardMap::new(Rikken::deck(config), &ORDER, trump);
        let seats = seats_of(game);
        let player_of = |seat: Seat| seats.iter().position(|&s| s == seat).unwrap_or(0) as u8;
        let troela_lead = config.troela_ace_lead && game.contract() == Some(Contract::Troela);
        let called = game.called().and_then(|card| map.solver(card));
        let rules = Rules {
            called: if game.is_rik_type() {
                called.map(|card| (card, CalledDuty::Rikken { discard_allowed: config.called_card_discard_allowed }))
            } else {
                None
            },
            spade_ban_tricks: if game.pass_game() == Some(PassGame::Schoppenmie) {
                config.schoppenmie_no_spade_tricks
            } else {
                0
            },
            forced_first_lead: if troela_lead { called } else { None },
            first_trick_no_trump: troela_lead,
            blind_leader: if game.called_blind() && game.is_rik_type() { game.primary().map(player_of) } else { None },
            ..Rules::plain(4, 13)
        };
        let mut position =
            read_table(hand.table(), &seats, &map, rules, trump.map(|suit| suit.index() as u8), game.seat_on_turn())?;
        position.called_live = game.called_duties_live();
        position.blind_available = game.blind_lead_pending();
        position.blind_trick = game.blind_trick();
        Some(OpenPosition { position, map, seats, announce: 0 })
    }

    fn objective(hand: &Hand<Rikken>, open: &OpenPosition, perspective: Seat) -> Objective {
        let game = hand.game();
        let seats = open.seats;
        let won = |mask: u8| -> i32 {
            seats
                .iter()
                .filter(|seat| mask & seat.bit() != 0)
                .map(|&seat| i32::from(hand.table().tricks_won(seat)))
                .sum()
        };
        if let Some(pass_game) = game.pass_game().filter(|&g| g != PassGame::ForcedRik) {
            let me = open.player_of(perspective).unwrap_or(0);
            if pass_game == PassGame::Schoppenmie {
                let mut card = [0i16; 64];
                if let Some(queen) = open.map.solver(Card::new(Rank::QUEEN, Suit::Spades)) {
                    card[queen as usize] = -1;
                }
                let queen_taken = hand.table().won(perspective).contains(Card::new(Rank::QUEEN, Suit::Spades));
                return Objective {
                    max_side: 1 << me,
                    goal: Goal::Points(Box::new(PointRules {
                        card,
                        last_trick: -1,
                        any_trick: 0,
                        all_tricks: 0,
                        marriages: false,
                    })),
                    base: -i32::from(queen_taken),
                };
            }
            let mut tables = [[0i16; 16]; 4];
            for (tricks, entry) in tables[me as usize].iter_mut().enumerate() {
                *entry = i16::from(succeeds(pass_game, tricks as u8));
            }
            return Objective {
                max_side: 1 << me,
                goal: Goal::SeatTricks(Box::new(SeatTables { tables, first_trick: None })),
                base: 0,
            };
        }
        let contract = game.contract();
        let kind = contract.map(Contract::kind);
        match kind {
            Some(Kind::Piek | Kind::Misere) => {
                let piek = kind == Some(Kind::Piek);
                let declarers = game.declarers();
                let success = |tricks: usize| if piek { tricks == 1 } else { tricks == 0 };
                let mut tables = [[0i16; 16]; 4];
                let mine = declarers & perspective.bit() != 0;
                let max_side = if mine {
                    players_where(&seats, |seat| seat == perspective)
                } else {
                    players_where(&seats, |seat| declarers & seat.bit() == 0)
                };
                for (player, &seat) in seats.iter().enumerate() {
                    if declarers & seat.bit() == 0 || (mine && seat != perspective) {
                        continue;
                    }
                    for (tricks, entry) in tables[player].iter_mut().enumerate() {
                        *entry = if mine { i16::from(success(tricks)) } else { i16::from(!success(tricks)) };
                    }
                }
                Objective {
                    max_side,
                    goal: Goal::SeatTricks(Box::new(SeatTables { tables, first_trick: None })),
                    base: 0,
                }
            }
            Some(Kind::Slam) => {
                let declarer = game.primary().unwrap_or(perspective);
                let player = open.player_of(declarer).unwrap_or(0);
                let mut tables = [[0i16; 16]; 4];
                tables[player as usize][13] = 1;
                let max_side =
                    if perspective == declarer { 1 << player } else { players_where(&seats, |seat| seat != declarer) };
                if max_side != 1 << player {
                    for (tricks, entry) in tables[player as usize].iter_mut().enumerate() {
                        *entry = i16::from(tricks != 13);
                    }
                }
                Objective {
                    max_side,
                    goal: Goal::SeatTricks(Box::new(SeatTables { tables, first_trick: None })),
                    base: 0,
                }
            }
            _ => {
                let side = declaring_side(hand);
                let mask = if side & perspective.bit() != 0 { side } else { !side & 0b1111 };
                Objective {
                    max_side: players_where(&seats, |seat| mask & seat.bit() != 0),
                    goal: Goal::Tricks,
                    base: won(mask),
                }
            }
        }
    }

    fn declarer_objective(hand: &Hand<Rikken>, open: &OpenPosition) -> Objective {
        let game = hand.game();
        let perspective = match game.pass_game() {
            Some(PassGame::ForcedRik) | None => game.primary().unwrap_or(Seat(0)),
            Some(_) => open.seats[open.position.to_move() as usize],
        };
        Self::objective(hand, open, perspective)
    }

    fn action(open: &OpenPosition, mv: Move) -> RikkenAction {
        let card = open.map.card(mv.card());
        if mv.is_special() {
            RikkenAction::LeadFaceDown(card)
        } else {
            RikkenAction::Play(card)
        }
    }
}

// The open bot decides as the baseline outside card play (bids, pass games, trump, calls, claims).
// Decision: the earlier rule passed every auction, so the open bot never declared and was no upper
// bound.
impl crate::cheating::OpenDecisions for Rikken {}

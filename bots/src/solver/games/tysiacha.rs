//! Tysiacha for the open-card solver: three active players, follow duties with overtrumping
//! (and `must_beat`), marriages declared on a lead as moves that set trump at once. The goal is
//! the declarer's hand total (card points plus his marriages); the defenders play against it.
//!
//! Decision: the defenders are one side that minimises the declarer's total (the contract is
//! made or not by that total); their own points are not part of the solver's goal.

use super::common::read_table;
use super::{OpenGame, OpenPosition};
use crate::solver::{CardMap, Follow, Goal, Marriages, Move, Objective, PointRules, Rules};
use troef_core::games::tysiacha::{
    card_points, marriage_value, marriages_value, Phase, Tysiacha, TysiachaAction, ORDER,
};
use troef_core::{Card, CardSet, Game, Hand, Rank, Seat, Suit, ToAct};

impl OpenGame for Tysiacha {
    fn open_position(hand: &Hand<Tysiacha>) -> Option<OpenPosition> {
        let game = hand.game();
        if game.phase() != Phase::Play || !matches!(hand.to_act(), ToAct::Seat(_)) {
            return None;
        }
        let config = hand.config();
        let map = CardMap::new(Tysiacha::deck(config), &ORDER, None);
        let first = game.active()[0];
        let seats = [first, game.next_active(first), game.next_active(game.next_active(first))];
        let mut king = [0u8; 4];
        let mut queen = [0u8; 4];
        let mut values = [0i16; 4];
        for suit in Suit::ALL {
            king[suit.index()] = map.solver(Card::new(Rank::KING, suit))?;
            queen[suit.index()] = map.solver(Card::new(Rank::QUEEN, suit))?;
            values[suit.index()] = marriage_value(suit) as i16;
        }
        let rules = Rules {
            follow: Follow::Tysiacha { must_beat: config.must_beat, overtrump: config.overtrump_required },
            marriages: Some(Marriages {
                values,
                from_trick: if config.marriage_on_first_trick { 0 } else { 1 },
                king,
                queen,
            }),
            ..Rules::plain(3, 8)
        };
        let trump = game.trump().map(|suit| suit.index() as u8);
        let mut position = read_table(hand.table(), &seats, &map, rules, trump, hand.to_act().seat()?)?;
        // The game's own trick (the table's is the same cards, lead first).
        for (index, &card) in game.trick_cards().iter().enumerate() {
            position.trick[index] = map.solver(card)?;
        }
        let mut all = [Seat(0); 4];
        all[..3].copy_from_slice(&seats);
        Some(OpenPosition { position, map, seats: all, announce: 0 })
    }

    fn objective(hand: &Hand<Tysiacha>, open: &OpenPosition, _perspective: Seat) -> Objective {
        Self::declarer_objective(hand, open)
    }

    fn declarer_objective(hand: &Hand<Tysiacha>, open: &OpenPosition) -> Objective {
        let game = hand.game();
        let declarer = game.declarer().unwrap_or(Seat(0));
        let player = open.player_of(declarer).unwrap_or(0);
        let mut card = [0i16; 64];
        for real in Tysiacha::deck(hand.config()).iter() {
            if let Some(solver) = open.map.solver(real) {
                card[solver as usize] = card_points(CardSet::single(real)) as i16;
            }
        }
        let base = card_points(hand.table().won(declarer)) + marriages_value(game.declared(declarer));
        Objective {
            max_side: 1 << player,
            goal: Goal::Points(Box::new(PointRules {
                card,
                last_trick: 0,
                any_trick: 0,
                all_tricks: 0,
                marriages: true,
            })),
            base: base as i32,
        }
    }

    /// The contract: made when the declarer's card points and marriages reach it (6: he scores
    /// `+C` or `-C`, never his points).
    fn declarer_thresholds(hand: &Hand<Tysiacha>, _open: &OpenPosition) -> Vec<i32> {
        vec![i32::from(hand.game().contract())]
    }

    fn action(open: &OpenPosition, mv: Move) -> TysiachaAction {
        TysiachaAction::Play { card: open.map.card(mv.card()), marriage: mv.is_special() }
    }
}

// The open bot decides as the baseline outside card play (bids, the talon, the contract, the two
// cards given away, four nines). Decision: an earlier rule of thumb bid on the open-card points of
// hand and talon; it overbid and lost about 15 points per seat and hand to the baseline over 1,000
// deals, so the open bot was no upper bound.
impl crate::cheating::OpenDecisions for Tysiacha {}

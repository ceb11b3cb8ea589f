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
use troef_core::{Card, CardSet, Game, Hand, Place, Rank, Seat, Suit, ToAct};

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
        let mut position = read_table(hand.table(), &seats, &map, rules, trump)?;
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

    fn action(open: &OpenPosition, mv: Move) -> TysiachaAction {
        TysiachaAction::Play { card: open.map.card(mv.card()), marriage: mv.is_special() }
    }
}

impl crate::cheating::OpenDecisions for Tysiacha {
    /// Full-knowledge rules: bid while the declarer's open-card total after taking the talon
    /// (the talon's card points and marriages counted with the hand) clears the bid; name the
    /// bid as contract; give each defender the cheapest card outside a marriage; never
    /// concede; play on with four nines.
    fn decide_open(
        hand: &Hand<Tysiacha>,
        _solver: &mut crate::solver::Solver,
        legal: &[TysiachaAction],
    ) -> Option<TysiachaAction> {
        use troef_core::games::tysiacha::marriages_in;
        let ToAct::Seat(seat) = hand.to_act() else { return None };
        let table = hand.table();
        let mine = table.hand(seat);
        let talon = table.cards_in(table.slots_in(Place::Pile(troef_core::Pile::Talon)));
        let with_talon = mine.union(talon);
        // A rough open-card total: the points of the hand and talon (two cards go away) with
        // the marriages held.
        let estimate = card_points(with_talon) * 3 / 4 + marriages_value(marriages_in(with_talon));
        match hand.game().phase() {
            Phase::Auction => {
                let best = legal
                    .iter()
                    .copied()
                    .filter(|action| matches!(action, TysiachaAction::Bid(value) if i64::from(*value) <= estimate))
                    .min_by_key(|action| match action {
                        TysiachaAction::Bid(value) => *value,
                        _ => u16::MAX,
                    });
                best.or_else(|| legal.iter().copied().find(|a| *a == TysiachaAction::Pass))
                    .or_else(|| legal.first().copied())
            }
            Phase::BeforeTalon => Some(TysiachaAction::Take),
            Phase::Decision => legal.iter().copied().find(|a| matches!(a, TysiachaAction::Contract(_))),
            Phase::Pass => {
                let keep = marriages_in(mine);
                let mut cheapest: Vec<Card> = mine
                    .iter()
                    .filter(|card| {
                        keep & (1 << card.suit_or_clubs().index()) == 0
                            || !matches!(card.rank(), Some(Rank::KING | Rank::QUEEN))
                    })
                    .collect();
                cheapest.sort_by_key(|&card| card_points(CardSet::single(card)));
                let [first, second] = [*cheapest.first()?, *cheapest.get(1)?];
                legal
                    .iter()
                    .copied()
                    .find(|a| matches!(a, TysiachaAction::Give { cards, .. } if *cards == [first, second]))
            }
            Phase::FourNines => Some(TysiachaAction::PlayOn),
            _ => None,
        }
    }
}

//! Tachentige for the open-card solver: four players in turn clockwise; the Brabant follow
//! duties of 5.2 (trump led: a trump, the lone trump jack exempt; plain led: follow or trump,
//! anything when void; no undertrumping while something else is left), the called card's duty
//! and the declarer's ban on trumping his partner's winning called card in point games; plain
//! follow-suit in zwabber.
//!
//! Goals, for the declaring side (declarer and partner; the soloist alone in a solo) against the
//! others:
//! * point games (closing-round point games too): `raw_d + B + Rm` of 6.1 to 6.4 — the card
//!   points of the tricks won, the last trick, the hidden pile (stok taken: when the side wins a
//!   trick; stok left: when it wins every trick), the all-tricks bonus, and the roem, which
//!   counts only when the side wins a trick: the combinations shown and not rejected so far, and
//!   the stuk when announced or still to be announced (a declaring-side hand holding the trump
//!   queen and king announces it with the first of the two it plays: [`OpenPosition::announce`]).
//!   Decision: the value is not rounded. B, Rm and the bid are multiples of ten, so the hand's
//!   result `S = round_decl(raw_d + B + Rm) - bid` is a non-decreasing function of the solver's
//!   value, and best play for the one is best play for the other (the unrounded value only
//!   breaks ties that rounding would leave);
//! * solos: 1 when the soloist makes it, 0 when not — privé and zwabber all tricks, praten none.
//!
//! Decision: in trick 1 of a point game, while the seat to act may still show or reject roem
//! (or answer the late window), the hand is not at a card play for the solver
//! ([`OpenGame::open_position`] is `None`): the roem a seat may still show is its own choice
//! outside card play, and the open bot makes it first ([`crate::cheating::OpenDecisions`]: every
//! combination shown or rejected that may be), then plays the solver's card.

use super::common::{read_table, ten_point_steps};
use super::{OpenGame, OpenPosition};
use crate::solver::{bit, CalledDuty, CardMap, Follow, Goal, Move, Objective, PointRules, Rules, SeatTables};
use troef_core::games::brabant::{self, Combo, RANK_ORDER};
use troef_core::games::tachentige::rules::{ALL_TRICKS, LAST_TRICK};
use troef_core::games::tachentige::{Contract, Phase, SoloGame, StokChoice, Tachentige, TachentigeAction};
use troef_core::{Card, CardSet, Game, Hand, Rank, Seat, Suit, ToAct};

/// Players are seats: play runs clockwise from seat 0 to seat 3.
const SEATS: [Seat; 4] = [Seat(0), Seat(1), Seat(2), Seat(3)];

/// The trump queen and king, when one declaring-side hand holds both and the stuk may still be
/// announced (6.3.2), as real cards.
fn stuk_to_announce(hand: &Hand<Tachentige>) -> CardSet {
    let game = hand.game();
    let (Some(trump), Some(Contract::Points(_))) = (game.trump(), game.contract()) else { return CardSet::EMPTY };
    if !hand.config().roem || game.stuk_announced() {
        return CardSet::EMPTY;
    }
    let pair = CardSet::single(Card::new(Rank::QUEEN, trump)).union(CardSet::single(Card::new(Rank::KING, trump)));
    let holds_pair = [game.declarer(), game.partner()]
        .into_iter()
        .flatten()
        .any(|seat| hand.table().hand(seat).intersection(pair) == pair);
    if holds_pair {
        pair
    } else {
        CardSet::EMPTY
    }
}

/// The seat to act may still show or reject roem in trick 1, or must answer the late window.
fn roem_pending(hand: &Hand<Tachentige>) -> bool {
    let game = hand.game();
    if game.late_window().is_some() {
        return true;
    }
    if !hand.config().roem || hand.table().trick_index() > 0 || !matches!(game.contract(), Some(Contract::Points(_))) {
        return false;
    }
    let mut legal = Vec::new();
    hand.legal_actions(&mut legal);
    legal.iter().any(|action| matches!(action, TachentigeAction::Show(_) | TachentigeAction::Reject(_)))
}

impl OpenGame for Tachentige {
    fn open_position(hand: &Hand<Tachentige>) -> Option<OpenPosition> {
        let game = hand.game();
        if game.phase() != Phase::Play || !matches!(hand.to_act(), ToAct::Seat(_)) || roem_pending(hand) {
            return None;
        }
        let config = hand.config();
        let table = hand.table();
        let trump = game.trump();
        let map = CardMap::new(Tachentige::deck(config), &RANK_ORDER, trump);
        let follow = match trump {
            // 5.2 (d) to (f): the trump jack's exemption and the undertrump ban are not variants.
            Some(suit) => Follow::Brabant { exempt_jack: map.solver(Card::new(Rank::JACK, suit)), no_undertrump: true },
            None => Follow::Suit,
        };
        let point_game = matches!(game.contract(), Some(Contract::Points(_)));
        let called = match (point_game, game.called_card(), game.declarer(), game.partner()) {
            (true, Some(card), Some(declarer), Some(partner)) => {
                map.solver(card).map(|card| (card, CalledDuty::Brabant { declarer: declarer.0, partner: partner.0 }))
            }
            _ => None,
        };
        let rules = Rules { follow, called, ..Rules::plain(4, config.tricks()) };
        let mut position =
            read_table(table, &SEATS, &map, rules, trump.map(|suit| suit.index() as u8), hand.to_act().seat()?)?;
        position.called_live = called.is_some_and(|(card, _)| position.remaining() & bit(card) != 0);
        let announce = map.solver_set(stuk_to_announce(hand));
        Some(OpenPosition { position, map, seats: SEATS, announce })
    }

    /// Point games and solos are two sides against each other: one objective serves every seat
    /// (the defenders minimise it).
    fn objective(hand: &Hand<Tachentige>, open: &OpenPosition, _perspective: Seat) -> Objective {
        Self::declarer_objective(hand, open)
    }

    fn declarer_objective(hand: &Hand<Tachentige>, open: &OpenPosition) -> Objective {
        let game = hand.game();
        let config = hand.config();
        let table = hand.table();
        let declarer = game.declarer().unwrap_or(Seat(0));
        if let Some(Contract::Solo(solo)) = game.contract() {
            let target = match solo.game() {
                SoloGame::Praten => 0,
                SoloGame::Zwabber | SoloGame::Prive => config.tricks(),
            };
            let mut tables = [[0i16; 16]; 4];
            tables[declarer.index() & 3][target as usize] = 1;
            return Objective {
                max_side: 1 << (declarer.index() & 3),
                goal: Goal::SeatTricks(Box::new(SeatTables { tables, first_trick: None })),
                base: 0,
            };
        }
        let trump = game.trump();
        let side: Vec<Seat> = [game.declarer(), game.partner()].into_iter().flatten().collect();
        let deck = Tachentige::deck(config);
        let mut card = [0i16; 64];
        for real in deck.iter() {
            if let Some(solver) = open.map.solver(real) {
                card[solver as usize] = brabant::card_points(real, trump) as i16;
            }
        }
        let won = side.iter().fold(CardSet::EMPTY, |cards, &seat| cards.union(table.won(seat)));
        let in_hands = SEATS.iter().fold(CardSet::EMPTY, |cards, &seat| cards.union(table.hand(seat)));
        // The hidden pile (discards or the unseen stok): what is neither played nor held.
        let hidden = brabant::points(deck.difference(table.played()).difference(in_hands), trump) as i32;
        let mut roem = game.standing_roem_value(config) as i32;
        if config.roem && (game.stuk_announced() || open.announce != 0) {
            roem += Combo::Stuk(trump.unwrap_or(Suit::Hearts)).value(config.roem_table()) as i32;
        }
        let (mut any_trick, mut all_tricks) = (roem, ALL_TRICKS as i32);
        match game.stok() {
            StokChoice::Taken => any_trick += hidden,
            StokChoice::Left => all_tricks += hidden,
            StokChoice::NoStok | StokChoice::Undecided => {}
        }
        Objective {
            max_side: side.iter().fold(0, |mask, seat| mask | 1 << (seat.index() & 3)),
            goal: Goal::Points(Box::new(PointRules {
                card,
                last_trick: LAST_TRICK as i16,
                any_trick: any_trick.clamp(0, i16::MAX as i32) as i16,
                all_tricks: all_tricks as i16,
                marriages: false,
            })),
            base: brabant::points(won, trump) as i32,
        }
    }

    /// Point games (6.2, 6.4): the score is `round_decl(raw_d) + B + Rm - bid`, and with the
    /// all-tricks bonus and roem multiples of ten, `round_decl` of the whole value, which steps
    /// where its last digit reaches 5: thresholds `10k + 5`. Solos: 1 (made).
    fn declarer_thresholds(hand: &Hand<Tachentige>, _open: &OpenPosition) -> Vec<i32> {
        match hand.game().contract() {
            Some(Contract::Solo(_)) => vec![1],
            _ => ten_point_steps(5),
        }
    }

    fn action(open: &OpenPosition, mv: Move) -> TachentigeAction {
        let card = open.map.card(mv.card());
        if open.announce & bit(mv.card()) != 0 {
            TachentigeAction::PlayStuk(card)
        } else {
            TachentigeAction::Play(card)
        }
    }
}

impl crate::cheating::OpenDecisions for Tachentige {
    /// Outside card play the open bot decides as the baseline does from its seat's view
    /// (auction, the closing round's choice, stok, discard, trump), so that an arena run of the
    /// open bot against the baseline measures what seeing every card is worth in play, not a
    /// different bidding style. Seeing every card, it calls the card whose holder has the most
    /// trumps (then card points); in trick 1 it shows every combination the declaring side may
    /// and rejects every one a defender may. Never the host's stop.
    fn decide_open(
        hand: &Hand<Tachentige>,
        _solver: &mut crate::solver::Solver,
        legal: &[TachentigeAction],
    ) -> Option<TachentigeAction> {
        let ToAct::Seat(seat) = hand.to_act() else { return None };
        let game = hand.game();
        let table = hand.table();
        let first = |keep: fn(&TachentigeAction) -> bool| legal.iter().copied().find(keep);
        match game.phase() {
            Phase::Auction | Phase::Choice | Phase::Stok | Phase::Discard | Phase::Trump => {
                Some(crate::cheating::baseline_choice(hand, seat))
            }
            Phase::Call => {
                let trump = game.trump();
                legal.iter().copied().filter(|action| matches!(action, TachentigeAction::Call(_))).max_by_key(
                    |action| {
                        let TachentigeAction::Call(card) = action else { return (0, 0) };
                        match SEATS.iter().find(|&&holder| table.hand(holder).contains(*card)) {
                            Some(&holder) => {
                                let cards = table.hand(holder);
                                (1 + trump.map_or(0, |suit| cards.of_suit(suit).len()), brabant::points(cards, trump))
                            }
                            None => (0, 0),
                        }
                    },
                )
            }
            Phase::Play => first(|action| matches!(action, TachentigeAction::Show(_)))
                .or_else(|| first(|action| matches!(action, TachentigeAction::Reject(_))))
                .or_else(|| first(|action| *action == TachentigeAction::NoReject))
                .or_else(|| first(|action| matches!(action, TachentigeAction::Play(_)))),
            Phase::Over(_) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{CheatingBot, OpenBot};
    use rand::seq::SliceRandom;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;
    use troef_core::ConfigValues;

    /// Four open bots play whole hands (bidding as the baseline does, from 80): every action
    /// legal, never the host's stop, most deals a contract, the roem shown and the stuk
    /// announced whenever the declaring side could.
    #[test]
    fn open_bots_play_whole_hands_and_take_their_roem() {
        let values = ConfigValues::validate(Tachentige::config_keys(), [("min_bid", "80")]).unwrap();
        let config = Tachentige::config(&values);
        let mut played = 0;
        let mut bots: Vec<OpenBot> = (0..4).map(|_| OpenBot::new()).collect();
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let (mut stuks, mut shows) = (0, 0);
        for _ in 0..10 {
            let mut deck: Vec<Card> = Tachentige::deck(&config).iter().collect();
            deck.shuffle(&mut rng);
            let dealer = Seat(rng.gen_range(0..4));
            let scores = Tachentige::new_scores(&config);
            let mut hand = Hand::<Tachentige>::from_deck(config, dealer, &scores, &deck).unwrap();
            let mut stuk_held = false;
            while let ToAct::Seat(seat) = hand.to_act() {
                if Tachentige::open_position(&hand).is_some_and(|open| open.announce != 0) {
                    stuk_held = true;
                }
                let action = bots[seat.index()].choose_open(&hand, &scores, &mut rng);
                assert_ne!(action, TachentigeAction::Stop);
                shows += usize::from(matches!(action, TachentigeAction::Show(_)));
                hand.apply(seat, action).expect("the open bot's action is legal");
            }
            let outcome = hand.outcome().expect("over");
            played += usize::from(outcome.contract.is_some());
            assert_eq!(outcome.stuk, stuk_held, "the stuk is announced exactly when held");
            stuks += usize::from(outcome.stuk);
        }
        assert!(played >= 5, "only {played} of 10 deals had a contract");
        assert!(shows > 0 && stuks > 0, "roem was shown ({shows}) and a stuk announced ({stuks})");
    }
}

//! The baseline Tarneeb player (both rulesets).
//!
//! * **Bidding (Tarneeb).** The hand is counted in tricks with its best trump
//!   ([`trick_estimate`]); partner is credited with about three tricks (more when he holds the
//!   bid, fewer once he has passed). The bot bids the lowest legal contract the partnership's
//!   count reaches with a margin of half a trick, since a made contract scores the tricks
//!   taken, not the bid. It overbids its own partner only over his opening 7, with a hand that
//!   is clearly better as declarer (his bid already counts on its tricks, so never again). With
//!   `zon = on` a Zon bid is made when the hand counts clearly more tricks without a trump.
//! * **Bidding (400).** Every player bids for himself: the bid is the value-weighted best bet on
//!   the hand's own trick count with hearts trump (a bid of 7 or more counts double either way),
//!   never below the seat's minimum.
//! * **Trump.** The suit with the highest trick count.
//! * **Play.** The shared trick player with the partner opposite; the declaring side draws
//!   trumps.

use super::eval::trick_estimate;
use super::knowledge::Knowledge;
use super::play::{Relation, Situation};
use super::{chance_at_least, later_seats, legal_cards, legal_of, trick_cards, BaselineBot};
use crate::Bot;
use rand::RngCore;
use troef_core::games::tarneeb::{bid_value, team_of, Phase, Ruleset, Tarneeb, TarneebAction, RANK_ORDER};
use troef_core::{Card, CardSet, Game, Seat, SeatView, Suit};

/// Partner's expected tricks before he has said anything.
const PARTNER_UNKNOWN: f32 = 2.8;
/// ... once he has passed.
const PARTNER_PASSED: f32 = 2.2;
/// Safety margin under the partnership's count (measured best of -0.2 to 1.4 in duplicate
/// baseline play).
const MARGIN: f32 = 0.5;

fn next(seat: Seat) -> Seat {
    Seat((seat.0 + 3) % 4)
}

fn partner_of(seat: Seat) -> Seat {
    Seat((seat.0 + 2) % 4)
}

impl Bot<Tarneeb> for BaselineBot {
    fn name(&self) -> &'static str {
        "baseline"
    }

    fn choose(&mut self, view: &SeatView<Tarneeb>, _rng: &mut dyn RngCore) -> TarneebAction {
        let legal = legal_of(view);
        let Some(&first) = legal.first() else { return TarneebAction::Pass };
        let game = view.hand().game();
        let choice = match game.phase() {
            Phase::Auction if view.hand().config().ruleset == Ruleset::FourHundred => bid_400(view, &legal),
            Phase::Auction => bid(view, &legal),
            Phase::Trump => choose_trump(view, &legal),
            Phase::Play => play(view, &legal),
            Phase::Over(_) => None,
        };
        super::settle(choice, &legal, first)
    }
}

/// The hand's best trump and its trick count.
fn best_trump(hand: CardSet) -> (Suit, f32) {
    Suit::ALL
        .into_iter()
        .map(|suit| (suit, trick_estimate(hand, Some(suit))))
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .unwrap_or((Suit::Spades, 0.0))
}

fn bid(view: &SeatView<Tarneeb>, legal: &[TarneebAction]) -> Option<TarneebAction> {
    let seat = view.seat();
    let hand = view.hand().table().hand(seat);
    let game = view.hand().game();
    let partner = partner_of(seat);
    let (_, suited) = best_trump(hand);
    let no_trump = trick_estimate(hand, None);
    let high = game.high_bid();
    let partner_tricks = match high {
        Some((bidder, bid)) if bidder == partner => bid.tricks as f32 - PARTNER_UNKNOWN,
        _ if game.has_passed(partner) => PARTNER_PASSED,
        _ => PARTNER_UNKNOWN,
    };
    let zon_allowed = view.hand().config().zon;
    let use_zon = zon_allowed && no_trump >= suited + 0.5;
    let mine = if use_zon { no_trump } else { suited };
    let reach = mine + partner_tricks - MARGIN;
    let partner_holds = high.is_some_and(|(bidder, _)| bidder == partner);
    if partner_holds {
        // Take the bid from partner only over his opening 7 and with a hand that plays clearly
        // better as declarer (never again after that: his bid already counts on my hand).
        let (_, bid) = high?;
        if !(bid.tricks == 7 && mine >= 6.0 && reach >= 9.0) {
            return Some(TarneebAction::Pass);
        }
    }
    // The lowest legal bid the count reaches.
    let lowest = legal
        .iter()
        .filter_map(|action| match action {
            TarneebAction::Bid(bid) if bid.zon == use_zon => Some(*bid),
            _ => None,
        })
        .min_by_key(|bid| bid.key())?;
    if (lowest.tricks as f32) <= reach {
        Some(TarneebAction::Bid(lowest))
    } else {
        Some(TarneebAction::Pass)
    }
}

fn bid_400(view: &SeatView<Tarneeb>, legal: &[TarneebAction]) -> Option<TarneebAction> {
    let hand = view.hand().table().hand(view.seat());
    let mine = trick_estimate(hand, Some(Suit::Hearts));
    // The bid with the best expected value: +v(b) when made, -v(b) when not.
    legal
        .iter()
        .filter_map(|action| match action {
            TarneebAction::Bid(bid) => {
                let value = bid_value(bid.tricks) as f32;
                let made = chance_at_least(mine, 1.3, bid.tricks as f32);
                Some((value * (2.0 * made - 1.0), *action))
            }
            _ => None,
        })
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, action)| action)
}

fn choose_trump(view: &SeatView<Tarneeb>, legal: &[TarneebAction]) -> Option<TarneebAction> {
    let hand = view.hand().table().hand(view.seat());
    legal
        .iter()
        .filter_map(|action| match action {
            TarneebAction::Trump(suit) => Some((trick_estimate(hand, Some(*suit)), *action)),
            _ => None,
        })
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, action)| action)
}

fn play(view: &SeatView<Tarneeb>, legal: &[TarneebAction]) -> Option<TarneebAction> {
    let seat = view.seat();
    let hand = view.hand();
    let table = hand.table();
    let game = hand.game();
    let config = hand.config();
    let know = Knowledge::new(table, Tarneeb::deck(config), true);
    let cards = legal_cards(legal, |action| match action {
        TarneebAction::Play(card) => Some(*card),
        _ => None,
    });
    let trick = trick_cards(table);
    let later = later_seats(table, seat, 4, next);
    let led = table.trick().led.filter(|_| !table.trick().is_empty());
    let mut situation = Situation::new(&know, seat, cards, &trick, led, &later, game.trump(), RANK_ORDER);
    situation.relation[partner_of(seat).index()] = Relation::Partner;
    situation.declaring = match config.ruleset {
        Ruleset::Tarneeb => game.declarer().is_some_and(|declarer| team_of(declarer) == team_of(seat)),
        Ruleset::FourHundred => {
            let bids = game.bids();
            let ours = bids[seat.index()] as u32 + bids[partner_of(seat).index()] as u32;
            let theirs: u32 = bids.iter().map(|&bid| bid as u32).sum::<u32>() - ours;
            ours >= theirs
        }
    };
    let card: Card = situation.choose();
    Some(TarneebAction::Play(card))
}

//! The baseline Tachtigen player.
//!
//! * **Points count.** What the declarer should take with ten cards and a trump: the unbroken
//!   top of the trump suit (`J 9 A ...`) and long trumps beyond the third, aces, tens guarded by
//!   their ace, kings behind both; each such trick brings its card points and about seven
//!   captured, and long trumps likely take the last trick (9). Roem is counted with
//!   [`detect`].
//! * **Auction.** A points bid is paid on the margin over bid minus roem, not on the bid, so the
//!   bot bids the lowest legal points bid while it stays under the points it expects (the count
//!   of its best trump mapped to what declarers were measured to take with the stok and the
//!   discard still to come) plus roem and a few points (winning the auction also keeps the
//!   opponents from their contract). It bids a special contract instead when its expected
//!   payment is higher and positive: misère and piek (one ace, the rest safe) from the chance
//!   measured for their [`nullo_danger`] count after the worst cards are discarded (about three
//!   in four for a safe hand, an eighth less per dangerous card; an opened hand counts one card
//!   worse), never the praat forms nor a piek with a trump (its one trick can be ruffed);
//!   zwabbersolo with nine sure tricks; Schoppen vrouw with no high spade, at most one ace and a
//!   short suit to void, and only when the hand cannot play for points.
//! * **Declarer phase.** The discard is chosen over every legal triple: for points the best
//!   count (with trump) plus roem of the ten cards kept, for the trickless contracts the
//!   safest ten, for the all-tricks contracts the most sure tricks. The trump follows the
//!   plan (for a misère the suit the hand is shortest in). It declares all its roem, buys off
//!   when the plan falls short of the bid by clearly more than the buy-off costs, and denies
//!   roem whenever it can.
//! * **Play.** The shared trick player, declarer against the two opponents as partners, with
//!   Brabant card points (plus the last trick's 9); a trump may be played on any lead. Special
//!   contracts play for tricks: misère and piek declarers avoid tricks, their opponents push
//!   tricks onto them; in Schoppen vrouw the queen of spades is thrown onto the declarer.

use super::eval::{nullo_danger, nullo_dangerous_first};
use super::knowledge::Knowledge;
use super::play::{Aim, Relation, Situation};
use super::{later_seats, legal_cards, legal_of, trick_cards, BaselineBot};
use crate::Bot;
use rand::RngCore;
use troef_core::games::brabant::{card_points, detect, RANK_ORDER};
use troef_core::games::tachtigen::{
    Contract, Goal, Open, Phase, Special, Tachtigen, TachtigenAction, TachtigenConfig, LAST_TRICK, LOWEST_BID,
};
use troef_core::{Card, CardSet, Game, Hand, Rank, Seat, SeatView, Suit};

/// Points a won trick collects from the other two players, on average.
const CAPTURED: f32 = 7.0;
/// How far above the expected points a points bid may go: winning the auction also keeps the
/// opponents from their contract (measured in duplicate baseline play, margins from -8 to +16
/// tried; bidding a little above the expectation did best).
const OVERBID: f32 = 6.0;
/// Chance a special contract that fits the hand is made.
const SPECIAL_MAKE: f32 = 0.8;

impl Bot<Tachtigen> for BaselineBot {
    fn name(&self) -> &'static str {
        "baseline"
    }

    fn choose(&mut self, view: &SeatView<Tachtigen>, _rng: &mut dyn RngCore) -> TachtigenAction {
        let legal = legal_of(view);
        let Some(&first) = legal.first() else { return TachtigenAction::Pass };
        let choice = match view.hand().game().phase() {
            Phase::Auction => bid(view, &legal),
            Phase::BuyOff => buy_off(view),
            Phase::Discard => discard(view, &legal),
            Phase::Trump => choose_trump(view, &legal),
            Phase::Roem => declare_roem(view, &legal),
            Phase::Denial => legal.iter().copied().find(|action| matches!(action, TachtigenAction::Deny(_))),
            Phase::Play => play(view, &legal),
            Phase::Over(_) => None,
        };
        super::settle(choice, &legal, first)
    }
}

fn plain(card: Card) -> u8 {
    RANK_ORDER.strength(card, false)
}

fn value_of(card: Card) -> u8 {
    card.rank().map_or(0, Rank::value)
}

/// The declarer's expected card points (with the last trick) from `hand` with `trump`.
pub fn points_count(deck: CardSet, hand: CardSet, trump: Suit) -> f32 {
    let mut points = 0.0;
    let mut tricks = 0.0;
    // Trumps: the unbroken top, then length beyond the third.
    let mut trump_deck: Vec<Card> = deck.of_suit(trump).iter().collect();
    trump_deck.sort_by_key(|&card| std::cmp::Reverse(RANK_ORDER.strength(card, true)));
    let mine: Vec<Card> = trump_deck.iter().copied().filter(|&card| hand.contains(card)).collect();
    let top = trump_deck.iter().take_while(|&&card| hand.contains(card)).count();
    for &card in &mine[..top] {
        points += card_points(card, Some(trump)) as f32 + CAPTURED;
        tricks += 1.0;
    }
    let long = (mine.len().saturating_sub(3) as f32 * 0.8).min((mine.len() - top) as f32);
    if long > 0.0 {
        let rest: f32 = mine[top..].iter().map(|&card| card_points(card, Some(trump)) as f32).sum::<f32>()
            / (mine.len() - top) as f32;
        points += long * (rest + CAPTURED);
        tricks += long;
    }
    // Side suits: the ace, the ten behind it, the king behind both.
    for suit in Suit::ALL.into_iter().filter(|&suit| suit != trump) {
        let cards = hand.of_suit(suit);
        let has = |value: u8| cards.iter().any(|card| value_of(card) == value);
        let (ace, ten, king) = (has(14), has(10), has(13));
        if ace {
            points += 11.0 + CAPTURED;
            tricks += 1.0;
        }
        if ten {
            let p = if ace {
                0.9
            } else if cards.len() >= 3 {
                0.35
            } else {
                0.0
            };
            points += p * (10.0 + CAPTURED);
            tricks += p;
        }
        if king && ace && ten {
            points += 0.6 * (3.0 + CAPTURED);
            tricks += 0.6;
        }
    }
    let last = if mine.len() >= 4 {
        0.7
    } else if mine.len() >= 2 {
        0.35
    } else {
        0.1
    };
    points + last * LAST_TRICK as f32 + if tricks >= 9.5 { 100.0 } else { 0.0 }
}

/// The best trump for a points contract with `hand`: the suit, its points count and its roem.
fn best_points_plan(config: &TachtigenConfig, deck: CardSet, hand: CardSet) -> (Suit, f32, f32) {
    Suit::ALL
        .into_iter()
        .map(|suit| {
            let roem = detect(hand, Some(suit), config.roem_table).value(config.roem_table) as f32;
            (suit, points_count(deck, hand, suit), roem)
        })
        .max_by(|a, b| (a.1 + a.2).total_cmp(&(b.1 + b.2)))
        .unwrap_or((Suit::Spades, 0.0, 0.0))
}

/// The points a declarer takes from the count of his ten dealt cards, the stok and the discard
/// to come (measured over baseline play; the count alone is too flat).
fn expected_from_dealt(count: f32) -> f32 {
    47.0 + 0.7 * count
}

/// The points a declarer takes from the count of the ten cards he plays with.
fn expected_from_kept(count: f32) -> f32 {
    38.0 + 0.6 * count
}

/// Sure tricks without a trump: the unbroken top of each suit, and length beyond the fourth.
fn no_trump_tricks(deck: CardSet, hand: CardSet) -> f32 {
    let mut tricks = 0.0;
    for suit in Suit::ALL {
        let mut cards: Vec<Card> = deck.of_suit(suit).iter().collect();
        cards.sort_by_key(|&card| std::cmp::Reverse(plain(card)));
        let top = cards.iter().take_while(|&&card| hand.contains(card)).count();
        let length = hand.of_suit(suit).len();
        tricks += if top >= 3 { length as f32 } else { top as f32 };
    }
    tricks
}

/// The hand without its `drop` most dangerous cards for a trickless contract.
fn safest(deck: CardSet, hand: CardSet, drop: usize) -> CardSet {
    let mut kept = hand;
    for card in nullo_dangerous_first(hand, deck, plain).into_iter().take(drop) {
        kept.remove(card);
    }
    kept
}

/// Whether a hand (ten cards, or thirteen before the discard) fits a piek: safe but for one
/// ace, which takes the one trick.
fn piek_fits(deck: CardSet, hand: CardSet, slack: i32) -> bool {
    let aces: Vec<Card> =
        Suit::ALL.iter().map(|&suit| Card::new(Rank::ACE, suit)).filter(|&ace| hand.contains(ace)).collect();
    aces.len() == 1 && {
        let mut rest = hand;
        rest.remove(aces[0]);
        nullo_danger(rest, deck, plain, slack) <= 0.2
    }
}

/// The chance a trickless contract is made with a hand of this danger count (measured over
/// baseline play: about three in four for a safe hand, falling by an eighth per dangerous card).
fn nullo_chance(danger: f32) -> f32 {
    (0.74 - 0.12 * danger).clamp(0.02, 0.8)
}

/// The expected cents per opponent of a special contract with this hand; `None` when it does
/// not fit (or is not worth bidding).
fn special_value(deck: CardSet, hand: CardSet, special: Special, before_stok: bool) -> Option<f32> {
    // Praat opens every hand; a piek with a trump can lose its one sure trick to a ruff.
    if special.open() == Open::Praat || (special.goal() == Goal::ExactlyOne && special.has_trump()) {
        return None;
    }
    // An opened hand makes the defence easy: count it one dangerous card worse.
    let handicap = if special.open() == Open::Ouvert { 1.0 } else { 0.0 };
    // Before the stok, assume the stok's three cards let the worst two go.
    let kept = if before_stok { safest(deck, hand, 2) } else { hand };
    let chance = match special.goal() {
        Goal::Zero => nullo_chance(nullo_danger(kept, deck, plain, 0) + handicap),
        Goal::ExactlyOne => {
            let aces: Vec<Card> =
                Suit::ALL.iter().map(|&suit| Card::new(Rank::ACE, suit)).filter(|&ace| kept.contains(ace)).collect();
            if aces.len() != 1 {
                return None;
            }
            let mut rest = kept;
            rest.remove(aces[0]);
            // Measured: a piek is made less often than a misère of the same count.
            nullo_chance(nullo_danger(rest, deck, plain, 0) + handicap) - 0.15
        }
        Goal::AtLeastNine => {
            if no_trump_tricks(deck, hand) + if before_stok { 0.5 } else { 0.0 } >= 9.0 {
                SPECIAL_MAKE
            } else {
                return None;
            }
        }
        Goal::All => return None,
        Goal::NotQueenOfSpades => {
            let high_spade = |card: Card| card.suit() == Some(Suit::Spades) && value_of(card) >= 12;
            let short = Suit::ALL.iter().any(|&suit| suit != Suit::Spades && hand.of_suit(suit).len() <= 2);
            let aces = hand.iter().filter(|&card| value_of(card) == 14).count();
            if hand.iter().any(high_spade) || !short || aces > 1 {
                return None;
            }
            // Measured to be made about two times in three.
            0.65
        }
    };
    // Bid when the expected payment is positive.
    let value = (2.0 * chance - 1.0) * special.amount() as f32;
    (chance >= 0.5).then_some(value)
}

fn bid(view: &SeatView<Tachtigen>, legal: &[TachtigenAction]) -> Option<TachtigenAction> {
    let config = view.hand().config();
    let deck = Tachtigen::deck(config);
    let hand = view.hand().table().hand(view.seat());
    let (_, count, roem) = best_points_plan(config, deck, hand);
    let limit = expected_from_dealt(count) + roem + OVERBID;
    let mut best: Option<(f32, TachtigenAction)> = None;
    let lowest_points = legal
        .iter()
        .filter_map(|action| match action {
            TachtigenAction::Bid(Contract::Points(points)) => Some(*points),
            _ => None,
        })
        .min();
    if let Some(points) = lowest_points.filter(|&points| points as f32 <= limit) {
        // Each opponent pays a cent per ten points over the target.
        let value = (limit - points as f32) / 10.0 + 0.5;
        best = Some((value, TachtigenAction::Bid(Contract::Points(points))));
    }
    // Schoppen vrouw is the escape of a hand that cannot play for points.
    let points_hand = best.is_some_and(|(value, _)| value >= 1.0);
    for action in legal {
        if let TachtigenAction::Bid(Contract::Special(special)) = action {
            if points_hand && *special == Special::SchoppenVrouw {
                continue;
            }
            if let Some(value) = special_value(deck, hand, *special, true) {
                if best.is_none_or(|(top, _)| value > top) {
                    best = Some((value, *action));
                }
            }
        }
    }
    Some(best.map_or(TachtigenAction::Pass, |(_, action)| action))
}

/// Spread of the inference's soft bounds, in counted points.
const CALL_SPREAD: f32 = 8.0;

/// Inference for the strong bot's world sampler ([`super::call_likelihood`]), with this bot's
/// bidding as the model: the seat holding a points bid counted at least its bid from its dealt
/// hand; a seat that passed counted less than the lowest points bid then open (at most the next
/// step above the bid held). A special contract in the auction tells nothing here (its bidder's
/// hand is counted another way).
pub fn auction_likelihood(view: &SeatView<Tachtigen>, world: &Hand<Tachtigen>) -> f64 {
    let config = view.hand().config();
    let deck = Tachtigen::deck(config);
    let game = view.hand().game();
    let auction = match game.high_bid() {
        None => (None, LOWEST_BID),
        Some((bidder, Contract::Points(points))) => (Some((bidder, points)), points + 10),
        Some((_, Contract::Special(_))) => return 1.0,
    };
    super::points_auction_likelihood(
        view,
        world,
        CALL_SPREAD,
        auction,
        |seat| game.has_passed(seat),
        |dealt| {
            let (_, count, roem) = best_points_plan(config, deck, dealt);
            expected_from_dealt(count) + roem + OVERBID
        },
    )
}

/// The ten cards to keep from the declarer's thirteen and their score under the contract.
fn best_discard(
    config: &TachtigenConfig,
    deck: CardSet,
    hand: CardSet,
    contract: Contract,
    legal: &[TachtigenAction],
) -> Option<(TachtigenAction, f32)> {
    discards_scored(config, deck, hand, contract, legal).into_iter().next()
}

/// The legal discards of `view`'s declarer by the count of what he keeps, best first; the
/// strong bot weighs the best few by simulation.
pub(crate) fn discards_by_value(view: &SeatView<Tachtigen>, legal: &[TachtigenAction]) -> Vec<TachtigenAction> {
    let config = view.hand().config();
    let Some(contract) = view.hand().game().contract() else { return Vec::new() };
    let hand = view.hand().table().hand(view.seat());
    discards_scored(config, Tachtigen::deck(config), hand, contract, legal)
        .into_iter()
        .map(|(action, _)| action)
        .collect()
}

/// Every legal discard with its count, best first (of equal ones the last in legal order,
/// as the single best pick always took).
fn discards_scored(
    config: &TachtigenConfig,
    deck: CardSet,
    hand: CardSet,
    contract: Contract,
    legal: &[TachtigenAction],
) -> Vec<(TachtigenAction, f32)> {
    let mut scored: Vec<(TachtigenAction, f32)> = legal
        .iter()
        .filter_map(|action| {
            let TachtigenAction::Discard(cards) = action else { return None };
            let mut kept = hand;
            for card in cards {
                kept.remove(*card);
            }
            // The discards' points are the opponents' (a small tie-break against throwing them).
            let thrown: f32 = cards.iter().map(|&card| card_points(card, None) as f32).sum::<f32>() * 0.3;
            let score = -thrown
                + match contract {
                    Contract::Points(_) => {
                        let (_, count, roem) = best_points_plan(config, deck, kept);
                        count + roem
                    }
                    Contract::Special(special) => match special.goal() {
                        Goal::Zero => -nullo_danger(kept, deck, plain, 0) * 10.0 - danger_of_aces(kept),
                        Goal::ExactlyOne => {
                            let fit = piek_fits(deck, kept, 0) as i32 as f32 * 10.0;
                            fit - nullo_danger(kept, deck, plain, 0)
                        }
                        Goal::AtLeastNine | Goal::All => no_trump_tricks(deck, kept),
                        Goal::NotQueenOfSpades => {
                            // Void a short suit and shed the high spades.
                            let voids = Suit::ALL.iter().filter(|&&suit| !kept.has_suit(suit)).count() as f32;
                            let high_spades = kept
                                .of_suit(Suit::Spades)
                                .iter()
                                .filter(|&c| plain(c) > plain(Card::new(Rank::QUEEN, Suit::Spades)))
                                .count() as f32;
                            voids * 2.0 - high_spades * 3.0
                        }
                    },
                };
            Some((*action, score))
        })
        .collect();
    scored.reverse();
    scored.sort_by(|a, b| b.1.total_cmp(&a.1));
    scored
}

/// A small tie-break for trickless hands: fewer aces kept.
fn danger_of_aces(hand: CardSet) -> f32 {
    hand.iter().filter(|&card| value_of(card) == 14).count() as f32 * 0.1
}

fn buy_off(view: &SeatView<Tachtigen>) -> Option<TachtigenAction> {
    let config = view.hand().config();
    let deck = Tachtigen::deck(config);
    let game = view.hand().game();
    let hand = view.hand().table().hand(view.seat());
    let Some(Contract::Points(bid)) = game.contract() else { return Some(TachtigenAction::Play) };
    // The best ten of the thirteen, ignoring the discard's legality (every triple is legal in a
    // points contract).
    let cards: Vec<Card> = hand.iter().collect();
    let mut best = f32::MIN;
    for a in 0..cards.len() {
        for b in a + 1..cards.len() {
            for c in b + 1..cards.len() {
                let mut kept = hand;
                kept.remove(cards[a]);
                kept.remove(cards[b]);
                kept.remove(cards[c]);
                let (_, count, roem) = best_points_plan(config, deck, kept);
                best = best.max(expected_from_kept(count) + roem);
            }
        }
    }
    let shortfall = bid as f32 - best;
    let expected_cost = if shortfall > 0.0 { ((shortfall - 3.0) / 10.0).ceil() } else { 0.0 };
    Some(if expected_cost > config.buyoff_cost_ct as f32 { TachtigenAction::BuyOff } else { TachtigenAction::Play })
}

fn discard(view: &SeatView<Tachtigen>, legal: &[TachtigenAction]) -> Option<TachtigenAction> {
    let config = view.hand().config();
    let deck = Tachtigen::deck(config);
    let contract = view.hand().game().contract()?;
    let hand = view.hand().table().hand(view.seat());
    best_discard(config, deck, hand, contract, legal).map(|(action, _)| action)
}

fn choose_trump(view: &SeatView<Tachtigen>, legal: &[TachtigenAction]) -> Option<TachtigenAction> {
    let config = view.hand().config();
    let deck = Tachtigen::deck(config);
    let hand = view.hand().table().hand(view.seat());
    let suit = match view.hand().game().contract()? {
        Contract::Points(_) => best_points_plan(config, deck, hand).0,
        Contract::Special(special) => match special.goal() {
            // Trickless: the suit the hand is shortest in, so its trumps cannot be forced.
            Goal::Zero | Goal::ExactlyOne => Suit::ALL
                .into_iter()
                .min_by_key(|&suit| (hand.of_suit(suit).len(), hand.of_suit(suit).iter().map(plain).max().unwrap_or(0)))
                .unwrap_or(Suit::Clubs),
            _ => Suit::ALL.into_iter().max_by_key(|&suit| hand.of_suit(suit).len()).unwrap_or(Suit::Clubs),
        },
    };
    Some(TachtigenAction::Trump(suit)).filter(|action| legal.contains(action))
}

fn declare_roem(view: &SeatView<Tachtigen>, legal: &[TachtigenAction]) -> Option<TachtigenAction> {
    let table = view.hand().config().roem_table;
    legal
        .iter()
        .filter_map(|action| match action {
            TachtigenAction::Roem(roem) => Some((roem.value(table), *action)),
            _ => None,
        })
        .max_by_key(|(value, _)| *value)
        .map(|(_, action)| action)
}

fn play(view: &SeatView<Tachtigen>, legal: &[TachtigenAction]) -> Option<TachtigenAction> {
    let seat = view.seat();
    let hand = view.hand();
    let table = hand.table();
    let game = hand.game();
    let trump = game.trump();
    // A player may trump while holding the led suit, so not following proves no void.
    let know = Knowledge::new(table, Tachtigen::deck(hand.config()), trump.is_none());
    let cards = legal_cards(legal, |action| match action {
        TachtigenAction::Card(card) => Some(*card),
        _ => None,
    });
    let trick = trick_cards(table);
    let later = later_seats(table, seat, 3, |seat| Seat((seat.0 + 1) % 3));
    let led = table.trick().led.filter(|_| !table.trick().is_empty());
    let mut situation = Situation::new(&know, seat, cards, &trick, led, &later, trump, RANK_ORDER);
    situation.trump_anytime = trump.is_some();
    let declarer = game.declarer().unwrap_or(seat);
    let declaring = declarer == seat;
    for other in (0..3).map(Seat).filter(|&other| other != seat) {
        situation.relation[other.index()] =
            if declaring || other == declarer { Relation::Opponent } else { Relation::Partner };
    }
    situation.declaring = declaring;
    let queen = Card::new(Rank::QUEEN, Suit::Spades);
    match game.contract() {
        Some(Contract::Points(_)) | None => {
            for card in know.deck.iter() {
                situation.points[card.index()] = card_points(card, trump) as f32;
            }
            situation.trick_worth = if table.trick_index() == 9 { 1.0 + LAST_TRICK as f32 } else { 1.0 };
        }
        Some(Contract::Special(special)) => {
            let won = table.tricks_won(declarer);
            situation.aim = match (special.goal(), declaring) {
                (Goal::Zero, true) => Aim::Lose,
                (Goal::ExactlyOne, true) if won == 0 => Aim::WinOnce,
                (Goal::ExactlyOne, true) => Aim::Lose,
                (Goal::NotQueenOfSpades, true) => Aim::Lose,
                (Goal::Zero | Goal::ExactlyOne | Goal::NotQueenOfSpades, false) => Aim::Feed(declarer.bit()),
                (Goal::AtLeastNine | Goal::All, _) => Aim::Win,
            };
            if special.goal() == Goal::NotQueenOfSpades {
                situation.penalty = Some(queen);
            }
        }
    }
    Some(TachtigenAction::Card(situation.choose()))
}

//! The baseline Tysiacha (Thousand) player.
//!
//! * **Hand count.** Points the hand should take as declarer: each suit's unbroken run from the
//!   ace (A, then T, K, ...) counts as tricks worth their card points plus about five captured;
//!   a guarded ten without the ace a third of that; the best marriage its value (half when the
//!   hand has no ace to win the lead it needs before declaring), each further one half the
//!   share of the one before (it needs the lead again); a long marriage suit (the trump to be)
//!   some more per card beyond the third. Before the talon the count is mapped to what
//!   declarers were measured to take with such hands (the talon, the lead and the pass add
//!   about forty points to a weak hand, less to a strong one).
//! * **Auction.** The forced opening is the lowest bid; afterwards the bot raises by one step
//!   while the count, less 35 points, covers it (a failed contract costs twice what a made one
//!   gains over defending). It never bids past what would overshoot the
//!   target, and on the barrel never above 120 (only a contract of exactly 120 wins there).
//! * **Talon and pass.** Of the ten cards it keeps the best eight by the count, giving away low
//!   cards: never an ace or ten when it can help, and not a king or queen whose partner card may
//!   be out (it could complete a defender's marriage).
//! * **Contract.** The bid, raised to what the eight cards count less 40 points (to exactly 120
//!   on the barrel). Rospisat' costs as much as a failed contract, so it concedes only when the
//!   concession is free (`rospisat_cost = every_third`) and the hand is clearly short.
//! * **Play.** A player on lead after the first trick who holds a marriage first cashes his sure
//!   winners of other suits while no trump exists (nothing can ruff them yet), then declares his
//!   most valuable marriage, leading its queen. Otherwise the shared trick player counts card points: the
//!   declarer against two defenders, who play as partners (no overtaking each other); a marriage
//!   card is kept until it can be declared.
//! * Decision: the two defenders cooperate against the declarer (the spec says they usually do)
//!   although each scores only his own points: a defender does not overtake the other, and
//!   throws low cards rather than points onto the other's trick.
//! * **Four nines.** The holder redeals unless he is the declarer with a contract his cards
//!   cover.

use super::knowledge::Knowledge;
use super::play::{Relation, Situation};
use super::{later_seats, legal_cards, legal_of, trick_cards, BaselineBot};
use crate::Bot;
use rand::RngCore;
use troef_core::games::tysiacha::{
    card_points, marriage_value, Phase, Tysiacha, TysiachaAction, TysiachaConfig, TysiachaScores, ORDER,
};
use troef_core::{Card, CardSet, Game, Rank, Seat, SeatView, Suit};

/// Points a trick won by a top card collects from the other two players, on average.
const CAPTURED: f32 = 5.0;
/// Safety margin of bids and of raises after the talon: a failed contract costs twice what
/// a made one brings over passing. Measured in duplicate baseline play (bids 0 to 45 and raises
/// 0 to 60 tried; these were best).
const BID_MARGIN: f32 = 35.0;
const RAISE_MARGIN: f32 = 40.0;
/// Margin of the other decisions (a concession, the barrel's 120).
const MARGIN: f32 = 10.0;

impl Bot<Tysiacha> for BaselineBot {
    fn name(&self) -> &'static str {
        "baseline"
    }

    fn choose(&mut self, view: &SeatView<Tysiacha>, _rng: &mut dyn RngCore) -> TysiachaAction {
        let legal = legal_of(view);
        let Some(&first) = legal.first() else { return TysiachaAction::Pass };
        let choice = match view.hand().game().phase() {
            Phase::Auction => bid(view, &legal),
            Phase::BeforeTalon => before_talon(view, &legal),
            Phase::Decision => decide_contract(view, &legal),
            Phase::Pass => give(view, &legal),
            Phase::FourNines => four_nines(view, &legal),
            Phase::Play => play(view, &legal),
            Phase::Over(_) => None,
        };
        super::settle(choice, &legal, first)
    }
}

fn rank_of(card: Card) -> u8 {
    card.rank().map_or(0, Rank::value)
}

/// The points `hand` should take as declarer (see the module doc).
pub fn hand_count(hand: CardSet) -> f32 {
    // Ranks from the top: A T K Q J 9.
    const TOP_DOWN: [u8; 6] = [14, 10, 13, 12, 11, 9];
    let mut points = 0.0;
    let mut sure_tricks = 0;
    let mut marriages: Vec<(f32, usize)> = Vec::new();
    for suit in Suit::ALL {
        let cards = hand.of_suit(suit);
        let has = |value: u8| cards.iter().any(|card| rank_of(card) == value);
        let mut run = 0;
        for value in TOP_DOWN {
            if !has(value) {
                break;
            }
            run += 1;
            points +=
                card_points(CardSet::single(Card::new(Rank::new(value).unwrap_or(Rank::NINE), suit))) as f32 + CAPTURED;
        }
        sure_tricks += run;
        if run == 0 && has(10) && cards.len() >= 2 {
            points += (10.0 + CAPTURED) / 3.0;
        }
        if has(13) && has(12) {
            marriages.push((marriage_value(suit) as f32, cards.len()));
        }
    }
    // Each declaration needs the lead again: the first is near sure with a trick to win the
    // lead, every further one much less so.
    marriages.sort_by(|a, b| b.0.total_cmp(&a.0));
    let mut share = if sure_tricks > 0 { 1.0 } else { 0.5 };
    for &(value, _) in &marriages {
        points += value * share;
        share *= 0.5;
    }
    if let Some(&(_, length)) = marriages.first() {
        points += length.saturating_sub(3) as f32 * 8.0;
    }
    points
}

/// The points a declarer takes from a seven-card count once the talon is in (measured over
/// baseline play: the talon, the lead and the pass are worth about forty points to a weak
/// hand and less to a strong one).
fn with_talon(count: f32) -> f32 {
    40.0 + 0.9 * count.min(120.0) + 0.4 * (count - 120.0).max(0.0)
}

/// Counts above 160 have been found optimistic by about a third of the excess.
fn playing_estimate(count: f32) -> f32 {
    count.min(160.0) + 0.65 * (count - 160.0).max(0.0)
}

/// The most this seat should contract for in this match state: a made contract above the
/// target overshoots (to the reset value), and on the barrel only 120 wins.
pub(crate) fn contract_ceiling(config: &TysiachaConfig, scores: &TysiachaScores, seat: Seat) -> u16 {
    let state = scores.seat[seat.index()];
    if config.barrel && state.on_barrel {
        return 120;
    }
    if config.barrel && !config.win_reach {
        let room = config.target - state.score;
        if (100..400).contains(&room) {
            return room as u16;
        }
    }
    400
}

fn bid(view: &SeatView<Tysiacha>, legal: &[TysiachaAction]) -> Option<TysiachaAction> {
    let seat = view.seat();
    let hand = view.hand().table().hand(seat);
    let config = view.hand().config();
    let count = with_talon(hand_count(hand));
    let ceiling = contract_ceiling(config, view.scores(), seat);
    let lowest = legal
        .iter()
        .filter_map(|action| match action {
            TysiachaAction::Bid(value) => Some(*value),
            _ => None,
        })
        .min()?;
    let forced = !legal.contains(&TysiachaAction::Pass);
    if forced || (lowest as f32 <= count - BID_MARGIN && lowest <= ceiling) {
        Some(TysiachaAction::Bid(lowest))
    } else {
        Some(TysiachaAction::Pass)
    }
}

/// Whether a concession now would cost nothing (`rospisat_cost = every_third`).
fn free_concession(config: &TysiachaConfig, scores: &TysiachaScores, seat: Seat) -> bool {
    config.rospisat_every_third && (scores.seat[seat.index()].rospisats + 1) % 3 != 0
}

fn before_talon(view: &SeatView<Tysiacha>, _legal: &[TysiachaAction]) -> Option<TysiachaAction> {
    let seat = view.seat();
    let count = with_talon(hand_count(view.hand().table().hand(seat)));
    let bid = view.hand().game().high_bid() as f32;
    if free_concession(view.hand().config(), view.scores(), seat) && count < bid - 2.0 * MARGIN {
        Some(TysiachaAction::Rospisat)
    } else {
        Some(TysiachaAction::Take)
    }
}

/// The cost of handing `card` to a defender: its points (he will likely take them) and the
/// chance it completes a marriage of his.
fn give_cost(card: Card, hand: CardSet, gone: CardSet) -> f32 {
    let points = card_points(CardSet::single(card)) as f32;
    let suit = card.suit().unwrap_or(Suit::Clubs);
    let partner = match rank_of(card) {
        13 => Some(Card::new(Rank::QUEEN, suit)),
        12 => Some(Card::new(Rank::KING, suit)),
        _ => None,
    };
    let marriage_risk = match partner {
        Some(other) if !hand.contains(other) && !gone.contains(other) => marriage_value(suit) as f32 * 0.3,
        _ => 0.0,
    };
    points * 0.7 + marriage_risk
}

/// The best two cards to give away from `hand` (ten cards) and the count of the eight kept.
fn best_gift(hand: CardSet, gone: CardSet) -> ([Card; 2], f32) {
    gifts_by_value(hand, gone).into_iter().next().unwrap_or(([Card::JOKER; 2], f32::MIN))
}

/// The `count` best pairs of cards to give away from `hand`, best first (the strong bot weighs
/// them by simulation).
pub(crate) fn best_gifts(hand: CardSet, gone: CardSet, count: usize) -> Vec<[Card; 2]> {
    gifts_by_value(hand, gone).into_iter().take(count).map(|(pair, _)| pair).collect()
}

/// Every pair of cards of `hand` to give away, with the count of the cards kept less what the
/// pair gives the defenders, best first (the first of equal pairs in the hand's order).
fn gifts_by_value(hand: CardSet, gone: CardSet) -> Vec<([Card; 2], f32)> {
    let cards: Vec<Card> = hand.iter().collect();
    let mut pairs = Vec::with_capacity(cards.len() * cards.len() / 2);
    for (i, &first) in cards.iter().enumerate() {
        for &second in &cards[i + 1..] {
            let mut kept = hand;
            kept.remove(first);
            kept.remove(second);
            let value = hand_count(kept) - give_cost(first, kept, gone) - give_cost(second, kept, gone);
            pairs.push(([first, second], value));
        }
    }
    // Stable: equal values keep the hand's order, as the single best pick always did.
    pairs.sort_by(|a, b| b.1.total_cmp(&a.1));
    pairs
}

/// The count of the cards the declarer will play with: the eight kept after the best gift, or
/// the hand itself when nothing is given (`talon_distribution = one_each`).
fn playing_count(view: &SeatView<Tysiacha>) -> f32 {
    let seat = view.seat();
    let table = view.hand().table();
    let hand = table.hand(seat);
    if hand.len() > 8 {
        let (gift, _) = best_gift(hand, table.played());
        let mut kept = hand;
        kept.remove(gift[0]);
        kept.remove(gift[1]);
        playing_estimate(hand_count(kept))
    } else {
        playing_estimate(hand_count(hand))
    }
}

fn decide_contract(view: &SeatView<Tysiacha>, legal: &[TysiachaAction]) -> Option<TysiachaAction> {
    let seat = view.seat();
    let config = view.hand().config();
    let bid = view.hand().game().high_bid();
    let count = playing_count(view);
    if legal.contains(&TysiachaAction::Rospisat)
        && free_concession(config, view.scores(), seat)
        && count < bid as f32 - 1.5 * MARGIN
    {
        return Some(TysiachaAction::Rospisat);
    }
    let ceiling = contract_ceiling(config, view.scores(), seat);
    let state = view.scores().seat[seat.index()];
    let contracts = legal.iter().filter_map(|action| match action {
        TysiachaAction::Contract(value) => Some(*value),
        _ => None,
    });
    if config.barrel && state.on_barrel && bid <= 120 && legal.contains(&TysiachaAction::Contract(120)) {
        // Only exactly 120 wins from the barrel.
        if count >= 120.0 - MARGIN {
            return Some(TysiachaAction::Contract(120));
        }
    }
    let raised =
        contracts.filter(|&value| value <= ceiling && value as f32 <= count - RAISE_MARGIN).max().unwrap_or(bid);
    Some(TysiachaAction::Contract(raised.max(bid)))
}

fn give(view: &SeatView<Tysiacha>, legal: &[TysiachaAction]) -> Option<TysiachaAction> {
    let table = view.hand().table();
    let (gift, _) = best_gift(table.hand(view.seat()), table.played());
    // Which defender gets which card hardly matters: each keeps it.
    legal
        .iter()
        .copied()
        .find(|action| matches!(action, TysiachaAction::Give { cards, .. } if *cards == [gift[0], gift[1]]))
}

fn four_nines(view: &SeatView<Tysiacha>, _legal: &[TysiachaAction]) -> Option<TysiachaAction> {
    let game = view.hand().game();
    let declarer = game.declarer() == Some(view.seat());
    let count = playing_estimate(hand_count(view.hand().table().hand(view.seat())));
    if declarer && count >= game.contract() as f32 {
        Some(TysiachaAction::PlayOn)
    } else {
        Some(TysiachaAction::Redeal)
    }
}

fn play(view: &SeatView<Tysiacha>, legal: &[TysiachaAction]) -> Option<TysiachaAction> {
    let seat = view.seat();
    let hand = view.hand();
    let table = hand.table();
    let game = hand.game();
    let mine = table.hand(seat);
    let know = Knowledge::new(table, Tysiacha::deck(hand.config()), true);
    // On lead with a marriage: first cash the sure winners of other suits while no trump exists
    // (nothing can ruff them yet), then declare the most valuable marriage, leading its queen.
    let declaration = legal
        .iter()
        .filter_map(|action| match action {
            TysiachaAction::Play { card, marriage: true } if rank_of(*card) == 12 => {
                Some((marriage_value(card.suit().unwrap_or(Suit::Clubs)), *action))
            }
            _ => None,
        })
        .max_by_key(|(value, _)| *value);
    if let Some((_, declare)) = declaration {
        let outside = know.outside(seat);
        let married =
            |suit: Suit| mine.contains(Card::new(Rank::KING, suit)) && mine.contains(Card::new(Rank::QUEEN, suit));
        let master = |card: Card| {
            let suit = card.suit().unwrap_or(Suit::Clubs);
            !outside.of_suit(suit).iter().any(|other| ORDER.strength(other, false) > ORDER.strength(card, false))
        };
        let cash = mine.iter().find(|&card| !married(card.suit().unwrap_or(Suit::Clubs)) && master(card));
        return Some(match cash {
            Some(card) if game.trump().is_none() => TysiachaAction::Play { card, marriage: false },
            _ => declare,
        });
    }
    let cards = legal_cards(legal, |action| match action {
        TysiachaAction::Play { card, marriage: false } => Some(*card),
        _ => None,
    });
    let trick = trick_cards(table);
    let later = later_seats(table, seat, 3, |seat| game.next_active(seat));
    let led = table.trick().led.filter(|_| !table.trick().is_empty());
    let mut situation = Situation::new(&know, seat, cards, &trick, led, &later, game.trump(), ORDER);
    let declarer = game.declarer();
    for other in game.active() {
        if other != seat && declarer != Some(seat) && declarer != Some(other) {
            situation.relation[other.index()] = Relation::Partner;
        }
    }
    situation.declaring = declarer == Some(seat);
    for card in know.deck.iter() {
        situation.points[card.index()] = card_points(CardSet::single(card)) as f32;
    }
    situation.trick_worth = 2.0;
    // Measured in duplicate baseline play: counting a quarter (not half) of the others' points as
    // what a kept winner brings in plays better here.
    situation.capture_share = 0.25;
    // Each defender keeps his own points: none thrown onto the other's trick.
    situation.points_shared = false;
    for suit in Suit::ALL {
        let (king, queen) = (Card::new(Rank::KING, suit), Card::new(Rank::QUEEN, suit));
        if mine.contains(king) && mine.contains(queen) {
            let bonus = marriage_value(suit) as f32 * 0.5;
            situation.keep_bonus[king.index()] = bonus;
            situation.keep_bonus[queen.index()] = bonus;
        }
    }
    let card = situation.choose();
    Some(TysiachaAction::Play { card, marriage: false })
}

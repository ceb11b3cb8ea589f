//! The baseline Tachentige player.
//!
//! * **Points count.** What a declaring side takes in a point game is counted the Brabant way:
//!   the unbroken top of the trump suit (`J 9 A ...`) and trumps beyond the third, aces, tens
//!   behind their ace, kings behind both; each such trick brings its own card points and what
//!   the three others drop on it. The called partner brings on average the called ace and a
//!   quarter of the rest ([`PARTNER_SHARE`]). Roem is what the hand can show ([`detect`]), less
//!   a share for the rejections the defenders may answer with.
//! * **Auction.** A point game pays `R_d + bonus + roem − bid` to each of the declaring side, so
//!   the bot bids the lowest legal point bid while its expected total stays above it; a solo
//!   pays three times its value, so it bids one when the chance of making it is clearly better
//!   than even: privé and zwabber with as many sure tricks as there are tricks, praten with a
//!   hand whose every card is safe (the hands are opened, so the defence is perfect). It bids the
//!   `...z` form (stok left, higher value) when the hand makes it alone.
//! * **Declarer phase.** It leaves the stok unseen only when the hand makes the bid with a wide
//!   margin without it (the score is doubled, both ways); the discard is chosen over every legal
//!   set by the count of the cards kept plus the points discarded (they come back to the
//!   declaring side once it takes a trick); the trump is the best count with roem, the called
//!   ace the one of the suit whose ten or king it protects. The blind declarer of a closing round
//!   has nothing to count and takes the first legal choice.
//! * **Trick 1.** The declaring side shows every combination it may (a rejected one costs
//!   nothing), the defenders reject whatever they can, and the stuk is announced whenever it can
//!   be.
//! * **Play.** The shared trick player of [`super::play`] with Brabant card points (and the last
//!   trick's 5): declarer and partner against the two defenders, a trump playable on any lead.
//!   A praten soloist avoids tricks and his opponents push them onto him; privé and zwabber play
//!   for every trick on both sides (one trick beats the soloist).

use super::eval::{nullo_danger, nullo_dangerous_first};
use super::knowledge::Knowledge;
use super::play::{Aim, Relation, Situation};
use super::{later_seats, legal_cards, legal_of, trick_cards, BaselineBot};
use crate::Bot;
use rand::RngCore;
use troef_core::games::brabant::{card_points, detect, RANK_ORDER};
use troef_core::games::tachentige::{
    next, Contract, Phase, Solo, SoloGame, Tachentige, TachentigeAction, TachentigeConfig, CLOSING_BID,
};
use troef_core::{Card, CardSet, Game, Hand, Rank, Seat, SeatView, Suit};

/// Card points a won trick collects from the three other players, on average (the deck holds
/// 141 card points in 28 cards dealt: about five a card).
const CAPTURED: f32 = 12.0;
/// What the called partner adds to the declaring side's raw points: the called ace and its
/// trick, and his share of the rest.
const PARTNER_SHARE: f32 = 32.0;
/// The share of the roem the hand can show that survives the defenders' rejections.
const ROEM_KEPT: f32 = 0.8;
/// How far the expected total must pass the bid before the stok is left unseen (the score is
/// doubled both ways, and the stok's points go to the defenders unless every trick is won).
const LEAVE_MARGIN: f32 = 40.0;
/// The chance a solo is made when the count says it is (sure tricks, or every card safe).
const SOLO_MAKE: f32 = 0.8;
/// How much better a solo must look than the point game before the type-3 closing round
/// declarer prefers it.
const SOLO_PREFERENCE: f32 = 20.0;

impl Bot<Tachentige> for BaselineBot {
    fn name(&self) -> &'static str {
        "baseline"
    }

    fn choose(&mut self, view: &SeatView<Tachentige>, _rng: &mut dyn RngCore) -> TachentigeAction {
        let legal = legal_of(view);
        // The host's stop is a person's decision, never a bot's.
        let first = legal.iter().copied().find(|action| *action != TachentigeAction::Stop);
        let Some(first) = first.or_else(|| legal.first().copied()) else { return TachentigeAction::Pass };
        let choice = match view.hand().game().phase() {
            Phase::Auction => bid(view, &legal),
            Phase::Choice => closing_choice(view, &legal),
            Phase::Stok => stok(view, &legal),
            Phase::Discard => discard(view, &legal),
            Phase::Trump => choose_trump(view, &legal),
            Phase::Call => call(view, &legal),
            Phase::Play => trick_one_roem(&legal).or_else(|| play(view, &legal)),
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

/// The card points and sure tricks of `hand` with `trump` (`None`: zwabber) for the declarer
/// alone: the points his own tricks bring, and how many of them are sure.
fn own_count(deck: CardSet, hand: CardSet, trump: Option<Suit>) -> (f32, f32) {
    let mut points = 0.0;
    let mut sure = 0.0;
    if let Some(trump) = trump {
        let mut trump_deck: Vec<Card> = deck.of_suit(trump).iter().collect();
        trump_deck.sort_by_key(|&card| std::cmp::Reverse(RANK_ORDER.strength(card, true)));
        let mine: Vec<Card> = trump_deck.iter().copied().filter(|&card| hand.contains(card)).collect();
        let top = trump_deck.iter().take_while(|&&card| hand.contains(card)).count();
        for &card in &mine[..top] {
            points += card_points(card, Some(trump)) as f32 + CAPTURED;
        }
        sure += top as f32;
        // Trumps beyond the third take tricks once the others' trumps are drawn; the ones
        // below an unbroken top are worth about half a trick each.
        let rest = mine.len() - top;
        let long = (mine.len().saturating_sub(3) as f32 * 0.8).min(rest as f32);
        let rest_points: f32 = mine[top..].iter().map(|&card| card_points(card, Some(trump)) as f32).sum();
        if rest > 0 {
            points += (long + (rest as f32 - long) * 0.3) * (rest_points / rest as f32 + CAPTURED);
        }
        if long >= 1.0 && top >= 2 {
            // Drawn trumps make the long ones sure.
            sure += long.floor();
        }
    }
    for suit in Suit::ALL.into_iter().filter(|&suit| Some(suit) != trump) {
        let cards = hand.of_suit(suit);
        let mut suit_deck: Vec<Card> = deck.of_suit(suit).iter().collect();
        suit_deck.sort_by_key(|&card| std::cmp::Reverse(plain(card)));
        let top = suit_deck.iter().take_while(|&&card| cards.contains(card)).count();
        // Without a trump a suit's unbroken top is sure, and all of a long suit headed by three
        // of its top cards; with a trump only the first two rounds of a side suit are.
        let sure_here = match trump {
            None if top >= 3 => cards.len(),
            None => top,
            Some(_) => top.min(2),
        };
        sure += sure_here as f32;
        let has = |value: u8| cards.iter().any(|card| value_of(card) == value);
        let (ace, ten, king) = (has(14), has(10), has(13));
        if ace {
            points += 11.0 + CAPTURED;
        }
        if ten {
            let chance = if ace {
                0.85
            } else if cards.len() >= 3 {
                0.35
            } else {
                0.1
            };
            points += chance * (10.0 + CAPTURED);
        }
        if king && ace && ten {
            points += 0.6 * (3.0 + CAPTURED);
        }
    }
    (points, sure)
}

/// The roem `hand` can show with `trump`, as the declaring side expects to keep it.
fn roem_of(config: &TachentigeConfig, hand: CardSet, trump: Option<Suit>) -> f32 {
    if !config.roem {
        return 0.0;
    }
    detect(hand, trump, config.roem_table()).value(config.roem_table()) as f32 * ROEM_KEPT
}

/// What a declaring side expects to achieve (`R_d` with the all-tricks bonus, plus roem) in a
/// point game when the declarer plays `hand` with `trump`.
fn point_game_total(config: &TachentigeConfig, deck: CardSet, hand: CardSet, trump: Suit) -> f32 {
    let (points, sure) = own_count(deck, hand, Some(trump));
    let tricks = f32::from(config.tricks());
    let raw = (points + PARTNER_SHARE).min(146.0);
    // The partner's ace makes a side with all but one sure trick likely to take them all.
    let all_tricks = if sure >= tricks {
        0.8
    } else if sure >= tricks - 1.0 {
        0.4
    } else {
        0.0
    };
    let achieved = if all_tricks > 0.0 { raw + all_tricks * (150.0 - raw + 100.0) } else { raw };
    achieved + roem_of(config, hand, Some(trump))
}

/// The best trump for a point game with `hand`, among `allowed`, and its expected total.
fn best_point_plan(
    config: &TachentigeConfig,
    deck: CardSet,
    hand: CardSet,
    allowed: impl Fn(Suit) -> bool,
) -> Option<(Suit, f32)> {
    Suit::ALL
        .into_iter()
        .filter(|&suit| allowed(suit))
        .map(|suit| (suit, point_game_total(config, deck, hand, suit)))
        .max_by(|a, b| a.1.total_cmp(&b.1))
}

/// The praten count of a hand: its danger with the best trump for it (the suit it is shortest
/// and lowest in), counted one step stricter because every hand is open.
fn praten_danger(deck: CardSet, hand: CardSet) -> f32 {
    nullo_danger(hand, deck, plain, 1)
}

/// The chance a solo is made with `hand` (the hand it plays, or the dealt hand when the stok is
/// still to come: then the two worst cards are expected to go).
fn solo_chance(config: &TachentigeConfig, deck: CardSet, hand: CardSet, solo: Solo, before_stok: bool) -> f32 {
    let tricks = f32::from(config.tricks());
    let improves = before_stok && solo.takes_stok() && config.has_stok();
    match solo.game() {
        SoloGame::Prive | SoloGame::Zwabber => {
            let trumps: Vec<Option<Suit>> =
                if solo.game() == SoloGame::Prive { Suit::ALL.map(Some).to_vec() } else { vec![None] };
            let sure = trumps.iter().map(|&trump| own_count(deck, hand, trump).1).fold(0.0, f32::max);
            // The stok replaces the weakest cards: about half a sure trick more.
            let sure = sure + if improves { 0.5 } else { 0.0 };
            if sure >= tricks {
                SOLO_MAKE
            } else {
                0.0
            }
        }
        SoloGame::Praten => {
            let kept = if improves {
                let mut kept = hand;
                for card in nullo_dangerous_first(hand, deck, plain).into_iter().take(usize::from(config.stok_size)) {
                    kept.remove(card);
                }
                kept
            } else {
                hand
            };
            let danger = praten_danger(deck, kept);
            if danger <= 0.0 {
                SOLO_MAKE
            } else if danger <= 0.6 {
                0.45
            } else {
                0.0
            }
        }
    }
}

/// The expected score of a solo for the soloist.
fn solo_value(config: &TachentigeConfig, deck: CardSet, hand: CardSet, solo: Solo, before_stok: bool) -> f32 {
    let chance = solo_chance(config, deck, hand, solo, before_stok);
    3.0 * solo.value() as f32 * (2.0 * chance - 1.0)
}

fn bid(view: &SeatView<Tachentige>, legal: &[TachentigeAction]) -> Option<TachentigeAction> {
    let config = view.hand().config();
    let deck = Tachentige::deck(config);
    let hand = view.hand().table().hand(view.seat());
    let expected = best_point_plan(config, deck, hand, |_| true).map_or(0.0, |(_, total)| total);
    let mut best: Option<(f32, TachentigeAction)> = None;
    let lowest_points = legal
        .iter()
        .filter_map(|action| match action {
            TachentigeAction::Bid(points) => Some(*points),
            _ => None,
        })
        .min();
    if let Some(points) = lowest_points.filter(|&points| f32::from(points) <= expected) {
        // Each of the declaring side wins the margin.
        best = Some((expected - f32::from(points), TachentigeAction::Bid(points)));
    }
    for action in legal {
        if let TachentigeAction::Solo(solo) = action {
            let value = solo_value(config, deck, hand, *solo, true);
            if value > 0.0 && best.is_none_or(|(top, _)| value > top) {
                best = Some((value, *action));
            }
        }
    }
    Some(best.map_or(TachentigeAction::Pass, |(_, action)| action))
}

/// Spread of the inference's soft bounds, in counted points.
const CALL_SPREAD: f32 = 10.0;

/// Inference for the strong bot's world sampler ([`super::call_likelihood`]), with this bot's
/// bidding as the model: the seat holding a points bid expected at least its bid from its dealt
/// hand; a seat that passed expected less than the lowest points bid then open (at most the next
/// step above the bid held). A solo in the auction tells nothing here (its bidder's hand is
/// counted another way).
pub fn auction_likelihood(view: &SeatView<Tachentige>, world: &Hand<Tachentige>) -> f64 {
    let config = view.hand().config();
    let deck = Tachentige::deck(config);
    let game = view.hand().game();
    let auction = match game.high_call() {
        None => (None, config.min_bid),
        Some((bidder, Contract::Points(points))) => (Some((bidder, points)), points + 10),
        Some((_, Contract::Solo(_))) => return 1.0,
    };
    super::points_auction_likelihood(
        view,
        world,
        CALL_SPREAD,
        auction,
        |seat| game.has_passed(seat),
        |dealt| best_point_plan(config, deck, dealt, |_| true).map_or(0.0, |(_, total)| total),
    )
}

/// Closing round type 3: the point game for 100, or a solo that looks clearly better.
fn closing_choice(view: &SeatView<Tachentige>, legal: &[TachentigeAction]) -> Option<TachentigeAction> {
    let config = view.hand().config();
    let deck = Tachentige::deck(config);
    let hand = view.hand().table().hand(view.seat());
    let point = best_point_plan(config, deck, hand, |_| true).map_or(0.0, |(_, total)| total) - f32::from(CLOSING_BID);
    let solo = legal
        .iter()
        .filter_map(|action| match action {
            TachentigeAction::Solo(solo) => Some((solo_value(config, deck, hand, *solo, true), *action)),
            _ => None,
        })
        .max_by(|a, b| a.0.total_cmp(&b.0));
    match solo {
        Some((value, action)) if value > point + SOLO_PREFERENCE => Some(action),
        _ => legal.iter().copied().find(|action| *action == TachentigeAction::Point),
    }
}

fn stok(view: &SeatView<Tachentige>, legal: &[TachentigeAction]) -> Option<TachentigeAction> {
    let game = view.hand().game();
    let config = view.hand().config();
    let deck = Tachentige::deck(config);
    let hand = view.hand().table().hand(view.seat());
    let bid = match game.contract() {
        Some(Contract::Points(bid)) => f32::from(bid),
        _ => return Some(TachentigeAction::StokTake),
    };
    // Left unseen, the stok's points (about five a card) go to the defenders.
    let stok_points = 5.0 * f32::from(config.stok_size);
    let expected = best_point_plan(config, deck, hand, |_| true).map_or(0.0, |(_, total)| total) - stok_points;
    let leave = expected - bid >= LEAVE_MARGIN && legal.contains(&TachentigeAction::StokLeave);
    Some(if leave { TachentigeAction::StokLeave } else { TachentigeAction::StokTake })
}

fn discard(view: &SeatView<Tachentige>, legal: &[TachentigeAction]) -> Option<TachentigeAction> {
    discards_by_value(view, legal).first().copied()
}

/// The legal discards by the count of what the declarer keeps, best first (the first of equal
/// ones in legal order); the strong bot weighs the best few by simulation.
pub(crate) fn discards_by_value(view: &SeatView<Tachentige>, legal: &[TachentigeAction]) -> Vec<TachentigeAction> {
    let game = view.hand().game();
    let config = view.hand().config();
    let deck = Tachentige::deck(config);
    let hand = view.hand().table().hand(view.seat());
    let Some(contract) = game.contract() else { return Vec::new() };
    let mut scored: Vec<(TachentigeAction, f32)> = legal
        .iter()
        .filter_map(|action| {
            let TachentigeAction::Discard(cards) = action else { return None };
            let thrown = cards.set();
            let kept = hand.difference(thrown);
            let score = match contract {
                Contract::Points(_) => {
                    // Discarded points come back once the side takes a trick.
                    let banked: f32 = thrown.iter().map(|card| card_points(card, None) as f32).sum();
                    best_point_plan(config, deck, kept, |_| true).map_or(0.0, |(_, total)| total) + banked
                }
                Contract::Solo(solo) => match solo.game() {
                    SoloGame::Praten => -praten_danger(deck, kept),
                    SoloGame::Prive => {
                        Suit::ALL.into_iter().map(|trump| own_count(deck, kept, Some(trump)).1).fold(0.0, f32::max)
                    }
                    SoloGame::Zwabber => own_count(deck, kept, None).1,
                },
            };
            Some((*action, score))
        })
        .collect();
    // Stable, and the best first: `max_by` kept the last of equal ones, so equal scores keep
    // the reverse of legal order to choose as before.
    scored.reverse();
    scored.sort_by(|a, b| b.1.total_cmp(&a.1));
    scored.into_iter().map(|(action, _)| action).collect()
}

fn choose_trump(view: &SeatView<Tachentige>, legal: &[TachentigeAction]) -> Option<TachentigeAction> {
    let config = view.hand().config();
    let deck = Tachentige::deck(config);
    let hand = view.hand().table().hand(view.seat());
    let allowed = |suit: Suit| legal.contains(&TachentigeAction::Trump(suit));
    let suit = match view.hand().game().contract()? {
        Contract::Points(_) => best_point_plan(config, deck, hand, allowed)?.0,
        Contract::Solo(solo) => match solo.game() {
            // Praten: the suit the hand is shortest and lowest in, so no trump can be forced.
            SoloGame::Praten => Suit::ALL.into_iter().filter(|&suit| allowed(suit)).min_by_key(|&suit| {
                (hand.of_suit(suit).len(), hand.of_suit(suit).iter().map(plain).max().unwrap_or(0))
            })?,
            _ => Suit::ALL
                .into_iter()
                .filter(|&suit| allowed(suit))
                .max_by(|&a, &b| own_count(deck, hand, Some(a)).1.total_cmp(&own_count(deck, hand, Some(b)).1))?,
        },
    };
    Some(TachentigeAction::Trump(suit))
}

/// The called card: the one whose suit holds the declarer's ten or king (the partner's ace
/// then guards them), else the suit he is shortest in (he ruffs it after the ace).
fn call(view: &SeatView<Tachentige>, legal: &[TachentigeAction]) -> Option<TachentigeAction> {
    let hand = view.hand().table().hand(view.seat());
    legal
        .iter()
        .filter_map(|action| match action {
            TachentigeAction::Call(card) => {
                let suit = card.suit()?;
                let cards = hand.of_suit(suit);
                let guarded: u32 = cards
                    .iter()
                    .map(|card| match value_of(card) {
                        10 => 4,
                        13 => 2,
                        _ => 0,
                    })
                    .sum();
                let short = 4u32.saturating_sub(cards.len() as u32);
                Some((guarded * 4 + short, *action))
            }
            _ => None,
        })
        .max_by_key(|(score, _)| *score)
        .map(|(_, action)| action)
}

/// Trick 1's roem: show the most valuable combination still to show, reject with the strongest
/// rejecting one.
fn trick_one_roem(legal: &[TachentigeAction]) -> Option<TachentigeAction> {
    let value =
        |cards: CardSet| cards.len() * 100 + cards.iter().map(|card| usize::from(value_of(card))).sum::<usize>();
    let shown = legal
        .iter()
        .filter_map(|action| match action {
            TachentigeAction::Show(cards) | TachentigeAction::Reject(cards) => Some((value(cards.set()), *action)),
            _ => None,
        })
        .max_by_key(|(value, _)| *value);
    shown.map(|(_, action)| action)
}

fn play(view: &SeatView<Tachentige>, legal: &[TachentigeAction]) -> Option<TachentigeAction> {
    let seat = view.seat();
    let hand = view.hand();
    let table = hand.table();
    let game = hand.game();
    let config = hand.config();
    let trump = game.trump();
    let cards = legal_cards(legal, |action| match action {
        TachentigeAction::Play(card) | TachentigeAction::PlayStuk(card) => Some(*card),
        _ => None,
    });
    if cards.is_empty() {
        return legal.iter().copied().find(|action| *action == TachentigeAction::NoReject);
    }
    // A player may trump while holding the led suit, so not following proves no void.
    let know = Knowledge::new(table, Tachentige::deck(config), trump.is_none());
    let trick = trick_cards(table);
    let later = later_seats(table, seat, 4, next);
    let led = table.trick().led.filter(|_| !table.trick().is_empty());
    let mut situation = Situation::new(&know, seat, cards, &trick, led, &later, trump, RANK_ORDER);
    situation.trump_anytime = trump.is_some();
    let declarer = game.declarer().unwrap_or(seat);
    let mut declaring_side = declarer.bit();
    if let Some(partner) = game.partner() {
        declaring_side |= partner.bit();
    }
    let declaring = declaring_side & seat.bit() != 0;
    for other in (0..4).map(Seat).filter(|&other| other != seat) {
        let same_side = (declaring_side & other.bit() != 0) == declaring;
        situation.relation[other.index()] = if same_side { Relation::Partner } else { Relation::Opponent };
    }
    situation.declaring = declaring;
    match game.contract() {
        Some(Contract::Solo(solo)) => {
            situation.aim = match (solo.game(), declaring) {
                (SoloGame::Praten, true) => Aim::Lose,
                (SoloGame::Praten, false) => Aim::Feed(declarer.bit()),
                (SoloGame::Prive | SoloGame::Zwabber, _) => Aim::Win,
            };
        }
        Some(Contract::Points(_)) | None => {
            for card in know.deck.iter() {
                situation.points[card.index()] = card_points(card, trump) as f32;
            }
            let last = table.trick_index() + 1 == config.tricks();
            situation.trick_worth = if last { 1.0 + 5.0 } else { 1.0 };
        }
    }
    let card = situation.choose();
    let stuk = TachentigeAction::PlayStuk(card);
    Some(if legal.contains(&stuk) { stuk } else { TachentigeAction::Play(card) })
}

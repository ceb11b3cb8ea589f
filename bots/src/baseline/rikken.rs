//! The baseline Rikken player (four players, René and the blind).
//!
//! * **Auction.** The hand is counted for every contract it could hold and the bot bids the one
//!   worth most that is still above the bid (or joins a piek or misère that fits it):
//!   * Rik / Rik beter: the trick count with the best plain trump (hearts for beter) plus about
//!     2.8 tricks from the partner who holds the called ace, bid from a side count of 7.4 (a
//!     failed Rik by one trick costs little, and passing leads to a pass game);
//!   * N alleen (beter): the count alone against N, and 13 with a count near 13;
//!   * troela: exactly three aces and at least 3.5 tricks of high cards (partner brings the
//!     fourth ace and chooses the trump);
//!   * misère, piek and their open forms: the safety count of [`nullo_danger`] (piek: safe but
//!     for one ace, which takes the one trick), stricter for the open forms; the praatje forms,
//!     with every hand open, are never bid.
//! * **Declarer phase.** Trump: the suit counting most tricks. Called card: the ace of a suit
//!   where the declarer holds the king (it becomes a winner), otherwise of his shortest suit
//!   (he can ruff it later). Joker exchange: the centre card is taken for the hand's weakest card
//!   when the hand then counts more for the contract (for misère and piek: when it is safer), else
//!   the declarer keeps. The blind's chooser names himself as controller. A pass game is
//!   chosen for the hand (forced misère or rondpiek when safe, forced rik when strong, else a
//!   redeal or Schoppen Mie).
//! * **Play.** The shared trick player, with sides as far as the seat knows them: in a Rik the
//!   partner is unknown (neutral) until the called card shows, except to the partner himself;
//!   the Rik declarer leads his called suit (or leads face down after a blind call) at once so
//!   that partner's ace takes it, and nobody wastes a high card in the first trick of the called
//!   suit, which the called card takes. Misère declarers lose every trick, piek declarers take one
//!   sure trick, defenders push tricks onto them. Schoppen Mie dumps the queen of spades; the
//!   count pass games aim at their targets. A dummy (René, the blind) is played for its own side.
//! * Decision: a dummy's operator (René's, or the blind's controller) plays the dummy's cards for
//!   the dummy's own side, as a fair player at the table does, whatever his own side is.
//! * **Claims.** The declarer (or any player once sides are known) claims all remaining tricks
//!   when every card he holds is a sure winner, and accepts a claim that takes no more than the
//!   claimant's sure tricks (or, from his own side, no fewer).

use super::eval::{nullo_danger, trick_estimate};
use super::knowledge::Knowledge;
use super::play::{Aim, Relation, Situation};
use super::{later_seats, legal_cards, legal_of, trick_cards, BaselineBot};
use crate::Bot;
use rand::RngCore;
use troef_core::games::rikken::{Contract, Kind, PassGame, Phase, Rikken, RikkenAction, RikkenConfig, TRICKS};
use troef_core::{Card, CardSet, Game, Hand, Place, Rank, RankOrder, Seat, SeatView, Suit, MAX_SEATS};

const ORDER: RankOrder = RankOrder::new("AKQJT98765432", "AKQJT98765432");
/// Tricks expected from the partner who holds the called ace (measured: a Rik declarer's
/// side takes about 2.8 tricks more than his own count).
const PARTNER_TRICKS: f32 = 2.8;
/// Tricks a troela partner brings (the fourth ace, and the trump of his choice).
const TROELA_PARTNER: f32 = 4.0;
/// The side's count at which Rik and troela are bid. Below 8 on purpose: measured in duplicate
/// baseline play (7.0 to 8.6 tried), bidding from 7.4 beats waiting for a sure 8, since a
/// failed Rik by a trick costs little and the pass game that follows all passes is a lottery.
const RIK_NEED: f32 = 7.4;
const TROELA_NEED: f32 = 7.5;

impl Bot<Rikken> for BaselineBot {
    fn name(&self) -> &'static str {
        "baseline"
    }

    fn choose(&mut self, view: &SeatView<Rikken>, _rng: &mut dyn RngCore) -> RikkenAction {
        let legal = legal_of(view);
        let Some(&first) = legal.first() else { return RikkenAction::Pass };
        let choice = match view.hand().game().phase() {
            Phase::Auction => bid(view, &legal),
            Phase::PassGameChoice => choose_pass_game(view, &legal),
            Phase::JokerExchange => exchange_joker(view, &legal),
            Phase::Trump => choose_trump(view, &legal),
            Phase::Call => call(view, &legal),
            Phase::ChooseController => Some(RikkenAction::Controller(view.seat())),
            Phase::Play => play(view, &legal),
            Phase::ClaimAnswer { claimant, k } => answer_claim(view, claimant, k),
            Phase::Over => None,
        };
        super::settle(choice, &legal, first)
    }
}

fn plain(card: Card) -> u8 {
    ORDER.strength(card, false)
}

fn aces(hand: CardSet) -> usize {
    Suit::ALL.iter().filter(|&&suit| hand.contains(Card::new(Rank::ACE, suit))).count()
}

/// What the hand is worth for each contract, as an expected value per opponent-ish unit (only
/// the ranking between contracts matters).
/// The hand's trick counts with its best plain trump and with hearts.
fn trump_counts(config: &RikkenConfig, hand: CardSet) -> (f32, f32) {
    let plain_suits: &[Suit] =
        if config.call.plain_trump_may_be_hearts { &Suit::ALL } else { &[Suit::Clubs, Suit::Diamonds, Suit::Spades] };
    let best_plain = plain_suits.iter().map(|&suit| trick_estimate(hand, Some(suit))).fold(0.0, f32::max);
    (best_plain, trick_estimate(hand, Some(Suit::Hearts)))
}

/// Spread of the inference's soft bounds, in counted tricks.
const CALL_SPREAD: f32 = 0.8;

/// Inference for the strong bot's world sampler ([`super::call_likelihood`]), with this bot's
/// bidding as the model: a seat holding a rik or a solo counted at least what this bot needs to
/// bid it, from its dealt hand. The other calls and the passes tell nothing here: they turn on
/// counts of other kinds.
pub fn auction_likelihood(view: &SeatView<Rikken>, world: &Hand<Rikken>) -> f64 {
    let config = view.hand().config();
    let Some((contract, holders)) = view.hand().game().high_bid() else { return 1.0 };
    super::call_likelihood(view, world, CALL_SPREAD, |seat, dealt| {
        if holders & seat.bit() == 0 {
            return None;
        }
        let (best_plain, hearts) = trump_counts(config, dealt);
        let count = if contract.beter() { hearts } else { best_plain };
        match contract.kind() {
            Kind::Rik => Some(count + PARTNER_TRICKS - RIK_NEED),
            Kind::Solo(n) => Some(count - (n as f32 + SOLO_EXTRA)),
            _ => None,
        }
    })
}

/// Tricks a solo's count must exceed its number by.
const SOLO_EXTRA: f32 = 0.3;

fn contract_value(config: &RikkenConfig, hand: CardSet, contract: Contract) -> Option<f32> {
    let deck = Rikken::deck(config);
    let (best_plain, hearts) = trump_counts(config, hand);
    let count = if contract.beter() { hearts } else { best_plain };
    let danger = || nullo_danger(hand, deck, plain, 0);
    let (rik_need, solo_extra, troela_need) = (RIK_NEED, SOLO_EXTRA, TROELA_NEED);
    match contract.kind() {
        Kind::Rik => {
            let side = count + PARTNER_TRICKS;
            (side >= rik_need).then_some(5.0 * (side - 7.0))
        }
        Kind::Solo(n) => (count >= n as f32 + solo_extra).then_some(45.0 * (count - n as f32 + 1.0)),
        Kind::Slam => (best_plain.max(hearts) >= 12.8).then_some(270.0),
        Kind::Troela => {
            let side = trick_estimate(hand, None) + TROELA_PARTNER;
            (aces(hand) == 3 && side >= troela_need).then_some(10.0 * (side - 7.0))
        }
        Kind::Misere if contract.is_praatje() => None,
        Kind::Piek if contract.is_praatje() => None,
        Kind::Misere => {
            let ok = if contract.is_open() { nullo_danger(hand, deck, plain, 1) <= 0.0 } else { danger() <= 0.6 };
            ok.then(|| 3.0 * contract.nullo_value() as f32)
        }
        Kind::Piek => piek_fits(hand, deck, contract.is_open()).then(|| 3.0 * contract.nullo_value() as f32),
    }
}

/// A piek hand: safe for misère but for one ace, which takes the one trick.
fn piek_fits(hand: CardSet, deck: CardSet, open: bool) -> bool {
    let slack = open as i32;
    if nullo_danger(hand, deck, plain, slack) <= 0.0 {
        // Safe everywhere: it may well take no trick at all.
        return false;
    }
    let held_aces: Vec<Card> =
        Suit::ALL.iter().map(|&suit| Card::new(Rank::ACE, suit)).filter(|&ace| hand.contains(ace)).collect();
    held_aces.len() == 1 && {
        let mut rest = hand;
        rest.remove(held_aces[0]);
        nullo_danger(rest, deck, plain, slack) <= 0.2
    }
}

/// The joker exchange: each option (keep, or take the centre card for one card of the hand) is
/// counted for the contract; the best wins, keep on a tie.
fn exchange_joker(view: &SeatView<Rikken>, legal: &[RikkenAction]) -> Option<RikkenAction> {
    let hand = view.hand();
    let config = hand.config();
    let table = hand.table();
    let contract = hand.game().contract().or_else(|| hand.game().high_bid().map(|(contract, _)| contract))?;
    let centre = table.cards_in(table.slots_in(Place::Pile(troef_core::Pile::OutOfPlay)));
    let own = table.hand(view.seat());
    let value = |cards: CardSet| contract_value(config, cards, contract).unwrap_or(f32::MIN);
    let mut best = (value(own), RikkenAction::Keep);
    for &action in legal {
        if let RikkenAction::Exchange(card) = action {
            let mut after = own;
            after.remove(card);
            let after = CardSet::from_bits(after.bits() | centre.bits());
            let worth = value(after);
            if worth > best.0 {
                best = (worth, action);
            }
        }
    }
    legal.contains(&best.1).then_some(best.1)
}

fn bid(view: &SeatView<Rikken>, legal: &[RikkenAction]) -> Option<RikkenAction> {
    let config = view.hand().config();
    let hand = view.hand().table().hand(view.seat());
    let mut best: Option<(f32, RikkenAction)> = None;
    for action in legal {
        let value = match action {
            RikkenAction::Bid(contract) => contract_value(config, hand, *contract),
            RikkenAction::Join => {
                view.hand().game().high_bid().and_then(|(contract, _)| contract_value(config, hand, contract))
            }
            _ => None,
        };
        if let Some(value) = value {
            if best.is_none_or(|(top, _)| value > top) {
                best = Some((value, *action));
            }
        }
    }
    match best {
        Some((_, action)) => Some(action),
        // Passing is not always allowed (troela_mandatory): then the first legal call.
        None if legal.contains(&RikkenAction::Pass) => Some(RikkenAction::Pass),
        None => legal.first().copied(),
    }
}

fn choose_pass_game(view: &SeatView<Rikken>, legal: &[RikkenAction]) -> Option<RikkenAction> {
    let config = view.hand().config();
    let hand = view.hand().table().hand(view.seat());
    let deck = Rikken::deck(config);
    let strong = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades]
        .iter()
        .map(|&suit| trick_estimate(hand, Some(suit)))
        .fold(0.0, f32::max);
    let mut preference = Vec::new();
    if nullo_danger(hand, deck, plain, 0) <= 0.2 {
        preference.push(PassGame::ForcedMisere);
    }
    if piek_fits(hand, deck, false) {
        preference.push(PassGame::Rondpiek);
    }
    if strong + PARTNER_TRICKS >= 7.5 {
        preference.push(PassGame::ForcedRik);
    }
    preference.extend([PassGame::Redeal, PassGame::Schoppenmie, PassGame::TwoOrFive]);
    preference.into_iter().map(RikkenAction::ChoosePassGame).find(|action| legal.contains(action))
}

/// The hand whose decisions are on turn: the seat's own, or the dummy's for its operator.
fn acting_hand(view: &SeatView<Rikken>) -> (Seat, CardSet) {
    let seat = view.hand().game().seat_on_turn();
    (seat, view.hand().table().hand(seat))
}

fn choose_trump(view: &SeatView<Rikken>, legal: &[RikkenAction]) -> Option<RikkenAction> {
    let (_, hand) = acting_hand(view);
    legal
        .iter()
        .filter_map(|action| match action {
            RikkenAction::Trump(suit) => Some((trick_estimate(hand, Some(*suit)), *action)),
            _ => None,
        })
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, action)| action)
}

fn call(view: &SeatView<Rikken>, legal: &[RikkenAction]) -> Option<RikkenAction> {
    let (_, hand) = acting_hand(view);
    legal
        .iter()
        .filter_map(|action| match action {
            RikkenAction::Call { card, .. } => {
                let suit = card.suit()?;
                let below = card.rank().map_or(0, Rank::value).saturating_sub(1);
                let guard = Rank::new(below).is_some_and(|rank| hand.contains(Card::new(rank, suit)));
                let length = hand.of_suit(suit).len() as i32;
                Some((guard as i32 * 10 - length, *action))
            }
            _ => None,
        })
        .max_by_key(|(score, _)| *score)
        .map(|(_, action)| action)
}

/// Where the called card is, if this seat knows.
fn called_holder(hand: &Hand<Rikken>, know: &Knowledge) -> Option<Seat> {
    let game = hand.game();
    let called = game.called()?;
    if let Some(seat) = game.called_played_by() {
        return Some(seat);
    }
    (0..MAX_SEATS).map(|seat| Seat(seat as u8)).find(|seat| know.holds[seat.index()].contains(called))
}

/// The sides as `acting` knows them, its aim, and whether its side chose the trump.
fn sides(hand: &Hand<Rikken>, know: &Knowledge, acting: Seat) -> ([Relation; MAX_SEATS], Aim, bool) {
    let game = hand.game();
    let table = hand.table();
    let mut relation = [Relation::Neutral; MAX_SEATS];
    relation[acting.index()] = Relation::Me;
    let everyone_else = |relation: &mut [Relation; MAX_SEATS], value: Relation| {
        for (seat, slot) in relation.iter_mut().enumerate() {
            if seat != acting.index() {
                *slot = value;
            }
        }
    };
    let tricks = table.tricks_won(acting);
    if let Some(game_kind) = game.pass_game().filter(|&kind| kind != PassGame::ForcedRik) {
        let aim = match game_kind {
            PassGame::Rondpiek if tricks == 0 => Aim::WinOnce,
            PassGame::TwoOrFive if !matches!(tricks, 2 | 5..) => Aim::Win,
            PassGame::OneThreeFive if !matches!(tricks, 1 | 3 | 5..) => Aim::Win,
            _ => Aim::Lose,
        };
        return (relation, aim, false);
    }
    let declarers = game.declarers();
    let Some(contract) = game.contract().or(game.pass_game().map(|_| Contract::Rik)) else {
        return (relation, Aim::Win, false);
    };
    let primary = game.primary().unwrap_or(acting);
    match contract.kind() {
        Kind::Piek | Kind::Misere => {
            if declarers & acting.bit() != 0 {
                // Fellow declarers stay neutral; everyone else pushes tricks onto me.
                for (seat, slot) in relation.iter_mut().enumerate() {
                    if declarers & (1 << seat) == 0 {
                        *slot = Relation::Opponent;
                    }
                }
                let aim = if contract.kind() == Kind::Piek && tricks == 0 { Aim::WinOnce } else { Aim::Lose };
                (relation, aim, false)
            } else {
                for (seat, slot) in relation.iter_mut().enumerate() {
                    if seat != acting.index() {
                        *slot = if declarers & (1 << seat) != 0 { Relation::Opponent } else { Relation::Partner };
                    }
                }
                (relation, Aim::Feed(declarers), false)
            }
        }
        Kind::Rik => {
            let holder = called_holder(hand, know);
            if acting == primary {
                if let Some(partner) = holder {
                    everyone_else(&mut relation, Relation::Opponent);
                    relation[partner.index()] = Relation::Partner;
                }
                (relation, Aim::Win, true)
            } else if holder == Some(acting) {
                everyone_else(&mut relation, Relation::Opponent);
                relation[primary.index()] = Relation::Partner;
                (relation, Aim::Win, true)
            } else {
                relation[primary.index()] = Relation::Opponent;
                if let Some(partner) = holder {
                    everyone_else(&mut relation, Relation::Partner);
                    relation[primary.index()] = Relation::Opponent;
                    relation[partner.index()] = Relation::Opponent;
                }
                (relation, Aim::Win, false)
            }
        }
        Kind::Troela => {
            let partner = game.troela_partner();
            let declaring = acting == primary || Some(acting) == partner;
            for (seat, slot) in relation.iter_mut().enumerate() {
                if seat == acting.index() {
                    continue;
                }
                let side = seat == primary.index() || partner.is_some_and(|p| p.index() == seat);
                *slot = if side == declaring { Relation::Partner } else { Relation::Opponent };
            }
            (relation, Aim::Win, declaring)
        }
        Kind::Solo(_) | Kind::Slam => {
            let declaring = acting == primary;
            for (seat, slot) in relation.iter_mut().enumerate() {
                if seat != acting.index() {
                    *slot = if declaring || seat == primary.index() { Relation::Opponent } else { Relation::Partner };
                }
            }
            (relation, Aim::Win, declaring)
        }
    }
}

/// How many of `seat`'s remaining tricks are sure: all of them when every card it holds is a
/// master and the other trumps can be drawn first; otherwise its unbeatable top trumps.
fn sure_tricks(know: &Knowledge, seat: Seat, trump: Option<Suit>) -> usize {
    let hand = know.holds[seat.index()];
    let outside = know.deck.difference(know.gone).difference(hand);
    let strength = |card: Card| ORDER.strength(card, true);
    let master = |card: Card| {
        let suit = card.suit().unwrap_or(Suit::Clubs);
        !outside.of_suit(suit).iter().any(|other| strength(other) > strength(card))
    };
    let out_trumps = trump.map_or(CardSet::EMPTY, |suit| outside.of_suit(suit));
    let my_trumps = trump.map_or(CardSet::EMPTY, |suit| hand.of_suit(suit));
    let top_trumps = my_trumps.iter().filter(|&card| master(card)).count();
    let all_masters = hand.iter().all(master);
    if all_masters && (out_trumps.is_empty() || my_trumps.len() >= out_trumps.len()) {
        return hand.len();
    }
    top_trumps
}

fn answer_claim(view: &SeatView<Rikken>, claimant: Seat, k: u8) -> Option<RikkenAction> {
    let hand = view.hand();
    let know = Knowledge::new(hand.table(), Rikken::deck(hand.config()), true);
    let sure = sure_tricks(&know, claimant, hand.game().trump()) as u8;
    let (relation, _, _) = sides(hand, &know, view.seat());
    let with_me = relation[claimant.index()] == Relation::Partner;
    let accept = if with_me { k >= sure } else { k <= sure };
    Some(if accept { RikkenAction::Accept } else { RikkenAction::Reject })
}

fn play(view: &SeatView<Rikken>, legal: &[RikkenAction]) -> Option<RikkenAction> {
    let hand = view.hand();
    let table = hand.table();
    let game = hand.game();
    let config = hand.config();
    let (acting, mine) = acting_hand(view);
    let know = Knowledge::new(table, Rikken::deck(config), true);
    let (relation, aim, declaring) = sides(hand, &know, acting);
    let leading = table.trick().is_empty();
    let remaining = TRICKS - table.trick_index();

    // A claim of everything left, when every card is a sure winner.
    let trump = if config.troela_ace_lead && game.contract() == Some(Contract::Troela) && table.trick_index() == 0 {
        None
    } else {
        game.trump()
    };
    if leading
        && aim == Aim::Win
        && legal.contains(&RikkenAction::Claim(remaining))
        && sure_tricks(&know, acting, trump) == mine.len()
    {
        return Some(RikkenAction::Claim(remaining));
    }

    let cards = legal_cards(legal, |action| match action {
        RikkenAction::Play(card) => Some(*card),
        _ => None,
    });
    let trick = trick_cards(table);
    let later = later_seats(table, acting, 4, |seat| game.next(seat));
    let led = table.trick().led.filter(|_| !table.trick().is_empty());
    let mut situation = Situation::new(&know, acting, cards, &trick, led, &later, trump, ORDER);
    situation.relation = relation;
    situation.aim = aim;
    situation.declaring = declaring;
    if game.pass_game() == Some(PassGame::Schoppenmie) {
        situation.penalty = Some(Card::new(Rank::QUEEN, Suit::Spades));
    }

    // The first trick of the called suit goes to the called card: follow with the lowest.
    if let (Some(called), Some(led)) = (game.called().filter(|_| game.is_rik_type()), led) {
        let suit = called.suit().unwrap_or(Suit::Clubs);
        if game.called_played_by().is_none() && led == suit && !mine.contains(called) {
            if let Some(low) = cards.of_suit(suit).iter().min_by_key(|&card| plain(card)) {
                return Some(RikkenAction::Play(low));
            }
        }
    }

    // The Rik declarer finds his partner at once: he leads the called suit (face down after a
    // blind call) so that the called ace must take the trick.
    if leading && game.is_rik_type() && Some(acting) == game.primary() && game.called_played_by().is_none() {
        if let Some(called) = game.called() {
            let face_down: CardSet = legal_cards(legal, |action| match action {
                RikkenAction::LeadFaceDown(card) => Some(*card),
                _ => None,
            });
            if let Some(card) = situation.cheapest(face_down) {
                return Some(RikkenAction::LeadFaceDown(card));
            }
            let suit = called.suit().unwrap_or(Suit::Clubs);
            if let Some(low) = cards.of_suit(suit).iter().min_by_key(|&card| plain(card)) {
                return Some(RikkenAction::Play(low));
            }
        }
    }
    Some(RikkenAction::Play(situation.choose()))
}

//! Rikken's traditional deal (`deal_shuffle = cut_only | periodic`, spec 2.3 and 8): the cards are
//! not shuffled but gathered from the previous deal in a fixed order and cut once.
//!
//! The core owns no randomness, so it builds only what is determined: [`full_shuffle_due`] says
//! whether a deal must be fully shuffled (the first deal of a match always; under `periodic` deals
//! 1, 4, 7, ...), and [`gathered_cards`] gathers the previous deal's cards from its hand record.
//! The caller draws the cut position k uniformly in `1..len` (1 to 51, or 52 with the joker) and
//! applies it with [`crate::game::cut_deck`]; [`crate::game::Match::next_deck`] ties the two together,
//! and the next hand's record holds the deal itself, as every record does.
//!
//! **Gathering order** (8): for each seat clockwise from the previous deal's eldest, the tricks it
//! won in the order won, each trick's cards in play order (a blind lead's card first, where it
//! was led); then every seat's unplayed cards (early end, claim, redeal), seats clockwise from
//! eldest, each hand in dealt order; then the joker variant's out-of-play card. The first card
//! gathered is the top of the next deck (`d0`), and the cut moves the top k cards to the bottom.
//!
//! * Decision: "each hand in dealt order" is deck-position order; a centre card the declarer took
//!   into his hand keeps its position `d52`, so it is the last of his unplayed cards.
//! * Decision: "the joker-variant centre card" is the card lying out of play in the centre at the
//!   end: the dealt centre card when the declarer kept, the card he put out when he exchanged
//!   (the taken centre card was then played or is among his unplayed cards).
//! * Decision: after a claim accepted in the middle of a trick, the cards already played to that
//!   unfinished trick are gathered after all won tricks, in play order, and before the unplayed
//!   hands (the spec's order does not name them; they lie on the table between the two).
//!
//! **Networked tables.** These modes are for one device (pass-and-play): the deal protocol
//! (`troef-net`) supports only full shuffles today. A networked table would have to feed the
//! gathered order to the protocol as its open deck and replace the chain of proven shuffles by a
//! chain of proven cyclic rotations, one secret rotation per device, so that no device alone knows
//! the cut; neither exists. And it would not protect the deal: the gathered order is public (every
//! card was revealed at the end of the previous deal), so each player finds the cut from the
//! positions of his own cards and from it every other hand, which is why the spec keeps these
//! modes local. A networked table plays `deal_shuffle = full`.

use super::{DealShuffle, Rikken, RikkenConfig, RikkenScores};
use crate::card::Card;
use crate::event::{Event, Pile, Slot};
use crate::game::{parse_action_line, Game, Hand, ToAct};
use crate::record::{deck_from_deal, record_config, HandRecord, RecordError};
use crate::seat::Seat;
use crate::table::Place;

/// Whether the next deal is fully shuffled, after `deals_played` deals of the match: always under
/// `full`; the first deal of a match under `cut_only`; deals 1, 4, 7, ... under `periodic`.
pub fn full_shuffle_due(config: &RikkenConfig, deals_played: u32) -> bool {
    match config.deal_shuffle {
        DealShuffle::Full => true,
        DealShuffle::CutOnly => deals_played == 0,
        DealShuffle::Periodic => deals_played.is_multiple_of(3),
    }
}

/// The previous deal's cards in the gathering order of 8, top first, from its record (replayed:
/// the record holds the deal and every action, which fixes who won which trick in which order).
/// Fails if the record is not a finished Rikken deal of this config.
pub fn gathered_cards(config: &RikkenConfig, previous: &HandRecord) -> Result<Vec<Card>, RecordError> {
    let recorded = record_config::<Rikken>(&previous.game, previous.rules_version, &previous.config, previous.seats)?;
    if recorded != *config {
        return Err(RecordError::Malformed("the previous deal was played with another config".into()));
    }
    let dealer = Seat(previous.dealer);
    if previous.dealer >= previous.seats {
        return Err(RecordError::Malformed(format!("dealer {} does not exist", previous.dealer)));
    }
    let deck = deck_from_deal::<Rikken>(&Rikken::layout(config, dealer), &previous.deal)?;
    let mut hand = Hand::<Rikken>::from_deck(*config, dealer, &RikkenScores::default(), &deck)?;
    // The tricks in the order won: (winner, its cards in play order).
    let mut tricks: Vec<(Seat, Vec<Card>)> = Vec::with_capacity(13);
    for (index, line) in previous.actions.iter().enumerate() {
        let fail = |message: String| RecordError::Action { index, line: line.clone(), message };
        let (seat, action) = parse_action_line::<Rikken>(config, line).map_err(|e| fail(e.to_string()))?;
        let events = hand.apply(seat, action).map_err(|e| fail(e.to_string()))?;
        for event in &events {
            if let (Event::TrickTaken { winner, .. }, Some(trick)) = (event, hand.table().last_trick()) {
                tricks.push((*winner, trick.cards().iter().filter_map(|played| played.card).collect()));
            }
        }
    }
    if hand.to_act() != ToAct::HandOver {
        return Err(RecordError::Rule("the previous deal is not over".into()));
    }
    let table = hand.table();
    let eldest = hand.game().eldest();
    let mut order = Vec::with_capacity(deck.len());
    let mut seat = eldest;
    for _ in 0..Rikken::seat_count(config) {
        for (_, cards) in tricks.iter().filter(|(winner, _)| *winner == seat) {
            order.extend_from_slice(cards);
        }
        seat = hand.game().next(seat);
    }
    order.extend(table.trick().cards().iter().filter_map(|played| played.card));
    for _ in 0..Rikken::seat_count(config) {
        order.extend(table.hand_slots(seat).iter().filter_map(|slot| table.card_at(slot)));
        seat = hand.game().next(seat);
    }
    let out_of_play = (0..table.slot_count() as u8).map(Slot).filter(|&slot| {
        matches!(table.place(slot), Place::Pile(Pile::OutOfPlay) | Place::Pile(Pile::Talon) | Place::Discards(_))
    });
    order.extend(out_of_play.filter_map(|slot| table.card_at(slot)));
    if order.len() != deck.len() {
        return Err(RecordError::Rule(format!("gathered {} cards of {}", order.len(), deck.len())));
    }
    Ok(order)
}

//! Visibility events: every change of who can see which card, as `apply` reports it.
//!
//! The private deal protocol maps each event onto one protocol step (a private decryption, a public
//! opening, a re-encryption to another seat...), so the set is complete for all five games even
//! where a game uses only two of them. Events name cards by **deck position** ([`Slot`]), never
//! only by identity, so a peer can refer to a card it has not seen.

use crate::seat::Seat;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A deck position: the index in the shuffled deck a card was dealt from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Slot(pub u8);

/// A set of deck positions (decks have at most 53 cards).
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct SlotSet(pub u64);

impl SlotSet {
    pub const EMPTY: SlotSet = SlotSet(0);

    pub const fn single(slot: Slot) -> SlotSet {
        SlotSet(1 << slot.0)
    }

    pub const fn contains(self, slot: Slot) -> bool {
        self.0 & (1 << slot.0) != 0
    }

    pub fn insert(&mut self, slot: Slot) {
        self.0 |= 1 << slot.0;
    }

    pub fn remove(&mut self, slot: Slot) {
        self.0 &= !(1 << slot.0);
    }

    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub const fn union(self, other: SlotSet) -> SlotSet {
        SlotSet(self.0 | other.0)
    }

    pub fn iter(self) -> impl Iterator<Item = Slot> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let slot = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            Some(Slot(slot))
        })
    }
}

impl fmt::Debug for SlotSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter().map(|slot| slot.0)).finish()
    }
}

/// Where a face-down card goes that no seat holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Pile {
    /// The widow, stok or talon (the game names it).
    Talon,
    /// Out of play for the whole hand (Rikken's joker put aside, unplayed cards).
    OutOfPlay,
}

/// One visibility change. The variants are the complete set the five games need; each spec's
/// section 7 says which of them its game uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Visibility {
    /// Dealt face down to a seat, which alone sees them.
    DealtPrivately { seat: Seat, slots: SlotSet },
    /// Dealt face down where nobody sees them: a talon, a stok, a seat nobody may look at yet.
    DealtFaceDown { pile: Pile, slots: SlotSet },
    /// Dealt face down into a seat's hand without its holder seeing them (a dummy's hand, a
    /// declarer who may not look at his own hand yet).
    DealtUnseen { seat: Seat, slots: SlotSet },
    /// Turned face up for everyone: a card played, a talon opened, a face-down card turned.
    ShownToAll { slots: SlotSet },
    /// Shown to one seat only (a closed talon shown to the declarer, a dummy's operator).
    ShownToSeat { seat: Seat, slots: SlotSet },
    /// Cards already known to all (or to the taker) taken into a seat's hand.
    TakenIntoHand { seat: Seat, slots: SlotSet },
    /// Passed face down from one seat to another: the receiver learns them.
    PassedFaceDown { from: Seat, to: Seat, slots: SlotSet },
    /// Discarded face down by a seat (to a discard pile nobody else sees).
    DiscardedFaceDown { seat: Seat, slots: SlotSet },
    /// Played face down to the trick; turned later by a `ShownToAll`.
    PlayedFaceDown { seat: Seat, slots: SlotSet },
    /// A whole hand opened to all (a dummy, an open contract, "praten").
    HandOpened { seat: Seat, slots: SlotSet },
    /// Cards in a seat's hand that its holder may not see for now.
    WithheldFromHolder { seat: Seat, slots: SlotSet },
    /// Withheld cards released to their holder.
    ReleasedToHolder { seat: Seat, slots: SlotSet },
    /// The end-of-hand reveal: every card not yet public, opened to all.
    RevealedAtEnd { slots: SlotSet },
    /// A seat's hand re-mixed before cards leave it face down (a pass or a discard): the cards at
    /// these positions of its hand were dealt anew among the same positions by a permutation only
    /// the holder knows (`Table::remix_hand`), so no other seat knows any more which card lies
    /// where among them. A card every seat had seen in the hand (a widow card taken into it) can
    /// then not be followed: the pass or discard that follows names a position of the re-mixed
    /// hand. The deal protocol re-mixes the hand's ciphertexts with a proven shuffle here.
    HandRemixed { seat: Seat, slots: SlotSet },
}

/// What `apply` reports: visibility changes and the progress of the hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    Visibility(Visibility),
    /// A trick is complete; `trick_index` counts from 0.
    TrickTaken {
        trick_index: u8,
        winner: Seat,
    },
    /// The hand is over (scored, conceded, thrown in or annulled).
    HandOver,
}

/// The events of one `apply`; inline, so applying a legal action allocates nothing.
pub type Events = arrayvec::ArrayVec<Event, 8>;

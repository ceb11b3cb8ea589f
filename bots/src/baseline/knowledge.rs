//! What one seat knows about where the cards are, read from its view of the table: the cards it
//! holds and has been shown, the cards gone (played, discarded, out of play), the voids others
//! have shown, and how many unknown cards each hand still hides. The probability helpers treat
//! the unknown cards as dealt at random among the hidden positions, which is what a player
//! counting cards at the table assumes.

use troef_core::{Card, CardSet, Place, Seat, Slot, Suit, Table, MAX_SEATS};

/// A seat's knowledge of the card positions.
#[derive(Clone, Debug)]
pub struct Knowledge {
    /// Every card of this game's deck.
    pub deck: CardSet,
    /// Cards known to lie in each seat's hand.
    pub holds: [CardSet; MAX_SEATS],
    /// How many cards of each seat's hand are unknown.
    pub hidden: [u8; MAX_SEATS],
    /// Cards whose position is unknown: in hidden hand positions or face-down piles.
    pub unknown: CardSet,
    /// Cards out of the hands for the rest of the hand: played, won, discarded, piles seen.
    pub gone: CardSet,
    /// Suits each seat is known to lack (`1 << suit`).
    pub voids: [u8; MAX_SEATS],
}

impl Knowledge {
    /// The knowledge in `table` (a seat's view). `voids_reliable` is false in games where not
    /// following suit does not prove a void (Tachtigen lets a player trump while holding the led
    /// suit, so the table's void marks cannot be trusted there).
    pub fn new(table: &Table, deck: CardSet, voids_reliable: bool) -> Knowledge {
        let mut knowledge = Knowledge {
            deck,
            holds: [CardSet::EMPTY; MAX_SEATS],
            hidden: [0; MAX_SEATS],
            unknown: CardSet::EMPTY,
            gone: CardSet::EMPTY,
            voids: [0; MAX_SEATS],
        };
        let mut known = CardSet::EMPTY;
        for slot in 0..table.slot_count() {
            let slot = Slot(slot as u8);
            let place = table.place(slot);
            match (table.card_at(slot), place) {
                (Some(card), Place::Hand(seat)) => {
                    known.insert(card);
                    knowledge.holds[seat.index()].insert(card);
                }
                (Some(card), _) => {
                    known.insert(card);
                    knowledge.gone.insert(card);
                }
                (None, Place::Hand(seat)) => knowledge.hidden[seat.index()] += 1,
                (None, _) => {}
            }
        }
        knowledge.unknown = deck.difference(known);
        if voids_reliable {
            for seat in 0..table.seats() {
                knowledge.voids[seat as usize] = table.voids(Seat(seat));
            }
        }
        knowledge
    }

    /// The cards not in `me`'s hand and not gone: in other hands, known or not.
    pub fn outside(&self, me: Seat) -> CardSet {
        self.deck.difference(self.gone).difference(self.holds[me.index()])
    }

    /// The unknown cards `seat` may hold: the unknown cards outside its void suits.
    fn pool(&self, seat: Seat) -> CardSet {
        let mut pool = self.unknown;
        for suit in Suit::ALL {
            if self.voids[seat.index()] & (1 << suit.index()) != 0 {
                pool = pool.difference(CardSet::suit(suit));
            }
        }
        pool
    }

    /// The probability that `seat` holds at least one of `cards`.
    pub fn p_holds_any(&self, seat: Seat, cards: CardSet) -> f32 {
        if !self.holds[seat.index()].intersection(cards).is_empty() {
            return 1.0;
        }
        let hidden = self.hidden[seat.index()] as usize;
        if hidden == 0 {
            return 0.0;
        }
        let pool = self.pool(seat);
        let marked = pool.intersection(cards).len();
        1.0 - p_none(pool.len(), marked, hidden)
    }

    /// The probability that `seat` holds no card of `suit`.
    pub fn p_void(&self, seat: Seat, suit: Suit) -> f32 {
        if self.voids[seat.index()] & (1 << suit.index()) != 0 {
            return 1.0;
        }
        1.0 - self.p_holds_any(seat, CardSet::suit(suit))
    }

    /// Whether `seat` is known to lack `suit`.
    pub fn is_void(&self, seat: Seat, suit: Suit) -> bool {
        self.voids[seat.index()] & (1 << suit.index()) != 0
            || (self.hidden[seat.index()] == 0 && !self.holds[seat.index()].has_suit(suit))
    }
}

/// The probability that `hand` cards drawn from `pool` cards contain none of `marked` of them.
fn p_none(pool: usize, marked: usize, hand: usize) -> f32 {
    if marked == 0 {
        return 1.0;
    }
    if pool < marked + hand {
        // The hand cannot avoid them all (or the counts disagree: assume it holds one).
        return 0.0;
    }
    let mut p = 1.0f32;
    for i in 0..hand {
        p *= (pool - marked - i) as f32 / (pool - i) as f32;
    }
    p
}

/// The cards of `suit` in `cards` ranked above `card` under `strength`.
pub fn higher_in(cards: CardSet, card: Card, strength: impl Fn(Card) -> u8) -> CardSet {
    let Some(suit) = card.suit() else { return CardSet::EMPTY };
    let own = strength(card);
    cards.of_suit(suit).iter().filter(|&other| strength(other) > own).collect()
}

#[cfg(test)]
mod tests {
    use super::p_none;

    #[test]
    fn p_none_is_the_hypergeometric_zero_term() {
        // One marked card among 10, a hand of 3: 7/10 * ... = 9/10 * 8/9 * 7/8 = 0.7.
        assert!((p_none(10, 1, 3) - 0.7).abs() < 1e-6);
        assert_eq!(p_none(10, 0, 3), 1.0);
        assert_eq!(p_none(4, 2, 3), 0.0);
    }
}

//! Hand evaluation for bidding: what a hand is worth in tricks, and how safe it is for a contract
//! that wants no trick. These are the counts players make before they speak, not searches.

use troef_core::{Card, CardSet, Rank, Suit};

/// The tricks a hand is likely to take in a game where every suit ranks `A K Q J T 9 ... 2`
/// (Tarneeb, Rikken), with `trump` as trump (`None`: no trump). Counted the club way: the top
/// honours and their guards, trump length beyond the third card, long side suits, and ruffs from
/// short side suits while trumps are left over.
pub fn trick_estimate(hand: CardSet, trump: Option<Suit>) -> f32 {
    let trump_length = trump.map_or(0, |suit| hand.of_suit(suit).len());
    let mut total = 0.0;
    let mut ruffs = 0.0;
    for suit in Suit::ALL {
        let cards = hand.of_suit(suit);
        let length = cards.len();
        let has = |value: u8| Rank::new(value).is_some_and(|rank| cards.contains(Card::new(rank, suit)));
        let (ace, king, queen, jack) = (has(14), has(13), has(12), has(11));
        let mut tricks = 0.0;
        if ace {
            tricks += 1.0;
        }
        if king {
            tricks += if ace {
                1.0
            } else if length >= 2 {
                0.55
            } else {
                0.1
            };
        }
        if queen {
            tricks += if ace && king {
                1.0
            } else if (ace || king) && length >= 3 {
                0.45
            } else if length >= 3 {
                0.2
            } else {
                0.05
            };
        }
        if jack {
            let above = ace as u8 + king as u8 + queen as u8;
            tricks += if above == 3 {
                0.9
            } else if above == 2 && length >= 4 {
                0.3
            } else {
                0.0
            };
        }
        if Some(suit) == trump {
            tricks += length.saturating_sub(3) as f32 * 0.85;
        } else {
            if length > 4 {
                tricks += (length - 4) as f32 * if trump.is_none() { 0.7 } else { 0.4 };
            }
            ruffs += match length {
                0 => 0.9,
                1 => 0.5,
                2 => 0.2,
                _ => 0.0,
            };
        }
        total += tricks.min(length as f32);
    }
    if trump.is_some() && trump_length >= 3 {
        total += f32::min(ruffs, (trump_length as f32 - 2.0) * 0.8);
    }
    total
}

/// How many of `hand`'s cards are likely to take a trick in a contract that wants none: by the
/// players' rule, the k-th lowest card of a suit is safe while fewer than k cards of that suit
/// outside the hand rank below it (the others can always play under it); every card beyond that
/// counts, more the further it is from safe. A void lets a dangerous card be thrown away.
/// `deck` is the cards that can be met (the game's deck less any cards known out of play);
/// `strength` ranks cards within a suit; `slack` raises the bar (1: every card one step safer
/// than needed, for contracts played with the hand open).
pub fn nullo_danger(hand: CardSet, deck: CardSet, strength: impl Fn(Card) -> u8, slack: i32) -> f32 {
    let mut danger = 0.0;
    let mut voids = 0;
    for suit in Suit::ALL {
        let suit_deck = deck.of_suit(suit);
        if suit_deck.is_empty() {
            continue;
        }
        let mut mine: Vec<Card> = hand.of_suit(suit).iter().collect();
        if mine.is_empty() {
            voids += 1;
            continue;
        }
        mine.sort_by_key(|&card| strength(card));
        let outside = suit_deck.difference(hand);
        for (position, &card) in mine.iter().enumerate() {
            let below = outside.iter().filter(|&other| strength(other) < strength(card)).count();
            let excess = below as i32 - position as i32 + slack;
            if excess > 0 {
                danger += if excess >= 3 { 1.0 } else { 0.4 + 0.2 * excess as f32 };
            }
        }
    }
    if danger > 0.0 {
        danger = f32::max(0.0, danger - 0.4 * voids as f32);
    }
    danger
}

/// The cards of `hand` ordered from the most dangerous for a trickless contract to the safest
/// (the cards a misère declarer would discard first).
pub fn nullo_dangerous_first(hand: CardSet, deck: CardSet, strength: impl Fn(Card) -> u8) -> Vec<Card> {
    let mut scored: Vec<(i32, Card)> = hand
        .iter()
        .map(|card| {
            let suit = card.suit().unwrap_or(Suit::Clubs);
            let outside = deck.of_suit(suit).difference(hand);
            let below = outside.iter().filter(|&other| strength(other) < strength(card)).count() as i32;
            let position = hand.of_suit(suit).iter().filter(|&other| strength(other) < strength(card)).count() as i32;
            (below - position, card)
        })
        .collect();
    scored.sort_by_key(|&(excess, card)| (std::cmp::Reverse(excess), std::cmp::Reverse(strength(card))));
    scored.into_iter().map(|(_, card)| card).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use troef_core::card::parse_cards;

    fn hand(text: &str) -> CardSet {
        parse_cards(text).expect("card codes").into_iter().collect()
    }

    fn plain(card: Card) -> u8 {
        card.rank().map_or(0, |rank| rank.value())
    }

    #[test]
    fn strong_trump_hands_count_more_tricks() {
        let strong = hand("AS KS QS JS 9S 5S AH KH 4D 3D 2C 3C 4C");
        let weak = hand("5S 4S 3S 7H 6H 5H 9D 8D 7D 6C 5C 4C 3C");
        assert!(trick_estimate(strong, Some(Suit::Spades)) >= 8.0);
        assert!(trick_estimate(weak, Some(Suit::Spades)) < 1.0);
        // The right trump for a hand is its long strong suit.
        assert!(trick_estimate(strong, Some(Suit::Spades)) > trick_estimate(strong, Some(Suit::Clubs)));
    }

    #[test]
    fn low_cards_are_safe_for_misere_and_aces_are_not() {
        let deck = CardSet::from_bits((1u64 << 52) - 1);
        let safe = hand("2S 3S 4S 2H 4H 6H 2D 3D 2C 3C 5C 7C 9C");
        let risky = hand("AS 3S 4S 2H 4H 6H KD 3D 2C 3C 5C 7C 9C");
        assert_eq!(nullo_danger(safe, deck, plain, 0), 0.0);
        assert!(nullo_danger(safe, deck, plain, 1) > 0.0);
        assert!(nullo_danger(risky, deck, plain, 0) >= 1.5);
        let worst: CardSet = nullo_dangerous_first(risky, deck, plain).into_iter().take(2).collect();
        assert_eq!(worst, hand("AS KD"));
    }
}

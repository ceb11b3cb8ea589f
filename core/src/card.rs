//! Cards, suits, ranks and card sets: the vocabulary every game and every record shares.
//!
//! A card is one byte: `suit * 13 + (rank - 2)` for the 52 standard cards, and 52 for the joker of
//! Rikken's variant. Card sets are 64-bit bitsets over that index, so a hand, a trick, a pile or a
//! whole deck is one `u64` and set operations are single instructions (the solvers and the
//! benchmarks live on this). Card codes are the two-character codes of the project convention:
//! rank then suit, `T` for ten, `JK` for the joker, parsed case-insensitively.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// The four suits, in the fixed internal order clubs, diamonds, hearts, spades.
///
/// The internal order means nothing in play; games that rank suits (Tysiacha's marriage values,
/// Rikken's hearts "beter") say so in their own data.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Suit {
    Clubs = 0,
    Diamonds = 1,
    Hearts = 2,
    Spades = 3,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn from_index(index: usize) -> Suit {
        Suit::ALL[index & 3]
    }

    /// The one-letter code: `C D H S`.
    pub const fn letter(self) -> char {
        match self {
            Suit::Clubs => 'C',
            Suit::Diamonds => 'D',
            Suit::Hearts => 'H',
            Suit::Spades => 'S',
        }
    }

    pub fn from_letter(letter: char) -> Option<Suit> {
        match letter.to_ascii_uppercase() {
            'C' => Some(Suit::Clubs),
            'D' => Some(Suit::Diamonds),
            'H' => Some(Suit::Hearts),
            'S' => Some(Suit::Spades),
            _ => None,
        }
    }

    /// The English plural, for error messages: "holds hearts".
    pub const fn name(self) -> &'static str {
        match self {
            Suit::Clubs => "clubs",
            Suit::Diamonds => "diamonds",
            Suit::Hearts => "hearts",
            Suit::Spades => "spades",
        }
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

impl FromStr for Suit {
    type Err = ParseCardError;
    fn from_str(text: &str) -> Result<Suit, ParseCardError> {
        let mut chars = text.trim().chars();
        match (chars.next(), chars.next()) {
            (Some(letter), None) => Suit::from_letter(letter).ok_or_else(|| ParseCardError::new(text)),
            _ => Err(ParseCardError::new(text)),
        }
    }
}

/// A rank, valued 2 (deuce) to 14 (ace) as printed on the card. Its strength in play is per game
/// (Tysiacha puts the ten above the king, the Brabant games put the trump jack and nine on top).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rank(u8);

impl Rank {
    pub const TWO: Rank = Rank(2);
    pub const SIX: Rank = Rank(6);
    pub const SEVEN: Rank = Rank(7);
    pub const EIGHT: Rank = Rank(8);
    pub const NINE: Rank = Rank(9);
    pub const TEN: Rank = Rank(10);
    pub const JACK: Rank = Rank(11);
    pub const QUEEN: Rank = Rank(12);
    pub const KING: Rank = Rank(13);
    pub const ACE: Rank = Rank(14);

    /// `value` in 2..=14.
    pub const fn new(value: u8) -> Option<Rank> {
        if value >= 2 && value <= 14 {
            Some(Rank(value))
        } else {
            None
        }
    }

    pub const fn value(self) -> u8 {
        self.0
    }

    pub const fn letter(self) -> char {
        b"23456789TJQKA"[(self.0 - 2) as usize] as char
    }

    pub fn from_letter(letter: char) -> Option<Rank> {
        let upper = letter.to_ascii_uppercase() as u8;
        b"23456789TJQKA".iter().position(|&b| b == upper).map(|i| Rank(i as u8 + 2))
    }

    pub const fn name(self) -> &'static str {
        match self.0 {
            2 => "two",
            3 => "three",
            4 => "four",
            5 => "five",
            6 => "six",
            7 => "seven",
            8 => "eight",
            9 => "nine",
            10 => "ten",
            11 => "jack",
            12 => "queen",
            13 => "king",
            _ => "ace",
        }
    }
}

/// `Card::suit` by card index (`None` for the joker and the unused indexes 53..64).
const SUIT_OF: [Option<Suit>; 64] = {
    let mut table = [None; 64];
    let mut index = 0;
    while index < 52 {
        table[index] = Some(Suit::ALL[index / 13]);
        index += 1;
    }
    table
};

/// `Card::rank` by card index (`None` for the joker and the unused indexes 53..64).
const RANK_OF: [Option<Rank>; 64] = {
    let mut table = [None; 64];
    let mut index = 0;
    while index < 52 {
        table[index] = Some(Rank((index % 13) as u8 + 2));
        index += 1;
    }
    table
};

/// One card: a standard card or the joker.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(u8);

impl Card {
    /// The joker of Rikken's 53-card variant.
    pub const JOKER: Card = Card(52);
    /// Number of distinct card indexes (52 standard cards and the joker).
    pub const COUNT: usize = 53;

    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card(suit as u8 * 13 + rank.0 - 2)
    }

    /// The card with this internal index, if any.
    pub const fn from_index(index: u8) -> Option<Card> {
        if (index as usize) < Card::COUNT {
            Some(Card(index))
        } else {
            None
        }
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    pub const fn is_joker(self) -> bool {
        self.0 == 52
    }

    /// The suit; the joker has none. A table lookup: the trick code asks for suits several
    /// times per card played, and the lookup has neither the division nor the joker branch.
    pub const fn suit(self) -> Option<Suit> {
        SUIT_OF[self.0 as usize & 63]
    }

    /// The suit of a standard card; callers that may meet the joker use [`Card::suit`].
    pub const fn suit_or_clubs(self) -> Suit {
        match SUIT_OF[self.0 as usize & 63] {
            Some(suit) => suit,
            None => Suit::Clubs,
        }
    }

    pub const fn rank(self) -> Option<Rank> {
        RANK_OF[self.0 as usize & 63]
    }

    /// The spoken name, for error messages and accessible labels: "queen of spades".
    pub fn name(self) -> String {
        match (self.rank(), self.suit()) {
            (Some(rank), Some(suit)) => format!("{} of {}", rank.name(), suit.name()),
            _ => "joker".to_string(),
        }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.rank(), self.suit()) {
            (Some(rank), Some(suit)) => write!(f, "{}{}", rank.letter(), suit.letter()),
            _ => f.write_str("JK"),
        }
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A card code that is not two characters of rank and suit (or `JK`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad card code {0:?} (expected rank A K Q J T 9..2 then suit C D H S, e.g. QS, or JK)")]
pub struct ParseCardError(pub String);

impl ParseCardError {
    fn new(text: &str) -> ParseCardError {
        ParseCardError(text.chars().take(16).collect())
    }
}

impl FromStr for Card {
    type Err = ParseCardError;
    fn from_str(text: &str) -> Result<Card, ParseCardError> {
        let trimmed = text.trim();
        let mut chars = trimmed.chars();
        let (Some(first), Some(second), None) = (chars.next(), chars.next(), chars.next()) else {
            return Err(ParseCardError::new(text));
        };
        if first.eq_ignore_ascii_case(&'J') && second.eq_ignore_ascii_case(&'K') {
            return Ok(Card::JOKER);
        }
        match (Rank::from_letter(first), Suit::from_letter(second)) {
            (Some(rank), Some(suit)) => Ok(Card::new(rank, suit)),
            _ => Err(ParseCardError::new(text)),
        }
    }
}

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if serializer.is_human_readable() {
            serializer.collect_str(self)
        } else {
            serializer.serialize_u8(self.0)
        }
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Card, D::Error> {
        if deserializer.is_human_readable() {
            let text = String::deserialize(deserializer)?;
            text.parse().map_err(serde::de::Error::custom)
        } else {
            let index = u8::deserialize(deserializer)?;
            Card::from_index(index).ok_or_else(|| serde::de::Error::custom(format!("bad card index {index}")))
        }
    }
}

/// `SELECT_IN_BYTE[byte][k]`: the position of the `k`-th set bit of `byte` (0 past its last one),
/// for [`CardSet::nth`].
const SELECT_IN_BYTE: [[u8; 8]; 256] = {
    let mut table = [[0u8; 8]; 256];
    let mut byte = 0;
    while byte < 256 {
        let (mut bit, mut k) = (0, 0);
        while bit < 8 {
            if byte & (1 << bit) != 0 {
                table[byte][k] = bit as u8;
                k += 1;
            }
            bit += 1;
        }
        byte += 1;
    }
    table
};

/// A set of cards as a bitset over [`Card::index`].
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct CardSet(u64);

impl CardSet {
    pub const EMPTY: CardSet = CardSet(0);

    pub const fn from_bits(bits: u64) -> CardSet {
        CardSet(bits & ((1u64 << Card::COUNT) - 1))
    }

    pub const fn bits(self) -> u64 {
        self.0
    }

    pub const fn single(card: Card) -> CardSet {
        CardSet(1u64 << card.0)
    }

    /// All thirteen cards of a suit.
    pub const fn suit(suit: Suit) -> CardSet {
        CardSet(0x1fff << (suit as u8 * 13))
    }

    pub const fn contains(self, card: Card) -> bool {
        self.0 & (1u64 << card.0) != 0
    }

    pub fn insert(&mut self, card: Card) {
        self.0 |= 1u64 << card.0;
    }

    pub fn remove(&mut self, card: Card) {
        self.0 &= !(1u64 << card.0);
    }

    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub const fn union(self, other: CardSet) -> CardSet {
        CardSet(self.0 | other.0)
    }

    pub const fn intersection(self, other: CardSet) -> CardSet {
        CardSet(self.0 & other.0)
    }

    pub const fn difference(self, other: CardSet) -> CardSet {
        CardSet(self.0 & !other.0)
    }

    /// This set, or `other` when this one is empty. A select rather than a jump: in random play
    /// whether a follower holds the led suit (or a trump) is random, and the processor would
    /// mispredict a branch on it about as often as not.
    pub const fn or_if_empty(self, other: CardSet) -> CardSet {
        let keep = 0u64.wrapping_sub((self.0 != 0) as u64);
        CardSet(self.0 & keep | other.0 & !keep)
    }

    /// The cards of this set in one suit.
    pub const fn of_suit(self, suit: Suit) -> CardSet {
        self.intersection(CardSet::suit(suit))
    }

    pub const fn has_suit(self, suit: Suit) -> bool {
        !self.of_suit(suit).is_empty()
    }

    /// The lowest-index card, if any.
    pub const fn first(self) -> Option<Card> {
        if self.0 == 0 {
            None
        } else {
            Some(Card(self.0.trailing_zeros() as u8))
        }
    }

    /// The `n`-th card in index order (used to pick uniformly from a set).
    ///
    /// Random play asks for a random `n`, and a loop stepping over `n` cards ends at a branch the
    /// processor mispredicts; so this is the broadword select (after S. Vigna), straight-line:
    /// the set bits of each byte are counted in parallel, running sums over the bytes give the
    /// byte holding the wanted card, and a table gives its bit within that byte.
    pub fn nth(self, n: usize) -> Option<Card> {
        const ONES: u64 = 0x0101_0101_0101_0101;
        const HIGHS: u64 = 0x8080_8080_8080_8080;
        let bits = self.0;
        let mut counts = bits - ((bits >> 1) & 0x5555_5555_5555_5555);
        counts = (counts & 0x3333_3333_3333_3333) + ((counts >> 2) & 0x3333_3333_3333_3333);
        counts = (counts + (counts >> 4)) & 0x0f0f_0f0f_0f0f_0f0f;
        // Byte `i` of `sums`: the cards in bytes 0 to `i`; the top byte is the set's size.
        let sums = counts.wrapping_mul(ONES);
        if n >= (sums >> 56) as usize {
            return None;
        }
        // A byte's high bit stays set where its running sum is at most `n` (no byte borrows: sums
        // and `n` are below 0x80): those bytes lie wholly before the wanted card, so their number
        // is the index of the byte that holds it.
        let at_most = ((n as u64 * ONES) | HIGHS).wrapping_sub(sums) & HIGHS;
        let byte = ((at_most >> 7).wrapping_mul(ONES) >> 56) as u32;
        let before = ((sums << 8) >> (8 * byte)) & 0xff;
        let in_byte = (bits >> (8 * byte)) & 0xff;
        let bit = SELECT_IN_BYTE[in_byte as usize][(n as u64 - before) as usize & 7];
        Some(Card(8 * byte as u8 + bit))
    }

    pub fn iter(self) -> CardSetIter {
        CardSetIter(self.0)
    }
}

impl fmt::Display for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for card in self.iter() {
            if !first {
                f.write_str(" ")?;
            }
            first = false;
            write!(f, "{card}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{{{self}}}")
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> CardSet {
        let mut set = CardSet::EMPTY;
        for card in iter {
            set.insert(card);
        }
        set
    }
}

impl IntoIterator for CardSet {
    type Item = Card;
    type IntoIter = CardSetIter;
    fn into_iter(self) -> CardSetIter {
        self.iter()
    }
}

/// Iterates a [`CardSet`] in index order.
#[derive(Clone, Debug)]
pub struct CardSetIter(u64);

impl Iterator for CardSetIter {
    type Item = Card;
    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(Card(index as u8))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for CardSetIter {}

/// Parses a whitespace-separated list of card codes.
pub fn parse_cards(text: &str) -> Result<Vec<Card>, ParseCardError> {
    text.split_whitespace().map(str::parse).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_round_trips() {
        for index in 0..Card::COUNT as u8 {
            let card = Card::from_index(index).unwrap();
            let code = card.to_string();
            assert_eq!(code.parse::<Card>().unwrap(), card);
            assert_eq!(code.to_lowercase().parse::<Card>().unwrap(), card);
        }
        assert_eq!("QS".parse::<Card>().unwrap().name(), "queen of spades");
        assert_eq!("TH".parse::<Card>().unwrap().rank(), Some(Rank::TEN));
    }

    #[test]
    fn bad_codes_are_errors() {
        for bad in ["", "Q", "QSS", "1H", "QX", "10H", "JJ"] {
            assert!(bad.parse::<Card>().is_err(), "{bad}");
        }
    }

    #[test]
    fn nth_is_the_nth_card_in_index_order() {
        // Sets of every size, spread over all the bytes (a fixed multiplicative sequence).
        let mut bits = 0x9e37_79b9_7f4a_7c15u64;
        for round in 0..2000u64 {
            bits = bits.wrapping_mul(0x5851_f42d_4c95_7f2d).wrapping_add(round);
            let set = CardSet::from_bits(bits >> (round % 64));
            for n in 0..=set.len() + 1 {
                assert_eq!(set.nth(n), set.iter().nth(n), "{set} n={n}");
            }
        }
        let deck = CardSet::from_bits(u64::MAX);
        assert_eq!(deck.nth(52), Some(Card::JOKER));
        assert_eq!(deck.nth(53), None);
        assert_eq!(CardSet::EMPTY.nth(0), None);
    }

    #[test]
    fn or_if_empty_falls_back_only_on_an_empty_set() {
        let (some, other) = (CardSet::suit(Suit::Hearts), CardSet::suit(Suit::Clubs));
        assert_eq!(some.or_if_empty(other), some);
        assert_eq!(CardSet::EMPTY.or_if_empty(other), other);
        assert_eq!(CardSet::EMPTY.or_if_empty(CardSet::EMPTY), CardSet::EMPTY);
    }

    #[test]
    fn suit_sets_partition_the_standard_deck() {
        let all = Suit::ALL.iter().fold(CardSet::EMPTY, |set, &suit| set.union(CardSet::suit(suit)));
        assert_eq!(all.len(), 52);
        assert!(!all.contains(Card::JOKER));
    }
}

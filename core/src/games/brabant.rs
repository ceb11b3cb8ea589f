//! What the two Brabant games (Tachentige, `../shared/rules/tachentige.md`, and Tachtigen,
//! `../shared/rules/tachtigen.md`) share, written once and configured per game: the trump order
//! `J 9 A K Q T 8 7 (6)`, the card points, rounding to tens, the stok (turned for all and taken
//! into the declarer's hand, then discards face down), and roem (detection of every combination
//! in a hand, its value under a roem table, the check of a declaration, the ranking of single
//! combinations used when roem is denied, and the relation by which a combination rejects
//! another).
//!
//! **Roem.** A combination is one of: a run of three or more cards of one suit in the natural
//! order `A K Q J T 9 8 7 6` (always at its maximal length), all four (or, in the Tachentige
//! tables, three) cards of one rank, the two red sevens of Tachentige's 30-card deck, and the
//! stuk (king and queen of trump). A card may count in combinations of different kinds at once.
//! [`RoemTable`] says what each is worth; a combination worth nothing under a table (four
//! sevens in Tachtigen) is not a combination of that table.

use crate::card::{Card, CardSet, Rank, Suit};
use crate::event::{Events, Pile, SlotSet, Visibility};
use crate::seat::Seat;
use crate::table::{Place, RankOrder, Table};
use crate::RuleError;
use std::fmt;

/// Trick strength: `A K Q J T 9 8 7 6` in plain suits, `J 9 A K Q T 8 7 6` in trump (the six
/// exists only in Tachtigen's hearts).
pub const RANK_ORDER: RankOrder = RankOrder::new("AKQJT9876", "J9AKQT876");

/// Card points: A 11, T 10, K 3, Q 2, plain J 1; trump J 20 and trump 9 14; the rest 0.
pub const fn card_points(card: Card, trump: Option<Suit>) -> u32 {
    let (Some(rank), Some(suit)) = (card.rank(), card.suit()) else { return 0 };
    let is_trump = match trump {
        Some(trump) => trump.index() == suit.index(),
        None => false,
    };
    match rank.value() {
        14 => 11,
        10 => 10,
        13 => 3,
        12 => 2,
        11 if is_trump => 20,
        11 => 1,
        9 if is_trump => 14,
        _ => 0,
    }
}

/// Plain card points of each set of ranks 6 to A of one suit (bit `v - 6` for rank value `v`).
const SUIT_POINTS: [u8; 512] = {
    let mut table = [0u8; 512];
    let mut ranks = 0;
    while ranks < 512 {
        let mut value = 6;
        while value <= 14 {
            if ranks & (1 << (value - 6)) != 0 {
                if let Some(rank) = Rank::new(value as u8) {
                    table[ranks] += card_points(Card::new(rank, Suit::Clubs), None) as u8;
                }
            }
            value += 1;
        }
        ranks += 1;
    }
    table
};

/// The card points of a set of cards: each suit's plain points from a table, then the trump
/// jack's and nine's extra (one lookup per suit instead of one step per card).
pub fn points(cards: CardSet, trump: Option<Suit>) -> u32 {
    let bits = cards.bits();
    // Rank value `v` of suit `s` is card index `13 s + v - 2`, so ranks 6..=14 start at bit 4.
    let mut total: u32 =
        Suit::ALL.iter().map(|suit| SUIT_POINTS[(bits >> (suit.index() * 13 + 4)) as usize & 0x1ff] as u32).sum();
    if let Some(trump) = trump {
        let [jack, nine] = [Rank::JACK, Rank::NINE].map(|rank| Card::new(rank, trump));
        total += 19 * cards.contains(jack) as u32 + 14 * cards.contains(nine) as u32;
    }
    total
}

/// `points` rounded to a multiple of ten: down when its last digit is below `up_from`, up
/// otherwise (Tachentige rounds the declaring side's points up from 5 and the defenders' from 2).
pub const fn round_to_ten(points: u32, up_from: u32) -> u32 {
    let tens = points / 10 * 10;
    if points % 10 >= up_from {
        tens + 10
    } else {
        tens
    }
}

/// The stok turned face up for all and taken into `seat`'s hand (one [`Visibility::ShownToAll`],
/// then one [`Visibility::TakenIntoHand`]); nothing happens when there is no stok.
#[inline]
pub fn take_stok(table: &mut Table, seat: Seat, events: &mut Events) {
    let stok = table.slots_in(Place::Pile(Pile::Talon));
    if stok.is_empty() {
        return;
    }
    table.emit(Visibility::ShownToAll { slots: stok }, events);
    for slot in stok.iter() {
        table.move_slot(slot, Place::Hand(seat));
    }
    table.emit(Visibility::TakenIntoHand { seat, slots: stok }, events);
}

/// Discards `cards` from `seat`'s hand face down (one [`Visibility::DiscardedFaceDown`]). Every
/// card must be known to lie in the hand; on error nothing has changed.
#[inline]
pub fn discard_face_down(table: &mut Table, seat: Seat, cards: CardSet, events: &mut Events) -> Result<(), RuleError> {
    let mut slots = SlotSet::EMPTY;
    for card in cards.iter() {
        slots.insert(table.slot_in_hand(seat, card)?);
    }
    for slot in slots.iter() {
        table.move_slot(slot, Place::Discards(seat));
    }
    table.emit(Visibility::DiscardedFaceDown { seat, slots }, events);
    Ok(())
}

/// Which roem values a game plays with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RoemTable {
    /// Runs 20/50/100/120/140/160/180 (3 to 9 cards), four aces, kings or queens 100, four
    /// jacks 200, stuk 20 (Tachtigen's default).
    Pandoer,
    /// Runs 20/50/100 (5 or more), three of 8 9 T Q K A 100, three jacks 200, four of 8 9 T Q K A
    /// 200, four jacks 400 (replacing the three), stuk 20 (seed 000's table without its sevens:
    /// Tachtigen's `roem_table = tachentige`).
    Tachentige,
    /// Tachentige with its 30-card deck: the [`RoemTable::Tachentige`] values, plus both sevens
    /// (`7H 7D`, the only two of that deck) 100.
    Tachentige30,
    /// Tachentige with its 32-card deck: the [`RoemTable::Tachentige`] values, with sevens an
    /// ordinary rank (three 100, four 200) and no two-sevens combination.
    Tachentige32,
}

impl RoemTable {
    /// One of seed 000's tables (threes count, runs stop at 100).
    const fn is_tachentige(self) -> bool {
        !matches!(self, RoemTable::Pandoer)
    }
}

/// One roem combination.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Combo {
    /// `len` cards of `suit` from rank value `top` down.
    Run { suit: Suit, top: u8, len: u8 },
    /// All four cards of a rank (value 6..14).
    Four(u8),
    /// Exactly three cards of a rank (only in the Tachentige tables).
    Three(u8),
    /// Both sevens of Tachentige's 30-card deck, `7H 7D`.
    TwoSevens,
    /// King and queen of the trump suit.
    Stuk(Suit),
}

fn rank_card(value: u8, suit: Suit) -> Option<Card> {
    Rank::new(value).map(|rank| Card::new(rank, suit))
}

/// The cards of a rank present in the deck of either Brabant game (the six only in hearts).
fn rank_cards(value: u8) -> CardSet {
    Suit::ALL
        .iter()
        .filter_map(|&suit| rank_card(value, suit))
        .filter(|card| value != 6 || card.suit() == Some(Suit::Hearts))
        .collect()
}

impl Combo {
    /// The cards the combination consists of (for a three, the three held in `hand`).
    pub fn cards(self, hand: CardSet) -> CardSet {
        match self {
            Combo::Run { suit, top, len } => {
                (0..len).filter_map(|step| rank_card(top.wrapping_sub(step), suit)).collect()
            }
            Combo::Four(value) => rank_cards(value),
            Combo::Three(value) => rank_cards(value).intersection(hand),
            Combo::TwoSevens => red_sevens(),
            Combo::Stuk(suit) => [Rank::KING, Rank::QUEEN].into_iter().map(|rank| Card::new(rank, suit)).collect(),
        }
    }

    /// Its value under `table` (0 when the table does not score it).
    pub fn value(self, table: RoemTable) -> u32 {
        match (self, table) {
            (Combo::Run { len, .. }, RoemTable::Pandoer) => match len {
                0..=2 => 0,
                3 => 20,
                4 => 50,
                5 => 100,
                len => 120 + 20 * (len as u32 - 6),
            },
            (Combo::Run { len, .. }, _) => match len {
                0..=2 => 0,
                3 => 20,
                4 => 50,
                _ => 100,
            },
            (Combo::Four(11), RoemTable::Pandoer) => 200,
            (Combo::Four(12..=14), RoemTable::Pandoer) => 100,
            (Combo::Four(11), _) if table.is_tachentige() => 400,
            (Combo::Four(8..=10 | 12..=14), _) if table.is_tachentige() => 200,
            (Combo::Four(7), RoemTable::Tachentige32) => 200,
            (Combo::Three(11), _) if table.is_tachentige() => 200,
            (Combo::Three(8..=10 | 12..=14), _) if table.is_tachentige() => 100,
            (Combo::Three(7), RoemTable::Tachentige32) => 100,
            (Combo::TwoSevens, RoemTable::Tachentige30) => 100,
            (Combo::Stuk(_), _) => 20,
            _ => 0,
        }
    }

    /// Ranking of single combinations for a denial (Tachtigen's `roem_denial`, Pandoer table):
    /// run 3 < run 4 < run 5 < four queens < four kings < four aces < run 6 < .. < run 9 < four
    /// jacks; equal runs by top card, then suit `S > H > D > C`. The stuk ranks nowhere (`None`).
    pub fn denial_rank(self) -> Option<(u8, u8, u8)> {
        let suit_rank = |suit: Suit| match suit {
            Suit::Spades => 3,
            Suit::Hearts => 2,
            Suit::Diamonds => 1,
            Suit::Clubs => 0,
        };
        match self {
            Combo::Run { suit, top, len } if len <= 5 => Some((len - 3, top, suit_rank(suit))),
            Combo::Run { suit, top, len } => Some((len + 3, top, suit_rank(suit))),
            Combo::Four(12) => Some((3, 0, 0)),
            Combo::Four(13) => Some((4, 0, 0)),
            Combo::Four(14) => Some((5, 0, 0)),
            Combo::Four(11) => Some((20, 0, 0)),
            _ => None,
        }
    }

    /// Tachentige's rejection relation (6.3.3 of its spec): whether `self`, shown by a defender,
    /// rejects `other`, shown by the declaring side, with `trump` the trump suit. Same-rank
    /// combinations (two sevens, threes, fours) compare by rank strength `J A T K Q 9 8 7`, a four
    /// rejecting every three and the two sevens; runs compare by length, then top card, then the
    /// trump suit. Different families, and the stuk, never reject each other.
    pub fn rejects(self, other: Combo, trump: Option<Suit>) -> bool {
        /// Card points with ties broken by rank, jacks on top.
        const fn strength(value: u8) -> u8 {
            match value {
                11 => 8,
                14 => 7,
                10 => 6,
                13 => 5,
                12 => 4,
                9 => 3,
                8 => 2,
                _ => 1,
            }
        }
        match (self, other) {
            (Combo::Three(x), Combo::Three(y)) | (Combo::Four(x), Combo::Four(y)) => strength(x) > strength(y),
            (Combo::Three(x), Combo::TwoSevens) => strength(x) > strength(7),
            (Combo::Four(_), Combo::Three(_) | Combo::TwoSevens) => true,
            (Combo::Run { suit, top, len }, Combo::Run { suit: other_suit, top: other_top, len: other_len }) => {
                len > other_len
                    || (len == other_len && top > other_top)
                    || (len == other_len && top == other_top && Some(suit) == trump && Some(other_suit) != trump)
            }
            _ => false,
        }
    }

    /// The combination a set of cards forms, if any: three or four of a rank, the two red sevens,
    /// or three or more consecutive cards of one suit (the stuk, two cards of one suit, is never
    /// formed this way).
    pub fn of_cards(cards: CardSet) -> Option<Combo> {
        let first = cards.first()?;
        let (rank, suit) = (first.rank()?.value(), first.suit()?);
        if cards == red_sevens() {
            return Some(Combo::TwoSevens);
        }
        if cards.len() >= 3 && cards.iter().all(|card| card.rank().map(Rank::value) == Some(rank)) {
            return match cards.len() {
                4 => Some(Combo::Four(rank)),
                3 => Some(Combo::Three(rank)),
                _ => None,
            };
        }
        let len = cards.len() as u8;
        let run = Combo::Run { suit, top: rank + len - 1, len };
        (len >= 3 && run.cards(CardSet::EMPTY) == cards).then_some(run)
    }

    /// The combination a list of cards forms, by its kind word (`run`, `four`, `three`, `two`,
    /// `stuk`); the cards in any order.
    pub fn from_cards(kind: &str, cards: &[Card]) -> Result<Combo, RuleError> {
        let set: CardSet = cards.iter().copied().collect();
        let bad = |why: &str| RuleError::new(format!("{kind} {}: {why}", list(cards)));
        if set.len() != cards.len() || cards.iter().any(|card| card.is_joker()) {
            return Err(bad("not distinct cards"));
        }
        let values: Vec<u8> = cards.iter().filter_map(|card| card.rank()).map(Rank::value).collect();
        let same_rank = values.windows(2).all(|pair| pair[0] == pair[1]);
        match kind.to_ascii_lowercase().as_str() {
            "run" => {
                let suit = cards.first().and_then(|card| card.suit()).ok_or_else(|| bad("empty"))?;
                let top = values.iter().copied().max().unwrap_or(0);
                let combo = Combo::Run { suit, top, len: cards.len() as u8 };
                if cards.len() < 3 || combo.cards(CardSet::EMPTY) != set {
                    return Err(bad("not three or more consecutive cards of one suit"));
                }
                Ok(combo)
            }
            "four" if cards.len() == 4 && same_rank && rank_cards(values[0]) == set => Ok(Combo::Four(values[0])),
            "three" if cards.len() == 3 && same_rank => Ok(Combo::Three(values[0])),
            "two" if set == red_sevens() => Ok(Combo::TwoSevens),
            "two" => Err(bad("not the two red sevens")),
            "stuk" => match cards.first().and_then(|card| card.suit()) {
                Some(suit) if Combo::Stuk(suit).cards(CardSet::EMPTY) == set => Ok(Combo::Stuk(suit)),
                _ => Err(bad("not the king and queen of one suit")),
            },
            "four" | "three" => Err(bad("not all of one rank")),
            _ => Err(RuleError::new(format!("unknown roem kind {kind:?} (run, four, three, two, stuk)"))),
        }
    }

    /// `run JH TH 9H`, `four AS AH AD AC`, `two 7H 7D`, `stuk KH QH`; a three needs the hand.
    pub fn text(self, hand: CardSet) -> String {
        let kind = match self {
            Combo::Run { .. } => "run",
            Combo::Four(_) => "four",
            Combo::Three(_) => "three",
            Combo::TwoSevens => "two",
            Combo::Stuk(_) => "stuk",
        };
        let mut cards: Vec<Card> = self.cards(hand).iter().collect();
        cards.sort_by_key(|card| {
            (std::cmp::Reverse(card.rank().map_or(0, Rank::value)), std::cmp::Reverse(card.index()))
        });
        format!("{kind} {}", list(&cards))
    }
}

/// The two sevens of Tachentige's 30-card deck.
fn red_sevens() -> CardSet {
    CardSet::single(Card::new(Rank::SEVEN, Suit::Hearts)).union(CardSet::single(Card::new(Rank::SEVEN, Suit::Diamonds)))
}

fn list(cards: &[Card]) -> String {
    cards.iter().map(|card| card.to_string()).collect::<Vec<_>>().join(" ")
}

/// The most combinations any hand of a Brabant game can hold (at most 10 cards: two runs per
/// suit, three ranks of three or four, the two sevens, the stuk).
pub const MAX_COMBOS: usize = 16;

/// The combinations of a [`Roem`], in order.
pub type Combos = arrayvec::ArrayVec<Combo, MAX_COMBOS>;

/// Bit layout of a packed [`Roem`]: 9 rank positions (6..=14) per suit for the run cards, then
/// 3 bits per rank 7..=14 (0 none, 1 four, 2 + s a three without suit `s`, 6 the two red sevens),
/// then 3 bits for the stuk (0 none, 1 + suit).
const RUN_BITS: u32 = 36;
const RANK_BITS: u32 = 3;
const LOWEST_SET: u8 = 7;
const SET_RANKS: u32 = 8;
const STUK_SHIFT: u32 = RUN_BITS + SET_RANKS * RANK_BITS;
/// The rank field value of the two red sevens.
const TWO_SEVENS: u64 = 6;

/// A set of combinations (every one in a hand, or a declaration), packed into one word so that
/// actions stay small: the runs as the set of their cards (runs of one suit are always separated
/// by a missing card, so the set splits back into the runs), the fours and threes by rank, the
/// stuk by suit. Equal sets compare equal.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Roem(u64);

impl fmt::Debug for Roem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text())
    }
}

impl Roem {
    pub const EMPTY: Roem = Roem(0);

    fn rank_field(&self, value: u8) -> u64 {
        (self.0 >> (RUN_BITS + (value - LOWEST_SET) as u32 * RANK_BITS)) & 7
    }

    /// The combinations, runs first (by suit, then from the lowest), then fours, threes, the two
    /// sevens, stuk.
    pub fn combos(&self) -> Combos {
        let mut out = Combos::new();
        for suit in Suit::ALL {
            // Each run is a block of set bits: its low end is the lowest set bit, its length
            // the count of set bits from there.
            let mut bits = (self.0 >> (suit.index() as u32 * 9)) & 0x1ff;
            while bits != 0 {
                let low = bits.trailing_zeros();
                let len = (bits >> low).trailing_ones();
                out.push(Combo::Run { suit, top: (low + len - 1 + 6) as u8, len: len as u8 });
                bits &= !(((1u64 << len) - 1) << low);
            }
        }
        let ranks = (self.0 >> RUN_BITS) & ((1 << (SET_RANKS * RANK_BITS)) - 1);
        if ranks != 0 {
            for value in LOWEST_SET..=14 {
                if self.rank_field(value) == 1 {
                    out.push(Combo::Four(value));
                }
            }
            for value in LOWEST_SET..=14 {
                if (2..TWO_SEVENS).contains(&self.rank_field(value)) {
                    out.push(Combo::Three(value));
                }
            }
            if self.rank_field(7) == TWO_SEVENS {
                out.push(Combo::TwoSevens);
            }
        }
        let stuk = (self.0 >> STUK_SHIFT) & 7;
        if stuk != 0 {
            out.push(Combo::Stuk(Suit::from_index(stuk as usize - 1)));
        }
        out
    }

    pub fn is_empty(&self) -> bool {
        self.0 == 0
    }

    pub fn len(&self) -> usize {
        self.combos().len()
    }

    /// Adds a combination; for a three, `cards` are its three cards. A duplicate, a run touching
    /// another run of its suit, a four or three of a rank below 7 (worth nothing in any table),
    /// the two sevens beside a set of sevens, or two stuks are errors.
    pub fn push(&mut self, combo: Combo, cards: CardSet) -> Result<(), RuleError> {
        match combo {
            Combo::Run { suit, top, len } => {
                if len < 3 || top > 14 || top + 1 < 6 + len {
                    return Err(RuleError::new("not a run"));
                }
                let low = top + 1 - len;
                let own = ((1u64 << len) - 1) << (low - 6);
                // The run and its neighbours must be free: runs of a suit are separated by a gap.
                let around = (own << 1 | own >> 1 | own) & 0x1ff;
                let shift = suit.index() as u32 * 9;
                if (self.0 >> shift) & around != 0 {
                    return Err(RuleError::new("runs of one suit must be separated by a missing card"));
                }
                self.0 |= own << shift;
            }
            Combo::TwoSevens => {
                if self.rank_field(7) != 0 {
                    return Err(RuleError::new("a rank is declared twice"));
                }
                self.0 |= TWO_SEVENS << RUN_BITS;
            }
            Combo::Four(value) | Combo::Three(value) => {
                if !(LOWEST_SET..=14).contains(&value) {
                    return Err(RuleError::new("fours and threes below 7 score nothing"));
                }
                if self.rank_field(value) != 0 {
                    return Err(RuleError::new("a rank is declared twice"));
                }
                let field = match combo {
                    Combo::Four(_) => 1,
                    _ => {
                        let missing = rank_cards(value).difference(cards);
                        match (cards.len(), missing.first().and_then(|card| card.suit())) {
                            (3, Some(suit)) if missing.len() == 1 => 2 + suit.index() as u64,
                            _ => return Err(RuleError::new("a three needs three cards of its rank")),
                        }
                    }
                };
                self.0 |= field << (RUN_BITS + (value - LOWEST_SET) as u32 * RANK_BITS);
            }
            Combo::Stuk(suit) => {
                if (self.0 >> STUK_SHIFT) & 7 != 0 {
                    return Err(RuleError::new("the stuk is declared twice"));
                }
                self.0 |= (1 + suit.index() as u64) << STUK_SHIFT;
            }
        }
        Ok(())
    }

    /// The cards of a three of `value` in this roem.
    fn three_cards(&self, value: u8) -> CardSet {
        let field = self.rank_field(value);
        match field {
            2..TWO_SEVENS => rank_cards(value).difference(
                rank_card(value, Suit::from_index(field as usize - 2)).map_or(CardSet::EMPTY, CardSet::single),
            ),
            _ => CardSet::EMPTY,
        }
    }

    /// The cards of one of its combinations (for a three, the three it was declared with).
    pub fn combo_cards(&self, combo: Combo) -> CardSet {
        match combo {
            Combo::Three(value) => self.three_cards(value),
            other => other.cards(CardSet::EMPTY),
        }
    }

    /// The cards of every combination.
    pub fn cards(&self) -> CardSet {
        self.combos().iter().fold(CardSet::EMPTY, |all, &combo| all.union(self.combo_cards(combo)))
    }

    /// The total value under `table`.
    pub fn value(&self, table: RoemTable) -> u32 {
        self.combos().iter().map(|combo| combo.value(table)).sum()
    }

    /// The sub-declaration of the combinations whose bit is set in `mask` (bit `i` for the
    /// `i`-th of [`Roem::combos`]).
    pub fn subset(&self, mask: u32) -> Roem {
        let mut out = Roem::EMPTY;
        for (index, &combo) in self.combos().iter().enumerate() {
            if mask & (1 << index) != 0 {
                let _ = out.push(combo, self.combo_cards(combo));
            }
        }
        out
    }

    /// Whether every combination of `self` is one of `all`.
    pub fn is_subset_of(&self, all: &Roem) -> bool {
        let theirs = all.combos();
        self.combos().iter().all(|combo| theirs.contains(combo))
    }

    /// `none`, or the combinations separated by commas: `run JH TH 9H, stuk KH QH`.
    pub fn text(&self) -> String {
        if self.is_empty() {
            return "none".to_string();
        }
        self.combos().iter().map(|&combo| combo.text(self.combo_cards(combo))).collect::<Vec<_>>().join(", ")
    }

    /// Parses [`Roem::text`].
    pub fn parse(text: &str) -> Result<Roem, RuleError> {
        let mut roem = Roem::EMPTY;
        if text.trim().eq_ignore_ascii_case("none") {
            return Ok(roem);
        }
        for part in text.split(',') {
            let mut words = part.split_whitespace();
            let kind = words.next().ok_or_else(|| RuleError::new("empty roem combination"))?;
            let cards = words
                .map(|word| word.parse::<Card>().map_err(|error| RuleError::new(error.to_string())))
                .collect::<Result<Vec<_>, _>>()?;
            let combo = Combo::from_cards(kind, &cards)?;
            roem.push(combo, cards.iter().copied().collect())?;
        }
        Ok(roem)
    }
}

/// Every combination `hand` holds under `table` with trump `trump`: maximal runs, fours (and
/// threes and the two sevens in the Tachentige tables) worth something, and the stuk.
pub fn detect(hand: CardSet, trump: Option<Suit>, table: RoemTable) -> Roem {
    let mut roem = Roem::EMPTY;
    // Per suit, the held rank values as bits (bit `v` for value `v`).
    let suit_ranks = Suit::ALL.map(|suit| ((hand.bits() >> (suit.index() * 13)) as u32 & 0x1fff) << 2);
    for (suit, &ranks) in Suit::ALL.iter().zip(&suit_ranks) {
        // Every maximal block of consecutive values 6..=14 of three or more is a run.
        let mut bits = ranks >> 6 & 0x1ff;
        while bits != 0 {
            let low = bits.trailing_zeros();
            let len = (bits >> low).trailing_ones();
            if len >= 3 {
                let run = Combo::Run { suit: *suit, top: (low + len - 1 + 6) as u8, len: len as u8 };
                let _ = roem.push(run, CardSet::EMPTY);
            }
            bits &= !(((1u32 << len) - 1) << low);
        }
    }
    // The values held in three or four suits, counted bitwise over the four suits.
    let [a, b, c, d] = suit_ranks;
    let four = a & b & c & d;
    let three_or_more = (a & b & (c | d)) | (c & d & (a | b));
    let mut values = three_or_more & (0xff << LOWEST_SET);
    while values != 0 {
        let value = values.trailing_zeros() as u8;
        values &= values - 1;
        let held = rank_cards(value).intersection(hand);
        let combo = if four & (1 << value) != 0 { Combo::Four(value) } else { Combo::Three(value) };
        if combo.value(table) > 0 {
            let _ = roem.push(combo, held);
        }
    }
    if table == RoemTable::Tachentige30 && hand.intersection(red_sevens()) == red_sevens() {
        let _ = roem.push(Combo::TwoSevens, CardSet::EMPTY);
    }
    if let Some(trump) = trump {
        let stuk = Combo::Stuk(trump);
        if stuk.cards(hand).intersection(hand).len() == 2 {
            let _ = roem.push(stuk, CardSet::EMPTY);
        }
    }
    roem
}

/// The best single combination of a roem for a denial (the stuk excluded).
pub fn best_for_denial(roem: &Roem) -> Option<Combo> {
    roem.combos().iter().copied().filter(|combo| combo.denial_rank().is_some()).max_by_key(|combo| combo.denial_rank())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::parse_cards;

    fn set(text: &str) -> CardSet {
        parse_cards(text).unwrap().into_iter().collect()
    }

    #[test]
    fn points_are_the_sum_of_card_points() {
        let mut bits = 0x2545_f491_4f6c_dd1du64;
        for round in 0..3000u64 {
            bits ^= bits << 13;
            bits ^= bits >> 7;
            bits ^= bits << 17;
            let cards = CardSet::from_bits(bits.rotate_left(round as u32 % 64));
            for trump in [None, Some(Suit::Clubs), Some(Suit::Diamonds), Some(Suit::Hearts), Some(Suit::Spades)] {
                let expected: u32 = cards.iter().map(|card| card_points(card, trump)).sum();
                assert_eq!(points(cards, trump), expected, "{cards} {trump:?}");
            }
        }
    }

    #[test]
    fn runs_are_maximal_and_split_by_gaps() {
        let roem = detect(set("AS KS QS 9S 8S 7S 6H 7D 8C TC"), Some(Suit::Diamonds), RoemTable::Pandoer);
        assert_eq!(roem.text(), "run 9S 8S 7S, run AS KS QS");
        assert_eq!(roem.value(RoemTable::Pandoer), 40);
    }

    #[test]
    fn declarations_round_trip() {
        let roem = detect(set("KC QC JC JS JH JD 7S 7H 8D 7D"), Some(Suit::Clubs), RoemTable::Tachentige);
        let parsed = Roem::parse(&roem.text()).unwrap();
        assert_eq!(parsed, roem, "{}", roem.text());
        assert_eq!(roem.value(RoemTable::Tachentige), 440);
    }
}

//! Tachentige's pure rules: the call ladder (3.1, 3.2), the partner call (4.2), the legal cards
//! (5.2), rounding (6.2), the point-game scoring function (6.4) and the closing-round types (6.6).
//! No state: the phase machine in the parent module feeds them public facts and the cards the
//! table knows. Card points, the trump order, roem and its rejection relation are the shared
//! Brabant rules ([`crate::games::brabant`]).

use crate::card::{Card, CardSet, Rank, Suit};
use crate::games::brabant::{self, RANK_ORDER};
use crate::table::Trick;
use std::fmt;

/// The highest point bid (3.1: an implementation limit that never binds).
pub const MAX_BID: u16 = 1500;
/// Raw points of a hand: 141 in the cards, 5 for the last trick (1, 6.1).
pub const RAW_TOTAL: u32 = 146;
/// The two rounded totals always sum to this (6.2).
pub const ROUNDED_TOTAL: u32 = 150;
/// The last trick's bonus and the all-tricks bonus (1, 6.4).
pub const LAST_TRICK: u32 = 5;
pub const ALL_TRICKS: u32 = 100;
/// The contract of every closing-round point game (4.4, 6.6).
pub const CLOSING_BID: u16 = 100;
/// Closing rounds in a session (6.6).
pub const CLOSING_ROUNDS: u8 = 12;

/// What a solo asks and whether it has trumps (3.1, 4.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SoloGame {
    /// Win no trick, with trumps, every hand opened after the first lead.
    Praten,
    /// Win every trick, no trumps.
    Zwabber,
    /// Win every trick, with trumps.
    Prive,
}

impl SoloGame {
    pub const fn has_trump(self) -> bool {
        !matches!(self, SoloGame::Zwabber)
    }
}

/// The six solo contracts, low to high on the ladder (3.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Solo {
    /// `PRm`: praten with the stok.
    PratenMet,
    /// `ZWm`: zwabber with the stok.
    ZwabberMet,
    /// `PRz`: praten, the stok left unseen.
    PratenZonder,
    /// `ZWz`: zwabber, the stok left unseen.
    ZwabberZonder,
    /// `PVm`: privé with the stok.
    PriveMet,
    /// `PVz`: privé, the stok left unseen.
    PriveZonder,
}

impl Solo {
    pub const ALL: [Solo; 6] =
        [Solo::PratenMet, Solo::ZwabberMet, Solo::PratenZonder, Solo::ZwabberZonder, Solo::PriveMet, Solo::PriveZonder];

    /// (code, ladder key, value V, takes the stok, game) of table 3.1 and 3.2.
    const fn data(self) -> (&'static str, u32, i64, bool, SoloGame) {
        match self {
            Solo::PratenMet => ("PRm", 291, 100, true, SoloGame::Praten),
            Solo::ZwabberMet => ("ZWm", 292, 100, true, SoloGame::Zwabber),
            Solo::PratenZonder => ("PRz", 341, 150, false, SoloGame::Praten),
            Solo::ZwabberZonder => ("ZWz", 342, 150, false, SoloGame::Zwabber),
            Solo::PriveMet => ("PVm", 100_000, 150, true, SoloGame::Prive),
            Solo::PriveZonder => ("PVz", 100_001, 200, false, SoloGame::Prive),
        }
    }

    /// The spec's code: `PRm`, `ZWm`, `PRz`, `ZWz`, `PVm`, `PVz`.
    pub const fn code(self) -> &'static str {
        self.data().0
    }

    /// The engine rank key of 3.2.
    pub const fn key(self) -> u32 {
        self.data().1
    }

    /// V: what each opponent pays the soloist on success (and is paid on failure), 6.5.
    pub const fn value(self) -> i64 {
        self.data().2
    }

    /// A `...m` contract: the stok is turned and taken. A `...z` one leaves it unseen.
    pub const fn takes_stok(self) -> bool {
        self.data().3
    }

    pub const fn game(self) -> SoloGame {
        self.data().4
    }

    /// The solo of a code, case-insensitively (`PRm`, `prm`).
    pub fn from_code(code: &str) -> Option<Solo> {
        Solo::ALL.into_iter().find(|solo| solo.code().eq_ignore_ascii_case(code))
    }
}

/// A contract, and a call of the auction other than a pass: a point bid or a solo.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Contract {
    Points(u16),
    Solo(Solo),
}

impl Contract {
    /// The engine rank key of 3.2: a point bid's number, a solo's key.
    pub const fn key(self) -> u32 {
        match self {
            Contract::Points(points) => points as u32,
            Contract::Solo(solo) => solo.key(),
        }
    }

    pub const fn solo(self) -> Option<Solo> {
        match self {
            Contract::Solo(solo) => Some(solo),
            Contract::Points(_) => None,
        }
    }

    /// Whether the contract has a trump suit (every point game, privé and praten).
    pub const fn has_trump(self) -> bool {
        match self {
            Contract::Points(_) => true,
            Contract::Solo(solo) => solo.game().has_trump(),
        }
    }
}

impl fmt::Display for Contract {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Contract::Points(points) => write!(f, "{points}"),
            Contract::Solo(solo) => f.write_str(solo.code()),
        }
    }
}

/// Whether `call` may be made over the highest call so far (3.2, 3.3): it ranks strictly higher,
/// a point bid is a multiple of ten from `min_bid` to [`MAX_BID`], a solo is offered
/// (`solos`) and, for a `...z` solo, there is a stok to leave.
pub fn call_allowed(call: Contract, high: Option<Contract>, min_bid: u16, solos: bool, has_stok: bool) -> bool {
    let in_range = match call {
        Contract::Points(points) => points % 10 == 0 && (min_bid..=MAX_BID).contains(&points),
        Contract::Solo(solo) => solos && (has_stok || solo.takes_stok()),
    };
    in_range && high.is_none_or(|high| call.key() > high.key())
}

/// Every call of the ladder for a config, low to high (3.2): the point bids from `min_bid` to
/// [`MAX_BID`] and the solos the config offers.
pub fn ladder(min_bid: u16, solos: bool, has_stok: bool) -> Vec<Contract> {
    let mut calls: Vec<Contract> = (min_bid..=MAX_BID).step_by(10).map(Contract::Points).collect();
    calls
        .extend(Solo::ALL.map(Contract::Solo).into_iter().filter(|&call| call_allowed(call, None, 0, solos, has_stok)));
    calls.sort_by_key(|call| call.key());
    calls
}

// ---------------------------------------------------------------------------------------------
// The partner call (4.2)

/// The fallback order of ranks for a partner call: `A K Q J T 9 8 7`.
pub const FALLBACK: [Rank; 8] =
    [Rank::ACE, Rank::KING, Rank::QUEEN, Rank::JACK, Rank::TEN, Rank::NINE, Rank::EIGHT, Rank::SEVEN];

/// The cards of one rank in `deck`.
fn of_rank(deck: CardSet, rank: Rank) -> CardSet {
    Suit::ALL.iter().map(|&suit| Card::new(rank, suit)).filter(|&card| deck.contains(card)).collect()
}

/// The call rank (4.2 rule 2): the first rank in the fallback order of which a card of the deck
/// lies outside the declarer's known holdings.
pub fn call_rank(deck: CardSet, known: CardSet) -> Option<Rank> {
    FALLBACK.into_iter().find(|&rank| !of_rank(deck, rank).difference(known).is_empty())
}

/// Whether `trump` satisfies the trump constraint (4.2 rule 3): some card of the call rank
/// outside the known holdings is of another suit.
pub fn trump_allowed(deck: CardSet, known: CardSet, trump: Suit) -> bool {
    call_rank(deck, known)
        .is_some_and(|rank| of_rank(deck, rank).difference(known).iter().any(|card| card.suit() != Some(trump)))
}

/// The cards the declarer may call now (4.2 rules 1, 2, 4 and 6): the non-trump cards outside
/// his known holdings that were not called before, of the first rank in the fallback order that
/// has one.
pub fn call_candidates(deck: CardSet, known: CardSet, trump: Suit, called: CardSet) -> CardSet {
    let open = deck.difference(known).difference(called).difference(CardSet::suit(trump));
    FALLBACK.into_iter().map(|rank| of_rank(open, rank)).find(|cards| !cards.is_empty()).unwrap_or(CardSet::EMPTY)
}

// ---------------------------------------------------------------------------------------------
// Legal cards (5.2) and the trick winner (5.3)

/// The cards `hand` may play to `trick` (5.2). `trump` is `None` in zwabber. In a point game,
/// `called` is the called card once answered and `declarer` says whether the player is the
/// declarer (the called card's protection, 5.2g); solos pass `None`.
#[inline]
pub fn legal_cards(hand: CardSet, trick: &Trick, trump: Option<Suit>, called: Option<Card>, declarer: bool) -> CardSet {
    // (a) Leading: any card.
    let Some(led) = trick.led.filter(|_| !trick.is_empty()) else { return hand };
    // (b) The called card's holder must play it when its suit is led by another.
    if let Some(called) = called {
        if called.suit() == Some(led) && hand.contains(called) {
            return CardSet::single(called);
        }
    }
    let same = hand.of_suit(led);
    // (c) No trump: follow suit if able.
    let Some(trump) = trump else {
        return if same.is_empty() { hand } else { same };
    };
    let trumps = hand.of_suit(trump);
    // (d) Trump led: a trump if any other than the trump jack is held.
    if led == trump {
        let jack = CardSet::single(Card::new(Rank::JACK, trump));
        return if trumps.difference(jack).is_empty() { hand } else { trumps };
    }
    // (e) Plain suit led: follow or trump; when void, anything.
    let mut candidates = if same.is_empty() { hand } else { same.union(trumps) };
    // (f) No trump below the highest trump in the trick, unless nothing else is left.
    let highest = trick
        .cards()
        .iter()
        .filter_map(|played| played.card)
        .filter(|card| card.suit() == Some(trump))
        .fold(0, |highest, card| highest.max(trump_strength(card)));
    if highest > 0 {
        let lower =
            CardSet::from_bits(candidates.bits() & (WEAKER_TRUMPS[highest as usize] as u64) << (13 * trump.index()));
        let rest = candidates.difference(lower);
        if !rest.is_empty() {
            candidates = rest;
        }
    }
    // (g) The declarer may not trump his partner's winning called card, unless he holds only
    // trumps.
    if let (true, Some(called)) = (declarer, called) {
        let played = trick.cards().iter().find(|played| played.card == Some(called));
        if played.is_some_and(|played| trick_winner(trick, Some(trump)) == Some(played.seat)) {
            let rest = candidates.difference(trumps);
            if !rest.is_empty() {
                candidates = rest;
            }
        }
    }
    candidates
}

/// The winner of a trick (5.3): the highest trump, else the highest card of the suit led, in the
/// Brabant orders (`J 9 A K Q T 8 7` in trump, `A K Q J T 9 8 7` otherwise). The same as
/// [`Trick::winner`] with [`RANK_ORDER`], by table lookups (a hot path of random play). `None`
/// while a card is unknown.
pub fn trick_winner(trick: &Trick, trump: Option<Suit>) -> Option<crate::seat::Seat> {
    let led = CardSet::suit(trick.led?).bits();
    let trumps = trump.map_or(0, |trump| CardSet::suit(trump).bits());
    let mut best = (0u8, trick.leader);
    for played in trick.cards() {
        let index = played.card?.index();
        let bit = 1u64 << (index & 63);
        // Trumps above every plain card (strengths up to 9, against 0x20), the suit led by rank.
        let rank = index % 13;
        let key = if bit & trumps != 0 {
            0x20 | TRUMP_STRENGTH[rank]
        } else if bit & led != 0 {
            rank as u8 + 2
        } else {
            continue;
        };
        if key > best.0 {
            best = (key, played.seat);
        }
    }
    (best.0 > 0).then_some(best.1)
}

/// A trump's strength in the Brabant trump order (higher is stronger, as [`RANK_ORDER`] gives
/// it), by rank: a table lookup for the legality hot path.
fn trump_strength(card: Card) -> u8 {
    TRUMP_STRENGTH[card.rank().map_or(0, |rank| rank.value() as usize - 2)]
}

/// [`RANK_ORDER`]'s trump strengths by rank value − 2.
const TRUMP_STRENGTH: [u8; 13] = {
    let mut table = [0u8; 13];
    let mut value = 2;
    while value <= 14 {
        table[value - 2] = RANK_ORDER.strength_of(value as u8, true);
        value += 1;
    }
    table
};

/// For each trump strength, the rank bits (bit `value − 2`) of the trumps weaker than it.
const WEAKER_TRUMPS: [u16; 16] = {
    let mut table = [0u16; 16];
    let mut strength = 0;
    while strength < 16 {
        let mut value = 2;
        while value <= 14 {
            if TRUMP_STRENGTH[value - 2] < strength as u8 {
                table[strength] |= 1 << (value - 2);
            }
            value += 1;
        }
        strength += 1;
    }
    table
};

// ---------------------------------------------------------------------------------------------
// Scoring (6.2, 6.4)

/// The declaring side's rounding (6.2): a last digit of 5 or more up.
pub const fn round_declaring(points: u32) -> u32 {
    brabant::round_to_ten(points, 5)
}

/// The defenders' rounding (6.2): a last digit of 2 or more up.
pub const fn round_defending(points: u32) -> u32 {
    brabant::round_to_ten(points, 2)
}

/// The result of a point game by the scoring function of 6.4.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PointScore {
    /// raw_d after the Td = 0 rule.
    pub raw_declaring: u32,
    /// R_d and R_def (they sum to 150).
    pub rounded_declaring: u32,
    pub rounded_defending: u32,
    /// B: 100 when the declaring side won every trick.
    pub all_tricks_bonus: u32,
    /// Rm after the Td = 0 rule.
    pub roem: u32,
    /// S = R_d + B + Rm - bid.
    pub result: i64,
    /// M: 2 when the stok was left unseen.
    pub multiplier: i64,
}

impl PointScore {
    /// What each declaring-side player gets (each defender gets the opposite): M·S.
    pub const fn declaring_delta(&self) -> i64 {
        self.multiplier * self.result
    }
}

/// The scoring function of 6.4: the result of a point game from its bid, the declaring side's raw
/// points `raw_declaring` and tricks `tricks_won` out of `tricks`, the roem `roem` shown and not
/// rejected (before the Td = 0 rule) and whether the stok was left unseen.
pub fn point_score(bid: u16, raw_declaring: u32, tricks_won: u8, tricks: u8, roem: u32, stok_left: bool) -> PointScore {
    let (raw_declaring, roem) = if tricks_won == 0 { (0, 0) } else { (raw_declaring.min(RAW_TOTAL), roem) };
    let rounded_declaring = round_declaring(raw_declaring);
    let all_tricks_bonus = if tricks_won == tricks { ALL_TRICKS } else { 0 };
    let result = (rounded_declaring + all_tricks_bonus + roem) as i64 - bid as i64;
    PointScore {
        raw_declaring,
        rounded_declaring,
        rounded_defending: round_defending(RAW_TOTAL - raw_declaring),
        all_tricks_bonus,
        roem,
        result,
        multiplier: if stok_left { 2 } else { 1 },
    }
}

// ---------------------------------------------------------------------------------------------
// Closing rounds (4.4, 6.6)

/// The three closing-round types, in the order they are played (4 hands each).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ClosingType {
    /// Type 1: the forced declarer's first card is turned for trump; he calls blind.
    Turned,
    /// Type 2: he names trump and calls without having seen a card.
    Blind,
    /// Type 3: he looks at his hand and chooses the point game for 100 or a solo.
    Open,
}

impl ClosingType {
    /// The type of closing round `round` (1..=12): 1-4 turned, 5-8 blind, 9-12 open.
    pub const fn of_round(round: u8) -> ClosingType {
        match round {
            0..=4 => ClosingType::Turned,
            5..=8 => ClosingType::Blind,
            _ => ClosingType::Open,
        }
    }

    /// The spec's number of the type (1, 2 or 3).
    pub const fn number(self) -> u8 {
        match self {
            ClosingType::Turned => 1,
            ClosingType::Blind => 2,
            ClosingType::Open => 3,
        }
    }

    /// Whether the forced declarer plays the declarer phase without seeing his hand until his
    /// partner call is answered (types 1 and 2).
    pub const fn is_blind(self) -> bool {
        !matches!(self, ClosingType::Open)
    }
}

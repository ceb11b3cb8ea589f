//! Tysiacha / Thousand (Тысяча, Tysiąc): the rules of `../shared/rules/tysiacha.md` as a [`Game`].
//!
//! Three active players (or four with one sitting out) bid for the right to be the `declarer`,
//! take the three-card `talon`, name a contract (or concede: rospisat'), pass one card to each
//! defender and play eight tricks in which a declared `marriage` (K+Q led together) both scores
//! and sets trump. Scores run to exactly 1000 through the barrel rules of section 6.7.
//!
//! Layout of this module:
//! * rule tables and pure rule functions ([`legal_follows`], [`trick_winner`], [`round_points`],
//!   [`card_points`], [`settle_hand`]), used by the game hooks and by the table-driven tests;
//! * [`TysiachaConfig`]: every variant key of section 8, typed;
//! * [`Tysiacha`]: the public state of one hand (phase, bids, contract, declarer, trump, declared
//!   marriages, whose turn); card identities live in the [`Table`];
//! * [`TysiachaOutcome`] and [`TysiachaScores`]: what a hand produced and the match state.
//!
//! Deck positions: the canonical mapping of section 2.5 is the [`DealLayout`]; the talon always
//! lies at deck positions 21, 22 and 23 (`TALON_SLOTS`), so the game never searches for it.
//!
//! **Score sheet keys** (records, `scores_before` / `scores_after`), for every seat `Pn`:
//! `Pn` the score; `Pn.barrel` 1 when on the barrel, else 0; `Pn.barrel_hands` the barrel
//! counter (0 .. `barrel_hand_limit` − 1); `Pn.bolts` (counted only with `zero_penalty = on`);
//! `Pn.rospisats` (counted only with `rospisat_cost = every_third`). Missing keys read as 0.
//!
//! **Deltas** ([`Game::seat_deltas`]): the *raw* deltas of sections 6.2, 6.3, 6.5 and 6.6, before
//! the match-state steps of 6.7 (barrel zeroing, clamps, overshoot, bolts). For a rospisat' the
//! declarer's raw delta is shown as −B even under `rospisat_cost = every_third` (whether that
//! concession is free depends on the match state; [`settle_hand`] reports the exact value).
//! The sitter's delta is 0, or the musik bonus with `sitter_bonus = musik`.
//!
//! **Partial knowledge**: when a table does not know all of a seat's cards (a networked peer),
//! duties that depend on hidden cards are checked only against that seat's *public* cards (cards
//! every peer has seen, such as an open talon taken into the hand), so every peer reaches the
//! same verdict; the end-of-hand audit checks the rest. A bid or contract above 120 and its cap
//! are then accepted. Decision: with `four_nines_redeal = on` the state after the pass depends
//! on a hidden hand that no action names (a received card may complete the four nines), so only
//! the holder's device could know whose turn it is; the variant is played with full knowledge
//! (one device: pass-and-play, bots) and a table of peers refuses it
//! ([`Game::needs_full_knowledge`]).
//!
//! Decisions where the spec is silent (each also noted where it is implemented):
//! * Decision: `marriage_needed_above_120 = false` also drops the marriage check for a contract
//!   above 120 (the key names the rule of both section 3 and section 4 step 2).
//! * Decision: a contract equal to the bid is always legal, even under `bid_cap` (section 4 says
//!   C = B is always legal).
//! * Decision: with `talon_distribution = one_each` and `rospisat = before_talon`, `take` deals
//!   the three talon cards one each; afterwards the declarer must name a contract.
//! * Decision: with `talon_distribution = one_each` and `sitter_bonus = musik`, the talon is
//!   shown to the sitter alone when it is split (the sitter must see it to know his bonus).
//! * Decision: the one-each talon cards are dealt as `ShownToSeat` + `TakenIntoHand` (a card shown
//!   to one seat and taken into that hand; the talon is no seat, so `PassedFaceDown` does not fit).
//! * Decision: `give` is written exactly as section 4 writes it, `give X>L Y>R`: the card for the
//!   left-hand defender first (`give JD>P2 9C>P1` for declarer P0 is rejected with that hint), so
//!   each pass has one spelling.
//! * Decision: the match summary of a won game is `Pn wins with S`.

use crate::card::{Card, CardSet, Rank, Suit};
use crate::config::{ConfigKey, ConfigValues, KeyKind};
use crate::event::{Event, Events, Pile, Slot, SlotSet, Visibility};
use crate::game::{Game, GameId, MatchStatus, ScoreSheet, ToAct};
use crate::seat::{Direction, Seat, SeatNames, MAX_SEATS};
use crate::table::{DealLayout, Place, RankOrder, Table};
use crate::RuleError;
use std::fmt::Write as _;

// ---------------------------------------------------------------------------------------------
// Rule tables
// ---------------------------------------------------------------------------------------------

/// `A > T > K > Q > J > 9` in every suit, trump or not.
pub const ORDER: RankOrder = RankOrder::new("ATKQJ9", "ATKQJ9");

/// Bits of the ranks 9 T J Q K A inside one suit's 13-bit block (`rank - 2` = 7..=12).
const SUIT_BLOCK: u64 = 0x1F80;
const fn every_suit(block: u64) -> u64 {
    block | block << 13 | block << 26 | block << 39
}
/// The 24-card deck of section 1.
pub const DECK: CardSet = CardSet::from_bits(every_suit(SUIT_BLOCK));
const ACES: u64 = every_suit(1 << 12);
const KINGS: u64 = every_suit(1 << 11);
const QUEENS: u64 = every_suit(1 << 10);
const JACKS: u64 = every_suit(1 << 9);
const TENS: u64 = every_suit(1 << 8);
const NINES: CardSet = CardSet::from_bits(every_suit(1 << 7));

/// Deck positions of the talon in the canonical mapping (section 2.5: `d[21..23]`).
const TALON_SLOTS: [Slot; 3] = [Slot(21), Slot(22), Slot(23)];
const TALON_SET: SlotSet = SlotSet(0b111 << 21);

/// Lowest and highest bid or contract (section 3; 400 = 120 + all four marriages).
pub const MIN_BID: u16 = 100;
pub const MAX_BID: u16 = 400;
/// Bids and contracts above this need a marriage in hand.
const FREE_BID: u16 = 120;
const TRICKS: u8 = 8;

/// Card points of section 1: A 11, T 10, K 4, Q 3, J 2, 9 0.
pub fn card_points(cards: CardSet) -> i64 {
    let bits = cards.bits();
    (11 * (bits & ACES).count_ones()
        + 10 * (bits & TENS).count_ones()
        + 4 * (bits & KINGS).count_ones()
        + 3 * (bits & QUEENS).count_ones()
        + 2 * (bits & JACKS).count_ones()) as i64
}

/// Marriage values: ♥ 100, ♦ 80, ♣ 60, ♠ 40.
pub const fn marriage_value(suit: Suit) -> i64 {
    match suit {
        Suit::Hearts => 100,
        Suit::Diamonds => 80,
        Suit::Clubs => 60,
        Suit::Spades => 40,
    }
}

/// The suits in which `hand` holds both K and Q, as a mask of `1 << suit`.
#[inline]
pub fn marriages_in(hand: CardSet) -> u8 {
    // Shift the queens up to the kings' bits: a set bit means K and Q of that suit; then gather
    // the four kings' bits (positions 11, 24, 37, 50) into bits 0..4.
    let both = hand.bits() & KINGS & ((hand.bits() & QUEENS) << 1);
    ((both >> 11) & 1 | (both >> 23) & 2 | (both >> 35) & 4 | (both >> 47) & 8) as u8
}

/// The kings and queens of `hand` that belong to a marriage in it.
#[inline]
fn marriage_cards(hand: CardSet) -> CardSet {
    let both = hand.bits() & KINGS & ((hand.bits() & QUEENS) << 1);
    CardSet::from_bits(both | both >> 1)
}

/// Total value of the marriages in a suit mask.
pub fn marriages_value(mask: u8) -> i64 {
    Suit::ALL.iter().filter(|suit| mask & (1 << suit.index()) != 0).map(|&suit| marriage_value(suit)).sum()
}

/// The other card of a marriage: the queen for a king and the king for a queen.
fn marriage_partner(card: Card) -> Option<Card> {
    match card.rank()? {
        Rank::KING => Some(Card::new(Rank::QUEEN, card.suit_or_clubs())),
        Rank::QUEEN => Some(Card::new(Rank::KING, card.suit_or_clubs())),
        _ => None,
    }
}

/// Strength of each card index in play: 9 = 1, J = 2, Q = 3, K = 4, T = 5, A = 6 (0 outside
/// the deck). A table, because the trick code asks for it several times per card.
const STRENGTH: [u8; 64] = {
    let by_rank = [0, 0, 0, 0, 0, 0, 0, 1, 5, 2, 3, 4, 6]; // rank - 2 = 0..12: 2..8, 9, T, J, Q, K, A.
    let mut table = [0u8; 64];
    let mut index = 0;
    while index < 52 {
        table[index] = by_rank[index % 13];
        index += 1;
    }
    table
};

/// For each card index, the cards of the same suit that beat it.
const STRONGER: [u64; 64] = {
    let mut table = [0u64; 64];
    let mut index = 0;
    while index < 52 {
        let suit_base = index / 13 * 13;
        let mut other = suit_base;
        while other < suit_base + 13 {
            if STRENGTH[other] > STRENGTH[index] {
                table[index] |= 1 << other;
            }
            other += 1;
        }
        index += 1;
    }
    table
};

/// Who receives each deck position (section 2.5): 0, 1, 2 for `E1 E2 E3`, 3 for the talon.
const DEAL_PATTERN: [u8; 24] = [0, 0, 0, 1, 1, 1, 2, 2, 2, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3];

fn strength(card: Card) -> u8 {
    STRENGTH[card.index() & 63]
}

/// The cards of `cards` that beat `card` in its own suit.
fn stronger_of_suit(cards: CardSet, card: Card) -> CardSet {
    CardSet::from_bits(cards.bits() & STRONGER[card.index() & 63])
}

/// Index in `trick` (lead first) of the card that wins it so far (section 5.5): the highest trump
/// if any trump was played, else the highest card of the led suit.
///
/// The cards are random, so the comparisons are combined with `&` and `|` into one select per
/// card rather than jumps the processor would mispredict.
#[inline(always)]
pub fn trick_winner(trick: &[Card], trump: Option<Suit>) -> usize {
    let mut best = 0;
    for (index, &card) in trick.iter().enumerate().skip(1) {
        let best_card = trick[best];
        let same_suit = card.suit() == best_card.suit();
        // A card of another suit wins only as the first trump.
        let is_trump = trump.is_some() & (card.suit() == trump);
        let beats = (same_suit & (strength(card) > strength(best_card))) | (!same_suit & is_trump);
        best = if beats { index } else { best };
    }
    best
}

/// The cards `hand` may play to `trick` (lead first; empty = leading) under section 5.4 and the
/// `overtrump_required` / `must_beat` variants. `trump` is the trump during this trick (a
/// declaration on the lead already counts).
#[inline(always)]
pub fn legal_follows(config: &TysiachaConfig, hand: CardSet, trick: &[Card], trump: Option<Suit>) -> CardSet {
    let Some(&lead) = trick.first() else { return hand };
    let led = lead.suit_or_clubs();
    let same = hand.of_suit(led);
    if !same.is_empty() {
        // Rule 1 (following never requires beating), plus the must_beat variant: beat the winning
        // card when it is of the led suit.
        if config.must_beat {
            let winning = trick[trick_winner(trick, trump)];
            if winning.suit_or_clubs() == led {
                let higher = stronger_of_suit(same, winning);
                if !higher.is_empty() {
                    return higher;
                }
            }
        }
        return same;
    }
    if let Some(trump) = trump {
        let trumps = hand.of_suit(trump);
        if !trumps.is_empty() {
            if config.overtrump_required {
                let highest =
                    trick.iter().filter(|card| card.suit() == Some(trump)).max_by_key(|&&card| strength(card));
                if let Some(&highest) = highest {
                    let higher = stronger_of_suit(trumps, highest);
                    if !higher.is_empty() {
                        return higher;
                    }
                }
            }
            return trumps;
        }
    }
    hand
}

/// Defender rounding of section 6.3 / `defender_rounding`: 5 (round5), 10 (round10) or 1 (none).
pub fn round_points(points: i64, rounding: i64) -> i64 {
    match rounding {
        5 => 5 * (points + 2).div_euclid(5),
        10 => 10 * (points + 5).div_euclid(10),
        _ => points,
    }
}

/// The musik bonus of `sitter_bonus = musik`: 50 per ace in the talon plus the value of a K+Q of
/// one suit in it.
pub fn musik_value(talon: CardSet) -> i64 {
    50 * (talon.bits() & ACES).count_ones() as i64 + marriages_value(marriages_in(talon))
}

// ---------------------------------------------------------------------------------------------
// Config
// ---------------------------------------------------------------------------------------------

/// Which seat sits out with four players (section 2.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sitter {
    Dealer,
    RightOfDealer,
    OppositeDealer,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TalonVisibility {
    OpenAfterAuction,
    Closed,
    OpenBeforeAuction,
}

/// When the declarer may concede (`rospisat`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RospisatTiming {
    AfterTalon,
    BeforeTalon,
    Off,
}

/// Every variant key of section 8, typed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TysiachaConfig {
    pub players: u8,
    pub sitter: Sitter,
    pub sitter_musik: bool,
    pub target: i64,
    pub win_reach: bool,
    pub barrel: bool,
    pub barrel_hand_limit: i64,
    pub bid_step: u16,
    pub bid_cap_marriages: bool,
    pub marriage_needed_above_120: bool,
    pub talon_visibility: TalonVisibility,
    pub talon_one_each: bool,
    pub raise_allowed: bool,
    pub rospisat: RospisatTiming,
    pub rospisat_defender_points: i64,
    pub rospisat_every_third: bool,
    pub marriage_on_first_trick: bool,
    pub overtrump_required: bool,
    pub must_beat: bool,
    /// 5, 10 or 1 (no rounding).
    pub defender_rounding: i64,
    pub declarer_rounding: bool,
    pub zero_penalty: bool,
    pub four_nines_redeal: bool,
}

impl Default for TysiachaConfig {
    fn default() -> TysiachaConfig {
        Tysiacha::config(&ConfigValues::validate(CONFIG_KEYS, []).unwrap_or_default())
    }
}

impl TysiachaConfig {
    /// The config of these `KEY=VALUE` settings (defaults elsewhere), for tests and tools.
    pub fn from_settings(settings: &[(&str, &str)]) -> Result<TysiachaConfig, crate::ConfigError> {
        Ok(Tysiacha::config(&ConfigValues::validate(CONFIG_KEYS, settings.iter().copied())?))
    }

    pub fn barrel_line(&self) -> i64 {
        self.target - 120
    }

    pub fn reset_value(&self) -> i64 {
        self.target - 240
    }
}

const CONFIG_KEYS: &[ConfigKey] = &[
    ConfigKey {
        name: "players",
        kind: KeyKind::Choice(&["3", "4"]),
        default: "3",
        help: "4: one seat (see sitter) gets no cards and sits each hand out",
    },
    ConfigKey {
        name: "sitter",
        kind: KeyKind::Choice(&["dealer", "right_of_dealer", "opposite_dealer"]),
        default: "dealer",
        help: "which seat sits out with 4 players",
    },
    ConfigKey {
        name: "sitter_bonus",
        kind: KeyKind::Choice(&["none", "musik"]),
        default: "none",
        help: "musik: the sitter scores 50 per talon ace plus a talon marriage",
    },
    ConfigKey {
        name: "target",
        kind: KeyKind::Choice(&["1000", "2000", "3000"]),
        default: "1000",
        help: "winning score; barrel line = target - 120, reset = target - 240",
    },
    ConfigKey {
        name: "win_rule",
        kind: KeyKind::Choice(&["exact", "reach"]),
        default: "exact",
        help: "reach: a made contract reaching the target or more wins (no overshoot)",
    },
    ConfigKey {
        name: "barrel",
        kind: KeyKind::Choice(&["on", "off"]),
        default: "on",
        help: "off: no barrel, no clamp, no overshoot; anyone at the target or more ends the game",
    },
    ConfigKey {
        name: "barrel_hand_limit",
        kind: KeyKind::Integer { min: 1, max: 100, step: 1 },
        default: "3",
        help: "barrel hands before the reset to target - 240",
    },
    ConfigKey {
        name: "bid_step",
        kind: KeyKind::Choice(&["5", "10"]),
        default: "5",
        help: "increment of bids and contracts (100..400)",
    },
    ConfigKey {
        name: "bid_cap",
        kind: KeyKind::Choice(&["flat_400", "marriages_held"]),
        default: "flat_400",
        help: "marriages_held: bids and contracts at most 120 + marriages in hand",
    },
    ConfigKey {
        name: "marriage_needed_above_120",
        kind: KeyKind::Choice(&["true", "false"]),
        default: "true",
        help: "a bid or contract above 120 needs a K+Q in hand",
    },
    ConfigKey {
        name: "talon_visibility",
        kind: KeyKind::Choice(&["open_after_auction", "closed", "open_before_auction"]),
        default: "open_after_auction",
        help: "who sees the talon, and when",
    },
    ConfigKey {
        name: "talon_distribution",
        kind: KeyKind::Choice(&["declarer", "one_each"]),
        default: "declarer",
        help: "one_each: one talon card privately to each active player, no pass",
    },
    ConfigKey {
        name: "raise_allowed",
        kind: KeyKind::Choice(&["true", "false"]),
        default: "true",
        help: "false: the contract is the bid",
    },
    ConfigKey {
        name: "rospisat",
        kind: KeyKind::Choice(&["after_talon", "before_talon", "off"]),
        default: "after_talon",
        help: "when the declarer may concede",
    },
    ConfigKey {
        name: "rospisat_defender_points",
        kind: KeyKind::Integer { min: 0, max: 1000, step: 5 },
        default: "60",
        help: "points to each defender on a concession",
    },
    ConfigKey {
        name: "rospisat_cost",
        kind: KeyKind::Choice(&["bid", "every_third"]),
        default: "bid",
        help: "every_third: only every third concession of a player costs the bid",
    },
    ConfigKey {
        name: "marriage_on_first_trick",
        kind: KeyKind::Choice(&["false", "true"]),
        default: "false",
        help: "true: the declarer may declare with the lead to trick 1",
    },
    ConfigKey {
        name: "overtrump_required",
        kind: KeyKind::Choice(&["true", "false"]),
        default: "true",
        help: "a void player must beat a trump already in the trick if able",
    },
    ConfigKey {
        name: "must_beat",
        kind: KeyKind::Choice(&["false", "true"]),
        default: "false",
        help: "true: following suit, beat the winning card of the led suit if able",
    },
    ConfigKey {
        name: "defender_rounding",
        kind: KeyKind::Choice(&["5", "10", "1"]),
        default: "5",
        help: "rounding of defenders' card points (1 = none)",
    },
    ConfigKey {
        name: "declarer_rounding",
        kind: KeyKind::Choice(&["none", "same_as_defender"]),
        default: "none",
        help: "same_as_defender: round the declarer's total before comparing with the contract",
    },
    ConfigKey {
        name: "zero_penalty",
        kind: KeyKind::Choice(&["off", "on"]),
        default: "off",
        help: "on: every third zero-point hand of a defender costs 120 (bolts)",
    },
    ConfigKey {
        name: "four_nines_redeal",
        kind: KeyKind::Choice(&["off", "on"]),
        default: "off",
        help: "on: the holder of all four nines after the pass may annul the hand",
    },
    ConfigKey {
        name: "polish_bomb",
        kind: KeyKind::Choice(&["off"]),
        default: "off",
        help: "reserved; not implemented (spec D27)",
    },
];

// ---------------------------------------------------------------------------------------------
// Actions
// ---------------------------------------------------------------------------------------------

/// One action in the notation of section 10 (without the seat).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TysiachaAction {
    Pass,
    Bid(u16),
    /// Take the talon (state `BeforeTalon` only).
    Take,
    /// Concede (rospisat').
    Rospisat,
    Contract(u16),
    /// `give X>A Y>B`: card `cards[i]` to seat `to[i]`.
    Give {
        cards: [Card; 2],
        to: [Seat; 2],
    },
    Play {
        card: Card,
        marriage: bool,
    },
    Redeal,
    PlayOn,
}

// ---------------------------------------------------------------------------------------------
// Hand state
// ---------------------------------------------------------------------------------------------

/// How a hand ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandEnd {
    /// Eight tricks played.
    Played,
    /// The declarer conceded.
    Rospisat,
    /// Annulled by the four-nines holder.
    Redeal,
}

/// The decision points of sections 3 to 5.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    Auction,
    BeforeTalon,
    Decision,
    Pass,
    FourNines,
    Play,
    Over(HandEnd),
}

/// The public state of one hand. Card identities live in the [`Table`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tysiacha {
    dealer: Seat,
    sitter: Option<Seat>,
    /// Active seats in clockwise order from eldest (`E1 E2 E3`).
    active: [Seat; 3],
    /// Next active seat clockwise, by seat index (the sitter is skipped).
    next: [Seat; MAX_SEATS],
    phase: Phase,
    turn: Seat,
    /// Highest bid so far; 0 before the forced opening.
    high_bid: u16,
    /// Seats that passed in the auction, as seat bits.
    passed: u8,
    declarer: Seat,
    contract: u16,
    trump: Option<Suit>,
    /// Marriages declared by each seat, as suit masks.
    declared: [u8; MAX_SEATS],
    four_nines_holder: Seat,
    /// The cards of the trick in progress, lead first (public: every card is played face up).
    trick: [Card; 3],
    trick_len: u8,
}

impl Tysiacha {
    pub fn phase(&self) -> Phase {
        self.phase
    }

    pub fn dealer(&self) -> Seat {
        self.dealer
    }

    pub fn sitter(&self) -> Option<Seat> {
        self.sitter
    }

    pub fn eldest(&self) -> Seat {
        self.active[0]
    }

    /// Active seats clockwise from eldest.
    pub fn active(&self) -> [Seat; 3] {
        self.active
    }

    /// The highest bid (0 before the opening); after the auction this is `B`.
    pub fn high_bid(&self) -> u16 {
        self.high_bid
    }

    /// The declarer, once the auction is over.
    pub fn declarer(&self) -> Option<Seat> {
        (self.phase != Phase::Auction).then_some(self.declarer)
    }

    /// The contract `C` (0 until announced).
    pub fn contract(&self) -> u16 {
        self.contract
    }

    /// The holder of the four nines (state `FourNines`).
    pub fn four_nines_holder(&self) -> Option<Seat> {
        (self.phase == Phase::FourNines).then_some(self.four_nines_holder)
    }

    pub fn trump(&self) -> Option<Suit> {
        self.trump
    }

    /// Marriages `seat` declared this hand, as a suit mask.
    pub fn declared(&self, seat: Seat) -> u8 {
        self.declared[seat.index()]
    }

    pub fn next_active(&self, seat: Seat) -> Seat {
        self.next[seat.index() & 3]
    }

    /// The declarer's left-hand defender `L` (next active seat clockwise).
    pub fn left_of(&self, seat: Seat) -> Seat {
        self.next_active(seat)
    }

    /// The declarer's right-hand defender `R` (next active seat anticlockwise).
    pub fn right_of(&self, seat: Seat) -> Seat {
        self.next_active(self.next_active(seat))
    }

    fn bid_ok(&self, config: &TysiachaConfig, table: &Table, seat: Seat, value: u16) -> Result<(), RuleError> {
        if value / config.bid_step * config.bid_step != value {
            return Err(RuleError::new(format!("a bid must be a multiple of {}", config.bid_step)));
        }
        if value < MIN_BID {
            return Err(RuleError::new("bids start at 100"));
        }
        if value > MAX_BID {
            return Err(RuleError::new("bids stop at 400"));
        }
        if self.high_bid > 0 && value <= self.high_bid {
            return Err(RuleError::new(format!("a bid must be higher than {}", self.high_bid)));
        }
        // The marriage claim can only be checked against a fully known hand (else: the audit).
        if table.knows_hand(seat) {
            hand_supports(config, table.hand(seat), value, "bid")?;
        }
        Ok(())
    }

    fn contract_ok(&self, config: &TysiachaConfig, table: &Table, value: u16) -> Result<(), RuleError> {
        if value / config.bid_step * config.bid_step != value {
            return Err(RuleError::new(format!("a contract must be a multiple of {}", config.bid_step)));
        }
        if value < self.high_bid {
            return Err(RuleError::new(format!("the contract cannot be below the bid {}", self.high_bid)));
        }
        if value > MAX_BID {
            return Err(RuleError::new("contracts stop at 400"));
        }
        if value == self.high_bid {
            // Decision: C = B is always legal (section 4 step 2).
            return Ok(());
        }
        if !config.raise_allowed {
            return Err(RuleError::new("raising the contract is not allowed"));
        }
        if table.knows_hand(self.declarer) {
            hand_supports(config, table.hand(self.declarer), value, "contract")?;
        }
        Ok(())
    }

    /// The highest bid or contract `seat`'s hand supports (the audit checks an unknown hand).
    fn supported_by(&self, config: &TysiachaConfig, table: &Table, seat: Seat) -> u16 {
        if table.knows_hand(seat) {
            supported_limit(config, table.hand(seat))
        } else {
            MAX_BID
        }
    }

    /// The bids `seat` may make: `(lowest, highest, step)`.
    fn bid_range(&self, config: &TysiachaConfig, table: &Table, seat: Seat) -> (u16, u16, u16) {
        let step = config.bid_step;
        let lowest = ((self.high_bid / step + 1) * step).max(MIN_BID);
        (lowest, self.supported_by(config, table, seat), step)
    }

    /// The raises of the contract above the bid the declarer may name: `(lowest, highest, step)`
    /// (an empty range when raising is not allowed).
    fn raise_range(&self, config: &TysiachaConfig, table: &Table, seat: Seat) -> (u16, u16, u16) {
        let step = config.bid_step;
        if !config.raise_allowed {
            return (1, 0, step);
        }
        (self.high_bid + step, self.supported_by(config, table, seat), step)
    }

    /// The cards `seat` may play now: plainly, and as a marriage declaration (leading only).
    #[inline(always)]
    fn playable(&self, config: &TysiachaConfig, table: &Table, seat: Seat) -> (CardSet, CardSet) {
        let hand = table.hand(seat);
        if self.trick_len > 0 {
            return (legal_follows(config, hand, self.trick_cards(), self.trump), CardSet::EMPTY);
        }
        let may_declare = table.trick_index() > 0 || config.marriage_on_first_trick;
        (hand, if may_declare { marriage_cards(hand) } else { CardSet::EMPTY })
    }

    fn may_concede(&self, config: &TysiachaConfig) -> bool {
        match self.phase {
            Phase::BeforeTalon => true,
            Phase::Decision => config.rospisat == RospisatTiming::AfterTalon,
            _ => false,
        }
    }

    /// Ends the auction: the talon goes up (or waits for `take`).
    fn end_auction(&mut self, config: &TysiachaConfig, table: &mut Table, events: &mut Events) {
        self.declarer =
            self.active.iter().copied().find(|seat| self.passed & seat.bit() == 0).unwrap_or(self.active[0]);
        self.turn = self.declarer;
        if config.rospisat == RospisatTiming::BeforeTalon {
            self.phase = Phase::BeforeTalon;
        } else {
            self.take_talon(config, table, events);
        }
    }

    /// Section 4 steps 1 (talon shown and taken) or the one-each split; then `Decision`.
    fn take_talon(&mut self, config: &TysiachaConfig, table: &mut Table, events: &mut Events) {
        let musik_sitter = self.sitter.filter(|_| config.sitter_musik);
        if config.talon_one_each {
            let receivers = [self.declarer, self.left_of(self.declarer), self.right_of(self.declarer)];
            for (slot, seat) in TALON_SLOTS.into_iter().zip(receivers) {
                table.emit(Visibility::ShownToSeat { seat, slots: SlotSet::single(slot) }, events);
                table.move_slot(slot, Place::Hand(seat));
                table.emit(Visibility::TakenIntoHand { seat, slots: SlotSet::single(slot) }, events);
            }
            if let Some(sitter) = musik_sitter {
                // Decision: the musik sitter must see the talon to know his bonus.
                table.emit(Visibility::ShownToSeat { seat: sitter, slots: TALON_SET }, events);
            }
        } else {
            match config.talon_visibility {
                TalonVisibility::OpenAfterAuction => table.emit(Visibility::ShownToAll { slots: TALON_SET }, events),
                TalonVisibility::Closed => {
                    table.emit(Visibility::ShownToSeat { seat: self.declarer, slots: TALON_SET }, events);
                    if let Some(sitter) = musik_sitter {
                        table.emit(Visibility::ShownToSeat { seat: sitter, slots: TALON_SET }, events);
                    }
                }
                // Already public since the deal.
                TalonVisibility::OpenBeforeAuction => {}
            }
            for slot in TALON_SLOTS {
                table.move_slot(slot, Place::Hand(self.declarer));
            }
            table.emit(Visibility::TakenIntoHand { seat: self.declarer, slots: TALON_SET }, events);
        }
        self.phase = Phase::Decision;
    }

    /// After the pass (or the one-each contract): the four-nines check, else trick 1.
    fn start_play(&mut self, config: &TysiachaConfig, table: &Table) {
        if config.four_nines_redeal {
            let holder = self.active.iter().copied().find(|&seat| table.hand(seat).intersection(NINES) == NINES);
            if let Some(holder) = holder {
                self.four_nines_holder = holder;
                self.phase = Phase::FourNines;
                self.turn = holder;
                return;
            }
        }
        self.phase = Phase::Play;
        self.turn = self.declarer;
    }

    fn finish(&mut self, end: HandEnd, table: &mut Table, events: &mut Events) {
        self.phase = Phase::Over(end);
        table.reveal_at_end(events);
        if !events.is_full() {
            events.push(Event::HandOver);
        }
    }

    /// A card played (the hottest action of the game: `apply` comes here first).
    #[inline(always)]
    fn apply_play(
        &mut self,
        config: &TysiachaConfig,
        table: &mut Table,
        seat: Seat,
        card: Card,
        marriage: bool,
        events: &mut Events,
    ) -> Result<(), RuleError> {
        if !DECK.contains(card) {
            return Err(RuleError::new(format!("{card} is not in the Tysiacha deck")));
        }
        if !table.hand(seat).contains(card) {
            // Unknown hands: let the table say whether the card's position must be opened.
            table.slot_in_hand(seat, card)?;
        }
        self.check_play(config, table, seat, card, marriage)?;
        table.play(seat, card, None, events)?;
        if marriage {
            let suit = card.suit_or_clubs();
            self.declared[seat.index()] |= 1 << suit.index();
            self.trump = Some(suit);
        }
        if let Some(place) = self.trick.get_mut(self.trick_len as usize) {
            *place = card;
        }
        self.trick_len += 1;
        if self.trick_len < 3 {
            self.turn = self.next_active(seat);
            return Ok(());
        }
        let index = trick_winner(&self.trick, self.trump);
        let winner = table.trick().cards().get(index).map_or(seat, |played| played.seat);
        self.trick_len = 0;
        table.take_trick(winner, events);
        self.turn = winner;
        if table.trick_index() >= TRICKS {
            self.finish(HandEnd::Played, table, events);
        }
        Ok(())
    }

    /// The cards of the trick in progress, lead first.
    pub fn trick_cards(&self) -> &[Card] {
        &self.trick[..self.trick_len as usize]
    }

    fn check_play(
        &self,
        config: &TysiachaConfig,
        table: &Table,
        seat: Seat,
        card: Card,
        marriage: bool,
    ) -> Result<(), RuleError> {
        let trick = self.trick_cards();
        if trick.is_empty() {
            if marriage {
                let partner = marriage_partner(card)
                    .ok_or_else(|| RuleError::new("only a king or queen can declare a marriage"))?;
                if table.trick_index() == 0 && !config.marriage_on_first_trick {
                    return Err(RuleError::new("no marriage can be declared on the first trick"));
                }
                let holds_partner = if table.knows_hand(seat) {
                    table.hand(seat).contains(partner)
                } else {
                    // Only a partner card publicly known to lie elsewhere refutes the claim now.
                    match table.slot_of(partner) {
                        Some(slot) if table.is_public(slot) => table.place(slot) == Place::Hand(seat),
                        _ => true,
                    }
                };
                if !holds_partner {
                    return Err(RuleError::new(format!("a marriage needs the {partner} in hand")));
                }
            }
            return Ok(());
        }
        if marriage {
            return Err(RuleError::new("only the leader can declare a marriage"));
        }
        // Following suit is always allowed unless the card must also beat the trick (rule 1 of
        // 5.4); this common case needs no look at the rest of the hand.
        if card.suit() == Some(trick[0].suit_or_clubs()) && !config.must_beat {
            return Ok(());
        }
        let hand = checkable_hand(table, seat).union(CardSet::single(card));
        let legal = legal_follows(config, hand, trick, self.trump);
        if legal.contains(card) {
            return Ok(());
        }
        let led = trick[0].suit_or_clubs();
        let same = hand.of_suit(led);
        if same.contains(card) {
            let winning = trick[trick_winner(trick, self.trump)];
            return Err(RuleError::new(format!("must beat the {winning}, holds a higher {}", led.name())));
        }
        if !same.is_empty() {
            return Err(RuleError::new(format!("must follow suit, holds {}", led.name())));
        }
        let trump = self.trump.unwrap_or(led);
        if hand.of_suit(trump).contains(card) {
            return Err(RuleError::new("must overtrump"));
        }
        Err(RuleError::new(format!("must play a trump, holds {}", trump.name())))
    }
}

/// How many values there are from `lowest` to `limit` in steps of `step`.
fn step_count(lowest: u16, limit: u16, step: u16) -> u16 {
    if lowest > limit || step == 0 {
        return 0;
    }
    (limit - lowest) / step + 1
}

/// Pushes `make(value)` for every value from `lowest` to `limit` in steps of `step` (an exact-size
/// extend: the auction's bid lists are the longest action lists of the game).
fn push_steps(out: &mut Vec<TysiachaAction>, lowest: u16, limit: u16, step: u16, make: impl Fn(u16) -> TysiachaAction) {
    let count = step_count(lowest, limit, step);
    out.extend((0..count).map(|index| make(lowest + index * step)));
}

/// The `index`-th entry of a list of `fixed` actions followed by the values from `lowest` to
/// `limit` in steps of `step` (as [`push_steps`] lists them), for an index drawn by `choose`.
fn pick_after_fixed(
    fixed: &[TysiachaAction],
    (lowest, limit, step): (u16, u16, u16),
    make: impl Fn(u16) -> TysiachaAction,
    choose: impl FnOnce(usize) -> usize,
) -> Option<TysiachaAction> {
    let count = fixed.len() + step_count(lowest, limit, step) as usize;
    if count == 0 {
        return None;
    }
    let index = choose(count);
    if index >= count {
        return None;
    }
    match index.checked_sub(fixed.len()) {
        None => Some(fixed[index]),
        Some(value_index) => Some(make(lowest + value_index as u16 * step)),
    }
}

/// The highest bid or contract a fully known hand supports (marriage above 120, `bid_cap`).
fn supported_limit(config: &TysiachaConfig, hand: CardSet) -> u16 {
    let marriages = marriages_in(hand);
    if config.marriage_needed_above_120 && marriages == 0 {
        return FREE_BID;
    }
    if config.bid_cap_marriages {
        return (FREE_BID as i64 + marriages_value(marriages)).min(MAX_BID as i64) as u16;
    }
    MAX_BID
}

/// Whether a hand supports a bid or contract `value` (marriage above 120, `bid_cap`).
fn hand_supports(config: &TysiachaConfig, hand: CardSet, value: u16, what: &str) -> Result<(), RuleError> {
    if value <= FREE_BID {
        return Ok(());
    }
    let marriages = marriages_in(hand);
    if config.marriage_needed_above_120 && marriages == 0 {
        return Err(RuleError::new(format!("a {what} above 120 needs a marriage in hand")));
    }
    if config.bid_cap_marriages {
        let cap = FREE_BID as i64 + marriages_value(marriages);
        if value as i64 > cap {
            return Err(RuleError::new(format!("a {what} above {cap} exceeds 120 + the marriages in hand")));
        }
    }
    Ok(())
}

/// The known cards of `seat`'s hand in rising index order, and how many.
fn hand_cards(table: &Table, seat: Seat) -> ([Card; 64], usize) {
    let mut cards = [Card::JOKER; 64];
    let hand = table.hand(seat);
    for (place, card) in cards.iter_mut().zip(hand.iter()) {
        *place = card;
    }
    (cards, hand.len())
}

/// The cards of `seat`'s hand the duties can be checked against: the whole hand when known,
/// else only its public cards (the same for every peer).
fn checkable_hand(table: &Table, seat: Seat) -> CardSet {
    if table.knows_hand(seat) {
        return table.hand(seat);
    }
    let mut cards = CardSet::EMPTY;
    for slot in table.hand_slots(seat).iter() {
        if let (true, Some(card)) = (table.is_public(slot), table.card_at(slot)) {
            cards.insert(card);
        }
    }
    cards
}

fn wrong_phase(phase: Phase) -> RuleError {
    RuleError::new(match phase {
        Phase::Auction => "the auction is on: bid or pass",
        Phase::BeforeTalon => "the declarer must take the talon or concede",
        Phase::Decision => "the declarer must name a contract or concede",
        Phase::Pass => "the declarer must give one card to each defender",
        Phase::FourNines => "the holder of the four nines must choose redeal or play_on",
        Phase::Play => "the hand is in play: play a card",
        Phase::Over(_) => "the hand is over",
    })
}

/// Active seats `E1 E2 E3` clockwise from eldest, and the sitter (section 2.7).
#[inline(always)]
pub fn active_seats(config: &TysiachaConfig, dealer: Seat) -> ([Seat; 3], Option<Seat>) {
    let seats = config.players;
    let at = |steps: u8| Seat((dealer.0 + steps) % seats);
    if seats == 3 {
        return ([at(1), at(2), at(0)], None);
    }
    match config.sitter {
        Sitter::Dealer => ([at(1), at(2), at(3)], Some(at(0))),
        Sitter::RightOfDealer => ([at(1), at(2), at(0)], Some(at(3))),
        Sitter::OppositeDealer => ([at(1), at(3), at(0)], Some(at(2))),
    }
}

// ---------------------------------------------------------------------------------------------
// Outcome and settlement
// ---------------------------------------------------------------------------------------------

/// What one hand produced: everything settlement needs, and the breakdown's figures.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TysiachaOutcome {
    pub seats: u8,
    pub dealer: Seat,
    pub eldest: Seat,
    pub sitter: Option<Seat>,
    pub declarer: Seat,
    /// The auction bid `B`.
    pub bid: i64,
    /// The contract `C` (0 when none was named).
    pub contract: i64,
    pub end: HandEnd,
    /// Whether the contract was made (played hands only).
    pub made: bool,
    pub card_points: [i64; MAX_SEATS],
    /// Marriage points declared, per seat.
    pub marriages: [i64; MAX_SEATS],
    /// Marriages declared, per seat, as suit masks.
    pub declared: [u8; MAX_SEATS],
    /// The sitter's musik bonus (0 unless `sitter_bonus = musik` with four players).
    pub musik: i64,
    /// The talon cards when known (for the breakdown).
    pub talon: CardSet,
}

impl TysiachaOutcome {
    /// A played hand from the figures of a settlement vector.
    #[allow(clippy::too_many_arguments)]
    pub fn played(
        config: &TysiachaConfig,
        dealer: Seat,
        declarer: Seat,
        bid: i64,
        contract: i64,
        card_points: [i64; MAX_SEATS],
        marriages: [i64; MAX_SEATS],
        talon: CardSet,
    ) -> TysiachaOutcome {
        let (active, sitter) = active_seats(config, dealer);
        let mut outcome = TysiachaOutcome {
            seats: config.players,
            dealer,
            eldest: active[0],
            sitter,
            declarer,
            bid,
            contract,
            end: HandEnd::Played,
            made: false,
            card_points,
            marriages,
            declared: [0; MAX_SEATS],
            musik: 0,
            talon,
        };
        outcome.made = outcome.declarer_total(config) >= contract;
        outcome.musik = outcome.musik_for(config);
        outcome
    }

    /// A conceded hand (rospisat') at bid `B`.
    pub fn rospisat(
        config: &TysiachaConfig,
        dealer: Seat,
        declarer: Seat,
        bid: i64,
        talon: CardSet,
    ) -> TysiachaOutcome {
        let mut outcome = TysiachaOutcome::played(config, dealer, declarer, bid, 0, [0; 4], [0; 4], talon);
        outcome.end = HandEnd::Rospisat;
        outcome.made = false;
        outcome
    }

    fn musik_for(&self, config: &TysiachaConfig) -> i64 {
        if self.sitter.is_some() && config.sitter_musik {
            musik_value(self.talon)
        } else {
            0
        }
    }

    /// The declarer's total as compared with the contract (rounded under `declarer_rounding`).
    pub fn declarer_total(&self, config: &TysiachaConfig) -> i64 {
        let seat = self.declarer.index() & 3;
        let cp = if config.declarer_rounding {
            round_points(self.card_points[seat], config.defender_rounding)
        } else {
            self.card_points[seat]
        };
        cp + self.marriages[seat]
    }

    /// Raw deltas of sections 6.2, 6.3, 6.5, 6.6 (nominal −B for any rospisat').
    pub fn raw_deltas(&self, config: &TysiachaConfig) -> [i64; MAX_SEATS] {
        let mut deltas = [0; MAX_SEATS];
        if self.end == HandEnd::Redeal {
            return deltas;
        }
        for seat in 0..self.seats.min(MAX_SEATS as u8) {
            deltas[seat as usize] = self.raw_delta(config, Seat(seat), false);
        }
        deltas
    }

    fn raw_delta(&self, config: &TysiachaConfig, seat: Seat, rospisat_free: bool) -> i64 {
        let index = seat.index() & 3;
        if Some(seat) == self.sitter {
            return self.musik;
        }
        match (self.end, seat == self.declarer) {
            (HandEnd::Redeal, _) => 0,
            (HandEnd::Played, true) if self.made => self.contract,
            (HandEnd::Played, true) => -self.contract,
            (HandEnd::Played, false) => {
                round_points(self.card_points[index], config.defender_rounding) + self.marriages[index]
            }
            (HandEnd::Rospisat, true) if rospisat_free => 0,
            (HandEnd::Rospisat, true) => -self.bid,
            (HandEnd::Rospisat, false) => config.rospisat_defender_points,
        }
    }
}

/// One seat's match state (section 6.7).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SeatScore {
    pub score: i64,
    pub on_barrel: bool,
    pub barrel_hands: i64,
    pub bolts: i64,
    pub rospisats: i64,
}

/// The match state: one [`SeatScore`] per seat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TysiachaScores {
    pub seats: u8,
    pub seat: [SeatScore; MAX_SEATS],
}

impl TysiachaScores {
    pub fn new(seats: u8) -> TysiachaScores {
        TysiachaScores { seats, seat: [SeatScore::default(); MAX_SEATS] }
    }

    /// Scores from `(score, on_barrel, barrel_hands)` per seat, for tests.
    pub fn from_states(states: &[(i64, bool, i64)]) -> TysiachaScores {
        let mut scores = TysiachaScores::new(states.len().min(MAX_SEATS) as u8);
        for (seat, &(score, on_barrel, barrel_hands)) in states.iter().take(MAX_SEATS).enumerate() {
            scores.seat[seat] = SeatScore { score, on_barrel, barrel_hands, ..SeatScore::default() };
        }
        scores
    }
}

/// What [`settle_hand`] did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settlement {
    /// Raw deltas (6.2/6.3/6.5/6.6 with `every_third` applied); 0 for seats not updated.
    pub raw: [i64; MAX_SEATS],
    /// The delta used in step 2 of 6.7 (after barrel zeroing and the bolt penalty).
    pub applied: [i64; MAX_SEATS],
    /// Seats that received an update (seat bits).
    pub updated: u8,
    pub winner: Option<Seat>,
    pub status: MatchStatus,
}

/// Settles one hand into the match state (sections 6.5–6.8): the one code path behind
/// [`Game::settle`], exposed for the settlement vectors.
pub fn settle_hand(config: &TysiachaConfig, scores: &mut TysiachaScores, outcome: &TysiachaOutcome) -> Settlement {
    let seats = outcome.seats.clamp(1, MAX_SEATS as u8);
    let mut settlement = Settlement {
        raw: [0; MAX_SEATS],
        applied: [0; MAX_SEATS],
        updated: 0,
        winner: None,
        status: MatchStatus::Continue { next_dealer: outcome.dealer },
    };
    if outcome.end == HandEnd::Redeal {
        // Annulled: nothing changes and the same dealer deals again (section 4).
        return settlement;
    }
    let target = config.target;
    let barrel_line = config.barrel_line();
    let reset = config.reset_value();
    for index in 0..seats as usize {
        let seat = Seat(index as u8);
        let sitter = Some(seat) == outcome.sitter;
        if sitter && !config.sitter_musik {
            continue; // 6.6: no update at all.
        }
        let declarer = seat == outcome.declarer && !sitter;
        let state = &mut scores.seat[index];
        let was_on_barrel = config.barrel && state.on_barrel;
        let mut rospisat_free = false;
        if declarer && outcome.end == HandEnd::Rospisat && config.rospisat_every_third {
            state.rospisats += 1;
            rospisat_free = state.rospisats % 3 != 0;
        }
        let raw = outcome.raw_delta(config, seat, rospisat_free);
        let mut delta = raw;
        if config.zero_penalty && !declarer && !sitter && !was_on_barrel && raw == 0 {
            state.bolts += 1;
            if state.bolts % 3 == 0 {
                delta = -120;
            }
        }
        // Step 1: no defending points on the barrel.
        if was_on_barrel && !declarer {
            delta = 0;
        }
        settlement.raw[index] = raw;
        settlement.applied[index] = delta;
        settlement.updated |= seat.bit();
        let mut total = state.score + delta;
        if !config.barrel {
            state.score = total;
            continue;
        }
        let made = declarer && outcome.end == HandEnd::Played && outcome.made;
        if made && (total == target || (config.win_reach && total >= target)) {
            // Step 3: the win.
            state.score = total;
            state.on_barrel = false;
            state.barrel_hands = 0;
            settlement.winner = Some(seat);
            continue;
        }
        if !config.win_reach && total > target {
            // Step 4: overshoot.
            total = reset;
            state.on_barrel = false;
            state.barrel_hands = 0;
        } else if total >= barrel_line {
            // Steps 5 and 6: clamp to the barrel line and count barrel hands.
            total = barrel_line;
            if !was_on_barrel {
                state.on_barrel = true;
                state.barrel_hands = 0;
            } else {
                state.barrel_hands += 1;
                if state.barrel_hands >= config.barrel_hand_limit {
                    total = reset;
                    state.on_barrel = false;
                    state.barrel_hands = 0;
                }
            }
        } else {
            state.on_barrel = false;
            state.barrel_hands = 0;
        }
        state.score = total;
    }
    if !config.barrel {
        // Without the barrel anyone at the target ends the game: the declarer first, else the
        // higher score, else the first clockwise from eldest.
        let mut best: Option<Seat> = None;
        for step in 0..seats {
            let seat = Seat((outcome.eldest.0 + step) % seats);
            let score = scores.seat[seat.index()].score;
            if score < target {
                continue;
            }
            let better = match best {
                None => true,
                Some(current) => {
                    current != outcome.declarer
                        && (seat == outcome.declarer || score > scores.seat[current.index()].score)
                }
            };
            if better {
                best = Some(seat);
            }
        }
        settlement.winner = best;
    }
    settlement.status = match settlement.winner {
        Some(winner) => MatchStatus::Over {
            winners: vec![winner],
            summary: format!("P{} wins with {}", winner.0, scores.seat[winner.index()].score),
        },
        None => MatchStatus::Continue { next_dealer: Seat((outcome.dealer.0 + 1) % seats) },
    };
    settlement
}

// ---------------------------------------------------------------------------------------------
// The Game implementation
// ---------------------------------------------------------------------------------------------

const KINDS_BASE: &[&str] = &["made", "failed"];
const KINDS_ROSPISAT: &[&str] = &["made", "failed", "rospisat"];
const KINDS_REDEAL: &[&str] = &["made", "failed", "redeal"];
const KINDS_ALL: &[&str] = &["made", "failed", "rospisat", "redeal"];

fn seat_name(seat: Seat) -> String {
    format!("P{}", seat.0)
}

impl Game for Tysiacha {
    type Config = TysiachaConfig;
    type Action = TysiachaAction;
    type Outcome = TysiachaOutcome;
    type Scores = TysiachaScores;

    const ID: GameId = GameId::Tysiacha;
    const RULES_VERSION: u32 = 1;
    const SEAT_NAMES: SeatNames = SeatNames::Numbered;

    fn config_keys() -> &'static [ConfigKey] {
        CONFIG_KEYS
    }

    fn config(values: &ConfigValues) -> TysiachaConfig {
        TysiachaConfig {
            players: if values.is("players", "4") { 4 } else { 3 },
            sitter: match values.get("sitter") {
                "right_of_dealer" => Sitter::RightOfDealer,
                "opposite_dealer" => Sitter::OppositeDealer,
                _ => Sitter::Dealer,
            },
            sitter_musik: values.is("sitter_bonus", "musik"),
            target: match values.int("target") {
                2000 => 2000,
                3000 => 3000,
                _ => 1000,
            },
            win_reach: values.is("win_rule", "reach"),
            barrel: !values.is("barrel", "off"),
            barrel_hand_limit: values.int("barrel_hand_limit").clamp(1, 100),
            bid_step: if values.is("bid_step", "10") { 10 } else { 5 },
            bid_cap_marriages: values.is("bid_cap", "marriages_held"),
            marriage_needed_above_120: !values.is("marriage_needed_above_120", "false"),
            talon_visibility: match values.get("talon_visibility") {
                "closed" => TalonVisibility::Closed,
                "open_before_auction" => TalonVisibility::OpenBeforeAuction,
                _ => TalonVisibility::OpenAfterAuction,
            },
            talon_one_each: values.is("talon_distribution", "one_each"),
            raise_allowed: !values.is("raise_allowed", "false"),
            rospisat: match values.get("rospisat") {
                "before_talon" => RospisatTiming::BeforeTalon,
                "off" => RospisatTiming::Off,
                _ => RospisatTiming::AfterTalon,
            },
            rospisat_defender_points: values.int("rospisat_defender_points").clamp(0, 1000),
            rospisat_every_third: values.is("rospisat_cost", "every_third"),
            marriage_on_first_trick: values.is("marriage_on_first_trick", "true"),
            overtrump_required: !values.is("overtrump_required", "false"),
            must_beat: values.is("must_beat", "true"),
            defender_rounding: match values.int("defender_rounding") {
                10 => 10,
                1 => 1,
                _ => 5,
            },
            declarer_rounding: values.is("declarer_rounding", "same_as_defender"),
            zero_penalty: values.is("zero_penalty", "on"),
            four_nines_redeal: values.is("four_nines_redeal", "on"),
        }
    }

    fn seat_count(config: &TysiachaConfig) -> u8 {
        config.players
    }

    fn direction(_config: &TysiachaConfig) -> Direction {
        Direction::Clockwise
    }

    fn deck(_config: &TysiachaConfig) -> CardSet {
        DECK
    }

    /// Section 2.5: `E1 = d[0..2] + d[9..12]`, `E2 = d[3..5] + d[13..16]`,
    /// `E3 = d[6..8] + d[17..20]`, talon `d[21..23]`.
    fn layout(config: &TysiachaConfig, dealer: Seat) -> DealLayout {
        let (active, _) = active_seats(config, dealer);
        let receivers =
            [Place::Hand(active[0]), Place::Hand(active[1]), Place::Hand(active[2]), Place::Pile(Pile::Talon)];
        DealLayout::new(DEAL_PATTERN.iter().map(|&receiver| receivers[receiver as usize]), 0)
    }

    fn first_dealer(_config: &TysiachaConfig) -> Option<Seat> {
        None // Section 2.1: chosen at random by the app.
    }

    fn start(
        config: &TysiachaConfig,
        dealer: Seat,
        _scores: &TysiachaScores,
        table: &mut Table,
        events: &mut Events,
    ) -> Tysiacha {
        let (active, sitter) = active_seats(config, dealer);
        let mut next = [active[0]; MAX_SEATS];
        for (position, seat) in active.iter().enumerate() {
            next[seat.index()] = active[(position + 1) % 3];
        }
        if let Some(sitter) = sitter {
            next[sitter.index()] = active[0];
        }
        if config.talon_visibility == TalonVisibility::OpenBeforeAuction && !config.talon_one_each {
            table.emit(Visibility::ShownToAll { slots: TALON_SET }, events);
        }
        Tysiacha {
            dealer,
            sitter,
            active,
            next,
            phase: Phase::Auction,
            turn: active[0],
            high_bid: 0,
            passed: 0,
            declarer: active[0],
            contract: 0,
            trump: None,
            declared: [0; MAX_SEATS],
            four_nines_holder: active[0],
            trick: [Card::JOKER; 3],
            trick_len: 0,
        }
    }

    fn to_act(&self, _config: &TysiachaConfig, _table: &Table) -> ToAct {
        match self.phase {
            Phase::Over(_) => ToAct::HandOver,
            _ => ToAct::Seat(self.turn),
        }
    }

    fn legal_actions(&self, config: &TysiachaConfig, table: &Table, seat: Seat, out: &mut Vec<TysiachaAction>) {
        if matches!(self.phase, Phase::Over(_)) || seat != self.turn {
            return;
        }
        match self.phase {
            Phase::Auction => {
                if self.high_bid > 0 {
                    out.push(TysiachaAction::Pass);
                }
                let (lowest, limit, step) = self.bid_range(config, table, seat);
                push_steps(out, lowest, limit, step, TysiachaAction::Bid);
            }
            Phase::BeforeTalon => {
                out.push(TysiachaAction::Rospisat);
                out.push(TysiachaAction::Take);
            }
            Phase::Decision => {
                if self.may_concede(config) {
                    out.push(TysiachaAction::Rospisat);
                }
                // C = B always; raises up to what the hand supports.
                out.push(TysiachaAction::Contract(self.high_bid));
                let (lowest, limit, step) = self.raise_range(config, table, seat);
                push_steps(out, lowest, limit, step, TysiachaAction::Contract);
            }
            Phase::Pass => {
                let to = [self.left_of(seat), self.right_of(seat)];
                let (cards, count) = hand_cards(table, seat);
                let cards = &cards[..count];
                // Every ordered pair of different cards; exact-size extends (no per-push checks).
                for (index, &first) in cards.iter().enumerate() {
                    let others = cards[..index].iter().chain(&cards[index + 1..]);
                    out.extend(others.map(|&second| TysiachaAction::Give { cards: [first, second], to }));
                }
            }
            Phase::FourNines => {
                out.push(TysiachaAction::Redeal);
                out.push(TysiachaAction::PlayOn);
            }
            Phase::Play => {
                // Every playable card plainly, then each declarable king and queen as a declaration.
                let (plain, declaring) = self.playable(config, table, seat);
                out.extend(plain.iter().map(|card| TysiachaAction::Play { card, marriage: false }));
                out.extend(declaring.iter().map(|card| TysiachaAction::Play { card, marriage: true }));
            }
            Phase::Over(_) => {}
        }
    }

    /// The bid and contract ranges, the pairs of given cards and the card plays are indexed
    /// directly; the two-action phases are listed.
    fn pick_legal_action(
        &self,
        config: &TysiachaConfig,
        table: &Table,
        seat: Seat,
        scratch: &mut Vec<TysiachaAction>,
        choose: impl FnOnce(usize) -> usize,
    ) -> Option<TysiachaAction> {
        if matches!(self.phase, Phase::Over(_)) || seat != self.turn {
            return None;
        }
        match self.phase {
            Phase::Auction => {
                let fixed: &[TysiachaAction] = if self.high_bid > 0 { &[TysiachaAction::Pass] } else { &[] };
                pick_after_fixed(fixed, self.bid_range(config, table, seat), TysiachaAction::Bid, choose)
            }
            Phase::Decision => {
                let contract = TysiachaAction::Contract(self.high_bid);
                let with_concession = [TysiachaAction::Rospisat, contract];
                let fixed = if self.may_concede(config) { &with_concession[..] } else { &with_concession[1..] };
                pick_after_fixed(fixed, self.raise_range(config, table, seat), TysiachaAction::Contract, choose)
            }
            Phase::Pass => {
                let (cards, count) = hand_cards(table, seat);
                if count < 2 {
                    return None;
                }
                // Pair `index` is the `index % (count - 1)`-th of the other cards after the
                // `index / (count - 1)`-th card (the order `legal_actions` lists them in).
                let index = choose(count * (count - 1));
                let (first, other) = (index / (count - 1), index % (count - 1));
                let second = if other < first { other } else { other + 1 };
                if first >= count {
                    return None;
                }
                let to = [self.left_of(seat), self.right_of(seat)];
                Some(TysiachaAction::Give { cards: [cards[first], cards[second]], to })
            }
            Phase::Play => {
                let (plain, declaring) = self.playable(config, table, seat);
                let count = plain.len() + declaring.len();
                if count == 0 {
                    return None;
                }
                let index = choose(count);
                match index.checked_sub(plain.len()) {
                    None => plain.nth(index).map(|card| TysiachaAction::Play { card, marriage: false }),
                    Some(index) => declaring.nth(index).map(|card| TysiachaAction::Play { card, marriage: true }),
                }
            }
            _ => crate::game::pick_listed(self, config, table, seat, scratch, choose),
        }
    }

    fn apply(
        &mut self,
        config: &TysiachaConfig,
        table: &mut Table,
        seat: Seat,
        action: TysiachaAction,
        events: &mut Events,
    ) -> Result<(), RuleError> {
        if let Phase::Over(_) = self.phase {
            return Err(RuleError::new("the hand is over"));
        }
        if seat != self.turn {
            return Err(RuleError::new(format!("not {}'s turn ({} is to act)", seat_name(seat), seat_name(self.turn))));
        }
        if let (Phase::Play, TysiachaAction::Play { card, marriage }) = (self.phase, action) {
            return self.apply_play(config, table, seat, card, marriage, events);
        }
        match (self.phase, action) {
            (Phase::Auction, TysiachaAction::Bid(value)) => {
                self.bid_ok(config, table, seat, value)?;
                self.high_bid = value;
                self.advance_auction(config, table, seat, events);
            }
            (Phase::Auction, TysiachaAction::Pass) => {
                if self.high_bid == 0 {
                    return Err(RuleError::new("eldest must open the auction with a bid"));
                }
                self.passed |= seat.bit();
                self.advance_auction(config, table, seat, events);
            }
            (Phase::BeforeTalon, TysiachaAction::Take) => self.take_talon(config, table, events),
            (Phase::BeforeTalon | Phase::Decision, TysiachaAction::Rospisat) => {
                if !self.may_concede(config) {
                    return Err(RuleError::new(match config.rospisat {
                        RospisatTiming::Off => "rospisat is not allowed in this variant",
                        _ => "rospisat is only possible before taking the talon",
                    }));
                }
                self.finish(HandEnd::Rospisat, table, events);
            }
            (Phase::Decision, TysiachaAction::Contract(value)) => {
                self.contract_ok(config, table, value)?;
                self.contract = value;
                if config.talon_one_each {
                    self.start_play(config, table);
                } else {
                    self.phase = Phase::Pass;
                }
            }
            (Phase::Pass, TysiachaAction::Give { cards, to }) => {
                let (left, right) = (self.left_of(seat), self.right_of(seat));
                if to != [left, right] {
                    // The notation of section 4: `give X>L Y>R`, left-hand defender first.
                    return Err(RuleError::new(format!(
                        "give one card to each defender, {} (left) first, then {}",
                        seat_name(left),
                        seat_name(right)
                    )));
                }
                if cards[0] == cards[1] {
                    return Err(RuleError::new("give two different cards"));
                }
                let slots = [table.slot_in_hand(seat, cards[0])?, table.slot_in_hand(seat, cards[1])?];
                for (slot, receiver) in slots.into_iter().zip(to) {
                    table.move_slot(slot, Place::Hand(receiver));
                    table.emit(
                        Visibility::PassedFaceDown { from: seat, to: receiver, slots: SlotSet::single(slot) },
                        events,
                    );
                }
                self.start_play(config, table);
            }
            (Phase::FourNines, TysiachaAction::Redeal) => {
                // Row 13: the four nines are opened with the claim, the rest at the end.
                let mut nines = SlotSet::EMPTY;
                for nine in NINES.iter() {
                    if let Some(slot) = table.slot_of(nine) {
                        nines.insert(slot);
                    }
                }
                table.emit(Visibility::ShownToAll { slots: nines }, events);
                self.finish(HandEnd::Redeal, table, events);
            }
            (Phase::FourNines, TysiachaAction::PlayOn) => {
                self.phase = Phase::Play;
                self.turn = self.declarer;
            }
            (phase, _) => return Err(wrong_phase(phase)),
        }
        Ok(())
    }

    fn outcome(&self, config: &TysiachaConfig, table: &Table) -> Option<TysiachaOutcome> {
        let Phase::Over(end) = self.phase else { return None };
        let mut points = [0; MAX_SEATS];
        let mut marriages = [0; MAX_SEATS];
        for seat in self.active {
            points[seat.index()] = card_points(table.won(seat));
            marriages[seat.index()] = marriages_value(self.declared[seat.index()]);
        }
        let talon: CardSet = TALON_SLOTS.iter().filter_map(|&slot| table.card_at(slot)).collect();
        let mut outcome = TysiachaOutcome::played(
            config,
            self.dealer,
            self.declarer,
            self.high_bid as i64,
            self.contract as i64,
            points,
            marriages,
            talon,
        );
        outcome.declared = self.declared;
        outcome.end = end;
        if end != HandEnd::Played {
            outcome.made = false;
        }
        Some(outcome)
    }

    fn new_scores(config: &TysiachaConfig) -> TysiachaScores {
        TysiachaScores::new(config.players)
    }

    fn settle(
        config: &TysiachaConfig,
        scores: &mut TysiachaScores,
        _dealer: Seat,
        outcome: &TysiachaOutcome,
    ) -> MatchStatus {
        settle_hand(config, scores, outcome).status
    }

    fn scores_to_sheet(config: &TysiachaConfig, scores: &TysiachaScores) -> ScoreSheet {
        let mut sheet = ScoreSheet::new();
        for index in 0..config.players as usize {
            let state = scores.seat[index];
            let name = format!("P{index}");
            sheet.insert(format!("{name}.barrel"), state.on_barrel as i64);
            sheet.insert(format!("{name}.barrel_hands"), state.barrel_hands);
            sheet.insert(format!("{name}.bolts"), state.bolts);
            sheet.insert(format!("{name}.rospisats"), state.rospisats);
            sheet.insert(name, state.score);
        }
        sheet
    }

    fn scores_from_sheet(config: &TysiachaConfig, sheet: &ScoreSheet) -> Result<TysiachaScores, RuleError> {
        let mut scores = TysiachaScores::new(config.players);
        for (key, &value) in sheet {
            let (seat_text, field) = key.split_once('.').unwrap_or((key.as_str(), ""));
            let seat = SeatNames::Numbered
                .parse(seat_text, config.players)
                .ok_or_else(|| RuleError::new(format!("unknown score key {key:?}")))?;
            let state = &mut scores.seat[seat.index()];
            match field {
                "" => state.score = value,
                "barrel" if value == 0 || value == 1 => state.on_barrel = value == 1,
                "barrel_hands" if value >= 0 => state.barrel_hands = value,
                "bolts" if value >= 0 => state.bolts = value,
                "rospisats" if value >= 0 => state.rospisats = value,
                _ => return Err(RuleError::new(format!("bad score entry {key:?} = {value}"))),
            }
        }
        for (index, state) in scores.seat.iter().enumerate().take(config.players as usize) {
            let bad = if state.on_barrel && (!config.barrel || state.score != config.barrel_line()) {
                "is on the barrel but not at the barrel line"
            } else if state.barrel_hands >= config.barrel_hand_limit || (state.barrel_hands > 0 && !state.on_barrel) {
                "has a barrel counter out of range"
            } else {
                continue;
            };
            return Err(RuleError::new(format!("P{index} {bad}")));
        }
        Ok(scores)
    }

    fn parse_action(config: &TysiachaConfig, text: &str) -> Result<TysiachaAction, RuleError> {
        let mut words = text.split_whitespace();
        let verb = words.next().unwrap_or("").to_ascii_lowercase();
        let args: arrayvec::ArrayVec<&str, 3> = words.by_ref().take(3).collect();
        let number = |what: &str| -> Result<u16, RuleError> {
            match args.as_slice() {
                [value] => value.parse().map_err(|_| RuleError::new(format!("{what} needs a number, e.g. {what} 100"))),
                _ => Err(RuleError::new(format!("{what} needs one number, e.g. {what} 100"))),
            }
        };
        let card = |text: &str| text.parse::<Card>().map_err(|error| RuleError::new(error.to_string()));
        let bare = |action: TysiachaAction| {
            if args.is_empty() {
                Ok(action)
            } else {
                Err(RuleError::new(format!("{verb} takes no arguments")))
            }
        };
        match verb.as_str() {
            "pass" => bare(TysiachaAction::Pass),
            "take" => bare(TysiachaAction::Take),
            "rospisat" => bare(TysiachaAction::Rospisat),
            "redeal" => bare(TysiachaAction::Redeal),
            "play_on" => bare(TysiachaAction::PlayOn),
            "bid" => number("bid").map(TysiachaAction::Bid),
            "contract" => number("contract").map(TysiachaAction::Contract),
            "play" => match args.as_slice() {
                [code] => Ok(TysiachaAction::Play { card: card(code)?, marriage: false }),
                [code, word] if word.eq_ignore_ascii_case("marriage") => {
                    Ok(TysiachaAction::Play { card: card(code)?, marriage: true })
                }
                _ => Err(RuleError::new("write play CARD or play CARD marriage")),
            },
            "give" => {
                let [first, second] = args.as_slice() else {
                    return Err(RuleError::new("write give CARD>SEAT CARD>SEAT, e.g. give 9C>P1 JD>P2"));
                };
                let part = |text: &str| -> Result<(Card, Seat), RuleError> {
                    let (code, seat) =
                        text.split_once('>').ok_or_else(|| RuleError::new("write each given card as CARD>SEAT"))?;
                    let seat = SeatNames::Numbered.parse(seat, config.players).ok_or_else(|| {
                        RuleError::new(format!("bad seat {:?}", seat.chars().take(8).collect::<String>()))
                    })?;
                    Ok((card(code)?, seat))
                };
                let (first, second) = (part(first)?, part(second)?);
                Ok(TysiachaAction::Give { cards: [first.0, second.0], to: [first.1, second.1] })
            }
            _ => Err(RuleError::new(format!(
                "unknown action {:?} (pass, bid, take, rospisat, contract, give, play, redeal, play_on)",
                verb.chars().take(16).collect::<String>()
            ))),
        }
    }

    fn format_action(action: &TysiachaAction) -> String {
        match *action {
            TysiachaAction::Pass => "pass".to_string(),
            TysiachaAction::Bid(value) => format!("bid {value}"),
            TysiachaAction::Take => "take".to_string(),
            TysiachaAction::Rospisat => "rospisat".to_string(),
            TysiachaAction::Contract(value) => format!("contract {value}"),
            TysiachaAction::Give { cards, to } => {
                format!("give {}>{} {}>{}", cards[0], seat_name(to[0]), cards[1], seat_name(to[1]))
            }
            TysiachaAction::Play { card, marriage: false } => format!("play {card}"),
            TysiachaAction::Play { card, marriage: true } => format!("play {card} marriage"),
            TysiachaAction::Redeal => "redeal".to_string(),
            TysiachaAction::PlayOn => "play_on".to_string(),
        }
    }

    fn contract_kinds(config: &TysiachaConfig) -> &'static [&'static str] {
        match (config.rospisat != RospisatTiming::Off, config.four_nines_redeal) {
            (false, false) => KINDS_BASE,
            (true, false) => KINDS_ROSPISAT,
            (false, true) => KINDS_REDEAL,
            (true, true) => KINDS_ALL,
        }
    }

    fn contract_kind(outcome: &TysiachaOutcome) -> &'static str {
        match outcome.end {
            HandEnd::Played if outcome.made => "made",
            HandEnd::Played => "failed",
            HandEnd::Rospisat => "rospisat",
            HandEnd::Redeal => "redeal",
        }
    }

    fn played_out(outcome: &TysiachaOutcome) -> bool {
        outcome.end == HandEnd::Played
    }

    fn seat_deltas(config: &TysiachaConfig, outcome: &TysiachaOutcome) -> Vec<i64> {
        outcome.raw_deltas(config)[..outcome.seats.min(MAX_SEATS as u8) as usize].to_vec()
    }

    fn facts(&self, _config: &TysiachaConfig) -> crate::game::HandFacts {
        crate::game::HandFacts {
            contract: (self.contract > 0).then(|| self.contract.to_string()),
            declarers: self.declarer().map_or(0, Seat::bit),
            trump: self.trump,
            called: None,
        }
    }

    fn breakdown(config: &TysiachaConfig, outcome: &TysiachaOutcome) -> Vec<String> {
        let mut lines = Vec::new();
        let rounding = match config.defender_rounding {
            5 => "round5",
            10 => "round10",
            _ => "",
        };
        let rounded = |points: i64| {
            if rounding.is_empty() {
                format!("{points}")
            } else {
                format!("{rounding}({points}) = {}", round_points(points, config.defender_rounding))
            }
        };
        let declarer = outcome.declarer;
        for index in 0..outcome.seats.min(MAX_SEATS as u8) {
            let seat = Seat(index);
            let name = seat_name(seat);
            let cp = outcome.card_points[seat.index()];
            let mar = outcome.marriages[seat.index()];
            let delta = outcome.raw_delta(config, seat, false);
            let line = if Some(seat) == outcome.sitter {
                if config.sitter_musik && outcome.end != HandEnd::Redeal {
                    format!("{name} sits out: musik {} = {delta:+}", outcome.talon)
                } else {
                    format!("{name} sits out: no update")
                }
            } else {
                match (outcome.end, seat == declarer) {
                    (HandEnd::Redeal, _) => format!("{name}: hand annulled (four nines), no update"),
                    (HandEnd::Rospisat, true) => format!("{name} declarer: rospisat at bid {}: {delta:+}", outcome.bid),
                    (HandEnd::Rospisat, false) => format!("{name}: rospisat {delta:+}"),
                    (HandEnd::Played, true) => {
                        let mut line = format!("{name} declarer: {cp} + {mar} = {}", cp + mar);
                        if config.declarer_rounding {
                            let _ = write!(line, ", rounded {}", outcome.declarer_total(config));
                        }
                        let verdict = if outcome.made { ">=" } else { "<" };
                        let result = if outcome.made { "made" } else { "failed" };
                        let _ = write!(line, " {verdict} {}, {result}: {delta:+}", outcome.contract);
                        line
                    }
                    (HandEnd::Played, false) => format!("{name}: {} + {mar} = {delta:+}", rounded(cp)),
                }
            };
            lines.push(line);
        }
        lines
    }

    fn check_outcome(config: &TysiachaConfig, table: &Table, outcome: &TysiachaOutcome) -> Vec<String> {
        let mut problems = Vec::new();
        if let Err(problem) = table.check_conservation() {
            problems.push(problem);
        }
        let (active, sitter) = active_seats(config, outcome.dealer);
        if let Some(sitter) = sitter {
            if table.hand_size(sitter) != 0 || !table.won(sitter).is_empty() {
                problems.push(format!("the sitter {} holds or won cards", seat_name(sitter)));
            }
        }
        let total: i64 = active.iter().map(|seat| outcome.card_points[seat.index()]).sum();
        let mut suits = 0u8;
        for seat in active {
            if suits & outcome.declared[seat.index()] != 0 {
                problems.push("a marriage was declared twice".to_string());
            }
            suits |= outcome.declared[seat.index()];
            if marriages_value(outcome.declared[seat.index()]) != outcome.marriages[seat.index()] {
                problems.push(format!("{} marriage points do not match the declarations", seat_name(seat)));
            }
        }
        match outcome.end {
            HandEnd::Played => {
                if total != 120 {
                    problems.push(format!("card points sum to {total}, not 120"));
                }
                if table.trick_index() != TRICKS {
                    problems.push(format!("{} tricks played, not 8", table.trick_index()));
                }
                let made = outcome.declarer_total(config) >= outcome.contract;
                if made != outcome.made {
                    problems.push("made/failed disagrees with the declarer's total".to_string());
                }
                if outcome.contract < outcome.bid || outcome.bid < MIN_BID as i64 {
                    problems.push(format!("contract {} below bid {}", outcome.contract, outcome.bid));
                }
                for seat in active {
                    if table.hand_size(seat) != 0 {
                        problems.push(format!("{} still holds cards", seat_name(seat)));
                    }
                }
            }
            HandEnd::Rospisat | HandEnd::Redeal => {
                if total != 0 && outcome.end == HandEnd::Rospisat {
                    problems.push("card points after a rospisat".to_string());
                }
                if outcome.end == HandEnd::Rospisat && table.trick_index() != 0 {
                    problems.push("tricks were played before a rospisat".to_string());
                }
            }
        }
        if (0..table.slot_count()).any(|slot| !table.is_public(Slot(slot as u8))) {
            problems.push("a card was not revealed at the end of the hand".to_string());
        }
        problems
    }

    fn candidate_actions(config: &TysiachaConfig, table: &Table, seat: Seat, out: &mut Vec<TysiachaAction>) {
        out.push(TysiachaAction::Pass);
        out.push(TysiachaAction::Take);
        out.push(TysiachaAction::Rospisat);
        out.push(TysiachaAction::Redeal);
        out.push(TysiachaAction::PlayOn);
        for value in (MIN_BID..=MAX_BID).step_by(5) {
            out.push(TysiachaAction::Bid(value));
            out.push(TysiachaAction::Contract(value));
        }
        for card in DECK.iter() {
            out.push(TysiachaAction::Play { card, marriage: false });
            out.push(TysiachaAction::Play { card, marriage: true });
        }
        let hand = table.hand(seat);
        if hand.len() >= 8 {
            // Every give of two known cards to every ordered pair of other seats.
            let seats = config.players;
            for first in hand.iter() {
                for second in hand.iter().filter(|&card| card != first) {
                    for a in (0..seats).filter(|&a| a != seat.0) {
                        for b in (0..seats).filter(|&b| b != seat.0 && b != a) {
                            out.push(TysiachaAction::Give { cards: [first, second], to: [Seat(a), Seat(b)] });
                        }
                    }
                }
            }
        }
    }

    /// `sitter` and `sitter_bonus` act only with four players.
    fn key_context(key: &str) -> &'static [(&'static str, &'static str)] {
        match key {
            "sitter" | "sitter_bonus" => &[("players", "4")],
            _ => &[],
        }
    }

    /// Whether someone holds the four nines after the pass decides whose turn it is, and only
    /// the holder's device can know it (a received card completes them in V-28).
    fn needs_full_knowledge(config: &TysiachaConfig) -> Option<&'static str> {
        config.four_nines_redeal.then_some(
            "four_nines_redeal = on: only the holder's device knows whether the four nines are held after the pass, \
             so a table of peers could not agree on whose turn it is; play this variant on one device",
        )
    }

    /// Biases random self-play so contracts are often made and matches finish, while every
    /// contract kind stays common: the forced opening at 100 and passes after it, the contract
    /// equal to the bid (or exactly 120, which a barrel seat needs to finish), an occasional
    /// concession; the declarer gives away low cards, declares marriages and plays high cards
    /// and trumps; the defenders play at random. Reads only the acting seat's own hand.
    fn policy_weight(&self, _config: &TysiachaConfig, table: &Table, action: &TysiachaAction) -> u32 {
        let declaring = self.phase == Phase::Play && self.turn == self.declarer;
        match *action {
            TysiachaAction::Bid(value) if value == MIN_BID => 400,
            TysiachaAction::Bid(FREE_BID) => 40,
            TysiachaAction::Bid(value) if value < FREE_BID => 10,
            TysiachaAction::Bid(_) => 1,
            TysiachaAction::Pass => 400,
            TysiachaAction::Contract(value) if value == self.high_bid => 2000,
            TysiachaAction::Contract(FREE_BID) => 800,
            TysiachaAction::Contract(_) => 1,
            TysiachaAction::Rospisat => 120,
            TysiachaAction::Take => 1000,
            TysiachaAction::Redeal | TysiachaAction::PlayOn => 1,
            TysiachaAction::Give { cards, .. } => {
                // Low cards away, and never a marriage partner: 1 (two aces) to 400 (two nines).
                let kept = table.hand(self.turn).difference(CardSet::from_iter(cards));
                let broken = marriages_in(kept) != marriages_in(table.hand(self.turn));
                let low = 21 - card_points(CardSet::from_iter(cards)).min(20) as u32;
                if broken {
                    1
                } else {
                    low * low
                }
            }
            TysiachaAction::Play { marriage: true, .. } => 400,
            TysiachaAction::Play { card, .. } if declaring => {
                // Aces and tens win tricks and points; trumps win the rest.
                let trump = self.trump.is_some() && card.suit() == self.trump;
                let rank = strength(card) as u32 + if trump { 6 } else { 0 };
                rank * rank * rank
            }
            TysiachaAction::Play { .. } => 1,
        }
    }
}

impl Tysiacha {
    fn advance_auction(&mut self, config: &TysiachaConfig, table: &mut Table, seat: Seat, events: &mut Events) {
        if self.passed.count_ones() >= 2 {
            self.end_auction(config, table, events);
            return;
        }
        let mut next = self.next_active(seat);
        while self.passed & next.bit() != 0 {
            next = self.next_active(next);
        }
        self.turn = next;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deck_arithmetic() {
        assert_eq!(DECK.len(), 24);
        assert_eq!(card_points(DECK), 120);
        for suit in Suit::ALL {
            assert_eq!(card_points(DECK.of_suit(suit)), 30);
        }
        assert_eq!(marriages_value(marriages_in(DECK)), 280);
    }

    #[test]
    fn strength_table_matches_the_rank_order() {
        for card in DECK.iter() {
            assert_eq!(strength(card), ORDER.strength(card, false), "{card}");
            for other in DECK.of_suit(card.suit_or_clubs()).iter() {
                assert_eq!(stronger_of_suit(DECK, card).contains(other), strength(other) > strength(card));
            }
        }
    }

    #[test]
    fn seat_helpers_skip_the_sitter() {
        let config = TysiachaConfig::from_settings(&[("players", "4"), ("sitter", "opposite_dealer")]).unwrap();
        let (active, sitter) = active_seats(&config, Seat(1));
        assert_eq!(active, [Seat(2), Seat(0), Seat(1)]);
        assert_eq!(sitter, Some(Seat(3)));
        let _ = TysiachaConfig::default();
    }
}

//! Tachtigen: the three-player Brabant game with a 33-card deck (7 to ace plus the six of
//! hearts), a stok of 3 shown to all, a ladder mixing points bids and 13 special contracts, roem
//! subtracted from the bid, and payments in cents. The normative rules are
//! `../shared/rules/tachtigen.md` (section numbers below refer to it). Card points, the trump
//! order and roem come from the shared Brabant module ([`super::brabant`]).
//!
//! **Action notation** (section 10): calls `pass`, `80` (any points bid), or a special
//! contract's id (`schoppen_vrouw`, `zwabbersolo`, `piek`, `zwabber`, `misere`, `piek_met`,
//! `piek_ouvert`, `ouvert`, `piek_ouvert_met`, `piek_praat`, `praat`, `piek_praat_met`,
//! `prive`); the declarer's `play` or `buy_off` (only when the buy-off is offered),
//! `discard c c c`, `trump X`, `roem none` or `roem run JH TH 9H, four AS AH AD AC, stuk KH QH`;
//! a card played is `play JH`.
//!
//! **Score sheet keys**: `P0`, `P1`, `P2`, the cent balances (they sum to 0), and `deals`, the
//! deals played so far (for `match_deals`).
//!
//! **Contract kinds** (self-play coverage): `points`, each special contract's id, `bought_off`
//! (unless `buyoff_max_bid = off`) and `thrown_in` (unless `all_pass = forehand_80`).
//!
//! Decisions where the spec is silent:
//!
//! * Decision: points bids are accepted up to [`MAX_BID`] (600). The spec sets no upper limit,
//!   but the legal actions must be a finite list. A declarer makes at most 250 points (a pit),
//!   so the cap only removes bids that need more than 350 roem to be made.
//! * Decision: `buyoff_max_bid` takes `off` or a multiple of 10 from 80 to 300, and
//!   `match_deals` takes `open` or a multiple of 3 from 3 to 99 (the spec gives no upper bound;
//!   config values must be a finite list).
//! * Decision: every hand ends with the devices' audit reveal
//!   ([`Visibility::RevealedAtEnd`]) of the cards not yet public (discards, unplayed cards, a
//!   bought-off hand, a thrown-in deal), as the project README requires; the players are never
//!   shown them (V7, V8, V15), except the discards under `discards_count_for = declarer` (V15a),
//!   which the reveal also covers.
//! * Decision: a declared roem combination's cards are shown to all with one
//!   [`Visibility::ShownToAll`] event for the whole declaration (V10); they stay in the hand.
//! * Decision: the roem declaration is checked when the declarer's hand is known (offline, the
//!   audit): each declared combination must be one he holds, at its maximal length for a run,
//!   and worth something under `roem_table`; a peer that cannot see the hand accepts it and the
//!   end-of-hand audit names a false claim.
//! * Decision: a discard is written with its cards from the highest card code down (spades
//!   first, then hearts, diamonds, clubs; within a suit from the ace down), e.g.
//!   `discard 8D 8C 7C`; any order is accepted on input.
//! * Decision: the match summary of a finished `match_deals` match is `P1 wins with 12 ct`
//!   (every seat with the highest balance is a winner: `P0 and P2 win with 4 ct`).
//! * Decision: the self-play policy (`policy_weight`) favours passing and the lowest points
//!   bids, gives special contracts a share each, and sometimes buys off, so that every contract
//!   kind occurs in random play. It changes nothing in the rules.
//!
//! * Decision: with `roem_denial = true` both opponents are asked in turn (`declarer + 1`, then
//!   `declarer + 2`, until one denies) whenever the declarer declared a combination other than
//!   the stuk: `deny COMBO` (e.g. `deny run KD QD JD TD`) or `no_deny`. An opponent who cannot
//!   deny has only `no_deny`. The spec asks only an opponent who can deny, but whether he can
//!   depends on his hidden hand, and whose turn it is must be a public fact (every seat's view
//!   must agree on it); the forced `no_deny` reveals nothing and changes no result.
//! * Decision: `roem_denial = true` together with `roem_table = tachentige` is refused by
//!   [`Game::check_config`] (the spec's ranking covers only the Pandoer table).

use crate::card::{Card, CardSet, Rank, Suit};
use crate::config::{ConfigError, ConfigKey, ConfigValues, KeyKind};
use crate::event::{Event, Events, Pile, SlotSet, Visibility};
use crate::game::{Game, GameId, MatchStatus, ScoreSheet, ToAct};
use crate::games::brabant::{self, detect, Combo, Roem, RoemTable, RANK_ORDER};
use crate::seat::{Direction, Seat, SeatNames};
use crate::table::{DealLayout, Place, Table, Trick};
use crate::RuleError;
use std::fmt;

const SEATS: u8 = 3;
const ALL_SEATS: u8 = 0b111;
const TRICKS: u8 = 10;
const HAND_SIZE: usize = 10;
/// The highest points bid (see the module doc).
pub const MAX_BID: u16 = 600;
/// The lowest points bid (section 3.2).
pub const LOWEST_BID: u16 = 80;
/// Last-trick bonus and pit bonus (section 1).
pub const LAST_TRICK: u32 = 9;
pub const PIT: u32 = 100;

const fn next(seat: Seat) -> Seat {
    Seat((seat.0 + 1) % SEATS)
}

fn seat_name(seat: Seat) -> String {
    SeatNames::Numbered.name(seat)
}

fn queen_of_spades() -> Card {
    Card::new(Rank::QUEEN, Suit::Spades)
}

// ---------------------------------------------------------------------------------------------
// Contracts

/// What a special contract asks of the declarer's tricks (section 3.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// Not win the trick holding `QS`.
    NotQueenOfSpades,
    AtLeastNine,
    ExactlyOne,
    All,
    Zero,
}

/// When the declarer's hand (or every hand) is opened (section 5.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Open {
    Closed,
    Ouvert,
    Praat,
}

/// The 13 special contracts, low to high on the ladder.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Special {
    SchoppenVrouw,
    Zwabbersolo,
    Piek,
    Zwabber,
    Misere,
    PiekMet,
    PiekOuvert,
    Ouvert,
    PiekOuvertMet,
    PiekPraat,
    Praat,
    PiekPraatMet,
    Prive,
}

impl Special {
    pub const ALL: [Special; 13] = [
        Special::SchoppenVrouw,
        Special::Zwabbersolo,
        Special::Piek,
        Special::Zwabber,
        Special::Misere,
        Special::PiekMet,
        Special::PiekOuvert,
        Special::Ouvert,
        Special::PiekOuvertMet,
        Special::PiekPraat,
        Special::Praat,
        Special::PiekPraatMet,
        Special::Prive,
    ];

    /// (id, ladder key, cents per opponent, trump, open, goal) of table 3.3.
    const fn data(self) -> (&'static str, u16, i64, bool, Open, Goal) {
        match self {
            Special::SchoppenVrouw => ("schoppen_vrouw", 145, 5, false, Open::Closed, Goal::NotQueenOfSpades),
            Special::Zwabbersolo => ("zwabbersolo", 155, 8, false, Open::Closed, Goal::AtLeastNine),
            Special::Piek => ("piek", 165, 12, false, Open::Closed, Goal::ExactlyOne),
            Special::Zwabber => ("zwabber", 175, 12, false, Open::Closed, Goal::All),
            Special::Misere => ("misere", 185, 14, true, Open::Closed, Goal::Zero),
            Special::PiekMet => ("piek_met", 195, 16, true, Open::Closed, Goal::ExactlyOne),
            Special::PiekOuvert => ("piek_ouvert", 205, 18, false, Open::Ouvert, Goal::ExactlyOne),
            Special::Ouvert => ("ouvert", 215, 20, true, Open::Ouvert, Goal::Zero),
            Special::PiekOuvertMet => ("piek_ouvert_met", 225, 22, true, Open::Ouvert, Goal::ExactlyOne),
            Special::PiekPraat => ("piek_praat", 235, 23, false, Open::Praat, Goal::ExactlyOne),
            Special::Praat => ("praat", 245, 25, true, Open::Praat, Goal::Zero),
            Special::PiekPraatMet => ("piek_praat_met", 255, 27, true, Open::Praat, Goal::ExactlyOne),
            Special::Prive => ("prive", 275, 30, true, Open::Closed, Goal::All),
        }
    }

    pub const fn id(self) -> &'static str {
        self.data().0
    }

    pub const fn key(self) -> u16 {
        self.data().1
    }

    /// Cents each opponent pays (or is paid).
    pub const fn amount(self) -> i64 {
        self.data().2
    }

    pub const fn has_trump(self) -> bool {
        self.data().3
    }

    pub const fn open(self) -> Open {
        self.data().4
    }

    pub const fn goal(self) -> Goal {
        self.data().5
    }

    pub fn from_id(id: &str) -> Option<Special> {
        Special::ALL.into_iter().find(|special| special.id().eq_ignore_ascii_case(id))
    }
}

/// A contract (and a non-pass call): a points bid or a special contract.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Contract {
    Points(u16),
    Special(Special),
}

impl Contract {
    /// The ladder key of section 3.2.
    pub const fn key(self) -> u16 {
        match self {
            Contract::Points(points) => points,
            Contract::Special(special) => special.key(),
        }
    }

    pub const fn special(self) -> Option<Special> {
        match self {
            Contract::Special(special) => Some(special),
            Contract::Points(_) => None,
        }
    }

    const fn has_trump(self) -> bool {
        match self {
            Contract::Points(_) => true,
            Contract::Special(special) => special.has_trump(),
        }
    }
}

impl fmt::Display for Contract {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Contract::Points(points) => write!(f, "{points}"),
            Contract::Special(special) => f.write_str(special.id()),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Config

/// The validated variant config (section 8).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TachtigenConfig {
    /// `all_pass = forehand_80`.
    pub forehand_80: bool,
    /// `None` = `off`.
    pub buyoff_max_bid: Option<u16>,
    pub buyoff_cost_ct: i64,
    pub roem_table: RoemTable,
    pub roem_requires_trick: bool,
    /// `discards_count_for = declarer`.
    pub discards_for_declarer: bool,
    pub jas_exempt: bool,
    pub no_undertrump: bool,
    /// `piek_target = first_trick_only`.
    pub piek_first_trick_only: bool,
    pub ouvert_reveal_after_trick: u8,
    pub stop_when_decided: bool,
    /// `roem_denial = true` (only with the Pandoer table).
    pub roem_denial: bool,
    /// `None` = `open`.
    pub match_deals: Option<u32>,
}

impl TachtigenConfig {
    pub fn defaults() -> TachtigenConfig {
        Tachtigen::config(&ConfigValues::validate(Tachtigen::config_keys(), []).unwrap_or_default())
    }
}

const BUYOFF_VALUES: &[&str] = &[
    "off", "80", "90", "100", "110", "120", "130", "140", "150", "160", "170", "180", "190", "200", "210", "220",
    "230", "240", "250", "260", "270", "280", "290", "300",
];

const MATCH_DEALS_VALUES: &[&str] = &[
    "open", "3", "6", "9", "12", "15", "18", "21", "24", "27", "30", "33", "36", "39", "42", "45", "48", "51", "54",
    "57", "60", "63", "66", "69", "72", "75", "78", "81", "84", "87", "90", "93", "96", "99",
];

const FALSE_TRUE: &[&str] = &["false", "true"];

const CONFIG_KEYS: &[ConfigKey] = &[
    ConfigKey {
        name: "all_pass",
        kind: KeyKind::Choice(&["redeal", "forehand_80"]),
        default: "redeal",
        help: "when all three pass: redeal, or forehand plays Points(80)",
    },
    ConfigKey {
        name: "buyoff_max_bid",
        kind: KeyKind::Choice(BUYOFF_VALUES),
        default: "100",
        help: "highest points bid that may be bought off (off: never)",
    },
    ConfigKey {
        name: "buyoff_cost_ct",
        kind: KeyKind::Integer { min: 0, max: 1000, step: 1 },
        default: "2",
        help: "cents the declarer pays each opponent for a buy-off",
    },
    ConfigKey {
        name: "roem_table",
        kind: KeyKind::Choice(&["pandoer", "tachentige"]),
        default: "pandoer",
        help: "roem values: pandoer (runs 20..180, fours) or tachentige (threes and fours)",
    },
    ConfigKey {
        name: "roem_requires_trick",
        kind: KeyKind::Choice(FALSE_TRUE),
        default: "false",
        help: "roem counts 0 when the declarer wins no trick",
    },
    ConfigKey {
        name: "roem_denial",
        kind: KeyKind::Choice(FALSE_TRUE),
        default: "false",
        help: "Pandoer-style denial of roem by an opponent (needs roem_table = pandoer)",
    },
    ConfigKey {
        name: "discards_count_for",
        kind: KeyKind::Choice(&["opponents", "declarer"]),
        default: "opponents",
        help: "whose card points the discards are (declarer: only if he wins a trick)",
    },
    ConfigKey {
        name: "jas_exempt",
        kind: KeyKind::Choice(FALSE_TRUE),
        default: "false",
        help: "a lone trump jack need not follow a trump lead",
    },
    ConfigKey {
        name: "no_undertrump",
        kind: KeyKind::Choice(FALSE_TRUE),
        default: "false",
        help: "no trump below the trick's highest trump on a plain lead, unless there is no other card",
    },
    ConfigKey {
        name: "piek_target",
        kind: KeyKind::Choice(&["exactly_one", "first_trick_only"]),
        default: "exactly_one",
        help: "Piek: exactly one trick, or the first trick and no other",
    },
    ConfigKey {
        name: "ouvert_reveal_after_trick",
        kind: KeyKind::Choice(&["1", "2", "3"]),
        default: "3",
        help: "after which trick the ouvert declarer's hand is opened",
    },
    ConfigKey {
        name: "stop_when_decided",
        kind: KeyKind::Choice(&["true", "false"]),
        default: "true",
        help: "end special contracts as soon as the result is settled",
    },
    ConfigKey {
        name: "match_deals",
        kind: KeyKind::Choice(MATCH_DEALS_VALUES),
        default: "open",
        help: "match length in deals (open: no end)",
    },
];

// ---------------------------------------------------------------------------------------------
// Actions

/// One action (see the module doc for the notation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TachtigenAction {
    Pass,
    Bid(Contract),
    /// Decline the buy-off.
    Play,
    BuyOff,
    /// Three cards, highest card code first.
    Discard([Card; 3]),
    Trump(Suit),
    Roem(Roem),
    Card(Card),
    /// `roem_denial`: an opponent denies with a better single combination, or does not.
    Deny(Combo),
    NoDeny,
}

impl TachtigenAction {
    /// A discard with its cards in the canonical order.
    pub fn discard(mut cards: [Card; 3]) -> TachtigenAction {
        cards.sort_unstable_by_key(|card| std::cmp::Reverse(card.index()));
        TachtigenAction::Discard(cards)
    }
}

/// Every set of three positions `a < b < c` among 16, ordered by `c`, then `b`, then `a`: the
/// sets among the first `n` positions are the first `triple_count(n)` entries.
const DISCARD_TRIPLES: [[u8; 3]; 560] = {
    let mut triples = [[0u8; 3]; 560];
    let mut next = 0;
    let mut c = 2;
    while c < 16 {
        let mut b = 1;
        while b < c {
            let mut a = 0;
            while a < b {
                triples[next] = [a, b, c];
                next += 1;
                a += 1;
            }
            b += 1;
        }
        c += 1;
    }
    triples
};

/// The discard of the cards at a triple's positions, in the canonical order: positions rise and
/// `cards` are in rising index order, so `[c, b, a]` is highest card code first. (Positions are
/// below 16 by construction; the mask spares the bounds checks.)
fn discard_of(cards: &[Card; 16], &[a, b, c]: &[u8; 3]) -> TachtigenAction {
    let card = |position: u8| cards[position as usize & 15];
    TachtigenAction::Discard([card(c), card(b), card(a)])
}

/// How many sets of three positions there are among `n` (n choose 3).
const fn triple_count(n: usize) -> usize {
    if n < 3 {
        0
    } else {
        n * (n - 1) * (n - 2) / 6
    }
}

// ---------------------------------------------------------------------------------------------
// Scoring

/// Section 6.1: the cents `a` each opponent pays the declarer (negative: the declarer pays each
/// opponent `-a`), from the final bid `bid`, the counted roem `roem` and the declarer's points.
pub fn points_settlement(bid: i64, roem: i64, points: i64) -> i64 {
    let target = bid - roem;
    let margin = points - target;
    if margin >= 0 {
        margin / 10
    } else {
        -((-margin + 9) / 10)
    }
}

/// How a hand ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandEnd {
    /// All passed with `all_pass = redeal`.
    ThrownIn,
    BoughtOff,
    Played,
}

/// The outcome of one hand with the spec's breakdown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TachtigenOutcome {
    pub end: HandEnd,
    pub dealer: Seat,
    pub declarer: Option<Seat>,
    pub contract: Option<Contract>,
    pub trump: Option<Suit>,
    /// Value of the declared roem, and `R` as counted.
    pub roem_declared: u32,
    pub roem: u32,
    /// The opponent who denied the roem (`roem_denial`); `roem_declared` is then the stuk only.
    pub denied: Option<Seat>,
    /// `P`: card points won, last trick, pit and (variant) discards.
    pub points: u32,
    /// Card points in each seat's won tricks (without bonuses), and in the discards.
    pub card_points: [u32; 3],
    pub discard_points: u32,
    pub last_trick: Option<Seat>,
    pub tricks: [u8; 3],
    pub tricks_played: u8,
    /// Special contracts: whether the declarer won.
    pub won: Option<bool>,
    /// Cents each opponent pays the declarer (negative: paid by him).
    pub cents: i64,
    pub deltas: [i64; 3],
}

impl TachtigenOutcome {
    fn empty(end: HandEnd, dealer: Seat) -> TachtigenOutcome {
        TachtigenOutcome {
            end,
            dealer,
            declarer: None,
            contract: None,
            trump: None,
            roem_declared: 0,
            roem: 0,
            denied: None,
            points: 0,
            card_points: [0; 3],
            discard_points: 0,
            last_trick: None,
            tricks: [0; 3],
            tricks_played: 0,
            won: None,
            cents: 0,
            deltas: [0; 3],
        }
    }

    fn set_cents(&mut self, declarer: Seat, cents: i64) {
        self.cents = cents;
        for seat in 0..SEATS {
            self.deltas[seat as usize] = if seat == declarer.0 { 2 * cents } else { -cents };
        }
    }

    /// `P` and the payment of a played points contract from its facts.
    fn score_points(&mut self, config: &TachtigenConfig, bid: u16, declarer: Seat) {
        let tricks = self.tricks[declarer.index()];
        let mut points = self.card_points[declarer.index()];
        if self.last_trick == Some(declarer) {
            points += LAST_TRICK;
        }
        if tricks == TRICKS {
            points += PIT;
        }
        if config.discards_for_declarer && tricks > 0 {
            points += self.discard_points;
        }
        self.points = points;
        self.roem = if config.roem_requires_trick && tricks == 0 { 0 } else { self.roem_declared };
        self.set_cents(declarer, points_settlement(bid as i64, self.roem as i64, points as i64));
    }
}

/// Running cent balances and the number of deals played.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TachtigenScores {
    pub balances: [i64; 3],
    pub deals: u32,
}

// ---------------------------------------------------------------------------------------------
// The game

/// Where the hand is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    Auction,
    /// The declarer chooses `play` or `buy_off` (4.3).
    BuyOff,
    Discard,
    Trump,
    Roem,
    /// `roem_denial`: the opponent to act may deny the declarer's roem.
    Denial,
    Play,
    Over(HandEnd),
}

/// One Tachtigen hand: public facts only.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tachtigen {
    dealer: Seat,
    phase: Phase,
    turn: Seat,
    passed: u8,
    high: Option<(Seat, Contract)>,
    declarer: Option<Seat>,
    contract: Option<Contract>,
    trump: Option<Suit>,
    roem: Roem,
    /// The opponent who denied the roem, and with what.
    denied: Option<(Seat, Combo)>,
    /// A special contract's result once settled (5.4).
    result: Option<bool>,
}

/// The cards `hand` may play to `trick` (section 5.2 with the variants).
pub fn legal_plays(config: &TachtigenConfig, hand: CardSet, trick: &Trick, trump: Option<Suit>) -> CardSet {
    let Some(led) = trick.led.filter(|_| !trick.is_empty()) else { return hand };
    let same = hand.of_suit(led);
    let trumps = match trump {
        Some(trump) => hand.of_suit(trump),
        None => CardSet::EMPTY,
    };
    // Follow suit (on a plain lead, trumping is allowed too); void: any card. When trump is led,
    // the led cards are the trumps.
    let allowed = if same.is_empty() { hand } else { same.union(trumps) };
    // (The variants are tested first: that test is the same every time, the suits are random.)
    if !(config.jas_exempt || config.no_undertrump) {
        return allowed;
    }
    variant_plays(config, hand, trick, trump, (led, trumps, allowed))
}

/// [`legal_plays`] under `jas_exempt` or `no_undertrump`, given the led suit, the hand's trumps
/// and the cards the common rule allows. Kept out of line so that the common rule, computed twice
/// per card played (the pick and the check in `apply`), saves no registers it does not use.
#[inline(never)]
fn variant_plays(
    config: &TachtigenConfig,
    hand: CardSet,
    trick: &Trick,
    trump: Option<Suit>,
    (led, trumps, allowed): (Suit, CardSet, CardSet),
) -> CardSet {
    let Some(trump) = trump else { return allowed };
    if led == trump {
        let jack = Card::new(Rank::JACK, trump);
        if config.jas_exempt && trumps == CardSet::single(jack) {
            return hand;
        }
        return allowed;
    }
    if config.no_undertrump {
        if let Some(highest) = trick.highest_trump(trump, &RANK_ORDER) {
            let lower: CardSet =
                allowed.of_suit(trump).iter().filter(|&card| RANK_ORDER.strength(card, true) < highest).collect();
            let rest = allowed.difference(lower);
            if !rest.is_empty() {
                return rest;
            }
        }
    }
    allowed
}

/// What a finished trick meant for a special contract.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TrickResult {
    /// The declarer won it.
    pub declarer_won: bool,
    /// It held the queen of spades.
    pub had_queen: bool,
}

/// Section 5.4: a special contract's result after `done` tricks of which the declarer won `won`,
/// `last` being the trick just finished; `None` while it is open. Called after each trick until
/// it gives a result, which is then fixed.
pub fn special_result(goal: Goal, first_trick_only: bool, done: u8, won: u8, last: TrickResult) -> Option<bool> {
    let lost = done - won;
    match goal {
        Goal::NotQueenOfSpades if last.had_queen => Some(!last.declarer_won),
        Goal::NotQueenOfSpades => None,
        Goal::AtLeastNine if lost >= 2 => Some(false),
        Goal::AtLeastNine if won >= 9 => Some(true),
        Goal::AtLeastNine => None,
        Goal::ExactlyOne if first_trick_only => {
            if (done == 1) != last.declarer_won {
                Some(false)
            } else if done == TRICKS {
                Some(true)
            } else {
                None
            }
        }
        Goal::ExactlyOne if won >= 2 => Some(false),
        Goal::ExactlyOne if done == TRICKS => Some(won == 1),
        Goal::ExactlyOne => None,
        Goal::All if lost >= 1 => Some(false),
        Goal::All if won == TRICKS => Some(true),
        Goal::All => None,
        Goal::Zero if won >= 1 => Some(false),
        Goal::Zero if done == TRICKS => Some(true),
        Goal::Zero => None,
    }
}

impl Tachtigen {
    pub fn phase(&self) -> Phase {
        self.phase
    }

    pub fn declarer(&self) -> Option<Seat> {
        self.declarer
    }

    pub fn contract(&self) -> Option<Contract> {
        self.contract
    }

    pub fn trump(&self) -> Option<Suit> {
        self.trump
    }

    pub fn high_bid(&self) -> Option<(Seat, Contract)> {
        self.high
    }

    /// Whether `seat` passed in the auction (a pass is final).
    pub fn has_passed(&self, seat: Seat) -> bool {
        self.passed & seat.bit() != 0
    }

    pub fn declared_roem(&self) -> Roem {
        self.roem
    }

    /// A special contract's result once settled.
    pub fn result(&self) -> Option<bool> {
        self.result
    }

    /// Every call ranking above the highest so far, low to high.
    fn calls_above(&self) -> &'static [TachtigenAction] {
        let above = self.high.map_or(0, |(_, high)| high.key());
        &LADDER[LADDER_KEYS.partition_point(|&key| key <= above)..]
    }

    /// The cards `seat` may discard, in rising index order, and how many: the known cards of his
    /// hand, less the queen of spades in schoppen_vrouw. (Leaving the queen out of the positions
    /// lists the same triples, in the same order, as listing every triple and dropping those
    /// with the queen: the order of positions is kept.)
    fn discardable(&self, table: &Table, seat: Seat) -> ([Card; 16], usize) {
        let mut hand = table.hand(seat);
        if self.contract == Some(Contract::Special(Special::SchoppenVrouw)) {
            hand.remove(queen_of_spades());
        }
        let mut cards = [Card::JOKER; 16];
        let mut count = 0;
        for (place, card) in cards.iter_mut().zip(hand.iter()) {
            *place = card;
            count += 1;
        }
        (cards, count)
    }

    /// The cards `seat` may play to the trick (every known card when the hand is not fully known:
    /// the audit checks the duties then).
    fn playable(&self, config: &TachtigenConfig, table: &Table, seat: Seat) -> CardSet {
        let hand = table.hand(seat);
        if table.knows_hand(seat) {
            legal_plays(config, hand, table.trick(), self.trump)
        } else {
            hand
        }
    }

    fn end_hand(&mut self, end: HandEnd, table: &mut Table, events: &mut Events) {
        self.phase = Phase::Over(end);
        table.reveal_at_end(events);
        if !events.is_full() {
            events.push(Event::HandOver);
        }
    }

    fn legal_bid(&self, contract: Contract) -> Result<(), RuleError> {
        if let Contract::Points(points) = contract {
            if points < LOWEST_BID || points % 10 != 0 || points > MAX_BID {
                return Err(RuleError::new(format!("a points bid is a multiple of 10 from {LOWEST_BID} to {MAX_BID}")));
            }
        }
        if let Some((_, high)) = self.high {
            if contract.key() <= high.key() {
                return Err(RuleError::new(format!("a call must rank above {high}")));
            }
        }
        Ok(())
    }

    fn apply_auction(
        &mut self,
        config: &TachtigenConfig,
        table: &mut Table,
        seat: Seat,
        action: TachtigenAction,
        events: &mut Events,
    ) -> Result<(), RuleError> {
        match action {
            TachtigenAction::Pass => self.passed |= seat.bit(),
            TachtigenAction::Bid(contract) => {
                self.legal_bid(contract)?;
                self.high = Some((seat, contract));
            }
            _ => return Err(RuleError::new("the auction is not over")),
        }
        match self.high {
            None if self.passed == ALL_SEATS => {
                if config.forehand_80 {
                    self.begin_declarer(config, next(self.dealer), Contract::Points(LOWEST_BID), table, events);
                } else {
                    self.end_hand(HandEnd::ThrownIn, table, events);
                }
            }
            Some((bidder, contract)) if self.passed.count_ones() == 2 => {
                self.begin_declarer(config, bidder, contract, table, events);
            }
            _ => {
                let mut candidate = next(seat);
                while self.passed & candidate.bit() != 0 {
                    candidate = next(candidate);
                }
                self.turn = candidate;
            }
        }
        Ok(())
    }

    /// Sections 4.1 and 4.2: the stok shown to all and taken into the declarer's hand.
    fn begin_declarer(
        &mut self,
        config: &TachtigenConfig,
        declarer: Seat,
        contract: Contract,
        table: &mut Table,
        events: &mut Events,
    ) {
        self.declarer = Some(declarer);
        self.contract = Some(contract);
        self.turn = declarer;
        brabant::take_stok(table, declarer, events);
        self.phase = match (contract, config.buyoff_max_bid) {
            (Contract::Points(points), Some(max)) if points <= max => Phase::BuyOff,
            _ => Phase::Discard,
        };
    }

    fn apply_discard(
        &mut self,
        table: &mut Table,
        seat: Seat,
        cards: [Card; 3],
        events: &mut Events,
    ) -> Result<(), RuleError> {
        if cards[0] == cards[1] || cards[1] == cards[2] || cards[0] == cards[2] {
            return Err(RuleError::new("discard three different cards"));
        }
        if self.contract == Some(Contract::Special(Special::SchoppenVrouw)) && cards.contains(&queen_of_spades()) {
            return Err(RuleError::new("the queen of spades may not be discarded in schoppen_vrouw"));
        }
        brabant::discard_face_down(table, seat, cards.into_iter().collect(), events)?;
        self.phase = match self.contract {
            Some(contract) if contract.has_trump() => Phase::Trump,
            _ => Phase::Play,
        };
        Ok(())
    }

    fn apply_roem(
        &mut self,
        config: &TachtigenConfig,
        table: &mut Table,
        seat: Seat,
        roem: Roem,
        events: &mut Events,
    ) -> Result<(), RuleError> {
        if table.knows_hand(seat) {
            let held = detect(table.hand(seat), self.trump, config.roem_table);
            if let Some(combo) = roem.combos().iter().find(|combo| !held.combos().contains(combo)) {
                return Err(RuleError::new(format!(
                    "false roem claim: {} is not a combination of the hand",
                    combo.text(table.hand(seat))
                )));
            }
        }
        let mut slots = SlotSet::EMPTY;
        for card in roem.cards().iter() {
            match table.slot_of(card) {
                Some(slot) if table.place(slot) == Place::Hand(seat) => slots.insert(slot),
                Some(_) => return Err(RuleError::new(format!("false roem claim: {card} is not in the hand"))),
                None => {}
            }
        }
        if !slots.is_empty() {
            table.emit(Visibility::ShownToAll { slots }, events);
        }
        self.roem = roem;
        if config.roem_denial && brabant::best_for_denial(&roem).is_some() {
            self.phase = Phase::Denial;
            self.turn = next(seat);
        } else {
            self.phase = Phase::Play;
        }
        Ok(())
    }

    /// The combinations `seat` may deny with: those of his hand ranking above the declarer's
    /// best declared one.
    fn denials(&self, table: &Table, seat: Seat) -> Roem {
        let Some(best) = brabant::best_for_denial(&self.roem) else { return Roem::EMPTY };
        let held = detect(table.hand(seat), self.trump, RoemTable::Pandoer);
        let mut out = Roem::EMPTY;
        for combo in held.combos() {
            if combo.denial_rank() > best.denial_rank() {
                let _ = out.push(combo, CardSet::EMPTY);
            }
        }
        out
    }

    fn apply_denial(
        &mut self,
        table: &mut Table,
        seat: Seat,
        action: TachtigenAction,
        events: &mut Events,
    ) -> Result<(), RuleError> {
        let declarer = self.declarer.unwrap_or(seat);
        match action {
            TachtigenAction::NoDeny if seat == next(declarer) => {
                self.turn = next(seat);
                return Ok(());
            }
            TachtigenAction::NoDeny => {}
            TachtigenAction::Deny(combo) => {
                let best = brabant::best_for_denial(&self.roem);
                if combo.denial_rank().is_none() || combo.denial_rank() <= best.and_then(|b| b.denial_rank()) {
                    return Err(RuleError::new("a denial needs a single combination ranking above the declared one"));
                }
                if table.knows_hand(seat) && !self.denials(table, seat).combos().contains(&combo) {
                    return Err(RuleError::new(format!(
                        "false denial: {} is not a combination of the hand",
                        combo.text(table.hand(seat))
                    )));
                }
                let mut slots = SlotSet::EMPTY;
                for card in combo.cards(CardSet::EMPTY).iter() {
                    match table.slot_of(card) {
                        Some(slot) if table.place(slot) == Place::Hand(seat) => slots.insert(slot),
                        Some(_) => return Err(RuleError::new(format!("false denial: {card} is not in the hand"))),
                        None => {}
                    }
                }
                if !slots.is_empty() {
                    table.emit(Visibility::ShownToAll { slots }, events);
                }
                self.denied = Some((seat, combo));
            }
            _ => return Err(RuleError::new("the opponent must deny the roem or not (deny COMBO or no_deny)")),
        }
        self.phase = Phase::Play;
        self.turn = declarer;
        Ok(())
    }

    fn apply_play(
        &mut self,
        config: &TachtigenConfig,
        table: &mut Table,
        seat: Seat,
        card: Card,
        events: &mut Events,
    ) -> Result<(), RuleError> {
        if table.knows_hand(seat) {
            let hand = table.hand(seat);
            if !hand.contains(card) {
                return Err(RuleError::new(format!("{card} is not in {}'s hand", seat_name(seat))));
            }
            if !legal_plays(config, hand, table.trick(), self.trump).contains(card) {
                return Err(self.play_error(config, hand, table.trick()));
            }
        }
        table.play(seat, card, None, events)?;
        let declarer = self.declarer.unwrap_or(seat);
        let special = self.contract.and_then(Contract::special);
        if table.trick_index() == 0 && table.trick().len() == 1 && special.is_some_and(|s| s.open() == Open::Praat) {
            // V14: every remaining hand card of every seat, right after the declarer's lead.
            for holder in (0..SEATS).map(Seat) {
                let slots = table.hand_slots(holder);
                if !slots.is_empty() {
                    table.emit(Visibility::HandOpened { seat: holder, slots }, events);
                }
            }
        }
        if table.trick().len() < SEATS as usize {
            self.turn = next(seat);
            return Ok(());
        }
        let winner = table.trick().winner(self.trump, &RANK_ORDER).unwrap_or(seat);
        let had_queen = table.trick().card_set().contains(queen_of_spades());
        table.take_trick(winner, events);
        self.turn = winner;
        let done = table.trick_index();
        let Some(special) = special else {
            if done >= TRICKS {
                self.end_hand(HandEnd::Played, table, events);
            }
            return Ok(());
        };
        if self.result.is_none() {
            let won = table.tricks_won(declarer);
            let last = TrickResult { declarer_won: winner == declarer, had_queen };
            self.result = special_result(special.goal(), config.piek_first_trick_only, done, won, last);
        }
        if done >= TRICKS || (config.stop_when_decided && self.result.is_some()) {
            self.end_hand(HandEnd::Played, table, events);
        } else if special.open() == Open::Ouvert && done == config.ouvert_reveal_after_trick {
            let slots = table.hand_slots(declarer);
            table.emit(Visibility::HandOpened { seat: declarer, slots }, events);
        }
        Ok(())
    }

    fn play_error(&self, config: &TachtigenConfig, hand: CardSet, trick: &Trick) -> RuleError {
        let led = trick.led.unwrap_or(Suit::Clubs);
        match self.trump {
            Some(trump) if led == trump => RuleError::new(format!("must play a trump, holds {}", trump.name())),
            Some(trump) if hand.has_suit(led) => {
                RuleError::new(format!("must follow {} or trump with {}", led.name(), trump.name()))
            }
            Some(_) if config.no_undertrump => RuleError::new("may not undertrump (no_undertrump)"),
            _ => RuleError::new(format!("must follow suit, holds {}", led.name())),
        }
    }
}

const KINDS_POINTS_SPECIALS: [&str; 14] = [
    "points",
    "schoppen_vrouw",
    "zwabbersolo",
    "piek",
    "zwabber",
    "misere",
    "piek_met",
    "piek_ouvert",
    "ouvert",
    "piek_ouvert_met",
    "piek_praat",
    "praat",
    "piek_praat_met",
    "prive",
];

macro_rules! kinds {
    ($($extra:literal),*) => {
        &[
            "points", "schoppen_vrouw", "zwabbersolo", "piek", "zwabber", "misere", "piek_met", "piek_ouvert",
            "ouvert", "piek_ouvert_met", "piek_praat", "praat", "piek_praat_met", "prive" $(, $extra)*
        ]
    };
}

const KINDS_ALL: &[&str] = kinds!("bought_off", "thrown_in");
const KINDS_NO_BUYOFF: &[&str] = kinds!("thrown_in");
const KINDS_NO_THROW_IN: &[&str] = kinds!("bought_off");
const KINDS_PLAYED: &[&str] = kinds!();

/// How many non-pass calls there are: the points bids and the special contracts.
const LADDER_LEN: usize = ((MAX_BID - LOWEST_BID) / 10 + 1) as usize + Special::ALL.len();

/// Every non-pass call, low to high on the ladder (section 3.2): the points bids and the special
/// contracts merged by ladder key (built at compile time, so listing calls is one slice copy).
const LADDER: [TachtigenAction; LADDER_LEN] = {
    let mut calls = [TachtigenAction::Pass; LADDER_LEN];
    let (mut next, mut special, mut points) = (0, 0, LOWEST_BID);
    while next < LADDER_LEN {
        let special_first = special < Special::ALL.len() && (points > MAX_BID || Special::ALL[special].key() < points);
        calls[next] = if special_first {
            special += 1;
            TachtigenAction::Bid(Contract::Special(Special::ALL[special - 1]))
        } else {
            points += 10;
            TachtigenAction::Bid(Contract::Points(points - 10))
        };
        next += 1;
    }
    calls
};

/// The ladder key of each entry of [`LADDER`], rising (what the auction searches).
const LADDER_KEYS: [u16; LADDER_LEN] = {
    let mut keys = [0; LADDER_LEN];
    let mut next = 0;
    while next < LADDER_LEN {
        if let TachtigenAction::Bid(contract) = LADDER[next] {
            keys[next] = contract.key();
        }
        next += 1;
    }
    keys
};

fn deck_cards(config: &TachtigenConfig) -> CardSet {
    Tachtigen::deck(config)
}

impl Game for Tachtigen {
    type Config = TachtigenConfig;
    type Action = TachtigenAction;
    type Outcome = TachtigenOutcome;
    type Scores = TachtigenScores;

    const ID: GameId = GameId::Tachtigen;
    const RULES_VERSION: u32 = 1;
    const SEAT_NAMES: SeatNames = SeatNames::Numbered;

    fn config_keys() -> &'static [ConfigKey] {
        CONFIG_KEYS
    }

    fn config(values: &ConfigValues) -> TachtigenConfig {
        let flag = |key: &str| values.is(key, "true");
        TachtigenConfig {
            forehand_80: values.is("all_pass", "forehand_80"),
            buyoff_max_bid: values.get("buyoff_max_bid").parse().ok(),
            buyoff_cost_ct: values.get("buyoff_cost_ct").parse().unwrap_or(2),
            roem_table: if values.is("roem_table", "tachentige") { RoemTable::Tachentige } else { RoemTable::Pandoer },
            roem_requires_trick: flag("roem_requires_trick"),
            discards_for_declarer: values.is("discards_count_for", "declarer"),
            jas_exempt: flag("jas_exempt"),
            no_undertrump: flag("no_undertrump"),
            piek_first_trick_only: values.is("piek_target", "first_trick_only"),
            ouvert_reveal_after_trick: values.get("ouvert_reveal_after_trick").parse().unwrap_or(3),
            stop_when_decided: !values.is("stop_when_decided", "false"),
            roem_denial: flag("roem_denial") && !values.is("roem_table", "tachentige"),
            match_deals: values.get("match_deals").parse().ok(),
        }
    }

    fn seat_count(_config: &TachtigenConfig) -> u8 {
        SEATS
    }

    fn direction(_config: &TachtigenConfig) -> Direction {
        Direction::Clockwise
    }

    fn deck(_config: &TachtigenConfig) -> CardSet {
        // 7 to ace in every suit, and the six of hearts.
        let mut deck = CardSet::EMPTY;
        for suit in Suit::ALL {
            for value in 7..=14 {
                if let Some(rank) = Rank::new(value) {
                    deck.insert(Card::new(rank, suit));
                }
            }
        }
        deck.insert(Card::new(Rank::SIX, Suit::Hearts));
        deck
    }

    fn layout(_config: &TachtigenConfig, dealer: Seat) -> DealLayout {
        // Section 2.3: d[i] to seat (F + i) mod 3 for i < 30, then the stok.
        let forehand = next(dealer);
        let places = (0..33u8).map(|i| {
            if (i as usize) < 3 * HAND_SIZE {
                Place::Hand(Seat((forehand.0 + i) % SEATS))
            } else {
                Place::Pile(Pile::Talon)
            }
        });
        DealLayout::new(places, 0)
    }

    fn first_dealer(_config: &TachtigenConfig) -> Option<Seat> {
        None
    }

    fn start(
        _config: &TachtigenConfig,
        dealer: Seat,
        _scores: &TachtigenScores,
        _table: &mut Table,
        _events: &mut Events,
    ) -> Tachtigen {
        Tachtigen {
            dealer,
            phase: Phase::Auction,
            turn: next(dealer),
            passed: 0,
            high: None,
            declarer: None,
            contract: None,
            trump: None,
            roem: Roem::EMPTY,
            denied: None,
            result: None,
        }
    }

    fn to_act(&self, _config: &TachtigenConfig, _table: &Table) -> ToAct {
        match self.phase {
            Phase::Over(_) => ToAct::HandOver,
            _ => ToAct::Seat(self.turn),
        }
    }

    fn legal_actions(&self, config: &TachtigenConfig, table: &Table, seat: Seat, out: &mut Vec<TachtigenAction>) {
        if seat != self.turn {
            return;
        }
        match self.phase {
            Phase::Auction => {
                out.push(TachtigenAction::Pass);
                out.extend_from_slice(self.calls_above());
            }
            Phase::BuyOff => {
                out.push(TachtigenAction::Play);
                out.push(TachtigenAction::BuyOff);
            }
            Phase::Discard => {
                let (cards, count) = self.discardable(table, seat);
                // The triples of positions below `count` are a prefix of the table, so this is
                // one exact-size extend (this list is the longest any hand offers).
                out.extend(DISCARD_TRIPLES[..triple_count(count)].iter().map(|triple| discard_of(&cards, triple)));
            }
            Phase::Trump => out.extend(Suit::ALL.iter().rev().map(|&suit| TachtigenAction::Trump(suit))),
            Phase::Roem => {
                let held = detect(table.hand(seat), self.trump, config.roem_table);
                for mask in 0..(1u32 << held.len()) {
                    out.push(TachtigenAction::Roem(held.subset(mask)));
                }
            }
            Phase::Denial => {
                out.push(TachtigenAction::NoDeny);
                out.extend(self.denials(table, seat).combos().iter().map(|&combo| TachtigenAction::Deny(combo)));
            }
            Phase::Play => out.extend(self.playable(config, table, seat).iter().map(TachtigenAction::Card)),
            Phase::Over(_) => {}
        }
    }

    /// The long lists (calls, discards, cards) are indexed directly; the rest are listed.
    fn pick_legal_action(
        &self,
        config: &TachtigenConfig,
        table: &Table,
        seat: Seat,
        scratch: &mut Vec<TachtigenAction>,
        choose: impl FnOnce(usize) -> usize,
    ) -> Option<TachtigenAction> {
        if seat != self.turn {
            return None;
        }
        match self.phase {
            Phase::Auction => {
                // `pass`, then the calls above the highest.
                let calls = self.calls_above();
                match choose(calls.len() + 1) {
                    0 => Some(TachtigenAction::Pass),
                    index => calls.get(index - 1).copied(),
                }
            }
            Phase::Discard => {
                let (cards, count) = self.discardable(table, seat);
                let triples = &DISCARD_TRIPLES[..triple_count(count)];
                if triples.is_empty() {
                    return None;
                }
                triples.get(choose(triples.len())).map(|triple| discard_of(&cards, triple))
            }
            Phase::Play => {
                let cards = self.playable(config, table, seat);
                if cards.is_empty() {
                    return None;
                }
                cards.nth(choose(cards.len())).map(TachtigenAction::Card)
            }
            _ => crate::game::pick_listed(self, config, table, seat, scratch, choose),
        }
    }

    fn apply(
        &mut self,
        config: &TachtigenConfig,
        table: &mut Table,
        seat: Seat,
        action: TachtigenAction,
        events: &mut Events,
    ) -> Result<(), RuleError> {
        if let Phase::Over(_) = self.phase {
            return Err(RuleError::new("the hand is over"));
        }
        if seat.0 >= SEATS {
            return Err(RuleError::new("no such seat"));
        }
        if seat != self.turn {
            if self.phase == Phase::Auction && self.passed & seat.bit() != 0 {
                return Err(RuleError::new(format!("{} has passed", seat_name(seat))));
            }
            return Err(RuleError::new(format!("not {}'s turn", seat_name(seat))));
        }
        match (self.phase, action) {
            (Phase::Auction, _) => self.apply_auction(config, table, seat, action, events),
            (Phase::BuyOff, TachtigenAction::Play) => {
                self.phase = Phase::Discard;
                Ok(())
            }
            (Phase::BuyOff, TachtigenAction::BuyOff) => {
                self.end_hand(HandEnd::BoughtOff, table, events);
                Ok(())
            }
            (Phase::BuyOff, _) => Err(RuleError::new("the declarer must choose play or buy_off")),
            (_, TachtigenAction::BuyOff) => Err(RuleError::new("the buy-off is not offered now")),
            (Phase::Discard, TachtigenAction::Discard(cards)) => self.apply_discard(table, seat, cards, events),
            (Phase::Discard, _) => Err(RuleError::new("the declarer must discard three cards")),
            (Phase::Trump, TachtigenAction::Trump(suit)) => {
                self.trump = Some(suit);
                self.phase = if matches!(self.contract, Some(Contract::Points(_))) { Phase::Roem } else { Phase::Play };
                Ok(())
            }
            (Phase::Trump, _) => Err(RuleError::new("the declarer must name trump")),
            (Phase::Roem, TachtigenAction::Roem(roem)) => self.apply_roem(config, table, seat, roem, events),
            (Phase::Roem, _) => Err(RuleError::new("the declarer must declare his roem (or none)")),
            (Phase::Denial, _) => self.apply_denial(table, seat, action, events),
            (Phase::Play, TachtigenAction::Card(card)) => self.apply_play(config, table, seat, card, events),
            (Phase::Play, TachtigenAction::Trump(_)) if self.trump.is_none() => {
                Err(RuleError::new("this contract has no trump"))
            }
            (Phase::Play, TachtigenAction::Roem(_)) => Err(RuleError::new("roem cannot be declared after the lead")),
            (Phase::Play, _) => Err(RuleError::new("the auction and the declarer phase are over")),
            (Phase::Over(_), _) => Err(RuleError::new("the hand is over")),
        }
    }

    fn outcome(&self, config: &TachtigenConfig, table: &Table) -> Option<TachtigenOutcome> {
        let Phase::Over(end) = self.phase else { return None };
        let mut outcome = TachtigenOutcome::empty(end, self.dealer);
        let (Some(declarer), Some(contract)) = (self.declarer, self.contract) else { return Some(outcome) };
        outcome.declarer = Some(declarer);
        outcome.contract = Some(contract);
        if end == HandEnd::BoughtOff {
            outcome.set_cents(declarer, -config.buyoff_cost_ct);
            return Some(outcome);
        }
        outcome.trump = self.trump;
        outcome.roem_declared = match self.denied {
            // After a denial only a declared stuk still counts.
            Some(_) => self
                .roem
                .combos()
                .iter()
                .filter(|c| matches!(c, Combo::Stuk(_)))
                .map(|c| c.value(config.roem_table))
                .sum(),
            None => self.roem.value(config.roem_table),
        };
        outcome.denied = self.denied.map(|(seat, _)| seat);
        for seat in (0..SEATS).map(Seat) {
            outcome.tricks[seat.index()] = table.tricks_won(seat);
            outcome.card_points[seat.index()] = brabant::points(table.won(seat), self.trump);
        }
        outcome.discard_points = brabant::points(table.cards_in(table.slots_in(Place::Discards(declarer))), self.trump);
        outcome.tricks_played = table.trick_index();
        if outcome.tricks_played == TRICKS {
            outcome.last_trick = table.last_trick().and_then(|trick| trick.winner(self.trump, &RANK_ORDER));
        }
        match contract {
            Contract::Points(bid) => outcome.score_points(config, bid, declarer),
            Contract::Special(special) => {
                let won = self.result.unwrap_or(false);
                outcome.won = Some(won);
                outcome.set_cents(declarer, if won { special.amount() } else { -special.amount() });
            }
        }
        Some(outcome)
    }

    fn new_scores(_config: &TachtigenConfig) -> TachtigenScores {
        TachtigenScores::default()
    }

    fn settle(
        config: &TachtigenConfig,
        scores: &mut TachtigenScores,
        dealer: Seat,
        outcome: &TachtigenOutcome,
    ) -> MatchStatus {
        for seat in 0..3 {
            scores.balances[seat] += outcome.deltas[seat];
        }
        scores.deals += 1;
        match config.match_deals {
            Some(deals) if scores.deals >= deals => {
                let best = scores.balances.iter().copied().max().unwrap_or(0);
                let winners: Vec<Seat> = (0..SEATS).map(Seat).filter(|s| scores.balances[s.index()] == best).collect();
                let names: Vec<String> = winners.iter().map(|&s| seat_name(s)).collect();
                let verb = if winners.len() == 1 { "wins" } else { "win" };
                MatchStatus::Over { summary: format!("{} {verb} with {best} ct", names.join(" and ")), winners }
            }
            _ => MatchStatus::Continue { next_dealer: next(dealer) },
        }
    }

    fn scores_to_sheet(_config: &TachtigenConfig, scores: &TachtigenScores) -> ScoreSheet {
        let mut sheet = ScoreSheet::new();
        for seat in 0..SEATS {
            sheet.insert(seat_name(Seat(seat)), scores.balances[seat as usize]);
        }
        sheet.insert("deals".into(), scores.deals as i64);
        sheet
    }

    fn scores_from_sheet(_config: &TachtigenConfig, sheet: &ScoreSheet) -> Result<TachtigenScores, RuleError> {
        const KEYS: [&str; 4] = ["P0", "P1", "P2", "deals"];
        if let Some(key) = sheet.keys().find(|key| !KEYS.contains(&key.as_str())) {
            return Err(RuleError::new(format!(
                "unknown score key {:?} (expected P0, P1, P2, deals)",
                key.chars().take(16).collect::<String>()
            )));
        }
        let get = |key: &str| sheet.get(key).copied().unwrap_or(0);
        let balances = [get("P0"), get("P1"), get("P2")];
        if balances.iter().sum::<i64>() != 0 {
            return Err(RuleError::new("the cent balances must sum to 0"));
        }
        let deals = u32::try_from(get("deals")).map_err(|_| RuleError::new("deals must be 0 or more"))?;
        Ok(TachtigenScores { balances, deals })
    }

    fn parse_action(_config: &TachtigenConfig, text: &str) -> Result<TachtigenAction, RuleError> {
        let text = text.trim();
        let (verb, rest) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
        let rest = rest.trim();
        let bad = || {
            RuleError::new(format!(
                "bad action {:?} (expected pass, a bid, a special contract, play, buy_off, discard c c c, \
                 trump X, roem ..., or play CARD)",
                text.chars().take(40).collect::<String>()
            ))
        };
        let card = |word: &str| -> Result<Card, RuleError> {
            let card: Card = word.parse().map_err(|_| bad())?;
            if !Tachtigen::deck(&TachtigenConfig::defaults()).contains(card) {
                return Err(RuleError::new(format!("{card} is not in the Tachtigen deck")));
            }
            Ok(card)
        };
        let verb_lower = verb.to_ascii_lowercase();
        let action = match (verb_lower.as_str(), rest.is_empty()) {
            ("pass", true) => TachtigenAction::Pass,
            ("no_deny", true) => TachtigenAction::NoDeny,
            ("deny", false) => {
                let roem = Roem::parse(rest)?;
                match roem.combos().as_slice() {
                    [combo] => TachtigenAction::Deny(*combo),
                    _ => return Err(RuleError::new("a denial names one combination")),
                }
            }
            ("play", true) => TachtigenAction::Play,
            ("buy_off", true) => TachtigenAction::BuyOff,
            ("play", false) => TachtigenAction::Card(card(rest)?),
            ("trump", false) => TachtigenAction::Trump(rest.parse().map_err(|_| bad())?),
            ("roem", false) => TachtigenAction::Roem(Roem::parse(rest)?),
            ("discard", false) => {
                let words: Vec<&str> = rest.split_whitespace().collect();
                let [a, b, c] = words[..] else { return Err(bad()) };
                TachtigenAction::discard([card(a)?, card(b)?, card(c)?])
            }
            (word, true) => match Special::from_id(word) {
                Some(special) => TachtigenAction::Bid(Contract::Special(special)),
                None => TachtigenAction::Bid(Contract::Points(word.parse().map_err(|_| bad())?)),
            },
            _ => return Err(bad()),
        };
        Ok(action)
    }

    fn format_action(action: &TachtigenAction) -> String {
        match action {
            TachtigenAction::Pass => "pass".to_string(),
            TachtigenAction::Bid(contract) => contract.to_string(),
            TachtigenAction::Play => "play".to_string(),
            TachtigenAction::BuyOff => "buy_off".to_string(),
            TachtigenAction::Discard([a, b, c]) => format!("discard {a} {b} {c}"),
            TachtigenAction::Trump(suit) => format!("trump {suit}"),
            TachtigenAction::Roem(roem) => format!("roem {}", roem.text()),
            TachtigenAction::Card(card) => format!("play {card}"),
            TachtigenAction::Deny(combo) => format!("deny {}", combo.text(CardSet::EMPTY)),
            TachtigenAction::NoDeny => "no_deny".to_string(),
        }
    }

    fn contract_kinds(config: &TachtigenConfig) -> &'static [&'static str] {
        match (config.buyoff_max_bid.is_some(), config.forehand_80) {
            (true, false) => KINDS_ALL,
            (false, false) => KINDS_NO_BUYOFF,
            (true, true) => KINDS_NO_THROW_IN,
            (false, true) => KINDS_PLAYED,
        }
    }

    fn contract_kind(outcome: &TachtigenOutcome) -> &'static str {
        match (outcome.end, outcome.contract) {
            (HandEnd::ThrownIn, _) => "thrown_in",
            (HandEnd::BoughtOff, _) => "bought_off",
            (HandEnd::Played, Some(Contract::Special(special))) => special.id(),
            (HandEnd::Played, _) => KINDS_POINTS_SPECIALS[0],
        }
    }

    fn played_out(outcome: &TachtigenOutcome) -> bool {
        outcome.end == HandEnd::Played
    }

    fn seat_deltas(_config: &TachtigenConfig, outcome: &TachtigenOutcome) -> Vec<i64> {
        outcome.deltas.to_vec()
    }

    fn describe_action(_config: &TachtigenConfig, action: &TachtigenAction) -> String {
        match action {
            TachtigenAction::Bid(contract) => format!("bid {contract}"),
            other => Self::format_action(other),
        }
    }

    fn facts(&self, _config: &TachtigenConfig) -> crate::game::HandFacts {
        crate::game::HandFacts {
            contract: self.contract().map(|contract| contract.to_string()),
            declarers: self.declarer().map_or(0, Seat::bit),
            trump: self.trump(),
            called: None,
        }
    }

    fn breakdown(_config: &TachtigenConfig, outcome: &TachtigenOutcome) -> Vec<String> {
        let (Some(declarer), Some(contract)) = (outcome.declarer, outcome.contract) else {
            return vec!["all three passed: thrown in, nothing paid".to_string()];
        };
        let name = seat_name(declarer);
        let a = outcome.cents;
        let pays = |a: i64| {
            if a >= 0 {
                format!("each opponent pays {name} {a} ct: {name} {:+}, opponents {:+} each", 2 * a, -a)
            } else {
                format!("{name} pays each opponent {} ct: {name} {:+}, opponents {:+} each", -a, 2 * a, -a)
            }
        };
        let mut lines = vec![format!("contract {contract} by {name}")];
        match (outcome.end, contract) {
            (HandEnd::BoughtOff, _) => lines.push(format!("bought off: {}", pays(a))),
            (_, Contract::Points(bid)) => {
                let tricks = outcome.tricks[declarer.index()];
                let target = bid as i64 - outcome.roem as i64;
                lines.push(format!(
                    "trump {}, roem declared {}, counted R = {}, target T = {bid} - {} = {target}",
                    outcome.trump.map_or("-".to_string(), |s| s.to_string()),
                    outcome.roem_declared,
                    outcome.roem,
                    outcome.roem
                ));
                lines.push(format!(
                    "{name} took {tricks} tricks: card points {}{}{}{} = P {}",
                    outcome.card_points[declarer.index()],
                    if outcome.last_trick == Some(declarer) { " + 9 last trick" } else { "" },
                    if tricks == TRICKS { " + 100 pit" } else { "" },
                    if outcome.points
                        > outcome.card_points[declarer.index()]
                            + if outcome.last_trick == Some(declarer) { LAST_TRICK } else { 0 }
                            + if tricks == TRICKS { PIT } else { 0 }
                    {
                        format!(" + {} discards", outcome.discard_points)
                    } else {
                        String::new()
                    },
                    outcome.points
                ));
                lines.push(format!("d = P - T = {}: {}", outcome.points as i64 - target, pays(a)));
            }
            (_, Contract::Special(_)) => {
                let verdict = if outcome.won == Some(true) { "won" } else { "lost" };
                lines.push(format!(
                    "{name} took {} of {} tricks played: {verdict}, {}",
                    outcome.tricks[declarer.index()],
                    outcome.tricks_played,
                    pays(a)
                ));
            }
        }
        lines
    }

    fn check_outcome(config: &TachtigenConfig, table: &Table, outcome: &TachtigenOutcome) -> Vec<String> {
        let mut problems = Vec::new();
        if outcome.deltas.iter().sum::<i64>() != 0 {
            problems.push(format!("deltas {:?} do not sum to 0", outcome.deltas));
        }
        let played = table.trick_index();
        let tricks: u8 = outcome.tricks.iter().sum();
        if tricks != played {
            problems.push(format!("{tricks} tricks won, {played} played"));
        }
        match (outcome.end, outcome.contract, outcome.declarer) {
            (HandEnd::Played, Some(Contract::Points(bid)), Some(declarer)) => {
                if played != TRICKS {
                    problems.push(format!("a points contract ended after {played} tricks"));
                }
                let total: u32 = outcome.card_points.iter().sum::<u32>() + outcome.discard_points + LAST_TRICK;
                if total != 150 {
                    problems.push(format!("card points plus last trick sum to {total}, not 150"));
                }
                let mut rescored = *outcome;
                rescored.score_points(config, bid, declarer);
                if rescored != *outcome {
                    problems.push("the payment disagrees with section 6.1".to_string());
                }
            }
            (HandEnd::Played, Some(Contract::Special(special)), Some(declarer)) => {
                let expected = if outcome.won == Some(true) { special.amount() } else { -special.amount() };
                if outcome.deltas[declarer.index()] != 2 * expected {
                    problems.push("the payment disagrees with table 3.3".to_string());
                }
                if config.stop_when_decided && played < TRICKS && outcome.won.is_none() {
                    problems.push("a special contract ended early without a result".to_string());
                }
            }
            (HandEnd::ThrownIn, _, _) | (HandEnd::BoughtOff, _, _) => {
                if played != 0 {
                    problems.push("cards were played in a deal that was not played".to_string());
                }
            }
            _ => problems.push("a played hand without declarer or contract".to_string()),
        }
        problems
    }

    fn candidate_actions(config: &TachtigenConfig, table: &Table, seat: Seat, out: &mut Vec<TachtigenAction>) {
        out.push(TachtigenAction::Pass);
        out.push(TachtigenAction::Play);
        out.push(TachtigenAction::BuyOff);
        out.push(TachtigenAction::NoDeny);
        for cards in [table.hand(seat), deck_cards(config).difference(table.hand(seat))] {
            for trump in Suit::ALL {
                let found = detect(cards, Some(trump), RoemTable::Pandoer);
                out.extend(found.combos().iter().map(|&combo| TachtigenAction::Deny(combo)));
            }
        }
        for points in (70..=MAX_BID + 10).step_by(5) {
            out.push(TachtigenAction::Bid(Contract::Points(points)));
        }
        for special in Special::ALL {
            out.push(TachtigenAction::Bid(Contract::Special(special)));
        }
        for suit in Suit::ALL {
            out.push(TachtigenAction::Trump(suit));
        }
        let deck = Tachtigen::deck(config);
        for card in deck {
            out.push(TachtigenAction::Card(card));
        }
        // Discards: every three cards of the hand, and some naming a card not held.
        let hand: Vec<Card> = table.hand(seat).iter().collect();
        for (i, &a) in hand.iter().enumerate() {
            for (j, &b) in hand.iter().enumerate().skip(i + 1) {
                for &c in &hand[j + 1..] {
                    out.push(TachtigenAction::discard([a, b, c]));
                }
            }
        }
        if let [a, b, ..] = hand[..] {
            if let Some(other) = deck.difference(table.hand(seat)).first() {
                out.push(TachtigenAction::discard([a, b, other]));
            }
        }
        // Roem: every declaration of the combinations held under either table and either trump,
        // and of everything the rest of the deck holds (false claims).
        for trump in Suit::ALL {
            for roem_table in [RoemTable::Pandoer, RoemTable::Tachentige] {
                for cards in [table.hand(seat), deck.difference(table.hand(seat))] {
                    let found = detect(cards, Some(trump), roem_table);
                    let count = found.len().min(4);
                    for mask in 0..(1u32 << count) {
                        out.push(TachtigenAction::Roem(found.subset(mask)));
                    }
                }
            }
        }
    }

    fn check_config(values: &ConfigValues) -> Result<(), ConfigError> {
        if values.is("roem_denial", "true") && values.is("roem_table", "tachentige") {
            return Err(ConfigError::BadValue {
                key: "roem_denial".to_string(),
                value: "true".to_string(),
                allowed: "false (true needs roem_table = pandoer)".to_string(),
            });
        }
        Ok(())
    }

    fn policy_weight(&self, _config: &TachtigenConfig, _table: &Table, action: &TachtigenAction) -> u32 {
        match (self.phase, action) {
            (Phase::Auction, TachtigenAction::Pass) if self.high.is_some() => 400,
            (Phase::Auction, TachtigenAction::Pass) => 60,
            (Phase::Auction, TachtigenAction::Bid(Contract::Special(_))) => 4,
            (Phase::Auction, TachtigenAction::Bid(Contract::Points(points))) => {
                let lowest = self.high.map_or(LOWEST_BID, |(_, high)| (high.key() / 10 + 1) * 10).max(LOWEST_BID);
                match points.saturating_sub(lowest) / 10 {
                    0 => 60,
                    1 => 30,
                    2 => 10,
                    3..=6 => 2,
                    _ => 0,
                }
            }
            (Phase::BuyOff, TachtigenAction::Play) => 6,
            (Phase::Roem, TachtigenAction::Roem(roem)) => 1 + 20 * roem.len() as u32,
            _ => 1,
        }
    }
}

/// Public facts for the open-card solvers (troef-bots): kept apart so that it merges with
/// other helpers' edits.
impl Tachtigen {
    /// The roem declared that still counts after a denial (only the stuk does), before
    /// `roem_requires_trick`: what the outcome reports as `roem_declared`.
    pub fn counted_roem(&self, config: &TachtigenConfig) -> u32 {
        match self.denied {
            Some(_) => self
                .roem
                .combos()
                .iter()
                .filter(|c| matches!(c, Combo::Stuk(_)))
                .map(|c| c.value(config.roem_table))
                .sum(),
            None => self.roem.value(config.roem_table),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ladder_keys_interleave() {
        let keys: Vec<u16> = Special::ALL.iter().map(|s| s.key()).collect();
        assert!(keys.windows(2).all(|pair| pair[0] < pair[1]));
        assert_eq!(Special::Prive.key(), 275);
    }

    #[test]
    fn the_ladder_holds_every_call_once_in_key_order() {
        let mut calls: Vec<Contract> = (LOWEST_BID..=MAX_BID).step_by(10).map(Contract::Points).collect();
        calls.extend(Special::ALL.map(Contract::Special));
        calls.sort_by_key(|contract| contract.key());
        let expected: Vec<TachtigenAction> = calls.into_iter().map(TachtigenAction::Bid).collect();
        assert_eq!(LADDER.to_vec(), expected);
        let keys: Vec<u16> = expected
            .iter()
            .filter_map(|call| match call {
                TachtigenAction::Bid(contract) => Some(contract.key()),
                _ => None,
            })
            .collect();
        assert_eq!(LADDER_KEYS.to_vec(), keys);
        assert!(LADDER_KEYS.windows(2).all(|pair| pair[0] < pair[1]));
    }

    #[test]
    fn actions_round_trip() {
        let config = TachtigenConfig::defaults();
        for text in [
            "pass",
            "80",
            "piek_praat_met",
            "play",
            "buy_off",
            "discard 8D 8C 7C",
            "trump H",
            "roem none",
            "roem run JH TH 9H",
            "play 6H",
        ] {
            let action = Tachtigen::parse_action(&config, text).unwrap();
            assert_eq!(Tachtigen::format_action(&action), text);
        }
        for bad in ["", "bid", "play 6S", "discard AS KS", "trump X", "pass 7", "roem run AS"] {
            assert!(Tachtigen::parse_action(&config, bad).is_err(), "{bad}");
        }
    }
}

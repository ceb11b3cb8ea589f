//! Tachentige (the Udense variant): the four-player Brabant game with a 30-card deck (or 32), a
//! stok of 2 (0 or 4), an auction mixing point bids with six solos, a partner called by an ace (or
//! king), roem shown and rejected in trick 1, asymmetric rounding, and a session that ends with 12
//! closing rounds. The normative rules are `../shared/rules/tachentige.md` (section numbers below
//! refer to it). Card points, the trump order, roem (detection, values, the rejection relation),
//! rounding to tens and the stok are the shared Brabant rules of [`super::brabant`].
//!
//! * `rules` holds the pure rule functions: the ladder ([`Contract`], [`Solo`]), the partner call
//!   (4.2), the legal cards (5.2), rounding and the scoring function (6.2, 6.4), the closing-round
//!   types.
//! * this module holds the config, the action notation, the hand's phase machine and the match.
//!
//! **Action notation** (section 10, one action per line): auction calls `pass`, `200`, `PRm`,
//! `ZWm`, `PRz`, `ZWz`, `PVm`, `PVz`; the closing-round type-3 choice `point` or a solo code;
//! `stok take`, `stok leave`, `discard JS TD`, `trump H`, `call AD`; in trick 1
//! `show RUN3 9H TH JH`, `show SET3 8S 8D 8C`, `show TWO7 7H 7D`, `reject SET4 AS AH AD AC` and, in
//! the late window, `no_reject`; a card played is `play JH`, with stuk `play KH stuk QH`; the
//! host's end of an open session is `stop` (below). Combination codes are the spec's: `TWO7`,
//! `SET3`, `SET4`, `RUN3`, `RUN4`, `RUN5+`.
//!
//! **Score sheet keys**: `N`, `E`, `S`, `W`, the running totals (they sum to 0); `hands`, the
//! regular deals played (thrown-in deals included); `closing_round`, 0 during the regular hands and
//! then the number (1..12) of the closing round the next hand is, with `closing_type` its type
//! (1, 2, 3); `over`, 1 once the session has ended. A closing round's hand record states its
//! number and type in its `scores_before`.
//!
//! **Contract kinds** (self-play coverage): `point`, `point_stok_left` (with `stok_leave`), the
//! solo codes the config offers, `thrown_in`, and with `rondspelen` the closing rounds
//! `closing_turned` (type 1), `closing_blind` (type 2), `closing_open_point` and
//! `closing_open_solo` (type 3).
//!
//! **Visibility events** (section 7, by row): the deal (1, 2; the forced declarer of closing
//! types 1 and 2 is dealt his hand with [`Visibility::DealtUnseen`], row 4, through
//! [`Game::unseen_at_deal`]); the turned trump card `ShownToAll` at the start of type 1 (3); the
//! rest of that hand `ReleasedToHolder` when the call is answered (5); the stok `ShownToAll` and
//! `TakenIntoHand` (7); the discard `DiscardedFaceDown` (8); the answered call's card, shown roem,
//! rejecting combinations and the second stuk card `ShownToAll` of hand positions, which stay in
//! the hand (10, 12, 13, 14); each card played `ShownToAll` (15); praten's hands `HandOpened`,
//! the soloist's first (16); the end-of-hand audit `RevealedAtEnd` (19, 20). Rows 6, 9, 11, 17 and
//! 18 move no card and need no event.
//!
//! Decisions where the spec is silent:
//!
//! * Decision: `stok_size` takes `standard` (the default: 2 cards with `deck = 30`, 4 with
//!   `deck = 32`, as section 8's defaults say) or `0` (no stok, only with `deck = 32`; refused with
//!   `deck = 30` by [`Game::check_config`]). One key value per deck keeps every combination of
//!   keys valid, so each value can be played under every setting of the other keys.
//! * Decision: `regular_hands` takes `open` or a number of deals from 1 to 20, then 24, 28, 32,
//!   36, 40, 48, 60, 80 or 100 (config values are a finite list; the spec gives no bound).
//! * Decision: in an open session (`regular_hands = open`) the host's stop is the action `stop`,
//!   which the seat to act may take at any of its turns of a regular hand (once per hand). It
//!   changes nothing in the hand and does not pass the turn; when the hand is over the session goes
//!   on to the closing rounds (or ends, with `rondspelen = off`). A stop is part of the hand's
//!   record because the record is the unit of replay: the match's course must follow from it.
//! * Decision: when the declarer has no choice about the stok (`stok_leave = off`, or a `...m`
//!   solo) the engine takes it without an action; `stok take` is written only when leaving it
//!   was allowed.
//! * Decision: the partner call's answer is the engine's (4.2 rule 7): `call AD` shows the card
//!   in its holder's hand, or is a failed call when no other hand holds it. A peer that cannot
//!   place the called card applies the call after the deal protocol's step for it (the holder's
//!   reveal, which teaches its table the card, or the three proofs of non-possession): a card its
//!   table still cannot place is one nobody answered. The end-of-hand audit checks the answer
//!   with the whole deal.
//! * Decision: a combination is shown or rejects with one action each, naming its cards; a shown
//!   card that is already public (a taken stok card, the card a late-rejecting defender already
//!   played to trick 1, a stuk card shown in a run) is not shown again.
//! * Decision: the late window (6.3.3) opens, with `afkeuren = on`, after each `show` of the
//!   partner when one or both defenders have already played to trick 1: each such defender, in the
//!   order they played, answers with one `reject` (a combination that rejects the one just shown)
//!   or `no_reject`; a defender is not asked once the combination just shown has been rejected. The
//!   answer is always asked (not skipped when the defender holds nothing that rejects), because
//!   whose turn it is must be a public fact; `no_reject` reveals nothing. The spec's own notation
//!   leaves such a pass out, so the records of T07 and T11 carry one line more than the spec
//!   writes (`S no_reject`).
//! * Decision: section 8's presets are settings, not a key: Udens is the defaults, Basis is
//!   `min_bid=80 roem=off afkeuren=off stok_leave=off solos=off rondspelen=off`.
//! * Decision: the claims checked against a hand (shown and rejecting combinations, the stuk, a
//!   card's duties) are checked when the table knows that hand (offline play, the audit); a peer
//!   that cannot see it accepts the claim and the end-of-hand audit names a false one.
//! * Decision: once `PVz` has been called the others pass themselves (the only legal action);
//!   the engine does not pass for them.
//! * Decision: the match summary of a finished session is `E wins with 120`, or every seat with
//!   the highest total: `N and S win with 40`.
//! * Decision: the self-play policy (`policy_weight`) favours passing and the lowest bids, gives
//!   each solo a share, sometimes leaves the stok, shows and rejects roem and announces the stuk
//!   when it can, and stops an open session about once in 30 regular hands, so that every
//!   contract kind occurs in random play. It changes nothing in the rules.

pub mod rules;

use crate::card::{Card, CardSet, Rank, Suit};
use crate::config::{ConfigError, ConfigKey, ConfigValues, KeyKind};
use crate::event::{Event, Events, Pile, Slot, SlotSet, Visibility};
use crate::game::{pick_after_fixed_cards, pick_listed, Game, GameId, MatchStatus, ScoreSheet, ToAct};
use crate::games::brabant::{self, detect, Combo, Roem, RoemTable};
use crate::seat::{Direction, Seat, SeatNames};
use crate::table::{DealLayout, Place, Table};
use crate::RuleError;
pub use rules::{
    call_allowed, call_candidates, call_rank, ladder, legal_cards, point_score, round_declaring, round_defending,
    trick_winner, trump_allowed, ClosingType, Contract, PointScore, Solo, SoloGame, CLOSING_BID, CLOSING_ROUNDS,
    MAX_BID,
};
use std::fmt;
use std::sync::LazyLock;

const SEATS: u8 = 4;
const DIRECTION: Direction = Direction::Clockwise;
const NAMES: SeatNames = SeatNames::Compass;

/// The seat to the left of `seat` (the next one clockwise).
pub const fn next(seat: Seat) -> Seat {
    DIRECTION.next(seat, SEATS)
}

fn seat_name(seat: Seat) -> String {
    NAMES.name(seat)
}

// ---------------------------------------------------------------------------------------------
// Config

/// The validated variant config (section 8).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TachentigeConfig {
    /// `deck = 32`: the black sevens join the deck.
    pub deck32: bool,
    /// Stok cards: 2 (deck 30), 4 or 0 (deck 32).
    pub stok_size: u8,
    pub min_bid: u16,
    pub roem: bool,
    /// Defenders may reject roem (only with `roem`).
    pub afkeuren: bool,
    /// The declarer of a point game may leave the stok unseen (only with a stok).
    pub stok_leave: bool,
    pub solos: bool,
    pub rondspelen: bool,
    /// `None` = `open`.
    pub regular_hands: Option<u32>,
}

impl TachentigeConfig {
    pub fn defaults() -> TachentigeConfig {
        Tachentige::config(&ConfigValues::validate(Tachentige::config_keys(), []).unwrap_or_default())
    }

    /// Cards per hand, and so tricks per hand: 7, or 8 with 32 cards and no stok.
    pub const fn tricks(&self) -> u8 {
        (if self.deck32 { 32 } else { 30 } - self.stok_size) / SEATS
    }

    /// The roem values of this deck (two sevens with 30 cards, sets of sevens with 32).
    pub const fn roem_table(&self) -> RoemTable {
        if self.deck32 {
            RoemTable::Tachentige32
        } else {
            RoemTable::Tachentige30
        }
    }

    pub const fn has_stok(&self) -> bool {
        self.stok_size > 0
    }
}

const ON_OFF: &[&str] = &["on", "off"];

const REGULAR_HANDS_VALUES: &[&str] = &[
    "open", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15", "16", "17", "18", "19",
    "20", "24", "28", "32", "36", "40", "48", "60", "80", "100",
];

const CONFIG_KEYS: &[ConfigKey] = &[
    ConfigKey {
        name: "deck",
        kind: KeyKind::Choice(&["30", "32"]),
        default: "30",
        help: "30 cards (8 to ace, and 7H 7D), or 32 (the black sevens too)",
    },
    ConfigKey {
        name: "stok_size",
        kind: KeyKind::Choice(&["standard", "0"]),
        default: "standard",
        help: "standard: 2 stok cards with deck = 30, 4 with deck = 32; 0: no stok (deck = 32 only)",
    },
    ConfigKey {
        name: "min_bid",
        kind: KeyKind::Integer { min: 10, max: 1500, step: 10 },
        default: "200",
        help: "lowest opening point bid (200 in Uden, 80 in the original game)",
    },
    ConfigKey { name: "roem", kind: KeyKind::Choice(ON_OFF), default: "on", help: "melds lower the target" },
    ConfigKey {
        name: "afkeuren",
        kind: KeyKind::Choice(ON_OFF),
        default: "on",
        help: "defenders may reject roem in trick 1 (needs roem = on)",
    },
    ConfigKey {
        name: "stok_leave",
        kind: KeyKind::Choice(ON_OFF),
        default: "on",
        help: "the declarer of a point game may leave the stok unseen for a doubled score",
    },
    ConfigKey { name: "solos", kind: KeyKind::Choice(ON_OFF), default: "on", help: "prive, zwabber and praten bids" },
    ConfigKey {
        name: "rondspelen",
        kind: KeyKind::Choice(ON_OFF),
        default: "on",
        help: "12 closing rounds end the session",
    },
    ConfigKey {
        name: "regular_hands",
        kind: KeyKind::Choice(REGULAR_HANDS_VALUES),
        default: "open",
        help: "regular deals before the closing rounds, thrown-in deals included (open: until a stop)",
    },
];

// ---------------------------------------------------------------------------------------------
// Actions

/// A set of cards of a Tachentige deck (7 to ace in each suit) in one 32-bit word, bit
/// `8 × suit + rank − 7`: the cards of a discard or a combination. It keeps an action at 8 bytes,
/// which matters because the auction lists up to 150 of them at a time.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Cards(u32);

impl Cards {
    /// The cards of `set` (cards below the seven, in no Tachentige deck, are dropped).
    pub const fn of(set: CardSet) -> Cards {
        let bits = set.bits();
        let mut out = 0;
        let mut suit = 0;
        while suit < 4 {
            out |= (((bits >> (13 * suit + 5)) & 0xff) as u32) << (8 * suit);
            suit += 1;
        }
        Cards(out)
    }

    pub const fn set(self) -> CardSet {
        let mut bits = 0;
        let mut suit = 0;
        while suit < 4 {
            bits |= (((self.0 >> (8 * suit)) & 0xff) as u64) << (13 * suit + 5);
            suit += 1;
        }
        CardSet::from_bits(bits)
    }
}

impl fmt::Debug for Cards {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.set())
    }
}

/// One action (see the module doc for the notation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TachentigeAction {
    Pass,
    /// A point bid.
    Bid(u16),
    /// A solo: an auction call, or the type-3 closing-round choice.
    Solo(Solo),
    /// The type-3 closing-round choice of the point game for 100.
    Point,
    /// The host ends an open session after this hand.
    Stop,
    StokTake,
    StokLeave,
    Discard(Cards),
    Trump(Suit),
    Call(Card),
    /// A declaring-side combination shown in trick 1.
    Show(Cards),
    /// A defender's combination shown to reject roem.
    Reject(Cards),
    /// A defender lets the late window pass.
    NoReject,
    Play(Card),
    /// Play the trump queen or king and announce the stuk, showing the other.
    PlayStuk(Card),
}

/// The spec's code of a combination: `TWO7`, `SET3`, `SET4`, `RUN3`, `RUN4`, `RUN5+`, `STUK`.
pub fn combo_code(combo: Combo) -> &'static str {
    match combo {
        Combo::TwoSevens => "TWO7",
        Combo::Three(_) => "SET3",
        Combo::Four(_) => "SET4",
        Combo::Run { len: 3, .. } => "RUN3",
        Combo::Run { len: 4, .. } => "RUN4",
        Combo::Run { .. } => "RUN5+",
        Combo::Stuk(_) => "STUK",
    }
}

/// `RUN3 9H TH JH` (runs from the lowest card), `SET3 8S 8D 8C` (sets in suit order S H D C).
pub fn combo_text(cards: CardSet) -> String {
    let Some(combo) = Combo::of_cards(cards) else { return format!("? {cards}") };
    let mut list: Vec<Card> = cards.iter().collect();
    if !matches!(combo, Combo::Run { .. }) {
        list.reverse();
    }
    let words: Vec<String> = list.iter().map(Card::to_string).collect();
    format!("{} {}", combo_code(combo), words.join(" "))
}

/// The other card of the trump pair (queen ↔ king).
fn stuk_partner(card: Card) -> Option<Card> {
    let rank = match card.rank()? {
        Rank::QUEEN => Rank::KING,
        Rank::KING => Rank::QUEEN,
        _ => return None,
    };
    Some(Card::new(rank, card.suit()?))
}

/// Cards from highest index down (spades first, then hearts, diamonds, clubs; aces first).
fn cards_text(cards: CardSet) -> String {
    let mut list: Vec<Card> = cards.iter().collect();
    list.reverse();
    list.iter().map(Card::to_string).collect::<Vec<_>>().join(" ")
}

// ---------------------------------------------------------------------------------------------
// Outcome and scores

/// How a hand ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandEnd {
    /// All four passed (3.3): no score.
    ThrownIn,
    Played,
}

/// What became of the stok.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StokChoice {
    /// `stok_size = 0`.
    NoStok,
    Undecided,
    Taken,
    /// Left face down and unseen for the whole hand.
    Left,
}

/// The outcome of one hand with the breakdown of section 6.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TachentigeOutcome {
    pub end: HandEnd,
    pub dealer: Seat,
    /// 0 for a regular hand, else the closing round's number (1..12).
    pub closing_round: u8,
    /// The host asked to end the (open) session after this hand.
    pub stop: bool,
    /// The declarer or soloist.
    pub declarer: Option<Seat>,
    pub partner: Option<Seat>,
    pub contract: Option<Contract>,
    pub stok: StokChoice,
    pub trump: Option<Suit>,
    /// The answered called card, and how many calls nobody answered.
    pub called: Option<Card>,
    pub failed_calls: u8,
    pub tricks_played: u8,
    /// Point games (6.1): Td, trick_pts, last, hidden and whether it went to the declaring side.
    pub declaring_tricks: u8,
    pub trick_points: u32,
    pub last_trick: u32,
    pub hidden_points: u32,
    pub hidden_to_declaring: bool,
    /// raw_d before the Td = 0 rule.
    pub raw_declaring: u32,
    /// Roem: the value of every declaring-side combination shown, of those rejected, and Rm
    /// before the Td = 0 rule (shown, not rejected, plus the stuk).
    pub roem_shown: u32,
    pub roem_rejected: u32,
    pub roem: u32,
    pub stuk: bool,
    /// The scoring function's result for a point game.
    pub score: Option<PointScore>,
    /// Solos: whether the soloist made it.
    pub solo_won: Option<bool>,
    pub deltas: [i64; 4],
}

impl TachentigeOutcome {
    fn empty(end: HandEnd, dealer: Seat, closing_round: u8, stop: bool) -> TachentigeOutcome {
        TachentigeOutcome {
            end,
            dealer,
            closing_round,
            stop,
            declarer: None,
            partner: None,
            contract: None,
            stok: StokChoice::NoStok,
            trump: None,
            called: None,
            failed_calls: 0,
            tricks_played: 0,
            declaring_tricks: 0,
            trick_points: 0,
            last_trick: 0,
            hidden_points: 0,
            hidden_to_declaring: false,
            raw_declaring: 0,
            roem_shown: 0,
            roem_rejected: 0,
            roem: 0,
            stuk: false,
            score: None,
            solo_won: None,
            deltas: [0; 4],
        }
    }

    /// The seat that deals next (2.1): whoever had the hand, or the dealer's left after a
    /// throw-in.
    pub fn next_dealer(&self) -> Seat {
        self.declarer.unwrap_or(next(self.dealer))
    }

    /// The closing round's type, for a closing round.
    pub fn closing_type(&self) -> Option<ClosingType> {
        (self.closing_round > 0).then(|| ClosingType::of_round(self.closing_round))
    }
}

/// The session: running totals, regular deals played, and where the closing rounds are.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TachentigeScores {
    pub totals: [i64; 4],
    /// Regular deals played, thrown-in deals included.
    pub hands: u32,
    /// 0 during the regular hands; then the number of the closing round the next hand is.
    pub closing_round: u8,
    /// The session has ended.
    pub over: bool,
}

// ---------------------------------------------------------------------------------------------
// The game

/// Where the hand is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    Auction,
    /// Closing round type 3: the point game for 100 or a solo.
    Choice,
    /// Take the stok or leave it.
    Stok,
    Discard,
    Trump,
    Call,
    Play,
    Over(HandEnd),
}

/// The late window of trick 1 (6.3.3): the partner's combination just shown, and the defenders
/// who had already played and are still to answer (seat bits).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LateWindow {
    pub combo: Combo,
    pub pending: u8,
}

/// One Tachentige hand: public facts only.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tachentige {
    dealer: Seat,
    phase: Phase,
    turn: Seat,
    /// 0, or the closing round this hand is (1..12).
    closing_round: u8,
    stop: bool,
    passed: u8,
    high: Option<(Seat, Contract)>,
    declarer: Option<Seat>,
    contract: Option<Contract>,
    /// The contract is a point game (kept beside `contract` for the hot paths).
    point_game: bool,
    stok: StokChoice,
    discarded: bool,
    trump: Option<Suit>,
    /// Closing type 1: the turned card's deck position.
    turned: Option<Slot>,
    /// Closing types 1 and 2: the forced declarer may look at his hand (the call was answered).
    released: bool,
    /// Every card called so far (the answered one included).
    called: CardSet,
    called_card: Option<Card>,
    partner: Option<Seat>,
    /// Trick 1: the combinations each seat showed (declaring side) or rejected with (defenders).
    shown: [Roem; 4],
    late: Option<LateWindow>,
    stuk: bool,
    /// A solo's result once settled (5.5).
    result: Option<bool>,
}

/// The self-play weight of a stop, against the others' [`WEIGHT_SCALE`].
const WEIGHT_SCALE: u32 = 64;

/// Every non-pass call of one form of the ladder, as actions low to high.
#[derive(Debug)]
struct Ladder {
    calls: Vec<TachentigeAction>,
    /// The solos, as actions with their keys (they may be called below `min_bid`).
    solos: Vec<(u32, TachentigeAction)>,
}

impl Ladder {
    fn new(solos: bool, has_stok: bool) -> Ladder {
        let calls = ladder(10, solos, has_stok);
        let action = |call: &Contract| match *call {
            Contract::Points(points) => TachentigeAction::Bid(points),
            Contract::Solo(solo) => TachentigeAction::Solo(solo),
        };
        Ladder {
            calls: calls.iter().map(action).collect(),
            solos: calls.iter().filter(|call| call.solo().is_some()).map(|call| (call.key(), action(call))).collect(),
        }
    }

    /// How many calls rank at or below `key`: the point bids from 10 up to it and the solos
    /// (the ladder's index of the first call above `key`, without a search).
    fn count_up_to(&self, key: u32) -> usize {
        let points = key.min(MAX_BID as u32) as usize / 10;
        points + self.solos.iter().filter(|(solo, _)| *solo <= key).count()
    }

    /// Pushes every call ranking above `above` that may be made with `min_bid`.
    fn push_calls_above(&self, above: u32, min_bid: u32, out: &mut Vec<TachentigeAction>) {
        if above + 10 < min_bid {
            // Point bids start at min_bid; solos keep their keys (3.2).
            out.extend(self.solos.iter().filter(|(key, _)| *key > above && *key < min_bid).map(|(_, call)| *call));
            out.extend_from_slice(&self.calls[self.count_up_to(min_bid - 1)..]);
        } else {
            out.extend_from_slice(&self.calls[self.count_up_to(above)..]);
        }
    }
}

/// The ladder with every solo, without the `...z` ones (no stok), and without solos.
static LADDERS: LazyLock<[Ladder; 3]> =
    LazyLock::new(|| [Ladder::new(true, true), Ladder::new(true, false), Ladder::new(false, true)]);

impl Tachentige {
    pub fn phase(&self) -> Phase {
        self.phase
    }

    pub fn declarer(&self) -> Option<Seat> {
        self.declarer
    }

    pub fn partner(&self) -> Option<Seat> {
        self.partner
    }

    pub fn contract(&self) -> Option<Contract> {
        self.contract
    }

    pub fn trump(&self) -> Option<Suit> {
        self.trump
    }

    pub fn high_call(&self) -> Option<(Seat, Contract)> {
        self.high
    }

    /// Whether `seat` passed in the auction (a pass is final).
    pub fn has_passed(&self, seat: Seat) -> bool {
        self.passed & seat.bit() != 0
    }

    pub fn stok(&self) -> StokChoice {
        self.stok
    }

    /// The answered called card.
    pub fn called_card(&self) -> Option<Card> {
        self.called_card
    }

    /// Every card called so far.
    pub fn calls(&self) -> CardSet {
        self.called
    }

    /// 0, or the closing round this hand is.
    pub fn closing_round(&self) -> u8 {
        self.closing_round
    }

    pub fn closing_type(&self) -> Option<ClosingType> {
        (self.closing_round > 0).then(|| ClosingType::of_round(self.closing_round))
    }

    /// The combinations `seat` showed (or rejected with) in trick 1.
    pub fn shown(&self, seat: Seat) -> Roem {
        self.shown[seat.index() & 3]
    }

    pub fn late_window(&self) -> Option<LateWindow> {
        self.late
    }

    pub fn stop_requested(&self) -> bool {
        self.stop
    }

    fn is_point_game(&self) -> bool {
        self.point_game
    }

    /// A closing round of type 1 or 2 whose declarer has not yet seen his hand.
    fn blind(&self) -> bool {
        self.closing_type().is_some_and(ClosingType::is_blind) && !self.released
    }

    /// The declarer or his partner.
    fn declaring(&self, seat: Seat) -> bool {
        Some(seat) == self.declarer || Some(seat) == self.partner
    }

    /// Roem may still be shown or rejected: trick 1 of a point game with roem.
    /// Whether the seat to act may call a stop (listed before its other actions).
    fn may_stop(&self, config: &TachentigeConfig) -> bool {
        self.closing_round == 0 && config.regular_hands.is_none() && !self.stop
    }

    /// The trump queen and king, when `seat` holds both (`hand`) and may announce the stuk with
    /// either; otherwise empty.
    fn stuk_cards(&self, config: &TachentigeConfig, seat: Seat, hand: CardSet) -> CardSet {
        match self.trump {
            Some(trump) if config.roem && !self.stuk && self.point_game && self.declaring(seat) => {
                let pair =
                    CardSet::single(Card::new(Rank::QUEEN, trump)).union(CardSet::single(Card::new(Rank::KING, trump)));
                if hand.intersection(pair) == pair {
                    pair
                } else {
                    CardSet::EMPTY
                }
            }
            _ => CardSet::EMPTY,
        }
    }

    fn roem_open(&self, config: &TachentigeConfig, table: &Table) -> bool {
        config.roem && self.phase == Phase::Play && self.is_point_game() && table.trick_index() == 0
    }

    /// The card `seat` played to the current trick, if any.
    fn card_in_trick(table: &Table, seat: Seat) -> Option<Card> {
        table.trick().cards().iter().find(|played| played.seat == seat).and_then(|played| played.card)
    }

    /// The combinations `seat` holds for showing or rejecting: its hand at the start of trick 1
    /// (the card it played to trick 1 included), without the stuk.
    fn held_combos(&self, config: &TachentigeConfig, table: &Table, seat: Seat) -> Roem {
        let mut cards = table.hand(seat);
        if let Some(card) = Self::card_in_trick(table, seat) {
            cards.insert(card);
        }
        detect(cards, None, config.roem_table())
    }

    fn defenders(&self) -> impl Iterator<Item = Seat> + '_ {
        (0..SEATS).map(Seat).filter(|&seat| !self.declaring(seat))
    }

    /// Whether some combination a defender has shown rejects `combo`.
    fn is_rejected(&self, combo: Combo) -> bool {
        self.defenders().any(|seat| self.shown[seat.index()].combos().iter().any(|x| x.rejects(combo, self.trump)))
    }

    /// The declaring-side combinations shown and not yet rejected.
    fn standing_roem(&self) -> impl Iterator<Item = Combo> + '_ {
        [self.declarer, self.partner]
            .into_iter()
            .flatten()
            .flat_map(|seat| self.shown[seat.index()].combos())
            .filter(|&combo| !self.is_rejected(combo))
    }

    fn end_hand(&mut self, end: HandEnd, table: &mut Table, events: &mut Events) {
        self.phase = Phase::Over(end);
        table.reveal_at_end(events);
        if !events.is_full() {
            events.push(Event::HandOver);
        }
    }

    /// The known holdings of 4.2 for the call and the trump constraint: empty for a blind
    /// declarer, else his hand and his discards.
    fn known_holdings(&self, table: &Table) -> CardSet {
        match self.declarer {
            Some(declarer) if !self.blind() => {
                table.hand(declarer).union(table.cards_in(table.slots_in(Place::Discards(declarer))))
            }
            _ => CardSet::EMPTY,
        }
    }

    /// Fixes the contract (auction end, closing round, type-3 choice) and settles the stok as a
    /// solo's contract says.
    fn begin_contract(
        &mut self,
        config: &TachentigeConfig,
        declarer: Seat,
        contract: Contract,
        table: &mut Table,
        events: &mut Events,
    ) {
        self.declarer = Some(declarer);
        self.contract = Some(contract);
        self.point_game = matches!(contract, Contract::Points(_));
        self.turn = declarer;
        self.stok = match (config.has_stok(), contract) {
            (false, _) => StokChoice::NoStok,
            (true, Contract::Points(_)) => StokChoice::Undecided,
            (true, Contract::Solo(solo)) if solo.takes_stok() => {
                brabant::take_stok(table, declarer, events);
                StokChoice::Taken
            }
            (true, Contract::Solo(_)) => StokChoice::Left,
        };
        self.advance(config, table, events);
    }

    /// Moves to the next step of the declarer phase (4.1, 4.3, 4.4), or to the play.
    fn advance(&mut self, config: &TachentigeConfig, table: &mut Table, events: &mut Events) {
        let Some(declarer) = self.declarer else { return };
        self.turn = declarer;
        let point = self.is_point_game();
        if point && self.blind() {
            // Type 1's trump is the turned card, even where its identity is not known yet.
            self.phase = if self.trump.is_none() && self.turned.is_none() { Phase::Trump } else { Phase::Call };
            return;
        }
        if self.stok == StokChoice::Undecided {
            if config.stok_leave {
                self.phase = Phase::Stok;
                return;
            }
            brabant::take_stok(table, declarer, events);
            self.stok = StokChoice::Taken;
        }
        self.phase = if self.stok == StokChoice::Taken && !self.discarded {
            Phase::Discard
        } else if self.trump.is_none() && self.contract.is_some_and(Contract::has_trump) {
            Phase::Trump
        } else if point && self.partner.is_none() {
            Phase::Call
        } else {
            Phase::Play
        };
    }

    fn apply_auction(
        &mut self,
        config: &TachentigeConfig,
        table: &mut Table,
        seat: Seat,
        action: TachentigeAction,
        events: &mut Events,
    ) -> Result<(), RuleError> {
        let call = match action {
            TachentigeAction::Pass => None,
            TachentigeAction::Bid(points) => Some(Contract::Points(points)),
            TachentigeAction::Solo(solo) => Some(Contract::Solo(solo)),
            _ => return Err(RuleError::new("the auction is not over (pass, a bid or a solo)")),
        };
        match call {
            None => self.passed |= seat.bit(),
            Some(call) => {
                let high = self.high.map(|(_, high)| high);
                if !call_allowed(call, high, config.min_bid, config.solos, config.has_stok()) {
                    return Err(self.call_error(config, call));
                }
                self.high = Some((seat, call));
            }
        }
        match self.high {
            None if self.passed.count_ones() == 4 => self.end_hand(HandEnd::ThrownIn, table, events),
            Some((bidder, call)) if self.passed.count_ones() == 3 => {
                self.begin_contract(config, bidder, call, table, events)
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

    fn call_error(&self, config: &TachentigeConfig, call: Contract) -> RuleError {
        match (call, self.high) {
            (Contract::Points(points), _) if points % 10 != 0 || !(config.min_bid..=MAX_BID).contains(&points) => {
                RuleError::new(format!("a point bid is a multiple of 10 from {} to {MAX_BID}", config.min_bid))
            }
            (Contract::Solo(_), _) if !config.solos => RuleError::new("solos are not played (solos = off)"),
            (Contract::Solo(solo), _) if !config.has_stok() && !solo.takes_stok() => {
                RuleError::new(format!("{} needs a stok to leave (stok_size = 0)", solo.code()))
            }
            (_, Some((_, high))) => RuleError::new(format!("a call must rank above {high}")),
            _ => RuleError::new("not a call of the ladder"),
        }
    }

    fn apply_choice(
        &mut self,
        config: &TachentigeConfig,
        table: &mut Table,
        seat: Seat,
        action: TachentigeAction,
        events: &mut Events,
    ) -> Result<(), RuleError> {
        let contract = match action {
            TachentigeAction::Point => Contract::Points(CLOSING_BID),
            TachentigeAction::Solo(solo)
                if call_allowed(Contract::Solo(solo), None, 0, config.solos, config.has_stok()) =>
            {
                Contract::Solo(solo)
            }
            TachentigeAction::Solo(solo) => return Err(self.call_error(config, Contract::Solo(solo))),
            _ => return Err(RuleError::new("the forced declarer chooses point or a solo (no pass)")),
        };
        self.begin_contract(config, seat, contract, table, events);
        Ok(())
    }

    fn apply_discard(
        &mut self,
        config: &TachentigeConfig,
        table: &mut Table,
        seat: Seat,
        cards: CardSet,
        events: &mut Events,
    ) -> Result<(), RuleError> {
        if cards.len() != config.stok_size as usize {
            return Err(RuleError::new(format!("discard exactly {} cards", config.stok_size)));
        }
        brabant::discard_face_down(table, seat, cards, events)?;
        self.discarded = true;
        self.advance(config, table, events);
        Ok(())
    }

    fn trump_choices(&self, config: &TachentigeConfig, table: &Table) -> u8 {
        if !self.is_point_game() || self.blind() {
            return 0b1111;
        }
        let (deck, known) = (Tachentige::deck(config), self.known_holdings(table));
        Suit::ALL
            .iter()
            .filter(|&&suit| trump_allowed(deck, known, suit))
            .fold(0, |bits, suit| bits | 1 << suit.index())
    }

    fn apply_trump(
        &mut self,
        config: &TachentigeConfig,
        table: &mut Table,
        suit: Suit,
        events: &mut Events,
    ) -> Result<(), RuleError> {
        let checkable = self.declarer.is_some_and(|declarer| table.knows_hand(declarer)) || self.blind();
        if checkable && self.trump_choices(config, table) & (1 << suit.index()) == 0 {
            return Err(RuleError::new(format!(
                "{} may not be trump: every card of the call rank outside the declarer's holdings is a {}",
                suit.name(),
                suit.name()
            )));
        }
        self.trump = Some(suit);
        self.advance(config, table, events);
        Ok(())
    }

    /// The trump suit; in closing type 1 the turned card's, which a peer learns from the deal
    /// protocol after the deal.
    fn trump_now(&self, table: &Table) -> Option<Suit> {
        self.trump.or_else(|| self.turned.and_then(|slot| table.card_at(slot)).and_then(|card| card.suit()))
    }

    fn call_choices(&self, config: &TachentigeConfig, table: &Table) -> CardSet {
        let Some(trump) = self.trump_now(table) else { return CardSet::EMPTY };
        call_candidates(Tachentige::deck(config), self.known_holdings(table), trump, self.called)
    }

    fn apply_call(
        &mut self,
        config: &TachentigeConfig,
        table: &mut Table,
        seat: Seat,
        card: Card,
        events: &mut Events,
    ) -> Result<(), RuleError> {
        let checkable = table.knows_hand(seat) || self.blind();
        if checkable && !self.call_choices(config, table).contains(card) {
            return Err(RuleError::new(format!(
                "{card} may not be called (a non-trump card of the call rank that the declarer does not hold and \
                 has not called)"
            )));
        }
        if self.called.contains(card) || self.trump.is_some_and(|trump| card.suit() == Some(trump)) {
            return Err(RuleError::new(format!("{card} may not be called")));
        }
        self.called.insert(card);
        let holder = table.slot_of(card).and_then(|slot| match table.place(slot) {
            Place::Hand(holder) if holder != seat => Some((holder, slot)),
            _ => None,
        });
        let Some((holder, slot)) = holder else {
            // Nobody answered: the card lies in the stok or the declarer's own unseen hand.
            return Ok(());
        };
        self.partner = Some(holder);
        self.called_card = Some(card);
        table.emit(Visibility::ShownToAll { slots: SlotSet::single(slot) }, events);
        if self.blind() {
            self.released = true;
            let mut withheld = SlotSet::EMPTY;
            for slot in table.hand_slots(seat).iter() {
                if !table.is_seen_by(slot, seat) {
                    withheld.insert(slot);
                }
            }
            if !withheld.is_empty() {
                table.emit(Visibility::ReleasedToHolder { seat, slots: withheld }, events);
            }
        }
        self.advance(config, table, events);
        Ok(())
    }

    /// Shows `cards` of `seat`'s hand to all (those not already public).
    fn show_cards(table: &mut Table, seat: Seat, cards: CardSet, events: &mut Events) -> Result<(), RuleError> {
        let mut slots = SlotSet::EMPTY;
        for card in cards.iter() {
            match table.slot_of(card) {
                Some(slot) if table.place(slot) == Place::Hand(seat) && !table.is_public(slot) => slots.insert(slot),
                Some(slot) if table.place(slot) == Place::Hand(seat) => {}
                Some(slot) if table.place(slot) == Place::Trick && table.is_public(slot) => {}
                Some(slot) if table.is_public(slot) || table.knows_hand(seat) => {
                    return Err(RuleError::new(format!("{card} is not in {}'s hand", seat_name(seat))))
                }
                _ => {}
            }
        }
        if !slots.is_empty() {
            table.emit(Visibility::ShownToAll { slots }, events);
        }
        Ok(())
    }

    /// Checks that `cards` form a combination `seat` holds (when its hand is known) and has not
    /// shown yet; returns it.
    fn check_combo(
        &self,
        config: &TachentigeConfig,
        table: &Table,
        seat: Seat,
        cards: CardSet,
    ) -> Result<Combo, RuleError> {
        let combo = Combo::of_cards(cards)
            .filter(|combo| combo.value(config.roem_table()) > 0)
            .ok_or_else(|| RuleError::new(format!("{cards} is not a roem combination")))?;
        if self.shown[seat.index()].combos().contains(&combo) {
            return Err(RuleError::new(format!("{} was shown already", combo_text(cards))));
        }
        if table.knows_hand(seat) {
            let held = self.held_combos(config, table, seat);
            if !held.combos().contains(&combo) || held.combo_cards(combo) != cards {
                return Err(RuleError::new(format!(
                    "false roem claim: {} is not a combination of {}'s hand (sets hold every card of their \
                     rank, runs are maximal)",
                    combo_text(cards),
                    seat_name(seat)
                )));
            }
        }
        Ok(combo)
    }

    fn apply_show(
        &mut self,
        config: &TachentigeConfig,
        table: &mut Table,
        seat: Seat,
        cards: CardSet,
        events: &mut Events,
    ) -> Result<(), RuleError> {
        let may_show = self.roem_open(config, table)
            && self.late.is_none()
            && ((Some(seat) == self.declarer && table.trick().is_empty())
                || (Some(seat) == self.partner && Self::card_in_trick(table, seat).is_none()));
        if !may_show {
            return Err(RuleError::new(
                "roem is shown only in trick 1 of a point game: the declarer before his lead, the partner before his card",
            ));
        }
        let combo = self.check_combo(config, table, seat, cards)?;
        if Some(seat) == self.partner && self.is_rejected(combo) {
            return Err(RuleError::new(format!(
                "{} may not be shown: a combination a defender showed rejects it",
                combo_text(cards)
            )));
        }
        let mut shown = self.shown[seat.index()];
        shown.push(combo, cards)?;
        Self::show_cards(table, seat, cards, events)?;
        self.shown[seat.index()] = shown;
        if Some(seat) == self.partner && config.afkeuren {
            let pending = table
                .trick()
                .cards()
                .iter()
                .filter(|played| !self.declaring(played.seat))
                .fold(0u8, |bits, played| bits | played.seat.bit());
            if pending != 0 {
                self.late = Some(LateWindow { combo, pending });
                self.next_in_window(table, seat);
            }
        }
        Ok(())
    }

    /// The late window's next defender (in the order they played to trick 1), or back to the
    /// partner once nobody is left or the combination just shown is rejected.
    fn next_in_window(&mut self, table: &Table, partner: Seat) {
        if let Some(late) = self.late {
            if !self.is_rejected(late.combo) {
                let waiting = table.trick().cards().iter().find(|played| late.pending & played.seat.bit() != 0);
                if let Some(played) = waiting {
                    self.turn = played.seat;
                    return;
                }
            }
        }
        self.late = None;
        self.turn = partner;
    }

    fn apply_reject(
        &mut self,
        config: &TachentigeConfig,
        table: &mut Table,
        seat: Seat,
        cards: CardSet,
        events: &mut Events,
    ) -> Result<(), RuleError> {
        let open = self.roem_open(config, table) && config.afkeuren && !self.declaring(seat);
        let in_turn = self.late.is_none() && Self::card_in_trick(table, seat).is_none();
        if !open || !(in_turn || self.late.is_some()) {
            return Err(RuleError::new(
                "a defender rejects roem only in trick 1, before his card or in the late window",
            ));
        }
        let combo = self.check_combo(config, table, seat, cards)?;
        let rejects_something = match self.late {
            Some(late) => combo.rejects(late.combo, self.trump),
            None => self.standing_roem().any(|standing| combo.rejects(standing, self.trump)),
        };
        if !rejects_something {
            return Err(RuleError::new(format!(
                "false rejection: {} rejects no combination {}",
                combo_text(cards),
                if self.late.is_some() { "the partner has just shown" } else { "of the declaring side still standing" }
            )));
        }
        let mut shown = self.shown[seat.index()];
        shown.push(combo, cards)?;
        Self::show_cards(table, seat, cards, events)?;
        self.shown[seat.index()] = shown;
        self.leave_window(table, seat);
        Ok(())
    }

    /// A defender's answer in the late window is done.
    fn leave_window(&mut self, table: &Table, seat: Seat) {
        if let (Some(mut late), Some(partner)) = (self.late, self.partner) {
            late.pending &= !seat.bit();
            self.late = Some(late);
            self.next_in_window(table, partner);
        }
    }

    fn stuk_possible(&self, config: &TachentigeConfig, seat: Seat, card: Card) -> bool {
        config.roem
            && !self.stuk
            && self.is_point_game()
            && self.declaring(seat)
            && self.trump.is_some()
            && card.suit() == self.trump
            && stuk_partner(card).is_some()
    }

    fn apply_play(
        &mut self,
        config: &TachentigeConfig,
        table: &mut Table,
        seat: Seat,
        card: Card,
        stuk: bool,
        events: &mut Events,
    ) -> Result<(), RuleError> {
        if self.late.is_some() {
            return Err(RuleError::new("the late window is open: reject or no_reject"));
        }
        if stuk && !self.stuk_possible(config, seat, card) {
            return Err(RuleError::new(
                "the stuk is announced by the declaring side, with roem, playing the trump queen or king",
            ));
        }
        let other = stuk_partner(card).filter(|_| stuk);
        if table.knows_hand(seat) {
            let hand = table.hand(seat);
            if !hand.contains(card) {
                return Err(RuleError::new(format!("{card} is not in {}'s hand", seat_name(seat))));
            }
            if !self.legal_plays(table, seat).contains(card) {
                return Err(self.play_error(table, seat, card));
            }
            if let Some(other) = other.filter(|other| !hand.contains(*other)) {
                return Err(RuleError::new(format!("false stuk: {} does not hold {other}", seat_name(seat))));
            }
        }
        if let Some(other) = other {
            // Checked before the card leaves the hand, so that a refused stuk changes nothing.
            if let Some(slot) = table.slot_of(other) {
                if table.place(slot) != Place::Hand(seat) && table.is_public(slot) {
                    return Err(RuleError::new(format!("false stuk: {other} is not in {}'s hand", seat_name(seat))));
                }
            }
        }
        table.play(seat, card, None, events)?;
        if let Some(other) = other {
            self.stuk = true;
            if let Some(slot) = table.slot_of(other).filter(|&slot| table.place(slot) == Place::Hand(seat)) {
                if !table.is_public(slot) {
                    table.emit(Visibility::ShownToAll { slots: SlotSet::single(slot) }, events);
                }
            }
        }
        let declarer = self.declarer.unwrap_or(seat);
        let solo = self.contract.and_then(Contract::solo);
        if table.trick_index() == 0 && table.trick().len() == 1 && solo.is_some_and(|s| s.game() == SoloGame::Praten) {
            // Row 16: the soloist's remaining cards right after his lead, then the opponents'.
            let mut holder = declarer;
            for _ in 0..SEATS {
                let slots = table.hand_slots(holder);
                if !slots.is_empty() {
                    table.emit(Visibility::HandOpened { seat: holder, slots }, events);
                }
                holder = next(holder);
            }
        }
        if table.trick().len() < SEATS as usize {
            self.turn = next(seat);
            return Ok(());
        }
        let winner = trick_winner(table.trick(), self.trump).unwrap_or(seat);
        table.take_trick(winner, events);
        self.turn = winner;
        let done = table.trick_index();
        let tricks = config.tricks();
        if let Some(solo) = solo {
            let soloist_won = winner == declarer;
            let result = match solo.game() {
                SoloGame::Praten if soloist_won => Some(false),
                SoloGame::Zwabber | SoloGame::Prive if !soloist_won => Some(false),
                _ if done >= tricks => Some(true),
                _ => None,
            };
            if let Some(result) = result {
                self.result = Some(result);
                self.end_hand(HandEnd::Played, table, events);
            }
        } else if done >= tricks {
            self.end_hand(HandEnd::Played, table, events);
        }
        Ok(())
    }

    /// The legal cards of `seat`'s known hand now (5.2).
    fn legal_plays(&self, table: &Table, seat: Seat) -> CardSet {
        let called = if self.is_point_game() { self.called_card } else { None };
        legal_cards(table.hand(seat), table.trick(), self.trump, called, Some(seat) == self.declarer)
    }

    fn play_error(&self, table: &Table, seat: Seat, card: Card) -> RuleError {
        let trick = table.trick();
        let hand = table.hand(seat);
        let led = trick.led.unwrap_or(Suit::Clubs);
        if let Some(called) = self.called_card.filter(|called| hand.contains(*called) && called.suit() == Some(led)) {
            return RuleError::new(format!("must play the called card {called} ({} led)", led.name()));
        }
        match self.trump {
            None => RuleError::new(format!("must follow suit, holds {}", led.name())),
            Some(trump) if led == trump => RuleError::new(format!("must play a trump, holds {}", trump.name())),
            Some(trump) if card.suit() == Some(trump) && Some(seat) == self.declarer && self.called_card.is_some() => {
                RuleError::new("may not undertrump, nor trump the partner's winning called card")
            }
            Some(trump) if card.suit() == Some(trump) => RuleError::new("may not undertrump"),
            Some(trump) => RuleError::new(format!("must follow {} or trump with {}", led.name(), trump.name())),
        }
    }
}

/// Contract kinds per config: `[stok_leave][has stok][solos][rondspelen]` as index bits.
static KINDS: LazyLock<Vec<Vec<&'static str>>> = LazyLock::new(|| {
    (0..16)
        .map(|bits: u8| {
            let (leave, stok, solos, closing) = (bits & 1 != 0, bits & 2 != 0, bits & 4 != 0, bits & 8 != 0);
            let mut kinds = vec!["point"];
            if leave && stok {
                kinds.push("point_stok_left");
            }
            if solos {
                kinds.extend(Solo::ALL.iter().filter(|solo| stok || solo.takes_stok()).map(|solo| solo.code()));
            }
            kinds.push("thrown_in");
            if closing {
                kinds.extend(["closing_turned", "closing_blind", "closing_open_point"]);
                if solos {
                    kinds.push("closing_open_solo");
                }
            }
            kinds
        })
        .collect()
});

impl Game for Tachentige {
    type Config = TachentigeConfig;
    type Action = TachentigeAction;
    type Outcome = TachentigeOutcome;
    type Scores = TachentigeScores;

    const ID: GameId = GameId::Tachentige;
    const RULES_VERSION: u32 = 1;
    const SEAT_NAMES: SeatNames = NAMES;

    fn config_keys() -> &'static [ConfigKey] {
        CONFIG_KEYS
    }

    fn config(values: &ConfigValues) -> TachentigeConfig {
        let on = |key: &str| !values.is(key, "off");
        let deck32 = values.is("deck", "32");
        let stok_size = match (deck32, values.is("stok_size", "0")) {
            (true, true) => 0,
            (true, false) => 4,
            (false, _) => 2,
        };
        let roem = on("roem");
        TachentigeConfig {
            deck32,
            stok_size,
            min_bid: values.get("min_bid").parse().unwrap_or(200),
            roem,
            afkeuren: roem && on("afkeuren"),
            stok_leave: stok_size > 0 && on("stok_leave"),
            solos: on("solos"),
            rondspelen: on("rondspelen"),
            regular_hands: values.get("regular_hands").parse().ok(),
        }
    }

    fn check_config(values: &ConfigValues) -> Result<(), ConfigError> {
        if values.is("stok_size", "0") && !values.is("deck", "32") {
            return Err(ConfigError::BadValue {
                key: "stok_size".to_string(),
                value: "0".to_string(),
                allowed: "standard (0 needs deck = 32)".to_string(),
            });
        }
        Ok(())
    }

    fn key_context(key: &str) -> &'static [(&'static str, &'static str)] {
        match key {
            "stok_size" => &[("deck", "32")],
            _ => &[],
        }
    }

    fn seat_count(_config: &TachentigeConfig) -> u8 {
        SEATS
    }

    fn direction(_config: &TachentigeConfig) -> Direction {
        DIRECTION
    }

    fn deck(config: &TachentigeConfig) -> CardSet {
        // 8 to ace in every suit (bits 6..12 of each suit's 13), the red sevens (bit 5), and with
        // 32 cards the black ones.
        const EIGHT_TO_ACE: u64 = 0x1fc0;
        const SEVEN: u64 = 0x20;
        let per_suit = |suit: Suit, bits: u64| bits << (13 * suit.index());
        let mut bits = 0;
        for suit in Suit::ALL {
            let red = matches!(suit, Suit::Hearts | Suit::Diamonds);
            bits |= per_suit(suit, if config.deck32 || red { EIGHT_TO_ACE | SEVEN } else { EIGHT_TO_ACE });
        }
        CardSet::from_bits(bits)
    }

    fn layout(config: &TachentigeConfig, dealer: Seat) -> DealLayout {
        // Section 2: the stok first, then two rounds of packets clockwise from the dealer's left.
        let stok = config.stok_size as usize;
        let hand = config.tricks() as usize;
        let packets = [4, hand - 4];
        let mut places = vec![Place::Pile(Pile::Talon); stok];
        for packet in packets {
            for step in 1..=SEATS {
                let seat = DIRECTION.advance(dealer, step, SEATS);
                places.extend(std::iter::repeat_n(Place::Hand(seat), packet));
            }
        }
        DealLayout::new(places, 0)
    }

    fn first_dealer(_config: &TachentigeConfig) -> Option<Seat> {
        None
    }

    fn unseen_at_deal(_config: &TachentigeConfig, dealer: Seat, scores: &TachentigeScores) -> u8 {
        match scores.closing_round {
            1..=CLOSING_ROUNDS if ClosingType::of_round(scores.closing_round).is_blind() => next(dealer).bit(),
            _ => 0,
        }
    }

    fn start(
        config: &TachentigeConfig,
        dealer: Seat,
        scores: &TachentigeScores,
        table: &mut Table,
        events: &mut Events,
    ) -> Tachentige {
        let closing_round = if (1..=CLOSING_ROUNDS).contains(&scores.closing_round) { scores.closing_round } else { 0 };
        let mut game = Tachentige {
            dealer,
            phase: Phase::Auction,
            turn: next(dealer),
            closing_round,
            stop: false,
            passed: 0,
            high: None,
            declarer: None,
            contract: None,
            point_game: false,
            stok: StokChoice::NoStok,
            discarded: false,
            trump: None,
            turned: None,
            released: false,
            called: CardSet::EMPTY,
            called_card: None,
            partner: None,
            shown: [Roem::EMPTY; 4],
            late: None,
            stuk: false,
            result: None,
        };
        let forced = next(dealer);
        match game.closing_type() {
            None => {}
            Some(ClosingType::Open) => {
                game.phase = Phase::Choice;
            }
            Some(kind) => {
                if kind == ClosingType::Turned {
                    // Row 3: the card at the forced declarer's deal position 1, turned for all.
                    if let Some(slot) = table.hand_slots(forced).iter().next() {
                        table.emit(Visibility::ShownToAll { slots: SlotSet::single(slot) }, events);
                        game.turned = Some(slot);
                        game.trump = table.card_at(slot).and_then(|card| card.suit());
                    }
                }
                game.begin_contract(config, forced, Contract::Points(CLOSING_BID), table, events);
            }
        }
        game
    }

    fn to_act(&self, _config: &TachentigeConfig, _table: &Table) -> ToAct {
        match self.phase {
            Phase::Over(_) => ToAct::HandOver,
            _ => ToAct::Seat(self.turn),
        }
    }

    fn legal_actions(&self, config: &TachentigeConfig, table: &Table, seat: Seat, out: &mut Vec<TachentigeAction>) {
        if seat != self.turn || matches!(self.phase, Phase::Over(_)) {
            return;
        }
        if self.may_stop(config) {
            out.push(TachentigeAction::Stop);
        }
        match self.phase {
            Phase::Auction => {
                out.push(TachentigeAction::Pass);
                let ladder = match (config.solos, config.has_stok()) {
                    (true, true) => &LADDERS[0],
                    (true, false) => &LADDERS[1],
                    (false, _) => &LADDERS[2],
                };
                let above = self.high.map_or(0, |(_, high)| high.key());
                ladder.push_calls_above(above, config.min_bid as u32, out);
            }
            Phase::Choice => {
                out.push(TachentigeAction::Point);
                if config.solos {
                    out.extend(
                        Solo::ALL
                            .into_iter()
                            .filter(|solo| config.has_stok() || solo.takes_stok())
                            .map(TachentigeAction::Solo),
                    );
                }
            }
            Phase::Stok => {
                out.push(TachentigeAction::StokTake);
                out.push(TachentigeAction::StokLeave);
            }
            Phase::Discard => {
                let hand: Vec<Card> = table.hand(seat).iter().collect();
                push_subsets(&hand, config.stok_size as usize, CardSet::EMPTY, out);
            }
            Phase::Trump => {
                let choices = self.trump_choices(config, table);
                out.extend(
                    Suit::ALL
                        .into_iter()
                        .filter(|suit| choices & (1 << suit.index()) != 0)
                        .map(TachentigeAction::Trump),
                );
            }
            Phase::Call => out.extend(self.call_choices(config, table).iter().map(TachentigeAction::Call)),
            Phase::Play => {
                let roem_open = self.roem_open(config, table);
                if let Some(late) = self.late {
                    out.push(TachentigeAction::NoReject);
                    let held = self.held_combos(config, table, seat);
                    let own = self.shown[seat.index()].combos();
                    for combo in held.combos() {
                        if combo.rejects(late.combo, self.trump) && !own.contains(&combo) {
                            out.push(TachentigeAction::Reject(Cards::of(held.combo_cards(combo))));
                        }
                    }
                    return;
                }
                let hand = table.hand(seat);
                let cards = if table.knows_hand(seat) { self.legal_plays(table, seat) } else { hand };
                let stuk = self.stuk_cards(config, seat, hand);
                for card in cards {
                    out.push(TachentigeAction::Play(card));
                    if stuk.contains(card) {
                        out.push(TachentigeAction::PlayStuk(card));
                    }
                }
                if roem_open {
                    let in_trick = Self::card_in_trick(table, seat).is_some();
                    let declaring = self.declaring(seat);
                    let may_show = (Some(seat) == self.declarer && table.trick().is_empty())
                        || (Some(seat) == self.partner && !in_trick);
                    let may_reject = !declaring && config.afkeuren && !in_trick;
                    if may_show || may_reject {
                        let held = self.held_combos(config, table, seat);
                        let own = self.shown[seat.index()].combos();
                        for combo in held.combos() {
                            if own.contains(&combo) {
                                continue;
                            }
                            let cards = held.combo_cards(combo);
                            if may_show && (Some(seat) == self.declarer || !self.is_rejected(combo)) {
                                out.push(TachentigeAction::Show(Cards::of(cards)));
                            } else if may_reject && self.standing_roem().any(|y| combo.rejects(y, self.trump)) {
                                out.push(TachentigeAction::Reject(Cards::of(cards)));
                            }
                        }
                    }
                }
            }
            Phase::Over(_) => {}
        }
    }

    /// Card plays without a stuk, roem or late window in play (most of a hand's actions) are
    /// indexed directly; the rest are listed.
    fn pick_legal_action(
        &self,
        config: &TachentigeConfig,
        table: &Table,
        seat: Seat,
        scratch: &mut Vec<TachentigeAction>,
        choose: impl FnOnce(usize) -> usize,
    ) -> Option<TachentigeAction> {
        let plain_play = self.phase == Phase::Play
            && seat == self.turn
            && self.late.is_none()
            && !self.roem_open(config, table)
            && self.stuk_cards(config, seat, table.hand(seat)).is_empty();
        if !plain_play {
            return pick_listed(self, config, table, seat, scratch, choose);
        }
        // `stop` (when open), then the cards, as `legal_actions` lists them.
        let stop = [TachentigeAction::Stop];
        let fixed = if self.may_stop(config) { &stop[..] } else { &[] };
        let hand = table.hand(seat);
        let cards = if table.knows_hand(seat) { self.legal_plays(table, seat) } else { hand };
        pick_after_fixed_cards(fixed, cards, TachentigeAction::Play, choose)
    }

    fn apply(
        &mut self,
        config: &TachentigeConfig,
        table: &mut Table,
        seat: Seat,
        action: TachentigeAction,
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
            return Err(RuleError::new(format!("not {}'s turn ({} is to act)", seat_name(seat), seat_name(self.turn))));
        }
        if self.trump.is_none() {
            self.trump = self.trump_now(table);
        }
        match (self.phase, action) {
            (_, TachentigeAction::Stop) => {
                if self.closing_round > 0 || config.regular_hands.is_some() {
                    return Err(RuleError::new("a stop ends an open session, in a regular hand"));
                }
                if self.stop {
                    return Err(RuleError::new("the stop was already requested in this hand"));
                }
                self.stop = true;
                Ok(())
            }
            (Phase::Auction, _) => self.apply_auction(config, table, seat, action, events),
            (Phase::Choice, _) => self.apply_choice(config, table, seat, action, events),
            (Phase::Stok, TachentigeAction::StokTake) => {
                brabant::take_stok(table, seat, events);
                self.stok = StokChoice::Taken;
                self.advance(config, table, events);
                Ok(())
            }
            (Phase::Stok, TachentigeAction::StokLeave) => {
                self.stok = StokChoice::Left;
                self.advance(config, table, events);
                Ok(())
            }
            (Phase::Stok, _) => Err(RuleError::new("the declarer takes the stok or leaves it (stok take, stok leave)")),
            (Phase::Discard, TachentigeAction::Discard(cards)) => {
                let cards = cards.set();
                self.apply_discard(config, table, seat, cards, events)
            }
            (Phase::Discard, _) => {
                Err(RuleError::new(format!("the declarer must discard {} cards face down", config.stok_size)))
            }
            (Phase::Trump, TachentigeAction::Trump(suit)) => self.apply_trump(config, table, suit, events),
            (Phase::Trump, _) => Err(RuleError::new("the declarer must name trump")),
            (Phase::Call, TachentigeAction::Call(card)) => self.apply_call(config, table, seat, card, events),
            (Phase::Call, _) => Err(RuleError::new("the declarer must call a partner's card")),
            (Phase::Play, TachentigeAction::Show(cards)) => self.apply_show(config, table, seat, cards.set(), events),
            (Phase::Play, TachentigeAction::Reject(cards)) => {
                self.apply_reject(config, table, seat, cards.set(), events)
            }
            (Phase::Play, TachentigeAction::NoReject) if self.late.is_some() => {
                self.leave_window(table, seat);
                Ok(())
            }
            (Phase::Play, TachentigeAction::NoReject) => Err(RuleError::new("no late window is open")),
            (Phase::Play, TachentigeAction::Play(card)) => self.apply_play(config, table, seat, card, false, events),
            (Phase::Play, TachentigeAction::PlayStuk(card)) => self.apply_play(config, table, seat, card, true, events),
            (Phase::Play, _) => Err(RuleError::new("the auction and the declarer phase are over")),
            (Phase::Over(_), _) => Err(RuleError::new("the hand is over")),
        }
    }

    fn outcome(&self, config: &TachentigeConfig, table: &Table) -> Option<TachentigeOutcome> {
        let Phase::Over(end) = self.phase else { return None };
        let mut outcome = TachentigeOutcome::empty(end, self.dealer, self.closing_round, self.stop);
        let (Some(declarer), Some(contract)) = (self.declarer, self.contract) else { return Some(outcome) };
        outcome.declarer = Some(declarer);
        outcome.partner = self.partner;
        outcome.contract = Some(contract);
        outcome.stok = self.stok;
        outcome.trump = self.trump;
        outcome.called = self.called_card;
        outcome.failed_calls = (self.called.len() - usize::from(self.called_card.is_some())) as u8;
        outcome.tricks_played = table.trick_index();
        let side = [Some(declarer), self.partner];
        let on_side = |seat: Option<Seat>| seat.is_some_and(|seat| side.contains(&Some(seat)));
        outcome.declaring_tricks =
            (0..SEATS).map(Seat).filter(|&seat| on_side(Some(seat))).map(|seat| table.tricks_won(seat)).sum();
        let solo = match contract {
            Contract::Solo(solo) => solo,
            Contract::Points(bid) => {
                let tricks = config.tricks();
                let td = outcome.declaring_tricks;
                let won = (0..SEATS)
                    .map(Seat)
                    .filter(|&seat| on_side(Some(seat)))
                    .fold(CardSet::EMPTY, |cards, seat| cards.union(table.won(seat)));
                outcome.trick_points = brabant::points(won, self.trump);
                let last_winner = table.last_trick().and_then(|trick| trick_winner(trick, self.trump));
                outcome.last_trick =
                    if outcome.tricks_played == tricks && on_side(last_winner) { rules::LAST_TRICK } else { 0 };
                // The hidden pile is never needed face up: 141 less every card played (6.1).
                let all_points = brabant::points(Tachentige::deck(config), self.trump);
                outcome.hidden_points = all_points.saturating_sub(brabant::points(table.played(), self.trump));
                outcome.hidden_to_declaring = match self.stok {
                    StokChoice::Taken => td >= 1,
                    StokChoice::Left => td == tricks,
                    _ => false,
                };
                outcome.raw_declaring = outcome.trick_points
                    + outcome.last_trick
                    + if outcome.hidden_to_declaring { outcome.hidden_points } else { 0 };
                let table_values = config.roem_table();
                for seat in side.into_iter().flatten() {
                    for combo in self.shown[seat.index()].combos() {
                        outcome.roem_shown += combo.value(table_values);
                        if self.is_rejected(combo) {
                            outcome.roem_rejected += combo.value(table_values);
                        }
                    }
                }
                outcome.stuk = self.stuk;
                outcome.roem = outcome.roem_shown - outcome.roem_rejected
                    + if self.stuk { Combo::Stuk(self.trump.unwrap_or(Suit::Hearts)).value(table_values) } else { 0 };
                if !config.roem {
                    outcome.roem = 0;
                }
                let score =
                    point_score(bid, outcome.raw_declaring, td, tricks, outcome.roem, self.stok == StokChoice::Left);
                outcome.score = Some(score);
                let delta = score.declaring_delta();
                for seat in (0..SEATS).map(Seat) {
                    outcome.deltas[seat.index()] = if on_side(Some(seat)) { delta } else { -delta };
                }
                return Some(outcome);
            }
        };
        let won = self.result.unwrap_or(false);
        outcome.solo_won = Some(won);
        let value = if won { solo.value() } else { -solo.value() };
        for seat in (0..SEATS).map(Seat) {
            outcome.deltas[seat.index()] = if seat == declarer { 3 * value } else { -value };
        }
        Some(outcome)
    }

    fn new_scores(_config: &TachentigeConfig) -> TachentigeScores {
        TachentigeScores::default()
    }

    fn settle(
        config: &TachentigeConfig,
        scores: &mut TachentigeScores,
        _dealer: Seat,
        outcome: &TachentigeOutcome,
    ) -> MatchStatus {
        for (total, delta) in scores.totals.iter_mut().zip(outcome.deltas) {
            *total += delta;
        }
        let next_dealer = outcome.next_dealer();
        if outcome.closing_round > 0 {
            if outcome.closing_round >= CLOSING_ROUNDS {
                return Self::end_session(scores);
            }
            scores.closing_round = outcome.closing_round + 1;
            return MatchStatus::Continue { next_dealer };
        }
        scores.hands += 1;
        let regular_over = match config.regular_hands {
            Some(hands) => scores.hands >= hands,
            None => outcome.stop,
        };
        match (regular_over, config.rondspelen) {
            (false, _) => MatchStatus::Continue { next_dealer },
            (true, true) => {
                scores.closing_round = 1;
                MatchStatus::Continue { next_dealer }
            }
            (true, false) => Self::end_session(scores),
        }
    }

    fn scores_to_sheet(_config: &TachentigeConfig, scores: &TachentigeScores) -> ScoreSheet {
        let mut sheet = ScoreSheet::new();
        for seat in 0..SEATS {
            sheet.insert(seat_name(Seat(seat)), scores.totals[seat as usize]);
        }
        sheet.insert("hands".into(), scores.hands as i64);
        sheet.insert("closing_round".into(), scores.closing_round as i64);
        let closing_type =
            if scores.closing_round > 0 { ClosingType::of_round(scores.closing_round).number() } else { 0 };
        sheet.insert("closing_type".into(), closing_type as i64);
        sheet.insert("over".into(), scores.over as i64);
        sheet
    }

    fn scores_from_sheet(config: &TachentigeConfig, sheet: &ScoreSheet) -> Result<TachentigeScores, RuleError> {
        const KEYS: [&str; 8] = ["N", "E", "S", "W", "hands", "closing_round", "closing_type", "over"];
        if let Some(key) = sheet.keys().find(|key| !KEYS.contains(&key.as_str())) {
            return Err(RuleError::new(format!(
                "unknown score key {:?} (expected {})",
                key.chars().take(16).collect::<String>(),
                KEYS.join(", ")
            )));
        }
        let get = |key: &str| sheet.get(key).copied().unwrap_or(0);
        let totals = [get("N"), get("E"), get("S"), get("W")];
        if totals.iter().sum::<i64>() != 0 {
            return Err(RuleError::new("the totals must sum to 0"));
        }
        let hands = u32::try_from(get("hands")).map_err(|_| RuleError::new("hands must be 0 or more"))?;
        let closing_round = u8::try_from(get("closing_round"))
            .ok()
            .filter(|round| *round <= CLOSING_ROUNDS)
            .ok_or_else(|| RuleError::new(format!("closing_round is 0 to {CLOSING_ROUNDS}")))?;
        if closing_round > 0 && !config.rondspelen {
            return Err(RuleError::new("closing rounds are played only with rondspelen = on"));
        }
        let closing_type = if closing_round > 0 { ClosingType::of_round(closing_round).number() as i64 } else { 0 };
        if sheet.contains_key("closing_type") && get("closing_type") != closing_type {
            return Err(RuleError::new(format!("closing round {closing_round} is of type {closing_type}")));
        }
        let over = match get("over") {
            0 => false,
            1 => true,
            _ => return Err(RuleError::new("over is 0 or 1")),
        };
        Ok(TachentigeScores { totals, hands, closing_round, over })
    }

    fn parse_action(config: &TachentigeConfig, text: &str) -> Result<TachentigeAction, RuleError> {
        let text = text.trim();
        let (verb, rest) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
        let rest = rest.trim();
        let bad = || {
            RuleError::new(format!(
                "bad action {:?} (expected pass, a bid, a solo code, point, stop, stok take|leave, discard ..., \
                 trump X, call XX, show|reject CODE cards, no_reject, or play XX [stuk XX])",
                text.chars().take(40).collect::<String>()
            ))
        };
        let deck = Tachentige::deck(config);
        let card = |word: &str| -> Result<Card, RuleError> {
            let card: Card = word.parse().map_err(|_| bad())?;
            if !deck.contains(card) {
                return Err(RuleError::new(format!("{card} is not in this Tachentige deck")));
            }
            Ok(card)
        };
        let cards = |words: &[&str]| -> Result<CardSet, RuleError> {
            let set: CardSet = words.iter().map(|word| card(word)).collect::<Result<_, _>>()?;
            if set.len() != words.len() {
                return Err(RuleError::new("a card is named twice"));
            }
            Ok(set)
        };
        let words: Vec<&str> = rest.split_whitespace().collect();
        let action = match (verb.to_ascii_lowercase().as_str(), &words[..]) {
            ("pass", []) => TachentigeAction::Pass,
            ("point", []) => TachentigeAction::Point,
            ("stop", []) => TachentigeAction::Stop,
            ("no_reject", []) => TachentigeAction::NoReject,
            ("stok", [choice]) if choice.eq_ignore_ascii_case("take") => TachentigeAction::StokTake,
            ("stok", [choice]) if choice.eq_ignore_ascii_case("leave") => TachentigeAction::StokLeave,
            ("discard", list) if !list.is_empty() => TachentigeAction::Discard(Cards::of(cards(list)?)),
            ("trump", [suit]) => TachentigeAction::Trump(suit.parse().map_err(|_| bad())?),
            ("call", [code]) => TachentigeAction::Call(card(code)?),
            ("play", [code]) => TachentigeAction::Play(card(code)?),
            ("play", [code, stuk, other]) if stuk.eq_ignore_ascii_case("stuk") => {
                let (played, other) = (card(code)?, card(other)?);
                if stuk_partner(played) != Some(other) {
                    return Err(RuleError::new("the stuk shows the other card of the trump queen and king"));
                }
                TachentigeAction::PlayStuk(played)
            }
            (verb @ ("show" | "reject"), [code, list @ ..]) if !list.is_empty() => {
                let set = cards(list)?;
                let combo =
                    Combo::of_cards(set).ok_or_else(|| RuleError::new(format!("{set} is not a combination")))?;
                if !combo_code(combo).eq_ignore_ascii_case(code) {
                    return Err(RuleError::new(format!("{set} is a {}, not a {code}", combo_code(combo))));
                }
                if verb == "show" {
                    TachentigeAction::Show(Cards::of(set))
                } else {
                    TachentigeAction::Reject(Cards::of(set))
                }
            }
            (word, []) => match Solo::from_code(word) {
                Some(solo) => TachentigeAction::Solo(solo),
                None => TachentigeAction::Bid(word.parse().map_err(|_| bad())?),
            },
            _ => return Err(bad()),
        };
        Ok(action)
    }

    fn format_action(action: &TachentigeAction) -> String {
        match action {
            TachentigeAction::Pass => "pass".to_string(),
            TachentigeAction::Bid(points) => points.to_string(),
            TachentigeAction::Solo(solo) => solo.code().to_string(),
            TachentigeAction::Point => "point".to_string(),
            TachentigeAction::Stop => "stop".to_string(),
            TachentigeAction::StokTake => "stok take".to_string(),
            TachentigeAction::StokLeave => "stok leave".to_string(),
            TachentigeAction::Discard(cards) => format!("discard {}", cards_text(cards.set())),
            TachentigeAction::Trump(suit) => format!("trump {suit}"),
            TachentigeAction::Call(card) => format!("call {card}"),
            TachentigeAction::Show(cards) => format!("show {}", combo_text(cards.set())),
            TachentigeAction::Reject(cards) => format!("reject {}", combo_text(cards.set())),
            TachentigeAction::NoReject => "no_reject".to_string(),
            TachentigeAction::Play(card) => format!("play {card}"),
            TachentigeAction::PlayStuk(card) => match stuk_partner(*card) {
                Some(other) => format!("play {card} stuk {other}"),
                None => format!("play {card} stuk"),
            },
        }
    }

    /// Bids and solos in words: `bid 200`, `bid praten_with_stok (PRm)`; the stok and the
    /// late roem window spelled out; the rest in the record notation.
    fn describe_action(_config: &TachentigeConfig, action: &TachentigeAction) -> String {
        match action {
            TachentigeAction::Bid(points) => format!("bid {points}"),
            TachentigeAction::Solo(solo) => {
                let game = match solo.game() {
                    SoloGame::Praten => "praten",
                    SoloGame::Zwabber => "zwabber",
                    SoloGame::Prive => "privé",
                };
                let stok = if solo.takes_stok() { "with_the_stok" } else { "stok_unseen" };
                format!("bid {game} {stok} ({})", solo.code())
            }
            TachentigeAction::Point => "point_game_for_100".to_string(),
            TachentigeAction::Stop => "stop_the_session".to_string(),
            TachentigeAction::StokTake => "take_the_stok".to_string(),
            TachentigeAction::StokLeave => "leave_the_stok_unseen".to_string(),
            TachentigeAction::NoReject => "no_rejection".to_string(),
            other => Self::format_action(other),
        }
    }

    /// The contract, the declarer and (once the called card has answered) the partner, trump and
    /// the called card: all public (the partner answers at once, 4.2).
    fn facts(&self, _config: &TachentigeConfig) -> crate::game::HandFacts {
        crate::game::HandFacts {
            contract: self.contract.map(|contract| contract.to_string()),
            declarers: self.declarer.map_or(0, Seat::bit) | self.partner.map_or(0, Seat::bit),
            trump: self.trump,
            called: self.called_card,
        }
    }

    fn contract_kinds(config: &TachentigeConfig) -> &'static [&'static str] {
        let index = usize::from(config.stok_leave)
            | usize::from(config.has_stok()) << 1
            | usize::from(config.solos) << 2
            | usize::from(config.rondspelen) << 3;
        &KINDS[index]
    }

    fn contract_kind(outcome: &TachentigeOutcome) -> &'static str {
        match (outcome.end, outcome.closing_type(), outcome.contract) {
            (HandEnd::ThrownIn, _, _) => "thrown_in",
            (_, Some(ClosingType::Turned), _) => "closing_turned",
            (_, Some(ClosingType::Blind), _) => "closing_blind",
            (_, Some(ClosingType::Open), Some(Contract::Solo(_))) => "closing_open_solo",
            (_, Some(ClosingType::Open), _) => "closing_open_point",
            (_, None, Some(Contract::Solo(solo))) => solo.code(),
            (_, None, _) if outcome.stok == StokChoice::Left => "point_stok_left",
            _ => "point",
        }
    }

    fn played_out(outcome: &TachentigeOutcome) -> bool {
        outcome.end == HandEnd::Played
    }

    fn seat_deltas(_config: &TachentigeConfig, outcome: &TachentigeOutcome) -> Vec<i64> {
        outcome.deltas.to_vec()
    }

    fn breakdown(config: &TachentigeConfig, outcome: &TachentigeOutcome) -> Vec<String> {
        let mut lines = Vec::new();
        if let Some(kind) = outcome.closing_type() {
            lines.push(format!("closing round {} of {CLOSING_ROUNDS}, type {}", outcome.closing_round, kind.number()));
        }
        let (Some(declarer), Some(contract)) = (outcome.declarer, outcome.contract) else {
            lines.push("all four passed: thrown in, no score".to_string());
            return lines;
        };
        let name = seat_name(declarer);
        let stok = match outcome.stok {
            StokChoice::NoStok => "no stok",
            StokChoice::Taken => "stok taken",
            StokChoice::Left => "stok left unseen",
            StokChoice::Undecided => "stok undecided",
        };
        let trump = outcome.trump.map_or("no trump".to_string(), |suit| format!("trump {suit}"));
        match (contract, outcome.score) {
            (Contract::Points(bid), Some(score)) => {
                let partner = outcome.partner.map_or("-".to_string(), seat_name);
                let called = outcome.called.map_or("-".to_string(), |card| card.to_string());
                lines.push(format!(
                    "point game {bid} by {name} with {partner} (called {called}, {} failed calls), {stok}, {trump}",
                    outcome.failed_calls
                ));
                lines.push(format!(
                    "Td = {} of {}; trick points {} + last trick {} + hidden {} ({}) = raw_d {}{}",
                    outcome.declaring_tricks,
                    config.tricks(),
                    outcome.trick_points,
                    outcome.last_trick,
                    outcome.hidden_points,
                    if outcome.hidden_to_declaring { "to the declaring side" } else { "to the defenders" },
                    outcome.raw_declaring,
                    if outcome.declaring_tricks == 0 { " -> 0 (no trick)" } else { "" }
                ));
                lines.push(format!(
                    "R_d = {}, R_def = {} (sum {}); all tricks B = {}",
                    score.rounded_declaring,
                    score.rounded_defending,
                    score.rounded_declaring + score.rounded_defending,
                    score.all_tricks_bonus
                ));
                lines.push(format!(
                    "roem shown {}, rejected {}, stuk {}: Rm = {}{}; target = {bid} - {} = {}",
                    outcome.roem_shown,
                    outcome.roem_rejected,
                    if outcome.stuk { 20 } else { 0 },
                    outcome.roem,
                    if outcome.declaring_tricks == 0 { " -> 0 (no trick)" } else { "" },
                    score.roem,
                    bid as i64 - score.roem as i64
                ));
                lines.push(format!(
                    "S = {} + {} + {} - {bid} = {}; M = {}: declaring side {:+} each, defenders {:+} each",
                    score.rounded_declaring,
                    score.all_tricks_bonus,
                    score.roem,
                    score.result,
                    score.multiplier,
                    score.declaring_delta(),
                    -score.declaring_delta()
                ));
            }
            (Contract::Solo(solo), _) => {
                let won = outcome.solo_won == Some(true);
                lines.push(format!("{} by {name}, {stok}, {trump}", solo.code()));
                lines.push(format!(
                    "{} after {} tricks: V = {}, {name} {:+}, opponents {:+} each",
                    if won { "made" } else { "failed" },
                    outcome.tricks_played,
                    solo.value(),
                    outcome.deltas[declarer.index()],
                    if won { -solo.value() } else { solo.value() }
                ));
            }
            _ => lines.push(format!("{contract} by {name}")),
        }
        lines
    }

    fn check_outcome(config: &TachentigeConfig, table: &Table, outcome: &TachentigeOutcome) -> Vec<String> {
        let mut problems = Vec::new();
        if outcome.deltas.iter().sum::<i64>() != 0 {
            problems.push(format!("deltas {:?} do not sum to 0", outcome.deltas));
        }
        let played = table.trick_index();
        let tricks: u8 = (0..SEATS).map(|seat| table.tricks_won(Seat(seat))).sum();
        if tricks != played {
            problems.push(format!("{tricks} tricks won, {played} played"));
        }
        match (outcome.end, outcome.contract, outcome.score) {
            (HandEnd::ThrownIn, _, _) => {
                if played != 0 || outcome.deltas != [0; 4] {
                    problems.push("a thrown-in deal was played or scored".to_string());
                }
            }
            (HandEnd::Played, Some(Contract::Points(_)), Some(score)) => {
                if played != config.tricks() {
                    problems.push(format!("a point game ended after {played} tricks"));
                }
                if outcome.partner.is_none() {
                    problems.push("a point game without a partner".to_string());
                }
                let all: u32 =
                    (0..SEATS).map(|seat| brabant::points(table.won(Seat(seat)), outcome.trump)).sum::<u32>()
                        + outcome.hidden_points
                        + rules::LAST_TRICK;
                if all != rules::RAW_TOTAL {
                    problems.push(format!("card points, hidden pile and last trick sum to {all}, not 146"));
                }
                if score.rounded_declaring + score.rounded_defending != rules::ROUNDED_TOTAL {
                    problems.push(format!(
                        "rounded totals {} + {} do not sum to 150",
                        score.rounded_declaring, score.rounded_defending
                    ));
                }
                if score.result % 10 != 0 {
                    problems.push(format!("S = {} is not a multiple of 10", score.result));
                }
            }
            (HandEnd::Played, Some(Contract::Solo(solo)), _) => {
                let expected = if outcome.solo_won == Some(true) { 3 * solo.value() } else { -3 * solo.value() };
                if outcome.declarer.map(|seat| outcome.deltas[seat.index()]) != Some(expected) {
                    problems.push("the solo payment disagrees with 6.5".to_string());
                }
            }
            _ => problems.push("a played hand without a contract".to_string()),
        }
        problems
    }

    fn candidate_actions(config: &TachentigeConfig, table: &Table, seat: Seat, out: &mut Vec<TachentigeAction>) {
        out.extend([
            TachentigeAction::Pass,
            TachentigeAction::Point,
            TachentigeAction::Stop,
            TachentigeAction::StokTake,
            TachentigeAction::StokLeave,
            TachentigeAction::NoReject,
        ]);
        for points in (0..=MAX_BID + 10).step_by(5) {
            out.push(TachentigeAction::Bid(points));
        }
        out.extend(Solo::ALL.map(TachentigeAction::Solo));
        out.extend(Suit::ALL.map(TachentigeAction::Trump));
        let deck = Tachentige::deck(config);
        for card in deck {
            out.extend([TachentigeAction::Call(card), TachentigeAction::Play(card), TachentigeAction::PlayStuk(card)]);
        }
        // Discards: every set of the stok's size from the hand, one naming a card not held, one
        // of the wrong size.
        let hand: Vec<Card> = table.hand(seat).iter().collect();
        push_subsets(&hand, config.stok_size as usize, CardSet::EMPTY, out);
        if let (Some(&first), Some(other)) = (hand.first(), deck.difference(table.hand(seat)).first()) {
            out.push(TachentigeAction::Discard(Cards::of(CardSet::single(first).union(CardSet::single(other)))));
            out.push(TachentigeAction::Discard(Cards::of(CardSet::single(first))));
        }
        // Shows and rejects: the combinations of the hand (with a card played to the trick) and of
        // the rest of the deck (false claims), and a run cut short.
        let mut own = table.hand(seat);
        if let Some(card) = table.trick().cards().iter().find(|played| played.seat == seat).and_then(|p| p.card) {
            own.insert(card);
        }
        for cards in [own, deck.difference(own)] {
            let found = detect(cards, None, config.roem_table());
            for combo in found.combos() {
                let set = found.combo_cards(combo);
                out.extend([TachentigeAction::Show(Cards::of(set)), TachentigeAction::Reject(Cards::of(set))]);
                if let Combo::Run { suit, top, .. } = combo {
                    let short = Combo::Run { suit, top, len: 3 }.cards(CardSet::EMPTY);
                    let short = Cards::of(short);
                    out.extend([TachentigeAction::Show(short), TachentigeAction::Reject(short)]);
                }
            }
        }
    }

    fn policy_weight(&self, config: &TachentigeConfig, _table: &Table, action: &TachentigeAction) -> u32 {
        let weight = match (self.phase, action) {
            (_, TachentigeAction::Stop) => return 1,
            (Phase::Auction, TachentigeAction::Pass) if self.high.is_some() => 400,
            (Phase::Auction, TachentigeAction::Pass) => 60,
            (Phase::Auction, TachentigeAction::Solo(_)) => 3,
            (Phase::Auction, TachentigeAction::Bid(points)) => {
                let above = self.high.map_or(0, |(_, high)| high.key());
                let lowest = ((above / 10 + 1) * 10).max(config.min_bid as u32);
                match (*points as u32).saturating_sub(lowest) / 10 {
                    0 => 60,
                    1 => 30,
                    2 => 10,
                    3..=6 => 2,
                    _ => 0,
                }
            }
            (Phase::Choice, TachentigeAction::Point) => 6,
            (Phase::Stok, TachentigeAction::StokTake) => 3,
            (Phase::Play, TachentigeAction::Show(_) | TachentigeAction::Reject(_)) => 30,
            (Phase::Play, TachentigeAction::NoReject) => 10,
            (Phase::Play, TachentigeAction::PlayStuk(_)) => 30,
            (Phase::Play, TachentigeAction::Play(_)) => 10,
            _ => 1,
        };
        weight * WEIGHT_SCALE
    }
}

impl Tachentige {
    fn end_session(scores: &mut TachentigeScores) -> MatchStatus {
        scores.over = true;
        let best = scores.totals.iter().copied().max().unwrap_or(0);
        let winners: Vec<Seat> = (0..SEATS).map(Seat).filter(|seat| scores.totals[seat.index()] == best).collect();
        let names: Vec<String> = winners.iter().map(|&seat| seat_name(seat)).collect();
        let verb = if winners.len() == 1 { "wins" } else { "win" };
        MatchStatus::Over { summary: format!("{} {verb} with {best}", names.join(" and ")), winners }
    }
}

/// What the open-card solver (`troef-bots`) reads of a hand in play besides the public facts
/// above: the roem the declaring side holds so far.
impl Tachentige {
    /// The stuk has been announced in this hand.
    pub fn stuk_announced(&self) -> bool {
        self.stuk
    }

    /// The value of the declaring side's combinations shown and not rejected so far, without the
    /// stuk (6.3.4's Rm before the stuk and the Td = 0 rule); 0 with `roem = off`.
    pub fn standing_roem_value(&self, config: &TachentigeConfig) -> u32 {
        if !config.roem {
            return 0;
        }
        self.standing_roem().map(|combo| combo.value(config.roem_table())).sum()
    }
}

/// Pushes a discard for every `size`-card subset of `cards`, each joined with `chosen`.
fn push_subsets(cards: &[Card], size: usize, chosen: CardSet, out: &mut Vec<TachentigeAction>) {
    if size == 2 {
        // The default stok's pairs, without the recursion.
        for (index, &first) in cards.iter().enumerate() {
            let with = chosen.union(CardSet::single(first));
            out.extend(
                cards[index + 1..]
                    .iter()
                    .map(|&second| TachentigeAction::Discard(Cards::of(with.union(CardSet::single(second))))),
            );
        }
        return;
    }
    if size == 0 {
        if !chosen.is_empty() {
            out.push(TachentigeAction::Discard(Cards::of(chosen)));
        }
        return;
    }
    for (index, &card) in cards.iter().enumerate() {
        if cards.len() - index < size {
            break;
        }
        let mut with = chosen;
        with.insert(card);
        push_subsets(&cards[index + 1..], size - 1, with, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_are_small_and_cards_round_trip() {
        assert_eq!(size_of::<TachentigeAction>(), 8);
        let deck = Tachentige::deck(&TachentigeConfig { deck32: true, ..TachentigeConfig::defaults() });
        assert_eq!(Cards::of(deck).set(), deck);
        for card in deck {
            assert_eq!(Cards::of(CardSet::single(card)).set(), CardSet::single(card));
        }
    }

    #[test]
    fn actions_round_trip() {
        let config = TachentigeConfig::defaults();
        for text in [
            "pass",
            "200",
            "PRm",
            "PVz",
            "point",
            "stop",
            "stok take",
            "stok leave",
            "discard JS TD",
            "trump H",
            "call AD",
            "show RUN3 9H TH JH",
            "show SET3 8S 8D 8C",
            "show TWO7 7H 7D",
            "reject SET4 AS AH AD AC",
            "reject RUN5+ 8D 9D TD JD QD",
            "no_reject",
            "play JH",
            "play KH stuk QH",
        ] {
            let action = Tachentige::parse_action(&config, text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(Tachentige::format_action(&action), text);
        }
        for bad in [
            "",
            "bid",
            "play 7S",
            "play KH stuk JH",
            "show SET4 8S 8D 8C",
            "show RUN3 9H TH QH",
            "trump X",
            "pass 7",
            "stok keep",
            "discard AS AS",
        ] {
            assert!(Tachentige::parse_action(&config, bad).is_err(), "{bad}");
        }
    }
}

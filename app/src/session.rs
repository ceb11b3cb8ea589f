//! The table-session seam: what the table screen drives, whoever decides the other seats.
//!
//! A [`TableSession`] is one table of one game, with its type erased so that the screens are
//! written once for every game. The local session ([`crate::local::LocalSession`]) runs the rules
//! core and the bots on this device; a networked session (peer-to-peer tables, `troef-net`) will
//! implement the same trait over its client handle: `act` sends this device's action, `advance`
//! drains what the peers sent, and `view` renders from the peer's own partial hand.
//!
//! **Everything a screen shows of a hand comes from a [`TableView`], and a `TableView` is built only
//! from one seat's [`troef_core::SeatView`] (or the public spectator view).** A screen cannot show
//! a card its seat has not seen, because it never holds one.

use crate::setup::GameSetup;
use troef_core::record::HandRecord;
use troef_core::{Card, GameId, Seat, Suit};

/// One table: a match of one game in progress.
pub trait TableSession {
    fn setup(&self) -> &GameSetup;

    fn game(&self) -> GameId;

    /// The seat to act now, `None` once the hand is over.
    fn to_act(&self) -> Option<Seat>;

    /// The table as `viewer` may see it: a seat's own view, or `None` for the public view (what
    /// a passer-by sees: played cards and shown cards only).
    fn view(&self, viewer: Option<Seat>) -> TableView;

    /// `seat` takes the action written `line` in the game's record notation (`PLAY QS`). Refused
    /// with a reason when it is not legal; nothing changes then.
    fn act(&mut self, seat: Seat, line: &str) -> Result<(), String>;

    /// Lets the seats this device does not tap for move on: the local session plays one bot
    /// action. Returns whether anything changed.
    fn advance(&mut self) -> Result<bool, String>;

    /// Whether the seat to act is decided here without a tap (a bot).
    fn waits_for_bot(&self) -> bool;

    /// Takes back the last card the person at this table played, with everything the bots did
    /// after it: only at a table with one person and bots, and only within the hand (never
    /// across a deal). Refused with a reason otherwise.
    fn undo(&mut self) -> Result<(), String>;

    /// A hint for `seat`, which is to act: the action's line and the message id of its reason
    /// ([`crate::bots::hint`]).
    fn hint(&self, seat: Seat) -> Option<(String, &'static str)>;

    /// The result of the hand once it is over.
    fn hand_result(&self) -> Option<HandResult>;

    /// Deals the next hand of the match (after [`TableSession::hand_result`]).
    fn next_hand(&mut self) -> Result<(), String>;

    /// The match so far: one row per finished hand.
    fn scoreboard(&self) -> Scoreboard;

    /// The current hand as a record: complete once the hand is over, and accepted by
    /// `troef replay` then. It holds the whole deal, so screens offer it only after the hand.
    fn hand_record(&self) -> HandRecord;

    /// The record of a finished hand of this match, by its number (from 1).
    fn finished_record(&self, hand_number: u32) -> Option<HandRecord>;

    /// Everything needed to resume this table exactly where it is (local tables only).
    fn saved(&self) -> Option<crate::store::SavedGame>;

    /// The one seat this device's person plays at a networked table (its view is the only one
    /// there is); `None` at a local table, where the people are the setup's person seats.
    fn own_seat(&self) -> Option<Seat> {
        None
    }

    /// A networked table's connection state: who is missing, a pause and why.
    fn nearby(&self) -> Option<NearbyStatus> {
        None
    }

    /// The networked table behind this session, to feed it the node's events.
    #[cfg(not(target_arch = "wasm32"))]
    fn as_nearby(&mut self) -> Option<&mut dyn crate::nearby::NearbySession> {
        None
    }
}

/// What a screen shows of a networked table beyond the hand.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NearbyStatus {
    pub table_name: String,
    /// The seats whose device is not connected, with their names ("waiting for Anna...").
    pub missing: Vec<(Seat, String)>,
    /// The table paused for a fault: the seat named (if one is) and what it did.
    pub paused: Option<PauseView>,
    /// Still dealing, or waiting for the other devices' entries.
    pub waiting: bool,
    /// The table's hands are all played.
    pub over: bool,
}

/// Why a networked table stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PauseView {
    pub seat: Option<Seat>,
    /// The seat's player, when a seat is named.
    pub name: Option<String>,
    /// The kind of fault (`Illegal`, `BadSignature`...).
    pub kind: String,
    pub detail: String,
}

/// A card as a screen shows it: face up with its identity, or a face-down back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CardFace {
    pub card: Option<Card>,
}

/// A card of a hand the viewer may tap.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandCard {
    pub card: Card,
    /// Some option plays or moves this card (tap it).
    pub playable: bool,
}

/// One seat around the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatPanel {
    pub seat: Seat,
    /// The seat's name in the game's notation (`N`, `P1`).
    pub code: String,
    pub name: String,
    pub is_bot: bool,
    pub is_viewer: bool,
    pub to_act: bool,
    pub dealer: bool,
    pub declarer: bool,
    /// Team letter in partnership games with fixed teams (Tarneeb: A = N + S).
    pub team: Option<char>,
    pub tricks: u8,
    pub cards_in_hand: usize,
    /// Cards of this seat's hand the viewer has seen (an open hand, shown roem, a dummy), other
    /// than the viewer's own hand.
    pub shown: Vec<HandCard>,
    /// The seat's last call in the auction (`bid 8`, `pass`), until play starts.
    pub last_call: Option<String>,
}

/// A card in the trick.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrickCardView {
    pub seat: Seat,
    pub face: CardFace,
}

/// The trick on the table (in progress, or the last one completed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrickView {
    pub cards: Vec<TrickCardView>,
    /// The winner, for a completed trick.
    pub winner: Option<Seat>,
}

/// One legal action of the viewer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActionOption {
    /// The record notation: what [`TableSession::act`] takes.
    pub line: String,
    /// The action in words (tokens, see [`troef_core::Game::describe_action`]).
    pub words: String,
    /// The cards this action takes out of a hand (played, discarded, passed), if any.
    pub cards: Vec<Card>,
    /// The first word, grouping options in the panel (`bid`, `pass`, `trump`).
    pub group: String,
}

/// One line of the hand's log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogLine {
    pub seat: Seat,
    pub words: String,
}

/// What is being played for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FactsView {
    pub contract: Option<String>,
    pub declarers: Vec<Seat>,
    pub trump: Option<Suit>,
    pub called: Option<Card>,
}

/// The table as one seat (or a passer-by) may see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableView {
    pub game: GameId,
    pub viewer: Option<Seat>,
    pub seats: Vec<SeatPanel>,
    /// The viewer's own hand, sorted for reading (trumps first, suits alternating colour).
    pub hand: Vec<HandCard>,
    pub trick: TrickView,
    pub last_trick: Option<TrickView>,
    /// The face-down pile (talon, stok): its cards, face up where the viewer has seen them.
    pub talon: Vec<CardFace>,
    pub facts: FactsView,
    /// The viewer's legal actions (empty when it is not the viewer's turn).
    pub options: Vec<ActionOption>,
    pub to_act: Option<Seat>,
    pub tricks_played: u8,
    pub log: Vec<LogLine>,
    /// Every completed trick of the hand, with its winner (public: all saw them played).
    pub tricks: Vec<TrickView>,
    /// The viewer may take back its last card ([`TableSession::undo`]).
    pub undo_available: bool,
    /// The hand number in the match, from 1.
    pub hand_number: u32,
}

impl TableView {
    pub fn seat_name(&self, seat: Seat) -> &str {
        self.seats.get(seat.index()).map_or("?", |panel| panel.name.as_str())
    }
}

/// A finished hand's score, as the rules core computed it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandResult {
    pub hand_number: u32,
    /// The contract type (`9`, `rik`, `made`, `annulled`).
    pub contract_kind: String,
    pub played_out: bool,
    /// Per-seat deltas, seat 0 first ([`troef_core::Game::seat_deltas`]).
    pub deltas: Vec<i64>,
    /// The score breakdown, line by line as the spec computes it.
    pub breakdown: Vec<String>,
    /// The match totals after the hand, by score-sheet key with a readable label.
    pub totals: Vec<ScoreEntry>,
    /// `None` while the match goes on; the summary once it is over.
    pub match_over: Option<String>,
    /// At a networked table: whether the end-of-hand audit verified the deal (every shuffle
    /// re-run, the hand replayed with every card); `None` at a local table.
    pub verified: Option<bool>,
}

/// One score-sheet entry with a readable label.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoreEntry {
    pub key: String,
    pub label: String,
    pub value: i64,
}

/// The match so far.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Scoreboard {
    /// Column keys and labels (teams or seats).
    pub columns: Vec<ScoreEntry>,
    /// Per finished hand: its number, contract kind, and the totals after it (one per column).
    pub rows: Vec<ScoreRow>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoreRow {
    pub hand_number: u32,
    pub contract_kind: String,
    pub totals: Vec<i64>,
}

//! Peer-to-peer tables: the table protocol as a pure, transport-free state machine.
//!
//! Layers, bottom up:
//!
//! * [`wire`] — the genesis every seat signed up for (its hash is the table id) and the log
//!   entries. **Every entry is signed by the device hosting its seat, numbered and hash-chained per
//!   seat, and bound to the table, the hand and the round.**
//! * [`replica`] — one seat's replica: the rules core on that seat's partial knowledge, the seat's
//!   deal protocol session, the match. It validates every action on partial knowledge and every
//!   deal message with the protocol, and replays each hand with full knowledge once it is audited.
//! * [`TableMachine`] (here) — one device's table: the chains of every seat (signatures, numbers,
//!   hashes, equivocation), the replicas of the seats it hosts, the journal that lets it rebuild
//!   its state after a crash ([`TableMachine::restore`]), and the pause: **any fault (a bad
//!   signature, a fork, two entries with one number, an undecodable, oversized, out-of-turn or
//!   illegal message, a deal-protocol or audit fault) names the seat or device and pauses the
//!   table; nothing after it is applied and the saved state stays as it was before the entry.**
//! * `store` — the saved state, written atomically after every step.
//!
//! Rounds: an action entry carries the number of actions the hand had applied before it, a deal
//! entry the number applied when it was made; the log in canonical order is every seat's chain
//! merged by hand, round, seat and number ([`TableMachine::merged_log`]), the same on every honest
//! device. The libp2p driver (`crate::p2p`) only carries bytes between machines.

pub mod local;
pub mod replica;
pub mod store;
pub mod wire;

use crate::session::FaultKind;
use ed25519_dalek::SigningKey;
use replica::{Checkpoint, ReplicaSetup, SeatReplica};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use troef_bots::BotGame;
use troef_core::config::ConfigValues;
use troef_core::game::ScoreSheet;
use troef_core::{with_game, Game, GameId, Seat};
use wire::{Body, Entry, PeerKey, Settlement, SignedGenesis, Unsigned};

/// Entries a device holds for a seat beyond the next one it expects, before it calls it flooding.
const MAX_PENDING: usize = 4096;
const LOG_HASH_LABEL: &[u8] = b"troef/table/v1/log";

/// What went wrong, and who is named.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TableFaultKind {
    /// Bytes that do not decode as an entry.
    Undecodable,
    /// More bytes than a message may have.
    Oversized,
    /// An entry of another table.
    WrongTable,
    /// An entry not signed by the device hosting its seat.
    BadSignature,
    /// An entry whose `prev` is not the hash of the seat's previous entry.
    Forked,
    /// Two different entries with the same seat and number.
    Equivocation,
    /// An action by a seat that is not to act.
    OutOfTurn,
    /// An action the rules refuse, or an entry that makes no sense now.
    Illegal,
    /// An entry of a round or hand that is over.
    Late,
    /// A card said to be shown that is not the card at its position.
    WrongCard,
    /// A deal-protocol fault (a bad proof, a wrong token...).
    Deal(#[serde(with = "fault_kind_name")] FaultKind),
    /// The end-of-hand replay with full knowledge failed (a revoke, a false claim).
    Audit,
    /// Too many entries ahead.
    Flooding,
    /// This device's own state (a bug or a damaged save).
    Local,
}

mod fault_kind_name {
    use crate::session::FaultKind;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    const KINDS: [FaultKind; 16] = [
        FaultKind::Setup,
        FaultKind::Malformed,
        FaultKind::WrongHand,
        FaultKind::OutOfOrder,
        FaultKind::BadKeyProof,
        FaultKind::BadShuffleProof,
        FaultKind::WrongTokens,
        FaultKind::BadToken,
        FaultKind::WrongCard,
        FaultKind::NotHolder,
        FaultKind::BadKeyReveal,
        FaultKind::SeedMismatch,
        FaultKind::ShuffleNotReproduced,
        FaultKind::DeckNotCardSet,
        FaultKind::RuleBroken,
        FaultKind::Flooding,
    ];

    pub fn serialize<S: Serializer>(kind: &FaultKind, serializer: S) -> Result<S::Ok, S::Error> {
        (KINDS.iter().position(|k| k == kind).unwrap_or(0) as u8).serialize(serializer)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<FaultKind, D::Error> {
        let index = u8::deserialize(deserializer)?;
        Ok(KINDS.get(index as usize).copied().unwrap_or(FaultKind::Setup))
    }
}

/// A fault: what, who (a seat, a device), and the evidence in words.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[error("{kind:?} by seat {seat:?} (device {}): {detail}", peer.map(|p| wire::short_hex(&p)).unwrap_or_default())]
pub struct TableFault {
    pub seat: Option<u8>,
    pub peer: Option<PeerKey>,
    pub kind: TableFaultKind,
    pub detail: String,
}

/// One finished hand, as every seat's replica settled it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandSummary {
    pub hand: u64,
    pub match_index: u32,
    pub dealer: u8,
    /// The hand's actions as the record writes them (real cards, after the audit).
    pub lines: Vec<String>,
    pub deltas: Vec<i64>,
    /// The match scores after the hand.
    pub scores: ScoreSheet,
    /// False for a hand settled without a seat lost for good.
    pub audited: bool,
    pub note: Option<String>,
    /// The audited deal (card indices by deck position); empty for an unaudited hand.
    pub deck: Vec<u8>,
}

/// What a table reports to its device's player and screens.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TableEvent {
    HandStarted {
        hand: u64,
        dealer: u8,
    },
    /// Every step so far is settled (after the deal: every hand dealt).
    Settled {
        hand: u64,
        round: u32,
    },
    /// An action applied (face-down cards masked as `#k`); `round` is the actions the hand had
    /// applied before it.
    Applied {
        hand: u64,
        round: u32,
        seat: u8,
        line: String,
        /// The trick this action completed, so that a screen can list every trick even when
        /// several complete before it looks (a sync brings a run of entries at once).
        #[serde(default)]
        trick: Option<CompletedTrick>,
    },
    YourTurn {
        hand: u64,
        seat: u8,
    },
    HandFinished(HandSummary),
    TableOver {
        hands: u32,
    },
    Paused(TableFault),
}

/// A trick an action completed: its cards as this device saw them, and who took it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CompletedTrick {
    pub trick: troef_core::Trick,
    pub winner: Option<Seat>,
}

/// An entry a replica wants sent, before it is numbered and signed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Out {
    pub hand: u64,
    pub round: u32,
    pub body: Body,
}

/// The forfeit rule (documented in `net/SECURITY.md`): a seat lost for good pays each other seat
/// what failing the game's lowest contract would cost it; in Tarneeb its team pays the other team
/// the lowest bid. Returned as per-seat deltas.
pub fn forfeit_deltas(game: GameId, seats: u8, missing: u8) -> Vec<i64> {
    let cost = forfeit_cost(game);
    let mut deltas = vec![0i64; seats as usize];
    if game == GameId::Tarneeb {
        for (seat, delta) in deltas.iter_mut().enumerate() {
            *delta = if seat % 2 == missing as usize % 2 { -cost } else { cost };
        }
        return deltas;
    }
    for (seat, delta) in deltas.iter_mut().enumerate() {
        *delta = if seat == missing as usize { -cost * (i64::from(seats) - 1) } else { cost };
    }
    deltas
}

/// What failing each game's lowest contract costs one opponent (from each spec's scoring table).
pub fn forfeit_cost(game: GameId) -> i64 {
    match game {
        // The lowest bid, 7, lost.
        GameId::Tarneeb => 7,
        // The lowest contract, 100, lost.
        GameId::Tysiacha => 100,
        // Rik one trick short: 5 × (8 − 7).
        GameId::Rikken => 5,
        // The lowest points game lost: the game value of 10 per opponent.
        GameId::Tachtigen => 10,
        GameId::Tachentige => 10,
    }
}

/// The scores with per-seat deltas added (per-seat keys, or Tarneeb's team keys `A` and `B`).
pub(crate) fn apply_deltas<G: Game>(config: &G::Config, scores: &G::Scores, deltas: &[i64]) -> G::Scores {
    let mut sheet = G::scores_to_sheet(config, scores);
    for (seat, delta) in deltas.iter().enumerate() {
        let name = G::SEAT_NAMES.name(Seat(seat as u8)).to_string();
        if let Some(value) = sheet.get_mut(&name) {
            *value += delta;
        }
    }
    for (team, key) in ["A", "B"].iter().enumerate() {
        if let (Some(value), Some(delta)) = (sheet.get_mut(*key), deltas.get(team)) {
            *value += delta;
        }
    }
    G::scores_from_sheet(config, &sheet).unwrap_or_else(|_| scores.clone())
}

/// A replica of any game (the machine is game-erased).
pub trait Replica: Send + std::fmt::Debug {
    fn seat(&self) -> Seat;
    fn hand_number(&self) -> u64;
    fn round(&self) -> u32;
    fn is_over(&self) -> bool;
    fn begin(&mut self) -> Result<Vec<Out>, TableFault>;
    fn deliver(&mut self, seat: Seat, hand: u64, round: u32, body: &Body) -> Result<Option<Vec<Out>>, TableFault>;
    fn act(&mut self, line: &str) -> Result<Vec<Out>, String>;
    fn abandon(&mut self, missing: u8, settlement: Settlement) -> Result<Vec<Out>, TableFault>;
    fn legal_lines(&self) -> Vec<String>;
    fn take_events(&mut self) -> Vec<TableEvent>;
    fn checkpoint(&self) -> Checkpoint;
    fn restore(&mut self, checkpoint: &Checkpoint) -> Result<(), String>;
    fn summaries(&self) -> &[HandSummary];
    fn scores(&self) -> ScoreSheet;
    fn is_bot(&self) -> bool;
    fn describe(&self) -> String;
    /// The seat's view of the current hand ([`replica::SeatReplica::seat_view`]), game-erased:
    /// a `troef_core::SeatView<G>` of the table's game, for a screen to downcast.
    fn seat_view(&self) -> Option<SeatViewSnapshot>;
}

/// One hosted seat's view of its hand at one moment, game-erased (a `SeatView<G>` of the table's
/// game behind `Any`): built only from that seat's partial hand, so it holds no card the seat has
/// not seen. Screens downcast it with the game they know from the genesis.
#[derive(Clone)]
pub struct SeatViewSnapshot {
    pub seat: u8,
    pub hand: u64,
    /// The actions the hand had applied when the view was taken.
    pub round: u32,
    pub view: std::sync::Arc<dyn std::any::Any + Send + Sync>,
}

impl std::fmt::Debug for SeatViewSnapshot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SeatViewSnapshot")
            .field("seat", &self.seat)
            .field("hand", &self.hand)
            .field("round", &self.round)
            .finish_non_exhaustive()
    }
}

impl<G: BotGame + Send + Sync> Replica for (SeatReplica<G>, bool)
where
    G::Config: Send,
    G::Scores: Send,
    troef_core::SeatView<G>: Send + Sync + 'static,
{
    fn seat(&self) -> Seat {
        self.0.seat()
    }
    fn hand_number(&self) -> u64 {
        self.0.hand_number()
    }
    fn round(&self) -> u32 {
        self.0.round()
    }
    fn is_over(&self) -> bool {
        self.0.is_over()
    }
    fn begin(&mut self) -> Result<Vec<Out>, TableFault> {
        self.0.begin()
    }
    fn deliver(&mut self, seat: Seat, hand: u64, round: u32, body: &Body) -> Result<Option<Vec<Out>>, TableFault> {
        self.0.deliver(seat, hand, round, body)
    }
    fn act(&mut self, line: &str) -> Result<Vec<Out>, String> {
        self.0.act(line)
    }
    fn abandon(&mut self, missing: u8, settlement: Settlement) -> Result<Vec<Out>, TableFault> {
        self.0.abandon(missing, settlement)
    }
    fn legal_lines(&self) -> Vec<String> {
        self.0.legal_lines()
    }
    fn take_events(&mut self) -> Vec<TableEvent> {
        self.0.take_events()
    }
    fn checkpoint(&self) -> Checkpoint {
        self.0.checkpoint()
    }
    fn restore(&mut self, checkpoint: &Checkpoint) -> Result<(), String> {
        self.0.restore(checkpoint)
    }
    fn summaries(&self) -> &[HandSummary] {
        self.0.summaries()
    }
    fn scores(&self) -> ScoreSheet {
        self.0.scores()
    }
    fn is_bot(&self) -> bool {
        self.1
    }
    fn describe(&self) -> String {
        self.0.describe()
    }
    fn seat_view(&self) -> Option<SeatViewSnapshot> {
        let view = self.0.seat_view()?;
        Some(SeatViewSnapshot {
            seat: self.0.seat().0,
            hand: self.0.hand_number(),
            round: self.0.round(),
            view: std::sync::Arc::new(view),
        })
    }
}

/// The replica of `seat` for the table's game.
pub fn new_replica(genesis: &wire::Genesis, setup: ReplicaSetup) -> Result<Box<dyn Replica>, String> {
    let game = GameId::parse(&genesis.game).map_err(|error| error.to_string())?;
    let bot = setup.bot.is_some();
    with_game!(game, G => {
        let replica = SeatReplica::<G>::new(setup)?;
        Ok(Box::new((replica, bot)) as Box<dyn Replica>)
    })
}

/// Validates a genesis' game and config with the rules core; returns the values and seat count.
pub fn check_genesis(genesis: &wire::Genesis) -> Result<(ConfigValues, u8), String> {
    let game = GameId::parse(&genesis.game).map_err(|error| error.to_string())?;
    with_game!(game, G => {
        let values = ConfigValues::validate(G::config_keys(), genesis.config.iter().map(|(k, v)| (k.as_str(), v.as_str())))
            .map_err(|error| error.to_string())?;
        G::check_config(&values).map_err(|error| error.to_string())?;
        let config = G::config(&values);
        if let Some(reason) = G::needs_full_knowledge(&config) {
            return Err(format!("{} at a table of peers: {reason}", G::ID.name()));
        }
        let seats = G::seat_count(&config);
        if seats as usize != genesis.seats.len() {
            return Err(format!("{} needs {seats} seats, the table has {}", G::ID.name(), genesis.seats.len()));
        }
        Ok((values, seats))
    })
}

/// One seat's chain as this device holds it.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Chain {
    /// The number of `entries[0]` (older entries are dropped once two hands old).
    pub base: u64,
    pub entries: Vec<Entry>,
    pub head: [u8; 32],
    #[serde(skip)]
    pending: BTreeMap<u64, Entry>,
}

impl Chain {
    /// The number the seat's next entry must have.
    pub fn next(&self) -> u64 {
        self.base + self.entries.len() as u64
    }

    fn get(&self, seq: u64) -> Option<&Entry> {
        seq.checked_sub(self.base).and_then(|index| self.entries.get(index as usize))
    }
}

/// What a replica did since its checkpoint, in order: enough to rebuild it exactly.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum JournalItem {
    /// Took entry `seq` of `seat`.
    Took {
        seat: u8,
        seq: u64,
    },
    /// The person's action.
    Acted {
        line: String,
    },
    Abandoned {
        missing: u8,
        settlement: Settlement,
    },
}

/// A hosted seat's saved progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HostedState {
    pub seat: u8,
    pub checkpoint: Checkpoint,
    pub journal: Vec<JournalItem>,
}

/// One device's table: every seat's chain, the replicas of the seats it hosts, the pause.
pub struct TableMachine {
    genesis: SignedGenesis,
    table_id: [u8; 32],
    key: SigningKey,
    me: PeerKey,
    replicas: Vec<Box<dyn Replica>>,
    hosted: Vec<HostedState>,
    /// Per replica, per seat: the number of the next entry it takes.
    cursors: Vec<Vec<u64>>,
    chains: Vec<Chain>,
    paused: Option<TableFault>,
    outbox: Vec<Entry>,
    events: Vec<TableEvent>,
}

impl std::fmt::Debug for TableMachine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TableMachine")
            .field("table", &wire::short_hex(&self.table_id))
            .field("hosted", &self.replicas)
            .field("paused", &self.paused)
            .finish_non_exhaustive()
    }
}

/// The saved form of a table machine.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SavedTable {
    pub genesis: SignedGenesis,
    pub hosted: Vec<HostedState>,
    pub chains: Vec<Chain>,
}

impl TableMachine {
    /// A table as its genesis says, hosting the seats whose host is `key`. `secret` seeds this
    /// device's per-hand keys and shuffles.
    pub fn new(genesis: SignedGenesis, key: SigningKey, secret: [u8; 32]) -> Result<TableMachine, String> {
        genesis.verify()?;
        let (values, seats) = check_genesis(&genesis.genesis)?;
        let table_id = genesis.genesis.table_id();
        let me = key.verifying_key().to_bytes();
        let mut replicas = Vec::new();
        for (seat, info) in genesis.genesis.seats.iter().enumerate() {
            if info.host != me {
                continue;
            }
            let setup = ReplicaSetup {
                table_id,
                values: values.clone(),
                me: Seat(seat as u8),
                bot: info.bot.clone(),
                hands: genesis.genesis.hands,
                seed: genesis.genesis.seed,
                secret,
            };
            replicas.push(new_replica(&genesis.genesis, setup)?);
        }
        if replicas.is_empty() {
            return Err("this device hosts no seat at the table".into());
        }
        let hosted = replicas
            .iter()
            .map(|replica| HostedState {
                seat: replica.seat().0,
                checkpoint: replica.checkpoint(),
                journal: Vec::new(),
            })
            .collect();
        Ok(TableMachine {
            cursors: vec![vec![0; seats as usize]; replicas.len()],
            chains: vec![Chain::default(); seats as usize],
            genesis,
            table_id,
            key,
            me,
            replicas,
            hosted,
            paused: None,
            outbox: Vec::new(),
            events: Vec::new(),
        })
    }

    /// Starts the first hand (keys out).
    pub fn start(&mut self) -> Result<(), TableFault> {
        for index in 0..self.replicas.len() {
            let outs = self.replicas[index].begin();
            self.after(index, outs.map(Some), None)?;
        }
        self.pump()
    }

    pub fn table_id(&self) -> [u8; 32] {
        self.table_id
    }

    /// Every hosted replica's state in words, and the heads, for debugging.
    pub fn describe(&self) -> String {
        let replicas: Vec<String> = self.replicas.iter().map(|replica| replica.describe()).collect();
        let cursors = &self.cursors;
        let chains: Vec<String> = self
            .chains
            .iter()
            .map(|chain| {
                chain
                    .entries
                    .iter()
                    .rev()
                    .take(14)
                    .rev()
                    .map(|e| {
                        let kind = match &e.unsigned.body {
                            Body::Deal(m) => format!("{:?}{}", m.body.kind(), m.seq),
                            Body::Action(a) => format!("A:{}", a.line),
                            Body::Answer { opened } => format!("Ans{opened:?}"),
                            Body::Abandon { .. } => "Ab".into(),
                        };
                        format!("{}:{}/{}/{}", e.unsigned.seq, e.unsigned.hand, e.unsigned.round, kind)
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        format!(
            "heads {:?} cursors {cursors:?} paused {:?} | {} || {}",
            self.heads(),
            self.paused,
            replicas.join(" | "),
            chains.join(" || ")
        )
    }

    /// This device's identity.
    pub fn me(&self) -> PeerKey {
        self.me
    }

    pub fn genesis(&self) -> &SignedGenesis {
        &self.genesis
    }

    pub fn paused(&self) -> Option<&TableFault> {
        self.paused.as_ref()
    }

    pub fn is_over(&self) -> bool {
        self.replicas.iter().all(|replica| replica.is_over())
    }

    /// The summaries of the finished hands (the first hosted seat's; every replica agrees).
    pub fn summaries(&self) -> &[HandSummary] {
        self.replicas.first().map(|replica| replica.summaries()).unwrap_or(&[])
    }

    pub fn scores(&self) -> ScoreSheet {
        self.replicas.first().map(|replica| replica.scores()).unwrap_or_default()
    }

    /// The hand the first hosted seat is in.
    pub fn hand_number(&self) -> u64 {
        self.replicas.first().map_or(0, |replica| replica.hand_number())
    }

    /// The views of the seats a person plays on this device (not its bots), where settled.
    pub fn person_views(&self) -> Vec<SeatViewSnapshot> {
        self.replicas.iter().filter(|replica| !replica.is_bot()).filter_map(|replica| replica.seat_view()).collect()
    }

    pub fn hosted_seats(&self) -> Vec<u8> {
        self.replicas.iter().map(|replica| replica.seat().0).collect()
    }

    /// Entries to broadcast to every other device of the table.
    pub fn take_outbox(&mut self) -> Vec<Entry> {
        std::mem::take(&mut self.outbox)
    }

    pub fn take_events(&mut self) -> Vec<TableEvent> {
        std::mem::take(&mut self.events)
    }

    /// The next number this device expects of each seat (what a sync request sends).
    pub fn heads(&self) -> Vec<u64> {
        self.chains.iter().map(Chain::next).collect()
    }

    /// The entries this device holds past `next` (per seat), at most `limit` of them.
    pub fn entries_after(&self, next: &[u64], limit: usize) -> Vec<Entry> {
        let mut out = Vec::new();
        for (seat, chain) in self.chains.iter().enumerate() {
            let from = next.get(seat).copied().unwrap_or(0).max(chain.base);
            let mut seq = from;
            while let Some(entry) = chain.get(seq) {
                if out.len() >= limit {
                    return out;
                }
                out.push(entry.clone());
                seq += 1;
            }
        }
        out
    }

    /// The log hash: every seat's chain head, so equal hashes mean equal logs.
    pub fn log_hash(&self) -> [u8; 32] {
        let heads: Vec<&[u8]> = self.chains.iter().map(|chain| chain.head.as_slice()).collect();
        let mut parts: Vec<&[u8]> = vec![&self.table_id];
        parts.extend(heads);
        wire::hash(LOG_HASH_LABEL, &parts)
    }

    /// The held entries in canonical order: by hand, round, seat and number.
    pub fn merged_log(&self) -> Vec<&Entry> {
        let mut all: Vec<&Entry> = self.chains.iter().flat_map(|chain| chain.entries.iter()).collect();
        all.sort_by_key(|entry| {
            let u = &entry.unsigned;
            (u.hand, u.round, u.seat, u.seq)
        });
        all
    }

    /// The legal actions of a person's hosted seat, when it is to act.
    pub fn legal_lines(&self) -> Vec<(u8, Vec<String>)> {
        self.replicas
            .iter()
            .filter(|replica| !replica.is_bot())
            .map(|replica| (replica.seat().0, replica.legal_lines()))
            .filter(|(_, lines)| !lines.is_empty())
            .collect()
    }

    fn pause(&mut self, fault: TableFault) -> TableFault {
        if self.paused.is_none() {
            self.paused = Some(fault.clone());
            self.events.push(TableEvent::Paused(fault.clone()));
        }
        fault
    }

    /// Takes bytes from the device `from`. A fault names the seat and device and pauses.
    pub fn receive(&mut self, from: PeerKey, bytes: &[u8]) -> Result<(), TableFault> {
        if let Some(fault) = &self.paused {
            return Err(fault.clone());
        }
        let named = |kind, detail: String| TableFault { seat: None, peer: Some(from), kind, detail };
        if bytes.len() > wire::MAX_ENTRY_BYTES {
            let fault = named(TableFaultKind::Oversized, format!("{} bytes", bytes.len()));
            return Err(self.pause(fault));
        }
        let entry = match Entry::from_bytes(bytes) {
            Ok(entry) => entry,
            Err(error) => return Err(self.pause(named(TableFaultKind::Undecodable, error))),
        };
        self.take_entry(from, entry)
    }

    /// Takes a decoded entry (from the network or a sync).
    pub fn take_entry(&mut self, from: PeerKey, entry: Entry) -> Result<(), TableFault> {
        if let Some(fault) = &self.paused {
            return Err(fault.clone());
        }
        let seat = entry.unsigned.seat;
        let named = |kind, detail: String| TableFault { seat: Some(seat), peer: Some(from), kind, detail };
        if entry.unsigned.table_id != self.table_id {
            return Err(self.pause(named(TableFaultKind::WrongTable, "an entry of another table".into())));
        }
        let Some(info) = self.genesis.genesis.seats.get(seat as usize) else {
            return Err(self.pause(named(TableFaultKind::Illegal, format!("an entry from seat {seat}"))));
        };
        let host = info.host;
        if !entry.verify(&host) {
            return Err(self.pause(named(TableFaultKind::BadSignature, "not signed by the seat's device".into())));
        }
        let seq = entry.unsigned.seq;
        let by_seat = |kind, detail: String| TableFault { seat: Some(seat), peer: Some(host), kind, detail };
        let chain = &mut self.chains[seat as usize];
        if seq < chain.next() {
            match chain.get(seq) {
                Some(held) if *held == entry => return Ok(()),
                Some(_) => {
                    let fault = by_seat(TableFaultKind::Equivocation, format!("two different entries numbered {seq}"));
                    return Err(self.pause(fault));
                }
                None => return Ok(()),
            }
        }
        match chain.pending.get(&seq) {
            Some(held) if *held == entry => return Ok(()),
            Some(_) => {
                let fault = by_seat(TableFaultKind::Equivocation, format!("two different entries numbered {seq}"));
                return Err(self.pause(fault));
            }
            None => {}
        }
        if chain.pending.len() >= MAX_PENDING {
            return Err(self.pause(by_seat(TableFaultKind::Flooding, "too many entries ahead".into())));
        }
        chain.pending.insert(seq, entry);
        self.accept_pending(seat as usize)?;
        self.pump()
    }

    /// Moves a seat's pending entries into its chain while they follow on.
    fn accept_pending(&mut self, seat: usize) -> Result<(), TableFault> {
        let host = self.genesis.genesis.seats[seat].host;
        loop {
            let chain = &mut self.chains[seat];
            let next = chain.next();
            let Some(entry) = chain.pending.remove(&next) else { return Ok(()) };
            if entry.unsigned.prev != chain.head {
                let fault = TableFault {
                    seat: Some(seat as u8),
                    peer: Some(host),
                    kind: TableFaultKind::Forked,
                    detail: format!("entry {next} does not follow the seat's entry {}", next.saturating_sub(1)),
                };
                return Err(self.pause(fault));
            }
            chain.head = entry.hash();
            chain.entries.push(entry);
        }
    }

    /// Delivers chain entries to the hosted replicas until none can take more.
    fn pump(&mut self) -> Result<(), TableFault> {
        loop {
            let mut progressed = false;
            for index in 0..self.replicas.len() {
                let own = self.replicas[index].seat().0 as usize;
                for seat in 0..self.chains.len() {
                    if seat == own {
                        continue;
                    }
                    loop {
                        if self.paused.is_some() {
                            return Err(self.paused.clone().unwrap_or_else(|| local("paused")));
                        }
                        let seq = self.cursors[index][seat];
                        let Some(entry) = self.chains[seat].get(seq) else { break };
                        let u = entry.unsigned.clone();
                        let result = self.replicas[index].deliver(Seat(seat as u8), u.hand, u.round, &u.body);
                        match result {
                            Ok(None) => break,
                            Ok(Some(outs)) => {
                                self.cursors[index][seat] += 1;
                                self.after(index, Ok(Some(outs)), Some(JournalItem::Took { seat: seat as u8, seq }))?;
                                progressed = true;
                            }
                            Err(mut fault) => {
                                if fault.seat.is_some_and(|s| s as usize == seat) || fault.seat.is_none() {
                                    fault.seat = fault.seat.or(Some(seat as u8));
                                }
                                fault.peer =
                                    fault.seat.and_then(|s| self.genesis.genesis.seats.get(s as usize)).map(|i| i.host);
                                return Err(self.pause(fault));
                            }
                        }
                    }
                }
            }
            if !progressed {
                return Ok(());
            }
        }
    }

    /// Books a replica's step: its journal (or a new checkpoint when it moved to another hand),
    /// its outgoing entries signed into its chain, its events.
    fn after(
        &mut self,
        index: usize,
        outs: Result<Option<Vec<Out>>, TableFault>,
        item: Option<JournalItem>,
    ) -> Result<(), TableFault> {
        let outs = match outs {
            Ok(outs) => outs.unwrap_or_default(),
            Err(fault) => return Err(self.pause(fault)),
        };
        let hand = self.replicas[index].hand_number();
        if hand != self.hosted[index].checkpoint.hand_number || self.replicas[index].is_over() {
            // The replica finished a hand (and began the next, or ended): the new start point.
            self.hosted[index].checkpoint = self.replicas[index].checkpoint();
            self.hosted[index].journal.clear();
        } else if let Some(item) = item {
            self.hosted[index].journal.push(item);
        }
        let seat = self.replicas[index].seat().0;
        for out in outs {
            self.append_own(seat, out)?;
        }
        let primary = index == 0;
        for event in self.replicas[index].take_events() {
            let keep = primary || matches!(event, TableEvent::YourTurn { .. });
            if keep {
                self.events.push(event);
            }
        }
        Ok(())
    }

    /// Numbers, chains and signs one of this device's entries (or, while rebuilding, checks it
    /// against the entry already sent).
    fn append_own(&mut self, seat: u8, out: Out) -> Result<(), TableFault> {
        let chain = &mut self.chains[seat as usize];
        let seq = chain.next();
        let unsigned = Unsigned {
            table_id: self.table_id,
            seat,
            seq,
            prev: chain.head,
            hand: out.hand,
            round: out.round,
            body: out.body,
        };
        // While rebuilding, an entry already sent is taken as it was sent.
        if let Some(pending) = chain.pending.remove(&seq) {
            if pending.unsigned != unsigned {
                let detail = format!(
                    "rebuilt entry {seq} of seat {seat} differs from the one sent (hand {} round {} / hand {} round {}, same body: {})",
                    unsigned.hand,
                    unsigned.round,
                    pending.unsigned.hand,
                    pending.unsigned.round,
                    unsigned.body == pending.unsigned.body
                );
                return Err(self.pause(local(detail)));
            }
            chain.head = pending.hash();
            chain.entries.push(pending);
            return Ok(());
        }
        let entry = Entry::sign(unsigned, &self.key);
        chain.head = entry.hash();
        chain.entries.push(entry.clone());
        self.outbox.push(entry);
        Ok(())
    }

    /// A person's action for the hosted seat `seat`.
    pub fn act(&mut self, seat: u8, line: &str) -> Result<(), String> {
        if let Some(fault) = &self.paused {
            return Err(format!("the table is paused: {fault}"));
        }
        let index =
            self.replicas.iter().position(|r| r.seat().0 == seat && !r.is_bot()).ok_or("not a seat of this device")?;
        let outs = self.replicas[index].act(line)?;
        self.after(index, Ok(Some(outs)), Some(JournalItem::Acted { line: line.to_string() }))
            .map_err(|f| f.to_string())?;
        self.pump().map_err(|fault| fault.to_string())
    }

    /// Asks, for every hosted seat, to settle the hand without `missing`.
    pub fn abandon(&mut self, missing: u8, settlement: Settlement) -> Result<(), TableFault> {
        for index in 0..self.replicas.len() {
            if self.replicas[index].seat().0 == missing {
                continue;
            }
            let outs = self.replicas[index].abandon(missing, settlement);
            self.after(index, outs.map(Some), Some(JournalItem::Abandoned { missing, settlement }))?;
        }
        self.pump()
    }

    /// The saved form.
    pub fn save(&self) -> SavedTable {
        SavedTable { genesis: self.genesis.clone(), hosted: self.hosted.clone(), chains: self.chains.clone() }
    }

    /// Rebuilds a machine from its saved form: every hosted replica from its checkpoint, replaying
    /// its journal; its own entries come out again exactly as they were sent.
    pub fn restore(saved: SavedTable, key: SigningKey, secret: [u8; 32]) -> Result<TableMachine, String> {
        let mut machine = TableMachine::new(saved.genesis, key, secret)?;
        if saved.chains.len() != machine.chains.len() || saved.hosted.len() != machine.replicas.len() {
            return Err("the saved table does not match its genesis".into());
        }
        // Other seats' chains are taken as saved; own chains are rebuilt entry by entry against
        // the saved entries.
        let own: Vec<u8> = machine.hosted_seats();
        for (seat, chain) in saved.chains.into_iter().enumerate() {
            if own.contains(&(seat as u8)) {
                // Entries of hands before the replica's checkpoint stay; the rest are rebuilt.
                let from_hand = saved
                    .hosted
                    .iter()
                    .find(|hosted| hosted.seat as usize == seat)
                    .map_or(0, |hosted| hosted.checkpoint.hand_number);
                let (kept, rebuilt): (Vec<Entry>, Vec<Entry>) =
                    chain.entries.into_iter().partition(|e| e.unsigned.hand < from_hand);
                let head = kept.last().map(Entry::hash).or_else(|| rebuilt.first().map(|e| e.unsigned.prev));
                machine.chains[seat] = Chain {
                    base: chain.base,
                    entries: kept,
                    head: head.unwrap_or(chain.head),
                    pending: rebuilt.into_iter().map(|e| (e.unsigned.seq, e)).collect(),
                };
            } else {
                machine.chains[seat] = chain;
            }
        }
        for (index, hosted) in saved.hosted.into_iter().enumerate() {
            machine.replicas[index].restore(&hosted.checkpoint)?;
            machine.hosted[index] = HostedState { journal: Vec::new(), ..hosted.clone() };
            // Cursors: the first entry of each seat in the replica's hand.
            for seat in 0..machine.chains.len() {
                let chain = &machine.chains[seat];
                let first = chain
                    .entries
                    .iter()
                    .find(|entry| entry.unsigned.hand >= hosted.checkpoint.hand_number)
                    .map_or(chain.next(), |entry| entry.unsigned.seq);
                machine.cursors[index][seat] = first;
            }
            let outs = machine.replicas[index].begin();
            machine.after(index, outs.map(Some), None).map_err(|f| f.to_string())?;
            for item in &hosted.journal {
                let outs = match item {
                    JournalItem::Took { seat, seq } => {
                        let entry = machine
                            .chains
                            .get(*seat as usize)
                            .and_then(|chain| chain.get(*seq).or_else(|| chain.pending.get(seq)))
                            .cloned()
                            .ok_or("the journal names an entry the save does not hold")?;
                        machine.cursors[index][*seat as usize] = seq + 1;
                        let u = entry.unsigned;
                        machine.replicas[index]
                            .deliver(Seat(*seat), u.hand, u.round, &u.body)
                            .map(|o| o.or(Some(Vec::new())))
                    }
                    JournalItem::Acted { line } => machine.replicas[index].act(line).map(Some).map_err(local),
                    JournalItem::Abandoned { missing, settlement } => {
                        machine.replicas[index].abandon(*missing, *settlement).map(Some)
                    }
                };
                machine.after(index, outs, Some(item.clone())).map_err(|f| f.to_string())?;
            }
        }
        // Own entries saved but not rebuilt (none, when the save was consistent) stay as sent.
        for seat in own {
            let chain = &mut machine.chains[seat as usize];
            let rest: Vec<Entry> = std::mem::take(&mut chain.pending).into_values().collect();
            for entry in rest {
                if entry.unsigned.seq == chain.next() && entry.unsigned.prev == chain.head {
                    chain.head = entry.hash();
                    chain.entries.push(entry);
                }
            }
        }
        machine.outbox.clear();
        machine.events.clear();
        machine.pump().map_err(|fault| fault.to_string())?;
        Ok(machine)
    }

    /// Test hook for the fault harness: a bad message of `kind` from this device's first seat,
    /// placed where its next entry would go (`undecodable`, `oversized`, `mis-signed`, `forked`,
    /// `equivocation`, `illegal`, `replayed-deal`). Never used by an honest device.
    #[doc(hidden)]
    pub fn forge(&self, kind: &str) -> Option<Vec<u8>> {
        let replica = self.replicas.first()?;
        let seat = replica.seat().0;
        let chain = &self.chains[seat as usize];
        let last = chain.entries.last()?;
        let next = Unsigned {
            table_id: self.table_id,
            seat,
            seq: chain.next(),
            prev: chain.head,
            hand: replica.hand_number(),
            round: replica.round(),
            body: Body::Action(wire::WireAction {
                line: "play ZZ".into(),
                shown: vec![],
                face_down: vec![],
                remixed: false,
            }),
        };
        let bytes = match kind {
            "undecodable" => vec![0xff; 64],
            "oversized" => vec![0; wire::MAX_ENTRY_BYTES + 1],
            "mis-signed" => {
                let mut entry = Entry::sign(next, &self.key);
                entry.signature[5] ^= 0x20;
                entry.to_bytes()
            }
            "forked" => Entry::sign(Unsigned { prev: [7; 32], ..next }, &self.key).to_bytes(),
            "equivocation" => {
                let other = Unsigned { round: last.unsigned.round.wrapping_add(1000), ..last.unsigned.clone() };
                Entry::sign(other, &self.key).to_bytes()
            }
            "illegal" => Entry::sign(next, &self.key).to_bytes(),
            "replayed-deal" => {
                let deal = chain.entries.iter().rev().find(|e| matches!(e.unsigned.body, Body::Deal(_)))?;
                Entry::sign(Unsigned { body: deal.unsigned.body.clone(), ..next }, &self.key).to_bytes()
            }
            _ => return None,
        };
        Some(bytes)
    }

    /// Drops entries two hands old (every hosted replica is past them).
    pub fn prune(&mut self) {
        let oldest = self.replicas.iter().map(|replica| replica.hand_number()).min().unwrap_or(0);
        for (seat, chain) in self.chains.iter_mut().enumerate() {
            let keep_from = chain.entries.iter().position(|entry| entry.unsigned.hand + 1 >= oldest);
            let drop = keep_from.unwrap_or(chain.entries.len());
            if drop > 0 {
                chain.entries.drain(..drop);
                chain.base += drop as u64;
            }
            for cursor in &mut self.cursors {
                cursor[seat] = cursor[seat].max(chain.base);
            }
        }
    }
}

fn local(detail: impl Into<String>) -> TableFault {
    TableFault { seat: None, peer: None, kind: TableFaultKind::Local, detail: detail.into() }
}

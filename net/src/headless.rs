//! A headless table device: the loop that `troef peer` and the app's headless peer share. It
//! starts a node, opens or joins a table by name (or resumes the saved one), follows the table to
//! its end and prints one line per event worth a line (`hand N deltas [..] scores ..`, `paused:
//! ..`, `waiting for seat ..`), then the summary. The LAN harness (`tests/lan/run.sh`) reads these
//! lines, so both peers print them alike.
//!
//! Who plays this device's own seat is the caller's choice: the node's bot (`own_bot`, what
//! `troef peer` does), or a [`SeatPlayer`] that sees every node event and sends the seat's
//! actions itself (the app's headless peer, through its networked table session).

use crate::p2p::{peer_key_from_id, spawn, Client, Command, NodeConfig, NodeEvent, OpenTable};
use crate::table::wire::short_hex;
use crate::table::TableEvent;
use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};
use troef_core::game::ScoreSheet;

/// How many times in all a fault test's bad message is sent, a second apart.
const INJECT_REPEATS: u32 = 8;

/// How a headless peer runs.
#[derive(Clone, Debug)]
pub struct PeerOptions {
    pub name: String,
    /// Open a table of this game...
    pub open: Option<String>,
    /// ...or join the table of this name.
    pub join: Option<String>,
    /// The name of the table opened (default: the game's name).
    pub table: Option<String>,
    /// `KEY=VALUE` variant settings of the table opened.
    pub variants: Vec<String>,
    /// Seats of the opened table filled with bots hosted here.
    pub bots: u8,
    /// The kind of the hosted bots.
    pub bot: String,
    /// The node's bot that plays this device's own seat; `None` when a [`SeatPlayer`] plays it.
    pub own_bot: Option<String>,
    /// The seat to ask for when joining.
    pub seat: Option<u8>,
    pub hands: u32,
    pub seed: u64,
    pub data: PathBuf,
    /// Deal and action timings (for `troef lan-report`).
    pub timings: Option<PathBuf>,
    /// Fault tests: a bad message of this kind after `inject_at` actions of the first hand.
    pub inject: Option<String>,
    pub inject_at: u32,
    /// Fault tests: duplicated, reordered and replayed entries.
    pub chaos: bool,
    /// Seconds before giving up.
    pub timeout: u64,
    pub listen: String,
}

/// How a headless peer ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PeerSummary {
    pub hands: u32,
    /// The match scores after the last hand (`key:value,...`).
    pub scores: String,
    pub log_hash: [u8; 32],
}

impl PeerSummary {
    /// The summary line the LAN harness compares across peers.
    pub fn line(&self, name: &str) -> String {
        format!("{name}: hands={} scores={} log={}", self.hands, self.scores, hex(&self.log_hash))
    }
}

/// Why a headless peer stopped early: its exit status and one line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PeerFailure {
    pub code: u8,
    pub message: String,
}

impl PeerFailure {
    fn input(message: impl Into<String>) -> PeerFailure {
        PeerFailure { code: 2, message: message.into() }
    }
}

/// Plays this device's own seat from the node's events.
pub trait SeatPlayer {
    /// Sees every node event before the loop reports it; sends the seat's actions with `client`.
    /// An error stops the peer.
    fn on_event(&mut self, client: &Client, event: &NodeEvent) -> Result<(), String>;
}

/// The seat is played by the node's own bot: nothing to do here.
#[derive(Debug, Default)]
pub struct NodeBot;

impl SeatPlayer for NodeBot {
    fn on_event(&mut self, _: &Client, _: &NodeEvent) -> Result<(), String> {
        Ok(())
    }
}

/// How the loop ended: the summary, or a pause (exit status 3, the fault printed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PeerEnd {
    Done(PeerSummary),
    Paused,
}

fn now_ns() -> u128 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_nanos())
}

/// Runs a headless peer on the current tokio runtime until its table is over (and a moment
/// more, so the others get its last entries), it pauses, or the timeout passes. `print` gets one
/// line per reported event.
pub async fn run_peer(
    options: &PeerOptions,
    player: &mut dyn SeatPlayer,
    print: &mut dyn FnMut(&str),
) -> Result<PeerEnd, PeerFailure> {
    if options.open.is_some() == options.join.is_some() {
        return Err(PeerFailure::input("give one of --open GAME or --join TABLE_NAME"));
    }
    let listen = options.listen.parse().map_err(|_| PeerFailure::input(format!("bad address {}", options.listen)))?;
    let config = NodeConfig {
        data_dir: options.data.clone(),
        name: options.name.clone(),
        listen: vec![listen],
        mdns: true,
        chaos: options.chaos,
    };
    let (client, mut events) = spawn(config).map_err(PeerFailure::input)?;
    let device = peer_key_from_id(&client.peer_id).map(|key| short_hex(&key)).unwrap_or_default();
    print(&format!("{}: device {device} ({})", options.name, client.peer_id));
    let mut timings = match &options.timings {
        Some(path) => Some(std::fs::File::create(path).map_err(|error| PeerFailure::input(error.to_string()))?),
        None => None,
    };
    let table_name =
        options.table.clone().unwrap_or_else(|| options.open.clone().or(options.join.clone()).unwrap_or_default());
    // A saved table resumes on its own (the node reports it before anything else); a new one is
    // opened or joined.
    let mut early = Vec::new();
    while let Ok(event) = events.try_recv() {
        early.push(event);
    }
    let resumed = early.iter().any(|event| matches!(event, NodeEvent::TableStarted { resumed: true, .. }));
    // A peer stopped after its table ended (killed at the last card) and started again for the
    // same table reports that table, staying the usual moment for peers still behind it.
    let over = early
        .iter()
        .any(|event| matches!(event, NodeEvent::SavedTableOver { table_name: saved, .. } if *saved == table_name));
    if resumed {
        print(&format!("{}: resumed the saved table", options.name));
    } else if over {
        print(&format!("{}: the saved table {table_name} is over", options.name));
    } else if let Some(game) = &options.open {
        let settings = options
            .variants
            .iter()
            .map(|setting| setting.split_once('=').map(|(k, v)| (k.to_string(), v.to_string())))
            .collect::<Option<Vec<_>>>()
            .ok_or_else(|| PeerFailure::input("a variant is KEY=VALUE"))?;
        client.send(Command::Open(OpenTable {
            table_name: table_name.clone(),
            game: game.clone(),
            settings,
            bots: options.bots,
            bot_kind: options.bot.clone(),
            own_bot: options.own_bot.clone(),
            hands: options.hands,
            seed: options.seed,
        }));
    } else {
        client.send(Command::Join {
            table_name: table_name.clone(),
            seat: options.seat,
            own_bot: options.own_bot.clone(),
        });
    }
    let deadline = Instant::now() + Duration::from_secs(options.timeout);
    let mut hands = 0u32;
    let mut scores = String::new();
    let mut hand_started: Option<(u64, Instant)> = None;
    // When the bad message went out, and how often since: it is sent again every second a few
    // times, since a device that had not started the table (or whose link was down) when it
    // came drops it, and nothing brings a message that no chain holds again.
    let mut injected: Option<(Instant, u32)> = None;
    let mut applied_in_first_hand = 0u32;
    let mut done_at: Option<(Instant, [u8; 32])> = None;
    let mut paused_at: Option<Instant> = None;
    let mut early = early.into_iter();
    loop {
        if paused_at.is_some_and(|at| at.elapsed() > Duration::from_secs(5)) {
            client.send(Command::Shutdown);
            return Ok(PeerEnd::Paused);
        }
        if let Some((at, log_hash)) = done_at {
            // Stay a moment so the others get this device's last entries.
            if at.elapsed() > Duration::from_secs(3) {
                client.send(Command::Shutdown);
                return Ok(PeerEnd::Done(PeerSummary { hands, scores, log_hash }));
            }
        }
        if Instant::now() > deadline {
            client.send(Command::Shutdown);
            return Err(PeerFailure { code: 1, message: format!("{}: timed out after {hands} hands", options.name) });
        }
        if let (Some(kind), Some((at, sent))) = (&options.inject, injected.as_mut()) {
            if *sent < INJECT_REPEATS && at.elapsed() > Duration::from_secs(u64::from(*sent)) {
                *sent += 1;
                client.send(Command::Inject(kind.clone()));
            }
        }
        let event = match early.next() {
            Some(event) => event,
            None => match tokio::time::timeout(Duration::from_millis(200), events.recv()).await {
                Ok(Some(event)) => event,
                Ok(None) => return Err(PeerFailure { code: 1, message: "the node stopped".into() }),
                Err(_) => continue,
            },
        };
        if let Err(error) = player.on_event(&client, &event) {
            client.send(Command::Shutdown);
            return Err(PeerFailure { code: 1, message: format!("{}: {error}", options.name) });
        }
        match event {
            NodeEvent::TableStarted { seats, my_seats, resumed, .. } => {
                print(&format!(
                    "{}: table started (seats: {}; mine: {my_seats:?}{})",
                    options.name,
                    seats.join(", "),
                    if resumed { ", resumed" } else { "" }
                ));
            }
            NodeEvent::Table(TableEvent::HandStarted { hand, .. }) => hand_started = Some((hand, Instant::now())),
            NodeEvent::Table(TableEvent::Settled { hand, round: 0 }) => {
                if let (Some((started, at)), Some(file)) = (hand_started, timings.as_mut()) {
                    if started == hand {
                        let _ = writeln!(file, "dealt {hand} {:.3}", at.elapsed().as_secs_f64() * 1000.0);
                    }
                }
            }
            NodeEvent::Table(TableEvent::Applied { hand, round, seat, .. }) => {
                if let Some(file) = timings.as_mut() {
                    let _ = writeln!(file, "applied {hand} {round} {seat} {}", now_ns());
                }
                if hand == 1 {
                    applied_in_first_hand += 1;
                }
                if let Some(kind) = &options.inject {
                    if injected.is_none() && applied_in_first_hand >= options.inject_at {
                        injected = Some((Instant::now(), 1));
                        client.send(Command::Inject(kind.clone()));
                        print(&format!("{}: injected {kind}", options.name));
                    }
                }
            }
            NodeEvent::Table(TableEvent::HandFinished(summary)) => {
                hands += 1;
                scores = score_line(&summary.scores);
                print(&format!(
                    "{}: hand {} deltas {:?} scores {scores}{}",
                    options.name,
                    summary.hand,
                    summary.deltas,
                    summary.note.map(|note| format!(" ({note})")).unwrap_or_default()
                ));
            }
            NodeEvent::Table(TableEvent::Paused(fault)) => {
                print(&format!("{}: paused: {fault}", options.name));
                // Stay a moment, still answering sync requests: a peer behind this one catches up
                // to the bad entry and judges it itself (it may hold it as a future entry now).
                paused_at.get_or_insert_with(Instant::now);
            }
            NodeEvent::TableDone { log_hash } => done_at = Some((Instant::now(), log_hash)),
            NodeEvent::SavedTableOver { table_name: saved, hands: played, scores: sheet, log_hash }
                if saved == table_name =>
            {
                hands = u32::try_from(played).unwrap_or(u32::MAX);
                scores = score_line(&sheet);
                done_at = Some((Instant::now(), log_hash));
            }
            NodeEvent::SeatMissing { seat, label } => {
                print(&format!("{}: waiting for seat {seat} ({label})", options.name))
            }
            NodeEvent::SeatBack { seat, label } => print(&format!("{}: seat {seat} ({label}) is back", options.name)),
            NodeEvent::Error(error) => print(&format!("{}: error: {error}", options.name)),
            _ => {}
        }
    }
}

/// Match scores as the summary line prints them: `A:5,B:8`.
fn score_line(scores: &ScoreSheet) -> String {
    scores.iter().map(|(side, points)| format!("{side}:{points}")).collect::<Vec<_>>().join(",")
}

/// A log hash in hex.
pub fn hex(bytes: &[u8; 32]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

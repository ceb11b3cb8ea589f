//! Nearby play: the networked table session over `troef-net`'s client handle, the app's tokio
//! runtime for the network, and the headless peer (`troef-app peer ...`) the LAN harness runs.
//!
//! The libp2p node runs on the app's own tokio runtime ([`runtime`]); the screens never wait on
//! it. Its events reach a [`NetworkSession`] through [`NearbySession::receive`] (the UI's
//! coroutine feeds them from the channel); table progress is queued and played out by
//! [`TableSession::advance`], at the pace the bot driver gives local bots, so a hand does not
//! flash past. Connection news (a seat missing, a pause) is taken at once.
//!
//! **The session renders only the views the node takes of this device's own seat**
//! (`NodeEvent::View`: a `SeatView` of the seat's partial hand), so a networked screen shows no
//! more than a local one: this seat's cards and what the table showed it. A finished hand's
//! result comes from the hand's audited deal, replayed with full knowledge by the rules core.

use crate::bots::bot_for_level;
use crate::local::{build_table_view, score_entries, trick_view, Activity};
use crate::session::{
    HandResult, LogLine, NearbyStatus, PauseView, ScoreRow, Scoreboard, TableSession, TableView, TrickView,
};
use crate::setup::{BotLevel, GameSetup, SeatKind, SeatSetup};
use crate::tr;
use std::collections::{BTreeSet, VecDeque};
use std::sync::OnceLock;
use troef_bots::{decision_rng, BotGame};
use troef_core::record::{hand_record, replay_hand, HandRecord};
use troef_core::{Card, ConfigValues, GameId, Hand, ScoreSheet, Seat, SeatView, ToAct, Viewer};
use troef_net::p2p::{Client, Command, NodeEvent};
use troef_net::table::wire::Genesis;
use troef_net::table::{HandSummary, TableEvent, TableFault};

/// The app's tokio runtime for the network (two worker threads; the UI never runs on it).
pub fn runtime() -> &'static tokio::runtime::Runtime {
    static RUNTIME: OnceLock<tokio::runtime::Runtime> = OnceLock::new();
    RUNTIME.get_or_init(|| {
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("troef-net")
            .enable_all()
            .build()
            .unwrap_or_else(|error| panic!("the network runtime does not start: {error}"))
    })
}

/// A networked table: a [`TableSession`] fed by the node's events.
pub trait NearbySession: TableSession {
    /// Takes one node event: table progress is queued for [`TableSession::advance`], connection
    /// news and pauses apply at once.
    fn receive(&mut self, event: NodeEvent);

    /// This device's seat's move by the app's bot at `level`, when the seat is to act and nothing
    /// it sent is still on its way (the headless peer).
    fn bot_line(&self, level: BotLevel) -> Option<String>;
}

/// The seat a person plays on this device: the first hosted seat without a bot.
pub fn own_seat(genesis: &Genesis, my_seats: &[u8]) -> Option<Seat> {
    my_seats
        .iter()
        .copied()
        .find(|&seat| genesis.seats.get(seat as usize).is_some_and(|info| info.bot.is_none()))
        .map(Seat)
}

/// The setup a table's genesis describes, as the screens read it.
pub fn setup_of(genesis: &Genesis) -> GameSetup {
    GameSetup {
        game: genesis.game.clone(),
        config: genesis.config.clone(),
        seats: genesis
            .seats
            .iter()
            .map(|info| match &info.bot {
                Some(_) => SeatSetup {
                    name: tr!("nearby-bot-of", name = info.name.clone()),
                    kind: SeatKind::Bot { level: BotLevel::Normal },
                },
                // A person, here or on another device (the screens show only `own`'s view).
                None => SeatSetup { name: info.name.clone(), kind: SeatKind::Person },
            })
            .collect(),
        seed: genesis.seed,
    }
}

/// The networked session of a table that started (`NodeEvent::TableStarted`), for its game.
pub fn start(client: Client, genesis: &Genesis, my_seats: &[u8]) -> Result<Box<dyn NearbySession>, String> {
    let own = own_seat(genesis, my_seats).ok_or("no seat of this table is played by a person here")?;
    let game = GameId::parse(&genesis.game).map_err(|error| error.to_string())?;
    troef_core::with_game!(game, G => Ok(Box::new(NetworkSession::<G>::new(client, genesis, own)?) as Box<dyn NearbySession>))
}

/// A finished hand as this device saw it settled.
#[derive(Clone, Debug)]
struct Finished {
    number: u32,
    kind: String,
    totals: ScoreSheet,
    /// The full record, for an audited hand.
    record: Option<HandRecord>,
}

pub struct NetworkSession<G: BotGame> {
    client: Client,
    setup: GameSetup,
    table_name: String,
    values: ConfigValues,
    config: G::Config,
    own: Seat,
    queue: VecDeque<NodeEvent>,
    /// The latest view of this seat's hand, and the hand it belongs to.
    view: Option<SeatView<G>>,
    hand: u64,
    log: Vec<LogLine>,
    /// Per seat: its last call, until play starts.
    last_calls: Vec<Option<String>>,
    tricks: Vec<TrickView>,
    /// The point (hand, actions applied) of the view this seat's last action was chosen from,
    /// until a view of a later point arrives: no view older than the seat's own move is acted on.
    sent: Option<(u64, u32)>,
    /// The result of the hand just finished, shown until [`TableSession::next_hand`].
    result: Option<HandResult>,
    summaries: Vec<HandSummary>,
    /// The match scores before a hand, as its first view here showed them: the starting scores
    /// of the hand's record when this session did not see the hand before it (a restarted app).
    scores_before: Option<(u64, ScoreSheet)>,
    finished: Vec<Finished>,
    missing: BTreeSet<u8>,
    paused: Option<TableFault>,
    over: bool,
}

impl<G: BotGame> std::fmt::Debug for NetworkSession<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("NetworkSession")
            .field("game", &G::ID)
            .field("seat", &self.own)
            .field("hand", &self.hand)
            .finish()
    }
}

impl<G: BotGame> NetworkSession<G> {
    pub fn new(client: Client, genesis: &Genesis, own: Seat) -> Result<NetworkSession<G>, String> {
        let setup = setup_of(genesis);
        let values = setup.values::<G>()?;
        let config = G::config(&values);
        Ok(NetworkSession {
            client,
            last_calls: vec![None; setup.seats.len()],
            setup,
            table_name: genesis.table_name.clone(),
            values,
            config,
            own,
            queue: VecDeque::new(),
            view: None,
            hand: 0,
            log: Vec::new(),
            tricks: Vec::new(),
            sent: None,
            result: None,
            summaries: Vec::new(),
            scores_before: None,
            finished: Vec::new(),
            missing: BTreeSet::new(),
            paused: None,
            over: false,
        })
    }

    fn new_hand(&mut self, hand: u64) {
        if hand != self.hand {
            self.hand = hand;
            self.view = None;
            self.log.clear();
            self.tricks.clear();
            self.last_calls = vec![None; self.setup.seats.len()];
            self.sent = None;
        }
    }

    /// The action in words: masked face-down cards (`#k`) stay as they travelled.
    fn words(&self, line: &str) -> String {
        match G::parse_action(&self.config, line) {
            Ok(action) => G::describe_action(&self.config, &action),
            Err(_) => line.to_lowercase(),
        }
    }

    /// Applies one queued event; whether the screen changed.
    fn take(&mut self, event: NodeEvent) -> bool {
        match event {
            NodeEvent::Table(TableEvent::HandStarted { hand, .. }) => {
                self.new_hand(hand);
                true
            }
            NodeEvent::Table(TableEvent::Applied { hand, seat, line, trick, .. }) => {
                self.new_hand(hand);
                if let Some(done) = trick {
                    self.tricks.push(trick_view(&done.trick, done.winner));
                }
                let words = self.words(&line);
                let play_started = self.view.as_ref().is_some_and(|view| {
                    let table = view.hand().table();
                    table.trick_index() > 0 || !table.trick().is_empty()
                });
                if let Some(slot) = self.last_calls.get_mut(seat as usize) {
                    *slot = (!play_started).then(|| words.clone());
                }
                self.log.push(LogLine { seat: Seat(seat), words });
                true
            }
            NodeEvent::View(snapshot) if snapshot.seat == self.own.0 => {
                let Some(view) = snapshot.view.downcast_ref::<SeatView<G>>() else { return false };
                self.new_hand(snapshot.hand);
                let table = view.hand().table();
                if table.trick_index() > 0 || !table.trick().is_empty() {
                    self.last_calls.iter_mut().for_each(|call| *call = None);
                }
                if self.sent.is_some_and(|sent| sent != (snapshot.hand, view.hand().actions_applied())) {
                    self.sent = None;
                }
                if self.scores_before.as_ref().is_none_or(|(hand, _)| *hand != snapshot.hand) {
                    self.scores_before = Some((snapshot.hand, G::scores_to_sheet(&self.config, view.scores())));
                }
                self.view = Some(view.clone());
                true
            }
            NodeEvent::Table(TableEvent::HandFinished(summary)) => {
                let mut result = self.result_of(&summary);
                // The last hand: the table's end follows it in the same step; the result says so.
                let last = self
                    .queue
                    .iter()
                    .take_while(|event| !matches!(event, NodeEvent::Table(TableEvent::HandStarted { .. })))
                    .any(|event| matches!(event, NodeEvent::Table(TableEvent::TableOver { .. })));
                if last {
                    self.over = true;
                    result.match_over = Some(tr!("nearby-table-over"));
                }
                self.result = Some(result);
                self.summaries.push(summary);
                true
            }
            NodeEvent::Table(TableEvent::TableOver { .. }) => {
                self.over = true;
                if let Some(result) = self.result.as_mut() {
                    result.match_over.get_or_insert_with(|| tr!("nearby-table-over"));
                }
                true
            }
            _ => false,
        }
    }

    /// The result of a finished hand: the audited deal replayed with every card by the rules
    /// core (the breakdown, the contract), the deltas and scores every seat agreed on.
    fn result_of(&mut self, summary: &HandSummary) -> HandResult {
        // The table's own numbering: the same on every device, and after a restart.
        let number = summary.hand as u32;
        // The scores before the hand: as its views showed them, else after the hand before it in
        // the same match; a restarted app saw neither for hands before it came back.
        let scores_before = self
            .scores_before
            .as_ref()
            .filter(|(hand, _)| *hand == summary.hand)
            .map(|(_, sheet)| sheet.clone())
            .or_else(|| {
                self.summaries
                    .last()
                    .filter(|last| last.match_index == summary.match_index)
                    .map(|last| last.scores.clone())
            });
        let deck: Option<Vec<Card>> = summary.deck.iter().map(|&index| Card::from_index(index)).collect();
        let replayed = deck.filter(|deck| summary.audited && !deck.is_empty()).and_then(|deck| {
            let record =
                hand_record::<G>(&self.values, Seat(summary.dealer), &deck, scores_before, summary.lines.clone());
            let replayed = replay_hand::<G>(&record).ok()?;
            Some((record, replayed.outcome))
        });
        let (kind, played_out, breakdown, record) = match replayed {
            Some((record, outcome)) => (
                G::contract_kind(&outcome).to_string(),
                G::played_out(&outcome),
                G::breakdown(&self.config, &outcome),
                Some(record),
            ),
            None => ("forfeit".to_string(), false, summary.note.iter().cloned().collect(), None),
        };
        self.finished.push(Finished { number, kind: kind.clone(), totals: summary.scores.clone(), record });
        HandResult {
            hand_number: number,
            contract_kind: kind,
            played_out,
            deltas: summary.deltas.clone(),
            breakdown,
            totals: score_entries::<G>(&self.setup, &summary.scores),
            match_over: None,
            verified: Some(summary.audited),
        }
    }

    fn spectator(&self) -> Option<Hand<G>> {
        self.view.as_ref().map(|view| view.hand().view(Viewer::Spectator))
    }

    fn activity(&self) -> Activity {
        Activity {
            log: self.log.clone(),
            last_calls: self.last_calls.clone(),
            tricks: self.tricks.clone(),
            hand_number: self.finished.last().map_or(0, |finished| finished.number).max(self.hand as u32).max(1),
            undo_available: false,
            may_act: self.sent.is_none() && self.paused.is_none(),
        }
    }

    /// The table before this seat's first view of the hand (while the deal runs): the seats only.
    fn empty_view(&self) -> TableView {
        TableView {
            game: G::ID,
            viewer: Some(self.own),
            seats: self
                .setup
                .seats
                .iter()
                .enumerate()
                .map(|(index, seat)| crate::session::SeatPanel {
                    seat: Seat(index as u8),
                    code: G::SEAT_NAMES.name(Seat(index as u8)),
                    name: seat.name.clone(),
                    is_bot: !seat.is_person(),
                    is_viewer: index == self.own.index(),
                    to_act: false,
                    dealer: false,
                    declarer: false,
                    team: None,
                    tricks: 0,
                    cards_in_hand: 0,
                    shown: Vec::new(),
                    last_call: None,
                })
                .collect(),
            hand: Vec::new(),
            trick: TrickView { cards: Vec::new(), winner: None },
            last_trick: None,
            talon: Vec::new(),
            facts: Default::default(),
            options: Vec::new(),
            to_act: None,
            tricks_played: 0,
            log: Vec::new(),
            tricks: Vec::new(),
            undo_available: false,
            hand_number: (self.hand as u32).max(1),
        }
    }
}

impl<G: BotGame> TableSession for NetworkSession<G> {
    fn setup(&self) -> &GameSetup {
        &self.setup
    }

    fn game(&self) -> GameId {
        G::ID
    }

    fn to_act(&self) -> Option<Seat> {
        match self.view.as_ref()?.hand().to_act() {
            ToAct::Seat(seat) => Some(seat),
            ToAct::HandOver => None,
        }
    }

    fn view(&self, viewer: Option<Seat>) -> TableView {
        let Some(own) = self.view.as_ref() else { return self.empty_view() };
        if viewer == Some(self.own) {
            build_table_view::<G>(&self.setup, &self.config, own.hand(), Some(own), self.activity())
        } else {
            let spectator = self.spectator().unwrap_or_else(|| own.hand().clone());
            build_table_view::<G>(&self.setup, &self.config, &spectator, None, self.activity())
        }
    }

    fn act(&mut self, seat: Seat, line: &str) -> Result<(), String> {
        if seat != self.own {
            return Err(tr!("nearby-not-your-seat"));
        }
        if self.paused.is_some() {
            return Err(tr!("nearby-paused-title"));
        }
        let view = self.view.as_ref().ok_or_else(|| tr!("nearby-not-your-turn"))?;
        if self.sent.is_some() || view.hand().to_act() != ToAct::Seat(seat) {
            return Err(tr!("nearby-not-your-turn"));
        }
        // Checked here first, so a refused tap says why at once; the node checks it again.
        let action = G::parse_action(&self.config, line).map_err(|error| error.to_string())?;
        let mut legal = Vec::new();
        view.legal_actions(&mut legal);
        if !legal.contains(&action) {
            return Err(tr!("nearby-not-legal"));
        }
        if !self.client.send(Command::Act { line: G::format_action(&action) }) {
            return Err(tr!("nearby-node-stopped"));
        }
        self.sent = Some((self.hand, view.hand().actions_applied()));
        Ok(())
    }

    fn advance(&mut self) -> Result<bool, String> {
        let mut changed = false;
        while self.result.is_none() {
            let Some(event) = self.queue.pop_front() else { break };
            let is_view = matches!(event, NodeEvent::View(_));
            changed |= self.take(event);
            // One step of the table per call: up to the view that shows it.
            if is_view && changed {
                break;
            }
        }
        Ok(changed)
    }

    fn waits_for_bot(&self) -> bool {
        self.result.is_none() && !self.queue.is_empty()
    }

    fn undo(&mut self) -> Result<(), String> {
        Err(tr!("nearby-no-undo"))
    }

    fn hint(&self, seat: Seat) -> Option<(String, &'static str)> {
        let view = self.view.as_ref().filter(|_| seat == self.own && self.to_act() == Some(seat))?;
        let mut rng = decision_rng(self.setup.seed ^ 0x4849_4e54, self.hand, u64::from(view.hand().actions_applied()));
        let hint = crate::bots::hint::<G>(view, &mut rng)?;
        Some((G::format_action(&hint.action), hint.reason.message()))
    }

    fn hand_result(&self) -> Option<HandResult> {
        self.result.clone()
    }

    fn next_hand(&mut self) -> Result<(), String> {
        if self.result.take().is_none() {
            return Err("the hand is not over".into());
        }
        Ok(())
    }

    fn scoreboard(&self) -> Scoreboard {
        let current = self.finished.last().map(|finished| finished.totals.clone()).unwrap_or_default();
        let columns = score_entries::<G>(&self.setup, &current);
        Scoreboard {
            rows: self
                .finished
                .iter()
                .map(|finished| ScoreRow {
                    hand_number: finished.number,
                    contract_kind: finished.kind.clone(),
                    totals: columns
                        .iter()
                        .map(|column| finished.totals.get(&column.key).copied().unwrap_or(0))
                        .collect(),
                })
                .collect(),
            columns,
        }
    }

    fn hand_record(&self) -> HandRecord {
        // The current hand's deal is private until its audit: only a finished hand has a record.
        self.finished.last().and_then(|finished| finished.record.clone()).unwrap_or_else(|| {
            hand_record::<G>(&self.values, Seat(0), &G::deck(&self.config).iter().collect::<Vec<_>>(), None, Vec::new())
        })
    }

    fn finished_record(&self, hand_number: u32) -> Option<HandRecord> {
        self.finished.iter().find(|finished| finished.number == hand_number)?.record.clone()
    }

    fn saved(&self) -> Option<crate::store::SavedGame> {
        // The node saves the table itself (after every step, in the app's data directory).
        None
    }

    fn own_seat(&self) -> Option<Seat> {
        Some(self.own)
    }

    fn as_nearby(&mut self) -> Option<&mut dyn NearbySession> {
        Some(self)
    }

    fn nearby(&self) -> Option<NearbyStatus> {
        Some(NearbyStatus {
            table_name: self.table_name.clone(),
            missing: self
                .missing
                .iter()
                .map(|&seat| {
                    (Seat(seat), self.setup.seat(Seat(seat)).map(|seat| seat.name.clone()).unwrap_or_default())
                })
                .collect(),
            paused: self.paused.as_ref().map(|fault| PauseView {
                seat: fault.seat.map(Seat),
                name: fault.seat.and_then(|seat| self.setup.seat(Seat(seat))).map(|seat| seat.name.clone()),
                kind: format!("{:?}", fault.kind),
                detail: fault.detail.clone(),
            }),
            waiting: self.view.is_none() || (self.to_act().is_none() && self.result.is_none()),
            over: self.over,
        })
    }
}

impl<G: BotGame> NearbySession for NetworkSession<G> {
    fn receive(&mut self, event: NodeEvent) {
        match event {
            NodeEvent::SeatMissing { seat, .. } => {
                self.missing.insert(seat);
            }
            NodeEvent::SeatBack { seat, .. } => {
                self.missing.remove(&seat);
            }
            NodeEvent::Table(TableEvent::Paused(fault)) => self.paused = Some(fault),
            // A refused action may be tapped again.
            NodeEvent::Error(_) => self.sent = None,
            NodeEvent::Table(_) | NodeEvent::View(_) => self.queue.push_back(event),
            _ => {}
        }
    }

    fn bot_line(&self, level: BotLevel) -> Option<String> {
        let view = self.view.as_ref()?;
        if self.sent.is_some()
            || self.result.is_some()
            || self.paused.is_some()
            || view.hand().to_act() != ToAct::Seat(self.own)
        {
            return None;
        }
        let mut bot = bot_for_level::<G>(level);
        let mut rng = decision_rng(self.setup.seed, self.hand, u64::from(view.hand().actions_applied()));
        Some(G::format_action(&bot.choose(view, &mut rng)))
    }
}

pub mod headless;

//! The libp2p driver: a thin shell that carries bytes between table machines, and the client
//! handle the app and `troef peer` use (commands in, events out over tokio channels).
//!
//! * **Transport**: TCP + Noise + Yamux (and the in-memory transport, with the same Noise and
//!   Yamux upgrade, for in-process tests). The idle-connection timeout is raised to an hour: a
//!   table whose players think for a while must not drop (libp2p's default is 10 s).
//! * **Protocol**: request-response on `/troef/table/1`, length-prefixed bincode frames. Why not a
//!   stream protocol: every entry is acknowledged, a lost or timed-out request is simply caught up
//!   by the next sync, connections come and go (phones sleep) without our own reconnect and
//!   framing logic, and order does not matter because the table machine orders every seat's
//!   chain by its numbers. A peer that is not Troef does not speak the protocol, so other libp2p
//!   apps on the network are filtered out by their failed hello.
//! * **Discovery** sits behind a seam: mDNS when enabled, and [`Command::AddPeer`] for any other
//!   way to find a device (tests inject peers; a QR code join or iOS's Bonjour later).
//! * Frames are refused past [`MAX_FRAME_BYTES`] before anything is allocated; the table machine
//!   decodes entries under its own limit.
//! * The machine's state is saved atomically after every step, before anything it produced is
//!   sent; a device restarted with the same data directory resumes its table and catches up with
//!   sync requests (every second while a table runs, and on every new connection). A device
//!   restarted after its table ended (killed at the last card) keeps that table to answer the
//!   sync requests of peers still behind it, and reports it over ([`NodeEvent::SavedTableOver`]):
//!   its last entries may have been saved and not yet sent.

use crate::table::store::Store;
use crate::table::wire::{decode_limited, encode, Genesis, PeerKey, SeatInfo, Settlement, SignedGenesis};
use crate::table::{check_genesis, SeatViewSnapshot, TableEvent, TableMachine};
use ed25519_dalek::SigningKey;
use futures::{AsyncReadExt, AsyncWriteExt, StreamExt};
use libp2p::core::transport::MemoryTransport;
use libp2p::core::upgrade::Version;
use libp2p::request_response::{self, OutboundRequestId, ProtocolSupport};
use libp2p::swarm::behaviour::toggle::Toggle;
use libp2p::swarm::{NetworkBehaviour, SwarmEvent};
use libp2p::{identity, mdns, noise, tcp, yamux, StreamProtocol, Swarm, Transport};
/// The libp2p names of the discovery seam ([`Command::AddPeer`]), for callers without libp2p.
pub use libp2p::{Multiaddr, PeerId};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use std::time::Duration;
use tokio::sync::mpsc;
use troef_core::game::ScoreSheet;

/// The table protocol's name.
pub const PROTOCOL: &str = "/troef/table/1";
/// Largest frame read from the network.
pub const MAX_FRAME_BYTES: usize = 8 << 20;
/// Entries sent in one sync answer.
const SYNC_BATCH: usize = 512;

/// An open table as its host announces it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Announcement {
    pub table_id: [u8; 32],
    pub table_name: String,
    pub game: String,
    pub config: BTreeMap<String, String>,
    pub host_name: String,
    /// Each seat's label ("Anna", "baseline bot hosted by Anna"), `None` while free.
    pub seats: Vec<Option<String>>,
}

/// What one device asks another.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum Request {
    /// Which tables are open here?
    Hello,
    /// `bot`: this device's seat is played by its bot of that kind.
    Join {
        table_id: [u8; 32],
        name: String,
        seat: Option<u8>,
        bot: Option<String>,
    },
    Start(SignedGenesis),
    Entry(Vec<u8>),
    Sync {
        table_id: [u8; 32],
        next: Vec<u64>,
    },
}

/// The answers.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum Response {
    Tables(Vec<Announcement>),
    Joined { seat: u8 },
    Refused(String),
    Ack,
    Entries(Vec<Vec<u8>>),
}

/// Length-prefixed bincode frames under [`MAX_FRAME_BYTES`].
#[derive(Clone, Debug, Default)]
pub struct FrameCodec;

async fn read_frame<T: futures::AsyncRead + Unpin + Send, V: serde::de::DeserializeOwned>(
    io: &mut T,
) -> std::io::Result<V> {
    let mut length = [0u8; 4];
    io.read_exact(&mut length).await?;
    let length = u32::from_be_bytes(length) as usize;
    if length > MAX_FRAME_BYTES {
        return Err(std::io::Error::new(std::io::ErrorKind::InvalidData, format!("a frame of {length} bytes")));
    }
    let mut bytes = vec![0u8; length];
    io.read_exact(&mut bytes).await?;
    decode_limited(&bytes, MAX_FRAME_BYTES).map_err(|error| std::io::Error::new(std::io::ErrorKind::InvalidData, error))
}

async fn write_frame<T: futures::AsyncWrite + Unpin + Send, V: Serialize>(
    io: &mut T,
    value: &V,
) -> std::io::Result<()> {
    let bytes = encode(value);
    if bytes.len() > MAX_FRAME_BYTES {
        return Err(std::io::Error::new(std::io::ErrorKind::InvalidInput, "frame too large"));
    }
    io.write_all(&(bytes.len() as u32).to_be_bytes()).await?;
    io.write_all(&bytes).await?;
    io.close().await
}

impl request_response::Codec for FrameCodec {
    type Protocol = StreamProtocol;
    type Request = Request;
    type Response = Response;

    async fn read_request<T: futures::AsyncRead + Unpin + Send>(
        &mut self,
        _: &StreamProtocol,
        io: &mut T,
    ) -> std::io::Result<Request> {
        read_frame(io).await
    }

    async fn read_response<T: futures::AsyncRead + Unpin + Send>(
        &mut self,
        _: &StreamProtocol,
        io: &mut T,
    ) -> std::io::Result<Response> {
        read_frame(io).await
    }

    async fn write_request<T: futures::AsyncWrite + Unpin + Send>(
        &mut self,
        _: &StreamProtocol,
        io: &mut T,
        request: Request,
    ) -> std::io::Result<()> {
        write_frame(io, &request).await
    }

    async fn write_response<T: futures::AsyncWrite + Unpin + Send>(
        &mut self,
        _: &StreamProtocol,
        io: &mut T,
        response: Response,
    ) -> std::io::Result<()> {
        write_frame(io, &response).await
    }
}

#[derive(NetworkBehaviour)]
struct Behaviour {
    table: request_response::Behaviour<FrameCodec>,
    mdns: Toggle<mdns::tokio::Behaviour>,
}

/// How a node starts.
#[derive(Clone, Debug)]
pub struct NodeConfig {
    /// The data directory (identity, saved tables).
    pub data_dir: PathBuf,
    pub name: String,
    /// Addresses to listen on (`/ip4/0.0.0.0/tcp/0`, or `/memory/N` in tests).
    pub listen: Vec<Multiaddr>,
    /// Discover peers with mDNS (off in tests, which add peers themselves).
    pub mdns: bool,
    /// Fault tests: send every entry twice, in reverse order, and keep re-sending old ones.
    pub chaos: bool,
}

/// A table this device opens.
#[derive(Clone, Debug)]
pub struct OpenTable {
    pub table_name: String,
    pub game: String,
    pub settings: Vec<(String, String)>,
    /// Seats filled with bots this device hosts (the last seats).
    pub bots: u8,
    pub bot_kind: String,
    /// Whether this device's own seat is played by a bot (`troef peer`).
    pub own_bot: Option<String>,
    pub hands: u32,
    pub seed: u64,
}

/// Commands to the node.
#[derive(Clone, Debug)]
pub enum Command {
    Open(OpenTable),
    /// Joins the table of that name when it is found; `own_bot` plays this device's seat.
    Join {
        table_name: String,
        seat: Option<u8>,
        own_bot: Option<String>,
    },
    Act {
        line: String,
    },
    Abandon {
        missing: u8,
        settlement: Settlement,
    },
    /// The discovery seam: a device found by other means than mDNS.
    AddPeer(PeerId, Multiaddr),
    /// Test hook: bytes sent to every other device of the table as an entry.
    SendRaw(Vec<u8>),
    /// Test hook: a bad message of a kind (`TableMachine::forge`) sent to every other device.
    Inject(String),
    /// Test hook: drop every incoming entry for this long (a link cut).
    Deafen(Duration),
    Shutdown,
}

/// What the node reports.
#[derive(Clone, Debug)]
pub enum NodeEvent {
    Listening(Multiaddr),
    TableFound(Announcement),
    SeatsChanged(Announcement),
    TableStarted {
        table_id: [u8; 32],
        /// What every seat signed up for (game, config, seats with names and bots).
        genesis: Box<Genesis>,
        seats: Vec<String>,
        my_seats: Vec<u8>,
        resumed: bool,
    },
    Table(TableEvent),
    /// The view of a seat a person plays here, after the table events of the same step: what
    /// a screen renders (`SeatViewSnapshot::view` is the seat's `SeatView` of the game).
    View(SeatViewSnapshot),
    SeatMissing {
        seat: u8,
        label: String,
    },
    SeatBack {
        seat: u8,
        label: String,
    },
    /// The table is over: its log hash.
    TableDone {
        log_hash: [u8; 32],
    },
    /// At start: the newest saved table is over (this device was stopped after its end); it is
    /// not resumed, only kept to answer the sync requests of peers still behind.
    SavedTableOver {
        table_name: String,
        hands: u64,
        scores: ScoreSheet,
        log_hash: [u8; 32],
    },
    Error(String),
}

/// The client handle: commands in.
#[derive(Clone, Debug)]
pub struct Client {
    commands: mpsc::UnboundedSender<Command>,
    pub peer_id: PeerId,
}

impl Client {
    pub fn send(&self, command: Command) -> bool {
        self.commands.send(command).is_ok()
    }
}

/// The libp2p key of a device key.
pub fn keypair_of(key: &SigningKey) -> identity::Keypair {
    let mut bytes = key.to_bytes();
    identity::Keypair::ed25519_from_bytes(&mut bytes).unwrap_or_else(|_| identity::Keypair::generate_ed25519())
}

/// The libp2p peer id of a device key.
pub fn peer_id_of(key: &PeerKey) -> Option<PeerId> {
    let public = identity::ed25519::PublicKey::try_from_bytes(key).ok()?;
    Some(PeerId::from_public_key(&identity::PublicKey::from(public)))
}

/// A table being gathered by its host.
struct Lobby {
    open: OpenTable,
    values: BTreeMap<String, String>,
    seats: Vec<Option<(PeerKey, String, Option<String>)>>,
    table_id: [u8; 32],
    nonce: [u8; 32],
}

impl Lobby {
    fn announcement(&self, host_name: &str) -> Announcement {
        Announcement {
            table_id: self.table_id,
            table_name: self.open.table_name.clone(),
            game: self.open.game.clone(),
            config: self.values.clone(),
            host_name: host_name.to_string(),
            seats: self
                .seats
                .iter()
                .map(|seat| {
                    seat.as_ref().map(|(_, name, bot)| match bot {
                        Some(kind) => format!("{kind} bot hosted by {name}"),
                        None => name.clone(),
                    })
                })
                .collect(),
        }
    }
}

struct Node {
    swarm: Swarm<Behaviour>,
    store: Store,
    key: SigningKey,
    secret: [u8; 32],
    me: PeerKey,
    name: String,
    events: mpsc::UnboundedSender<NodeEvent>,
    lobby: Option<Lobby>,
    /// The table to join when found: name, seat, own bot.
    wanted: Option<(String, Option<u8>, Option<String>)>,
    join_sent: bool,
    machine: Option<TableMachine>,
    /// The newest saved table when it is over and nothing resumed: it still answers sync requests.
    finished: Option<TableMachine>,
    connected: BTreeSet<PeerId>,
    addresses: BTreeMap<PeerId, BTreeSet<Multiaddr>>,
    hello_sent: BTreeSet<PeerId>,
    announced: BTreeMap<[u8; 32], Announcement>,
    announced_hosts: BTreeMap<[u8; 32], PeerId>,
    missing: BTreeSet<u8>,
    deaf_until: Option<tokio::time::Instant>,
    pending_requests: BTreeMap<OutboundRequestId, PeerId>,
    done_reported: bool,
    chaos: bool,
}

/// Starts a node on the current tokio runtime.
pub fn spawn(config: NodeConfig) -> Result<(Client, mpsc::UnboundedReceiver<NodeEvent>), String> {
    let store = Store::new(&config.data_dir).map_err(|error| error.to_string())?;
    let (key, secret) = store.identity().map_err(|error| error.to_string())?;
    let keypair = keypair_of(&key);
    let peer_id = keypair.public().to_peer_id();
    let use_mdns = config.mdns;
    let mut swarm = libp2p::SwarmBuilder::with_existing_identity(keypair)
        .with_tokio()
        .with_tcp(tcp::Config::default().nodelay(true), noise::Config::new, yamux::Config::default)
        .map_err(|error| error.to_string())?
        .with_other_transport(|key| {
            Ok::<_, Box<dyn std::error::Error + Send + Sync>>(
                MemoryTransport::default()
                    .upgrade(Version::V1)
                    .authenticate(noise::Config::new(key)?)
                    .multiplex(yamux::Config::default()),
            )
        })
        .map_err(|error| error.to_string())?
        .with_behaviour(|key| {
            let table = request_response::Behaviour::new(
                [(StreamProtocol::new(PROTOCOL), ProtocolSupport::Full)],
                request_response::Config::default()
                    .with_request_timeout(Duration::from_secs(5))
                    .with_max_concurrent_streams(1000),
            );
            let mdns = if use_mdns {
                let config = mdns::Config { query_interval: Duration::from_secs(2), ..mdns::Config::default() };
                Some(mdns::tokio::Behaviour::new(config, key.public().to_peer_id())?)
            } else {
                None
            };
            Ok(Behaviour { table, mdns: Toggle::from(mdns) })
        })
        .map_err(|error| error.to_string())?
        .with_swarm_config(|config| config.with_idle_connection_timeout(Duration::from_secs(3600)))
        .build();
    for address in &config.listen {
        swarm.listen_on(address.clone()).map_err(|error| error.to_string())?;
    }
    let (command_sender, commands) = mpsc::unbounded_channel();
    let (event_sender, events) = mpsc::unbounded_channel();
    let me = key.verifying_key().to_bytes();
    let mut node = Node {
        swarm,
        store,
        key,
        secret,
        me,
        name: config.name,
        events: event_sender,
        lobby: None,
        wanted: None,
        join_sent: false,
        machine: None,
        finished: None,
        connected: BTreeSet::new(),
        addresses: BTreeMap::new(),
        hello_sent: BTreeSet::new(),
        announced: BTreeMap::new(),
        announced_hosts: BTreeMap::new(),
        missing: BTreeSet::new(),
        deaf_until: None,
        pending_requests: BTreeMap::new(),
        done_reported: false,
        chaos: config.chaos,
    };
    node.resume_saved();
    tokio::spawn(node.run(commands));
    Ok((Client { commands: command_sender, peer_id }, events))
}

impl Node {
    fn emit(&self, event: NodeEvent) {
        let _ = self.events.send(event);
    }

    /// Resumes the newest saved table that is not over; else keeps the newest saved table, when it
    /// is over, to answer sync requests, and reports it.
    fn resume_saved(&mut self) {
        let mut newest_over = None;
        for (index, saved) in self.store.tables().into_iter().enumerate() {
            match TableMachine::restore(saved, self.key.clone(), self.secret) {
                Ok(machine) if !machine.is_over() => {
                    self.started(machine, true);
                    return;
                }
                Ok(machine) if index == 0 => newest_over = Some(machine),
                Ok(_) => {}
                Err(error) => self.emit(NodeEvent::Error(format!("a saved table does not resume: {error}"))),
            }
        }
        if let Some(machine) = newest_over {
            self.emit(NodeEvent::SavedTableOver {
                table_name: machine.genesis().genesis.table_name.clone(),
                hands: machine.summaries().len() as u64,
                scores: machine.scores(),
                log_hash: machine.log_hash(),
            });
            self.finished = Some(machine);
        }
    }

    async fn run(mut self, mut commands: mpsc::UnboundedReceiver<Command>) {
        let mut tick = tokio::time::interval(Duration::from_millis(500));
        loop {
            tokio::select! {
                event = self.swarm.select_next_some() => self.on_swarm(event),
                command = commands.recv() => match command {
                    None | Some(Command::Shutdown) => return,
                    Some(command) => self.on_command(command),
                },
                _ = tick.tick() => self.on_tick(),
            }
            self.flush();
        }
    }

    fn table_hosts(&self) -> Vec<PeerId> {
        let Some(machine) = &self.machine else { return Vec::new() };
        let mut hosts: Vec<PeerId> = machine
            .genesis()
            .genesis
            .seats
            .iter()
            .filter(|seat| seat.host != self.me)
            .filter_map(|seat| peer_id_of(&seat.host))
            .collect();
        hosts.sort();
        hosts.dedup();
        hosts
    }

    fn request(&mut self, peer: PeerId, request: Request) {
        if !self.connected.contains(&peer) {
            if let Some(addresses) = self.addresses.get(&peer) {
                let options = libp2p::swarm::dial_opts::DialOpts::peer_id(peer)
                    .addresses(addresses.iter().cloned().collect())
                    .build();
                let _ = self.swarm.dial(options);
            }
        }
        let id = self.swarm.behaviour_mut().table.send_request(&peer, request);
        self.pending_requests.insert(id, peer);
    }

    /// Saves the table, then sends what it produced, then reports its events.
    fn flush(&mut self) {
        let Some(machine) = self.machine.as_mut() else { return };
        let outbox = machine.take_outbox();
        let events = machine.take_events();
        if outbox.is_empty() && events.is_empty() {
            return;
        }
        machine.prune();
        let table_id = machine.table_id();
        let saved = self.store.save_table(&table_id, &machine.save());
        let over = machine.is_over();
        let log_hash = machine.log_hash();
        let views = machine.person_views();
        if let Err(error) = saved {
            self.emit(NodeEvent::Error(format!("saving the table: {error}")));
        }
        let hosts = self.table_hosts();
        let mut outbox = outbox;
        if self.chaos {
            outbox.reverse();
        }
        for entry in outbox {
            let bytes = entry.to_bytes();
            for host in &hosts {
                self.request(*host, Request::Entry(bytes.clone()));
                if self.chaos {
                    self.request(*host, Request::Entry(bytes.clone()));
                }
            }
        }
        for event in events {
            self.emit(NodeEvent::Table(event));
        }
        for view in views {
            self.emit(NodeEvent::View(view));
        }
        if over && !self.done_reported {
            self.done_reported = true;
            self.emit(NodeEvent::TableDone { log_hash });
        }
    }

    fn on_tick(&mut self) {
        if std::env::var_os("TROEF_DEBUG").is_some() {
            if let Some(machine) = &self.machine {
                eprintln!("[{}] {}", self.name, machine.describe());
            }
        }
        if self.deaf_until.is_some_and(|until| tokio::time::Instant::now() >= until) {
            self.deaf_until = None;
        }
        if let Some(machine) = &self.machine {
            if machine.paused().is_none() {
                let request = Request::Sync { table_id: machine.table_id(), next: machine.heads() };
                let replays: Vec<Vec<u8>> = if self.chaos {
                    let heads: Vec<u64> = machine.heads().iter().map(|next| next.saturating_sub(6)).collect();
                    machine.entries_after(&heads, 24).iter().map(|entry| entry.to_bytes()).collect()
                } else {
                    Vec::new()
                };
                for host in self.table_hosts() {
                    self.request(host, request.clone());
                    for bytes in &replays {
                        self.request(host, Request::Entry(bytes.clone()));
                    }
                }
            }
        }
        // In the lobby, ask every device found for its open tables again (a table may open after
        // the first hello; a hello may be lost while a connection is made).
        if self.machine.is_none() && (self.wanted.is_some() || self.lobby.is_none()) && !self.join_sent {
            let peers: Vec<PeerId> = self.addresses.keys().copied().collect();
            for peer in peers {
                self.hello_sent.insert(peer);
                self.request(peer, Request::Hello);
            }
        }
        // Joined and waiting for the table to fill: ask its host again, so that the waiting room
        // shows who else has joined (a changed announcement comes back as `TableFound`).
        if self.machine.is_none() && self.join_sent {
            if let Some((name, _, _)) = &self.wanted {
                let hosts: Vec<PeerId> = self
                    .announced
                    .values()
                    .filter(|announcement| &announcement.table_name == name)
                    .filter_map(|announcement| self.announced_hosts.get(&announcement.table_id).copied())
                    .collect();
                for host in hosts {
                    self.request(host, Request::Hello);
                }
            }
        }
    }

    fn started(&mut self, machine: TableMachine, resumed: bool) {
        let genesis = &machine.genesis().genesis;
        let seats = genesis.seats.iter().map(SeatInfo::label).collect();
        let event = NodeEvent::TableStarted {
            table_id: machine.table_id(),
            genesis: Box::new(genesis.clone()),
            seats,
            my_seats: machine.hosted_seats(),
            resumed,
        };
        let views = machine.person_views();
        self.machine = Some(machine);
        self.emit(event);
        for view in views {
            self.emit(NodeEvent::View(view));
        }
        let hosts = self.table_hosts();
        for host in hosts {
            if let Some(machine) = &self.machine {
                let request = Request::Sync { table_id: machine.table_id(), next: machine.heads() };
                self.request(host, request);
            }
        }
    }

    fn on_command(&mut self, command: Command) {
        match command {
            Command::Open(open) => self.open_table(open),
            Command::Join { table_name, seat, own_bot } => {
                self.wanted = Some((table_name, seat, own_bot));
                self.join_sent = false;
                self.try_join();
            }
            Command::Act { line } => {
                let result = match self.machine.as_mut() {
                    Some(machine) => {
                        let seat = machine.legal_lines().first().map(|(seat, _)| *seat);
                        match seat {
                            Some(seat) => machine.act(seat, &line),
                            None => Err("it is not your turn".into()),
                        }
                    }
                    None => Err("no table".into()),
                };
                if let Err(error) = result {
                    self.emit(NodeEvent::Error(error));
                }
            }
            Command::Abandon { missing, settlement } => {
                if let Some(machine) = self.machine.as_mut() {
                    let _ = machine.abandon(missing, settlement);
                }
            }
            Command::AddPeer(peer, address) => self.found(peer, address),
            Command::SendRaw(bytes) => {
                for host in self.table_hosts() {
                    self.request(host, Request::Entry(bytes.clone()));
                }
            }
            Command::Inject(kind) => {
                let bytes = self.machine.as_ref().and_then(|machine| machine.forge(&kind));
                match bytes {
                    Some(bytes) => {
                        for host in self.table_hosts() {
                            self.request(host, Request::Entry(bytes.clone()));
                        }
                    }
                    None => self.emit(NodeEvent::Error(format!("cannot forge {kind}"))),
                }
            }
            Command::Deafen(duration) => {
                self.deaf_until = Some(tokio::time::Instant::now() + duration);
            }
            Command::Shutdown => {}
        }
    }

    fn open_table(&mut self, open: OpenTable) {
        let game = open.game.clone();
        let genesis_probe = Genesis {
            table_name: open.table_name.clone(),
            game: game.clone(),
            config: open.settings.iter().cloned().collect(),
            seats: Vec::new(),
            host: self.me,
            hands: open.hands,
            seed: open.seed,
            nonce: [0; 32],
        };
        let values = match troef_core::GameId::parse(&game) {
            Ok(id) => troef_core::with_game!(id, G => {
                use troef_core::Game;
                troef_core::ConfigValues::validate(
                    G::config_keys(),
                    genesis_probe.config.iter().map(|(k, v)| (k.as_str(), v.as_str())),
                )
                .map_err(|error| error.to_string())
                .and_then(|values| G::check_config(&values).map(|_| values).map_err(|e| e.to_string()))
                .map(|values| (values.map().clone(), G::seat_count(&G::config(&values))))
            }),
            Err(error) => Err(error.to_string()),
        };
        let (values, seat_count) = match values {
            Ok(found) => found,
            Err(error) => return self.emit(NodeEvent::Error(error)),
        };
        let mut seats = vec![None; seat_count as usize];
        seats[0] = Some((self.me, self.name.clone(), open.own_bot.clone()));
        for seat in seats.iter_mut().skip(1).rev().take(open.bots as usize) {
            *seat = Some((self.me, self.name.clone(), Some(open.bot_kind.clone())));
        }
        let nonce = crate::table::wire::hash(
            b"troef/table/v1/nonce",
            &[&self.me, &open.seed.to_le_bytes(), open.table_name.as_bytes()],
        );
        let table_id = crate::table::wire::hash(b"troef/table/v1/lobby", &[&nonce]);
        self.lobby = Some(Lobby { open, values, seats, table_id, nonce });
        self.announce();
        self.maybe_start();
    }

    fn announce(&mut self) {
        let Some(lobby) = &self.lobby else { return };
        let announcement = lobby.announcement(&self.name);
        self.emit(NodeEvent::SeatsChanged(announcement));
    }

    fn maybe_start(&mut self) {
        let Some(lobby) = &self.lobby else { return };
        if lobby.seats.iter().any(Option::is_none) {
            return;
        }
        let seats = lobby
            .seats
            .iter()
            .flatten()
            .map(|(host, name, bot)| SeatInfo { host: *host, name: name.clone(), bot: bot.clone() })
            .collect();
        let genesis = Genesis {
            table_name: lobby.open.table_name.clone(),
            game: lobby.open.game.clone(),
            config: lobby.values.clone(),
            seats,
            host: self.me,
            hands: lobby.open.hands,
            seed: lobby.open.seed,
            nonce: lobby.nonce,
        };
        let signed = SignedGenesis::sign(genesis, &self.key);
        self.lobby = None;
        let joiners: BTreeSet<PeerId> =
            signed.genesis.seats.iter().filter(|s| s.host != self.me).filter_map(|s| peer_id_of(&s.host)).collect();
        for joiner in joiners {
            self.request(joiner, Request::Start(signed.clone()));
        }
        self.begin_table(signed);
    }

    fn begin_table(&mut self, signed: SignedGenesis) {
        if self.machine.is_some() {
            return;
        }
        match TableMachine::new(signed, self.key.clone(), self.secret) {
            Ok(mut machine) => {
                if let Err(fault) = machine.start() {
                    self.emit(NodeEvent::Error(fault.to_string()));
                }
                self.started(machine, false);
            }
            Err(error) => self.emit(NodeEvent::Error(error)),
        }
    }

    fn found(&mut self, peer: PeerId, address: Multiaddr) {
        if peer == *self.swarm.local_peer_id() {
            return;
        }
        let new = self.addresses.entry(peer).or_default().insert(address.clone());
        if new {
            // Every behaviour learns the address (request-response dials with it).
            self.swarm.add_peer_address(peer, address.clone());
        }
        if new && !self.connected.contains(&peer) {
            let _ = self.swarm.dial(libp2p::swarm::dial_opts::DialOpts::peer_id(peer).addresses(vec![address]).build());
        }
        if self.machine.is_none() && self.hello_sent.insert(peer) {
            self.request(peer, Request::Hello);
        }
    }

    fn try_join(&mut self) {
        if self.join_sent || self.machine.is_some() {
            return;
        }
        let Some((name, seat, bot)) = self.wanted.clone() else { return };
        let found =
            self.announced.values().find(|a| a.table_name == name && a.seats.iter().any(Option::is_none)).cloned();
        let Some(announcement) = found else { return };
        let host = self.announced_hosts.get(&announcement.table_id).copied();
        let Some(host) = host else { return };
        self.join_sent = true;
        self.request(host, Request::Join { table_id: announcement.table_id, name: self.name.clone(), seat, bot });
    }

    fn peer_key(&self, peer: &PeerId) -> Option<PeerKey> {
        let machine = self.machine.as_ref()?;
        machine
            .genesis()
            .genesis
            .seats
            .iter()
            .map(|seat| seat.host)
            .find(|host| peer_id_of(host).as_ref() == Some(peer))
    }

    fn on_request(&mut self, peer: PeerId, request: Request) -> Response {
        match request {
            Request::Hello => {
                let mut tables = Vec::new();
                if let Some(lobby) = &self.lobby {
                    tables.push(lobby.announcement(&self.name));
                }
                Response::Tables(tables)
            }
            Request::Join { table_id, name, seat, bot } => {
                let Some(lobby) = self.lobby.as_mut() else { return Response::Refused("no open table".into()) };
                if lobby.table_id != table_id {
                    return Response::Refused("no such table".into());
                }
                let Some(key) = peer_key_from_id(&peer) else {
                    return Response::Refused("not an ed25519 device".into());
                };
                let name: String = name.chars().take(32).collect();
                if let Some(at) = lobby.seats.iter().position(|s| s.as_ref().is_some_and(|(host, _, _)| *host == key)) {
                    return Response::Joined { seat: at as u8 };
                }
                let free = match seat {
                    Some(seat) if lobby.seats.get(seat as usize).is_some_and(Option::is_none) => Some(seat as usize),
                    Some(_) => None,
                    None => lobby.seats.iter().position(Option::is_none),
                };
                let Some(free) = free else { return Response::Refused("that seat is taken".into()) };
                let bot = bot.filter(|kind| troef_bots::BotKind::parse(kind).is_ok());
                lobby.seats[free] = Some((key, name, bot));
                self.announce();
                self.maybe_start();
                Response::Joined { seat: free as u8 }
            }
            Request::Start(signed) => {
                if signed.verify().is_err() || check_genesis(&signed.genesis).is_err() {
                    return Response::Refused("a bad genesis".into());
                }
                let from_host = peer_id_of(&signed.genesis.host) == Some(peer);
                let mine = signed.genesis.seats.iter().any(|seat| seat.host == self.me);
                let wanted = self.wanted.as_ref().is_some_and(|(name, _, _)| *name == signed.genesis.table_name);
                if !from_host || !mine || !wanted {
                    return Response::Refused("not a table this device joined".into());
                }
                self.begin_table(signed);
                Response::Ack
            }
            Request::Entry(bytes) => {
                if self.deaf_until.is_some() {
                    return Response::Ack;
                }
                let from = self.peer_key(&peer);
                if let (Some(from), Some(machine)) = (from, self.machine.as_mut()) {
                    let _ = machine.receive(from, &bytes);
                }
                Response::Ack
            }
            Request::Sync { table_id, next } => {
                if self.deaf_until.is_some() {
                    return Response::Entries(Vec::new());
                }
                let table = [self.machine.as_ref(), self.finished.as_ref()]
                    .into_iter()
                    .flatten()
                    .find(|machine| machine.table_id() == table_id);
                match table {
                    Some(machine) if next.len() <= 8 => Response::Entries(
                        machine.entries_after(&next, SYNC_BATCH).iter().map(|entry| entry.to_bytes()).collect(),
                    ),
                    _ => Response::Entries(Vec::new()),
                }
            }
        }
    }

    fn on_response(&mut self, peer: PeerId, response: Response) {
        match response {
            Response::Tables(tables) => {
                for table in tables {
                    if table.seats.len() > 8 {
                        continue;
                    }
                    self.announced_hosts.insert(table.table_id, peer);
                    let new = self.announced.insert(table.table_id, table.clone()).as_ref() != Some(&table);
                    if new {
                        self.emit(NodeEvent::TableFound(table));
                    }
                }
                self.try_join();
            }
            Response::Joined { .. } => {}
            Response::Refused(reason) => {
                self.join_sent = false;
                self.emit(NodeEvent::Error(format!("refused: {reason}")));
            }
            Response::Ack => {}
            Response::Entries(entries) => {
                if self.deaf_until.is_some() {
                    return;
                }
                let from = self.peer_key(&peer);
                if let (Some(from), Some(machine)) = (from, self.machine.as_mut()) {
                    for bytes in entries {
                        if machine.receive(from, &bytes).is_err() {
                            break;
                        }
                    }
                }
            }
        }
    }

    fn on_swarm(&mut self, event: SwarmEvent<BehaviourEvent>) {
        match event {
            SwarmEvent::NewListenAddr { address, .. } => self.emit(NodeEvent::Listening(address)),
            SwarmEvent::ConnectionEstablished { peer_id, endpoint, .. } => {
                self.connected.insert(peer_id);
                if endpoint.is_dialer() {
                    self.addresses.entry(peer_id).or_default().insert(endpoint.get_remote_address().clone());
                }
                self.seat_presence(peer_id, true);
                if let Some(machine) = &self.machine {
                    let request = Request::Sync { table_id: machine.table_id(), next: machine.heads() };
                    if self.table_hosts().contains(&peer_id) {
                        self.request(peer_id, request);
                    }
                } else if self.hello_sent.insert(peer_id) {
                    self.request(peer_id, Request::Hello);
                }
            }
            SwarmEvent::ConnectionClosed { peer_id, num_established: 0, .. } => {
                self.connected.remove(&peer_id);
                self.seat_presence(peer_id, false);
            }
            SwarmEvent::Behaviour(BehaviourEvent::Mdns(mdns::Event::Discovered(found))) => {
                for (peer, address) in found {
                    self.found(peer, address);
                }
            }
            SwarmEvent::Behaviour(BehaviourEvent::Table(request_response::Event::Message {
                peer, message, ..
            })) => match message {
                request_response::Message::Request { request, channel, .. } => {
                    let response = self.on_request(peer, request);
                    let _ = self.swarm.behaviour_mut().table.send_response(channel, response);
                }
                request_response::Message::Response { request_id, response } => {
                    self.pending_requests.remove(&request_id);
                    self.on_response(peer, response);
                }
            },
            SwarmEvent::Behaviour(BehaviourEvent::Table(request_response::Event::OutboundFailure {
                request_id,
                ..
            })) => {
                // A lost join is asked again with the next hello.
                let ours = self.pending_requests.remove(&request_id).is_some();
                self.join_sent &= !(ours && self.machine.is_none());
            }
            _ => {}
        }
    }

    /// A seat's device came or went: the others see who is missing.
    fn seat_presence(&mut self, peer: PeerId, present: bool) {
        let Some(machine) = &self.machine else { return };
        let seats: Vec<(u8, String)> = machine
            .genesis()
            .genesis
            .seats
            .iter()
            .enumerate()
            .filter(|(_, seat)| peer_id_of(&seat.host) == Some(peer))
            .map(|(index, seat)| (index as u8, seat.label()))
            .collect();
        for (seat, label) in seats {
            if present && self.missing.remove(&seat) {
                self.emit(NodeEvent::SeatBack { seat, label });
            } else if !present && self.missing.insert(seat) {
                self.emit(NodeEvent::SeatMissing { seat, label });
            }
        }
    }
}

/// The ed25519 device key inside a peer id.
pub fn peer_key_from_id(peer: &PeerId) -> Option<PeerKey> {
    let public = identity::PublicKey::try_decode_protobuf(peer.as_ref().digest()).ok()?;
    Some(public.try_into_ed25519().ok()?.to_bytes())
}

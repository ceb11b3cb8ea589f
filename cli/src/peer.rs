//! `troef peer`: a headless peer-to-peer table device whose own seat is played by a bot. It opens
//! or joins a table on the local network (mDNS), plays it to the end, prints one line per hand and
//! a summary (`--json`: hands, scores, log hash), and saves everything in `--data` so a killed
//! peer restarted with the same directory rejoins its table. For tests, soaks and debugging.

use crate::output::{print, Failure};
use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};
use troef_net::p2p::{spawn, Command, NodeConfig, NodeEvent, OpenTable};
use troef_net::table::wire::short_hex;
use troef_net::table::TableEvent;

#[derive(Debug)]
pub struct Options {
    pub name: String,
    pub open: Option<String>,
    pub join: Option<String>,
    pub table: Option<String>,
    pub variants: Vec<String>,
    pub bots: u8,
    pub bot: String,
    pub seat: Option<u8>,
    pub hands: u32,
    pub seed: u64,
    pub data: PathBuf,
    pub json: bool,
    pub timings: Option<PathBuf>,
    pub inject: Option<String>,
    pub inject_at: u32,
    pub chaos: bool,
    pub timeout: u64,
    pub listen: String,
}

fn now_ns() -> u128 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_nanos())
}

pub fn run(options: &Options) -> Result<u8, Failure> {
    if options.open.is_some() == options.join.is_some() {
        return Err(Failure::input("give one of --open GAME or --join TABLE_NAME"));
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|error| Failure::input(error.to_string()))?;
    runtime.block_on(play(options))
}

async fn play(options: &Options) -> Result<u8, Failure> {
    let listen = options.listen.parse().map_err(|_| Failure::input(format!("bad address {}", options.listen)))?;
    let config = NodeConfig {
        data_dir: options.data.clone(),
        name: options.name.clone(),
        listen: vec![listen],
        mdns: true,
        chaos: options.chaos,
    };
    let (client, mut events) = spawn(config).map_err(Failure::input)?;
    let device = troef_net::p2p::peer_key_from_id(&client.peer_id).map(|key| short_hex(&key)).unwrap_or_default();
    print(&format!("{}: device {device} ({})", options.name, client.peer_id));
    let mut timings = match &options.timings {
        Some(path) => Some(std::fs::File::create(path).map_err(|error| Failure::input(error.to_string()))?),
        None => None,
    };
    let table_name =
        options.table.clone().unwrap_or_else(|| options.open.clone().or(options.join.clone()).unwrap_or_default());
    // A saved table resumes on its own; a new one is opened or joined.
    let mut resumed = false;
    while let Ok(event) = events.try_recv() {
        if let NodeEvent::TableStarted { resumed: true, .. } = event {
            resumed = true;
        }
    }
    if resumed {
        print(&format!("{}: resumed the saved table", options.name));
    } else if let Some(game) = &options.open {
        let settings = options
            .variants
            .iter()
            .map(|setting| setting.split_once('=').map(|(k, v)| (k.to_string(), v.to_string())))
            .collect::<Option<Vec<_>>>()
            .ok_or_else(|| Failure::input("a variant is KEY=VALUE"))?;
        client.send(Command::Open(OpenTable {
            table_name: table_name.clone(),
            game: game.clone(),
            settings,
            bots: options.bots,
            bot_kind: options.bot.clone(),
            own_bot: Some(options.bot.clone()),
            hands: options.hands,
            seed: options.seed,
        }));
    } else {
        client.send(Command::Join {
            table_name: table_name.clone(),
            seat: options.seat,
            own_bot: Some(options.bot.clone()),
        });
    }
    let deadline = Instant::now() + Duration::from_secs(options.timeout);
    let mut hands = 0u32;
    let mut scores = String::new();
    let mut hand_started: Option<(u64, Instant)> = None;
    let mut injected = false;
    let mut applied_in_first_hand = 0u32;
    let mut done_at: Option<(Instant, [u8; 32])> = None;
    loop {
        if let Some((at, log_hash)) = done_at {
            // Stay a moment so the others get this device's last entries.
            if at.elapsed() > Duration::from_secs(3) {
                client.send(Command::Shutdown);
                if options.json {
                    print(&serde_json::json!({ "name": options.name, "hands": hands, "scores": scores, "log_hash": hex(&log_hash) }).to_string());
                } else {
                    print(&format!("{}: hands={hands} scores={scores} log={}", options.name, hex(&log_hash)));
                }
                return Ok(0);
            }
        }
        if Instant::now() > deadline {
            client.send(Command::Shutdown);
            return Err(Failure { code: 1, message: format!("{}: timed out after {hands} hands", options.name) });
        }
        let event = match tokio::time::timeout(Duration::from_millis(200), events.recv()).await {
            Ok(Some(event)) => event,
            Ok(None) => return Err(Failure { code: 1, message: "the node stopped".into() }),
            Err(_) => continue,
        };
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
                    if !injected && applied_in_first_hand >= options.inject_at {
                        injected = true;
                        client.send(Command::Inject(kind.clone()));
                        print(&format!("{}: injected {kind}", options.name));
                    }
                }
            }
            NodeEvent::Table(TableEvent::HandFinished(summary)) => {
                hands += 1;
                scores = summary.scores.iter().map(|(k, v)| format!("{k}:{v}")).collect::<Vec<_>>().join(",");
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
                client.send(Command::Shutdown);
                return Ok(3);
            }
            NodeEvent::TableDone { log_hash } => done_at = Some((Instant::now(), log_hash)),
            NodeEvent::SeatMissing { seat, label } => {
                print(&format!("{}: waiting for seat {seat} ({label})", options.name))
            }
            NodeEvent::SeatBack { seat, label } => print(&format!("{}: seat {seat} ({label}) is back", options.name)),
            NodeEvent::Error(error) => print(&format!("{}: error: {error}", options.name)),
            _ => {}
        }
    }
}

fn hex(bytes: &[u8; 32]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect::<String>() + &short_hex(&[])
}

fn percentile(sorted: &[f64], fraction: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let index = ((sorted.len() as f64 - 1.0) * fraction).round() as usize;
    sorted[index.min(sorted.len() - 1)]
}

/// `troef lan-report`: the figures of the peers' timing files (all peers on one machine share
/// its clock): the time from a hand's start to every hand dealt (the slowest peer per hand), and
/// the latency from an action to every peer having applied it.
pub fn report(files: &[PathBuf], json: bool) -> Result<u8, Failure> {
    use std::collections::BTreeMap;
    // Per table (the files of one directory), hand and round.
    let mut applied: BTreeMap<(PathBuf, u64, u32), (u128, u128, usize)> = BTreeMap::new();
    let mut peers_per_table: BTreeMap<PathBuf, usize> = BTreeMap::new();
    let mut dealt_per_table: BTreeMap<(PathBuf, u64), f64> = BTreeMap::new();
    for file in files {
        let table = file.parent().map(PathBuf::from).unwrap_or_default();
        *peers_per_table.entry(table.clone()).or_insert(0) += 1;
        let text =
            std::fs::read_to_string(file).map_err(|error| Failure::input(format!("{}: {error}", file.display())))?;
        for line in text.lines() {
            let words: Vec<&str> = line.split_whitespace().collect();
            match words.as_slice() {
                ["dealt", hand, ms] => {
                    if let (Ok(hand), Ok(ms)) = (hand.parse::<u64>(), ms.parse::<f64>()) {
                        let slot = dealt_per_table.entry((table.clone(), hand)).or_insert(0.0);
                        *slot = slot.max(ms);
                    }
                }
                ["applied", hand, round, _seat, at] => {
                    if let (Ok(hand), Ok(round), Ok(at)) = (hand.parse(), round.parse(), at.parse::<u128>()) {
                        let slot = applied.entry((table.clone(), hand, round)).or_insert((u128::MAX, 0, 0));
                        slot.0 = slot.0.min(at);
                        slot.1 = slot.1.max(at);
                        slot.2 += 1;
                    }
                }
                _ => {}
            }
        }
    }
    let mut deal: Vec<f64> = dealt_per_table.values().copied().collect();
    deal.sort_by(f64::total_cmp);
    let mut latency: Vec<f64> = applied
        .iter()
        .filter(|((table, _, _), (_, _, count))| Some(count) == peers_per_table.get(table))
        .map(|(_, (first, last, _))| (last - first) as f64 / 1e6)
        .collect();
    latency.sort_by(f64::total_cmp);
    let (deal_p50, deal_max) = (percentile(&deal, 0.5), deal.last().copied().unwrap_or(0.0));
    let (lat_p50, lat_p99) = (percentile(&latency, 0.5), percentile(&latency, 0.99));
    if json {
        print(
            &serde_json::json!({
                "hands": deal.len(), "deal_ms_p50": deal_p50, "deal_ms_max": deal_max,
                "actions": latency.len(), "applied_ms_p50": lat_p50, "applied_ms_p99": lat_p99,
            })
            .to_string(),
        );
    } else {
        print(&format!(
            "lan figures: start hand to every hand dealt p50 {deal_p50:.1} ms, max {deal_max:.1} ms ({} hands); action to all applied p50 {lat_p50:.1} ms, p99 {lat_p99:.1} ms ({} actions)",
            deal.len(),
            latency.len()
        ));
    }
    Ok(0)
}

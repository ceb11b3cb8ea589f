//! Acceptance 1 over libp2p: devices on the in-memory transport (Noise + Yamux as on TCP), found
//! through the discovery seam (peers injected, no mDNS), open a table, join it, and play it to its
//! end; every device ends with the same log hash and the same hands.

use std::path::PathBuf;
use std::time::Duration;
use troef_net::p2p::{spawn, Command, NodeConfig, NodeEvent, OpenTable};
use troef_net::table::{HandSummary, TableEvent};

struct Played {
    log_hashes: Vec<[u8; 32]>,
    hands: Vec<Vec<HandSummary>>,
    /// The devices' data directories (`d0`, `d1`, ...), removed when this is dropped.
    data: PathBuf,
}

impl Drop for Played {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.data);
    }
}

async fn play(game: &str, settings: &[(&str, &str)], devices: usize, bots: u8, hands: u32, seed: u64) -> Played {
    let base = std::env::temp_dir().join(format!("troef-p2p-{}-{game}-{seed}", std::process::id()));
    let _ = std::fs::remove_dir_all(&base);
    let mut nodes = Vec::new();
    for index in 0..devices {
        let address: libp2p::Multiaddr =
            format!("/memory/{}", 1_000_000 + seed * 100 + index as u64).parse().expect("address");
        let config = NodeConfig {
            data_dir: base.join(format!("d{index}")),
            name: format!("player{index}"),
            listen: vec![address.clone()],
            mdns: false,
            chaos: false,
        };
        let (client, events) = spawn(config).expect("node");
        nodes.push((client, events, address));
    }
    for i in 0..devices {
        for j in 0..devices {
            if i != j {
                let peer = nodes[j].0.peer_id;
                let address = nodes[j].2.clone();
                nodes[i].0.send(Command::AddPeer(peer, address));
            }
        }
    }
    nodes[0].0.send(Command::Open(OpenTable {
        table_name: format!("{game} table"),
        game: game.into(),
        settings: settings.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(),
        bots,
        bot_kind: "baseline".into(),
        own_bot: Some("baseline".into()),
        hands,
        seed,
    }));
    for (index, node) in nodes.iter().enumerate().skip(1) {
        node.0.send(Command::Join {
            table_name: format!("{game} table"),
            seat: Some(index as u8),
            own_bot: Some("baseline".into()),
        });
    }
    let mut log_hashes = vec![None; devices];
    let mut summaries = vec![Vec::new(); devices];
    let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
    while log_hashes.iter().any(Option::is_none) {
        assert!(tokio::time::Instant::now() < deadline, "{game}: the table did not finish in time");
        for (index, node) in nodes.iter_mut().enumerate() {
            while let Ok(event) = node.1.try_recv() {
                match event {
                    NodeEvent::TableDone { log_hash } => log_hashes[index] = Some(log_hash),
                    NodeEvent::Table(TableEvent::HandFinished(summary)) => summaries[index].push(summary),
                    NodeEvent::Table(TableEvent::Paused(fault)) => panic!("{game}: device {index} paused: {fault}"),
                    NodeEvent::Error(error) => panic!("{game}: device {index}: {error}"),
                    _ => {}
                }
            }
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    for node in &nodes {
        node.0.send(Command::Shutdown);
    }
    Played { log_hashes: log_hashes.into_iter().flatten().collect(), hands: summaries, data: base }
}

fn check(played: &Played, hands: usize, what: &str) {
    assert!(played.log_hashes.iter().all(|hash| *hash == played.log_hashes[0]), "{what}: log hashes differ");
    for summaries in &played.hands {
        assert_eq!(summaries, &played.hands[0], "{what}: hands differ");
    }
    if hands > 0 {
        assert_eq!(played.hands[0].len(), hands, "{what}");
    }
}

/// A game, its settings, the devices at the table and the bots the opener hosts.
type Case = (&'static str, &'static [(&'static str, &'static str)], usize, u8);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_game_over_the_memory_transport() {
    let cases: &[Case] = &[
        ("tarneeb", &[], 4, 0),
        ("tysiacha", &[], 3, 0),
        ("tysiacha", &[("players", "4")], 3, 1),
        ("rikken", &[], 4, 0),
        ("rikken", &[("players", "three_rene")], 3, 1),
        ("rikken", &[("players", "three_blind")], 3, 1),
        ("tachtigen", &[], 3, 0),
        ("tachentige", &[], 2, 2),
    ];
    let only = std::env::var("P2P_ONLY").ok();
    for (index, (game, settings, devices, bots)) in cases.iter().enumerate() {
        if only.as_deref().is_some_and(|only| only != *game) {
            continue;
        }
        let played = play(game, settings, *devices, *bots, 2, 40 + index as u64).await;
        check(&played, 2, &format!("{game} {settings:?}"));
    }
}

/// A device stopped after its table ended and started again from its data directory does not
/// resume the table (it is over) but reports it, with the hands and log hash the others ended with.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_device_restarted_after_its_table_ended_reports_it() {
    let played = play("tarneeb", &[], 4, 0, 2, 60).await;
    check(&played, 2, "tarneeb");
    // Let the devices' shutdown reach their nodes before a node reopens a data directory.
    tokio::time::sleep(Duration::from_millis(200)).await;
    let config = NodeConfig {
        data_dir: played.data.join("d2"),
        name: "player2".into(),
        listen: vec!["/memory/2000002".parse().expect("address")],
        mdns: false,
        chaos: false,
    };
    let (client, mut events) = spawn(config).expect("node");
    let mut reported = None;
    while let Ok(event) = events.try_recv() {
        match event {
            NodeEvent::SavedTableOver { table_name, hands, scores, log_hash } => {
                reported = Some((table_name, hands, scores, log_hash))
            }
            NodeEvent::TableStarted { .. } => panic!("a table that is over was resumed"),
            _ => {}
        }
    }
    client.send(Command::Shutdown);
    let (table_name, hands, scores, log_hash) = reported.expect("the saved table is reported over");
    assert_eq!(table_name, "tarneeb table");
    assert_eq!(hands, 2);
    assert_eq!(scores, played.hands[2].last().expect("a hand").scores);
    assert_eq!(log_hash, played.log_hashes[0]);
}

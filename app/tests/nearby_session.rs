//! The app's networked session over real libp2p nodes (the in-memory transport with Noise and
//! Yamux, as over TCP; peers injected through the discovery seam instead of mDNS): two devices,
//! each with a person's seat driven through `NetworkSession` (views from the seat's own partial
//! hand, moves through `TableSession::act` and the client handle), the opener hosting two bots.
//! Both devices see every hand verified, agree on every result, and never see another seat's
//! cards; a device whose app is stopped mid-hand and started again rejoins the table; three
//! devices play Rikken with René and with the blind, the dummy's turns taken by the persons
//! through their own sessions.

use std::path::{Path, PathBuf};
use std::time::Duration;
use troef_app::nearby::{self, NearbySession};
use troef_app::session::HandResult;
use troef_app::setup::BotLevel;
use troef_core::Seat;
use troef_net::p2p::{spawn, Client, Command, Multiaddr, NodeConfig, NodeEvent, OpenTable};
use troef_net::table::TableEvent;

struct Device {
    client: Client,
    address: Multiaddr,
    events: tokio::sync::mpsc::UnboundedReceiver<NodeEvent>,
    session: Option<Box<dyn NearbySession>>,
    results: Vec<HandResult>,
    /// The tricks the screen listed when each hand's result came.
    tricks_listed: Vec<usize>,
    actions: u32,
    done: bool,
    /// Whether no other seat's card may ever show (Tarneeb); a Rikken table shows René's hand to
    /// his operator and open contracts' hands to all.
    hands_private: bool,
}

fn start_device(dir: &Path, name: &str, address: Multiaddr) -> Device {
    let config = NodeConfig {
        data_dir: dir.to_path_buf(),
        name: name.into(),
        listen: vec![address.clone()],
        mdns: false,
        chaos: false,
    };
    let (client, events) = spawn(config).expect("node");
    Device {
        client,
        address,
        events,
        session: None,
        results: Vec::new(),
        tricks_listed: Vec::new(),
        actions: 0,
        done: false,
        hands_private: true,
    }
}

fn introduce(devices: &[Device]) {
    for (i, device) in devices.iter().enumerate() {
        for (j, other) in devices.iter().enumerate() {
            if i != j {
                device.client.send(Command::AddPeer(other.client.peer_id, other.address.clone()));
            }
        }
    }
}

fn address(seed: u64, index: u64) -> Multiaddr {
    format!("/memory/{}", seed + u64::from(std::process::id() % 1000) * 10 + index).parse().expect("address")
}

/// One round of a device: its node's events into the session, the queue played out (checking
/// that every view shows only this seat's cards), a result taken, this seat's move sent.
fn step(index: usize, device: &mut Device) {
    while let Ok(event) = device.events.try_recv() {
        match &event {
            NodeEvent::TableStarted { genesis, my_seats, .. } => {
                device.session = Some(nearby::start(device.client.clone(), genesis, my_seats).expect("session"));
                continue;
            }
            NodeEvent::Table(TableEvent::Paused(fault)) => panic!("device {index} paused: {fault}"),
            NodeEvent::TableDone { .. } => device.done = true,
            _ => {}
        }
        if let Some(session) = device.session.as_mut() {
            session.receive(event);
        }
    }
    let Some(session) = device.session.as_mut() else { return };
    loop {
        while session.advance().expect("advance") {
            let own = session.own_seat().expect("a person's seat");
            let view = session.view(Some(own));
            // Only this seat's cards: its hand, and nothing of the other hands.
            if device.hands_private {
                assert!(view.seats.iter().all(|panel| panel.shown.is_empty()), "device {index} sees a hand");
            }
            assert!(view.hand.len() <= 13);
            assert!(session.view(None).hand.is_empty());
        }
        match session.hand_result() {
            Some(result) => {
                let own = session.own_seat().expect("a person's seat");
                device.tricks_listed.push(session.view(Some(own)).tricks.len());
                device.results.push(result);
                session.next_hand().expect("next hand");
            }
            None => break,
        }
    }
    if let (Some(seat), Some(line)) = (session.own_seat(), session.bot_line(BotLevel::Normal)) {
        // The view offers exactly the move as an option.
        let view = session.view(Some(seat));
        assert!(view.options.iter().any(|option| option.line == line), "{line} not offered");
        session.act(seat, &line).expect("act");
        device.actions += 1;
        assert!(session.view(Some(seat)).options.is_empty(), "options while the move travels");
        assert!(session.act(seat, &line).is_err(), "a second tap is refused");
    }
}

async fn play_until(devices: &mut [Device], mut stop: impl FnMut(&[Device]) -> bool) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(120);
    while !stop(devices) {
        assert!(tokio::time::Instant::now() < deadline, "the table did not get there in time");
        for (index, device) in devices.iter_mut().enumerate() {
            step(index, device);
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// The table's last events (the final result) may come after its end was reported.
fn finish(devices: &mut [Device]) {
    for (index, device) in devices.iter_mut().enumerate() {
        step(index, device);
        device.client.send(Command::Shutdown);
    }
}

fn open(device: &Device, hands: u32, seed: u64) {
    open_game(device, "tarneeb", &[], 2, hands, seed);
}

fn open_game(device: &Device, game: &str, settings: &[(&str, &str)], bots: u8, hands: u32, seed: u64) {
    device.client.send(Command::Open(OpenTable {
        table_name: "kitchen".into(),
        game: game.into(),
        settings: settings.iter().map(|(key, value)| (key.to_string(), value.to_string())).collect(),
        bots,
        bot_kind: "baseline".into(),
        own_bot: None,
        hands,
        seed,
    }));
}

fn join(device: &Device) {
    device.client.send(Command::Join { table_name: "kitchen".into(), seat: None, own_bot: None });
}

/// The hands of the two-device table.
const HANDS: u32 = 8;

fn base(name: &str) -> PathBuf {
    let base = std::env::temp_dir().join(format!("troef-app-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&base);
    base
}

#[test]
fn two_devices_play_hands_through_the_network_session() {
    nearby::runtime().block_on(async {
        let base = base("nearby");
        let mut devices: Vec<Device> = (0..2u64)
            .map(|index| {
                start_device(
                    &base.join(format!("d{index}")),
                    ["Anna", "Bram"][index as usize],
                    address(7_300_000, index),
                )
            })
            .collect();
        introduce(&devices);
        // Several hands: the deal is random (every device's shuffle), and a Tarneeb hand that all
        // four pass is thrown in without a trick.
        open(&devices[0], HANDS, 5);
        join(&devices[1]);
        play_until(&mut devices, |all| all.iter().all(|device| device.done)).await;
        finish(&mut devices);
        let _ = std::fs::remove_dir_all(&base);
        let seats: Vec<Seat> =
            devices.iter().map(|device| device.session.as_ref().unwrap().own_seat().unwrap()).collect();
        assert_eq!(seats[0], Seat(0), "the opener sits at seat 0");
        assert_ne!(seats[0], seats[1]);
        for device in &devices {
            assert_eq!(device.results.len(), HANDS as usize, "every hand shown");
            assert!(device.results.iter().all(|result| result.verified == Some(true)), "every deal verified");
            assert!(device.results.iter().all(|result| !result.breakdown.is_empty()), "the audited replay");
            let session = device.session.as_ref().unwrap();
            assert_eq!(session.scoreboard().rows.len(), HANDS as usize);
            // Bots play several tricks between two looks of the screen: the list holds every
            // trick the hand's audited record played (none in a thrown-in hand).
            let played: Vec<usize> = (1..=HANDS)
                .map(|number| {
                    let record = session.finished_record(number).expect("every hand's record");
                    assert!(troef_core::record::replay_hand::<troef_core::games::tarneeb::Tarneeb>(&record).is_ok());
                    record.actions.iter().filter(|line| line.contains(" PLAY ")).count() / 4
                })
                .collect();
            assert_eq!(device.tricks_listed, played, "every trick of every hand listed");
            assert!(played.contains(&13), "a hand was played out: {played:?}");
        }
        assert_eq!(devices[0].results, devices[1].results, "both devices show the same results");

        // Connection news and a pause reach the screen at once, naming the seat.
        let session = devices[0].session.as_mut().unwrap();
        session.receive(NodeEvent::SeatMissing { seat: 1, label: "Bram".into() });
        let status = session.nearby().expect("a networked table");
        assert_eq!(
            status.missing.iter().map(|(seat, name)| (seat.0, name.as_str())).collect::<Vec<_>>(),
            [(1, "Bram")]
        );
        session.receive(NodeEvent::SeatBack { seat: 1, label: "Bram".into() });
        assert!(session.nearby().unwrap().missing.is_empty());
        session.receive(NodeEvent::Table(TableEvent::Paused(troef_net::table::TableFault {
            seat: Some(1),
            peer: None,
            kind: troef_net::table::TableFaultKind::Illegal,
            detail: "PLAY 2C is not a legal action now".into(),
        })));
        let pause = session.nearby().unwrap().paused.expect("paused");
        assert_eq!((pause.seat, pause.name.as_deref(), pause.kind.as_str()), (Some(Seat(1)), Some("Bram"), "Illegal"));
        assert!(session.view(Some(seats[0])).options.is_empty(), "nothing is offered while paused");
    });
}

/// Bram's app stops in the middle of a later hand's play (its node and session gone) and starts again
/// on the same data directory: the node resumes the saved table, the new session picks the hand
/// up where it is, the others see Bram missing meanwhile, and both devices end with the same
/// last result and the same record of that hand (from the match scores before it, though Bram's
/// new session never saw the hands before it end).
#[test]
fn a_device_restarted_mid_hand_rejoins_the_table() {
    nearby::runtime().block_on(async {
        let base = base("rejoin");
        let dirs: Vec<PathBuf> = (0..2).map(|index| base.join(format!("d{index}"))).collect();
        let mut devices: Vec<Device> = (0..2u64)
            .map(|index| {
                start_device(&dirs[index as usize], ["Anna", "Bram"][index as usize], address(7_600_000, index))
            })
            .collect();
        introduce(&devices);
        open(&devices[0], HANDS, 9);
        join(&devices[1]);
        // Bram stops once a hand after the first is in its card play (a thrown-in hand has none).
        let mut comeback: Option<u32> = None;
        play_until(&mut devices, |all| {
            let bram = &all[1];
            assert!(!bram.done, "the table ended before a later hand was played");
            let Some(session) = bram.session.as_ref().filter(|_| !bram.results.is_empty()) else { return false };
            let view = session.view(session.own_seat());
            let first = bram.results[0].hand_number;
            if view.hand_number > first && (1..=10).contains(&view.tricks_played) {
                comeback = Some(view.hand_number);
            }
            comeback.is_some()
        })
        .await;
        let comeback = comeback.expect("the hand Bram comes back to");
        devices[1].client.send(Command::Shutdown);
        let stopped = devices.pop().expect("Bram");
        drop(stopped);
        let mut anna = devices.pop().expect("Anna");
        // Anna's screen says who the table waits for.
        play_until(std::slice::from_mut(&mut anna), |all| {
            all[0]
                .session
                .as_ref()
                .and_then(|session| session.nearby())
                .is_some_and(|status| !status.missing.is_empty())
        })
        .await;
        // Started again, on a new address (as a phone may come back with another IP).
        let mut bram = start_device(&dirs[1], "Bram", address(7_600_000, 2));
        let mut devices = vec![anna, bram];
        introduce(&devices);
        play_until(&mut devices, |all| all.iter().all(|device| device.done)).await;
        finish(&mut devices);
        let _ = std::fs::remove_dir_all(&base);
        bram = devices.pop().expect("Bram");
        let anna = devices.pop().expect("Anna");
        assert_eq!(anna.results.len(), HANDS as usize);
        assert!(!bram.results.is_empty(), "Bram's app showed the hands after it rejoined");
        assert_eq!(anna.results.last(), bram.results.last(), "the same last result on both devices");
        assert!(anna.results.iter().chain(&bram.results).all(|result| result.verified == Some(true)));
        let record_of = |device: &Device| device.session.as_ref().and_then(|session| session.finished_record(comeback));
        let record = record_of(&anna).expect("Anna's record of the hand Bram came back to");
        assert_eq!(record_of(&bram).as_ref(), Some(&record), "the same record of the hand Bram came back to");
        assert!(record.scores_before.is_some(), "the hand starts from the scores of the hands before it");
        // Replayed from its starting scores, the record ends at the totals both devices showed.
        use troef_core::games::tarneeb::Tarneeb;
        use troef_core::Game;
        let replayed = troef_core::record::replay_hand::<Tarneeb>(&record).expect("replays");
        let config =
            Tarneeb::config(&troef_core::ConfigValues::validate(Tarneeb::config_keys(), []).expect("defaults"));
        let sheet = Tarneeb::scores_to_sheet(&config, &replayed.scores_after);
        let shown = &anna.results.iter().find(|result| result.hand_number == comeback).expect("its result").totals;
        assert!(!shown.is_empty());
        assert!(shown.iter().all(|entry| sheet.get(&entry.key) == Some(&entry.value)), "{sheet:?} against {shown:?}");
    });
}

/// Rikken for three with a dummy (René, or the blind; P3, hosted by the opener's device): three
/// devices, each a person's seat, take the dummy's turns as its operators or controllers through
/// their own sessions (the session offers the dummy's cards to the seat on turn for it), and all
/// three end every hand verified with the same results and records that replay.
#[test]
fn three_devices_play_rikken_with_rene_through_the_network_session() {
    three_devices_play_rikken_with_a_dummy("three_rene", 7_900_000);
}

#[test]
fn three_devices_play_rikken_with_the_blind_through_the_network_session() {
    three_devices_play_rikken_with_a_dummy("three_blind", 8_100_000);
}

fn three_devices_play_rikken_with_a_dummy(players: &str, addresses: u64) {
    use troef_core::games::rikken::Rikken;
    const RIKKEN_HANDS: u32 = 3;
    nearby::runtime().block_on(async {
        let base = base(players);
        let mut devices: Vec<Device> = (0..3u64)
            .map(|index| {
                let name = ["Anna", "Bram", "Carla"][index as usize];
                let mut device = start_device(&base.join(format!("d{index}")), name, address(addresses, index));
                device.hands_private = false;
                device
            })
            .collect();
        introduce(&devices);
        open_game(&devices[0], "rikken", &[("players", players)], 1, RIKKEN_HANDS, 3);
        join(&devices[1]);
        join(&devices[2]);
        play_until(&mut devices, |all| all.iter().all(|device| device.done)).await;
        finish(&mut devices);
        let _ = std::fs::remove_dir_all(&base);
        let mut seats: Vec<u8> =
            devices.iter().map(|device| device.session.as_ref().unwrap().own_seat().unwrap().0).collect();
        seats.sort_unstable();
        assert_eq!(seats, [0, 1, 2], "the three persons sit at P0-P2, the dummy at P3");
        for device in &devices {
            assert_eq!(device.results.len(), RIKKEN_HANDS as usize, "every hand shown");
            assert!(device.results.iter().all(|result| result.verified == Some(true)), "every deal verified");
            let session = device.session.as_ref().unwrap();
            for number in 1..=RIKKEN_HANDS {
                let record = session.finished_record(number).expect("every hand's record");
                assert!(troef_core::record::replay_hand::<Rikken>(&record).is_ok(), "hand {number} replays");
            }
        }
        assert_eq!(devices[0].results, devices[1].results, "the same results on every device");
        assert_eq!(devices[0].results, devices[2].results, "the same results on every device");
        // The dummy never acts itself: its cards are played by the persons' seats.
        let session = devices[0].session.as_ref().unwrap();
        let mut cards_played = 0;
        for number in 1..=RIKKEN_HANDS {
            let record = session.finished_record(number).unwrap();
            assert!(record.actions.iter().all(|line| !line.starts_with("P3 ")), "{:?}", record.actions);
            cards_played += record.actions.iter().filter(|line| line.contains(" play ")).count();
        }
        assert!(cards_played >= 52, "a hand was played out ({cards_played} cards)");
    });
}

//! The app's networked session over real libp2p nodes (the in-memory transport with Noise and
//! Yamux, as over TCP; peers injected through the discovery seam instead of mDNS): two devices,
//! each with a person's seat driven through `NetworkSession` (views from the seat's own partial
//! hand, moves through `TableSession::act` and the client handle), the opener hosting two bots.
//! Both devices see every hand verified, agree on every result, and never see another seat's
//! cards.

use std::time::Duration;
use troef_app::nearby::{self, NearbySession};
use troef_app::setup::BotLevel;
use troef_core::Seat;
use troef_net::p2p::{spawn, Command, NodeConfig, NodeEvent, OpenTable};

struct Device {
    client: troef_net::p2p::Client,
    events: tokio::sync::mpsc::UnboundedReceiver<NodeEvent>,
    session: Option<Box<dyn NearbySession>>,
    results: Vec<troef_app::session::HandResult>,
    done: bool,
}

#[test]
fn two_devices_play_hands_through_the_network_session() {
    nearby::runtime().block_on(async {
        let base = std::env::temp_dir().join(format!("troef-app-nearby-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&base);
        let mut devices = Vec::new();
        let mut addresses = Vec::new();
        for index in 0..2u64 {
            let address = format!("/memory/{}", 7_300_000 + u64::from(std::process::id() % 1000) * 10 + index)
                .parse()
                .expect("address");
            let config = NodeConfig {
                data_dir: base.join(format!("d{index}")),
                name: ["Anna", "Bram"][index as usize].into(),
                listen: vec![address],
                mdns: false,
                chaos: false,
            };
            let listen = config.listen[0].clone();
            let (client, events) = spawn(config).expect("node");
            addresses.push((client.peer_id, listen));
            devices.push(Device { client, events, session: None, results: Vec::new(), done: false });
        }
        for (i, device) in devices.iter().enumerate() {
            for (j, (peer, address)) in addresses.iter().enumerate() {
                if i != j {
                    device.client.send(Command::AddPeer(*peer, address.clone()));
                }
            }
        }
        devices[0].client.send(Command::Open(OpenTable {
            table_name: "kitchen".into(),
            game: "tarneeb".into(),
            settings: Vec::new(),
            bots: 2,
            bot_kind: "baseline".into(),
            own_bot: None,
            hands: 2,
            seed: 5,
        }));
        devices[1].client.send(Command::Join { table_name: "kitchen".into(), seat: None, own_bot: None });
        let deadline = tokio::time::Instant::now() + Duration::from_secs(120);
        while devices.iter().any(|device| !device.done) {
            assert!(tokio::time::Instant::now() < deadline, "the table did not finish in time");
            for (index, device) in devices.iter_mut().enumerate() {
                while let Ok(event) = device.events.try_recv() {
                    match &event {
                        NodeEvent::TableStarted { genesis, my_seats, .. } => {
                            device.session =
                                Some(nearby::start(device.client.clone(), genesis, my_seats).expect("session"));
                            continue;
                        }
                        NodeEvent::Table(troef_net::table::TableEvent::Paused(fault)) => {
                            panic!("device {index} paused: {fault}")
                        }
                        NodeEvent::TableDone { .. } => device.done = true,
                        _ => {}
                    }
                    if let Some(session) = device.session.as_mut() {
                        session.receive(event);
                    }
                }
                let Some(session) = device.session.as_mut() else { continue };
                while session.advance().expect("advance") {
                    let own = session.own_seat().expect("a person's seat");
                    let view = session.view(Some(own));
                    // Only this seat's cards: its hand, and nothing of the other hands.
                    assert!(view.seats.iter().all(|panel| panel.shown.is_empty()), "device {index} sees a hand");
                    assert!(view.hand.len() <= 13);
                    let public = session.view(None);
                    assert!(public.hand.is_empty());
                }
                if let Some(result) = session.hand_result() {
                    device.results.push(result);
                    session.next_hand().expect("next hand");
                    continue;
                }
                if let (Some(seat), Some(line)) = (session.own_seat(), session.bot_line(BotLevel::Normal)) {
                    // The view offers exactly the move as an option.
                    let view = session.view(Some(seat));
                    assert!(view.options.iter().any(|option| option.line == line), "{line} not offered");
                    session.act(seat, &line).expect("act");
                    assert!(session.view(Some(seat)).options.is_empty(), "options while the move travels");
                    assert!(session.act(seat, &line).is_err(), "a second tap is refused");
                }
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        // The last events (the final hand's result) may still be queued.
        for device in devices.iter_mut() {
            while let Ok(event) = device.events.try_recv() {
                device.session.as_mut().expect("session").receive(event);
            }
            let session = device.session.as_mut().expect("session");
            while session.advance().expect("advance") {}
            if let Some(result) = session.hand_result() {
                device.results.push(result);
            }
            device.client.send(Command::Shutdown);
        }
        let _ = std::fs::remove_dir_all(&base);
        let seats: Vec<Seat> =
            devices.iter().map(|device| device.session.as_ref().unwrap().own_seat().unwrap()).collect();
        assert_eq!(seats[0], Seat(0), "the opener sits at seat 0");
        assert_ne!(seats[0], seats[1]);
        for device in &devices {
            assert_eq!(device.results.len(), 2, "both hands shown");
            assert!(device.results.iter().all(|result| result.verified == Some(true)), "every deal verified");
            assert!(device.results.iter().all(|result| !result.breakdown.is_empty()), "the audited replay");
            let session = device.session.as_ref().unwrap();
            assert_eq!(session.scoreboard().rows.len(), 2);
            let record = session.finished_record(1).expect("the first hand's record");
            assert!(troef_core::record::replay_hand::<troef_core::games::tarneeb::Tarneeb>(&record).is_ok());
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
        session.receive(NodeEvent::Table(troef_net::table::TableEvent::Paused(troef_net::table::TableFault {
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

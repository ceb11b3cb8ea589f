//! The table state machine with no transport: complete matches of every game and seat count,
//! identical logs and scores on every device; faults named and paused; crashes resumed.

use troef_net::table::local::{Chaos, LocalTables};
use troef_net::table::{CompletedTrick, TableEvent};

/// Plays until every device is over; returns the tables.
fn play(game: &str, config: &[(&str, &str)], hosts: &[usize], hands: u32, seed: u64, chaos: Chaos) -> LocalTables {
    let mut tables = LocalTables::new(game, config, hosts, hands, seed).expect("table");
    tables.chaos = chaos;
    tables.start().expect("start");
    if let Err((device, fault)) = tables.run(2_000_000) {
        panic!("{game}: device {device} paused: {fault}");
    }
    for (index, device) in tables.devices.iter().enumerate() {
        let machine = device.machine.as_ref().expect("machine");
        assert!(machine.paused().is_none(), "device {index} paused: {:?}", machine.paused());
        assert!(machine.is_over(), "{game}: device {index} is not over (hand {})", machine.hand_number());
    }
    let outcomes = tables.outcomes();
    let first = outcomes.values().next().cloned().expect("a device");
    for (index, outcome) in &outcomes {
        assert_eq!(*outcome, first, "{game}: device {index} diverges");
    }
    tables
}

fn finished_hands(tables: &LocalTables) -> usize {
    tables.devices[0].events.iter().filter(|event| matches!(event, TableEvent::HandFinished(_))).count()
}

#[test]
fn tarneeb_two_hands() {
    let tables = play("tarneeb", &[], &[0, 1, 2, 3], 2, 1, Chaos::default());
    assert_eq!(finished_hands(&tables), 2);
}

/// A game, its settings and the device hosting each seat.
type Case = (&'static str, &'static [(&'static str, &'static str)], &'static [usize]);

/// Acceptance 1 without sockets: every game and every seat count its variants allow, with a
/// device hosting several seats (its bots) at some tables.
#[test]
fn every_game_and_seat_count() {
    let cases: &[Case] = &[
        ("tysiacha", &[], &[0, 1, 2]),
        ("tysiacha", &[("players", "4")], &[0, 1, 2, 3]),
        ("rikken", &[], &[0, 1, 2, 0]),
        ("rikken", &[("players", "three_rene")], &[0, 1, 2, 0]),
        ("rikken", &[("players", "three_blind")], &[0, 1, 2, 2]),
        ("rikken", &[("joker", "true")], &[0, 1, 2, 3]),
        ("tachtigen", &[], &[0, 1, 2]),
        ("tachentige", &[], &[0, 1, 2, 3]),
        ("tachentige", &[("deck", "32")], &[0, 1, 1, 2]),
    ];
    for (index, (game, config, hosts)) in cases.iter().enumerate() {
        let tables = play(game, config, hosts, 3, 10 + index as u64, Chaos::default());
        assert_eq!(finished_hands(&tables), 3, "{game} {config:?}");
    }
}

/// Acceptance 1: complete matches (a match to its end, `hands = 0`) of every game and variant seat
/// count, every device ending with the same log and scores. The match lengths are the rules':
/// Rikken's 20 deals, Tachtigen's `match_deals`, Tachentige's regular hands then its 12 closing
/// rounds (`regular_hands = open` would never end without a stop). `TABLES_ONLY=k` plays case `k` only.
#[test]
fn complete_matches() {
    let cases: &[Case] = &[
        ("tarneeb", &[], &[0, 1, 2, 3]),
        ("tysiacha", &[], &[0, 1, 2]),
        ("tysiacha", &[("players", "4")], &[0, 1, 2, 3]),
        ("rikken", &[], &[0, 1, 2, 3]),
        ("rikken", &[("players", "three_rene")], &[0, 1, 2, 0]),
        ("rikken", &[("players", "three_blind")], &[0, 1, 2, 2]),
        ("rikken", &[("joker", "true")], &[0, 1, 2, 3]),
        ("tachtigen", &[("match_deals", "12")], &[0, 1, 2]),
        ("tachentige", &[("regular_hands", "4")], &[0, 1, 2, 3]),
        ("tachentige", &[("deck", "32"), ("regular_hands", "4")], &[0, 1, 1, 2]),
    ];
    let only = std::env::var("TABLES_ONLY").ok();
    for (index, (game, config, hosts)) in cases.iter().enumerate() {
        if only.as_deref().is_some_and(|only| only != index.to_string()) {
            continue;
        }
        let started = std::time::Instant::now();
        let tables = play(game, config, hosts, 0, 60 + index as u64, Chaos::default());
        let summaries = tables.devices[0].machine.as_ref().map(|m| m.summaries().to_vec()).unwrap_or_default();
        assert!(!summaries.is_empty(), "{game} {config:?}: no hand");
        eprintln!(
            "{game} {config:?}: a match of {} hands in {:.1} s",
            summaries.len(),
            started.elapsed().as_secs_f64()
        );
    }
}

/// Acceptance 3: duplicated, reordered and replayed entries change nothing: the same log and
/// scores as the orderly run.
#[test]
fn duplicated_reordered_and_replayed_entries_change_nothing() {
    let calm = play("tarneeb", &[], &[0, 1, 2, 3], 2, 5, Chaos::default());
    let chaos = Chaos { duplicate: true, reorder: true, replay: true };
    let wild = play("tarneeb", &[], &[0, 1, 2, 3], 2, 5, chaos);
    let summaries =
        |tables: &LocalTables| tables.devices[0].machine.as_ref().map(|m| m.summaries().to_vec()).unwrap_or_default();
    assert_eq!(summaries(&calm), summaries(&wild));
    assert_eq!(
        calm.outcomes().values().next().map(|o| o.1.clone()),
        wild.outcomes().values().next().map(|o| o.1.clone())
    );
}

/// Every trick reaches every device's events once, in order, with its taker, also when entries
/// arrive duplicated, reordered and in bursts: a screen lists the whole hand from them even when
/// several tricks complete before it looks.
#[test]
fn every_completed_trick_is_reported_once_with_its_taker() {
    let chaos = Chaos { duplicate: true, reorder: true, replay: true };
    for (index, chaos) in [Chaos::default(), chaos].into_iter().enumerate() {
        let tables = play("tarneeb", &[], &[0, 1, 2, 3], 2, 7 + index as u64, chaos);
        let mut first: Option<Vec<(u64, CompletedTrick)>> = None;
        for (device, state) in tables.devices.iter().enumerate() {
            let reported: Vec<(u64, CompletedTrick)> = state
                .events
                .iter()
                .filter_map(|event| match event {
                    TableEvent::Applied { hand, trick: Some(trick), .. } => Some((*hand, *trick)),
                    _ => None,
                })
                .collect();
            for hand in 1..=2u64 {
                let tricks: Vec<&CompletedTrick> =
                    reported.iter().filter(|(number, _)| *number == hand).map(|(_, trick)| trick).collect();
                assert_eq!(tricks.len(), 13, "device {device}, hand {hand}");
                for (trick_index, done) in tricks.iter().enumerate() {
                    assert_eq!(done.trick.cards().len(), 4, "device {device}, hand {hand}, trick {trick_index}");
                    assert!(done.trick.cards().iter().all(|played| played.card.is_some()));
                    let winner = done.winner.expect("a taker");
                    assert!(done.trick.cards().iter().any(|played| played.seat == winner));
                    if let Some(next) = tricks.get(trick_index + 1) {
                        assert_eq!(next.trick.leader, winner, "the taker leads the next trick");
                    }
                }
            }
            match &first {
                None => first = Some(reported),
                Some(first) => assert_eq!(first, &reported, "device {device} saw other tricks"),
            }
        }
    }
}

/// Acceptance 3: a device that crashes mid-hand and restarts from its save finishes the table with
/// exactly the result of the run without the crash; its entries after the restart are the same.
#[test]
fn a_crash_mid_hand_changes_nothing() {
    let calm = play("rikken", &[], &[0, 1, 2, 3], 2, 7, Chaos::default());
    for crash_after in [40, 400, 1500] {
        let mut tables = LocalTables::new("rikken", &[], &[0, 1, 2, 3], 2, 7).expect("table");
        tables.start().expect("start");
        tables.run(crash_after).expect("before the crash");
        let saved = tables.crash(2).expect("a save");
        // The others go on as far as they can without it.
        tables.run(100_000).expect("while it is away");
        tables.restart(2, saved).expect("restart");
        if let Err((device, fault)) = tables.run(2_000_000) {
            panic!("after the restart, device {device} paused: {fault}");
        }
        for device in &tables.devices {
            assert!(device.machine.as_ref().is_some_and(|m| m.is_over()), "not over after a crash at {crash_after}");
        }
        assert_eq!(tables.outcomes(), calm.outcomes(), "crash after {crash_after} deliveries");
    }
}

/// A seat lost for good: once every other seat asks for the same settlement, the hand is settled
/// by the forfeit rule, marked unaudited and naming the missing seat, and the table ends alike on
/// every remaining device.
#[test]
fn a_seat_lost_for_good_is_settled_by_forfeit() {
    use troef_net::table::wire::Settlement;
    let mut tables = LocalTables::new("tarneeb", &[], &[0, 1, 2, 3], 4, 11).expect("table");
    tables.start().expect("start");
    tables.run(400).expect("before the loss");
    let _ = tables.crash(3);
    tables.run(100_000).expect("while it is away");
    for device in 0..3 {
        tables.devices[device].machine.as_mut().expect("machine").abandon(3, Settlement::Forfeit).expect("abandon");
        tables.collect(device);
    }
    tables.run(100_000).expect("the settlement");
    let outcomes = tables.outcomes();
    for device in 0..3 {
        let machine = tables.devices[device].machine.as_ref().expect("machine");
        assert!(machine.is_over(), "device {device} is not over");
        let last = machine.summaries().last().expect("the settled hand");
        assert!(!last.audited, "an abandoned hand is unaudited");
        assert!(last.note.as_deref().is_some_and(|note| note.contains("lost for good")), "{:?}", last.note);
        assert_eq!(outcomes[&device], outcomes[&0], "device {device} diverges");
    }
}

/// Acceptance 4: each kind of bad message names its sender and pauses every honest device.
#[test]
fn bad_messages_name_the_sender_and_pause() {
    use troef_net::table::wire::{Body, Entry, Unsigned, WireAction};
    use troef_net::table::TableFaultKind;
    let kinds = ["undecodable", "oversized", "mis-signed", "forked", "equivocation", "out-of-turn", "illegal"];
    for kind in kinds {
        let mut tables = LocalTables::new("tarneeb", &[], &[0, 1, 2, 3], 1, 9).expect("table");
        tables.start().expect("start");
        tables.run(300).expect("honest start");
        let cheat = 3;
        let machine = tables.devices[cheat].machine.as_ref().expect("machine");
        let last = machine.merged_log().into_iter().rfind(|e| e.unsigned.seat == 3).cloned().expect("an entry");
        let key = tables.devices[cheat].key.clone();
        let next = Unsigned { seq: last.unsigned.seq + 1, prev: last.hash(), ..last.unsigned.clone() };
        let action = |line: &str| {
            Body::Action(WireAction { line: line.into(), shown: vec![], face_down: vec![], remixed: false })
        };
        let (bytes, expected) = match kind {
            "undecodable" => (vec![7u8; 40], TableFaultKind::Undecodable),
            "oversized" => (vec![0u8; 200_000], TableFaultKind::Oversized),
            "mis-signed" => {
                let mut entry = Entry::sign(Unsigned { body: action("pass"), ..next.clone() }, &key);
                entry.signature[0] ^= 1;
                (entry.to_bytes(), TableFaultKind::BadSignature)
            }
            "forked" => {
                (Entry::sign(Unsigned { prev: [9; 32], ..next.clone() }, &key).to_bytes(), TableFaultKind::Forked)
            }
            "equivocation" => {
                let other = Unsigned { round: last.unsigned.round + 7, ..last.unsigned.clone() };
                (Entry::sign(other, &key).to_bytes(), TableFaultKind::Equivocation)
            }
            "out-of-turn" | "illegal" => {
                let body = if kind == "illegal" { action("bid 99") } else { action("pass") };
                (Entry::sign(Unsigned { body, ..next.clone() }, &key).to_bytes(), TableFaultKind::OutOfTurn)
            }
            _ => unreachable!(),
        };
        tables.inject(cheat, bytes);
        let result = tables.run(100_000);
        let mut named = 0;
        for (index, device) in tables.devices.iter().enumerate() {
            if index == cheat {
                continue;
            }
            let fault = device.machine.as_ref().and_then(|m| m.paused().cloned());
            let Some(fault) = fault else { continue };
            let names_cheat = fault.seat == Some(3) || fault.peer == Some(tables.peer(cheat));
            assert!(names_cheat, "{kind}: device {index} names {fault}");
            if kind != "illegal" && kind != "out-of-turn" {
                assert_eq!(fault.kind, expected, "{kind}");
            }
            named += 1;
        }
        assert!(result.is_err() && named >= 1, "{kind}: nobody paused");
    }
}

mod decoders {
    use proptest::prelude::*;
    use troef_net::table::local::LocalTables;
    use troef_net::table::wire::Entry;

    proptest! {
        #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

        /// Random and mutated bytes never panic a decoder or a table; a table either takes them or
        /// pauses naming the sender.
        #[test]
        fn bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..400), flip in any::<(usize, u8)>()) {
            let _ = Entry::from_bytes(&bytes);
            let mut tables = LocalTables::new("tarneeb", &[], &[0, 1, 2, 3], 1, 3).expect("table");
            tables.start().expect("start");
            let entry = tables.devices[1].machine.as_ref().and_then(|m| m.merged_log().first().map(|e| (*e).clone()));
            if let Some(entry) = entry {
                let mut mutated = entry.to_bytes();
                let at = flip.0 % mutated.len();
                mutated[at] ^= flip.1.max(1);
                let peer = tables.peer(1);
                if let Some(machine) = tables.devices[0].machine.as_mut() {
                    let result = machine.receive(peer, &mutated);
                    if let Err(fault) = result {
                        prop_assert!(fault.peer == Some(peer) || fault.seat == Some(1));
                    }
                    let _ = machine.receive(peer, &bytes);
                }
            }
        }
    }
}

//! The table state machine with no transport: complete matches of every game and seat count,
//! identical logs and scores on every device; faults named and paused; crashes resumed.

use troef_net::table::local::{Chaos, LocalTables};
use troef_net::table::TableEvent;

/// Plays until every device is over; returns the tables.
fn play(game: &str, config: &[(&str, &str)], hosts: &[usize], hands: u32, seed: u64, chaos: Chaos) -> LocalTables {
    let mut tables = LocalTables::new(game, config, hosts, &[], hands, seed).expect("table");
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

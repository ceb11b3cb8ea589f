//! Shared support for the cross-crate tests in `tests/`: the spec vectors kept as record files.
//!
//! Each game's test file builds its vector records from the spec's data; this library reads the
//! files back, replays and audits them, and checks that they still equal the spec data (with
//! `TROEF_BLESS=1` it rewrites a file that differs or is missing instead of failing, which is how
//! the files were made).

use std::collections::BTreeMap;
use troef_core::record::{audit_hand, replay_hand, HandRecord, Record};
use troef_core::Game;

/// The hand records of a vector folder, sorted by file name.
pub fn read_hand_records(dir: &str) -> Vec<(String, HandRecord)> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    let mut files: Vec<_> = entries
        .map(|entry| entry.expect("a readable vector folder").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "json"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path).expect("a readable vector file");
            let name = path.file_name().unwrap_or_default().to_string_lossy().to_string();
            match Record::from_json(&text).unwrap_or_else(|e| panic!("{name}: {e}")) {
                Record::Hand(record) => (name, record),
                Record::Match(_) => panic!("{name}: expected a hand record"),
            }
        })
        .collect()
}

/// Every record of `dir` (at least `minimum` of them) carries an expectation, replays to it (the
/// replay checks `expect`), passes the game's outcome checks and has a clean audit.
pub fn check_vector_records<G: Game>(dir: &str, minimum: usize) {
    let records = read_hand_records(dir);
    assert!(records.len() >= minimum, "only {} records in {dir}", records.len());
    for (name, record) in &records {
        assert!(record.expect.is_some(), "{name} has no expectation");
        let replayed = replay_hand::<G>(record).unwrap_or_else(|e| panic!("{name}: {e}"));
        let problems = G::check_outcome(replayed.hand.config(), replayed.hand.table(), &replayed.outcome);
        assert!(problems.is_empty(), "{name}: {problems:?}");
        assert!(audit_hand::<G>(record).expect("audit").is_empty(), "{name}: audit found violations");
    }
}

/// The files of `dir` equal the records built from the spec data (`(file name, record)`); with
/// `TROEF_BLESS` set, a file that differs or is missing is written instead.
pub fn check_or_bless(dir: &str, built: Vec<(&str, HandRecord)>) {
    let bless = std::env::var_os("TROEF_BLESS").is_some();
    if bless {
        std::fs::create_dir_all(dir).expect("the vector folder can be made");
    }
    let on_disk: BTreeMap<String, HandRecord> = read_hand_records(dir).into_iter().collect();
    for (file, record) in built {
        if bless && on_disk.get(file) != Some(&record) {
            std::fs::write(format!("{dir}/{file}"), record.to_json() + "\n").expect("the vector file can be written");
            continue;
        }
        assert_eq!(on_disk.get(file), Some(&record), "{file} differs from the spec data (TROEF_BLESS=1 rewrites)");
    }
}

/// Cards from their codes, e.g. `"AS KD 9C"`.
pub fn cards(text: &str) -> Vec<troef_core::Card> {
    troef_core::card::parse_cards(text).expect("card codes")
}

pub fn card(text: &str) -> troef_core::Card {
    text.parse().expect("card code")
}

pub fn set(text: &str) -> troef_core::CardSet {
    cards(text).into_iter().collect()
}

/// A fully known table of `deck` where each listed card lies in the listed seat's hand and every
/// other card in seat 0's (for trick and legality tables of the specs).
pub fn table_with(
    seats: u8,
    direction: troef_core::Direction,
    deck: &[troef_core::Card],
    holdings: &[(troef_core::Seat, troef_core::Card)],
) -> troef_core::Table {
    use troef_core::{DealLayout, Place, Seat};
    let places = deck
        .iter()
        .map(|card| Place::Hand(holdings.iter().find(|(_, held)| held == card).map_or(Seat(0), |&(seat, _)| seat)));
    let layout = DealLayout::new(places, 0);
    let deal: Vec<Option<troef_core::Card>> = deck.iter().copied().map(Some).collect();
    troef_core::Table::deal(seats, direction, &layout, &deal, &mut troef_core::Events::new()).expect("a full deal")
}

//! `troef dd "PBN"`: the bridge double-dummy table of a 52-card deal. For each declarer N, E,
//! S, W and strain C, D, H, S, NT, the tricks the declarer's side takes with best play when the
//! declarer's left-hand opponent leads and play runs clockwise (`troef-bots`' open-card solver).

use crate::output::{print, print_json, Failure};
use serde_json::{json, Map, Value};
use troef_bots::solver::bridge::{solve_table, BridgeDeal, Strain};
use troef_bots::solver::Solver;
use troef_core::Direction;

const SEATS: [&str; 4] = ["N", "E", "S", "W"];

/// Solves and prints the table.
pub fn dd(pbn: &str, json_output: bool) -> Result<u8, Failure> {
    let deal = BridgeDeal::parse_pbn(pbn).map_err(|message| Failure::input(format!("bad PBN deal: {message}")))?;
    let mut solver = Solver::new();
    let started = std::time::Instant::now();
    let table = solve_table(&mut solver, &deal, Direction::Clockwise);
    let seconds = started.elapsed().as_secs_f64();
    if !table.exact {
        return Err(Failure { code: 1, message: "the solver hit its node cap".to_string() });
    }
    if json_output {
        let mut out = Map::new();
        for (declarer, seat) in SEATS.iter().enumerate() {
            let mut row = Map::new();
            for (column, strain) in Strain::ALL.iter().enumerate() {
                row.insert(strain.name().to_string(), json!(table.tricks[declarer][column]));
            }
            out.insert(seat.to_string(), Value::Object(row));
        }
        print_json(&Value::Object(out));
    } else {
        let mut text = format!("{}\n     C  D  H  S NT\n", deal.to_pbn());
        for (declarer, seat) in SEATS.iter().enumerate() {
            text.push_str(&format!("{seat}  "));
            for tricks in table.tricks[declarer] {
                text.push_str(&format!("{tricks:>3}"));
            }
            text.push('\n');
        }
        text.push_str(&format!("({:.2} s, {} search nodes)", seconds, table.nodes));
        print(&text);
    }
    Ok(0)
}

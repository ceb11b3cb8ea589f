//! `troef bench`: the command's own speed figures.
//!
//! `troef bench deal --players P --cards C` runs whole honest hands of the private deal protocol
//! (every device shuffles with its proof, verifies the others' proofs, deals, plays every card and
//! audits) and reports the processor time and bytes per device. Several runs give a median, since
//! the machines this runs on are shared and noisy.

use crate::output::{print, print_json, Failure};
use serde_json::json;

/// Runs the deal benchmark `runs` times and prints the median run's figures.
pub fn deal(players: u8, cards: u8, runs: u32, seed: u64, json_output: bool) -> Result<u8, Failure> {
    if !(2..=8).contains(&players) {
        return Err(Failure::input(format!("--players must be 2 to 8, not {players}")));
    }
    if !(players..=53).contains(&cards) {
        return Err(Failure::input(format!("--cards must be {players} to 53, not {cards}")));
    }
    let mut reports = Vec::new();
    for run in 0..runs.max(1) {
        let report = troef_net::bench_deal(players, cards, seed.wrapping_add(u64::from(run)))
            .map_err(|fault| Failure { code: 1, message: format!("the honest hand failed: {fault:?}") })?;
        reports.push(report);
    }
    reports.sort_by(|a, b| a.cpu_ms_per_device.total_cmp(&b.cpu_ms_per_device));
    let all_ms: Vec<f64> = reports.iter().map(|report| round2(report.cpu_ms_per_device)).collect();
    let median = &reports[reports.len() / 2];
    if json_output {
        print_json(&json!({
            "players": players,
            "cards": cards,
            "runs": reports.len(),
            "seed": seed,
            "cpu_ms_per_device": round2(median.cpu_ms_per_device),
            "cpu_ms_per_device_runs": all_ms,
            "wall_ms_max": round2(median.wall_ms_max),
            "bytes_per_device": median.bytes_per_device,
            "proof_share": round2(median.proof_share),
        }));
    } else {
        print(&format!(
            "deal protocol, {players} devices x {cards} cards, median of {} runs:\n  cpu per device: {:.1} ms (runs: {all_ms:?})\n  bytes per device: {}\n  shuffle-proof share of the time: {:.0}%",
            reports.len(),
            median.cpu_ms_per_device,
            median.bytes_per_device,
            100.0 * median.proof_share
        ));
    }
    Ok(0)
}

fn round2(value: f64) -> f64 {
    (value * 100.0).round() / 100.0
}

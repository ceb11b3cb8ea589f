//! `troef peer`: a headless peer-to-peer table device whose own seat is played by a bot. It opens
//! or joins a table on the local network (mDNS), plays it to the end, prints one line per hand and
//! a summary (`--json`: hands, scores, log hash), and saves everything in `--data` so a killed
//! peer restarted with the same directory rejoins its table. For tests, soaks and debugging.

use crate::output::{print, Failure};
use std::path::PathBuf;
use troef_net::headless::{hex, run_peer, NodeBot, PeerEnd, PeerOptions};

/// Runs the headless peer described by `peer` (its own seat played by the node's bot); `json`
/// prints the summary as JSON.
pub fn run(peer: &PeerOptions, json: bool) -> Result<u8, Failure> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|error| Failure::input(error.to_string()))?;
    let end = runtime
        .block_on(run_peer(peer, &mut NodeBot, &mut |line| print(line)))
        .map_err(|failure| Failure { code: failure.code, message: failure.message })?;
    match end {
        PeerEnd::Paused => Ok(3),
        PeerEnd::Done(summary) => {
            if json {
                print(
                    &serde_json::json!({
                        "name": peer.name, "hands": summary.hands, "scores": summary.scores,
                        "log_hash": hex(&summary.log_hash),
                    })
                    .to_string(),
                );
            } else {
                print(&summary.line(&peer.name));
            }
            Ok(0)
        }
    }
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

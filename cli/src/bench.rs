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

/// `troef bench solver --game G`: open-card solves on seeded random deals, one per deal.
/// `bridge` (and `tarneeb`): a single strain and leader at trick 1, the exact trick count;
/// `tysiacha`, `tachtigen`, `tachentige`: the declarer's exact value from the first card play of
/// a hand played at random through its auction (for Tachentige, once the roem of trick 1 allows
/// a card to be played). Reports wall time per solve (p50, p95, mean, max), nodes and
/// the machine's load average (the machine is shared: compare figures at similar load).
pub fn solver(game: &str, deals: u32, seed: u64, json_output: bool) -> Result<u8, Failure> {
    use rand::seq::SliceRandom;
    use rand::{Rng, SeedableRng};
    use troef_bots::solver::bridge::{solve_cell, BridgeDeal, Strain};
    use troef_bots::solver::Solver;
    use troef_core::{Card, CardSet, Direction, Seat};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut times = Vec::new();
    let mut nodes = Vec::new();
    let mut capped = 0;
    let mut solver = Solver::new();
    let deals = deals.max(1);
    match game {
        "bridge" | "tarneeb" => {
            let direction = if game == "tarneeb" { Direction::CounterClockwise } else { Direction::Clockwise };
            for index in 0..deals {
                let mut deck: Vec<Card> = CardSet::from_bits((1u64 << 52) - 1).iter().collect();
                deck.shuffle(&mut rng);
                let mut hands = [CardSet::EMPTY; 4];
                for (position, card) in deck.iter().enumerate() {
                    hands[position / 13].insert(*card);
                }
                let deal = BridgeDeal { hands };
                let strain = Strain::ALL[index as usize % 5];
                let declarer = Seat((index % 4) as u8);
                solver.clear();
                let started = std::time::Instant::now();
                let solution = solve_cell(&mut solver, &deal, strain, declarer, direction);
                times.push(started.elapsed().as_secs_f64() * 1000.0);
                nodes.push(solution.nodes);
                capped += u32::from(!solution.exact);
            }
        }
        "tysiacha" | "tachtigen" | "tachentige" => {
            for _ in 0..deals {
                let (elapsed, count, exact) = match game {
                    "tysiacha" => open_solve::<troef_core::games::tysiacha::Tysiacha>(&mut solver, rng.gen()),
                    "tachtigen" => open_solve::<troef_core::games::tachtigen::Tachtigen>(&mut solver, rng.gen()),
                    _ => open_solve::<troef_core::games::tachentige::Tachentige>(&mut solver, rng.gen()),
                };
                times.push(elapsed);
                nodes.push(count);
                capped += u32::from(!exact);
            }
        }
        other => {
            return Err(Failure::input(format!(
                "bench solver knows bridge, tarneeb, tysiacha, tachtigen and tachentige, not {:?}",
                other.chars().take(24).collect::<String>()
            )))
        }
    }
    let mut sorted = times.clone();
    sorted.sort_by(f64::total_cmp);
    let at = |q: f64| sorted[((sorted.len() as f64 - 1.0) * q).round() as usize];
    let mean = times.iter().sum::<f64>() / times.len() as f64;
    let mut sorted_nodes = nodes.clone();
    sorted_nodes.sort_unstable();
    let load = std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|text| text.split_whitespace().next().map(str::to_string));
    if json_output {
        print_json(&json!({
            "game": game,
            "deals": deals,
            "seed": seed,
            "ms_p50": round2(at(0.5)),
            "ms_p95": round2(at(0.95)),
            "ms_mean": round2(mean),
            "ms_max": round2(at(1.0)),
            "nodes_p50": sorted_nodes[sorted_nodes.len() / 2],
            "nodes_max": sorted_nodes[sorted_nodes.len() - 1],
            "nodes_mean": nodes.iter().sum::<u64>() / nodes.len() as u64,
            "capped": capped,
            "load_average": load,
        }));
    } else {
        print(&format!(
            "open-card solver, {game}, {deals} deals (seed {seed}):\n  ms per solve: p50 {:.2}, p95 {:.2}, mean {:.2}, max {:.2}\n  nodes: p50 {}, max {}; capped {capped}\n  load average: {}",
            at(0.5),
            at(0.95),
            mean,
            at(1.0),
            sorted_nodes[sorted_nodes.len() / 2],
            sorted_nodes[sorted_nodes.len() - 1],
            load.unwrap_or_else(|| "unknown".into())
        ));
    }
    Ok(0)
}

/// A hand of `G` played at random into its play phase; the exact declarer value from there.
fn open_solve<G: troef_bots::solver::OpenGame>(solver: &mut troef_bots::solver::Solver, seed: u64) -> (f64, u64, bool) {
    use rand::seq::SliceRandom;
    use rand::{Rng, SeedableRng};
    use troef_core::{ConfigValues, Hand, ToAct};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    for _attempt in 0..100 {
        let Ok(values) = ConfigValues::validate(G::config_keys(), []) else { break };
        let config = G::config(&values);
        let mut deck: Vec<_> = G::deck(&config).iter().collect();
        deck.shuffle(&mut rng);
        let dealer = troef_core::game::dealer_from_draw::<G>(&config, rng.gen());
        let scores = G::new_scores(&config);
        let Ok(mut hand) = Hand::<G>::from_deck(config, dealer, &scores, &deck) else { break };
        let mut legal = Vec::new();
        while let ToAct::Seat(seat) = hand.to_act() {
            if let Some(open) = G::open_position(&hand) {
                let objective = G::declarer_objective(&hand, &open);
                solver.clear();
                let started = std::time::Instant::now();
                let solution = solver.value(&open.position, &objective);
                return (started.elapsed().as_secs_f64() * 1000.0, solution.nodes, solution.exact);
            }
            hand.legal_actions(&mut legal);
            let weights: Vec<u32> =
                legal.iter().map(|a| hand.game().policy_weight(hand.config(), hand.table(), a)).collect();
            let total: u32 = weights.iter().sum::<u32>().max(1);
            let mut pick = rng.gen_range(0..total);
            let mut chosen = legal[0];
            for (action, weight) in legal.iter().zip(&weights) {
                if pick < *weight {
                    chosen = *action;
                    break;
                }
                pick -= weight;
            }
            if hand.apply(seat, chosen).is_err() {
                break;
            }
        }
    }
    (0.0, 0, true)
}

/// `troef bench bot --game G --level L`: the strong bot's decision time over a fixed set of
/// play positions (the seat to play has a choice) from hands it plays against itself, dealt
/// from `seed`, and over the decisions with a choice before the play of those hands; one
/// thread, one bot reused as in play. Reports wall time per
/// decision (p50, p95, p99, mean, max) and the machine's load average (the machine may be
/// shared: compare figures at similar load).
pub fn bot(game: &str, level: &str, positions: u32, seed: u64, json_output: bool) -> Result<u8, Failure> {
    use troef_core::games::{
        rikken::Rikken, tachentige::Tachentige, tachtigen::Tachtigen, tarneeb::Tarneeb, tysiacha::Tysiacha,
    };
    use troef_core::GameId;
    let id = GameId::parse(game).map_err(|error| Failure::input(error.to_string()))?;
    let level = troef_bots::Level::parse(level).map_err(|error| Failure::input(format!("--level: {error}")))?;
    let positions = positions.max(1);
    let times = match id {
        GameId::Tarneeb => bot_times::<Tarneeb>(level, positions, seed, open_play::<Tarneeb>),
        GameId::Tysiacha => bot_times::<Tysiacha>(level, positions, seed, open_play::<Tysiacha>),
        GameId::Rikken => bot_times::<Rikken>(level, positions, seed, open_play::<Rikken>),
        GameId::Tachtigen => bot_times::<Tachtigen>(level, positions, seed, open_play::<Tachtigen>),
        // No open-card solver yet: the strong bot is the baseline; play is where cards move.
        GameId::Tachentige => bot_times::<Tachentige>(level, positions, seed, |hand| {
            hand.table().trick_index() > 0 || !hand.table().trick().is_empty()
        }),
    }?;
    let (times, before_play) = times;
    let quantiles = |times: &[f64]| {
        let mut sorted = times.to_vec();
        sorted.sort_by(f64::total_cmp);
        move |q: f64| sorted.get(((sorted.len() as f64 - 1.0) * q).round() as usize).copied().unwrap_or(0.0)
    };
    let at = quantiles(&times);
    let before = quantiles(&before_play);
    let mean = times.iter().sum::<f64>() / times.len() as f64;
    let load = std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|text| text.split_whitespace().next().map(str::to_string));
    let budget = level.budget();
    if json_output {
        print_json(&json!({
            "game": id.name(),
            "level": level.name(),
            "nodes": budget.nodes,
            "nodes_per_world": budget.nodes_per_world,
            "worlds_min": budget.min_worlds,
            "worlds_max": budget.max_worlds,
            "positions": times.len(),
            "seed": seed,
            "ms_p50": round2(at(0.5)),
            "ms_p95": round2(at(0.95)),
            "ms_p99": round2(at(0.99)),
            "ms_mean": round2(mean),
            "ms_max": round2(at(1.0)),
            "before_play_positions": before_play.len(),
            "before_play_ms_p50": round2(before(0.5)),
            "before_play_ms_p95": round2(before(0.95)),
            "before_play_ms_max": round2(before(1.0)),
            "load_average": load,
        }));
    } else {
        print(&format!(
            "strong bot, {game}, level {level} ({} nodes, {} to {} worlds), {} play positions (seed {seed}):\n  ms per decision (this thread's CPU time): p50 {:.2}, p95 {:.2}, p99 {:.2}, mean {:.2}, max {:.2}\n  before the play, {} decisions: p50 {:.2}, p95 {:.2}, max {:.2}\n  load average: {}",
            budget.nodes,
            budget.min_worlds,
            budget.max_worlds,
            times.len(),
            at(0.5),
            at(0.95),
            at(0.99),
            mean,
            at(1.0),
            before_play.len(),
            before(0.5),
            before(0.95),
            before(1.0),
            load.unwrap_or_else(|| "unknown".into()),
            game = id.name(),
        ));
    }
    Ok(0)
}

/// Whether the open-card solver sees `hand` in its play phase.
fn open_play<G: troef_bots::solver::OpenGame>(hand: &troef_core::Hand<G>) -> bool {
    G::open_position(hand).is_some()
}

/// The decision times, in milliseconds, of the strong bot at `level` over `positions` play
/// positions of self-play, and over the decisions with a choice before the play of the same
/// hands (bids, contracts, discards: the strong bot weighs some by simulation); `is_play` says
/// which positions are in play.
fn bot_times<G: troef_bots::BotGame>(
    level: troef_bots::Level,
    positions: u32,
    seed: u64,
    is_play: impl Fn(&troef_core::Hand<G>) -> bool,
) -> Result<(Vec<f64>, Vec<f64>), Failure> {
    use rand::seq::SliceRandom;
    use rand::SeedableRng;
    use troef_bots::decision_rng;
    use troef_core::{ConfigValues, Hand, SeatView, ToAct};
    let values = ConfigValues::validate(G::config_keys(), []).map_err(|error| Failure::input(error.to_string()))?;
    let config = G::config(&values);
    let scores = G::new_scores(&config);
    let mut baseline = G::baseline_bot();
    let mut strong = G::strong_bot(level);
    let mut times = Vec::with_capacity(positions as usize);
    let mut before_play = Vec::new();
    let mut legal = Vec::new();
    for hand_index in 0..u64::from(positions) * 4 {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed.wrapping_add(hand_index));
        let mut deck: Vec<_> = G::deck(&config).iter().collect();
        deck.shuffle(&mut rng);
        let dealer = troef_core::game::dealer_from_draw::<G>(&config, hand_index as u32);
        let mut hand = Hand::<G>::from_deck(config.clone(), dealer, &scores, &deck)
            .map_err(|error| Failure { code: 1, message: format!("deal: {error}") })?;
        let mut step = 0u64;
        while let ToAct::Seat(seat) = hand.to_act() {
            let view = SeatView::of(&hand, seat, &scores);
            view.legal_actions(&mut legal);
            let action = if legal.len() > 1 && times.len() < positions as usize {
                // This thread's CPU time where Linux reports it: other programs on a shared
                // machine would inflate wall time; one decision runs on one core. Its resolution
                // is the scheduler's tick (a few ms), fine for the p95 the targets name.
                let started = std::time::Instant::now();
                let cpu_started = troef_net::thread_cpu_time();
                let action = strong.choose(&view, &mut decision_rng(seed, hand_index, step));
                let elapsed = match (cpu_started, troef_net::thread_cpu_time()) {
                    (Some(before), Some(after)) => after.saturating_sub(before),
                    _ => started.elapsed(),
                };
                let ms = elapsed.as_secs_f64() * 1000.0;
                if is_play(&hand) {
                    times.push(ms);
                } else {
                    before_play.push(ms);
                }
                action
            } else {
                baseline.choose(&view, &mut decision_rng(seed, hand_index, step))
            };
            hand.apply(seat, action)
                .map_err(|error| Failure { code: 1, message: format!("a bot's action: {error}") })?;
            step += 1;
        }
        if times.len() >= positions as usize {
            break;
        }
    }
    if times.is_empty() {
        return Err(Failure { code: 1, message: "self-play reached no play position with a choice".into() });
    }
    Ok((times, before_play))
}

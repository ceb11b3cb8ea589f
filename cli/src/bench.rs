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

/// `troef bench solver --game G`: open-card solves, one per deal.
/// `bridge` (and `tarneeb`): a single strain and leader at trick 1 of seeded random deals, or of
/// the deals of a DDS hand list (`--list`, each trick count checked against DDS's answer), the
/// exact trick count; `tysiacha`, `tachtigen`, `tachentige`, `rikken`: from the first card play
/// of a hand bid by the baseline bot (for Tachentige, once the roem of trick 1 allows a card to
/// be played), the declarer's real objective (his score: where the value lands among the game's
/// thresholds, a contract or payment steps) and, reported beside it, the exact card-point value;
/// Rikken's payments are linear in its goals, so its objective is the exact value, solved once.
/// Reports wall time per solve (p50, p95, mean, max), nodes and the machine's load average (the
/// machine is shared: compare figures at similar load); for the games dealt and bid, the same
/// figures per goal kind too (`by_goal`: Rikken's pass games apart from its contracts), and with
/// `goal`, only the hands of that goal kind (dealing on until `deals` of them are solved).
pub fn solver(
    game: &str,
    deals: u32,
    seed: u64,
    list: Option<&std::path::Path>,
    goal: Option<&str>,
    json_output: bool,
) -> Result<u8, Failure> {
    use rand::seq::SliceRandom;
    use rand::{Rng, SeedableRng};
    use troef_bots::solver::bridge::{solve_cell, BridgeDeal, Strain};
    use troef_bots::solver::Solver;
    use troef_core::{Card, CardSet, Direction, Seat};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut times = Vec::new();
    let mut nodes = Vec::new();
    let mut capped = 0;
    // Point games: the exact value too, besides the real objective in `times`.
    let mut exact_times = Vec::new();
    let mut exact_nodes: Vec<u64> = Vec::new();
    // The goal kind of each solve in `times` (the point games: a hand's goal is its contract's).
    let mut goals: Vec<&'static str> = Vec::new();
    let mut solver = Solver::new();
    let deals = deals.max(1);
    if let Some(kind) = goal {
        if !GOAL_KINDS.contains(&kind) {
            return Err(Failure::input(format!(
                "--goal is one of {}, not {:?}",
                GOAL_KINDS.join(", "),
                kind.chars().take(24).collect::<String>()
            )));
        }
        if list.is_some() || !DEALT_AND_BID.contains(&game) {
            return Err(Failure::input(format!(
                "--goal picks among the hands of {} (bridge and tarneeb solve tricks)",
                DEALT_AND_BID.join(", ")
            )));
        }
    }
    if let Some(path) = list {
        if game != "bridge" {
            return Err(Failure::input("--list holds bridge deals: use it with --game bridge"));
        }
        for (index, listed) in read_dds_list(path)?.into_iter().take(deals as usize).enumerate() {
            let declarer = Seat((listed.leader.0 + 3) % 4);
            solver.clear();
            let started = std::time::Instant::now();
            let solution = solve_cell(&mut solver, &listed.deal, listed.strain, declarer, Direction::Clockwise);
            times.push(started.elapsed().as_secs_f64() * 1000.0);
            nodes.push(solution.nodes);
            capped += u32::from(!solution.exact);
            let leader_side = 13 - solution.value;
            if let Some(expected) = listed.leader_tricks {
                if solution.exact && leader_side != expected {
                    return Err(Failure {
                        code: 1,
                        message: format!(
                            "deal {} of the list: the leader's side takes {leader_side} tricks, the list says {expected}",
                            index + 1
                        ),
                    });
                }
            }
        }
    }
    match game {
        _ if list.is_some() => {}
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
        _ if DEALT_AND_BID.contains(&game) => {
            // Hands thrown in before the play, or of another goal kind than `goal`, are skipped
            // (bounded: a hundred tries per deal; Rikken's pass games are about one hand in nine).
            for _ in 0..u64::from(deals) * 100 {
                if times.len() >= deals as usize {
                    break;
                }
                let solve = match game {
                    "tysiacha" => open_solve::<troef_core::games::tysiacha::Tysiacha>(&mut solver, rng.gen(), goal),
                    "tachtigen" => open_solve::<troef_core::games::tachtigen::Tachtigen>(&mut solver, rng.gen(), goal),
                    "rikken" => open_solve::<troef_core::games::rikken::Rikken>(&mut solver, rng.gen(), goal),
                    _ => open_solve::<troef_core::games::tachentige::Tachentige>(&mut solver, rng.gen(), goal),
                };
                let Some(solve) = solve else { continue };
                times.push(solve.objective_ms);
                nodes.push(solve.objective_nodes);
                goals.push(solve.goal);
                if let Some((ms, nodes)) = solve.exact {
                    exact_times.push(ms);
                    exact_nodes.push(nodes);
                }
                capped += u32::from(solve.capped);
            }
        }
        other => {
            return Err(Failure::input(format!(
                "bench solver knows bridge, tarneeb, tysiacha, tachtigen, tachentige and rikken, not {:?}",
                other.chars().take(24).collect::<String>()
            )))
        }
    }
    if times.is_empty() {
        let kind = goal.map(|kind| format!(" with a {kind} goal")).unwrap_or_default();
        return Err(Failure { code: 1, message: format!("no hand{kind} reached its play phase") });
    }
    let summary = |times: &[f64], nodes: &[u64]| {
        let mut sorted = times.to_vec();
        sorted.sort_by(f64::total_cmp);
        let at = |q: f64| sorted[((sorted.len() as f64 - 1.0) * q).round() as usize];
        let mut sorted_nodes = nodes.to_vec();
        sorted_nodes.sort_unstable();
        Summary {
            p50: at(0.5),
            p95: at(0.95),
            mean: times.iter().sum::<f64>() / times.len() as f64,
            max: at(1.0),
            nodes_p50: sorted_nodes[sorted_nodes.len() / 2],
            nodes_max: sorted_nodes[sorted_nodes.len() - 1],
            nodes_mean: nodes.iter().sum::<u64>() / nodes.len().max(1) as u64,
        }
    };
    let main = summary(&times, &nodes);
    let exact = (!exact_times.is_empty()).then(|| summary(&exact_times, &exact_nodes));
    // The same figures per goal kind, so that a game's mix of contracts shows where its time
    // goes (Rikken: its pass games' card points against its contracts' tricks).
    let by_goal: Vec<(&str, usize, Summary)> = GOAL_KINDS
        .into_iter()
        .filter(|kind| goals.contains(kind))
        .map(|kind| {
            let (kind_times, kind_nodes): (Vec<f64>, Vec<u64>) = times
                .iter()
                .zip(&nodes)
                .zip(&goals)
                .filter(|(_, &goal)| goal == kind)
                .map(|((&time, &node_count), _)| (time, node_count))
                .unzip();
            (kind, kind_times.len(), summary(&kind_times, &kind_nodes))
        })
        .collect();
    let load = std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|text| text.split_whitespace().next().map(str::to_string));
    // What "a solve" is: bridge and Tarneeb a trick count; Rikken its contract's exact value (its
    // payments are linear in tricks); the point games the declarer's score (his contract, his
    // payment step), with the exact card-point value reported beside it.
    let objective = if exact.is_some() {
        "declarer_score"
    } else if game == "rikken" {
        "exact_value"
    } else {
        "tricks"
    };
    if json_output {
        let mut report = json!({
            "game": game,
            "deals": times.len(),
            "seed": seed,
            "objective": objective,
            "ms_p50": round2(main.p50),
            "ms_p95": round2(main.p95),
            "ms_mean": round2(main.mean),
            "ms_max": round2(main.max),
            "nodes_p50": main.nodes_p50,
            "nodes_max": main.nodes_max,
            "nodes_mean": main.nodes_mean,
            "capped": capped,
            "load_average": load,
        });
        if let (false, Some(fields)) = (by_goal.is_empty(), report.as_object_mut()) {
            let kinds: serde_json::Map<String, serde_json::Value> = by_goal
                .iter()
                .map(|(kind, count, figures)| {
                    let figures = json!({
                        "deals": count,
                        "ms_p50": round2(figures.p50),
                        "ms_mean": round2(figures.mean),
                        "ms_max": round2(figures.max),
                        "nodes_mean": figures.nodes_mean,
                        "nodes_max": figures.nodes_max,
                    });
                    (kind.to_string(), figures)
                })
                .collect();
            fields.insert("by_goal".into(), serde_json::Value::Object(kinds));
        }
        if let (Some(exact), Some(fields)) = (&exact, report.as_object_mut()) {
            fields.insert("exact_value_ms_p50".into(), json!(round2(exact.p50)));
            fields.insert("exact_value_ms_p95".into(), json!(round2(exact.p95)));
            fields.insert("exact_value_ms_mean".into(), json!(round2(exact.mean)));
            fields.insert("exact_value_ms_max".into(), json!(round2(exact.max)));
            fields.insert("exact_value_nodes_p50".into(), json!(exact.nodes_p50));
            fields.insert("exact_value_nodes_max".into(), json!(exact.nodes_max));
        }
        print_json(&report);
    } else {
        let source = match list {
            Some(path) => format!("of {}", path.display()),
            None => format!("seed {seed}"),
        };
        let what = match objective {
            "declarer_score" => "the declarer's score (contract or payment step)",
            "exact_value" => "the contract's exact value",
            _ => "tricks",
        };
        let mut text = format!(
            "open-card solver, {game}, {} deals ({source}), solving {what}:\n  ms per solve: p50 {:.2}, p95 {:.2}, mean {:.2}, max {:.2}\n  nodes: p50 {}, max {}; capped {capped}",
            times.len(),
            main.p50,
            main.p95,
            main.mean,
            main.max,
            main.nodes_p50,
            main.nodes_max,
        );
        if let Some(exact) = &exact {
            text += &format!(
                "\n  the exact card-point value, ms: p50 {:.2}, p95 {:.2}, mean {:.2}, max {:.2}; nodes p50 {}, max {}",
                exact.p50, exact.p95, exact.mean, exact.max, exact.nodes_p50, exact.nodes_max
            );
        }
        for (kind, count, figures) in &by_goal {
            text += &format!(
                "\n  {kind} goals: {count} deals, ms p50 {:.2}, mean {:.2}, max {:.2}; nodes mean {}, max {}",
                figures.p50, figures.mean, figures.max, figures.nodes_mean, figures.nodes_max
            );
        }
        text += &format!("\n  load average: {}", load.unwrap_or_else(|| "unknown".into()));
        print(&text);
    }
    Ok(0)
}

/// A deal of a DDS hand list: the deal, its strain and first leader, and the tricks DDS gives
/// the leader's side (the best score of its `FUT` line), when the list has them.
struct ListedDeal {
    deal: troef_bots::solver::bridge::BridgeDeal,
    strain: troef_bots::solver::bridge::Strain,
    leader: troef_core::Seat,
    leader_tricks: Option<i32>,
}

/// Reads a DDS hand list (`hands/list100.txt` of DDS): `PBN dealer vulnerability trump first
/// "deal"` lines (trump 0 = spades, 1 hearts, 2 diamonds, 3 clubs, 4 no trump; first 0 = North
/// to 3 = West), each optionally followed by `FUT count suits.. ranks.. equals.. scores..`;
/// other lines are skipped.
fn read_dds_list(path: &std::path::Path) -> Result<Vec<ListedDeal>, Failure> {
    use troef_bots::solver::bridge::{BridgeDeal, Strain};
    use troef_core::{Seat, Suit};
    let text = std::fs::read_to_string(path)
        .map_err(|error| Failure::input(format!("cannot read the list {}: {error}", path.display())))?;
    let bad = |line: usize, what: &str| Failure::input(format!("{} line {line}: {what}", path.display()));
    let mut listed: Vec<ListedDeal> = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let number = number + 1;
        let mut words = line.split_whitespace();
        match words.next() {
            Some("PBN") => {
                let fields: Vec<u8> = words
                    .by_ref()
                    .take(4)
                    .map(|word| word.parse().map_err(|_| bad(number, "a number expected")))
                    .collect::<Result<_, _>>()?;
                let (Some(&trump), Some(&first)) = (fields.get(2), fields.get(3)) else {
                    return Err(bad(number, "PBN dealer vulnerability trump first \"deal\""));
                };
                let strain = match trump {
                    0 => Strain::Trump(Suit::Spades),
                    1 => Strain::Trump(Suit::Hearts),
                    2 => Strain::Trump(Suit::Diamonds),
                    3 => Strain::Trump(Suit::Clubs),
                    4 => Strain::NoTrump,
                    _ => return Err(bad(number, "trump is 0 to 4")),
                };
                if first > 3 {
                    return Err(bad(number, "the first leader is 0 to 3"));
                }
                let quoted = line.split('"').nth(1).ok_or_else(|| bad(number, "the deal is quoted"))?;
                let deal = BridgeDeal::parse_pbn(quoted).map_err(|error| bad(number, &error))?;
                listed.push(ListedDeal { deal, strain, leader: Seat(first), leader_tricks: None });
            }
            Some("FUT") => {
                let numbers: Vec<i32> = words
                    .map(|word| word.parse().map_err(|_| bad(number, "a number expected")))
                    .collect::<Result<_, _>>()?;
                let count = *numbers.first().ok_or_else(|| bad(number, "FUT count ..."))? as usize;
                if count == 0 || numbers.len() != 1 + 4 * count {
                    return Err(bad(number, "FUT count, then count suits, ranks, equals and scores"));
                }
                let best = numbers[1 + 3 * count..].iter().copied().max();
                let last = listed.last_mut().ok_or_else(|| bad(number, "a FUT line follows its PBN line"))?;
                last.leader_tricks = best;
            }
            _ => {}
        }
    }
    if listed.is_empty() {
        return Err(Failure::input(format!("{} holds no PBN deal", path.display())));
    }
    Ok(listed)
}

/// Quantiles of solve times and nodes.
struct Summary {
    p50: f64,
    p95: f64,
    mean: f64,
    max: f64,
    nodes_p50: u64,
    nodes_max: u64,
    nodes_mean: u64,
}

/// One full-deal solve of a point game, timed twice from a fresh table: the declarer's real
/// objective (where his score lands among [`OpenGame::declarer_thresholds`], or the exact value
/// when every value scores differently) and the exact value.
struct PointSolve {
    objective_ms: f64,
    objective_nodes: u64,
    /// The exact value's solve (ms, nodes), when the objective was where the declarer's score
    /// steps rather than the exact value itself.
    exact: Option<(f64, u64)>,
    capped: bool,
    /// The kind of the declarer's goal ([`goal_kind`]).
    goal: &'static str,
}

/// The games whose solves start from hands dealt and bid by the baseline bot.
const DEALT_AND_BID: [&str; 4] = ["tysiacha", "tachtigen", "tachentige", "rikken"];

/// The goal kinds of the bench's breakdown and of `--goal`: a trick count, trick counts per seat
/// (piek, misère, Tarneeb 400's bids) or card points (the point games, Rikken's pass games).
const GOAL_KINDS: [&str; 3] = ["tricks", "seat_tricks", "points"];

/// The name of a goal's kind, one of [`GOAL_KINDS`].
fn goal_kind(goal: &troef_bots::solver::Goal) -> &'static str {
    match goal {
        troef_bots::solver::Goal::Tricks => "tricks",
        troef_bots::solver::Goal::SeatTricks(_) => "seat_tricks",
        troef_bots::solver::Goal::Points(_) => "points",
    }
}

/// A hand of `G` dealt from `seed` with every decision before the play made by the baseline bot
/// (so that contracts are the ones players make, not random bids), solved at its first card
/// play; `None` when the hand never reaches the play (thrown in) or its goal is not of the kind
/// `only` asks for.
fn open_solve<G: troef_bots::BotGame + troef_bots::solver::OpenGame>(
    solver: &mut troef_bots::solver::Solver,
    seed: u64,
    only: Option<&str>,
) -> Option<PointSolve> {
    use rand::seq::SliceRandom;
    use rand::{Rng, SeedableRng};
    use troef_bots::decision_rng;
    use troef_core::{ConfigValues, Hand, SeatView, ToAct};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let values = ConfigValues::validate(G::config_keys(), []).ok()?;
    let config = G::config(&values);
    let mut deck: Vec<_> = G::deck(&config).iter().collect();
    deck.shuffle(&mut rng);
    let dealer = troef_core::game::dealer_from_draw::<G>(&config, rng.gen());
    let scores = G::new_scores(&config);
    let mut hand = Hand::<G>::from_deck(config, dealer, &scores, &deck).ok()?;
    let mut baseline = G::baseline_bot();
    let mut step = 0u64;
    while let ToAct::Seat(seat) = hand.to_act() {
        if let Some(open) = G::open_position(&hand) {
            let objective = G::declarer_objective(&hand, &open);
            let goal = goal_kind(&objective.goal);
            if only.is_some_and(|kind| kind != goal) {
                return None;
            }
            let thresholds = G::declarer_thresholds(&hand, &open);
            solver.clear();
            let started = std::time::Instant::now();
            let (objective_nodes, objective_capped) = if thresholds.is_empty() {
                let solution = solver.value(&open.position, &objective);
                (solution.nodes, !solution.exact)
            } else {
                let settlement = solver.settle(&open.position, &objective, &thresholds);
                (settlement.nodes, !settlement.exact)
            };
            let objective_ms = started.elapsed().as_secs_f64() * 1000.0;
            if thresholds.is_empty() {
                // The exact value was the objective: no second solve.
                return Some(PointSolve { objective_ms, objective_nodes, exact: None, capped: objective_capped, goal });
            }
            solver.clear();
            let started = std::time::Instant::now();
            let solution = solver.value(&open.position, &objective);
            return Some(PointSolve {
                objective_ms,
                objective_nodes,
                exact: Some((started.elapsed().as_secs_f64() * 1000.0, solution.nodes)),
                capped: objective_capped || !solution.exact,
                goal,
            });
        }
        let view = SeatView::of(&hand, seat, &scores);
        let action = baseline.choose(&view, &mut decision_rng(seed, 0, step));
        hand.apply(seat, action).ok()?;
        step += 1;
    }
    None
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
        // Play positions are those where cards have moved: trick 1's roem comes before its
        // first card (the figures in the README are of this set).
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

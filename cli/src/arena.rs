//! `troef arena`: two bots over the same deals with every seat rotation (duplicate play), the
//! mean difference per deal with a 95% confidence interval. The logic is `troef_bots::arena`;
//! this is the argument checking and the report.

use crate::output::{print, print_json, Failure, CHECK_FAILED};
use serde_json::json;
use std::time::Instant;
use troef_bots::arena::{self, ArenaReport, ArenaSpec};
use troef_bots::{BotGame, BotKind};
use troef_core::{ConfigValues, Game, GameId};

#[derive(Debug)]
pub struct Options {
    pub game: String,
    pub a: String,
    pub b: String,
    pub deals: u64,
    pub seed: u64,
    pub variants: Vec<String>,
    pub threads: Option<usize>,
    /// Exit 1 unless the interval lies above 0.
    pub require_a_stronger: bool,
    pub json: bool,
}

pub fn run(options: &Options) -> Result<u8, Failure> {
    let id = GameId::parse(&options.game).map_err(|error| Failure::input(error.to_string()))?;
    let a = BotKind::parse(&options.a).map_err(|error| Failure::input(format!("--a: {error}")))?;
    let b = BotKind::parse(&options.b).map_err(|error| Failure::input(format!("--b: {error}")))?;
    if options.deals < 2 {
        return Err(Failure::input("--deals must be at least 2 (the confidence interval needs two deals)"));
    }
    if options.threads == Some(0) {
        return Err(Failure::input("--threads must be at least 1"));
    }
    let threads = options
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1))
        .min(options.deals as usize);
    let spec = ArenaSpec { a, b, deals: options.deals, seed: options.seed, threads };
    troef_core::with_game!(id, G => run_game::<G>(options, &spec))
}

fn run_game<G: BotGame>(options: &Options, spec: &ArenaSpec) -> Result<u8, Failure>
where
    G::Config: Sync,
{
    let values = ConfigValues::parse_settings(G::config_keys(), &options.variants)
        .and_then(|values| G::check_config(&values).map(|()| values))
        .map_err(|error| Failure::input(format!("{}: {error}", G::ID.name())))?;
    let config = G::config(&values);
    let started = Instant::now();
    let report = arena::run::<G>(&config, spec)
        .map_err(|error| Failure { code: CHECK_FAILED, message: format!("{}: {error}", G::ID.name()) })?;
    let seconds = started.elapsed().as_secs_f64();
    if options.json {
        print_json(&report_json::<G>(&values, spec, &report, seconds));
    } else {
        print(&report_text::<G>(spec, &report, seconds));
    }
    if options.require_a_stronger && report.ci95_low <= 0.0 {
        return Err(Failure {
            code: CHECK_FAILED,
            message: format!(
                "{}: {} is not significantly stronger than {} (95% CI {:.2} to {:.2})",
                G::ID.name(),
                spec.a,
                spec.b,
                report.ci95_low,
                report.ci95_high
            ),
        });
    }
    Ok(0)
}

/// Rounds for printing: four decimals are plenty for points per hand.
fn round(value: f64) -> f64 {
    (value * 10_000.0).round() / 10_000.0
}

fn report_json<G: Game>(
    values: &ConfigValues,
    spec: &ArenaSpec,
    report: &ArenaReport,
    seconds: f64,
) -> serde_json::Value {
    json!({
        "game": G::ID.name(),
        "config": values.map(),
        "a": spec.a.name(),
        "b": spec.b.name(),
        "seed": spec.seed,
        "deals": report.deals,
        "seating": report.seating.describe(),
        "hands": report.hands,
        "actions": report.actions,
        "mean_diff": round(report.mean_diff),
        "sd": round(report.sd),
        "ci95_low": round(report.ci95_low),
        "ci95_high": round(report.ci95_high),
        "a_mean": round(report.a_mean),
        "b_mean": round(report.b_mean),
        "threads": spec.threads,
        "seconds": (seconds * 1000.0).round() / 1000.0,
    })
}

fn points(value: f64) -> String {
    let text = format!("{value:.2}");
    if value > 0.0 {
        format!("+{text}")
    } else {
        text
    }
}

fn report_text<G: Game>(spec: &ArenaSpec, report: &ArenaReport, seconds: f64) -> String {
    let verdict = if report.ci95_low > 0.0 {
        format!("{} is stronger", spec.a)
    } else if report.ci95_high < 0.0 {
        format!("{} is stronger", spec.b)
    } else {
        "no significant difference".to_string()
    };
    format!(
        "{game} arena: {a} (A) against {b} (B), {deals} deals from seed {seed}; {seating}\n\
         mean difference per deal, A - B: {mean} points (95% CI {low} to {high}, sd {sd:.2}): {verdict}\n\
         A averages {a_mean} per seat and hand, B {b_mean}; {hands} hands, {actions} actions in {seconds:.1} s on {threads} threads",
        game = G::ID.name(),
        a = spec.a,
        b = spec.b,
        deals = report.deals,
        seed = spec.seed,
        seating = report.seating.describe(),
        mean = points(report.mean_diff),
        low = points(report.ci95_low),
        high = points(report.ci95_high),
        sd = report.sd,
        a_mean = points(report.a_mean),
        b_mean = points(report.b_mean),
        hands = report.hands,
        actions = report.actions,
        threads = spec.threads,
    )
}

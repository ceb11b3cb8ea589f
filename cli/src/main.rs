//! The `troef` command: replay and audit records, self-play random hands with invariant checks,
//! pit bots against each other in duplicate deals, list a game's variant keys. Every subcommand takes `--json` for machine-readable output.
//!
//! Exit status: 0 success; 1 a check failed (a self-play invariant, an audit violation); 2 bad
//! input (a bad record, an unknown game or variant key, a missing file). Errors are one line on
//! stderr, starting with `error: `.

mod arena;
mod bench;
mod dd;
mod output;
mod peer;
mod replay;
mod rules;
mod selfplay;

use clap::{Parser, Subcommand};
use output::Failure;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Debug, Parser)]
#[command(
    name = "troef",
    version,
    about = "Troef's rules core on the command line: replay records, self-play, rules, benchmarks."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// A headless peer-to-peer table device: opens or joins a table on the local network (found by
    /// mDNS), its own seat played by a bot; one line per hand, then a summary. A peer killed and
    /// restarted with the same `--data` rejoins its table.
    Peer {
        /// This device's display name.
        #[arg(long)]
        name: String,
        /// Open a table of this game.
        #[arg(long)]
        open: Option<String>,
        /// Join the table of this name.
        #[arg(long)]
        join: Option<String>,
        /// The name of the table opened (default: the game's name).
        #[arg(long)]
        table: Option<String>,
        /// A variant setting of the table opened; repeat for several.
        #[arg(long = "variant", value_name = "KEY=VALUE")]
        variants: Vec<String>,
        /// Seats of the opened table filled with bots hosted here.
        #[arg(long, default_value_t = 0)]
        bots: u8,
        /// The bot playing this device's seat (and its hosted seats).
        #[arg(long, default_value = "baseline")]
        bot: String,
        /// The seat to ask for when joining.
        #[arg(long)]
        seat: Option<u8>,
        /// Hands to play (0: one match to its end).
        #[arg(long, default_value_t = 0)]
        hands: u32,
        /// Seed of the first dealer and the bots' decisions.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The data directory (identity, saved tables).
        #[arg(long, default_value = "troef-peer-data")]
        data: PathBuf,
        /// Machine-readable summary.
        #[arg(long)]
        json: bool,
        /// Write deal and action timings here (for `troef lan-report`).
        #[arg(long)]
        timings: Option<PathBuf>,
        /// Fault tests: send a bad message of this kind (undecodable, oversized, mis-signed, forked,
        /// equivocation, illegal, replayed-deal) after `--inject-at` actions of the first hand.
        #[arg(long, hide = true)]
        inject: Option<String>,
        #[arg(long, hide = true, default_value_t = 8)]
        inject_at: u32,
        /// Fault tests: send every entry twice, reversed, and re-send old ones.
        #[arg(long, hide = true)]
        chaos: bool,
        /// Give up after this many seconds.
        #[arg(long, default_value_t = 600)]
        timeout: u64,
        /// The address to listen on.
        #[arg(long, default_value = "/ip4/0.0.0.0/tcp/0")]
        listen: String,
    },
    /// The figures of `troef peer --timings` files: deal time and action latency.
    LanReport {
        /// The peers' timing files.
        files: Vec<PathBuf>,
        #[arg(long)]
        json: bool,
    },
    /// Validate and replay a hand or match record (JSON, or bincode), print the scores, the
    /// per-hand breakdown and the match result, and audit every hand.
    Replay {
        /// The record file.
        file: PathBuf,
        /// Machine-readable output.
        #[arg(long)]
        json: bool,
    },
    /// Audit a record: replay every hand with full knowledge and list each rule broken (exit 1
    /// when any was).
    Audit {
        /// The record file.
        file: PathBuf,
        /// Machine-readable output.
        #[arg(long)]
        json: bool,
    },
    /// Play random legal hands through whole matches, checking the engine's invariants after
    /// every action and replaying every hand from its record.
    Selfplay {
        /// The game (see `troef rules`).
        #[arg(long)]
        game: String,
        /// A variant setting; repeat for several.
        #[arg(long = "variant", value_name = "KEY=VALUE")]
        variants: Vec<String>,
        /// How many hands to deal.
        #[arg(long, default_value_t = 1000)]
        hands: u64,
        /// Seed of the shuffles and choices.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Worker threads (default: all cores). Hands are dealt in fixed chunks of 10,000, each
        /// with its own random streams and matches, so the result does not depend on this.
        #[arg(long)]
        threads: Option<usize>,
        /// Machine-readable output.
        #[arg(long)]
        json: bool,
        /// Play every value of every variant key (each choice; minimum, middle and maximum of
        /// integer keys), each under the settings where the key has an effect, `--hands` each.
        #[arg(long)]
        sweep: bool,
        /// Fail (exit 1) when a contract type is reached fewer times than this in a run.
        #[arg(long, default_value_t = 0)]
        min_contract_count: u64,
    },
    /// Two bots over the same deals with every seat rotation (duplicate play): the mean score
    /// difference per deal, A minus B, with a 95% confidence interval.
    Arena {
        /// The game (see `troef rules`).
        #[arg(long)]
        game: String,
        /// Bot A: random, baseline, strong, strong-no-inference (the strong bot whose worlds
        /// ignore the others' bids) or open (the open-card bot, which sees every card: the
        /// cheating yardstick).
        #[arg(long)]
        a: String,
        /// Bot B: random, baseline, strong, strong-no-inference or open.
        #[arg(long)]
        b: String,
        /// How many deals (each played in every rotation).
        #[arg(long, default_value_t = 1000)]
        deals: u64,
        /// Seed of the deals and of every decision.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// A variant setting; repeat for several.
        #[arg(long = "variant", value_name = "KEY=VALUE")]
        variants: Vec<String>,
        /// Worker threads (default: all cores); the result does not depend on this.
        #[arg(long)]
        threads: Option<usize>,
        /// Fail (exit 1) unless A is significantly stronger (the interval lies above 0).
        #[arg(long)]
        require_a_stronger: bool,
        /// Machine-readable output.
        #[arg(long)]
        json: bool,
    },
    /// Speed figures of the command's own: `troef bench deal --players 4 --cards 52`.
    Bench {
        #[command(subcommand)]
        what: BenchCommand,
    },
    /// A bridge double-dummy table: for each declarer N E S W and strain C D H S NT, the tricks
    /// the declarer's side takes with best play, the declarer's left-hand opponent leading.
    Dd {
        /// The deal in PBN: `N:AKQ2.T98.765.432 ...` (four hands clockwise from the named seat,
        /// each spades.hearts.diamonds.clubs).
        pbn: String,
        /// Machine-readable output: `{"N":{"C":t,...,"NT":t},"E":{...},...}`.
        #[arg(long)]
        json: bool,
    },
    /// List a game's variant keys: allowed values, defaults and help.
    Rules {
        /// The game: tarneeb, tysiacha, rikken, tachtigen or tachentige.
        game: String,
        /// Machine-readable output.
        #[arg(long)]
        json: bool,
    },
}

#[derive(Debug, Subcommand)]
enum BenchCommand {
    /// The strong bot's decision time over a fixed set of play positions from self-play, and
    /// over the decisions before the play of those hands, one thread:
    /// `troef bench bot --game tarneeb --level normal`.
    Bot {
        /// tarneeb, tysiacha, rikken, tachtigen or tachentige.
        #[arg(long)]
        game: String,
        /// easy, normal or hard.
        #[arg(long, default_value = "normal")]
        level: String,
        /// Play positions to time.
        #[arg(long, default_value_t = 200)]
        positions: u32,
        /// Seed of the self-play hands.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Machine-readable output.
        #[arg(long)]
        json: bool,
    },
    /// Open-card solver speed: bridge (or tarneeb) single-strain solves at trick 1 of seeded
    /// random deals (or of a DDS hand list); tysiacha, tachtigen, tachentige and rikken full-deal
    /// solves of hands bid by the baseline bot.
    Solver {
        /// bridge, tarneeb, tysiacha, tachtigen, tachentige or rikken.
        #[arg(long)]
        game: String,
        /// Deals to solve (one solve each).
        #[arg(long, default_value_t = 100)]
        deals: u32,
        /// Seed of the deals.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Bridge: the deals of a DDS hand list instead (its `PBN` lines: trump and first leader
        /// per deal; its `FUT` lines, when present, are DDS's answers and every solve is checked
        /// against them), the first `--deals` of them.
        #[arg(long)]
        list: Option<PathBuf>,
        /// The games dealt and bid: solve only the hands whose goal is of this kind (`tricks`,
        /// `seat_tricks` or `points`; Rikken's contracts are `tricks`, its pass games `points`),
        /// dealing on until `--deals` of them are solved.
        #[arg(long)]
        goal: Option<String>,
        /// Machine-readable output.
        #[arg(long)]
        json: bool,
    },
    /// One honest hand of the private deal protocol per run (shuffles with proofs, verification,
    /// deal, every card played, audit): processor time and bytes per device, median of the runs.
    Deal {
        /// Devices at the table.
        #[arg(long, default_value_t = 4)]
        players: u8,
        /// Cards in the deck.
        #[arg(long, default_value_t = 52)]
        cards: u8,
        /// Hands to run; the median is reported.
        #[arg(long, default_value_t = 5)]
        runs: u32,
        /// Seed of the devices' randomness.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Machine-readable output.
        #[arg(long)]
        json: bool,
    },
}

fn main() -> ExitCode {
    output::install_panic_hook();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => return output::clap_exit(error),
    };
    let result = match cli.command {
        Command::Peer {
            name,
            open,
            join,
            table,
            variants,
            bots,
            bot,
            seat,
            hands,
            seed,
            data,
            json,
            timings,
            inject,
            inject_at,
            chaos,
            timeout,
            listen,
        } => peer::run(
            &troef_net::headless::PeerOptions {
                name,
                open,
                join,
                table,
                variants,
                bots,
                own_bot: Some(bot.clone()),
                bot,
                seat,
                hands,
                seed,
                data,
                timings,
                inject,
                inject_at,
                chaos,
                timeout,
                listen,
            },
            json,
        ),
        Command::LanReport { files, json } => peer::report(&files, json),
        Command::Replay { file, json } => replay::replay(&file, json),
        Command::Audit { file, json } => replay::audit(&file, json),
        Command::Selfplay { game, variants, hands, seed, threads, json, sweep, min_contract_count } => {
            selfplay::run(&selfplay::Options { game, variants, hands, seed, threads, json, sweep, min_contract_count })
        }
        Command::Arena { game, a, b, deals, seed, variants, threads, require_a_stronger, json } => {
            arena::run(&arena::Options { game, a, b, deals, seed, variants, threads, require_a_stronger, json })
        }
        Command::Rules { game, json } => rules::rules(&game, json),
        Command::Dd { pbn, json } => dd::dd(&pbn, json),
        Command::Bench { what: BenchCommand::Deal { players, cards, runs, seed, json } } => {
            bench::deal(players, cards, runs, seed, json)
        }
        Command::Bench { what: BenchCommand::Bot { game, level, positions, seed, json } } => {
            bench::bot(&game, &level, positions, seed, json)
        }
        Command::Bench { what: BenchCommand::Solver { game, deals, seed, list, goal, json } } => {
            bench::solver(&game, deals, seed, list.as_deref(), goal.as_deref(), json)
        }
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(Failure { code, message }) => {
            output::error_line(&message);
            ExitCode::from(code)
        }
    }
}

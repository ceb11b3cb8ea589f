//! The `troef` command: replay and audit records, self-play random hands with invariant checks,
//! list a game's variant keys. Every subcommand takes `--json` for machine-readable output.
//!
//! Exit status: 0 success; 1 a check failed (a self-play invariant, an audit violation); 2 bad
//! input (a bad record, an unknown game or variant key, a missing file). Errors are one line on
//! stderr, starting with `error: `.

mod output;
mod replay;
mod rules;
mod selfplay;

use clap::{Parser, Subcommand};
use output::Failure;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Debug, Parser)]
#[command(name = "troef", version, about = "Troef's rules core on the command line: replay records, self-play, rules.")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
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
    },
    /// List a game's variant keys: allowed values, defaults and help.
    Rules {
        /// The game: tarneeb or tysiacha.
        game: String,
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
        Command::Replay { file, json } => replay::replay(&file, json),
        Command::Audit { file, json } => replay::audit(&file, json),
        Command::Selfplay { game, variants, hands, seed, threads, json } => {
            selfplay::run(&selfplay::Options { game, variants, hands, seed, threads, json })
        }
        Command::Rules { game, json } => rules::rules(&game, json),
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(Failure { code, message }) => {
            output::error_line(&message);
            ExitCode::from(code)
        }
    }
}

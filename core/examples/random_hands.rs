//! Plays a fixed number of random hands of one game with the `random_hands` benchmark's loop, for
//! instruction counts that do not depend on the machine's load:
//!
//! ```sh
//! cargo build --profile profiling -p troef-core --example random_hands
//! valgrind --tool=callgrind target/profiling/examples/random_hands tysiacha 20000
//! ```
//!
//! Instructions per played-out hand are the total of the run with N hands less the total of the
//! run with 0 hands (start-up), divided by N. Prints the game, the hands and the actions played.

use troef_core::{Game, GameId};

#[path = "../benches/support/random_play.rs"]
mod random_play;
use random_play::Bench;

fn play<G: Game>(hands: u64) -> u64 {
    let mut bench = Bench::<G>::new();
    (0..hands).map(|_| u64::from(bench.played_out_hand())).sum()
}

fn main() {
    let mut args = std::env::args().skip(1);
    let (Some(name), Some(hands)) = (args.next(), args.next()) else {
        eprintln!("usage: random_hands GAME HANDS");
        std::process::exit(2);
    };
    let (Ok(id), Ok(hands)) = (GameId::parse(&name), hands.parse::<u64>()) else {
        eprintln!("error: unknown game {name:?} or bad hand count {hands:?}");
        std::process::exit(2);
    };
    let actions = troef_core::with_game!(id, G => play::<G>(hands));
    println!("{} {hands} hands, {actions} actions", id.name());
}

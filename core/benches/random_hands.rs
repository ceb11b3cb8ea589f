//! Random full hands per second, per game, on one core: pure engine speed (deal from a deck order,
//! a uniformly random legal action, apply, the outcome), no invariant checks.
//!
//! One measured element is one hand played to the end (auction to score): a thrown-in, conceded or
//! annulled deal is dealt again inside the same element and does not count on its own.
//!
//! How an action is drawn: `Hand::pick_legal_action` with an index drawn uniformly below the
//! number of legal actions it offers. That is exactly `legal_actions`' entry at that index (the
//! same set, the same order: the playout property in `core/tests/properties.rs` checks every index
//! of every state it reaches, for every game and variant, full hands and seat views alike), so
//! the hands played are the ones the list-and-pick loop played; only a game that can compute the
//! chosen entry directly (Tachtigen's 286 three-card discards, Tysiacha's 90 ordered pairs of
//! given cards, bid and call ladders, card plays) skips listing the rest.
//!
//! The loop itself is `support/random_play.rs`, shared with the `random_hands` example, which
//! plays a fixed number of hands for load-independent instruction counts under
//! `valgrind --tool=callgrind` (see the example's doc).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use troef_core::{Game, GameId};

#[path = "support/random_play.rs"]
mod random_play;
use random_play::Bench;

fn bench_game<G: Game>(c: &mut Criterion) {
    let mut group = c.benchmark_group("random_hands");
    group.throughput(Throughput::Elements(1));
    let mut bench = Bench::<G>::new();
    group.bench_function(G::ID.name(), |b| b.iter(|| black_box(bench.played_out_hand())));
    group.finish();
}

fn random_hands(c: &mut Criterion) {
    for id in GameId::ALL {
        troef_core::with_game!(id, G => bench_game::<G>(c));
    }
}

criterion_group!(benches, random_hands);
criterion_main!(benches);

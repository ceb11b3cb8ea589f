//! Random full hands per second, per game, on one core: pure engine speed (deal from a deck order,
//! legal actions into a reused buffer, a uniformly random pick, apply), no invariant checks.
//!
//! One measured element is one hand played to the end (auction to score): a thrown-in or annulled
//! deal is dealt again inside the same element and does not count on its own.

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

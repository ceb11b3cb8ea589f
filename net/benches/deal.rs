//! Criterion benchmark of one whole honest hand per table shape (every device: shuffle with a
//! proof, verify the others, deal, play every card, audit). Prints the per-device report first.

use criterion::{criterion_group, criterion_main, Criterion};
use troef_net::bench_deal;

fn deal(c: &mut Criterion) {
    let mut group = c.benchmark_group("deal");
    group.sample_size(10);
    for (players, cards) in [(3u8, 24u8), (4, 52)] {
        if let Ok(report) = bench_deal(players, cards, 7) {
            println!("{players} x {cards}: {report:?}");
        }
        group.bench_function(format!("{players}x{cards}"), |b| {
            b.iter(|| bench_deal(players, cards, 7).map(|report| report.bytes_per_device))
        });
    }
    group.finish();
}

criterion_group!(benches, deal);
criterion_main!(benches);

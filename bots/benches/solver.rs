//! Open-card solver benchmarks: bridge single-strain solves at trick 1 (deals of the DDS test
//! set) and Tysiacha full-deal solves from the first trick. `troef bench solver` gives the
//! distribution over 100 deals; this is the criterion view of the same work.

use criterion::{criterion_group, criterion_main, Criterion};
use troef_bots::solver::bridge::{solve_cell, BridgeDeal, Strain};
use troef_bots::solver::Solver;
use troef_core::{Direction, Seat};

fn bridge_cells(c: &mut Criterion) {
    let data: serde_json::Value =
        serde_json::from_str(include_str!("../tests/data/dd-vectors.json")).expect("the vector file is JSON");
    let deals: Vec<BridgeDeal> = data["tables"]
        .as_array()
        .expect("tables")
        .iter()
        .take(8)
        .map(|item| BridgeDeal::parse_pbn(item["deal"].as_str().expect("deal")).expect("valid"))
        .collect();
    let mut solver = Solver::new();
    let mut group = c.benchmark_group("solver");
    group.sample_size(10);
    group.bench_function("bridge_8_single_cells", |b| {
        b.iter(|| {
            let mut total = 0;
            for (index, deal) in deals.iter().enumerate() {
                solver.clear();
                let cell = solve_cell(
                    &mut solver,
                    deal,
                    Strain::ALL[index % 5],
                    Seat((index % 4) as u8),
                    Direction::Clockwise,
                );
                total += cell.value;
            }
            total
        })
    });
    group.finish();
}

criterion_group!(benches, bridge_cells);
criterion_main!(benches);

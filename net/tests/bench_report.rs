//! The benchmark function runs a whole honest hand and reports sane figures.

use troef_net::bench_deal;

#[test]
fn bench_deal_reports_a_whole_hand() {
    let report = bench_deal(3, 24, 1).expect("honest hand");
    assert_eq!((report.players, report.cards), (3, 24));
    assert!(report.cpu_ms_per_device > 0.0);
    assert!(report.bytes_per_device > 24 * 64);
    assert!(report.proof_share > 0.0 && report.proof_share < 1.0);
    eprintln!("{report:?}");
    assert!(bench_deal(0, 24, 1).is_err() && bench_deal(4, 60, 1).is_err() && bench_deal(9, 52, 1).is_err());
    if std::env::var("TROEF_BENCH_LARGE").is_ok() {
        eprintln!("{:?}", bench_deal(4, 52, 1).expect("honest hand"));
        eprintln!("{:?}", bench_deal(3, 24, 2).expect("honest hand"));
    }
}

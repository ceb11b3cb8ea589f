//! `troef arena` end to end: the report's figures, reproducibility whatever the thread count,
//! the same bot on both sides differing by nothing, the baseline beating random play in every
//! game, and bad arguments exiting 2 with one line on stderr.

use serde_json::Value;
use std::process::{Command, Output};

fn troef(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_troef")).args(args).output().expect("the troef binary runs")
}

fn json_of(output: &Output) -> Value {
    assert!(output.status.success(), "troef failed: {}", String::from_utf8_lossy(&output.stderr));
    serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|error| panic!("stdout is not JSON ({error}): {}", String::from_utf8_lossy(&output.stdout)))
}

fn number(report: &Value, key: &str) -> f64 {
    report[key].as_f64().unwrap_or_else(|| panic!("{key} missing in {report}"))
}

/// The report without the fields that depend on the machine (time, threads).
fn figures(mut report: Value) -> Value {
    if let Some(object) = report.as_object_mut() {
        object.remove("seconds");
        object.remove("threads");
    }
    report
}

#[test]
fn the_report_holds_the_interval_around_the_mean() {
    let report = json_of(&troef(&[
        "arena", "--game", "tarneeb", "--a", "baseline", "--b", "random", "--deals", "40", "--seed", "3", "--json",
    ]));
    assert_eq!(report["deals"], 40);
    assert_eq!(report["hands"], 80, "two tables per deal with fixed pairs");
    assert_eq!(report["a"], "baseline");
    assert_eq!(report["b"], "random");
    let (low, mean, high) = (number(&report, "ci95_low"), number(&report, "mean_diff"), number(&report, "ci95_high"));
    assert!(low <= mean && mean <= high, "{report}");
    assert!(number(&report, "sd") > 0.0);
    // A minus B in the compared seats.
    let gap = number(&report, "a_mean") - number(&report, "b_mean");
    assert!((gap - mean).abs() < 1e-3, "{report}");
}

#[test]
fn the_report_does_not_depend_on_the_thread_count() {
    let run = |threads: &str| {
        figures(json_of(&troef(&[
            "arena",
            "--game",
            "rikken",
            "--variant",
            "players=three_rene",
            "--a",
            "baseline",
            "--b",
            "random",
            "--deals",
            "30",
            "--seed",
            "9",
            "--threads",
            threads,
            "--json",
        ])))
    };
    assert_eq!(run("1"), run("3"));
}

#[test]
fn the_same_bot_on_both_sides_differs_by_nothing() {
    for game in ["tarneeb", "tysiacha", "rikken", "tachtigen"] {
        let report = json_of(&troef(&[
            "arena", "--game", game, "--a", "baseline", "--b", "baseline", "--deals", "10", "--json",
        ]));
        assert_eq!(number(&report, "mean_diff"), 0.0, "{game}: {report}");
        assert_eq!(number(&report, "ci95_low"), 0.0, "{game}: {report}");
        assert_eq!(number(&report, "ci95_high"), 0.0, "{game}: {report}");
    }
}

#[test]
fn the_baseline_beats_random_play_in_every_game() {
    let cases: &[(&str, &[&str])] = &[
        ("tarneeb", &[]),
        ("tarneeb", &["--variant", "ruleset=four_hundred"]),
        ("tysiacha", &[]),
        ("tysiacha", &["--variant", "players=4"]),
        ("rikken", &[]),
        ("rikken", &["--variant", "players=three_blind"]),
        ("tachtigen", &[]),
    ];
    for (game, variants) in cases {
        let mut args = vec!["arena", "--game", game, "--a", "baseline", "--b", "random", "--deals", "60", "--json"];
        args.extend_from_slice(variants);
        let report = json_of(&troef(&args));
        assert!(number(&report, "ci95_low") > 0.0, "{game} {variants:?}: {report}");
    }
}

#[test]
fn require_a_stronger_fails_when_a_is_not() {
    let weaker = ["arena", "--game", "tysiacha", "--a", "random", "--b", "baseline", "--deals", "30"];
    let output = troef(&[&weaker[..], &["--require-a-stronger"]].concat());
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("not significantly stronger"), "{stderr}");
    let stronger = ["arena", "--game", "tysiacha", "--a", "baseline", "--b", "random", "--deals", "30"];
    assert!(troef(&[&stronger[..], &["--require-a-stronger"]].concat()).status.success());
}

#[test]
fn the_text_report_names_the_bots_and_the_interval() {
    let output = troef(&["arena", "--game", "tachtigen", "--a", "random", "--b", "baseline", "--deals", "20"]);
    assert!(output.status.success());
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("random (A) against baseline (B)"), "{text}");
    assert!(text.contains("95% CI"), "{text}");
    assert!(text.contains("baseline is stronger"), "{text}");
}

#[test]
fn bad_arguments_exit_2_with_one_line() {
    let cases: &[(&[&str], &str)] = &[
        (&["arena", "--game", "bridge", "--a", "random", "--b", "random"], "unknown game"),
        (&["arena", "--game", "tarneeb", "--a", "genius", "--b", "random"], "unknown bot"),
        (&["arena", "--game", "tarneeb", "--a", "random", "--b", "random", "--deals", "1"], "at least 2"),
        (&["arena", "--game", "tarneeb", "--a", "random", "--b", "random", "--threads", "0"], "at least 1"),
        (&["arena", "--game", "tarneeb", "--a", "random", "--b", "random", "--variant", "colour=red"], "colour"),
        (&["arena", "--game", "tarneeb", "--a", "random", "--b", "random", "--variant", "zon=maybe"], "zon"),
        (&["arena", "--game", "tarneeb", "--a", "random"], "--b"),
        (&["arena", "--game", "tarneeb", "--a", "random", "--b", "random", "--deals", "many"], "deals"),
    ];
    for (args, expect) in cases {
        let output = troef(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.starts_with("error: "), "{args:?}: {stderr}");
        assert!(stderr.contains(expect), "{args:?}: {stderr}");
        assert!(output.stdout.is_empty(), "{args:?}");
    }
}

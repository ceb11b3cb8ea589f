//! The `troef` command end to end: replay of good records (the spec vectors under
//! `tests/vectors/`, plus hands and a match played here through the core API), bad records that
//! must exit 2 with one line on stderr, self-play runs, the rules listing.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use troef_core::record::{hand_record, HandRecord, MatchRecord};
use troef_core::{cut_deck, Card, ConfigValues, Game, GameId, Match, MatchStatus, NextDeck, Seat, ToAct};

fn troef(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_troef")).args(args).output().expect("the troef binary runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn json_of(output: &Output) -> Value {
    serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|error| panic!("stdout is not JSON ({error}): {}", stdout(output)))
}

/// A scratch file for this test run.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("troef-cli-tests");
    std::fs::create_dir_all(&dir).expect("scratch directory");
    dir.join(name)
}

fn write(name: &str, bytes: impl AsRef<[u8]>) -> PathBuf {
    let path = scratch(name);
    std::fs::write(&path, bytes).expect("scratch file written");
    path
}

fn vectors(game: GameId) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/vectors").join(game.name());
    let mut files: Vec<PathBuf> =
        std::fs::read_dir(dir).map(|entries| entries.flatten().map(|entry| entry.path()).collect()).unwrap_or_default();
    files.retain(|path| path.extension().is_some_and(|ext| ext == "json"));
    files.sort();
    files
}

/// Plays one random hand of the default variant to its end through the core API.
fn random_hand<G: Game>(seed: u64) -> HandRecord {
    let values = ConfigValues::validate(G::config_keys(), []).expect("defaults are valid");
    let config = G::config(&values);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut deck: Vec<Card> = G::deck(&config).iter().collect();
    deck.shuffle(&mut rng);
    let dealer = G::first_dealer(&config).unwrap_or(Seat(0));
    let game_match = Match::<G>::new(config, dealer);
    let mut hand = game_match.deal(&deck).expect("a full deck deals");
    let mut legal = Vec::new();
    let mut lines = Vec::new();
    while let ToAct::Seat(seat) = hand.to_act() {
        hand.legal_actions(&mut legal);
        let action = legal[rng.gen_range(0..legal.len())];
        hand.apply(seat, action).expect("a legal action applies");
        lines.push(troef_core::Hand::<G>::format_line(seat, &action));
    }
    hand_record::<G>(&values, dealer, &deck, None, lines)
}

/// Plays a few hands of one match through the core API, each deck made as the game says
/// (`Match::next_deck`: shuffled, or the last hand's cards gathered and cut).
fn random_match<G: Game>(seed: u64, hands: usize, settings: &[(&str, &str)]) -> MatchRecord {
    let values = ConfigValues::validate(G::config_keys(), settings.iter().copied()).expect("valid settings");
    let config = G::config(&values);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut deck: Vec<Card> = G::deck(&config).iter().collect();
    let mut game_match = Match::<G>::new(config.clone(), G::first_dealer(&config).unwrap_or(Seat(0)));
    let mut records = Vec::new();
    let mut totals = Vec::new();
    let mut result = None;
    let mut legal = Vec::new();
    for _ in 0..hands {
        match game_match.next_deck(records.last()).expect("the next deck") {
            NextDeck::Shuffle => deck.shuffle(&mut rng),
            NextDeck::Cut(gathered) => {
                deck = cut_deck(&gathered, rng.gen_range(1..gathered.len())).expect("a cut inside the deck")
            }
        }
        let dealer = game_match.dealer();
        let mut hand = game_match.deal(&deck).expect("a full deck deals");
        let mut lines = Vec::new();
        while let ToAct::Seat(seat) = hand.to_act() {
            hand.legal_actions(&mut legal);
            let action = legal[rng.gen_range(0..legal.len())];
            hand.apply(seat, action).expect("a legal action applies");
            lines.push(troef_core::Hand::<G>::format_line(seat, &action));
        }
        let status = game_match.settle(&hand).expect("a finished hand settles");
        records.push(hand_record::<G>(&values, dealer, &deck, None, lines));
        totals.push(G::scores_to_sheet(&config, game_match.scores()));
        if let MatchStatus::Over { summary, .. } = status {
            result = Some(summary);
            break;
        }
    }
    MatchRecord {
        game: G::ID.name().to_string(),
        rules_version: G::RULES_VERSION,
        config: values.map().clone(),
        seats: G::seat_count(&config),
        hands: records,
        totals,
        result,
    }
}

fn own_hand(game: GameId, seed: u64) -> HandRecord {
    troef_core::with_game!(game, G => random_hand::<G>(seed))
}

fn own_match(game: GameId, seed: u64, hands: usize) -> MatchRecord {
    troef_core::with_game!(game, G => random_match::<G>(seed, hands, &[]))
}

/// A valid hand record as JSON text: the first vector of the game with actions, else one played here.
fn valid_record_json(game: GameId) -> Value {
    for path in vectors(game) {
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        if let Ok(value) = serde_json::from_str::<Value>(&text) {
            let has_actions = value["actions"].as_array().is_some_and(|actions| actions.len() >= 2);
            if value.get("hands").is_none() && has_actions {
                return value;
            }
        }
    }
    serde_json::to_value(own_hand(game, 7)).expect("a record serialises")
}

/// Exit status 2 and exactly one line on stderr, starting with `error: `.
fn assert_bad(output: &Output, what: &str, expect_in_message: &str) {
    let err = stderr(output);
    assert_eq!(output.status.code(), Some(2), "{what}: exit status {:?}, stderr {err:?}", output.status.code());
    assert_eq!(err.lines().count(), 1, "{what}: stderr must be one line, got {err:?}");
    assert!(err.starts_with("error: "), "{what}: stderr {err:?}");
    assert!(
        err.to_lowercase().contains(&expect_in_message.to_lowercase()),
        "{what}: stderr {err:?} should mention {expect_in_message:?}"
    );
}

#[test]
fn replays_every_vector_record() {
    for game in GameId::ALL {
        let files = vectors(game);
        for path in &files {
            let file = path.to_string_lossy();
            let output = troef(&["replay", &file, "--json"]);
            assert_eq!(output.status.code(), Some(0), "{file}: {}", stderr(&output));
            let report = json_of(&output);
            assert_eq!(report["game"], game.name(), "{file}");
            assert!(report["audit"].as_array().is_none_or(|violations| violations.is_empty()), "{file}: {report}");
            let text = troef(&["replay", &file]);
            assert_eq!(text.status.code(), Some(0), "{file}");
            assert!(stdout(&text).contains("result:"), "{file}: {}", stdout(&text));
        }
        if files.is_empty() {
            eprintln!("no vector records for {} yet; replaying hands played here", game.name());
        }
    }
}

#[test]
fn replays_hands_played_through_the_core() {
    for game in GameId::ALL {
        for seed in 1..=3 {
            let record = own_hand(game, seed);
            let path = write(&format!("own-{}-{seed}.json", game.name()), record.to_json());
            let output = troef(&["replay", &path.to_string_lossy(), "--json"]);
            assert_eq!(output.status.code(), Some(0), "{}: {}", game.name(), stderr(&output));
            let report = json_of(&output);
            assert_eq!(report["kind"], "hand");
            assert_eq!(report["deltas"].as_array().map(Vec::len), Some(record.seats as usize));
            assert!(report["breakdown"].is_array());
            let audit = troef(&["audit", &path.to_string_lossy()]);
            assert_eq!(audit.status.code(), Some(0), "{}", stdout(&audit));
        }
    }
}

#[test]
fn replays_a_match_record() {
    for game in GameId::ALL {
        let record = own_match(game, 11, 6);
        let path = write(&format!("match-{}.json", game.name()), record.to_json());
        let output = troef(&["replay", &path.to_string_lossy(), "--json"]);
        assert_eq!(output.status.code(), Some(0), "{}: {}", game.name(), stderr(&output));
        let report = json_of(&output);
        assert_eq!(report["kind"], "match");
        assert_eq!(report["hands"].as_array().map(Vec::len), Some(record.hands.len()));
        let text = troef(&["replay", &path.to_string_lossy()]);
        assert!(stdout(&text).contains("final scores:"), "{}", stdout(&text));
    }
}

/// Rikken's traditional deals: each deal after the first (`cut_only`), or all but deals 1, 4, 7
/// (`periodic`), is the previous deal's cards in the spec's gathering order, cut; the match
/// record replays through the command.
#[test]
fn replays_a_rikken_match_dealt_by_gathering_and_cutting() {
    use troef_core::games::rikken::{shuffle, Rikken};
    use troef_core::record::deck_from_deal;
    for (mode, joker) in [("cut_only", "false"), ("cut_only", "true"), ("periodic", "true")] {
        let settings = [("deal_shuffle", mode), ("joker", joker), ("match_deals", "7")];
        let record = random_match::<Rikken>(21, 7, &settings);
        assert_eq!(record.hands.len(), 7);
        let values = ConfigValues::validate(Rikken::config_keys(), settings).expect("valid settings");
        let config = Rikken::config(&values);
        for (number, pair) in record.hands.windows(2).enumerate() {
            let deal = number + 2;
            let deck = deck_from_deal::<Rikken>(&Rikken::layout(&config, Seat(pair[1].dealer)), &pair[1].deal)
                .expect("a deal");
            let gathered = shuffle::gathered_cards(&config, &pair[0]).expect("gathered");
            let is_cut = (1..gathered.len()).any(|k| cut_deck(&gathered, k).expect("cut") == deck);
            let shuffled = mode == "periodic" && deal % 3 == 1;
            assert_eq!(is_cut, !shuffled, "{mode}, joker {joker}: deal {deal}");
        }
        let path = write(&format!("match-rikken-{mode}-{joker}.json"), record.to_json());
        let output = troef(&["replay", &path.to_string_lossy(), "--json"]);
        assert_eq!(output.status.code(), Some(0), "{mode}: {}", stderr(&output));
    }
}

#[test]
fn replays_bincode_records() {
    for game in GameId::ALL {
        let hand = own_hand(game, 5);
        let path = write(&format!("own-{}.bin", game.name()), hand.to_bincode());
        let output = troef(&["replay", &path.to_string_lossy(), "--json"]);
        assert_eq!(output.status.code(), Some(0), "{} hand: {}", game.name(), stderr(&output));
        assert_eq!(json_of(&output)["kind"], "hand");
        let game_match = own_match(game, 5, 3);
        let path = write(&format!("match-{}.bin", game.name()), game_match.to_bincode());
        let output = troef(&["replay", &path.to_string_lossy(), "--json"]);
        assert_eq!(output.status.code(), Some(0), "{} match: {}", game.name(), stderr(&output));
        assert_eq!(json_of(&output)["kind"], "match");
    }
}

#[test]
fn bad_records_exit_2_with_one_line() {
    for game in GameId::ALL {
        let valid = valid_record_json(game);
        let name = game.name();
        let run = |label: &str, bytes: Vec<u8>| {
            let path = write(&format!("bad-{name}-{label}"), bytes);
            troef(&["replay", &path.to_string_lossy()])
        };
        let text = serde_json::to_string_pretty(&valid).expect("json");

        let mut bad_card = valid.clone();
        let first_place = bad_card["deal"].as_object().and_then(|deal| deal.keys().next().cloned()).expect("a deal");
        bad_card["deal"][&first_place][0] = Value::from("1X");
        assert_bad(&run("card.json", bad_card.to_string().into_bytes()), "bad card code", "1X");

        let mut illegal = valid.clone();
        let actions = illegal["actions"].as_array_mut().expect("actions");
        let repeated = actions[0].clone();
        actions.insert(1, repeated.clone());
        let expected = format!("action 1 ({}", repeated.as_str().unwrap_or_default());
        assert_bad(&run("illegal.json", illegal.to_string().into_bytes()), "illegal action", &expected);

        assert_bad(&run("truncated.json", text.as_bytes()[..text.len() / 2].to_vec()), "truncated JSON", "bad record");

        let mut unknown_key = valid.clone();
        unknown_key["config"]["no_such_key"] = Value::from("1");
        assert_bad(&run("key.json", unknown_key.to_string().into_bytes()), "unknown variant key", "no_such_key");

        let mut unknown_game = valid.clone();
        unknown_game["game"] = Value::from("skat");
        assert_bad(&run("game.json", unknown_game.to_string().into_bytes()), "unknown game", "unknown game");

        let mut missing = valid.clone();
        if let Some(object) = missing.as_object_mut() {
            object.remove("deal");
        }
        assert_bad(&run("missing.json", missing.to_string().into_bytes()), "missing field", "deal");

        let mut unfinished = valid.clone();
        if let Some(actions) = unfinished["actions"].as_array_mut() {
            actions.pop();
        }
        assert_bad(&run("unfinished.json", unfinished.to_string().into_bytes()), "unfinished hand", "not over");
    }
    let empty = write("bad-empty.json", "");
    assert_bad(&troef(&["replay", &empty.to_string_lossy()]), "empty file", "empty");
    let blank = write("bad-blank.json", " \n\t\n");
    assert_bad(&troef(&["replay", &blank.to_string_lossy()]), "blank file", "empty");
    let garbage: Vec<u8> = (0..200u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8).collect();
    let garbage = write("bad-garbage.bin", garbage);
    assert_bad(&troef(&["replay", &garbage.to_string_lossy()]), "garbage bincode", "bad record");
    let missing = scratch("no-such-record.json");
    assert_bad(&troef(&["replay", &missing.to_string_lossy()]), "missing file", "cannot read");
}

#[test]
fn bad_record_fixtures_exit_2_with_one_line() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bad_records");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir).expect("fixtures").flatten().map(|e| e.path()).collect();
    files.sort();
    assert!(files.len() >= 7, "expected the bad-record fixtures in {}", dir.display());
    for path in files {
        let file = path.to_string_lossy();
        assert_bad(&troef(&["replay", &file]), &format!("replay {file}"), "error: ");
        // The audit reads the record too; one it can read is audited (exit 1 on a broken rule, 0 for an
        // unfinished hand that broke none).
        let audit = troef(&["audit", &file]);
        assert!(matches!(audit.status.code(), Some(0..=2)), "audit {file}: {:?}", audit.status);
        assert!(stderr(&audit).lines().count() <= 1, "audit {file}: {}", stderr(&audit));
    }
}

#[test]
fn mangled_records_never_panic() {
    let mut rng = ChaCha8Rng::seed_from_u64(99);
    for game in GameId::ALL {
        let text = serde_json::to_string_pretty(&valid_record_json(game)).expect("json").into_bytes();
        for round in 0..24 {
            let mut bytes = text.clone();
            for _ in 0..rng.gen_range(1..4) {
                let at = rng.gen_range(0..bytes.len());
                match rng.gen_range(0..3) {
                    0 => bytes[at] = rng.gen(),
                    1 => {
                        bytes.remove(at);
                    }
                    _ => bytes.insert(at, b"{}[]\",:0 9aZ"[rng.gen_range(0..12)]),
                }
            }
            let path = write(&format!("mangled-{}-{round}.json", game.name()), &bytes);
            let output = troef(&["replay", &path.to_string_lossy()]);
            let code = output.status.code();
            assert!(code == Some(0) || code == Some(2), "exit {code:?} on a mangled record: {}", stderr(&output));
            if code == Some(2) {
                assert_eq!(stderr(&output).lines().count(), 1, "{}", stderr(&output));
            }
        }
    }
}

#[test]
fn selfplay_runs_clean_for_every_game() {
    for game in GameId::ALL {
        let output = troef(&["selfplay", "--game", game.name(), "--hands", "300", "--seed", "3", "--json"]);
        let summary = json_of(&output);
        assert_eq!(output.status.code(), Some(0), "{}: {summary}", game.name());
        assert_eq!(summary["invariant_violations"], 0, "{summary}");
        assert_eq!(summary["hands"], 300);
        assert_eq!(summary["game"], game.name());
        assert!(summary["variant"].is_object());
        let contracts = summary["contracts"].as_object().expect("contracts");
        let counted: u64 = contracts.values().filter_map(Value::as_u64).sum();
        assert_eq!(counted, 300, "{summary}");
        let rules = json_of(&troef(&["rules", game.name(), "--json"]));
        for kind in rules["contract_kinds"].as_array().expect("contract kinds") {
            assert!(contracts.contains_key(kind.as_str().unwrap_or_default()), "{kind} missing in {summary}");
        }
        assert!(summary["hands_played_out"].as_u64().is_some_and(|n| n > 0 && n <= 300));
    }
}

#[test]
fn selfplay_is_reproducible() {
    let run = || {
        let mut summary =
            json_of(&troef(&["selfplay", "--game", "tysiacha", "--hands", "60", "--seed", "9", "--json"]));
        for volatile in ["seconds", "hands_per_sec", "threads"] {
            summary.as_object_mut().map(|object| object.remove(volatile));
        }
        summary
    };
    assert_eq!(run(), run());
}

#[test]
fn selfplay_rejects_bad_arguments() {
    let unknown_key = troef(&["selfplay", "--game", "tarneeb", "--variant", "no_such_key=1", "--hands", "1"]);
    assert_bad(&unknown_key, "unknown variant key", "valid keys");
    let rules = json_of(&troef(&["rules", "tarneeb", "--json"]));
    let first_key = rules["keys"][0]["name"].as_str().expect("a key").to_string();
    let bad_value = troef(&["selfplay", "--game", "tarneeb", "--variant", &format!("{first_key}=nonsense")]);
    assert_bad(&bad_value, "bad variant value", "allowed");
    let malformed = troef(&["selfplay", "--game", "tarneeb", "--variant", "nonsense"]);
    assert_bad(&malformed, "malformed setting", "KEY=VALUE");
    assert_bad(&troef(&["selfplay", "--game", "skat"]), "unknown game", "unknown game");
    assert_bad(&troef(&["selfplay", "--game", "tarneeb", "--hands", "many"]), "bad number", "many");
    assert_bad(&troef(&["frobnicate"]), "unknown subcommand", "frobnicate");
}

#[test]
fn rules_lists_every_key() {
    for game in GameId::ALL {
        let listing = json_of(&troef(&["rules", game.name(), "--json"]));
        let keys = listing["keys"].as_array().expect("keys");
        assert!(!keys.is_empty());
        let text = stdout(&troef(&["rules", game.name()]));
        for key in keys {
            let name = key["name"].as_str().expect("a name");
            assert!(key["default"].is_string() && key["allowed"].is_string() && key["help"].is_string(), "{key}");
            assert!(text.contains(name), "{name} missing from the text listing");
        }
    }
    assert_bad(&troef(&["rules", "skat"]), "unknown game", "known: tarneeb, tysiacha");
}

#[test]
fn selfplay_sweep_plays_every_variant_value() {
    for game in ["tarneeb", "tysiacha"] {
        let output = troef(&["selfplay", "--game", game, "--hands", "40", "--seed", "3", "--sweep", "--json"]);
        assert!(output.status.success(), "{game}: {}", stderr(&output));
        let summary = json_of(&output);
        let settings = summary["settings"].as_array().expect("settings list");
        // The defaults plus at least one run per key.
        let keys = json_of(&troef(&["rules", game, "--json"]));
        let key_count = keys["keys"].as_array().map_or(0, Vec::len);
        assert!(key_count > 0, "{game}: rules lists no keys: {keys}");
        assert!(settings.len() > key_count, "{game}: {} settings for {key_count} keys", settings.len());
        assert_eq!(summary["invariant_violations"], 0, "{game}");
        for setting in settings {
            assert_eq!(setting["hands"], 40);
        }
    }
}

/// Rikken with the joker and a traditional deal self-plays clean; a sweep based on the joker skips
/// the three-player forms, which refuse it.
#[test]
fn selfplay_rikken_joker_with_gathered_deals() {
    let args = ["--variant", "joker=true", "--variant", "deal_shuffle=periodic", "--hands", "300", "--json"];
    let output = troef(&[&["selfplay", "--game", "rikken", "--seed", "4"][..], &args[..]].concat());
    let summary = json_of(&output);
    assert_eq!(output.status.code(), Some(0), "{summary}");
    assert_eq!(summary["invariant_violations"], 0, "{summary}");
    assert_eq!(summary["variant"]["joker"], "true");
    let sweep =
        troef(&["selfplay", "--game", "rikken", "--variant", "joker=true", "--hands", "10", "--sweep", "--json"]);
    assert_eq!(sweep.status.code(), Some(0), "{}", stderr(&sweep));
    let summary = json_of(&sweep);
    let settings = summary["settings"].as_array().expect("settings list");
    assert!(settings.len() > 20, "{summary}");
    // Every setting keeps the joker but the one that sweeps the joker key itself back to false.
    let without_joker = settings.iter().filter(|setting| setting["variant"]["joker"] != "true").count();
    assert_eq!(without_joker, 1, "{summary}");
    assert!(settings.iter().all(|setting| setting["variant"]["players"] == "four"), "{summary}");
}

#[test]
fn selfplay_fails_when_a_contract_type_is_not_reached() {
    // 5 hands cannot reach every Tarneeb contract type 1000 times.
    let output = troef(&["selfplay", "--game", "tarneeb", "--hands", "5", "--min-contract-count", "1000", "--json"]);
    assert_eq!(output.status.code(), Some(1));
    let summary = json_of(&output);
    assert!(!summary["contracts_below_minimum"].as_array().expect("list").is_empty());
}

#[test]
fn bench_deal_reports_per_device_figures() {
    let output = troef(&["bench", "deal", "--players", "3", "--cards", "24", "--runs", "1", "--json"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let report = json_of(&output);
    assert!(report["cpu_ms_per_device"].as_f64().expect("a number") > 0.0);
    assert!(report["bytes_per_device"].as_u64().expect("a number") > 1000);
    let bad = troef(&["bench", "deal", "--players", "9", "--cards", "52"]);
    assert_eq!(bad.status.code(), Some(2));
    assert_eq!(stderr(&bad).lines().count(), 1);
}

/// `troef bench solver --list` solves the deals of DDS's own list and checks every trick count
/// against DDS's answer in it: a changed answer stops it (exit 1), a malformed list is bad input.
#[test]
fn bench_solver_checks_the_dds_list() {
    let list = Path::new(env!("CARGO_MANIFEST_DIR")).join("../bots/tests/data/dds-list100.txt");
    let list_path = list.to_string_lossy().into_owned();
    let output = troef(&["bench", "solver", "--game", "bridge", "--list", &list_path, "--deals", "3", "--json"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let report = json_of(&output);
    assert_eq!(report["deals"], 3);
    assert_eq!(report["objective"], "tricks");
    assert_eq!(report["capped"], 0);
    // Deal 1: East leads against clubs and East-West take 2 tricks; say 3 instead.
    let text = std::fs::read_to_string(&list).expect("the list");
    let line = text.lines().find(|line| line.starts_with("FUT")).expect("a FUT line");
    assert!(line.ends_with(" 2 2 1 1 1 1 1 1 1 1"), "{line}");
    let changed = line.replacen(" 2 2 1 1 1 1 1 1 1 1", " 3 2 1 1 1 1 1 1 1 1", 1);
    let wrong = write("dds-list-wrong.txt", text.replacen(line, &changed, 1));
    let output = troef(&["bench", "solver", "--game", "bridge", "--list", &wrong.to_string_lossy(), "--deals", "1"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr(&output).contains("deal 1 of the list"), "{}", stderr(&output));
    let malformed = write("dds-list-malformed.txt", "PBN 1 3 9 1 \"N:AT5\"\n");
    let output = troef(&["bench", "solver", "--game", "bridge", "--list", &malformed.to_string_lossy()]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(stderr(&output).lines().count(), 1, "{}", stderr(&output));
}

/// The point games' solver bench reports the declarer's real objective and the exact value;
/// Rikken's, the exact value alone.
#[test]
fn bench_solver_reports_the_declarers_score_and_the_exact_value() {
    let output = troef(&["bench", "solver", "--game", "tysiacha", "--deals", "3", "--json"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let report = json_of(&output);
    assert_eq!(report["deals"], 3);
    assert_eq!(report["objective"], "declarer_score");
    assert!(report["exact_value_ms_p50"].as_f64().is_some());
    assert!(report["exact_value_nodes_max"].as_u64().expect("a number") > 0);
    // Rikken's payments follow its goals' exact value: solved once, no second figure.
    let output = troef(&["bench", "solver", "--game", "rikken", "--deals", "2", "--json"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let report = json_of(&output);
    assert_eq!(report["objective"], "exact_value");
    assert!(report.get("exact_value_ms_p50").is_none());
    // The figures per goal kind cover every solve once.
    let by_goal = report["by_goal"].as_object().expect("figures per goal kind");
    let mut deals = 0;
    for (kind, figures) in by_goal {
        assert!(["tricks", "seat_tricks", "points"].contains(&kind.as_str()), "{kind}");
        assert!(figures["ms_max"].as_f64().expect("a time") >= figures["ms_p50"].as_f64().expect("a time"));
        deals += figures["deals"].as_u64().expect("a count");
    }
    assert_eq!(deals, 2);
    // `--goal` solves the hands of one kind only: here a pass game (one in nine Rikken hands).
    let output = troef(&["bench", "solver", "--game", "rikken", "--deals", "1", "--goal", "points", "--json"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let report = json_of(&output);
    let kinds: Vec<&String> = report["by_goal"].as_object().expect("figures per goal kind").keys().collect();
    assert_eq!(kinds, ["points"]);
    assert_eq!(report["by_goal"]["points"]["deals"], 1);
    for bad in [["--game", "rikken", "--goal", "contracts"], ["--game", "bridge", "--goal", "tricks"]] {
        let output = troef(&["bench", "solver", "--deals", "1", bad[0], bad[1], bad[2], bad[3]]);
        assert_eq!(output.status.code(), Some(2), "{bad:?}");
        assert_eq!(stderr(&output).lines().count(), 1, "{}", stderr(&output));
    }
}

/// `troef audit` names a false roem claim, a false rejection and a revoke in a Tachentige record
/// (T22 with one action changed), at its action index, and exits 1.
#[test]
fn audit_reports_tachentige_false_claims_and_revokes() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/vectors/tachentige/t22_roem_timing.json");
    let text = std::fs::read_to_string(path).expect("the T22 vector");
    let cases = [
        (8, "N show SET3 9H 9D 9C", "false roem claim"),
        (13, "S reject RUN3 TS JS QS", "false roem claim"),
        (20, "E play TC", "must play a trump"),
    ];
    for (index, line, rule) in cases {
        let mut record: Value = serde_json::from_str(&text).expect("a JSON record");
        record["actions"][index] = Value::String(line.to_string());
        record["expect"] = Value::Null;
        let file = write(&format!("tachentige-audit-{index}.json"), record.to_string());
        let output = troef(&["audit", &file.to_string_lossy(), "--json"]);
        assert_eq!(output.status.code(), Some(1), "{line}: {}", stdout(&output));
        let report = json_of(&output);
        let violations = report["hands"][0]["violations"].as_array().expect("violations").clone();
        assert!(
            violations
                .iter()
                .any(|v| v["action_index"] == index && v["rule"].as_str().is_some_and(|r| r.contains(rule))),
            "{line}: {violations:?}"
        );
    }
}

#[test]
fn dd_prints_the_double_dummy_table_and_refuses_bad_deals() {
    let out = troef(&["dd", "N:AKQ2.T98.765.432 JT98.AKQ2.432.76 765.765.AKQJ.AKQ 43.J43.T98.JT985", "--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let table: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    // DDS's table of this deal.
    for (seat, row) in
        [("N", [8, 10, 8, 9, 9]), ("E", [5, 3, 5, 3, 3]), ("S", [8, 10, 8, 9, 9]), ("W", [5, 3, 5, 3, 3])]
    {
        for (strain, tricks) in ["C", "D", "H", "S", "NT"].iter().zip(row) {
            assert_eq!(table[seat][strain], tricks, "{seat} {strain}");
        }
    }
    for bad in ["N:AKQ2", "Q:AKQ2.T98.765.432 JT98.AKQ2.432.76 765.765.AKQJ.AKQ 43.J43.T98.JT985", ""] {
        let out = troef(&["dd", bad]);
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(stderr.lines().count(), 1, "one line: {stderr}");
        assert!(stderr.starts_with("error: "), "{stderr}");
    }
}

//! `troef selfplay`: random legal hands through whole matches, with the engine's invariants checked
//! after every action and every hand replayed from its record.
//!
//! The core owns no randomness, so this is where decks are shuffled (or, where the game says so,
//! the previous hand's gathered cards cut: `Match::next_deck`) and the first dealer drawn (when
//! the config leaves it open). Two seeded generators: one for the game (shuffles, first
//! dealers, choices), one for the checks' samples, so the hands played depend on the seed only.

use crate::output::{print, print_json, Failure, CHECK_FAILED};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::json;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;
use troef_core::record::{hand_record, replay_hand, replay_match, status_text, HandRecord, MatchRecord};
use troef_core::{
    cut_deck, Card, ConfigValues, Event, Events, Game, GameId, Hand, Match, MatchStatus, NextDeck, Place, ScoreSheet,
    Seat, Slot, SlotSet, ToAct, Viewer, Visibility, MAX_SEATS,
};

/// Hands are played in chunks of this many, each with its own random streams and matches, so
/// that chunks run on all cores and the hands played depend only on the seed, never on the
/// number of threads.
const CHUNK_HANDS: u64 = 10_000;
/// How many violation messages the summary keeps.
const KEPT_MESSAGES: usize = 10;
/// Illegal candidate actions tried per action (a sample keeps self-play fast).
const ILLEGAL_SAMPLES: usize = 2;
/// How often (in actions) the legal actions are checked to be among the candidate actions.
const SUPERSET_EVERY: u64 = 8;
/// How often (in actions) an action by a seat not to act is tried.
const OUT_OF_TURN_EVERY: u64 = 3;
/// Matches longer than this are not replayed as a whole at their end.
const MAX_MATCH_RECORD_HANDS: usize = 2000;
/// A hand that has not ended after this many actions is stuck.
const MAX_ACTIONS: usize = 2000;

#[derive(Debug)]
pub struct Options {
    pub game: String,
    pub variants: Vec<String>,
    pub hands: u64,
    pub seed: u64,
    pub threads: Option<usize>,
    pub json: bool,
    /// Also play every value of every variant key (each choice; minimum, middle and maximum of
    /// integer keys), each under the settings in which the key has an effect.
    pub sweep: bool,
    /// Fail when a contract type was reached fewer times than this in a run.
    pub min_contract_count: u64,
}

pub fn run(options: &Options) -> Result<u8, Failure> {
    let id = GameId::parse(&options.game).map_err(|error| Failure::input(error.to_string()))?;
    troef_core::with_game!(id, G => run_game::<G>(options))
}

/// One self-play run's figures.
struct Run {
    values: ConfigValues,
    stats: Stats,
    threads: usize,
    seconds: f64,
}

impl Run {
    /// The contract types reached fewer than `minimum` times.
    fn short_contracts(&self, minimum: u64) -> Vec<&'static str> {
        self.stats.contracts.iter().filter(|(_, count)| *count < minimum).map(|(kind, _)| *kind).collect()
    }

    fn failed(&self, minimum: u64) -> bool {
        self.stats.violations > 0 || !self.short_contracts(minimum).is_empty()
    }
}

fn run_game<G: Game>(options: &Options) -> Result<u8, Failure> {
    let values = ConfigValues::parse_settings(G::config_keys(), &options.variants)
        .and_then(|values| G::check_config(&values).map(|()| values))
        .map_err(|error| Failure::input(format!("{}: {error}", G::ID.name())))?;
    if !options.sweep {
        let run = play_setting::<G>(values, options);
        report::<G>(&run, options);
        return Ok(if run.failed(options.min_contract_count) { CHECK_FAILED } else { 0 });
    }
    let started = Instant::now();
    let mut runs = Vec::new();
    for setting in sweep_settings::<G>(&options.variants) {
        let values = ConfigValues::parse_settings(G::config_keys(), &setting)
            .and_then(|values| G::check_config(&values).map(|()| values))
            .map_err(|error| Failure::input(format!("{}: {error}", G::ID.name())))?;
        runs.push(play_setting::<G>(values, options));
    }
    let failed = runs.iter().filter(|run| run.failed(options.min_contract_count)).count();
    let violations: u64 = runs.iter().map(|run| run.stats.violations).sum();
    let seconds = started.elapsed().as_secs_f64();
    if options.json {
        let settings: Vec<serde_json::Value> = runs.iter().map(|run| summary_json::<G>(run, options)).collect();
        print_json(&json!({
            "game": G::ID.name(),
            "seed": options.seed,
            "hands_per_setting": options.hands,
            "settings_played": runs.len(),
            "settings_failed": failed,
            "invariant_violations": violations,
            "seconds": (seconds * 1000.0).round() / 1000.0,
            "settings": settings,
        }));
    } else {
        let mut text = format!(
            "{} self-play sweep: {} settings x {} hands, seed {}\n",
            G::ID.name(),
            runs.len(),
            options.hands,
            options.seed
        );
        for run in &runs {
            let short = run.short_contracts(options.min_contract_count);
            text.push_str(&format!(
                "  {:<48} violations {:>3}  matches {:>5}  {}\n",
                changed_settings::<G>(&run.values),
                run.stats.violations,
                run.stats.matches_completed,
                if short.is_empty() {
                    "all contract types reached".to_string()
                } else {
                    format!("short: {}", short.join(" "))
                }
            ));
        }
        text.push_str(&format!(
            "{failed} of {} settings failed, {violations} invariant violations, {seconds:.1} s\n",
            runs.len()
        ));
        print(&text);
    }
    Ok(if failed == 0 { 0 } else { CHECK_FAILED })
}

/// The settings of a sweep: the given ones, then each sample value of each key under the key's
/// context (`Game::key_context`), skipping values that repeat a setting already played and
/// combinations the game refuses with the given ones (`Game::check_config`: Rikken's joker with
/// a three-player form).
fn sweep_settings<G: Game>(base: &[String]) -> Vec<Vec<String>> {
    let mut settings = vec![base.to_vec()];
    for pairs in troef_core::game::variant_settings::<G>().into_iter().skip(1) {
        let mut setting = base.to_vec();
        setting.extend(pairs.iter().map(|(key, value)| format!("{key}={value}")));
        let values = ConfigValues::parse_settings(G::config_keys(), &setting);
        let refused = values.as_ref().is_ok_and(|values| G::check_config(values).is_err());
        let seen = settings
            .iter()
            .any(|known| ConfigValues::parse_settings(G::config_keys(), known).ok() == values.clone().ok());
        if !seen && !refused {
            settings.push(setting);
        }
    }
    settings
}

/// The settings that differ from the defaults, as `KEY=VALUE` words.
fn changed_settings<G: Game>(values: &ConfigValues) -> String {
    let changed: Vec<String> = G::config_keys()
        .iter()
        .filter(|key| values.get(key.name) != key.default)
        .map(|key| format!("{}={}", key.name, values.get(key.name)))
        .collect();
    if changed.is_empty() {
        "(defaults)".to_string()
    } else {
        changed.join(" ")
    }
}

fn play_setting<G: Game>(values: ConfigValues, options: &Options) -> Run {
    let started = Instant::now();
    let chunks = options.hands.div_ceil(CHUNK_HANDS);
    let threads = options
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1))
        .clamp(1, chunks.max(1) as usize);
    let next_chunk = AtomicU64::new(0);
    let mut results: Vec<(u64, Stats)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let chunk = next_chunk.fetch_add(1, Ordering::Relaxed);
                        if chunk >= chunks {
                            return done;
                        }
                        let first = chunk * CHUNK_HANDS;
                        let count = CHUNK_HANDS.min(options.hands - first);
                        let mut play = SelfPlay::<G>::new(values.clone(), options.seed, chunk);
                        for number in first + 1..=first + count {
                            play.hand(number);
                        }
                        done.push((chunk, play.stats));
                    }
                })
            })
            .collect();
        workers.into_iter().flat_map(|worker| worker.join().unwrap_or_default()).collect()
    });
    results.sort_by_key(|(chunk, _)| *chunk);
    let mut stats = Stats {
        contracts: G::contract_kinds(&G::config(&values)).iter().map(|kind| (*kind, 0)).collect(),
        ..Stats::default()
    };
    for (_, part) in results {
        stats.merge(part);
    }
    Run { values, stats, threads, seconds: started.elapsed().as_secs_f64() }
}

fn hands_per_sec(run: &Run, options: &Options) -> f64 {
    if run.seconds > 0.0 {
        options.hands as f64 / run.seconds
    } else {
        0.0
    }
}

fn summary_json<G: Game>(run: &Run, options: &Options) -> serde_json::Value {
    let stats = &run.stats;
    let contracts: serde_json::Map<String, serde_json::Value> =
        stats.contracts.iter().map(|(kind, count)| (kind.to_string(), json!(count))).collect();
    let mut summary = json!({
        "game": G::ID.name(),
        "rules_version": G::RULES_VERSION,
        "variant": run.values.map(),
        "threads": run.threads,
        "seed": options.seed,
        "hands": options.hands,
        "hands_played_out": stats.played_out,
        "matches_completed": stats.matches_completed,
        "actions": stats.actions,
        "invariant_violations": stats.violations,
        "violations": stats.messages,
        "seconds": (run.seconds * 1000.0).round() / 1000.0,
        "hands_per_sec": hands_per_sec(run, options).round(),
        "contracts": contracts,
        "contracts_below_minimum": run.short_contracts(options.min_contract_count),
    });
    if let (Some(object), Some(record)) = (summary.as_object_mut(), &stats.first_failing_record) {
        object.insert("first_violation_record".into(), serde_json::to_value(record).unwrap_or_default());
    }
    summary
}

fn report<G: Game>(run: &Run, options: &Options) {
    if options.json {
        print_json(&summary_json::<G>(run, options));
        return;
    }
    let stats = &run.stats;
    let variant: Vec<String> = run.values.map().iter().map(|(key, value)| format!("{key}={value}")).collect();
    let mut text = format!(
        "{} self-play: {} hands, seed {}\nvariant: {}\n",
        G::ID.name(),
        options.hands,
        options.seed,
        if variant.is_empty() { "(none)".to_string() } else { variant.join(" ") }
    );
    let share = if options.hands > 0 { 100.0 * stats.played_out as f64 / options.hands as f64 } else { 0.0 };
    text.push_str(&format!(
        "hands played out: {} ({share:.1}%), matches completed: {}, actions: {}\n",
        stats.played_out, stats.matches_completed, stats.actions
    ));
    let contracts: Vec<String> = stats.contracts.iter().map(|(kind, count)| format!("{kind} {count}")).collect();
    text.push_str(&format!("contracts: {}\n", contracts.join(", ")));
    let short = run.short_contracts(options.min_contract_count);
    if !short.is_empty() {
        text.push_str(&format!(
            "contract types reached fewer than {} times: {}\n",
            options.min_contract_count,
            short.join(", ")
        ));
    }
    text.push_str(&format!("invariant violations: {}\n", stats.violations));
    for message in &stats.messages {
        text.push_str(&format!("  {message}\n"));
    }
    text.push_str(&format!("time: {:.2} s, {:.0} hands/s\n", run.seconds, hands_per_sec(run, options)));
    print(&text);
}

#[derive(Debug, Default)]
struct Stats {
    played_out: u64,
    matches_completed: u64,
    actions: u64,
    violations: u64,
    messages: Vec<String>,
    contracts: Vec<(&'static str, u64)>,
    first_failing_record: Option<HandRecord>,
}

impl Stats {
    /// Adds a later chunk's figures.
    fn merge(&mut self, other: Stats) {
        self.played_out += other.played_out;
        self.matches_completed += other.matches_completed;
        self.actions += other.actions;
        self.violations += other.violations;
        let room = KEPT_MESSAGES.saturating_sub(self.messages.len());
        self.messages.extend(other.messages.into_iter().take(room));
        for (kind, count) in other.contracts {
            match self.contracts.iter_mut().find(|(known, _)| *known == kind) {
                Some((_, total)) => *total += count,
                None => self.contracts.push((kind, count)),
            }
        }
        if self.first_failing_record.is_none() {
            self.first_failing_record = other.first_failing_record;
        }
    }
}

/// Where a hand stands, for violation messages.
#[derive(Clone, Copy)]
struct Context {
    number: u64,
    dealer: Seat,
}

struct SelfPlay<G: Game> {
    values: ConfigValues,
    config: G::Config,
    seats: u8,
    contract_kinds: &'static [&'static str],
    rng: ChaCha8Rng,
    check_rng: ChaCha8Rng,
    deck: Vec<Card>,
    game_match: Match<G>,
    /// The hand records of the current match, for the match-record check at its end.
    match_hands: Vec<HandRecord>,
    /// The record of the match's last hand, settled and checked: the next deck may be made from it.
    previous: Option<HandRecord>,
    match_totals: Vec<ScoreSheet>,
    /// A hand of this match was abandoned after a violation: skip the match-record check.
    match_tainted: bool,
    /// The match scores before the hand in play.
    sheet_before: ScoreSheet,
    stats: Stats,
    legal: Vec<G::Action>,
    view_legal: Vec<G::Action>,
    candidates: Vec<G::Action>,
    actions_checked: u64,
    out_of_turn_countdown: u64,
    weights: Vec<u64>,
}

impl<G: Game> SelfPlay<G> {
    /// The player of one chunk of hands: its own random streams, its own matches.
    fn new(values: ConfigValues, seed: u64, chunk: u64) -> SelfPlay<G> {
        let config = G::config(&values);
        let seats = G::seat_count(&config);
        let contract_kinds = G::contract_kinds(&config);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(chunk);
        let mut check_rng = ChaCha8Rng::seed_from_u64(seed ^ 0x9e37_79b9_7f4a_7c15);
        check_rng.set_stream(chunk);
        let deck: Vec<Card> = G::deck(&config).iter().collect();
        let first_dealer = Self::draw_first_dealer(&config, seats, &mut rng);
        let game_match = Match::new(config.clone(), first_dealer);
        SelfPlay {
            values,
            config,
            seats,
            contract_kinds,
            rng,
            check_rng,
            deck,
            game_match,
            match_hands: Vec::new(),
            match_totals: Vec::new(),
            previous: None,
            match_tainted: false,
            sheet_before: ScoreSheet::new(),
            stats: Stats { contracts: contract_kinds.iter().map(|kind| (*kind, 0)).collect(), ..Stats::default() },
            legal: Vec::new(),
            view_legal: Vec::new(),
            candidates: Vec::new(),
            actions_checked: 0,
            out_of_turn_countdown: 0,
            weights: Vec::new(),
        }
    }

    fn draw_first_dealer(config: &G::Config, seats: u8, rng: &mut ChaCha8Rng) -> Seat {
        G::first_dealer(config).unwrap_or_else(|| {
            let draw = rng.gen_range(0..seats.max(1) as u32);
            troef_core::game::dealer_from_draw::<G>(config, draw)
        })
    }

    fn violation(&mut self, context: Context, message: &str, lines: &[String]) {
        self.stats.violations += 1;
        if self.stats.messages.len() < KEPT_MESSAGES {
            let dealer = G::SEAT_NAMES.name(context.dealer);
            let at = match lines.last() {
                Some(last) => format!("after {} actions (last: {last})", lines.len()),
                None => "before any action".to_string(),
            };
            let message = format!("hand {} (dealer {dealer}), {at}: {message}", context.number);
            self.stats.messages.push(crate::output::one_line(&message));
        }
        if self.stats.first_failing_record.is_none() {
            let before = Some(self.sheet_before.clone());
            self.stats.first_failing_record =
                Some(hand_record::<G>(&self.values, context.dealer, &self.deck, before, lines.to_vec()));
        }
    }

    fn new_match(&mut self) {
        let dealer = Self::draw_first_dealer(&self.config, self.seats, &mut self.rng);
        self.game_match = Match::new(self.config.clone(), dealer);
        self.match_hands.clear();
        self.match_totals.clear();
        self.previous = None;
        self.match_tainted = false;
    }

    /// The next hand's deck order: shuffled, or the previous hand's cards gathered and cut at a
    /// position drawn uniformly (`Match::next_deck`).
    fn next_deck(&mut self) -> Result<(), String> {
        let previous = self.previous.take();
        match self.game_match.next_deck(previous.as_ref()) {
            Ok(NextDeck::Shuffle) => self.deck.shuffle(&mut self.rng),
            Ok(NextDeck::Cut(gathered)) => {
                let position = self.rng.gen_range(1..gathered.len().max(2));
                self.deck = cut_deck(&gathered, position).map_err(|error| format!("the cut failed: {error}"))?;
            }
            Err(error) => return Err(format!("the next deck could not be made from the last hand: {error}")),
        }
        Ok(())
    }

    /// Deals, plays and checks one hand, and settles it into the match.
    fn hand(&mut self, number: u64) {
        if self.game_match.is_over() {
            self.new_match();
        }
        let dealer = self.game_match.dealer();
        self.sheet_before = G::scores_to_sheet(&self.config, self.game_match.scores());
        let context = Context { number, dealer };
        let mut lines: Vec<String> = Vec::new();
        if let Err(message) = self.next_deck() {
            self.violation(context, &message, &lines);
            // Go on with a shuffled deck.
            self.deck.shuffle(&mut self.rng);
        }
        let mut hand = match self.game_match.deal(&self.deck) {
            Ok(hand) => hand,
            Err(error) => {
                self.violation(context, &format!("the deal was refused: {error}"), &lines);
                self.match_tainted = true;
                return;
            }
        };
        let layout = troef_core::game::hand_layout::<G>(&self.config, dealer, self.game_match.scores());
        let mut withheld = [SlotSet::EMPTY; MAX_SEATS];
        for seat in 0..self.seats {
            if layout.unseen_hands() & Seat(seat).bit() != 0 {
                withheld[seat as usize] = layout.slots_of(Place::Hand(Seat(seat)));
            }
        }
        loop {
            if let Err(message) = self.check_state(&hand, &withheld) {
                self.violation(context, &message, &lines);
                self.match_tainted = true;
                return;
            }
            let seat = match hand.to_act() {
                ToAct::HandOver => break,
                ToAct::Seat(seat) => seat,
            };
            if lines.len() >= MAX_ACTIONS {
                self.violation(context, &format!("the hand has not ended after {MAX_ACTIONS} actions"), &lines);
                self.match_tainted = true;
                return;
            }
            if self.legal.is_empty() {
                let message = format!("no legal action for {} to act", G::SEAT_NAMES.name(seat));
                self.violation(context, &message, &lines);
                self.match_tainted = true;
                return;
            }
            let action = self.choose(&hand);
            if let Err(message) = self.check_actions(&hand, seat, action) {
                self.violation(context, &message, &lines);
                self.match_tainted = true;
                return;
            }
            let line = Hand::<G>::format_line(seat, &action);
            match hand.parse_line(&line) {
                Ok(parsed) if parsed == (seat, action) => {}
                Ok(parsed) => {
                    let message = format!("{line:?} parses back as {parsed:?}, not {:?}", (seat, action));
                    self.violation(context, &message, &lines);
                }
                Err(error) => self.violation(context, &format!("{line:?} does not parse back: {error}"), &lines),
            }
            match hand.apply(seat, action) {
                Ok(events) => track_withheld(&events, &mut withheld),
                Err(error) => {
                    self.violation(context, &format!("legal action {line:?} refused: {error}"), &lines);
                    self.match_tainted = true;
                    return;
                }
            }
            lines.push(line);
            self.stats.actions += 1;
        }
        self.finish(&hand, context, lines);
    }

    /// The checks of the state after each action: bookkeeping, and each seat's view against the
    /// full state.
    fn check_state(&mut self, hand: &Hand<G>, withheld: &[SlotSet; MAX_SEATS]) -> Result<(), String> {
        let table = hand.table();
        table.check_conservation().map_err(|error| format!("conservation: {error}"))?;
        let to_act = hand.to_act();
        hand.legal_actions(&mut self.legal);
        for seat in (0..self.seats).map(Seat) {
            let name = G::SEAT_NAMES.name(seat);
            let view = hand.view(Viewer::Seat(seat));
            let seen = view.table();
            for slot in (0..table.slot_count() as u8).map(Slot) {
                if let Some(card) = seen.card_at(slot) {
                    if table.card_at(slot) != Some(card) {
                        return Err(format!(
                            "{name}'s view has {card} at deck position {}, the full state {:?}",
                            slot.0,
                            table.card_at(slot)
                        ));
                    }
                }
            }
            for slot in table.hand_slots(seat).iter() {
                if !withheld[seat.index()].contains(slot) && seen.card_at(slot).is_none() {
                    return Err(format!("{name}'s view does not know its own card at deck position {}", slot.0));
                }
            }
            let view_to_act = view.to_act();
            if view_to_act != to_act {
                return Err(format!("{name}'s view has {view_to_act:?} to act, the full state {to_act:?}"));
            }
            if to_act == ToAct::Seat(seat) {
                view.legal_actions(&mut self.view_legal);
                if !same_actions::<G>(&self.legal, &self.view_legal) {
                    return Err(format!(
                        "{name}'s own view allows {:?}, the full state {:?}",
                        self.view_legal, self.legal
                    ));
                }
            }
        }
        Ok(())
    }

    /// Every legal action is accepted (the chosen one is applied for real next); a sample of the other
    /// candidates is refused with the state unchanged; every few actions, an action by a seat that
    /// is not to act is refused.
    fn check_actions(&mut self, hand: &Hand<G>, seat: Seat, chosen: G::Action) -> Result<(), String> {
        for action in &self.legal {
            if *action == chosen {
                // Applied for real right after this check.
                continue;
            }
            let mut trial = hand.clone();
            if let Err(error) = trial.apply(seat, *action) {
                return Err(format!("legal action {} refused: {error}", Hand::<G>::format_line(seat, action)));
            }
        }
        self.candidates.clear();
        G::candidate_actions(&self.config, hand.table(), seat, &mut self.candidates);
        self.actions_checked += 1;
        if self.actions_checked >= SUPERSET_EVERY {
            self.actions_checked = 0;
            if let Some(missing) = self.legal.iter().find(|action| !self.candidates.contains(action)) {
                return Err(format!("legal action {} is not among the candidate actions", G::format_action(missing)));
            }
        }
        // Rejection sampling: a few random candidates that are not legal.
        let mut tried = 0;
        for _ in 0..ILLEGAL_SAMPLES * 4 {
            if tried == ILLEGAL_SAMPLES || self.candidates.is_empty() {
                break;
            }
            let action = self.candidates[self.check_rng.gen_range(0..self.candidates.len())];
            if self.legal.contains(&action) {
                continue;
            }
            tried += 1;
            let mut trial = hand.clone();
            if trial.apply(seat, action).is_ok() {
                let line = Hand::<G>::format_line(seat, &action);
                return Err(format!("{line:?} is not among the legal actions but apply accepted it"));
            }
            if trial != *hand {
                let line = Hand::<G>::format_line(seat, &action);
                return Err(format!("refusing {line:?} changed the state"));
            }
        }
        self.out_of_turn_countdown = self.out_of_turn_countdown.saturating_sub(1);
        if self.seats > 1 && self.out_of_turn_countdown == 0 {
            self.out_of_turn_countdown = OUT_OF_TURN_EVERY;
            let other = Seat((seat.0 + self.check_rng.gen_range(1..self.seats)) % self.seats);
            let action = self.legal[self.check_rng.gen_range(0..self.legal.len())];
            let mut trial = hand.clone();
            if trial.apply(other, action).is_ok() {
                return Err(format!("{:?} accepted out of turn", Hand::<G>::format_line(other, &action)));
            }
            if trial != *hand {
                return Err(format!(
                    "refusing out-of-turn {:?} changed the state",
                    Hand::<G>::format_line(other, &action)
                ));
            }
        }
        Ok(())
    }

    /// A legal action at random, weighted by the game's self-play policy.
    fn choose(&mut self, hand: &Hand<G>) -> G::Action {
        self.weights.clear();
        let mut total = 0u64;
        for action in &self.legal {
            let weight = u64::from(hand.game().policy_weight(&self.config, hand.table(), action));
            total += weight;
            self.weights.push(total);
        }
        if total == 0 {
            return self.legal[self.rng.gen_range(0..self.legal.len())];
        }
        let pick = self.rng.gen_range(0..total);
        let index = self.weights.partition_point(|&cumulative| cumulative <= pick);
        self.legal[index.min(self.legal.len() - 1)]
    }

    /// End-of-hand checks, settlement, and the record round trips and replay.
    fn finish(&mut self, hand: &Hand<G>, context: Context, lines: Vec<String>) {
        let dealer = hand.dealer();
        let Some(outcome) = hand.outcome() else {
            self.violation(context, "the hand is over but has no outcome", &lines);
            self.match_tainted = true;
            return;
        };
        for message in G::check_outcome(&self.config, hand.table(), &outcome) {
            self.violation(context, &format!("outcome: {message}"), &lines);
        }
        let deltas = G::seat_deltas(&self.config, &outcome);
        if deltas.len() != self.seats as usize {
            let message = format!("{} seat deltas for {} seats", deltas.len(), self.seats);
            self.violation(context, &message, &lines);
        }
        let kind = G::contract_kind(&outcome);
        match self.stats.contracts.iter_mut().find(|(known, _)| *known == kind) {
            Some((_, count)) => *count += 1,
            None => {
                let message = format!("contract kind {kind:?} is not among {:?}", self.contract_kinds);
                self.violation(context, &message, &lines);
            }
        }
        if G::played_out(&outcome) {
            self.stats.played_out += 1;
        }
        let status = match self.game_match.settle(hand) {
            Ok(status) => status,
            Err(error) => {
                self.violation(context, &format!("settling the hand failed: {error}"), &lines);
                self.match_tainted = true;
                return;
            }
        };
        let record = hand_record::<G>(&self.values, dealer, &self.deck, Some(self.sheet_before.clone()), lines);
        if let Err(message) = self.check_record(hand, &record, &outcome, &status) {
            self.violation(context, &message, &record.actions);
        }
        self.previous = Some(record.clone());
        if self.match_hands.len() < MAX_MATCH_RECORD_HANDS {
            self.match_hands.push(record);
            self.match_totals.push(G::scores_to_sheet(&self.config, self.game_match.scores()));
        } else {
            // A match this long is not worth keeping whole in memory; its hands were checked one by one.
            self.match_tainted = true;
            self.match_hands.clear();
            self.match_totals.clear();
        }
        if let MatchStatus::Over { .. } = status {
            self.stats.matches_completed += 1;
            if !self.match_tainted {
                if let Err(message) = self.check_match_record(&status) {
                    self.violation(context, &format!("match record: {message}"), &[]);
                }
            }
        }
    }

    /// The hand's record survives JSON and bincode, and replays to the same hand, outcome, scores
    /// and match status.
    fn check_record(
        &self,
        hand: &Hand<G>,
        record: &HandRecord,
        outcome: &G::Outcome,
        status: &MatchStatus,
    ) -> Result<(), String> {
        // Typed JSON both ways (`Record::from_json` goes through a `serde_json::Value` first, which
        // costs more than the rest of the round trip; the replay tests cover that path).
        let json =
            serde_json::to_string(record).map_err(|error| format!("the record does not write as JSON: {error}"))?;
        match serde_json::from_str::<HandRecord>(&json) {
            Ok(read) if read == *record => {}
            Ok(_) => return Err("the record reads back from JSON differently".into()),
            Err(error) => return Err(format!("the record does not read back from JSON: {error}")),
        }
        match HandRecord::from_bincode(&record.to_bincode()) {
            Ok(read) if read == *record => {}
            Ok(_) => return Err("the record reads back from bincode differently".into()),
            Err(error) => return Err(format!("the record does not read back from bincode: {error}")),
        }
        let replayed = replay_hand::<G>(record).map_err(|error| format!("the record does not replay: {error}"))?;
        if replayed.hand != *hand {
            return Err("the replayed hand ends in a different state".into());
        }
        if replayed.outcome != *outcome {
            return Err(format!("replay gives outcome {:?}, play gave {outcome:?}", replayed.outcome));
        }
        if replayed.scores_after != *self.game_match.scores() {
            return Err(format!(
                "replay gives scores {:?}, play gave {:?}",
                replayed.scores_after,
                self.game_match.scores()
            ));
        }
        if replayed.status != *status {
            return Err(format!("replay gives {:?}, play gave {status:?}", replayed.status));
        }
        Ok(())
    }

    /// The whole match as a record replays to the same final scores and result.
    fn check_match_record(&self, status: &MatchStatus) -> Result<(), String> {
        let record = MatchRecord {
            game: G::ID.name().to_string(),
            rules_version: G::RULES_VERSION,
            config: self.values.map().clone(),
            seats: self.seats,
            hands: self.match_hands.iter().map(|hand| HandRecord { scores_before: None, ..hand.clone() }).collect(),
            totals: self.match_totals.clone(),
            result: Some(status_text(status)),
        };
        let replayed = replay_match::<G>(&record).map_err(|error| format!("does not replay: {error}"))?;
        if replayed.scores != *self.game_match.scores() {
            return Err(format!("replay gives {:?}, play gave {:?}", replayed.scores, self.game_match.scores()));
        }
        if replayed.status.as_ref() != Some(status) {
            return Err(format!("replay gives {:?}, play gave {status:?}", replayed.status));
        }
        Ok(())
    }
}

/// The same actions, in any order.
fn same_actions<G: Game>(a: &[G::Action], b: &[G::Action]) -> bool {
    a.len() == b.len() && a.iter().all(|action| b.contains(action)) && b.iter().all(|action| a.contains(action))
}

/// Keeps track of the cards each seat may not see in its own hand (dealt unseen or withheld), from
/// the visibility events.
fn track_withheld(events: &Events, withheld: &mut [SlotSet; MAX_SEATS]) {
    for event in events {
        let Event::Visibility(change) = event else { continue };
        match *change {
            Visibility::DealtUnseen { seat, slots } | Visibility::WithheldFromHolder { seat, slots } => {
                withheld[seat.index()] = withheld[seat.index()].union(slots);
            }
            Visibility::ShownToAll { slots }
            | Visibility::HandOpened { slots, .. }
            | Visibility::RevealedAtEnd { slots } => {
                for set in withheld.iter_mut() {
                    set.0 &= !slots.0;
                }
            }
            Visibility::ShownToSeat { seat, slots }
            | Visibility::ReleasedToHolder { seat, slots }
            | Visibility::PassedFaceDown { to: seat, slots, .. } => {
                withheld[seat.index()].0 &= !slots.0;
            }
            _ => {}
        }
    }
}

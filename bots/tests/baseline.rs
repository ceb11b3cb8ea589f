//! The baseline bot of every game, over random views of every variant: its choice is always
//! legal, it repeats itself given the same view and random stream, and it cannot be influenced
//! by cards its seat has not seen (re-dealing the hidden cards consistently with the view leaves
//! the decision unchanged).

use proptest::prelude::*;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use troef_bots::{decision_rng, new_bot, BotGame, BotKind};
use troef_core::{with_game, Card, ConfigValues, Game, GameId, Hand, Seat, SeatView, Slot, ToAct};

/// A list of `KEY=VALUE` settings.
type Setting = Vec<(String, String)>;

/// The defaults, then every sample value of every key under the settings where it has effect.
fn variant_settings(id: GameId) -> Vec<Setting> {
    with_game!(id, G => troef_core::game::variant_settings::<G>())
}

/// The config of a setting, or `None` when the game refuses the combination.
fn config_of<G: Game>(setting: &Setting) -> Option<G::Config> {
    let pairs: Vec<(&str, &str)> = setting.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    let values = ConfigValues::validate(G::config_keys(), pairs).ok()?;
    G::check_config(&values).ok()?;
    Some(G::config(&values))
}

fn random_deal<G: Game>(config: &G::Config, rng: &mut ChaCha8Rng) -> (Vec<Card>, Seat) {
    let mut deck: Vec<Card> = G::deck(config).iter().collect();
    deck.shuffle(rng);
    let dealer = troef_core::game::dealer_from_draw::<G>(config, rng.gen_range(0..G::seat_count(config) as u32));
    (deck, dealer)
}

fn seat_to_act<G: Game>(hand: &Hand<G>) -> Option<Seat> {
    match hand.to_act() {
        ToAct::Seat(seat) => Some(seat),
        ToAct::HandOver => None,
    }
}

/// Plays a whole hand, asking the baseline at every decision and checking its answer is legal
/// and repeatable; the hand goes on with the baseline's choice or, half the time, a random legal
/// action (so the views reach states the baseline alone would not).
fn baseline_is_legal_and_repeatable<G: BotGame>(setting: &Setting, seed: u64) {
    let Some(config) = config_of::<G>(setting) else { return };
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (deck, dealer) = random_deal::<G>(&config, &mut rng);
    let scores = G::new_scores(&config);
    let mut hand = Hand::<G>::from_deck(config.clone(), dealer, &scores, &deck).expect("deal");
    let mut bot = new_bot::<G>(BotKind::Baseline).expect("the baseline is an honest bot");
    let mut legal = Vec::new();
    for step in 0..2000u64 {
        let Some(seat) = seat_to_act(&hand) else { return };
        let view = SeatView::of(&hand, seat, &scores);
        view.legal_actions(&mut legal);
        let choice = bot.choose(&view, &mut decision_rng(seed, 0, step));
        assert!(legal.contains(&choice), "{setting:?}: baseline chose illegal {choice:?} from {legal:?}");
        let again = new_bot::<G>(BotKind::Baseline).expect("honest").choose(&view, &mut decision_rng(seed, 0, step));
        assert_eq!(choice, again, "{setting:?}: the same view and stream gave another answer");
        let action = if rng.gen_bool(0.5) { choice } else { legal[rng.gen_range(0..legal.len())] };
        hand.apply(seat, action).expect("a legal action applies");
    }
    panic!("{setting:?}: the hand did not end");
}

/// The cards an action line names (played, passed, given, discarded, declared): those may not
/// move when re-dealing.
fn named_cards(lines: &[String]) -> Vec<Card> {
    lines
        .iter()
        .flat_map(|line| line.split(|c: char| c.is_whitespace() || c == '>' || c == ','))
        .filter_map(|token| token.parse::<Card>().ok())
        .collect()
}

/// The anti-leak property: from a random state, the baseline decides for the seat to act; the
/// cards that seat has not seen are re-dealt (consistently with the public history), the view
/// is derived again, and the decision with the same random stream must not change.
fn baseline_ignores_unseen_cards<G: BotGame>(setting: &Setting, seed: u64) {
    let Some(config) = config_of::<G>(setting) else { return };
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (deck, dealer) = random_deal::<G>(&config, &mut rng);
    let scores = G::new_scores(&config);
    let mut hand = Hand::<G>::from_deck(config.clone(), dealer, &scores, &deck).expect("deal");
    let stop_after = rng.gen_range(0..80);
    let mut actions = Vec::new();
    let mut legal = Vec::new();
    while actions.len() < stop_after {
        let Some(seat) = seat_to_act(&hand) else { break };
        hand.legal_actions(&mut legal);
        let action = legal[rng.gen_range(0..legal.len())];
        hand.apply(seat, action).expect("legal");
        actions.push((seat, action));
    }
    let Some(viewer) = seat_to_act(&hand) else { return };
    let view = SeatView::of(&hand, viewer, &scores);
    let mut bot = new_bot::<G>(BotKind::Baseline).expect("honest");
    let decision = bot.choose(&view, &mut decision_rng(seed, 1, actions.len() as u64));

    let lines: Vec<String> = actions.iter().map(|(seat, action)| Hand::<G>::format_line(*seat, action)).collect();
    let named = named_cards(&lines);
    let movable: Vec<usize> = (0..deck.len())
        .filter(|&slot| !hand.table().is_seen_by(Slot(slot as u8), viewer) && !named.contains(&deck[slot]))
        .collect();
    let unseen = G::layout(&config, dealer).unseen_hands();
    for _ in 0..32 {
        let mut shuffled: Vec<Card> = movable.iter().map(|&slot| deck[slot]).collect();
        shuffled.shuffle(&mut rng);
        let mut other_deck = deck.clone();
        for (&slot, &card) in movable.iter().zip(&shuffled) {
            other_deck[slot] = card;
        }
        let mut other = Hand::<G>::from_deck(config.clone(), dealer, &scores, &other_deck).expect("deal");
        for seat in 0..G::seat_count(&config) {
            if seat != viewer.0 || unseen & (1 << seat) != 0 {
                // As a peer would: duties on cards the viewer cannot see are left to the audit.
                other.table_mut().defer_checks(Seat(seat), true);
            }
        }
        if !actions.iter().all(|(seat, action)| other.apply(*seat, *action).is_ok()) {
            // This re-deal contradicts the public history; draw another.
            continue;
        }
        for seat in 0..G::seat_count(&config) {
            other.table_mut().defer_checks(Seat(seat), false);
        }
        let other_view = SeatView::of(&other, viewer, &scores);
        assert_eq!(other_view, view, "{setting:?}: the re-deal changed the view");
        let mut fresh = new_bot::<G>(BotKind::Baseline).expect("honest");
        let again = fresh.choose(&other_view, &mut decision_rng(seed, 1, actions.len() as u64));
        assert_eq!(again, decision, "{setting:?}: the decision depends on cards {viewer:?} has not seen");
        return;
    }
    panic!("{setting:?}: no re-deal consistent with the public history");
}

fn settings_strategy(id: GameId) -> impl Strategy<Value = (Setting, u64)> {
    let settings = variant_settings(id);
    (0..settings.len(), any::<u64>()).prop_map(move |(index, seed)| (settings[index].clone(), seed))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn tarneeb_baseline_is_legal((setting, seed) in settings_strategy(GameId::Tarneeb)) {
        with_game!(GameId::Tarneeb, G => baseline_is_legal_and_repeatable::<G>(&setting, seed));
    }

    #[test]
    fn tysiacha_baseline_is_legal((setting, seed) in settings_strategy(GameId::Tysiacha)) {
        with_game!(GameId::Tysiacha, G => baseline_is_legal_and_repeatable::<G>(&setting, seed));
    }

    #[test]
    fn rikken_baseline_is_legal((setting, seed) in settings_strategy(GameId::Rikken)) {
        with_game!(GameId::Rikken, G => baseline_is_legal_and_repeatable::<G>(&setting, seed));
    }

    #[test]
    fn tachtigen_baseline_is_legal((setting, seed) in settings_strategy(GameId::Tachtigen)) {
        with_game!(GameId::Tachtigen, G => baseline_is_legal_and_repeatable::<G>(&setting, seed));
    }

    #[test]
    fn tachentige_baseline_is_legal((setting, seed) in settings_strategy(GameId::Tachentige)) {
        with_game!(GameId::Tachentige, G => baseline_is_legal_and_repeatable::<G>(&setting, seed));
    }

    #[test]
    fn tarneeb_baseline_ignores_unseen_cards((setting, seed) in settings_strategy(GameId::Tarneeb)) {
        with_game!(GameId::Tarneeb, G => baseline_ignores_unseen_cards::<G>(&setting, seed));
    }

    #[test]
    fn tysiacha_baseline_ignores_unseen_cards((setting, seed) in settings_strategy(GameId::Tysiacha)) {
        with_game!(GameId::Tysiacha, G => baseline_ignores_unseen_cards::<G>(&setting, seed));
    }

    #[test]
    fn rikken_baseline_ignores_unseen_cards((setting, seed) in settings_strategy(GameId::Rikken)) {
        with_game!(GameId::Rikken, G => baseline_ignores_unseen_cards::<G>(&setting, seed));
    }

    #[test]
    fn tachtigen_baseline_ignores_unseen_cards((setting, seed) in settings_strategy(GameId::Tachtigen)) {
        with_game!(GameId::Tachtigen, G => baseline_ignores_unseen_cards::<G>(&setting, seed));
    }

    #[test]
    fn tachentige_baseline_ignores_unseen_cards((setting, seed) in settings_strategy(GameId::Tachentige)) {
        with_game!(GameId::Tachentige, G => baseline_ignores_unseen_cards::<G>(&setting, seed));
    }
}

/// Every variant setting once, with a fixed seed each: the proptests sample settings at random,
/// this makes sure none is skipped.
#[test]
fn baseline_is_legal_in_every_variant_setting() {
    for id in GameId::ALL {
        for (index, setting) in variant_settings(id).iter().enumerate() {
            for seed in 0..3 {
                with_game!(id, G => baseline_is_legal_and_repeatable::<G>(setting, index as u64 * 31 + seed));
            }
        }
    }
}

/// The factory knows every kind by name and refuses others with the list of names.
#[test]
fn bot_kinds_parse_by_name() {
    for kind in BotKind::ALL {
        assert_eq!(BotKind::parse(kind.name()), Ok(kind));
        assert_eq!(BotKind::parse(&kind.name().to_uppercase()), Ok(kind));
    }
    let error = BotKind::parse("genius").expect_err("no such bot");
    assert!(error.contains("random") && error.contains("baseline"), "{error}");
    for id in GameId::ALL {
        with_game!(id, G => {
            assert_eq!(troef_bots::bot_named::<G>("Baseline").expect("a bot by name").name(), "baseline");
            assert_eq!(troef_bots::bot_named::<G>("random").expect("a bot by name").name(), "random");
            assert!(troef_bots::bot_named::<G>("genius").is_err());
        });
    }
}

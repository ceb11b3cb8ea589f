//! The baseline bot of every game, over random views of every variant: its choice is always
//! legal, it repeats itself given the same view and random stream, and it cannot be influenced
//! by cards its seat has not seen (re-dealing the hidden cards consistently with the view leaves
//! the decision unchanged).

use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use troef_bots::{decision_rng, new_bot, BotGame, BotKind};
use troef_core::{with_game, GameId, Hand, SeatView};

mod common;
use common::{config_of, random_deal, seat_to_act, settings_strategy, variant_settings, Setting};

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

/// The anti-leak property for the baseline ([`common::decision_ignores_unseen_cards`]).
fn baseline_ignores_unseen_cards<G: BotGame>(setting: &Setting, seed: u64) {
    common::decision_ignores_unseen_cards::<G>(setting, seed, 80, |view, step| {
        new_bot::<G>(BotKind::Baseline).expect("honest").choose(view, &mut decision_rng(seed, 1, step))
    });
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

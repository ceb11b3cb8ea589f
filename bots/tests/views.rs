//! Bots play whole hands of every game from seat views alone, and a view cannot be forged from a
//! hand that knows more than its seat.

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use troef_bots::{decision_rng, Bot, RandomBot};
use troef_core::{with_game, ConfigValues, Game, GameId, Hand, SeatView, ToAct};

fn play_with_random_bots<G: Game>(seed: u64) {
    let config = G::config(&ConfigValues::validate(G::config_keys(), []).expect("defaults are valid"));
    let mut deck: Vec<_> = G::deck(&config).iter().collect();
    deck.shuffle(&mut ChaCha8Rng::seed_from_u64(seed));
    let dealer = troef_core::game::dealer_from_draw::<G>(&config, seed as u32);
    let scores = G::new_scores(&config);
    let mut hand = Hand::<G>::from_deck(config, dealer, &scores, &deck).expect("a permutation of the deck deals");
    let mut bot = RandomBot;
    let mut steps = 0u64;
    while let ToAct::Seat(seat) = hand.to_act() {
        let view = SeatView::of(&hand, seat, &scores);
        assert!(view.is_to_act());
        let action = Bot::<G>::choose(&mut bot, &view, &mut decision_rng(seed, 0, steps));
        hand.apply(seat, action).expect("a bot's choice is legal");
        steps += 1;
        assert!(steps < 1_000, "a hand ends");
    }
    assert!(hand.outcome().is_some());
}

#[test]
fn random_bots_finish_hands_of_every_game() {
    for id in GameId::ALL {
        for seed in 0..20 {
            with_game!(id, G => play_with_random_bots::<G>(seed));
        }
    }
}

fn partial_views_must_be_redacted<G: Game>() {
    let config = G::config(&ConfigValues::validate(G::config_keys(), []).expect("defaults are valid"));
    let deck: Vec<_> = G::deck(&config).iter().collect();
    let scores = G::new_scores(&config);
    let dealer = troef_core::game::dealer_from_draw::<G>(&config, 0);
    let hand = Hand::<G>::from_deck(config, dealer, &scores, &deck).expect("deals");
    let seat = match hand.to_act() {
        ToAct::Seat(seat) => seat,
        ToAct::HandOver => panic!("a fresh hand has a seat to act"),
    };
    assert!(SeatView::from_partial(hand.clone(), seat, &scores).is_err(), "the full deal is not a seat's view");
    let redacted = SeatView::of(&hand, seat, &scores);
    let again = SeatView::from_partial(redacted.hand().clone(), seat, &scores).expect("a redacted hand is a view");
    assert_eq!(again, redacted);
}

#[test]
fn a_full_hand_is_not_accepted_as_a_seat_view() {
    for id in GameId::ALL {
        with_game!(id, G => partial_views_must_be_redacted::<G>());
    }
}

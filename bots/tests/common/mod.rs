//! What the bots' property tests share: the variant settings to sweep, random hand states, and the
//! anti-leak check (a decision must not change when the cards its seat has not seen are re-dealt
//! consistently with the public history).

#![allow(dead_code)] // Each test file uses its own part.

use proptest::prelude::*;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use troef_core::{with_game, Card, ConfigValues, Game, GameId, Hand, Seat, SeatView, Slot};

/// A list of `KEY=VALUE` settings.
pub type Setting = Vec<(String, String)>;

/// The defaults, then every sample value of every key under the settings where it has effect.
pub fn variant_settings(id: GameId) -> Vec<Setting> {
    with_game!(id, G => troef_core::game::variant_settings::<G>())
}

/// A random setting of the game with a random seed.
pub fn settings_strategy(id: GameId) -> impl Strategy<Value = (Setting, u64)> {
    let settings = variant_settings(id);
    (0..settings.len(), any::<u64>()).prop_map(move |(index, seed)| (settings[index].clone(), seed))
}

/// The config of a setting, or `None` when the game refuses the combination.
pub fn config_of<G: Game>(setting: &Setting) -> Option<G::Config> {
    let pairs: Vec<(&str, &str)> = setting.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    let values = ConfigValues::validate(G::config_keys(), pairs).ok()?;
    G::check_config(&values).ok()?;
    Some(G::config(&values))
}

pub fn seat_to_act<G: Game>(hand: &Hand<G>) -> Option<Seat> {
    hand.to_act().seat()
}

/// A shuffled deck of the config and a dealer drawn from `rng`.
pub fn random_deal<G: Game>(config: &G::Config, rng: &mut ChaCha8Rng) -> (Vec<Card>, Seat) {
    let mut deck: Vec<Card> = G::deck(config).iter().collect();
    deck.shuffle(rng);
    let dealer = troef_core::game::dealer_from_draw::<G>(config, rng.gen_range(0..G::seat_count(config) as u32));
    (deck, dealer)
}

/// A hand of `setting` dealt at random and played by random legal actions for a random number of
/// steps (`None` when the setting is refused or the hand ended), with the deck and the actions.
pub type Played<G> = (Hand<G>, Vec<Card>, Seat, Vec<(Seat, <G as Game>::Action)>);

pub fn random_state<G: Game>(setting: &Setting, rng: &mut ChaCha8Rng, most_steps: usize) -> Option<Played<G>> {
    let config = config_of::<G>(setting)?;
    let (deck, dealer) = random_deal::<G>(&config, rng);
    let scores = G::new_scores(&config);
    let mut hand = Hand::<G>::from_deck(config, dealer, &scores, &deck).expect("deal");
    let stop_after = rng.gen_range(0..most_steps);
    let mut actions = Vec::new();
    let mut legal = Vec::new();
    while actions.len() < stop_after {
        let Some(seat) = seat_to_act(&hand) else { break };
        hand.legal_actions(&mut legal);
        let action = legal[rng.gen_range(0..legal.len())];
        hand.apply(seat, action).expect("legal");
        actions.push((seat, action));
    }
    seat_to_act(&hand)?;
    Some((hand, deck, dealer, actions))
}

/// The cards an action line names (played, passed, given, discarded, declared): those may not
/// move when re-dealing.
pub fn named_cards(lines: &[String]) -> Vec<Card> {
    lines
        .iter()
        .flat_map(|line| line.split(|c: char| c.is_whitespace() || c == '>' || c == ','))
        .filter_map(|token| token.parse::<Card>().ok())
        .collect()
}

/// The anti-leak property, through the full-state to view adapter: from a random state of
/// `setting`, `decide` (a fresh bot with a fixed random stream) decides for the seat to act; the
/// cards that seat has not seen are re-dealt consistently with the public history, the view is
/// derived again, and the decision must not change.
pub fn decision_ignores_unseen_cards<G: Game>(
    setting: &Setting,
    seed: u64,
    most_steps: usize,
    decide: impl Fn(&SeatView<G>, u64) -> G::Action,
) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let Some((hand, deck, dealer, actions)) = random_state::<G>(setting, &mut rng, most_steps) else { return };
    let config = hand.config().clone();
    let scores = G::new_scores(&config);
    let viewer = seat_to_act(&hand).expect("a seat to act");
    let view = SeatView::of(&hand, viewer, &scores);
    let step = actions.len() as u64;
    let decision = decide(&view, step);

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
        let again = decide(&other_view, step);
        assert_eq!(again, decision, "{setting:?}: the decision depends on cards {viewer:?} has not seen");
        return;
    }
    panic!("{setting:?}: no re-deal consistent with the public history");
}

//! The rules core on partial knowledge accepts what honest seats send: from random states of every
//! game and variant, every legal action of the seat to act (judged with full knowledge) is applied
//! by every seat's view of the hand, given the cards the table protocol puts in front of it first:
//! the cards the action opens that the actor knows (its `shown` list), and, when the action needs an
//! answer round (it or an earlier action names a card that is not public), the cards each holder
//! opens from its own hand. A rule checked on knowledge a peer lacks would split the replicas
//! (the table pauses naming an honest seat); the seats must also agree on who acts next.
//!
//! Cards given or discarded face down travel masked and a peer applies them with stand-ins (the
//! replica's concern, played out by the complete matches in `tables.rs`); here they are the real
//! cards, so this property is about the rules' checks alone.

use proptest::prelude::*;
use rand::distributions::{Distribution, WeightedIndex};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use troef_core::{
    with_game, Card, ConfigValues, Event, Game, GameId, Hand, Place, Rank, Seat, Slot, ToAct, Viewer, Visibility,
};

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

fn visibility(events: &[Event]) -> Vec<Visibility> {
    events.iter().filter_map(|event| if let Event::Visibility(v) = event { Some(*v) } else { None }).collect()
}

/// The cards a line names.
fn named_cards(line: &str) -> Vec<Card> {
    line.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).filter_map(|word| word.parse().ok()).collect()
}

/// Whether a card's position is public on `hand` (its slot known to everyone).
fn public<G: Game>(hand: &Hand<G>, card: Card) -> bool {
    hand.table().slot_of(card).is_some_and(|slot| hand.table().is_public(slot))
}

/// The deck positions an action takes out of its seat's hand face down.
fn face_down(seat: Seat, changes: &[Visibility]) -> Vec<Slot> {
    let mut slots = Vec::new();
    for change in changes {
        match *change {
            Visibility::PassedFaceDown { from, slots: moved, .. } if from == seat => slots.extend(moved.iter()),
            Visibility::DiscardedFaceDown { seat: who, slots: moved } if who == seat => slots.extend(moved.iter()),
            Visibility::PlayedFaceDown { seat: who, slots: moved } if who == seat => slots.extend(moved.iter()),
            _ => {}
        }
    }
    slots
}

/// Checks every legal action of the seat to act on `full` against every seat's view of it.
/// `earlier` are the cards the hand's earlier actions name openly (not those given face down).
fn every_view_accepts<G: Game>(full: &Hand<G>, earlier: &[Card], context: &str) {
    let ToAct::Seat(actor) = full.to_act() else { return };
    let seats = G::seat_count(full.config());
    let mut legal = Vec::new();
    full.legal_actions(&mut legal);
    for &action in &legal {
        let mut after = full.clone();
        let events = after.apply(actor, action).unwrap_or_else(|error| panic!("{context}: legal {action:?}: {error}"));
        let changes = visibility(&events);
        let line = G::format_action(&action);
        let hidden: Vec<(Slot, Card)> = face_down(actor, &changes)
            .into_iter()
            .map(|slot| (slot, full.table().card_at(slot).expect("full knowledge")))
            .collect();
        // The cards the action opens from a hand, and whether the actor can show them.
        let mut opening = Vec::new();
        for change in &changes {
            if let Visibility::ShownToAll { slots } | Visibility::HandOpened { slots, .. } = *change {
                for slot in slots.iter() {
                    let Place::Hand(holder) = full.table().place(slot) else { continue };
                    if !full.table().is_public(slot) {
                        let card = full.table().card_at(slot).expect("full knowledge");
                        opening.push((slot, card, holder, full.table().is_seen_by(slot, actor)));
                    }
                }
            }
        }
        // The table protocol's answer round: not for a face-down action (its line is masked);
        // otherwise when the line names a card neither public nor shown by the actor, or an
        // earlier line names one that is still not public (public knowledge only).
        let shown_by_actor = |card: Card| opening.iter().any(|&(_, c, _, by_actor)| c == card && by_actor);
        let answers = hidden.is_empty()
            && (named_cards(&line).into_iter().any(|c| !public(full, c) && !shown_by_actor(c))
                || earlier.iter().any(|&c| !public(full, c)));
        let opened: Vec<(Slot, Card)> = opening
            .iter()
            .filter(|&&(slot, _, holder, by_actor)| by_actor || (answers && full.table().is_seen_by(slot, holder)))
            .map(|&(slot, card, _, _)| (slot, card))
            .collect();
        for viewer in (0..seats).map(Seat) {
            let mut partial = full.view(Viewer::Seat(viewer));
            for &(slot, card) in opened.iter().chain(&hidden) {
                if partial.table().card_at(slot).is_none() {
                    partial.table_mut().learn(slot, card).expect("a true card learns");
                }
            }
            let result = partial.apply(actor, action);
            assert!(
                result.is_ok(),
                "{context}: {viewer:?} refuses {actor:?} {line} ({}) at action {}",
                result.err().map(|e| e.to_string()).unwrap_or_default(),
                full.actions_applied()
            );
            assert_eq!(partial.to_act(), after.to_act(), "{context}: {viewer:?} after {line}: who acts next");
        }
    }
}

/// Rikken with a dummy (P3): deals the eldest hand three aces and the dummy the fourth, the
/// troela whose partner's ace nobody can show before René's operator sees René's hand.
fn troela_with_the_dummys_ace<G: Game>(deck: &mut [Card], hand: &Hand<G>) {
    let ToAct::Seat(eldest) = hand.to_act() else { return };
    let dummy = Seat(3);
    let slots_of = |seat: Seat| -> Vec<usize> {
        (0..deck.len()).filter(|&slot| hand.table().place(Slot(slot as u8)) == Place::Hand(seat)).collect()
    };
    let (eldest_slots, dummy_slots) = (slots_of(eldest), slots_of(dummy));
    if eldest == dummy || eldest_slots.len() < 4 || dummy_slots.is_empty() {
        return;
    }
    let aces: Vec<usize> = (0..deck.len()).filter(|&slot| deck[slot].rank() == Some(Rank::ACE)).collect();
    let targets = [eldest_slots[0], eldest_slots[1], eldest_slots[2], dummy_slots[0]];
    for (&target, ace) in targets.iter().zip(aces.iter().map(|&slot| deck[slot]).collect::<Vec<_>>()) {
        let from = deck.iter().position(|&card| card == ace).expect("an ace");
        deck.swap(from, target);
    }
}

/// A random hand of `setting` played with random legal actions, checked at every state.
fn partial_views_accept_honest_actions<G: Game>(setting: &Setting, seed: u64) {
    let Some(config) = config_of::<G>(setting) else { return };
    if G::needs_full_knowledge(&config).is_some() {
        // A table of peers refuses it (`tables_refuse_variants_that_need_full_knowledge`).
        return;
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut deck: Vec<Card> = G::deck(&config).iter().collect();
    deck.shuffle(&mut rng);
    let dealer = troef_core::game::dealer_from_draw::<G>(&config, rng.gen_range(0..G::seat_count(&config) as u32));
    let scores = G::new_scores(&config);
    let mut hand = Hand::<G>::from_deck(config.clone(), dealer, &scores, &deck).expect("deal");
    if setting.iter().any(|(key, value)| key == "troela_mandatory" && value == "true") {
        troela_with_the_dummys_ace(&mut deck, &hand);
        hand = Hand::<G>::from_deck(config.clone(), dealer, &scores, &deck).expect("deal");
    }
    let context = format!("{:?} {setting:?} seed {seed}", G::ID);
    let mut earlier = Vec::new();
    let mut legal = Vec::new();
    for _ in 0..400 {
        let ToAct::Seat(seat) = hand.to_act() else { return };
        every_view_accepts(&hand, &earlier, &context);
        hand.legal_actions(&mut legal);
        // The self-play policy, so that the auctions reach every contract.
        let weights: Vec<u32> =
            legal.iter().map(|action| hand.game().policy_weight(hand.config(), hand.table(), action).max(1)).collect();
        let action = legal[WeightedIndex::new(&weights).expect("weights").sample(&mut rng)];
        let before = hand.clone();
        let events = hand.apply(seat, action).expect("legal");
        let masked: Vec<Card> =
            face_down(seat, &visibility(&events)).iter().filter_map(|&slot| before.table().card_at(slot)).collect();
        earlier.extend(named_cards(&G::format_action(&action)).into_iter().filter(|card| !masked.contains(card)));
    }
}

/// The variant settings of a game, then `extra` (settings worth more cases: a seat count).
fn settings_strategy_with(id: GameId, extra: &[&[(&str, &str)]]) -> impl Strategy<Value = (Setting, u64)> {
    let mut settings = variant_settings(id);
    for setting in extra {
        let setting: Setting = setting.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        settings.extend(std::iter::repeat_n(setting, 8));
    }
    (0..settings.len(), any::<u64>()).prop_map(move |(index, seed)| (settings[index].clone(), seed))
}

fn settings_strategy(id: GameId) -> impl Strategy<Value = (Setting, u64)> {
    settings_strategy_with(id, &[])
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn tarneeb_views_accept_honest_actions((setting, seed) in settings_strategy(GameId::Tarneeb)) {
        with_game!(GameId::Tarneeb, G => partial_views_accept_honest_actions::<G>(&setting, seed));
    }

    #[test]
    fn tysiacha_views_accept_honest_actions((setting, seed) in settings_strategy(GameId::Tysiacha)) {
        with_game!(GameId::Tysiacha, G => partial_views_accept_honest_actions::<G>(&setting, seed));
    }

    #[test]
    fn rikken_views_accept_honest_actions((setting, seed) in settings_strategy_with(GameId::Rikken, &[
        &[("players", "three_rene")],
        &[("players", "three_rene"), ("troela_mandatory", "true")],
        &[("players", "three_blind")],
        &[("players", "three_blind"), ("troela_mandatory", "true")],
        &[("joker", "true")],
    ])) {
        with_game!(GameId::Rikken, G => partial_views_accept_honest_actions::<G>(&setting, seed));
    }

    #[test]
    fn tachtigen_views_accept_honest_actions((setting, seed) in settings_strategy(GameId::Tachtigen)) {
        with_game!(GameId::Tachtigen, G => partial_views_accept_honest_actions::<G>(&setting, seed));
    }

    #[test]
    fn tachentige_views_accept_honest_actions((setting, seed) in settings_strategy(GameId::Tachentige)) {
        with_game!(GameId::Tachentige, G => partial_views_accept_honest_actions::<G>(&setting, seed));
    }
}

/// Tysiacha's four-nines redeal depends on a hidden hand no action names (V-28: a received card
/// completes the four nines), so a table of peers refuses it with the reason, and accepts the
/// same game without it.
#[test]
fn tables_refuse_variants_that_need_full_knowledge() {
    use troef_net::table::local::LocalTables;
    let refused = LocalTables::new("tysiacha", &[("four_nines_redeal", "on")], &[0, 1, 2], 1, 7)
        .expect_err("a table of peers refuses four_nines_redeal");
    assert!(refused.contains("four_nines_redeal"), "{refused}");
    assert!(LocalTables::new("tysiacha", &[("four_nines_redeal", "off")], &[0, 1, 2], 1, 7).is_ok());
}

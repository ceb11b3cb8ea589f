//! The re-mix before a face-down pass: a seat that is neither the passer nor the receiver cannot
//! tell which card was passed, even when one of the passer's cards was public (a talon card).

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;
use troef_core::config::ConfigValues;
use troef_core::games::tysiacha::{Tysiacha, TysiachaAction};
use troef_core::{Card, Event, Game, Hand, Seat, Slot, ToAct, Viewer};

/// A Tysiacha hand at the declarer's pass, with a public talon card in the declarer's hand.
fn hand_at_the_pass() -> (Hand<Tysiacha>, Seat, [Seat; 2]) {
    let values = ConfigValues::validate(Tysiacha::config_keys(), std::iter::empty::<(&str, &str)>()).expect("config");
    let config = Tysiacha::config(&values);
    let cards: Vec<Card> = Tysiacha::deck(&config).iter().collect();
    for seed in 0..200u64 {
        let mut rng = ChaCha20Rng::seed_from_u64(seed);
        let mut deck = cards.clone();
        for i in (1..deck.len()).rev() {
            deck.swap(i, rng.gen_range(0..=i));
        }
        let scores = Tysiacha::new_scores(&config);
        let mut hand = Hand::<Tysiacha>::from_deck(config, Seat(0), &scores, &deck).expect("deal");
        let mut legal = Vec::new();
        while let ToAct::Seat(seat) = hand.to_act() {
            hand.legal_actions(&mut legal);
            if let Some(TysiachaAction::Give { to, .. }) =
                legal.iter().find(|action| matches!(action, TysiachaAction::Give { .. }))
            {
                let has_public = hand.table().remix_slots(seat).iter().any(|slot| hand.table().is_public(slot));
                if has_public {
                    return (hand, seat, *to);
                }
                break;
            }
            // Prefer ending the auction quickly; any legal action otherwise.
            let action = legal[rng.gen_range(0..legal.len())];
            hand.apply(seat, action).expect("legal");
        }
    }
    panic!("no seed reached a pass with a public card");
}

/// World A gives the public card `T` to the left defender, world B a private card `H`; both give
/// the same card `x` to the right. With re-mix orders that differ only by swapping `T` and `H`
/// (equally likely orders to anyone but the declarer), every event and the right defender's whole
/// view are the same in both worlds, so the right defender cannot tell which card the left one
/// got. Without the re-mix the views differ: the talon card could be followed.
#[test]
fn a_third_seat_cannot_tell_which_card_was_passed() {
    let (hand, declarer, to) = hand_at_the_pass();
    let third = to[1];
    let table = hand.table();
    let slots: Vec<Slot> = table.remix_slots(declarer).iter().collect();
    let public = *slots.iter().find(|&&slot| table.is_public(slot)).expect("a talon card");
    let private: Vec<Slot> = slots.iter().copied().filter(|&slot| !table.is_public(slot)).collect();
    let (held, kept) = (private[0], private[1]);
    let card = |slot: Slot| table.card_at(slot).expect("full table");
    let give = |first: Slot| TysiachaAction::Give { cards: [card(first), card(kept)], to };
    // A re-mix order: rotate the hand by three positions; world B swaps the targets of T and H.
    let order_a: Vec<Slot> = (0..slots.len()).map(|k| slots[(k + 3) % slots.len()]).collect();
    let mut order_b = order_a.clone();
    let (k_public, k_held) = (
        slots.iter().position(|&s| s == public).expect("in hand"),
        slots.iter().position(|&s| s == held).expect("in hand"),
    );
    order_b.swap(k_public, k_held);

    let play = |first: Slot, order: Option<&[Slot]>| {
        let mut world = hand.clone();
        let mut events: Vec<Event> = Vec::new();
        if let Some(order) = order {
            assert!(world.passes_face_down(declarer, give(first)));
            events.extend(world.remix_hand(declarer, order).expect("re-mix"));
        }
        events.extend(world.apply(declarer, give(first)).expect("legal give"));
        (events, world.table().view(Viewer::Seat(third)), world.table().view(Viewer::Spectator))
    };
    let (events_a, view_a, spectator_a) = play(public, Some(&order_a));
    let (events_b, view_b, spectator_b) = play(held, Some(&order_b));
    assert_eq!(events_a, events_b, "the events say nothing of which card went");
    assert_eq!(view_a, view_b, "the third seat's view is the same in both worlds");
    assert_eq!(spectator_a, spectator_b);
    // The talon card is no longer anywhere in the third seat's view.
    assert_eq!(view_a.slot_of(card(public)), None);

    let (_, plain_a, _) = play(public, None);
    let (_, plain_b, _) = play(held, None);
    assert_ne!(plain_a, plain_b, "without the re-mix the talon card can be followed");
    assert_eq!(plain_a.slot_of(card(public)), Some(public));
}

/// A re-mix order that is not a permutation of the hand's positions is refused, changing nothing.
#[test]
fn a_bad_order_is_refused() {
    let (hand, declarer, _) = hand_at_the_pass();
    let slots: Vec<Slot> = hand.table().remix_slots(declarer).iter().collect();
    let mut world = hand.clone();
    let mut twice = slots.clone();
    twice[1] = twice[0];
    assert!(world.remix_hand(declarer, &twice).is_err());
    assert!(world.remix_hand(declarer, &slots[1..]).is_err());
    assert!(world.remix_hand(declarer, &[Slot(63)]).is_err());
    assert_eq!(world, hand);
}

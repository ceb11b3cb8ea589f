//! Acceptance 1 (synthetic shapes, every visibility event, 6 seats) and 3 (collusion).

use troef_core::{Pile, Seat, Slot, SlotSet, Visibility};
use troef_net::bench::{synthetic_cards, synthetic_deal};
use troef_net::simulate::LocalTable;
use troef_net::HandParams;

fn set(slots: &[Slot]) -> SlotSet {
    slots.iter().fold(SlotSet::EMPTY, |set, &slot| set.union(SlotSet::single(slot)))
}

/// Who may see each deck position, following the rules core's own bookkeeping of visibility.
struct Reference {
    seen: Vec<u8>,
    all: u8,
}

impl Reference {
    fn apply(&mut self, event: &Visibility) {
        let (slots, mask) = match *event {
            Visibility::DealtPrivately { seat, slots }
            | Visibility::ShownToSeat { seat, slots }
            | Visibility::ReleasedToHolder { seat, slots }
            | Visibility::PassedFaceDown { to: seat, slots, .. } => (slots, seat.bit()),
            Visibility::ShownToAll { slots } | Visibility::HandOpened { slots, .. } => (slots, self.all),
            _ => return,
        };
        for slot in slots.iter() {
            self.seen[slot.0 as usize] |= mask;
        }
    }

    fn check(&self, table: &LocalTable, deck: &[troef_core::Card], when: &str) {
        for session in &table.sessions {
            for (slot, &seen) in self.seen.iter().enumerate() {
                let expected = (seen & session.seat().bit() != 0).then_some(deck[slot]);
                assert_eq!(session.card_at(Slot(slot as u8)), expected, "{when}: {} at {slot}", session.seat());
            }
        }
    }
}

fn step(table: &mut LocalTable, reference: &mut Reference, deck: &[troef_core::Card], events: &[Visibility]) {
    table.events(events).expect("honest step");
    for event in events {
        reference.apply(event);
    }
    reference.check(table, deck, &format!("{events:?}"));
}

/// Six seats, 53 cards (8 each and a talon of 5), every kind of visibility event.
#[test]
fn six_seats_every_visibility_event() {
    let params = HandParams::new([6; 32], 1, 6, synthetic_cards(53));
    let mut table = LocalTable::new(&params, 6).expect("start");
    table.pump().expect("shuffle");
    let deck = table.omniscient_deck().expect("deck");
    let (mut deal, hands) = synthetic_deal(6, 53);
    // Seat 5 is dealt its cards unseen (a dummy, a blind declarer).
    deal[5] = Visibility::DealtUnseen { seat: Seat(5), slots: set(&hands[5]) };
    let talon: Vec<Slot> = (48..53).map(Slot).collect();
    let mut reference = Reference { seen: vec![0; 53], all: 0b11_1111 };
    step(&mut table, &mut reference, &deck, &deal);
    assert_eq!(deal.last(), Some(&Visibility::DealtFaceDown { pile: Pile::Talon, slots: set(&talon) }));

    step(&mut table, &mut reference, &deck, &[Visibility::ShownToSeat { seat: Seat(2), slots: set(&talon[..1]) }]);
    step(
        &mut table,
        &mut reference,
        &deck,
        &[
            Visibility::ShownToAll { slots: set(&talon[1..2]) },
            Visibility::TakenIntoHand { seat: Seat(0), slots: set(&talon[1..2]) },
        ],
    );
    // The widow card goes on face down: the hand is re-mixed first.
    let widow_pass = Visibility::PassedFaceDown { from: Seat(0), to: Seat(3), slots: set(&talon[1..2]) };
    step(&mut table, &mut reference, &deck, &[widow_pass]);
    step(
        &mut table,
        &mut reference,
        &deck,
        &[Visibility::DiscardedFaceDown { seat: Seat(0), slots: set(&hands[0][..1]) }],
    );
    // A card of seat 0's re-mixed hand is played: seat 0 names which ciphertext it is.
    table.claim(Seat(0), hands[0][1], deck[hands[0][1].0 as usize]).expect("claim");
    step(&mut table, &mut reference, &deck, &[Visibility::ShownToAll { slots: set(&hands[0][1..2]) }]);
    // A second pass from the re-mixed hand.
    let pass = Visibility::PassedFaceDown { from: Seat(0), to: Seat(5), slots: set(&hands[0][2..3]) };
    step(&mut table, &mut reference, &deck, &[pass]);
    // Played face down, turned later.
    table.claim(Seat(1), hands[1][0], deck[hands[1][0].0 as usize]).expect("claim");
    step(
        &mut table,
        &mut reference,
        &deck,
        &[Visibility::PlayedFaceDown { seat: Seat(1), slots: set(&hands[1][..1]) }],
    );
    step(&mut table, &mut reference, &deck, &[Visibility::ShownToAll { slots: set(&hands[1][..1]) }]);
    step(&mut table, &mut reference, &deck, &[Visibility::HandOpened { seat: Seat(4), slots: set(&hands[4]) }]);
    step(&mut table, &mut reference, &deck, &[Visibility::WithheldFromHolder { seat: Seat(5), slots: set(&hands[5]) }]);
    step(&mut table, &mut reference, &deck, &[Visibility::ReleasedToHolder { seat: Seat(5), slots: set(&hands[5]) }]);
    // A card seat 3's hand already shows to seat 3 is shown to seat 2 as well (needs a fresh ciphertext).
    step(&mut table, &mut reference, &deck, &[Visibility::ShownToSeat { seat: Seat(2), slots: set(&hands[3][..1]) }]);
    // Everything else is played.
    for hand in &hands {
        for &slot in hand {
            if reference.seen[slot.0 as usize] != reference.all {
                step(&mut table, &mut reference, &deck, &[Visibility::ShownToAll { slots: SlotSet::single(slot) }]);
            }
        }
    }
    assert!(table.is_settled());
    table.reveal_all().expect("reveal");
    for session in &table.sessions {
        assert_eq!(session.audit_result().expect("audit").as_ref().expect("passes").deck, deck);
    }
}

fn honest_hand(players: u8, cards: u8) {
    let params = HandParams::new([players; 32], u64::from(cards), players, synthetic_cards(cards));
    let mut table = LocalTable::new(&params, u64::from(cards)).expect("start");
    table.pump().expect("shuffle");
    let deck = table.omniscient_deck().expect("deck");
    let (deal, hands) = synthetic_deal(players, cards);
    let mut reference = Reference { seen: vec![0; cards as usize], all: ((1u16 << players) - 1) as u8 };
    step(&mut table, &mut reference, &deck, &deal);
    for trick in 0..hands[0].len() {
        for (seat, hand) in hands.iter().enumerate() {
            table.claim(Seat(seat as u8), hand[trick], deck[hand[trick].0 as usize]).expect("claim");
            step(&mut table, &mut reference, &deck, &[Visibility::ShownToAll { slots: SlotSet::single(hand[trick]) }]);
        }
    }
    table.reveal_all().expect("reveal");
    for session in &table.sessions {
        assert_eq!(session.audit_result().expect("audit").as_ref().expect("passes").deck, deck);
    }
}

#[test]
fn honest_hands_of_every_shape() {
    honest_hand(3, 24);
    honest_hand(3, 32);
    honest_hand(4, 52);
    honest_hand(4, 53);
    honest_hand(6, 52);
}

/// Acceptance 3: every other seat pooling all its secrets with every public token learns nothing
/// of a seat's private hand, before and after the other hands are played.
#[test]
fn coalition_of_all_other_seats_cannot_read_a_hand() {
    let params = HandParams::new([4; 32], 1, 4, synthetic_cards(52));
    let mut table = LocalTable::new(&params, 4).expect("start");
    table.pump().expect("shuffle");
    let (deal, hands) = synthetic_deal(4, 52);
    table.events(&deal).expect("deal");
    for victim in 0..4u8 {
        let learned = table.coalition_knowledge(Seat(victim));
        let victim_hand = set(&hands[victim as usize]);
        assert!(learned.iter().all(|(slot, _)| !victim_hand.contains(*slot)), "seat {victim}'s hand leaked");
        // Sanity: the coalition does read its own members' hands.
        assert_eq!(learned.len(), 52 - 13, "the coalition reads every other hand");
    }
    // The victim plays one card: exactly that one becomes readable.
    let played = hands[2][0];
    table.events(&[Visibility::ShownToAll { slots: SlotSet::single(played) }]).expect("play");
    let learned = table.coalition_knowledge(Seat(2));
    let victim_hand = set(&hands[2]);
    let leaked: Vec<Slot> = learned.iter().map(|(slot, _)| *slot).filter(|slot| victim_hand.contains(*slot)).collect();
    assert_eq!(leaked, vec![played]);
}

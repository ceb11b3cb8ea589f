//! Devices need not run in lockstep: with every event of a hand queued at once and messages
//! delivered in a random interleaving (each sender's own order kept, as a per-peer stream keeps
//! it), every device still finishes the hand with the same knowledge and a clean audit.

use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;
use std::collections::VecDeque;
use troef_core::{Seat, SlotSet, Visibility};
use troef_net::bench::{synthetic_cards, synthetic_deal};
use troef_net::{DealSession, HandParams, Message};

fn run(seed: u64, players: u8, cards: u8) {
    let params = HandParams::new([5; 32], seed, players, synthetic_cards(cards));
    let seats = players as usize;
    let mut rngs: Vec<ChaCha20Rng> = (0..seats).map(|s| ChaCha20Rng::seed_from_u64(seed + s as u64)).collect();
    let mut router = ChaCha20Rng::seed_from_u64(seed ^ 0xdead);
    // inboxes[to][from]
    let mut inboxes: Vec<Vec<VecDeque<Message>>> = vec![vec![VecDeque::new(); seats]; seats];
    let mut sessions = Vec::new();
    let post = |inboxes: &mut Vec<Vec<VecDeque<Message>>>, from: usize, out: Vec<Message>| {
        for message in out {
            for (to, inbox) in inboxes.iter_mut().enumerate() {
                if to != from {
                    inbox[from].push_back(message.clone());
                }
            }
        }
    };
    for (seat, rng) in rngs.iter_mut().enumerate() {
        let (session, out) = DealSession::new(params.clone(), Seat(seat as u8), rng).expect("start");
        sessions.push(session);
        post(&mut inboxes, seat, out);
    }
    let (deal, hands) = synthetic_deal(players, cards);
    let mut events = vec![deal];
    for trick in 0..hands[0].len() {
        for hand in &hands {
            events.push(vec![Visibility::ShownToAll { slots: SlotSet::single(hand[trick]) }]);
        }
    }
    // Each device is fed the events at its own pace, interleaved with deliveries.
    let mut fed = vec![0usize; seats];
    loop {
        let pending: Vec<(usize, usize)> = (0..seats)
            .flat_map(|to| (0..seats).map(move |from| (to, from)))
            .filter(|&(to, from)| !inboxes[to][from].is_empty())
            .collect();
        let feedable: Vec<usize> = (0..seats).filter(|&s| fed[s] < events.len()).collect();
        if pending.is_empty() && feedable.is_empty() {
            break;
        }
        if !feedable.is_empty() && (pending.is_empty() || router.gen_bool(0.3)) {
            let seat = feedable[router.gen_range(0..feedable.len())];
            let out = sessions[seat].on_events(&events[fed[seat]], &mut rngs[seat]).expect("events");
            fed[seat] += 1;
            post(&mut inboxes, seat, out);
            continue;
        }
        let (to, from) = pending[router.gen_range(0..pending.len())];
        let message = inboxes[to][from].pop_front().expect("pending");
        let out = sessions[to].receive(&message, &mut rngs[to]).expect("honest message");
        post(&mut inboxes, to, out);
    }
    for session in &sessions {
        assert!(session.is_settled(), "{session:?}");
        assert_eq!(session.known_slots(), SlotSet((1u64 << (hands[0].len() * seats)) - 1));
    }
    for seat in 0..seats {
        let out = sessions[seat].reveal(&mut rngs[seat]).expect("reveal");
        post(&mut inboxes, seat, out);
    }
    for (to, inbox) in inboxes.iter_mut().enumerate() {
        for queue in inbox.iter_mut() {
            while let Some(message) = queue.pop_front() {
                sessions[to].receive(&message, &mut rngs[to]).expect("reveal message");
            }
        }
    }
    let deck = sessions[0].audit_result().expect("audit").clone().expect("passes").deck;
    for session in &sessions {
        assert_eq!(session.audit_result().expect("audit").as_ref().expect("passes").deck, deck);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 4, ..ProptestConfig::default() })]

    #[test]
    fn random_delivery_order_and_pace(seed in any::<u64>()) {
        run(seed, 3, 24);
        run(seed, 4, 32);
    }
}

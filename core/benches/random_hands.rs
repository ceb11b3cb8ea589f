//! Random full hands per second, per game, on one core: pure engine speed (deal from a deck order,
//! legal actions into a reused buffer, a uniformly random pick, apply), no invariant checks.
//!
//! One measured element is one hand played to the end (auction to score): a thrown-in or annulled
//! deal is dealt again inside the same element and does not count on its own.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use troef_core::{Card, ConfigValues, Dealing, Events, Game, GameId, Hand, Seat, ToAct};

/// A small, fast generator (SplitMix64); quality is ample for picking random moves.
struct FastRng(u64);

impl FastRng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`), by multiply-shift.
    fn below(&mut self, n: usize) -> usize {
        (((self.next() >> 32) * n as u64) >> 32) as usize
    }

    /// Fisher-Yates, two 32-bit draws per 64-bit output (multiply-shift into `0..remaining`).
    fn shuffle(&mut self, cards: &mut [Card]) {
        let mut remaining = cards.len();
        while remaining > 1 {
            let bits = self.next();
            for half in [bits & 0xffff_ffff, bits >> 32] {
                if remaining > 1 {
                    let pick = ((half * remaining as u64) >> 32) as usize;
                    remaining -= 1;
                    cards.swap(remaining, pick);
                }
            }
        }
    }
}

/// Everything one game's benchmark reuses from hand to hand.
struct Bench<G: Game> {
    dealing: Dealing<G>,
    /// The hand in play, dealt into again and again (no moves of the whole state per deal).
    hand: Hand<G>,
    scores: G::Scores,
    seats: u8,
    dealer: u8,
    deck: Vec<Card>,
    legal: Vec<G::Action>,
    events: Events,
    rng: FastRng,
}

impl<G: Game> Bench<G> {
    fn new() -> Bench<G> {
        let values = ConfigValues::validate(G::config_keys(), []).unwrap_or_default();
        let config = G::config(&values);
        let scores = G::new_scores(&config);
        let seats = G::seat_count(&config);
        let deck: Vec<Card> = G::deck(&config).iter().collect();
        let dealing = Dealing::new(config);
        let hand = dealing.hand(Seat(0), &scores, &deck).expect("the engine refuses a full deck");
        Bench {
            dealing,
            hand,
            scores,
            seats,
            dealer: 0,
            deck,
            legal: Vec::with_capacity(64),
            events: Events::new(),
            rng: FastRng(0x7e0e_f5ee_d000_0001),
        }
    }

    /// Deals until a hand is played out, and plays it; returns the number of actions of that
    /// hand (so the work cannot be optimised away).
    fn played_out_hand(&mut self) -> u32 {
        loop {
            self.rng.shuffle(&mut self.deck);
            self.dealer = (self.dealer + 1) % self.seats;
            let hand = &mut self.hand;
            self.dealing
                .redeal(hand, Seat(self.dealer), &self.scores, &self.deck)
                .expect("the engine refuses a full deck");
            while let ToAct::Seat(seat) = hand.to_act() {
                hand.legal_actions(&mut self.legal);
                assert!(!self.legal.is_empty(), "no legal action for the seat to act");
                let action = self.legal[self.rng.below(self.legal.len())];
                hand.apply_into(seat, action, &mut self.events).expect("the engine refuses a legal action");
            }
            match hand.outcome() {
                Some(outcome) if G::played_out(&outcome) => return hand.actions_applied(),
                Some(_) => continue,
                None => panic!("a finished hand without an outcome"),
            }
        }
    }
}

fn bench_game<G: Game>(c: &mut Criterion) {
    let mut group = c.benchmark_group("random_hands");
    group.throughput(Throughput::Elements(1));
    let mut bench = Bench::<G>::new();
    group.bench_function(G::ID.name(), |b| b.iter(|| black_box(bench.played_out_hand())));
    group.finish();
}

fn random_hands(c: &mut Criterion) {
    for id in GameId::ALL {
        troef_core::with_game!(id, G => bench_game::<G>(c));
    }
}

criterion_group!(benches, random_hands);
criterion_main!(benches);

//! The random-play loop of the `random_hands` benchmark, shared with the `random_hands` example
//! (which plays a fixed number of hands, for `valgrind --tool=callgrind` instruction counts).
//! Pure engine speed: deal from a deck order, a uniformly random legal action, apply; no invariant
//! checks. The action is `Hand::pick_legal_action`'s entry at a uniformly random index below the
//! number of legal actions: exactly `legal_actions`' entry at that index (a property test proves
//! it for every game), computed without listing the others where the game can (Tachtigen's 286
//! three-card discards, Tysiacha's 90 ordered pairs of given cards, bid ladders, card plays).

use troef_core::{Card, ConfigValues, Dealing, Events, Game, Hand, Seat, ToAct};

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
pub struct Bench<G: Game> {
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
    pub fn new() -> Bench<G> {
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
    pub fn played_out_hand(&mut self) -> u32 {
        loop {
            self.rng.shuffle(&mut self.deck);
            self.dealer = (self.dealer + 1) % self.seats;
            let hand = &mut self.hand;
            self.dealing
                .redeal(hand, Seat(self.dealer), &self.scores, &self.deck)
                .expect("the engine refuses a full deck");
            while let ToAct::Seat(seat) = hand.to_act() {
                let rng = &mut self.rng;
                let action = hand
                    .pick_legal_action(&mut self.legal, |count| rng.below(count))
                    .expect("no legal action for the seat to act");
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

//! A whole table of devices in one process, delivering every broadcast to every other device in
//! order: what the tests and the benchmark drive. Messages travel as bytes, so decoding and sizes
//! are those of the wire. Each device's time is measured separately.

use crate::messages::Message;
use crate::session::{DealSession, Fault, HandParams};
use curve25519_dalek::scalar::Scalar;
use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha20Rng;
use std::collections::VecDeque;
use std::time::{Duration, Instant};
use troef_core::{Card, Seat, Slot, Visibility};

/// Every device of a table, with a broadcast queue.
#[derive(Debug)]
pub struct LocalTable {
    pub sessions: Vec<DealSession>,
    rngs: Vec<ChaCha20Rng>,
    /// Time each device spent in the protocol.
    pub cpu: Vec<Duration>,
    /// Bytes each device broadcast.
    pub bytes_sent: Vec<usize>,
    queue: VecDeque<(Seat, Vec<u8>)>,
    /// Messages of this seat are held in [`LocalTable::held`] instead of sent (to tamper with).
    pub intercept: Option<Seat>,
    pub held: Vec<Message>,
}

impl LocalTable {
    /// Starts every device; `seed` fixes every device's randomness.
    pub fn new(params: &HandParams, seed: u64) -> Result<LocalTable, Fault> {
        LocalTable::intercepting(params, seed, None)
    }

    /// Starts every device, holding back every message of `intercept` (its key message too).
    pub fn intercepting(params: &HandParams, seed: u64, intercept: Option<Seat>) -> Result<LocalTable, Fault> {
        let seats = params.seats as usize;
        let mut table = LocalTable {
            sessions: Vec::with_capacity(seats),
            rngs: (0..seats).map(|seat| ChaCha20Rng::seed_from_u64(seed ^ ((seat as u64 + 1) << 40))).collect(),
            cpu: vec![Duration::ZERO; seats],
            bytes_sent: vec![0; seats],
            queue: VecDeque::new(),
            intercept,
            held: Vec::new(),
        };
        for seat in 0..seats {
            let start = Instant::now();
            let (session, out) = DealSession::new(params.clone(), Seat(seat as u8), &mut table.rngs[seat])?;
            table.cpu[seat] += start.elapsed();
            table.sessions.push(session);
            table.post(Seat(seat as u8), out);
        }
        Ok(table)
    }

    fn post(&mut self, from: Seat, messages: Vec<Message>) {
        for message in messages {
            if self.intercept == Some(from) {
                self.held.push(message);
                continue;
            }
            let bytes = message.to_bytes();
            self.bytes_sent[from.index()] += bytes.len();
            self.queue.push_back((from, bytes));
        }
    }

    /// Sends a message as if `from` had broadcast it (a held one, possibly altered).
    pub fn inject(&mut self, from: Seat, message: &Message) {
        let bytes = message.to_bytes();
        self.bytes_sent[from.index()] += bytes.len();
        self.queue.push_back((from, bytes));
    }

    /// Sends the oldest held message unchanged and delivers.
    pub fn release_one(&mut self) -> Result<(), Fault> {
        if !self.held.is_empty() {
            let message = self.held.remove(0);
            let from = Seat(message.seat);
            self.inject(from, &message);
        }
        self.pump()
    }

    /// Delivers until nothing is left to send. The first refusal stops it.
    pub fn pump(&mut self) -> Result<(), Fault> {
        while let Some((from, bytes)) = self.queue.pop_front() {
            for seat in 0..self.sessions.len() {
                if seat == from.index() {
                    continue;
                }
                let start = Instant::now();
                let result = Message::from_bytes(&bytes)
                    .map_err(|error| Fault {
                        seat: Some(from),
                        kind: crate::FaultKind::Malformed,
                        detected: crate::Detected::OnArrival,
                        detail: error.to_string(),
                    })
                    .and_then(|message| self.sessions[seat].receive(&message, &mut self.rngs[seat]));
                self.cpu[seat] += start.elapsed();
                let out = result?;
                self.post(Seat(seat as u8), out);
            }
        }
        Ok(())
    }

    /// Feeds the events of one `apply` to every device, then delivers.
    pub fn events(&mut self, events: &[Visibility]) -> Result<(), Fault> {
        for seat in 0..self.sessions.len() {
            let start = Instant::now();
            let out = self.sessions[seat].on_events(events, &mut self.rngs[seat]);
            self.cpu[seat] += start.elapsed();
            self.post(Seat(seat as u8), out?);
        }
        self.pump()
    }

    /// Registers on every device what `seat` says it plays or shows.
    pub fn claim(&mut self, seat: Seat, slot: Slot, card: Card) -> Result<(), Fault> {
        for session in &mut self.sessions {
            session.claim(seat, slot, card)?;
        }
        Ok(())
    }

    /// Every device reveals its key and seed; the audits run.
    pub fn reveal_all(&mut self) -> Result<(), Fault> {
        for seat in 0..self.sessions.len() {
            let start = Instant::now();
            let out = self.sessions[seat].reveal(&mut self.rngs[seat]);
            self.cpu[seat] += start.elapsed();
            self.post(Seat(seat as u8), out?);
        }
        self.pump()
    }

    /// Whether every device is idle with the deck dealt.
    pub fn is_settled(&self) -> bool {
        self.queue.is_empty() && self.sessions.iter().all(DealSession::is_settled)
    }

    /// The dealt deck as an observer holding **every** device's secret key would decrypt it. No real
    /// device has this; tests use it to drive a full-knowledge rules core alongside the protocol.
    pub fn omniscient_deck(&self) -> Option<Vec<Card>> {
        let total: Scalar = self.sessions.iter().map(DealSession::secret_key).sum();
        let first = self.sessions.first()?;
        let (deck, book) = first.deck_ciphertexts();
        if deck.is_empty() {
            return None;
        }
        deck.iter().map(|c| book.card_of(&(c.body - c.mask * total))).collect()
    }

    /// What every seat but `victim` learns by pooling all their secrets (keys and seeds) with every
    /// public token: the deck positions whose card they can decrypt, with the card.
    pub fn coalition_knowledge(&self, victim: Seat) -> Vec<(Slot, Card)> {
        let Some(observer) = self.sessions.iter().find(|session| session.seat() != victim) else {
            return Vec::new();
        };
        let (_, book) = observer.deck_ciphertexts();
        let mut learned = Vec::new();
        for slot in 0..observer.params().cards.len() {
            let slot = Slot(slot as u8);
            let Some((cipher, tokens)) = observer.current_ciphertext(slot) else { continue };
            let mut point = cipher.body;
            for session in &self.sessions {
                if session.seat() == victim {
                    // Only what the victim published.
                    if let Some(Some(token)) = tokens.get(victim.index()) {
                        point -= token;
                    }
                } else {
                    point -= cipher.mask * session.secret_key();
                }
            }
            if let Some(card) = book.card_of(&point) {
                learned.push((slot, card));
            }
        }
        learned
    }
}

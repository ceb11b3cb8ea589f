//! One device's side of the private deal: a transport-free state machine.
//!
//! A [`DealSession`] holds this device's secrets for one hand (its key and its shuffle seed) and the
//! public state every device agrees on: the keys, the shuffle chain, every ciphertext with the
//! decryption tokens published for it, where each deck position lies. The caller feeds it the
//! messages of the other devices ([`DealSession::receive`]) and the visibility events of the rules
//! core ([`DealSession::on_events`]); both return the messages this device must broadcast, already
//! applied to its own state. All randomness comes from the RNG the caller passes; nothing here does
//! I/O. Every proof is checked on arrival and a bad message is refused with a [`Fault`] naming the
//! seat; the end-of-hand reveal ([`DealSession::reveal`]) lets every device audit the whole deal.
//!
//! **Mapping of visibility events** (the events of one `apply` form one protocol step, so each seat
//! sends at most one batched message per step; an event that needs a re-mix gets a step of its own;
//! the table is in `net/SECURITY.md`):
//! a card becomes visible to seat `q` when every other seat has published its token for the card's
//! ciphertext; it becomes public when every seat has. A private deal asks every seat but the
//! receiver for tokens; a card played or shown is opened by the tokens still missing, which for a
//! card in a hand is only the holder's own; a pass or a face-down discard first re-mixes the
//! holder's hand with a proven shuffle, so a card that was public (a widow card) cannot be followed
//! to its new place, and then asks every seat but the receiver for tokens of the passed card.
//!
//! **Re-mixed hands.** The rules core reports a re-mix as `HandRemixed` (from
//! `Hand::remix_hand`, right before the pass or discard): it has moved the holder's cards among
//! the hand's positions in the order [`DealSession::remix_order`] derives from the holder's seed,
//! so the position the pass names says nothing of the card. The `HandRemixed` event and the
//! holder's passes and discards right after it form one step with one re-mix; the holder maps its
//! new positions to the re-mix's outputs, every other device forgets which card lies where in the
//! hand, and the audit replays the order from the revealed seed.

use crate::group::{decompress, hash32, scalar_from_wire, CardBook, Ciphertext, JointKey, WireCiphertext, WirePoint};
use crate::messages::{
    Body, KeyAnnouncement, Message, RemixMessage, RevealMessage, ShuffleMessage, Token, TokenMessage,
};
use crate::proofs::{prove_key, prove_tokens, verify_key, verify_tokens, TokenStatement};
use crate::shuffle::{prove_shuffle, verify_shuffle, ShuffleProof, ShuffleSecret, ShuffleStatement, MAX_SHUFFLE_SIZE};
use crate::transcript::{message_transcript, HandContext, MessageKind};
use curve25519_dalek::constants::RISTRETTO_BASEPOINT_TABLE;
use curve25519_dalek::ristretto::RistrettoPoint;
use curve25519_dalek::scalar::Scalar;
use curve25519_dalek::traits::{Identity, IsIdentity, VartimeMultiscalarMul};
use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha20Rng;
use rand_core::{CryptoRng, RngCore};
use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::time::{Duration, Instant};
use troef_core::{Card, Seat, Slot, SlotSet, Visibility};
use zeroize::Zeroize;

/// The most seats the protocol supports (seat sets are byte masks).
pub const MAX_PROTOCOL_SEATS: u8 = 8;
/// Messages held back for later steps before a sender is treated as flooding.
const MAX_BUFFERED: usize = 128;

const DECK_SHUFFLE_LABEL: &[u8] = b"troef/deal/v1/deck-shuffle";
const REMIX_LABEL: &[u8] = b"troef/deal/v1/remix";
const RELABEL_LABEL: &[u8] = b"troef/deal/v1/relabel";
const AUDIT_WEIGHTS_LABEL: &[u8] = b"troef/deal/v1/audit-weights";
const SEED_COMMITMENT_LABEL: &[u8] = b"troef/deal/v1/seed-commitment";
const PARAMS_LABEL: &[u8] = b"troef/deal/v1/params";

/// What every device of a hand agrees on before it starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandParams {
    pub table_id: [u8; 32],
    pub hand_number: u64,
    pub seats: u8,
    /// The game's card set, in the order of the open deck. Deck positions are numbered 0.. as the
    /// rules core numbers them.
    pub cards: Vec<Card>,
}

impl HandParams {
    pub fn new(table_id: [u8; 32], hand_number: u64, seats: u8, cards: Vec<Card>) -> HandParams {
        HandParams { table_id, hand_number, seats, cards }
    }

    fn validate(&self) -> Result<(), String> {
        if !(2..=MAX_PROTOCOL_SEATS).contains(&self.seats) {
            return Err(format!("{} seats; the protocol plays 2 to {MAX_PROTOCOL_SEATS}", self.seats));
        }
        if self.cards.is_empty() || self.cards.len() > MAX_SHUFFLE_SIZE {
            return Err(format!("{} cards; a deck has 1 to {MAX_SHUFFLE_SIZE}", self.cards.len()));
        }
        let distinct: BTreeSet<Card> = self.cards.iter().copied().collect();
        if distinct.len() != self.cards.len() {
            return Err("a card appears twice in the card set".into());
        }
        Ok(())
    }

    pub fn context(&self) -> HandContext {
        let codes: Vec<u8> = self.cards.iter().map(|card| card.index() as u8).collect();
        let params_digest = hash32(PARAMS_LABEL, &[&[self.seats], &codes]);
        HandContext { table_id: self.table_id, hand_number: self.hand_number, params_digest }
    }

    fn all_seats(&self) -> u8 {
        ((1u16 << self.seats) - 1) as u8
    }
}

/// When a fault was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Detected {
    /// When the message arrived (or a claim was made): the message is refused.
    OnArrival,
    /// At the end-of-hand audit: the hand is void.
    AtAudit,
}

/// What was wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FaultKind {
    /// Bad hand parameters, or a state the protocol does not support.
    Setup,
    /// Does not decode, names an unknown seat, or a point or scalar that does not decode.
    Malformed,
    /// For another table or hand.
    WrongHand,
    /// Replayed or out of order (sequence number), or a message of the wrong kind for now.
    OutOfOrder,
    /// A key without a valid proof of knowledge.
    BadKeyProof,
    /// A shuffle or re-mix whose proof fails.
    BadShuffleProof,
    /// Tokens that are not the ones owed, or picks that are not the sender's cards.
    WrongTokens,
    /// A decryption token whose proof fails.
    BadToken,
    /// A card opened is not the card its holder said it played or showed.
    WrongCard,
    /// A seat played or showed a card that is not in its hand.
    NotHolder,
    /// A revealed secret key that does not match the published key.
    BadKeyReveal,
    /// A revealed seed that does not match its commitment.
    SeedMismatch,
    /// A revealed seed that does not reproduce the seat's shuffle or re-mix.
    ShuffleNotReproduced,
    /// The decrypted deck is not the game's card set.
    DeckNotCardSet,
    /// The rules core's audit found a broken rule (a revoke, a false claim).
    RuleBroken,
    /// Too many messages held back for later.
    Flooding,
}

/// A detected fault: who, what, when, and the evidence in words. The session keeps every message
/// it accepted ([`DealSession::log`]) and every refused one with its fault ([`DealSession::evidence`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{kind:?} by {seat:?} ({detected:?}): {detail}")]
pub struct Fault {
    pub seat: Option<Seat>,
    pub kind: FaultKind,
    pub detected: Detected,
    pub detail: String,
}

impl Fault {
    fn arrival(seat: Option<Seat>, kind: FaultKind, detail: impl Into<String>) -> Fault {
        Fault { seat, kind, detected: Detected::OnArrival, detail: detail.into() }
    }

    fn audit(seat: Option<Seat>, kind: FaultKind, detail: impl Into<String>) -> Fault {
        Fault { seat, kind, detected: Detected::AtAudit, detail: detail.into() }
    }
}

/// One ciphertext of the hand and the tokens published for it.
#[derive(Clone, Debug)]
struct Entry {
    cipher: Ciphertext,
    wire: WireCiphertext,
    tokens: Vec<Option<RistrettoPoint>>,
    /// Seats whose token is public, as a mask.
    published: u8,
}

/// Which ciphertext a deck position is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Binding {
    Entry(u32),
    /// One of the unlinked ciphertexts of this seat's re-mixed hand; only that seat knows which.
    Pooled(Seat),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Holder {
    Hand(Seat),
    Elsewhere,
}

/// What one seat owes in a step.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Owed {
    /// Pooled positions it must bind to one of its hand's ciphertexts, ascending.
    picks: Vec<Slot>,
    /// Of those, the ones it must also open with its token.
    picks_with_token: SlotSet,
    entries: BTreeSet<u32>,
}

impl Owed {
    fn is_empty(&self) -> bool {
        self.picks.is_empty() && self.entries.is_empty()
    }
}

#[derive(Clone, Debug)]
struct RemixPlan {
    seat: Seat,
    input_entries: Vec<u32>,
    /// The input's deck positions in input order (for the pooled tail, in the remixer's private order).
    moved: Vec<Slot>,
    /// Hand positions that stay in the pool after the re-mix.
    pool_after: SlotSet,
    index: u64,
    /// For a `HandRemixed` step: the relabelling's index and the hand's positions. The cards move
    /// among those positions by the holder's seed-derived order ([`relabel_order`]).
    relabel: Option<(u64, SlotSet)>,
}

#[derive(Clone, Debug)]
struct Step {
    number: u32,
    events: Vec<Visibility>,
    started: bool,
    remix: Option<RemixPlan>,
    remix_done: bool,
    owed: Option<Vec<Owed>>,
    received: u8,
    /// The relabelling index of a `HandRemixed` step.
    relabel_index: u64,
}

/// A re-mix as the audit re-runs it.
#[derive(Clone, Debug)]
struct RemixRecord {
    seat: Seat,
    index: u64,
    inputs: Vec<u32>,
    first_output: u32,
}

/// A `HandRemixed` event as the audit replays it.
#[derive(Clone, Copy, Debug)]
struct RelabelRecord {
    seat: Seat,
    index: u64,
    slots: SlotSet,
}

/// Where the re-mix of a hand moves each of its cards: the card at the `k`-th position of `slots`
/// (ascending) goes to `order[k]`. Derived from the holder's committed seed, so only the holder
/// knows it until the audit, which replays it.
fn relabel_order(seed: &[u8; 32], index: u64, slots: SlotSet) -> Vec<Slot> {
    let hand: Vec<Slot> = slots.iter().collect();
    let secret = ShuffleSecret::derive(seed, RELABEL_LABEL, index, hand.len());
    secret.permutation.iter().map(|&k| hand[k as usize]).collect()
}

/// The outcome of the end-of-hand audit: the card at each deck position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AuditedDeal {
    pub deck: Vec<Card>,
}

/// One device's deal protocol state for one hand.
pub struct DealSession {
    params: HandParams,
    context: HandContext,
    me: Seat,
    book: CardBook,
    secret_key: Scalar,
    seed: [u8; 32],
    keys: Vec<Option<(RistrettoPoint, WirePoint)>>,
    seed_commitments: Vec<[u8; 32]>,
    joint: Option<JointKey>,
    /// The open deck, then each seat's shuffle output.
    stages: Vec<(Vec<Ciphertext>, Vec<WireCiphertext>)>,
    entries: Vec<Entry>,
    bindings: Vec<Binding>,
    holders: Vec<Holder>,
    pools: Vec<Vec<u32>>,
    /// This device's private map from its pooled positions to their ciphertexts.
    my_pool: BTreeMap<Slot, u32>,
    remix_counts: Vec<u64>,
    remixes: Vec<RemixRecord>,
    /// `HandRemixed` events fed so far, per seat, and all of them in order.
    relabel_counts: Vec<u64>,
    relabels: Vec<RelabelRecord>,
    known: Vec<Option<Card>>,
    claims: Vec<(Seat, Slot, Card)>,
    steps: VecDeque<Step>,
    next_step_number: u32,
    expected_seq: Vec<u32>,
    buffered: Vec<Message>,
    reveals: Vec<Option<(Scalar, [u8; 32])>>,
    audit: Option<Result<AuditedDeal, Fault>>,
    log: Vec<Message>,
    evidence: Vec<(Message, Fault)>,
    /// Time spent making and checking shuffle proofs, when measuring.
    proof_time: Option<Duration>,
    /// The seat whose message last bound each deck position to a re-mix output (the re-mix's
    /// `moved` or a pick): who answers for it at the audit.
    bound_by: Vec<Option<Seat>>,
    /// Test hook: see [`DealSession::dishonest_misname_moved`].
    misname_moved: bool,
}

/// The hand's secret key and seed are wiped from memory when the session goes.
impl Drop for DealSession {
    fn drop(&mut self) {
        self.secret_key.zeroize();
        self.seed.zeroize();
        self.my_pool.clear();
    }
}

/// Debug output never shows the secret key or seed (sessions end up in logs).
impl std::fmt::Debug for DealSession {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DealSession")
            .field("context", &self.context)
            .field("seat", &self.me)
            .field("shuffles", &(self.stages.len().saturating_sub(1)))
            .field("ciphertexts", &self.entries.len())
            .field("steps_pending", &self.steps.len())
            .field("known", &self.known_slots())
            .field("audit", &self.audit)
            .finish_non_exhaustive()
    }
}

/// Every seat in `mask`, ascending.
fn seats_in(mask: u8) -> impl Iterator<Item = Seat> {
    (0..8u8).filter(move |seat| mask & (1 << seat) != 0).map(Seat)
}

impl DealSession {
    /// Starts this device's side of a hand: draws its key and seed and returns the key message.
    pub fn new<R: RngCore + CryptoRng>(
        params: HandParams,
        me: Seat,
        rng: &mut R,
    ) -> Result<(DealSession, Vec<Message>), Fault> {
        params.validate().map_err(|detail| Fault::arrival(None, FaultKind::Setup, detail))?;
        if me.0 >= params.seats {
            return Err(Fault::arrival(Some(me), FaultKind::Setup, "this device's seat is not at the table"));
        }
        let seats = params.seats as usize;
        let slots = params.cards.len();
        let book = CardBook::new(&params.cards);
        let secret_key = Scalar::random(rng);
        let mut seed = [0u8; 32];
        rng.fill_bytes(&mut seed);
        let mut session = DealSession {
            context: params.context(),
            me,
            book,
            secret_key,
            seed,
            keys: vec![None; seats],
            seed_commitments: vec![[0; 32]; seats],
            joint: None,
            stages: Vec::new(),
            entries: Vec::new(),
            bindings: (0..slots as u32).map(Binding::Entry).collect(),
            holders: vec![Holder::Elsewhere; slots],
            pools: vec![Vec::new(); seats],
            my_pool: BTreeMap::new(),
            remix_counts: vec![0; seats],
            remixes: Vec::new(),
            relabel_counts: vec![0; seats],
            relabels: Vec::new(),
            known: vec![None; slots],
            claims: Vec::new(),
            steps: VecDeque::new(),
            next_step_number: 0,
            expected_seq: vec![0; seats],
            buffered: Vec::new(),
            reveals: vec![None; seats],
            audit: None,
            log: Vec::new(),
            evidence: Vec::new(),
            proof_time: None,
            bound_by: vec![None; slots],
            misname_moved: false,
            params,
        };
        let open: Vec<Ciphertext> = session.book.points().iter().map(|(_, point)| Ciphertext::open(*point)).collect();
        let open_wire = open.iter().map(Ciphertext::to_wire).collect();
        session.stages.push((open, open_wire));
        let public_wire = (RISTRETTO_BASEPOINT_TABLE * &session.secret_key).compress().to_bytes();
        let mut transcript = session.transcript(me, MessageKind::Key, 0);
        let proof = prove_key(&mut transcript, &session.secret_key, &public_wire, rng);
        let seed_commitment = session.seed_commitment(me, &session.seed);
        let body = Body::Key(KeyAnnouncement { public_key: public_wire, proof, seed_commitment });
        let mut out = Vec::new();
        session.send(body, rng, &mut out)?;
        Ok((session, out))
    }

    /// Measures the time spent on shuffle proofs from now on (for benchmarks).
    pub fn measure_proofs(&mut self) {
        self.proof_time.get_or_insert(Duration::ZERO);
    }

    pub fn proof_time(&self) -> Duration {
        self.proof_time.unwrap_or_default()
    }

    pub fn seat(&self) -> Seat {
        self.me
    }

    pub fn params(&self) -> &HandParams {
        &self.params
    }

    /// The card at a deck position, if this device has seen it.
    pub fn card_at(&self, slot: Slot) -> Option<Card> {
        self.known.get(slot.0 as usize).copied().flatten()
    }

    /// The deck positions whose card this device knows.
    pub fn known_slots(&self) -> SlotSet {
        let mut set = SlotSet::EMPTY;
        for (slot, card) in self.known.iter().enumerate() {
            if card.is_some() {
                set.insert(Slot(slot as u8));
            }
        }
        set
    }

    /// Whether the deck is shuffled and every step fed so far is complete.
    pub fn is_settled(&self) -> bool {
        self.joint.is_some() && self.stages.len() == self.params.seats as usize + 1 && self.steps.is_empty()
    }

    /// Every message accepted, in order (the evidence a voided hand keeps).
    pub fn log(&self) -> &[Message] {
        &self.log
    }

    /// Every message refused, with why.
    pub fn evidence(&self) -> &[(Message, Fault)] {
        &self.evidence
    }

    /// The audit's result, once every seat has revealed.
    pub fn audit_result(&self) -> Option<&Result<AuditedDeal, Fault>> {
        self.audit.as_ref()
    }

    /// This device's secret key (for the in-process simulation's omniscient checks only).
    pub(crate) fn secret_key(&self) -> Scalar {
        self.secret_key
    }

    /// The dealt deck's ciphertexts, by deck position, and the card book.
    pub(crate) fn deck_ciphertexts(&self) -> (Vec<Ciphertext>, &CardBook) {
        let count = if self.is_deck_ready() { self.params.cards.len() } else { 0 };
        (self.entries.iter().take(count).map(|entry| entry.cipher).collect(), &self.book)
    }

    /// The ciphertext a deck position is now bound to, with its public tokens (`None` while it is
    /// one of a re-mixed hand's unlinked ciphertexts).
    pub(crate) fn current_ciphertext(&self, slot: Slot) -> Option<(Ciphertext, Vec<Option<RistrettoPoint>>)> {
        match self.bindings.get(slot.0 as usize)? {
            Binding::Entry(entry) => {
                let entry = &self.entries[*entry as usize];
                Some((entry.cipher, entry.tokens.clone()))
            }
            Binding::Pooled(_) => None,
        }
    }

    /// Test hook for the cheat matrix: shuffle and re-mix with `seed` from now on while the
    /// commitment stays that of the original seed (a dishonest device). Not for the table protocol.
    #[doc(hidden)]
    pub fn dishonest_replace_seed(&mut self, seed: [u8; 32]) -> [u8; 32] {
        std::mem::replace(&mut self.seed, seed)
    }

    /// Test hook for the cheat matrix: the next re-mix names another of its outputs as the first
    /// card leaving the hand (a device passing a card other than the one its core named). Not for
    /// the table protocol.
    #[doc(hidden)]
    pub fn dishonest_misname_moved(&mut self) {
        self.misname_moved = true;
    }

    fn transcript(&self, seat: Seat, kind: MessageKind, seq: u32) -> merlin::Transcript {
        message_transcript(&self.context, seat, kind, seq)
    }

    fn seed_commitment(&self, seat: Seat, seed: &[u8; 32]) -> [u8; 32] {
        hash32(
            SEED_COMMITMENT_LABEL,
            &[&self.context.table_id, &self.context.hand_number.to_le_bytes(), &[seat.0], seed],
        )
    }

    fn all(&self) -> u8 {
        self.params.all_seats()
    }

    /// Wraps, applies to this device's own state and queues one outgoing message.
    fn send<R: RngCore + CryptoRng>(&mut self, body: Body, rng: &mut R, out: &mut Vec<Message>) -> Result<(), Fault> {
        let message = Message {
            table_id: self.context.table_id,
            hand_number: self.context.hand_number,
            seat: self.me.0,
            seq: self.expected_seq[self.me.index()],
            body,
        };
        // Queued before moving on: moving on may produce this device's next messages.
        out.push(message.clone());
        self.apply(&message, true, rng)?;
        self.advance(rng, out)
    }

    /// Takes one message from another device. Returns the messages this device now owes. A refused
    /// message leaves the state unchanged and is kept as evidence.
    pub fn receive<R: RngCore + CryptoRng>(&mut self, message: &Message, rng: &mut R) -> Result<Vec<Message>, Fault> {
        let mut out = Vec::new();
        if message.seat == self.me.0 {
            return Err(self.refuse(message, Fault::arrival(Some(self.me), FaultKind::OutOfOrder, "own seat")));
        }
        match self.try_apply(message, rng) {
            Ok(true) => {}
            Ok(false) => {
                if self.buffered.len() >= MAX_BUFFERED {
                    let seat = Some(Seat(message.seat));
                    return Err(
                        self.refuse(message, Fault::arrival(seat, FaultKind::Flooding, "too many early messages"))
                    );
                }
                self.buffered.push(message.clone());
                return Ok(out);
            }
            Err(fault) => return Err(self.refuse(message, fault)),
        }
        // The message is taken; a fault from here on (a claim that the opened card contradicts)
        // is not the message's.
        self.advance(rng, &mut out)?;
        self.drain_buffer(rng, &mut out)?;
        Ok(out)
    }

    fn refuse(&mut self, message: &Message, fault: Fault) -> Fault {
        self.evidence.push((message.clone(), fault.clone()));
        fault
    }

    fn drain_buffer<R: RngCore + CryptoRng>(&mut self, rng: &mut R, out: &mut Vec<Message>) -> Result<(), Fault> {
        loop {
            let mut progressed = false;
            let mut index = 0;
            while index < self.buffered.len() {
                let message = self.buffered[index].clone();
                match self.try_apply(&message, rng) {
                    Ok(true) => {
                        self.buffered.remove(index);
                        progressed = true;
                        self.advance(rng, out)?;
                    }
                    Ok(false) => index += 1,
                    Err(fault) => {
                        self.buffered.remove(index);
                        return Err(self.refuse(&message, fault));
                    }
                }
            }
            if !progressed {
                return Ok(());
            }
        }
    }

    /// Checks the envelope; `Ok(false)` when the message is for later.
    fn try_apply<R: RngCore + CryptoRng>(&mut self, message: &Message, rng: &mut R) -> Result<bool, Fault> {
        let seat = Seat(message.seat);
        if message.seat >= self.params.seats {
            return Err(Fault::arrival(None, FaultKind::Malformed, format!("message from seat {}", message.seat)));
        }
        if message.table_id != self.context.table_id || message.hand_number != self.context.hand_number {
            return Err(Fault::arrival(Some(seat), FaultKind::WrongHand, "message for another table or hand"));
        }
        let expected = self.expected_seq[seat.index()];
        if message.seq < expected {
            return Err(Fault::arrival(Some(seat), FaultKind::OutOfOrder, format!("replayed message {}", message.seq)));
        }
        if message.seq > expected || !self.is_ready_for(message) {
            return Ok(false);
        }
        self.apply(message, false, rng)?;
        Ok(true)
    }

    fn is_ready_for(&self, message: &Message) -> bool {
        let seat = message.seat as usize;
        match &message.body {
            Body::Key(_) => true,
            Body::Shuffle(_) => self.joint.is_some() && self.stages.len() == seat + 1,
            Body::Remix(RemixMessage { step, .. }) => {
                self.is_deck_ready() && self.steps.front().is_some_and(|current| current.number >= *step)
            }
            // Tokens of a step wait for its re-mix (they may arrive first when they travel by
            // another path than the re-mix); tokens of a finished step are refused.
            Body::Tokens(TokenMessage { step, .. }) => {
                self.is_deck_ready()
                    && self.steps.front().is_some_and(|current| {
                        current.number > *step || (current.number == *step && current.owed.is_some())
                    })
            }
            Body::Reveal(_) => true,
        }
    }

    /// Whether every seat has shuffled: the deck's ciphertexts are final.
    pub fn is_deck_ready(&self) -> bool {
        self.stages.len() == self.params.seats as usize + 1
    }

    /// After every seat has revealed, the order in which `seat`'s `index`-th re-mix (counted from
    /// 0 in this hand) moved the cards of `slots`, replayed from its revealed seed: what the
    /// end-of-hand replay with full knowledge needs. `None` before that seat's reveal.
    pub fn audited_remix_order(&self, seat: Seat, index: u64, slots: SlotSet) -> Option<Vec<Slot>> {
        let (_, seed) = self.reveals.get(seat.index())?.as_ref()?;
        Some(relabel_order(seed, index, slots))
    }

    /// Applies a message whose envelope is in order, or refuses it with the state unchanged. `own`
    /// skips proof checks of this device's own.
    fn apply<R: RngCore + CryptoRng>(&mut self, message: &Message, own: bool, rng: &mut R) -> Result<(), Fault> {
        let seat = Seat(message.seat);
        match &message.body {
            Body::Key(key) => self.apply_key(seat, message.seq, key, own)?,
            Body::Shuffle(shuffle) => self.apply_shuffle(seat, message.seq, shuffle, own, rng)?,
            Body::Remix(remix) => self.apply_remix(seat, message.seq, remix, own, rng)?,
            Body::Tokens(tokens) => self.apply_tokens(seat, message.seq, tokens, own)?,
            Body::Reveal(reveal) => self.apply_reveal(seat, reveal)?,
        }
        self.expected_seq[seat.index()] += 1;
        self.log.push(message.clone());
        Ok(())
    }

    fn apply_key(&mut self, seat: Seat, seq: u32, key: &KeyAnnouncement, own: bool) -> Result<(), Fault> {
        if self.keys[seat.index()].is_some() {
            return Err(Fault::arrival(Some(seat), FaultKind::OutOfOrder, "a second key for this hand"));
        }
        let public = decompress(&key.public_key)
            .ok_or_else(|| Fault::arrival(Some(seat), FaultKind::Malformed, "key is not a group element"))?;
        if !own {
            let mut transcript = self.transcript(seat, MessageKind::Key, seq);
            if !verify_key(&mut transcript, &public, &key.public_key, &key.proof) {
                return Err(Fault::arrival(Some(seat), FaultKind::BadKeyProof, "the key's proof of knowledge fails"));
            }
        }
        self.keys[seat.index()] = Some((public, key.public_key));
        self.seed_commitments[seat.index()] = key.seed_commitment;
        if self.keys.iter().all(Option::is_some) {
            let joint = self.keys.iter().flatten().fold(RistrettoPoint::identity(), |sum, (point, _)| sum + point);
            self.joint = Some(JointKey::new(joint));
        }
        Ok(())
    }

    fn time_proof<T>(&mut self, work: impl FnOnce(&mut Self) -> T) -> T {
        let start = self.proof_time.map(|_| Instant::now());
        let result = work(self);
        if let (Some(start), Some(total)) = (start, self.proof_time.as_mut()) {
            *total += start.elapsed();
        }
        result
    }

    /// Proves this device's own shuffle or re-mix on its next message's transcript, timing it for
    /// the benchmark's proof share.
    fn make_shuffle_proof<R: RngCore + CryptoRng>(
        &mut self,
        kind: MessageKind,
        statement: &ShuffleStatement<'_>,
        secret: &ShuffleSecret,
        rng: &mut R,
    ) -> ShuffleProof {
        let mut transcript = self.transcript(self.me, kind, self.expected_seq[self.me.index()]);
        self.time_proof(|_| prove_shuffle(&mut transcript, statement, secret, rng))
    }

    /// Checks a shuffle or re-mix proof on the sender's own transcript (kind and sequence number
    /// bound in), timing it for the benchmark's proof share.
    fn check_shuffle_proof<R: RngCore + CryptoRng>(
        &mut self,
        seat: Seat,
        kind: MessageKind,
        seq: u32,
        statement: &ShuffleStatement<'_>,
        proof: &ShuffleProof,
        rng: &mut R,
    ) -> Result<(), String> {
        let mut transcript = self.transcript(seat, kind, seq);
        self.time_proof(|_| verify_shuffle(&mut transcript, statement, proof, rng))
            .map_err(|error| format!("{error:?}"))
    }

    fn decode_deck(seat: Seat, wire: &[WireCiphertext]) -> Result<Vec<Ciphertext>, Fault> {
        wire.iter()
            .map(Ciphertext::from_wire)
            .collect::<Option<Vec<_>>>()
            .ok_or_else(|| Fault::arrival(Some(seat), FaultKind::Malformed, "a ciphertext is not a group element"))
    }

    fn apply_shuffle<R: RngCore + CryptoRng>(
        &mut self,
        seat: Seat,
        seq: u32,
        shuffle: &ShuffleMessage,
        own: bool,
        rng: &mut R,
    ) -> Result<(), Fault> {
        let Some(key) = self.joint.clone() else {
            return Err(Fault::arrival(Some(seat), FaultKind::OutOfOrder, "shuffle before every key"));
        };
        if shuffle.deck.len() != self.params.cards.len() {
            return Err(Fault::arrival(Some(seat), FaultKind::BadShuffleProof, "the shuffled deck has the wrong size"));
        }
        let output = Self::decode_deck(seat, &shuffle.deck)?;
        if !own {
            let (input, input_wire) = self.stages.last().cloned().unwrap_or_default();
            let statement = ShuffleStatement {
                key: &key,
                input: &input,
                input_wire: &input_wire,
                output: &output,
                output_wire: &shuffle.deck,
            };
            if let Err(error) =
                self.check_shuffle_proof(seat, MessageKind::Shuffle, seq, &statement, &shuffle.proof, rng)
            {
                return Err(Fault::arrival(Some(seat), FaultKind::BadShuffleProof, format!("shuffle proof: {error}")));
            }
        }
        self.stages.push((output, shuffle.deck.clone()));
        if self.is_deck_ready() {
            let (deck, wire) = self.stages.last().cloned().unwrap_or_default();
            let seats = self.params.seats as usize;
            self.entries = deck
                .into_iter()
                .zip(wire)
                .map(|(cipher, wire)| Entry { cipher, wire, tokens: vec![None; seats], published: 0 })
                .collect();
        }
        Ok(())
    }

    /// Moves the protocol on as far as it can without other devices: this device's shuffle when its
    /// turn comes, step starts, this device's re-mixes and tokens, finished steps.
    fn advance<R: RngCore + CryptoRng>(&mut self, rng: &mut R, out: &mut Vec<Message>) -> Result<(), Fault> {
        if self.joint.is_some() && self.stages.len() == self.me.index() + 1 {
            let body = self.make_shuffle(rng);
            return self.send(body, rng, out);
        }
        if !self.is_deck_ready() {
            return Ok(());
        }
        loop {
            if self.steps.front().is_some_and(|step| !step.started) {
                self.start_front_step();
            }
            let Some(step) = self.steps.front() else { return Ok(()) };
            if let Some(plan) = &step.remix {
                if !step.remix_done {
                    if plan.seat == self.me {
                        let body = self.make_remix(rng)?;
                        return self.send(body, rng, out);
                    }
                    return Ok(());
                }
            }
            if step.owed.is_none() {
                let owed = self.plan_tokens()?;
                let step = self.steps.front_mut().ok_or_else(|| Fault::arrival(None, FaultKind::Setup, "no step"))?;
                for (seat, owes) in owed.iter().enumerate() {
                    if owes.is_empty() {
                        step.received |= 1 << seat;
                    }
                }
                step.owed = Some(owed);
                if step.received & self.me.bit() == 0 {
                    let body = self.make_tokens(rng)?;
                    self.send(body, rng, out)?;
                    // `send` re-entered `advance`, which finished whatever it could.
                    return Ok(());
                }
            }
            let Some(step) = self.steps.front() else { return Ok(()) };
            if step.received != self.all() {
                return Ok(());
            }
            self.finish_step()?;
        }
    }

    fn make_shuffle<R: RngCore + CryptoRng>(&mut self, rng: &mut R) -> Body {
        let key = self.joint.clone().unwrap_or_else(|| JointKey::new(RistrettoPoint::identity()));
        let (input, input_wire) = self.stages.last().cloned().unwrap_or_default();
        let secret = ShuffleSecret::derive(&self.seed, DECK_SHUFFLE_LABEL, 0, input.len());
        let (output, output_wire) = secret.apply_to_wire(&input, &key);
        let statement = ShuffleStatement {
            key: &key,
            input: &input,
            input_wire: &input_wire,
            output: &output,
            output_wire: &output_wire,
        };
        let proof = self.make_shuffle_proof(MessageKind::Shuffle, &statement, &secret, rng);
        Body::Shuffle(ShuffleMessage { deck: output_wire, proof })
    }

    /// Feeds the visibility events of one `apply` of the rules core (or of the deal). Returns the
    /// messages this device owes now.
    pub fn on_events<R: RngCore + CryptoRng>(
        &mut self,
        events: &[Visibility],
        rng: &mut R,
    ) -> Result<Vec<Message>, Fault> {
        let mut batch = Vec::new();
        // A `HandRemixed` event opens a step of its own, which the passes and discards of the
        // same seat that follow it join: one proven re-mix serves them all.
        let mut remixing: Option<(Seat, u64)> = None;
        for &event in events {
            if let Some(bad) = self.check_event(&event) {
                return Err(Fault::arrival(None, FaultKind::Setup, bad));
            }
            match event {
                Visibility::HandRemixed { seat, slots } => {
                    self.end_remix_group(&mut remixing, &mut batch);
                    self.push_step(std::mem::take(&mut batch));
                    let index = self.relabel_counts[seat.index()];
                    self.relabel_counts[seat.index()] += 1;
                    self.relabels.push(RelabelRecord { seat, index, slots });
                    remixing = Some((seat, index));
                    batch.push(event);
                }
                Visibility::PassedFaceDown { from: seat, .. } | Visibility::DiscardedFaceDown { seat, .. }
                    if remixing.is_some_and(|(remixer, _)| remixer == seat) =>
                {
                    batch.push(event);
                }
                _ => {
                    self.end_remix_group(&mut remixing, &mut batch);
                    let needs_own_step = matches!(
                        event,
                        Visibility::PassedFaceDown { .. }
                            | Visibility::DiscardedFaceDown { .. }
                            | Visibility::ShownToSeat { .. }
                            | Visibility::ReleasedToHolder { .. }
                    );
                    if needs_own_step {
                        self.push_step(std::mem::take(&mut batch));
                        self.push_step(vec![event]);
                    } else {
                        batch.push(event);
                    }
                }
            }
        }
        self.end_remix_group(&mut remixing, &mut batch);
        self.push_step(batch);
        let mut out = Vec::new();
        self.advance(rng, &mut out)?;
        self.drain_buffer(rng, &mut out)?;
        Ok(out)
    }

    /// Closes an open `HandRemixed` group as one step.
    fn end_remix_group(&mut self, remixing: &mut Option<(Seat, u64)>, batch: &mut Vec<Visibility>) {
        if let Some((_, index)) = remixing.take() {
            self.push_step(std::mem::take(batch));
            if let Some(step) = self.steps.back_mut() {
                step.relabel_index = index;
            }
        }
    }

    /// The order in which this device's hand will be re-mixed by its next `HandRemixed` event, for
    /// the rules core's [`troef_core::Hand::remix_hand`]: the card at the `k`-th position of
    /// `slots` (ascending; the core's `Table::remix_slots`) moves to the returned `k`-th position.
    /// It is derived from this device's committed seed, so the other devices learn it only at the
    /// audit, which checks it.
    pub fn remix_order(&self, slots: SlotSet) -> Vec<Slot> {
        relabel_order(&self.seed, self.relabel_counts[self.me.index()], slots)
    }

    fn check_event(&self, event: &Visibility) -> Option<String> {
        let (slots, seats): (SlotSet, Vec<Seat>) = match *event {
            Visibility::DealtPrivately { seat, slots }
            | Visibility::DealtUnseen { seat, slots }
            | Visibility::ShownToSeat { seat, slots }
            | Visibility::TakenIntoHand { seat, slots }
            | Visibility::DiscardedFaceDown { seat, slots }
            | Visibility::PlayedFaceDown { seat, slots }
            | Visibility::HandOpened { seat, slots }
            | Visibility::WithheldFromHolder { seat, slots }
            | Visibility::ReleasedToHolder { seat, slots }
            | Visibility::HandRemixed { seat, slots } => (slots, vec![seat]),
            Visibility::PassedFaceDown { from, to, slots } => (slots, vec![from, to]),
            Visibility::DealtFaceDown { slots, .. }
            | Visibility::ShownToAll { slots }
            | Visibility::RevealedAtEnd { slots } => (slots, vec![]),
        };
        if slots.iter().any(|slot| slot.0 as usize >= self.params.cards.len()) {
            return Some(format!("event {event:?} names a deck position past the deck"));
        }
        if seats.iter().any(|seat| seat.0 >= self.params.seats) {
            return Some(format!("event {event:?} names a seat not at the table"));
        }
        None
    }

    fn push_step(&mut self, events: Vec<Visibility>) {
        if events.is_empty() {
            return;
        }
        let number = self.next_step_number;
        self.next_step_number += 1;
        self.steps.push_back(Step {
            number,
            events,
            started: false,
            remix: None,
            remix_done: false,
            owed: None,
            received: 0,
            relabel_index: 0,
        });
    }

    /// Registers what `seat` says is at deck positions it plays or shows. When a position is
    /// opened (or if it already is), a different card is a fault naming `seat`; a position not in
    /// `seat`'s hand is refused at once.
    pub fn claim(&mut self, seat: Seat, slot: Slot, card: Card) -> Result<(), Fault> {
        let Some(holder) = self.holders.get(slot.0 as usize) else {
            return Err(Fault::arrival(
                Some(seat),
                FaultKind::NotHolder,
                format!("deck position {} does not exist", slot.0),
            ));
        };
        if *holder != Holder::Hand(seat) {
            return Err(Fault::arrival(
                Some(seat),
                FaultKind::NotHolder,
                format!("{seat} plays or shows deck position {}, which is not in its hand", slot.0),
            ));
        }
        self.claims.push((seat, slot, card));
        self.check_claims()
    }

    fn check_claims(&mut self) -> Result<(), Fault> {
        let mut result = Ok(());
        self.claims.retain(|&(seat, slot, card)| match self.known[slot.0 as usize] {
            None => true,
            Some(actual) => {
                if actual != card && result.is_ok() {
                    result = Err(Fault::arrival(
                        Some(seat),
                        FaultKind::WrongCard,
                        format!("{seat} said {card} but deck position {} holds {actual}", slot.0),
                    ));
                }
                false
            }
        });
        result
    }

    fn visible_hand(&self, seat: Seat) -> SlotSet {
        let mut set = SlotSet::EMPTY;
        let others = self.all() & !seat.bit();
        for (slot, holder) in self.holders.iter().enumerate() {
            if *holder != Holder::Hand(seat) {
                continue;
            }
            let visible = match self.bindings[slot] {
                Binding::Pooled(owner) => owner == seat,
                Binding::Entry(entry) => self.entries[entry as usize].published & others == others,
            };
            if visible {
                set.insert(Slot(slot as u8));
            }
        }
        set
    }

    /// Decides whether the step at the front needs a re-mix first, and plans it.
    fn start_front_step(&mut self) {
        let Some(step) = self.steps.front() else { return };
        let mut relabel = None;
        let plan = match step.events.first() {
            Some(&Visibility::HandRemixed { seat, slots }) => {
                relabel = Some((step.relabel_index, slots));
                let moved = step.events.iter().fold(SlotSet::EMPTY, |moved, event| match *event {
                    Visibility::PassedFaceDown { slots, .. } | Visibility::DiscardedFaceDown { slots, .. } => {
                        moved.union(slots)
                    }
                    _ => moved,
                });
                Some((seat, moved))
            }
            Some(&Visibility::PassedFaceDown { from, slots, .. }) => Some((from, slots)),
            Some(&Visibility::DiscardedFaceDown { seat, slots }) => Some((seat, slots)),
            Some(&Visibility::ShownToSeat { seat, slots }) | Some(&Visibility::ReleasedToHolder { seat, slots }) => {
                self.remix_for_showing(seat, slots)
            }
            _ => None,
        };
        let remix = plan.map(|(seat, moved)| {
            let hand = self.visible_hand(seat).union(moved);
            let mut input_entries = Vec::new();
            let mut pooled = 0;
            for slot in hand.iter() {
                match self.bindings[slot.0 as usize] {
                    Binding::Entry(entry) => input_entries.push(entry),
                    Binding::Pooled(_) => pooled += 1,
                }
            }
            // The pool's ciphertexts follow the bound ones, in the pool's public order.
            let pool = &self.pools[seat.index()];
            input_entries.extend(pool.iter().take(pooled));
            let pool_after = SlotSet(hand.0 & !moved.0);
            RemixPlan {
                seat,
                input_entries,
                moved: moved.iter().collect(),
                pool_after,
                index: self.remix_counts[seat.index()],
                relabel,
            }
        });
        if let Some(step) = self.steps.front_mut() {
            step.remix = remix;
            step.started = true;
        }
    }

    /// For a card shown to `seat`: the positions that need a fresh ciphertext first (another
    /// seat's token is missing while `seat`'s is public), and who re-mixes them.
    fn remix_for_showing(&self, seat: Seat, slots: SlotSet) -> Option<(Seat, SlotSet)> {
        let others = self.all() & !seat.bit();
        let mut needing = SlotSet::EMPTY;
        let mut remixer = None;
        for slot in slots.iter() {
            let who = match self.bindings[slot.0 as usize] {
                Binding::Pooled(owner) if owner == seat => continue,
                Binding::Pooled(owner) => owner,
                Binding::Entry(entry) => {
                    let published = self.entries[entry as usize].published;
                    if published & others == others || published & seat.bit() == 0 {
                        continue;
                    }
                    match self.holders[slot.0 as usize] {
                        Holder::Hand(holder) if holder != seat => holder,
                        _ => seats_in(others).next().unwrap_or(seat),
                    }
                }
            };
            needing.insert(slot);
            remixer.get_or_insert(who);
        }
        remixer.map(|remixer| (remixer, needing))
    }

    fn make_remix<R: RngCore + CryptoRng>(&mut self, rng: &mut R) -> Result<Body, Fault> {
        let step = self.steps.front().ok_or_else(|| Fault::arrival(None, FaultKind::Setup, "no step to re-mix"))?;
        let plan = step.remix.clone().ok_or_else(|| Fault::arrival(None, FaultKind::Setup, "no re-mix planned"))?;
        let number = step.number;
        let key = self.joint.clone().ok_or_else(|| Fault::arrival(None, FaultKind::Setup, "no joint key"))?;
        let input: Vec<Ciphertext> = plan.input_entries.iter().map(|&e| self.entries[e as usize].cipher).collect();
        let input_wire: Vec<WireCiphertext> =
            plan.input_entries.iter().map(|&e| self.entries[e as usize].wire).collect();
        let secret = ShuffleSecret::derive(&self.seed, REMIX_LABEL, plan.index, input.len());
        let (output, output_wire) = secret.apply_to_wire(&input, &key);
        let slot_of_input = self.remix_input_slots(&plan)?;
        let mut output_of_input = vec![0u16; input.len()];
        for (position, &from) in secret.permutation.iter().enumerate() {
            output_of_input[from as usize] = position as u16;
        }
        // A relabelled hand names its moved cards by their new positions; the inputs are bound to
        // the old ones.
        let old_of_new = self.relabelling(&plan, true);
        let moved = plan
            .moved
            .iter()
            .map(|slot| {
                let old = old_of_new.get(slot).copied().unwrap_or(*slot);
                slot_of_input
                    .iter()
                    .position(|&s| s == old)
                    .map(|input| output_of_input[input])
                    .ok_or_else(|| Fault::arrival(None, FaultKind::Setup, "moved card missing from the re-mix"))
            })
            .collect::<Result<Vec<u16>, Fault>>()?;
        let mut moved = moved;
        if std::mem::take(&mut self.misname_moved) && input.len() > 1 {
            if let Some(first) = moved.first_mut() {
                *first = (*first + 1) % input.len() as u16;
            }
        }
        let statement = ShuffleStatement {
            key: &key,
            input: &input,
            input_wire: &input_wire,
            output: &output,
            output_wire: &output_wire,
        };
        let proof = self.make_shuffle_proof(MessageKind::Remix, &statement, &secret, rng);
        Ok(Body::Remix(RemixMessage { step: number, outputs: output_wire, proof, moved }))
    }

    /// For a relabelling re-mix of this device's own hand, its map between old and new positions
    /// (`new → old` when `inverse`, else `old → new`); empty otherwise.
    fn relabelling(&self, plan: &RemixPlan, inverse: bool) -> BTreeMap<Slot, Slot> {
        let Some((index, slots)) = plan.relabel.filter(|_| plan.seat == self.me) else {
            return BTreeMap::new();
        };
        let order = relabel_order(&self.seed, index, slots);
        slots.iter().zip(order).map(|(old, new)| if inverse { (new, old) } else { (old, new) }).collect()
    }

    /// This device's view of which deck position each re-mix input is (only the remixer knows the
    /// pooled ones).
    fn remix_input_slots(&self, plan: &RemixPlan) -> Result<Vec<Slot>, Fault> {
        let hand = self.visible_hand(plan.seat).union(plan.moved.iter().fold(SlotSet::EMPTY, |mut set, &slot| {
            set.insert(slot);
            set
        }));
        let mut slots: Vec<Slot> =
            hand.iter().filter(|slot| matches!(self.bindings[slot.0 as usize], Binding::Entry(_))).collect();
        let pooled_entries = &plan.input_entries[slots.len()..];
        for entry in pooled_entries {
            let slot = self
                .my_pool
                .iter()
                .find(|(_, e)| *e == entry)
                .map(|(slot, _)| *slot)
                .ok_or_else(|| Fault::arrival(None, FaultKind::Setup, "pooled ciphertext without a position"))?;
            slots.push(slot);
        }
        Ok(slots)
    }

    fn apply_remix<R: RngCore + CryptoRng>(
        &mut self,
        seat: Seat,
        seq: u32,
        remix: &RemixMessage,
        own: bool,
        rng: &mut R,
    ) -> Result<(), Fault> {
        let fault = |kind, detail: &str| Fault::arrival(Some(seat), kind, detail.to_string());
        let step = self.steps.front().ok_or_else(|| fault(FaultKind::OutOfOrder, "re-mix with no step"))?;
        let plan = match (&step.remix, step.remix_done) {
            (Some(plan), false) if plan.seat == seat && step.number == remix.step => plan.clone(),
            _ => return Err(fault(FaultKind::OutOfOrder, "re-mix not expected from this seat now")),
        };
        let size = plan.input_entries.len();
        if remix.outputs.len() != size || remix.moved.len() != plan.moved.len() {
            return Err(fault(FaultKind::BadShuffleProof, "re-mix of the wrong size"));
        }
        let mut distinct = BTreeSet::new();
        if remix.moved.iter().any(|&index| index as usize >= size || !distinct.insert(index)) {
            return Err(fault(FaultKind::Malformed, "re-mix names a moved card twice or past its outputs"));
        }
        let output = Self::decode_deck(seat, &remix.outputs)?;
        let key = self.joint.clone().ok_or_else(|| fault(FaultKind::OutOfOrder, "no joint key"))?;
        // The input slots are needed before the state changes (only the remixer uses them).
        let private_slots = if own { Some(self.remix_input_slots(&plan)?) } else { None };
        if !own {
            let input: Vec<Ciphertext> = plan.input_entries.iter().map(|&e| self.entries[e as usize].cipher).collect();
            let input_wire: Vec<WireCiphertext> =
                plan.input_entries.iter().map(|&e| self.entries[e as usize].wire).collect();
            let statement = ShuffleStatement {
                key: &key,
                input: &input,
                input_wire: &input_wire,
                output: &output,
                output_wire: &remix.outputs,
            };
            if let Err(error) = self.check_shuffle_proof(seat, MessageKind::Remix, seq, &statement, &remix.proof, rng) {
                return Err(fault(FaultKind::BadShuffleProof, &format!("re-mix proof: {error}")));
            }
        }
        let first_output = self.entries.len() as u32;
        let seats = self.params.seats as usize;
        for (cipher, wire) in output.iter().zip(&remix.outputs) {
            self.entries.push(Entry { cipher: *cipher, wire: *wire, tokens: vec![None; seats], published: 0 });
        }
        self.remixes.push(RemixRecord { seat, index: plan.index, inputs: plan.input_entries.clone(), first_output });
        self.remix_counts[seat.index()] += 1;
        for (slot, &index) in plan.moved.iter().zip(&remix.moved) {
            self.bindings[slot.0 as usize] = Binding::Entry(first_output + u32::from(index));
            self.bound_by[slot.0 as usize] = Some(seat);
        }
        let moved_outputs: BTreeSet<u16> = remix.moved.iter().copied().collect();
        let pool: Vec<u32> =
            (0..size as u16).filter(|i| !moved_outputs.contains(i)).map(|i| first_output + u32::from(i)).collect();
        for slot in plan.pool_after.iter() {
            self.bindings[slot.0 as usize] = Binding::Pooled(seat);
        }
        self.pools[seat.index()] = pool;
        let new_of_old = self.relabelling(&plan, false);
        if let Some(slots) = private_slots {
            let secret = ShuffleSecret::derive(&self.seed, REMIX_LABEL, plan.index, size);
            self.my_pool.clear();
            for (position, &from) in secret.permutation.iter().enumerate() {
                let old = slots[from as usize];
                let slot = new_of_old.get(&old).copied().unwrap_or(old);
                if plan.pool_after.contains(slot) {
                    self.my_pool.insert(slot, first_output + position as u32);
                }
            }
        }
        // After a relabelling the holder knows its cards at their new positions; every other
        // device forgets which card lies where in the hand (it learns a passed card anew when its
        // tokens arrive).
        if let Some((_, slots)) = plan.relabel {
            let before = self.known.clone();
            for slot in slots.iter() {
                self.known[slot.0 as usize] = None;
            }
            for (old, new) in &new_of_old {
                self.known[new.0 as usize] = before[old.0 as usize];
            }
        }
        if let Some(step) = self.steps.front_mut() {
            step.remix_done = true;
        }
        Ok(())
    }

    /// Who owes which tokens and picks in the step at the front, after its re-mix. Holder changes
    /// of the step's events are applied here (they are public and need no message).
    fn plan_tokens(&mut self) -> Result<Vec<Owed>, Fault> {
        let seats = self.params.seats as usize;
        let all = self.all();
        let mut owed = vec![Owed::default(); seats];
        let step = self.steps.front().cloned().ok_or_else(|| Fault::arrival(None, FaultKind::Setup, "no step"))?;
        let mut planned: BTreeMap<u32, u8> = BTreeMap::new();
        if let Some(plan) = &step.remix {
            // The hand's remaining ciphertexts go back to its holder: every other seat's token.
            for &entry in &self.pools[plan.seat.index()] {
                for other in seats_in(all & !plan.seat.bit()) {
                    owed[other.index()].entries.insert(entry);
                }
                planned.insert(entry, all & !plan.seat.bit());
            }
        }
        let published = |planned: &BTreeMap<u32, u8>, entries: &[Entry], entry: u32| {
            entries[entry as usize].published | planned.get(&entry).copied().unwrap_or(0)
        };
        for event in &step.events {
            match *event {
                Visibility::DealtPrivately { seat, slots }
                | Visibility::ShownToSeat { seat, slots }
                | Visibility::ReleasedToHolder { seat, slots }
                | Visibility::PassedFaceDown { to: seat, slots, .. } => {
                    for slot in slots.iter() {
                        if let Visibility::DealtPrivately { .. } | Visibility::PassedFaceDown { .. } = event {
                            self.holders[slot.0 as usize] = Holder::Hand(seat);
                        }
                        match self.bindings[slot.0 as usize] {
                            Binding::Pooled(owner) if owner == seat => {}
                            Binding::Pooled(_) => {
                                return Err(Fault::arrival(None, FaultKind::Setup, "pooled card shown without re-mix"))
                            }
                            Binding::Entry(entry) => {
                                let done = published(&planned, &self.entries, entry);
                                let missing = all & !done & !seat.bit();
                                for other in seats_in(missing) {
                                    owed[other.index()].entries.insert(entry);
                                }
                                planned.insert(entry, done | missing);
                            }
                        }
                    }
                }
                Visibility::ShownToAll { slots } | Visibility::HandOpened { slots, .. } => {
                    for slot in slots.iter() {
                        match self.bindings[slot.0 as usize] {
                            Binding::Pooled(owner) => {
                                let owes = &mut owed[owner.index()];
                                if !owes.picks.contains(&slot) {
                                    owes.picks.push(slot);
                                }
                                owes.picks_with_token.insert(slot);
                            }
                            Binding::Entry(entry) => {
                                let done = published(&planned, &self.entries, entry);
                                for other in seats_in(all & !done) {
                                    owed[other.index()].entries.insert(entry);
                                }
                                planned.insert(entry, all);
                            }
                        }
                    }
                }
                Visibility::PlayedFaceDown { slots, .. } => {
                    for slot in slots.iter() {
                        if let Binding::Pooled(owner) = self.bindings[slot.0 as usize] {
                            let owes = &mut owed[owner.index()];
                            if !owes.picks.contains(&slot) {
                                owes.picks.push(slot);
                            }
                        }
                        self.holders[slot.0 as usize] = Holder::Elsewhere;
                    }
                }
                Visibility::DealtUnseen { seat, slots } | Visibility::TakenIntoHand { seat, slots } => {
                    for slot in slots.iter() {
                        self.holders[slot.0 as usize] = Holder::Hand(seat);
                    }
                }
                Visibility::DealtFaceDown { slots, .. } | Visibility::DiscardedFaceDown { slots, .. } => {
                    for slot in slots.iter() {
                        self.holders[slot.0 as usize] = Holder::Elsewhere;
                    }
                }
                // Knowledge cannot be taken back; withholding is kept by not publishing tokens,
                // and the end-of-hand reveal is the audit's key reveal.
                // The re-mix of the step did the work of `HandRemixed`.
                Visibility::WithheldFromHolder { .. }
                | Visibility::RevealedAtEnd { .. }
                | Visibility::HandRemixed { .. } => {}
            }
        }
        for owes in &mut owed {
            owes.picks.sort();
        }
        Ok(owed)
    }

    fn make_tokens<R: RngCore + CryptoRng>(&mut self, rng: &mut R) -> Result<Body, Fault> {
        let step = self.steps.front().ok_or_else(|| Fault::arrival(None, FaultKind::Setup, "no step"))?;
        let owes = step.owed.as_ref().map(|owed| owed[self.me.index()].clone()).unwrap_or_default();
        let number = step.number;
        let mut picks = Vec::new();
        let mut entries = owes.entries.clone();
        for slot in &owes.picks {
            let entry = self
                .my_pool
                .get(slot)
                .copied()
                .ok_or_else(|| Fault::arrival(Some(self.me), FaultKind::Setup, "own pooled card unknown"))?;
            picks.push((slot.0, entry));
            if owes.picks_with_token.contains(*slot) {
                entries.insert(entry);
            }
        }
        let entries: Vec<u32> = entries.into_iter().collect();
        let masks: Vec<RistrettoPoint> = entries.iter().map(|&e| self.entries[e as usize].cipher.mask).collect();
        let masks_wire: Vec<WirePoint> = entries.iter().map(|&e| self.entries[e as usize].wire.mask).collect();
        // Tokens are computed as halves and compressed in one batch.
        let mut half_key = self.secret_key * crate::group::half();
        let halves: Vec<RistrettoPoint> = masks.iter().map(|mask| mask * half_key).collect();
        half_key.zeroize();
        let tokens_wire = crate::group::compress_doubled(&halves);
        let proof = if entries.is_empty() {
            None
        } else {
            let mut transcript = self.transcript(self.me, MessageKind::Tokens, self.expected_seq[self.me.index()]);
            let public_wire = self.keys[self.me.index()].map(|(_, wire)| wire).unwrap_or_default();
            let statement = TokenStatement {
                public_wire: &public_wire,
                masks: &masks,
                masks_wire: &masks_wire,
                tokens: &[],
                tokens_wire: &tokens_wire,
            };
            Some(prove_tokens(&mut transcript, &self.secret_key, &statement, rng))
        };
        let tokens = entries.iter().zip(tokens_wire).map(|(&entry, token)| Token { entry, token }).collect();
        Ok(Body::Tokens(TokenMessage { step: number, picks, tokens, proof }))
    }

    fn apply_tokens(&mut self, seat: Seat, seq: u32, message: &TokenMessage, own: bool) -> Result<(), Fault> {
        let fault = |kind, detail: String| Fault::arrival(Some(seat), kind, detail);
        let step = self.steps.front().ok_or_else(|| fault(FaultKind::OutOfOrder, "tokens with no step".into()))?;
        let owes = match &step.owed {
            Some(owed) if step.number == message.step && step.received & seat.bit() == 0 => owed[seat.index()].clone(),
            _ => {
                return Err(fault(FaultKind::OutOfOrder, format!("tokens for step {} not expected now", message.step)))
            }
        };
        // Picks: exactly the owed positions, each one of the sender's pooled ciphertexts, distinct.
        let pool = &self.pools[seat.index()];
        let picked_slots: Vec<Slot> = message.picks.iter().map(|&(slot, _)| Slot(slot)).collect();
        let mut distinct = BTreeSet::new();
        if picked_slots != owes.picks
            || message.picks.iter().any(|(_, entry)| !pool.contains(entry) || !distinct.insert(*entry))
        {
            return Err(fault(FaultKind::WrongTokens, "picks are not the owed cards of the sender's hand".into()));
        }
        let mut expected = owes.entries.clone();
        for &(slot, entry) in &message.picks {
            if owes.picks_with_token.contains(Slot(slot)) {
                expected.insert(entry);
            }
        }
        let sent: Vec<u32> = message.tokens.iter().map(|token| token.entry).collect();
        if sent != expected.iter().copied().collect::<Vec<u32>>() {
            return Err(fault(FaultKind::WrongTokens, format!("tokens for {sent:?}, owed {expected:?}")));
        }
        let mut points = Vec::with_capacity(sent.len());
        for token in &message.tokens {
            points.push(decompress(&token.token).ok_or_else(|| fault(FaultKind::Malformed, "token encoding".into()))?);
        }
        if !own && !sent.is_empty() {
            let (public, public_wire) =
                self.keys[seat.index()].ok_or_else(|| fault(FaultKind::OutOfOrder, "no key".into()))?;
            let proof = message.proof.ok_or_else(|| fault(FaultKind::BadToken, "tokens without a proof".into()))?;
            let masks: Vec<RistrettoPoint> = sent.iter().map(|&e| self.entries[e as usize].cipher.mask).collect();
            let masks_wire: Vec<WirePoint> = sent.iter().map(|&e| self.entries[e as usize].wire.mask).collect();
            let tokens_wire: Vec<WirePoint> = message.tokens.iter().map(|token| token.token).collect();
            let mut transcript = self.transcript(seat, MessageKind::Tokens, seq);
            let statement = TokenStatement {
                public_wire: &public_wire,
                masks: &masks,
                masks_wire: &masks_wire,
                tokens: &points,
                tokens_wire: &tokens_wire,
            };
            if !verify_tokens(&mut transcript, &public, &statement, &proof) {
                return Err(fault(
                    FaultKind::BadToken,
                    format!("a decryption token of step {} is wrong", message.step),
                ));
            }
        }
        for &(slot, entry) in &message.picks {
            self.bindings[slot as usize] = Binding::Entry(entry);
            self.bound_by[slot as usize] = Some(seat);
            self.pools[seat.index()].retain(|&e| e != entry);
            if seat == self.me {
                self.my_pool.remove(&Slot(slot));
            }
        }
        for (token, point) in message.tokens.iter().zip(points) {
            let entry = &mut self.entries[token.entry as usize];
            entry.tokens[seat.index()] = Some(point);
            entry.published |= seat.bit();
        }
        if let Some(step) = self.steps.front_mut() {
            step.received |= seat.bit();
        }
        Ok(())
    }

    /// A step is complete: learn every card this device may now decrypt, check claims, start the next.
    fn finish_step(&mut self) -> Result<(), Fault> {
        self.steps.pop_front();
        let all = self.all();
        for slot in 0..self.known.len() {
            if self.known[slot].is_some() {
                continue;
            }
            let Binding::Entry(entry) = self.bindings[slot] else { continue };
            let entry = &self.entries[entry as usize];
            if (entry.published | self.me.bit()) != all {
                continue;
            }
            let mut point = entry.cipher.body;
            for token in entry.tokens.iter().flatten() {
                point -= token;
            }
            if entry.published & self.me.bit() == 0 {
                point -= entry.cipher.mask * self.secret_key;
            }
            let card = self.book.card_of(&point).ok_or_else(|| {
                Fault::arrival(None, FaultKind::DeckNotCardSet, format!("deck position {slot} decrypts to no card"))
            })?;
            self.known[slot] = Some(card);
        }
        self.check_claims()
    }

    /// This device's end-of-hand reveal: its secret key and seed. Call once the hand is over and
    /// every step is settled; the audit runs when every seat's reveal is in.
    pub fn reveal<R: RngCore + CryptoRng>(&mut self, rng: &mut R) -> Result<Vec<Message>, Fault> {
        if self.reveals[self.me.index()].is_some() {
            return Ok(Vec::new());
        }
        let body = Body::Reveal(RevealMessage { secret_key: self.secret_key.to_bytes(), seed: self.seed });
        let mut out = Vec::new();
        self.send(body, rng, &mut out)?;
        Ok(out)
    }

    fn apply_reveal(&mut self, seat: Seat, reveal: &RevealMessage) -> Result<(), Fault> {
        let fault = |kind, detail: &str| Fault::audit(Some(seat), kind, detail.to_string());
        if self.reveals[seat.index()].is_some() {
            return Err(Fault::arrival(Some(seat), FaultKind::OutOfOrder, "a second reveal".to_string()));
        }
        let secret = scalar_from_wire(&reveal.secret_key).ok_or_else(|| fault(FaultKind::Malformed, "secret key"))?;
        let result = match self.keys[seat.index()] {
            Some((public, _)) if RISTRETTO_BASEPOINT_TABLE * &secret == public => {
                if self.seed_commitment(seat, &reveal.seed) == self.seed_commitments[seat.index()] {
                    Ok(())
                } else {
                    Err(fault(FaultKind::SeedMismatch, "the revealed seed does not match its commitment"))
                }
            }
            _ => Err(fault(FaultKind::BadKeyReveal, "the revealed secret key does not match the published key")),
        };
        self.reveals[seat.index()] = Some((secret, reveal.seed));
        if let Err(fault) = result {
            self.audit = Some(Err(fault));
            return Ok(());
        }
        if self.audit.is_none() && self.reveals.iter().all(Option::is_some) {
            self.audit = Some(self.run_audit());
        }
        Ok(())
    }

    /// Decrypts the dealt deck with the sum of the revealed keys. The cards this device already
    /// knows (traced back through every re-mix order to their dealt positions) are checked in one
    /// batched equation `Σ ρ_i·(body_i − M_i) − total·Σ ρ_i·mask_i = 0`; the rest, or all of them
    /// if the batch fails, are decrypted one by one.
    fn decrypt_deck(&self, reveals: &[(Scalar, [u8; 32])], total: &Scalar) -> Result<Vec<Card>, Fault> {
        let count = self.params.cards.len();
        let mut dealt: Vec<Option<Card>> = self.known.clone();
        for relabel in self.relabels.iter().rev() {
            let order = relabel_order(&reveals[relabel.seat.index()].1, relabel.index, relabel.slots);
            let after = dealt.clone();
            for (old, new) in relabel.slots.iter().zip(order) {
                dealt[old.0 as usize] = after[new.0 as usize];
            }
        }
        let mut weight_bytes = vec![0u8; 16 * count];
        let mut hasher_input = Vec::with_capacity(64 * count);
        for entry in self.entries.iter().take(count) {
            hasher_input.extend_from_slice(&entry.wire.mask);
            hasher_input.extend_from_slice(&entry.wire.body);
        }
        ChaCha20Rng::from_seed(hash32(AUDIT_WEIGHTS_LABEL, &[&total.to_bytes(), &hasher_input]))
            .fill_bytes(&mut weight_bytes);
        let (mut scalars, mut points) = (Vec::with_capacity(2 * count + 1), Vec::with_capacity(2 * count + 1));
        let mut mask_points = Vec::with_capacity(count);
        let mut mask_weights = Vec::with_capacity(count);
        for ((entry, card), weight) in self.entries.iter().take(count).zip(&dealt).zip(weight_bytes.chunks(16)) {
            let Some(card) = card else { continue };
            let weight = crate::group::short_scalar(weight);
            scalars.push(weight);
            points.push(entry.cipher.body);
            scalars.push(-weight);
            points.push(crate::group::card_point(*card));
            mask_weights.push(weight);
            mask_points.push(entry.cipher.mask);
        }
        let batch_holds = !mask_points.is_empty() && {
            let masks = RistrettoPoint::vartime_multiscalar_mul(&mask_weights, &mask_points);
            scalars.push(-total);
            points.push(masks);
            RistrettoPoint::vartime_multiscalar_mul(&scalars, &points).is_identity()
        };
        let mut deck = Vec::with_capacity(count);
        for (slot, entry) in self.entries.iter().take(count).enumerate() {
            if let (true, Some(card)) = (batch_holds, dealt[slot]) {
                deck.push(card);
                continue;
            }
            let point = entry.cipher.body - entry.cipher.mask * total;
            let card = self.book.card_of(&point).ok_or_else(|| {
                Fault::audit(None, FaultKind::DeckNotCardSet, format!("deck position {slot} holds no card of the game"))
            })?;
            deck.push(card);
        }
        Ok(deck)
    }

    /// Re-runs every shuffle and re-mix from the revealed seeds, decrypts every deck position and
    /// checks the deck is the game's card set.
    fn run_audit(&self) -> Result<AuditedDeal, Fault> {
        let key = self.joint.clone().ok_or_else(|| Fault::audit(None, FaultKind::Setup, "no joint key"))?;
        if !self.is_deck_ready() {
            return Err(Fault::audit(None, FaultKind::Setup, "the deck was never shuffled"));
        }
        let reveals: Vec<(Scalar, [u8; 32])> = self.reveals.iter().flatten().copied().collect();
        // Each re-run is checked as one batched equation; its weights come from a hash of the
        // seed and the published output, fixed before the weights are known.
        let weight_seed = |seed: &[u8; 32], output: &[WireCiphertext]| {
            let digest: Vec<u8> = output.iter().flat_map(|c| c.mask.into_iter().chain(c.body)).collect();
            hash32(AUDIT_WEIGHTS_LABEL, &[seed, &digest])
        };
        for (seat, (_, seed)) in reveals.iter().enumerate() {
            let secret = ShuffleSecret::derive(seed, DECK_SHUFFLE_LABEL, 0, self.params.cards.len());
            let (output, output_wire) = &self.stages[seat + 1];
            if !secret.reproduces(&self.stages[seat].0, output, &key, weight_seed(seed, output_wire)) {
                return Err(Fault::audit(
                    Some(Seat(seat as u8)),
                    FaultKind::ShuffleNotReproduced,
                    "the revealed seed does not reproduce this seat's shuffle",
                ));
            }
        }
        for remix in &self.remixes {
            let input: Vec<Ciphertext> = remix.inputs.iter().map(|&e| self.entries[e as usize].cipher).collect();
            let seed = &reveals[remix.seat.index()].1;
            let secret = ShuffleSecret::derive(seed, REMIX_LABEL, remix.index, input.len());
            let first = remix.first_output as usize;
            let outputs = &self.entries[first..first + input.len()];
            let published: Vec<Ciphertext> = outputs.iter().map(|entry| entry.cipher).collect();
            let published_wire: Vec<WireCiphertext> = outputs.iter().map(|entry| entry.wire).collect();
            if !secret.reproduces(&input, &published, &key, weight_seed(seed, &published_wire)) {
                return Err(Fault::audit(
                    Some(remix.seat),
                    FaultKind::ShuffleNotReproduced,
                    "the revealed seed does not reproduce this seat's re-mix",
                ));
            }
        }
        let total: Scalar = reveals.iter().map(|(secret, _)| secret).sum();
        let deck = self.decrypt_deck(&reveals, &total)?;
        let distinct: BTreeSet<Card> = deck.iter().copied().collect();
        if distinct.len() != deck.len() {
            return Err(Fault::audit(None, FaultKind::DeckNotCardSet, "a card appears twice in the deck"));
        }
        // Where each card lies now: the dealt deck with every hand's re-mix replayed from the
        // revealed seeds.
        let mut current = deck.clone();
        for relabel in &self.relabels {
            let order = relabel_order(&reveals[relabel.seat.index()].1, relabel.index, relabel.slots);
            let before = current.clone();
            for (old, new) in relabel.slots.iter().zip(order) {
                current[new.0 as usize] = before[old.0 as usize];
            }
        }
        for (slot, known) in self.known.iter().enumerate() {
            if let Some(card) = known {
                if current[slot] != *card {
                    // A re-mix output or pick that does not hold the card the hand's re-mix put at
                    // this position: the seat that bound it answers for it.
                    return Err(Fault::audit(
                        self.bound_by[slot],
                        FaultKind::WrongCard,
                        format!(
                            "deck position {slot} opened as {card}, but the audited deal puts {} there",
                            current[slot]
                        ),
                    ));
                }
            }
        }
        Ok(AuditedDeal { deck })
    }
}

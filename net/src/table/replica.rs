//! One seat's replica of a table: the rules core on that seat's partial knowledge, the deal
//! protocol session of the seat, and the match. A device runs one replica per seat it hosts (its
//! player's, and each bot's), so that every replica knows exactly what its seat may know.
//!
//! The replica takes the table's entries in each seat's chain order ([`SeatReplica::deliver`]),
//! says when an entry must wait (`Ok(None)`: another seat's entry must come first), and returns
//! the bodies its own seat must send. It is a pure state machine: the randomness of the deal comes
//! from a generator seeded by the device's secret, the table, the hand and the seat, and bot
//! decisions from `troef_bots::decision_rng`, so replaying the same deliveries rebuilds the same
//! state and the same outgoing entries, byte for byte (the resume after a crash relies on it).
//!
//! **The partial hand knows exactly the cards the seat's deal session knows whenever the session
//! is settled**: after every action the hand's knowledge is rebuilt from the session (the public
//! cards, then every card the session decrypted), so stand-in cards and re-mixed positions never
//! linger. An action of another seat is applied on partial knowledge: a card it shows is placed at
//! the position its actor names first (and checked when the position opens); a card it passes,
//! discards or plays face down is a stand-in the peer picks among the cards it has not placed.

use super::wire::{Body, Settlement, WireAction};
use super::{forfeit_deltas, CompletedTrick, HandSummary, Out, TableEvent, TableFault, TableFaultKind};
use crate::messages::Message;
use crate::session::{DealSession, HandParams};
use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha20Rng;
use troef_bots::{decision_rng, Bot, BotGame};
use troef_core::config::ConfigValues;
use troef_core::game::{dealer_from_draw, ScoreSheet};
use troef_core::{
    Card, Event, Events, Game, Hand, Match, MatchStatus, Place, Seat, SeatView, Slot, ToAct, Viewer, Visibility,
};

const HAND_RNG_LABEL: &[u8] = b"troef/table/v1/hand-rng";
const DEALER_LABEL: &[u8] = b"troef/table/v1/first-dealer";
/// How many stand-in choices a peer tries for a face-down action before it calls it illegal.
const STAND_IN_TRIES: usize = 8;

/// What a replica needs to know of its table.
#[derive(Clone, Debug)]
pub struct ReplicaSetup {
    pub table_id: [u8; 32],
    pub values: ConfigValues,
    pub me: Seat,
    /// The bot that plays this seat, or `None` for a person.
    pub bot: Option<String>,
    pub hands: u32,
    pub seed: u64,
    /// This device's secret, from which each hand's keys and seeds are derived.
    pub secret: [u8; 32],
}

/// The state a replica restarts a hand from: the match before the hand.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Checkpoint {
    pub hand_number: u64,
    pub match_index: u32,
    pub hands_played: u32,
    pub dealer: u8,
    pub scores: ScoreSheet,
    pub summaries: Vec<HandSummary>,
    pub over: bool,
}

/// One hand in progress.
struct CurrentHand<G: Game> {
    session: DealSession,
    rng: ChaCha20Rng,
    scores_before: G::Scores,
    dealer: Seat,
    /// The seat's partial hand, from the moment the deck is shuffled.
    hand: Option<Hand<G>>,
    /// The hand's card knowledge must be rebuilt from the session once it settles.
    dirty: bool,
    /// Every action of the hand as it travelled.
    actions: Vec<(Seat, WireAction)>,
    /// Cards shown by their actors, checked when their positions open: `(seat, slot, card)`.
    claims: Vec<(Seat, Slot, Card)>,
    revealed: bool,
    /// An action that names cards whose positions are not public: it waits for every other
    /// seat's answer.
    pending: Option<(Seat, WireAction)>,
    /// The answers to the pending action, per seat: the cards each opened, `(slot, card)`.
    answers: Vec<Option<Vec<(u8, u8)>>>,
    /// Abandon requests: which seat each seat asks to settle without, and how.
    abandons: Vec<Option<(u8, Settlement)>>,
}

/// One seat's replica of a table, for game `G`.
pub struct SeatReplica<G: BotGame> {
    setup: ReplicaSetup,
    config: G::Config,
    seats: u8,
    bot: Option<Box<dyn Bot<G>>>,
    game: Match<G>,
    match_index: u32,
    hand_number: u64,
    hands_played: u32,
    summaries: Vec<HandSummary>,
    current: Option<CurrentHand<G>>,
    over: bool,
    events: Vec<TableEvent>,
}

impl<G: BotGame> std::fmt::Debug for SeatReplica<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SeatReplica")
            .field("game", &G::ID)
            .field("seat", &self.setup.me)
            .field("hand", &self.hand_number)
            .field("over", &self.over)
            .finish_non_exhaustive()
    }
}

fn fault(seat: Option<Seat>, kind: TableFaultKind, detail: impl Into<String>) -> TableFault {
    TableFault { seat: seat.map(|seat| seat.0), peer: None, kind, detail: detail.into() }
}

fn visibility(events: &[Event]) -> Vec<Visibility> {
    events.iter().filter_map(|event| if let Event::Visibility(v) = event { Some(*v) } else { None }).collect()
}

/// The deck positions that leave `seat`'s hand face down in `events`, in event order.
fn face_down_slots(seat: Seat, events: &[Visibility]) -> Vec<Slot> {
    let mut slots = Vec::new();
    for event in events {
        match *event {
            Visibility::PassedFaceDown { from, slots: moved, .. } if from == seat => slots.extend(moved.iter()),
            Visibility::DiscardedFaceDown { seat: who, slots: moved } if who == seat => slots.extend(moved.iter()),
            Visibility::PlayedFaceDown { seat: who, slots: moved } if who == seat => slots.extend(moved.iter()),
            _ => {}
        }
    }
    slots
}

/// Splits a line into its word runs (letters, digits, `_`, `#`) and the text between them.
fn runs(line: &str) -> Vec<(bool, String)> {
    let mut out: Vec<(bool, String)> = Vec::new();
    for ch in line.chars() {
        let word = ch.is_ascii_alphanumeric() || ch == '_' || ch == '#';
        match out.last_mut() {
            Some((is_word, text)) if *is_word == word => text.push(ch),
            _ => out.push((word, ch.to_string())),
        }
    }
    out
}

/// The line with each card of `cards` written `#k` (its index).
pub fn mask_line(line: &str, cards: &[Card]) -> String {
    runs(line)
        .into_iter()
        .map(|(word, text)| match cards.iter().position(|card| word && card.to_string() == text) {
            Some(index) => format!("#{index}"),
            None => text,
        })
        .collect()
}

/// The masked line with `#k` replaced by the `k`-th card. `None` if a mask names no card.
pub fn unmask_line(line: &str, cards: &[Card]) -> Option<String> {
    runs(line)
        .into_iter()
        .map(|(word, text)| match text.strip_prefix('#') {
            Some(index) if word => index.parse::<usize>().ok().and_then(|k| cards.get(k)).map(Card::to_string),
            _ => Some(text),
        })
        .collect()
}

impl<G: BotGame> SeatReplica<G> {
    /// A replica at the start of the table (its first hand not begun: call [`SeatReplica::begin`]).
    pub fn new(setup: ReplicaSetup) -> Result<SeatReplica<G>, String> {
        G::check_config(&setup.values).map_err(|error| error.to_string())?;
        let config = G::config(&setup.values);
        let seats = G::seat_count(&config);
        let bot = match &setup.bot {
            Some(name) => Some(troef_bots::bot_named::<G>(name)?),
            None => None,
        };
        let first_dealer = Self::first_dealer(&config, &setup, 0);
        Ok(SeatReplica {
            game: Match::new(config.clone(), first_dealer),
            config,
            seats,
            bot,
            setup,
            match_index: 0,
            hand_number: 1,
            hands_played: 0,
            summaries: Vec::new(),
            current: None,
            over: false,
            events: Vec::new(),
        })
    }

    fn first_dealer(config: &G::Config, setup: &ReplicaSetup, match_index: u32) -> Seat {
        let digest = super::wire::hash(DEALER_LABEL, &[&setup.seed.to_le_bytes(), &match_index.to_le_bytes()]);
        let draw = u32::from_le_bytes([digest[0], digest[1], digest[2], digest[3]]);
        match G::first_dealer(config) {
            Some(dealer) => dealer,
            None => dealer_from_draw::<G>(config, draw % u32::from(G::seat_count(config))),
        }
    }

    pub fn seat(&self) -> Seat {
        self.setup.me
    }

    pub fn seat_count(&self) -> u8 {
        self.seats
    }

    pub fn is_over(&self) -> bool {
        self.over
    }

    pub fn hand_number(&self) -> u64 {
        self.hand_number
    }

    /// The current hand's round: the actions it has applied.
    pub fn round(&self) -> u32 {
        self.current.as_ref().and_then(|current| current.hand.as_ref()).map_or(0, Hand::actions_applied)
    }

    /// The replica's state in words, for debugging a table that does not move.
    pub fn describe(&self) -> String {
        let Some(current) = self.current.as_ref() else { return format!("seat {} no hand", self.setup.me.0) };
        format!(
            "seat {} hand {} round {} deck_ready {} settled {} dirty {} to_act {:?} pending {:?} answers {:?} revealed {} session {:?}",
            self.setup.me.0,
            self.hand_number,
            self.round(),
            current.session.is_deck_ready(),
            current.session.is_settled(),
            current.dirty,
            current.hand.as_ref().map(Hand::to_act),
            current.pending,
            current.answers,
            current.revealed,
            current.session,
        )
    }

    pub fn summaries(&self) -> &[HandSummary] {
        &self.summaries
    }

    /// This seat's view of the current hand, once its knowledge is settled (the deal decrypted,
    /// no answer round open): what a screen renders for the person at this seat. `None` between
    /// hands and while the seat's knowledge is being rebuilt.
    pub fn seat_view(&self) -> Option<SeatView<G>> {
        let current = self.current.as_ref()?;
        if current.dirty || current.pending.is_some() || !current.session.is_settled() {
            return None;
        }
        let hand = current.hand.as_ref()?;
        SeatView::from_partial(hand.clone(), self.setup.me, &current.scores_before).ok()
    }

    pub fn take_events(&mut self) -> Vec<TableEvent> {
        std::mem::take(&mut self.events)
    }

    /// The match scores now.
    pub fn scores(&self) -> ScoreSheet {
        G::scores_to_sheet(&self.config, self.game.scores())
    }

    pub fn checkpoint(&self) -> Checkpoint {
        Checkpoint {
            hand_number: self.hand_number,
            match_index: self.match_index,
            hands_played: self.hands_played,
            dealer: self.game.dealer().0,
            scores: self.scores(),
            summaries: self.summaries.clone(),
            over: self.over,
        }
    }

    /// Back to the start of a hand (before its keys), from a checkpoint.
    pub fn restore(&mut self, checkpoint: &Checkpoint) -> Result<(), String> {
        let scores = G::scores_from_sheet(&self.config, &checkpoint.scores).map_err(|error| error.to_string())?;
        self.game = Match::resume(self.config.clone(), Seat(checkpoint.dealer), scores);
        self.hand_number = checkpoint.hand_number;
        self.match_index = checkpoint.match_index;
        self.hands_played = checkpoint.hands_played;
        self.summaries = checkpoint.summaries.clone();
        self.over = checkpoint.over;
        self.current = None;
        Ok(())
    }

    /// Starts the current hand: a deal session with this hand's secrets; returns the key message.
    pub fn begin(&mut self) -> Result<Vec<Out>, TableFault> {
        if self.over || self.current.is_some() {
            return Ok(Vec::new());
        }
        let me = self.setup.me;
        let seed = super::wire::hash(
            HAND_RNG_LABEL,
            &[&self.setup.secret, &self.setup.table_id, &self.hand_number.to_le_bytes(), &[me.0]],
        );
        let mut rng = ChaCha20Rng::from_seed(seed);
        let cards: Vec<Card> = G::deck(&self.config).iter().collect();
        let params = HandParams::new(self.setup.table_id, self.hand_number, self.seats, cards);
        let (session, messages) = DealSession::new(params, me, &mut rng)
            .map_err(|error| fault(None, TableFaultKind::Local, error.to_string()))?;
        let dealer = self.game.dealer();
        self.current = Some(CurrentHand {
            session,
            rng,
            scores_before: self.game.scores().clone(),
            dealer,
            hand: None,
            dirty: false,
            actions: Vec::new(),
            claims: Vec::new(),
            revealed: false,
            pending: None,
            answers: vec![None; self.seats as usize],
            abandons: vec![None; self.seats as usize],
        });
        self.events.push(TableEvent::HandStarted { hand: self.hand_number, dealer: dealer.0 });
        let mut out = self.wrap(messages);
        out.extend(self.advance()?);
        Ok(out)
    }

    fn wrap(&self, messages: Vec<Message>) -> Vec<Out> {
        let round = self.round();
        messages
            .into_iter()
            .map(|message| Out { hand: self.hand_number, round, body: Body::Deal(Box::new(message)) })
            .collect()
    }

    /// Takes one entry of another seat. `Ok(None)`: it must wait for other entries first.
    pub fn deliver(&mut self, seat: Seat, hand: u64, round: u32, body: &Body) -> Result<Option<Vec<Out>>, TableFault> {
        if seat.0 >= self.seats {
            return Err(fault(Some(seat), TableFaultKind::Illegal, "an entry from a seat not at the table"));
        }
        if self.over {
            return Err(fault(Some(seat), TableFaultKind::Late, "an entry after the table ended"));
        }
        if hand > self.hand_number || self.current.is_none() {
            return Ok(None);
        }
        if hand < self.hand_number {
            return Err(fault(Some(seat), TableFaultKind::Late, format!("an entry of hand {hand}, which is over")));
        }
        let my_round = self.round();
        if round > my_round {
            return Ok(None);
        }
        if round < my_round && !matches!(body, Body::Abandon { .. }) {
            let kind = match body {
                Body::Deal(message) => format!("deal {:?} step/seq {}", message.body.kind(), message.seq),
                Body::Action(action) => format!("action {}", action.line),
                Body::Answer { .. } => "answer".into(),
                Body::Abandon { .. } => "abandon".into(),
            };
            return Err(fault(
                Some(seat),
                TableFaultKind::Late,
                format!("an entry of round {round} in round {my_round}: {kind}"),
            ));
        }
        let out = match body {
            Body::Deal(message) => {
                if message.seat != seat.0 {
                    return Err(fault(Some(seat), TableFaultKind::Illegal, "a deal message for another seat"));
                }
                let Some(current) = self.current.as_mut() else { return Ok(None) };
                if matches!(message.body, crate::messages::Body::Reveal(_)) {
                    // A reveal is taken only once the hand is over and every step settled here.
                    let over = current.hand.as_ref().is_some_and(|hand| hand.to_act() == ToAct::HandOver);
                    if !over || !current.session.is_settled() || current.dirty {
                        if current.hand.is_some() && !over && current.session.is_settled() && !current.dirty {
                            return Err(fault(
                                Some(seat),
                                TableFaultKind::Illegal,
                                "a key revealed before the hand ended",
                            ));
                        }
                        return Ok(None);
                    }
                }
                let messages = current.session.receive(message, &mut current.rng).map_err(|error| {
                    fault(error.seat.or(Some(seat)), TableFaultKind::Deal(error.kind), error.detail)
                })?;
                self.wrap(messages)
            }
            Body::Action(action) => {
                let ready = self
                    .current
                    .as_ref()
                    .is_some_and(|current| current.hand.is_some() && current.session.is_settled() && !current.dirty);
                if !ready {
                    return Ok(None);
                }
                self.apply_other(seat, action)?
            }
            Body::Abandon { missing, settlement } => {
                self.note_abandon(seat, *missing, *settlement)?;
                Vec::new()
            }
            Body::Answer { opened } => {
                let ready = self.current.as_ref().is_some_and(|current| current.hand.is_some());
                if !ready {
                    return Ok(None);
                }
                let current = self.current.as_mut().ok_or_else(|| fault(None, TableFaultKind::Local, "no hand"))?;
                if current.answers[seat.index()].is_some() || opened.len() > 8 {
                    return Err(fault(Some(seat), TableFaultKind::Illegal, "an answer not owed"));
                }
                current.answers[seat.index()] = Some(opened.clone());
                self.try_pending()?
            }
        };
        let mut out = out;
        out.extend(self.advance()?);
        Ok(Some(out))
    }

    /// The cards a line names.
    fn named_cards(line: &str) -> impl Iterator<Item = Card> + '_ {
        runs(line).into_iter().filter(|(word, _)| *word).filter_map(|(_, text)| text.parse::<Card>().ok())
    }

    /// Whether an action needs every other seat's answer before it is applied: its line names a
    /// card that is neither public nor shown by its actor (a called card, which its holder may
    /// have to show), or an earlier action of the hand named a card that is still not public (a
    /// called card whose holder the rules may reveal at any turn: Rikken's blind controller).
    /// Public knowledge only, so every seat decides alike.
    fn needs_answers(hand: &Hand<G>, wire: &WireAction, earlier: &[(Seat, WireAction)]) -> bool {
        if wire.remixed || !wire.face_down.is_empty() {
            return false;
        }
        let hidden = |card: Card| !hand.table().slot_of(card).is_some_and(|slot| hand.table().is_public(slot));
        let named_now = Self::named_cards(&wire.line).any(|card| {
            let shown = wire.shown.iter().any(|&(_, c)| c as usize == card.index());
            !shown && hidden(card)
        });
        named_now || earlier.iter().any(|(_, action)| Self::named_cards(&action.line).any(hidden))
    }

    /// This seat's answer to another seat's pending action: the cards of its own hand the action
    /// would show, found by applying it on a copy of this seat's hand.
    fn answer_for(&self, seat: Seat, wire: &WireAction) -> Vec<(u8, u8)> {
        let me = self.setup.me;
        let Some(current) = self.current.as_ref() else { return Vec::new() };
        let Some(hand) = current.hand.as_ref() else { return Vec::new() };
        let mut trial = hand.clone();
        for &(slot, card) in &wire.shown {
            if let Some(card) = Card::from_index(card) {
                if trial.table_mut().learn(Slot(slot), card).is_err() {
                    return Vec::new();
                }
            }
        }
        let Ok(action) = G::parse_action(&self.config, &wire.line) else { return Vec::new() };
        let Ok(events) = trial.apply(seat, action) else { return Vec::new() };
        let mut opened = Vec::new();
        for change in visibility(&events) {
            if let Visibility::ShownToAll { slots } | Visibility::HandOpened { slots, .. } = change {
                for slot in slots.iter() {
                    if hand.table().place(slot) == Place::Hand(me) && !hand.table().is_public(slot) {
                        if let Some(card) = current.session.card_at(slot) {
                            opened.push((slot.0, card.index() as u8));
                        }
                    }
                }
            }
        }
        opened
    }

    /// Applies the pending action once every other seat answered, with the opened cards placed.
    fn try_pending(&mut self) -> Result<Vec<Out>, TableFault> {
        let Some(current) = self.current.as_mut() else { return Ok(Vec::new()) };
        let Some((seat, wire)) = current.pending.clone() else { return Ok(Vec::new()) };
        let complete = (0..self.seats).all(|other| other == seat.0 || current.answers[other as usize].is_some());
        if !complete {
            return Ok(Vec::new());
        }
        current.pending = None;
        let answers = std::mem::replace(&mut current.answers, vec![None; self.seats as usize]);
        let mut opens = Vec::new();
        let mut with_opens = wire.clone();
        for (other, answer) in answers.into_iter().enumerate() {
            for (slot, card) in answer.unwrap_or_default() {
                let card = Card::from_index(card)
                    .ok_or_else(|| fault(Some(Seat(other as u8)), TableFaultKind::Illegal, "opens no card"))?;
                opens.push((Seat(other as u8), Slot(slot), card));
                with_opens.shown.push((slot, card.index() as u8));
            }
        }
        self.apply_other_opened(seat, &with_opens, &opens, wire, true)
    }

    /// Applies another seat's action on this seat's partial hand.
    fn apply_other(&mut self, seat: Seat, wire: &WireAction) -> Result<Vec<Out>, TableFault> {
        self.apply_other_opened(seat, wire, &[], wire.clone(), false)
    }

    /// [`SeatReplica::apply_other`], with cards opened by their holders (`opens`) placed first;
    /// `logged` is the action as its actor sent it.
    fn apply_other_opened(
        &mut self,
        seat: Seat,
        wire: &WireAction,
        opens: &[(Seat, Slot, Card)],
        logged: WireAction,
        answered: bool,
    ) -> Result<Vec<Out>, TableFault> {
        let illegal = |detail: String| fault(Some(seat), TableFaultKind::Illegal, detail);
        let me = self.setup.me;
        let current = self.current.as_mut().ok_or_else(|| illegal("no hand".into()))?;
        let hand = current.hand.as_ref().ok_or_else(|| illegal("no hand".into()))?;
        let action_round = hand.actions_applied();
        if hand.to_act() != ToAct::Seat(seat) {
            return Err(fault(
                Some(seat),
                TableFaultKind::OutOfTurn,
                format!("{} acted out of turn", G::SEAT_NAMES.name(seat)),
            ));
        }
        if wire.line.len() > 200 || wire.shown.len() > 64 || wire.face_down.len() > 16 {
            return Err(illegal("an action too long".into()));
        }
        if !answered && Self::needs_answers(hand, wire, &current.actions) {
            // Every other seat answers first (this one too, unless it is the actor).
            let round = hand.actions_applied();
            let hand_number = self.hand_number;
            let mut out = Vec::new();
            if seat != me {
                let opened = self.answer_for(seat, wire);
                out.push(Out { hand: hand_number, round, body: Body::Answer { opened: opened.clone() } });
                if let Some(current) = self.current.as_mut() {
                    current.answers[me.index()] = Some(opened);
                }
            }
            if let Some(current) = self.current.as_mut() {
                current.pending = Some((seat, wire.clone()));
            }
            out.extend(self.try_pending()?);
            return Ok(out);
        }
        let mut work = hand.clone();
        let tricks_before = work.table().trick_index();
        let mut changes = Vec::new();
        if wire.remixed {
            // Another seat's re-mix: its order is secret, and this seat forgets the hand's cards
            // whatever it is (the rebuild from the session follows).
            let slots: Vec<Slot> = work.table().remix_slots(seat).iter().collect();
            let events = work.remix_hand(seat, &slots).map_err(|error| illegal(error.to_string()))?;
            changes.extend(visibility(&events));
            work = work.view(Viewer::Seat(me));
        }
        // Cards shown: placed where their actor says before the action names them.
        for &(slot, card) in &wire.shown {
            let card = Card::from_index(card).ok_or_else(|| illegal(format!("no card {card}")))?;
            let slot = Slot(slot);
            if !matches!(work.table().place(slot), Place::Hand(_)) {
                return Err(illegal(format!("shows deck position {}, which is in no hand", slot.0)));
            }
            let opener = opens.iter().find(|&&(_, s, _)| s == slot).map_or(seat, |&(holder, _, _)| holder);
            work.table_mut()
                .learn(slot, card)
                .map_err(|error| fault(Some(opener), TableFaultKind::Illegal, format!("shows {card}: {error}")))?;
        }

        for &slot in &wire.face_down {
            if work.table().place(Slot(slot)) != Place::Hand(seat) {
                return Err(illegal(format!("deck position {slot} is not in the actor's hand")));
            }
        }
        let (applied, events) = Self::apply_with_stand_ins(&work, seat, wire).ok_or_else(|| {
            illegal(format!("{} is not a legal action now", wire.line.chars().take(60).collect::<String>()))
        })?;
        changes.extend(visibility(&events));
        let declared: Vec<u8> = face_down_slots(seat, &changes).iter().map(|slot| slot.0).collect();
        if declared != wire.face_down {
            return Err(illegal("the face-down positions are not the action's".into()));
        }
        for &(slot, card) in &wire.shown {
            if let Some(card) = Card::from_index(card) {
                let claimant = opens.iter().find(|&&(_, s, _)| s.0 == slot).map_or(seat, |&(holder, _, _)| holder);
                current.claims.push((claimant, Slot(slot), card));
            }
        }
        let trick = completed_trick(tricks_before, &applied);
        current.hand = Some(applied);
        current.dirty = true;
        current.actions.push((seat, logged));
        self.events.push(TableEvent::Applied {
            hand: self.hand_number,
            round: action_round,
            seat: seat.0,
            line: wire.line.clone(),
            trick,
        });
        self.feed(&changes)
    }

    /// Applies a face-down action with stand-in cards at its face-down positions: cards this seat
    /// has placed nowhere, tried from a few starting points (a rule on which cards may go — the
    /// queen of spades in schoppen vrouw — may refuse one choice; the real cards are checked at the
    /// end-of-hand replay).
    fn apply_with_stand_ins(work: &Hand<G>, seat: Seat, wire: &WireAction) -> Option<(Hand<G>, Events)> {
        let config = work.config();
        let unplaced: Vec<Card> = G::deck(config).iter().filter(|&card| work.table().slot_of(card).is_none()).collect();
        let count = wire.face_down.len();
        if count > unplaced.len() {
            return None;
        }
        let tries = if count == 0 { 1 } else { STAND_IN_TRIES.min(unplaced.len()) };
        for attempt in 0..tries {
            let mut trial = work.clone();
            let mut cards = Vec::with_capacity(count);
            for (k, &slot) in wire.face_down.iter().enumerate() {
                let card = unplaced[(attempt * count + k) % unplaced.len()];
                if cards.contains(&card) || trial.table_mut().learn(Slot(slot), card).is_err() {
                    cards.clear();
                    break;
                }
                cards.push(card);
            }
            if cards.len() != count {
                continue;
            }
            let line = unmask_line(&wire.line, &cards)?;
            let Ok(action) = G::parse_action(config, &line) else { return None };
            if let Ok(events) = trial.apply(seat, action) {
                return Some((trial, events));
            }
        }
        None
    }

    /// Feeds visibility changes to the deal session; returns its messages.
    fn feed(&mut self, changes: &[Visibility]) -> Result<Vec<Out>, TableFault> {
        let (during, _end): (Vec<Visibility>, Vec<Visibility>) =
            changes.iter().partition(|v| !matches!(v, Visibility::RevealedAtEnd { .. }));
        let Some(current) = self.current.as_mut() else { return Ok(Vec::new()) };
        let messages = current
            .session
            .on_events(&during, &mut current.rng)
            .map_err(|error| fault(error.seat, TableFaultKind::Deal(error.kind), error.detail))?;
        Ok(self.wrap(messages))
    }

    fn note_abandon(&mut self, seat: Seat, missing: u8, settlement: Settlement) -> Result<(), TableFault> {
        if missing >= self.seats || missing == seat.0 {
            return Err(fault(Some(seat), TableFaultKind::Illegal, "abandons a seat that is not missing"));
        }
        let Some(current) = self.current.as_mut() else { return Ok(()) };
        current.abandons[seat.index()] = Some((missing, settlement));
        Ok(())
    }

    /// This seat asks to settle the hand without `missing`.
    pub fn abandon(&mut self, missing: u8, settlement: Settlement) -> Result<Vec<Out>, TableFault> {
        let me = self.setup.me;
        self.note_abandon(me, missing, settlement)?;
        let out =
            vec![Out { hand: self.hand_number, round: self.round(), body: Body::Abandon { missing, settlement } }];
        let mut out = out;
        out.extend(self.advance()?);
        Ok(out)
    }

    /// Moves the hand on as far as this seat can alone: the deal's events once the deck is
    /// shuffled, the knowledge rebuild, a bot's action, the reveal, the audit and the next hand.
    pub fn advance(&mut self) -> Result<Vec<Out>, TableFault> {
        let mut out = Vec::new();
        for _ in 0..10_000 {
            if self.settle_abandoned()? {
                continue;
            }
            let Some(current) = self.current.as_mut() else { return Ok(out) };
            if current.hand.is_none() {
                if !current.session.is_deck_ready() {
                    return Ok(out);
                }
                let deal = vec![None; G::deck(&self.config).len()];
                let mut events = Events::new();
                let hand =
                    Hand::<G>::new(self.config.clone(), current.dealer, &current.scores_before, &deal, &mut events)
                        .map_err(|error| fault(None, TableFaultKind::Local, error.to_string()))?;
                current.hand = Some(hand);
                current.dirty = true;
                out.extend(self.feed(&visibility(&events))?);
                continue;
            }
            if !current.session.is_settled() || current.pending.is_some() {
                return Ok(out);
            }
            if current.dirty {
                self.rebuild()?;
                continue;
            }
            let hand = current.hand.as_ref().ok_or_else(|| fault(None, TableFaultKind::Local, "no hand"))?;
            match hand.to_act() {
                ToAct::HandOver => {
                    if !current.revealed {
                        current.revealed = true;
                        let messages = current
                            .session
                            .reveal(&mut current.rng)
                            .map_err(|error| fault(error.seat, TableFaultKind::Deal(error.kind), error.detail))?;
                        out.extend(self.wrap(messages));
                        continue;
                    }
                    match current.session.audit_result() {
                        None => return Ok(out),
                        Some(Err(error)) => {
                            return Err(fault(error.seat, TableFaultKind::Deal(error.kind), error.detail.clone()))
                        }
                        Some(Ok(audited)) => {
                            let deck = audited.deck.clone();
                            self.finish_hand(&deck)?;
                            out.extend(self.begin()?);
                            return Ok(out);
                        }
                    }
                }
                ToAct::Seat(seat) if seat == self.setup.me && self.bot.is_some() => {
                    let view = SeatView::from_partial(hand.clone(), seat, &current.scores_before)
                        .map_err(|error| fault(None, TableFaultKind::Local, error.to_string()))?;
                    let mut legal = Vec::new();
                    view.legal_actions(&mut legal);
                    if legal.is_empty() {
                        return Err(fault(
                            Some(seat),
                            TableFaultKind::Local,
                            format!("no legal action on this seat's knowledge: {:?}", hand.game()),
                        ));
                    }
                    let mut rng = decision_rng(self.setup.seed, self.hand_number, u64::from(hand.actions_applied()));
                    let action = match self.bot.as_mut() {
                        Some(bot) => bot.choose(&view, &mut rng),
                        None => return Ok(out),
                    };
                    out.extend(self.apply_own(action)?);
                }
                ToAct::Seat(seat) => {
                    if seat == self.setup.me {
                        self.events.push(TableEvent::YourTurn { hand: self.hand_number, seat: seat.0 });
                    }
                    return Ok(out);
                }
            }
        }
        Err(fault(None, TableFaultKind::Local, "the replica does not settle"))
    }

    /// The partial hand's knowledge, rebuilt from the settled session: the public cards it keeps,
    /// then every card the session decrypted. Claims are checked here.
    fn rebuild(&mut self) -> Result<(), TableFault> {
        let Some(current) = self.current.as_mut() else { return Ok(()) };
        let Some(hand) = current.hand.as_ref() else { return Ok(()) };
        for &(seat, slot, card) in &current.claims {
            if let Some(actual) = current.session.card_at(slot) {
                if actual != card {
                    return Err(fault(
                        Some(seat),
                        TableFaultKind::WrongCard,
                        format!("said {card} at deck position {} but it holds {actual}", slot.0),
                    ));
                }
            }
        }
        current.claims.retain(|&(_, slot, _)| current.session.card_at(slot).is_none());
        let mut rebuilt = hand.view(Viewer::Spectator);
        for slot in 0..rebuilt.table().slot_count() {
            let slot = Slot(slot as u8);
            if let Some(card) = current.session.card_at(slot) {
                rebuilt
                    .table_mut()
                    .learn(slot, card)
                    .map_err(|error| fault(None, TableFaultKind::Local, format!("knowledge: {error}")))?;
            }
        }
        current.hand = Some(rebuilt);
        current.dirty = false;
        if current.claims.is_empty() {
            self.events.push(TableEvent::Settled { hand: self.hand_number, round: self.round() });
        }
        Ok(())
    }

    /// A person's action for this seat, in the game's notation.
    pub fn act(&mut self, line: &str) -> Result<Vec<Out>, String> {
        let ready = self.current.as_ref().is_some_and(|current| {
            current.session.is_settled()
                && !current.dirty
                && current.hand.as_ref().is_some_and(|hand| hand.to_act() == ToAct::Seat(self.setup.me))
        });
        if !ready {
            return Err("it is not this seat's turn".into());
        }
        let action = G::parse_action(&self.config, line).map_err(|error| error.to_string())?;
        let mut out = self.apply_own(action).map_err(|fault| fault.detail)?;
        out.extend(self.advance().map_err(|fault| fault.detail)?);
        Ok(out)
    }

    /// The legal actions of this seat now, in the game's notation (empty when not to act).
    pub fn legal_lines(&self) -> Vec<String> {
        let Some(hand) = self.current.as_ref().and_then(|current| current.hand.as_ref()) else { return Vec::new() };
        if hand.to_act() != ToAct::Seat(self.setup.me) {
            return Vec::new();
        }
        let mut legal = Vec::new();
        hand.legal_actions(&mut legal);
        legal.iter().map(G::format_action).collect()
    }

    /// Applies this seat's own action: re-mix first when it passes or discards face down.
    fn apply_own(&mut self, action: G::Action) -> Result<Vec<Out>, TableFault> {
        let me = self.setup.me;
        let local = |detail: String| fault(Some(me), TableFaultKind::Local, detail);
        let current = self.current.as_mut().ok_or_else(|| local("no hand".into()))?;
        let mut hand = current.hand.clone().ok_or_else(|| local("no hand".into()))?;
        let round = hand.actions_applied();
        let mut changes = Vec::new();
        let remixed = hand.passes_face_down(me, action);
        if remixed {
            let slots = hand.table().remix_slots(me);
            let order = current.session.remix_order(slots);
            let events = hand.remix_hand(me, &order).map_err(|error| local(error.to_string()))?;
            changes.extend(visibility(&events));
        }
        let before = hand.clone();
        let events = match hand.apply(me, action) {
            Ok(events) => events,
            Err(error) => {
                // An action naming a card whose position this seat does not know (Rikken's
                // troela call): applied once every other seat answered.
                let wire =
                    WireAction { line: G::format_action(&action), shown: Vec::new(), face_down: Vec::new(), remixed };
                if remixed || !Self::needs_answers(&before, &wire, &current.actions) {
                    return Err(local(error.to_string()));
                }
                let mut out = vec![Out { hand: self.hand_number, round, body: Body::Action(wire.clone()) }];
                out.extend(self.apply_other_opened(me, &wire, &[], wire.clone(), false)?);
                return Ok(out);
            }
        };
        changes.extend(visibility(&events));
        let face_down = face_down_slots(me, &changes);
        let face_down_cards: Vec<Card> = face_down.iter().filter_map(|&slot| before.table().card_at(slot)).collect();
        let mut shown = Vec::new();
        for change in &changes {
            if let Visibility::ShownToAll { slots } | Visibility::HandOpened { slots, .. } = *change {
                for slot in slots.iter() {
                    let in_a_hand = matches!(before.table().place(slot), Place::Hand(_));
                    if in_a_hand && !before.table().is_public(slot) {
                        if let Some(card) = before.table().card_at(slot) {
                            shown.push((slot.0, card.index() as u8));
                        }
                    }
                }
            }
        }
        let wire = WireAction {
            line: mask_line(&G::format_action(&action), &face_down_cards),
            shown,
            face_down: face_down.iter().map(|slot| slot.0).collect(),
            remixed,
        };
        if !remixed && Self::needs_answers(&before, &wire, &current.actions) {
            // Applied with everyone else, once every other seat answered.
            let mut out = vec![Out { hand: self.hand_number, round, body: Body::Action(wire.clone()) }];
            out.extend(self.apply_other_opened(me, &wire, &[], wire.clone(), false)?);
            return Ok(out);
        }
        let trick = completed_trick(before.table().trick_index(), &hand);
        current.hand = Some(hand);
        current.dirty = true;
        current.actions.push((me, wire.clone()));
        self.events.push(TableEvent::Applied {
            hand: self.hand_number,
            round,
            seat: me.0,
            line: wire.line.clone(),
            trick,
        });
        let mut out = vec![Out { hand: self.hand_number, round, body: Body::Action(wire) }];
        out.extend(self.feed(&changes)?);
        Ok(out)
    }

    /// The hand is over and audited: replays it with full knowledge (the real cards of every
    /// face-down action, the re-mixes in their revealed orders), which is the rules audit, then
    /// settles the match.
    fn finish_hand(&mut self, deck: &[Card]) -> Result<(), TableFault> {
        let current = self.current.take().ok_or_else(|| fault(None, TableFaultKind::Local, "no hand"))?;
        let deal: Vec<Option<Card>> = deck.iter().copied().map(Some).collect();
        let mut events = Events::new();
        let mut full = Hand::<G>::new(self.config.clone(), current.dealer, &current.scores_before, &deal, &mut events)
            .map_err(|error| fault(None, TableFaultKind::Audit, error.to_string()))?;
        let mut remixes = [0u64; troef_core::MAX_SEATS];
        let mut lines = Vec::with_capacity(current.actions.len());
        for (index, (seat, wire)) in current.actions.iter().enumerate() {
            let broken =
                |detail: String| fault(Some(*seat), TableFaultKind::Audit, format!("action {index}: {detail}"));
            if wire.remixed {
                let slots = full.table().remix_slots(*seat);
                let order = current
                    .session
                    .audited_remix_order(*seat, remixes[seat.index()], slots)
                    .ok_or_else(|| broken("no revealed re-mix order".into()))?;
                remixes[seat.index()] += 1;
                full.remix_hand(*seat, &order).map_err(|error| broken(error.to_string()))?;
            }
            let cards: Vec<Card> = wire
                .face_down
                .iter()
                .map(|&slot| full.table().card_at(Slot(slot)))
                .collect::<Option<Vec<Card>>>()
                .ok_or_else(|| broken("a face-down position without a card".into()))?;
            let line = unmask_line(&wire.line, &cards).ok_or_else(|| broken("a masked line names no card".into()))?;
            let action = G::parse_action(&self.config, &line).map_err(|error| broken(error.to_string()))?;
            let applied = full.apply(*seat, action).map_err(|error| broken(error.to_string()))?;
            let moved: Vec<u8> = face_down_slots(*seat, &visibility(&applied)).iter().map(|slot| slot.0).collect();
            if !wire.remixed && moved != wire.face_down {
                return Err(broken("the face-down positions are not the action's".into()));
            }
            lines.push(Hand::<G>::format_line(*seat, &action));
        }
        let outcome =
            full.outcome().ok_or_else(|| fault(None, TableFaultKind::Audit, "the replayed hand is not over"))?;
        let deltas = G::seat_deltas(&self.config, &outcome);
        let status = self.game.settle(&full).map_err(|error| fault(None, TableFaultKind::Audit, error.to_string()))?;
        self.record_hand(current.dealer, lines, deltas, true, None, deck.to_vec());
        self.next_hand(matches!(status, MatchStatus::Over { .. }));
        Ok(())
    }

    fn record_hand(
        &mut self,
        dealer: Seat,
        lines: Vec<String>,
        deltas: Vec<i64>,
        audited: bool,
        note: Option<String>,
        deck: Vec<Card>,
    ) {
        let summary = HandSummary {
            hand: self.hand_number,
            match_index: self.match_index,
            dealer: dealer.0,
            lines,
            deltas,
            scores: self.scores(),
            audited,
            note,
            deck: deck.iter().map(|card| card.index() as u8).collect(),
        };
        self.events.push(TableEvent::HandFinished(summary.clone()));
        self.summaries.push(summary);
        self.hands_played += 1;
    }

    fn next_hand(&mut self, match_over: bool) {
        self.hand_number += 1;
        let limit = self.setup.hands;
        if (limit == 0 && match_over) || (limit > 0 && self.hands_played >= limit) {
            self.over = true;
            self.events.push(TableEvent::TableOver { hands: self.hands_played });
            return;
        }
        if match_over {
            self.match_index += 1;
            let dealer = Self::first_dealer(&self.config, &self.setup, self.match_index);
            self.game = Match::new(self.config.clone(), dealer);
        }
    }

    /// Settles the hand without a seat lost for good once every other seat asked for the same
    /// settlement. The record is marked unaudited and names the missing seat; the table ends.
    fn settle_abandoned(&mut self) -> Result<bool, TableFault> {
        let Some(current) = self.current.as_ref() else { return Ok(false) };
        let Some((missing, settlement)) = current.abandons.iter().flatten().next().copied() else {
            return Ok(false);
        };
        let agreed = (0..self.seats)
            .filter(|&seat| seat != missing)
            .all(|seat| current.abandons[seat as usize] == Some((missing, settlement)));
        if !agreed {
            return Ok(false);
        }
        let current = self.current.take().ok_or_else(|| fault(None, TableFaultKind::Local, "no hand"))?;
        let deltas = match settlement {
            Settlement::Void => vec![0; self.seats as usize],
            Settlement::Forfeit => forfeit_deltas(G::ID, self.seats, missing),
        };
        let scores = super::apply_deltas::<G>(&self.config, self.game.scores(), &deltas);
        self.game = Match::resume(self.config.clone(), current.dealer, scores);
        let note = format!(
            "{} lost for good: {} (unaudited)",
            G::SEAT_NAMES.name(Seat(missing)),
            match settlement {
                Settlement::Forfeit => "forfeit",
                Settlement::Void => "void",
            }
        );
        self.record_hand(current.dealer, Vec::new(), deltas, false, Some(note), Vec::new());
        self.over = true;
        self.events.push(TableEvent::TableOver { hands: self.hands_played });
        Ok(true)
    }
}

/// The trick an action completed, read from the hand after it (`tricks_before`: the tricks
/// completed before the action).
fn completed_trick<G: Game>(tricks_before: u8, after: &Hand<G>) -> Option<CompletedTrick> {
    let table = after.table();
    if table.trick_index() <= tricks_before {
        return None;
    }
    let trick = *table.last_trick()?;
    Some(CompletedTrick { trick, winner: table.taker(&trick) })
}

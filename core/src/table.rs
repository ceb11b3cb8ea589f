//! The table: where every card of a hand is, who may see it, and the trick in progress.
//!
//! This is the shared half of the trick-taking engine. A game keeps its own phase (auction,
//! contract, trump) and asks the table to move cards; the table keeps the card bookkeeping and the
//! knowledge in one place, so that the same code runs with the full deal (offline play, a bot's
//! sampled world, the audit) and with a peer's partial knowledge (its own cards plus what was
//! shown; other cards are unknown slots with known counts).
//!
//! **The game state outside the table holds only public facts; every card identity lives here.**
//! That is what makes [`Table::view`] a complete redaction: a seat's view is this same table with
//! the cards that seat has not seen forgotten.

use crate::card::{Card, CardSet, Suit};
use crate::event::{Event, Events, Pile, Slot, SlotSet, Visibility};
use crate::seat::{Direction, Seat, MAX_SEATS};
use crate::RuleError;
use serde::{Deserialize, Serialize};

const UNKNOWN: u8 = u8::MAX;

/// Where a deck position currently lies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Place {
    Hand(Seat),
    Pile(Pile),
    /// Discarded face down by this seat (counts for whoever the game says).
    Discards(Seat),
    /// In the trick being played.
    Trick,
    /// In a trick won by this seat.
    Won(Seat),
}

/// Who is looking: a seat (what that seat may know), a spectator (public cards only), or the
/// audit (everything).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Viewer {
    Seat(Seat),
    Spectator,
    Audit,
}

/// The initial placement of every deck position, for a game, config and dealer: the deal layout
/// the deal protocol shares with the rules core.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DealLayout {
    /// `places[slot]` is where deck position `slot` is dealt (inline: dealing allocates nothing).
    places: arrayvec::ArrayVec<Place, 64>,
    /// Seats whose own cards are dealt without their holder seeing them (Tachentige's blind
    /// declarer, a dummy): a mask of seat bits.
    unseen_hands: u8,
    /// The positions dealt to each seat's hand and to each pile (talon, out of play), derived
    /// from `places` once, so that dealing a deck is a few set operations per seat.
    hands: [SlotSet; MAX_SEATS],
    piles: [SlotSet; 2],
    /// One more than the highest seat a position is dealt to (checked against the table's seats).
    seats_named: u8,
}

impl DealLayout {
    /// A layout from where each deck position goes, in deck order. Positions past 64 (no deck is
    /// that large) are ignored; a seat past [`MAX_SEATS`] makes the deal fail with an error.
    pub fn new(places: impl IntoIterator<Item = Place>, unseen_hands: u8) -> DealLayout {
        let mut layout = DealLayout {
            places: arrayvec::ArrayVec::new(),
            unseen_hands,
            hands: [SlotSet::EMPTY; MAX_SEATS],
            piles: [SlotSet::EMPTY; 2],
            seats_named: 0,
        };
        for (slot, place) in places.into_iter().take(64).enumerate() {
            let slot = Slot(slot as u8);
            match place {
                Place::Hand(seat) => {
                    layout.seats_named = layout.seats_named.max(seat.0.saturating_add(1));
                    if let Some(hand) = layout.hands.get_mut(seat.index()) {
                        hand.insert(slot);
                    }
                }
                Place::Pile(Pile::Talon) => layout.piles[0].insert(slot),
                Place::Pile(Pile::OutOfPlay) => layout.piles[1].insert(slot),
                _ => {}
            }
            layout.places.push(place);
        }
        layout
    }

    /// Where each deck position is dealt, in deck order.
    pub fn places(&self) -> &[Place] {
        &self.places
    }

    /// Seats whose own cards are dealt without their holder seeing them, as seat bits.
    pub fn unseen_hands(&self) -> u8 {
        self.unseen_hands
    }

    /// This layout with `seats` (seat bits) dealt unseen as well: for a hand whose blind seats
    /// depend on more than the config and the dealer (see `Game::unseen_at_deal`).
    pub fn with_unseen_hands(&self, seats: u8) -> DealLayout {
        DealLayout { unseen_hands: self.unseen_hands | seats, ..self.clone() }
    }

    /// How many deck positions the layout deals.
    pub fn len(&self) -> usize {
        self.places.len()
    }

    pub fn is_empty(&self) -> bool {
        self.places.is_empty()
    }

    /// The deck positions dealt to `place`, in deck order.
    pub fn slots_of(&self, place: Place) -> SlotSet {
        match place {
            Place::Hand(seat) if seat.index() < MAX_SEATS => self.hands[seat.index()],
            Place::Pile(Pile::Talon) => self.piles[0],
            Place::Pile(Pile::OutOfPlay) => self.piles[1],
            _ => SlotSet::EMPTY,
        }
    }

    fn check_seats(&self, seats: u8) -> Result<(), RuleError> {
        if self.seats_named > seats {
            return Err(RuleError::new(format!("deal layout names seat {} of {seats}", self.seats_named - 1)));
        }
        Ok(())
    }
}

/// One card in a trick: who played it, from which deck position, and its identity when known
/// (a face-down card is unknown to a peer until it is turned).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TrickCard {
    pub seat: Seat,
    pub slot: Slot,
    pub card: Option<Card>,
    pub face_down: bool,
}

/// The trick in progress (or the last one completed).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Trick {
    pub leader: Seat,
    /// The suit to follow: the led card's suit, or what a face-down lead stands for.
    pub led: Option<Suit>,
    len: u8,
    cards: [TrickCard; MAX_SEATS],
}

impl Trick {
    pub fn new(leader: Seat) -> Trick {
        let blank = TrickCard { seat: leader, slot: Slot(0), card: None, face_down: false };
        Trick { leader, led: None, len: 0, cards: [blank; MAX_SEATS] }
    }

    pub fn cards(&self) -> &[TrickCard] {
        &self.cards[..self.len as usize]
    }

    pub fn len(&self) -> usize {
        self.len as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The known cards of the trick as a set.
    pub fn card_set(&self) -> CardSet {
        self.cards().iter().filter_map(|played| played.card).collect()
    }

    /// The winner under `trump` with the game's rank strengths: the strongest trump if any trump
    /// was played, else the strongest card of the led suit. `None` while a card is still unknown.
    #[inline]
    pub fn winner(&self, trump: Option<Suit>, order: &RankOrder) -> Option<Seat> {
        let led = self.led?;
        // Each card's key: 0 when it cannot win (another suit, the joker), above every led-suit
        // key for a trump. The cards are random, so the key is computed without branching on
        // them (a select, not a jump the processor would mispredict); ties go to the first.
        let (mut best_key, mut best_seat) = (0u8, self.leader);
        for played in self.cards() {
            let card = played.card?;
            let suit = card.suit();
            let is_trump = suit.is_some() && suit == trump;
            let key = if is_trump {
                0x81 + order.strength(card, true)
            } else if suit == Some(led) {
                1 + order.strength(card, false)
            } else {
                0
            };
            if key > best_key {
                (best_key, best_seat) = (key, played.seat);
            }
        }
        (best_key > 0).then_some(best_seat)
    }

    /// The strongest trump in the trick so far, as a strength value.
    pub fn highest_trump(&self, trump: Suit, order: &RankOrder) -> Option<u8> {
        self.cards()
            .iter()
            .filter_map(|played| played.card)
            .filter(|card| card.suit() == Some(trump))
            .map(|card| order.strength(card, true))
            .max()
    }
}

/// Per-game rank strengths, in plain suits and in the trump suit (the Brabant games put the trump
/// jack and nine on top; Tysiacha puts the ten above the king). Kept per card index, so that a
/// strength is one load (the trick code asks for it for every card played).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RankOrder {
    plain: [u8; 64],
    trump: [u8; 64],
}

impl RankOrder {
    /// Strengths from a list of rank letters, strongest first, e.g. `"AKQJT98765432"`.
    pub const fn new(plain: &str, trump: &str) -> RankOrder {
        RankOrder { plain: Self::table(plain), trump: Self::table(trump) }
    }

    /// Strength by card index: `len - position` of the card's rank letter in `order`, 0 for a rank
    /// not listed, the joker and the unused indexes.
    const fn table(order: &str) -> [u8; 64] {
        let bytes = order.as_bytes();
        let mut by_rank = [0u8; 15];
        let mut i = 0;
        while i < bytes.len() {
            let value = match bytes[i] {
                b'A' => 14,
                b'K' => 13,
                b'Q' => 12,
                b'J' => 11,
                b'T' => 10,
                digit => digit - b'0',
            };
            by_rank[value as usize] = (bytes.len() - i) as u8;
            i += 1;
        }
        let mut table = [0u8; 64];
        let mut index = 0;
        while index < 52 {
            table[index] = by_rank[index % 13 + 2];
            index += 1;
        }
        table
    }

    /// The strength of the rank valued `value` (2..=14; 0 for any other), for tables built at
    /// compile time.
    pub const fn strength_of(&self, value: u8, as_trump: bool) -> u8 {
        if value < 2 || value > 14 {
            return 0;
        }
        // Card indexes 0..13 are the ranks 2..=14 of the first suit.
        let index = value as usize - 2;
        if as_trump {
            self.trump[index]
        } else {
            self.plain[index]
        }
    }

    /// Higher is stronger; 0 for the joker or a rank the game does not use.
    #[inline]
    pub fn strength(&self, card: Card, as_trump: bool) -> u8 {
        let index = card.index() & 63;
        if as_trump {
            self.trump[index]
        } else {
            self.plain[index]
        }
    }
}

/// The state of every card of one hand, and the trick in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    seats: u8,
    direction: Direction,
    slot_count: u8,
    card_at: [u8; 64],
    slot_of: [u8; 64],
    place: [Place; 64],
    /// The positions each seat may see: its own cards, what was shown to it and every public
    /// position. Sets, so that a visibility change is one set operation however many cards it
    /// covers (a whole hand dealt, a talon shown, the end-of-hand reveal).
    seen: [SlotSet; MAX_SEATS],
    /// The positions shown to every seat (each is in every seat's `seen` too).
    public: SlotSet,
    hand_slots: [SlotSet; MAX_SEATS],
    hand_known: [CardSet; MAX_SEATS],
    won: [CardSet; MAX_SEATS],
    tricks_won: [u8; MAX_SEATS],
    played: CardSet,
    trick: Trick,
    last_trick: Option<Trick>,
    trick_index: u8,
    /// Suits each seat has shown it lacks (it did not follow them).
    voids: [u8; MAX_SEATS],
    /// Seats whose follow duties are checked at the end instead of at play (audit leniency).
    deferred: u8,
    /// Every deck position's card is known (offline play, a sampled world, the audit): then no
    /// hand has hidden cards and `knows_hand` needs no counting.
    all_known: bool,
    /// The suit the joker follows as, when the game has one (Rikken's joker is the lowest club):
    /// a joker lead leads it and a joker played to it follows it.
    joker_suit: Option<Suit>,
}

impl Table {
    /// Deals: `deal[slot]` is the card at each deck position, `None` where this holder does not
    /// know it. Fails on a wrong count or a card dealt twice.
    pub fn deal(
        seats: u8,
        direction: Direction,
        layout: &DealLayout,
        deal: &[Option<Card>],
        events: &mut Events,
    ) -> Result<Table, RuleError> {
        if layout.len() != deal.len() {
            return Err(RuleError::new(format!(
                "the deal has {} cards, the layout {} positions",
                deal.len(),
                layout.len()
            )));
        }
        let mut table = Table::empty(seats, direction, layout)?;
        for (slot, &card) in deal.iter().enumerate() {
            if let Some(card) = card {
                table.learn(Slot(slot as u8), card)?;
            }
        }
        table.all_known = deal.iter().all(Option::is_some);
        table.emit_deal(layout, events);
        Ok(table)
    }

    /// Deals a fully known deck order (`deck[slot]` at each deck position): the fast path for
    /// offline play, sampled worlds and replay. Fails on a wrong count or a card dealt twice.
    pub fn deal_known(
        seats: u8,
        direction: Direction,
        layout: &DealLayout,
        deck: &[Card],
        events: &mut Events,
    ) -> Result<Table, RuleError> {
        let mut table = Table::blank(seats, direction, 0);
        table.redeal_known(seats, direction, layout, deck, events)?;
        Ok(table)
    }

    /// [`Table::deal_known`] into this table's memory: everything of the previous hand is
    /// replaced (search and self-play loops deal thousands of hands into one table). On error the
    /// table is unchanged.
    #[inline]
    pub fn redeal_known(
        &mut self,
        seats: u8,
        direction: Direction,
        layout: &DealLayout,
        deck: &[Card],
        events: &mut Events,
    ) -> Result<(), RuleError> {
        if layout.len() != deck.len() {
            return Err(RuleError::new(format!(
                "the deck has {} cards, the layout {} positions",
                deck.len(),
                layout.len()
            )));
        }
        Table::check_seat_count(seats)?;
        layout.check_seats(seats)?;
        let dealt = deck.iter().fold(0u64, |dealt, card| dealt | 1 << (card.index() & 63));
        if dealt.count_ones() as usize != deck.len() {
            let twice = deck.iter().enumerate().find(|&(slot, card)| deck[..slot].contains(card));
            let card = twice.map_or(String::new(), |(_, card)| card.to_string());
            return Err(RuleError::new(format!("{card} is dealt twice")));
        }
        *self = Table::blank(seats, direction, deck.len() as u8);
        // One pass records each position's card, then each hand is a gather over the layout's
        // precomputed positions (no per-card placement logic).
        for ((slot, &card), card_at) in deck.iter().enumerate().zip(self.card_at.iter_mut()) {
            let index = card.index() & 63;
            *card_at = index as u8;
            self.slot_of[index] = slot as u8;
        }
        self.place[..deck.len()].copy_from_slice(layout.places());
        for seat in 0..MAX_SEATS {
            let slots = layout.hands[seat];
            let mut known = 0u64;
            for slot in slots.iter() {
                known |= 1 << (self.card_at[slot.0 as usize] & 63);
            }
            self.hand_slots[seat] = slots;
            self.hand_known[seat] = CardSet::from_bits(known);
        }
        self.all_known = true;
        self.emit_deal(layout, events);
        Ok(())
    }

    /// A table with every deck position placed per the layout and no card known yet.
    fn empty(seats: u8, direction: Direction, layout: &DealLayout) -> Result<Table, RuleError> {
        Table::check_seat_count(seats)?;
        layout.check_seats(seats)?;
        let mut table = Table::blank(seats, direction, layout.len() as u8);
        table.place[..layout.len()].copy_from_slice(layout.places());
        table.hand_slots = layout.hands;
        Ok(table)
    }

    fn check_seat_count(seats: u8) -> Result<(), RuleError> {
        if seats == 0 || seats as usize > MAX_SEATS {
            return Err(RuleError::new(format!("a table has 1 to {MAX_SEATS} seats, not {seats}")));
        }
        Ok(())
    }

    /// A table with no position placed and no card known.
    fn blank(seats: u8, direction: Direction, slot_count: u8) -> Table {
        Table {
            seats,
            direction,
            slot_count,
            card_at: [UNKNOWN; 64],
            slot_of: [UNKNOWN; 64],
            place: [Place::Pile(Pile::OutOfPlay); 64],
            seen: [SlotSet::EMPTY; MAX_SEATS],
            public: SlotSet::EMPTY,
            hand_slots: [SlotSet::EMPTY; MAX_SEATS],
            hand_known: [CardSet::EMPTY; MAX_SEATS],
            won: [CardSet::EMPTY; MAX_SEATS],
            tricks_won: [0; MAX_SEATS],
            played: CardSet::EMPTY,
            trick: Trick::new(Seat(0)),
            last_trick: None,
            trick_index: 0,
            voids: [0; MAX_SEATS],
            deferred: 0,
            all_known: false,
            joker_suit: None,
        }
    }

    /// The deal's visibility events: each hand to its holder (or unseen), each pile (talon, out
    /// of play) face down.
    fn emit_deal(&mut self, layout: &DealLayout, events: &mut Events) {
        for seat in 0..self.seats {
            let seat = Seat(seat);
            let slots = self.hand_slots[seat.index()];
            if slots.is_empty() {
                continue;
            }
            if layout.unseen_hands & seat.bit() != 0 {
                self.emit(Visibility::DealtUnseen { seat, slots }, events);
            } else {
                self.emit(Visibility::DealtPrivately { seat, slots }, events);
            }
        }
        for (pile, slots) in [Pile::Talon, Pile::OutOfPlay].into_iter().zip(layout.piles) {
            if !slots.is_empty() {
                self.emit(Visibility::DealtFaceDown { pile, slots }, events);
            }
        }
    }

    /// Learns the card at a deck position (the deal protocol decrypted it). Fails if it
    /// contradicts what is known.
    pub fn learn(&mut self, slot: Slot, card: Card) -> Result<(), RuleError> {
        let at = slot.0 as usize;
        if slot.0 >= self.slot_count {
            return Err(RuleError::new(format!("deck position {} does not exist", slot.0)));
        }
        match (self.card_at[at], self.slot_of[card.index()]) {
            (known, _) if known == card.index() as u8 => return Ok(()),
            (known, _) if known != UNKNOWN => {
                return Err(RuleError::new(format!("deck position {} already holds a known card", slot.0)))
            }
            (_, other) if other != UNKNOWN => {
                return Err(RuleError::new(format!("{card} is dealt twice (positions {other} and {})", slot.0)))
            }
            _ => {}
        }
        self.card_at[at] = card.index() as u8;
        self.slot_of[card.index()] = slot.0;
        if let Place::Hand(seat) = self.place[at] {
            self.hand_known[seat.index()].insert(card);
        }
        Ok(())
    }

    pub fn seats(&self) -> u8 {
        self.seats
    }

    pub fn direction(&self) -> Direction {
        self.direction
    }

    pub fn next_seat(&self, seat: Seat) -> Seat {
        self.direction.next(seat, self.seats)
    }

    pub fn slot_count(&self) -> usize {
        self.slot_count as usize
    }

    pub fn card_at(&self, slot: Slot) -> Option<Card> {
        Card::from_index(self.card_at[slot.0 as usize])
    }

    pub fn slot_of(&self, card: Card) -> Option<Slot> {
        let slot = self.slot_of[card.index()];
        (slot != UNKNOWN).then_some(Slot(slot))
    }

    pub fn place(&self, slot: Slot) -> Place {
        self.place[slot.0 as usize]
    }

    /// The cards of `seat`'s hand known to this table.
    pub fn hand(&self, seat: Seat) -> CardSet {
        self.hand_known[seat.index()]
    }

    pub fn hand_slots(&self, seat: Seat) -> SlotSet {
        self.hand_slots[seat.index()]
    }

    pub fn hand_size(&self, seat: Seat) -> usize {
        self.hand_slots[seat.index()].len()
    }

    /// How many of `seat`'s cards this table does not know.
    pub fn hidden_count(&self, seat: Seat) -> usize {
        self.hand_size(seat) - self.hand_known[seat.index()].len()
    }

    /// Whether every card of `seat`'s hand is known, so its duties can be checked now; otherwise
    /// they are checked by the end-of-hand audit.
    pub fn knows_hand(&self, seat: Seat) -> bool {
        (self.all_known || self.hidden_count(seat) == 0) && self.deferred & seat.bit() == 0
    }

    /// Defers the checks on `seat`'s hidden duties to the end (the audit uses this to replay past
    /// a broken rule and report the next one).
    pub fn defer_checks(&mut self, seat: Seat, deferred: bool) {
        if deferred {
            self.deferred |= seat.bit();
        } else {
            self.deferred &= !seat.bit();
        }
    }

    /// The slots lying in a place.
    pub fn slots_in(&self, place: Place) -> SlotSet {
        let mut set = SlotSet::EMPTY;
        for slot in 0..self.slot_count {
            if self.place[slot as usize] == place {
                set.insert(Slot(slot));
            }
        }
        set
    }

    /// The known cards among `slots`.
    pub fn cards_in(&self, slots: SlotSet) -> CardSet {
        slots.iter().filter_map(|slot| self.card_at(slot)).collect()
    }

    pub fn won(&self, seat: Seat) -> CardSet {
        self.won[seat.index()]
    }

    pub fn tricks_won(&self, seat: Seat) -> u8 {
        self.tricks_won[seat.index()]
    }

    pub fn trick(&self) -> &Trick {
        &self.trick
    }

    pub fn last_trick(&self) -> Option<&Trick> {
        self.last_trick.as_ref()
    }

    /// Who took a completed trick: the seat whose won pile holds its cards (`None` while they
    /// lie elsewhere).
    pub fn taker(&self, trick: &Trick) -> Option<Seat> {
        match self.place(trick.cards().first()?.slot) {
            Place::Won(seat) => Some(seat),
            _ => None,
        }
    }

    /// Tricks completed so far.
    pub fn trick_index(&self) -> u8 {
        self.trick_index
    }

    /// Cards played face up so far.
    pub fn played(&self) -> CardSet {
        self.played
    }

    /// Suits `seat` has shown it lacks, as a mask of `1 << suit`.
    pub fn voids(&self, seat: Seat) -> u8 {
        self.voids[seat.index()]
    }

    /// Sets the suit the joker follows as for this hand (a game with a joker calls it from
    /// `Game::start`; every deal resets it to none). With it a joker lead leads that suit, a
    /// joker played to it follows it, and a seat that plays anything else to it shows a void.
    pub fn set_joker_suit(&mut self, suit: Option<Suit>) {
        self.joker_suit = suit;
    }

    /// Whether `seat` may see the card at `slot`.
    pub fn is_seen_by(&self, slot: Slot, seat: Seat) -> bool {
        self.seen_for(seat).contains(slot)
    }

    pub fn is_public(&self, slot: Slot) -> bool {
        self.public.contains(slot)
    }

    /// The positions `seat` may see (only the public ones for a seat not at the table).
    fn seen_for(&self, seat: Seat) -> SlotSet {
        self.seen.get(seat.index()).copied().unwrap_or(self.public)
    }

    /// `slots` become visible to every seat.
    fn show_to_all(&mut self, slots: SlotSet) {
        self.public = self.public.union(slots);
        for seen in &mut self.seen {
            *seen = seen.union(slots);
        }
    }

    /// Records a visibility change and reports it.
    pub fn emit(&mut self, change: Visibility, events: &mut Events) {
        match change {
            Visibility::DealtPrivately { seat, slots }
            | Visibility::ShownToSeat { seat, slots }
            | Visibility::ReleasedToHolder { seat, slots }
            | Visibility::PassedFaceDown { to: seat, slots, .. } => {
                if let Some(seen) = self.seen.get_mut(seat.index()) {
                    *seen = seen.union(slots);
                }
            }
            Visibility::ShownToAll { slots }
            | Visibility::HandOpened { slots, .. }
            | Visibility::RevealedAtEnd { slots } => self.show_to_all(slots),
            Visibility::WithheldFromHolder { seat, slots } => {
                // The holder stops seeing them; a card shown to all stays seen by the others.
                if let Some(seen) = self.seen.get_mut(seat.index()) {
                    *seen = SlotSet(seen.0 & !slots.0);
                }
                self.public = SlotSet(self.public.0 & !slots.0);
            }
            Visibility::DealtFaceDown { .. }
            | Visibility::DealtUnseen { .. }
            | Visibility::DiscardedFaceDown { .. }
            | Visibility::PlayedFaceDown { .. }
            | Visibility::TakenIntoHand { .. }
            | Visibility::HandRemixed { .. } => {}
        }
        if !events.is_full() {
            events.push(Event::Visibility(change));
        }
    }

    /// The positions of `seat`'s hand that a re-mix covers: those whose card the holder sees.
    /// (Cards the holder may not see yet stay where they are: it cannot pass what it cannot see.)
    pub fn remix_slots(&self, seat: Seat) -> SlotSet {
        match self.hand_slots.get(seat.index()) {
            Some(hand) => SlotSet(hand.0 & self.seen_for(seat).0),
            None => SlotSet::EMPTY,
        }
    }

    /// Re-mixes `seat`'s hand before cards leave it face down: the card at the `k`-th position of
    /// [`Table::remix_slots`] (ascending) moves to position `order[k]`, a permutation of those
    /// positions that only the holder knows (the deal protocol derives it from the holder's
    /// committed seed). The holder keeps seeing its cards; every other seat forgets which card
    /// lies where among them, so a pass or discard that follows, naming a re-mixed position, does
    /// not say which card left. Reports [`Visibility::HandRemixed`]. Fails, changing nothing, if
    /// `order` is not a permutation of those positions.
    pub fn remix_hand(&mut self, seat: Seat, order: &[Slot], events: &mut Events) -> Result<(), RuleError> {
        if seat.0 >= self.seats {
            return Err(RuleError::new(format!("seat {} is not at the table", seat.0)));
        }
        let slots = self.remix_slots(seat);
        let mut targets = SlotSet::EMPTY;
        for &slot in order {
            if slot.0 >= self.slot_count || !slots.contains(slot) || targets.contains(slot) {
                return Err(RuleError::new("a re-mix order must be a permutation of the hand's positions"));
            }
            targets.insert(slot);
        }
        if targets != slots {
            return Err(RuleError::new("a re-mix order must be a permutation of the hand's positions"));
        }
        let before: arrayvec::ArrayVec<u8, 64> = slots.iter().map(|slot| self.card_at[slot.0 as usize]).collect();
        for (&card, &to) in before.iter().zip(order) {
            let at = to.0 as usize;
            self.card_at[at] = card;
            if card != UNKNOWN {
                self.slot_of[card as usize] = to.0;
            }
        }
        // The holder sees every re-mixed position (it saw them all); nobody else can link a card
        // to a position any more, and a card that was public at its old position is not public
        // at its new one.
        for (other, seen) in self.seen.iter_mut().enumerate() {
            if other != seat.index() {
                *seen = SlotSet(seen.0 & !slots.0);
            }
        }
        self.public = SlotSet(self.public.0 & !slots.0);
        self.emit(Visibility::HandRemixed { seat, slots }, events);
        Ok(())
    }

    /// Moves a deck position to another place (hand bookkeeping included); no visibility change.
    pub fn move_slot(&mut self, slot: Slot, to: Place) {
        let at = slot.0 as usize;
        let card = self.card_at(slot);
        if let Place::Hand(seat) = self.place[at] {
            self.hand_slots[seat.index()].remove(slot);
            if let Some(card) = card {
                self.hand_known[seat.index()].remove(card);
            }
        }
        if let Place::Hand(seat) = to {
            self.hand_slots[seat.index()].insert(slot);
            if let Some(card) = card {
                self.hand_known[seat.index()].insert(card);
            }
        }
        self.place[at] = to;
    }

    /// The slot of a card known to be in `seat`'s hand.
    pub fn slot_in_hand(&self, seat: Seat, card: Card) -> Result<Slot, RuleError> {
        match self.slot_of(card) {
            Some(slot) if self.place(slot) == Place::Hand(seat) => Ok(slot),
            Some(_) => Err(RuleError::new(format!("{card} is not in {seat:?}'s hand"))),
            None if self.hidden_count(seat) > 0 => Err(RuleError::new(format!(
                "{card} is not known to be in {seat:?}'s hand (its deck position must be opened first)"
            ))),
            None => Err(RuleError::new(format!("{card} is not in {seat:?}'s hand"))),
        }
    }

    /// Plays `card` from `seat`'s hand to the trick, face up, and notes a void when it does not
    /// follow. `stands_for` is the suit a face-down lead represents (Rikken's blind ace); with it
    /// the card goes face down. Checks only possession: the game checks its duties first.
    #[inline(always)]
    pub fn play(
        &mut self,
        seat: Seat,
        card: Card,
        face_down_for: Option<Suit>,
        events: &mut Events,
    ) -> Result<(), RuleError> {
        let slot = self.slot_of[card.index()];
        if slot == UNKNOWN || self.place[slot as usize] != Place::Hand(seat) {
            return Err(self.slot_in_hand(seat, card).err().unwrap_or_else(|| RuleError::new("card not in hand")));
        }
        if self.trick.len() >= self.seats as usize {
            return Err(RuleError::new("the trick is already complete"));
        }
        if self.trick.is_empty() {
            // `take_trick` (or the deal) left the trick empty; only the leader and led suit are new.
            self.trick.leader = seat;
            // Only the joker has no suit of its own: it leads the game's joker suit, if any.
            self.trick.led = match face_down_for.or(card.suit()) {
                Some(suit) => Some(suit),
                None => self.joker_suit,
            };
        } else if let Some(led) = self.trick.led {
            match card.suit() {
                // Noted without a branch: whether a random card follows is a coin the processor
                // cannot predict.
                Some(suit) => self.voids[seat.index()] |= ((suit != led) as u8) << led.index(),
                None => self.note_joker_follow(seat, led),
            }
        }
        let slot = Slot(slot);
        // The card leaves the hand for the trick (what `move_slot` does, without its generality:
        // this is the hottest path of every game).
        self.hand_slots[seat.index()].remove(slot);
        self.hand_known[seat.index()].remove(card);
        self.place[slot.0 as usize] = Place::Trick;
        let index = self.trick.len as usize;
        self.trick.cards[index] = TrickCard { seat, slot, card: Some(card), face_down: face_down_for.is_some() };
        self.trick.len += 1;
        let slots = SlotSet::single(slot);
        let change = if face_down_for.is_some() {
            Visibility::PlayedFaceDown { seat, slots }
        } else {
            self.played.insert(card);
            self.show_to_all(slots);
            Visibility::ShownToAll { slots }
        };
        if !events.is_full() {
            events.push(Event::Visibility(change));
        }
        Ok(())
    }

    /// The joker played to a trick led in `led`: a void unless the joker follows as that suit (a
    /// joker without a suit shows nothing).
    #[cold]
    fn note_joker_follow(&mut self, seat: Seat, led: Suit) {
        if self.joker_suit.is_some_and(|suit| suit != led) {
            self.voids[seat.index()] |= 1 << led.index();
        }
    }

    /// Turns the face-down cards of the trick face up.
    pub fn turn_trick_face_up(&mut self, events: &mut Events) {
        let mut slots = SlotSet::EMPTY;
        for index in 0..self.trick.len() {
            let played = &mut self.trick.cards[index];
            if played.face_down {
                played.face_down = false;
                slots.insert(played.slot);
                if let Some(card) = played.card {
                    self.played.insert(card);
                }
            }
        }
        if !slots.is_empty() {
            self.emit(Visibility::ShownToAll { slots }, events);
        }
    }

    /// Gives the complete trick to `winner`; the next trick starts empty with `winner` to lead.
    #[inline(always)]
    pub fn take_trick(&mut self, winner: Seat, events: &mut Events) {
        let trick = self.trick;
        for played in trick.cards() {
            // Trick cards are in no hand, so only the place changes.
            self.place[played.slot.0 as usize] = Place::Won(winner);
            if let Some(card) = played.card {
                self.won[winner.index()].insert(card);
            }
        }
        self.tricks_won[winner.index()] += 1;
        if !events.is_full() {
            events.push(Event::TrickTaken { trick_index: self.trick_index, winner });
        }
        self.trick_index += 1;
        self.last_trick = Some(trick);
        self.trick.leader = winner;
        self.trick.led = None;
        self.trick.len = 0;
    }

    /// Opens every card not yet public (the end-of-hand reveal).
    pub fn reveal_at_end(&mut self, events: &mut Events) {
        let every_slot = if self.slot_count >= 64 { u64::MAX } else { (1u64 << self.slot_count) - 1 };
        let slots = SlotSet(every_slot & !self.public.0);
        if !slots.is_empty() {
            self.emit(Visibility::RevealedAtEnd { slots }, events);
        }
    }

    /// Checks the bookkeeping: every deck position in exactly one place, hand sets agreeing with
    /// the positions, every known card at one position. Returns the first inconsistency.
    pub fn check_conservation(&self) -> Result<(), String> {
        let mut hand_slots = [SlotSet::EMPTY; MAX_SEATS];
        let mut hand_known = [CardSet::EMPTY; MAX_SEATS];
        let mut seen = CardSet::EMPTY;
        for slot in 0..self.slot_count {
            let at = slot as usize;
            if let Some(card) = Card::from_index(self.card_at[at]) {
                if seen.contains(card) {
                    return Err(format!("{card} lies at two deck positions"));
                }
                seen.insert(card);
                if self.slot_of[card.index()] != slot {
                    return Err(format!("{card} is indexed at the wrong deck position"));
                }
            }
            if let Place::Hand(seat) = self.place[at] {
                hand_slots[seat.index()].insert(Slot(slot));
                if let Some(card) = Card::from_index(self.card_at[at]) {
                    hand_known[seat.index()].insert(card);
                }
            }
        }
        let every_slot = if self.slot_count >= 64 { u64::MAX } else { (1u64 << self.slot_count) - 1 };
        if self.seen.iter().any(|seen| seen.0 & !every_slot != 0 || self.public.0 & !seen.0 != 0) {
            return Err("the set of public positions disagrees with who has seen each card".to_string());
        }
        if hand_slots != self.hand_slots || hand_known != self.hand_known {
            return Err("hand bookkeeping disagrees with the card positions".to_string());
        }
        let in_trick = self.slots_in(Place::Trick).len();
        if in_trick != self.trick.len() {
            return Err(format!("{in_trick} cards lie in the trick, the trick holds {}", self.trick.len()));
        }
        Ok(())
    }

    /// Whether this table and `other` know the same card at every deck position (the places and
    /// who has seen what aside): a partial-knowledge hand checked against its own redaction.
    pub fn same_knowledge(&self, other: &Table) -> bool {
        self.slot_count == other.slot_count
            && self.card_at[..self.slot_count as usize] == other.card_at[..other.slot_count as usize]
    }

    /// This table as `viewer` may know it: every card that viewer has not seen is forgotten.
    pub fn view(&self, viewer: Viewer) -> Table {
        let mut view = self.clone();
        view.all_known = false;
        let visible = match viewer {
            Viewer::Audit => {
                view.all_known = self.all_known;
                return view;
            }
            Viewer::Seat(seat) => self.seen_for(seat),
            Viewer::Spectator => self.public,
        };
        let every_slot = if self.slot_count >= 64 { u64::MAX } else { (1u64 << self.slot_count) - 1 };
        for slot in SlotSet(every_slot & !visible.0).iter() {
            let at = slot.0 as usize;
            if let Some(card) = Card::from_index(self.card_at[at]) {
                view.card_at[at] = UNKNOWN;
                view.slot_of[card.index()] = UNKNOWN;
                if let Place::Hand(seat) = self.place[at] {
                    view.hand_known[seat.index()].remove(card);
                }
                if let Place::Won(seat) = self.place[at] {
                    view.won[seat.index()].remove(card);
                }
                for played in view.trick.cards.iter_mut().take(self.trick.len()) {
                    if played.slot == slot {
                        played.card = None;
                    }
                }
            }
        }
        view
    }
}

/// Completing a redacted table: a bot's sampled world. A bot that samples where the cards it has
/// not seen might be puts a card at each unknown deck position of its view and searches the
/// resulting full-knowledge hand; the game state outside the table holds only public facts, so a
/// completed table is all a full-knowledge hand needs.
impl Table {
    /// Puts each `(slot, card)` at its unknown deck position, as a sampled world assumes it: what
    /// [`Table::learn`] does, and a card assumed in a won trick or the trick in progress joins
    /// those too (a redacted view forgets face-down cards there). Who has seen what is left
    /// unchanged. Fails, at the first offending pair, on a position already known or a card
    /// already placed; the pairs before it stay applied.
    pub fn assume_cards(&mut self, cards: &[(Slot, Card)]) -> Result<(), RuleError> {
        for &(slot, card) in cards {
            if self.card_at(slot).is_some() {
                return Err(RuleError::new(format!("deck position {} is already known", slot.0)));
            }
            self.learn(slot, card)?;
            match self.place[slot.0 as usize] {
                Place::Won(seat) => self.won[seat.index()].insert(card),
                Place::Trick => {
                    for played in self.trick.cards.iter_mut().take(self.trick.len as usize) {
                        if played.slot == slot {
                            played.card = Some(card);
                        }
                    }
                }
                _ => {}
            }
        }
        self.all_known = (0..self.slot_count).all(|slot| self.card_at[slot as usize] != UNKNOWN);
        Ok(())
    }
}

/// The cards a follower may play under the common duties: follow the led suit if able; when void,
/// the game's trump duty. Games with more duties (must beat, undertrump bans, a called ace) narrow
/// the result further in their own hook.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TrumpDuty {
    /// Void in the led suit: any card (Tarneeb, Rikken).
    None,
    /// Void: must play a trump if holding one.
    MustTrump,
    /// Void: must trump, and beat the highest trump in the trick if able (Tysiacha).
    MustOvertrump,
}

/// Legal plays from a fully known `hand` for the trick in progress.
pub fn follow_duty(hand: CardSet, trick: &Trick, trump: Option<Suit>, duty: TrumpDuty, order: &RankOrder) -> CardSet {
    let Some(led) = trick.led.filter(|_| !trick.is_empty()) else {
        return hand;
    };
    let same = hand.of_suit(led);
    if !same.is_empty() {
        return same;
    }
    let Some(trump) = trump else { return hand };
    let trumps = hand.of_suit(trump);
    if trumps.is_empty() || duty == TrumpDuty::None {
        return hand;
    }
    if duty == TrumpDuty::MustOvertrump {
        if let Some(highest) = trick.highest_trump(trump, order) {
            let higher: CardSet = trumps.iter().filter(|&card| order.strength(card, true) > highest).collect();
            if !higher.is_empty() {
                return higher;
            }
        }
    }
    trumps
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{Rank, Suit};

    /// The compile-time lookup by rank value agrees with the lookup by card, in every suit: games
    /// build their own tables from `strength_of` (a wrong index once made the Brabant trump jack
    /// look weaker than the seven).
    #[test]
    fn strength_of_a_rank_equals_the_strength_of_its_cards() {
        let order = RankOrder::new("AKQJT98765432", "J9AKQT8765432");
        for value in 2..=14u8 {
            let rank = Rank::new(value).expect("a rank value");
            for suit in Suit::ALL {
                let card = Card::new(rank, suit);
                for as_trump in [false, true] {
                    assert_eq!(order.strength_of(value, as_trump), order.strength(card, as_trump), "{card} {as_trump}");
                }
            }
        }
        assert_eq!(order.strength_of(11, true), 13);
        assert_eq!(order.strength_of(14, false), 13);
        assert_eq!(order.strength_of(0, true), 0);
        assert_eq!(order.strength_of(15, false), 0);
    }

    /// A seat's view completed with the cards it did not see, played face down and won included,
    /// knows what the full table knows; a position already known or a card placed twice is refused.
    #[test]
    fn assumed_cards_complete_a_view() {
        let places: Vec<Place> = (0..8u8).map(|slot| Place::Hand(Seat(slot % 4))).collect();
        let layout = DealLayout::new(places, 0);
        let deck: Vec<Card> = (0..8u8).map(|index| Card::from_index(index).expect("a card")).collect();
        let mut events = Events::new();
        let mut table = Table::deal_known(4, Direction::Clockwise, &layout, &deck, &mut events).expect("deal");
        // Seat 1 leads face down (standing for clubs), the others follow face up; the trick goes to seat 2.
        table.play(Seat(1), deck[1], Some(Suit::Clubs), &mut events).expect("play");
        for seat in [2, 3, 0] {
            table.play(Seat(seat), deck[seat as usize], None, &mut events).expect("play");
        }
        table.take_trick(Seat(2), &mut events);
        table.play(Seat(2), deck[6], Some(Suit::Clubs), &mut events).expect("play");
        let mut view = table.view(Viewer::Seat(Seat(0)));
        let missing: Vec<(Slot, Card)> = (0..8u8)
            .map(Slot)
            .filter(|&slot| view.card_at(slot).is_none())
            .map(|slot| (slot, table.card_at(slot).expect("full table")))
            .collect();
        assert_eq!(missing.len(), 4, "two hidden cards in hands, two face down");
        assert!(view.assume_cards(&[(missing[0].0, deck[0])]).is_err(), "a card already placed");
        assert!(view.assume_cards(&[(Slot(0), deck[0])]).is_err(), "a position already known");
        view.assume_cards(&missing).expect("the hidden cards");
        assert!(view.same_knowledge(&table));
        for seat in 0..4 {
            assert_eq!(view.hand(Seat(seat)), table.hand(Seat(seat)));
            assert_eq!(view.won(Seat(seat)), table.won(Seat(seat)));
            assert!(view.knows_hand(Seat(seat)));
        }
        assert_eq!(view.trick(), table.trick());
    }
}

//! The world sampler: deals the cards a seat has not seen to the positions it cannot see,
//! consistently with everything its view shows, so that the open-card solver can search a full
//! deal that might be the real one.
//!
//! It reads the view's table only: every known card stays where it is, and each unknown deck
//! position (a hidden card in another hand, a face-down pile, discards the seat did not see, a card
//! played face down) gets one of the cards the seat has not seen. What the view proves about the
//! hidden hands comes in as [`Constraints`]: the voids the table records, where the game's follow
//! rules make them proof ([`WorldRules::constraints`]), and each game's own facts (a called card
//! is not in the caller's hand, a declared marriage's other card is in the declarer's hand).
//!
//! Sampling is rejection-free in the common case: the most constrained cards are dealt first,
//! each to a place chosen with chance proportional to the room left in the places it may go.
//! When that runs into a dead end (rare: the constraints leave a card no room), it starts over, a
//! bounded number of times, then deals once more sending each card only where the cards still to
//! deal keep room enough (Hall's condition over the places), which cannot fail when the
//! constraints can be met at all (checked for up to twelve places with unseen cards); only when
//! they cannot does it deal ignoring them, so that a decision always gets a world. Everything is
//! drawn from the decision's random number generator in an order fixed by the view, so the same
//! view and stream give the same worlds.
//!
//! **Inference.** The constraints are what the view proves; the other seats' calls tell more
//! (a high bid needs a strong hand, a pass a weaker one) without proving anything. A game may
//! say how likely the calls its view shows were in a world ([`WorldRules::call_likelihood`], the
//! baseline's bidding as the model of how people bid), and the sampler keeps each world it deals
//! with that chance (rejection sampling, bounded: the likeliest of a few dozen when none is kept),
//! so the worlds the solver averages over follow the auction as well as the play.

use rand::{Rng, RngCore};
use troef_core::games::{
    rikken::Rikken, tachentige::Tachentige, tachtigen::Tachtigen, tarneeb::Tarneeb, tysiacha::Tysiacha,
};
use troef_core::{Card, CardSet, Game, Hand, Place, Rank, Seat, SeatView, Slot, Suit, MAX_SEATS};

/// What a seat's view proves about the cards it has not seen.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Constraints {
    /// Cards each seat's hand cannot hold (the voids it showed, a called card not in its
    /// caller's hand).
    pub cannot_hold: [CardSet; MAX_SEATS],
    /// Cards each seat's hand must hold (a declared marriage's other card).
    pub must_hold: [CardSet; MAX_SEATS],
    /// Cards that lie in some hand, not in a pile, discards or a face-down trick card.
    pub in_a_hand: CardSet,
}

impl Constraints {
    /// The table's void marks for the suits in `reliable` (per seat, `1 << suit`), as cards the
    /// seat cannot hold.
    pub fn from_voids(hand: &Hand<impl Game>, reliable: impl Fn(Seat) -> u8) -> Constraints {
        let table = hand.table();
        let mut constraints = Constraints::default();
        for seat in 0..table.seats() {
            let seat = Seat(seat);
            let voids = table.voids(seat) & reliable(seat);
            for suit in Suit::ALL {
                if voids & (1 << suit.index()) != 0 {
                    constraints.cannot_hold[seat.index()] =
                        constraints.cannot_hold[seat.index()].union(CardSet::suit(suit));
                }
            }
        }
        constraints
    }

    /// Whether a full-knowledge `hand` meets these constraints (tests, and the sampler's own
    /// checks).
    pub fn hold_in(&self, hand: &Hand<impl Game>) -> bool {
        let table = hand.table();
        let mut in_hands = CardSet::EMPTY;
        for seat in 0..table.seats() {
            let held = table.hand(Seat(seat));
            in_hands = in_hands.union(held);
            let index = seat as usize;
            if !held.intersection(self.cannot_hold[index]).is_empty() {
                return false;
            }
            if !self.must_hold[index].difference(held).is_empty() {
                return false;
            }
        }
        self.in_a_hand.difference(in_hands).is_empty()
    }
}

/// What a game's view proves about hidden cards, for the sampler. Every game implements it; the
/// default trusts every void the table records (follow suit when able, which the table notes at
/// play) and knows nothing else.
pub trait WorldRules: Game {
    /// The constraints `hand` (a seat's view) puts on the cards that seat has not seen. They must
    /// be sound: the real deal always meets them (a property test holds every game to this).
    fn constraints(hand: &Hand<Self>) -> Constraints {
        Constraints::from_voids(hand, |_| 0b1111)
    }

    /// Inference: how likely the other seats' calls that `view` shows were, were `world` the real
    /// deal, in `0..=1` and up to a constant factor, under the game's model of how players call.
    /// The sampler keeps a world with this chance (rejection sampling), so that the worlds
    /// solved follow what the auction told. The default draws no inference (1 for every world).
    fn call_likelihood(view: &SeatView<Self>, world: &Hand<Self>) -> f64 {
        let _ = (view, world);
        1.0
    }
}

/// Decision: Tarneeb draws no inference. Read with the baseline's bidding as the model (the bid
/// held needs its count, a pass falls short of the next bid), the auction moved the worlds as it
/// should and lowered the strong bot's margin over the baseline from +0.98 to +0.84 points a hand
/// (1,000 arena deals; +1.01 without inference but with the same extra draws from the random
/// stream), and simulated bids with it still did worse than the baseline's (+0.87). A likely
/// reason: at the default level the first tricks of 52 cards are played as the baseline plays
/// them (the worlds are too large to solve), so the worlds matter only late in the hand, when
/// the play has shown far more than the auction did.
impl WorldRules for Tarneeb {}

/// Decision: Tysiacha draws no inference. Read with the baseline's bidding as the model (the
/// declarer's bid above the forced 100 needs his dealt count with the talon hoped for, less the
/// bid margin; the other bidders passed short of the bid after it), the strong bot against itself
/// without it measured −0.02 points a deal (−1.17 to +1.12, 1,000 arena deals of seed 1): the bid
/// tells little once the talon, the two cards given and the play have shown their cards.
impl WorldRules for Tysiacha {
    /// Voids are proof (follow when able); a declared marriage's other card, not yet played, is
    /// in the declarer's hand.
    fn constraints(hand: &Hand<Tysiacha>) -> Constraints {
        let mut constraints = Constraints::from_voids(hand, |_| 0b1111);
        let table = hand.table();
        for seat in 0..table.seats() {
            let declared = hand.game().declared(Seat(seat));
            for suit in Suit::ALL {
                if declared & (1 << suit.index()) == 0 {
                    continue;
                }
                for rank in [Rank::KING, Rank::QUEEN] {
                    let card = Card::new(rank, suit);
                    if table.slot_of(card).is_none() {
                        constraints.must_hold[seat as usize].insert(card);
                    }
                }
            }
        }
        constraints
    }
}

impl WorldRules for Rikken {
    /// The auction, read with the baseline's bidding as the model of the other seats
    /// ([`crate::baseline::rikken::auction_likelihood`]).
    fn call_likelihood(view: &SeatView<Rikken>, world: &Hand<Rikken>) -> f64 {
        crate::baseline::rikken::auction_likelihood(view, world)
    }

    /// Voids are proof (follow suit when able). A called card not yet seen is in another
    /// player's hand than its caller's (rule 4.3), and a blind call is in a suit the caller is
    /// void in for the whole deal.
    fn constraints(hand: &Hand<Rikken>) -> Constraints {
        let mut constraints = Constraints::from_voids(hand, |_| 0b1111);
        let game = hand.game();
        if let (Some(called), Some(caller)) = (game.called(), game.primary()) {
            if game.is_rik_type() && hand.table().slot_of(called).is_none() {
                constraints.cannot_hold[caller.index()].insert(called);
                constraints.in_a_hand.insert(called);
                if game.called_blind() {
                    if let Some(suit) = called.suit() {
                        constraints.cannot_hold[caller.index()] =
                            constraints.cannot_hold[caller.index()].union(CardSet::suit(suit));
                    }
                }
            }
        }
        constraints
    }
}

/// The Brabant games let a player trump a plain lead while holding its suit, so a plain-suit
/// void mark proves nothing once a trump is named; a trump lead must be followed with a trump
/// (the lone-jack exemption, where it applies, makes even that no proof).
fn brabant_reliable_voids(trump: Option<Suit>, jack_exempt: bool) -> u8 {
    match trump {
        None => 0b1111,
        Some(_) if jack_exempt => 0,
        Some(suit) => 1 << suit.index(),
    }
}

impl WorldRules for Tachtigen {
    /// The auction, read with the baseline's bidding as the model of the other seats
    /// ([`crate::baseline::tachtigen::auction_likelihood`]).
    fn call_likelihood(view: &SeatView<Tachtigen>, world: &Hand<Tachtigen>) -> f64 {
        crate::baseline::tachtigen::auction_likelihood(view, world)
    }

    fn constraints(hand: &Hand<Tachtigen>) -> Constraints {
        let reliable = brabant_reliable_voids(hand.game().trump(), hand.config().jas_exempt);
        Constraints::from_voids(hand, |_| reliable)
    }
}

impl WorldRules for Tachentige {
    /// The auction, read with the baseline's bidding as the model of the other seats
    /// ([`crate::baseline::tachentige::auction_likelihood`]).
    fn call_likelihood(view: &SeatView<Tachentige>, world: &Hand<Tachentige>) -> f64 {
        crate::baseline::tachentige::auction_likelihood(view, world)
    }

    fn constraints(hand: &Hand<Tachentige>) -> Constraints {
        // Its exemptions are not modelled here yet: only the no-trump voids are trusted.
        let reliable = brabant_reliable_voids(hand.game().trump(), true);
        Constraints::from_voids(hand, |_| reliable)
    }
}

/// Dead ends tolerated before the sampler deals without constraints.
const ATTEMPTS: usize = 16;
/// Worlds drawn at most for one that inference keeps; after that the likeliest drawn is taken
/// (a view whose calls the model finds unlikely in every world still gets its worlds).
const INFERENCE_TRIES: usize = 24;

/// The places with unknown positions of one view, and where each unseen card may go.
#[derive(Clone, Debug)]
pub struct WorldSampler<G: Game> {
    /// The view sampled: its hand is the base every world fills in.
    view: SeatView<G>,
    /// Each group of unknown positions: a hand, a pile, discards, the trick, a won pile.
    groups: Vec<Vec<Slot>>,
    /// The unseen cards, most constrained first, with the groups (bits) each may go to.
    cards: Vec<(Card, u32)>,
    /// Whether [`WorldSampler::sample`] follows the game's inference.
    inference: bool,
}

impl<G: WorldRules> WorldSampler<G> {
    /// The sampler of a view; `None` when the view's counts disagree (more unseen cards than
    /// unknown positions: not a view made by redaction).
    pub fn new(view: &SeatView<G>) -> Option<WorldSampler<G>> {
        let hand = view.hand();
        let table = hand.table();
        let constraints = G::constraints(hand);
        let mut places: Vec<Place> = Vec::new();
        let mut groups: Vec<Vec<Slot>> = Vec::new();
        let mut known = CardSet::EMPTY;
        for slot in 0..table.slot_count() {
            let slot = Slot(slot as u8);
            if let Some(card) = table.card_at(slot) {
                known.insert(card);
                continue;
            }
            let place = table.place(slot);
            match places.iter().position(|&p| p == place) {
                Some(index) => groups[index].push(slot),
                None => {
                    places.push(place);
                    groups.push(vec![slot]);
                }
            }
        }
        let unseen = G::deck(hand.config()).difference(known);
        if unseen.len() != groups.iter().map(Vec::len).sum::<usize>() || places.len() > 32 {
            return None;
        }
        let mut cards: Vec<(Card, u32)> = unseen
            .iter()
            .map(|card| {
                let group_of_hand = |seat: usize| places.iter().position(|&p| p == Place::Hand(Seat(seat as u8)));
                // A card a hand must hold goes there (when that hand has room at all).
                if let Some(group) =
                    (0..MAX_SEATS).filter(|&seat| constraints.must_hold[seat].contains(card)).find_map(group_of_hand)
                {
                    return (card, 1 << group);
                }
                let mut allowed = 0u32;
                for (index, place) in places.iter().enumerate() {
                    let fits = match *place {
                        Place::Hand(seat) => !constraints.cannot_hold[seat.index()].contains(card),
                        _ => !constraints.in_a_hand.contains(card),
                    };
                    if fits {
                        allowed |= 1 << index;
                    }
                }
                (card, allowed)
            })
            .collect();
        // Most constrained first; ties in card order (fixed by the view).
        cards.sort_by_key(|&(card, allowed)| (allowed.count_ones(), card.index()));
        Some(WorldSampler { view: view.clone(), groups, cards, inference: true })
    }

    /// The sampler with the game's inference on (the default) or off.
    pub fn with_inference(self, inference: bool) -> WorldSampler<G> {
        WorldSampler { inference, ..self }
    }

    /// How many cards the seat has not seen.
    pub fn unseen(&self) -> usize {
        self.cards.len()
    }

    /// One full-knowledge world consistent with the view: with the constraints whenever the
    /// bounded attempts find one, otherwise with the counts only (a decision always gets a world);
    /// kept with the chance the game's inference gives it ([`WorldRules::call_likelihood`]), so
    /// that the worlds follow what the other seats' calls told.
    pub fn sample(&self, rng: &mut dyn RngCore) -> Hand<G> {
        if !self.inference {
            return self.sample_counted(rng);
        }
        let mut likeliest: Option<(f64, Hand<G>)> = None;
        for _ in 0..INFERENCE_TRIES {
            let world = self.sample_counted(rng);
            let likelihood = G::call_likelihood(&self.view, &world);
            // A game without inference gives 1 and draws nothing more from the stream.
            if likelihood >= 1.0 || rng.gen::<f64>() < likelihood {
                return world;
            }
            if likeliest.as_ref().is_none_or(|(best, _)| likelihood > *best) {
                likeliest = Some((likelihood, world));
            }
        }
        match likeliest {
            Some((_, world)) => world,
            None => self.sample_counted(rng),
        }
    }

    /// One world meeting the constraints when the bounded attempts find one, else the counts only.
    fn sample_counted(&self, rng: &mut dyn RngCore) -> Hand<G> {
        let everywhere = if self.groups.len() >= 32 { u32::MAX } else { (1u32 << self.groups.len()) - 1 };
        self.sample_with(rng, ATTEMPTS).unwrap_or_else(|| self.world(rng, Some(everywhere)))
    }

    /// A world meeting the constraints, or `None` when the bounded attempts all ran into a dead end.
    pub fn sample_constrained(&self, rng: &mut dyn RngCore) -> Option<Hand<G>> {
        self.sample_with(rng, ATTEMPTS)
    }

    fn sample_with(&self, rng: &mut dyn RngCore, attempts: usize) -> Option<Hand<G>> {
        let mut pairs = Vec::with_capacity(self.cards.len());
        if (0..attempts).any(|_| self.deal(rng, None, &mut pairs)) || self.deal_guided(rng, &mut pairs) {
            return Some(self.fill(&pairs));
        }
        None
    }

    /// One attempt that never runs into a dead end when the constraints can be met at all: each
    /// card goes only to a group that leaves room for every card still to deal (checked by
    /// [`fits`]). Slower than [`WorldSampler::deal`], so it comes only after that failed.
    fn deal_guided(&self, rng: &mut dyn RngCore, pairs: &mut Vec<(Slot, Card)>) -> bool {
        pairs.clear();
        let mut room: Vec<usize> = self.groups.iter().map(Vec::len).collect();
        let mut classes: Vec<(u32, usize)> = Vec::new();
        for &(_, allowed) in &self.cards {
            match classes.iter_mut().find(|(mask, _)| *mask == allowed) {
                Some(class) => class.1 += 1,
                None => classes.push((allowed, 1)),
            }
        }
        if !fits(&classes, &room) {
            return false;
        }
        let mut weights = vec![0usize; room.len()];
        for &(card, allowed) in &self.cards {
            let Some(class) = classes.iter().position(|&(mask, _)| mask == allowed) else { return false };
            classes[class].1 -= 1;
            for (group, weight) in weights.iter_mut().enumerate() {
                *weight = 0;
                if allowed & (1 << group) != 0 && room[group] > 0 {
                    room[group] -= 1;
                    if fits(&classes, &room) {
                        *weight = room[group] + 1;
                    }
                    room[group] += 1;
                }
            }
            let total: usize = weights.iter().sum();
            if total == 0 {
                return false;
            }
            let mut pick = rng.gen_range(0..total);
            let Some(group) = weights.iter().position(|&weight| {
                let here = pick < weight;
                pick = pick.saturating_sub(weight);
                here
            }) else {
                return false;
            };
            room[group] -= 1;
            pairs.push((self.groups[group][room[group]], card));
        }
        true
    }

    /// A world from one attempt that cannot fail: every card may go to every group.
    fn world(&self, rng: &mut dyn RngCore, allowed_override: Option<u32>) -> Hand<G> {
        let mut pairs = Vec::with_capacity(self.cards.len());
        let dealt = self.deal(rng, allowed_override, &mut pairs);
        debug_assert!(dealt, "without constraints the room always suffices");
        self.fill(&pairs)
    }

    fn fill(&self, pairs: &[(Slot, Card)]) -> Hand<G> {
        let mut world = self.view.hand().clone();
        world.table_mut().assume_cards(pairs).expect("unseen cards go to unknown positions, each once");
        world
    }

    /// One attempt: each card, most constrained first, to a group chosen by the room left in
    /// the groups it may go to (`allowed_override` replaces every card's groups). False on a
    /// dead end.
    fn deal(&self, rng: &mut dyn RngCore, allowed_override: Option<u32>, pairs: &mut Vec<(Slot, Card)>) -> bool {
        pairs.clear();
        let mut room: Vec<usize> = self.groups.iter().map(Vec::len).collect();
        for &(card, allowed) in &self.cards {
            let allowed = allowed_override.unwrap_or(allowed);
            let total: usize = (0..room.len()).filter(|&g| allowed & (1 << g) != 0).map(|g| room[g]).sum();
            if total == 0 {
                return false;
            }
            let mut pick = rng.gen_range(0..total);
            for (group, left) in room.iter_mut().enumerate() {
                if allowed & (1 << group) == 0 {
                    continue;
                }
                if pick < *left {
                    *left -= 1;
                    pairs.push((self.groups[group][*left], card));
                    break;
                }
                pick -= *left;
            }
        }
        true
    }
}

/// Whether cards of the given classes (the groups each may go to, as bits, and how many cards)
/// all fit in the room the groups have left. Hall's condition: every set of groups has room for
/// the cards that may go nowhere else. With more than twelve groups in play it is not checked.
fn fits(classes: &[(u32, usize)], room: &[usize]) -> bool {
    let used = classes.iter().filter(|(_, count)| *count > 0).fold(0u32, |mask, (allowed, _)| mask | allowed);
    let groups: Vec<usize> = (0..room.len()).filter(|&group| used & (1 << group) != 0).collect();
    if groups.len() > 12 {
        return true;
    }
    (1u32..1 << groups.len()).all(|subset| {
        let (mut mask, mut space) = (0u32, 0usize);
        for (bit, &group) in groups.iter().enumerate() {
            if subset & (1 << bit) != 0 {
                mask |= 1 << group;
                space += room[group];
            }
        }
        let demand: usize = classes.iter().filter(|(allowed, _)| allowed & !mask == 0).map(|(_, count)| count).sum();
        demand <= space
    })
}

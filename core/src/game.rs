//! The engine's seam: what a game supplies (the [`Game`] trait: data plus small hooks) and the
//! generic hand and match that run every game the same way.
//!
//! A game owns its phase (auction, declarer decisions, play) as **public facts only**; cards live
//! in the [`Table`]. [`Hand`] checks whose turn it is, hands the action to the game, and reports
//! events; [`Match`] keeps running scores, dealer rotation and match end through the game's
//! `settle` hook.

use crate::card::{Card, CardSet, Suit};
use crate::config::{ConfigError, ConfigKey, ConfigValues};
use crate::event::Events;
use crate::record::{HandRecord, RecordError};
use crate::seat::{Direction, Seat, SeatNames};
use crate::table::{DealLayout, Table, Viewer};
use crate::RuleError;
use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt::Debug;

/// The games Troef knows, by their record names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameId {
    Tarneeb,
    Tysiacha,
    Rikken,
    Tachtigen,
    Tachentige,
}

impl GameId {
    pub const ALL: [GameId; 5] =
        [GameId::Tarneeb, GameId::Tysiacha, GameId::Rikken, GameId::Tachtigen, GameId::Tachentige];

    pub fn name(self) -> &'static str {
        match self {
            GameId::Tarneeb => "tarneeb",
            GameId::Tysiacha => "tysiacha",
            GameId::Rikken => "rikken",
            GameId::Tachtigen => "tachtigen",
            GameId::Tachentige => "tachentige",
        }
    }

    /// The game's name as players write it: "Tarneeb", "Tysiacha".
    pub fn title(self) -> &'static str {
        match self {
            GameId::Tarneeb => "Tarneeb",
            GameId::Tysiacha => "Tysiacha",
            GameId::Rikken => "Rikken",
            GameId::Tachtigen => "Tachtigen",
            GameId::Tachentige => "Tachentige",
        }
    }

    /// One line saying what the game is, for a game picker.
    pub fn description(self) -> &'static str {
        match self {
            GameId::Tarneeb => "Levantine partnership game: bid for tricks, the declarer names trumps.",
            GameId::Tysiacha => "Thousand: bid for the talon, declare marriages, race to exactly 1000.",
            GameId::Rikken => "Brabant and Limburg: bid rik, piek or misère, call an ace for a partner.",
            GameId::Tachtigen => "Three players from Brabant: bid 80 or more, take the stok, add your roem.",
            GameId::Tachentige => "Four players from Uden: bid points or a solo, call an ace, show and reject roem.",
        }
    }

    pub fn parse(name: &str) -> Result<GameId, RuleError> {
        GameId::ALL.into_iter().find(|id| id.name().eq_ignore_ascii_case(name.trim())).ok_or_else(|| {
            RuleError::new(format!(
                "unknown game {:?} (known: {})",
                name.chars().take(32).collect::<String>(),
                GameId::ALL.map(GameId::name).join(", ")
            ))
        })
    }
}

/// Who acts next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ToAct {
    Seat(Seat),
    /// The hand is over; [`Hand::result`] has the outcome.
    HandOver,
}

impl ToAct {
    /// The seat to act, if the hand is not over.
    pub fn seat(self) -> Option<Seat> {
        match self {
            ToAct::Seat(seat) => Some(seat),
            ToAct::HandOver => None,
        }
    }
}

/// Running scores as named integers, for records and printing: `{"A": 6, "B": -8}` or
/// `{"P0": 880, "P0.barrel_hands": 1, ...}`. Each game maps its own score state to and from this.
pub type ScoreSheet = BTreeMap<String, i64>;

/// The public facts of a hand in progress, for a screen: what is played for, by whom, in which
/// trump. Every field is known to every seat.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HandFacts {
    /// The contract in the game's notation once it is fixed: `9Z`, `rik_beter`, `130`.
    pub contract: Option<String>,
    /// The declaring seats, as seat bits (empty before the auction ends, or in a pass game).
    pub declarers: u8,
    pub trump: Option<Suit>,
    /// A card called for a partner (Rikken's called ace), once called.
    pub called: Option<Card>,
}

/// What a match does after a hand is settled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MatchStatus {
    Continue { next_dealer: Seat },
    Over { winners: Vec<Seat>, summary: String },
}

/// How the deck order of the next hand of a match is made. The core owns no randomness: the
/// caller shuffles, or draws the cut.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NextDeck {
    /// A uniformly random permutation of the game's deck: every game by default, and the only
    /// deal a networked table makes (the deal protocol's shuffle).
    Shuffle,
    /// The previous hand's cards gathered in this order (`[0]` on top), to be cut by the caller:
    /// [`cut_deck`] at a position drawn uniformly in `1..len` (Rikken's traditional
    /// `deal_shuffle` modes).
    Cut(Vec<Card>),
}

/// The deck after a cut: the top `position` cards moved to the bottom. Fails unless `position`
/// is in `1..len` (a cut moves some cards, never all).
pub fn cut_deck(gathered: &[Card], position: usize) -> Result<Vec<Card>, RuleError> {
    if position == 0 || position >= gathered.len() {
        return Err(RuleError::new(format!(
            "a cut of {} cards is at a position from 1 to {}, not {position}",
            gathered.len(),
            gathered.len().saturating_sub(1)
        )));
    }
    let mut deck = Vec::with_capacity(gathered.len());
    deck.extend_from_slice(&gathered[position..]);
    deck.extend_from_slice(&gathered[..position]);
    Ok(deck)
}

/// One game: its data (deck, layout, rank orders, config keys) and its hooks (phase machine,
/// scoring, match end). Everything else — turn checks, events, views, records, replay, audit,
/// the match loop — is shared.
pub trait Game: Clone + Debug + PartialEq + Eq + Sized + 'static {
    /// The validated, typed variant config.
    type Config: Clone + Debug + PartialEq;
    /// One action in the game's notation (multi-card passes are one action where the spec writes
    /// them as one, e.g. Tysiacha's `give`).
    type Action: Copy + Debug + PartialEq + Eq;
    /// The outcome of one hand, with the breakdown the spec computes.
    type Outcome: Clone + Debug + PartialEq;
    /// Running match state (totals, and per-seat flags such as Tysiacha's barrel).
    type Scores: Clone + Debug + PartialEq;

    const ID: GameId;
    /// Bumped on any change of behaviour; stored in every record.
    const RULES_VERSION: u32;
    const SEAT_NAMES: SeatNames;

    fn config_keys() -> &'static [ConfigKey];
    fn config(values: &ConfigValues) -> Self::Config;
    fn seat_count(config: &Self::Config) -> u8;
    fn direction(config: &Self::Config) -> Direction;
    /// Every card of the deck for this config.
    fn deck(config: &Self::Config) -> CardSet;
    /// Which deck position goes where, for this dealer (the spec's canonical mapping).
    fn layout(config: &Self::Config, dealer: Seat) -> DealLayout;
    /// The dealer of the first hand when the config fixes one (`first_dealer`).
    fn first_dealer(config: &Self::Config) -> Option<Seat>;
    /// The seats that may deal, as seat bits: every seat unless a seat is a dummy that never
    /// deals (Rikken's René). Callers that draw a first dealer draw among these.
    fn dealer_seats(config: &Self::Config) -> u8 {
        (1u8 << Self::seat_count(config)) - 1
    }

    /// Seats dealt their own hand unseen in this hand on top of the layout's, whose seats depend
    /// on the config and the dealer only: Tachentige's closing-round declarer, who may not look
    /// at his hand until his partner call is answered, depends on the match state. As seat bits.
    fn unseen_at_deal(_config: &Self::Config, _dealer: Seat, _scores: &Self::Scores) -> u8 {
        0
    }

    /// Starts a hand on a freshly dealt table; may emit further visibility events (a talon
    /// shown before the auction).
    fn start(
        config: &Self::Config,
        dealer: Seat,
        scores: &Self::Scores,
        table: &mut Table,
        events: &mut Events,
    ) -> Self;
    fn to_act(&self, config: &Self::Config, table: &Table) -> ToAct;
    /// Every action `seat` may take now (empty when it is not that seat's turn).
    fn legal_actions(&self, config: &Self::Config, table: &Table, seat: Seat, out: &mut Vec<Self::Action>);
    /// The legal action of `seat` at index `choose(count)` of the list [`Game::legal_actions`]
    /// makes, where `count` (at least 1) is that list's length: `None` when the list is empty or
    /// the index is out of range. Random play (benchmarks, bot rollouts) picks one action of
    /// hundreds (Tachtigen's three-card discards, Tysiacha's pairs of given cards) per decision;
    /// a game may compute the chosen entry without listing the others. **For every state and
    /// index this is exactly `legal_actions`' entry** (tested for every game and variant). The
    /// default lists into `scratch` ([`pick_listed`]).
    fn pick_legal_action(
        &self,
        config: &Self::Config,
        table: &Table,
        seat: Seat,
        scratch: &mut Vec<Self::Action>,
        choose: impl FnOnce(usize) -> usize,
    ) -> Option<Self::Action> {
        pick_listed(self, config, table, seat, scratch, choose)
    }
    /// Validates, then applies. **On error nothing has changed.** The first checks are that the
    /// hand is not over and that `seat` is to act ([`Hand::apply`] relies on them). Duties that
    /// depend on cards the table does not know (`!table.knows_hand(seat)`) are left to the
    /// end-of-hand audit.
    fn apply(
        &mut self,
        config: &Self::Config,
        table: &mut Table,
        seat: Seat,
        action: Self::Action,
        events: &mut Events,
    ) -> Result<(), RuleError>;
    fn outcome(&self, config: &Self::Config, table: &Table) -> Option<Self::Outcome>;

    fn new_scores(config: &Self::Config) -> Self::Scores;
    /// Adds a hand's outcome to the match and says what comes next.
    fn settle(config: &Self::Config, scores: &mut Self::Scores, dealer: Seat, outcome: &Self::Outcome) -> MatchStatus;
    fn scores_to_sheet(config: &Self::Config, scores: &Self::Scores) -> ScoreSheet;
    fn scores_from_sheet(config: &Self::Config, sheet: &ScoreSheet) -> Result<Self::Scores, RuleError>;

    /// Parses one action without its seat, e.g. `BID 7`, `play KH marriage`.
    fn parse_action(config: &Self::Config, text: &str) -> Result<Self::Action, RuleError>;
    fn format_action(action: &Self::Action) -> String;

    /// The contract types the game has (for self-play coverage), e.g. `["suit", "zon", "annulled"]`.
    fn contract_kinds(config: &Self::Config) -> &'static [&'static str];
    /// The contract type of a finished hand.
    fn contract_kind(outcome: &Self::Outcome) -> &'static str;
    /// Whether the hand was played to the end (auction to score), not thrown in or annulled.
    fn played_out(outcome: &Self::Outcome) -> bool;
    /// Per-seat score deltas of the hand, for printing and zero-sum checks.
    fn seat_deltas(config: &Self::Config, outcome: &Self::Outcome) -> Vec<i64>;
    /// The score breakdown, line by line as the spec computes it.
    fn breakdown(config: &Self::Config, outcome: &Self::Outcome) -> Vec<String>;
    /// Invariants of a finished hand (card points sum, zero-sum where the spec says so); each
    /// string is a violation.
    fn check_outcome(config: &Self::Config, table: &Table, outcome: &Self::Outcome) -> Vec<String>;

    /// A superset of the actions `seat` might try now (every card of the deck as a play, every
    /// bid of the ladder...), so tests and self-play can check that `apply` accepts exactly the
    /// legal ones and nothing else.
    fn candidate_actions(config: &Self::Config, table: &Table, seat: Seat, out: &mut Vec<Self::Action>);

    /// Other settings under which `key` has an effect (Tysiacha's `sitter` needs `players=4`,
    /// Tarneeb's `fh_*` keys need `ruleset=four_hundred`). Self-play coverage sweeps each key's
    /// values under this context; the app can hide keys that do nothing.
    fn key_context(_key: &str) -> &'static [(&'static str, &'static str)] {
        &[]
    }

    /// Checks combinations of values that each key allows alone but the game refuses together
    /// (Tachtigen's `roem_denial = true` needs `roem_table = pandoer`). Called wherever a config
    /// is read (records, the command line) after [`ConfigValues::validate`].
    fn check_config(_values: &ConfigValues) -> Result<(), ConfigError> {
        Ok(())
    }

    /// Why a table of peers that each see only their own cards cannot follow this config, or
    /// `None` when it can (every game's defaults can). A variant belongs here when the next
    /// decision point depends on a hidden hand with no action naming it: only the holder's
    /// device knows the next state, so the peers' partial hands would disagree on whose turn it
    /// is. Such variants stay playable on one device (pass-and-play, bots).
    fn needs_full_knowledge(_config: &Self::Config) -> Option<&'static str> {
        None
    }

    /// How the next hand's deck is made, from the record of the hand just settled and the match
    /// scores after it. Every game shuffles by default; Rikken's traditional `deal_shuffle`
    /// modes gather the previous hand's cards to be cut. Callers use [`Match::next_deck`].
    fn next_deck(
        _config: &Self::Config,
        _scores: &Self::Scores,
        _previous: &HandRecord,
    ) -> Result<NextDeck, RecordError> {
        Ok(NextDeck::Shuffle)
    }

    /// The action in words for people (buttons, the hand's log), still in tokens a screen can
    /// dress: words (`_` for a space), card codes, seat names, suit letters after `trump`. The
    /// default is the record notation.
    fn describe_action(_config: &Self::Config, action: &Self::Action) -> String {
        Self::format_action(action)
    }

    /// The public facts of the hand so far (contract, declarers, trump, called card).
    fn facts(&self, _config: &Self::Config) -> HandFacts {
        HandFacts::default()
    }

    /// Weight of a legal action in the self-play random policy. Uniform by default; a game biases
    /// its auction here where plain random play would not reach every contract type.
    fn policy_weight(&self, _config: &Self::Config, _table: &Table, _action: &Self::Action) -> u32 {
        1
    }
}

/// One hand of a game in progress: the table plus the game's phase.
#[derive(Clone, Debug, PartialEq)]
pub struct Hand<G: Game> {
    config: G::Config,
    dealer: Seat,
    table: Table,
    game: G,
    actions_applied: u32,
}

impl<G: Game> Hand<G> {
    /// Deals `deal` (one entry per deck position; `None` where this holder does not know the card)
    /// and starts the hand. Known cards must belong to the game's deck.
    pub fn new(
        config: G::Config,
        dealer: Seat,
        scores: &G::Scores,
        deal: &[Option<Card>],
        events: &mut Events,
    ) -> Result<Hand<G>, RuleError> {
        Self::check_dealer(&config, dealer)?;
        let deck = G::deck(&config);
        if let Some(card) = deal.iter().flatten().find(|card| !deck.contains(**card)) {
            return Err(RuleError::new(format!("{card} is not in the {} deck for this variant", G::ID.name())));
        }
        let layout = hand_layout::<G>(&config, dealer, scores);
        let table = Table::deal(G::seat_count(&config), G::direction(&config), &layout, deal, events)?;
        Ok(Self::start(config, dealer, scores, table, events))
    }

    /// A fully known deal from a deck order (`deck[0]` dealt first), which must be a permutation
    /// of the game's deck.
    pub fn from_deck(config: G::Config, dealer: Seat, scores: &G::Scores, deck: &[Card]) -> Result<Hand<G>, RuleError> {
        Self::check_dealer(&config, dealer)?;
        let layout = hand_layout::<G>(&config, dealer, scores);
        Self::from_deck_with_layout(config, dealer, scores, deck, &layout)
    }

    /// [`Hand::from_deck`] with the layout already built (by [`Dealing`], which keeps one per
    /// dealer seat); `layout` is [`hand_layout`] and `dealer` has been checked.
    fn from_deck_with_layout(
        config: G::Config,
        dealer: Seat,
        scores: &G::Scores,
        deck: &[Card],
        layout: &DealLayout,
    ) -> Result<Hand<G>, RuleError> {
        Self::check_permutation(&config, deck)?;
        let mut events = Events::new();
        let table = Table::deal_known(G::seat_count(&config), G::direction(&config), layout, deck, &mut events)?;
        Ok(Self::start(config, dealer, scores, table, &mut events))
    }

    /// Checks that `deck` is a permutation of the game's deck: as many cards, none outside it,
    /// none twice (one OR pass).
    fn check_permutation(config: &G::Config, deck: &[Card]) -> Result<(), RuleError> {
        let expected = G::deck(config);
        let dealt = deck.iter().fold(0u64, |bits, card| bits | 1 << (card.index() & 63));
        if deck.len() != expected.len() || dealt != expected.bits() {
            return Err(RuleError::new(format!(
                "a {} deck order must be a permutation of the {} cards of the deck",
                G::ID.name(),
                expected.len()
            )));
        }
        Ok(())
    }

    fn check_dealer(config: &G::Config, dealer: Seat) -> Result<(), RuleError> {
        let seats = G::seat_count(config);
        if dealer.0 >= seats {
            return Err(RuleError::new(format!("dealer {dealer:?} does not exist at a {seats}-seat table")));
        }
        if G::dealer_seats(config) & dealer.bit() == 0 {
            return Err(RuleError::new(format!("{} never deals", G::SEAT_NAMES.name(dealer))));
        }
        Ok(())
    }

    fn start(config: G::Config, dealer: Seat, scores: &G::Scores, mut table: Table, events: &mut Events) -> Hand<G> {
        let game = G::start(&config, dealer, scores, &mut table, events);
        Hand { config, dealer, table, game, actions_applied: 0 }
    }

    pub fn config(&self) -> &G::Config {
        &self.config
    }

    pub fn dealer(&self) -> Seat {
        self.dealer
    }

    pub fn table(&self) -> &Table {
        &self.table
    }

    /// Mutable table access for the deal protocol (learning opened cards) and the audit.
    pub fn table_mut(&mut self) -> &mut Table {
        &mut self.table
    }

    pub fn game(&self) -> &G {
        &self.game
    }

    pub fn actions_applied(&self) -> u32 {
        self.actions_applied
    }

    pub fn to_act(&self) -> ToAct {
        self.game.to_act(&self.config, &self.table)
    }

    /// The legal actions of the seat to act (cleared and refilled into `out`).
    pub fn legal_actions(&self, out: &mut Vec<G::Action>) {
        out.clear();
        if let ToAct::Seat(seat) = self.to_act() {
            self.game.legal_actions(&self.config, &self.table, seat, out);
        }
    }

    /// The legal action of the seat to act at index `choose(count)` of [`Hand::legal_actions`]'
    /// list (`count` its length), without necessarily listing them all: see
    /// [`Game::pick_legal_action`]. `scratch` is a buffer the game may list into.
    pub fn pick_legal_action(
        &self,
        scratch: &mut Vec<G::Action>,
        choose: impl FnOnce(usize) -> usize,
    ) -> Option<G::Action> {
        match self.to_act() {
            ToAct::Seat(seat) => self.game.pick_legal_action(&self.config, &self.table, seat, scratch, choose),
            ToAct::HandOver => None,
        }
    }

    /// Applies `seat`'s action. Never panics; an illegal action returns an error naming the rule
    /// and leaves the hand unchanged.
    pub fn apply(&mut self, seat: Seat, action: G::Action) -> Result<Events, RuleError> {
        let mut events = Events::new();
        self.apply_into(seat, action, &mut events)?;
        Ok(events)
    }

    /// [`Hand::apply`] with the events written into the caller's buffer (cleared first): the form
    /// for hot loops (search, self-play, benchmarks), which reuse one buffer instead of moving
    /// a few hundred bytes of events out of every call.
    pub fn apply_into(&mut self, seat: Seat, action: G::Action, events: &mut Events) -> Result<(), RuleError> {
        events.clear();
        // The turn (and the end of the hand) is the game's first check: see `Game::apply`.
        self.game.apply(&self.config, &mut self.table, seat, action, events)?;
        self.actions_applied += 1;
        Ok(())
    }

    /// Whether `seat`'s `action` would pass or discard cards face down from its hand (tried on a
    /// copy; the hand is unchanged). A networked table then re-mixes the hand first
    /// ([`Hand::remix_hand`]) so that a card every seat had seen cannot be followed.
    pub fn passes_face_down(&self, seat: Seat, action: G::Action) -> bool {
        use crate::event::{Event, Visibility};
        let mut probe = self.clone();
        probe.apply(seat, action).is_ok_and(|events| {
            events.iter().any(|event| match event {
                Event::Visibility(Visibility::PassedFaceDown { from, .. }) => *from == seat,
                Event::Visibility(Visibility::DiscardedFaceDown { seat: discarder, .. }) => *discarder == seat,
                _ => false,
            })
        })
    }

    /// Re-mixes `seat`'s hand (see [`Table::remix_hand`]): call it right before the action that
    /// passes or discards face down, and hand the deal protocol both actions' events together.
    /// Only visibility changes; the game's state and the record are untouched.
    pub fn remix_hand(&mut self, seat: Seat, order: &[crate::event::Slot]) -> Result<Events, RuleError> {
        let mut events = Events::new();
        self.table.remix_hand(seat, order, &mut events)?;
        Ok(events)
    }

    pub fn outcome(&self) -> Option<G::Outcome> {
        self.game.outcome(&self.config, &self.table)
    }

    /// The public facts of the hand so far ([`Game::facts`]).
    pub fn facts(&self) -> HandFacts {
        self.game.facts(&self.config)
    }

    /// The hand as `viewer` may know it; bots and remote peers get only this.
    pub fn view(&self, viewer: Viewer) -> Hand<G> {
        Hand { table: self.table.view(viewer), ..self.clone() }
    }

    /// Parses `SEAT ACTION` in the game's notation, e.g. `W BID 7` or `P0 play KH marriage`.
    pub fn parse_line(&self, line: &str) -> Result<(Seat, G::Action), RuleError> {
        parse_action_line::<G>(&self.config, line)
    }

    pub fn format_line(seat: Seat, action: &G::Action) -> String {
        format!("{} {}", G::SEAT_NAMES.name(seat), G::format_action(action))
    }
}

/// Deals hands of one config from deck orders, keeping each dealer seat's deal layout: the way to
/// deal many hands (self-play, a bot's sampled worlds, benchmarks) without rebuilding the layout
/// for every one.
#[derive(Clone, Debug)]
pub struct Dealing<G: Game> {
    config: G::Config,
    /// `layouts[seat]` is the layout when `seat` deals.
    layouts: Vec<DealLayout>,
}

impl<G: Game> Dealing<G> {
    pub fn new(config: G::Config) -> Dealing<G> {
        let layouts = (0..G::seat_count(&config)).map(|seat| G::layout(&config, Seat(seat))).collect();
        Dealing { config, layouts }
    }

    pub fn config(&self) -> &G::Config {
        &self.config
    }

    /// The kept layout of `dealer`, with the hand's own unseen seats ([`Game::unseen_at_deal`]).
    fn layout(&self, dealer: Seat, scores: &G::Scores) -> Result<Cow<'_, DealLayout>, RuleError> {
        Hand::<G>::check_dealer(&self.config, dealer)?;
        let layout = self.layouts.get(dealer.index()).ok_or_else(|| {
            RuleError::new(format!("dealer {dealer:?} does not exist at a {}-seat table", self.layouts.len()))
        })?;
        Ok(match G::unseen_at_deal(&self.config, dealer, scores) {
            0 => Cow::Borrowed(layout),
            seats => Cow::Owned(layout.with_unseen_hands(seats)),
        })
    }

    /// The hand `dealer` deals from `deck` (a permutation of the game's deck, `deck[0]` first).
    pub fn hand(&self, dealer: Seat, scores: &G::Scores, deck: &[Card]) -> Result<Hand<G>, RuleError> {
        let layout = self.layout(dealer, scores)?;
        Hand::from_deck_with_layout(self.config.clone(), dealer, scores, deck, &layout)
    }

    /// Deals the hand `dealer` deals from `deck` into `hand`, reusing its memory (search and
    /// self-play loops deal thousands of hands). On error `hand` is unchanged.
    pub fn redeal(&self, hand: &mut Hand<G>, dealer: Seat, scores: &G::Scores, deck: &[Card]) -> Result<(), RuleError> {
        let layout = self.layout(dealer, scores)?;
        Hand::<G>::check_permutation(&self.config, deck)?;
        let mut events = Events::new();
        let (seats, direction) = (G::seat_count(&self.config), G::direction(&self.config));
        hand.table.redeal_known(seats, direction, &layout, deck, &mut events)?;
        hand.game = G::start(&self.config, dealer, scores, &mut hand.table, &mut events);
        hand.config.clone_from(&self.config);
        hand.dealer = dealer;
        hand.actions_applied = 0;
        Ok(())
    }
}

/// [`Game::pick_legal_action`] by listing: `seat`'s legal actions into `scratch` (cleared first),
/// then the entry at `choose(count)`. Games call it for the phases they do not pick directly.
pub fn pick_listed<G: Game>(
    game: &G,
    config: &G::Config,
    table: &Table,
    seat: Seat,
    scratch: &mut Vec<G::Action>,
    choose: impl FnOnce(usize) -> usize,
) -> Option<G::Action> {
    scratch.clear();
    game.legal_actions(config, table, seat, scratch);
    if scratch.is_empty() {
        return None;
    }
    scratch.get(choose(scratch.len())).copied()
}

/// [`Game::pick_legal_action`] for a list of `fixed` actions followed by one action per card of
/// `cards` in index order (as `out.extend(cards.iter().map(make))` lists them, the usual shape of
/// a card play): the entry at `choose(count)` without listing. `None` when the list is empty or
/// the index is out of range.
pub fn pick_after_fixed_cards<A: Copy>(
    fixed: &[A],
    cards: CardSet,
    make: impl FnOnce(Card) -> A,
    choose: impl FnOnce(usize) -> usize,
) -> Option<A> {
    let count = fixed.len() + cards.len();
    if count == 0 {
        return None;
    }
    let index = choose(count);
    match index.checked_sub(fixed.len()) {
        None => Some(fixed[index]),
        Some(card_index) => cards.nth(card_index).map(make),
    }
}

/// The deal layout of one hand: [`Game::layout`], with the seats of [`Game::unseen_at_deal`]
/// dealt unseen as well.
pub fn hand_layout<G: Game>(config: &G::Config, dealer: Seat, scores: &G::Scores) -> DealLayout {
    let layout = G::layout(config, dealer);
    match G::unseen_at_deal(config, dealer, scores) {
        0 => layout,
        seats => layout.with_unseen_hands(seats),
    }
}

/// The settings a sweep over a game's variants covers, as `(key, value)` pairs: none (the
/// defaults), then each sample value of each key ([`ConfigKey::sample_values`]: every choice, or the
/// minimum, a middle value and the maximum) with the settings under which that key has an effect
/// ([`Game::key_context`]). Self-play's `--sweep` and the property tests of every crate use it, so
/// a key added to a game is covered everywhere at once. Some combinations may still be refused by
/// [`Game::check_config`].
pub fn variant_settings<G: Game>() -> Vec<Vec<(String, String)>> {
    let mut settings = vec![Vec::new()];
    for key in G::config_keys() {
        for value in key.sample_values() {
            let mut setting: Vec<(String, String)> =
                G::key_context(key.name).iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
            setting.push((key.name.to_string(), value));
            settings.push(setting);
        }
    }
    settings
}

/// A dealer drawn uniformly among the seats that may deal, from a random number `draw`.
pub fn dealer_from_draw<G: Game>(config: &G::Config, draw: u32) -> Seat {
    let mask = G::dealer_seats(config);
    let count = mask.count_ones().max(1);
    let mut index = draw % count;
    for seat in 0..G::seat_count(config) {
        if mask & (1 << seat) != 0 {
            if index == 0 {
                return Seat(seat);
            }
            index -= 1;
        }
    }
    Seat(0)
}

/// Parses `SEAT ACTION` for a game.
pub fn parse_action_line<G: Game>(config: &G::Config, line: &str) -> Result<(Seat, G::Action), RuleError> {
    let line = line.trim();
    let (seat_text, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
    let seats = G::seat_count(config);
    let seat = G::SEAT_NAMES
        .parse(seat_text, seats)
        .ok_or_else(|| RuleError::new(format!("bad seat {:?} in {:?}", seat_text, short(line))))?;
    let action = G::parse_action(config, rest.trim())?;
    Ok((seat, action))
}

fn short(text: &str) -> String {
    text.chars().take(48).collect()
}

/// A match of one game: running scores, dealer rotation and the end condition.
#[derive(Clone, Debug, PartialEq)]
pub struct Match<G: Game> {
    config: G::Config,
    scores: G::Scores,
    dealer: Seat,
    hands_settled: u32,
    status: Option<MatchStatus>,
}

impl<G: Game> Match<G> {
    pub fn new(config: G::Config, first_dealer: Seat) -> Match<G> {
        let scores = G::new_scores(&config);
        Match { config, scores, dealer: first_dealer, hands_settled: 0, status: None }
    }

    /// A match that starts from given scores (a hand record taken from the middle of a match).
    pub fn resume(config: G::Config, dealer: Seat, scores: G::Scores) -> Match<G> {
        Match { config, scores, dealer, hands_settled: 0, status: None }
    }

    pub fn config(&self) -> &G::Config {
        &self.config
    }

    pub fn scores(&self) -> &G::Scores {
        &self.scores
    }

    pub fn dealer(&self) -> Seat {
        self.dealer
    }

    pub fn hands_settled(&self) -> u32 {
        self.hands_settled
    }

    /// `Some` once the match is over.
    pub fn result(&self) -> Option<&MatchStatus> {
        self.status.as_ref().filter(|status| matches!(status, MatchStatus::Over { .. }))
    }

    pub fn is_over(&self) -> bool {
        self.result().is_some()
    }

    /// How the deck of the next hand is made: shuffled for the first hand of a match (no
    /// `previous` hand), otherwise as the game says from the record of the hand just settled
    /// ([`Game::next_deck`]).
    pub fn next_deck(&self, previous: Option<&HandRecord>) -> Result<NextDeck, RecordError> {
        match previous {
            Some(previous) => G::next_deck(&self.config, &self.scores, previous),
            None => Ok(NextDeck::Shuffle),
        }
    }

    /// Deals the next hand from a deck order.
    pub fn deal(&self, deck: &[Card]) -> Result<Hand<G>, RuleError> {
        if self.is_over() {
            return Err(RuleError::new("the match is over"));
        }
        Hand::from_deck(self.config.clone(), self.dealer, &self.scores, deck)
    }

    /// Settles a finished hand into the match.
    pub fn settle(&mut self, hand: &Hand<G>) -> Result<MatchStatus, RuleError> {
        if self.is_over() {
            return Err(RuleError::new("the match is over"));
        }
        if hand.dealer() != self.dealer {
            return Err(RuleError::new(format!(
                "hand dealt by {} but the match's dealer is {}",
                G::SEAT_NAMES.name(hand.dealer()),
                G::SEAT_NAMES.name(self.dealer)
            )));
        }
        let outcome = hand.outcome().ok_or_else(|| RuleError::new("the hand is not over"))?;
        let status = G::settle(&self.config, &mut self.scores, self.dealer, &outcome);
        if let MatchStatus::Continue { next_dealer } = status {
            self.dealer = next_dealer;
        }
        self.hands_settled += 1;
        self.status = Some(status.clone());
        Ok(status)
    }
}

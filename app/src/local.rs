//! The local table session: the rules core and the bots on this device (play against bots, and
//! pass-and-play). Generic over the game; [`open`] and [`resume`] erase the type through
//! `troef_core::with_game!`, so a new game in the core needs nothing here.
//!
//! Deals come from the setup's seed and the hand number (a ChaCha stream), bot decisions from
//! `troef_bots::decision_rng(seed, hand, action)`: a resumed table deals and decides exactly as
//! it would have without the restart.

use crate::bots::{bot_for_level, BoxedBot};
use crate::session::{
    ActionOption, CardFace, FactsView, HandCard, HandResult, LogLine, ScoreEntry, ScoreRow, Scoreboard, SeatPanel,
    TableSession, TableView, TrickCardView, TrickView,
};
use crate::setup::{GameSetup, SeatKind};
use crate::store::{SavedGame, SAVE_FORMAT};
use crate::tr;
use rand::seq::SliceRandom;
use rand::RngCore;
use troef_bots::{decision_rng, BotGame};
use troef_core::game::dealer_from_draw;
use troef_core::record::{deck_from_deal, hand_record, record_config, HandRecord};
use troef_core::table::Trick;
use troef_core::{
    Card, CardSet, ConfigValues, Game, GameId, Hand, Match, MatchStatus, Place, Seat, SeatView, Suit, ToAct, Viewer,
};

/// Opens a new table from a setup.
pub fn open(mut setup: GameSetup) -> Result<Box<dyn TableSession>, String> {
    let id = setup.game_id()?;
    troef_core::with_game!(id, G => {
        setup.normalise::<G>()?;
        Ok(Box::new(LocalSession::<G>::new(setup)?) as Box<dyn TableSession>)
    })
}

/// Resumes a saved table exactly where it was (every action replayed through the rules core).
pub fn resume(saved: &SavedGame) -> Result<Box<dyn TableSession>, String> {
    if saved.format != SAVE_FORMAT {
        return Err(format!("save format {} is not {SAVE_FORMAT}", saved.format));
    }
    let id = saved.setup.game_id()?;
    troef_core::with_game!(id, G => Ok(Box::new(LocalSession::<G>::resume(saved)?) as Box<dyn TableSession>))
}

/// One action taken this hand.
#[derive(Clone, Debug)]
struct Taken {
    seat: Seat,
    line: String,
    words: String,
    /// The action played a card into a trick.
    played_card: bool,
}

/// A finished hand, kept for the scoreboard and the match record.
#[derive(Clone, Debug)]
struct Finished {
    record: HandRecord,
    kind: String,
    totals: troef_core::ScoreSheet,
}

pub struct LocalSession<G: BotGame> {
    setup: GameSetup,
    values: ConfigValues,
    config: G::Config,
    game_match: Match<G>,
    /// The match scores before the current hand.
    scores_before: G::Scores,
    hand: Hand<G>,
    deck: Vec<Card>,
    taken: Vec<Taken>,
    /// The completed tricks of this hand, in order.
    tricks: Vec<Trick>,
    finished: Vec<Finished>,
    /// Set once the current hand is settled into the match.
    settled: Option<MatchStatus>,
    bots: Vec<Option<BoxedBot<G>>>,
}

impl<G: BotGame> std::fmt::Debug for LocalSession<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LocalSession").field("game", &G::ID).field("hand", &self.finished.len()).finish()
    }
}

fn shuffled_deck<G: Game>(config: &G::Config, seed: u64, hand_index: u64) -> Vec<Card> {
    let mut deck: Vec<Card> = G::deck(config).iter().collect();
    deck.shuffle(&mut decision_rng(seed, hand_index, u64::MAX));
    deck
}

impl<G: BotGame> LocalSession<G> {
    pub fn new(setup: GameSetup) -> Result<LocalSession<G>, String> {
        let values = setup.values::<G>()?;
        let config = G::config(&values);
        let first_dealer = G::first_dealer(&config)
            .unwrap_or_else(|| dealer_from_draw::<G>(&config, decision_rng(setup.seed, 0, u64::MAX - 1).next_u32()));
        let game_match = Match::<G>::new(config.clone(), first_dealer);
        let deck = shuffled_deck::<G>(&config, setup.seed, 0);
        let hand = game_match.deal(&deck).map_err(|error| error.to_string())?;
        let bots = make_bots::<G>(&setup);
        Ok(LocalSession {
            scores_before: game_match.scores().clone(),
            setup,
            values,
            config,
            game_match,
            hand,
            deck,
            taken: Vec::new(),
            tricks: Vec::new(),
            finished: Vec::new(),
            settled: None,
            bots,
        })
    }

    pub fn resume(saved: &SavedGame) -> Result<LocalSession<G>, String> {
        let setup = saved.setup.clone();
        let values = setup.values::<G>()?;
        let config = G::config(&values);
        let current = &saved.current;
        let first_dealer = saved.hands.first().unwrap_or(current).dealer;
        let mut game_match = Match::<G>::new(config.clone(), Seat(first_dealer));
        let mut finished = Vec::new();
        for (number, record) in saved.hands.iter().enumerate() {
            let context = |error: String| format!("hand {}: {error}", number + 1);
            let hand = replay_into::<G>(&config, &game_match, record).map_err(context)?;
            if hand.to_act() != ToAct::HandOver {
                return Err(context("the saved hand is not finished".into()));
            }
            let outcome = hand.outcome().ok_or_else(|| context("no outcome".into()))?;
            game_match.settle(&hand).map_err(|error| context(error.to_string()))?;
            finished.push(Finished {
                record: record.clone(),
                kind: G::contract_kind(&outcome).to_string(),
                totals: G::scores_to_sheet(&config, game_match.scores()),
            });
        }
        let scores_before = game_match.scores().clone();
        let mut session = LocalSession {
            bots: make_bots::<G>(&setup),
            hand: replay_into::<G>(&config, &game_match, &HandRecord { actions: Vec::new(), ..current.clone() })?,
            deck: deck_from_deal::<G>(&G::layout(&config, Seat(current.dealer)), &current.deal)
                .map_err(|error| error.to_string())?,
            setup,
            values,
            config,
            game_match,
            scores_before,
            taken: Vec::new(),
            tricks: Vec::new(),
            finished,
            settled: None,
        };
        for (index, line) in current.actions.iter().enumerate() {
            let (seat, _) =
                session.hand.parse_line(line).map_err(|error| format!("action {index} ({line}): {error}"))?;
            let action = line.split_once(char::is_whitespace).map_or("", |(_, rest)| rest);
            session.apply(seat, action).map_err(|error| format!("action {index} ({line}): {error}"))?;
        }
        Ok(session)
    }

    fn hand_index(&self) -> u64 {
        self.finished.len() as u64
    }

    fn seat_count(&self) -> u8 {
        G::seat_count(&self.config)
    }

    /// Parses and applies one action, keeping the log and settling a finished hand.
    fn apply(&mut self, seat: Seat, text: &str) -> Result<(), String> {
        let action = G::parse_action(&self.config, text).map_err(|error| error.to_string())?;
        self.apply_action(seat, action)
    }

    fn apply_action(&mut self, seat: Seat, action: G::Action) -> Result<(), String> {
        let played_before = self.hand.table().played().len();
        let tricks_before = self.hand.table().trick_index();
        self.hand.apply(seat, action).map_err(|error| error.to_string())?;
        if self.hand.table().trick_index() > tricks_before {
            if let Some(trick) = self.hand.table().last_trick() {
                self.tricks.push(*trick);
            }
        }
        self.taken.push(Taken {
            seat,
            line: Hand::<G>::format_line(seat, &action),
            words: G::describe_action(&self.config, &action),
            played_card: self.hand.table().played().len() > played_before,
        });
        if self.hand.to_act() == ToAct::HandOver && self.settled.is_none() {
            let status = self.game_match.settle(&self.hand).map_err(|error| error.to_string())?;
            self.settled = Some(status);
        }
        Ok(())
    }

    fn seat_view(&self, seat: Seat) -> SeatView<G> {
        SeatView::of(&self.hand, seat, &self.scores_before)
    }

    fn score_entries(&self, sheet: &troef_core::ScoreSheet) -> Vec<ScoreEntry> {
        score_entries::<G>(&self.setup, sheet)
    }

    fn build_view(&self, viewer: Option<Seat>) -> TableView {
        let own = viewer.map(|seat| self.seat_view(seat));
        let spectator;
        let seen = match &own {
            Some(view) => view.hand(),
            None => {
                spectator = self.hand.view(Viewer::Spectator);
                &spectator
            }
        };
        let log: Vec<LogLine> =
            self.taken.iter().map(|taken| LogLine { seat: taken.seat, words: taken.words.clone() }).collect();
        let play_started = self.taken.iter().any(|taken| taken.played_card);
        let last_calls = (0..self.seat_count())
            .map(|seat| {
                (!play_started)
                    .then(|| {
                        self.taken.iter().rev().find(|taken| taken.seat.0 == seat).map(|taken| taken.words.clone())
                    })
                    .flatten()
            })
            .collect();
        let activity = Activity {
            log,
            last_calls,
            tricks: self.tricks.iter().map(|trick| trick_view(trick, self.hand.table().taker(trick))).collect(),
            hand_number: self.finished.len() as u32 + 1,
            undo_available: viewer.is_some_and(|seat| self.undo_point(seat).is_some()),
            may_act: true,
        };
        build_table_view::<G>(&self.setup, &self.config, seen, own.as_ref(), activity)
    }

    /// Where an undo by `seat` goes back to: the index of its last card played this hand, when
    /// the table has no other person and the hand is not over.
    fn undo_point(&self, seat: Seat) -> Option<usize> {
        let people = self.setup.person_seats();
        if people != seat.bit() || self.settled.is_some() {
            return None;
        }
        self.taken.iter().rposition(|taken| taken.seat == seat && taken.played_card)
    }

    /// Deals the current hand again and applies `lines` (the hand's actions up to a point).
    fn replay_current(&mut self, lines: Vec<String>) -> Result<(), String> {
        self.hand = self.game_match.deal(&self.deck).map_err(|error| error.to_string())?;
        self.taken.clear();
        self.tricks.clear();
        for line in lines {
            let (seat, action) = self.hand.parse_line(&line).map_err(|error| error.to_string())?;
            self.apply_action(seat, action)?;
        }
        Ok(())
    }

    fn current_record(&self) -> HandRecord {
        let sheet = G::scores_to_sheet(&self.config, &self.scores_before);
        let scores_before = (self.hand_index() > 0).then_some(sheet);
        hand_record::<G>(
            &self.values,
            self.hand.dealer(),
            &self.deck,
            scores_before,
            self.taken.iter().map(|taken| taken.line.clone()).collect(),
        )
    }
}

/// A score-sheet key in words: a seat's player, a team with its members, or the key itself.
fn score_label<G: Game>(setup: &GameSetup, key: &str) -> String {
    let seats = setup.seats.len() as u8;
    match G::SEAT_NAMES.parse(key, seats) {
        Some(seat) if key.len() <= 3 => setup.seat(seat).map_or_else(|| key.to_string(), |seat| seat.name.clone()),
        _ if key.len() == 1 && key.chars().all(|c| c.is_ascii_uppercase()) => {
            let members: Vec<&str> = (0..seats)
                .filter(|&seat| team_of::<G>(Seat(seat), seats) == key.chars().next())
                .filter_map(|seat| setup.seat(Seat(seat)).map(|setup| setup.name.as_str()))
                .collect();
            if members.is_empty() {
                tr!("team", team = key)
            } else {
                tr!("team-of", team = key, members = members.join(" & "))
            }
        }
        _ => key.replace('_', " "),
    }
}

/// The score-sheet entries worth a column: totals of seats and teams (not counters such as
/// `P0.barrel` or `deals`).
pub(crate) fn score_entries<G: Game>(setup: &GameSetup, sheet: &troef_core::ScoreSheet) -> Vec<ScoreEntry> {
    let team_keys: Vec<&String> = sheet.keys().filter(|key| key.len() == 1 && key.as_str() <= "B").collect();
    sheet
        .iter()
        .filter(|(key, _)| !key.contains('.') && key.as_str() != "deals")
        .filter(|(key, _)| {
            // Tarneeb 400 lists seats and teams: the teams decide, show both.
            team_keys.is_empty() || key.len() == 1
        })
        .map(|(key, value)| ScoreEntry { key: key.clone(), label: score_label::<G>(setup, key), value: *value })
        .collect()
}

/// What happened in the hand so far, as a session keeps it (the hand itself does not).
pub(crate) struct Activity {
    pub log: Vec<LogLine>,
    /// Per seat: its last call in the auction, until play starts.
    pub last_calls: Vec<Option<String>>,
    pub tricks: Vec<TrickView>,
    pub hand_number: u32,
    pub undo_available: bool,
    /// Whether the viewer's options are offered (false while its action is on its way).
    pub may_act: bool,
}

/// The table as one seat sees it (`own`, that seat's view) or as a passer-by does (`seen`, the
/// spectator's hand): the one place a [`TableView`] is made, for local and networked tables.
pub(crate) fn build_table_view<G: Game>(
    setup: &GameSetup,
    config: &G::Config,
    seen: &Hand<G>,
    own: Option<&SeatView<G>>,
    activity: Activity,
) -> TableView {
    let viewer = own.map(SeatView::seat);
    let seen = own.map_or(seen, SeatView::hand);
    let table = seen.table();
    let facts = seen.facts();
    let seats = table.seats();
    let to_act = match seen.to_act() {
        ToAct::Seat(seat) => Some(seat),
        ToAct::HandOver => None,
    };
    let options = match own {
        Some(view) if to_act == viewer && activity.may_act => options_of::<G>(view, config),
        _ => Vec::new(),
    };
    let playable: CardSet = options.iter().flat_map(|option| option.cards.iter().copied()).collect();
    let panels = (0..seats)
        .map(|index| {
            let seat = Seat(index);
            let seat_setup = setup.seat(seat);
            let known = table.hand(seat);
            let shown = if Some(seat) == viewer { CardSet::EMPTY } else { known };
            SeatPanel {
                seat,
                code: G::SEAT_NAMES.name(seat),
                name: seat_setup.map_or_else(|| G::SEAT_NAMES.name(seat), |setup| setup.name.clone()),
                is_bot: seat_setup.is_some_and(|setup| matches!(setup.kind, SeatKind::Bot { .. })),
                is_viewer: Some(seat) == viewer,
                to_act: to_act == Some(seat),
                dealer: seen.dealer() == seat,
                declarer: facts.declarers & seat.bit() != 0,
                team: team_of::<G>(seat, seats),
                tricks: table.tricks_won(seat),
                cards_in_hand: table.hand_size(seat),
                shown: sort_cards(shown, facts.trump)
                    .into_iter()
                    .map(|card| HandCard { card, playable: playable.contains(card) })
                    .collect(),
                last_call: activity.last_calls.get(index as usize).cloned().flatten(),
            }
        })
        .collect();
    let hand = match viewer {
        Some(seat) => sort_cards(table.hand(seat), facts.trump)
            .into_iter()
            .map(|card| HandCard { card, playable: playable.contains(card) })
            .collect(),
        None => Vec::new(),
    };
    let talon_slots = table.slots_in(Place::Pile(troef_core::Pile::Talon));
    TableView {
        game: G::ID,
        viewer,
        seats: panels,
        hand,
        trick: trick_view(table.trick(), None),
        last_trick: table.last_trick().map(|trick| {
            let winner = if table.trick().is_empty() { table.taker(trick) } else { None };
            trick_view(trick, winner)
        }),
        talon: talon_slots.iter().map(|slot| CardFace { card: table.card_at(slot) }).collect(),
        facts: FactsView {
            contract: facts.contract,
            declarers: (0..seats).map(Seat).filter(|seat| facts.declarers & seat.bit() != 0).collect(),
            trump: facts.trump,
            called: facts.called,
        },
        options,
        to_act,
        tricks_played: table.trick_index(),
        log: activity.log,
        tricks: activity.tricks,
        undo_available: activity.undo_available,
        hand_number: activity.hand_number,
    }
}

fn make_bots<G: BotGame>(setup: &GameSetup) -> Vec<Option<BoxedBot<G>>> {
    setup
        .seats
        .iter()
        .map(|seat| match seat.kind {
            SeatKind::Bot { level } => Some(bot_for_level::<G>(level)),
            SeatKind::Person => None,
        })
        .collect()
}

/// Deals a record's hand from the match's state and applies its actions.
fn replay_into<G: Game>(config: &G::Config, game_match: &Match<G>, record: &HandRecord) -> Result<Hand<G>, String> {
    record_config::<G>(&record.game, record.rules_version, &record.config, record.seats)
        .map_err(|error| error.to_string())?;
    if record.dealer != game_match.dealer().0 {
        return Err(format!("dealt by seat {}, the match's dealer is seat {}", record.dealer, game_match.dealer().0));
    }
    let deck = deck_from_deal::<G>(&G::layout(config, Seat(record.dealer)), &record.deal)
        .map_err(|error| error.to_string())?;
    let mut hand = game_match.deal(&deck).map_err(|error| error.to_string())?;
    for (index, line) in record.actions.iter().enumerate() {
        let (seat, action) = hand.parse_line(line).map_err(|error| format!("action {index} ({line}): {error}"))?;
        hand.apply(seat, action).map_err(|error| format!("action {index} ({line}): {error}"))?;
    }
    Ok(hand)
}

/// The fixed team of a seat in the 4-seat partnership games that name teams `A` and `B` in their
/// score sheet (seats 0 and 2 against 1 and 3).
pub(crate) fn team_of<G: Game>(seat: Seat, seats: u8) -> Option<char> {
    (G::ID == GameId::Tarneeb && seats == 4).then_some(if seat.0.is_multiple_of(2) { 'A' } else { 'B' })
}

pub(crate) fn trick_view(trick: &Trick, winner: Option<Seat>) -> TrickView {
    TrickView {
        cards: trick
            .cards()
            .iter()
            .map(|played| TrickCardView { seat: played.seat, face: CardFace { card: played.card } })
            .collect(),
        winner,
    }
}

/// The hand sorted for reading: the trump suit first, then the other suits alternating black and
/// red, each from the ace down.
pub fn sort_cards(cards: CardSet, trump: Option<Suit>) -> Vec<Card> {
    // Spades, hearts, clubs, diamonds alternate colours; the trump suit moves to the front.
    const ORDER: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Clubs, Suit::Diamonds];
    let mut suits: Vec<Suit> = ORDER.to_vec();
    if let Some(trump) = trump {
        suits.retain(|&suit| suit != trump);
        suits.insert(0, trump);
        // Keep colours alternating after the trump where the remaining suits allow it.
        let red = |suit: Suit| matches!(suit, Suit::Hearts | Suit::Diamonds);
        if suits.len() == 4 && red(suits[0]) == red(suits[1]) {
            suits.swap(1, 2);
        }
    }
    let mut sorted: Vec<Card> = cards.iter().collect();
    sorted.sort_by_key(|card| {
        let suit_rank = card.suit().map_or(4, |suit| suits.iter().position(|&s| s == suit).unwrap_or(4));
        (suit_rank, std::cmp::Reverse(card.rank().map_or(0, |rank| rank.value())))
    });
    sorted
}

/// The viewer's legal actions with what each does to the cards: tried on a copy of the seat's own
/// view, each action's cards are those that left a hand.
fn options_of<G: Game>(view: &SeatView<G>, config: &G::Config) -> Vec<ActionOption> {
    let mut legal = Vec::new();
    view.legal_actions(&mut legal);
    let before = view.hand();
    let seats = before.table().seats();
    legal
        .iter()
        .map(|action| {
            let mut probe = before.clone();
            let mut cards = Vec::new();
            if probe.apply(view.seat(), *action).is_ok() {
                for seat in (0..seats).map(Seat) {
                    let left = before.table().hand(seat).bits() & !probe.table().hand(seat).bits();
                    cards.extend(CardSet::from_bits(left).iter());
                }
            }
            let line = G::format_action(action);
            let words = G::describe_action(config, action);
            let group = words.split_whitespace().next().unwrap_or("").to_lowercase();
            ActionOption { line, words, cards, group }
        })
        .collect()
}

impl<G: BotGame> TableSession for LocalSession<G> {
    fn setup(&self) -> &GameSetup {
        &self.setup
    }

    fn game(&self) -> GameId {
        G::ID
    }

    fn to_act(&self) -> Option<Seat> {
        match self.hand.to_act() {
            ToAct::Seat(seat) => Some(seat),
            ToAct::HandOver => None,
        }
    }

    fn view(&self, viewer: Option<Seat>) -> TableView {
        self.build_view(viewer)
    }

    fn act(&mut self, seat: Seat, line: &str) -> Result<(), String> {
        if self.to_act() != Some(seat) {
            return Err(format!("it is not {}'s turn", self.setup.seat(seat).map_or("?", |seat| seat.name.as_str())));
        }
        if self.bots.get(seat.index()).is_some_and(Option::is_some) {
            return Err("a bot plays that seat".into());
        }
        self.apply(seat, line)
    }

    fn undo(&mut self) -> Result<(), String> {
        let people = self.setup.person_seats();
        if people.count_ones() != 1 {
            return Err(tr!("undo-refused-people"));
        }
        let seat = Seat(people.trailing_zeros() as u8);
        let point = self.undo_point(seat).ok_or_else(|| tr!("undo-refused-nothing"))?;
        let lines = self.taken[..point].iter().map(|taken| taken.line.clone()).collect();
        self.replay_current(lines)
    }

    fn hint(&self, seat: Seat) -> Option<(String, &'static str)> {
        if self.to_act() != Some(seat) {
            return None;
        }
        let view = self.seat_view(seat);
        // Its own stream (the bots' streams use the action index; this one is offset), so that a
        // hint never changes what the bots do.
        let mut rng =
            decision_rng(self.setup.seed ^ 0x4849_4e54, self.hand_index(), self.hand.actions_applied() as u64);
        let hint = crate::bots::hint::<G>(&view, &mut rng)?;
        Some((G::format_action(&hint.action), hint.reason.message()))
    }

    fn waits_for_bot(&self) -> bool {
        self.to_act().is_some_and(|seat| self.bots.get(seat.index()).is_some_and(Option::is_some))
    }

    fn advance(&mut self) -> Result<bool, String> {
        let Some(seat) = self.to_act() else { return Ok(false) };
        let view = self.seat_view(seat);
        let mut rng = decision_rng(self.setup.seed, self.hand_index(), self.hand.actions_applied() as u64);
        let Some(Some(bot)) = self.bots.get_mut(seat.index()) else { return Ok(false) };
        let action = bot.choose(&view, &mut rng);
        self.apply_action(seat, action)?;
        Ok(true)
    }

    fn hand_result(&self) -> Option<HandResult> {
        let status = self.settled.as_ref()?;
        let outcome = self.hand.outcome()?;
        Some(HandResult {
            hand_number: self.finished.len() as u32 + 1,
            contract_kind: G::contract_kind(&outcome).to_string(),
            played_out: G::played_out(&outcome),
            deltas: G::seat_deltas(&self.config, &outcome),
            breakdown: G::breakdown(&self.config, &outcome),
            totals: self.score_entries(&G::scores_to_sheet(&self.config, self.game_match.scores())),
            match_over: match status {
                MatchStatus::Over { summary, .. } => Some(summary.clone()),
                MatchStatus::Continue { .. } => None,
            },
            verified: None,
        })
    }

    fn next_hand(&mut self) -> Result<(), String> {
        let Some(status) = self.settled.clone() else { return Err("the hand is not over".into()) };
        if matches!(status, MatchStatus::Over { .. }) {
            return Err("the match is over".into());
        }
        let outcome = self.hand.outcome().ok_or("the hand has no outcome")?;
        self.finished.push(Finished {
            record: self.current_record(),
            kind: G::contract_kind(&outcome).to_string(),
            totals: G::scores_to_sheet(&self.config, self.game_match.scores()),
        });
        self.scores_before = self.game_match.scores().clone();
        self.deck = shuffled_deck::<G>(&self.config, self.setup.seed, self.hand_index());
        self.hand = self.game_match.deal(&self.deck).map_err(|error| error.to_string())?;
        self.taken.clear();
        self.tricks.clear();
        self.settled = None;
        Ok(())
    }

    fn scoreboard(&self) -> Scoreboard {
        let mut rows: Vec<(u32, String, troef_core::ScoreSheet)> = self
            .finished
            .iter()
            .enumerate()
            .map(|(index, finished)| (index as u32 + 1, finished.kind.clone(), finished.totals.clone()))
            .collect();
        if let Some(result) = self.hand_result() {
            rows.push((
                result.hand_number,
                result.contract_kind,
                G::scores_to_sheet(&self.config, self.game_match.scores()),
            ));
        }
        let current = G::scores_to_sheet(&self.config, self.game_match.scores());
        let columns = self.score_entries(&current);
        Scoreboard {
            rows: rows
                .into_iter()
                .map(|(hand_number, contract_kind, sheet)| ScoreRow {
                    hand_number,
                    contract_kind,
                    totals: columns.iter().map(|column| sheet.get(&column.key).copied().unwrap_or(0)).collect(),
                })
                .collect(),
            columns,
        }
    }

    fn hand_record(&self) -> HandRecord {
        self.current_record()
    }

    fn finished_record(&self, hand_number: u32) -> Option<HandRecord> {
        let index = hand_number.checked_sub(1)? as usize;
        match self.finished.get(index) {
            Some(finished) => Some(finished.record.clone()),
            None if index == self.finished.len() && self.settled.is_some() => Some(self.current_record()),
            None => None,
        }
    }

    fn saved(&self) -> Option<SavedGame> {
        Some(SavedGame {
            format: SAVE_FORMAT,
            setup: self.setup.clone(),
            hands: self.finished.iter().map(|finished| finished.record.clone()).collect(),
            current: self.current_record(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::setup::{BotLevel, SeatSetup};
    use troef_core::record::replay_hand;

    fn all_bots(game: GameId, seed: u64) -> GameSetup {
        let mut setup = troef_core::with_game!(game, G => GameSetup::default_for::<G>(seed));
        for seat in &mut setup.seats {
            seat.kind = SeatKind::Bot { level: BotLevel::Normal };
        }
        setup
    }

    /// Plays every game bot against bot through several hands; each finished hand's record
    /// replays in the core to the score the session reported, and the save resumes to the same
    /// view at every point checked.
    #[test]
    fn every_game_plays_hands_whose_records_replay_to_the_shown_score() {
        let mut tables: Vec<GameSetup> = GameId::ALL.iter().map(|&game| all_bots(game, 11)).collect();
        for players in ["three_rene", "three_blind"] {
            let mut setup = all_bots(GameId::Rikken, 12);
            setup.config.insert("players".into(), players.into());
            setup.config.insert("match_deals".into(), "21".into());
            tables.push(setup);
        }
        let mut tysiacha_four = all_bots(GameId::Tysiacha, 13);
        tysiacha_four.config.insert("players".into(), "4".into());
        tysiacha_four.seats.push(SeatSetup { name: "Daan".into(), kind: SeatKind::Bot { level: BotLevel::Normal } });
        tables.push(tysiacha_four);
        for setup in tables {
            let game = setup.game_id().unwrap();
            let mut session = open(setup).unwrap();
            for _ in 0..3 {
                let mut steps = 0;
                while session.to_act().is_some() {
                    assert!(session.advance().unwrap(), "{game:?}: a bot is to act");
                    steps += 1;
                    assert!(steps < 2000, "{game:?}: the hand never ends");
                    if steps % 17 == 0 {
                        let saved = session.saved().unwrap();
                        let resumed = resume(&saved).unwrap();
                        assert_eq!(resumed.view(None), session.view(None), "{game:?}: resume after {steps} steps");
                    }
                }
                let result = session.hand_result().unwrap();
                let record = session.hand_record();
                let replayed = troef_core::with_game!(game, G => {
                    let replayed = replay_hand::<G>(&record).unwrap();
                    let config = replayed.hand.config();
                    (G::seat_deltas(config, &replayed.outcome), G::scores_to_sheet(config, &replayed.scores_after))
                });
                assert_eq!(replayed.0, result.deltas, "{game:?}");
                for entry in &result.totals {
                    assert_eq!(replayed.1.get(&entry.key), Some(&entry.value), "{game:?} {}", entry.key);
                }
                if result.match_over.is_some() {
                    break;
                }
                session.next_hand().unwrap();
            }
            let board = session.scoreboard();
            assert!(!board.rows.is_empty());
            for row in &board.rows {
                let record = session.finished_record(row.hand_number).unwrap();
                assert!(
                    troef_core::with_game!(game, G => replay_hand::<G>(&record).is_ok()),
                    "{game:?} hand {}",
                    row.hand_number
                );
            }
            assert!(session.finished_record(board.rows.len() as u32 + 1).is_none());
        }
    }

    #[test]
    fn a_person_is_offered_only_legal_actions_and_bots_refuse_taps() {
        let mut setup = all_bots(GameId::Tarneeb, 5);
        setup.seats[0] = SeatSetup { name: "Eva".into(), kind: SeatKind::Person };
        let mut session = open(setup).unwrap();
        while session.waits_for_bot() {
            session.advance().unwrap();
        }
        let seat = session.to_act().unwrap();
        assert_eq!(seat, Seat(0));
        let view = session.view(Some(seat));
        assert!(!view.options.is_empty());
        assert!(session.act(seat, "BID 99").is_err() || view.options.iter().any(|option| option.line == "BID 99"));
        let line = view.options[0].line.clone();
        session.act(seat, &line).unwrap();
        if let Some(next) = session.to_act() {
            assert!(session.act(next, "PASS").unwrap_err().contains("bot"));
        }
    }

    #[test]
    fn a_seat_view_shows_no_other_hand() {
        let mut setup = all_bots(GameId::Rikken, 3);
        setup.seats[0].kind = SeatKind::Person;
        let session = open(setup).unwrap();
        let view = session.view(Some(Seat(0)));
        assert_eq!(view.hand.len(), 13);
        assert!(view.seats.iter().skip(1).all(|panel| panel.shown.is_empty()));
        let public = session.view(None);
        assert!(public.hand.is_empty() && public.seats.iter().all(|panel| panel.shown.is_empty()));
    }

    #[test]
    fn a_tampered_save_is_refused_with_the_action_named() {
        let mut session = open(all_bots(GameId::Tysiacha, 9)).unwrap();
        for _ in 0..5 {
            session.advance().unwrap();
        }
        let mut saved = session.saved().unwrap();
        saved.current.actions[2] = "P0 play ZZ".into();
        let Err(error) = resume(&saved) else { panic!("a tampered save resumed") };
        assert!(error.contains("action 2"), "{error}");
    }

    #[test]
    fn sorting_puts_trumps_first_and_alternates_colours() {
        let cards: CardSet = ["2H", "AS", "KD", "TC", "QH"].iter().map(|code| code.parse::<Card>().unwrap()).collect();
        let codes = |cards: Vec<Card>| cards.iter().map(|card| card.to_string()).collect::<Vec<_>>().join(" ");
        assert_eq!(codes(sort_cards(cards, None)), "AS QH 2H TC KD");
        assert_eq!(codes(sort_cards(cards, Some(Suit::Diamonds))), "KD AS QH 2H TC");
    }
}

#[cfg(test)]
mod word_tests {
    use super::*;
    use crate::i18n::{self, Lang};
    use crate::setup::BotLevel;
    use crate::words::{tokens, Token};
    use std::collections::BTreeSet;

    /// The words people read that come from the rules core: action words, contract kinds and
    /// the words of score breakdowns, over random play of every game and variant family.
    fn core_words() -> (BTreeSet<String>, BTreeSet<String>) {
        let mut actions = BTreeSet::new();
        let mut breakdown = BTreeSet::new();
        let mut setups: Vec<GameSetup> = Vec::new();
        for (index, &game) in GameId::ALL.iter().enumerate() {
            for seed in 0..6u64 {
                let mut setup = troef_core::with_game!(game, G => GameSetup::default_for::<G>(seed * 7 + index as u64));
                for seat in &mut setup.seats {
                    seat.kind = SeatKind::Bot { level: BotLevel::Easy };
                }
                setups.push(setup);
            }
        }
        let variants: &[(GameId, &[(&str, &str)])] = &[
            (GameId::Tarneeb, &[("ruleset", "four_hundred")]),
            (GameId::Tarneeb, &[("zon", "on"), ("kabsh", "on")]),
            (GameId::Tysiacha, &[("rospisat", "before_talon"), ("four_nines_redeal", "on")]),
            (GameId::Rikken, &[("joker", "true")]),
            (GameId::Rikken, &[("pass_game", "eldest_chooses")]),
            (GameId::Tachentige, &[("regular_hands", "1")]),
        ];
        for (game, keys) in variants {
            for seed in 0..4u64 {
                let mut setup = troef_core::with_game!(*game, G => GameSetup::default_for::<G>(100 + seed));
                for (key, value) in keys.iter() {
                    setup.config.insert(key.to_string(), value.to_string());
                }
                for seat in &mut setup.seats {
                    seat.kind = SeatKind::Bot { level: BotLevel::Easy };
                }
                setups.push(setup);
            }
        }
        let add_words = |text: &str, seats: u8, names, into: &mut BTreeSet<String>| {
            for token in tokens(text, names, seats) {
                if let Token::Word(word) = token {
                    into.insert(word);
                }
            }
        };
        for setup in setups {
            let game = setup.game_id().unwrap();
            let names = troef_core::with_game!(game, G => G::SEAT_NAMES);
            let seats = setup.seats.len() as u8;
            let mut session = open(setup).unwrap();
            for _ in 0..3 {
                let mut steps = 0;
                while let Some(seat) = session.to_act() {
                    for option in session.view(Some(seat)).options {
                        add_words(&option.words, seats, names, &mut actions);
                    }
                    if let Some(contract) = session.view(None).facts.contract {
                        add_words(&contract, seats, names, &mut actions);
                    }
                    session.advance().unwrap();
                    steps += 1;
                    assert!(steps < 3000);
                }
                let result = session.hand_result().unwrap();
                actions.insert(result.contract_kind.clone());
                for line in &result.breakdown {
                    for word in line.split(|c: char| !(c.is_alphabetic() || c == '_')) {
                        breakdown.insert(word.trim_matches('_').to_string());
                    }
                }
                if result.match_over.is_some() {
                    break;
                }
                session.next_hand().unwrap();
            }
        }
        let keep = |word: &String| !word.is_empty() && word.chars().all(|c| c.is_lowercase() || c == '_');
        (actions.into_iter().filter(keep).collect(), breakdown.into_iter().filter(keep).collect())
    }

    /// Every action word, contract kind and breakdown word the core produces is named in every
    /// language (a `w-` message), so no English is left on a Dutch table.
    #[test]
    fn every_core_word_is_named_in_every_language() {
        let (actions, breakdown) = core_words();
        for lang in Lang::ALL {
            let missing: Vec<&String> =
                actions.iter().chain(breakdown.iter()).filter(|word| !i18n::has(lang, &i18n::word_id(word))).collect();
            assert!(missing.is_empty(), "{} lacks {} words: {missing:?}", lang.code(), missing.len());
        }
    }
}

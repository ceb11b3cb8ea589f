//! The search: fail-soft alpha-beta over trick play with the rule hooks of [`Rules`], a
//! transposition table at trick boundaries, quick tricks, touching cards merged, move ordering
//! (the table's move, then the move that last cut off in a node of the same kind, searched
//! before the rest are scored; under the avoidance goals a history of cutoffs for the other
//! side), and exact values by MTD probes (tricks) or one full-window search (points). See the
//! module doc of [`super`].

use super::tt::{Key, Probe, Tt};
use super::{
    bit, suit_mask, suit_of, CalledDuty, Follow, Goal, Move, Objective, PointRules, Position, Rules, SeatTables,
    SolverCard, MAX_PLAYERS, SPADES, SUIT_BITS,
};

/// No trump, as a suit number.
const NO_TRUMP: u8 = 4;
/// Point cards whose places fit in a table key (4 bits each in its upper half).
const MAX_KEYED_POINT_CARDS: u32 = 8;

/// Moves of one node: at most 13 cards plus their special forms.
#[derive(Clone, Copy)]
struct MoveList {
    moves: [u8; 32],
    scores: [i32; 32],
    len: usize,
}

impl MoveList {
    fn new() -> MoveList {
        MoveList { moves: [0; 32], scores: [0; 32], len: 0 }
    }

    #[inline(always)]
    fn push(&mut self, mv: u8, score: i32) {
        if self.len < 32 {
            self.moves[self.len] = mv;
            self.scores[self.len] = score;
            self.len += 1;
        }
    }

    /// Sorts best score first (insertion sort: the lists are short).
    fn sort(&mut self) {
        for i in 1..self.len {
            let (mv, score) = (self.moves[i], self.scores[i]);
            let mut j = i;
            while j > 0 && self.scores[j - 1] < score {
                self.moves[j] = self.moves[j - 1];
                self.scores[j] = self.scores[j - 1];
                j -= 1;
            }
            self.moves[j] = mv;
            self.scores[j] = score;
        }
    }
}

/// The suit-wide part of the ordering weight of a lead (see [`Engine::lead_suit`]).
#[derive(Clone, Copy)]
struct LeadSuit {
    weight: i32,
    suit_left: u64,
    top: SolverCard,
    top_holder: Option<usize>,
    second_holder: Option<usize>,
    partner: Option<usize>,
    opponent_ruffs: bool,
    /// The bonus of a lead that does not win: the partner (or the leader) holds the next honours.
    losing_bonus: i32,
}

/// What the ordering of one node's moves computes once: the card winning the trick so far, the
/// points in it, and each suit's lead weight part.
struct ScoreContext {
    winning: Option<(usize, bool)>,
    trick_value: i32,
    lead: [Option<LeadSuit>; 4],
    /// Every player's aim in the trick is turned round: see [`Engine::avoiding`].
    avoid: bool,
}

/// The state that changes during search; copied whole on every move (it is small) so that
/// taking a move back is one assignment.
#[derive(Clone, Copy, Debug)]
struct State {
    hands: [u64; MAX_PLAYERS],
    trick: [SolverCard; MAX_PLAYERS],
    trick_len: u8,
    leader: u8,
    /// The suit to follow in the trick in progress.
    led: u8,
    trump: u8,
    trick_index: u8,
    won: [u8; MAX_PLAYERS],
    called_live: bool,
    blind_available: bool,
    blind_trick: bool,
    /// Goal::SeatTricks with a first-trick player: he lost the first trick.
    first_trick_lost: bool,
    /// Goal::Points: the positive and the negative card points still in hands and in the trick
    /// in progress (kept as tricks complete, for the bounds at every trick boundary).
    points_up: i32,
    points_down: i32,
    /// Partition search: the holder pattern ([`holder_pattern`]) and the suit lengths of
    /// the table key ([`Engine::key`]) of the cards not yet in a completed trick, kept up as
    /// cards are played (computing them afresh at every trick boundary cost a tenth of a
    /// bridge solve).
    holders: u128,
    lengths: u64,
}

/// The answer of one solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The value for the maximising side over the whole hand (the objective's base included);
    /// when not `exact`, the middle of the bounds.
    pub value: i32,
    pub lower: i32,
    pub upper: i32,
    /// False when the node cap stopped the search: the value lies in `lower..=upper`.
    pub exact: bool,
    /// Search nodes visited.
    pub nodes: u64,
}

/// The answer of [`Solver::settle`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settlement {
    /// How many of the thresholds the value reaches (is at least).
    pub reached: usize,
    /// Bounds on the value (base included) that the probes proved: unless the cap struck, no
    /// threshold `t` has `lower < t <= upper`, so every value in the bounds scores the same.
    pub lower: i32,
    pub upper: i32,
    /// False when the node cap stopped the search (`reached` then counts only what was proved).
    pub exact: bool,
    /// Search nodes visited.
    pub nodes: u64,
}

/// One legal move and its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveScore {
    pub mv: Move,
    pub value: i32,
    pub lower: i32,
    pub upper: i32,
    pub exact: bool,
}

/// An open-card solver with its transposition table, reused between calls (the table is kept
/// while the rules and objective stay the same, so later solves of the same hand are cheaper).
#[derive(Debug)]
pub struct Solver {
    tt: Tt,
    node_cap: u64,
    context: u64,
    /// Nodes of the last call.
    pub last_nodes: u64,
}

impl Default for Solver {
    fn default() -> Solver {
        Solver::new()
    }
}

impl Solver {
    /// A solver with a transposition table of up to about 50 MB (32 MB where the exact table
    /// is used); it is allocated as searches fill it, so small searches touch a few megabytes.
    /// Decision, measured (before the table's chains were split by top-card holders): the
    /// slowest Schoppen Mie deal of Rikken's bench then filled half that size seven times over
    /// (the table starts over when full) in 84 million nodes; with this size it took 23.5
    /// million, and twice this size no fewer. After the split, twice this size takes 10% fewer
    /// nodes over the bench's 100 deals, for 100 MB: not worth it on a phone.
    pub fn new() -> Solver {
        Solver::with_entries(1 << 21)
    }

    /// A solver with a table of about `entries` entries (25 bytes each under partition search,
    /// 16 in the exact table).
    pub fn with_entries(entries: usize) -> Solver {
        Solver { tt: Tt::new(entries), node_cap: u64::MAX, context: 0, last_nodes: 0 }
    }

    /// Caps the search nodes of each call; a capped answer has `exact == false`.
    pub fn set_node_cap(&mut self, cap: u64) {
        self.node_cap = cap.max(1);
    }

    pub fn node_cap(&self) -> u64 {
        self.node_cap
    }

    /// Bytes held by the transposition table.
    pub fn table_bytes(&self) -> usize {
        self.tt.bytes()
    }

    /// Forgets the transposition table (it is cleared anyway when the rules or objective
    /// change).
    pub fn clear(&mut self) {
        self.tt.clear();
    }

    fn prepare(&mut self, position: &Position, objective: &Objective) {
        let context = fingerprint(position, objective);
        if context != self.context {
            self.tt.clear();
            self.context = context;
        }
    }

    /// The exact value of the position for the objective's maximising side.
    pub fn value(&mut self, position: &Position, objective: &Objective) -> Solution {
        self.value_with_guess(position, objective, None)
    }

    /// [`Solver::value`] starting the MTD probes at `guess` (a value of the whole hand, base
    /// included; a goal of card points searches its whole window at once and needs none).
    pub fn value_with_guess(&mut self, position: &Position, objective: &Objective, guess: Option<i32>) -> Solution {
        self.prepare(position, objective);
        let cap = self.node_cap;
        let mut engine = Engine::new(position, objective, &mut self.tt, cap);
        let (lo, hi) = engine.root_bounds();
        let guess = guess.map(|g| g - objective.base);
        let (lo, hi) = engine.exact(lo, hi, guess, None);
        let nodes = engine.nodes;
        self.last_nodes = nodes;
        solution(lo, hi, objective.base, nodes, !engine.aborted)
    }

    /// Whether the maximising side reaches at least `target` (a value of the whole hand, base
    /// included): `None` when the node cap stopped the search.
    pub fn reaches(&mut self, position: &Position, objective: &Objective, target: i32) -> Option<bool> {
        self.prepare(position, objective);
        let cap = self.node_cap;
        let mut engine = Engine::new(position, objective, &mut self.tt, cap);
        let target = target - objective.base;
        let result = engine.root_probe(target, None) >= target;
        self.last_nodes = engine.nodes;
        (!engine.aborted).then_some(result)
    }

    /// Where the value stands against `thresholds` (values of the whole hand, base included, in
    /// any order): the declarer's real objective when his score is a step function of the value
    /// (a contract made or not, a payment per ten points). Zero-window probes only, each at the
    /// middle threshold still undecided, their fail-soft values deciding every threshold they
    /// pass on the way, so one threshold costs one probe and a payment table a few; the exact
    /// value is never searched for. Decision: bisection, not MTD steps from the contract's
    /// threshold: probes far from the value are cheap, and over 100 Tachentige deals stepping
    /// from the contract visited 70% more nodes at the median.
    pub fn settle(&mut self, position: &Position, objective: &Objective, thresholds: &[i32]) -> Settlement {
        self.prepare(position, objective);
        let cap = self.node_cap;
        let mut engine = Engine::new(position, objective, &mut self.tt, cap);
        let mut relative: Vec<i32> = thresholds.iter().map(|t| t - objective.base).collect();
        relative.sort_unstable();
        relative.dedup();
        let (mut lo, mut hi) = engine.root_bounds();
        loop {
            let open: Vec<i32> = relative.iter().copied().filter(|&t| lo < t && t <= hi).collect();
            if open.is_empty() || engine.aborted {
                break;
            }
            let target = open[open.len() / 2];
            let value = engine.root_probe(target, None);
            if engine.aborted {
                break;
            }
            if value >= target {
                lo = value.min(hi).max(target);
            } else {
                hi = value.max(lo).min(target - 1);
            }
        }
        self.last_nodes = engine.nodes;
        let reached = relative.iter().filter(|&&t| t <= lo).count();
        Settlement {
            reached,
            lower: objective.base + lo,
            upper: objective.base + hi,
            exact: !engine.aborted,
            nodes: engine.nodes,
        }
    }

    /// One best legal move of the player to move, with the position's value: what a player who
    /// only needs to act (the open-card bot) asks, much cheaper than [`Solver::score_moves`].
    /// The value comes from the MTD probes; then the move groups, in the search's own order
    /// (warmed by those probes), are tested one zero-window probe each against that value until
    /// one reaches it, usually the first. `None` when no move is legal. Under the node cap the
    /// answer is the move under test when the cap struck (or the first in order) and the
    /// solution says it is not exact.
    pub fn best_move(&mut self, position: &Position, objective: &Objective) -> Option<(Move, Solution)> {
        self.best_move_preferring(position, objective, None)
    }

    /// [`Solver::best_move`], testing `preferred` (when legal) before the search's own order: the
    /// answer is `preferred` whenever it is as good as the best, so a caller with its own reasons
    /// among equally valued cards (a lost cause still worth fighting against fallible players)
    /// keeps them.
    pub fn best_move_preferring(
        &mut self,
        position: &Position,
        objective: &Objective,
        preferred: Option<Move>,
    ) -> Option<(Move, Solution)> {
        self.prepare(position, objective);
        let cap = self.node_cap;
        let mut engine = Engine::new(position, objective, &mut self.tt, cap);
        let player = engine.to_move();
        let maxing = engine.side[player];
        let (root_lo, root_hi) = engine.root_bounds();
        let (lo, hi) = engine.exact(root_lo, root_hi, None, None);
        let candidates = engine.ordered_moves(player, None, None);
        let ordered = &candidates.moves[..candidates.len];
        let mut chosen = *ordered.first()?;
        // The preferred move, if legal (any card of a touching group: it is probed itself).
        let preferred = preferred.filter(|mv| {
            let set = if mv.is_special() { engine.special_leads(player) } else { engine.legal(player) };
            set & bit(mv.card()) != 0
        });
        if lo == hi && !engine.aborted {
            for mv in preferred.map(Move::raw).into_iter().chain(ordered.iter().copied()) {
                chosen = mv;
                // The maximiser needs a move worth at least the value; the minimiser one worth
                // at most it, that is failing the probe for one more.
                let target = if maxing { lo } else { lo + 1 };
                let reaches = engine.root_probe(target, Some(mv)) >= target;
                if engine.aborted || reaches == maxing {
                    break;
                }
            }
        }
        self.last_nodes = engine.nodes;
        Some((Move::from_raw(chosen), solution(lo, hi, objective.base, engine.nodes, !engine.aborted)))
    }

    /// Every legal move of the player to move, with its exact value (the value of the hand after
    /// that move and best play by all), best first for the player to move. Touching cards share
    /// one search.
    pub fn score_moves(&mut self, position: &Position, objective: &Objective) -> Vec<MoveScore> {
        self.prepare(position, objective);
        let cap = self.node_cap;
        let mut engine = Engine::new(position, objective, &mut self.tt, cap);
        let player = engine.to_move();
        let maxing = engine.side[player];
        let groups = engine.root_groups(player);
        let (root_lo, root_hi) = engine.root_bounds_for_every_move();
        let mut scored: Vec<(u8, i32, i32)> = Vec::with_capacity(groups.len());
        let mut guess: Option<i32> = None;
        for &(representative, _) in &groups {
            let (lo, hi) = if engine.aborted {
                (root_lo, root_hi)
            } else {
                engine.exact(root_lo, root_hi, guess, Some(representative))
            };
            if lo == hi {
                guess = Some(match guess {
                    Some(g) if maxing => g.max(lo),
                    Some(g) => g.min(lo),
                    None => lo,
                });
            }
            scored.push((representative, lo, hi));
        }
        self.last_nodes = engine.nodes;
        let exact = !engine.aborted;
        let mut out = Vec::new();
        for (&(_, members), &(_, lo, hi)) in groups.iter().zip(&scored) {
            let exact_here = exact || lo == hi;
            for &mv in members.iter().take_while(|&&mv| mv != u8::MAX) {
                let s = solution(lo, hi, objective.base, 0, exact_here);
                out.push(MoveScore {
                    mv: Move::from_raw(mv),
                    value: s.value,
                    lower: s.lower,
                    upper: s.upper,
                    exact: s.exact,
                });
            }
        }
        out.sort_by_key(|score| if maxing { -score.value } else { score.value });
        out
    }
}

/// The legal moves of the player to move, touching cards included (each card once; special
/// leads as their own moves).
pub fn legal_moves(position: &Position) -> Vec<Move> {
    let objective = Objective { max_side: 0, goal: Goal::Tricks, base: 0 };
    let mut tt = Tt::new(1);
    let engine = Engine::new(position, &objective, &mut tt, u64::MAX);
    let player = engine.to_move();
    let mut out = Vec::new();
    let mut cards = engine.legal(player);
    while cards != 0 {
        out.push(Move::plain(cards.trailing_zeros() as u8));
        cards &= cards - 1;
    }
    let mut cards = engine.special_leads(player);
    while cards != 0 {
        out.push(Move::special(cards.trailing_zeros() as u8));
        cards &= cards - 1;
    }
    out
}

/// The position after the player to move plays `mv` (the trick completed and given to its
/// winner when it is the trick's last card); `None` when `mv` is not legal.
pub fn advance(position: &Position, mv: Move) -> Option<Position> {
    if !legal_moves(position).contains(&mv) {
        return None;
    }
    let objective = Objective { max_side: 0, goal: Goal::Tricks, base: 0 };
    let mut tt = Tt::new(1);
    let mut engine = Engine::new(position, &objective, &mut tt, u64::MAX);
    let player = engine.to_move();
    engine.make(player, mv.raw());
    if engine.s.trick_len == engine.n {
        engine.complete_trick();
    }
    Some(engine.position(position.rules))
}

fn solution(lo: i32, hi: i32, base: i32, nodes: u64, exact: bool) -> Solution {
    let exact = exact && lo == hi;
    Solution { value: base + lo + (hi - lo) / 2, lower: base + lo, upper: base + hi, exact, nodes }
}

/// A hash of everything the table's entries depend on besides the position itself.
fn fingerprint(position: &Position, objective: &Objective) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    format!("{:?}", position.rules).hash(&mut hasher);
    objective.max_side.hash(&mut hasher);
    match &objective.goal {
        Goal::Tricks => 0u8.hash(&mut hasher),
        Goal::Points(points) => {
            1u8.hash(&mut hasher);
            points.card.hash(&mut hasher);
            (points.last_trick, points.any_trick, points.all_tricks, points.marriages).hash(&mut hasher);
        }
        Goal::SeatTricks(seat) => {
            2u8.hash(&mut hasher);
            seat.tables.hash(&mut hasher);
            seat.first_trick.hash(&mut hasher);
        }
    }
    hasher.finish() | 1
}

/// The cards of `set` strictly above `card` in its suit.
#[inline(always)]
fn above(card: SolverCard) -> u64 {
    suit_mask(suit_of(card)) & !((2u64 << card) - 1)
}

/// The cards strictly below `card` in its suit.
#[inline(always)]
fn below(card: SolverCard) -> u64 {
    suit_mask(suit_of(card)) & ((1u64 << card) - 1)
}

/// For each suit, the holder of each card in `hands` from the top, two bits each, one 32-bit
/// lane per suit.
fn holder_pattern(hands: &[u64; MAX_PLAYERS]) -> u128 {
    let mut out = 0u128;
    let all = hands.iter().fold(0, |set, &hand| set | hand);
    for suit in 0..4u8 {
        let mut left = suit_bits(all, suit);
        let h1 = suit_bits(hands[1], suit);
        let h2 = suit_bits(hands[2], suit);
        let h3 = suit_bits(hands[3], suit);
        let mut pattern = 0u32;
        let mut index = 0;
        while left != 0 {
            let b = 31 - left.leading_zeros();
            let holder = ((h1 >> b) & 1) | (((h2 >> b) & 1) * 2) | (((h3 >> b) & 1) * 3);
            pattern |= holder << (2 * index);
            index += 1;
            left &= !(1 << b);
        }
        out |= u128::from(pattern) << (32 * suit as u32);
    }
    out
}

/// Whether `card` would take the trick from `winning_card` (trump suit `trump`): higher in its
/// suit, or a trump over a plain card.
#[inline(always)]
fn beats(card: SolverCard, winning_card: SolverCard, trump: u8) -> bool {
    let (suit, win_suit) = (suit_of(card), suit_of(winning_card));
    if suit == win_suit {
        card > winning_card
    } else {
        suit == trump && win_suit != trump
    }
}

#[inline(always)]
fn highest(set: u64) -> SolverCard {
    (63 - set.leading_zeros()) as SolverCard
}

#[inline(always)]
fn suit_bits(set: u64, suit: u8) -> u32 {
    ((set >> (16 * suit as u32)) & SUIT_BITS) as u32
}

/// Whether a player holding `mine` of a suit, the others holding `theirs`, can play under
/// every card of it they lead (the Null game's safe suit): taking both from the lowest up, no
/// card of his has more of theirs below it than of his own.
fn safe_suit(mine: u32, theirs: u32) -> bool {
    let mut rest = mine;
    while rest != 0 {
        let below = (rest & rest.wrapping_neg()) - 1;
        rest &= rest - 1;
        if (theirs & below).count_ones() > (mine & below).count_ones() {
            return false;
        }
    }
    true
}

/// Goal kinds, with the goal's data borrowed.
#[derive(Clone, Copy)]
enum Kind<'a> {
    Tricks,
    Points(&'a PointRules),
    Seat(&'a SeatTables),
}

/// The widest range of values searched by zero-window probes for goals other than tricks (a
/// one-or-nothing contract has two values, Schoppen Mie three).
const SMALL_RANGE: i32 = 4;

pub(crate) struct Engine<'a> {
    rules: Rules,
    kind: Kind<'a>,
    n: u8,
    /// Players of the maximising side.
    side: [bool; MAX_PLAYERS],
    s: State,
    tt: &'a mut Tt,
    pub nodes: u64,
    cap: u64,
    pub aborted: bool,
    /// Partition search (relative ranks, relevant cards only) is sound for this game and goal.
    relative: bool,
    /// Cards never merged with touching neighbours (their duties or points set them apart).
    special: u64,
    /// Per suit, the run of cards from its weakest up that are worth nothing and carry no duty:
    /// which of them are gone changes nothing but their labels, so the exact table keys on
    /// the ones left moved down onto the lowest strengths ([`Engine::canonical_hands`]).
    fungible: u64,
    /// Cards worth points (Goal::Points): in partition search each one's place in its suit is
    /// part of the table key and its holder always part of the stored pattern.
    point_cards: u64,
    /// Card points (Goal::Points), all zero otherwise.
    values: [i16; 64],
    /// Players whose SeatTricks table is not flat, as player bits.
    seat_counted: u8,
    /// Goal::Points made only of cards to avoid (no card, bonus or marriage worth more than
    /// nothing: Schoppen vrouw's queen), fixed for the search: see [`Engine::avoiding`].
    cards_to_avoid: bool,
    /// The maximising side's player when it has one only (fixed for the search).
    lone_maximiser: Option<usize>,
    /// Under the avoidance goals only: per player of the other side and card, how much cutting
    /// off with that card has cut away (the square of the tricks left, summed over the search),
    /// added to the static weight of his moves (the history heuristic, [`Engine::ordered_moves`]).
    history: Option<Box<[[i32; 64]; MAX_PLAYERS]>>,
}

impl<'a> Engine<'a> {
    fn new(position: &Position, objective: &'a Objective, tt: &'a mut Tt, cap: u64) -> Engine<'a> {
        let rules = position.rules;
        let n = rules.players.clamp(2, MAX_PLAYERS as u8);
        let kind = match &objective.goal {
            Goal::Tricks => Kind::Tricks,
            Goal::Points(points) => Kind::Points(points),
            Goal::SeatTricks(seat) => Kind::Seat(seat),
        };
        let mut side = [false; MAX_PLAYERS];
        for (player, slot) in side.iter_mut().enumerate() {
            *slot = objective.max_side & (1 << player) != 0;
        }
        let mut values = [0i16; 64];
        if let Kind::Points(points) = kind {
            values = points.card;
        }
        let mut seat_counted = 0u8;
        if let Kind::Seat(seat) = kind {
            for (player, table) in seat.tables.iter().enumerate().take(n as usize) {
                if table.iter().any(|&value| value != table[0]) {
                    seat_counted |= 1 << player;
                }
            }
            if let Some((player, _)) = seat.first_trick {
                seat_counted |= 1 << player;
            }
        }
        let point_cards = (0..64).filter(|&card| values[card] != 0).fold(0u64, |set, card| set | 1 << card);
        let cards_to_avoid = match kind {
            Kind::Points(points) => {
                values.iter().all(|&value| value <= 0)
                    && points.last_trick <= 0
                    && points.any_trick <= 0
                    && points.all_tricks <= 0
                    && !points.marriages
            }
            _ => false,
        };
        // Partition search needs suit-following rules; with card points it also needs few point
        // cards (Rikken's Schoppen Mie has one), whose places go into the key.
        let relative = rules.follow == Follow::Suit
            && rules.marriages.is_none()
            && point_cards.count_ones() <= MAX_KEYED_POINT_CARDS;
        let mut special = point_cards;
        if let Some((called, _)) = rules.called {
            special |= bit(called);
        }
        if let Follow::Brabant { exempt_jack: Some(jack), .. } = rules.follow {
            special |= bit(jack);
        }
        if let Some(marriages) = rules.marriages {
            for suit in 0..4 {
                special |= bit(marriages.king[suit]) | bit(marriages.queen[suit]);
            }
        }
        let mut stoppers = special;
        if let Some(card) = rules.forced_first_lead {
            stoppers |= bit(card);
        }
        let mut fungible = 0u64;
        for suit in 0..4u8 {
            for strength in 0..16u8 {
                let card = suit * 16 + strength;
                if strength >= 13 || values[card as usize] != 0 || stoppers & bit(card) != 0 {
                    break;
                }
                fungible |= bit(card);
            }
        }
        let mut led = 0;
        if position.trick_len > 0 {
            led = if position.blind_trick {
                rules.called.map_or(suit_of(position.trick[0]), |(card, _)| suit_of(card))
            } else {
                suit_of(position.trick[0])
            };
        }
        let first_trick_lost = match kind {
            Kind::Seat(SeatTables { first_trick: Some((player, _)), .. }) => {
                position.trick_index > 0 && position.won[*player as usize] == 0
            }
            _ => false,
        };
        let mut s = State {
            hands: position.hands,
            trick: position.trick,
            trick_len: position.trick_len,
            leader: position.leader % n,
            led,
            trump: position.trump.unwrap_or(NO_TRUMP),
            trick_index: position.trick_index,
            won: position.won,
            called_live: position.called_live,
            blind_available: position.blind_available,
            blind_trick: position.blind_trick,
            first_trick_lost,
            points_up: 0,
            points_down: 0,
            holders: 0,
            lengths: 0,
        };
        let in_play = position.hands.iter().fold(0u64, |set, &hand| set | hand)
            | position.trick[..usize::from(position.trick_len).min(MAX_PLAYERS)]
                .iter()
                .fold(0u64, |set, &card| set | bit(card));
        let mut cards = in_play & point_cards;
        while cards != 0 {
            let value = i32::from(values[cards.trailing_zeros() as usize]);
            cards &= cards - 1;
            if value > 0 {
                s.points_up += value;
            } else {
                s.points_down += value;
            }
        }
        let mut engine = Engine {
            rules,
            kind,
            n,
            side,
            s,
            tt,
            nodes: 0,
            cap,
            aborted: false,
            relative,
            special,
            fungible,
            point_cards,
            values,
            seat_counted,
            cards_to_avoid,
            lone_maximiser: (side[..n as usize].iter().filter(|&&max| max).count() == 1)
                .then(|| side.iter().position(|&max| max))
                .flatten(),
            history: cards_to_avoid.then(|| Box::new([[0; 64]; MAX_PLAYERS])),
        };
        // The cards of the trick in progress are still in the pattern, with their players.
        let mut holding = engine.s.hands;
        for index in 0..usize::from(engine.s.trick_len).min(MAX_PLAYERS) {
            let player = (usize::from(engine.s.leader) + index) % usize::from(n);
            holding[player] |= bit(engine.s.trick[index]);
        }
        engine.s.holders = holder_pattern(&holding);
        for (player, hand) in holding.iter().enumerate().take(usize::from(n)) {
            for suit in 0..4u8 {
                let count = u64::from((hand & suit_mask(suit)).count_ones());
                engine.s.lengths |= count << (16 * player + 4 * usize::from(suit));
            }
        }
        engine
    }

    #[inline(always)]
    fn to_move(&self) -> usize {
        ((self.s.leader + self.s.trick_len) % self.n) as usize
    }

    fn tricks_left(&self) -> i32 {
        i32::from(self.rules.tricks_total) - i32::from(self.s.trick_index)
    }

    #[inline(always)]
    fn remaining(&self) -> u64 {
        self.s.hands[0] | self.s.hands[1] | self.s.hands[2] | self.s.hands[3]
    }

    /// The trump with power in the trick in progress.
    #[inline(always)]
    fn effective_trump(&self) -> u8 {
        if self.rules.first_trick_no_trump && self.s.trick_index == 0 {
            NO_TRUMP
        } else {
            self.s.trump
        }
    }

    // ------------------------------------------------------------------------------------
    // Rules

    /// The index in the trick of the card winning it so far, and whether it beat another card
    /// of its own suit (its rank mattered). `None`: no card can win (a lone face-down lead).
    #[inline(always)]
    fn winning(&self) -> Option<(usize, bool)> {
        let trump = self.effective_trump();
        let led = self.s.led;
        let mut best: Option<(usize, i32)> = None;
        let start = usize::from(self.s.blind_trick);
        for index in start..self.s.trick_len as usize {
            let card = self.s.trick[index];
            let suit = suit_of(card);
            let key = if suit == trump {
                0x100 + i32::from(card & 15)
            } else if suit == led {
                i32::from(card & 15)
            } else {
                continue;
            };
            if best.is_none_or(|(_, best_key)| key > best_key) {
                best = Some((index, key));
            }
        }
        let (index, _) = best?;
        let suit = suit_of(self.s.trick[index]);
        let by_rank =
            (start..self.s.trick_len as usize).any(|other| other != index && suit_of(self.s.trick[other]) == suit);
        Some((index, by_rank))
    }

    /// The highest trump in the trick so far.
    fn highest_trump_in_trick(&self, trump: u8) -> Option<SolverCard> {
        let mut best: Option<SolverCard> = None;
        for &card in &self.s.trick[..self.s.trick_len as usize] {
            if suit_of(card) == trump && best.is_none_or(|b| card > b) {
                best = Some(card);
            }
        }
        best
    }

    /// The legal cards of `player` now.
    #[inline]
    fn legal(&self, player: usize) -> u64 {
        let hand = self.s.hands[player];
        if self.s.trick_len == 0 {
            return self.lead_legal(hand);
        }
        let led = self.s.led;
        let same = hand & suit_mask(led);
        let mut allowed = match self.rules.follow {
            Follow::Suit => {
                if same != 0 {
                    same
                } else {
                    hand
                }
            }
            Follow::Tysiacha { must_beat, overtrump } => self.tysiacha_follow(hand, same, must_beat, overtrump),
            Follow::Brabant { exempt_jack, no_undertrump } => {
                self.brabant_follow(player, hand, same, exempt_jack, no_undertrump)
            }
        };
        if self.s.trick_index < self.rules.spade_ban_tricks && same == 0 {
            let others = allowed & !suit_mask(SPADES);
            if others != 0 {
                allowed = others;
            }
        }
        if let Some((called, CalledDuty::Rikken { discard_allowed })) = self.rules.called {
            if self.s.called_live && hand & bit(called) != 0 {
                if suit_of(called) == led {
                    allowed = bit(called);
                } else if same == 0 && !discard_allowed && hand.count_ones() > 1 {
                    allowed &= !bit(called);
                }
            }
        }
        allowed
    }

    fn lead_legal(&self, hand: u64) -> u64 {
        if self.s.trick_index == 0 {
            if let Some(forced) = self.rules.forced_first_lead {
                if hand & bit(forced) != 0 {
                    return bit(forced);
                }
            }
        }
        let mut allowed = hand;
        if self.s.trick_index < self.rules.spade_ban_tricks {
            let others = allowed & !suit_mask(SPADES);
            if others != 0 {
                allowed = others;
            }
        }
        if let Some((called, CalledDuty::Rikken { .. })) = self.rules.called {
            if self.s.called_live && hand & bit(called) != 0 {
                allowed &= !(suit_mask(suit_of(called)) & !bit(called));
            }
        }
        allowed
    }

    fn tysiacha_follow(&self, hand: u64, same: u64, must_beat: bool, overtrump: bool) -> u64 {
        if same != 0 {
            if must_beat {
                if let Some((index, _)) = self.winning() {
                    let winning = self.s.trick[index];
                    if suit_of(winning) == self.s.led {
                        let higher = same & above(winning);
                        if higher != 0 {
                            return higher;
                        }
                    }
                }
            }
            return same;
        }
        let trump = self.s.trump;
        if trump != NO_TRUMP {
            let trumps = hand & suit_mask(trump);
            if trumps != 0 {
                if overtrump {
                    if let Some(highest) = self.highest_trump_in_trick(trump) {
                        let higher = trumps & above(highest);
                        if higher != 0 {
                            return higher;
                        }
                    }
                }
                return trumps;
            }
        }
        hand
    }

    fn brabant_follow(
        &self,
        player: usize,
        hand: u64,
        same: u64,
        exempt_jack: Option<SolverCard>,
        no_undertrump: bool,
    ) -> u64 {
        let led = self.s.led;
        let brabant_called = match self.rules.called {
            Some((called, CalledDuty::Brabant { declarer, partner })) => Some((called, declarer, partner)),
            _ => None,
        };
        if let Some((called, _, _)) = brabant_called {
            if hand & bit(called) != 0 && suit_of(called) == led {
                return bit(called);
            }
        }
        let trump = self.s.trump;
        if trump == NO_TRUMP {
            return if same != 0 { same } else { hand };
        }
        let trumps = hand & suit_mask(trump);
        if led == trump {
            if trumps == 0 {
                return hand;
            }
            if exempt_jack.is_some_and(|jack| trumps == bit(jack)) {
                return hand;
            }
            return trumps;
        }
        let mut allowed = if same != 0 { same | trumps } else { hand };
        if no_undertrump {
            if let Some(highest) = self.highest_trump_in_trick(trump) {
                let rest = allowed & !(trumps & below(highest));
                if rest != 0 {
                    allowed = rest;
                }
            }
        }
        if let Some((called, declarer, partner)) = brabant_called {
            if player == declarer as usize {
                let played_by_partner = (0..self.s.trick_len as usize).find(|&index| self.s.trick[index] == called);
                if let Some(index) = played_by_partner {
                    let by = (self.s.leader as usize + index) % self.n as usize;
                    if by == partner as usize && self.winning().is_some_and(|(win, _)| win == index) {
                        let rest = allowed & !suit_mask(trump);
                        if rest != 0 {
                            allowed = rest;
                        }
                    }
                }
            }
        }
        allowed
    }

    /// Special leads open to `player` now: marriage declarations or the blind lead, as cards.
    fn special_leads(&self, player: usize) -> u64 {
        if self.s.trick_len != 0 {
            return 0;
        }
        let hand = self.s.hands[player];
        let mut out = 0;
        if let Some(marriages) = self.rules.marriages {
            if self.s.trick_index >= marriages.from_trick {
                for suit in 0..4 {
                    let (king, queen) = (marriages.king[suit], marriages.queen[suit]);
                    if hand & bit(king) != 0 && hand & bit(queen) != 0 {
                        out |= bit(king) | bit(queen);
                    }
                }
            }
        }
        if self.rules.blind_leader == Some(player as u8) && self.s.blind_available {
            // The blind lead is a lead of its own kind: any card but one of the called suit.
            if let Some((called, _)) = self.rules.called {
                out |= hand & !suit_mask(suit_of(called));
            }
        }
        out
    }

    // ------------------------------------------------------------------------------------
    // Goal

    /// The value the terminal position adds (bonuses, per-player tables).
    fn terminal(&self) -> i32 {
        match self.kind {
            Kind::Tricks => 0,
            Kind::Points(points) => {
                let (mine, theirs) = self.side_tricks();
                let mut value = 0;
                if mine > 0 {
                    value += i32::from(points.any_trick);
                }
                if theirs == 0 {
                    value += i32::from(points.all_tricks);
                }
                value
            }
            Kind::Seat(seat) => {
                let mut value = 0;
                for player in 0..self.n as usize {
                    if self.seat_counted & (1 << player) != 0 {
                        value += i32::from(seat.tables[player][self.count_index(seat, player)]);
                    }
                }
                value
            }
        }
    }

    fn count_index(&self, seat: &SeatTables, player: usize) -> usize {
        match seat.first_trick {
            Some((first, failed)) if first as usize == player && self.s.first_trick_lost => failed as usize & 15,
            _ => (self.s.won[player] as usize).min(15),
        }
    }

    /// Tricks won so far by the maximising side and by the others.
    fn side_tricks(&self) -> (u32, u32) {
        let mut mine = 0;
        let mut theirs = 0;
        for player in 0..self.n as usize {
            if self.side[player] {
                mine += u32::from(self.s.won[player]);
            } else {
                theirs += u32::from(self.s.won[player]);
            }
        }
        (mine, theirs)
    }

    /// Bounds on what the maximising side still gains, `left` tricks from a trick boundary,
    /// and the cards whose places they rest on.
    fn bounds(&self, left: i32) -> (i32, i32, u64) {
        self.bounds_with(left, true)
    }

    /// [`Engine::bounds`]; without `best_lead`, only those that hold whatever the leader leads
    /// (the windows of [`Solver::score_moves`], one per move): not a lone counted player's sure
    /// duck from the lead, which needs his best lead.
    fn bounds_with(&self, left: i32, best_lead: bool) -> (i32, i32, u64) {
        match self.kind {
            Kind::Tricks => (0, left, 0),
            Kind::Points(points) => {
                let (mut lo, mut hi) = (self.s.points_down, self.s.points_up);
                if left > 0 {
                    let last = i32::from(points.last_trick);
                    hi += last.max(0);
                    lo += last.min(0);
                }
                let (mine, theirs) = self.side_tricks();
                let any = i32::from(points.any_trick);
                if mine > 0 {
                    lo += any;
                    hi += any;
                } else if left > 0 {
                    hi += any.max(0);
                    lo += any.min(0);
                }
                let all = i32::from(points.all_tricks);
                if theirs == 0 {
                    hi += all.max(0);
                    lo += all.min(0);
                }
                if points.marriages {
                    hi += self.marriage_potential();
                }
                // A lone maximiser who has only cards to avoid and can duck every trick left
                // gains nothing more (Schoppen vrouw's declarer never takes the queen).
                let mut relevant = 0;
                if let Some(player) = self.lone_maximiser.filter(|_| self.cards_to_avoid) {
                    if let Some(cards) = self.ducks_every_trick(player, best_lead) {
                        lo = lo.max(if mine > 0 { any } else { 0 });
                        relevant = cards;
                    }
                }
                (lo, hi, relevant)
            }
            Kind::Seat(seat) => {
                let (mut lo, mut hi, mut relevant) = (0, 0, 0);
                let left = left.max(0) as usize;
                let run = self.top_trump_run();
                for player in 0..self.n as usize {
                    if self.seat_counted & (1 << player) == 0 {
                        continue;
                    }
                    let table = &seat.tables[player];
                    let count = self.count_index(seat, player);
                    let lost_first = matches!(seat.first_trick, Some((first, _)) if first as usize == player)
                        && self.s.first_trick_lost;
                    // The tricks the player may still win: all that are left, less those the
                    // top trumps are sure to take for whoever holds them.
                    let (fewest, most) = match run {
                        _ if lost_first => (0, 0),
                        Some((holder, sure, cards)) => {
                            relevant |= cards;
                            if holder == player {
                                (sure, left)
                            } else {
                                (0, left - sure)
                            }
                        }
                        None => (0, left),
                    };
                    let (from, to) = ((count + fewest).min(15), (count + most).min(15));
                    let (mut min, mut max) = (i32::MAX, i32::MIN);
                    for &value in &table[from..=to] {
                        min = min.min(i32::from(value));
                        max = max.max(i32::from(value));
                    }
                    // A first-trick player may still lose the first trick: the failed entry.
                    if let Some((first, failed)) = seat.first_trick {
                        if first as usize == player && self.s.trick_index == 0 && !self.s.first_trick_lost {
                            let value = i32::from(table[failed as usize & 15]);
                            min = min.min(value);
                            max = max.max(value);
                        }
                    }
                    lo += min;
                    hi += max;
                }
                // A lone counted player who can duck every trick left settles the value at his
                // table's entry now, if he wants it so (misère, a piek with its trick taken).
                if self.seat_counted.count_ones() == 1 {
                    let player = self.seat_counted.trailing_zeros() as usize;
                    if let Some(cards) = self.ducks_every_trick(player, best_lead) {
                        let now = i32::from(seat.tables[player][self.count_index(seat, player)]);
                        if self.side[player] {
                            lo = lo.max(now);
                        } else {
                            hi = hi.min(now);
                        }
                        relevant |= cards;
                    }
                }
                (lo, hi, relevant)
            }
        }
    }

    /// At a trick boundary, whether `player` can play under the trick's winner in every trick
    /// left whatever the others do, with the cards that rests on. He may not hold a trump (one
    /// he had to play could win), and in each suit he holds the others must never lead a card he
    /// cannot duck: taking his cards and theirs from the lowest up, no card of his has more of
    /// theirs below it than of his own (the Null game's safe suit). The others leading a card of
    /// the suit use up one of theirs, he one of his below it, and that keeps the condition (so
    /// does any card of theirs gone); void, he discards a card that cannot win. On lead, he
    /// needs a card that must lose: his highest of a suit in which another player holds only
    /// higher cards (who must beat it; playing his highest keeps the condition too). Sound under
    /// follow-suit rules and under Brabant's, where holding the led suit lets him play it or a
    /// trump (he plays it), not where a follower must beat (Tysiacha) or a called card, a spade
    /// ban, a blind lead, a forced or trumpless first trick or a marriage shapes play.
    fn ducks_every_trick(&self, player: usize, may_lead: bool) -> Option<u64> {
        let leads = self.s.leader as usize == player;
        if self.s.trick_len != 0
            || (leads && !may_lead)
            || (leads && self.first_trick_shaped())
            || matches!(self.rules.follow, Follow::Tysiacha { .. })
            || self.rules.marriages.is_some()
            || (self.rules.called.is_some() && self.s.called_live)
            || self.s.blind_available
            || self.s.trick_index < self.rules.spade_ban_tricks
        {
            return None;
        }
        let hand = self.s.hands[player];
        if self.s.trump != NO_TRUMP && hand & suit_mask(self.s.trump) != 0 {
            return None;
        }
        if let Kind::Seat(SeatTables { first_trick: Some((first, _)), .. }) = self.kind {
            if *first as usize == player && self.s.trick_index == 0 {
                return None;
            }
        }
        let others = self.remaining() & !hand;
        let mut relevant = 0u64;
        let mut losing_lead = !leads;
        for suit in 0..4u8 {
            let mine = suit_bits(hand, suit);
            if mine == 0 {
                continue;
            }
            let theirs = suit_bits(others, suit);
            if !losing_lead && theirs != 0 {
                let top = 31 - mine.leading_zeros();
                losing_lead = (0..self.n as usize).any(|other| {
                    let held = suit_bits(self.s.hands[other], suit);
                    other != player && held != 0 && held.trailing_zeros() > top
                });
            }
            if !safe_suit(mine, theirs) {
                return None;
            }
            relevant |= self.remaining() & suit_mask(suit);
        }
        losing_lead.then_some(relevant)
    }

    /// At a trick boundary, the player holding the highest trump left and how many of the top
    /// trumps he holds in a row, with those cards: each is sure to win the trick it is played
    /// to, whatever the others do (nothing can beat it), and he must play them all before the
    /// hand ends. Decisive for misère and piek with trump: a declarer holding the top trump
    /// has lost a misère.
    fn top_trump_run(&self) -> Option<(usize, usize, u64)> {
        let trump = self.effective_trump();
        if trump == NO_TRUMP || self.s.trick_len != 0 {
            return None;
        }
        let mut trumps = self.remaining() & suit_mask(trump);
        if trumps == 0 {
            return None;
        }
        let top = highest(trumps);
        let holder = (0..self.n as usize).find(|&player| self.s.hands[player] & bit(top) != 0)?;
        let (mut sure, mut cards) = (0, 0u64);
        while trumps != 0 {
            let card = highest(trumps);
            if self.s.hands[holder] & bit(card) == 0 {
                break;
            }
            sure += 1;
            cards |= bit(card);
            trumps &= !bit(card);
        }
        Some((holder, sure, cards))
    }

    /// The most marriage points the maximising side could still declare.
    fn marriage_potential(&self) -> i32 {
        let Some(marriages) = self.rules.marriages else { return 0 };
        let mut total = 0;
        for player in 0..self.n as usize {
            if !self.side[player] {
                continue;
            }
            let hand = self.s.hands[player];
            for suit in 0..4 {
                if hand & bit(marriages.king[suit]) != 0 && hand & bit(marriages.queen[suit]) != 0 {
                    total += i32::from(marriages.values[suit]).max(0);
                }
            }
        }
        total
    }

    fn trick_cards(&self) -> u64 {
        self.s.trick[..self.s.trick_len as usize].iter().fold(0, |set, &card| set | bit(card))
    }

    /// Bounds on the value still to come from the root (which may be inside a trick).
    fn root_bounds(&self) -> (i32, i32) {
        let left = self.tricks_left();
        let (lo, hi, _) = self.bounds(left);
        (lo, hi)
    }

    /// Bounds on the value after any move of the root's player.
    fn root_bounds_for_every_move(&self) -> (i32, i32) {
        let left = self.tricks_left();
        let (lo, hi, _) = self.bounds_with(left, false);
        (lo, hi)
    }

    // ------------------------------------------------------------------------------------
    // Search

    /// A fail-soft zero-window search from the root for "can the maximising side gain at least
    /// `target`?": a value `v >= target` is a lower bound of the gain, `v < target` an upper
    /// bound. With `first`, only after that move.
    fn root_probe(&mut self, target: i32, first: Option<u8>) -> i32 {
        self.root_search(target - 1, target, first)
    }

    /// A fail-soft alpha-beta search from the root in the window `alpha..beta` (exclusive): a
    /// value `<= alpha` is an upper bound of the gain, `>= beta` a lower bound, and one in
    /// between exact. With `first`, only after that move.
    fn root_search(&mut self, alpha: i32, beta: i32, first: Option<u8>) -> i32 {
        if let Some(mv) = first {
            let player = self.to_move();
            return self.after_move(player, mv, alpha, beta).0;
        }
        if self.s.trick_len == 0 {
            self.trick_node(alpha, beta).0
        } else {
            self.moves_node(alpha, beta, None).0
        }
    }

    /// The exact value (future part) within `lo..=hi`: for tricks and goals of at most
    /// [`SMALL_RANGE`] + 1 values by zero-window probes (MTD(f) from `guess`, else bisection),
    /// otherwise by one search over the whole window; returns the bounds reached (equal unless
    /// the cap stopped the search).
    fn exact(&mut self, mut lo: i32, mut hi: i32, guess: Option<i32>, first: Option<u8>) -> (i32, i32) {
        if !matches!(self.kind, Kind::Tricks) && hi - lo > SMALL_RANGE {
            // Card points move a probe's fail-soft value by a point or two, so MTD(f) would
            // crawl through dozens of probes; one search with the whole window is cheaper
            // (Tysiacha: a fifth fewer nodes at the median, half at the worst). Tricks keep
            // MTD, which the bridge measurements favour, and so do goals of a few values
            // (one-or-nothing contracts, Schoppen Mie), where a window of all of them would
            // forgo the cutoffs a probe gets.
            let value = self.root_search(lo - 1, hi + 1, first);
            if self.aborted {
                return (lo, hi);
            }
            let value = value.clamp(lo, hi);
            return (value, value);
        }
        let mut guess = guess.map(|g| g.clamp(lo, hi));
        while lo < hi {
            let target = match guess {
                Some(g) if g > lo => g,
                Some(_) => lo + 1,
                // The middle, rounded up: `/` rounds toward zero, which below zero is the
                // top of the range (Schoppen Mie's -2..=0 would probe 0 first, not -1).
                None => (lo + hi + 1).div_euclid(2),
            };
            let value = self.root_probe(target, first);
            if self.aborted {
                break;
            }
            if value >= target {
                lo = value.min(hi).max(target);
                guess = Some(lo);
            } else {
                hi = value.max(lo).min(target - 1);
                guess = Some(hi);
            }
        }
        (lo, hi)
    }

    /// Plays `mv` for `player`, searches on, and takes it back: the fail-soft value of the gain
    /// from before the move, and the cards whose ranks mattered.
    #[inline]
    fn after_move(&mut self, player: usize, mv: u8, alpha: i32, beta: i32) -> (i32, u64) {
        let saved = self.s;
        let now = self.make(player, mv);
        let result = if self.s.trick_len == self.n {
            let (winner, gain, winning_card, by_rank) = self.complete_trick();
            let gain = now + if self.side[winner] { gain } else { 0 };
            let (value, mut relevant) = self.trick_node(alpha - gain, beta - gain);
            if by_rank {
                relevant |= bit(winning_card);
            }
            (value + gain, relevant)
        } else {
            let (value, relevant, _) = self.moves_node(alpha - now, beta - now, None);
            (value + now, relevant)
        };
        self.s = saved;
        result
    }

    /// Plays `mv` for `player` into the trick; returns what the maximising side gains at once
    /// (a marriage's value).
    #[inline(always)]
    fn make(&mut self, player: usize, mv: u8) -> i32 {
        let card = mv & 0x7F;
        let special = mv & 0x80 != 0;
        let mut gain = 0;
        self.s.hands[player] &= !bit(card);
        self.s.lengths -= 1 << (16 * player + 4 * usize::from(suit_of(card)));
        if self.s.trick_len == 0 {
            self.s.led = suit_of(card);
            if special {
                if let Some(marriages) = self.rules.marriages {
                    let suit = suit_of(card);
                    self.s.trump = suit;
                    if self.side[player] {
                        if let Kind::Points(points) = self.kind {
                            if points.marriages {
                                gain = i32::from(marriages.values[suit as usize]);
                            }
                        }
                    }
                } else if self.rules.blind_leader == Some(player as u8) && self.s.blind_available {
                    self.s.led = self.rules.called.map_or(suit_of(card), |(called, _)| suit_of(called));
                    self.s.blind_trick = true;
                    self.s.blind_available = false;
                }
            }
        }
        if let Some((called, CalledDuty::Rikken { .. })) = self.rules.called {
            if card == called && !special {
                self.s.called_live = false;
                self.s.blind_available = false;
            }
        }
        self.s.trick[self.s.trick_len as usize] = card;
        self.s.trick_len += 1;
        gain
    }

    /// Gives the complete trick to its winner and starts the next one: (winner, what the
    /// winner's side gains, the winning card, whether its rank beat another card of its suit).
    #[inline(always)]
    fn complete_trick(&mut self) -> (usize, i32, SolverCard, bool) {
        let (index, by_rank) = self.winning().unwrap_or((self.n as usize - 1, false));
        let winner = (self.s.leader as usize + index) % self.n as usize;
        let winning_card = self.s.trick[index];
        if self.relative {
            // Each card leaves the pattern: the holders below it in its suit move up a place.
            let mut set = self.remaining() | self.trick_cards();
            for &card in &self.s.trick[..self.n as usize] {
                let shift = 32 * u32::from(suit_of(card));
                let lane = (self.s.holders >> shift) as u32;
                let place = 2 * (set & above(card)).count_ones();
                let kept = (1u32 << place) - 1;
                let lane = (lane & kept) | ((lane >> 2) & !kept);
                self.s.holders = (self.s.holders & !(u128::from(u32::MAX) << shift)) | u128::from(lane) << shift;
                set &= !bit(card);
            }
        }
        let mut gain = 0;
        match self.kind {
            Kind::Tricks => gain = 1,
            Kind::Points(points) => {
                for &card in &self.s.trick[..self.n as usize] {
                    let value = i32::from(self.values[card as usize]);
                    gain += value;
                    if value > 0 {
                        self.s.points_up -= value;
                    } else {
                        self.s.points_down -= value;
                    }
                }
                if self.s.trick_index + 1 == self.rules.tricks_total {
                    gain += i32::from(points.last_trick);
                }
            }
            Kind::Seat(seat) => {
                if let Some((first, _)) = seat.first_trick {
                    if self.s.trick_index == 0 && winner != first as usize {
                        self.s.first_trick_lost = true;
                    }
                }
            }
        }
        if let Some((called, CalledDuty::Rikken { .. })) = self.rules.called {
            if self.s.led == suit_of(called) {
                self.s.called_live = false;
            }
        }
        self.s.won[winner] = self.s.won[winner].saturating_add(1);
        self.s.leader = winner as u8;
        self.s.trick_len = 0;
        self.s.trick_index += 1;
        self.s.blind_trick = false;
        (winner, gain, winning_card, by_rank)
    }

    /// The position the engine's state stands for.
    fn position(&self, rules: Rules) -> Position {
        Position {
            rules,
            hands: self.s.hands,
            trick: self.s.trick,
            trick_len: self.s.trick_len,
            leader: self.s.leader,
            trump: (self.s.trump != NO_TRUMP).then_some(self.s.trump),
            trick_index: self.s.trick_index,
            won: self.s.won,
            called_live: self.s.called_live,
            blind_available: self.s.blind_available,
            blind_trick: self.s.blind_trick,
        }
    }

    /// A trick boundary: bounds, quick tricks, the table, then the leader's moves. Fail-soft:
    /// see [`Engine::root_probe`].
    fn trick_node(&mut self, alpha: i32, beta: i32) -> (i32, u64) {
        let left = self.tricks_left();
        if left <= 0 || self.remaining() == 0 {
            return (self.terminal(), 0);
        }
        let (lo, hi, bound_cards) = self.bounds(left);
        if lo >= beta {
            return (lo, bound_cards);
        }
        if hi <= alpha {
            return (hi, bound_cards);
        }
        self.nodes += 1;
        if self.nodes > self.cap {
            self.aborted = true;
            return (lo, 0);
        }
        if !self.relative {
            if let Some(cut) = self.sure_tricks_cut(alpha, beta, left) {
                return cut;
            }
        }
        if left == 1 {
            if let Some(played) = self.last_trick() {
                return played;
            }
        }
        if left < 2 {
            let (value, relevant, _) = self.moves_node(alpha, beta, None);
            return (value, relevant);
        }
        if !self.relative {
            // Without partition search every card's rank matters: whole positions in the table.
            let mut key = self.key(true);
            let hands = self.canonical_hands();
            key.cards = hands[0] | hands[1] | hands[2] | hands[3];
            let others = [hands[1], hands[2], hands[3]];
            let tt_move = match self.tt.probe_exact(&key, &others, alpha, beta) {
                Probe::Cut(value, _) => return (value, self.remaining()),
                Probe::Open(best) => best.map(|mv| self.relabel(mv, false)),
            };
            let (value, _, best) = self.moves_node(alpha, beta, tt_move);
            if !self.aborted {
                let best = best.map(|mv| self.relabel(mv, true));
                self.tt.store_exact(&key, &others, left, alpha, beta, value.clamp(lo, hi), best);
            }
            return (value, self.remaining());
        }
        let key = self.key(false);
        let patterns = self.s.holders;
        #[cfg(debug_assertions)]
        assert_eq!(patterns, holder_pattern(&self.s.hands), "the kept holder pattern is the position's");
        let tt_move = match self.tt.probe(&key, patterns, alpha, beta) {
            Probe::Cut(value, kmask) => return (value, self.cards_of_kmask(kmask)),
            Probe::Open(best) => best,
        };
        if let Some(cut) = self.sure_tricks_cut(alpha, beta, left) {
            return cut;
        }
        let (value, mut relevant, best) = self.moves_node(alpha, beta, tt_move);
        if self.aborted {
            return (value, relevant);
        }
        if let Some((called, CalledDuty::Rikken { .. })) = self.rules.called {
            if self.s.called_live {
                relevant |= bit(called) & self.remaining();
            }
        }
        // What the rest of the hand is worth depends on who holds each point card.
        relevant |= self.point_cards & self.remaining();
        let kmask = self.kmask_of(relevant);
        self.tt.store(&key, patterns, kmask, alpha, beta, value.clamp(lo, hi), best);
        (value, relevant)
    }

    /// A cutoff by the tricks the leader's side, or the other, is sure to take (trick goals
    /// under suit-following rules only).
    fn sure_tricks_cut(&self, alpha: i32, beta: i32, left: i32) -> Option<(i32, u64)> {
        if !matches!(self.kind, Kind::Tricks) || !self.quick_tricks_apply() {
            return None;
        }
        let (quick, relevant) = self.quick_tricks();
        if self.side[self.s.leader as usize] {
            if quick >= beta {
                return Some((quick, relevant));
            }
        } else if left - quick <= alpha {
            return Some((left - quick, relevant));
        }
        let (max_sure, min_sure, relevant) = self.sure_trump_tricks();
        if max_sure >= beta {
            return Some((max_sure, relevant));
        }
        if left - min_sure <= alpha {
            return Some((left - min_sure, relevant));
        }
        None
    }

    /// The last trick played out when every hand holds one card and no special lead is open,
    /// so that play is forced: its value and the card whose rank decided it.
    fn last_trick(&mut self) -> Option<(i32, u64)> {
        let leader = self.s.leader as usize;
        if self.special_leads(leader) != 0 {
            return None;
        }
        let n = self.n as usize;
        if (0..n).any(|player| self.s.hands[player].count_ones() != 1) {
            return None;
        }
        let saved = self.s;
        let mut gain = 0;
        for offset in 0..n {
            let player = (leader + offset) % n;
            gain += self.make(player, self.s.hands[player].trailing_zeros() as u8);
        }
        let (winner, trick_gain, winning_card, by_rank) = self.complete_trick();
        let value = gain + if self.side[winner] { trick_gain } else { 0 } + self.terminal();
        self.s = saved;
        Some((value, if by_rank { bit(winning_card) } else { 0 }))
    }

    /// The moves of the player to move: (fail-soft value, cards whose ranks mattered, the move
    /// that cut off).
    fn moves_node(&mut self, alpha: i32, beta: i32, tt_move: Option<u8>) -> (i32, u64, Option<u8>) {
        let player = self.to_move();
        let maxing = self.side[player];
        let (mut alpha, mut beta, window) = (alpha, beta, (alpha, beta));
        if self.s.trick_len == 1 {
            if let Kind::Tricks = self.kind {
                if let Some((sure, relevant)) = self.second_hand_quick(player) {
                    if maxing && sure >= beta {
                        return (sure, relevant, None);
                    }
                    let most = self.tricks_left() - sure;
                    if !maxing && most <= alpha {
                        return (most, relevant, None);
                    }
                }
            }
        }
        // A forced card needs neither hint nor ordering.
        let legal = self.legal(player);
        let forced = legal.count_ones() == 1 && self.special_leads(player) == 0;
        let (cutoff_hash, hint) = if forced {
            (0, None)
        } else {
            let hash = self.cutoff_hash(player, beta);
            (hash, self.tt.cutoff(hash))
        };
        // The table's move or the remembered cutoff goes first, before the others are scored:
        // most nodes cut off on it, and scoring is a good part of a node's cost.
        let first = if forced {
            Some(legal.trailing_zeros() as u8)
        } else {
            [tt_move, hint].into_iter().flatten().find(|&mv| self.is_candidate(player, mv))
        };
        let mut moves = match first {
            Some(mv) => {
                let mut list = MoveList::new();
                list.push(mv, i32::MAX);
                list
            }
            None => self.ordered_moves(player, tt_move, hint),
        };
        let mut ordered = first.is_none();
        let mut relevant = 0u64;
        let mut best = if maxing { i32::MIN } else { i32::MAX };
        // The lowest card searched so far in each suit: a card is also interchangeable with it
        // when nothing at or below the higher of the two has mattered in any branch so far.
        let mut lowest_searched = [u8::MAX; 4];
        let mut index = 0;
        loop {
            if index == moves.len {
                if ordered {
                    break;
                }
                let rest = self.ordered_moves(player, None, hint);
                for (&mv, &score) in rest.moves[..rest.len].iter().zip(&rest.scores[..rest.len]) {
                    if Some(mv) != first {
                        moves.push(mv, score);
                    }
                }
                ordered = true;
                continue;
            }
            let mv = moves.moves[index];
            index += 1;
            let card = mv & 0x3F;
            let suit = suit_of(card) as usize;
            let plain = self.relative && mv & 0x80 == 0 && self.special & bit(card) == 0;
            if plain {
                let searched = lowest_searched[suit];
                if searched != u8::MAX {
                    let top = card.max(searched);
                    if relevant & suit_mask(suit as u8) & ((2u64 << top) - 1) == 0 {
                        continue;
                    }
                }
                lowest_searched[suit] = lowest_searched[suit].min(card);
            }
            let (value, mut child) = self.after_move(player, mv, alpha, beta);
            if self.relative && child & suit_mask(suit as u8) & ((2u64 << card) - 1) != 0 {
                // The card stood for the touching cards below it, which holds only while no
                // other hand has a card between them: once ranks at or below the card
                // mattered, the ranks down to the group's lowest card matter too (else a
                // table entry or a merge above would apply to positions where the group is
                // split).
                child |= bit(self.group_lowest(player, mv));
            }
            if self.aborted {
                return (value, relevant, None);
            }
            if (maxing && value >= beta) || (!maxing && value <= alpha) {
                if hint != Some(mv) && !forced {
                    self.tt.set_cutoff(cutoff_hash, mv);
                }
                if let Some(history) = self.history.as_deref_mut().filter(|_| !maxing) {
                    let left = i32::from(self.rules.tricks_total.saturating_sub(self.s.trick_index));
                    let weight = &mut history[player][usize::from(card)];
                    *weight = weight.saturating_add(left * left);
                }
                return (value, child, Some(mv));
            }
            relevant |= child;
            if maxing {
                best = best.max(value);
                alpha = alpha.max(value);
            } else {
                best = best.min(value);
                beta = beta.min(value);
            }
        }
        if best == i32::MIN || best == i32::MAX {
            // No move at all (cannot happen with a legal position): the node's own bound.
            best = if maxing { window.0 } else { window.1 };
        }
        (best, relevant, None)
    }

    // ------------------------------------------------------------------------------------
    // Moves

    /// Whether two cards of one suit, `higher` above `lower`, are interchangeable for a player:
    /// no card of another hand (or of the trick) lies between them, and neither carries points
    /// or a duty that sets it apart. `others` are the cards not in the player's hand.
    #[inline(always)]
    fn touching(&self, others: u64, higher: SolverCard, lower: SolverCard) -> bool {
        others & below(higher) & above(lower) == 0
            && self.special & (bit(higher) | bit(lower)) == 0
            && self.values[higher as usize] == self.values[lower as usize]
    }

    /// The representatives of the touching-card groups among `legal` (the highest card of each).
    fn representatives(&self, player: usize, legal: u64) -> u64 {
        let others = (self.remaining() & !self.s.hands[player]) | self.trick_cards();
        let mut reps = 0u64;
        for suit in 0..4u8 {
            let mut cards = legal & suit_mask(suit);
            let mut previous: Option<SolverCard> = None;
            while cards != 0 {
                let card = highest(cards);
                cards &= !bit(card);
                if !previous.is_some_and(|prev| self.touching(others, prev, card)) {
                    reps |= bit(card);
                }
                previous = Some(card);
            }
        }
        reps
    }

    /// The lowest card of the touching group that `mv` stands for (see
    /// [`Engine::representatives`]).
    fn group_lowest(&self, player: usize, mv: u8) -> SolverCard {
        let card = mv & 0x3F;
        let set = if mv & 0x80 == 0 { self.legal(player) } else { self.special_leads(player) };
        let others = (self.remaining() & !self.s.hands[player]) | self.trick_cards();
        let mut lowest = card;
        let mut lower = set & below(card);
        while lower != 0 {
            let next = highest(lower);
            lower &= !bit(next);
            if !self.touching(others, lowest, next) {
                break;
            }
            lowest = next;
        }
        lowest
    }

    /// The hash under which a node's cutoff move is remembered. It names what decides a good
    /// move rather than the whole position, so that the hint carries over to the many nodes
    /// that share it: on lead, the leader's hand, the others' suit-length parities and the
    /// target; following suit, the suit's cards, the trick's winning card and its leader; not
    /// following, the hand, the winning card and the target.
    fn cutoff_hash(&self, player: usize, beta: i32) -> u64 {
        let position = u64::from(self.s.trick_len);
        // Card-point targets take many values, and a hint split by target would rarely be
        // found again (Tachtigen without it: the mean step solve 13% cheaper, the exact value 39%).
        let needed = if matches!(self.kind, Kind::Points(_)) { 0 } else { (beta.clamp(-1000, 1000) + 1024) as u64 };
        let (a, b) = if self.s.trick_len == 0 {
            // The low bit of each suit length (kept up in the state).
            let parity = self.s.lengths & 0x1111_1111_1111_1111;
            (self.s.hands[player], parity.wrapping_mul(0x9E37_79B9) ^ needed << 20)
        } else {
            let winning = self.winning().map_or(0xFF, |(index, _)| u64::from(self.s.trick[index]));
            let led = suit_mask(self.s.led);
            if self.s.hands[player] & led != 0 {
                let suit_cards = (self.remaining() | self.trick_cards()) & led;
                (suit_cards, winning | u64::from(self.s.leader) << 8 | 1 << 12)
            } else {
                (self.s.hands[player], winning | needed << 20 | 2 << 12)
            }
        };
        let mut h = a.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        h ^= (b << 3 | position).wrapping_mul(0xC2B2_AE3D_27D4_EB4F).rotate_left(29);
        h ^ (h >> 31)
    }

    /// Whether `mv` is one of the moves [`Engine::ordered_moves`] would give.
    fn is_candidate(&self, player: usize, mv: u8) -> bool {
        let card = mv & 0x3F;
        if mv & 0x40 != 0 {
            return false;
        }
        if mv & 0x80 != 0 {
            let specials = self.special_leads(player);
            let set = if self.rules.blind_leader == Some(player as u8) {
                self.representatives(player, specials)
            } else {
                specials
            };
            return set & bit(card) != 0;
        }
        // A representative is the highest card of its touching group: the legal card next
        // above it, if any, is not touching it.
        let legal = self.legal(player);
        if legal & bit(card) == 0 {
            return false;
        }
        let higher = legal & above(card);
        if higher == 0 {
            return true;
        }
        let others = (self.remaining() & !self.s.hands[player]) | self.trick_cards();
        !self.touching(others, higher.trailing_zeros() as SolverCard, card)
    }

    /// The moves to search, best first.
    fn ordered_moves(&mut self, player: usize, tt_move: Option<u8>, cutoff: Option<u8>) -> MoveList {
        let legal = self.legal(player);
        let reps = self.representatives(player, legal);
        let specials = self.special_leads(player);
        let mut list = MoveList::new();
        let mut context = self.score_context();
        let history = self.history.as_deref().filter(|_| !self.side[player]).map(|history| &history[player]);
        let mut cards = reps;
        while cards != 0 {
            let card = cards.trailing_zeros() as u8;
            cards &= cards - 1;
            let mut score = self.move_score(&mut context, player, card, false);
            if let Some(history) = history {
                score = score.saturating_add(history[usize::from(card)]);
            }
            list.push(card, score);
        }
        let mut cards = if self.rules.blind_leader == Some(player as u8) {
            self.representatives(player, specials)
        } else {
            specials
        };
        while cards != 0 {
            let card = cards.trailing_zeros() as u8;
            cards &= cards - 1;
            let score = self.move_score(&mut context, player, card, true);
            list.push(card | 0x80, score);
        }
        if let Some(hint) = cutoff {
            if let Some(index) = list.moves[..list.len].iter().position(|&mv| mv == hint) {
                list.scores[index] = i32::MAX - 1;
            }
        }
        if let Some(best) = tt_move {
            if let Some(index) = list.moves[..list.len].iter().position(|&mv| mv == best) {
                list.scores[index] = i32::MAX;
            }
        }
        list.sort();
        list
    }

    /// Groups of legal moves at the root: (representative, members) with members ended by
    /// `u8::MAX`.
    fn root_groups(&self, player: usize) -> Vec<(u8, [u8; 16])> {
        let legal = self.legal(player);
        let specials = self.special_leads(player);
        let others = (self.remaining() & !self.s.hands[player]) | self.trick_cards();
        let mut groups: Vec<(u8, [u8; 16])> = Vec::new();
        for (set, flag) in [(legal, 0u8), (specials, 0x80u8)] {
            for suit in 0..4u8 {
                let mut cards = set & suit_mask(suit);
                let mut previous: Option<SolverCard> = None;
                while cards != 0 {
                    let card = highest(cards);
                    cards &= !bit(card);
                    let merged = flag == 0 || self.rules.blind_leader == Some(player as u8);
                    let merged = merged && previous.is_some_and(|prev| self.touching(others, prev, card));
                    if merged {
                        if let Some(group) = groups.last_mut() {
                            if let Some(slot) = group.1.iter_mut().find(|slot| **slot == u8::MAX) {
                                *slot = card | flag;
                            }
                        }
                    } else {
                        let mut members = [u8::MAX; 16];
                        members[0] = card | flag;
                        groups.push((card | flag, members));
                    }
                    previous = Some(card);
                }
            }
        }
        groups
    }

    /// The ordering score of a move (higher first).
    fn move_score(&self, context: &mut ScoreContext, player: usize, card: SolverCard, special: bool) -> i32 {
        if context.avoid {
            return self.avoid_score(context, player, card);
        }
        if self.cards_to_avoid && self.side[player] {
            return self.keep_clear_score(context, player, card);
        }
        if self.cards_to_avoid && self.values[card as usize] < 0 && self.s.trick_len > 0 {
            // A card to avoid under a maximiser's winning card: shed on him at once. Measured:
            // Schoppen vrouw's node geomean 7 to 35% lower on four seeds; this rule alone, not
            // a whole order for the minimisers, which made three seeds of four worse.
            if let Some((win_index, _)) = context.winning {
                let winner = (self.s.leader as usize + win_index) % self.n as usize;
                if self.side[winner] && !beats(card, self.s.trick[win_index], self.effective_trump()) {
                    return 9_000;
                }
            }
        }
        let suit = suit_of(card);
        let strength = i32::from(card & 15);
        let value = i32::from(self.values[card as usize]);
        let mine = self.side[player];
        let trump = self.effective_trump();
        if self.s.trick_len == 0 {
            let suit_index = suit as usize;
            let lead = match context.lead[suit_index] {
                Some(lead) => lead,
                None => {
                    let lead = self.lead_suit(player, suit);
                    context.lead[suit_index] = Some(lead);
                    lead
                }
            };
            let mut score = 100 * self.lead_card_weight(&lead, player, card);
            if special {
                // A marriage: usually worth declaring.
                score += if self.rules.marriages.is_some() { 6_000 } else { 500 };
            }
            score -= 20 * value;
            return score;
        }
        // Following.
        let Some((win_index, _)) = context.winning else { return -strength };
        let winning_card = self.s.trick[win_index];
        let winner = (self.s.leader as usize + win_index) % self.n as usize;
        let partner_winning = self.side[winner] == mine;
        let beats = beats(card, winning_card, trump);
        let last = self.s.trick_len + 1 == self.n;
        let mut score = 0;
        let trick_value = context.trick_value;
        if last {
            if partner_winning {
                score += 3_000 - 50 * strength + 60 * value;
            } else if beats {
                score += 6_000 - 50 * strength + 10 * trick_value - 10 * value;
            } else {
                score += 1_000 - 50 * strength - 60 * value;
            }
            return score;
        }
        // Second or third hand: is the card (or the partner's) sure to hold the trick?
        let (first_later, n) = (self.s.trick_len as usize + 1, self.n as usize);
        let holds_against = |c: SolverCard| -> bool {
            (first_later..n).map(|offset| (self.s.leader as usize + offset) % n).all(|p| {
                if self.side[p] == mine {
                    return true;
                }
                let hand = self.s.hands[p];
                let follow = hand & suit_mask(self.s.led);
                let csuit = suit_of(c);
                if follow != 0 {
                    if csuit == self.s.led {
                        follow & above(c) == 0
                    } else {
                        // c is a trump over a plain lead.
                        true
                    }
                } else if trump != NO_TRUMP {
                    let trumps = hand & suit_mask(trump);
                    if csuit == trump {
                        trumps & above(c) == 0
                    } else {
                        trumps == 0
                    }
                } else {
                    true
                }
            })
        };
        if partner_winning && holds_against(winning_card) {
            score += 5_000 - 50 * strength + 40 * value;
        } else if beats && holds_against(card) {
            score += 7_000 - 50 * strength + 10 * trick_value;
        } else if beats {
            score += 2_500 + 20 * strength - 20 * value;
        } else {
            score += 2_000 - 50 * strength - 40 * value;
        }
        score
    }

    /// The part of a lead's ordering weight that is the same for every card of `suit` (computed
    /// once per suit and node: it walks the hands).
    fn lead_suit(&self, player: usize, suit: u8) -> LeadSuit {
        let n = self.n as usize;
        let mine = self.side[player];
        let trump = self.effective_trump();
        let remaining = self.remaining();
        let suit_left = remaining & suit_mask(suit);
        let left = self.tricks_left();
        let lho = (player + 1) % n;
        let rho = (player + n - 1) % n;
        let partner = (1..n).map(|offset| (player + offset) % n).find(|&p| self.side[p] == mine);
        let len = |p: usize| (self.s.hands[p] & suit_mask(suit)).count_ones() as i32;
        let has_trumps = |p: usize| trump != NO_TRUMP && self.s.hands[p] & suit_mask(trump) != 0;
        let holder = |c: SolverCard| (0..n).find(|&p| self.s.hands[p] & bit(c) != 0);
        // How many cards the opponents may answer with (a void one: any card).
        let mut answers = 0;
        for p in 0..n {
            if self.side[p] != mine {
                answers += if len(p) == 0 { left + 1 } else { len(p) };
            }
        }
        let mut weight = -(answers * 4 * 32 / 13);
        let top = highest(suit_left);
        let second = {
            let rest = suit_left & !bit(top);
            (rest != 0).then(|| highest(rest))
        };
        let third = second.and_then(|second| {
            let rest = suit_left & !bit(top) & !bit(second);
            (rest != 0).then(|| highest(rest))
        });
        let top_holder = holder(top);
        let second_holder = second.and_then(holder);
        let opponent_ruffs = suit != trump && (0..n).any(|p| self.side[p] != mine && len(p) == 0 && has_trumps(p));
        if opponent_ruffs {
            weight -= 12;
        }
        if let Some(partner) = partner {
            if suit != trump && len(partner) == 0 && has_trumps(partner) && len(rho) > 0 {
                weight += 17;
            }
        }
        if (top_holder == Some(rho) || second_holder == Some(rho)) && !self.side[rho] {
            if len(rho) != 1 {
                weight -= 12;
            }
        } else if top_holder == Some(lho)
            && !self.side[lho]
            && second_holder.is_some()
            && second_holder == partner
            && partner.is_some_and(|p| len(p) != 1)
        {
            weight += 27;
        }
        let third_holder = third.and_then(holder);
        let losing_bonus = if second_holder.is_some() && second_holder == partner && third_holder == partner {
            20
        } else if (second_holder == Some(player) && third_holder.is_some() && third_holder == partner)
            || (second_holder.is_some() && second_holder == partner && third_holder == Some(player))
        {
            13
        } else {
            0
        };
        LeadSuit { weight, suit_left, top, top_holder, second_holder, partner, opponent_ruffs, losing_bonus }
    }

    /// The ordering weight of leading `card` (in units where a sure winner is about 30): a
    /// suit in which the opponents hold few cards keeps the tree small; winners first; leads to
    /// a partner's winner, his ruff, or past the left-hand opponent's honour are encouraged; a
    /// suit an opponent can ruff, or whose honours sit over us, discouraged. The suit's part
    /// comes from [`Engine::lead_suit`].
    fn lead_card_weight(&self, lead: &LeadSuit, player: usize, card: SolverCard) -> i32 {
        let LeadSuit { mut weight, suit_left, top, top_holder, second_holder, partner, opponent_ruffs, losing_bonus } =
            *lead;
        let suit = suit_of(card);
        let mine = self.side[player];
        let relative_rank = (suit_left & below(card)).count_ones() as i32;
        let wins = !opponent_ruffs && (card == top || top_holder.is_some_and(|h| h != player && self.side[h] == mine));
        if wins {
            let touching = self.s.hands[player] & suit_mask(suit) & (bit(card) >> 1) != 0;
            if top_holder == Some(player) {
                weight += if second_holder.is_some() && second_holder == partner {
                    48 + relative_rank
                } else if card == top {
                    31
                } else {
                    -3 + relative_rank
                };
            } else if top_holder.is_some() && top_holder == partner {
                weight += if second_holder == Some(player) { 42 + relative_rank } else { 28 + relative_rank };
            } else if touching {
                weight += 22 + relative_rank;
            } else {
                weight += 11 + relative_rank;
            }
        } else {
            weight += losing_bonus;
            weight -= relative_rank;
        }
        weight
    }

    /// What move scoring shares across one node's moves.
    fn score_context(&self) -> ScoreContext {
        let trick_value =
            self.s.trick[..self.s.trick_len as usize].iter().map(|&c| i32::from(self.values[c as usize])).sum();
        let winning = if self.s.trick_len == 0 { None } else { self.winning() };
        ScoreContext { winning, trick_value, lead: [None; 4], avoid: self.avoiding() }
    }

    /// Whether every player now wants the other side to take the tricks, so that move ordering
    /// turns round: the maximising side wants to lose every trick (a misère, a piek with its one
    /// trick taken: every counted player is on that side and his table only falls from his
    /// count on) and the others want him to win one; or, on a goal of cards to avoid (Schoppen
    /// vrouw), the maximising side holds such a card and wants to shed it on a trick of the
    /// others, who want to win nothing it could be shed on. Decision, measured on the special
    /// contracts of Tachtigen's baseline-bid hands, 40 per seed over three seeds: on misère
    /// the geometric mean of the nodes 5 to 15 times smaller (the trick-winning order made each
    /// side try its winners first); on Schoppen vrouw, turned round in every position it grew
    /// by 17 to 83%, turned round only while the declarer holds the queen it fell by 6 to 29%,
    /// hence the test of who holds it.
    fn avoiding(&self) -> bool {
        if let Kind::Points(_) = self.kind {
            return self.cards_to_avoid
                && (0..self.n as usize).any(|p| self.side[p] && self.s.hands[p] & self.point_cards != 0);
        }
        let Kind::Seat(seat) = self.kind else { return false };
        if seat.first_trick.is_some() && self.s.trick_index == 0 {
            return false;
        }
        let left = self.tricks_left().max(0) as usize;
        let mut falls = false;
        for player in 0..self.n as usize {
            if self.seat_counted & (1 << player) == 0 {
                continue;
            }
            if !self.side[player] {
                return false;
            }
            let from = self.count_index(seat, player);
            let to = (from + left).min(15);
            let table = &seat.tables[player];
            for count in from..to {
                if table[count + 1] > table[count] {
                    return false;
                }
                falls |= table[count + 1] < table[count];
            }
        }
        falls
    }

    /// The ordering score of a move when every player wants the other side to take the trick
    /// (see [`Engine::avoiding`]). Nobody wants to win: following, a card to avoid that stays
    /// under the trick's winner comes first (shed), then the other cards that stay under it,
    /// the highest first (it sheds a card that could win later and keeps the low ones to duck
    /// with); a card that must win, the highest. On lead, the maximising side leads where an
    /// opponent has only higher cards of the suit (he must overtake), the highest such card;
    /// the other side leads into a suit in which the maximising side holds only higher cards,
    /// the highest such card, and last into a suit it has none of (it sheds a card there).
    fn avoid_score(&self, context: &ScoreContext, player: usize, card: SolverCard) -> i32 {
        let suit = suit_of(card);
        let strength = i32::from(card & 15);
        let trump = self.effective_trump();
        let n = self.n as usize;
        if self.s.trick_len == 0 {
            let of_suit = |p: usize| self.s.hands[p] & suit_mask(suit);
            let others = (1..n).map(|offset| (player + offset) % n);
            if self.side[player] {
                let overtaken =
                    others.clone().any(|p| !self.side[p] && of_suit(p) != 0 && of_suit(p) & below(card) == 0);
                return if overtaken { 5_000 + 50 * strength } else { 1_000 - 50 * strength };
            }
            let mut forced = false;
            let mut void = false;
            let mut unsafe_suit = false;
            for p in others {
                if self.side[p] {
                    if of_suit(p) == 0 {
                        void = true;
                    } else if of_suit(p) & below(card) == 0 {
                        forced = true;
                    } else if !unsafe_suit {
                        // Leading the suit from the lowest up runs him out of cards to duck with.
                        let theirs = self.remaining() & !self.s.hands[p];
                        unsafe_suit = !safe_suit(suit_bits(self.s.hands[p], suit), suit_bits(theirs, suit));
                    }
                }
            }
            return if forced {
                5_000 + 50 * strength
            } else if void {
                -50 * strength
            } else if unsafe_suit {
                3_000 - 50 * strength
            } else {
                2_000 - 50 * strength
            };
        }
        let Some((win_index, _)) = context.winning else { return strength };
        if beats(card, self.s.trick[win_index], trump) {
            1_000 + 50 * strength
        } else if self.values[card as usize] < 0 {
            // A card to get rid of, under another's winner.
            8_000
        } else {
            5_000 + 50 * strength
        }
    }

    /// The ordering score of a maximiser's move on a goal of cards to avoid while another player
    /// holds such a card (Schoppen vrouw, the queen with an opponent): he must never win a
    /// trick it is played to. Following, he plays under the winner where the card is in the
    /// trick or a later player could still shed it (void in the led suit, or holding it in the
    /// led suit under his card), the highest such card first; in a trick it cannot reach, his
    /// highest card (a safe moment to get rid of it). On lead, first a card of its suit below
    /// it (if played, the card to avoid wins or is beaten by another's), then a suit each holder
    /// of such a card must follow, the highest card first. Decision, measured: before, the
    /// trick-winning order played on; Schoppen vrouw's nodes, geometric mean over the special
    /// contracts of 100 baseline-bid Tachtigen hands per seed (seeds 1, 2, 3, 5), went from
    /// 1,009 / 1,551 / 745 / 1,294 to 620 / 791 / 469 / 484, and Rikken's slowest Schoppen Mie
    /// deal of its 30-deal bench from 306 to 50 million nodes.
    fn keep_clear_score(&self, context: &ScoreContext, player: usize, card: SolverCard) -> i32 {
        let suit = suit_of(card);
        let strength = i32::from(card & 15);
        let n = self.n as usize;
        let to_avoid = self.point_cards & self.remaining() & !self.s.hands[player];
        let trump = self.effective_trump();
        if self.s.trick_len == 0 {
            if to_avoid & suit_mask(suit) & above(card) != 0 {
                return 6_000 + 50 * strength;
            }
            let followed = (0..n)
                .filter(|&p| p != player && self.s.hands[p] & to_avoid != 0)
                .all(|p| self.s.hands[p] & suit_mask(suit) != 0);
            return if followed { 4_000 + 50 * strength } else { 1_000 - 50 * strength };
        }
        let Some((win_index, _)) = context.winning else { return strength };
        let beats = beats(card, self.s.trick[win_index], trump);
        let led = self.s.led;
        let later = (self.s.trick_len as usize + 1..n).map(|offset| (self.s.leader as usize + offset) % n);
        let reachable = context.trick_value < 0
            || later.into_iter().any(|p| {
                let held = self.s.hands[p] & to_avoid;
                held != 0 && (self.s.hands[p] & suit_mask(led) == 0 || held & suit_mask(led) & below(card) != 0)
            });
        if reachable && beats {
            1_000 - 50 * strength
        } else {
            5_000 + 50 * strength
        }
    }

    // ------------------------------------------------------------------------------------
    // Quick tricks

    /// Trick 0 under a rule of its own: a forced lead, or trumps without power.
    fn first_trick_shaped(&self) -> bool {
        self.s.trick_index == 0 && (self.rules.forced_first_lead.is_some() || self.rules.first_trick_no_trump)
    }

    fn quick_tricks_apply(&self) -> bool {
        self.rules.follow == Follow::Suit
            && self.s.trick_index >= self.rules.spade_ban_tricks
            && !self.first_trick_shaped()
    }

    /// Sure tricks for the side on lead, and the cards they rely on: the leader's own cashable
    /// winners, or those of a partner reached by a lead to his top card, or a partner's ruff.
    fn quick_tricks(&self) -> (i32, u64) {
        let leader = self.s.leader as usize;
        let mine = self.side[leader];
        let (mut best, mut relevant) = self.cashable(leader);
        let trump = self.s.trump;
        let remaining = self.remaining();
        let opponents_follow_or_cannot_ruff = |suit: u8| {
            (0..self.n as usize).all(|p| {
                self.side[p] == mine
                    || trump == NO_TRUMP
                    || self.s.hands[p] & suit_mask(suit) != 0
                    || self.s.hands[p] & suit_mask(trump) == 0
            })
        };
        for partner in 0..self.n as usize {
            if partner == leader || self.side[partner] != mine {
                continue;
            }
            // One entry to the partner is enough: his cashable count does not depend on the suit.
            // The count relies on the entry card being its suit's top card (his cashable cards
            // need not include it), so it is relevant too.
            let entry = (0..4u8).find_map(|suit| {
                let suit_left = remaining & suit_mask(suit);
                if suit_left == 0 {
                    return None;
                }
                let top = bit(highest(suit_left));
                (self.s.hands[leader] & suit_mask(suit) != 0
                    && self.s.hands[partner] & top != 0
                    && (suit == trump || opponents_follow_or_cannot_ruff(suit)))
                .then_some(top)
            });
            if let Some(entry) = entry {
                let (count, cards) = self.cashable(partner);
                if count > best {
                    best = count;
                    relevant = cards | entry;
                }
            }
            if best == 0 && trump != NO_TRUMP && self.s.hands[partner] & suit_mask(trump) != 0 {
                // A ruff by partner: lead a suit he lacks that the opponents must follow.
                let ruff = (0..4u8).any(|suit| {
                    suit != trump
                        && self.s.hands[leader] & suit_mask(suit) != 0
                        && self.s.hands[partner] & suit_mask(suit) == 0
                        && (0..self.n as usize).all(|p| {
                            self.side[p] == mine
                                || self.s.hands[p] & suit_mask(suit) != 0
                                || self.s.hands[p] & suit_mask(trump) == 0
                        })
                });
                if ruff {
                    best = 1;
                    relevant = 0;
                }
            }
        }
        (best as i32, relevant)
    }

    /// Tricks `player` can cash from the top on lead: its trumps, then each plain suit, as
    /// long as no other hand can beat the card led (the others follow low, keeping their high
    /// cards), no opponent still holding trumps can ruff and no partner is forced to ruff; and
    /// the cards whose ranks the count relies on.
    fn cashable(&self, player: usize) -> (u32, u64) {
        let mine = self.side[player];
        let hand = self.s.hands[player];
        let trump = self.s.trump;
        let n = self.n as usize;
        // Cashes `suit` from the top for at most `limit` rounds.
        let cash = |suit: u8, limit: u32| -> (u32, u64) {
            let mut own = hand & suit_mask(suit);
            let mut others = [0u64; MAX_PLAYERS];
            for (p, other) in others.iter_mut().enumerate().take(n) {
                if p != player {
                    *other = self.s.hands[p] & suit_mask(suit);
                }
            }
            let mut count = 0;
            let mut relevant = 0;
            while own != 0 && count < limit {
                let card = highest(own);
                let beaten = others.iter().any(|&other| other & above(card) != 0);
                if beaten {
                    break;
                }
                if others.iter().any(|&other| other != 0) {
                    relevant |= bit(card);
                }
                count += 1;
                own &= !bit(card);
                for other in others.iter_mut() {
                    if *other != 0 {
                        *other &= *other - 1;
                    }
                }
            }
            (count, relevant)
        };
        let mut total = 0u32;
        let mut relevant = 0u64;
        if trump == NO_TRUMP {
            for suit in 0..4 {
                let (count, cards) = cash(suit, u32::MAX);
                total += count;
                relevant |= cards;
            }
            return (total, relevant);
        }
        let (trump_rounds, trump_cards) = cash(trump, u32::MAX);
        total += trump_rounds;
        relevant |= trump_cards;
        let trumps_of = |p: usize| (self.s.hands[p] & suit_mask(trump)).count_ones();
        // Partners still holding trumps after the trump rounds could be forced to ruff a
        // winner (taking the lead): limit the plain rounds by their plain cards.
        let mut plain_rounds_left = u32::MAX;
        for p in 0..n {
            if p != player && self.side[p] == mine && trumps_of(p) > trump_rounds {
                plain_rounds_left = plain_rounds_left.min(self.s.hands[p].count_ones() - trumps_of(p));
            }
        }
        for suit in 0..4u8 {
            if suit == trump {
                continue;
            }
            let mut limit = plain_rounds_left;
            for p in 0..n {
                if self.side[p] != mine && trumps_of(p) > trump_rounds {
                    limit = limit.min((self.s.hands[p] & suit_mask(suit)).count_ones());
                }
            }
            if limit == 0 {
                continue;
            }
            let (count, cards) = cash(suit, limit);
            total += count;
            relevant |= cards;
            plain_rounds_left = plain_rounds_left.saturating_sub(count);
        }
        (total, relevant)
    }

    /// The second hand's side surely wins the trick in progress (its best card in the led suit
    /// beats everything the later opponents hold in it and they cannot ruff, or it can ruff
    /// where they cannot overruff); in no trump the winner then also cashes its top cards in
    /// the other suits. (sure tricks from the trick in progress on, cards relied on.)
    fn second_hand_quick(&self, player: usize) -> Option<(i32, u64)> {
        if !self.quick_tricks_apply() || self.s.blind_trick || self.s.called_live {
            return None;
        }
        let mine = self.side[player];
        let n = self.n as usize;
        let led = self.s.led;
        let led_card = self.s.trick[0];
        let trump = self.effective_trump();
        // The players still to play after `player` in this trick.
        let after = n - 2;
        let opponent_can_ruff = |p: usize| {
            trump != NO_TRUMP
                && led != trump
                && self.s.hands[p] & suit_mask(led) == 0
                && self.s.hands[p] & suit_mask(trump) != 0
        };
        let mut ours = self.s.hands[player] & suit_mask(led);
        let mut theirs = bit(led_card);
        for p in (1..=after).map(|offset| (player + offset) % n) {
            if self.side[p] == mine {
                ours |= self.s.hands[p] & suit_mask(led);
            } else {
                if opponent_can_ruff(p) {
                    return None;
                }
                theirs |= self.s.hands[p] & suit_mask(led);
            }
        }
        let (winner, mut relevant) = if ours != 0 && highest(ours) > highest(theirs) {
            let top = highest(ours);
            let holder = (0..n).find(|&p| self.s.hands[p] & bit(top) != 0)?;
            (holder, bit(top))
        } else if trump != NO_TRUMP
            && led != trump
            && self.s.hands[player] & suit_mask(led) == 0
            && self.s.hands[player] & suit_mask(trump) != 0
        {
            (player, 0)
        } else {
            return None;
        };
        let mut sure = 1;
        if trump == NO_TRUMP {
            let (extra, cards) = self.cash_other_suits(winner, led);
            sure += extra as i32;
            relevant |= cards;
        }
        Some((sure, relevant))
    }

    /// No trump: the tricks `player` cashes from the top in the suits other than `except`.
    fn cash_other_suits(&self, player: usize, except: u8) -> (u32, u64) {
        let n = self.n as usize;
        let mut total = 0;
        let mut relevant = 0;
        for suit in 0..4u8 {
            if suit == except {
                continue;
            }
            let mut own = self.s.hands[player] & suit_mask(suit);
            let mut others = [0u64; MAX_PLAYERS];
            for (p, other) in others.iter_mut().enumerate().take(n) {
                if p != player {
                    *other = self.s.hands[p] & suit_mask(suit);
                }
            }
            while own != 0 {
                let card = highest(own);
                if others.iter().any(|&other| other & above(card) != 0) {
                    break;
                }
                if others.iter().any(|&other| other != 0) {
                    relevant |= bit(card);
                }
                total += 1;
                own &= !bit(card);
                for other in others.iter_mut() {
                    if *other != 0 {
                        *other &= *other - 1;
                    }
                }
            }
        }
        (total, relevant)
    }

    /// Trump tricks each side is sure of whoever leads: a player's trumps above every trump of
    /// the other side each win their trick. (maximising side, other side, cards relied on).
    fn sure_trump_tricks(&self) -> (i32, i32, u64) {
        let trump = self.effective_trump();
        if trump == NO_TRUMP {
            return (0, 0, 0);
        }
        let mut side_trumps = [0u64; 2];
        for p in 0..self.n as usize {
            side_trumps[usize::from(self.side[p])] |= self.s.hands[p] & suit_mask(trump);
        }
        let mut sure = [0u32; 2];
        let mut relevant = 0u64;
        for (index, count) in sure.iter_mut().enumerate() {
            let theirs = side_trumps[1 - index];
            let above_theirs = if theirs == 0 { suit_mask(trump) } else { above(highest(theirs)) };
            for p in 0..self.n as usize {
                if usize::from(self.side[p]) == index {
                    *count = (*count).max((self.s.hands[p] & above_theirs).count_ones());
                }
            }
            if *count > 0 && theirs != 0 {
                relevant |= (side_trumps[index] & above_theirs) | bit(highest(theirs));
            }
        }
        (sure[1] as i32, sure[0] as i32, relevant)
    }

    // ------------------------------------------------------------------------------------
    // Table keys

    /// The hands with each suit's fungible cards still in play moved down onto its lowest
    /// strengths, in order. Sound because they lie below every other card of their suit: the
    /// order of all cards left is kept, and with it every follow duty and trick winner, while
    /// their points (none) and duties (none) are alike.
    fn canonical_hands(&self) -> [u64; MAX_PLAYERS] {
        let mut hands = self.s.hands;
        let remaining = self.remaining();
        for suit in 0..4u8 {
            let run = self.fungible & suit_mask(suit);
            let left = remaining & run;
            let base = 16 * u32::from(suit);
            let packed = ((1u64 << left.count_ones()) - 1) << base;
            if left == packed {
                continue;
            }
            // One pass over the cards left, from the lowest up, each to its holder's next label.
            let (mut moved, mut rest, mut label) = ([0u64; MAX_PLAYERS], left, 1u64 << base);
            while rest != 0 {
                let lowest = rest & rest.wrapping_neg();
                let holder = hands.iter().position(|&hand| hand & lowest != 0).unwrap_or(0);
                moved[holder] |= label;
                rest ^= lowest;
                label <<= 1;
            }
            for (hand, moved) in hands.iter_mut().zip(moved) {
                *hand = (*hand & !run) | moved;
            }
        }
        hands
    }

    /// A move between this position's labels and [`Engine::canonical_hands`]' (`to_canonical`)
    /// or back: only fungible cards change label.
    fn relabel(&self, mv: u8, to_canonical: bool) -> u8 {
        let card = mv & 0x3F;
        if self.fungible & bit(card) == 0 {
            return mv;
        }
        let suit = suit_of(card);
        let left = self.remaining() & self.fungible & suit_mask(suit);
        let base = 16 * suit;
        let label = if to_canonical {
            base + (left & (bit(card) - 1)).count_ones() as u8
        } else {
            // The card left at that place from the bottom of the run.
            let mut rest = left;
            for _ in base..card {
                rest &= rest.wrapping_sub(1);
            }
            if rest == 0 {
                return mv;
            }
            rest.trailing_zeros() as u8
        };
        (mv & 0xC0) | label
    }

    fn key(&self, exact: bool) -> Key {
        // The exact table keeps whole hands, which give the lengths.
        let lengths = if exact { 0 } else { self.s.lengths };
        let mut extra = u64::from(self.s.leader) | u64::from(self.s.trump) << 2;
        extra |= u64::from(self.s.called_live) << 5;
        extra |= u64::from(self.s.blind_available) << 6;
        extra |= u64::from(self.s.trick_index < self.rules.spade_ban_tricks) << 7;
        extra |= u64::from(self.s.trick_index == 0) << 8;
        extra |= u64::from(self.s.first_trick_lost) << 9;
        match self.kind {
            Kind::Tricks => {}
            // Whether either side has a trick matters only to a bonus for any or all tricks (a
            // Schoppen vrouw or Schoppen Mie position is worth the same either way).
            Kind::Points(points) if points.any_trick != 0 || points.all_tricks != 0 => {
                let (mine, theirs) = self.side_tricks();
                extra |= u64::from(mine > 0) << 10 | u64::from(theirs > 0) << 11;
            }
            Kind::Points(_) => {}
            Kind::Seat(_) => {
                for player in 0..self.n as usize {
                    if self.seat_counted & (1 << player) != 0 {
                        extra |= u64::from(self.s.won[player].min(15)) << (12 + 4 * player);
                    }
                }
            }
        }
        if !exact {
            if let Some((called, _)) = self.rules.called {
                if self.s.called_live {
                    // The called card's place among the remaining cards of its suit.
                    let suit_left = self.remaining() & suit_mask(suit_of(called));
                    let rank_from_top = (suit_left & above(called)).count_ones() as u64;
                    extra |= (rank_from_top + 1) << 28;
                }
            }
            // Each point card's place among the remaining cards of its suit (0: gone), so that
            // a key's relative pattern names the same point cards in every position it covers.
            let remaining = self.remaining();
            let mut points = self.point_cards;
            let mut shift = 32;
            while points != 0 {
                let card = points.trailing_zeros() as SolverCard;
                points &= points - 1;
                if remaining & bit(card) != 0 {
                    let rank_from_top = (remaining & above(card)).count_ones() as u64;
                    extra |= (rank_from_top + 1) << shift;
                }
                shift += 4;
            }
        }
        Key { lengths, cards: if exact { self.remaining() } else { 0 }, extra }
    }

    /// How many top cards of each suit the relevant cards reach down to.
    fn kmask_of(&self, relevant: u64) -> u16 {
        let remaining = self.remaining();
        let mut kmask = 0u16;
        for suit in 0..4u8 {
            let rel = suit_bits(relevant & remaining, suit);
            if rel == 0 {
                continue;
            }
            let lowest = rel.trailing_zeros();
            let k = (suit_bits(remaining, suit) >> lowest).count_ones() as u16;
            kmask |= k << (4 * suit);
        }
        kmask
    }

    /// The top cards of each suit a kmask names, as cards.
    fn cards_of_kmask(&self, kmask: u16) -> u64 {
        let remaining = self.remaining();
        let mut cards = 0u64;
        for suit in 0..4u8 {
            let k = u32::from((kmask >> (4 * suit)) & 15);
            let mut left = remaining & suit_mask(suit);
            if k >= left.count_ones() {
                cards |= left;
                continue;
            }
            // Few top cards matter as a rule: take them from the top.
            for _ in 0..k {
                let top = highest(left);
                cards |= bit(top);
                left &= !bit(top);
            }
        }
        cards
    }
}

#[cfg(test)]
mod tests {
    //! Partition search against the exact-card table on point goals with few point cards (the
    //! brute-force property tests reach only endgames too short for the table).

    use super::*;
    use crate::solver::{Goal, Objective, PointRules, Position, Rules};
    use rand::seq::SliceRandom;
    use rand::{Rng, SeedableRng};

    fn value(position: &Position, objective: &Objective, relative: bool) -> i32 {
        value_with_table(position, objective, relative, 1 << 14)
    }

    fn value_with_table(position: &Position, objective: &Objective, relative: bool, entries: usize) -> i32 {
        value_in(&mut Tt::new(entries), position, objective, relative)
    }

    /// The value searched with `tt` as it stands (filled by earlier searches or not).
    fn value_in(tt: &mut Tt, position: &Position, objective: &Objective, relative: bool) -> i32 {
        let mut engine = Engine::new(position, objective, tt, u64::MAX);
        engine.relative = engine.relative && relative;
        let (lo, hi) = engine.root_bounds();
        let (lo, hi) = engine.exact(lo, hi, None, None);
        assert_eq!(lo, hi, "uncapped search is exact");
        lo
    }

    /// A random deal at the first trick: `tricks` cards a player from the top `ranks` of each
    /// suit; the cards dealt.
    fn random_deal(
        rng: &mut rand_chacha::ChaCha8Rng,
        players: usize,
        tricks: u8,
        ranks: u8,
        trump: bool,
    ) -> (Position, Vec<SolverCard>) {
        let mut deck: Vec<SolverCard> = (0..4u8).flat_map(|suit| (0..ranks).map(move |s| suit * 16 + s)).collect();
        deck.shuffle(rng);
        let dealt = deck[..usize::from(tricks) * players].to_vec();
        let mut hands = [0u64; MAX_PLAYERS];
        for (index, &card) in dealt.iter().enumerate() {
            hands[index % players] |= bit(card);
        }
        let position = Position {
            rules: Rules::plain(players as u8, tricks),
            hands,
            trick: [0; MAX_PLAYERS],
            trick_len: 0,
            leader: rng.gen_range(0..players as u8),
            trump: trump.then(|| rng.gen_range(0..4)),
            trick_index: 0,
            won: [0; MAX_PLAYERS],
            called_live: false,
            blind_available: false,
            blind_trick: false,
        };
        (position, dealt)
    }

    /// Card points for one random player against the others (and `any_trick` for his first
    /// trick).
    fn points_of_one(
        rng: &mut rand_chacha::ChaCha8Rng,
        players: usize,
        card: [i16; 64],
        last_trick: i16,
        any_trick: i16,
    ) -> Objective {
        Objective {
            max_side: 1 << rng.gen_range(0..players),
            goal: Goal::Points(Box::new(PointRules { card, last_trick, any_trick, all_tricks: 0, marriages: false })),
            base: 0,
        }
    }

    #[test]
    fn partition_search_on_point_cards_matches_the_exact_table() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let mut checked = 0;
        for round in 0..300 {
            let players = if round % 3 == 0 { 3 } else { 4 };
            let tricks = rng.gen_range(4..=7u8);
            let (mut position, dealt) = random_deal(&mut rng, players, tricks, 13, round % 2 == 0);
            position.rules.spade_ban_tricks = u8::from(round % 4 == 1) * 2;
            // One to three point cards among the dealt ones, some negative (Schoppen Mie's queen).
            let mut card = [0i16; 64];
            for _ in 0..rng.gen_range(1..=3) {
                card[*dealt.choose(&mut rng).unwrap() as usize] = if rng.gen_bool(0.5) { -1 } else { 2 };
            }
            let objective = points_of_one(&mut rng, players, card, -1, 0);
            assert_eq!(
                value(&position, &objective, true),
                value(&position, &objective, false),
                "round {round}: {position:?}"
            );
            checked += 1;
        }
        assert_eq!(checked, 300);
    }

    /// A misère of `declarer`: worth 1 with no trick, else nothing.
    fn misere(declarer: usize) -> Objective {
        let mut tables = [[0i16; 16]; MAX_PLAYERS];
        tables[declarer][0] = 1;
        Objective {
            max_side: 1 << declarer,
            goal: Goal::SeatTricks(Box::new(SeatTables { tables, first_trick: None })),
            base: 0,
        }
    }

    /// Two tricks of three players under Brabant rules, suit 0 trump, player 1 to lead.
    fn position(hands: [u64; MAX_PLAYERS]) -> Position {
        Position {
            rules: Rules { follow: Follow::Brabant { exempt_jack: None, no_undertrump: false }, ..Rules::plain(3, 2) },
            hands,
            trick: [0; MAX_PLAYERS],
            trick_len: 0,
            leader: 1,
            trump: Some(0),
            trick_index: 0,
            won: [0; MAX_PLAYERS],
            called_live: false,
            blind_available: false,
            blind_trick: false,
        }
    }

    /// A misère declarer holding the highest trump left must win the trick he plays it to: the
    /// bounds settle the hand before any search; without it they leave it open.
    #[test]
    fn the_top_trump_settles_a_misere_at_once() {
        let card = |suit: u8, strength: u8| suit * 16 + strength;
        let trump_top = bit(card(0, 7));
        let trump_low = bit(card(0, 3));
        let rest = [bit(card(1, 0)), bit(card(1, 5)), bit(card(2, 1)) | bit(card(1, 6))];
        // The declarer (player 0) holds the top trump: lost, and the bounds say so.
        let held = position([trump_top | rest[0], trump_low | rest[1], rest[2], 0]);
        let mut tt = Tt::new(1 << 10);
        assert_eq!(Engine::new(&held, &misere(0), &mut tt, u64::MAX).root_bounds(), (0, 0));
        assert_eq!(Solver::new().value(&held, &misere(0)).value, 0);
        // An opponent holds it: the bounds leave the hand open, and the declarer ducks twice
        // (his low club under both clubs, his trump under the top trump).
        let ducked = position([trump_low | rest[0], trump_top | rest[1], rest[2], 0]);
        assert_eq!(Engine::new(&ducked, &misere(0), &mut tt, u64::MAX).root_bounds(), (0, 1));
        assert_eq!(Solver::new().value(&ducked, &misere(0)).value, 1);
    }

    #[test]
    fn a_declarer_who_can_duck_every_trick_is_safe_at_once() {
        let card = |suit: u8, strength: u8| suit * 16 + strength;
        let misere = misere(0);
        // The declarer (player 0, no trump) holds the 7 and the queen of clubs (suit 1); an
        // opponent's club lies between them and one above: whichever is led first, he has a
        // club under it, so the hand is made before a card is played.
        let declarer = bit(card(1, 0)) | bit(card(1, 5));
        let safe = position([declarer, bit(card(1, 3)) | bit(card(2, 1)), bit(card(1, 6)) | bit(card(2, 2)), 0]);
        let mut tt = Tt::new(1 << 10);
        assert_eq!(Engine::new(&safe, &misere, &mut tt, u64::MAX).root_bounds(), (1, 1));
        assert_eq!(Solver::new().value(&safe, &misere).value, 1);
        // On lead, he leads his queen under the opponent's higher club and is a follower again.
        let leading = Position { leader: 0, ..safe };
        assert_eq!(Engine::new(&leading, &misere, &mut tt, u64::MAX).root_bounds(), (1, 1));
        // With no club of an opponent's over his highest, no lead is sure to lose: open.
        let open = position([declarer, bit(card(1, 3)) | bit(card(2, 1)), bit(card(2, 3)) | bit(card(2, 2)), 0]);
        let open = Position { leader: 0, ..open };
        assert_eq!(Engine::new(&open, &misere, &mut tt, u64::MAX).root_bounds(), (0, 1));
        assert_eq!(Solver::new().value(&open, &misere).value, 1, "he leads the 7 and discards the queen");
        // Both opponents' clubs lie between his: they lead them in turn from the lower up, the
        // second time he must follow with the queen and take the trick. The bounds leave it open.
        let forced = position([declarer, bit(card(1, 3)) | bit(card(1, 4)), bit(card(2, 1)) | bit(card(2, 2)), 0]);
        assert_eq!(Engine::new(&forced, &misere, &mut tt, u64::MAX).root_bounds(), (0, 1));
        assert_eq!(Solver::new().value(&forced, &misere).value, 0);
        // A trump in his hand (under an opponent's) might have to win a trick: no shortcut.
        let trumped = position([
            bit(card(1, 0)) | bit(card(0, 0)),
            bit(card(1, 3)) | bit(card(0, 3)),
            bit(card(1, 6)) | bit(card(2, 2)),
            0,
        ]);
        assert_eq!(Engine::new(&trumped, &misere, &mut tt, u64::MAX).root_bounds(), (0, 1));
        // The queen as a card to avoid (Schoppen vrouw): a declarer who ducks every trick keeps
        // his whole score.
        let mut values = [0i16; 64];
        values[card(1, 5) as usize] = -1;
        let avoid = Objective {
            max_side: 1,
            goal: Goal::Points(Box::new(PointRules {
                card: values,
                last_trick: 0,
                any_trick: 0,
                all_tricks: 0,
                marriages: false,
            })),
            base: 1,
        };
        let no_trump = Position { trump: None, ..safe };
        assert_eq!(Engine::new(&no_trump, &avoid, &mut tt, u64::MAX).root_bounds(), (0, 0));
        assert_eq!(Solver::new().value(&no_trump, &avoid).value, 1);
        let forced = Position { trump: None, ..forced };
        assert_eq!(Engine::new(&forced, &avoid, &mut tt, u64::MAX).root_bounds(), (-1, 0));
        assert_eq!(Solver::new().value(&forced, &avoid).value, 0);
    }

    /// A bonus for a side's first trick makes whether it has one part of the table's key: a
    /// table filled from the same hands with the maximiser's trick already won must not answer
    /// for them without it (Schoppen Mie, with no such bonus, leaves that out of the key).
    #[test]
    fn a_first_trick_bonus_keeps_positions_with_and_without_a_trick_apart() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let mut differed = 0;
        for round in 0..60 {
            let players = if round % 2 == 0 { 3 } else { 4 };
            for relative in [false, true] {
                let (position, dealt) = random_deal(&mut rng, players, 4, 13, round % 3 == 0);
                let mut card = [0i16; 64];
                card[*dealt.choose(&mut rng).unwrap() as usize] = -1;
                let objective = points_of_one(&mut rng, players, card, 0, 20);
                let maximiser = objective.max_side.trailing_zeros() as usize;
                let mut with_trick = position;
                with_trick.won[maximiser] = 1;
                let fresh = value(&position, &objective, relative);
                let mut tt = Tt::new(1 << 14);
                differed += usize::from(value_in(&mut tt, &with_trick, &objective, relative) != fresh);
                let after = value_in(&mut tt, &position, &objective, relative);
                assert_eq!(after, fresh, "round {round}, partition search {relative}: {position:?}");
            }
        }
        assert!(differed > 30, "only {differed} positions are worth more without the trick than with it");
    }

    /// The exact table replaces positions when its buckets are full: a table of one bucket
    /// must give the same values as a roomy one, on point goals where every card counts (in
    /// half the rounds with a bonus for a first trick).
    #[test]
    fn a_full_exact_table_still_gives_exact_values() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        let mut replaced = 0;
        for round in 0..120 {
            let players = if round % 2 == 0 { 3 } else { 4 };
            let tricks = rng.gen_range(4..=6u8);
            let (position, dealt) = random_deal(&mut rng, players, tricks, 8, round % 3 != 0);
            let mut card = [0i16; 64];
            for &dealt in &dealt {
                card[dealt as usize] = [0, 0, 2, 3, 4, 10, 11, 0][usize::from(dealt & 7)];
            }
            let objective = points_of_one(&mut rng, players, card, 10, if round % 2 == 0 { 0 } else { 20 });
            let roomy = value_with_table(&position, &objective, false, 1 << 14);
            let tiny = value_with_table(&position, &objective, false, 4);
            assert_eq!(tiny, roomy, "round {round}: {position:?}");
            // A search of this size stores far more than four positions.
            let mut tt = Tt::new(1 << 14);
            let mut engine = Engine::new(&position, &objective, &mut tt, u64::MAX);
            let (lo, hi) = engine.root_bounds();
            engine.exact(lo, hi, None, None);
            replaced += usize::from(engine.nodes > 16);
        }
        assert!(replaced > 60, "only {replaced} searches stored more than a bucket holds");
    }
}

//! Open-card ("double-dummy") solvers: the exact value of a trick-play position with every hand
//! known, and the exact value of every legal move of the seat to act, for every game Troef plays.
//!
//! **One engine, games as data.** A [`Position`] is a compact, bitboard copy of the play phase:
//! the hands in the solver's own card encoding (one `u64` per player, 16 bits per suit, the bit
//! number inside a suit being the card's strength in this game), the trick in progress, the
//! trump, and the few rule facts that change during play (a called card's duties, a blind lead
//! still to come). Its [`Rules`] say which of the shared trick rules apply (follow duties, called
//! cards, a spade ban, marriages, a forced first lead); an [`Objective`] says what the maximising
//! side is after (tricks, card points with bonuses, or per-player trick targets such as piek and
//! misère). The per-game modules in [`games`] build both from a full-knowledge
//! `troef_core::Hand` and map the solver's moves back to the game's actions; the rules they
//! encode are read from the games' own data (rank orders, card points, config keys), and a
//! property test holds the solver to a brute-force minimax over `Hand::apply`.
//!
//! **The search** is DDS-style: fail-soft alpha-beta, for tricks as zero-window probes ("can the
//! maximising side gain at least `target` from here?") under an MTD driver for exact values, for
//! card points as one search over the whole window (points move a probe's value by a point or two,
//! so MTD would crawl) unless the goal has only a few values (one-or-nothing contracts, Schoppen
//! Mie: probes again); a declarer whose score steps at a few values (a contract) gets only the
//! probes that place the value among them ([`Solver::settle`]); a transposition table at trick boundaries storing lower and upper bounds,
//! keyed on relative ranks with only the ranks that won tricks stored (partition search; with a
//! few point cards, as in Schoppen Mie, each point card's place is part of the key), or on the
//! exact position where many card identities or rank-dependent follow duties matter (point games,
//! Brabant and Tysiacha follow rules), in buckets that keep the positions with most tricks left;
//! the last trick played out directly; quick-trick bounds, and for trick targets with trump the
//! tricks the top trumps are sure to take (a misère declarer holding the highest trump has lost),
//! and for a player who wants no more tricks, whether he can duck every trick left (no trump in
//! hand, and in each suit he holds no card the others can always lead under: the Null game's
//! safe suits), which settles a misère, a piek with its trick taken or Schoppen vrouw at once;
//! touching cards searched once; move ordering from the table's best move, then a cutoff table
//! (the move that last cut off in a node of the same kind, at every node, not only at trick
//! boundaries), both tried before the other moves are scored by trick heuristics, turned round
//! where every player wants the other side to take the tricks (misère, a piek with its trick
//! taken, Schoppen vrouw's queen to shed), and for a declarer keeping clear of a card to avoid
//! that another holds (Schoppen vrouw, Schoppen Mie: ducking where it can still reach the trick,
//! leading under it or into suits its holder must follow); and a node cap after which the answer is given as bounds
//! and marked inexact. Decision, measured (bridge, 100 random deals): the cutoff table cut the
//! nodes at the median by a third; a killer move per depth and a history table, kept before it,
//! then only spoiled the order (dropping them: 83,000 to 51,000 nodes at the median, 63 to 39 ms
//! mean), and so did probing each lead's likeliest trick in the table early in the deal. Under
//! the avoidance goals (Schoppen Mie, Schoppen vrouw) a history table is kept for the other side
//! only: each card's cutoffs, weighted by the square of the tricks left, added to its trick
//! heuristics. Measured on Rikken's 11 Schoppen Mie deals of the bench (seed 1): 10.2 M to 6.0 M
//! nodes on the mean, the slowest 29.8 M to 18.5 M; ordering the lone player's moves so too, or
//! by the history alone, made them worse (a mean of 11.3 M and 54.8 M nodes; by the history
//! alone for the three, 5.8 M on the mean but one deal from 16,000 to 7.5 M).
//!
//! Decision: players are numbered in playing order (`0, 1, 2, 3` is the order cards are played);
//! the per-game adapters map seats to players, so counter-clockwise Tarneeb and a Tysiacha table
//! with a sitter are the same to the engine.

pub mod bridge;
mod engine;
pub mod games;
mod tt;

pub use engine::{advance, legal_moves, MoveScore, Settlement, Solution, Solver};
pub use games::OpenGame;

use troef_core::{Card, CardSet, RankOrder, Suit};

/// The most players a trick has.
pub const MAX_PLAYERS: usize = 4;
/// The suit number of spades (the solver keeps the core's suit numbers).
pub const SPADES: u8 = 3;
/// Bits of one suit inside a hand: 13 strengths at most.
pub const SUIT_BITS: u64 = 0x1FFF;

/// A card in the solver's encoding: `suit * 16 + strength` (strength 0 is the weakest card of
/// the suit in this game and trump).
pub type SolverCard = u8;

/// The suit of a solver card.
#[inline(always)]
pub const fn suit_of(card: SolverCard) -> u8 {
    card >> 4
}

/// A solver card as a one-bit set.
#[inline(always)]
pub const fn bit(card: SolverCard) -> u64 {
    1u64 << card
}

/// The bits of suit `suit` in a solver card set.
#[inline(always)]
pub const fn suit_mask(suit: u8) -> u64 {
    SUIT_BITS << (16 * suit as u32)
}

/// One move: a card, and whether it is played in the special way the rules offer at a lead
/// (Tysiacha: leading a king or queen as a marriage declaration; Rikken: the declarer's blind
/// lead, face down, standing for the called suit).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move(u8);

impl Move {
    const SPECIAL: u8 = 0x80;

    pub const fn plain(card: SolverCard) -> Move {
        Move(card)
    }

    pub const fn special(card: SolverCard) -> Move {
        Move(card | Move::SPECIAL)
    }

    pub const fn card(self) -> SolverCard {
        self.0 & !Move::SPECIAL
    }

    pub const fn is_special(self) -> bool {
        self.0 & Move::SPECIAL != 0
    }

    pub(crate) const fn raw(self) -> u8 {
        self.0
    }

    pub(crate) const fn from_raw(raw: u8) -> Move {
        Move(raw)
    }
}

impl std::fmt::Debug for Move {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}", self.card(), if self.is_special() { "*" } else { "" })
    }
}

/// How followers must play, beyond "follow the led suit if able".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Follow {
    /// Follow suit if able, else any card (bridge, Tarneeb, Rikken, no-trump Brabant contracts).
    Suit,
    /// Tysiacha: follow (and with `must_beat`, beat the winning card of the led suit if able);
    /// void, play a trump if holding one, above the trick's highest trump with `overtrump`.
    Tysiacha { must_beat: bool, overtrump: bool },
    /// Brabant (Tachtigen, Tachentige) with a trump: a trump lead must be followed with a trump
    /// (a lone trump jack, `exempt_jack`, need not be played); a plain lead may be followed with
    /// the led suit or a trump, and by anything when void; with `no_undertrump` a plain-led
    /// trick already holding a trump may not be undertrumped unless nothing else is left.
    Brabant { exempt_jack: Option<SolverCard>, no_undertrump: bool },
}

/// The duties that come with a called card, while they last.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CalledDuty {
    /// Rikken (5.4): the holder leading its suit must lead it; it must be played to the first
    /// trick of its suit; it may not be discarded before (unless `discard_allowed`, or it is the
    /// last card). The duties end when the suit has been led once or the card is played.
    Rikken { discard_allowed: bool },
    /// Tachentige (5.2 b, g): the holder must play it when its suit is led by another player;
    /// the declarer may not trump a trick his partner's called card is winning (unless he holds
    /// only trumps).
    Brabant { declarer: u8, partner: u8 },
}

/// A marriage declaration (Tysiacha): leading a king or queen while holding the other card of
/// the suit may declare it; the suit becomes trump at once and the leader scores its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Marriages {
    /// Value of a marriage per suit number.
    pub values: [i16; 4],
    /// The first trick (0-based) whose lead may declare.
    pub from_trick: u8,
    /// The king and queen of each suit, in the solver's encoding.
    pub king: [SolverCard; 4],
    pub queen: [SolverCard; 4],
}

/// Which of the shared trick rules a game uses, with its fixed facts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    pub players: u8,
    pub follow: Follow,
    /// The called card (or Tachentige's called card) and its duties.
    pub called: Option<(SolverCard, CalledDuty)>,
    /// Rikken's Schoppen Mie: in tricks below this index, no spade may be led or discarded while
    /// the hand offers anything else.
    pub spade_ban_tricks: u8,
    /// A card the leader of trick 0 must lead when holding it (Rikken's troela ace lead).
    pub forced_first_lead: Option<SolverCard>,
    /// Trumps have no power in trick 0 (the troela ace lead).
    pub first_trick_no_trump: bool,
    pub marriages: Option<Marriages>,
    /// The player who may lead face down once, standing for the called suit (Rikken's blind
    /// call); the card never wins its trick.
    pub blind_leader: Option<u8>,
    /// The trick that counts as the last one (the last-trick bonus).
    pub tricks_total: u8,
}

impl Rules {
    /// Plain trick rules: follow suit, nothing else.
    pub fn plain(players: u8, tricks_total: u8) -> Rules {
        Rules {
            players,
            follow: Follow::Suit,
            called: None,
            spade_ban_tricks: 0,
            forced_first_lead: None,
            first_trick_no_trump: false,
            marriages: None,
            blind_leader: None,
            tricks_total,
        }
    }
}

/// A play-phase position with every hand known, in the solver's encoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    pub rules: Rules,
    /// Each player's cards.
    pub hands: [u64; MAX_PLAYERS],
    /// The cards of the trick in progress, leader first.
    pub trick: [SolverCard; MAX_PLAYERS],
    pub trick_len: u8,
    /// The player who led (or leads) the trick in progress.
    pub leader: u8,
    /// The trump suit now (it may change in play: Tysiacha's marriages).
    pub trump: Option<u8>,
    /// Tricks completed.
    pub trick_index: u8,
    /// Tricks won so far by each player.
    pub won: [u8; MAX_PLAYERS],
    /// The called card's duties still apply.
    pub called_live: bool,
    /// The blind lead has not been made yet.
    pub blind_available: bool,
    /// The trick in progress was led face down.
    pub blind_trick: bool,
}

impl Position {
    /// The player to play next.
    pub fn to_move(&self) -> u8 {
        (self.leader + self.trick_len) % self.rules.players
    }

    /// Cards still in the players' hands.
    pub fn remaining(&self) -> u64 {
        self.hands.iter().fold(0, |all, hand| all | hand)
    }
}

/// What the maximising side plays for.
#[derive(Clone, Debug, PartialEq)]
pub enum Goal {
    /// One point per trick won by the maximising side.
    Tricks,
    /// Card points of the tricks the maximising side wins, with bonuses.
    Points(Box<PointRules>),
    /// The sum over players of `tables[player][tricks that player won in the whole hand]`:
    /// piek, misère, pass games, Tarneeb 400's individual bids.
    SeatTricks(Box<SeatTables>),
}

/// Card points and bonuses of a point game, for the maximising side.
#[derive(Clone, Debug, PartialEq)]
pub struct PointRules {
    /// Points of each solver card (may be negative: a card to avoid).
    pub card: [i16; 64],
    /// Bonus for winning the last trick.
    pub last_trick: i16,
    /// Bonus when the maximising side wins at least one trick in the hand.
    pub any_trick: i16,
    /// Bonus when the maximising side wins every trick of the hand.
    pub all_tricks: i16,
    /// Marriages declared by the maximising side score their value.
    pub marriages: bool,
}

/// Per-player trick tables of [`Goal::SeatTricks`].
#[derive(Clone, Debug, PartialEq)]
pub struct SeatTables {
    /// `tables[player][tricks]`, for 0..=15 tricks (a player whose table is all zeros does not
    /// count).
    pub tables: [[i16; 16]; MAX_PLAYERS],
    /// Tachtigen's `piek_target = first_trick_only`: this player must win the first trick, and
    /// if he does not his table is read at `failed_count`.
    pub first_trick: Option<(u8, u8)>,
}

/// The maximising side and its goal. The solver's value is the goal's value over the whole hand
/// for the maximising side: `base` (what it already has, e.g. card points won before the
/// position) plus what best play from here adds.
#[derive(Clone, Debug, PartialEq)]
pub struct Objective {
    /// The players of the maximising side, as player bits.
    pub max_side: u8,
    pub goal: Goal,
    /// The value already gained before the position (tricks won, card points won, marriages).
    pub base: i32,
}

/// A game's card order mapped into the solver's encoding: strength numbers per suit, with the
/// trump suit ordered by the trump order, and the way back to real cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CardMap {
    to_solver: [u8; 64],
    to_card: [u8; 64],
}

impl CardMap {
    /// The map for `deck` under `order`, with `trump` ordered as trump.
    pub fn new(deck: CardSet, order: &RankOrder, trump: Option<Suit>) -> CardMap {
        let mut map = CardMap { to_solver: [u8::MAX; 64], to_card: [u8::MAX; 64] };
        for suit in Suit::ALL {
            let is_trump = trump == Some(suit);
            let mut cards: Vec<Card> = deck.of_suit(suit).iter().collect();
            cards.sort_by_key(|&card| order.strength(card, is_trump));
            for (strength, card) in cards.into_iter().enumerate().take(13) {
                let solver = (suit.index() as u8) * 16 + strength as u8;
                map.to_solver[card.index()] = solver;
                map.to_card[solver as usize] = card.index() as u8;
            }
        }
        map
    }

    /// The solver card of a real card (`None` outside the deck).
    pub fn solver(&self, card: Card) -> Option<SolverCard> {
        let solver = self.to_solver[card.index() & 63];
        (solver != u8::MAX).then_some(solver)
    }

    /// The real card of a solver card.
    pub fn card(&self, card: SolverCard) -> Card {
        Card::from_index(self.to_card[card as usize & 63]).unwrap_or(Card::JOKER)
    }

    /// A real card set in the solver's encoding (cards outside the deck are dropped).
    pub fn solver_set(&self, cards: CardSet) -> u64 {
        cards.iter().filter_map(|card| self.solver(card)).fold(0, |set, card| set | bit(card))
    }

    /// A solver card set as real cards.
    pub fn card_set(&self, cards: u64) -> CardSet {
        let mut set = CardSet::EMPTY;
        let mut rest = cards;
        while rest != 0 {
            let card = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            set.insert(self.card(card));
        }
        set
    }
}

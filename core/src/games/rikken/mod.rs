//! Rikken: the Dutch four-player trick game with a 20-bid ladder, a called ace (sometimes called
//! blind), joinable piek and misère contracts and pass games, as hooks of the [`Game`] trait. The
//! normative rules are `../shared/rules/rikken.md` (section numbers below refer to it).
//!
//! * `rules` holds the pure rule functions: the ladder ([`Contract`]), call candidates (4.3),
//!   legal cards (5.2, 5.4, 6.6), trick winners (5.3, 5.6) and scoring (6).
//! * `shuffle` gathers a finished deal's cards for the traditional `deal_shuffle` modes (8).
//! * this module holds the config, the action notation, the hand's phase machine and the match.
//!
//! **Action notation** (lower case as in the spec's vectors): `pass`, `bid <id>` (ids of 3.2),
//! `join`, `pass_game <id>` (eldest's choice under `pass_game = eldest_chooses`), `keep` and
//! `exchange 5D` (the joker exchange), `trump C`, `call AD`, `call AD blind`, `play 3H`,
//! `lead_face_down 3H`, `claim 9`, `accept`, `reject`, `controller P1` (the blind's controller,
//! named by the chooser).
//!
//! **The joker variant** (`joker = true`, 8): 53 cards; the joker `JK` is a club of rank "1". It
//! follows, leads and wins as the lowest club through the table's joker suit
//! (`Table::set_joker_suit`, set in `start`: a joker lead leads clubs, a seat that plays no club
//! to it shows a club void) and the suit helpers of `rules`. The centre card `d52` is dealt to the
//! out-of-play pile (the record's `out`) and shown to all at the deal (V2). After the auction of a
//! contract the primary declarer answers `keep` or `exchange X` (phase `JokerExchange`); an
//! exchange puts X out of play face down (V4, `DiscardedFaceDown`) and takes the centre card into
//! his hand (V3, `TakenIntoHand`). The end-of-deal reveal opens the out-of-play card (V15).
//!
//! **Shuffle modes** (`deal_shuffle`, 8): the core gives [`Game::next_deck`] (through
//! `Match::next_deck`): a full shuffle, or the previous deal's cards gathered for the caller to
//! cut; see `shuffle` (also for why a networked table plays only `full`).
//!
//! **Score sheet keys:** `P0`..`P3`, the cumulative totals, and `deals`, the number of deals
//! played in the match (every deal counts, 6.4).
//!
//! **Contract kinds** (self-play coverage): the 20 ladder ids for a single declarer,
//! `joined_piek` and `joined_misere` for two or three declarers of a piek- or misère-type
//! contract, `four_piekers` when the four-piekers rule made all four seats declarers, and the
//! pass games the config can reach (`schoppenmie` by default; every menu game under
//! `eldest_chooses`).
//!
//! Decisions where the spec is silent:
//!
//! * Decision: after a troela auction the declarer names the fourth ace with `call XX` (the only
//!   legal call: the ace he lacks). The engine then shows that ace to all (V7) and its holder
//!   becomes the partner and chooses the trump. The spec has the holder show it "with no choice
//!   involved"; naming it through the declarer's action makes the partner a public fact that
//!   every peer derives from the record alone (the holder is found from the opened ace), and
//!   the declarer is the one seat that knows which ace is the fourth.
//! * Decision: the blind flag is part of the call action (`call AD blind`); the declarer's
//!   device checks it, and a peer that cannot see his hand accepts it and leaves it to the audit
//!   (a false blind call is reported there).
//! * Decision: with the blind (`three_blind`) in a Rik whose called card a human holds, the
//!   controller is announced at the blind's first turn by showing the called card in its
//!   holder's hand (it stays there). That is exactly the information the announcement gives
//!   (who the partner is), and it lets every device derive the controller from its table.
//! * Decision: `match_deals` defaults to 20 for every `players` value; the spec's "21 when the
//!   key is not set in a three-player game" cannot be told apart from an explicit 20 once a
//!   record stores every key, so three-player tables set `match_deals = 21` explicitly.
//! * Decision: a dummy's action is recorded under the seat that takes it (René's operator or the
//!   blind's controller, e.g. `P2 play 5S` for René's five of spades): the record names who
//!   acted, the game knows whose cards are on turn.
//! * Decision: René's operator is shown René's remaining hand (`ShownToSeat`) whenever René comes
//!   on turn; hiding the operator's own hand meanwhile (V6a) is an interface rule with no
//!   protocol step, so no `WithheldFromHolder` event is emitted.
//! * Decision: in troela, when René holds the fourth ace (V7), the call shows nothing; René's
//!   operator is shown René's hand for the trump decision and the trump action opens the ace to
//!   all. A table that cannot place the named ace (no human opened it) takes René as the partner,
//!   so seats with partial knowledge apply the call alike.
//! * Decision: forced rik is scored with Rik's unit 5 (6.6 writes `V = 5 x (t - 6)`), not with
//!   `pass_unit`; `pass_games_scored = false` zeroes it like every pass game.
//! * Decision: a claim's credited tricks are kept as side totals (the claimant's side gets k,
//!   the other side r - k); the per-seat trick counts in the outcome are the tricks actually won.
//! * Decision: the match ends after `match_deals` deals (0 = never); the winners are every seat
//!   with the highest total.
//! * Decision: the self-play policy (`policy_weight`) favours passing, joining and the lower
//!   bids, and makes claims rare, so that every contract kind occurs in random play; with the
//!   joker it keeps as often as it exchanges. It changes nothing in the rules.
//! * Decision (joker): the exchange is the first declarer step of every contract, nullo
//!   contracts and 13 included (8: "after the auction of a contract"); joined declarers other than
//!   the primary have none. Forced rik has no exchange (3.5) but, as 4.3 says of out-of-play
//!   cards, its declarer's calls count the centre card as held.
//! * Decision (joker): a Rik beter bid is checked with the centre card out of play, as after
//!   `keep`, so `keep` stays legal and the bid playable (decision 28); `exchange X` is then
//!   offered only where hearts keeps a legal call (T35). Any card of the hand may be put out,
//!   the joker too.
//! * Decision (joker): troela needs exactly three aces and a centre card that is not an ace
//!   (3.3). Its declarer may exchange like any other (only Rik beter is restricted, 4), even one
//!   of his aces; the fourth ace he names with `call` is then still the ace in another hand,
//!   never the one he put out of play.
//! * Decision (joker): the exchange events come discard first (V4), then the centre card taken
//!   (V3), so that a networked table's re-mix of the hand (`Hand::passes_face_down`) comes right
//!   before the discard it covers.

pub mod rules;
pub mod shuffle;

use crate::card::{Card, CardSet, Rank, Suit};
use crate::config::{ConfigError, ConfigKey, ConfigValues, KeyKind};
use crate::event::{Event, Events, Pile, Slot, SlotSet, Visibility};
use crate::game::{pick_listed, Game, GameId, MatchStatus, NextDeck, ScoreSheet, ToAct};
use crate::record::{HandRecord, RecordError};
use crate::seat::{Direction, Seat, SeatNames};
use crate::table::{DealLayout, Place, Table};
use crate::RuleError;
pub use rules::{
    call_candidates, legal_cards, score, trick_winner, CallRules, Contract, Kind, PassGame, PlayRules, ScoreInput,
};
use std::fmt;

const SEATS: u8 = 4;
const DIRECTION: Direction = Direction::Clockwise;
pub const TRICKS: u8 = 13;
const ALL_SEATS: u8 = 0b1111;
/// The deck position of the joker variant's centre card, `d52` (2.5).
pub const CENTRE: Slot = Slot(52);

/// The seat after `seat`, clockwise (to its left).
pub const fn next(seat: Seat) -> Seat {
    DIRECTION.next(seat, SEATS)
}

/// René, the dummy of `players = three_rene`: always P3 (decision 23).
pub const DUMMY: Seat = Seat(3);

/// The seat after `seat` in this deal's clockwise order. Four players: the next seat. Three
/// players with René: dealer, L1, L2, René (René sits right of the dealer, 8).
pub const fn next_in_deal(seat: Seat, dealer: Seat, rene: bool) -> Seat {
    if !rene {
        return next(seat);
    }
    let l2 = Seat((dealer.0 + 2) % 3);
    if seat.0 == DUMMY.0 {
        dealer
    } else if seat.0 == l2.0 {
        DUMMY
    } else {
        Seat((seat.0 + 1) % 3)
    }
}

fn seat_name(seat: Seat) -> String {
    format!("P{}", seat.0)
}

// ---------------------------------------------------------------------------------------------
// Config

/// What happens when all four pass (3.5, 6.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PassGameSetting {
    Fixed(PassGame),
    EldestChooses,
}

/// `deal_shuffle` (2.3, 8): how each deal's deck order is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DealShuffle {
    /// A uniformly random permutation every deal (the mental-poker shuffle).
    Full,
    /// The previous deal's cards gathered and cut once; the first deal of a match is shuffled.
    CutOnly,
    /// Deals 1, 4, 7, ... of the match shuffled, the others gathered and cut.
    Periodic,
}

/// The validated variant config (section 8).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RikkenConfig {
    /// A three-player form: P3 is a dummy (René or the blind), seated right of the dealer.
    pub dummy: bool,
    /// `players = three_blind`: the dummy's hand is opened after the auction and a controller
    /// plays it (8).
    pub open_dummy: bool,
    /// `joker = true`: 53 cards, the joker the lowest club, `d52` face up in the centre (8).
    pub joker: bool,
    /// Packet sizes of the deal (2.4), zero-terminated.
    pub deal_packets: [u8; 3],
    /// How the next deal's deck is made (2.3, 8).
    pub deal_shuffle: DealShuffle,
    pub call: CallRules,
    pub called_card_discard_allowed: bool,
    pub open_reveal_after_card: u8,
    pub praatje_all_open: bool,
    pub four_piekers: bool,
    pub troela_mandatory: bool,
    pub troela_multiplier: i64,
    pub troela_partner_pays_on_failure: bool,
    pub troela_ace_lead: bool,
    pub slam_value: i64,
    pub slam_declarer_leads: bool,
    pub claims: bool,
    pub pass_game: PassGameSetting,
    /// The menu of `eldest_chooses`, as a mask of `1 << PassGame as u8`.
    pub pass_game_menu: u8,
    pub pass_games_scored: bool,
    pub pass_unit: i64,
    pub schoppenmie_no_spade_tricks: u8,
    pub match_deals: u32,
}

impl RikkenConfig {
    /// The default configuration.
    pub fn defaults() -> RikkenConfig {
        Rikken::config(&ConfigValues::validate(Rikken::config_keys(), []).unwrap_or_default())
    }
}

const ALL_MENU: &str = "schoppenmie,two_or_five,one_three_five,rondpiek,forced_misere,forced_rik,redeal";

const CONFIG_KEYS: &[ConfigKey] = &[
    ConfigKey {
        name: "players",
        kind: KeyKind::Choice(&["four", "three_rene", "three_blind"]),
        default: "four",
        help: "four players, or three with a dummy P3: René (played in turn) or the blind (opened, controlled)",
    },
    ConfigKey {
        name: "joker",
        kind: KeyKind::Choice(&["false", "true"]),
        default: "false",
        help: "53 cards: the joker is the lowest club, d52 lies face up in the centre and the declarer may exchange \
               it (four players only)",
    },
    ConfigKey {
        name: "deal_packets",
        kind: KeyKind::Choice(&["[4,5,4]", "[6,7]", "[7,6]"]),
        default: "[4,5,4]",
        help: "packet sizes of the deal, eldest first, dealer last",
    },
    ConfigKey {
        name: "deal_shuffle",
        kind: KeyKind::Choice(&["full", "cut_only", "periodic"]),
        default: "full",
        help: "full: uniform shuffle every deal; cut_only: the tricks gathered and cut (deal 1 shuffled); periodic: \
               deals 1, 4, 7, ... shuffled, the others cut. The traditional modes are for one device only",
    },
    ConfigKey {
        name: "plain_trump_may_be_hearts",
        kind: KeyKind::Choice(&["false", "true"]),
        default: "false",
        help: "plain Rik and N alleen may also choose hearts",
    },
    ConfigKey {
        name: "call_mode",
        kind: KeyKind::Choice(&["standard", "silent_void"]),
        default: "standard",
        help: "silent_void: any rank-r card not held may be called, no blind call",
    },
    ConfigKey {
        name: "call_trump_ace",
        kind: KeyKind::Choice(&["false", "true"]),
        default: "false",
        help: "the trump suit is treated like any other suit when calling",
    },
    ConfigKey {
        name: "called_card_discard",
        kind: KeyKind::Choice(&["forbidden", "allowed"]),
        default: "forbidden",
        help: "whether the called card may be discarded before its suit is led",
    },
    ConfigKey {
        name: "open_reveal_after_card",
        kind: KeyKind::Choice(&["5", "4", "0"]),
        default: "5",
        help: "open contracts: declarers' hands go face up after this many cards of the deal",
    },
    ConfigKey {
        name: "praatje_mode",
        kind: KeyKind::Choice(&["all_open", "chat"]),
        default: "all_open",
        help: "met praatje: every hand opened, or only the declarers' (talk in a chat channel)",
    },
    ConfigKey {
        name: "four_piekers",
        kind: KeyKind::Choice(&["true", "false"]),
        default: "true",
        help: "3 piekers is 4 piekers",
    },
    ConfigKey {
        name: "troela_mandatory",
        kind: KeyKind::Choice(&["false", "true"]),
        default: "false",
        help: "a player with exactly three aces must bid troela at his first turn",
    },
    ConfigKey {
        name: "troela_multiplier",
        kind: KeyKind::Choice(&["2", "1"]),
        default: "2",
        help: "troela value per trick is 5 times this",
    },
    ConfigKey {
        name: "troela_partner_pays_on_failure",
        kind: KeyKind::Choice(&["true", "false"]),
        default: "true",
        help: "a failed troela costs the partner too",
    },
    ConfigKey {
        name: "troela_ace_lead",
        kind: KeyKind::Choice(&["false", "true"]),
        default: "false",
        help: "the troela partner leads his ace to trick 1, where trumps have no power",
    },
    ConfigKey {
        name: "slam_value",
        kind: KeyKind::Integer { min: 0, max: 1000, step: 1 },
        default: "90",
        help: "value of 13 per opponent, made or failed",
    },
    ConfigKey {
        name: "slam_declarer_leads",
        kind: KeyKind::Choice(&["true", "false"]),
        default: "true",
        help: "the 13 declarer leads trick 1",
    },
    ConfigKey {
        name: "claims",
        kind: KeyKind::Choice(&["true", "false"]),
        default: "true",
        help: "claims of the remaining tricks, accepted by the other players",
    },
    ConfigKey {
        name: "pass_game",
        kind: KeyKind::Choice(&[
            "schoppenmie",
            "eldest_chooses",
            "two_or_five",
            "one_three_five",
            "rondpiek",
            "forced_misere",
            "forced_rik",
            "redeal",
        ]),
        default: "schoppenmie",
        help: "what is played when all four pass",
    },
    ConfigKey {
        name: "pass_game_menu",
        kind: KeyKind::Subset(&[
            "schoppenmie",
            "two_or_five",
            "one_three_five",
            "rondpiek",
            "forced_misere",
            "forced_rik",
            "redeal",
        ]),
        default: ALL_MENU,
        help: "the games eldest chooses from under eldest_chooses (comma-separated)",
    },
    ConfigKey {
        name: "pass_games_scored",
        kind: KeyKind::Choice(&["true", "false"]),
        default: "true",
        help: "whether pass games score",
    },
    ConfigKey {
        name: "pass_unit",
        kind: KeyKind::Integer { min: 0, max: 1000, step: 1 },
        default: "5",
        help: "pass-game unit P",
    },
    ConfigKey {
        name: "schoppenmie_no_spade_tricks",
        kind: KeyKind::Choice(&["1", "3"]),
        default: "1",
        help: "opening tricks of Schoppen Mie in which spades are banned",
    },
    ConfigKey {
        name: "match_deals",
        kind: KeyKind::Integer { min: 0, max: 1000, step: 1 },
        default: "20",
        help: "deals per match (0 = unlimited)",
    },
];

// ---------------------------------------------------------------------------------------------
// Actions

/// One action in the spec's notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RikkenAction {
    Pass,
    Bid(Contract),
    Join,
    /// Eldest's pass game under `pass_game = eldest_chooses`.
    ChoosePassGame(PassGame),
    /// The blind's controller, named by the chooser (three_blind).
    Controller(Seat),
    /// Joker variant: the primary declarer leaves the centre card out of play (4, step 2).
    Keep,
    /// Joker variant: the primary declarer takes the centre card and puts this card of his hand
    /// out of play face down in its place.
    Exchange(Card),
    Trump(Suit),
    /// The called card (Rik types) or the fourth ace (troela); `blind` as announced.
    Call {
        card: Card,
        blind: bool,
    },
    Play(Card),
    /// The declarer's blind lead: this card face down, standing for the called suit (5.6).
    LeadFaceDown(Card),
    /// "My side wins exactly k of the remaining tricks" (5.8).
    Claim(u8),
    Accept,
    Reject,
}

impl fmt::Display for RikkenAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RikkenAction::Pass => write!(f, "pass"),
            RikkenAction::Bid(contract) => write!(f, "bid {}", contract.id()),
            RikkenAction::Join => write!(f, "join"),
            RikkenAction::ChoosePassGame(game) => write!(f, "pass_game {}", game.id()),
            RikkenAction::Controller(seat) => write!(f, "controller P{}", seat.0),
            RikkenAction::Keep => write!(f, "keep"),
            RikkenAction::Exchange(card) => write!(f, "exchange {card}"),
            RikkenAction::Trump(suit) => write!(f, "trump {suit}"),
            RikkenAction::Call { card, blind: false } => write!(f, "call {card}"),
            RikkenAction::Call { card, blind: true } => write!(f, "call {card} blind"),
            RikkenAction::Play(card) => write!(f, "play {card}"),
            RikkenAction::LeadFaceDown(card) => write!(f, "lead_face_down {card}"),
            RikkenAction::Claim(k) => write!(f, "claim {k}"),
            RikkenAction::Accept => write!(f, "accept"),
            RikkenAction::Reject => write!(f, "reject"),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Outcome and scores

/// The outcome of one deal: what was played, the tricks, and the deltas.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RikkenOutcome {
    pub dealer: Seat,
    /// The scoring inputs (contract or pass game, declarers, partner, tricks, claim credit).
    pub input: ScoreInput,
    /// The first holder of the contract.
    pub primary: Option<Seat>,
    pub trump: Option<Suit>,
    pub called: Option<Card>,
    pub blind: bool,
    /// The four-piekers rule made the fourth seat a declarer.
    pub four_piekers: bool,
    /// Joker variant: the face-up centre card as dealt, and whether the primary declarer took it
    /// in exchange for a card of his hand.
    pub centre: Option<Card>,
    pub exchanged: bool,
    /// The deal stopped before trick 13 (certain failure, 5.8).
    pub early_end: bool,
    /// The deal ended by an accepted claim.
    pub claimed: bool,
    pub deltas: [i64; 4],
}

/// Running match totals.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RikkenScores {
    pub totals: [i64; 4],
    pub deals: u32,
}

// ---------------------------------------------------------------------------------------------
// The game

/// Where the deal is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    Auction,
    /// Eldest picks the pass game.
    PassGameChoice,
    /// Joker variant: the primary declarer keeps or exchanges the centre card.
    JokerExchange,
    /// The trump is chosen (declarer, or the troela partner).
    Trump,
    /// The declarer calls a card.
    Call,
    /// Three players with a blind: the chooser names the blind's controller.
    ChooseController,
    Play,
    /// A claim is being answered; `asking` answers next.
    ClaimAnswer {
        claimant: Seat,
        k: u8,
    },
    Over,
}

/// One Rikken deal: public facts only (calls, contract, declarers, trump, called card, whose turn).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rikken {
    dealer: Seat,
    /// A three-player form with the dummy P3, and whether it is the open blind.
    dummy: bool,
    open_dummy: bool,
    /// The blind's controller when fixed by a choice or by the declarers (8).
    controller: Option<Seat>,
    /// Per seat: the rank of its highest bid or join (0 = none), and when it passed (1 = first).
    highest_call: [u8; 4],
    pass_order: [u8; 4],
    phase: Phase,
    turn: Seat,
    /// Auction: seats that passed, holders of the highest bid, seats that had a turn.
    passed: u8,
    holders: u8,
    had_turn: u8,
    high: Option<Contract>,
    primary: Option<Seat>,
    /// After the auction: the contract or the pass game.
    contract: Option<Contract>,
    pass_game: Option<PassGame>,
    declarers: u8,
    four_piekers: bool,
    /// Joker variant: the primary declarer took the centre card (public; the card he put out is
    /// not).
    exchanged: bool,
    trump: Option<Suit>,
    called: Option<Card>,
    blind: bool,
    blind_used: bool,
    /// The current trick was led face down.
    blind_trick: bool,
    called_suit_led: bool,
    called_played_by: Option<Seat>,
    troela_partner: Option<Seat>,
    /// Seats whose hands lie open.
    opened: u8,
    cards_played: u8,
    /// The seat to play made a claim this turn (it was rejected).
    claimed_this_turn: bool,
    /// The claimant's side and the credited tricks after an accepted claim.
    credit: Option<[u8; 2]>,
    qs_winner: Option<Seat>,
    last_winner: Option<Seat>,
    early_end: bool,
}

impl Rikken {
    pub fn dealer(&self) -> Seat {
        self.dealer
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    pub fn eldest(&self) -> Seat {
        self.next(self.dealer)
    }

    /// The seat after `seat` in this deal's order.
    pub fn next(&self, seat: Seat) -> Seat {
        next_in_deal(seat, self.dealer, self.dummy)
    }

    /// The seat whose cards and decisions are on turn (René when his operator acts).
    pub fn seat_on_turn(&self) -> Seat {
        self.turn
    }

    /// Whether `seat` is René.
    pub fn is_dummy(&self, seat: Seat) -> bool {
        self.dummy && seat == DUMMY
    }

    /// René's operator for trick `k` (0-based): L2, dealer, L1, ... (8).
    pub fn operator(&self, trick_index: u8) -> Seat {
        let l1 = self.next(self.dealer);
        let l2 = self.next(l1);
        [l2, self.dealer, l1][(trick_index % 3) as usize]
    }

    /// Who acts for the seat on turn: the seat itself, René's operator, or the blind's
    /// controller (rotating like René's operator where 8 says so).
    fn actor(&self, table: &Table) -> Seat {
        if !self.is_dummy(self.turn) {
            return self.turn;
        }
        if self.open_dummy {
            if let Some(controller) = self.blind_controller(table) {
                return controller;
            }
        }
        self.operator(table.trick_index())
    }

    /// The blind's controller for the whole deal, when 8 fixes one: chosen, the only human who
    /// is not a declarer, or by the partnership (the declarer when the blind is his partner,
    /// otherwise the human who is neither declarer nor partner). `None`: control rotates.
    pub fn blind_controller(&self, table: &Table) -> Option<Seat> {
        if let Some(controller) = self.controller {
            return Some(controller);
        }
        let declarer = self.primary?;
        let by_partner = |partner: Seat| {
            if partner == DUMMY {
                Some(declarer)
            } else {
                (0..3).map(Seat).find(|&seat| seat != declarer && seat != partner)
            }
        };
        if self.is_rik_type() {
            let called = self.called?;
            let holder = self.called_played_by.or_else(|| match table.place(table.slot_of(called)?) {
                Place::Hand(seat) => Some(seat),
                _ => None,
            })?;
            return by_partner(holder);
        }
        if self.contract == Some(Contract::Troela) {
            return by_partner(self.troela_partner?);
        }
        None
    }

    /// The human who names the blind's controller (8: of the two other humans, the one whose
    /// highest call was lower; on a tie the one who passed first), when a choice is due.
    fn blind_chooser(&self) -> Option<Seat> {
        if !self.open_dummy || self.controller.is_some() || self.pass_game.is_some() {
            return None;
        }
        let contract = self.contract?;
        let declarer = self.primary?;
        if matches!(contract.kind(), Kind::Rik | Kind::Troela) || self.declarers.count_ones() > 1 {
            return None;
        }
        let others: Vec<Seat> = (0..3).map(Seat).filter(|&seat| seat != declarer).collect();
        let key = |seat: Seat| (self.highest_call[seat.index()], self.pass_order[seat.index()]);
        others.into_iter().min_by_key(|&seat| key(seat))
    }

    /// When the dummy comes on turn: shows René's remaining hand to his operator (V6), or, for
    /// the blind in a Rik whose called card lies with a human, announces the controller (V14)
    /// by showing the called card in its holder's hand.
    fn show_dummy(&self, table: &mut Table, events: &mut Events) {
        if !self.is_dummy(self.turn) || matches!(self.phase, Phase::Over | Phase::Auction) {
            return;
        }
        if self.open_dummy {
            if let Some(slot) = self.called.filter(|_| self.is_rik_type()).and_then(|card| table.slot_of(card)) {
                if matches!(table.place(slot), Place::Hand(holder) if holder != DUMMY) && !table.is_public(slot) {
                    table.emit(Visibility::ShownToAll { slots: SlotSet::single(slot) }, events);
                }
            }
            return;
        }
        let operator = self.operator(table.trick_index());
        let mut slots = SlotSet::EMPTY;
        for slot in table.hand_slots(DUMMY).iter() {
            if !table.is_seen_by(slot, operator) {
                slots.insert(slot);
            }
        }
        if !slots.is_empty() {
            table.emit(Visibility::ShownToSeat { seat: operator, slots }, events);
        }
    }

    /// The highest bid of the auction so far and its holders (seat bits).
    pub fn high_bid(&self) -> Option<(Contract, u8)> {
        self.high.map(|contract| (contract, self.holders))
    }

    pub fn has_passed(&self, seat: Seat) -> bool {
        self.passed & seat.bit() != 0
    }

    pub fn contract(&self) -> Option<Contract> {
        self.contract
    }

    pub fn pass_game(&self) -> Option<PassGame> {
        self.pass_game
    }

    /// The declarers, as seat bits (empty in pass games other than forced rik).
    pub fn declarers(&self) -> u8 {
        self.declarers
    }

    pub fn primary(&self) -> Option<Seat> {
        self.primary
    }

    pub fn trump(&self) -> Option<Suit> {
        self.trump
    }

    pub fn called(&self) -> Option<Card> {
        self.called
    }

    pub fn called_blind(&self) -> bool {
        self.blind
    }

    /// The seat that played the called card, once it has been played.
    pub fn called_played_by(&self) -> Option<Seat> {
        self.called_played_by
    }

    pub fn troela_partner(&self) -> Option<Seat> {
        self.troela_partner
    }

    /// Seats whose hands lie open (open contracts, praatje, claims).
    pub fn opened(&self) -> u8 {
        self.opened
    }

    /// Rik, Rik beter or forced rik: a called card and a hidden partner.
    pub fn is_rik_type(&self) -> bool {
        matches!(self.contract, Some(Contract::Rik | Contract::RikBeter)) || self.pass_game == Some(PassGame::ForcedRik)
    }

    fn declarer(&self) -> Option<Seat> {
        self.primary
    }

    fn play_rules(&self, config: &RikkenConfig, table: &Table) -> PlayRules {
        let rik = self.is_rik_type();
        PlayRules {
            called: if rik && self.called_played_by.is_none() && !self.called_suit_led { self.called } else { None },
            called_discard_allowed: config.called_card_discard_allowed,
            spade_ban: self.pass_game == Some(PassGame::Schoppenmie)
                && table.trick_index() < config.schoppenmie_no_spade_tricks,
            forced_lead: if config.troela_ace_lead
                && self.contract == Some(Contract::Troela)
                && table.trick_index() == 0
                && table.trick().is_empty()
            {
                self.called
            } else {
                None
            },
        }
    }

    fn blind_lead_open(&self, table: &Table, seat: Seat) -> bool {
        self.is_rik_type()
            && self.blind
            && !self.blind_used
            && self.called_played_by.is_none()
            && Some(seat) == self.declarer()
            && table.trick().is_empty()
    }

    /// Whether the sides of the deal are public (5.8: who may claim besides the declarer).
    fn sides_public(&self) -> bool {
        if self.is_rik_type() {
            self.called_played_by.is_some()
        } else {
            true
        }
    }

    fn claim_allowed(&self, config: &RikkenConfig, seat: Seat) -> bool {
        config.claims
            && !self.is_dummy(seat)
            && self.phase == Phase::Play
            && !self.claimed_this_turn
            && self.contract.is_some()
            && self.declarers.count_ones() == 1
            && (self.declarer() == Some(seat) || self.sides_public())
    }

    /// The seats of the declaring side (declarers plus a known partner).
    fn declaring_side(&self, table: &Table) -> u8 {
        let mut side = self.declarers;
        if let Some(partner) = self.partner(table) {
            side |= partner.bit();
        }
        side
    }

    /// The partner: the troela partner, the seat that played the called card, or the holder of
    /// the called card when the table knows it.
    fn partner(&self, table: &Table) -> Option<Seat> {
        if self.contract == Some(Contract::Troela) {
            return self.troela_partner;
        }
        if !self.is_rik_type() {
            return None;
        }
        if let Some(seat) = self.called_played_by {
            return Some(seat);
        }
        let slot = table.slot_of(self.called?)?;
        match table.place(slot) {
            Place::Hand(seat) | Place::Won(seat) => Some(seat),
            _ => None,
        }
    }

    fn end_deal(&mut self, table: &mut Table, events: &mut Events) {
        self.phase = Phase::Over;
        table.reveal_at_end(events);
        if !events.is_full() {
            events.push(Event::HandOver);
        }
    }

    fn open_hand(&mut self, table: &mut Table, seat: Seat, events: &mut Events) {
        if self.opened & seat.bit() != 0 {
            return;
        }
        self.opened |= seat.bit();
        let slots = table.hand_slots(seat);
        if !slots.is_empty() {
            table.emit(Visibility::HandOpened { seat, slots }, events);
        }
    }

    /// The exposure of an open contract (5.7), when its moment has come.
    fn expose(&mut self, config: &RikkenConfig, table: &mut Table, events: &mut Events) {
        let Some(contract) = self.contract else { return };
        if !contract.is_open() {
            return;
        }
        let everyone = contract.is_praatje() && config.praatje_all_open;
        for seat in 0..SEATS {
            let seat = Seat(seat);
            if everyone || self.declarers & seat.bit() != 0 {
                self.open_hand(table, seat, events);
            }
        }
    }

    // --- auction ------------------------------------------------------------------------------

    /// The cards out of play (joker variant: the centre card, or the card the primary declarer
    /// put out in its place), when this table knows them all; always known, and empty, without
    /// the joker.
    fn out_of_play(config: &RikkenConfig, table: &Table) -> Option<CardSet> {
        if !config.joker {
            return Some(CardSet::EMPTY);
        }
        let mut cards = CardSet::EMPTY;
        for slot in table.slots_in(Place::Pile(Pile::OutOfPlay)).iter() {
            cards.insert(table.card_at(slot)?);
        }
        Some(cards)
    }

    /// `seat`'s hand and the out-of-play cards, when the table knows both: the rules that depend
    /// on them (troela, the Rik calls) are checked now, otherwise by the end-of-hand audit.
    fn known_holding(config: &RikkenConfig, table: &Table, seat: Seat) -> Option<(CardSet, CardSet)> {
        if !table.knows_hand(seat) {
            return None;
        }
        Some((table.hand(seat), Self::out_of_play(config, table)?))
    }

    /// Exactly three aces, the fourth not the face-up centre card (3.3).
    fn troela_biddable(hand: CardSet, out_of_play: CardSet) -> bool {
        rules::aces(hand) == 3 && rules::aces(out_of_play) == 0
    }

    fn bid_allowed_by_hand(config: &RikkenConfig, table: &Table, seat: Seat, contract: Contract) -> bool {
        let Some((hand, out_of_play)) = Self::known_holding(config, table, seat) else { return true };
        match contract {
            Contract::Troela => Self::troela_biddable(hand, out_of_play),
            // With the joker, as if the centre card stays out of play: `keep` then always remains
            // legal, so the bid stays playable (decision 28).
            Contract::RikBeter => !call_candidates(hand, out_of_play, Suit::Hearts, &config.call).0.is_empty(),
            _ => true,
        }
    }

    /// `troela_mandatory`: the seat's only call now is `bid troela`.
    fn troela_forced(&self, config: &RikkenConfig, table: &Table, seat: Seat) -> bool {
        config.troela_mandatory
            && self.had_turn & seat.bit() == 0
            && self.high.is_none_or(|high| high < Contract::Troela)
            && Self::known_holding(config, table, seat)
                .is_some_and(|(hand, out_of_play)| Self::troela_biddable(hand, out_of_play))
    }

    fn auction_calls(&self, config: &RikkenConfig, table: &Table, seat: Seat, out: &mut Vec<RikkenAction>) {
        if self.troela_forced(config, table, seat) {
            out.push(RikkenAction::Bid(Contract::Troela));
            return;
        }
        out.push(RikkenAction::Pass);
        for contract in Contract::ALL {
            if self.high.is_some_and(|high| contract <= high) {
                continue;
            }
            if !Self::bid_allowed_by_hand(config, table, seat, contract) {
                continue;
            }
            out.push(RikkenAction::Bid(contract));
        }
        if self.high.is_some_and(Contract::joinable) {
            out.push(RikkenAction::Join);
        }
    }

    fn apply_auction(
        &mut self,
        config: &RikkenConfig,
        table: &mut Table,
        seat: Seat,
        call: RikkenAction,
        events: &mut Events,
    ) -> Result<(), RuleError> {
        match call {
            RikkenAction::Pass | RikkenAction::Join | RikkenAction::Bid(_) => {}
            _ => return Err(RuleError::new("the auction is not over")),
        }
        if self.troela_forced(config, table, seat) && call != RikkenAction::Bid(Contract::Troela) {
            return Err(RuleError::new("troela is mandatory with three aces at the first turn"));
        }
        match call {
            RikkenAction::Bid(contract) => {
                if let Some(high) = self.high {
                    if contract <= high {
                        return Err(RuleError::new(format!("a bid must be higher than {}", high.id())));
                    }
                }
                if !Self::bid_allowed_by_hand(config, table, seat, contract) {
                    return Err(RuleError::new(match contract {
                        Contract::Troela if config.joker => {
                            "troela needs exactly three aces, the fourth not the centre card"
                        }
                        Contract::Troela => "troela needs exactly three aces",
                        _ => "rik beter needs a legal call with hearts as trump",
                    }));
                }
            }
            RikkenAction::Join => match self.high {
                Some(high) if high.joinable() => {}
                Some(high) => return Err(RuleError::new(format!("{} cannot be joined", high.id()))),
                None => return Err(RuleError::new("there is no bid to join")),
            },
            _ => {}
        }
        // Validated: from here on the call is applied.
        self.had_turn |= seat.bit();
        match call {
            RikkenAction::Pass => self.mark_passed(seat),
            RikkenAction::Bid(contract) => {
                self.high = Some(contract);
                self.holders = seat.bit();
                self.primary = Some(seat);
                self.highest_call[seat.index()] = contract.rank();
            }
            _ => {
                self.holders |= seat.bit();
                self.highest_call[seat.index()] = self.high.map_or(0, Contract::rank);
            }
        }
        if self.high == Some(Contract::Slam) {
            // 13 ends the auction at once; the others count as passed, clockwise from the
            // bidder (3.4).
            let mut other = self.next(seat);
            while other != seat {
                if self.passed & other.bit() == 0 {
                    self.mark_passed(other);
                }
                other = self.next(other);
            }
            return self.end_auction(config, table, events);
        }
        let mut candidate = self.next(seat);
        for _ in 0..SEATS {
            if (self.passed | self.holders) & candidate.bit() == 0 {
                self.turn = candidate;
                return Ok(());
            }
            candidate = self.next(candidate);
        }
        self.end_auction(config, table, events)
    }

    fn mark_passed(&mut self, seat: Seat) {
        self.passed |= seat.bit();
        self.pass_order[seat.index()] = self.pass_order.iter().filter(|&&order| order > 0).count() as u8 + 1;
    }

    fn end_auction(&mut self, config: &RikkenConfig, table: &mut Table, events: &mut Events) -> Result<(), RuleError> {
        if config.open_dummy {
            // The blind is turned face up right after the auction (V5).
            self.open_hand(table, DUMMY, events);
        }
        let Some(contract) = self.high else {
            return match config.pass_game {
                PassGameSetting::EldestChooses => {
                    self.phase = Phase::PassGameChoice;
                    self.turn = self.eldest();
                    Ok(())
                }
                PassGameSetting::Fixed(game) => self.start_pass_game(config, table, game, events),
            };
        };
        self.contract = Some(contract);
        self.declarers = self.holders;
        if config.four_piekers && !config.dummy && contract.is_piek() && self.declarers.count_ones() == 3 {
            self.declarers = ALL_SEATS;
            self.four_piekers = true;
        }
        let declarer = self.primary.unwrap_or(self.eldest());
        self.turn = declarer;
        if config.joker {
            // The primary declarer keeps or exchanges the centre card first (4, step 2).
            self.phase = Phase::JokerExchange;
            return Ok(());
        }
        self.announce(config, table, events);
        Ok(())
    }

    /// The contract announcements after the auction (4, step 3): the trump and the call where the
    /// contract has them, then play.
    fn announce(&mut self, config: &RikkenConfig, table: &mut Table, events: &mut Events) {
        let Some(contract) = self.contract else { return };
        self.turn = self.primary.unwrap_or(self.eldest());
        match contract.kind() {
            Kind::Rik => {
                if contract.beter() {
                    self.trump = Some(Suit::Hearts);
                    self.phase = Phase::Call;
                } else {
                    self.phase = Phase::Trump;
                }
            }
            Kind::Solo(_) if contract.beter() => {
                self.trump = Some(Suit::Hearts);
                self.start_play(config, table, events);
            }
            Kind::Solo(_) | Kind::Slam => self.phase = Phase::Trump,
            Kind::Troela => self.phase = Phase::Call,
            Kind::Piek | Kind::Misere => self.start_play(config, table, events),
        }
    }

    // --- joker exchange (4, step 2; 8) ----------------------------------------------------------

    /// Whether `exchange card` is allowed by the declarer's hand: in Rik beter only when hearts
    /// still admits a legal call with the new hand (the card put out counting as held, 4.3).
    fn exchange_allowed(&self, config: &RikkenConfig, hand: CardSet, centre: Card, card: Card) -> bool {
        if self.contract != Some(Contract::RikBeter) {
            return true;
        }
        let mut new_hand = hand;
        new_hand.remove(card);
        new_hand.insert(centre);
        !call_candidates(new_hand, CardSet::single(card), Suit::Hearts, &config.call).0.is_empty()
    }

    fn legal_exchanges(&self, config: &RikkenConfig, table: &Table, out: &mut Vec<RikkenAction>) {
        out.push(RikkenAction::Keep);
        let declarer = self.turn;
        let hand = table.hand(declarer);
        match (table.knows_hand(declarer), table.card_at(CENTRE)) {
            (true, Some(centre)) => out.extend(
                hand.iter()
                    .filter(|&card| self.exchange_allowed(config, hand, centre, card))
                    .map(RikkenAction::Exchange),
            ),
            _ => out.extend(hand.iter().map(RikkenAction::Exchange)),
        }
    }

    fn apply_exchange(
        &mut self,
        config: &RikkenConfig,
        table: &mut Table,
        seat: Seat,
        action: RikkenAction,
        events: &mut Events,
    ) -> Result<(), RuleError> {
        let card = match action {
            RikkenAction::Keep => {
                self.announce(config, table, events);
                return Ok(());
            }
            RikkenAction::Exchange(card) => card,
            _ => return Err(RuleError::new("the declarer must keep or exchange the centre card first")),
        };
        let slot = table.slot_in_hand(seat, card)?;
        if table.place(CENTRE) != Place::Pile(Pile::OutOfPlay) {
            return Err(RuleError::new("the centre card is not in the centre"));
        }
        if table.knows_hand(seat) {
            if let Some(centre) = table.card_at(CENTRE) {
                if !self.exchange_allowed(config, table.hand(seat), centre, card) {
                    return Err(RuleError::new(
                        "in rik beter the exchange must leave a legal call with hearts as trump (4.3)",
                    ));
                }
            }
        }
        // The card leaves the hand face down (V4), then the public centre card joins it (V3):
        // a networked table re-mixes the hand just before, so the discard names a re-mixed
        // position.
        table.move_slot(slot, Place::Pile(Pile::OutOfPlay));
        table.emit(Visibility::DiscardedFaceDown { seat, slots: SlotSet::single(slot) }, events);
        table.move_slot(CENTRE, Place::Hand(seat));
        table.emit(Visibility::TakenIntoHand { seat, slots: SlotSet::single(CENTRE) }, events);
        self.exchanged = true;
        self.announce(config, table, events);
        Ok(())
    }

    fn start_pass_game(
        &mut self,
        config: &RikkenConfig,
        table: &mut Table,
        game: PassGame,
        events: &mut Events,
    ) -> Result<(), RuleError> {
        self.pass_game = Some(game);
        match game {
            PassGame::Redeal => self.end_deal(table, events),
            PassGame::ForcedRik => {
                self.primary = Some(self.eldest());
                self.declarers = self.eldest().bit();
                self.turn = self.eldest();
                self.phase = Phase::Trump;
            }
            _ => self.start_play(config, table, events),
        }
        Ok(())
    }

    // --- declarer phase -----------------------------------------------------------------------

    /// The trumps the contract offers before the hand check (4, step 3).
    fn base_trumps(&self, config: &RikkenConfig) -> u8 {
        const PLAIN: u8 = 0b1011; // C, D, S
        const ALL: u8 = 0b1111;
        if self.pass_game == Some(PassGame::ForcedRik) {
            return ALL;
        }
        match self.contract {
            Some(Contract::Slam) => ALL,
            Some(Contract::Troela) => {
                let ace_suit = self.called.and_then(Card::suit).map_or(0, |suit| 1 << suit.index());
                ALL & !ace_suit
            }
            Some(_) if config.call.plain_trump_may_be_hearts => ALL,
            _ => PLAIN,
        }
    }

    fn trump_allowed(&self, config: &RikkenConfig, table: &Table, suit: Suit) -> bool {
        if self.base_trumps(config) & (1 << suit.index()) == 0 {
            return false;
        }
        if !self.is_rik_type() {
            return true;
        }
        match Self::known_holding(config, table, self.turn) {
            Some((hand, out_of_play)) => !call_candidates(hand, out_of_play, suit, &config.call).0.is_empty(),
            None => true,
        }
    }

    fn apply_trump(
        &mut self,
        config: &RikkenConfig,
        table: &mut Table,
        action: RikkenAction,
        events: &mut Events,
    ) -> Result<(), RuleError> {
        let RikkenAction::Trump(suit) = action else {
            return Err(RuleError::new("the trump must be chosen first"));
        };
        if !self.trump_allowed(config, table, suit) {
            return Err(RuleError::new(if self.base_trumps(config) & (1 << suit.index()) == 0 {
                "this contract does not allow that trump"
            } else {
                "no legal call with that trump"
            }));
        }
        let rene_holds_ace = self.contract == Some(Contract::Troela)
            && self.dummy
            && !self.open_dummy
            && self.troela_partner == Some(DUMMY);
        if let Some(ace) = self.called.filter(|_| rene_holds_ace) {
            // René's fourth ace, seen by the operator taking this decision, is opened to all (V7).
            let slot = table.slot_of(ace).ok_or_else(|| RuleError::new("the fourth ace is not in René's hand"))?;
            if table.place(slot) != Place::Hand(DUMMY) {
                return Err(RuleError::new("the fourth ace is not in René's hand"));
            }
            if !table.is_public(slot) {
                table.emit(Visibility::ShownToAll { slots: SlotSet::single(slot) }, events);
            }
        }
        self.trump = Some(suit);
        if self.is_rik_type() {
            self.phase = Phase::Call;
        } else {
            self.start_play(config, table, events);
        }
        Ok(())
    }

    fn legal_calls(&self, config: &RikkenConfig, table: &Table, out: &mut Vec<RikkenAction>) {
        let declarer = self.turn;
        let hand = table.hand(declarer);
        let known = Self::known_holding(config, table, declarer);
        if self.contract == Some(Contract::Troela) {
            // The fourth ace: neither held nor (joker variant) an ace the declarer put out of
            // play in the exchange; it lies in another hand.
            for suit in Suit::ALL {
                let ace = Card::new(Rank::ACE, suit);
                let fourth = match known {
                    Some((hand, out_of_play)) => {
                        let held = hand.union(out_of_play);
                        !held.contains(ace) && rules::aces(held) == 3
                    }
                    None => !hand.contains(ace),
                };
                if fourth {
                    out.push(RikkenAction::Call { card: ace, blind: false });
                }
            }
            return;
        }
        let Some(trump) = self.trump else { return };
        if let Some((hand, out_of_play)) = known {
            let (cards, blind) = call_candidates(hand, out_of_play, trump, &config.call);
            out.extend(cards.iter().map(|card| RikkenAction::Call { card, blind }));
        } else {
            for card in rules::standard_deck().difference(hand) {
                if card.suit() != Some(trump) || config.call.call_trump_ace {
                    out.push(RikkenAction::Call { card, blind: false });
                    if !config.call.silent_void {
                        out.push(RikkenAction::Call { card, blind: true });
                    }
                }
            }
        }
    }

    fn apply_call(
        &mut self,
        config: &RikkenConfig,
        table: &mut Table,
        seat: Seat,
        action: RikkenAction,
        events: &mut Events,
    ) -> Result<(), RuleError> {
        let RikkenAction::Call { card, blind } = action else {
            return Err(RuleError::new("the declarer must call a card first"));
        };
        if card.is_joker() {
            return Err(RuleError::new("the joker cannot be called"));
        }
        let hand = table.hand(seat);
        let known = table.knows_hand(seat);
        if self.contract == Some(Contract::Troela) {
            if card.rank() != Some(Rank::ACE) || blind {
                return Err(RuleError::new("in troela the fourth ace is named"));
            }
            if known && hand.contains(card) {
                return Err(RuleError::new("the declarer holds that ace"));
            }
            let rene = self.dummy && !self.open_dummy;
            let holder = match table.slot_of(card) {
                Some(slot) => {
                    let Place::Hand(holder) = table.place(slot) else {
                        return Err(RuleError::new("the fourth ace is not in a hand"));
                    };
                    // V7: a human holder shows the ace now; René's is opened once his operator
                    // has seen René's hand, with the troela trump (`apply_trump`).
                    if !(rene && holder == DUMMY) {
                        table.emit(Visibility::ShownToAll { slots: SlotSet::single(slot) }, events);
                    }
                    holder
                }
                // Nobody could open it: every human shows his own ace first (a networked table
                // asks each), so on partial knowledge an ace still unplaced lies in René's hand,
                // which nobody sees before his operator does.
                None if rene && table.hidden_count(DUMMY) > 0 => DUMMY,
                None => {
                    return Err(RuleError::new(
                        "the fourth ace's deck position must be opened first (troela announcement)",
                    ))
                }
            };
            if holder == seat {
                return Err(RuleError::new("the declarer holds that ace"));
            }
            self.called = Some(card);
            self.troela_partner = Some(holder);
            self.turn = holder;
            self.phase = Phase::Trump;
            return Ok(());
        }
        let trump = self.trump.unwrap_or(Suit::Hearts);
        if card.suit() == Some(trump) && !config.call.call_trump_ace {
            return Err(RuleError::new("the trump suit's card cannot be called"));
        }
        if blind && config.call.silent_void {
            return Err(RuleError::new("call_mode silent_void has no blind call"));
        }
        if let Some((hand, out_of_play)) = Self::known_holding(config, table, seat) {
            if hand.contains(card) {
                return Err(RuleError::new("the declarer cannot call a card he holds"));
            }
            if out_of_play.contains(card) {
                return Err(RuleError::new("a card out of play cannot be called"));
            }
            let (cards, is_blind) = call_candidates(hand, out_of_play, trump, &config.call);
            if !cards.contains(card) {
                return Err(RuleError::new("not a legal call (4.3)"));
            }
            if blind != is_blind {
                return Err(RuleError::new(if blind {
                    "false blind call: a normal call is possible"
                } else {
                    "this call is blind and must be announced blind"
                }));
            }
        }
        self.called = Some(card);
        self.blind = blind;
        self.start_play(config, table, events);
        Ok(())
    }

    fn start_play(&mut self, config: &RikkenConfig, table: &mut Table, events: &mut Events) {
        if let Some(chooser) = self.blind_chooser() {
            self.phase = Phase::ChooseController;
            self.turn = chooser;
            return;
        }
        if self.open_dummy && self.controller.is_none() && self.contract.is_some_and(Contract::is_nullo) {
            // Several declarers: the one human who is not a declarer controls the blind.
            let free: Vec<Seat> = (0..3).map(Seat).filter(|&seat| self.declarers & seat.bit() == 0).collect();
            if let [only] = free[..] {
                self.controller = Some(only);
            }
        }
        self.phase = Phase::Play;
        self.turn = self.eldest();
        match self.contract {
            Some(Contract::Slam) if config.slam_declarer_leads => self.turn = self.primary.unwrap_or(self.turn),
            Some(Contract::Troela) if config.troela_ace_lead => self.turn = self.troela_partner.unwrap_or(self.turn),
            _ => {}
        }
        if config.open_reveal_after_card == 0 {
            self.expose(config, table, events);
        }
    }

    // --- play ---------------------------------------------------------------------------------

    fn apply_play(
        &mut self,
        config: &RikkenConfig,
        table: &mut Table,
        seat: Seat,
        action: RikkenAction,
        events: &mut Events,
    ) -> Result<(), RuleError> {
        let (card, face_down) = match action {
            RikkenAction::Play(card) => (card, false),
            RikkenAction::LeadFaceDown(card) => (card, true),
            RikkenAction::Claim(k) => return self.apply_claim(config, table, seat, k, events),
            _ => return Err(RuleError::new("the deal is being played")),
        };
        if face_down && !self.blind_lead_open(table, seat) {
            return Err(RuleError::new("a face-down lead needs the declarer on lead after a blind call"));
        }
        let called = self.called.filter(|_| self.is_rik_type());
        let stands_for = if face_down { called.and_then(Card::suit) } else { None };
        if table.knows_hand(seat) {
            let hand = table.hand(seat);
            if !hand.contains(card) {
                return Err(RuleError::new(format!("{card} is not in {}'s hand", seat_name(seat))));
            }
            if !face_down {
                let allowed = legal_cards(hand, table.trick(), &self.play_rules(config, table));
                if !allowed.contains(card) {
                    return Err(RuleError::new(rules::why_illegal(
                        hand,
                        table.trick(),
                        &self.play_rules(config, table),
                        card,
                    )));
                }
            } else if Some(rules::suit_of(card)) == stands_for {
                return Err(RuleError::new("the face-down card cannot be of the called suit"));
            }
        }
        table.play(seat, card, stands_for, events)?;
        self.claimed_this_turn = false;
        self.cards_played += 1;
        if face_down {
            self.blind_trick = true;
            self.blind_used = true;
        }
        if Some(card) == called && !face_down {
            self.called_played_by = Some(seat);
        }
        if self.cards_played == 5 && config.open_reveal_after_card == 5 {
            self.expose(config, table, events);
        }
        if table.trick().len() < SEATS as usize {
            self.turn = self.next(seat);
            return Ok(());
        }
        // The face-down card is turned before the trick is gathered (5.6).
        table.turn_trick_face_up(events);
        let no_trump_power =
            config.troela_ace_lead && self.contract == Some(Contract::Troela) && table.trick_index() == 0;
        let trump = if no_trump_power { None } else { self.trump };
        let winner = trick_winner(table.trick(), trump, self.blind_trick).unwrap_or(seat);
        let queen_of_spades = Card::new(Rank::QUEEN, Suit::Spades);
        if table.trick().card_set().contains(queen_of_spades) {
            self.qs_winner = Some(winner);
        }
        self.blind_trick = false;
        // The called card's duties end with the first trick of its suit (5.4).
        if called.is_some() && table.trick().led == called.and_then(Card::suit) {
            self.called_suit_led = true;
        }
        table.take_trick(winner, events);
        self.turn = winner;
        if table.trick_index() >= TRICKS {
            self.last_winner = Some(winner);
            self.end_deal(table, events);
        } else if self.settled_early(table) {
            self.early_end = true;
            self.end_deal(table, events);
        } else if table.trick_index() == 1 && config.open_reveal_after_card == 4 {
            self.expose(config, table, events);
        }
        Ok(())
    }

    /// Every declarer has certainly failed (5.8).
    fn settled_early(&self, table: &Table) -> bool {
        let Some(contract) = self.contract else { return false };
        let failed = |seat: Seat| match contract.kind() {
            Kind::Misere => table.tricks_won(seat) >= 1,
            Kind::Piek => table.tricks_won(seat) >= 2,
            Kind::Slam => (0..SEATS).any(|other| other != seat.0 && table.tricks_won(Seat(other)) > 0),
            _ => false,
        };
        self.declarers != 0 && (0..SEATS).filter(|&s| self.declarers & (1 << s) != 0).all(|s| failed(Seat(s)))
    }

    fn apply_claim(
        &mut self,
        config: &RikkenConfig,
        table: &mut Table,
        seat: Seat,
        k: u8,
        events: &mut Events,
    ) -> Result<(), RuleError> {
        if !self.claim_allowed(config, seat) {
            return Err(RuleError::new(if !config.claims {
                "claims are off"
            } else if self.claimed_this_turn {
                "one claim per turn"
            } else {
                "no claim allowed here"
            }));
        }
        let remaining = TRICKS - table.trick_index();
        if k > remaining {
            return Err(RuleError::new(format!("a claim is of at most the {remaining} remaining tricks")));
        }
        self.open_hand(table, seat, events);
        self.phase = Phase::ClaimAnswer { claimant: seat, k };
        self.turn = self.next_answerer(seat);
        Ok(())
    }

    fn apply_answer(
        &mut self,
        table: &mut Table,
        claimant: Seat,
        k: u8,
        action: RikkenAction,
        events: &mut Events,
    ) -> Result<(), RuleError> {
        match action {
            RikkenAction::Accept => {
                let asked = self.next_answerer(self.turn);
                if asked != claimant {
                    self.turn = asked;
                    return Ok(());
                }
                let remaining = TRICKS - table.trick_index();
                let claimant_declares = self.declaring_side(table) & claimant.bit() != 0;
                self.credit = Some(if claimant_declares { [k, remaining - k] } else { [remaining - k, k] });
                self.end_deal(table, events);
                Ok(())
            }
            RikkenAction::Reject => {
                self.phase = Phase::Play;
                self.turn = claimant;
                self.claimed_this_turn = true;
                Ok(())
            }
            _ => Err(RuleError::new("a claim must be answered: accept or reject")),
        }
    }

    /// The next seat asked about a claim: René is never asked (5.8).
    fn next_answerer(&self, seat: Seat) -> Seat {
        let next = self.next(seat);
        if self.is_dummy(next) {
            self.next(next)
        } else {
            next
        }
    }

    fn score_input(&self, table: &Table) -> ScoreInput {
        ScoreInput {
            contract: self.contract,
            pass_game: self.pass_game,
            declarers: self.declarers,
            partner: self.partner(table),
            tricks: [0, 1, 2, 3].map(|seat| table.tricks_won(Seat(seat))),
            credit: self.credit,
            qs_winner: self.qs_winner,
            last_winner: self.last_winner,
        }
    }

    /// Self-play weight of an auction call.
    fn auction_weight(&self, action: &RikkenAction) -> u32 {
        match action {
            RikkenAction::Pass if self.high.is_none() => 60,
            RikkenAction::Pass => 30,
            RikkenAction::Join if self.high.is_some_and(Contract::is_piek) => 60,
            RikkenAction::Join => 30,
            RikkenAction::Bid(Contract::Slam) => 1,
            RikkenAction::Bid(_) => 3,
            _ => 1,
        }
    }
}

/// The contract kinds a config can reach, built once per (pass game setting and menu, four
/// piekers possible).
fn kinds_for(config: &RikkenConfig) -> &'static [&'static str] {
    use std::sync::OnceLock;
    // Index: fixed pass game g -> g; eldest_chooses with menu mask m -> 8 + m. Times two for
    // whether four piekers can occur.
    static KINDS: OnceLock<Vec<Vec<&'static str>>> = OnceLock::new();
    let all = KINDS.get_or_init(|| {
        let mut lists = Vec::new();
        for setting in 0..8 + 128usize {
            for four in [false, true] {
                let mut kinds: Vec<&'static str> = Contract::ALL.iter().map(|contract| contract.id()).collect();
                kinds.push("joined_piek");
                kinds.push("joined_misere");
                if four {
                    kinds.push("four_piekers");
                }
                if setting >= 8 {
                    let menu = setting - 8;
                    kinds.extend(PassGame::ALL.iter().filter(|game| menu & (1 << **game as u8) != 0).map(|g| g.id()));
                } else if setting < 7 {
                    kinds.push(PassGame::ALL[setting].id());
                }
                lists.push(kinds);
            }
        }
        lists
    });
    let setting = match config.pass_game {
        PassGameSetting::Fixed(game) => game as usize,
        PassGameSetting::EldestChooses => 8 + (config.pass_game_menu & 0x7f) as usize,
    };
    &all[setting * 2 + (config.four_piekers && !config.dummy) as usize]
}

impl Rikken {
    fn apply_phase(
        &mut self,
        config: &RikkenConfig,
        table: &mut Table,
        seat: Seat,
        action: RikkenAction,
        events: &mut Events,
    ) -> Result<(), RuleError> {
        match self.phase {
            Phase::Auction => self.apply_auction(config, table, seat, action, events),
            Phase::PassGameChoice => match action {
                RikkenAction::ChoosePassGame(game) if config.pass_game_menu & (1 << game as u8) != 0 => {
                    self.start_pass_game(config, table, game, events)
                }
                RikkenAction::ChoosePassGame(_) => Err(RuleError::new("that pass game is not on the menu")),
                _ => Err(RuleError::new("eldest must choose the pass game")),
            },
            Phase::JokerExchange => self.apply_exchange(config, table, seat, action, events),
            Phase::Trump => self.apply_trump(config, table, action, events),
            Phase::Call => self.apply_call(config, table, seat, action, events),
            Phase::ChooseController => match action {
                RikkenAction::Controller(human) if human.0 < 3 && Some(human) != self.primary => {
                    self.controller = Some(human);
                    self.start_play(config, table, events);
                    Ok(())
                }
                RikkenAction::Controller(_) => Err(RuleError::new("the blind's controller is one of the other humans")),
                _ => Err(RuleError::new("the blind's controller must be named first")),
            },
            Phase::Play => self.apply_play(config, table, seat, action, events),
            Phase::ClaimAnswer { claimant, k } => self.apply_answer(table, claimant, k, action, events),
            Phase::Over => Err(RuleError::new("the deal is over")),
        }
    }

    fn outcome_of(&self, config: &RikkenConfig, table: &Table) -> Option<RikkenOutcome> {
        if self.phase != Phase::Over {
            return None;
        }
        let input = self.score_input(table);
        Some(RikkenOutcome {
            dealer: self.dealer,
            input,
            primary: self.primary,
            trump: self.trump,
            called: self.called,
            blind: self.blind,
            four_piekers: self.four_piekers,
            centre: if config.joker { table.card_at(CENTRE) } else { None },
            exchanged: self.exchanged,
            early_end: self.early_end,
            claimed: self.credit.is_some(),
            deltas: score(config, &input),
        })
    }
}

impl Game for Rikken {
    type Config = RikkenConfig;
    type Action = RikkenAction;
    type Outcome = RikkenOutcome;
    type Scores = RikkenScores;

    const ID: GameId = GameId::Rikken;
    const RULES_VERSION: u32 = 1;
    const SEAT_NAMES: SeatNames = SeatNames::Numbered;

    fn config_keys() -> &'static [ConfigKey] {
        CONFIG_KEYS
    }

    fn config(values: &ConfigValues) -> RikkenConfig {
        let pass_game = match values.get("pass_game") {
            "eldest_chooses" => PassGameSetting::EldestChooses,
            other => PassGameSetting::Fixed(PassGame::parse(other).unwrap_or(PassGame::Schoppenmie)),
        };
        let menu = values
            .get("pass_game_menu")
            .split(',')
            .filter_map(PassGame::parse)
            .fold(0u8, |mask, game| mask | 1 << game as u8);
        RikkenConfig {
            dummy: !values.is("players", "four"),
            open_dummy: values.is("players", "three_blind"),
            joker: values.is("joker", "true"),
            deal_shuffle: match values.get("deal_shuffle") {
                "cut_only" => DealShuffle::CutOnly,
                "periodic" => DealShuffle::Periodic,
                _ => DealShuffle::Full,
            },
            deal_packets: match values.get("deal_packets") {
                "[6,7]" => [6, 7, 0],
                "[7,6]" => [7, 6, 0],
                _ => [4, 5, 4],
            },
            call: CallRules {
                silent_void: values.is("call_mode", "silent_void"),
                call_trump_ace: values.is("call_trump_ace", "true"),
                plain_trump_may_be_hearts: values.is("plain_trump_may_be_hearts", "true"),
            },
            called_card_discard_allowed: values.is("called_card_discard", "allowed"),
            open_reveal_after_card: match values.int("open_reveal_after_card") {
                0 => 0,
                4 => 4,
                _ => 5,
            },
            praatje_all_open: !values.is("praatje_mode", "chat"),
            four_piekers: !values.is("four_piekers", "false"),
            troela_mandatory: values.is("troela_mandatory", "true"),
            troela_multiplier: if values.is("troela_multiplier", "1") { 1 } else { 2 },
            troela_partner_pays_on_failure: !values.is("troela_partner_pays_on_failure", "false"),
            troela_ace_lead: values.is("troela_ace_lead", "true"),
            slam_value: values.int("slam_value").clamp(0, 1000),
            slam_declarer_leads: !values.is("slam_declarer_leads", "false"),
            claims: !values.is("claims", "false"),
            pass_game,
            pass_game_menu: if menu == 0 { 0x7f } else { menu },
            pass_games_scored: !values.is("pass_games_scored", "false"),
            pass_unit: values.int("pass_unit").clamp(0, 1000),
            schoppenmie_no_spade_tricks: if values.is("schoppenmie_no_spade_tricks", "3") { 3 } else { 1 },
            match_deals: values.int("match_deals").clamp(0, 1000) as u32,
        }
    }

    fn seat_count(_config: &RikkenConfig) -> u8 {
        SEATS
    }

    fn direction(_config: &RikkenConfig) -> Direction {
        DIRECTION
    }

    fn deck(config: &RikkenConfig) -> CardSet {
        if config.joker {
            rules::joker_deck()
        } else {
            rules::standard_deck()
        }
    }

    fn layout(config: &RikkenConfig, dealer: Seat) -> DealLayout {
        let mut places = arrayvec::ArrayVec::<Place, 64>::new();
        for &packet in config.deal_packets.iter().filter(|&&packet| packet > 0) {
            let mut seat = dealer;
            for _ in 0..SEATS {
                seat = next_in_deal(seat, dealer, config.dummy);
                places.extend(std::iter::repeat_n(Place::Hand(seat), packet as usize));
            }
        }
        if config.joker {
            // d52, after the 52 cards of the normal deal, lies in the centre (2.5): out of play
            // unless the declarer takes it.
            places.push(Place::Pile(Pile::OutOfPlay));
        }
        // René's hand is dealt to nobody (V1a).
        DealLayout::new(places, if config.dummy { DUMMY.bit() } else { 0 })
    }

    fn first_dealer(_config: &RikkenConfig) -> Option<Seat> {
        None
    }

    fn dealer_seats(config: &RikkenConfig) -> u8 {
        if config.dummy {
            ALL_SEATS & !DUMMY.bit()
        } else {
            ALL_SEATS
        }
    }

    fn start(
        config: &RikkenConfig,
        dealer: Seat,
        _scores: &RikkenScores,
        table: &mut Table,
        events: &mut Events,
    ) -> Rikken {
        if config.joker {
            // The joker follows suit and wins as the lowest club (8); the centre card is shown
            // to everyone (V2).
            table.set_joker_suit(Some(Suit::Clubs));
            table.emit(Visibility::ShownToAll { slots: SlotSet::single(CENTRE) }, events);
        }
        Rikken {
            dealer,
            dummy: config.dummy,
            open_dummy: config.open_dummy,
            controller: None,
            highest_call: [0; 4],
            pass_order: [0; 4],
            phase: Phase::Auction,
            turn: next_in_deal(dealer, dealer, config.dummy),
            // René never bids: he counts as passed before the auction (3.4).
            passed: if config.dummy { DUMMY.bit() } else { 0 },
            holders: 0,
            had_turn: 0,
            high: None,
            primary: None,
            contract: None,
            pass_game: None,
            declarers: 0,
            four_piekers: false,
            exchanged: false,
            trump: None,
            called: None,
            blind: false,
            blind_used: false,
            blind_trick: false,
            called_suit_led: false,
            called_played_by: None,
            troela_partner: None,
            opened: 0,
            cards_played: 0,
            claimed_this_turn: false,
            credit: None,
            qs_winner: None,
            last_winner: None,
            early_end: false,
        }
    }

    fn to_act(&self, _config: &RikkenConfig, table: &Table) -> ToAct {
        match self.phase {
            Phase::Over => ToAct::HandOver,
            _ => ToAct::Seat(self.actor(table)),
        }
    }

    fn legal_actions(&self, config: &RikkenConfig, table: &Table, seat: Seat, out: &mut Vec<RikkenAction>) {
        if seat != self.actor(table) {
            return;
        }
        // An operator acts for René with René's hand.
        let seat = self.turn;
        match self.phase {
            Phase::Auction => self.auction_calls(config, table, seat, out),
            Phase::PassGameChoice => {
                for game in PassGame::ALL {
                    if config.pass_game_menu & (1 << game as u8) != 0 {
                        out.push(RikkenAction::ChoosePassGame(game));
                    }
                }
            }
            Phase::JokerExchange => self.legal_exchanges(config, table, out),
            Phase::Trump => {
                for suit in Suit::ALL {
                    if self.trump_allowed(config, table, suit) {
                        out.push(RikkenAction::Trump(suit));
                    }
                }
            }
            Phase::Call => self.legal_calls(config, table, out),
            Phase::ChooseController => {
                for human in (0..3).map(Seat).filter(|&human| Some(human) != self.primary) {
                    out.push(RikkenAction::Controller(human));
                }
            }
            Phase::Play => {
                let hand = table.hand(seat);
                let cards = if table.knows_hand(seat) {
                    legal_cards(hand, table.trick(), &self.play_rules(config, table))
                } else {
                    hand
                };
                out.extend(cards.iter().map(RikkenAction::Play));
                if self.blind_lead_open(table, seat) {
                    let stands_for = self.called.and_then(Card::suit);
                    out.extend(
                        hand.iter()
                            .filter(|&card| Some(rules::suit_of(card)) != stands_for)
                            .map(RikkenAction::LeadFaceDown),
                    );
                }
                if self.claim_allowed(config, seat) {
                    let remaining = TRICKS - table.trick_index();
                    out.extend((0..=remaining).map(RikkenAction::Claim));
                }
            }
            Phase::ClaimAnswer { .. } => {
                out.push(RikkenAction::Accept);
                out.push(RikkenAction::Reject);
            }
            Phase::Over => {}
        }
    }

    /// Card plays (with the claims that may follow them) are indexed directly; the rest, and a
    /// declarer's turn with a blind lead open, are listed.
    fn pick_legal_action(
        &self,
        config: &RikkenConfig,
        table: &Table,
        seat: Seat,
        scratch: &mut Vec<RikkenAction>,
        choose: impl FnOnce(usize) -> usize,
    ) -> Option<RikkenAction> {
        if self.phase != Phase::Play || seat != self.actor(table) || self.blind_lead_open(table, self.turn) {
            return pick_listed(self, config, table, seat, scratch, choose);
        }
        // An operator acts for René with René's hand (as `legal_actions` lists).
        let seat = self.turn;
        let hand = table.hand(seat);
        let cards = if table.knows_hand(seat) {
            legal_cards(hand, table.trick(), &self.play_rules(config, table))
        } else {
            hand
        };
        // `Claim(0)` to `Claim(remaining)` follow the cards when this seat may claim.
        let claims = if self.claim_allowed(config, seat) { usize::from(TRICKS - table.trick_index()) + 1 } else { 0 };
        let count = cards.len() + claims;
        if count == 0 {
            return None;
        }
        let index = choose(count);
        match index.checked_sub(cards.len()) {
            None => cards.nth(index).map(RikkenAction::Play),
            Some(claim) if claim < claims => Some(RikkenAction::Claim(claim as u8)),
            Some(_) => None,
        }
    }

    fn apply(
        &mut self,
        config: &RikkenConfig,
        table: &mut Table,
        seat: Seat,
        action: RikkenAction,
        events: &mut Events,
    ) -> Result<(), RuleError> {
        if self.phase == Phase::Over {
            return Err(RuleError::new("the deal is over"));
        }
        if seat.0 >= SEATS {
            return Err(RuleError::new("no such seat"));
        }
        if seat != self.actor(table) {
            if self.phase == Phase::Auction && self.has_passed(seat) {
                return Err(RuleError::new(format!("{} has passed", seat_name(seat))));
            }
            return Err(RuleError::new(format!("not {}'s turn", seat_name(seat))));
        }
        // An operator acts for René with René's hand.
        let seat = self.turn;
        let result = self.apply_phase(config, table, seat, action, events);
        if result.is_ok() {
            self.show_dummy(table, events);
        }
        result
    }

    fn outcome(&self, config: &RikkenConfig, table: &Table) -> Option<RikkenOutcome> {
        self.outcome_of(config, table)
    }

    fn new_scores(_config: &RikkenConfig) -> RikkenScores {
        RikkenScores::default()
    }

    fn settle(config: &RikkenConfig, scores: &mut RikkenScores, dealer: Seat, outcome: &RikkenOutcome) -> MatchStatus {
        for seat in 0..4 {
            scores.totals[seat] += outcome.deltas[seat];
        }
        scores.deals += 1;
        if config.match_deals > 0 && scores.deals >= config.match_deals {
            let best = scores.totals.iter().copied().max().unwrap_or(0);
            let winners: Vec<Seat> = (0..SEATS).filter(|&s| scores.totals[s as usize] == best).map(Seat).collect();
            let names = winners.iter().map(|&seat| seat_name(seat)).collect::<Vec<_>>().join(", ");
            return MatchStatus::Over {
                winners,
                summary: format!("{names} win{}", if names.len() > 2 { "" } else { "s" }),
            };
        }
        MatchStatus::Continue { next_dealer: if config.dummy { Seat((dealer.0 + 1) % 3) } else { next(dealer) } }
    }

    fn scores_to_sheet(_config: &RikkenConfig, scores: &RikkenScores) -> ScoreSheet {
        let mut sheet = ScoreSheet::new();
        for seat in 0..SEATS {
            sheet.insert(seat_name(Seat(seat)), scores.totals[seat as usize]);
        }
        sheet.insert("deals".into(), scores.deals as i64);
        sheet
    }

    fn scores_from_sheet(_config: &RikkenConfig, sheet: &ScoreSheet) -> Result<RikkenScores, RuleError> {
        const KEYS: [&str; 5] = ["P0", "P1", "P2", "P3", "deals"];
        if let Some(key) = sheet.keys().find(|key| !KEYS.contains(&key.as_str())) {
            return Err(RuleError::new(format!(
                "unknown score key {:?} (expected {})",
                key.chars().take(16).collect::<String>(),
                KEYS.join(", ")
            )));
        }
        let get = |key: &str| sheet.get(key).copied().unwrap_or(0);
        let deals = get("deals");
        if !(0..=u32::MAX as i64).contains(&deals) {
            return Err(RuleError::new("deals must be a count"));
        }
        Ok(RikkenScores { totals: [get("P0"), get("P1"), get("P2"), get("P3")], deals: deals as u32 })
    }

    fn parse_action(_config: &RikkenConfig, text: &str) -> Result<RikkenAction, RuleError> {
        let mut words = text.split_whitespace();
        let verb = words.next().unwrap_or("").to_ascii_lowercase();
        let argument = words.next();
        let third = words.next();
        let bad = || {
            RuleError::new(format!(
                "bad action {:?} (expected pass, bid <id>, join, pass_game <id>, keep, exchange cc, trump x, \
                 call cc [blind], play cc, lead_face_down cc, claim k, accept or reject)",
                text.chars().take(32).collect::<String>()
            ))
        };
        if words.next().is_some() {
            return Err(bad());
        }
        let card = |text: &str| -> Result<Card, RuleError> { text.parse().map_err(|_| bad()) };
        let action = match (verb.as_str(), argument, third) {
            ("pass", None, None) => RikkenAction::Pass,
            ("join", None, None) => RikkenAction::Join,
            ("accept", None, None) => RikkenAction::Accept,
            ("reject", None, None) => RikkenAction::Reject,
            ("keep", None, None) => RikkenAction::Keep,
            ("exchange", Some(code), None) => RikkenAction::Exchange(card(code)?),
            ("bid", Some(id), None) => RikkenAction::Bid(Contract::parse(id).ok_or_else(bad)?),
            ("controller", Some(seat), None) => {
                RikkenAction::Controller(SeatNames::Numbered.parse(seat, SEATS).ok_or_else(bad)?)
            }
            ("pass_game", Some(id), None) => RikkenAction::ChoosePassGame(PassGame::parse(id).ok_or_else(bad)?),
            ("trump", Some(suit), None) => RikkenAction::Trump(suit.parse().map_err(|_| bad())?),
            ("call", Some(code), None) => RikkenAction::Call { card: card(code)?, blind: false },
            ("call", Some(code), Some(word)) if word.eq_ignore_ascii_case("blind") => {
                RikkenAction::Call { card: card(code)?, blind: true }
            }
            ("play", Some(code), None) => RikkenAction::Play(card(code)?),
            ("lead_face_down", Some(code), None) => RikkenAction::LeadFaceDown(card(code)?),
            ("claim", Some(number), None) => RikkenAction::Claim(number.parse().map_err(|_| bad())?),
            _ => return Err(bad()),
        };
        Ok(action)
    }

    fn format_action(action: &RikkenAction) -> String {
        action.to_string()
    }

    fn contract_kinds(config: &RikkenConfig) -> &'static [&'static str] {
        kinds_for(config)
    }

    fn contract_kind(outcome: &RikkenOutcome) -> &'static str {
        let input = &outcome.input;
        if let Some(game) = input.pass_game {
            return game.id();
        }
        let Some(contract) = input.contract else { return "redeal" };
        if outcome.four_piekers {
            return "four_piekers";
        }
        if input.declarers.count_ones() > 1 {
            return if contract.is_piek() { "joined_piek" } else { "joined_misere" };
        }
        contract.id()
    }

    fn played_out(outcome: &RikkenOutcome) -> bool {
        outcome.input.pass_game != Some(PassGame::Redeal)
    }

    fn seat_deltas(_config: &RikkenConfig, outcome: &RikkenOutcome) -> Vec<i64> {
        outcome.deltas.to_vec()
    }

    fn facts(&self, _config: &RikkenConfig) -> crate::game::HandFacts {
        let contract = match (self.contract, self.pass_game) {
            (Some(contract), _) => Some(contract.id().to_string()),
            (None, Some(game)) => Some(game.id().to_string()),
            (None, None) => None,
        };
        crate::game::HandFacts { contract, declarers: self.declarers, trump: self.trump, called: self.called }
    }

    fn breakdown(config: &RikkenConfig, outcome: &RikkenOutcome) -> Vec<String> {
        rules::breakdown(config, outcome)
    }

    fn check_outcome(config: &RikkenConfig, table: &Table, outcome: &RikkenOutcome) -> Vec<String> {
        let mut problems = Vec::new();
        let sum: i64 = outcome.deltas.iter().sum();
        if sum != 0 {
            problems.push(format!("deltas sum to {sum}, not 0"));
        }
        if outcome.deltas != score(config, &outcome.input) {
            problems.push("deltas disagree with the scoring rules".to_string());
        }
        let table_tricks = [0, 1, 2, 3].map(|seat| table.tricks_won(Seat(seat)));
        if outcome.input.tricks != table_tricks {
            problems.push("tricks disagree with the table".to_string());
        }
        let played: u8 = table_tricks.iter().sum();
        let credited: u8 = outcome.input.credit.map_or(0, |[a, b]| a + b);
        if played + credited > TRICKS {
            problems.push(format!("{played} tricks played and {credited} credited"));
        }
        let full = !outcome.early_end && !outcome.claimed && outcome.input.pass_game != Some(PassGame::Redeal);
        if full && played != TRICKS {
            problems.push(format!("a deal played out has {played} tricks, not 13"));
        }
        if outcome.claimed && played + credited != TRICKS {
            problems.push("a claim must account for every remaining trick".to_string());
        }
        if outcome.input.pass_game == Some(PassGame::Redeal) && played != 0 {
            problems.push("cards were played in a redeal".to_string());
        }
        if (outcome.input.contract.is_some() || outcome.input.pass_game == Some(PassGame::ForcedRik))
            && outcome.input.declarers == 0
        {
            problems.push("a contract without declarers".to_string());
        }
        let is_rik = matches!(outcome.input.contract, Some(Contract::Rik | Contract::RikBeter))
            || outcome.input.pass_game == Some(PassGame::ForcedRik);
        if is_rik {
            match (outcome.called, outcome.input.partner) {
                (Some(_), Some(partner)) if outcome.input.declarers & partner.bit() != 0 => {
                    problems.push("the declarer is his own partner".to_string())
                }
                (Some(_), Some(_)) => {}
                _ => problems.push("a rik without called card or partner".to_string()),
            }
        }
        // Every card is public at the end (the audit reveal).
        if (0..table.slot_count()).any(|slot| !table.is_public(Slot(slot as u8))) {
            problems.push("a card is not revealed at the end of the deal".to_string());
        }
        problems
    }

    fn candidate_actions(_config: &RikkenConfig, _table: &Table, _seat: Seat, out: &mut Vec<RikkenAction>) {
        out.clear();
        out.extend([
            RikkenAction::Pass,
            RikkenAction::Join,
            RikkenAction::Accept,
            RikkenAction::Reject,
            RikkenAction::Keep,
        ]);
        out.extend(Contract::ALL.map(RikkenAction::Bid));
        out.extend(PassGame::ALL.map(RikkenAction::ChoosePassGame));
        out.extend((0..4).map(|seat| RikkenAction::Controller(Seat(seat))));
        out.extend(Suit::ALL.map(RikkenAction::Trump));
        out.extend((0..=TRICKS + 1).map(RikkenAction::Claim));
        for card in rules::joker_deck() {
            out.push(RikkenAction::Exchange(card));
            out.push(RikkenAction::Play(card));
            out.push(RikkenAction::LeadFaceDown(card));
            out.push(RikkenAction::Call { card, blind: false });
            out.push(RikkenAction::Call { card, blind: true });
        }
    }

    fn check_config(values: &ConfigValues) -> Result<(), ConfigError> {
        if values.is("joker", "true") && !values.is("players", "four") {
            return Err(ConfigError::BadValue {
                key: "joker".to_string(),
                value: "true".to_string(),
                allowed: "false (the joker is not combinable with the three-player variants, 8)".to_string(),
            });
        }
        Ok(())
    }

    fn next_deck(config: &RikkenConfig, scores: &RikkenScores, previous: &HandRecord) -> Result<NextDeck, RecordError> {
        if shuffle::full_shuffle_due(config, scores.deals) {
            return Ok(NextDeck::Shuffle);
        }
        shuffle::gathered_cards(config, previous).map(NextDeck::Cut)
    }

    fn key_context(key: &str) -> &'static [(&'static str, &'static str)] {
        match key {
            "pass_game_menu" => &[("pass_game", "eldest_chooses")],
            "schoppenmie_no_spade_tricks" => &[("pass_game", "schoppenmie")],
            _ => &[],
        }
    }

    fn policy_weight(&self, _config: &RikkenConfig, table: &Table, action: &RikkenAction) -> u32 {
        match (self.phase, action) {
            (Phase::Auction, action) => self.auction_weight(action),
            // Keep as often as exchange.
            (Phase::JokerExchange, RikkenAction::Keep) => table.hand_size(self.turn).max(1) as u32,
            (Phase::Play, RikkenAction::Claim(_)) => 1,
            (Phase::Play, _) => 400,
            (Phase::ClaimAnswer { .. }, RikkenAction::Reject) => 2,
            _ => 1,
        }
    }
}

/// Public facts for the open-card solvers (troef-bots): kept apart so that it merges with
/// other helpers' edits.
impl Rikken {
    /// The called card's duties still apply (5.4): a Rik-type contract, the card unplayed and
    /// its suit not yet led.
    pub fn called_duties_live(&self) -> bool {
        self.is_rik_type() && self.called_played_by.is_none() && !self.called_suit_led
    }

    /// The declarer may still lead face down (a blind call, the lead not yet made, the called
    /// card not yet played).
    pub fn blind_lead_pending(&self) -> bool {
        self.is_rik_type() && self.blind && !self.blind_used && self.called_played_by.is_none()
    }

    /// The trick in progress was led face down.
    pub fn blind_trick(&self) -> bool {
        self.blind_trick
    }
}

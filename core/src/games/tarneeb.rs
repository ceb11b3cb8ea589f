//! Tarneeb: the Levantine four-player partnership trick game, and its sister game 400
//! ("Tarneeb 400"), as hooks of the [`Game`] trait. The normative rules are
//! `../shared/rules/tarneeb.md` (section numbers below refer to it).
//!
//! Both rulesets share the deck (52 cards, no jokers), the fixed teams (team A = N + S = seats
//! 0 and 2, team B = E + W = seats 1 and 3), the counter-clockwise turn order (the next player is
//! `r(s) = (s + 3) mod 4`), the deal mapping of section 2 and the follow-suit rule of section 5
//! (follow if able, otherwise any card; no duty to trump or to overtrump).
//!
//! * `ruleset = tarneeb`: one auction of `PASS` / `BID n` (7..13, `BID nZ` for no trump with
//!   `zon = on`), the declarer names the trump suit (`TRUMP x`) and leads; the declaring team
//!   scores its tricks or loses its contract (section 6).
//! * `ruleset = four_hundred`: every player bids once (`BID n`, 1..13), hearts are always trump,
//!   the eldest hand leads, each player scores their own bid (section 8.3).
//!
//! **Score sheet keys.** `ruleset = tarneeb`: `A` and `B`, the team totals. `ruleset =
//! four_hundred`: `N`, `E`, `S`, `W`, the individual totals, plus `A` = N + S and `B` = E + W,
//! derived (when read back, `A`/`B` may be left out; if given they must equal the sums).
//!
//! **Per-seat deltas** ([`Game::seat_deltas`]): in `tarneeb` a team's delta is written on both
//! partners' seats (so they do not sum to the team change); in `four_hundred` each seat gets its
//! own delta.
//!
//! **Contract kinds** (self-play coverage): `tarneeb`: `7`..`13`, plus `7Z`..`13Z` with
//! `zon = on`, plus `annulled`; `four_hundred`: `played` and `thrown_in`.
//!
//! Decisions where the spec is silent:
//!
//! * Decision: an annulled (all-pass) or thrown-in deal ends with the end-of-hand audit reveal
//!   event ([`Visibility::RevealedAtEnd`](crate::Visibility)) so the devices can verify the
//!   shuffle (README, section 7 rows 4 and 12). The cards are never shown to the players: the app
//!   must not display the hands of a hand whose outcome kind is `annulled` or `thrown_in`. After a
//!   played hand every card is already public and the reveal is empty (no event).
//! * Decision: a bid outside 7..13 (or below the player's minimum in 400) parses as an action and
//!   is rejected by `apply` as a broken rule ("bid must be from 7 to 13"), so records and tests can
//!   hold such calls; only text that is not a number at all is a parse error.
//! * Decision: a tie at or above the target (section 6 rule 3; in 400 both teams qualifying
//!   with equal team totals) settles as `Continue` with the next dealer `r(dealer)`: the extra
//!   hand is an ordinary hand, and the match summary text stays `continue`.
//! * Decision: `TRUMP x` during play is refused with the reason that fits ("a Zon contract has no
//!   trump", "trump is already named", "hearts are always trump in 400").
//! * Decision: in `four_hundred` the kind `thrown_in` is listed only when a thrown-in deal can
//!   happen in a fresh match (`fh_min_total > 4 × fh_min_bid`); with e.g. `fh_min_total = 0` every
//!   deal is played, so a coverage run could never meet it.
//! * Decision: the self-play policy (`policy_weight`) favours passing and the lowest legal bid in
//!   the auction and, in 400, either the minimum bid or the bid that keeps the required total
//!   reachable, so that every contract kind (all-pass, 13Z, thrown-in, played at total 104) occurs
//!   in random play. It changes nothing in the rules.

use crate::card::{Card, CardSet, Suit};
use crate::config::{ConfigKey, ConfigValues, KeyKind};
use crate::event::{Event, Events};
use crate::game::{pick_after_fixed_cards, pick_listed, Game, GameId, MatchStatus, ScoreSheet, ToAct};
use crate::seat::{Direction, Seat, SeatNames};
use crate::table::{follow_duty, DealLayout, Place, RankOrder, Table, Trick, TrumpDuty};
use crate::RuleError;
use std::fmt;

/// Card strength: the same `A K Q J T 9 .. 2` order in trumps and in plain suits (section 1).
pub const RANK_ORDER: RankOrder = RankOrder::new("AKQJT98765432", "AKQJT98765432");

const SEATS: u8 = 4;
const DIRECTION: Direction = Direction::CounterClockwise;
const TRICKS: u8 = 13;
const ALL_SEATS: u8 = 0b1111;
/// `BID 7` as an ordering key (plain `n` → `2n`, `nZ` → `2n + 1`, section 3).
const LOWEST_KEY: u8 = 14;
const MAX_PLAIN_KEY: u8 = 26;
const MAX_ZON_KEY: u8 = 27;

/// `r(s)`: the player after `s`, on `s`'s right.
const fn next(seat: Seat) -> Seat {
    DIRECTION.next(seat, SEATS)
}

fn seat_name(seat: Seat) -> String {
    SeatNames::Compass.name(seat)
}

/// The team of a seat: 0 = team A (N, S), 1 = team B (E, W).
pub const fn team_of(seat: Seat) -> usize {
    (seat.0 & 1) as usize
}

/// A team's letter, `A` or `B`.
pub const fn team_name(team: usize) -> &'static str {
    if team == 0 {
        "A"
    } else {
        "B"
    }
}

const fn team_seats(team: usize) -> [Seat; 2] {
    if team == 0 {
        [Seat(0), Seat(2)]
    } else {
        [Seat(1), Seat(3)]
    }
}

// ---------------------------------------------------------------------------------------------
// Config

/// Which game is played: Tarneeb proper or 400 (section 8.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ruleset {
    Tarneeb,
    FourHundred,
}

/// The deck-position → seat mapping (section 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DealPackets {
    /// Three rounds of 4, 4 and 5 cards.
    FourFourFive,
    /// One card at a time.
    One,
}

/// The validated variant config (sections 8.1 and 8.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TarneebConfig {
    pub ruleset: Ruleset,
    pub target_score: i64,
    /// `defenders_score_when_made = always`.
    pub defenders_always_score: bool,
    pub bid13_made_points: i64,
    pub bid13_fail_penalty: i64,
    pub kabsh: bool,
    pub zon: bool,
    pub deal_packets: DealPackets,
    pub first_dealer: Option<Seat>,
    pub fh_min_bid: u8,
    pub fh_escalation: bool,
    pub fh_min_total: i64,
    pub fh_target: i64,
    /// `fh_partner_rule = positive` (partner must be > 0); `false` = `non_negative` (≥ 0).
    pub fh_partner_positive: bool,
}

impl TarneebConfig {
    /// The default configuration.
    pub fn defaults() -> TarneebConfig {
        Tarneeb::config(&ConfigValues::validate(Tarneeb::config_keys(), []).unwrap_or_default())
    }

    fn max_key(&self) -> u8 {
        if self.zon {
            MAX_ZON_KEY
        } else {
            MAX_PLAIN_KEY
        }
    }
}

const CONFIG_KEYS: &[ConfigKey] = &[
    ConfigKey {
        name: "ruleset",
        kind: KeyKind::Choice(&["tarneeb", "four_hundred"]),
        default: "tarneeb",
        help: "tarneeb, or four_hundred (400: individual bids, hearts always trump)",
    },
    ConfigKey {
        name: "target_score",
        kind: KeyKind::Choice(&["31", "41", "61"]),
        default: "41",
        help: "match target of a team total (tarneeb)",
    },
    ConfigKey {
        name: "defenders_score_when_made",
        kind: KeyKind::Choice(&["always", "never"]),
        default: "always",
        help: "whether the defenders score their tricks when the contract is made (tarneeb)",
    },
    ConfigKey {
        name: "bid13_made_points",
        kind: KeyKind::Choice(&["16", "26"]),
        default: "16",
        help: "score for bidding and making 13 (tarneeb)",
    },
    ConfigKey {
        name: "bid13_fail_penalty",
        kind: KeyKind::Choice(&["13", "16"]),
        default: "13",
        help: "points lost when a 13-bid fails (tarneeb)",
    },
    ConfigKey {
        name: "kabsh",
        kind: KeyKind::Choice(&["off", "on"]),
        default: "off",
        help: "all 13 tricks without a 13-bid score 16 (tarneeb)",
    },
    ConfigKey {
        name: "zon",
        kind: KeyKind::Choice(&["off", "on"]),
        default: "off",
        help: "allow no-trump bids BID nZ (tarneeb)",
    },
    ConfigKey {
        name: "deal_packets",
        kind: KeyKind::Choice(&["4-4-5", "1"]),
        default: "4-4-5",
        help: "deck-position to seat mapping: packets of 4, 4, 5 or one card at a time",
    },
    ConfigKey {
        name: "first_dealer",
        kind: KeyKind::Choice(&["random", "0", "1", "2", "3"]),
        default: "random",
        help: "seat of the first dealer of the match",
    },
    ConfigKey { name: "fh_min_bid", kind: KeyKind::Choice(&["1", "2"]), default: "1", help: "lowest bid in 400" },
    ConfigKey {
        name: "fh_escalation",
        kind: KeyKind::Choice(&["off", "on"]),
        default: "off",
        help: "400: minimum bid and required total rise with the scores",
    },
    ConfigKey {
        name: "fh_min_total",
        kind: KeyKind::Integer { min: 0, max: 104, step: 1 },
        default: "11",
        help: "400: bid values must total at least this or the deal is thrown in",
    },
    ConfigKey {
        name: "fh_target",
        kind: KeyKind::Integer { min: 1, max: 1000, step: 1 },
        default: "41",
        help: "400: individual score a player needs to win with a qualifying partner",
    },
    ConfigKey {
        name: "fh_partner_rule",
        kind: KeyKind::Choice(&["positive", "non_negative"]),
        default: "positive",
        help: "400: the winner's partner must be above 0 (positive) or at least 0 (non_negative)",
    },
];

// ---------------------------------------------------------------------------------------------
// Actions

/// A bid: a number of tricks, and for Zon a no-trump bid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bid {
    pub tricks: u8,
    pub zon: bool,
}

impl Bid {
    pub const fn plain(tricks: u8) -> Bid {
        Bid { tricks, zon: false }
    }

    pub const fn zon(tricks: u8) -> Bid {
        Bid { tricks, zon: true }
    }

    /// The ordering key of section 3: plain `n` → `2n`, `nZ` → `2n + 1`.
    pub const fn key(self) -> u8 {
        self.tricks.saturating_mul(2).saturating_add(self.zon as u8)
    }

    const fn from_key(key: u8) -> Bid {
        Bid { tricks: key / 2, zon: key & 1 == 1 }
    }
}

impl fmt::Display for Bid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.tricks, if self.zon { "Z" } else { "" })
    }
}

/// One action in the spec's notation: `PASS`, `BID n`, `BID nZ`, `TRUMP x`, `PLAY cc`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TarneebAction {
    Pass,
    Bid(Bid),
    Trump(Suit),
    Play(Card),
}

// ---------------------------------------------------------------------------------------------
// Scoring

/// Section 6's `score(B, T, cfg)`: the (declaring team, defending team) deltas of a played
/// Tarneeb hand with contract `contract` (its number of tricks; Zon scores alike) and `taken`
/// tricks won by the declaring team.
pub fn score(config: &TarneebConfig, contract: u8, taken: u8) -> (i64, i64) {
    let defenders_took = TRICKS.saturating_sub(taken) as i64;
    if taken >= contract {
        let declarers = if contract == TRICKS {
            config.bid13_made_points
        } else if taken == TRICKS && config.kabsh {
            16
        } else {
            taken as i64
        };
        let defenders = if config.defenders_always_score { defenders_took } else { 0 };
        (declarers, defenders)
    } else {
        let declarers = -(if contract == TRICKS { config.bid13_fail_penalty } else { contract as i64 });
        let defenders = if defenders_took == TRICKS as i64 && config.kabsh { 16 } else { defenders_took };
        (declarers, defenders)
    }
}

/// 400's bid value: `b` up to 6, `2b` from 7 on (section 8.3 rule 4).
pub const fn bid_value(bid: u8) -> i64 {
    if bid <= 6 {
        bid as i64
    } else {
        2 * bid as i64
    }
}

/// 400's minimum bid for a player with `score` before the deal (section 8.3 rule 3).
pub fn min_bid(config: &TarneebConfig, score: i64) -> u8 {
    let base = config.fh_min_bid;
    if config.fh_escalation && score >= 30 {
        score.div_euclid(10).clamp(base as i64, TRICKS as i64) as u8
    } else {
        base
    }
}

/// 400's required total of bid values, given the highest individual total `highest` before the
/// deal (section 8.3 rule 5).
pub fn required_total(config: &TarneebConfig, highest: i64) -> i64 {
    if config.fh_escalation {
        (config.fh_min_total + (highest.div_euclid(10) - 2).max(0)).min(104)
    } else {
        config.fh_min_total
    }
}

// ---------------------------------------------------------------------------------------------
// Outcome and scores

/// How a hand ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandEnd {
    /// Tarneeb: all four passed; no score.
    Annulled,
    /// 400: bid values below the required total; no score.
    ThrownIn,
    /// Played to trick 13 and scored.
    Played,
}

/// The outcome of one hand: what was bid, the tricks, and the deltas.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TarneebOutcome {
    pub ruleset: Ruleset,
    pub end: HandEnd,
    pub dealer: Seat,
    /// Tarneeb: the declarer and contract (none when annulled).
    pub declarer: Option<Seat>,
    pub contract: Option<Bid>,
    /// The trump suit (`None` in a Zon contract; hearts in 400).
    pub trump: Option<Suit>,
    /// 400: each player's bid, by seat.
    pub bids: [u8; 4],
    /// 400: the required total of bid values for this deal.
    pub required_total: i64,
    /// Tricks won per seat and per team (A, B).
    pub player_tricks: [u8; 4],
    pub team_tricks: [u8; 2],
    /// Score changes per team (A, B), and per player in 400 (zero in tarneeb).
    pub team_deltas: [i64; 2],
    pub player_deltas: [i64; 4],
}

impl TarneebOutcome {
    fn empty(config: &TarneebConfig, end: HandEnd, dealer: Seat) -> TarneebOutcome {
        TarneebOutcome {
            ruleset: config.ruleset,
            end,
            dealer,
            declarer: None,
            contract: None,
            trump: None,
            bids: [0; 4],
            required_total: 0,
            player_tricks: [0; 4],
            team_tricks: [0; 2],
            team_deltas: [0; 2],
            player_deltas: [0; 4],
        }
    }

    /// A Tarneeb deal where all four passed.
    pub fn annulled(config: &TarneebConfig, dealer: Seat) -> TarneebOutcome {
        TarneebOutcome::empty(config, HandEnd::Annulled, dealer)
    }

    /// A played Tarneeb hand, scored by section 6. `player_tricks` by seat must sum to 13.
    pub fn tarneeb(
        config: &TarneebConfig,
        dealer: Seat,
        declarer: Seat,
        contract: Bid,
        trump: Option<Suit>,
        player_tricks: [u8; 4],
    ) -> TarneebOutcome {
        let mut outcome = TarneebOutcome::empty(config, HandEnd::Played, dealer);
        outcome.declarer = Some(declarer);
        outcome.contract = Some(contract);
        outcome.trump = trump;
        outcome.player_tricks = player_tricks;
        outcome.team_tricks = [player_tricks[0] + player_tricks[2], player_tricks[1] + player_tricks[3]];
        let declaring = team_of(declarer);
        let (declarers, defenders) = score(config, contract.tricks, outcome.team_tricks[declaring]);
        outcome.team_deltas[declaring] = declarers;
        outcome.team_deltas[1 - declaring] = defenders;
        outcome
    }

    /// A played Tarneeb hand given only the declaring team's trick count (for scoring vectors);
    /// the tricks are booked to the declarer and the seat after it.
    pub fn tarneeb_by_team(
        config: &TarneebConfig,
        dealer: Seat,
        declarer: Seat,
        contract: Bid,
        declarers_took: u8,
    ) -> TarneebOutcome {
        let mut tricks = [0u8; 4];
        tricks[declarer.index()] = declarers_took.min(TRICKS);
        tricks[next(declarer).index()] = TRICKS - declarers_took.min(TRICKS);
        TarneebOutcome::tarneeb(config, dealer, declarer, contract, Some(Suit::Spades), tricks)
    }

    /// A 400 deal: played when the bid values reach `required_total`, else thrown in.
    pub fn four_hundred(
        config: &TarneebConfig,
        dealer: Seat,
        bids: [u8; 4],
        required_total: i64,
        player_tricks: [u8; 4],
    ) -> TarneebOutcome {
        let total: i64 = bids.iter().map(|&bid| bid_value(bid)).sum();
        let end = if total < required_total { HandEnd::ThrownIn } else { HandEnd::Played };
        let mut outcome = TarneebOutcome::empty(config, end, dealer);
        outcome.bids = bids;
        outcome.required_total = required_total;
        if end == HandEnd::Played {
            outcome.trump = Some(Suit::Hearts);
            outcome.player_tricks = player_tricks;
            outcome.team_tricks = [player_tricks[0] + player_tricks[2], player_tricks[1] + player_tricks[3]];
            for seat in 0..4 {
                let value = bid_value(bids[seat]);
                outcome.player_deltas[seat] = if player_tricks[seat] >= bids[seat] { value } else { -value };
            }
            outcome.team_deltas = [
                outcome.player_deltas[0] + outcome.player_deltas[2],
                outcome.player_deltas[1] + outcome.player_deltas[3],
            ];
        }
        outcome
    }
}

/// Running match totals: team totals (both rulesets) and individual totals (400 only; in 400
/// the team totals are the sums of the partners').
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TarneebScores {
    pub teams: [i64; 2],
    pub players: [i64; 4],
}

impl TarneebScores {
    /// 400 totals by seat (team totals derived).
    pub fn from_players(players: [i64; 4]) -> TarneebScores {
        TarneebScores { teams: [players[0] + players[2], players[1] + players[3]], players }
    }
}

/// Section 6's match check for Tarneeb team totals.
fn tarneeb_match_check(totals: [i64; 2], target: i64) -> Option<usize> {
    if totals[0] < target && totals[1] < target {
        return None;
    }
    match totals[0].cmp(&totals[1]) {
        std::cmp::Ordering::Greater => Some(0),
        std::cmp::Ordering::Less => Some(1),
        std::cmp::Ordering::Equal => None,
    }
}

/// Section 8.3 rule 8: the winning team of a 400 match, if any.
fn four_hundred_match_check(config: &TarneebConfig, scores: &TarneebScores) -> Option<usize> {
    let partner_ok = |score: i64| if config.fh_partner_positive { score > 0 } else { score >= 0 };
    let qualifies = |team: usize| {
        let [one, other] = team_seats(team).map(|seat| scores.players[seat.index()]);
        (one >= config.fh_target && partner_ok(other)) || (other >= config.fh_target && partner_ok(one))
    };
    match (qualifies(0), qualifies(1)) {
        (true, false) => Some(0),
        (false, true) => Some(1),
        (true, true) => tarneeb_match_check(scores.teams, i64::MIN),
        (false, false) => None,
    }
}

// ---------------------------------------------------------------------------------------------
// The game

/// Where the hand is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Tarneeb auction or 400 bidding round.
    Auction,
    /// The declarer names trump.
    Trump,
    Play,
    Over(HandEnd),
}

/// One Tarneeb or 400 hand: public facts only (calls, contract, declarer, trump, whose turn).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tarneeb {
    dealer: Seat,
    phase: Phase,
    /// The seat to call or play (the declarer during [`Phase::Trump`]).
    turn: Seat,
    /// Tarneeb: seats that have passed, as seat bits.
    passed: u8,
    /// Tarneeb: the highest bid so far and its bidder.
    high: Option<(Seat, Bid)>,
    declarer: Option<Seat>,
    contract: Option<Bid>,
    trump: Option<Suit>,
    /// 400: the bids made so far (0 = not yet), by seat, and how many.
    bids: [u8; 4],
    bid_count: u8,
    /// 400: each player's minimum bid and the required total for this deal.
    min_bids: [u8; 4],
    required_total: u8,
}

impl Tarneeb {
    pub fn dealer(&self) -> Seat {
        self.dealer
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    pub fn declarer(&self) -> Option<Seat> {
        self.declarer
    }

    pub fn contract(&self) -> Option<Bid> {
        self.contract
    }

    pub fn trump(&self) -> Option<Suit> {
        self.trump
    }

    /// The highest bid of the Tarneeb auction so far.
    pub fn high_bid(&self) -> Option<(Seat, Bid)> {
        self.high
    }

    pub fn has_passed(&self, seat: Seat) -> bool {
        self.passed & seat.bit() != 0
    }

    /// 400: the bids so far by seat (0 = not yet bid).
    pub fn bids(&self) -> [u8; 4] {
        self.bids
    }

    /// 400: `seat`'s minimum bid in this deal.
    pub fn min_bid(&self, seat: Seat) -> u8 {
        self.min_bids[seat.index() & 3]
    }

    /// 400: the required total of bid values in this deal.
    pub fn required_total(&self) -> i64 {
        self.required_total as i64
    }

    fn end_hand(&mut self, end: HandEnd, table: &mut Table, events: &mut Events) {
        self.phase = Phase::Over(end);
        // The devices' audit reveal (section 7). After a played hand all 52 cards are already
        // public, so there is nothing to reveal (and no event).
        if end != HandEnd::Played {
            table.reveal_at_end(events);
        }
        if !events.is_full() {
            events.push(Event::HandOver);
        }
    }

    fn apply_auction(
        &mut self,
        config: &TarneebConfig,
        table: &mut Table,
        seat: Seat,
        call: TarneebAction,
        events: &mut Events,
    ) -> Result<(), RuleError> {
        let bid = match call {
            TarneebAction::Pass => None,
            TarneebAction::Bid(bid) => {
                if !(7..=TRICKS).contains(&bid.tricks) {
                    return Err(RuleError::new("bid must be from 7 to 13"));
                }
                if bid.zon && !config.zon {
                    return Err(RuleError::new("Zon bids need zon = on"));
                }
                if let Some((_, high)) = self.high {
                    if bid.key() <= high.key() {
                        return Err(RuleError::new(format!("bid must be higher than {high}")));
                    }
                }
                Some(bid)
            }
            TarneebAction::Trump(_) => return Err(RuleError::new("trump is named after the auction")),
            TarneebAction::Play(_) => return Err(RuleError::new("the auction is not over")),
        };
        // Validated: from here on the call is applied.
        match bid {
            None => self.passed |= seat.bit(),
            Some(bid) => self.high = Some((seat, bid)),
        }
        match self.high {
            None if self.passed == ALL_SEATS => self.end_hand(HandEnd::Annulled, table, events),
            Some((bidder, bid)) if self.passed.count_ones() == 3 || bid.key() == config.max_key() => {
                self.declarer = Some(bidder);
                self.contract = Some(bid);
                self.turn = bidder;
                // A Zon contract has no trump step: the declarer leads at once.
                self.phase = if bid.zon { Phase::Play } else { Phase::Trump };
            }
            _ => {
                let mut candidate = next(seat);
                while self.passed & candidate.bit() != 0 {
                    candidate = next(candidate);
                }
                self.turn = candidate;
            }
        }
        Ok(())
    }

    fn apply_bidding(
        &mut self,
        table: &mut Table,
        seat: Seat,
        call: TarneebAction,
        events: &mut Events,
    ) -> Result<(), RuleError> {
        let bid = match call {
            TarneebAction::Bid(bid) if bid.zon => return Err(RuleError::new("no Zon bids in 400")),
            TarneebAction::Bid(bid) => bid.tricks,
            TarneebAction::Pass => return Err(RuleError::new("no passing in 400, every player must bid")),
            TarneebAction::Trump(_) => return Err(RuleError::new("hearts are always trump in 400")),
            TarneebAction::Play(_) => return Err(RuleError::new("the bidding is not over")),
        };
        let lowest = self.min_bids[seat.index()];
        if bid < lowest || bid > TRICKS {
            return Err(RuleError::new(format!("bid must be from {lowest} to 13")));
        }
        self.bids[seat.index()] = bid;
        self.bid_count += 1;
        if self.bid_count < SEATS {
            self.turn = next(seat);
            return Ok(());
        }
        let total: i64 = self.bids.iter().map(|&bid| bid_value(bid)).sum();
        if total < self.required_total as i64 {
            self.end_hand(HandEnd::ThrownIn, table, events);
        } else {
            self.phase = Phase::Play;
            self.trump = Some(Suit::Hearts);
            // The eldest hand leads in 400 (section 8.3 rule 6).
            self.turn = next(self.dealer);
        }
        Ok(())
    }

    fn apply_trump(&mut self, seat: Seat, action: TarneebAction) -> Result<(), RuleError> {
        match action {
            TarneebAction::Trump(suit) => {
                if Some(seat) != self.declarer {
                    return Err(RuleError::new("not the declarer"));
                }
                self.trump = Some(suit);
                self.phase = Phase::Play;
                Ok(())
            }
            TarneebAction::Play(_) => Err(RuleError::new("the declarer must name trump first")),
            _ => Err(RuleError::new("the auction is over")),
        }
    }

    fn apply_play(
        &mut self,
        table: &mut Table,
        seat: Seat,
        action: TarneebAction,
        events: &mut Events,
    ) -> Result<(), RuleError> {
        let card = match action {
            TarneebAction::Play(card) => card,
            TarneebAction::Trump(_) if self.contract.is_some_and(|bid| bid.zon) => {
                return Err(RuleError::new("a Zon contract has no trump"))
            }
            TarneebAction::Trump(_) if self.contract.is_none() => {
                return Err(RuleError::new("hearts are always trump in 400"))
            }
            TarneebAction::Trump(_) => return Err(RuleError::new("trump is already named")),
            _ => return Err(RuleError::new("the auction is over")),
        };
        if table.knows_hand(seat) {
            let hand = table.hand(seat);
            if !hand.contains(card) {
                return Err(RuleError::new(format!("{card} is not in {}'s hand", seat_name(seat))));
            }
            // `legal(hand, trick)` of section 5, spelled out: only a card off the led suit while
            // holding that suit is refused.
            let trick = table.trick();
            if let Some(led) = trick.led.filter(|_| !trick.is_empty()) {
                if card.suit() != Some(led) && hand.has_suit(led) {
                    return Err(RuleError::new(format!("must follow suit, holds {}", led.name())));
                }
            }
        }
        // A hidden hand's follow duty is left to the audit; the table still checks possession.
        table.play(seat, card, None, events)?;
        if table.trick().len() < SEATS as usize {
            self.turn = next(seat);
            return Ok(());
        }
        let winner = table.trick().winner(self.trump, &RANK_ORDER).unwrap_or(seat);
        table.take_trick(winner, events);
        self.turn = winner;
        if table.trick_index() >= TRICKS {
            self.end_hand(HandEnd::Played, table, events);
        }
        Ok(())
    }
}

/// Section 5's `legal(hand, trick)`: the led suit if held, otherwise any card.
pub fn legal_plays(hand: CardSet, trick: &Trick) -> CardSet {
    follow_duty(hand, trick, None, TrumpDuty::None, &RANK_ORDER)
}

const KINDS_PLAIN: &[&str] = &["7", "8", "9", "10", "11", "12", "13", "annulled"];
const KINDS_ZON: &[&str] =
    &["7", "8", "9", "10", "11", "12", "13", "7Z", "8Z", "9Z", "10Z", "11Z", "12Z", "13Z", "annulled"];
const KINDS_FH: &[&str] = &["played", "thrown_in"];
const KINDS_FH_PLAYED: &[&str] = &["played"];

impl Game for Tarneeb {
    type Config = TarneebConfig;
    type Action = TarneebAction;
    type Outcome = TarneebOutcome;
    type Scores = TarneebScores;

    const ID: GameId = GameId::Tarneeb;
    const RULES_VERSION: u32 = 1;
    const SEAT_NAMES: SeatNames = SeatNames::Compass;

    fn config_keys() -> &'static [ConfigKey] {
        CONFIG_KEYS
    }

    fn config(values: &ConfigValues) -> TarneebConfig {
        let int = |key: &str, default: i64| values.get(key).parse().unwrap_or(default);
        TarneebConfig {
            ruleset: if values.is("ruleset", "four_hundred") { Ruleset::FourHundred } else { Ruleset::Tarneeb },
            target_score: int("target_score", 41),
            defenders_always_score: !values.is("defenders_score_when_made", "never"),
            bid13_made_points: int("bid13_made_points", 16),
            bid13_fail_penalty: int("bid13_fail_penalty", 13),
            kabsh: values.is("kabsh", "on"),
            zon: values.is("zon", "on"),
            deal_packets: if values.is("deal_packets", "1") { DealPackets::One } else { DealPackets::FourFourFive },
            first_dealer: values.get("first_dealer").parse::<u8>().ok().filter(|&seat| seat < SEATS).map(Seat),
            fh_min_bid: int("fh_min_bid", 1).clamp(1, 2) as u8,
            fh_escalation: values.is("fh_escalation", "on"),
            fh_min_total: int("fh_min_total", 11).clamp(0, 104),
            fh_target: int("fh_target", 41),
            fh_partner_positive: !values.is("fh_partner_rule", "non_negative"),
        }
    }

    fn seat_count(_config: &TarneebConfig) -> u8 {
        SEATS
    }

    fn direction(_config: &TarneebConfig) -> Direction {
        DIRECTION
    }

    fn deck(_config: &TarneebConfig) -> CardSet {
        CardSet::from_bits((1u64 << 52) - 1)
    }

    fn layout(config: &TarneebConfig, dealer: Seat) -> DealLayout {
        // Receivers in dealing order: the dealer's next seat first, the dealer last.
        let receivers = [1, 2, 3, 4].map(|step| Place::Hand(DIRECTION.advance(dealer, step, SEATS)));
        let receiver = |position: usize| match config.deal_packets {
            // Packets of 4, 4 and 5: positions 0..16 in fours, 16..32 in fours, 32..52 in fives.
            DealPackets::FourFourFive if position < 32 => receivers[position % 16 / 4],
            DealPackets::FourFourFive => receivers[(position - 32) / 5],
            DealPackets::One => receivers[position % 4],
        };
        DealLayout::new((0..52).map(receiver), 0)
    }

    fn first_dealer(config: &TarneebConfig) -> Option<Seat> {
        config.first_dealer
    }

    fn start(
        config: &TarneebConfig,
        dealer: Seat,
        scores: &TarneebScores,
        _table: &mut Table,
        _events: &mut Events,
    ) -> Tarneeb {
        let mut min_bids = [config.fh_min_bid; 4];
        let mut required = config.fh_min_total;
        if config.ruleset == Ruleset::FourHundred {
            min_bids = scores.players.map(|score| min_bid(config, score));
            let highest = scores.players.iter().copied().max().unwrap_or(0);
            required = required_total(config, highest);
        }
        Tarneeb {
            dealer,
            phase: Phase::Auction,
            turn: next(dealer),
            passed: 0,
            high: None,
            declarer: None,
            contract: None,
            trump: None,
            bids: [0; 4],
            bid_count: 0,
            min_bids,
            required_total: required.clamp(0, 104) as u8,
        }
    }

    fn to_act(&self, _config: &TarneebConfig, _table: &Table) -> ToAct {
        match self.phase {
            Phase::Over(_) => ToAct::HandOver,
            _ => ToAct::Seat(self.turn),
        }
    }

    fn legal_actions(&self, config: &TarneebConfig, table: &Table, seat: Seat, out: &mut Vec<TarneebAction>) {
        if seat != self.turn {
            return;
        }
        match self.phase {
            Phase::Auction if config.ruleset == Ruleset::FourHundred => {
                for bid in self.min_bids[seat.index()]..=TRICKS {
                    out.push(TarneebAction::Bid(Bid::plain(bid)));
                }
            }
            Phase::Auction => {
                out.push(TarneebAction::Pass);
                let lowest = self.high.map_or(LOWEST_KEY, |(_, bid)| bid.key() + 1);
                for key in lowest..=config.max_key() {
                    if config.zon || key & 1 == 0 {
                        out.push(TarneebAction::Bid(Bid::from_key(key)));
                    }
                }
            }
            Phase::Trump => {
                for suit in Suit::ALL {
                    out.push(TarneebAction::Trump(suit));
                }
            }
            Phase::Play => {
                let hand = table.hand(seat);
                let cards = if table.knows_hand(seat) { legal_plays(hand, table.trick()) } else { hand };
                out.extend(cards.iter().map(TarneebAction::Play));
            }
            Phase::Over(_) => {}
        }
    }

    /// Card plays (most of a hand's actions) are indexed directly; the short auction and trump
    /// lists are listed.
    fn pick_legal_action(
        &self,
        config: &TarneebConfig,
        table: &Table,
        seat: Seat,
        scratch: &mut Vec<TarneebAction>,
        choose: impl FnOnce(usize) -> usize,
    ) -> Option<TarneebAction> {
        match self.phase {
            Phase::Play if seat == self.turn => {
                let hand = table.hand(seat);
                let cards = if table.knows_hand(seat) { legal_plays(hand, table.trick()) } else { hand };
                pick_after_fixed_cards(&[], cards, TarneebAction::Play, choose)
            }
            _ => pick_listed(self, config, table, seat, scratch, choose),
        }
    }

    fn apply(
        &mut self,
        config: &TarneebConfig,
        table: &mut Table,
        seat: Seat,
        action: TarneebAction,
        events: &mut Events,
    ) -> Result<(), RuleError> {
        if let Phase::Over(_) = self.phase {
            return Err(RuleError::new("the hand is over"));
        }
        if seat.0 >= SEATS {
            return Err(RuleError::new("no such seat"));
        }
        if seat != self.turn {
            if self.phase == Phase::Auction && self.has_passed(seat) {
                return Err(RuleError::new(format!("{} has passed", seat_name(seat))));
            }
            if self.phase == Phase::Trump {
                return Err(RuleError::new("not the declarer"));
            }
            return Err(RuleError::new(format!("not {}'s turn", seat_name(seat))));
        }
        match self.phase {
            Phase::Auction if config.ruleset == Ruleset::FourHundred => self.apply_bidding(table, seat, action, events),
            Phase::Auction => self.apply_auction(config, table, seat, action, events),
            Phase::Trump => self.apply_trump(seat, action),
            Phase::Play => self.apply_play(table, seat, action, events),
            Phase::Over(_) => Err(RuleError::new("the hand is over")),
        }
    }

    fn outcome(&self, config: &TarneebConfig, table: &Table) -> Option<TarneebOutcome> {
        let Phase::Over(end) = self.phase else { return None };
        let tricks = [0, 1, 2, 3].map(|seat| table.tricks_won(Seat(seat)));
        Some(match (end, self.declarer, self.contract) {
            (HandEnd::Annulled, _, _) => TarneebOutcome::annulled(config, self.dealer),
            _ if config.ruleset == Ruleset::FourHundred => {
                TarneebOutcome::four_hundred(config, self.dealer, self.bids, self.required_total as i64, tricks)
            }
            (_, Some(declarer), Some(contract)) => {
                TarneebOutcome::tarneeb(config, self.dealer, declarer, contract, self.trump, tricks)
            }
            _ => TarneebOutcome::annulled(config, self.dealer),
        })
    }

    fn new_scores(_config: &TarneebConfig) -> TarneebScores {
        TarneebScores::default()
    }

    fn settle(
        config: &TarneebConfig,
        scores: &mut TarneebScores,
        dealer: Seat,
        outcome: &TarneebOutcome,
    ) -> MatchStatus {
        let continuing = MatchStatus::Continue { next_dealer: next(dealer) };
        if outcome.end != HandEnd::Played {
            // Annulled and thrown-in deals score nothing and have no match check.
            return continuing;
        }
        let winner = if config.ruleset == Ruleset::FourHundred {
            for seat in 0..4 {
                scores.players[seat] += outcome.player_deltas[seat];
            }
            *scores = TarneebScores::from_players(scores.players);
            four_hundred_match_check(config, scores)
        } else {
            scores.teams[0] += outcome.team_deltas[0];
            scores.teams[1] += outcome.team_deltas[1];
            tarneeb_match_check(scores.teams, config.target_score)
        };
        match winner {
            Some(team) => MatchStatus::Over {
                winners: team_seats(team).to_vec(),
                summary: format!("team {} wins", team_name(team)),
            },
            None => continuing,
        }
    }

    fn scores_to_sheet(config: &TarneebConfig, scores: &TarneebScores) -> ScoreSheet {
        let mut sheet = ScoreSheet::new();
        sheet.insert("A".into(), scores.teams[0]);
        sheet.insert("B".into(), scores.teams[1]);
        if config.ruleset == Ruleset::FourHundred {
            for seat in 0..4 {
                sheet.insert(seat_name(Seat(seat)), scores.players[seat as usize]);
            }
        }
        sheet
    }

    fn scores_from_sheet(config: &TarneebConfig, sheet: &ScoreSheet) -> Result<TarneebScores, RuleError> {
        let four_hundred = config.ruleset == Ruleset::FourHundred;
        let allowed: &[&str] = if four_hundred { &["A", "B", "N", "E", "S", "W"] } else { &["A", "B"] };
        if let Some(key) = sheet.keys().find(|key| !allowed.contains(&key.as_str())) {
            return Err(RuleError::new(format!(
                "unknown score key {:?} (expected {})",
                key.chars().take(16).collect::<String>(),
                allowed.join(", ")
            )));
        }
        let get = |key: &str| sheet.get(key).copied();
        if !four_hundred {
            return Ok(TarneebScores { teams: [get("A").unwrap_or(0), get("B").unwrap_or(0)], players: [0; 4] });
        }
        let scores = TarneebScores::from_players(["N", "E", "S", "W"].map(|key| get(key).unwrap_or(0)));
        for team in 0..2 {
            if let Some(given) = get(team_name(team)) {
                if given != scores.teams[team] {
                    return Err(RuleError::new(format!(
                        "team {} total {given} is not the sum of its players ({})",
                        team_name(team),
                        scores.teams[team]
                    )));
                }
            }
        }
        Ok(scores)
    }

    fn parse_action(_config: &TarneebConfig, text: &str) -> Result<TarneebAction, RuleError> {
        let mut words = text.split_whitespace();
        let verb = words.next().unwrap_or("");
        let argument = words.next();
        let bad = || {
            RuleError::new(format!(
                "bad action {:?} (expected PASS, BID n, BID nZ, TRUMP x or PLAY cc)",
                text.chars().take(32).collect::<String>()
            ))
        };
        if words.next().is_some() {
            return Err(bad());
        }
        let action = match (verb.to_ascii_uppercase().as_str(), argument) {
            ("PASS", None) => TarneebAction::Pass,
            ("BID", Some(number)) => {
                let (digits, zon) = match number.strip_suffix(['Z', 'z']) {
                    Some(digits) => (digits, true),
                    None => (number, false),
                };
                let tricks: u8 = digits.parse().map_err(|_| bad())?;
                TarneebAction::Bid(Bid { tricks, zon })
            }
            ("TRUMP", Some(suit)) => TarneebAction::Trump(suit.parse().map_err(|_| bad())?),
            ("PLAY", Some(card)) => {
                let card: Card = card.parse().map_err(|_| bad())?;
                if card.is_joker() {
                    return Err(RuleError::new("Tarneeb has no joker"));
                }
                TarneebAction::Play(card)
            }
            _ => return Err(bad()),
        };
        Ok(action)
    }

    fn format_action(action: &TarneebAction) -> String {
        match action {
            TarneebAction::Pass => "PASS".to_string(),
            TarneebAction::Bid(bid) => format!("BID {bid}"),
            TarneebAction::Trump(suit) => format!("TRUMP {suit}"),
            TarneebAction::Play(card) => format!("PLAY {card}"),
        }
    }

    fn contract_kinds(config: &TarneebConfig) -> &'static [&'static str] {
        match config.ruleset {
            Ruleset::FourHundred if config.fh_min_total > 4 * config.fh_min_bid as i64 => KINDS_FH,
            Ruleset::FourHundred => KINDS_FH_PLAYED,
            Ruleset::Tarneeb if config.zon => KINDS_ZON,
            Ruleset::Tarneeb => KINDS_PLAIN,
        }
    }

    fn contract_kind(outcome: &TarneebOutcome) -> &'static str {
        match (outcome.end, outcome.contract) {
            (HandEnd::Annulled, _) => "annulled",
            (HandEnd::ThrownIn, _) => "thrown_in",
            (HandEnd::Played, _) if outcome.ruleset == Ruleset::FourHundred => "played",
            (HandEnd::Played, Some(bid)) if (7..=TRICKS).contains(&bid.tricks) => {
                let index = (bid.tricks - 7) as usize + if bid.zon { 7 } else { 0 };
                KINDS_ZON[index]
            }
            (HandEnd::Played, _) => "annulled",
        }
    }

    fn played_out(outcome: &TarneebOutcome) -> bool {
        outcome.end == HandEnd::Played
    }

    fn seat_deltas(_config: &TarneebConfig, outcome: &TarneebOutcome) -> Vec<i64> {
        match outcome.ruleset {
            Ruleset::FourHundred => outcome.player_deltas.to_vec(),
            Ruleset::Tarneeb => (0..4).map(|seat| outcome.team_deltas[team_of(Seat(seat))]).collect(),
        }
    }

    fn describe_action(_config: &TarneebConfig, action: &TarneebAction) -> String {
        match action {
            TarneebAction::Bid(Bid { tricks, zon: true }) => format!("bid {tricks} no_trump (zon)"),
            other => Self::format_action(other).to_lowercase(),
        }
    }

    fn facts(&self, _config: &TarneebConfig) -> crate::game::HandFacts {
        crate::game::HandFacts {
            contract: self.contract.map(|bid| bid.to_string()),
            declarers: self.declarer.map_or(0, Seat::bit),
            trump: self.trump,
            called: None,
        }
    }

    fn breakdown(config: &TarneebConfig, outcome: &TarneebOutcome) -> Vec<String> {
        match (outcome.ruleset, outcome.end) {
            (_, HandEnd::Annulled) => vec!["all four passed: deal annulled, no score".to_string()],
            (Ruleset::FourHundred, _) => four_hundred_breakdown(outcome),
            (Ruleset::Tarneeb, _) => tarneeb_breakdown(config, outcome),
        }
    }

    fn check_outcome(config: &TarneebConfig, table: &Table, outcome: &TarneebOutcome) -> Vec<String> {
        let mut problems = Vec::new();
        let table_tricks = [0, 1, 2, 3].map(|seat| table.tricks_won(Seat(seat)));
        if outcome.end == HandEnd::Played {
            let sum: u8 = outcome.player_tricks.iter().sum();
            if sum != TRICKS || outcome.team_tricks[0] + outcome.team_tricks[1] != TRICKS {
                problems.push(format!("tricks sum to {sum}, not 13"));
            }
            if outcome.player_tricks != table_tricks {
                problems.push("tricks disagree with the table".to_string());
            }
            if table.played().len() != 52 {
                problems.push(format!("{} cards played, not 52", table.played().len()));
            }
            let rescored = match config.ruleset {
                Ruleset::FourHundred => TarneebOutcome::four_hundred(
                    config,
                    outcome.dealer,
                    outcome.bids,
                    outcome.required_total,
                    outcome.player_tricks,
                ),
                Ruleset::Tarneeb => match (outcome.declarer, outcome.contract) {
                    (Some(declarer), Some(contract)) => TarneebOutcome::tarneeb(
                        config,
                        outcome.dealer,
                        declarer,
                        contract,
                        outcome.trump,
                        outcome.player_tricks,
                    ),
                    _ => {
                        problems.push("a played hand without declarer or contract".to_string());
                        *outcome
                    }
                },
            };
            if rescored != *outcome {
                problems.push("deltas disagree with the scoring rules".to_string());
            }
            if config.ruleset == Ruleset::FourHundred
                && outcome.team_deltas
                    != [
                        outcome.player_deltas[0] + outcome.player_deltas[2],
                        outcome.player_deltas[1] + outcome.player_deltas[3],
                    ]
            {
                problems.push("team deltas are not the sums of the players'".to_string());
            }
        } else {
            if outcome.team_deltas != [0; 2] || outcome.player_deltas != [0; 4] {
                problems.push("a deal that was not played scores points".to_string());
            }
            if table_tricks != [0; 4] || !table.played().is_empty() {
                problems.push("cards were played in a deal that was not played".to_string());
            }
            let total: i64 = outcome.bids.iter().map(|&bid| bid_value(bid)).sum();
            if outcome.end == HandEnd::ThrownIn && total >= outcome.required_total {
                problems.push(format!("thrown in with bid values {total} ≥ {}", outcome.required_total));
            }
        }
        problems
    }

    fn candidate_actions(_config: &TarneebConfig, _table: &Table, _seat: Seat, out: &mut Vec<TarneebAction>) {
        out.push(TarneebAction::Pass);
        for tricks in 1..=TRICKS {
            out.push(TarneebAction::Bid(Bid::plain(tricks)));
            out.push(TarneebAction::Bid(Bid::zon(tricks)));
        }
        for suit in Suit::ALL {
            out.push(TarneebAction::Trump(suit));
        }
        for card in Tarneeb::deck(_config) {
            out.push(TarneebAction::Play(card));
        }
    }

    fn key_context(key: &str) -> &'static [(&'static str, &'static str)] {
        // The `fh_*` keys act only in 400; every other key acts under the default ruleset.
        if key.starts_with("fh_") {
            &[("ruleset", "four_hundred")]
        } else {
            &[]
        }
    }

    fn policy_weight(&self, config: &TarneebConfig, _table: &Table, action: &TarneebAction) -> u32 {
        match (self.phase, action) {
            (Phase::Auction, TarneebAction::Bid(bid)) if config.ruleset == Ruleset::FourHundred => {
                self.four_hundred_weight(bid.tricks)
            }
            // Passing more once a bid stands keeps the contracts spread rather than all 13s.
            (Phase::Auction, TarneebAction::Pass) if self.high.is_some() => 24,
            (Phase::Auction, TarneebAction::Pass) => 12,
            (Phase::Auction, TarneebAction::Bid(bid)) => {
                let lowest = self.high.map_or(LOWEST_KEY, |(_, high)| high.key() + 1);
                let step = if config.zon { 1 } else { 2 };
                match bid.key().saturating_sub(lowest) / step {
                    0 => 8,
                    1 => 4,
                    2 => 2,
                    _ => 1,
                }
            }
            _ => 1,
        }
    }
}

impl Tarneeb {
    /// Self-play weight of a 400 bid: bids that random card play can make, and the bid that keeps
    /// the required total reachable, so that both kinds of deal occur and matches end.
    fn four_hundred_weight(&self, bid: u8) -> u32 {
        let so_far: i64 = self.bids.iter().map(|&bid| bid_value(bid)).sum();
        let later = (SEATS - 1 - self.bid_count) as i64;
        let needed = self.required_total as i64 - so_far - 26 * later;
        let reaching = (self.min_bids[self.turn.index()]..=TRICKS).find(|&b| bid_value(b) >= needed).unwrap_or(TRICKS);
        let lowest = self.min_bids[self.turn.index()];
        let mut weight = 1;
        if self.required_total <= 12 {
            // Bids of about 3 are what random card play usually makes (about 3.25 tricks each),
            // and four of them reach the required total: scores then climb, so random matches
            // reach the target and end, while lower bids still throw some deals in.
            let comfortable = lowest.max(3);
            if bid == comfortable {
                weight += 400;
            } else if bid == lowest {
                weight += 60;
            }
            if bid == reaching && reaching <= 4 {
                weight += 100;
            }
        } else {
            // A high required total is only met by big bids: favour the bid that keeps it
            // reachable so that such deals are played at all.
            if bid == lowest {
                weight += 6;
            }
            if bid == reaching {
                weight += 24;
            }
        }
        weight
    }
}

fn tarneeb_breakdown(config: &TarneebConfig, outcome: &TarneebOutcome) -> Vec<String> {
    let (Some(declarer), Some(contract)) = (outcome.declarer, outcome.contract) else {
        return vec!["no contract".to_string()];
    };
    let declaring = team_of(declarer);
    let defending = 1 - declaring;
    let taken = outcome.team_tricks[declaring];
    let trump = match outcome.trump {
        Some(suit) => format!("trump {suit}"),
        None => "no trump".to_string(),
    };
    let mut lines =
        vec![format!("contract {contract} ({trump}) by {} (team {})", seat_name(declarer), team_name(declaring))];
    let declarers = outcome.team_deltas[declaring];
    let defenders = outcome.team_deltas[defending];
    let made = taken >= contract.tricks;
    let how = if !made {
        if contract.tricks == TRICKS {
            "failed 13-bid, bid13_fail_penalty"
        } else {
            "failed, minus the contract"
        }
    } else if contract.tricks == TRICKS {
        "made 13-bid, bid13_made_points"
    } else if taken == TRICKS && config.kabsh {
        "made with all 13 tricks, kabsh"
    } else {
        "made, the tricks won"
    };
    lines.push(format!(
        "declarers (team {}) took {taken} of contract {contract}: {how}, {declarers:+}",
        team_name(declaring)
    ));
    let defenders_took = TRICKS - taken;
    let why = if made && !config.defenders_always_score {
        " (contract made, defenders_score_when_made = never)"
    } else if !made && defenders_took == TRICKS && config.kabsh {
        " (all 13 tricks, kabsh)"
    } else {
        ""
    };
    lines.push(format!("defenders (team {}) took {defenders_took}{why}: {defenders:+}", team_name(defending)));
    lines
}

fn four_hundred_breakdown(outcome: &TarneebOutcome) -> Vec<String> {
    let values = outcome.bids.map(bid_value);
    let total: i64 = values.iter().sum();
    let sum = ["N", "E", "S", "W"]
        .iter()
        .zip(values)
        .map(|(name, value)| format!("{name} {value}"))
        .collect::<Vec<_>>()
        .join(" + ");
    if outcome.end == HandEnd::ThrownIn {
        return vec![format!("bid values {sum} = {total} < required {}: thrown in, no score", outcome.required_total)];
    }
    let mut lines = vec![format!("bid values {sum} = {total} ≥ required {}: played", outcome.required_total)];
    for seat in [0usize, 3, 2, 1] {
        let (bid, took, delta) = (outcome.bids[seat], outcome.player_tricks[seat], outcome.player_deltas[seat]);
        let verdict = if took >= bid { "made" } else { "failed" };
        lines.push(format!(
            "{} bid {bid} (value {}), took {took}: {verdict}, {delta:+}",
            seat_name(Seat(seat as u8)),
            bid_value(bid)
        ));
    }
    lines.push(format!("team A (N + S): {:+}, team B (E + W): {:+}", outcome.team_deltas[0], outcome.team_deltas[1]));
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turn_order_runs_to_lower_seat_numbers() {
        assert_eq!([0, 1, 2, 3].map(|s| next(Seat(s)).0), [3, 0, 1, 2]);
    }

    #[test]
    fn bid_keys_follow_the_zon_ladder() {
        assert!(Bid::zon(7).key() > Bid::plain(7).key());
        assert!(Bid::plain(8).key() > Bid::zon(7).key());
        assert_eq!(Bid::from_key(27), Bid::zon(13));
    }

    #[test]
    fn layout_deals_thirteen_each() {
        let config = TarneebConfig::defaults();
        for packets in [DealPackets::FourFourFive, DealPackets::One] {
            let config = TarneebConfig { deal_packets: packets, ..config };
            let layout = Tarneeb::layout(&config, Seat(0));
            for seat in 0..4 {
                assert_eq!(layout.slots_of(Place::Hand(Seat(seat))).len(), 13);
            }
            assert_eq!(layout.places()[0], Place::Hand(Seat(3)));
        }
    }

    #[test]
    fn actions_round_trip() {
        let config = TarneebConfig::defaults();
        for text in ["PASS", "BID 7", "BID 13Z", "TRUMP H", "PLAY TS"] {
            let action = Tarneeb::parse_action(&config, &text.to_lowercase()).unwrap();
            assert_eq!(Tarneeb::format_action(&action), text);
        }
        for bad in ["", "BID", "BID x", "PLAY 1S", "TRUMP X", "PASS 7", "PLAY JK"] {
            assert!(Tarneeb::parse_action(&config, bad).is_err(), "{bad}");
        }
    }
}

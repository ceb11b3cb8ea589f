//! Rikken's pure rules: the ladder (3.2), call candidates (4.3), legal cards (5.2, 5.4, 6.6), the
//! trick winner (5.3, 5.6) and scoring (6). No state: the phase machine in the parent module
//! feeds them public facts and the hands the table knows.
//!
//! The joker of the joker variant (8) is a club of rank "1", the lowest club: every suit test
//! here goes through [`suit_cards`] and [`suit_of`], which count it as a club. A 52-card deal
//! never holds the joker, so the same code serves both decks at no cost.

use super::{RikkenConfig, RikkenOutcome, TRICKS};
use crate::card::{Card, CardSet, Rank, Suit};
use crate::seat::Seat;
use crate::table::Trick;

/// The 20-bid ladder, lowest first (3.2). The discriminant is the rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Contract {
    Rik = 1,
    RikBeter,
    Alleen8,
    Alleen8Beter,
    Piek,
    Alleen9,
    Alleen9Beter,
    Misere,
    OpenPiek,
    Alleen10,
    Alleen10Beter,
    Troela,
    OpenMisere,
    OpenPiekPraatje,
    Alleen11,
    Alleen11Beter,
    OpenMiserePraatje,
    Alleen12,
    Alleen12Beter,
    Slam,
}

/// What kind of contract a ladder entry is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Rik or Rik beter: a called partner, 8 tricks.
    Rik,
    /// N alleen (beter): alone, at least N tricks.
    Solo(u8),
    /// 13: all tricks.
    Slam,
    Troela,
    /// Exactly one trick, no trump.
    Piek,
    /// No trick, no trump.
    Misere,
}

impl Contract {
    pub const ALL: [Contract; 20] = [
        Contract::Rik,
        Contract::RikBeter,
        Contract::Alleen8,
        Contract::Alleen8Beter,
        Contract::Piek,
        Contract::Alleen9,
        Contract::Alleen9Beter,
        Contract::Misere,
        Contract::OpenPiek,
        Contract::Alleen10,
        Contract::Alleen10Beter,
        Contract::Troela,
        Contract::OpenMisere,
        Contract::OpenPiekPraatje,
        Contract::Alleen11,
        Contract::Alleen11Beter,
        Contract::OpenMiserePraatje,
        Contract::Alleen12,
        Contract::Alleen12Beter,
        Contract::Slam,
    ];

    const IDS: [&'static str; 20] = [
        "rik",
        "rik_beter",
        "alleen_8",
        "alleen_8_beter",
        "piek",
        "alleen_9",
        "alleen_9_beter",
        "misere",
        "open_piek",
        "alleen_10",
        "alleen_10_beter",
        "troela",
        "open_misere",
        "open_piek_praatje",
        "alleen_11",
        "alleen_11_beter",
        "open_misere_praatje",
        "alleen_12",
        "alleen_12_beter",
        "slam_13",
    ];

    /// The rank on the ladder, 1..=20.
    pub const fn rank(self) -> u8 {
        self as u8
    }

    pub fn id(self) -> &'static str {
        Self::IDS[self as usize - 1]
    }

    pub fn parse(text: &str) -> Option<Contract> {
        let text = text.trim();
        Self::IDS.iter().position(|id| id.eq_ignore_ascii_case(text)).map(|index| Self::ALL[index])
    }

    pub const fn kind(self) -> Kind {
        use Contract::*;
        match self {
            Rik | RikBeter => Kind::Rik,
            Alleen8 | Alleen8Beter => Kind::Solo(8),
            Alleen9 | Alleen9Beter => Kind::Solo(9),
            Alleen10 | Alleen10Beter => Kind::Solo(10),
            Alleen11 | Alleen11Beter => Kind::Solo(11),
            Alleen12 | Alleen12Beter => Kind::Solo(12),
            Slam => Kind::Slam,
            Troela => Kind::Troela,
            Piek | OpenPiek | OpenPiekPraatje => Kind::Piek,
            Misere | OpenMisere | OpenMiserePraatje => Kind::Misere,
        }
    }

    /// The hearts form ("beter") of Rik or N alleen.
    pub const fn beter(self) -> bool {
        use Contract::*;
        matches!(self, RikBeter | Alleen8Beter | Alleen9Beter | Alleen10Beter | Alleen11Beter | Alleen12Beter)
    }

    pub const fn is_piek(self) -> bool {
        matches!(self.kind(), Kind::Piek)
    }

    pub const fn is_nullo(self) -> bool {
        matches!(self.kind(), Kind::Piek | Kind::Misere)
    }

    /// The nullo contracts may be joined (3.2, column J).
    pub const fn joinable(self) -> bool {
        self.is_nullo()
    }

    pub const fn is_open(self) -> bool {
        use Contract::*;
        matches!(self, OpenPiek | OpenMisere | OpenPiekPraatje | OpenMiserePraatje)
    }

    pub const fn is_praatje(self) -> bool {
        matches!(self, Contract::OpenPiekPraatje | Contract::OpenMiserePraatje)
    }

    /// The fixed value V of a nullo contract (6.1).
    pub const fn nullo_value(self) -> i64 {
        use Contract::*;
        match self {
            Piek => 15,
            Misere | OpenPiek => 30,
            OpenMisere | OpenPiekPraatje => 45,
            OpenMiserePraatje => 60,
            _ => 0,
        }
    }
}

/// The pass games of 6.6; the discriminant is the bit in a menu mask.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum PassGame {
    Schoppenmie = 0,
    TwoOrFive,
    OneThreeFive,
    Rondpiek,
    ForcedMisere,
    ForcedRik,
    Redeal,
}

impl PassGame {
    pub const ALL: [PassGame; 7] = [
        PassGame::Schoppenmie,
        PassGame::TwoOrFive,
        PassGame::OneThreeFive,
        PassGame::Rondpiek,
        PassGame::ForcedMisere,
        PassGame::ForcedRik,
        PassGame::Redeal,
    ];

    const IDS: [&'static str; 7] =
        ["schoppenmie", "two_or_five", "one_three_five", "rondpiek", "forced_misere", "forced_rik", "redeal"];

    pub fn id(self) -> &'static str {
        Self::IDS[self as usize]
    }

    pub fn parse(text: &str) -> Option<PassGame> {
        let text = text.trim();
        Self::IDS.iter().position(|id| id.eq_ignore_ascii_case(text)).map(|index| Self::ALL[index])
    }

    /// Whether `tricks` meets the goal of a "same as above" pass game (6.6).
    fn succeeds(self, tricks: u8) -> bool {
        match self {
            PassGame::TwoOrFive => tricks == 2 || tricks == 5,
            PassGame::OneThreeFive => matches!(tricks, 1 | 3 | 5),
            PassGame::Rondpiek => tricks == 1,
            PassGame::ForcedMisere => tricks == 0,
            _ => false,
        }
    }
}

/// The 52 standard cards.
pub const fn standard_deck() -> CardSet {
    CardSet::from_bits((1u64 << 52) - 1)
}

/// The 53 cards of the joker variant.
pub const fn joker_deck() -> CardSet {
    standard_deck().union(CardSet::single(Card::JOKER))
}

/// Every card of a suit, the joker counted among the clubs.
const SUIT_CARDS: [CardSet; 4] = [
    CardSet::suit(Suit::Clubs).union(CardSet::single(Card::JOKER)),
    CardSet::suit(Suit::Diamonds),
    CardSet::suit(Suit::Hearts),
    CardSet::suit(Suit::Spades),
];

/// The cards of `suit`, the joker counted as a club.
pub const fn suit_cards(suit: Suit) -> CardSet {
    SUIT_CARDS[suit as usize]
}

/// The suit a card follows as: its own, clubs for the joker.
pub const fn suit_of(card: Card) -> Suit {
    card.suit_or_clubs()
}

/// The rank a card wins by: its rank, 1 for the joker (below the two).
const fn rank_value(card: Card) -> u8 {
    match card.rank() {
        Some(rank) => rank.value(),
        None => 1,
    }
}

/// How many aces a hand holds.
pub fn aces(hand: CardSet) -> usize {
    Suit::ALL.iter().filter(|&&suit| hand.contains(Card::new(Rank::ACE, suit))).count()
}

// ---------------------------------------------------------------------------------------------
// Calling (4.3)

/// The config keys that shape the call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CallRules {
    /// `call_mode = silent_void`.
    pub silent_void: bool,
    pub call_trump_ace: bool,
    pub plain_trump_may_be_hearts: bool,
}

/// The call rank r: ace, unless all four aces are `held`; then king, and so on. (Joker variant:
/// `held` is the hand plus the out-of-play cards, 4.3.)
pub fn call_rank(held: CardSet) -> Rank {
    for value in (2..=14).rev() {
        let rank = Rank::new(value).unwrap_or(Rank::ACE);
        if Suit::ALL.iter().any(|&suit| !held.contains(Card::new(rank, suit))) {
            return rank;
        }
    }
    Rank::TWO
}

/// The legal calls of a declarer holding `hand` with trump `trump`, and whether they are blind.
/// Empty: no legal call, so that trump cannot be used for a Rik with this hand.
///
/// `out_of_play` (joker variant: the centre card, or the card the declarer put out in its place)
/// counts as held for the call rank and for "holds the rank-r card", is never called, and does
/// not count for "holds a card of the suit", which looks at the hand only (the joker a club).
pub fn call_candidates(hand: CardSet, out_of_play: CardSet, trump: Suit, rules: &CallRules) -> (CardSet, bool) {
    let held = hand.union(out_of_play);
    let rank = call_rank(held);
    let callable = |suit: Suit| suit != trump || rules.call_trump_ace;
    let holds_suit = |suit: Suit| !hand.intersection(suit_cards(suit)).is_empty();
    let mut normal = CardSet::EMPTY;
    for suit in Suit::ALL {
        let card = Card::new(rank, suit);
        if !callable(suit) || held.contains(card) {
            continue;
        }
        if rules.silent_void || holds_suit(suit) {
            normal.insert(card);
        }
    }
    if !normal.is_empty() || rules.silent_void {
        return (normal, false);
    }
    // Blind: only when every held suit (trump included) holds its rank-r card.
    if Suit::ALL.iter().any(|&suit| holds_suit(suit) && !held.contains(Card::new(rank, suit))) {
        return (CardSet::EMPTY, false);
    }
    let mut blind = CardSet::EMPTY;
    for suit in Suit::ALL {
        let card = Card::new(rank, suit);
        if callable(suit) && !holds_suit(suit) && !held.contains(card) {
            blind.insert(card);
        }
    }
    let is_blind = !blind.is_empty();
    (blind, is_blind)
}

// ---------------------------------------------------------------------------------------------
// Play (5.2, 5.4, 5.5, 6.6)

/// The duties beyond following suit that apply to the current trick.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayRules {
    /// The called card while its duties last (unplayed, its suit not yet led in an earlier
    /// trick).
    pub called: Option<Card>,
    pub called_discard_allowed: bool,
    /// Schoppen Mie's spade ban in this trick.
    pub spade_ban: bool,
    /// A lead that is forced (the troela ace under `troela_ace_lead`).
    pub forced_lead: Option<Card>,
}

/// The legal cards of a fully known hand for the trick in progress.
pub fn legal_cards(hand: CardSet, trick: &Trick, rules: &PlayRules) -> CardSet {
    let led = trick.led.filter(|_| !trick.is_empty());
    if led.is_none() {
        if let Some(card) = rules.forced_lead.filter(|&card| hand.contains(card)) {
            return CardSet::single(card);
        }
    }
    let void = led.is_some_and(|led| hand.intersection(suit_cards(led)).is_empty());
    let mut allowed = match led {
        Some(led) if !void => hand.intersection(suit_cards(led)),
        _ => hand,
    };
    if rules.spade_ban && (led.is_none() || void) {
        let others = allowed.difference(CardSet::suit(Suit::Spades));
        if !others.is_empty() {
            allowed = others;
        }
    }
    if let Some(called) = rules.called.filter(|&card| hand.contains(card)) {
        let suit = suit_of(called);
        match led {
            None => allowed = allowed.difference(suit_cards(suit).difference(CardSet::single(called))),
            Some(led) if led == suit => allowed = CardSet::single(called),
            Some(_) if void && !rules.called_discard_allowed && hand.len() > 1 => allowed.remove(called),
            Some(_) => {}
        }
    }
    allowed
}

/// The rule an illegal card breaks, in one sentence.
pub fn why_illegal(hand: CardSet, trick: &Trick, rules: &PlayRules, card: Card) -> &'static str {
    let led = trick.led.filter(|_| !trick.is_empty());
    if led.is_none() && rules.forced_lead.is_some_and(|forced| hand.contains(forced) && forced != card) {
        return "the troela partner must lead his ace";
    }
    let holds = |suit: Suit| !hand.intersection(suit_cards(suit)).is_empty();
    if let Some(called) = rules.called.filter(|&called| hand.contains(called)) {
        if led == Some(suit_of(called)) {
            return "the called card must be played to the first trick of its suit";
        }
        if led.is_none() && suit_of(card) == suit_of(called) {
            return "leading the called suit, the called card must be led";
        }
        if card == called && led.is_some_and(|led| !holds(led)) {
            return "the called card may not be discarded before its suit is led";
        }
    }
    if let Some(led) = led {
        if holds(led) && suit_of(card) != led {
            return if led == Suit::Clubs && hand.contains(Card::JOKER) {
                "must follow suit (the joker is a club)"
            } else {
                "must follow suit"
            };
        }
    }
    if rules.spade_ban && card.suit() == Some(Suit::Spades) {
        return "no spades in the opening tricks of Schoppen Mie";
    }
    "illegal card"
}

/// The winner of a complete trick: the highest trump, else the highest card of the led suit (the
/// joker is the lowest club). With `blind_lead`, the leader's face-down card never wins (5.6).
pub fn trick_winner(trick: &Trick, trump: Option<Suit>, blind_lead: bool) -> Option<Seat> {
    let led = trick.led?;
    let mut best: Option<(u8, Seat)> = None;
    for (index, played) in trick.cards().iter().enumerate() {
        if blind_lead && index == 0 {
            continue;
        }
        let card = played.card?;
        let suit = suit_of(card);
        let key = if Some(suit) == trump {
            0x80 | rank_value(card)
        } else if suit == led {
            rank_value(card)
        } else {
            continue;
        };
        if best.is_none_or(|(best_key, _)| key > best_key) {
            best = Some((key, played.seat));
        }
    }
    best.map(|(_, seat)| seat)
}

// ---------------------------------------------------------------------------------------------
// Scoring (6)

/// What scoring needs to know about a finished deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScoreInput {
    pub contract: Option<Contract>,
    pub pass_game: Option<PassGame>,
    /// The declarers as seat bits (eldest in forced rik).
    pub declarers: u8,
    /// The partner (Rik: the called card's holder; troela: the fourth ace's).
    pub partner: Option<Seat>,
    /// Tricks won per seat.
    pub tricks: [u8; 4],
    /// After an accepted claim: tricks credited to the declaring side and to the other side.
    pub credit: Option<[u8; 2]>,
    /// Schoppen Mie: who won the queen of spades and the last trick.
    pub qs_winner: Option<Seat>,
    pub last_winner: Option<Seat>,
}

impl ScoreInput {
    /// A contract's scoring input (no claim, no pass game).
    pub fn contract(contract: Contract, declarers: &[u8], partner: Option<u8>, tricks: [u8; 4]) -> ScoreInput {
        ScoreInput {
            contract: Some(contract),
            pass_game: None,
            declarers: declarers.iter().fold(0, |mask, &seat| mask | 1 << seat),
            partner: partner.map(Seat),
            tricks,
            credit: None,
            qs_winner: None,
            last_winner: None,
        }
    }

    /// A pass game's scoring input.
    pub fn pass_game(game: PassGame, tricks: [u8; 4]) -> ScoreInput {
        ScoreInput {
            contract: None,
            pass_game: Some(game),
            declarers: 0,
            partner: None,
            tricks,
            credit: None,
            qs_winner: None,
            last_winner: None,
        }
    }

    /// The seats of the declaring side.
    pub fn side(&self) -> u8 {
        self.declarers | self.partner.map_or(0, Seat::bit)
    }

    /// Tricks of the declaring side, claim credit included.
    pub fn side_tricks(&self) -> u8 {
        let side = self.side();
        let won: u8 = (0..4).filter(|&seat| side & (1 << seat) != 0).map(|seat| self.tricks[seat]).sum();
        won + self.credit.map_or(0, |[ours, _]| ours)
    }

    fn declarer(&self) -> Seat {
        Seat(self.declarers.trailing_zeros().min(3) as u8)
    }
}

fn seats_in(mask: u8) -> impl Iterator<Item = usize> {
    (0..4).filter(move |&seat| mask & (1 << seat) != 0)
}

/// One player settling alone with the other three: +3V / -V each, or the reverse.
fn settle_alone(deltas: &mut [i64; 4], seat: Seat, made: bool, value: i64) {
    let signed = if made { value } else { -value };
    for (other, delta) in deltas.iter_mut().enumerate() {
        if other == seat.index() {
            *delta += 3 * signed;
        } else {
            *delta -= signed;
        }
    }
}

/// A partnership: made, declarer and partner +V, opponents -V; failed, per `fail_split`
/// (declarer, partner) and opponents +V.
fn settle_pair(deltas: &mut [i64; 4], input: &ScoreInput, made: bool, value: i64, fail: (i64, i64)) {
    let declarer = input.declarer();
    let Some(partner) = input.partner.filter(|&partner| partner != declarer) else {
        // No partner found (a broken record): the declarer settles alone.
        settle_alone(deltas, declarer, made, value);
        return;
    };
    let side = declarer.bit() | partner.bit();
    for (seat, total) in deltas.iter_mut().enumerate() {
        let delta = if side & (1 << seat) == 0 {
            if made {
                -value
            } else {
                value
            }
        } else if made {
            value
        } else if seat == declarer.index() {
            fail.0 * value
        } else {
            fail.1 * value
        };
        *total += delta;
    }
}

/// The deal's four deltas (6.2, 6.6); they always sum to zero.
pub fn score(config: &RikkenConfig, input: &ScoreInput) -> [i64; 4] {
    let mut deltas = [0i64; 4];
    if let Some(game) = input.pass_game {
        if !config.pass_games_scored {
            return deltas;
        }
        let unit = config.pass_unit;
        match game {
            PassGame::Redeal => {}
            PassGame::ForcedRik => {
                let t = input.side_tricks() as i64;
                let made = t >= 7;
                let value = if made { 5 * (t - 6) } else { 5 * (7 - t) };
                settle_pair(&mut deltas, input, made, value, (-2, 0));
            }
            PassGame::Schoppenmie => {
                for payer in [input.qs_winner, input.last_winner].into_iter().flatten() {
                    settle_alone(&mut deltas, payer, false, unit);
                }
            }
            _ => {
                let winners = (0..4).filter(|&seat| game.succeeds(input.tricks[seat])).fold(0u8, |m, s| m | 1 << s);
                let w = winners.count_ones() as i64;
                let l = 4 - w;
                if w > 0 && l > 0 {
                    for (seat, delta) in deltas.iter_mut().enumerate() {
                        *delta = if winners & (1 << seat) != 0 { l * unit } else { -w * unit };
                    }
                }
            }
        }
        return deltas;
    }
    let Some(contract) = input.contract else { return deltas };
    let t = input.side_tricks() as i64;
    match contract.kind() {
        Kind::Rik => {
            let made = t >= 8;
            let value = if made { 5 * (t - 7) } else { 5 * (8 - t) };
            settle_pair(&mut deltas, input, made, value, (-2, 0));
        }
        Kind::Troela => {
            let made = t >= 8;
            let unit = 5 * config.troela_multiplier;
            let value = if made { unit * (t - 7) } else { unit * (8 - t) };
            let fail = if config.troela_partner_pays_on_failure { (-1, -1) } else { (-2, 0) };
            settle_pair(&mut deltas, input, made, value, fail);
        }
        Kind::Solo(n) => {
            let n = n as i64;
            let made = t >= n;
            let value = if made { 15 * (t - n + 1) } else { 15 * (n - t) };
            settle_alone(&mut deltas, input.declarer(), made, value);
        }
        Kind::Slam => settle_alone(&mut deltas, input.declarer(), t == TRICKS as i64, config.slam_value),
        Kind::Piek | Kind::Misere => {
            let single = input.declarers.count_ones() == 1;
            for seat in seats_in(input.declarers) {
                let own = input.tricks[seat] + if single { input.credit.map_or(0, |[ours, _]| ours) } else { 0 };
                let made = if contract.is_piek() { own == 1 } else { own == 0 };
                settle_alone(&mut deltas, Seat(seat as u8), made, contract.nullo_value());
            }
        }
    }
    deltas
}

/// The score breakdown, line by line.
pub fn breakdown(config: &RikkenConfig, outcome: &RikkenOutcome) -> Vec<String> {
    let input = &outcome.input;
    let names = |mask: u8| seats_in(mask).map(|seat| format!("P{seat}")).collect::<Vec<_>>().join(", ");
    let mut lines = Vec::new();
    let tricks = input.tricks.iter().enumerate().map(|(s, t)| format!("P{s} {t}")).collect::<Vec<_>>().join(", ");
    match (input.contract, input.pass_game) {
        (_, Some(game)) => {
            lines.push(format!("all passed: pass game {}", game.id()));
            if !config.pass_games_scored {
                lines.push("pass_games_scored = false: no score".to_string());
            }
        }
        (Some(contract), None) => {
            let trump = outcome.trump.map_or("no trump".to_string(), |suit| format!("trump {suit}"));
            lines.push(format!("contract {} by {} ({trump})", contract.id(), names(input.declarers)));
            if let Some(card) = outcome.called {
                let blind = if outcome.blind { " blind" } else { "" };
                let partner = input.partner.map_or("unknown".to_string(), |seat| format!("P{}", seat.0));
                lines.push(format!("called {card}{blind}, partner {partner}"));
            }
            if outcome.four_piekers {
                lines.push("three piekers: the fourth seat is a pieker too".to_string());
            }
            if let (Some(centre), Some(primary)) = (outcome.centre, outcome.primary) {
                lines.push(if outcome.exchanged {
                    format!("P{} took the centre card {centre} and put a card out of play", primary.0)
                } else {
                    format!("P{} kept his hand; the centre card {centre} stayed out of play", primary.0)
                });
            }
        }
        (None, None) => lines.push("no contract".to_string()),
    }
    lines.push(format!("tricks: {tricks}"));
    if let Some([ours, theirs]) = input.credit {
        lines.push(format!("claim accepted: {ours} more to the declaring side, {theirs} to the others"));
    }
    if outcome.early_end {
        lines.push("the deal stopped early: every declarer had certainly failed".to_string());
    }
    if input.contract.is_some() && !input.contract.is_some_and(Contract::is_nullo) {
        lines.push(format!("declaring side ({}) took {}", names(input.side()), input.side_tricks()));
    }
    let deltas = outcome.deltas.iter().map(|d| format!("{d:+}")).collect::<Vec<_>>().join(", ");
    lines.push(format!("deltas: {deltas}"));
    lines
}

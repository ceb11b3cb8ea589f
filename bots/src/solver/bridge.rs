//! Bridge double-dummy tables: a 52-card deal in PBN notation, and for each declarer and strain
//! the tricks the declarer's side takes with best play when the player after the declarer
//! leads. Bridge plays clockwise; the solver takes the direction, so a Tarneeb table (played
//! counter-clockwise) is the same call.

use super::{CardMap, Goal, Objective, Position, Rules, Solution, Solver};
use troef_core::{Card, CardSet, Direction, Rank, RankOrder, Seat, Suit};

/// Ranks strongest first in every suit.
const ORDER: RankOrder = RankOrder::new("AKQJT98765432", "AKQJT98765432");
const SEAT_LETTERS: [char; 4] = ['N', 'E', 'S', 'W'];

/// A strain: a trump suit or no trump, in the order of a double-dummy table's columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Strain {
    Trump(Suit),
    NoTrump,
}

impl Strain {
    /// Clubs, diamonds, hearts, spades, no trump.
    pub const ALL: [Strain; 5] = [
        Strain::Trump(Suit::Clubs),
        Strain::Trump(Suit::Diamonds),
        Strain::Trump(Suit::Hearts),
        Strain::Trump(Suit::Spades),
        Strain::NoTrump,
    ];

    /// `C D H S NT`.
    pub fn name(self) -> &'static str {
        match self {
            Strain::Trump(Suit::Clubs) => "C",
            Strain::Trump(Suit::Diamonds) => "D",
            Strain::Trump(Suit::Hearts) => "H",
            Strain::Trump(Suit::Spades) => "S",
            Strain::NoTrump => "NT",
        }
    }

    pub fn trump(self) -> Option<Suit> {
        match self {
            Strain::Trump(suit) => Some(suit),
            Strain::NoTrump => None,
        }
    }
}

/// A full 52-card deal: the hands of N, E, S, W (seats 0 to 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BridgeDeal {
    pub hands: [CardSet; 4],
}

impl BridgeDeal {
    /// Parses a PBN deal: `N:AKQ2.T98.765.432 ...`, four hands clockwise from the named seat,
    /// each spades.hearts.diamonds.clubs (a void is an empty group; `-` is accepted too).
    pub fn parse_pbn(text: &str) -> Result<BridgeDeal, String> {
        let text = text.trim();
        let (first, hands_text) =
            text.split_once(':').ok_or_else(|| "a PBN deal starts with its first seat, e.g. N:".to_string())?;
        let first = match first.trim().to_ascii_uppercase().as_str() {
            "N" => 0,
            "E" => 1,
            "S" => 2,
            "W" => 3,
            other => {
                return Err(format!("bad first seat {:?} (N, E, S or W)", other.chars().take(8).collect::<String>()))
            }
        };
        let groups: Vec<&str> = hands_text.split_whitespace().collect();
        if groups.len() != 4 {
            return Err(format!("a PBN deal has four hands, not {}", groups.len()));
        }
        let mut hands = [CardSet::EMPTY; 4];
        let mut seen = CardSet::EMPTY;
        for (offset, group) in groups.iter().enumerate() {
            let seat = (first + offset) % 4;
            let suits: Vec<&str> = group.split('.').collect();
            if suits.len() != 4 {
                return Err(format!(
                    "hand {} ({}) must have four suits separated by dots (spades.hearts.diamonds.clubs)",
                    SEAT_LETTERS[seat],
                    short(group)
                ));
            }
            for (suit, holding) in [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs].into_iter().zip(suits) {
                let holding = if holding == "-" { "" } else { holding };
                let mut chars = holding.chars().peekable();
                while let Some(ch) = chars.next() {
                    let rank = if ch == '1' && chars.peek() == Some(&'0') {
                        chars.next();
                        Some(Rank::TEN)
                    } else {
                        Rank::from_letter(ch)
                    };
                    let rank = rank.ok_or_else(|| {
                        format!("bad rank {ch:?} in hand {} (ranks are AKQJT98765432)", SEAT_LETTERS[seat])
                    })?;
                    let card = Card::new(rank, suit);
                    if seen.contains(card) {
                        return Err(format!("{card} is dealt twice"));
                    }
                    seen.insert(card);
                    hands[seat].insert(card);
                }
            }
        }
        for (seat, hand) in hands.iter().enumerate() {
            if hand.len() != 13 {
                return Err(format!("hand {} has {} cards, not 13", SEAT_LETTERS[seat], hand.len()));
            }
        }
        Ok(BridgeDeal { hands })
    }

    /// The deal in PBN notation from North.
    pub fn to_pbn(&self) -> String {
        let mut out = String::from("N:");
        for (seat, hand) in self.hands.iter().enumerate() {
            if seat > 0 {
                out.push(' ');
            }
            for (index, suit) in [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs].into_iter().enumerate() {
                if index > 0 {
                    out.push('.');
                }
                let mut cards: Vec<Card> = hand.of_suit(suit).iter().collect();
                cards.sort_by_key(|card| std::cmp::Reverse(card.index()));
                out.extend(cards.iter().filter_map(|card| card.rank()).map(|rank| rank.letter()));
            }
        }
        out
    }

    /// The solver position of this deal in `strain` with `leader` (a seat) to lead trick 1,
    /// play running in `direction`, and the objective "tricks of `declarer`'s side".
    pub fn position(
        &self,
        strain: Strain,
        leader: Seat,
        declarer: Seat,
        direction: Direction,
    ) -> (Position, Objective) {
        let deck = CardSet::from_bits((1u64 << 52) - 1);
        let map = CardMap::new(deck, &ORDER, strain.trump());
        let mut hands = [0u64; 4];
        for (player, hand) in hands.iter_mut().enumerate() {
            *hand = map.solver_set(self.hands[seat_of(player as u8, direction).index()]);
        }
        let position = Position {
            rules: Rules::plain(4, 13),
            hands,
            trick: [0; 4],
            trick_len: 0,
            leader: player_of(leader, direction),
            trump: strain.trump().map(|suit| suit.index() as u8),
            trick_index: 0,
            won: [0; 4],
            called_live: false,
            blind_available: false,
            blind_trick: false,
        };
        let declarer_player = player_of(declarer, direction);
        let partner_player = (declarer_player + 2) % 4;
        let objective = Objective { max_side: 1 << declarer_player | 1 << partner_player, goal: Goal::Tricks, base: 0 };
        (position, objective)
    }
}

impl BridgeDeal {
    /// The position after `played` (cards in playing order from trick 1), with the objective
    /// "tricks of the side to play next, from now on" (a mid-play double-dummy question), and
    /// the card map to read moves.
    pub fn position_after(
        &self,
        strain: Strain,
        leader: Seat,
        direction: Direction,
        played: &[Card],
    ) -> Result<(Position, Objective, CardMap), String> {
        let (mut position, _) = self.position(strain, leader, Seat(0), direction);
        let map = CardMap::new(CardSet::from_bits((1u64 << 52) - 1), &ORDER, strain.trump());
        for &card in played {
            let solver = map.solver(card).ok_or_else(|| format!("{card} is not a bridge card"))?;
            position = super::advance(&position, super::Move::plain(solver))
                .ok_or_else(|| format!("{card} cannot be played here"))?;
        }
        let to_move = position.to_move();
        let side = 1 << to_move | 1 << ((to_move + 2) % 4);
        Ok((position, Objective { max_side: side, goal: Goal::Tricks, base: 0 }, map))
    }
}

/// The seat of solver player `player` (players are numbered in playing order from North).
fn seat_of(player: u8, direction: Direction) -> Seat {
    direction.advance(Seat(0), player, 4)
}

fn player_of(seat: Seat, direction: Direction) -> u8 {
    match direction {
        Direction::Clockwise => seat.0 % 4,
        Direction::CounterClockwise => (4 - seat.0 % 4) % 4,
    }
}

fn short(text: &str) -> String {
    text.chars().take(24).collect()
}

/// A double-dummy table: `tricks[declarer][strain]`, declarers N E S W, strains C D H S NT.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DdTable {
    pub tricks: [[u8; 5]; 4],
    /// Every cell was solved exactly (no node cap was hit).
    pub exact: bool,
    /// Search nodes of the whole table.
    pub nodes: u64,
}

/// The tricks `declarer`'s side takes in `strain` when the player after the declarer (in
/// `direction`) leads: one cell of the table.
pub fn solve_cell(
    solver: &mut Solver,
    deal: &BridgeDeal,
    strain: Strain,
    declarer: Seat,
    direction: Direction,
) -> Solution {
    let leader = direction.next(declarer, 4);
    let (position, objective) = deal.position(strain, leader, declarer, direction);
    solver.value(&position, &objective)
}

/// The whole table. Each strain's four cells share the transposition table: they are all
/// solved as North-South tricks (East-West's are 13 minus those).
pub fn solve_table(solver: &mut Solver, deal: &BridgeDeal, direction: Direction) -> DdTable {
    let mut table = DdTable { tricks: [[0; 5]; 4], exact: true, nodes: 0 };
    for (column, strain) in Strain::ALL.into_iter().enumerate() {
        solver.clear();
        for declarer in 0..4u8 {
            let declarer = Seat(declarer);
            let leader = direction.next(declarer, 4);
            let (position, objective) = deal.position(strain, leader, Seat(0), direction);
            let solution = solver.value(&position, &objective);
            table.exact &= solution.exact;
            table.nodes += solution.nodes;
            let north_south = solution.value.clamp(0, 13) as u8;
            table.tricks[declarer.index()][column] =
                if declarer.0.is_multiple_of(2) { north_south } else { 13 - north_south };
        }
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pbn_round_trips_and_rejects_bad_deals() {
        let text = "N:AKQ2.T98.765.432 JT98.AKQ2.432.76 765.765.AKQJ.AKQ 43.J43.T98.JT985";
        let deal = BridgeDeal::parse_pbn(text).expect("a valid deal");
        assert_eq!(deal.to_pbn(), text);
        let from_east = BridgeDeal::parse_pbn("E:JT98.AKQ2.432.76 765.765.AKQJ.AKQ 43.J43.T98.JT985 AKQ2.T98.765.432")
            .expect("valid");
        assert_eq!(from_east, deal);
        for bad in [
            "AKQ2.T98.765.432",
            "X:AKQ2.T98.765.432 JT98.AKQ2.432.76 765.765.AKQJ.AKQ 43.J43.T98.JT985",
            "N:AKQ2.T98.765.432 JT98.AKQ2.432.76 765.765.AKQJ.AKQ",
            "N:AKQ2.T98.765.43 JT98.AKQ2.432.76 765.765.AKQJ.AKQ 43.J43.T98.JT985",
            "N:AKQ2.T98.765.432 JT98.AKQ2.432.76 765.765.AKQJ.AKQ 43.J43.T98.JT98A",
            "N:AKQ2.T98.765.43Z JT98.AKQ2.432.76 765.765.AKQJ.AKQ 43.J43.T98.JT985",
        ] {
            assert!(BridgeDeal::parse_pbn(bad).is_err(), "{bad} must be refused");
        }
    }
}

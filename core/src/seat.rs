//! Seats and the direction of play.
//!
//! Seats are numbered from 0 clockwise (project convention). Most games play clockwise; Tarneeb
//! plays counter-clockwise, so "the next player" is always asked of a [`Direction`], never
//! computed as `seat + 1` by hand.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The most seats any game has (Tysiacha's four-player variant, the 4-player games).
pub const MAX_SEATS: usize = 4;

/// A seat at the table, 0-based, clockwise.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Seat(pub u8);

impl Seat {
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The seat as a one-bit mask, for sets of seats.
    pub const fn bit(self) -> u8 {
        1 << self.0
    }
}

impl fmt::Debug for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "P{}", self.0)
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "P{}", self.0)
    }
}

/// Which way the turn passes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Direction {
    /// To the left: seat numbers rise (0 → 1 → 2 → 3 → 0).
    Clockwise,
    /// To the right: seat numbers fall (0 → 3 → 2 → 1 → 0), as in Tarneeb.
    CounterClockwise,
}

impl Direction {
    /// The seat after `seat` at a table of `seats`.
    pub const fn next(self, seat: Seat, seats: u8) -> Seat {
        match self {
            Direction::Clockwise => Seat((seat.0 + 1) % seats),
            Direction::CounterClockwise => Seat((seat.0 + seats - 1) % seats),
        }
    }

    /// The seat `steps` places after `seat`.
    pub const fn advance(self, seat: Seat, steps: u8, seats: u8) -> Seat {
        let steps = steps % seats;
        match self {
            Direction::Clockwise => Seat((seat.0 + steps) % seats),
            Direction::CounterClockwise => Seat((seat.0 + seats - steps) % seats),
        }
    }
}

/// Names seats in a record's text notation: compass letters for the 4-seat partnership games,
/// `P0`.. otherwise. Parsing accepts either form and bare seat numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatNames {
    Compass,
    Numbered,
}

impl SeatNames {
    pub fn name(self, seat: Seat) -> String {
        match self {
            SeatNames::Compass if seat.0 < 4 => ["N", "E", "S", "W"][seat.index()].to_string(),
            _ => format!("P{}", seat.0),
        }
    }

    /// Parses `N`/`E`/`S`/`W` (4 seats only), `P2`, or `2`.
    pub fn parse(self, text: &str, seats: u8) -> Option<Seat> {
        let upper = text.trim().to_ascii_uppercase();
        let seat = match upper.as_str() {
            "N" if seats == 4 => Seat(0),
            "E" if seats == 4 => Seat(1),
            "S" if seats == 4 => Seat(2),
            "W" if seats == 4 => Seat(3),
            other => Seat(other.strip_prefix('P').unwrap_or(other).parse::<u8>().ok()?),
        };
        (seat.0 < seats).then_some(seat)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counter_clockwise_runs_to_lower_numbers() {
        let order: Vec<u8> = (0..4).map(|k| Direction::CounterClockwise.advance(Seat(0), k, 4).0).collect();
        assert_eq!(order, [0, 3, 2, 1]);
        assert_eq!(Direction::Clockwise.next(Seat(2), 3), Seat(0));
    }

    #[test]
    fn seat_names_parse_both_ways() {
        assert_eq!(SeatNames::Compass.parse("w", 4), Some(Seat(3)));
        assert_eq!(SeatNames::Numbered.parse("P2", 3), Some(Seat(2)));
        assert_eq!(SeatNames::Numbered.parse("P3", 3), None);
        assert_eq!(SeatNames::Numbered.parse("N", 3), None);
    }
}

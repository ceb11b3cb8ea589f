//! What every game's adapter shares: reading the table into a position, and the ten-point steps
//! of the Brabant games' scores.

use super::super::{CardMap, Position, Rules, MAX_PLAYERS};
use troef_core::{Seat, Table};

/// The position of a fully known table: `seats[player]` in playing order, the trick in
/// progress from the table, tricks won so far; `on_turn` is the seat whose card is next (it
/// leads when the trick is empty).
pub(crate) fn read_table(
    table: &Table,
    seats: &[Seat],
    map: &CardMap,
    rules: Rules,
    trump: Option<u8>,
    on_turn: Seat,
) -> Option<Position> {
    let n = seats.len();
    let mut hands = [0u64; MAX_PLAYERS];
    let mut won = [0u8; MAX_PLAYERS];
    for (player, &seat) in seats.iter().enumerate() {
        if table.hidden_count(seat) > 0 {
            return None;
        }
        hands[player] = map.solver_set(table.hand(seat));
        won[player] = table.tricks_won(seat);
    }
    let trick = table.trick();
    let mut cards = [0u8; MAX_PLAYERS];
    for (index, played) in trick.cards().iter().enumerate() {
        cards[index] = map.solver(played.card?)?;
    }
    // An empty trick's leader is the seat on turn: the table only records a trick's leader when
    // its first card is played, so before the first lead it still names seat 0.
    let leader_seat = if trick.is_empty() { on_turn } else { trick.leader };
    let leader = seats.iter().position(|&seat| seat == leader_seat)? as u8;
    Some(Position {
        rules,
        hands,
        trick: cards,
        trick_len: trick.len() as u8,
        leader: if n == 0 { 0 } else { leader },
        trump,
        trick_index: table.trick_index(),
        won,
        called_live: false,
        blind_available: false,
        blind_trick: false,
    })
}

/// The players of `seats` whose seat satisfies `keep`, as player bits.
pub(crate) fn players_where(seats: &[Seat], keep: impl Fn(Seat) -> bool) -> u8 {
    seats.iter().enumerate().filter(|(_, &seat)| keep(seat)).fold(0, |mask, (player, _)| mask | 1 << player)
}

/// Ten-point steps that a point game's value can reach: 150 card points, the all-tricks bonus and
/// roem (at most a few hundred) stay far below.
const MAX_TEN_POINT_STEPS: i32 = 200;

/// Every positive value congruent to `offset` modulo ten, up to far beyond any point game's
/// value: the thresholds of a score that steps every ten points (a payment per ten points, a
/// rounding to tens).
pub(crate) fn ten_point_steps(offset: i32) -> Vec<i32> {
    let first = offset.rem_euclid(10);
    (0..=MAX_TEN_POINT_STEPS).map(|k| first + 10 * k).filter(|&t| t > 0).collect()
}

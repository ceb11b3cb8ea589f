//! What every game's adapter shares: reading the table into a position.

use super::super::{bit, CardMap, Position, Rules, MAX_PLAYERS};
use troef_core::{Seat, Table};

/// The position of a fully known table: `seats[player]` in playing order, the trick in
/// progress from the table, tricks won so far.
pub(crate) fn read_table(
    table: &Table,
    seats: &[Seat],
    map: &CardMap,
    rules: Rules,
    trump: Option<u8>,
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
    let leader = seats.iter().position(|&seat| seat == trick.leader).unwrap_or(0) as u8;
    let _ = bit;
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

//! The deal benchmark behind `troef bench deal --players P --cards C --json`: one full honest hand
//! (every device shuffles with a proof, verifies the others, deals, plays every card and audits),
//! measured per device.

use crate::session::{Fault, HandParams};
use crate::simulate::LocalTable;
use serde::Serialize;
use std::time::Duration;
use troef_core::{Card, Pile, Seat, Slot, SlotSet, Visibility};

/// Per-device cost of one hand.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DealBenchReport {
    pub players: u8,
    pub cards: u8,
    /// Mean processor time a device spends in the protocol over the hand, in milliseconds (the
    /// benchmark thread's CPU time divided by the devices, where the system reports it; wall time
    /// otherwise).
    pub cpu_ms_per_device: f64,
    /// The slowest device's wall time, in milliseconds.
    pub wall_ms_max: f64,
    /// Mean bytes a device broadcasts over the hand.
    pub bytes_per_device: usize,
    /// Share of the devices' time spent making and checking shuffle proofs.
    pub proof_share: f64,
}

/// The first `cards` cards of the 53 (the joker last), as a synthetic game's card set.
pub fn synthetic_cards(cards: u8) -> Vec<Card> {
    (0..cards.min(53)).filter_map(Card::from_index).collect()
}

/// A synthetic deal: the cards go round the table one at a time; what does not divide evenly is
/// a face-down talon.
pub fn synthetic_deal(players: u8, cards: u8) -> (Vec<Visibility>, Vec<Vec<Slot>>) {
    let per_seat = cards.checked_div(players).unwrap_or(0);
    let mut hands = vec![Vec::new(); players as usize];
    for slot in 0..per_seat * players {
        hands[(slot % players.max(1)) as usize].push(Slot(slot));
    }
    let mut events: Vec<Visibility> = hands
        .iter()
        .enumerate()
        .map(|(seat, slots)| Visibility::DealtPrivately {
            seat: Seat(seat as u8),
            slots: slots.iter().fold(SlotSet::EMPTY, |set, &slot| set.union(SlotSet::single(slot))),
        })
        .collect();
    let mut talon = SlotSet::EMPTY;
    for slot in per_seat * players..cards {
        talon.insert(Slot(slot));
    }
    if !talon.is_empty() {
        events.push(Visibility::DealtFaceDown { pile: Pile::Talon, slots: talon });
    }
    (events, hands)
}

/// Runs one honest hand of `players` seats and `cards` cards and measures it.
pub fn bench_deal(players: u8, cards: u8, seed: u64) -> Result<DealBenchReport, Fault> {
    if !(2..=crate::session::MAX_PROTOCOL_SEATS).contains(&players) || cards < players || cards > 53 {
        return Err(Fault {
            seat: None,
            kind: crate::FaultKind::Setup,
            detected: crate::Detected::OnArrival,
            detail: format!("cannot bench {players} players with {cards} cards (2 to 8 players, up to 53 cards)"),
        });
    }
    let mut table_id = [0u8; 32];
    table_id[..8].copy_from_slice(&seed.to_le_bytes());
    let params = HandParams::new(table_id, 1, players, synthetic_cards(cards));
    let cpu_at_start = thread_cpu_time();
    let mut table = LocalTable::new(&params, seed)?;
    for session in &mut table.sessions {
        session.measure_proofs();
    }
    table.pump()?;
    let (deal, hands) = synthetic_deal(players, cards);
    table.events(&deal)?;
    // Play every card: trick by trick, each seat opens one card of its hand and says what it is.
    let tricks = hands.first().map_or(0, Vec::len);
    for trick in 0..tricks {
        for (seat, hand) in hands.iter().enumerate() {
            let slot = hand[trick];
            let card = table.sessions[seat].card_at(slot);
            if let Some(card) = card {
                table.claim(Seat(seat as u8), slot, card)?;
            }
            table.events(&[Visibility::ShownToAll { slots: SlotSet::single(slot) }])?;
        }
    }
    table.reveal_all()?;
    for session in &table.sessions {
        if let Some(Err(fault)) = session.audit_result() {
            return Err(fault.clone());
        }
    }
    let cpu = match (cpu_at_start, thread_cpu_time()) {
        (Some(start), Some(end)) => Some(end.saturating_sub(start)),
        _ => None,
    };
    let count = players as f64;
    let total: Duration = table.cpu.iter().sum();
    let proof: Duration = table.sessions.iter().map(|session| session.proof_time()).sum();
    let max = table.cpu.iter().max().copied().unwrap_or_default();
    Ok(DealBenchReport {
        players,
        cards,
        cpu_ms_per_device: cpu.unwrap_or(total).as_secs_f64() * 1000.0 / count,
        wall_ms_max: max.as_secs_f64() * 1000.0,
        bytes_per_device: table.bytes_sent.iter().sum::<usize>() / players.max(1) as usize,
        proof_share: if total.is_zero() { 0.0 } else { proof.as_secs_f64() / total.as_secs_f64() },
    })
}

/// The CPU time of this thread, where Linux reports it: all devices run on this thread one after
/// the other, so other programs on the machine do not inflate the figure as wall time would.
pub fn thread_cpu_time() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanos: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(nanos))
}

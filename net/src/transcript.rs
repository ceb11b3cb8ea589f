//! Fiat-Shamir transcripts bound to where a proof belongs.
//!
//! Every proof of the protocol is made and checked over a merlin transcript that first absorbs the
//! hand's context (table id, hand number, a digest of the hand's parameters), then the sending
//! seat, the message kind and the sender's sequence number. A proof copied into another table,
//! hand, seat or message therefore fails, because its challenge was drawn from another transcript.

use crate::group::WirePoint;
use curve25519_dalek::scalar::Scalar;
use merlin::Transcript;
use serde::{Deserialize, Serialize};
use troef_core::Seat;

/// Protocol domain label; a new protocol version changes it.
const PROTOCOL_LABEL: &[u8] = b"troef/deal/v1";

/// Where a hand is played: the table, the hand's number at that table, and a digest of the hand's
/// parameters (seats, card set) so that devices with different parameters cannot
/// accept each other's proofs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct HandContext {
    pub table_id: [u8; 32],
    pub hand_number: u64,
    pub params_digest: [u8; 32],
}

/// The kinds of message, as transcript labels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MessageKind {
    Key,
    Shuffle,
    Remix,
    Tokens,
    Reveal,
}

impl MessageKind {
    pub fn label(self) -> &'static [u8] {
        match self {
            MessageKind::Key => b"key",
            MessageKind::Shuffle => b"shuffle",
            MessageKind::Remix => b"remix",
            MessageKind::Tokens => b"tokens",
            MessageKind::Reveal => b"reveal",
        }
    }
}

/// The transcript of one message's proofs.
pub fn message_transcript(context: &HandContext, seat: Seat, kind: MessageKind, seq: u32) -> Transcript {
    let mut transcript = Transcript::new(PROTOCOL_LABEL);
    transcript.append_message(b"table", &context.table_id);
    transcript.append_u64(b"hand", context.hand_number);
    transcript.append_message(b"params", &context.params_digest);
    transcript.append_u64(b"seat", u64::from(seat.0));
    transcript.append_message(b"kind", kind.label());
    transcript.append_u64(b"seq", u64::from(seq));
    transcript
}

pub(crate) fn append_point(transcript: &mut Transcript, label: &'static [u8], point: &WirePoint) {
    transcript.append_message(label, point);
}

pub(crate) fn challenge_scalar(transcript: &mut Transcript, label: &'static [u8]) -> Scalar {
    let mut wide = [0u8; 64];
    transcript.challenge_bytes(label, &mut wide);
    Scalar::from_bytes_mod_order_wide(&wide)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::group::card_point;
    use troef_core::Card;

    /// Known answers: a change here changes the protocol and breaks play between versions.
    #[test]
    fn known_answers() {
        let context = HandContext { table_id: [7; 32], hand_number: 3, params_digest: [9; 32] };
        let mut transcript = message_transcript(&context, Seat(2), MessageKind::Tokens, 5);
        let challenge = challenge_scalar(&mut transcript, b"c");
        let card = card_point(Card::from_index(51).expect("ace of spades")).compress().to_bytes();
        let hex = |bytes: &[u8]| bytes.iter().map(|b| format!("{b:02x}")).collect::<String>();
        assert_eq!(hex(challenge.as_bytes()), KNOWN_CHALLENGE);
        assert_eq!(hex(&card), KNOWN_ACE_OF_SPADES);
    }

    const KNOWN_CHALLENGE: &str = "9668b430a1544aa3201c87ffd781e8d0b76e8caa9856181622c9daa01da4ab01";
    const KNOWN_ACE_OF_SPADES: &str = "169b9863f8fdff489d580aebc1ad0af04b52dc92f2ce0ed48f0494e21e98f03c";
}

//! The protocol's messages as they travel: serde types encoded with bincode under a size limit.
//!
//! Every message names its table, hand, sending seat and the sender's sequence number; the same
//! four values are bound into the transcript of every proof it carries. Decoding never panics:
//! any input either decodes into a message (which the session then checks) or is an error.

use crate::group::{WireCiphertext, WirePoint, WireScalar};
use crate::proofs::{KeyProof, TokenProof};
use crate::shuffle::ShuffleProof;
use crate::transcript::MessageKind;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// Largest message accepted from the network. A 53-card shuffle with its proof is about 12 KB; the
/// limit leaves ample room for 64 cards.
pub const MAX_MESSAGE_BYTES: usize = 1 << 16;

/// One protocol message.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Message {
    pub table_id: [u8; 32],
    pub hand_number: u64,
    pub seat: u8,
    /// The sender's message counter in this hand, from 0.
    pub seq: u32,
    pub body: Body,
}

/// What a message carries.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Body {
    Key(KeyAnnouncement),
    Shuffle(ShuffleMessage),
    Remix(RemixMessage),
    Tokens(TokenMessage),
    Reveal(RevealMessage),
}

impl Body {
    pub fn kind(&self) -> MessageKind {
        match self {
            Body::Key(_) => MessageKind::Key,
            Body::Shuffle(_) => MessageKind::Shuffle,
            Body::Remix(_) => MessageKind::Remix,
            Body::Tokens(_) => MessageKind::Tokens,
            Body::Reveal(_) => MessageKind::Reveal,
        }
    }
}

/// A seat's key for this hand, with its proof of knowledge, and its commitment to the seed its
/// shuffle and re-mixes are derived from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct KeyAnnouncement {
    pub public_key: WirePoint,
    pub proof: KeyProof,
    pub seed_commitment: [u8; 32],
}

/// A seat's turn in the shuffle chain: the re-masked, permuted deck and its proof.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShuffleMessage {
    pub deck: Vec<WireCiphertext>,
    pub proof: ShuffleProof,
}

/// A re-mix of the sender's hand before cards leave it face down (or are shown to one seat).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RemixMessage {
    /// The protocol step this re-mix belongs to.
    pub step: u32,
    pub outputs: Vec<WireCiphertext>,
    pub proof: ShuffleProof,
    /// For each deck position leaving the hand (in the step's order), the index of its new
    /// ciphertext among `outputs`. The other outputs stay in the hand, unlinked.
    pub moved: Vec<u16>,
}

/// One decryption token: `sk·A` for the ciphertext `entry`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Token {
    pub entry: u32,
    pub token: WirePoint,
}

/// A seat's tokens for one step, with one batched proof.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TokenMessage {
    pub step: u32,
    /// For deck positions of the sender's re-mixed hand that this step opens or plays: which of
    /// the hand's ciphertexts each is, as `(slot, entry)`.
    pub picks: Vec<(u8, u32)>,
    pub tokens: Vec<Token>,
    pub proof: Option<TokenProof>,
}

/// The end-of-hand reveal: the hand's secret key and seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RevealMessage {
    pub secret_key: WireScalar,
    pub seed: [u8; 32],
}

/// A message that does not decode.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("malformed message: {0}")]
pub struct DecodeError(pub String);

fn wire_config() -> impl bincode::config::Config {
    bincode::config::standard().with_limit::<MAX_MESSAGE_BYTES>()
}

/// Encodes any protocol value for the wire.
pub fn encode<T: Serialize>(value: &T) -> Vec<u8> {
    bincode::serde::encode_to_vec(value, wire_config()).unwrap_or_default()
}

/// Decodes untrusted bytes: size-limited, and trailing bytes are an error.
pub fn decode<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, DecodeError> {
    if bytes.len() > MAX_MESSAGE_BYTES {
        return Err(DecodeError(format!("{} bytes, more than {MAX_MESSAGE_BYTES}", bytes.len())));
    }
    let (value, used) =
        bincode::serde::decode_from_slice(bytes, wire_config()).map_err(|error| DecodeError(error.to_string()))?;
    if used != bytes.len() {
        return Err(DecodeError("trailing bytes".into()));
    }
    Ok(value)
}

impl Message {
    pub fn to_bytes(&self) -> Vec<u8> {
        encode(self)
    }

    pub fn from_bytes(bytes: &[u8]) -> Result<Message, DecodeError> {
        decode(bytes)
    }
}

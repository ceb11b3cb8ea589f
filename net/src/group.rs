//! The group the deal protocol computes in: ElGamal on ristretto255 under the table's joint key,
//! card points, and the 32-byte wire forms of points and scalars.
//!
//! A card is a group element derived by hashing a fixed label and its two-character code, so
//! nobody knows a discrete-log relation between cards, and decrypting is a table look-up rather
//! than a discrete logarithm. A ciphertext of card point `M` under the joint key `Y` is
//! `(mask, body) = (r·G, M + r·Y)`; the open deck uses `r = 0`.

use curve25519_dalek::constants::RISTRETTO_BASEPOINT_TABLE;
use curve25519_dalek::ristretto::{CompressedRistretto, RistrettoBasepointTable, RistrettoPoint};
use curve25519_dalek::scalar::Scalar;
use curve25519_dalek::traits::Identity;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha512};
use std::collections::HashMap;
use std::fmt;
use std::sync::OnceLock;
use troef_core::Card;

/// Domain label of the card points. Changing it changes every card: it is part of the protocol.
pub const CARD_POINT_LABEL: &[u8] = b"troef/deal/v1/card-point/";

/// The point standing for `card`.
pub fn card_point(card: Card) -> RistrettoPoint {
    card_points()[card.index()].0
}

/// Every card's point with its compressed form, hashed once per process (each hash to the group
/// costs a square root, and every hand needs them).
fn card_points() -> &'static [(RistrettoPoint, WirePoint)] {
    static POINTS: OnceLock<Vec<(RistrettoPoint, WirePoint)>> = OnceLock::new();
    POINTS.get_or_init(|| {
        (0..=Card::JOKER.index())
            .map(|index| {
                let code = Card::from_index(index as u8).map(|card| card.to_string()).unwrap_or_default();
                let mut input = CARD_POINT_LABEL.to_vec();
                input.extend_from_slice(code.as_bytes());
                let point = RistrettoPoint::hash_from_bytes::<Sha512>(&input);
                (point, point.compress().to_bytes())
            })
            .collect()
    })
}

/// A 32-byte hash of labelled parts, for commitments and seed derivation.
pub(crate) fn hash32(label: &[u8], parts: &[&[u8]]) -> [u8; 32] {
    let mut hasher = Sha512::new();
    hasher.update((label.len() as u64).to_le_bytes());
    hasher.update(label);
    for part in parts {
        hasher.update((part.len() as u64).to_le_bytes());
        hasher.update(part);
    }
    let digest = hasher.finalize();
    let mut out = [0u8; 32];
    out.copy_from_slice(&digest[..32]);
    out
}

/// Looks cards up by their compressed point: decryption ends here.
#[derive(Clone, Debug)]
pub struct CardBook {
    by_point: HashMap<[u8; 32], Card>,
    points: Vec<(Card, RistrettoPoint)>,
}

impl CardBook {
    pub fn new(cards: &[Card]) -> CardBook {
        let all = card_points();
        let points: Vec<(Card, RistrettoPoint)> = cards.iter().map(|&card| (card, all[card.index()].0)).collect();
        let by_point = cards.iter().map(|&card| (all[card.index()].1, card)).collect();
        CardBook { by_point, points }
    }

    pub fn card_of(&self, point: &RistrettoPoint) -> Option<Card> {
        self.by_point.get(&point.compress().to_bytes()).copied()
    }

    pub fn is_card_point(&self, point: &RistrettoPoint) -> bool {
        self.card_of(point).is_some()
    }

    /// The cards with their points, in the open deck's order.
    pub fn points(&self) -> &[(Card, RistrettoPoint)] {
        &self.points
    }
}

/// A compressed point as it travels.
pub type WirePoint = [u8; 32];
/// A scalar as it travels (canonical little-endian).
pub type WireScalar = [u8; 32];

pub(crate) fn decompress(bytes: &WirePoint) -> Option<RistrettoPoint> {
    CompressedRistretto(*bytes).decompress()
}

pub(crate) fn scalar_from_wire(bytes: &WireScalar) -> Option<Scalar> {
    Option::from(Scalar::from_canonical_bytes(*bytes))
}

/// An ElGamal ciphertext.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ciphertext {
    /// `r·G`: what decryption tokens are computed from.
    pub mask: RistrettoPoint,
    /// `M + r·Y`.
    pub body: RistrettoPoint,
}

/// A ciphertext as it travels: two compressed points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct WireCiphertext {
    pub mask: WirePoint,
    pub body: WirePoint,
}

impl Ciphertext {
    /// The open (unmasked) encryption of a card point.
    pub fn open(point: RistrettoPoint) -> Ciphertext {
        Ciphertext { mask: RistrettoPoint::identity(), body: point }
    }

    /// This ciphertext re-masked by `r`: the same card, unlinkable without the key.
    pub fn remask(&self, r: &Scalar, key: &JointKey) -> Ciphertext {
        Ciphertext { mask: self.mask + RISTRETTO_BASEPOINT_TABLE * r, body: self.body + &key.table * r }
    }

    pub fn to_wire(&self) -> WireCiphertext {
        WireCiphertext { mask: self.mask.compress().to_bytes(), body: self.body.compress().to_bytes() }
    }

    pub fn from_wire(wire: &WireCiphertext) -> Option<Ciphertext> {
        Some(Ciphertext { mask: decompress(&wire.mask)?, body: decompress(&wire.body)? })
    }
}

/// Compresses `2·P` for each `P` in `halves`, with one field inversion for the whole batch. Callers
/// that produce many points compute their halves directly (halving the scalars, which is free), so
/// batch compression costs a fraction of compressing one by one.
pub(crate) fn compress_doubled(halves: &[RistrettoPoint]) -> Vec<WirePoint> {
    RistrettoPoint::double_and_compress_batch(halves).into_iter().map(|c| c.to_bytes()).collect()
}

/// One half, as a scalar.
pub(crate) fn half() -> Scalar {
    Scalar::from(2u64).invert()
}

/// The table's joint public key `Y = Σ pk_i` with a precomputed table for fast re-masking.
#[derive(Clone)]
pub struct JointKey {
    pub point: RistrettoPoint,
    pub compressed: WirePoint,
    pub table: RistrettoBasepointTable,
}

impl JointKey {
    pub fn new(point: RistrettoPoint) -> JointKey {
        JointKey { point, compressed: point.compress().to_bytes(), table: RistrettoBasepointTable::create(&point) }
    }
}

impl fmt::Debug for JointKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("JointKey").field("point", &self.point.compress()).finish()
    }
}

/// A random scalar from 16 bytes: enough for the weights of a random linear combination
/// (a false batch passes with probability 2^-128) at half the cost in multiscalar multiplication.
pub(crate) fn short_scalar(bytes: &[u8]) -> Scalar {
    let mut wide = [0u8; 32];
    let len = bytes.len().min(16);
    wide[..len].copy_from_slice(&bytes[..len]);
    Scalar::from_bytes_mod_order(wide)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_card_has_its_own_point() {
        let cards: Vec<Card> = (0..53).filter_map(Card::from_index).collect();
        let book = CardBook::new(&cards);
        for &card in &cards {
            assert_eq!(book.card_of(&card_point(card)), Some(card));
        }
        assert_eq!(book.by_point.len(), 53);
        assert!(!book.is_card_point(&RistrettoPoint::identity()));
    }

    #[test]
    fn batch_compression_matches_one_by_one() {
        let points: Vec<RistrettoPoint> = (0..5u8).filter_map(Card::from_index).map(card_point).collect();
        let halves: Vec<RistrettoPoint> = points.iter().map(|p| p * half()).collect();
        let batch = compress_doubled(&halves);
        let single: Vec<WirePoint> = points.iter().map(|p| p.compress().to_bytes()).collect();
        assert_eq!(batch, single);
    }
}

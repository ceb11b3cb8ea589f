//! Shuffles and their proof.
//!
//! A shuffle permutes a list of ciphertexts and re-masks each with fresh randomness; everything is
//! derived from a 32-byte seed, so the end-of-hand audit can re-run it once the seed is revealed.
//! The same shuffle serves the deck (each seat in turn) and the re-mix of one hand before a card
//! leaves it face down.
//!
//! **The proof** is a cut-and-choose argument made non-interactive: the prover publishes `rounds`
//! shadow shuffles of the input; a challenge bit per round, drawn from the transcript after all
//! shadows are absorbed, asks it to open either the link input → shadow (by revealing the shadow's
//! seed) or the link shadow → output (a permutation and masks that compose the secret shuffle with
//! the shadow's inverse). One link alone says nothing about the secret permutation, so the proof is
//! zero knowledge; a prover whose output is not a re-masked permutation of its input fails each
//! round with probability 1/2, so it passes with probability 2^-rounds. No setup: the only bases
//! are the standard generator and the joint key.
//!
//! **Verification is batched**: every opened link is a set of linear equations between points
//! (`shadow − input = τ·(G, Y)`), all folded with random 128-bit weights into one variable-time
//! multiscalar multiplication whose result must be the identity.

use crate::group::{compress_doubled, decompress, half, hash32, scalar_from_wire, short_scalar};
use crate::group::{Ciphertext, JointKey, WireCiphertext, WireScalar};
use crate::transcript::append_point;
use curve25519_dalek::constants::{RISTRETTO_BASEPOINT_POINT, RISTRETTO_BASEPOINT_TABLE};
use curve25519_dalek::ristretto::RistrettoPoint;
use curve25519_dalek::scalar::Scalar;
use curve25519_dalek::traits::{IsIdentity, VartimeMultiscalarMul};
use merlin::Transcript;
use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha20Rng;
use rand_core::{CryptoRng, RngCore};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha512};

/// Rounds of the cut-and-choose proof a hand uses unless its parameters say otherwise: a false
/// shuffle passes with probability 2^-40, and the commit-reveal audit catches it anyway.
pub const DEFAULT_SHUFFLE_ROUNDS: u8 = 40;

/// Domain label of the seeds the shadows of a proof are derived from.
const SHADOW_LABEL: &[u8] = b"troef/deal/v1/shadow";

/// A secret shuffle: `output[i] = input[permutation[i]]` re-masked by `masks[i]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShuffleSecret {
    pub permutation: Vec<u16>,
    pub masks: Vec<Scalar>,
}

/// A uniform integer in `0..bound` (`bound > 0`), without modulo bias.
fn below(rng: &mut ChaCha20Rng, bound: u32) -> u32 {
    let zone = u32::MAX - (u32::MAX % bound);
    loop {
        let value = rng.next_u32();
        if value < zone {
            return value % bound;
        }
    }
}

impl ShuffleSecret {
    /// The shuffle of `size` items that `seed` stands for, under a domain `label` and an `index`
    /// (the deck shuffle and each re-mix of a hand use different labels or indexes).
    pub fn derive(seed: &[u8; 32], label: &[u8], index: u64, size: usize) -> ShuffleSecret {
        let mut rng = ChaCha20Rng::from_seed(hash32(label, &[seed, &index.to_le_bytes()]));
        let mut permutation: Vec<u16> = (0..size as u16).collect();
        for i in (1..size).rev() {
            let j = below(&mut rng, i as u32 + 1) as usize;
            permutation.swap(i, j);
        }
        let masks = (0..size).map(|_| Scalar::random(&mut rng)).collect();
        ShuffleSecret { permutation, masks }
    }

    pub fn apply(&self, input: &[Ciphertext], key: &JointKey) -> Vec<Ciphertext> {
        self.permutation.iter().zip(&self.masks).map(|(&from, mask)| input[from as usize].remask(mask, key)).collect()
    }

    /// Applies the shuffle and compresses the result.
    pub fn apply_to_wire(&self, input: &[Ciphertext], key: &JointKey) -> (Vec<Ciphertext>, Vec<WireCiphertext>) {
        let output = self.apply(input, key);
        let wire = output.iter().map(Ciphertext::to_wire).collect();
        (output, wire)
    }
}

fn pairs_to_wire(points: &[[u8; 32]]) -> Vec<WireCiphertext> {
    points.chunks_exact(2).map(|pair| WireCiphertext { mask: pair[0], body: pair[1] }).collect()
}

/// How one round's link is opened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Opening {
    /// Input → shadow: the shadow's seed, from which the verifier re-derives its permutation and masks.
    ToInput { seed: [u8; 32] },
    /// Shadow → output: `output[i] = shadow[permutation[i]]` re-masked by `masks[i]`.
    ToOutput { permutation: Vec<u16>, masks: Vec<WireScalar> },
}

/// A cut-and-choose proof of a correct shuffle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShuffleProof {
    pub shadows: Vec<Vec<WireCiphertext>>,
    pub openings: Vec<Opening>,
}

/// The public statement of a shuffle.
#[derive(Clone, Copy, Debug)]
pub struct ShuffleStatement<'a> {
    pub key: &'a JointKey,
    pub input: &'a [Ciphertext],
    pub input_wire: &'a [WireCiphertext],
    pub output: &'a [Ciphertext],
    pub output_wire: &'a [WireCiphertext],
    pub rounds: u8,
}

/// Absorbs a list of ciphertexts as one SHA-512 digest: as binding as absorbing every point, and
/// much cheaper than thousands of transcript operations.
fn absorb_ciphertexts(transcript: &mut Transcript, label: &'static [u8], ciphertexts: &[WireCiphertext]) {
    let mut hasher = Sha512::new();
    hasher.update((ciphertexts.len() as u64).to_le_bytes());
    for c in ciphertexts {
        hasher.update(c.mask);
        hasher.update(c.body);
    }
    transcript.append_message(label, &hasher.finalize());
}

fn absorb_statement(transcript: &mut Transcript, statement: &ShuffleStatement<'_>) {
    append_point(transcript, b"Y", &statement.key.compressed);
    transcript.append_u64(b"size", statement.input_wire.len() as u64);
    transcript.append_u64(b"rounds", u64::from(statement.rounds));
    absorb_ciphertexts(transcript, b"input", statement.input_wire);
    absorb_ciphertexts(transcript, b"output", statement.output_wire);
}

fn absorb_shadows_and_challenge(transcript: &mut Transcript, shadows: &[Vec<WireCiphertext>]) -> Vec<bool> {
    for shadow in shadows {
        absorb_ciphertexts(transcript, b"shadow", shadow);
    }
    let mut bits = vec![0u8; shadows.len().div_ceil(8)];
    transcript.challenge_bytes(b"open", &mut bits);
    (0..shadows.len()).map(|round| bits[round / 8] >> (round % 8) & 1 == 1).collect()
}

/// Proves that `statement.output` is `secret` applied to `statement.input`.
pub fn prove_shuffle<R: RngCore + CryptoRng>(
    transcript: &mut Transcript,
    statement: &ShuffleStatement<'_>,
    secret: &ShuffleSecret,
    rng: &mut R,
) -> ShuffleProof {
    absorb_statement(transcript, statement);
    let size = statement.input.len();
    let half = half();
    // Shadows are computed as halves so that all of them compress in one batch.
    let half_input: Vec<(RistrettoPoint, RistrettoPoint)> =
        statement.input.iter().map(|c| (c.mask * half, c.body * half)).collect();
    let mut seeds = Vec::with_capacity(statement.rounds as usize);
    let mut secrets = Vec::with_capacity(statement.rounds as usize);
    let mut halves = Vec::with_capacity(statement.rounds as usize * size * 2);
    for _ in 0..statement.rounds {
        let mut seed = [0u8; 32];
        rng.fill_bytes(&mut seed);
        let shadow = ShuffleSecret::derive(&seed, SHADOW_LABEL, 0, size);
        for (&from, mask) in shadow.permutation.iter().zip(&shadow.masks) {
            let half_mask = mask * half;
            let (input_mask, input_body) = half_input[from as usize];
            halves.push(input_mask + RISTRETTO_BASEPOINT_TABLE * &half_mask);
            halves.push(input_body + &statement.key.table * &half_mask);
        }
        seeds.push(seed);
        secrets.push(shadow);
    }
    let compressed = compress_doubled(&halves);
    let shadows: Vec<Vec<WireCiphertext>> = if size == 0 {
        vec![Vec::new(); statement.rounds as usize]
    } else {
        compressed.chunks(size * 2).map(pairs_to_wire).collect()
    };
    let bits = absorb_shadows_and_challenge(transcript, &shadows);
    let openings = bits
        .iter()
        .zip(seeds.iter().zip(&secrets))
        .map(|(&to_output, (seed, shadow))| {
            if !to_output {
                return Opening::ToInput { seed: *seed };
            }
            let mut inverse = vec![0u16; size];
            for (position, &from) in shadow.permutation.iter().enumerate() {
                inverse[from as usize] = position as u16;
            }
            let permutation: Vec<u16> = secret.permutation.iter().map(|&from| inverse[from as usize]).collect();
            let masks = permutation
                .iter()
                .zip(&secret.masks)
                .map(|(&link, mask)| (mask - shadow.masks[link as usize]).to_bytes())
                .collect();
            Opening::ToOutput { permutation, masks }
        })
        .collect();
    ShuffleProof { shadows, openings }
}

/// Why a shuffle proof failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShuffleProofError {
    /// Wrong number of rounds, shadow sizes or an opening of the wrong kind.
    Shape,
    /// A point or scalar that does not decode.
    Encoding,
    /// An opened permutation that is not a permutation.
    NotAPermutation,
    /// The batched equations do not hold.
    Equations,
}

fn is_permutation(permutation: &[u16], size: usize) -> bool {
    let mut seen = vec![false; size];
    permutation.len() == size
        && permutation.iter().all(|&i| {
            let fresh = (i as usize) < size && !seen[i as usize];
            if fresh {
                seen[i as usize] = true;
            }
            fresh
        })
}

/// Checks a shuffle proof. `rng` supplies the batching weights (mixed with the transcript).
pub fn verify_shuffle<R: RngCore + CryptoRng>(
    transcript: &mut Transcript,
    statement: &ShuffleStatement<'_>,
    proof: &ShuffleProof,
    rng: &mut R,
) -> Result<(), ShuffleProofError> {
    let size = statement.input.len();
    let rounds = statement.rounds as usize;
    if statement.output.len() != size
        || statement.input_wire.len() != size
        || statement.output_wire.len() != size
        || proof.shadows.len() != rounds
        || proof.openings.len() != rounds
        || proof.shadows.iter().any(|shadow| shadow.len() != size)
    {
        return Err(ShuffleProofError::Shape);
    }
    absorb_statement(transcript, statement);
    let bits = absorb_shadows_and_challenge(transcript, &proof.shadows);
    // The weights come from a stream seeded by the transcript and the caller's randomness; drawing
    // thousands of them from the transcript's own generator one by one would cost more.
    let mut weight_seed = [0u8; 32];
    transcript.build_rng().finalize(rng).fill_bytes(&mut weight_seed);
    let mut weight_rng = ChaCha20Rng::from_seed(weight_seed);
    let mut weight = || {
        let mut bytes = [0u8; 16];
        weight_rng.fill_bytes(&mut bytes);
        short_scalar(&bytes)
    };
    let zero = Scalar::ZERO;
    let mut input_coefficients = vec![(zero, zero); size];
    let mut output_coefficients = vec![(zero, zero); size];
    let mut base_coefficient = zero;
    let mut key_coefficient = zero;
    let mut scalars = Vec::with_capacity(rounds * size * 2 + size * 4 + 2);
    let mut points = Vec::with_capacity(rounds * size * 2 + size * 4 + 2);
    for ((shadow, opening), &to_output) in proof.shadows.iter().zip(&proof.openings).zip(&bits) {
        let mut shadow_points = Vec::with_capacity(size);
        for c in shadow {
            let (Some(mask), Some(body)) = (decompress(&c.mask), decompress(&c.body)) else {
                return Err(ShuffleProofError::Encoding);
            };
            shadow_points.push((mask, body));
        }
        match (opening, to_output) {
            (Opening::ToInput { seed }, false) => {
                // shadow[i] − input[σ(i)] − τ_i·(G, Y) = 0
                let link = ShuffleSecret::derive(seed, SHADOW_LABEL, 0, size);
                for (i, (&from, tau)) in link.permutation.iter().zip(&link.masks).enumerate() {
                    let (alpha, beta) = (weight(), weight());
                    scalars.push(alpha);
                    points.push(shadow_points[i].0);
                    scalars.push(beta);
                    points.push(shadow_points[i].1);
                    let input = &mut input_coefficients[from as usize];
                    input.0 -= alpha;
                    input.1 -= beta;
                    base_coefficient -= alpha * tau;
                    key_coefficient -= beta * tau;
                }
            }
            (Opening::ToOutput { permutation, masks }, true) => {
                // output[i] − shadow[φ(i)] − υ_i·(G, Y) = 0
                if !is_permutation(permutation, size) || masks.len() != size {
                    return Err(ShuffleProofError::NotAPermutation);
                }
                for (i, (&from, mask)) in permutation.iter().zip(masks).enumerate() {
                    let upsilon = scalar_from_wire(mask).ok_or(ShuffleProofError::Encoding)?;
                    let (alpha, beta) = (weight(), weight());
                    let output = &mut output_coefficients[i];
                    output.0 += alpha;
                    output.1 += beta;
                    scalars.push(-alpha);
                    points.push(shadow_points[from as usize].0);
                    scalars.push(-beta);
                    points.push(shadow_points[from as usize].1);
                    base_coefficient -= alpha * upsilon;
                    key_coefficient -= beta * upsilon;
                }
            }
            _ => return Err(ShuffleProofError::Shape),
        }
    }
    for (coefficients, ciphertexts) in
        [(&input_coefficients, statement.input), (&output_coefficients, statement.output)]
    {
        for ((mask_coefficient, body_coefficient), c) in coefficients.iter().zip(ciphertexts) {
            scalars.push(*mask_coefficient);
            points.push(c.mask);
            scalars.push(*body_coefficient);
            points.push(c.body);
        }
    }
    scalars.push(base_coefficient);
    points.push(RISTRETTO_BASEPOINT_POINT);
    scalars.push(key_coefficient);
    points.push(statement.key.point);
    if RistrettoPoint::vartime_multiscalar_mul(&scalars, &points).is_identity() {
        Ok(())
    } else {
        Err(ShuffleProofError::Equations)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::group::card_point;
    use rand_chacha::rand_core::SeedableRng;
    use troef_core::Card;

    fn setup(size: usize, rng: &mut ChaCha20Rng) -> (JointKey, Vec<Ciphertext>, Vec<WireCiphertext>) {
        let key = JointKey::new(RistrettoPoint::random(rng));
        let input: Vec<Ciphertext> = (0..size as u8)
            .filter_map(Card::from_index)
            .map(|card| Ciphertext::open(card_point(card)).remask(&Scalar::random(rng), &key))
            .collect();
        let wire = input.iter().map(Ciphertext::to_wire).collect();
        (key, input, wire)
    }

    fn check(size: usize, tamper: bool, other_transcript: bool) -> Result<(), ShuffleProofError> {
        let mut rng = ChaCha20Rng::seed_from_u64(size as u64);
        let (key, input, input_wire) = setup(size, &mut rng);
        let secret = ShuffleSecret::derive(&[1; 32], b"test", 0, size);
        let (mut output, mut output_wire) = secret.apply_to_wire(&input, &key);
        if tamper {
            output[0] = output[0].remask(&Scalar::ONE, &key);
            output[0].body += RISTRETTO_BASEPOINT_POINT;
            output_wire[0] = output[0].to_wire();
        }
        let statement = ShuffleStatement {
            key: &key,
            input: &input,
            input_wire: &input_wire,
            output: &output,
            output_wire: &output_wire,
            rounds: DEFAULT_SHUFFLE_ROUNDS,
        };
        let proof = prove_shuffle(&mut Transcript::new(b"a"), &statement, &secret, &mut rng);
        let label: &'static [u8] = if other_transcript { b"b" } else { b"a" };
        verify_shuffle(&mut Transcript::new(label), &statement, &proof, &mut rng)
    }

    #[test]
    fn honest_shuffles_verify() {
        for size in [1, 2, 5, 13] {
            assert_eq!(check(size, false, false), Ok(()), "size {size}");
        }
    }

    #[test]
    fn a_changed_card_fails() {
        assert!(check(5, true, false).is_err());
    }

    #[test]
    fn a_proof_from_another_transcript_fails() {
        assert!(check(5, false, true).is_err());
    }

    #[test]
    fn derived_shuffles_are_permutations() {
        for size in [0, 1, 24, 53] {
            let secret = ShuffleSecret::derive(&[9; 32], b"test", 3, size);
            assert!(is_permutation(&secret.permutation, size));
            assert_eq!(secret.masks.len(), size);
        }
    }
}

//! Shuffles and their proof.
//!
//! A shuffle permutes a list of ciphertexts and re-masks each with fresh randomness; everything is
//! derived from a 32-byte seed, so the end-of-hand audit can re-run it once the seed is revealed.
//! The same shuffle serves the deck (each seat in turn) and the re-mix of one hand before a card
//! leaves it face down.
//!
//! **The proof** is a permutation-commitment shuffle argument in the style of Terelius and
//! Wikström (as written out for re-encryption mix-nets by Haenni, Locher, Koenig and Dubuis),
//! made non-interactive with Fiat-Shamir over the message's merlin transcript. For an input
//! `in_j` and output `out_i = in_{π(i)} + τ_i·(G, Y)` of size `N` the prover
//!
//! 1. commits to the permutation: `c_{π(i)} = r_{π(i)}·G + H_i` (Pedersen, one per input);
//! 2. draws challenges `u_j` (128 bits each) from the transcript and sets `u'_i = u_{π(i)}`;
//! 3. commits to the chain `ĉ_i = r̂_i·G + u'_i·ĉ_{i−1}` from `ĉ_{−1} = H`;
//! 4. proves in one sigma protocol (challenge `c` from the transcript, responses `s = ω + c·x`)
//!    knowledge of the openings of five linear statements: `Σ c_j − Σ H_i = r̄·G` (the committed
//!    matrix's columns sum to ones), `ĉ_{N−1} − (∏ u_j)·H = r̂·G` with each chain link
//!    `ĉ_i = r̂_i·G + u'_i·ĉ_{i−1}` (so `∏ u'_i = ∏ u_j`), `Σ u_j·c_j = r'·G + Σ u'_i·H_i`
//!    (the same `u'` as committed), and `Σ u'_i·out_i − r̃·(G, Y) = Σ u_j·in_j` (the output is a
//!    re-masking of the input under that permutation).
//!
//! The commitment is binding unless someone knows a discrete-log relation between `G`, `H` and
//! the `H_i`; they are hashed from fixed labels, so there is no trusted setup. Assuming discrete logarithms are hard in ristretto255, a prover
//! whose output is not a re-masked permutation of its input passes with probability at most about
//! `(N + 1)/2^128` for the `u` challenges plus `2^-252` for `c` (each weighted equation holds
//! for at most one challenge once the commitments are fixed), far below the required 2^-40;
//! a forged shuffle would also be caught by the re-run at the audit. The proof is honest-verifier
//! zero knowledge (every response is masked by a fresh `ω`), so it reveals nothing of `π`.
//! Size: `3N + 5` points and `2N + 4` scalars (8.6 KB for 52 cards).
//!
//! **Verification is batched**: all `N + 5` equations are weighted with random 128-bit weights and
//! summed into one variable-time multiscalar multiplication, whose fixed bases (`G`, `H`, `H_i`)
//! use a precomputation built once per process; a false batch passes with probability 2^-128.

use crate::group::{compress_doubled, decompress, half, hash32, scalar_from_wire, short_scalar};
use crate::group::{Ciphertext, JointKey, WireCiphertext, WirePoint, WireScalar};
use crate::transcript::{append_point, challenge_scalar};
use curve25519_dalek::constants::{RISTRETTO_BASEPOINT_POINT, RISTRETTO_BASEPOINT_TABLE};
use curve25519_dalek::ristretto::{RistrettoBasepointTable, RistrettoPoint, VartimeRistrettoPrecomputation};
use curve25519_dalek::scalar::Scalar;
use curve25519_dalek::traits::{
    Identity, IsIdentity, MultiscalarMul, VartimeMultiscalarMul, VartimePrecomputedMultiscalarMul,
};
use merlin::Transcript;
use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha20Rng;
use rand_core::{CryptoRng, RngCore};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha512};
use std::sync::OnceLock;
use zeroize::Zeroize;

/// A secret shuffle: `output[i] = input[permutation[i]]` re-masked by `masks[i]`. Wiped from
/// memory when dropped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShuffleSecret {
    pub permutation: Vec<u16>,
    pub masks: Vec<Scalar>,
}

impl Drop for ShuffleSecret {
    fn drop(&mut self) {
        self.permutation.zeroize();
        self.masks.zeroize();
    }
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

    /// Whether `output` is this shuffle applied to `input`, checked as one batched equation
    /// `Σ ρ_i·(out_i − in_{π(i)}) − (Σ ρ_i·τ_i)·(G, Y) = 0` with 128-bit weights drawn from
    /// `weight_seed` (a hash that covers the output, so a wrong output passes with probability
    /// 2^-128): the audit's re-run at the cost of one multiscalar multiplication instead of two
    /// fixed-base multiplications per card.
    pub fn reproduces(
        &self,
        input: &[Ciphertext],
        output: &[Ciphertext],
        key: &JointKey,
        weight_seed: [u8; 32],
    ) -> bool {
        let size = self.permutation.len();
        if input.len() != size || output.len() != size || self.masks.len() != size {
            return false;
        }
        let mut weight_rng = ChaCha20Rng::from_seed(weight_seed);
        let mut weight = || {
            let mut bytes = [0u8; 16];
            weight_rng.fill_bytes(&mut bytes);
            short_scalar(&bytes)
        };
        let mut scalars = Vec::with_capacity(4 * size + 2);
        let mut points = Vec::with_capacity(4 * size + 2);
        let (mut base, mut key_coefficient) = (Scalar::ZERO, Scalar::ZERO);
        for ((&from, tau), out) in self.permutation.iter().zip(&self.masks).zip(output) {
            let Some(source) = input.get(from as usize) else { return false };
            let (alpha, beta) = (weight(), weight());
            scalars.extend([alpha, beta, -alpha, -beta]);
            points.extend([out.mask, out.body, source.mask, source.body]);
            base -= alpha * tau;
            key_coefficient -= beta * tau;
        }
        scalars.extend([base, key_coefficient]);
        points.extend([RISTRETTO_BASEPOINT_POINT, key.point]);
        RistrettoPoint::vartime_multiscalar_mul(&scalars, &points).is_identity()
    }

    /// Applies the shuffle and compresses the result.
    pub fn apply_to_wire(&self, input: &[Ciphertext], key: &JointKey) -> (Vec<Ciphertext>, Vec<WireCiphertext>) {
        let output = self.apply(input, key);
        let wire = output.iter().map(Ciphertext::to_wire).collect();
        (output, wire)
    }
}

/// Domain label of the commitment generators of the shuffle argument.
const GENERATOR_LABEL: &[u8] = b"troef/deal/v1/shuffle-generator/";

/// The most items a proven shuffle may have (a deck has at most 64 cards).
pub const MAX_SHUFFLE_SIZE: usize = 64;

/// The fixed bases of the argument: `H` (the chain's start) and `H_0..H_63` (the permutation
/// commitment's), each hashed from a label so that nobody knows a discrete-log relation between
/// them and `G`; no trusted setup. Their fixed-base tables are built once per process.
struct Generators {
    chain_table: RistrettoBasepointTable,
    items: Vec<RistrettoPoint>,
    /// `H_i / 2`, for the prover's batch compression.
    item_halves: Vec<RistrettoPoint>,
    /// Variable-time precomputation over `[G, H, H_0, .., H_63]` for verification.
    fixed: VartimeRistrettoPrecomputation,
}

fn generator(name: &[u8]) -> RistrettoPoint {
    let mut input = GENERATOR_LABEL.to_vec();
    input.extend_from_slice(name);
    RistrettoPoint::hash_from_bytes::<Sha512>(&input)
}

fn generators() -> &'static Generators {
    static GENERATORS: OnceLock<Generators> = OnceLock::new();
    GENERATORS.get_or_init(|| {
        let chain_base = generator(b"H");
        let items: Vec<RistrettoPoint> =
            (0..MAX_SHUFFLE_SIZE as u64).map(|i| generator(format!("H{i}").as_bytes())).collect();
        let fixed = VartimeRistrettoPrecomputation::new(
            [RISTRETTO_BASEPOINT_POINT, chain_base].into_iter().chain(items.iter().copied()),
        );
        let half = half();
        let item_halves = items.iter().map(|item| item * half).collect();
        Generators { chain_table: RistrettoBasepointTable::create(&chain_base), items, item_halves, fixed }
    })
}

/// A proof that a list of ciphertexts is a permuted re-masking of another (see the module doc).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShuffleProof {
    /// `c_j = r_j·G + H_{π⁻¹(j)}`, one per input: a commitment to the permutation.
    pub permutation_commitments: Vec<WirePoint>,
    /// `ĉ_i = r̂_i·G + u'_i·ĉ_{i−1}` from `ĉ_{−1} = H`: a commitment chain to `∏ u'_i`.
    pub chain: Vec<WirePoint>,
    /// The sigma protocol's first messages: `t1`, `t2`, `t3`, `t4` (a pair), then `t̂_i`.
    pub t: [WirePoint; 5],
    pub t_chain: Vec<WirePoint>,
    /// Responses `s1..s4`, then `ŝ_i` and `s'_i`.
    pub s: [WireScalar; 4],
    pub s_chain: Vec<WireScalar>,
    pub s_items: Vec<WireScalar>,
}

/// The public statement of a shuffle.
#[derive(Clone, Copy, Debug)]
pub struct ShuffleStatement<'a> {
    pub key: &'a JointKey,
    pub input: &'a [Ciphertext],
    pub input_wire: &'a [WireCiphertext],
    pub output: &'a [Ciphertext],
    pub output_wire: &'a [WireCiphertext],
}

/// Absorbs a list of ciphertexts as one SHA-512 digest: as binding as absorbing every point, and
/// much cheaper than hundreds of transcript operations.
fn absorb_ciphertexts(transcript: &mut Transcript, label: &'static [u8], ciphertexts: &[WireCiphertext]) {
    let mut hasher = Sha512::new();
    hasher.update((ciphertexts.len() as u64).to_le_bytes());
    for c in ciphertexts {
        hasher.update(c.mask);
        hasher.update(c.body);
    }
    transcript.append_message(label, &hasher.finalize());
}

fn absorb_points(transcript: &mut Transcript, label: &'static [u8], points: &[WirePoint]) {
    let mut hasher = Sha512::new();
    hasher.update((points.len() as u64).to_le_bytes());
    for point in points {
        hasher.update(point);
    }
    transcript.append_message(label, &hasher.finalize());
}

fn absorb_statement(transcript: &mut Transcript, statement: &ShuffleStatement<'_>) {
    transcript.append_message(b"proof", b"permutation-commitment shuffle argument v1");
    append_point(transcript, b"Y", &statement.key.compressed);
    transcript.append_u64(b"size", statement.input_wire.len() as u64);
    absorb_ciphertexts(transcript, b"input", statement.input_wire);
    absorb_ciphertexts(transcript, b"output", statement.output_wire);
}

/// The per-input challenges `u_j` (128 bits each), drawn after the permutation commitment.
fn item_challenges(transcript: &mut Transcript, commitments: &[WirePoint]) -> Vec<Scalar> {
    absorb_points(transcript, b"commitments", commitments);
    let mut bytes = vec![0u8; 16 * commitments.len()];
    transcript.challenge_bytes(b"u", &mut bytes);
    bytes.chunks(16).map(short_scalar).collect()
}

/// The sigma challenge `c`, drawn after the chain and every first message.
fn sigma_challenge(
    transcript: &mut Transcript,
    chain: &[WirePoint],
    t: &[WirePoint; 5],
    t_chain: &[WirePoint],
) -> Scalar {
    absorb_points(transcript, b"chain", chain);
    absorb_points(transcript, b"t", t);
    absorb_points(transcript, b"t-chain", t_chain);
    challenge_scalar(transcript, b"c")
}

/// Proves that `statement.output` is `secret` applied to `statement.input`.
///
/// Every point of the proof is computed as its half (halving the scalars is free) so that each
/// group of points compresses in one batch with a single field inversion.
pub fn prove_shuffle<R: RngCore + CryptoRng>(
    transcript: &mut Transcript,
    statement: &ShuffleStatement<'_>,
    secret: &ShuffleSecret,
    rng: &mut R,
) -> ShuffleProof {
    let generators = generators();
    let size = statement.input.len().min(MAX_SHUFFLE_SIZE);
    absorb_statement(transcript, statement);
    let mut witness_rng = transcript.build_rng().finalize(rng);
    let mut random = || Scalar::random(&mut witness_rng);
    let half = half();
    let g = RISTRETTO_BASEPOINT_TABLE;
    // Permutation commitment, indexed by input: c_{π(i)} = r_{π(i)}·G + H_i.
    let r: Vec<Scalar> = (0..size).map(|_| random()).collect();
    let mut commitment_halves = vec![RistrettoPoint::identity(); size];
    for (i, &from) in secret.permutation.iter().enumerate().take(size) {
        let j = from as usize;
        commitment_halves[j] = g * &(r[j] * half) + generators.item_halves[i];
    }
    let permutation_commitments = compress_doubled(&commitment_halves);
    let u = item_challenges(transcript, &permutation_commitments);
    let u_out: Vec<Scalar> = secret.permutation.iter().take(size).map(|&from| u[from as usize]).collect();
    // The chain in closed form: ĉ_i = R_i·G + P_i·H with P_i = ∏_{l≤i} u'_l and
    // R_i = u'_i·R_{i−1} + r̂_i: two fixed-base multiplications per link.
    let r_chain: Vec<Scalar> = (0..size).map(|_| random()).collect();
    let mut chain_halves = Vec::with_capacity(size);
    // The openings (R_{i−1}, P_{i−1}) of each link's predecessor, from ĉ_{−1} = 0·G + 1·H.
    let mut openings = Vec::with_capacity(size);
    let (mut running_r, mut running_p) = (Scalar::ZERO, Scalar::ONE);
    for (r_hat, u_prime) in r_chain.iter().zip(&u_out) {
        openings.push((running_r, running_p));
        running_r = u_prime * running_r + r_hat;
        running_p *= u_prime;
        chain_halves.push(g * &(running_r * half) + &generators.chain_table * &(running_p * half));
    }
    let chain = compress_doubled(&chain_halves);
    // First messages.
    let omega: [Scalar; 4] = [random(), random(), random(), random()];
    let omega_chain: Vec<Scalar> = (0..size).map(|_| random()).collect();
    let omega_items: Vec<Scalar> = (0..size).map(|_| random()).collect();
    let half_items: Vec<Scalar> = omega_items.iter().map(|omega| omega * half).collect();
    let t_halves = [
        g * &(omega[0] * half),
        g * &(omega[1] * half),
        g * &(omega[2] * half) + RistrettoPoint::multiscalar_mul(&half_items, &generators.items[..size]),
        RistrettoPoint::multiscalar_mul(&half_items, statement.output.iter().map(|c| c.mask)) - g * &(omega[3] * half),
        RistrettoPoint::multiscalar_mul(&half_items, statement.output.iter().map(|c| c.body))
            - &statement.key.table * &(omega[3] * half),
    ];
    let t_wire = compress_doubled(&t_halves);
    let t = [t_wire[0], t_wire[1], t_wire[2], t_wire[3], t_wire[4]];
    // t̂_i = ω̂_i·G + ω'_i·ĉ_{i−1} = (ω̂_i + ω'_i·R_{i−1})·G + (ω'_i·P_{i−1})·H: two fixed-base
    // multiplications instead of a variable-base one.
    let t_chain_halves: Vec<RistrettoPoint> = omega_chain
        .iter()
        .zip(&half_items)
        .zip(&openings)
        .map(|((omega_hat, half_item), (r_previous, p_previous))| {
            g * &(omega_hat * half + half_item * r_previous) + &generators.chain_table * &(half_item * p_previous)
        })
        .collect();
    let t_chain = compress_doubled(&t_chain_halves);
    let c = sigma_challenge(transcript, &chain, &t, &t_chain);
    // Witnesses of the five statements, then the responses s = ω + c·witness.
    let r_sum: Scalar = r.iter().sum();
    let r_weighted: Scalar = r.iter().zip(&u).map(|(r, u)| r * u).sum();
    let remask_weighted: Scalar = secret.masks.iter().zip(&u_out).map(|(tau, u)| tau * u).sum();
    let s = [
        (omega[0] + c * r_sum).to_bytes(),
        (omega[1] + c * running_r).to_bytes(),
        (omega[2] + c * r_weighted).to_bytes(),
        (omega[3] + c * remask_weighted).to_bytes(),
    ];
    let s_chain = omega_chain.iter().zip(&r_chain).map(|(omega, r)| (omega + c * r).to_bytes()).collect();
    let s_items = omega_items.iter().zip(&u_out).map(|(omega, u)| (omega + c * u).to_bytes()).collect();
    // The witnesses and nonces say everything about the permutation: wipe them.
    for secrets in [r, u_out, r_chain, omega_chain, omega_items, half_items] {
        let mut secrets = secrets;
        secrets.zeroize();
    }
    for mut secret in [running_r, running_p, r_sum, r_weighted, remask_weighted] {
        secret.zeroize();
    }
    openings.zeroize();
    ShuffleProof { permutation_commitments, chain, t, t_chain, s, s_chain, s_items }
}

/// Why a shuffle proof failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShuffleProofError {
    /// Wrong sizes.
    Shape,
    /// A point or scalar that does not decode.
    Encoding,
    /// The batched equations do not hold.
    Equations,
}

fn decompress_all(points: &[WirePoint]) -> Result<Vec<RistrettoPoint>, ShuffleProofError> {
    points.iter().map(|p| decompress(p).ok_or(ShuffleProofError::Encoding)).collect()
}

fn scalars_from_wire(scalars: &[WireScalar]) -> Result<Vec<Scalar>, ShuffleProofError> {
    scalars.iter().map(|s| scalar_from_wire(s).ok_or(ShuffleProofError::Encoding)).collect()
}

/// Checks a shuffle proof. `rng` supplies the batching weights (mixed with the transcript).
pub fn verify_shuffle<R: RngCore + CryptoRng>(
    transcript: &mut Transcript,
    statement: &ShuffleStatement<'_>,
    proof: &ShuffleProof,
    rng: &mut R,
) -> Result<(), ShuffleProofError> {
    let size = statement.input.len();
    if size > MAX_SHUFFLE_SIZE
        || statement.output.len() != size
        || statement.input_wire.len() != size
        || statement.output_wire.len() != size
        || proof.permutation_commitments.len() != size
        || proof.chain.len() != size
        || proof.t_chain.len() != size
        || proof.s_chain.len() != size
        || proof.s_items.len() != size
    {
        return Err(ShuffleProofError::Shape);
    }
    if size == 0 {
        return Ok(());
    }
    let generators = generators();
    absorb_statement(transcript, statement);
    let u = item_challenges(transcript, &proof.permutation_commitments);
    let c = sigma_challenge(transcript, &proof.chain, &proof.t, &proof.t_chain);
    let commitments = decompress_all(&proof.permutation_commitments)?;
    let chain = decompress_all(&proof.chain)?;
    let t = decompress_all(&proof.t)?;
    let t_chain = decompress_all(&proof.t_chain)?;
    let s = scalars_from_wire(&proof.s)?;
    let s_chain = scalars_from_wire(&proof.s_chain)?;
    let s_items = scalars_from_wire(&proof.s_items)?;
    // Batching weights: a stream seeded by the transcript and the caller's randomness.
    let mut weight_seed = [0u8; 32];
    transcript.build_rng().finalize(rng).fill_bytes(&mut weight_seed);
    let mut weight_rng = ChaCha20Rng::from_seed(weight_seed);
    let mut weight = || {
        let mut bytes = [0u8; 16];
        weight_rng.fill_bytes(&mut bytes);
        short_scalar(&bytes)
    };
    let rho: [Scalar; 5] = [weight(), weight(), weight(), weight(), weight()];
    let rho_chain: Vec<Scalar> = (0..size).map(|_| weight()).collect();
    let u_product: Scalar = u.iter().product();
    // Every equation, written as `left − right = 0`, weighted and summed:
    //   ρ1: s1·G − t1 − c·(Σ c_j − Σ H_i)
    //   ρ2: s2·G − t2 − c·(ĉ_last − (∏ u_j)·H)
    //   ρ3: s3·G + Σ s'_i·H_i − t3 − c·Σ u_j·c_j
    //   ρ4, ρ5: Σ s'_i·out_i − s4·(G, Y) − t4 − c·Σ u_j·in_j     (masks, bodies)
    //   ρ̂_i: ŝ_i·G + s'_i·ĉ_{i−1} − t̂_i − c·ĉ_i                (ĉ_{−1} = H)
    let mut base = rho[0] * s[0] + rho[1] * s[1] + rho[2] * s[2] - rho[3] * s[3];
    for (r, s) in rho_chain.iter().zip(&s_chain) {
        base += r * s;
    }
    let chain_base = rho[1] * c * u_product + rho_chain[0] * s_items[0];
    let mut fixed_scalars = Vec::with_capacity(size + 2);
    fixed_scalars.push(base);
    fixed_scalars.push(chain_base);
    for s_item in &s_items {
        fixed_scalars.push(rho[0] * c + rho[2] * s_item);
    }
    let mut scalars = Vec::with_capacity(8 * size + 6);
    let mut points = Vec::with_capacity(8 * size + 6);
    scalars.push(-(rho[4] * s[3]));
    points.push(statement.key.point);
    for (k, point) in t.iter().enumerate() {
        scalars.push(-rho[k]);
        points.push(*point);
    }
    let c_rho0 = rho[0] * c;
    let c_rho2 = rho[2] * c;
    for (u_j, commitment) in u.iter().zip(&commitments) {
        scalars.push(-(c_rho0 + c_rho2 * u_j));
        points.push(*commitment);
    }
    for i in 0..size {
        let mut coefficient = -(rho_chain[i] * c);
        if i + 1 < size {
            coefficient += rho_chain[i + 1] * s_items[i + 1];
        } else {
            coefficient -= rho[1] * c;
        }
        scalars.push(coefficient);
        points.push(chain[i]);
        scalars.push(-rho_chain[i]);
        points.push(t_chain[i]);
    }
    let (c_rho3, c_rho4) = (rho[3] * c, rho[4] * c);
    for (s_item, out) in s_items.iter().zip(statement.output) {
        scalars.push(rho[3] * s_item);
        points.push(out.mask);
        scalars.push(rho[4] * s_item);
        points.push(out.body);
    }
    for (u_j, input) in u.iter().zip(statement.input) {
        scalars.push(-(c_rho3 * u_j));
        points.push(input.mask);
        scalars.push(-(c_rho4 * u_j));
        points.push(input.body);
    }
    let sum = generators.fixed.vartime_mixed_multiscalar_mul(
        fixed_scalars.iter().chain(std::iter::repeat_n(&Scalar::ZERO, MAX_SHUFFLE_SIZE - size)),
        &scalars,
        &points,
    );
    if sum.is_identity() {
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

    /// Proves with a "permutation" that maps two outputs to the same input (a duplicated card,
    /// another dropped): the honest prover's algorithm must not produce a passing proof.
    #[test]
    fn a_duplicating_map_fails_even_with_the_real_masks() {
        let mut rng = ChaCha20Rng::seed_from_u64(7);
        let size = 6;
        let (key, input, input_wire) = setup(size, &mut rng);
        let mut secret = ShuffleSecret::derive(&[2; 32], b"test", 0, size);
        secret.permutation[1] = secret.permutation[0];
        let (output, output_wire) = secret.apply_to_wire(&input, &key);
        let statement = ShuffleStatement {
            key: &key,
            input: &input,
            input_wire: &input_wire,
            output: &output,
            output_wire: &output_wire,
        };
        let proof = prove_shuffle(&mut Transcript::new(b"a"), &statement, &secret, &mut rng);
        assert!(verify_shuffle(&mut Transcript::new(b"a"), &statement, &proof, &mut rng).is_err());
    }

    /// Every part of an honest proof is bound: changing any one point or scalar fails.
    #[test]
    fn every_part_of_the_proof_is_checked() {
        let mut rng = ChaCha20Rng::seed_from_u64(8);
        let size = 5;
        let (key, input, input_wire) = setup(size, &mut rng);
        let secret = ShuffleSecret::derive(&[3; 32], b"test", 0, size);
        let (output, output_wire) = secret.apply_to_wire(&input, &key);
        let statement = ShuffleStatement {
            key: &key,
            input: &input,
            input_wire: &input_wire,
            output: &output,
            output_wire: &output_wire,
        };
        let proof = prove_shuffle(&mut Transcript::new(b"a"), &statement, &secret, &mut rng);
        assert_eq!(verify_shuffle(&mut Transcript::new(b"a"), &statement, &proof, &mut rng), Ok(()));
        let other_point = RistrettoPoint::random(&mut rng).compress().to_bytes();
        let other_scalar = Scalar::random(&mut rng).to_bytes();
        let mut variants: Vec<ShuffleProof> = Vec::new();
        for i in 0..size {
            let mut p = proof.clone();
            p.permutation_commitments[i] = other_point;
            variants.push(p);
            let mut p = proof.clone();
            p.chain[i] = other_point;
            variants.push(p);
            let mut p = proof.clone();
            p.t_chain[i] = other_point;
            variants.push(p);
            let mut p = proof.clone();
            p.s_chain[i] = other_scalar;
            variants.push(p);
            let mut p = proof.clone();
            p.s_items[i] = other_scalar;
            variants.push(p);
        }
        for k in 0..5 {
            let mut p = proof.clone();
            p.t[k] = other_point;
            variants.push(p);
        }
        for k in 0..4 {
            let mut p = proof.clone();
            p.s[k] = other_scalar;
            variants.push(p);
        }
        for (n, variant) in variants.iter().enumerate() {
            assert!(verify_shuffle(&mut Transcript::new(b"a"), &statement, variant, &mut rng).is_err(), "variant {n}");
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
    fn reproduction_is_checked_exactly() {
        let mut rng = ChaCha20Rng::seed_from_u64(9);
        let (key, input, _) = setup(7, &mut rng);
        let secret = ShuffleSecret::derive(&[5; 32], b"test", 0, 7);
        let mut output = secret.apply(&input, &key);
        assert!(secret.reproduces(&input, &output, &key, [1; 32]));
        let other = ShuffleSecret::derive(&[6; 32], b"test", 0, 7);
        assert!(!other.reproduces(&input, &output, &key, [1; 32]));
        output.swap(0, 1);
        assert!(!secret.reproduces(&input, &output, &key, [1; 32]));
        assert!(!secret.reproduces(&input, &output[1..], &key, [1; 32]));
    }

    #[test]
    fn derived_shuffles_are_permutations() {
        for size in [0, 1, 24, 53] {
            let secret = ShuffleSecret::derive(&[9; 32], b"test", 3, size);
            let mut sorted = secret.permutation.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, (0..size as u16).collect::<Vec<u16>>());
            assert_eq!(secret.masks.len(), size);
        }
    }
}

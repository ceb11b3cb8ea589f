//! The small proofs: a Schnorr proof of knowledge of a seat's secret key (no rogue keys), and a
//! Chaum-Pedersen proof that a batch of decryption tokens all use the sender's key (no wrong
//! tokens), folded into one proof per message with weights drawn from the transcript.

use crate::group::{decompress, scalar_from_wire, WirePoint, WireScalar};
use crate::transcript::{append_point, challenge_scalar};
use curve25519_dalek::constants::RISTRETTO_BASEPOINT_TABLE;
use curve25519_dalek::ristretto::RistrettoPoint;
use curve25519_dalek::scalar::Scalar;
use curve25519_dalek::traits::VartimeMultiscalarMul;
use merlin::Transcript;
use rand_core::{CryptoRng, RngCore};
use serde::{Deserialize, Serialize};
use zeroize::Zeroize;

/// Schnorr proof of knowledge of `sk` with `pk = sk·G`, as `(R, s)` with `s·G = R + c·pk`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct KeyProof {
    pub commitment: WirePoint,
    pub response: WireScalar,
}

pub fn prove_key<R: RngCore + CryptoRng>(
    transcript: &mut Transcript,
    secret: &Scalar,
    public: &WirePoint,
    rng: &mut R,
) -> KeyProof {
    append_point(transcript, b"pk", public);
    let mut nonce_rng = transcript.build_rng().rekey_with_witness_bytes(b"sk", secret.as_bytes()).finalize(rng);
    let mut nonce = Scalar::random(&mut nonce_rng);
    let commitment = (RISTRETTO_BASEPOINT_TABLE * &nonce).compress().to_bytes();
    append_point(transcript, b"R", &commitment);
    let challenge = challenge_scalar(transcript, b"c");
    let proof = KeyProof { commitment, response: (nonce + challenge * secret).to_bytes() };
    nonce.zeroize();
    proof
}

pub fn verify_key(
    transcript: &mut Transcript,
    public: &RistrettoPoint,
    public_wire: &WirePoint,
    proof: &KeyProof,
) -> bool {
    append_point(transcript, b"pk", public_wire);
    append_point(transcript, b"R", &proof.commitment);
    let challenge = challenge_scalar(transcript, b"c");
    let (Some(commitment), Some(response)) = (decompress(&proof.commitment), scalar_from_wire(&proof.response)) else {
        return false;
    };
    RistrettoPoint::vartime_double_scalar_mul_basepoint(&-challenge, public, &response) == commitment
}

/// A batched Chaum-Pedersen proof that `T_j = sk·A_j` for every token of a message, where
/// `pk = sk·G`: in `(c, s)` form, the verifier recomputes both commitments.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TokenProof {
    pub challenge: WireScalar,
    pub response: WireScalar,
}

/// Absorbs the statement and draws the folding weights.
fn fold_weights(
    transcript: &mut Transcript,
    public_wire: &WirePoint,
    masks_wire: &[WirePoint],
    tokens_wire: &[WirePoint],
) -> Vec<Scalar> {
    append_point(transcript, b"pk", public_wire);
    transcript.append_u64(b"n", masks_wire.len() as u64);
    for (mask, token) in masks_wire.iter().zip(tokens_wire) {
        append_point(transcript, b"A", mask);
        append_point(transcript, b"T", token);
    }
    let mut bytes = vec![0u8; 16 * masks_wire.len()];
    transcript.challenge_bytes(b"weights", &mut bytes);
    bytes.chunks(16).map(crate::group::short_scalar).collect()
}

fn finish_challenge(transcript: &mut Transcript, first: &RistrettoPoint, second: &RistrettoPoint) -> Scalar {
    append_point(transcript, b"R1", &first.compress().to_bytes());
    append_point(transcript, b"R2", &second.compress().to_bytes());
    challenge_scalar(transcript, b"c")
}

/// The public statement of a batch of tokens (the verifier also needs the decompressed tokens).
#[derive(Clone, Copy, Debug)]
pub struct TokenStatement<'a> {
    pub public_wire: &'a WirePoint,
    /// The ciphertexts' `r·G` parts the tokens were computed from.
    pub masks: &'a [RistrettoPoint],
    pub masks_wire: &'a [WirePoint],
    pub tokens: &'a [RistrettoPoint],
    pub tokens_wire: &'a [WirePoint],
}

/// Proves a batch.
pub fn prove_tokens<R: RngCore + CryptoRng>(
    transcript: &mut Transcript,
    secret: &Scalar,
    statement: &TokenStatement<'_>,
    rng: &mut R,
) -> TokenProof {
    let weights = fold_weights(transcript, statement.public_wire, statement.masks_wire, statement.tokens_wire);
    let folded_mask = RistrettoPoint::vartime_multiscalar_mul(&weights, statement.masks);
    let mut nonce_rng = transcript.build_rng().rekey_with_witness_bytes(b"sk", secret.as_bytes()).finalize(rng);
    let mut nonce = Scalar::random(&mut nonce_rng);
    let first = RISTRETTO_BASEPOINT_TABLE * &nonce;
    let second = folded_mask * nonce;
    let challenge = finish_challenge(transcript, &first, &second);
    let proof = TokenProof { challenge: challenge.to_bytes(), response: (nonce + challenge * secret).to_bytes() };
    nonce.zeroize();
    proof
}

/// Checks a batch: one multiscalar multiplication over all masks and tokens.
pub fn verify_tokens(
    transcript: &mut Transcript,
    public: &RistrettoPoint,
    statement: &TokenStatement<'_>,
    proof: &TokenProof,
) -> bool {
    let count = statement.masks.len();
    if statement.tokens.len() != count || statement.masks_wire.len() != count || statement.tokens_wire.len() != count {
        return false;
    }
    let (Some(challenge), Some(response)) = (scalar_from_wire(&proof.challenge), scalar_from_wire(&proof.response))
    else {
        return false;
    };
    let weights = fold_weights(transcript, statement.public_wire, statement.masks_wire, statement.tokens_wire);
    // R1 = s·G − c·pk; R2 = s·ΣwA − c·ΣwT.
    let first = RistrettoPoint::vartime_double_scalar_mul_basepoint(&-challenge, public, &response);
    let scalars = weights.iter().map(|w| w * response).chain(weights.iter().map(|w| -(w * challenge)));
    let second = RistrettoPoint::vartime_multiscalar_mul(scalars, statement.masks.iter().chain(statement.tokens));
    finish_challenge(transcript, &first, &second) == challenge
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_chacha::rand_core::SeedableRng;
    use rand_chacha::ChaCha20Rng;

    #[test]
    fn key_proof_binds_its_transcript() {
        let mut rng = ChaCha20Rng::seed_from_u64(1);
        let secret = Scalar::random(&mut rng);
        let public = RISTRETTO_BASEPOINT_TABLE * &secret;
        let wire = public.compress().to_bytes();
        let proof = prove_key(&mut Transcript::new(b"a"), &secret, &wire, &mut rng);
        assert!(verify_key(&mut Transcript::new(b"a"), &public, &wire, &proof));
        assert!(!verify_key(&mut Transcript::new(b"b"), &public, &wire, &proof));
    }

    #[test]
    fn token_proof_accepts_right_tokens_only() {
        let mut rng = ChaCha20Rng::seed_from_u64(2);
        let secret = Scalar::random(&mut rng);
        let public = RISTRETTO_BASEPOINT_TABLE * &secret;
        let public_wire = public.compress().to_bytes();
        let masks: Vec<RistrettoPoint> = (0..4).map(|_| RistrettoPoint::random(&mut rng)).collect();
        let masks_wire: Vec<WirePoint> = masks.iter().map(|m| m.compress().to_bytes()).collect();
        let tokens: Vec<RistrettoPoint> = masks.iter().map(|m| m * secret).collect();
        let tokens_wire: Vec<WirePoint> = tokens.iter().map(|t| t.compress().to_bytes()).collect();
        let statement = TokenStatement {
            public_wire: &public_wire,
            masks: &masks,
            masks_wire: &masks_wire,
            tokens: &tokens,
            tokens_wire: &tokens_wire,
        };
        let proof = prove_tokens(&mut Transcript::new(b"t"), &secret, &statement, &mut rng);
        assert!(verify_tokens(&mut Transcript::new(b"t"), &public, &statement, &proof));
        let mut wrong_tokens = tokens.clone();
        wrong_tokens[2] += RistrettoPoint::random(&mut rng);
        let wrong_wire: Vec<WirePoint> = wrong_tokens.iter().map(|t| t.compress().to_bytes()).collect();
        let wrong = TokenStatement { tokens: &wrong_tokens, tokens_wire: &wrong_wire, ..statement };
        assert!(!verify_tokens(&mut Transcript::new(b"t"), &public, &wrong, &proof));
    }
}

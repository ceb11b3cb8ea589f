//! Troef's networking layer: the **private deal protocol** (mental poker) that lets the phones at a
//! table deal, play and audit a hand with no dealer and no server, and the **peer-to-peer tables**
//! that drive it: the table protocol as a pure state machine ([`table`]) under a thin libp2p driver
//! and client handle ([`p2p`], feature `p2p`).
//!
//! The protocol is a pure, transport-free state machine ([`DealSession`]): messages are serde types
//! ([`messages`]), all randomness comes from an RNG the caller passes, and there is no I/O, so the
//! table protocol, the tests and the benchmarks drive it the same way. In short (details in
//! `net/SECURITY.md` and the module docs):
//!
//! * ElGamal on ristretto255 under a joint key; each seat has a fresh key per hand, published with a
//!   Schnorr proof of knowledge ([`proofs`]); every proof's Fiat-Shamir transcript is bound to the
//!   table, hand, seat, message kind and sequence number ([`transcript`]).
//! * Each seat in turn shuffles the deck from a committed seed and proves the shuffle on the spot
//!   with a linear-size permutation-commitment argument (Terelius-Wikström style) verified in one
//!   batched multiscalar multiplication ([`shuffle`]). The same proof covers the re-mix of a hand
//!   before a face-down pass or discard, which the rules core reports as `HandRemixed`.
//! * Cards are dealt, shown and played by decryption tokens with batched Chaum-Pedersen proofs; one
//!   protocol step per visibility event of the rules core ([`session`]).
//! * At the end every seat reveals its key and seed; every device re-runs every shuffle, decrypts
//!   the deck and runs the rules core's audit over the full deal ([`audit`]).

pub mod audit;
pub mod bench;
pub mod group;
#[cfg(feature = "p2p")]
pub mod headless;
pub mod messages;
#[cfg(feature = "p2p")]
pub mod p2p;
pub mod proofs;
pub mod session;
pub mod shuffle;
pub mod simulate;
pub mod table;
pub mod transcript;

pub use audit::audit_rules;
pub use bench::{bench_deal, thread_cpu_time, DealBenchReport};
pub use messages::{Body, Message};
pub use session::{AuditedDeal, DealSession, Detected, Fault, FaultKind, HandParams};
pub use troef_core::{DealLayout, Event, Pile, Place, Slot, SlotSet, Visibility};

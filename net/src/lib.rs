//! Troef's networking layer: the private deal protocol (commit-reveal mental-poker shuffle) and
//! peer-to-peer tables over libp2p. Both arrive with their own issues; until then this crate
//! holds only the seam they build on.
//!
//! The rules core already exposes everything the deal protocol consumes: the deal layout (which
//! deck position goes to which seat or pile, for a game, config and dealer) and the visibility
//! events `apply` emits, each naming cards by deck position. They are re-exported here so that
//! the protocol code depends on one place.

pub use troef_core::{DealLayout, Event, Pile, Place, Slot, SlotSet, Visibility};

//! Fuzzes the table protocol's wire decoders: entries, geneses and the libp2p frames' bodies. Any
//! bytes decode or fail, never panic, never allocate past the limit.
#![no_main]

use libfuzzer_sys::fuzz_target;
use troef_net::table::wire::{decode_limited, Entry, SignedGenesis, MAX_ENTRY_BYTES, MAX_GENESIS_BYTES};

fuzz_target!(|bytes: &[u8]| {
    let _ = Entry::from_bytes(bytes);
    let _ = decode_limited::<SignedGenesis>(bytes, MAX_GENESIS_BYTES);
    let _ = decode_limited::<troef_net::p2p::Request>(bytes, MAX_ENTRY_BYTES);
    let _ = decode_limited::<troef_net::p2p::Response>(bytes, MAX_ENTRY_BYTES);
});

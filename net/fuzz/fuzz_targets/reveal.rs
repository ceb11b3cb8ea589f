//! Fuzzes the `RevealMessage` decoder: any bytes decode or fail, never panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    let _ = troef_net::messages::decode::<troef_net::messages::RevealMessage>(bytes);
});

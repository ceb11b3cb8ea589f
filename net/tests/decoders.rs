//! Acceptance 5: random bytes into every message decoder never panic, and a session fed any
//! decodable message refuses it cleanly or takes it.

use proptest::prelude::*;
use troef_net::messages::{
    decode, KeyAnnouncement, Message, RemixMessage, RevealMessage, ShuffleMessage, TokenMessage,
};
use troef_net::simulate::LocalTable;
use troef_net::HandParams;

fn all_decoders(bytes: &[u8]) {
    let _ = Message::from_bytes(bytes);
    let _ = decode::<KeyAnnouncement>(bytes);
    let _ = decode::<ShuffleMessage>(bytes);
    let _ = decode::<RemixMessage>(bytes);
    let _ = decode::<TokenMessage>(bytes);
    let _ = decode::<RevealMessage>(bytes);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..600)) {
        all_decoders(&bytes);
    }

}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn mutated_real_messages_never_panic(index in any::<prop::sample::Index>(), flips in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..8)) {
        let params = HandParams::new([3; 32], 1, 3, troef_net::bench::synthetic_cards(24));
        let table = LocalTable::new(&params, 1).expect("start");
        let logs: Vec<Message> = table.sessions.iter().flat_map(|s| s.log().iter().cloned()).collect();
        let mut bytes = logs[index.index(logs.len())].to_bytes();
        for (at, value) in flips {
            let at = at.index(bytes.len());
            bytes[at] ^= value;
        }
        all_decoders(&bytes);
        // A decodable mutant goes into a session: it must be refused or taken, never panic.
        if let Ok(message) = Message::from_bytes(&bytes) {
            let mut table = LocalTable::new(&params, 1).expect("start");
            let seat = (message.seat as usize + 1) % 3;
            let mut rng = <rand_chacha::ChaCha20Rng as rand::SeedableRng>::seed_from_u64(2);
            let _ = table.sessions[seat].receive(&message, &mut rng);
        }
    }
}

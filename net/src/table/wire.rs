//! The table protocol's wire types: the table's genesis (what every seat signed up for), the
//! signed, numbered, hash-chained log entries, and the size-limited decoders.
//!
//! **Every entry is signed by the device hosting its seat, numbered and hash-chained per seat**
//! (`seq`, `prev`), and bound to the table id, the hand and the round it belongs to. Decoding never
//! panics and never allocates past [`MAX_ENTRY_BYTES`]: bincode runs with a limit, and lengths are
//! checked before anything is read.

use crate::messages::Message;
use ed25519_dalek::{Signature, Signer, SigningKey, Verifier, VerifyingKey};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;

/// Largest table entry accepted: a deal message (at most [`crate::messages::MAX_MESSAGE_BYTES`])
/// with its envelope.
pub const MAX_ENTRY_BYTES: usize = (1 << 16) + 1024;
/// Largest genesis accepted.
pub const MAX_GENESIS_BYTES: usize = 16 * 1024;
/// The most seats a table has.
pub const MAX_TABLE_SEATS: usize = 8;
/// Longest display or table name, in bytes.
pub const MAX_NAME_BYTES: usize = 64;

const ENTRY_LABEL: &[u8] = b"troef/table/v1/entry";
const GENESIS_LABEL: &[u8] = b"troef/table/v1/genesis";

/// A device's public identity: its ed25519 public key.
pub type PeerKey = [u8; 32];

/// Who sits at a seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatInfo {
    /// The device that hosts the seat and signs its entries.
    pub host: PeerKey,
    /// The player's display name, or the hosting player's name for a bot.
    pub name: String,
    /// `Some(kind)` for a bot the host runs ("bot hosted by `<name>`"), `None` for a person.
    pub bot: Option<String>,
}

impl SeatInfo {
    /// How screens name the seat: the player, or "bot hosted by `<name>`".
    pub fn label(&self) -> String {
        match &self.bot {
            Some(kind) => format!("{kind} bot hosted by {}", self.name),
            None => self.name.clone(),
        }
    }
}

/// What every seat of a table agreed to: the game and its variant, who sits where, how many hands,
/// the seeds. The table id is the hash of its encoding, so a table cannot change under a player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Genesis {
    pub table_name: String,
    pub game: String,
    /// Every config key with its value (validated by the rules core on arrival).
    pub config: BTreeMap<String, String>,
    pub seats: Vec<SeatInfo>,
    /// The host that opened the table.
    pub host: PeerKey,
    /// Hands to play (a new match starts when one ends); 0 plays one match to its end.
    pub hands: u32,
    /// Seeds the first dealer and the bots' decisions (`troef_bots::decision_rng`).
    pub seed: u64,
    /// Makes the table id unique.
    pub nonce: [u8; 32],
}

impl Genesis {
    pub fn table_id(&self) -> [u8; 32] {
        hash(GENESIS_LABEL, &[&encode(self)])
    }

    fn check(&self) -> Result<(), String> {
        if self.seats.len() < 2 || self.seats.len() > MAX_TABLE_SEATS {
            return Err(format!("{} seats", self.seats.len()));
        }
        let names = std::iter::once(&self.table_name).chain(self.seats.iter().map(|seat| &seat.name));
        if names.into_iter().any(|name| name.len() > MAX_NAME_BYTES) {
            return Err("a name is too long".into());
        }
        Ok(())
    }
}

/// The genesis signed by the host that opened the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SignedGenesis {
    pub genesis: Genesis,
    pub signature: Vec<u8>,
}

impl SignedGenesis {
    pub fn sign(genesis: Genesis, key: &SigningKey) -> SignedGenesis {
        let signature = key.sign(&genesis_message(&genesis)).to_bytes().to_vec();
        SignedGenesis { genesis, signature }
    }

    /// Checks the host's signature and the genesis' shape.
    pub fn verify(&self) -> Result<(), String> {
        self.genesis.check()?;
        verify(&self.genesis.host, &genesis_message(&self.genesis), &self.signature)
            .map_err(|_| "the table's genesis is not signed by its host".to_string())
    }
}

fn genesis_message(genesis: &Genesis) -> Vec<u8> {
    let mut bytes = GENESIS_LABEL.to_vec();
    bytes.extend(encode(genesis));
    bytes
}

/// How a hand that cannot go on (a seat lost for good) is settled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Settlement {
    /// The missing seat pays the forfeit of the game's rule (`troef_net::table::forfeit`).
    Forfeit,
    /// The hand counts for nothing.
    Void,
}

/// A game action on the wire. Cards that leave the actor's hand face down are not named: the line
/// writes `#k` for the card at the `k`-th entry of `face_down` (re-mixed positions, which say
/// nothing of the cards); cards that leave it face up are named with their positions in `shown`,
/// so that every peer can place them before it applies the action.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WireAction {
    /// The action in the game's notation (without the seat), face-down cards masked.
    pub line: String,
    /// `(deck position, card)` for every card of the actor's hand this action shows.
    pub shown: Vec<(u8, u8)>,
    /// Deck positions that leave the actor's hand face down, in the line's `#k` order.
    pub face_down: Vec<u8>,
    /// Whether the actor re-mixed its hand first (a face-down pass or discard).
    pub remixed: bool,
}

/// What an entry carries.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Body {
    /// A message of the private deal protocol.
    Deal(Box<Message>),
    /// A game action of the seat (or of the dummy it operates).
    Action(WireAction),
    /// Every other seat's answer to an action that names cards whose positions are not public
    /// (a called card): the cards of its hand the action shows, `(deck position, card)`, empty
    /// when none. Every seat answers, so an answer says no more than the action itself shows.
    Answer { opened: Vec<(u8, u8)> },
    /// The seat asks to settle the hand without `missing`, lost for good.
    Abandon { missing: u8, settlement: Settlement },
}

/// The signed part of an entry.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unsigned {
    pub table_id: [u8; 32],
    pub seat: u8,
    /// The seat's entry counter over the whole table, from 0.
    pub seq: u64,
    /// The hash of the seat's previous entry (zeros for the first).
    pub prev: [u8; 32],
    pub hand: u64,
    /// The hand's round: how many actions the hand had applied when the entry was made.
    pub round: u32,
    pub body: Body,
}

/// One entry of a seat's chain.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    pub unsigned: Unsigned,
    pub signature: Vec<u8>,
}

impl Entry {
    pub fn sign(unsigned: Unsigned, key: &SigningKey) -> Entry {
        let signature = key.sign(&entry_message(&unsigned)).to_bytes().to_vec();
        Entry { unsigned, signature }
    }

    /// Whether `host` signed this entry.
    pub fn verify(&self, host: &PeerKey) -> bool {
        verify(host, &entry_message(&self.unsigned), &self.signature).is_ok()
    }

    /// The entry's hash, which the seat's next entry names as `prev`.
    pub fn hash(&self) -> [u8; 32] {
        hash(ENTRY_LABEL, &[&self.to_bytes()])
    }

    pub fn to_bytes(&self) -> Vec<u8> {
        encode(self)
    }

    pub fn from_bytes(bytes: &[u8]) -> Result<Entry, String> {
        decode_limited(bytes, MAX_ENTRY_BYTES)
    }
}

fn entry_message(unsigned: &Unsigned) -> Vec<u8> {
    let mut bytes = ENTRY_LABEL.to_vec();
    bytes.extend(encode(unsigned));
    bytes
}

fn verify(host: &PeerKey, message: &[u8], signature: &[u8]) -> Result<(), ()> {
    let key = VerifyingKey::from_bytes(host).map_err(|_| ())?;
    let signature: [u8; 64] = signature.try_into().map_err(|_| ())?;
    key.verify(message, &Signature::from_bytes(&signature)).map_err(|_| ())
}

/// SHA-256 of a label and parts, each length-prefixed.
pub fn hash(label: &[u8], parts: &[&[u8]]) -> [u8; 32] {
    let mut hasher = Sha256::new();
    hasher.update((label.len() as u64).to_le_bytes());
    hasher.update(label);
    for part in parts {
        hasher.update((part.len() as u64).to_le_bytes());
        hasher.update(part);
    }
    hasher.finalize().into()
}

fn config<const LIMIT: usize>() -> impl bincode::config::Config {
    bincode::config::standard().with_limit::<LIMIT>()
}

/// Encodes a value for the wire (the encoder's own limit is the frame limit).
pub fn encode<T: Serialize>(value: &T) -> Vec<u8> {
    bincode::serde::encode_to_vec(value, config::<{ 1 << 24 }>()).unwrap_or_default()
}

/// Decodes untrusted bytes under `limit`: longer input is refused before it is read, bincode's
/// own limit bounds every allocation, and trailing bytes are an error.
pub fn decode_limited<T: DeserializeOwned>(bytes: &[u8], limit: usize) -> Result<T, String> {
    if bytes.len() > limit {
        return Err(format!("{} bytes, more than {limit}", bytes.len()));
    }
    // Every length bincode reads is bounded by the input's own length through the limit.
    let (value, used) =
        bincode::serde::decode_from_slice(bytes, config::<{ 1 << 20 }>()).map_err(|error| error.to_string())?;
    if used != bytes.len() {
        return Err("trailing bytes".into());
    }
    Ok(value)
}

/// Decodes a saved file of this device (larger than any message, still bounded).
pub fn decode_saved<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
    let (value, _) =
        bincode::serde::decode_from_slice(bytes, config::<{ 1 << 27 }>()).map_err(|error| error.to_string())?;
    Ok(value)
}

/// The short hex form of a key or hash, for lines and logs.
pub fn short_hex(bytes: &[u8]) -> String {
    hex::encode(&bytes[..bytes.len().min(4)])
}

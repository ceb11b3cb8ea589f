//! A whole table of devices in one process, with no transport: every device's outgoing entries
//! go to every other device through one queue, which can duplicate, reorder and replay them. What
//! the state machine's tests drive (every game, every seat count, faults, crashes).

use super::wire::{Genesis, PeerKey, SeatInfo, SignedGenesis};
use super::{TableEvent, TableFault, TableMachine};
use ed25519_dalek::SigningKey;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeMap;

/// How the queue misbehaves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Chaos {
    /// Deliver every entry twice.
    pub duplicate: bool,
    /// Deliver in a random order.
    pub reorder: bool,
    /// Deliver old entries again now and then.
    pub replay: bool,
}

/// One device: its key, secret and machine.
#[derive(Debug)]
pub struct Device {
    pub key: SigningKey,
    pub secret: [u8; 32],
    pub machine: Option<TableMachine>,
    pub events: Vec<TableEvent>,
}

/// Devices of one table.
#[derive(Debug)]
pub struct LocalTables {
    pub devices: Vec<Device>,
    queue: Vec<(usize, usize, Vec<u8>)>,
    sent: Vec<(usize, Vec<u8>)>,
    pub chaos: Chaos,
    rng: ChaCha8Rng,
    /// Entries delivered.
    pub delivered: usize,
}

/// A device key from a number (tests only).
pub fn test_key(index: u64) -> SigningKey {
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&index.to_le_bytes());
    bytes[8] = 0x5a;
    SigningKey::from_bytes(&bytes)
}

impl LocalTables {
    /// A table of `game` with `config`, one device per entry of `hosts` (the device index hosting
    /// each seat); every seat is played by the baseline bot.
    pub fn new(
        game: &str,
        config: &[(&str, &str)],
        hosts: &[usize],
        hands: u32,
        seed: u64,
    ) -> Result<LocalTables, String> {
        let device_count = hosts.iter().copied().max().map_or(0, |max| max + 1);
        let devices: Vec<Device> = (0..device_count)
            .map(|index| {
                let mut secret = [0u8; 32];
                secret[..8].copy_from_slice(&(seed ^ ((index as u64 + 1) * 0x9e37_79b9)).to_le_bytes());
                Device { key: test_key(seed * 16 + index as u64), secret, machine: None, events: Vec::new() }
            })
            .collect();
        let game_id = troef_core::GameId::parse(game).map_err(|e| e.to_string())?;
        let values = troef_core::with_game!(game_id, G => {
            use troef_core::Game;
            troef_core::ConfigValues::validate(G::config_keys(), config.iter().copied()).map_err(|e| e.to_string())?
        });
        let seats = hosts
            .iter()
            .map(|&host| SeatInfo {
                host: devices[host].key.verifying_key().to_bytes(),
                name: format!("device{host}"),
                bot: Some("baseline".to_string()),
            })
            .collect();
        let genesis = Genesis {
            table_name: "test".into(),
            game: game.into(),
            config: values.map().clone(),
            seats,
            host: devices[0].key.verifying_key().to_bytes(),
            hands,
            seed,
            nonce: [seed as u8; 32],
        };
        let signed = SignedGenesis::sign(genesis, &devices[0].key);
        let mut tables = LocalTables {
            devices,
            queue: Vec::new(),
            sent: Vec::new(),
            chaos: Chaos::default(),
            rng: ChaCha8Rng::seed_from_u64(seed),
            delivered: 0,
        };
        for device in &mut tables.devices {
            device.machine = Some(TableMachine::new(signed.clone(), device.key.clone(), device.secret)?);
        }
        Ok(tables)
    }

    pub fn peer(&self, device: usize) -> PeerKey {
        self.devices[device].key.verifying_key().to_bytes()
    }

    /// Starts every device.
    pub fn start(&mut self) -> Result<(), TableFault> {
        for index in 0..self.devices.len() {
            if let Some(machine) = self.devices[index].machine.as_mut() {
                machine.start()?;
            }
            self.collect(index);
        }
        Ok(())
    }

    /// Queues a device's outbox for every other device and keeps its events.
    pub fn collect(&mut self, from: usize) {
        let Some(machine) = self.devices[from].machine.as_mut() else { return };
        machine.prune();
        let out = machine.take_outbox();
        let events = machine.take_events();
        self.devices[from].events.extend(events);
        for entry in out {
            let bytes = entry.to_bytes();
            self.sent.push((from, bytes.clone()));
            for to in 0..self.devices.len() {
                if to != from {
                    self.queue.push((from, to, bytes.clone()));
                    if self.chaos.duplicate {
                        self.queue.push((from, to, bytes.clone()));
                    }
                }
            }
        }
    }

    /// Sends raw bytes as if `from` had sent them to every other device.
    pub fn inject(&mut self, from: usize, bytes: Vec<u8>) {
        for to in 0..self.devices.len() {
            if to != from {
                self.queue.push((from, to, bytes.clone()));
            }
        }
    }

    /// Delivers one queued message; `false` when the queue is empty.
    pub fn step(&mut self) -> Result<bool, (usize, TableFault)> {
        if self.queue.is_empty() {
            return Ok(false);
        }
        let index = if self.chaos.reorder { self.rng.gen_range(0..self.queue.len()) } else { 0 };
        let (from, to, bytes) = self.queue.remove(index);
        if self.chaos.replay && !self.sent.is_empty() && self.rng.gen_range(0..20) == 0 {
            let (old_from, old) = self.sent[self.rng.gen_range(0..self.sent.len())].clone();
            if old_from != to {
                self.queue.push((old_from, to, old));
            }
        }
        let peer = self.peer(from);
        self.delivered += 1;
        let result = match self.devices[to].machine.as_mut() {
            Some(machine) => machine.receive(peer, &bytes),
            None => Ok(()),
        };
        self.collect(to);
        result.map(|_| true).map_err(|fault| (to, fault))
    }

    /// Delivers until the queue is empty or `limit` deliveries.
    pub fn run(&mut self, limit: usize) -> Result<(), (usize, TableFault)> {
        for _ in 0..limit {
            if !self.step()? {
                return Ok(());
            }
        }
        Ok(())
    }

    /// Every device's log hash and scores (they must all agree).
    pub fn outcomes(&self) -> BTreeMap<usize, ([u8; 32], troef_core::game::ScoreSheet)> {
        self.devices
            .iter()
            .enumerate()
            .filter_map(|(index, device)| {
                device.machine.as_ref().map(|machine| (index, (machine.log_hash(), machine.scores())))
            })
            .collect()
    }

    /// Drops a device's queued incoming messages (it is offline) and its machine (a crash).
    pub fn crash(&mut self, device: usize) -> Option<super::SavedTable> {
        let saved = self.devices[device].machine.as_ref().map(TableMachine::save);
        self.devices[device].machine = None;
        self.queue.retain(|(_, to, _)| *to != device);
        saved
    }

    /// Restarts a crashed device from its save and has it catch up from every other device.
    pub fn restart(&mut self, device: usize, saved: super::SavedTable) -> Result<(), String> {
        let machine = TableMachine::restore(saved, self.devices[device].key.clone(), self.devices[device].secret)?;
        self.devices[device].machine = Some(machine);
        self.sync(device);
        Ok(())
    }

    /// `device` asks every other device for what it misses, and they for what it has.
    pub fn sync(&mut self, device: usize) {
        let Some(heads) = self.devices[device].machine.as_ref().map(TableMachine::heads) else { return };
        for other in 0..self.devices.len() {
            if other == device {
                continue;
            }
            let Some(machine) = self.devices[other].machine.as_ref() else { continue };
            for entry in machine.entries_after(&heads, usize::MAX) {
                self.queue.push((other, device, entry.to_bytes()));
            }
            let their = machine.heads();
            if let Some(mine) = self.devices[device].machine.as_ref() {
                for entry in mine.entries_after(&their, usize::MAX) {
                    self.queue.push((device, other, entry.to_bytes()));
                }
            }
        }
    }
}

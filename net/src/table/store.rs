//! The saved state of a device: its identity and secret (once per install) and each table it
//! sits at, in a data directory. **Every write is atomic**: the bytes go to a temporary file,
//! which is flushed to disk and renamed over the old file, and the directory is synced, so a
//! crash leaves either the old state or the new one, never a torn file.

use super::wire::{decode_saved, encode};
use super::SavedTable;
use ed25519_dalek::SigningKey;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

/// A device's data directory.
#[derive(Clone, Debug)]
pub struct Store {
    dir: PathBuf,
}

/// Writes `bytes` to `path` atomically (temporary file, fsync, rename, directory fsync).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    fs::create_dir_all(dir)?;
    let temporary = path.with_extension("tmp");
    {
        let mut file = fs::File::create(&temporary)?;
        file.write_all(bytes)?;
        file.sync_all()?;
    }
    fs::rename(&temporary, path)?;
    fs::File::open(dir)?.sync_all()
}

impl Store {
    pub fn new(dir: impl Into<PathBuf>) -> std::io::Result<Store> {
        let dir = dir.into();
        fs::create_dir_all(&dir)?;
        Ok(Store { dir })
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The device's identity key and per-hand secret, made on first use and kept.
    pub fn identity(&self) -> std::io::Result<(SigningKey, [u8; 32])> {
        let path = self.dir.join("identity.key");
        if let Ok(bytes) = fs::read(&path) {
            if bytes.len() == 64 {
                let mut key = [0u8; 32];
                let mut secret = [0u8; 32];
                key.copy_from_slice(&bytes[..32]);
                secret.copy_from_slice(&bytes[32..]);
                return Ok((SigningKey::from_bytes(&key), secret));
            }
            return Err(std::io::Error::other(format!("{} is damaged", path.display())));
        }
        let mut bytes = [0u8; 64];
        rand_core::OsRng.fill_bytes_checked(&mut bytes)?;
        write_atomic(&path, &bytes)?;
        self.identity()
    }

    fn table_path(&self, table_id: &[u8; 32]) -> PathBuf {
        self.dir.join("tables").join(format!("{}.table", hex::encode(table_id)))
    }

    pub fn save_table(&self, table_id: &[u8; 32], saved: &SavedTable) -> std::io::Result<()> {
        write_atomic(&self.table_path(table_id), &encode(saved))
    }

    /// The saved tables, newest first.
    pub fn tables(&self) -> Vec<SavedTable> {
        let Ok(read) = fs::read_dir(self.dir.join("tables")) else { return Vec::new() };
        let mut found: Vec<(std::time::SystemTime, SavedTable)> = read
            .flatten()
            .filter(|entry| entry.path().extension().is_some_and(|ext| ext == "table"))
            .filter_map(|entry| {
                let modified = entry.metadata().and_then(|m| m.modified()).ok()?;
                let bytes = fs::read(entry.path()).ok()?;
                let saved = decode_saved::<SavedTable>(&bytes).ok()?;
                Some((modified, saved))
            })
            .collect();
        found.sort_by_key(|(modified, _)| std::cmp::Reverse(*modified));
        found.into_iter().map(|(_, saved)| saved).collect()
    }
}

trait FillChecked {
    fn fill_bytes_checked(&mut self, bytes: &mut [u8]) -> std::io::Result<()>;
}

impl FillChecked for rand_core::OsRng {
    fn fill_bytes_checked(&mut self, bytes: &mut [u8]) -> std::io::Result<()> {
        rand_core::RngCore::try_fill_bytes(self, bytes).map_err(std::io::Error::other)
    }
}

//! Saving: the game in progress, the match history and the settings, written after every action
//! to a key-value [`Store`] (browser localStorage on the web, files in the app data directory on
//! desktop and phones, memory in tests).
//!
//! **A save that cannot be read is never dropped silently**: it is moved aside under a
//! `troef.damaged.N` key, the player is told, and the rest of the saved state stays as it was.

use crate::i18n::Lang;
use crate::session::ScoreEntry;
use crate::setup::{BotLevel, GameSetup};
use serde::{Deserialize, Serialize};
use std::cell::RefCell;
use std::collections::BTreeMap;
use troef_core::record::HandRecord;

/// Bumped when the save format changes incompatibly.
pub const SAVE_FORMAT: u32 = 1;

pub const GAME_KEY: &str = "troef.game";
pub const HISTORY_KEY: &str = "troef.history";
pub const SETTINGS_KEY: &str = "troef.settings";
const DAMAGED_PREFIX: &str = "troef.damaged.";
/// The history keeps this many matches (oldest dropped first).
pub const HISTORY_LIMIT: usize = 200;

/// A key-value store of text.
pub trait Store {
    fn load(&self, key: &str) -> Result<Option<String>, String>;
    fn save(&self, key: &str, value: &str) -> Result<(), String>;
    fn remove(&self, key: &str) -> Result<(), String>;
    /// Every key present (to find a free `troef.damaged.N`).
    fn keys(&self) -> Result<Vec<String>, String>;
}

/// A game in progress: its setup, the finished hands of the match, and the current hand (its deal
/// and every action so far). Resuming replays them through the rules core.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedGame {
    pub format: u32,
    pub setup: GameSetup,
    /// Finished hands in order, each with the match scores before it.
    pub hands: Vec<HandRecord>,
    /// The hand being played (a partial record: the deal and the actions so far).
    pub current: HandRecord,
}

/// One finished match, for the history screen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchSummary {
    pub game: String,
    pub players: Vec<String>,
    pub hands: u32,
    pub result: String,
    pub totals: Vec<SummaryEntry>,
    /// Milliseconds since 1970 when the match ended.
    pub finished_at_ms: u64,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SummaryEntry {
    pub label: String,
    pub value: i64,
}

impl From<&ScoreEntry> for SummaryEntry {
    fn from(entry: &ScoreEntry) -> SummaryEntry {
        SummaryEntry { label: entry.label.clone(), value: entry.value }
    }
}

/// How fast bots play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BotSpeed {
    Relaxed,
    Normal,
    Fast,
}

impl BotSpeed {
    pub const ALL: [BotSpeed; 3] = [BotSpeed::Relaxed, BotSpeed::Normal, BotSpeed::Fast];

    /// Pause before a bot's action, and after a completed trick, in milliseconds.
    pub fn pauses_ms(self) -> (u32, u32) {
        match self {
            BotSpeed::Relaxed => (1100, 1800),
            BotSpeed::Normal => (650, 1200),
            BotSpeed::Fast => (120, 250),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            BotSpeed::Relaxed => "relaxed",
            BotSpeed::Normal => "normal",
            BotSpeed::Fast => "fast",
        }
    }
}

/// How cards are drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CardStyle {
    /// Pips laid out as on a printed deck, court cards with their figures.
    Classic,
    /// A large corner index and one large pip: readable on a small screen and in a tight fan.
    #[default]
    LargeIndex,
}

impl CardStyle {
    pub const ALL: [CardStyle; 2] = [CardStyle::Classic, CardStyle::LargeIndex];

    pub fn name(self) -> &'static str {
        match self {
            CardStyle::Classic => "classic",
            CardStyle::LargeIndex => "large-index",
        }
    }
}

/// Light or dark screens.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Theme {
    #[default]
    Light,
    Dark,
}

impl Theme {
    pub const ALL: [Theme; 2] = [Theme::Light, Theme::Dark];

    pub fn name(self) -> &'static str {
        match self {
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// The name the player's seat gets in a new game.
    pub name: String,
    pub language: Lang,
    pub bot_speed: BotSpeed,
    /// The level of the bots a new game seats.
    pub bot_level: BotLevel,
    pub card_style: CardStyle,
    /// Four suit colours (black spades, red hearts, blue diamonds, green clubs), the default:
    /// told apart by colour-blind players and at a glance. Off: the classic red and black.
    pub four_colours: bool,
    pub theme: Theme,
    pub sound: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            name: String::new(),
            language: Lang::default(),
            bot_speed: BotSpeed::Normal,
            bot_level: BotLevel::Normal,
            card_style: CardStyle::default(),
            four_colours: true,
            theme: Theme::default(),
            sound: true,
        }
    }
}

/// What loading found.
#[derive(Debug, Default)]
pub struct Loaded {
    pub game: Option<SavedGame>,
    pub history: Vec<MatchSummary>,
    pub settings: Settings,
    /// One sentence per damaged save that was set aside.
    pub notices: Vec<String>,
}

/// Reads everything saved. A damaged entry is set aside (and reported) instead of lost.
pub fn load_all(store: &dyn Store) -> Loaded {
    let mut loaded = Loaded::default();
    loaded.game =
        load_entry::<SavedGame>(store, GAME_KEY, "the game in progress", &mut loaded.notices).filter(|game| {
            game.format == SAVE_FORMAT
                || set_aside_value(store, GAME_KEY, "the game in progress (a newer save format)", &mut loaded.notices)
        });
    loaded.history = load_entry::<Vec<MatchSummary>>(store, HISTORY_KEY, "the match history", &mut loaded.notices)
        .unwrap_or_default();
    loaded.settings =
        load_entry::<Settings>(store, SETTINGS_KEY, "the settings", &mut loaded.notices).unwrap_or_default();
    loaded
}

fn load_entry<T: serde::de::DeserializeOwned>(
    store: &dyn Store,
    key: &str,
    what: &str,
    notices: &mut Vec<String>,
) -> Option<T> {
    let text = match store.load(key) {
        Ok(Some(text)) => text,
        Ok(None) => return None,
        Err(error) => {
            notices.push(format!("Could not read {what}: {error}."));
            return None;
        }
    };
    match serde_json::from_str(&text) {
        Ok(value) => Some(value),
        Err(error) => {
            let detail = format!("{what} could not be read ({error})");
            set_aside_value(store, key, &detail, notices);
            None
        }
    }
}

/// Moves the value under `key` to a free `troef.damaged.N` key and records a notice. Returns false
/// (for use in a filter).
fn set_aside_value(store: &dyn Store, key: &str, what: &str, notices: &mut Vec<String>) -> bool {
    match set_aside(store, key) {
        Ok(Some(kept)) => notices.push(format!("{} It was kept aside as {kept}.", capitalise(what))),
        Ok(None) => {}
        Err(error) => {
            notices.push(format!("{} Setting it aside failed: {error}; it was left in place.", capitalise(what)))
        }
    }
    false
}

/// Moves a value to the first free damaged key; returns that key.
pub fn set_aside(store: &dyn Store, key: &str) -> Result<Option<String>, String> {
    let Some(text) = store.load(key)? else { return Ok(None) };
    let keys = store.keys()?;
    let free =
        (1..).map(|n| format!("{DAMAGED_PREFIX}{n}")).find(|candidate| !keys.contains(candidate)).unwrap_or_default();
    store.save(&free, &text)?;
    store.remove(key)?;
    Ok(Some(free))
}

/// Sets aside a game whose save reads but no longer replays (a rules change, a damaged deal).
pub fn set_aside_game(store: &dyn Store, reason: &str) -> String {
    let mut notices = Vec::new();
    set_aside_value(store, GAME_KEY, &format!("the game in progress could not be resumed ({reason})."), &mut notices);
    notices.join(" ")
}

pub fn save_game(store: &dyn Store, game: &SavedGame) -> Result<(), String> {
    let text = serde_json::to_string(game).map_err(|error| error.to_string())?;
    store.save(GAME_KEY, &text)
}

pub fn clear_game(store: &dyn Store) -> Result<(), String> {
    store.remove(GAME_KEY)
}

pub fn save_history(store: &dyn Store, history: &[MatchSummary]) -> Result<(), String> {
    let start = history.len().saturating_sub(HISTORY_LIMIT);
    let text = serde_json::to_string(&history[start..]).map_err(|error| error.to_string())?;
    store.save(HISTORY_KEY, &text)
}

pub fn save_settings(store: &dyn Store, settings: &Settings) -> Result<(), String> {
    let text = serde_json::to_string(settings).map_err(|error| error.to_string())?;
    store.save(SETTINGS_KEY, &text)
}

fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map(|first| first.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

/// A store in memory (tests, and the fallback when no storage is available).
#[derive(Debug, Default)]
pub struct MemoryStore {
    values: RefCell<BTreeMap<String, String>>,
}

impl Store for MemoryStore {
    fn load(&self, key: &str) -> Result<Option<String>, String> {
        Ok(self.values.borrow().get(key).cloned())
    }

    fn save(&self, key: &str, value: &str) -> Result<(), String> {
        self.values.borrow_mut().insert(key.to_string(), value.to_string());
        Ok(())
    }

    fn remove(&self, key: &str) -> Result<(), String> {
        self.values.borrow_mut().remove(key);
        Ok(())
    }

    fn keys(&self) -> Result<Vec<String>, String> {
        Ok(self.values.borrow().keys().cloned().collect())
    }
}

/// Files in a directory, one per key, each written whole through a temporary file and a rename
/// (so a crash mid-write leaves the previous save).
#[derive(Debug)]
pub struct FileStore {
    dir: std::path::PathBuf,
}

impl FileStore {
    pub fn new(dir: std::path::PathBuf) -> FileStore {
        FileStore { dir }
    }

    fn path(&self, key: &str) -> std::path::PathBuf {
        let safe: String = key.chars().map(|c| if c.is_ascii_alphanumeric() || c == '.' { c } else { '_' }).collect();
        self.dir.join(format!("{safe}.json"))
    }
}

impl Store for FileStore {
    fn load(&self, key: &str) -> Result<Option<String>, String> {
        match std::fs::read_to_string(self.path(key)) {
            Ok(text) => Ok(Some(text)),
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(error) => Err(error.to_string()),
        }
    }

    fn save(&self, key: &str, value: &str) -> Result<(), String> {
        std::fs::create_dir_all(&self.dir).map_err(|error| error.to_string())?;
        let path = self.path(key);
        let temporary = path.with_extension("json.tmp");
        std::fs::write(&temporary, value).map_err(|error| error.to_string())?;
        std::fs::rename(&temporary, &path).map_err(|error| error.to_string())
    }

    fn remove(&self, key: &str) -> Result<(), String> {
        match std::fs::remove_file(self.path(key)) {
            Err(error) if error.kind() != std::io::ErrorKind::NotFound => Err(error.to_string()),
            _ => Ok(()),
        }
    }

    fn keys(&self) -> Result<Vec<String>, String> {
        let entries = match std::fs::read_dir(&self.dir) {
            Ok(entries) => entries,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(error) => return Err(error.to_string()),
        };
        Ok(entries
            .filter_map(Result::ok)
            .filter_map(|entry| {
                entry.file_name().to_str().and_then(|name| name.strip_suffix(".json")).map(str::to_string)
            })
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_damaged_game_is_set_aside_and_reported_and_the_rest_loads() {
        let store = MemoryStore::default();
        store.save(GAME_KEY, "{ not json").unwrap();
        save_settings(&store, &Settings { bot_speed: BotSpeed::Fast, four_colours: false, ..Settings::default() })
            .unwrap();
        let loaded = load_all(&store);
        assert!(loaded.game.is_none());
        assert_eq!(loaded.settings.bot_speed, BotSpeed::Fast);
        assert_eq!(loaded.notices.len(), 1, "{:?}", loaded.notices);
        assert!(loaded.notices[0].contains("troef.damaged.1"));
        assert_eq!(store.load("troef.damaged.1").unwrap().as_deref(), Some("{ not json"));
        assert_eq!(store.load(GAME_KEY).unwrap(), None);
        // A second damaged save takes the next free key and keeps the first.
        store.save(HISTORY_KEY, "[1, 2").unwrap();
        let again = load_all(&store);
        assert!(again.notices[0].contains("troef.damaged.2"), "{:?}", again.notices);
        assert_eq!(store.load("troef.damaged.1").unwrap().as_deref(), Some("{ not json"));
    }

    #[test]
    fn file_store_round_trips_and_lists_keys() {
        let dir = std::env::temp_dir().join(format!("troef-app-store-{}", std::process::id()));
        let store = FileStore::new(dir.clone());
        assert_eq!(store.load("troef.game").unwrap(), None);
        store.save("troef.game", "{}").unwrap();
        assert_eq!(store.load("troef.game").unwrap().as_deref(), Some("{}"));
        assert_eq!(store.keys().unwrap(), vec!["troef.game".to_string()]);
        store.remove("troef.game").unwrap();
        store.remove("troef.game").unwrap();
        assert_eq!(store.load("troef.game").unwrap(), None);
        std::fs::remove_dir_all(dir).ok();
    }
}

//! Variant configs: the keys each game declares, their allowed values and defaults, and the one
//! validator that turns `KEY=VALUE` text into a complete, checked set of values.
//!
//! Records store the full set of values (every key, defaults included) so a record stays readable
//! and replays the same even if a default changes later.

use std::collections::BTreeMap;
use std::fmt;

/// What values a key takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyKind {
    /// One of these words (numbers written as words too, e.g. `"31"`).
    Choice(&'static [&'static str]),
    /// An integer in `min..=max` that is a multiple of `step`.
    Integer { min: i64, max: i64, step: i64 },
    /// A non-empty set of these words, written comma-separated (`a,c`); stored in the listed
    /// order.
    Subset(&'static [&'static str]),
}

/// One variant key of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ConfigKey {
    pub name: &'static str,
    pub kind: KeyKind,
    pub default: &'static str,
    pub help: &'static str,
}

impl ConfigKey {
    /// The allowed values as one line: `31, 41, 61` or `integer 0..104`.
    pub fn allowed(&self) -> String {
        match self.kind {
            KeyKind::Choice(values) => values.join(", "),
            KeyKind::Integer { min, max, step: 1 } => format!("integer {min}..{max}"),
            KeyKind::Integer { min, max, step } => format!("integer {min}..{max}, multiple of {step}"),
            KeyKind::Subset(values) => format!("a non-empty comma-separated subset of {}", values.join(", ")),
        }
    }

    /// A few values that span the key: every choice, or the minimum, a middle value and the maximum.
    pub fn sample_values(&self) -> Vec<String> {
        match self.kind {
            KeyKind::Choice(values) => values.iter().map(|v| v.to_string()).collect(),
            KeyKind::Subset(values) => {
                // The whole set, then each word alone.
                let mut samples = vec![values.join(",")];
                if values.len() > 1 {
                    samples.extend(values.iter().map(|v| v.to_string()));
                }
                samples
            }
            KeyKind::Integer { min, max, step } => {
                let middle = (min + (max - min) / 2) / step * step;
                let mut values = vec![min, middle.max(min), max / step * step];
                values.dedup();
                values.into_iter().map(|v| v.to_string()).collect()
            }
        }
    }

    fn check(&self, value: &str) -> Result<String, ConfigError> {
        let bad = || ConfigError::BadValue {
            key: self.name.to_string(),
            value: value.chars().take(32).collect(),
            allowed: self.allowed(),
        };
        match self.kind {
            KeyKind::Choice(values) => values
                .iter()
                .find(|allowed| allowed.eq_ignore_ascii_case(value.trim()))
                .map(|allowed| allowed.to_string())
                .ok_or_else(bad),
            KeyKind::Subset(values) => {
                let mut chosen = vec![false; values.len()];
                for word in value.split(',') {
                    let index =
                        values.iter().position(|allowed| allowed.eq_ignore_ascii_case(word.trim())).ok_or_else(bad)?;
                    chosen[index] = true;
                }
                let words: Vec<&str> =
                    values.iter().zip(&chosen).filter(|(_, &on)| on).map(|(word, _)| *word).collect();
                if words.is_empty() {
                    return Err(bad());
                }
                Ok(words.join(","))
            }
            KeyKind::Integer { min, max, step } => {
                let number: i64 = value.trim().parse().map_err(|_| bad())?;
                if number < min || number > max || number % step != 0 {
                    return Err(bad());
                }
                Ok(number.to_string())
            }
        }
    }
}

/// A bad config: an unknown key or a value outside the allowed ones. The message lists the
/// valid keys or values.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    #[error("unknown variant key {key:?} (valid keys: {valid})")]
    UnknownKey { key: String, valid: String },
    #[error("bad value {value:?} for {key} (allowed: {allowed})")]
    BadValue { key: String, value: String, allowed: String },
    #[error("bad variant setting {0:?} (expected KEY=VALUE)")]
    Malformed(String),
}

/// A complete, validated set of values, one per key of the game.
#[derive(Clone, PartialEq, Eq, Default)]
pub struct ConfigValues(BTreeMap<String, String>);

impl fmt::Debug for ConfigValues {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.0.iter()).finish()
    }
}

impl ConfigValues {
    /// Validates `settings` against `keys`; missing keys take their defaults.
    pub fn validate<'a>(
        keys: &[ConfigKey],
        settings: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<ConfigValues, ConfigError> {
        let mut values: BTreeMap<String, String> =
            keys.iter().map(|key| (key.name.to_string(), key.default.to_string())).collect();
        for (name, value) in settings {
            let key = keys.iter().find(|key| key.name == name.trim()).ok_or_else(|| ConfigError::UnknownKey {
                key: name.chars().take(40).collect(),
                valid: keys.iter().map(|key| key.name).collect::<Vec<_>>().join(", "),
            })?;
            values.insert(key.name.to_string(), key.check(value)?);
        }
        Ok(ConfigValues(values))
    }

    /// Parses `KEY=VALUE` settings (as given on the command line) and validates them.
    pub fn parse_settings(keys: &[ConfigKey], settings: &[String]) -> Result<ConfigValues, ConfigError> {
        let pairs = settings
            .iter()
            .map(|setting| setting.split_once('=').ok_or_else(|| ConfigError::Malformed(setting.clone())))
            .collect::<Result<Vec<_>, _>>()?;
        ConfigValues::validate(keys, pairs)
    }

    /// The value of a key; every key is present after validation.
    pub fn get(&self, key: &str) -> &str {
        self.0.get(key).map(String::as_str).unwrap_or("")
    }

    /// The value of an integer key (or a choice whose words are numbers).
    pub fn int(&self, key: &str) -> i64 {
        self.get(key).parse().unwrap_or(0)
    }

    /// Whether a choice key is set to `value`.
    pub fn is(&self, key: &str, value: &str) -> bool {
        self.get(key) == value
    }

    pub fn map(&self) -> &BTreeMap<String, String> {
        &self.0
    }
}

//! What a table is set up with before the first deal: the game, its variant config, and who sits
//! where (a person on this phone, or a bot with a level). Saved with the game, so a resumed game
//! keeps its seats.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use troef_core::{ConfigValues, Game, GameId, Seat};

/// How strong a bot plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BotLevel {
    Easy,
    Normal,
    Strong,
}

impl BotLevel {
    pub const ALL: [BotLevel; 3] = [BotLevel::Easy, BotLevel::Normal, BotLevel::Strong];

    pub fn name(self) -> &'static str {
        match self {
            BotLevel::Easy => "easy",
            BotLevel::Normal => "normal",
            BotLevel::Strong => "strong",
        }
    }

    pub fn parse(text: &str) -> Option<BotLevel> {
        BotLevel::ALL.into_iter().find(|level| level.name() == text)
    }
}

/// Who plays a seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum SeatKind {
    /// A person holding this phone (more than one means pass-and-play).
    Person,
    Bot {
        level: BotLevel,
    },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatSetup {
    pub name: String,
    #[serde(flatten)]
    pub kind: SeatKind,
}

impl SeatSetup {
    pub fn is_person(&self) -> bool {
        self.kind == SeatKind::Person
    }
}

/// A table before its first deal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameSetup {
    /// The game's record name (`tarneeb`).
    pub game: String,
    /// Every variant key with its value (as a record stores it).
    pub config: BTreeMap<String, String>,
    /// One entry per seat, seat 0 first.
    pub seats: Vec<SeatSetup>,
    /// Seeds the deals and the bots' decisions: the same seed plays the same match.
    pub seed: u64,
}

/// Longest player name kept (longer names are cut).
pub const MAX_NAME_CHARS: usize = 16;

/// The name of a dummy seat (a seat that never deals, played by the others).
pub const DUMMY_NAME: &str = "Dummy";

/// Default names for the other seats.
const BOT_NAMES: [&str; 4] = ["Anna", "Bram", "Carla", "Daan"];

impl GameSetup {
    pub fn game_id(&self) -> Result<GameId, String> {
        GameId::parse(&self.game).map_err(|error| error.to_string())
    }

    /// The validated config values of `G` (bad keys or values are an error naming them).
    pub fn values<G: Game>(&self) -> Result<ConfigValues, String> {
        let values = ConfigValues::validate(
            G::config_keys(),
            self.config.iter().map(|(key, value)| (key.as_str(), value.as_str())),
        )
        .map_err(|error| error.to_string())?;
        G::check_config(&values).map_err(|error| error.to_string())?;
        Ok(values)
    }

    /// The usual table: you in seat 0, bots at normal level elsewhere, default variant.
    pub fn default_for<G: Game>(seed: u64) -> GameSetup {
        let values = ConfigValues::validate(G::config_keys(), []).unwrap_or_default();
        let seats = G::seat_count(&G::config(&values));
        GameSetup { game: G::ID.name().to_string(), config: values.map().clone(), seats: default_seats(seats), seed }
    }

    /// Cleans names (trimmed, cut, never empty) and checks the seat count against the config.
    pub fn normalise<G: Game>(&mut self) -> Result<(), String> {
        let values = self.values::<G>()?;
        self.config = values.map().clone();
        let seats = G::seat_count(&G::config(&values)) as usize;
        if self.seats.len() != seats {
            return Err(format!(
                "{} with these settings has {seats} seats, the table has {}",
                G::ID.title(),
                self.seats.len()
            ));
        }
        let dealers = G::dealer_seats(&G::config(&values));
        for (index, seat) in self.seats.iter_mut().enumerate() {
            if dealers & (1 << index) == 0 {
                // A seat that never deals is a dummy (Rikken's René or blind): the others play it.
                *seat = SeatSetup { name: DUMMY_NAME.to_string(), kind: SeatKind::Bot { level: BotLevel::Normal } };
                continue;
            }
            let name: String = seat.name.trim().chars().take(MAX_NAME_CHARS).collect();
            seat.name = if name.is_empty() { default_name(index) } else { name };
        }
        Ok(())
    }

    pub fn seat(&self, seat: Seat) -> Option<&SeatSetup> {
        self.seats.get(seat.index())
    }

    /// The seats people play, as seat bits.
    pub fn person_seats(&self) -> u8 {
        self.seats.iter().enumerate().filter(|(_, seat)| seat.is_person()).fold(0, |bits, (index, _)| bits | 1 << index)
    }
}

pub fn default_name(index: usize) -> String {
    if index == 0 {
        "You".to_string()
    } else {
        BOT_NAMES[(index - 1) % BOT_NAMES.len()].to_string()
    }
}

/// You in seat 0, bots elsewhere.
pub fn default_seats(count: u8) -> Vec<SeatSetup> {
    (0..count as usize)
        .map(|index| SeatSetup {
            name: default_name(index),
            kind: if index == 0 { SeatKind::Person } else { SeatKind::Bot { level: BotLevel::Normal } },
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use troef_core::games::tachtigen::Tachtigen;
    use troef_core::games::tarneeb::Tarneeb;

    #[test]
    fn default_setup_has_one_person_and_every_key() {
        let setup = GameSetup::default_for::<Tarneeb>(7);
        assert_eq!(setup.seats.len(), 4);
        assert_eq!(setup.person_seats(), 0b0001);
        assert_eq!(setup.config.len(), Tarneeb::config_keys().len());
        let tachtigen = GameSetup::default_for::<Tachtigen>(7);
        assert_eq!(tachtigen.seats.len(), 3);
    }

    #[test]
    fn normalise_cleans_names_and_refuses_a_wrong_seat_count() {
        let mut setup = GameSetup::default_for::<Tarneeb>(1);
        setup.seats[1].name = "   ".into();
        setup.seats[2].name = "a name far longer than sixteen characters".into();
        setup.normalise::<Tarneeb>().unwrap();
        assert_eq!(setup.seats[1].name, "Anna");
        assert_eq!(setup.seats[2].name.chars().count(), MAX_NAME_CHARS);
        setup.seats.pop();
        assert!(setup.normalise::<Tarneeb>().unwrap_err().contains("4 seats"));
        let mut rene = GameSetup::default_for::<troef_core::games::rikken::Rikken>(1);
        rene.config.insert("players".into(), "three_rene".into());
        rene.seats[3].kind = SeatKind::Person;
        rene.normalise::<troef_core::games::rikken::Rikken>().unwrap();
        assert_eq!(rene.seats[3].name, DUMMY_NAME);
        assert_eq!(rene.person_seats(), 0b0001, "the dummy is nobody's seat");
        let mut bad = GameSetup::default_for::<Tarneeb>(1);
        bad.config.insert("target_score".into(), "999".into());
        assert!(bad.normalise::<Tarneeb>().unwrap_err().contains("target_score"));
    }
}

//! `troef rules G`: a game's variant keys.

use crate::output::{print, print_json, Failure};
use serde_json::json;
use troef_core::{ConfigValues, Game, GameId, KeyKind};

pub fn rules(game: &str, json: bool) -> Result<u8, Failure> {
    let id = GameId::parse(game).map_err(|error| Failure::input(error.to_string()))?;
    troef_core::with_game!(id, G => show::<G>(json));
    Ok(0)
}

fn show<G: Game>(json: bool) {
    let defaults = ConfigValues::validate(G::config_keys(), []).unwrap_or_default();
    let config = G::config(&defaults);
    let seats = G::seat_count(&config);
    if json {
        let keys: Vec<serde_json::Value> = G::config_keys()
            .iter()
            .map(|key| {
                let values = match key.kind {
                    KeyKind::Choice(values) => json!({ "choices": values }),
                    KeyKind::Integer { min, max, step } => json!({ "min": min, "max": max, "step": step }),
                    KeyKind::Subset(values) => json!({ "subset_of": values }),
                };
                json!({
                    "name": key.name,
                    "allowed": key.allowed(),
                    "values": values,
                    "default": key.default,
                    "help": key.help,
                })
            })
            .collect();
        print_json(&json!({
            "game": G::ID.name(),
            "rules_version": G::RULES_VERSION,
            "seats": seats,
            "contract_kinds": G::contract_kinds(&config),
            "keys": keys,
        }));
        return;
    }
    let mut text = format!(
        "{}: rules version {}, {} seats with the defaults; {} variant keys (set with --variant KEY=VALUE)\n",
        G::ID.name(),
        G::RULES_VERSION,
        seats,
        G::config_keys().len()
    );
    for key in G::config_keys() {
        text.push_str(&format!("\n{}  (default {})\n    allowed: {}\n", key.name, key.default, key.allowed()));
        for line in key.help.lines() {
            text.push_str(&format!("    {}\n", line.trim()));
        }
    }
    print(&text);
}

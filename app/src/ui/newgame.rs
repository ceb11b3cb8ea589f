//! The new-game screen: pick a game, set its house rules (the core's config keys with their help,
//! defaults preselected, keys that do nothing under the other settings hidden), and seat the
//! table: you, bots with a level, or more people on this phone.

use super::{after_change, game_description, game_title, key_label, use_ctx, Screen, TopBar};
use crate::setup::{default_name, BotLevel, GameSetup, SeatKind, SeatSetup};
use crate::tr;
use dioxus::prelude::*;
use std::collections::BTreeMap;
use troef_core::{ConfigKey, ConfigValues, Game, GameId, KeyKind};

/// A game's variant keys.
pub fn keys_of(id: GameId) -> &'static [ConfigKey] {
    troef_core::with_game!(id, G => G::config_keys())
}

fn key_context(id: GameId, key: &str) -> &'static [(&'static str, &'static str)] {
    troef_core::with_game!(id, G => G::key_context(key))
}

pub(crate) fn defaults(id: GameId) -> BTreeMap<String, String> {
    keys_of(id).iter().map(|key| (key.name.to_string(), key.default.to_string())).collect()
}

/// The seat count for these settings, or why they are refused.
pub(crate) fn check(id: GameId, config: &BTreeMap<String, String>) -> Result<u8, String> {
    troef_core::with_game!(id, G => {
        let values = ConfigValues::validate(G::config_keys(), config.iter().map(|(k, v)| (k.as_str(), v.as_str())))
            .map_err(|error| error.to_string())?;
        G::check_config(&values).map_err(|error| error.to_string())?;
        Ok(G::seat_count(&G::config(&values)))
    })
}

/// The seats that may deal, as seat bits (a seat that never deals is a dummy).
fn dealer_seats(id: GameId, config: &BTreeMap<String, String>) -> u8 {
    troef_core::with_game!(id, G => {
        ConfigValues::validate(G::config_keys(), config.iter().map(|(k, v)| (k.as_str(), v.as_str())))
            .map(|values| G::dealer_seats(&G::config(&values)))
            .unwrap_or(u8::MAX)
    })
}

/// Whether a key has an effect under the other settings (its `key_context` holds).
pub(crate) fn key_applies(id: GameId, key: &str, config: &BTreeMap<String, String>) -> bool {
    key_context(id, key).iter().all(|(other, value)| config.get(*other).is_some_and(|current| current == value))
}

fn resize_seats(seats: &mut Vec<SeatSetup>, count: usize, level: BotLevel) {
    while seats.len() < count {
        let index = seats.len();
        seats.push(SeatSetup { name: default_name(index), kind: SeatKind::Bot { level } });
    }
    seats.truncate(count);
}

/// You (by the name in the settings) in seat 0, bots of the settings' level elsewhere.
fn first_seats(count: u8, name: &str, level: BotLevel) -> Vec<SeatSetup> {
    let mut seats = crate::setup::default_seats(count);
    for (index, seat) in seats.iter_mut().enumerate() {
        if index == 0 {
            seat.name = if name.is_empty() { tr!("you") } else { name.to_string() };
        } else {
            seat.kind = SeatKind::Bot { level };
        }
    }
    seats
}

#[component]
pub fn NewGame() -> Element {
    let ctx = use_ctx();
    let mut game = use_signal(|| GameId::Tarneeb);
    let mut config = use_signal(|| defaults(GameId::Tarneeb));
    let (player_name, level) = {
        let settings = ctx.settings.read();
        (settings.name.clone(), settings.bot_level)
    };
    let mut seats = use_signal(|| first_seats(4, &player_name, level));
    let mut error = use_signal(|| None::<String>);
    let id = *game.read();
    let checked = check(id, &config.read());
    if let Ok(count) = checked {
        if seats.peek().len() != count as usize {
            resize_seats(&mut seats.write(), count as usize, level);
        }
    }
    let current = config.read().clone();
    let changed = current != defaults(id);
    let start = move |_| {
        let setup = GameSetup {
            game: game.peek().name().to_string(),
            config: config.peek().clone(),
            seats: seats.peek().clone(),
            seed: crate::platform::new_seed(),
        };
        match crate::local::open(setup) {
            Ok(session) => {
                let (mut slot, mut revealed) = (ctx.session, ctx.revealed);
                slot.set(Some(session));
                revealed.set(None);
                after_change(ctx);
                ctx.go(Screen::Table);
            }
            Err(reason) => error.set(Some(reason)),
        }
    };
    rsx! {
        TopBar { title: tr!("new-game"), back: Screen::Home }
        main { class: "page newgame",
            section { class: "panel",
                h2 { {tr!("newgame-game")} }
                div { class: "game-list", role: "radiogroup",
                    for option in GameId::ALL {
                        button {
                            key: "{option.name()}",
                            class: if option == id { "game-choice on" } else { "game-choice" },
                            role: "radio",
                            "aria-checked": "{option == id}",
                            "data-game": "{option.name()}",
                            onclick: move |_| {
                                game.set(option);
                                config.set(defaults(option));
                                if let Ok(count) = check(option, &defaults(option)) {
                                    resize_seats(&mut seats.write(), count as usize, level);
                                }
                                error.set(None);
                            },
                            strong { {game_title(option)} }
                            span { {game_description(option)} }
                        }
                    }
                }
            }
            section { class: "panel",
                h2 { {tr!("newgame-players")} }
                p { class: "muted", {tr!("newgame-players-help")} }
                for (index, seat) in seats.read().iter().enumerate() {
                    if dealer_seats(id, &current) & (1 << index) != 0 {
                        SeatField { key: "{index}", index, seat: seat.clone(), seats }
                    } else {
                        p { key: "{index}", class: "seat-field dummy", "data-seat": "{index}",
                            {tr!("newgame-dummy-seat", seat = index + 1)}
                        }
                    }
                }
            }
            section { class: "panel",
                div { class: "panel-head",
                    h2 { {tr!("rules-heading-house-rules")} }
                    if changed {
                        button { class: "btn small", onclick: move |_| config.set(defaults(id)), {tr!("newgame-reset")} }
                    }
                }
                p { class: "muted", {tr!("newgame-house-rules-help")} }
                for key in keys_of(id).iter().filter(|key| key_applies(id, key.name, &current)) {
                    KeyField { key: "{id.name()}-{key.name}", game: id, name: key.name, value: current.get(key.name).cloned().unwrap_or_default(), config }
                }
                if let Err(reason) = &checked {
                    p { class: "error", role: "alert", "{reason}" }
                }
            }
            if let Some(reason) = error.read().as_ref() {
                p { class: "error", role: "alert", "{reason}" }
            }
            button { class: "btn primary big sticky", "data-action": "start", disabled: checked.is_err(), onclick: start,
                {tr!("newgame-start", game = game_title(id))}
            }
        }
    }
}

#[component]
pub(crate) fn KeyField(
    game: GameId,
    name: &'static str,
    value: String,
    config: Signal<BTreeMap<String, String>>,
) -> Element {
    let Some(key) = keys_of(game).iter().find(|key| key.name == name).copied() else { return rsx! {} };
    let mut set = move |new: String| {
        config.write().insert(name.to_string(), new);
    };
    let control = match key.kind {
        KeyKind::Choice(values) if values.len() <= 4 && values.iter().map(|v| v.len()).sum::<usize>() < 34 => rsx! {
            div { class: "segmented", role: "radiogroup", "aria-label": "{key_label(name)}",
                for option in values.iter().copied() {
                    button {
                        key: "{option}",
                        class: if value == option { "seg on" } else { "seg" },
                        role: "radio",
                        "aria-checked": "{value == option}",
                        "data-value": "{option}",
                        onclick: move |_| set(option.to_string()),
                        {key_label(option)}
                        if option == key.default { span { class: "default-mark", " ·" {tr!("default-mark")} } }
                    }
                }
            }
        },
        KeyKind::Choice(values) => rsx! {
            select { "aria-label": "{key_label(name)}", onchange: move |event| set(event.value()),
                for option in values.iter().copied() {
                    option { key: "{option}", value: "{option}", selected: value == option,
                        {key_label(option)}
                        if option == key.default { " (" {tr!("default-mark")} ")" }
                    }
                }
            }
        },
        KeyKind::Integer { min, max, step } => rsx! {
            input {
                r#type: "number",
                inputmode: "numeric",
                "aria-label": "{key_label(name)}",
                min: "{min}",
                max: "{max}",
                step: "{step}",
                value: "{value}",
                onchange: move |event| set(event.value()),
            }
        },
        KeyKind::Subset(values) => {
            let chosen: Vec<&str> = value.split(',').collect();
            rsx! {
                div { class: "checks",
                    for option in values.iter().copied() {
                        label { key: "{option}", class: "check",
                            input {
                                r#type: "checkbox",
                                checked: chosen.contains(&option),
                                onchange: {
                                    let chosen: Vec<String> = chosen.iter().map(|word| word.to_string()).collect();
                                    move |event: FormEvent| {
                                        let mut words: Vec<&str> = values
                                            .iter()
                                            .copied()
                                            .filter(|word| if *word == option { event.checked() } else { chosen.iter().any(|c| c == word) })
                                            .collect();
                                        if words.is_empty() {
                                            words.push(option);
                                        }
                                        set(words.join(","));
                                    }
                                },
                            }
                            {key_label(option)}
                        }
                    }
                }
            }
        }
    };
    rsx! {
        div { class: "field", "data-key": "{name}",
            div { class: "field-head",
                span { class: "field-name", {key_label(name)} }
                if value != key.default { span { class: "changed", {tr!("changed-mark")} } }
            }
            {control}
            p { class: "help", {tr!(&format!("key-{}-{}", game.name(), name))} " " span { class: "muted", {tr!("default-is", value = key_label(key.default))} } }
        }
    }
}

#[component]
fn SeatField(index: usize, seat: SeatSetup, seats: Signal<Vec<SeatSetup>>) -> Element {
    let kind_value = match seat.kind {
        SeatKind::Person => "person".to_string(),
        SeatKind::Bot { level } => format!("bot-{}", level.name()),
    };
    rsx! {
        div { class: "seat-field", "data-seat": "{index}",
            input {
                r#type: "text",
                "aria-label": "{tr!(\"newgame-seat-name\", seat = index + 1)}",
                maxlength: "16",
                value: "{seat.name}",
                oninput: move |event| {
                    if let Some(seat) = seats.write().get_mut(index) {
                        seat.name = event.value();
                    }
                },
            }
            select {
                "aria-label": "{tr!(\"newgame-seat-kind\", seat = index + 1)}",
                onchange: move |event| {
                    let value = event.value();
                    let kind = match value.strip_prefix("bot-").and_then(BotLevel::parse) {
                        Some(level) => SeatKind::Bot { level },
                        None => SeatKind::Person,
                    };
                    if let Some(seat) = seats.write().get_mut(index) {
                        seat.kind = kind;
                    }
                },
                option { value: "person", selected: kind_value == "person", {tr!("seat-person")} }
                for level in BotLevel::ALL {
                    option { key: "{level.name()}", value: "bot-{level.name()}", selected: kind_value == format!("bot-{}", level.name()),
                        {tr!("seat-bot", level = tr!(&format!("level-{}", level.name())))}
                    }
                }
            }
        }
    }
}

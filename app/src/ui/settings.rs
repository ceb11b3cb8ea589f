//! The settings screen: your name, language, bot speed and level, card style, suit colours, dark
//! mode and sound. Every change is saved at once and applies at once (a language or theme
//! switch mid-game keeps the game).

use super::cards::{CardArt, SuitIcon};
use super::{key_label, use_ctx, Screen, TopBar, LANGUAGES};
use crate::platform;
use crate::setup::{BotLevel, MAX_NAME_CHARS};
use crate::store::{self, BotSpeed, CardStyle, Settings, Theme};
use crate::tr;
use dioxus::prelude::*;

/// One choice of a setting: its value's name (`data-value`), its label, whether it is the
/// current one, and the settings it makes.
#[derive(Clone, PartialEq)]
struct Choice {
    value: String,
    label: String,
    checked: bool,
    pick: Settings,
}

/// A setting's choices as a labelled radio group (`data-setting` names the setting).
#[component]
fn Choices(setting: &'static str, title: String, help: Option<String>, choices: Vec<Choice>) -> Element {
    let ctx = use_ctx();
    let label_id = format!("setting-{setting}");
    rsx! {
        h2 { id: "{label_id}", "{title}" }
        if let Some(help) = help {
            p { class: "muted", "{help}" }
        }
        div { class: "segmented", role: "radiogroup", "aria-labelledby": "{label_id}",
            for choice in choices {
                button {
                    key: "{choice.value}",
                    class: if choice.checked { "seg on" } else { "seg" },
                    role: "radio",
                    "aria-checked": "{choice.checked}",
                    "data-setting": "{setting}",
                    "data-value": "{choice.value}",
                    onclick: move |_| save(ctx, choice.pick.clone()),
                    "{choice.label}"
                }
            }
        }
    }
}

/// Saves and applies new settings.
fn save(ctx: super::Ctx, new: Settings) {
    if let Err(error) = store::save_settings(&*ctx.store(), &new) {
        ctx.notice(tr!("notice-settings-failed", error = error));
    }
    let mut signal = ctx.settings;
    signal.set(new);
}

#[component]
pub fn SettingsScreen() -> Element {
    let ctx = use_ctx();
    let settings = ctx.settings.read().clone();
    let samples = ["AS", "QH", "7D", "KC"].map(|code| code.parse().ok());
    let choice = |value: &str, label: String, checked: bool, pick: Settings| Choice {
        value: value.to_string(),
        label,
        checked,
        pick,
    };
    let languages: Vec<Choice> = LANGUAGES
        .iter()
        .map(|&lang| {
            choice(
                lang.code(),
                lang.native_name().to_string(),
                settings.language == lang,
                Settings { language: lang, ..settings.clone() },
            )
        })
        .collect();
    let speeds: Vec<Choice> = BotSpeed::ALL
        .iter()
        .map(|&speed| {
            choice(
                speed.name(),
                tr!(&format!("speed-{}", speed.name())),
                settings.bot_speed == speed,
                Settings { bot_speed: speed, ..settings.clone() },
            )
        })
        .collect();
    let levels: Vec<Choice> = BotLevel::ALL
        .iter()
        .map(|&level| {
            choice(
                level.name(),
                tr!(&format!("level-{}", level.name())),
                settings.bot_level == level,
                Settings { bot_level: level, ..settings.clone() },
            )
        })
        .collect();
    let styles: Vec<Choice> = CardStyle::ALL
        .iter()
        .map(|&style| {
            choice(
                style.name(),
                tr!(&format!("card-style-{}", style.name())),
                settings.card_style == style,
                Settings { card_style: style, ..settings.clone() },
            )
        })
        .collect();
    let colours: Vec<Choice> = [("four", true), ("two", false)]
        .iter()
        .map(|&(name, four)| {
            choice(
                name,
                tr!(&format!("colours-{name}")),
                settings.four_colours == four,
                Settings { four_colours: four, ..settings.clone() },
            )
        })
        .collect();
    let themes: Vec<Choice> = Theme::ALL
        .iter()
        .map(|&theme| {
            choice(
                theme.name(),
                tr!(&format!("theme-{}", theme.name())),
                settings.theme == theme,
                Settings { theme, ..settings.clone() },
            )
        })
        .collect();
    let sounds: Vec<Choice> = [("on", true), ("off", false)]
        .iter()
        .map(|&(name, on)| {
            choice(name, key_label(name), settings.sound == on, Settings { sound: on, ..settings.clone() })
        })
        .collect();
    rsx! {
        TopBar { title: tr!("settings"), back: Screen::Home }
        main { class: "page settings",
            section { class: "panel",
                h2 { id: "settings-name", {tr!("settings-name")} }
                input {
                    r#type: "text",
                    "aria-labelledby": "settings-name",
                    "data-setting": "name",
                    maxlength: "{MAX_NAME_CHARS}",
                    placeholder: "{tr!(\"you\")}",
                    value: "{settings.name}",
                    onchange: {
                        let settings = settings.clone();
                        move |event: FormEvent| {
                            let name = event.value().trim().chars().take(MAX_NAME_CHARS).collect();
                            save(ctx, Settings { name, ..settings.clone() })
                        }
                    },
                }
            }
            section { class: "panel",
                Choices { setting: "language", title: tr!("settings-language"), choices: languages }
            }
            section { class: "panel",
                Choices { setting: "speed", title: tr!("settings-bot-speed"), help: tr!("settings-bot-speed-help"), choices: speeds }
            }
            section { class: "panel",
                Choices { setting: "level", title: tr!("settings-bot-level"), help: tr!("settings-bot-level-help"), choices: levels }
            }
            section { class: "panel",
                Choices { setting: "card-style", title: tr!("settings-card-style"), choices: styles }
                div { class: "card-samples", "aria-hidden": "true",
                    for (index, card) in samples.into_iter().enumerate() {
                        span { key: "{index}", class: "card md", CardArt { card } }
                    }
                }
                Choices { setting: "colours", title: tr!("settings-suit-colours"), help: tr!("settings-suit-colours-help"), choices: colours }
                div { class: "suit-sample",
                    for suit in troef_core::Suit::ALL {
                        SuitIcon { key: "{suit.letter()}", suit }
                    }
                }
            }
            section { class: "panel",
                Choices { setting: "theme", title: tr!("settings-theme"), choices: themes }
                Choices { setting: "sound", title: tr!("settings-sound"), choices: sounds }
            }
            section { class: "panel",
                h2 { {tr!("settings-saved-games")} }
                p { class: "muted", {tr!("settings-saved-games-help", place = platform::store_place())} }
            }
        }
    }
}

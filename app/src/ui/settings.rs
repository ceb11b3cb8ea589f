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

#[component]
pub fn SettingsScreen() -> Element {
    let ctx = use_ctx();
    let settings = ctx.settings.read().clone();
    let save = move |new: Settings| {
        let mut signal = ctx.settings;
        if let Err(error) = store::save_settings(&*ctx.store(), &new) {
            ctx.notice(tr!("notice-settings-failed", error = error));
        }
        signal.set(new);
    };
    let choice = |on: bool| if on { "seg on" } else { "seg" };
    let samples = ["AS", "QH", "7D", "KC"].map(|code| code.parse().ok());
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
                        move |event: FormEvent| save(Settings { name: event.value().trim().chars().take(MAX_NAME_CHARS).collect(), ..settings.clone() })
                    },
                }
            }
            section { class: "panel",
                h2 { id: "settings-language", {tr!("settings-language")} }
                div { class: "segmented", role: "radiogroup", "aria-labelledby": "settings-language",
                    for lang in LANGUAGES {
                        button {
                            key: "{lang.code()}",
                            class: choice(settings.language == lang),
                            role: "radio",
                            lang: "{lang.code()}",
                            "aria-checked": "{settings.language == lang}",
                            "data-lang": "{lang.code()}",
                            onclick: { let settings = settings.clone(); move |_| save(Settings { language: lang, ..settings.clone() }) },
                            "{lang.native_name()}"
                        }
                    }
                }
            }
            section { class: "panel",
                h2 { id: "settings-speed", {tr!("settings-bot-speed")} }
                p { class: "muted", {tr!("settings-bot-speed-help")} }
                div { class: "segmented", role: "radiogroup", "aria-labelledby": "settings-speed",
                    for speed in BotSpeed::ALL {
                        button {
                            key: "{speed.name()}",
                            class: choice(settings.bot_speed == speed),
                            role: "radio",
                            "aria-checked": "{settings.bot_speed == speed}",
                            "data-speed": "{speed.name()}",
                            onclick: { let settings = settings.clone(); move |_| save(Settings { bot_speed: speed, ..settings.clone() }) },
                            {tr!(&format!("speed-{}", speed.name()))}
                        }
                    }
                }
            }
            section { class: "panel",
                h2 { id: "settings-level", {tr!("settings-bot-level")} }
                p { class: "muted", {tr!("settings-bot-level-help")} }
                div { class: "segmented", role: "radiogroup", "aria-labelledby": "settings-level",
                    for level in BotLevel::ALL {
                        button {
                            key: "{level.name()}",
                            class: choice(settings.bot_level == level),
                            role: "radio",
                            "aria-checked": "{settings.bot_level == level}",
                            "data-level": "{level.name()}",
                            onclick: { let settings = settings.clone(); move |_| save(Settings { bot_level: level, ..settings.clone() }) },
                            {tr!(&format!("level-{}", level.name()))}
                        }
                    }
                }
            }
            section { class: "panel",
                h2 { id: "settings-cards", {tr!("settings-card-style")} }
                div { class: "segmented", role: "radiogroup", "aria-labelledby": "settings-cards",
                    for style in CardStyle::ALL {
                        button {
                            key: "{style.name()}",
                            class: choice(settings.card_style == style),
                            role: "radio",
                            "aria-checked": "{settings.card_style == style}",
                            "data-card-style": "{style.name()}",
                            onclick: { let settings = settings.clone(); move |_| save(Settings { card_style: style, ..settings.clone() }) },
                            {tr!(&format!("card-style-{}", style.name()))}
                        }
                    }
                }
                div { class: "card-samples", "aria-hidden": "true",
                    for (index, card) in samples.into_iter().enumerate() {
                        span { key: "{index}", class: "card md", CardArt { card } }
                    }
                }
                h2 { id: "settings-colours", {tr!("settings-suit-colours")} }
                p { class: "muted", {tr!("settings-suit-colours-help")} }
                div { class: "segmented", role: "radiogroup", "aria-labelledby": "settings-colours",
                    button { class: choice(settings.four_colours), role: "radio",
                        "aria-checked": "{settings.four_colours}", "data-colours": "four",
                        onclick: { let settings = settings.clone(); move |_| save(Settings { four_colours: true, ..settings.clone() }) },
                        {tr!("colours-four")}
                    }
                    button { class: choice(!settings.four_colours), role: "radio",
                        "aria-checked": "{!settings.four_colours}", "data-colours": "two",
                        onclick: { let settings = settings.clone(); move |_| save(Settings { four_colours: false, ..settings.clone() }) },
                        {tr!("colours-two")}
                    }
                }
                div { class: "suit-sample",
                    for suit in troef_core::Suit::ALL {
                        SuitIcon { key: "{suit.letter()}", suit }
                    }
                }
            }
            section { class: "panel",
                h2 { id: "settings-theme", {tr!("settings-theme")} }
                div { class: "segmented", role: "radiogroup", "aria-labelledby": "settings-theme",
                    for theme in Theme::ALL {
                        button {
                            key: "{theme.name()}",
                            class: choice(settings.theme == theme),
                            role: "radio",
                            "aria-checked": "{settings.theme == theme}",
                            "data-theme-choice": "{theme.name()}",
                            onclick: { let settings = settings.clone(); move |_| save(Settings { theme, ..settings.clone() }) },
                            {tr!(&format!("theme-{}", theme.name()))}
                        }
                    }
                }
                h2 { id: "settings-sound", {tr!("settings-sound")} }
                div { class: "segmented", role: "radiogroup", "aria-labelledby": "settings-sound",
                    for on in [true, false] {
                        button {
                            key: "{on}",
                            class: choice(settings.sound == on),
                            role: "radio",
                            "aria-checked": "{settings.sound == on}",
                            "data-sound": "{on}",
                            onclick: { let settings = settings.clone(); move |_| save(Settings { sound: on, ..settings.clone() }) },
                            {key_label(if on { "on" } else { "off" })}
                        }
                    }
                }
            }
            section { class: "panel",
                h2 { {tr!("settings-saved-games")} }
                p { class: "muted", {tr!("settings-saved-games-help", place = platform::store_place())} }
            }
        }
    }
}

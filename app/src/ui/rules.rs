//! The rules in the app: a page per game in our own words (what the game is, how a hand goes,
//! how it scores, with examples), then every house rule the new-game screen offers, each value
//! explained. The words are the language files' `rules-<game>-...` and `key-<game>-<key>`
//! messages; the allowed values and defaults come from the rules core's config keys.

use super::{allowed, game_description, game_title, key_label, use_ctx, Screen, TopBar};
use crate::tr;
use dioxus::prelude::*;
use troef_core::GameId;

/// The sections of a game's page, in order (each a `rules-<game>-<section>` message).
pub const SECTIONS: [&str; 4] = ["aim", "deal", "play", "score"];

#[component]
pub fn RulesScreen(game: Option<GameId>) -> Element {
    let ctx = use_ctx();
    let Some(id) = game else {
        return rsx! {
            TopBar { title: tr!("rules"), back: Screen::Home }
            main { class: "page rules",
                p { class: "muted", {tr!("rules-intro")} }
                nav { class: "game-list",
                    for option in GameId::ALL {
                        button {
                            key: "{option.name()}",
                            class: "game-choice",
                            "data-rules-game": "{option.name()}",
                            onclick: move |_| ctx.go(Screen::Rules(Some(option))),
                            strong { {game_title(option)} }
                            span { {game_description(option)} }
                        }
                    }
                }
            }
        };
    };
    let keys = super::newgame::keys_of(id);
    rsx! {
        TopBar { title: game_title(id), back: Screen::Rules(None) }
        main { class: "page rules", "data-rules": "{id.name()}",
            for section in SECTIONS {
                section { key: "{section}", class: "panel",
                    h2 { {tr!(&format!("rules-heading-{section}"))} }
                    for (index, paragraph) in tr!(&format!("rules-{}-{section}", id.name())).split("\n\n").map(str::to_string).enumerate() {
                        p { key: "{index}", class: if paragraph.starts_with(&tr!("example-prefix")) { "example" }, "{paragraph}" }
                    }
                }
            }
            section { class: "panel",
                h2 { {tr!("rules-heading-house-rules")} }
                p { class: "muted", {tr!("rules-house-rules-intro")} }
                dl { class: "house-rules",
                    for key in keys.iter() {
                        div { key: "{key.name}", class: "house-rule", "data-key": "{key.name}",
                            dt { strong { {key_label(key.name)} } }
                            dd {
                                p { {tr!(&format!("key-{}-{}", id.name(), key.name))} }
                                p { class: "muted",
                                    {tr!("rules-key-values", values = allowed(key.kind), default = key_label(key.default))}
                                }
                            }
                        }
                    }
                }
            }
            button { class: "btn primary big", "data-action": "new-game", onclick: move |_| ctx.go(Screen::NewGame), {tr!("new-game")} }
        }
    }
}

/// The message ids a game's rules page reads: its sections and one per house rule.
pub fn message_ids(id: GameId) -> Vec<String> {
    let mut ids: Vec<String> = SECTIONS.iter().map(|section| format!("rules-{}-{section}", id.name())).collect();
    ids.extend(super::newgame::keys_of(id).iter().map(|key| format!("key-{}-{}", id.name(), key.name)));
    ids.push(format!("game-{}", id.name()));
    ids.push(format!("game-{}-line", id.name()));
    ids
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{has, Lang};

    /// Every game's page and every house rule of every game is written in every language.
    #[test]
    fn every_game_and_house_rule_is_explained_in_every_language() {
        for lang in Lang::ALL {
            let missing: Vec<String> =
                GameId::ALL.iter().flat_map(|&id| message_ids(id)).filter(|id| !has(lang, id)).collect();
            assert!(missing.is_empty(), "{} lacks {missing:?}", lang.code());
        }
        crate::i18n::set_lang(Lang::Nl);
        assert!(tr!("rules-tarneeb-aim").to_lowercase().contains("tarneeb"));
        crate::i18n::set_lang(Lang::En);
    }
}

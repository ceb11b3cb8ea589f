//! Cards on screen: our SVG drawings ([`crate::card_art`]) inlined in the style the settings
//! choose, suit colours from the stylesheet (two or four colours, light or dark), and every card
//! named for screen readers in the current language.

use super::use_ctx;
use crate::card_art::{card_svg, rank_text, suit_path, Palette};
use crate::i18n::{card_name, suit_name};
use dioxus::prelude::*;
use troef_core::{Card, Suit};

/// The suit's colour class (`suit-s`, `suit-h`, ...), coloured by the stylesheet.
pub fn suit_class(suit: Option<Suit>) -> &'static str {
    match suit {
        Some(Suit::Spades) => "suit-s",
        Some(Suit::Hearts) => "suit-h",
        Some(Suit::Diamonds) => "suit-d",
        Some(Suit::Clubs) => "suit-c",
        None => "suit-j",
    }
}

/// The suit's symbol in text.
pub fn suit_symbol(suit: Suit) -> &'static str {
    match suit {
        Suit::Clubs => "♣",
        Suit::Diamonds => "♦",
        Suit::Hearts => "♥",
        Suit::Spades => "♠",
    }
}

/// A small inline suit symbol (in text, buttons, facts), named for screen readers.
#[component]
pub fn SuitIcon(suit: Suit) -> Element {
    rsx! {
        span { class: "suit-icon {suit_class(Some(suit))}", role: "img", "aria-label": "{suit_name(suit)}",
            svg { view_box: "0 0 100 100", "aria-hidden": "true",
                path { d: suit_path(suit) }
            }
        }
    }
}

/// A card's face or back (`None`), drawn in a 100 x 140 box in the chosen card style.
#[component]
pub fn CardArt(card: Option<Card>) -> Element {
    let style = use_ctx().settings.read().card_style;
    let svg = card_svg(card, style, Palette::Styled);
    rsx! {
        span { class: "card-svg", dangerous_inner_html: "{svg}" }
    }
}

/// A short inline card for text: `Q♠` in the suit's colour, read out as its name.
#[component]
pub fn CardChip(card: Card) -> Element {
    let symbol = card.suit().map_or("", suit_symbol);
    rsx! {
        span { class: "card-chip {suit_class(card.suit())}", role: "img", "aria-label": "{card_name(card)}",
            "data-card": "{card}",
            span { "aria-hidden": "true", "{rank_text(card)}{symbol}" }
        }
    }
}

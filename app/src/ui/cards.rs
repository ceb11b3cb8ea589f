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

/// A card's face or back (`None`), drawn in a 100 x 140 box in the chosen card style and suit
/// colours. An image without text (`alt=""`): the card's name is the accessible name of what
/// holds it, and no drawn letter competes with it.
#[component]
pub fn CardArt(card: Option<Card>) -> Element {
    let ctx = use_ctx();
    let (style, four) = {
        let settings = ctx.settings.read();
        (settings.card_style, settings.four_colours)
    };
    let palette = if four { Palette::FourColour } else { Palette::TwoColour };
    let source = svg_data_url(&card_svg(card, style, palette));
    rsx! {
        img { class: "card-svg", src: "{source}", alt: "", draggable: "false" }
    }
}

/// An SVG drawing as a `data:` address (the characters a URL reserves escaped).
pub fn svg_data_url(svg: &str) -> String {
    let mut out = String::with_capacity(svg.len() + 32);
    out.push_str("data:image/svg+xml;charset=utf-8,");
    for c in svg.chars() {
        match c {
            '%' => out.push_str("%25"),
            '#' => out.push_str("%23"),
            '<' => out.push_str("%3C"),
            '>' => out.push_str("%3E"),
            '\n' => out.push_str("%0A"),
            _ => out.push(c),
        }
    }
    out
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

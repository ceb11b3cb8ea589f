//! Cards drawn by us in SVG: a large corner index (rank and suit) that stays readable when cards
//! overlap in a fanned hand, a large centre pip, framed letters for court cards, and a patterned
//! back. Suits are told apart by shape and by colour (four colours by default).

use crate::words::{rank_text, suit_symbol};
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

/// A suit's shape in a 100 x 100 box.
#[component]
pub fn SuitShape(suit: Suit, x: f32, y: f32, size: f32) -> Element {
    let scale = size / 100.0;
    let transform = format!("translate({x} {y}) scale({scale})");
    match suit {
        Suit::Hearts => rsx! {
            path { transform, d: "M50 92 C22 68 4 50 8 28 C12 8 40 4 50 26 C60 4 88 8 92 28 C96 50 78 68 50 92 Z" }
        },
        Suit::Diamonds => rsx! {
            path { transform, d: "M50 2 L88 50 L50 98 L12 50 Z" }
        },
        Suit::Spades => rsx! {
            path {
                transform,
                d: "M50 4 C38 24 8 38 8 62 C8 80 32 86 45 72 C43 84 38 92 30 98 L70 98 C62 92 57 84 55 72 C68 86 92 80 92 62 C92 38 62 24 50 4 Z",
            }
        },
        Suit::Clubs => rsx! {
            g { transform,
                circle { cx: "50", cy: "28", r: "21" }
                circle { cx: "26", cy: "60", r: "21" }
                circle { cx: "74", cy: "60", r: "21" }
                circle { cx: "50", cy: "54", r: "12" }
                path { d: "M46 58 C45 78 40 90 30 98 L70 98 C60 90 55 78 54 58 Z" }
            }
        },
    }
}

/// A small inline suit symbol (in text, buttons, facts).
#[component]
pub fn SuitIcon(suit: Suit) -> Element {
    rsx! {
        span { class: "suit-icon {suit_class(Some(suit))}", role: "img", "aria-label": "{suit.name()}",
            svg { view_box: "0 0 100 100", "aria-hidden": "true",
                SuitShape { suit, x: 0.0, y: 0.0, size: 100.0 }
            }
        }
    }
}

/// A card's face or back, drawn in a 100 x 140 box.
#[component]
pub fn CardArt(card: Option<Card>) -> Element {
    let Some(card) = card else {
        return rsx! {
            svg { class: "card-art back", view_box: "0 0 100 140", "aria-hidden": "true",
                rect { class: "card-edge", x: "1", y: "1", width: "98", height: "138", rx: "9" }
                rect { class: "back-field", x: "7", y: "7", width: "86", height: "126", rx: "5" }
                path { class: "back-lines", d: "M7 27 L27 7 M7 47 L47 7 M7 67 L67 7 M7 87 L87 7 M7 107 L93 21 M7 127 L93 41 M21 133 L93 61 M41 133 L93 81 M61 133 L93 101 M81 133 L93 121" }
                circle { class: "back-emblem", cx: "50", cy: "70", r: "17" }
                text { class: "back-letter", x: "50", y: "79", text_anchor: "middle", "T" }
            }
        };
    };
    let suit = card.suit();
    let rank = rank_text(card);
    let court = matches!(card.rank().map(|rank| rank.value()), Some(11..=13));
    let index_size = if rank.len() > 1 { "30" } else { "34" };
    rsx! {
        svg { class: "card-art face {suit_class(suit)}", view_box: "0 0 100 140", "aria-hidden": "true",
            rect { class: "card-edge", x: "1", y: "1", width: "98", height: "138", rx: "9" }
            text { class: "index", x: "6", y: "33", font_size: index_size, "{rank}" }
            if let Some(suit) = suit {
                SuitShape { suit, x: 8.0, y: 39.0, size: 22.0 }
                g { transform: "rotate(180 50 70)",
                    text { class: "index", x: "6", y: "33", font_size: index_size, "{rank}" }
                    SuitShape { suit, x: 8.0, y: 39.0, size: 22.0 }
                }
                if court {
                    rect { class: "court-frame", x: "32", y: "34", width: "52", height: "72", rx: "6" }
                    text { class: "court-letter", x: "58", y: "84", text_anchor: "middle", "{rank}" }
                    SuitShape { suit, x: 47.0, y: 88.0, size: 22.0 }
                } else {
                    SuitShape { suit, x: 36.0, y: 48.0, size: 46.0 }
                }
            } else {
                text { class: "court-letter", x: "50", y: "84", text_anchor: "middle", "★" }
            }
        }
    }
}

/// A short inline card for text: `Q♠` in the suit's colour, read out as its name.
#[component]
pub fn CardChip(card: Card) -> Element {
    let symbol = card.suit().map_or("", suit_symbol);
    rsx! {
        span { class: "card-chip {suit_class(card.suit())}", role: "img", "aria-label": "{card.name()}",
            "data-card": "{card}",
            span { "aria-hidden": "true", "{rank_text(card)}{symbol}" }
        }
    }
}

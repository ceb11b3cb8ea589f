//! Our card art, drawn as SVG text: every face from 2 to ace in four suits, the joker, and the
//! back, in two styles (classic pips and figures; large index for small screens), each coloured
//! by a palette (red and black, or four colours for colour-blind players).
//!
//! The app shows these drawings as images (`ui::cards`) in the style and palette of the settings;
//! the files in `assets/cards/` are the same drawings, one file per card, style and palette, kept
//! current by a test (`TROEF_WRITE_CARDS=1 cargo test -p troef-app card_art` rewrites them).

use crate::store::CardStyle;
use troef_core::{Card, Suit};

/// The suit colours written into a drawing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Palette {
    /// Black spades and clubs, red hearts and diamonds.
    TwoColour,
    /// Black spades, red hearts, blue diamonds, green clubs.
    FourColour,
}

impl Palette {
    fn suit_colour(self, suit: Suit) -> &'static str {
        let (two, four) = match suit {
            Suit::Spades => ("#1c1c22", "#1c1c22"),
            Suit::Hearts => ("#c8102e", "#c8102e"),
            Suit::Diamonds => ("#c8102e", "#1554b8"),
            Suit::Clubs => ("#1c1c22", "#157a3b"),
        };
        match self {
            Palette::TwoColour => two,
            Palette::FourColour => four,
        }
    }
}

/// A suit's shape as a path in a 100 x 100 box.
pub fn suit_path(suit: Suit) -> &'static str {
    match suit {
        Suit::Hearts => "M50 92C22 68 4 50 8 28C12 8 40 4 50 26C60 4 88 8 92 28C96 50 78 68 50 92Z",
        Suit::Diamonds => "M50 2L88 50L50 98L12 50Z",
        Suit::Spades => {
            "M50 4C38 24 8 38 8 62C8 80 32 86 45 72C43 84 38 92 30 98H70C62 92 57 84 55 72C68 86 92 80 92 62C92 38 62 24 50 4Z"
        }
        Suit::Clubs => {
            "M50 7A21 21 0 0 1 68 39A21 21 0 1 1 55 74C56 84 61 92 70 98H30C39 92 44 84 45 74A21 21 0 1 1 32 39A21 21 0 0 1 50 7Z"
        }
    }
}

/// A pip: the suit's shape of width `size` centred on (`x`, `y`), upside down when `flip`.
fn pip(out: &mut String, suit: Suit, x: f32, y: f32, size: f32, flip: bool) {
    let scale = size / 100.0;
    let (left, top) = (x - size / 2.0, y - size / 2.0);
    let rotate = if flip { format!(" rotate(180 {x} {y})") } else { String::new() };
    out.push_str(&format!(
        "<path transform=\"{rotate} translate({left} {top}) scale({scale})\" d=\"{}\"/>",
        suit_path(suit)
    ));
}

/// The rank as printed in a corner (`10` for the ten).
pub fn rank_text(card: Card) -> &'static str {
    match card.rank().map(|rank| rank.value()) {
        Some(2) => "2",
        Some(3) => "3",
        Some(4) => "4",
        Some(5) => "5",
        Some(6) => "6",
        Some(7) => "7",
        Some(8) => "8",
        Some(9) => "9",
        Some(10) => "10",
        Some(11) => "J",
        Some(12) => "Q",
        Some(13) => "K",
        Some(14) => "A",
        _ => "★",
    }
}

/// Pip centres of the number cards on the classic face (columns 30, 50, 70; rows 24 to 116).
fn pip_layout(value: u8) -> &'static [(f32, f32)] {
    const L: f32 = 32.0;
    const M: f32 = 50.0;
    const R: f32 = 68.0;
    match value {
        2 => &[(M, 26.0), (M, 114.0)],
        3 => &[(M, 26.0), (M, 70.0), (M, 114.0)],
        4 => &[(L, 26.0), (R, 26.0), (L, 114.0), (R, 114.0)],
        5 => &[(L, 26.0), (R, 26.0), (M, 70.0), (L, 114.0), (R, 114.0)],
        6 => &[(L, 26.0), (R, 26.0), (L, 70.0), (R, 70.0), (L, 114.0), (R, 114.0)],
        7 => &[(L, 26.0), (R, 26.0), (M, 48.0), (L, 70.0), (R, 70.0), (L, 114.0), (R, 114.0)],
        8 => &[(L, 26.0), (R, 26.0), (M, 48.0), (L, 70.0), (R, 70.0), (M, 92.0), (L, 114.0), (R, 114.0)],
        9 => &[(L, 26.0), (R, 26.0), (L, 55.0), (R, 55.0), (M, 70.0), (L, 85.0), (R, 85.0), (L, 114.0), (R, 114.0)],
        10 => &[
            (L, 26.0),
            (R, 26.0),
            (M, 41.0),
            (L, 55.0),
            (R, 55.0),
            (L, 85.0),
            (R, 85.0),
            (M, 99.0),
            (L, 114.0),
            (R, 114.0),
        ],
        _ => &[],
    }
}

/// A court figure's headdress in the top half of the frame: a crown (king), a tiara (queen), a
/// cap with a feather (jack).
fn headdress(value: u8) -> &'static str {
    match value {
        13 => "M36 44L36 30L43 38L50 26L57 38L64 30L64 44Z",
        12 => "M37 44Q50 24 63 44ZM50 28A3 3 0 1 1 50.01 28Z",
        _ => "M37 44Q41 30 56 32L66 24L62 36Q64 40 63 44Z",
    }
}

/// The back of a card.
pub fn back_svg() -> String {
    let mut out = String::from(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 100 140\" class=\"card-art back\" aria-hidden=\"true\">",
    );
    out.push_str("<rect x=\"1\" y=\"1\" width=\"98\" height=\"138\" rx=\"9\" fill=\"#fdfdf8\" stroke=\"#9a9a9a\" stroke-width=\"1.5\"/>");
    out.push_str("<rect x=\"7\" y=\"7\" width=\"86\" height=\"126\" rx=\"5\" fill=\"#1d5e8c\"/>");
    // A lattice of diagonals clipped to the field by hand (no ids: many backs share a page).
    out.push_str("<path d=\"");
    for c in (-120..=120).step_by(16) {
        let (low, high) = (7.max(7 + c), 93.min(133 + c));
        if low < high {
            out.push_str(&format!("M{low} {}L{high} {}", low - c, high - c));
        }
        let sum = c + 140;
        let (low, high) = (7.max(sum - 133), 93.min(sum - 7));
        if low < high {
            out.push_str(&format!("M{low} {}L{high} {}", sum - low, sum - high));
        }
    }
    out.push_str("\" stroke=\"#5f9ccb\" stroke-width=\"2.5\"/>");
    out.push_str("<circle cx=\"50\" cy=\"70\" r=\"17\" fill=\"#fdfdf8\" stroke=\"#1d5e8c\" stroke-width=\"3\"/>");
    out.push_str("<text x=\"50\" y=\"79\" text-anchor=\"middle\" font-family=\"Georgia,serif\" font-weight=\"700\" font-size=\"26\" fill=\"#1d5e8c\">T</text>");
    out.push_str("</svg>");
    out
}

/// A card's face in a 100 x 140 box.
pub fn face_svg(card: Card, style: CardStyle, palette: Palette) -> String {
    // The suit colour is the fill and `currentColor` (the strokes of frames and the joker's smile).
    let colour = card.suit().map_or("#6b2fa3", |suit| palette.suit_colour(suit));
    let paint = format!("fill=\"{colour}\" color=\"{colour}\"");
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 100 140\" class=\"card-art face\" aria-hidden=\"true\" {paint} font-family=\"system-ui,Arial,sans-serif\" font-weight=\"700\">"
    );
    out.push_str(
        "<rect x=\"1\" y=\"1\" width=\"98\" height=\"138\" rx=\"9\" fill=\"#fdfdf8\" stroke=\"#8a8a8a\" stroke-width=\"1.5\"/>",
    );
    let rank = rank_text(card);
    let Some(suit) = card.suit() else {
        joker(&mut out, style);
        out.push_str("</svg>");
        return out;
    };
    let value = card.rank().map_or(0, |rank| rank.value());
    match style {
        CardStyle::LargeIndex => {
            let size = if rank.len() > 1 { 30 } else { 34 };
            for flip in [false, true] {
                let open = if flip { "<g transform=\"rotate(180 50 70)\">" } else { "<g>" };
                out.push_str(open);
                out.push_str(&format!("<text x=\"6\" y=\"33\" font-size=\"{size}\">{rank}</text>"));
                pip(&mut out, suit, 19.0, 50.0, 22.0, false);
                out.push_str("</g>");
            }
            if (11..=13).contains(&value) {
                court(&mut out, value, suit, rank, 58.0);
            } else {
                pip(&mut out, suit, 59.0, 71.0, 46.0, false);
            }
        }
        CardStyle::Classic => {
            for flip in [false, true] {
                let open = if flip { "<g transform=\"rotate(180 50 70)\">" } else { "<g>" };
                out.push_str(open);
                out.push_str(&format!(
                    "<text x=\"11\" y=\"22\" font-size=\"{}\" text-anchor=\"middle\">{rank}</text>",
                    if rank.len() > 1 { 15 } else { 18 }
                ));
                pip(&mut out, suit, 11.0, 32.0, 11.0, false);
                out.push_str("</g>");
            }
            match value {
                14 => pip(&mut out, suit, 50.0, 70.0, 40.0, false),
                11..=13 => court(&mut out, value, suit, rank, 50.0),
                _ => {
                    for &(x, y) in pip_layout(value) {
                        pip(&mut out, suit, x, y, 16.0, y > 72.0);
                    }
                }
            }
        }
    }
    out.push_str("</svg>");
    out
}

/// A court card's frame: the figure's headdress and letter in each half, mirrored.
fn court(out: &mut String, value: u8, suit: Suit, rank: &str, centre: f32) {
    let (left, width) = (centre - 27.0, 54.0);
    out.push_str(&format!(
        "<rect x=\"{left}\" y=\"20\" width=\"{width}\" height=\"100\" rx=\"6\" fill=\"#f3ecd6\" stroke=\"currentColor\" stroke-width=\"1.2\"/>"
    ));
    out.push_str(&format!(
        "<line x1=\"{}\" y1=\"70\" x2=\"{}\" y2=\"70\" stroke=\"#b9ab82\" stroke-width=\"1\"/>",
        left + 4.0,
        left + width - 4.0
    ));
    for flip in [false, true] {
        let open = if flip { "<g transform=\"rotate(180 50 70)\">".to_string() } else { "<g>".to_string() };
        out.push_str(&open);
        let shift = centre - 50.0;
        let (shift, at) = if flip { (-shift, 100.0 - centre) } else { (shift, centre) };
        out.push_str(&format!("<path transform=\"translate({shift} 0)\" d=\"{}\"/>", headdress(value)));
        out.push_str(&format!("<text x=\"{at}\" y=\"64\" font-family=\"Georgia,serif\" font-size=\"20\" text-anchor=\"middle\">{rank}</text>"));
        pip(out, suit, at + 16.0, 56.0, 10.0, false);
        out.push_str("</g>");
    }
}

fn joker(out: &mut String, style: CardStyle) {
    let size = if style == CardStyle::LargeIndex { 15 } else { 11 };
    for flip in [false, true] {
        let open = if flip { "<g transform=\"rotate(180 50 70)\">" } else { "<g>" };
        out.push_str(open);
        for (index, letter) in "JOKER".chars().enumerate() {
            out.push_str(&format!(
                "<text x=\"12\" y=\"{}\" font-size=\"{size}\" text-anchor=\"middle\">{letter}</text>",
                18 + index as i32 * (size + 1)
            ));
        }
        out.push_str("</g>");
    }
    // A five-pointed star with a smile beneath: the jester.
    out.push_str("<path d=\"M50 38L57 56L76 56L61 67L67 86L50 75L33 86L39 67L24 56L43 56Z\"/>");
    out.push_str("<path d=\"M38 96Q50 108 62 96\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"3\"/>");
}

/// A card's drawing (face, or the back for `None`).
pub fn card_svg(card: Option<Card>, style: CardStyle, palette: Palette) -> String {
    match card {
        Some(card) => face_svg(card, style, palette),
        None => back_svg(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use troef_core::CardSet;

    fn all_cards() -> Vec<Card> {
        let mut cards: Vec<Card> = CardSet::from_bits((1u64 << 52) - 1).iter().collect();
        cards.push(Card::JOKER);
        cards
    }

    /// The files in `assets/cards/` are exactly what this module draws: classic and large-index,
    /// each in red and black and in four colours, 53 faces (2 to ace in four suits, the joker)
    /// and the back.
    #[test]
    fn card_art_files_are_current() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets/cards");
        let write = std::env::var_os("TROEF_WRITE_CARDS").is_some();
        let mut stale = Vec::new();
        let mut files = vec![(root.join("back.svg"), back_svg())];
        for style in CardStyle::ALL {
            for (palette, folder) in [(Palette::TwoColour, "two-colour"), (Palette::FourColour, "four-colour")] {
                for card in all_cards() {
                    let name = if card == Card::JOKER { "joker".to_string() } else { card.to_string() };
                    files.push((
                        root.join(style.name()).join(folder).join(format!("{name}.svg")),
                        face_svg(card, style, palette),
                    ));
                }
            }
        }
        assert_eq!(files.len(), 1 + 2 * 2 * 53);
        for (path, text) in files {
            let text = text.replacen("<svg ", "<svg width=\"200\" height=\"280\" ", 1) + "\n";
            if write {
                std::fs::create_dir_all(path.parent().unwrap()).unwrap();
                std::fs::write(&path, &text).unwrap();
            } else if std::fs::read_to_string(&path).ok().as_deref() != Some(text.as_str()) {
                stale.push(path.display().to_string());
            }
        }
        assert!(stale.is_empty(), "stale card art (rewrite with TROEF_WRITE_CARDS=1): {stale:?}");
    }

    #[test]
    fn every_number_card_has_its_count_of_pips() {
        for value in 2..=10u8 {
            assert_eq!(pip_layout(value).len(), value as usize);
        }
        let six: Card = "6H".parse().unwrap();
        let classic = face_svg(six, CardStyle::Classic, Palette::TwoColour);
        // Six centre pips and two corner pips.
        assert_eq!(classic.matches(suit_path(Suit::Hearts)).count(), 8);
        let diamond: Card = "4D".parse().unwrap();
        assert!(face_svg(diamond, CardStyle::LargeIndex, Palette::FourColour).contains("#1554b8"));
        assert!(face_svg(diamond, CardStyle::LargeIndex, Palette::TwoColour).contains("#c8102e"));
    }
}

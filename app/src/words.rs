//! Action words ([`troef_core::Game::describe_action`]) cut into tokens a screen can dress: card
//! codes become card symbols, suit letters after `trump` become suits, seat names become the
//! players' names, `_` becomes a space. Nothing here knows a game.

use crate::i18n;
use troef_core::{Card, Seat, SeatNames, Suit};

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Token {
    Word(String),
    Card(Card),
    Suit(Suit),
    Seat(Seat),
    /// `>` in a pass: the card goes to the seat that follows.
    Arrow,
}

/// Cuts an action's words into tokens.
pub fn tokens(words: &str, seat_names: SeatNames, seats: u8) -> Vec<Token> {
    let mut out = Vec::new();
    let mut after_trump = false;
    for part in words.split_whitespace() {
        let (core, trailing) = match part.strip_suffix(',') {
            Some(core) => (core, Some(",")),
            None => (part, None),
        };
        for (index, piece) in core.split('>').enumerate() {
            if index > 0 {
                out.push(Token::Arrow);
            }
            if piece.is_empty() {
                continue;
            }
            out.push(token(piece, after_trump || index > 0, seat_names, seats));
        }
        if let Some(trailing) = trailing {
            out.push(Token::Word(trailing.to_string()));
        }
        after_trump = core.eq_ignore_ascii_case("trump");
    }
    out
}

fn token(piece: &str, suit_or_seat_expected: bool, seat_names: SeatNames, seats: u8) -> Token {
    if suit_or_seat_expected && piece.len() == 1 {
        if let Some(suit) = piece.chars().next().and_then(Suit::from_letter) {
            return Token::Suit(suit);
        }
    }
    let numbered_seat =
        piece.len() >= 2 && piece.starts_with(['P', 'p']) && piece[1..].chars().all(|c| c.is_ascii_digit());
    if numbered_seat || (suit_or_seat_expected && piece.len() <= 3) {
        if let Some(seat) = seat_names.parse(piece, seats) {
            return Token::Seat(seat);
        }
    }
    if piece.len() == 2 {
        if let Ok(card) = piece.parse::<Card>() {
            return Token::Card(card);
        }
    }
    Token::Word(piece.to_string())
}

/// The tokens as plain words in the current language, for logs and accessible labels: "play
/// queen of spades".
pub fn plain(tokens: &[Token], name: impl Fn(Seat) -> String) -> String {
    let mut words: Vec<String> = Vec::new();
    for token in tokens {
        match token {
            Token::Word(word) if word == "," => {
                if let Some(last) = words.last_mut() {
                    last.push(',');
                }
            }
            Token::Word(word) => words.push(i18n::word(word)),
            Token::Card(card) => words.push(i18n::card_name(*card)),
            Token::Suit(suit) => words.push(i18n::suit_name(*suit)),
            Token::Seat(seat) => words.push(name(*seat)),
            Token::Arrow => words.push(i18n::t("word-to")),
        }
    }
    words.join(" ")
}

/// Like [`plain`] with the first letter capitalised.
pub fn sentence(tokens: &[Token], name: impl Fn(Seat) -> String) -> String {
    let text = plain(tokens, name);
    let mut chars = text.chars();
    chars.next().map(|first| first.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(code: &str) -> Card {
        code.parse().unwrap()
    }

    #[test]
    fn cards_suits_seats_and_words_are_told_apart() {
        let numbered = SeatNames::Numbered;
        assert_eq!(
            tokens("give 9C>P1 JD>P2", numbered, 3),
            vec![
                Token::Word("give".into()),
                Token::Card(card("9C")),
                Token::Arrow,
                Token::Seat(Seat(1)),
                Token::Card(card("JD")),
                Token::Arrow,
                Token::Seat(Seat(2)),
            ]
        );
        assert_eq!(
            tokens("trump h", SeatNames::Compass, 4),
            vec![Token::Word("trump".into()), Token::Suit(Suit::Hearts)]
        );
        assert_eq!(
            tokens("bid 8 no_trump (zon)", SeatNames::Compass, 4),
            ["bid", "8", "no_trump", "(zon)"].map(|word| Token::Word(word.into())).to_vec()
        );
        assert_eq!(
            tokens("roem run JH TH 9H, stuk KH QH", numbered, 3)[4..6],
            [Token::Card(card("9H")), Token::Word(",".into())]
        );
        assert_eq!(tokens("controller P2", numbered, 4)[1], Token::Seat(Seat(2)));
    }

    #[test]
    fn plain_words_name_cards_and_players() {
        let names = |seat: Seat| ["You", "Anna", "Bram"][seat.index()].to_string();
        let cut = tokens("give 9C>P1 JD>P2", SeatNames::Numbered, 3);
        i18n::set_lang(i18n::Lang::En);
        assert_eq!(plain(&cut, names), "give nine of clubs to Anna jack of diamonds to Bram");
        assert_eq!(
            sentence(&tokens("play QS marriage", SeatNames::Numbered, 3), names),
            "Play queen of spades marriage"
        );
        i18n::set_lang(i18n::Lang::Nl);
        assert_eq!(plain(&cut, names), "geef klaveren negen aan Anna ruiten boer aan Bram");
    }
}

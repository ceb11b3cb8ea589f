//! Languages: every word the app shows, in Fluent resource files (`app/locales/<code>.ftl`,
//! compiled in), looked up through `fluent-bundle`.
//!
//! * [`t`] and the [`tr!`](crate::tr) macro give a message in the current language (English when
//!   a message is missing, the id itself when English lacks it too, so a gap shows and never
//!   breaks a screen).
//! * Game notation is dressed word by word: [`word`] names an action word (`w-...` messages: `bid`,
//!   `take_the_stok`, each game's own terms such as stok, roem, troef, rik, piek, marriage,
//!   barrel, kabsh), [`card_name`] a card ("queen of spades", "schoppen vrouw").
//! * Each language has a writing direction ([`Lang::dir`]); the stylesheet uses logical
//!   properties (start/end), so a right-to-left language (Arabic, for Tarneeb) needs only its
//!   resource file and an entry here. Plural forms are Fluent's (Russian and Polish need them).
//!
//! The current language is a thread-local the root component sets from the settings before it
//! renders; the whole tree is re-rendered under a key of the language when it changes.

use fluent_bundle::{FluentArgs, FluentBundle, FluentResource, FluentValue};
use serde::{Deserialize, Serialize};
use std::cell::{Cell, RefCell};
use troef_core::{Card, Suit};

/// A language of the app.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Lang {
    #[default]
    En,
    Nl,
}

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Nl];

    /// The BCP 47 code (`en`, `nl`), also the page's `lang` attribute.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Nl => "nl",
        }
    }

    /// The language's own name, for the language picker.
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Nl => "Nederlands",
        }
    }

    /// The writing direction, the page's `dir` attribute (`rtl` for Arabic when it is added).
    pub fn dir(self) -> &'static str {
        "ltr"
    }

    pub fn parse(code: &str) -> Option<Lang> {
        Lang::ALL.into_iter().find(|lang| lang.code() == code)
    }

    fn source(self) -> &'static str {
        match self {
            Lang::En => include_str!("../locales/en.ftl"),
            Lang::Nl => include_str!("../locales/nl.ftl"),
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

type Bundle = FluentBundle<FluentResource>;

thread_local! {
    static CURRENT: Cell<Lang> = const { Cell::new(Lang::En) };
    static BUNDLES: RefCell<Vec<Option<Bundle>>> = RefCell::new(Lang::ALL.iter().map(|_| None).collect());
}

fn make_bundle(lang: Lang) -> Bundle {
    let id = lang.code().parse().unwrap_or_default();
    let mut bundle = FluentBundle::new(vec![id]);
    // No bidi isolation marks around arguments: names and numbers sit in text whose direction
    // the page sets.
    bundle.set_use_isolating(false);
    match FluentResource::try_new(lang.source().to_string()) {
        Ok(resource) => {
            let _ = bundle.add_resource(resource);
        }
        Err((resource, _errors)) => {
            // A resource with errors keeps its good messages; the tests refuse errors.
            let _ = bundle.add_resource(resource);
        }
    }
    bundle
}

fn with_bundle<T>(lang: Lang, body: impl FnOnce(&Bundle) -> T) -> T {
    BUNDLES.with(|bundles| {
        let mut bundles = bundles.borrow_mut();
        let slot = &mut bundles[lang.index()];
        body(slot.get_or_insert_with(|| make_bundle(lang)))
    })
}

/// The language screens are rendered in now.
pub fn lang() -> Lang {
    CURRENT.with(Cell::get)
}

pub fn set_lang(lang: Lang) {
    CURRENT.with(|current| current.set(lang));
}

/// Whether `lang` has the message `id`.
pub fn has(lang: Lang, id: &str) -> bool {
    with_bundle(lang, |bundle| bundle.get_message(id).is_some_and(|message| message.value().is_some()))
}

/// The message `id` in `lang` with arguments, or `None` when that language lacks it.
pub fn lookup(lang: Lang, id: &str, args: Option<&FluentArgs>) -> Option<String> {
    with_bundle(lang, |bundle| {
        let pattern = bundle.get_message(id)?.value()?;
        let mut errors = Vec::new();
        Some(bundle.format_pattern(pattern, args, &mut errors).into_owned())
    })
}

/// The message `id` in the current language (then English, then the id).
pub fn t(id: &str) -> String {
    t_args(id, None)
}

pub fn t_args(id: &str, args: Option<&FluentArgs>) -> String {
    let lang = lang();
    lookup(lang, id, args)
        .or_else(|| (lang != Lang::En).then(|| lookup(Lang::En, id, args)).flatten())
        .unwrap_or_else(|| id.to_string())
}

/// A message with named arguments: `tr!("hand-number", number = 3)`.
#[macro_export]
macro_rules! tr {
    ($id:expr) => { $crate::i18n::t($id) };
    ($id:expr, $($name:ident = $value:expr),+ $(,)?) => {{
        let mut args = fluent_bundle::FluentArgs::new();
        $( args.set(stringify!($name), $crate::i18n::arg($value)); )+
        $crate::i18n::t_args($id, Some(&args))
    }};
}

/// Turns a value into a Fluent argument (numbers stay numbers, for plural rules).
pub fn arg<T: IntoArg>(value: T) -> FluentValue<'static> {
    value.into_arg()
}

pub trait IntoArg {
    fn into_arg(self) -> FluentValue<'static>;
}

macro_rules! number_arg {
    ($($t:ty),*) => { $( impl IntoArg for $t { fn into_arg(self) -> FluentValue<'static> { FluentValue::from(self as f64) } } )* };
}
number_arg!(u8, u16, u32, u64, usize, i32, i64);

impl IntoArg for String {
    fn into_arg(self) -> FluentValue<'static> {
        FluentValue::from(self)
    }
}

impl IntoArg for &String {
    fn into_arg(self) -> FluentValue<'static> {
        FluentValue::from(self.clone())
    }
}

impl IntoArg for &str {
    fn into_arg(self) -> FluentValue<'static> {
        FluentValue::from(self.to_string())
    }
}

/// The message id of an action word or term: `w-` and the word, lower case, with anything but
/// letters and digits as `_` (`privé` → `w-priv_`).
pub fn word_id(word: &str) -> String {
    let mut id = String::from("w-");
    for c in word.chars().flat_map(char::to_lowercase) {
        id.push(if c.is_ascii_alphanumeric() { c } else { '_' });
    }
    id
}

/// An action word or game term in the current language; unknown words (numbers, codes such as
/// `PRm`) are kept, with `_` as a space.
pub fn word(word: &str) -> String {
    if word.is_empty() || word.chars().all(|c| c.is_ascii_digit() || "+-=().,:;≥<>/%".contains(c)) {
        return word.to_string();
    }
    let id = word_id(word);
    let lang = lang();
    lookup(lang, &id, None).or_else(|| lookup(Lang::En, &id, None)).unwrap_or_else(|| word.replace('_', " "))
}

/// A line of words (a breakdown line, a contract kind) glossed word by word: every word with a
/// `w-` message is named in the current language, everything else is kept as written.
pub fn gloss(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut current = String::new();
    // Underscores join the words of one term (`piek_ouvert`); at a term's ends (`alleen_9`) they
    // are spaces.
    let flush = |current: &mut String, out: &mut String| {
        let term = current.trim_matches('_');
        if !term.is_empty() {
            let leading = current.len() - current.trim_start_matches('_').len();
            let trailing = current.len() - current.trim_end_matches('_').len();
            out.push_str(&" ".repeat(leading));
            match lookup(lang(), &word_id(term), None) {
                Some(text) if term.chars().any(|c| c.is_lowercase()) => out.push_str(&text),
                _ => out.push_str(&term.replace('_', " ")),
            }
            out.push_str(&" ".repeat(trailing));
        } else {
            out.push_str(&" ".repeat(current.len()));
        }
        current.clear();
    };
    for c in line.chars() {
        if c.is_alphabetic() || c == '_' {
            current.push(c);
        } else {
            flush(&mut current, &mut out);
            out.push(c);
        }
    }
    flush(&mut current, &mut out);
    out
}

/// The suit's name ("spades", "schoppen").
pub fn suit_name(suit: Suit) -> String {
    t(match suit {
        Suit::Clubs => "suit-clubs",
        Suit::Diamonds => "suit-diamonds",
        Suit::Hearts => "suit-hearts",
        Suit::Spades => "suit-spades",
    })
}

/// The card's accessible name: "queen of spades", "schoppen vrouw", "joker".
pub fn card_name(card: Card) -> String {
    let (Some(rank), Some(suit)) = (card.rank(), card.suit()) else { return t("card-joker") };
    let rank_id = format!("rank-{}", rank.value());
    tr!("card-name", rank = t(&rank_id), suit = suit_name(suit))
}

#[cfg(test)]
mod tests {
    use super::*;
    use fluent_bundle::FluentResource;

    fn ids(lang: Lang) -> Vec<String> {
        let resource = FluentResource::try_new(lang.source().to_string())
            .unwrap_or_else(|(_, errors)| panic!("{}: {errors:?}", lang.code()));
        resource
            .entries()
            .filter_map(|entry| match entry {
                fluent_syntax::ast::Entry::Message(message) => Some(message.id.name.to_string()),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn every_language_parses_and_has_every_message_of_the_others() {
        let all: Vec<(Lang, Vec<String>)> = Lang::ALL.iter().map(|&lang| (lang, ids(lang))).collect();
        for (lang, own) in &all {
            for (other, theirs) in &all {
                let missing: Vec<&String> = theirs.iter().filter(|id| !own.contains(id)).collect();
                assert!(missing.is_empty(), "{} lacks {missing:?} of {}", lang.code(), other.code());
            }
        }
    }

    #[test]
    fn cards_words_and_glosses_are_named_in_each_language() {
        let queen: Card = "QS".parse().unwrap();
        set_lang(Lang::En);
        assert_eq!(card_name(queen), "queen of spades");
        assert_eq!(word("take_the_stok"), "take the stok");
        assert_eq!(word("PRm"), "PRm");
        set_lang(Lang::Nl);
        assert_eq!(card_name(queen), "schoppen vrouw");
        assert_eq!(card_name(Card::JOKER), "joker");
        assert_eq!(word("pass"), "pas");
        assert_eq!(gloss("N bid 4, took 5: made, +4"), "N bod 4, haalde 5: gehaald, +4");
        set_lang(Lang::En);
    }

    #[test]
    fn plurals_follow_the_language() {
        set_lang(Lang::Nl);
        assert_eq!(tr!("tricks-count", count = 1), "1 slag");
        assert_eq!(tr!("tricks-count", count = 3), "3 slagen");
        set_lang(Lang::En);
        assert_eq!(tr!("tricks-count", count = 1), "1 trick");
    }
}

//! The screens. One component tree for every platform; the stylesheet is compiled in (no asset
//! bundler needed), and every card is our own SVG. Every word comes from the language files
//! ([`crate::i18n`]); the tree is rebuilt under the language's key when it changes, so a switch
//! mid-game keeps the game (it lives in the signals) and redraws every word.
//!
//! State lives in a few signals shared through [`Ctx`]: the screen, the table session, the
//! settings, the match history and notices. After every change of the table the game is saved
//! ([`after_change`]); a finished match goes to the history once.

pub mod cards;
#[cfg(not(target_arch = "wasm32"))]
pub mod nearby;
pub mod newgame;
pub mod rules;
pub mod settings;
pub mod table;

use crate::i18n::{self, Lang};
use crate::platform;
use crate::session::TableSession;
use crate::store::{self, MatchSummary, Settings, Store, SummaryEntry};
use crate::tr;
use dioxus::prelude::*;
use std::rc::Rc;
use troef_core::{GameId, KeyKind, Seat};

/// Every language, for pickers.
pub const LANGUAGES: [Lang; 2] = Lang::ALL;

/// The stylesheet, compiled into the app.
pub const STYLE: &str = include_str!("../../../assets/troef.css");

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    Home,
    NewGame,
    Table,
    Scoreboard,
    History,
    /// The rules: the list of games, or one game's page.
    Rules(Option<GameId>),
    Settings,
    /// Play nearby: open or join a table on this Wi-Fi.
    Nearby,
}

impl Screen {
    /// The screen's name in `data-screen` (for tests and styles).
    pub fn name(self) -> &'static str {
        match self {
            Screen::Home => "Home",
            Screen::NewGame => "NewGame",
            Screen::Table => "Table",
            Screen::Scoreboard => "Scoreboard",
            Screen::History => "History",
            Screen::Rules(None) => "Rules",
            Screen::Rules(Some(_)) => "RulesGame",
            Screen::Settings => "Settings",
            Screen::Nearby => "Nearby",
        }
    }
}

/// The app's shared state.
#[derive(Clone, Copy)]
pub struct Ctx {
    pub screen: Signal<Screen>,
    pub session: Signal<Option<Box<dyn TableSession>>>,
    pub settings: Signal<Settings>,
    pub history: Signal<Vec<MatchSummary>>,
    /// Messages for the player (a damaged save set aside, a save that failed).
    pub notices: Signal<Vec<String>>,
    /// Pass-and-play: the seat whose cards are on screen (`None`: nobody's, the privacy screen).
    pub revealed: Signal<Option<Seat>>,
    pub store: Signal<Rc<dyn Store>>,
}

impl std::fmt::Debug for Ctx {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Ctx").field("screen", &*self.screen.peek()).finish_non_exhaustive()
    }
}

pub fn use_ctx() -> Ctx {
    use_context::<Ctx>()
}

impl Ctx {
    pub fn go(mut self, screen: Screen) {
        self.screen.set(screen);
    }

    pub fn notice(mut self, text: impl Into<String>) {
        self.notices.write().push(text.into());
    }

    pub fn store(&self) -> Rc<dyn Store> {
        self.store.peek().clone()
    }
}

/// Saves the table after a change (an action, a new hand); a match that just ended goes to the
/// history (only the action that ends a match can call this with the match over).
pub fn after_change(ctx: Ctx) {
    let store = ctx.store();
    let (saved, ended) = {
        let session = ctx.session.peek();
        let Some(session) = session.as_ref() else { return };
        let ended = session.hand_result().and_then(|result| result.match_over.clone().map(|summary| (result, summary)));
        let summary = ended.map(|(result, summary)| MatchSummary {
            game: session.game().name().to_string(),
            players: session.setup().seats.iter().map(|seat| seat.name.clone()).collect(),
            hands: result.hand_number,
            result: summary,
            totals: result.totals.iter().map(SummaryEntry::from).collect(),
            finished_at_ms: platform::now_ms() as u64,
        });
        (session.saved(), summary)
    };
    if let Some(saved) = saved {
        if let Err(error) = store::save_game(&*store, &saved) {
            ctx.notice(tr!("notice-save-failed", error = error));
        }
    }
    if let Some(summary) = ended {
        let mut history = ctx.history;
        history.write().push(summary);
        let saved = store::save_history(&*store, &history.peek());
        if let Err(error) = saved {
            ctx.notice(tr!("notice-history-failed", error = error));
        }
    }
}

/// Whether the match at the table is over.
pub fn match_over(ctx: Ctx) -> bool {
    ctx.session
        .peek()
        .as_ref()
        .and_then(|session| session.hand_result())
        .is_some_and(|result| result.match_over.is_some())
}

/// Leaves the table for the home screen; a finished match's save is cleared.
pub fn leave_table(ctx: Ctx) {
    if match_over(ctx) {
        let mut session = ctx.session;
        session.set(None);
        if let Err(error) = store::clear_game(&*ctx.store()) {
            ctx.notice(tr!("notice-clear-failed", error = error));
        }
    }
    ctx.go(Screen::Home);
}

/// A test's handle on an app instance's state (given as a root context of its `VirtualDom`): the
/// app puts its [`Ctx`] and nearby state here when it starts, so the test can do what taps do.
#[cfg(not(target_arch = "wasm32"))]
#[derive(Clone, Debug, Default)]
pub struct AppHandle(pub Rc<std::cell::RefCell<Option<(Ctx, nearby::Nearby)>>>);

#[component]
pub fn App() -> Element {
    let loaded = use_hook(|| {
        let store: Rc<dyn Store> = Rc::from(platform::store());
        let mut loaded = store::load_all(&*store);
        let session = loaded.game.take().and_then(|saved| match crate::local::resume(&saved) {
            Ok(session) => Some(session),
            Err(error) => {
                loaded.notices.push(store::set_aside_game(&*store, &error));
                None
            }
        });
        Rc::new(std::cell::RefCell::new(Some((store, loaded, session))))
    });
    let ctx = use_context_provider(|| {
        let (store, loaded, session) = loaded.borrow_mut().take().expect("the app state is made once");
        Ctx {
            screen: Signal::new(Screen::Home),
            session: Signal::new(session),
            settings: Signal::new(loaded.settings),
            history: Signal::new(loaded.history),
            notices: Signal::new(loaded.notices),
            revealed: Signal::new(None),
            store: Signal::new(store),
        }
    });
    #[cfg(not(target_arch = "wasm32"))]
    {
        let options = try_use_context::<nearby::NearbyOptions>().unwrap_or_default();
        let nearby = use_context_provider(|| nearby::Nearby {
            client: Signal::new(None),
            found: Signal::new(Vec::new()),
            waiting: Signal::new(None),
            error: Signal::new(None),
            options: Signal::new(options),
        });
        if let Some(handle) = try_use_context::<AppHandle>() {
            handle.0.borrow_mut().get_or_insert((ctx, nearby));
        }
        // A table saved by a nearby game rejoins when the app starts again.
        use_hook(move || {
            if cfg!(any(feature = "desktop", feature = "mobile")) && nearby::has_saved_table() {
                nearby::start_node(ctx, nearby, ctx.settings.peek().name.clone());
            }
        });
    }
    let settings = ctx.settings.read().clone();
    i18n::set_lang(settings.language);
    platform::set_document_language(settings.language.code(), settings.language.dir());
    let four = if settings.four_colours { "four-colours" } else { "two-colours" };
    let theme = settings.theme.name();
    let screen = *ctx.screen.read();
    // One keyed child: a new language rebuilds every component (words are read while rendering).
    let languages = [settings.language];
    rsx! {
        style { {STYLE} }
        for lang in languages {
            div {
                key: "{lang.code()}",
                class: "app {four} theme-{theme}",
                lang: "{lang.code()}",
                dir: "{lang.dir()}",
                "data-screen": "{screen.name()}",
                "data-lang": "{lang.code()}",
                "data-theme": "{theme}",
                match screen {
                    Screen::Home => rsx! { Home {} },
                    Screen::NewGame => rsx! { newgame::NewGame {} },
                    Screen::Table => rsx! { table::TableScreen {} },
                    Screen::Scoreboard => rsx! { table::ScoreboardScreen {} },
                    Screen::History => rsx! { HistoryScreen {} },
                    Screen::Rules(game) => rsx! { rules::RulesScreen { game } },
                    Screen::Settings => rsx! { settings::SettingsScreen {} },
                    Screen::Nearby => rsx! { NearbyEntry {} },
                }
            }
        }
    }
}

#[component]
fn Notices() -> Element {
    let mut ctx = use_ctx();
    let notices = ctx.notices.read().clone();
    rsx! {
        if !notices.is_empty() {
            div { class: "notices", role: "alert",
                for (index, notice) in notices.iter().enumerate() {
                    p { key: "{index}", "{notice}" }
                }
                button { class: "btn small", onclick: move |_| ctx.notices.write().clear(), {tr!("dismiss")} }
            }
        }
    }
}

#[component]
pub fn TopBar(title: String, back: Screen) -> Element {
    let ctx = use_ctx();
    rsx! {
        header { class: "topbar",
            button { class: "icon-btn", "aria-label": "{tr!(\"back\")}", "data-action": "back", onclick: move |_| ctx.go(back), span { class: "flip-rtl", "‹" } }
            h1 { "{title}" }
            span { class: "icon-btn spacer" }
        }
    }
}

#[component]
fn Home() -> Element {
    let ctx = use_ctx();
    let resume = ctx.session.read().as_ref().map(|session| {
        let hand = session.view(None).hand_number;
        let over = session.hand_result().is_some_and(|result| result.match_over.is_some());
        (game_title(session.game()), hand, over)
    });
    rsx! {
        main { class: "home",
            div { class: "brand",
                div { class: "brand-cards", "aria-hidden": "true",
                    span { class: "mini-card r1", cards::CardArt { card: "AS".parse().ok() } }
                    span { class: "mini-card r2", cards::CardArt { card: "KH".parse().ok() } }
                    span { class: "mini-card r3", cards::CardArt { card: "QD".parse().ok() } }
                    span { class: "mini-card r4", cards::CardArt { card: "JC".parse().ok() } }
                }
                h1 { "Troef" }
                p { class: "tagline", {tr!("tagline")} }
            }
            Notices {}
            nav { class: "home-actions",
                if let Some((title, hand, over)) = resume.clone() {
                    button { class: "btn primary big", "data-action": "continue", onclick: move |_| ctx.go(Screen::Table),
                        if over { {tr!("home-see-result", game = &title)} } else { {tr!("home-continue", game = &title, hand = hand)} }
                    }
                }
                button { class: "btn big", class: if resume.is_none() { "primary" }, "data-action": "new-game",
                    onclick: move |_| ctx.go(Screen::NewGame), {tr!("new-game")}
                }
                NearbyButton {}
                div { class: "row",
                    button { class: "btn", "data-action": "rules", onclick: move |_| ctx.go(Screen::Rules(None)), {tr!("rules")} }
                    button { class: "btn", "data-action": "history", onclick: move |_| ctx.go(Screen::History), {tr!("history")} }
                    button { class: "btn", "data-action": "settings", onclick: move |_| ctx.go(Screen::Settings), {tr!("settings")} }
                }
            }
        }
    }
}

/// "Play nearby" on the home screen; the web build says why it cannot (no dead button).
#[component]
fn NearbyButton() -> Element {
    let ctx = use_ctx();
    if cfg!(target_arch = "wasm32") {
        return rsx! { p { class: "muted nearby-unavailable", "data-nearby-unavailable": "", {tr!("nearby-web")} } };
    }
    rsx! {
        button { class: "btn big", "data-action": "nearby", onclick: move |_| ctx.go(Screen::Nearby), {tr!("nearby-play")} }
    }
}

/// The nearby screen where the build has a network.
#[component]
fn NearbyEntry() -> Element {
    #[cfg(not(target_arch = "wasm32"))]
    return rsx! { nearby::NearbyScreen {} };
    #[cfg(target_arch = "wasm32")]
    return rsx! {
        TopBar { title: tr!("nearby-title"), back: Screen::Home }
        main { class: "page", p { {tr!("nearby-web")} } }
    };
}

#[component]
fn HistoryScreen() -> Element {
    let history = use_ctx().history.read().clone();
    rsx! {
        TopBar { title: tr!("history-title"), back: Screen::Home }
        main { class: "page",
            if history.is_empty() {
                p { class: "muted", {tr!("history-empty")} }
            }
            ul { class: "history",
                for (index, entry) in history.iter().enumerate().rev() {
                    li { key: "{index}", class: "panel",
                        div { class: "history-head",
                            strong { {GameId::parse(&entry.game).map(game_title).unwrap_or_default()} }
                            span { class: "muted", "{platform::date_text(entry.finished_at_ms)} · " {tr!("hands-count", count = entry.hands)} }
                        }
                        p { {i18n::gloss(&entry.result)} }
                        p { class: "muted", {entry.players.join(", ")} }
                        div { class: "totals",
                            for total in entry.totals.iter() {
                                span { key: "{total.label}", class: "total", "{total.label}: " strong { "{total.value}" } }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// A key's or value's name as a label in the current language: `target_score` → "Target score"
/// (the `w-` message of the word when there is one).
pub fn key_label(name: &str) -> String {
    let text = i18n::word(name);
    let mut chars = text.chars();
    chars.next().map(|first| first.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

/// A key's allowed values in words.
pub fn allowed(kind: KeyKind) -> String {
    match kind {
        KeyKind::Choice(values) => values.iter().map(|value| key_label(value)).collect::<Vec<_>>().join(", "),
        KeyKind::Integer { min, max, step } => tr!("allowed-range", min = min, max = max, step = step),
        KeyKind::Subset(values) => {
            tr!("allowed-subset", values = values.iter().map(|value| key_label(value)).collect::<Vec<_>>().join(", "))
        }
    }
}

/// A game's title in the current language.
pub fn game_title(id: GameId) -> String {
    tr!(&format!("game-{}", id.name()))
}

/// A game's one-line description in the current language.
pub fn game_description(id: GameId) -> String {
    tr!(&format!("game-{}-line", id.name()))
}

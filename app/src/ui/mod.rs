//! The screens. One component tree for every platform; the stylesheet is compiled in (no asset
//! bundler needed), and every card is our own SVG.
//!
//! State lives in a few signals shared through [`Ctx`]: the screen, the table session, the
//! settings, the match history and notices. After every change of the table the game is saved
//! ([`after_change`]); a finished match goes to the history once.

pub mod cards;
pub mod newgame;
pub mod table;

use crate::platform;
use crate::session::TableSession;
use crate::store::{self, MatchSummary, Settings, Store, SummaryEntry};
use dioxus::prelude::*;
use std::rc::Rc;
use troef_core::{GameId, KeyKind, Seat};

/// The stylesheet, compiled into the app.
pub const STYLE: &str = include_str!("../../../assets/troef.css");

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    Home,
    NewGame,
    Table,
    Scoreboard,
    History,
    Rules,
    Settings,
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

    fn store(&self) -> Rc<dyn Store> {
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
            ctx.notice(format!("The game could not be saved: {error}"));
        }
    }
    if let Some(summary) = ended {
        let mut history = ctx.history;
        history.write().push(summary);
        let saved = store::save_history(&*store, &history.peek());
        if let Err(error) = saved {
            ctx.notice(format!("The match history could not be saved: {error}"));
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
            ctx.notice(format!("The finished game could not be cleared: {error}"));
        }
    }
    ctx.go(Screen::Home);
}

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
    let four = if ctx.settings.read().four_colours { "four-colours" } else { "two-colours" };
    let screen = *ctx.screen.read();
    rsx! {
        style { {STYLE} }
        div { class: "app {four}", "data-screen": "{screen:?}",
            match screen {
                Screen::Home => rsx! { Home {} },
                Screen::NewGame => rsx! { newgame::NewGame {} },
                Screen::Table => rsx! { table::TableScreen {} },
                Screen::Scoreboard => rsx! { table::ScoreboardScreen {} },
                Screen::History => rsx! { HistoryScreen {} },
                Screen::Rules => rsx! { RulesScreen {} },
                Screen::Settings => rsx! { SettingsScreen {} },
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
                button { class: "btn small", onclick: move |_| ctx.notices.write().clear(), "Dismiss" }
            }
        }
    }
}

#[component]
pub fn TopBar(title: String, back: Screen) -> Element {
    let ctx = use_ctx();
    rsx! {
        header { class: "topbar",
            button { class: "icon-btn", "aria-label": "Back", onclick: move |_| ctx.go(back), "‹" }
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
        (session.game().title(), hand, over)
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
                p { class: "tagline", "Kitchen-table card games, on your phone." }
            }
            Notices {}
            nav { class: "home-actions",
                if let Some((title, hand, over)) = resume {
                    button { class: "btn primary big", "data-action": "continue", onclick: move |_| ctx.go(Screen::Table),
                        if over { "See the result of {title}" } else { "Continue {title} · hand {hand}" }
                    }
                }
                button { class: "btn big", class: if resume.is_none() { "primary" }, "data-action": "new-game",
                    onclick: move |_| ctx.go(Screen::NewGame), "New game"
                }
                div { class: "row",
                    button { class: "btn", onclick: move |_| ctx.go(Screen::Rules), "Rules" }
                    button { class: "btn", "data-action": "history", onclick: move |_| ctx.go(Screen::History), "History" }
                    button { class: "btn", "data-action": "settings", onclick: move |_| ctx.go(Screen::Settings), "Settings" }
                }
            }
        }
    }
}

#[component]
fn HistoryScreen() -> Element {
    let history = use_ctx().history.read().clone();
    rsx! {
        TopBar { title: "Match history", back: Screen::Home }
        main { class: "page",
            if history.is_empty() {
                p { class: "muted", "No finished matches yet. Finished matches appear here with their final scores." }
            }
            ul { class: "history",
                for (index, entry) in history.iter().enumerate().rev() {
                    li { key: "{index}", class: "panel",
                        div { class: "history-head",
                            strong { {GameId::parse(&entry.game).map(|id| id.title()).unwrap_or("?")} }
                            span { class: "muted", "{platform::date_text(entry.finished_at_ms)} · {entry.hands} hands" }
                        }
                        p { "{entry.result}" }
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

/// A key's name as a label: `target_score` → "Target score".
pub fn key_label(name: &str) -> String {
    let text = name.replace('_', " ");
    let mut chars = text.chars();
    chars.next().map(|first| first.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

#[component]
fn RulesScreen() -> Element {
    rsx! {
        TopBar { title: "Rules", back: Screen::Home }
        main { class: "page",
            p { class: "muted", "Each game below with the house rules you can set when starting a game, their defaults and what they do." }
            for id in GameId::ALL {
                details { key: "{id.name()}", class: "panel rules",
                    summary { strong { "{id.title()}" } " — {id.description()}" }
                    ul {
                        for key in newgame::keys_of(id) {
                            li { key: "{key.name}",
                                strong { {key_label(key.name)} }
                                span { class: "muted", " (default {key.default}; {allowed(key.kind)})" }
                                br {}
                                "{key.help}"
                            }
                        }
                    }
                }
            }
        }
    }
}

fn allowed(kind: KeyKind) -> String {
    match kind {
        KeyKind::Choice(values) => values.join(", "),
        KeyKind::Integer { min, max, step } => format!("{min} to {max} in steps of {step}"),
        KeyKind::Subset(values) => format!("any of {}", values.join(", ")),
    }
}

#[component]
fn SettingsScreen() -> Element {
    let ctx = use_ctx();
    let settings = *ctx.settings.read();
    let save = move |new: Settings| {
        let mut signal = ctx.settings;
        signal.set(new);
        if let Err(error) = store::save_settings(&*ctx.store(), &new) {
            ctx.notice(format!("Settings could not be saved: {error}"));
        }
    };
    rsx! {
        TopBar { title: "Settings", back: Screen::Home }
        main { class: "page",
            section { class: "panel",
                h2 { "Bot speed" }
                p { class: "muted", "How long bots pause before they play, so you can follow every card." }
                div { class: "segmented", role: "radiogroup",
                    for speed in store::BotSpeed::ALL {
                        button {
                            key: "{speed.name()}",
                            class: if settings.bot_speed == speed { "seg on" } else { "seg" },
                            role: "radio",
                            "aria-checked": "{settings.bot_speed == speed}",
                            "data-speed": "{speed.name()}",
                            onclick: move |_| save(Settings { bot_speed: speed, ..settings }),
                            {key_label(speed.name())}
                        }
                    }
                }
            }
            section { class: "panel",
                h2 { "Suit colours" }
                p { class: "muted", "Four colours tell the suits apart at a glance and for colour-blind players; every suit also has its own shape." }
                div { class: "segmented", role: "radiogroup",
                    button { class: if settings.four_colours { "seg on" } else { "seg" }, role: "radio",
                        "aria-checked": "{settings.four_colours}",
                        onclick: move |_| save(Settings { four_colours: true, ..settings }), "Four colours"
                    }
                    button { class: if !settings.four_colours { "seg on" } else { "seg" }, role: "radio",
                        "aria-checked": "{!settings.four_colours}",
                        onclick: move |_| save(Settings { four_colours: false, ..settings }), "Red and black"
                    }
                }
                div { class: "suit-sample",
                    for suit in troef_core::Suit::ALL {
                        cards::SuitIcon { key: "{suit.letter()}", suit }
                    }
                }
            }
            section { class: "panel",
                h2 { "Saved games" }
                p { class: "muted", "The game in progress and the match history are saved after every card, in {platform::store_place()}." }
            }
        }
    }
}

//! The Troef app: one Dioxus component tree for the web (wasm), the desktop window (development)
//! and the phones (Android and iOS, in the system WebView).
//!
//! * [`setup`] — a table before its first deal: game, variant config, seats (people, bots).
//! * [`session`] — the table-session seam the table screen drives, and the game-independent view
//!   of a table ([`session::TableView`]) built only from one seat's `SeatView`.
//! * [`local`] — the local session: the rules core and the bots on this device.
//! * `nearby` (native builds) — nearby play: the networked session over `troef-net`'s client
//!   handle, the app's network runtime, the headless peer (`troef-app peer ...`).
//! * [`bots`] — which bot plays at which level, and the hint (a move and its reason).
//! * [`i18n`] — every word in Dutch and English (Fluent resource files in `app/locales/`).
//! * [`card_art`] — our card drawings in SVG (the app's and the files in `assets/cards/`).
//! * [`store`] — saving after every action, resuming, damaged saves set aside.
//! * [`words`] — action notation turned into words and card symbols for buttons and logs.
//! * [`ui`] — the screens (home, new game, table, hand result, scoreboard, history, rules).
//! * [`platform`] — what differs per platform: storage, timers, seeds, clipboard-free export.

pub mod bots;
pub mod card_art;
pub mod i18n;
pub mod local;
#[cfg(not(target_arch = "wasm32"))]
pub mod nearby;
pub mod platform;
pub mod session;
pub mod setup;
pub mod store;
// The rsx! macro expands event handlers with paths the workspace lint calls unnecessary.
#[allow(unused_qualifications)]
pub mod ui;
pub mod words;

/// Starts the app with the renderer this build was made for.
pub fn launch() {
    #[cfg(any(feature = "web", feature = "desktop", feature = "mobile"))]
    dioxus::launch(ui::App);
    #[cfg(not(any(feature = "web", feature = "desktop", feature = "mobile")))]
    {
        eprintln!("troef-app was built without a renderer: build with --features web, desktop or mobile");
        std::process::exit(2);
    }
}

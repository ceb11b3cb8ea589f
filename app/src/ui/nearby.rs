//! "Play nearby": open a table on this Wi-Fi (game, seats, bots hosted here, hands) or join one
//! found nearby, the waiting room, and the pump that carries the node's events into the app.
//!
//! The node runs on the app's network runtime ([`crate::nearby::runtime`]); its events arrive in
//! a task of the UI ([`start_node`]) that awaits the channel, so nothing here blocks rendering.
//! Lobby news goes to the [`Nearby`] signals; once the table starts, its events go to the
//! networked session in [`Ctx::session`], which the table screen renders like a local table.

use super::{game_title, newgame, use_ctx, Ctx, Screen, TopBar};
use crate::nearby;
use crate::session::TableSession;
use crate::tr;
use dioxus::prelude::*;
use troef_core::GameId;
use troef_net::p2p::{spawn as spawn_node, Announcement, Client, Command, NodeConfig, NodeEvent, OpenTable};

/// The lobby's state, shared by the nearby screens.
#[derive(Clone, Copy, Debug)]
pub struct Nearby {
    pub client: Signal<Option<Client>>,
    /// Open tables found on this Wi-Fi.
    pub found: Signal<Vec<Announcement>>,
    /// The table this device opened or joined, until it starts.
    pub waiting: Signal<Option<Announcement>>,
    pub error: Signal<Option<String>>,
    pub options: Signal<NearbyOptions>,
}

/// How this device's node starts: where it keeps its identity and tables, where it listens, how
/// it finds other devices. The app uses [`NearbyOptions::default`] (mDNS on the Wi-Fi); tests
/// give each app instance its own directory and the in-memory transport, and name the other
/// devices through the discovery seam.
#[derive(Clone, Debug)]
pub struct NearbyOptions {
    pub data_dir: std::path::PathBuf,
    pub listen: String,
    pub mdns: bool,
    /// Devices known without discovery: `(peer id, address)`.
    pub peers: Vec<(libp2p_types::PeerId, libp2p_types::Multiaddr)>,
}

impl Default for NearbyOptions {
    fn default() -> NearbyOptions {
        NearbyOptions { data_dir: data_dir(), listen: "/ip4/0.0.0.0/tcp/0".into(), mdns: true, peers: Vec::new() }
    }
}

/// The libp2p types of the discovery seam, as `troef-net` names them.
pub mod libp2p_types {
    pub use troef_net::p2p::{Multiaddr, PeerId};
}

pub fn use_nearby() -> Nearby {
    use_context::<Nearby>()
}

/// Where the node keeps this device's identity and its tables.
pub fn data_dir() -> std::path::PathBuf {
    #[cfg(any(feature = "desktop", feature = "mobile"))]
    {
        if let Some(dir) = dirs::data_dir() {
            return dir.join("troef").join("nearby");
        }
    }
    std::env::temp_dir().join("troef-nearby")
}

/// Whether a table saved here is still going (a table to rejoin when the app starts).
pub fn has_saved_table() -> bool {
    if !data_dir().join("tables").is_dir() {
        return false;
    }
    let Ok(store) = troef_net::table::store::Store::new(data_dir()) else { return false };
    store.tables().iter().any(|table| table.hosted.iter().any(|hosted| !hosted.checkpoint.over))
}

/// Starts this device's node (once) and the task that carries its events into the app. A saved
/// table resumes by itself: the node reports it started, and the table screen rejoins it.
pub fn start_node(ctx: Ctx, nearby: Nearby, name: String) {
    if nearby.client.peek().is_some() {
        return;
    }
    let options = nearby.options.peek().clone();
    let Ok(listen) = options.listen.parse() else { return };
    let config =
        NodeConfig { data_dir: options.data_dir.clone(), name, listen: vec![listen], mdns: options.mdns, chaos: false };
    let started = {
        let _runtime = nearby::runtime().enter();
        spawn_node(config)
    };
    let (client, mut events) = match started {
        Ok(started) => started,
        Err(error) => {
            let mut slot = nearby.error;
            slot.set(Some(error));
            return;
        }
    };
    for (peer, address) in options.peers {
        client.send(Command::AddPeer(peer, address));
    }
    let mut slot = nearby.client;
    slot.set(Some(client.clone()));
    // The app's root owns the task: it outlives the screen that started the node.
    dioxus::dioxus_core::spawn_forever(async move {
        while let Some(event) = events.recv().await {
            route(ctx, nearby, &client, event);
        }
    });
}

/// One node event to where it belongs.
fn route(ctx: Ctx, nearby: Nearby, client: &Client, event: NodeEvent) {
    match event {
        NodeEvent::TableStarted { genesis, my_seats, .. } => match nearby::start(client.clone(), &genesis, &my_seats) {
            Ok(session) => {
                let mut slot = ctx.session;
                slot.set(Some(session as Box<dyn TableSession>));
                let mut waiting = nearby.waiting;
                waiting.set(None);
                if *ctx.screen.peek() == Screen::Nearby {
                    ctx.go(Screen::Table);
                }
            }
            Err(error) => ctx.notice(error),
        },
        NodeEvent::TableFound(table) => {
            // The table this device waits at, as its host announces it now (who has joined since).
            if nearby.waiting.peek().as_ref().is_some_and(|waiting| waiting.table_id == table.table_id) {
                let mut waiting = nearby.waiting;
                waiting.set(Some(table.clone()));
            }
            let mut found = nearby.found;
            let mut found = found.write();
            found.retain(|known| known.table_id != table.table_id);
            found.push(table);
        }
        NodeEvent::SeatsChanged(table) => {
            let mut waiting = nearby.waiting;
            waiting.set(Some(table));
        }
        NodeEvent::Error(error) if nearby.waiting.peek().is_some() || ctx.session.peek().is_none() => {
            let mut slot = nearby.error;
            slot.set(Some(error));
        }
        event => {
            let mut slot = ctx.session;
            let mut session = slot.write();
            if let Some(session) = session.as_mut().and_then(|session| session.as_nearby()) {
                session.receive(event);
            }
        }
    }
}

/// Opens a table of `game` here: this device's person in seat 0, `bots` seats played by bots it
/// hosts, `hands` hands.
pub fn open_table(ctx: Ctx, nearby: Nearby, game: GameId, settings: Vec<(String, String)>, bots: u8, hands: u32) {
    let Some(client) = nearby.client.peek().clone() else { return };
    let name = ctx.settings.peek().name.clone();
    client.send(Command::Open(OpenTable {
        table_name: tr!("nearby-table-of", name = name),
        game: game.name().to_string(),
        settings,
        bots,
        bot_kind: "baseline".into(),
        own_bot: None,
        hands,
        seed: crate::platform::new_seed(),
    }));
}

/// Joins a table found nearby, at its first free seat.
pub fn join_table(nearby: Nearby, table: &Announcement) {
    let Some(client) = nearby.client.peek().clone() else { return };
    client.send(Command::Join { table_name: table.table_name.clone(), seat: None, own_bot: None });
    let mut waiting = nearby.waiting;
    waiting.set(Some(table.clone()));
}

/// A lobby seat's label in the current language: the net's "`<kind>` bot hosted by `<name>`"
/// ([`troef_net::table::wire::SeatInfo::label`]) or the player's name.
fn seat_label(label: &str) -> String {
    match label.split_once(" bot hosted by ") {
        Some((_, host)) => tr!("nearby-bot-of", name = host),
        None => label.to_string(),
    }
}

/// The open form's check: the game's own ([`newgame::check`]), then whether a table of peers can
/// follow the variant (a variant whose next turn depends on a hidden hand is played on one device:
/// [`troef_core::Game::needs_full_knowledge`]). Returns the seat count.
fn check_for_table(id: GameId, config: &std::collections::BTreeMap<String, String>) -> Result<u8, String> {
    let seats = newgame::check(id, config)?;
    let one_device_only = troef_core::with_game!(id, G => {
        use troef_core::Game;
        troef_core::ConfigValues::validate(G::config_keys(), config.iter().map(|(k, v)| (k.as_str(), v.as_str())))
            .is_ok_and(|values| G::needs_full_knowledge(&G::config(&values)).is_some())
    });
    if one_device_only {
        return Err(tr!("nearby-one-device-variant"));
    }
    Ok(seats)
}

#[component]
pub fn NearbyScreen() -> Element {
    let ctx = use_ctx();
    let nearby = use_nearby();
    use_hook(move || start_node(ctx, nearby, ctx.settings.peek().name.clone()));
    let mut game = use_signal(|| GameId::Tarneeb);
    let mut config = use_signal(|| newgame::defaults(GameId::Tarneeb));
    let mut bots = use_signal(|| 2u8);
    let mut hands = use_signal(|| 4u32);
    let waiting = nearby.waiting.read().clone();
    let found = nearby.found.read().clone();
    let error = nearby.error.read().clone();
    let id = *game.read();
    let current = config.read().clone();
    let checked = check_for_table(id, &current);
    let seats = *checked.as_ref().unwrap_or(&1);
    let open = move |_| {
        let settings = config.peek().iter().map(|(key, value)| (key.clone(), value.clone())).collect();
        open_table(ctx, nearby, *game.peek(), settings, (*bots.peek()).min(seats - 1), *hands.peek());
    };
    rsx! {
        TopBar { title: tr!("nearby-title"), back: Screen::Home }
        main { class: "page nearby", "data-nearby-lobby": "",
            if let Some(error) = error {
                p { class: "notices", role: "alert", "{error}" }
            }
            if let Some(table) = waiting {
                section { class: "panel", "data-waiting-room": "{table.table_name}",
                    h2 { {tr!("nearby-waiting-room")} }
                    p { strong { "{table.table_name}" } " · " {GameId::parse(&table.game).map(game_title).unwrap_or_default()} }
                    ol { class: "seats",
                        for (index, seat) in table.seats.iter().enumerate() {
                            li { key: "{index}", "data-seat": "{index}", class: if seat.is_some() { "taken" } else { "free" },
                                match seat {
                                    Some(label) => rsx! { "{seat_label(label)} ✓" },
                                    None => rsx! { span { class: "muted", {tr!("nearby-free-seat")} } },
                                }
                            }
                        }
                    }
                    p { class: "muted", {tr!("nearby-start-note")} }
                }
            } else {
                section { class: "panel", "data-nearby-open": "",
                    h2 { {tr!("nearby-open")} }
                    label { class: "field",
                        span { {tr!("nearby-game")} }
                        select { "data-field": "game", onchange: move |event| {
                                if let Ok(id) = GameId::parse(&event.value()) {
                                    game.set(id);
                                    config.set(newgame::defaults(id));
                                }
                            },
                            for id in GameId::ALL {
                                option { key: "{id.name()}", value: "{id.name()}", selected: *game.read() == id, {game_title(id)} }
                            }
                        }
                    }
                    for key in newgame::keys_of(id).iter().filter(|key| newgame::key_applies(id, key.name, &current)) {
                        newgame::KeyField { key: "{id.name()}-{key.name}", game: id, name: key.name, value: current.get(key.name).cloned().unwrap_or_default(), config }
                    }
                    if let Err(reason) = &checked {
                        p { class: "error", role: "alert", "{reason}" }
                    }
                    label { class: "field",
                        span { {tr!("nearby-bots")} }
                        input { r#type: "number", min: "0", max: "{seats - 1}", value: "{bots.read().min(seats - 1)}", "data-field": "bots",
                            oninput: move |event| bots.set(event.value().parse::<u8>().unwrap_or(0).min(seats - 1)),
                        }
                    }
                    label { class: "field",
                        span { {tr!("nearby-hands")} }
                        input { r#type: "number", min: "1", max: "100", value: "{hands}", "data-field": "hands",
                            oninput: move |event| hands.set(event.value().parse::<u32>().unwrap_or(1).clamp(1, 100)),
                        }
                    }
                    button { class: "btn primary", "data-action": "open-table", disabled: checked.is_err(), onclick: open, {tr!("nearby-open-button")} }
                }
                section { class: "panel", "data-nearby-found": "",
                    h2 { {tr!("nearby-found")} }
                    if found.is_empty() {
                        p { class: "muted", {tr!("nearby-none-found")} }
                    }
                    ul { class: "found",
                        for table in found.into_iter() {
                            li { key: "{table.table_name}",
                                strong { "{table.table_name}" }
                                " · " {GameId::parse(&table.game).map(game_title).unwrap_or_default()}
                                " · " {tr!("nearby-seats", taken = table.seats.iter().flatten().count(), seats = table.seats.len())}
                                button { class: "btn small", "data-action": "join-table", "data-table": "{table.table_name}",
                                    onclick: {
                                        let table = table.clone();
                                        move |_| join_table(nearby, &table)
                                    },
                                    {tr!("nearby-join")}
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The open form refuses a variant a table of peers cannot follow, with the app's reason, and
    /// accepts the same game without it.
    #[test]
    fn the_open_form_refuses_one_device_variants() {
        let mut config = newgame::defaults(GameId::Tysiacha);
        assert_eq!(check_for_table(GameId::Tysiacha, &config), Ok(3));
        config.insert("four_nines_redeal".into(), "on".into());
        let refused = check_for_table(GameId::Tysiacha, &config).expect_err("four_nines_redeal is one-device only");
        assert!(refused.contains("one device"), "{refused}");
        assert!(newgame::check(GameId::Tysiacha, &config).is_ok(), "local play keeps the variant");
    }
}

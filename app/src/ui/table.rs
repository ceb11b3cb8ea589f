//! The table screen (seats, trick, hand, action panel, undo and hint), the privacy screen of
//! pass-and-play, the hand result, the scoreboard, the hand's history and the record export.
//! Cards animate from the hand to the trick and from the trick to its winner (CSS, off when the
//! system asks for reduced motion).
//!
//! The screen renders one [`TableView`], built from the seat view of the person holding the phone
//! (or the public view). **While the privacy screen shows, no view is built at all**, so the page
//! holds no card of any hand.

use super::cards::{CardArt, CardChip, SuitIcon};
use super::{after_change, game_title, leave_table, use_ctx, Ctx, Screen, TopBar};
use crate::i18n::{self, card_name};
use crate::session::{ActionOption, HandCard, HandResult, NearbyStatus, PauseView, SeatPanel, TableView, TrickView};
use crate::tr;
use crate::words::{self, Token};
use dioxus::prelude::*;
use troef_core::{Card, Game, GameId, Seat, SeatNames};

fn seat_names(game: GameId) -> SeatNames {
    troef_core::with_game!(game, G => G::SEAT_NAMES)
}

/// Who holds the phone now, and whether the privacy screen must show first.
enum Holder {
    /// Show this seat's view (or the public view).
    Show(Option<Seat>),
    /// Pass the phone to this seat's player first.
    Pass(Seat),
}

fn holder(ctx: Ctx) -> Holder {
    let session = ctx.session.read();
    let Some(session) = session.as_ref() else { return Holder::Show(None) };
    // A networked table has one view: this device's seat.
    if let Some(own) = session.own_seat() {
        return Holder::Show(Some(own));
    }
    let people = session.setup().person_seats();
    let revealed = *ctx.revealed.read();
    match people.count_ones() {
        0 => Holder::Show(None),
        1 => Holder::Show(Some(Seat(people.trailing_zeros() as u8))),
        _ => match session.to_act() {
            Some(seat) if people & seat.bit() != 0 && revealed != Some(seat) => Holder::Pass(seat),
            _ => Holder::Show(revealed),
        },
    }
}

/// Waits between the bots' moves: the platform's timer, or on a build without a window (tests,
/// the headless peer) the network runtime's timer, so the loop still yields.
async fn wait_ms(ms: u32) {
    #[cfg(all(not(target_arch = "wasm32"), not(any(feature = "desktop", feature = "mobile"))))]
    tokio::time::sleep(std::time::Duration::from_millis(u64::from(ms))).await;
    #[cfg(any(target_arch = "wasm32", feature = "desktop", feature = "mobile"))]
    crate::platform::sleep(ms).await;
}

/// Plays the bots' moves, paced so a player can follow, yielding to the UI between moves.
fn use_bot_driver(ctx: Ctx) {
    use_future(move || async move {
        loop {
            let waiting = ctx.session.peek().as_ref().is_some_and(|session| session.waits_for_bot());
            if !waiting {
                wait_ms(60).await;
                continue;
            }
            let (pause, trick_pause) = ctx.settings.peek().bot_speed.pauses_ms();
            let trick_just_done = ctx.session.peek().as_ref().is_some_and(|session| {
                let view = session.view(None);
                view.trick.cards.is_empty() && view.last_trick.is_some() && view.tricks_played > 0
            });
            wait_ms(if trick_just_done { trick_pause } else { pause }).await;
            let mut slot = ctx.session;
            let result = match slot.write().as_mut() {
                Some(session) if session.waits_for_bot() => session.advance(),
                _ => Ok(false),
            };
            match result {
                Ok(true) => {
                    sound_after_action(ctx);
                    after_change(ctx);
                }
                Ok(false) => {}
                Err(error) => {
                    ctx.notice(tr!("notice-bot-failed", error = error));
                    wait_ms(1000).await;
                }
            }
        }
    });
}

/// A short sound for what just happened at the table (a card played, a trick taken), when sound
/// is on.
fn sound_after_action(ctx: Ctx) {
    if !ctx.settings.peek().sound {
        return;
    }
    let view = ctx.session.peek().as_ref().map(|session| session.view(None));
    if let Some(view) = view {
        if view.trick.cards.is_empty() && view.tricks_played > 0 {
            crate::platform::play_sound("trick");
        } else if !view.trick.cards.is_empty() {
            crate::platform::play_sound("card");
        }
    }
}

#[component]
pub fn TableScreen() -> Element {
    let ctx = use_ctx();
    use_bot_driver(ctx);
    let overlay = use_signal(|| None::<Overlay>);
    if ctx.session.read().is_none() {
        return rsx! {
            TopBar { title: tr!("table"), back: Screen::Home }
            main { class: "page", p { {tr!("table-no-game")} } }
        };
    }
    let status = ctx.session.read().as_ref().and_then(|session| session.nearby());
    if let Some(pause) = status.as_ref().and_then(|status| status.paused.clone()) {
        return rsx! { PausedScreen { pause } };
    }
    let result = ctx.session.read().as_ref().and_then(|session| session.hand_result());
    if let Some(result) = result {
        return rsx! {
            ResultScreen { result, overlay }
            OverlayView { overlay }
        };
    }
    match holder(ctx) {
        Holder::Pass(seat) => rsx! { PrivacyScreen { seat } },
        Holder::Show(viewer) => {
            let view = ctx.session.read().as_ref().map(|session| session.view(viewer));
            let Some(view) = view else { return rsx! {} };
            rsx! {
                if let Some(status) = status {
                    NearbyBanner { status, names: view.seats.iter().map(|panel| panel.name.clone()).collect::<Vec<_>>() }
                }
                Board { view, overlay }
                OverlayView { overlay }
            }
        }
    }
}

/// A networked table's connection line: who is connected, who is away ("waiting for Anna..."),
/// and the deal in progress.
#[component]
fn NearbyBanner(status: NearbyStatus, names: Vec<String>) -> Element {
    let missing: Vec<String> = status.missing.iter().map(|(_, name)| name.clone()).collect();
    rsx! {
        div { class: "nearby-banner", "data-nearby": "{status.table_name}",
            ul { class: "presence",
                for (index, name) in names.iter().enumerate() {
                    li {
                        key: "{index}",
                        class: if status.missing.iter().any(|(seat, _)| seat.index() == index) { "away" } else { "here" },
                        "data-presence": "{index}",
                        "{name} · "
                        if status.missing.iter().any(|(seat, _)| seat.index() == index) { {tr!("nearby-away")} } else { {tr!("nearby-connected")} }
                    }
                }
            }
            if !missing.is_empty() {
                p { class: "waiting-for", role: "status", "data-waiting-for": "", {tr!("nearby-waiting-for", names = missing.join(", "))} }
            } else if status.waiting {
                p { class: "muted", role: "status", {tr!("nearby-dealing")} }
            }
        }
    }
}

/// The table stopped because a device broke the rules or the protocol: which seat, and what.
#[component]
fn PausedScreen(pause: PauseView) -> Element {
    let ctx = use_ctx();
    rsx! {
        TopBar { title: tr!("nearby-paused-title"), back: Screen::Home }
        main { class: "page paused", "data-paused": "{pause.kind}",
            section { class: "panel", role: "alert",
                h2 { {tr!("nearby-paused-title")} }
                match (pause.seat, pause.name.clone()) {
                    (Some(seat), Some(name)) => rsx! { p { "data-paused-seat": "{seat.0}", {tr!("nearby-paused-seat", name = name, seat = seat.0 + 1, kind = pause.kind.clone())} } },
                    _ => rsx! { p { {tr!("nearby-paused-device", kind = pause.kind.clone())} } },
                }
                p { class: "muted", {tr!("nearby-paused-detail", detail = pause.detail.clone())} }
                button { class: "btn", "data-action": "home", onclick: move |_| ctx.go(Screen::Home), {tr!("home")} }
            }
        }
    }
}

#[component]
fn PrivacyScreen(seat: Seat) -> Element {
    let ctx = use_ctx();
    let name = ctx
        .session
        .read()
        .as_ref()
        .and_then(|session| session.setup().seat(seat).map(|seat| seat.name.clone()))
        .unwrap_or_default();
    rsx! {
        main { class: "privacy", "data-privacy": "{seat.0}",
            div { class: "privacy-card",
                div { class: "privacy-icon", "aria-hidden": "true", "🂠" }
                h1 { {tr!("privacy-title", name = name.clone())} }
                p { {tr!("privacy-text", name = name.clone())} }
                button {
                    class: "btn primary big",
                    "data-action": "ready",
                    onclick: move |_| {
                        let mut revealed = ctx.revealed;
                        revealed.set(Some(seat));
                    },
                    {tr!("privacy-ready", name = name.clone())}
                }
                button { class: "btn ghost", onclick: move |_| leave_table(ctx), {tr!("leave-table")} }
            }
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Overlay {
    Menu,
    LastTrick,
    /// The record of a finished hand, by number.
    Record(u32),
    /// The whole hand so far: every trick with its winner, and every call.
    Log,
}

/// Where a seat sits on screen relative to the viewer (clockwise from the bottom).
fn position(seat: Seat, viewer: Seat, seats: u8) -> &'static str {
    let offset = (seat.0 + seats - viewer.0) % seats;
    match (seats, offset) {
        (_, 0) => "bottom",
        (3, 1) => "left",
        (3, _) => "right",
        (_, 1) => "left",
        (_, 2) => "top",
        _ => "right",
    }
}

/// Renders action tokens with card chips, suit icons and player names.
#[component]
fn Words(words: String, game: GameId, names: Vec<String>) -> Element {
    let tokens = words::tokens(&words, seat_names(game), names.len() as u8);
    rsx! {
        for (index, token) in tokens.into_iter().enumerate() {
            match token {
                Token::Word(word) => rsx! { span { key: "{index}", class: "w", "{i18n::word(&word)} " } },
                Token::Card(card) => rsx! { span { key: "{index}", CardChip { card } " " } },
                Token::Suit(suit) => rsx! { span { key: "{index}", SuitIcon { suit } " " } },
                Token::Seat(seat) => rsx! { span { key: "{index}", class: "w", {names.get(seat.index()).cloned().unwrap_or_default()} " " } },
                Token::Arrow => rsx! { span { key: "{index}", class: "w", span { class: "flip-rtl", "→" } " " } },
            }
        }
    }
}

fn game_of(ctx: Ctx) -> GameId {
    ctx.session.peek().as_ref().map_or(GameId::Tarneeb, |session| session.game())
}

fn plain_words(words: &str, game: GameId, names: &[String]) -> String {
    words::sentence(&words::tokens(words, seat_names(game), names.len() as u8), |seat| {
        names.get(seat.index()).cloned().unwrap_or_default()
    })
}

#[component]
fn Board(view: TableView, overlay: Signal<Option<Overlay>>) -> Element {
    let ctx = use_ctx();
    let names: Vec<String> = view.seats.iter().map(|panel| panel.name.clone()).collect();
    let seats = view.seats.len() as u8;
    let anchor = view.viewer.unwrap_or(Seat(0));
    // Cards picked for a multi-card action (a discard, a pass), a card whose actions are being
    // chosen, and a refusal: each kept with the moment (actions so far) it belongs to, so that
    // they lapse when the table moves on.
    let mut picked = use_signal(|| (0usize, Vec::<Card>::new()));
    let mut choice = use_signal(|| (0usize, None::<Card>));
    let mut error = use_signal(|| (0usize, None::<String>));
    // The hint asked for at this moment: the action's line and its reason in words.
    let mut hint = use_signal(|| (0usize, None::<(String, String)>));
    let moment = view.log.len();
    let picked_cards = if picked.read().0 == moment { picked.read().1.clone() } else { Vec::new() };
    let options = view.options.clone();
    let single: Vec<&ActionOption> = options.iter().filter(|option| option.cards.len() == 1).collect();
    let multi: Vec<&ActionOption> = options.iter().filter(|option| option.cards.len() > 1).collect();
    let need = multi.iter().map(|option| option.cards.len()).min().unwrap_or(0);
    let viewer = view.viewer;
    let act = use_callback(move |line: String| {
        let Some(seat) = viewer else { return };
        let mut slot = ctx.session;
        let outcome = slot.write().as_mut().map(|session| session.act(seat, &line));
        match outcome {
            Some(Ok(())) => {
                hint.set((moment + 1, None));
                sound_after_action(ctx);
                after_change(ctx);
            }
            Some(Err(reason)) => error.set((moment, Some(reason))),
            None => {}
        }
    });
    let tap = {
        let options = options.clone();
        use_callback(move |card: Card| {
            let plays: Vec<&ActionOption> = options.iter().filter(|option| option.cards == [card]).collect();
            match plays.len() {
                1 => act.call(plays[0].line.clone()),
                0 => {
                    if options.iter().any(|option| option.cards.len() > 1 && option.cards.contains(&card)) {
                        let mut state = picked.write();
                        if state.0 != moment {
                            *state = (moment, Vec::new());
                        }
                        if let Some(at) = state.1.iter().position(|&c| c == card) {
                            state.1.remove(at);
                        } else {
                            state.1.push(card);
                        }
                    }
                }
                _ => choice.set((moment, Some(card))),
            }
        })
    };
    let to_act_name = view.to_act.map(|seat| view.seat_name(seat).to_string()).unwrap_or_default();
    let my_turn = view.viewer.is_some() && view.to_act == view.viewer;
    let status = if my_turn {
        if !single.is_empty() && multi.is_empty() {
            tr!("status-tap-card")
        } else if need > 0 {
            tr!("status-pick-cards", count = need)
        } else {
            tr!("status-your-turn")
        }
    } else if view.to_act.is_some() {
        tr!("status-to-play", name = to_act_name.clone())
    } else {
        String::new()
    };
    let game = view.game;
    let shown_trick =
        if view.trick.cards.is_empty() { view.last_trick.clone().filter(|_| view.tricks_played > 0) } else { None };
    let center = shown_trick.clone().unwrap_or(view.trick.clone());
    let settled = shown_trick.is_some();
    let has_last = view.last_trick.is_some();
    let me = view.viewer.map(|seat| view.seats[seat.index()].clone());
    let hand_rows = split_rows(&view.hand);
    let picked_set = picked_cards.clone();
    let matching: Vec<ActionOption> = multi
        .iter()
        .filter(|option| {
            let mut cards = option.cards.clone();
            cards.sort();
            let mut chosen = picked_set.clone();
            chosen.sort();
            cards == chosen
        })
        .map(|option| (*option).clone())
        .collect();
    let pickable: Vec<Card> = multi.iter().flat_map(|option| option.cards.iter().copied()).collect();
    let buttons: Vec<ActionOption> = options.iter().filter(|option| option.cards.is_empty()).cloned().collect();
    let chooser: Vec<ActionOption> = match *choice.read() {
        (at, Some(card)) if at == moment => options.iter().filter(|option| option.cards == [card]).cloned().collect(),
        _ => Vec::new(),
    };
    let refusal = error.read().1.clone().filter(|_| error.read().0 == moment);
    let shown_hint = hint.read().1.clone().filter(|_| hint.read().0 == moment && my_turn);
    let hinted_cards: Vec<Card> = shown_hint
        .as_ref()
        .and_then(|(line, _)| options.iter().find(|option| &option.line == line))
        .map(|option| option.cards.clone())
        .unwrap_or_default();
    let can_undo = view.undo_available;
    let ask_hint = move |_| {
        let Some(seat) = viewer else { return };
        let found = ctx.session.peek().as_ref().and_then(|session| session.hint(seat));
        if let Some((line, reason_id)) = found {
            let words = ctx
                .session
                .peek()
                .as_ref()
                .map(|session| session.view(Some(seat)))
                .and_then(|view| view.options.into_iter().find(|option| option.line == line))
                .map(|option| option.words)
                .unwrap_or_default();
            let names: Vec<String> = ctx
                .session
                .peek()
                .as_ref()
                .map(|session| session.setup().seats.iter().map(|seat| seat.name.clone()).collect())
                .unwrap_or_default();
            let text = tr!("hint-text", action = plain_words(&words, game_of(ctx), &names), reason = tr!(reason_id));
            hint.set((moment, Some((line, text))));
        }
    };
    let undo = move |_| {
        let mut slot = ctx.session;
        let outcome = slot.write().as_mut().map(|session| session.undo());
        match outcome {
            Some(Ok(())) => after_change(ctx),
            Some(Err(reason)) => error.set((moment, Some(reason))),
            None => {}
        }
    };
    let winner_pos = view.last_trick.as_ref().and_then(|trick| trick.winner).map(|seat| position(seat, anchor, seats));
    rsx! {
        div { class: "table seats-{seats}", "data-viewer": "{view.viewer.map(|s| s.0 as i32).unwrap_or(-1)}",
            header { class: "topbar",
                button { class: "icon-btn", "aria-label": "{tr!(\"home\")}", "data-action": "home", onclick: move |_| leave_table(ctx), span { class: "flip-rtl", "‹" } }
                h1 { {game_title(game)} span { class: "muted", " · " {tr!("hand-number", number = view.hand_number)} } }
                button { class: "icon-btn", "aria-label": "{tr!(\"menu\")}", "data-action": "menu", onclick: move |_| overlay.set(Some(Overlay::Menu)), "≡" }
            }
            div { class: "facts", "data-facts": "",
                FactsLine { view: view.clone() }
            }
            div { class: "felt",
                for panel in view.seats.iter().filter(|panel| Some(panel.seat) != view.viewer) {
                    SeatBox { key: "{panel.seat.0}", panel: panel.clone(), pos: position(panel.seat, anchor, seats), game, names: names.clone(), on_tap: tap }
                }
                div {
                    class: if settled { "trick settled to-{winner_pos.unwrap_or(\"top\")}" } else { "trick" },
                    "data-trick": "",
                    role: "button",
                    tabindex: "0",
                    "aria-label": "{tr!(\"show-last-trick\")}",
                    onclick: move |_| if has_last { overlay.set(Some(Overlay::LastTrick)) },
                    onkeydown: move |event: KeyboardEvent| {
                        if has_last && matches!(event.key(), Key::Enter | Key::Character(_)) {
                            overlay.set(Some(Overlay::LastTrick));
                        }
                    },
                    for played in center.cards.iter() {
                        div { key: "{played.seat.0}-{played.face.card.map(|card| card.to_string()).unwrap_or_default()}", class: "trick-card at-{position(played.seat, anchor, seats)}",
                            CardFaceView { card: played.face.card, size: "md" }
                        }
                    }
                    if let Some(winner) = center.winner.filter(|_| settled) {
                        div { class: "trick-note", {tr!("won-by", name = view.seat_name(winner).to_string())} }
                    }
                    if center.cards.is_empty() && !view.talon.is_empty() {
                        div { class: "talon", role: "group", "aria-label": "{tr!(\"talon-of\", count = view.talon.len())}",
                            for (index, face) in view.talon.iter().enumerate() {
                                div { key: "{index}", class: "talon-card", CardFaceView { card: face.card, size: "sm" } }
                            }
                        }
                    }
                }
            }
            div { class: "me",
                if let Some(me) = me.clone() {
                    div { class: if me.to_act { "me-line acting" } else { "me-line" },
                        strong { "{me.name}" }
                        SeatBadges { panel: me.clone() }
                    }
                }
                p { class: if my_turn { "status mine" } else { "status" }, role: "status", "aria-live": "polite", "data-status": "", "{status}" }
                if let Some(reason) = refusal {
                    p { class: "error", role: "alert", "{reason}" }
                }
                if let Some((_, text)) = shown_hint.as_ref() {
                    p { class: "hint", role: "status", "data-hint": "", "{text}" }
                }
                if (my_turn && view.viewer.is_some()) || can_undo {
                    div { class: "tools",
                        if my_turn {
                            button { class: "btn small", "data-action": "hint", onclick: ask_hint, {tr!("hint")} }
                        }
                        if can_undo {
                            button { class: "btn small", "data-action": "undo", onclick: undo, {tr!("undo")} }
                        }
                    }
                }
                if my_turn {
                    div { class: "actions", "data-actions": "",
                        if !chooser.is_empty() {
                            div { class: "choice",
                                for option in chooser.iter() {
                                    button { key: "{option.line}", class: "btn primary", "data-line": "{option.line}",
                                        onclick: { let line = option.line.clone(); move |_| act.call(line.clone()) },
                                        Words { words: option.words.clone(), game, names: names.clone() }
                                    }
                                }
                                button { class: "btn ghost", onclick: move |_| choice.set((moment, None)), {tr!("cancel")} }
                            }
                        }
                        if need > 0 {
                            div { class: "pick",
                                span { "data-need": "{need}", {tr!("picked-of", picked = picked_cards.len(), need = need)} }
                                for option in matching.iter() {
                                    button { key: "{option.line}", class: "btn primary", "data-line": "{option.line}",
                                        onclick: { let line = option.line.clone(); move |_| act.call(line.clone()) },
                                        Words { words: option.words.clone(), game, names: names.clone() }
                                    }
                                }
                            }
                        }
                        if !single.is_empty() && !buttons.is_empty() {
                            // Cards are to be played: other actions (a claim) stay one tap away,
                            // out of the way of a mistaken tap.
                            details { class: "more",
                                summary { {tr!("other-actions")} }
                                ButtonGroups { options: buttons.clone(), game, names: names.clone(), on_act: act }
                            }
                        } else {
                            ButtonGroups { options: buttons.clone(), game, names: names.clone(), on_act: act }
                        }
                    }
                }
                if let Some(me) = me.as_ref().filter(|me| me.cards_in_hand > view.hand.len()) {
                    div { class: "unseen-hand", "data-unseen-hand": "",
                        p { {tr!("hand-unseen", count = me.cards_in_hand - view.hand.len())} }
                        div { class: "backs",
                            for index in 0..(me.cards_in_hand - view.hand.len()).min(13) {
                                span { key: "{index}", class: "card sm", CardArt { card: None } }
                            }
                        }
                    }
                }
                div { class: "hand", "data-hand": "", role: "group", "aria-label": "{tr!(\"your-hand\")}",
                    for (row_index, row) in hand_rows.iter().enumerate() {
                        div { key: "{row_index}", class: "hand-row", style: "--n: {row.len()}",
                            for (index, held) in row.iter().enumerate() {
                                HandCardView {
                                    key: "{held.card}",
                                    held: held.clone(),
                                    tilt: index as i32 * 2 - row.len() as i32 + 1,
                                    active: my_turn && (held.playable),
                                    hinted: hinted_cards.contains(&held.card),
                                    picked: picked_cards.contains(&held.card),
                                    pickable: pickable.contains(&held.card),
                                    on_tap: tap,
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// Splits a hand into two overlapping rows when it is too long for one row of 44-pixel strips.
fn split_rows(hand: &[HandCard]) -> Vec<Vec<HandCard>> {
    if hand.len() <= 8 {
        return vec![hand.to_vec()];
    }
    let first = hand.len().div_ceil(2);
    vec![hand[..first].to_vec(), hand[first..].to_vec()]
}

#[component]
fn FactsLine(view: TableView) -> Element {
    let facts = view.facts.clone();
    let declarers: Vec<String> = facts.declarers.iter().map(|seat| view.seat_name(*seat).to_string()).collect();
    rsx! {
        div { class: "facts-line",
            if let Some(contract) = facts.contract.as_ref() {
                span { class: "fact", "data-contract": "{contract}", {tr!("fact-contract")} " " strong { {i18n::gloss(contract)} } }
            } else if view.tricks_played == 0 && view.trick.cards.is_empty() {
                span { class: "fact", {tr!("fact-bidding")} }
            }
            if !declarers.is_empty() {
                span { class: "fact", {tr!("fact-by")} " " strong { {declarers.join(" & ")} } }
            }
            if let Some(trump) = facts.trump {
                span { class: "fact", {tr!(&format!("fact-trump-{}", view.game.name()))} " " SuitIcon { suit: trump } }
            }
            if let Some(called) = facts.called {
                span { class: "fact", {tr!("fact-called")} " " CardChip { card: called } }
            }
        }
    }
}

#[component]
fn SeatBadges(panel: SeatPanel) -> Element {
    rsx! {
        span { class: "badges",
            if panel.dealer { span { class: "badge", title: "{tr!(\"dealer\")}", role: "img", "aria-label": "{tr!(\"dealer\")}", {tr!("dealer-letter")} } }
            if panel.declarer { span { class: "badge gold", title: "{tr!(\"declarer\")}", role: "img", "aria-label": "{tr!(\"declarer\")}", "★" } }
            if let Some(team) = panel.team { span { class: "badge team-{team}", {tr!("team", team = team.to_string())} } }
            span { class: "badge", role: "img", "aria-label": "{tr!(\"tricks-count\", count = panel.tricks)}", {tr!("tricks-short", count = panel.tricks)} }
        }
    }
}

#[component]
fn SeatBox(
    panel: SeatPanel,
    pos: &'static str,
    game: GameId,
    names: Vec<String>,
    on_tap: EventHandler<Card>,
) -> Element {
    let initial: String = panel.name.chars().next().map(|c| c.to_uppercase().collect()).unwrap_or_default();
    let backs = panel.cards_in_hand.saturating_sub(panel.shown.len()).min(13);
    rsx! {
        div { class: if panel.to_act { "seat at-{pos} acting" } else { "seat at-{pos}" }, "data-seat": "{panel.seat.0}",
            div { class: "avatar", "aria-hidden": "true", "{initial}" }
            div { class: "seat-text",
                div { class: "seat-name", "{panel.name}" if panel.is_bot { span { class: "muted", " · " {tr!("bot")} } } }
                SeatBadges { panel: panel.clone() }
                if let Some(call) = panel.last_call.as_ref() {
                    div { class: "call", "data-call": "{panel.seat.0}", Words { words: call.clone(), game, names: names.clone() } }
                }
            }
            div { class: "backs", role: "img", "aria-label": "{tr!(\"cards-count\", count = panel.cards_in_hand)}",
                for index in 0..backs {
                    span { key: "{index}", class: "back-mini" }
                }
            }
            if !panel.shown.is_empty() {
                div { class: "shown",
                    for held in panel.shown.iter() {
                        HandCardView { key: "{held.card}", held: held.clone(), tilt: 0, active: held.playable, picked: false, pickable: false, on_tap }
                    }
                }
            }
        }
    }
}

#[component]
fn CardFaceView(card: Option<Card>, size: &'static str) -> Element {
    rsx! {
        match card {
            Some(card) => rsx! {
                div { class: "card {size}", role: "img", "aria-label": "{card_name(card)}", "data-card": "{card}",
                    CardArt { card: Some(card) }
                }
            },
            None => rsx! {
                div { class: "card {size}", role: "img", "aria-label": "{tr!(\"face-down-card\")}", "data-card-back": "",
                    CardArt { card: None }
                }
            },
        }
    }
}

#[component]
fn HandCardView(
    held: HandCard,
    tilt: i32,
    active: bool,
    picked: bool,
    pickable: bool,
    #[props(default)] hinted: bool,
    on_tap: EventHandler<Card>,
) -> Element {
    let card = held.card;
    let mut class = String::from("card hand-card lg");
    if hinted {
        class.push_str(" hinted");
    }
    if active || pickable {
        class.push_str(" playable");
    }
    if picked {
        class.push_str(" picked");
    }
    rsx! {
        button {
            class,
            style: "--tilt: {tilt}",
            "aria-label": "{card_name(card)}",
            "aria-pressed": if pickable { "{picked}" },
            "data-card": "{card}",
            "data-hand-card": "{card}",
            "data-playable": "{active || pickable}",
            disabled: !(active || pickable),
            onclick: move |_| on_tap.call(card),
            CardArt { card: Some(card) }
        }
    }
}

/// Buttons for the actions that move no card, grouped by their first word; a long group (a
/// ladder of bids) becomes a stepper.
#[component]
fn ButtonGroups(options: Vec<ActionOption>, game: GameId, names: Vec<String>, on_act: EventHandler<String>) -> Element {
    let mut groups: Vec<(String, Vec<ActionOption>)> = Vec::new();
    for option in options {
        match groups.iter_mut().find(|(group, _)| *group == option.group) {
            Some((_, members)) => members.push(option),
            None => groups.push((option.group.clone(), vec![option])),
        }
    }
    rsx! {
        for (group, members) in groups.into_iter() {
            if members.len() > 8 {
                Stepper { key: "{group}", options: members, game, names: names.clone(), on_act }
            } else {
                div { key: "{group}", class: "btn-group", "data-group": "{group}",
                    for option in members.into_iter() {
                        button {
                            key: "{option.line}",
                            class: if option.group == "pass" { "btn" } else { "btn primary" },
                            "data-line": "{option.line}",
                            "aria-label": "{plain_words(&option.words, game, &names)}",
                            onclick: { let line = option.line.clone(); move |_| on_act.call(line.clone()) },
                            Words { words: option.words.clone(), game, names: names.clone() }
                        }
                    }
                }
            }
        }
    }
}

#[component]
fn Stepper(options: Vec<ActionOption>, game: GameId, names: Vec<String>, on_act: EventHandler<String>) -> Element {
    let mut index = use_signal(|| 0usize);
    let at = (*index.read()).min(options.len().saturating_sub(1));
    let current = options[at].clone();
    let count = options.len();
    rsx! {
        div { class: "stepper", "data-group": "{current.group}",
            button { class: "btn step", "aria-label": "{tr!(\"lower\")}", disabled: at == 0, onclick: move |_| index.set(at.saturating_sub(1)), "−" }
            button {
                class: "btn primary grow",
                "data-line": "{current.line}",
                "data-stepper": "",
                "aria-label": "{plain_words(&current.words, game, &names)}",
                onclick: { let line = current.line.clone(); move |_| on_act.call(line.clone()) },
                Words { words: current.words.clone(), game, names: names.clone() }
            }
            button { class: "btn step", "aria-label": "{tr!(\"higher\")}", disabled: at + 1 >= count, onclick: move |_| index.set((at + 1).min(count - 1)), "+" }
        }
    }
}

#[component]
fn ResultScreen(result: HandResult, overlay: Signal<Option<Overlay>>) -> Element {
    let ctx = use_ctx();
    let (game, names) = {
        let session = ctx.session.read();
        let session = session.as_ref();
        (
            session.map_or(GameId::Tarneeb, |session| session.game()),
            session
                .map(|session| session.setup().seats.iter().map(|seat| seat.name.clone()).collect::<Vec<_>>())
                .unwrap_or_default(),
        )
    };
    let over = result.match_over.clone();
    let deltas_json = serde_json::to_string(&result.deltas).unwrap_or_default();
    rsx! {
        header { class: "topbar",
            button { class: "icon-btn", "aria-label": "{tr!(\"home\")}", onclick: move |_| leave_table(ctx), span { class: "flip-rtl", "‹" } }
            h1 { {game_title(game)} span { class: "muted", " · " {tr!("hand-number", number = result.hand_number)} } }
            button { class: "icon-btn", "aria-label": "{tr!(\"scoreboard\")}", onclick: move |_| ctx.go(Screen::Scoreboard), "≡" }
        }
        main { class: "page result", "data-result": "", "data-deltas": "{deltas_json}", "data-kind": "{result.contract_kind}",
            match result.verified {
                Some(true) => rsx! { p { class: "verified", "data-verified": "true", role: "status", "✓ " {tr!("nearby-verified")} } },
                Some(false) => rsx! { p { class: "verified unverified", "data-verified": "false", role: "status", {tr!("nearby-unverified")} } },
                None => rsx! {},
            }
            section { class: "panel",
                h2 { if let Some(summary) = over.as_ref() { {tr!("match-over", summary = i18n::gloss(&with_names(summary, game, &names)))} } else { {tr!("hand-scored", number = result.hand_number)} } }
                p { class: "muted", {tr!("result-contract", kind = i18n::gloss(&result.contract_kind))} if !result.played_out { " " {tr!("not-played-out")} } }
                ol { class: "breakdown", "data-breakdown": "",
                    for (index, line) in result.breakdown.iter().enumerate() {
                        li { key: "{index}", {i18n::gloss(&with_names(line, game, &names))} }
                    }
                }
            }
            section { class: "panel",
                h2 { {tr!("this-hand")} }
                table { class: "scores",
                    tbody {
                        for (index, delta) in result.deltas.iter().enumerate() {
                            tr { key: "{index}", "data-delta-seat": "{index}",
                                td { {names.get(index).cloned().unwrap_or_default()} }
                                td { class: "num", "data-delta": "{delta}", {signed(*delta)} }
                            }
                        }
                    }
                }
                h2 { {tr!("match-totals")} }
                table { class: "scores",
                    tbody {
                        for entry in result.totals.iter() {
                            tr { key: "{entry.key}", "data-total-key": "{entry.key}",
                                td { "{entry.label}" }
                                td { class: "num", "data-total": "{entry.value}", "{entry.value}" }
                            }
                        }
                    }
                }
            }
            div { class: "result-actions",
                if over.is_none() {
                    button {
                        class: "btn primary big",
                        "data-action": "next-hand",
                        onclick: move |_| {
                            let mut slot = ctx.session;
                            let outcome = slot.write().as_mut().map(|session| session.next_hand());
                            if let Some(Err(error)) = outcome {
                                ctx.notice(error);
                            }
                            let mut revealed = ctx.revealed;
                            revealed.set(None);
                            after_change(ctx);
                        },
                        {tr!("next-hand")}
                    }
                } else {
                    button { class: "btn primary big", "data-action": "new-game", onclick: move |_| { leave_table(ctx); ctx.go(Screen::NewGame) }, {tr!("new-game")} }
                }
                div { class: "row",
                    button { class: "btn", "data-action": "record", onclick: move |_| overlay.set(Some(Overlay::Record(result.hand_number))), {tr!("hand-record")} }
                    button { class: "btn", "data-action": "scoreboard", onclick: move |_| ctx.go(Screen::Scoreboard), {tr!("scoreboard")} }
                    button { class: "btn", "data-action": "home", onclick: move |_| leave_table(ctx), {tr!("home")} }
                }
            }
        }
    }
}

/// A breakdown line with numbered seats (`P1`) written as the players' names; compass letters
/// are left alone (a single letter is too often something else).
fn with_names(line: &str, game: GameId, names: &[String]) -> String {
    if seat_names(game) != SeatNames::Numbered {
        return line.to_string();
    }
    let mut out = String::with_capacity(line.len());
    let mut rest = line;
    while let Some(at) = rest.find('P') {
        out.push_str(&rest[..at]);
        let digits: String = rest[at + 1..].chars().take_while(char::is_ascii_digit).collect();
        let boundary = out.chars().last().is_none_or(|c| !c.is_alphanumeric());
        match digits.parse::<usize>().ok().and_then(|seat| names.get(seat)).filter(|_| boundary) {
            Some(name) => {
                out.push_str(name);
                rest = &rest[at + 1 + digits.len()..];
            }
            None => {
                out.push('P');
                rest = &rest[at + 1..];
            }
        }
    }
    out.push_str(rest);
    out
}

fn signed(value: i64) -> String {
    if value > 0 {
        format!("+{value}")
    } else {
        value.to_string()
    }
}

/// Percent-encodes text for a `data:` address (everything but unreserved characters).
fn percent_encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len() * 3 / 2);
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || b"-_.~".contains(&byte) {
            out.push(byte as char);
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

#[component]
fn OverlayView(overlay: Signal<Option<Overlay>>) -> Element {
    let ctx = use_ctx();
    let Some(which) = *overlay.read() else { return rsx! {} };
    let session = ctx.session.read();
    let Some(session) = session.as_ref() else { return rsx! {} };
    let game = session.game();
    let names: Vec<String> = session.setup().seats.iter().map(|seat| seat.name.clone()).collect();
    let has_last = session.view(None).last_trick.is_some();
    let body = match which {
        Overlay::Menu => rsx! {
            h2 { {tr!("table")} }
            button { class: "btn big", "data-action": "last-trick", disabled: !has_last, onclick: move |_| overlay.set(Some(Overlay::LastTrick)), {tr!("last-trick")} }
            button { class: "btn big", "data-action": "log", onclick: move |_| overlay.set(Some(Overlay::Log)), {tr!("hand-history")} }
            button { class: "btn big", "data-action": "scores", onclick: move |_| { overlay.set(None); ctx.go(Screen::Scoreboard) }, {tr!("scoreboard")} }
            button { class: "btn big", "data-action": "rules-here", onclick: move |_| { overlay.set(None); ctx.go(Screen::Rules(Some(game))) }, {tr!("rules-of", game = game_title(game))} }
            button { class: "btn big", "data-action": "settings-here", onclick: move |_| { overlay.set(None); ctx.go(Screen::Settings) }, {tr!("settings")} }
            button { class: "btn big", "data-action": "leave", onclick: move |_| { overlay.set(None); leave_table(ctx) }, {tr!("leave-table-saved")} }
        },
        Overlay::LastTrick => {
            // The last trick is public: everyone saw it played.
            let view = session.view(None);
            let trick: Option<TrickView> = view.last_trick.clone();
            rsx! {
                h2 { {tr!("last-trick")} }
                if let Some(trick) = trick {
                    div { class: "last-trick",
                        for played in trick.cards.iter() {
                            div { key: "{played.seat.0}", class: "last-trick-card",
                                CardFaceView { card: played.face.card, size: "md" }
                                span { {names.get(played.seat.index()).cloned().unwrap_or_default()} }
                            }
                        }
                    }
                    if let Some(winner) = trick.winner {
                        p { {tr!("won-by", name = names.get(winner.index()).cloned().unwrap_or_default())} }
                    }
                } else {
                    p { {tr!("no-trick-yet")} }
                }
            }
        }
        Overlay::Log => {
            let view = session.view(None);
            rsx! {
                h2 { {tr!("hand-history")} }
                if view.tricks.is_empty() {
                    p { class: "muted", {tr!("no-trick-yet")} }
                }
                ol { class: "trick-history", "data-trick-history": "",
                    for (number, trick) in view.tricks.iter().enumerate() {
                        li { key: "{number}",
                            span { class: "trick-number", {tr!("trick-number", number = number + 1)} }
                            span { class: "trick-cards",
                                for played in trick.cards.iter() {
                                    span { key: "{played.seat.0}", class: "played",
                                        span { class: "who", {names.get(played.seat.index()).cloned().unwrap_or_default()} }
                                        if let Some(card) = played.face.card { CardChip { card } }
                                    }
                                }
                            }
                            if let Some(winner) = trick.winner {
                                span { class: "muted", {tr!("won-by", name = names.get(winner.index()).cloned().unwrap_or_default())} }
                            }
                        }
                    }
                }
                h2 { {tr!("calls-and-plays")} }
                ol { class: "log",
                    for (index, line) in view.log.iter().enumerate() {
                        li { key: "{index}", strong { {names.get(line.seat.index()).cloned().unwrap_or_default()} } ": "
                            Words { words: line.words.clone(), game, names: names.clone() }
                        }
                    }
                }
            }
        }
        Overlay::Record(number) => {
            let record = session.finished_record(number);
            let json = record.map(|record| record.to_json()).unwrap_or_default();
            let file = format!("troef-{}-hand-{number}.json", game.name());
            let href = format!("data:application/json;charset=utf-8,{}", percent_encode(&json));
            rsx! {
                h2 { {tr!("record-of-hand", number = number)} }
                p { class: "muted", {tr!("record-help")} }
                a { class: "btn primary", href: "{href}", download: "{file}", "data-action": "download-record", {tr!("download", file = file.clone())} }
                textarea { class: "record", readonly: true, "data-record": "", "aria-label": "{tr!(\"hand-record\")}", value: "{json}" }
            }
        }
    };
    rsx! {
        div { class: "overlay", role: "dialog", "aria-modal": "true", "aria-label": "{tr!(\"table\")}", onclick: move |_| overlay.set(None),
            div { class: "sheet", onclick: move |event| event.stop_propagation(),
                {body}
                button { class: "btn big", "data-action": "close", onclick: move |_| overlay.set(None), {tr!("close")} }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn breakdown_lines_name_numbered_seats() {
        let names = vec!["Eva".to_string(), "Anna".to_string(), "Bram".to_string()];
        assert_eq!(
            with_names("contract 600 by P1; P2 pays", GameId::Tachtigen, &names),
            "contract 600 by Anna; Bram pays"
        );
        assert_eq!(with_names("PIT by P9, P = 76", GameId::Tachtigen, &names), "PIT by P9, P = 76");
        assert_eq!(with_names("team A: N + S took 7", GameId::Tarneeb, &names), "team A: N + S took 7");
    }
}

#[component]
pub fn ScoreboardScreen() -> Element {
    let ctx = use_ctx();
    let mut overlay = use_signal(|| None::<Overlay>);
    let board = ctx.session.read().as_ref().map(|session| session.scoreboard()).unwrap_or_default();
    rsx! {
        TopBar { title: tr!("scoreboard"), back: Screen::Table }
        main { class: "page",
            if board.rows.is_empty() {
                p { class: "muted", {tr!("scoreboard-empty")} }
            }
            div { class: "panel scroll-x",
                table { class: "scores board", "data-scoreboard": "",
                    thead {
                        tr {
                            th { {tr!("hand")} }
                            th { {tr!("contract")} }
                            for column in board.columns.iter() {
                                th { key: "{column.key}", class: "num", "{column.label}" }
                            }
                            th { span { class: "sr-only", {tr!("record")} } }
                        }
                    }
                    tbody {
                        for row in board.rows.iter() {
                            tr { key: "{row.hand_number}",
                                td { "{row.hand_number}" }
                                td { {i18n::gloss(&row.contract_kind)} }
                                for (index, total) in row.totals.iter().enumerate() {
                                    td { key: "{index}", class: "num", "{total}" }
                                }
                                td {
                                    button {
                                        class: "btn small",
                                        "aria-label": "{tr!(\"record-of-hand\", number = row.hand_number)}",
                                        "data-record-hand": "{row.hand_number}",
                                        onclick: { let number = row.hand_number; move |_| overlay.set(Some(Overlay::Record(number))) },
                                        {tr!("record")}
                                    }
                                }
                            }
                        }
                    }
                }
            }
            button { class: "btn primary big", "data-action": "back-to-table", onclick: move |_| ctx.go(Screen::Table), {tr!("back-to-table")} }
        }
        OverlayView { overlay }
    }
}

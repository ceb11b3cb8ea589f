//! The table screen (seats, trick, hand, action panel), the privacy screen of pass-and-play, the
//! hand result, the scoreboard and the record export.
//!
//! The screen renders one [`TableView`], built from the seat view of the person holding the phone
//! (or the public view). **While the privacy screen shows, no view is built at all**, so the page
//! holds no card of any hand.

use super::cards::{CardArt, CardChip, SuitIcon};
use super::{after_change, leave_table, use_ctx, Ctx, Screen, TopBar};
use crate::session::{ActionOption, HandCard, HandResult, SeatPanel, TableView, TrickView};
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

/// Plays the bots' moves, paced so a player can follow, yielding to the UI between moves.
fn use_bot_driver(ctx: Ctx) {
    use_future(move || async move {
        loop {
            let waiting = ctx.session.peek().as_ref().is_some_and(|session| session.waits_for_bot());
            if !waiting {
                crate::platform::sleep(60).await;
                continue;
            }
            let (pause, trick_pause) = ctx.settings.peek().bot_speed.pauses_ms();
            let trick_just_done = ctx.session.peek().as_ref().is_some_and(|session| {
                let view = session.view(None);
                view.trick.cards.is_empty() && view.last_trick.is_some() && view.tricks_played > 0
            });
            crate::platform::sleep(if trick_just_done { trick_pause } else { pause }).await;
            let mut slot = ctx.session;
            let result = match slot.write().as_mut() {
                Some(session) if session.waits_for_bot() => session.advance(),
                _ => Ok(false),
            };
            match result {
                Ok(true) => after_change(ctx),
                Ok(false) => {}
                Err(error) => {
                    ctx.notice(format!("A bot could not play: {error}"));
                    crate::platform::sleep(1000).await;
                }
            }
        }
    });
}

#[component]
pub fn TableScreen() -> Element {
    let ctx = use_ctx();
    use_bot_driver(ctx);
    let overlay = use_signal(|| None::<Overlay>);
    if ctx.session.read().is_none() {
        return rsx! {
            TopBar { title: "Table", back: Screen::Home }
            main { class: "page", p { "No game in progress." } }
        };
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
                Board { view, overlay }
                OverlayView { overlay }
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
                h1 { "Pass the phone to {name}" }
                p { "Every hand is hidden. {name}, tap when you hold the phone." }
                button {
                    class: "btn primary big",
                    "data-action": "ready",
                    onclick: move |_| {
                        let mut revealed = ctx.revealed;
                        revealed.set(Some(seat));
                    },
                    "I am {name}: show my cards"
                }
                button { class: "btn ghost", onclick: move |_| leave_table(ctx), "Leave the table" }
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
                Token::Word(word) => rsx! { span { key: "{index}", class: "w", "{word} " } },
                Token::Card(card) => rsx! { span { key: "{index}", CardChip { card } " " } },
                Token::Suit(suit) => rsx! { span { key: "{index}", SuitIcon { suit } " " } },
                Token::Seat(seat) => rsx! { span { key: "{index}", class: "w", {names.get(seat.index()).cloned().unwrap_or_default()} " " } },
                Token::Arrow => rsx! { span { key: "{index}", class: "w", "→ " } },
            }
        }
    }
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
            "Your turn: tap a card to play".to_string()
        } else if need > 0 {
            format!("Your turn: pick {need} cards")
        } else {
            "Your turn".to_string()
        }
    } else if view.to_act.is_some() {
        format!("{to_act_name} to play")
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
    rsx! {
        div { class: "table seats-{seats}", "data-viewer": "{view.viewer.map(|s| s.0 as i32).unwrap_or(-1)}",
            header { class: "topbar",
                button { class: "icon-btn", "aria-label": "Home", onclick: move |_| leave_table(ctx), "‹" }
                h1 { "{game.title()}" span { class: "muted", " · hand {view.hand_number}" } }
                button { class: "icon-btn", "aria-label": "Menu", "data-action": "menu", onclick: move |_| overlay.set(Some(Overlay::Menu)), "≡" }
            }
            div { class: "facts", "data-facts": "",
                FactsLine { view: view.clone() }
            }
            div { class: "felt",
                for panel in view.seats.iter().filter(|panel| Some(panel.seat) != view.viewer) {
                    SeatBox { key: "{panel.seat.0}", panel: panel.clone(), pos: position(panel.seat, anchor, seats), game, names: names.clone(), on_tap: tap }
                }
                div {
                    class: if settled { "trick settled" } else { "trick" },
                    "data-trick": "",
                    role: "button",
                    "aria-label": "Show the last trick",
                    onclick: move |_| if has_last { overlay.set(Some(Overlay::LastTrick)) },
                    for played in center.cards.iter() {
                        div { key: "{played.seat.0}", class: "trick-card at-{position(played.seat, anchor, seats)}",
                            CardFaceView { card: played.face.card, size: "md" }
                        }
                    }
                    if let Some(winner) = center.winner.filter(|_| settled) {
                        div { class: "trick-note", "Won by {view.seat_name(winner)}" }
                    }
                    if center.cards.is_empty() && !view.talon.is_empty() {
                        div { class: "talon", "aria-label": "Talon of {view.talon.len()} cards",
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
                                button { class: "btn ghost", onclick: move |_| choice.set((moment, None)), "Cancel" }
                            }
                        }
                        if need > 0 {
                            div { class: "pick",
                                span { "Picked {picked_cards.len()} of {need}" }
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
                                summary { "Other actions" }
                                ButtonGroups { options: buttons.clone(), game, names: names.clone(), on_act: act }
                            }
                        } else {
                            ButtonGroups { options: buttons.clone(), game, names: names.clone(), on_act: act }
                        }
                    }
                }
                div { class: "hand", "data-hand": "",
                    for (row_index, row) in hand_rows.iter().enumerate() {
                        div { key: "{row_index}", class: "hand-row", style: "--n: {row.len()}",
                            for (index, held) in row.iter().enumerate() {
                                HandCardView {
                                    key: "{held.card}",
                                    held: held.clone(),
                                    tilt: index as i32 * 2 - row.len() as i32 + 1,
                                    active: my_turn && (held.playable),
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
                span { class: "fact", "data-contract": "{contract}", "Contract " strong { {contract.replace('_', " ")} } }
            } else if view.tricks_played == 0 && view.trick.cards.is_empty() {
                span { class: "fact", "Bidding" }
            }
            if !declarers.is_empty() {
                span { class: "fact", "by " strong { {declarers.join(" & ")} } }
            }
            if let Some(trump) = facts.trump {
                span { class: "fact", "Trump " SuitIcon { suit: trump } }
            }
            if let Some(called) = facts.called {
                span { class: "fact", "Called " CardChip { card: called } }
            }
        }
    }
}

#[component]
fn SeatBadges(panel: SeatPanel) -> Element {
    rsx! {
        span { class: "badges",
            if panel.dealer { span { class: "badge", title: "Dealer", "D" } }
            if panel.declarer { span { class: "badge gold", title: "Declarer", "★" } }
            if let Some(team) = panel.team { span { class: "badge team-{team}", "Team {team}" } }
            span { class: "badge", "aria-label": "{panel.tricks} tricks", "{panel.tricks} tr" }
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
                div { class: "seat-name", "{panel.name}" if panel.is_bot { span { class: "muted", " · bot" } } }
                SeatBadges { panel: panel.clone() }
                if let Some(call) = panel.last_call.as_ref() {
                    div { class: "call", "data-call": "{panel.seat.0}", Words { words: call.clone(), game, names: names.clone() } }
                }
            }
            div { class: "backs", "aria-label": "{panel.cards_in_hand} cards",
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
                div { class: "card {size}", role: "img", "aria-label": "{card.name()}", "data-card": "{card}",
                    CardArt { card: Some(card) }
                }
            },
            None => rsx! {
                div { class: "card {size}", role: "img", "aria-label": "face-down card", "data-card-back": "",
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
    on_tap: EventHandler<Card>,
) -> Element {
    let card = held.card;
    let mut class = String::from("card hand-card lg");
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
            "aria-label": "{card.name()}",
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
            button { class: "btn step", "aria-label": "Lower", disabled: at == 0, onclick: move |_| index.set(at.saturating_sub(1)), "−" }
            button {
                class: "btn primary grow",
                "data-line": "{current.line}",
                "data-stepper": "",
                "aria-label": "{plain_words(&current.words, game, &names)}",
                onclick: { let line = current.line.clone(); move |_| on_act.call(line.clone()) },
                Words { words: current.words.clone(), game, names: names.clone() }
            }
            button { class: "btn step", "aria-label": "Higher", disabled: at + 1 >= count, onclick: move |_| index.set((at + 1).min(count - 1)), "+" }
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
            button { class: "icon-btn", "aria-label": "Home", onclick: move |_| leave_table(ctx), "‹" }
            h1 { "{game.title()}" span { class: "muted", " · hand {result.hand_number}" } }
            button { class: "icon-btn", "aria-label": "Scores", onclick: move |_| ctx.go(Screen::Scoreboard), "≡" }
        }
        main { class: "page result", "data-result": "", "data-deltas": "{deltas_json}", "data-kind": "{result.contract_kind}",
            section { class: "panel",
                h2 { if let Some(summary) = over.as_ref() { "Match over: {summary}" } else { "Hand {result.hand_number} scored" } }
                p { class: "muted", "Contract: {result.contract_kind.replace('_', \" \")}", if !result.played_out { " (not played out)" } }
                ol { class: "breakdown", "data-breakdown": "",
                    for (index, line) in result.breakdown.iter().enumerate() {
                        li { key: "{index}", {with_names(line, game, &names)} }
                    }
                }
            }
            section { class: "panel",
                h2 { "This hand" }
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
                h2 { "Match totals" }
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
                        "Deal the next hand"
                    }
                } else {
                    button { class: "btn primary big", "data-action": "new-game", onclick: move |_| { leave_table(ctx); ctx.go(Screen::NewGame) }, "New game" }
                }
                div { class: "row",
                    button { class: "btn", "data-action": "record", onclick: move |_| overlay.set(Some(Overlay::Record(result.hand_number))), "Hand record" }
                    button { class: "btn", onclick: move |_| ctx.go(Screen::Scoreboard), "Scoreboard" }
                    button { class: "btn", onclick: move |_| leave_table(ctx), "Home" }
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
            h2 { "Table" }
            button { class: "btn big", "data-action": "last-trick", disabled: !has_last, onclick: move |_| overlay.set(Some(Overlay::LastTrick)), "Last trick" }
            button { class: "btn big", "data-action": "log", onclick: move |_| overlay.set(Some(Overlay::Log)), "This hand so far" }
            button { class: "btn big", "data-action": "scores", onclick: move |_| { overlay.set(None); ctx.go(Screen::Scoreboard) }, "Scoreboard" }
            button { class: "btn big", "data-action": "records", onclick: move |_| { overlay.set(None); ctx.go(Screen::Scoreboard) }, "Records of finished hands" }
            button { class: "btn big", "data-action": "leave", onclick: move |_| { overlay.set(None); leave_table(ctx) }, "Leave the table (it stays saved)" }
        },
        Overlay::LastTrick => {
            // The last trick is public: everyone saw it played.
            let view = session.view(None);
            let trick: Option<TrickView> = view.last_trick.clone();
            rsx! {
                h2 { "Last trick" }
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
                        p { "Won by " strong { {names.get(winner.index()).cloned().unwrap_or_default()} } }
                    }
                } else {
                    p { "No trick has been played yet." }
                }
            }
        }
        Overlay::Log => {
            let view = session.view(None);
            rsx! {
                h2 { "This hand so far" }
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
                h2 { "Record of hand {number}" }
                p { class: "muted", "The whole hand: the deal and every action. `troef replay` gives its score." }
                a { class: "btn primary", href: "{href}", download: "{file}", "data-action": "download-record", "Download {file}" }
                textarea { class: "record", readonly: true, "data-record": "", "aria-label": "Hand record", value: "{json}" }
            }
        }
    };
    rsx! {
        div { class: "overlay", role: "dialog", "aria-modal": "true", onclick: move |_| overlay.set(None),
            div { class: "sheet", onclick: move |event| event.stop_propagation(),
                {body}
                button { class: "btn big", "data-action": "close", onclick: move |_| overlay.set(None), "Close" }
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
        TopBar { title: "Scoreboard", back: Screen::Table }
        main { class: "page",
            if board.rows.is_empty() {
                p { class: "muted", "No hand finished yet in this match." }
            }
            div { class: "panel scroll-x",
                table { class: "scores board", "data-scoreboard": "",
                    thead {
                        tr {
                            th { "Hand" }
                            th { "Contract" }
                            for column in board.columns.iter() {
                                th { key: "{column.key}", class: "num", "{column.label}" }
                            }
                            th { span { class: "sr-only", "Record" } }
                        }
                    }
                    tbody {
                        for row in board.rows.iter() {
                            tr { key: "{row.hand_number}",
                                td { "{row.hand_number}" }
                                td { {row.contract_kind.replace('_', " ")} }
                                for (index, total) in row.totals.iter().enumerate() {
                                    td { key: "{index}", class: "num", "{total}" }
                                }
                                td {
                                    button {
                                        class: "btn small",
                                        "aria-label": "Record of hand {row.hand_number}",
                                        "data-record-hand": "{row.hand_number}",
                                        onclick: { let number = row.hand_number; move |_| overlay.set(Some(Overlay::Record(number))) },
                                        "Record"
                                    }
                                }
                            }
                        }
                    }
                }
            }
            button { class: "btn primary big", onclick: move |_| ctx.go(Screen::Table), "Back to the table" }
        }
        OverlayView { overlay }
    }
}

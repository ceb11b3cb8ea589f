//! Acceptance 1 of nearby play, end to end: two instances of the app (its whole component tree,
//! `ui::App`, each in its own `VirtualDom` with its own store and device identity) open a table,
//! find it and join it, fill the other seats with bots the opener hosts, play a whole hand and
//! show the "deal verified" mark. Each stage is rendered to HTML with dioxus-ssr and saved (the
//! "screenshots": `$CARGO_TARGET_TMPDIR/nearby-e2e/*.html`).
//!
//! Why this is faithful to phones: the phones run this same component tree in their WebView, and
//! this same code path below it: the app's networked session, its network runtime, the libp2p
//! node with Noise and Yamux, the signed table log, the private deal and its audit. The test does
//! what the taps do by calling the functions the buttons call (`open_table`, `join_table`,
//! `TableSession::act` with an option the screen offers); the table screen's own task paces the
//! other seats' moves. What differs: the devices meet over libp2p's in-memory transport and are
//! introduced through the discovery seam (`Command::AddPeer`) instead of TCP and mDNS, which the
//! LAN harness (`tests/lan/run.sh`, with the app's headless peer) covers in network namespaces.

use dioxus::prelude::*;
use std::path::{Path, PathBuf};
use std::time::Duration;
use troef_app::nearby;
use troef_app::ui::nearby::libp2p_types::{Multiaddr, PeerId};
use troef_app::ui::nearby::{join_table, open_table, NearbyOptions};
use troef_app::ui::{App, AppHandle, Ctx, Screen};
use troef_core::GameId;

struct Instance {
    name: &'static str,
    dom: VirtualDom,
    handle: AppHandle,
}

impl Instance {
    fn state(&self) -> (Ctx, troef_app::ui::nearby::Nearby) {
        self.handle.0.borrow().expect("the app started")
    }

    fn html(&self) -> String {
        dioxus_ssr::render(&self.dom)
    }

    fn snapshot(&self, dir: &Path, stage: &str) -> String {
        let html = self.html();
        let page = format!(
            "<!doctype html><meta charset=utf-8><title>{} {stage}</title><style>{}</style>{html}",
            self.name,
            troef_app::ui::STYLE
        );
        std::fs::write(dir.join(format!("{}-{stage}.html", self.name)), page).expect("snapshot written");
        html
    }
}

fn device(dir: &Path) -> PeerId {
    let store = troef_net::table::store::Store::new(dir).expect("store");
    let (key, _) = store.identity().expect("identity");
    troef_net::p2p::keypair_of(&key).public().to_peer_id()
}

/// Lets every app instance run its tasks and render.
async fn pump(instances: &mut [Instance]) {
    for instance in instances.iter_mut() {
        tokio::select! {
            _ = instance.dom.wait_for_work() => {}
            _ = tokio::time::sleep(Duration::from_millis(5)) => {}
        }
        instance.dom.render_immediate_to_vec();
    }
}

async fn until(instances: &mut [Instance], what: &str, mut done: impl FnMut(&[Instance]) -> bool) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(120);
    while !done(instances) {
        if tokio::time::Instant::now() > deadline {
            let states: Vec<String> = instances
                .iter()
                .map(|instance| {
                    let (ctx, nearby) = instance.state();
                    let session = ctx.session.peek();
                    format!(
                        "{}: screen {:?}, session {}, own {:?}, cards {:?}, waits {:?}, error {:?}",
                        instance.name,
                        *ctx.screen.peek(),
                        session.is_some(),
                        session.as_ref().and_then(|s| s.own_seat()),
                        session.as_ref().map(|s| s.view(s.own_seat()).hand.len()),
                        session.as_ref().map(|s| s.waits_for_bot()),
                        nearby.error.peek().clone(),
                    )
                })
                .collect();
            panic!("timed out waiting for {what}: {states:?}");
        }
        pump(instances).await;
    }
}

#[test]
fn two_apps_open_join_and_play_a_verified_hand() {
    nearby::runtime().block_on(async {
        let base = std::env::temp_dir().join(format!("troef-app-e2e-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&base);
        let shots = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("nearby-e2e");
        std::fs::create_dir_all(&shots).expect("snapshot directory");
        let names = ["anna", "bram"];
        let dirs: Vec<PathBuf> = names.iter().map(|name| base.join(name)).collect();
        let peers: Vec<PeerId> = dirs.iter().map(|dir| device(dir)).collect();
        let addresses: Vec<Multiaddr> = (0..2)
            .map(|index| format!("/memory/{}", 8_100_000 + u64::from(std::process::id() % 1000) * 10 + index))
            .map(|text| text.parse().expect("address"))
            .collect();
        let mut instances: Vec<Instance> = (0..2)
            .map(|index| {
                let other = 1 - index;
                let handle = AppHandle::default();
                let options = NearbyOptions {
                    data_dir: dirs[index].clone(),
                    listen: addresses[index].to_string(),
                    mdns: false,
                    peers: vec![(peers[other], addresses[other].clone())],
                };
                let mut dom = VirtualDom::new(App).with_root_context(options).with_root_context(handle.clone());
                dom.rebuild_in_place();
                Instance { name: names[index], dom, handle }
            })
            .collect();
        for (instance, name) in instances.iter().zip(["Anna", "Bram"]) {
            let (ctx, _) = instance.state();
            let mut settings = ctx.settings;
            settings.write().name = name.into();
            settings.write().bot_speed = troef_app::store::BotSpeed::Fast;
            // The home screen's "Play nearby".
            assert!(instance.html().contains("data-action=\"nearby\""), "the home screen offers nearby play");
            ctx.go(Screen::Nearby);
        }
        until(&mut instances, "the nodes", |all| all.iter().all(|i| i.state().1.client.peek().is_some())).await;
        instances[0].snapshot(&shots, "1-lobby");

        // Anna opens a Tarneeb table with two bots she hosts, one hand.
        let (anna_ctx, anna) = instances[0].state();
        open_table(anna_ctx, anna, GameId::Tarneeb, Vec::new(), 2, 1);
        until(&mut instances, "Anna's waiting room", |all| all[0].state().1.waiting.peek().is_some()).await;
        let room = instances[0].snapshot(&shots, "2-waiting-room");
        assert!(room.contains("data-waiting-room"), "{room}");
        assert!(room.contains("bot hosted by Anna"), "the bots are shown as Anna's");

        // Bram sees the table on the network and joins it.
        until(&mut instances, "Bram finding the table", |all| !all[1].state().1.found.peek().is_empty()).await;
        let found = instances[1].snapshot(&shots, "3-tables-found");
        assert!(found.contains("data-action=\"join-table\""), "{found}");
        let (_, bram) = instances[1].state();
        let table = bram.found.peek()[0].clone();
        join_table(bram, &table);

        // The table starts on both; each sees its own 13 cards once dealt.
        until(&mut instances, "the deal", |all| {
            all.iter().all(|instance| {
                let (ctx, _) = instance.state();
                *ctx.screen.peek() == Screen::Table
                    && ctx.session.peek().as_ref().is_some_and(|session| {
                        let own = session.own_seat();
                        own.is_some() && session.view(own).hand.len() == 13
                    })
            })
        })
        .await;
        for instance in &instances {
            let html = instance.snapshot(&shots, "4-dealt");
            assert!(html.contains("data-nearby"), "the connection line shows");
        }

        // Both play the hand: whoever is to act taps the first move the screen offers (not a pass).
        let mut taps = [0u32; 2];
        let deadline = tokio::time::Instant::now() + Duration::from_secs(180);
        loop {
            let finished = instances.iter().all(|instance| {
                instance.state().0.session.peek().as_ref().is_some_and(|session| session.hand_result().is_some())
            });
            if finished {
                break;
            }
            assert!(tokio::time::Instant::now() < deadline, "the hand did not finish");
            for (index, instance) in instances.iter().enumerate() {
                let (ctx, _) = instance.state();
                let mut slot = ctx.session;
                let offered = slot.peek().as_ref().and_then(|session| {
                    let own = session.own_seat()?;
                    let view = session.view(Some(own));
                    // A bid rather than a pass, so that the hand is played out.
                    let option = view.options.iter().find(|option| option.group != "pass").or(view.options.first());
                    option.map(|option| (own, option.line.clone()))
                });
                if let Some((seat, line)) = offered {
                    if taps[index] == 0 {
                        instance.snapshot(&shots, "5-your-turn");
                    }
                    let acted = slot.write().as_mut().map(|session| session.act(seat, &line));
                    assert!(matches!(acted, Some(Ok(()))), "{}: {line}: {acted:?}", instance.name);
                    taps[index] += 1;
                }
            }
            pump(&mut instances).await;
        }
        assert!(taps.iter().all(|&count| count >= 13), "each person played their cards: {taps:?}");
        for instance in &instances {
            instance.snapshot(&shots, "6-result");
        }
        let results: Vec<_> = instances
            .iter()
            .map(|instance| {
                instance.state().0.session.peek().as_ref().and_then(|session| session.hand_result()).unwrap()
            })
            .collect();
        assert_eq!(results[0].deltas, results[1].deltas, "both devices scored the hand alike");
        assert!(results.iter().all(|result| result.match_over.is_some()), "the table's one hand is its last");
        for instance in &instances {
            let html = instance.html();
            assert!(html.contains("data-verified=\"true\""), "{}: no verified mark", instance.name);
        }
        for instance in &instances {
            if let Some(client) = instance.state().1.client.peek().clone() {
                client.send(troef_net::p2p::Command::Shutdown);
            }
        }
        let _ = std::fs::remove_dir_all(&base);
    });
}

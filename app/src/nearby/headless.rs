//! The app's headless peer, `troef-app peer ...`: a device of a nearby table with no window,
//! whose own seat is played through the app's networked session ([`super::NetworkSession`]): the
//! session renders the seat's view from the node's events, the app's bot decides from that view,
//! and the move goes back through [`crate::session::TableSession::act`] and the client handle, as
//! a tap would. The loop around it (open or join, resume, the lines the LAN harness reads) is
//! `troef-net`'s, shared with `troef peer`.
//!
//! Arguments as `troef peer`'s: `--name NAME (--open GAME [--variant K=V]... [--bots N] | --join
//! TABLE_NAME) [--table NAME] [--seat S] [--hands N] [--seed S] [--data DIR] [--timings FILE]
//! [--timeout SECONDS] [--listen ADDRESS] [--level easy|normal|strong]`.

use super::{start, NearbySession};
use crate::setup::BotLevel;
use std::path::PathBuf;
use troef_net::headless::{run_peer, PeerEnd, PeerOptions, SeatPlayer};
use troef_net::p2p::{Client, NodeEvent};

/// Plays this device's seat through the networked session.
pub struct AppSeat {
    session: Option<Box<dyn NearbySession>>,
    level: BotLevel,
    /// Actions this seat sent.
    pub actions: u32,
}

impl std::fmt::Debug for AppSeat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AppSeat").field("level", &self.level).field("actions", &self.actions).finish()
    }
}

impl AppSeat {
    pub fn new(level: BotLevel) -> AppSeat {
        AppSeat { session: None, level, actions: 0 }
    }

    /// The session, once the table started.
    pub fn session(&self) -> Option<&dyn NearbySession> {
        self.session.as_deref()
    }
}

impl SeatPlayer for AppSeat {
    fn on_event(&mut self, client: &Client, event: &NodeEvent) -> Result<(), String> {
        if let NodeEvent::TableStarted { genesis, my_seats, .. } = event {
            self.session = Some(start(client.clone(), genesis, my_seats)?);
            return Ok(());
        }
        let Some(session) = self.session.as_mut() else { return Ok(()) };
        session.receive(event.clone());
        // Everything queued is played out at once (no person watches), results acknowledged.
        loop {
            while session.advance()? {}
            if session.hand_result().is_some() {
                session.next_hand()?;
                continue;
            }
            break;
        }
        if let (Some(seat), Some(line)) = (session.own_seat(), session.bot_line(self.level)) {
            session.act(seat, &line)?;
            self.actions += 1;
        }
        Ok(())
    }
}

/// Parses the peer's arguments (after `peer`).
pub fn options(args: &[String]) -> Result<(PeerOptions, BotLevel), String> {
    let mut options = PeerOptions {
        name: String::new(),
        open: None,
        join: None,
        table: None,
        variants: Vec::new(),
        bots: 0,
        bot: "baseline".into(),
        own_bot: None,
        seat: None,
        hands: 0,
        seed: 1,
        data: PathBuf::from("troef-app-peer-data"),
        timings: None,
        inject: None,
        inject_at: 8,
        chaos: false,
        timeout: 600,
        listen: "/ip4/0.0.0.0/tcp/0".into(),
    };
    let mut level = BotLevel::Normal;
    let mut args = args.iter();
    while let Some(flag) = args.next() {
        let mut value = || args.next().cloned().ok_or_else(|| format!("{flag} needs a value"));
        let number = |text: String| text.parse::<u64>().map_err(|_| format!("{flag}: not a number: {text}"));
        match flag.as_str() {
            "--name" => options.name = value()?,
            "--open" => options.open = Some(value()?),
            "--join" => options.join = Some(value()?),
            "--table" => options.table = Some(value()?),
            "--variant" => options.variants.push(value()?),
            "--bots" => options.bots = number(value()?)?.min(8) as u8,
            "--bot" => options.bot = value()?,
            "--seat" => options.seat = Some(number(value()?)?.min(8) as u8),
            "--hands" => options.hands = number(value()?)?.min(u64::from(u32::MAX)) as u32,
            "--seed" => options.seed = number(value()?)?,
            "--data" => options.data = PathBuf::from(value()?),
            "--timings" => options.timings = Some(PathBuf::from(value()?)),
            "--timeout" => options.timeout = number(value()?)?,
            "--listen" => options.listen = value()?,
            "--level" => {
                let text = value()?;
                level = BotLevel::parse(&text).ok_or_else(|| format!("--level: easy, normal or strong, not {text}"))?;
            }
            other => return Err(format!("unknown argument {other}")),
        }
    }
    if options.name.is_empty() {
        return Err("--name is required".into());
    }
    Ok((options, level))
}

/// Runs the headless peer; the process's exit status (0 done, 1 failed, 2 bad arguments, 3
/// paused).
pub fn main(args: &[String]) -> u8 {
    let (options, level) = match options(args) {
        Ok(parsed) => parsed,
        Err(error) => {
            eprintln!("troef-app peer: {error}");
            return 2;
        }
    };
    let mut seat = AppSeat::new(level);
    let print = &mut |line: &str| println!("{line}");
    match super::runtime().block_on(run_peer(&options, &mut seat, print)) {
        Ok(PeerEnd::Done(summary)) => {
            println!("{}", summary.line(&options.name));
            0
        }
        Ok(PeerEnd::Paused) => 3,
        Err(failure) => {
            eprintln!("{}", failure.message);
            failure.code
        }
    }
}

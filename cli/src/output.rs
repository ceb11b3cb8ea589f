//! Output helpers: one-line errors, exit codes, writing without panicking on a closed pipe.

use std::io::Write;
use std::process::ExitCode;

/// Exit status of a failed check (an invariant, an audit violation).
pub const CHECK_FAILED: u8 = 1;
/// Exit status of bad input: a bad record, an unknown game or key, a missing file.
pub const BAD_INPUT: u8 = 2;

/// Why a command failed: its exit status and one line for stderr.
#[derive(Debug)]
pub struct Failure {
    pub code: u8,
    pub message: String,
}

impl Failure {
    /// Bad input or arguments (exit status 2).
    pub fn input(message: impl Into<String>) -> Failure {
        Failure { code: BAD_INPUT, message: message.into() }
    }
}

/// Squeezes a message onto one line of reasonable length.
pub fn one_line(message: &str) -> String {
    let mut line = String::with_capacity(message.len().min(400));
    let mut last_space = true;
    for ch in message.chars() {
        let ch = if ch.is_control() || ch.is_whitespace() { ' ' } else { ch };
        if ch == ' ' && last_space {
            continue;
        }
        last_space = ch == ' ';
        line.push(ch);
    }
    let line = line.trim_end();
    if line.chars().count() > 400 {
        let short: String = line.chars().take(397).collect();
        format!("{short}...")
    } else {
        line.to_string()
    }
}

/// Prints `error: MESSAGE` on one line of stderr.
pub fn error_line(message: &str) {
    let _ = writeln!(std::io::stderr().lock(), "error: {}", one_line(message));
}

/// Writes text to stdout; a closed pipe is not an error worth a panic.
pub fn print(text: &str) {
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes());
    if !text.ends_with('\n') {
        let _ = out.write_all(b"\n");
    }
    let _ = out.flush();
}

/// Prints a value as pretty JSON.
pub fn print_json(value: &serde_json::Value) {
    print(&serde_json::to_string_pretty(value).unwrap_or_default());
}

/// Help and version go to stdout with status 0; argument errors become one line with status 2.
pub fn clap_exit(error: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    match error.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            print(&error.render().to_string());
            ExitCode::from(if error.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
                BAD_INPUT
            } else {
                0
            })
        }
        _ => {
            let rendered = error.render().to_string();
            let message: Vec<&str> = rendered
                .lines()
                .map(str::trim)
                .take_while(|line| !line.starts_with("Usage:") && !line.starts_with("For more information"))
                .filter(|line| !line.is_empty())
                .collect();
            let message = message.join(" ");
            let message = message.strip_prefix("error:").unwrap_or(&message).trim();
            error_line(&format!("{message} (see troef --help)"));
            ExitCode::from(BAD_INPUT)
        }
    }
}

/// A panic is a bug in the engine or the command; report it on one line, never with a backtrace
/// dump, and exit with a status that no other outcome uses.
pub fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        let payload = info.payload();
        let message = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "panic".to_string());
        let location = info.location().map(|l| format!(" at {}:{}", l.file(), l.line())).unwrap_or_default();
        error_line(&format!("internal error (a bug, please report it): {message}{location}"));
        std::process::exit(70);
    }));
}

/// `+3`, `-8`, `0`.
pub fn signed(value: i64) -> String {
    if value > 0 {
        format!("+{value}")
    } else {
        value.to_string()
    }
}

//! The Troef app's entry point (web, desktop or phone, by cargo feature). On native builds,
//! `troef-app peer ...` runs the headless nearby peer instead (`troef_app::nearby::headless`).

fn main() {
    #[cfg(not(target_arch = "wasm32"))]
    {
        let args: Vec<String> = std::env::args().skip(1).collect();
        if args.first().map(String::as_str) == Some("peer") {
            std::process::exit(i32::from(troef_app::nearby::headless::main(&args[1..])));
        }
    }
    troef_app::launch();
}

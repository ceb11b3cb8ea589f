//! The Troef app's entry point (web, desktop or phone, by cargo feature).

fn main() {
    troef_app::launch();
}

//! The phone packaging settings in `Dioxus.toml` (read by `dx` when it bundles Android and iOS, never by
//! the build the tests run), checked here so that an edit cannot silently drop what nearby play needs on
//! a phone: the network and multicast permissions, the iOS local-network keys and the icons.

use std::path::{Path, PathBuf};

fn app_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn dioxus_toml() -> toml::Table {
    let path = app_dir().join("../Dioxus.toml");
    let text = std::fs::read_to_string(&path).expect("Dioxus.toml at the workspace root");
    text.parse().expect("Dioxus.toml parses")
}

fn get<'a>(table: &'a toml::Table, path: &[&str]) -> &'a toml::Value {
    let (last, parents) = path.split_last().expect("a key");
    let mut current = table;
    for key in parents {
        current = current.get(*key).and_then(toml::Value::as_table).unwrap_or_else(|| panic!("[{key}] in Dioxus.toml"));
    }
    current.get(*last).unwrap_or_else(|| panic!("{} in Dioxus.toml", path.join(".")))
}

/// Width and height from a PNG's IHDR chunk.
fn png_size(path: &Path) -> (u32, u32) {
    let bytes = std::fs::read(path).unwrap_or_else(|error| panic!("{}: {error}", path.display()));
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "{} is a PNG", path.display());
    let word = |at: usize| u32::from_be_bytes(bytes[at..at + 4].try_into().expect("four bytes"));
    (word(16), word(20))
}

#[test]
fn android_declares_the_permissions_of_nearby_play() {
    let config = dioxus_toml();
    assert_eq!(get(&config, &["bundle", "identifier"]).as_str(), Some("org.troef.app"));
    let permissions = get(&config, &["android", "permissions"]).as_table().expect("[android.permissions]");
    for name in ["ACCESS_NETWORK_STATE", "ACCESS_WIFI_STATE", "CHANGE_WIFI_MULTICAST_STATE"] {
        let key = format!("android.permission.{name}");
        let description =
            permissions.get(&key).and_then(|entry| entry.get("description")).and_then(toml::Value::as_str);
        assert!(description.is_some_and(|text| !text.is_empty()), "{key} with a description");
    }
    // dx 0.7.10's manifest template declares INTERNET itself; a second declaration would be a duplicate.
    assert!(!permissions.contains_key("android.permission.INTERNET"));
}

#[test]
fn ios_may_browse_the_libp2p_mdns_service_on_the_local_network() {
    let config = dioxus_toml();
    let text = get(&config, &["permissions", "local_network", "description"]).as_str().expect("a text");
    assert!(!text.is_empty());
    let services = get(&config, &["ios", "plist", "NSBonjourServices"]).as_array().expect("an array");
    // libp2p-mdns announces and queries "_p2p._udp.local".
    assert_eq!(services, &vec![toml::Value::from("_p2p._udp")]);
}

#[test]
fn every_icon_exists_at_its_size() {
    let config = dioxus_toml();
    let icons = get(&config, &["bundle", "icon"]).as_array().expect("bundle.icon");
    assert!(!icons.is_empty());
    for icon in icons {
        // dx resolves bundle.icon from the app crate's folder.
        let path = app_dir().join(icon.as_str().expect("a path"));
        let size: u32 = path
            .file_stem()
            .and_then(|stem| stem.to_str())
            .and_then(|stem| stem.strip_prefix("icon-"))
            .and_then(|size| size.parse().ok())
            .expect("icon-<size>.png");
        assert_eq!(png_size(&path), (size, size), "{}", path.display());
    }
    let icons = app_dir().join("../assets/icons");
    for (density, size) in [("mdpi", 48), ("hdpi", 72), ("xhdpi", 96), ("xxhdpi", 144), ("xxxhdpi", 192)] {
        let path = icons.join(format!("android/mipmap-{density}/ic_launcher.png"));
        assert_eq!(png_size(&path), (size, size), "{}", path.display());
    }
    for size in [120, 152, 167, 180, 1024] {
        let path = icons.join(format!("ios/AppIcon-{size}.png"));
        assert_eq!(png_size(&path), (size, size), "{}", path.display());
        // Colour type 2 (RGB, no alpha): Apple rejects app icons with an alpha channel.
        assert_eq!(std::fs::read(&path).expect("read")[25], 2, "{} is opaque RGB", path.display());
    }
}

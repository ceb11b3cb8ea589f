//! What differs per platform: where saves go, how to wait, where seeds and the clock come from.
//!
//! * web (wasm): browser localStorage, browser timers, `crypto.getRandomValues` seeds;
//! * desktop and phones: files in the app data directory, tokio timers;
//! * no renderer (native tests): memory, no waiting;
//! * Android: the Wi-Fi multicast lock held while discovering tables (mDNS), through JNI.

use crate::store::Store;

/// The store for this platform.
pub fn store() -> Box<dyn Store> {
    #[cfg(all(feature = "web", target_arch = "wasm32"))]
    {
        if let Some(storage) = web::local_storage() {
            return Box::new(web::LocalStorage(storage));
        }
    }
    #[cfg(any(feature = "desktop", feature = "mobile"))]
    {
        if let Some(dir) = dirs::data_dir() {
            return Box::new(crate::store::FileStore::new(dir.join("troef")));
        }
    }
    Box::new(crate::store::MemoryStore::default())
}

/// Where saves are kept, in words (settings screen).
pub fn store_place() -> String {
    #[cfg(all(feature = "web", target_arch = "wasm32"))]
    {
        return crate::i18n::t("store-browser");
    }
    #[allow(unreachable_code)]
    {
        #[cfg(any(feature = "desktop", feature = "mobile"))]
        if let Some(dir) = dirs::data_dir() {
            return dir.join("troef").display().to_string();
        }
        crate::i18n::t("store-memory")
    }
}

/// Sets the page's language and writing direction (`<html lang dir>`), for screen readers and
/// right-to-left layout.
pub fn set_document_language(code: &str, dir: &str) {
    #[cfg(all(feature = "web", target_arch = "wasm32"))]
    {
        if let Some(root) =
            web_sys::window().and_then(|window| window.document()).and_then(|doc| doc.document_element())
        {
            let _ = root.set_attribute("lang", code);
            let _ = root.set_attribute("dir", dir);
        }
    }
    let _ = (code, dir);
}

/// A short sound: `"card"` when a card is played, `"trick"` when a trick is taken, `"turn"` when
/// it is your turn. The web build plays it through the page's `troefSound` (Web Audio, in
/// `app/web/index.html`); elsewhere there is no sound yet.
pub fn play_sound(kind: &str) {
    #[cfg(all(feature = "web", target_arch = "wasm32"))]
    {
        use wasm_bindgen::JsCast;
        if let Some(window) = web_sys::window() {
            if let Ok(function) = js_sys::Reflect::get(&window, &"troefSound".into()) {
                if let Some(function) = function.dyn_ref::<js_sys::Function>() {
                    let _ = function.call1(&window, &kind.into());
                }
            }
        }
    }
    let _ = kind;
}

/// Waits `ms` milliseconds without blocking the UI thread.
pub async fn sleep(ms: u32) {
    #[cfg(all(feature = "web", target_arch = "wasm32"))]
    {
        gloo_timers::future::TimeoutFuture::new(ms).await;
    }
    #[cfg(all(any(feature = "desktop", feature = "mobile"), not(target_arch = "wasm32")))]
    {
        tokio::time::sleep(std::time::Duration::from_millis(ms as u64)).await;
    }
    #[cfg(not(any(all(feature = "web", target_arch = "wasm32"), feature = "desktop", feature = "mobile")))]
    {
        let _ = ms;
    }
}

/// A fresh random seed for a new match.
pub fn new_seed() -> u64 {
    let mut bytes = [0u8; 8];
    #[cfg(target_arch = "wasm32")]
    {
        if getrandom::getrandom(&mut bytes).is_err() {
            bytes = (now_ms() as u64).to_le_bytes();
        }
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        use rand::RngCore;
        rand::thread_rng().fill_bytes(&mut bytes);
    }
    u64::from_le_bytes(bytes)
}

/// Milliseconds since 1970.
pub fn now_ms() -> f64 {
    #[cfg(all(feature = "web", target_arch = "wasm32"))]
    {
        return js_sys::Date::now();
    }
    #[allow(unreachable_code)]
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0.0, |elapsed| elapsed.as_millis() as f64)
}

/// `2026-12-03` for a time in milliseconds since 1970 (UTC).
pub fn date_text(ms: u64) -> String {
    // Days to civil date (proleptic Gregorian), after Howard Hinnant's well-known algorithm.
    let days = (ms / 86_400_000) as i64 + 719_468;
    let era = days.div_euclid(146_097);
    let day_of_era = days - era * 146_097;
    let year_of_era = (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_index = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * month_index + 2) / 5 + 1;
    let month = if month_index < 10 { month_index + 3 } else { month_index - 9 };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

#[cfg(all(feature = "web", target_arch = "wasm32"))]
mod web {
    use crate::store::Store;

    pub fn local_storage() -> Option<web_sys::Storage> {
        web_sys::window()?.local_storage().ok()?
    }

    pub struct LocalStorage(pub web_sys::Storage);

    fn error(value: wasm_bindgen::JsValue) -> String {
        value.as_string().unwrap_or_else(|| format!("{value:?}"))
    }

    impl Store for LocalStorage {
        fn load(&self, key: &str) -> Result<Option<String>, String> {
            self.0.get_item(key).map_err(error)
        }

        fn save(&self, key: &str, value: &str) -> Result<(), String> {
            self.0.set_item(key, value).map_err(error)
        }

        fn remove(&self, key: &str) -> Result<(), String> {
            self.0.remove_item(key).map_err(error)
        }

        fn keys(&self) -> Result<Vec<String>, String> {
            let count = self.0.length().map_err(error)?;
            Ok((0..count).filter_map(|index| self.0.key(index).ok().flatten()).collect())
        }
    }
}

/// Keeps multicast (mDNS) packets coming in while tables are being discovered; released when dropped.
///
/// Android's Wi-Fi driver filters out multicast to save battery unless an app holds a
/// `WifiManager.MulticastLock`, so without it a phone neither sees tables nor answers queries. The
/// lock costs battery, so hold it only while discovering (the lobby, a waiting room), not for a whole
/// game. Elsewhere multicast needs no lock and this guard does nothing.
#[derive(Debug)]
#[must_use = "the lock is released when the guard is dropped"]
pub struct MulticastLock {
    #[cfg(target_os = "android")]
    _lock: android::WifiMulticastLock,
}

/// Takes the multicast lock (Android) or nothing (every other platform). On Android it fails when
/// the app has no `CHANGE_WIFI_MULTICAST_STATE` permission (Dioxus.toml) or runs without an Activity;
/// discovery may then find nothing, which the caller can show.
pub fn acquire_multicast_lock() -> Result<MulticastLock, String> {
    #[cfg(target_os = "android")]
    {
        android::WifiMulticastLock::acquire("troef-discovery").map(|lock| MulticastLock { _lock: lock })
    }
    #[cfg(not(target_os = "android"))]
    {
        Ok(MulticastLock {})
    }
}

#[cfg(target_os = "android")]
#[allow(unsafe_code)] // The JNI entry points take raw pointers: see WifiMulticastLock::acquire.
mod android {
    use jni::objects::{GlobalRef, JObject, JValue};
    use jni::{JNIEnv, JavaVM};

    /// A held `android.net.wifi.WifiManager.MulticastLock`.
    #[derive(Debug)]
    pub struct WifiMulticastLock {
        vm: JavaVM,
        lock: GlobalRef,
    }

    /// A JNI failure in words; a pending Java exception is printed to the log and cleared, as any
    /// further JNI call with one pending would abort the process.
    fn failure(env: &mut JNIEnv, what: &str, error: jni::errors::Error) -> String {
        if env.exception_check().unwrap_or(false) {
            let _ = env.exception_describe();
            let _ = env.exception_clear();
        }
        format!("multicast lock: {what}: {error}")
    }

    impl WifiMulticastLock {
        /// `context.getApplicationContext().getSystemService("wifi").createMulticastLock(tag)`, then
        /// `setReferenceCounted(false)` and `acquire()`. The application context, not the Activity:
        /// a WifiManager taken from an Activity keeps that Activity alive on older Android versions.
        pub fn acquire(tag: &str) -> Result<Self, String> {
            let context = ndk_context::android_context();
            if context.vm().is_null() || context.context().is_null() {
                return Err("multicast lock: no Android context (the app was not started by its Activity)".into());
            }
            // SAFETY: ndk-context holds the process's JavaVM pointer, set by the Android glue of tao
            // (dioxus-mobile's window layer) before the app's main runs, and valid for the process's life.
            let vm = unsafe { JavaVM::from_raw(context.vm().cast()) }
                .map_err(|error| format!("multicast lock: JavaVM: {error}"))?;
            let lock = {
                let mut env =
                    vm.attach_current_thread().map_err(|error| format!("multicast lock: attach thread: {error}"))?;
                // SAFETY: the context pointer is a JNI global reference to the Activity that the glue
                // keeps for the process's life; JObject borrows it and never deletes it.
                let activity = unsafe { JObject::from_raw(context.context().cast()) };
                let application = env
                    .call_method(&activity, "getApplicationContext", "()Landroid/content/Context;", &[])
                    .and_then(|value| value.l())
                    .map_err(|error| failure(&mut env, "getApplicationContext", error))?;
                let service_name = env.new_string("wifi").map_err(|error| failure(&mut env, "new_string", error))?;
                let wifi = env
                    .call_method(
                        &application,
                        "getSystemService",
                        "(Ljava/lang/String;)Ljava/lang/Object;",
                        &[JValue::Object(&service_name)],
                    )
                    .and_then(|value| value.l())
                    .map_err(|error| failure(&mut env, "getSystemService(wifi)", error))?;
                if wifi.is_null() {
                    return Err("multicast lock: this device has no Wi-Fi service".into());
                }
                let tag = env.new_string(tag).map_err(|error| failure(&mut env, "new_string", error))?;
                let lock = env
                    .call_method(
                        &wifi,
                        "createMulticastLock",
                        "(Ljava/lang/String;)Landroid/net/wifi/WifiManager$MulticastLock;",
                        &[JValue::Object(&tag)],
                    )
                    .and_then(|value| value.l())
                    .map_err(|error| failure(&mut env, "createMulticastLock", error))?;
                // Not reference counted: one release undoes the acquire, whatever happened between.
                env.call_method(&lock, "setReferenceCounted", "(Z)V", &[JValue::Bool(0)])
                    .map_err(|error| failure(&mut env, "setReferenceCounted", error))?;
                // Throws SecurityException without CHANGE_WIFI_MULTICAST_STATE in the manifest.
                env.call_method(&lock, "acquire", "()V", &[]).map_err(|error| failure(&mut env, "acquire", error))?;
                env.new_global_ref(lock).map_err(|error| failure(&mut env, "new_global_ref", error))?
            };
            Ok(WifiMulticastLock { vm, lock })
        }
    }

    impl Drop for WifiMulticastLock {
        fn drop(&mut self) {
            // Dropped on whichever thread ends discovery: attach it for the call.
            if let Ok(mut env) = self.vm.attach_current_thread() {
                if let Err(error) = env.call_method(self.lock.as_obj(), "release", "()V", &[]) {
                    eprintln!("{}", failure(&mut env, "release", error));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn dates_are_civil_utc() {
        assert_eq!(super::date_text(0), "1970-01-01");
        assert_eq!(super::date_text(951_782_400_000), "2000-02-29");
        assert_eq!(super::date_text(1_796_256_000_000), "2026-12-03");
    }

    #[test]
    fn multicast_lock_is_a_guard_that_does_nothing_off_android() {
        let first = super::acquire_multicast_lock().expect("no lock to take off Android");
        // Discovery may start again while an earlier guard is still alive (a second lobby screen).
        let second = super::acquire_multicast_lock().expect("a second guard");
        drop(first);
        drop(second);
    }
}

//! The browser's `window.localStorage`, as a [`KeyValue`] store.

use std::io;

use web_sys::js_sys::Reflect;
use web_sys::wasm_bindgen::JsValue;

use super::{KeyValue, STORAGE_FULL};

/// The page's `localStorage`, looked up on each use (the handle can't be kept in a static).
#[derive(Debug, Clone, Copy, Default)]
pub struct LocalStorage;

const UNAVAILABLE: &str = "the browser gives this page no storage (private browsing, or \
     site data blocked in the browser's settings), so nothing can be kept";

fn storage() -> io::Result<web_sys::Storage> {
    web_sys::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .ok_or_else(|| io::Error::new(io::ErrorKind::Unsupported, UNAVAILABLE))
}

/// The browser's refusal as an I/O error: a full storage says so in a sentence.
fn refusal(e: JsValue) -> io::Error {
    let name = Reflect::get(&e, &JsValue::from_str("name"))
        .ok()
        .and_then(|n| n.as_string())
        .unwrap_or_default();
    if name == "QuotaExceededError" || name == "NS_ERROR_DOM_QUOTA_REACHED" {
        return io::Error::new(io::ErrorKind::StorageFull, STORAGE_FULL);
    }
    let message = Reflect::get(&e, &JsValue::from_str("message"))
        .ok()
        .and_then(|m| m.as_string())
        .unwrap_or_else(|| "the browser refused the storage operation".to_owned());
    io::Error::other(message)
}

impl KeyValue for LocalStorage {
    fn get(&self, key: &str) -> io::Result<Option<String>> {
        storage()?.get_item(key).map_err(refusal)
    }

    fn set(&self, key: &str, value: &str) -> io::Result<()> {
        storage()?.set_item(key, value).map_err(refusal)
    }

    fn remove(&self, key: &str) -> io::Result<()> {
        storage()?.remove_item(key).map_err(refusal)
    }

    fn keys(&self) -> io::Result<Vec<String>> {
        let storage = storage()?;
        let count = storage.length().map_err(refusal)?;
        let mut keys = Vec::new();
        for i in 0..count {
            if let Some(key) = storage.key(i).map_err(refusal)? {
                keys.push(key);
            }
        }
        Ok(keys)
    }
}

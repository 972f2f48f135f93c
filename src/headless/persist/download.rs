//! In the browser a file the app gives away (the planner's exports, a save) is offered as a
//! download: the bytes become a `Blob`, and a link to it with a `download` name is clicked
//! (docs/web.md).

use std::cell::RefCell;

use web_sys::js_sys::{Array, Uint8Array};
use web_sys::wasm_bindgen::{JsCast, JsValue};
use web_sys::{Blob, BlobPropertyBag, HtmlAnchorElement, Url};

thread_local! {
    /// The last download's object URL, released at the next download (releasing it right
    /// after the click could cancel a download the browser has not started yet).
    static LAST: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// The media type of an export, from its file name.
fn media_type(name: &str) -> &'static str {
    match name.rsplit('.').next() {
        Some("pdf") => "application/pdf",
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        _ => "application/octet-stream",
    }
}

fn refused(e: JsValue) -> String {
    e.as_string()
        .unwrap_or_else(|| "the browser refused it".to_owned())
}

/// Offers `bytes` as a file called `name` for the browser to save.
pub(crate) fn offer(name: &str, bytes: &[u8]) -> Result<(), String> {
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("there is no page to download from")?;
    let options = BlobPropertyBag::new();
    options.set_type(media_type(name));
    let parts = Array::of1(&Uint8Array::from(bytes));
    let blob = Blob::new_with_u8_array_sequence_and_options(&parts, &options).map_err(refused)?;
    let url = Url::create_object_url_with_blob(&blob).map_err(refused)?;
    let link: HtmlAnchorElement = document
        .create_element("a")
        .map_err(refused)?
        .dyn_into()
        .map_err(|_| "the page made no link".to_owned())?;
    link.set_href(&url);
    link.set_download(name);
    link.click();
    if let Some(old) = LAST.with(|last| last.replace(Some(url))) {
        let _ = Url::revoke_object_url(&old);
    }
    Ok(())
}

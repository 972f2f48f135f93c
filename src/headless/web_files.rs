//! Files the player chooses in the browser: an `<input type=file>` is made and clicked, and
//! each chosen file is read as text by a `FileReader`. Reading is asynchronous, so the files
//! arrive on a later frame: once every file of a choice is read the batch waits here, by
//! what it was chosen for, until the app's system for that purpose takes it
//! ([`take_picked`]).

use std::cell::RefCell;
use std::rc::Rc;

use web_sys::wasm_bindgen::closure::Closure;
use web_sys::wasm_bindgen::{JsCast, JsValue};
use web_sys::{Event, File, FileReader, HtmlInputElement};

/// What a choice of files is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    /// A save to import.
    Save,
    /// The files of a content pack.
    Pack,
}

/// One chosen file: its name and its text, or why it could not be read.
pub type Picked = (String, Result<String, String>);

thread_local! {
    /// Choices whose files are all read, waiting for the app.
    static READY: RefCell<Vec<(Purpose, Vec<Picked>)>> = const { RefCell::new(Vec::new()) };
}

fn refused(e: JsValue) -> String {
    e.as_string()
        .unwrap_or_else(|| "the browser refused it".to_owned())
}

/// Opens the browser's file picker for files matching `accept` (several when `multiple`);
/// the files chosen arrive through [`take_picked`] for `purpose` once read.
pub fn open_picker(purpose: Purpose, accept: &str, multiple: bool) -> Result<(), String> {
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("there is no page to pick files from")?;
    let input: HtmlInputElement = document
        .create_element("input")
        .map_err(refused)?
        .dyn_into()
        .map_err(|_| "the page made no file input".to_owned())?;
    input.set_type("file");
    input.set_accept(accept);
    input.set_multiple(multiple);
    let chosen = input.clone();
    let on_change = Closure::<dyn FnMut(Event)>::new(move |_: Event| {
        let files: Vec<File> = chosen
            .files()
            .map(|list| (0..list.length()).filter_map(|i| list.get(i)).collect())
            .unwrap_or_default();
        read_all(purpose, files);
    });
    input.set_onchange(Some(on_change.as_ref().unchecked_ref()));
    // The closure lives as long as the input may fire (a picker left open has no end).
    on_change.forget();
    input.click();
    Ok(())
}

/// Reads every file as text; when the last is read the batch is ready.
fn read_all(purpose: Purpose, files: Vec<File>) {
    let count = files.len();
    let batch: Rc<RefCell<Vec<Picked>>> = Rc::new(RefCell::new(Vec::with_capacity(count)));
    for file in files {
        let name = file.name();
        let done = {
            let batch = batch.clone();
            move |read: Result<String, String>| {
                let mut b = batch.borrow_mut();
                b.push((name.clone(), read));
                if b.len() == count {
                    let mut all = std::mem::take(&mut *b);
                    all.sort_by(|x, y| x.0.cmp(&y.0));
                    READY.with(|r| r.borrow_mut().push((purpose, all)));
                }
            }
        };
        if let Err(e) = read_one(&file, done.clone()) {
            done(Err(e));
        }
    }
}

/// Starts reading one file; `done` gets its text or why it failed.
fn read_one(
    file: &File,
    done: impl FnOnce(Result<String, String>) + Clone + 'static,
) -> Result<(), String> {
    let reader = FileReader::new().map_err(refused)?;
    let loaded = reader.clone();
    let ok = done.clone();
    let on_load = Closure::<dyn FnMut(Event)>::once(move |_: Event| {
        let text = loaded
            .result()
            .ok()
            .and_then(|v| v.as_string())
            .ok_or_else(|| "it is not text".to_owned());
        ok(text);
    });
    let on_error = Closure::<dyn FnMut(Event)>::once(move |_: Event| {
        done(Err("the browser could not read it".into()))
    });
    reader.set_onload(Some(on_load.as_ref().unchecked_ref()));
    reader.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    on_load.forget();
    on_error.forget();
    reader.read_as_text(file).map_err(refused)
}

/// The chosen files ready for `purpose`, one batch per choice, oldest first.
pub fn take_picked(purpose: Purpose) -> Vec<Vec<Picked>> {
    READY.with(|r| {
        let mut r = r.borrow_mut();
        let (mine, others) = std::mem::take(&mut *r)
            .into_iter()
            .partition(|(p, _)| *p == purpose);
        *r = others;
        mine.into_iter().map(|(_, files)| files).collect()
    })
}

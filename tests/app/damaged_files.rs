//! Damaged files the app loads — the autosave, saves, campaigns, key bindings, rosters —
//! are refused with the file, the reason and that the file was kept untouched; the previous
//! copy is offered when it loads; "Continue" is never offered for a damaged autosave. The
//! app's own loaders are fuzzed with the content crate's hostile inputs: no panic, a clear
//! refusal naming the file, nothing on disk changed.

use std::path::Path;

use proptest::prelude::*;
use redline::headless::campaign::list_campaigns;
use redline::headless::flow::menu::MenuIntent;
use redline::headless::game::match_state::Match;
use redline::headless::notice::Notice;
use redline::headless::persist::bindings::{
    BINDINGS_KIND, BINDINGS_VERSION, Bindings, read_bindings,
};
use redline::headless::persist::data_dir::DataDir;
use redline::headless::persist::refusals::Refusals;
use redline::headless::persist::rosters::Rosters;
use redline::headless::persist::saves::{self, AutosaveState};
use redline::headless::screen::Screen;
use redline_content::store;

use crate::driver::{data_dir, new_app, screen, send};

#[path = "../../crates/content/tests/common/fuzz.rs"]
mod fuzz;

/// A data folder whose autosave is a quick skirmish just started, and the match's hash.
fn with_autosave(name: &str) -> (std::path::PathBuf, DataDir, u64) {
    let dir = data_dir(name);
    let mut app = new_app(&dir);
    send(&mut app, MenuIntent::QuickSkirmish);
    app.update();
    let current = app.world().resource::<Match>().clone();
    let data = app.world().resource::<DataDir>().clone();
    // Written again, so the first autosave is kept as the previous copy.
    saves::save_match(&data.autosave(), &current).unwrap();
    (dir, data, current.game().state_hash())
}

fn damage(path: &Path) -> Vec<u8> {
    let mut text = std::fs::read(path).unwrap();
    text.truncate(text.len() / 2);
    std::fs::write(path, &text).unwrap();
    text
}

#[test]
fn a_damaged_autosave_is_not_continued_and_its_previous_copy_is_offered() {
    let (dir, data, hash) = with_autosave("damaged-autosave");
    let kept = damage(&data.autosave());

    let mut app = new_app(&dir);
    assert_eq!(screen(&app), Screen::MainMenu);
    let state = app.world().resource::<AutosaveState>().clone();
    assert!(!state.can_continue(), "no Continue for a damaged autosave");
    assert_eq!(
        state.previous(),
        Some(store::previous_path(&data.autosave()).as_path())
    );
    let refusals = app.world().resource::<Refusals>();
    let refusal = refusals
        .of(&data.autosave())
        .expect("the autosave is listed as refused");
    let sentence = refusal.sentence();
    assert!(sentence.contains("autosave.ron"), "{sentence}");
    assert!(sentence.contains("damaged"), "{sentence}");
    assert!(sentence.contains("kept untouched"), "{sentence}");
    assert!(sentence.contains("previous copy"), "{sentence}");

    // Continue, were it sent anyway, is refused and changes nothing.
    send(&mut app, MenuIntent::Continue);
    assert_eq!(screen(&app), Screen::MainMenu);
    let notice = app.world().resource::<Notice>().clone();
    assert!(
        notice.error && notice.text.contains("damaged"),
        "{notice:?}"
    );
    assert_eq!(std::fs::read(data.autosave()).unwrap(), kept);

    // The previous copy plays on.
    send(&mut app, MenuIntent::ContinuePrevious);
    app.update();
    assert_eq!(screen(&app), Screen::Battle);
    assert_eq!(app.world().resource::<Match>().game().state_hash(), hash);
}

#[test]
fn a_damaged_autosave_without_a_usable_copy_offers_nothing_and_says_why() {
    let (dir, data, _) = with_autosave("damaged-autosave-alone");
    damage(&data.autosave());
    damage(&store::previous_path(&data.autosave()));
    let app = new_app(&dir);
    let state = app.world().resource::<AutosaveState>().clone();
    assert!(!state.can_continue());
    assert_eq!(state.previous(), None);
    let sentence = app
        .world()
        .resource::<Refusals>()
        .of(&data.autosave())
        .unwrap()
        .sentence();
    assert!(sentence.contains("no usable previous copy"), "{sentence}");
}

#[test]
fn a_good_autosave_is_continued() {
    let (dir, _, _) = with_autosave("good-autosave");
    let app = new_app(&dir);
    assert!(app.world().resource::<AutosaveState>().can_continue());
    assert!(app.world().resource::<Refusals>().0.is_empty());
}

#[test]
fn damaged_bindings_and_rosters_are_refused_with_the_reason_and_kept() {
    let dir = data_dir("damaged-settings");
    let app = new_app(&dir);
    let data = app.world().resource::<DataDir>().clone();
    drop(app);
    std::fs::create_dir_all(&data.0).unwrap();
    std::fs::write(
        data.bindings(),
        "(kind: \"redline-bindings\", version: 1, data: (",
    )
    .unwrap();
    std::fs::write(
        data.rosters(),
        "(kind: \"redline-save\", version: 1, data: ())",
    )
    .unwrap();
    let app = new_app(&dir);
    assert_eq!(*app.world().resource::<Bindings>(), Bindings::default());
    assert!(app.world().resource::<Rosters>().list.is_empty());
    let refusals = app.world().resource::<Refusals>();
    let bindings = refusals
        .of(&data.bindings())
        .expect("bindings refused")
        .sentence();
    assert!(
        bindings.contains("damaged") && bindings.contains("kept untouched"),
        "{bindings}"
    );
    let rosters = refusals
        .of(&data.rosters())
        .expect("rosters refused")
        .sentence();
    assert!(rosters.contains("'redline-save' file"), "{rosters}");
    let text = std::fs::read_to_string(data.bindings()).unwrap();
    assert!(text.ends_with("data: ("), "the damaged file is untouched");
}

#[test]
fn a_damaged_campaign_is_listed_with_its_reason_and_previous_copy() {
    let dir = data_dir("damaged-campaign-list");
    let app = new_app(&dir);
    let data = app.world().resource::<DataDir>().clone();
    drop(app);
    let path = data.campaigns().join("broken.campaign.ron");
    std::fs::create_dir_all(data.campaigns()).unwrap();
    std::fs::write(&path, "(kind: \"redline-campaign\", version: 1, data: (").unwrap();
    let listed = list_campaigns(&data);
    assert_eq!(listed.len(), 1);
    assert!(!listed[0].readable);
    let sentence = listed[0].refusal.as_ref().unwrap().sentence();
    assert!(
        sentence.contains("broken.campaign.ron") && sentence.contains("damaged"),
        "{sentence}"
    );
    assert!(sentence.contains("no usable previous copy"), "{sentence}");
}

/// The text of a valid save of a quick skirmish, and its data folder.
fn valid_save() -> (DataDir, String) {
    let (_, data, _) = with_autosave("fuzz-save");
    let text = std::fs::read_to_string(data.autosave()).unwrap();
    (data, text)
}

proptest! {
    #![proptest_config(fuzz::config(200))]

    /// A mutated save is loaded or refused with a sentence naming it; never a panic, and the
    /// file is never changed.
    #[test]
    fn mutated_saves_are_refused_clearly(mutations in fuzz::mutations(6)) {
        thread_local! { static SAVE: (DataDir, String) = valid_save(); }
        let (data, text) = SAVE.with(|s| s.clone());
        let path = data.saves().join("fuzzed.ron");
        let bytes = fuzz::apply(text.as_bytes(), &mutations);
        std::fs::write(&path, &bytes).unwrap();
        if let Err(e) = saves::load_match(&path) {
            prop_assert!(e.to_string().contains("fuzzed.ron"), "{e}");
        }
        prop_assert_eq!(std::fs::read(&path).unwrap(), bytes);
    }

    /// Mutated key bindings load, or fall back to the defaults with a refusal naming the file.
    #[test]
    fn mutated_key_bindings_are_refused_clearly(mutations in fuzz::mutations(6)) {
        let data = DataDir(data_dir("fuzz-bindings"));
        std::fs::create_dir_all(&data.0).unwrap();
        let text = store::to_text(BINDINGS_KIND, BINDINGS_VERSION, &Bindings::default()).unwrap();
        let bytes = fuzz::apply(text.as_bytes(), &mutations);
        std::fs::write(data.bindings(), &bytes).unwrap();
        let mut refusals = Refusals::default();
        let read = read_bindings(&data, &mut refusals);
        match refusals.of(&data.bindings()) {
            Some(r) => {
                prop_assert_eq!(read, Bindings::default());
                prop_assert!(r.sentence().contains("bindings.ron"), "{}", r.sentence());
            }
            None => prop_assert!(refusals.0.is_empty()),
        }
        prop_assert_eq!(std::fs::read(data.bindings()).unwrap(), bytes);
    }

    /// Random bytes as an autosave: the menu's check refuses them, never offering Continue.
    #[test]
    fn random_bytes_as_an_autosave_never_offer_continue(bytes in fuzz::bytes(4096)) {
        let data = DataDir(data_dir("fuzz-autosave"));
        std::fs::create_dir_all(data.saves()).unwrap();
        std::fs::write(data.autosave(), &bytes).unwrap();
        let state = saves::check_autosave(&data);
        prop_assert!(!state.can_continue());
        prop_assert!(matches!(state, AutosaveState::Refused(_)));
    }
}

#[test]
fn a_damaged_saved_layout_opens_its_previous_copy_and_says_so() {
    use redline::headless::persist::layouts::{load_layout, save_layout};
    let data = DataDir(data_dir("damaged-layout"));
    let catalog = redline_content::starter();
    let mut layout = catalog.layouts.iter().next().unwrap().clone();
    layout.name = "Dockside".into();
    let path = save_layout(&data, "Dockside", &layout).unwrap();
    save_layout(&data, "Dockside", &layout).unwrap();
    let kept = damage(&path);
    let (loaded, refusal) = load_layout(&path).unwrap();
    assert_eq!(loaded, layout);
    let sentence = refusal.expect("the refusal is reported").sentence();
    assert!(
        sentence.contains("Dockside.ron") && sentence.contains("kept untouched"),
        "{sentence}"
    );
    assert!(sentence.contains("previous copy"), "{sentence}");
    assert_eq!(std::fs::read(&path).unwrap(), kept);
    // Both damaged: the file's own reason.
    damage(&store::previous_path(&path));
    let e = load_layout(&path).unwrap_err();
    assert!(e.to_string().contains("Dockside.ron"), "{e}");
}

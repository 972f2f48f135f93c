//! Rebindable keys: a key bound in the settings is saved in the data folder, read back by
//! the next start of the game, and the battle screen's controls list names the key the
//! player bound, not the default.

use crate::driver::{data_dir, new_app};

use bevy::prelude::*;
use redline::headless::persist::bindings::{Binding, Bindings, controls};
use redline::headless::persist::data_dir::DataDir;

#[test]
fn a_rebound_key_is_saved_loaded_and_listed() {
    let dir = data_dir("bindings");
    let app = new_app(&dir);
    let defaults = controls(app.world().resource::<Bindings>());
    assert!(defaults.contains(&("T".to_string(), "top-down view")));
    assert!(defaults.contains(&("Wheel / - =".to_string(), "zoom")));

    // As the settings window does after a key press: bind, then save.
    let mut bindings = app.world().resource::<Bindings>().clone();
    bindings.set(Binding::TopDown, KeyCode::KeyV);
    bindings.set(Binding::PanForward, KeyCode::KeyI);
    bindings
        .write(app.world().resource::<DataDir>())
        .expect("bindings saved");
    drop(app);

    let app = new_app(&dir);
    let loaded = app.world().resource::<Bindings>();
    assert_eq!(loaded.key(Binding::TopDown), KeyCode::KeyV);
    assert_eq!(loaded.key(Binding::PanForward), KeyCode::KeyI);
    let listed = controls(loaded);
    assert!(
        listed.contains(&("V".to_string(), "top-down view")),
        "{listed:?}"
    );
    assert!(
        listed.contains(&("Middle drag / IASD".to_string(), "pan")),
        "{listed:?}"
    );
    assert!(!listed.iter().any(|(k, _)| k == "T"));
}

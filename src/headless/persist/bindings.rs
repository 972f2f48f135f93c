//! Key bindings a player can change (settings window) and that are saved in the data
//! folder. The camera and view toggles build their leafwing input maps from these; the
//! mouse gestures (orbit, pan, zoom, click, drag) are fixed.

use bevy::prelude::*;
use redline_content::store;
use serde::{Deserialize, Serialize};

use crate::headless::persist::data_dir::DataDir;
use crate::headless::persist::refusals::{Refusals, read_recording};

/// The kind written in the bindings file's envelope.
pub const BINDINGS_KIND: &str = "redline-bindings";
/// The bindings format this build writes and reads.
pub const BINDINGS_VERSION: u32 = 1;

/// Something a key does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Binding {
    /// Pan the camera forward.
    PanForward,
    /// Pan back.
    PanBack,
    /// Pan left.
    PanLeft,
    /// Pan right.
    PanRight,
    /// Turn the camera left.
    TurnLeft,
    /// Turn right.
    TurnRight,
    /// Zoom in.
    ZoomIn,
    /// Zoom out.
    ZoomOut,
    /// Toggle the top-down view.
    TopDown,
    /// Back to the framed view.
    ResetView,
    /// Centre the camera on the selected (or active) model.
    SnapToModel,
    /// Show or hide the 1" grid.
    ToggleGrid,
    /// Colour scenery as obstacle / barrier.
    ToggleCover,
    /// Skip the animations playing.
    SkipAnimation,
    /// Toggle the model's-eye view.
    EyeView,
    /// Hide or show the panels around the table.
    TogglePanels,
}

impl Binding {
    /// Every binding, in the order the settings window lists them.
    pub const ALL: [Binding; 16] = [
        Binding::PanForward,
        Binding::PanBack,
        Binding::PanLeft,
        Binding::PanRight,
        Binding::TurnLeft,
        Binding::TurnRight,
        Binding::ZoomIn,
        Binding::ZoomOut,
        Binding::TopDown,
        Binding::ResetView,
        Binding::SnapToModel,
        Binding::ToggleGrid,
        Binding::ToggleCover,
        Binding::SkipAnimation,
        Binding::EyeView,
        Binding::TogglePanels,
    ];

    /// What the settings window calls it.
    pub fn label(self) -> &'static str {
        match self {
            Binding::PanForward => "Pan forward",
            Binding::PanBack => "Pan back",
            Binding::PanLeft => "Pan left",
            Binding::PanRight => "Pan right",
            Binding::TurnLeft => "Turn left",
            Binding::TurnRight => "Turn right",
            Binding::ZoomIn => "Zoom in",
            Binding::ZoomOut => "Zoom out",
            Binding::TopDown => "Top-down view",
            Binding::ResetView => "Reset view",
            Binding::SnapToModel => "Snap to model",
            Binding::ToggleGrid => "1\" grid",
            Binding::ToggleCover => "Obstacle / barrier colours",
            Binding::SkipAnimation => "Skip animation",
            Binding::EyeView => "Model's-eye view",
            Binding::TogglePanels => "Hide / show the panels",
        }
    }

    /// The key it has out of the box.
    pub fn default_key(self) -> KeyCode {
        match self {
            Binding::PanForward => KeyCode::KeyW,
            Binding::PanBack => KeyCode::KeyS,
            Binding::PanLeft => KeyCode::KeyA,
            Binding::PanRight => KeyCode::KeyD,
            Binding::TurnLeft => KeyCode::KeyQ,
            Binding::TurnRight => KeyCode::KeyE,
            Binding::ZoomIn => KeyCode::Equal,
            Binding::ZoomOut => KeyCode::Minus,
            Binding::TopDown => KeyCode::KeyT,
            Binding::ResetView => KeyCode::Home,
            Binding::SnapToModel => KeyCode::KeyF,
            Binding::ToggleGrid => KeyCode::KeyG,
            Binding::ToggleCover => KeyCode::KeyB,
            Binding::SkipAnimation => KeyCode::Space,
            Binding::EyeView => KeyCode::KeyY,
            Binding::TogglePanels => KeyCode::KeyH,
        }
    }
}

/// The gamepad buttons of the bindings that have one (with the opt-in `gamepad` feature).
/// They are fixed — the settings window rebinds keys only — and sit beside the sticks: the
/// left stick and the D-pad pan, the right stick turns (x) and zooms (y), the shoulder
/// buttons turn too, the triggers zoom.
#[cfg(feature = "gamepad")]
impl Binding {
    /// The gamepad button that does it, if any.
    pub fn gamepad_button(self) -> Option<GamepadButton> {
        match self {
            Binding::TurnLeft => Some(GamepadButton::LeftTrigger),
            Binding::TurnRight => Some(GamepadButton::RightTrigger),
            Binding::ZoomIn => Some(GamepadButton::RightTrigger2),
            Binding::ZoomOut => Some(GamepadButton::LeftTrigger2),
            Binding::TopDown => Some(GamepadButton::North),
            Binding::ResetView => Some(GamepadButton::Select),
            Binding::SnapToModel => Some(GamepadButton::West),
            Binding::ToggleGrid => Some(GamepadButton::RightThumb),
            Binding::ToggleCover => Some(GamepadButton::LeftThumb),
            Binding::SkipAnimation => Some(GamepadButton::East),
            Binding::PanForward
            | Binding::PanBack
            | Binding::PanLeft
            | Binding::PanRight
            | Binding::EyeView
            | Binding::TogglePanels => None,
        }
    }
}

/// The key of every binding.
#[derive(Resource, Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bindings {
    keys: Vec<(Binding, KeyCode)>,
}

impl Default for Bindings {
    fn default() -> Self {
        Bindings {
            keys: Binding::ALL.iter().map(|b| (*b, b.default_key())).collect(),
        }
    }
}

impl Bindings {
    /// The key bound to `binding`.
    pub fn key(&self, binding: Binding) -> KeyCode {
        self.keys
            .iter()
            .find(|(b, _)| *b == binding)
            .map_or(binding.default_key(), |(_, k)| *k)
    }

    /// Binds `key` to `binding`; a binding that had this key gets the old key of
    /// `binding`, so no key does two things.
    pub fn set(&mut self, binding: Binding, key: KeyCode) {
        let old = self.key(binding);
        for (b, k) in &mut self.keys {
            if *k == key && *b != binding {
                *k = old;
            }
        }
        match self.keys.iter_mut().find(|(b, _)| *b == binding) {
            Some((_, k)) => *k = key,
            None => self.keys.push((binding, key)),
        }
    }

    /// Writes them to the data folder.
    pub fn write(&self, dir: &DataDir) -> Result<(), store::StoreError> {
        store::write(&dir.bindings(), BINDINGS_KIND, BINDINGS_VERSION, self)
    }
}

/// A key name for the settings window and the controls list: "W", "Home", "Space", "-".
pub fn key_name(key: KeyCode) -> String {
    let symbol = match key {
        KeyCode::Minus => Some("-"),
        KeyCode::Equal => Some("="),
        KeyCode::Comma => Some(","),
        KeyCode::Period => Some("."),
        KeyCode::Slash => Some("/"),
        KeyCode::Semicolon => Some(";"),
        KeyCode::BracketLeft => Some("["),
        KeyCode::BracketRight => Some("]"),
        _ => None,
    };
    if let Some(symbol) = symbol {
        return symbol.to_string();
    }
    let text = format!("{key:?}");
    text.strip_prefix("Key")
        .or_else(|| text.strip_prefix("Digit"))
        .map_or(text.clone(), str::to_string)
}

/// The controls list of the battle screen, one `(keys, what they do)` line each, with the
/// keys the player has bound now (so a rebound key is never listed under its old name).
pub fn controls(bindings: &Bindings) -> Vec<(String, &'static str)> {
    let k = |b| key_name(bindings.key(b));
    vec![
        ("Left click".to_string(), "select, aim, place"),
        (
            format!(
                "Right drag / {} {}",
                k(Binding::TurnLeft),
                k(Binding::TurnRight)
            ),
            "orbit",
        ),
        (
            format!(
                "Middle drag / {}{}{}{}",
                k(Binding::PanForward),
                k(Binding::PanLeft),
                k(Binding::PanBack),
                k(Binding::PanRight)
            ),
            "pan",
        ),
        (
            format!("Wheel / {} {}", k(Binding::ZoomOut), k(Binding::ZoomIn)),
            "zoom",
        ),
        (k(Binding::TopDown), "top-down view"),
        (k(Binding::ToggleGrid), "1\" grid"),
        (k(Binding::ToggleCover), "obstacle / barrier colours"),
        (k(Binding::ResetView), "reset view"),
        (k(Binding::SnapToModel), "snap to model"),
        (k(Binding::SkipAnimation), "skip animation"),
        (k(Binding::EyeView), "model's-eye view"),
        (k(Binding::TogglePanels), "table only"),
    ]
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Bindings>();
    app.add_systems(Startup, load_bindings);
}

fn load_bindings(
    mut bindings: ResMut<Bindings>,
    dir: Res<DataDir>,
    mut refusals: ResMut<Refusals>,
) {
    *bindings = read_bindings(&dir, &mut refusals);
}

/// The saved key bindings, or their previous copy, or the defaults; a refused file is
/// recorded in `refusals` (and kept untouched), never fatal.
pub fn read_bindings(dir: &DataDir, refusals: &mut Refusals) -> Bindings {
    read_recording(&dir.bindings(), BINDINGS_KIND, BINDINGS_VERSION, refusals).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rebinding_a_used_key_swaps_the_two() {
        let mut bindings = Bindings::default();
        bindings.set(Binding::TopDown, KeyCode::KeyG);
        assert_eq!(bindings.key(Binding::TopDown), KeyCode::KeyG);
        assert_eq!(bindings.key(Binding::ToggleGrid), KeyCode::KeyT);
        assert_eq!(key_name(KeyCode::KeyG), "G");
        assert_eq!(key_name(KeyCode::Home), "Home");
    }
}

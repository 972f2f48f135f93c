//! Named places on a screen that the browser build's test clicks (`tools/web_test.py`): a
//! screen records where a widget was drawn under a name in egui's memory, and the browser
//! probe (`src/web_probe.rs`) writes the centre onto the page, so the test finds the widget
//! wherever the layout put it instead of at a measured pixel.

use bevy_egui::egui;

/// The dice seed's field on the Setup screen.
pub(crate) const DICE_SEED: &str = "dice-seed";
/// "Build the teams" on the Setup screen.
pub(crate) const BUILD_TEAMS: &str = "build-teams";
/// Every landmark a screen records, for the probe to publish.
#[cfg(any(target_arch = "wasm32", test))]
pub(crate) const ALL: [&str; 2] = [DICE_SEED, BUILD_TEAMS];

/// The memory slot of a landmark.
fn slot(name: &str) -> egui::Id {
    egui::Id::new(("redline-landmark", name))
}

/// Records that the widget called `name` was drawn at `rect` this frame.
pub(crate) fn mark(ui: &egui::Ui, name: &'static str, rect: egui::Rect) {
    ui.ctx().data_mut(|d| d.insert_temp(slot(name), rect));
}

/// The centre of the landmark `name`, in logical pixels, as last drawn.
#[cfg(any(target_arch = "wasm32", test))]
pub(crate) fn centre(ctx: &egui::Context, name: &str) -> Option<egui::Pos2> {
    ctx.data(|d| d.get_temp::<egui::Rect>(slot(name)))
        .map(|r| r.center())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_marked_widget_is_found_at_its_centre_and_an_unmarked_one_is_not() {
        let ctx = egui::Context::default();
        let mut output = ctx.run_ui(egui::RawInput::default(), |ui| {
            let button = ui.button("Build the teams");
            mark(ui, BUILD_TEAMS, button.rect);
        });
        // Nothing is painted here: the fonts' texture is dropped unused.
        output.textures_delta.clear();
        let at = centre(&ctx, BUILD_TEAMS).expect("the button was marked");
        assert!(at.x > 0.0 && at.y > 0.0, "{at:?}");
        assert_eq!(centre(&ctx, DICE_SEED), None);
        assert_eq!(ALL.len(), 2);
    }
}

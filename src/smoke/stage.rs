//! What a smoke scene may touch: the world it reads and the intents it sends, as a player
//! (or the scripted player) would.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::render::view::screenshot::Screenshot;

use super::capture::save_and_exit;
use super::run::SmokeRun;
use crate::headless::campaign::CampaignIntent;
use crate::headless::content::Content;
use crate::headless::flow::aim::AimIntent;
use crate::headless::flow::battle::BattleIntent;
use crate::headless::flow::builder_intents::BuilderIntent;
use crate::headless::flow::hand_over::HandOverReady;
use crate::headless::flow::menu::MenuIntent;
use crate::headless::flow::new_game::SetupIntent;
use crate::headless::game::match_state::Match;
use crate::headless::persist::data_dir::DataDir;
use crate::headless::planner::{Planner, PlannerIntent};
use crate::headless::screen::Screen;
use crate::table::eye::ToggleEyeView;
use crate::table::selection::SelectModel;
use crate::table::spawn::Miniature;

/// The intents a scene sends.
#[derive(SystemParam)]
pub(super) struct Intents<'w> {
    pub select: MessageWriter<'w, SelectModel>,
    pub menu: MessageWriter<'w, MenuIntent>,
    pub setup: MessageWriter<'w, SetupIntent>,
    pub build: MessageWriter<'w, BuilderIntent>,
    pub ready: MessageWriter<'w, HandOverReady>,
    pub aim: MessageWriter<'w, AimIntent>,
    pub battle: MessageWriter<'w, BattleIntent>,
    pub plan: MessageWriter<'w, PlannerIntent>,
    pub view: MessageWriter<'w, crate::headless::planner::view3d::PlannerViewIntent>,
    pub campaign: MessageWriter<'w, CampaignIntent>,
    pub online: MessageWriter<'w, crate::headless::online::OnlineIntent>,
    pub eye: MessageWriter<'w, ToggleEyeView>,
    pub exit: MessageWriter<'w, AppExit>,
}

/// The world a scene reads, and its intents.
#[derive(SystemParam)]
pub(super) struct Stage<'w, 's> {
    pub commands: Commands<'w, 's>,
    pub screen: Res<'w, State<Screen>>,
    pub content: Res<'w, Content>,
    pub dir: Res<'w, DataDir>,
    pub current: Option<Res<'w, Match>>,
    pub planner: Option<Res<'w, Planner>>,
    pub miniatures: Query<'w, 's, (Entity, &'static Miniature)>,
    pub send: Intents<'w>,
    pub costs: ResMut<'w, super::costs::FrameCosts>,
}

impl Stage<'_, '_> {
    /// Whether the app shows `screen`.
    pub fn on(&self, screen: Screen) -> bool {
        *self.screen.get() == screen
    }

    /// Selects the first miniature, as a click on it does.
    pub fn select_first(&mut self) {
        let first = self
            .miniatures
            .iter()
            .min_by_key(|(_, m)| m.model)
            .map(|(e, _)| e);
        self.send.select.write(SelectModel(first));
    }

    /// Selects the miniature of a model.
    pub fn select_model(&mut self, model: redline_rules::ModelId) {
        let e = self
            .miniatures
            .iter()
            .find(|(_, m)| m.model == model)
            .map(|(e, _)| e);
        self.send.select.write(SelectModel(e));
    }

    /// Takes the screenshot on frame `at` (the run exits once it is written).
    pub fn shoot(&mut self, run: &SmokeRun, frame: u32, at: u32) {
        if frame == at {
            info!(
                "redline --smoke: capturing {} after {:?}",
                run.scene.name(),
                run.started.elapsed()
            );
            self.commands
                .spawn(Screenshot::primary_window())
                .observe(save_and_exit);
        }
    }

    /// The scene could not be set up: the run fails.
    pub fn fail(&mut self, run: &SmokeRun, why: &str) {
        error!(
            "redline --smoke: scene {} could not be set up: {why}",
            run.scene.name()
        );
        self.send.exit.write(AppExit::from_code(1));
    }
}

//! The planner's 3D view: the layout being planned on the battle's mat with the battle's
//! scenery models (`table::planner_scene` sets them), seen from the orbiting table camera
//! or from a model's eyes anywhere on the table, and saved as a PNG. [`PlannerView`] is the
//! state (tested headlessly); the screen draws it, moves the camera and takes the picture.

use std::path::PathBuf;

use bevy::prelude::*;
use redline_battlespace::BASE_27MM_RADIUS;
use redline_meshes::{Crew, FigureSpec, Kit, Pose, Role};

use super::{CLICK_HEIGHT, Planner};
use crate::headless::notice::Notice;
use crate::headless::persist::data_dir::{DataDir, file_stem};
use crate::headless::schedule::PlaySystems;
use crate::headless::screen::Screen;

/// What the planner's 3D view shows.
#[derive(Resource, Debug, Clone, Default, PartialEq)]
pub struct PlannerView {
    /// The 3D view is shown instead of the top-down editor.
    pub three_d: bool,
    /// Clicks on the 3D table put the model's-eye camera there.
    pub eye_tool: bool,
    /// The model's-eye camera, while the view looks from a point on the table.
    pub eye: Option<PlannerEye>,
    /// A picture of the 3D view asked for and not taken yet: where it goes.
    pub picture: Option<PathBuf>,
}

/// The camera of the model's-eye view: a model standing at a point of the table.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PlannerEye {
    /// Where the model stands: (x, height of what it stands on, z).
    pub standing: Vec3,
    /// Its eyes.
    pub eye: Vec3,
    /// The point looked at.
    pub look_at: Vec3,
}

/// What the 3D view's buttons and clicks ask.
#[derive(Message, Debug, Clone, PartialEq)]
pub enum PlannerViewIntent {
    /// Show the 3D view (true) or the top-down editor.
    ThreeD(bool),
    /// Clicks on the 3D table place the model's-eye camera (true) or do nothing.
    EyeTool(bool),
    /// Look from a model's eyes at this point (x, z) of the table.
    EyeAt([f32; 2]),
    /// Back to the orbiting camera.
    Orbit,
    /// Save the 3D view as a PNG in the data folder's `exports/`.
    Picture,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PlannerView>();
    app.add_message::<PlannerViewIntent>();
    app.add_systems(
        Update,
        apply_view
            .in_set(PlaySystems::Apply)
            .run_if(in_state(Screen::Planner).and_then(resource_exists::<Planner>)),
    );
    app.add_systems(OnExit(Screen::Planner), |mut view: ResMut<PlannerView>| {
        *view = PlannerView::default();
    });
}

/// The eye height of a 1.3" figure on a 27 mm base, standing (the meshes' own figure).
pub fn figure_eye_height() -> f32 {
    FigureSpec {
        crew: Crew::Freelance,
        role: Role::Character,
        kit: Kit::Unarmed,
        base_radius: BASE_27MM_RADIUS,
        variant: 0,
    }
    .eye_height(Pose::Standing)
}

impl PlannerEye {
    /// A model standing at `point` on the planner's table (on the highest top there, as the
    /// engine finds it), looking at the table's middle; from the middle itself, east.
    pub fn at(planner: &Planner, point: [f32; 2]) -> PlannerEye {
        let [w, d] = planner.layout().size;
        let [x, z] = [point[0].clamp(0.0, w), point[1].clamp(0.0, d)];
        let level = planner
            .checks
            .space
            .as_ref()
            .map_or(0.0, |space| space.level_at(x, z, CLICK_HEIGHT));
        let standing = Vec3::new(x, level, z);
        let eye = standing + Vec3::Y * figure_eye_height();
        let centre = Vec3::new(w / 2.0, eye.y, d / 2.0);
        let ahead = if centre.xz().distance(eye.xz()) < 1.0 {
            eye + Vec3::X * 6.0
        } else {
            centre
        };
        PlannerEye {
            standing,
            eye,
            look_at: ahead,
        }
    }
}

/// Where the picture of the 3D view of a layout goes.
pub fn picture_path(dir: &DataDir, layout_name: &str) -> PathBuf {
    dir.exports()
        .join(format!("{}-3d.png", file_stem(layout_name)))
}

fn apply_view(
    mut intents: MessageReader<PlannerViewIntent>,
    mut view: ResMut<PlannerView>,
    planner: Res<Planner>,
    dir: Option<Res<DataDir>>,
    mut notice: ResMut<Notice>,
) {
    for intent in intents.read() {
        match intent {
            PlannerViewIntent::ThreeD(on) => {
                view.three_d = *on;
                if !on {
                    view.eye = None;
                    view.eye_tool = false;
                }
            }
            PlannerViewIntent::EyeTool(on) => view.eye_tool = *on,
            PlannerViewIntent::EyeAt(point) => {
                view.three_d = true;
                view.eye = Some(PlannerEye::at(&planner, *point));
            }
            PlannerViewIntent::Orbit => view.eye = None,
            PlannerViewIntent::Picture => match dir.as_deref() {
                Some(dir) if view.three_d => {
                    let path = picture_path(dir, &planner.layout().name);
                    notice.info(format!("3D view written to {}", path.display()));
                    view.picture = Some(path);
                }
                Some(_) => notice.error("Open the 3D view to save a picture of it."),
                None => notice.error("No data folder to export to."),
            },
        }
    }
}

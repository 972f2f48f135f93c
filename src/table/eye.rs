//! The model's-eye view: the camera drops to the selected model's eye height and looks at
//! the model under the cursor (or the aimed target), as players crouch at the table's
//! edge. The Path of Attack it shows is the engine's, from the aim's preview; nothing here
//! works out lines or cover. [`EyeView`] is the state (tested headlessly); the camera
//! follows it while it is on. While it is on and an action is aimed, each scenery piece the
//! engine's Path of Attack reports (cover, or the barrier blocking it) carries a
//! [`CoverOutline`], and the visuals outline it. The looking model's own figure
//! ([`FigureMesh`]) is hidden while the view is on, so it doesn't block the view; its
//! rings and token plate stay.

use bevy::prelude::*;
use redline_battlespace::MODEL_HEIGHT;

use crate::headless::flow::aim::{Aim, AimPreview};
use crate::headless::game::match_state::Match;
use crate::headless::game::probe::PoaView;
use crate::headless::schedule::AppSystems;
use crate::headless::screen::Screen;
use crate::table::look::FigureMesh;
use crate::table::selection::{SelectedModel, follow_the_play};
use crate::table::spawn::{Miniature, Scenery};

/// Where a model's eyes are, as a share of its height above its base.
const EYE_SHARE: f32 = 0.9;

/// A scenery piece outlined in the model's-eye view: the engine's Path of Attack to the
/// aimed target reports it as cover or as the barrier blocking it.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct CoverOutline;

/// Turns the model's-eye view on or off (the key and the battle screen's button).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ToggleEyeView;

/// The model's-eye view: whether it is on and, while it is, where the camera stands.
#[derive(Resource, Debug, Clone, Default, PartialEq)]
pub struct EyeView {
    /// The player asked for it.
    pub on: bool,
    /// The camera's eye and aim; `None` while no model is selected.
    pub shot: Option<EyeShot>,
}

/// The camera of the model's-eye view.
#[derive(Debug, Clone, PartialEq)]
pub struct EyeShot {
    /// The looking model's miniature.
    pub looker: Entity,
    /// The selected model's eyes.
    pub eye: Vec3,
    /// The point looked at: the target's body, else straight ahead of the model.
    pub look_at: Vec3,
    /// The engine's Path of Attack to the aimed target, with its cover, when an action is
    /// aimed at it.
    pub poa: Option<PoaView>,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<EyeView>();
    app.add_message::<ToggleEyeView>();
    app.add_systems(
        Update,
        (aim_the_eye, outline_cover)
            .chain()
            .after(follow_the_play)
            .in_set(AppSystems::Update)
            .run_if(in_state(Screen::Battle)),
    );
    // After `Update`, so a figure dressed this frame is already there; before visibility
    // is propagated, so it is hidden on this frame's picture.
    app.add_systems(
        PostUpdate,
        hide_the_lookers_figure
            .before(bevy::camera::visibility::VisibilitySystems::VisibilityPropagate),
    );
    app.add_systems(OnExit(Screen::Battle), |mut eye: ResMut<EyeView>| {
        *eye = EyeView::default();
    });
}

/// Toggles the view and places its camera at the selected model's eyes, looking at the
/// aimed target or the model under the cursor.
fn aim_the_eye(
    mut toggles: MessageReader<ToggleEyeView>,
    mut eye: ResMut<EyeView>,
    selected: Res<SelectedModel>,
    current: Option<Res<Match>>,
    aim: Res<Aim>,
    preview: Res<AimPreview>,
    miniatures: Query<(&Miniature, &Transform)>,
) {
    let toggled = toggles.read().count() % 2 == 1;
    let on = eye.on != toggled;
    let shot = on
        .then(|| shot(&selected, current.as_deref(), &aim, &preview, &miniatures))
        .flatten();
    let next = EyeView { on, shot };
    if *eye != next {
        *eye = next;
    }
}

fn shot(
    selected: &SelectedModel,
    current: Option<&Match>,
    aim: &Aim,
    preview: &AimPreview,
    miniatures: &Query<(&Miniature, &Transform)>,
) -> Option<EyeShot> {
    let game = current?.game();
    let entity = selected.0?;
    let (looker, transform) = miniatures.get(entity).ok()?;
    let [x, y, z] = game.position(looker.model);
    let eye = Vec3::new(x, y + MODEL_HEIGHT * EYE_SHARE, z);
    let poa = match preview {
        AimPreview::Target(t) => t.poa.clone(),
        _ => None,
    };
    let target = aim
        .aimed_model()
        .filter(|m| *m != looker.model && m.index() < game.model_count());
    let look_at = match (&poa, target) {
        (Some(p), _) => p.to,
        (None, Some(t)) => {
            let [x, y, z] = game.position(t);
            Vec3::new(x, y + MODEL_HEIGHT / 2.0, z)
        }
        (None, None) => eye + transform.forward().as_vec3().with_y(0.0) * 6.0,
    };
    Some(EyeShot {
        looker: entity,
        eye,
        look_at,
        poa,
    })
}

/// Hides the figure of the model whose eyes the camera looks through, and shows every
/// other figure (that one too once the view is off or another model looks).
fn hide_the_lookers_figure(
    eye: Res<EyeView>,
    mut figures: Query<(&ChildOf, &mut Visibility), With<FigureMesh>>,
) {
    let looker = eye.shot.as_ref().filter(|_| eye.on).map(|s| s.looker);
    for (child_of, mut visibility) in &mut figures {
        let wanted = if looker == Some(child_of.parent()) {
            Visibility::Hidden
        } else {
            Visibility::Inherited
        };
        if *visibility != wanted {
            *visibility = wanted;
        }
    }
}

/// Outlines exactly the pieces of the eye's Path of Attack, and nothing when the view is
/// off or nothing is aimed.
fn outline_cover(
    mut commands: Commands,
    eye: Res<EyeView>,
    scenery: Query<(Entity, &Scenery, Has<CoverOutline>)>,
) {
    if !eye.is_changed() {
        return;
    }
    let pieces = eye
        .shot
        .as_ref()
        .and_then(|s| s.poa.as_ref())
        .filter(|_| eye.on)
        .map_or(&[][..], |p| p.pieces.as_slice());
    for (entity, piece, outlined) in &scenery {
        match (pieces.contains(&piece.id), outlined) {
            (true, false) => {
                commands.entity(entity).insert(CoverOutline);
            }
            (false, true) => {
                commands.entity(entity).remove::<CoverOutline>();
            }
            _ => {}
        }
    }
}

//! Prints the triangle count and mesh (draw call) count of every visual: each crew's roles
//! standing, each starter scenery kind in its own visual, the mat on both standard tables,
//! and the markers.
//!
//! ```text
//! cargo run -p redline-meshes --example budgets
//! ```

use redline_meshes::markers::{
    StateIcon, active_ring, body_token, objective_beacon, state_icon, token_plate,
};
use redline_meshes::mat::mat;
use redline_meshes::scenery::{SceneryVisual, scenery};
use redline_meshes::{Crew, FigureSpec, Kit, Model, Pose, Role, figure};

fn row(name: &str, m: &Model) {
    println!(
        "{name:<40} {:>6} triangles {:>3} meshes",
        m.triangle_count(),
        m.draw_calls()
    );
}

fn main() {
    let kits = [
        (Role::Leader, Kit::Heavy),
        (Role::Character, Kit::Rifle),
        (Role::Gonk, Kit::Melee),
        (Role::Netrunner, Kit::Deck),
        (Role::FlyingDrone, Kit::Unarmed),
        (Role::GroundDrone, Kit::Unarmed),
    ];
    for crew in Crew::ALL {
        for (role, kit) in kits {
            let spec = FigureSpec {
                crew,
                role,
                kit,
                base_radius: 27.0 / 25.4 / 2.0,
                variant: 0,
            };
            row(
                &format!("{crew:?} {role:?} ({kit:?})"),
                &figure(&spec, Pose::Standing),
            );
        }
    }
    let catalog = redline_content::starter();
    for piece in catalog.scenery.iter() {
        let visual = SceneryVisual::for_piece(piece, None);
        row(
            &format!("{} ({})", piece.id, visual.name()),
            &scenery(visual, piece),
        );
    }
    for (w, d) in [(22.0, 30.0), (44.0, 30.0)] {
        row(&format!("mat {w}x{d}"), &mat(w, d));
    }
    row("token plate (3)", &token_plate(3));
    row("body token", &body_token());
    row("objective beacon", &objective_beacon());
    row("active ring", &active_ring(27.0 / 25.4 / 2.0));
    for icon in StateIcon::ALL {
        row(&format!("icon {icon:?}"), &state_icon(icon));
    }
}

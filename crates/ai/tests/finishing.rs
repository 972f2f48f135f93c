//! Normal plays a carry-off scenario without a round limit (Salvage Run: `CarryMarkers`,
//! `CarryMarkersOff`) to its finish (FIELD-6, CTRL-21): the character nearest a crate goes
//! for it rather than trade shots, and a carrier heads for its home edge rather than shoot.

mod common;

use redline_ai::{Bot, NormalBot};
use redline_battlespace::Edge;
use redline_rules::{Command, DecisionKind, Game, ModelId, Target};

const ACTOR: ModelId = ModelId(0);

/// Seat 0's models at `ours` (the first is the one acting), one rival at `rival`, the
/// crates at `markers`; the first model of seat 0 active.
fn game(ours: &[[f32; 3]], rival: [f32; 3], markers: Vec<[f32; 3]>) -> Game {
    let mut models: Vec<_> = ours
        .iter()
        .enumerate()
        .map(|(i, &at)| {
            common::place(
                common::profile(
                    &format!("Runner {i}"),
                    vec![common::all_bands_gun("pistol", "Pistol")],
                ),
                0,
                at,
            )
        })
        .collect();
    models.push(common::place(
        common::profile("Rival", vec![common::all_bands_gun("pistol", "Pistol")]),
        1,
        rival,
    ));
    let mut setup = common::open_setup(models, 0);
    // Salvage Run's sheet: seat 0 deploys along the West edge, seat 1 along the East.
    setup.scenario = common::carry_off_sheet([Edge::West, Edge::East], markers);
    let mut g = Game::new(setup, 5).expect("a valid setup");
    g.apply(Command::Activate { model: ACTOR })
        .expect("may activate");
    assert!(matches!(
        g.decision().map(|d| &d.kind),
        Some(DecisionKind::NextAction { .. })
    ));
    g
}

/// The id of the action a command takes, if it is one.
fn action_id(g: &Game, c: &Command) -> Option<String> {
    match c {
        Command::Act(a) => g.action(a.model, a.action).map(|d| d.id.clone()),
        _ => None,
    }
}

/// The actor picks up the crate at its feet (FIELD-6: CarryMarkers).
fn pick_up(g: &mut Game) {
    let c = g
        .legal_commands()
        .into_iter()
        .find(|c| action_id(g, c).as_deref() == Some("scenario_pick_up"))
        .expect("Pick Up is offered within reach of the crate");
    g.apply(c).expect("may pick up");
    assert!(g.markers().iter().any(|k| k.carrier == Some(ACTOR)));
}

/// Where a move command ends, or why the command is not a move.
fn move_end(c: &Command) -> [f32; 3] {
    let Command::Act(a) = c else {
        panic!("a move, not {c:?}")
    };
    match &a.target {
        Target::Route(r) => *r.last().expect("a route"),
        other => panic!("a move, not {other:?}"),
    }
}

fn flat(a: [f32; 3], b: [f32; 3]) -> f32 {
    ((a[0] - b[0]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
}

#[test]
fn field_6_ctrl_21_nearest_character_goes_for_the_crate_rather_than_shoot() {
    // A rival stands in pistol range; the crate lies 6" east. The runner nearest it walks
    // to it rather than trade shots from where it stands.
    let start = [9.0, 0.0, 15.0];
    let crate_at = [15.0, 0.0, 15.0];
    let g = game(&[start, [3.0, 0.0, 4.0]], [9.0, 0.0, 24.0], vec![crate_at]);
    let chosen = NormalBot::new().choose(&g);
    let end = move_end(&chosen);
    assert!(
        flat(end, crate_at) < flat(start, crate_at) - 3.0,
        "toward the crate: {end:?}"
    );
}

#[test]
fn field_6_ctrl_21_carrier_heads_for_its_edge_rather_than_shoot() {
    // The runner has the crate; a rival stands in pistol range to the north. It walks
    // for its home edge (West) with the crate rather than shoot.
    let start = [14.0, 0.0, 15.0];
    let mut g = game(
        &[start, [3.0, 0.0, 4.0]],
        [14.0, 0.0, 24.0],
        vec![[14.0, 0.0, 15.5]],
    );
    pick_up(&mut g);
    let chosen = NormalBot::new().choose(&g);
    let end = move_end(&chosen);
    assert!(end[0] < start[0] - 3.0, "west, toward home: {end:?}");
}

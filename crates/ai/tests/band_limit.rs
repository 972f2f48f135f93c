//! A scenario's band limit on targets (FIELD-6: Blackout's "no target beyond YELLOW") as
//! Normal reads it, through the engine's `Game::reaches`: a shot the engine would refuse is
//! worth nothing, so a model out of the limit closes in rather than stand where its gun
//! only seems to reach (it used to activate for such a shot and end with nothing done).

mod common;

use redline_ai::normal::position_value;
use redline_ai::{Bot, NormalBot};
use redline_rules::card::Band;
use redline_rules::scenario::{ScenarioRules, SpecialRule};
use redline_rules::{Command, Game, ModelId, Target};

const SHOOTER: ModelId = ModelId(0);
const RIVAL: ModelId = ModelId(1);

/// A gunman and an unarmed rival 10" apart (GREEN), in a scenario limited to YELLOW or
/// without a limit; the gunman active.
fn game(limited: bool) -> Game {
    let gun = vec![common::all_bands_gun("pistol", "Pistol")];
    let mut setup = common::open_setup(
        vec![
            common::place(common::profile("Shooter", gun), 0, [10.0, 0.0, 15.0]),
            common::place(common::profile("Rival", Vec::new()), 1, [21.0, 0.0, 15.0]),
        ],
        0,
    );
    if limited {
        setup.scenario = ScenarioRules {
            rules: vec![SpecialRule::MaxRange(Band::Yellow)],
            ..ScenarioRules::default()
        };
    }
    common::activated(setup, 3, SHOOTER)
}

#[test]
fn field_6_a_shot_beyond_the_band_limit_is_worth_nothing_where_the_model_stands() {
    // FIELD-6: without the limit the spot is worth the shooter's shot less the rival's
    // basic shot on it; with it neither may be taken, and the spot is worth only the walk
    // it is from the rival (0.012 an inch, the approach pull).
    let (open, limited) = (game(false), game(true));
    let band = Band::of_distance(open.distance(SHOOTER, RIVAL));
    assert_eq!(band, Band::Green, "the test table puts them in GREEN");
    let here = open.position(SHOOTER);
    let free = position_value(&open, SHOOTER, here, true);
    let held = position_value(&limited, SHOOTER, here, true);
    assert!(
        held < free - 0.05,
        "no shot counts beyond YELLOW: {held} vs {free}"
    );
}

#[test]
fn field_6_normal_closes_in_when_its_gun_only_seems_to_reach() {
    // FIELD-6: the engine refuses the GREEN shot, and Normal's first action is a move
    // that ends nearer the rival, not the end of the activation.
    let g = game(true);
    let legal = g.legal_commands();
    assert!(
        !legal.iter().any(|c| matches!(
            c,
            Command::Act(a) if a.target == Target::Model(RIVAL)
        )),
        "no legal shot beyond YELLOW"
    );
    let c = NormalBot::new().choose(&g);
    let Command::Act(a) = &c else {
        panic!("Normal ended the activation: {c:?}");
    };
    let Target::Route(route) = &a.target else {
        panic!("Normal did not move: {c:?}");
    };
    let end = *route.last().expect("a route");
    let rival = g.position(RIVAL);
    let centres = |a: [f32; 3]| (a[0] - rival[0]).hypot(a[2] - rival[2]);
    let (before, after) = (centres(g.position(SHOOTER)), centres(end));
    assert!(
        after < before,
        "{c:?} ends {after:.1}\" away, was {before:.1}\""
    );
}

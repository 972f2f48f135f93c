//! FIRE, aiming and escaping: an Ignite Blast thrown through a door sets the compartment
//! alight (FIRE-2, MEX-5's numbers); an Ignite Torrent sets alight what its strip enters
//! (FIRE-3); fire filling an enclosed compartment catches everyone in it and seals it
//! (FIRE-9); a model leaps out of a burning compartment (FIRE-13, MEX-7's numbers); a
//! lighter's fires pass on when it leaves the game (FIRE-15).

mod common;

use common::*;
use redline_battlespace::{Opening, OpeningKind, SceneryKind, SceneryPiece, StoreyOf};
use redline_rules::card::{ActionDef, Colour, Keyword, ModelProfile, Skill};
use redline_rules::decision::DecisionKind;
use redline_rules::{
    Command, Event, Fire, FirePlace, Game, Module, ScenarioRules, Seat, Setup, Target, basic,
};

/// The first action on the model's own card.
const OWN: u16 = basic::COUNT;

const GROUND: FirePlace = FirePlace::Compartment {
    building: 0,
    storey: 1,
    room: 0,
};
const UPPER: FirePlace = FirePlace::Compartment {
    building: 0,
    storey: 2,
    room: 0,
};

/// A wall of building 0's storey `number`, Fuel 1, standing at `base`.
fn wall(id: u32, number: u8, from: [f32; 2], to: [f32; 2], base: f32, height: f32) -> SceneryPiece {
    let mut w = burning_wall(id, (0, number), from, to, height);
    w.base = base;
    w
}

/// A storey's slab: an elevated box over the footprint (4..12, 10..16), its top at `top`.
fn slab(id: u32, number: u8, top: f32) -> SceneryPiece {
    let mut s = scenery_box(
        id,
        &format!("slab {id}"),
        SceneryKind::Barrier,
        [8.0, 13.0],
        [8.4, 0.3, 6.4],
    );
    s.base = top - 0.3;
    s.elevated = true;
    s.storey = Some(StoreyOf {
        building: 0,
        number,
        structure: 4,
        slab: true,
    });
    s.fuel = Some(1);
    s
}

/// MEX-5's tenement: two storeys over the footprint x 4..12, z 10..16 (8"×6", not
/// enclosed). The ground front wall (0, z = 10) has a door in its middle; the first-floor
/// slab (4) tops out at 3.8"; the upper front wall (5) has a window whose sill is 1.0"
/// above that slab; the rooftop (9) tops out at 7.1". A wooden crate (10) stands outside
/// the ground floor's east wall, 2" from the door's token.
fn tenement() -> Vec<SceneryPiece> {
    let door = Opening {
        kind: OpeningKind::Door,
        along: 4.0,
        width: 1.5,
        bottom: 0.0,
        top: 2.5,
    };
    let window = Opening {
        kind: OpeningKind::Window,
        along: 4.0,
        width: 1.5,
        bottom: 1.0,
        top: 2.2,
    };
    let mut crate_ = scenery_box(
        10,
        "crate",
        SceneryKind::Obstacle,
        [13.0, 11.0],
        [1.0, 1.0, 1.0],
    );
    crate_.fuel = Some(1);
    vec![
        wall(0, 1, [4.0, 10.0], [12.0, 10.0], 0.0, 3.5).with_opening(door),
        wall(1, 1, [12.0, 10.0], [12.0, 16.0], 0.0, 3.5),
        wall(2, 1, [12.0, 16.0], [4.0, 16.0], 0.0, 3.5),
        wall(3, 1, [4.0, 16.0], [4.0, 10.0], 0.0, 3.5),
        slab(4, 1, 3.8),
        wall(5, 2, [4.0, 10.0], [12.0, 10.0], 3.8, 3.0).with_opening(window),
        wall(6, 2, [12.0, 10.0], [12.0, 16.0], 3.8, 3.0),
        wall(7, 2, [12.0, 16.0], [4.0, 16.0], 3.8, 3.0),
        wall(8, 2, [4.0, 16.0], [4.0, 10.0], 3.8, 3.0),
        slab(9, 2, 7.1),
        crate_,
    ]
}

/// An Ignite C Blast: Reflexes; range RED and YELLOW; attack; Wound 1.
fn firebomb(colour: Colour) -> ActionDef {
    let mut bomb = attack_action("Firebomb", Skill::Reflexes, RED_YELLOW);
    bomb.keywords = vec![Keyword::Blast, Keyword::Ignite(colour)];
    bomb
}

/// F (seat 0, Reflexes 1, a RED firebomb) 5" in front of the door at (8, 0, 4.5); D
/// (seat 1) inside the ground floor at (8, 0, 11.5); E (seat 1) in the upper storey at
/// (7, 3.8, 13); G (seat 1) far off.
fn mex_5(modules: &[Module], fires: Vec<Fire>, faces: &[u8]) -> Game {
    let f = ModelProfile {
        actions: vec![firebomb(Colour::Red)],
        ..character("F")
    };
    let base = no_luck_with(vec![
        model(f, 0, [8.0, 0.0, 4.5]),
        model(character("D"), 1, [8.0, 0.0, 11.5]),
        model(character("E"), 1, [7.0, 3.8, 13.0]),
        model(character("G"), 1, [22.0, 0.0, 22.0]),
    ]);
    let setup = Setup {
        battlespace: table(tenement()),
        modules: modules.iter().copied().collect(),
        scenario: ScenarioRules {
            fires,
            ..base.scenario.clone()
        },
        ..base
    };
    start_active(setup, faces, m(0))
}

/// F's firebomb aimed through the door, with its GREEN token.
fn through_the_door() -> Command {
    act(
        m(0),
        OWN,
        Some(0),
        Target::Scenery {
            part: 0,
            section: 0,
        },
    )
}

/// Answers every decision with its first legal command until F's player is asked for its
/// next action; returns the events.
fn settle(g: &mut Game, mut events: Vec<Event>) -> Vec<Event> {
    for _ in 0..20 {
        let Some(d) = g.decision().cloned() else {
            break;
        };
        let cmd = match d.kind {
            DecisionKind::NextAction { .. } => break,
            DecisionKind::BlastEscape { models, .. } => Command::FaceBlast { model: models[0] },
            DecisionKind::ChooseDefence { .. } => defend(Some(1)),
            DecisionKind::OfferReaction { .. } => Command::DeclineReaction,
            _ => g
                .legal_commands()
                .into_iter()
                .next()
                .expect("a legal answer"),
        };
        events.extend(ok(g, cmd));
    }
    events
}

#[test]
fn mex_5_fire_2_a_firebomb_through_the_door_sets_the_ground_storey_alight() {
    // GREEN 9 + 1 + 2 (Large Target) = 12 against Obstacle 6: the token goes inside,
    // within reach of the door. D defends the area with YELLOW 5 + 1 = 6 against 10.
    let mut g = mex_5(&[Module::Fire], Vec::new(), &[9, 6, 5]);
    assert_eq!(g.check(&through_the_door()).map(|_| ()), Ok(())); // FIRE-2
    let legal = g.legal_commands();
    assert!(legal.contains(&through_the_door()));
    let first = ok(&mut g, through_the_door());
    let events = settle(&mut g, first);
    let dice = rolled(&events);
    assert_eq!((dice[0].total, dice[1].total), (12, 6), "{events:?}"); // FIRE-2, MOD-7
    assert!(
        events.iter().any(|e| matches!(
            e,
            Event::Wounded { model, .. } if *model == m(1)
        )),
        "{events:?}"
    );
    let fire = g.fire_at(GROUND).expect("FIRE-3: the ground storey burns");
    assert_eq!((fire.colour, fire.lighter), (Colour::Red, P0)); // FIRE-1, FIRE-15
    assert!(g.fire_at(FirePlace::Part(10)).is_none()); // KW-12: behind the wall
    assert!(g.fire_at(UPPER).is_none());
}

#[test]
fn fire_2_refuses_a_part_that_does_not_burn_and_a_wall_with_no_such_opening() {
    let g = mex_5(&[Module::Fire], Vec::new(), &[]);
    let at = |part, section| act(m(0), OWN, Some(0), Target::Scenery { part, section });
    // The ground floor's east wall has no opening.
    assert_eq!(refusal(g.check(&at(1, 0))), Rule::Fire2); // FIRE-2
    // The front wall has one: its door.
    assert_eq!(refusal(g.check(&at(0, 1))), Rule::Fire2);
}

#[test]
fn mod_2_with_fire_off_an_ignite_blast_cant_aim_through_a_door() {
    let g = mex_5(&[], Vec::new(), &[]);
    assert_eq!(refusal(g.check(&through_the_door())), Rule::Mod2); // MOD-2
}

/// The leap of MEX-7: E, in the burning upper storey, spends its YELLOW token on a Basic
/// Move aimed at the upper front window.
fn leap() -> Command {
    act(
        m(2),
        basic::MOVE,
        Some(1),
        Target::Scenery {
            part: 5,
            section: 0,
        },
    )
}

/// MEX-7's start: the upper storey burns (a scenario fire lit by seat 0); F ends at once
/// and E activates.
fn upper_burning() -> Game {
    let fire = Fire {
        place: UPPER,
        colour: Colour::Red,
        lighter: P0,
    };
    let mut g = mex_5(&[Module::Fire], vec![fire], &[]);
    ok(&mut g, Command::EndActivation);
    ok(&mut g, Command::Activate { model: m(2) });
    g
}

#[test]
fn mex_7_fire_13_a_leap_through_the_window_falls_from_the_sill() {
    let mut g = upper_burning();
    assert!(g.legal_commands().contains(&leap())); // FIRE-13
    let events = ok(&mut g, leap());
    // The sill is 1.0" above the slab's top at 3.8": a fall of 4.8", one wound on the
    // YELLOW token spent (MOVE-19, WOUND-4), with no roll for the window or the drop.
    let fell = events
        .iter()
        .find_map(|e| match e {
            Event::Fell { model, height } if *model == m(2) => Some(*height),
            _ => None,
        })
        .expect("E falls");
    assert!((fell - 4.8).abs() < 0.01, "{fell}"); // FIRE-13
    assert!(
        !events.iter().any(|e| matches!(e, Event::Rolled { .. })),
        "{events:?}"
    );
    assert_eq!(g.tokens(m(2))[1].colour, Colour::Red); // WOUND-3
    let at = g.position(m(2));
    assert!(at[1].abs() < 0.01 && at[2] < 10.0, "{at:?}"); // outside, on the ground
    assert_eq!(g.fire_reaching(m(2)), None); // MEX-7: no FIRE-10 Hazard out here
}

#[test]
fn fire_13_only_a_model_in_a_burning_compartment_may_leap() {
    // Nothing burns: the same leap is refused.
    let mut g = mex_5(&[Module::Fire], Vec::new(), &[]);
    ok(&mut g, Command::EndActivation);
    ok(&mut g, Command::Activate { model: m(2) });
    assert_eq!(refusal(g.check(&leap())), Rule::Fire13); // FIRE-13
    // Burning, but through a wall of another storey.
    let g = upper_burning();
    let through_the_door = act(
        m(2),
        basic::MOVE,
        Some(1),
        Target::Scenery {
            part: 0,
            section: 0,
        },
    );
    assert_eq!(refusal(g.check(&through_the_door)), Rule::Fire13);
}

/// A wooden shack, building 0: one enclosed 4"×4" storey, x 8..12, z 8..12, with a door in
/// its south wall (z = 8).
fn shack() -> Vec<SceneryPiece> {
    let door = Opening {
        kind: OpeningKind::Door,
        along: 2.0,
        width: 1.2,
        bottom: 0.0,
        top: 2.5,
    };
    vec![
        wall(0, 1, [8.0, 8.0], [12.0, 8.0], 0.0, 3.0).with_opening(door),
        wall(1, 1, [12.0, 8.0], [12.0, 12.0], 0.0, 3.0),
        wall(2, 1, [12.0, 12.0], [8.0, 12.0], 0.0, 3.0),
        wall(3, 1, [8.0, 12.0], [8.0, 8.0], 0.0, 3.0),
    ]
}

/// F (seat 0) 4" south of the shack's door; D and E (seat 1) inside the shack, D by the
/// door and E in the far corner, more than RED from where the token lands; G far off.
fn at_the_shack(faces: &[u8]) -> Game {
    let f = ModelProfile {
        actions: vec![firebomb(Colour::Red)],
        ..character("F")
    };
    let setup = Setup {
        battlespace: table(shack()),
        modules: [Module::Fire].into_iter().collect(),
        ..no_luck_with(vec![
            model(f, 0, [10.0, 0.0, 3.5]),
            model(character("D"), 1, [10.0, 0.0, 9.5]),
            model(character("E"), 1, [11.2, 0.0, 11.2]),
            model(character("G"), 1, [22.0, 0.0, 22.0]),
        ])
    };
    start_active(setup, faces, m(0))
}

#[test]
fn fire_9_fire_in_an_enclosed_compartment_catches_everyone_in_it_and_seals_it() {
    // F hits (GREEN 9 + 1 + 2 against 2); D and E both roll against the area (2 and 2), and
    // neither is offered an escape.
    let mut g = at_the_shack(&[9, 2, 2, 2, 2, 2]);
    let first = ok(
        &mut g,
        act(
            m(0),
            OWN,
            Some(0),
            Target::Scenery {
                part: 0,
                section: 0,
            },
        ),
    );
    let events = settle(&mut g, first);
    let caught = events
        .iter()
        .find_map(|e| match e {
            Event::BlastArea { caught, .. } => Some(caught.clone()),
            _ => None,
        })
        .expect("the area resolves");
    assert!(
        caught.contains(&m(1)) && caught.contains(&m(2)),
        "{caught:?}"
    ); // FIRE-9
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::BlastEscaped { .. })),
        "{events:?}"
    ); // FIRE-9: none may escape
    assert!(events.contains(&Event::CompartmentSealed {
        building: 0,
        storey: 1,
        room: 0,
        lighter: P0,
    }));
    assert!(g.is_sealed(GROUND));
}

#[test]
fn fire_9_no_model_enters_a_sealed_compartment_until_the_lighters_next_inspire_ends() {
    let mut g = at_the_shack(&[9, 2, 2, 2, 2, 2, 1, 9]);
    let first = ok(
        &mut g,
        act(
            m(0),
            OWN,
            Some(0),
            Target::Scenery {
                part: 0,
                section: 0,
            },
        ),
    );
    settle(&mut g, first);
    ok(&mut g, Command::EndActivation);
    // Seat 1: G walks off; then F walks up to the door and tries to step in.
    ok(&mut g, Command::Activate { model: m(3) });
    ok(&mut g, move_to(m(3), 0, [22.0, 0.0, 21.0]));
    ok(&mut g, Command::EndActivation);
    ok(&mut g, Command::Activate { model: m(0) });
    let step_in = move_to(m(0), 1, [10.0, 0.0, 8.8]);
    assert_eq!(refusal(g.check(&step_in)), Rule::Fire9); // FIRE-9
    ok(&mut g, move_to(m(0), 1, [10.0, 0.0, 6.5]));
    ok(&mut g, Command::EndActivation);
    ok(&mut g, Command::Activate { model: m(3) });
    ok(&mut g, Command::EndActivation);
    // Seat 0's Inspire: the fire rolls (RED 1 + 1 against 9: out) and the seal lifts at
    // its end.
    let inspired = ok(&mut g, Command::Inspire { seat: P0 });
    settle(&mut g, inspired);
    assert!(!g.is_sealed(GROUND)); // FIRE-9
}

/// A hedge (part 0, Fuel 1) between a burner B (seat 0) and its target T (seat 1).
fn burner(modules: &[Module], faces: &[u8]) -> Game {
    let mut hedge = scenery_box(
        0,
        "hedge",
        SceneryKind::Obstacle,
        [10.0, 12.0],
        [4.0, 1.0, 0.5],
    );
    hedge.fuel = Some(1);
    let mut torch = attack_action("Burner", Skill::Ranged, RED_YELLOW);
    torch.keywords = vec![Keyword::Torrent, Keyword::Ignite(Colour::Yellow)];
    let b = ModelProfile {
        actions: vec![torch],
        ..character("B")
    };
    let setup = Setup {
        battlespace: table(vec![hedge]),
        modules: modules.iter().copied().collect(),
        ..no_luck_with(vec![
            model(b, 0, [10.0, 0.0, 9.0]),
            model(character("T"), 1, [10.0, 0.0, 15.0]),
        ])
    };
    start_active(setup, faces, m(0))
}

#[test]
fn fire_3_an_ignite_torrent_sets_alight_what_its_strip_enters_even_on_a_miss() {
    // B misses (YELLOW 2 + 2 against T's GREEN 9 + 1 + 1): the hedge still catches.
    let mut g = burner(&[Module::Fire], &[2, 9]);
    let first = ok(&mut g, act(m(0), OWN, Some(1), Target::Model(m(1))));
    let events = settle(&mut g, first);
    let fire = g.fire_at(FirePlace::Part(0)).expect("the hedge burns"); // FIRE-3
    assert_eq!((fire.colour, fire.lighter), (Colour::Yellow, P0)); // FIRE-1, FIRE-15
    // FIRE-1: once the action has resolved.
    let rolled_at = events
        .iter()
        .position(|e| matches!(e, Event::Rolled { .. }))
        .expect("a roll");
    let caught_at = events
        .iter()
        .position(|e| matches!(e, Event::FireStarted { .. }))
        .expect("a fire");
    assert!(rolled_at < caught_at);
}

#[test]
fn mod_2_with_fire_off_an_ignite_torrent_starts_nothing() {
    let mut g = burner(&[], &[2, 9]);
    let first = ok(&mut g, act(m(0), OWN, Some(1), Target::Model(m(1))));
    settle(&mut g, first);
    assert!(g.fires().is_empty()); // MOD-2
}

#[test]
fn fire_15_a_lighter_that_leaves_the_game_passes_its_fires_clockwise() {
    // Three players: seat 0's only model is a Gonk; seat 1 shoots it out of the game.
    let fire = Fire {
        place: FirePlace::Part(10),
        colour: Colour::Red,
        lighter: P0,
    };
    let base = no_luck_with(vec![
        model(gonk("Lighter"), 0, [2.0, 0.0, 2.0]),
        model(character("S"), 1, [2.0, 0.0, 8.0]),
        model(character("Third"), 2, [22.0, 0.0, 22.0]),
    ]);
    let mut players = base.players.clone();
    players.push(redline_rules::PlayerSetup {
        luck: Some(0),
        ..player(2)
    });
    let setup = Setup {
        battlespace: table(tenement()),
        modules: [Module::Fire].into_iter().collect(),
        players,
        first_control: Seat(1),
        scenario: ScenarioRules {
            fires: vec![fire],
            ..base.scenario.clone()
        },
        ..base
    };
    let mut g = start_active(setup, &[9, 1], m(1));
    let first = ok(&mut g, ranged_attack(m(1), 0, m(0)));
    settle(&mut g, first);
    assert!(!g.in_play(m(0)));
    let passed = g.fire_at(FirePlace::Part(10)).expect("the crate burns on");
    assert_eq!(passed.lighter, P1); // FIRE-15: the next player clockwise
}

#[test]
fn fire_7_a_burning_crate_by_the_door_sets_the_compartment_alight() {
    // A crate burning RED (lit by seat 0) stands just in front of the tenement's door.
    let mut crate_ = scenery_box(
        11,
        "crate by the door",
        SceneryKind::Obstacle,
        [7.0, 9.0],
        [1.0, 1.0, 1.0],
    );
    crate_.fuel = Some(1);
    let mut pieces = tenement();
    pieces.push(crate_);
    let fire = Fire {
        place: FirePlace::Part(11),
        colour: Colour::Red,
        lighter: P0,
    };
    let base = no_luck_with(vec![
        model(character("F"), 0, [2.0, 0.0, 2.0]),
        model(character("G"), 1, [22.0, 0.0, 22.0]),
    ]);
    let setup = Setup {
        battlespace: table(pieces),
        modules: [Module::Fire].into_iter().collect(),
        scenario: ScenarioRules {
            fires: vec![fire],
            ..base.scenario.clone()
        },
        ..base
    };
    // At seat 0's Inspire the crate rolls RED 5 + 1 against 2: it wins and spreads.
    let mut g = start_active(setup, &[5, 2], m(0));
    ok(&mut g, move_to(m(0), 0, [2.0, 0.0, 2.5]));
    inspire_after_rival(&mut g, m(1));
    let ground = g.fire_at(GROUND).expect("FIRE-7: through the door");
    assert_eq!((ground.colour, ground.lighter), (Colour::Red, P0)); // FIRE-7
    assert!(g.fire_at(UPPER).is_none());
}

//! FIRE in a storey divided into rooms (MOD-9): each room is a compartment of its own. A
//! fire burns in one room and spreads to the next only through a door they share (FIRE-7);
//! the Hazards at Inspire (FIRE-10), smoke (FIRE-12), crossing fire (FIRE-11) and leaping
//! out (FIRE-13) follow the room a model is in. An Ignite Torrent aimed through a room's
//! door sets that room alight and targets the models in its strip and in the room
//! (FIRE-2, FIRE-3, FIRE-9). The building is a roofless timber shophouse, x 6..14,
//! z 8..12, split at x = 10 into a west and an east room, each 4"×4".

mod common;

use common::*;
use redline_battlespace::{
    Opening, OpeningKind, SceneryKind, SceneryPiece, SceneryShape, StoreyOf,
};
use redline_rules::card::{Colour, Keyword, ModelProfile, Skill};
use redline_rules::decision::DecisionKind;
use redline_rules::{
    Command, Event, Fire, FirePlace, Game, HazardSource, Module, Rule, ScenarioRules, Setup,
    Target, basic,
};

const WEST: FirePlace = FirePlace::Compartment {
    building: 0,
    storey: 1,
    room: 0,
};
const EAST: FirePlace = FirePlace::Compartment {
    building: 0,
    storey: 1,
    room: 1,
};

fn door(along: f32) -> Opening {
    Opening {
        kind: OpeningKind::Door,
        along,
        width: 1.4,
        bottom: 0.0,
        top: 2.6,
    }
}

/// A wall of the shophouse's one storey, Fuel 1, carrying the storey's two rooms.
fn wall(id: u32, from: [f32; 2], to: [f32; 2], openings: Vec<Opening>) -> SceneryPiece {
    let mut w = SceneryPiece::new(
        id,
        &format!("wall {id}"),
        SceneryKind::Barrier,
        SceneryShape::Wall {
            from,
            to,
            thickness: 0.3,
            height: 3.0,
        },
    );
    w.openings = openings;
    w.storey = Some(StoreyOf {
        building: 0,
        number: 1,
        structure: 3,
        slab: false,
    });
    w.fuel = Some(1); // FIRE-4
    w.rooms = vec![
        vec![[6.0, 8.0], [10.0, 8.0], [10.0, 12.0], [6.0, 12.0]],
        vec![[10.0, 8.0], [14.0, 8.0], [14.0, 12.0], [10.0, 12.0]],
    ];
    w
}

/// The shophouse: a front wall (0, z = 12) with a door into the west room at x = 8, a back
/// wall (1), a west wall (2), an east wall (3) with a door into the east room at z = 10,
/// and the partition (4) at x = 10, with a door between the rooms when `shared_door`.
fn shophouse(shared_door: bool) -> Vec<SceneryPiece> {
    let partition = if shared_door {
        vec![door(2.0)]
    } else {
        Vec::new()
    };
    vec![
        wall(0, [6.0, 12.0], [14.0, 12.0], vec![door(2.0)]),
        wall(1, [6.0, 8.0], [14.0, 8.0], Vec::new()),
        wall(2, [6.0, 8.0], [6.0, 12.0], Vec::new()),
        wall(3, [14.0, 8.0], [14.0, 12.0], vec![door(2.0)]),
        wall(4, [10.0, 8.0], [10.0, 12.0], partition),
    ]
}

/// F (seat 0) outside, south-east of the shop at (14, 0, 18); W (seat 1) in the west room
/// at (8, 0, 10); E (seat 1) in the east room at (12, 0, 9.5); G (seat 1) far off. The west
/// room burns RED, lit by seat 0. F is active.
fn shop(shared_door: bool, faces: &[u8]) -> Game {
    let fire = Fire {
        place: WEST,
        colour: Colour::Red,
        lighter: P0,
    };
    let models = vec![
        model(character("F"), 0, [14.0, 0.0, 18.0]),
        model(character("W"), 1, [8.0, 0.0, 10.0]),
        model(character("E"), 1, [12.0, 0.0, 9.5]),
        model(character("G"), 1, [22.0, 0.0, 22.0]),
    ];
    start_active(
        setup(models, vec![fire], shared_door, &[Module::Fire]),
        faces,
        m(0),
    )
}

fn setup(
    models: Vec<redline_rules::ModelSetup>,
    fires: Vec<Fire>,
    door: bool,
    on: &[Module],
) -> Setup {
    let base = no_luck_with(models);
    Setup {
        battlespace: table(shophouse(door)),
        modules: on.iter().copied().collect(),
        scenario: ScenarioRules {
            fires,
            ..base.scenario.clone()
        },
        ..base
    }
}

/// F steps half an inch and ends, G activates and ends, and seat 0 Inspires: its fires
/// roll.
fn lighter_inspires(g: &mut Game) -> Vec<Event> {
    ok(g, move_to(m(0), 0, [14.0, 0.0, 18.5]));
    inspire_after_rival(g, m(3))
}

#[test]
fn mod_9_fire_7_a_burning_room_spreads_through_the_door_it_shares() {
    // The west room: RED 5 + Fuel 1 = 6 against Obstacle 2, a win by 4: it burns on and
    // spreads through the partition's door to the east room (FIRE-7).
    let mut g = shop(true, &[5, 2]);
    assert!(g.fire_at(EAST).is_none()); // MOD-9: one room burns, not the storey
    let events = lighter_inspires(&mut g);
    let east = g.fire_at(EAST).expect("FIRE-7: through the shared door");
    assert_eq!((east.colour, east.lighter), (Colour::Red, P0));
    // FIRE-5: a fire caught during the rolls makes its first roll next time.
    let rolls = events
        .iter()
        .filter(|e| matches!(e, Event::Rolled { dice } if dice[0].model.is_none()))
        .count();
    assert_eq!(rolls, 1, "{events:?}");
}

#[test]
fn mod_9_fire_7_rooms_without_a_shared_opening_keep_the_fire_to_one() {
    let mut g = shop(false, &[5, 2]);
    lighter_inspires(&mut g);
    assert!(g.fire_at(WEST).is_some()); // FIRE-6: it won
    assert!(g.fire_at(EAST).is_none()); // FIRE-7: no door between them
}

#[test]
fn mod_9_fire_10_only_the_models_in_the_burning_room_face_its_hazard() {
    let mut g = shop(false, &[5, 2, 6, 5]);
    assert_eq!(g.fire_reaching(m(1)), Some(Colour::Red)); // FIRE-10: W's room burns
    assert_eq!(g.fire_reaching(m(2)), None); // E's room doesn't
    // Seat 0's Inspire (the west room wins and stays in its room), then seat 1's.
    ok(&mut g, move_to(m(0), 0, [14.0, 0.0, 18.5]));
    ok(&mut g, Command::EndActivation);
    ok(&mut g, Command::Activate { model: m(3) });
    ok(&mut g, move_to(m(3), 0, [22.0, 0.0, 22.5]));
    ok(&mut g, Command::EndActivation);
    ok(&mut g, Command::Inspire { seat: P0 });
    ok(&mut g, Command::Inspire { seat: P1 });
    let d = g.decision().expect("a decision").clone();
    let DecisionKind::FaceHazard {
        colour,
        source,
        options,
    } = d.kind
    else {
        panic!("expected W's Hazard, got {d:?}");
    };
    assert_eq!((colour, source), (Colour::Red, HazardSource::Fire)); // FIRE-10, MOD-4
    assert!(
        options.iter().all(|(model, _)| *model == m(1)),
        "{options:?}"
    ); // only W
}

#[test]
fn mod_9_fire_12_smoke_counts_the_targets_own_room_only() {
    let g = shop(true, &[]);
    // F's path to W ends in W's burning room; its path to E never enters the west room.
    assert_eq!(g.smoke(m(0), m(1)), vec![WEST]); // FIRE-12
    assert!(g.smoke(m(0), m(2)).is_empty());
}

#[test]
fn mod_9_fire_11_walking_into_the_burning_room_meets_its_fire() {
    let g = shop(true, &[]);
    // E walks through the partition's door into the west room.
    let met = g.fires_met(m(2), &[[11.0, 0.0, 10.0], [9.0, 0.0, 10.0]]);
    assert_eq!(met, vec![(WEST, Colour::Red)]); // FIRE-11
    // Staying in its own room it meets none.
    assert!(g.fires_met(m(2), &[[12.5, 0.0, 10.5]]).is_empty());
}

/// A Basic Move by W aimed at opening `section` of wall `part`: a leap (FIRE-13).
fn leap(part: u32, section: u8) -> Command {
    act(
        m(1),
        basic::MOVE,
        Some(1),
        Target::Scenery { part, section },
    )
}

#[test]
fn mod_9_fire_13_a_model_leaps_out_through_its_own_rooms_outside_door() {
    let mut g = shop(true, &[]);
    ok(&mut g, Command::EndActivation);
    ok(&mut g, Command::Activate { model: m(1) });
    // The west room's front door leads outside: W may leap through it.
    assert_eq!(g.check(&leap(0, 0)).map(|_| ()), Ok(())); // FIRE-13
    assert!(g.legal_commands().contains(&leap(0, 0)));
    // The east room's door is not W's room's; the partition's leads into the next room.
    assert_eq!(refusal(g.check(&leap(3, 0))), Rule::Fire13);
    assert_eq!(refusal(g.check(&leap(4, 0))), Rule::Fire13);
    assert!(!g.legal_commands().contains(&leap(4, 0)));
}

#[test]
fn mod_9_fire_13_a_model_in_the_unburnt_room_may_not_leap() {
    let mut g = shop(true, &[]);
    ok(&mut g, Command::EndActivation);
    ok(&mut g, Command::Activate { model: m(2) });
    let out = act(
        m(2),
        basic::MOVE,
        Some(1),
        Target::Scenery {
            part: 3,
            section: 0,
        },
    );
    assert_eq!(refusal(g.check(&out)), Rule::Fire13); // its room doesn't burn
}

/// The first action on the model's own card.
const OWN: u16 = basic::COUNT;

/// F (seat 0, Ranged 2) with a YELLOW Ignite Torrent, 4" south of the west room's front
/// door at (8, 0, 16); X (seat 1) in the strip outside the door at (8, 0, 13.6); W (seat 1) in
/// the west room at (6.8, 0, 9), clear of the strip; E (seat 1) in the east room; nothing
/// burns. F is active.
fn flamer(on: &[Module], faces: &[u8]) -> Game {
    let mut torch = attack_action("Flamer", Skill::Ranged, RED_YELLOW);
    torch.keywords = vec![Keyword::Torrent, Keyword::Ignite(Colour::Yellow)];
    let f = ModelProfile {
        actions: vec![torch],
        ..character("F")
    };
    let models = vec![
        model(f, 0, [8.0, 0.0, 16.0]),
        model(character("X"), 1, [8.0, 0.0, 13.6]),
        model(character("W"), 1, [6.8, 0.0, 9.0]),
        model(character("E"), 1, [12.0, 0.0, 9.5]),
    ];
    start_active(setup(models, Vec::new(), true, on), faces, m(0))
}

/// F's Flamer aimed at the west room's front door, with its GREEN token.
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

/// Answers every decision with its first legal command (defending with the GREEN token)
/// until F's player is asked for F's next action; returns the events.
fn settle(g: &mut Game, mut events: Vec<Event>) -> Vec<Event> {
    for _ in 0..20 {
        let Some(d) = g.decision().cloned() else {
            break;
        };
        let cmd = match d.kind {
            DecisionKind::NextAction { .. } => break,
            DecisionKind::ChooseDefence { .. } => defend(Some(0)),
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
fn fire_2_fire_3_an_ignite_torrent_aimed_at_a_door_sets_the_room_alight() {
    // F: GREEN 9 + Ranged 2 = 11. X and W each defend with GREEN 2.
    let mut g = flamer(&[Module::Fire], &[9, 2, 2]);
    assert_eq!(g.check(&through_the_door()).map(|_| ()), Ok(())); // FIRE-2
    assert!(g.legal_commands().contains(&through_the_door()));
    let Command::Act(aim) = through_the_door() else {
        unreachable!()
    };
    // The engine's preview: X in the strip, W in the enclosed room it enters (FIRE-9), and
    // the west room catching (FIRE-3). E's room is not entered.
    let preview = g.ignite_torrent_preview(&aim).expect("a preview");
    assert_eq!(preview.targets, vec![m(1), m(2)]); // KW-32, FIRE-9
    assert_eq!(preview.catches, vec![WEST]); // FIRE-3
    let first = ok(&mut g, through_the_door());
    let events = settle(&mut g, first);
    let mut wounded: Vec<_> = events
        .iter()
        .filter_map(|e| match e {
            Event::Wounded { model, .. } => Some(*model),
            _ => None,
        })
        .collect();
    wounded.sort();
    // KW-32: 11 beats X's 3 and W's 5 (Reflexes 1 and the wall's cover).
    assert_eq!(wounded, vec![m(1), m(2)], "{events:?}");
    let fire = g.fire_at(WEST).expect("FIRE-3: the room the strip enters");
    assert_eq!((fire.colour, fire.lighter), (Colour::Yellow, P0)); // FIRE-1, FIRE-15
    assert!(g.fire_at(EAST).is_none());
    assert!(g.is_sealed(WEST)); // FIRE-9
}

#[test]
fn fire_1_an_ignite_torrent_aimed_at_scenery_starts_its_fire_on_a_miss() {
    // F: GREEN 1 + 2 = 3 against X's and W's GREEN 9 + 1: both missed; the room still burns.
    let mut g = flamer(&[Module::Fire], &[1, 9, 9]);
    let first = ok(&mut g, through_the_door());
    let events = settle(&mut g, first);
    assert!(
        !events.iter().any(|e| matches!(e, Event::Wounded { .. })),
        "{events:?}"
    );
    assert!(g.fire_at(WEST).is_some()); // FIRE-1
}

#[test]
fn mod_2_with_fire_off_a_torrent_is_not_aimed_at_scenery() {
    let g = flamer(&[], &[]);
    assert_eq!(refusal(g.check(&through_the_door())), Rule::Mod2); // MOD-2
}

/// Both rooms burn, lit by seat 0: the west RED, the east GREEN. F is active.
fn both_rooms(faces: &[u8]) -> Game {
    let fire = |place, colour| Fire {
        place,
        colour,
        lighter: P0,
    };
    let models = vec![
        model(character("F"), 0, [14.0, 0.0, 18.0]),
        model(character("W"), 1, [8.0, 0.0, 10.0]),
        model(character("E"), 1, [12.0, 0.0, 9.5]),
        model(character("G"), 1, [22.0, 0.0, 22.0]),
    ];
    let fires = vec![fire(WEST, Colour::Red), fire(EAST, Colour::Green)];
    start_active(setup(models, fires, true, &[Module::Fire]), faces, m(0))
}

/// The dice of each fire roll among the events, in order.
fn fire_dice(events: &[Event]) -> Vec<redline_rules::dice::Die> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Rolled { dice } if dice[0].model.is_none() => Some(dice[0].die),
            _ => None,
        })
        .collect()
}

#[test]
fn fire_5_the_lighter_picks_the_order_of_fire_rolls_that_could_change_each_other() {
    let mut g = both_rooms(&[5, 2, 4, 2]);
    let events = lighter_inspires(&mut g);
    assert!(fire_dice(&events).is_empty(), "{events:?}"); // nothing rolled yet
    let d = g.decision().expect("a decision").clone();
    assert_eq!(d.seat, P0); // FIRE-5: the lighter chooses
    assert_eq!(
        d.kind,
        DecisionKind::OrderFireRolls {
            fires: vec![WEST, EAST]
        }
    );
    let east_first = Command::RollFire { place: EAST };
    assert!(g.legal_commands().contains(&east_first));
    let elsewhere = Command::RollFire {
        place: FirePlace::Part(9),
    };
    assert_eq!(refusal(g.check(&elsewhere)), Rule::Fire5);
    // The east room rolls GREEN 5 + 1 against 2, wins and spreads GREEN into the west room
    // through the shared door (FIRE-7); the west room then rolls with the GREEN die.
    let events = ok(&mut g, east_first);
    let green = redline_rules::dice::Die::Action(Colour::Green);
    assert_eq!(fire_dice(&events), vec![green, green], "{events:?}"); // FIRE-5, FIRE-3
}

#[test]
fn fire_5_rolled_the_other_way_the_west_room_keeps_its_red_die() {
    let mut g = both_rooms(&[5, 2, 4, 2]);
    lighter_inspires(&mut g);
    let events = ok(&mut g, Command::RollFire { place: WEST });
    let die = |c| redline_rules::dice::Die::Action(c);
    assert_eq!(
        fire_dice(&events),
        vec![die(Colour::Red), die(Colour::Green)],
        "{events:?}"
    ); // FIRE-5: the order matters
}

#[test]
fn fire_5_a_single_fire_rolls_with_no_decision() {
    let mut g = shop(true, &[5, 2]);
    let events = lighter_inspires(&mut g);
    assert_eq!(fire_dice(&events).len(), 1, "{events:?}"); // FIRE-5: no choice to make
    assert!(!matches!(
        g.decision().map(|d| &d.kind),
        Some(DecisionKind::OrderFireRolls { .. })
    ));
}

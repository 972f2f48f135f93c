//! FIRE, fire and incendiaries: an Ignite Blast sets alight the compartment its Impact
//! token lies in and the flammable parts in no storey within RED of it with no barrier
//! between, whatever the roll's result (FIRE-1, FIRE-3, FIRE-15); with FIRE off nothing
//! burns (MOD-2). The building is a roofless one-storey hut, open to the north, with Fuel 1.

mod common;

use common::*;
use redline_battlespace::{Damageable, SceneryKind, SceneryPiece};
use redline_rules::card::{Colour, Keyword, ModelProfile, Skill};
use redline_rules::decision::DecisionKind;
use redline_rules::{Command, Event, FirePlace, Game, HazardSource, Module, Setup, Target, basic};

/// The first action on the model's own card.
const OWN: u16 = basic::COUNT;

/// The hut's one compartment.
const HUT: FirePlace = FirePlace::Compartment {
    building: 0,
    storey: 1,
    room: 0,
};

fn wall(id: u32, from: [f32; 2], to: [f32; 2]) -> SceneryPiece {
    burning_wall(id, (0, 1), from, to, 3.5)
}

fn wooden_crate(id: u32, at: [f32; 2]) -> SceneryPiece {
    let mut c = scenery_box(id, "crate", SceneryKind::Obstacle, at, [1.0, 1.0, 1.0]);
    c.fuel = Some(1); // FIRE-4: wooden crates
    c.damage = Some(Damageable {
        hardness: 1,
        structure: Some(1),
        section_len: 4.0,
        rubble: true,
        soft: false,
    }); // read only with TERR on (MOD-2)
    c
}

/// The hut (parts 0–2: back, west and east walls), a crate inside it (3), a crate outside
/// its east wall (4), a metal drum inside that never burns (5) and a crate 0.5" west of
/// crate 3 (6), out of RED of the first throw's token.
fn hut() -> Vec<SceneryPiece> {
    let drum = scenery_box(
        5,
        "drum",
        SceneryKind::Obstacle,
        [9.0, 9.5],
        [1.0, 1.0, 1.0],
    );
    vec![
        wall(0, [4.0, 8.2], [12.0, 8.2]),
        wall(1, [4.2, 8.4], [4.2, 13.6]),
        wall(2, [11.8, 8.4], [11.8, 13.6]),
        wooden_crate(3, [7.5, 11.9]),
        wooden_crate(4, [13.0, 11.9]),
        drum,
        wooden_crate(6, [6.0, 11.9]),
    ]
}

/// An Ignite C Blast: Reflexes; range RED and YELLOW; attack; Wound 1.
fn bomb(colour: Colour) -> redline_rules::card::ActionDef {
    let mut bomb = attack_action("Firebomb", Skill::Reflexes, RED_YELLOW);
    bomb.keywords = vec![Keyword::Blast, Keyword::Ignite(colour)];
    bomb
}

/// F (seat 0, Reflexes 1) with a RED firebomb (its first action), a GREEN one (its second)
/// and an Easy Breach 1 charge (its third) at (10.5, 0, 16); rivals D and E inside the hut at (10.5, 0, 11) and (6, 0, 10),
/// and G far outside at (20, 0, 2), so the game goes on when D is taken out.
fn firebomb(modules: &[Module], faces: &[u8]) -> Game {
    let mut charge = attack_action("Crate Charge", Skill::Ranged, RED_YELLOW);
    charge.keywords = vec![Keyword::Breach(1), Keyword::Easy];
    let f = ModelProfile {
        actions: vec![bomb(Colour::Red), bomb(Colour::Green), charge],
        ..character("F")
    };
    let setup = Setup {
        battlespace: table(hut()),
        modules: modules.iter().copied().collect(),
        ..no_luck_with(vec![
            model(f, 0, [10.5, 0.0, 16.0]),
            model(character("D"), 1, [10.5, 0.0, 11.0]),
            model(character("E"), 1, [6.0, 0.0, 10.0]),
            model(character("G"), 1, [20.0, 0.0, 2.0]),
        ])
    };
    start_active(setup, faces, m(0))
}

/// F throws its own action `action` at `target` with token `token`; every later choice
/// takes its first option (the target defends with its first token, a missed token stays
/// where it is) until F's player is asked for F's next action. Returns every event.
fn throw_with(g: &mut Game, action: u16, token: u8, target: u16) -> Vec<Event> {
    let mut events = ok(
        g,
        act(m(0), OWN + action, Some(token), Target::Model(m(target))),
    );
    for _ in 0..20 {
        let Some(d) = g.decision().cloned() else {
            break;
        };
        let cmd = match d.kind {
            DecisionKind::NextAction { .. } => break,
            DecisionKind::PlaceImpact { at, .. } => Command::PlaceImpact { at },
            DecisionKind::BlastEscape { models, .. } => Command::FaceBlast { model: models[0] },
            DecisionKind::ChooseDefence { .. } => defend(Some(0)),
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

/// F throws the RED firebomb at D with its GREEN token ([`throw_with`]).
fn throw(g: &mut Game) -> Vec<Event> {
    throw_with(g, 0, 0, 1)
}

fn started(events: &[Event]) -> Vec<FirePlace> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::FireStarted { place, .. } => Some(*place),
            _ => None,
        })
        .collect()
}

#[test]
fn fire_3_a_hit_sets_the_compartment_and_the_crate_beside_the_token_alight() {
    // GREEN 9 + Reflexes 1 against D's GREEN 2 + 1: a hit.
    let mut g = firebomb(&[Module::Fire], &[9, 2, 3, 3]);
    let events = throw(&mut g);
    // FIRE-3: the hut's compartment, and crate 3 within RED in the open; crate 4 is behind
    // the east wall (KW-12) and the drum is not flammable (FIRE-4).
    assert_eq!(
        started(&events),
        vec![HUT, FirePlace::Part(3)],
        "{events:?}"
    );
    let fire = g.fire_at(HUT).expect("the hut burns");
    assert_eq!(fire.colour, Colour::Red); // FIRE-1: Ignite RED
    assert_eq!(fire.lighter, P0); // FIRE-15
    assert!(g.fire_at(FirePlace::Part(4)).is_none()); // FIRE-3, KW-12
    // FIRE-1: the fires start once the action has resolved, after the token is removed.
    let removed = events
        .iter()
        .position(|e| matches!(e, Event::ImpactRemoved { .. }))
        .expect("the token is removed");
    let first_fire = events
        .iter()
        .position(|e| matches!(e, Event::FireStarted { .. }))
        .expect("a fire");
    assert!(removed < first_fire);
}

#[test]
fn fire_1_a_miss_still_starts_fires_and_names_the_thrower_lighter() {
    // GREEN 2 + 1 against D's GREEN 11 + 1: a miss; the token stays by D (KW-9).
    let mut g = firebomb(&[Module::Fire], &[2, 11, 3, 3]);
    let events = throw(&mut g);
    assert!(!events.iter().any(|e| matches!(e, Event::Wounded { .. })));
    assert!(started(&events).contains(&HUT), "{events:?}"); // FIRE-1
    assert_eq!(g.fire_at(HUT).map(|f| f.lighter), Some(P0)); // FIRE-15
}

#[test]
fn fire_3_a_burning_place_keeps_the_higher_colour() {
    // A hit on D; then two misses on E (F's die shows 2, E's GREEN 11), whose tokens stay
    // by E, inside the hut.
    let mut g = firebomb(&[Module::Fire], &[9, 2, 3, 3, 2, 11, 11, 2, 11, 11]);
    throw(&mut g);
    // A GREEN fire on the RED one: the hut now burns GREEN, still lit by seat 0.
    let events = throw_with(&mut g, 1, 1, 2);
    assert!(started(&events).contains(&HUT), "{events:?}");
    assert!(g.in_play(m(2)), "{events:?}");
    assert_eq!(g.fire_at(HUT).map(|f| f.colour), Some(Colour::Green)); // FIRE-3
    // A RED fire on the GREEN one changes nothing (FIRE-3).
    let events = throw_with(&mut g, 0, 2, 2);
    assert!(!started(&events).contains(&HUT), "{events:?}");
    assert_eq!(g.fire_at(HUT).map(|f| f.colour), Some(Colour::Green));
    // The hut and crates 3 and 6, which E's tokens lay within RED of.
    assert_eq!(g.fires().len(), 3);
}

#[test]
fn mod_2_with_fire_off_an_ignite_blast_starts_nothing_and_hashes_as_a_plain_blast() {
    let mut lit = firebomb(&[], &[9, 2, 3, 3]);
    let events = throw(&mut lit);
    assert!(started(&events).is_empty()); // MOD-2
    assert!(lit.fires().is_empty());
    // The same throw without the keyword ends on the same state.
    let mut bomb = attack_action("Firebomb", Skill::Reflexes, RED_YELLOW);
    bomb.keywords = vec![Keyword::Blast];
    let f = ModelProfile {
        actions: vec![bomb],
        ..character("F")
    };
    let setup = Setup {
        battlespace: table(hut()),
        ..no_luck_with(vec![
            model(f, 0, [10.5, 0.0, 16.0]),
            model(character("D"), 1, [10.5, 0.0, 11.0]),
            model(character("E"), 1, [6.0, 0.0, 10.0]),
            model(character("G"), 1, [20.0, 0.0, 2.0]),
        ])
    };
    let mut plain = start_active(setup, &[9, 2, 3, 3], m(0));
    let plain_events = throw(&mut plain);
    assert_eq!(events, plain_events);
}

#[test]
fn mod_3_fires_are_in_the_hash_and_the_clone() {
    let mut g = firebomb(&[Module::Fire], &[9, 2, 3, 3]);
    let quiet = g.clone();
    throw(&mut g);
    let copy = g.clone();
    assert_eq!(copy.fires(), g.fires()); // MOD-3
    assert_eq!(copy.state_hash(), g.state_hash());
    let mut again = quiet.clone();
    throw(&mut again);
    assert_eq!(again.state_hash(), g.state_hash()); // deterministic
}

/// The first throw, then seat 1 activates G and ends, and seat 0 Inspires: its fires roll.
fn throw_then_inspire(faces: &[u8]) -> (Game, Vec<Event>) {
    let mut g = firebomb(&[Module::Fire], faces);
    throw(&mut g);
    let events = inspire_after_rival(&mut g, m(3));
    (g, events)
}

/// The fire rolls among the events: (fire's die face, its total, the Obstacle die's total).
fn fire_rolls(events: &[Event]) -> Vec<(u8, i16, i16)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Rolled { dice } if dice.len() == 2 && dice[0].model.is_none() => {
                Some((dice[0].face, dice[0].total, dice[1].total))
            }
            _ => None,
        })
        .collect()
}

/// The throw's four faces (F 9, D 2, D's area roll 3, and one spare).
const THROW: [u8; 4] = [9, 2, 3, 3];

fn faces(then: &[u8]) -> Vec<u8> {
    THROW.iter().chain(then).copied().collect()
}

/// After seat 0's Inspire: G activates and ends, F moves half an inch, G activates and
/// ends again, and seat 0 Inspires once more; returns that Inspire's events.
fn next_round_inspire(g: &mut Game) -> Vec<Event> {
    ok(g, Command::Activate { model: m(3) });
    ok(g, Command::EndActivation);
    ok(g, Command::Activate { model: m(0) });
    ok(g, move_to(m(0), 0, [10.5, 0.0, 16.5]));
    ok(g, Command::EndActivation);
    ok(g, Command::Activate { model: m(3) });
    ok(g, Command::EndActivation);
    ok(g, Command::Inspire { seat: P0 })
}

/// After the throw: G moves half an inch, seat 0 Inspires (the hut wins 4 + 1 against 2,
/// crate 3 wins 5 + 1 against 4 and sets crate 6 alight), and seat 1 Inspires; returns
/// seat 1's Inspire's events.
fn rival_inspire(g: &mut Game) -> Vec<Event> {
    ok(g, Command::EndActivation);
    ok(g, Command::Activate { model: m(3) });
    ok(g, move_to(m(3), 0, [20.0, 0.0, 2.5]));
    ok(g, Command::EndActivation);
    ok(g, Command::Inspire { seat: P0 });
    ok(g, Command::Inspire { seat: P1 })
}

#[test]
fn fire_5_fire_6_fire_7_fires_roll_at_their_lighters_inspire() {
    // The hut: RED 4 + Fuel 1 = 5 against Obstacle 2, a win by 3: it burns on. Crate 3:
    // RED 5 + 1 = 6 against 4: it burns on and spreads to crate 6, within reach of it.
    let (g, events) = throw_then_inspire(&faces(&[4, 2, 5, 4]));
    assert_eq!(fire_rolls(&events), vec![(4, 5, 2), (5, 6, 4)]); // FIRE-5
    assert!(g.fire_at(HUT).is_some()); // FIRE-6
    assert!(!g.is_inferno(0));
    // FIRE-7: the new fire takes the spreading fire's colour and lighter.
    let crate_6 = g.fire_at(FirePlace::Part(6)).expect("crate 6 caught");
    assert_eq!((crate_6.colour, crate_6.lighter), (Colour::Red, P0));
    assert!(g.fire_at(FirePlace::Part(4)).is_none()); // out of reach
}

#[test]
fn fire_5_fire_14_a_tie_puts_the_fire_out() {
    // The hut: RED 3 + 1 = 4 against Obstacle 4, a tie; crate 3: RED 5 + 1 against a
    // Crit (10), a loss. Both go out (FIRE-6, FIRE-14).
    let (g, events) = throw_then_inspire(&faces(&[3, 4, 5, 10]));
    assert!(
        events.contains(&Event::FireOut { place: HUT }),
        "{events:?}"
    );
    assert!(events.contains(&Event::FireOut {
        place: FirePlace::Part(3)
    }));
    assert!(g.fires().is_empty());
}

#[test]
fn fire_6_fire_8_a_crit_turns_the_building_into_an_inferno() {
    // The hut: RED 6 (a Crit) + 1 against Obstacle 8: a Crit beats a non-Crit. Crate 3 loses.
    let (mut g, events) = throw_then_inspire(&faces(&[6, 8, 2, 9]));
    assert!(events.contains(&Event::InfernoStarted {
        building: 0,
        lighter: P0
    }));
    assert!(g.is_inferno(0)); // FIRE-8
    assert_eq!(g.fire_at(HUT).map(|f| f.colour), Some(Colour::Green));
    // At seat 0's next Inspire the Inferno rolls no more and spreads with no roll to
    // crate 4, 0.5" outside the east wall (FIRE-8).
    let later = next_round_inspire(&mut g);
    assert!(fire_rolls(&later).is_empty(), "{later:?}");
    let crate_4 = g
        .fire_at(FirePlace::Part(4))
        .expect("FIRE-8: the Inferno spread");
    assert_eq!(crate_4.colour, Colour::Green);
    assert!(g.fire_at(HUT).is_some()); // FIRE-14: an Inferno never goes out
}

#[test]
fn fire_6_a_win_by_5_without_a_crit_is_an_inferno_too() {
    // The hut: RED 5 + 1 = 6 against the Obstacle die's Fumble (1): a win by 5.
    let (g, _) = throw_then_inspire(&faces(&[5, 1, 2, 9]));
    assert_eq!(redline_rules::INFERNO_MARGIN, 5);
    assert!(g.is_inferno(0)); // FIRE-6
}

#[test]
fn fire_5_the_rival_inspire_rolls_no_fire() {
    // MOPEN-5: fires roll at their lighter's Inspire only. Seat 1's Inspire comes first here.
    let mut g = firebomb(&[Module::Fire], &faces(&[4, 2, 5, 4, 1, 1]));
    throw(&mut g);
    let events = rival_inspire(&mut g);
    assert!(fire_rolls(&events).is_empty(), "{events:?}");
    assert_eq!(g.fires().len(), 3);
}

#[test]
fn fire_10_a_model_in_a_burning_compartment_faces_a_hazard_at_its_own_inspire() {
    // MOPEN-5: seat 1's models burn at seat 1's Inspire, not at seat 0's. E is in the
    // burning hut; G, far outside, is reached by no fire.
    let mut g = firebomb(&[Module::Fire], &faces(&[4, 2, 5, 4, 6, 5]));
    throw(&mut g);
    assert_eq!(g.fire_reaching(m(2)), Some(Colour::Red)); // FIRE-10
    assert_eq!(g.fire_reaching(m(3)), None);
    rival_inspire(&mut g);
    let d = g.decision().expect("a decision").clone();
    let DecisionKind::FaceHazard {
        colour,
        source,
        options,
    } = d.kind
    else {
        panic!("expected E's Hazard, got {d:?}");
    };
    assert_eq!((colour, source), (Colour::Red, HazardSource::Fire)); // FIRE-10, MOD-4
    assert!(
        options.iter().all(|(model, _)| *model == m(2)),
        "{options:?}"
    );
    // RED 6 (a Crit) against E's GREEN 5 + 1: E takes a wound on its GREEN token.
    let events = ok(
        &mut g,
        Command::FaceHazard {
            model: m(2),
            token: Some(0),
        },
    );
    assert!(
        events.iter().any(|e| matches!(
            e,
            Event::Wounded { model, token: 0, .. } if *model == m(2)
        )),
        "{events:?}"
    );
    // The Inspire goes on once the Hazards are settled.
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::InspireEnded { seat } if *seat == P1)),
        "{events:?}"
    );
}

#[test]
fn fire_14_a_burning_crate_destroyed_by_a_breach_takes_its_fire_with_it() {
    let mut g = firebomb(&[Module::Terr, Module::Fire], &faces(&[]));
    throw(&mut g);
    assert!(g.fire_at(FirePlace::Part(3)).is_some());
    // TERR-2: the Easy charge puts its marker on crate 3 with no roll; Structure 1.
    let events = ok(
        &mut g,
        act(
            m(0),
            OWN + 2,
            Some(1),
            Target::Scenery {
                part: 3,
                section: 0,
            },
        ),
    );
    assert!(g.scenery_destroyed(3, 0), "{events:?}"); // TERR-8
    assert!(events.contains(&Event::FireOut {
        place: FirePlace::Part(3)
    })); // FIRE-14
    assert!(g.fire_at(FirePlace::Part(3)).is_none());
    assert!(g.fire_at(HUT).is_some());
}

#[test]
fn mopen_6_a_red_fire_with_fuel_1_goes_out_burns_or_becomes_an_inferno_at_the_tables_odds() {
    // Every face of the hut's RED fire against every face of the Obstacle die, through the
    // engine (crate 3 rolls 2 against 9 and goes out each time): out 37 in 60 (61.7%),
    // burning on 13 (21.7%), an Inferno 10 (16.7%), as MOPEN-6 works them out.
    let (mut out, mut burning, mut inferno) = (0, 0, 0);
    for fire in 1..=6u8 {
        for obstacle in 1..=10u8 {
            let (_, events) = throw_then_inspire(&faces(&[fire, obstacle, 2, 9]));
            if events
                .iter()
                .any(|e| matches!(e, Event::InfernoStarted { .. }))
            {
                inferno += 1; // FIRE-6, FIRE-8
            } else if events.contains(&Event::FireOut { place: HUT }) {
                out += 1; // FIRE-6, FIRE-14
            } else {
                burning += 1;
            }
        }
    }
    assert_eq!((out, burning, inferno), (37, 13, 10)); // MOPEN-6
}

//! BOT, constructs: systems bound to tokens (BOT-1, MOPEN-13), what a damaged Arm, Legs,
//! Power or CPU stops (BOT-2..BOT-5, MOPEN-12), and the module off (MOD-2).

mod common;

use common::*;
use redline_battlespace::{SceneryKind, SceneryPiece, SceneryShape};
use redline_rules::card::{Colour, ModelProfile, RangeSpec, Skill, Skills};
use redline_rules::construct::{ConstructProfile, System};
use redline_rules::{ActionCommand, Command, DecisionKind, Event, Game, HazardSource, Module};
use redline_rules::{ModelId, Setup, Target, basic};

/// The first action on the model's own card.
const OWN: u16 = basic::COUNT;

/// MEX-14's K (not Heavy here): GREEN on an Arm with the Cannon, YELLOW Legs, YELLOW CPU and
/// RED Power; Ranged 2, Melee 2, Tech 1.
fn construct(name: &str, systems: Vec<System>, tokens: Vec<Colour>) -> ModelProfile {
    let cannon = attack_action(
        "Cannon",
        Skill::Ranged,
        RangeSpec {
            green: true,
            ..RED_YELLOW
        },
    );
    ModelProfile {
        tokens,
        skills: Skills {
            ranged: 2,
            melee: 2,
            tech: 1,
            ..Skills::default()
        },
        actions: vec![cannon],
        construct: Some(ConstructProfile {
            systems,
            heavy: false,
            height: None,
            mass: None,
            self_repair: false,
        }),
        ..character(name)
    }
}

fn k() -> ModelProfile {
    construct(
        "K",
        vec![
            System::Arm(vec!["cannon".into()]),
            System::Legs,
            System::Cpu,
            System::Power,
        ],
        vec![Colour::Green, Colour::Yellow, Colour::Yellow, Colour::Red],
    )
}

/// K (0) and an ally (1) for seat 0, a rival (2) for seat 1 10" away; BOT on unless
/// `modules` says otherwise.
fn table_with(k: ModelProfile, modules: &[Module]) -> Game {
    let setup = Setup {
        modules: modules.iter().copied().collect(),
        ..no_luck_with(vec![
            model(k, 0, [8.0, 0.0, 7.0]),
            model(character("Ally"), 0, [12.0, 0.0, 7.0]),
            model(character("Rival"), 1, [8.0, 0.0, 17.0]),
        ])
    };
    start(setup)
}

/// Wounds token `token` of `m` with a YELLOW Hazard that rolls 7 against a 1.
fn wound(g: &mut Game, m: ModelId, token: u8) {
    g.load_dice(&[7, 1]);
    g.test_hazards(Colour::Yellow, HazardSource::Debris, &[m]);
    let ev = ok(
        g,
        Command::FaceHazard {
            model: m,
            token: Some(token),
        },
    );
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Wounded { token: t, .. } if *t == token))
    );
}

fn cannon(token: u8) -> Command {
    act(m(0), OWN, Some(token), Target::Model(m(2)))
}

fn damaged(g: &Game, m: ModelId) -> Vec<bool> {
    g.construct_systems(m).into_iter().map(|(_, d)| d).collect()
}

#[test]
fn bot_1_mopen_13_a_wound_on_a_token_damages_its_system_and_printed_red_never_does() {
    let mut g = table_with(k(), &[Module::Bot]);
    assert_eq!(damaged(&g, m(0)), [false; 4]);
    wound(&mut g, m(0), 1);
    assert_eq!(damaged(&g, m(0)), [false, true, false, false]); // BOT-1: the Legs
    // MOPEN-13: the Power token is printed RED, so it is RED but not damaged.
    assert_eq!(g.tokens(m(0))[3].colour, Colour::Red);
    assert!(g.construct_systems(m(1)).is_empty());
}

#[test]
fn bot_2_a_damaged_arm_blocks_its_actions_and_they_leave_the_options() {
    let mut g = table_with(k(), &[Module::Bot]);
    wound(&mut g, m(0), 0);
    ok(&mut g, Command::Activate { model: m(0) });
    assert_eq!(refusal(g.check(&cannon(1))), Rule::Bot2); // BOT-2
    // Its only Arm is damaged: no Ranged or Melee action, Basic attacks included.
    assert_eq!(refusal(g.check(&ranged_attack(m(0), 1, m(2)))), Rule::Bot2);
    let attacks = g.legal_commands().into_iter().any(|c| {
        matches!(c, Command::Act(ActionCommand { action, .. })
            if action == OWN || action == basic::RANGED || action == basic::MELEE)
    });
    assert!(!attacks, "no attack is offered"); // BOT-2
    assert_eq!(g.skill(m(0), Skill::Melee), 0); // BOT-2: it opposes Melee with Melee 0
    assert_eq!(g.skill(m(0), Skill::Ranged), 2);
}

#[test]
fn bot_2_an_undamaged_arm_still_fights() {
    let two_arms = construct(
        "Twin",
        vec![
            System::Arm(vec!["cannon".into()]),
            System::Arm(Vec::new()),
            System::Legs,
        ],
        vec![Colour::Green, Colour::Yellow, Colour::Yellow],
    );
    let mut g = table_with(two_arms, &[Module::Bot]);
    wound(&mut g, m(0), 0);
    ok(&mut g, Command::Activate { model: m(0) });
    assert_eq!(refusal(g.check(&cannon(1))), Rule::Bot2); // BOT-2: its own Arm is damaged
    assert!(g.check(&ranged_attack(m(0), 1, m(2))).is_ok()); // the other Arm still works
    assert_eq!(g.skill(m(0), Skill::Melee), 2);
}

#[test]
fn mod_2_with_bot_off_a_construct_is_an_ordinary_character() {
    let mut g = table_with(k(), &[]);
    wound(&mut g, m(0), 0);
    wound(&mut g, m(0), 1);
    assert!(g.construct_systems(m(0)).is_empty()); // MOD-2
    ok(&mut g, Command::Activate { model: m(0) });
    assert!(g.check(&cannon(2)).is_ok());
    assert!(g.check(&move_to(m(0), 2, [8.0, 0.0, 2.5])).is_ok()); // a YELLOW 4.5" move
}

#[test]
fn bot_3_damaged_legs_move_at_most_red() {
    let mut g = table_with(k(), &[Module::Bot]);
    wound(&mut g, m(0), 1);
    ok(&mut g, Command::Activate { model: m(0) });
    // The GREEN token would allow 6", damaged Legs only RED (3").
    assert_eq!(
        refusal(g.check(&move_to(m(0), 0, [8.0, 0.0, 3.0]))),
        Rule::Bot3
    );
    assert!(g.check(&move_to(m(0), 0, [8.0, 0.0, 4.5])).is_ok()); // BOT-3: 2.5"
    let longest = g
        .legal_commands()
        .into_iter()
        .filter_map(|c| match c {
            Command::Act(ActionCommand {
                action: basic::MOVE,
                target: Target::Route(r),
                ..
            }) => r.last().map(|p| (7.0 - p[2]).hypot(p[0] - 8.0)),
            _ => None,
        })
        .fold(0.0_f32, f32::max);
    assert!(longest > 0.0 && longest <= 3.0 + 1e-3, "{longest}"); // BOT-3
}

#[test]
fn bot_3_with_every_legs_system_damaged_it_cant_move() {
    let walker = construct(
        "Walker",
        vec![
            System::Arm(vec!["cannon".into()]),
            System::Legs,
            System::Legs,
        ],
        vec![Colour::Green, Colour::Yellow, Colour::Yellow],
    );
    let mut g = table_with(walker, &[Module::Bot]);
    wound(&mut g, m(0), 1);
    ok(&mut g, Command::Activate { model: m(0) });
    assert!(g.check(&move_to(m(0), 0, [8.0, 0.0, 5.0])).is_ok()); // one Legs left: RED
    ok(&mut g, Command::EndActivation);
    wound(&mut g, m(0), 2);
    ok(&mut g, Command::Activate { model: m(2) });
    ok(&mut g, Command::EndActivation);
    ok(&mut g, Command::Activate { model: m(0) });
    assert_eq!(
        refusal(g.check(&move_to(m(0), 0, [8.0, 0.0, 6.0]))),
        Rule::Bot3
    ); // BOT-3
}

#[test]
fn bot_4_a_damaged_power_gives_back_one_token_at_inspire() {
    let powered = construct(
        "Core",
        vec![
            System::Arm(vec!["cannon".into()]),
            System::Power,
            System::Legs,
        ],
        vec![Colour::Green, Colour::Yellow, Colour::Yellow],
    );
    let mut g = table_with(powered, &[Module::Bot]);
    wound(&mut g, m(0), 1); // the Power token
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, move_to(m(0), 1, [8.0, 0.0, 6.0]));
    ok(&mut g, move_to(m(0), 0, [8.0, 0.0, 5.0]));
    let ev = inspire_after_rival_or_now(&mut g);
    let d = g.decision().expect("a decision");
    let DecisionKind::ChooseRefreshedToken { model, left, .. } = &d.kind else {
        panic!("{d:?} after {ev:?}")
    };
    assert_eq!((*model, *left, d.seat), (m(0), 1, P0)); // BOT-4: its controller picks one
    ok(&mut g, Command::RefreshToken { token: 0 });
    let ready: Vec<bool> = g.tokens(m(0)).iter().map(|t| t.ready).collect();
    assert_eq!(ready, [true, false, true]); // BOT-4: the Power token stays Used
}

/// Ends the construct's activation, lets the rival activate and end, then seat 0 Inspires.
fn inspire_after_rival_or_now(g: &mut Game) -> Vec<Event> {
    inspire_after_rival(g, m(2))
}

#[test]
fn bot_5_mopen_12_a_haywire_construct_is_run_by_the_next_player_and_may_shoot_its_ally() {
    let mut g = table_with(k(), &[Module::Bot]);
    wound(&mut g, m(0), 2); // the CPU
    g.load_dice(&[2]);
    let ev = ok(&mut g, Command::Activate { model: m(0) });
    assert!(ev.contains(&Event::CpuRolled {
        model: m(0),
        face: 2,
        haywire: true
    })); // BOT-5
    let d = g.decision().expect("a decision");
    assert_eq!(
        (d.seat, &d.kind),
        (P1, &DecisionKind::NextAction { model: m(0) })
    ); // MOPEN-12
    assert!(g.rivals(m(0), m(1)) && g.rivals(m(1), m(0))); // BOT-5: its ally is a rival now
    assert!(
        g.check(&act(m(0), OWN, Some(0), Target::Model(m(1))))
            .is_ok()
    );
    assert_eq!(g.control(), P0); // Control stays with the owner
    ok(&mut g, Command::EndActivation);
    assert!(!g.rivals(m(0), m(1)));
}

#[test]
fn bot_5_on_3_to_6_the_activation_is_normal() {
    let mut g = table_with(k(), &[Module::Bot]);
    wound(&mut g, m(0), 2);
    g.load_dice(&[4]);
    let ev = ok(&mut g, Command::Activate { model: m(0) });
    assert!(ev.contains(&Event::CpuRolled {
        model: m(0),
        face: 4,
        haywire: false
    })); // BOT-5
    assert_eq!(g.decision().expect("a decision").seat, P0);
    assert!(!g.rivals(m(0), m(1)));
}

#[test]
fn mod_3_haywire_is_in_the_state_hash() {
    let mut a = table_with(k(), &[Module::Bot]);
    wound(&mut a, m(0), 2);
    let mut b = a.clone();
    a.load_dice(&[2]);
    b.load_dice(&[2]);
    ok(&mut a, Command::Activate { model: m(0) });
    ok(&mut b, Command::Activate { model: m(0) });
    assert_eq!(a.state_hash(), b.state_hash());
    let mut c = table_with(k(), &[Module::Bot]);
    wound(&mut c, m(0), 2);
    c.load_dice(&[5]);
    ok(&mut c, Command::Activate { model: m(0) });
    assert_ne!(a.state_hash(), c.state_hash()); // MOD-3: Haywire is hashed
}

/// K beside a friendly medic (1) within reach, the rival (2) far off.
fn k_and_medic(k: ModelProfile) -> Game {
    let setup = Setup {
        modules: [Module::Bot].into_iter().collect(),
        ..no_luck_with(vec![
            model(k, 0, [8.0, 0.0, 7.0]),
            model(character("Medic"), 0, [9.3, 0.0, 7.0]),
            model(character("Rival"), 1, [8.0, 0.0, 20.0]),
        ])
    };
    start(setup)
}

#[test]
fn bot_6_triage_cant_target_a_construct() {
    let mut g = k_and_medic(k());
    for t in 0..3 {
        wound(&mut g, m(0), t);
    }
    assert!(g.red_lined(m(0)));
    ok(&mut g, Command::Activate { model: m(1) });
    let triage = act(m(1), basic::TRIAGE, Some(0), Target::Model(m(0)));
    assert_eq!(refusal(g.check(&triage)), Rule::Bot6); // BOT-6
}

#[test]
fn bot_7_mex_14_losing_with_the_printed_red_power_token_bursts() {
    let mut g = k_and_medic(k());
    g.load_dice(&[7, 1]);
    g.test_hazards(Colour::Yellow, HazardSource::Debris, &[m(0)]);
    let ev = ok(
        &mut g,
        Command::FaceHazard {
            model: m(0),
            token: Some(3),
        },
    );
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::TakenOut { model, .. } if *model == m(0)))
    );
    // BOT-7: the Medic within reach faces a YELLOW Hazard from the burst; the rival doesn't.
    let d = g.decision().expect("a decision");
    let DecisionKind::FaceHazard {
        colour,
        source,
        options,
    } = &d.kind
    else {
        panic!("{d:?}")
    };
    assert_eq!(
        (*colour, *source),
        (Colour::Yellow, HazardSource::PowerBurst)
    );
    assert!(options.iter().all(|(model, _)| *model == m(1)));
}

#[test]
fn bot_7_a_wound_on_another_token_does_not_burst() {
    let mut g = k_and_medic(k());
    for t in 0..3 {
        wound(&mut g, m(0), t);
    }
    g.load_dice(&[7, 1]);
    g.test_hazards(Colour::Yellow, HazardSource::Debris, &[m(0)]);
    let ev = ok(
        &mut g,
        Command::FaceHazard {
            model: m(0),
            token: Some(0),
        },
    );
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::TakenOut { model, .. } if *model == m(0)))
    );
    assert!(!matches!(
        g.decision().map(|d| &d.kind),
        Some(DecisionKind::FaceHazard { .. })
    )); // BOT-7: only the Power token bursts
}

/// A Heavy K (height 2.5") at (4, 4) facing an obstacle `high` inches tall at x = 7.
fn heavy_before(high: f32, modules: &[Module]) -> Game {
    let mut heavy = k();
    if let Some(c) = heavy.construct.as_mut() {
        c.heavy = true;
        c.height = Some(2.5);
    }
    let block = SceneryPiece::new(
        0,
        "Wreck",
        SceneryKind::Obstacle,
        SceneryShape::Box {
            centre: [7.0, 4.0],
            size: [1.0, high, 4.0],
            yaw_degrees: 0.0,
        },
    );
    let setup = Setup {
        battlespace: table(vec![block]),
        modules: modules.iter().copied().collect(),
        ..no_luck_with(vec![
            model(heavy, 0, [4.0, 0.0, 4.0]),
            model(character("Rival"), 1, [20.0, 0.0, 20.0]),
        ])
    };
    start_active(setup, &[], m(0))
}

#[test]
fn bot_8_mex_14_a_heavy_construct_crosses_only_obstacles_up_to_half_its_height() {
    let over = move_to(m(0), 0, [9.5, 0.0, 4.0]);
    let g = heavy_before(1.6, &[Module::Bot]);
    assert_eq!(refusal(g.check(&over)), Rule::Bot8); // BOT-8: 1.6" > 1.25"
    let g = heavy_before(1.2, &[Module::Bot]);
    assert!(g.check(&over).is_ok()); // BOT-8: 1.2" is low enough
    let g = heavy_before(1.6, &[]);
    assert!(g.check(&over).is_ok()); // MOD-2
}

#[test]
fn bot_8_a_heavy_construct_cant_be_dragged() {
    let mut heavy = k();
    if let Some(c) = heavy.construct.as_mut() {
        c.heavy = true;
        c.height = Some(2.5);
    }
    let mut g = k_and_medic(heavy);
    ok(&mut g, Command::Activate { model: m(1) });
    let drag = act(
        m(1),
        basic::DRAG,
        Some(0),
        Target::Drag {
            model: m(0),
            route: vec![[10.5, 0.0, 7.0]],
            drop: [9.0, 0.0, 7.0],
        },
    );
    assert_eq!(refusal(g.check(&drag)), Rule::Bot8); // BOT-8
    let offered = g.legal_commands().into_iter().any(|c| {
        matches!(c, Command::Act(ActionCommand { target: Target::Drag { model, .. }, .. })
            if model == m(0))
    });
    assert!(!offered); // BOT-8: not among the options
}

#[test]
fn bot_4_a_refresh_flips_at_most_one_token_of_a_construct_with_damaged_power() {
    let powered = construct(
        "Core",
        vec![
            System::Arm(vec!["cannon".into()]),
            System::Power,
            System::Legs,
        ],
        vec![Colour::Green, Colour::Yellow, Colour::Yellow],
    );
    let boost = redline_rules::card::ActionDef {
        keywords: vec![redline_rules::card::Keyword::Refresh(2)],
        ..redline_rules::card::ActionDef::attack("boost", "Boost", Skill::Influence, RED_YELLOW)
    };
    let booster = ModelProfile {
        actions: vec![redline_rules::card::ActionDef {
            attack: false,
            target: redline_rules::card::TargetKind::OtherFriendly,
            effects: Vec::new(),
            ..boost
        }],
        ..character("Booster")
    };
    let setup = Setup {
        modules: [Module::Bot].into_iter().collect(),
        ..no_luck_with(vec![
            model(powered, 0, [8.0, 0.0, 7.0]),
            model(booster, 0, [12.0, 0.0, 7.0]),
            model(character("Rival"), 1, [8.0, 0.0, 20.0]),
        ])
    };
    let mut g = start(setup);
    wound(&mut g, m(0), 1); // the Power token
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, move_to(m(0), 1, [8.0, 0.0, 6.0]));
    ok(&mut g, move_to(m(0), 0, [8.0, 0.0, 5.0]));
    ok(&mut g, Command::EndActivation);
    ok(&mut g, Command::Activate { model: m(2) });
    ok(&mut g, Command::EndActivation);
    ok(&mut g, Command::Activate { model: m(1) });
    g.load_dice(&[10, 2]);
    ok(&mut g, act(m(1), OWN, Some(0), Target::Model(m(0))));
    let d = g.decision().expect("a decision");
    let DecisionKind::ChooseRefreshedToken { model, left, .. } = &d.kind else {
        panic!("{d:?}")
    };
    assert_eq!((*model, *left), (m(0), 1)); // BOT-4: Refresh 2 flips one token
    ok(&mut g, Command::RefreshToken { token: 0 });
    let ready: Vec<bool> = g.tokens(m(0)).iter().map(|t| t.ready).collect();
    assert_eq!(ready, [true, false, true]);
}

#[test]
fn bot_6_aid_1_with_casualties_on_a_construct_is_taken_out_not_downed() {
    let mut g = table_with(k(), &[Module::Bot, Module::Aid]);
    // A Hazard the construct loses on its printed-RED Power token takes it out (WOUND-3).
    g.load_dice(&[7, 1]);
    g.test_hazards(Colour::Yellow, HazardSource::Debris, &[m(0)]);
    let ev = ok(
        &mut g,
        Command::FaceHazard {
            model: m(0),
            token: Some(3),
        },
    );
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::TakenOut { model, .. } if *model == m(0)))
    ); // BOT-6: a construct is never Downed
    assert!(!g.is_downed(m(0))); // AID-1
}

//! DRONE: drones deployed by programs as new models, acting at Inspire, defending with an
//! unmodified Obstacle die (LUCK-8), immune to non-attacks, out on any wound with no Body
//! token (WOUND-17), counting as models for positioning (OPEN-39).

mod common;

use redline_rules::Rule;
use std::sync::Arc;

use common::*;
use redline_rules::card::{
    ActionDef, Band, Colour, Effect, ModelKeyword, ModelProfile, Skill, Skills, TargetKind,
};
use redline_rules::cards::{CardId, CardStatus, FIRST_CARD_ACTION};
use redline_rules::dice::Die;
use redline_rules::program::{ProgramDef, Reload, RunningEffect};
use redline_rules::{Command, DecisionKind, Game, PlayerSetup, Setup, Target, basic};

fn drone_profile() -> ModelProfile {
    let dart = attack_action("Dart", Skill::Ranged, RED_YELLOW);
    ModelProfile {
        keywords: vec![ModelKeyword::Drone, ModelKeyword::Flying],
        tokens: Vec::new(),
        gonk_colour: Some(Colour::Yellow),
        skills: Skills {
            ranged: 1,
            ..Skills::default()
        },
        actions: vec![dart],
        ..character("Hawk")
    }
}

fn uplink() -> ProgramDef {
    ProgramDef {
        id: "uplink".into(),
        name: "Uplink".into(),
        quality: Colour::Yellow,
        loaded: ActionDef {
            id: "launch".into(),
            name: "Launch Hawk".into(),
            skill: Some(Skill::Tech),
            range: None,
            target: TargetKind::Point,
            attack: false,
            keywords: Vec::new(),
            effects: vec![Effect::DeployDrone {
                drone: "hawk".into(),
                within: Band::Yellow,
            }],
            command: false,
            characters_only: false,
            works_on_drones: false,
        },
        running: vec![RunningEffect::DroneActsAtInspire],
        reload: Reload::WhenDroneTakenOut,
        drone: Some(Arc::new(drone_profile())),
    }
}

/// Netrunner (0) with the drone program and a friend (1) for seat 0; rivals (2, 3) for
/// seat 1. The launch is loaded to succeed: YELLOW 8 against the Obstacle die's 3.
fn deployed(faces: &[u8]) -> Game {
    let runner = ModelProfile {
        keywords: vec![ModelKeyword::Netrunner],
        skills: Skills {
            tech: 2,
            ..Skills::default()
        },
        programs: vec![uplink()],
        ..character("Handler")
    };
    let setup = Setup {
        models: vec![
            model(runner, 0, [8.0, 0.0, 7.0]),
            model(character("Friend"), 0, [2.0, 0.0, 2.0]),
            model(character("Rival"), 1, [8.0, 0.0, 16.0]),
            model(character("Other"), 1, [20.0, 0.0, 20.0]),
        ],
        players: vec![
            PlayerSetup {
                luck: Some(2),
                ..player(0)
            },
            PlayerSetup {
                luck: Some(2),
                ..player(1)
            },
        ],
        ..baseline()
    };
    let mut all = vec![8, 3];
    all.extend_from_slice(faces);
    let mut g = start_loaded(setup, &all);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(
        &mut g,
        act(
            m(0),
            FIRST_CARD_ACTION,
            None,
            Target::Point([8.0, 0.0, 11.0]),
        ),
    );
    // Luck offers on the launch roll: keep.
    while matches!(g.decision().unwrap().kind, DecisionKind::OfferLuck { .. }) {
        ok(&mut g, Command::KeepRoll);
    }
    g
}

const DRONE: redline_rules::ModelId = redline_rules::ModelId(4);

#[test]
fn drone_1_drone_2_drone_8_a_program_deploys_its_drone_as_a_new_model() {
    let g = deployed(&[]);
    assert_eq!(g.model_count(), 5);
    assert!(g.in_play(DRONE));
    assert_eq!(g.position(DRONE), [8.0, 0.0, 11.0]);
    assert_eq!(g.owner(DRONE), P0, "DRONE-5: friendly to its controller");
    assert!(g.profile(DRONE).is_drone());
    assert!(g.tokens(DRONE).is_empty(), "no character or Gonk card");
    assert_eq!(g.card(CardId(0)).status, CardStatus::Running);
}

#[test]
fn drone_8_the_drone_is_set_down_within_the_band_the_program_names() {
    let setup_far = |g: &Game| {
        g.check(&act(
            m(0),
            FIRST_CARD_ACTION,
            None,
            Target::Point([8.0, 0.0, 0.5 + 7.0 + 9.0]),
        ))
    };
    let runner = ModelProfile {
        keywords: vec![ModelKeyword::Netrunner],
        programs: vec![uplink()],
        ..character("Handler")
    };
    let mut g = start(with_models(vec![
        model(runner, 0, [8.0, 0.0, 7.0]),
        model(character("Rival"), 1, [20.0, 0.0, 20.0]),
    ]));
    ok(&mut g, Command::Activate { model: m(0) });
    assert_eq!(setup_far(&g).unwrap_err().rule, Rule::Drone8);
    // The legal launches offered are all placements the rules accept.
    let launches: Vec<Command> = g
        .legal_commands()
        .into_iter()
        .filter(|c| matches!(c, Command::Act(a) if a.action == FIRST_CARD_ACTION))
        .collect();
    assert!(!launches.is_empty());
    assert!(launches.iter().all(|c| g.check(c).is_ok()));
    // Overlapping the Netrunner's own base is refused too (MOVE-4).
    let err = g
        .check(&act(
            m(0),
            FIRST_CARD_ACTION,
            None,
            Target::Point([8.5, 0.0, 7.0]),
        ))
        .unwrap_err();
    assert_eq!(err.rule, Rule::Move4);
}

#[test]
fn drone_3_a_deployed_drone_acts_when_its_team_inspires() {
    let mut g = deployed(&[]);
    ok(&mut g, move_to(m(0), 0, [7.0, 0.0, 7.0]));
    inspire_after_rival(&mut g, m(2));
    match &g.decision().unwrap().kind {
        DecisionKind::InspireGonks { gonks } => assert_eq!(gonks, &vec![DRONE]),
        d => panic!("{d:?}"),
    }
    // DRONE-2: it moves or uses its program's actions, nothing else.
    let err = g
        .check(&act(DRONE, basic::MELEE, None, Target::Model(m(2))))
        .unwrap_err();
    assert_eq!(err.rule, Rule::Drone2);
    g.load_dice(&[7, 2]);
    ok(&mut g, act(DRONE, basic::COUNT, None, Target::Model(m(2))));
}

#[test]
fn drone_4_drones_are_immune_to_everything_but_attacks() {
    let mut g = deployed(&[]);
    // Firewall Defender is not an attack: the Netrunner, its own drone within RED, may aim
    // it at itself but not at the drone, and DRONE-4 alone says why.
    let firewall = |t| act(m(0), basic::FIREWALL, Some(0), Target::Model(t));
    assert!(
        g.check(&firewall(m(0))).is_ok(),
        "{:?}",
        g.check(&firewall(m(0)))
    );
    assert_eq!(refusal(g.check(&firewall(DRONE))), Rule::Drone4);
    ok(&mut g, Command::EndActivation);
    ok(&mut g, Command::Activate { model: m(2) });
    // A rival's drag neither.
    let err = g
        .check(&act(
            m(2),
            basic::DRAG,
            Some(0),
            Target::Drag {
                model: DRONE,
                route: vec![[8.0, 0.0, 13.0]],
                drop: [8.0, 0.0, 12.0],
            },
        ))
        .unwrap_err();
    assert_eq!(err.rule, Rule::Open39);
}

#[test]
fn drone_6_luck_8_drone_7_wound_17_a_drone_defends_with_an_unmodified_obstacle_die() {
    let mut g = deployed(&[]);
    ok(&mut g, Command::EndActivation);
    ok(&mut g, Command::Activate { model: m(2) });
    // The drone stands 4" off: a YELLOW-range Basic Ranged Attack. No defence choice.
    g.load_dice(&[9, 4]);
    let ev = ok(&mut g, ranged_attack(m(2), 0, DRONE));
    let dice = rolled(&ev);
    assert_eq!((dice[1].die, dice[1].modifier), (Die::Obstacle, 0));
    // LUCK-8: Luck is offered to the attacker, never on the drone's die.
    while let DecisionKind::OfferLuck { model, .. } = g.decision().unwrap().kind {
        assert_ne!(model, Some(DRONE));
        ok(&mut g, Command::KeepRoll);
    }
    assert!(!g.in_play(DRONE));
    assert!(g.bodies().is_empty(), "DRONE-7: no Body token");
    // NET-10: the program reloads when its drone goes, so it can deploy another.
    assert_eq!(g.card(CardId(0)).status, CardStatus::Ready);
}

#[test]
fn open_39_a_drone_is_a_model_for_bases_and_brawls_and_opposes_moves_with_the_obstacle_die() {
    let mut g = deployed(&[]);
    ok(&mut g, Command::EndActivation);
    ok(&mut g, Command::Activate { model: m(2) });
    // MOVE-4: no base may end on the drone.
    let err = g.check(&move_to(m(2), 0, [8.0, 0.0, 11.0])).unwrap_err();
    assert_eq!(err.rule, Rule::Move1);
    // Moving through the rival drone: opposed by an Obstacle die, not its Skill.
    g.load_dice(&[9, 3]);
    let ev = ok(&mut g, move_to(m(2), 0, [8.0, 0.0, 9.5]));
    let dice = rolled(&ev);
    assert_eq!((dice[1].die, dice[1].model), (Die::Obstacle, Some(DRONE)));
    while matches!(g.decision().unwrap().kind, DecisionKind::OfferLuck { .. }) {
        ok(&mut g, Command::KeepRoll);
    }
    // Now within reach of the drone: a Brawl (BRAWL-1).
    assert_eq!(g.brawling_with(m(2)), vec![DRONE]);
}

/// A Blast thrown by model 0 (seat 0) at a rival Gonk (1) with a rival drone (2) standing
/// beside it, within RED of where the Impact token goes: the starter pack's Flashbang
/// (Blast, Stun 1, not an attack) when `attack` is false, a wounding grenade otherwise.
/// Every decision after the throw is answered with the first legal answer; returns the
/// events of the whole throw.
fn blast_beside_a_drone(attack: bool, faces: &[u8]) -> (Game, Vec<redline_rules::Event>) {
    use redline_rules::card::Keyword;
    let action = ActionDef {
        id: "toss".into(),
        name: if attack { "Grenade" } else { "Flashbang" }.into(),
        skill: Some(Skill::Reflexes),
        range: Some(RED_YELLOW),
        target: TargetKind::Rival,
        attack,
        keywords: if attack {
            vec![Keyword::Blast]
        } else {
            vec![Keyword::Blast, Keyword::Stun(1)]
        },
        effects: if attack {
            vec![Effect::Wound(1)]
        } else {
            Vec::new()
        },
        command: false,
        characters_only: false,
        works_on_drones: false,
    };
    let thrower = ModelProfile {
        actions: vec![action],
        ..character("Thrower")
    };
    let setup = no_luck_with(vec![
        model(thrower, 0, [8.0, 0.0, 5.0]),
        model(gonk("Goon"), 1, [8.0, 0.0, 12.0]),
        model(drone("Hawk"), 1, [9.5, 0.0, 12.0]),
    ]);
    let mut g = start_loaded(setup, faces);
    ok(&mut g, Command::Activate { model: m(0) });
    let mut events = ok(
        &mut g,
        act(m(0), basic::COUNT, Some(0), Target::Model(m(1))),
    );
    while !matches!(
        g.decision().map(|d| &d.kind),
        Some(DecisionKind::NextAction { .. } | DecisionKind::TakeControl { .. }) | None
    ) {
        let answer = g.legal_commands().remove(0);
        events.extend(ok(&mut g, answer));
    }
    (g, events)
}

/// Whether any roll of `events` has a die for `model`.
fn rolls_for(events: &[redline_rules::Event], model: redline_rules::ModelId) -> bool {
    events.iter().any(|e| match e {
        redline_rules::Event::Rolled { dice } => dice.iter().any(|d| d.model == Some(model)),
        _ => false,
    })
}

fn blast_area(events: &[redline_rules::Event]) -> Vec<redline_rules::ModelId> {
    events
        .iter()
        .find_map(|e| match e {
            redline_rules::Event::BlastArea { caught, .. } => Some(caught.clone()),
            _ => None,
        })
        .expect("a Blast area")
}

#[test]
fn drone_4_kw_6_a_drone_in_a_non_attack_blast_is_not_caught() {
    // GREEN 9 + Reflexes 1 against the Goon's 2 + 1: the Flashbang hits; the Goon, caught
    // in the area too, rolls 3 + 1. A face is left for the drone, which must not roll.
    let (g, ev) = blast_beside_a_drone(false, &[9, 2, 3, 4]);
    // DRONE-4: the drone is immune to the Flashbang, so the area leaves it out.
    assert_eq!(blast_area(&ev), vec![m(1)]);
    assert!(!rolls_for(&ev, m(2)), "the drone rolls for nothing: {ev:?}");
    assert!(!ev.iter().any(|e| matches!(
        e,
        redline_rules::Event::Stunned { model, .. } if *model == m(2)
    )));
    assert!(g.in_play(m(2)));
    assert_eq!(g.loaded_dice_left(), 1, "the drone's face is not rolled");
}

#[test]
fn drone_4_kw_8_a_drone_in_an_attack_blast_is_caught_as_usual() {
    // The grenade takes the Goon out with the direct hit; the drone in the area rolls its
    // Obstacle die (DRONE-6) 4 against 10 and is taken out (DRONE-7).
    let (g, ev) = blast_beside_a_drone(true, &[9, 2, 4]);
    assert_eq!(blast_area(&ev), vec![m(2)]);
    assert!(rolls_for(&ev, m(2)), "{ev:?}");
    assert!(!g.in_play(m(2)));
}

#[test]
fn drone_4_a_non_attack_torrent_passes_a_drone_by() {
    use redline_rules::card::Keyword;
    let hose = ActionDef {
        id: "smoke".into(),
        name: "Smoke Jet".into(),
        skill: Some(Skill::Reflexes),
        range: Some(RED_YELLOW),
        target: TargetKind::Rival,
        attack: false,
        keywords: vec![Keyword::Torrent, Keyword::Stun(1)],
        effects: Vec::new(),
        command: false,
        characters_only: false,
        works_on_drones: false,
    };
    let sprayer = ModelProfile {
        actions: vec![hose],
        ..character("Sprayer")
    };
    // The drone stands in the Torrent's path, before the rival it is aimed at.
    let setup = no_luck_with(vec![
        model(sprayer, 0, [8.0, 0.0, 7.0]),
        model(character("Rival"), 1, [8.0, 0.0, 13.0]),
        model(drone("Hawk"), 1, [8.0, 0.0, 10.0]),
    ]);
    let mut g = start_loaded(setup, &[9, 2]);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(
        &mut g,
        act(m(0), basic::COUNT, Some(0), Target::Model(m(1))),
    );
    // Only the rival opposes: the drone is not among the Torrent's targets (DRONE-4).
    match &g.decision().unwrap().kind {
        DecisionKind::ChooseDefence { defender, .. } => assert_eq!(*defender, m(1)),
        d => panic!("{d:?}"),
    }
    let ev = ok(&mut g, defend(Some(0)));
    assert!(!rolls_for(&ev, m(2)), "{ev:?}");
}

#[test]
fn drone_4_a_friendly_drone_gets_no_free_move_from_a_program() {
    use redline_rules::program::Who;
    let tailwind = ProgramDef {
        id: "tailwind".into(),
        name: "Tailwind".into(),
        quality: Colour::Red,
        loaded: ActionDef {
            id: "launch".into(),
            name: "Open the Lanes".into(),
            skill: Some(Skill::Tech),
            range: None,
            target: TargetKind::SelfOnly,
            attack: false,
            keywords: Vec::new(),
            effects: Vec::new(),
            command: false,
            characters_only: false,
            works_on_drones: false,
        },
        running: vec![RunningEffect::FreeMove {
            who: Who::FriendlyWithin(Band::Yellow),
            colour: Colour::Red,
        }],
        reload: Reload::AtInspire,
        drone: None,
    };
    let runner = ModelProfile {
        keywords: vec![ModelKeyword::Netrunner],
        skills: Skills {
            tech: 2,
            ..Skills::default()
        },
        programs: vec![tailwind],
        ..character("Handler")
    };
    let setup = no_luck_with(vec![
        model(runner, 0, [8.0, 0.0, 7.0]),
        model(character("Friend"), 0, [10.0, 0.0, 7.0]),
        model(drone("Hawk"), 0, [8.0, 0.0, 10.0]),
        model(character("Rival"), 1, [20.0, 0.0, 20.0]),
    ]);
    // RED 3 + Tech 2 against the Obstacle die's 2.
    let mut g = start_loaded(setup, &[3, 2]);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, act(m(0), FIRST_CARD_ACTION, None, Target::None));
    // The friends within YELLOW may move; the drone within YELLOW may not (DRONE-4).
    match &g.decision().unwrap().kind {
        DecisionKind::FreeMoves { models, .. } => assert_eq!(models, &vec![m(0), m(1)]),
        d => panic!("{d:?}"),
    }
}

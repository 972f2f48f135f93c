//! BOT, constructs: Field Patch (BOT-6), Start Repair and Under Repair (BOT-9, BOT-10),
//! Topple and Toppled (BOT-11, BOT-12), MEX-15 played through, their odds, their state in
//! the hash, and the module off (MOD-2).

mod common;

use common::*;
use redline_rules::card::{Colour, ModelKeyword, ModelProfile, RangeSpec, Skill, Skills};
use redline_rules::construct::{ConstructProfile, System};
use redline_rules::{
    BotEvent, Command, DecisionKind, Event, FIELD_PATCH, Game, HazardSource, ModelId, Module,
    STAND_UP, START_REPAIR, Setup, TOPPLE, Target, basic,
};

/// MEX-14's K with Self-Repair and Mass 1: GREEN Arm with the Cannon, YELLOW Legs, YELLOW
/// CPU, RED Power; Ranged 2, Melee 2, Tech 1.
fn k() -> ModelProfile {
    let cannon = attack_action(
        "Cannon",
        Skill::Ranged,
        RangeSpec {
            green: true,
            ..RED_YELLOW
        },
    );
    ModelProfile {
        tokens: vec![Colour::Green, Colour::Yellow, Colour::Yellow, Colour::Red],
        skills: Skills {
            ranged: 2,
            melee: 2,
            tech: 1,
            ..Skills::default()
        },
        actions: vec![cannon],
        construct: Some(ConstructProfile {
            systems: vec![
                System::Arm(vec!["cannon".into()]),
                System::Legs,
                System::Cpu,
                System::Power,
            ],
            heavy: false,
            height: None,
            mass: Some(1),
            self_repair: true,
        }),
        ..character("K")
    }
}

/// K (0) and its Tech 1 mechanic (1) for seat 0; rival A (2, Melee 2) within reach of K and
/// rival Leader B (3, Melee 1) within reach of K, for seat 1.
fn yard(modules: &[Module]) -> Game {
    let mechanic = ModelProfile {
        skills: Skills {
            tech: 1,
            ..character("Mechanic").skills
        },
        ..character("Mechanic")
    };
    let a = ModelProfile {
        skills: Skills {
            melee: 2,
            ..character("A").skills
        },
        ..character("A")
    };
    let b = ModelProfile {
        keywords: vec![ModelKeyword::Leader],
        ..character("B")
    };
    let setup = Setup {
        modules: modules.iter().copied().collect(),
        ..no_luck_with(vec![
            model(k(), 0, [8.0, 0.0, 7.0]),
            model(mechanic, 0, [6.7, 0.0, 5.7]),
            model(a, 1, [9.3, 0.0, 7.0]),
            model(b, 1, [8.0, 0.0, 8.3]),
        ])
    };
    start(setup)
}

/// Wounds token `token` of `m` with a YELLOW Hazard that rolls 7 against a 1.
fn wound(g: &mut Game, m: ModelId, token: u8) {
    g.load_dice(&[7, 1]);
    g.test_hazards(Colour::Yellow, HazardSource::Debris, &[m]);
    ok(
        g,
        Command::FaceHazard {
            model: m,
            token: Some(token),
        },
    );
}

fn bot(events: &[Event]) -> Vec<BotEvent> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Bot(b) => Some(*b),
            _ => None,
        })
        .collect()
}

/// MEX-15's start: K's Legs damaged, then K spends its YELLOW CPU token on Start Repair.
fn k_under_repair() -> Game {
    let mut g = yard(&[Module::Bot]);
    wound(&mut g, m(0), 1);
    ok(&mut g, Command::Activate { model: m(0) });
    let ev = ok(&mut g, act(m(0), START_REPAIR, Some(2), Target::None));
    assert_eq!(
        bot(&ev),
        [BotEvent::RepairStarted {
            model: m(0),
            colour: Colour::Yellow
        }]
    ); // BOT-9
    assert!(ev.contains(&Event::ActivationEnded { model: m(0) })); // BOT-9: it ends
    g
}

#[test]
fn bot_9_start_repair_needs_self_repair_and_a_damaged_system() {
    let mut g = yard(&[Module::Bot]);
    ok(&mut g, Command::Activate { model: m(0) });
    let start = act(m(0), START_REPAIR, Some(2), Target::None);
    assert_eq!(refusal(g.check(&start)), Rule::Bot9); // BOT-9: nothing is damaged
    let mut g = yard(&[Module::Bot]);
    wound(&mut g, m(0), 1);
    ok(&mut g, Command::Activate { model: m(1) });
    let mechanic = act(m(1), START_REPAIR, Some(0), Target::None);
    assert_eq!(refusal(g.check(&mechanic)), Rule::Bot9); // BOT-9: no construct
}

#[test]
fn bot_9_start_repair_is_no_reaction() {
    let mut g = yard(&[Module::Bot]);
    wound(&mut g, m(0), 1);
    // A hits K in melee and K [RE]acts: Start Repair is not allowed.
    ok(&mut g, Command::Activate { model: m(1) });
    ok(&mut g, Command::EndActivation);
    ok(&mut g, Command::Activate { model: m(2) });
    g.load_dice(&[6, 1]);
    ok(&mut g, melee_attack(m(2), 0, m(0)));
    ok(&mut g, defend(Some(0)));
    assert!(matches!(
        g.decision().map(|d| &d.kind),
        Some(DecisionKind::OfferReaction { .. })
    ));
    let start = react(m(0), START_REPAIR, Some(2), Target::None);
    assert_eq!(refusal(g.check(&start)), Rule::Bot9); // BOT-9
}

#[test]
fn bot_10_under_repair_it_cant_be_activated_and_opposes_with_red() {
    let mut g = k_under_repair();
    assert!(g.under_repair(m(0)));
    // A Hazard: K chooses no token, it rolls RED with no Skill; its owner places the wound.
    g.load_dice(&[5, 2]);
    let ev = g.test_hazards(Colour::Yellow, HazardSource::Debris, &[m(0)]);
    let dice = rolled(&ev);
    assert_eq!(dice[1].die, redline_rules::dice::Die::Action(Colour::Red)); // BOT-10
    assert_eq!(dice[1].modifier, 0); // BOT-10: no Skill
    ok(&mut g, Command::AllocateWound { token: 0 });
    assert_eq!(g.tokens(m(0))[0].colour, Colour::Red);
    ok(&mut g, Command::Activate { model: m(2) });
    ok(&mut g, Command::EndActivation);
    let Some(DecisionKind::TakeControl { may_activate, .. }) = g.decision().map(|d| &d.kind) else {
        panic!("seat 0 takes Control");
    };
    assert!(!may_activate.contains(&m(0))); // BOT-10
    assert_eq!(
        refusal(g.check(&Command::Activate { model: m(0) })),
        Rule::Bot10
    );
}

#[test]
fn bot_10_a_melee_attack_on_a_construct_under_repair_hits_without_a_roll() {
    let mut g = k_under_repair();
    ok(&mut g, Command::Activate { model: m(2) });
    let ev = ok(&mut g, melee_attack(m(2), 0, m(0)));
    assert!(!ev.iter().any(|e| matches!(e, Event::Rolled { .. }))); // BOT-10: no roll
    // No token opposed: its owner places the wound (WOUND-7), on GREEN or YELLOW.
    let d = g.decision().expect("a decision");
    assert!(matches!(
        d.kind,
        DecisionKind::AllocateWound { model, .. } if model == m(0)
    ));
    ok(&mut g, Command::AllocateWound { token: 0 });
    assert_eq!(g.tokens(m(0))[0].colour, Colour::Red); // BOT-10
    // BOT-10: Under Repair, it is offered no [RE]action.
    assert!(!matches!(
        g.decision().map(|d| &d.kind),
        Some(DecisionKind::OfferReaction { .. })
    ));
}

#[test]
fn bot_11_topple_needs_a_construct_under_repair_or_with_no_ready_token() {
    let mut g = yard(&[Module::Bot]);
    ok(&mut g, Command::Activate { model: m(1) });
    ok(&mut g, Command::EndActivation);
    ok(&mut g, Command::Activate { model: m(2) });
    let topple = act(m(2), TOPPLE, Some(0), Target::Model(m(0)));
    assert_eq!(refusal(g.check(&topple)), Rule::Bot11); // BOT-11: K has Ready tokens
    let g = k_under_repair();
    let mut g2 = g.clone();
    ok(&mut g2, Command::Activate { model: m(2) });
    assert!(g2.check(&topple).is_ok()); // BOT-11: Under Repair
}

/// MEX-15 played through: a tie fails, the Leader's second try succeeds with +2, K takes a
/// wound on its Arm, repairs it at its owner's Inspire and must Stand Up first.
#[test]
fn bot_11_bot_12_mex_15_topple_repair_and_stand_up() {
    let mut g = k_under_repair();
    // A spends YELLOW: 5 + 2 = 7 against Obstacle 6 + Mass 1 = 7. A tie fails.
    ok(&mut g, Command::Activate { model: m(2) });
    g.load_dice(&[5, 6]);
    let ev = ok(&mut g, act(m(2), TOPPLE, Some(1), Target::Model(m(0))));
    let dice = rolled(&ev);
    assert_eq!((dice[0].total, dice[1].total), (7, 7)); // BOT-11, MEX-15
    assert!(!g.is_toppled(m(0)));
    assert_eq!(g.topple_tries(m(0)), 1);
    ok(&mut g, Command::EndActivation);
    ok(&mut g, Command::Activate { model: m(1) });
    ok(&mut g, Command::EndActivation);
    // Leader B spends RED: 4 + 1 + 1 (an earlier try) + 1 (Leader) = 7 against 4 + 1 = 5.
    ok(&mut g, Command::Activate { model: m(3) });
    let topple = act(m(3), TOPPLE, Some(2), Target::Model(m(0)));
    let odds = g.construct_action_odds(match &topple {
        Command::Act(a) => a,
        _ => unreachable!(),
    });
    // BOT-11: RED + Melee 1 + 1 try + 1 Leader against the Obstacle die + Mass 1.
    let want = redline_rules::odds::OddsQuery::new(
        redline_rules::dice::Die::Action(Colour::Red),
        3,
        redline_rules::dice::Die::Obstacle,
        1,
    )
    .without_luck()
    .odds();
    assert!((odds.expect("odds").success - want.success).abs() < 1e-9);
    g.load_dice(&[4, 4]);
    let ev = ok(&mut g, topple);
    let dice = rolled(&ev);
    assert_eq!((dice[0].total, dice[1].total), (7, 5)); // BOT-11, MEX-15
    assert!(g.is_toppled(m(0))); // BOT-12
    assert!(bot(&ev).contains(&BotEvent::Toppled {
        model: m(0),
        by: m(3)
    }));
    // 1 wound, no Opposed Roll: its controller picks GREEN (the Arm); no [RE]action.
    ok(&mut g, Command::AllocateWound { token: 0 });
    assert_eq!(g.tokens(m(0))[0].colour, Colour::Red); // BOT-11
    assert!(!matches!(
        g.decision().map(|d| &d.kind),
        Some(DecisionKind::OfferReaction { .. })
    ));
    // BOT-12: it can't be Toppled again.
    let again = act(m(3), TOPPLE, Some(0), Target::Model(m(0)));
    assert_eq!(refusal(g.check(&again)), Rule::Bot12);
    ok(&mut g, Command::EndActivation);
    // K's owner Inspires: YELLOW 6 + Tech 1 = 7 against Obstacle 3, Heal 1 on the Arm.
    g.load_dice(&[6, 3]);
    let ev = ok(&mut g, Command::Inspire { seat: P0 });
    assert!(bot(&ev).contains(&BotEvent::RepairRolled {
        model: m(0),
        heals: 1
    })); // BOT-9
    ok(&mut g, Command::HealToken { token: 0 });
    assert_eq!(g.tokens(m(0))[0].colour, Colour::Green); // BOT-9, MEX-15
    assert!(!g.under_repair(m(0))); // BOT-9: ended with the Inspire
    assert!(g.tokens(m(0)).iter().all(|t| t.ready)); // Power undamaged: all refresh
    assert_eq!(g.topple_tries(m(0)), 0); // BOT-11: counted since the last Inspire
    // Seat 1 passes; K is still Toppled, so its first action must be Stand Up.
    ok(&mut g, Command::Activate { model: m(2) });
    ok(&mut g, Command::EndActivation);
    ok(&mut g, Command::Activate { model: m(0) });
    assert_eq!(
        refusal(g.check(&act(m(0), OWN, Some(0), Target::Model(m(2))))),
        Rule::Bot12
    );
    let ev = ok(&mut g, act(m(0), STAND_UP, Some(1), Target::None));
    assert!(!ev.iter().any(|e| matches!(e, Event::Rolled { .. }))); // BOT-12: no roll
    assert!(!g.is_toppled(m(0)));
    assert!(
        g.check(&act(m(0), OWN, Some(0), Target::Model(m(2))))
            .is_ok()
    );
}

/// The first action on the model's own card.
const OWN: u16 = basic::COUNT;

#[test]
fn bot_12_a_toppled_construct_cant_be_dragged() {
    let mut g = k_under_repair();
    ok(&mut g, Command::Activate { model: m(2) });
    g.load_dice(&[6, 1]);
    ok(&mut g, act(m(2), TOPPLE, Some(0), Target::Model(m(0))));
    ok(&mut g, Command::AllocateWound { token: 0 });
    let drag = act(
        m(2),
        basic::DRAG,
        Some(1),
        Target::Drag {
            model: m(0),
            route: vec![[10.5, 0.0, 7.0]],
            drop: [9.0, 0.0, 7.0],
        },
    );
    assert_eq!(refusal(g.check(&drag)), Rule::Bot12); // BOT-12
}

#[test]
fn bot_6_field_patch_mends_a_red_lined_construct_with_tech() {
    let mut g = yard(&[Module::Bot]);
    for t in 0..3 {
        wound(&mut g, m(0), t);
    }
    ok(&mut g, Command::Activate { model: m(1) });
    let patch = act(m(1), FIELD_PATCH, Some(0), Target::Model(m(0)));
    let a = match &patch {
        Command::Act(a) => a.clone(),
        _ => unreachable!(),
    };
    let odds = g.construct_action_odds(&a).expect("odds");
    // BOT-6: GREEN d12 + Tech 1 against the Obstacle die.
    let want = redline_rules::odds::OddsQuery::new(
        redline_rules::dice::Die::Action(Colour::Green),
        1,
        redline_rules::dice::Die::Obstacle,
        0,
    )
    .without_luck()
    .odds();
    assert!((odds.success - want.success).abs() < 1e-9); // BOT-6
    g.load_dice(&[9, 2]);
    let ev = ok(&mut g, patch);
    assert_eq!(rolled(&ev)[0].modifier, 1); // BOT-6: Tech, not Medical
    ok(&mut g, Command::HealToken { token: 0 });
    assert!(!g.red_lined(m(0))); // BOT-6: Heal 1
    // Field Patch is for constructs only: a Red-lined friend out of any Brawl is refused.
    let setup = Setup {
        modules: [Module::Bot].into_iter().collect(),
        ..no_luck_with(vec![
            model(character("Mechanic"), 0, [8.0, 0.0, 7.0]),
            model(character("Friend"), 0, [9.3, 0.0, 7.0]),
            model(character("Rival"), 1, [8.0, 0.0, 20.0]),
        ])
    };
    let mut g = start(setup);
    for t in 0..2 {
        wound(&mut g, m(1), t);
    }
    ok(&mut g, Command::Activate { model: m(0) });
    let on_friend = act(m(0), FIELD_PATCH, Some(0), Target::Model(m(1)));
    assert_eq!(refusal(g.check(&on_friend)), Rule::Bot6); // BOT-6
}

#[test]
fn bot_9_self_repair_odds_follow_the_spent_colour() {
    let g = yard(&[Module::Bot]);
    let red = g.self_repair_odds(m(0), Colour::Red).success;
    let green = g.self_repair_odds(m(0), Colour::Green).success;
    assert!(green > red); // BOT-9: the spent token's die
    let stand = redline_rules::ActionCommand {
        model: m(0),
        action: STAND_UP,
        token: Some(0),
        target: Target::None,
    };
    assert_eq!(refusal(g.construct_action_odds(&stand)), Rule::Bot12); // not Toppled
}

#[test]
fn mod_3_repairs_and_topples_are_in_the_state_hash() {
    let a = k_under_repair();
    let mut b = yard(&[Module::Bot]);
    wound(&mut b, m(0), 1);
    ok(&mut b, Command::Activate { model: m(0) });
    ok(&mut b, Command::EndActivation);
    assert_ne!(a.state_hash(), b.state_hash()); // MOD-3: Under Repair is hashed
    let mut c = a.clone();
    let mut d = a.clone();
    ok(&mut c, Command::Activate { model: m(2) });
    ok(&mut d, Command::Activate { model: m(2) });
    c.load_dice(&[1, 5]);
    d.load_dice(&[1, 5]);
    ok(&mut c, act(m(2), TOPPLE, Some(0), Target::Model(m(0))));
    ok(&mut d, melee_attack(m(2), 0, m(0)));
    assert_ne!(c.state_hash(), d.state_hash()); // MOD-3: Topple attempts are hashed
}

#[test]
fn mod_2_with_bot_off_no_repair_or_topple_exists() {
    let mut g = yard(&[]);
    wound(&mut g, m(0), 1);
    ok(&mut g, Command::Activate { model: m(0) });
    let start = act(m(0), START_REPAIR, Some(2), Target::None);
    assert_eq!(refusal(g.check(&start)), Rule::Tok12); // MOD-2: no such action
    assert!(!g.legal_commands().iter().any(|c| matches!(
        c,
        Command::Act(a) if a.action >= START_REPAIR && a.action <= FIELD_PATCH
    )));
}

//! SEC, security: the Tech test (SEC-3, SEC-4), locks on doors (SEC-5, SEC-6), finding
//! them (SEC-7, MOPEN-8) and opening them (SEC-8). MEX-9 and MEX-10 are the worked examples.

mod common;

use common::*;
use redline_battlespace::SceneryKind;
use redline_rules::card::{Colour, ModelProfile, Skills};
use redline_rules::cards::{Ability, CardDef, CardKind};
use redline_rules::scenario::ScenarioRules;
use redline_rules::security::{
    FenceKind, FencePlan, Light, LockGrade, LockPlan, SecurityPlan, SecurityRules, SentryPlan,
    sentry_profile,
};
use redline_rules::{
    CUT_FENCE, Command, DecisionKind, Event, FORCE_THE_DOOR, FREE_YOURSELF, Game, LockKnowledge,
    Module, PICK_THE_LOCK, SHOOT_THE_LOCK, SecEvent, Setup, TRY_IT, Target, basic,
};

fn kit(name: &str, ability: Ability) -> CardDef {
    CardDef {
        abilities: vec![ability],
        ..CardDef::new(&name.to_lowercase(), name, CardKind::Gear)
    }
}

/// A character with Tech 2 carrying these cards.
fn tech(name: &str, tech: i8, cards: Vec<CardDef>) -> ModelProfile {
    ModelProfile {
        skills: Skills {
            tech,
            reflexes: 1,
            melee: 2,
            ..Skills::default()
        },
        cards,
        ..character(name)
    }
}

/// Seat 1 defends; the door is locked at `grade` unless `None`; SEC on unless `sec` is
/// false. Model 0 (seat 0) stands at `at`, the defender's model 1 far off at (20, 20).
fn site(
    grade: Option<LockGrade>,
    light: Light,
    sec: bool,
    first: ModelProfile,
    at: [f32; 3],
) -> Setup {
    let locks = grade
        .map(|grade| LockPlan {
            piece: 0,
            opening: 0,
            grade,
        })
        .into_iter()
        .collect();
    let modules = if sec {
        [Module::Sec].into()
    } else {
        Default::default()
    };
    Setup {
        battlespace: table(vec![wall_with_door()]),
        modules,
        scenario: ScenarioRules {
            security: Some(SecurityRules {
                plan: SecurityPlan {
                    locks,
                    ..SecurityPlan::default()
                },
                ..SecurityRules::new(P1)
            }),
            light,
            ..ScenarioRules::default()
        },
        ..no_luck_with(vec![
            model(first, 0, at),
            model(tech("Guard", 1, Vec::new()), 1, [20.0, 0.0, 20.0]),
        ])
    }
}

/// Within reach of the door, outside the wall.
const AT_DOOR: [f32; 3] = [11.0, 0.0, 12.0];

fn pick(token: u8) -> Command {
    Command::Act(pick_the_lock(token))
}

fn pick_the_lock(token: u8) -> redline_rules::ActionCommand {
    redline_rules::ActionCommand {
        model: m(0),
        action: PICK_THE_LOCK,
        token: Some(token),
        target: DOOR,
    }
}

fn unlocked(events: &[Event]) -> bool {
    events
        .iter()
        .any(|e| matches!(e, Event::Sec(SecEvent::Unlocked { .. })))
}

/// MEX-9's pick with `cards` in `light`: YELLOW 6 + Tech 2 against Obstacle 5 + Hard 2.
fn mex_9_pick(cards: Vec<CardDef>, light: Light) -> (Game, Vec<Event>) {
    let setup = site(
        Some(LockGrade::External),
        light,
        true,
        tech("Cracker", 2, cards),
        AT_DOOR,
    );
    let mut g = start_active(setup, &[6, 5], m(0));
    let events = ok(&mut g, pick(1));
    (g, events)
}

#[test]
fn mex_9_sec_8_a_tech_2_character_with_a_tool_kit_picks_an_external_lock() {
    let (g, events) = mex_9_pick(vec![kit("Tool Kit", Ability::ToolKit(1))], Light::Normal);
    let dice = rolled(&events);
    assert_eq!(dice[0].total, 8); // SEC-3: YELLOW 6 + Tech 2
    assert_eq!(dice[1].total, 7); // SEC-5: Obstacle 5 + Hard 2
    assert!(unlocked(&events), "SEC-8: success unlocks the door");
    assert_eq!(g.lock_in_force(0, 0), None);
    assert_eq!(g.lock_known_to(P0, 0, 0), LockKnowledge::Open);
}

#[test]
fn mex_9_sec_4_without_a_tool_kit_the_pick_fails() {
    let (g, events) = mex_9_pick(Vec::new(), Light::Normal);
    assert_eq!(rolled(&events)[0].total, 6); // SEC-4: −2 without a Tool Kit
    assert!(!unlocked(&events));
    assert_eq!(g.lock_in_force(0, 0), Some(LockGrade::External));
    // SEC-7: the attempt revealed the lock to every player.
    assert_eq!(
        g.lock_known_to(P0, 0, 0),
        LockKnowledge::Locked(LockGrade::External)
    );
}

#[test]
fn mex_9_sec_4_a_precision_kit_adds_one() {
    let (_, events) = mex_9_pick(
        vec![kit("Precision Kit", Ability::PrecisionKit)],
        Light::Normal,
    );
    assert_eq!(rolled(&events)[0].total, 9); // SEC-4
    assert!(unlocked(&events));
}

#[test]
fn mex_9_sec_4_dark_light_takes_two() {
    let (_, events) = mex_9_pick(vec![kit("Tool Kit", Ability::ToolKit(1))], Light::Dark);
    assert_eq!(rolled(&events)[0].total, 6); // SEC-4: Dark −2
    assert!(!unlocked(&events));
}

#[test]
fn mex_9_sec_3_tech_0_cannot_pick_and_a_rival_in_red_refuses_it() {
    let setup = site(
        Some(LockGrade::External),
        Light::Normal,
        true,
        tech("Brute", 0, Vec::new()),
        AT_DOOR,
    );
    let g = start_active(setup, &[], m(0));
    assert_eq!(refusal(g.check(&pick(1))), Rule::Sec3); // SEC-3
    let mut setup = site(
        Some(LockGrade::External),
        Light::Normal,
        true,
        tech("Cracker", 2, Vec::new()),
        AT_DOOR,
    );
    setup.models[1].position = [9.0, 0.0, 12.0];
    let g = start_active(setup, &[], m(0));
    // KW-13: Pick the Lock is Complex, and a rival stands within RED.
    assert_eq!(refusal(g.check(&pick(1))), Rule::Tok13);
}

#[test]
fn sec_3_a_gonk_never_takes_a_tech_test() {
    let goon = ModelProfile {
        skills: Skills {
            tech: 2,
            ..Skills::default()
        },
        ..gonk("Goon")
    };
    let setup = site(
        Some(LockGrade::Internal),
        Light::Normal,
        true,
        goon,
        AT_DOOR,
    );
    let mut g = start(setup);
    ok(&mut g, Command::Inspire { seat: P0 });
    let cmd = act(m(0), PICK_THE_LOCK, None, DOOR);
    assert_eq!(refusal(g.check(&cmd)), Rule::Sec3);
}

/// Where MEX-10's 7" move from Q's start would end, through the doorway.
const PAST_DOOR: [f32; 3] = [15.75, 0.0, 12.0];

/// MEX-10: the door locked Reinforced; rival Q (Melee 2) 2.5" short of the wall, facing it.
fn mex_10(faces: &[u8]) -> Game {
    let setup = site(
        Some(LockGrade::Reinforced),
        Light::Normal,
        true,
        tech("Q", 0, Vec::new()),
        [8.75, 0.0, 12.0],
    );
    let mut setup = setup;
    std::sync::Arc::make_mut(&mut setup.models[0].profile).tokens =
        vec![Colour::Green, Colour::Yellow];
    start_active(setup, faces, m(0))
}

#[test]
fn mex_10_sec_7_a_hidden_lock_stops_the_move_and_is_revealed() {
    let mut g = mex_10(&[]);
    assert_eq!(g.lock_known_to(P0, 0, 0), LockKnowledge::Unknown);
    let through = move_to(m(0), 1, PAST_DOOR);
    let events = ok(&mut g, through);
    assert!(events.contains(&Event::Sec(SecEvent::StoppedAtLock {
        model: m(0),
        piece: 0,
        opening: 0,
    })));
    assert!(events.contains(&Event::Sec(SecEvent::LockRevealed {
        piece: 0,
        opening: 0,
        grade: LockGrade::Reinforced,
    })));
    let x = g.position(m(0))[0];
    assert!(x < 12.0, "SEC-7: stopped on its own side, at x {x}");
    let reach = g
        .battlespace()
        .distance_to_opening_span(
            &redline_battlespace::ModelBase::new(0, 0, g.position(m(0))),
            redline_battlespace::SceneryId(0),
            0,
        )
        .expect("beside the door");
    assert!(reach <= 1.0, "SEC-7: within reach of the door ({reach})");
    assert_eq!(
        g.lock_known_to(P0, 0, 0),
        LockKnowledge::Locked(LockGrade::Reinforced)
    );
}

#[test]
fn mex_10_sec_8_forcing_the_door_opens_it_for_good() {
    // GREEN 8 + Melee 2 = 10 against Obstacle 6 + Hardness 3 = 9.
    let mut g = mex_10(&[8, 6]);
    ok(&mut g, move_to(m(0), 1, PAST_DOOR));
    let events = ok(&mut g, act(m(0), FORCE_THE_DOOR, Some(0), DOOR));
    let dice = rolled(&events);
    assert_eq!((dice[0].total, dice[1].total), (10, 9));
    assert!(unlocked(&events), "SEC-8");
    assert_eq!(g.lock_in_force(0, 0), None);
}

#[test]
fn sec_6_a_revealed_lock_is_part_of_its_wall_for_rivals() {
    let mut g = mex_10(&[]);
    ok(&mut g, move_to(m(0), 1, PAST_DOOR));
    let again = move_to(m(0), 0, [13.5, 0.0, 12.0]);
    assert_eq!(refusal(g.check(&again)), Rule::Sec6);
}

#[test]
fn sec_6_the_defenders_models_pass_their_own_lock_freely() {
    let mut setup = site(
        Some(LockGrade::Security),
        Light::Normal,
        true,
        tech("Q", 0, Vec::new()),
        [2.0, 0.0, 2.0],
    );
    setup.models[1].position = [13.5, 0.0, 12.0];
    setup.first_control = P1;
    let mut g = start_active(setup, &[], m(1));
    let events = ok(&mut g, move_to(m(1), 1, [9.0, 0.0, 12.0]));
    assert_eq!(g.position(m(1)), [9.0, 0.0, 12.0]); // SEC-6
    assert!(!events.iter().any(|e| matches!(e, Event::Sec(_))));
    assert_eq!(g.lock_known_to(P0, 0, 0), LockKnowledge::Unknown);
    // SEC-6: the lock actions are not for the defender's side.
    let pick = act(m(1), PICK_THE_LOCK, Some(0), DOOR);
    assert_eq!(refusal(g.check(&pick)), Rule::Sec6);
}

#[test]
fn sec_6_mopen_8_locks_never_change_paths_of_attack() {
    // A rival stands inside, in line with the doorway; the shot through it is the same
    // whether the door is locked or not.
    let shot = |grade| {
        let mut setup = site(
            grade,
            Light::Normal,
            true,
            tech("Q", 0, Vec::new()),
            [8.0, 0.0, 12.0],
        );
        setup.models[1].position = [16.0, 0.0, 12.0];
        let g = start_active(setup, &[], m(0));
        g.check(&ranged_attack(m(0), 0, m(1)))
    };
    assert_eq!(shot(Some(LockGrade::Security)), shot(None));
    assert!(shot(Some(LockGrade::Security)).is_ok());
}

#[test]
fn mopen_8_a_rivals_legal_answers_never_read_a_hidden_lock() {
    let answers = |grade| {
        let setup = site(
            grade,
            Light::Normal,
            true,
            tech("Cracker", 2, Vec::new()),
            AT_DOOR,
        );
        start_active(setup, &[], m(0)).legal_commands()
    };
    let locked = answers(Some(LockGrade::Security));
    assert_eq!(locked, answers(None));
    // Both offer Try It and the lock actions on the door, locked or not.
    for action in [TRY_IT, PICK_THE_LOCK, SHOOT_THE_LOCK, FORCE_THE_DOOR] {
        assert!(
            locked
                .iter()
                .any(|c| matches!(c, Command::Act(a) if a.action == action && a.target == DOOR)),
            "action {action:#x} offered"
        );
    }
}

#[test]
fn sec_7_try_it_is_free_and_reveals_the_lock_or_its_absence() {
    let setup = site(
        Some(LockGrade::Internal),
        Light::Normal,
        true,
        tech("Q", 0, Vec::new()),
        AT_DOOR,
    );
    let mut g = start_active(setup, &[], m(0));
    let events = ok(&mut g, act(m(0), TRY_IT, Some(0), DOOR));
    assert!(events.contains(&Event::Sec(SecEvent::LockRevealed {
        piece: 0,
        opening: 0,
        grade: LockGrade::Internal,
    })));
    // TOK-10: a free action: the token is still Ready.
    assert!(g.tokens(m(0))[0].ready);
    assert_eq!(
        refusal(g.check(&act(m(0), TRY_IT, Some(0), DOOR))),
        Rule::Sec7
    );

    let setup = site(None, Light::Normal, true, tech("Q", 0, Vec::new()), AT_DOOR);
    let mut g = start_active(setup, &[], m(0));
    let events = ok(&mut g, act(m(0), TRY_IT, Some(0), DOOR));
    assert!(events.contains(&Event::Sec(SecEvent::FoundOpen {
        piece: 0,
        opening: 0,
    })));
    assert_eq!(g.lock_known_to(P0, 0, 0), LockKnowledge::Open);
    // SEC-8: nothing to open now.
    assert_eq!(
        refusal(g.check(&act(m(0), FORCE_THE_DOOR, Some(0), DOOR))),
        Rule::Sec8
    );
}

#[test]
fn sec_8_lock_actions_are_taken_within_reach() {
    let setup = site(
        Some(LockGrade::Internal),
        Light::Normal,
        true,
        tech("Q", 2, Vec::new()),
        [8.0, 0.0, 12.0],
    );
    let g = start_active(setup, &[], m(0));
    let shoot = act(m(0), SHOOT_THE_LOCK, Some(0), DOOR);
    assert_eq!(refusal(g.check(&shoot)), Rule::Sec8);
    assert_eq!(
        refusal(g.check(&act(m(0), TRY_IT, Some(0), DOOR))),
        Rule::Sec7
    );
}

#[test]
fn sec_8_lock_odds_follow_the_known_grade() {
    let setup = site(
        Some(LockGrade::External),
        Light::Normal,
        true,
        tech("Cracker", 2, vec![kit("Tool Kit", Ability::ToolKit(1))]),
        AT_DOOR,
    );
    let mut g = start_active(setup, &[], m(0));
    // SEC-7: the grade is hidden until found, so the odds are too.
    assert_eq!(refusal(g.lock_odds(&pick_the_lock(1))), Rule::Sec7);
    ok(&mut g, act(m(0), TRY_IT, Some(0), DOOR));
    let odds = g.lock_odds(&pick_the_lock(1)).expect("odds");
    // YELLOW d8 + 2 against the Obstacle die + 2, as a plain opposed roll.
    let plain = redline_rules::odds::OddsQuery::new(
        redline_rules::dice::Die::Action(Colour::Yellow),
        2,
        redline_rules::dice::Die::Obstacle,
        2,
    )
    .without_luck()
    .odds();
    assert_eq!(odds, plain);
}

#[test]
fn mod_2_with_sec_off_the_lock_is_ignored() {
    let setup = site(
        Some(LockGrade::Security),
        Light::Dark,
        false,
        tech("Q", 0, Vec::new()),
        [8.75, 0.0, 12.0],
    );
    let mut g = start_active(setup, &[], m(0));
    ok(&mut g, move_to(m(0), 1, PAST_DOOR));
    assert_eq!(g.position(m(0)), PAST_DOOR); // MOD-2
    assert!(
        g.legal_commands()
            .iter()
            .all(|c| !matches!(c, Command::Act(a) if a.target == DOOR))
    );
    assert!(!matches!(
        g.decision().map(|d| &d.kind),
        Some(DecisionKind::ChooseDefence { .. })
    ));
}

/// MEX-11's table: the defender's sentry (model 3) at (12, 4) facing South, an oil drum at
/// (12, 7); rivals R1 (model 0) at (5.5, 8) and R2 (model 1) 9" from the sentry in its arc;
/// the defender's guard (model 2) behind it.
fn mex_11_setup() -> Setup {
    let drum = scenery_box(
        0,
        "Oil Drum",
        SceneryKind::Obstacle,
        [12.0, 7.0],
        [0.8, 1.2, 0.8],
    );
    let rival = |name: &str| ModelProfile {
        tokens: vec![Colour::Green, Colour::Yellow],
        skills: Skills {
            reflexes: 1,
            ranged: 1,
            ..Skills::default()
        },
        ..character(name)
    };
    Setup {
        battlespace: table(vec![drum]),
        modules: [Module::Sec].into(),
        scenario: ScenarioRules {
            security: Some(SecurityRules {
                plan: SecurityPlan {
                    sentries: vec![SentryPlan {
                        model: 3,
                        facing_deg: 180.0,
                    }],
                    ..SecurityPlan::default()
                },
                ..SecurityRules::new(P1)
            }),
            ..ScenarioRules::default()
        },
        ..no_luck_with(vec![
            model(rival("R1"), 0, [5.5, 0.0, 8.0]),
            model(rival("R2"), 0, [12.0, 0.0, 14.2]),
            model(tech("Guard", 1, Vec::new()), 1, [2.0, 0.0, 2.0]),
            model(sentry_profile(false, false), 1, [12.0, 0.0, 4.0]),
        ])
    }
}

/// MEX-11 with R1 active.
fn mex_11(faces: &[u8]) -> Game {
    start_active(mex_11_setup(), faces, m(0))
}

const SENTRY: u16 = 3;

#[test]
fn mex_11_sec_12_the_sentry_shoots_the_nearest_rival_and_is_spent() {
    // The shot: YELLOW 6 + Ranged 1 = 7 against R1's GREEN 4 + 1 + 1 (drum) = 6. R1's
    // [RE]action: RED 5 + Ranged 1 = 6 against the sentry's Obstacle die 7.
    let mut g = mex_11(&[6, 4, 5, 7]);
    assert!(g.sentry_loaded(m(SENTRY))); // SEC-11: Loaded at the start
    let events = ok(&mut g, move_to(m(0), 1, [12.0, 0.0, 10.2]));
    assert!(events.contains(&Event::Sec(SecEvent::SentryFired {
        sentry: m(SENTRY),
        target: m(0),
    })));
    // SEC-12: both rivals are eligible; R1 (5") is nearer than R2 (9").
    assert_eq!(g.sentry_targets(m(SENTRY)), vec![m(0), m(1)]);
    assert!(!g.sentry_loaded(m(SENTRY)));
    let events = ok(&mut g, defend(Some(0)));
    let dice = rolled(&events);
    assert_eq!((dice[0].total, dice[1].total), (7, 6));
    assert_eq!(g.control(), P0, "SEC-12: the shot doesn't change Control");
    assert_eq!(g.tokens(m(0))[0].colour, Colour::Red); // hit: a Ready RED token
    assert!(g.tokens(m(0))[0].ready);
    // REACT-1: R1 [RE]acts on the sentry with that RED token and misses.
    assert!(matches!(
        g.decision().map(|d| &d.kind),
        Some(DecisionKind::OfferReaction { .. })
    ));
    let events = ok(
        &mut g,
        react(m(0), basic::RANGED, Some(0), Target::Model(m(SENTRY))),
    );
    let dice = rolled(&events);
    assert_eq!((dice[0].total, dice[1].total), (6, 7));
    assert!(g.in_play(m(SENTRY)));
    // The end of the [RE]action sets off nothing: the sentry is Spent.
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::Sec(SecEvent::SentryFired { .. })))
    );
}

/// Plays MEX-11 up to R2's activation, the sentry Spent.
fn mex_11_until_r2(g: &mut Game) {
    ok(g, move_to(m(0), 1, [12.0, 0.0, 10.2]));
    ok(g, defend(Some(0)));
    ok(g, Command::DeclineReaction);
    ok(g, Command::EndActivation);
    ok(g, Command::Activate { model: m(2) });
    ok(g, Command::EndActivation);
    ok(g, Command::Activate { model: m(1) });
}

#[test]
fn mex_11_sec_13_a_rival_ending_its_move_in_reach_takes_out_a_spent_sentry() {
    let mut g = mex_11(&[6, 4]);
    mex_11_until_r2(&mut g);
    assert!(!g.sentry_loaded(m(SENTRY)));
    let route = vec![[14.5, 0.0, 10.0], [13.3, 0.0, 5.2]];
    let events = ok(
        &mut g,
        act(m(1), basic::MOVE, Some(0), Target::Route(route)),
    );
    assert!(events.contains(&Event::Sec(SecEvent::SentryOverrun {
        sentry: m(SENTRY),
        by: m(1),
    })));
    assert!(!g.in_play(m(SENTRY))); // SEC-13
    // DRONE-7 (SEC-10): no Body token.
    assert!(g.bodies().is_empty());
}

#[test]
fn mopen_9_sec_13_a_loaded_sentry_shoots_the_overrunning_rival_first() {
    // R2 moves into reach while the sentry is Loaded and in its arc: the point-blank shot
    // (YELLOW 2 + 1 = 3 against R2's GREEN 9 + 1 = 10, a miss) comes before the overrun.
    let mut g = start_active(mex_11_setup(), &[2, 9], m(1));
    let route = vec![[14.5, 0.0, 10.0], [13.3, 0.0, 5.2]];
    let events = ok(
        &mut g,
        act(m(1), basic::MOVE, Some(0), Target::Route(route)),
    );
    assert!(events.contains(&Event::Sec(SecEvent::SentryFired {
        sentry: m(SENTRY),
        target: m(1),
    })));
    assert!(g.in_play(m(SENTRY)), "SEC-13 waits for SEC-12's shot");
    let events = ok(&mut g, defend(Some(0)));
    let dice = rolled(&events);
    assert_eq!((dice[0].total, dice[1].total), (3, 10));
    assert!(events.contains(&Event::Sec(SecEvent::SentryOverrun {
        sentry: m(SENTRY),
        by: m(1),
    })));
    assert!(!g.in_play(m(SENTRY)));
}

#[test]
fn sec_11_a_spent_sentry_reloads_at_its_owners_inspire() {
    let setup = Setup {
        first_control: P1,
        ..mex_11_setup()
    };
    let mut g = start_active(setup, &[6, 4], m(2));
    ok(&mut g, move_to(m(2), 0, [3.0, 0.0, 2.0]));
    ok(&mut g, Command::EndActivation);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, move_to(m(0), 1, [12.0, 0.0, 10.2]));
    ok(&mut g, defend(Some(0)));
    ok(&mut g, Command::DeclineReaction);
    ok(&mut g, Command::EndActivation);
    assert!(!g.sentry_loaded(m(SENTRY)));
    let events = ok(&mut g, Command::Inspire { seat: P1 });
    assert!(events.contains(&Event::Sec(SecEvent::SentryReloaded { sentry: m(SENTRY) })));
    assert!(g.sentry_loaded(m(SENTRY)));
}

#[test]
fn sec_10_a_sentry_counts_for_nothing_in_last_standing() {
    // The guard, on one RED token, is seat 1's only character; once R1 shoots it out, seat
    // 1 has nothing left but its sentry, and no longer plays.
    let mut setup = mex_11_setup();
    std::sync::Arc::make_mut(&mut setup.models[2].profile).tokens = vec![Colour::Red];
    let mut g = start_active(setup, &[12, 1], m(0));
    ok(&mut g, ranged_attack(m(0), 0, m(2)));
    assert!(!g.in_play(m(2)));
    assert!(g.in_play(m(SENTRY)));
    assert!(!g.team_still_playing(redline_rules::TeamId(1))); // SEC-10
    assert!(g.outcome().is_some());
}

#[test]
fn sec_12_a_rival_outside_the_arc_is_no_target() {
    let g = mex_11(&[]);
    // R1 at (5.5, 8) is outside the 90° arc facing South; R2 is inside it.
    assert_eq!(g.sentry_targets(m(SENTRY)), vec![m(1)]);
}

/// A fence across the table at x = 12 (8" long, along z), of `kind`; model 0 (seat 0)
/// at `at`, the defender's model 1 at `rival`.
fn fenced(kind: FenceKind, at: [f32; 3], rival: [f32; 3]) -> Setup {
    fenced_with(kind, tech("Runner", 0, Vec::new()), at, rival)
}

/// [`fenced`] with model 0 of this profile.
fn fenced_with(kind: FenceKind, runner: ModelProfile, at: [f32; 3], rival: [f32; 3]) -> Setup {
    let fence = scenery_box(
        0,
        "Fence",
        SceneryKind::Obstacle,
        [12.0, 12.0],
        [0.3, 1.5, 8.0],
    );
    Setup {
        battlespace: table(vec![fence]),
        modules: [Module::Sec].into(),
        scenario: ScenarioRules {
            security: Some(SecurityRules {
                plan: SecurityPlan {
                    fences: vec![FencePlan { piece: 0, kind }],
                    ..SecurityPlan::default()
                },
                ..SecurityRules::new(P1)
            }),
            ..ScenarioRules::default()
        },
        ..no_luck_with(vec![
            model(runner, 0, at),
            model(tech("Guard", 1, Vec::new()), 1, rival),
        ])
    }
}

const FAR_OFF: [f32; 3] = [22.0, 0.0, 22.0];

#[test]
fn sec_14_crossing_a_fence_ends_the_move_just_past_it() {
    // The MOVE-8 roll: YELLOW 6 + Reflexes 1 against the Obstacle die's 3.
    let mut g = start_active(
        fenced(FenceKind::ChainLink, [9.0, 0.0, 12.0], FAR_OFF),
        &[6, 3],
        m(0),
    );
    ok(&mut g, move_to(m(0), 1, [16.0, 0.0, 12.0]));
    let x = g.position(m(0))[0];
    assert!(
        x > 12.15 && x < 13.0,
        "SEC-14: within reach of the far side, at x {x}"
    );
    assert!(!g.is_snared(m(0)));
}

#[test]
fn sec_14_sec_15_a_fumble_on_razor_wire_snares_until_freed() {
    // The crossing roll fumbles (1); Free Yourself: YELLOW 6 + Reflexes 1 against 2.
    let mut g = start_active(
        fenced(FenceKind::RazorWire, [9.0, 0.0, 12.0], FAR_OFF),
        &[1, 3, 6, 2],
        m(0),
    );
    let events = ok(&mut g, move_to(m(0), 1, [16.0, 0.0, 12.0]));
    assert!(events.contains(&Event::Sec(SecEvent::Snared { model: m(0) })));
    assert!(g.position(m(0))[0] < 12.0, "stopped on its own side");
    assert!(g.is_snared(m(0)));
    // SEC-15: nothing but Free Yourself.
    assert_eq!(
        refusal(g.check(&move_to(m(0), 0, [8.0, 0.0, 12.0]))),
        Rule::Sec15
    );
    let free = act(m(0), FREE_YOURSELF, Some(0), Target::None);
    let events = ok(&mut g, free);
    let dice = rolled(&events);
    assert_eq!((dice[0].total, dice[1].total), (7, 2)); // YELLOW 6 + Reflexes 1
    assert!(events.contains(&Event::Sec(SecEvent::Freed { model: m(0) })));
    assert!(!g.is_snared(m(0)));
}

#[test]
fn sec_15_only_a_snared_model_frees_itself() {
    let g = start_active(
        fenced(FenceKind::RazorWire, [9.0, 0.0, 12.0], FAR_OFF),
        &[],
        m(0),
    );
    let free = act(m(0), FREE_YOURSELF, Some(0), Target::None);
    assert_eq!(refusal(g.check(&free)), Rule::Sec15);
}

#[test]
fn sec_14_razor_wire_adds_nothing_to_a_path_of_attack_chain_link_does() {
    // A shot across the fence: RED 5 + Ranged 2 against the guard's GREEN 4 + Reflexes 1,
    // +1 for chain-link only.
    let defence = |kind| {
        let mut g = start_active(
            fenced(kind, [9.0, 0.0, 12.0], [15.0, 0.0, 12.0]),
            &[5, 4],
            m(0),
        );
        ok(&mut g, ranged_attack(m(0), 2, m(1)));
        let events = ok(&mut g, defend(Some(0)));
        rolled(&events)[1].total
    };
    assert_eq!(defence(FenceKind::ChainLink), 6); // POA-5
    assert_eq!(defence(FenceKind::RazorWire), 5); // SEC-14
}

/// The setup error a setup starts with, if it is a security one.
fn security_refusal(setup: Setup) -> Rule {
    match Game::new(setup, 1) {
        Err(redline_rules::SetupError::Security { rule, .. }) => rule,
        Err(other) => panic!("expected a security refusal, got {other}"),
        Ok(_) => panic!("expected a security refusal, the setup was accepted"),
    }
}

#[test]
fn sec_1_security_needs_a_defender_with_a_tech_character() {
    let mut setup = site(
        Some(LockGrade::Internal),
        Light::Normal,
        true,
        tech("Q", 0, Vec::new()),
        AT_DOOR,
    );
    std::sync::Arc::make_mut(&mut setup.models[1].profile)
        .skills
        .tech = 0;
    assert_eq!(security_refusal(setup), Rule::Sec1);
}

#[test]
fn sec_2_a_lock_goes_on_a_door_or_window() {
    let mut setup = site(
        Some(LockGrade::Internal),
        Light::Normal,
        true,
        tech("Q", 0, Vec::new()),
        AT_DOOR,
    );
    if let Some(sec) = setup.scenario.security.as_mut() {
        sec.plan.locks[0].opening = 3;
    }
    assert_eq!(security_refusal(setup), Rule::Sec2);
}

#[test]
fn sec_9_no_more_sentries_than_tech_characters() {
    let mut setup = mex_11_setup();
    setup
        .models
        .push(model(sentry_profile(true, true), 1, [4.0, 0.0, 4.0]));
    if let Some(sec) = setup.scenario.security.as_mut() {
        sec.plan.sentries.push(SentryPlan {
            model: 4,
            facing_deg: 90.0,
        });
    }
    // One Tech character (the guard): one sentry at most.
    assert_eq!(security_refusal(setup), Rule::Sec9);
}

#[test]
fn sec_2_sentries_stand_wholly_in_the_defenders_half() {
    let zone = |edge| redline_rules::scenario::SeatZone {
        seat: P1,
        zone: redline_rules::scenario::DeploymentZone::Edge {
            edge,
            distance: 3.0,
        },
    };
    let mut setup = mex_11_setup();
    setup.scenario.deployment = vec![zone(redline_rules::scenario::Edge::South)];
    // The sentry at z = 4 stands in the North half of the 24" table.
    assert_eq!(security_refusal(setup), Rule::Sec2);
    let mut setup = mex_11_setup();
    setup.scenario.deployment = vec![zone(redline_rules::scenario::Edge::North)];
    assert!(Game::new(setup, 1).is_ok());
}

/// A runner with Wire Cutters (SEC-16).
fn cutter() -> ModelProfile {
    tech("Cutter", 0, vec![kit("Wire Cutters", Ability::WireCutters)])
}

/// Within reach of the fence, on its west side, level with its middle (z = 12).
const AT_FENCE: [f32; 3] = [11.0, 0.0, 12.0];

/// The fence's only section (a box fence is one section, TERR-4).
const FENCE: Target = Target::Scenery {
    part: 0,
    section: 0,
};

fn any_roll(events: &[Event]) -> bool {
    events.iter().any(|e| matches!(e, Event::Rolled { .. }))
}

fn cut(token: u8) -> Command {
    act(m(0), CUT_FENCE, Some(token), FENCE)
}

#[test]
fn sec_16_a_cut_opens_a_gap_a_move_through_it_needs_no_roll() {
    let setup = fenced_with(FenceKind::ChainLink, cutter(), AT_FENCE, FAR_OFF);
    let mut g = start_active(setup, &[], m(0));
    let before = g.state_hash();
    let events = ok(&mut g, cut(0));
    // Centred on the fence's point nearest the cutter: 4" along it (z = 12), 1.5" wide.
    assert!(events.contains(&Event::Sec(SecEvent::FenceCut {
        model: m(0),
        piece: 0,
        from: 3.25,
        to: 4.75,
    })));
    assert!(!any_roll(&events), "SEC-16: Easy, no roll");
    assert_ne!(g.state_hash(), before, "MOD-3: the gap is game state");
    // MOVE-13: through the gap, free passage: no crossing roll, and the move goes on past
    // where a crossing would have ended it (SEC-14).
    let events = ok(&mut g, move_to(m(0), 1, [16.0, 0.0, 12.0]));
    assert!(!any_roll(&events), "SEC-16: no roll through the gap");
    let at = g.position(m(0));
    assert!(
        (at[0] - 16.0).abs() < 1e-3 && (at[2] - 12.0).abs() < 1e-3,
        "{at:?}"
    );
}

#[test]
fn sec_16_a_move_beside_the_gap_still_crosses_the_fence() {
    // Cut at z = 12; a move at z = 9 meets the fence (SEC-14): the roll, YELLOW 6 +
    // Reflexes 1 against 3, and the stop just past it.
    let setup = fenced_with(FenceKind::ChainLink, cutter(), AT_FENCE, FAR_OFF);
    let mut g = start_active(setup, &[6, 3], m(0));
    ok(&mut g, cut(0));
    ok(&mut g, move_to(m(0), 1, [11.0, 0.0, 9.0]));
    let events = ok(&mut g, move_to(m(0), 2, [13.5, 0.0, 9.0]));
    assert_eq!(rolled(&events).len(), 2, "SEC-14: the crossing roll");
    assert!(g.position(m(0))[0] < 13.0);
}

#[test]
fn sec_16_the_gap_is_in_the_clone_and_the_replay() {
    let setup = fenced_with(FenceKind::RazorWire, cutter(), AT_FENCE, FAR_OFF);
    let mut g = start(setup);
    let mut replay = redline_rules::Replay::start(&g, "a cut");
    for cmd in [
        Command::Activate { model: m(0) },
        cut(0),
        move_to(m(0), 1, [16.0, 0.0, 12.0]),
    ] {
        ok(&mut g, cmd.clone());
        replay.record(cmd, &g);
    }
    let copy = g.clone();
    assert_eq!(copy.state_hash(), g.state_hash());
    let text = replay.to_ron().expect("replay");
    let back = redline_rules::Replay::from_ron(&text).expect("replay back");
    let again = back
        .verify()
        .expect("MOD-3: the replay plays to the same hashes");
    assert_eq!(again.state_hash(), g.state_hash());
    assert_eq!(again.position(m(0)), g.position(m(0)));
}

#[test]
fn sec_16_a_wide_base_cuts_a_wider_gap() {
    let mut big = cutter();
    big.base_mm = 50.0;
    let g = start(fenced_with(FenceKind::ChainLink, big, AT_FENCE, FAR_OFF));
    let diameter = 50.0 / 25.4;
    assert!((g.cut_width(m(0)) - (diameter + 0.25)).abs() < 1e-3); // SEC-16
    let g = start(fenced_with(
        FenceKind::ChainLink,
        cutter(),
        AT_FENCE,
        FAR_OFF,
    ));
    assert_eq!(g.cut_width(m(0)), redline_rules::CUT_WIDTH); // SEC-16
}

#[test]
fn sec_16_cutting_takes_wire_cutters() {
    let g = start_active(fenced(FenceKind::ChainLink, AT_FENCE, FAR_OFF), &[], m(0));
    assert_eq!(refusal(g.check(&cut(0))), Rule::Sec16);
    assert!(!g.legal_commands().contains(&cut(0)));
}

#[test]
fn sec_16_the_fence_must_be_within_reach() {
    let setup = fenced_with(FenceKind::ChainLink, cutter(), [9.0, 0.0, 12.0], FAR_OFF);
    let g = start_active(setup, &[], m(0));
    assert_eq!(refusal(g.check(&cut(0))), Rule::Sec16);
}

#[test]
fn sec_16_only_a_fence_is_cut() {
    let mut setup = fenced_with(FenceKind::ChainLink, cutter(), AT_FENCE, FAR_OFF);
    if let Some(sec) = setup.scenario.security.as_mut() {
        sec.plan.fences.clear(); // the same obstacle, no longer a fence
    }
    let g = start_active(setup, &[], m(0));
    assert_eq!(refusal(g.check(&cut(0))), Rule::Sec16);
    let aimed_at_a_model = act(m(0), CUT_FENCE, Some(0), Target::Model(m(1)));
    assert_eq!(refusal(g.check(&aimed_at_a_model)), Rule::Sec16);
}

#[test]
fn sec_16_the_cut_is_offered_and_certain() {
    let setup = fenced_with(FenceKind::ChainLink, cutter(), AT_FENCE, FAR_OFF);
    let g = start_active(setup, &[], m(0));
    assert!(g.legal_commands().contains(&cut(0))); // SEC-16
    let Command::Act(cmd) = cut(0) else {
        unreachable!()
    };
    assert_eq!(g.cut_odds(&cmd).expect("odds").success, 1.0); // SEC-16: Easy
}

#[test]
fn sec_16_cut_is_complex() {
    // KW-13: a rival within RED forbids it.
    let setup = fenced_with(FenceKind::ChainLink, cutter(), AT_FENCE, [13.0, 0.0, 12.0]);
    let g = start_active(setup, &[], m(0));
    assert_eq!(refusal(g.check(&cut(0))), Rule::Tok13); // SEC-16: Complex
}

#[test]
fn sec_16_mod_2_no_cut_with_sec_off() {
    let mut setup = fenced_with(FenceKind::ChainLink, cutter(), AT_FENCE, FAR_OFF);
    setup.modules = Default::default();
    let g = start_active(setup, &[], m(0));
    assert_eq!(refusal(g.check(&cut(0))), Rule::Tok12);
}

/// The index of the first action on a character's card.
const MAUL: u16 = basic::COUNT;

/// A character with Melee 2 and a Breaching Maul: Melee, within reach, Breach 1.
fn breaker() -> ModelProfile {
    let mut maul = attack_action(
        "Breaching Maul",
        redline_rules::card::Skill::Melee,
        redline_rules::card::RangeSpec {
            reach_only: true,
            ..RED_YELLOW
        },
    );
    maul.keywords = vec![redline_rules::card::Keyword::Breach(1)];
    ModelProfile {
        actions: vec![maul],
        ..tech("Breaker", 0, Vec::new())
    }
}

/// The door locked at External (Hardness 2), the breaker within reach, SEC and TERR on.
fn locked_door_and_breaker() -> Setup {
    let mut setup = site(
        Some(LockGrade::External),
        Light::Normal,
        true,
        breaker(),
        AT_DOOR,
    );
    setup.modules = [Module::Sec, Module::Terr].into();
    setup
}

fn breach_door(token: u8) -> Command {
    act(m(0), MAUL, Some(token), DOOR)
}

#[test]
fn sec_8_terr_2_a_breach_breaks_a_locked_door() {
    // GREEN 5 + Melee 2 + 2 (Large Target) = 9 against the Obstacle die's 3 + the lock's
    // Hardness 2 = 5.
    let mut g = start_active(locked_door_and_breaker(), &[5, 3], m(0));
    let events = ok(&mut g, breach_door(0));
    assert!(events.contains(&Event::Sec(SecEvent::LockRevealed {
        piece: 0,
        opening: 0,
        grade: LockGrade::External,
    }))); // SEC-7: a Breach attempt reveals the lock
    let dice = rolled(&events);
    assert_eq!((dice[0].total, dice[1].total), (9, 5)); // TERR-2, TERR-3: the lock's Hardness
    assert!(events.contains(&Event::Sec(SecEvent::DoorBroken {
        piece: 0,
        opening: 0,
        by: m(0),
    })));
    assert!(g.door_broken(0, 0)); // SEC-8: only a plain opening is left
    assert_eq!(g.lock_in_force(0, 0), None);
    assert_eq!(g.lock_known_to(P0, 0, 0), LockKnowledge::Open);
    // The way through is open: a move through the doorway goes all the way.
    ok(&mut g, move_to(m(0), 1, [14.0, 0.0, 12.0]));
    assert!(g.position(m(0))[0] > 13.5, "SEC-8: through the broken door");
}

#[test]
fn sec_8_a_failed_breach_leaves_the_lock_revealed_and_locked() {
    // GREEN 2 + 4 = 6 against 6 + 2 = 8.
    let mut g = start_active(locked_door_and_breaker(), &[2, 6], m(0));
    let events = ok(&mut g, breach_door(0));
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::Sec(SecEvent::DoorBroken { .. })))
    );
    assert_eq!(g.lock_in_force(0, 0), Some(LockGrade::External)); // SEC-8
    assert_eq!(
        g.lock_known_to(P0, 0, 0),
        LockKnowledge::Locked(LockGrade::External)
    ); // SEC-7
    // Now that the grade is known, the odds: YELLOW + Melee 2 + 2 against Obstacle + 2.
    let Command::Act(cmd) = breach_door(1) else {
        unreachable!()
    };
    let odds = g.lock_odds(&cmd).expect("odds once the lock is known");
    let expected = redline_rules::odds::OddsQuery::new(
        redline_rules::dice::Die::Action(Colour::Yellow),
        4,
        redline_rules::dice::Die::Obstacle,
        2,
    )
    .without_luck()
    .odds();
    assert_eq!(odds.success, expected.success); // SEC-8, TERR-2
}

#[test]
fn sec_8_mod_2_a_breach_opens_a_lock_only_with_terr_on() {
    let mut setup = locked_door_and_breaker();
    setup.modules = [Module::Sec].into();
    let g = start_active(setup, &[], m(0));
    assert_eq!(refusal(g.check(&breach_door(0))), Rule::Mod2);
}

#[test]
fn sec_8_a_breach_aims_at_a_door_only_with_security_in_play() {
    // MOD-2: SEC off, the Breach has no lock to aim at.
    let mut setup = locked_door_and_breaker();
    setup.modules = [Module::Terr].into();
    let g = start_active(setup, &[], m(0));
    assert_eq!(refusal(g.check(&breach_door(0))), Rule::Act16);
}

/// The fence of [`fenced`] made a fence by its pack data (the part's `fence`), with nothing
/// in the defender's plan.
fn pack_fence(kind: redline_battlespace::FenceKind, at: [f32; 3], rival: [f32; 3]) -> Setup {
    let mut setup = fenced(FenceKind::ChainLink, at, rival);
    if let Some(sec) = setup.scenario.security.as_mut() {
        sec.plan.fences.clear();
    }
    let mut pieces = setup.battlespace.pieces().to_vec();
    pieces[0].fence = Some(kind);
    setup.battlespace = table(pieces);
    setup
}

#[test]
fn sec_14_a_part_the_pack_made_a_fence_is_one_as_if_placed() {
    use redline_battlespace::FenceKind as Pack;
    let g = start(pack_fence(Pack::RazorWire, [9.0, 0.0, 12.0], FAR_OFF));
    assert_eq!(g.fence_kind(0), Some(FenceKind::RazorWire));
    assert_eq!(g.fences().len(), 1);
    // The crossing of sec_14_crossing_a_fence_ends_the_move_just_past_it, from the pack.
    let mut g = start_active(
        pack_fence(Pack::ChainLink, [9.0, 0.0, 12.0], FAR_OFF),
        &[6, 3],
        m(0),
    );
    ok(&mut g, move_to(m(0), 1, [16.0, 0.0, 12.0]));
    let x = g.position(m(0))[0];
    assert!(
        x > 12.15 && x < 13.0,
        "SEC-14: just past the fence, at x {x}"
    );
    // MOD-2: with SEC off the pack's fence is only the obstacle it always was.
    let mut setup = pack_fence(Pack::ChainLink, [9.0, 0.0, 12.0], FAR_OFF);
    setup.modules = Default::default();
    assert_eq!(start(setup).fence_kind(0), None);
}

#[test]
fn sec_14_terr_8_a_soft_fence_section_leaves_nothing() {
    // The data a pack's fence gets with SEC and TERR on: Soft, Hardness 0, Structure 1,
    // no rubble. An Easy Breach 1 charge planted within reach brings the section down.
    let mut setup = pack_fence(redline_battlespace::FenceKind::ChainLink, AT_FENCE, FAR_OFF);
    let mut pieces = setup.battlespace.pieces().to_vec();
    pieces[0].damage = Some(redline_battlespace::Damageable {
        hardness: 0,
        structure: Some(1),
        section_len: 4.0,
        rubble: false,
        soft: true,
    });
    setup.battlespace = table(pieces);
    setup.modules = [Module::Sec, Module::Terr].into();
    let charge = redline_rules::card::ActionDef {
        keywords: vec![redline_rules::card::Keyword::Breach(1)],
        ..redline_rules::card::ActionDef::plain(
            "charge",
            "Charge",
            None,
            Some(redline_rules::card::RangeSpec::REACH),
            redline_rules::card::TargetKind::Object,
        )
    };
    std::sync::Arc::make_mut(&mut setup.models[0].profile).actions = vec![charge];
    let mut g = start_active(setup, &[], m(0));
    let events = ok(&mut g, act(m(0), MAUL, Some(0), FENCE));
    assert!(events.contains(&Event::SceneryDestroyed {
        part: 0,
        section: 0,
        rubble: None,
    })); // SEC-14, TERR-8
}

//! NET: programs launched without a token on their quality die, Loaded and Running sides,
//! reloads, Hacked tokens, Vulnerable, combat netrunning, memory leaks, EX-25.

mod common;

use common::*;
use redline_rules::Rule;
use redline_rules::card::{
    ActionDef, Band, Colour, Effect, Keyword, ModelKeyword, ModelProfile, RangeSpec, Skill, Skills,
    TargetKind,
};
use redline_rules::cards::{CardId, CardStatus, FIRST_CARD_ACTION};
use redline_rules::dice::Die;
use redline_rules::program::{ProgramDef, Reload, RunningEffect, Who};
use redline_rules::{Command, DecisionKind, Event, Game, Target, basic};

fn loaded(name: &str, target: TargetKind, effects: Vec<Effect>) -> ActionDef {
    ActionDef {
        id: "launch".into(),
        name: name.into(),
        skill: Some(Skill::Tech),
        range: match target {
            TargetKind::SelfOnly => None,
            _ => Some(RangeSpec {
                red: true,
                yellow: true,
                green: true,
                long: false,
                reach_only: false,
            }),
        },
        target,
        attack: false,
        keywords: Vec::new(),
        effects,
        command: false,
        characters_only: false,
        works_on_drones: false,
    }
}

fn program(
    name: &str,
    quality: Colour,
    loaded: ActionDef,
    running: Vec<RunningEffect>,
) -> ProgramDef {
    ProgramDef {
        id: name.to_lowercase(),
        name: name.into(),
        quality,
        loaded,
        running,
        reload: Reload::AtInspire,
        drone: None,
    }
}

/// A hacking program: GREEN, hack a rival, draw Loot when it fails a roll (EX-25).
fn snoop() -> ProgramDef {
    program(
        "Snoop",
        Colour::Green,
        loaded("Slip In", TargetKind::Rival, vec![Effect::Hack]),
        vec![RunningEffect::LootWhenTargetFails],
    )
}

/// A RED program: friendly models within YELLOW may move RED for free.
fn tailwind() -> ProgramDef {
    program(
        "Tailwind",
        Colour::Red,
        loaded("Open Lanes", TargetKind::SelfOnly, Vec::new()),
        vec![RunningEffect::FreeMove {
            who: Who::FriendlyWithin(Band::Yellow),
            colour: Colour::Red,
        }],
    )
}

fn netrunner(programs: Vec<ProgramDef>) -> ModelProfile {
    ModelProfile {
        keywords: vec![ModelKeyword::Netrunner],
        tokens: vec![Colour::Yellow, Colour::Yellow],
        skills: Skills {
            tech: 2,
            reflexes: 1,
            ..Skills::default()
        },
        programs,
        ..character("Runner")
    }
}

/// Netrunner (0) and a friend (1) for seat 0; a rival (2) with Tech 1 for seat 1, 10"
/// away; a rival Gonk (3).
fn net_game(programs: Vec<ProgramDef>, faces: &[u8]) -> Game {
    let rival = ModelProfile {
        skills: Skills {
            tech: 1,
            ..Skills::default()
        },
        ..character("Mark")
    };
    let setup = no_luck_with(vec![
        model(netrunner(programs), 0, [8.0, 0.0, 7.0]),
        model(character("Friend"), 0, [11.0, 0.0, 7.0]),
        model(rival, 1, [8.0, 0.0, 17.0]),
        model(gonk("Goon"), 1, [14.0, 0.0, 17.0]),
    ]);
    start_active(setup, faces, m(0))
}

/// Model 0's programs are the first cards of the game, one Loaded action each.
fn launch(card: u16, target: Target) -> Command {
    act(m(0), FIRST_CARD_ACTION + card, None, target)
}

#[test]
fn net_1_net_4_net_5_a_launch_spends_no_token_and_rolls_the_quality_die_with_tech() {
    let mut g = net_game(vec![snoop()], &[9, 3]);
    ok(&mut g, launch(0, Target::Model(m(2))));
    let ev = ok(&mut g, defend(Some(0)));
    let dice = rolled(&ev);
    assert_eq!(
        (dice[0].die, dice[0].modifier),
        (Die::Action(Colour::Green), 2)
    );
    // NET-9: the rival opposes with Tech.
    assert_eq!(dice[1].modifier, 1);
    assert!(!ev.iter().any(|e| matches!(e, Event::TokenFlipped { .. })));
    assert!(g.tokens(m(0)).iter().all(|t| t.ready));
    assert!(ev.contains(&Event::ProgramRunning {
        model: m(0),
        card: CardId(0),
        target: Some(m(2))
    }));
    // NET-14: Hack target rival.
    assert!(ev.contains(&Event::Hacked { model: m(2) }));
    assert_eq!(g.hacked(m(2)), 1);
    assert_eq!(g.card(CardId(0)).status, CardStatus::Running);
}

#[test]
fn net_5_a_launch_with_a_token_is_refused() {
    let g = net_game(vec![snoop()], &[]);
    let a = g.card_action(CardId(0), 0);
    let err = g
        .check(&act(m(0), a, Some(0), Target::Model(m(2))))
        .unwrap_err();
    assert_eq!(err.rule, Rule::Net5);
}

#[test]
fn net_2_only_the_netrunner_holding_a_program_runs_it() {
    let mut g = net_game(vec![snoop()], &[]);
    ok(&mut g, Command::EndActivation);
    ok(&mut g, Command::Activate { model: m(2) });
    let a = g.card_action(CardId(0), 0);
    let err = g
        .check(&act(m(2), a, None, Target::Model(m(0))))
        .unwrap_err();
    assert_eq!(err.rule, Rule::Tok12);
}

#[test]
fn net_6_a_failed_launch_cant_be_tried_again_this_activation() {
    let mut g = net_game(vec![snoop()], &[2, 8]);
    ok(&mut g, launch(0, Target::Model(m(2))));
    let ev = ok(&mut g, defend(Some(0)));
    assert!(ev.contains(&Event::LaunchFailed {
        model: m(0),
        card: CardId(0)
    }));
    let err = g.check(&launch(0, Target::Model(m(2)))).unwrap_err();
    assert_eq!(err.rule, Rule::Net6);
    // A new activation may try again.
    ok(&mut g, Command::EndActivation);
    ok(&mut g, Command::Activate { model: m(2) });
    ok(&mut g, Command::EndActivation);
    ok(&mut g, Command::Activate { model: m(0) });
    assert!(g.check(&launch(0, Target::Model(m(2)))).is_ok());
}

#[test]
fn net_8_net_10_a_running_program_cant_launch_until_it_reloads_at_inspire() {
    let mut g = net_game(vec![snoop()], &[9, 3]);
    ok(&mut g, launch(0, Target::Model(m(2))));
    ok(&mut g, defend(Some(0)));
    let err = g.check(&launch(0, Target::Model(m(3)))).unwrap_err();
    assert_eq!(err.rule, Rule::Net10);
    ok(&mut g, move_to(m(0), 0, [8.0, 0.0, 6.0]));
    ok(&mut g, Command::EndActivation);
    ok(&mut g, Command::Activate { model: m(2) });
    ok(&mut g, Command::EndActivation);
    // CTRL-12: the inspiring team's programs that reload at Inspire turn back to Loaded.
    let ev = ok(&mut g, Command::Inspire { seat: P0 });
    assert!(ev.contains(&Event::ProgramReloaded {
        model: m(0),
        card: CardId(0)
    }));
    assert_eq!(g.card(CardId(0)).status, CardStatus::Ready);
}

#[test]
fn net_7_react_12_programs_are_never_used_as_reactions() {
    // The netrunner (model 0) is shot and may [RE]act; its program is refused.
    let mut g = net_game(vec![snoop()], &[]);
    ok(&mut g, Command::EndActivation);
    g.load_dice(&[9, 2]);
    ok(&mut g, Command::Activate { model: m(2) });
    ok(&mut g, ranged_attack(m(2), 0, m(0)));
    assert!(matches!(
        g.decision().unwrap().kind,
        DecisionKind::OfferReaction { .. }
    ));
    let a = g.card_action(CardId(0), 0);
    let err = g
        .check(&react(m(0), a, None, Target::Model(m(2))))
        .unwrap_err();
    assert_eq!(err.rule, Rule::React12);
    assert!(
        !g.legal_commands()
            .iter()
            .any(|c| matches!(c, Command::React(r) if r.action == a))
    );
}

#[test]
fn net_9_a_program_on_a_friendly_model_is_opposed_by_the_obstacle_die() {
    let patch = program(
        "Patch",
        Colour::Yellow,
        loaded("Patch", TargetKind::Friendly, vec![Effect::RemoveHacked(2)]),
        vec![RunningEffect::Defense {
            who: Who::Target,
            skill: Skill::Tech,
            by: 1,
        }],
    );
    let mut g = net_game(vec![patch], &[7, 3]);
    let ev = ok(&mut g, launch(0, Target::Model(m(1))));
    let dice = rolled(&ev);
    assert_eq!((dice[1].die, dice[1].model), (Die::Obstacle, None));
    // The Running side's Defense works on the target while it runs.
    assert_eq!(g.defense_bonus(m(1), Skill::Tech), 1);
}

#[test]
fn net_11_a_vulnerable_model_has_every_skill_but_tech_at_zero() {
    let hush = program(
        "Hush",
        Colour::Green,
        loaded("Hush", TargetKind::Rival, vec![Effect::Hack]),
        vec![RunningEffect::Vulnerable(Who::Runner)],
    );
    let mut g = net_game(vec![hush], &[9, 3]);
    assert_eq!(g.skill(m(0), Skill::Reflexes), 1);
    ok(&mut g, launch(0, Target::Model(m(2))));
    ok(&mut g, defend(Some(0)));
    assert!(g.vulnerable(m(0)));
    assert_eq!(g.skill(m(0), Skill::Reflexes), 0);
    assert_eq!(g.skill(m(0), Skill::Tech), 2);
}

#[test]
fn net_13_open_34_a_friendly_netrunner_opposes_instead_and_takes_the_hack_when_it_loses() {
    // Seat 1 has a Netrunner (4) beside the target with a clear path to the launcher.
    let rival_runner = ModelProfile {
        name: "Warden".into(),
        ..netrunner(Vec::new())
    };
    let setup = no_luck_with(vec![
        model(netrunner(vec![snoop()]), 0, [8.0, 0.0, 7.0]),
        model(character("Friend"), 0, [11.0, 0.0, 7.0]),
        model(character("Mark"), 1, [8.0, 0.0, 17.0]),
        model(gonk("Goon"), 1, [14.0, 0.0, 17.0]),
        model(rival_runner, 1, [11.0, 0.0, 15.0]),
    ]);
    let mut g = start_loaded(setup, &[10, 4]);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, launch(0, Target::Model(m(3))));
    match &g.decision().unwrap().kind {
        DecisionKind::CombatNetrunning {
            target, options, ..
        } => {
            assert_eq!((*target, options.clone()), (m(3), vec![m(4)]));
        }
        d => panic!("{d:?}"),
    }
    let legal = g.legal_commands();
    assert!(legal.contains(&Command::NetDefend { model: None }));
    assert!(legal.contains(&Command::NetDefend { model: Some(m(4)) }));
    // Its two YELLOW tokens defend alike, so no token choice follows.
    let ev = ok(&mut g, Command::NetDefend { model: Some(m(4)) });
    assert!(ev.contains(&Event::NetrunnerStepsIn {
        model: m(4),
        instead_of: m(3)
    }));
    // 10 + 2 against 4 + 2: the Netrunner loses and is hacked instead of the Gonk.
    assert_eq!(rolled(&ev)[1].modifier, 2);
    assert!(ev.contains(&Event::Hacked { model: m(4) }));
    assert_eq!(g.program_target(CardId(0)), Some(m(4)));
}

#[test]
fn net_16_gonks_cant_be_hacked() {
    let mut g = net_game(vec![snoop()], &[9, 3]);
    let ev = ok(&mut g, launch(0, Target::Model(m(3))));
    assert!(ev.iter().any(|e| matches!(e, Event::ProgramRunning { .. })));
    assert!(!ev.iter().any(|e| matches!(e, Event::Hacked { .. })));
    assert_eq!(g.hacked(m(3)), 0);
}

#[test]
fn net_17_inspire_removes_one_hacked_token_from_each_character() {
    let mut setup = no_luck_with(vec![
        model(character("A"), 0, [8.0, 0.0, 7.0]),
        model(character("B"), 1, [8.0, 0.0, 17.0]),
    ]);
    setup.models[0].hacked = 2;
    let mut g = start(setup);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, move_to(m(0), 0, [8.0, 0.0, 8.0]));
    let ev = inspire_after_rival(&mut g, m(1));
    assert_eq!(
        only(&ev, |e| matches!(e, Event::HackedRemoved { .. })),
        vec![Event::HackedRemoved { model: m(0) }]
    );
    assert_eq!(g.hacked(m(0)), 1);
}

#[test]
fn net_18_a_fumbled_launch_leaks_stun_1_and_ends_the_activation() {
    let mut g = net_game(vec![snoop(), tailwind()], &[1, 5]);
    ok(&mut g, launch(0, Target::Model(m(2))));
    let ev = ok(&mut g, defend(Some(0)));
    assert!(ev.contains(&Event::MemoryLeak { model: m(0) }));
    // Both tokens are Ready YELLOW: one flips to Used with no choice to make.
    assert_eq!(g.tokens(m(0)).iter().filter(|t| t.ready).count(), 1);
    assert!(ev.contains(&Event::ActivationEnded { model: m(0) }));
    assert_eq!(g.control(), P1);
}

#[test]
fn net_18_with_no_ready_token_the_memory_leak_is_a_wound() {
    let mut g = net_game(vec![snoop()], &[1, 5]);
    for t in 0..2u8 {
        ok(
            &mut g,
            act(
                m(0),
                basic::MOVE,
                Some(t),
                Target::Route(vec![[8.0, 0.0, 6.0 - f32::from(t)]]),
            ),
        );
    }
    // OPEN-33: no Ready token, but a Loaded program keeps the activation going.
    assert!(matches!(
        g.decision().unwrap().kind,
        DecisionKind::NextAction { .. }
    ));
    ok(&mut g, launch(0, Target::Model(m(2))));
    ok(&mut g, defend(Some(0)));
    // WOUND-7: no opposed token, the owner picks; both YELLOW, so no choice.
    assert_eq!(
        g.tokens(m(0))
            .iter()
            .filter(|t| t.colour == Colour::Red)
            .count(),
        1
    );
    assert_eq!(g.control(), P1);
}

#[test]
fn ctrl_5_open_33_a_loaded_program_with_nothing_to_aim_at_doesnt_hold_the_activation() {
    // Snoop needs a rival within GREEN; the only rival is far beyond it.
    let setup = no_luck_with(vec![
        model(netrunner(vec![snoop()]), 0, [2.0, 0.0, 2.0]),
        model(character("Far"), 1, [22.0, 0.0, 22.0]),
    ]);
    let mut g = start_active(setup, &[], m(0));
    ok(&mut g, move_to(m(0), 0, [2.0, 0.0, 3.0]));
    assert_eq!(g.active_model(), Some(m(0)));
    // The last token spent, the program can't be launched at anyone: the model can take no
    // more actions, so its activation ends and Control passes (CTRL-5).
    let ev = ok(&mut g, move_to(m(0), 1, [2.0, 0.0, 4.0]));
    assert!(
        ev.contains(&Event::ActivationEnded { model: m(0) }),
        "{ev:?}"
    );
    assert_eq!(g.control(), P1);
}

#[test]
fn net_19_a_fumbled_dangerous_program_also_wounds() {
    let mut burn = program(
        "Burn",
        Colour::Green,
        ActionDef {
            attack: true,
            keywords: vec![Keyword::Dangerous],
            ..loaded("Burn", TargetKind::Rival, vec![Effect::Wound(1)])
        },
        vec![RunningEffect::Vulnerable(Who::Runner)],
    );
    burn.reload = Reload::AtInspire;
    let mut g = net_game(vec![burn], &[1, 5]);
    ok(&mut g, launch(0, Target::Model(m(2))));
    ok(&mut g, defend(Some(0)));
    // The Dangerous wound turns a token RED; then the leak's Stun 1, and the two Ready
    // tokens now differ, so the player picks which flips (NET-18).
    match &g.decision().unwrap().kind {
        DecisionKind::MemoryLeak { model, options } => {
            assert_eq!((*model, options.clone()), (m(0), vec![0, 1]))
        }
        d => panic!("{d:?}"),
    }
    assert_eq!(
        g.legal_commands(),
        vec![
            Command::LeakToken { token: 0 },
            Command::LeakToken { token: 1 }
        ]
    );
    ok(&mut g, Command::LeakToken { token: 1 });
    let ts = g.tokens(m(0));
    assert_eq!(ts.iter().filter(|t| t.colour == Colour::Red).count(), 1);
    assert_eq!(ts.iter().filter(|t| !t.ready).count(), 1);
    assert_eq!(g.control(), P1);
}

#[test]
fn net_20_ex_25_the_sample_netrunner_activation() {
    // Two YELLOW tokens, a GREEN and a RED program (EX-25).
    let mut g = net_game(vec![snoop(), tailwind()], &[]);
    // 1: a YELLOW move to open a Path of Attack.
    ok(&mut g, move_to(m(0), 0, [8.0, 0.0, 8.0]));
    // 2: the GREEN program against the target's Tech: GREEN 10 + 2 against 3 + 1.
    g.load_dice(&[10, 3]);
    ok(&mut g, launch(0, Target::Model(m(2))));
    let ev = ok(&mut g, defend(Some(0)));
    assert_eq!(rolled(&ev)[0].die, Die::Action(Colour::Green));
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::ProgramRunning {
            card: CardId(0),
            ..
        }
    )));
    // 3: the RED program for bonus movement, against the Obstacle die: RED 6 (Crit).
    g.load_dice(&[6, 5]);
    let ev = ok(&mut g, launch(1, Target::None));
    assert_eq!(rolled(&ev)[0].die, Die::Action(Colour::Red));
    match &g.decision().unwrap().kind {
        DecisionKind::FreeMoves { colour, models } => {
            assert_eq!(*colour, Colour::Red);
            assert_eq!(models, &vec![m(0), m(1)]);
        }
        d => panic!("{d:?}"),
    }
    let legal = g.legal_commands();
    assert!(legal.contains(&Command::EndFreeMoves));
    assert!(
        legal
            .iter()
            .any(|c| matches!(c, Command::FreeMove(f) if f.model == m(1)))
    );
    ok(
        &mut g,
        Command::FreeMove(redline_rules::FreeMove {
            model: m(1),
            token: Some(0),
            route: vec![[13.0, 0.0, 7.0]],
        }),
    );
    assert_eq!(g.position(m(1)), [13.0, 0.0, 7.0]);
    ok(&mut g, Command::EndFreeMoves);
    // The pattern of NET-20: YELLOW move, two launches, YELLOW move again.
    ok(&mut g, move_to(m(0), 1, [8.0, 0.0, 9.0]));
    // The target fails an action roll while the GREEN program runs: a Loot card is drawn
    // for the Netrunner (the deck is empty here, so the draw comes up empty).
    ok(&mut g, Command::Activate { model: m(2) });
    g.load_dice(&[1, 5]);
    let ev = ok(&mut g, ranged_attack(m(2), 0, m(0)));
    assert!(ev.contains(&Event::LootDrawn {
        by: m(0),
        card: None
    }));
}

#[test]
fn net_12_a_program_runs_only_in_its_netrunners_activation() {
    let mut g = net_game(vec![snoop()], &[]);
    ok(&mut g, move_to(m(0), 0, [8.0, 0.0, 6.0]));
    ok(&mut g, Command::EndActivation);
    // While a rival model is active, the Netrunner can't launch.
    ok(&mut g, Command::Activate { model: m(2) });
    let err = g.check(&launch(0, Target::Model(m(2)))).unwrap_err();
    assert_eq!(err.rule, Rule::Ctrl4);
    ok(&mut g, Command::EndActivation);
    // Nor during its own team's Inspire, which only Gonks act in (there are none here).
    let ev = ok(&mut g, Command::Inspire { seat: P0 });
    assert!(ev.contains(&Event::InspireEnded { seat: P0 }));
    assert_eq!(
        refusal(g.check(&launch(0, Target::Model(m(2))))),
        Rule::Ctrl2
    );
}

#[test]
fn net_21_firewall_defender_removes_hacks_and_armor_is_no_help_against_a_tech_attack() {
    let mut burn = program(
        "Burn",
        Colour::Green,
        ActionDef {
            attack: true,
            ..loaded(
                "Burn",
                TargetKind::Rival,
                vec![Effect::Wound(1), Effect::Hack],
            )
        },
        Vec::new(),
    );
    burn.reload = Reload::Never;
    let armored = carrying("Mark", vec![armor_card("Vest", 3)]);
    let setup = no_luck_with(vec![
        model(netrunner(vec![burn]), 0, [8.0, 0.0, 7.0]),
        model(armored, 1, [8.0, 0.0, 17.0]),
    ]);
    let mut g = start_loaded(setup, &[9, 2]);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, launch(0, Target::Model(m(1))));
    // ARM-1: only the Skill is offered against a program attack.
    match &g.decision().unwrap().kind {
        DecisionKind::ChooseDefence { options, .. } => assert!(
            options
                .iter()
                .all(|d| d.bonus == redline_rules::DefenceBonus::Skill)
        ),
        d => panic!("{d:?}"),
    }
}

#[test]
fn net_14_a_character_may_carry_several_hacked_tokens_and_firewall_defender_removes_one() {
    // Two Snoops launched in two activations: each success puts one more Hacked token on
    // the rival.
    let mut g = net_game(vec![snoop(), snoop()], &[9, 3]);
    ok(&mut g, launch(0, Target::Model(m(2))));
    ok(&mut g, defend(Some(0)));
    assert_eq!(g.hacked(m(2)), 1);
    ok(&mut g, Command::EndActivation);
    ok(&mut g, Command::Activate { model: m(2) });
    ok(&mut g, Command::EndActivation);
    ok(&mut g, Command::Activate { model: m(0) });
    g.load_dice(&[9, 3]);
    ok(&mut g, launch(1, Target::Model(m(2))));
    ok(&mut g, defend(Some(0)));
    assert_eq!(g.hacked(m(2)), 2);
    ok(&mut g, Command::EndActivation);
    // BASIC-8 (NET-21): the rival cleans itself with Firewall Defender, one token a time.
    ok(&mut g, Command::Activate { model: m(2) });
    g.load_dice(&[9, 2]);
    let ev = ok(
        &mut g,
        act(m(2), basic::FIREWALL, Some(1), Target::Model(m(2))),
    );
    assert!(ev.contains(&Event::HackedRemoved { model: m(2) }));
    assert_eq!(g.hacked(m(2)), 1);
}

/// A program that only affects Hacked rivals (NET-15): an attack for one wound, one more
/// per Hacked token.
fn feedback() -> ProgramDef {
    program(
        "Feedback",
        Colour::Green,
        ActionDef {
            attack: true,
            ..loaded(
                "Feedback",
                TargetKind::Rival,
                vec![
                    Effect::OnlyHacked,
                    Effect::Wound(1),
                    Effect::WoundPerHacked(1),
                ],
            )
        },
        Vec::new(),
    )
}

/// `net_game` with the rival character (2) carrying `hacked` Hacked tokens and five GREEN
/// tokens, so every wound shows.
fn hacked_game(programs: Vec<ProgramDef>, hacked: u8, faces: &[u8]) -> Game {
    let rival = ModelProfile {
        tokens: vec![Colour::Green; 5],
        skills: Skills {
            tech: 1,
            ..Skills::default()
        },
        ..character("Mark")
    };
    let mut target = model(rival, 1, [8.0, 0.0, 17.0]);
    target.hacked = hacked;
    let setup = no_luck_with(vec![
        model(netrunner(programs), 0, [8.0, 0.0, 7.0]),
        model(character("Friend"), 0, [11.0, 0.0, 7.0]),
        target,
        model(gonk("Goon"), 1, [14.0, 0.0, 17.0]),
    ]);
    start_active(setup, faces, m(0))
}

/// Answers a defence choice with the first token, if one is asked.
fn defend_if_asked(g: &mut Game) -> Vec<Event> {
    match g.decision().map(|d| &d.kind) {
        Some(DecisionKind::ChooseDefence { .. }) => ok(g, defend(Some(0))),
        _ => Vec::new(),
    }
}

/// Red tokens on a model.
fn reds(g: &Game, model: u16) -> usize {
    g.tokens(m(model))
        .iter()
        .filter(|t| t.colour == Colour::Red)
        .count()
}

#[test]
fn net_15_net_16_a_program_for_hacked_rivals_cant_target_an_unhacked_rival_or_a_gonk() {
    let g = hacked_game(vec![feedback()], 0, &[]);
    let err = g.check(&launch(0, Target::Model(m(2)))).unwrap_err();
    assert_eq!(err.rule, Rule::Net15);
    assert!(err.message.contains("Hacked"), "{err}");
    // NET-16: a Gonk is never Hacked, so it is never such a program's target.
    assert_eq!(
        g.check(&launch(0, Target::Model(m(3)))).unwrap_err().rule,
        Rule::Net15
    );
    let a = g.card_action(CardId(0), 0);
    assert!(
        !g.legal_commands()
            .iter()
            .any(|c| matches!(c, Command::Act(x) if x.action == a))
    );
    // Once Hacked, the rival is a target, and the only one.
    let g = hacked_game(vec![feedback()], 1, &[]);
    assert!(g.check(&launch(0, Target::Model(m(2)))).is_ok());
    let launches: Vec<Command> = g
        .legal_commands()
        .into_iter()
        .filter(|c| matches!(c, Command::Act(x) if x.action == a))
        .collect();
    assert_eq!(launches, vec![launch(0, Target::Model(m(2)))]);
}

#[test]
fn net_15_more_hacked_tokens_do_more() {
    // GREEN 9 + Tech 2 against 2 + Tech 1: the program runs. One wound, plus one per Hacked
    // token.
    for hacked in [1u8, 3] {
        let mut g = hacked_game(vec![feedback()], hacked, &[9, 2]);
        let mut ev = ok(&mut g, launch(0, Target::Model(m(2))));
        ev.extend(defend_if_asked(&mut g));
        let wounds = only(
            &ev,
            |e| matches!(e, Event::Wounded { model, .. } if *model == m(2)),
        );
        assert_eq!(wounds.len(), 1 + usize::from(hacked), "{ev:?}");
        assert_eq!(reds(&g, 2), 1 + usize::from(hacked));
    }
}

#[test]
fn net_13_net_15_an_unhacked_netrunner_stepping_in_is_not_affected() {
    // The rival's own Netrunner (4) steps in for the Hacked target and loses; it has no
    // Hacked token, so the program does nothing to it.
    let rival = ModelProfile {
        skills: Skills {
            tech: 1,
            ..Skills::default()
        },
        ..character("Mark")
    };
    let mut target = model(rival, 1, [8.0, 0.0, 17.0]);
    target.hacked = 2;
    let setup = no_luck_with(vec![
        model(netrunner(vec![feedback()]), 0, [8.0, 0.0, 7.0]),
        model(character("Friend"), 0, [11.0, 0.0, 7.0]),
        target,
        model(gonk("Goon"), 1, [14.0, 0.0, 17.0]),
        model(netrunner(Vec::new()), 1, [4.0, 0.0, 17.0]),
    ]);
    let mut g = start_loaded(setup, &[9, 2]);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, launch(0, Target::Model(m(2))));
    assert!(matches!(
        g.decision().unwrap().kind,
        DecisionKind::CombatNetrunning { .. }
    ));
    let mut ev = ok(&mut g, Command::NetDefend { model: Some(m(4)) });
    ev.extend(defend_if_asked(&mut g));
    assert!(ev.contains(&Event::NetrunnerStepsIn {
        model: m(4),
        instead_of: m(2)
    }));
    assert!(ev.contains(&Event::RollDecided {
        actor_won: vec![true]
    }));
    assert!(
        !ev.iter()
            .any(|e| matches!(e, Event::Wounded { .. } | Event::TakenOut { .. })),
        "{ev:?}"
    );
    // Neither the target nor the Netrunner gained a RED token.
    assert_eq!((reds(&g, 2), reds(&g, 4)), (1, 0));
}

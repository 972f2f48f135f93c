//! Decisions outside an action's roll — who opposes a rival program (NET-13), a program's
//! free moves (MOVE-28) and the card a looter takes (BASIC-13) — answered by a policy, not
//! by the first legal answer.

mod common;

use redline_ai::normal::position_value;
use redline_ai::{Bot, EasyBot, HardBot, HardBudget, NormalBot};
use redline_rules::card::{
    ActionDef, Colour, Effect, ModelKeyword, ModelProfile, RangeSpec, Skill, TargetKind,
};
use redline_rules::cards::{CardDef, CardKind, FIRST_CARD_ACTION};
use redline_rules::program::{ProgramDef, Reload, RunningEffect, Who};
use redline_rules::{
    ActionCommand, Command, DecisionKind, Defence, DefenceBonus, Game, ModelId, ModelSetup, Setup,
    Target, Victory, basic,
};

fn table_with(models: Vec<ModelSetup>, dice: &[u8]) -> Game {
    let setup = Setup {
        victory: Victory {
            turn_limit: Some(40),
        },
        loaded_dice: dice.to_vec(),
        ..common::open_setup(models, 0)
    };
    Game::new(setup, 1).expect("a legal table")
}

fn act(model: ModelId, action: u16, token: Option<u8>, target: Target) -> Command {
    Command::Act(ActionCommand {
        model,
        action,
        token,
        target,
    })
}

fn apply(g: &mut Game, c: Command) {
    g.apply(c.clone())
        .unwrap_or_else(|e| panic!("{c:?} refused: {e}"));
}

/// A program whose Loaded action aims at a rival model with Tech, doing `effects`.
fn program(
    name: &str,
    quality: Colour,
    effects: Vec<Effect>,
    running: Vec<RunningEffect>,
) -> ProgramDef {
    let target = if effects.is_empty() {
        TargetKind::SelfOnly
    } else {
        TargetKind::Rival
    };
    ProgramDef {
        id: name.to_lowercase(),
        name: name.into(),
        quality,
        loaded: ActionDef {
            id: "launch".into(),
            name: format!("{name} launch"),
            skill: Some(Skill::Tech),
            range: (target == TargetKind::Rival).then_some(RangeSpec {
                red: true,
                yellow: true,
                green: true,
                long: false,
                reach_only: false,
            }),
            target,
            attack: false,
            keywords: Vec::new(),
            effects,
            command: false,
            characters_only: false,
            works_on_drones: false,
        },
        running,
        reload: Reload::AtInspire,
        drone: None,
    }
}

fn netrunner(name: &str, tech: i8, programs: Vec<ProgramDef>) -> ModelProfile {
    let mut p = common::profile(name, Vec::new());
    p.keywords = vec![ModelKeyword::Netrunner];
    p.skills.tech = tech;
    p.programs = programs;
    p
}

fn gonk(name: &str) -> ModelProfile {
    let mut p = common::profile(name, Vec::new());
    p.keywords = vec![ModelKeyword::Gonk];
    p.tokens = Vec::new();
    p.gonk_colour = Some(Colour::Yellow);
    p
}

/// Seat 0's Netrunner (0) launches a hacking program at `target_profile` (2, seat 1),
/// whose friendly Netrunner (3) with Tech 4 stands by with a clear path to the launcher.
fn net_contest(target_profile: ModelProfile) -> Game {
    let hack = program("Slip", Colour::Green, vec![Effect::Hack], Vec::new());
    let mut g = table_with(
        vec![
            common::place(netrunner("Runner", 2, vec![hack]), 0, [8.0, 0.0, 7.0]),
            common::place(common::profile("Friend", Vec::new()), 0, [11.0, 0.0, 7.0]),
            common::place(target_profile, 1, [8.0, 0.0, 17.0]),
            common::place(netrunner("Warden", 4, Vec::new()), 1, [11.0, 0.0, 15.0]),
        ],
        &[],
    );
    apply(&mut g, Command::Activate { model: ModelId(0) });
    apply(
        &mut g,
        act(
            ModelId(0),
            FIRST_CARD_ACTION,
            None,
            Target::Model(ModelId(2)),
        ),
    );
    assert!(
        matches!(
            g.decision().expect("a decision").kind,
            DecisionKind::CombatNetrunning { .. }
        ),
        "{:?}",
        g.decision()
    );
    g
}

#[test]
fn net_13_a_better_netrunner_steps_in_for_a_character_but_not_for_a_gonk() {
    // NET-13, OPEN-34: Warden's Tech 4 beats the target's Tech 0, so it steps in and the
    // program is less likely to land; NET-16: a Gonk can't be hacked, so it opposes itself.
    for make in [
        (|| Box::new(NormalBot::new()) as Box<dyn Bot>) as fn() -> Box<dyn Bot>,
        || Box::new(EasyBot::new(3)),
    ] {
        let g = net_contest(common::profile("Mark", Vec::new()));
        let mut bot = make();
        let c = bot.choose(&g);
        assert_eq!(
            c,
            Command::NetDefend {
                model: Some(ModelId(3))
            },
            "{:?}",
            bot.explain()
        );
        let g = net_contest(gonk("Goon"));
        let c = bot.choose(&g);
        assert_eq!(c, Command::NetDefend { model: None }, "{:?}", bot.explain());
    }
}

#[test]
fn basic_13_the_looter_takes_the_card_worth_most_to_it() {
    // BASIC-13: the body carries a plain Loot card, an Armor 2 Gear and a knife with an
    // attack; the looter has no Armor, so the Armor is worth most (0.6 against 0.3).
    let knife = ActionDef::attack(
        "stab",
        "Stab",
        Skill::Melee,
        RangeSpec {
            red: true,
            reach_only: true,
            ..RangeSpec::default()
        },
    );
    let cards = vec![
        CardDef::new("trinket", "Trinket", CardKind::Loot),
        CardDef {
            armor: 2,
            ..CardDef::new("vest", "Vest", CardKind::Gear)
        },
        CardDef {
            actions: vec![knife],
            ..CardDef::new("knife", "Knife", CardKind::Gear)
        },
    ];
    let mut victim = common::profile("Victim", Vec::new());
    victim.cards = cards;
    victim.tokens = vec![Colour::Red];
    let mut g = table_with(
        vec![
            common::place(common::profile("Looter", Vec::new()), 0, [8.0, 0.0, 7.0]),
            common::place(victim, 1, [8.0, 0.0, 8.3]),
            common::place(common::profile("Boss", Vec::new()), 1, [20.0, 0.0, 20.0]),
        ],
        &[9, 1],
    );
    apply(&mut g, Command::Activate { model: ModelId(0) });
    apply(
        &mut g,
        act(ModelId(0), basic::MELEE, Some(1), Target::Model(ModelId(1))),
    );
    if matches!(
        g.decision().expect("a decision").kind,
        DecisionKind::ChooseDefence { .. }
    ) {
        apply(
            &mut g,
            Command::Defend(Defence {
                token: Some(0),
                bonus: DefenceBonus::Skill,
            }),
        );
    }
    assert!(!g.in_play(ModelId(1)), "the victim is taken out");
    let body = g.bodies()[0].0;
    g.load_dice(&[9, 1]);
    apply(
        &mut g,
        act(ModelId(0), basic::LOOT_GEAR, Some(2), Target::Body(body)),
    );
    assert!(matches!(
        g.decision().expect("a decision").kind,
        DecisionKind::ChooseLootedCard { .. }
    ));
    let hard = HardBot::with_budget(
        3,
        HardBudget {
            work: 400,
            turn_ms: 600_000,
        },
    );
    for mut bot in [
        Box::new(NormalBot::new()) as Box<dyn Bot>,
        Box::new(EasyBot::new(5)),
        Box::new(hard),
    ] {
        let c = bot.choose(&g);
        let Command::TakeCard { card } = c else {
            panic!("{c:?}")
        };
        assert_eq!(g.card(card).def.name, "Vest", "{:?}", bot.explain());
    }
}

#[test]
fn move_28_free_moves_go_where_the_model_stands_better_and_stop_when_none_helps() {
    // MOVE-28: a RED program lets friends within YELLOW move RED for free. The Brawler (1,
    // Melee 4) stands 4" from a rival with Melee 0: a free move into reach improves its
    // position and is taken; every move taken improves where its model stands, and the
    // bot stops when none does.
    let tailwind = program(
        "Tailwind",
        Colour::Red,
        Vec::new(),
        vec![RunningEffect::FreeMove {
            who: Who::FriendlyWithin(redline_rules::card::Band::Yellow),
            colour: Colour::Red,
        }],
    );
    let mut brawler = common::profile("Brawler", Vec::new());
    brawler.skills.melee = 4;
    let mut mark = common::profile("Mark", Vec::new());
    mark.skills.melee = 0;
    mark.skills.reflexes = 0;
    let mut g = table_with(
        vec![
            common::place(netrunner("Runner", 2, vec![tailwind]), 0, [8.0, 0.0, 7.0]),
            common::place(brawler, 0, [11.0, 0.0, 7.0]),
            common::place(mark, 1, [11.0, 0.0, 11.2]),
        ],
        &[6, 5],
    );
    apply(&mut g, Command::Activate { model: ModelId(0) });
    apply(
        &mut g,
        act(ModelId(0), FIRST_CARD_ACTION, None, Target::None),
    );
    let mut bot = NormalBot::new();
    let mut moves = 0;
    while let Some(d) = g.decision() {
        if !matches!(d.kind, DecisionKind::FreeMoves { .. }) {
            break;
        }
        let c = bot.choose(&g);
        let why = bot.explain().unwrap_or_default();
        if let Command::FreeMove(fm) = &c {
            moves += 1;
            let before = position_value(&g, fm.model, g.position(fm.model), true);
            let after = position_value(&g, fm.model, *fm.route.last().expect("a route"), true);
            assert!(after > before, "{why}: {before:.3} -> {after:.3}");
        } else {
            assert_eq!(c, Command::EndFreeMoves, "{why}");
        }
        apply(&mut g, c);
    }
    assert!(moves >= 1, "no free move taken");
}

//! The bots repair their constructs (BOT-9, BOT-11, BOT-12): Normal weighs Stand Up, Start
//! Repair, Field Patch and Topple by the engine's odds, and Easy's decks have a card rule
//! for them. With BOT off no such command is legal (MOD-2).

mod common;

use redline_ai::{Bot, EasyBot, NormalBot};
use redline_rules::card::Colour;
use redline_rules::construct::{ConstructProfile, System};
use redline_rules::{
    ActionCommand, Command, DecisionKind, Game, ModelId, Module, STAND_UP, Seat, TOPPLE, Target,
    basic,
};

const CONSTRUCT: ModelId = ModelId(0);
const RIVAL: ModelId = ModelId(1);

fn act(model: ModelId, action: u16, token: u8, target: Target) -> Command {
    Command::Act(ActionCommand {
        model,
        action,
        token: Some(token),
        target,
    })
}

fn apply(g: &mut Game, c: Command) {
    g.apply(c.clone())
        .unwrap_or_else(|e| panic!("{c:?} refused: {e}"));
}

/// Seat 0's construct spends both tokens on short moves; seat 1's rival beside it Topples it
/// (GREEN 9 + Melee 2 against the Obstacle die's 1), the wound lands on its YELLOW token,
/// then the rival ends its activation, seat 0 Inspires, seat 1 passes and seat 0 activates
/// the Toppled construct.
fn toppled(modules: &[Module]) -> Game {
    let mut c = common::profile("Construct", Vec::new());
    c.tokens = vec![Colour::Green, Colour::Yellow];
    c.construct = Some(ConstructProfile {
        systems: vec![System::Arm(Vec::new()), System::Legs],
        heavy: false,
        height: None,
        mass: None,
        self_repair: true,
    });
    let mut setup = common::open_setup(
        vec![
            common::place(c, 0, [10.0, 0.0, 10.0]),
            common::place(common::profile("Rival", Vec::new()), 1, [12.6, 0.0, 10.0]),
        ],
        0,
    );
    setup.modules = modules.iter().copied().collect();
    setup.loaded_dice = vec![9, 1];
    let mut g = Game::new(setup, 5).expect("a valid setup");
    apply(&mut g, Command::Activate { model: CONSTRUCT });
    let step = |to: f32| Target::Route(vec![[to, 0.0, 10.0]]);
    apply(&mut g, act(CONSTRUCT, basic::MOVE, 0, step(10.5)));
    apply(&mut g, act(CONSTRUCT, basic::MOVE, 1, step(11.0)));
    apply(&mut g, Command::Activate { model: RIVAL });
    apply(&mut g, act(RIVAL, TOPPLE, 0, Target::Model(CONSTRUCT)));
    assert!(g.is_toppled(CONSTRUCT), "BOT-11: the construct is Toppled");
    if matches!(
        g.decision().map(|d| &d.kind),
        Some(DecisionKind::AllocateWound { .. })
    ) {
        apply(&mut g, Command::AllocateWound { token: 1 });
    }
    apply(&mut g, Command::EndActivation);
    apply(&mut g, Command::Inspire { seat: Seat(0) });
    apply(&mut g, Command::Activate { model: RIVAL });
    apply(&mut g, Command::EndActivation);
    apply(&mut g, Command::Activate { model: CONSTRUCT });
    g
}

fn stands_up(c: &Command) -> bool {
    matches!(c, Command::Act(a) if a.action == STAND_UP && a.model == CONSTRUCT)
}

#[test]
fn bot_12_normal_stands_its_toppled_construct_up() {
    let g = toppled(&[Module::Bot]);
    let chosen = NormalBot::new().choose(&g);
    assert!(stands_up(&chosen), "{chosen:?}"); // BOT-12
}

#[test]
fn bot_12_easy_stands_its_toppled_construct_up_by_its_card_rule() {
    let g = toppled(&[Module::Bot]);
    let chosen = EasyBot::new(3).choose(&g);
    assert!(stands_up(&chosen), "{chosen:?}"); // BOT-12
}

#[test]
fn mod_2_with_bot_off_no_construct_command_is_offered() {
    let mut c = common::profile("Construct", Vec::new());
    c.construct = Some(ConstructProfile {
        systems: vec![System::Arm(Vec::new()), System::Legs, System::Power],
        heavy: false,
        height: None,
        mass: None,
        self_repair: true,
    });
    let setup = common::open_setup(
        vec![
            common::place(c, 0, [10.0, 0.0, 10.0]),
            common::place(common::profile("Rival", Vec::new()), 1, [11.3, 0.0, 10.0]),
        ],
        0,
    );
    let mut g = Game::new(setup, 5).expect("a valid setup");
    apply(&mut g, Command::Activate { model: CONSTRUCT });
    let bot_action = |c: &Command| {
        matches!(c, Command::Act(a) if (redline_rules::START_REPAIR..=redline_rules::FIELD_PATCH)
            .contains(&a.action))
    };
    assert!(!g.legal_commands().iter().any(bot_action)); // MOD-2
    assert!(!bot_action(&NormalBot::new().choose(&g)));
}

//! The bots as the sentries' owner when it has a choice (SEC-12): a tie between equally near
//! targets is answered at every level with the engine's listed shot at the rival a wound
//! hurts most.

mod common;

use redline_ai::{Bot, EasyBot, HardBot, NormalBot};
use redline_rules::card::{Colour, Skills};
use redline_rules::scenario::ScenarioRules;
use redline_rules::security::{SecurityPlan, SecurityRules, SentryPlan, sentry_profile};
use redline_rules::{Command, DecisionKind, Game, ModelId, Module, Seat};

const SENTRY: ModelId = ModelId(4);
const RED_LINED: ModelId = ModelId(1);

/// Seat 0's R1 (model 0) and the Red-lined R2 (model 1) mirrored in the arc of seat 1's
/// sentry at (12, 4) facing South; R3 (model 2) steps, out of every arc, and the sentries'
/// owner must pick.
fn tie() -> Game {
    let mut guard = common::profile("Guard", Vec::new());
    guard.skills = Skills {
        tech: 1,
        ..guard.skills
    };
    let mut last_legs = common::profile("R2", Vec::new());
    last_legs.tokens = vec![Colour::Red, Colour::Red];
    let mut setup = common::open_setup(
        vec![
            common::place(common::profile("R1", Vec::new()), 0, [10.0, 0.0, 10.0]),
            common::place(last_legs, 0, [14.0, 0.0, 10.0]),
            common::place(common::profile("R3", Vec::new()), 0, [2.0, 0.0, 28.0]),
            common::place(guard, 1, [28.0, 0.0, 2.0]),
            common::place(sentry_profile(false, false), 1, [12.0, 0.0, 4.0]),
        ],
        0,
    );
    setup.scenario = ScenarioRules {
        security: Some(SecurityRules {
            plan: SecurityPlan {
                sentries: vec![SentryPlan {
                    model: SENTRY.0,
                    facing_deg: 180.0,
                }],
                ..SecurityPlan::default()
            },
            ..SecurityRules::new(Seat(1))
        }),
        ..ScenarioRules::default()
    };
    setup.modules = [Module::Sec].into_iter().collect();
    let mut g = Game::new(setup, 3).expect("a valid setup");
    g.apply(Command::Activate { model: ModelId(2) })
        .expect("may activate");
    let step = redline_rules::ActionCommand {
        model: ModelId(2),
        action: redline_rules::basic::MOVE,
        token: Some(0),
        target: redline_rules::Target::Route(vec![[3.0, 0.0, 28.0]]),
    };
    g.apply(Command::Act(step)).expect("a legal step");
    assert!(matches!(
        g.decision().map(|d| &d.kind),
        Some(DecisionKind::SentryShot { .. })
    ));
    g
}

#[test]
fn sec_12_every_level_shoots_the_rival_a_wound_takes_out() {
    let g = tie();
    let want = Command::SentryFires {
        sentry: SENTRY,
        target: RED_LINED,
    };
    let bots: [(&str, Box<dyn Bot>); 3] = [
        ("easy", Box::new(EasyBot::new(1))),
        ("normal", Box::new(NormalBot::new())),
        ("hard", Box::new(HardBot::new(1))),
    ];
    for (name, mut bot) in bots {
        assert_eq!(bot.choose(&g), want, "{name}");
    }
}

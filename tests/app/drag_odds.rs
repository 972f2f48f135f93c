//! A Downed model's card shows each friend who could drag it now with the engine's chance
//! of the drag roll (AID-10, BRAWL-12, `Game::drag_odds`), as it shows First Aid's: the
//! friend beside it, not one out of reach (BRAWL-11) nor a rival. The aimed drag's own
//! chance on the table is checked in `playtest_drag`.

use redline::table::module_card::ModuleCard;
use redline_rules::card::{Colour, ModelProfile, Skills};
use redline_rules::{Command, Game, Module, Setup, Target};

use crate::rules_common::*;

/// A character with GREEN and YELLOW tokens and Reflexes 1.
fn nimble(name: &str) -> ModelProfile {
    ModelProfile {
        tokens: vec![Colour::Green, Colour::Yellow],
        skills: Skills {
            reflexes: 1,
            ..Skills::default()
        },
        ..character(name)
    }
}

/// AID on: A (seat 0) shoots B (seat 1) down (GREEN 10 + 2 against RED 1); B's friend N
/// stands within its reach, its friend F far off. A is still active.
fn b_downed() -> Game {
    let b = ModelProfile {
        tokens: vec![Colour::Red],
        ..character("B")
    };
    let setup = Setup {
        modules: [Module::Aid].into_iter().collect(),
        ..no_luck_with(vec![
            model(character("A"), 0, [11.0, 0.0, 10.0]),
            model(b, 1, [16.0, 0.0, 10.0]),
            model(nimble("N"), 1, [16.0, 0.0, 11.3]),
            model(nimble("F"), 1, [20.0, 0.0, 20.0]),
        ])
    };
    let mut g = start_active(setup, &[10, 1], m(0));
    ok(&mut g, ranged_attack(m(0), 0, m(1)));
    assert!(g.is_downed(m(1)), "AID-1: B lies Downed");
    g
}

/// The best chance among the engine's legal drags of `dragged` by `by`.
fn best_legal_drag(g: &Game, by: redline_rules::ModelId, dragged: redline_rules::ModelId) -> f64 {
    g.legal_commands()
        .iter()
        .filter_map(|c| match c {
            Command::Act(a) if a.model == by => Some(a),
            _ => None,
        })
        .filter(|a| matches!(a.target, Target::Drag { model, .. } if model == dragged))
        .map(|a| {
            g.drag_odds(a)
                .expect("the engine's odds of its own drag")
                .success
        })
        .max_by(f64::total_cmp)
        .expect("the engine offers N a drag of B")
}

#[test]
fn aid_10_the_downed_card_shows_each_friend_who_may_drag_it_with_the_engine_odds() {
    let mut g = b_downed();
    let line = ModuleCard::of(&g, m(1), None)
        .downed
        .expect("the card's Downed line");
    // Only N: F is out of reach (BRAWL-11), A is B's rival.
    assert_eq!(line.draggers.len(), 1, "{:?}", line.draggers);
    let n = &line.draggers[0];
    assert_eq!(n.model, m(2));
    assert_eq!(n.colour, Some(Colour::Green), "its best token");
    // AID-10: GREEN d12 + Reflexes 1 against the d10 Obstacle die.
    assert!((n.success - 71.0 / 120.0).abs() < 1e-12, "{}", n.success);

    // Once N may act, the engine's own drags of B have that chance at best.
    ok(&mut g, Command::EndActivation);
    ok(&mut g, Command::Activate { model: m(2) });
    let card = ModuleCard::of(&g, m(1), None).downed.expect("Downed");
    let best = best_legal_drag(&g, m(2), m(1));
    assert!((card.draggers[0].success - best).abs() < 1e-12, "{best}");
}

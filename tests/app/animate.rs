//! Animations from events, brief and skippable: a move slides the model, an attack draws a
//! streak from the actor to the defender; "skip" ends both at once and the models stand
//! where the game says.

use crate::driver::{data_dir, new_app, send};
use crate::hot_seat::play;

use bevy::prelude::*;
use redline::headless::flow::menu::MenuIntent;
use redline::headless::game::match_state::Match;
use redline::table::animate::{SkipAnimations, Strike, Tween};
use redline::table::spawn::Miniature;
use redline_rules::Command;

fn count<C: Component>(app: &mut App) -> usize {
    app.world_mut()
        .query_filtered::<(), With<C>>()
        .iter(app.world())
        .count()
}

#[test]
fn an_attack_draws_a_streak_and_skip_ends_every_animation() {
    let dir = data_dir("animate");
    let mut app = new_app(&dir);
    send(&mut app, MenuIntent::QuickSkirmish);
    app.update();
    let mut struck = false;
    let mut moved = false;
    for _ in 0..400 {
        play(&mut app, 1, 0);
        let last = app
            .world()
            .resource::<Match>()
            .replay()
            .steps
            .last()
            .cloned();
        let Some(last) = last else { continue };
        if !moved && count::<Tween>(&mut app) > 0 {
            moved = true;
            send(&mut app, SkipAnimations);
            assert_eq!(count::<Tween>(&mut app), 0, "skip ends the slide");
            // Every model stands where the game has it.
            let game = app.world().resource::<Match>().game().clone();
            let mut minis = app.world_mut().query::<(&Miniature, &Transform)>();
            for (m, t) in minis.iter(app.world()) {
                if game.in_play(m.model) {
                    let at = Vec3::from_array(game.position(m.model));
                    assert!(t.translation.distance(at) < 1e-3, "{:?}", m.model);
                }
            }
        }
        if matches!(last.command, Command::Defend(_)) {
            // Earlier streaks may still be on screen (a test's frames are short).
            let strikes: Vec<Strike> = app
                .world_mut()
                .query::<&Strike>()
                .iter(app.world())
                .copied()
                .collect();
            assert!(!strikes.is_empty(), "the defence shows the attack");
            assert!(strikes.iter().all(|s| s.from.distance(s.to) > 0.5));
            send(&mut app, SkipAnimations);
            assert_eq!(count::<Strike>(&mut app), 0, "skip ends the streak");
            struck = true;
        }
        if struck && moved {
            return;
        }
    }
    panic!("no move and attack in 400 answers (moved {moved}, struck {struck})");
}

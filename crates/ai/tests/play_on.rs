//! Normal plays a fight to its end (CTRL-21: play goes on until a side meets the scenario's
//! conditions): its activation goes on while an action is worth more than 0.02 (CTRL-5: it
//! ends when its player chooses to take no more actions). At 0.04, the value it used to
//! keep a token back at, it ended this activation with a shot of 0.037 untaken.

mod common;

use redline_ai::{Bot, NormalBot};
use redline_rules::card::{Colour, ModelProfile};
use redline_rules::{Command, Game, ModelId, Target};

const SHOOTER: ModelId = ModelId(0);
const RIVAL: ModelId = ModelId(1);

/// A poor shot: only RED tokens and no Ranged skill.
fn shooter() -> ModelProfile {
    let mut p = common::profile("Shooter", vec![common::all_bands_gun("pistol", "Pistol")]);
    p.tokens = vec![Colour::Red; 3];
    p.skills.ranged = 0;
    p
}

/// An unarmed rival, quick to dodge.
fn rival() -> ModelProfile {
    let mut p = common::profile("Rival", Vec::new());
    p.skills.reflexes = 3;
    p
}

/// The shooter active 8" from the rival on an open table: its best action is a shot of
/// little worth (between the two pass values).
fn game() -> Game {
    let setup = common::open_setup(
        vec![
            common::place(shooter(), 0, [4.0, 0.0, 15.0]),
            common::place(rival(), 1, [12.0, 0.0, 15.0]),
        ],
        0,
    );
    common::activated(setup, 3, SHOOTER)
}

#[test]
fn ctrl_21_ctrl_5_the_normal_level_takes_the_long_shot() {
    let g = game();
    let c = NormalBot::new().choose(&g);
    assert!(
        matches!(&c, Command::Act(a) if a.target == Target::Model(RIVAL)),
        "the Normal level shoots rather than end the activation: {c:?}"
    );
}

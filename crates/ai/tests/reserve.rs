//! A character that waits in Reserve (FIELD-8: the tidewater crew's Bilge Diver) enters play
//! the first time it is activated (FIELD-9). Easy counts entering as something to do under
//! any card, and Normal scores entering above Inspiring, so each brings the character in:
//! a crew that leaves it in Reserve fights a model short, and once its last model on the
//! table falls it can neither fight on nor lose by it, and the game plays on to the
//! backstop.

mod skirmishes;

use redline_ai::Level;
use redline_rules::{Game, ModelId};
use skirmishes::{ARENA_BACKSTOP, Table, arena_game, assert_ended_by_the_scenario};

/// Breakout on pier_nine, choir against tidewater, as on the arena list.
const TABLE: Table = ("breakout", "pier_nine", ["choir", "tidewater"]);

/// Arena seeds whose Normal-against-Easy game reached the backstop with the tidewater crew's
/// last character left in Reserve.
const SEEDS: [u64; 2] = [2906162015, 4021746687];

/// The characters of `g` waiting in Reserve.
fn waiting(g: &Game) -> Vec<String> {
    (0..g.model_count() as u16)
        .map(ModelId)
        .filter(|&m| g.in_reserve(m) && g.profile(m).is_character())
        .map(|m| g.profile(m).name.clone())
        .collect()
}

#[test]
fn field_9_easy_brings_a_character_in_reserve_into_play() {
    for seed in SEEDS {
        let g = arena_game(TABLE, (seed, ARENA_BACKSTOP), [Level::Normal, Level::Easy]);
        let left = waiting(&g);
        let note = format!(", {left:?} in Reserve");
        assert_ended_by_the_scenario(&g, &format!("seed {seed}"), &note);
        assert!(left.is_empty(), "seed {seed}: {left:?}");
    }
}

#[test]
fn field_9_normal_brings_a_character_in_reserve_into_play() {
    // The tidewater crew (seat 1) played by Normal, against each scripted level.
    for seed in SEEDS {
        for rival in [Level::Easy, Level::Normal] {
            let g = arena_game(TABLE, (seed, ARENA_BACKSTOP), [rival, Level::Normal]);
            let left = waiting(&g);
            assert!(left.is_empty(), "seed {seed} against {rival:?}: {left:?}");
        }
    }
}

//! Starter-pack games for the AI's integration tests: a scenario on one of its layouts
//! between 100 EB quick teams.

use redline_ai::{Bot, play_until};
use redline_content::skirmish::{quick_team, skirmish};
use redline_content::starter;
use redline_content::team::TeamRules;
use redline_rules::scenario::{Limit, Tiebreak};
use redline_rules::{EndReason, Game, Outcome, Setup, Victory};

/// The set-up of `scenario` on `layout` between the 100 EB quick teams of `factions`, laid
/// out with `seed`, ended by the backstop after `turns` turns of Control.
pub fn quick_skirmish(
    scenario: &str,
    layout: &str,
    factions: [&str; 2],
    seed: u64,
    turns: u32,
) -> Setup {
    let catalog = starter();
    let rules = TeamRules::one_off(100);
    let teams: Vec<_> = factions
        .iter()
        .map(|f| quick_team(&catalog, f, &rules).expect("quick team"))
        .collect();
    let mut s = skirmish(&catalog, scenario, Some(layout), &teams, seed)
        .expect("skirmish")
        .setup;
    s.victory = Victory {
        turn_limit: Some(turns),
    };
    s
}

/// [`quick_skirmish`] played to its end, or to the backstop after `turns` turns of Control,
/// with `bot` answering for both seats and the dice seeded with `seed + 1`.
#[allow(dead_code)] // Not every test that shares this module plays a whole game.
pub fn play_skirmish(
    scenario: &str,
    layout: &str,
    factions: [&str; 2],
    (seed, turns): (u64, u32),
    bot: &mut dyn Bot,
) -> Game {
    let s = quick_skirmish(scenario, layout, factions, seed, turns);
    let mut g = Game::new(s, seed + 1).expect("game");
    play_until(&mut g, bot, |_, _| false).expect("legal answers");
    g
}

/// A starter table of the arena list: scenario, layout and the two factions.
#[allow(dead_code)] // Only the round-limit tests use it.
pub type Table<'a> = (&'a str, &'a str, [&'a str; 2]);

/// How `g` ended: `None` at the backstop (its turn limit), `Some(true)` when the scenario's
/// round limit of six Inspires decided it by `count`, `Some(false)` otherwise.
#[allow(dead_code)] // Only the round-limit tests use it.
pub fn round_limit_ending(g: &Game, count: Tiebreak) -> Option<bool> {
    let why = match g.outcome()? {
        Outcome::Win { why, .. } | Outcome::Draw { why } => why,
    };
    match why {
        EndReason::Limit {
            limit: Limit::Turns(_),
            ..
        } => None,
        EndReason::Limit {
            limit: Limit::Inspires(6),
            decided_by,
        } => Some(*decided_by == count),
        _ => Some(false),
    }
}

/// Plays `table` with each of `seeds` (`bot` made per seed answers for both seats) to a
/// backstop of `turns`: no game may reach the backstop, and the round limit decides at
/// least one by `count`.
#[allow(dead_code)] // Only the round-limit tests use it.
pub fn ends_by_the_scenario(
    table: Table,
    (seeds, turns): (&[u64], u32),
    count: Tiebreak,
    bot: &mut dyn FnMut(u64) -> Box<dyn Bot>,
) {
    let (scenario, layout, factions) = table;
    let mut by_count = 0;
    for &seed in seeds {
        let g = play_skirmish(
            scenario,
            layout,
            factions,
            (seed, turns),
            bot(seed).as_mut(),
        );
        let end = round_limit_ending(&g, count);
        println!("seed {seed}: {:?} after {} turns", g.outcome(), g.turns());
        assert!(
            end.is_some(),
            "seed {seed}: {:?} at the backstop",
            g.outcome()
        );
        by_count += usize::from(end == Some(true));
    }
    assert!(
        by_count > 0,
        "no game decided by {count:?} at the round limit"
    );
}

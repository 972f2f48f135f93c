//! Starter-pack games for the AI's integration tests: a scenario on one of its layouts
//! between 100 EB quick teams.

use redline_ai::{Bot, Level, Persona, play_until};
use redline_content::skirmish::{quick_team, skirmish};
use redline_content::starter;
use redline_content::team::TeamRules;
use redline_rules::scenario::{Limit, Tiebreak};
use redline_rules::{EndReason, Game, ModelId, Outcome, Seat, Setup, Victory};

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

/// The arena's game of `table` with dice `seed` (`redline-cli arena`, the first level in
/// seat 0): each seat's crew in character at `levels` (its faction's deck and personality,
/// the bot seeded as the arena seeds it), deployed through the engine, played to its end or
/// the backstop after `turns` turns of Control.
#[allow(dead_code)] // Only the round-limit tests use it.
pub fn arena_game(table: Table, (seed, turns): (u64, u32), levels: [Level; 2]) -> Game {
    let (scenario, layout, factions) = table;
    let catalog = starter();
    let (setup, plan) = quick_skirmish(scenario, layout, factions, seed, turns).unplaced();
    let mut g = Game::new(setup, seed).expect("game");
    g.deploy_as_planned(&plan).expect("the planned deployment");
    let persona = |f: &str| {
        catalog
            .factions
            .get(f)
            .map_or_else(Persona::generic, Persona::of_faction)
    };
    let mut bots = [
        levels[0].bot_as(seed.wrapping_mul(2), &persona(factions[0])),
        levels[1].bot_as(seed.wrapping_mul(2).wrapping_add(1), &persona(factions[1])),
    ];
    while let Some(d) = g.decision() {
        let c = bots[usize::from(d.seat.0)].choose(&g);
        g.apply(c).expect("a legal answer");
    }
    g
}

/// Panics unless `g` ended by its scenario (its own conditions or its round limit), not at the
/// backstop (its turn limit); `what` names the game in the message, with `note`'s words.
#[allow(dead_code)] // Only the round-limit tests use it.
pub fn assert_ended_by_the_scenario(g: &Game, what: &str, note: &str) {
    let why = match g.outcome() {
        Some(Outcome::Win { why, .. } | Outcome::Draw { why }) => why,
        None => panic!("{what}: no end"),
    };
    assert!(
        !matches!(
            why,
            EndReason::Limit {
                limit: Limit::Turns(_),
                ..
            }
        ),
        "{what}: {why:?} after {} turns{note}",
        g.turns()
    );
}

/// The arena's backstop (`tests/arena/seeds.ron`, `tests/modules/arena_seeds.ron`): turns of
/// Control after which a game still running is decided on models or markers.
#[allow(dead_code)] // Only the round-limit tests use it.
pub const ARENA_BACKSTOP: u32 = 60;

/// Plays the arena's game of `table` at `levels` with each of `seeds` to
/// [`ARENA_BACKSTOP`]: each must end by its scenario ([`assert_ended_by_the_scenario`]).
#[allow(dead_code)] // Only the round-limit tests use it.
pub fn assert_arena_games_end_by_the_scenario(table: Table, seeds: &[u64], levels: [Level; 2]) {
    for &seed in seeds {
        let g = arena_game(table, (seed, ARENA_BACKSTOP), levels);
        let what = format!("{} on {}, seed {seed}", table.0, table.1);
        assert_ended_by_the_scenario(&g, &what, "");
    }
}

/// Every character of `seat` in play has every token Ready: Inspiring is shut (CTRL-3).
#[allow(dead_code)] // Only the round-clock tests use it.
pub fn all_ready(g: &Game, seat: Seat) -> bool {
    (0..g.model_count() as u16)
        .map(ModelId)
        .filter(|&m| g.owner(m) == seat && g.in_play(m) && g.profile(m).is_character())
        .all(|m| g.tokens(m).iter().all(|t| t.ready))
}

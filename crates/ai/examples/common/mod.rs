//! What the Hard examples share: their four tables, their arguments and the game each plays.

use redline_ai::{HardBot, HardBudget, NormalBot};
use redline_content::Catalog;
use redline_content::skirmish::{quick_team, skirmish};
use redline_content::team::TeamRules;
use redline_rules::{Game, Setup, Victory};

/// Scenario, layout and the two factions of each table, played in turn.
const TABLES: [(&str, &str, [&str; 2]); 4] = [
    ("street_claim", "pier_nine", ["ashfall", "tidewater"]),
    ("salvage_run", "refinery_row", ["choir", "ashfall"]),
    ("take_the_head", "tenement_yard", ["ashfall", "glasswork"]),
    ("breakout", "tenement_yard", ["ashfall", "choir"]),
];

/// `[games] [work per turn] [turn limit]` from the command line, with their defaults.
pub struct Args {
    /// Games to play.
    pub games: u64,
    /// Hard's budget: the work given, and a time cap no machine reaches, so the work
    /// budget alone decides.
    pub budget: HardBudget,
    /// Turns of Control before a game ends on models in play.
    pub turn_limit: u32,
}

impl Args {
    /// Reads the arguments.
    pub fn parse() -> Args {
        let mut args = std::env::args().skip(1);
        let games = args.next().and_then(|a| a.parse().ok()).unwrap_or(4);
        let work = args
            .next()
            .and_then(|a| a.parse().ok())
            .unwrap_or(HardBudget::DEFAULT.work);
        let turn_limit = args.next().and_then(|a| a.parse().ok()).unwrap_or(24);
        Args {
            games,
            budget: HardBudget {
                work,
                turn_ms: 3_600_000,
            },
            turn_limit,
        }
    }

    /// Game `g` of the run and its players: the game, Hard's seat (`g % 2`), Hard (seeded
    /// by `g`, with the run's budget) and Normal for the other seat.
    pub fn game(&self, catalog: &Catalog, g: u64) -> (Game, u8, HardBot, NormalBot) {
        (
            table_game(catalog, g, self.turn_limit),
            (g % 2) as u8,
            HardBot::with_budget(g, self.budget),
            NormalBot::new(),
        )
    }
}

/// Game `g`: the tables in turn, seeded by `g` (see [`new_game`]).
fn table_game(catalog: &Catalog, g: u64, turn_limit: u32) -> Game {
    let (scenario, layout, factions) = TABLES[(g as usize) % TABLES.len()];
    new_game(catalog, scenario, layout, factions, g, turn_limit)
}

/// A game of `scenario` on `layout` between 100 EB starter quick teams of `factions`, laid
/// out with `seed` and rolling dice from `seed + 1`, ending at `turn_limit` turns of Control.
pub fn new_game(
    catalog: &Catalog,
    scenario: &str,
    layout: &str,
    factions: [&str; 2],
    seed: u64,
    turn_limit: u32,
) -> Game {
    let setup = table_setup(catalog, [scenario, layout], factions, seed, turn_limit);
    Game::new(setup, seed + 1).expect("game")
}

/// The game `redline-cli arena` plays on table `table` of its seed list (set up with the
/// table's index as the skirmish seed) with dice seed `seed`, the teams deployed through the
/// engine where the skirmish put them.
#[allow(dead_code)]
pub fn arena_game(
    catalog: &Catalog,
    scenario: &str,
    layout: &str,
    factions: [&str; 2],
    (table, seed): (u64, u64),
    turn_limit: u32,
) -> Game {
    let setup = table_setup(catalog, [scenario, layout], factions, table, turn_limit);
    let (setup, plan) = setup.unplaced();
    let mut game = Game::new(setup, seed).expect("game");
    game.deploy_as_planned(&plan)
        .expect("the planned deployment");
    game
}

/// The skirmish of `scenario` on `layout` between 100 EB starter quick teams of
/// `factions`, laid out with `seed`, ending at `turn_limit` turns of Control.
fn table_setup(
    catalog: &Catalog,
    [scenario, layout]: [&str; 2],
    factions: [&str; 2],
    seed: u64,
    turn_limit: u32,
) -> Setup {
    let rules = TeamRules::one_off(100);
    let teams: Vec<_> = factions
        .iter()
        .map(|f| quick_team(catalog, f, &rules).expect("quick team"))
        .collect();
    let mut setup = skirmish(catalog, scenario, Some(layout), &teams, seed)
        .expect("skirmish")
        .setup;
    setup.victory = Victory {
        turn_limit: Some(turn_limit),
    };
    setup
}

/// The models `seat` has in play (for the trace examples; the Hard ones don't count them).
#[allow(dead_code)]
pub fn in_play(game: &Game, seat: u8) -> usize {
    (0..game.model_count())
        .map(|m| redline_rules::ModelId(m as u16))
        .filter(|&m| game.in_play(m) && game.owner(m).0 == seat)
        .count()
}

//! The arena's seed list: the tables (scenario, layout, factions) and dice seeds every
//! pairing is played over. A RON file in the repo (`tests/arena/seeds.ron`, also built in),
//! read with file:line:col for every mistake.

use std::path::Path;

use redline_content::Catalog;
use redline_content::game_size::{GameSize, layout_for_size, skirmish_of_size};
use redline_content::skirmish::{quick_team, skirmish};
use redline_content::team::TeamRules;
use redline_rules::{Setup, Victory};
use serde::Deserialize;

/// The seed list built into the binary: the one in the repo at build time.
pub const BUILT_IN: &str = include_str!("../../../../tests/arena/seeds.ron");

/// Where the built-in list came from, for messages.
pub const BUILT_IN_NAME: &str = "tests/arena/seeds.ron";

/// One table of the list.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Table {
    /// Scenario id.
    pub scenario: String,
    /// Layout id (one the scenario allows).
    pub layout: String,
    /// One faction per seat; each gets the starter quick team for the budget.
    pub teams: Vec<String>,
    /// This table's own backstop, instead of the list's: for a scenario whose own end
    /// comes later than the list's backstop (a large table, a long round limit).
    #[serde(default)]
    pub turn_limit: Option<u32>,
}

/// The whole seed file.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeedList {
    /// Team budget in EB for the quick teams.
    pub eb: u32,
    /// The engine's turn-limit backstop (`None`: play until the scenario ends).
    #[serde(default)]
    pub turn_limit: Option<u32>,
    /// The tables, used in turn: game `i` is on `tables[i % len]`.
    pub tables: Vec<Table>,
    /// Dice seeds, one per game pair.
    pub seeds: Vec<u64>,
    /// A game size chosen on the command line (`--size`): it replaces `eb`, and a table's
    /// layout not of the size's table gives way to the one the size picks.
    #[serde(skip)]
    pub size: Option<GameSize>,
    /// Optional rule modules chosen on the command line (`--modules`): on in every game,
    /// with each table's required ones; a table whose scenario forbids one is refused
    /// (MOD-1).
    #[serde(skip)]
    pub modules: redline_rules::modules::Modules,
}

/// A seed file that can't be used, with its position when the RON is at fault.
#[derive(Debug, Clone, PartialEq)]
pub struct SeedError {
    /// `file:line:col: message`, or `file: message` for mistakes of meaning.
    pub message: String,
    /// Line and column (1-based) of a RON error.
    pub at: Option<(usize, usize)>,
}

/// Parses `text` (named `file` in messages) and checks that every table can be set up.
pub fn parse(file: &str, text: &str) -> Result<SeedList, SeedError> {
    let list: SeedList =
        redline_content::input::parse_ron(text, ron::Options::default()).map_err(|e| {
            SeedError {
                message: format!("{file}:{}:{}: {}", e.line, e.column, e.message),
                at: Some((e.line, e.column)),
            }
        })?;
    let plain = |message: String| SeedError {
        message: format!("{file}: {message}"),
        at: None,
    };
    if list.tables.is_empty() {
        return Err(plain("the seed list has no tables".into()));
    }
    if list.seeds.is_empty() {
        return Err(plain("the seed list has no seeds".into()));
    }
    Ok(list)
}

/// Reads the file at `path`, or the built-in list when `None`.
pub fn read(path: Option<&Path>) -> Result<SeedList, SeedError> {
    match path {
        None => parse(BUILT_IN_NAME, BUILT_IN),
        Some(p) => {
            let text = redline_content::input::read_text(p, redline_content::limits::SMALL_FILE)
                .map_err(|e| SeedError {
                    message: format!("cannot read the seed list: {e}"),
                    at: None,
                })?;
            parse(&p.display().to_string(), &text)
        }
    }
}

impl SeedList {
    /// The dice seed of game pair `pair`: the list's seeds in order, then again, each
    /// round past the first shifted by a fixed odd constant so no game repeats.
    pub fn seed(&self, pair: usize) -> u64 {
        let round = (pair / self.seeds.len()) as u64;
        self.seeds[pair % self.seeds.len()].wrapping_add(round.wrapping_mul(0x9E37_79B9_7F4A_7C15))
    }

    /// Plays every table at `size` (FIELD-1, TEAM-5): quick teams for its EB limit, and a
    /// table whose layout is not of the size's table moved to the layout the size picks for
    /// its scenario ([`layout_for_size`]), so reports name the table played.
    pub fn set_size(&mut self, catalog: &Catalog, size: GameSize) -> Result<(), String> {
        for (i, t) in self.tables.iter_mut().enumerate() {
            let scenario = catalog
                .scenarios
                .get(&t.scenario)
                .ok_or_else(|| format!("table {i}: no scenario '{}'", t.scenario))?;
            let fits = catalog.layouts.get(&t.layout).is_some_and(|l| size.fits(l));
            if !fits {
                t.layout = layout_for_size(catalog, scenario, size, None)
                    .map_err(|e| format!("table {i}: {e}"))?;
            }
        }
        self.eb = size.eb();
        self.size = Some(size);
        Ok(())
    }

    /// One backstop for every table (`--turn-limit`): the list's and each table's own.
    pub fn set_turn_limit(&mut self, limit: u32) {
        self.turn_limit = Some(limit);
        for t in &mut self.tables {
            t.turn_limit = None;
        }
    }

    /// The setup of every table, in order (the quick teams are built once).
    pub fn setups(&self, catalog: &Catalog) -> Result<Vec<Setup>, String> {
        let rules = TeamRules::one_off(self.eb);
        self.tables
            .iter()
            .enumerate()
            .map(|(i, t)| {
                let teams = t
                    .teams
                    .iter()
                    .map(|f| quick_team(catalog, f, &rules).map_err(|e| e.to_string()))
                    .collect::<Result<Vec<_>, _>>()
                    .map_err(|e| format!("table {i}: {e}"))?;
                let built = match self.size {
                    Some(size) => {
                        skirmish_of_size(catalog, &t.scenario, size, Some(&t.layout), &teams)
                    }
                    None => skirmish(catalog, &t.scenario, Some(&t.layout), &teams, i as u64),
                };
                let mut setup = built
                    .and_then(|s| s.with_modules(&self.modules))
                    .map_err(|e| format!("table {i} ({} on {}): {e}", t.scenario, t.layout))?
                    .setup;
                setup.victory = Victory {
                    turn_limit: t.turn_limit.or(self.turn_limit),
                };
                Ok(setup)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn field_1_at_200_eb_every_table_sets_up_on_44_by_30() {
        let mut list = parse(BUILT_IN_NAME, BUILT_IN).unwrap();
        let catalog = redline_content::starter();
        list.set_size(&catalog, GameSize::Eb200).unwrap();
        assert!(list.tables.iter().all(|t| t.layout == "freight_yard"));
        let setups = list.setups(&catalog).unwrap();
        for setup in &setups {
            let table = setup.battlespace.table();
            assert_eq!([table.width, table.depth], [44.0, 30.0]); // FIELD-1
        }
    }

    #[test]
    fn the_built_in_list_reads_and_every_table_sets_up() {
        let list = parse(BUILT_IN_NAME, BUILT_IN).unwrap();
        assert!(
            list.seeds.len() >= 200,
            "400 games per pairing need 200 seeds"
        );
        let catalog = redline_content::starter();
        assert_eq!(list.setups(&catalog).unwrap().len(), list.tables.len());
    }

    #[test]
    fn a_ron_mistake_names_file_line_and_column() {
        let text = "(\n    eb: 100,\n    tables: [],\n    seeds: [1, 2,, 3],\n)\n";
        let e = parse("bad.ron", text).unwrap_err();
        assert_eq!(e.at, Some((4, 18)), "{}", e.message);
        assert!(e.message.starts_with("bad.ron:4:18: "), "{}", e.message);
    }

    #[test]
    fn an_unknown_field_is_refused_where_it_stands() {
        let text = "(\n  eb: 100,\n  tabels: [],\n  seeds: [1],\n)";
        let e = parse("typo.ron", text).unwrap_err();
        assert_eq!(e.at.map(|(l, _)| l), Some(3), "{}", e.message);
        assert!(e.message.contains("tabels"), "{}", e.message);
    }

    #[test]
    fn a_table_s_own_backstop_replaces_the_list_s_until_one_is_set_for_all() {
        let text = r#"(eb: 100, turn_limit: Some(60), tables: [
            (scenario: "street_claim", layout: "pier_nine", teams: ["ashfall", "choir"]),
            (scenario: "street_claim", layout: "pier_nine", teams: ["ashfall", "choir"], turn_limit: Some(200)),
        ], seeds: [1])"#;
        let mut list = parse("x.ron", text).unwrap();
        let catalog = redline_content::starter();
        let limits = |l: &SeedList| -> Vec<Option<u32>> {
            let setups = l.setups(&catalog).unwrap();
            setups.iter().map(|s| s.victory.turn_limit).collect()
        };
        assert_eq!(limits(&list), vec![Some(60), Some(200)]);
        list.set_turn_limit(90);
        assert_eq!(limits(&list), vec![Some(90), Some(90)]);
    }

    #[test]
    fn an_unknown_scenario_is_named() {
        let text = r#"(eb: 100, tables: [(scenario: "nope", layout: "pier_nine", teams: ["ashfall", "choir"])], seeds: [1])"#;
        let list = parse("x.ron", text).unwrap();
        let e = list.setups(&redline_content::starter()).unwrap_err();
        assert!(e.contains("nope"), "{e}");
    }

    #[test]
    fn seeds_go_round_again_shifted() {
        let list = parse("s.ron", "(eb: 100, tables: [], seeds: [5, 6])").unwrap_err();
        assert!(list.message.contains("no tables"));
        let list = SeedList {
            eb: 100,
            turn_limit: None,
            tables: Vec::new(),
            seeds: vec![5, 6],
            size: None,
            modules: Default::default(),
        };
        assert_eq!((list.seed(0), list.seed(1)), (5, 6));
        assert_eq!(list.seed(2), 5u64.wrapping_add(0x9E37_79B9_7F4A_7C15));
        assert_ne!(list.seed(2), list.seed(0));
    }

    #[test]
    fn an_empty_list_is_refused() {
        let e = parse("e.ron", "(eb: 100, tables: [], seeds: [1])").unwrap_err();
        assert_eq!(e.at, None);
        assert!(e.message.contains("no tables"), "{}", e.message);
    }
}

//! Game sizes (FIELD-1, FIELD-2, TEAM-5): a game is played at 100, 150 or 200 EB. The
//! smaller two are played on a 30" × 22" table with 10–15 scenery pieces; a 200 EB game on a
//! double table, 44" × 30", with twice the scenery. The app's settings screen lists
//! [`GameSize::ALL`] and shows [`GameSize::table`]; a one-off team is built under
//! [`GameSize::team_rules`], and [`GameSize::layouts`] are the ready tables of that size.
//!
//! [`skirmish_of_size`] sets a one-off game up at a size. The size decides the EB limit
//! (the scenario's own limit is its suggestion for a game with no size chosen) and the
//! table: a layout asked for must be of the size's table, and one of the scenario's own
//! layouts when the scenario lists any of that table; with none asked for, the game is
//! played on the scenario's first layout of that table, else on the packs' first ready
//! layout of that table ([`GameSize::layouts`]); with neither, the size is refused, naming
//! the scenario and the size. Deployment zones are measured from the table's edges and
//! corners, so every scenario's set-up fits either table.

use std::ops::RangeInclusive;

use crate::Catalog;
use crate::schema::{Layout, Scenario};
use crate::skirmish::{Skirmish, SkirmishError, find_scenario, set_up};
use crate::team::{TeamRules, TeamSpec};

/// How big a game is: its EB limit, which sets the table and the scenery (FIELD-1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum GameSize {
    /// 100 EB on 30" × 22".
    Eb100,
    /// 150 EB on 30" × 22": the usual game.
    #[default]
    Eb150,
    /// 200 EB on the double table, 44" × 30".
    Eb200,
}

impl GameSize {
    /// Every size, smallest first.
    pub const ALL: [GameSize; 3] = [GameSize::Eb100, GameSize::Eb150, GameSize::Eb200];

    /// The size with this EB limit, if it is one of the three.
    pub fn from_eb(eb: u32) -> Option<GameSize> {
        GameSize::ALL.into_iter().find(|s| s.eb() == eb)
    }

    /// The team's EB limit (TEAM-5).
    pub fn eb(self) -> u32 {
        match self {
            GameSize::Eb100 => 100,
            GameSize::Eb150 => 150,
            GameSize::Eb200 => 200,
        }
    }

    /// The table the rulebook recommends, (x, z) in inches with x along the long edge
    /// (FIELD-1).
    pub fn table(self) -> [f32; 2] {
        match self {
            GameSize::Eb100 | GameSize::Eb150 => [30.0, 22.0],
            GameSize::Eb200 => [44.0, 30.0],
        }
    }

    /// How many scenery pieces the table should hold (FIELD-2): 10–15 on the single table,
    /// twice that on the double one.
    pub fn scenery_count(self) -> RangeInclusive<usize> {
        match self {
            GameSize::Eb100 | GameSize::Eb150 => 10..=15,
            GameSize::Eb200 => 20..=30,
        }
    }

    /// The table as words: `44" × 30"`.
    pub fn table_label(self) -> String {
        let [x, z] = self.table();
        format!("{x}\" × {z}\"")
    }

    /// Whether `layout` is a table of this size (FIELD-1).
    pub fn fits(self, layout: &Layout) -> bool {
        let [x, z] = self.table();
        (layout.size[0] - x).abs() < 0.01 && (layout.size[1] - z).abs() < 0.01
    }

    /// The one-off team-building rules at this size.
    pub fn team_rules(self) -> TeamRules {
        TeamRules::one_off(self.eb())
    }

    /// The catalog's ready layouts of this size's table, in catalog order.
    pub fn layouts(self, catalog: &Catalog) -> Vec<String> {
        catalog
            .layouts
            .iter()
            .filter(|l| self.fits(l))
            .map(|l| l.id.clone())
            .collect()
    }

    /// The size's name for menus and the command line: "100 EB".
    pub fn label(self) -> String {
        format!("{} EB", self.eb())
    }
}

impl std::str::FromStr for GameSize {
    type Err = String;

    /// "100", "150" or "200" (an "EB" after the number is allowed).
    fn from_str(text: &str) -> Result<GameSize, String> {
        let number = text
            .trim()
            .trim_end_matches("EB")
            .trim_end_matches("eb")
            .trim();
        number
            .parse::<u32>()
            .ok()
            .and_then(GameSize::from_eb)
            .ok_or_else(|| format!("'{text}' is not a game size: a game is 100, 150 or 200 EB"))
    }
}

/// The layout a game of `size` of `scenario` is played on (see the module docs): `layout`
/// if it is of the size's table and the scenario allows it, else the scenario's first
/// layout of that table, else the packs' first ready one.
pub fn layout_for_size(
    catalog: &Catalog,
    scenario: &Scenario,
    size: GameSize,
    layout: Option<&str>,
) -> Result<String, SkirmishError> {
    let of_size = |id: &String| catalog.layouts.get(id).is_some_and(|l| size.fits(l));
    let own: Vec<&String> = scenario
        .setup
        .layouts
        .iter()
        .filter(|l| of_size(l))
        .collect();
    match layout {
        Some(id) => {
            if let Some(l) = catalog.layouts.get(id).filter(|l| !size.fits(l)) {
                return Err(SkirmishError::LayoutNotOfSize {
                    layout: id.to_owned(),
                    size: size.label(),
                    table: format!("{}\" × {}\"", l.size[0], l.size[1]),
                    wanted: size.table_label(),
                });
            }
            if !own.is_empty() && !own.iter().any(|l| *l == id) {
                return Err(SkirmishError::LayoutNotInScenario {
                    scenario: scenario.id.clone(),
                    layout: id.to_owned(),
                    allowed: own
                        .iter()
                        .map(|l| l.as_str())
                        .collect::<Vec<_>>()
                        .join(", "),
                });
            }
            Ok(id.to_owned())
        }
        None => own
            .first()
            .map(|l| (*l).clone())
            .or_else(|| size.layouts(catalog).into_iter().next())
            .ok_or_else(|| SkirmishError::NoLayoutOfSize {
                scenario: scenario.id.clone(),
                size: size.label(),
                table: size.table_label(),
            }),
    }
}

/// Sets up `scenario_id` as a one-off game of `size` (FIELD-1, FIELD-2, TEAM-5): every team
/// is built within the size's EB limit and the table is the size's, chosen by
/// [`layout_for_size`]. This is what a settings screen calls once the players have chosen
/// the scenario, the size and (optionally) the layout.
pub fn skirmish_of_size(
    catalog: &Catalog,
    scenario_id: &str,
    size: GameSize,
    layout: Option<&str>,
    teams: &[TeamSpec],
) -> Result<Skirmish, SkirmishError> {
    let scenario = find_scenario(catalog, scenario_id)?;
    let layout_id = layout_for_size(catalog, &scenario, size, layout)?;
    set_up(catalog, scenario, layout_id, teams, &[], &size.team_rules())
}

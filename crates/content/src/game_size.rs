//! Game sizes (FIELD-1, FIELD-2, TEAM-5): a game is played at 100, 150 or 200 EB. The
//! smaller two are played on a 30" × 22" table with 10–15 scenery pieces; a 200 EB game on a
//! double table, 44" × 30", with twice the scenery. The app's settings screen lists
//! [`GameSize::ALL`] and shows [`GameSize::table`]; a one-off team is built under
//! [`GameSize::team_rules`], and [`GameSize::layouts`] are the ready tables of that size.

use std::ops::RangeInclusive;

use crate::Catalog;
use crate::team::TeamRules;

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

    /// The one-off team-building rules at this size.
    pub fn team_rules(self) -> TeamRules {
        TeamRules::one_off(self.eb())
    }

    /// The catalog's ready layouts of this size's table, in catalog order.
    pub fn layouts(self, catalog: &Catalog) -> Vec<String> {
        let [x, z] = self.table();
        catalog
            .layouts
            .iter()
            .filter(|l| (l.size[0] - x).abs() < 0.01 && (l.size[1] - z).abs() < 0.01)
            .map(|l| l.id.clone())
            .collect()
    }

    /// The size's name for menus and the command line: "100 EB".
    pub fn label(self) -> String {
        format!("{} EB", self.eb())
    }
}

//! Co-op sheets (COOP-1..COOP-5): what a scenario played by two or three people against the
//! computer adds to the sheet: the computer side's crews and its waves of reinforcements.

use serde::{Deserialize, Serialize};

use super::Zone;

/// Fewest people at a co-op table (COOP-1).
pub const MIN_PEOPLE: u8 = 2;
/// Most people at a co-op table (COOP-1).
pub const MAX_PEOPLE: u8 = 3;

/// The computer side of a co-op scenario, written
/// `coop: (computer: [(faction: "glasswork", eb: 150, eb_per_person: 50)], waves: [...])`.
/// The computer's seats come first (seat 0, then 1), the people's after them (COOP-1).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CoopSheet {
    /// One crew per computer seat, in seat order (one or two).
    pub computer: Vec<ComputerCrew>,
    /// The computer side's reinforcements (COOP-2, COOP-3).
    #[serde(default)]
    pub waves: Vec<WaveSheet>,
}

impl CoopSheet {
    /// Seats the computer plays.
    pub fn computer_seats(&self) -> u8 {
        u8::try_from(self.computer.len()).unwrap_or(u8::MAX)
    }
}

/// A computer seat's crew: the faction's quick team at an EB limit that grows with each
/// person past two (COOP-4).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ComputerCrew {
    /// Faction id.
    pub faction: String,
    /// EB limit of the crew against two people.
    pub eb: u32,
    /// EB added for each person past two.
    #[serde(default)]
    pub eb_per_person: u32,
}

/// A wave of reinforcements (COOP-2, COOP-3): models of a computer seat that wait in Reserve
/// until that seat has finished `after` Inspires, then enter inside `zone`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WaveSheet {
    /// The computer seat the wave joins.
    pub seat: u8,
    /// Inspires the seat must have finished before the wave enters.
    pub after: u8,
    /// Where the wave is set down; left out, the scenario's Reserve entry.
    #[serde(default)]
    pub zone: Option<Zone>,
    /// Character or Gonk card ids, one per model.
    pub models: Vec<String>,
    /// Card ids added for each person past two.
    #[serde(default)]
    pub per_person: Vec<String>,
}

impl WaveSheet {
    /// The wave's card ids with `people` at the table (COOP-4).
    pub fn cards(&self, people: u8) -> Vec<&str> {
        let extra = usize::from(people.saturating_sub(MIN_PEOPLE));
        let mut out: Vec<&str> = self.models.iter().map(String::as_str).collect();
        for _ in 0..extra {
            out.extend(self.per_person.iter().map(String::as_str));
        }
        out
    }
}

//! The table: its size, edges, corners, centre, quarters (FIELD-10) and deployment zones (FIELD-4).

use crate::units::Hypot;
use serde::{Deserialize, Serialize};

use crate::model::ModelBase;
use crate::units::{EPSILON, REACH};

/// The playing surface: a rectangle from the origin, `width` along x (the long edge) and
/// `depth` along z, in inches.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Table {
    /// Size along x, in inches.
    pub width: f32,
    /// Size along z, in inches.
    pub depth: f32,
}

/// One of the four table edges.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Edge {
    /// The edge along z at x = 0.
    West,
    /// The edge along z at x = width.
    East,
    /// The edge along x at z = 0.
    North,
    /// The edge along x at z = depth.
    South,
}

/// One of the four table corners.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Corner {
    /// x = 0, z = 0.
    NorthWest,
    /// x = width, z = 0.
    NorthEast,
    /// x = 0, z = depth.
    SouthWest,
    /// x = width, z = depth.
    SouthEast,
}

/// One of the four equal quarters of the table (FIELD-10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Quarter {
    /// x < width/2, z < depth/2.
    NorthWest,
    /// x ≥ width/2, z < depth/2.
    NorthEast,
    /// x < width/2, z ≥ depth/2.
    SouthWest,
    /// x ≥ width/2, z ≥ depth/2.
    SouthEast,
}

impl Quarter {
    /// All four quarters, in a fixed order.
    pub const ALL: [Quarter; 4] = [
        Quarter::NorthWest,
        Quarter::NorthEast,
        Quarter::SouthWest,
        Quarter::SouthEast,
    ];
}

/// A deployment or entry zone measured from the table (FIELD-4): "within X of ...".
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum DeploymentZone {
    /// Within `distance` inches of an edge.
    Edge {
        /// The edge measured from.
        edge: Edge,
        /// How far in, in inches.
        distance: f32,
    },
    /// Within `distance` inches of a corner.
    Corner {
        /// The corner measured from.
        corner: Corner,
        /// How far, in inches.
        distance: f32,
    },
    /// Within `distance` inches of the table's centre.
    Centre {
        /// How far, in inches.
        distance: f32,
    },
}

impl Table {
    /// A table of any size (FIELD-3).
    pub fn new(width: f32, depth: f32) -> Table {
        Table { width, depth }
    }

    /// The 22"×30" table for 100 and 150 EB games (FIELD-1): 30" along x.
    pub fn standard() -> Table {
        Table::new(30.0, 22.0)
    }

    /// The 44"×30" table for 200 EB games (FIELD-1): 44" along x.
    pub fn double() -> Table {
        Table::new(44.0, 30.0)
    }

    /// The centre point (x, z).
    pub fn centre(&self) -> [f32; 2] {
        [self.width / 2.0, self.depth / 2.0]
    }

    /// The (x, z) position of a corner.
    pub fn corner(&self, corner: Corner) -> [f32; 2] {
        match corner {
            Corner::NorthWest => [0.0, 0.0],
            Corner::NorthEast => [self.width, 0.0],
            Corner::SouthWest => [0.0, self.depth],
            Corner::SouthEast => [self.width, self.depth],
        }
    }

    /// Whether a point (x, z) lies on the table.
    pub fn contains_point(&self, x: f32, z: f32) -> bool {
        (-EPSILON..=self.width + EPSILON).contains(&x)
            && (-EPSILON..=self.depth + EPSILON).contains(&z)
    }

    /// Whether the whole base lies on the table.
    pub fn contains_base(&self, base: &ModelBase) -> bool {
        let [x, _, z] = base.position;
        let r = base.radius;
        x - r >= -EPSILON
            && x + r <= self.width + EPSILON
            && z - r >= -EPSILON
            && z + r <= self.depth + EPSILON
    }

    /// Distance from the nearest point of the base to an edge (OPEN-1); 0 when it overhangs.
    pub fn distance_to_edge(&self, base: &ModelBase, edge: Edge) -> f32 {
        let [x, _, z] = base.position;
        let centre = match edge {
            Edge::West => x,
            Edge::East => self.width - x,
            Edge::North => z,
            Edge::South => self.depth - z,
        };
        (centre - base.radius).max(0.0)
    }

    /// The edges whose reach the base is within (FIELD-9 reserve entry).
    pub fn edges_within_reach(&self, base: &ModelBase) -> Vec<Edge> {
        [Edge::West, Edge::East, Edge::North, Edge::South]
            .into_iter()
            .filter(|&e| self.edge_within_reach(base, e))
            .collect()
    }

    /// Whether some edge is within reach of the base: `!edges_within_reach(base).is_empty()`
    /// without listing them, for searches over many spots.
    pub fn near_an_edge(&self, base: &ModelBase) -> bool {
        [Edge::West, Edge::East, Edge::North, Edge::South]
            .into_iter()
            .any(|e| self.edge_within_reach(base, e))
    }

    fn edge_within_reach(&self, base: &ModelBase, edge: Edge) -> bool {
        self.distance_to_edge(base, edge) <= REACH + EPSILON
    }

    /// The centre point (x, z) of a quarter (FIELD-10).
    pub fn quarter_centre(&self, quarter: Quarter) -> [f32; 2] {
        let east = matches!(quarter, Quarter::NorthEast | Quarter::SouthEast);
        let south = matches!(quarter, Quarter::SouthWest | Quarter::SouthEast);
        let x = if east {
            self.width * 0.75
        } else {
            self.width * 0.25
        };
        let z = if south {
            self.depth * 0.75
        } else {
            self.depth * 0.25
        };
        [x, z]
    }

    /// The quarter a point (x, z) lies in (points on the centre lines go east / south).
    pub fn quarter_at(&self, x: f32, z: f32) -> Quarter {
        let east = x >= self.width / 2.0;
        let south = z >= self.depth / 2.0;
        match (east, south) {
            (false, false) => Quarter::NorthWest,
            (true, false) => Quarter::NorthEast,
            (false, true) => Quarter::SouthWest,
            (true, true) => Quarter::SouthEast,
        }
    }

    /// The quarter the base is *wholly* inside, if any (FIELD-10); a base straddling a centre
    /// line is in no quarter.
    pub fn quarter_of(&self, base: &ModelBase) -> Option<Quarter> {
        if !self.contains_base(base) {
            return None;
        }
        let [x, _, z] = base.position;
        let r = base.radius;
        let (hx, hz) = (self.width / 2.0, self.depth / 2.0);
        let west = x + r <= hx + EPSILON;
        let east = x - r >= hx - EPSILON;
        let north = z + r <= hz + EPSILON;
        let south = z - r >= hz - EPSILON;
        match (west, east, north, south) {
            (true, _, true, _) => Some(Quarter::NorthWest),
            (_, true, true, _) => Some(Quarter::NorthEast),
            (true, _, _, true) => Some(Quarter::SouthWest),
            (_, true, _, true) => Some(Quarter::SouthEast),
            _ => None,
        }
    }

    /// Whether the base is wholly inside the given quarter (FIELD-10).
    pub fn wholly_inside(&self, base: &ModelBase, quarter: Quarter) -> bool {
        self.quarter_of(base) == Some(quarter)
    }

    /// Who holds each quarter (FIELD-10), in [`Quarter::ALL`] order: the team with more models
    /// wholly inside than all rival models there together, or `None`.
    ///
    /// Asked after every Control decision and by bots for every move, so it lists nothing:
    /// a majority vote (Boyer–Moore) per quarter finds the one team that could hold more than
    /// half of the models inside, and a second pass counts that team's models.
    pub fn quarter_control(&self, models: &[ModelBase]) -> [Option<u8>; 4] {
        let slot = |m: &ModelBase| {
            self.quarter_of(m)
                .and_then(|q| Quarter::ALL.iter().position(|&a| a == q))
        };
        let mut leader = [0u8; 4];
        let mut lead = [0usize; 4];
        let mut inside = [0usize; 4];
        for m in models {
            if let Some(i) = slot(m) {
                inside[i] += 1;
                if lead[i] == 0 {
                    leader[i] = m.team;
                    lead[i] = 1;
                } else if leader[i] == m.team {
                    lead[i] += 1;
                } else {
                    lead[i] -= 1;
                }
            }
        }
        let mut ours = [0usize; 4];
        for m in models {
            if let Some(i) = slot(m)
                && m.team == leader[i]
            {
                ours[i] += 1;
            }
        }
        std::array::from_fn(|i| {
            (inside[i] > 0 && ours[i] > inside[i] - ours[i]).then_some(leader[i])
        })
    }

    /// Whether the whole base is inside a deployment zone (FIELD-4): every point of the base
    /// within the zone's distance, and the base on the table.
    pub fn in_zone(&self, base: &ModelBase, zone: DeploymentZone) -> bool {
        if !self.contains_base(base) {
            return false;
        }
        let [x, _, z] = base.position;
        let r = base.radius;
        let far = match zone {
            DeploymentZone::Edge { edge, distance } => {
                let centre = match edge {
                    Edge::West => x,
                    Edge::East => self.width - x,
                    Edge::North => z,
                    Edge::South => self.depth - z,
                };
                return centre + r <= distance + EPSILON;
            }
            DeploymentZone::Corner { corner, distance } => (self.corner(corner), distance),
            DeploymentZone::Centre { distance } => (self.centre(), distance),
        };
        let ([px, pz], distance) = far;
        ((x - px).hypot_exact(z - pz) + r) <= distance + EPSILON
    }
}

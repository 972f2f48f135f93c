//! The geometry of the fences the defender puts up in the security step (SEC-2, SEC-14): a
//! section's shape and ends, the open ground it must stand on, the gates it must leave, and
//! whether it would close a fenced area with no gate, with other sections alone or with
//! walls and buildings too. Also the few sections the listed answers offer.

use redline_battlespace::{
    FenceKind, Hypot, ModelBase, SceneryId, SceneryKind, SceneryPiece, SceneryShape,
    point_segment_distance, segments_apart,
};

use crate::geometry::Base;
use crate::protocol::error::{RuleError, refuse};
use crate::protocol::rule::Rule;
use crate::setup::security::{FENCE_SECTION, GATE_WIDTH, SecurityRules};
use crate::state::Game;

/// How tall a fence section stands, in inches.
const FENCE_HEIGHT: f32 = 1.5;
/// How thick a fence section is, in inches.
const FENCE_THICKNESS: f32 = 0.2;
/// How far a fence section's length may be from 4", in inches.
const SECTION_TOLERANCE: f32 = 0.01;
/// Ends of two fence sections this close are joined.
const JOINED: f32 = 0.05;
/// Step between the points of a fence section checked for open ground, in inches.
const GROUND_STEP: f32 = 0.5;
/// Most fence positions offered among the listed answers, each in both kinds.
const FENCE_SPOTS: usize = 4;
/// Half the sides of the squares the offered fence sections run along, around what the
/// defender guards, in inches: 8" and 12" squares, in 4" sections.
const FENCE_SQUARES: [f32; 2] = [4.0, 6.0];

/// A fence section's two ends, (x, z).
type Section = ([f32; 2], [f32; 2]);

impl Game {
    /// SEC-2, SEC-14: a fence goes up in 4" sections on open ground, over no model, and
    /// leaves every gap a gate: another section's end is joined to it or at least 1.5"
    /// away, and it closes no fenced area, alone or with walls and buildings.
    pub(super) fn check_fence(
        &self,
        rules: &SecurityRules,
        from: [f32; 2],
        to: [f32; 2],
    ) -> Result<(), RuleError> {
        if !from.iter().chain(&to).all(|v| v.is_finite())
            || (dist(from, to) - FENCE_SECTION).abs() > SECTION_TOLERANCE
        {
            return refuse(Rule::Sec14, "A fence goes up in sections 4\" long");
        }
        let table = self.space().table();
        if !table.contains_point(from[0], from[1]) || !table.contains_point(to[0], to[1]) {
            return refuse(Rule::Sec2, "A fence section stands on the table");
        }
        let open = ground_points(from, to).all(|[x, z]| {
            let probe = Base {
                id: u32::MAX,
                team: u8::MAX,
                position: [x, 0.0, z],
                radius: FENCE_THICKNESS / 2.0,
            };
            self.space().surface_height_at(x, z) <= 0.01 && self.space().can_place(&probe, &[])
        });
        if !open {
            return refuse(
                Rule::Sec2,
                "A fence section stands on open ground, clear of scenery",
            );
        }
        let over_model = self.bases_in_play().iter().any(|b| {
            let c = [b.position[0], b.position[2]];
            point_segment_distance(c, from, to) < b.radius + FENCE_THICKNESS / 2.0
        });
        if over_model {
            return refuse(
                Rule::Sec2,
                "A fence section can't stand over a model's base",
            );
        }
        self.check_gates(rules, (from, to))
    }

    /// SEC-2: every gap between fence sections is a gate, and no section closes a fenced
    /// area without one: its two ends are not already linked by joined sections, walls and
    /// buildings, with no gap of 1.5" between them.
    fn check_gates(&self, rules: &SecurityRules, new: Section) -> Result<(), RuleError> {
        let fences: Vec<Section> = rules
            .plan
            .fences
            .iter()
            .filter_map(|f| self.space().piece(SceneryId(f.piece)))
            .filter_map(fence_ends)
            .collect();
        for &(a, b) in &fences {
            if !joined((a, b), new) && segments_apart(a, b, new.0, new.1) < GATE_WIDTH {
                return refuse(
                    Rule::Sec2,
                    "A gap between fence sections is a gate at least 1.5\" wide, or none: join \
                     the ends or leave the gap",
                );
            }
        }
        let links = self.fence_links(&fences);
        let at = |end: [f32; 2]| links.end_nodes(self, &fences, end);
        let from = at(new.0);
        if at(new.1)
            .iter()
            .any(|&b| from.iter().any(|&a| links.linked(a, b)))
        {
            return refuse(
                Rule::Sec2,
                "That section would close a fenced area with no gate: every fenced area, \
                 closed by fences alone or with walls and buildings, has a gate at least 1.5\" \
                 wide",
            );
        }
        Ok(())
    }

    /// How the fence sections placed so far and the walls and buildings on the table hold
    /// together (SEC-2): sections joined end to end, a section whose end is less than a
    /// gate's width from a wall, and walls that touch or belong to one building.
    fn fence_links(&self, fences: &[Section]) -> Links {
        let walls = self.enclosing_walls();
        let mut links = Links::new(fences.len(), walls.clone());
        for i in 0..fences.len() {
            for k in i + 1..fences.len() {
                if joined(fences[i], fences[k]) {
                    links.join(i, k);
                }
            }
            for end in [fences[i].0, fences[i].1] {
                for w in self.walls_near(&walls, end) {
                    links.join(i, fences.len() + w);
                }
            }
        }
        for (i, a) in walls.iter().enumerate() {
            for (k, b) in walls.iter().enumerate().skip(i + 1) {
                if self.walls_touch(*a, *b) {
                    links.join(fences.len() + i, fences.len() + k);
                }
            }
        }
        links
    }

    /// The walls and buildings that may close a fenced area: barriers standing on the
    /// table, floor and roof slabs and fences left out.
    fn enclosing_walls(&self) -> Vec<SceneryId> {
        self.space()
            .pieces()
            .iter()
            .filter(|p| p.kind == SceneryKind::Barrier && p.fence.is_none() && p.base <= 0.01)
            .filter(|p| p.storey.is_none_or(|s| !s.slab))
            .map(|p| p.id)
            .collect()
    }

    /// The indices, in `walls`, of the walls less than a gate's width from the point.
    fn walls_near(&self, walls: &[SceneryId], end: [f32; 2]) -> Vec<usize> {
        let probe = ModelBase {
            id: u32::MAX,
            team: u8::MAX,
            position: [end[0], 0.0, end[1]],
            radius: 0.01,
        };
        (0..walls.len())
            .filter(|&w| {
                self.space()
                    .distance_to_piece(&probe, walls[w])
                    .is_some_and(|d| d < GATE_WIDTH)
            })
            .collect()
    }

    /// Whether two walls hold together with no gate between them: parts of one building,
    /// or footprints that touch.
    fn walls_touch(&self, a: SceneryId, b: SceneryId) -> bool {
        let (Some(a), Some(b)) = (self.space().piece(a), self.space().piece(b)) else {
            return false;
        };
        let building = |p: &SceneryPiece| p.storey.map(|s| s.building);
        (building(a).is_some() && building(a) == building(b)) || a.footprint_overlaps(b)
    }

    /// The fence sections offered among the listed answers (SEC-2): sections along 8" and
    /// 12" squares around what the defender guards (the objective marker nearest its
    /// deployment zone, or the zone's middle), those the engine accepts now, at most
    /// [`FENCE_SPOTS`] of them, each in both kinds.
    pub(super) fn fence_spots(&self) -> Vec<(FenceKind, [f32; 2], [f32; 2])> {
        let Some(rules) = self.security_rules() else {
            return Vec::new();
        };
        let centre = self.guarded_point(rules);
        let mut out = Vec::new();
        let mut spots = 0;
        for half in FENCE_SQUARES {
            for (from, to) in square_sections(centre, half) {
                if spots == FENCE_SPOTS {
                    return out;
                }
                if self.check_fence(rules, from, to).is_ok() {
                    spots += 1;
                    for kind in [FenceKind::ChainLink, FenceKind::RazorWire] {
                        out.push((kind, from, to));
                    }
                }
            }
        }
        out
    }

    /// What the defender guards, (x, z): the objective marker nearest the middle of its
    /// deployment zone, or that middle when the scenario has no marker.
    fn guarded_point(&self, rules: &SecurityRules) -> [f32; 2] {
        let table = *self.space().table();
        let [cx, cz] = table.centre();
        let home = match self.st.setup.scenario.zone_of(rules.defender) {
            Some(redline_battlespace::DeploymentZone::Edge { edge, distance }) => {
                use redline_battlespace::Edge;
                match edge {
                    Edge::North => [cx, distance / 2.0],
                    Edge::South => [cx, table.depth - distance / 2.0],
                    Edge::West => [distance / 2.0, cz],
                    Edge::East => [table.width - distance / 2.0, cz],
                }
            }
            Some(redline_battlespace::DeploymentZone::Corner { corner, .. }) => {
                table.corner(corner)
            }
            _ => [cx, cz],
        };
        self.markers()
            .iter()
            .map(|m| [m.at[0], m.at[2]])
            .min_by(|a, b| dist(*a, home).total_cmp(&dist(*b, home)))
            .unwrap_or(home)
    }
}

/// Union-find over the fence sections placed (first) and the enclosing walls (after).
struct Links {
    parent: Vec<usize>,
    walls: Vec<SceneryId>,
}

impl Links {
    fn new(fences: usize, walls: Vec<SceneryId>) -> Links {
        Links {
            parent: (0..fences + walls.len()).collect(),
            walls,
        }
    }

    fn root(&self, mut i: usize) -> usize {
        while self.parent[i] != i {
            i = self.parent[i];
        }
        i
    }

    fn join(&mut self, a: usize, b: usize) {
        let (a, b) = (self.root(a), self.root(b));
        if a != b {
            self.parent[a.max(b)] = a.min(b);
        }
    }

    fn linked(&self, a: usize, b: usize) -> bool {
        self.root(a) == self.root(b)
    }

    /// The nodes a new section's end would hold on to: sections with an end joined to it,
    /// and walls less than a gate's width from it.
    fn end_nodes(&self, game: &Game, fences: &[Section], end: [f32; 2]) -> Vec<usize> {
        let mut out: Vec<usize> = (0..fences.len())
            .filter(|&i| dist(fences[i].0, end) <= JOINED || dist(fences[i].1, end) <= JOINED)
            .collect();
        out.extend(
            game.walls_near(&self.walls, end)
                .into_iter()
                .map(|w| fences.len() + w),
        );
        out
    }
}

/// The 4" sections of the square of half side `half` around `centre`, side after side.
fn square_sections(centre: [f32; 2], half: f32) -> Vec<Section> {
    let [x, z] = centre;
    let corners = [
        [x - half, z - half],
        [x + half, z - half],
        [x + half, z + half],
        [x - half, z + half],
    ];
    let mut out = Vec::new();
    for k in 0..4 {
        let (a, b) = (corners[k], corners[(k + 1) % 4]);
        let n = (2.0 * half / FENCE_SECTION).round().max(1.0) as usize;
        for i in 0..n {
            let t0 = i as f32 / n as f32;
            let t1 = (i + 1) as f32 / n as f32;
            let at = |t: f32| [a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])];
            out.push((at(t0), at(t1)));
        }
    }
    out
}

/// A fence section from `from` to `to`: a thin obstacle standing on the table (SEC-14).
pub(super) fn fence_section(id: u32, from: [f32; 2], to: [f32; 2]) -> SceneryPiece {
    let len = dist(from, to).max(f32::EPSILON);
    let h = FENCE_THICKNESS / 2.0;
    let n = [-(to[1] - from[1]) / len * h, (to[0] - from[0]) / len * h];
    let corner = |p: [f32; 2], s: f32| [p[0] + s * n[0], p[1] + s * n[1]];
    SceneryPiece::new(
        id,
        &format!("Fence {id}"),
        SceneryKind::Obstacle,
        SceneryShape::Hull {
            footprint: vec![
                corner(from, 1.0),
                corner(to, 1.0),
                corner(to, -1.0),
                corner(from, -1.0),
            ],
            height: FENCE_HEIGHT,
        },
    )
}

/// The two ends of a fence section put up in the security step ([`fence_section`]).
fn fence_ends(piece: &SceneryPiece) -> Option<Section> {
    let SceneryShape::Hull { footprint, .. } = &piece.shape else {
        return None;
    };
    let [a, b, c, d] = footprint.as_slice() else {
        return None;
    };
    let mid = |p: &[f32; 2], q: &[f32; 2]| [(p[0] + q[0]) / 2.0, (p[1] + q[1]) / 2.0];
    Some((mid(a, d), mid(b, c)))
}

/// Points along a section, every [`GROUND_STEP`], from a fence's thickness in from each
/// end (where another section may be joined to it) to the same from the other.
fn ground_points(from: [f32; 2], to: [f32; 2]) -> impl Iterator<Item = [f32; 2]> {
    let len = dist(from, to).max(f32::EPSILON);
    let n = (len / GROUND_STEP).ceil().max(1.0) as usize;
    let inset = (FENCE_THICKNESS / len).min(0.5);
    (0..=n).map(move |i| {
        let t = inset + (1.0 - 2.0 * inset) * i as f32 / n as f32;
        [
            from[0] + t * (to[0] - from[0]),
            from[1] + t * (to[1] - from[1]),
        ]
    })
}

/// Whether two sections share an end.
fn joined(a: Section, b: Section) -> bool {
    [a.0, a.1]
        .iter()
        .any(|&p| dist(p, b.0) <= JOINED || dist(p, b.1) <= JOINED)
}

/// The distance between two points on the table's plane, measured as every distance is.
fn dist(a: [f32; 2], b: [f32; 2]) -> f32 {
    (a[0] - b[0]).hypot_exact(a[1] - b[1])
}

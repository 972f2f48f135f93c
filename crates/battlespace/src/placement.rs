//! Where a model may be set down (deployment, reserves, deploying drones): on the table or
//! an elevated top, inside no scenery, overlapping no other base (MOVE-4, FIELD-7).

use crate::units::Hypot;
use rapier3d::parry::math::Pose;

use crate::model::ModelBase;
use crate::solid::{self, Role};
use crate::space::Battlespace;
use crate::table::DeploymentZone;

impl Battlespace {
    /// Whether `base` can be set down where it is: wholly on the table, standing on the
    /// surface at its position (the table or an elevated top), its body inside no scenery
    /// and its base overlapping none of `others`.
    pub fn can_place(&self, base: &ModelBase, others: &[ModelBase]) -> bool {
        let [x, y, z] = base.position;
        if !self.table().contains_base(base) || others.iter().any(|o| o.overlaps(base)) {
            return false;
        }
        if (self.level_at(x, z, y) - y).abs() > 0.01 {
            return false;
        }
        let body = solid::body(base.radius);
        let centre = solid::body_centre(x, y, z);
        let pose = Pose::from_translation(centre);
        let r = base.radius;
        let half = rapier3d::parry::math::Vec3::new(r, crate::units::MODEL_HEIGHT / 2.0, r);
        !self
            .solids_near_unordered(centre - half, centre + half)
            .filter(|s| s.role == Role::Body)
            .any(|s| s.intersects(&pose, &body))
    }

    /// Positions on a `step`-inch grid, standing on the table surface, where a base of
    /// `radius` can be placed wholly inside `zone` (FIELD-4) clear of scenery and `others`,
    /// nearest the zone's anchor (its edge, corner or the centre) first. Deterministic.
    pub fn placements_in_zone(
        &self,
        zone: DeploymentZone,
        radius: f32,
        step: f32,
        others: &[ModelBase],
    ) -> Vec<[f32; 3]> {
        let table = *self.table();
        let step = step.max(0.1);
        let mut found = Vec::new();
        let nx = (table.width / step).floor() as i32;
        let nz = (table.depth / step).floor() as i32;
        for i in 0..=nx {
            for k in 0..=nz {
                let (x, z) = (i as f32 * step, k as f32 * step);
                let y = self.level_at(x, z, 0.0);
                let base = ModelBase::new(u32::MAX, u8::MAX, [x, y, z]).with_radius(radius);
                if y == 0.0 && table.in_zone(&base, zone) && self.can_place(&base, others) {
                    found.push([x, y, z]);
                }
            }
        }
        let anchor = |p: &[f32; 3]| -> f32 {
            match zone {
                DeploymentZone::Edge { edge, .. } => {
                    table.distance_to_edge(&ModelBase::new(0, 0, *p).with_radius(radius), edge)
                }
                DeploymentZone::Corner { corner, .. } => {
                    let c = table.corner(corner);
                    (p[0] - c[0]).hypot_exact(p[2] - c[1])
                }
                DeploymentZone::Centre { .. } => {
                    let c = table.centre();
                    (p[0] - c[0]).hypot_exact(p[2] - c[1])
                }
            }
        };
        found.sort_by(|a, b| anchor(a).total_cmp(&anchor(b)));
        found
    }
}

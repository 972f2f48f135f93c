//! Sets the table: a [`BattleScene`] built, as the Battle screen opens, from the match the
//! flow put there (its setup and the match's record: scenario, seats).
//! The scenery solids are the geometry crate's, so what is drawn is what the rules measure.

use bevy::prelude::*;
use redline_battlespace::{self as bs, OpeningKind, SceneryShape, inches_from_mm};
use redline_content::skirmish::SkirmishError;
use redline_content::{Catalog, starter};
use redline_meshes::scenery::SceneryVisual;
use redline_meshes::{Crew, FigureSpec};
use redline_rules::card::{ModelKeyword, ModelProfile};
use redline_rules::{ModelId, Setup};

use crate::headless::content::Content;
use crate::headless::game::match_state::Match;
use crate::headless::game::meta::MatchMeta;
use crate::headless::game::quick::quick_match;
use crate::table::scene::{
    BattleScene, DeploymentZone, DressedPiece, MiniatureSpec, SceneryKind, SceneryPiece,
    SceneryTag, Solid, TableSpec, TeamSpec,
};

/// The scene of the match the flow put there: what the Battle screen opens on. With none (a
/// test that opens the screen bare) the scene stays as it was.
pub(super) fn set_the_table(
    content: Res<Content>,
    current: Option<Res<Match>>,
    mut scene: ResMut<BattleScene>,
) {
    if let Some(m) = current {
        *scene = BattleScene::from_setup(&content.0, m.game().setup(), &m.meta);
    }
}

impl BattleScene {
    /// The scene of the starter pack's quick skirmish (`headless::game::quick`).
    pub fn starter() -> Result<BattleScene, SkirmishError> {
        let catalog = starter();
        let quick = quick_match(&catalog, 1)?;
        Ok(BattleScene::from_setup(
            &catalog,
            quick.game().setup(),
            &quick.meta,
        ))
    }

    /// The scene of a setup: its table and scenery (the geometry's own solids), the
    /// scenario's deployment zones, each seat's colours and every model (hidden until it is
    /// on the table: models left for the deployment appear as they are placed).
    pub fn from_setup(catalog: &Catalog, setup: &Setup, meta: &MatchMeta) -> BattleScene {
        let space = &setup.battlespace;
        let table = *space.table();
        let zones = catalog
            .scenarios
            .get(&meta.scenario)
            .map(|s| {
                s.deployment
                    .iter()
                    .map(|d| zone_rect(usize::from(d.seat), d.zone.to_battlespace(), table))
                    .collect()
            })
            .unwrap_or_default();
        let luck = setup.starting_luck();
        let teams = setup
            .players
            .iter()
            .enumerate()
            .map(|(seat, player)| {
                let info = meta.seats.get(seat);
                let [r, g, b] = info.map_or([200, 200, 200], |s| s.colour);
                TeamSpec {
                    name: info.map_or_else(|| player.name.clone(), |s| s.faction_name.clone()),
                    colour: Color::srgb_u8(r, g, b),
                    luck: luck.get(seat).copied().unwrap_or_default(),
                }
            })
            .collect();
        let centre = Vec2::new(table.width / 2.0, table.depth / 2.0);
        let miniatures = setup
            .models
            .iter()
            .enumerate()
            .map(|(i, m)| {
                let position = Vec2::new(m.position[0], m.position[2]);
                let to_centre = centre - position;
                MiniatureSpec {
                    model: ModelId(i as u16),
                    name: m.profile.name.clone(),
                    role: role(&m.profile.keywords).into(),
                    team: usize::from(m.owner.0),
                    position,
                    height: m.position[1],
                    facing_degrees: to_centre.y.atan2(to_centre.x).to_degrees(),
                    base_diameter: inches_from_mm(m.profile.base_mm),
                    figure: figure_of(catalog, &m.profile),
                    tokens: m.profile.tokens.iter().map(|&c| (c, true)).collect(),
                    skills: m.profile.skills,
                    on_table: m.entry == redline_rules::scenario::Entry::Table,
                }
            })
            .collect();
        BattleScene {
            name: format!("{} — {}", meta.scenario_name, meta.layout_name),
            table: TableSpec {
                width: table.width,
                depth: table.depth,
                zones,
            },
            teams,
            scenery: space.pieces().iter().map(scenery_piece).collect(),
            miniatures,
            dressed: dressed(catalog, &meta.layout, space.pieces().len()),
        }
    }
}

/// The layout's pieces with their visuals, when the layout is the catalog's and its parts
/// are the first of the setup's `parts` solids (else none: the solids are drawn plain).
fn dressed(catalog: &Catalog, layout: &str, parts: usize) -> Vec<DressedPiece> {
    let Some(layout) = catalog.layouts.get(layout) else {
        return Vec::new();
    };
    let mut first_part = 0;
    let dressed: Vec<DressedPiece> = layout
        .pieces
        .iter()
        .filter_map(|placed| {
            let piece = catalog.scenery.get(&placed.piece)?;
            let dressed = DressedPiece {
                visual: SceneryVisual::for_piece(piece, None),
                piece: piece.clone(),
                at: Vec3::new(placed.at[0], placed.elevation, placed.at[1]),
                rotation_deg: placed.rotation_deg,
                first_part,
            };
            first_part += piece.parts.len() as u32;
            Some(dressed)
        })
        .collect();
    // Pieces a scenario adds after the layout's own (a defender's fences, SEC-14) have no
    // visual of their own (their marks draw them); the layout's keep theirs.
    let count: usize = dressed.iter().map(|d| d.piece.parts.len()).sum();
    if count <= parts { dressed } else { Vec::new() }
}

/// A model's figure from its card, in the crew style its pack names: the character card's
/// `visual`, else its faction's, else the faction's own style (`Crew::of_profile`; a
/// faction with no style of its own, or an unknown name, gets the freelance one).
pub fn figure_of(catalog: &Catalog, profile: &ModelProfile) -> FigureSpec {
    let mut figure = FigureSpec::from_profile(profile);
    let card = catalog
        .characters
        .get(&profile.card_id)
        .and_then(|c| c.visual.as_deref());
    let faction = || {
        let id = profile.keywords.iter().find_map(|k| match k {
            ModelKeyword::Faction(id) => Some(id),
            _ => None,
        })?;
        catalog.factions.get(id)?.visual.as_deref()
    };
    let named = card
        .and_then(Crew::from_name)
        .or_else(|| faction().and_then(Crew::from_name));
    if let Some(crew) = named {
        figure.crew = crew;
    }
    figure
}

/// The role line of a card, from its keywords.
fn role(keywords: &[ModelKeyword]) -> &'static str {
    let has = |k: ModelKeyword| keywords.contains(&k);
    if has(ModelKeyword::Leader) {
        "Leader"
    } else if has(ModelKeyword::Gonk) {
        "Gonk"
    } else if has(ModelKeyword::Netrunner) {
        "Netrunner"
    } else if has(ModelKeyword::Drone) {
        "Drone"
    } else if has(ModelKeyword::Merc) {
        "Merc"
    } else if has(ModelKeyword::Specialist) {
        "Specialist"
    } else {
        "Character"
    }
}

/// The rectangle drawn for a zone: exact for an edge, the bounding square of the quarter
/// circle for a corner or of the circle for the centre.
pub(crate) fn zone_rect(team: usize, zone: bs::DeploymentZone, table: bs::Table) -> DeploymentZone {
    let (w, d) = (table.width, table.depth);
    let (min, max) = match zone {
        bs::DeploymentZone::Edge { edge, distance: r } => match edge {
            bs::Edge::West => (Vec2::ZERO, Vec2::new(r, d)),
            bs::Edge::East => (Vec2::new(w - r, 0.0), Vec2::new(w, d)),
            bs::Edge::North => (Vec2::ZERO, Vec2::new(w, r)),
            bs::Edge::South => (Vec2::new(0.0, d - r), Vec2::new(w, d)),
        },
        bs::DeploymentZone::Corner {
            corner,
            distance: r,
        } => {
            let [x, z] = table.corner(corner);
            let c = Vec2::new(x, z);
            let away = Vec2::new(if x > 0.0 { -r } else { r }, if z > 0.0 { -r } else { r });
            (c.min(c + away), c.max(c + away))
        }
        bs::DeploymentZone::Centre { distance: r } => {
            let [x, z] = table.centre();
            (Vec2::new(x - r, z - r), Vec2::new(x + r, z + r))
        }
    };
    DeploymentZone { team, min, max }
}

/// What a piece looks like, from its name and shape.
fn look(piece: &bs::SceneryPiece) -> SceneryKind {
    let name = piece.name.to_lowercase();
    let named = |words: &[&str]| words.iter().any(|w| name.contains(w));
    if named(&["container"]) {
        SceneryKind::Container
    } else if named(&["drum", "barrel", "tank"]) {
        SceneryKind::Barrel
    } else if named(&["crate", "cargo"]) {
        SceneryKind::Crate
    } else if named(&["barricade", "car", "sandbag", "rubble"]) {
        SceneryKind::Barricade
    } else if matches!(piece.shape, SceneryShape::Wall { .. }) && !named(&["storey", "tenement"]) {
        SceneryKind::Wall
    } else {
        SceneryKind::Building
    }
}

/// The app's view of one battlespace piece: its look, its tags and its solids as drawn.
pub(crate) fn scenery_piece(piece: &bs::SceneryPiece) -> SceneryPiece {
    let mut tags = vec![match piece.kind {
        bs::SceneryKind::Barrier => SceneryTag::Barrier,
        bs::SceneryKind::Obstacle => SceneryTag::Obstacle,
    }];
    if piece.elevated {
        tags.push(SceneryTag::Elevated);
    }
    if piece.easy_climb || !piece.ladders.is_empty() {
        tags.push(SceneryTag::Climbable);
    }
    if piece.draggable {
        tags.push(SceneryTag::Draggable);
    }
    if piece.openings.iter().any(|o| o.kind == OpeningKind::Door) {
        tags.push(SceneryTag::Door);
    }
    if piece.openings.iter().any(|o| o.kind == OpeningKind::Window) {
        tags.push(SceneryTag::Opening);
    }
    SceneryPiece {
        id: piece.id,
        name: piece.name.clone(),
        kind: look(piece),
        tags,
        solids: solids(piece),
    }
}

/// The solids drawn for a piece; a wall is cut round its doors and windows.
fn solids(piece: &bs::SceneryPiece) -> Vec<Solid> {
    let base = piece.base;
    match &piece.shape {
        SceneryShape::Box {
            centre,
            size,
            yaw_degrees,
        } => vec![Solid::standing_box(
            centre[0],
            centre[1],
            Vec3::from_array(*size),
            *yaw_degrees,
            base,
        )],
        SceneryShape::Cylinder {
            centre,
            radius,
            height,
        } => vec![Solid::Cylinder {
            centre: Vec3::new(centre[0], base + height / 2.0, centre[1]),
            radius: *radius,
            height: *height,
        }],
        SceneryShape::Wall {
            from,
            to,
            thickness,
            height,
        } => wall_solids(piece, *from, *to, *thickness, *height),
        SceneryShape::Hull { footprint, height } => vec![Solid::Prism {
            footprint: footprint.iter().map(|p| Vec2::new(p[0], p[1])).collect(),
            base,
            height: *height,
        }],
    }
}

fn wall_solids(
    piece: &bs::SceneryPiece,
    from: [f32; 2],
    to: [f32; 2],
    thickness: f32,
    height: f32,
) -> Vec<Solid> {
    let (a, b) = (Vec2::from_array(from), Vec2::from_array(to));
    let length = a.distance(b);
    if length <= f32::EPSILON {
        return Vec::new();
    }
    let dir = (b - a) / length;
    // Bevy turns +x towards -z for a positive yaw: yaw = atan2(-dz, dx).
    let yaw = (-dir.y).atan2(dir.x).to_degrees();
    let mut openings: Vec<_> = piece.openings.clone();
    openings.sort_by(|p, q| p.along.total_cmp(&q.along));
    let mut out = Vec::new();
    let mut block = |s0: f32, s1: f32, y0: f32, y1: f32| {
        if s1 - s0 > 0.01 && y1 - y0 > 0.01 {
            let mid = a + dir * (s0 + s1) / 2.0;
            out.push(Solid::standing_box(
                mid.x,
                mid.y,
                Vec3::new(s1 - s0, y1 - y0, thickness),
                yaw,
                piece.base + y0,
            ));
        }
    };
    let mut s = 0.0;
    for o in &openings {
        let (o0, o1) = (
            (o.along - o.width / 2.0).clamp(0.0, length),
            (o.along + o.width / 2.0).clamp(0.0, length),
        );
        block(s, o0, 0.0, height);
        block(o0, o1, 0.0, o.bottom.min(height));
        block(o0, o1, o.top.min(height), height);
        s = o1;
    }
    block(s, length, 0.0, height);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_starter_scene_has_a_table_scenery_and_two_teams() {
        let scene = BattleScene::starter().unwrap();
        assert_eq!((scene.table.width, scene.table.depth), (30.0, 22.0));
        assert_eq!(scene.teams.len(), 2);
        assert_eq!(scene.table.zones.len(), 2);
        assert!(scene.scenery.len() >= 10, "{} pieces", scene.scenery.len());
        assert!(scene.miniatures.iter().any(|m| m.team == 0));
        assert!(scene.miniatures.iter().any(|m| m.team == 1));
        // Every model on the table stands inside its team's zone.
        for m in scene.miniatures.iter().filter(|m| m.on_table) {
            let zone = scene.table.zones.iter().find(|z| z.team == m.team).unwrap();
            assert!(
                m.position.cmpge(zone.min).all() && m.position.cmple(zone.max).all(),
                "{} at {:?} outside {:?}",
                m.name,
                m.position,
                zone
            );
        }
    }

    #[test]
    fn a_wall_with_a_door_is_drawn_round_the_gap() {
        let wall = bs::SceneryPiece::new(
            0,
            "Wall",
            bs::SceneryKind::Barrier,
            SceneryShape::Wall {
                from: [0.0, 0.0],
                to: [6.0, 0.0],
                thickness: 0.5,
                height: 4.0,
            },
        )
        .with_opening(bs::Opening {
            kind: OpeningKind::Door,
            along: 3.0,
            width: 1.0,
            bottom: 0.0,
            top: 2.5,
        });
        let solids = solids(&wall);
        // Left of the door, above it, right of it.
        assert_eq!(solids.len(), 3);
        let widths: Vec<f32> = solids
            .iter()
            .map(|s| match s {
                Solid::Box { size, .. } => size.x,
                _ => 0.0,
            })
            .collect();
        assert_eq!(widths, vec![2.5, 1.0, 2.5]);
    }
}

//! Miniatures: every starter character, Gonk and drone gets a figure in every pose; the
//! base's footprint is the one the engine measures; the figure is sound, within its budget
//! and reads its role by silhouette (height, headgear, what it holds).

use std::sync::Arc;

use glam::Vec3;
use redline_content::skirmish::quick_team;
use redline_content::team::{MemberSpec, TeamRules, compile_drone, compile_member};
use redline_meshes::figure::{BASE_HEIGHT, EYE_ABOVE_BASE};
use redline_meshes::{Crew, FigureSpec, Kit, Model, Pose, Role, Surface, figure};
use redline_rules::card::ModelProfile;
use redline_rules::scenario::Entry;
use redline_rules::{Game, ModelId, ModelSetup, Seat};

/// Every starter card a figure stands for: basic characters, Gonks and drones.
fn starter_profiles() -> Vec<ModelProfile> {
    let catalog = redline_content::starter();
    let mut out: Vec<ModelProfile> = catalog
        .characters
        .iter()
        .filter(|c| c.veteran_of.is_none())
        .map(|c| c.id.clone())
        .chain(catalog.gonks.iter().map(|g| g.id.clone()))
        .map(|id| {
            compile_member(&catalog, &MemberSpec::new(&id))
                .expect("compiles")
                .profile
        })
        .collect();
    out.extend(catalog.drones.iter().map(compile_drone));
    out
}

/// The base radius the engine measures for a model: two copies set down `gap` apart centre
/// to centre, and the engine's distance between them (edge to edge) taken away.
fn engine_radii(profiles: &[ModelProfile]) -> Vec<f32> {
    let catalog = redline_content::starter();
    let rules = TeamRules::one_off(100);
    let teams = [
        quick_team(&catalog, "ashfall", &rules).expect("team"),
        quick_team(&catalog, "glasswork", &rules).expect("team"),
    ];
    let mut setup = redline_content::skirmish::skirmish(&catalog, "street_claim", None, &teams, 1)
        .expect("skirmish")
        .setup;
    let gap = 3.0;
    setup.models = profiles
        .iter()
        .enumerate()
        .flat_map(|(i, p)| {
            let (x, z) = (
                2.0 + (i % 7) as f32 * 4.0 * gap / 3.0,
                2.0 + (i / 7) as f32 * gap,
            );
            [0.0, gap / 1.5].map(|dx| ModelSetup {
                profile: Arc::new(p.clone()),
                owner: Seat(0),
                position: [x + dx, 0.0, z],
                hacked: 0,
                entry: Entry::Table,
            })
        })
        .collect();
    let game = Game::new(setup, 1).expect("game");
    (0..profiles.len())
        .map(|i| {
            let (a, b) = (ModelId(2 * i as u16), ModelId(2 * i as u16 + 1));
            let centres = gap / 1.5;
            (centres - game.distance(a, b)) / 2.0
        })
        .collect()
}

/// The base's radius as drawn: the widest point of its rim.
fn drawn_base_radius(m: &Model) -> f32 {
    m.get(Surface::TeamRim)
        .expect("a team-coloured rim")
        .positions
        .iter()
        .map(|p| p[0].hypot(p[2]))
        .fold(0.0, f32::max)
}

#[test]
fn every_figures_base_is_the_base_the_engine_measures() {
    let profiles = starter_profiles();
    let radii = engine_radii(&profiles);
    for (p, engine) in profiles.iter().zip(radii) {
        let spec = FigureSpec::from_profile(p);
        for pose in Pose::ALL {
            let drawn = drawn_base_radius(&figure(&spec, pose));
            assert!(
                (drawn - engine).abs() <= 0.05,
                "{}: base drawn {drawn:.3}\", engine measures {engine:.3}\"",
                p.card_id
            );
        }
    }
}

#[test]
fn every_starter_card_gets_a_sound_figure_in_every_pose_within_budget() {
    for p in starter_profiles() {
        let spec = FigureSpec::from_profile(&p);
        for pose in Pose::ALL {
            let m = figure(&spec, pose);
            assert!(
                m.problems().is_empty(),
                "{} {pose:?}: {:?}",
                p.card_id,
                m.problems()
            );
            let tris = m.triangle_count();
            assert!(
                (500..=3_200).contains(&tris),
                "{} {pose:?}: {tris} triangles",
                p.card_id
            );
            assert!(
                m.draw_calls() <= 11,
                "{} {pose:?}: {} meshes",
                p.card_id,
                m.draw_calls()
            );
            assert!(
                m.get(Surface::TeamCloth).is_some(),
                "{}: no team colour on the figure",
                p.card_id
            );
        }
    }
}

#[test]
fn the_starter_cards_cover_every_crew_and_role() {
    let profiles = starter_profiles();
    let specs: Vec<FigureSpec> = profiles.iter().map(FigureSpec::from_profile).collect();
    for crew in [
        Crew::Ashfall,
        Crew::Choir,
        Crew::Tidewater,
        Crew::Glasswork,
        Crew::Lantern,
        Crew::Freelance,
    ] {
        assert!(
            specs.iter().any(|s| s.crew == crew),
            "no starter card styled {crew:?}"
        );
    }
    for role in Role::ALL {
        assert!(
            specs.iter().any(|s| s.role == role),
            "no starter card in the role {role:?}"
        );
    }
    let leaders = specs.iter().filter(|s| s.role == Role::Leader).count();
    assert_eq!(leaders, 5, "one Leader per starter faction");
}

#[test]
fn kits_come_from_the_cards() {
    let kit_of = |id: &str| {
        let p = starter_profiles()
            .into_iter()
            .find(|p| p.card_id == id)
            .unwrap_or_else(|| panic!("{id}"));
        Kit::from_profile(&p)
    };
    assert_eq!(kit_of("ash_torchhand"), Kit::Torch);
    assert_eq!(kit_of("ash_furnace_mother"), Kit::Heavy);
    assert_eq!(kit_of("glass_marksman"), Kit::Rifle);
    assert_eq!(kit_of("ash_flue_rat"), Kit::Deck);
    assert_eq!(kit_of("merc_doc_mirela"), Kit::MedKit);
}

fn standing_height(crew: Crew, role: Role, kit: Kit) -> f32 {
    let spec = FigureSpec {
        crew,
        role,
        kit,
        base_radius: 27.0 / 25.4 / 2.0,
        variant: 0,
    };
    // The body's top: the head and what is on it, not a raised pole or antenna.
    let m = figure(&spec, Pose::Standing);
    m.parts()
        .filter(|(s, _)| {
            matches!(
                s,
                Surface::Skin
                    | Surface::Cloth
                    | Surface::Leather
                    | Surface::Ceramic
                    | Surface::TeamCloth
            )
        })
        .flat_map(|(_, mesh)| mesh.positions.iter().map(|p| p[1]))
        .fold(0.0, f32::max)
}

#[test]
fn figures_are_true_to_scale_and_leaders_stand_taller() {
    for crew in Crew::ALL {
        let character = standing_height(crew, Role::Character, Kit::Pistol);
        // Heroic 32 mm: about 1.3" from the base's top to the crown.
        assert!(
            (1.2..=1.6).contains(&(character - BASE_HEIGHT)),
            "{crew:?}: {character:.2}\" tall"
        );
        let leader = standing_height(crew, Role::Leader, Kit::Pistol);
        assert!(
            leader >= character * 1.05,
            "{crew:?}: Leader {leader:.2} vs {character:.2}"
        );
        let gonk = standing_height(crew, Role::Gonk, Kit::Melee);
        assert!(
            gonk < character,
            "{crew:?}: Gonk {gonk:.2} vs {character:.2}"
        );
    }
}

#[test]
fn a_red_lined_figure_kneels_and_a_taken_out_one_lies_down() {
    for crew in Crew::ALL {
        let spec = FigureSpec {
            crew,
            role: Role::Character,
            kit: Kit::Rifle,
            base_radius: 27.0 / 25.4 / 2.0,
            variant: 0,
        };
        let top = |pose| {
            figure(&spec, pose)
                .get(Surface::Skin)
                .expect("a face")
                .positions
                .iter()
                .map(|p| p[1])
                .fold(0.0, f32::max)
        };
        let (stand, kneel, lie) = (top(Pose::Standing), top(Pose::Kneeling), top(Pose::Lying));
        assert!(
            kneel < stand - 0.2,
            "{crew:?}: kneeling head {kneel:.2} vs {stand:.2}"
        );
        assert!(lie < BASE_HEIGHT + 0.35, "{crew:?}: lying head at {lie:.2}");
        let eyes = spec.eye_height(Pose::Standing);
        assert!((eyes - (BASE_HEIGHT + EYE_ABOVE_BASE)).abs() < 1e-4);
    }
}

#[test]
fn figures_face_forward_and_stay_on_their_base() {
    for crew in Crew::ALL {
        for kit in [Kit::Rifle, Kit::Pistol, Kit::Torch] {
            let spec = FigureSpec {
                crew,
                role: Role::Character,
                kit,
                base_radius: 27.0 / 25.4 / 2.0,
                variant: 0,
            };
            let m = figure(&spec, Pose::Standing);
            // The weapon reaches out ahead (−Z), so the facing reads.
            let body: Vec<Vec3> = m
                .parts()
                .filter(|(s, _)| !matches!(s, Surface::TeamRim | Surface::BaseGround))
                .flat_map(|(_, mesh)| mesh.positions.iter().map(|p| Vec3::from(*p)))
                .collect();
            let ahead = body.iter().map(|p| -p.z).fold(f32::MIN, f32::max);
            let behind = body.iter().map(|p| p.z).fold(f32::MIN, f32::max);
            assert!(
                ahead > behind + 0.1,
                "{crew:?} {kit:?}: reaches {ahead:.2} ahead, {behind:.2} behind"
            );
            // Nothing but a gun muzzle hangs far past the base.
            let reach = m
                .positions()
                .map(|p| Vec3::new(p.x, 0.0, p.z).length())
                .fold(0.0, f32::max);
            assert!(
                reach < spec.base_radius + 0.35,
                "{crew:?} {kit:?}: reaches {reach:.2}\""
            );
        }
    }
}

#[test]
fn drones_hover_over_a_shadow_or_crawl_on_a_wide_base() {
    for p in starter_profiles()
        .iter()
        .filter(|p| Role::of_profile(p).is_drone())
    {
        let spec = FigureSpec::from_profile(p);
        let m = figure(&spec, Pose::Standing);
        if spec.role == Role::FlyingDrone {
            let shadow = m.get(Surface::Shadow).expect("a shadow disc");
            assert!(shadow.positions.iter().all(|p| p[1] < BASE_HEIGHT + 0.01));
            let body = m.get(Surface::Ceramic).expect("a hull");
            let low = body.positions.iter().map(|p| p[1]).fold(f32::MAX, f32::min);
            assert!(
                low - BASE_HEIGHT >= 0.5 - 0.15,
                "{}: hull starts {low:.2}\" up",
                p.card_id
            );
        } else {
            assert!(
                spec.base_radius > 27.0 / 25.4 / 2.0,
                "{}: a wide base",
                p.card_id
            );
        }
    }
}

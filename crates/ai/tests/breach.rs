//! The bots breach scenery when it pays (TERR): Normal rates a Breach by the engine's odds
//! times the shots it opens at rivals the part blocks today (TERR-8, TERR-17) or the harm
//! debris and a collapse would do to rivals inside a building (TERR-11, TERR-13), and rates
//! a Breach that opens nothing at nothing.

mod common;

use redline_ai::normal::rate_commands;
use redline_ai::{Bot, NormalBot};
use redline_battlespace::{Damageable, SceneryKind, SceneryPiece, SceneryShape};
use redline_rules::card::{ActionDef, Keyword};
use redline_rules::geometry::Table;
use redline_rules::{Battlespace, Command, DecisionKind, Game, ModelId, Module, Target};

const BREACHER: ModelId = ModelId(0);

/// A rifle with Breach 1 reaching RED to GREEN.
fn breaching_rifle() -> ActionDef {
    let mut rifle = common::all_bands_gun("breaching_rifle", "Breaching Rifle");
    rifle.keywords = vec![Keyword::Breach(1)];
    rifle
}

/// A brick wall 3" high along x = 15 from z 4 to z 26, in 4" sections of Structure 1.
fn long_wall() -> SceneryPiece {
    let mut wall = SceneryPiece::new(
        0,
        "Long Wall",
        SceneryKind::Barrier,
        SceneryShape::Wall {
            from: [15.0, 4.0],
            to: [15.0, 26.0],
            thickness: 0.5,
            height: 3.0,
        },
    );
    wall.damage = Some(Damageable {
        hardness: 3,
        structure: Some(1),
        section_len: 4.0,
        rubble: true,
        soft: false,
    });
    wall
}

/// The breacher at (10, 15) and a rival at `rival_at`, the wall between them, TERR on; the
/// breacher's turn.
fn game(rival_at: [f32; 3]) -> Game {
    let mut setup = common::open_setup(
        vec![
            common::place(
                common::profile("Breacher", vec![breaching_rifle()]),
                0,
                [10.0, 0.0, 15.0],
            ),
            common::place(
                common::profile("Rival", vec![breaching_rifle()]),
                1,
                rival_at,
            ),
        ],
        0,
    );
    setup.battlespace = Battlespace::new(
        Table {
            width: 30.0,
            depth: 30.0,
        },
        vec![long_wall()],
    )
    .expect("a valid table");
    setup.modules = [Module::Terr].into_iter().collect();
    let mut g = Game::new(setup, 3).expect("a valid setup");
    g.apply(Command::Activate { model: BREACHER })
        .expect("may activate");
    assert!(matches!(
        g.decision().map(|d| &d.kind),
        Some(DecisionKind::NextAction { .. })
    ));
    g
}

fn breach_score(g: &Game, section: u8) -> f64 {
    rate_commands(g)
        .into_iter()
        .filter(|r| {
            matches!(&r.command, Command::Act(a)
                if a.target == Target::Scenery { part: 0, section })
        })
        .map(|r| r.score)
        .fold(f64::MIN, f64::max)
}

#[test]
fn terr_8_terr_17_normal_breaches_the_section_that_hides_its_only_rival() {
    let g = game([20.0, 0.0, 15.0]);
    // Section 2 (z 12 to 16) stands between them; section 0 (z 4 to 8) hides nothing.
    assert!(breach_score(&g, 2) > 0.02, "{}", breach_score(&g, 2));
    assert!(breach_score(&g, 0) < 0.01, "{}", breach_score(&g, 0));
    let chosen = NormalBot::new().choose(&g);
    assert!(
        matches!(&chosen, Command::Act(a) if a.target == Target::Scenery { part: 0, section: 2 }),
        "{chosen:?}"
    );
}

#[test]
fn terr_1_normal_doesnt_breach_when_the_rival_is_in_sight() {
    // The rival stands clear of the wall's south end: a shot is there to take.
    let g = game([20.0, 0.0, 1.5]);
    let chosen = NormalBot::new().choose(&g);
    assert!(
        !matches!(&chosen, Command::Act(a) if matches!(a.target, Target::Scenery { .. })),
        "{chosen:?}"
    );
}

#[test]
fn terr_8_easy_breaches_the_section_that_hides_its_only_rival() {
    use redline_ai::EasyBot;
    let g = game([20.0, 0.0, 15.0]);
    // Every generic card ends with *BreachScenery* before *move toward the nearest rival*:
    // with no shot to take and the wall in the way, the card breaches.
    let chosen = EasyBot::new(7).choose(&g);
    assert!(
        matches!(&chosen, Command::Act(a) if matches!(a.target, Target::Scenery { part: 0, .. })),
        "{chosen:?}"
    );
}

//! The bots go for the cases of a carry-off scenario (Through the Wall: `CarryMarkers`,
//! `CarryMarkersOff`) by the way a model walks, not as the crow flies: a wall from edge to
//! edge is breached where the gap opens the shortest way to the case (TERR-8, TERR-17), and a
//! wall with a gap at one end is walked round rather than into.

mod common;

use redline_ai::normal::rate_commands;
use redline_ai::{Bot, EasyBot, NormalBot};
use redline_battlespace::{Damageable, Edge, SceneryKind, SceneryPiece, SceneryShape};
use redline_rules::card::{ActionDef, Keyword, RangeSpec, Skill};
use redline_rules::geometry::Table;
use redline_rules::{Battlespace, Command, DecisionKind, Game, ModelId, Module, Target};

const RUNNER: ModelId = ModelId(0);

/// A pistol with Breach 1 reaching RED only.
fn breaching_pistol() -> ActionDef {
    let mut pistol = ActionDef::attack(
        "breaching_pistol",
        "Breaching Pistol",
        Skill::Ranged,
        RangeSpec {
            red: true,
            ..RangeSpec::default()
        },
    );
    pistol.keywords = vec![Keyword::Breach(1)];
    pistol
}

/// A brick wall 4" high along z = 15 from x = `from` to the East edge, in 4" sections of
/// Structure 1 (section 0 starts at `from`).
fn wall(from: f32) -> SceneryPiece {
    let mut wall = SceneryPiece::new(
        0,
        "Yard Wall",
        SceneryKind::Barrier,
        SceneryShape::Wall {
            from: [from, 15.0],
            to: [30.0, 15.0],
            thickness: 0.5,
            height: 4.0,
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

/// The runner (seat 0) at `at` north of the wall, the case just south of it at x = 14, a
/// rival far off in the south-west corner, out of the pistol's reach; TERR on, the runner
/// active.
fn game(wall_from: f32, at: [f32; 3]) -> Game {
    let mut setup = common::open_setup(
        vec![
            common::place(common::profile("Runner", vec![breaching_pistol()]), 0, at),
            common::place(
                common::profile("Rival", vec![breaching_pistol()]),
                1,
                [2.0, 0.0, 28.0],
            ),
        ],
        0,
    );
    setup.battlespace = Battlespace::new(
        Table {
            width: 30.0,
            depth: 30.0,
        },
        vec![wall(wall_from)],
    )
    .expect("a valid table");
    // Through the Wall's sheet: seat 0 deploys along the North edge, seat 1 along the South.
    setup.scenario = common::carry_off_sheet(
        [Edge::North, Edge::South],
        vec![[14.0, 0.0, 16.5], [14.0, 0.0, 28.0]],
    );
    setup.modules = [Module::Terr].into_iter().collect();
    let mut g = Game::new(setup, 3).expect("a valid setup");
    g.apply(Command::Activate { model: RUNNER })
        .expect("may activate");
    assert!(matches!(
        g.decision().map(|d| &d.kind),
        Some(DecisionKind::NextAction { .. })
    ));
    g
}

/// The section a command breaches, if it is a Breach of the wall.
fn breached(c: &Command) -> Option<u8> {
    match c {
        Command::Act(a) => match a.target {
            Target::Scenery { part: 0, section } => Some(section),
            _ => None,
        },
        _ => None,
    }
}

/// Normal's best score for a Breach of `section`.
fn breach_score(g: &Game, section: u8) -> f64 {
    rate_commands(g)
        .into_iter()
        .filter(|r| breached(&r.command) == Some(section))
        .map(|r| r.score)
        .fold(f64::MIN, f64::max)
}

#[test]
fn terr_8_terr_17_normal_breaches_the_section_between_it_and_the_case() {
    // The wall runs from edge to edge; the runner stands at it across from the case.
    // Section 3 (x 12 to 16) lies between them; section 2 (x 8 to 12), also within reach
    // of the pistol, opens a way too, but a longer one.
    let g = game(0.0, [14.0, 0.0, 13.8]);
    let (near, far) = (breach_score(&g, 3), breach_score(&g, 2));
    assert!(far > f64::MIN, "section 2 may be breached");
    assert!(near > far, "section 3 {near} against section 2 {far}");
    let chosen = NormalBot::new().choose(&g);
    assert_eq!(breached(&chosen), Some(3), "{chosen:?}");
}

#[test]
fn terr_8_easy_breaches_the_wall_between_it_and_the_case() {
    let g = game(0.0, [14.0, 0.0, 13.8]);
    let mut bot = EasyBot::new(7);
    let chosen = bot.choose(&g);
    assert!(breached(&chosen).is_some(), "{chosen:?}");
}

#[test]
fn field_6_normal_walks_round_the_wall_toward_the_case_not_into_it() {
    // The wall leaves a 6" gap at the West end. Straight toward the case is into the
    // bricks; the way to it runs west, round the wall's end.
    let g = game(6.0, [14.0, 0.0, 8.0]);
    let chosen = NormalBot::new().choose(&g);
    let Command::Act(a) = &chosen else {
        panic!("{chosen:?}")
    };
    let end = match &a.target {
        Target::Route(r) => *r.last().expect("a route"),
        other => panic!("a move, not {other:?}"),
    };
    assert!(end[0] < 12.0, "west, toward the gap: {end:?}");
}

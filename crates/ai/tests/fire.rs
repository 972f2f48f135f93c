//! The bots keep out of fires (FIRE-10): a model standing beside a burning crate steps out
//! of the fire's reach at every level, and no level walks a model into one. Each level asks
//! the engine (`Game::fire_reaching_at`, `Game::hazard_odds`); with FIRE off nothing burns.

mod common;

use redline_ai::{Bot, EasyBot, HardBot, NormalBot};
use redline_battlespace::{SceneryKind, SceneryPiece, SceneryShape};
use redline_rules::card::{ActionDef, Colour, Keyword, RangeSpec, Skill};
use redline_rules::geometry::Table;
use redline_rules::{
    Battlespace, Command, DecisionKind, Game, ModelId, Module, Seat, Target, basic,
};

const THROWER: ModelId = ModelId(0);
const STANDER: ModelId = ModelId(1);

/// A RED Ignite Blast thrown with Reflexes, RED and YELLOW range (FIRE-1).
fn firebomb() -> ActionDef {
    let mut bomb = ActionDef::attack(
        "firebomb",
        "Firebomb",
        Skill::Reflexes,
        RangeSpec {
            red: true,
            yellow: true,
            ..RangeSpec::default()
        },
    );
    bomb.keywords = vec![Keyword::Blast, Keyword::Ignite(Colour::Red)];
    bomb
}

/// A wooden crate, Fuel 1, centred at `at` (FIRE-4).
fn wooden_crate(id: u32, at: [f32; 2]) -> SceneryPiece {
    let mut c = SceneryPiece::new(
        id,
        "Crate",
        SceneryKind::Obstacle,
        SceneryShape::Box {
            centre: at,
            size: [1.0, 1.0, 1.0],
            yaw_degrees: 0.0,
        },
    );
    c.fuel = Some(1);
    c
}

fn apply(g: &mut Game, c: Command) {
    g.apply(c.clone())
        .unwrap_or_else(|e| panic!("{c:?} refused: {e}"));
}

/// Seat 0 throws a firebomb at seat 1's stander, who stands beside a crate at (15, 15.6):
/// the bomb misses and the thrower puts the Impact token down beyond the
/// crate (KW-9), which catches (FIRE-1, FIRE-3), and then seat 1 activates the
/// stander, still within reach of the burning crate. A far rival keeps the game going.
fn beside_a_burning_crate(modules: &[Module]) -> Game {
    let mut setup = common::open_setup(
        vec![
            common::place(
                common::profile("Thrower", vec![firebomb()]),
                0,
                [15.0, 0.0, 22.0],
            ),
            common::place(common::profile("Stander", Vec::new()), 1, [15.0, 0.0, 17.0]),
            common::place(common::profile("Far", Vec::new()), 1, [2.0, 0.0, 2.0]),
        ],
        0,
    );
    setup.battlespace =
        Battlespace::new(Table::new(30.0, 30.0), vec![wooden_crate(0, [15.0, 15.6])])
            .expect("a valid table");
    setup.modules = modules.iter().copied().collect();
    // The throw misses: 2 against the stander's 12.
    setup.loaded_dice = vec![2, 12];
    let mut g = Game::new(setup, 5).expect("a valid setup");
    apply(&mut g, Command::Activate { model: THROWER });
    let throw = g
        .legal_commands()
        .into_iter()
        .find(|c| {
            matches!(c, Command::Act(a)
                if a.action == basic::COUNT && a.target == Target::Model(STANDER))
        })
        .expect("a throw at the stander");
    apply(&mut g, throw);
    // Every later choice: the token down beyond the crate, the first answer otherwise,
    // until seat 1 has Control.
    for _ in 0..30 {
        let Some(d) = g.decision().cloned() else {
            break;
        };
        let legal = g.legal_commands();
        let c = match d.kind {
            DecisionKind::PlaceImpact { .. } => Command::PlaceImpact {
                at: [16.5, 0.0, 16.0],
            },
            DecisionKind::TakeControl { .. } if d.seat == Seat(1) => break,
            _ if legal.contains(&Command::EndActivation) => Command::EndActivation,
            _ => legal[0].clone(),
        };
        apply(&mut g, c);
    }
    g
}

/// Seat 1's `bot` plays until the stander's activation ends (or 24 answers); the
/// stander's position then.
fn play_activation(g: &Game, bot: &mut dyn Bot) -> [f32; 3] {
    let mut g = g.clone();
    for _ in 0..24 {
        let Some(d) = g.decision() else {
            break;
        };
        if g.active_model() != Some(STANDER) {
            break;
        }
        // Seat 0 answers the stander's attacks with its first option.
        let c = if d.seat == Seat(1) {
            bot.choose(&g)
        } else {
            g.legal_commands()[0].clone()
        };
        g.apply(c.clone())
            .unwrap_or_else(|e| panic!("{c:?} refused: {e}"));
    }
    g.position(STANDER)
}

fn activated(modules: &[Module]) -> Game {
    let mut g = beside_a_burning_crate(modules);
    if g.legal_commands()
        .contains(&Command::Activate { model: STANDER })
    {
        apply(&mut g, Command::Activate { model: STANDER });
    }
    g
}

#[test]
fn fire_10_the_crate_burns_and_reaches_the_stander() {
    let g = activated(&[Module::Fire]);
    assert_eq!(g.fire_reaching(STANDER), Some(Colour::Red)); // FIRE-3, FIRE-10
    assert_eq!(g.fire_reaching_at(STANDER, [15.0, 0.0, 20.0]), None);
    let off = activated(&[]);
    assert_eq!(off.fire_reaching(STANDER), None); // MOD-2
}

#[test]
fn fire_10_every_level_ends_the_standers_activation_out_of_the_fire() {
    let g = activated(&[Module::Fire]);
    let bots: Vec<(&str, Box<dyn Bot>)> = vec![
        ("easy", Box::new(EasyBot::new(3))),
        ("normal", Box::new(NormalBot::new())),
        ("hard", Box::new(HardBot::new(3))),
    ];
    for (name, mut bot) in bots {
        let end = play_activation(&g, bot.as_mut());
        assert_ne!(end, g.position(STANDER), "{name} never moved the stander");
        assert_eq!(
            g.fire_reaching_at(STANDER, end),
            None,
            "{name} ends the activation at {end:?}, where the fire reaches"
        );
    }
}

//! Scenarios with sides (CTRL-18) at every level: the attacker goes for its objective (the
//! site in Relay Siege, an edge in Boxed In) and the defender keeps a model by the site it
//! holds, on the starter tables of `tests/arena/sides.ron`.

mod skirmishes;

use redline_ai::{Bot, EasyBot, HardBot, HardBudget, NormalBot};
use redline_battlespace::Hypot;
use redline_rules::scenario::Role;
use redline_rules::{Game, ModelId, Seat};
use skirmishes::quick_skirmish;

/// Hard with a small budget, so the test runs in a debug build.
const SMALL: HardBudget = HardBudget {
    work: 1500,
    turn_ms: 600_000,
};

fn game(scenario: &str, layout: &str, seed: u64) -> Game {
    let s = quick_skirmish(scenario, layout, ["ashfall", "tidewater"], seed, 200);
    Game::new(s, seed + 1).expect("game")
}

type MakeBot = fn(u64) -> Box<dyn Bot>;

fn levels() -> [(&'static str, MakeBot); 3] {
    [
        ("easy", |s| Box::new(EasyBot::new(s))),
        ("normal", |_| Box::new(NormalBot::new())),
        ("hard", |s| Box::new(HardBot::with_budget(s, SMALL))),
    ]
}

fn models_of(g: &Game, seat: Seat) -> Vec<ModelId> {
    (0..g.model_count() as u16)
        .map(ModelId)
        .filter(|&m| g.owner(m) == seat && g.in_play(m))
        .collect()
}

fn flat(a: [f32; 3], b: [f32; 3]) -> f32 {
    (a[0] - b[0]).hypot_exact(a[2] - b[2])
}

/// The nearest of `seat`'s models in play to `at` (infinite when it has none).
fn nearest(g: &Game, seat: Seat, at: [f32; 3]) -> f32 {
    models_of(g, seat)
        .into_iter()
        .map(|m| flat(g.position(m), at))
        .fold(f32::INFINITY, f32::min)
}

/// Plays the game with one bot per seat for at most `turns` turns of Control, calling
/// `look` after every turn of Control ends (the seat that had it).
fn play(g: &mut Game, bots: &mut [Box<dyn Bot>; 2], turns: u32, mut look: impl FnMut(&Game, Seat)) {
    let mut steps = 0;
    while let Some(d) = g.decision() {
        if g.turns() >= turns {
            break;
        }
        steps += 1;
        assert!(steps < 50_000, "the game never ends");
        let before = (g.turns(), g.control());
        let c = bots[usize::from(d.seat.0)].choose(g);
        g.apply(c).expect("a legal answer");
        if g.turns() != before.0 {
            look(g, before.1);
        }
    }
}

#[test]
fn ctrl_18_every_level_attacks_the_site_and_defends_it() {
    let site = [15.0, 0.0, 6.0];
    for (name, make) in levels() {
        let mut g = game("relay_siege", "tenement_yard", 5);
        assert_eq!(g.setup().scenario.role_of(Seat(0)), Some(Role::Defender));
        let attacker_start = nearest(&g, Seat(1), site);
        let mut attacker_best = attacker_start;
        let (mut defender_turns, mut defender_by_site) = (0, 0);
        let mut bots = [make(11), make(12)];
        play(&mut g, &mut bots, 24, |g, seat| {
            if seat == Seat(1) {
                attacker_best = attacker_best.min(nearest(g, Seat(1), site));
            } else if !models_of(g, Seat(0)).is_empty() {
                defender_turns += 1;
                // Within RED of the site: one move from standing on it.
                if nearest(g, Seat(0), site) <= 3.0 {
                    defender_by_site += 1;
                }
            }
        });
        // The attacker closes on the site it must hold (CTRL-18).
        assert!(
            attacker_best < attacker_start - 5.0,
            "{name}: attacker from {attacker_start:.1}\" to at best {attacker_best:.1}\""
        );
        // The defender keeps a model by the site after most of its turns.
        assert!(
            defender_turns > 0 && 2 * defender_by_site >= defender_turns,
            "{name}: by the site after {defender_by_site} of {defender_turns} turns"
        );
    }
}

#[test]
fn ctrl_18_field_6_every_level_breaks_out_of_the_centre_toward_an_edge() {
    for (name, make) in levels() {
        let mut g = game("boxed_in", "pier_nine", 7);
        let table = *g.setup().battlespace.table();
        let to_edge = |g: &Game| {
            models_of(g, Seat(0))
                .into_iter()
                .map(|m| {
                    let [x, _, z] = g.position(m);
                    x.min(table.width - x).min(z).min(table.depth - z)
                })
                .fold(f32::INFINITY, f32::min)
        };
        let start = to_edge(&g);
        let mut best = start;
        let mut bots = [make(21), make(22)];
        play(&mut g, &mut bots, 24, |g, seat| {
            if seat == Seat(0) {
                best = best.min(to_edge(g));
            }
        });
        let escaped = (0..g.model_count() as u16)
            .map(ModelId)
            .any(|m| g.owner(m) == Seat(0) && g.left_table(m).is_some());
        // The boxed-in crew heads for the nearest way out, or is already off the table.
        assert!(
            escaped || best < start - 3.0,
            "{name}: nearest edge from {start:.1}\" to at best {best:.1}\""
        );
    }
}

//! Throughput of the engine under random play on a 100 EB vs 100 EB starter skirmish:
//! `Game::apply`, `Game::legal_commands`, `Game::random_legal_command`, `Game::clone`,
//! `Game::state_hash` and whole games (between `RandomBot`s, which use the sampler).
//!
//! `cargo bench -p redline-ai -- --warm-up-time 1 --measurement-time 3`

use std::hint::black_box;

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use redline_ai::{Bot, PlayLimits, RandomBot, play_game};
use redline_content::skirmish::{quick_team, skirmish};
use redline_content::starter;
use redline_content::team::TeamRules;
use redline_rules::{Command, Game, Setup, Victory};

/// mimalloc serves the engine's many small short-lived lists faster than the system allocator
/// (docs/decisions/perf-global-allocator.md).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Ashfall against Tidewater, 100 EB each, on Street Claim's first layout.
fn setup(turn_limit: Option<u32>) -> Setup {
    let catalog = starter();
    let rules = TeamRules::one_off(100);
    let teams = [
        quick_team(&catalog, "ashfall", &rules).expect("ashfall team"),
        quick_team(&catalog, "tidewater", &rules).expect("tidewater team"),
    ];
    let mut s = skirmish(&catalog, "street_claim", None, &teams, 1)
        .expect("skirmish")
        .setup;
    s.victory = Victory { turn_limit };
    s
}

fn bots(seed: u64) -> Vec<Box<dyn Bot>> {
    vec![
        Box::new(RandomBot::new(seed * 2 + 1)),
        Box::new(RandomBot::new(seed * 2 + 2)),
    ]
}

/// A random game's states and the command each one answered, for per-call benches.
fn positions(setup: &Setup, games: u64) -> Vec<(Game, Command)> {
    let mut out = Vec::new();
    for seed in 0..games {
        let mut game = Game::new(setup.clone(), seed).expect("game");
        let mut bots = bots(seed);
        while let Some(d) = game.decision() {
            let seat = usize::from(d.seat.0);
            let c = bots[seat].choose(&game);
            out.push((game.clone(), c.clone()));
            game.apply(c).expect("legal");
        }
    }
    out
}

fn bench(c: &mut Criterion) {
    let full = setup(Some(200));
    let states = positions(&setup(Some(40)), 4);
    eprintln!(
        "{} models, {} sampled positions",
        full.models.len(),
        states.len()
    );

    c.bench_function("apply (one command, random positions)", |b| {
        let mut i = 0;
        b.iter_batched(
            || {
                i = (i + 1) % states.len();
                states[i].clone()
            },
            |(mut g, cmd)| black_box(g.apply(cmd).expect("legal")),
            BatchSize::SmallInput,
        )
    });
    c.bench_function("legal_commands (random positions)", |b| {
        let mut i = 0;
        b.iter(|| {
            i = (i + 1) % states.len();
            black_box(states[i].0.legal_commands())
        })
    });
    c.bench_function("random_legal_command (random positions)", |b| {
        let mut i = 0;
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        b.iter(|| {
            i = (i + 1) % states.len();
            black_box(states[i].0.random_legal_command(&mut rng))
        })
    });
    c.bench_function("Game::clone (mid-game)", |b| {
        let g = &states[states.len() / 2].0;
        b.iter(|| black_box(g.clone()))
    });
    c.bench_function("state_hash (mid-game)", |b| {
        let g = &states[states.len() / 2].0;
        b.iter(|| black_box(g.state_hash()))
    });
    let mut group = c.benchmark_group("random game");
    group.sample_size(10);
    let mut seed = 0;
    group.bench_function("100 EB vs 100 EB, to the end (turn limit 200)", |b| {
        b.iter(|| {
            seed += 1;
            let record = play_game(full.clone(), seed, &mut bots(seed), PlayLimits::default())
                .expect("game");
            black_box(record.commands.len())
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

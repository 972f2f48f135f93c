//! Playing the arena's games: one pairing over the seed list, every seed twice with the
//! sides swapped, timing each bot's decisions. A refused command, a panic or a runaway game
//! is counted and named, never hidden.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::Instant;

use redline_ai::{Level, Persona};
use redline_rules::{DecisionKind, Game, Outcome, Seat, Setup};

use super::activations::Activations;
use super::styles::StyleCount;

/// A game stops as broken after this many commands.
const MAX_STEPS: usize = 50_000;

/// How one game went for the pairing's first bot.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Result {
    /// The first bot's team won.
    Win,
    /// Nobody won.
    Draw,
    /// The second bot's team won.
    Loss,
}

/// Something that must never happen in a game between bots.
#[derive(Debug, Clone, PartialEq)]
pub struct Broken {
    /// Dice seed of the game.
    pub seed: u64,
    /// Which bot sat in seat 0 (`true`: the first of the pairing).
    pub first_in_seat_0: bool,
    /// What went wrong.
    pub what: String,
}

/// One game's record.
#[derive(Debug, Clone)]
pub struct Played {
    /// How it ended, or what broke.
    pub result: std::result::Result<Result, Broken>,
    /// Decision times of the first and second bot, ms.
    pub ms: [Vec<f64>; 2],
    /// Time each bot spent per turn of Control of its own (its activation and the
    /// decisions inside it, [RE]actions excluded), ms.
    pub turn_ms: [Vec<f64>; 2],
    /// Time each bot spent per activation of its own, cut where Hard's budget starts
    /// afresh ([`redline_ai::ActivationCut`]; [RE]actions excluded), ms.
    pub activation_ms: [Vec<f64>; 2],
    /// Searches of each bot its time cap cut short ([`redline_ai::Bot::clock_cuts`]).
    pub clock_cuts: [u64; 2],
    /// Turns of Control the game lasted.
    pub turns: u32,
    /// Why it ended (`Debug` of the outcome), for the tally of endings.
    pub ending: String,
    /// The kinds of action each seat's bot chose (seat 0, seat 1).
    pub styles: [StyleCount; 2],
}

/// Plays one game from `setup` (every model placed): `levels[0]` in seat 0 unless `swap`;
/// the bot in seat `s` plays `personas[s]` (its faction's deck and personality).
pub fn play(
    setup: Setup,
    seed: u64,
    levels: [Level; 2],
    swap: bool,
    personas: &[Persona; 2],
) -> Played {
    let mut ms: [Vec<f64>; 2] = [Vec::new(), Vec::new()];
    let mut turn_ms: [Vec<f64>; 2] = [Vec::new(), Vec::new()];
    let broken = |what: String| Broken {
        seed,
        first_in_seat_0: !swap,
        what,
    };
    // Seat s is played by pairing member `who(s)`.
    let who = |seat: Seat| usize::from(seat.0 != 0) ^ usize::from(swap);
    // FIELD-7: the teams deploy through the engine where the skirmish put them, before the
    // bots (and their clocks) take over.
    let (setup, plan) = setup.unplaced();
    let started = Game::new(setup, seed)
        .map_err(|e| format!("the setup does not start a game: {e}"))
        .and_then(|mut g| match g.deploy_as_planned(&plan) {
            Ok(_) => Ok(g),
            Err(e) => Err(format!("the planned deployment is refused: {e}")),
        });
    let mut game = match started {
        Ok(g) => g,
        Err(what) => {
            return Played {
                result: Err(broken(what)),
                ms,
                turn_ms,
                activation_ms: [Vec::new(), Vec::new()],
                clock_cuts: [0, 0],
                turns: 0,
                ending: String::new(),
                styles: Default::default(),
            };
        }
    };
    // Pairing member b sits in seat b, or the other seat when swapped.
    let seat_of = |b: usize| b ^ usize::from(swap);
    let mut bots = [
        levels[0].bot_as(seed.wrapping_mul(2), &personas[seat_of(0)]),
        levels[1].bot_as(seed.wrapping_mul(2).wrapping_add(1), &personas[seat_of(1)]),
    ];
    let mut styles: [StyleCount; 2] = Default::default();
    let mut open_turn: [Option<f64>; 2] = [None, None];
    let mut activations: [Activations; 2] = Default::default();
    let mut steps = 0;
    let outcome = loop {
        let Some(d) = game.decision() else {
            break Ok(game.outcome().cloned());
        };
        if steps >= MAX_STEPS {
            break Err(format!("no end after {MAX_STEPS} commands"));
        }
        let b = who(d.seat);
        if matches!(d.kind, DecisionKind::TakeControl { .. })
            && let Some(t) = open_turn[b].replace(0.0)
        {
            turn_ms[b].push(t);
        }
        let reaction = matches!(d.kind, DecisionKind::OfferReaction { .. });
        let active = game.active_model();
        let start = Instant::now();
        let chosen = catch_unwind(AssertUnwindSafe(|| bots[b].choose(&game)));
        let took = start.elapsed().as_secs_f64() * 1000.0;
        let command = match chosen {
            Ok(c) => c,
            Err(p) => {
                let msg = p
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| p.downcast_ref::<&str>().map(|s| (*s).to_owned()))
                    .unwrap_or_default();
                break Err(format!(
                    "the {} bot panicked at step {steps}: {msg}",
                    levels[b]
                ));
            }
        };
        ms[b].push(took);
        if !reaction && let Some(t) = open_turn[b].as_mut() {
            *t += took;
        }
        activations[b].note(&d.kind, active, took);
        styles[usize::from(d.seat.0 != 0)].note(redline_ai::action_style(&game, &command));
        if let Err(e) = game.apply(command.clone()) {
            break Err(format!(
                "step {steps}: the {} bot chose a refused command {command:?}: {e}",
                levels[b]
            ));
        }
        steps += 1;
    };
    for (b, t) in open_turn.iter().enumerate() {
        if let Some(t) = t {
            turn_ms[b].push(*t);
        }
    }
    let [a0, a1] = activations;
    let activation_ms = [a0.finish(), a1.finish()];
    let first_seat = Seat(u8::from(swap));
    let (result, ending) = match outcome {
        Ok(Some(Outcome::Win { seats, .. })) if seats.contains(&first_seat) => {
            (Ok(Result::Win), ending_of(&game, "won"))
        }
        Ok(Some(Outcome::Win { .. })) => (Ok(Result::Loss), ending_of(&game, "lost")),
        Ok(_) => (Ok(Result::Draw), ending_of(&game, "drew")),
        Err(what) => (Err(broken(what)), String::new()),
    };
    Played {
        result,
        ms,
        turn_ms,
        activation_ms,
        clock_cuts: [bots[0].clock_cuts(), bots[1].clock_cuts()],
        turns: game.turns(),
        ending,
        styles,
    }
}

/// A short name for how the game ended for the pairing's first bot (`result`: won, drew,
/// lost) and why, without the seats: the tally then shows which conditions each bot meets.
fn ending_of(game: &Game, result: &str) -> String {
    use redline_rules::EndReason as E;
    let why = match game.outcome() {
        Some(o) => o.why(),
        None => return format!("{result}: unfinished"),
    };
    let what = match why {
        E::Condition(c) => format!("{c:?}"),
        E::Limit { limit, decided_by } => format!("{limit:?} limit, {decided_by:?}"),
        other => format!("{other:?}"),
    };
    format!("{result}: {what}")
}

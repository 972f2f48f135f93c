//! More places to move to than the engine lists. `Game::legal_commands` offers a move of
//! the whole band in each of eight directions, a climb, and the ways toward the nearest
//! rival and the model's objective; a player also stops short behind a wall, or steps
//! sideways into a firing lane. Here each straight move the engine offers (one model,
//! action and token) is sampled again: sixteen directions at two fifths and three quarters
//! of the band, and the eight in-between directions at the whole band. Each end point the
//! rules accept is rated by Normal (its position evaluation counts the cover the Path of
//! Attack gives and the shots from there), and the best few, spread apart, are answers
//! Normal and Hard weigh with the engine's own (not Hard's play-outs, where speed buys more
//! of them).

use redline_rules::{ActionCommand, Command, Game, ModelId, Target};

use crate::normal;

/// Extra destinations kept per decision.
pub(crate) const EXTRA: usize = 6;

/// Fractions of the band sampled in each of the sixteen directions.
const FRACTIONS: [f32; 2] = [0.4, 0.75];

/// Closest an extra destination may end to another one of the same model, or to a
/// destination the engine already offers, in inches.
const SPREAD: f32 = 1.5;

/// A group of straight moves the engine offers: one model, action and token.
struct Group {
    model: ModelId,
    action: u16,
    token: Option<u8>,
    react: bool,
    start: [f32; 3],
    /// The longest straight run offered: the band (a run cut at the table edge is shorter).
    band: f32,
}

/// The extra move answers worth searching (at most [`EXTRA`], best first) and the answers
/// rated to find them (work for the budget).
pub(crate) fn extra_moves(game: &Game, legal: &[Command]) -> (Vec<Command>, u32) {
    let mut groups: Vec<Group> = Vec::new();
    let mut offered: Vec<(ModelId, [f32; 3])> = Vec::new();
    for c in legal {
        let (a, react) = match c {
            Command::Act(a) => (a, false),
            Command::React(a) => (a, true),
            _ => continue,
        };
        let Target::Route(route) = &a.target else {
            continue;
        };
        let Some(&end) = route.last() else { continue };
        offered.push((a.model, end));
        if route.len() != 1 {
            continue;
        }
        let start = game.position(a.model);
        if (end[1] - start[1]).abs() > 0.01 {
            continue; // a climb, not a run on the level
        }
        let run = flat_distance(start, end);
        match groups
            .iter_mut()
            .find(|g| g.model == a.model && g.action == a.action && g.token == a.token)
        {
            Some(g) => g.band = g.band.max(run),
            None => groups.push(Group {
                model: a.model,
                action: a.action,
                token: a.token,
                react,
                start,
                band: run,
            }),
        }
    }
    let mut tried = Vec::new();
    for g in &groups {
        for end in samples(g.start, g.band) {
            if offered
                .iter()
                .any(|&(m, e)| m == g.model && flat_distance(e, end) < SPREAD)
            {
                continue;
            }
            let a = ActionCommand {
                model: g.model,
                action: g.action,
                token: g.token,
                target: Target::Route(vec![end]),
            };
            let cmd = if g.react {
                Command::React(a)
            } else {
                Command::Act(a)
            };
            if game.check(&cmd).is_ok() {
                tried.push(cmd);
            }
        }
    }
    let rated = u32::try_from(tried.len()).unwrap_or(u32::MAX);
    let Some(scores) = normal::scores(game, &tried) else {
        return (Vec::new(), rated);
    };
    let mut order: Vec<usize> = (0..tried.len()).collect();
    order.sort_by(|&a, &b| scores[b].total_cmp(&scores[a]).then(a.cmp(&b)));
    let mut kept: Vec<Command> = Vec::new();
    let mut ends: Vec<(ModelId, [f32; 3])> = Vec::new();
    for k in order {
        if kept.len() == EXTRA {
            break;
        }
        let Some((m, end)) = destination(&tried[k]) else {
            continue;
        };
        if ends
            .iter()
            .any(|&(n, e)| n == m && flat_distance(e, end) < SPREAD)
        {
            continue;
        }
        ends.push((m, end));
        kept.push(tried[k].clone());
    }
    (kept, rated)
}

/// Where a straight move ends and whose it is.
fn destination(c: &Command) -> Option<(ModelId, [f32; 3])> {
    let (Command::Act(a) | Command::React(a)) = c else {
        return None;
    };
    match &a.target {
        Target::Route(r) => r.last().map(|&e| (a.model, e)),
        _ => None,
    }
}

/// The sampled end points of a straight move of at most `band` from `start`.
fn samples(start: [f32; 3], band: f32) -> Vec<[f32; 3]> {
    let at = |angle: f32, length: f32| {
        [
            start[0] + angle.cos() * length,
            start[1],
            start[2] + angle.sin() * length,
        ]
    };
    let step = std::f32::consts::TAU / 16.0;
    let mut out = Vec::with_capacity(40);
    for k in 0..16 {
        let angle = step * k as f32;
        for f in FRACTIONS {
            out.push(at(angle, band * f));
        }
        if k % 2 == 1 {
            // Between two of the engine's eight directions, the whole band (a little
            // short of it, so rounding never takes it past the Limiter).
            out.push(at(angle, band * 0.98));
        }
    }
    out
}

fn flat_distance(a: [f32; 3], b: [f32; 3]) -> f32 {
    (a[0] - b[0]).hypot(a[2] - b[2])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::NormalBot;
    use redline_content::skirmish::{quick_team, skirmish};
    use redline_content::starter;
    use redline_content::team::TeamRules;
    use redline_rules::DecisionKind;

    /// A starter game played by Normal up to its first action decision with a move on offer.
    fn at_a_move() -> Game {
        let catalog = starter();
        let rules = TeamRules::one_off(100);
        let teams: Vec<_> = ["glasswork", "choir"]
            .iter()
            .map(|f| quick_team(&catalog, f, &rules).expect("quick team"))
            .collect();
        let setup = skirmish(&catalog, "street_claim", Some("tenement_yard"), &teams, 5)
            .expect("skirmish")
            .setup;
        let mut g = Game::new(setup, 7).expect("game");
        let found = crate::play_until(&mut g, &mut NormalBot::new(), |g, k| {
            matches!(k, DecisionKind::NextAction { .. })
                && g.legal_commands().iter().any(|c| destination(c).is_some())
        });
        assert_eq!(found, Ok(true));
        g
    }

    #[test]
    fn extra_moves_are_legal_new_and_spread_apart() {
        // MOVE-1, MOVE-2: every extra destination is a move the rules accept, ends where
        // the engine offers no move of that model, and no two end within SPREAD.
        let g = at_a_move();
        let legal = g.legal_commands();
        let (extra, rated) = extra_moves(&g, &legal);
        assert!(!extra.is_empty());
        assert!(extra.len() <= EXTRA);
        assert!(rated as usize >= extra.len());
        let offered: Vec<_> = legal.iter().filter_map(destination).collect();
        let ends: Vec<_> = extra.iter().filter_map(destination).collect();
        assert_eq!(ends.len(), extra.len());
        for (i, c) in extra.iter().enumerate() {
            assert_eq!(g.check(c), Ok(()), "{c:?}");
            assert!(!legal.contains(c));
            let (m, e) = ends[i];
            assert!(
                offered
                    .iter()
                    .all(|&(n, o)| n != m || flat_distance(o, e) >= SPREAD)
            );
            assert!(
                ends[i + 1..]
                    .iter()
                    .all(|&(n, o)| n != m || flat_distance(o, e) >= SPREAD)
            );
        }
        // Best first, as Normal rates them.
        let scores = normal::scores(&g, &extra).expect("an action decision");
        assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{scores:?}");
    }

    #[test]
    fn normal_and_hard_weigh_the_extra_moves() {
        // Normal's answer is the best it rates among the engine's answers and the extra
        // destinations, and Hard (at any budget) answers with a move the rules accept.
        let g = at_a_move();
        let legal = g.legal_commands();
        let (extra, _) = extra_moves(&g, &legal);
        let best = |cs: &[Command]| {
            normal::scores(&g, cs)
                .expect("an action decision")
                .into_iter()
                .fold(f64::NEG_INFINITY, f64::max)
        };
        let all: Vec<Command> = legal.iter().chain(&extra).cloned().collect();
        let chosen = NormalBot::new().decide(&g).command;
        assert_eq!(g.check(&chosen), Ok(()));
        assert_eq!(best(std::slice::from_ref(&chosen)), best(&all));
        for budget in [
            crate::HardBudget::DEFAULT,
            crate::HardBudget::DEFAULT.times(2),
        ] {
            let c = crate::HardBot::with_budget(3, budget).decide(&g).command;
            assert_eq!(g.check(&c), Ok(()));
        }
    }

    #[test]
    fn samples_stay_inside_the_band() {
        let s = samples([10.0, 0.0, 10.0], 7.0);
        assert_eq!(s.len(), 40);
        assert!(
            s.iter()
                .all(|&e| flat_distance([10.0, 0.0, 10.0], e) <= 7.0)
        );
        // Two fifths, three quarters, and the in-between directions at the whole band.
        assert!(
            s.iter()
                .any(|&e| (flat_distance([10.0, 0.0, 10.0], e) - 2.8).abs() < 1e-4)
        );
        assert!(
            s.iter()
                .any(|&e| (flat_distance([10.0, 0.0, 10.0], e) - 6.86).abs() < 1e-4)
        );
    }
}

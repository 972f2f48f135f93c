//! The matches behind the smoke scenes: the quick skirmish played by the scripted player
//! up to a prompt, or to the end, or re-deployed so a Path of Attack crosses two obstacles.

use redline_battlespace::{CoverReason, CoverSource, PoaOptions};
use redline_content::Catalog;
use redline_rules::{DecisionKind, Event, Game, ModelId, Seat};

use crate::headless::flow::coach::{CoachReport, rate};
use crate::headless::game::ai_level::AiLevel;
use crate::headless::game::autoplay::scripted_answer;
use crate::headless::game::describe;
use crate::headless::game::match_state::Match;
use crate::headless::game::probe::bases_in_play;
use crate::headless::game::quick::quick_match;

/// Seeds tried for a scene before giving up.
const SEEDS: u64 = 40;
/// Answers played per seed before giving up.
const ANSWERS: usize = 1500;

/// The quick skirmish played by the scripted player until two models, neither Red-lined,
/// are in a Brawl, with the pair.
pub fn in_a_brawl(catalog: &Catalog) -> Option<(Match, Vec<Event>, [ModelId; 2])> {
    for seed in 1..=SEEDS {
        let mut m = quick_match(catalog, seed).ok()?;
        let mut events = Vec::new();
        for _ in 0..ANSWERS {
            let game = m.game();
            let pair = (0..game.model_count()).find_map(|i| {
                let model = ModelId(i as u16);
                let rival = game
                    .brawling_with(model)
                    .into_iter()
                    .find(|&r| !game.red_lined(r))?;
                (!game.red_lined(model)).then_some([model, rival])
            });
            if let Some(pair) = pair {
                return Some((m, events, pair));
            }
            if game.decision().is_none() {
                break;
            }
            let command = scripted_answer(game)?;
            events.extend(m.answer(command).ok()?);
            let keep = events.len().saturating_sub(40);
            events.drain(..keep);
        }
    }
    None
}

/// The quick skirmish played by the scripted player until `wanted` is asked.
pub fn play_until(
    catalog: &Catalog,
    wanted: impl Fn(&DecisionKind) -> bool,
) -> Option<(Match, Vec<Event>)> {
    for seed in 1..=SEEDS {
        let mut m = quick_match(catalog, seed).ok()?;
        let mut events = Vec::new();
        for _ in 0..ANSWERS {
            let decision = m.game().decision()?.kind.clone();
            if wanted(&decision) {
                return Some((m, events));
            }
            let command = scripted_answer(m.game())?;
            // Keep the events of the last answers, so the dice tray shows the last roll.
            events.extend(m.answer(command).ok()?);
            let keep = events.len().saturating_sub(40);
            events.drain(..keep);
        }
    }
    None
}

/// The quick skirmish played until the scripted player's next answer is a move that
/// turns a corner (or, failing that, any move).
pub fn about_to_move(catalog: &Catalog) -> Option<(Match, Vec<Event>)> {
    let moving = |m: &Match, bent: bool| {
        matches!(
            scripted_answer(m.game()),
            Some(redline_rules::Command::Act(a))
                if matches!(&a.target, redline_rules::Target::Route(r) if r.len() >= if bent { 2 } else { 1 })
        )
    };
    for bent in [true, false] {
        for seed in 1..=SEEDS {
            let mut m = quick_match(catalog, seed).ok()?;
            let mut events = Vec::new();
            for _ in 0..ANSWERS {
                if m.game().decision().is_none() {
                    break;
                }
                if moving(&m, bent) {
                    return Some((m, events));
                }
                let command = scripted_answer(m.game())?;
                events.extend(m.answer(command).ok()?);
                let keep = events.len().saturating_sub(40);
                events.drain(..keep);
            }
        }
    }
    None
}

/// The quick skirmish played until the scripted player's next answer is a move the engine
/// makes at once (no roll on the way) over at least `WALK_LEAST` inches.
pub fn about_to_walk(catalog: &Catalog) -> Option<(Match, Vec<Event>)> {
    let walks = |m: &Match| {
        let Some(command @ redline_rules::Command::Act(_)) = scripted_answer(m.game()) else {
            return false;
        };
        let events = m.game().clone().apply(command).unwrap_or_default();
        events.iter().any(|e| match e {
            Event::Moved { from, to, .. } => (to[0] - from[0]).hypot(to[2] - from[2]) >= WALK_LEAST,
            _ => false,
        })
    };
    for seed in 1..=SEEDS {
        let mut m = quick_match(catalog, seed).ok()?;
        let mut events = Vec::new();
        for _ in 0..ANSWERS {
            if m.game().decision().is_none() {
                break;
            }
            if walks(&m) {
                return Some((m, events));
            }
            let command = scripted_answer(m.game())?;
            events.extend(m.answer(command).ok()?);
            let keep = events.len().saturating_sub(40);
            events.drain(..keep);
        }
    }
    None
}

/// The shortest walk the `mid-move` scene shows, inches.
const WALK_LEAST: f32 = 5.0;

/// The quick skirmish played to its end.
pub fn play_to_the_end(catalog: &Catalog) -> Option<(Match, Vec<Event>)> {
    let mut m = quick_match(catalog, 3).ok()?;
    let mut events = Vec::new();
    for _ in 0..5000 {
        let Some(command) = scripted_answer(m.game()) else {
            return Some((m, events));
        };
        events = m.answer(command).ok()?;
    }
    None
}

/// The first model of each seat: the attacker and its target.
pub fn poa_pair(game: &Game) -> Option<(ModelId, ModelId)> {
    let first = |seat| {
        (0..game.model_count() as u16)
            .map(ModelId)
            .find(|m| game.owner(*m) == seat && game.profile(*m).is_character())
    };
    Some((first(Seat(0))?, first(Seat(1))?))
}

/// The quick skirmish with its two Leaders re-deployed where the Path of Attack between
/// them crosses exactly two obstacles (and nothing else), within Basic Ranged range, and
/// the attacker activated.
pub fn path_of_attack(catalog: &Catalog) -> Option<(Match, Vec<Event>)> {
    let quick = quick_match(catalog, 1).ok()?;
    let game = quick.game();
    let (a, t) = poa_pair(game)?;
    let space = game.battlespace();
    let others: Vec<_> = bases_in_play(game)
        .into_iter()
        .filter(|b| b.id != u32::from(a.0) && b.id != u32::from(t.0))
        .collect();
    let table = *space.table();
    let reach = game
        .action(a, redline_rules::basic::RANGED)
        .and_then(|d| d.range)
        .map_or(0.0, |r| r.max_inches());
    let mut found = None;
    'search: for ax in (2..table.width as i32 - 1).map(|x| x as f32) {
        for az in (2..table.depth as i32 - 1).map(|z| z as f32) {
            let attacker = game.model_base(a).at([ax, 0.0, az]);
            if space.surface_height_at(ax, az) != 0.0 || !space.can_place(&attacker, &others) {
                continue;
            }
            for tx in (2..table.width as i32 - 1).map(|x| x as f32) {
                for tz in (2..table.depth as i32 - 1).map(|z| z as f32) {
                    let target = game.model_base(t).at([tx, 0.0, tz]);
                    let d = attacker.distance_to(&target);
                    // Half an inch inside the Basic Ranged Attack's reach, and far enough
                    // for the path to cross something.
                    if !(5.0..=reach - 0.5).contains(&d) {
                        continue;
                    }
                    let poa = space.path_of_attack(
                        &attacker,
                        &target,
                        &others,
                        PoaOptions {
                            indirect: false,
                            range: None,
                        },
                    );
                    let obstacles = poa
                        .cover
                        .iter()
                        .filter(|c| {
                            c.reason == CoverReason::Obstacle
                                && matches!(c.source, CoverSource::Scenery(_))
                        })
                        .count();
                    if poa.blocked_by.is_none()
                        && poa.cover.len() == 2
                        && obstacles == 2
                        && space.surface_height_at(tx, tz) == 0.0
                        && space.can_place(&target, &others)
                        && !attacker.overlaps(&target)
                    {
                        found = Some(([ax, 0.0, az], [tx, 0.0, tz]));
                        break 'search;
                    }
                }
            }
        }
    }
    let (at_a, at_t) = found?;
    let mut setup = game.setup().clone();
    // Every model starts on the table where the quick skirmish deployed it (no deployment
    // phase), the two Leaders where the search put them.
    for (i, model) in setup.models.iter_mut().enumerate() {
        if model.entry == redline_rules::scenario::Entry::Deploy {
            model.entry = redline_rules::scenario::Entry::Table;
            model.position = game.position(ModelId(i as u16));
        }
    }
    setup.models[a.index()].position = at_a;
    setup.models[t.index()].position = at_t;
    setup.first_control = Seat(0);
    // The scene needs seat 0 to act first, whatever the scenario's first-Control rule.
    setup.scenario.first_control = redline_rules::scenario::FirstControl::Seat;
    let mut m = Match::new(setup, 1, quick.meta.clone()).ok()?;
    let events = m
        .answer(redline_rules::Command::Activate { model: a })
        .ok()?;
    Some((m, events))
}

/// The quick skirmish as a solo match (seat 2 the Normal computer, played here by the
/// scripted player), up to the person's first move; the person makes it and the coach's
/// report on that decision comes back with the match.
pub fn coach(catalog: &Catalog) -> Option<(Match, Vec<Event>, CoachReport)> {
    for seed in 1..=SEEDS {
        let mut m = quick_match(catalog, seed).ok()?;
        m.meta = m.meta.clone().with_computer(&[None, Some(AiLevel::Normal)]);
        let mut events = Vec::new();
        for _ in 0..ANSWERS {
            let Some(decision) = m.game().decision().cloned() else {
                break;
            };
            let command = scripted_answer(m.game())?;
            let person_moves = decision.seat == Seat(0)
                && matches!(decision.kind, DecisionKind::NextAction { .. })
                && matches!(&command, redline_rules::Command::Act(a)
                    if matches!(a.target, redline_rules::Target::Route(_)));
            let before = m.game().clone();
            events.extend(m.answer(command.clone()).ok()?);
            let keep = events.len().saturating_sub(40);
            events.drain(..keep);
            if person_moves {
                let asked = describe::decision(&before, &m.meta, &decision);
                let report = rate(&before, &command, asked);
                return Some((m, events, report));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_path_of_attack_scene_finds_its_two_leaders_across_two_obstacles() {
        let catalog = redline_content::load::starter();
        let (m, _) = path_of_attack(&catalog).expect("a placement across two obstacles");
        let (a, t) = poa_pair(m.game()).expect("two Leaders");
        assert_eq!(m.game().active_model(), Some(a));
        let poa = m.game().path_of_attack(a, t, redline_rules::basic::RANGED);
        assert!(poa.blocked_by.is_none());
        assert_eq!(poa.cover.len(), 2);
    }

    #[test]
    fn the_brawl_scene_finds_two_models_in_a_brawl() {
        let catalog = redline_content::starter();
        let (m, _, [a, b]) = in_a_brawl(&catalog).expect("a Brawl in the quick skirmish");
        assert!(m.game().brawling_with(a).contains(&b));
        assert_ne!(
            m.game().setup().models[usize::from(a.0)].owner,
            m.game().setup().models[usize::from(b.0)].owner
        );
    }
}

//! What a Breach aimed at scenery is worth to a bot (TERR): the engine's chance that it
//! works (`Game::breach_odds`) times what the table would then give the side — shots at
//! rivals that the part blocks today (TERR-8, TERR-12, TERR-17), a shorter way to the
//! side's scenario goals through the gap (a case beyond a wall, its exit edge), and rivals in or on a
//! building that debris or a collapse would catch (TERR-11, TERR-13, TERR-14), less its own
//! models caught there. Only public state is read: the table, the markers and the odds.

use redline_battlespace::{BuildingPlace, ModelBase, PoaOptions, SceneryId};
use redline_rules::{Command, Game, ModelId, Target};

use crate::assess;
use crate::models::{base_at, in_play};
use crate::way::way_on;

/// Worth of a path opened to a rival, per unit of what a hit on it is worth: a shot it
/// makes possible next, not a hit now.
const OPENED_PATH: f64 = 0.5;
/// Worth of a way opened to the side's scenario goals, when it saves the side a walk of
/// [`WAY_SCALE`] inches or more: the scenario is how the game is won, and a wall with no
/// way through keeps the side from it for good.
const OPENED_WAY: f64 = 0.6;
/// The inches saved on the way to a goal that earn a gap its whole worth: as much as a
/// wall with no way through costs (`way::NO_WAY`), so the gap nearest the goal is worth
/// more than one farther along the same wall.
const WAY_SCALE: f64 = crate::way::NO_WAY as f64;
/// The share of a GREEN collapse Hazard (plus the fall) that wounds: about half.
const COLLAPSE_HARM: f64 = 0.5;
/// The share of a YELLOW debris Hazard that wounds: about a third.
const DEBRIS_HARM: f64 = 0.3;

/// The worth of `c` if it is a Breach aimed at scenery; `None` for any other command.
pub(crate) fn breach_value(game: &Game, c: &Command) -> Option<f64> {
    let a = assess::action_of(c)?;
    let Target::Scenery { part, section } = a.target else {
        return None;
    };
    let def = game.action(a.model, a.action)?;
    let x = redline_rules::breach_of(def);
    let chance = game.breach_odds(a).ok()?.success;
    let piece = game.battlespace().piece(SceneryId(part))?.clone();
    let side = game.team_of(game.owner(a.model));
    let mut worth = 0.0;
    if let Some(storey) = piece.storey {
        let total = game.storey_markers(storey.building, storey.number) + x;
        let collapses = total >= storey.structure;
        let harm = if collapses {
            COLLAPSE_HARM
        } else {
            DEBRIS_HARM
        };
        worth += caught_in(game, storey.building, side) * harm;
        if !collapses && !storey.slab {
            worth += opened_paths(game, a.model, part, section); // TERR-12: a hole
        }
    } else {
        let structure = game.structure(part)?;
        if game.damage_markers(part, section) + x >= structure {
            worth += opened_paths(game, a.model, part, section); // TERR-8
            worth += opened_way(game, a.model, part, section); // TERR-8, TERR-17
        }
    }
    Some(chance * worth)
}

/// What debris or a collapse in `building` would cost the rivals of `side` less what it
/// would cost `side`: each model in or on it, by what a wound on it is worth.
fn caught_in(game: &Game, building: u32, side: redline_rules::TeamId) -> f64 {
    in_play(game)
        .filter(|&m| {
            game.building_place(m)
                .is_some_and(|p: BuildingPlace| p.building() == building)
        })
        .map(|m| {
            let hit = assess::hit_value(game, m, 1);
            if game.team_of(game.owner(m)) == side {
                -hit
            } else {
                hit
            }
        })
        .sum()
}

/// The rivals that section `section` of `part` keeps `actor`'s side from shooting today
/// and that it could shoot once the section is gone (TERR-17), by what a hit on each is
/// worth: the section blocks the path now, and the path with it gone is clear.
fn opened_paths(game: &Game, actor: ModelId, part: u32, section: u8) -> f64 {
    let now = game.battlespace();
    let Ok(after) = now.with_section_destroyed(SceneryId(part), section, Some(u32::MAX)) else {
        return 0.0;
    };
    let side = game.team_of(game.owner(actor));
    let friends: Vec<ModelId> = in_play(game)
        .filter(|&m| game.team_of(game.owner(m)) == side)
        .collect();
    let rivals = assess::rivals_of(game, game.owner(actor));
    let mut worth = 0.0;
    for &r in &rivals {
        let target = base_at(game, r, game.position(r));
        let opened = friends.iter().any(|&f| {
            let from = base_at(game, f, game.position(f));
            let others = bases_besides(game, f, r);
            let blocked = |space: &redline_battlespace::Battlespace| {
                space
                    .path_of_attack(&from, &target, &others, PoaOptions::default())
                    .blocked_by
            };
            in_reach_of_a_shot(game, f, r)
                && blocked(now) == Some(SceneryId(part))
                && blocked(&after).is_none()
        });
        if opened {
            worth += OPENED_PATH * assess::hit_value(game, r, 1);
        }
    }
    worth
}

/// What a gap at section `section` of `part` saves `actor`'s side on the way to its
/// scenario goals (a case, an exit edge, a rival carrier): for each model with a goal, the
/// inches the gap takes off its walk there, [`WAY_SCALE`] of them for the whole worth.
fn opened_way(game: &Game, actor: ModelId, part: u32, section: u8) -> f64 {
    let now = game.battlespace();
    let Ok(after) = now.with_section_destroyed(SceneryId(part), section, Some(u32::MAX)) else {
        return 0.0;
    };
    let side = game.team_of(game.owner(actor));
    let saved: f64 = in_play(game)
        .filter(|&m| game.team_of(game.owner(m)) == side)
        .filter_map(|m| {
            let goal = crate::objective::goal(game, m)?;
            let at = game.position(m);
            let before = way_on(now, game, m, at, goal);
            let gone = way_on(&after, game, m, at, goal);
            Some((f64::from(before - gone) / WAY_SCALE).clamp(0.0, 1.0))
        })
        .sum();
    OPENED_WAY * saved.min(1.0)
}

/// The bases of every model in play but `a` and `b` (POA-6).
fn bases_besides(game: &Game, a: ModelId, b: ModelId) -> Vec<ModelBase> {
    in_play(game)
        .filter(|&m| m != a && m != b)
        .map(|m| base_at(game, m, game.position(m)))
        .collect()
}

/// Whether one of `m`'s attacks reaches `r` by range.
fn in_reach_of_a_shot(game: &Game, m: ModelId, r: ModelId) -> bool {
    let d = game.distance(m, r);
    (0..game.action_count(m)).any(|i| {
        game.action(m, i)
            .is_some_and(|def| crate::assess::attack_reaches(game, def, d))
    })
}

//! What a player can read off the table, shared by the bots: what a legal command does
//! (attack, move, loot...), the chance an attack lands from `redline_rules::odds`, how much a
//! hit is worth, and the cover a position gets. Only public game state is used: positions,
//! tokens, Luck and card values, never the dice to come.

use redline_battlespace::{ModelBase, PoaOptions};
use redline_rules::card::{ActionDef, Colour, Effect, Keyword, ModelKeyword, Skill, TargetKind};
use redline_rules::dice::Die;
use redline_rules::odds::OddsQuery;
use redline_rules::{ActionCommand, Command, Game, ModelId, Seat, Target};

use crate::models::{base_at, in_play};

/// What a command does, as far as the bots care.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Kind {
    /// An attack on a rival model.
    Attack {
        /// The attacker.
        actor: ModelId,
        /// The rival.
        target: ModelId,
    },
    /// A move ending at this point.
    Move {
        /// The mover.
        actor: ModelId,
        /// Where the route ends.
        end: [f32; 3],
    },
    /// An action the scenario grants: Search, Pick Up, Leave the Table.
    Objective,
    /// Looting a Body token.
    Loot,
    /// Healing or tending a friendly model, First Aid on a Downed one included (AID-6).
    Heal,
    /// Any other action (Command, programs, keywords the bots don't model yet).
    OtherAction,
    /// Ending the activation, holding a Gonk or declining a [RE]action.
    Pass,
    /// Not an action (Take Control, defences, Luck, allocation...).
    NotAction,
}

/// The action command inside `c`, if it is one.
pub(crate) fn action_of(c: &Command) -> Option<&ActionCommand> {
    match c {
        Command::Act(a) | Command::React(a) => Some(a),
        _ => None,
    }
}

/// Classifies a legal command of `game`.
pub(crate) fn kind(game: &Game, c: &Command) -> Kind {
    match c {
        Command::EndActivation | Command::SkipGonk { .. } | Command::DeclineReaction => {
            return Kind::Pass;
        }
        _ => {}
    }
    let Some(a) = action_of(c) else {
        return Kind::NotAction;
    };
    let Some(def) = game.action(a.model, a.action) else {
        return Kind::OtherAction;
    };
    if crate::objective::is_scenario_action(def) {
        // Leaving the table before enough can follow only loses a model (FIELD-6).
        if crate::objective::is_leave(def) && !crate::objective::leaving_pays(game, a.model) {
            return Kind::OtherAction;
        }
        return Kind::Objective;
    }
    match &a.target {
        Target::Model(t) if def.attack && game.rivals(a.model, *t) => Kind::Attack {
            actor: a.model,
            target: *t,
        },
        Target::Route(r) if r.last().is_some() && is_move(def) => Kind::Move {
            actor: a.model,
            end: *r.last().unwrap_or(&game.position(a.model)),
        },
        // Dragging an object (MOVE-14) moves the dragger too: weighed by where it ends.
        Target::DragObject { route, .. } if route.last().is_some() => Kind::Move {
            actor: a.model,
            end: *route.last().unwrap_or(&game.position(a.model)),
        },
        Target::Body(_) => Kind::Loot,
        Target::Model(_)
            if def.target == TargetKind::OtherRedLinedFriendly
                || def.keywords.iter().any(|k| matches!(k, Keyword::Heal(_)))
                || def.effects.contains(&Effect::FirstAid) =>
        {
            Kind::Heal
        }
        _ => Kind::OtherAction,
    }
}

fn is_move(def: &ActionDef) -> bool {
    def.effects.iter().any(|e| matches!(e, Effect::Move { .. }))
}

/// The colour a model acts or defends with when it spends `token` (a Gonk's card colour).
pub(crate) fn token_colour(game: &Game, m: ModelId, token: Option<u8>) -> Colour {
    match token {
        Some(t) => game
            .tokens(m)
            .get(usize::from(t))
            .map_or(Colour::Red, |t| t.colour),
        None => game.profile(m).gonk_colour.unwrap_or(Colour::Yellow),
    }
}

/// Higher for a better colour: GREEN 3, YELLOW 2, RED 1.
pub(crate) fn colour_rank(c: Colour) -> u8 {
    c.quality() + 1
}

/// The best colour `m` can act with now (a Ready token, or a Gonk's card).
pub(crate) fn best_ready_colour(game: &Game, m: ModelId) -> Option<Colour> {
    if game.profile(m).is_character() {
        game.tokens(m)
            .iter()
            .filter(|t| t.ready)
            .map(|t| t.colour)
            .max_by_key(|c| colour_rank(*c))
    } else {
        Some(token_colour(game, m, None))
    }
}

/// Rivals of `seat`'s team in play.
pub(crate) fn rivals_of(game: &Game, seat: Seat) -> Vec<ModelId> {
    let team = game.team_of(seat);
    in_play(game)
        .filter(|&m| game.team_of(game.owner(m)) != team)
        .collect()
}

/// Whether `m` still has something to act with: a Gonk or drone always (it acts with its
/// card colour), a character while one of its tokens is Ready.
pub(crate) fn can_act(game: &Game, m: ModelId) -> bool {
    !game.profile(m).is_character() || game.tokens(m).iter().any(|t| t.ready)
}

/// Closest distance between the bases of `a` standing at `at` and `b` where it is.
pub(crate) fn distance_from(game: &Game, a: ModelId, at: [f32; 3], b: ModelId) -> f32 {
    base_at(game, a, at).distance_to(&base_at(game, b, game.position(b)))
}

/// The cover `target` gets against an attack from `from` standing at `from_at` (POA-5..7),
/// or `None` if a barrier blocks the path (POA-8). `target_at` overrides where the target
/// stands (to rate a destination).
pub(crate) fn cover(
    game: &Game,
    from: ModelId,
    from_at: [f32; 3],
    target: ModelId,
    target_at: [f32; 3],
) -> Option<i16> {
    let a = base_at(game, from, from_at);
    let b = base_at(game, target, target_at);
    let others: Vec<ModelBase> = in_play(game)
        .filter(|&m| m != from && m != target)
        .map(|m| base_at(game, m, game.position(m)))
        .collect();
    let poa = game.battlespace().path_of_attack(
        &a,
        &b,
        &others,
        PoaOptions {
            indirect: false,
            range: None,
        },
    );
    match poa.blocked_by {
        Some(_) => None,
        None => Some(poa.cover.len().min(10) as i16),
    }
}

/// The best die and bonus `m` can defend with against an action using `skill` (ACT-10,
/// ARM-2): its best token colour (any token, Ready or Used) and the larger of its opposing
/// Skill and its Armor, less Pierce.
pub(crate) fn best_defence(game: &Game, m: ModelId, skill: Skill, def: &ActionDef) -> (Die, i16) {
    let p = game.profile(m);
    let colour = if p.is_character() {
        game.tokens(m)
            .iter()
            .map(|t| t.colour)
            .max_by_key(|c| colour_rank(*c))
            .unwrap_or(Colour::Red)
    } else {
        token_colour(game, m, None)
    };
    let pierce: i16 = def
        .keywords
        .iter()
        .map(|k| {
            if let Keyword::Pierce(x) = k {
                i16::from(*x)
            } else {
                0
            }
        })
        .sum();
    let skill_bonus = i16::from(p.skills.get(skill.opposed_by()));
    let armor_ok = def.attack && matches!(skill, Skill::Ranged | Skill::Melee | Skill::Reflexes);
    let armor = if armor_ok {
        let gear = game
            .cards_of(m)
            .iter()
            .filter(|c| c.status == redline_rules::cards::CardStatus::Ready)
            .map(|c| i16::from(c.def.armor))
            .max()
            .unwrap_or(0);
        (i16::from(p.card_armor).max(gear) - pierce).max(0)
    } else {
        0
    };
    (Die::Action(colour), skill_bonus.max(armor))
}

/// The chance that `actor`, standing at `at` and acting with `colour`, lands action `def` on
/// `target` (standing at `target_at`), with the target defending as well as it can and
/// no Luck spent: the exact odds of `redline_rules::odds`. Zero when a barrier blocks.
pub(crate) fn hit_chance(
    game: &Game,
    actor: ModelId,
    at: [f32; 3],
    def: &ActionDef,
    colour: Colour,
    target: ModelId,
    target_at: [f32; 3],
) -> f64 {
    let Some(skill) = def.skill else {
        return 1.0;
    };
    let Some(cover) = cover(game, actor, at, target, target_at) else {
        return 0.0;
    };
    let actor_mod = if def.keywords.contains(&Keyword::Unwieldy) {
        0
    } else {
        i16::from(game.profile(actor).skills.get(skill))
    };
    let (die, bonus) = best_defence(game, target, skill, def);
    let mut q = OddsQuery::new(Die::Action(colour), actor_mod, die, bonus + cover);
    q.actor_accurate = def.keywords.contains(&Keyword::Accurate);
    q.odds().success
}

/// The best of `worth(chance, rival, action)` over the attacks `m` could make from where it
/// stands, acting with `colour`, on each of `rivals` in the attack's range (0 if none).
pub(crate) fn best_attack_from_here(
    game: &Game,
    m: ModelId,
    colour: Colour,
    rivals: &[ModelId],
    worth: impl Fn(f64, ModelId, &ActionDef) -> f64,
) -> f64 {
    let mut best = 0.0f64;
    for i in 0..game.action_count(m) {
        let Some(def) = game.action(m, i) else {
            continue;
        };
        for &r in rivals {
            if attack_reaches(game, def, game.distance(m, r)) {
                let p = hit_chance(game, m, game.position(m), def, colour, r, game.position(r));
                best = best.max(worth(p, r, def));
            }
        }
    }
    best
}

/// Whether `def` is an attack with a range card that reaches a target `d` inches away as the
/// engine measures it (`Game::reaches`: its range and the scenario's band limit, FIELD-6).
pub(crate) fn attack_reaches(game: &Game, def: &ActionDef, d: f32) -> bool {
    def.attack && def.range.is_some() && game.reaches(def, d)
}

/// Wounds a hit with `def` deals (its Wound effects plus Deadly).
pub(crate) fn wounds_of(def: &ActionDef) -> u8 {
    let base: u8 = def
        .effects
        .iter()
        .map(|e| if let Effect::Wound(n) = e { *n } else { 0 })
        .sum();
    base + u8::from(def.keywords.contains(&Keyword::Deadly))
}

/// Whether a model leads its team (TEAM-3).
pub(crate) fn is_leader(game: &Game, m: ModelId) -> bool {
    game.profile(m).has_keyword(&ModelKeyword::Leader)
}

/// Tokens of `m` still not RED: the wounds it can take before it is Red-lined.
pub(crate) fn wounds_to_red_line(game: &Game, m: ModelId) -> usize {
    game.tokens(m)
        .iter()
        .filter(|t| t.colour != Colour::Red)
        .count()
}

/// Worth of marking a rival Vulnerable (its Skills but Tech count 0, NET-11), besides half
/// its best attack.
pub(crate) const VULNERABLE_VALUE: f64 = 0.25;
/// Worth of a Hacked token on a rival: what later programs may make of it (NET-15).
pub(crate) const HACK_VALUE: f64 = 0.1;

/// How much `wounds` landing on `target` are worth, in models taken out: a Gonk or a
/// Red-lined character goes out (GEN-10, WOUND-3); otherwise each wound is a share of the
/// way to taking the character out. Leaders count half again.
pub(crate) fn hit_value(game: &Game, target: ModelId, wounds: u8) -> f64 {
    let p = game.profile(target);
    let w = f64::from(wounds.max(1));
    let base = if !p.is_character() || game.red_lined(target) {
        1.0
    } else {
        let left = wounds_to_red_line(game, target) as f64 + 1.0;
        (w / left).min(1.0) * 0.8
    };
    if is_leader(game, target) && crate::objective::leader_wins(game) {
        base * 3.0
    } else if is_leader(game, target) {
        base * 1.5
    } else {
        base
    }
}

/// The chance-weighted worth of an attack command (0 for anything else).
pub(crate) fn attack_score(game: &Game, c: &Command) -> f64 {
    let Kind::Attack { actor, target } = kind(game, c) else {
        return 0.0;
    };
    let Some(a) = action_of(c) else {
        return 0.0;
    };
    let Some(def) = game.action(actor, a.action) else {
        return 0.0;
    };
    let colour = token_colour(game, actor, a.token);
    let p = hit_chance(
        game,
        actor,
        game.position(actor),
        def,
        colour,
        target,
        game.position(target),
    );
    let value = hit_value(game, target, wounds_of(def));
    let mut score = p * value * f64::from(rapid_of(def));
    // Rapid X makes the attack X times (KW-24): the expected hits count, up to taking the
    // target out (later repetitions may go to another rival within RED, KW-26).
    score = score.min(hit_value(game, target, u8::MAX).max(p * value));
    if def.keywords.contains(&Keyword::Blast) {
        score += p * blast_extra(game, actor, target);
    }
    if def.effects.contains(&Effect::SelfDestruct) {
        score -= self_destruct_cost(game, actor, target, def, p);
    }
    score
}

/// Worth of a drone given up to its own self-destruct, hit or miss (DRONE-7): a share of
/// a model, small because the drone cost no EB and its program may deploy another. A
/// Blast that would catch the drone already counted it (in proportion to the hit), so that
/// part is given back.
fn self_destruct_cost(
    game: &Game,
    actor: ModelId,
    target: ModelId,
    def: &ActionDef,
    p: f64,
) -> f64 {
    let counted = if def.keywords.contains(&Keyword::Blast)
        && game.distance(actor, target) <= Colour::Red.move_inches()
    {
        p * 0.5 * hit_value(game, actor, 1)
    } else {
        0.0
    };
    SELF_DESTRUCT_SHARE * hit_value(game, actor, 1) - counted
}

/// Share of a model a self-destructing drone is worth to its own side.
const SELF_DESTRUCT_SHARE: f64 = 0.25;

/// Rapid X of an action: how many times it is made (1 without Rapid, KW-24).
pub(crate) fn rapid_of(def: &ActionDef) -> u8 {
    def.keywords
        .iter()
        .map(|k| if let Keyword::Rapid(x) = k { *x } else { 0 })
        .fold(0u8, u8::saturating_add)
        .max(1)
}

/// What a Blast landing on `target` is worth beyond the target itself: each other model
/// within RED of it may be caught (KW-4..KW-8), a rival adding half a wound's worth and a
/// friend taking as much away (they may escape or pass their Reflexes roll).
pub(crate) fn blast_extra(game: &Game, actor: ModelId, target: ModelId) -> f64 {
    let radius = Colour::Red.move_inches();
    in_play(game)
        .filter(|&m| m != target && game.distance(m, target) <= radius)
        .map(|m| {
            let v = 0.5 * hit_value(game, m, 1);
            if game.rivals(actor, m) { v } else { -v }
        })
        .sum()
}

/// Whether the die offered in a Luck decision belongs to the acting side: the Active Model,
/// or a Gonk of the Inspiring player. The Obstacle die and defenders oppose.
pub(crate) fn luck_die_is_actors(game: &Game, seat: Seat, model: Option<ModelId>) -> bool {
    let Some(m) = model else {
        return false;
    };
    game.active_model() == Some(m)
        || (game.inspiring() == Some(seat) && !game.profile(m).is_character())
}

/// Whether the side rolling the offered die is losing right now.
pub(crate) fn offered_side_losing(
    game: &Game,
    seat: Seat,
    model: Option<ModelId>,
    actor_winning: bool,
) -> bool {
    luck_die_is_actors(game, seat, model) != actor_winning
}

//! Answers both scripted levels give to the decisions around an action: defences, Luck,
//! extra wounds, heals, opposers and Brawl ties. Each answer is picked from
//! [`Game::legal_commands`] and comes with the reason a log can show.

use redline_battlespace::Hypot;
use redline_rules::card::Colour;
use redline_rules::dice::Die;
use redline_rules::odds::OddsQuery;
use redline_rules::{Command, Decision, DecisionKind, Defence, DefenceBonus, Game, ModelId};

use crate::assess::{self, colour_rank, hit_value, offered_side_losing};
use crate::choice::{Choice, fallback};
use crate::models::in_play;

/// The modifier a [`Defence`] gives `m` against an action using its opposing Skill `skill`.
fn defence_value(
    game: &Game,
    m: ModelId,
    d: &Defence,
    opposed: redline_rules::card::Skill,
) -> (Die, i16) {
    let p = game.profile(m);
    let colour = assess::token_colour(game, m, d.token);
    let bonus = match d.bonus {
        DefenceBonus::Skill => i16::from(p.skills.get(opposed)),
        DefenceBonus::CardArmor => i16::from(p.card_armor),
        DefenceBonus::GearArmor(card) => i16::from(game.card(card).def.armor),
    };
    (Die::Action(colour), bonus)
}

/// The Skill the defender opposes with, read from the acting model's action of that name.
fn opposed_skill(game: &Game, actor: ModelId, action: &str) -> (redline_rules::card::Skill, i16) {
    for i in 0..game.action_count(actor) {
        if let Some(def) = game.action(actor, i)
            && def.name == action
            && let Some(s) = def.skill
        {
            return (s.opposed_by(), i16::from(game.profile(actor).skills.get(s)));
        }
    }
    (redline_rules::card::Skill::Reflexes, 0)
}

/// Answers every decision that is not Take Control or an action. `exact` picks defences by
/// exact odds (Normal) instead of "best die, then biggest bonus" (Easy).
pub(crate) fn answer_other(game: &Game, d: &Decision, legal: &[Command], exact: bool) -> Choice {
    use DecisionKind as K;
    match &d.kind {
        K::ChooseDefence {
            defender,
            actor,
            action,
            ..
        } => {
            let (opposed, actor_mod) = opposed_skill(game, *actor, action);
            let actor_die =
                Die::Action(assess::best_ready_colour(game, *actor).unwrap_or(Colour::Yellow));
            let best = legal
                .iter()
                .filter_map(|c| match c {
                    Command::Defend(x) => Some((c, defence_value(game, *defender, x, opposed))),
                    _ => None,
                })
                .min_by(|a, b| {
                    if exact {
                        let odds = |(die, bonus): (Die, i16)| {
                            OddsQuery::new(actor_die, actor_mod, die, bonus)
                                .odds()
                                .success
                        };
                        odds(a.1).total_cmp(&odds(b.1))
                    } else {
                        // Easy: the biggest die, then the biggest bonus.
                        let key = |(die, bonus): (Die, i16)| (die.faces(), bonus);
                        key(b.1).cmp(&key(a.1))
                    }
                });
            match best {
                Some((c, _)) if exact => Choice::new(
                    c.clone(),
                    "defend: the token and bonus that give the attacker the lowest odds",
                ),
                Some((c, _)) => {
                    Choice::new(c.clone(), "defend: the biggest die, then the biggest bonus")
                }
                None => fallback(legal, "defend"),
            }
        }
        K::OfferLuck {
            model,
            die,
            face,
            actor_winning,
            luck,
            ..
        } => {
            let losing = offered_side_losing(game, d.seat, *model, *actor_winning);
            // A re-roll only helps on average when the face is below the die's middle.
            let low = u16::from(*face) * 2 <= u16::from(die.faces());
            let keep_one = !exact || *luck > 1 || !assess::luck_die_is_actors(game, d.seat, *model);
            if losing && *luck > 0 && low && keep_one && legal.contains(&Command::Reroll) {
                Choice::new(
                    Command::Reroll,
                    "Luck: re-roll a losing die showing a low face",
                )
            } else if legal.contains(&Command::KeepRoll) {
                Choice::new(
                    Command::KeepRoll,
                    if losing {
                        "Luck: keep (a re-roll is not worth a token here)"
                    } else {
                        "Luck: keep a winning die"
                    },
                )
            } else {
                fallback(legal, "Luck")
            }
        }
        K::AllocateWound { model, .. } => {
            // The extra wound goes on the worst token, a Used one first, so the model keeps
            // its best dice for what is left of the turn.
            let ts = game.tokens(*model);
            let best = legal
                .iter()
                .filter_map(|c| match c {
                    Command::AllocateWound { token } => ts
                        .get(usize::from(*token))
                        .map(|t| (c, (colour_rank(t.colour), t.ready))),
                    _ => None,
                })
                .min_by_key(|(_, k)| *k);
            match best {
                Some((c, _)) => {
                    Choice::new(c.clone(), "wound: on the worst token, a Used one first")
                }
                None => fallback(legal, "wound"),
            }
        }
        K::ChooseHealedToken { model, .. } => {
            let ts = game.tokens(*model);
            let best = legal
                .iter()
                .filter_map(|c| match c {
                    Command::HealToken { token } => ts
                        .get(usize::from(*token))
                        .map(|t| (c, colour_rank(t.original))),
                    _ => None,
                })
                .max_by_key(|(_, k)| *k);
            match best {
                Some((c, _)) => Choice::new(c.clone(), "heal: the token that started best"),
                None => fallback(legal, "heal"),
            }
        }
        K::ChooseOpposer { .. } => {
            // Our model most likely to stop the escape or drag: best die plus Skill.
            let score = |m: ModelId| {
                let p = game.profile(m);
                let c = assess::best_ready_colour(game, m).unwrap_or(Colour::Red);
                i16::from(colour_rank(c)) * 2
                    + i16::from(
                        p.skills
                            .get(redline_rules::card::Skill::Reflexes)
                            .max(p.skills.get(redline_rules::card::Skill::Melee)),
                    )
            };
            let best = legal
                .iter()
                .filter_map(|c| match c {
                    Command::ChooseOpposer { model } => Some((c, score(*model))),
                    _ => None,
                })
                .max_by_key(|(_, s)| *s);
            match best {
                Some((c, _)) => {
                    Choice::new(c.clone(), "opposer: the model with the best die and Skill")
                }
                None => fallback(legal, "opposer"),
            }
        }
        K::BreakBrawlTie { .. } => {
            // Hit a rival rather than a friend, the most valuable one.
            let team = game.team_of(d.seat);
            let best = legal
                .iter()
                .filter_map(|c| match c {
                    Command::ChooseAffected { model } => {
                        let rival = game.team_of(game.owner(*model)) != team;
                        let v = if rival {
                            hit_value(game, *model, 1)
                        } else {
                            -1.0
                        };
                        Some((c, v))
                    }
                    _ => None,
                })
                .max_by(|a, b| a.1.total_cmp(&b.1));
            match best {
                Some((c, _)) => Choice::new(c.clone(), "Brawl tie: the most valuable rival"),
                None => fallback(legal, "Brawl tie"),
            }
        }
        K::NextRepetition { model, action, .. } => next_repetition(game, *model, *action, legal),
        K::ChooseStunnedToken { model, .. } | K::MemoryLeak { model, .. } => {
            // The stunned model loses its worst Ready token, keeping its best die.
            let ts = game.tokens(*model);
            let best = legal
                .iter()
                .filter_map(|c| match c {
                    Command::StunToken { token } | Command::LeakToken { token } => ts
                        .get(usize::from(*token))
                        .map(|t| (c, colour_rank(t.colour))),
                    _ => None,
                })
                .min_by_key(|(_, k)| *k);
            match best {
                Some((c, _)) => Choice::new(c.clone(), "stun: flip the worst Ready token"),
                None => fallback(legal, "stun"),
            }
        }
        K::ChooseRefreshedToken { model, .. } => {
            let ts = game.tokens(*model);
            let best = legal
                .iter()
                .filter_map(|c| match c {
                    Command::RefreshToken { token } => ts
                        .get(usize::from(*token))
                        .map(|t| (c, colour_rank(t.colour))),
                    _ => None,
                })
                .max_by_key(|(_, k)| *k);
            match best {
                Some((c, _)) => Choice::new(c.clone(), "refresh: the best Used token"),
                None => fallback(legal, "refresh"),
            }
        }
        K::PlaceImpact { actor, .. } => place_impact(game, *actor, legal),
        K::BlastEscape { at, .. } => blast_escape(game, *at, legal),
        K::CombatNetrunning {
            launcher,
            target,
            program,
            ..
        } => crate::answers::net_defender(game, *launcher, *target, program, legal),
        K::FreeMoves { .. } => crate::answers::free_move(game, d.seat, legal),
        K::Deploy { model, .. } => crate::answers::scenario::deploy(game, *model, legal),
        K::DeployTeam { to_place, .. } => {
            crate::answers::scenario::deploy_team(game, to_place, legal)
        }
        K::ChooseFirstControl { .. } => crate::answers::scenario::first_control(d.seat, legal),
        K::PlaceSecurity { .. } => crate::security::place_security(game, d.seat, legal),
        K::ChooseLootedCard { looter, .. } => {
            crate::answers::scenario::looted_card(game, *looter, legal)
        }
        K::OrderFireRolls { .. } => crate::fire::next_fire_roll(game, d.seat, legal),
        K::SentryShot { .. } => crate::security::next_sentry_shot(game, legal),
        _ => fallback(legal, "unhandled decision"),
    }
}

/// The next Rapid repetition (KW-24..KW-27): at the rival where the exact odds times the
/// hit's worth are best; stop rather than shoot at a friend.
fn next_repetition(game: &Game, actor: ModelId, action: u16, legal: &[Command]) -> Choice {
    let def = game.action(actor, action);
    let colour = assess::best_ready_colour(game, actor).unwrap_or(Colour::Yellow);
    let best = legal
        .iter()
        .filter_map(|c| match c {
            Command::Repeat { target } if game.rivals(actor, *target) => {
                let v = def.map_or(0.5, |def| {
                    assess::hit_chance(
                        game,
                        actor,
                        game.position(actor),
                        def,
                        colour,
                        *target,
                        game.position(*target),
                    ) * hit_value(game, *target, assess::wounds_of(def))
                });
                Some((c, v))
            }
            _ => None,
        })
        .max_by(|a, b| a.1.total_cmp(&b.1));
    match best {
        Some((c, _)) => Choice::new(c.clone(), "Rapid: repeat at the rival worth most"),
        None if legal.contains(&Command::EndRepetitions) => Choice::new(
            Command::EndRepetitions,
            "Rapid: stop, only friends are in reach",
        ),
        None => fallback(legal, "Rapid"),
    }
}

/// Where a missed Blast's Impact token goes (KW-9): the spot that catches the most rival
/// worth within RED, less our own models.
fn place_impact(game: &Game, actor: ModelId, legal: &[Command]) -> Choice {
    let radius = Colour::Red.move_inches();
    let best = legal
        .iter()
        .filter_map(|c| match c {
            Command::PlaceImpact { at } => {
                let v: f64 = in_play(game)
                    .map(|m| {
                        let p = game.position(m);
                        if (p[0] - at[0]).hypot_exact(p[2] - at[2]) > radius {
                            0.0
                        } else if game.rivals(actor, m) {
                            hit_value(game, m, 1)
                        } else {
                            -hit_value(game, m, 1)
                        }
                    })
                    .sum();
                Some((c, v))
            }
            _ => None,
        })
        .max_by(|a, b| a.1.total_cmp(&b.1));
    match best {
        Some((c, _)) => Choice::new(c.clone(), "Impact: where it catches most rivals"),
        None => fallback(legal, "Impact"),
    }
}

/// A model caught by a Blast (KW-7, KW-8): a Gonk or a Red-lined character (one wound takes
/// it out) escapes if it can, by the route ending farthest from the token; a healthy
/// character keeps its Ready token and faces the roll.
fn blast_escape(game: &Game, at: [f32; 3], legal: &[Command]) -> Choice {
    let fragile = |m: ModelId| !game.profile(m).is_character() || game.red_lined(m);
    let escape = legal
        .iter()
        .filter_map(|c| match c {
            Command::EscapeBlast { model, route, .. } if fragile(*model) => {
                let end = route.last().copied().unwrap_or(game.position(*model));
                Some((c, (end[0] - at[0]).hypot_exact(end[2] - at[2])))
            }
            _ => None,
        })
        .max_by(|a, b| a.1.total_cmp(&b.1));
    if let Some((c, _)) = escape {
        return Choice::new(c.clone(), "Blast: a model one wound from out escapes");
    }
    match legal
        .iter()
        .find(|c| matches!(c, Command::FaceBlast { .. }))
    {
        Some(c) => Choice::new(c.clone(), "Blast: face the roll, keep the Ready token"),
        None => fallback(legal, "Blast"),
    }
}

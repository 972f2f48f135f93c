//! Each command as a button or a log line says it.

use redline_rules::command::DefenceBonus;
use redline_rules::{ActionCommand, Command, DecisionKind, Defence, Game, ModelId, Target};

use super::{action, model, point, route_end, scenery, scenery_part, token};

/// A command as a button or log line says it; tokens are named on the model the current
/// decision is about.
pub fn command(game: &Game, cmd: &Command) -> String {
    let about = decided_model(game);
    let m = |id| model(game, id);
    let token_of =
        |t: u8| about.map_or_else(|| format!("token {}", t + 1), |id| token(game, id, t));
    match cmd {
        Command::Activate { model: id } => format!("Activate {}", m(*id)),
        Command::Inspire { seat } => format!("Inspire {seat}'s Gonks"),
        Command::Act(a) => action_command(game, a),
        Command::EndActivation => "End the activation".to_string(),
        Command::SkipGonk { model: id } => format!("{} holds", m(*id)),
        Command::Defend(d) => defend(game, about, d),
        Command::Reroll => "Re-roll with Luck".to_string(),
        Command::KeepRoll => "Keep the roll".to_string(),
        Command::GainLuck { seat, luck } => format!("{seat} gains {luck} Luck"),
        Command::React(a) => format!("[RE]act — {}", action_command(game, a)),
        Command::DeclineReaction => "Don't [RE]act".to_string(),
        Command::AllocateWound { token: t } => format!("Wound the {}", token_of(*t)),
        Command::HealToken { token: t } => format!("Heal the {}", token_of(*t)),
        Command::ChooseOpposer { model: id } => format!("{} opposes", m(*id)),
        Command::ChooseAffected { model: id } => format!("{} is hit", m(*id)),
        Command::TakeCard { card } => format!("Take {}", game.card(*card).def.name),
        Command::NetDefend { model: Some(id) } => format!("{} opposes the program", m(*id)),
        Command::NetDefend { model: None } => "Nobody steps in".to_string(),
        Command::LeakToken { token: t } => format!("Flip the {}", token_of(*t)),
        Command::FreeMove(fm) => {
            let with = fm
                .token
                .map_or_else(String::new, |t| format!(" ({})", token(game, fm.model, t)));
            format!(
                "{} moves freely{with} to {}",
                m(fm.model),
                route_end(&fm.route)
            )
        }
        Command::EndFreeMoves => "End the free moves".to_string(),
        Command::PlaceImpact { at } => format!("Place the Impact token at {}", point(at)),
        Command::EscapeBlast {
            model: id,
            token: t,
            route,
        } => format!(
            "{} escapes the Blast ({}) to {}",
            m(*id),
            token(game, *id, *t),
            route_end(route)
        ),
        Command::FaceBlast { model: id } => format!("{} stays in the Blast", m(*id)),
        Command::Repeat { target } => format!("Repeat on {}", m(*target)),
        Command::EndRepetitions => "Stop repeating".to_string(),
        Command::StunToken { token: t } => format!("Stun the {}", token_of(*t)),
        Command::RefreshToken { token: t } => format!("Refresh the {}", token_of(*t)),
        Command::Deploy { model: id, at } => format!("Set {} down at {}", m(*id), point(at)),
        Command::EndDeployment => "End the deployment".to_string(),
        Command::PlaceSecurity(p) => security(game, p),
        Command::EndSecurity => "End the security step".to_string(),
        Command::FaceHazard {
            model: id,
            token: t,
        } => match t {
            Some(t) => format!(
                "{} faces the Hazard with the {}",
                m(*id),
                token(game, *id, *t)
            ),
            None => format!("{} faces the Hazard", m(*id)),
        },
        Command::RollFire { place } => {
            format!(
                "Roll the fire in {} next",
                super::event::fire_place(game, place)
            )
        }
        Command::SentryFires { sentry, target } => {
            format!("{} fires at {}", m(*sentry), m(*target))
        }
        Command::GiveFirstControl { seat } => {
            format!("Player {} takes Control first", seat.0 + 1)
        }
    }
}

/// The model whose tokens the current decision picks from, if it picks one.
fn decided_model(game: &Game) -> Option<ModelId> {
    use DecisionKind as K;
    match &game.decision()?.kind {
        K::ChooseDefence { defender, .. } => Some(*defender),
        K::AllocateWound { model, .. }
        | K::ChooseHealedToken { model, .. }
        | K::MemoryLeak { model, .. }
        | K::ChooseStunnedToken { model, .. }
        | K::ChooseRefreshedToken { model, .. } => Some(*model),
        K::TakeControl { .. }
        | K::NextAction { .. }
        | K::InspireGonks { .. }
        | K::OfferLuck { .. }
        | K::OfferReaction { .. }
        | K::ChooseOpposer { .. }
        | K::Deploy { .. }
        | K::DeployTeam { .. }
        | K::ChooseFirstControl { .. }
        | K::BreakBrawlTie { .. }
        | K::ChooseLootedCard { .. }
        | K::CombatNetrunning { .. }
        | K::FreeMoves { .. }
        | K::PlaceImpact { .. }
        | K::BlastEscape { .. }
        | K::NextRepetition { .. }
        | K::FaceHazard { .. }
        | K::PlaceSecurity { .. }
        | K::OrderFireRolls { .. }
        | K::SentryShot { .. } => None,
    }
}

/// A defence: the token (or a Gonk's card colour) and the bonus added to it.
fn defend(game: &Game, defender: Option<ModelId>, d: &Defence) -> String {
    let Some(m) = defender else {
        return "Defend".to_string();
    };
    let colour = match d.token {
        Some(t) => token(game, m, t),
        None => game
            .profile(m)
            .gonk_colour
            .map_or("card colour".into(), |c| format!("{} (card)", c.name())),
    };
    format!("{colour} + {}", bonus(game, m, d.bonus))
}

/// A defence bonus in words: "Skill", "card Armor 1", "Kevlar Vest Armor".
pub(super) fn bonus(game: &Game, model: ModelId, b: DefenceBonus) -> String {
    match b {
        DefenceBonus::Skill => "Skill".to_string(),
        DefenceBonus::CardArmor => format!("card Armor {}", game.profile(model).card_armor),
        DefenceBonus::GearArmor(card) => format!("{} Armor", game.card(card).def.name),
    }
}

/// An action with its token and target: "Vex: Basic Ranged Attack on Dock Hand 2 (GREEN
/// token)".
fn action_command(game: &Game, a: &ActionCommand) -> String {
    let who = model(game, a.model);
    let what = action(game, a.model, a.action);
    let with = match a.token {
        Some(t) => format!(" ({})", token(game, a.model, t)),
        None => String::new(),
    };
    match &a.target {
        Target::None => format!("{who}: {what}{with}"),
        Target::Model(t) if *t == a.model => format!("{who}: {what} on itself{with}"),
        Target::Model(t) => format!("{who}: {what} on {}{with}", model(game, *t)),
        Target::Route(route) => format!("{who}: {what}{with} to {}", route_end(route)),
        Target::Body(b) => format!("{who}: {what} on Body token {}{with}", b.0 + 1),
        Target::Marker(k) => format!("{who}: {what} on marker {}{with}", k + 1),
        Target::Point(p) => format!("{who}: {what}{with} at {}", point(p)),
        Target::Scenery { part, section } => {
            format!(
                "{who}: {what}{with} at {}",
                scenery_part(game, *part, *section)
            )
        }
        Target::Opening { piece, opening } => format!(
            "{who}: {what}{with} at {}",
            super::module_event::opening(game, *piece, *opening)
        ),
        Target::Drag {
            model: dragged,
            route,
            ..
        } => format!(
            "{who}: {what} {} to {}{with}",
            model(game, *dragged),
            route_end(route)
        ),
        Target::DragObject { object, route, .. } => format!(
            "{who}: {what} the {} to {}{with}",
            scenery(game, *object),
            route_end(route)
        ),
    }
}

/// A security placement (SEC-2): the lock's door or window, the sentry's spot and facing,
/// the fence section's ends.
fn security(game: &Game, p: &redline_rules::security::SecurityPlacement) -> String {
    use redline_rules::security::SecurityPlacement as P;
    match *p {
        P::Lock {
            piece,
            opening,
            grade,
        } => format!(
            "Lock {} ({}, {} EB)",
            super::module_event::opening(game, piece, opening),
            grade.name(),
            grade.cost()
        ),
        P::Sentry { at, facing_deg, .. } => format!(
            "Place a sentry at {} facing {facing_deg:.0}° ({} EB)",
            point(&at),
            p.cost()
        ),
        P::Fence { from, to, .. } => format!(
            "Put up a fence from ({:.1}, {:.1}) to ({:.1}, {:.1}) ({} EB)",
            from[0],
            from[1],
            to[0],
            to[1],
            p.cost()
        ),
    }
}

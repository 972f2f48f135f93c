//! A scripted player for the smoke scenes and the app's tests: it answers each decision
//! with one of `Game::legal_commands()`, preferring to attack, else to close in on the
//! nearest rival, else to end the activation. Plain and deterministic, so a scripted match
//! plays the same every run. (Computer opponents proper live in `crates/ai`.)

use redline_rules::{ActionCommand, Command, DecisionKind, Game, ModelId, Target};

/// The scripted answer to the current decision; `None` once the game is over.
pub fn scripted_answer(game: &Game) -> Option<Command> {
    let decision = game.decision()?;
    let legal = game.legal_commands();
    let first = legal.first().cloned();
    let pick = match &decision.kind {
        DecisionKind::TakeControl { .. } => take_control(game, &legal),
        DecisionKind::NextAction { .. } => act(game, &legal).or(Some(Command::EndActivation)),
        DecisionKind::InspireGonks { .. } => act(game, &legal),
        DecisionKind::OfferLuck { .. } => Some(Command::KeepRoll),
        DecisionKind::OfferReaction { .. } => legal
            .iter()
            .find(|c| matches!(c, Command::React(a) if is_attack(game, a)))
            .cloned()
            .or(Some(Command::DeclineReaction)),
        _ => None,
    };
    pick.filter(|c| legal.contains(c)).or(first)
}

/// Activates the first model with something to do (an attack or a way closer), else
/// Inspires, else activates anyone (Control must be taken, CTRL-3).
fn take_control(game: &Game, legal: &[Command]) -> Option<Command> {
    let useful = legal.iter().find(|c| {
        let Command::Activate { .. } = c else {
            return false;
        };
        let mut copy = game.clone();
        copy.apply((*c).clone()).is_ok() && act(&copy, &copy.legal_commands()).is_some()
    });
    useful
        .or_else(|| legal.iter().find(|c| matches!(c, Command::Inspire { .. })))
        .or_else(|| legal.iter().find(|c| matches!(c, Command::Activate { .. })))
        .cloned()
}

fn is_attack(game: &Game, a: &ActionCommand) -> bool {
    matches!(a.target, Target::Model(t) if game.rivals(a.model, t))
        && game.action(a.model, a.action).is_some_and(|d| d.attack)
}

/// An attack if there is one, else the move that ends nearest a rival.
fn act(game: &Game, legal: &[Command]) -> Option<Command> {
    if let Some(attack) = legal
        .iter()
        .find(|c| matches!(c, Command::Act(a) if is_attack(game, a)))
    {
        return Some(attack.clone());
    }
    let nearest_rival = |model: ModelId, at: [f32; 3]| {
        (0..game.model_count() as u16)
            .map(ModelId)
            .filter(|&o| game.in_play(o) && game.rivals(model, o))
            .map(|o| {
                let p = game.position(o);
                (p[0] - at[0]).hypot(p[2] - at[2])
            })
            .fold(f32::INFINITY, f32::min)
    };
    legal
        .iter()
        .filter_map(|c| match c {
            Command::Act(a) => match &a.target {
                Target::Route(route) => {
                    let end = *route.last()?;
                    let now = nearest_rival(a.model, game.position(a.model));
                    let then = nearest_rival(a.model, end);
                    (then < now - 0.1).then_some((then, c))
                }
                _ => None,
            },
            _ => None,
        })
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, c)| c.clone())
        .or_else(|| {
            legal
                .iter()
                .find(|c| matches!(c, Command::SkipGonk { .. }))
                .cloned()
        })
}

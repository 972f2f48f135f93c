//! How a bot's log names a command: the model, the action and its colour, the target.

use redline_rules::{Command, Game, ModelId};

use crate::assess::{self, Kind};

/// A short description of a command for the log.
pub(crate) fn describe(game: &Game, c: &Command) -> String {
    let name = |m: ModelId| game.profile(m).name.clone();
    match c {
        Command::Act(a) | Command::React(a) => {
            let action = game
                .action(a.model, a.action)
                .map_or_else(|| format!("action {}", a.action), |d| d.name.clone());
            let colour = assess::token_colour(game, a.model, a.token).name();
            match assess::kind(game, c) {
                Kind::Attack { target, .. } => {
                    format!(
                        "{} uses {action} ({colour}) on {}",
                        name(a.model),
                        name(target)
                    )
                }
                _ => format!("{} uses {action} ({colour})", name(a.model)),
            }
        }
        Command::EndActivation => "end the activation".into(),
        Command::SkipGonk { model } => format!("{} holds", name(*model)),
        Command::DeclineReaction => "no [RE]action".into(),
        Command::Activate { model } => format!("activate {}", name(*model)),
        Command::Deploy { model, .. } => format!("set {} down", name(*model)),
        other => rule_words(other),
    }
}

/// The name of a behaviour rule or a command's kind in words, for the log:
/// `ActivateNearestToRival` becomes "activate nearest to rival"; a command's fields (model
/// ids, points) are left out.
pub(crate) fn rule_words(named: &impl std::fmt::Debug) -> String {
    let text = format!("{named:?}");
    let kind = text.split([' ', '{', '(']).next().unwrap_or_default();
    let mut words = String::new();
    for (i, ch) in kind.chars().enumerate() {
        if ch.is_uppercase() && i > 0 {
            words.push(' ');
        }
        words.extend(ch.to_lowercase());
    }
    words
}

//! Words for the engine's data: model names, decisions, commands, events and dice, as the
//! prompt, the buttons and the log show them. Only wording lives here; every fact comes
//! from the `Game`.

use redline_rules::card::Colour;
use redline_rules::command::DefenceBonus;
use redline_rules::dice::Die;
use redline_rules::{
    ActionCommand, Command, Decision, DecisionKind, DieResult, Event, Game, ModelId, Outcome, Seat,
    StopReason, Target,
};

use crate::headless::game::meta::MatchMeta;

/// A model's name; Gonks sharing a card get a number ("Dock Hand 2").
pub fn model(game: &Game, id: ModelId) -> String {
    if id.index() >= game.model_count() {
        return id.to_string();
    }
    let name = &game.profile(id).name;
    let owner = game.owner(id);
    let same = |m: &ModelId| game.profile(*m).name == *name && game.owner(*m) == owner;
    let all: Vec<ModelId> = (0..game.model_count() as u16)
        .map(ModelId)
        .filter(same)
        .collect();
    if all.len() > 1 {
        let n = all.iter().position(|m| *m == id).unwrap_or(0) + 1;
        format!("{name} {n}")
    } else {
        name.clone()
    }
}

/// The name of one of a model's actions.
pub fn action(game: &Game, model: ModelId, index: u16) -> String {
    game.action(model, index)
        .map_or_else(|| format!("action {index}"), |a| a.name.clone())
}

/// A token in words: "GREEN token" (with "Used" when it is).
pub fn token(game: &Game, model: ModelId, index: u8) -> String {
    match game.tokens(model).get(usize::from(index)) {
        Some(t) if t.ready => format!("{} token", t.colour.name()),
        Some(t) => format!("Used {} token", t.colour.name()),
        None => format!("token {}", index + 1),
    }
}

fn seat(meta: &MatchMeta, seat: Seat) -> String {
    meta.seat_name(seat)
}

/// The prompt's title for a decision.
pub fn decision(game: &Game, meta: &MatchMeta, d: &Decision) -> String {
    let who = seat(meta, d.seat);
    use DecisionKind as K;
    #[allow(unreachable_patterns)] // The engine grows new decisions in parallel.
    match &d.kind {
        K::TakeControl { may_inspire, .. } if may_inspire.is_empty() => {
            format!("{who} has Control: activate a character")
        }
        K::TakeControl { .. } => format!("{who} has Control: activate a character or Inspire"),
        K::NextAction { model: m } => format!("{who}: {}'s next action", model(game, *m)),
        K::InspireGonks { .. } => format!("{who} Inspires: each Gonk may take one action"),
        K::ChooseDefence {
            defender,
            actor,
            action,
            ..
        } => format!(
            "{who}: {} defends against {}'s {action}",
            model(game, *defender),
            model(game, *actor)
        ),
        K::OfferLuck { model: m, die, .. } => match m {
            Some(m) => format!(
                "{who}: re-roll {}'s {} with Luck?",
                model(game, *m),
                die.label()
            ),
            None => format!("{who}: re-roll the {} with Luck?", die.label()),
        },
        K::OfferReaction { model: m, .. } => {
            format!("{who}: {} was wounded and may [RE]act", model(game, *m))
        }
        K::AllocateWound {
            model: m,
            wounds_left,
            ..
        } => format!(
            "{who}: place {wounds_left} wound(s) on {}'s tokens",
            model(game, *m)
        ),
        K::ChooseHealedToken { model: m, .. } => {
            format!("{who}: which RED token of {} is healed?", model(game, *m))
        }
        K::ChooseOpposer { mover, .. } => {
            format!("{who}: who opposes {}?", model(game, *mover))
        }
        K::BreakBrawlTie { target, .. } => format!(
            "{who}: the shot at {} hits one of the tied models",
            model(game, *target)
        ),
        DecisionKind::ChooseFirstControl { .. } => {
            format!("{who} won the roll-off: who takes Control first? (CTRL-15)")
        }
        other => format!("{who} decides: {}", kind_name(other)),
    }
}

/// The variant name of a decision, for kinds the app has no words for yet.
pub fn kind_name(kind: &DecisionKind) -> String {
    let text = format!("{kind:?}");
    let end = text.find([' ', '{', '(']).unwrap_or(text.len());
    text[..end].to_string()
}

fn route_end(route: &[[f32; 3]]) -> String {
    route.last().map_or_else(
        || "nowhere".to_string(),
        |p| format!("({:.1}\", {:.1}\")", p[0], p[2]),
    )
}

fn action_command(game: &Game, a: &ActionCommand) -> String {
    let who = model(game, a.model);
    let what = action(game, a.model, a.action);
    let with = match a.token {
        Some(t) => format!(" ({})", token(game, a.model, t)),
        None => String::new(),
    };
    #[allow(unreachable_patterns)] // New targets land in the engine in parallel.
    match &a.target {
        Target::None => format!("{who}: {what}{with}"),
        Target::Model(t) if *t == a.model => format!("{who}: {what} on itself{with}"),
        Target::Model(t) => format!("{who}: {what} on {}{with}", model(game, *t)),
        Target::Route(route) => format!("{who}: {what}{with} to {}", route_end(route)),
        Target::Body(b) => format!("{who}: {what} on Body token {}{with}", b.0 + 1),
        Target::Point(p) => format!("{who}: {what}{with} at ({:.1}\", {:.1}\")", p[0], p[2]),
        Target::Drag {
            model: dragged,
            route,
            ..
        } => format!(
            "{who}: {what} {} to {}{with}",
            model(game, *dragged),
            route_end(route)
        ),
        other => format!("{who}: {what}{with} ({other:?})"),
    }
}

fn bonus(game: &Game, model: ModelId, b: DefenceBonus) -> String {
    match b {
        DefenceBonus::Skill => "Skill".to_string(),
        DefenceBonus::CardArmor => format!("card Armor {}", game.profile(model).card_armor),
        DefenceBonus::GearArmor(card) => format!("{} Armor", game.card(card).def.name),
    }
}

/// A command as a button or log line says it.
pub fn command(game: &Game, cmd: &Command) -> String {
    let defender = match game.decision().map(|d| &d.kind) {
        Some(DecisionKind::ChooseDefence { defender, .. }) => Some(*defender),
        _ => None,
    };
    let wounded = match game.decision().map(|d| &d.kind) {
        Some(
            DecisionKind::AllocateWound { model, .. }
            | DecisionKind::ChooseHealedToken { model, .. },
        ) => Some(*model),
        _ => None,
    };
    #[allow(unreachable_patterns)] // New commands land in the engine in parallel.
    match cmd {
        Command::Activate { model: m } => format!("Activate {}", model(game, *m)),
        Command::Inspire { seat } => format!("Inspire {}'s Gonks", seat),
        Command::Act(a) => action_command(game, a),
        Command::EndActivation => "End the activation".to_string(),
        Command::SkipGonk { model: m } => format!("{} holds", model(game, *m)),
        Command::Defend(d) => {
            let Some(m) = defender else {
                return format!("Defend: {d:?}");
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
        Command::Reroll => "Re-roll with Luck".to_string(),
        Command::KeepRoll => "Keep the roll".to_string(),
        Command::React(a) => format!("[RE]act — {}", action_command(game, a)),
        Command::DeclineReaction => "Don't [RE]act".to_string(),
        Command::AllocateWound { token: t } => match wounded {
            Some(m) => format!("Wound the {}", token(game, m, *t)),
            None => format!("Wound token {}", t + 1),
        },
        Command::HealToken { token: t } => match wounded {
            Some(m) => format!("Heal the {}", token(game, m, *t)),
            None => format!("Heal token {}", t + 1),
        },
        Command::ChooseOpposer { model: m } => format!("{} opposes", model(game, *m)),
        Command::ChooseAffected { model: m } => format!("{} is hit", model(game, *m)),
        Command::GiveFirstControl { seat } => {
            format!("Player {} takes Control first", seat.0 + 1)
        }
        other => format!("{other:?}"),
    }
}

/// One die as the dice tray and the log show it: "d12 GREEN 9 +2 = 11 CRIT".
pub fn die(r: &DieResult) -> String {
    let modifier = if r.modifier == 0 {
        String::new()
    } else {
        format!(" {:+}", r.modifier)
    };
    let mark = if r.face == r.die.crit_face() {
        " CRIT"
    } else if r.face == r.die.fumble_face() {
        " FUMBLE"
    } else {
        ""
    };
    format!(
        "{} rolls {}{modifier} = {}{mark}",
        r.die.label(),
        r.face,
        r.total
    )
}

fn roller(game: &Game, r: &DieResult) -> String {
    match r.model {
        Some(m) => model(game, m),
        None => "Obstacle".to_string(),
    }
}

/// A log line for an event; `None` for events the log leaves out (flipped tokens and the
/// like show on the card instead).
pub fn event(game: &Game, meta: &MatchMeta, ev: &Event) -> Option<String> {
    let m = |id: &ModelId| model(game, *id);
    #[allow(unreachable_patterns)] // New events land in the engine in parallel.
    let line = match ev {
        Event::ControlTaken { seat: s } => format!("{} takes Control.", seat(meta, *s)),
        Event::ControlPassed { to, .. } => format!("Control passes to {}.", seat(meta, *to)),
        Event::Activated { model: id } => format!("{} is activated.", m(id)),
        Event::ActivationEnded { model: id } => format!("{}'s activation ends.", m(id)),
        Event::InspireStarted { seat: s } => format!("{} Inspires.", seat(meta, *s)),
        Event::GonkSkipped { model: id } => format!("{} holds.", m(id)),
        Event::InspireEnded { seat: s } => {
            format!("{} ends the Inspire: tokens Ready again.", seat(meta, *s))
        }
        Event::ActionTaken {
            model: id,
            name,
            colour,
            reaction,
            ..
        } => format!(
            "{}{} takes {name} ({}).",
            if *reaction { "[RE]action: " } else { "" },
            m(id),
            colour.name()
        ),
        Event::TokenFlipped { .. }
        | Event::DifficultMarked { .. }
        | Event::DifficultCleared { .. } => return None,
        Event::HackedRemoved { model: id } => format!("A Hacked token comes off {}.", m(id)),
        Event::DefenceChosen {
            model: id,
            colour,
            bonus: b,
            ..
        } => format!(
            "{} defends with {} + {}.",
            m(id),
            colour.name(),
            bonus(game, *id, *b)
        ),
        Event::Rolled { dice } => {
            let parts: Vec<String> = dice
                .iter()
                .map(|r| format!("{}: {}", roller(game, r), die(r)))
                .collect();
            format!("Roll — {}.", parts.join("; "))
        }
        Event::LuckSpent { seat: s, left } => {
            format!("{} spends Luck ({left} left).", seat(meta, *s))
        }
        Event::Rerolled { die: r, old_face } => format!(
            "{} re-rolls the {} ({old_face} before): {}.",
            roller(game, r),
            r.die.label(),
            die(r)
        ),
        Event::LuckReturned { seat: s, left } => {
            format!("{} gets a Luck token back ({left}).", seat(meta, *s))
        }
        Event::RollDecided { actor_won } => {
            let words: Vec<&str> = actor_won
                .iter()
                .map(|w| if *w { "succeeds" } else { "fails" })
                .collect();
            format!("The action {}.", words.join(", "))
        }
        Event::Moved {
            model: id,
            from,
            to,
        } => format!(
            "{} moves {:.1}\".",
            m(id),
            (to[0] - from[0]).hypot(to[2] - from[2])
        ),
        Event::Crossed { model: id, what } => format!("{} gets past {what}.", m(id)),
        Event::MoveStopped { model: id, reason } => match reason {
            StopReason::Obstacle(what) => format!("{} is stopped by {what}.", m(id)),
            StopReason::Rival(r) => format!("{} is stopped by {}: they Brawl.", m(id), m(r)),
            StopReason::Climb => format!("{} fails the climb.", m(id)),
            StopReason::Escape(r) => format!("{} can't escape {}.", m(id), m(r)),
        },
        Event::BrawlEntered { model: id, with } => {
            let names: Vec<String> = with.iter().map(m).collect();
            format!("{} Brawls with {}.", m(id), names.join(", "))
        }
        Event::BrawlLeft {
            model: id,
            outnumbered,
        } => {
            if *outnumbered {
                format!("{} leaves the Brawl (outnumbering).", m(id))
            } else {
                format!("{} escapes the Brawl.", m(id))
            }
        }
        Event::Fell { model: id, height } => format!("{} falls {height:.1}\".", m(id)),
        Event::ArmorDiscarded { model: id, .. } => {
            format!("{}'s Armor absorbs the wound and is discarded.", m(id))
        }
        Event::Wounded { model: id, by, .. } => match by {
            Some(b) => format!("{} wounds {}: a token turns RED.", m(b), m(id)),
            None => format!("{} is wounded: a token turns RED.", m(id)),
        },
        Event::RedLined { model: id } => format!("{} is Red-lined!", m(id)),
        Event::TakenOut { model: id, .. } => format!("{} is taken out.", m(id)),
        Event::Healed {
            model: id, colour, ..
        } => format!("{} heals a token back to {}.", m(id), colour.name()),
        Event::ReactionDeclined { model: id } => format!("{} doesn't [RE]act.", m(id)),
        Event::BodyLooted { by, .. } => format!("{} loots a Body token.", m(by)),
        Event::CardTaken { by, from, card } => format!(
            "{} takes {} from {}.",
            m(by),
            game.card(*card).def.name,
            m(from)
        ),
        Event::LootDrawn { by, card } => match card {
            Some(card) => format!(
                "{} draws the Loot card '{}'.",
                m(by),
                game.card(*card).def.name
            ),
            None => format!("{} finds nothing: the Loot deck is empty.", m(by)),
        },
        Event::GameOver { outcome } => outcome_line(meta, outcome),
        other => format!("{other:?}"),
    };
    Some(line)
}

/// The result in one line: "Player 2 (Tidewater Runners) wins!" or "A draw."
pub fn outcome_line(meta: &MatchMeta, outcome: &Outcome) -> String {
    match outcome {
        Outcome::Win { seats, .. } => {
            let names: Vec<String> = seats.iter().map(|s| meta.seat_label(*s)).collect();
            if names.len() == 1 {
                format!("{} wins!", names[0])
            } else {
                format!("{} win!", names.join(" and "))
            }
        }
        Outcome::Draw { .. } => "The game ends in a draw.".to_string(),
    }
}

/// The colour's name in title case for prose ("Green").
pub fn colour_word(c: Colour) -> &'static str {
    match c {
        Colour::Green => "Green",
        Colour::Yellow => "Yellow",
        Colour::Red => "Red",
    }
}

/// The die's colour for the dice tray: the action colour, or none for the Obstacle die.
pub fn die_colour(d: Die) -> Option<Colour> {
    match d {
        Die::Action(c) => Some(c),
        Die::Obstacle => None,
    }
}

//! The decision prompt (left panel): what the game waits for and from whom, with a
//! bespoke prompt for each decision the app knows (activate or Inspire, the action tools,
//! defence token, Luck, [RE]action, wound allocation) and, for any other kind, the list
//! of `legal_commands()` as buttons, so new decisions are playable the day they land.
//! Below it: the aimed action's preview and the dice tray.

use bevy_egui::egui;
use redline_rules::{Command, DecisionKind, Game, ModelId};

use crate::headless::flow::aim::{Aim, AimIntent, AimPreview};
use crate::headless::flow::battle::BattleIntent;
use crate::headless::game::describe;
use crate::headless::game::feed::DiceTray;
use crate::headless::game::match_state::Match;
use crate::headless::game::probe::RollOdds;
use crate::screens::theme::{MUTED, caption, token_colour};

/// What the prompt asks for this frame.
#[derive(Default)]
pub(super) struct Out {
    pub answers: Vec<BattleIntent>,
    pub aims: Vec<AimIntent>,
}

const GOOD: egui::Color32 = egui::Color32::from_rgb(140, 210, 140);
const BAD: egui::Color32 = egui::Color32::from_rgb(240, 90, 80);

fn percent(p: f64) -> String {
    format!("{:.1}%", p * 100.0)
}

/// The chances of a roll in one line each.
pub(super) fn odds_lines(ui: &mut egui::Ui, odds: &RollOdds) {
    ui.label(format!(
        "{} {:+}  vs  {} {:+}",
        odds.actor.die.label(),
        odds.actor.modifier,
        odds.opposer.die.label(),
        odds.opposer.modifier
    ));
    ui.label(
        egui::RichText::new(format!("Success {} with no Luck", percent(odds.plain)))
            .strong()
            .size(16.0),
    );
    ui.label(format!(
        "{} if you re-roll with Luck · {} if both do",
        percent(odds.actor_luck),
        percent(odds.both_luck)
    ));
}

fn answer(ui: &mut egui::Ui, game: &Game, cmd: &Command, out: &mut Out) {
    if ui.button(describe::command(game, cmd)).clicked() {
        out.answers.push(BattleIntent::Answer(cmd.clone()));
    }
}

/// A model that may act now (or [RE]act), as the prompt lists its actions.
struct Acting<'a> {
    game: &'a Game,
    aim: &'a Aim,
    model: ModelId,
    reaction: bool,
}

/// The action list of a model that may act (or [RE]act).
fn actions(ui: &mut egui::Ui, acting: &Acting, legal: &[Command], out: &mut Out) {
    let Acting {
        game,
        aim,
        model,
        reaction,
    } = *acting;
    let ready: Vec<u8> = (0..game.tokens(model).len() as u8)
        .filter(|t| game.tokens(model)[usize::from(*t)].ready)
        .collect();
    let token = aim
        .action
        .as_ref()
        .filter(|a| a.model == model)
        .and_then(|a| a.token)
        .or_else(|| ready.first().copied());
    token_row(ui, acting, &ready, token, out);
    for action in 0..game.action_count(model) {
        let Some(def) = game.action(model, action) else {
            continue;
        };
        let possible = legal.iter().any(|c| match c {
            Command::Act(a) | Command::React(a) => a.model == model && a.action == action,
            _ => false,
        });
        let chosen = aim
            .action
            .as_ref()
            .is_some_and(|a| a.model == model && a.action == action);
        let response = ui.add_enabled(possible, egui::Button::new(&def.name).selected(chosen));
        // Why not: the engine's own refusal, worked out only while the pointer is on it.
        let response = response.on_disabled_hover_ui(|ui| {
            let why = game.why_unavailable(model, action);
            ui.label(why.map_or_else(|| "Not possible right now".into(), |e| e.to_string()));
        });
        if possible && response.clicked() {
            out.aims.push(AimIntent::Action {
                model,
                action,
                token: token.filter(|_| game.spends_token(model, action)),
                reaction,
            });
        }
    }
}

/// The Ready tokens of a model that spends tokens, to pick the one an action spends.
fn token_row(ui: &mut egui::Ui, acting: &Acting, ready: &[u8], token: Option<u8>, out: &mut Out) {
    let Acting {
        game,
        aim,
        model,
        reaction,
    } = *acting;
    if game.tokens(model).is_empty() {
        return;
    }
    ui.horizontal_wrapped(|ui| {
        ui.label("Token:");
        for t in ready {
            let colour = game.tokens(model)[usize::from(*t)].colour;
            let text = egui::RichText::new(colour.name())
                .color(token_colour(colour))
                .strong();
            if ui.selectable_label(token == Some(*t), text).clicked() {
                out.aims.push(AimIntent::Token(*t));
                if aim.action.as_ref().is_none_or(|a| a.model != model) {
                    out.aims.push(AimIntent::Action {
                        model,
                        action: 0,
                        token: Some(*t),
                        reaction,
                    });
                }
            }
        }
    });
}

fn preview(ui: &mut egui::Ui, preview: &AimPreview, out: &mut Out) {
    match preview {
        AimPreview::None => {}
        AimPreview::NeedsTarget(text) => {
            ui.label(egui::RichText::new(text).color(MUTED));
        }
        AimPreview::Plain { check, .. } => {
            if let Err(e) = check {
                ui.label(egui::RichText::new(e.to_string()).color(BAD));
            }
        }
        AimPreview::Route(Err(e)) => {
            ui.label(egui::RichText::new(e).color(BAD));
        }
        AimPreview::Route(Ok(r)) => {
            let colour = if r.length <= r.band { GOOD } else { BAD };
            ui.label(
                egui::RichText::new(format!(
                    "Route {:.1}\" of {:.0}\" ({})",
                    r.length,
                    r.band,
                    r.colour.name()
                ))
                .color(colour)
                .strong(),
            );
            if r.rolls.is_empty() {
                ui.label("Open movement: no roll needed.");
            }
            for (i, roll) in r.rolls.iter().enumerate() {
                ui.label(egui::RichText::new(format!("Roll {}: {}", i + 1, roll.what)).strong());
                if let Some(o) = &roll.odds {
                    odds_lines(ui, o);
                }
            }
            if let Err(e) = &r.check {
                ui.label(egui::RichText::new(e.to_string()).color(BAD));
            }
        }
        AimPreview::Target(t) => {
            if let Some(poa) = &t.poa {
                ui.label(format!("Distance {:.1}\"", poa.distance));
                if let Some(b) = &poa.blocked_by {
                    ui.label(egui::RichText::new(&b.label).color(BAD).strong());
                }
                for c in &poa.cover {
                    ui.label(
                        egui::RichText::new(&c.label).color(egui::Color32::from_rgb(250, 204, 40)),
                    );
                }
            }
            if let Err(e) = &t.check {
                ui.label(egui::RichText::new(e.to_string()).color(BAD));
            }
            if let Some(worst) = t.worst_case() {
                if !worst.defence.is_empty() {
                    ui.label(
                        egui::RichText::new(format!("Against {}:", worst.defence)).color(MUTED),
                    );
                }
                odds_lines(ui, &worst.odds);
                if t.odds.len() > 1 {
                    ui.collapsing("Every defence", |ui| {
                        for d in &t.odds {
                            ui.label(format!("{}: {}", d.defence, percent(d.odds.plain)));
                        }
                    });
                }
            }
        }
    }
    if preview.ready().is_some() {
        ui.horizontal(|ui| {
            if ui.button(egui::RichText::new("Confirm").strong()).clicked() {
                out.aims.push(AimIntent::Confirm);
            }
            if ui.button("Cancel").clicked() {
                out.aims.push(AimIntent::Clear);
            }
        });
    }
}

/// The prompt for the current decision.
#[allow(clippy::too_many_arguments)]
pub(super) fn show(
    ui: &mut egui::Ui,
    current: &Match,
    legal: &[Command],
    aim: &Aim,
    aim_preview: &AimPreview,
    tray: &DiceTray,
    thinking: Option<f32>,
    out: &mut Out,
) {
    let game = current.game();
    let Some(decision) = game.decision() else {
        if let Some(o) = game.outcome() {
            ui.label(
                egui::RichText::new(describe::outcome_line(&current.meta, o))
                    .size(22.0)
                    .strong(),
            );
            ui.label(crate::headless::game::ending::end_reason(o));
            if ui.button("See the result").clicked() {
                out.answers.push(BattleIntent::ShowResults);
            }
        }
        return;
    };
    caption(ui, "DECISION");
    ui.label(
        egui::RichText::new(describe::decision(game, &current.meta, decision))
            .size(16.0)
            .strong(),
    );
    if current.meta.is_computer(decision.seat) {
        computer_thinking(ui, &current.meta.seat_name(decision.seat), thinking);
        ui.separator();
        dice_tray(ui, tray);
        return;
    }
    use DecisionKind as K;
    #[allow(unreachable_patterns)] // New decisions land in the engine in parallel.
    match &decision.kind {
        K::TakeControl { .. } => {
            for c in legal {
                answer(ui, game, c, out);
            }
        }
        K::NextAction { model } => {
            actions(
                ui,
                &Acting {
                    game,
                    aim,
                    model: *model,
                    reaction: false,
                },
                legal,
                out,
            );
            ui.separator();
            answer(ui, game, &Command::EndActivation, out);
        }
        K::InspireGonks { gonks } => {
            for g in gonks {
                ui.collapsing(describe::model(game, *g), |ui| {
                    actions(
                        ui,
                        &Acting {
                            game,
                            aim,
                            model: *g,
                            reaction: false,
                        },
                        legal,
                        out,
                    );
                    answer(ui, game, &Command::SkipGonk { model: *g }, out);
                });
            }
        }
        K::ChooseDefence {
            defender,
            actor,
            can_wound,
            ..
        } => {
            ui.label(format!(
                "{} rolls against {}{}.",
                describe::model(game, *actor),
                describe::model(game, *defender),
                if *can_wound {
                    "; losing means a wound"
                } else {
                    ""
                }
            ));
            caption(ui, "DEFEND WITH");
            for c in legal {
                answer(ui, game, c, out);
            }
        }
        K::OfferLuck {
            face,
            total,
            actor_winning,
            luck,
            ..
        } => {
            ui.label(format!("The die shows {face} (total {total})."));
            ui.label(if *actor_winning {
                egui::RichText::new("The action is succeeding.").color(GOOD)
            } else {
                egui::RichText::new("The action is failing.").color(BAD)
            });
            ui.label(format!("Luck tokens: {luck}"));
            for c in legal {
                answer(ui, game, c, out);
            }
        }
        K::OfferReaction { model, wounded_by } => {
            ui.label(format!(
                "{} may [RE]act; an attack must target {}.",
                describe::model(game, *model),
                describe::model(game, *wounded_by)
            ));
            actions(
                ui,
                &Acting {
                    game,
                    aim,
                    model: *model,
                    reaction: true,
                },
                legal,
                out,
            );
            ui.separator();
            answer(ui, game, &Command::DeclineReaction, out);
        }
        K::AllocateWound { .. } => {
            for c in legal {
                answer(ui, game, c, out);
            }
        }
        _ => {
            // Any decision without a bespoke prompt: every legal answer.
            for c in legal {
                answer(ui, game, c, out);
            }
        }
    }
    if let Some(refusal) = &current.last_refusal {
        ui.label(egui::RichText::new(refusal).color(BAD));
    }
    ui.separator();
    preview(ui, aim_preview, out);
    ui.separator();
    dice_tray(ui, tray);
}

/// The computer's turn to decide: a turning indicator while its bot works (the answer
/// comes from the task pool; the table keeps rendering).
fn computer_thinking(ui: &mut egui::Ui, name: &str, thinking: Option<f32>) {
    ui.add_space(6.0);
    ui.horizontal(|ui| {
        ui.add(egui::Spinner::new().size(22.0));
        let text = match thinking {
            Some(secs) => format!("{name} is thinking… {secs:.1} s"),
            None => format!("{name} is thinking…"),
        };
        ui.label(egui::RichText::new(text).size(16.0).strong());
    });
    ui.label(
        egui::RichText::new("Its moves play out on the table; its reasons go to the log.")
            .color(MUTED),
    );
}

/// The last two rolls: each die with its colour, face, modifier, total, Crit / Fumble.
fn dice_tray(ui: &mut egui::Ui, tray: &DiceTray) {
    caption(ui, "DICE");
    for roll in tray.rolls.iter().rev().take(2) {
        ui.label(egui::RichText::new(&roll.title).strong());
        for d in &roll.dice {
            let colour =
                describe::die_colour(d.die).map_or(egui::Color32::from_gray(200), token_colour);
            ui.horizontal(|ui| {
                let (rect, _) =
                    ui.allocate_exact_size(egui::vec2(30.0, 30.0), egui::Sense::hover());
                ui.painter().rect_filled(rect, 5.0, colour);
                ui.painter().text(
                    rect.center(),
                    egui::Align2::CENTER_CENTER,
                    d.face.to_string(),
                    egui::FontId::proportional(16.0),
                    egui::Color32::BLACK,
                );
                let mark = if d.crit() {
                    " CRIT"
                } else if d.fumble() {
                    " FUMBLE"
                } else {
                    ""
                };
                let again = d
                    .rerolled_from
                    .map_or(String::new(), |f| format!(" (re-rolled from {f})"));
                ui.label(format!(
                    "{} {}: {:+} = {}{mark}{again}",
                    d.who,
                    d.die.label(),
                    d.modifier,
                    d.total
                ));
            });
        }
        if let Some(v) = &roll.verdict {
            ui.label(
                egui::RichText::new(v)
                    .strong()
                    .color(if v.starts_with("SUCCESS") { GOOD } else { BAD }),
            );
        }
    }
}

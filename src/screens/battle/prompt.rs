//! The decision prompt (left panel): what the game waits for and from whom, with a
//! prompt for each decision the engine asks (activate or Inspire, the action tools,
//! defence token, Luck, [RE]action, wound allocation, the drags an aimed Drag can make, and
//! the legal answers as buttons for the rest). Every kind of decision is matched, so a new one does not build until the
//! prompt has a place for it. Below it: the aimed action's preview and the dice tray.

use bevy_egui::egui;
use redline_rules::{Command, Decision, DecisionKind, Game, ModelId};

use super::asks::Out;
use super::dice::dice_tray;
use super::preview::preview;
use crate::headless::flow::aim::{
    Aim, AimIntent, AimPreview, drag_choices, offered_actions, offered_token,
};
use crate::headless::flow::battle::BattleIntent;
use crate::headless::game::describe;
use crate::headless::game::ending::end_reason;
use crate::headless::game::feed::DiceTray;
use crate::headless::game::match_state::Match;
use crate::screens::theme::{BAD, GOOD, MUTED, caption, token_colour};

/// What the prompt shows: the match, its legal answers, the aim tool and its preview, the
/// dice tray, how long the computer has been thinking.
pub(super) struct PromptView<'a> {
    pub current: &'a Match,
    pub legal: &'a [Command],
    pub aim: &'a Aim,
    pub preview: &'a AimPreview,
    pub tray: &'a DiceTray,
    /// The newest roll tumbling before it lands.
    pub tumble: &'a crate::table::animate::DiceTumble,
    pub thinking: Option<f32>,
}

/// The prompt for the current decision (or the result once the game is over).
pub(super) fn show(ui: &mut egui::Ui, view: &PromptView, out: &mut Out) {
    let PromptView { current, .. } = *view;
    let game = current.game();
    let Some(decision) = game.decision() else {
        game_over(ui, current, out);
        return;
    };
    caption(ui, "DECISION");
    ui.label(
        egui::RichText::new(describe::decision(game, &current.meta, decision))
            .size(16.0)
            .strong(),
    );
    if current.meta.is_computer(decision.seat) {
        computer_thinking(ui, &current.meta.seat_name(decision.seat), view.thinking);
    } else {
        answers(ui, view, decision, out);
        if let Some(refusal) = &current.last_refusal {
            ui.label(egui::RichText::new(refusal).color(BAD));
        }
        ui.separator();
        preview(ui, view.preview, out);
    }
    ui.separator();
    dice_tray(ui, view.tray, view.tumble);
}

/// The outcome, why the game ended, and the way to the result screen.
fn game_over(ui: &mut egui::Ui, current: &Match, out: &mut Out) {
    let Some(o) = current.game().outcome() else {
        return;
    };
    ui.label(
        egui::RichText::new(describe::outcome_line(&current.meta, o))
            .size(22.0)
            .strong(),
    );
    ui.label(end_reason(o));
    if ui.button("See the result").clicked() {
        out.answers.push(BattleIntent::ShowResults);
    }
}

/// A person's answers to the decision: a prompt of its own for the decisions that need one,
/// the legal answers as buttons for the rest.
fn answers(ui: &mut egui::Ui, view: &PromptView, decision: &Decision, out: &mut Out) {
    let (game, legal) = (view.current.game(), view.legal);
    let acting = |model: ModelId, reaction: bool| Acting {
        game,
        aim: view.aim,
        model,
        reaction,
    };
    use DecisionKind as K;
    match &decision.kind {
        K::NextAction { model } => {
            actions(ui, &acting(*model, false), legal, out);
            ui.separator();
            answer(ui, game, &Command::EndActivation, out);
        }
        K::InspireGonks { gonks } => {
            for g in gonks {
                ui.collapsing(describe::model(game, *g), |ui| {
                    actions(ui, &acting(*g, false), legal, out);
                    answer(ui, game, &Command::SkipGonk { model: *g }, out);
                });
            }
        }
        K::ChooseDefence {
            defender,
            actor,
            can_wound,
            ..
        } => defence(ui, game, (*actor, *defender, *can_wound), legal, out),
        K::OfferLuck {
            face,
            total,
            actor_winning,
            luck,
            ..
        } => offer_luck(ui, game, (*face, *total, *actor_winning, *luck), legal, out),
        K::OfferReaction { model, wounded_by } => {
            ui.label(format!(
                "{} may [RE]act; an attack must target {}.",
                describe::model(game, *model),
                describe::model(game, *wounded_by)
            ));
            actions(ui, &acting(*model, true), legal, out);
            ui.separator();
            answer(ui, game, &Command::DeclineReaction, out);
        }
        K::DeployTeam { .. } => {
            ui.label("Drag your models within your highlighted zone, then end the deployment.");
            answer(ui, game, &Command::EndDeployment, out);
        }
        K::TakeControl { .. } => take_control(ui, view, out),
        K::AllocateWound { .. }
        | K::ChooseHealedToken { .. }
        | K::ChooseOpposer { .. }
        | K::Deploy { .. }
        | K::ChooseFirstControl { .. }
        | K::BreakBrawlTie { .. }
        | K::ChooseLootedCard { .. }
        | K::CombatNetrunning { .. }
        | K::MemoryLeak { .. }
        | K::FreeMoves { .. }
        | K::PlaceImpact { .. }
        | K::BlastEscape { .. }
        | K::NextRepetition { .. }
        | K::ChooseStunnedToken { .. }
        | K::ChooseRefreshedToken { .. }
        | K::FaceHazard { .. }
        | K::PlaceSecurity { .. }
        | K::OrderFireRolls { .. }
        | K::SentryShot { .. } => legal_answers(ui, game, legal, out),
    }
}

/// Every legal answer as a button.
fn legal_answers(ui: &mut egui::Ui, game: &Game, legal: &[Command], out: &mut Out) {
    for c in legal {
        answer(ui, game, c, out);
    }
}

/// Activate or Inspire: each Inspire names its seat as the table knows it ("Inspire
/// Player 2's Gonks"), so in a co-op or team game each person finds their own (CTRL-19).
fn take_control(ui: &mut egui::Ui, view: &PromptView, out: &mut Out) {
    let (game, meta) = (view.current.game(), &view.current.meta);
    for c in view.legal {
        let label = match c {
            Command::Inspire { seat } => format!("Inspire {}'s Gonks", meta.seat_name(*seat)),
            _ => describe::command(game, c),
        };
        if ui.button(label).clicked() {
            out.answers.push(BattleIntent::Answer(c.clone()));
        }
    }
}

fn answer(ui: &mut egui::Ui, game: &Game, cmd: &Command, out: &mut Out) {
    if ui.button(describe::command(game, cmd)).clicked() {
        out.answers.push(BattleIntent::Answer(cmd.clone()));
    }
}

/// The defender picks its token: who rolls against whom, what losing costs.
fn defence(
    ui: &mut egui::Ui,
    game: &Game,
    (actor, defender, can_wound): (ModelId, ModelId, bool),
    legal: &[Command],
    out: &mut Out,
) {
    ui.label(format!(
        "{} rolls against {}{}.",
        describe::model(game, actor),
        describe::model(game, defender),
        if can_wound {
            "; losing means a wound"
        } else {
            ""
        }
    ));
    caption(ui, "DEFEND WITH");
    legal_answers(ui, game, legal, out);
}

/// A Luck offer: the die, whether the action is winning, the Luck left.
fn offer_luck(
    ui: &mut egui::Ui,
    game: &Game,
    (face, total, actor_winning, luck): (u8, i16, bool, u8),
    legal: &[Command],
    out: &mut Out,
) {
    ui.label(format!("The die shows {face} (total {total})."));
    ui.label(if actor_winning {
        egui::RichText::new("The action is succeeding.").color(GOOD)
    } else {
        egui::RichText::new("The action is failing.").color(BAD)
    });
    ui.label(format!("Luck tokens: {luck}"));
    legal_answers(ui, game, legal, out);
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
    for action in offered_actions(game, model) {
        let Some(def) = game.action(model, action) else {
            continue;
        };
        let possible = legal.iter().any(|c| {
            matches!(c, Command::Act(a) | Command::React(a) if a.model == model && a.action == action)
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
                token: offered_token(game, legal, model, action, token),
                reaction,
            });
        }
    }
    drags(ui, game, &drag_choices(legal, aim), out);
}

/// The drags the aimed Drag action can make, as the engine offers them: a model within
/// reach (BRAWL-11) or a draggable scenery piece within reach (MOVE-14), each way it can go.
fn drags(ui: &mut egui::Ui, game: &Game, choices: &[Command], out: &mut Out) {
    if choices.is_empty() {
        return;
    }
    ui.separator();
    caption(ui, "DRAG");
    legal_answers(ui, game, choices, out);
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

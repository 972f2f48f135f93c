//! Cutting a bot's decision times into activations, where Hard's budget starts afresh
//! (`redline_ai::HardBot`): at Take Control, and when a Command hands the activation to
//! another model inside the turn (CMD-2). An Inspire (CTRL-8) is one activation: its Gonks'
//! actions are answers to the one Inspire decision. The "≤ 1 s per activation" is
//! read off these sums.

use redline_rules::{DecisionKind, ModelId};

/// What a decision means for the activation under way.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// Take Control: a new turn, so a new activation.
    Control,
    /// The Active Model's next action: a new activation when another model was acting.
    Next(Option<ModelId>),
    /// A Gonk's action in an Inspire: the same activation, no model acting after it.
    Inspire(Option<ModelId>),
    /// Any other answer (targets, routes; and answers in the rival's turn, such as defences,
    /// which join the bot's last activation as they join its turn of Control in the
    /// arena's figures). [RE]actions are left out by the caller.
    Other,
}

impl Step {
    /// The step a decision of this kind is, with the model acting now.
    pub fn of(kind: &DecisionKind, active: Option<ModelId>) -> Step {
        match kind {
            DecisionKind::TakeControl { .. } => Step::Control,
            DecisionKind::NextAction { .. } => Step::Next(active),
            DecisionKind::InspireGonks { .. } => Step::Inspire(active),
            _ => Step::Other,
        }
    }
}

/// One bot's activations: the time of each, ms.
#[derive(Debug, Default)]
pub struct Activations {
    /// The activation under way: its time so far and the model acting in it.
    open: Option<(f64, Option<ModelId>)>,
    done: Vec<f64>,
}

impl Activations {
    /// Counts a decision that took `ms`.
    pub fn note(&mut self, step: Step, ms: f64) {
        let starts = match (step, &self.open) {
            (Step::Control, _) | (_, None) => true,
            (Step::Next(now), Some((_, Some(before)))) => now != Some(*before),
            _ => false,
        };
        if starts && let Some((t, _)) = self.open.take() {
            self.done.push(t);
        }
        let open = self.open.get_or_insert((0.0, None));
        open.0 += ms;
        match step {
            Step::Control => open.1 = None,
            Step::Next(m) | Step::Inspire(m) => open.1 = m,
            Step::Other => {}
        }
    }

    /// Every activation's time, the one under way included.
    pub fn finish(mut self) -> Vec<f64> {
        if let Some((t, _)) = self.open.take() {
            self.done.push(t);
        }
        self.done
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play(steps: &[(Step, f64)]) -> Vec<f64> {
        let mut a = Activations::default();
        for &(s, ms) in steps {
            a.note(s, ms);
        }
        a.finish()
    }

    #[test]
    fn cmd_2_a_command_starts_the_commanded_models_activation() {
        let (a, b) = (Some(ModelId(1)), Some(ModelId(2)));
        let times = play(&[
            (Step::Control, 10.0),
            (Step::Other, 1.0),
            (Step::Next(a), 5.0),
            (Step::Other, 2.0),
            (Step::Next(a), 5.0),
            // The Command hands the activation to model 2.
            (Step::Next(b), 7.0),
            (Step::Next(b), 3.0),
            (Step::Control, 4.0),
        ]);
        assert_eq!(times, vec![23.0, 10.0, 4.0]);
    }

    #[test]
    fn ctrl_8_an_inspire_and_its_gonks_actions_are_one_activation() {
        let times = play(&[
            (Step::Control, 2.0),
            (Step::Inspire(None), 3.0),
            (Step::Other, 1.0),
            (Step::Inspire(None), 4.0),
            (Step::Control, 6.0),
        ]);
        assert_eq!(times, vec![10.0, 6.0]);
    }

    #[test]
    fn cmd_2_a_new_activation_starts_only_when_another_model_takes_over() {
        // Hard's budget starts afresh only when a model was acting and another one acts.
        let times = play(&[
            (Step::Control, 1.0),
            (Step::Inspire(None), 1.0),
            (Step::Next(Some(ModelId(3))), 1.0),
            (Step::Next(Some(ModelId(4))), 1.0),
        ]);
        assert_eq!(times, vec![3.0, 1.0]);
    }

    #[test]
    fn a_bot_that_only_answers_has_one_activation_per_run_of_answers() {
        assert_eq!(play(&[(Step::Other, 1.0), (Step::Other, 2.0)]), vec![3.0]);
        assert!(play(&[]).is_empty());
    }
}

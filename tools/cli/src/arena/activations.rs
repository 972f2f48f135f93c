//! Cutting a bot's decision times into activations where Hard's budget starts afresh
//! ([`redline_ai::ActivationCut`]: Take Control, a Command handing the activation on, the
//! first [RE]action offered in a rival's activation; an Inspire is one). Hard's aim of
//! about a second per activation is read off these sums.

use redline_ai::ActivationCut;
use redline_rules::{DecisionKind, ModelId};

/// One bot's activations: the time of each, ms.
#[derive(Debug, Default)]
pub struct Activations {
    cut: ActivationCut,
    /// Time so far of the activation under way.
    open: Option<f64>,
    done: Vec<f64>,
}

impl Activations {
    /// Counts a decision of `kind`, taken while `active` is the Active Model, that took
    /// `ms`. Answers in the rival's turn (defences) join the bot's last activation, as
    /// they join its turn of Control in the arena's figures; its [RE]actions in a rival's
    /// activation are an activation of their own.
    pub fn note(&mut self, kind: &DecisionKind, active: Option<ModelId>, ms: f64) {
        if (self.cut.begins(kind, active) || self.open.is_none())
            && let Some(t) = self.open.take()
        {
            self.done.push(t);
        }
        *self.open.get_or_insert(0.0) += ms;
    }

    /// Every activation's time, the one under way included.
    pub fn finish(mut self) -> Vec<f64> {
        self.done.extend(self.open.take());
        self.done
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cmd_2_each_activation_sums_its_own_decisions() {
        let control = DecisionKind::TakeControl {
            may_activate: Vec::new(),
            may_inspire: Vec::new(),
        };
        let next = |m: u16| {
            (
                DecisionKind::NextAction { model: ModelId(m) },
                Some(ModelId(m)),
            )
        };
        let other = DecisionKind::ChooseFirstControl {
            options: Vec::new(),
        };
        let mut a = Activations::default();
        for ((kind, active), ms) in [
            ((control.clone(), None), 10.0),
            ((other.clone(), None), 1.0),
            (next(1), 5.0),
            ((other, Some(ModelId(1))), 2.0),
            // The Command hands the activation to model 2.
            (next(2), 7.0),
            (next(2), 3.0),
            ((control, None), 4.0),
        ] {
            a.note(&kind, active, ms);
        }
        assert_eq!(a.finish(), vec![18.0, 10.0, 4.0]);
    }

    #[test]
    fn a_bot_that_only_answers_has_one_activation_per_run_of_answers() {
        let other = DecisionKind::ChooseFirstControl {
            options: Vec::new(),
        };
        let mut a = Activations::default();
        a.note(&other, None, 1.0);
        a.note(&other, None, 2.0);
        assert_eq!(a.finish(), vec![3.0]);
        assert!(Activations::default().finish().is_empty());
    }
}

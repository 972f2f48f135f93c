//! Where an activation begins, as Hard's budget counts it: at Take Control, when a
//! Command hands the activation to another model inside the turn (CMD-2), and at the first
//! [RE]action offered to the bot inside a rival's activation (REACT-1: the bot thinks during
//! the rival's activation, and every [RE]action it weighs there shares one budget). An
//! Inspire (CTRL-8) is one activation: its Gonks' actions answer the one Inspire decision.
//! The arena measures "≤ 1 s per activation" on the same cuts.

use redline_rules::{DecisionKind, ModelId};

/// Follows the model acting through a bot's decisions and says where a new activation
/// begins.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ActivationCut {
    /// The Active Model at the last Take Control, next action, Inspire or [RE]action
    /// decision.
    acting: Option<ModelId>,
}

impl ActivationCut {
    /// Notes a decision of `kind` taken while `active` is the Active Model; true when it
    /// begins a new activation. Other decisions (targets, routes, defences) belong to the
    /// activation under way and change nothing.
    pub fn begins(&mut self, kind: &DecisionKind, active: Option<ModelId>) -> bool {
        let (begins, acting) = match kind {
            DecisionKind::TakeControl { .. } => (true, None),
            DecisionKind::NextAction { .. } => {
                (self.acting.is_some() && active != self.acting, active)
            }
            DecisionKind::InspireGonks { .. } => (false, active),
            // The rival's model is the Active Model: the first [RE]action offered in its
            // activation begins the bot's budget for it, later ones share it.
            DecisionKind::OfferReaction { .. } => (active != self.acting, active),
            _ => return false,
        };
        self.acting = acting;
        begins
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn control() -> DecisionKind {
        DecisionKind::TakeControl {
            may_activate: Vec::new(),
            may_inspire: Vec::new(),
        }
    }

    fn next(m: u16) -> (DecisionKind, Option<ModelId>) {
        (
            DecisionKind::NextAction { model: ModelId(m) },
            Some(ModelId(m)),
        )
    }

    fn cuts(steps: &[(DecisionKind, Option<ModelId>)]) -> Vec<bool> {
        let mut cut = ActivationCut::default();
        steps.iter().map(|(k, a)| cut.begins(k, *a)).collect()
    }

    #[test]
    fn cmd_2_a_command_begins_the_commanded_models_activation() {
        let other = DecisionKind::ChooseFirstControl {
            options: Vec::new(),
        };
        let steps = [
            (control(), None),
            next(1),
            (other, Some(ModelId(1))),
            next(1),
            // The Command hands the activation to model 2.
            next(2),
            next(2),
            (control(), None),
        ];
        assert_eq!(cuts(&steps), [true, false, false, false, true, false, true]);
    }

    #[test]
    fn ctrl_8_an_inspire_and_its_gonks_actions_are_one_activation() {
        let inspire = DecisionKind::InspireGonks {
            gonks: vec![ModelId(5), ModelId(6)],
        };
        let steps = [(control(), None), (inspire.clone(), None), (inspire, None)];
        assert_eq!(cuts(&steps), [true, false, false]);
    }

    #[test]
    fn cmd_2_only_another_model_after_one_acting_begins_an_activation() {
        let inspire = DecisionKind::InspireGonks { gonks: Vec::new() };
        // No model was acting after the Inspire decision: the next action goes on with it.
        let steps = [(control(), None), (inspire, None), next(3), next(4)];
        assert_eq!(cuts(&steps), [true, false, false, true]);
    }

    #[test]
    fn react_1_reactions_in_one_rival_activation_share_one_budget() {
        let react = |m: u16| {
            (
                DecisionKind::OfferReaction {
                    model: ModelId(9),
                    wounded_by: ModelId(m),
                },
                Some(ModelId(m)),
            )
        };
        // Our turn with model 1; the rival's model 4 wounds ours twice (two offers), then
        // its Command hands the activation to model 5, which wounds ours again; then our
        // next turn.
        let steps = [
            (control(), None),
            next(1),
            react(4),
            react(4),
            react(5),
            (control(), None),
            next(1),
        ];
        assert_eq!(cuts(&steps), [true, false, true, false, true, true, false]);
    }
}

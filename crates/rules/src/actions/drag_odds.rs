//! The chance a drag succeeds (BRAWL-11..BRAWL-13, MOVE-14): the dragger's die plus
//! Reflexes against whoever BRAWL-12 says opposes a model's drag, or the Obstacle die for an
//! object's. A planner weighs a drag by it before it is tried, and the app shows it; the
//! roll itself is the move's (`Game::step_move`).

use crate::dice::Die;
use crate::flow::contest::Side;
use crate::ids::ModelId;
use crate::odds::{Odds, OddsQuery};
use crate::protocol::command::{ActionCommand, Target};
use crate::protocol::error::{RuleError, refuse};
use crate::protocol::rule::Rule;
use crate::setup::card::Skill;
use crate::state::Game;

impl Game {
    /// The chance that a drag command's roll is won (BRAWL-12), Luck left out: the
    /// dragger's die plus Reflexes against
    /// * a rival's Reflexes, with the token it would pick (a Downed rival rolls the RED
    ///   die and adds nothing, AID-4);
    /// * a friend in a Brawl: the Reflexes of the rival in that Brawl its owner would pick;
    /// * any other friend, a Downed one included (AID-10): the Obstacle die;
    /// * a draggable object (MOVE-14): the Obstacle die.
    ///
    /// Where the opposing player picks, the odds are those of its best pick. The rolls the
    /// move may need after the drag (an escape, crossings) are not in them. Refused as the
    /// command would be.
    pub fn drag_odds(&self, cmd: &ActionCommand) -> Result<Odds, RuleError> {
        let dragged = match cmd.target {
            Target::Drag { model, .. } => Some(model),
            Target::DragObject { .. } => None,
            _ => {
                return refuse(
                    Rule::Brawl11,
                    "These odds are for a drag of a model or an object",
                );
            }
        };
        let plan = self.plan_action(cmd, None)?;
        let actor = self.actor_side(cmd.model, plan.colour, Skill::Reflexes, true);
        let opposers = match dragged {
            Some(dragged) => self.drag_opposers(cmd.model, dragged),
            None => vec![None], // MOVE-14: the Obstacle die opposes an object's drag.
        };
        let odds = opposers
            .into_iter()
            .flat_map(|o| self.opposing_rolls(&actor, o))
            .map(|(die, modifier)| {
                OddsQuery::new(actor.die, actor.modifier, die, modifier)
                    .without_luck()
                    .odds()
            })
            .min_by(|a, b| a.success.total_cmp(&b.success));
        Ok(odds.unwrap_or_default())
    }

    /// Who may oppose `actor`'s drag of `dragged` (BRAWL-12, AID-10): a model, or `None`
    /// for the Obstacle die. More than one where the Brawl's owner picks. The drag itself
    /// (`Game::step_move`) and its odds both ask this.
    pub(crate) fn drag_opposers(&self, actor: ModelId, dragged: ModelId) -> Vec<Option<ModelId>> {
        if self.rivals(actor, dragged) {
            return vec![Some(dragged)];
        }
        if self.is_downed(dragged) {
            return vec![None]; // AID-10: the Obstacle die opposes a friend's drag.
        }
        let brawl = self.brawling_with(dragged);
        if brawl.is_empty() {
            vec![None]
        } else {
            brawl.into_iter().map(Some).collect()
        }
    }

    /// Every die and modifier `opposer` may roll against `actor`'s side in a drag: one per
    /// defence it may pick, or its one roll (the Obstacle die, a Downed model's RED die).
    fn opposing_rolls(&self, actor: &Side, opposer: Option<ModelId>) -> Vec<(Die, i16)> {
        let Some(m) = opposer else {
            let side = self.obstacle_side(actor.seat);
            return vec![(side.die, side.modifier)];
        };
        let side = self.model_side(m, Skill::Reflexes, 0, false, false, 0);
        if side.options.is_empty() {
            return vec![(side.die, side.modifier)];
        }
        side.options
            .iter()
            .map(|&d| self.defence_roll(m, &side, d))
            .collect()
    }
}

//! Luck rewards that apply at once (CAMP-11): when [`crate::Step::RecordGame`] replays a
//! game's log, every [`Command::GainLuck`] in it must be the reward of an Objective completed
//! by the command just before (or by one of the claims right after it). A reward nobody
//! claimed in time is not lost: a recycled card's Luck counts from the next game, as it would
//! had the game ended when it was completed.

use redline_content::schema::ObjectiveKind;
use redline_rules::{Command, Seat};

use crate::error::{CampaignError, refuse};

/// A Luck reward owed in the game being recorded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Owed {
    /// Campaign team.
    pub team: usize,
    /// Its seat in the game.
    pub seat: Seat,
    /// Luck tokens.
    pub luck: u8,
    /// How the completed card is used.
    pub kind: ObjectiveKind,
}

/// The Luck rewards owed and those no longer claimable.
#[derive(Debug, Default)]
pub(crate) struct LuckClaims {
    owed: Vec<Owed>,
    missed: Vec<Owed>,
}

impl LuckClaims {
    /// A reward that may be claimed by the commands right after this one.
    pub fn owe(&mut self, owed: Owed) {
        self.owed.push(owed);
    }

    /// Checks the log's next command before it is applied: a Luck gain must match a reward
    /// owed (refused otherwise, CAMP-11) and is returned; any other command closes the time
    /// to claim what is still owed.
    pub fn before(
        &mut self,
        step: usize,
        command: &Command,
    ) -> Result<Option<Owed>, CampaignError> {
        let Command::GainLuck { seat, luck } = command else {
            self.missed.append(&mut self.owed);
            return Ok(None);
        };
        match self
            .owed
            .iter()
            .position(|o| o.seat == *seat && o.luck == *luck)
        {
            Some(i) => Ok(Some(self.owed.remove(i))),
            None => refuse(
                "CAMP-11",
                format!(
                    "step {step} of the game's command log gives player {} {luck} Luck, which \
                     no Objective just completed gives",
                    seat.0
                ),
            ),
        }
    }

    /// Rewards never claimed, once the log is done.
    pub fn unclaimed(mut self) -> Vec<Owed> {
        self.missed.append(&mut self.owed);
        self.missed
    }
}

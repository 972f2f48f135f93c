//! Co-op campaign arcs (COOP-7..COOP-10): two or three people play an arc's co-op games in
//! order with campaign crews, on one side against the computer. The crews keep everything a
//! campaign keeps (HQ, Supply, promotions, injuries, Gear); each game's result leaves what
//! the arc says for the next game (Luck, EB, bigger waves); the last game's result is the
//! arc's ending.
//!
//! An arc is an ordinary [`Campaign`] with [`Campaign::arc`] set: the same steps, the same
//! save file. Only the choices differ: the scenario is the arc's next game (COOP-7), no
//! Objectives are drawn and no Beginner's Luck is given (COOP-8), and the game is set up as a
//! co-op game with the computer's seats first ([`redline_content::coop`]).

use redline_content::Catalog;
use redline_content::coop::{CoopExtras, coop_skirmish_with};
use redline_content::schema::{ArcGame, CoopArc, MAX_PEOPLE, MIN_PEOPLE, Scenario};
use redline_content::skirmish::Skirmish;
use redline_content::team::{TeamRules, TeamSpec};
use serde::{Deserialize, Serialize};

use crate::campaign::{Campaign, NewPlayer};
use crate::error::{CampaignError, refuse};

/// Where a campaign that plays a co-op arc stands (COOP-7).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArcState {
    /// The arc's id in the loaded packs.
    pub arc: String,
    /// The bot level that plays the computer's seats (`easy`, `normal`, `hard`).
    pub computer: String,
    /// Each game played so far: whether the people won it (COOP-7).
    pub results: Vec<bool>,
}

/// How an arc ended (COOP-10).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArcEnding {
    /// The people won the last game and finished the arc.
    pub finished: bool,
    /// Games the people won.
    pub won: usize,
    /// Games played.
    pub games: usize,
    /// The ending, told to the players.
    pub text: String,
}

impl Campaign {
    /// Starts a co-op arc (COOP-7) for two or three people (COOP-1), each with a new
    /// campaign crew (CAMP-7), against the computer played at the bot level `computer`.
    pub fn new_arc(
        catalog: &Catalog,
        name: &str,
        seed: u64,
        arc: &str,
        players: &[NewPlayer],
        computer: &str,
    ) -> Result<Campaign, CampaignError> {
        if catalog.coop_arcs.get(arc).is_none() {
            return refuse(
                "COOP-7",
                format!("the loaded packs have no co-op arc '{arc}'"),
            );
        }
        let people = u8::try_from(players.len()).unwrap_or(u8::MAX);
        if !(MIN_PEOPLE..=MAX_PEOPLE).contains(&people) {
            return refuse(
                "COOP-1",
                format!(
                    "a co-op arc is played by two or three people, not {}",
                    players.len()
                ),
            );
        }
        let mut campaign = Campaign::new(catalog, name, seed, players, false)?;
        campaign.arc = Some(ArcState {
            arc: arc.to_owned(),
            computer: computer.to_owned(),
            results: Vec::new(),
        });
        Ok(campaign)
    }

    /// The arc this campaign plays, if it plays one.
    pub fn arc_def<'c>(&self, catalog: &'c Catalog) -> Option<&'c CoopArc> {
        catalog.coop_arcs.get(&self.arc.as_ref()?.arc)
    }

    /// The arc's next game (its index and sheet), or `None` once the arc is over or for an
    /// ordinary campaign.
    pub fn arc_next<'c>(&self, catalog: &'c Catalog) -> Option<(usize, &'c ArcGame)> {
        let done = self.arc.as_ref()?.results.len();
        self.arc_def(catalog)?.games.get(done).map(|g| (done, g))
    }

    /// The arc's ending once its last game is played (COOP-10).
    pub fn arc_ending(&self, catalog: &Catalog) -> Option<ArcEnding> {
        let state = self.arc.as_ref()?;
        let arc = self.arc_def(catalog)?;
        if state.results.len() < arc.games.len() {
            return None;
        }
        let last = arc.games.len().checked_sub(1)?;
        let finished = state.results[last];
        Some(ArcEnding {
            finished,
            won: state.results.iter().filter(|&&w| w).count(),
            games: state.results.len(),
            text: arc.carry(last, finished)?.text.clone(),
        })
    }

    /// Whether the campaign is over: a team proved its worth (CAMP-38) or the arc's last
    /// game was played (COOP-10).
    pub fn is_over(&self, catalog: &Catalog) -> bool {
        self.winner.is_some() || self.arc_ending(catalog).is_some()
    }

    /// The seats the computer plays in the pending game (COOP-1): the first ones; none in an
    /// ordinary campaign.
    pub fn computer_seats(&self, catalog: &Catalog) -> usize {
        if self.arc.is_none() {
            return 0;
        }
        self.pending
            .as_ref()
            .and_then(|p| catalog.scenarios.get(&p.scenario))
            .and_then(|s| s.coop.as_deref())
            .map_or(0, |c| usize::from(c.computer_seats()))
    }

    /// COOP-7: the scenario of the arc's next game; another one agreed is refused.
    pub(crate) fn arc_scenario(
        &self,
        catalog: &Catalog,
        agreed: Option<&str>,
    ) -> Result<(Scenario, String), CampaignError> {
        let Some((i, game)) = self.arc_next(catalog) else {
            return refuse("COOP-10", "the arc is over: its last game has been played");
        };
        let Some(scenario) = catalog.scenarios.get(&game.scenario) else {
            return refuse(
                "FIELD-5",
                format!("there is no scenario '{}'", game.scenario),
            );
        };
        if let Some(a) = agreed.filter(|a| *a != scenario.id) {
            return refuse(
                "COOP-7",
                format!(
                    "'{a}' can't be played: game {} of the arc is {}",
                    i + 1,
                    scenario.name
                ),
            );
        }
        let why = format!("game {} of the arc, {} (COOP-7)", i + 1, game.title);
        Ok((scenario.clone(), why))
    }

    /// COOP-8, COOP-9: the pending arc game set up as a co-op game, the people's crews
    /// built under their campaign rules and the computer's waves grown by what the last
    /// game's result left.
    pub(crate) fn arc_skirmish(
        &self,
        catalog: &Catalog,
        scenario: &str,
        specs: &[TeamSpec],
        rules: Vec<TeamRules>,
    ) -> Result<Skirmish, CampaignError> {
        let extras = CoopExtras {
            people_rules: rules,
            reinforce: self
                .arc_carry(catalog)
                .map(|c| c.reinforce.clone())
                .unwrap_or_default(),
        };
        Ok(coop_skirmish_with(catalog, scenario, None, specs, &extras)?.skirmish)
    }

    /// What the last game's result leaves for the next (COOP-9); `None` before the first.
    fn arc_carry<'c>(&self, catalog: &'c Catalog) -> Option<&'c redline_content::schema::ArcCarry> {
        let state = self.arc.as_ref()?;
        let last = state.results.len().checked_sub(1)?;
        self.arc_def(catalog)?.carry(last, state.results[last])
    }

    /// COOP-7, COOP-9, COOP-10: the people won the arc game just recorded or lost it; what
    /// it leaves for the next game goes on each crew's next-game bonuses (the reinforcements
    /// are read from the result when the next game is set up), and after the last game the
    /// arc ends.
    pub(crate) fn record_arc_result(&mut self, catalog: &Catalog, won: bool) -> Vec<String> {
        let Some(state) = self.arc.as_mut() else {
            return Vec::new();
        };
        state.results.push(won);
        let mut notes = vec![if won {
            "The people win this game of the arc together (COOP-7).".to_owned()
        } else {
            "The computer wins this game of the arc (COOP-7).".to_owned()
        }];
        if let Some(ending) = self.arc_ending(catalog) {
            notes.push(format!(
                "The arc is over after {} games, {} won (COOP-10): {}",
                ending.games, ending.won, ending.text
            ));
            return notes;
        }
        let Some(carry) = self.arc_carry(catalog).cloned() else {
            return notes;
        };
        notes.push(format!("{} (COOP-9)", carry.text));
        for team in &mut self.teams {
            team.next_game.luck = team.next_game.luck.saturating_add(carry.luck);
            team.next_game.eb += carry.eb;
        }
        notes
    }
}

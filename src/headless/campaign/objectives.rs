//! The campaign's Objectives watched while its game is played (CAMP-11): each is revealed in
//! the log the moment it is completed, and a Luck reward is gained at once, by the engine's
//! [`Command::GainLuck`] right after the command that completed it. The campaign checks each
//! gain when it records the game (`RecordGame`), so nothing here decides a rule: the watch
//! and the reward come from `redline_campaign`.
//!
//! The watch follows the match's replay on a copy of the game (the same set-up and seed give
//! the same game), so it sees the game after every command, whoever applied it; a step taken
//! back, or a battle resumed, rebuilds it without announcing again what was already shown.

use bevy::prelude::*;
use redline_campaign::ObjectiveWatch;
use redline_content::Catalog;
use redline_rules::{Command, Game};

use crate::headless::campaign::CampaignSession;
use crate::headless::content::Content;
use crate::headless::game::log::BattleLog;
use crate::headless::game::match_state::Match;
use crate::headless::game::messages::MatchEvents;
use crate::headless::notice::Notice;

/// The watch over the game in play, and how many of the replay's steps it has seen.
#[derive(Resource)]
pub struct LiveObjectives {
    watch: ObjectiveWatch,
    game: Game,
    seen: usize,
    start_hash: u64,
}

impl LiveObjectives {
    /// A watch that has seen every step of `current` so far, silently.
    fn caught_up(catalog: &Catalog, session: &CampaignSession, current: &Match) -> Option<Self> {
        let replay = current.replay();
        let mut live = LiveObjectives {
            watch: session.campaign.objective_watch(catalog).ok()?,
            game: Game::new(replay.setup.clone(), replay.seed).ok()?,
            seen: 0,
            start_hash: replay.start_hash,
        };
        live.follow(catalog, current)?;
        Some(live)
    }

    /// Plays the replay's new steps on the copy: what each revealed, and the Luck gains due.
    fn follow(
        &mut self,
        catalog: &Catalog,
        current: &Match,
    ) -> Option<(Vec<String>, Vec<Command>)> {
        let mut revealed = Vec::new();
        let mut gains = Vec::new();
        for step in current.replay().steps.get(self.seen..)? {
            let events = self.game.apply(step.command.clone()).ok()?;
            self.seen += 1;
            for reveal in self.watch.observe(&events, &self.game) {
                let name = catalog
                    .objectives
                    .get(&reveal.objective)
                    .map_or(reveal.objective.as_str(), |o| o.name.as_str());
                let player = current.meta.seat_name(redline_rules::Seat(reveal.seat));
                revealed.push(format!("{player} reveals the Objective {name} (CAMP-11)."));
                gains.extend(reveal.luck_now(catalog, &self.game));
            }
        }
        Some((revealed, gains))
    }

    /// Whether this watch follows `current`'s replay as it stands.
    fn follows(&self, current: &Match) -> bool {
        let replay = current.replay();
        replay.start_hash == self.start_hash && replay.steps.len() >= self.seen
    }
}

/// After every command of the campaign's game: Objectives it completed are revealed, and
/// their Luck is gained at once.
pub(super) fn follow_the_objectives(
    mut commands: Commands,
    live: Option<ResMut<LiveObjectives>>,
    mut current: ResMut<Match>,
    session: Option<Res<CampaignSession>>,
    content: Res<Content>,
    mut out: (
        ResMut<BattleLog>,
        MessageWriter<MatchEvents>,
        ResMut<Notice>,
    ),
) {
    let Some(session) = session else {
        return;
    };
    let catalog = &content.0;
    let mut live = match live {
        Some(live) if live.follows(&current) => live,
        _ => {
            if let Some(fresh) = LiveObjectives::caught_up(catalog, &session, &current) {
                commands.insert_resource(fresh);
            }
            return;
        }
    };
    let Some((revealed, gains)) = live.follow(catalog, &current) else {
        commands.remove_resource::<LiveObjectives>();
        return;
    };
    let (log, news, notice) = &mut out;
    for line in revealed {
        notice.info(line.clone());
        log.push(line);
    }
    for gain in gains {
        match current.answer(gain) {
            Ok(events) => {
                news.write(MatchEvents(events));
            }
            Err(e) => notice.error(format!("The Objective's Luck could not be gained: {e}")),
        }
    }
}

/// The campaign's game left the table: its watch goes with it.
pub(super) fn forget_the_objectives(mut commands: Commands) {
    commands.remove_resource::<LiveObjectives>();
}

//! The campaign's game on the table: started from the campaign's `game_start()`, so it opens
//! on the engine's deployment (FIELD-7) like a one-off game and its command log begins with
//! the placements, and kept beside the campaign file after every command, so a campaign whose app was closed or crashed mid-battle reopens
//! with "Resume the battle" rather than losing it. The battle file is the app's ordinary
//! save (replay checked hash by hash on load) and is removed once the campaign recorded
//! the game.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use redline_campaign::Phase;
use redline_content::Catalog;
use redline_content::skirmish::skirmish_with_rules;
use redline_content::store;
use redline_rules::Game;

use crate::headless::campaign::CampaignSession;
use crate::headless::flow::start::begin_match;
use crate::headless::game::ai_level::AiLevel;
use crate::headless::game::log::BattleLog;
use crate::headless::game::match_state::CampaignGame;
use crate::headless::game::match_state::Match;
use crate::headless::game::messages::{MatchEvents, MatchRewound, MatchStarted};
use crate::headless::game::meta::MatchMeta;
use crate::headless::notice::Notice;
use crate::headless::persist::saves;

/// Where the battle of a campaign is kept while it is played.
pub fn battle_path(campaign_file: &Path) -> PathBuf {
    let name = campaign_file
        .file_name()
        .map(|n| n.to_string_lossy().replace(".campaign.ron", ".battle.ron"))
        .unwrap_or_else(|| "campaign.battle.ron".to_owned());
    campaign_file.with_file_name(name)
}

/// How many commands of the pending game the kept battle holds, if one is kept.
pub fn saved_battle(session: &CampaignSession) -> Option<usize> {
    if session.campaign.phase != Phase::Play {
        return None;
    }
    let path = battle_path(&session.path);
    let (save, _) =
        store::read_or_previous::<saves::SaveFile>(&path, saves::SAVE_KIND, saves::SAVE_VERSION)
            .ok()?;
    Some(save.replay.steps.len())
}

/// The campaign's game as a match: the campaign's own set-up (teams from the HQ, Luck with
/// Beginner's Luck) and seed, opening on the deployment with the skirmish's spots as its
/// standard deployment; a table the campaign already holds as deployed opens on the game.
fn campaign_match(catalog: &Catalog, session: &CampaignSession) -> Result<Match, String> {
    let c = &session.campaign;
    if c.arc.is_some() {
        // COOP-1: an arc's game is a co-op game, the computer's seats first.
        return super::arc::arc_match(catalog, session);
    }
    let (setup, plan) = c.game_start(catalog).map_err(|e| e.to_string())?;
    let pending = c.pending.as_ref().ok_or("No game is being prepared.")?;
    let specs: Vec<_> = pending
        .seats
        .iter()
        .map(|&t| pending.teams[t].clone().unwrap_or_default())
        .collect();
    let rules: Vec<_> = pending
        .seats
        .iter()
        .zip(&specs)
        .map(|(&t, spec)| {
            pending
                .rules
                .get(t)
                .cloned()
                .flatten()
                .unwrap_or_else(|| c.team_rules(catalog, t, spec))
        })
        .collect();
    let skirmish = skirmish_with_rules(catalog, &pending.scenario, None, &specs, &rules)
        .map_err(|e| e.to_string())?;
    let meta = MatchMeta::of_skirmish(catalog, &skirmish, &specs, false)
        .with_computer(&computer_levels(session))
        .with_deployment(plan);
    Match::new(setup, pending.seed, campaign_seats(session, meta)).map_err(|e| e.to_string())
}

/// The computer's level for each seat of the pending game (`None` for a person).
fn computer_levels(session: &CampaignSession) -> Vec<Option<AiLevel>> {
    let seats = session.campaign.pending.iter().flat_map(|p| &p.seats);
    seats
        .map(|&t| session.seats.computer.get(t).copied().flatten())
        .collect()
}

/// The match record with the campaign's player names, and hand-over screens when more than
/// one person plays.
fn campaign_seats(session: &CampaignSession, mut meta: MatchMeta) -> MatchMeta {
    let c = &session.campaign;
    let seats = c.pending.as_ref().map_or(&[][..], |p| &p.seats[..]);
    meta.hand_over = seats.iter().filter(|&&t| !session.is_computer(t)).count() > 1;
    for (seat, &t) in meta.seats.iter_mut().zip(seats) {
        seat.name = match seat.ai {
            Some(level) => format!("{} (computer, {})", c.teams[t].player, level.name()),
            None => c.teams[t].player.clone(),
        };
    }
    meta
}

/// The kept battle, if it is this game's: it must start from the campaign's set-up and seed.
fn kept_battle(catalog: &Catalog, session: &CampaignSession, notice: &mut Notice) -> Option<Match> {
    let path = battle_path(&session.path);
    if !store::exists(&path) && !store::exists(&store::previous_path(&path)) {
        return None;
    }
    let (save, _) = match store::read_or_previous::<saves::SaveFile>(
        &path,
        saves::SAVE_KIND,
        saves::SAVE_VERSION,
    ) {
        Ok(read) => read,
        Err(e) => {
            notice.error(format!(
                "The kept battle can't be read ({e}); the game starts again."
            ));
            return None;
        }
    };
    let (setup, _) = session.campaign.game_start(catalog).ok()?;
    let seed = session.campaign.pending.as_ref()?.seed;
    let start = Game::new(setup, seed).ok()?.state_hash();
    if save.replay.seed != seed || save.replay.start_hash != start {
        notice.error("The kept battle is not this campaign game's; the game starts again.");
        return None;
    }
    match saves::resume(&path, save) {
        Ok(m) => Some(m),
        Err(e) => {
            notice.error(format!(
                "The kept battle does not play back ({e}); the game starts again."
            ));
            None
        }
    }
}

/// Puts the campaign's game on the table: the kept battle where it stopped, else the game
/// from its start.
pub(super) fn play_game(
    commands: &mut Commands,
    catalog: &Catalog,
    session: &CampaignSession,
    notice: &mut Notice,
) -> Result<(), String> {
    commands.insert_resource(BattleLog::default());
    commands.insert_resource(CampaignGame);
    if let Some(resumed) = kept_battle(catalog, session, notice) {
        begin_match(commands, resumed, None);
        notice.info("The battle goes on where it stopped.");
        return Ok(());
    }
    begin_match(commands, campaign_match(catalog, session)?, None);
    Ok(())
}

/// What the match says that makes the campaign keep its battle again.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct MatchMoves<'w, 's> {
    started: MessageReader<'w, 's, MatchStarted>,
    events: MessageReader<'w, 's, MatchEvents>,
    rewound: MessageReader<'w, 's, MatchRewound>,
}

/// While the campaign's game is played, the battle is kept after every command.
pub(super) fn keep_the_battle(
    mut moves: MatchMoves,
    current: Res<Match>,
    session: Option<ResMut<CampaignSession>>,
    mut notice: ResMut<Notice>,
) {
    let moved =
        moves.started.read().count() + moves.events.read().count() + moves.rewound.read().count();
    if moved == 0 {
        return;
    }
    let Some(mut session) = session else {
        return;
    };
    if session.campaign.phase != Phase::Play || current.game().outcome().is_some() {
        return;
    }
    let path = battle_path(&session.path);
    match saves::save_match(&path, &current) {
        Ok(()) => session.kept_battle = Some(current.replay().steps.len()),
        Err(e) => notice.error(format!("The battle could not be kept: {e}")),
    }
}

/// The campaign recorded the game: its kept battle is no longer needed.
pub(super) fn forget_the_battle(session: &mut CampaignSession, notice: &mut Notice) {
    session.kept_battle = None;
    if let Err(e) = store::remove(&battle_path(&session.path)) {
        notice.error(format!("The kept battle could not be removed: {e}"));
    }
}

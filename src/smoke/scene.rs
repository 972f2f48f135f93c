//! The registry of smoke scenes: each `--scene NAME` is one [`Scene`], played frame by
//! frame by one small function of its own (`menus`, `battle`, `campaign`).

use std::time::Duration;

/// How long a smoke run may take before it fails.
pub(super) const TIMEOUT: Duration = Duration::from_secs(120);

/// A scripted scene the smoke run plays and photographs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Scene {
    /// The quick battle with a model selected.
    Battle,
    /// The quick battle with a model selected, timed over 600 frames instead of photographed.
    FrameTime,
    /// The quick battle as it opens (no model selected, as the browser test times it), timed
    /// over 600 frames.
    FrameTimeOpened,
    /// The quick battle with a miniature clicked through the picking backend.
    ClickToSelect,
    /// The main menu.
    MainMenu,
    /// The Setup screen of a solo game.
    SoloSetup,
    /// The team builder with a rule broken.
    TeamBuilder,
    /// A hot-seat game's deployment.
    Deployment,
    /// The first deployment of a 2 vs 2 game.
    TwoVsTwo,
    /// The terrain planner with its heat map, climbs and a Path of Attack.
    Planner,
    /// The terrain planner's 3D view of a generated table.
    Planner3d,
    /// A close-up of two crews in a Brawl.
    Brawl,
    /// A move aimed, its route and rolls shown.
    RoutePreview,
    /// An attack aimed across two obstacles, with its odds.
    PathOfAttack,
    /// A model halfway along its move.
    MidMove,
    /// The model's-eye view of an attack aimed across two obstacles, the cover outlined.
    Eye,
    /// A Luck offer on a failing roll.
    LuckPrompt,
    /// A [RE]action offer.
    ReactionPrompt,
    /// The result of a whole game.
    Results,
    /// The coach's report in a solo match.
    Coach,
    /// A campaign's hub two games in.
    CampaignHub,
    /// A campaign's post-game sequence after the recovery rolls.
    CampaignInjury,
    /// Four campaign players choosing a scenario.
    CampaignPairs,
    /// A one-off Setup screen with a campaign team.
    OneOffSetup,
    /// The team builder of that one-off game.
    OneOffBuilder,
    /// The lobby of an online match this app hosts.
    Lobby,
    /// An online match on the table, waiting for the other seat's decision.
    OnlineMatch,
    /// Optional modules in play: a wall holed, a storey burning, a model Downed.
    Modules,
    /// Security in play: locks, sentries Loaded and Spent, fences.
    Security,
    /// A co-op game mid-game: three people's crews against the computer's, a wave just in.
    Coop,
}

impl Scene {
    /// Every scene, in the order `redline --help` lists them.
    pub const ALL: [Scene; 30] = [
        Scene::Battle,
        Scene::FrameTime,
        Scene::FrameTimeOpened,
        Scene::ClickToSelect,
        Scene::MainMenu,
        Scene::SoloSetup,
        Scene::TeamBuilder,
        Scene::Deployment,
        Scene::TwoVsTwo,
        Scene::Planner,
        Scene::Planner3d,
        Scene::Brawl,
        Scene::RoutePreview,
        Scene::PathOfAttack,
        Scene::MidMove,
        Scene::Eye,
        Scene::LuckPrompt,
        Scene::ReactionPrompt,
        Scene::Results,
        Scene::Coach,
        Scene::CampaignHub,
        Scene::CampaignInjury,
        Scene::CampaignPairs,
        Scene::OneOffSetup,
        Scene::OneOffBuilder,
        Scene::Lobby,
        Scene::OnlineMatch,
        Scene::Modules,
        Scene::Security,
        Scene::Coop,
    ];

    /// The scene's name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Scene::Battle => "battle",
            Scene::FrameTime => "frame-time",
            Scene::FrameTimeOpened => "frame-time-opened",
            Scene::ClickToSelect => "click-to-select",
            Scene::MainMenu => "main-menu",
            Scene::SoloSetup => "solo-setup",
            Scene::TeamBuilder => "team-builder",
            Scene::Deployment => "deployment",
            Scene::TwoVsTwo => "two-vs-two",
            Scene::Planner => "planner",
            Scene::Planner3d => "planner-3d",
            Scene::Brawl => "brawl",
            Scene::RoutePreview => "route-preview",
            Scene::PathOfAttack => "path-of-attack",
            Scene::MidMove => "mid-move",
            Scene::Eye => "eye-view",
            Scene::LuckPrompt => "luck-prompt",
            Scene::ReactionPrompt => "reaction-prompt",
            Scene::Results => "results",
            Scene::Coach => "coach",
            Scene::CampaignHub => "campaign-hub",
            Scene::CampaignInjury => "campaign-injury",
            Scene::CampaignPairs => "campaign-pairs",
            Scene::OneOffSetup => "one-off-setup",
            Scene::OneOffBuilder => "one-off-builder",
            Scene::Lobby => "lobby",
            Scene::OnlineMatch => "online-match",
            Scene::Modules => "modules",
            Scene::Security => "security",
            Scene::Coop => "coop",
        }
    }

    /// The scene named `name`.
    pub fn named(name: &str) -> Option<Scene> {
        Scene::ALL.into_iter().find(|s| s.name() == name)
    }

    /// How long the scene may take: measuring 600 frames on a CPU rasteriser takes minutes,
    /// and the modules' match is played ahead by the engine before the first frame.
    pub fn time_limit(self) -> Duration {
        match self {
            Scene::FrameTime | Scene::FrameTimeOpened => TIMEOUT * 8,
            Scene::Modules | Scene::Security | Scene::Coop => TIMEOUT * 3,
            _ => TIMEOUT,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_scene_is_found_by_its_name() {
        for scene in Scene::ALL {
            assert_eq!(Scene::named(scene.name()), Some(scene));
        }
        assert_eq!(Scene::named("no-such-scene"), None);
    }
}

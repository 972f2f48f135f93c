//! The behaviour cards: each an ordered list of rules for taking Control and for acting.
//! The first rule that finds a legal command decides; ties inside a rule break by a fixed
//! key (distance, then model id, then the order of [`redline_rules::Game::legal_commands`]).
//! Activation rules only pick among characters the card gives something to do (a rule
//! other than ending the activation finds a command for them once active), so no turn of
//! Control is spent activating a model that would stand still.

pub use redline_content::schema::{ActionRule, BehaviourCard, ControlRule, Situation};

use ActionRule as A;
use ControlRule as C;

/// One card of the generic deck, as a table row.
struct Row {
    name: &'static str,
    situation: Situation,
    control: &'static [ControlRule],
    actions: &'static [ActionRule],
}

/// The generic deck: a faction without a deck of its own plays these four cards.
/// [`super::EasyBot`] shuffles its deck with its seed and draws one per turn of Control.
pub fn generic_deck() -> Vec<BehaviourCard> {
    GENERIC
        .iter()
        .map(|r| BehaviourCard {
            name: r.name.to_owned(),
            situation: r.situation,
            text: String::new(),
            control: r.control.to_vec(),
            actions: r.actions.to_vec(),
        })
        .collect()
}

const GENERIC: [Row; 4] = [
    Row {
        name: "Aggressive",
        situation: Situation::Aggressive,
        control: &[
            C::InspireWhenItWins,
            C::ActivateBestShot,
            C::InspireWhenHalfTheGonksCanAct,
            C::ActivateNearestToRival,
            C::InspireWhenIdle,
            C::ActivateFirst,
        ],
        actions: &[
            A::ScenarioAction,
            A::AttackRivalLeader,
            A::AttackCarrier,
            A::AttackNearestWoundedInRange,
            A::AttackMostHurt,
            A::AttackBestChance,
            A::CommandFriendWithShot,
            A::DisruptRival,
            A::LaunchDrone,
            A::FirstAidFriend,
            A::BreachScenery,
            A::RepairConstruct,
            A::MoveTowardNearestRival,
            A::Stop,
        ],
    },
    Row {
        name: "Cautious",
        situation: Situation::Cautious,
        control: &[
            C::InspireWhenItWins,
            C::ActivateMostThreatened,
            C::InspireWhenHalfTheGonksCanAct,
            C::InspireWhenIdle,
            C::ActivateFirst,
        ],
        actions: &[
            A::ScenarioAction,
            A::AttackRivalLeader,
            A::AttackNearestWoundedInRange,
            A::AttackIfFavourable,
            A::DisruptRival,
            A::AttackMostHurt,
            A::LaunchDrone,
            A::MoveToCover,
            A::MoveTowardGoal,
            A::FirstAidFriend,
            A::BreachScenery,
            A::RepairConstruct,
            A::MoveTowardNearestRival,
            A::Stop,
        ],
    },
    Row {
        name: "Objective-first",
        situation: Situation::Objective,
        control: &[
            C::InspireWhenItWins,
            C::ActivateFarthestFromGoal,
            C::ActivateNearestToBody,
            C::ActivateBestShot,
            C::Inspire,
            C::ActivateFirst,
        ],
        actions: &[
            A::ScenarioAction,
            A::AttackRivalLeader,
            A::AttackCarrier,
            A::AttackNearestWoundedInRange,
            A::MoveTowardGoal,
            A::LootBody,
            A::MoveTowardBody,
            A::AttackNearestInRange,
            A::LaunchDrone,
            A::FirstAidFriend,
            A::BreachScenery,
            A::RepairConstruct,
            A::MoveTowardNearestRival,
            A::Stop,
        ],
    },
    Row {
        name: "Protect-the-leader",
        situation: Situation::ProtectLeader,
        control: &[
            C::InspireWhenItWins,
            C::ActivateNearestToLeader,
            C::ActivateLeader,
            C::InspireWhenHalfTheGonksCanAct,
            C::InspireWhenIdle,
            C::ActivateFirst,
        ],
        actions: &[
            A::ScenarioAction,
            A::TendFriend,
            A::RefreshFriend,
            A::AttackNearestToLeader,
            A::AttackNearestWoundedInRange,
            A::AttackMostHurt,
            A::CommandFriendWithShot,
            A::DisruptRival,
            A::MoveTowardLeader,
            A::MoveTowardGoal,
            A::FirstAidFriend,
            A::BreachScenery,
            A::RepairConstruct,
            A::MoveTowardNearestRival,
            A::Stop,
        ],
    },
];

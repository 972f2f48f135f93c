//! The behaviour cards: each an ordered list of rules for taking Control and for acting.
//! The first rule that finds a legal command decides; ties inside a rule break by a fixed
//! key (distance, then model id, then the order of [`redline_rules::Game::legal_commands`]).
//! Activation rules only pick among characters the card gives something to do (a rule
//! other than ending the activation finds a command for them once active), so no turn of
//! Control is spent activating a model that would stand still.

/// A rule for taking Control.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ControlRule {
    /// Inspire when the team holds enough quarters or markers to win at the end of it, or
    /// when the Inspire ends the scenario's last round with the team holding out (CTRL-18).
    InspireWhenItWins,
    /// Activate the character farthest from its scenario goal that has one, so every
    /// errand gets run.
    ActivateFarthestFromGoal,
    /// Inspire when at least half of our Gonks have a rival within 12".
    InspireWhenHalfTheGonksCanAct,
    /// Activate the character closest to a rival.
    ActivateNearestToRival,
    /// Activate the character that can land an attack right now, best chance first.
    ActivateBestShot,
    /// Activate the character in most danger (most rivals within 12").
    ActivateMostThreatened,
    /// Activate the character closest to a Body token.
    ActivateNearestToBody,
    /// Activate the leader.
    ActivateLeader,
    /// Activate the character closest to our leader.
    ActivateNearestToLeader,
    /// Inspire if we can.
    Inspire,
    /// Inspire when no character offered has anything to do under the card (every rule
    /// but ending the activation comes up empty for each): activating one would only pass
    /// Control, while Inspiring refreshes the Used tokens and lets the Gonks act (CTRL-8,
    /// TOK-14).
    InspireWhenIdle,
    /// The first character offered (one with something to do under the card first).
    ActivateFirst,
}

/// A rule for the Active Model's (or a Gonk's) next action.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ActionRule {
    /// Take an action the scenario grants: Search, Pick Up, Leave the Table.
    ScenarioAction,
    /// Attack a rival Leader in range when taking it out wins the game.
    AttackRivalLeader,
    /// Attack a rival carrying a marker, best chance first: taking it out drops the marker.
    AttackCarrier,
    /// Move toward the model's scenario goal: an exit, a marker, a quarter.
    MoveTowardGoal,
    /// Attack the nearest Red-lined or Gonk rival in range (one wound takes it out).
    AttackNearestWoundedInRange,
    /// Attack the nearest rival in range.
    AttackNearestInRange,
    /// Attack the rival in range with the best chance to land.
    AttackBestChance,
    /// Focus fire: attack the rival closest to being taken out (fewest healthy tokens)
    /// among those with at least a one-in-four chance, best chance on ties.
    AttackMostHurt,
    /// Attack a rival in range only if the chance is at least one half.
    AttackIfFavourable,
    /// Attack the rival nearest our leader.
    AttackNearestToLeader,
    /// Heal or tend a friendly model.
    TendFriend,
    /// Loot a Body token within reach.
    LootBody,
    /// Move toward the nearest Body token.
    MoveTowardBody,
    /// Move to the spot with the fewest rivals able to see it, then the most cover, staying
    /// within 12" of a rival so the fight goes on.
    MoveToCover,
    /// Move toward the nearest rival.
    MoveTowardNearestRival,
    /// Move toward our leader if more than 6" away.
    MoveTowardLeader,
    /// Stun a rival that still has Ready tokens to lose (the most first), or mark one
    /// Vulnerable, when the chance is at least 40%.
    DisruptRival,
    /// Refresh a friend's Used tokens (the most first), when the chance is at least 40%.
    RefreshFriend,
    /// Command a friend that can land an attack with at least a 40% chance from where it
    /// stands (CMD-2: it acts now).
    CommandFriendWithShot,
    /// Deploy a drone.
    LaunchDrone,
    /// End the activation (or hold the Gonk).
    Stop,
}

/// One behaviour card.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BehaviourCard {
    /// The card's name, as the log shows it.
    pub name: &'static str,
    /// How it takes Control.
    pub control: &'static [ControlRule],
    /// How its models act.
    pub actions: &'static [ActionRule],
}

use ActionRule as A;
use ControlRule as C;

/// The deck: every card once. [`super::EasyBot`] shuffles it with its seed and draws one per
/// activation.
pub const DECK: [BehaviourCard; 4] = [
    BehaviourCard {
        name: "Aggressive",
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
            A::MoveTowardNearestRival,
            A::Stop,
        ],
    },
    BehaviourCard {
        name: "Cautious",
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
            A::MoveTowardNearestRival,
            A::Stop,
        ],
    },
    BehaviourCard {
        name: "Objective-first",
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
            A::MoveTowardNearestRival,
            A::Stop,
        ],
    },
    BehaviourCard {
        name: "Protect-the-leader",
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
            A::MoveTowardNearestRival,
            A::Stop,
        ],
    },
];

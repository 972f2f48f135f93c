//! How the computer plays a faction: its behaviour deck for the Easy level (a card per
//! situation, each two ordered lists of rules) and its personality, the weights that bias
//! the Normal and Hard levels. The rules are named here so a pack can write them as data;
//! what each rule does lives in `redline-ai`.

use serde::{Deserialize, Serialize};

/// The situation a behaviour card is for. A faction's deck has one card of each, so the
/// computer can always fall back on the card the moment calls for (near the turn limit a
/// team behind plays its Aggressive or Objective card).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Situation {
    /// Go for the rivals.
    Aggressive,
    /// Keep out of harm's way, shoot when the odds are good.
    Cautious,
    /// Run the scenario's errands: markers, quarters, exits, Body tokens.
    Objective,
    /// Keep the Leader alive.
    ProtectLeader,
}

impl Situation {
    /// Every situation, in the order a deck lists them.
    pub const ALL: [Situation; 4] = [
        Situation::Aggressive,
        Situation::Cautious,
        Situation::Objective,
        Situation::ProtectLeader,
    ];
}

/// A rule for taking Control.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
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
    /// Activate the character closest to our leader when a rival is within 12" of it.
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ActionRule {
    /// Take an action the scenario grants: Search, Pick Up, Leave the Table.
    ScenarioAction,
    /// Attack a rival Leader in range when taking it out wins the game.
    AttackRivalLeader,
    /// Attack a rival Leader in range whatever the scenario, when the chance is at least
    /// one in four: a crew without its Leader can no longer Inspire its Gonks.
    AttackLeader,
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
    /// Give First Aid to a Downed friend within reach, when the engine offers it (AID-6);
    /// never chosen with the casualties module off.
    FirstAidFriend,
    /// Breach scenery when it pays (TERR): the wall section that hides a rival from the
    /// crew, or a building with rivals in it, by the engine's odds times what it opens. Never
    /// chosen with TERR off (no scenery can be aimed at).
    BreachScenery,
    /// Step out of a fire's reach (FIRE-10): the move to the nearest point no fire reaches.
    /// Every deck plays it first while the model stands where a fire reaches; never chosen
    /// with the fire module off.
    LeaveFire,
    /// Repair a construct when it pays (BOT): Stand Up when Toppled, Start Repair or Field
    /// Patch by the engine's odds, or Topple a rival construct that can be Toppled. Never
    /// chosen with BOT off (none of these actions exists).
    RepairConstruct,
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

/// One behaviour card of a faction's deck.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BehaviourCard {
    /// The card's name, as the log shows it ("Burn them out").
    pub name: String,
    /// The situation it is the faction's card for.
    pub situation: Situation,
    /// What the card has the crew do, in a sentence, for the coach and the team builder.
    #[serde(default)]
    pub text: String,
    /// How it takes Control, first rule first; the last must be `ActivateFirst`, so the
    /// card always answers.
    pub control: Vec<ControlRule>,
    /// How its models act, first rule first; the last must be `Stop`, so the card always
    /// answers.
    pub actions: Vec<ActionRule>,
}

/// What a crew values, as weights on the terms the Normal level already scores (Hard picks
/// its candidates and plays its own side's play-outs by them). 1 is neutral; each weight
/// lies in 0.5..=2.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Personality {
    /// Factor on an attack's worth when its target is a rival Leader.
    #[serde(default = "neutral")]
    pub leaders: f32,
    /// Factor on scenario actions, on attacks on carriers and on the pull toward the
    /// scenario goal (markers, quarters, exits).
    #[serde(default = "neutral")]
    pub markers: f32,
    /// Factor on looting a Body token.
    #[serde(default = "neutral")]
    pub loot: f32,
    /// Factor on the rivals' threat a move steps into or out of: above 1 the crew keeps its
    /// distance, below 1 it walks into fire.
    #[serde(default = "neutral")]
    pub distance: f32,
    /// Factor on an attack on a rival the attacker is Brawling with (BRAWL-1).
    #[serde(default = "neutral")]
    pub brawling: f32,
    /// Factor on netrunning: program launches, Hacked and Vulnerable marks (NET-5, NET-11,
    /// NET-14).
    #[serde(default = "neutral")]
    pub netrunning: f32,
}

fn neutral() -> f32 {
    1.0
}

impl Personality {
    /// The neutral personality: every weight 1, the levels as they play without one.
    pub const NEUTRAL: Personality = Personality {
        leaders: 1.0,
        markers: 1.0,
        loot: 1.0,
        distance: 1.0,
        brawling: 1.0,
        netrunning: 1.0,
    };

    /// The lowest weight a pack may give.
    pub const MIN_WEIGHT: f32 = 0.5;
    /// The highest weight a pack may give.
    pub const MAX_WEIGHT: f32 = 2.0;

    /// Each weight by its field name, for validation and reports.
    pub fn weights(&self) -> [(&'static str, f32); 6] {
        [
            ("leaders", self.leaders),
            ("markers", self.markers),
            ("loot", self.loot),
            ("distance", self.distance),
            ("brawling", self.brawling),
            ("netrunning", self.netrunning),
        ]
    }
}

impl Default for Personality {
    fn default() -> Personality {
        Personality::NEUTRAL
    }
}

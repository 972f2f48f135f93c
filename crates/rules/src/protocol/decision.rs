//! Decisions: who must choose what right now. Every choice in the rules is one of these.

use serde::{Deserialize, Serialize};

use crate::dice::Die;
use crate::ids::{ModelId, Seat};
use crate::optional::hazard::HazardSource;
use crate::protocol::command::Defence;
use crate::setup::card::Colour;
use crate::setup::cards::CardId;
use crate::setup::scenario::Placement;

/// The choice the game is waiting for, and whose it is.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Decision {
    /// The player who decides.
    pub seat: Seat,
    /// What is to be decided.
    pub kind: DecisionKind,
}

/// Why a rival is asked to pick an opposer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum OpposerReason {
    /// A Brawling model tries to move out of reach (BRAWL-5).
    Escape,
    /// A friendly Brawling model is dragged (BRAWL-12).
    Drag,
}

/// One kind of choice in the rulebook.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum DecisionKind {
    /// Take Control: activate one of these characters or Inspire (CTRL-2, CTRL-3).
    TakeControl {
        /// Characters that may be activated (a Ready token, CTRL-4).
        may_activate: Vec<ModelId>,
        /// Players who may Inspire their models (empty when Activate is forced, CTRL-3).
        may_inspire: Vec<Seat>,
    },
    /// The Active Model's next action, or end the activation (CTRL-5).
    NextAction {
        /// The Active Model.
        model: ModelId,
    },
    /// During Inspire: the next Gonk's action (CTRL-8, CTRL-9).
    InspireGonks {
        /// Gonks still to act, in model order.
        gonks: Vec<ModelId>,
    },
    /// The defender picks its token colour and bonus (ACT-10, ACT-17, ARM-2).
    ChooseDefence {
        /// The opposing model.
        defender: ModelId,
        /// The acting model.
        actor: ModelId,
        /// Name of the action.
        action: String,
        /// Whether losing this roll wounds the defender (false under ACT-17).
        can_wound: bool,
        /// Legal answers.
        options: Vec<Defence>,
    },
    /// Re-roll a die with Luck, or keep it (LUCK-2, LUCK-4, OPEN-8, OPEN-9).
    OfferLuck {
        /// The model whose die it is (`None` for the Obstacle die).
        model: Option<ModelId>,
        /// The die.
        die: Die,
        /// Its face now.
        face: u8,
        /// Its total now.
        total: i16,
        /// Whether the actor currently succeeds against every opposer of this roll.
        actor_winning: bool,
        /// Luck tokens the player has.
        luck: u8,
        /// The actor's die of an Accurate action: the re-roll is free (KW-3, LUCK-3).
        #[serde(default)]
        accurate: bool,
    },
    /// A wounded character may [RE]act (REACT-1).
    OfferReaction {
        /// The wounded model.
        model: ModelId,
        /// The model whose attack wounded it; an attack must target it (REACT-7).
        wounded_by: ModelId,
    },
    /// Put an extra wound on one of these tokens (WOUND-7, OPEN-16).
    AllocateWound {
        /// The wounded model.
        model: ModelId,
        /// Wounds still to place, this one included.
        wounds_left: u8,
        /// Token indices that may take it.
        options: Vec<u8>,
    },
    /// Pick which RED token a heal restores (OPEN-17).
    ChooseHealedToken {
        /// The healed model.
        model: ModelId,
        /// Token indices that may be healed.
        options: Vec<u8>,
    },
    /// Pick which rival opposes (BRAWL-5, BRAWL-12).
    ChooseOpposer {
        /// The moving or dragging model.
        mover: ModelId,
        /// Why.
        reason: OpposerReason,
        /// Rivals that may oppose.
        options: Vec<ModelId>,
    },
    /// Place a model entering play: from Reserve when first activated (FIELD-9), or
    /// deployed by an effect (DRONE-8). Answered by [`crate::Command::Deploy`].
    Deploy {
        /// The entering model.
        model: ModelId,
        /// Where it may go.
        placement: Placement,
    },
    /// The roll-off winner chooses who has Control first (CTRL-15).
    ChooseFirstControl {
        /// Seats that may be given first Control.
        options: Vec<Seat>,
    },
    /// Pick which tied lowest defender a shot into a Brawl affects (BRAWL-9, OPEN-21).
    BreakBrawlTie {
        /// The original target.
        target: ModelId,
        /// The tied models.
        options: Vec<ModelId>,
    },
    /// Pick the Gear or Loot card to take from a looted body (BASIC-13, GEN-13).
    ChooseLootedCard {
        /// The looter.
        looter: ModelId,
        /// The taken-out model.
        from: ModelId,
        /// Cards the looter may take.
        options: Vec<CardId>,
    },
    /// A rival program targets one of your models: oppose it with a friendly Netrunner
    /// that has a Path of Attack to the launcher, or let the target oppose (NET-13,
    /// OPEN-34).
    CombatNetrunning {
        /// The launching Netrunner.
        launcher: ModelId,
        /// The model targeted.
        target: ModelId,
        /// The program's name.
        program: String,
        /// Netrunners that may step in.
        options: Vec<ModelId>,
    },
    /// Memory leak: pick the Ready token Stun 1 flips to Used (NET-18).
    MemoryLeak {
        /// The Netrunner.
        model: ModelId,
        /// Ready tokens that may be flipped.
        options: Vec<u8>,
    },
    /// Free moves a launched program grants (MOVE-28): move one of these models, in any
    /// order, or stop.
    FreeMoves {
        /// The move's length.
        colour: Colour,
        /// Models that may still move.
        models: Vec<ModelId>,
    },
    /// Put the Impact token down (KW-9, KW-10): after a miss, anywhere up to RED from where
    /// it lies; after a Fumble, touching the attacker's base. Answer with a position.
    PlaceImpact {
        /// The attacker.
        actor: ModelId,
        /// The model the Blast was aimed at.
        target: ModelId,
        /// Where the token lies now.
        at: [f32; 3],
        /// A Fumble: the token must touch the attacker (KW-10, OPEN-27).
        fumble: bool,
    },
    /// Models caught by a Blast resolve one at a time, each owner in turn clockwise from the
    /// Control player choosing which of its models goes next: escape with a Basic Move on a
    /// Ready token (KW-7), or roll Reflexes against the Blast (KW-8) (OPEN-26).
    BlastEscape {
        /// Centre of the Impact token.
        at: [f32; 3],
        /// This player's caught models still to resolve.
        models: Vec<ModelId>,
    },
    /// The next repetition of a Rapid action, or stop (KW-24..KW-27).
    NextRepetition {
        /// The actor.
        model: ModelId,
        /// Index of the action.
        action: u16,
        /// Number of the repetition asked for (2 for the second attack).
        number: u8,
        /// X of Rapid X.
        of: u8,
        /// The model shot at just before; a new target must be within RED of it (KW-26).
        last_target: ModelId,
    },
    /// Pick a Ready token of the stunned model to flip to Used (KW-29).
    ChooseStunnedToken {
        /// The stunned model.
        model: ModelId,
        /// Tokens still to flip, this one included.
        left: u8,
        /// Token indices that may flip.
        options: Vec<u8>,
    },
    /// Pick a Used token of the model to flip to Ready (KW-23, TOK-14).
    ChooseRefreshedToken {
        /// The refreshed model.
        model: ModelId,
        /// Tokens still to flip, this one included.
        left: u8,
        /// Token indices that may flip.
        options: Vec<u8>,
    },
    /// Deploy the team before the game starts (FIELD-7): place any model still to place,
    /// in any order, or place one already placed somewhere else, with
    /// [`crate::Command::Deploy`]; then end the deployment with
    /// [`crate::Command::EndDeployment`] (once every model is placed, or no legal spot is left
    /// for the rest). Seats deploy one after another, in seat order.
    DeployTeam {
        /// The seat's models still to place, in model order.
        to_place: Vec<ModelId>,
        /// The seat's models placed in this deployment, in model order; each may be placed
        /// again.
        placed: Vec<ModelId>,
        /// Where they go: the seat's deployment zone, or anywhere on the table when the
        /// scenario gives the seat none.
        placement: Placement,
    },
    /// A Hazard is rolled against this player's models (MOD-4, MOD-6): pick which goes
    /// next and the token it opposes with, Ready or Used, with
    /// [`crate::Command::FaceHazard`].
    FaceHazard {
        /// The Hazard die's colour.
        colour: Colour,
        /// What the Hazard comes from.
        source: HazardSource,
        /// Legal answers: a model still to roll and one of its tokens (`None` for a Gonk or
        /// a drone).
        options: Vec<(ModelId, Option<u8>)>,
    },
    /// The defender places its security after the scenery is set and before deployment
    /// (SEC-1, SEC-2, SEC-9): buy and place a lock, a sentry or a fence section with
    /// [`crate::Command::PlaceSecurity`], then [`crate::Command::EndSecurity`]. What is left
    /// of the budget is the defender's to know ([`crate::Game::security_budget_left`]).
    PlaceSecurity {
        /// The EB the defender may spend in all (SEC-1).
        budget: u16,
        /// The most sentries it may place (SEC-9).
        most_sentries: u8,
        /// Every door and window on the table, (piece, opening), where a lock may go: all of
        /// them, locked or not, so the list says nothing of the locks placed (MOPEN-8).
        openings: Vec<(u32, u8)>,
    },
    /// The lighter's fires roll at its Inspire and their order could matter (FIRE-5): pick
    /// the next to roll with [`crate::Command::RollFire`].
    OrderFireRolls {
        /// Its fires still to roll, in the order they caught.
        fires: Vec<crate::optional::fire::FirePlace>,
    },
    /// The sentries' owner picks the next sentry shot (SEC-12): two or more of its Loaded
    /// sentries may fire now, or one has equally near eligible targets. Answer with
    /// [`crate::Command::SentryFires`].
    SentryShot {
        /// Legal answers, (sentry, target): each sentry that may fire, in placing order, at
        /// each of its nearest eligible targets, in model order.
        shots: Vec<(ModelId, ModelId)>,
    },
}

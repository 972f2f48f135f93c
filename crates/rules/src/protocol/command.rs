//! Commands: every answer a player can give to a [`crate::Decision`]. Plain data, so the UI,
//! the AI, scripts and replays all speak the same language.

use serde::{Deserialize, Serialize};

use crate::ids::{BodyId, ModelId, Seat};
use crate::setup::cards::CardId;

/// What an action is aimed at.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Target {
    /// No target (Easy self actions).
    None,
    /// A model (attacks, Triage, Command, Firewall Defender).
    Model(ModelId),
    /// A route for a move: waypoints after the model's current position, in inches. The
    /// Limiter may bend at each waypoint (MOVE-2).
    Route(Vec<[f32; 3]>),
    /// A Body token (loot actions, BASIC-12).
    Body(BodyId),
    /// An objective marker, by index (a scenario's Search and Pick Up actions).
    Marker(u8),
    /// Drag a model within reach along a route, then place it at `drop` (BRAWL-11..BRAWL-13).
    Drag {
        /// The dragged model.
        model: ModelId,
        /// The dragger's route (at most RED, MOVE-15).
        route: Vec<[f32; 3]>,
        /// Where the dragged model's base ends, within reach of the dragger (MOVE-16).
        drop: [f32; 3],
    },
    /// A point on the table: where a deployed drone's base stands (DRONE-8).
    Point([f32; 3]),
    /// A scenery part, for a Breach action (MOD-7, TERR-1): the battlespace piece's id and,
    /// for a wall, which of its sections, counted from the wall's `from` end (TERR-4); 0
    /// for any other part.
    Scenery {
        /// The part's id in the battlespace.
        part: u32,
        /// The section of a wall; 0 otherwise.
        section: u8,
    },
    /// Drag a draggable scenery object within reach along a route, then put it down moved
    /// by `shift` (MOVE-14..MOVE-16).
    DragObject {
        /// The scenery piece's id.
        object: u32,
        /// The dragger's route (at most RED, MOVE-15).
        route: Vec<[f32; 3]>,
        /// How far the object's footprint moves across the table (x, z), in inches; it must
        /// end within reach of the dragger (MOVE-16).
        shift: [f32; 2],
    },
    /// A door or window: the wall's battlespace piece id and which of its openings, for
    /// the security module's Try It and lock actions (SEC-7, SEC-8).
    Opening {
        /// The wall's id in the battlespace.
        piece: u32,
        /// The opening's index in the wall's list.
        opening: u8,
    },
}

/// An action by a model: which action, with which token, at what.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ActionCommand {
    /// The acting model.
    pub model: ModelId,
    /// Index of the action: built-in actions first ([`crate::setup::basic`]), then the model's
    /// own card's, then actions on Gear, Loot and program cards from
    /// [`crate::setup::cards::FIRST_CARD_ACTION`] (see [`crate::Game::actions_of`]). Launching a
    /// program is using its Loaded action (NET-5).
    pub action: u16,
    /// Index of the token spent (TOK-3), or picked for a Free action's colour (TOK-10).
    /// `None` for Gonks, which use their card colour (CTRL-9), and for program launches,
    /// which spend no token (NET-5).
    pub token: Option<u8>,
    /// The target.
    pub target: Target,
}

/// What a defender adds to its roll besides the die (ARM-2, ARM-6, ARM-7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DefenceBonus {
    /// The opposing Skill (ACT-15).
    Skill,
    /// The Armor printed on the card (ARM-6).
    CardArmor,
    /// The Armor of one Gear card the model holds (ARM-2).
    GearArmor(CardId),
}

/// A defender's answer: the token whose colour sets the die (ACT-10) and the bonus.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Defence {
    /// Index of the token (Ready or Used); `None` for a Gonk (ACT-14).
    pub token: Option<u8>,
    /// Skill or Armor.
    pub bonus: DefenceBonus,
}

/// An answer to the current decision.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Command {
    /// Take Control by activating a character (CTRL-4).
    Activate {
        /// The character.
        model: ModelId,
    },
    /// Take Control by Inspiring a team (CTRL-8); in a team game, name whose models (CTRL-19).
    Inspire {
        /// The inspiring player.
        seat: Seat,
    },
    /// Take an action with the Active Model, or with a Gonk during Inspire.
    Act(ActionCommand),
    /// End the activation of the Active Model (CTRL-5, CTRL-6).
    EndActivation,
    /// During Inspire, let a Gonk hold instead of acting.
    SkipGonk {
        /// The Gonk.
        model: ModelId,
    },
    /// Choose the defending token and bonus (ACT-10, ACT-17, ARM-2).
    Defend(Defence),
    /// Spend a Luck token to re-roll the die offered (LUCK-2).
    Reroll,
    /// Keep the die offered as it is.
    KeepRoll,
    /// Take a [RE]action (REACT-1).
    React(ActionCommand),
    /// Don't [RE]act.
    DeclineReaction,
    /// Put an extra wound on this token (WOUND-7, OPEN-16).
    AllocateWound {
        /// Token index.
        token: u8,
    },
    /// Heal this RED token back to its starting colour (OPEN-17).
    HealToken {
        /// Token index.
        token: u8,
    },
    /// Pick the rival that opposes an escape or a drag (BRAWL-5, BRAWL-12).
    ChooseOpposer {
        /// The rival.
        model: ModelId,
    },
    /// Pick which of the tied lowest defenders a shot into a Brawl affects (BRAWL-9).
    ChooseAffected {
        /// The model.
        model: ModelId,
    },
    /// Take this card from the looted body (BASIC-13).
    TakeCard {
        /// The card.
        card: CardId,
    },
    /// Oppose a rival program with this friendly Netrunner instead of its target, or let
    /// the target oppose it (`None`) (NET-13).
    NetDefend {
        /// The Netrunner stepping in.
        model: Option<ModelId>,
    },
    /// Memory leak: flip this Ready token to Used (NET-18).
    LeakToken {
        /// Token index.
        token: u8,
    },
    /// A free move granted by a Running program (MOVE-28).
    FreeMove(FreeMove),
    /// Make no more of the free moves on offer.
    EndFreeMoves,
    /// Put the Impact token down here (KW-9, KW-10). Only x and z count: the token lies on
    /// the surface there (see `docs/decisions/rules-blast.md`).
    PlaceImpact {
        /// Centre of the token.
        at: [f32; 3],
    },
    /// A caught model escapes a Blast with a Basic Move on a Ready token; it counts as its
    /// [RE]action for that action (KW-7, OPEN-26).
    EscapeBlast {
        /// The model.
        model: ModelId,
        /// The Ready token spent.
        token: u8,
        /// The route, as for a Basic Move; it must end more than RED from the token.
        route: Vec<[f32; 3]>,
    },
    /// A caught model stays and rolls Reflexes against the Blast's roll (KW-8).
    FaceBlast {
        /// The model.
        model: ModelId,
    },
    /// Fire the next repetition of a Rapid action at this model (KW-24..KW-27).
    Repeat {
        /// The target.
        target: ModelId,
    },
    /// Stop repeating the Rapid action.
    EndRepetitions,
    /// Flip this Ready token to Used for a Stun (KW-29).
    StunToken {
        /// Token index.
        token: u8,
    },
    /// Flip this Used token to Ready for a Refresh (KW-23).
    RefreshToken {
        /// Token index.
        token: u8,
    },
    /// Set down a model, its base centred here: one of the deploying seat's models before
    /// the game starts (FIELD-7), a model entering play (FIELD-9, DRONE-8), or a Gonk in
    /// Reserve during Inspire.
    Deploy {
        /// The entering model.
        model: ModelId,
        /// Centre of the base's bottom face, in inches.
        at: [f32; 3],
    },
    /// The roll-off winner gives first Control to this seat (CTRL-15).
    GiveFirstControl {
        /// The seat.
        seat: Seat,
    },
    /// The deploying seat has placed its team (FIELD-7); the next seat deploys, or the game
    /// starts.
    EndDeployment,
    /// Answer to [`crate::DecisionKind::FaceHazard`]: this model faces its Hazard now,
    /// opposing with this token (`None` for a Gonk or a drone; MOD-4, MOD-6).
    FaceHazard {
        /// The model.
        model: ModelId,
        /// Its token, Ready or Used.
        token: Option<u8>,
    },
    /// Answer to [`crate::DecisionKind::PlaceSecurity`]: the defender buys and places one
    /// lock, sentry or fence section (SEC-1, SEC-2).
    PlaceSecurity(crate::setup::security::SecurityPlacement),
    /// The defender has placed its security (SEC-2); the deployment follows.
    EndSecurity,
    /// Answer to [`crate::DecisionKind::OrderFireRolls`]: the fire burning at `place`
    /// makes its fire roll next (FIRE-5).
    RollFire {
        /// Where the fire burns.
        place: crate::optional::fire::FirePlace,
    },
    /// Answer to [`crate::DecisionKind::SentryShot`]: this sentry fires now, at this one of
    /// its nearest eligible targets (SEC-12).
    SentryFires {
        /// The sentry.
        sentry: ModelId,
        /// Its target.
        target: ModelId,
    },
    /// A reward that applies at once (CAMP-11): the player gains Luck tokens (LUCK-1). It
    /// answers no decision and may come between any two commands while the game is on. The
    /// campaign issues it when one of the player's Objectives is completed and checks every
    /// one in a game's log against its Objectives when it records the game.
    GainLuck {
        /// The player.
        seat: Seat,
        /// Tokens gained, at least 1.
        luck: u8,
    },
}

/// A free move (MOVE-28): which model, the token whose colour sets the die for parkour
/// rolls, and the route; the length comes from the effect.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FreeMove {
    /// The moving model.
    pub model: ModelId,
    /// The token picked for the die colour (Ready or Used); `None` for Gonks and drones.
    pub token: Option<u8>,
    /// Waypoints after the model's position, in inches (MOVE-2).
    pub route: Vec<[f32; 3]>,
}

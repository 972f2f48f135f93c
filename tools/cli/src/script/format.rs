//! The game-script file format, as serde types (documented for players in `docs/scripts.md`).
//!
//! A script names a table, the players and their models (pack cards or profiles written in
//! the script), the loaded dice, then a list of steps: commands in a readable form (models
//! and players by label) or exactly as the engine and replay files write them, and `Expect`
//! blocks of checks. A final `expect` list checks the end state and the whole event log.

use std::collections::BTreeMap;

use redline_battlespace::{DeploymentZone, SceneryPiece};
use redline_rules::card::{ActionDef, Colour, ModelKeyword, Skill, Skills};
use redline_rules::scenario::{Role, SpecialRule, WinCondition};
use redline_rules::{Command, DefenceBonus};
use serde::Deserialize;

/// A whole script file.
#[derive(Debug, Deserialize)]
#[serde(rename = "Script", deny_unknown_fields)]
pub struct Script {
    /// A one-line title printed with the results.
    #[serde(default)]
    pub title: String,
    /// The dice seed for rolls past the loaded faces.
    #[serde(default = "default_seed")]
    pub seed: u64,
    /// The table and its scenery.
    #[serde(default)]
    pub table: TableSpec,
    /// Turns of Control after which the game stops (`None`: play until one team is left).
    #[serde(default = "default_turn_limit")]
    pub turn_limit: Option<u32>,
    /// Model profiles written in the script, by id, for cards no pack has.
    #[serde(default)]
    pub profiles: BTreeMap<String, InlineProfile>,
    /// The players in seat order, with their models.
    pub players: Vec<PlayerSpec>,
    /// The player who takes Control first; the first player when left out.
    #[serde(default)]
    pub first_control: Option<String>,
    /// Loaded die faces, rolled in order before the seeded dice.
    #[serde(default)]
    pub dice: Vec<u8>,
    /// Loot deck card ids, top first.
    #[serde(default)]
    pub loot_deck: Vec<String>,
    /// Commands and checks, in order.
    #[serde(default)]
    pub steps: Vec<Step>,
    /// Checks on the final state and on every event of the script.
    #[serde(default)]
    pub expect: Vec<Check>,
    /// The scenario's markers, special rules and shared win conditions; a plain game to the
    /// last team standing when left out.
    #[serde(default)]
    pub scenario: ScenarioSpec,
    /// The optional rule modules on in the game (MOD-1), e.g. `modules: [Terr, Fire]`;
    /// left out, every module is off (MOD-2).
    #[serde(default)]
    pub modules: redline_rules::modules::Modules,
}

/// The scenario a script is played under, in the engine's own forms (FIELD-6, CTRL-21).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioSpec {
    /// Objective markers, `(x, height, z)`.
    #[serde(default)]
    pub markers: Vec<[f32; 3]>,
    /// Special rules (`InspireLimit(3)`, `CarryMarkers`, ...).
    #[serde(default)]
    pub rules: Vec<SpecialRule>,
    /// Win conditions every player plays for; `[LastStanding]` when left out.
    #[serde(default)]
    pub win: Option<Vec<WinCondition>>,
    /// Fires burning at the start, each naming its lighter by player name (FIRE-15), e.g.
    /// `fires: [(place: Compartment(building: 0, storey: 1), colour: Red, lighter: "north")]`.
    #[serde(default)]
    pub fires: Vec<FireSpec>,
    /// The security module's defender, budget and plan, in the engine's form (SEC-1), e.g.
    /// `security: Some((defender: Seat(1), budget_eb: 20))`; with a budget and no plan the
    /// defender places its security in the steps before the deployment (SEC-2).
    #[serde(default)]
    pub security: Option<redline_rules::security::SecurityRules>,
}

/// A fire a script's scenario places at setup (FIRE-15).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FireSpec {
    /// What burns: `Part(id)` or `Compartment(building: b, storey: s)`.
    pub place: redline_rules::FirePlace,
    /// The fire's colour.
    pub colour: redline_rules::card::Colour,
    /// The player named as its lighter.
    pub lighter: String,
}

/// A player's side in a scenario with sides (CTRL-18).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideSpec {
    /// Attacker or defender.
    pub role: Role,
    /// The win conditions only this player plays for.
    #[serde(default)]
    pub win: Vec<WinCondition>,
}

fn default_seed() -> u64 {
    1
}

fn default_turn_limit() -> Option<u32> {
    redline_rules::Victory::default().turn_limit
}

/// The table.
#[derive(Debug, Deserialize)]
pub enum TableSpec {
    /// An empty table of this size, in inches.
    Open {
        /// Along x.
        width: f32,
        /// Along z.
        depth: f32,
    },
    /// A layout from the loaded packs, by id.
    Layout(String),
    /// A table with scenery written in the script (the geometry's own piece format).
    Scenery {
        /// Along x.
        width: f32,
        /// Along z.
        depth: f32,
        /// The pieces.
        pieces: Vec<SceneryPiece>,
    },
}

impl Default for TableSpec {
    fn default() -> Self {
        TableSpec::Open {
            width: 24.0,
            depth: 24.0,
        }
    }
}

/// A model profile written in the script: a character (tokens) or a Gonk (a card colour).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InlineProfile {
    /// The name shown in the output; the profile's id when left out.
    #[serde(default)]
    pub name: Option<String>,
    /// A character's starting tokens.
    #[serde(default)]
    pub tokens: Vec<Colour>,
    /// Makes the model a Gonk with this card colour.
    #[serde(default)]
    pub gonk: Option<Colour>,
    /// Skills; a Skill left out is 0.
    #[serde(default)]
    pub skills: Skills,
    /// Card Armor.
    #[serde(default)]
    pub armor: u8,
    /// Armor Gear as (id, value).
    #[serde(default)]
    pub gear_armor: Vec<(String, u8)>,
    /// Card actions, after the built-in ones.
    #[serde(default)]
    pub actions: Vec<ActionDef>,
    /// Card keywords (Leader, Netrunner, ...).
    #[serde(default)]
    pub keywords: Vec<ModelKeyword>,
    /// Passive Defense bonuses.
    #[serde(default)]
    pub defenses: Vec<(Skill, u8)>,
    /// Base diameter in millimetres.
    #[serde(default)]
    pub base_mm: Option<f32>,
}

/// One player and the models they own.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerSpec {
    /// The name steps and checks use for this player.
    pub name: String,
    /// The team; players sharing one play a team game. The seat number when left out.
    #[serde(default)]
    pub team: Option<u8>,
    /// Starting Luck; 3 plus Underdog's Luck when left out (LUCK-1, LUCK-6).
    #[serde(default)]
    pub luck: Option<u8>,
    /// The player's deployment zone (FIELD-7), for the models placed in the deployment
    /// before the game; the whole table when left out.
    #[serde(default)]
    pub zone: Option<DeploymentZone>,
    /// More zones: the player deploys in any one of `zone` and these (a side whose rivals
    /// come from every edge, FIELD-7).
    #[serde(default)]
    pub zones: Vec<DeploymentZone>,
    /// The player's side in a scenario with sides (CTRL-18).
    #[serde(default)]
    pub side: Option<SideSpec>,
    /// The player's models.
    #[serde(default)]
    pub models: Vec<ModelSpec>,
}

/// One model set down on the table.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ModelSpec {
    /// The name steps and checks use; the card or profile id when left out.
    #[serde(default)]
    pub label: Option<String>,
    /// A character or Gonk card id from the loaded packs.
    #[serde(default)]
    pub card: Option<String>,
    /// Gear ids equipped on the card.
    #[serde(default)]
    pub gear: Vec<String>,
    /// Program ids installed on the card.
    #[serde(default)]
    pub programs: Vec<String>,
    /// A profile id from the script's `profiles`.
    #[serde(default)]
    pub profile: Option<String>,
    /// Centre of the base's bottom, in inches (x, height, z). Left out, the model is
    /// placed by its player in the deployment before the game (FIELD-7): `Deploy` steps.
    #[serde(default)]
    pub at: Option<[f32; 3]>,
    /// Hacked tokens at the start.
    #[serde(default)]
    pub hacked: u8,
}

/// An action, by name or by index among the model's actions.
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum ActionRef {
    /// Index: the built-in actions first, then the card's.
    Index(u16),
    /// A built-in short name (`move`, `ranged`, ...), an action id or an action name.
    Name(String),
}

/// One step of a script.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Step {
    /// Activate a character (CTRL-4).
    Activate(String),
    /// Inspire (CTRL-8), by player name.
    Inspire(String),
    /// An action.
    Act {
        /// The acting model's label.
        model: String,
        /// The action: a built-in short name, an action id or name, or an index.
        action: ActionRef,
        /// Index of the token spent; left out for a Gonk.
        #[serde(default)]
        token: Option<u8>,
        /// A target model's label.
        #[serde(default)]
        at: Option<String>,
        /// A route: waypoints after the model's position.
        #[serde(default)]
        to: Option<Vec<[f32; 3]>>,
        /// A Body token's number.
        #[serde(default)]
        body: Option<u16>,
        /// The label of a model to drag (with `to` for the route and `drop`).
        #[serde(default)]
        drag: Option<String>,
        /// Where a dragged model is put down.
        #[serde(default)]
        drop: Option<[f32; 3]>,
        /// A draggable scenery object to drag, by name or id (with `to` for the route and
        /// `shift`).
        #[serde(default)]
        object: Option<String>,
        /// How far a dragged object moves across the table (x, z).
        #[serde(default)]
        shift: Option<[f32; 2]>,
        /// A point on the table (x, height, z): where a program sets its drone down
        /// (DRONE-8).
        #[serde(default)]
        point: Option<[f32; 3]>,
        /// The label of the model this action brings into play (a drone, DRONE-8); the
        /// drone card's id when left out.
        #[serde(default)]
        label: Option<String>,
        /// A scenery part a Breach action aims at, by name or id (MOD-7, TERR-1).
        #[serde(default)]
        scenery: Option<String>,
        /// Which section of that wall, counted from its `from` end (TERR-4); 0 when left
        /// out.
        #[serde(default)]
        section: Option<u8>,
        /// With `scenery` (a wall): the door or window aimed at, by its index in the wall's
        /// list (SEC-7, SEC-8).
        #[serde(default)]
        opening: Option<u8>,
    },
    /// A [RE]action (REACT-1), written like an action.
    React {
        /// The acting model's label.
        model: String,
        /// The action: a built-in short name, an action id or name, or an index.
        action: ActionRef,
        /// Index of the token spent; left out for a Gonk.
        #[serde(default)]
        token: Option<u8>,
        /// A target model's label.
        #[serde(default)]
        at: Option<String>,
        /// A route: waypoints after the model's position.
        #[serde(default)]
        to: Option<Vec<[f32; 3]>>,
        /// A Body token's number.
        #[serde(default)]
        body: Option<u16>,
        /// The label of a model to drag (with `to` for the route and `drop`).
        #[serde(default)]
        drag: Option<String>,
        /// Where a dragged model is put down.
        #[serde(default)]
        drop: Option<[f32; 3]>,
        /// A draggable scenery object to drag, by name or id (with `to` for the route and
        /// `shift`).
        #[serde(default)]
        object: Option<String>,
        /// How far a dragged object moves across the table (x, z).
        #[serde(default)]
        shift: Option<[f32; 2]>,
        /// A point on the table (x, height, z): where a program sets its drone down
        /// (DRONE-8).
        #[serde(default)]
        point: Option<[f32; 3]>,
        /// The label of the model this action brings into play (a drone, DRONE-8); the
        /// drone card's id when left out.
        #[serde(default)]
        label: Option<String>,
        /// A scenery part a Breach action aims at, by name or id (MOD-7, TERR-1).
        #[serde(default)]
        scenery: Option<String>,
        /// Which section of that wall, counted from its `from` end (TERR-4); 0 when left
        /// out.
        #[serde(default)]
        section: Option<u8>,
        /// With `scenery` (a wall): the door or window aimed at, by its index in the wall's
        /// list (SEC-7, SEC-8).
        #[serde(default)]
        opening: Option<u8>,
    },
    /// End the activation.
    EndActivation,
    /// Let a Gonk hold during Inspire.
    SkipGonk(String),
    /// Defend with a token (left out for a Gonk) and Skill, or an Armor.
    Defend {
        /// Token index.
        #[serde(default)]
        token: Option<u8>,
        /// Skill (the default), `CardArmor` or `GearArmor(n)`.
        #[serde(default = "skill_bonus")]
        bonus: DefenceBonus,
    },
    /// Spend Luck on the die offered.
    Reroll,
    /// Keep the die offered.
    Keep,
    /// Don't [RE]act.
    DeclineReaction,
    /// Put an extra wound on this token.
    AllocateWound(u8),
    /// Heal this token.
    HealToken(u8),
    /// The rival that opposes an escape or a drag, by label.
    ChooseOpposer(String),
    /// The tied defender a shot into a Brawl affects, by label.
    ChooseAffected(String),
    /// A model caught by a Blast stays and rolls Reflexes against it (KW-8).
    FaceBlast(String),
    /// A model caught by a Blast escapes with a Basic Move on a Ready token (KW-7).
    EscapeBlast {
        /// The caught model's label.
        model: String,
        /// Index of the Ready token spent.
        token: u8,
        /// The route: waypoints after the model's position; it must end more than RED from
        /// the Impact token.
        to: Vec<[f32; 3]>,
    },
    /// Put the Impact token down here (KW-9, KW-10).
    PlaceImpact([f32; 3]),
    /// The sentries' owner picks the next shot (SEC-12): this sentry fires at this target.
    SentryFires {
        /// The sentry's label.
        sentry: String,
        /// The target's label.
        at: String,
    },
    /// Place a model in the deployment before the game (FIELD-7), or place it again.
    Deploy {
        /// The model's label.
        model: String,
        /// Centre of the base's bottom, in inches (x, height, z).
        at: [f32; 3],
    },
    /// The deploying player has placed their team (FIELD-7).
    EndDeployment,
    /// The defender locks a door or window of the wall named `scenery` (SEC-2, SEC-5).
    PlaceLock {
        /// The wall's name.
        scenery: String,
        /// The opening's index in the wall's list.
        opening: u8,
        /// The lock's grade.
        grade: redline_rules::security::LockGrade,
    },
    /// The defender places a sentry (SEC-2, SEC-9), facing a compass bearing in degrees.
    PlaceSentry {
        /// Centre of the base's bottom, in inches (x, height, z).
        at: [f32; 3],
        /// The bearing its arc is centred on (0 North, 90 East).
        facing: f32,
        /// Rapid 2 on its attack.
        #[serde(default)]
        rapid: bool,
        /// Optics (+1 Ranged).
        #[serde(default)]
        optics: bool,
        /// The label later steps call the sentry by; `sentry` (then `sentry_2`, ...) when
        /// left out.
        #[serde(default)]
        label: Option<String>,
    },
    /// The defender puts up a 4" fence section from `from` to `to`, (x, z) (SEC-2, SEC-14).
    PlaceFence {
        /// Chain-link or razor wire.
        kind: redline_rules::security::FenceKind,
        /// One end.
        from: [f32; 2],
        /// The other end.
        to: [f32; 2],
    },
    /// The defender has placed its security (SEC-2).
    EndSecurity,
    /// A command exactly as the engine (and a replay file) writes it.
    Engine(Command),
    /// A command the engine must refuse, optionally citing the rule it gives.
    Refused {
        /// The command (any step that is a command).
        command: Box<Step>,
        /// The rule ID the refusal must name.
        #[serde(default)]
        rule: Option<String>,
        /// Words the engine's reason must contain (any case).
        #[serde(default)]
        says: Option<String>,
    },
    /// More loaded die faces, rolled after those still queued.
    LoadDice(Vec<u8>),
    /// Checks on the state now and the events of the last command.
    Expect(Vec<Check>),
}

fn skill_bonus() -> DefenceBonus {
    DefenceBonus::Skill
}

/// A pattern over engine values (an event, a decision) written as RON: variant names, fields
/// by name, labels for models and players. Fields left out match anything.
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum Pattern {
    /// The pattern, as `ron` hands it over: variants as one-key maps.
    Any(serde_json::Value),
}

impl Pattern {
    /// The pattern's tree.
    pub fn value(&self) -> &serde_json::Value {
        let Pattern::Any(value) = self;
        value
    }
}

/// A token's expected state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum TokenState {
    /// Face up.
    Ready(Colour),
    /// Face down.
    Used(Colour),
}

/// One expectation.
#[derive(Debug, Clone, Deserialize)]
pub enum Check {
    /// Some event in scope matches.
    Event(Pattern),
    /// No event in scope matches.
    NoEvent(Pattern),
    /// The events in scope, exactly, each matching its pattern.
    Events(Vec<Pattern>),
    /// Every token of a model, in order.
    Tokens(String, Vec<TokenState>),
    /// The model is on the table.
    InPlay(String),
    /// The model was taken out.
    TakenOut(String),
    /// Every token of the model is RED.
    RedLined(String),
    /// Some token of the model is not RED.
    NotRedLined(String),
    /// Where the model stands (within 0.01").
    At(String, [f32; 3]),
    /// The two models are within reach of each other (GEN-7), as the engine measures it.
    InReach(String, String),
    /// The two models are not within reach of each other (GEN-7).
    NotInReach(String, String),
    /// The closest distance between the two models' bases is at most this many inches
    /// (OPEN-1), as the engine measures it.
    Within(String, String, f32),
    /// The closest distance between the two models' bases is more than this many inches.
    Beyond(String, String, f32),
    /// Hacked tokens on the model.
    Hacked(String, u8),
    /// Who has Control.
    Control(String),
    /// The Active Model (`None`: no model is active).
    Active(Option<String>),
    /// A player's Luck tokens.
    Luck(String, u8),
    /// The pending decision: whose, and a pattern over its kind.
    Decision {
        /// The deciding player.
        #[serde(default)]
        seat: Option<String>,
        /// A pattern over the decision's kind.
        #[serde(default)]
        kind: Option<Pattern>,
    },
    /// The game is over and this player's team won.
    Winner(String),
    /// The game is over, drawn.
    Draw,
    /// The game is not over.
    Ongoing,
    /// The state hash, 16 hex digits.
    Hash(String),
    /// Loaded die faces not rolled yet.
    DiceLeft(usize),
    /// Body tokens on the table.
    Bodies(usize),
    /// Turns of Control taken.
    Turns(u32),
    /// The model's action is not on offer now (the engine's `Game::why_unavailable`), and
    /// the reason names `rule` when it is given.
    Unavailable {
        /// The model's label.
        model: String,
        /// The action: a built-in short name, an action id or name, or an index.
        action: ActionRef,
        /// The rule ID the reason must name.
        #[serde(default)]
        rule: Option<String>,
    },
    /// The model's action is on offer now: some answer with it is legal.
    Available {
        /// The model's label.
        model: String,
        /// The action: a built-in short name, an action id or name, or an index.
        action: ActionRef,
    },
}

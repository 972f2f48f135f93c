//! Events: everything that happened, in order, with what a viewer needs to show it. Every
//! change to the board state is made by applying one of these (see `Game::apply_event`).

use serde::{Deserialize, Serialize};

use crate::dice::Die;
use crate::ids::{BodyId, ModelId, Seat, TeamId};
use crate::optional::fire::FirePlace;
use crate::optional::hazard::HazardSource;
use crate::protocol::command::DefenceBonus;
use crate::protocol::outcome::Outcome;
use crate::protocol::route::RouteLeg;
use crate::setup::card::{Colour, Skill};
use crate::setup::cards::CardId;
use crate::setup::scenario::{Edge, FirstControlReason};
use crate::setup::security::LockGrade;

/// One die in a roll, after modifiers.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct DieResult {
    /// The rolling model (`None` for the Obstacle die).
    pub model: Option<ModelId>,
    /// The player who rolled it (and may spend Luck on it, OPEN-9).
    pub seat: Seat,
    /// The die.
    pub die: Die,
    /// The face.
    pub face: u8,
    /// Skill, Armor, cover and other modifiers (DICE-12).
    pub modifier: i16,
    /// Face plus modifier.
    pub total: i16,
}

/// Why a move stopped early.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum StopReason {
    /// A failed Reflexes roll at an obstacle (MOVE-8).
    Obstacle(String),
    /// A rival blocked it; the two now Brawl (MOVE-10).
    Rival(ModelId),
    /// A failed climb (MOVE-24).
    Climb,
    /// A failed escape from a Brawl (BRAWL-5).
    Escape(ModelId),
}

/// Something that happened.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Event {
    /// A player took Control (CTRL-1, CTRL-2).
    ControlTaken {
        /// The player.
        seat: Seat,
    },
    /// Control passed to another player (CTRL-5, CTRL-13).
    ControlPassed {
        /// From.
        from: Seat,
        /// To.
        to: Seat,
    },
    /// A model became the Active Model (CTRL-4, CMD-2).
    Activated {
        /// The model.
        model: ModelId,
    },
    /// The Active Model's activation ended.
    ActivationEnded {
        /// The model.
        model: ModelId,
    },
    /// A player began Inspiring their team (CTRL-8).
    InspireStarted {
        /// The player.
        seat: Seat,
    },
    /// A Gonk held during Inspire.
    GonkSkipped {
        /// The Gonk.
        model: ModelId,
    },
    /// Inspire finished: tokens refreshed, markers cleared (CTRL-11, CTRL-12).
    InspireEnded {
        /// The player.
        seat: Seat,
    },
    /// An action was declared.
    ActionTaken {
        /// The actor.
        model: ModelId,
        /// Action index.
        action: u16,
        /// Action name.
        name: String,
        /// Die colour of the action.
        colour: Colour,
        /// Taken as a [RE]action.
        reaction: bool,
    },
    /// A token flipped to Used (TOK-3) or to Ready (TOK-14).
    TokenFlipped {
        /// The model.
        model: ModelId,
        /// Token index.
        token: u8,
        /// Ready after the flip.
        ready: bool,
    },
    /// A Difficult action was marked used (TOK-7, OPEN-15).
    DifficultMarked {
        /// The model.
        model: ModelId,
        /// Action index.
        action: u16,
    },
    /// Difficult markers came off at Inspire (CTRL-12).
    DifficultCleared {
        /// The model.
        model: ModelId,
    },
    /// A Hacked token was removed (BASIC-8, NET-17).
    HackedRemoved {
        /// The model.
        model: ModelId,
    },
    /// A defender picked its token and bonus (ACT-10).
    DefenceChosen {
        /// The defender.
        model: ModelId,
        /// Token index (`None` for a Gonk).
        token: Option<u8>,
        /// The die colour chosen.
        colour: Colour,
        /// Skill or Armor.
        bonus: DefenceBonus,
    },
    /// An Opposed Roll: the actor's die first, then every opposer's (ACT-11).
    Rolled {
        /// All dice.
        dice: Vec<DieResult>,
    },
    /// Luck was spent (LUCK-2).
    LuckSpent {
        /// The player.
        seat: Seat,
        /// Tokens left.
        left: u8,
    },
    /// A die was re-rolled (LUCK-2, LUCK-3).
    Rerolled {
        /// The die after the re-roll.
        die: DieResult,
        /// The face before.
        old_face: u8,
    },
    /// Lucky Streak gave the Luck token back (LUCK-5).
    LuckReturned {
        /// The player.
        seat: Seat,
        /// Tokens now.
        left: u8,
    },
    /// A player gained Luck tokens during the game: a completed campaign Objective's reward,
    /// which applies at once (LUCK-1, CAMP-11).
    LuckGained {
        /// The player.
        seat: Seat,
        /// Tokens gained.
        gained: u8,
        /// Tokens now.
        left: u8,
    },
    /// An Opposed Roll was decided (DICE-4..DICE-10), one verdict per opposer.
    RollDecided {
        /// Whether the actor beat each opposer, in opposer order.
        actor_won: Vec<bool>,
    },
    /// A model moved.
    Moved {
        /// The model.
        model: ModelId,
        /// From.
        from: [f32; 3],
        /// To.
        to: [f32; 3],
        /// The stretches it walked from `from`, the last ending at `to`, with a vertical
        /// step wherever the level changes (MOVE-17, MOVE-22, MOVE-26). Empty when it was
        /// set down rather than walked (a dragged model) or left off its route (a failed
        /// jump drops under the gap): it went straight from `from` to `to`. Not game state.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        route: Vec<RouteLeg>,
    },
    /// A dragged scenery object moved (MOVE-16), down too if it fell off raised scenery
    /// (MOVE-21). Paths of Attack and routes use its new place from now on.
    ObjectMoved {
        /// The scenery piece's id.
        object: u32,
        /// How far it moved (x, y, z), in inches.
        by: [f32; 3],
    },
    /// A move cleared an obstacle or a rival (MOVE-8, MOVE-10).
    Crossed {
        /// The model.
        model: ModelId,
        /// What it crossed.
        what: String,
    },
    /// A move stopped early.
    MoveStopped {
        /// The model.
        model: ModelId,
        /// Why.
        reason: StopReason,
    },
    /// Two rivals are now within reach: a Brawl (BRAWL-1).
    BrawlEntered {
        /// The model that came into reach.
        model: ModelId,
        /// The rivals within its reach.
        with: Vec<ModelId>,
    },
    /// A model left a Brawl by escaping or outnumbering (BRAWL-5, BRAWL-6).
    BrawlLeft {
        /// The model.
        model: ModelId,
        /// Left without a roll by outnumbering (BRAWL-6).
        outnumbered: bool,
    },
    /// A model fell (MOVE-19).
    Fell {
        /// The model.
        model: ModelId,
        /// Height in inches.
        height: f32,
    },
    /// Gear Armor absorbed a wound and was discarded (ARM-4).
    ArmorDiscarded {
        /// The model.
        model: ModelId,
        /// The Armor Gear card.
        card: CardId,
    },
    /// A token turned RED (WOUND-2..WOUND-4, WOUND-7).
    Wounded {
        /// The model.
        model: ModelId,
        /// The token that turned RED.
        token: u8,
        /// The attacker, if the wound came from an attack.
        by: Option<ModelId>,
    },
    /// Every token of the model is RED (WOUND-5).
    RedLined {
        /// The model.
        model: ModelId,
    },
    /// The model was taken out and its Body token placed (WOUND-9).
    TakenOut {
        /// The model.
        model: ModelId,
        /// The numbered Body token.
        body: BodyId,
        /// Where the token lies.
        at: [f32; 3],
        /// The model whose attack took it out, if an attack did (scenario and Objective
        /// credit; falls and Dangerous Fumbles have none).
        #[serde(default)]
        by: Option<ModelId>,
    },
    /// A RED token went back to its starting colour (WOUND-12, WOUND-16).
    Healed {
        /// The model.
        model: ModelId,
        /// Token index.
        token: u8,
        /// Colour now.
        colour: Colour,
    },
    /// A [RE]action was declined.
    ReactionDeclined {
        /// The model.
        model: ModelId,
    },
    /// A Body token was removed by looting (BASIC-15).
    BodyLooted {
        /// The body.
        body: BodyId,
        /// The looter.
        by: ModelId,
    },
    /// Loot Gear took a Gear or Loot card from a body; the looter now holds it
    /// (BASIC-13).
    CardTaken {
        /// The looter.
        by: ModelId,
        /// The taken-out model it came from.
        from: ModelId,
        /// The card.
        card: CardId,
    },
    /// A Loot card was drawn at random from the Loot deck (BASIC-14, EX-25); `None` if
    /// the deck is empty.
    LootDrawn {
        /// The model that now holds it.
        by: ModelId,
        /// The card.
        card: Option<CardId>,
    },
    /// A card was exhausted: face down, no text until it refreshes (TOK-5).
    CardExhausted {
        /// The holder.
        model: ModelId,
        /// The card; `None` for the model's own character card.
        card: Option<CardId>,
    },
    /// An exhausted card was refreshed at Inspire (TOK-5, CTRL-12).
    CardRefreshed {
        /// The holder.
        model: ModelId,
        /// The card; `None` for the model's own character card.
        card: Option<CardId>,
    },
    /// A card was discarded after the action it gave was resolved (KW-18, BASIC-16).
    CardDiscarded {
        /// The holder.
        model: ModelId,
        /// The card.
        card: CardId,
    },
    /// A Hacked token was put on a character (NET-14).
    Hacked {
        /// The character.
        model: ModelId,
    },
    /// A Vulnerable token was put on a model by an action that is not a program (NET-11).
    MadeVulnerable {
        /// The model.
        model: ModelId,
    },
    /// Vulnerable tokens came off at their owner's Inspire.
    VulnerableCleared {
        /// The model.
        model: ModelId,
    },
    /// A friendly Netrunner opposes a rival program instead of its target (NET-13).
    NetrunnerStepsIn {
        /// The Netrunner.
        model: ModelId,
        /// The model the program targeted.
        instead_of: ModelId,
    },
    /// A program launched: its effect resolved and it turned to its Running side (NET-5).
    ProgramRunning {
        /// The Netrunner.
        model: ModelId,
        /// The program card.
        card: CardId,
        /// The model it succeeded against, if it targeted one.
        target: Option<ModelId>,
    },
    /// A launch failed; the program can't be tried again this activation (NET-6).
    LaunchFailed {
        /// The Netrunner.
        model: ModelId,
        /// The program card.
        card: CardId,
    },
    /// A Fumbled launch: memory leak (NET-18). Stun 1 or a wound follows, then the
    /// activation ends.
    MemoryLeak {
        /// The Netrunner.
        model: ModelId,
    },
    /// A Running program turned back to its Loaded side (NET-10).
    ProgramReloaded {
        /// The Netrunner holding it.
        model: ModelId,
        /// The program card.
        card: CardId,
    },
    /// A drone was deployed by a program (DRONE-2, DRONE-8).
    DroneDeployed {
        /// The new drone model.
        model: ModelId,
        /// The Netrunner whose program deployed it.
        by: ModelId,
        /// The program card.
        card: CardId,
        /// Where its base stands.
        at: [f32; 3],
    },
    /// A drone was taken out; it leaves no Body token (DRONE-7, WOUND-17).
    DroneTakenOut {
        /// The drone.
        model: ModelId,
        /// The model whose attack did it, if any (a scenario's take-outs count it).
        by: Option<ModelId>,
    },
    /// An Accurate action's free re-roll was taken on the actor's die (KW-3); a `Rerolled`
    /// event follows.
    AccurateReroll {
        /// The actor.
        model: ModelId,
    },
    /// A Rapid action's repetition begins (KW-24..KW-27): which one, at whom, with the
    /// walking-fire penalty on the actor's roll.
    Repetition {
        /// The actor.
        model: ModelId,
        /// 1 for the first attack.
        number: u8,
        /// X of Rapid X.
        of: u8,
        /// The model shot at.
        target: ModelId,
        /// Added to the actor's roll: 0, -1, -2, ... (KW-27, OPEN-28).
        penalty: i16,
    },
    /// An Impact token was put down touching a model's base (KW-4; KW-10 on a Fumble).
    ImpactPlaced {
        /// Centre of the token, on the surface.
        at: [f32; 3],
        /// The model whose base it touches.
        touching: ModelId,
    },
    /// An Impact token was put down touching a scenery part, at its point nearest the
    /// attacker (TERR-7).
    ImpactOnScenery {
        /// Centre of the token, on the surface.
        at: [f32; 3],
        /// The part's battlespace id.
        part: u32,
        /// The wall section; 0 for any other part.
        section: u8,
    },
    /// The targeted player shifted the Impact token after a miss (KW-9).
    ImpactMoved {
        /// Centre before.
        from: [f32; 3],
        /// Centre after.
        to: [f32; 3],
    },
    /// The Blast resolves around the Impact token: who is within RED (KW-6, KW-11) and who
    /// a barrier shelters (KW-12).
    BlastArea {
        /// Centre of the Impact token.
        at: [f32; 3],
        /// Models caught, nearest first.
        caught: Vec<ModelId>,
        /// Models within RED but behind a barrier.
        sheltered: Vec<ModelId>,
    },
    /// A caught model's escape move from a Blast is over (KW-7, OPEN-26).
    BlastEscaped {
        /// The model.
        model: ModelId,
        /// It ended more than RED from the Impact token; otherwise it rolls (KW-8).
        clear: bool,
    },
    /// The Blast is over and its Impact token is taken off the table.
    ImpactRemoved {
        /// Centre of the token.
        at: [f32; 3],
    },
    /// A Push moved a model straight away from the actor (KW-22, OPEN-29).
    Pushed {
        /// The pushed model.
        model: ModelId,
        /// From.
        from: [f32; 3],
        /// To (after any fall).
        to: [f32; 3],
        /// Stopped short of RED by a barrier, a base or the table edge.
        stopped: bool,
    },
    /// Stun (KW-29): a character's token flipped to Used, or a Gonk was marked stunned until
    /// after its owner's next Inspire (KW-30, OPEN-40) when `token` is `None`.
    Stunned {
        /// The model.
        model: ModelId,
        /// The token flipped (characters).
        token: Option<u8>,
    },
    /// A stunned Gonk's marker came off at the end of its owner's Inspire (OPEN-40).
    StunCleared {
        /// The Gonk.
        model: ModelId,
    },
    /// Refresh X flipped a Used token to Ready (KW-23, TOK-14).
    Refreshed {
        /// The model.
        model: ModelId,
        /// Token index.
        token: u8,
    },
    /// An action with Defense [Skill X] gave the model +X when it opposes with that Skill,
    /// until the end of its owner's next Inspire (KW-17).
    DefenseGained {
        /// The model.
        model: ModelId,
        /// The Skill.
        skill: Skill,
        /// X.
        by: u8,
    },
    /// Defense bonuses gained from actions ran out at the owner's Inspire (KW-17).
    DefenseExpired {
        /// The model.
        model: ModelId,
    },
    /// One round of a roll-off for first Control: each team's RED die (CTRL-15).
    FirstControlRoll {
        /// The seat rolling for each team still in the roll-off, and its face.
        rolls: Vec<(Seat, u8)>,
    },
    /// First Control was settled (CTRL-15).
    FirstControl {
        /// The seat that takes Control first.
        seat: Seat,
        /// Why.
        reason: FirstControlReason,
    },
    /// A model entered play from Reserve or was deployed by an effect (FIELD-9, DRONE-8).
    Deployed {
        /// The model.
        model: ModelId,
        /// Where its base was set down.
        at: [f32; 3],
        /// It came from Reserve (FIELD-8), rather than being set aside for an effect.
        from_reserve: bool,
    },
    /// An effect would deploy the model but there is no legal spot; it stays off the table.
    /// Also a model its seat could not place in the deployment before the game (FIELD-7):
    /// it takes no part in the game.
    NoRoomToDeploy {
        /// The model.
        model: ModelId,
    },
    /// A model was placed in its seat's deployment before the game (FIELD-7); placed again,
    /// it moves there.
    Placed {
        /// The model.
        model: ModelId,
        /// Where its base was set down.
        at: [f32; 3],
    },
    /// A seat finished deploying its team (FIELD-7).
    DeploymentEnded {
        /// The seat.
        seat: Seat,
    },
    /// A Gonk taken out went back into Reserve (a scenario's Gonk reinforcements).
    ReturnedToReserve {
        /// The Gonk.
        model: ModelId,
    },
    /// A marker was searched successfully (a scenario's SearchMarkers rule).
    MarkerSearched {
        /// Marker index.
        marker: u8,
        /// The searcher.
        by: ModelId,
    },
    /// A model picked a marker up (a scenario's CarryMarkers rule).
    MarkerPickedUp {
        /// Marker index.
        marker: u8,
        /// The carrier.
        by: ModelId,
    },
    /// A carried marker was dropped where its carrier was taken out.
    MarkerDropped {
        /// Marker index.
        marker: u8,
        /// Where it lies now.
        at: [f32; 3],
    },
    /// A model left the table over an edge, with the markers it carried (scenario exits).
    LeftTable {
        /// The model.
        model: ModelId,
        /// The edge.
        edge: Edge,
        /// Markers carried off.
        markers: Vec<u8>,
    },
    /// Quarters were counted for a scenario condition (FIELD-10): who holds each, in
    /// NorthWest, NorthEast, SouthWest, SouthEast order.
    QuartersCounted {
        /// The team whose condition was checked.
        team: TeamId,
        /// The holder of each quarter.
        holders: [Option<TeamId>; 4],
    },
    /// Markers were counted for a scenario condition: the ones the team holds.
    MarkersCounted {
        /// The team whose condition was checked.
        team: TeamId,
        /// Markers it holds.
        held: Vec<u8>,
    },
    /// The game ended.
    GameOver {
        /// How.
        outcome: Outcome,
    },
    /// A drone stripped a Body token for scrap and the token was removed; its team gained
    /// Luck (`Effect::Scavenge`, DRONE-2).
    BodyScavenged {
        /// The body.
        body: BodyId,
        /// The drone.
        by: ModelId,
    },
    /// A Hazard is rolled against a model (MOD-4); the model's token choice and the
    /// roll follow as [`Event::DefenceChosen`] and [`Event::Rolled`].
    HazardFaced {
        /// The model.
        model: ModelId,
        /// The Hazard die's colour.
        colour: Colour,
        /// What it comes from.
        source: HazardSource,
    },
    /// A Hazard was settled (MOD-4): a win is followed by the wound or the taking out.
    HazardSettled {
        /// The model.
        model: ModelId,
        /// Whether the Hazard beat the model.
        hazard_won: bool,
    },
    /// Damage markers were put on a scenery part or a wall's section (TERR-2, TERR-6).
    DamageMarked {
        /// The part's battlespace id.
        part: u32,
        /// The wall section; 0 for any other part.
        section: u8,
        /// Markers placed now.
        markers: u8,
        /// Markers on it in all.
        total: u8,
    },
    /// A section or part reached its Structure and is destroyed (TERR-5, TERR-8): it leaves
    /// the battlespace, and rubble takes its place unless it leaves none (TERR-16, TERR-17).
    SceneryDestroyed {
        /// The part's battlespace id.
        part: u32,
        /// The wall section; 0 for any other part.
        section: u8,
        /// The id of the rubble piece it left, if any.
        rubble: Option<u32>,
    },
    /// Damage markers were put on a building's storey (TERR-5, TERR-6).
    StoreyMarked {
        /// The building.
        building: u32,
        /// The storey, from 1.
        storey: u8,
        /// Markers placed now.
        markers: u8,
        /// Markers on the storey in all.
        total: u8,
    },
    /// A storey reached its Structure: it and every storey above it collapse, their parts
    /// leave the battlespace and rubble covers the footprint (TERR-13, TERR-15).
    StoreyCollapsed {
        /// The building.
        building: u32,
        /// The lowest storey that collapsed, from 1.
        storey: u8,
        /// The id of the rubble piece over the footprint.
        rubble: u32,
    },
    /// A casualty of the AID module: Downed, First Aid tried, revived (AID-1, AID-7, AID-8).
    Aid(AidEvent),
    /// A construct with a damaged CPU rolled the RED die as its activation started (BOT-5);
    /// on 1 or 2 it is Haywire until the activation ends.
    CpuRolled {
        /// The construct.
        model: ModelId,
        /// The face rolled.
        face: u8,
        /// Whether it went Haywire.
        haywire: bool,
    },
    /// A construct's damaged Power gives back only one Used token in this Inspire (BOT-4);
    /// the token follows as [`Event::Refreshed`].
    PowerLimited {
        /// The construct.
        model: ModelId,
    },
    /// A construct's repair or Topple while the BOT module is on (BOT-9..BOT-12).
    Bot(BotEvent),
    /// A part or compartment caught fire, or a fire there rose to a higher colour (FIRE-3,
    /// FIRE-15).
    FireStarted {
        /// What burns.
        place: FirePlace,
        /// The fire's colour now.
        colour: Colour,
        /// The player whose action started it.
        lighter: Seat,
    },
    /// A fire went out: it lost its fire roll, or its part or compartment left the table
    /// (FIRE-6, FIRE-14).
    FireOut {
        /// Where it burned.
        place: FirePlace,
    },
    /// A building became an Inferno: every compartment burns GREEN for the rest of the game
    /// (FIRE-6, FIRE-8).
    InfernoStarted {
        /// The building.
        building: u32,
        /// The lighter of the fire that won the roll.
        lighter: Seat,
    },
    /// An Ignite action filled an enclosed compartment with fire: no model may enter it
    /// until the end of the lighter's next Inspire (FIRE-9).
    CompartmentSealed {
        /// The building.
        building: u32,
        /// The storey, from 1.
        storey: u8,
        /// The room of the storey, from 0; 0 for a storey that is one compartment (MOD-9).
        #[serde(default, skip_serializing_if = "crate::optional::fire::is_first_room")]
        room: u8,
        /// The action's player, whose next Inspire lifts the seal.
        lighter: Seat,
    },
    /// Security (SEC): a lock found or opened (SEC-7, SEC-8).
    Sec(SecEvent),
    /// The defender's security step before deployment (SEC-2).
    SecurityStep(SecurityStepEvent),
    /// The third force the engine plays drew where it heads (THIRD-3).
    ThirdForce(crate::optional::third_force::ThirdForceEvent),
}

/// What the defender placed in its security step (SEC-2). Rivals see the sentries and the
/// fences; of a lock they learn only that one was placed (SEC-7, MOPEN-8).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub enum SecurityStepEvent {
    /// A lock went on some door or window; which one, and its grade, stay hidden.
    LockPlaced,
    /// A sentry was placed: a new model of the defender's (SEC-9, SEC-10).
    SentryPlaced {
        /// The sentry.
        sentry: ModelId,
        /// Where its base stands.
        at: [f32; 3],
        /// The bearing its arc is centred on, in degrees.
        facing_deg: f32,
        /// Rapid 2 on its attack.
        rapid: bool,
        /// Optics (+1 Ranged).
        optics: bool,
    },
    /// A fence section was put up: a new obstacle on the table (SEC-14).
    FencePlaced {
        /// The fence's battlespace piece id.
        piece: u32,
        /// Chain-link or razor wire.
        kind: crate::setup::security::FenceKind,
        /// One end, (x, z).
        from: [f32; 2],
        /// The other end, (x, z).
        to: [f32; 2],
    },
    /// The defender finished placing its security; the deployment follows.
    Ended {
        /// The defender.
        seat: Seat,
    },
}

/// What happened to the defender's security while the SEC module is on.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub enum SecEvent {
    /// A rival's move reached a locked opening it didn't know of: it stops within reach,
    /// on its own side, and the rest of the move is lost (SEC-7).
    StoppedAtLock {
        /// The model stopped.
        model: ModelId,
        /// The wall.
        piece: u32,
        /// The opening.
        opening: u8,
    },
    /// A lock and its grade became known to every player (SEC-7).
    LockRevealed {
        /// The wall.
        piece: u32,
        /// The opening.
        opening: u8,
        /// The lock's grade.
        grade: LockGrade,
    },
    /// An opening was tried and found not locked (SEC-7).
    FoundOpen {
        /// The wall.
        piece: u32,
        /// The opening.
        opening: u8,
    },
    /// A Loaded sentry fires at the nearest eligible rival and is Spent (SEC-11, SEC-12);
    /// its attack follows.
    SentryFired {
        /// The sentry.
        sentry: ModelId,
        /// Its target.
        target: ModelId,
    },
    /// A Spent sentry is Loaded again at its owner's Inspire (SEC-11).
    SentryReloaded {
        /// The sentry.
        sentry: ModelId,
    },
    /// A rival ended its move within reach of a sentry and took it out, no roll (SEC-13).
    SentryOverrun {
        /// The sentry.
        sentry: ModelId,
        /// The rival.
        by: ModelId,
    },
    /// A model fumbled its crossing of razor wire and is Snared where it stopped (SEC-14).
    Snared {
        /// The model.
        model: ModelId,
    },
    /// A Snared model freed itself (SEC-15).
    Freed {
        /// The model.
        model: ModelId,
    },
    /// A lock was picked, shot or forced: the opening is unlocked for the rest of the game
    /// (SEC-8).
    Unlocked {
        /// The wall.
        piece: u32,
        /// The opening.
        opening: u8,
        /// The model that opened it.
        by: ModelId,
    },
    /// A model with Wire Cutters cut a gap of free passage through a fence (SEC-16), from
    /// `from` to `to` inches along it (from a wall's `from` end, a box's along its length).
    FenceCut {
        /// The model that cut it.
        model: ModelId,
        /// The fence.
        piece: u32,
        /// Where the gap starts along the fence.
        from: f32,
        /// Where it ends.
        to: f32,
    },
    /// A Breach broke a locked door or window (SEC-8, TERR on): it is unlocked for good and
    /// only a plain opening is left.
    DoorBroken {
        /// The wall.
        piece: u32,
        /// The opening.
        opening: u8,
        /// The model whose Breach broke it.
        by: ModelId,
    },
}

/// What happened to a construct's repair or footing while the BOT module is on.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub enum BotEvent {
    /// The construct took Start Repair: its activation ends and it is Under Repair until
    /// the end of its owner's next Inspire (BOT-9, BOT-10).
    RepairStarted {
        /// The construct.
        model: ModelId,
        /// The colour the spent token had: the die of the repair roll.
        colour: Colour,
    },
    /// The repair roll at the start of the owner's Inspire (BOT-9); the dice follow as
    /// [`Event::Rolled`] before it.
    RepairRolled {
        /// The construct.
        model: ModelId,
        /// Tokens it heals: 0 on a failure, 1 on a success, 2 on a Crit.
        heals: u8,
    },
    /// Under Repair ended with its owner's Inspire (BOT-9).
    RepairEnded {
        /// The construct.
        model: ModelId,
    },
    /// A model tried to Topple the construct: a later try that Inspire adds 1 (BOT-11).
    ToppleTried {
        /// The construct.
        model: ModelId,
        /// The model trying.
        by: ModelId,
    },
    /// The Topple succeeded: the construct is Toppled and takes 1 wound (BOT-11, BOT-12).
    Toppled {
        /// The construct.
        model: ModelId,
        /// The model that toppled it.
        by: ModelId,
    },
    /// The construct Stood Up: it is no longer Toppled (BOT-12).
    StoodUp {
        /// The construct.
        model: ModelId,
    },
}

/// What happened to a casualty while the AID module is on.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub enum AidEvent {
    /// A character that would have been taken out lies Downed instead (AID-1): no Body
    /// token, it counts as taken out from now on (AID-3).
    Downed {
        /// The model.
        model: ModelId,
        /// The model whose attack downed it, if an attack did (credited as a take-out).
        by: Option<ModelId>,
    },
    /// A model took First Aid on a Downed model: its one try (AID-7).
    FirstAidTried {
        /// The Downed model.
        model: ModelId,
        /// The model giving First Aid.
        by: ModelId,
    },
    /// First Aid succeeded: the model stands up with every token RED and Used (AID-8).
    Revived {
        /// The model.
        model: ModelId,
    },
}

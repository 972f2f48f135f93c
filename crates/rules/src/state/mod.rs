//! The game state and its public surface: `new`, `decision`, `check`, `apply`, `outcome`,
//! `state_hash` (`legal_commands` is in `legal/`). Board state changes only in
//! [`Game::apply_event`]; the flow (what is being resolved) lives in `flow/`.

pub(crate) mod dicebox;
pub(crate) mod hash;
pub mod model;
pub(crate) mod plan_cache;
pub mod replay;
mod reveal;

use std::sync::Arc;

use serde::Serialize;

use crate::actions::hand::{CardInfo, CardState};
use crate::field::ScenarioState;
use crate::flow::{Phase, Step};
use crate::geometry::{self, Base, Battlespace};
use crate::ids::{BodyId, ModelId, Seat, TeamId};
use crate::keywords::ReactionLimits;
use crate::protocol::command::Command;
use crate::protocol::decision::Decision;
use crate::protocol::error::RuleError;
use crate::protocol::event::Event;
use crate::protocol::outcome::Outcome;
use crate::setup::basic;
use crate::setup::card::{ActionDef, Colour, ModelProfile};
use crate::setup::cards::{CardId, FIRST_CARD_ACTION};
use crate::setup::scenario;
use crate::state::dicebox::DiceBox;
use crate::state::hash::Fnv;
use crate::state::model::{ModelState, Token};

/// The bases of the models in play, kept on the stack up to a full four-team table.
pub(crate) type Bases = smallvec::SmallVec<[Base; 24]>;
use crate::setup::{Setup, SetupError};

/// Reach, in inches (GEN-7): two models this close or closer are within reach.
const REACH: f32 = 1.0;

/// A Body token on the table (WOUND-9).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub(crate) struct Body {
    pub id: BodyId,
    pub model: ModelId,
    pub at: [f32; 3],
    pub looted: bool,
}

/// What never changes once the game has begun, shared between clones. Before the
/// deployment the defender's security step adds its sentries and fences to the setup (SEC-2,
/// `optional/sec/placing.rs`).
#[derive(Debug, Clone)]
pub(crate) struct Statics {
    pub setup: Setup,
    /// The setup the game started from, kept once the security step has changed `setup`.
    pub unsecured: Option<Box<Setup>>,
    pub basic: Vec<ActionDef>,
    pub radius: Vec<f32>,
    pub team_of_seat: Vec<TeamId>,
    /// Teams in clockwise order of their first seat.
    pub teams: Vec<TeamId>,
    /// Hash of the setup, mixed into every state hash.
    pub setup_hash: u64,
    /// The seed the dice started from.
    pub seed: u64,
    /// Every card of the game (TOK-12): Gear and programs by model, then the Loot deck.
    pub cards: Vec<CardInfo>,
    /// The actions the scenario grants, from [`scenario::ACTION_BASE`] (FIELD-6).
    pub scenario_actions: Vec<Option<ActionDef>>,
    /// Per setup model, looked up on every distance and rival test: its owner's team.
    pub model_team: Vec<TeamId>,
    /// Per setup model: a Gonk or a drone (acts as a Gonk, GEN-10, DRONE-1).
    pub model_gonk: Vec<bool>,
    /// Per setup model: a drone (DRONE-1).
    pub model_drone: Vec<bool>,
    /// Per card: for a program that deploys a drone, the team and base radius that drone
    /// will have (its Netrunner's team, DRONE-5; its program's profile, DRONE-2), for the
    /// base of a drone deployed later.
    pub drone_base: Vec<Option<(TeamId, f32)>>,
    /// The First Aid action, while the AID module is on (AID-6).
    pub first_aid: Option<ActionDef>,
    /// The lock actions, while the SEC module is on with a defender (SEC-7, SEC-8).
    pub sec_actions: Vec<ActionDef>,
    /// Start Repair, Stand Up, Topple and Field Patch, while the BOT module is on (empty
    /// otherwise); looked up by [`crate::optional::bot::bot_action_def`].
    pub bot_actions: Vec<ActionDef>,
}

/// A game in progress. Clone is cheap (the static part is shared).
#[derive(Debug, Clone)]
pub struct Game {
    pub(crate) st: Arc<Statics>,
    pub(crate) models: Vec<ModelState>,
    pub(crate) luck: Vec<u8>,
    pub(crate) bodies: Vec<Body>,
    /// The state of every card, by [`CardId`].
    pub(crate) cards: Vec<CardState>,
    /// The program card that deployed each model beyond the setup's, in deploy order
    /// (DRONE-2, DRONE-8).
    pub(crate) drones: Vec<CardId>,
    pub(crate) control: Seat,
    pub(crate) phase: Phase,
    pub(crate) stack: Vec<Step>,
    pub(crate) decision: Option<Decision>,
    pub(crate) dice: DiceBox,
    pub(crate) turns: u32,
    /// Models wounded by an attack during the current (non-[RE]) action, in wound order,
    /// with the attacker (REACT-1, REACT-13).
    pub(crate) wounded: Vec<(ModelId, ModelId)>,
    /// What the last non-[RE]action allows as [RE]actions against it (KW-28, KW-31).
    pub(crate) reaction_limits: ReactionLimits,
    pub(crate) outcome: Option<Outcome>,
    pub(crate) events: Vec<Event>,
    /// The scenario's side: Reserves, markers, what was taken out, Inspires (GEN-1).
    pub(crate) scen: ScenarioState,
    /// A model waiting on a barrier's face between the two actions of a climb (MOVE-25).
    pub(crate) climb: Option<crate::actions::climb::ClimbHold>,
    /// Each dragged scenery object's total shift from its setup place (MOVE-16, MOVE-21).
    pub(crate) objects: Vec<(u32, [f32; 3])>,
    /// The battlespace with the dragged objects where they are now; `None` while none has
    /// moved (derived from `objects`, so never hashed itself).
    pub(crate) moved_space: Option<Battlespace>,
    /// Damage markers and destroyed scenery (TERR-6, TERR-8); empty unless TERR is on and
    /// something was breached, and hashed only then (MOD-2, MOD-3).
    pub(crate) damage: crate::optional::terr::SceneryDamage,
    /// Downed models (AID-1, MOD-3); empty unless AID is on and a model went down, and
    /// hashed only then.
    pub(crate) casualties: crate::optional::aid::Casualties,
    /// Haywire and the Power refresh of constructs (BOT-4, BOT-5); empty unless BOT is on and
    /// a construct's system failed, and hashed only then (MOD-2, MOD-3).
    pub(crate) bot: crate::optional::bot::BotState,
    /// The fires burning (FIRE-15); empty unless FIRE is on and something caught, and hashed
    /// only then (MOD-2, MOD-3).
    pub(crate) fires: crate::optional::fire::Fires,
    /// The defender's locks and what is known of them (SEC-5..SEC-8); empty unless SEC is
    /// on with security placed, and hashed only then (MOD-2, MOD-3).
    pub(crate) security: crate::optional::sec::Security,
    /// Where the third force heads and the noise it listens to (THIRD-3); empty unless the
    /// game has one, and hashed only then.
    pub(crate) third: crate::optional::third_force::ThirdForceState,
    /// The plan of the command [`Game::random_legal_command`] last returned, for its
    /// `apply` (not part of the state: never hashed, empty in a clone).
    pub(crate) plan: crate::state::plan_cache::PlanCache,
    /// The last straight move toward a rival the sampler checked, for the `prepare` that
    /// follows (not part of the state: a pure function's answer, never hashed).
    pub(crate) moves: crate::state::plan_cache::MoveMemo,
}

impl Game {
    /// Starts a game from a setup and a seed for the dice.
    pub fn new(setup: Setup, seed: u64) -> Result<Game, SetupError> {
        let dice = DiceBox::new(seed, &setup.loaded_dice);
        Game::start(setup, seed, dice)
    }

    /// Starts a game with these dice (seeded, or a replica's revealed draws).
    pub(crate) fn start(setup: Setup, seed: u64, dice: DiceBox) -> Result<Game, SetupError> {
        setup.validate()?;
        let team_of_seat: Vec<TeamId> = setup.players.iter().map(|p| p.team).collect();
        let mut teams: Vec<TeamId> = Vec::new();
        // THIRD-6: the third force's team plays, but is not one of the teams that can win.
        let neutral = setup
            .third_force
            .as_ref()
            .and_then(|f| team_of_seat.get(usize::from(f.seat.0)).copied());
        for t in &team_of_seat {
            if !teams.contains(t) && Some(*t) != neutral {
                teams.push(*t);
            }
        }
        let radius = setup
            .models
            .iter()
            .map(|m| geometry::radius_from_mm(m.profile.base_mm))
            .collect();
        let models = setup
            .models
            .iter()
            .map(|m| {
                let mut s = ModelState::new(m.position, &m.profile.tokens, m.hacked);
                // FIELD-8, DRONE-8: off-table models are not in play until they enter.
                s.in_play = m.entry == scenario::Entry::Table;
                s
            })
            .collect();
        let scen = ScenarioState::new(&setup);
        let fires = crate::optional::fire::Fires::at_setup(&setup); // FIRE-15
        let luck = crate::dice::luck::starting_luck(&setup);
        let (card_infos, cards) = crate::actions::hand::card_table(&setup);
        let control = setup.first_control;
        let mut h = Fnv::default();
        h.value(&setup);
        let model_team = setup
            .models
            .iter()
            .map(|m| team_of_seat[usize::from(m.owner.0)])
            .collect();
        let model_gonk = setup
            .models
            .iter()
            .map(|m| m.profile.is_gonk() || m.profile.is_drone())
            .collect();
        let model_drone = setup.models.iter().map(|m| m.profile.is_drone()).collect();
        let first_aid = setup
            .modules
            .contains(&crate::setup::modules::Module::Aid)
            .then(crate::optional::aid::first_aid_def);
        let sec_actions = crate::optional::sec::sec_actions(&setup);
        let security = crate::optional::sec::Security::from_setup(&setup);
        let bot_actions = if setup.modules.contains(&crate::setup::modules::Module::Bot) {
            crate::optional::bot::bot_action_defs()
        } else {
            Vec::new()
        };
        let mut st = Statics {
            unsecured: None,
            first_aid,
            sec_actions,
            bot_actions,
            drone_base: Vec::new(),
            model_team,
            model_gonk,
            model_drone,
            setup_hash: h.finish(),
            seed,
            basic: basic::basic_actions(),
            scenario_actions: crate::field::markers::scenario_actions(&setup.scenario),
            radius,
            team_of_seat,
            teams,
            setup,
            cards: card_infos,
        };
        st.drone_base = (0..st.cards.len())
            .map(|c| {
                let drone = st.program(CardId(c as u16))?.drone.as_deref()?;
                let runner = st.cards[c].origin?;
                let seat = st.setup.models.get(runner.index())?.owner;
                let team = *st.team_of_seat.get(usize::from(seat.0))?;
                Some((team, geometry::radius_from_mm(drone.base_mm)))
            })
            .collect();
        let st = Arc::new(st);
        let mut game = Game {
            st,
            models,
            luck,
            bodies: Vec::new(),
            cards,
            drones: Vec::new(),
            control,
            phase: Phase::AwaitControl,
            stack: Vec::new(),
            decision: None,
            dice,
            turns: 0,
            wounded: Vec::new(),
            reaction_limits: ReactionLimits::default(),
            outcome: None,
            events: Vec::new(),
            scen,
            climb: None,
            objects: Vec::new(),
            moved_space: None,
            damage: Default::default(),
            casualties: Default::default(),
            bot: Default::default(),
            fires,
            security,
            third: Default::default(),
            plan: Default::default(),
            moves: Default::default(),
        };
        match game.security_step() {
            // SEC-2: the defender places its security before anyone deploys.
            Some(seat) => game.phase = Phase::PlaceSecurity { seat },
            None => game.start_deployment(),
        }
        game.advance();
        game.third_force_plays(); // THIRD-4
        game.scen.opening = std::mem::take(&mut game.events);
        Ok(game)
    }

    /// The choice the game waits for; `None` once the game is over.
    pub fn decision(&self) -> Option<&Decision> {
        self.decision.as_ref()
    }

    /// Whether `cmd` is a legal answer to the current decision; the reason if not.
    pub fn check(&self, cmd: &Command) -> Result<(), RuleError> {
        self.prepare(cmd).map(|_| ())
    }

    /// Plays a command and returns what happened. A refused command changes nothing.
    pub fn apply(&mut self, cmd: Command) -> Result<Vec<Event>, RuleError> {
        // A reward gained at once answers no decision: the flow stays where it is (CAMP-11).
        if let Command::GainLuck { seat, luck } = cmd {
            return self.apply_gain_luck(seat, luck);
        }
        // The plan found when this very command was drawn on this very state, if it was
        // (`plan_cache.rs`); otherwise the full check.
        let prepared = match self.plan.take_for(&cmd) {
            Some(plan) => plan,
            None => self.prepare(&cmd)?,
        };
        self.events.clear();
        self.dice.clear_tape();
        // Room for a command's usual events up front: the list is handed out after each
        // command, so it starts empty every time.
        self.events.reserve(8);
        self.execute(cmd, prepared);
        self.advance();
        self.third_force_plays(); // THIRD-4: the engine answers its own decisions
        Ok(std::mem::take(&mut self.events))
    }

    /// A stable hash of the whole game state: the setup, every model, Luck, bodies,
    /// Control, what is being resolved, the pending decision and the dice generator's
    /// position. Equal states hash equal on every machine and in every run, so a replay can
    /// prove it reproduced a game (see `docs/decisions/rules-replay-and-hash.md`).
    pub fn state_hash(&self) -> u64 {
        let mut h = self.hash_without_dice();
        self.dice.hash_into(&mut h);
        h.finish()
    }

    /// Everything [`Game::state_hash`] mixes in but the dice generator.
    pub(crate) fn hash_without_dice(&self) -> Fnv {
        let mut h = Fnv::default();
        h.u64(self.st.setup_hash);
        h.value(&self.models);
        h.value(&self.luck);
        h.value(&self.bodies);
        h.value(&self.cards);
        h.value(&self.drones);
        h.value(&self.control);
        h.value(&self.phase);
        h.value(&self.stack);
        h.value(&self.decision);
        h.value(&self.turns);
        h.value(&self.wounded);
        h.value(&self.reaction_limits);
        h.value(&self.outcome);
        h.value(&self.scen);
        if let Some(climb) = &self.climb {
            h.value(climb); // only while a climb waits, so other hashes stay as they were
        }
        if !self.objects.is_empty() {
            h.value(&self.objects); // only once an object was dragged (MOVE-16)
        }
        if !self.damage.is_empty() {
            h.value(&self.damage); // only once scenery was breached (MOD-3, TERR-6)
        }
        if !self.casualties.is_empty() {
            h.value(&self.casualties); // only once a model was Downed (MOD-3, AID-1)
        }
        if !self.bot.is_empty() {
            h.value(&self.bot); // only while a construct is Haywire or short of Power (MOD-3)
        }
        if !self.fires.is_empty() {
            h.value(&self.fires); // only once something caught fire (MOD-3, FIRE-15)
        }
        if !self.security.is_empty() {
            h.value(&self.security); // only once security is placed (MOD-3, SEC-2)
        }
        if !self.third.is_empty() {
            h.value(&self.third); // only in a game with a third force (THIRD-1)
        }
        h
    }

    /// How the game ended, once it has.
    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    /// Loads forced die faces, used before the seeded generator (tests and scripts).
    pub fn load_dice(&mut self, faces: &[u8]) {
        self.plan.clear();
        self.dice.load(faces);
    }

    /// Gives this game fresh dice from `seed`, dropping any loaded faces. For search: a bot
    /// that plays ahead on a copy of the game reseeds the copy, so what it imagines never
    /// follows the real game's coming rolls.
    pub fn reseed_dice(&mut self, seed: u64) {
        self.plan.clear();
        self.dice = DiceBox::new(seed, &[]);
    }

    /// Loaded faces not yet rolled.
    pub fn loaded_dice_left(&self) -> usize {
        self.dice.loaded_left()
    }

    /// The seed the game's dice started from.
    pub fn seed(&self) -> u64 {
        self.st.seed
    }

    /// The setup as it stands: the one the game started from, with the security the
    /// defender placed in its security step (SEC-2) added: the plan, its sentries among the
    /// models and its fence sections among the scenery. A game started from it needs no
    /// security step.
    pub fn setup(&self) -> &Setup {
        &self.st.setup
    }

    /// The setup the game started from, before any security step: what its replay holds.
    pub fn starting_setup(&self) -> &Setup {
        self.st.unsecured.as_deref().unwrap_or(&self.st.setup)
    }

    /// The optional rule modules on in this game (MOD-1); empty in the core game (MOD-2).
    pub fn modules(&self) -> &crate::setup::modules::Modules {
        &self.st.setup.modules
    }

    /// Whether a module is on in this game (MOD-1, MOD-2).
    pub fn module_on(&self, module: crate::setup::modules::Module) -> bool {
        self.st.setup.modules.contains(&module)
    }

    /// The player who has Control (CTRL-1).
    pub fn control(&self) -> Seat {
        self.control
    }

    /// Whether a Gonk is stunned until its owner's next Inspire (KW-30).
    pub fn stunned(&self, model: ModelId) -> bool {
        self.state(model).stunned
    }

    /// The Active Model, if a model is active.
    pub fn active_model(&self) -> Option<ModelId> {
        match self.phase {
            Phase::Active { model, .. } => Some(model),
            _ => None,
        }
    }

    /// Whether a player is in the middle of Inspiring their team, and who.
    pub fn inspiring(&self) -> Option<Seat> {
        match self.phase {
            Phase::Inspire { seat } => Some(seat),
            _ => None,
        }
    }

    /// Turns of Control taken so far.
    pub fn turns(&self) -> u32 {
        self.turns
    }

    /// Number of models in the setup (in play or not).
    pub fn model_count(&self) -> usize {
        self.models.len()
    }

    /// A model's tokens (empty for Gonks).
    pub fn tokens(&self, model: ModelId) -> &[Token] {
        self.models[model.index()].tokens()
    }

    /// A model's healthy tokens: those no wound has turned RED (WOUND-2), a token printed RED
    /// included. What a limit counts after models in play (CTRL-21).
    pub fn healthy_tokens(&self, model: ModelId) -> usize {
        self.tokens(model)
            .iter()
            .filter(|t| t.colour == t.original)
            .count()
    }

    /// Whether the model is still on the table (WOUND-10).
    #[inline]
    pub fn in_play(&self, model: ModelId) -> bool {
        self.models[model.index()].in_play
    }

    /// Where the model stands.
    pub fn position(&self, model: ModelId) -> [f32; 3] {
        self.models[model.index()].pos
    }

    /// Hacked tokens on the model (BASIC-9).
    pub fn hacked(&self, model: ModelId) -> u8 {
        self.models[model.index()].hacked
    }

    /// Every token RED (WOUND-5).
    pub fn red_lined(&self, model: ModelId) -> bool {
        self.models[model.index()].red_lined()
    }

    /// A player's Luck tokens.
    pub fn luck(&self, seat: Seat) -> u8 {
        self.luck[usize::from(seat.0)]
    }

    /// The model's compiled card (a deployed drone's comes from its program).
    pub fn profile(&self, model: ModelId) -> &ModelProfile {
        match self.st.setup.models.get(model.index()) {
            Some(m) => &m.profile,
            None => self.drone_profile(model),
        }
    }

    /// The model's owner (a deployed drone's is its Netrunner's, DRONE-5).
    #[inline]
    pub fn owner(&self, model: ModelId) -> Seat {
        match self.st.setup.models.get(model.index()) {
            Some(m) => m.owner,
            None => self.drone_owner(model),
        }
    }

    /// A player's team.
    #[inline]
    pub fn team_of(&self, seat: Seat) -> TeamId {
        self.st.team_of_seat[usize::from(seat.0)]
    }

    /// Body tokens still on the table: id, whose body, where.
    pub fn bodies(&self) -> Vec<(BodyId, ModelId, [f32; 3])> {
        self.bodies
            .iter()
            .filter(|b| !b.looted)
            .map(|b| (b.id, b.model, b.at))
            .collect()
    }

    /// The action at `index` for this model: built-in first, then its own card's, then
    /// actions on Gear, Loot and program cards from [`FIRST_CARD_ACTION`] (TOK-12). Whether
    /// the model may use a card's action now is [`Game::actions_of`].
    pub fn action(&self, model: ModelId, index: u16) -> Option<&ActionDef> {
        self.action_in(&self.st, model, index)
    }

    /// [`Game::action`], borrowed from `st` (this game's shared statics, where every
    /// definition lives) instead of from the game: resolving an action holds its definition
    /// while the game changes, which otherwise needs a copy of it per action.
    pub(crate) fn action_in<'s>(
        &self,
        st: &'s Statics,
        model: ModelId,
        index: u16,
    ) -> Option<&'s ActionDef> {
        debug_assert!(std::ptr::eq(st, &*self.st), "another game's statics");
        if scenario::is_scenario_action(index) {
            return st.scenario_action(index);
        }
        if index == crate::optional::aid::FIRST_AID {
            return st.first_aid.as_ref();
        }
        if crate::optional::sec::is_sec_action(index) {
            return crate::optional::sec::sec_action(&st.sec_actions, index);
        }
        if crate::optional::bot::is_bot_action(index) {
            return crate::optional::bot::bot_action_def(st, index);
        }
        if index < basic::COUNT {
            st.basic.get(usize::from(index))
        } else if index < FIRST_CARD_ACTION {
            let k = usize::from(index - basic::COUNT);
            match st.setup.models.get(model.index()) {
                Some(m) => m.profile.actions.get(k),
                // A deployed drone's card is its program's (DRONE-2), as `profile` says.
                None => st
                    .program(self.drone_card(model))
                    .and_then(|p| p.drone.as_deref())
                    .expect("a deployed drone's program names its drone")
                    .actions
                    .get(k),
            }
        } else {
            st.card_action(index)
        }
    }

    /// How many actions the model has on its own card, built-in ones included (the
    /// indices below [`FIRST_CARD_ACTION`]); [`Game::actions_of`] adds its cards'.
    pub fn action_count(&self, model: ModelId) -> u16 {
        basic::COUNT + self.profile(model).actions.len() as u16
    }

    /// Closest-edge distance between two models (OPEN-1).
    pub fn distance(&self, a: ModelId, b: ModelId) -> f32 {
        geometry::distance(&self.base(a), &self.base(b))
    }

    /// Whether the closest distance between two models' bases is at most `inches` (OPEN-1),
    /// measured as every range and reach test of the rules measures it.
    pub fn within(&self, a: ModelId, b: ModelId, inches: f32) -> bool {
        geometry::within(&self.base(a), &self.base(b), inches)
    }

    /// Whether two models are within reach of each other (GEN-7): 1" or less apart, the
    /// test a Brawl is made of (BRAWL-1).
    pub fn within_reach(&self, a: ModelId, b: ModelId) -> bool {
        self.within(a, b, REACH)
    }

    /// Whether two models are rivals (GEN-4, CTRL-20).
    #[inline]
    pub fn rivals(&self, a: ModelId, b: ModelId) -> bool {
        self.model_team(a) != self.model_team(b) || self.haywire_rivals(a, b)
    }

    /// The team of the model's owner; a table lookup for the setup's models.
    #[inline]
    pub(crate) fn model_team(&self, m: ModelId) -> TeamId {
        match self.st.model_team.get(m.index()) {
            Some(t) => *t,
            None => self.team_of(self.owner(m)),
        }
    }

    /// Rivals in play within reach of the model: its Brawl (BRAWL-1). A model out of play
    /// (taken out, or not yet on the table) is in no Brawl.
    pub fn brawling_with(&self, model: ModelId) -> Vec<ModelId> {
        let mut out = Vec::new();
        if !self.in_play(model) {
            return out;
        }
        let me = self.base(model);
        for o in self.model_ids() {
            if o == model || !self.in_play(o) {
                continue;
            }
            // The base carries the model's team: a rival's differs (GEN-4).
            let them = self.base(o);
            if them.team != me.team && geometry::within(&me, &them, REACH) {
                out.push(o);
            }
        }
        out
    }

    pub(crate) fn model_ids(&self) -> impl Iterator<Item = ModelId> + use<> {
        (0..self.models.len() as u16).map(ModelId)
    }

    /// The model's base where it stands. Behind every distance, Brawl and move test, so a
    /// setup model's is read straight from the shared statics, inlined; a model deployed
    /// later (a drone) goes the long way.
    #[inline(always)]
    pub(crate) fn base(&self, m: ModelId) -> Base {
        let i = m.index();
        match (self.st.model_team.get(i), self.st.radius.get(i)) {
            (Some(team), Some(&radius)) => Base {
                id: u32::from(m.0),
                team: team.0,
                position: self.models[i].pos,
                radius,
            },
            _ => self.base_of_later_model(m),
        }
    }

    /// [`Game::base`] for a model that is not in the setup's list: a deployed drone, whose
    /// team and radius its program card gives.
    #[inline(never)]
    fn base_of_later_model(&self, m: ModelId) -> Base {
        let card = self.drone_card(m);
        if let Some(&Some((team, radius))) = self.st.drone_base.get(card.index()) {
            return Base {
                id: u32::from(m.0),
                team: team.0,
                position: self.models[m.index()].pos,
                radius,
            };
        }
        Base {
            id: u32::from(m.0),
            team: self.model_team(m).0,
            position: self.models[m.index()].pos,
            radius: self.radius(m),
        }
    }

    pub(crate) fn bases_in_play(&self) -> Bases {
        // On the stack for any usual table: this is listed for every move and placement
        // checked.
        let mut out = Bases::new();
        out.extend(
            self.model_ids()
                .filter(|&m| self.in_play(m))
                .map(|m| self.base(m)),
        );
        out
    }

    pub(crate) fn space(&self) -> &Battlespace {
        self.battlespace()
    }

    /// The battlespace as it stands now: the setup's, with every dragged object where it
    /// was put down (MOVE-16). Paths of Attack, routes and placements are checked on it.
    pub fn battlespace(&self) -> &Battlespace {
        self.moved_space
            .as_ref()
            .unwrap_or(&self.st.setup.battlespace)
    }

    /// Each dragged scenery object's id and total shift (x, y, z) from its setup place, in
    /// inches (MOVE-16, MOVE-21); empty while none has moved.
    pub fn moved_objects(&self) -> &[(u32, [f32; 3])] {
        &self.objects
    }

    /// Moves a dragged object (MOVE-16): its shift adds up and the battlespace is rebuilt
    /// from the setup's with every object's shift.
    fn move_object(&mut self, object: u32, by: [f32; 3]) {
        match self.objects.iter_mut().find(|(id, _)| *id == object) {
            Some((_, total)) => (0..3).for_each(|i| total[i] += by[i]),
            None => self.objects.push((object, by)),
        }
        self.rebuild_space();
    }

    /// Rebuilds the battlespace from the setup's: every dragged object where it was put
    /// down (MOVE-16), then every destroyed part or section gone, rubble in its place
    /// (TERR-8, TERR-17).
    pub(crate) fn rebuild_space(&mut self) {
        let mut space = self.st.setup.battlespace.clone();
        for (id, shift) in &self.objects {
            // Checked when the drag was planned: the piece is draggable.
            if let Ok(next) = space.with_object_shifted(redline_battlespace::SceneryId(*id), *shift)
            {
                space = next;
            }
        }
        let space = self.damage.apply_to(space);
        self.moved_space = Some(self.security.apply_cuts(space)); // SEC-16
        // Kept geometry answers assumed a fixed battlespace.
        self.plan = Default::default();
        self.moves = Default::default();
    }

    #[inline]
    pub(crate) fn is_gonk(&self, m: ModelId) -> bool {
        match self.st.model_gonk.get(m.index()) {
            Some(g) => *g,
            None => {
                let p = self.profile(m);
                p.is_gonk() || p.is_drone()
            }
        }
    }

    pub(crate) fn is_character(&self, m: ModelId) -> bool {
        !self.is_gonk(m)
    }

    pub(crate) fn seat_count(&self) -> usize {
        self.st.setup.players.len()
    }

    pub(crate) fn state(&self, m: ModelId) -> &ModelState {
        &self.models[m.index()]
    }

    /// The one place where board state changes: every change is an event, recorded for the
    /// viewer as it is applied. Be careful: flow code calls this and nothing else mutates
    /// models, Luck, bodies or Control.
    pub(crate) fn emit(&mut self, ev: Event) {
        self.apply_event(&ev);
        self.events.push(ev);
    }

    fn apply_event(&mut self, ev: &Event) {
        if self.st.setup.third_force.is_some() {
            self.third_force_hears(ev); // THIRD-3
        }
        match ev {
            Event::ThirdForce(e) => self.apply_third_force_event(e),
            Event::ControlPassed { to, .. } => self.control = *to,
            Event::ControlTaken { seat } => {
                // Each taking of Control, to Activate or to Inspire, is a turn (CTRL-21).
                self.turns += 1;
                self.control = *seat;
            }
            Event::TokenFlipped {
                model,
                token,
                ready,
            } => self.models[model.index()].token_mut(*token).ready = *ready,
            Event::HackedRemoved { model } => {
                let m = &mut self.models[model.index()];
                m.hacked = m.hacked.saturating_sub(1);
            }
            Event::LuckSpent { seat, left }
            | Event::LuckReturned { seat, left }
            | Event::LuckGained { seat, left, .. } => self.luck[usize::from(seat.0)] = *left,
            Event::Moved { model, to, .. } => self.models[model.index()].pos = *to,
            Event::ObjectMoved { object, by } => self.move_object(*object, *by),
            Event::Wounded { model, token, .. } => {
                self.models[model.index()].token_mut(*token).colour = Colour::Red
            }
            Event::TakenOut {
                model, body, at, ..
            } => {
                // AID-3: a model that was ever Downed was counted when it went down.
                let counted = self.been_downed(*model);
                self.casualties.lay_to_rest(*model);
                if !counted {
                    self.apply_scenario_event(ev);
                }
                self.models[model.index()].in_play = false;
                self.bodies.push(Body {
                    id: *body,
                    model: *model,
                    at: *at,
                    looted: false,
                });
            }
            Event::Healed {
                model,
                token,
                colour,
            } => self.models[model.index()].token_mut(*token).colour = *colour,
            Event::BodyLooted { body, .. } | Event::BodyScavenged { body, .. } => {
                if let Some(b) = self.bodies.iter_mut().find(|b| b.id == *body) {
                    b.looted = true;
                }
            }
            Event::ActionTaken { model, .. } => {
                if self.is_gonk(*model) && matches!(self.phase, Phase::Inspire { .. }) {
                    self.models[model.index()].gonk_acted = true;
                }
            }
            Event::GonkSkipped { model } => self.models[model.index()].gonk_acted = true,
            Event::InspireStarted { seat } => {
                for i in 0..self.models.len() {
                    if self.owner(ModelId(i as u16)) == *seat {
                        self.models[i].gonk_acted = false;
                    }
                }
            }
            Event::GameOver { outcome } => self.outcome = Some(outcome.clone()),
            Event::ArmorDiscarded { .. }
            | Event::CardTaken { .. }
            | Event::LootDrawn { .. }
            | Event::CardExhausted { .. }
            | Event::CardRefreshed { .. }
            | Event::CardDiscarded { .. }
            | Event::DifficultMarked { .. }
            | Event::DifficultCleared { .. } => self.apply_card_event(ev),
            Event::Pushed { model, to, .. } => self.models[model.index()].pos = *to,
            Event::Stunned { model, token } => {
                let m = &mut self.models[model.index()];
                match token {
                    Some(t) => m.token_mut(*t).ready = false,
                    None => m.stunned = true,
                }
            }
            Event::StunCleared { model } => self.models[model.index()].stunned = false,
            Event::Refreshed { model, token } => {
                self.models[model.index()].token_mut(*token).ready = true
            }
            Event::DefenseGained { model, skill, by } => {
                let d = &mut self.models[model.index()].gained_defense[skill.index()];
                *d = d.saturating_add(*by);
            }
            Event::DefenseExpired { model } => self.models[model.index()].gained_defense = [0; 6],
            Event::Activated { .. }
            | Event::Hacked { .. }
            | Event::MadeVulnerable { .. }
            | Event::VulnerableCleared { .. }
            | Event::ProgramRunning { .. }
            | Event::LaunchFailed { .. }
            | Event::ProgramReloaded { .. }
            | Event::DroneDeployed { .. }
            | Event::DroneTakenOut { .. } => self.apply_net_event(ev),
            Event::FirstControl { .. }
            | Event::Deployed { .. }
            | Event::Placed { .. }
            | Event::ReturnedToReserve { .. }
            | Event::MarkerSearched { .. }
            | Event::MarkerPickedUp { .. }
            | Event::MarkerDropped { .. }
            | Event::LeftTable { .. } => self.apply_scenario_event(ev),
            Event::InspireEnded { .. } => {
                self.apply_scenario_event(ev);
                self.apply_bot_event(ev);
                self.apply_fire_event(ev);
            }
            Event::ActivationEnded { .. }
            | Event::CpuRolled { .. }
            | Event::PowerLimited { .. }
            | Event::Bot(_) => self.apply_bot_event(ev),
            Event::FirstControlRoll { .. }
            | Event::NoRoomToDeploy { .. }
            | Event::DeploymentEnded { .. }
            | Event::QuartersCounted { .. }
            | Event::MarkersCounted { .. } => {}
            Event::DefenceChosen { .. }
            | Event::Rolled { .. }
            | Event::Rerolled { .. }
            | Event::RollDecided { .. }
            | Event::Crossed { .. }
            | Event::MoveStopped { .. }
            | Event::BrawlEntered { .. }
            | Event::BrawlLeft { .. }
            | Event::Fell { .. }
            | Event::RedLined { .. }
            | Event::ReactionDeclined { .. }
            | Event::NetrunnerStepsIn { .. }
            | Event::HazardFaced { .. }
            | Event::HazardSettled { .. }
            | Event::MemoryLeak { .. } => {}
            Event::DamageMarked { .. }
            | Event::SceneryDestroyed { .. }
            | Event::StoreyMarked { .. }
            | Event::StoreyCollapsed { .. } => self.apply_terr_event(ev),
            Event::Aid(aid) => self.apply_aid_event(aid),
            Event::Sec(sec) => self.apply_sec_event(sec),
            Event::SecurityStep(placed) => self.apply_security_step_event(*placed),
            Event::FireStarted { .. }
            | Event::FireOut { .. }
            | Event::InfernoStarted { .. }
            | Event::CompartmentSealed { .. } => self.apply_fire_event(ev),
            Event::AccurateReroll { .. }
            | Event::Repetition { .. }
            | Event::ImpactPlaced { .. }
            | Event::ImpactOnScenery { .. }
            | Event::ImpactMoved { .. }
            | Event::BlastArea { .. }
            | Event::BlastEscaped { .. }
            | Event::ImpactRemoved { .. } => {}
        }
    }
}

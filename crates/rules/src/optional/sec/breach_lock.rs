//! A Breach aimed at a locked door or window (SEC-8 with TERR on): the lock's Hardness
//! stands in for the part's (TERR-3), Structure 1, and a success unlocks the opening for
//! good and breaks the door or window, leaving a plain opening. A Breach Blast follows
//! TERR-7's order: its Impact token touches the door or window at its point nearest the
//! actor, its area resolves with the door still standing, and only then does a success
//! break it.

use crate::actions::ActionCtx;
use crate::flow::Step;
use crate::flow::contest::Contest;
use crate::ids::ModelId;
use crate::optional::terr::{LARGE_TARGET, breach_of, scenery_in_range};
use crate::protocol::error::{RuleError, refuse};
use crate::protocol::event::{Event, SecEvent};
use crate::protocol::rule::Rule;
use crate::setup::card::{ActionDef, Colour, Keyword};
use crate::setup::modules::Module;
use crate::setup::security::LockGrade;
use crate::state::Game;
use redline_battlespace::{PathOfAttack, PoaOptions, SceneryId};

impl Game {
    /// Whether the action is a Breach in a game with security: aimed at a door or window,
    /// it is checked and resolved as an attempt on its lock (SEC-8, TERR-1). Whether TERR
    /// is on is checked with the aim ([`Game::check_breach_on_lock`]).
    pub(crate) fn breaches_locks(&self, def: &ActionDef) -> bool {
        self.security_rules().is_some() && breach_of(def) > 0
    }

    /// Checks a Breach aimed at opening `opening` of wall `piece` (SEC-8, MOD-7): TERR on,
    /// not Brawling, in range, and a Path of Attack no barrier blocks.
    pub(crate) fn check_breach_on_lock(
        &self,
        m: ModelId,
        def: &ActionDef,
        piece: u32,
        opening: u8,
    ) -> Result<(), RuleError> {
        if !self.module_on(Module::Terr) {
            return refuse(
                Rule::Mod2,
                "A Breach opens a lock only with the damaging-scenery module (TERR) on",
            );
        }
        if !self.brawling_with(m).is_empty() {
            return refuse(Rule::Brawl2, "A Brawling model can't target scenery");
        }
        let near = self
            .space()
            .distance_to_opening_span(&self.base(m), SceneryId(piece), opening);
        let (Some(d), Some(poa)) = (near, self.path_to_lock(m, def, piece, opening)) else {
            return refuse(Rule::Sec7, "There is no such door or window");
        };
        // Range to the opening as for the lock actions: to its nearest edge (SEC-8).
        scenery_in_range(def, d, "The opening")?;
        self.scenery_cover(&poa).map(|_| ())
    }

    /// The Path of Attack to the middle of the opening (MOD-7): its wall adds nothing.
    fn path_to_lock(
        &self,
        m: ModelId,
        def: &ActionDef,
        piece: u32,
        opening: u8,
    ) -> Option<PathOfAttack> {
        let opts = PoaOptions {
            indirect: def.keywords.contains(&Keyword::Indirect),
            range: None,
        };
        let others = self.bases_in_play();
        self.space()
            .path_to_opening(&self.base(m), SceneryId(piece), opening, &others, opts)
    }

    /// What the Obstacle die adds against a Breach on the lock: its Hardness (TERR-3,
    /// SEC-5) plus the Path of Attack's modifiers (TERR-2).
    pub(crate) fn breach_lock_opposition(
        &self,
        m: ModelId,
        def: &ActionDef,
        (piece, opening): (u32, u8),
        grade: LockGrade,
    ) -> i16 {
        let cover = self
            .path_to_lock(m, def, piece, opening)
            .map_or(0, |p| p.modifier() as i16);
        grade.hardness() + cover
    }

    /// Opens a Breach on a lock found holding the opening (TERR-2): an Easy one breaks it
    /// with no roll (its X markers reach Structure 1); any other rolls the token's die plus
    /// Skill plus 2 against the Obstacle die plus the lock's Hardness and the Path of
    /// Attack's modifiers. A Breach Blast first puts its Impact token down touching the
    /// opening (TERR-7); an Easy one resolves its area against a fresh Obstacle die, then
    /// breaks the lock.
    pub(crate) fn open_breach_on_lock(
        &mut self,
        ctx: ActionCtx,
        def: &ActionDef,
        (colour, penalty): (Colour, i16),
        at: (u32, u8),
        grade: LockGrade,
    ) {
        let blast = def.keywords.contains(&Keyword::Blast);
        if blast {
            let point = self.impact_on_opening(ctx.actor, at);
            let section = self.section_of_opening(at);
            self.emit(Event::ImpactOnScenery {
                at: point,
                part: at.0,
                section,
            });
        }
        let Some(skill) = def.skill.filter(|_| !def.is_easy()) else {
            if blast {
                self.push_break_lock(ctx.actor, at);
                let point = self.impact_on_opening(ctx.actor, at);
                self.easy_blast_area(ctx, point);
                return;
            }
            self.break_lock(ctx.actor, at);
            return;
        };
        let actor = self.scenery_actor_side(ctx.actor, def, colour, skill, penalty);
        let against = self.breach_lock_opposition(ctx.actor, def, at, grade);
        self.push_obstacle_roll(ctx, &def.name, actor, against);
    }

    /// The Breach roll on a lock is settled: a win breaks it (SEC-8, Structure 1). For a
    /// Breach Blast (TERR-7) the area resolves first, against the actor's total without
    /// the +2, with the door still standing; on a miss the scenery's side may move the
    /// token (KW-9, MOD-8), on a Fumble it touches the actor (KW-10); a win breaks the lock
    /// once the area is done.
    pub(crate) fn finish_breach_on_lock(&mut self, ctx: &ActionCtx, c: &Contest, at: (u32, u8)) {
        let won = c.verdicts().first().copied().unwrap_or(false);
        let blast = self
            .action(ctx.actor, ctx.action)
            .is_some_and(|d| d.keywords.contains(&Keyword::Blast));
        if !blast {
            if won {
                self.break_lock(ctx.actor, at);
            }
            return;
        }
        if won {
            self.push_break_lock(ctx.actor, at);
        }
        let point = self.impact_on_opening(ctx.actor, at);
        self.blast_at_scenery(ctx.clone(), c, point, won);
    }

    /// The lock breaks once the Blast's area has resolved (TERR-7, step 2).
    fn push_break_lock(&mut self, by: ModelId, (piece, opening): (u32, u8)) {
        self.stack.push(Step::BreakLock { piece, opening, by });
    }

    /// The door or window is broken: unlocked for good, a plain opening left (SEC-8).
    pub(crate) fn break_lock(&mut self, by: ModelId, (piece, opening): (u32, u8)) {
        self.emit(Event::Sec(SecEvent::DoorBroken { piece, opening, by }));
    }

    /// Where the Impact token of a Breach Blast aimed at the opening lies (TERR-7):
    /// touching the door or window at its point nearest the actor.
    fn impact_on_opening(&self, m: ModelId, (piece, opening): (u32, u8)) -> [f32; 3] {
        self.space()
            .impact_point_on_opening(SceneryId(piece), opening, &self.base(m))
            .unwrap_or(self.position(m))
    }

    /// The wall section the opening is in (TERR-4), for the Impact token's event.
    fn section_of_opening(&self, (piece, opening): (u32, u8)) -> u8 {
        let id = SceneryId(piece);
        match (
            self.space().piece(id),
            self.space().opening_centre(id, opening),
        ) {
            (Some(p), Some([x, _, z])) => p.section_at(x, z),
            _ => 0,
        }
    }

    /// The actor's total against a lock, for the odds: Skill (none if Unwieldy) plus the
    /// Large Target bonus (MOD-7, TERR-2).
    pub(crate) fn breach_lock_bonus(&self, m: ModelId, def: &ActionDef) -> i16 {
        let skill = def
            .skill
            .filter(|_| !def.keywords.contains(&Keyword::Unwieldy))
            .map_or(0, |s| i16::from(self.skill(m, s)));
        skill + LARGE_TARGET
    }

    /// Whether the door or window was broken by a Breach (SEC-8): only a plain opening is
    /// left there.
    pub fn door_broken(&self, piece: u32, opening: u8) -> bool {
        self.security.broken.contains(&(piece, opening))
    }
}

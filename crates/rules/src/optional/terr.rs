//! TERR, damaging scenery (MODULES.md): Breach actions aimed at a scenery part or a wall's
//! section (MOD-7, TERR-1, TERR-4), the Breach roll (TERR-2, TERR-3), damage markers and
//! Structure (TERR-5, TERR-6), and destruction (TERR-8..TERR-10, TERR-16, TERR-17). Nothing
//! here runs unless the game has the module on (MOD-2).

use serde::Serialize;

use crate::actions::ActionCtx;
use crate::dice::Die;
use crate::flow::Step;
use crate::flow::contest::Contest;
use crate::geometry::Battlespace;
use crate::ids::ModelId;
use crate::odds::{Odds, OddsQuery};
use crate::protocol::command::{ActionCommand, Target};
use crate::protocol::error::{RuleError, refuse};
use crate::protocol::event::Event;
use crate::protocol::rule::Rule;
use crate::setup::card::{ActionDef, Colour, Keyword};
use crate::setup::modules::Module;
use crate::state::Game;
use redline_battlespace::{PoaOptions, SceneryId, SceneryPiece, SceneryShape};

/// The Large Target bonus an actor adds against scenery (MOD-7, TERR-2).
pub const LARGE_TARGET: i16 = 2;

/// The damage on the table: markers per part or section, and what was destroyed, in the
/// order it happened (MOD-3, TERR-6). Empty in a game where nothing was breached.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub(crate) struct SceneryDamage {
    /// Markers on each damaged part or section, in the order each was first damaged.
    marks: Vec<Marks>,
    /// Each destroyed part or section and the id of the rubble it left, in order.
    destroyed: Vec<Destroyed>,
    /// Markers on each damaged building storey (TERR-5), in the order each was first damaged.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(super) storeys: Vec<super::building::StoreyMarks>,
    /// Each collapse, in order (TERR-13).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(super) collapses: Vec<super::building::Collapse>,
}

/// Markers on one part or section (TERR-6: never removed).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
struct Marks {
    part: u32,
    section: u8,
    markers: u8,
}

/// A destroyed part or section (TERR-8).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
struct Destroyed {
    part: u32,
    section: u8,
    rubble: Option<u32>,
}

impl SceneryDamage {
    /// Whether nothing was ever breached (the hash leaves it out then).
    pub(crate) fn is_empty(&self) -> bool {
        self.marks.is_empty()
            && self.destroyed.is_empty()
            && self.storeys.is_empty()
            && self.collapses.is_empty()
    }

    /// The battlespace `space` with every destroyed part and section taken out, in the
    /// order they fell, then every collapsed storey (TERR-8, TERR-15, TERR-17).
    pub(crate) fn apply_to(&self, mut space: Battlespace) -> Battlespace {
        for d in &self.destroyed {
            // Checked when the part was aimed at: it is in the battlespace.
            if let Ok(next) = space.with_section_destroyed(SceneryId(d.part), d.section, d.rubble) {
                space = next;
            }
        }
        for c in &self.collapses {
            if let Ok(next) = space.with_collapse(c.building, c.storey, c.rubble) {
                space = next;
            }
        }
        space
    }
}

/// The Breach X of an action: the sum of its Breach keywords; 0 without one (TERR-1).
pub fn breach_of(def: &ActionDef) -> u8 {
    def.keywords
        .iter()
        .map(|k| if let Keyword::Breach(x) = k { *x } else { 0 })
        .fold(0u8, u8::saturating_add)
}

/// TERR-5's Structure of a part or section with no value of its own in the pack: 1 for a
/// wall's section, a Soft part or a part that fits in a 2"×2" square, else 2.
fn default_structure(piece: &SceneryPiece) -> u8 {
    let soft = piece.damage.is_some_and(|d| d.soft);
    if matches!(piece.shape, SceneryShape::Wall { .. }) || soft || piece.fits_in_square(2.0) {
        1
    } else {
        2
    }
}

impl Game {
    /// Damage markers on a scenery part, or on section `section` of a wall (TERR-6).
    pub fn damage_markers(&self, part: u32, section: u8) -> u8 {
        self.damage
            .marks
            .iter()
            .find(|m| m.part == part && m.section == section)
            .map_or(0, |m| m.markers)
    }

    /// Whether the part, or that section of a wall, was destroyed (TERR-8).
    pub fn scenery_destroyed(&self, part: u32, section: u8) -> bool {
        self.storey_collapsed_under(part)
            || self
                .damage
                .destroyed
                .iter()
                .any(|d| d.part == part && (d.section == section || !self.is_wall(part)))
    }

    /// The markers that destroy the part or each of its sections (TERR-5); `None` for a
    /// part that can't be targeted (Immune, TERR-3) or a game with TERR off (MOD-2).
    pub fn structure(&self, part: u32) -> Option<u8> {
        if !self.module_on(Module::Terr) {
            return None;
        }
        let piece = self.st.setup.battlespace.piece(SceneryId(part))?;
        let data = piece.damage?;
        if let Some(storey) = piece.storey {
            return Some(storey.structure); // TERR-5: a building storey's
        }
        Some(data.structure.unwrap_or_else(|| default_structure(piece)))
    }

    fn is_wall(&self, part: u32) -> bool {
        self.st
            .setup
            .battlespace
            .piece(SceneryId(part))
            .is_some_and(|p| matches!(p.shape, SceneryShape::Wall { .. }))
    }

    /// Every part and section a Breach action of `m` could aim at: damageable and still
    /// standing (TERR-3, TERR-4, TERR-8). Empty with TERR off (MOD-2).
    pub(crate) fn scenery_targets(&self, m: ModelId, def: &ActionDef) -> Vec<Target> {
        if !self.module_on(Module::Terr) || breach_of(def) == 0 {
            return Vec::new();
        }
        let me = self.base(m);
        let mut out = Vec::new();
        for piece in self.st.setup.battlespace.pieces() {
            if piece.damage.is_none() {
                continue;
            }
            for section in 0..piece.section_count() {
                if self.scenery_destroyed(piece.id.0, section) {
                    continue;
                }
                let near = self
                    .space()
                    .distance_to_section(&me, piece.id, section)
                    .is_some_and(|d| def.range.is_none_or(|r| r.allows(d)));
                if near {
                    out.push(Target::Scenery {
                        part: piece.id.0,
                        section,
                    });
                }
            }
        }
        out
    }

    /// Checks a Breach action aimed at section `section` of scenery part `part` (MOD-7,
    /// TERR-1..TERR-4, BRAWL-2) and returns the Path of Attack's modifier to the Breach roll.
    pub(crate) fn check_scenery_target(
        &self,
        m: ModelId,
        def: &ActionDef,
        part: u32,
        section: u8,
        brawl: &[ModelId],
    ) -> Result<i16, RuleError> {
        if self.ignites_scenery(def) {
            return self.check_ignite_target(m, def, part, section, brawl); // FIRE-2
        }
        if !self.module_on(Module::Terr) {
            return refuse(
                Rule::Mod2,
                "Scenery can only be targeted with the damaging-scenery module (TERR) on",
            );
        }
        if breach_of(def) == 0 {
            return refuse(
                Rule::Terr1,
                format!(
                    "{} has no Breach keyword, so it can't target scenery",
                    def.name
                ),
            );
        }
        let Some(piece) = self.space().piece(SceneryId(part)).cloned().or_else(|| {
            // A part destroyed whole has left the battlespace.
            self.st.setup.battlespace.piece(SceneryId(part)).cloned()
        }) else {
            return refuse(Rule::Mod7, "No scenery part has that id");
        };
        if section >= piece.section_count() {
            return refuse(
                Rule::Terr4,
                format!(
                    "The {} has {} section(s): there is no section {}",
                    piece.name,
                    piece.section_count(),
                    section
                ),
            );
        }
        if self.storey_collapsed_under(part) {
            return refuse(
                Rule::Terr15,
                format!("The {} fell when its storey collapsed", piece.name),
            );
        }
        if self.scenery_destroyed(part, section) {
            return refuse(
                Rule::Terr8,
                format!("That part of the {} is already destroyed", piece.name),
            );
        }
        if piece.damage.is_none() {
            return refuse(
                Rule::Terr3,
                format!("The {} is Immune: it can't be targeted", piece.name),
            );
        }
        if !brawl.is_empty() {
            return refuse(Rule::Brawl2, "A Brawling model can't target scenery");
        }
        let me = self.base(m);
        let id = SceneryId(part);
        let Some(d) = self.space().distance_to_section(&me, id, section) else {
            return refuse(Rule::Mod7, "No scenery part has that id");
        };
        if def.range.is_some_and(|r| r.reach_only) && d > 1.0 {
            return refuse(
                Rule::Terr2,
                format!(
                    "{} is Melee: the part must be within reach ({d:.1}\" away)",
                    def.name
                ),
            );
        }
        scenery_in_range(def, d, "The part")?;
        let poa = self.path_to_part(m, def, id, section);
        self.scenery_cover(&poa)
    }

    /// What a clear Path of Attack to scenery adds to the Obstacle die; refused when a
    /// barrier blocks it (POA-8).
    pub(crate) fn scenery_cover(
        &self,
        poa: &redline_battlespace::PathOfAttack,
    ) -> Result<i16, RuleError> {
        if let Some(blocker) = poa.blocked_by {
            let name = self.space().piece_name(blocker).to_owned();
            return refuse(
                Rule::Poa8,
                format!("The Path of Attack crosses the barrier '{name}'"),
            );
        }
        Ok(poa.modifier() as i16)
    }

    /// The Path of Attack from `m` to the section (MOD-7): to its nearest point, the part
    /// itself adding nothing.
    fn path_to_part(
        &self,
        m: ModelId,
        def: &ActionDef,
        id: SceneryId,
        section: u8,
    ) -> redline_battlespace::PathOfAttack {
        let opts = PoaOptions {
            indirect: def.keywords.contains(&Keyword::Indirect),
            range: None,
        };
        let others = self.bases_in_play();
        self.space()
            .path_to_section(&self.base(m), id, section, &others, opts)
            .expect("a checked scenery target")
    }

    /// The Breach roll's opposing modifier: the target's Hardness plus the Path of
    /// Attack's modifiers (TERR-2, TERR-3), smoke among them (FIRE-12).
    fn breach_opposition(&self, m: ModelId, def: &ActionDef, part: u32, section: u8) -> i16 {
        let id = SceneryId(part);
        let hardness = self
            .space()
            .piece(id)
            .and_then(|p| p.damage)
            .map_or(0, |d| i16::from(d.hardness));
        let cover = self.path_to_part(m, def, id, section).modifier() as i16;
        let smoke = self.smoke_to_scenery(m, part, section).len() as i16;
        hardness + cover + smoke
    }

    /// Opens a Breach action aimed at scenery (TERR-2): an Easy one places X markers with no
    /// roll; any other rolls the token's die plus Skill plus 2 (Large Target) against the
    /// Obstacle die plus Hardness plus the Path of Attack's modifiers.
    pub(crate) fn open_breach(
        &mut self,
        ctx: ActionCtx,
        def: &ActionDef,
        colour: Colour,
        penalty: i16,
        (part, section): (u32, u8),
    ) {
        let m = ctx.actor;
        if def.keywords.contains(&Keyword::Blast) {
            // TERR-7: the token goes down touching the part, at its point nearest the actor.
            let at = self.impact_on_scenery(m, part, section);
            self.emit(Event::ImpactOnScenery { at, part, section });
        }
        let Some(skill) = def.skill.filter(|_| !def.is_easy()) else {
            if def.keywords.contains(&Keyword::Blast) {
                // An Easy Breach Blast: the area rolls against a fresh Obstacle die first.
                self.stack.push(Step::Breach {
                    part,
                    section,
                    markers: breach_of(def),
                });
                self.easy_blast_area(ctx, self.impact_on_scenery(m, part, section));
                return;
            }
            self.place_markers(part, section, breach_of(def));
            return;
        };
        let actor = self.scenery_actor_side(m, def, colour, skill, penalty);
        let against = self.breach_opposition(m, def, part, section);
        self.push_obstacle_roll(ctx, &def.name, actor, against);
    }

    /// The actor's side of a roll aimed at scenery (MOD-7, TERR-2, FIRE-2): the token's die
    /// plus Skill (none if Unwieldy), `penalty` and 2 for a large target; Accurate re-rolls.
    pub(crate) fn scenery_actor_side(
        &self,
        m: ModelId,
        def: &ActionDef,
        colour: Colour,
        skill: crate::setup::card::Skill,
        penalty: i16,
    ) -> crate::flow::contest::Side {
        let add_skill = !def.keywords.contains(&Keyword::Unwieldy);
        let mut actor = self.actor_side(m, colour, skill, add_skill);
        actor.base_modifier += penalty + LARGE_TARGET;
        actor.modifier += penalty + LARGE_TARGET;
        actor.accurate = def.keywords.contains(&Keyword::Accurate);
        actor
    }

    /// The Breach roll is settled: on a success X markers, X+1 on a Crit; none on a failure
    /// (TERR-2). A Breach Blast resolves its area first, with the scenery as it stood, and
    /// places its markers after (TERR-7).
    pub(crate) fn finish_breach(
        &mut self,
        ctx: ActionCtx,
        def: &ActionDef,
        c: &Contest,
        (part, section): (u32, u8),
    ) {
        let hit = c.verdicts().first().copied().unwrap_or(false);
        let markers = breach_of(def).saturating_add(u8::from(c.actor.roll().is_crit()));
        if !def.keywords.contains(&Keyword::Blast) {
            if hit {
                self.place_markers(part, section, markers);
            }
            return;
        }
        if hit {
            self.stack.push(Step::Breach {
                part,
                section,
                markers,
            });
        }
        let at = self.impact_on_scenery(ctx.actor, part, section);
        self.blast_at_scenery(ctx, c, at, hit);
    }

    /// Where the Impact token of a Blast aimed at the section lies (TERR-7).
    fn impact_on_scenery(&self, m: ModelId, part: u32, section: u8) -> [f32; 3] {
        self.space()
            .impact_point_on_section(SceneryId(part), section, &self.base(m))
            .unwrap_or(self.position(m))
    }

    /// Puts `n` markers on the part or section; once they reach its Structure it is
    /// destroyed (TERR-5, TERR-8).
    pub(crate) fn place_markers(&mut self, part: u32, section: u8, n: u8) {
        if n == 0 {
            return;
        }
        if let Some(storey) = self.space().piece(SceneryId(part)).and_then(|p| p.storey) {
            self.mark_storey(storey, part, section, n);
            return;
        }
        let total = self.damage_markers(part, section).saturating_add(n);
        self.emit(Event::DamageMarked {
            part,
            section,
            markers: n,
            total,
        });
        if self.structure(part).is_some_and(|s| total >= s) {
            self.destroy_scenery(part, section);
        }
    }

    /// Destroys a part or section (TERR-8..TERR-10): it leaves the battlespace with its
    /// rubble in its place, the models on it fall, the models within reach are Shaken, and
    /// parts that rested only on it go with it.
    pub(super) fn destroy_scenery(&mut self, part: u32, section: u8) {
        let id = SceneryId(part);
        let before = self.space().clone();
        let Some(piece) = before.piece(id).cloned() else {
            return;
        };
        let within_reach: Vec<ModelId> = self
            .model_ids()
            .filter(|&o| self.in_play(o))
            .filter(|&o| before.section_within_reach(&self.base(o), id, section))
            .collect();
        let on_top: Vec<ModelId> = self
            .model_ids()
            .filter(|&o| self.in_play(o) && before.standing_on(&self.base(o)) == Some(id))
            .collect();
        let rubble = piece
            .damage
            .is_some_and(|d| d.rubble)
            .then(|| self.next_scenery_id());
        self.emit(Event::SceneryDestroyed {
            part,
            section,
            rubble,
        });
        self.fires_follow_the_table(); // FIRE-14
        // TERR-8, MOVE-19: a model that stood on it falls to the surface below.
        for o in on_top {
            self.fall_from_scenery(o);
        }
        // TERR-9: Shaken, Stun 1 (KW-29; a Gonk as in KW-30).
        for o in within_reach.into_iter().rev() {
            self.stack.push(Step::Stun { model: o, left: 1 });
        }
        // TERR-10: a part resting only on what fell goes with it. A hole in a building's
        // wall brings nothing down: the storey stands until it collapses (TERR-12, TERR-13).
        if piece.storey.is_some() {
            return;
        }
        for upper in self.unsupported_parts(&before, &piece) {
            if !self.scenery_destroyed(upper, 0) {
                self.destroy_scenery(upper, 0);
            }
        }
    }

    /// A model left standing over nothing falls to the surface below (TERR-8, MOVE-19);
    /// with no Opposed Roll its wound follows WOUND-7.
    pub(super) fn fall_from_scenery(&mut self, o: ModelId) {
        let from = self.position(o);
        let level = self.space().level_at(from[0], from[2], from[1]);
        let height = from[1] - level;
        if height <= 1e-3 {
            return;
        }
        let to = [from[0], level, from[2]];
        self.emit(Event::Moved {
            model: o,
            from,
            to,
            route: Vec::new(),
        });
        self.fall(o, height, None);
    }

    /// Parts of the setup whose foot rested on `fallen` and now stands on nothing (TERR-10).
    pub(super) fn unsupported_parts(
        &self,
        before: &Battlespace,
        fallen: &SceneryPiece,
    ) -> Vec<u32> {
        before
            .pieces()
            .iter()
            .filter(|p| p.id != fallen.id && p.base > 0.05)
            .filter(|p| (p.base - fallen.top()).abs() <= 0.05 && p.footprint_overlaps(fallen))
            .filter(|p| {
                let [x, z] = p.centre();
                self.space().level_at(x, z, p.base + 0.05) < p.base - 0.05
            })
            .filter(|p| p.damage.is_some())
            .map(|p| p.id.0)
            .collect()
    }

    /// A fresh piece id for rubble: past every id of the setup and of rubble before it.
    pub(super) fn next_scenery_id(&self) -> u32 {
        let setup = self.st.setup.battlespace.pieces().iter().map(|p| p.id.0);
        let rubble = self.damage.destroyed.iter().filter_map(|d| d.rubble);
        let collapses = self.damage.collapses.iter().map(|c| c.rubble);
        setup
            .chain(rubble)
            .chain(collapses)
            .max()
            .map_or(0, |m| m + 1)
    }

    /// Applies a TERR event to the state (MOD-3): markers, destruction and the battlespace
    /// it leaves.
    pub(crate) fn apply_terr_event(&mut self, ev: &Event) {
        match *ev {
            Event::DamageMarked {
                part,
                section,
                total,
                ..
            } => match self
                .damage
                .marks
                .iter_mut()
                .find(|m| m.part == part && m.section == section)
            {
                Some(m) => m.markers = total,
                None => self.damage.marks.push(Marks {
                    part,
                    section,
                    markers: total,
                }),
            },
            Event::SceneryDestroyed {
                part,
                section,
                rubble,
            } => {
                self.damage.destroyed.push(Destroyed {
                    part,
                    section,
                    rubble,
                });
                self.rebuild_space();
            }
            _ => self.apply_building_event(ev),
        }
    }

    /// The chance that a Breach action command succeeds (TERR-2): the odds of the actor's
    /// die plus Skill plus 2 beating the Obstacle die plus Hardness plus the Path of
    /// Attack's modifiers (smoke too, FIRE-12), Luck left out; certain for an Easy action. Refused as the
    /// command would be.
    pub fn breach_odds(&self, cmd: &ActionCommand) -> Result<Odds, RuleError> {
        let Target::Scenery { part, section } = cmd.target else {
            return refuse(Rule::Mod7, "Breach odds are for an action aimed at scenery");
        };
        let plan = self.plan_action(cmd, None)?;
        let def = self.action(cmd.model, cmd.action).expect("checked action");
        let Some(skill) = def.skill.filter(|_| !def.is_easy()) else {
            // TOK-8: an Easy action succeeds with no roll.
            return Ok(Odds {
                success: 1.0,
                ..Odds::default()
            });
        };
        let add = if def.keywords.contains(&Keyword::Unwieldy) {
            0
        } else {
            i16::from(self.skill(cmd.model, skill))
        };
        let against = self.breach_opposition(cmd.model, def, part, section);
        Ok(OddsQuery::new(
            Die::Action(plan.colour),
            add + LARGE_TARGET,
            Die::Obstacle,
            against,
        )
        .without_luck()
        .odds())
    }
}

/// An action aimed at scenery `d` inches away (`what`, "The part") needs a range that
/// reaches it (ACT-5, ACT-6); one with no range can't be aimed at all (ACT-7).
pub(crate) fn scenery_in_range(def: &ActionDef, d: f32, what: &str) -> Result<(), RuleError> {
    match def.range {
        None => refuse(
            Rule::Act7,
            format!("{} has no range: it can't be aimed at scenery", def.name),
        ),
        Some(r) if !r.allows(d) => {
            let rule = if r.max_inches() < d {
                Rule::Act5
            } else {
                Rule::Act6
            };
            refuse(
                rule,
                format!("{what} is {d:.1}\" away: out of {}'s range", def.name),
            )
        }
        Some(_) => Ok(()),
    }
}

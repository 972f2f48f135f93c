//! Aiming an Ignite action at scenery (FIRE-2, MOD-7): at a flammable part in no storey,
//! or at a building compartment through one of its doors or windows. The roll is the
//! action's die plus Skill plus 2 (Large Target) against the Obstacle die plus the Path of
//! Attack's modifiers, with no Hardness. A Blast's Impact token then goes touching the
//! part, or inside the compartment within reach of the opening; its area and the fires it
//! starts resolve as any Blast's (FIRE-1, FIRE-3). An Ignite Torrent aimed the same way runs
//! its strip toward the part or opening and targets the models in it, with no roll against
//! the scenery (it would decide nothing: the fires start whatever the roll).
//!
//! The command names the compartment by a wall of its storey and, as `section`, the index
//! of the opening in that wall (`Target::Scenery { part, section }`).

use redline_battlespace::{PoaOptions, SceneryId};

use super::ignite_of;
use crate::actions::ActionCtx;
use crate::flow::contest::Contest;
use crate::ids::ModelId;
use crate::optional::terr::breach_of;
use crate::protocol::command::Target;
use crate::protocol::error::{RuleError, refuse};
use crate::protocol::event::Event;
use crate::protocol::rule::Rule;
use crate::setup::card::{ActionDef, Colour, Keyword};
use crate::setup::modules::Module;
use crate::state::Game;

/// What an Ignite Torrent aimed at scenery would do ([`Game::ignite_torrent_preview`]).
#[derive(Debug, Clone, PartialEq)]
pub struct IgniteTorrentPreview {
    /// The models its strip targets, nearest first: each opposes the actor's total (KW-32).
    pub targets: Vec<ModelId>,
    /// The compartments and parts in no storey it sets alight, whatever its roll (FIRE-3).
    pub catches: Vec<super::FirePlace>,
}

impl Game {
    /// Whether `def` aimed at scenery is an Ignite aim (FIRE-2): FIRE is on and the action
    /// has Ignite with Blast or Torrent, and it is not a Breach the damaging-scenery module
    /// reads.
    pub(crate) fn ignites_scenery(&self, def: &ActionDef) -> bool {
        self.module_on(Module::Fire)
            && ignite_of(def).is_some()
            && (def.keywords.contains(&Keyword::Blast) || def.keywords.contains(&Keyword::Torrent))
            && !(self.module_on(Module::Terr) && breach_of(def) > 0)
    }

    /// Whether `def` aimed at scenery is an Ignite Torrent (FIRE-2): its strip runs toward
    /// the part or opening and targets the models in it, with no roll against the scenery.
    pub(crate) fn ignites_with_torrent(&self, def: &ActionDef) -> bool {
        self.ignites_scenery(def)
            && def.keywords.contains(&Keyword::Torrent)
            && !def.keywords.contains(&Keyword::Blast)
    }

    /// The point an Ignite Torrent of `m` aimed at scenery runs toward (FIRE-2), as a foot
    /// position: the middle of the door or window, or the part's point nearest the actor.
    pub(crate) fn ignite_aim_point(&self, m: ModelId, part: u32, section: u8) -> [f32; 3] {
        let id = SceneryId(part);
        let space = self.space();
        let at = match space.piece(id).and_then(|p| p.storey) {
            Some(_) => space.opening_place(id, section).map(|o| {
                let mid = o.sill[1] + (o.opening.top - o.opening.bottom) / 2.0;
                [
                    o.sill[0],
                    mid - redline_battlespace::MODEL_HEIGHT / 2.0,
                    o.sill[2],
                ]
            }),
            None => space.impact_point_on_section(id, 0, &self.base(m)),
        };
        at.unwrap_or(self.position(m))
    }

    /// What an Ignite Torrent aimed at scenery would do (FIRE-2, FIRE-3), as the engine
    /// would resolve it: the models its strip targets, nearest first, and the places it
    /// would set alight. Refused as the command would be.
    pub fn ignite_torrent_preview(
        &self,
        cmd: &crate::protocol::command::ActionCommand,
    ) -> Result<IgniteTorrentPreview, RuleError> {
        let Target::Scenery { part, section } = cmd.target else {
            return refuse(
                Rule::Fire2,
                "An Ignite Torrent preview is for an aim at scenery",
            );
        };
        self.plan_action(cmd, None)?;
        let def = self.action(cmd.model, cmd.action).expect("checked action");
        if !self.ignites_with_torrent(def) {
            return refuse(
                Rule::Fire2,
                format!("{} is not an Ignite Torrent", def.name),
            );
        }
        let at = self.ignite_aim_point(cmd.model, part, section);
        let range = def.range.map(|r| r.max_inches()).filter(|r| r.is_finite());
        let meets = self.space().torrent_fuel(&self.base(cmd.model), at, range);
        let catches = meets
            .compartments
            .into_iter()
            .map(super::FirePlace::compartment)
            .chain(
                meets
                    .parts
                    .into_iter()
                    .map(|SceneryId(p)| super::FirePlace::Part(p)),
            )
            .collect();
        Ok(IgniteTorrentPreview {
            targets: self.torrent_models(cmd.model, def, at).0,
            catches,
        })
    }

    /// Every flammable part in no storey and every opening of a flammable compartment an
    /// Ignite Blast of `m` could aim at (FIRE-2): in range and with a Path of Attack no
    /// barrier blocks. Empty with FIRE off (MOD-2).
    pub(crate) fn ignite_targets(&self, m: ModelId, def: &ActionDef) -> Vec<Target> {
        if !self.ignites_scenery(def) {
            return Vec::new();
        }
        let mut out = Vec::new();
        for piece in self.space().pieces() {
            let aims: Vec<u8> = match piece.storey {
                None if piece.fuel.is_some() => vec![0],
                Some(_) if piece.fuel.is_some() => (0..piece.openings.len() as u8).collect(),
                _ => Vec::new(),
            };
            for section in aims {
                let part = piece.id.0;
                if self.check_ignite_target(m, def, part, section, &[]).is_ok() {
                    out.push(Target::Scenery { part, section });
                }
            }
        }
        out
    }

    /// Checks an Ignite action aimed at scenery (FIRE-2, MOD-7, BRAWL-2) and returns the
    /// Path of Attack's modifier to the roll.
    pub(crate) fn check_ignite_target(
        &self,
        m: ModelId,
        def: &ActionDef,
        part: u32,
        section: u8,
        brawl: &[ModelId],
    ) -> Result<i16, RuleError> {
        if !brawl.is_empty() {
            return refuse(Rule::Brawl2, "A Brawling model can't target scenery");
        }
        let Some(piece) = self.space().piece(SceneryId(part)) else {
            return refuse(Rule::Mod7, "No scenery part has that id");
        };
        if piece.fuel.is_none() {
            return refuse(
                Rule::Fire2,
                format!(
                    "The {} is not flammable: nothing there to set alight",
                    piece.name
                ),
            );
        }
        let me = self.base(m);
        let opts = PoaOptions {
            indirect: def.keywords.contains(&Keyword::Indirect),
            range: None,
        };
        let others = self.bases_in_play();
        let id = SceneryId(part);
        let poa = if piece.storey.is_some() {
            if usize::from(section) >= piece.openings.len() {
                return refuse(
                    Rule::Fire2,
                    format!(
                        "A compartment is aimed at through a door or window: the {} has {} \
                         opening(s)",
                        piece.name,
                        piece.openings.len()
                    ),
                );
            }
            self.space()
                .path_to_opening(&me, id, section, &others, opts)
        } else {
            if section != 0 {
                return refuse(Rule::Fire2, format!("The {} is one part", piece.name));
            }
            self.space().path_to_section(&me, id, 0, &others, opts)
        };
        let Some(poa) = poa else {
            return refuse(Rule::Mod7, "No scenery part has that id");
        };
        crate::optional::terr::scenery_in_range(def, poa.distance, "The aim")?;
        self.scenery_cover(&poa)
    }

    /// Where the Impact token of an Ignite Blast aimed at scenery goes on a success
    /// (FIRE-2): touching the part at its point nearest the actor, or inside the
    /// compartment within reach of the opening.
    pub(crate) fn ignite_impact(&self, m: ModelId, part: u32, section: u8) -> [f32; 3] {
        let id = SceneryId(part);
        let space = self.space();
        let at = match space.piece(id).and_then(|p| p.storey) {
            Some(_) => space.impact_through_opening(id, section),
            None => space.impact_point_on_section(id, 0, &self.base(m)),
        };
        at.unwrap_or(self.position(m))
    }

    /// Opens an Ignite Blast aimed at scenery (FIRE-2): an Easy one puts its token down with
    /// no roll and its area rolls against a fresh Obstacle die; any other rolls the token's
    /// die plus Skill plus 2 (Large Target) against the Obstacle die plus the Path of
    /// Attack's modifiers.
    pub(crate) fn open_ignite(
        &mut self,
        ctx: ActionCtx,
        def: &ActionDef,
        colour: Colour,
        penalty: i16,
        (part, section): (u32, u8),
    ) {
        let m = ctx.actor;
        let at = self.ignite_impact(m, part, section);
        let Some(skill) = def.skill.filter(|_| !def.is_easy()) else {
            self.emit(Event::ImpactOnScenery { at, part, section });
            self.easy_blast_area(ctx, at);
            return;
        };
        let actor = self.scenery_actor_side(m, def, colour, skill, penalty);
        let brawl = self.brawling_with(m);
        let cover = self
            .check_ignite_target(m, def, part, section, &brawl)
            .unwrap_or(0);
        self.push_obstacle_roll(ctx, &def.name, actor, cover);
    }

    /// The roll of an Ignite Blast aimed at scenery is settled (FIRE-2): on a success the
    /// token goes where [`Game::ignite_impact`] says; on a miss the scenery's side may move
    /// it (KW-9, MOD-8), on a Fumble it touches the actor (KW-10). The area resolves against
    /// the actor's total without the +2, then the fires start (FIRE-1, FIRE-3).
    pub(crate) fn finish_ignite(
        &mut self,
        ctx: ActionCtx,
        c: &Contest,
        (part, section): (u32, u8),
    ) {
        let hit = c.verdicts().first().copied().unwrap_or(false);
        let at = self.ignite_impact(ctx.actor, part, section);
        if hit {
            self.emit(Event::ImpactOnScenery { at, part, section });
        }
        self.blast_at_scenery(ctx, c, at, hit);
    }
}

//! Wire Cutters (SEC-16): a model carrying them may Cut a fence section within reach, an
//! Easy, Complex action that opens a gap of free passage (MOVE-13) through the fence,
//! centred on its point nearest the model. The gaps are game state (MOD-3) and the
//! battlespace every later move and Path of Attack is checked on has them.

use serde::Serialize;

use crate::geometry::Battlespace;
use crate::ids::ModelId;
use crate::odds::Odds;
use crate::optional::sec::CUT_FENCE;
use crate::protocol::command::{ActionCommand, Target};
use crate::protocol::error::{RuleError, refuse};
use crate::protocol::event::{Event, SecEvent};
use crate::protocol::rule::Rule;
use crate::setup::cards::Ability;
use crate::state::Game;
use redline_battlespace::{SceneryId, SceneryShape};

/// The narrowest gap a Cut opens, in inches (SEC-16).
pub const CUT_WIDTH: f32 = 1.5;

/// What a Cut adds to the cutter's base diameter when that is wider (SEC-16).
const CUT_MARGIN: f32 = 0.25;

/// A gap cut through a fence: the piece, and where the gap runs along it (SEC-16).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub(crate) struct FenceGap {
    piece: u32,
    from: f32,
    to: f32,
}

impl super::Security {
    /// The battlespace `space` with every gap cut so far, in the order they were cut.
    pub(crate) fn apply_cuts(&self, mut space: Battlespace) -> Battlespace {
        for gap in &self.cuts {
            // Checked when the Cut was aimed: the fence is in the battlespace.
            if let Ok(next) = space.with_gap(SceneryId(gap.piece), (gap.from, gap.to)) {
                space = next;
            }
        }
        space
    }
}

impl Game {
    /// Whether the model holds Wire Cutters on a Ready card (SEC-16).
    pub fn has_wire_cutters(&self, m: ModelId) -> bool {
        self.abilities(m).any(|a| a == Ability::WireCutters)
    }

    /// The width of the gap the model's Cut opens: 1.5", or its base diameter plus 0.25"
    /// if that is wider (SEC-16).
    pub fn cut_width(&self, m: ModelId) -> f32 {
        CUT_WIDTH.max(2.0 * self.base(m).radius + CUT_MARGIN)
    }

    /// Every fence section the model could Cut now: none without Wire Cutters (SEC-16).
    pub(crate) fn cut_targets(&self, m: ModelId, action: u16) -> Vec<Target> {
        if action != CUT_FENCE || !self.has_wire_cutters(m) {
            return Vec::new();
        }
        let me = self.base(m);
        let mut out = Vec::new();
        for piece in self.space().pieces() {
            if self.fence_kind(piece.id.0).is_none() {
                continue;
            }
            for section in 0..piece.section_count() {
                if self.space().section_within_reach(&me, piece.id, section) {
                    out.push(Target::Scenery {
                        part: piece.id.0,
                        section,
                    });
                }
            }
        }
        out
    }

    /// SEC-16: Cut needs Wire Cutters and a section of a fence within reach.
    pub(crate) fn check_cut(&self, m: ModelId, part: u32, section: u8) -> Result<(), RuleError> {
        if !self.has_wire_cutters(m) {
            return refuse(Rule::Sec16, "Cutting a fence takes Wire Cutters");
        }
        let id = SceneryId(part);
        let Some(piece) = self.space().piece(id) else {
            return refuse(Rule::Sec16, "There is no fence there to cut");
        };
        if self.fence_kind(part).is_none() || piece.as_wall().is_none() {
            return refuse(
                Rule::Sec16,
                format!("The {} is no fence: only a fence is cut", piece.name),
            );
        }
        if section >= piece.section_count() {
            return refuse(
                Rule::Sec16,
                format!("The {} has no section {section}", piece.name),
            );
        }
        if !self
            .space()
            .section_within_reach(&self.base(m), id, section)
        {
            return refuse(
                Rule::Sec16,
                format!("The {} must be within reach to cut it", piece.name),
            );
        }
        Ok(())
    }

    /// Where the model's Cut of the section opens its gap, along the fence: centred on the
    /// fence's point nearest the model, within the section, and no wider than the fence.
    fn gap_of(&self, m: ModelId, part: u32, section: u8) -> Option<(f32, f32)> {
        let piece = self.space().piece(SceneryId(part))?;
        let wall = piece.as_wall()?;
        let len = wall.wall_length()?;
        let (lo, hi) = if matches!(piece.shape, SceneryShape::Wall { .. }) {
            piece.section_span(section)
        } else {
            (0.0, len)
        };
        let centre = piece.along_nearest(&self.base(m))?.clamp(lo, hi);
        let half = self.cut_width(m) / 2.0;
        Some(((centre - half).max(0.0), (centre + half).min(len)))
    }

    /// Resolves a Cut aimed and paid for: Easy, so the gap opens with no roll (SEC-16).
    pub(crate) fn cut_fence(&mut self, m: ModelId, (part, section): (u32, u8)) {
        if let Some((from, to)) = self.gap_of(m, part, section) {
            self.emit(Event::Sec(SecEvent::FenceCut {
                model: m,
                piece: part,
                from,
                to,
            }));
        }
    }

    /// A gap was cut (SEC-16): kept in the state, and the battlespace has it from now on.
    pub(super) fn apply_fence_cut(&mut self, piece: u32, from: f32, to: f32) {
        self.security.cuts.push(FenceGap { piece, from, to });
        self.rebuild_space();
    }

    /// The chance that the Cut command succeeds (SEC-16): certain, as an Easy action
    /// (TOK-8), once the command is one the engine accepts; refused as the command would be.
    pub fn cut_odds(&self, cmd: &ActionCommand) -> Result<Odds, RuleError> {
        if cmd.action != CUT_FENCE {
            return refuse(Rule::Sec16, "These odds are for a Cut");
        }
        self.plan_action(cmd, None)?;
        Ok(Odds {
            success: 1.0,
            ..Odds::default()
        })
    }
}

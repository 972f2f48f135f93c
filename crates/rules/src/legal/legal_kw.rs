//! Legal answers to the keyword decisions (Blast, Rapid, Stun, Refresh) for
//! [`Game::legal_commands`]. Token choices are listed in full; positions (the Impact token,
//! escape routes) come from a candidate set, each answer then checked by `legal/`.

use crate::ids::ModelId;
use crate::legal::DIRECTIONS;
use crate::protocol::command::Command;
use crate::protocol::decision::DecisionKind;
use crate::setup::card::Colour;
use crate::state::Game;
use redline_battlespace::Hypot;

/// Keeps a token's centre this far inside the table edge.
const TOKEN_MARGIN: f32 = 0.5;

impl Game {
    /// Candidate answers to a keyword decision (unchecked).
    pub(crate) fn keyword_commands(&self, kind: &DecisionKind, out: &mut Vec<Command>) {
        match kind {
            DecisionKind::PlaceImpact {
                actor, at, fumble, ..
            } => {
                let table = self.space().table();
                if *fumble {
                    // KW-10: eight places round the attacker's base.
                    let me = self.base(*actor);
                    let r = me.radius + redline_battlespace::IMPACT_TOKEN_RADIUS;
                    let [x, y, z] = me.position;
                    for [dx, dz] in DIRECTIONS {
                        out.push(Command::PlaceImpact {
                            at: [x + dx * r, y, z + dz * r],
                        });
                    }
                } else {
                    // KW-9: where it lies, or a full RED shift in each compass direction.
                    out.push(Command::PlaceImpact { at: *at });
                    let red = Colour::Red.move_inches();
                    for [dx, dz] in DIRECTIONS {
                        let x = (at[0] + dx * red).clamp(TOKEN_MARGIN, table.width - TOKEN_MARGIN);
                        let z = (at[2] + dz * red).clamp(TOKEN_MARGIN, table.depth - TOKEN_MARGIN);
                        out.push(Command::PlaceImpact { at: [x, at[1], z] });
                    }
                }
            }
            DecisionKind::BlastEscape { at, models } => {
                for &m in models {
                    out.push(Command::FaceBlast { model: m });
                    self.escape_candidates(m, *at, out);
                }
            }
            DecisionKind::NextRepetition { .. } => {
                for t in self.model_ids().filter(|&t| self.in_play(t)) {
                    out.push(Command::Repeat { target: t });
                }
                out.push(Command::EndRepetitions);
            }
            DecisionKind::ChooseStunnedToken { options, .. } => {
                out.extend(options.iter().map(|&token| Command::StunToken { token }));
            }
            DecisionKind::ChooseRefreshedToken { options, .. } => {
                out.extend(options.iter().map(|&token| Command::RefreshToken { token }));
            }
            _ => {}
        }
    }

    /// Escape routes for `m` (KW-7): the usual move candidates for each distinct Ready
    /// token, plus a straight run directly away from the Impact token.
    fn escape_candidates(&self, m: ModelId, at: [f32; 3], out: &mut Vec<Command>) {
        if !self.is_character(m) || self.is_downed(m) {
            return;
        }
        let ts = self.tokens(m);
        let table = self.space().table();
        for (i, t) in ts.iter().enumerate() {
            if !t.ready || self.repeats_token(m, i) {
                continue;
            }
            let length = t.colour.move_inches();
            let mut routes = self.move_routes(m, length);
            let [x, y, z] = self.position(m);
            let (dx, dz) = (x - at[0], z - at[2]);
            let d = dx.hypot_exact(dz);
            if d > 1e-3 {
                let r = self.base(m).radius;
                let ex = (x + dx / d * length).clamp(r, table.width - r);
                let ez = (z + dz / d * length).clamp(r, table.depth - r);
                routes.push(vec![[ex, y, ez]]);
            }
            for route in routes {
                out.push(Command::EscapeBlast {
                    model: m,
                    token: i as u8,
                    route,
                });
            }
        }
    }
}

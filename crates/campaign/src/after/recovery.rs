//! Recovery after a game: every wounded or taken-out Veteran rolls (CAMP-27..CAMP-29), a
//! Fumble is a major injury unless the medic's save succeeds (CAMP-30, CAMP-31), and a major
//! injury sends the card back to the Supply (CAMP-32, CAMP-33).

use redline_content::Catalog;
use redline_content::schema::CardKeyword;
use redline_rules::card::Colour;
use redline_rules::dice::{Die, SideRoll, actor_wins};
use redline_rules::{Game, ModelId};

use crate::campaign::{Campaign, name_of};
use crate::error::CampaignError;
use crate::state::Phase;

/// How a character ended a game, for its recovery roll (CAMP-27): `(true, _)` taken out
/// in any way (CAMP-29), a model Downed and never revived included (AID-11, AID-12);
/// `(false, best)` only wounded, with the best token colour it has left (CAMP-28), a revived
/// model still in play among them (AID-12); `None` unhurt.
pub fn recovery_of(game: &Game, model: ModelId) -> Option<(bool, Colour)> {
    let tokens = game.tokens(model);
    let taken_out = !game.in_play(model);
    let wounded = tokens
        .iter()
        .any(|k| k.colour == Colour::Red && k.original != Colour::Red);
    (taken_out || wounded).then(|| (taken_out, best_colour(tokens.iter().map(|k| k.colour))))
}

/// Best colour first (DICE-2).
pub(super) fn best_colour(colours: impl Iterator<Item = Colour>) -> Colour {
    colours
        .min_by_key(|c| match c {
            Colour::Green => 0,
            Colour::Yellow => 1,
            Colour::Red => 2,
        })
        .unwrap_or(Colour::Red)
}

impl Campaign {
    /// CAMP-27..CAMP-33: every wounded or taken-out Veteran rolls; a Fumble is a major
    /// injury unless the Medical save succeeds.
    pub(crate) fn roll_recovery(
        &mut self,
        catalog: &Catalog,
    ) -> Result<Vec<String>, CampaignError> {
        let pending = self.pending_mut()?.clone();
        let mut notes = Vec::new();
        let mut rolls = Vec::new();
        if pending.casualties.is_empty() {
            notes.push("No Veteran needs a recovery roll (CAMP-27).".to_owned());
        }
        for c in &pending.casualties {
            let name = name_of(catalog, &c.card);
            let injured = if c.taken_out {
                // CAMP-29, OPEN-36: two RED dice, a Fumble on either is a major injury.
                let mut fumble = false;
                for _ in 0..2 {
                    let r = self.dice.roll(
                        Die::Action(Colour::Red),
                        0,
                        "CAMP-29",
                        format!("{name} (taken out)"),
                    );
                    fumble |= r.is_fumble();
                    notes.push(r.line());
                    rolls.push(r);
                }
                fumble
            } else {
                // CAMP-28: the die of the best token colour left.
                let r = self.dice.roll(
                    Die::Action(c.best),
                    0,
                    "CAMP-28",
                    format!("{name} (wounded)"),
                );
                notes.push(r.line());
                let fumble = r.is_fumble();
                rolls.push(r);
                fumble
            };
            if !injured {
                notes.push(format!("{name} recovers."));
                continue;
            }
            notes.push(format!("{name} suffers a major injury (CAMP-30)."));
            // CAMP-31, OPEN-37: the team's best medic rolls Medical against the Obstacle die;
            // for a construct, its best mechanic rolls Tech (BOT-14).
            let construct = self.is_construct(catalog, &c.card);
            let (savers, skill) = if construct {
                (&pending.mechanics, "Tech")
            } else {
                (&pending.medics, "Medical")
            };
            if let Some(medic) = savers.get(c.team).cloned().flatten() {
                let medic_name = name_of(catalog, &medic.card);
                let r = self.dice.roll(
                    Die::Action(medic.die),
                    i16::from(medic.medical),
                    if construct { "BOT-14" } else { "CAMP-31" },
                    format!("{medic_name} ({skill} save for {name})"),
                );
                let o = self
                    .dice
                    .roll(Die::Obstacle, 0, "CAMP-31", "the Obstacle die".to_owned());
                let saved = actor_wins(
                    &SideRoll {
                        die: r.die,
                        face: r.face,
                        modifier: r.modifier,
                    },
                    &SideRoll {
                        die: o.die,
                        face: o.face,
                        modifier: 0,
                    },
                );
                notes.push(r.line());
                notes.push(o.line());
                rolls.push(r);
                rolls.push(o);
                if saved {
                    notes.push(format!(
                        "{medic_name} saves {name}: it goes back to the HQ (CAMP-31)."
                    ));
                    continue;
                }
                notes.push("The Medical save fails (CAMP-31, OPEN-37).".to_owned());
            }
            notes.extend(self.major_injury(catalog, c.team, &c.card));
        }
        let p = self.pending_mut()?;
        p.rolls.extend(rolls);
        p.log.extend(notes.iter().cloned());
        if self.shared_market {
            self.open_market();
            self.phase = Phase::Market;
        } else {
            self.phase = Phase::CleanUp;
        }
        Ok(notes)
    }

    /// CAMP-32, CAMP-33: the card goes back to the Supply and the basic version takes its
    /// place; a Merc leaves the HQ; a Veteran Leader falling back brings the Wounded Leader.
    pub fn major_injury(&mut self, catalog: &Catalog, team: usize, card: &str) -> Vec<String> {
        let Some(played) = catalog.characters.get(card) else {
            return Vec::new();
        };
        let basic = played.basic_id().to_owned();
        let t = &mut self.teams[team];
        // The HQ may hold a newer version if the card was promoted after this game.
        let in_hq: Option<String> =
            t.hq.characters
                .iter()
                .find(|c| {
                    catalog
                        .characters
                        .get(c)
                        .is_some_and(|c| c.basic_id() == basic)
                })
                .cloned();
        let Some(in_hq) = in_hq else {
            return Vec::new();
        };
        let stars = catalog.characters.get(&in_hq).map_or(0, |c| c.stars);
        t.hq.characters.remove(&in_hq);
        t.supply.characters.insert(in_hq.clone());
        if played.has(CardKeyword::Merc) {
            return vec![format!(
                "{} leaves {}'s HQ and must be hired again (CAMP-32).",
                name_of(catalog, &in_hq),
                t.player
            )];
        }
        t.supply.characters.remove(&basic);
        t.hq.characters.insert(basic.clone());
        let mut notes = vec![format!(
            "{} goes back to the Supply; {} takes its place (CAMP-32).",
            name_of(catalog, &in_hq),
            name_of(catalog, &basic)
        )];
        if played.has(CardKeyword::Leader) && stars > 0 {
            t.wounded_leader = true;
            notes.push(format!(
                "{} puts the Wounded Leader card in the HQ: -1 Street Cred (CAMP-33).",
                t.player
            ));
        }
        notes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ex_29_camp_28_red_and_yellow_tokens_make_yellow_the_recovery_colour() {
        let left = [Colour::Red, Colour::Yellow, Colour::Red];
        assert_eq!(best_colour(left.into_iter()), Colour::Yellow);
        assert_eq!(best_colour([Colour::Red].into_iter()), Colour::Red);
    }
}

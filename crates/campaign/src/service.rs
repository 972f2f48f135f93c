//! Constructs in a campaign (BOT-14): after each game every construct in an HQ needs its own
//! HQ character with Tech 1 or more to service it, or it sits out the next game; and in
//! recovery a construct's save is rolled with Tech, by the team's best mechanic, instead of
//! with Medical. Nothing here applies unless the campaign plays with BOT (MOD-2).

use redline_content::Catalog;
use redline_content::schema::CardKeyword;
use redline_rules::Module;

use crate::campaign::{Campaign, name_of};
use crate::error::{CampaignError, refuse};

/// One construct's servicing after a game: the construct card and the HQ character
/// servicing it, or `None` when no character was left to do it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Servicing {
    /// The construct's card.
    pub construct: String,
    /// The character that services it.
    pub by: Option<String>,
}

impl Campaign {
    /// Whether the campaign plays with the BOT module.
    fn bot_on(&self) -> bool {
        self.modules.contains(&Module::Bot)
    }

    /// Whether `card` is a construct while the campaign plays with BOT.
    pub fn is_construct(&self, catalog: &Catalog, card: &str) -> bool {
        self.bot_on()
            && catalog
                .characters
                .get(card)
                .is_some_and(|c| c.has(CardKeyword::Construct))
    }

    /// BOT-14: who services each construct in `team`'s HQ. Every character in the HQ with
    /// Tech 1 or more that is no construct (as for BOT-13) services at most one construct;
    /// they are assigned in card order, so with too few of them the constructs last in card
    /// order go without. Empty without BOT, or for a team that does not exist.
    pub fn servicing(&self, catalog: &Catalog, team: usize) -> Vec<Servicing> {
        let Some(t) = self.teams.get(team).filter(|_| self.bot_on()) else {
            return Vec::new();
        };
        let mut free: Vec<&String> =
            t.hq.characters
                .iter()
                .filter(|id| {
                    catalog
                        .characters
                        .get(id)
                        .is_some_and(|c| c.skills.tech >= 1)
                })
                .filter(|id| !self.is_construct(catalog, id))
                .collect();
        let constructs =
            t.hq.characters
                .iter()
                .filter(|id| self.is_construct(catalog, id));
        constructs
            .map(|construct| {
                let by = (!free.is_empty()).then(|| free.remove(0).clone());
                Servicing {
                    construct: construct.clone(),
                    by,
                }
            })
            .collect()
    }

    /// BOT-14, after a game: services every team's constructs and marks those left
    /// unserviced, which can't be fielded in the next game. Returns the log lines.
    pub(crate) fn service_constructs(&mut self, catalog: &Catalog) -> Vec<String> {
        let mut notes = Vec::new();
        for team in 0..self.teams.len() {
            let plan = self.servicing(catalog, team);
            let t = &mut self.teams[team];
            t.unserviced.clear();
            for s in plan {
                let construct = name_of(catalog, &s.construct);
                match s.by {
                    Some(by) => notes.push(format!(
                        "{} services {construct} (BOT-14).",
                        name_of(catalog, &by)
                    )),
                    None => {
                        notes.push(format!(
                            "Nobody with Tech is left to service {construct}: it sits out the \
                             next game (BOT-14)."
                        ));
                        t.unserviced.push(s.construct);
                    }
                }
            }
        }
        notes
    }

    /// BOT-14: refuses fielding a construct that was left unserviced after the last game.
    pub fn check_serviced(&self, team: usize, card: &str) -> Result<(), CampaignError> {
        let unserviced = self
            .teams
            .get(team)
            .is_some_and(|t| t.unserviced.iter().any(|c| c == card));
        if unserviced {
            return refuse(
                "BOT-14",
                format!("{card} was not serviced after the last game: it can't be fielded"),
            );
        }
        Ok(())
    }
}

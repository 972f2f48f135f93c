//! The Shared Market after a game (CAMP-41, CAMP-42) and clean-up (CAMP-34).

use crate::campaign::{Campaign, name_of};
use crate::error::{CampaignError, refuse};
use crate::state::{Offer, Phase, PlayedGame};
use redline_content::Catalog;

impl Campaign {
    /// CAMP-41: each player of the game draws three Market cards.
    pub(super) fn open_market(&mut self) {
        let seats = self
            .pending
            .as_ref()
            .map_or_else(Vec::new, |p| p.seats.clone());
        let mut offers = Vec::new();
        for t in seats {
            let n = self.market.len().min(3);
            let cards: Vec<String> = self.market.drain(..n).collect();
            if !cards.is_empty() {
                offers.push(Offer {
                    team: t,
                    cards,
                    pass_on: true,
                });
            }
        }
        if let Some(p) = self.pending.as_mut() {
            p.offers = offers;
            if p.offers.is_empty() {
                self.phase = Phase::CleanUp;
            }
        }
    }

    pub(crate) fn market_pick(
        &mut self,
        catalog: &Catalog,
        team: usize,
        card: Option<&str>,
    ) -> Result<Vec<String>, CampaignError> {
        let team = self.team_index(team)?;
        let player = self.teams[team].player.clone();
        let p = self.pending_mut()?;
        // CAMP-41: the cards not taken go to the other player; with more players, to the
        // next player of the game clockwise (docs/decisions/campaign-multiplayer.md).
        let next = p
            .seats
            .iter()
            .position(|&t| t == team)
            .map(|i| p.seats[(i + 1) % p.seats.len()])
            .filter(|&t| t != team);
        let Some(offer) = p.offers.first().cloned() else {
            return refuse("CAMP-41", "no Market offer is waiting");
        };
        if offer.team != team {
            return refuse(
                "CAMP-41",
                format!("it is not {player}'s turn to pick from the Market"),
            );
        }
        if let Some(card) = card
            && !offer.cards.iter().any(|c| c == card)
        {
            return refuse(
                "CAMP-41",
                format!("'{card}' is not among the cards on offer"),
            );
        }
        p.offers.remove(0);
        let rest: Vec<String> = offer
            .cards
            .iter()
            .filter(|c| Some(c.as_str()) != card)
            .cloned()
            .collect();
        let mut notes = Vec::new();
        if offer.pass_on && !rest.is_empty() {
            if let Some(other) = next {
                p.offers.push(Offer {
                    team: other,
                    cards: rest,
                    pass_on: false,
                });
            }
        } else {
            // OPEN-42: cards nobody took are shuffled back into the Market deck.
            self.market.extend(rest);
            let mut deck = std::mem::take(&mut self.market);
            self.dice.shuffle(&mut deck);
            self.market = deck;
        }
        match card {
            Some(card) => {
                self.teams[team].hq.gear.insert(card.to_owned());
                notes.push(format!(
                    "{player} adds {} to the HQ (CAMP-41).",
                    name_of(catalog, card)
                ));
            }
            None => notes.push(format!("{player} takes nothing from this offer.")),
        }
        if self.pending.as_ref().is_some_and(|p| p.offers.is_empty()) {
            self.phase = Phase::CleanUp;
        }
        self.log(&notes)?;
        Ok(notes)
    }

    /// CAMP-42: spend kept Loot to draw one Market card per Loot card; one may be kept, and
    /// the others are not passed on.
    pub(crate) fn spend_loot(
        &mut self,
        team: usize,
        loot: &[String],
    ) -> Result<Vec<String>, CampaignError> {
        let team = self.team_index(team)?;
        let mut kept = self.teams[team].loot.clone();
        for l in loot {
            let Some(i) = kept.iter().position(|k| k == l) else {
                return refuse(
                    "CAMP-42",
                    format!("{} holds no Loot card '{l}'", self.teams[team].player),
                );
            };
            kept.remove(i);
        }
        if loot.is_empty() || self.market.is_empty() {
            return refuse(
                "CAMP-42",
                "spend at least one Loot card while the Market has cards",
            );
        }
        self.teams[team].loot = kept;
        let n = loot.len().min(self.market.len());
        let cards: Vec<String> = self.market.drain(..n).collect();
        let notes = vec![format!(
            "{} spends {} Loot card(s) and draws {} Market card(s) (CAMP-42).",
            self.teams[team].player,
            loot.len(),
            cards.len()
        )];
        let p = self.pending_mut()?;
        p.offers.insert(
            0,
            Offer {
                team,
                cards,
                pass_on: false,
            },
        );
        self.log(&notes)?;
        Ok(notes)
    }

    /// CAMP-34: heal, remove game effects, discard Loot (kept with a Shared Market, CAMP-39),
    /// and file the game in the history.
    pub(crate) fn clean_up(&mut self, catalog: &Catalog) -> Result<Vec<String>, CampaignError> {
        let mut notes = vec![
            "Every model heals fully and game effects such as Hacked tokens are removed (CAMP-34)."
                .to_owned(),
        ];
        if self.shared_market {
            notes.push("Loot stays with the teams (CAMP-39).".to_owned());
        } else {
            for t in &mut self.teams {
                t.loot.clear();
            }
            notes.push("All Loot is discarded (CAMP-34).".to_owned());
        }
        let cred: Vec<String> = self
            .teams
            .iter()
            .map(|t| format!("{} {}", t.player, t.street_cred(catalog)))
            .collect();
        notes.push(format!("Street Cred: {} (CAMP-17).", cred.join(", ")));
        let p = self.pending.take().expect("clean-up follows a game");
        let mut log = p.log;
        log.extend(notes.iter().cloned());
        let teams = p
            .seats
            .iter()
            .map(|&t| p.teams[t].clone().unwrap_or_default())
            .collect();
        let luck = p
            .seats
            .iter()
            .map(|&t| p.luck.get(t).copied().unwrap_or(0))
            .collect();
        self.history.push(PlayedGame {
            number: p.number,
            scenario: p.scenario,
            seats: p.seats,
            teams,
            luck,
            seed: p.seed,
            deployed: p.deployed,
            commands: p.commands,
            winners: p.winners,
            prove_your_worth: p.prove_your_worth,
            completed: p.completed,
            revealed: p.revealed,
            rolls: p.rolls,
            log,
        });
        self.phase = Phase::ChooseScenario;
        Ok(notes)
    }
}

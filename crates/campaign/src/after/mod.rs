//! After a game, as a guided sequence: the result and completed Objectives (CAMP-11..CAMP-17),
//! scenario consequences (CAMP-44), promotion or a Merc (CAMP-21..CAMP-24), gearing up
//! (CAMP-25), loot going back (CAMP-26), recovery and injuries (CAMP-27..CAMP-33), the
//! Shared Market (CAMP-41, CAMP-42) and clean-up (CAMP-34).

use redline_content::Catalog;
use redline_content::schema::{CardKeyword, ObjectiveKind, Reward};
use redline_rules::card::Colour;
use redline_rules::cards::{CardId, CardKind, CardStatus};
use redline_rules::{Command, Event, Game, ModelId, Outcome, Seat};

use crate::campaign::{Campaign, name_of};
use crate::claims::{LuckClaims, Owed};
use crate::error::{CampaignError, refuse};
use crate::state::{Casualty, CompletedObjective, Medic, Phase};

mod market;
mod recovery;

use recovery::best_colour;
pub use recovery::recovery_of;

impl Campaign {
    pub(crate) fn record_game(
        &mut self,
        catalog: &Catalog,
        commands: Vec<Command>,
    ) -> Result<Vec<String>, CampaignError> {
        let setup = self.setup_of_log(catalog, &commands)?;
        let pending = self
            .pending
            .clone()
            .expect("setup_of_log checked the pending game");
        let Some(scenario) = catalog.scenarios.get(&pending.scenario) else {
            return refuse(
                "FIELD-5",
                format!("there is no scenario '{}'", pending.scenario),
            );
        };
        let mut game = match Game::new(setup.clone(), pending.seed) {
            Ok(g) => g,
            Err(e) => return refuse("CAMP-1", format!("the game cannot start: {e}")),
        };
        let mut watch = self.objective_watch(catalog)?;
        let mut taken = Vec::new();
        let mut notes = Vec::new();
        let mut completed = vec![Vec::new(); self.teams.len()];
        let mut claims = LuckClaims::default();
        for (i, command) in commands.iter().enumerate() {
            if let Some(claim) = claims.before(i, command)? {
                notes.push(format!(
                    "Command {}: {} gains {} Luck at once (CAMP-11).",
                    i + 1,
                    self.teams[claim.team].player,
                    claim.luck
                ));
            }
            match game.apply(command.clone()) {
                Ok(events) => {
                    for e in &events {
                        if let Event::CardTaken { by, from, card } = e {
                            taken.push((*by, *from, *card));
                        }
                    }
                    // CAMP-11, CAMP-12: an Objective is revealed the moment it is completed
                    // and goes into the HQ with its reward.
                    for reveal in watch.observe(&events, &game) {
                        let Some(card) = catalog.objectives.get(&reveal.objective) else {
                            continue;
                        };
                        notes.push(format!(
                            "Command {}: {} reveals {} (CAMP-11).",
                            i + 1,
                            self.teams[reveal.team].player,
                            card.name
                        ));
                        // CAMP-11: Luck is gained at once while the game is on.
                        let now = reveal.luck_now(catalog, &game).is_some();
                        if now {
                            claims.owe(Owed {
                                team: reveal.team,
                                seat: Seat(reveal.seat),
                                luck: card.reward.luck,
                                kind: card.kind,
                            });
                        }
                        notes.extend(self.complete_objective(
                            catalog,
                            reveal.team,
                            card,
                            pending.number,
                            now,
                        ));
                        completed[reveal.team].push(reveal.objective.clone());
                    }
                }
                Err(e) => {
                    return refuse(
                        "CAMP-1",
                        format!("the game's command log does not replay: step {i}: {e}"),
                    );
                }
            }
        }
        notes.extend(self.keep_unclaimed_luck(claims));
        // COOP-1: in an arc the computer's seats come first and stand for no team.
        let first = self.computer_seats(catalog);
        let team_of_seat = |seat: usize| {
            seat.checked_sub(first)
                .and_then(|i| pending.seats.get(i).copied())
        };
        // CTRL-20: in a team game both players of the winning pair win.
        let winners: Vec<usize> = match game.outcome() {
            Some(Outcome::Win { seats, .. }) => seats
                .iter()
                .filter_map(|s| team_of_seat(usize::from(s.0)))
                .collect(),
            Some(Outcome::Draw { why }) => {
                notes.push(format!("Nobody wins ({why:?})."));
                Vec::new()
            }
            None => {
                notes.push("The game was stopped before it ended; it counts as a draw.".to_owned());
                Vec::new()
            }
        };
        let computer_won =
            winners.is_empty() && matches!(game.outcome(), Some(Outcome::Win { .. }));
        match winners.as_slice() {
            [] if computer_won => notes.push(format!("The computer wins {}.", scenario.name)),
            [] => notes.push(format!("{} ends in a draw.", scenario.name)),
            [w] => notes.push(format!("{} wins {}.", self.teams[*w].player, scenario.name)),
            all => {
                let names: Vec<&str> = all.iter().map(|&w| self.teams[w].player.as_str()).collect();
                notes.push(format!(
                    "{} win {} together (CTRL-20).",
                    names.join(" and "),
                    scenario.name
                ));
            }
        }

        // CAMP-44: the scenario's consequences apply to future games; in a team game both
        // winners get the winner's (CTRL-20).
        // COOP-8: in an arc a game the people lost gives them the loser's consequences.
        if !winners.is_empty() || self.arc.is_some() {
            for &t in &pending.seats {
                let (reward, what) = if winners.contains(&t) {
                    (&scenario.consequences.winner, "winning")
                } else {
                    (&scenario.consequences.loser, "losing")
                };
                notes.extend(self.scenario_reward(catalog, t, reward, what));
            }
        }
        if self.arc.is_some() {
            notes.extend(self.record_arc_result(catalog, !winners.is_empty()));
        }
        for &w in &winners {
            self.teams[w].wins += 1;
            if self.teams[w].wounded_leader {
                // CAMP-33: the Wounded Leader card can be discarded after any win.
                self.teams[w].wounded_leader = false;
                notes.push(format!(
                    "{} discards the Wounded Leader card after the win (CAMP-33).",
                    self.teams[w].player
                ));
            }
            if pending.prove_your_worth == Some(w) && self.winner.is_none() {
                self.winner = Some(w);
                notes.push(format!(
                    "{} proved its worth and wins the campaign (CAMP-38).",
                    self.teams[w].player
                ));
            }
        }
        for t in 0..self.teams.len() {
            notes.extend(self.gear_up(catalog, t));
        }

        // CAMP-26: looted Gear goes back to its owner's HQ, Loot to the Loot deck. The HQ
        // lists cards, not copies in a game, so nothing leaves it: this is said, not done.
        for (by, from, card) in taken {
            let def = game.card(card).def;
            let owner = team_of_seat(usize::from(game.owner(from).0))
                .map_or("the computer", |t| self.teams[t].player.as_str());
            let looter = game.profile(by).name.clone();
            let back = if def.kind == CardKind::Loot && !self.shared_market {
                "goes back to the Loot deck".to_owned()
            } else if def.kind == CardKind::Loot {
                format!("stays with {looter} (CAMP-39)")
            } else {
                format!("goes back to {owner}'s HQ")
            };
            notes.push(format!("{} taken by {looter} {back} (CAMP-26).", def.name));
        }

        // CAMP-39: with a Shared Market, Loot stays with the team.
        if self.shared_market {
            for c in 0..game.card_count() {
                let view = game.card(CardId(c as u16));
                if view.def.kind != CardKind::Loot || view.status == CardStatus::Discarded {
                    continue;
                }
                if let Some(holder) = view.holder.filter(|h| game.in_play(*h))
                    && let Some(t) = team_of_seat(usize::from(game.owner(holder).0))
                {
                    self.teams[t].loot.push(view.def.id.clone());
                    notes.push(format!(
                        "{} keeps {} (CAMP-39).",
                        self.teams[t].player, view.def.name
                    ));
                }
            }
        }

        // CAMP-27..CAMP-29: who must roll for recovery, and who can make the Medical save.
        let mut casualties = Vec::new();
        let mut medics: Vec<Option<Medic>> = vec![None; self.teams.len()];
        let mut mechanics: Vec<Option<Medic>> = vec![None; self.teams.len()];
        for i in 0..setup.models.len() {
            let m = ModelId(i as u16);
            let profile = game.profile(m);
            if !profile.is_character() {
                continue;
            }
            let Some(t) = team_of_seat(usize::from(game.owner(m).0)) else {
                continue;
            };
            if profile.skills.medical > 0 {
                let printed = catalog
                    .characters
                    .get(&profile.card_id)
                    .map_or(Colour::Red, |c| best_colour(c.tokens.iter().copied()));
                // OPEN-37: the character most likely to succeed makes the save.
                let medic = Medic {
                    card: profile.card_id.clone(),
                    medical: profile.skills.medical,
                    die: printed,
                };
                if medics[t].as_ref().is_none_or(|old| medic.better_than(old)) {
                    medics[t] = Some(medic);
                }
            }
            if self.modules.contains(&redline_rules::Module::Bot) && profile.skills.tech > 0 {
                // BOT-14: a construct's save is rolled with Tech, by the best mechanic.
                let printed = catalog
                    .characters
                    .get(&profile.card_id)
                    .map_or(Colour::Red, |c| best_colour(c.tokens.iter().copied()));
                let mechanic = Medic {
                    card: profile.card_id.clone(),
                    medical: profile.skills.tech,
                    die: printed,
                };
                if mechanics[t]
                    .as_ref()
                    .is_none_or(|old| mechanic.better_than(old))
                {
                    mechanics[t] = Some(mechanic);
                }
            }
            if profile.stars == 0 {
                continue;
            }
            if let Some((taken_out, best)) = recovery_of(&game, m) {
                casualties.push(Casualty {
                    team: t,
                    card: profile.card_id.clone(),
                    taken_out,
                    best,
                });
            }
        }

        let p = self.pending_mut()?;
        p.commands = commands;
        p.winners = winners.clone();
        p.promoted = Vec::new();
        p.completed = completed;
        p.revealed = watch.revealed().to_vec();
        p.casualties = casualties;
        p.medics = medics;
        if mechanics.iter().any(Option::is_some) {
            p.mechanics = mechanics;
        }
        p.log.extend(notes.iter().cloned());
        let serviced = self.service_constructs(catalog);
        self.pending_mut()?.log.extend(serviced.iter().cloned());
        notes.extend(serviced);
        self.phase = if !winners.is_empty() {
            Phase::Promotion
        } else {
            Phase::Recovery
        };
        Ok(notes)
    }

    /// A recycled card's Luck that was owed at once but never claimed in the log counts from
    /// the next game, so nothing is lost (CAMP-11, CAMP-15).
    fn keep_unclaimed_luck(&mut self, claims: LuckClaims) -> Vec<String> {
        let mut notes = Vec::new();
        for owed in claims.unclaimed() {
            if owed.kind == ObjectiveKind::Recycle {
                let t = &mut self.teams[owed.team];
                t.next_game.luck += owed.luck;
                notes.push(format!(
                    "{}'s {} Luck was not taken during the game: it counts next game (CAMP-11).",
                    t.player, owed.luck
                ));
            }
        }
        notes
    }

    /// CAMP-11..CAMP-16: a completed Objective goes face up into the HQ and its reward
    /// applies at once: Street Cred rises, cards join the HQ, and Luck is gained in the game
    /// still on (`luck_now`: a [`Command::GainLuck`] in the log). EB and Cybergear are used
    /// when a team is built, so from the next game, and so is a recycled card's Luck when the
    /// game was already over (see docs/decisions/campaign-objectives-live.md).
    fn complete_objective(
        &mut self,
        catalog: &Catalog,
        team: usize,
        card: &redline_content::schema::ObjectiveCard,
        game: u32,
        luck_now: bool,
    ) -> Vec<String> {
        let t = &mut self.teams[team];
        t.supply.objectives.remove(&card.id);
        t.completed.push(CompletedObjective {
            id: card.id.clone(),
            kind: card.kind,
            game,
        });
        let mut notes = vec![format!(
            "{} completes {} ({:?}) (CAMP-11).",
            t.player, card.name, card.kind
        )];
        if card.kind == ObjectiveKind::Recycle {
            t.next_game.eb += u32::from(card.reward.eb);
            if !luck_now {
                t.next_game.luck += card.reward.luck;
            }
        }
        if card.kind != ObjectiveKind::Cybergear
            && let Some(g) = &card.reward.gear
        {
            t.supply.gear.remove(g);
            t.hq.gear.insert(g.clone());
            notes.push(format!(
                "{} joins {}'s HQ (CAMP-13).",
                name_of(catalog, g),
                t.player
            ));
        }
        if card.kind == ObjectiveKind::Cybergear
            && let Some(g) = &card.reward.gear
        {
            notes.push(format!(
                "{} can fit {} from the next game (CAMP-16).",
                t.player,
                name_of(catalog, g)
            ));
        }
        if let Some(c) = &card.reward.character {
            t.supply.characters.remove(c);
            t.hq.characters.insert(c.clone());
            notes.push(format!(
                "{} joins {}'s HQ (CAMP-13).",
                name_of(catalog, c),
                t.player
            ));
        }
        if card.reward.stars > 0 {
            notes.push(format!(
                "{} gains {} Street Cred (CAMP-13, CAMP-17).",
                t.player, card.reward.stars
            ));
        }
        notes
    }

    /// CAMP-44: a scenario's consequence for one team.
    fn scenario_reward(
        &mut self,
        catalog: &Catalog,
        team: usize,
        reward: &Reward,
        what: &str,
    ) -> Vec<String> {
        let t = &mut self.teams[team];
        let mut parts = Vec::new();
        if reward.stars > 0 {
            t.scenario_stars += reward.stars;
            parts.push(format!("{} Street Cred", reward.stars));
        }
        if reward.eb > 0 {
            t.next_game.eb += u32::from(reward.eb);
            parts.push(format!("{} EB next game", reward.eb));
        }
        if reward.luck > 0 {
            t.next_game.luck += reward.luck;
            parts.push(format!("{} Luck next game", reward.luck));
        }
        if let Some(g) = &reward.gear {
            t.supply.gear.remove(g);
            t.hq.gear.insert(g.clone());
            parts.push(name_of(catalog, g));
        }
        if let Some(c) = &reward.character {
            t.supply.characters.remove(c);
            t.hq.characters.insert(c.clone());
            parts.push(name_of(catalog, c));
        }
        if parts.is_empty() {
            return Vec::new();
        }
        vec![format!(
            "For {what}, {} gains {} (CAMP-44).",
            t.player,
            parts.join(", ")
        )]
    }

    /// A winner that has not yet promoted, hired or passed (CAMP-21, CAMP-23; each winner of
    /// a team game in turn, CTRL-20).
    fn check_winner(&self, team: usize, rule: &'static str) -> Result<usize, CampaignError> {
        let team = self.team_index(team)?;
        let Some(p) = self.pending.as_ref() else {
            return refuse(rule, "there is no game to follow up");
        };
        if !p.winners.contains(&team) {
            return refuse(
                rule,
                format!(
                    "only the winner of the game may promote or hire, and {} did not win",
                    self.teams[team].player
                ),
            );
        }
        if p.promoted.contains(&team) {
            return refuse(
                rule,
                format!(
                    "{} has already promoted, hired or passed after this game",
                    self.teams[team].player
                ),
            );
        }
        Ok(team)
    }

    /// `team` has made its choice; the recovery rolls come once every winner has.
    fn promoted(&mut self, team: usize) -> Result<(), CampaignError> {
        let p = self.pending_mut()?;
        p.promoted.push(team);
        if p.to_promote().is_empty() {
            self.phase = Phase::Recovery;
        }
        Ok(())
    }

    pub(crate) fn promote(
        &mut self,
        catalog: &Catalog,
        team: usize,
        card: &str,
    ) -> Result<Vec<String>, CampaignError> {
        let team = self.check_winner(team, "CAMP-21")?;
        let t = &self.teams[team];
        if !t.hq.characters.contains(card) {
            return refuse(
                "CAMP-21",
                format!("{} is not in {}'s HQ", name_of(catalog, card), t.player),
            );
        }
        let Some(current) = catalog.characters.get(card) else {
            return refuse("CAMP-21", format!("there is no character '{card}'"));
        };
        let Some(next_id) = self.next_veteran(catalog, team, card) else {
            return refuse(
                "CAMP-21",
                format!(
                    "{} has no Veteran card with {} star(s) in the Supply",
                    current.name,
                    current.stars + 1
                ),
            );
        };
        let t = &mut self.teams[team];
        t.hq.characters.remove(card);
        t.supply.characters.insert(card.to_owned());
        t.supply.characters.remove(&next_id);
        t.hq.characters.insert(next_id.clone());
        let mut notes = vec![format!(
            "{} promotes {} to {} (CAMP-21).",
            t.player,
            current.name,
            name_of(catalog, &next_id)
        )];
        notes.extend(self.gear_up(catalog, team));
        self.promoted(team)?;
        self.log(&notes)?;
        Ok(notes)
    }

    pub(crate) fn hire_merc(
        &mut self,
        catalog: &Catalog,
        team: usize,
        card: &str,
    ) -> Result<Vec<String>, CampaignError> {
        let team = self.check_winner(team, "CAMP-23")?;
        let t = &self.teams[team];
        let Some(merc) = catalog
            .characters
            .get(card)
            .filter(|c| c.has(CardKeyword::Merc))
        else {
            return refuse("CAMP-23", format!("'{card}' is not a Merc"));
        };
        if merc.stars > 1 {
            return refuse(
                "CAMP-23",
                format!(
                    "{} must be hired at one star at most and promoted later",
                    merc.name
                ),
            );
        }
        let hired = t.hq.characters.iter().any(|c| {
            catalog
                .characters
                .get(c)
                .is_some_and(|c| c.basic_id() == merc.basic_id())
        });
        if hired || !t.supply.characters.contains(card) {
            return refuse(
                "CAMP-23",
                format!("{} is already in {}'s HQ", merc.name, t.player),
            );
        }
        let t = &mut self.teams[team];
        t.supply.characters.remove(card);
        t.hq.characters.insert(card.to_owned());
        let mut notes = vec![format!(
            "{} hires {} into the HQ (CAMP-23, CAMP-24).",
            t.player,
            name_of(catalog, card)
        )];
        notes.extend(self.gear_up(catalog, team));
        self.promoted(team)?;
        self.log(&notes)?;
        Ok(notes)
    }

    pub(crate) fn pass(
        &mut self,
        catalog: &Catalog,
        team: usize,
    ) -> Result<Vec<String>, CampaignError> {
        if self.phase == Phase::Market {
            return self.market_pick(catalog, team, None);
        }
        let team = self.check_winner(team, "CAMP-21")?;
        let notes = vec![format!(
            "{} neither promotes nor hires (CAMP-21).",
            self.teams[team].player
        )];
        self.promoted(team)?;
        self.log(&notes)?;
        Ok(notes)
    }

    fn log(&mut self, notes: &[String]) -> Result<(), CampaignError> {
        self.pending_mut()?.log.extend(notes.iter().cloned());
        Ok(())
    }
}

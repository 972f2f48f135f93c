//! After a game, as a guided sequence: the result and completed Objectives (CAMP-11..CAMP-17),
//! scenario consequences (CAMP-44), promotion or a Merc (CAMP-21..CAMP-24), gearing up
//! (CAMP-25), loot going back (CAMP-26), recovery and injuries (CAMP-27..CAMP-33), the
//! Shared Market (CAMP-41, CAMP-42) and clean-up (CAMP-34).

use redline_content::Catalog;
use redline_content::schema::{CardKeyword, ObjectiveKind, Reward};
use redline_rules::card::Colour;
use redline_rules::cards::{CardId, CardKind, CardStatus};
use redline_rules::dice::{Die, SideRoll, actor_wins};
use redline_rules::{Command, Event, Game, ModelId, Outcome, Seat};

use crate::campaign::{Campaign, name_of};
use crate::claims::{LuckClaims, Owed};
use crate::error::{CampaignError, refuse};
use crate::state::{Casualty, CompletedObjective, Medic, Offer, Phase, PlayedGame};

/// Best colour first (DICE-2).
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

fn best_colour(colours: impl Iterator<Item = Colour>) -> Colour {
    colours
        .min_by_key(|c| match c {
            Colour::Green => 0,
            Colour::Yellow => 1,
            Colour::Red => 2,
        })
        .unwrap_or(Colour::Red)
}

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

    /// CAMP-41: each player of the game draws three Market cards.
    fn open_market(&mut self) {
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

//! Before a game: the scenario (FIELD-5, CAMP-35..CAMP-37), the Objective draw (CAMP-10),
//! the team built from the HQ (CAMP-9, CAMP-19, CAMP-20, CAMP-22) and Beginner's Luck
//! (CAMP-18, LUCK-7, OPEN-11).

use redline_content::Catalog;
use redline_content::game_size::GameSize;
use redline_content::schema::{ObjectiveKind, TeamFormat};
use redline_content::skirmish::skirmish_with_rules;
use redline_content::team::{GameMode, TeamError, TeamRules, TeamSpec, check_team};
use redline_rules::Setup;
use redline_rules::card::Colour;
use redline_rules::cards::Ability;
use redline_rules::dice::Die;

use crate::campaign::{Campaign, name_of};
use crate::error::{CampaignError, refuse};
use crate::state::{PROVE_YOUR_WORTH_CRED, PendingGame, Phase};
use crate::watch::ObjectiveWatch;

/// Luck tokens every team starts with (LUCK-1).
const BASE_LUCK: u32 = 3;

impl Campaign {
    /// The team that must play its Prove Your Worth scenario next, if any, and why
    /// (CAMP-36, CAMP-37, OPEN-41). Rolls dice only for the last tie-break.
    pub(crate) fn prove_your_worth_team(
        &mut self,
        catalog: &Catalog,
    ) -> Option<(usize, String, Vec<crate::dice::RollRecord>)> {
        if self.arc.is_some() {
            return None; // COOP-10: an arc ends with its last game, not with a proof.
        }
        let cred: Vec<u32> = self.teams.iter().map(|t| t.street_cred(catalog)).collect();
        let ready: Vec<usize> = (0..self.teams.len())
            .filter(|&t| cred[t] >= PROVE_YOUR_WORTH_CRED)
            .collect();
        match ready.as_slice() {
            [] => None,
            [one] => Some((
                *one,
                format!(
                    "{} has {} Street Cred and must prove its worth (CAMP-36)",
                    self.teams[*one].player, cred[*one]
                ),
                Vec::new(),
            )),
            _ => {
                let best = ready.iter().map(|&t| cred[t]).max().unwrap_or(0);
                let top: Vec<usize> = ready.into_iter().filter(|&t| cred[t] == best).collect();
                if let [one] = top.as_slice() {
                    return Some((
                        *one,
                        format!(
                            "{} has the higher Street Cred ({}) (CAMP-37)",
                            self.teams[*one].player, best
                        ),
                        Vec::new(),
                    ));
                }
                let most = top
                    .iter()
                    .map(|&t| self.teams[t].completed.len())
                    .max()
                    .unwrap_or(0);
                let top: Vec<usize> = top
                    .into_iter()
                    .filter(|&t| self.teams[t].completed.len() == most)
                    .collect();
                if let [one] = top.as_slice() {
                    return Some((
                        *one,
                        format!(
                            "Street Cred is tied; {} has more completed Objectives (CAMP-37)",
                            self.teams[*one].player
                        ),
                        Vec::new(),
                    ));
                }
                // Last tie-break: RED die plus the Leader's Influence, re-rolled until the
                // totals differ (OPEN-41).
                let mut rolls = Vec::new();
                for _ in 0..64 {
                    let totals: Vec<(usize, i16)> = top
                        .iter()
                        .map(|&t| {
                            let influence = self.leader_influence(catalog, t);
                            let roll = self.dice.roll(
                                Die::Action(Colour::Red),
                                influence,
                                "CAMP-37",
                                format!("{} (Leader's Influence)", self.teams[t].player),
                            );
                            let total = i16::from(roll.face) + roll.modifier;
                            rolls.push(roll);
                            (t, total)
                        })
                        .collect();
                    let high = totals.iter().map(|x| x.1).max().unwrap_or(0);
                    let winners: Vec<usize> =
                        totals.iter().filter(|x| x.1 == high).map(|x| x.0).collect();
                    if let [one] = winners.as_slice() {
                        return Some((
                            *one,
                            format!(
                                "Street Cred and Objectives are tied; {} wins the roll (CAMP-37, OPEN-41)",
                                self.teams[*one].player
                            ),
                            rolls,
                        ));
                    }
                }
                Some((top[0], "the roll stayed tied 64 times".to_owned(), rolls))
            }
        }
    }

    /// The rival who faces `team` in its Prove Your Worth game: highest Street Cred, then
    /// most completed Objectives, then the first to have joined.
    fn strongest_rival(&self, catalog: &Catalog, team: usize) -> Option<usize> {
        (0..self.teams.len())
            .filter(|&t| t != team)
            .max_by_key(|&t| {
                (
                    self.teams[t].street_cred(catalog),
                    self.teams[t].completed.len(),
                    std::cmp::Reverse(t),
                )
            })
    }

    /// Whether a team has the Street Cred that forces its Prove Your Worth scenario next
    /// (CAMP-36): then the next scenario is not chosen.
    pub fn must_prove_worth(&self, catalog: &Catalog) -> bool {
        self.arc.is_none()
            && self
                .teams
                .iter()
                .any(|t| t.street_cred(catalog) >= PROVE_YOUR_WORTH_CRED)
    }

    fn leader_influence(&self, catalog: &Catalog, team: usize) -> i16 {
        self.teams[team]
            .hq
            .characters
            .iter()
            .filter_map(|c| catalog.characters.get(c))
            .filter(|c| c.has(redline_content::schema::CardKeyword::Leader))
            .map(|c| i16::from(c.skills.influence))
            .max()
            .unwrap_or(0)
    }

    pub(crate) fn choose_scenario(
        &mut self,
        catalog: &Catalog,
        agreed: Option<String>,
    ) -> Result<Vec<String>, CampaignError> {
        let players = self.teams.len() as u8;
        let mut notes = Vec::new();
        let mut rolls = Vec::new();
        let arc_game = if self.arc.is_some() {
            Some(self.arc_scenario(catalog, agreed.as_deref())?)
        } else {
            None
        };
        let (scenario, chosen, seats, pyw) = match self.prove_your_worth_team(catalog) {
            // COOP-7: an arc's game is its next one, all the people's crews in it.
            _ if arc_game.is_some() => {
                let (scenario, why) = arc_game.expect("checked");
                (scenario, why, (0..self.teams.len()).collect(), None)
            }
            Some((team, why, tie_rolls)) => {
                rolls = tie_rolls;
                let Some(scenario) = catalog.prove_your_worth(&self.teams[team].faction) else {
                    return refuse(
                        "CAMP-35",
                        format!(
                            "{} must prove its worth, but the loaded packs have no Prove Your Worth scenario for its faction",
                            self.teams[team].player
                        ),
                    );
                };
                if let Some(a) = agreed.as_deref().filter(|a| *a != scenario.id) {
                    return refuse(
                        "CAMP-36",
                        format!(
                            "'{a}' can't be played: {why}, so the next game is {}",
                            scenario.name
                        ),
                    );
                }
                // The team proving itself takes seat 0 (the scenario sheets are written so).
                // The sheets are for two players: in a bigger campaign the strongest rival
                // stands in the way and the others sit the game out
                // (docs/decisions/campaign-multiplayer.md).
                let mut seats = vec![team];
                seats.extend(self.strongest_rival(catalog, team));
                let mut why = why;
                if self.teams.len() > 2
                    && let Some(&rival) = seats.get(1)
                {
                    why.push_str(&format!(
                        "; {} is the strongest rival and stands in the way",
                        self.teams[rival].player
                    ));
                }
                (scenario.clone(), why, seats, Some(team))
            }
            None => {
                let scenario = match agreed {
                    Some(id) => {
                        let Some(s) = catalog.scenarios.get(&id) else {
                            return refuse("FIELD-5", format!("there is no scenario '{id}'"));
                        };
                        if s.prove_your_worth.is_some() {
                            return refuse(
                                "CAMP-35",
                                format!(
                                    "{} is a Prove Your Worth scenario: only a team with {PROVE_YOUR_WORTH_CRED} Street Cred plays it",
                                    s.name
                                ),
                            );
                        }
                        if s.players != players {
                            return refuse(
                                "FIELD-12",
                                format!("{} is for {} players, not {players}", s.name, s.players),
                            );
                        }
                        (s.clone(), "agreed by the players (FIELD-5)".to_owned())
                    }
                    None => {
                        let pool: Vec<_> = catalog
                            .scenarios_for(players)
                            .into_iter()
                            .filter(|s| s.teams == TeamFormat::FreeForAll)
                            .collect();
                        if pool.is_empty() {
                            return refuse(
                                "FIELD-5",
                                format!("the loaded packs have no scenario for {players} players"),
                            );
                        }
                        let mut order: Vec<usize> = (0..pool.len()).collect();
                        self.dice.shuffle(&mut order);
                        (
                            pool[order[0]].clone(),
                            "chosen at random (FIELD-5)".to_owned(),
                        )
                    }
                };
                (
                    scenario.0,
                    scenario.1,
                    (0..self.teams.len()).collect(),
                    None,
                )
            }
        };
        for r in &rolls {
            notes.push(r.line());
        }
        let number = self.history.len() as u32 + 1;
        notes.push(format!("Game {number}: {}, {chosen}.", scenario.name));
        for t in (0..self.teams.len()).filter(|t| !seats.contains(t)) {
            notes.push(format!("{} sits this game out.", self.teams[t].player));
        }
        // CAMP-10, OPEN-12, CTRL-16: each player in the game draws four Objectives at random
        // from its own deck.
        let mut drawn = Vec::new();
        for t in 0..self.teams.len() {
            // COOP-8: no Objectives in an arc's games.
            let mut deck: Vec<String> = if seats.contains(&t) && self.arc.is_none() {
                self.teams[t].supply.objectives.iter().cloned().collect()
            } else {
                Vec::new()
            };
            self.dice.shuffle(&mut deck);
            deck.truncate(4);
            drawn.push(deck);
        }
        let kept = drawn
            .iter()
            .map(|d| if d.len() <= 3 { Some(d.clone()) } else { None })
            .collect();
        let seed = self.game_seed(number);
        self.pending = Some(PendingGame {
            number,
            scenario: scenario.id.clone(),
            chosen,
            seats,
            prove_your_worth: pyw,
            drawn,
            kept,
            teams: vec![None; self.teams.len()],
            rules: vec![None; self.teams.len()],
            luck: Vec::new(),
            seed,
            deployed: Vec::new(),
            commands: Vec::new(),
            winners: Vec::new(),
            promoted: Vec::new(),
            completed: Vec::new(),
            revealed: Vec::new(),
            casualties: Vec::new(),
            medics: Vec::new(),
            mechanics: Vec::new(),
            offers: Vec::new(),
            rolls,
            log: notes.clone(),
        });
        self.phase = Phase::Objectives;
        self.advance_objectives();
        Ok(notes)
    }

    fn advance_objectives(&mut self) {
        if self
            .pending
            .as_ref()
            .is_some_and(|p| p.kept.iter().all(Option::is_some))
        {
            self.phase = Phase::BuildTeams;
        }
    }

    pub(crate) fn discard_objective(
        &mut self,
        team: usize,
        objective: &str,
    ) -> Result<Vec<String>, CampaignError> {
        let team = self.team_index(team)?;
        let player = self.teams[team].player.clone();
        let pending = self.pending_mut()?;
        if !pending.seats.contains(&team) {
            return refuse(
                "CAMP-10",
                format!("{player} sits this game out and plays no Objectives"),
            );
        }
        if pending.kept[team].is_some() {
            return refuse(
                "CAMP-10",
                format!("{player} has already chosen the three Objectives to play"),
            );
        }
        let drawn = &pending.drawn[team];
        if !drawn.iter().any(|o| o == objective) {
            return refuse(
                "CAMP-10",
                format!("{player} did not draw '{objective}': discard one of the four drawn"),
            );
        }
        pending.kept[team] = Some(drawn.iter().filter(|o| *o != objective).cloned().collect());
        self.advance_objectives();
        Ok(vec![format!(
            "{player} keeps three Objectives hidden (CAMP-10)."
        )])
    }

    /// CAMP-9: `spec` narrowed to what `team`'s HQ holds — each character swapped for the
    /// HQ's version of the same basic card, Gear and programs not in the HQ dropped, then
    /// members with no card in the HQ dropped. The result may still break a TEAM rule.
    pub fn narrow_to_hq(&self, catalog: &Catalog, team: usize, spec: &mut TeamSpec) {
        let t = &self.teams[team];
        for m in &mut spec.members {
            if let Some(ch) = catalog.characters.get(&m.card) {
                let basic = ch.basic_id();
                if let Some(hq) = t.hq.characters.iter().find(|h| {
                    catalog
                        .characters
                        .get(h)
                        .is_some_and(|h| h.basic_id() == basic)
                }) {
                    m.card = hq.clone();
                }
            }
            m.gear.retain(|g| t.hq.gear.contains(g));
            m.programs.retain(|p| t.hq.programs.contains(p));
        }
        spec.members
            .retain(|m| t.hq.characters.contains(&m.card) || t.hq.gonks.contains(&m.card));
    }

    /// The size of the pending game (FIELD-1, CAMP-19): a campaign game is played at its
    /// scenario's EB limit on that scenario's own layout, never resized; the starter
    /// campaign's scenarios are all 100 EB games on 30" × 22". `None` when no game is being
    /// prepared, or the scenario's limit is none of the three sizes (a user pack's choice).
    pub fn game_size(&self, catalog: &Catalog) -> Option<GameSize> {
        let pending = self.pending.as_ref()?;
        let scenario = catalog.scenarios.get(&pending.scenario)?;
        GameSize::from_eb(scenario.eb_limit)
    }

    /// The team-building rules of a campaign team for the pending game: campaign mode (no
    /// star surcharge, CAMP-22; no Merc limit after game one, CAMP-24), bonus EB from
    /// Ongoing Objectives (CAMP-14) and one-game bonuses (CAMP-15, CAMP-44), Street Cred for
    /// Gear (CAMP-20) and earned Cybergear (CAMP-16).
    pub fn team_rules(&self, catalog: &Catalog, team: usize, spec: &TeamSpec) -> TeamRules {
        let t = &self.teams[team];
        let eb_limit = self
            .pending
            .as_ref()
            .and_then(|p| catalog.scenarios.get(&p.scenario))
            .map_or(100, |s| s.eb_limit);
        let ongoing_eb: u32 = t
            .completed_of(ObjectiveKind::Ongoing)
            .filter_map(|o| catalog.objectives.get(&o.id))
            .map(|o| u32::from(o.reward.eb))
            .sum();
        let fielded_stars: u32 = spec
            .members
            .iter()
            .filter_map(|m| catalog.characters.get(&m.card))
            .map(|c| u32::from(c.stars))
            .sum();
        let cred = t.street_cred(catalog);
        TeamRules {
            eb_limit,
            mode: GameMode::Campaign {
                first_game: self.history.is_empty(),
            },
            bonus_eb: ongoing_eb + t.next_game.eb,
            bonus_street_cred: u8::try_from(cred.saturating_sub(fielded_stars)).unwrap_or(u8::MAX),
            earned_gear: t
                .completed_of(ObjectiveKind::Cybergear)
                .filter_map(|o| catalog.objectives.get(&o.id))
                .filter_map(|o| o.reward.gear.clone())
                .collect(),
            // CAMP-43: the Market ignores Street Cred and faction requirements on Gear.
            shared_market: self.shared_market,
            // BOT-13 is judged with the campaign's own modules.
            modules: self.modules.clone(),
        }
    }

    /// Refuses a team that uses a card not in the HQ (CAMP-9, CAMP-16, CAMP-43).
    pub fn check_from_hq(
        &self,
        catalog: &Catalog,
        team: usize,
        spec: &TeamSpec,
    ) -> Result<(), CampaignError> {
        let t = &self.teams[team];
        self.check_faction(team, &spec.faction)?;
        let fieldable = self.fieldable(catalog, team);
        for m in &spec.members {
            self.check_serviced(team, &m.card)?; // BOT-14
            let in_hq = t.hq.characters.contains(&m.card) || t.hq.gonks.contains(&m.card);
            if !in_hq {
                let where_ = if t.supply.characters.contains(&m.card) {
                    "is still in the Supply"
                } else {
                    "is not in the HQ"
                };
                return refuse(
                    "CAMP-9",
                    format!(
                        "{} {where_}: a campaign team is chosen only from its HQ",
                        name_of(catalog, &m.card)
                    ),
                );
            }
            for g in &m.gear {
                if !fieldable.gear.contains(g) {
                    return refuse(
                        "CAMP-9",
                        format!(
                            "{} is not in {}'s HQ: only Gear in the HQ can be fielded",
                            name_of(catalog, g),
                            t.player
                        ),
                    );
                }
            }
            for p in &m.programs {
                if !t.hq.programs.contains(p) {
                    return refuse(
                        "CAMP-9",
                        format!("{} is not in {}'s HQ", name_of(catalog, p), t.player),
                    );
                }
            }
        }
        Ok(())
    }

    pub(crate) fn build_team(
        &mut self,
        catalog: &Catalog,
        team: usize,
        spec: TeamSpec,
    ) -> Result<Vec<String>, CampaignError> {
        let team = self.team_index(team)?;
        if !self.pending_mut()?.seats.contains(&team) {
            return refuse(
                "CAMP-9",
                format!("{} sits this game out", self.teams[team].player),
            );
        }
        self.check_from_hq(catalog, team, &spec)?;
        let rules = self.team_rules(catalog, team, &spec);
        if let Err(errors) = check_team(catalog, &spec, &rules)
            && let Some(first) = errors.first()
        {
            let rule = match first {
                TeamError::StreetCredTooLow { .. } => "CAMP-20",
                TeamError::OverBudget { .. } => "CAMP-19",
                _ => "CAMP-9",
            };
            let all: Vec<String> = errors.iter().map(ToString::to_string).collect();
            return refuse(rule, all.join("; "));
        }
        let player = self.teams[team].player.clone();
        let pending = self.pending_mut()?;
        pending.teams[team] = Some(spec);
        pending.rules[team] = Some(rules);
        let mut notes = vec![format!("{player}'s team is ready.")];
        if pending.seats.iter().all(|&t| pending.teams[t].is_some()) {
            notes.extend(self.start_game(catalog)?);
        }
        Ok(notes)
    }

    /// All teams are built: Beginner's Luck (CAMP-18, LUCK-7) and one-game bonuses, then the
    /// game can be played. One-game bonuses are used up and recycled Objectives go back to
    /// the Supply (CAMP-15).
    fn start_game(&mut self, catalog: &Catalog) -> Result<Vec<String>, CampaignError> {
        let seats = self.pending_mut()?.seats.clone();
        let creds: Vec<u32> = self.teams.iter().map(|t| t.street_cred(catalog)).collect();
        // With more than two players, each team is compared with the best rival in the game
        // (docs/decisions/campaign-multiplayer.md, OPEN-10); in a team game a teammate is no
        // rival (CTRL-20: seats 1+3 against 2+4).
        let pairs = self
            .pending
            .as_ref()
            .and_then(|p| catalog.scenarios.get(&p.scenario))
            .is_some_and(|s| s.teams == TeamFormat::TwoVsTwo);
        let side = |t: usize| {
            let seat = seats.iter().position(|&s| s == t).unwrap_or(0);
            if pairs { seat % 2 } else { seat }
        };
        let mut notes = Vec::new();
        let mut luck = Vec::new();
        for (t, (team, cred)) in self.teams.iter().zip(&creds).enumerate() {
            if !seats.contains(&t) {
                luck.push(0);
                continue;
            }
            let best = seats
                .iter()
                .filter(|&&o| side(o) != side(t))
                .map(|&o| creds[o])
                .max()
                .unwrap_or(0);
            // COOP-8: the people's crews are one side, with no rival to catch up with.
            let beginners = if self.arc.is_some() {
                0
            } else {
                best.saturating_sub(*cred)
            };
            let ongoing: u32 = team
                .completed_of(ObjectiveKind::Ongoing)
                .filter_map(|o| catalog.objectives.get(&o.id))
                .map(|o| u32::from(o.reward.luck))
                .sum();
            let bonus = beginners + ongoing + u32::from(team.next_game.luck);
            if beginners > 0 {
                notes.push(format!(
                    "{} gets {beginners} Beginner's Luck token(s) (CAMP-18).",
                    team.player
                ));
            }
            luck.push(u8::try_from(bonus).unwrap_or(u8::MAX));
        }
        for &t in &seats {
            let team = &mut self.teams[t];
            team.next_game = Default::default();
            team.unserviced.clear(); // BOT-14: it sat this game out
            let recycled: Vec<String> = team
                .completed_of(ObjectiveKind::Recycle)
                .map(|o| o.id.clone())
                .collect();
            for id in recycled {
                team.completed.retain(|o| o.id != id);
                team.supply.objectives.insert(id.clone());
                notes.push(format!(
                    "{} recycles {} for this game; it goes back to the Supply (CAMP-15).",
                    team.player,
                    name_of(catalog, &id)
                ));
            }
        }
        let pending = self.pending_mut()?;
        pending.luck = luck;
        self.phase = Phase::Play;
        // Make sure the table can be set up now rather than after the game.
        self.game_setup(catalog)?;
        Ok(notes)
    }

    /// The rules setup of the pending game: the scenario's table with each seat's team
    /// compiled under its campaign rules, and starting Luck: 3, plus what cards add, plus
    /// Beginner's Luck and Objective bonuses. Underdog's Luck does not apply (OPEN-11).
    /// Every model on the table is already placed: where a table handed over as
    /// [`crate::Step::Deploy`] (FIELD-7) put it, else where the skirmish set-up placed it. A
    /// game that deploys through the engine starts from [`Campaign::game_start`] instead.
    pub fn game_setup(&self, catalog: &Catalog) -> Result<Setup, CampaignError> {
        let mut setup = self.skirmish_setup(catalog)?;
        if let Some(pending) = self.pending.as_ref() {
            for (model, &at) in setup.models.iter_mut().zip(&pending.deployed) {
                model.position = at;
            }
        }
        Ok(setup)
    }

    /// The pending game's setup with every model where the skirmish set-up placed it.
    pub(crate) fn skirmish_setup(&self, catalog: &Catalog) -> Result<Setup, CampaignError> {
        let Some(pending) = self.pending.as_ref() else {
            return refuse("CAMP-1", "no game is being prepared");
        };
        let mut specs = Vec::new();
        let mut rules = Vec::new();
        for &t in &pending.seats {
            let Some(spec) = pending.teams[t].clone() else {
                return refuse(
                    "CAMP-9",
                    format!("{} has not built a team yet", self.teams[t].player),
                );
            };
            let built = pending.rules.get(t).cloned().flatten();
            rules.push(built.unwrap_or_else(|| self.team_rules(catalog, t, &spec)));
            specs.push(spec);
        }
        // MOD-1: the campaign's modules, plus the scenario's required, minus its forbidden.
        let skirmish = if self.arc.is_some() {
            self.arc_skirmish(catalog, &pending.scenario, &specs, rules)?
        } else {
            skirmish_with_rules(catalog, &pending.scenario, None, &specs, &rules)?
        };
        let mut skirmish = skirmish.with_campaign_modules(&self.modules)?;
        // COOP-1: in an arc the computer's seats come first.
        let first = self.computer_seats(catalog);
        for (seat, &t) in pending.seats.iter().enumerate() {
            let seat = first + seat;
            let from_cards: u32 = skirmish
                .setup
                .models
                .iter()
                .filter(|m| usize::from(m.owner.0) == seat)
                .map(|m| {
                    u32::from(m.profile.luck)
                        + m.profile
                            .cards
                            .iter()
                            .flat_map(|c| &c.abilities)
                            .map(|a| match a {
                                Ability::ExtraLuck(x) => u32::from(*x),
                                _ => 0,
                            })
                            .sum::<u32>()
                })
                .sum();
            let bonus = pending.luck.get(t).copied().map_or(0, u32::from);
            skirmish.setup.players[seat].luck =
                Some(u8::try_from(BASE_LUCK + from_cards + bonus).unwrap_or(u8::MAX));
            skirmish.setup.players[seat].name = self.teams[t].player.clone();
        }
        Ok(skirmish.setup)
    }

    /// A watch over the pending game's hidden Objectives (CAMP-10, CAMP-11): feed it the
    /// events of every command applied to the game (see [`ObjectiveWatch::observe`]) and it
    /// reveals each Objective at the event that completes it. The campaign uses the same
    /// watch when it replays the game's command log.
    pub fn objective_watch(&self, catalog: &Catalog) -> Result<ObjectiveWatch, CampaignError> {
        let Some(pending) = self.pending.as_ref() else {
            return refuse("CAMP-1", "no game is being prepared");
        };
        let Some(scenario) = catalog.scenarios.get(&pending.scenario) else {
            return refuse(
                "FIELD-5",
                format!("there is no scenario '{}'", pending.scenario),
            );
        };
        // COOP-8: an arc's game has no Objectives, but the watch follows every seat; the
        // computer's seats (first) stand for no campaign team.
        let computer = vec![usize::MAX; self.computer_seats(catalog)];
        let seats: Vec<usize> = computer.into_iter().chain(pending.seats.clone()).collect();
        let kept: Vec<Vec<String>> = seats
            .iter()
            .map(|&t| pending.kept.get(t).cloned().flatten().unwrap_or_default())
            .collect();
        Ok(ObjectiveWatch::new(catalog, scenario, &seats, &kept))
    }
}

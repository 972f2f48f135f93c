//! Co-op games (COOP-1..COOP-5): two or three people share one side against the computer's
//! crews. [`coop_skirmish`] builds the game from the people's crews: the sheet's computer
//! crews take the first seats (quick teams at the sheet's EB, more for a third person), the
//! people take the seats after them, and the computer's waves of reinforcements wait in
//! Reserve until they are due ([`redline_rules::scenario::Wave`]).
//!
//! A sheet is written for three people; with two, the last seat and everything that names it
//! (its deployment zone, its side) is left out (COOP-5).

use std::sync::Arc;

use redline_rules::scenario::Wave;
use redline_rules::{Entry, ModelId, ModelSetup, Seat};

use crate::load::Catalog;
use crate::schema::{ArcReinforcement, CoopSheet, MAX_PEOPLE, MIN_PEOPLE, Scenario};
use crate::skirmish::{
    Skirmish, SkirmishError, find_scenario, pick_layout, quick_team, quick_team_rules, set_up,
};
use crate::team::{MemberSpec, TeamRules, TeamSpec, compile_member};

/// A co-op game ready to start: the skirmish, and who plays which seat.
#[derive(Debug, Clone)]
pub struct CoopGame {
    /// The game; its `setup` starts with [`redline_rules::Game::new`] as any skirmish's.
    /// Its `teams` are the crews at the table, the computer's first; the waves' models are
    /// in the setup only (in Reserve, COOP-2).
    pub skirmish: Skirmish,
    /// The seats the computer plays (a bot answers their decisions), first at the table.
    pub computer_seats: Vec<Seat>,
    /// The people's seats, in the order their crews were given.
    pub people_seats: Vec<Seat>,
    /// The crew of every seat as built, the computer's first: what the app shows and keeps
    /// of each seat's team.
    pub teams: Vec<TeamSpec>,
}

impl CoopGame {
    /// Whether the computer plays this seat.
    pub fn is_computer(&self, seat: Seat) -> bool {
        self.computer_seats.contains(&seat)
    }
}

/// The co-op scenarios of the loaded packs, in catalog order: what "New co-op game" lists.
pub fn coop_scenarios(catalog: &Catalog) -> Vec<&Scenario> {
    catalog
        .scenarios
        .iter()
        .filter(|s| s.coop.is_some())
        .collect()
}

/// Sets up the co-op scenario `scenario_id` on `layout` (or its first) for the people whose
/// crews are `people` (two or three, each built under the one-off rules at the scenario's EB
/// limit), against the sheet's computer crews and waves (COOP-1..COOP-5).
pub fn coop_skirmish(
    catalog: &Catalog,
    scenario_id: &str,
    layout: Option<&str>,
    people: &[TeamSpec],
) -> Result<CoopGame, SkirmishError> {
    coop_skirmish_with(catalog, scenario_id, layout, people, &CoopExtras::default())
}

/// What a co-op campaign arc changes in one of its games (COOP-8, COOP-9): the rules each
/// person's crew was built under (a campaign crew's, not the one-off rules) and models added
/// to the computer's waves.
#[derive(Debug, Clone, Default)]
pub struct CoopExtras {
    /// The rules of each person's crew, in the order the crews are given; a crew past the
    /// end of the list is checked under the one-off rules at the scenario's EB limit.
    pub people_rules: Vec<TeamRules>,
    /// Models added to the sheet's waves (by their place in its list).
    pub reinforce: Vec<ArcReinforcement>,
}

/// [`coop_skirmish`] with an arc's changes (COOP-8, COOP-9).
pub fn coop_skirmish_with(
    catalog: &Catalog,
    scenario_id: &str,
    layout: Option<&str>,
    people: &[TeamSpec],
    extras: &CoopExtras,
) -> Result<CoopGame, SkirmishError> {
    let scenario = find_scenario(catalog, scenario_id)?;
    let sheet = scenario
        .coop
        .as_deref()
        .cloned()
        .ok_or_else(|| SkirmishError::NotCoop(scenario.id.clone()))?;
    let count = u8::try_from(people.len()).unwrap_or(u8::MAX);
    if !(MIN_PEOPLE..=MAX_PEOPLE).contains(&count) {
        return Err(SkirmishError::CoopPeople {
            scenario: scenario.id.clone(),
            given: people.len(),
        });
    }
    let layout_id = pick_layout(&scenario, layout)?;
    let table = for_people(scenario, &sheet, count);
    let mut specs = Vec::new();
    let mut seat_rules = Vec::new();
    for (seat, crew) in sheet.computer.iter().enumerate() {
        let extra = u32::from(count - MIN_PEOPLE) * crew.eb_per_person;
        let rules = TeamRules::one_off(crew.eb + extra);
        let quick = quick_team_rules(&rules, &table, seat);
        specs.push(quick_team(catalog, &crew.faction, &quick)?);
        seat_rules.push(rules);
    }
    specs.extend(people.iter().cloned());
    let rules = TeamRules::one_off(table.eb_limit);
    seat_rules.extend(
        (0..people.len()).map(|i| extras.people_rules.get(i).cloned().unwrap_or(rules.clone())),
    );
    let mut skirmish = set_up(catalog, table, layout_id, &specs, &seat_rules, &rules)?;
    let mut sheet = sheet;
    for r in &extras.reinforce {
        if let Some(wave) = sheet.waves.get_mut(r.wave) {
            wave.models.extend(r.models.iter().cloned());
        }
    }
    add_waves(catalog, &mut skirmish, &sheet, count)?;
    let computer = sheet.computer_seats();
    let computer_seats: Vec<Seat> = (0..computer).map(Seat).collect();
    skirmish.setup.scenario.computer.clone_from(&computer_seats);
    Ok(CoopGame {
        skirmish,
        computer_seats,
        people_seats: (computer..computer + count).map(Seat).collect(),
        teams: specs,
    })
}

/// COOP-5: the sheet cut down to `people` people: the seats past them, and their zones and
/// sides, left out.
fn for_people(mut scenario: Scenario, sheet: &CoopSheet, people: u8) -> Scenario {
    let seats = sheet.computer_seats() + people;
    scenario.players = seats;
    scenario.deployment.retain(|d| d.seat < seats);
    scenario.sides.retain(|d| d.seat < seats);
    scenario
}

/// COOP-2, COOP-3: each wave's models join the setup in Reserve, and the engine is told
/// which wave each belongs to.
fn add_waves(
    catalog: &Catalog,
    skirmish: &mut Skirmish,
    sheet: &CoopSheet,
    people: u8,
) -> Result<(), SkirmishError> {
    for wave in &sheet.waves {
        let mut models = Vec::new();
        for card in wave.cards(people) {
            let compiled = compile_member(catalog, &MemberSpec::new(card)).map_err(|errors| {
                SkirmishError::Team {
                    seat: usize::from(wave.seat),
                    errors,
                }
            })?;
            let id = u16::try_from(skirmish.setup.models.len()).unwrap_or(u16::MAX);
            skirmish.setup.models.push(ModelSetup {
                profile: Arc::new(compiled.profile),
                owner: Seat(wave.seat),
                position: [0.0; 3],
                hacked: 0,
                entry: Entry::Reserve,
            });
            models.push(ModelId(id));
        }
        skirmish.setup.scenario.waves.push(Wave {
            models,
            after_inspires: wave.after,
            zone: wave.zone.map(|z| z.to_battlespace()),
        });
    }
    Ok(())
}

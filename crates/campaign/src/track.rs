//! Objective tracking: the engine doesn't know Objectives, so their Goals are evaluated
//! here over a game's events and the positions after each step (CAMP-10, CAMP-11).

use redline_battlespace::ModelBase;
use redline_content::schema::{Goal, ModelFilter, Scenario};
use redline_rules::card::ModelKeyword;
use redline_rules::{AidEvent, Event, Game, ModelId, Outcome, Seat};

/// What each seat achieved during one game, counted as the game goes.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SeatTally {
    /// Rival models this seat's attacks took out.
    pub taken_out: Vec<ModelId>,
    /// Body tokens looted (BASIC-12).
    pub bodies_looted: u32,
    /// Hacked tokens put on rivals (NET-14).
    pub hacks: u32,
    /// Wounds healed on own models (WOUND-12).
    pub heals: u32,
    /// Command actions that succeeded (CMD-1).
    pub commands: u32,
    /// The seat's Leader was wounded at some point.
    pub leader_wounded: bool,
    /// Most quarters held at once after an Inspire (FIELD-10).
    pub quarters: u32,
    /// Most models wholly in the rival's deployment zone at once.
    pub invaders: u32,
}

/// Follows a game step by step and says which Goals each seat met.
#[derive(Debug, Clone)]
pub struct ObjectiveTracker {
    scenario: Scenario,
    tallies: Vec<SeatTally>,
    /// The seat whose Command action is waiting for its roll.
    command_pending: Option<u8>,
}

impl ObjectiveTracker {
    /// A tracker for a game of `seats` players on `scenario`.
    pub fn new(scenario: &Scenario, seats: usize) -> ObjectiveTracker {
        ObjectiveTracker {
            scenario: scenario.clone(),
            tallies: vec![SeatTally::default(); seats],
            command_pending: None,
        }
    }

    /// The counts so far, per seat.
    pub fn tallies(&self) -> &[SeatTally] {
        &self.tallies
    }

    /// Takes in the events of one applied command and the game after it.
    pub fn observe(&mut self, events: &[Event], after: &Game) {
        for event in events {
            self.observe_event(event, after);
        }
    }

    /// Takes in one event of an applied command; `after` is the game after the command.
    pub fn observe_event(&mut self, event: &Event, after: &Game) {
        let seat_of = |m: ModelId| usize::from(after.owner(m).0);
        {
            match event {
                // Only a rival's attack earns the credit; falls and Dangerous Fumbles don't.
                // AID-3: a model counts as taken out when it is Downed, and never again.
                Event::TakenOut {
                    model,
                    by: Some(by),
                    ..
                }
                | Event::Aid(AidEvent::Downed {
                    model,
                    by: Some(by),
                }) if after.rivals(*by, *model)
                    && !(matches!(event, Event::TakenOut { .. }) && after.been_downed(*model)) =>
                {
                    self.tallies[seat_of(*by)].taken_out.push(*model);
                }
                Event::BodyLooted { by, .. } => self.tallies[seat_of(*by)].bodies_looted += 1,
                Event::Hacked { model } => {
                    let owner = after.owner(*model);
                    for (seat, tally) in self.tallies.iter_mut().enumerate() {
                        if after.team_of(Seat(seat as u8)) != after.team_of(owner) {
                            tally.hacks += 1;
                        }
                    }
                }
                Event::Healed { model, .. } => self.tallies[seat_of(*model)].heals += 1,
                Event::Wounded { model, .. }
                    if after.profile(*model).has_keyword(&ModelKeyword::Leader) =>
                {
                    self.tallies[seat_of(*model)].leader_wounded = true;
                }
                Event::ActionTaken { model, action, .. } => {
                    self.command_pending = after
                        .action(*model, *action)
                        .filter(|a| a.command)
                        .map(|_| after.owner(*model).0);
                }
                Event::RollDecided { actor_won } => {
                    if let Some(seat) = self.command_pending.take()
                        && actor_won.iter().any(|w| *w)
                    {
                        self.tallies[usize::from(seat)].commands += 1;
                    }
                }
                Event::InspireEnded { .. } => self.count_quarters(after),
                Event::Moved { .. } => self.count_invaders(after),
                _ => {}
            }
        }
    }

    fn base(after: &Game, m: ModelId) -> ModelBase {
        let (id, seat, at) = (u32::from(m.0), after.owner(m).0, after.position(m));
        ModelBase::on_base(id, seat, at, after.profile(m).base_mm)
    }

    /// FIELD-10: a quarter is a seat's if more of its models than rival models are wholly
    /// inside it.
    fn count_quarters(&mut self, after: &Game) {
        let table = after.setup().battlespace.table();
        let (w, d) = (table.width / 2.0, table.depth / 2.0);
        let models: Vec<ModelId> = (0..after.model_count())
            .map(|i| ModelId(i as u16))
            .filter(|m| after.in_play(*m))
            .collect();
        let mut held = vec![0u32; self.tallies.len()];
        for q in 0..4 {
            let (x0, z0) = (
                if q % 2 == 0 { 0.0 } else { w },
                if q < 2 { 0.0 } else { d },
            );
            let mut counts = vec![0u32; self.tallies.len()];
            for &m in &models {
                let b = Self::base(after, m);
                let [x, _, z] = b.position;
                let inside = x - b.radius >= x0
                    && x + b.radius <= x0 + w
                    && z - b.radius >= z0
                    && z + b.radius <= z0 + d;
                if inside {
                    counts[usize::from(after.owner(m).0)] += 1;
                }
            }
            for seat in 0..counts.len() {
                let mine = counts[seat];
                let rivals = (0..counts.len())
                    .filter(|&o| after.team_of(Seat(o as u8)) != after.team_of(Seat(seat as u8)))
                    .map(|o| counts[o])
                    .sum::<u32>();
                if mine > rivals {
                    held[seat] += 1;
                }
            }
        }
        for (tally, held) in self.tallies.iter_mut().zip(held) {
            tally.quarters = tally.quarters.max(held);
        }
    }

    fn count_invaders(&mut self, after: &Game) {
        let table = after.setup().battlespace.table();
        for seat in 0..self.tallies.len() {
            let mut best = 0;
            for zone in self
                .scenario
                .deployment
                .iter()
                .filter(|z| usize::from(z.seat) != seat)
            {
                let zone = zone.zone.to_battlespace();
                let n = (0..after.model_count())
                    .map(|i| ModelId(i as u16))
                    .filter(|m| after.in_play(*m) && usize::from(after.owner(*m).0) == seat)
                    .filter(|m| table.in_zone(&Self::base(after, *m), zone))
                    .count() as u32;
                best = best.max(n);
            }
            self.tallies[seat].invaders = self.tallies[seat].invaders.max(best);
        }
    }

    /// Whether `seat` met `goal` by the end of the game.
    pub fn met(&self, goal: &Goal, seat: usize, game: &Game) -> bool {
        let tally = &self.tallies[seat];
        match *goal {
            Goal::TakeOut { count, of } => {
                tally
                    .taken_out
                    .iter()
                    .filter(|m| filter_matches(of, game, **m))
                    .count()
                    >= usize::from(count)
            }
            Goal::LootBodies(n) => tally.bodies_looted >= u32::from(n),
            Goal::ControlQuarters(n) => tally.quarters >= u32::from(n),
            Goal::HackRivals(n) => tally.hacks >= u32::from(n),
            Goal::HealWounds(n) => tally.heals >= u32::from(n),
            Goal::Commands(n) => tally.commands >= u32::from(n),
            Goal::LeaderUnwounded => game.outcome().is_some() && !tally.leader_wounded,
            Goal::InvadeDeployment(n) => tally.invaders >= u32::from(n),
            Goal::WinScenario => matches!(
                game.outcome(),
                Some(Outcome::Win { seats, .. }) if seats.contains(&Seat(seat as u8))
            ),
        }
    }
}

fn filter_matches(filter: ModelFilter, game: &Game, model: ModelId) -> bool {
    let p = game.profile(model);
    match filter {
        ModelFilter::Any => true,
        ModelFilter::Character => p.is_character(),
        ModelFilter::Gonk => p.has_keyword(&ModelKeyword::Gonk),
        ModelFilter::Leader => p.has_keyword(&ModelKeyword::Leader),
        ModelFilter::Veteran => p.is_character() && p.stars > 0,
        ModelFilter::CyberCharacter => p.has_keyword(&ModelKeyword::CyberCharacter),
        ModelFilter::Netrunner => p.has_keyword(&ModelKeyword::Netrunner),
        ModelFilter::Drone => p.has_keyword(&ModelKeyword::Drone),
    }
}

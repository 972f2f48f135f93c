//! The lobby: the scenario, the table and who plays each seat, chosen by the match's owner;
//! the teams submitted for each seat, checked under the TEAM rules by `redline-content`;
//! and, once every seat has a team, the engine's [`Setup`] built from them.

use std::str::FromStr;

use redline_ai::Level;
use redline_content::Catalog;
use redline_content::game_size::{GameSize, layout_for_size, skirmish_of_size};
use redline_content::limits as content_limits;
use redline_content::schema::Scenario;
use redline_content::skirmish::{quick_team, skirmish};
use redline_content::team::{TeamRules, TeamSpec, check_team};
use redline_rules::{Modules, Seat, Setup, Victory};
use serde::{Deserialize, Serialize};

use crate::limits;
use crate::protocol::MatchId;
use crate::refusal::Reason;

/// What the owner chooses before a match.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LobbySetup {
    /// The scenario id (see `redline-cli scenarios`).
    pub scenario: String,
    /// The table layout; the scenario's first when left out.
    pub layout: Option<String>,
    /// Who plays each seat, in seat order.
    pub seats: Vec<SeatKind>,
    /// Turns of Control after which the match ends (the engine's default when left out).
    pub turn_limit: Option<u32>,
    /// The game size in EB, 100, 150 or 200 (FIELD-1): the EB limit and the table follow it
    /// ([`redline_content::game_size::layout_for_size`]); the scenario's own EB limit and
    /// layouts when left out.
    #[serde(default)]
    pub size: Option<u32>,
    /// The optional rule modules the owner turns on for this game (MOD-1), on top of the
    /// scenario's required ones; a module the scenario forbids is refused. Left out when
    /// none, so a lobby without modules reads and writes as it always has.
    #[serde(default, skip_serializing_if = "Modules::is_empty")]
    pub modules: Modules,
}

/// Who plays a seat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum SeatKind {
    /// A person on another machine, who joins with the seat's code.
    Remote,
    /// A person at the owner's machine (answers through the owner's connection).
    Local,
    /// A computer player on the host.
    Computer {
        /// The bot level (`random`, `easy`, `normal`, `hard`).
        level: String,
        /// The faction whose quick team it plays.
        faction: String,
    },
}

/// The lobby as every client sees it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LobbyState {
    /// The match.
    pub match_id: MatchId,
    /// The scenario id.
    pub scenario: String,
    /// The layout id, once chosen.
    pub layout: Option<String>,
    /// The EB limit teams are built to.
    pub eb_limit: u32,
    /// The modules the game is played with: the scenario's required ones plus the
    /// owner's (MOD-1); team building reads them (BOT-13).
    #[serde(default, skip_serializing_if = "Modules::is_empty")]
    pub modules: Modules,
    /// Every seat.
    pub seats: Vec<SeatState>,
    /// Whether the match is under way (or over).
    pub started: bool,
    /// Whether it is over.
    pub finished: bool,
}

/// One seat in the lobby.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SeatState {
    /// The seat.
    pub seat: Seat,
    /// Who plays it.
    pub kind: SeatKind,
    /// The player's name, once someone took it.
    pub player: Option<String>,
    /// Whether its player is here.
    pub presence: Presence,
    /// The faction of its accepted team, once submitted.
    pub faction: Option<String>,
    /// The EB its accepted team costs.
    pub cost: Option<u32>,
}

/// Whether a seat's player is connected.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Presence {
    /// Nobody has taken the seat yet.
    Open,
    /// Its player is connected.
    Here,
    /// Its player dropped; the match waits for them. `secs` is how long they have been away
    /// when this state was sent (a UI counts on from there).
    Away {
        /// Seconds away.
        secs: u64,
    },
    /// A computer plays it.
    Computer,
}

/// A lobby setup checked against the packs: its scenario, layout, EB limit and bots.
#[derive(Debug, Clone)]
pub struct CheckedLobby {
    /// What the owner asked for.
    pub setup: LobbySetup,
    /// The layout played (the scenario's first, or the size's, when none was named).
    pub layout: String,
    /// The EB limit: the game size's, else the scenario's.
    pub eb_limit: u32,
    /// The game size chosen, if one was.
    pub size: Option<GameSize>,
    /// The game's modules: the scenario's required ones plus the owner's (MOD-1).
    pub modules: Modules,
}

impl LobbySetup {
    /// Checks the lobby against the packs: the scenario exists, the layout is one of its,
    /// one seat per player, bot levels and factions known.
    pub fn check(&self, catalog: &Catalog) -> Result<CheckedLobby, Reason> {
        let bad = |detail: String| Reason::Lobby { detail };
        if let Some(problem) = self.id_problem() {
            return Err(bad(problem));
        }
        let scenario = catalog
            .scenarios
            .get(&self.scenario)
            .ok_or_else(|| bad(format!("no scenario '{}'", self.scenario)))?;
        if self.seats.len() != usize::from(scenario.players) || self.seats.len() > limits::SEATS {
            return Err(bad(format!(
                "scenario '{}' seats {} players, the lobby has {} seats",
                scenario.id,
                scenario.players,
                self.seats.len()
            )));
        }
        let size = match self.size {
            Some(eb) => Some(GameSize::from_eb(eb).ok_or_else(|| {
                bad(format!(
                    "{eb} EB is not a game size: a game is 100, 150 or 200 EB"
                ))
            })?),
            None => None,
        };
        let layout = match size {
            Some(size) => layout_for_size(catalog, scenario, size, self.layout.as_deref())
                .map_err(|e| bad(e.to_string()))?,
            None => self.scenario_layout(scenario)?,
        };
        for kind in &self.seats {
            if let SeatKind::Computer { level, faction } = kind {
                Level::from_str(level).map_err(|e| bad(e.to_string()))?;
                if !catalog.factions.contains(faction.as_str()) {
                    return Err(bad(format!("no faction '{faction}'")));
                }
            }
        }
        let modules = scenario
            .modules
            .one_off(&self.modules)
            .map_err(|e| bad(e.to_string()))?;
        Ok(CheckedLobby {
            setup: self.clone(),
            layout,
            eb_limit: size.map_or(scenario.eb_limit, GameSize::eb),
            size,
            modules,
        })
    }

    /// The layout asked for if the scenario allows it, else the scenario's first.
    fn scenario_layout(&self, scenario: &Scenario) -> Result<String, Reason> {
        let bad = |detail: String| Reason::Lobby { detail };
        match &self.layout {
            Some(l) if scenario.setup.layouts.is_empty() || scenario.setup.layouts.contains(l) => {
                Ok(l.clone())
            }
            Some(l) => Err(bad(format!(
                "scenario '{}' is not played on '{l}'",
                scenario.id
            ))),
            None => scenario
                .setup
                .layouts
                .first()
                .cloned()
                .ok_or_else(|| bad(format!("scenario '{}' needs a layout", scenario.id))),
        }
    }
}

impl LobbySetup {
    /// An id longer than any id may be ([`content_limits::MAX_ID_BYTES`]), so that no
    /// refusal quotes a huge one.
    fn id_problem(&self) -> Option<String> {
        let max = content_limits::MAX_ID_BYTES;
        let ids = std::iter::once(("the scenario", &self.scenario))
            .chain(self.layout.iter().map(|l| ("the layout", l)))
            .chain(self.seats.iter().flat_map(|k| match k {
                SeatKind::Computer { level, faction } => {
                    vec![("a bot level", level), ("a faction", faction)]
                }
                _ => Vec::new(),
            }));
        ids.into_iter()
            .find_map(|(what, id)| content_limits::length_problem(what, id, max))
    }
}

impl CheckedLobby {
    /// The TEAM rules a seat builds under: the one-off rules at the scenario's EB limit,
    /// with the game's modules (BOT-13 reads them).
    pub fn team_rules(&self) -> TeamRules {
        TeamRules {
            modules: self.modules.clone(),
            ..TeamRules::one_off(self.eb_limit)
        }
    }

    /// Checks a submitted team under the TEAM rules; the EB it costs, or every problem.
    pub fn check_team(&self, catalog: &Catalog, team: &TeamSpec) -> Result<u32, Reason> {
        check_team(catalog, team, &self.team_rules())
            .map(|summary| summary.cost)
            .map_err(|errors| Reason::Team {
                problems: errors.iter().map(ToString::to_string).collect(),
            })
    }

    /// The quick team a computer seat of `faction` plays.
    pub fn computer_team(&self, catalog: &Catalog, faction: &str) -> Result<TeamSpec, Reason> {
        quick_team(catalog, faction, &self.team_rules()).map_err(|e| Reason::Lobby {
            detail: e.to_string(),
        })
    }

    /// The engine's setup for these teams, one per seat in seat order, with every model
    /// left for the engine's deployment before the game (FIELD-7): each seat's player
    /// places their own team in their own zone, answering the engine's `DeployTeam`.
    pub fn game_setup(&self, catalog: &Catalog, teams: &[TeamSpec]) -> Result<Setup, Reason> {
        let scenario = &self.setup.scenario;
        let built = match self.size {
            Some(size) => skirmish_of_size(catalog, scenario, size, Some(&self.layout), teams),
            None => skirmish(catalog, scenario, Some(&self.layout), teams, 0),
        }
        .and_then(|built| built.with_modules(&self.setup.modules))
        .map_err(|e| Reason::Lobby {
            detail: e.to_string(),
        })?;
        let (mut setup, _standard_plan) = built.to_deploy();
        if let Some(turn_limit) = self.setup.turn_limit {
            setup.victory = Victory {
                turn_limit: Some(turn_limit),
            };
        }
        Ok(setup)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lobby(seats: Vec<SeatKind>) -> LobbySetup {
        LobbySetup {
            scenario: "street_claim".into(),
            layout: None,
            seats,
            turn_limit: None,
            size: None,
            modules: Default::default(),
        }
    }

    #[test]
    fn a_lobby_needs_one_seat_per_player_and_known_bots() {
        let catalog = redline_content::starter();
        let two = lobby(vec![SeatKind::Remote, SeatKind::Local]);
        assert!(two.check(&catalog).is_ok());
        let one = lobby(vec![SeatKind::Remote]);
        assert!(matches!(one.check(&catalog), Err(Reason::Lobby { .. })));
        let bad_bot = lobby(vec![
            SeatKind::Remote,
            SeatKind::Computer {
                level: "genius".into(),
                faction: "choir".into(),
            },
        ]);
        assert!(matches!(bad_bot.check(&catalog), Err(Reason::Lobby { .. })));
    }

    #[test]
    fn field_1_team_5_a_lobby_of_a_size_takes_its_eb_limit_and_table() {
        let catalog = redline_content::starter();
        let mut big = lobby(vec![SeatKind::Remote, SeatKind::Local]);
        big.size = Some(200);
        let checked = big.check(&catalog).expect("a 200 EB lobby");
        assert_eq!(checked.eb_limit, 200); // TEAM-5
        let teams: Vec<TeamSpec> = ["ashfall", "tidewater"]
            .iter()
            .map(|f| checked.computer_team(&catalog, f).unwrap())
            .collect();
        let setup = checked.game_setup(&catalog, &teams).expect("setup");
        let table = setup.battlespace.table();
        assert_eq!([table.width, table.depth], [44.0, 30.0]); // FIELD-1
        big.size = Some(175);
        let Err(Reason::Lobby { detail }) = big.check(&catalog) else {
            panic!("175 EB accepted")
        };
        assert!(detail.contains("100, 150 or 200"), "{detail}");
        big.size = Some(200);
        big.layout = Some("pier_nine".into());
        let Err(Reason::Lobby { detail }) = big.check(&catalog) else {
            panic!("a 30x22 layout accepted for 200 EB")
        };
        assert!(detail.contains("44\" × 30\""), "{detail}");
    }

    #[test]
    fn team_5_a_team_over_the_eb_limit_is_refused_with_every_problem() {
        let catalog = redline_content::starter();
        let checked = lobby(vec![SeatKind::Remote, SeatKind::Local])
            .check(&catalog)
            .expect("lobby");
        let quick = checked.computer_team(&catalog, "tidewater").expect("quick");
        assert!(checked.check_team(&catalog, &quick).is_ok());
        let mut greedy = quick.clone();
        greedy = greedy.with_gonks("tide_dockhand", 40);
        let Err(Reason::Team { problems }) = checked.check_team(&catalog, &greedy) else {
            panic!("a team over the limit is refused");
        };
        assert!(!problems.is_empty());
    }
}

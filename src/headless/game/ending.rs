//! Why a game ended, in words for the result screen: the scenario goal that was met, the
//! last team standing, or the limit and the count that decided it (CTRL-21).

use redline_battlespace::Edge;
use redline_rules::scenario::{ExitEdge, Limit, Tiebreak};
use redline_rules::{EndReason, Outcome, WinCondition};

/// The reason under the result line: "Took out 5 rival models." or "At the limit of 200
/// turns of Control: level on models in play, more healthy tokens."
pub fn end_reason(outcome: &Outcome) -> String {
    let why = match outcome {
        Outcome::Win { why, .. } | Outcome::Draw { why } => why,
    };
    let drawn = matches!(outcome, Outcome::Draw { .. });
    match why {
        EndReason::Condition(c) => format!("{}.", goal(c)),
        EndReason::OnlyTeamLeft => "The only team with models left.".to_string(),
        EndReason::NoTeamLeft => "No team has a model left.".to_string(),
        EndReason::SameMoment(_) => "Both sides met a goal at the same moment.".to_string(),
        EndReason::Limit { limit, decided_by } => {
            let at = match limit {
                Limit::Turns(n) => format!("At the limit of {n} turns of Control"),
                Limit::Inspires(n) => format!("After {n} Inspires each"),
            };
            if drawn {
                let markers = match decided_by {
                    Tiebreak::MostMarkers => "markers, ",
                    Tiebreak::MostRescued => "casualties saved, ",
                    Tiebreak::MostQuarters => "quarters, ",
                    Tiebreak::MostModels | Tiebreak::MostHealthyTokens => "",
                };
                return format!("{at}: level on {markers}models in play and healthy tokens.");
            }
            let count = match decided_by {
                Tiebreak::MostMarkers => "more markers",
                Tiebreak::MostRescued => "more casualties saved",
                Tiebreak::MostQuarters => "more quarters controlled",
                Tiebreak::MostModels => "more models in play",
                Tiebreak::MostHealthyTokens => {
                    "level on models in play, more healthy tokens (fewer wounds)"
                }
            };
            format!("{at}: {count}.")
        }
    }
}

/// A scenario goal as met: "Took out the rival Leader".
fn goal(c: &WinCondition) -> String {
    let edge = |e: &ExitEdge| match e {
        ExitEdge::Fixed(edge) => format!("the {} edge", edge_name(*edge)),
        ExitEdge::OwnZone => "their own edge".to_string(),
        ExitEdge::OppositeZone => "the far edge".to_string(),
    };
    match c {
        WinCondition::LastStanding => "Last team standing".to_string(),
        WinCondition::TakeOutLeader => "Took out the rival Leader".to_string(),
        WinCondition::TakeOut(n) => format!("Took out {n} rival models"),
        WinCondition::ControlQuarters(n) => format!("Controlled {n} quarters at an Inspire"),
        WinCondition::HoldMarkers(n) => format!("Held {n} markers at an Inspire"),
        WinCondition::CarryMarkersOff { count, edge: e } => {
            format!("Carried {count} markers off {}", edge(e))
        }
        WinCondition::Escape { count, edge: e } => {
            format!("Got {count} models off {}", edge(e))
        }
        WinCondition::MostMarkersAtEnd => "Held the most markers at the end".to_string(),
        WinCondition::HoldOut => "Held out to the last round".to_string(),
        WinCondition::MostRescuedAtEnd => "Saved the most casualties by the end".to_string(),
        WinCondition::MostQuartersAtEnd => "Controlled the most quarters at the end".to_string(),
    }
}

/// A scenario goal still to meet, to follow "wins if you": "carry 1 marker off the south
/// edge" (the briefing of a co-op game).
pub fn aim(c: &WinCondition) -> String {
    let edge = |e: &ExitEdge| match e {
        ExitEdge::Fixed(edge) => format!("the {} edge", edge_name(*edge)),
        ExitEdge::OwnZone => "your own edge".to_string(),
        ExitEdge::OppositeZone => "the far edge".to_string(),
    };
    match c {
        WinCondition::LastStanding => "take out every rival model".to_string(),
        WinCondition::TakeOutLeader => "take out the rival Leader".to_string(),
        WinCondition::TakeOut(n) => format!("take out {n} rival models"),
        WinCondition::ControlQuarters(n) => format!("control {n} quarters at an Inspire"),
        WinCondition::HoldMarkers(n) => format!("hold {n} marker(s) at the end of an Inspire"),
        WinCondition::CarryMarkersOff { count, edge: e } => {
            format!("carry {count} marker(s) off {}", edge(e))
        }
        WinCondition::Escape { count, edge: e } => {
            format!("get {count} models off {}", edge(e))
        }
        WinCondition::MostMarkersAtEnd => "hold the most markers at the end".to_string(),
        WinCondition::HoldOut => "hold out to the last round".to_string(),
        WinCondition::MostRescuedAtEnd => "save the most casualties by the end".to_string(),
        WinCondition::MostQuartersAtEnd => "control the most quarters at the end".to_string(),
    }
}

/// A table edge in words.
fn edge_name(edge: Edge) -> &'static str {
    match edge {
        Edge::West => "west",
        Edge::East => "east",
        Edge::North => "north",
        Edge::South => "south",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use redline_rules::{Seat, TeamId};

    fn win(why: EndReason) -> Outcome {
        Outcome::Win {
            team: TeamId(0),
            seats: vec![Seat(0)],
            why,
        }
    }

    #[test]
    fn ctrl_21_the_result_says_which_count_decided_the_limit() {
        let limit = |decided_by| EndReason::Limit {
            limit: Limit::Turns(200),
            decided_by,
        };
        assert_eq!(
            end_reason(&win(limit(Tiebreak::MostHealthyTokens))),
            "At the limit of 200 turns of Control: level on models in play, more healthy \
             tokens (fewer wounds)."
        );
        assert_eq!(
            end_reason(&Outcome::Draw {
                why: limit(Tiebreak::MostModels)
            }),
            "At the limit of 200 turns of Control: level on models in play and healthy tokens."
        );
        assert_eq!(
            end_reason(&win(EndReason::Condition(WinCondition::TakeOut(5)))),
            "Took out 5 rival models."
        );
    }
}

//! How a scenario is won, in words for the Setup screens: each seat's or side's goals from
//! the scenario sheet and its round limit (CTRL-18, CTRL-21, FIELD-6). Nothing here decides
//! a win; the engine does (`Game::win_conditions`).

use redline_content::scenario_rules::scenario_rules;
use redline_content::schema::Scenario;
use redline_rules::scenario::Role;

use crate::headless::game::ending::aim;

/// The scenario's terms: who wins by what ("Wins by: control 3 quarters at an Inspire, or
/// …"), one line per side where the sheet gives sides, and the round limit when it has one
/// ("The game ends when every crew has Inspired 6 times.").
pub fn terms(scenario: &Scenario) -> Vec<String> {
    let (rules, _) = scenario_rules(scenario);
    let goals = |own: &[redline_rules::WinCondition]| {
        let mut aims: Vec<String> = rules.win.iter().chain(own).map(aim).collect();
        aims.dedup();
        aims.join(", or ")
    };
    let mut lines = Vec::new();
    if rules.sides.is_empty() {
        lines.push(format!("Wins by: {}.", goals(&[])));
    }
    for side in &rules.sides {
        let role = match side.role {
            Role::Attacker => "attacker",
            Role::Defender => "defender",
        };
        let seat = side.seat.0 + 1;
        lines.push(format!(
            "Seat {seat} ({role}) wins by: {}.",
            goals(&side.win)
        ));
    }
    if let Some(n) = rules.inspire_limit() {
        lines.push(format!(
            "The game ends when every crew has Inspired {n} times; then its counts decide."
        ));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    fn starter(id: &str) -> Scenario {
        redline_content::starter()
            .scenarios
            .get(id)
            .cloned()
            .expect("a starter scenario")
    }

    #[test]
    fn field_6_ctrl_21_street_claim_names_its_quarters_and_its_round_limit() {
        let lines = terms(&starter("street_claim"));
        assert_eq!(
            lines,
            vec![
                "Wins by: control 3 quarters at an Inspire, or control the most quarters at \
                 the end, or take out every rival model."
                    .to_string(),
                "The game ends when every crew has Inspired 6 times; then its counts decide."
                    .to_string(),
            ]
        );
    }

    #[test]
    fn ctrl_18_a_scenario_with_sides_gives_each_side_its_goals() {
        let lines = terms(&starter("relay_siege"));
        assert!(
            lines[0].starts_with("Seat 1 (defender) wins by: "),
            "{lines:?}"
        );
        assert!(
            lines[1].starts_with("Seat 2 (attacker) wins by: "),
            "{lines:?}"
        );
        assert!(lines[2].contains("Inspired 5 times"), "{lines:?}");
    }
}

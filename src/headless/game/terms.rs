//! How a scenario is won, in words for the Setup screens: each seat's or side's goals from
//! the scenario sheet and its round limit (CTRL-18, CTRL-21, FIELD-6). Nothing here decides
//! a win; the engine does (`Game::win_conditions`).

use redline_content::scenario_rules::scenario_rules;
use redline_content::schema::Scenario;
use redline_rules::scenario::{Role, Tiebreak};

use crate::headless::game::ending::aim;

/// The scenario's terms: who wins by what ("Wins by: control 3 quarters at an Inspire, or
/// …"), one line per side where the sheet gives sides, and the round limit when it has one
/// and the counts that then decide ("The game ends when every crew has Inspired 6 times:
/// the crew with the most quarters controlled wins; …").
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
        let counts: Vec<&str> = rules.limit_counts().into_iter().map(count_words).collect();
        let (first, rest) = counts
            .split_first()
            .expect("models and tokens always count");
        lines.push(format!(
            "The game ends when every crew has Inspired {n} times: the crew with the {first} \
             wins; level on that, the {}.",
            rest.join(", then the ")
        ));
    }
    lines
}

/// A count a limit is decided by, in words: "most models in play".
fn count_words(count: Tiebreak) -> &'static str {
    match count {
        Tiebreak::MostRescued => "most casualties saved",
        Tiebreak::MostQuarters => "most quarters controlled",
        Tiebreak::MostMarkers => "most markers held or carried off",
        Tiebreak::MostModels => "most models in play",
        Tiebreak::MostHealthyTokens => "most healthy tokens",
    }
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
                "The game ends when every crew has Inspired 6 times: the crew with the most \
                 quarters controlled wins; level on that, the most models in play, then the \
                 most healthy tokens."
                    .to_string(),
            ]
        );
    }

    #[test]
    fn ctrl_21_take_the_head_s_round_limit_is_decided_by_models_in_play() {
        let lines = terms(&starter("take_the_head"));
        assert_eq!(
            lines[1],
            "The game ends when every crew has Inspired 6 times: the crew with the most models \
             in play wins; level on that, the most healthy tokens."
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

//! How each crew plays in the arena: per bot and faction, the share of its actions that
//! are attacks, moves toward the scenario goal, brawls and net actions
//! ([`redline_ai::action_style`]), to show that the factions' personalities differ.

use std::collections::BTreeMap;

use redline_ai::ActionStyle;
use serde::Serialize;

/// Counts of one seat's actions by kind over a game or a pairing.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct StyleCount {
    /// Actions chosen (every action command; not Take Control, defences or passing).
    pub actions: u32,
    /// Attacks.
    pub attacks: u32,
    /// Moves ending nearer the model's scenario goal.
    pub toward_goal: u32,
    /// Attacks on a rival in a Brawl.
    pub brawls: u32,
    /// Netrunning actions.
    pub net: u32,
}

impl StyleCount {
    /// Counts one chosen command by its style (`None`: not an action, not counted).
    pub fn note(&mut self, style: Option<ActionStyle>) {
        let Some(s) = style else { return };
        self.actions += 1;
        self.attacks += u32::from(s.attack);
        self.toward_goal += u32::from(s.toward_goal);
        self.brawls += u32::from(s.brawl);
        self.net += u32::from(s.net);
    }

    fn add(&mut self, o: &StyleCount) {
        self.actions += o.actions;
        self.attacks += o.attacks;
        self.toward_goal += o.toward_goal;
        self.brawls += o.brawls;
        self.net += o.net;
    }
}

/// One bot playing one faction over a pairing's games.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FactionStyle {
    /// The bot's level name.
    pub bot: String,
    /// The faction id.
    pub faction: String,
    /// Actions chosen.
    pub actions: u32,
    /// Share of them that are attacks.
    pub attack_share: f64,
    /// Share that are moves toward the scenario goal (markers where the scenario has them).
    pub toward_goal_share: f64,
    /// Share that are attacks in a Brawl (BRAWL-1).
    pub brawl_share: f64,
    /// Share that are netrunning actions.
    pub net_share: f64,
}

/// The tally by (bot, faction).
#[derive(Debug, Default)]
pub struct Tally {
    counts: BTreeMap<(String, String), StyleCount>,
}

impl Tally {
    /// Adds one seat's counts, played by `bot` for `faction`.
    pub fn note(&mut self, bot: &str, faction: &str, count: &StyleCount) {
        self.counts
            .entry((bot.to_owned(), faction.to_owned()))
            .or_default()
            .add(count);
    }

    /// Every (bot, faction) seen, by name.
    pub fn rows(&self) -> Vec<FactionStyle> {
        self.counts
            .iter()
            .map(|((bot, faction), c)| {
                let share = |k: u32| {
                    if c.actions == 0 {
                        0.0
                    } else {
                        f64::from(k) / f64::from(c.actions)
                    }
                };
                FactionStyle {
                    bot: bot.clone(),
                    faction: faction.clone(),
                    actions: c.actions,
                    attack_share: share(c.attacks),
                    toward_goal_share: share(c.toward_goal),
                    brawl_share: share(c.brawls),
                    net_share: share(c.net),
                }
            })
            .collect()
    }
}

/// The text block of a pairing's styles by faction.
pub fn human(rows: &[FactionStyle]) -> String {
    if rows.is_empty() {
        return String::new();
    }
    let mut s = String::from(
        "  style by faction (share of actions: attacks / moves toward the goal / brawls / net):\n",
    );
    for r in rows {
        s += &format!(
            "    {:<8} {:<10} {:>7} actions: {:.1}% / {:.1}% / {:.1}% / {:.1}%\n",
            r.bot,
            r.faction,
            r.actions,
            100.0 * r.attack_share,
            100.0 * r.toward_goal_share,
            100.0 * r.brawl_share,
            100.0 * r.net_share
        );
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn style(attack: bool, brawl: bool, toward_goal: bool, net: bool) -> Option<ActionStyle> {
        Some(ActionStyle {
            attack,
            brawl,
            toward_goal,
            net,
        })
    }

    #[test]
    fn shares_count_each_kind_over_the_actions_of_a_bot_and_faction() {
        let mut a = StyleCount::default();
        a.note(style(true, true, false, false));
        a.note(style(true, false, false, false));
        a.note(style(false, false, true, false));
        a.note(style(false, false, false, true));
        a.note(None); // not an action: not counted
        let mut b = StyleCount::default();
        b.note(style(false, false, false, false));
        let mut t = Tally::default();
        t.note("normal", "ashfall", &a);
        t.note("normal", "choir", &b);
        let rows = t.rows();
        assert_eq!(rows.len(), 2);
        let ash = &rows[0];
        assert_eq!((ash.faction.as_str(), ash.actions), ("ashfall", 4));
        assert_eq!(
            (
                ash.attack_share,
                ash.toward_goal_share,
                ash.brawl_share,
                ash.net_share
            ),
            (0.5, 0.25, 0.25, 0.25)
        );
        assert_eq!(rows[1].attack_share, 0.0);
        let text = human(&rows);
        assert!(
            text.contains("normal   ashfall          4 actions: 50.0% / 25.0% / 25.0% / 25.0%"),
            "{text}"
        );
    }
}

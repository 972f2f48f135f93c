//! The dice and how an Opposed Roll is decided: Crit, Fumble, ties (DICE-1..DICE-12, OPEN-3,
//! OPEN-4). Pure functions, shared by the engine and [`crate::dice::odds`].

mod gained_luck;
pub(crate) mod luck;
mod luck_view;
pub mod odds;

use serde::{Deserialize, Serialize};

use crate::setup::card::Colour;

/// A die that can be rolled in an Opposed Roll (Dice glossary).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Die {
    /// An action die of a colour: GREEN d12, YELLOW d8, RED d6 (DICE-1).
    Action(Colour),
    /// The black d10 Obstacle die, rolled with no Skill (DICE-3).
    Obstacle,
}

impl Die {
    /// Number of faces, numbered 1..=N (OPEN-4).
    pub fn faces(self) -> u8 {
        match self {
            Die::Action(colour) => colour.die_faces(),
            Die::Obstacle => 10,
        }
    }

    /// The Crit face: the highest (DICE-6; OPEN-3 for the Obstacle die).
    pub fn crit_face(self) -> u8 {
        self.faces()
    }

    /// The Fumble face: the lowest (DICE-6; OPEN-3 for the Obstacle die).
    pub fn fumble_face(self) -> u8 {
        1
    }

    /// Short name for logs: "d12 GREEN", "d10 Obstacle".
    pub fn label(self) -> String {
        match self {
            Die::Action(colour) => format!("d{} {}", colour.die_faces(), colour.name()),
            Die::Obstacle => "d10 Obstacle".to_string(),
        }
    }
}

/// One side's result in an Opposed Roll: the die, its face and the modifiers added to it
/// (Skill, Armor, cover, penalties; DICE-12).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SideRoll {
    /// The die rolled.
    pub die: Die,
    /// The face shown, 1..=faces.
    pub face: u8,
    /// Everything added to the face.
    pub modifier: i16,
}

impl SideRoll {
    /// Face plus modifiers.
    pub fn total(&self) -> i16 {
        i16::from(self.face) + self.modifier
    }

    /// The highest face came up (DICE-6).
    pub fn is_crit(&self) -> bool {
        self.face == self.die.crit_face()
    }

    /// The lowest face came up (DICE-6).
    pub fn is_fumble(&self) -> bool {
        self.face == self.die.fumble_face()
    }
}

/// Whether the actor wins an Opposed Roll against the opposer (DICE-4..DICE-10, OPEN-3).
///
/// * A Fumble always fails; if both Fumble, the defender wins (DICE-9, DICE-10).
/// * A Crit succeeds whatever the modifiers unless the other side also Crits; two Crits are a
///   tie and the defender wins (DICE-7, DICE-8).
/// * Otherwise the actor needs a strictly higher total (DICE-4); against the Obstacle die the
///   actor is the attacker and fails ties (DICE-5).
pub fn actor_wins(actor: &SideRoll, opposer: &SideRoll) -> bool {
    if actor.is_fumble() {
        return false;
    }
    if opposer.is_fumble() {
        return true;
    }
    match (actor.is_crit(), opposer.is_crit()) {
        (true, true) => false,
        (true, false) => true,
        (false, true) => false,
        (false, false) => actor.total() > opposer.total(),
    }
}

/// Rank of a defence result for "lowest roll" comparisons (BRAWL-9, KW-8): a Fumble is the
/// lowest possible result and a Crit the highest, whatever the modifiers (OPEN-4).
///
/// Returns a key where a smaller value is a worse defence.
pub fn defence_rank(roll: &SideRoll) -> (u8, i16) {
    if roll.is_fumble() {
        (0, 0)
    } else if roll.is_crit() {
        (2, 0)
    } else {
        (1, roll.total())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn roll(die: Die, face: u8, modifier: i16) -> SideRoll {
        SideRoll {
            die,
            face,
            modifier,
        }
    }

    const G: Die = Die::Action(Colour::Green);
    const Y: Die = Die::Action(Colour::Yellow);
    const R: Die = Die::Action(Colour::Red);

    #[test]
    fn dice_1_colours_map_to_d12_d8_d6() {
        assert_eq!(G.faces(), 12);
        assert_eq!(Y.faces(), 8);
        assert_eq!(R.faces(), 6);
        assert_eq!(Die::Obstacle.faces(), 10); // DICE-3
    }

    #[test]
    fn dice_4_actor_needs_strictly_higher_total() {
        assert!(actor_wins(&roll(Y, 7, 2), &roll(G, 6, 2)));
        assert!(!actor_wins(&roll(Y, 7, 1), &roll(G, 6, 2))); // EX-1: 8 vs 8, defender wins
        assert!(!actor_wins(&roll(Y, 5, 0), &roll(G, 6, 0)));
    }

    #[test]
    fn dice_5_ties_against_the_obstacle_die_fail() {
        assert!(!actor_wins(&roll(G, 5, 0), &roll(Die::Obstacle, 5, 0)));
        assert!(actor_wins(&roll(G, 6, 0), &roll(Die::Obstacle, 5, 0)));
    }

    #[test]
    fn dice_7_crit_beats_any_modifier() {
        assert!(actor_wins(&roll(R, 6, 0), &roll(G, 11, 9)));
        assert!(!actor_wins(&roll(G, 11, 9), &roll(R, 6, 0)));
    }

    #[test]
    fn dice_8_two_crits_tie_and_defender_wins() {
        assert!(!actor_wins(&roll(G, 12, 5), &roll(R, 6, 0)));
    }

    #[test]
    fn dice_9_and_dice_10_fumble_always_fails() {
        assert!(!actor_wins(&roll(G, 1, 10), &roll(R, 2, 0)));
        assert!(actor_wins(&roll(R, 2, 0), &roll(G, 1, 10))); // DICE-10: defender fumbled
        assert!(!actor_wins(&roll(G, 1, 0), &roll(R, 1, 0))); // both fumble: defender
        assert!(actor_wins(&roll(R, 1 + 1, 0), &roll(R, 1, 5)));
    }

    #[test]
    fn dice_12_modifiers_never_cancel_crit_or_fumble() {
        // A Fumble with a huge bonus still fails; a Crit with a penalty still succeeds.
        assert!(!actor_wins(&roll(Y, 1, 50), &roll(Y, 2, -5)));
        assert!(actor_wins(&roll(Y, 8, -20), &roll(Y, 7, 20)));
    }

    #[test]
    fn open_3_obstacle_die_crits_and_fumbles() {
        assert!(!actor_wins(&roll(G, 11, 5), &roll(Die::Obstacle, 10, 0)));
        assert!(actor_wins(&roll(R, 2, 0), &roll(Die::Obstacle, 1, 0)));
        assert!(!actor_wins(&roll(R, 1, 0), &roll(Die::Obstacle, 1, 0)));
    }

    #[test]
    fn open_4_fumble_ranks_lowest_and_crit_highest() {
        assert!(defence_rank(&roll(G, 1, 9)) < defence_rank(&roll(R, 2, -3)));
        assert!(defence_rank(&roll(R, 6, -5)) > defence_rank(&roll(G, 11, 9)));
    }
}

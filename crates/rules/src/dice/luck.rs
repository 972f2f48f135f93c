//! Luck: starting tokens (LUCK-1, LUCK-6, OPEN-10) and the order in which players may
//! re-roll the dice of an Opposed Roll (LUCK-4, OPEN-8, OPEN-9).

use serde::Serialize;

use crate::ids::Seat;
use crate::setup::Setup;
use crate::setup::cards::Ability;

/// Luck each seat starts with: 3, plus what its cards add (LUCK-1), plus Underdog's Luck
/// against the highest Street Cred among its opponents (LUCK-1, LUCK-6, OPEN-10), plus the
/// scenario's extra Luck, unless the setup states a number.
pub(crate) fn starting_luck(setup: &Setup) -> Vec<u8> {
    let cred = |seat: usize| -> u32 {
        setup
            .models
            .iter()
            .filter(|m| usize::from(m.owner.0) == seat && m.profile.is_character())
            .map(|m| u32::from(m.profile.stars))
            .sum()
    };
    // LUCK-1: cards that add Luck, on the character card or its Gear.
    let extra = |seat: usize| -> u32 {
        setup
            .models
            .iter()
            .filter(|m| usize::from(m.owner.0) == seat)
            .map(|m| {
                let gear: u32 = m
                    .profile
                    .cards
                    .iter()
                    .flat_map(|c| &c.abilities)
                    .map(|a| match a {
                        Ability::ExtraLuck(x) => u32::from(*x),
                        _ => 0,
                    })
                    .sum();
                u32::from(m.profile.luck) + gear
            })
            .sum()
    };
    (0..setup.players.len())
        .map(|s| {
            if let Some(l) = setup.players[s].luck {
                return l;
            }
            let mine = cred(s);
            // THIRD-2: the third force is nobody's rival for Underdog's Luck.
            let neutral = setup.third_force.as_ref().map(|f| usize::from(f.seat.0));
            let best_rival = (0..setup.players.len())
                .filter(|&o| setup.players[o].team != setup.players[s].team)
                .filter(|&o| Some(o) != neutral)
                .map(cred)
                .max()
                .unwrap_or(0);
            let scenario = u32::from(setup.scenario.extra_luck());
            (3 + extra(s) + best_rival.saturating_sub(mine) + scenario).min(255) as u8
        })
        .collect()
}

/// Who is offered which die next (LUCK-4 generalised by OPEN-8).
///
/// Round 1 visits the players in order (Control player first, then clockwise), one offer
/// per die they rolled that has not been re-rolled. Round 2 gives one more chance to every
/// player who re-rolled nothing and was passed by a later re-roll.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct LuckRound {
    pub order: Vec<Seat>,
    pub round: u8,
    pub seat_i: usize,
    pub die_i: usize,
    pub rerolled_any: Vec<bool>,
    pub had_turn: Vec<bool>,
    pub second_chance: Vec<bool>,
}

impl LuckRound {
    pub fn new(order: Vec<Seat>) -> LuckRound {
        let n = order.len();
        LuckRound {
            order,
            round: 1,
            seat_i: 0,
            die_i: 0,
            rerolled_any: vec![false; n],
            had_turn: vec![false; n],
            second_chance: vec![false; n],
        }
    }

    /// The next die to offer: index into the roll's sides (0 = actor). `owner(i)` gives the
    /// seat of side i, whether it may still be re-rolled and whether that re-roll is free
    /// (Accurate, KW-3); `luck(seat)` the tokens left.
    pub fn next_offer(
        &mut self,
        sides: usize,
        owner: impl Fn(usize) -> (Seat, bool, bool),
        luck: impl Fn(Seat) -> u8,
    ) -> Option<usize> {
        loop {
            if self.seat_i >= self.order.len() {
                if self.round == 1 {
                    self.round = 2;
                    self.seat_i = 0;
                    self.die_i = 0;
                    continue;
                }
                return None;
            }
            let seat = self.order[self.seat_i];
            let eligible = self.round == 1
                || (!self.rerolled_any[self.seat_i] && self.second_chance[self.seat_i]);
            if eligible {
                let paid = luck(seat) > 0;
                while self.die_i < sides {
                    let (s, open, free) = owner(self.die_i);
                    if s == seat && open && (paid || free) {
                        return Some(self.die_i);
                    }
                    self.die_i += 1;
                }
            }
            if self.round == 1 {
                self.had_turn[self.seat_i] = true;
            } else {
                self.second_chance[self.seat_i] = false;
            }
            self.seat_i += 1;
            self.die_i = 0;
        }
    }

    /// The die offered was kept.
    pub fn kept(&mut self) {
        self.die_i += 1;
    }

    /// The die offered was re-rolled: everyone who already passed gets one more chance.
    pub fn rerolled(&mut self) {
        let me = self.seat_i;
        self.rerolled_any[me] = true;
        for j in 0..self.order.len() {
            if j != me && self.had_turn[j] && !self.rerolled_any[j] {
                self.second_chance[j] = true;
            }
        }
        self.die_i += 1;
    }
}

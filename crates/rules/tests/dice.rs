//! DICE: die colours, Opposed Rolls, Crit and Fumble, ties, modifiers — proven through whole
//! actions resolved with loaded dice.

mod common;

use common::*;
use redline_rules::card::Colour;
use redline_rules::dice::Die;
use redline_rules::{Command, Event, Target, basic};

const G: Die = Die::Action(Colour::Green);
const Y: Die = Die::Action(Colour::Yellow);
const R: Die = Die::Action(Colour::Red);

/// Model 0 shoots model 1 with `token`; model 1 defends with `defence`. Returns the events
/// of the defence (the roll and its result).
fn shoot(faces: &[u8], token: u8, defence: u8) -> (redline_rules::Game, Vec<Event>) {
    let mut g = start_loaded(duel(), faces);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(
        &mut g,
        act(m(0), basic::RANGED, Some(token), Target::Model(m(1))),
    );
    let ev = ok(&mut g, defend(Some(defence)));
    (g, ev)
}

fn verdict(ev: &[Event]) -> Vec<bool> {
    ev.iter()
        .find_map(|e| match e {
            Event::RollDecided { actor_won } => Some(actor_won.clone()),
            _ => None,
        })
        .expect("a RollDecided event")
}

#[test]
fn dice_1_token_colour_picks_the_die_and_a_gonk_uses_its_card_colour() {
    // GREEN token → d12 for the actor, RED defence token → d6 for the defender.
    let (_, ev) = shoot(&[5, 2], 0, 2);
    let dice = rolled(&ev);
    assert_eq!(dice[0], die_result(Some(m(0)), P0, G, 5, 2));
    assert_eq!(dice[1], die_result(Some(m(1)), P1, R, 2, 1));
    assert_eq!(G.faces(), 12);
    assert_eq!(Y.faces(), 8);
    assert_eq!(R.faces(), 6);

    // A Gonk (YELLOW card colour) rolls a d8 when it acts during Inspire.
    let setup = common::with_models(vec![
        model(character("Boss"), 0, [8.0, 0.0, 7.0]),
        model(gonk("Grunt"), 0, [12.0, 0.0, 7.0]),
        model(character("Target"), 1, [12.0, 0.0, 17.0]),
    ]);
    let setup = redline_rules::Setup {
        players: no_luck().players,
        ..setup
    };
    let mut g = start_loaded(setup, &[6, 2, 5, 1]);
    // Spend a token so Inspire is allowed (CTRL-3), then Inspire.
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, ranged_attack(m(0), 2, m(2)));
    ok(&mut g, defend(Some(0)));
    while g.decision().map(|d| d.seat) == Some(P1) {
        ok(&mut g, Command::DeclineReaction);
    }
    ok(&mut g, Command::EndActivation);
    // Rival takes Control and must Activate; end it at once.
    ok(&mut g, Command::Activate { model: m(2) });
    ok(&mut g, Command::EndActivation);
    ok(&mut g, Command::Inspire { seat: P0 });
    ok(&mut g, act(m(1), basic::RANGED, None, Target::Model(m(2))));
    let ev = ok(&mut g, defend(Some(2)));
    assert_eq!(rolled(&ev)[0], die_result(Some(m(1)), P0, Y, 5, 2));
}

#[test]
fn dice_2_green_is_best_then_yellow_then_red() {
    assert!(Colour::Green.quality() > Colour::Yellow.quality());
    assert!(Colour::Yellow.quality() > Colour::Red.quality());
}

#[test]
fn dice_3_dice_5_friendly_target_rolls_the_obstacle_die_with_no_skill_and_ties_fail() {
    // Basic Command on a friendly character: Influence 0 + GREEN 7 vs Obstacle 7 → tie, fails.
    let setup = no_luck_with(vec![
        model(character("Boss"), 0, [8.0, 0.0, 7.0]),
        model(character("Aide"), 0, [10.0, 0.0, 7.0]),
        model(character("Rival"), 1, [8.0, 0.0, 20.0]),
    ]);
    let mut g = start_loaded(setup, &[7, 7]);
    ok(&mut g, Command::Activate { model: m(0) });
    let ev = ok(
        &mut g,
        act(m(0), basic::COMMAND, Some(0), Target::Model(m(1))),
    );
    let dice = rolled(&ev);
    assert_eq!(dice[1], die_result(None, P1, Die::Obstacle, 7, 0));
    assert_eq!(Die::Obstacle.faces(), 10);
    assert_eq!(verdict(&ev), vec![false]);
    assert_eq!(g.active_model(), Some(m(0)));
}

#[test]
fn dice_4_actor_needs_a_strictly_higher_total() {
    // 6 + 2 = 8 vs 7 + 1 = 8: tie, the defender wins.
    let (g, ev) = shoot(&[6, 7], 0, 0);
    assert_eq!(verdict(&ev), vec![false]);
    assert_eq!(g.tokens(m(1))[0].colour, Colour::Green);
    // 7 + 2 = 9 vs 7 + 1 = 8: hit.
    let (g, ev) = shoot(&[7, 7], 0, 0);
    assert_eq!(verdict(&ev), vec![true]);
    assert_eq!(g.tokens(m(1))[0].colour, Colour::Red);
}

#[test]
fn dice_6_crit_is_the_highest_face_and_fumble_the_lowest() {
    for (d, n) in [(G, 12), (Y, 8), (R, 6), (Die::Obstacle, 10)] {
        assert_eq!(d.crit_face(), n);
        assert_eq!(d.fumble_face(), 1);
    }
}

#[test]
fn dice_7_a_crit_succeeds_whatever_the_modifiers() {
    // RED token d6 Crit 6 + 2 = 8 against GREEN 11 + 1 = 12: the Crit still hits.
    let (_, ev) = shoot(&[6, 11], 2, 0);
    assert_eq!(verdict(&ev), vec![true]);
}

#[test]
fn dice_8_two_crits_tie_and_the_defender_wins() {
    // GREEN Crit 12 + 2 vs RED Crit 6 + 1: tie, defender wins.
    let (g, ev) = shoot(&[12, 6], 0, 2);
    assert_eq!(verdict(&ev), vec![false]);
    assert!(g.tokens(m(1)).iter().all(|t| t.colour == t.original));
}

#[test]
fn dice_9_a_fumble_always_fails() {
    // Both Fumble: the defender wins.
    let (_, ev) = shoot(&[1, 1], 0, 0);
    assert_eq!(verdict(&ev), vec![false]);
    // Actor Fumbles against a low non-Fumble total: still fails.
    let (_, ev) = shoot(&[1, 2], 0, 2);
    assert_eq!(verdict(&ev), vec![false]);
}

/// [`shoot`] at a target whose Reflexes are `reflexes`.
fn shoot_reflexes(
    faces: &[u8],
    token: u8,
    defence: u8,
    reflexes: i8,
) -> (redline_rules::Game, Vec<Event>) {
    let mut setup = duel();
    let target = redline_rules::card::ModelProfile {
        skills: redline_rules::card::Skills {
            reflexes,
            ..redline_rules::card::Skills::default()
        },
        ..character("Target")
    };
    setup.models[1].profile = std::sync::Arc::new(target);
    let mut g = start_loaded(setup, faces);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(
        &mut g,
        act(m(0), basic::RANGED, Some(token), Target::Model(m(1))),
    );
    let ev = ok(&mut g, defend(Some(defence)));
    (g, ev)
}

#[test]
fn dice_10_a_defender_who_fumbles_loses_unless_the_actor_also_fumbled() {
    // RED 2 + 2 = 4 against a GREEN Fumble with Reflexes 6 (1 + 6 = 7): the higher total
    // loses, only because the defender Fumbled.
    let (_, ev) = shoot_reflexes(&[2, 1], 2, 0, 6);
    let dice = rolled(&ev);
    assert!(dice[0].total < dice[1].total, "{dice:?}");
    assert_eq!(verdict(&ev), vec![true]);
    // Both Fumble: the actor's 1 + 2 = 3 beats the defender's 1 + 0 = 1, yet the defender
    // wins.
    let (_, ev) = shoot_reflexes(&[1, 1], 1, 0, 0);
    let dice = rolled(&ev);
    assert!(dice[0].total > dice[1].total, "{dice:?}");
    assert_eq!(verdict(&ev), vec![false]);
}

#[test]
fn dice_11_dice_12_modifiers_add_to_the_total_not_the_face() {
    let (_, ev) = shoot(&[3, 4], 1, 1);
    let dice = rolled(&ev);
    assert_eq!((dice[0].face, dice[0].modifier, dice[0].total), (3, 2, 5));
    assert_eq!((dice[1].face, dice[1].modifier, dice[1].total), (4, 1, 5));
}

#[test]
fn dice_11_a_crit_succeeds_however_low_its_total_and_a_fumble_fails_however_high() {
    // RED Crit 6 + 2 = 8 against GREEN 11 + 6 = 17: the lower total wins by its Crit.
    let (_, ev) = shoot_reflexes(&[6, 11], 2, 0, 6);
    let dice = rolled(&ev);
    assert_eq!(dice[0].face, R.crit_face());
    assert!(dice[0].total < dice[1].total, "{dice:?}");
    assert_eq!(verdict(&ev), vec![true]);
    // GREEN Fumble 1 + 2 = 3 against RED 2 + 0 = 2: the higher total fails by its Fumble.
    let (_, ev) = shoot_reflexes(&[1, 2], 0, 2, 0);
    let dice = rolled(&ev);
    assert!(dice[0].total > dice[1].total, "{dice:?}");
    assert_eq!(verdict(&ev), vec![false]);
}

#[test]
fn dice_13_no_core_rule_rolls_a_d4() {
    // Every die the engine can roll: three action dice and the Obstacle die.
    let faces: Vec<u8> = [G, Y, R, Die::Obstacle].iter().map(|d| d.faces()).collect();
    assert!(!faces.contains(&4));
}

//! Luck as a player sees it before the engine asks: what each seat starts with and who may
//! still spend Luck on a roll.

mod common;

use common::*;
use redline_rules::Seat;
use redline_rules::basic;
use redline_rules::card::Colour;
use redline_rules::dice::Die;

#[test]
fn luck_1_luck_6_the_setup_tells_the_luck_each_seat_starts_with() {
    let setup = with_models(vec![
        model(character("Shooter"), 0, [8.0, 0.0, 7.0]),
        model(
            redline_rules::card::ModelProfile {
                stars: 2,
                ..character("Veteran")
            },
            1,
            [8.0, 0.0, 17.0],
        ),
    ]);
    let starting = setup.starting_luck();
    let g = start(setup);
    assert_eq!(starting, vec![g.luck(Seat(0)), g.luck(Seat(1))]);
    // LUCK-6: the seat facing two more stars of Street Cred starts with two more.
    assert_eq!(starting, vec![5, 3]);
}

#[test]
fn luck_8_no_luck_is_offered_on_a_drones_defence_die() {
    let g = start(with_models(vec![
        model(character("Shooter"), 0, [8.0, 0.0, 7.0]),
        model(drone("Spider"), 1, [8.0, 0.0, 17.0]),
        model(character("Target"), 1, [14.0, 0.0, 17.0]),
    ]));
    assert!(g.luck(Seat(1)) > 0, "seat 1 has Luck to spend");
    let actor = die_result(Some(m(0)), Seat(0), Die::Action(Colour::Green), 5, 2);
    let against = |who| die_result(Some(who), Seat(1), Die::Obstacle, 4, 0);
    let at_drone = g.odds_of_roll(&actor, &against(m(1)), Some(basic::RANGED));
    assert!(at_drone.actor_luck);
    assert!(!at_drone.opposer_luck); // LUCK-8
    let at_character = g.odds_of_roll(&actor, &against(m(2)), Some(basic::RANGED));
    assert!(at_character.opposer_luck);
    assert!(at_character.actor_has_control);
}

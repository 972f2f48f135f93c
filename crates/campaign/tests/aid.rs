//! AID-12: recovery after a game with the AID module on. A character Downed and never
//! revived is taken out at the end (AID-11) and rolls as taken out (CAMP-29); a revived one
//! still standing rolls as wounded, with the best colour it has left (CAMP-28). AID-3 in the
//! Objective tally: a Downed model is credited once.

use std::sync::Arc;

use redline_campaign::recovery_of;
use redline_campaign::track::ObjectiveTracker;
use redline_rules::card::{Colour, ModelProfile, Skills};
use redline_rules::geometry::open_table;
use redline_rules::{
    ActionCommand, Command, FIRST_AID, Game, ModelId, ModelSetup, Module, PlayerSetup, Seat, Setup,
    Target, TeamId, Victory, basic,
};

const A: ModelId = ModelId(0);
const V: ModelId = ModelId(1);
const N: ModelId = ModelId(2);

fn profile(name: &str, tokens: Vec<Colour>, medical: i8, stars: u8) -> ModelProfile {
    ModelProfile {
        card_id: name.to_lowercase(),
        name: name.to_owned(),
        keywords: Vec::new(),
        tokens,
        gonk_colour: None,
        skills: Skills {
            reflexes: 1,
            ranged: 2,
            medical,
            ..Skills::default()
        },
        card_armor: 0,
        actions: Vec::new(),
        defenses: Vec::new(),
        cards: Vec::new(),
        programs: Vec::new(),
        luck: 0,
        stars,
        base_mm: 27.0,
        construct: None,
    }
}

/// Shooter A (seat 0); Veteran V (seat 1, one star, one GREEN token) 5" away; medic N
/// (seat 1, Medical 2) beside V, unless `medic` is false. AID on, no Luck.
fn game(medic: bool, faces: &[u8]) -> Game {
    let place = |p: ModelProfile, seat: u8, position: [f32; 3]| ModelSetup {
        entry: Default::default(),
        profile: Arc::new(p),
        owner: Seat(seat),
        position,
        hacked: 0,
    };
    let mut models = vec![
        place(
            profile(
                "A",
                vec![Colour::Green, Colour::Yellow, Colour::Yellow],
                0,
                0,
            ),
            0,
            [11.0, 0.0, 10.0],
        ),
        place(
            profile("V", vec![Colour::Green], 0, 1),
            1,
            [16.0, 0.0, 10.0],
        ),
    ];
    if medic {
        models.push(place(
            profile("N", vec![Colour::Green, Colour::Yellow], 2, 0),
            1,
            [16.0, 0.0, 11.3],
        ));
    }
    let setup = Setup {
        battlespace: open_table(24.0, 24.0),
        players: (0..2)
            .map(|s| PlayerSetup {
                name: format!("P{s}"),
                team: TeamId(s),
                luck: Some(0),
            })
            .collect(),
        models,
        first_control: Seat(0),
        victory: Victory {
            turn_limit: Some(50),
        },
        loot_deck: Vec::new(),
        loaded_dice: faces.to_vec(),
        modules: [Module::Aid].into(),
        scenario: Default::default(),
        third_force: None,
    };
    let mut g = Game::new(setup, 1).expect("setup");
    g.apply(Command::Activate { model: A })
        .expect("A activates");
    g
}

fn shoot(g: &mut Game, token: u8) -> Vec<redline_rules::Event> {
    let cmd = Command::Act(ActionCommand {
        model: A,
        action: basic::RANGED,
        token: Some(token),
        target: Target::Model(V),
    });
    let ev = g.apply(cmd).expect("the shot is legal");
    if g.decision()
        .is_some_and(|d| matches!(d.kind, redline_rules::DecisionKind::OfferReaction { .. }))
    {
        g.apply(Command::DeclineReaction).expect("decline");
    }
    ev
}

#[test]
fn aid_12_a_veteran_downed_to_the_end_rolls_as_taken_out() {
    // Two shots (GREEN 10 + 2 against V's GREEN 1 + 1, then YELLOW 8 + 2 against RED 1 + 1)
    // down V; with no model standing, seat 1 loses and V is taken out (AID-11).
    let mut g = game(false, &[10, 1, 8, 1]);
    let catalog = redline_content::starter();
    let scenario = catalog
        .scenarios
        .get("street_claim")
        .expect("a starter scenario");
    let mut tracker = ObjectiveTracker::new(scenario, 2);
    let ev = shoot(&mut g, 0);
    tracker.observe(&ev, &g);
    let ev = shoot(&mut g, 1);
    tracker.observe(&ev, &g);
    assert!(g.outcome().is_some());
    assert_eq!(recovery_of(&g, V), Some((true, Colour::Red))); // AID-12, CAMP-29
    assert_eq!(tracker.tallies()[0].taken_out, vec![V]); // AID-3: credited once
}

#[test]
fn aid_12_a_revived_veteran_still_standing_rolls_as_wounded() {
    // V is downed as above, then N revives it: GREEN 9 + Medical 2 + Fresh 1 against 5.
    let mut g = game(true, &[10, 1, 8, 1, 9, 5]);
    shoot(&mut g, 0);
    shoot(&mut g, 1);
    assert!(g.is_downed(V));
    g.apply(Command::EndActivation).expect("end");
    g.apply(Command::Activate { model: N })
        .expect("N activates");
    let aid = Command::Act(ActionCommand {
        model: N,
        action: FIRST_AID,
        token: Some(0),
        target: Target::Model(V),
    });
    g.apply(aid).expect("First Aid is legal");
    assert!(g.in_play(V));
    // AID-12, CAMP-28: wounded, rolling the die of its best colour left: RED.
    assert_eq!(recovery_of(&g, V), Some((false, Colour::Red)));
}

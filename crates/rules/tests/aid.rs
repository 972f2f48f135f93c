//! AID, casualties: Downed instead of taken out (AID-1..AID-5), First Aid and its results
//! (AID-6..AID-10), the end of the game (AID-11). MEX-12 and MEX-13 are the worked examples.

mod common;

use common::*;
use redline_rules::card::{Colour, ModelProfile, Skills};
use redline_rules::cards::{Ability, CardDef, CardKind};
use redline_rules::scenario::{
    DeploymentZone, Edge, ScenarioRules, SeatZone, SpecialRule, Tiebreak, WinCondition,
};
use redline_rules::{
    AidEvent, Command, DecisionKind, EndReason, Event, FIRST_AID, Game, Module, Outcome, Rule,
    Seat, Setup, Target, TeamId, basic,
};

/// Where the rival B lies in every test: 5" east of A.
const B_AT: [f32; 3] = [16.0, 0.0, 10.0];

/// A medic: Medical `medical`, tokens GREEN and YELLOW, carrying `cards`.
fn medic(medical: i8, cards: Vec<CardDef>) -> ModelProfile {
    ModelProfile {
        tokens: vec![Colour::Green, Colour::Yellow],
        skills: Skills {
            medical,
            reflexes: 1,
            ..Skills::default()
        },
        ..carrying("N", cards)
    }
}

/// A kit card: passive `FirstAid(x)` (AID-6).
fn kit(name: &str, x: u8) -> CardDef {
    CardDef {
        abilities: vec![Ability::FirstAid(x)],
        ..CardDef::new(&name.to_lowercase().replace(' ', "_"), name, CardKind::Gear)
    }
}

/// Shooter A (seat 0) at (11, 10); B (seat 1) with tokens `b_tokens` at [`B_AT`]; medic N
/// (seat 1) beside B, out of A's RED. A is active.
fn casualties(modules: &[Module], b_tokens: Vec<Colour>, n: ModelProfile, faces: &[u8]) -> Game {
    let b = ModelProfile {
        tokens: b_tokens,
        ..character("B")
    };
    let setup = Setup {
        modules: modules.iter().copied().collect(),
        ..no_luck_with(vec![
            model(character("A"), 0, [11.0, 0.0, 10.0]),
            model(b, 1, B_AT),
            model(n, 1, [16.0, 0.0, 11.3]),
        ])
    };
    start_active(setup, faces, m(0))
}

/// A, with GREEN, shoots B (RED d6, one token): 10 + 2 against 1 + 1, B is hit.
fn b_downed(extra_faces: &[u8], n: ModelProfile) -> (Game, Vec<Event>) {
    let mut faces = vec![10, 1];
    faces.extend_from_slice(extra_faces);
    let mut g = casualties(&[Module::Aid], vec![Colour::Red], n, &faces);
    let events = ok(&mut g, ranged_attack(m(0), 0, m(1)));
    (g, events)
}

/// A ends its activation and seat 1 activates N.
fn n_steps_up(g: &mut Game) {
    ok(g, Command::EndActivation);
    ok(g, Command::Activate { model: m(2) });
}

fn first_aid(by: u16, token: u8, on: u16) -> Command {
    act(m(by), FIRST_AID, Some(token), Target::Model(m(on)))
}

fn downed(events: &[Event]) -> Vec<Event> {
    only(events, |e| matches!(e, Event::Aid(AidEvent::Downed { .. })))
}

fn taken_out(events: &[Event]) -> Vec<Event> {
    only(events, |e| matches!(e, Event::TakenOut { .. }))
}

#[test]
fn aid_1_a_character_that_would_be_taken_out_is_downed_instead() {
    let (g, events) = b_downed(&[], medic(0, vec![]));
    assert_eq!(
        downed(&events),
        vec![Event::Aid(AidEvent::Downed {
            model: m(1),
            by: Some(m(0)),
        })]
    ); // AID-1
    assert!(taken_out(&events).is_empty(), "{events:?}"); // AID-1: no Body token
    assert!(g.is_downed(m(1)));
    assert!(g.bodies().is_empty());
    assert_eq!(g.position(m(1)), B_AT); // AID-1: it stays where it is
    assert_eq!(g.tokens(m(1))[0].colour, Colour::Red);
}

#[test]
fn aid_1_mod_2_with_aid_off_the_character_is_taken_out() {
    let mut g = casualties(&[], vec![Colour::Red], medic(0, vec![]), &[10, 1]);
    let events = ok(&mut g, ranged_attack(m(0), 0, m(1)));
    assert!(downed(&events).is_empty());
    assert_eq!(taken_out(&events).len(), 1); // MOD-2
    assert!(!g.is_downed(m(1)));
    assert_eq!(g.bodies().len(), 1);
}

#[test]
fn aid_1_a_gonk_is_taken_out_as_normal() {
    let setup = Setup {
        modules: [Module::Aid].into_iter().collect(),
        ..no_luck_with(vec![
            model(character("A"), 0, [11.0, 0.0, 10.0]),
            model(gonk("G"), 1, B_AT),
            model(character("C"), 1, [20.0, 0.0, 20.0]),
        ])
    };
    // GREEN 10 + 2 against the Gonk's YELLOW 1 + 1.
    let mut g = start_active(setup, &[10, 1], m(0));
    let events = ok(&mut g, ranged_attack(m(0), 0, m(1)));
    assert!(downed(&events).is_empty()); // AID-1
    assert_eq!(taken_out(&events).len(), 1);
    assert!(!g.is_downed(m(1)));
}

#[test]
fn aid_3_a_downed_model_counts_as_taken_out_once() {
    // Later A shoots B again: YELLOW 8 + 2 against RED 1, and B is taken out (AID-5).
    let (mut g, _) = b_downed(&[8, 1], medic(0, vec![]));
    assert!(g.taken_out(m(1))); // AID-3
    assert_eq!(g.taken_out_by_team(TeamId(0)), vec![m(1)]); // AID-3
    let events = ok(&mut g, ranged_attack(m(0), 1, m(1)));
    assert_eq!(taken_out(&events).len(), 1, "{events:?}"); // AID-5
    assert_eq!(g.bodies().len(), 1); // AID-5, WOUND-9
    assert!(!g.is_downed(m(1)));
    // AID-3, MOPEN-10: counted when Downed, not again now.
    assert_eq!(g.taken_out_by_team(TeamId(0)), vec![m(1)]);
}

#[test]
fn aid_2_a_downed_model_is_out_of_action() {
    let (mut g, _) = b_downed(&[], medic(2, vec![]));
    ok(&mut g, Command::EndActivation);
    // AID-2: it can't be activated; only N can answer for seat 1.
    assert!(g.check(&Command::Activate { model: m(1) }).is_err());
    ok(&mut g, Command::Activate { model: m(2) });
    // AID-10: Triage can't target it.
    let triage = act(m(2), basic::TRIAGE, Some(0), Target::Model(m(1)));
    assert_eq!(refusal(g.check(&triage)), Rule::Aid10);
    // AID-2: nor can Command.
    let command = act(m(2), basic::COMMAND, Some(0), Target::Model(m(1)));
    assert_eq!(refusal(g.check(&command)), Rule::Aid2);
    ok(&mut g, Command::EndActivation);
    ok(&mut g, Command::Activate { model: m(0) });
    // AID-2: no base ends a move on it, but a rival may cross it with no roll.
    let onto = move_to(m(0), 1, B_AT);
    assert_eq!(refusal(g.check(&onto)), Rule::Aid2);
    let events = ok(&mut g, move_to(m(0), 1, [18.0, 0.0, 10.0]));
    assert!(
        only(&events, |e| matches!(e, Event::Rolled { .. })).is_empty(),
        "{events:?}"
    ); // AID-2: moved over with no roll
}

#[test]
fn aid_4_mex_13_a_downed_model_opposes_with_red_and_no_skill() {
    // A, with YELLOW: 3 + Ranged 2 = 5 against B's RED 5 + nothing: a tie, B stays Downed.
    let (mut g, _) = b_downed(&[3, 5], medic(0, vec![]));
    let events = ok(&mut g, ranged_attack(m(0), 1, m(1)));
    let dice = rolled(&events);
    assert_eq!(dice[1].die, redline_rules::dice::Die::Action(Colour::Red)); // AID-4
    assert_eq!(dice[1].modifier, 0); // AID-4: no Reflexes, no Armor
    assert!(g.is_downed(m(1)));
    assert!(taken_out(&events).is_empty());
}

#[test]
fn aid_5_a_melee_attack_on_a_downed_model_needs_no_roll() {
    let (mut g, _) = b_downed(&[], medic(0, vec![]));
    ok(&mut g, move_to(m(0), 1, [14.9, 0.0, 9.0]));
    let events = ok(&mut g, melee_attack(m(0), 2, m(1)));
    assert!(
        only(&events, |e| matches!(e, Event::Rolled { .. })).is_empty(),
        "{events:?}"
    ); // AID-5
    assert_eq!(taken_out(&events).len(), 1); // AID-5
}

#[test]
fn aid_11_the_downed_are_taken_out_when_the_game_ends() {
    // A downs B, then N (one RED token): YELLOW 8 + 2 against RED 1 + 1. Seat 1 has no
    // model standing, so the game ends (AID-3), and both are taken out (AID-11).
    let n = ModelProfile {
        tokens: vec![Colour::Red],
        ..character("N")
    };
    let (mut g, _) = b_downed(&[8, 1], n);
    let events = ok(&mut g, ranged_attack(m(0), 1, m(2)));
    assert!(g.outcome().is_some(), "{events:?}");
    assert_eq!(taken_out(&events).len(), 2, "{events:?}"); // AID-11
    assert!(!g.is_downed(m(1)) && !g.is_downed(m(2)));
    assert_eq!(g.bodies().len(), 2);
}

#[test]
fn aid_6_mex_12_first_aid_revives_red_and_used() {
    // N: GREEN 5 + Medical 2 + Kit 1 + Fresh 1 = 9 against Obstacle 8.
    let (mut g, _) = b_downed(&[5, 8], medic(2, vec![kit("First Aid Kit", 1)]));
    n_steps_up(&mut g);
    assert!(g.is_fresh(m(1))); // AID-6
    let odds = g.first_aid_odds(match &first_aid(2, 0, 1) {
        Command::Act(a) => a,
        _ => unreachable!(),
    });
    assert!(odds.is_ok());
    let events = ok(&mut g, first_aid(2, 0, 1));
    let dice = rolled(&events);
    assert_eq!((dice[0].face, dice[0].total), (5, 9)); // AID-6
    assert_eq!(dice[1].total, 8);
    assert!(events.contains(&Event::Aid(AidEvent::Revived { model: m(1) }))); // AID-8
    assert!(!g.is_downed(m(1)));
    assert!(g.in_play(m(1)));
    assert!(
        g.tokens(m(1))
            .iter()
            .all(|t| t.colour == Colour::Red && !t.ready)
    ); // AID-8
    assert!(g.first_aid_tried(m(1))); // AID-7
}

#[test]
fn aid_8_mex_12_a_failed_first_aid_takes_the_model_out() {
    // GREEN 12 + 2 against Obstacle 10: two Crits, a tie, the Obstacle die wins (DICE-8).
    let (mut g, _) = b_downed(&[12, 10], medic(2, vec![]));
    n_steps_up(&mut g);
    let events = ok(&mut g, first_aid(2, 0, 1));
    assert_eq!(taken_out(&events).len(), 1); // AID-8, MOPEN-11: failure is taken out
    assert!(!g.is_downed(m(1)));
    assert_eq!(g.bodies().len(), 1);
    // AID-7: no second try.
    assert!(g.check(&first_aid(2, 1, 1)).is_err());
}

#[test]
fn aid_8_mex_12_a_crit_revives_and_heals_one() {
    // B starts GREEN: A's first shot turns it RED, the second downs it.
    let setup_faces = [10, 1, 10, 1, 12, 7];
    let mut g = casualties(
        &[Module::Aid],
        vec![Colour::Green],
        medic(2, vec![]),
        &setup_faces,
    );
    ok(&mut g, ranged_attack(m(0), 0, m(1)));
    ok(&mut g, Command::DeclineReaction);
    ok(&mut g, ranged_attack(m(0), 1, m(1)));
    assert!(g.is_downed(m(1)));
    n_steps_up(&mut g);
    let events = ok(&mut g, first_aid(2, 0, 1));
    assert!(events.contains(&Event::Aid(AidEvent::Revived { model: m(1) })));
    // AID-8, MOPEN-11: Heal 1 turns the token back to GREEN, still Used.
    assert_eq!(g.tokens(m(1))[0].colour, Colour::Green);
    assert!(!g.tokens(m(1))[0].ready);
}

#[test]
fn aid_7_aid_9_a_revived_model_is_taken_out_as_normal_next_time() {
    // Revived (GREEN 5 + 2 + Fresh 1 = 8 against 7), then shot in a later activation.
    let (mut g, _) = b_downed(&[5, 7, 8, 1], medic(2, vec![]));
    n_steps_up(&mut g);
    ok(&mut g, first_aid(2, 0, 1));
    assert!(g.in_play(m(1)));
    // AID-7: First Aid is only for a Downed model; B stands again.
    assert_eq!(refusal(g.check(&first_aid(2, 1, 1))), Rule::Aid6);
    assert!(g.been_downed(m(1))); // AID-9
    ok(&mut g, Command::EndActivation);
    ok(&mut g, Command::Activate { model: m(0) });
    // YELLOW 8 + 2 against B's RED 1 + 1: taken out, with no second Downed (AID-9).
    let events = ok(&mut g, ranged_attack(m(0), 1, m(1)));
    assert!(downed(&events).is_empty(), "{events:?}");
    assert_eq!(taken_out(&events).len(), 1); // AID-9
    assert_eq!(g.taken_out_by_team(TeamId(0)), vec![m(1)]); // AID-3: counted once
}

#[test]
fn aid_6_first_aid_is_for_a_downed_friendly_model() {
    let (mut g, _) = b_downed(&[], medic(2, vec![]));
    // A can't give First Aid to a rival, nor N to a model standing.
    assert_eq!(refusal(g.check(&first_aid(0, 2, 1))), Rule::Aid6);
    n_steps_up(&mut g);
    assert_eq!(refusal(g.check(&first_aid(2, 0, 0))), Rule::Aid6);
}

#[test]
fn aid_6_the_kit_and_fresh_bonuses_change_the_odds() {
    let with_kit = {
        let (mut g, _) = b_downed(&[], medic(1, vec![kit("Trauma Kit", 2)]));
        n_steps_up(&mut g);
        first_aid_success(&g)
    };
    let without = {
        let (mut g, _) = b_downed(&[], medic(1, vec![]));
        n_steps_up(&mut g);
        first_aid_success(&g)
    };
    assert!(with_kit > without, "{with_kit} vs {without}"); // AID-6
    // A Trauma Kit needs Medical 1 or more: with Medical 0 it adds nothing.
    let unskilled_kit = {
        let (mut g, _) = b_downed(&[], medic(0, vec![kit("Trauma Kit", 2)]));
        n_steps_up(&mut g);
        first_aid_success(&g)
    };
    let unskilled = {
        let (mut g, _) = b_downed(&[], medic(0, vec![]));
        n_steps_up(&mut g);
        first_aid_success(&g)
    };
    assert_eq!(unskilled_kit, unskilled); // AID-6
}

fn first_aid_success(g: &Game) -> f64 {
    let Command::Act(a) = first_aid(2, 0, 1) else {
        unreachable!()
    };
    g.first_aid_odds(&a).expect("legal First Aid").success
}

#[test]
fn aid_6_first_aid_is_offered_while_aid_is_on() {
    let (mut g, _) = b_downed(&[], medic(2, vec![]));
    n_steps_up(&mut g);
    let legal = g.legal_commands();
    assert!(legal.contains(&first_aid(2, 0, 1)), "{legal:?}"); // AID-6
    let mut off = casualties(&[], vec![Colour::Red], medic(2, vec![]), &[]);
    ok(&mut off, Command::EndActivation);
    ok(&mut off, Command::Activate { model: m(2) });
    assert!(
        !off.legal_commands()
            .iter()
            .any(|c| matches!(c, Command::Act(a) if a.action == FIRST_AID))
    ); // MOD-2
}

#[test]
fn aid_10_a_friend_drags_a_downed_model_against_the_obstacle_die() {
    // N, with GREEN: 10 + Reflexes 1 against the Obstacle die's 1.
    let (mut g, _) = b_downed(&[10, 1], medic(2, vec![]));
    n_steps_up(&mut g);
    let drag = act(
        m(2),
        basic::DRAG,
        Some(0),
        Target::Drag {
            model: m(1),
            route: vec![[16.0, 0.0, 14.3]],
            drop: [16.0, 0.0, 13.0],
        },
    );
    let events = ok(&mut g, drag);
    let dice = rolled(&events);
    assert_eq!(dice[1].die, redline_rules::dice::Die::Obstacle); // AID-10
    assert_eq!(g.position(m(1)), [16.0, 0.0, 13.0]);
    assert!(g.is_downed(m(1)));
}

#[test]
fn aid_5_a_blast_catches_a_downed_model_and_it_cannot_escape() {
    use redline_rules::card::{Keyword, Skill};
    let mut grenade = attack_action("Grenade", Skill::Reflexes, RED_YELLOW);
    grenade.keywords = vec![Keyword::Blast];
    let a = ModelProfile {
        actions: vec![grenade],
        ..character("A")
    };
    let b = ModelProfile {
        tokens: vec![Colour::Red],
        ..character("B")
    };
    let setup = Setup {
        modules: [Module::Aid].into_iter().collect(),
        ..no_luck_with(vec![
            model(a, 0, [11.0, 0.0, 10.0]),
            model(b, 1, B_AT),
            model(medic(0, vec![]), 1, [16.0, 0.0, 11.3]),
            model(character("C"), 1, [22.0, 0.0, 22.0]),
        ])
    };
    // A downs B with a shot, then throws the grenade at N; every later die shows 1 for
    // the models and the grenade's die shows 12.
    let mut g = start_active(setup, &[10, 1], m(0));
    ok(&mut g, ranged_attack(m(0), 0, m(1)));
    assert!(g.is_downed(m(1)));
    g.load_dice(&[12, 1, 1, 1, 1, 1, 1, 1]);
    let mut events = ok(
        &mut g,
        act(m(0), basic::COUNT, Some(1), Target::Model(m(2))),
    );
    for _ in 0..20 {
        match g.decision().map(|d| d.kind.clone()) {
            Some(DecisionKind::NextAction { .. })
            | Some(DecisionKind::TakeControl { .. })
            | None => break,
            Some(DecisionKind::BlastEscape { models, .. }) if models.contains(&m(1)) => {
                // AID-5: a Downed model can't escape, so it is offered no escape route.
                let escapes = g.legal_commands();
                assert!(
                    !format!("{escapes:?}").contains("EscapeBlast { model: ModelId(1)"),
                    "{escapes:?}"
                );
                let run = Command::EscapeBlast {
                    model: m(1),
                    token: 0,
                    route: vec![[19.0, 0.0, 10.0]],
                };
                assert_eq!(refusal(g.check(&run)), Rule::Aid2);
                let c = escapes.into_iter().next().expect("an answer");
                events.extend(ok(&mut g, c));
            }
            _ => {
                let c = g.legal_commands().into_iter().next().expect("an answer");
                events.extend(ok(&mut g, c));
            }
        }
    }
    let caught = events.iter().find_map(|e| match e {
        Event::BlastArea { caught, .. } => Some(caught.clone()),
        _ => None,
    });
    assert!(caught.is_some_and(|c| c.contains(&m(1))), "{events:?}"); // AID-5
    assert!(!g.is_downed(m(1)), "{events:?}"); // AID-5: the wound takes it out
    assert!(g.bodies().iter().any(|(_, model, _)| *model == m(1)));
}

#[test]
fn aid_2_a_dragged_model_is_not_dropped_on_a_downed_one() {
    // B lies Downed at (16, 10); A drags N (rival, beside B) and may not drop it on B.
    let (mut g, _) = b_downed(&[], medic(0, vec![]));
    ok(&mut g, move_to(m(0), 1, [16.0, 0.0, 12.6]));
    let drag = act(
        m(0),
        basic::DRAG,
        Some(2),
        Target::Drag {
            model: m(2),
            route: vec![[16.0, 0.0, 11.3]],
            drop: B_AT,
        },
    );
    assert_eq!(refusal(g.check(&drag)), Rule::Aid2); // AID-2
}

#[test]
fn aid_4_aid_5_a_downed_model_faces_a_hazard_with_red_and_a_loss_takes_it_out() {
    use redline_rules::HazardSource;
    // YELLOW Hazard 4 against B's RED 4: a tie, B stays Downed. Then 5 against 2: taken out.
    let (mut g, _) = b_downed(&[4, 4, 5, 2], medic(0, vec![]));
    assert_eq!(g.hazard_tokens(m(1)), vec![None]); // AID-4: no token to choose
    let events = g.test_hazards(Colour::Yellow, HazardSource::Debris, &[m(1)]);
    let dice = rolled(&events);
    assert_eq!(dice[1].die, redline_rules::dice::Die::Action(Colour::Red)); // AID-4
    assert_eq!(dice[1].total, 4);
    assert!(g.is_downed(m(1)));
    let events = g.test_hazards(Colour::Yellow, HazardSource::Debris, &[m(1)]);
    assert_eq!(taken_out(&events).len(), 1, "{events:?}"); // AID-5
    assert!(!g.is_downed(m(1)));
}

/// Medevac's count (CTRL-21 with AID): B (seat 1, one RED token) lies Downed by A's first
/// shot, 5" in from the east edge; seat 1's zone runs `home` inches in from that edge. Seat 0
/// fields two more characters far off, so on models in play it leads 3 to 1 or 2.
fn medevac(modules: &[Module], home: f32, faces: &[u8]) -> Game {
    let b = ModelProfile {
        tokens: vec![Colour::Red],
        ..character("B")
    };
    let east = SeatZone {
        seat: Seat(1),
        zone: DeploymentZone::Edge {
            edge: Edge::East,
            distance: home,
        },
    };
    let setup = Setup {
        modules: modules.iter().copied().collect(),
        scenario: ScenarioRules {
            deployment: vec![east],
            rules: vec![SpecialRule::InspireLimit(6)],
            win: vec![WinCondition::MostRescuedAtEnd, WinCondition::LastStanding],
            ..ScenarioRules::default()
        },
        ..no_luck_with(vec![
            model(character("A"), 0, [11.0, 0.0, 10.0]),
            model(b, 1, B_AT),
            model(medic(2, vec![]), 1, [16.0, 0.0, 11.3]),
            model(character("C"), 0, [2.0, 0.0, 2.0]),
            model(character("D"), 0, [2.0, 0.0, 22.0]),
        ])
    };
    let mut g = start_active(setup, faces, m(0));
    // GREEN 10 + 2 against B's RED 1 + 1.
    ok(&mut g, ranged_attack(m(0), 0, m(1)));
    g
}

/// What the limit would decide now: the winning team and the count that parted the teams.
fn limit_verdict(g: &Game) -> (TeamId, Tiebreak) {
    match g.outcome_at_turn_limit() {
        Some(Outcome::Win {
            team,
            why: EndReason::Limit { decided_by, .. },
            ..
        }) => (team, decided_by),
        other => panic!("expected a win at the limit, got {other:?}"),
    }
}

#[test]
fn ctrl_21_aid_8_a_friend_revived_by_first_aid_is_saved_and_wins_the_limit() {
    // N: GREEN 5 + Medical 2 + Fresh 1 = 8 against Obstacle 7 (AID-6, AID-8).
    let mut g = medevac(&[Module::Aid], 3.0, &[10, 1, 5, 7]);
    assert!(g.is_downed(m(1)));
    assert!(g.casualties_saved(TeamId(1)).is_empty()); // not yet revived, not home
    assert_eq!(limit_verdict(&g), (TeamId(0), Tiebreak::MostModels));
    n_steps_up(&mut g);
    ok(&mut g, first_aid(2, 0, 1));
    assert_eq!(g.casualties_saved(TeamId(1)), vec![m(1)]); // AID-8: revived
    // CTRL-21: saved casualties count before models in play (3 against 2 here).
    assert_eq!(limit_verdict(&g), (TeamId(1), Tiebreak::MostRescued));
}

#[test]
fn ctrl_21_aid_10_a_downed_friend_lying_in_its_own_zone_is_saved() {
    // B lies 8" from the east edge: inside a 9" zone, outside a 3" one.
    let g = medevac(&[Module::Aid], 9.0, &[10, 1]);
    assert!(g.is_downed(m(1)));
    assert_eq!(g.casualties_saved(TeamId(1)), vec![m(1)]); // AID-10: dragged home
    assert_eq!(limit_verdict(&g), (TeamId(1), Tiebreak::MostRescued));
    let g = medevac(&[Module::Aid], 3.0, &[10, 1]);
    assert!(g.casualties_saved(TeamId(1)).is_empty());
}

#[test]
fn ctrl_21_mod_2_with_aid_off_nobody_is_saved_and_models_decide() {
    let g = medevac(&[], 9.0, &[10, 1]);
    assert!(!g.is_downed(m(1)) && !g.in_play(m(1))); // MOD-2: taken out
    assert!(g.casualties_saved(TeamId(1)).is_empty());
    assert_eq!(limit_verdict(&g), (TeamId(0), Tiebreak::MostModels));
}

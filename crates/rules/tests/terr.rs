//! TERR, damaging scenery: Breach actions aimed at a scenery part or a wall's section
//! (MOD-7, TERR-1..TERR-4), the Breach roll and its odds, damage markers and Structure
//! (TERR-5, TERR-6), and destruction with rubble, falls and Shaken models (TERR-8..TERR-10,
//! TERR-16, TERR-17). MEX-2 is the worked example.

mod common;

use common::*;
use redline_battlespace::{
    Damageable, ModelBase, Opening, OpeningKind, PoaOptions, SceneryKind, SceneryPiece,
    SceneryShape,
};
use redline_rules::card::{Colour, Keyword, ModelProfile, RangeSpec, Skill, Skills};
use redline_rules::{Command, DecisionKind, Event, Game, Module, Setup, Target, basic};

/// The first action on the model's own card.
const OWN: u16 = basic::COUNT;

/// MEX-2's wall: (22, 8.5) to (22, 14.5), 3" high, two 3" sections, a window over
/// z 10.75–12.25 with its sill 1.5" up.
fn wall_with_window() -> SceneryPiece {
    let mut wall = SceneryPiece::new(
        0,
        "Brick Wall with Window",
        SceneryKind::Barrier,
        SceneryShape::Wall {
            from: [22.0, 8.5],
            to: [22.0, 14.5],
            thickness: 0.5,
            height: 3.0,
        },
    )
    .with_opening(Opening {
        kind: OpeningKind::Window,
        along: 3.0,
        width: 1.5,
        bottom: 1.5,
        top: 2.5,
    });
    wall.damage = Some(brick());
    wall
}

/// A shooter with Ranged 1 and a rifle with Breach 1 (no Blast).
fn breacher(name: &str, keywords: Vec<Keyword>) -> ModelProfile {
    let mut rifle = attack_action(
        "Breaching Rifle",
        Skill::Ranged,
        RangeSpec {
            green: true,
            ..RED_YELLOW
        },
    );
    rifle.keywords = keywords;
    ModelProfile {
        skills: Skills {
            ranged: 1,
            reflexes: 1,
            ..Skills::default()
        },
        actions: vec![rifle],
        ..character(name)
    }
}

/// MEX-2: A at (15, 10) with the rifle, rival B at (23.2, 10) behind the wall; TERR on
/// unless `modules` says otherwise.
fn mex_2(modules: &[Module], keywords: Vec<Keyword>, faces: &[u8]) -> Game {
    let setup = Setup {
        battlespace: table(vec![wall_with_window()]),
        modules: modules.iter().copied().collect(),
        ..no_luck_with(vec![
            model(breacher("A", keywords), 0, [15.0, 0.0, 10.0]),
            model(character("B"), 1, [23.2, 0.0, 10.0]),
        ])
    };
    start_active(setup, faces, m(0))
}

fn at_north_section(token: u8) -> Command {
    act(
        m(0),
        OWN,
        Some(token),
        Target::Scenery {
            part: 0,
            section: 0,
        },
    )
}

fn breach_1() -> Vec<Keyword> {
    vec![Keyword::Breach(1)]
}

fn poa_a_to_b(g: &Game) -> redline_battlespace::PathOfAttack {
    let a = ModelBase::new(0, 0, g.position(m(0)));
    let b = ModelBase::new(1, 1, g.position(m(1)));
    g.battlespace()
        .path_of_attack(&a, &b, &[], PoaOptions::default())
}

#[test]
fn terr_4_a_six_inch_wall_has_two_three_inch_sections() {
    let wall = wall_with_window();
    assert_eq!(wall.section_count(), 2); // TERR-4
    assert_eq!(wall.section_span(0), (0.0, 3.0));
    assert_eq!(wall.section_span(1), (3.0, 6.0));
    let g = mex_2(&[Module::Terr], breach_1(), &[]);
    assert_eq!(g.structure(0), Some(1)); // TERR-5: a free-standing wall's section
    let cmd = act(
        m(0),
        OWN,
        Some(1),
        Target::Scenery {
            part: 0,
            section: 2,
        },
    );
    assert_eq!(refusal(g.check(&cmd)), Rule::Terr4);
}

#[test]
fn mex_2_terr_2_breach_destroys_the_section_and_shakes_the_rival_behind_it() {
    // YELLOW 7 + Ranged 1 + Large Target 2 = 10 against Obstacle 6 + Hardness 3 = 9.
    let mut g = mex_2(&[Module::Terr], breach_1(), &[7, 6]);
    assert!(poa_a_to_b(&g).blocked_by.is_some(), "POA-8 before the shot");
    let events = ok(&mut g, at_north_section(1));
    let rolled = rolled(&events);
    assert_eq!(rolled.len(), 2, "{events:?}");
    assert_eq!((rolled[0].face, rolled[0].total), (7, 10)); // TERR-2
    assert_eq!((rolled[1].face, rolled[1].total), (6, 9)); // TERR-2, TERR-3
    assert!(events.contains(&Event::DamageMarked {
        part: 0,
        section: 0,
        markers: 1,
        total: 1,
    }));
    assert!(events.contains(&Event::SceneryDestroyed {
        part: 0,
        section: 0,
        rubble: Some(1),
    })); // TERR-5, TERR-8
    assert!(g.scenery_destroyed(0, 0));
    assert!(!g.scenery_destroyed(0, 1));
    // TERR-9: B is within reach, so it is Shaken: its player flips a Ready token.
    let d = g.decision().expect("a decision").clone();
    assert_eq!(d.seat, P1);
    assert!(
        matches!(d.kind, DecisionKind::ChooseStunnedToken { .. }),
        "{d:?}"
    );
    ok(&mut g, Command::StunToken { token: 1 });
    assert!(!g.tokens(m(1))[1].ready); // TERR-9
    // TERR-16, TERR-17: the rubble now crosses the path instead of the wall: +1.
    let after = poa_a_to_b(&g);
    assert_eq!(after.blocked_by, None);
    assert_eq!(after.modifier(), 1);
}

#[test]
fn terr_2_failure_places_no_marker() {
    // YELLOW 6 + 1 + 2 = 9 against Obstacle 6 + 3 = 9: a tie goes to the scenery.
    let mut g = mex_2(&[Module::Terr], breach_1(), &[6, 6]);
    let events = ok(&mut g, at_north_section(1));
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::DamageMarked { .. })),
        "{events:?}"
    ); // TERR-2
    assert_eq!(g.damage_markers(0, 0), 0);
    assert!(poa_a_to_b(&g).blocked_by.is_some()); // TERR-6: the wall stands as it was
}

#[test]
fn terr_2_a_crit_places_x_plus_one_markers() {
    let mut wall = wall_with_window();
    wall.damage = Some(Damageable {
        structure: Some(5),
        ..brick()
    });
    let setup = Setup {
        battlespace: table(vec![wall]),
        modules: [Module::Terr].into_iter().collect(),
        ..no_luck_with(vec![
            model(
                breacher("A", vec![Keyword::Breach(2)]),
                0,
                [15.0, 0.0, 10.0],
            ),
            model(character("B"), 1, [23.2, 0.0, 10.0]),
        ])
    };
    // YELLOW 8 is the d8's Crit (DICE-7).
    let mut g = start_active(setup, &[8, 3], m(0));
    let events = ok(&mut g, at_north_section(1));
    assert!(events.contains(&Event::DamageMarked {
        part: 0,
        section: 0,
        markers: 3,
        total: 3,
    })); // TERR-2: Breach 2, Crit +1
    assert!(!g.scenery_destroyed(0, 0)); // TERR-5, MOPEN-1: a count, 3 < Structure 5
    assert_eq!(g.damage_markers(0, 0), 3); // TERR-6
    // MOPEN-2: damage alone shakes no one; B, within reach of the wall, is left alone.
    assert!(
        !matches!(
            g.decision().map(|d| &d.kind),
            Some(DecisionKind::ChooseStunnedToken { .. })
        ),
        "{:?}",
        g.decision()
    );
}

#[test]
fn terr_1_an_action_without_breach_cannot_target_scenery() {
    let g = mex_2(&[Module::Terr], Vec::new(), &[]);
    assert_eq!(refusal(g.check(&at_north_section(1))), Rule::Terr1);
}

#[test]
fn mod_2_with_terr_off_scenery_is_no_target_and_breach_is_ignored() {
    let g = mex_2(&[], breach_1(), &[]);
    assert_eq!(refusal(g.check(&at_north_section(1))), Rule::Mod2);
    assert_eq!(g.structure(0), None); // MOD-2
    let offered = g.legal_commands().into_iter().any(|c| {
        matches!(
            c,
            Command::Act(redline_rules::ActionCommand {
                target: Target::Scenery { .. },
                ..
            })
        )
    });
    assert!(!offered, "MOD-2: no scenery target offered with TERR off");
}

#[test]
fn mod_7_the_engine_offers_each_section_in_range() {
    let g = mex_2(&[Module::Terr], breach_1(), &[]);
    let sections: Vec<u8> = g
        .legal_commands()
        .into_iter()
        .filter_map(|c| match c {
            Command::Act(a) if a.token == Some(1) => match a.target {
                Target::Scenery { part: 0, section } => Some(section),
                _ => None,
            },
            _ => None,
        })
        .collect();
    assert_eq!(sections, vec![0, 1]); // MOD-7, TERR-4
}

#[test]
fn terr_3_an_immune_part_cannot_be_targeted() {
    let mut bank = wall_with_window();
    bank.damage = None;
    let setup = Setup {
        battlespace: table(vec![bank]),
        modules: [Module::Terr].into_iter().collect(),
        ..no_luck_with(vec![
            model(breacher("A", breach_1()), 0, [15.0, 0.0, 10.0]),
            model(character("B"), 1, [23.2, 0.0, 10.0]),
        ])
    };
    let g = start_active(setup, &[], m(0));
    assert_eq!(refusal(g.check(&at_north_section(1))), Rule::Terr3);
}

#[test]
fn mod_7_range_is_measured_to_the_nearest_point() {
    // From (3, 10) the wall is about 18.2" away: beyond GREEN.
    let setup = Setup {
        battlespace: table(vec![wall_with_window()]),
        modules: [Module::Terr].into_iter().collect(),
        ..no_luck_with(vec![
            model(breacher("A", breach_1()), 0, [3.0, 0.0, 10.0]),
            model(character("B"), 1, [23.2, 0.0, 10.0]),
        ])
    };
    let g = start_active(setup, &[], m(0));
    assert_eq!(refusal(g.check(&at_north_section(1))), Rule::Act5); // MOD-7
}

#[test]
fn terr_2_a_melee_breach_needs_the_part_within_reach() {
    let mut maul = attack_action(
        "Breaching Maul",
        Skill::Melee,
        RangeSpec {
            reach_only: true,
            ..RED_YELLOW
        },
    );
    maul.keywords = breach_1();
    let profile = ModelProfile {
        actions: vec![maul],
        ..character("A")
    };
    let setup = Setup {
        battlespace: table(vec![wall_with_window()]),
        modules: [Module::Terr].into_iter().collect(),
        ..no_luck_with(vec![
            model(profile, 0, [19.0, 0.0, 10.0]),
            model(character("B"), 1, [23.2, 0.0, 4.0]),
        ])
    };
    let g = start_active(setup, &[], m(0));
    assert_eq!(refusal(g.check(&at_north_section(1))), Rule::Terr2);
}

#[test]
fn brawl_2_a_brawling_model_cannot_target_scenery() {
    let setup = Setup {
        battlespace: table(vec![wall_with_window()]),
        modules: [Module::Terr].into_iter().collect(),
        ..no_luck_with(vec![
            model(breacher("A", breach_1()), 0, [15.0, 0.0, 10.0]),
            model(character("B"), 1, [16.0, 0.0, 10.0]),
        ])
    };
    let g = start_active(setup, &[], m(0));
    assert_eq!(refusal(g.check(&at_north_section(1))), Rule::Brawl2);
}

#[test]
fn terr_8_a_destroyed_section_is_no_target_any_more() {
    let mut g = mex_2(&[Module::Terr], breach_1(), &[7, 6]);
    ok(&mut g, at_north_section(1));
    ok(&mut g, Command::StunToken { token: 1 });
    assert_eq!(refusal(g.check(&at_north_section(0))), Rule::Terr8);
}

#[test]
fn terr_2_breach_odds_match_the_exact_roll() {
    let g = mex_2(&[Module::Terr], breach_1(), &[]);
    // YELLOW d8 + 3 against the d10 Obstacle die + 3: count the faces (DICE-4..DICE-10).
    let odds = g
        .breach_odds(&match at_north_section(1) {
            Command::Act(a) => a,
            _ => unreachable!(),
        })
        .expect("a legal Breach");
    let q = redline_rules::odds::OddsQuery::new(
        redline_rules::dice::Die::Action(Colour::Yellow),
        3,
        redline_rules::dice::Die::Obstacle,
        3,
    )
    .without_luck();
    let mut wins = 0;
    for a in 1..=8u8 {
        for o in 1..=10u8 {
            if q.actor_wins_with(a, o) {
                wins += 1;
            }
        }
    }
    let expected = f64::from(wins) / 80.0;
    assert!(
        (odds.success - expected).abs() < 1e-9,
        "{} vs {expected}",
        odds.success
    ); // TERR-2
    assert!(odds.success > 0.3 && odds.success < 0.6);
}

#[test]
fn mod_3_damage_is_in_the_state_hash_and_the_clone() {
    let mut g = mex_2(&[Module::Terr], breach_1(), &[7, 6]);
    let before = g.state_hash();
    let copy = g.clone();
    ok(&mut g, at_north_section(1));
    assert_ne!(g.state_hash(), before);
    let cloned = g.clone();
    assert_eq!(cloned.state_hash(), g.state_hash()); // MOD-3
    assert!(cloned.scenery_destroyed(0, 0));
    assert!(!copy.scenery_destroyed(0, 0));
}

#[test]
fn terr_8_models_on_a_destroyed_crate_fall_and_terr_10_what_rested_on_it_goes_too() {
    let metal = Damageable {
        hardness: 2,
        structure: None,
        section_len: 4.0,
        rubble: true,
        soft: false,
    };
    let mut lower = scenery_box(
        0,
        "Lower crate",
        SceneryKind::Barrier,
        [10.0, 10.0],
        [1.5, 2.0, 1.5],
    )
    .elevated();
    lower.damage = Some(metal);
    let mut upper = scenery_box(
        1,
        "Upper crate",
        SceneryKind::Barrier,
        [10.0, 10.0],
        [1.5, 2.0, 1.5],
    )
    .elevated();
    upper.base = 2.0;
    upper.damage = Some(metal);
    // A deck on a post across the table, its foot at the lower crate's top height: it rests
    // on nothing that falls, so it stands (TERR-10).
    let mut deck = scenery_box(
        2,
        "Deck",
        SceneryKind::Barrier,
        [18.0, 18.0],
        [3.0, 0.2, 1.5],
    )
    .elevated();
    deck.base = 2.0;
    deck.damage = Some(metal);
    let post = SceneryPiece::new(
        3,
        "Post",
        SceneryKind::Obstacle,
        SceneryShape::Cylinder {
            centre: [18.0, 18.0],
            radius: 0.2,
            height: 2.0,
        },
    );
    let setup = Setup {
        battlespace: table(vec![lower, upper, deck, post]),
        modules: [Module::Terr].into_iter().collect(),
        ..no_luck_with(vec![
            model(breacher("A", breach_1()), 0, [5.0, 0.0, 10.0]),
            // B stands on top of the upper crate, 4" up.
            model(character("B"), 1, [10.0, 4.0, 10.0]),
        ])
    };
    // YELLOW 7 + 1 + 2 = 10 against Obstacle 2 + Hardness 2 = 4.
    let mut g = start_active(setup, &[7, 2], m(0));
    let events = ok(
        &mut g,
        act(
            m(0),
            OWN,
            Some(1),
            Target::Scenery {
                part: 0,
                section: 0,
            },
        ),
    );
    assert!(g.scenery_destroyed(0, 0), "{events:?}"); // TERR-5: a small part, Structure 1
    assert!(g.scenery_destroyed(1, 0), "{events:?}"); // TERR-10
    assert!(!g.scenery_destroyed(2, 0), "{events:?}"); // TERR-10: only what rested on it
    // TERR-8, MOVE-19: B falls 4" to the table: 1 wound, placed as WOUND-7 says.
    assert!(events.contains(&Event::Fell {
        model: m(1),
        height: 4.0
    }));
    assert_eq!(g.position(m(1))[1], 0.0);
    assert!(
        g.battlespace()
            .piece(redline_battlespace::SceneryId(1))
            .is_none()
    );
    // TERR-16: rubble 1" high stands where the lower crate was.
    assert_eq!(g.battlespace().surface_height_at(10.0, 10.0), 0.0);
    let rubble = g
        .battlespace()
        .pieces()
        .iter()
        .filter(|p| p.name.starts_with("rubble"))
        .count();
    assert_eq!(rubble, 2);
}

/// MEX-4's table: a free-standing brick wall along z at x = 20 (z 6.5 to 12.5, two 3"
/// sections); X at (14, 8), about 5" from it, with a Blast that has Breach 1; R1 0.5"
/// behind the wall; R2 about 2" from where the token goes, on X's side but off the path.
/// (Here R1 and R2 keep Ready tokens, so R2 chooses to face the Blast and R1's Shaken
/// flips one.)
fn mex_4(keywords: Vec<Keyword>, faces: &[u8]) -> Game {
    let mut wall = SceneryPiece::new(
        0,
        "Brick Wall",
        SceneryKind::Barrier,
        SceneryShape::Wall {
            from: [20.0, 6.5],
            to: [20.0, 12.5],
            thickness: 0.5,
            height: 3.0,
        },
    );
    wall.damage = Some(brick());
    let mut launcher = attack_action("Demolition Launcher", Skill::Ranged, RED_YELLOW);
    launcher.keywords = keywords;
    let x = ModelProfile {
        skills: Skills {
            ranged: 1,
            reflexes: 1,
            ..Skills::default()
        },
        actions: vec![launcher],
        ..character("X")
    };
    let setup = Setup {
        battlespace: table(vec![wall]),
        modules: [Module::Terr].into_iter().collect(),
        ..no_luck_with(vec![
            model(x, 0, [14.0, 0.0, 8.0]),
            model(character("R1"), 1, [21.28, 0.0, 8.0]),
            model(character("R2"), 1, [17.5, 0.0, 10.2]),
        ])
    };
    start_active(setup, faces, m(0))
}

#[test]
fn mex_4_terr_7_the_area_resolves_before_the_markers_and_the_wall_shields_r1() {
    // YELLOW 5 + Ranged 1 + 2 = 8 against Obstacle 4 + Hardness 3 = 7; R2's YELLOW 4.
    let mut g = mex_4(vec![Keyword::Blast, Keyword::Breach(1)], &[5, 4, 4]);
    let mut events = ok(&mut g, at_north_section(1));
    let at = events.iter().find_map(|e| match e {
        Event::ImpactOnScenery {
            at,
            part: 0,
            section: 0,
        } => Some(*at),
        _ => None,
    });
    let at = at.expect("TERR-7: the token touches the section");
    assert!(
        (at[0] - 19.24).abs() < 0.05 && (at[2] - 8.0).abs() < 0.05,
        "{at:?}"
    );
    let breach = rolled(&events);
    assert_eq!((breach[0].total, breach[1].total), (8, 7)); // TERR-2
    // KW-12: R1 is behind the wall, sheltered; R2 is caught.
    assert!(events.contains(&Event::BlastArea {
        at,
        caught: vec![m(2)],
        sheltered: vec![m(1)],
    }));
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::DamageMarked { .. })),
        "TERR-7: no marker before the area has resolved"
    );
    events.extend(ok(&mut g, Command::FaceBlast { model: m(2) }));
    events.extend(ok(&mut g, defend(Some(1))));
    // MOD-7, MOPEN-4: the area's roll is X's total without the +2: 5 + 1 = 6 against 4 + 1.
    let area: Vec<_> = events
        .iter()
        .filter_map(|e| match e {
            Event::Rolled { dice } => Some(dice.clone()),
            _ => None,
        })
        .flatten()
        .collect();
    assert_eq!(area.len(), 4, "{events:?}");
    assert_eq!((area[2].total, area[3].total), (6, 5));
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Wounded { model, token: 1, .. } if *model == m(2)
    )));
    // TERR-7 2., 3.: then the marker, and the section comes down.
    assert!(events.contains(&Event::DamageMarked {
        part: 0,
        section: 0,
        markers: 1,
        total: 1,
    }));
    assert!(g.scenery_destroyed(0, 0)); // TERR-8
    // TERR-9: R1 is within reach, so it is Shaken; R2, 2" off, is not.
    let d = g.decision().expect("a decision").clone();
    match d.kind {
        DecisionKind::ChooseStunnedToken { model, .. } => assert_eq!(model, m(1)),
        other => panic!("expected R1's Stun, got {other:?}"),
    }
}

#[test]
fn mex_4_terr_1_a_blast_without_breach_cannot_be_aimed_at_the_wall() {
    let g = mex_4(vec![Keyword::Blast], &[]);
    assert_eq!(refusal(g.check(&at_north_section(1))), Rule::Terr1);
}

#[test]
fn mod_8_a_missed_breach_blast_is_shifted_by_the_next_player_clockwise() {
    // YELLOW 2 + 1 + 2 = 5 against Obstacle 4 + 3 = 7: a miss, not a Fumble.
    let mut g = mex_4(vec![Keyword::Blast, Keyword::Breach(1)], &[2, 4]);
    let events = ok(&mut g, at_north_section(1));
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::DamageMarked { .. })),
        "{events:?}"
    ); // TERR-2
    let d = g.decision().expect("a decision").clone();
    assert_eq!(d.seat, P1); // MOD-8: the scenery's side is the next player clockwise
    assert!(
        matches!(d.kind, DecisionKind::PlaceImpact { fumble: false, .. }),
        "{d:?}"
    ); // TERR-7, KW-9
}

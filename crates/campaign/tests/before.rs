//! Campaign start and the steps before a game.

mod common;

use common::*;
use redline_campaign::{
    Campaign, CampaignError, CompletedObjective, NewPlayer, Phase, Step, equalising_draw,
    one_off_rules,
};
use redline_content::schema::ObjectiveKind;
use redline_content::team::{GameMode, MemberSpec, TeamSpec, check_team};

fn rule(e: CampaignError) -> &'static str {
    e.rule().unwrap_or("none")
}

#[test]
fn camp_1_campaign_runs_as_steps_and_refuses_steps_out_of_order() {
    let catalog = catalog();
    let mut c = campaign(&catalog, 1);
    assert_eq!(c.phase, Phase::ChooseScenario);
    let e = refused(&catalog, &mut c, Step::RollRecovery);
    assert_eq!(rule(e.clone()), "CAMP-1");
    assert!(e.to_string().contains("not the next step"), "{e}");
    // CTRL-16: two to four players.
    let three = [
        NewPlayer::new("A", "ashfall"),
        NewPlayer::new("B", "choir"),
        NewPlayer::new("C", "glasswork"),
    ];
    assert!(Campaign::new(&catalog, "x", 1, &three, false).is_ok());
    assert!(Campaign::new(&catalog, "x", 1, &three[..1], false).is_err());
}

#[test]
fn camp_2_objective_and_gear_cards_stay_each_players_own() {
    let catalog = catalog();
    let c = campaign(&catalog, 1);
    for t in &c.teams {
        for o in &t.supply.objectives {
            assert_eq!(catalog.objectives.get(o).unwrap().faction, t.faction);
        }
        for g in t.hq.gear.iter().chain(&t.supply.gear) {
            let f = catalog.gear.get(g).unwrap().faction.clone();
            assert!(f.is_none() || f.as_deref() == Some(t.faction.as_str()));
        }
        // Loot is shared: no team starts with Loot of its own.
        assert!(t.loot.is_empty());
    }
}

#[test]
fn camp_6_camp_7_start_hq_holds_basics_supply_the_rest() {
    let catalog = catalog();
    let c = campaign(&catalog, 1);
    let ash = &c.teams[0];
    assert!(ash.hq.characters.contains("ash_furnace_mother"));
    assert!(ash.supply.characters.contains("ash_furnace_mother_v"));
    assert!(
        ash.hq
            .characters
            .iter()
            .all(|id| catalog.characters.get(id).unwrap().stars == 0)
    );
    assert!(
        ash.hq
            .gear
            .iter()
            .all(|g| catalog.gear.get(g).unwrap().street_cred == 0)
    );
    assert!(ash.supply.gear.contains("ash_burner_rig"));
    assert!(
        !ash.hq.gear.contains("ash_ember_heart"),
        "reward-only Cybergear is never in the HQ"
    );
    assert_eq!(
        ash.supply.objectives.len(),
        catalog.objective_deck("ashfall").len()
    );
    assert!(ash.completed.is_empty());
    assert_eq!(ash.street_cred(&catalog), 0);
}

#[test]
fn open_38_mercs_hired_for_game_one_join_the_hq() {
    let catalog = catalog();
    let mut ana = NewPlayer::new("Ana", "ashfall");
    ana.mercs = vec!["merc_kestrel".into()];
    let c = Campaign::new(
        &catalog,
        "m",
        1,
        &[ana, NewPlayer::new("Bo", "choir")],
        false,
    )
    .unwrap();
    assert!(c.teams[0].hq.characters.contains("merc_kestrel"));
    assert!(c.teams[0].supply.characters.contains("merc_kestrel_v"));
    let mut vet = NewPlayer::new("Ana", "ashfall");
    vet.mercs = vec!["merc_kestrel_v".into()];
    let e = Campaign::new(
        &catalog,
        "m",
        1,
        &[vet, NewPlayer::new("Bo", "choir")],
        false,
    )
    .unwrap_err();
    assert_eq!(rule(e), "TEAM-14");
}

#[test]
fn camp_8_camp_9_team_only_from_hq_and_refusal_leaves_campaign_untouched() {
    let catalog = catalog();
    let mut c = campaign(&catalog, 2);
    to_build(&catalog, &mut c, Some("street_claim"));
    let spec = TeamSpec::new("ashfall").with(MemberSpec::new("ash_furnace_mother_v"));
    let e = refused(&catalog, &mut c, Step::BuildTeam { team: 0, spec });
    assert!(e.to_string().contains("Supply"), "{e}");
    assert_eq!(rule(e), "CAMP-9");
    let spec =
        TeamSpec::new("ashfall").with(MemberSpec::new("ash_furnace_mother").gear("ash_burner_rig"));
    let e = refused(&catalog, &mut c, Step::BuildTeam { team: 0, spec });
    assert_eq!(rule(e), "CAMP-9");
}

#[test]
fn camp_10_open_12_draw_four_discard_one_keep_three() {
    let catalog = catalog();
    let mut c = campaign(&catalog, 3);
    c.apply(
        &catalog,
        Step::ChooseScenario {
            agreed: Some("street_claim".into()),
        },
    )
    .unwrap();
    let drawn = c.pending.as_ref().unwrap().drawn.clone();
    assert!(drawn.iter().all(|d| d.len() == 4));
    let e = refused(
        &catalog,
        &mut c,
        Step::DiscardObjective {
            team: 0,
            objective: "nope".into(),
        },
    );
    assert_eq!(rule(e), "CAMP-10");
    c.apply(
        &catalog,
        Step::DiscardObjective {
            team: 0,
            objective: drawn[0][1].clone(),
        },
    )
    .unwrap();
    let kept = c.pending.as_ref().unwrap().kept[0].clone().unwrap();
    assert_eq!(kept.len(), 3);
    assert!(!kept.contains(&drawn[0][1]));
    // OPEN-12: the discarded card stays in the Supply deck.
    assert!(c.teams[0].supply.objectives.contains(&drawn[0][1]));
    let e = c
        .apply(
            &catalog,
            Step::DiscardObjective {
                team: 0,
                objective: drawn[0][0].clone(),
            },
        )
        .unwrap_err();
    assert_eq!(rule(e), "CAMP-10");
}

#[test]
fn camp_17_street_cred_counts_veterans_objectives_and_wins() {
    let catalog = catalog();
    let mut c = campaign(&catalog, 1);
    let t = &mut c.teams[0];
    t.hq.characters.remove("ash_torchhand");
    t.hq.characters.insert("ash_torchhand_v".into());
    t.completed.push(CompletedObjective {
        id: "ash_obj_strip_the_block".into(),
        kind: ObjectiveKind::Ongoing,
        game: 1,
    });
    t.scenario_stars = 2;
    assert_eq!(t.street_cred(&catalog), 4);
    t.wounded_leader = true;
    assert_eq!(t.street_cred(&catalog), 3);
}

#[test]
fn camp_18_luck_7_open_11_beginners_luck_replaces_underdogs_luck() {
    let catalog = catalog();
    let luck = |stars: u8| {
        let mut c = campaign(&catalog, 4);
        c.teams[1].scenario_stars = stars;
        to_build(&catalog, &mut c, Some("street_claim"));
        for team in 0..2 {
            let spec = leader_only(&catalog, &c, team);
            c.apply(&catalog, Step::BuildTeam { team, spec }).unwrap();
        }
        let setup = c.game_setup(&catalog).unwrap();
        (
            setup.players[0].luck.unwrap(),
            setup.players[1].luck.unwrap(),
        )
    };
    let (a0, b0) = luck(0);
    assert!(a0 >= 3 && b0 >= 3, "3 tokens plus what cards add (LUCK-1)");
    // The lower Street Cred gets the difference. Neither model has stars, so Underdog's
    // Luck (which compares stars on models) would give nothing: only Beginner's Luck counts.
    let (a3, b3) = luck(3);
    assert_eq!((a3, b3), (a0 + 3, b0));
}

#[test]
fn camp_19_hq_gear_still_costs_eb_within_the_limit() {
    let catalog = catalog();
    let mut c = campaign(&catalog, 5);
    to_build(&catalog, &mut c, Some("street_claim"));
    let mut spec = hq_team(&catalog, &c, 0);
    let gonk = c.teams[0].hq.gonks.iter().next().unwrap().clone();
    spec = spec.with_gonks(&gonk, 30);
    let e = refused(&catalog, &mut c, Step::BuildTeam { team: 0, spec });
    assert!(matches!(rule(e), "CAMP-19" | "CAMP-9"));
}

#[test]
fn camp_20_gear_needs_the_street_cred() {
    let catalog = catalog();
    let mut c = campaign(&catalog, 6);
    // Put starred Gear in the HQ by hand: the team still lacks the Street Cred to field it.
    c.teams[0].hq.gear.insert("gear_smartlink".into());
    to_build(&catalog, &mut c, Some("street_claim"));
    let spec =
        TeamSpec::new("ashfall").with(MemberSpec::new("ash_furnace_mother").gear("gear_smartlink"));
    let e = refused(&catalog, &mut c, build_team(0, &spec));
    assert_eq!(rule(e), "CAMP-20");
    c.teams[0].scenario_stars = 1;
    c.apply(&catalog, Step::BuildTeam { team: 0, spec })
        .unwrap();
}

#[test]
fn camp_22_camp_24_campaign_veterans_cost_no_surcharge_and_mercs_are_unlimited() {
    let catalog = catalog();
    let mut c = campaign(&catalog, 7);
    c.history.push(redline_campaign::PlayedGame {
        number: 1,
        scenario: "street_claim".into(),
        seats: vec![0, 1],
        teams: vec![],
        luck: vec![],
        seed: 0,
        deployed: vec![],
        commands: vec![],
        winners: vec![],
        prove_your_worth: None,
        completed: vec![],
        revealed: vec![],
        rolls: vec![],
        log: vec![],
    });
    let spec = TeamSpec::new("ashfall")
        .with(MemberSpec::new("ash_furnace_mother_v"))
        .with(MemberSpec::new("merc_kestrel"))
        .with(MemberSpec::new("merc_tonne"))
        .with(MemberSpec::new("merc_lattice"));
    let rules = c.team_rules(&catalog, 0, &spec);
    assert_eq!(rules.mode, GameMode::Campaign { first_game: false });
    assert_eq!(rules.merc_limit(), None);
    let summary = check_team(&catalog, &spec, &rules).unwrap();
    let printed: u32 = spec
        .members
        .iter()
        .map(|m| catalog.characters.get(&m.card).unwrap().cost)
        .sum();
    assert_eq!(
        summary.cost, printed,
        "no +5 EB per star in a campaign game"
    );
    assert_eq!(summary.mercs, 3);
}

#[test]
fn camp_4_camp_5_campaign_team_in_a_one_off_game() {
    let catalog = catalog();
    let mut c = campaign(&catalog, 8);
    let t = &mut c.teams[0];
    t.hq.characters.remove("ash_furnace_mother");
    t.hq.characters.insert("ash_furnace_mother_v".into());
    for id in ["ash_obj_strip_the_block", "ash_obj_smoke_them_out"] {
        t.completed.push(CompletedObjective {
            id: id.into(),
            kind: ObjectiveKind::Ongoing,
            game: 1,
        });
    }
    let spec = TeamSpec::new("ashfall").with(MemberSpec::new("ash_furnace_mother_v"));
    let entry = c
        .one_off_entry(&catalog, 0, &spec, 100, "choir", 9)
        .unwrap();
    assert_eq!(entry.rules.mode, GameMode::OneOff);
    let summary = check_team(&catalog, &spec, &entry.rules).unwrap();
    let card = catalog.characters.get("ash_furnace_mother_v").unwrap();
    assert_eq!(
        summary.cost,
        card.cost + 5,
        "+5 EB per Veteran star (CAMP-4)"
    );
    assert_eq!(entry.rules.bonus_eb, 5, "Ongoing Objectives bring their EB");
    // CAMP-5: the opponent draws as many of its own Objectives.
    assert_eq!(entry.opponent_objectives.len(), 2);
    for o in &entry.opponent_objectives {
        assert_eq!(catalog.objectives.get(o).unwrap().faction, "choir");
    }
    // CAMP-4: at most two Mercs in a one-off game.
    c.teams[0].hq.characters.extend([
        "merc_kestrel".into(),
        "merc_tonne".into(),
        "merc_lattice".into(),
    ]);
    let three = spec
        .with(MemberSpec::new("merc_kestrel"))
        .with(MemberSpec::new("merc_tonne"))
        .with(MemberSpec::new("merc_lattice"));
    let e = c
        .one_off_entry(&catalog, 0, &three, 200, "choir", 9)
        .unwrap_err();
    assert_eq!(rule(e), "CAMP-4");
}

#[test]
fn camp_5_equalising_draw_tops_up_from_the_own_deck_without_repeats() {
    let catalog = catalog();
    let deck: Vec<String> = catalog
        .objective_deck("choir")
        .iter()
        .map(|o| o.id.clone())
        .collect();
    let holding = vec![deck[0].clone()];
    let drawn = equalising_draw(&catalog, "choir", &holding, 3, 5);
    assert_eq!(drawn.len(), 2, "drawn until the numbers match");
    assert!(
        drawn
            .iter()
            .all(|o| deck.contains(o) && !holding.contains(o))
    );
    assert_ne!(drawn[0], drawn[1]);
    assert_eq!(drawn, equalising_draw(&catalog, "choir", &holding, 3, 5));
    assert!(equalising_draw(&catalog, "choir", &holding, 1, 5).is_empty());
    // CAMP-5: the opponent counts them as completed — their EB, stars and Cybergear.
    let rules = one_off_rules(&catalog, &drawn, 100);
    assert_eq!(rules.mode, GameMode::OneOff);
    let stars: u32 = drawn
        .iter()
        .map(|o| u32::from(catalog.objectives.get(o).unwrap().reward.stars))
        .sum();
    assert_eq!(u32::from(rules.bonus_street_cred), stars);
}

#[test]
fn camp_4_camp_9_one_off_team_from_the_hq_leaves_the_campaign_unchanged() {
    let catalog = catalog();
    let mut c = campaign(&catalog, 8);
    let t = &mut c.teams[0];
    t.hq.characters.remove("ash_furnace_mother");
    t.hq.characters.insert("ash_furnace_mother_v".into());
    t.completed.push(CompletedObjective {
        id: "ash_obj_strip_the_block".into(),
        kind: ObjectiveKind::Ongoing,
        game: 1,
    });
    let before = c.clone();
    let spec = c.one_off_team(&catalog, 0, 100).unwrap();
    assert!(!spec.members.is_empty());
    assert!(c.check_from_hq(&catalog, 0, &spec).is_ok(), "CAMP-9");
    let entry = c
        .one_off_entry(&catalog, 0, &spec, 100, "choir", 3)
        .unwrap();
    assert_eq!(
        entry.objectives,
        vec!["ash_obj_strip_the_block".to_string()]
    );
    assert_eq!(entry.opponent_objectives.len(), 1);
    assert_eq!(c, before, "a one-off game never changes the campaign");
    assert_eq!(
        rule(c.one_off_team(&catalog, 7, 100).unwrap_err()),
        "CAMP-1"
    );
}

#[test]
fn camp_35_field_5_prove_your_worth_never_random_nor_agreed_below_ten() {
    let catalog = catalog();
    for seed in 0..30 {
        let mut c = campaign(&catalog, seed);
        c.apply(&catalog, Step::ChooseScenario { agreed: None })
            .unwrap();
        let s = &c.pending.as_ref().unwrap().scenario;
        assert!(catalog.scenarios.get(s).unwrap().prove_your_worth.is_none());
    }
    let mut c = campaign(&catalog, 1);
    let e = refused(
        &catalog,
        &mut c,
        Step::ChooseScenario {
            agreed: Some("pyw_ashfall_last_furnace".into()),
        },
    );
    assert_eq!(rule(e), "CAMP-35");
    for f in ["ashfall", "choir", "tidewater", "glasswork"] {
        assert!(
            catalog.prove_your_worth(f).is_some(),
            "{f} has its Prove Your Worth scenario"
        );
    }
}

#[test]
fn camp_36_ten_street_cred_forces_prove_your_worth() {
    let catalog = catalog();
    let mut c = campaign(&catalog, 2);
    c.teams[1].scenario_stars = 10;
    let e = refused(
        &catalog,
        &mut c,
        Step::ChooseScenario {
            agreed: Some("street_claim".into()),
        },
    );
    assert_eq!(rule(e), "CAMP-36");
    c.apply(&catalog, Step::ChooseScenario { agreed: None })
        .unwrap();
    let p = c.pending.as_ref().unwrap();
    assert_eq!(p.scenario, "pyw_tidewater_high_water");
    assert_eq!(p.prove_your_worth, Some(1));
    assert_eq!(p.seats, vec![1, 0], "the team proving itself takes seat 0");
}

#[test]
fn camp_37_open_41_tie_breaks() {
    let catalog = catalog();
    // Higher Street Cred plays.
    let mut c = campaign(&catalog, 3);
    c.teams[0].scenario_stars = 11;
    c.teams[1].scenario_stars = 10;
    c.apply(&catalog, Step::ChooseScenario { agreed: None })
        .unwrap();
    assert_eq!(c.pending.as_ref().unwrap().prove_your_worth, Some(0));
    // Tied: more completed Objectives plays (both at 10).
    let mut c = campaign(&catalog, 3);
    c.teams[0].scenario_stars = 9;
    c.teams[0].completed.push(CompletedObjective {
        id: "ash_obj_strip_the_block".into(),
        kind: ObjectiveKind::Ongoing,
        game: 1,
    });
    c.teams[1].scenario_stars = 10;
    c.apply(&catalog, Step::ChooseScenario { agreed: None })
        .unwrap();
    assert_eq!(c.pending.as_ref().unwrap().prove_your_worth, Some(0));
    // Still tied: RED die plus the Leader's Influence, re-rolled while tied (OPEN-41).
    let mut c = campaign(&catalog, 3);
    c.teams[0].scenario_stars = 10;
    c.teams[1].scenario_stars = 10;
    let infl = |id: &str| i16::from(catalog.characters.get(id).unwrap().skills.influence);
    let (a, b) = (infl("ash_furnace_mother"), infl("tide_harbour_queen"));
    // Load faces so the first round ties, the second decides for team 1.
    let first_a = 3;
    let first_b = (i16::from(first_a) + a - b).clamp(1, 6) as u8;
    let tie = i16::from(first_a) + a == i16::from(first_b) + b;
    c.dice.load(&[first_a, first_b, 1, 6]);
    c.apply(&catalog, Step::ChooseScenario { agreed: None })
        .unwrap();
    let p = c.pending.as_ref().unwrap();
    let rolls: Vec<_> = p.rolls.iter().filter(|r| r.rule == "CAMP-37").collect();
    if tie {
        assert_eq!(rolls.len(), 4, "a tied roll is rolled again");
    }
    let last = &rolls[rolls.len() - 2..];
    let winner = if i16::from(last[0].face) + last[0].modifier
        > i16::from(last[1].face) + last[1].modifier
    {
        0
    } else {
        1
    };
    assert_eq!(p.prove_your_worth, Some(winner));
}

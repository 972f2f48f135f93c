//! Quick skirmishes from the starter pack: legal quick teams, deployment inside the
//! scenario's zones clear of scenery and of each other, and a game that starts.

use redline_battlespace::ModelBase;
use redline_content::skirmish::{SkirmishError, quick_team, quick_team_rules, skirmish};
use redline_content::starter;
use redline_content::team::{TeamRules, TeamSpec, check_team};
use redline_rules::{Entry, Game, ModelId};

#[test]
fn quick_teams_are_legal_and_spend_most_of_the_budget() {
    // TEAM-1..TEAM-5: one faction, a Leader, within the EB limit.
    let catalog = starter();
    for faction in catalog.factions.iter() {
        let rules = TeamRules::one_off(100);
        let spec = quick_team(&catalog, &faction.id, &rules).unwrap();
        let summary = check_team(&catalog, &spec, &rules).unwrap();
        assert!(summary.cost <= 100, "{}: {} EB", faction.id, summary.cost);
        assert!(
            summary.cost >= 85,
            "{} only spends {} EB",
            faction.id,
            summary.cost
        );
        assert!(
            spec.members.len() >= 4,
            "{}: {:?}",
            faction.id,
            spec.members
        );
    }
}

#[test]
fn a_quick_team_is_the_same_every_time() {
    let catalog = starter();
    let rules = TeamRules::one_off(100);
    let a = quick_team(&catalog, "ashfall", &rules).unwrap();
    let b = quick_team(&catalog, "ashfall", &rules).unwrap();
    assert_eq!(a, b);
}

#[test]
fn every_starter_scenario_deploys_every_model_in_its_zone() {
    // FIELD-4, FIELD-7: models start wholly inside their seat's zone, clear of scenery
    // and of other bases (MOVE-4).
    let catalog = starter();
    for scenario in catalog.scenarios.iter() {
        let factions: Vec<&str> = catalog.factions.iter().map(|f| f.id.as_str()).collect();
        let rules = TeamRules::one_off(scenario.eb_limit);
        // COOP-1: a co-op sheet takes the people's crews; it brings the computer's.
        let crews = scenario
            .coop
            .as_ref()
            .map_or(usize::from(scenario.players), |_| 3);
        let teams: Vec<TeamSpec> = (0..crews)
            .map(|seat| quick_team(&catalog, factions[seat % factions.len()], &rules).unwrap())
            .collect();
        for layout in &scenario.setup.layouts {
            let s = skirmish(&catalog, &scenario.id, Some(layout), &teams, 1)
                .unwrap_or_else(|e| panic!("{} on {layout}: {e}", scenario.id));
            let space = &s.setup.battlespace;
            // FIELD-8: models in Reserve wait off the table.
            let bases: Vec<ModelBase> = s
                .setup
                .models
                .iter()
                .enumerate()
                .filter(|(_, m)| m.entry == Entry::Table)
                .map(|(i, m)| {
                    ModelBase::on_base(i as u32, m.owner.0, m.position, m.profile.base_mm)
                })
                .collect();
            assert!(!bases.is_empty());
            for (i, base) in bases.iter().enumerate() {
                let others: Vec<ModelBase> = bases
                    .iter()
                    .enumerate()
                    .filter(|(j, _)| *j != i)
                    .map(|(_, b)| *b)
                    .collect();
                assert!(space.can_place(base, &others), "{}: model {i}", scenario.id);
                // A seat with several zones deploys in any one of them.
                let in_a_zone = scenario
                    .deployment
                    .iter()
                    .filter(|d| d.seat == base.team)
                    .any(|d| space.table().in_zone(base, d.zone.to_battlespace()));
                assert!(in_a_zone, "{}: model {i}", scenario.id);
            }
            Game::new(s.setup, 3).unwrap_or_else(|e| panic!("{}: {e}", scenario.id));
        }
    }
}

#[test]
fn a_layout_the_scenario_does_not_list_is_refused_by_name() {
    let catalog = starter();
    let rules = TeamRules::one_off(100);
    let team = quick_team(&catalog, "ashfall", &rules).unwrap();
    let err = skirmish(
        &catalog,
        "street_claim",
        Some("night_market"),
        &[team.clone(), team],
        1,
    )
    .unwrap_err();
    assert!(matches!(err, SkirmishError::LayoutNotInScenario { .. }));
    assert!(err.to_string().contains("pier_nine"), "{err}");
}

#[test]
fn the_wrong_number_of_teams_is_refused() {
    let catalog = starter();
    let rules = TeamRules::one_off(100);
    let team = quick_team(&catalog, "ashfall", &rules).unwrap();
    let err = skirmish(&catalog, "street_claim", None, &[team], 1).unwrap_err();
    assert_eq!(
        err.to_string(),
        "scenario 'street_claim' is for 2 players, 1 teams were given"
    );
}

#[test]
fn field_5_field_12_a_random_scenario_is_one_made_for_the_number_of_players() {
    let catalog = starter();
    for players in [2u8, 3, 4] {
        let mut seen = Vec::new();
        for seed in 0..100 {
            let s = redline_content::scenario_rules::random_scenario(&catalog, players, seed)
                .expect("a scenario");
            assert_eq!(s.players, players);
            if !seen.contains(&s.id) {
                seen.push(s.id.clone());
            }
        }
        assert_eq!(seen.len(), catalog.scenarios_for(players).len());
    }
    assert!(redline_content::scenario_rules::random_scenario(&catalog, 5, 1).is_none());
}

#[test]
fn field_6_field_8_a_skirmish_carries_the_scenario_and_keeps_reserves_off_the_table() {
    use redline_rules::scenario::{ExitEdge, FirstControl, ReserveEntry, WinCondition};
    let catalog = starter();
    let rules = TeamRules::one_off(100);
    let spec = TeamSpec::new("tidewater")
        .with(redline_content::team::MemberSpec::new("tide_harbour_queen"))
        .with(redline_content::team::MemberSpec::new("tide_diver"));
    let other = quick_team(&catalog, "ashfall", &rules).unwrap();
    let s = skirmish(&catalog, "breakout", None, &[spec, other], 1).unwrap();
    let sc = &s.setup.scenario;
    assert_eq!(sc.first_control, FirstControl::RollOff);
    assert_eq!(sc.reserves, ReserveEntry::OwnZone);
    assert_eq!(sc.deployment.len(), 2);
    assert!(sc.win.contains(&WinCondition::Escape {
        count: 3,
        edge: ExitEdge::OppositeZone
    }));
    let diver = s
        .setup
        .models
        .iter()
        .find(|m| m.profile.card_id == "tide_diver")
        .unwrap();
    assert_eq!(diver.entry, Entry::Reserve);
    let g = Game::new(s.setup, 5).unwrap();
    assert!(
        g.opening_events()
            .iter()
            .any(|e| matches!(e, redline_rules::Event::FirstControlRoll { .. }))
    );
}

#[test]
fn field_7_every_starter_skirmish_deploys_through_the_engine_where_its_setup_places_models() {
    // The standard deployment as a plan: the engine's deployment reaches exactly the table of
    // the placed setup, and play from there goes the same way.
    let catalog = starter();
    for scenario in catalog.scenarios.iter() {
        let factions: Vec<&str> = catalog.factions.iter().map(|f| f.id.as_str()).collect();
        let rules = TeamRules::one_off(scenario.eb_limit);
        // COOP-1: a co-op sheet takes the people's crews; it brings the computer's.
        let crews = scenario
            .coop
            .as_ref()
            .map_or(usize::from(scenario.players), |_| 3);
        let teams: Vec<TeamSpec> = (0..crews)
            .map(|seat| quick_team(&catalog, factions[seat % factions.len()], &rules).unwrap())
            .collect();
        let layout = &scenario.setup.layouts[0];
        let s = skirmish(&catalog, &scenario.id, Some(layout), &teams, 1).unwrap();
        let (to_deploy, plan) = s.to_deploy();
        let on_table = s.setup.models.iter().filter(|m| m.entry == Entry::Table);
        assert_eq!(plan.len(), on_table.count(), "{}", scenario.id);
        let mut deployed = Game::new(to_deploy, 3).unwrap();
        end_security_step(&mut deployed);
        assert!(deployed.deploying().is_some(), "{}", scenario.id);
        deployed
            .deploy_as_planned(&plan)
            .unwrap_or_else(|e| panic!("{}: the plan is refused: {e}", scenario.id));
        let mut placed = Game::new(s.setup.clone(), 3).unwrap();
        end_security_step(&mut placed);
        for i in 0..placed.model_count() {
            let m = ModelId(i as u16);
            assert_eq!(deployed.position(m), placed.position(m), "{}", scenario.id);
            assert_eq!(deployed.in_play(m), placed.in_play(m), "{}", scenario.id);
        }
        for step in 0..60 {
            assert_eq!(deployed.decision(), placed.decision(), "{}", scenario.id);
            let legal = placed.legal_commands();
            if legal.is_empty() {
                break;
            }
            let cmd = legal[(step * 7) % legal.len()].clone();
            assert_eq!(
                deployed.apply(cmd.clone()),
                placed.apply(cmd),
                "{} step {step}",
                scenario.id
            );
        }
    }
}

/// A scenario with a defender opens with its security step (SEC-2): here the defender places
/// nothing and ends it, so the deployment follows.
fn end_security_step(game: &mut Game) {
    if game.placing_security().is_some() {
        game.apply(redline_rules::Command::EndSecurity)
            .expect("the defender may place nothing (SEC-2)");
    }
}

#[test]
fn sec_1_the_defenders_quick_team_leaves_its_security_budget_unspent() {
    let catalog = starter();
    let strongroom = catalog
        .scenarios
        .get("strongroom")
        .expect("the SEC scenario");
    let sec = TeamRules {
        modules: [redline_rules::Module::Sec].into(),
        ..TeamRules::one_off(100)
    };
    // SEC-1: the defender (seat 1) keeps 25% of the limit for security; the raider doesn't.
    assert_eq!(quick_team_rules(&sec, strongroom, 1).eb_limit, 75);
    assert_eq!(quick_team_rules(&sec, strongroom, 0).eb_limit, 100);
    // MOD-2: with SEC off nobody keeps anything back.
    let core = TeamRules::one_off(100);
    assert_eq!(quick_team_rules(&core, strongroom, 1).eb_limit, 100);
    let team = quick_team(&catalog, "choir", &quick_team_rules(&sec, strongroom, 1)).unwrap();
    let summary = check_team(&catalog, &team, &sec).expect("a legal team");
    assert!(
        summary.cost <= 75,
        "SEC-1: {} EB spent, 25 left for security",
        summary.cost
    );
}

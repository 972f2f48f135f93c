//! Game sizes (FIELD-1, FIELD-2, TEAM-5): 100, 150 and 200 EB, the table each is played on
//! and the scenery it holds.

use redline_content::game_size::GameSize;

#[test]
fn field_1_sizes_and_their_tables() {
    let sizes: Vec<u32> = GameSize::ALL.iter().map(|s| s.eb()).collect();
    assert_eq!(sizes, vec![100, 150, 200]);
    assert_eq!(GameSize::Eb100.table(), [30.0, 22.0]); // FIELD-1
    assert_eq!(GameSize::Eb150.table(), [30.0, 22.0]);
    assert_eq!(GameSize::Eb200.table(), [44.0, 30.0]);
    assert_eq!(GameSize::from_eb(200), Some(GameSize::Eb200));
    assert_eq!(GameSize::from_eb(175), None);
    assert_eq!(GameSize::Eb100.team_rules().eb_limit, 100); // TEAM-5
}

#[test]
fn field_1_field_2_each_size_has_ready_tables_with_the_scenery_the_rulebook_suggests() {
    let catalog = redline_content::starter();
    for size in GameSize::ALL {
        let layouts = size.layouts(&catalog);
        assert!(!layouts.is_empty(), "{} has a table", size.label());
        for id in layouts {
            let layout = catalog.layouts.get(&id).unwrap();
            assert_eq!(layout.size, size.table()); // FIELD-1
            assert!(
                size.scenery_count().contains(&layout.pieces.len()), // FIELD-2
                "{id}: {} pieces for {}",
                layout.pieces.len(),
                size.label()
            );
        }
    }
    assert_eq!(GameSize::Eb200.scenery_count(), 20..=30);
}

mod sized_skirmish {
    use redline_content::game_size::{GameSize, layout_for_size, skirmish_of_size};
    use redline_content::skirmish::{SkirmishError, quick_team};
    use redline_content::team::TeamError;

    fn teams(size: GameSize, factions: &[&str]) -> Vec<redline_content::team::TeamSpec> {
        let catalog = redline_content::starter();
        factions
            .iter()
            .map(|f| quick_team(&catalog, f, &size.team_rules()).unwrap())
            .collect()
    }

    #[test]
    fn field_1_team_5_a_200_eb_game_of_a_single_table_scenario_is_played_on_44_by_30() {
        let catalog = redline_content::starter();
        let specs = teams(GameSize::Eb200, &["ashfall", "tidewater"]);
        let game = skirmish_of_size(&catalog, "street_claim", GameSize::Eb200, None, &specs)
            .expect("a 200 EB street claim");
        let layout = catalog.layouts.get(&game.layout).unwrap();
        assert_eq!(layout.size, [44.0, 30.0]); // FIELD-1
        assert_eq!(game.layout, GameSize::Eb200.layouts(&catalog)[0]);
        // TEAM-5: the teams spend more than the scenario's own limit, up to the size's.
        let spent: Vec<u32> = game.teams.iter().map(|t| t.summary.cost).collect();
        assert!(spent.iter().all(|&eb| eb <= 200), "{spent:?}");
        assert!(spent.iter().any(|&eb| eb > 150), "{spent:?}");
        // Every model on the table stands on the 44" × 30" table.
        for m in &game.setup.models {
            assert!(m.position[0] <= 44.0 && m.position[2] <= 30.0);
        }
    }

    #[test]
    fn field_1_a_size_picks_the_scenarios_own_layout_of_its_table() {
        let catalog = redline_content::starter();
        let four = catalog.scenarios.get("four_corners").unwrap();
        // Its own layouts are 44" × 30": a 200 EB game keeps the first of them...
        assert_eq!(
            layout_for_size(&catalog, four, GameSize::Eb200, None).unwrap(),
            four.setup.layouts[0]
        );
        // ...and a 100 EB game goes to the first ready 30" × 22" table.
        assert_eq!(
            layout_for_size(&catalog, four, GameSize::Eb100, None).unwrap(),
            GameSize::Eb100.layouts(&catalog)[0]
        );
        let street = catalog.scenarios.get("street_claim").unwrap();
        assert_eq!(
            layout_for_size(&catalog, street, GameSize::Eb150, None).unwrap(),
            street.setup.layouts[0]
        );
    }

    #[test]
    fn field_1_a_layout_of_the_wrong_table_is_refused_in_words() {
        let catalog = redline_content::starter();
        let specs = teams(GameSize::Eb200, &["ashfall", "tidewater"]);
        let err = skirmish_of_size(
            &catalog,
            "street_claim",
            GameSize::Eb200,
            Some("pier_nine"),
            &specs,
        )
        .unwrap_err();
        assert!(
            matches!(err, SkirmishError::LayoutNotOfSize { .. }),
            "{err}"
        );
        let text = err.to_string();
        assert!(
            text.contains("pier_nine") && text.contains("200 EB"),
            "{text}"
        );
        assert!(text.contains("44\" × 30\""), "{text}");
        // The same layout is fine at 150 EB.
        let specs = teams(GameSize::Eb150, &["ashfall", "tidewater"]);
        assert!(
            skirmish_of_size(
                &catalog,
                "street_claim",
                GameSize::Eb150,
                Some("pier_nine"),
                &specs
            )
            .is_ok()
        );
    }

    #[test]
    fn field_1_a_size_without_any_table_is_refused_naming_scenario_and_size() {
        let starter = redline_content::starter();
        let street = starter.scenarios.get("street_claim").unwrap().clone();
        // A catalog with no table of any size.
        let catalog = redline_content::Catalog::default();
        let err = layout_for_size(&catalog, &street, GameSize::Eb200, None).unwrap_err();
        assert!(matches!(err, SkirmishError::NoLayoutOfSize { .. }), "{err}");
        let text = err.to_string();
        assert!(
            text.contains("street_claim") && text.contains("200 EB"),
            "{text}"
        );
    }

    #[test]
    fn team_5_a_team_over_the_sizes_limit_is_refused() {
        let catalog = redline_content::starter();
        let big = teams(GameSize::Eb200, &["ashfall", "tidewater"]);
        let err =
            skirmish_of_size(&catalog, "street_claim", GameSize::Eb100, None, &big).unwrap_err();
        let SkirmishError::Team { errors, .. } = err else {
            panic!("{err}")
        };
        assert!(
            errors
                .iter()
                .any(|e| matches!(e, TeamError::OverBudget { limit: 100, .. })), // TEAM-5
            "{errors:?}"
        );
    }

    #[test]
    fn from_str_reads_the_three_sizes_and_refuses_others() {
        assert_eq!("200".parse::<GameSize>(), Ok(GameSize::Eb200));
        assert_eq!("100 EB".parse::<GameSize>(), Ok(GameSize::Eb100));
        let err = "175".parse::<GameSize>().unwrap_err();
        assert!(err.contains("100, 150 or 200"), "{err}");
    }
}

mod team_building_at_a_size {
    use redline_content::game_size::GameSize;
    use redline_content::skirmish::quick_team;
    use redline_content::team::{TeamError, check_team};

    /// The computer's team for a seat is the faction's quick team under the game's team
    /// rules (the app's `computer_team`, the CLI's and the lobby's bots).
    #[test]
    fn team_5_the_computers_team_for_each_faction_fits_each_size_and_uses_it() {
        let catalog = redline_content::starter();
        for faction in catalog.factions.iter() {
            let mut costs = Vec::new();
            for size in GameSize::ALL {
                let spec = quick_team(&catalog, &faction.id, &size.team_rules())
                    .unwrap_or_else(|e| panic!("{} at {}: {e}", faction.id, size.label()));
                let summary = check_team(&catalog, &spec, &size.team_rules()).unwrap();
                assert!(
                    summary.cost <= size.eb(),
                    "{}: {}",
                    faction.id,
                    summary.cost
                ); // TEAM-5
                costs.push(summary.cost);
            }
            assert!(
                costs[0] < costs[2],
                "{}: a 200 EB team spends more than a 100 EB one: {costs:?}",
                faction.id
            );
        }
    }

    #[test]
    fn team_5_the_team_builder_checks_a_team_against_the_chosen_size() {
        let catalog = redline_content::starter();
        let big = quick_team(&catalog, "ashfall", &GameSize::Eb200.team_rules()).unwrap();
        let cost = check_team(&catalog, &big, &GameSize::Eb200.team_rules())
            .unwrap()
            .cost;
        assert!(cost > 100);
        let errors = check_team(&catalog, &big, &GameSize::Eb100.team_rules()).unwrap_err();
        assert!(
            errors
                .iter()
                .any(|e| matches!(e, TeamError::OverBudget { limit: 100, .. })), // TEAM-5
            "{errors:?}"
        );
    }
}

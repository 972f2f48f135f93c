//! Team building under the TEAM rules (TEAM-1..TEAM-19), NET-1..NET-3 and EX-28, on the
//! starter pack.

use redline_content::load::starter_source;
use redline_content::team::{
    Addition, GameMode, MemberSpec, TeamError, TeamRules, TeamSpec, available_additions, check_team,
};
use redline_content::{Catalog, PackSource, load, starter};

fn catalog() -> Catalog {
    starter()
}

/// Ashfall: Furnace Mother (30, Influence 2), Scrapper (12, Influence 1), Flue Rat (15,
/// Influence 1, Tech 2): 57 EB, total Influence 4.
fn base() -> TeamSpec {
    TeamSpec::new("ashfall")
        .with(MemberSpec::new("ash_furnace_mother"))
        .with(MemberSpec::new("ash_scrapper"))
        .with(MemberSpec::new("ash_flue_rat"))
}

fn one_off() -> TeamRules {
    TeamRules::one_off(100)
}

fn errors(spec: &TeamSpec, rules: &TeamRules) -> Vec<TeamError> {
    check_team(&catalog(), spec, rules)
        .err()
        .unwrap_or_default()
}

#[test]
fn base_team_is_legal() {
    let summary = check_team(&catalog(), &base(), &one_off()).unwrap();
    assert_eq!(
        (summary.cost, summary.influence, summary.street_cred),
        (57, 4, 0)
    );
}

#[test]
fn team_1_faction_must_exist_and_gear_comes_from_its_own_deck_or_general() {
    let mut spec = base();
    spec.faction = "nobody".into();
    assert!(
        errors(&spec, &one_off()).contains(&TeamError::UnknownFaction {
            faction: "nobody".into()
        })
    );

    let spec = base().with(
        MemberSpec::new("ash_scrapper")
            .gear("choir_hush_knife")
            .gear("gear_medkit"),
    );
    assert_eq!(
        errors(&spec, &one_off()),
        vec![TeamError::OtherFactionsDeck {
            member: 3,
            card: "choir_hush_knife".into(),
            deck: "choir".into(),
            faction: "ashfall".into(),
        }]
    );
}

#[test]
fn team_2_every_model_has_the_faction_keyword_or_merc() {
    let spec = base()
        .with(MemberSpec::new("choir_acolyte"))
        .with_gonks("tide_dockhand", 1);
    assert_eq!(
        errors(&spec, &one_off()),
        vec![
            TeamError::WrongFaction {
                member: 3,
                card: "choir_acolyte".into(),
                faction: "ashfall".into()
            },
            TeamError::WrongFaction {
                member: 4,
                card: "tide_dockhand".into(),
                faction: "ashfall".into()
            },
        ]
    );
    let spec = base()
        .with(MemberSpec::new("merc_tonne"))
        .with_gonks("merc_day_labourer", 1);
    assert_eq!(errors(&spec, &one_off()), vec![]);
}

#[test]
fn team_3_exactly_one_leader() {
    let spec = TeamSpec::new("ashfall").with(MemberSpec::new("ash_scrapper"));
    assert_eq!(errors(&spec, &one_off()), vec![TeamError::NoLeader]);
    let spec = base().with(MemberSpec::new("ash_furnace_mother_v"));
    let errs = errors(&spec, &TeamRules::one_off(200));
    assert!(errs.contains(&TeamError::TooManyLeaders {
        leaders: vec!["ash_furnace_mother".into(), "ash_furnace_mother_v".into()],
    }));
}

#[test]
fn team_4_leader_and_specialists_are_unique_other_characters_are_not() {
    let spec = base()
        .with(MemberSpec::new("ash_torchhand"))
        .with(MemberSpec::new("ash_torchhand_v"));
    assert_eq!(
        errors(&spec, &TeamRules::one_off(200)),
        vec![TeamError::NotUnique {
            character: "ash_torchhand".into(),
            copies: 2
        }]
    );
    let spec = base()
        .with(MemberSpec::new("ash_scrapper"))
        .with(MemberSpec::new("ash_scrapper_v"));
    assert_eq!(errors(&spec, &TeamRules::one_off(200)), vec![]);
}

#[test]
fn team_5_total_cost_must_not_exceed_the_limit() {
    assert_eq!(
        errors(&base(), &TeamRules::one_off(56)),
        vec![TeamError::OverBudget {
            cost: 57,
            limit: 56
        }]
    );
    assert_eq!(errors(&base(), &TeamRules::one_off(57)), vec![]);
}

#[test]
fn team_6_gonks_limited_by_total_influence() {
    let spec = base().with_gonks("ash_cinderling", 4);
    assert_eq!(errors(&spec, &one_off()), vec![]);
    let spec = base().with_gonks("ash_cinderling", 5);
    assert_eq!(
        errors(&spec, &one_off()),
        vec![TeamError::TooManyGonks {
            gonks: 5,
            influence: 4
        }]
    );
}

#[test]
fn ex_28_influence_5_allows_5_gonks_and_rarity_2_allows_2_models() {
    // EX-28: characters with total Influence 5 allow at most 5 Gonks.
    let five = base().with(MemberSpec::new("ash_scrapper"));
    let rules = TeamRules::one_off(200);
    assert_eq!(
        errors(&five.clone().with_gonks("ash_cinderling", 5), &rules),
        vec![]
    );
    assert_eq!(
        errors(&five.with_gonks("ash_cinderling", 6), &rules),
        vec![TeamError::TooManyGonks {
            gonks: 6,
            influence: 5
        }]
    );
    // EX-28: a Rarity 2 Gear card may be equipped by at most 2 models.
    let two = TeamSpec::new("ashfall")
        .with(MemberSpec::new("ash_furnace_mother"))
        .with(MemberSpec::new("ash_scrapper").gear("ash_rivet_driver"))
        .with(MemberSpec::new("ash_scrapper").gear("ash_rivet_driver"));
    assert_eq!(errors(&two, &rules), vec![]);
    let three = two.with(MemberSpec::new("ash_scrapper").gear("ash_rivet_driver"));
    assert_eq!(
        errors(&three, &rules),
        vec![TeamError::RarityExceeded {
            name: "Rivet Driver".into(),
            rarity: 2,
            copies: 3
        }]
    );
}

#[test]
fn team_7_rarity_limits_copies_of_a_name_across_the_team() {
    let rules = TeamRules {
        bonus_street_cred: 1,
        ..TeamRules::one_off(200)
    };
    let spec = base()
        .with(MemberSpec::new("ash_torchhand").gear("ash_burner_rig"))
        .with(MemberSpec::new("ash_scrapper").gear("ash_burner_rig"));
    assert_eq!(
        errors(&spec, &rules),
        vec![TeamError::RarityExceeded {
            name: "Burner Rig".into(),
            rarity: 1,
            copies: 2
        }]
    );
}

#[test]
fn team_8_gear_is_equipped_to_characters_not_gonks() {
    let spec = base().with(MemberSpec::new("ash_cinderling").gear("ash_scrap_plate"));
    assert_eq!(
        errors(&spec, &one_off()),
        vec![TeamError::GearOnGonk {
            member: 3,
            card: "ash_cinderling".into()
        }]
    );
}

#[test]
fn team_9_one_bulky_card_and_no_two_cards_of_a_name_per_character() {
    let rules = TeamRules {
        bonus_street_cred: 1,
        ..TeamRules::one_off(200)
    };
    let spec = base().with(
        MemberSpec::new("ash_scrapper")
            .gear("ash_slag_maul")
            .gear("ash_burner_rig"),
    );
    assert_eq!(
        errors(&spec, &rules),
        vec![TeamError::TooManyBulky {
            member: 3,
            gear: vec!["ash_slag_maul".into(), "ash_burner_rig".into()]
        }]
    );
    // Printed Gear counts: the Furnace Mother already carries a Bulky Slag Maul.
    let mut spec = base();
    spec.members[0].gear.push("ash_slag_maul".into());
    let errs = errors(&spec, &rules);
    assert!(
        errs.contains(&TeamError::DuplicateGearName {
            member: 0,
            name: "Slag Maul".into()
        }),
        "{errs:?}"
    );
    let spec = base().with(
        MemberSpec::new("ash_scrapper")
            .gear("ash_firebomb")
            .gear("ash_firebomb"),
    );
    assert_eq!(
        errors(&spec, &rules),
        vec![TeamError::DuplicateGearName {
            member: 3,
            name: "Firebomb".into()
        }]
    );
}

#[test]
fn team_10_cybergear_rewards_need_earning_and_may_name_their_model() {
    let spec = base().with(MemberSpec::new("ash_scrapper").gear("ash_ember_heart"));
    assert_eq!(
        errors(&spec, &one_off()),
        vec![TeamError::NotEarned {
            member: 3,
            gear: "ash_ember_heart".into()
        }]
    );
    let earned = TeamRules {
        earned_gear: vec!["ash_ember_heart".into(), "choir_halo".into()],
        ..one_off()
    };
    assert_eq!(errors(&spec, &earned), vec![]);

    let choir = TeamSpec::new("choir")
        .with(MemberSpec::new("choir_cantor_v").gear("choir_halo"))
        .with(MemberSpec::new("choir_warden").gear("choir_halo"));
    let errs = errors(
        &choir,
        &TeamRules {
            eb_limit: 200,
            ..earned
        },
    );
    assert!(errs.contains(&TeamError::CybergearForOtherModel {
        member: 1,
        gear: "choir_halo".into(),
        allowed: "choir_cantor".into(),
    }));
    // The Veteran Cantor is the same character as the basic one the card names.
    assert!(
        !errs
            .iter()
            .any(|e| matches!(e, TeamError::CybergearForOtherModel { member: 0, .. }))
    );
}

#[test]
fn team_11_veterans_cost_5_eb_more_per_star_in_one_off_games() {
    let basic = check_team(&catalog(), &base(), &one_off()).unwrap().cost;
    let mut spec = base();
    spec.members[0].card = "ash_furnace_mother_v".into(); // 34 EB, 1 star
    assert_eq!(
        check_team(&catalog(), &spec, &one_off()).unwrap().cost,
        basic - 30 + 34 + 5
    );
    let choir = TeamSpec::new("choir").with(MemberSpec::new("choir_cantor_v2")); // 38 EB, 2 stars
    assert_eq!(check_team(&catalog(), &choir, &one_off()).unwrap().cost, 48);
}

#[test]
fn team_12_campaign_veterans_pay_no_surcharge_and_not_in_the_first_game() {
    let mut spec = base();
    spec.members[0].card = "ash_furnace_mother_v".into();
    let later = TeamRules {
        mode: GameMode::Campaign { first_game: false },
        ..one_off()
    };
    assert_eq!(
        check_team(&catalog(), &spec, &later).unwrap().cost,
        57 - 30 + 34
    );
    let first = TeamRules {
        mode: GameMode::Campaign { first_game: true },
        ..one_off()
    };
    assert_eq!(
        errors(&spec, &first),
        vec![TeamError::VeteranInFirstGame {
            member: 0,
            card: "ash_furnace_mother_v".into()
        }]
    );
}

#[test]
fn team_13_at_most_two_mercs_in_a_one_off_and_veteran_mercs_pay_the_surcharge() {
    let rules = TeamRules::one_off(200);
    let two = base()
        .with(MemberSpec::new("merc_tonne"))
        .with(MemberSpec::new("merc_kestrel_v"));
    let summary = check_team(&catalog(), &two, &rules).unwrap();
    assert_eq!(summary.cost, 57 + 16 + 23 + 5);
    let three = two.with(MemberSpec::new("merc_lattice"));
    assert_eq!(
        errors(&three, &rules),
        vec![TeamError::TooManyMercs { count: 3, max: 2 }]
    );
}

#[test]
fn team_14_campaign_first_game_two_basic_mercs_then_no_limit() {
    let three = base()
        .with(MemberSpec::new("merc_tonne"))
        .with(MemberSpec::new("merc_kestrel"))
        .with(MemberSpec::new("merc_lattice"));
    let first = TeamRules {
        mode: GameMode::Campaign { first_game: true },
        ..TeamRules::one_off(200)
    };
    assert_eq!(
        errors(&three, &first),
        vec![TeamError::TooManyMercs { count: 3, max: 2 }]
    );
    let veteran_merc = base().with(MemberSpec::new("merc_tonne_v"));
    assert_eq!(
        errors(&veteran_merc, &first),
        vec![TeamError::VeteranInFirstGame {
            member: 3,
            card: "merc_tonne_v".into()
        }]
    );
    let later = TeamRules {
        mode: GameMode::Campaign { first_game: false },
        ..first
    };
    assert_eq!(errors(&three, &later), vec![]);
}

#[test]
fn team_15_gear_and_programs_need_the_team_street_cred() {
    let spec = base().with(MemberSpec::new("ash_torchhand").gear("ash_burner_rig"));
    assert_eq!(
        errors(&spec, &one_off()),
        vec![TeamError::StreetCredTooLow {
            member: 3,
            card: "ash_burner_rig".into(),
            required: 1,
            street_cred: 0
        }]
    );
    let objectives = TeamRules {
        bonus_street_cred: 1,
        ..one_off()
    };
    assert_eq!(errors(&spec, &objectives), vec![]);
    let mut veteran = spec.clone();
    veteran.members[1].card = "ash_scrapper_v".into();
    assert_eq!(errors(&veteran, &one_off()), vec![]);
    let program = base();
    let mut program = program;
    program.members[2].programs.push("prog_backburn".into());
    assert!(matches!(
        errors(&program, &one_off())[..],
        [TeamError::StreetCredTooLow { required: 1, .. }]
    ));
}

#[test]
fn team_16_gear_is_paid_for_when_equipped() {
    let mut spec = base();
    spec.members[1].gear.push("ash_scrap_plate".into()); // 3 EB
    assert_eq!(check_team(&catalog(), &spec, &one_off()).unwrap().cost, 60);
}

#[test]
fn team_17_programs_cost_eb() {
    let mut spec = base();
    spec.members[2].programs.push("prog_snoop".into()); // 4 EB
    assert_eq!(check_team(&catalog(), &spec, &one_off()).unwrap().cost, 61);
}

#[test]
fn team_18_objective_eb_can_take_a_team_past_the_limit() {
    let rules = TeamRules {
        bonus_eb: 5,
        ..TeamRules::one_off(55)
    };
    let summary = check_team(&catalog(), &base(), &rules).unwrap();
    assert_eq!((summary.cost, summary.limit), (57, 60));
}

#[test]
fn team_19_stars_add_to_team_street_cred() {
    let spec = TeamSpec::new("choir")
        .with(MemberSpec::new("choir_cantor_v2"))
        .with(MemberSpec::new("choir_warden_v"));
    assert_eq!(
        check_team(&catalog(), &spec, &TeamRules::one_off(200))
            .unwrap()
            .street_cred,
        3
    );
}

#[test]
fn net_1_only_netrunners_install_programs() {
    let mut spec = base();
    spec.members[1].programs.push("prog_snoop".into());
    assert_eq!(
        errors(&spec, &one_off()),
        vec![TeamError::NotANetrunner {
            member: 1,
            card: "ash_scrapper".into()
        }]
    );
}

#[test]
fn net_2_a_netrunner_installs_up_to_its_tech_in_programs() {
    let mut spec = base(); // Flue Rat: Tech 2
    spec.members[2].programs = vec!["prog_snoop".into(), "prog_tailwind".into()];
    assert_eq!(errors(&spec, &one_off()), vec![]);
    spec.members[2].programs.push("prog_patch_tunnel".into());
    assert_eq!(
        errors(&spec, &one_off()),
        vec![TeamError::TooManyPrograms {
            member: 2,
            installed: 3,
            tech: 2
        }]
    );
}

#[test]
fn net_3_no_two_copies_on_one_netrunner_and_rarity_across_the_team() {
    let mut spec = base();
    spec.members[2].programs = vec!["prog_snoop".into(), "prog_snoop".into()];
    assert_eq!(
        errors(&spec, &one_off()),
        vec![TeamError::DuplicateProgram {
            member: 2,
            program: "prog_snoop".into()
        }]
    );
    let spec = base()
        .with(MemberSpec::new("ash_flue_rat").program("prog_kitehawk"))
        .with(MemberSpec::new("ash_flue_rat").program("prog_kitehawk"));
    assert_eq!(
        errors(&spec, &TeamRules::one_off(200)),
        vec![TeamError::RarityExceeded {
            name: "Kitehawk Uplink".into(),
            rarity: 1,
            copies: 2
        }]
    );
}

#[test]
fn available_additions_respect_budget_uniqueness_and_bulky() {
    let catalog = catalog();
    let empty = TeamSpec::new("ashfall");
    let all = available_additions(&catalog, &empty, &TeamRules::one_off(100));
    assert!(all.contains(&Addition::Character {
        card: "ash_furnace_mother".into(),
        cost: 30
    }));
    assert!(all.contains(&Addition::Character {
        card: "merc_kestrel_v".into(),
        cost: 28
    }));
    // No Influence yet, so no Gonk fits (TEAM-6); nothing of another faction is offered.
    assert!(!all.iter().any(|a| matches!(a, Addition::Gonk { .. })));
    assert!(
        !all.iter()
            .any(|a| matches!(a, Addition::Character { card, .. } if card.starts_with("choir")))
    );

    let spec = base();
    let rules = TeamRules::one_off(70); // 13 EB left
    let more = available_additions(&catalog, &spec, &rules);
    assert!(more.contains(&Addition::Character {
        card: "ash_scrapper".into(),
        cost: 12
    }));
    assert!(
        !more
            .iter()
            .any(|a| matches!(a, Addition::Character { cost, .. } if *cost > 13))
    );
    assert!(
        !more.iter().any(
            |a| matches!(a, Addition::Character { card, .. } if card.starts_with("ash_furnace"))
        )
    );
    assert!(more.contains(&Addition::Gonk {
        card: "ash_cinderling".into(),
        cost: 5
    }));
    // The Furnace Mother's printed Slag Maul is Bulky: no second Bulky card for her.
    assert!(
        !more.iter().any(
            |a| matches!(a, Addition::Gear { member: 0, gear, .. } if gear == "ash_burner_rig")
        )
    );
    assert!(more.contains(&Addition::Gear {
        member: 0,
        gear: "ash_scrap_plate".into(),
        cost: 3
    }));
    assert!(more.contains(&Addition::Program {
        member: 2,
        program: "prog_snoop".into(),
        cost: 4
    }));
    assert!(
        !more
            .iter()
            .any(|a| matches!(a, Addition::Program { member: 1, .. }))
    );
}

/// The starter pack plus a small pack that reprints a Gear card and a program under new ids
/// with the same names, as a reprint or a promo card would.
fn with_reprints() -> Catalog {
    let manifest =
        r#"PackManifest(id: "reprints", name: "Reprints", version: 1, files: ["cards.ron"])"#;
    let cards = r#"[
        Gear(id: "promo_heavy_pistol", name: "Heavy Pistol", cost: 4, rarity: 3, keywords: [Weapon],
            actions: [(id: "shoot", name: "Shoot", skill: Ranged, range: (yellow: true, green: true),
            target: Rival, attack: true, effects: [Wound(1)])]),
        Program(id: "promo_snoop", name: "Snoop", quality: Yellow, cost: 4, rarity: 3, reload: AtInspire,
            loaded: (id: "snoop", name: "Snoop", skill: Tech, range: (yellow: true, green: true),
            target: Rival, effects: [Hack])),
    ]"#;
    match load(&[
        starter_source(),
        PackSource::from_memory(manifest, &[("cards.ron", cards)]),
    ]) {
        Ok(loaded) => loaded.catalog,
        Err(err) => panic!("{err}"),
    }
}

#[test]
fn gen_13_a_model_cant_equip_two_gear_cards_with_one_name() {
    let catalog = with_reprints();
    let errs = |spec: &TeamSpec| {
        check_team(&catalog, spec, &one_off())
            .err()
            .unwrap_or_default()
    };
    // Two different cards that share a name, both bought.
    let spec = base().with(
        MemberSpec::new("ash_scrapper")
            .gear("gear_heavy_pistol")
            .gear("promo_heavy_pistol"),
    );
    assert_eq!(
        errs(&spec),
        vec![TeamError::DuplicateGearName {
            member: 3,
            name: "Heavy Pistol".into()
        }]
    );
    // The same name on two models is fine (only Rarity limits it, TEAM-7).
    let spec = base()
        .with(MemberSpec::new("ash_scrapper").gear("gear_heavy_pistol"))
        .with(MemberSpec::new("ash_scrapper").gear("promo_heavy_pistol"));
    assert_eq!(errs(&spec), vec![]);
}

#[test]
fn net_3_a_reprinted_program_counts_as_the_same_program() {
    let catalog = with_reprints();
    let mut spec = base();
    spec.members[2].programs = vec!["prog_snoop".into(), "promo_snoop".into()];
    assert_eq!(
        check_team(&catalog, &spec, &one_off())
            .err()
            .unwrap_or_default(),
        vec![TeamError::DuplicateProgram {
            member: 2,
            program: "promo_snoop".into()
        }]
    );
}

/// `spec` with one addition applied.
fn apply(spec: &TeamSpec, addition: &Addition) -> TeamSpec {
    let mut spec = spec.clone();
    match addition {
        Addition::Character { card, .. } | Addition::Gonk { card, .. } => {
            spec.members.push(MemberSpec::new(card));
        }
        Addition::Gear { member, gear, .. } => spec.members[*member].gear.push(gear.clone()),
        Addition::Program {
            member, program, ..
        } => spec.members[*member].programs.push(program.clone()),
    }
    spec
}

fn cost_of(addition: &Addition) -> u32 {
    match addition {
        Addition::Character { cost, .. }
        | Addition::Gonk { cost, .. }
        | Addition::Gear { cost, .. }
        | Addition::Program { cost, .. } => *cost,
    }
}

#[test]
fn every_available_addition_keeps_a_legal_team_legal_and_costs_what_it_says() {
    let catalog = catalog();
    let rules = TeamRules::one_off(100);
    let teams = [
        base(),
        base().with_gonks("ash_cinderling", 2),
        TeamSpec::new("choir").with(MemberSpec::new("choir_cantor")),
        TeamSpec::new("glasswork")
            .with(MemberSpec::new("glass_commander"))
            .with(MemberSpec::new("merc_tonne")),
    ];
    for spec in &teams {
        let before = check_team(&catalog, spec, &rules).unwrap().cost;
        let additions = available_additions(&catalog, spec, &rules);
        assert!(!additions.is_empty(), "{spec:?}");
        for a in &additions {
            match check_team(&catalog, &apply(spec, a), &rules) {
                Ok(summary) => assert_eq!(summary.cost, before + cost_of(a), "{a:?}"),
                Err(errs) => panic!("{a:?} on {spec:?}: {errs:?}"),
            }
        }
    }
}

#[test]
fn available_additions_follow_mercs_veterans_street_cred_and_tech() {
    let catalog = catalog();
    let is_merc =
        |a: &Addition| matches!(a, Addition::Character { card, .. } if card.starts_with("merc_"));
    // TEAM-13: two Mercs hired, no third offered.
    let two = base()
        .with(MemberSpec::new("merc_tonne"))
        .with(MemberSpec::new("merc_lattice"));
    let rules = TeamRules::one_off(200);
    assert!(
        available_additions(&catalog, &base(), &rules)
            .iter()
            .any(is_merc)
    );
    assert!(
        !available_additions(&catalog, &two, &rules)
            .iter()
            .any(is_merc)
    );
    // TEAM-12: no Veterans in a campaign's first game.
    let first = TeamRules {
        mode: GameMode::Campaign { first_game: true },
        ..rules.clone()
    };
    let offered = available_additions(&catalog, &base(), &first);
    assert!(offered.iter().all(|a| match a {
        Addition::Character { card, .. } => catalog.characters.get(card).unwrap().stars == 0,
        _ => true,
    }));
    // TEAM-15: the Burner Rig needs Street Cred 1, which the base team lacks.
    let rig = |spec: &TeamSpec| {
        available_additions(&catalog, spec, &rules)
            .iter()
            .any(|a| matches!(a, Addition::Gear { gear, .. } if gear == "ash_burner_rig"))
    };
    assert!(!rig(&base()));
    let mut veteran = base();
    veteran.members[1].card = "ash_scrapper_v".into();
    assert!(rig(&veteran));
    // NET-2: the Flue Rat (Tech 2) with two programs is offered no third.
    let mut full = base();
    full.members[2].programs = vec!["prog_snoop".into(), "prog_tailwind".into()];
    assert!(
        !available_additions(&catalog, &full, &rules)
            .iter()
            .any(|a| matches!(a, Addition::Program { member: 2, .. }))
    );
    // TEAM-6: a Gonk is offered while Influence allows one more.
    let gonks = |n| {
        available_additions(&catalog, &base().with_gonks("ash_cinderling", n), &rules)
            .iter()
            .any(|a| matches!(a, Addition::Gonk { .. }))
    };
    assert!(gonks(3));
    assert!(!gonks(4));
}

#[test]
fn gen_10_a_team_fields_one_of_its_factions_gonk_types() {
    let catalog = catalog();
    let one_type = base().with_gonks("ash_stoker", 2);
    assert_eq!(errors(&one_type, &one_off()), vec![]);
    let mixed = base()
        .with(MemberSpec::new("ash_cinderling"))
        .with(MemberSpec::new("ash_stoker"));
    let found = errors(&mixed, &one_off());
    assert_eq!(
        found,
        vec![TeamError::MixedGonkTypes {
            first: "ash_cinderling".into(),
            second: "ash_stoker".into()
        }]
    );
    assert!(found[0].to_string().contains("GEN-10"), "{}", found[0]);
    // Merc Gonks are no faction Gonk type (TEAM-13): they still join either choice.
    let with_merc = base()
        .with(MemberSpec::new("ash_stoker"))
        .with(MemberSpec::new("merc_day_labourer"));
    assert_eq!(errors(&with_merc, &one_off()), vec![]);
    // Once one type is in, the builder offers only that one.
    let gonks: Vec<String> = available_additions(
        &catalog,
        &base().with(MemberSpec::new("ash_cinderling")),
        &one_off(),
    )
    .into_iter()
    .filter_map(|a| match a {
        Addition::Gonk { card, .. } => Some(card),
        _ => None,
    })
    .collect();
    assert!(gonks.contains(&"ash_cinderling".to_owned()), "{gonks:?}");
    assert!(!gonks.contains(&"ash_stoker".to_owned()), "{gonks:?}");
}

//! The steps after a game: Objectives, consequences, promotion, recovery, clean-up.

mod common;

use common::*;
use redline_campaign::{Campaign, Casualty, CompletedObjective, Medic, Phase, Step};
use redline_content::Catalog;
use redline_content::schema::ObjectiveKind;
use redline_content::team::{MemberSpec, TeamSpec};
use redline_rules::card::Colour;
use redline_rules::dice::Die;

/// `c` with its Street Claim game built and over, won by `winner`, at `phase`.
fn game_over(catalog: &Catalog, mut c: Campaign, winner: Option<usize>, phase: Phase) -> Campaign {
    to_build(catalog, &mut c, Some("street_claim"));
    build(catalog, &mut c);
    c.pending.as_mut().unwrap().winners = winner.into_iter().collect();
    c.phase = phase;
    c
}

/// A campaign (seed 21) whose pending game is over with `winner`, at `phase`.
fn after_game(catalog: &Catalog, winner: Option<usize>, phase: Phase) -> Campaign {
    game_over(catalog, campaign(catalog, 21), winner, phase)
}

/// The winner promotes a character of its HQ (CAMP-21).
fn promote(team: usize, card: &str) -> Step {
    Step::Promote {
        team,
        card: card.into(),
    }
}

/// The winner hires a Merc instead of promoting (CAMP-23).
fn hire_merc(team: usize, card: &str) -> Step {
    Step::HireMerc {
        team,
        card: card.into(),
    }
}

#[test]
fn camp_8_camp_11_camp_12_completed_objectives_move_to_the_hq() {
    let catalog = catalog();
    let c = game_where(&catalog, 100, Some("take_the_head"), 30, |c| {
        c.pending
            .as_ref()
            .unwrap()
            .completed
            .iter()
            .any(|x| !x.is_empty())
    });
    let p = c.pending.as_ref().unwrap();
    for (team, done) in p.completed.iter().enumerate() {
        let kept = p.kept[team].clone().unwrap();
        for id in done {
            assert!(
                kept.contains(id),
                "only kept Objectives can be completed (CAMP-10)"
            );
            assert!(c.teams[team].completed.iter().any(|o| &o.id == id));
            assert!(!c.teams[team].supply.objectives.contains(id));
        }
        // Unfinished ones stay in the Supply deck (OPEN-12).
        for id in kept.iter().filter(|k| !done.contains(k)) {
            assert!(c.teams[team].supply.objectives.contains(id));
        }
    }
    // A WinScenario Objective is completed exactly when its team won.
    for (team, kept) in p.kept.iter().enumerate() {
        for id in kept.clone().unwrap() {
            if id.ends_with("win_the_night")
                || catalog.objectives.get(&id).unwrap().goal
                    == redline_content::schema::Goal::WinScenario
            {
                assert_eq!(p.completed[team].contains(&id), p.winners.contains(&team));
            }
        }
    }
    // CAMP-12: completed Objectives stay in the HQ after clean-up.
    let mut c = c;
    let completed = c
        .teams
        .iter()
        .map(|t| t.completed.len())
        .collect::<Vec<_>>();
    finish(&catalog, &mut c);
    let recycled_back = c
        .teams
        .iter()
        .map(|t| t.completed.len())
        .collect::<Vec<_>>();
    assert_eq!(completed, recycled_back);
}

#[test]
fn camp_13_camp_14_camp_15_rewards_ongoing_and_recycle() {
    let catalog = catalog();
    let mut c = campaign(&catalog, 22);
    let t = &mut c.teams[0];
    // Ongoing: +5 EB every game; Recycle: +10 EB once, then back to the Supply.
    t.completed.push(CompletedObjective {
        id: "ash_obj_smoke_them_out".into(),
        kind: ObjectiveKind::Ongoing,
        game: 1,
    });
    t.completed.push(CompletedObjective {
        id: "ash_obj_clear_the_kids".into(),
        kind: ObjectiveKind::Recycle,
        game: 1,
    });
    t.supply.objectives.remove("ash_obj_smoke_them_out");
    t.supply.objectives.remove("ash_obj_clear_the_kids");
    t.next_game.eb = 10;
    assert_eq!(
        t.street_cred(&catalog),
        1,
        "the star icon raises Street Cred (CAMP-13)"
    );
    to_build(&catalog, &mut c, Some("street_claim"));
    let rules = c.team_rules(&catalog, 0, &TeamSpec::new("ashfall"));
    assert_eq!(rules.bonus_eb, 15);
    build(&catalog, &mut c);
    let t = &c.teams[0];
    assert!(
        t.completed.iter().any(|o| o.id == "ash_obj_smoke_them_out"),
        "CAMP-14"
    );
    assert!(
        !t.completed.iter().any(|o| o.id == "ash_obj_clear_the_kids"),
        "CAMP-15"
    );
    assert!(
        t.supply.objectives.contains("ash_obj_clear_the_kids"),
        "CAMP-15"
    );
    assert_eq!(t.next_game.eb, 0, "one-game bonuses are used up");
}

#[test]
fn camp_16_cybergear_objective_lets_the_team_fit_its_reward() {
    let catalog = catalog();
    let mut c = campaign(&catalog, 23);
    to_build(&catalog, &mut c, Some("street_claim"));
    let spec = TeamSpec::new("ashfall")
        .with(MemberSpec::new("ash_furnace_mother").gear("ash_ember_heart"));
    let e = refused(&catalog, &mut c, build_team(0, &spec));
    assert_eq!(e.rule(), Some("CAMP-9"));
    c.teams[0].completed.push(CompletedObjective {
        id: "ash_obj_melt_the_chrome".into(),
        kind: ObjectiveKind::Cybergear,
        game: 1,
    });
    let rules = c.team_rules(&catalog, 0, &spec);
    assert!(rules.earned_gear.contains(&"ash_ember_heart".to_owned()));
    c.apply(&catalog, Step::BuildTeam { team: 0, spec })
        .unwrap();
}

#[test]
fn camp_21_promotion_after_a_win_one_star_at_a_time() {
    let catalog = catalog();
    let mut c = after_game(&catalog, Some(0), Phase::Promotion);
    let e = refused(&catalog, &mut c, promote(1, "tide_hookman"));
    assert_eq!(e.rule(), Some("CAMP-21"), "only the winner promotes");
    c.apply(&catalog, promote(0, "ash_torchhand")).unwrap();
    assert!(c.teams[0].hq.characters.contains("ash_torchhand_v"));
    assert!(c.teams[0].supply.characters.contains("ash_torchhand"));
    assert_eq!(c.phase, Phase::Recovery);
    // Choir's Cantor has a two-star card: a basic Cantor can only go to one star.
    let choir = Campaign::new(
        &catalog,
        "c",
        1,
        &[
            redline_campaign::NewPlayer::new("A", "choir"),
            redline_campaign::NewPlayer::new("B", "ashfall"),
        ],
        false,
    )
    .unwrap();
    let mut c = game_over(&catalog, choir, Some(0), Phase::Promotion);
    c.apply(&catalog, promote(0, "choir_cantor")).unwrap();
    assert!(c.teams[0].hq.characters.contains("choir_cantor_v"));
    assert!(!c.teams[0].hq.characters.contains("choir_cantor_v2"));
}

#[test]
fn camp_23_camp_24_hire_a_merc_instead() {
    let catalog = catalog();
    let mut c = after_game(&catalog, Some(0), Phase::Promotion);
    let e = refused(&catalog, &mut c, hire_merc(0, "merc_tonne_v2"));
    assert_eq!(e.rule(), Some("CAMP-23"));
    c.apply(&catalog, hire_merc(0, "merc_tonne_v")).unwrap();
    assert!(c.teams[0].hq.characters.contains("merc_tonne_v"));
    assert_eq!(
        c.teams[0].street_cred(&catalog),
        1,
        "a one-star Merc adds its star"
    );
    // Later the two-star card comes by promotion.
    let mut c2 = after_game(&catalog, Some(0), Phase::Promotion);
    c2.teams[0] = c.teams[0].clone();
    c2.apply(&catalog, promote(0, "merc_tonne_v")).unwrap();
    assert!(c2.teams[0].hq.characters.contains("merc_tonne_v2"));
}

#[test]
fn camp_25_gearing_up_when_street_cred_rises() {
    let catalog = catalog();
    let mut c = after_game(&catalog, Some(0), Phase::Promotion);
    assert!(c.teams[0].supply.gear.contains("ash_burner_rig"));
    assert!(c.teams[0].supply.gear.contains("gear_reflex_booster"));
    c.apply(&catalog, promote(0, "ash_torchhand")).unwrap();
    let t = &c.teams[0];
    assert!(
        t.hq.gear.contains("ash_burner_rig"),
        "1-star Gear unlocked at 1 Street Cred"
    );
    assert!(
        t.supply.gear.contains("gear_reflex_booster"),
        "2-star Gear waits"
    );
}

fn recovery(
    catalog: &Catalog,
    casualty: Casualty,
    medic: Option<Medic>,
    faces: &[u8],
) -> (Campaign, Vec<String>) {
    let mut c = after_game(catalog, None, Phase::Recovery);
    let card = casualty.card.clone();
    let basic = catalog.characters.get(&card).unwrap().basic_id().to_owned();
    let t = &mut c.teams[casualty.team];
    t.hq.characters.remove(&basic);
    t.supply.characters.remove(&card);
    t.hq.characters.insert(card);
    let p = c.pending.as_mut().unwrap();
    p.casualties = vec![casualty];
    p.medics = vec![medic.clone(), medic];
    c.dice.load(faces);
    let notes = c.apply(catalog, Step::RollRecovery).unwrap();
    (c, notes)
}

fn wounded(card: &str, best: Colour) -> Casualty {
    Casualty {
        team: 0,
        card: card.into(),
        taken_out: false,
        best,
    }
}

#[test]
fn camp_27_camp_28_camp_30_wounded_veteran_rolls_its_best_colour() {
    let catalog = catalog();
    let (c, _) = recovery(
        &catalog,
        wounded("ash_torchhand_v", Colour::Yellow),
        None,
        &[2],
    );
    let r = &c.pending.as_ref().unwrap().rolls[0];
    assert_eq!(
        (r.rule.as_str(), r.die, r.face),
        ("CAMP-28", Die::Action(Colour::Yellow), 2)
    );
    assert!(
        c.teams[0].hq.characters.contains("ash_torchhand_v"),
        "no Fumble: recovers"
    );
    let (c, notes) = recovery(
        &catalog,
        wounded("ash_torchhand_v", Colour::Yellow),
        None,
        &[1],
    );
    assert!(notes.iter().any(|n| n.contains("CAMP-30")));
    assert!(
        c.teams[0].hq.characters.contains("ash_torchhand"),
        "Fumble: major injury"
    );
    // CAMP-27: Novices don't roll; a game's casualties only list Veterans.
    let g = game_where(&catalog, 300, Some("take_the_head"), 1, |_| true);
    for x in &g.pending.as_ref().unwrap().casualties {
        assert!(catalog.characters.get(&x.card).unwrap().stars > 0);
    }
}

#[test]
fn camp_29_open_36_taken_out_rolls_two_red_dice_fumble_on_either() {
    let catalog = catalog();
    let out = Casualty {
        team: 0,
        card: "ash_torchhand_v".into(),
        taken_out: true,
        best: Colour::Green,
    };
    let (c, _) = recovery(&catalog, out.clone(), None, &[6, 1]);
    let rolls = &c.pending.as_ref().unwrap().rolls;
    assert_eq!(rolls.len(), 2);
    assert!(
        rolls
            .iter()
            .all(|r| r.die == Die::Action(Colour::Red) && r.rule == "CAMP-29")
    );
    assert!(c.teams[0].hq.characters.contains("ash_torchhand"));
    let (c, _) = recovery(&catalog, out, None, &[2, 6]);
    assert!(c.teams[0].hq.characters.contains("ash_torchhand_v"));
}

#[test]
fn camp_31_open_37_medical_save() {
    let catalog = catalog();
    let medic = Medic {
        card: "ash_tar_medic".into(),
        medical: 2,
        die: Colour::Yellow,
    };
    // Fumble, then the medic rolls YELLOW 7 + 2 against the Obstacle die 5: saved.
    let (c, notes) = recovery(
        &catalog,
        wounded("ash_torchhand_v", Colour::Green),
        Some(medic.clone()),
        &[1, 7, 5],
    );
    let rolls = &c.pending.as_ref().unwrap().rolls;
    assert_eq!(rolls[1].die, Die::Action(Colour::Yellow));
    assert_eq!(rolls[1].modifier, 2);
    assert_eq!(rolls[2].die, Die::Obstacle);
    assert!(notes.iter().any(|n| n.contains("saves")));
    assert!(c.teams[0].hq.characters.contains("ash_torchhand_v"));
    // A tie against the Obstacle die fails (DICE-5).
    let (c, _) = recovery(
        &catalog,
        wounded("ash_torchhand_v", Colour::Green),
        Some(medic),
        &[1, 3, 5],
    );
    assert!(c.teams[0].hq.characters.contains("ash_torchhand"));
}

#[test]
fn camp_32_major_injury_basic_card_back_or_merc_gone() {
    let catalog = catalog();
    let mut c = campaign(&catalog, 24);
    c.teams[0].hq.characters.insert("merc_tonne_v".into());
    c.teams[0].supply.characters.remove("merc_tonne_v");
    c.major_injury(&catalog, 0, "merc_tonne_v");
    assert!(
        !c.teams[0]
            .hq
            .characters
            .iter()
            .any(|x| x.starts_with("merc_tonne"))
    );
    assert!(c.teams[0].supply.characters.contains("merc_tonne_v"));
    c.teams[0].hq.characters.remove("ash_scrapper");
    c.teams[0].hq.characters.insert("ash_scrapper_v".into());
    c.major_injury(&catalog, 0, "ash_scrapper_v");
    assert!(c.teams[0].hq.characters.contains("ash_scrapper"));
    assert!(c.teams[0].supply.characters.contains("ash_scrapper_v"));
    assert!(!c.teams[0].wounded_leader);
}

#[test]
fn camp_33_injured_leader_brings_the_wounded_leader_card() {
    let catalog = catalog();
    let (c, notes) = recovery(
        &catalog,
        wounded("ash_furnace_mother_v", Colour::Red),
        None,
        &[1],
    );
    assert!(notes.iter().any(|n| n.contains("CAMP-33")));
    assert!(c.teams[0].wounded_leader);
    assert_eq!(
        c.teams[0].street_cred(&catalog),
        0,
        "0 stars less 1, never below 0"
    );
    // Discarded after a win.
    let mut c = campaign(&catalog, 400);
    c.teams[0].wounded_leader = true;
    c.teams[1].wounded_leader = true;
    to_build(&catalog, &mut c, Some("take_the_head"));
    build(&catalog, &mut c);
    play(&catalog, &mut c, 400);
    if let Some(&w) = c.pending.as_ref().unwrap().winners.first() {
        assert!(!c.teams[w].wounded_leader);
        assert!(c.teams[1 - w].wounded_leader);
    }
}

#[test]
fn camp_3_camp_34_clean_up_files_the_game_and_discards_loot() {
    let catalog = catalog();
    let mut c = after_game(&catalog, None, Phase::Recovery);
    c.teams[0].loot.push("loot_x".into());
    c.apply(&catalog, Step::RollRecovery).unwrap();
    assert_eq!(c.phase, Phase::CleanUp);
    let notes = c.apply(&catalog, Step::CleanUp).unwrap();
    assert!(notes.iter().any(|n| n.contains("CAMP-34")));
    assert!(c.teams[0].loot.is_empty(), "Loot is discarded (CAMP-3)");
    assert_eq!(c.history.len(), 1);
    assert!(c.pending.is_none());
    assert_eq!(c.phase, Phase::ChooseScenario);
}

#[test]
fn camp_26_looting_takes_nothing_from_the_hq() {
    let catalog = catalog();
    let c0 = campaign(&catalog, 500);
    let c = game_where(&catalog, 500, Some("salvage_run"), 1, |_| true);
    for (a, b) in c0.teams.iter().zip(&c.teams) {
        assert!(
            a.hq.gear.is_subset(&b.hq.gear),
            "Gear taken in a game goes back to its HQ"
        );
    }
}

#[test]
fn camp_38_camp_44_prove_your_worth_win_and_consequences() {
    let catalog = catalog();
    let mut found = false;
    for seed in 600..640 {
        let mut c = campaign(&catalog, seed);
        c.teams[0].scenario_stars = 10;
        to_build(&catalog, &mut c, None);
        assert_eq!(c.pending.as_ref().unwrap().prove_your_worth, Some(0));
        build(&catalog, &mut c);
        let stars = [c.teams[0].scenario_stars, c.teams[1].scenario_stars];
        play(&catalog, &mut c, seed);
        let Some(&w) = c.pending.as_ref().unwrap().winners.first() else {
            continue;
        };
        // CAMP-44: the winner's consequence (+1 Street Cred on these sheets) applies.
        assert_eq!(c.teams[w].scenario_stars, stars[w] + 1);
        assert_eq!(c.teams[w].wins, 1);
        assert_eq!(
            c.winner == Some(0),
            w == 0,
            "only the team proving itself wins the campaign"
        );
        if w == 0 {
            found = true;
            break;
        }
    }
    assert!(found, "no seed gave the Prove Your Worth team a win");
}

#[test]
fn campaign_is_deterministic_from_its_seed() {
    let catalog = catalog();
    let run = || {
        let mut c = campaign(&catalog, 77);
        to_build(&catalog, &mut c, None);
        build(&catalog, &mut c);
        play(&catalog, &mut c, 77);
        finish(&catalog, &mut c);
        c
    };
    assert_eq!(run(), run());
}

#[test]
fn camp_1_a_command_log_that_does_not_replay_is_refused() {
    let catalog = catalog();
    let mut c = campaign(&catalog, 31);
    to_build(&catalog, &mut c, Some("street_claim"));
    build(&catalog, &mut c);
    let commands = bot_commands(&catalog, &c, 1);
    // Drop the first command: the rest no longer fits the game the campaign replays.
    let forged = commands[1..].to_vec();
    let e = refused(&catalog, &mut c, Step::RecordGame { commands: forged });
    assert_eq!(e.rule(), Some("CAMP-1"));
    assert!(e.to_string().contains("does not replay"), "{e}");
    c.apply(&catalog, Step::RecordGame { commands }).unwrap();
}

/// A pack adding a 4-star and a 5-star Ashfall Gear card to the starter pack, so the step
/// from 3 to 4 Street Cred has something to unlock.
fn catalog_with_high_cred_gear() -> Catalog {
    const MANIFEST: &str =
        r#"PackManifest(id: "tiers", name: "Tiers", version: 1, files: ["gear.ron"])"#;
    const GEAR: &str = r#"[
        Gear(id: "ash_tier_four", name: "Tier Four Rig", faction: "ashfall", keywords: [],
            cost: 10, street_cred: 4, rarity: 1, text: "Test card."),
        Gear(id: "ash_tier_five", name: "Tier Five Rig", faction: "ashfall", keywords: [],
            cost: 10, street_cred: 5, rarity: 1, text: "Test card."),
    ]"#;
    redline_content::load(&[
        redline_content::load::starter_source(),
        redline_content::PackSource::from_memory(MANIFEST, &[("gear.ron", GEAR)]),
    ])
    .unwrap()
    .catalog
}

#[test]
fn ex_29_campaign_example_recovery_die_gearing_up_and_looted_gear() {
    // A Veteran that ended with RED and YELLOW tokens: its best colour is YELLOW, so it rolls
    // the YELLOW die for recovery (CAMP-28).
    let catalog = catalog();
    let (c, _) = recovery(
        &catalog,
        wounded("ash_torchhand_v", Colour::Yellow),
        None,
        &[4],
    );
    let r = &c.pending.as_ref().unwrap().rolls[0];
    assert_eq!((r.die, r.face), (Die::Action(Colour::Yellow), 4));

    // Street Cred 3 -> 4 (a promotion after a win) unlocks the 4-star Gear, not the 5-star.
    let tiers = catalog_with_high_cred_gear();
    let mut c = game_over(&tiers, campaign(&tiers, 21), Some(0), Phase::Promotion);
    c.teams[0].scenario_stars = 3;
    assert_eq!(c.teams[0].street_cred(&tiers), 3);
    assert!(c.teams[0].supply.gear.contains("ash_tier_four"));
    let notes = c.apply(&tiers, promote(0, "ash_torchhand")).unwrap();
    let t = &c.teams[0];
    assert_eq!(t.street_cred(&tiers), 4);
    assert!(t.hq.gear.contains("ash_tier_four"));
    assert!(!t.supply.gear.contains("ash_tier_four"));
    assert!(t.supply.gear.contains("ash_tier_five"));
    assert!(
        notes
            .iter()
            .any(|n| n.contains("Tier Four Rig") && n.contains("CAMP-25"))
    );

    // Gear a rival looted during the game goes back to its owner's HQ afterwards.
    let c0 = campaign(&catalog, 600);
    let c = game_where(&catalog, 600, Some("breakout"), 200, |c| {
        c.pending
            .as_ref()
            .unwrap()
            .log
            .iter()
            .any(|n| n.contains("HQ (CAMP-26)"))
    });
    let p = c.pending.as_ref().unwrap();
    let note = p.log.iter().find(|n| n.contains("HQ (CAMP-26)")).unwrap();
    let gear = catalog
        .gear
        .iter()
        .find(|g| note.starts_with(&format!("{} taken by", g.name)))
        .expect("the note names a Gear card");
    let owner = c
        .teams
        .iter()
        .position(|t| note.contains(&format!("back to {}'s HQ", t.player)))
        .expect("the note names the owner");
    assert!(c.teams[owner].hq.gear.contains(&gear.id));
    // Nothing left the owner's HQ (the starting HQ depends only on the faction); a card the
    // game unlocked may have joined it.
    let hq = &c.teams[owner].hq.gear;
    assert!(c0.teams[owner].hq.gear.iter().all(|g| hq.contains(g)));
}

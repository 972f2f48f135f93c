//! Every Gear card, Loot card and program of the starter pack, compiled by the content
//! crate and played in the engine (TOK-12, GEN-9, BASIC-16, NET-5, DRONE-2): one test per
//! card. Each test loads dice so the action succeeds and checks what the card's text says
//! happens: wounds, heals, Luck, commands, Hacked tokens, discards, Armor, passive
//! abilities, Running effects, drones.
//!
//! Keyword effects owned by the keyword work (Blast, Rapid, Stun, Push, Torrent, Refresh,
//! Silent, Suppression) are checked where they are implemented; here each such card is
//! still played through to its resolution.

use std::sync::Arc;

use redline_content::starter;
use redline_content::team::{compile_program, gear_card, loot_card};
use redline_rules::card::{
    ActionDef, Colour, Effect, Keyword, ModelKeyword, ModelProfile, Skills, TargetKind,
};
use redline_rules::cards::{Ability, CardDef, CardId, CardStatus};
use redline_rules::geometry::open_table;
use redline_rules::program::{ProgramDef, RunningEffect, Who};
use redline_rules::{
    ActionCommand, Command, DecisionKind, Defence, DefenceBonus, Event, Game, ModelId, ModelSetup,
    PlayerSetup, Seat, Setup, Target, TeamId, Victory,
};

fn character(name: &str, cards: Vec<CardDef>, programs: Vec<ProgramDef>) -> ModelProfile {
    ModelProfile {
        card_id: name.to_lowercase(),
        name: name.to_owned(),
        keywords: if programs.is_empty() {
            Vec::new()
        } else {
            vec![ModelKeyword::Netrunner]
        },
        tokens: vec![Colour::Green, Colour::Yellow, Colour::Yellow],
        gonk_colour: None,
        skills: Skills {
            reflexes: 1,
            ranged: 2,
            melee: 2,
            medical: 1,
            tech: 3,
            influence: 2,
        },
        card_armor: 0,
        actions: Vec::new(),
        defenses: Vec::new(),
        cards,
        programs,
        luck: 0,
        stars: 0,
        base_mm: 27.0,
        construct: None,
    }
}

const HOLDER: ModelId = ModelId(0);
const FRIEND: ModelId = ModelId(1);
const RIVAL: ModelId = ModelId(2);

/// Holder (0) at z = 7 with the cards, a friend (1) with two Hacked tokens within reach
/// behind it, a rival (2) `rival_gap` inches in front (edge to edge), a far rival (3).
fn table(
    cards: Vec<CardDef>,
    programs: Vec<ProgramDef>,
    rival_gap: f32,
    luck: Option<u8>,
) -> Setup {
    let place = |p: ModelProfile, seat: u8, position: [f32; 3], hacked: u8| ModelSetup {
        entry: Default::default(),
        profile: Arc::new(p),
        owner: Seat(seat),
        position,
        hacked,
    };
    let d = 27.0 / 25.4;
    let friend = ModelProfile {
        tokens: vec![Colour::Red, Colour::Red],
        ..character("Friend", Vec::new(), Vec::new())
    };
    Setup {
        scenario: Default::default(),
        battlespace: open_table(24.0, 30.0),
        players: (0..2)
            .map(|s| PlayerSetup {
                name: format!("P{s}"),
                team: TeamId(s),
                luck,
            })
            .collect(),
        models: vec![
            place(character("Holder", cards, programs), 0, [8.0, 0.0, 7.0], 0),
            place(friend, 0, [8.0, 0.0, 7.0 - d - 0.4], 2),
            place(
                character("Rival", Vec::new(), Vec::new()),
                1,
                [8.0, 0.0, 7.0 + d + rival_gap],
                0,
            ),
            place(
                character("Far", Vec::new(), Vec::new()),
                1,
                [22.0, 0.0, 28.0],
                0,
            ),
        ],
        first_control: Seat(0),
        victory: Victory {
            turn_limit: Some(50),
        },
        loot_deck: Vec::new(),
        loaded_dice: Vec::new(),
        modules: Default::default(),
        third_force: None,
    }
}

/// The rival's distance for an action's range: YELLOW when it allows (clear of Complex),
/// else RED, else GREEN.
fn gap_for(a: &ActionDef) -> f32 {
    match a.range {
        Some(r) if r.yellow => 5.0,
        Some(r) if r.red && !r.reach_only => 2.0,
        Some(r) if r.green => 10.0,
        _ => 5.0,
    }
}

/// The holder uses action `k` of its first card with dice loaded to win, answering any
/// decision that follows with the first legal answer. Returns the game and every event.
fn play_card(card: CardDef, k: usize) -> (Game, Vec<Event>) {
    let action = card.actions[k].clone();
    let mut setup = table(vec![card], Vec::new(), gap_for(&action), Some(0));
    // The friend starts unwounded with GREEN and YELLOW tokens.
    let friend = ModelProfile {
        tokens: vec![Colour::Green, Colour::Yellow],
        ..(*setup.models[1].profile).clone()
    };
    setup.models[1].profile = Arc::new(friend);
    let mut g = Game::new(setup, 11).expect("setup");
    ok(&mut g, Command::Activate { model: HOLDER });
    let index = g.card_action(CardId(0), k);
    let target = match action.target {
        TargetKind::Rival => Target::Model(RIVAL),
        TargetKind::OtherFriendly | TargetKind::Friendly | TargetKind::OtherRedLinedFriendly => {
            Target::Model(FRIEND)
        }
        _ => Target::None,
    };
    g.load_dice(&[12, 2, 12, 2, 12, 2, 12, 2]);
    let mut events = ok(
        &mut g,
        Command::Act(ActionCommand {
            model: HOLDER,
            action: index,
            token: Some(0),
            target,
        }),
    );
    // Answer whatever follows (defence, Blast, wounds, [RE]actions) until the holder is
    // asked for its next action again or Control moves on.
    for _ in 0..40 {
        match g.decision().map(|d| &d.kind) {
            Some(DecisionKind::NextAction { .. })
            | Some(DecisionKind::TakeControl { .. })
            | None => break,
            Some(DecisionKind::OfferReaction { .. }) => {
                events.extend(ok(&mut g, Command::DeclineReaction));
            }
            _ => {
                let c = g.legal_commands().into_iter().next().expect("an answer");
                events.extend(ok(&mut g, c));
            }
        }
    }
    (g, events)
}

#[track_caller]
fn ok(g: &mut Game, c: Command) -> Vec<Event> {
    match g.apply(c.clone()) {
        Ok(ev) => ev,
        Err(e) => panic!("{c:?} refused: {e}; decision {:?}", g.decision()),
    }
}

/// What an action's text promises, checked against the events of a successful use.
fn check_action(card: &CardDef, k: usize, g: &Game, ev: &[Event]) {
    let a = &card.actions[k];
    let has = |f: &dyn Fn(&Event) -> bool| ev.iter().any(f);
    assert!(has(&|e| matches!(e, Event::ActionTaken { .. })), "{ev:#?}");
    if a.attack {
        assert!(
            has(&|e| matches!(
                e,
                Event::Wounded { model, .. } | Event::TakenOut { model, .. } if *model == RIVAL
            )),
            "{}: the attack wounds the rival: {ev:#?}",
            a.name
        );
    }
    for e in &a.effects {
        match e {
            Effect::GainLuck(_) => {
                assert!(has(&|e| matches!(e, Event::LuckReturned { .. })), "{ev:#?}")
            }
            Effect::Activate => assert!(
                has(&|e| matches!(e, Event::Activated { model } if *model == FRIEND)),
                "{ev:#?}"
            ),
            Effect::RemoveHacked(_) => assert!(
                has(&|e| matches!(e, Event::HackedRemoved { model } if *model == FRIEND)),
                "{ev:#?}"
            ),
            _ => {}
        }
    }
    if a.keywords.iter().any(|k| matches!(k, Keyword::Heal(_))) {
        // The target (the friend, or the holder itself) has no wound to heal here, so a
        // heal changes nothing; the action still resolves.
        assert!(g.tokens(FRIEND).iter().all(|t| t.colour == t.original));
    }
    if a.keywords.contains(&Keyword::Discard) {
        assert_eq!(g.card(CardId(0)).status, CardStatus::Discarded, "KW-18");
    } else if a.keywords.contains(&Keyword::Exhaust) {
        assert_eq!(g.card(CardId(0)).status, CardStatus::Exhausted, "TOK-5");
    } else {
        assert_eq!(g.card(CardId(0)).status, CardStatus::Ready);
    }
}

/// A card's passives and Armor as the holder has them in play (GEN-9, ARM-2, LUCK-1).
fn check_passives(card: &CardDef) {
    let bare = Game::new(table(Vec::new(), Vec::new(), 5.0, None), 1).expect("setup");
    let g = Game::new(table(vec![card.clone()], Vec::new(), 5.0, None), 1).expect("setup");
    for a in &card.abilities {
        match *a {
            Ability::SkillBonus(s, x) => assert_eq!(
                i16::from(g.skill(HOLDER, s)),
                i16::from(bare.skill(HOLDER, s)) + i16::from(x)
            ),
            Ability::Defense(s, x) => {
                assert_eq!(
                    g.defense_bonus(HOLDER, s),
                    bare.defense_bonus(HOLDER, s) + i16::from(x)
                )
            }
            Ability::ExtraLuck(x) => assert_eq!(g.luck(Seat(0)), bare.luck(Seat(0)) + x),
            Ability::FirstAid(x) => first_aid_kit_adds(card, x),
            // SEC-4: a Tool Kit lifts the −2 of working without one; BOT-6: it adds to Field
            // Patch. A Precision Kit adds 1 more to Tech tests.
            Ability::ToolKit(x) => {
                assert_eq!(g.tech_modifier(HOLDER), bare.tech_modifier(HOLDER) + 2);
                tool_kit_adds(card, x);
            }
            Ability::PrecisionKit => {
                assert_eq!(g.tech_modifier(HOLDER), bare.tech_modifier(HOLDER) + 3)
            }
            Ability::WireCutters => wire_cutters_cut(card),
        }
    }
    if card.armor > 0 {
        // ARM-2: the rival shoots the holder, which may defend with the card's Armor.
        let mut g = Game::new(table(vec![card.clone()], Vec::new(), 5.0, Some(0)), 1).unwrap();
        ok(&mut g, Command::Activate { model: HOLDER });
        ok(&mut g, Command::EndActivation);
        ok(&mut g, Command::Activate { model: RIVAL });
        g.load_dice(&[12, 2]);
        ok(
            &mut g,
            Command::Act(ActionCommand {
                model: RIVAL,
                action: redline_rules::basic::RANGED,
                token: Some(0),
                target: Target::Model(HOLDER),
            }),
        );
        let ev = ok(
            &mut g,
            Command::Defend(Defence {
                token: Some(1),
                bonus: DefenceBonus::GearArmor(CardId(0)),
            }),
        );
        assert!(ev.contains(&Event::ArmorDiscarded {
            model: HOLDER,
            card: CardId(0)
        }));
    }
}

/// AID-6: with AID on, the friend is Downed by the rival; the holder's First Aid with GREEN
/// adds Medical 1, the kit's X and Fresh 1 against the Obstacle die.
fn first_aid_kit_adds(card: &CardDef, x: u8) {
    use redline_rules::dice::Die;
    use redline_rules::odds::OddsQuery;
    let mut setup = table(vec![card.clone()], Vec::new(), 5.0, Some(0));
    setup.modules = [redline_rules::Module::Aid].into();
    let mut g = Game::new(setup, 1).expect("setup");
    ok(&mut g, Command::Activate { model: HOLDER });
    ok(&mut g, Command::EndActivation);
    ok(&mut g, Command::Activate { model: RIVAL });
    g.load_dice(&[12, 1]);
    ok(
        &mut g,
        Command::Act(ActionCommand {
            model: RIVAL,
            action: redline_rules::basic::RANGED,
            token: Some(0),
            target: Target::Model(FRIEND),
        }),
    );
    assert!(g.is_downed(FRIEND), "AID-1");
    ok(&mut g, Command::EndActivation);
    ok(&mut g, Command::Activate { model: HOLDER });
    let aid = ActionCommand {
        model: HOLDER,
        action: redline_rules::FIRST_AID,
        token: Some(0),
        target: Target::Model(FRIEND),
    };
    let odds = g.first_aid_odds(&aid).expect("First Aid is legal");
    let expected = OddsQuery::new(
        Die::Action(Colour::Green),
        2 + i16::from(x),
        Die::Obstacle,
        0,
    )
    .without_luck()
    .odds();
    assert_eq!(odds.success, expected.success, "AID-6: kit {x}");
}

/// BOT-6: with BOT on, the holder's Field Patch on a friendly Red-lined construct adds Tech
/// and the kit's X against the Obstacle die.
fn tool_kit_adds(card: &CardDef, x: u8) {
    use redline_rules::construct::{ConstructProfile, System};
    use redline_rules::dice::Die;
    use redline_rules::odds::OddsQuery;
    let mut setup = table(vec![card.clone()], Vec::new(), 5.0, None);
    setup.modules = [redline_rules::Module::Bot].into();
    let friend = &mut setup.models[FRIEND.index()];
    let mut construct = (*friend.profile).clone();
    construct.tokens = vec![Colour::Red];
    construct.construct = Some(ConstructProfile {
        systems: vec![System::Legs],
        heavy: false,
        height: None,
        mass: None,
        self_repair: false,
    });
    friend.profile = std::sync::Arc::new(construct);
    let mut g = Game::new(setup, 1).expect("setup");
    ok(&mut g, Command::Activate { model: HOLDER });
    let patch = ActionCommand {
        model: HOLDER,
        action: redline_rules::FIELD_PATCH,
        token: Some(0),
        target: Target::Model(FRIEND),
    };
    let odds = g
        .construct_action_odds(&patch)
        .expect("Field Patch is legal");
    let tech = i16::from(g.skill(HOLDER, redline_rules::card::Skill::Tech));
    let expected = OddsQuery::new(
        Die::Action(Colour::Green),
        tech + i16::from(x),
        Die::Obstacle,
        0,
    )
    .without_luck()
    .odds();
    assert_eq!(odds.success, expected.success, "BOT-6: kit {x}"); // BOT-6
}

/// SEC-16: with SEC on and a defender's fence within reach, the holder Cuts it: a gap of
/// free passage, 1.5" wide, opens where the fence is nearest.
fn wire_cutters_cut(card: &CardDef) {
    use redline_battlespace::{Battlespace, SceneryKind, SceneryPiece, SceneryShape, Table};
    use redline_rules::SecEvent;
    use redline_rules::security::{FenceKind, FencePlan, SecurityRules};
    let fence = SceneryPiece::new(
        0,
        "Fence",
        SceneryKind::Obstacle,
        SceneryShape::Wall {
            from: [9.0, 4.0],
            to: [9.0, 10.0],
            thickness: 0.2,
            height: 1.5,
        },
    );
    let mut setup = table(vec![card.clone()], Vec::new(), 5.0, None);
    setup.battlespace = Battlespace::new(Table::new(24.0, 30.0), vec![fence]).expect("table");
    setup.modules = [redline_rules::Module::Sec].into();
    let mut security = SecurityRules::new(Seat(1));
    security.plan.fences = vec![FencePlan {
        piece: 0,
        kind: FenceKind::ChainLink,
    }];
    setup.scenario.security = Some(security);
    let mut g = Game::new(setup, 1).expect("setup");
    ok(&mut g, Command::Activate { model: HOLDER });
    let cut = Command::Act(ActionCommand {
        model: HOLDER,
        action: redline_rules::CUT_FENCE,
        token: Some(0),
        target: Target::Scenery {
            part: 0,
            section: 0,
        },
    });
    let events = ok(&mut g, cut);
    // The holder stands level with 3" along the fence (z = 7).
    let gap = Event::Sec(SecEvent::FenceCut {
        model: HOLDER,
        piece: 0,
        from: 2.25,
        to: 3.75,
    });
    assert!(events.contains(&gap), "SEC-16: {events:?}"); // SEC-16
}

fn plays_card(card: CardDef) {
    assert!(
        !card.actions.is_empty() || !card.abilities.is_empty() || card.armor > 0,
        "{} does nothing",
        card.name
    );
    for k in 0..card.actions.len() {
        let (g, ev) = play_card(card.clone(), k);
        check_action(&card, k, &g, &ev);
    }
    check_passives(&card);
}

fn gear(id: &str) -> CardDef {
    gear_card(starter().gear.get(id).expect("gear"))
}

fn loot(id: &str) -> CardDef {
    loot_card(starter().loot.get(id).expect("loot"))
}

macro_rules! card_tests {
    ($kind:ident: $($name:ident => $id:literal),* $(,)?) => {
        $(
            #[test]
            fn $name() {
                plays_card($kind($id));
            }
        )*
    };
}

card_tests!(gear:
    gear_slag_maul => "ash_slag_maul",
    gear_burner_rig => "ash_burner_rig",
    gear_scrap_plate => "ash_scrap_plate",
    gear_firebomb => "ash_firebomb",
    gear_heatsink_arm => "ash_heatsink_arm",
    gear_rivet_driver => "ash_rivet_driver",
    gear_ember_heart => "ash_ember_heart",
    gear_throat_mic => "choir_throat_mic",
    gear_resonance_pistol => "choir_resonance_pistol",
    gear_static_cloak => "choir_static_cloak",
    gear_deck_amp => "choir_deck_amp",
    gear_sermon_speaker => "choir_sermon_speaker",
    gear_hush_knife => "choir_hush_knife",
    gear_halo => "choir_halo",
    gear_medkit => "gear_medkit",
    aid_6_gear_first_aid_kit => "gear_first_aid_kit",
    aid_6_gear_trauma_kit => "gear_trauma_kit",
    sec_4_bot_6_gear_tool_roll => "gear_tool_roll",
    sec_4_gear_fine_pick_set => "gear_fine_pick_set",
    sec_16_gear_link_snips => "gear_link_snips",
    gear_frag => "gear_frag",
    gear_pitch_jar => "gear_pitch_jar",
    gear_vest => "gear_vest",
    gear_smartlink => "gear_smartlink",
    gear_reflex_booster => "gear_reflex_booster",
    gear_heavy_pistol => "gear_heavy_pistol",
    gear_riot_shield => "glass_riot_shield",
    gear_carbine => "glass_carbine",
    gear_lmg => "glass_lmg",
    gear_shock_baton => "glass_shock_baton",
    gear_breach_ram => "glass_breach_ram",
    gear_stim_injector => "glass_stim_injector",
    gear_targeting_eye => "glass_targeting_eye",
    gear_harpoon_gun => "tide_harpoon_gun",
    gear_boat_hook => "tide_boat_hook",
    gear_oilskin => "tide_oilskin",
    gear_flare => "tide_flare",
    gear_gill_lungs => "tide_gill_lungs",
    gear_scatter_gun => "tide_scatter_gun",
    gear_sense_implant => "tide_sense_implant",
    gear_rebar_flail => "ash_rebar_flail",
    gear_kiln_plate => "ash_kiln_plate",
    gear_thermic_lance => "ash_thermic_lance",
    gear_crucible_heart => "ash_crucible_heart",
    gear_psalm_repeater => "choir_psalm_repeater",
    gear_resonance_lattice => "choir_resonance_lattice",
    gear_halo_mast => "choir_halo_mast",
    gear_tide_tables => "tide_tide_tables",
    gear_spear_rig => "tide_spear_rig",
    gear_cast_net => "tide_cast_net",
    gear_riptide_graft => "tide_riptide_graft",
    gear_plate_carrier => "glass_plate_carrier",
    gear_stun_grenade => "glass_stun_grenade",
    gear_rail_carbine => "glass_rail_carbine",
    gear_command_uplink => "glass_command_uplink",
    gear_hook_pole => "lantern_hook_pole",
    gear_dark_lamp => "lantern_dark_lamp",
    gear_sling => "lantern_sling",
    gear_padded_coat => "lantern_padded_coat",
    gear_route_map => "lantern_route_map",
    gear_throwing_hooks => "lantern_throwing_hooks",
    gear_glide_soles => "lantern_glide_soles",
    gear_lamplight_crown => "lantern_lamplight_crown",
);

card_tests!(loot:
    loot_painkillers => "loot_painkillers",
    loot_adrenal_shot => "loot_adrenal_shot",
    loot_lucky_chip => "loot_lucky_chip",
    loot_spare_magazine => "loot_spare_magazine",
    loot_flashbang => "loot_flashbang",
    loot_scrap_plating => "loot_scrap_plating",
    loot_burner_phone => "loot_burner_phone",
    loot_cracked_deck => "loot_cracked_deck",
    loot_trauma_foam => "loot_trauma_foam",
    loot_grapple_line => "loot_grapple_line",
    loot_cheap_knife => "loot_cheap_knife",
    loot_ghost_key => "loot_ghost_key",
    loot_old_revolver => "loot_old_revolver",
);

#[test]
fn every_starter_gear_and_loot_card_has_a_test_here() {
    let src = include_str!("starter_cards.rs");
    let catalog = starter();
    for id in catalog
        .gear
        .iter()
        .map(|g| g.id.as_str())
        .chain(catalog.loot.iter().map(|l| l.id.as_str()))
        .chain(catalog.programs.iter().map(|p| p.id.as_str()))
    {
        assert!(src.contains(&format!("\"{id}\"")), "no test plays {id}");
    }
}

/// Launches an installed starter program with dice loaded to succeed, at the rival, the
/// friend, the holder itself or a point, as its Loaded side says (NET-5, NET-9).
fn plays_program(id: &str) {
    let catalog = starter();
    let program = compile_program(&catalog, catalog.programs.get(id).expect("program"));
    let a = program.loaded.clone();
    let mut setup = table(Vec::new(), vec![program.clone()], gap_for(&a), Some(0));
    if a.effects.contains(&Effect::OnlyHacked) {
        // NET-15: a program for Hacked rivals is aimed at one.
        setup.models[2].hacked = 1;
    }
    let mut g = Game::new(setup, 3).expect("setup");
    ok(&mut g, Command::Activate { model: HOLDER });
    let target = match a.target {
        TargetKind::Rival => Target::Model(RIVAL),
        TargetKind::Friendly | TargetKind::OtherFriendly => Target::Model(FRIEND),
        TargetKind::Point => Target::Point([10.5, 0.0, 7.0]),
        _ => Target::None,
    };
    g.load_dice(&[12, 2, 12, 2]);
    let launch = g.card_action(CardId(0), 0);
    let mut ev = ok(
        &mut g,
        Command::Act(ActionCommand {
            model: HOLDER,
            action: launch,
            token: None,
            target,
        }),
    );
    if let Some(DecisionKind::ChooseDefence { .. }) = g.decision().map(|d| &d.kind) {
        ev.extend(ok(
            &mut g,
            Command::Defend(Defence {
                token: Some(0),
                bonus: DefenceBonus::Skill,
            }),
        ));
    }
    assert!(
        ev.iter().any(|e| matches!(e, Event::ProgramRunning { .. })),
        "{id}: {ev:#?}"
    );
    assert!(
        g.tokens(HOLDER).iter().all(|t| t.ready),
        "NET-5: no token spent"
    );
    let t = match a.target {
        TargetKind::Rival => Some(RIVAL),
        TargetKind::Friendly | TargetKind::OtherFriendly => Some(FRIEND),
        _ => None,
    };
    for e in &a.effects {
        match e {
            Effect::Hack => assert_eq!(g.hacked(RIVAL), 1, "NET-14"),
            Effect::MakeVulnerable => assert!(g.vulnerable(RIVAL), "NET-11"),
            Effect::RemoveHacked(x) => assert_eq!(g.hacked(FRIEND), 2u8.saturating_sub(*x)),
            Effect::DeployDrone { drone, .. } => {
                let d = ModelId(4);
                assert!(g.in_play(d), "DRONE-2");
                assert_eq!(&g.profile(d).card_id, drone);
            }
            Effect::Wound(_) => assert!(
                ev.iter().any(|e| matches!(e, Event::Wounded { model, .. } | Event::TakenOut { model, .. } if *model == RIVAL)),
                "{ev:#?}"
            ),
            _ => {}
        }
    }
    let who = |w: Who| match w {
        Who::Runner => Some(HOLDER),
        Who::Target => t,
        Who::FriendlyWithin(_) => Some(FRIEND),
        Who::RivalsWithin(_) => Some(RIVAL),
    };
    for e in &program.running {
        match *e {
            RunningEffect::Vulnerable(w) => assert!(g.vulnerable(who(w).unwrap()), "NET-11"),
            RunningEffect::SkillModifier { who: w, skill, by } => {
                let m = who(w).unwrap();
                assert_eq!(
                    i16::from(g.skill(m, skill)),
                    i16::from(g.profile(m).skills.get(skill)) + i16::from(by)
                );
            }
            RunningEffect::Defense { who: w, skill, by } => {
                assert_eq!(g.defense_bonus(who(w).unwrap(), skill), i16::from(by))
            }
            RunningEffect::FreeMove { colour, .. } => match &g.decision().unwrap().kind {
                DecisionKind::FreeMoves { colour: c, models } => {
                    assert_eq!(*c, colour);
                    assert!(models.contains(&HOLDER) && models.contains(&FRIEND));
                }
                d => panic!("{d:?}"),
            },
            RunningEffect::LootWhenTargetFails => {
                assert_eq!(g.program_target(CardId(0)), Some(RIVAL))
            }
            RunningEffect::DroneActsAtInspire => assert!(g.in_play(ModelId(4))),
        }
    }
}

macro_rules! program_tests {
    ($($name:ident => $id:literal),* $(,)?) => {
        $(
            #[test]
            fn $name() {
                plays_program($id);
            }
        )*
    };
}

program_tests!(
    program_snoop => "prog_snoop",
    program_freeze_frame => "prog_freeze_frame",
    program_glass_jaw => "prog_glass_jaw",
    program_tailwind => "prog_tailwind",
    program_backburn => "prog_backburn",
    program_patch_tunnel => "prog_patch_tunnel",
    program_kitehawk => "prog_kitehawk",
    program_crawler => "prog_crawler",
    program_choir_loop => "prog_choir_loop",
    program_heat_haze => "prog_ash_heat_haze",
    program_scrap_hound => "prog_ash_scrap_hound",
    program_static_veil => "prog_choir_static_veil",
    program_requiem => "prog_choir_requiem",
    program_undertow => "prog_tide_undertow",
    program_sentry_grid => "prog_glass_sentry_grid",
    program_breach_mite => "prog_glass_breach_mite",
    program_green_light => "prog_lantern_green_light",
    program_blind_alley => "prog_lantern_blind_alley",
);

/// TERR-1, TERR-2: the Breaching Charge, planted on a brick wall within reach with TERR on,
/// puts its 2 markers with no roll and the 1-marker section comes down.
#[test]
fn terr_2_the_breaching_charge_brings_down_a_wall_section_within_reach() {
    use redline_battlespace::{
        Battlespace, Damageable, SceneryKind, SceneryPiece, SceneryShape, Table,
    };
    let charge = gear("gear_breaching_charge");
    let mut setup = table(vec![charge], Vec::new(), 12.0, Some(0));
    let mut wall = SceneryPiece::new(
        0,
        "Brick Wall",
        SceneryKind::Barrier,
        SceneryShape::Wall {
            from: [5.0, 8.0],
            to: [11.0, 8.0],
            thickness: 0.5,
            height: 3.0,
        },
    );
    wall.damage = Some(Damageable {
        hardness: 3,
        structure: None,
        section_len: 3.0,
        rubble: true,
        soft: false,
    });
    let table = Table {
        width: 24.0,
        depth: 30.0,
    };
    setup.battlespace = Battlespace::new(table, vec![wall]).expect("a valid table");
    setup.modules = [redline_rules::Module::Terr].into();
    let mut g = Game::new(setup, 11).expect("setup");
    ok(&mut g, Command::Activate { model: HOLDER });
    let plant = g.card_action(CardId(0), 0);
    let section = g
        .legal_commands()
        .into_iter()
        .find_map(|c| match c {
            Command::Act(a) if a.action == plant => match a.target {
                Target::Scenery { part, section } => Some((part, section)),
                _ => None,
            },
            _ => None,
        })
        .expect("the wall within reach is offered");
    let ev = ok(
        &mut g,
        Command::Act(ActionCommand {
            model: HOLDER,
            action: plant,
            token: Some(0),
            target: Target::Scenery {
                part: section.0,
                section: section.1,
            },
        }),
    );
    assert!(
        !ev.iter().any(|e| matches!(e, Event::Rolled { .. })),
        "{ev:?}"
    );
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::DamageMarked { markers: 2, .. })),
        "{ev:?}"
    );
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::SceneryDestroyed { .. })),
        "{ev:?}"
    );
}

//! Every starter-pack card action carrying an action keyword the engine plays (Accurate,
//! Blast, Torrent, Push, Rapid, Silent, Stun, Suppression, Refresh, Defense, Unwieldy,
//! Deadly Crits; KW-3..KW-33) is loaded from the embedded pack and played: a carrier with
//! the card's action uses it on rivals placed in its range, every other decision answered
//! with the first legal command, over seeds until the keyword's event shows up.

mod common;

use common::{place, profile};
use redline_content::starter;
use redline_rules::card::{ActionDef, TargetKind};
use redline_rules::{
    ActionCommand, Command, DecisionKind, Event, Game, ModelId, Setup, Target, Victory, basic,
};

/// Seeds tried per card before the test gives up.
const SEEDS: u64 = 60;

/// The card's action by card id and action id, from characters, Gear or Loot.
fn card_action(card: &str, action: &str) -> ActionDef {
    let c = starter();
    let actions = c
        .characters
        .get(card)
        .map(|x| x.actions.clone())
        .or_else(|| c.gear.get(card).map(|x| x.actions.clone()))
        .or_else(|| c.loot.get(card).map(|x| x.actions.clone()))
        .unwrap_or_else(|| panic!("no card {card} in the starter pack"));
    actions
        .into_iter()
        .find(|a| a.id == action)
        .unwrap_or_else(|| panic!("{card} has no action {action}"))
}

/// Carrier (0) at the origin side; a friend (1) within RED; two rivals (2, 3) side by side
/// at a distance the action reaches (YELLOW if it can, else reach, else GREEN); a rival
/// boss (4) far away.
fn setup(def: &ActionDef) -> Setup {
    let range = def.range.unwrap_or_default();
    let z = if range.yellow && !range.reach_only {
        14.0
    } else if range.red {
        9.5
    } else {
        18.5
    };
    // A Torrent's corridor: the second rival stands right behind the first, in YELLOW.
    let torrent = def
        .keywords
        .contains(&redline_rules::card::Keyword::Torrent);
    let (z, second) = if torrent {
        (11.0, [8.0, 0.0, 13.5])
    } else {
        (z, [10.2, 0.0, z])
    };
    let models = vec![
        place(profile("Carrier", vec![def.clone()]), 0, [8.0, 0.0, 8.0]),
        place(profile("Friend", Vec::new()), 0, [5.0, 0.0, 8.0]),
        place(profile("Rival", Vec::new()), 1, [8.0, 0.0, z]),
        place(profile("Second", Vec::new()), 1, second),
        place(profile("Boss", Vec::new()), 1, [26.0, 0.0, 28.0]),
    ];
    Setup {
        victory: Victory {
            turn_limit: Some(40),
        },
        ..common::open_setup(models, 1)
    }
}

fn first_legal(g: &mut Game, events: &mut Vec<Event>) {
    let c = g.legal_commands()[0].clone();
    events.extend(g.apply(c).expect("legal"));
}

/// Plays the card's action once with `seed`; returns every event from the action on.
fn play_once(def: &ActionDef, seed: u64) -> Vec<Event> {
    let mut g = Game::new(setup(def), seed).expect("setup");
    let mut events = Vec::new();
    let card = basic::COUNT;
    // A refresh needs Used tokens: the friend (or the carrier) spends one first.
    let refresh = def
        .keywords
        .iter()
        .any(|k| matches!(k, redline_rules::card::Keyword::Refresh(_)));
    if refresh && def.target != TargetKind::SelfOnly {
        g.apply(Command::Activate { model: ModelId(1) }).unwrap();
        let mv = Command::Act(ActionCommand {
            model: ModelId(1),
            action: basic::MOVE,
            token: Some(0),
            target: Target::Route(vec![[4.0, 0.0, 8.0]]),
        });
        g.apply(mv).unwrap();
        g.apply(Command::EndActivation).unwrap();
        g.apply(Command::Activate { model: ModelId(4) }).unwrap();
        g.apply(Command::EndActivation).unwrap();
    }
    g.apply(Command::Activate { model: ModelId(0) }).unwrap();
    if refresh && def.target == TargetKind::SelfOnly {
        let mv = Command::Act(ActionCommand {
            model: ModelId(0),
            action: basic::MOVE,
            token: Some(0),
            target: Target::Route(vec![[8.0, 0.0, 7.0]]),
        });
        g.apply(mv).unwrap();
    }
    let target = match def.target {
        TargetKind::SelfOnly => Target::None,
        TargetKind::Rival => Target::Model(ModelId(2)),
        _ => Target::Model(ModelId(1)),
    };
    let first = g
        .legal_commands()
        .into_iter()
        .find(|c| matches!(c, Command::Act(a) if a.action == card && a.target == target))
        .unwrap_or_else(|| panic!("{} can't be used: {:?}", def.name, g.legal_commands()));
    events.extend(g.apply(first).expect("legal"));
    // Answer everything until the carrier is asked for its next action again.
    for _ in 0..200 {
        match g.decision().map(|d| &d.kind) {
            None | Some(DecisionKind::NextAction { .. } | DecisionKind::TakeControl { .. }) => {
                break;
            }
            Some(_) => first_legal(&mut g, &mut events),
        }
    }
    events
}

/// Plays the card over seeds until `seen` holds for the events of one play.
#[track_caller]
fn plays(card: &str, action: &str, seen: impl Fn(&[Event]) -> bool) {
    let def = card_action(card, action);
    let ok = (0..SEEDS).any(|seed| seen(&play_once(&def, seed)));
    assert!(
        ok,
        "{card}/{action}: the keyword's effect never showed in {SEEDS} games"
    );
}

fn has(ev: &[Event], f: impl Fn(&Event) -> bool) -> bool {
    ev.iter().any(f)
}

fn wounds(ev: &[Event]) -> usize {
    ev.iter()
        .filter(|e| matches!(e, Event::Wounded { by: Some(_), .. }))
        .count()
}

#[test]
fn kw_23_tok_14_stoke_the_crew_refreshes_a_friend() {
    plays("ash_furnace_mother", "stoke", |ev| {
        has(
            ev,
            |e| matches!(e, Event::Refreshed { model, .. } if model.0 == 1),
        )
    });
}

#[test]
fn kw_23_adrenal_dose_and_inject_refresh_the_user() {
    for (card, action) in [
        ("glass_stim_injector", "adrenal_dose"),
        ("loot_adrenal_shot", "inject"),
    ] {
        plays(card, action, |ev| {
            has(
                ev,
                |e| matches!(e, Event::Refreshed { model, .. } if model.0 == 0),
            )
        });
    }
}

#[test]
fn kw_32_slag_jet_and_burn_torrent_hits_both_rivals_in_line() {
    for (card, action) in [("ash_torchhand", "slag_jet"), ("ash_burner_rig", "burn")] {
        plays(card, action, |ev| {
            // Both rivals in the corridor oppose the one roll, and both can be wounded.
            has(
                ev,
                |e| matches!(e, Event::Rolled { dice } if dice.len() == 3),
            ) && has(
                ev,
                |e| matches!(e, Event::Wounded { model, .. } if model.0 == 2),
            ) && has(
                ev,
                |e| matches!(e, Event::Wounded { model, .. } if model.0 == 3),
            )
        });
    }
}

#[test]
fn kw_22_push_cards_move_the_target_away() {
    for (card, action) in [
        ("ash_scrapper", "shoulder_check"),
        ("glass_breach_ram", "ram"),
        ("tide_boat_hook", "fend_off"),
        ("merc_tonne", "pile_driver"),
    ] {
        plays(card, action, |ev| {
            has(
                ev,
                |e| matches!(e, Event::Pushed { model, .. } if model.0 == 2),
            )
        });
    }
}

#[test]
fn kw_16_kw_33_pile_driver_is_deadly_and_unwieldy() {
    plays("merc_tonne", "pile_driver", |ev| {
        // Unwieldy: the Melee Skill is not added; Deadly: two wounds on a hit.
        has(
            ev,
            |e| matches!(e, Event::Rolled { dice } if dice[0].modifier == 0),
        ) && ev
            .iter()
            .filter(|e| matches!(e, Event::Wounded { model, .. } if model.0 == 2))
            .count()
            == 2
    });
}

#[test]
fn kw_29_stun_cards_flip_the_targets_tokens() {
    for (card, action, x) in [
        ("choir_cantor", "feedback_sermon", 1),
        ("tide_netcaster", "weighted_net", 2),
        ("glass_shock_baton", "jolt", 1),
        ("choir_resonance_pistol", "resonate", 1),
        ("choir_sermon_speaker", "drown_out", 1),
    ] {
        plays(card, action, |ev| {
            ev.iter()
                .filter(|e| matches!(e, Event::Stunned { model, .. } if model.0 == 2))
                .count()
                == x
        });
    }
}

#[test]
fn kw_24_rapid_cards_repeat_with_walking_fire() {
    for (card, action, x) in [
        ("tide_harbour_queen", "boarding_pistols", 2),
        ("glass_carbine", "burst", 2),
        ("glass_lmg", "sweep", 3),
        ("loot_spare_magazine", "empty_it", 2),
    ] {
        plays(card, action, |ev| {
            has(
                ev,
                |e| matches!(e, Event::Repetition { number, of, .. } if *number == x && *of == x),
            )
        });
    }
}

#[test]
fn kw_3_long_rifle_is_accurate() {
    plays("glass_marksman", "long_rifle", |ev| {
        has(ev, |e| matches!(e, Event::AccurateReroll { .. }))
    });
}

#[test]
fn kw_4_blast_cards_put_an_impact_token_down_and_catch_the_area() {
    for (card, action) in [
        ("gear_frag", "throw"),
        ("ash_firebomb", "lob"),
        ("loot_flashbang", "toss"),
    ] {
        plays(card, action, |ev| {
            has(ev, |e| matches!(e, Event::ImpactPlaced { .. }))
                && has(
                    ev,
                    |e| matches!(e, Event::BlastArea { caught, .. } if caught.len() >= 2),
                )
                && has(ev, |e| matches!(e, Event::ImpactRemoved { .. }))
        });
    }
    // The Flashbang's Blast stuns instead of wounding.
    plays("loot_flashbang", "toss", |ev| {
        has(ev, |e| matches!(e, Event::Stunned { .. })) && wounds(ev) == 0
    });
}

#[test]
fn kw_28_silent_cards_play_as_attacks() {
    for (card, action) in [
        ("choir_warden", "hush_strike"),
        ("choir_hush_knife", "cut"),
        ("loot_cheap_knife", "stab"),
        ("merc_kestrel", "hush_rifle"),
    ] {
        plays(card, action, |ev| wounds(ev) >= 1);
    }
}

#[test]
fn kw_17_brace_gives_defense() {
    plays("glass_riot_shield", "brace", |ev| {
        has(ev, |e| matches!(e, Event::DefenseGained { by: 1, .. }))
    });
}

#[test]
fn kw_14_deadly_crits_cards_add_a_wound_on_a_crit() {
    for (card, action) in [
        ("ash_slag_maul", "smash"),
        ("tide_hookman", "gaff_hook"),
        ("tide_scatter_gun", "scatter"),
        ("loot_old_revolver", "fire"),
    ] {
        plays(card, action, |ev| {
            ev.iter()
                .filter(|e| matches!(e, Event::Wounded { model, .. } if model.0 == 2))
                .count()
                == 2
        });
    }
}

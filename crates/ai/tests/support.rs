//! Support actions chosen by the bots: Normal rates Stun (KW-29), Refresh (KW-23) and
//! Commands (CMD-2) by their chance times what they change, so it uses them when they pay
//! and not when they don't; over whole starter games Easy and Normal both choose them.

mod common;

use std::collections::BTreeMap;

use redline_ai::normal::rate_commands;
use redline_ai::{Bot, EasyBot, NormalBot, PlayLimits, play_game_observed};
use redline_content::skirmish::{quick_team, skirmish};
use redline_content::starter;
use redline_content::team::TeamRules;
use redline_rules::card::{
    ActionDef, Colour, Effect, Keyword, ModelKeyword, ModelProfile, RangeSpec, Skill,
};
use redline_rules::{Command, DecisionKind, Game, ModelId, Seat, Target, Victory, basic};

const ACTOR: ModelId = ModelId(0);
const FRIEND: ModelId = ModelId(1);
const RIVAL: ModelId = ModelId(2);

/// The shared character card with Melee 1, or a YELLOW Gonk with `gonk`.
fn profile(name: &str, gonk: bool, actions: Vec<ActionDef>) -> ModelProfile {
    let mut p = common::profile(name, actions);
    p.skills.melee = 1;
    if gonk {
        p.keywords = vec![ModelKeyword::Gonk];
        p.tokens = Vec::new();
        p.gonk_colour = Some(Colour::Yellow);
    }
    p
}

/// A rifle: a Ranged attack out to GREEN for one wound.
fn rifle() -> ActionDef {
    ActionDef::attack(
        "rifle",
        "Rifle",
        Skill::Ranged,
        RangeSpec {
            yellow: true,
            green: true,
            ..RangeSpec::default()
        },
    )
}

/// A starter character's own action.
fn starter_action(card: &str, action: &str) -> ActionDef {
    starter()
        .characters
        .get(card)
        .unwrap_or_else(|| panic!("no {card} in the starter pack"))
        .actions
        .iter()
        .find(|a| a.id == action)
        .unwrap_or_else(|| panic!("{card} has no {action}"))
        .clone()
}

/// The actor (0) and a friend (1) of seat 0, a rival (2) of seat 1, where given.
fn game(models: [(ModelProfile, [f32; 3]); 3]) -> Game {
    let [a, f, r] = models;
    let place = |(p, at): (ModelProfile, [f32; 3]), seat: u8| common::place(p, seat, at);
    let setup = common::open_setup(vec![place(a, 0), place(f, 0), place(r, 1)], 0);
    Game::new(setup, 3).expect("a legal table")
}

/// Answers decisions until `stop` holds: `pick` first, else declining a [RE]action, else
/// the first legal answer.
fn drive(g: &mut Game, pick: impl Fn(&Game, &Command) -> bool, stop: impl Fn(&Game) -> bool) {
    for _ in 0..200 {
        if stop(g) {
            return;
        }
        let legal = g.legal_commands();
        let c = legal
            .iter()
            .find(|c| pick(g, c))
            .or_else(|| legal.iter().find(|c| **c == Command::DeclineReaction))
            .unwrap_or(&legal[0])
            .clone();
        g.apply(c).expect("legal");
    }
    panic!("the game never reached the decision wanted");
}

/// Activates `m` (seat 0's first turn of Control).
fn activate(g: &mut Game, m: ModelId) {
    g.apply(Command::Activate { model: m })
        .expect("may activate");
    assert!(matches!(
        g.decision().map(|d| &d.kind),
        Some(DecisionKind::NextAction { .. })
    ));
}

/// Normal's score of the legal answer `which` picks, and of ending the activation.
fn rated(g: &Game, which: impl Fn(&Command) -> bool) -> (f64, f64) {
    let rates = rate_commands(g);
    let of = |f: &dyn Fn(&Command) -> bool| {
        rates
            .iter()
            .filter(|r| f(&r.command))
            .map(|r| r.score)
            .fold(f64::NEG_INFINITY, f64::max)
    };
    (of(&which), of(&|c| *c == Command::EndActivation))
}

fn uses(c: &Command, action: u16, target: ModelId) -> bool {
    matches!(c, Command::Act(a) if a.action == action && a.target == Target::Model(target))
}

#[test]
fn kw_29_normal_stuns_a_rival_that_threatens_and_not_one_without_ready_tokens() {
    let sermon = starter_action("choir_cantor", "feedback_sermon");
    assert!(sermon.keywords.contains(&Keyword::Stun(1)));
    let stun = basic::COUNT; // the actor's first own action
    // The rival 6" away has one Ready token and a rifle on our Gonk: taking the token away
    // is worth a share of the shot it would take.
    let table = || {
        let mut shooter = profile("Shooter", false, vec![rifle()]);
        shooter.tokens = vec![Colour::Green];
        game([
            (
                profile("Cantor", false, vec![sermon.clone()]),
                [8.0, 0.0, 8.0],
            ),
            (profile("Gonk", true, Vec::new()), [14.0, 0.0, 12.0]),
            (shooter, [8.0, 0.0, 14.0]),
        ])
    };
    let mut g = table();
    activate(&mut g, ACTOR);
    let (s, pass) = rated(&g, |c| uses(c, stun, RIVAL));
    assert!(
        s > pass,
        "Stun {s} should beat ending the activation {pass}"
    );
    // Once the rival has spent its token (here on a move), a Stun takes nothing away.
    let mut g = table();
    drive(
        &mut g,
        |g, c| match g.decision().map(|d| d.seat) {
            Some(Seat(1)) => {
                matches!(c, Command::Activate { .. })
                    || matches!(c, Command::Act(a) if a.action == basic::MOVE)
            }
            _ => matches!(c, Command::EndActivation | Command::SkipGonk { .. }),
        },
        |g| {
            g.tokens(RIVAL).iter().all(|t| !t.ready)
                && g.decision().is_some_and(|d| {
                    d.seat == Seat(0) && matches!(d.kind, DecisionKind::TakeControl { .. })
                })
        },
    );
    activate(&mut g, ACTOR);
    let (s, pass) = rated(&g, |c| uses(c, stun, RIVAL));
    assert!(
        s <= 0.0 && s < pass,
        "Stun {s} on a rival with no Ready token"
    );
}

#[test]
fn cmd_2_normal_rates_commanding_a_friend_by_the_shot_it_gets() {
    // The actor stands beside a friend with a rifle; a rival Gonk is in the friend's
    // GREEN. Commanding the friend lets it shoot now.
    let table = |gonk_at: [f32; 3]| {
        let mut g = game([
            (profile("Boss", false, Vec::new()), [5.0, 0.0, 4.0]),
            (profile("Gunner", false, vec![rifle()]), [8.0, 0.0, 4.0]),
            (profile("Gonk", true, Vec::new()), gonk_at),
        ]);
        activate(&mut g, ACTOR);
        g
    };
    let g = table([8.0, 0.0, 12.0]);
    let (cmd, pass) = rated(&g, |c| uses(c, basic::COMMAND, FRIEND));
    assert!(
        cmd > pass,
        "Command {cmd} should beat ending the activation {pass}"
    );
    // The same Command with the Gonk out of everyone's reach gets the friend no shot.
    let far = table([28.0, 0.0, 28.0]);
    let (idle, pass) = rated(&far, |c| uses(c, basic::COMMAND, FRIEND));
    assert!(
        idle < cmd && idle < pass,
        "Command {idle} with nothing to shoot"
    );
}

#[test]
fn kw_23_normal_refreshes_a_friend_with_used_tokens_and_a_shot() {
    let stoke = starter_action("ash_furnace_mother", "stoke");
    assert!(stoke.keywords.contains(&Keyword::Refresh(1)));
    let refresh = basic::COUNT;
    let mut g = game([
        (profile("Stoker", false, vec![stoke]), [5.0, 0.0, 4.0]),
        (profile("Gunner", false, vec![rifle()]), [9.0, 0.0, 4.0]),
        (profile("Gonk", true, Vec::new()), [9.0, 0.0, 12.0]),
    ]);
    // Before the friend has spent anything, Refresh has nothing to flip.
    activate(&mut g, ACTOR);
    let (fresh, _) = rated(&g, |c| uses(c, refresh, FRIEND));
    assert!(
        fresh <= 0.0,
        "Refresh of a fully Ready friend scores {fresh}"
    );
    // The friend spends a token on a move, the rival holds its Gonk, and the actor comes
    // back with the friend short of a token.
    let mut g = game([
        (
            profile(
                "Stoker",
                false,
                vec![starter_action("ash_furnace_mother", "stoke")],
            ),
            [5.0, 0.0, 4.0],
        ),
        (profile("Gunner", false, vec![rifle()]), [9.0, 0.0, 4.0]),
        (profile("Gonk", true, Vec::new()), [9.0, 0.0, 12.0]),
    ]);
    activate(&mut g, FRIEND);
    let step = g
        .legal_commands()
        .into_iter()
        .find(|c| {
            matches!(c, Command::Act(a) if a.action == basic::MOVE
                && matches!(&a.target, Target::Route(r)
                    if r.last().is_some_and(|p| p[2] < 8.0 && (p[0] - 9.0).abs() < 3.0)))
        })
        .expect("a short move that keeps the Gonk in YELLOW");
    g.apply(step).expect("legal");
    drive(
        &mut g,
        |_, c| {
            matches!(
                c,
                Command::EndActivation | Command::SkipGonk { .. } | Command::DeclineReaction
            )
        },
        |g| {
            g.decision().is_some_and(|d| {
                d.seat == Seat(0) && matches!(d.kind, DecisionKind::TakeControl { .. })
            }) && g.tokens(FRIEND).iter().any(|t| !t.ready)
        },
    );
    activate(&mut g, ACTOR);
    let (s, pass) = rated(&g, |c| uses(c, refresh, FRIEND));
    assert!(
        s > pass,
        "Refresh {s} should beat ending the activation {pass}"
    );
}

/// What a command is, for counting the support actions chosen in whole games.
fn support_kind(g: &Game, c: &Command) -> Option<&'static str> {
    let (Command::Act(a) | Command::React(a)) = c else {
        return None;
    };
    let def = g.action(a.model, a.action)?;
    if def.attack {
        return None;
    }
    if def.keywords.iter().any(|k| matches!(k, Keyword::Stun(_))) {
        Some("stun")
    } else if def
        .keywords
        .iter()
        .any(|k| matches!(k, Keyword::Refresh(_)))
    {
        Some("refresh")
    } else if def.command || def.effects.contains(&Effect::Activate) {
        Some("command")
    } else if def.effects.iter().any(|e| {
        matches!(
            e,
            Effect::DeployDrone { .. } | Effect::Hack | Effect::MakeVulnerable
        )
    }) {
        Some("program")
    } else {
        None
    }
}

/// Support actions chosen by `bots` over starter games: every ordered pairing of the four
/// factions on three tables.
fn support_chosen(bots: impl Fn(u64) -> [Box<dyn Bot>; 2]) -> BTreeMap<&'static str, usize> {
    let catalog = starter();
    let rules = TeamRules::one_off(100);
    let factions = ["ashfall", "tidewater", "glasswork", "choir"];
    let tables = [
        ("street_claim", "pier_nine"),
        ("salvage_run", "refinery_row"),
        ("take_the_head", "tenement_yard"),
    ];
    let pairs = (0..4).flat_map(|a| (0..4).filter(move |&b| b != a).map(move |b| (a, b)));
    let mut seen = BTreeMap::new();
    for (i, ((scenario, layout), (a, b))) in tables
        .iter()
        .flat_map(|t| pairs.clone().map(move |p| (t, p)))
        .enumerate()
    {
        let teams: Vec<_> = [a, b]
            .iter()
            .map(|&f| quick_team(&catalog, factions[f], &rules).expect("quick team"))
            .collect();
        let mut setup = skirmish(&catalog, scenario, Some(layout), &teams, i as u64)
            .expect("skirmish")
            .setup;
        setup.victory = Victory {
            turn_limit: Some(36),
        };
        let mut b = bots(i as u64);
        play_game_observed(setup, i as u64, &mut b, PlayLimits::default(), |step| {
            if let Some(k) = support_kind(step.before, step.command) {
                *seen.entry(k).or_insert(0) += 1;
            }
        })
        .expect("every command legal");
    }
    eprintln!("support chosen: {seen:?}");
    seen
}

#[test]
fn cmd_2_drone_2_the_bots_command_and_launch_programs_in_real_games() {
    // With starter teams every character also has a Basic Ranged Attack, so a Stun or a
    // Refresh rarely beats shooting (the rating tests above show when it does); drone
    // launches and, for Easy, Commands come up in every run of these games.
    let normal = support_chosen(|_| [Box::new(NormalBot::new()), Box::new(NormalBot::new())]);
    let easy = support_chosen(|s| [Box::new(EasyBot::new(s)), Box::new(EasyBot::new(s + 100))]);
    assert!(normal.contains_key("program"), "Normal chose {normal:?}");
    assert!(
        easy.contains_key("program") && easy.contains_key("command"),
        "Easy chose {easy:?}"
    );
}

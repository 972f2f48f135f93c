//! The starter factions play in character: each faction's Easy deck differs from the
//! generic deck by one twist, and each twist changes the choice in a situation built for it
//! (the same situation under the generic card of that situation chooses otherwise). A
//! personality biases Normal the same way.

mod common;

use redline_ai::easy::{BehaviourCard, Situation, generic_deck};
use redline_ai::{Bot, EasyBot, NormalBot, Persona, Personality};
use redline_content::starter;
use redline_rules::card::{ModelKeyword, ModelProfile};
use redline_rules::{Command, DecisionKind, Game, ModelId, Target, basic};

const ACTOR: ModelId = ModelId(0);

fn persona(faction: &str) -> Persona {
    let catalog = starter();
    let f = catalog
        .factions
        .get(faction)
        .unwrap_or_else(|| panic!("no faction {faction}"));
    Persona::of_faction(f)
}

/// The faction's card for `situation`.
fn card(p: &Persona, situation: Situation) -> BehaviourCard {
    p.deck
        .iter()
        .find(|c| c.situation == situation)
        .expect("one card per situation")
        .clone()
}

/// A persona whose deck is `card` alone, so the bot plays it every turn.
fn only(card: BehaviourCard, faction: Option<&str>) -> Persona {
    Persona {
        faction: faction.map(str::to_owned),
        deck: vec![card],
        personality: Personality::NEUTRAL,
    }
}

/// The faction's twist card and the generic card of the same situation, each played by
/// Easy on `game`: (the faction's command and why, the generic command).
fn both(faction: &str, situation: Situation, game: &Game) -> ((Command, String), Command) {
    let p = persona(faction);
    let own = card(&p, situation);
    let generic = card(&Persona::generic(), situation);
    let mut bot = EasyBot::with_persona(1, only(own, p.faction.as_deref()));
    let mut plain = EasyBot::with_persona(1, only(generic, None));
    let c = bot.choose(game);
    let why = bot.explain().unwrap_or_default();
    ((c, why), plain.choose(game))
}

fn shooter(name: &str, reflexes: i8) -> ModelProfile {
    let mut p = common::profile(name, vec![common::all_bands_gun("rifle", "Rifle")]);
    p.skills.reflexes = reflexes;
    p
}

fn leader(mut p: ModelProfile) -> ModelProfile {
    p.keywords = vec![ModelKeyword::Leader];
    p
}

/// Seat 0's models first, then seat 1's; seat 0 to take Control.
fn table(ours: Vec<(ModelProfile, [f32; 3])>, theirs: Vec<(ModelProfile, [f32; 3])>) -> Game {
    let mut models: Vec<_> = ours
        .into_iter()
        .map(|(p, at)| common::place(p, 0, at))
        .collect();
    models.extend(theirs.into_iter().map(|(p, at)| common::place(p, 1, at)));
    Game::new(common::open_setup(models, 0), 3).expect("a legal table")
}

fn activated(mut g: Game, m: ModelId) -> Game {
    g.apply(Command::Activate { model: m })
        .expect("may activate");
    assert!(matches!(
        g.decision().map(|d| &d.kind),
        Some(DecisionKind::NextAction { .. })
    ));
    g
}

/// The model `c` targets, if it is an action on a model.
fn target(c: &Command) -> Option<ModelId> {
    match c {
        Command::Act(a) => match a.target {
            Target::Model(t) => Some(t),
            _ => None,
        },
        _ => None,
    }
}

fn is_move(c: &Command) -> bool {
    matches!(c, Command::Act(a) if matches!(a.target, Target::Route(_)))
}

#[test]
fn every_starter_faction_has_its_own_deck_with_one_twist_and_a_personality() {
    let generic = generic_deck();
    for f in ["ashfall", "choir", "tidewater", "glasswork", "lantern"] {
        let p = persona(f);
        assert!(p.faction.is_some(), "{f} plays the generic deck");
        assert_ne!(p.personality, Personality::NEUTRAL, "{f}");
        let mut twists = 0;
        for s in Situation::ALL {
            let own = card(&p, s);
            let g = generic.iter().find(|c| c.situation == s).unwrap();
            assert_ne!(own.name, g.name, "{f}: its own card names");
            if own.control != g.control || own.actions != g.actions {
                twists += 1;
            }
        }
        assert_eq!(twists, 1, "{f}: one card carries the faction's twist");
    }
}

#[test]
fn ashfall_burn_them_out_shoots_the_nearest_rival_not_the_easiest() {
    // The near rival (4") is hard to hit; the far one (9") is easy.
    let g = activated(
        table(
            vec![(shooter("Burner", 1), [15.0, 0.0, 5.0])],
            vec![
                (shooter("Near", 3), [15.0, 0.0, 9.0]),
                (shooter("Far", 0), [15.0, 0.0, 14.0]),
            ],
        ),
        ACTOR,
    );
    let ((own, why), generic) = both("ashfall", Situation::Aggressive, &g);
    assert_eq!(target(&own), Some(ModelId(1)), "{why}");
    assert_eq!(target(&generic), Some(ModelId(2)));
    assert!(
        why.starts_with("Ashfall Crew card: Burn them out, attack nearest in range:"),
        "{why}"
    );
}

#[test]
fn choir_static_hymn_stuns_before_it_shoots() {
    let sermon = starter()
        .characters
        .get("choir_cantor")
        .unwrap()
        .actions
        .iter()
        .find(|a| a.id == "feedback_sermon")
        .unwrap()
        .clone();
    let mut cantor = common::profile(
        "Cantor",
        vec![sermon, common::all_bands_gun("rifle", "Rifle")],
    );
    cantor.skills.ranged = 3;
    let g = activated(
        table(
            vec![(cantor, [8.0, 0.0, 8.0])],
            vec![(shooter("Shooter", 0), [8.0, 0.0, 14.0])],
        ),
        ACTOR,
    );
    let stun = basic::COUNT; // the cantor's first own action
    let ((own, why), generic) = both("choir", Situation::Cautious, &g);
    assert!(
        matches!(&own, Command::Act(a) if a.action == stun),
        "{own:?}: {why}"
    );
    assert!(
        matches!(&generic, Command::Act(a) if a.action != stun && target(&generic) == Some(ModelId(1))),
        "{generic:?}"
    );
    assert!(why.contains("disrupt rival"), "{why}");
}

#[test]
fn tidewater_slip_the_tide_takes_cover_before_trading_shots() {
    let g = activated(
        table(
            vec![(shooter("Runner", 1), [15.0, 0.0, 5.0])],
            vec![(shooter("Rival", 0), [15.0, 0.0, 14.0])],
        ),
        ACTOR,
    );
    let ((own, why), generic) = both("tidewater", Situation::Cautious, &g);
    assert!(is_move(&own), "{own:?}: {why}");
    assert_eq!(target(&generic), Some(ModelId(1)), "{generic:?}");
    assert!(why.contains("move to cover"), "{why}");
}

#[test]
fn glasswork_hold_the_line_activates_the_leader_before_its_guards() {
    let g = table(
        vec![
            (leader(shooter("Commander", 1)), [10.0, 0.0, 5.0]),
            (shooter("Guard", 1), [12.0, 0.0, 5.0]),
        ],
        vec![(shooter("Rival", 0), [10.0, 0.0, 12.0])],
    );
    let ((own, why), generic) = both("glasswork", Situation::ProtectLeader, &g);
    assert_eq!(own, Command::Activate { model: ModelId(0) }, "{why}");
    assert_eq!(generic, Command::Activate { model: ModelId(1) });
    assert!(why.contains("activate leader"), "{why}");
}

#[test]
fn lantern_lights_out_goes_for_the_rival_leader() {
    let g = activated(
        table(
            vec![(shooter("Courier", 1), [15.0, 0.0, 5.0])],
            vec![
                (leader(shooter("Boss", 1)), [15.0, 0.0, 10.0]),
                (shooter("Grunt", 0), [18.0, 0.0, 10.0]),
            ],
        ),
        ACTOR,
    );
    let ((own, why), generic) = both("lantern", Situation::Aggressive, &g);
    assert_eq!(target(&own), Some(ModelId(1)), "{why}");
    assert_eq!(target(&generic), Some(ModelId(2)));
    assert!(why.contains("attack leader"), "{why}");
}

/// Courier (0) of seat 0, active, with a rival Boss (1, Leader, Reflexes `boss`) 5" away
/// and a Grunt (2, Reflexes 0) beside it.
fn leader_or_grunt(boss: i8) -> Game {
    activated(
        table(
            vec![(shooter("Courier", 1), [15.0, 0.0, 5.0])],
            vec![
                (leader(shooter("Boss", boss)), [15.0, 0.0, 10.0]),
                (shooter("Grunt", 0), [18.0, 0.0, 10.0]),
            ],
        ),
        ACTOR,
    )
}

#[test]
fn a_personality_that_values_leaders_makes_normal_shoot_the_leader() {
    let keen = Personality {
        leaders: 2.0,
        ..Personality::NEUTRAL
    };
    // The hardest-to-hit Boss a neutral Normal would rather not shoot at, over the easy
    // Grunt; the crew that values leaders twice as much still goes for it.
    let g = (1..=5)
        .map(leader_or_grunt)
        .find(|g| target(&NormalBot::new().choose(g)) == Some(ModelId(2)))
        .expect("a Boss hard enough to hit that neutral Normal shoots the Grunt");
    let biased = NormalBot::with_personality(keen).choose(&g);
    assert_eq!(target(&biased), Some(ModelId(1)), "{biased:?}");
}

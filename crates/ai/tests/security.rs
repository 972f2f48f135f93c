//! The computer as the defender in the security step before deployment (SEC-1, SEC-2,
//! SEC-9): on the starter's Strongroom, at every level, it buys a plan within its budget
//! that the engine accepts, with a sentry and a lock near the strongbox, and ends the step.

use redline_ai::{Bot, EasyBot, HardBot, NormalBot, secure};
use redline_content::skirmish::{quick_team, skirmish};
use redline_content::starter;
use redline_content::team::TeamRules;
use redline_rules::{Command, DecisionKind, Game, LockKnowledge, Seat, Setup};

const DEFENDER: Seat = Seat(1);

/// The Strongroom with quick teams: Ashfall raids, the Choir (Tech characters) defends with
/// its quick team built to leave the security budget unspent (SEC-1).
fn strongroom() -> Setup {
    let catalog = starter();
    let sheet = catalog.scenarios.get("strongroom").expect("the Strongroom");
    let security = sheet.security.as_deref().expect("it names a defender");
    assert_eq!(security.defender, DEFENDER);
    let share = u32::from(security.budget_for(sheet.eb_limit, u32::MAX));
    let raiders = quick_team(&catalog, "ashfall", &TeamRules::one_off(sheet.eb_limit));
    let owners = quick_team(
        &catalog,
        "choir",
        &TeamRules::one_off(sheet.eb_limit - share),
    );
    let teams = [raiders.expect("raiders"), owners.expect("owners")];
    skirmish(&catalog, "strongroom", None, &teams, 0)
        .expect("the skirmish")
        .setup
}

/// Plays the security step with `bot` for the defender; the spend and what was placed.
fn secure_with(bot: &mut dyn Bot) -> Game {
    let mut g = Game::new(strongroom(), 7).expect("a game");
    assert_eq!(
        g.placing_security(),
        Some(DEFENDER),
        "SEC-2: the step comes first"
    );
    let budget = g.security_budget_left(DEFENDER).expect("SEC-1: a budget");
    assert!(budget >= 6, "room for a sentry: {budget} EB");
    for _ in 0..20 {
        if g.placing_security().is_none() {
            break;
        }
        let cmd = bot.choose(&g);
        assert!(g.check(&cmd).is_ok(), "the engine accepts {cmd:?}");
        g.apply(cmd).expect("legal");
    }
    assert_eq!(g.placing_security(), None, "the computer ends the step");
    assert!(!matches!(
        g.decision().map(|d| &d.kind),
        Some(DecisionKind::PlaceSecurity { .. })
    ));
    g
}

fn placed(g: &Game) -> (usize, usize) {
    let plan = &g.setup().scenario.security.as_ref().expect("security").plan;
    (plan.sentries.len(), plan.locks.len())
}

#[test]
fn sec_2_a_computer_defender_places_a_sentry_and_locks_within_its_budget_at_every_level() {
    let bots: Vec<(&str, Box<dyn Bot>)> = vec![
        ("easy", Box::new(EasyBot::new(1))),
        ("normal", Box::new(NormalBot::new())),
        ("hard", Box::new(HardBot::new(1))),
    ];
    for (level, mut bot) in bots {
        let g = secure_with(bot.as_mut());
        let (sentries, locks) = placed(&g);
        assert!(sentries >= 1, "{level}: a sentry (SEC-9)");
        assert!(locks >= 1, "{level}: a lock (SEC-5)");
        // SEC-1: never more than the budget.
        assert!(g.security_budget_left(DEFENDER).is_some());
        // MOPEN-8: the raiders know nothing of the locks.
        let plan = &g.setup().scenario.security.as_ref().expect("security").plan;
        for l in &plan.locks {
            assert_eq!(
                g.lock_known_to(Seat(0), l.piece, l.opening),
                LockKnowledge::Unknown
            );
        }
        // The plan as placed is one the engine starts a game from (SEC-1, SEC-2, SEC-9).
        Game::new(g.setup().clone(), 7).expect("a valid plan");
    }
}

#[test]
fn sec_2_the_computers_sentry_faces_the_raiders_from_the_defenders_half() {
    let g = secure_with(&mut NormalBot::new());
    let plan = &g.setup().scenario.security.as_ref().expect("security").plan;
    let s = plan.sentries[0];
    // The raiders come from the north edge (toward −z): the arc is centred within 90° of it.
    let off_north = s.facing_deg.min(360.0 - s.facing_deg);
    assert!(off_north <= 90.0, "faces {}", s.facing_deg);
    let at = g.position(redline_rules::ModelId(s.model));
    assert!(at[2] > 11.0, "in the defenders' (south) half: {at:?}");
}

#[test]
fn sec_2_secure_answers_only_the_security_step() {
    let mut g = Game::new(strongroom(), 7).expect("a game");
    assert!(secure(&g).is_some());
    g.apply(Command::EndSecurity).expect("legal");
    assert!(secure(&g).is_none());
}

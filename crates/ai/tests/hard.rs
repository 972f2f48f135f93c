//! The Hard level: whole games with no refused command, the same choices from the same seed
//! and iteration budget, and no peeking at the real game's dice (its choices do not depend
//! on the game's dice seed).

mod skirmishes;

use redline_ai::hard::{leader_danger, positional};
use redline_ai::normal::{position_value, rate_commands};
use redline_ai::{Bot, HardBot, HardBudget, NormalBot, PlayLimits, play_game, play_until};
use redline_rules::card::ModelKeyword;
use redline_rules::{Command, DecisionKind, Game, ModelId, Seat, Setup, Target, TeamId};
use skirmishes::quick_skirmish;

/// A budget small enough for the debug profile, and a time cap no test machine reaches,
/// so the work budget alone decides (determinism).
const SMALL: HardBudget = HardBudget {
    work: 1500,
    turn_ms: 600_000,
};

fn setup(scenario: &str, layout: &str, turns: u32) -> Setup {
    quick_skirmish(scenario, layout, ["ashfall", "tidewater"], 3, turns)
}

#[test]
fn hard_plays_whole_games_with_only_legal_commands() {
    for (scenario, layout) in [
        ("street_claim", "pier_nine"),
        ("salvage_run", "refinery_row"),
    ] {
        let mut bots: Vec<Box<dyn Bot>> = vec![
            Box::new(HardBot::with_budget(1, SMALL)),
            Box::new(NormalBot::new()),
        ];
        let record = play_game(
            setup(scenario, layout, 6),
            11,
            &mut bots,
            PlayLimits::default(),
        )
        .expect("no refused command");
        assert!(record.outcome.is_some(), "{scenario}: the game did not end");
        assert!(bots[0].explain().is_some());
    }
}

#[test]
fn hard_repeats_itself_given_seed_and_work() {
    let play = || {
        let mut bots: Vec<Box<dyn Bot>> = vec![
            Box::new(HardBot::with_budget(7, SMALL)),
            Box::new(HardBot::with_budget(8, SMALL)),
        ];
        play_game(
            setup("street_claim", "tenement_yard", 4),
            5,
            &mut bots,
            PlayLimits::default(),
        )
        .expect("no refused command")
    };
    let (a, b) = (play(), play());
    assert_eq!(a.commands, b.commands);
    assert_eq!(a.final_hash, b.final_hash);
}

#[test]
fn hard_does_not_see_the_real_dice() {
    // Two games that differ only in their dice seed pose the same first decision; a bot that
    // samples its own dice answers both the same way. (Take the Head gives seat 0 the first
    // Control, so no roll-off tells the games apart.)
    let s = setup("take_the_head", "tenement_yard", 6);
    let g1 = Game::new(s.clone(), 1).expect("game");
    let g2 = Game::new(s, 999_999).expect("game");
    assert_eq!(g1.decision(), g2.decision());
    let c1 = HardBot::with_budget(3, SMALL).choose(&g1);
    let c2 = HardBot::with_budget(3, SMALL).choose(&g2);
    assert_eq!(c1, c2);
}

#[test]
fn hard_searches_within_its_work_budget() {
    // The first searched decision of a turn may use half the turn's work, overshooting by
    // at most the play-out that crosses the line.
    let g = Game::new(setup("take_the_head", "tenement_yard", 6), 1).expect("game");
    let mut bot = HardBot::with_budget(3, SMALL);
    bot.choose(&g);
    let spent = bot.work_done();
    assert!(spent > 0, "no play-out was run");
    assert!(spent <= u64::from(SMALL.work), "{spent} work");
    assert_eq!(bot.clock_cuts(), 0);
}

#[test]
fn hard_leaf_weighs_where_the_models_stand() {
    // Play Normal to the first action decision and take two different moves: material is
    // the same after either, but the leaf's position term tells them apart; it sums
    // Normal's position evaluation of every model in play, for its team and against the
    // rivals, so it counts for one team exactly what it counts against the other.
    let mut g = Game::new(setup("street_claim", "pier_nine", 6), 1).expect("game");
    let at_action = play_until(&mut g, &mut NormalBot::new(), |_, k| {
        matches!(k, DecisionKind::NextAction { .. })
    });
    assert_eq!(at_action, Ok(true));
    let team = g.team_of(g.decision().expect("a decision").seat);
    let rival = TeamId(1 - team.0);
    let moves: Vec<_> = rate_commands(&g)
        .into_iter()
        .filter(|r| matches!(&r.command, Command::Act(a) if matches!(a.target, Target::Route(_))))
        .collect();
    assert!(moves.len() >= 2, "{} moves", moves.len());
    let after = |c: &Command| {
        let mut copy = g.clone();
        copy.apply(c.clone()).expect("a legal move");
        copy
    };
    let best = moves
        .iter()
        .max_by(|a, b| a.score.total_cmp(&b.score))
        .expect("a move");
    let worst = moves
        .iter()
        .min_by(|a, b| a.score.total_cmp(&b.score))
        .expect("a move");
    let (b, w) = (after(&best.command), after(&worst.command));
    assert_eq!(b.model_count(), w.model_count());
    assert!(
        (positional(&b, team) - positional(&w, team)).abs() > 1e-3,
        "two moves, one position value {:.4}",
        positional(&b, team)
    );
    for game in [&g, &b, &w] {
        let mut expected = 0.0;
        for m in (0..game.model_count() as u16).map(ModelId) {
            if !game.in_play(m) {
                continue;
            }
            let ready = !game.profile(m).is_character() || game.tokens(m).iter().any(|t| t.ready);
            let v = position_value(game, m, game.position(m), ready);
            expected += if game.team_of(game.owner(m)) == team {
                v
            } else {
                -v
            };
        }
        assert!((positional(game, team) - expected).abs() < 1e-9);
        assert!((positional(game, team) + positional(game, rival)).abs() < 1e-9);
    }
}

#[test]
fn hard_takes_normal_s_actions() {
    // Hard searches which model acts, not what it does: at an action decision it answers
    // as Normal does, at any budget, without a play-out.
    let mut g = Game::new(setup("take_the_head", "tenement_yard", 60), 1).expect("game");
    let at_action = play_until(&mut g, &mut NormalBot::new(), |_, k| {
        matches!(k, DecisionKind::NextAction { .. })
    });
    assert_eq!(at_action, Ok(true));
    let normal = NormalBot::new().choose(&g);
    for work in [SMALL.work, 2 * HardBudget::DEFAULT.work] {
        let mut bot = HardBot::with_budget(
            3,
            HardBudget {
                work,
                turn_ms: 3_600_000,
            },
        );
        assert_eq!(bot.choose(&g), normal);
        assert_eq!(bot.work_done(), 0, "no play-out at an action decision");
    }
}

/// The index in `s` of seat 0's Leader.
fn our_leader(s: &Setup) -> usize {
    s.models
        .iter()
        .position(|m| m.owner == Seat(0) && m.profile.has_keyword(&ModelKeyword::Leader))
        .expect("seat 0 has a Leader (TEAM-3)")
}

#[test]
fn hard_leaf_counts_a_leader_s_danger_where_taking_it_out_wins() {
    // TEAM-3, Take the Head (win on taking out the rival Leader): a play-out only sees the
    // Leader taken out inside its horizon, so the leaf counts the danger each Leader
    // stands in. A rival (not its Leader) with a close-combat attack stands in the middle
    // of the table, away from both Leaders. Ours standing within its reach is in more
    // danger than where it deployed, far from every rival; the term counts for one team
    // what it counts against the other, and nothing where taking out a Leader wins
    // nothing.
    let mut s = setup("take_the_head", "tenement_yard", 6);
    let brawler = s
        .models
        .iter()
        .position(|m| {
            m.owner == Seat(1)
                && !m.profile.has_keyword(&ModelKeyword::Leader)
                && m.profile
                    .actions
                    .iter()
                    .any(|a| a.attack && a.range.is_some_and(|r| r.allows(0.2)))
        })
        .expect("a rival with a close-combat attack");
    s.models[brawler].position = [15.0, 0.0, 11.0];
    let home = Game::new(s.clone(), 5).expect("game");
    let leader = our_leader(&s);
    s.models[leader].position = [13.8, 0.0, 11.0];
    let near = Game::new(s, 5).expect("game");
    let (ours, theirs) = (TeamId(0), TeamId(1));
    assert!(
        leader_danger(&near, ours) < leader_danger(&home, ours) - 0.1,
        "within reach {:.3}, deployed {:.3}",
        leader_danger(&near, ours),
        leader_danger(&home, ours)
    );
    for g in [&home, &near] {
        assert!((leader_danger(g, ours) + leader_danger(g, theirs)).abs() < 1e-9);
    }
    let plain = Game::new(setup("street_claim", "pier_nine", 6), 5).expect("game");
    assert_eq!(leader_danger(&plain, ours), 0.0);
}

#[test]
fn react_1_hard_searches_a_reaction_with_declining_among_the_candidates() {
    // REACT-1: a wounded character may [RE]act. Hard plays Normal's best reactions and
    // declining forward, on a budget of its own in the rival's activation.
    // The first of a few games of Normal against Normal (dice seeds 1 to 9) that offers a
    // [RE]action.
    let g = (1..10)
        .find_map(|seed| {
            let mut g = Game::new(setup("street_claim", "pier_nine", 60), seed).expect("game");
            let offered = play_until(&mut g, &mut NormalBot::new(), |_, k| {
                matches!(k, DecisionKind::OfferReaction { .. })
            });
            (offered == Ok(true)).then_some(g)
        })
        .expect("Normal against Normal offers a [RE]action");
    let legal = g.legal_commands();
    assert!(legal.contains(&Command::DeclineReaction));
    let mut bot = HardBot::with_budget(3, SMALL);
    let c = bot.choose(&g);
    let why = bot.explain().expect("an explanation");
    assert!(why.starts_with("search:"), "{why}");
    assert!(legal.contains(&c));
    if legal.len() > 1 {
        // More than one answer: the search weighed declining too (at least two
        // candidates), and spent work on it.
        let head = why.strip_suffix(" candidates)").expect(&why);
        let n: usize = head
            .rsplit(' ')
            .next()
            .and_then(|n| n.parse().ok())
            .expect(&why);
        assert!(n >= 2, "{why}");
        assert!(bot.work_done() > 0, "{why}");
    }
}

//! FIELD-9, COOP-2: once a co-op wave is due, every level brings it in. A Gonk of a wave
//! enters when its player Inspires; each level sets it down rather than holding it in
//! Reserve, and a game between Normal bots ends with every wave on the table.

use redline_ai::{Bot, EasyBot, HardBot, NormalBot, play_until};
use redline_content::coop::coop_skirmish;
use redline_content::skirmish::quick_team;
use redline_content::starter;
use redline_content::team::TeamRules;
use redline_rules::decision::DecisionKind;
use redline_rules::{Command, Event, Game, ModelId, Setup};

/// Pumphouse Holdout for two people (the Tidewater and the Choir) against the computer.
fn holdout() -> Setup {
    let catalog = starter();
    let rules = TeamRules::one_off(75);
    let people: Vec<_> = ["tidewater", "choir"]
        .iter()
        .map(|f| quick_team(&catalog, f, &rules).expect("crew"))
        .collect();
    coop_skirmish(&catalog, "pumphouse_holdout", None, &people)
        .expect("co-op game")
        .skirmish
        .setup
}

fn wave_models(game: &Game) -> Vec<ModelId> {
    (0..game.model_count() as u16)
        .map(ModelId)
        .filter(|&m| game.in_reserve(m) && game.profile(m).is_gonk())
        .collect()
}

/// Normal plays every seat until a wave's Gonk may first be set down.
fn first_wave_due(seed: u64) -> Game {
    let mut game = Game::new(holdout(), seed).expect("game");
    let due = play_until(&mut game, &mut NormalBot::new(), |g, kind| {
        matches!(kind, DecisionKind::InspireGonks { .. })
            && g.legal_commands()
                .iter()
                .any(|c| matches!(c, Command::Deploy { .. }))
    })
    .expect("legal play");
    assert!(due, "the game ended before a wave was due");
    game
}

#[test]
fn coop_2_field_9_every_level_sets_a_due_wave_gonk_down() {
    let game = first_wave_due(11);
    let bots: [(&str, Box<dyn Bot>); 3] = [
        ("easy", Box::new(EasyBot::new(3))),
        ("normal", Box::new(NormalBot::new())),
        ("hard", Box::new(HardBot::new(3))),
    ];
    for (name, mut bot) in bots {
        let answer = bot.choose(&game);
        assert!(
            matches!(answer, Command::Deploy { .. }),
            "{name} held the wave back: {answer:?}"
        );
        let mut after = game.clone();
        after.apply(answer).expect("legal");
    }
}

#[test]
fn coop_2_a_game_between_normal_bots_brings_every_wave_in() {
    let mut game = Game::new(holdout(), 4).expect("game");
    let waiting = wave_models(&game);
    assert!(waiting.len() >= 6, "two waves of Gonks: {waiting:?}");
    let mut entered = Vec::new();
    let mut bot = NormalBot::new();
    while game.decision().is_some() {
        let c = bot.choose(&game);
        for e in game.apply(c).expect("legal") {
            if let Event::Deployed { model, .. } = e {
                entered.push(model);
            }
        }
    }
    let still: Vec<_> = waiting.iter().filter(|m| !entered.contains(m)).collect();
    assert!(
        entered.len() >= 3,
        "only {} of the waves' models entered: still waiting {still:?}",
        entered.len()
    );
}

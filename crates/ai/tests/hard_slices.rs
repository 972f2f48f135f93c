//! Hard's search in slices (the browser's app thinks a little each frame): paused and
//! resumed in any slices of work, it plays the same play-outs and gives the same answers as
//! the search run at once, whole games long and with sequential halving above the default.

mod skirmishes;

use redline_ai::{Bot, HardBot, HardBudget, PlayLimits, play_game};
use redline_rules::{Command, Game, Setup};
use skirmishes::quick_skirmish;

/// A budget small enough for the debug profile, and a time cap no test machine reaches,
/// so the work budget alone decides.
const SMALL: HardBudget = HardBudget {
    work: 1500,
    turn_ms: 600_000,
};

fn setup(scenario: &str, layout: &str, turns: u32) -> Setup {
    quick_skirmish(scenario, layout, ["ashfall", "tidewater"], 3, turns)
}

/// Hard thinking in slices of `slice` work, as the app does on a page; counts the calls
/// that returned no answer yet.
struct Sliced {
    bot: HardBot,
    slice: u32,
    paused: u32,
}

impl Bot for Sliced {
    fn choose(&mut self, game: &Game) -> Command {
        loop {
            match Bot::think(&mut self.bot, game, self.slice) {
                Some(c) => return c,
                None => self.paused += 1,
            }
        }
    }

    fn explain(&self) -> Option<String> {
        self.bot.explain()
    }
}

#[test]
fn hard_in_slices_plays_the_same_game_as_at_once() {
    let whole = || -> Vec<Box<dyn Bot>> {
        vec![
            Box::new(HardBot::with_budget(7, SMALL)),
            Box::new(HardBot::with_budget(8, SMALL)),
        ]
    };
    let s = setup("street_claim", "tenement_yard", 4);
    let mut at_once = whole();
    let a = play_game(s.clone(), 5, &mut at_once, PlayLimits::default()).expect("legal");
    for slice in [1, 37, 400] {
        let mut sliced: Vec<Box<dyn Bot>> = vec![
            Box::new(Sliced {
                bot: HardBot::with_budget(7, SMALL),
                slice,
                paused: 0,
            }),
            Box::new(HardBot::with_budget(8, SMALL)),
        ];
        let b = play_game(s.clone(), 5, &mut sliced, PlayLimits::default()).expect("legal");
        assert_eq!(a.commands, b.commands, "slices of {slice}");
        assert_eq!(a.final_hash, b.final_hash);
        assert_eq!(at_once[0].explain(), sliced[0].explain());
    }
}

#[test]
fn hard_in_slices_pauses_and_spends_the_same_work() {
    // Four times the small budget: enough play-outs at the first Take Control to pause.
    let g = Game::new(setup("take_the_head", "tenement_yard", 6), 1).expect("game");
    let mut whole = HardBot::with_budget(3, SMALL.times(4));
    let expected = whole.decide(&g);
    let mut bot = Sliced {
        bot: HardBot::with_budget(3, SMALL.times(4)),
        slice: 1,
        paused: 0,
    };
    assert_eq!(bot.choose(&g), expected.command);
    // Slices of one unit: one play-out a call, a pause after each but the last.
    assert!(bot.paused >= 2, "paused {} times", bot.paused);
    assert_eq!(bot.bot.work_done(), whole.work_done());
    assert_eq!(bot.explain(), Some(expected.why));
}

#[test]
fn hard_in_slices_halves_the_same_way_above_the_default() {
    // Above the default budget the play-outs are shared by sequential halving.
    let budget = HardBudget {
        work: HardBudget::DEFAULT.work + 1,
        turn_ms: 3_600_000,
    };
    let g = Game::new(setup("take_the_head", "tenement_yard", 6), 1).expect("game");
    let mut whole = HardBot::with_budget(4, budget);
    let expected = whole.decide(&g);
    let mut bot = Sliced {
        bot: HardBot::with_budget(4, budget),
        slice: 500,
        paused: 0,
    };
    assert_eq!(bot.choose(&g), expected.command);
    assert!(bot.paused > 0);
    assert_eq!(bot.bot.work_done(), whole.work_done());
    assert_eq!(bot.explain(), Some(expected.why));
}

#[test]
fn hard_drops_a_paused_search_when_the_position_changes() {
    // A search paused on one position and then asked about another answers the other.
    let g = Game::new(setup("take_the_head", "tenement_yard", 6), 1).expect("game");
    let mut bot = HardBot::with_budget(3, SMALL);
    assert!(
        bot.think(&g, 1).is_none(),
        "one slice of 1 work is not a whole search"
    );
    let mut next = g.clone();
    let first = HardBot::with_budget(3, SMALL).decide(&g).command;
    next.apply(first.clone()).expect("legal");
    let answer = Bot::think(&mut bot, &next, u32::MAX).expect("an answer");
    assert!(next.check(&answer).is_ok(), "{answer:?} after {first:?}");
}

//! What the optional modules say about one model, for its card: lying Downed (AID-1) with
//! whether it is Fresh, whether First Aid was tried, and the engine's odds of First Aid by
//! each friend who could try it now (`Game::first_aid_odds`) and of a drag by each friend
//! who could drag it now (AID-10, `Game::drag_odds`); a construct's systems, one per token,
//! each damaged or not (BOT-1); Haywire (BOT-5); Under Repair with the engine's odds of its
//! repair roll, and Toppled (BOT-9..BOT-12); security's lines (`sec_card`). Read from the
//! engine only: who may try First Aid or a drag and its chance are the engine's answers.

use redline_rules::card::Colour;
use redline_rules::construct::System;
use redline_rules::odds::Odds;
use redline_rules::{ActionCommand, FIRST_AID, Game, ModelId, RuleError, Target, basic};

use crate::table::sec_card::SecurityCard;

/// A model's module lines on the card.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ModuleCard {
    /// Lying Downed, and what can be done for it.
    pub downed: Option<DownedLine>,
    /// A construct's systems in token order: name and damaged (empty for any other model).
    pub systems: Vec<(String, bool)>,
    /// Haywire in this activation (BOT-5).
    pub haywire: bool,
    /// Under Repair or Toppled (BOT-9..BOT-12).
    pub construct: ConstructState,
    /// Security: a sentry, Snared, the locks within reach (SEC).
    pub security: SecurityCard,
}

/// A construct's state beyond its systems (BOT-9..BOT-12).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct ConstructState {
    /// Under Repair (BOT-9, BOT-10), with the engine's chance its repair roll at its
    /// owner's next Inspire heals 1 and heals 2 (`Game::self_repair_odds`).
    pub under_repair: Option<(f64, f64)>,
    /// Toppled (BOT-12): its only action is Stand Up.
    pub toppled: bool,
    /// Topple tries against it since its owner's last Inspire: each adds 1 to the next
    /// (BOT-11).
    pub topple_tries: u8,
}

impl ConstructState {
    /// The state of `model` as the engine has it.
    pub fn of(game: &Game, model: ModelId) -> ConstructState {
        let repair = game
            .under_repair(model)
            .then(|| game.repair_colour(model))
            .flatten()
            .map(|colour| {
                let odds = game.self_repair_odds(model, colour);
                (odds.success, odds.crit_success)
            });
        ConstructState {
            under_repair: repair,
            toppled: game.is_toppled(model),
            topple_tries: game.topple_tries(model),
        }
    }

    /// Whether there is nothing to show.
    pub fn is_empty(&self) -> bool {
        self.under_repair.is_none() && !self.toppled
    }
}

/// A Downed model's line (AID-1, AID-6, AID-7).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct DownedLine {
    /// No Inspire of its owner has ended since it went down: +1 to First Aid (AID-6).
    pub fresh: bool,
    /// First Aid was tried already; the result stands (AID-7).
    pub aid_tried: bool,
    /// Each friend who may try First Aid now, with the token colour it would spend and the
    /// engine's chance of success, best first.
    pub helpers: Vec<Helper>,
    /// Why the nearest friend within reach can't try it, when none can.
    pub refused: Option<String>,
    /// Each friend who may drag it now (AID-10), with the token colour it would spend and
    /// the engine's chance that the drag roll is won, best first; shown whether or not
    /// First Aid was tried.
    pub draggers: Vec<Helper>,
}

/// A friend who may give First Aid or drag now, and its chance.
#[derive(Debug, Clone, PartialEq)]
pub struct Helper {
    /// The friend.
    pub model: ModelId,
    /// The token colour it would spend (`None` for a Gonk, which uses its card colour).
    pub colour: Option<Colour>,
    /// The chance of success with no Luck.
    pub success: f64,
}

impl ModuleCard {
    /// The module lines of `model`; `haywire` is the construct Haywire now
    /// (`table::haywire::Haywire::now`).
    pub fn of(game: &Game, model: ModelId, haywire: Option<ModelId>) -> ModuleCard {
        ModuleCard {
            downed: game.is_downed(model).then(|| downed_line(game, model)),
            systems: game
                .construct_systems(model)
                .into_iter()
                .map(|(s, damaged)| (system_name(game, model, &s), damaged))
                .collect(),
            haywire: haywire == Some(model),
            construct: ConstructState::of(game, model),
            security: SecurityCard::of(game, model),
        }
    }

    /// Whether the card has any module line to show.
    pub fn is_empty(&self) -> bool {
        self.downed.is_none()
            && self.systems.is_empty()
            && !self.haywire
            && self.construct.is_empty()
            && self.security.is_empty()
    }
}

/// The engine's odds of First Aid on `model` and of a drag of it by each friend, with each
/// Ready token colour.
fn downed_line(game: &Game, model: ModelId) -> DownedLine {
    let mut line = DownedLine {
        fresh: game.is_fresh(model),
        aid_tried: game.first_aid_tried(model),
        draggers: draggers(game, model),
        ..DownedLine::default()
    };
    if line.aid_tried {
        return line;
    }
    let aid = Target::Model(model);
    for friend in friends(game, model) {
        match best_try(game, friend, FIRST_AID, &aid, Game::first_aid_odds) {
            Ok(helper) => line.helpers.push(helper),
            Err(why) if line.refused.is_none() && game.within_reach(friend, model) => {
                line.refused = Some(why);
            }
            Err(_) => {}
        }
    }
    line.helpers.sort_by(|a, b| b.success.total_cmp(&a.success));
    if !line.helpers.is_empty() {
        line.refused = None;
    }
    line
}

/// The friends of `model` in play.
fn friends(game: &Game, model: ModelId) -> impl Iterator<Item = ModelId> + '_ {
    (0..game.model_count() as u16)
        .map(ModelId)
        .filter(move |&f| f != model && game.in_play(f) && !game.rivals(f, model))
}

/// Each friend who may drag the Downed `model` now (AID-10, BRAWL-11), with the engine's
/// odds of the drag roll, best first. The drag asked about leaves it where it lies: its
/// chance is the same wherever the drag goes (`Game::drag_odds`).
fn draggers(game: &Game, model: ModelId) -> Vec<Helper> {
    let drag = Target::Drag {
        model,
        route: Vec::new(),
        drop: game.position(model),
    };
    let mut out: Vec<Helper> = friends(game, model)
        .filter_map(|f| best_try(game, f, basic::DRAG, &drag, Game::drag_odds).ok())
        .collect();
    out.sort_by(|a, b| b.success.total_cmp(&a.success));
    out
}

/// The friend's best try of `action` on `target` by the engine's `odds`: each Ready token
/// tried (none for a Gonk).
fn best_try(
    game: &Game,
    friend: ModelId,
    action: u16,
    target: &Target,
    odds: fn(&Game, &ActionCommand) -> Result<Odds, RuleError>,
) -> Result<Helper, String> {
    let tokens: Vec<Option<u8>> = if game.tokens(friend).is_empty() {
        vec![None]
    } else {
        (0..game.tokens(friend).len() as u8).map(Some).collect()
    };
    let mut best: Result<Helper, String> = Err(String::new());
    for token in tokens {
        let cmd = ActionCommand {
            model: friend,
            action,
            token,
            target: target.clone(),
        };
        match odds(game, &cmd) {
            Ok(odds) => {
                let better = best.as_ref().is_ok_and(|b| b.success >= odds.success);
                if !better {
                    best = Ok(Helper {
                        model: friend,
                        colour: token.map(|t| game.tokens(friend)[usize::from(t)].colour),
                        success: odds.success,
                    });
                }
            }
            Err(e) if best.is_err() => best = Err(e.to_string()),
            Err(_) => {}
        }
    }
    best
}

/// A system in words: an Arm with the names of the actions it carries.
fn system_name(game: &Game, model: ModelId, system: &System) -> String {
    match system {
        System::Arm(ids) => {
            let names: Vec<String> = ids.iter().map(|id| action_name(game, model, id)).collect();
            if names.is_empty() {
                "Arm".to_string()
            } else {
                format!("Arm ({})", names.join(", "))
            }
        }
        System::Legs => "Legs".to_string(),
        System::Power => "Power".to_string(),
        System::Cpu => "CPU".to_string(),
    }
}

/// The name of the model's action with the id `id`, or the id.
fn action_name(game: &Game, model: ModelId, id: &str) -> String {
    game.actions_of(model)
        .into_iter()
        .filter_map(|i| game.action(model, i))
        .find(|a| a.id == id)
        .map_or_else(|| id.to_string(), |a| a.name.clone())
}

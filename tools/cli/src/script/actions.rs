//! Naming a model's actions in a script: the built-in short names, and the id or name of an
//! action on the model's own card, on a Gear, Loot or program card it holds, or on a deployed
//! drone's card. The indexes are the engine's ([`Game::action`], [`Game::card_action`]).

use redline_rules::card::ModelProfile;
use redline_rules::{Game, ModelId, basic};

/// One action a script may name, with the engine's index.
#[derive(Debug, Clone)]
pub struct Named {
    /// The engine's action index.
    pub index: u16,
    /// The action's id.
    pub id: String,
    /// The action's name.
    pub name: String,
    /// The id and name of the Gear, Loot or program card it is printed on.
    pub card: Option<(String, String)>,
}

impl Named {
    /// How the action is listed in an error message: `card/action` for a card's action.
    pub fn listed(&self) -> String {
        match &self.card {
            Some((card, _)) => format!("{card}/{}", self.id),
            None => self.id.clone(),
        }
    }

    /// Whether `name` names this action: its id, its name (any case), `card/action`, or the
    /// id or name of the card it is printed on.
    pub fn answers_to(&self, name: &str) -> bool {
        let wanted = name.to_lowercase();
        self.id == name
            || self.name.to_lowercase() == wanted
            || self.listed() == name
            || self
                .card
                .as_ref()
                .is_some_and(|(id, card)| id == name || card.to_lowercase() == wanted)
    }
}

/// Every action of the model: built-in ones, its own card's, the scenario's, then those of
/// every card it holds (whichever side up: the engine says whether one may be used now). `drone` is the
/// profile of a drone not yet in play, whose actions come from its program.
pub fn actions_of(game: &Game, model: ModelId, drone: Option<&ModelProfile>) -> Vec<Named> {
    let plain = |index: u16, def: &redline_rules::card::ActionDef| Named {
        index,
        id: def.id.clone(),
        name: def.name.clone(),
        card: None,
    };
    if let Some(profile) = drone {
        // Built-in actions are the same for every model; model 0 always exists.
        let builtin =
            (0..basic::COUNT).filter_map(|i| game.action(ModelId(0), i).map(|d| plain(i, d)));
        let own = profile
            .actions
            .iter()
            .enumerate()
            .map(|(k, d)| plain(basic::COUNT + k as u16, d));
        return builtin.chain(own).collect();
    }
    // The card's actions, then the scenario's (Leave the Table, Pick Up, Search), then the
    // modules' (First Aid).
    let mut out: Vec<Named> = (0..game.action_count(model))
        .chain(game.scenario_action_ids())
        .chain(game.module_action_ids())
        .filter_map(|i| game.action(model, i).map(|d| plain(i, d)))
        .collect();
    for card in game.cards_of(model) {
        for (k, def) in card.def.actions.iter().enumerate() {
            out.push(Named {
                index: game.card_action(card.id, k),
                id: def.id.clone(),
                name: def.name.clone(),
                card: Some((card.def.id.clone(), card.def.name.clone())),
            });
        }
    }
    out
}

/// The index of a built-in action by its short name or id.
pub fn builtin(name: &str) -> Option<u16> {
    Some(match name {
        "move" | "basic_move" => basic::MOVE,
        "ranged" | "basic_ranged" => basic::RANGED,
        "melee" | "basic_melee" => basic::MELEE,
        "triage" => basic::TRIAGE,
        "firewall" | "firewall_defender" => basic::FIREWALL,
        "command" | "basic_command" => basic::COMMAND,
        "loot_gear" => basic::LOOT_GEAR,
        "loot_goods" => basic::LOOT_GOODS,
        "drag" => basic::DRAG,
        _ => return None,
    })
}

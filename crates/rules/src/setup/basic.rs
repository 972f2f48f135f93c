//! The built-in actions every model has (BASIC-1): the six basic actions, the two loot
//! actions (BASIC-12..BASIC-15) and dragging a model (MOVE-14, BRAWL-11..BRAWL-13).
//!
//! A model's action index counts these first, in this order, then the actions on its card.

use crate::setup::card::{ActionDef, Effect, Keyword, RangeSpec, Skill, TargetKind};

/// Index of Basic Move.
pub const MOVE: u16 = 0;
/// Index of Basic Ranged Attack.
pub const RANGED: u16 = 1;
/// Index of Basic Melee Attack.
pub const MELEE: u16 = 2;
/// Index of Triage.
pub const TRIAGE: u16 = 3;
/// Index of Firewall Defender.
pub const FIREWALL: u16 = 4;
/// Index of Basic Command.
pub const COMMAND: u16 = 5;
/// Index of Loot Gear.
pub const LOOT_GEAR: u16 = 6;
/// Index of Loot Goods.
pub const LOOT_GOODS: u16 = 7;
/// Index of Drag (a model).
pub const DRAG: u16 = 8;
/// How many built-in actions precede a card's own actions.
pub const COUNT: u16 = 9;

/// The built-in actions, in index order.
pub fn basic_actions() -> Vec<ActionDef> {
    let mv = ActionDef {
        effects: vec![Effect::Move { colour: None }],
        ..ActionDef::plain(
            "basic_move",
            "Basic Move",
            Some(Skill::Reflexes),
            None,
            TargetKind::SelfOnly,
        )
    };
    let ranged = ActionDef::attack(
        "basic_ranged",
        "Basic Ranged Attack",
        Skill::Ranged,
        RangeSpec::YELLOW_GREEN,
    );
    let melee = ActionDef::attack(
        "basic_melee",
        "Basic Melee Attack",
        Skill::Melee,
        RangeSpec::RED,
    );
    let triage = ActionDef {
        keywords: vec![Keyword::Heal(1)],
        ..ActionDef::plain(
            "triage",
            "Triage",
            Some(Skill::Medical),
            Some(RangeSpec::REACH),
            TargetKind::OtherRedLinedFriendly,
        )
    };
    let firewall = ActionDef {
        effects: vec![Effect::RemoveHacked(1)],
        ..ActionDef::plain(
            "firewall_defender",
            "Firewall Defender",
            Some(Skill::Tech),
            Some(RangeSpec::RED),
            TargetKind::Friendly,
        )
    };
    let command = ActionDef {
        effects: vec![Effect::Activate],
        command: true,
        characters_only: true,
        works_on_drones: false,
        ..ActionDef::plain(
            "basic_command",
            "Basic Command",
            Some(Skill::Influence),
            Some(RangeSpec::RED),
            TargetKind::OtherFriendly,
        )
    };
    let loot_gear = ActionDef {
        keywords: vec![Keyword::Complex],
        effects: vec![Effect::LootGear],
        characters_only: true,
        works_on_drones: false,
        ..ActionDef::plain(
            "loot_gear",
            "Loot Gear",
            Some(Skill::Tech),
            Some(RangeSpec::REACH),
            TargetKind::BodyToken,
        )
    };
    let loot_goods = ActionDef {
        keywords: vec![Keyword::Complex, Keyword::Easy],
        effects: vec![Effect::LootGoods],
        characters_only: true,
        works_on_drones: false,
        ..ActionDef::plain(
            "loot_goods",
            "Loot Goods",
            None,
            Some(RangeSpec::REACH),
            TargetKind::BodyToken,
        )
    };
    let drag = ActionDef {
        effects: vec![Effect::Drag],
        ..ActionDef::plain(
            "drag",
            "Drag",
            Some(Skill::Reflexes),
            Some(RangeSpec::REACH),
            TargetKind::OtherModel,
        )
    };
    vec![
        mv, ranged, melee, triage, firewall, command, loot_gear, loot_goods, drag,
    ]
}

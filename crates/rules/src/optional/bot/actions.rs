//! The actions the BOT module gives every model (MODULES.md, Data: "Engine actions while BOT
//! is on"): Start Repair (BOT-9), Stand Up (BOT-12), Topple (BOT-11) and Field Patch
//! (BOT-6). They exist only in a game with BOT on (MOD-2).

use crate::setup::card::{ActionDef, Keyword, RangeSpec, Skill, TargetKind};
use crate::state::Statics;

/// Index of Start Repair (BOT-9): an Easy action of a construct with Self-Repair.
pub const START_REPAIR: u16 = 0xF110;
/// Index of Stand Up (BOT-12): an Easy action of a Toppled construct, [RE]action allowed.
pub const STAND_UP: u16 = 0xF111;
/// Index of Topple (BOT-11): a Melee action against a rival construct within reach.
pub const TOPPLE: u16 = 0xF112;
/// Index of Field Patch (BOT-6): Triage rolled with Tech, for a friendly Red-lined construct.
pub const FIELD_PATCH: u16 = 0xF113;

/// The BOT actions in index order, from [`START_REPAIR`].
const ORDER: [u16; 4] = [START_REPAIR, STAND_UP, TOPPLE, FIELD_PATCH];

/// Whether `index` names one of the BOT module's actions.
pub(crate) fn is_bot_action(index: u16) -> bool {
    ORDER.contains(&index)
}

/// The indices of the BOT actions this game has: all four with BOT on, none without.
pub(crate) fn bot_action_ids(st: &Statics) -> impl Iterator<Item = u16> + '_ {
    ORDER.iter().copied().take(st.bot_actions.len())
}

/// The definition of BOT action `index` in this game, if BOT is on.
pub(crate) fn bot_action_def(st: &Statics, index: u16) -> Option<&ActionDef> {
    let i = ORDER.iter().position(|&x| x == index)?;
    st.bot_actions.get(i)
}

fn plain(id: &str, name: &str, skill: Option<Skill>, target: TargetKind) -> ActionDef {
    ActionDef::plain(id, name, skill, None, target)
}

/// The four BOT actions, in the order of [`ORDER`].
pub(crate) fn bot_action_defs() -> Vec<ActionDef> {
    let start_repair = plain("start_repair", "Start Repair", None, TargetKind::SelfOnly);
    let stand_up = plain("stand_up", "Stand Up", None, TargetKind::SelfOnly);
    // BOT-11: Melee, opposed by the Obstacle die; not an attack, so no Armor and no
    // [RE]action.
    let topple = ActionDef {
        range: Some(RangeSpec::REACH),
        ..plain("topple", "Topple", Some(Skill::Melee), TargetKind::Rival)
    };
    // BOT-6: Triage (BASIC-7) with Tech instead of Medical.
    let field_patch = ActionDef {
        range: Some(RangeSpec::REACH),
        keywords: vec![Keyword::Heal(1)],
        ..plain(
            "field_patch",
            "Field Patch",
            Some(Skill::Tech),
            TargetKind::OtherRedLinedFriendly,
        )
    };
    vec![start_repair, stand_up, topple, field_patch]
}

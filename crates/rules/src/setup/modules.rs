//! Optional rule modules (MODULES.md): which modules a game has on, and the rule of MOD-1
//! that decides it from the scenario's list and the players' (or campaign's) choice.

use std::collections::BTreeSet;
use std::fmt;

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// One optional rule module. The order here is the order of the sorted set in a setup.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Module {
    /// Damaging scenery: Breach X, Hardness, damage markers, collapse (TERR).
    Terr,
    /// Fire and incendiaries (FIRE).
    Fire,
    /// Security: locks, sentry guns, fences (SEC).
    Sec,
    /// Casualties: Downed models and First Aid (AID).
    Aid,
    /// Constructs and their systems (BOT).
    Bot,
}

impl Module {
    /// Every module, in set order.
    pub const ALL: [Module; 5] = [
        Module::Terr,
        Module::Fire,
        Module::Sec,
        Module::Aid,
        Module::Bot,
    ];

    /// The module's rule-ID prefix, lower case, as players type it (`terr`, `fire`, ...).
    pub fn key(self) -> &'static str {
        match self {
            Module::Terr => "terr",
            Module::Fire => "fire",
            Module::Sec => "sec",
            Module::Aid => "aid",
            Module::Bot => "bot",
        }
    }

    /// The module's name as a settings screen shows it.
    pub fn title(self) -> &'static str {
        match self {
            Module::Terr => "Damaging scenery",
            Module::Fire => "Fire",
            Module::Sec => "Security systems",
            Module::Aid => "Casualties",
            Module::Bot => "Constructs",
        }
    }

    /// The module named by `key` (case-insensitive), if any.
    pub fn from_key(key: &str) -> Option<Module> {
        Module::ALL
            .into_iter()
            .find(|m| m.key().eq_ignore_ascii_case(key.trim()))
    }
}

impl fmt::Display for Module {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// The modules on in a game: a sorted set, so equal lists serialise and hash equal.
pub type Modules = BTreeSet<Module>;

/// A scenario's module list (MOD-1): modules always on in it, and modules never on in it.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ModuleRules {
    /// Always on in this scenario.
    pub require: Modules,
    /// Never on in this scenario.
    pub forbid: Modules,
}

/// Why a module list can't be used (MOD-1).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ModuleError {
    /// The players chose a module the scenario forbids.
    #[error("MOD-1: the scenario forbids the {module} module, so it can't be turned on")]
    Forbidden {
        /// The module chosen.
        module: Module,
    },
    /// The scenario both requires and forbids a module.
    #[error("MOD-1: the scenario both requires and forbids the {module} module")]
    RequiredAndForbidden {
        /// The module listed twice.
        module: Module,
    },
    /// A name that is no module.
    #[error("MOD-1: '{name}' is not a module (the modules are terr, fire, sec, aid, bot)")]
    Unknown {
        /// The name given.
        name: String,
    },
}

impl ModuleRules {
    /// Checks the scenario's own list: no module both required and forbidden.
    pub fn validate(&self) -> Result<(), ModuleError> {
        match self.require.intersection(&self.forbid).next() {
            Some(&module) => Err(ModuleError::RequiredAndForbidden { module }),
            None => Ok(()),
        }
    }

    /// The modules of a one-off game (MOD-1): the scenario's required modules plus those the
    /// players agreed to turn on. Choosing a module the scenario forbids is refused.
    pub fn one_off(&self, chosen: &Modules) -> Result<Modules, ModuleError> {
        self.validate()?;
        if let Some(&module) = chosen.intersection(&self.forbid).next() {
            return Err(ModuleError::Forbidden { module });
        }
        Ok(self.require.union(chosen).copied().collect())
    }

    /// The modules of one game of a campaign (MOD-1): the list the campaign fixed when it
    /// started, plus the scenario's required modules, minus the modules it forbids.
    pub fn campaign_game(&self, campaign: &Modules) -> Result<Modules, ModuleError> {
        self.validate()?;
        Ok(self
            .require
            .union(campaign)
            .filter(|m| !self.forbid.contains(m))
            .copied()
            .collect())
    }
}

/// Reads a comma-separated list of module keys (`terr,fire`); an empty string is no module.
pub fn parse_modules(list: &str) -> Result<Modules, ModuleError> {
    list.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|name| {
            Module::from_key(name).ok_or_else(|| ModuleError::Unknown {
                name: name.to_owned(),
            })
        })
        .collect()
}

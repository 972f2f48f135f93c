//! Security (SEC): the defender's locks on doors and windows, hidden from its rivals until
//! found (SEC-5..SEC-7), and the actions that find and open them, the Tech test among them
//! (SEC-3, SEC-4, SEC-8). Nothing here runs unless the game has SEC on and its scenario
//! names a defender (MOD-2, SEC-1): the security state stays empty and out of the hash.

mod breach_lock;
mod cut;
mod fence;
mod fence_ring;
mod lock;
mod placing;
mod sentry;
mod tech;
mod threat;

pub use cut::CUT_WIDTH;

use serde::Serialize;

use crate::ids::{ModelId, Seat};
use crate::setup::Setup;
use crate::setup::card::{ActionDef, Keyword, RangeSpec, Skill, TargetKind};
use crate::setup::modules::Module;
use crate::setup::security::{LockGrade, SecurityRules};
use crate::state::Game;

/// Index of Try It, a free action the engine adds while SEC is on (SEC-7).
pub const TRY_IT: u16 = 0xF120;
/// Index of Pick the Lock, a Tech test (SEC-3, SEC-8).
pub const PICK_THE_LOCK: u16 = 0xF121;
/// Index of Shoot the Lock, a Ranged action (SEC-8).
pub const SHOOT_THE_LOCK: u16 = 0xF122;
/// Index of Force the Door, a Melee action (SEC-8).
pub const FORCE_THE_DOOR: u16 = 0xF123;

/// Index of Free Yourself, the one action of a Snared model (SEC-15).
pub const FREE_YOURSELF: u16 = 0xF124;

/// Index of Cut, the action Wire Cutters give (SEC-16).
pub const CUT_FENCE: u16 = 0xF125;

/// The actions the engine adds while SEC is on, in index order from [`TRY_IT`].
const SEC_ACTIONS: [u16; 6] = [
    TRY_IT,
    PICK_THE_LOCK,
    SHOOT_THE_LOCK,
    FORCE_THE_DOOR,
    FREE_YOURSELF,
    CUT_FENCE,
];

/// What a lock action does with the opening it is aimed at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum LockWork {
    /// Try It: find out whether it is locked (SEC-7).
    Try,
    /// Pick the Lock: a Tech test at the lock's Difficulty (SEC-3, SEC-8).
    Pick,
    /// Shoot the Lock or Force the Door: the Obstacle die plus the lock's Hardness (SEC-8).
    Break,
}

/// The lock action with this index, if it is one.
pub(crate) fn lock_work(action: u16) -> Option<LockWork> {
    match action {
        TRY_IT => Some(LockWork::Try),
        PICK_THE_LOCK => Some(LockWork::Pick),
        SHOOT_THE_LOCK | FORCE_THE_DOOR => Some(LockWork::Break),
        _ => None,
    }
}

/// Whether the index is one of the actions the security module adds.
pub(crate) fn is_sec_action(action: u16) -> bool {
    SEC_ACTIONS.contains(&action)
}

/// The actions SEC adds, in [`SEC_ACTIONS`] order: none unless the game has SEC on and a
/// defender (MOD-2, SEC-1).
pub(crate) fn sec_actions(setup: &Setup) -> Vec<ActionDef> {
    if !setup.modules.contains(&Module::Sec) || setup.scenario.security.is_none() {
        return Vec::new();
    }
    let def = |id: &str, name: &str, skill: Option<Skill>, keywords: Vec<Keyword>| ActionDef {
        keywords,
        ..ActionDef::plain(id, name, skill, Some(RangeSpec::REACH), TargetKind::Object)
    };
    vec![
        def("try_it", "Try It", None, vec![Keyword::Free]),
        def(
            "pick_the_lock",
            "Pick the Lock",
            Some(Skill::Tech),
            vec![Keyword::Complex],
        ),
        def(
            "shoot_the_lock",
            "Shoot the Lock",
            Some(Skill::Ranged),
            Vec::new(),
        ),
        def(
            "force_the_door",
            "Force the Door",
            Some(Skill::Melee),
            Vec::new(),
        ),
        ActionDef {
            range: None,
            target: TargetKind::SelfOnly,
            ..def(
                "free_yourself",
                "Free Yourself",
                Some(Skill::Reflexes),
                Vec::new(),
            )
        },
        // SEC-16: Easy (no skill, no roll) and Complex, within reach of a fence section.
        def("cut_fence", "Cut", None, vec![Keyword::Complex]),
    ]
}

/// The definition of SEC action `index` among the game's (`sec_actions` order).
pub(crate) fn sec_action(actions: &[ActionDef], index: u16) -> Option<&ActionDef> {
    let k = SEC_ACTIONS.iter().position(|&a| a == index)?;
    actions.get(k)
}

/// The game's security: every lock with what is known of it, and the openings found not
/// locked (MOD-3). Empty unless SEC is on with locks placed, and hashed only then.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub(crate) struct Security {
    locks: Vec<Lock>,
    /// Openings tried and found not locked (SEC-7): known to every player.
    found_open: Vec<(u32, u8)>,
    /// Sentries that have fired since their owner's last Inspire (SEC-11).
    pub(crate) spent: Vec<ModelId>,
    /// Snared models (SEC-15).
    pub(crate) snared: Vec<ModelId>,
    /// Gaps cut through fences, in the order they were cut (SEC-16).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(crate) cuts: Vec<cut::FenceGap>,
    /// Locked doors and windows a Breach broke (SEC-8 with TERR on).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(crate) broken: Vec<(u32, u8)>,
}

/// One lock on one opening (SEC-5).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
struct Lock {
    piece: u32,
    opening: u8,
    grade: LockGrade,
    /// Known to every player (SEC-7).
    revealed: bool,
    /// Opened for the rest of the game (SEC-8).
    unlocked: bool,
}

impl Security {
    /// The locks of the defender's plan, all hidden and locked, while SEC is on (SEC-2).
    pub(crate) fn from_setup(setup: &Setup) -> Security {
        let Some(rules) = setup.scenario.security.as_ref() else {
            return Security::default();
        };
        if !setup.modules.contains(&Module::Sec) {
            return Security::default();
        }
        Security {
            locks: rules
                .plan
                .locks
                .iter()
                .map(|l| Lock {
                    piece: l.piece,
                    opening: l.opening,
                    grade: l.grade,
                    revealed: false,
                    unlocked: false,
                })
                .collect(),
            found_open: Vec::new(),
            spent: Vec::new(),
            snared: Vec::new(),
            cuts: Vec::new(),
            broken: Vec::new(),
        }
    }

    /// Whether there is nothing to hash (no lock placed, no opening tried).
    pub(crate) fn is_empty(&self) -> bool {
        self.locks.is_empty()
            && self.found_open.is_empty()
            && self.spent.is_empty()
            && self.snared.is_empty()
            && self.cuts.is_empty()
            && self.broken.is_empty()
    }

    fn lock(&self, piece: u32, opening: u8) -> Option<&Lock> {
        self.locks
            .iter()
            .find(|l| l.piece == piece && l.opening == opening)
    }

    fn lock_mut(&mut self, piece: u32, opening: u8) -> Option<&mut Lock> {
        self.locks
            .iter_mut()
            .find(|l| l.piece == piece && l.opening == opening)
    }
}

/// What a player knows of one opening's lock (SEC-7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum LockKnowledge {
    /// Nothing: it may or may not be locked.
    Unknown,
    /// Locked, at this grade.
    Locked(LockGrade),
    /// Not locked: never was, or opened (SEC-8).
    Open,
}

impl Game {
    /// The scenario's security, while SEC is on (SEC-1).
    pub fn security_rules(&self) -> Option<&SecurityRules> {
        if !self.module_on(Module::Sec) {
            return None;
        }
        self.st.setup.scenario.security.as_ref()
    }

    /// The defender seat, while SEC is on (SEC-1).
    pub fn defender(&self) -> Option<Seat> {
        self.security_rules().map(|s| s.defender)
    }

    /// Whether the model is on the defender's side: its locks don't hold it (SEC-6).
    pub fn defends(&self, model: ModelId) -> bool {
        self.defender()
            .is_some_and(|d| self.team_of(d) == self.team_of(self.owner(model)))
    }

    /// What `seat` knows of the lock on opening `opening` of wall `piece` (SEC-7): the
    /// defender's side knows its own locks; every other seat only what has been revealed.
    pub fn lock_known_to(&self, seat: Seat, piece: u32, opening: u8) -> LockKnowledge {
        let own = self
            .defender()
            .is_some_and(|d| self.team_of(d) == self.team_of(seat));
        if self.security.found_open.contains(&(piece, opening)) {
            return LockKnowledge::Open;
        }
        match self.security.lock(piece, opening) {
            Some(l) if l.unlocked => LockKnowledge::Open,
            Some(l) if l.revealed || own => LockKnowledge::Locked(l.grade),
            None if own => LockKnowledge::Open,
            _ => LockKnowledge::Unknown,
        }
    }

    /// The grade of the lock still holding the opening, whoever knows of it: the game's
    /// full information (a replay's, MOPEN-8), never for a rival's answers or its AI.
    pub fn lock_in_force(&self, piece: u32, opening: u8) -> Option<LockGrade> {
        self.security
            .lock(piece, opening)
            .filter(|l| !l.unlocked)
            .map(|l| l.grade)
    }
}

/// The indices of the SEC actions a game has (none with SEC off).
pub(crate) fn module_actions(actions: &[ActionDef]) -> impl Iterator<Item = u16> + '_ {
    SEC_ACTIONS.iter().copied().take(actions.len())
}

impl Game {
    /// Every door and window within reach of the model, as lock-action targets (SEC-7,
    /// SEC-8): all of them, locked or not, so the list says nothing of hidden locks.
    pub(crate) fn openings_within_reach(&self, m: ModelId) -> Vec<crate::command::Target> {
        let me = self.base(m);
        let mut out = Vec::new();
        for piece in self.space().pieces() {
            for k in 0..piece.openings.len().min(usize::from(u8::MAX)) as u8 {
                let near = self
                    .space()
                    .distance_to_opening_span(&me, piece.id, k)
                    .is_some_and(|d| d <= 1.0);
                if near {
                    out.push(crate::command::Target::Opening {
                        piece: piece.id.0,
                        opening: k,
                    });
                }
            }
        }
        out
    }
}

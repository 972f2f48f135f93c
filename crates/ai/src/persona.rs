//! A crew's character at the table: the behaviour deck Easy draws from and the personality
//! that biases Normal and Hard, taken from the faction's content (a faction without them
//! plays the generic deck with a neutral personality).

use redline_content::schema::{BehaviourCard, FactionDef, Personality};
use redline_rules::{Command, Game};

use crate::assess::{self, Kind};
use crate::easy::generic_deck;
use crate::position;
use crate::support::Support;
use crate::way::way_to;

/// How the computer plays one crew.
#[derive(Debug, Clone, PartialEq)]
pub struct Persona {
    /// The faction's name as players see it, when the deck is the faction's own; `None`
    /// for the generic deck. The log names a faction card "<faction> card: <name>".
    pub faction: Option<String>,
    /// The behaviour deck, one card per situation.
    pub deck: Vec<BehaviourCard>,
    /// What the crew values.
    pub personality: Personality,
}

impl Persona {
    /// The generic deck and a neutral personality: every level as it plays without a
    /// faction.
    pub fn generic() -> Persona {
        Persona {
            faction: None,
            deck: generic_deck(),
            personality: Personality::NEUTRAL,
        }
    }

    /// The faction's deck and personality, each the generic one where the faction's content
    /// has none.
    pub fn of_faction(faction: &FactionDef) -> Persona {
        let own = !faction.behaviour.is_empty();
        Persona {
            faction: own.then(|| faction.name.clone()),
            deck: if own {
                faction.behaviour.clone()
            } else {
                generic_deck()
            },
            personality: faction.personality.unwrap_or_default(),
        }
    }

    /// How the log names `card` of this deck: "Aggressive card" for the generic deck,
    /// "Ashfall Crew card: Burn them out" for a faction's own.
    pub fn card_label(&self, card: &BehaviourCard) -> String {
        match &self.faction {
            Some(f) => format!("{f} card: {}", card.name),
            None => format!("{} card", card.name),
        }
    }
}

impl Default for Persona {
    fn default() -> Persona {
        Persona::generic()
    }
}

/// `value`, Normal's neutral score of the action answer `c`, weighed by what `p` values:
/// attacks on Leaders, on carriers and in a Brawl, scenario actions, looting and netrunning
/// by their factors; a move gains the change in the rivals' threat and in the distance to
/// the scenario goal times how far the crew's factor lies from neutral.
pub(crate) fn weigh(game: &Game, c: &Command, p: &Personality, value: f64) -> f64 {
    let f = |w: f32| f64::from(w);
    match assess::kind(game, c) {
        Kind::Attack { actor, target } if value > 0.0 => {
            let mut k = 1.0;
            if assess::is_leader(game, target) {
                k *= f(p.leaders);
            }
            if crate::objective::carrying(game, target) {
                k *= f(p.markers);
            }
            if game.brawling_with(actor).contains(&target) {
                k *= f(p.brawling);
            }
            value * k
        }
        Kind::Objective if value > 0.0 => value * f(p.markers),
        Kind::Loot if value > 0.0 => value * f(p.loot),
        Kind::OtherAction if value > 0.0 && is_net(game, c) => value * f(p.netrunning),
        Kind::Move { actor, end } => {
            let here = game.position(actor);
            let mut v = value;
            if p.distance != 1.0 {
                let safer =
                    position::threat_at(game, actor, here) - position::threat_at(game, actor, end);
                v += (f(p.distance) - 1.0) * position::THREAT_WEIGHT * safer;
            }
            if p.markers != 1.0
                && let Some(g) = crate::objective::goal(game, actor)
            {
                let nearer = f64::from(way_to(game, actor, here, g))
                    - f64::from(way_to(game, actor, end, g));
                v += (f(p.markers) - 1.0) * position::GOAL_PULL * nearer;
            }
            v
        }
        _ => value,
    }
}

/// Whether `c` is a netrunning action: a program launch (NET-5) or a Hacked, Vulnerable or
/// Firewall mark (NET-11, NET-14, BASIC-8).
pub(crate) fn is_net(game: &Game, c: &Command) -> bool {
    crate::support::support(game, c).is_some_and(|s| {
        s.program
            || matches!(
                s.what,
                Support::Hack { .. } | Support::Vulnerable { .. } | Support::Firewall { .. }
            )
    })
}

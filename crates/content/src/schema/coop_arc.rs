//! Co-op campaign arcs (COOP-7..COOP-10): a short campaign of linked co-op games played in
//! order by the same two or three people, where each game's result leaves something for the
//! next.

use serde::{Deserialize, Serialize};

/// A co-op campaign arc, written `CoopArc(id: ..., name: ..., story: ..., games: [...])`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CoopArc {
    /// Unique id.
    pub id: String,
    /// Name shown in the campaign list.
    pub name: String,
    /// What the arc is about, shown before it starts.
    #[serde(default)]
    pub story: String,
    /// The games in the order they are played (COOP-7): two or more.
    pub games: Vec<ArcGame>,
}

impl CoopArc {
    /// What a game's result leaves for the next (COOP-9): `won` or lost.
    pub fn carry(&self, game: usize, won: bool) -> Option<&ArcCarry> {
        self.games
            .get(game)
            .map(|g| if won { &g.won } else { &g.lost })
    }
}

/// One game of an arc: a co-op scenario and what each result leaves behind.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArcGame {
    /// A co-op scenario's id (COOP-1).
    pub scenario: String,
    /// The game's title within the arc.
    pub title: String,
    /// What this game means in the arc, shown before it.
    #[serde(default)]
    pub story: String,
    /// What a win leaves for the next game (for the last game: the ending).
    pub won: ArcCarry,
    /// What a loss leaves for the next game (for the last game: the ending).
    pub lost: ArcCarry,
}

/// What a result leaves for the next game of the arc (COOP-9); after the last game only its
/// text is used, as the arc's ending (COOP-10).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArcCarry {
    /// What happened, told to the players.
    pub text: String,
    /// Luck tokens each crew adds at the start of the next game.
    #[serde(default)]
    pub luck: u8,
    /// EB each crew may spend above the next scenario's limit.
    #[serde(default)]
    pub eb: u32,
    /// Models added to the computer's waves in the next game.
    #[serde(default)]
    pub reinforce: Vec<ArcReinforcement>,
}

impl ArcCarry {
    /// Whether it leaves nothing but its text.
    pub fn is_text_only(&self) -> bool {
        self.luck == 0 && self.eb == 0 && self.reinforce.is_empty()
    }
}

/// Models added to one of the computer's waves (COOP-9): `wave` counts the next scenario's
/// waves from 0, in the order its sheet lists them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArcReinforcement {
    /// The wave, by its place in the sheet's list.
    pub wave: usize,
    /// Character or Gonk card ids, one per model.
    pub models: Vec<String>,
}

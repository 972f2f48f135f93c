//! The rules a command can be refused by, one variant per rule ID of the rules reference
//! (`docs/rules/`) the engine cites in a refusal. Tests match on the variant; players read
//! the ID ([`Rule::id`], or `Display`).

use std::fmt;

/// Declares [`Rule`] with one variant per rule ID, its documentation, and the ID's text.
macro_rules! rules {
    ($($(#[doc = $doc:literal])* $variant:ident = $id:literal,)*) => {
        /// A rule of the rules reference (`docs/rules/`) a command was refused by.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Rule {
            $($(#[doc = $doc])* $variant,)*
        }

        impl Rule {
            /// Every rule the engine refuses by, in the order of the rules reference's sections.
            pub const ALL: &'static [Rule] = &[$(Rule::$variant,)*];

            /// The rule's ID in the rules reference, e.g. `"MOVE-4"`.
            pub fn id(self) -> &'static str {
                match self {
                    $(Rule::$variant => $id,)*
                }
            }
        }
    };
}

rules! {
    /// ACT-5: An action without a "+" on its range reaches no further than its longest band.
    Act5 = "ACT-5",
    /// ACT-6: Bands missing from an action's range icon are out of its reach.
    Act6 = "ACT-6",
    /// ACT-7: An action with no range icon affects only whom its text names.
    Act7 = "ACT-7",
    /// ACT-10: Who opposes an action and with which die.
    Act10 = "ACT-10",
    /// ACT-16: The target is the model an action takes effect on.
    Act16 = "ACT-16",
    /// BASIC-3: Only rivals may be attacked.
    Basic3 = "BASIC-3",
    /// BASIC-7: Triage heals a Red-lined model other than the actor, within reach.
    Basic7 = "BASIC-7",
    /// BASIC-12: Looting is for characters, within reach of a Body token.
    Basic12 = "BASIC-12",
    /// BASIC-13: Loot Gear takes a card of the fallen character.
    Basic13 = "BASIC-13",
    /// BASIC-14: Loot Goods takes a Loot card drawn at random.
    Basic14 = "BASIC-14",
    /// BASIC-15: A body is looted once.
    Basic15 = "BASIC-15",
    /// BRAWL-2: A Brawling model targets only the rivals it Brawls with.
    Brawl2 = "BRAWL-2",
    /// BRAWL-3: A Brawling model can't use actions that don't reach its Brawl.
    Brawl3 = "BRAWL-3",
    /// BRAWL-4: A Brawling model's move ends within reach of its Brawl's rivals.
    Brawl4 = "BRAWL-4",
    /// BRAWL-5: Escaping a Brawl is opposed by a rival the opponent chooses.
    Brawl5 = "BRAWL-5",
    /// BRAWL-9: Shooting into a Brawl affects the lowest defence; a tie is the target's owner's choice.
    Brawl9 = "BRAWL-9",
    /// BRAWL-11: A model drags only what it has within reach.
    Brawl11 = "BRAWL-11",
    /// CMD-3: A character with no Ready token can't be commanded.
    Cmd3 = "CMD-3",
    /// CTRL-1: Only the player holding Control activates models.
    Ctrl1 = "CTRL-1",
    /// CTRL-2: Taking Control means activating a character or Inspiring the team.
    Ctrl2 = "CTRL-2",
    /// CTRL-3: When the choice of Activate or Inspire is forced.
    Ctrl3 = "CTRL-3",
    /// CTRL-4: Only a character of yours with a Ready token can be activated.
    Ctrl4 = "CTRL-4",
    /// CTRL-5: The Active Model acts until it can't or its player stops.
    Ctrl5 = "CTRL-5",
    /// CTRL-8: An Inspire activates every Gonk once, in the order its player picks.
    Ctrl8 = "CTRL-8",
    /// CTRL-9: What a Gonk may do with its action.
    Ctrl9 = "CTRL-9",
    /// CTRL-10: A Gonk's activation is one action.
    Ctrl10 = "CTRL-10",
    /// CTRL-14: Nothing moves Control during an opponent's Inspire.
    Ctrl14 = "CTRL-14",
    /// CTRL-15: The scenario sets who has Control first.
    Ctrl15 = "CTRL-15",
    /// CTRL-19: In team games an Inspire covers only the Inspiring player's models.
    Ctrl19 = "CTRL-19",
    /// CTRL-21: The game ends when the scenario is won or the turn limit is reached.
    Ctrl21 = "CTRL-21",
    /// DRONE-2: Only a Program card brings a drone into play.
    Drone2 = "DRONE-2",
    /// DRONE-4: Only attacks, and actions written for drones, work on drones.
    Drone4 = "DRONE-4",
    /// DRONE-8: A model deployed during the game goes where its effect puts it.
    Drone8 = "DRONE-8",
    /// FIELD-6: The scenario sheet's own rules.
    Field6 = "FIELD-6",
    /// FIELD-7: Each team deploys as its scenario says.
    Field7 = "FIELD-7",
    /// FIELD-8: A model in Reserve enters during play, not at set-up.
    Field8 = "FIELD-8",
    /// FIELD-9: Where a model entering from Reserve may be placed.
    Field9 = "FIELD-9",
    /// GEN-7: Reach: within 1" of the model.
    Gen7 = "GEN-7",
    /// KW-4: Blast: the Impact token goes against the target's base.
    Kw4 = "KW-4",
    /// KW-7: A model caught by a Blast may try to move away.
    Kw7 = "KW-7",
    /// KW-9: After a missed Blast the target's player moves the Impact token.
    Kw9 = "KW-9",
    /// KW-10: After a Fumbled Blast the Impact token goes against the attacker.
    Kw10 = "KW-10",
    /// KW-18: Discard: the card goes once its action has resolved.
    Kw18 = "KW-18",
    /// KW-23: Refresh: tokens turn Ready.
    Kw23 = "KW-23",
    /// KW-24: Rapid: further goes at the same action.
    Kw24 = "KW-24",
    /// KW-26: Walking fire: a new target inside RED of the last one.
    Kw26 = "KW-26",
    /// KW-28: Silent: no attacking [RE]action across scenery.
    Kw28 = "KW-28",
    /// KW-29: Stun: the target's player picks which Ready tokens turn Used.
    Kw29 = "KW-29",
    /// KW-30: A stunned Gonk takes no action until after its next Inspire.
    Kw30 = "KW-30",
    /// KW-31: Suppression: only a move answers it.
    Kw31 = "KW-31",
    /// LUCK-2: A Luck token re-rolls one die.
    Luck2 = "LUCK-2",
    /// LUCK-4: The order in which the players use Luck on an Opposed Roll.
    Luck4 = "LUCK-4",
    /// CAMP-11: A completed Objective's benefit applies at once, while the game is on.
    Camp11 = "CAMP-11",
    /// MOVE-1: A move is as long as its token's colour allows.
    Move1 = "MOVE-1",
    /// MOVE-4: A move never ends with its base over another base.
    Move4 = "MOVE-4",
    /// MOVE-14: Only an object agreed to be draggable, within reach, can be dragged.
    Move14 = "MOVE-14",
    /// MOVE-16: A dragged model is put down within reach of the dragger.
    Move16 = "MOVE-16",
    /// MOVE-25: A climb in two actions, back to back.
    Move25 = "MOVE-25",
    /// MOVE-28: Free moves cost no token and go no further than their colour.
    Move28 = "MOVE-28",
    /// NET-1: Only a Netrunner runs programs.
    Net1 = "NET-1",
    /// NET-2: A Netrunner runs only the programs it installed.
    Net2 = "NET-2",
    /// NET-5: Launching a program costs no token and needs it Loaded.
    Net5 = "NET-5",
    /// NET-6: A program that failed can't be launched again in the same activation.
    Net6 = "NET-6",
    /// NET-10: A Running program is reloaded at the moment its card names.
    Net10 = "NET-10",
    /// NET-12: Programs run inside their Netrunner's activation.
    Net12 = "NET-12",
    /// NET-13: Combat netrunning: a Netrunner may take over the defence against a program.
    Net13 = "NET-13",
    /// NET-15: Some programs work only on Hacked rivals.
    Net15 = "NET-15",
    /// NET-18: Memory leak: a Fumbled launch stuns its Netrunner.
    Net18 = "NET-18",
    /// OPEN-13: Basic Command activates friendly characters only.
    Open13 = "OPEN-13",
    /// OPEN-16: Extra wounds go on tokens not yet RED.
    Open16 = "OPEN-16",
    /// OPEN-24: The two actions of a climb come back to back.
    Open24 = "OPEN-24",
    /// OPEN-26: Escaping a Blast is a move paid with a Ready token.
    Open26 = "OPEN-26",
    /// OPEN-30: A Torrent stops at the first barrier and at its range.
    Open30 = "OPEN-30",
    /// OPEN-39: Drones count as models for positioning.
    Open39 = "OPEN-39",
    /// OPEN-45: No Command [RE]action during an opponent's Inspire.
    Open45 = "OPEN-45",
    /// POA-8: A barrier across the whole path blocks the target.
    Poa8 = "POA-8",
    /// REACT-1: A wounded character may answer with one [RE]action.
    React1 = "REACT-1",
    /// REACT-7: An attacking [RE]action targets the model that wounded it.
    React7 = "REACT-7",
    /// REACT-12: Programs are never [RE]actions.
    React12 = "REACT-12",
    /// TOK-1: A character's Action Tokens.
    Tok1 = "TOK-1",
    /// TOK-3: An action turns one Ready token to Used.
    Tok3 = "TOK-3",
    /// TOK-5: An exhausted card has no abilities until refreshed.
    Tok5 = "TOK-5",
    /// TOK-7: Difficult: once used, unavailable until after the next Inspire.
    Tok7 = "TOK-7",
    /// TOK-12: The actions a character may use.
    Tok12 = "TOK-12",
    /// TOK-13: No Complex action with a rival inside RED.
    Tok13 = "TOK-13",
    /// TOK-14: Refreshing turns Used tokens Ready.
    Tok14 = "TOK-14",
    /// TOK-15: Gonks have no tokens.
    Tok15 = "TOK-15",
    /// MOD-4: A model faces a Hazard with one of its own tokens.
    Mod4 = "MOD-4",
    /// MOD-6: Several Hazards go one model at a time, each player ordering its own.
    Mod6 = "MOD-6",
    /// MOD-2: With a module off, its keywords and data are ignored.
    Mod2 = "MOD-2",
    /// MOD-7: An action whose keyword allows it may target a scenery part.
    Mod7 = "MOD-7",
    /// TERR-1: Only Breach damages scenery; without it scenery can't be targeted.
    Terr1 = "TERR-1",
    /// TERR-2: A Melee Breach action targets a part within reach.
    Terr2 = "TERR-2",
    /// TERR-3: Immune scenery can't be targeted.
    Terr3 = "TERR-3",
    /// TERR-4: Each section of a wall is a target of its own.
    Terr4 = "TERR-4",
    /// TERR-8: A destroyed section or part is gone.
    Terr8 = "TERR-8",
    /// TERR-15: The parts of a collapsed storey are gone.
    Terr15 = "TERR-15",
    /// SEC-1: Security needs a defender seat with a character of Tech 1 or more, and costs
    /// no more than the defender's budget.
    Sec1 = "SEC-1",
    /// SEC-2: Locks go on doors and windows, sentries in the defender's half.
    Sec2 = "SEC-2",
    /// SEC-3: Only a character with Tech 1 or more may take a Tech test.
    Sec3 = "SEC-3",
    /// SEC-6: A locked door or window is part of its wall for the defender's rivals.
    Sec6 = "SEC-6",
    /// SEC-7: Try It finds out whether an opening within reach is locked.
    Sec7 = "SEC-7",
    /// SEC-8: Pick, Shoot or Force a lock from within reach of its opening.
    Sec8 = "SEC-8",
    /// SEC-9: At most one sentry per Tech character, and never more than 3.
    Sec9 = "SEC-9",
    /// SEC-12: A sentry shoots at its nearest eligible target; on a tie, and when several
    /// sentries may fire, its owner picks.
    Sec12 = "SEC-12",
    /// SEC-14: A fence is an obstacle.
    Sec14 = "SEC-14",
    /// SEC-15: A Snared model's only action is Free Yourself.
    Sec15 = "SEC-15",
    /// SEC-16: A model with Wire Cutters cuts a fence section within reach.
    Sec16 = "SEC-16",
    /// FIRE-2: An Ignite action aims at a flammable part in no storey or through an
    /// opening of a compartment.
    Fire2 = "FIRE-2",
    /// FIRE-5: At its Inspire a lighter's fires roll, in the order it chooses.
    Fire5 = "FIRE-5",
    /// FIRE-9: No model enters an enclosed compartment just filled with fire.
    Fire9 = "FIRE-9",
    /// FIRE-13: A model leaps out of a burning compartment through one of its openings.
    Fire13 = "FIRE-13",
    /// AID-2: A Downed model is out of action; only attacks, First Aid and drags target it.
    Aid2 = "AID-2",
    /// AID-6: First Aid is taken on a Downed friendly model within reach.
    Aid6 = "AID-6",
    /// AID-7: A Downed model receives First Aid only once.
    Aid7 = "AID-7",
    /// AID-10: No other healing reaches a Downed model.
    Aid10 = "AID-10",
    /// BOT-2: A damaged Arm's actions can't be taken; with every Arm damaged, no attacks.
    Bot2 = "BOT-2",
    /// BOT-3: Damaged Legs limit a construct's moves to RED, with no climbs or jumps.
    Bot3 = "BOT-3",
    /// BOT-6: Medical actions can't target a construct.
    Bot6 = "BOT-6",
    /// BOT-8: A Heavy construct doesn't climb, jump, cross tall obstacles or get dragged.
    Bot8 = "BOT-8",
    /// BOT-9: Start Repair needs Self-Repair and a damaged system, and is no [RE]action.
    Bot9 = "BOT-9",
    /// BOT-10: A construct Under Repair is not activated and takes no actions.
    Bot10 = "BOT-10",
    /// BOT-11: Topple targets a rival construct Under Repair or with no Ready token.
    Bot11 = "BOT-11",
    /// BOT-12: A Toppled construct only Stands Up, and is not Toppled, dragged or pushed.
    Bot12 = "BOT-12",
    /// COOP-2: A wave waits in Reserve until its owner has finished the wave's Inspires.
    Coop2 = "COOP-2",
    /// COOP-3: A wave is set down wholly inside its entry zone.
    Coop3 = "COOP-3",
    /// WOUND-7: Where a further wound goes.
    Wound7 = "WOUND-7",
    /// WOUND-10: A model out of play can't be healed.
    Wound10 = "WOUND-10",
    /// WOUND-12: Heal: a RED token returns to its former colour.
    Wound12 = "WOUND-12",
    /// WOUND-13: No healing beyond what the character began with.
    Wound13 = "WOUND-13",
}

impl Rule {
    /// The rule with this ID (`"MOVE-4"`), if the engine refuses by it.
    pub fn from_id(id: &str) -> Option<Rule> {
        Rule::ALL.iter().copied().find(|r| r.id() == id)
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

//! Checks of a co-op sheet (COOP-1..COOP-4): the computer's seats come first, the people's
//! after them, two or three of them; sides split along that line; waves join computer seats.

use super::Ctx;
use crate::load::files::Origin;
use crate::schema::{FirstControl, MAX_PEOPLE, MIN_PEOPLE, Scenario, TeamFormat};

/// Most seats the computer plays in one co-op game (COOP-1).
const MAX_COMPUTER_SEATS: u8 = 2;

pub(super) fn check(ctx: &mut Ctx<'_>, o: &Origin, s: &Scenario) {
    let Some(coop) = s.coop.as_deref() else {
        if s.teams == TeamFormat::Coop {
            ctx.bad(o, "coop", "`teams: Coop` needs a `coop` section (COOP-1)");
        }
        return;
    };
    if s.teams != TeamFormat::Coop {
        ctx.bad(
            o,
            "teams",
            "a scenario with a `coop` section has `teams: Coop` (COOP-1)",
        );
    }
    let computer = coop.computer_seats();
    if !(1..=MAX_COMPUTER_SEATS).contains(&computer) {
        ctx.bad(
            o,
            "computer",
            format!("{computer} computer crews; a co-op scenario has 1 or 2 (COOP-1)"),
        );
        return;
    }
    if s.players != computer + MAX_PEOPLE {
        ctx.bad(
            o,
            "players",
            format!(
                "{} players; a co-op sheet with {computer} computer seats is written for {} \
                 (the computer's seats and three people, COOP-1)",
                s.players,
                computer + MAX_PEOPLE
            ),
        );
    }
    for crew in &coop.computer {
        if crew.eb == 0 {
            ctx.bad(
                o,
                "eb",
                "a computer crew needs an EB limit above 0 (COOP-4)",
            );
        }
    }
    let is_computer = |seat: u8| seat < computer;
    let role = |pred: &dyn Fn(u8) -> bool| {
        let mut roles = s.sides.iter().filter(|d| pred(d.seat)).map(|d| d.role);
        let first = roles.next();
        (first, roles.all(|r| Some(r) == first))
    };
    if !s.sides.is_empty() {
        let (c, c_same) = role(&is_computer);
        let (p, p_same) = role(&|seat| !is_computer(seat));
        if !c_same || !p_same || c == p {
            ctx.bad(
                o,
                "sides",
                "in co-op the computer's seats play one side and the people's the other (COOP-1)",
            );
        }
    }
    if let FirstControl::Seat(seat) = s.first_control
        && seat >= computer + MIN_PEOPLE
    {
        ctx.bad(
            o,
            "first_control",
            format!("seat {seat} is not at a table of two people (COOP-5)"),
        );
    }
    if let Some(sec) = &s.security
        && !is_computer(sec.defender.0)
    {
        ctx.bad(
            o,
            "security",
            "in co-op the computer's side defends (COOP-1)",
        );
    }
    for wave in &coop.waves {
        if !is_computer(wave.seat) {
            ctx.bad(
                o,
                "waves",
                format!(
                    "a wave joins a computer seat (0..{computer}), not seat {} (COOP-2)",
                    wave.seat
                ),
            );
        }
        if wave.models.is_empty() {
            ctx.bad(o, "waves", "a wave needs at least one model (COOP-2)");
        }
    }
}

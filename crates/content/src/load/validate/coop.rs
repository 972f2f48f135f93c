//! Checks of a co-op sheet (COOP-1..COOP-4): the computer's seats come first, the people's
//! after them, two or three of them; sides split along that line; waves join computer seats.

use super::Ctx;
use crate::load::files::Origin;
use crate::schema::{CoopArc, FirstControl, MAX_PEOPLE, MIN_PEOPLE, Scenario, TeamFormat};

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

/// Checks of a co-op campaign arc (COOP-7..COOP-10): two or more games, each on a co-op
/// scenario; what a result carries over names waves the next scenario has and cards the
/// packs define; the last game carries nothing but its ending.
pub(super) fn check_arcs(ctx: &mut Ctx<'_>, items: &super::Items) {
    for (arc, o) in &items.coop_arcs {
        check_arc(ctx, items, o, arc);
    }
}

fn check_arc(ctx: &mut Ctx<'_>, items: &super::Items, o: &Origin, arc: &CoopArc) {
    if arc.games.len() < 2 {
        ctx.bad(
            o,
            "games",
            format!(
                "{} game(s); an arc links two or more (COOP-7)",
                arc.games.len()
            ),
        );
    }
    let scenario = |id: &str| items.scenarios.iter().find(|(s, _)| s.id == id);
    for (i, game) in arc.games.iter().enumerate() {
        match scenario(&game.scenario) {
            None => ctx.dangling(o, "scenario", &game.scenario, ""),
            Some((s, _)) if s.coop.is_none() => {
                ctx.bad_at(
                    o,
                    &game.scenario,
                    "scenario",
                    format!("{} is not a co-op scenario (COOP-7)", s.name),
                );
            }
            Some(_) => {}
        }
        let next = arc.games.get(i + 1);
        for carry in [&game.won, &game.lost] {
            let Some(next) = next else {
                if !carry.is_text_only() {
                    ctx.bad_at(
                        o,
                        &game.title,
                        "won",
                        format!(
                            "'{}' is the last game: its results end the arc and carry nothing over (COOP-10)",
                            game.title
                        ),
                    );
                }
                continue;
            };
            let waves = scenario(&next.scenario)
                .and_then(|(s, _)| s.coop.as_deref())
                .map_or(0, |c| c.waves.len());
            for r in &carry.reinforce {
                if r.wave >= waves {
                    ctx.bad(
                        o,
                        "wave",
                        format!(
                            "wave {} is not among the {waves} wave(s) of '{}' (COOP-9)",
                            r.wave, next.scenario
                        ),
                    );
                }
                for card in &r.models {
                    let known = items.characters.iter().any(|(c, _)| &c.id == card)
                        || items.gonks.iter().any(|(g, _)| &g.id == card);
                    if !known {
                        ctx.dangling(o, "character or gonk", card, "");
                    }
                }
            }
        }
    }
}

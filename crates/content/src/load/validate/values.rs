//! Range checks on values: costs, stars, tokens, Rarity, keyword [X]s, action ranges,
//! shapes, seats.

use std::collections::BTreeSet;

use redline_rules::card::{ActionDef, Effect, Keyword, Skill, TargetKind};
use redline_rules::modules::Module;

use super::{Ctx, Items};
use crate::limits::{self, MAX_STARS, MAX_STREET_CRED};
use crate::load::files::Origin;
use crate::schema::{
    GearKeyword, ObjectiveKind, Reward, Role, ScenarioRule, SceneryTag, Shape, TeamFormat,
    WinCondition,
};
use redline_rules::scenario::MAX_SEAT_ZONES;

/// Most action tokens a character card may print.
pub const MAX_TOKENS: usize = 5;

pub(super) fn check(ctx: &mut Ctx<'_>, items: &Items) {
    for (c, o) in &items.characters {
        cost(ctx, o, c.cost);
        stars(ctx, o, "stars", c.stars);
        if let Some(tokens) = &c.tokens {
            if tokens.is_empty() {
                ctx.bad(
                    o,
                    "tokens",
                    "a character needs at least one action token (TOK-2)",
                );
            } else if tokens.len() > MAX_TOKENS {
                ctx.bad(
                    o,
                    "tokens",
                    format!("{} tokens; at most {MAX_TOKENS}", tokens.len()),
                );
            }
        }
        if c.veteran_of.is_some() && c.stars == 0 {
            ctx.bad(
                o,
                "stars",
                "a Veteran card shows at least one star (GEN-14)",
            );
        }
        if let Some(mm) = c.base_mm {
            base(ctx, o, mm);
        }
        actions(ctx, o, c.actions.as_deref().unwrap_or_default());
        drone_only(ctx, o, c.actions.as_deref().unwrap_or_default());
    }
    for (g, o) in &items.gonks {
        cost(ctx, o, g.cost);
        actions(ctx, o, &g.actions);
        drone_only(ctx, o, &g.actions);
    }
    for (g, o) in &items.gear {
        cost(ctx, o, g.cost);
        street_cred(ctx, o, g.street_cred);
        rarity(ctx, o, g.rarity);
        if g.has(GearKeyword::Armor) && g.armor == 0 {
            ctx.bad(
                o,
                "armor",
                "Armor Gear needs an armor value above 0 (ARM-2)",
            );
        }
        if !g.has(GearKeyword::Armor) && g.armor > 0 {
            ctx.bad(o, "armor", "an armor value needs the Armor keyword (ARM-2)");
        }
        if g.reward_only && !g.has(GearKeyword::Cybergear) && g.only_for.is_none() {
            ctx.bad(
                o,
                "reward_only",
                "only Cybergear rewards are reward-only (CAMP-16)",
            );
        }
        actions(ctx, o, &g.actions);
        drone_only(ctx, o, &g.actions);
        super::modules::kits(ctx, o, &g.passives);
    }
    for (p, o) in &items.programs {
        cost(ctx, o, p.cost);
        street_cred(ctx, o, p.street_cred);
        rarity(ctx, o, p.rarity);
        if p.loaded.skill != Some(Skill::Tech) {
            ctx.bad(
                o,
                "skill",
                "a program's Loaded action is a Tech action (NET-4)",
            );
        }
        actions(ctx, o, std::slice::from_ref(&p.loaded));
        drone_only(ctx, o, std::slice::from_ref(&p.loaded));
    }
    for (d, o) in &items.drones {
        if let Some(mm) = d.base_mm {
            base(ctx, o, mm);
        }
        actions(ctx, o, &d.actions);
    }
    for (l, o) in &items.loot {
        if l.copies == 0 {
            ctx.bad(
                o,
                "copies",
                "a Loot card needs at least one copy in the deck",
            );
        }
        if l.actions.is_empty() && l.passives.is_empty() {
            ctx.bad(
                o,
                "actions",
                "a Loot card needs an action or a passive ability",
            );
        }
        actions(ctx, o, &l.actions);
        drone_only(ctx, o, &l.actions);
        super::modules::kits(ctx, o, &l.passives);
    }
    for (obj, o) in &items.objectives {
        reward(ctx, o, &obj.reward);
        if obj.kind == ObjectiveKind::Cybergear && obj.reward.gear.is_none() {
            ctx.bad(
                o,
                "reward",
                "a Cybergear Objective names its Cybergear card (CAMP-16)",
            );
        }
    }
    for (s, o) in &items.scenery {
        scenery(ctx, o, s);
        super::modules::scenery(ctx, o, s);
    }
    for (l, o) in &items.layouts {
        layout(ctx, o, l);
    }
    for (s, o) in &items.scenarios {
        scenario(ctx, o, s);
    }
}

/// A layout's table, pieces and text against the limits on input (docs/limits.md).
fn layout(ctx: &mut Ctx<'_>, o: &Origin, l: &crate::schema::Layout) {
    if let Some(why) = limits::table_problem(l.size) {
        ctx.bad(o, "size", why);
        return;
    }
    for (field, text, max) in [
        ("name", &l.name, limits::MAX_STRING_BYTES),
        ("text", &l.text, limits::MAX_STRING_BYTES),
    ] {
        if let Some(why) = limits::length_problem(field, text, max) {
            ctx.bad(o, field, why);
        }
    }
    if l.pieces.len() > limits::MAX_LAYOUT_PIECES {
        let why = format!(
            "{} pieces; a layout holds at most {}",
            l.pieces.len(),
            limits::MAX_LAYOUT_PIECES
        );
        ctx.bad(o, "pieces", why);
        return;
    }
    for p in &l.pieces {
        if let Some((field, why)) = p.limits_problem(l.size) {
            ctx.bad_at(o, &p.piece, field, why);
        }
    }
}

/// A finite length above zero (NaN and infinity fail).
fn positive(v: f32) -> bool {
    v.is_finite() && v > 0.0
}

fn cost(ctx: &mut Ctx<'_>, o: &Origin, cost: i32) {
    if cost < 0 {
        ctx.bad(o, "cost", format!("{cost} EB; costs can't be negative"));
    } else if cost > limits::MAX_CARD_COST {
        ctx.bad(
            o,
            "cost",
            format!(
                "{cost} EB; a card costs at most {} EB (docs/limits.md)",
                limits::MAX_CARD_COST
            ),
        );
    }
}

fn stars(ctx: &mut Ctx<'_>, o: &Origin, field: &str, stars: u8) {
    if stars > MAX_STARS {
        ctx.bad(o, field, format!("{stars} stars; at most {MAX_STARS}"));
    }
}

fn street_cred(ctx: &mut Ctx<'_>, o: &Origin, need: u8) {
    if need > MAX_STREET_CRED {
        ctx.bad(
            o,
            "street_cred",
            format!("Street Cred {need}; at most {MAX_STREET_CRED}"),
        );
    }
}

fn rarity(ctx: &mut Ctx<'_>, o: &Origin, rarity: u8) {
    if rarity == 0 {
        ctx.bad(o, "rarity", "Rarity 0 would forbid every copy (TEAM-7)");
    }
}

fn base(ctx: &mut Ctx<'_>, o: &Origin, mm: f32) {
    if !positive(mm) {
        ctx.bad(
            o,
            "base_mm",
            format!("{mm} mm; a base must be wider than 0"),
        );
    }
}

fn reward(ctx: &mut Ctx<'_>, o: &Origin, reward: &Reward) {
    stars(ctx, o, "stars", reward.stars);
}

/// Checks each action of one card: ids, keyword [X] values, range, attack targets.
fn actions(ctx: &mut Ctx<'_>, o: &Origin, actions: &[ActionDef]) {
    let mut ids = BTreeSet::new();
    for a in actions {
        if a.id.trim().is_empty() {
            // Located at the empty string itself, not at the card's own `id:`.
            ctx.bad_at(o, &a.id, "id", "an action id can't be empty");
        } else if !ids.insert(a.id.as_str()) {
            ctx.bad_at(
                o,
                &a.id,
                "id",
                format!("action id '{}' is used twice on the card", a.id),
            );
        }
        for k in &a.keywords {
            let x = match k {
                Keyword::Defense(_, x)
                | Keyword::Heal(x)
                | Keyword::Pierce(x)
                | Keyword::Refresh(x)
                | Keyword::Rapid(x)
                | Keyword::Stun(x) => Some(*x),
                _ => None,
            };
            if x == Some(0) {
                ctx.bad_at(
                    o,
                    &a.id,
                    "keywords",
                    format!("{k:?}: [X] must be at least 1 (KW-2)"),
                );
            }
            if let Keyword::Breach(x) = k
                && !(1..=3).contains(x)
            {
                ctx.bad_at(
                    o,
                    &a.id,
                    "keywords",
                    format!("Breach({x}): X must be 1, 2 or 3 (TERR-1)"),
                );
            }
            let spreads =
                a.keywords.contains(&Keyword::Blast) || a.keywords.contains(&Keyword::Torrent);
            if let Keyword::Ignite(c) = k
                && !spreads
            {
                ctx.bad_at(
                    o,
                    &a.id,
                    "keywords",
                    format!("Ignite({c:?}) needs Blast or Torrent on the same action (FIRE-1)"),
                );
            }
        }
        range(ctx, o, a);
        if a.attack && !matches!(a.target, TargetKind::Rival | TargetKind::Point) {
            ctx.bad_at(
                o,
                &a.id,
                "target",
                "attacks may only target rivals (BASIC-3)",
            );
        }
        if a.effects.contains(&Effect::Wound(0)) {
            ctx.bad_at(o, &a.id, "effects", "Wound(0) deals nothing");
        }
        let scavenges = a.effects.iter().any(|e| matches!(e, Effect::Scavenge(_)));
        if scavenges && a.target != TargetKind::BodyToken {
            ctx.bad_at(
                o,
                &a.id,
                "target",
                "Scavenge strips a Body token: target BodyToken",
            );
        }
        if a.effects.contains(&Effect::Scavenge(0)) {
            ctx.bad_at(o, &a.id, "effects", "Scavenge(0) gathers nothing");
        }
    }
}

/// Scavenge and SelfDestruct are what a drone's program has it do (DRONE-2): no character,
/// Gonk, Gear, program or Loot card may carry them.
fn drone_only(ctx: &mut Ctx<'_>, o: &Origin, actions: &[ActionDef]) {
    for a in actions {
        if a.effects
            .iter()
            .any(|e| matches!(e, Effect::Scavenge(_) | Effect::SelfDestruct))
        {
            ctx.bad_at(
                o,
                &a.id,
                "effects",
                "Scavenge and SelfDestruct are drone actions (DRONE-2)",
            );
        }
    }
}

/// A range must colour in some band, `reach_only` can't be mixed with wider bands, and an
/// attack needs a range: with none it would reach any distance, which ACT-5 forbids.
fn range(ctx: &mut Ctx<'_>, o: &Origin, a: &ActionDef) {
    match a.range {
        Some(range) if range.max_inches() <= 0.0 => {
            ctx.bad_at(
                o,
                &a.id,
                "range",
                "the range icon colours in no band (ACT-3)",
            );
        }
        Some(range) if range.reach_only && (range.yellow || range.green || range.long) => {
            ctx.bad_at(
                o,
                &a.id,
                "range",
                "reach_only can't be combined with YELLOW, GREEN or long range (GEN-7)",
            );
        }
        None if a.attack => {
            ctx.bad_at(
                o,
                &a.id,
                "range",
                "an attack needs a range icon; with none it would reach any distance (ACT-5)",
            );
        }
        _ => {}
    }
}

/// Why a scenery part breaks the limits on input, if it does: a measurement that is not a
/// number or beyond [`limits::MAX_SCENERY_INCHES`], too many points, openings or ladders.
fn part_limits_problem(part: &crate::schema::Part) -> Option<String> {
    let max = limits::MAX_SCENERY_INCHES;
    let mut lengths: Vec<f32> = part.at.to_vec();
    lengths.push(part.rotation_deg / 360.0);
    let points = match &part.shape {
        Shape::Box {
            width,
            depth,
            height,
        } => {
            lengths.extend([*width, *depth, *height]);
            0
        }
        Shape::Cylinder { radius, height } => {
            lengths.extend([*radius, *height]);
            0
        }
        Shape::Wall {
            length,
            thickness,
            height,
        } => {
            lengths.extend([*length, *thickness, *height]);
            0
        }
        Shape::Hull { footprint, height } => {
            lengths.push(*height);
            lengths.extend(footprint.iter().flatten());
            footprint.len()
        }
    };
    for o in &part.openings {
        lengths.extend([o.along, o.width, o.height, o.sill]);
    }
    for l in &part.ladders {
        lengths.extend(l.at);
        lengths.push(l.width);
    }
    if lengths.iter().any(|v| !v.is_finite() || v.abs() > max) {
        return Some(format!(
            "part '{}': a measurement is not a number or beyond {max}\"",
            limits::excerpt(&part.name)
        ));
    }
    let most = limits::MAX_POINTS_PER_PART;
    if points > most || part.openings.len() > most || part.ladders.len() > most {
        return Some(format!(
            "part '{}': more than {most} footprint points, openings or ladders",
            limits::excerpt(&part.name)
        ));
    }
    None
}

fn scenery(ctx: &mut Ctx<'_>, o: &Origin, piece: &crate::schema::SceneryPiece) {
    if piece.parts.is_empty() {
        ctx.bad(o, "parts", "a piece needs at least one part");
    }
    if piece.parts.len() > limits::MAX_PARTS_PER_PIECE {
        let why = format!(
            "{} parts; a piece has at most {}",
            piece.parts.len(),
            limits::MAX_PARTS_PER_PIECE
        );
        ctx.bad(o, "parts", why);
        return;
    }
    if let Some(why) = piece.parts.iter().find_map(part_limits_problem) {
        ctx.bad(o, "parts", why);
        return;
    }
    for part in &piece.parts {
        let (positive, wall_length, height) = match &part.shape {
            Shape::Box {
                width,
                depth,
                height,
            } => (*width > 0.0 && *depth > 0.0 && *height > 0.0, None, *height),
            Shape::Cylinder { radius, height } => (*radius > 0.0 && *height > 0.0, None, *height),
            Shape::Wall {
                length,
                thickness,
                height,
            } => (
                *length > 0.0 && *thickness > 0.0 && *height > 0.0,
                Some(*length),
                *height,
            ),
            Shape::Hull { footprint, height } => {
                if footprint.len() < 3 {
                    let n = footprint.len();
                    ctx.bad(
                        o,
                        "footprint",
                        format!("a hull needs 3 or more points, has {n}"),
                    );
                }
                (*height > 0.0, None, *height)
            }
        };
        if !positive {
            ctx.bad(
                o,
                "shape",
                format!("part '{}': every dimension must be above 0", part.name),
            );
        }
        let solid = part
            .tags
            .iter()
            .filter(|t| matches!(t, SceneryTag::Obstacle | SceneryTag::Barrier))
            .count();
        if solid != 1 {
            ctx.bad(
                o,
                "tags",
                format!(
                    "part '{}': exactly one of Obstacle or Barrier (MOVE-5)",
                    part.name
                ),
            );
        }
        for opening in &part.openings {
            let Some(length) = wall_length else {
                ctx.bad(
                    o,
                    "openings",
                    format!("part '{}': only walls have openings", part.name),
                );
                break;
            };
            let fits = opening.width > 0.0
                && opening.height > 0.0
                && opening.sill >= 0.0
                && opening.along.abs() + opening.width / 2.0 <= length / 2.0
                && opening.sill + opening.height <= height;
            if !fits {
                ctx.bad(
                    o,
                    "openings",
                    format!("part '{}': an opening doesn't fit in the wall", part.name),
                );
            }
        }
    }
}

/// A scenario with sides (CTRL-18): a side for every seat, each seat once, an attacker and a
/// defender, teammates on the same side, and HoldOut only on a side.
fn sides(ctx: &mut Ctx<'_>, o: &Origin, s: &crate::schema::Scenario) {
    if s.win.contains(&WinCondition::HoldOut) {
        ctx.bad(
            o,
            "win",
            "HoldOut is a side's condition (list it under `sides`), not a shared one (CTRL-18)",
        );
    }
    if s.sides.is_empty() {
        return;
    }
    let mut seats: Vec<u8> = s.sides.iter().map(|d| d.seat).collect();
    seats.sort_unstable();
    if seats != (0..s.players).collect::<Vec<_>>() {
        ctx.bad(
            o,
            "sides",
            format!(
                "sides for seats {seats:?}; a scenario with sides names each of 0..{} once",
                s.players
            ),
        );
    }
    let has = |role: Role| s.sides.iter().any(|d| d.role == role);
    if !has(Role::Attacker) || !has(Role::Defender) {
        ctx.bad(
            o,
            "sides",
            "a scenario with sides needs an attacker and a defender (CTRL-18)",
        );
    }
    if s.teams == TeamFormat::TwoVsTwo {
        let role = |seat: u8| s.sides.iter().find(|d| d.seat == seat).map(|d| d.role);
        if role(0) != role(2) || role(1) != role(3) {
            ctx.bad(
                o,
                "sides",
                "in 2 vs 2, teammates (seats 0 and 2, 1 and 3) play the same side (CTRL-18)",
            );
        }
    }
}

fn scenario(ctx: &mut Ctx<'_>, o: &Origin, s: &crate::schema::Scenario) {
    // COOP-1: a co-op sheet's seats are checked with the rest of its `coop` section.
    if s.coop.is_none() && !(2..=4).contains(&s.players) {
        ctx.bad(
            o,
            "players",
            format!("{} players; scenarios are for 2, 3 or 4", s.players),
        );
    }
    if s.teams == TeamFormat::TwoVsTwo && s.players != 4 {
        ctx.bad(o, "teams", "2 vs 2 needs 4 players (CTRL-18)");
    }
    super::coop::check(ctx, o, s);
    let seats: Vec<u8> = s.deployment.iter().map(|d| d.seat).collect();
    let mut sorted = seats.clone();
    sorted.sort_unstable();
    sorted.dedup();
    if sorted != (0..s.players).collect::<Vec<_>>() {
        ctx.bad(
            o,
            "deployment",
            format!("seats {seats:?}; need a zone for each of 0..{}", s.players),
        );
    }
    for seat in sorted {
        let n = seats.iter().filter(|&&x| x == seat).count();
        if n > MAX_SEAT_ZONES {
            ctx.bad(
                o,
                "deployment",
                format!("seat {seat} has {n} zones; at most {MAX_SEAT_ZONES} (FIELD-7)"),
            );
        }
    }
    if let crate::schema::FirstControl::Seat(seat) = s.first_control
        && seat >= s.players
    {
        ctx.bad(o, "first_control", format!("seat {seat} doesn't exist"));
    }
    if s.win.is_empty() && (s.sides.is_empty() || s.sides.iter().any(|d| d.win.is_empty())) {
        ctx.bad(
            o,
            "win",
            "a scenario needs at least one win condition (CTRL-21)",
        );
    }
    sides(ctx, o, s);
    if let Err(why) = s.modules.validate() {
        ctx.bad(o, "modules", why.to_string());
    }
    if let Some(sec) = &s.security {
        security(ctx, o, s.players, sec);
    }
    let [x, z] = s.setup.table;
    if let Some(why) = limits::table_problem(s.setup.table) {
        ctx.bad(o, "table", why);
    }
    for m in &s.setup.markers {
        if !((0.0..=x).contains(&m[0]) && (0.0..=z).contains(&m[1])) {
            ctx.bad(o, "markers", format!("marker {m:?} is off the table"));
        }
    }
    let has_rule = |r: &ScenarioRule| s.special_rules.contains(r);
    let inspire_limit = s
        .special_rules
        .iter()
        .any(|r| matches!(r, ScenarioRule::InspireLimit(_)));
    let all_wins = s.win.iter().map(|w| ("win", w));
    let side_wins = s
        .sides
        .iter()
        .flat_map(|d| d.win.iter().map(|w| ("sides", w)));
    for (field, w) in all_wins.chain(side_wins) {
        if *w == WinCondition::HoldOut && !inspire_limit {
            ctx.bad(
                o,
                field,
                "HoldOut needs an InspireLimit special rule: the round limit it holds out to",
            );
        }
        match w {
            WinCondition::CarryMarkersOff { .. } if !has_rule(&ScenarioRule::CarryMarkers) => {
                ctx.bad(
                    o,
                    field,
                    "CarryMarkersOff needs the CarryMarkers special rule",
                );
            }
            WinCondition::MostMarkersAtEnd if !inspire_limit => {
                ctx.bad(
                    o,
                    field,
                    "MostMarkersAtEnd needs an InspireLimit special rule",
                );
            }
            WinCondition::MostRescuedAtEnd if !inspire_limit => {
                ctx.bad(
                    o,
                    field,
                    "MostRescuedAtEnd needs an InspireLimit special rule",
                );
            }
            WinCondition::MostQuartersAtEnd if !inspire_limit => {
                ctx.bad(
                    o,
                    field,
                    "MostQuartersAtEnd needs an InspireLimit special rule",
                );
            }
            WinCondition::MostRescuedAtEnd if !s.modules.require.contains(&Module::Aid) => {
                ctx.bad(
                    o,
                    field,
                    "MostRescuedAtEnd counts Downed models: the scenario must require Aid (MOD-1)",
                );
            }
            WinCondition::HoldMarkers(n) | WinCondition::CarryMarkersOff { count: n, .. }
                if usize::from(*n) > s.setup.markers.len() =>
            {
                ctx.bad(
                    o,
                    field,
                    format!(
                        "needs {n} markers, the setup places {}",
                        s.setup.markers.len()
                    ),
                );
            }
            _ => {}
        }
    }
    reward(ctx, o, &s.consequences.winner);
    reward(ctx, o, &s.consequences.loser);
}

/// SEC-1, SEC-9: the defender is a seat of the scenario, the budget a share of the EB limit,
/// the sentry limit at most the rules' 3.
fn security(
    ctx: &mut Ctx<'_>,
    o: &Origin,
    players: u8,
    sec: &redline_rules::security::SecurityRules,
) {
    use redline_rules::security::MAX_SENTRIES;
    if sec.defender.0 >= players {
        let why = format!(
            "SEC-1: the defender is seat {}, but the scenario seats {players}",
            sec.defender.0
        );
        ctx.bad(o, "security", why);
    }
    if sec.budget_pct > 100 {
        let why = format!(
            "SEC-1: a budget of {}% is more than the EB limit",
            sec.budget_pct
        );
        ctx.bad(o, "security", why);
    }
    if sec.max_sentries > MAX_SENTRIES {
        let why = format!(
            "SEC-9: at most {MAX_SENTRIES} sentries, not {}",
            sec.max_sentries
        );
        ctx.bad(o, "security", why);
    }
}

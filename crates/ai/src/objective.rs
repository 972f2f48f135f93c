//! The scenario's objectives as the bots read them off the table (FIELD-6, CTRL-21): where a
//! model should head (an exit edge, a marker its team does not hold, a quarter it does not
//! control), whether Inspiring now would meet a win condition, and how far each team has
//! come. Only what both players see: markers, quarters, models and the scenario sheet.

use redline_battlespace::{Corner, DeploymentZone, Edge, Quarter};
use redline_rules::card::ActionDef;
use redline_rules::scenario::{ExitEdge, WinCondition};
use redline_rules::{Game, ModelId, Outcome, Seat, TeamId};

use crate::models::{base_at, flat, in_play};

/// How far inside an exit edge a model heading for it aims its base: within reach of the
/// edge (1"), with a little to spare.
const EDGE_GAP: f32 = 0.25;

/// Whether an action is one the scenario grants (Search, Pick Up, Leave the Table).
pub(crate) fn is_scenario_action(def: &ActionDef) -> bool {
    def.id.starts_with("scenario_")
}

/// The conditions `team` plays for: the shared ones and its side's (CTRL-18).
fn wins(game: &Game, team: TeamId) -> Vec<WinCondition> {
    game.win_conditions(team)
}

/// Whether any team plays for a condition like this.
fn any_win(game: &Game, pred: impl Fn(&WinCondition) -> bool) -> bool {
    game.setup().scenario.any_win(pred)
}

/// Whether a model carries a marker.
pub(crate) fn carrying(game: &Game, m: ModelId) -> bool {
    game.markers().iter().any(|k| k.carrier == Some(m))
}

fn zone_edges(zone: DeploymentZone) -> Vec<Edge> {
    match zone {
        DeploymentZone::Edge { edge, .. } => vec![edge],
        DeploymentZone::Corner { corner, .. } => match corner {
            Corner::NorthWest => vec![Edge::North, Edge::West],
            Corner::NorthEast => vec![Edge::North, Edge::East],
            Corner::SouthWest => vec![Edge::South, Edge::West],
            Corner::SouthEast => vec![Edge::South, Edge::East],
        },
        _ => Vec::new(),
    }
}

fn opposite(e: Edge) -> Edge {
    match e {
        Edge::North => Edge::South,
        Edge::South => Edge::North,
        Edge::West => Edge::East,
        Edge::East => Edge::West,
    }
}

/// The edges an exit condition lets `seat` leave over (any edge when it names none).
fn exit_edges(game: &Game, seat: Seat, spec: ExitEdge) -> Vec<Edge> {
    let mut own: Vec<Edge> = Vec::new();
    for zone in game.setup().scenario.zones_of(seat) {
        for e in zone_edges(zone) {
            if !own.contains(&e) {
                own.push(e);
            }
        }
    }
    let edges = match spec {
        ExitEdge::Fixed(e) => vec![e],
        ExitEdge::OwnZone => own,
        ExitEdge::OppositeZone => own.into_iter().map(opposite).collect(),
    };
    if edges.is_empty() {
        vec![Edge::North, Edge::South, Edge::West, Edge::East]
    } else {
        edges
    }
}

/// Where `m` should head for the scenario: the nearest exit edge when it may leave for a
/// win condition (Escape, or carrying a marker to carry off), else the nearest marker its
/// team does not hold yet (or the one it stands on), else the middle of the nearest quarter
/// its team does not control. When every marker is carried, the nearest rival carrier.
/// Where rescues score (Medevac), the nearest Downed friend not yet home comes first.
/// `None` when the scenario gives it nothing to head for.
pub(crate) fn goal(game: &Game, m: ModelId) -> Option<[f32; 3]> {
    let seat = game.owner(m);
    let team = game.team_of(seat);
    let at = game.position(m);
    let table = *game.setup().battlespace.table();
    let carrying = carrying(game, m);
    // Nearest by the way the model walks there: a case just over the wall is farther than
    // one along it.
    let nearest = |points: Vec<[f32; 3]>| {
        points
            .into_iter()
            .map(|p| (crate::way::way_to(game, m, at, p), p))
            .min_by(|a, b| a.0.total_cmp(&b.0))
            .map(|(_, p)| p)
    };
    let mut edges = Vec::new();
    for w in wins(game, team) {
        match w {
            WinCondition::Escape { edge, .. } => edges.extend(exit_edges(game, seat, edge)),
            WinCondition::CarryMarkersOff { edge, .. } if carrying => {
                edges.extend(exit_edges(game, seat, edge));
            }
            _ => {}
        }
    }
    if !edges.is_empty() {
        // The nearest spot at the edge where the whole base still stands on the table.
        let inset = game.model_base(m).radius + EDGE_GAP;
        let points = edges
            .iter()
            .map(|e| match e {
                Edge::North => [at[0], at[1], inset],
                Edge::South => [at[0], at[1], table.depth - inset],
                Edge::West => [inset, at[1], at[2]],
                Edge::East => [table.width - inset, at[1], at[2]],
            })
            .collect();
        return nearest(points);
    }
    if carrying {
        // Holding a carried marker: it counts where the carrier is; stay alive.
        return None;
    }
    if let Some(d) = crate::rescue::nearest_casualty(game, m) {
        return Some(game.position(d));
    }
    let markers = game.markers();
    if !markers.is_empty() {
        let held = game.markers_held(team);
        let open: Vec<[f32; 3]> = markers
            .iter()
            .enumerate()
            .filter(|(k, mk)| {
                mk.carrier.is_none()
                    && mk.carried_off_by.is_none()
                    && (!held.contains(&(*k as u8)) || flat(mk.at, at) <= 1.5)
            })
            .map(|(_, mk)| mk.at)
            .collect();
        if let Some(p) = nearest(open) {
            return Some(p);
        }
        // Every marker is carried: a rival carrier is the marker now (taking it out drops
        // the marker where it stands).
        let carried: Vec<[f32; 3]> = markers
            .iter()
            .filter_map(|mk| mk.carrier)
            .filter(|&c| game.in_play(c) && game.team_of(game.owner(c)) != team)
            .map(|c| game.position(c))
            .collect();
        if let Some(p) = nearest(carried) {
            return Some(p);
        }
    }
    if plays_for_quarters(game, team) {
        let holders = game.quarter_holders();
        let (qx, qz) = (table.width / 4.0, table.depth / 4.0);
        // In `quarter_holders`' order.
        let centres = Quarter::ALL.map(|q| {
            let [x, z] = table.quarter_centre(q);
            [x, at[1], z]
        });
        // The quarter it stands in counts as a goal while its team holds it only by it.
        let points = centres
            .into_iter()
            .zip(holders)
            .filter(|(c, h)| *h != Some(team) || flat(*c, at) < qx.min(qz))
            .map(|(c, _)| c)
            .collect();
        return nearest(points);
    }
    None
}

/// Whether `team` meets a condition checked at the end of its own Inspire right now
/// (quarters or markers held): Inspiring now would win.
pub(crate) fn inspire_would_win(game: &Game, team: TeamId) -> bool {
    wins(game, team).iter().any(|w| match *w {
        WinCondition::ControlQuarters(n) => game.quarters_held(team) >= usize::from(n),
        WinCondition::HoldMarkers(n) => game.markers_held(team).len() >= usize::from(n),
        _ => false,
    })
}

/// Whether `team` plays for quarters (FIELD-10): to control so many at an Inspire, or the
/// most when the round limit ends the game.
fn plays_for_quarters(game: &Game, team: TeamId) -> bool {
    wins(game, team).iter().any(WinCondition::counts_quarters)
}

/// How far `team` has come toward the scenario's conditions, in models: markers held or
/// carried off, quarters held, models escaped, casualties rescued. Hard adds it to material at its leaves.
pub(crate) fn progress(game: &Game, team: TeamId) -> f64 {
    let mut v = 0.0;
    for w in wins(game, team) {
        match w {
            WinCondition::ControlQuarters(n) => {
                v += 1.2 * game.quarters_held(team) as f64 / f64::from(n.max(1));
            }
            // Counted once: by ControlQuarters where the sheet has both.
            WinCondition::MostQuartersAtEnd
                if !wins(game, team)
                    .iter()
                    .any(|w| matches!(w, WinCondition::ControlQuarters(_))) =>
            {
                v += 0.6 * game.quarters_held(team) as f64;
            }
            WinCondition::MostRescuedAtEnd => {
                v += game.casualties_saved(team).len() as f64;
            }
            WinCondition::HoldMarkers(_) | WinCondition::MostMarkersAtEnd => {
                v += 0.6 * game.markers_held(team).len() as f64;
            }
            WinCondition::CarryMarkersOff { .. } => {
                let ours =
                    |m: Option<ModelId>| m.is_some_and(|m| game.team_of(game.owner(m)) == team);
                for mk in game.markers() {
                    if ours(mk.carried_off_by) {
                        v += 1.5;
                    } else if ours(mk.carrier) {
                        v += 0.6;
                    }
                }
            }
            WinCondition::Escape { .. } => {
                let escaped = (0..game.model_count() as u16)
                    .map(ModelId)
                    .filter(|&m| {
                        game.team_of(game.owner(m)) == team && game.left_table(m).is_some()
                    })
                    .count();
                v += 1.3 * escaped as f64;
            }
            _ => {}
        }
    }
    v
}

/// Whether `m` holds a marker on the ground for its team by standing within reach of it, in
/// a scenario that counts held markers (HoldMarkers, MostMarkersAtEnd).
pub(crate) fn holds_marker_by_standing(game: &Game, m: ModelId) -> bool {
    // A defender stands on the site it denies as the attacker would on it to win.
    let counts = any_win(game, |w| {
        matches!(
            w,
            WinCondition::HoldMarkers(_) | WinCondition::MostMarkersAtEnd
        )
    });
    if !counts || carrying(game, m) {
        return false;
    }
    let at = game.position(m);
    let held = game.markers_held(game.team_of(game.owner(m)));
    game.markers()
        .iter()
        .enumerate()
        .any(|(k, mk)| mk.carrier.is_none() && held.contains(&(k as u8)) && flat(mk.at, at) <= 1.5)
}

/// Whether holding markers at the end of an Inspire wins the game (Blackout).
pub(crate) fn holding_wins(game: &Game) -> bool {
    any_win(game, |w| matches!(w, WinCondition::HoldMarkers(_)))
}

/// Whether taking out the rival Leader wins the game (Take the Head).
pub(crate) fn leader_wins(game: &Game) -> bool {
    any_win(game, |w| matches!(w, WinCondition::TakeOutLeader))
}

/// Whether taking out the rival Leader wins the game for `team`: a condition shared by
/// every team or its side's own (CTRL-18; in Boxed In only the defender plays for it).
pub(crate) fn leader_wins_for(game: &Game, team: TeamId) -> bool {
    wins(game, team)
        .iter()
        .any(|w| matches!(w, WinCondition::TakeOutLeader))
}

/// Whether `team` wins by getting models off the table (Escape, FIELD-6).
pub(crate) fn plays_to_escape(game: &Game, team: TeamId) -> bool {
    wins(game, team)
        .iter()
        .any(|w| matches!(w, WinCondition::Escape { .. }))
}

/// How many of `team`'s models in play stand within reach (1") of an edge they may leave
/// over for `spec`, counting only those `counts` accepts (e.g. carriers).
fn at_exit(game: &Game, team: TeamId, spec: ExitEdge, counts: impl Fn(ModelId) -> bool) -> usize {
    let table = *game.setup().battlespace.table();
    in_play(game)
        .filter(|&m| game.team_of(game.owner(m)) == team && counts(m))
        .filter(|&m| game.brawling_with(m).is_empty())
        .filter(|&m| {
            let base = base_at(game, m, game.position(m));
            exit_edges(game, game.owner(m), spec)
                .iter()
                .any(|&e| table.distance_to_edge(&base, e) <= 1.0)
        })
        .count()
}

/// Whether `m` leaving the table now serves the scenario (FIELD-6). A model escaping
/// (Escape) leaves only when the models already off plus those standing at the edge ready to
/// follow reach the count: a model off the table no longer counts for most models at the
/// turn limit (nor for the last team standing), so escaping one at a time that never reaches
/// the count loses games, and the others wait at the edge and fight until enough have
/// gathered. A carrier (CarryMarkersOff) leaves on the same count, and also to bank its case
/// ([`banking_pays`], [`banking_ahead_of_the_count`]).
pub(crate) fn leaving_pays(game: &Game, m: ModelId) -> bool {
    let team = game.team_of(game.owner(m));
    let ours = |x: Option<ModelId>| x.is_some_and(|x| game.team_of(game.owner(x)) == team);
    wins(game, team).iter().any(|w| match *w {
        WinCondition::Escape { count, edge } => {
            let off = (0..game.model_count() as u16)
                .map(ModelId)
                .filter(|&x| ours(Some(x)) && game.left_table(x).is_some())
                .count();
            off + at_exit(game, team, edge, |_| true) >= usize::from(count)
        }
        WinCondition::CarryMarkersOff { count, edge } if carrying(game, m) => {
            let off = game
                .markers()
                .iter()
                .filter(|k| ours(k.carried_off_by))
                .count();
            let carried = |x: ModelId| {
                game.markers()
                    .iter()
                    .filter(|k| k.carrier == Some(x))
                    .count()
            };
            let ready: usize = in_play(game)
                .filter(|&x| ours(Some(x)) && carrying(game, x))
                .filter(|&x| at_exit(game, team, edge, |y| y == x) > 0)
                .map(carried)
                .sum();
            off + ready >= usize::from(count)
                || banking_pays(game, m)
                || banking_ahead_of_the_count(game, m)
        }
        _ => false,
    })
}

/// Whether the scenario is a race for cases to a round limit: markers to carry off, the
/// limit (`InspireLimit`) counting the markers each team holds or carried off, and no
/// sides (Through the Wall). The limit decides the game unless a crew gets every case off
/// first.
pub(crate) fn race_to_limit(game: &Game) -> bool {
    let scenario = &game.setup().scenario;
    scenario.sides.is_empty()
        && scenario.inspire_limit().is_some()
        && any_win(game, |w| *w == WinCondition::MostMarkersAtEnd)
        && any_win(game, |w| matches!(w, WinCondition::CarryMarkersOff { .. }))
}

/// Whether a round limit without sides decides the game by what it counts (markers held
/// or carried off, or quarters, then models): a race for cases ([`race_to_limit`]), cases to
/// fetch from a burning building (Lantern Fire), caches to hold (Timed Heist), ground to
/// hold (Street Claim) or crews to keep standing while the Leaders hide (Take the Head): the
/// limit's counts decide many games, so the bots run the round clock to it.
pub(crate) fn plays_to_limit(game: &Game) -> bool {
    let scenario = &game.setup().scenario;
    scenario.sides.is_empty() && scenario.inspire_limit().is_some()
}

/// Whether the round limit reached now, with `gone` off the table carrying its markers,
/// would give `team` the game (CTRL-21): the engine's count (`Game::outcome_at_limit`).
pub(crate) fn ahead_at_limit(game: &Game, team: TeamId, gone: Option<ModelId>) -> bool {
    matches!(game.outcome_at_limit(gone), Some(Outcome::Win { team: t, .. }) if t == team)
}

/// Whether carrier `m` banks its case now in a race to the round limit: a case carried off
/// counts at the limit as one carried, and can no longer be taken, so leaving pays when the
/// team stays ahead on the limit's counts without the carrier (the lead is then locked in:
/// the rivals can only catch up by taking a case still on the table).
fn banking_pays(game: &Game, m: ModelId) -> bool {
    race_to_limit(game) && ahead_at_limit(game, game.team_of(game.owner(m)), Some(m))
}

/// Whether carrier `m` banks its case now where no round limit counts the cases (Salvage
/// Run): a case carried off can no longer be taken, and the crew then needs one case fewer,
/// so it leaves while at least one friend stays in play to fetch the next. Waiting at the
/// edge for a second carrier left both crews' carriers standing at their edges.
fn banking_ahead_of_the_count(game: &Game, m: ModelId) -> bool {
    let team = game.team_of(game.owner(m));
    game.setup().scenario.inspire_limit().is_none()
        && in_play(game).any(|x| x != m && game.team_of(game.owner(x)) == team)
}

/// Whether a scenario action is Leave the Table.
pub(crate) fn is_leave(def: &ActionDef) -> bool {
    def.id == "scenario_leave"
}

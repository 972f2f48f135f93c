//! The planner's checks on crowded tables: one scenery kind placed 250, 500 and 1,000 times
//! (the most a layout may hold, docs/limits.md), on the rulebook's 22"×30" table, stacked on
//! one spot or scattered. Doubling the pieces should about double the time: the figures and
//! what they show are in docs/planner.md.
//!
//! The `edit_then_check` group times what the app's Planner screen runs after each edit
//! (`src/headless/planner/checks.rs`): one piece moved, then density, the geometry, each
//! part's outline, the zones, the open lanes and, when their overlays are on, the climbing
//! routes and the heat map, on a fresh geometry as after a real edit.
//!
//! `cargo bench -p redline-planner --bench checks`
#![allow(missing_docs)]

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use redline_battlespace::DeploymentZone;
use redline_content::Catalog;
use redline_content::schema::{Layout, PlacedPiece};
use redline_planner::density::density;
use redline_planner::export::svg::svg;
use redline_planner::outline::footprint;
use redline_planner::zones::{scenario_zones, zone_findings};
use redline_planner::{
    HeatMapOptions, battlespace_of, check_zones, climbing_routes, decode, encode, heat_map,
    open_lanes, table_plan,
};

const SIZES: [usize; 3] = [250, 500, 1_000];

/// `n` shipping containers (elevated tops: the climbing check's worst case) stacked on the
/// table's centre, or scattered over it by a fixed sequence.
fn containers(n: usize, stacked: bool) -> Layout {
    let mut seed = 0x2545_f491_u32;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 17;
        seed ^= seed << 5;
        f32::from(u16::try_from(seed >> 16).unwrap_or(0)) / 65_535.0
    };
    let pieces = (0..n)
        .map(|_| {
            let at = if stacked {
                [15.0, 11.0]
            } else {
                [5.0 + 20.0 * next(), 5.0 + 12.0 * next()]
            };
            PlacedPiece::new("container", at)
        })
        .collect();
    Layout {
        id: format!("containers_{n}"),
        name: "Containers".into(),
        size: [30.0, 22.0],
        pieces,
        text: String::new(),
    }
}

fn group(c: &mut Criterion, catalog: &Catalog, stacked: bool) {
    let name = if stacked { "stacked" } else { "scattered" };
    let mut g = c.benchmark_group(format!("containers_{name}"));
    g.sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    for n in SIZES {
        let layout = containers(n, stacked);
        let space = battlespace_of(catalog, &layout).unwrap();
        g.bench_with_input(BenchmarkId::new("climbing_routes", n), &space, |b, s| {
            b.iter(|| black_box(climbing_routes(s)))
        });
        g.bench_with_input(BenchmarkId::new("open_lanes", n), &space, |b, s| {
            b.iter(|| black_box(open_lanes(s, 2.0)))
        });
        let zones = scenario_zones(catalog.scenarios.get("street_claim").unwrap());
        g.bench_with_input(BenchmarkId::new("check_zones", n), &space, |b, s| {
            b.iter(|| black_box(check_zones(s, &zones)))
        });
        g.bench_with_input(BenchmarkId::new("plan_and_svg", n), &layout, |b, l| {
            b.iter(|| black_box(svg(&table_plan(catalog, l).unwrap())))
        });
        let code = encode(&layout);
        g.bench_with_input(BenchmarkId::new("decode_share_code", n), &code, |b, c| {
            b.iter(|| black_box(decode(c).unwrap()))
        });
    }
    g.finish();
}

/// The overlays switched on in the app's Planner screen.
#[derive(Clone, Copy)]
struct Overlays {
    heat: bool,
    climbs: bool,
}

/// What the Planner screen runs after an edit (`Checks::run` in the app), the layout's first
/// piece moved by `step` inches first; the same spacing of lanes as the screen (2").
fn edit_then_check(
    catalog: &Catalog,
    layout: &mut Layout,
    zones: &[(u8, DeploymentZone)],
    overlays: Overlays,
    step: f32,
) -> usize {
    layout.pieces[0].at[0] += step;
    let found = density(layout).findings.len();
    let space = battlespace_of(catalog, layout).unwrap();
    let outlines: usize = space
        .pieces()
        .iter()
        .map(|p| footprint(&p.shape).len())
        .sum();
    let checked = check_zones(&space, zones);
    let mut work = found + outlines + zone_findings(&checked).len();
    work += open_lanes(&space, 2.0).len();
    if overlays.heat {
        work += heat_map(&space, zones, HeatMapOptions::default())
            .zones
            .len();
    }
    if overlays.climbs {
        work += climbing_routes(&space).len();
    }
    work
}

fn edits(c: &mut Criterion, catalog: &Catalog) {
    let mut g = c.benchmark_group("edit_then_check");
    g.sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    let zones = scenario_zones(catalog.scenarios.get("street_claim").unwrap());
    let variants = [
        (
            "lanes",
            Overlays {
                heat: false,
                climbs: false,
            },
        ),
        (
            "lanes_climbs",
            Overlays {
                heat: false,
                climbs: true,
            },
        ),
        (
            "lanes_heat_climbs",
            Overlays {
                heat: true,
                climbs: true,
            },
        ),
    ];
    for stacked in [true, false] {
        let name = if stacked { "stacked" } else { "scattered" };
        for (overlay, overlays) in variants {
            let mut layout = containers(1_000, stacked);
            let mut step = 0.25;
            g.bench_function(BenchmarkId::new(format!("{name}_{overlay}"), 1_000), |b| {
                b.iter(|| {
                    step = -step;
                    black_box(edit_then_check(
                        catalog,
                        &mut layout,
                        &zones,
                        overlays,
                        step,
                    ))
                })
            });
        }
    }
    g.finish();
}

fn benches(c: &mut Criterion) {
    let catalog = redline_content::starter();
    group(c, &catalog, true);
    group(c, &catalog, false);
    edits(c, &catalog);
}

criterion_group!(planner, benches);
criterion_main!(planner);

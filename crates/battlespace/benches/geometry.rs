//! Geometry query timings on a 22"×30" table with 15 scenery pieces and 16 models (the
//! bench fixture: `busy_layout` and `busy_models`), plus route finding on the layout with a
//! catwalk and a two-storey building, where the planner works on more than one level.
#![allow(missing_docs)]

#[path = "../tests/common/mod.rs"]
mod common;

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use redline_battlespace::{PoaOptions, YELLOW};

fn benches(c: &mut Criterion) {
    let bs = common::space(common::busy_layout());
    let models = common::busy_models();
    c.bench_function("clone_battlespace", |b| b.iter(|| black_box(bs.clone())));
    c.bench_function("path_of_attack", |b| {
        let mut i = 0;
        b.iter(|| {
            i = (i + 1) % 8;
            let (a, t) = (&models[i], &models[15 - i]);
            black_box(bs.path_of_attack(a, t, &models, PoaOptions::default()))
        })
    });
    c.bench_function("check_move_yellow_3_legs", |b| {
        let mover = models[4];
        let route = [[9.0, 0.0, 12.0], [12.0, 0.0, 12.5], [13.0, 0.0, 15.5]];
        b.iter(|| black_box(bs.check_move(&mover, &route, YELLOW, &models)))
    });
    c.bench_function("find_route_yellow", |b| {
        let mover = models[2];
        b.iter(|| black_box(bs.find_route(&mover, [5.0, 0.0, 12.0], YELLOW, &models)))
    });
    c.bench_function("reachable_area_green", |b| {
        let mover = models[4];
        b.iter(|| black_box(bs.reachable_area(&mover, 12.0, &models)))
    });
    // Scenery that changes during a game (TERR-8, TERR-17): aiming at a wall's section,
    // rebuilding the battlespace with that section gone, and the same Paths of Attack on the
    // changed table.
    let wall = redline_battlespace::SceneryId(7);
    c.bench_function("path_to_section", |b| {
        let mut i = 0;
        b.iter(|| {
            i = (i + 1) % 8;
            let k = (i % 2) as u8;
            black_box(bs.path_to_section(&models[i], wall, k, &models, PoaOptions::default()))
        })
    });
    c.bench_function("with_section_destroyed", |b| {
        b.iter(|| black_box(bs.with_section_destroyed(wall, 0, Some(100))))
    });
    let breached = bs
        .with_section_destroyed(wall, 0, Some(100))
        .expect("the wall's first section comes down");
    c.bench_function("path_of_attack_after_breach", |b| {
        let mut i = 0;
        b.iter(|| {
            i = (i + 1) % 8;
            let (a, t) = (&models[i], &models[15 - i]);
            black_box(breached.path_of_attack(a, t, &models, PoaOptions::default()))
        })
    });
    assert_eq!((bs.pieces().len(), models.len()), (15, 16));
    assert_eq!(*bs.table(), redline_battlespace::Table::standard());
    let levels = common::space(common::levels_layout());
    c.bench_function("find_route_green_up_the_catwalk_ladder", |b| {
        let mover = common::model(1, 0, 20.0, 4.6);
        b.iter(|| black_box(levels.find_route(&mover, [14.0, 3.7, 4.6], 12.0, &models)))
    });
    c.bench_function("reachable_area_green_levels", |b| {
        let mover = common::model(1, 0, 14.0, 8.0);
        b.iter(|| black_box(levels.reachable_area(&mover, 12.0, &models)))
    });
}

criterion_group!(geometry, benches);
criterion_main!(geometry);

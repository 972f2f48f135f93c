//! The table: sizes, quarters, deployment zones, reserve entry and scenery agreements
//! (FIELD-1..4, FIELD-7, FIELD-9..11, GEN-3).

mod common;

use common::*;
use redline_battlespace::*;

#[test]
fn field_1_field_3_standard_and_double_tables_and_any_size() {
    assert_eq!(
        (Table::standard().width, Table::standard().depth),
        (30.0, 22.0)
    );
    assert_eq!((Table::double().width, Table::double().depth), (44.0, 30.0));
    assert!(Battlespace::new(Table::new(24.0, 24.0), vec![]).is_ok());
    assert!(matches!(
        Battlespace::new(Table::new(0.0, 24.0), vec![]),
        Err(LayoutError::BadTable { .. })
    ));
}

#[test]
fn field_10_each_quarter_s_centre_lies_in_that_quarter() {
    let t = Table::standard();
    assert_eq!(t.quarter_centre(Quarter::NorthWest), [7.5, 5.5]);
    assert_eq!(t.quarter_centre(Quarter::SouthEast), [22.5, 16.5]);
    for q in Quarter::ALL {
        let [x, z] = t.quarter_centre(q);
        assert_eq!(t.quarter_at(x, z), q);
    }
}

#[test]
fn field_2_a_standard_table_holds_fifteen_pieces_three_or_four_per_quarter() {
    let bs = space(busy_layout());
    assert_eq!(bs.pieces().len(), 15);
    let t = *bs.table();
    let mut per_quarter = [0; 4];
    for p in bs.pieces() {
        let [x, z] = match &p.shape {
            SceneryShape::Box { centre, .. } | SceneryShape::Cylinder { centre, .. } => *centre,
            SceneryShape::Hull { footprint, .. } => footprint[0],
            SceneryShape::Wall { from, .. } => *from,
        };
        let q = t.quarter_at(x, z);
        per_quarter[Quarter::ALL.iter().position(|&a| a == q).unwrap()] += 1;
    }
    assert!(
        per_quarter.iter().all(|&n| (3..=5).contains(&n)),
        "{per_quarter:?}"
    );
}

#[test]
fn field_4_deployment_zones_measure_from_edges_corners_and_centre() {
    let t = Table::standard();
    let zone = DeploymentZone::Centre { distance: YELLOW };
    assert!(t.in_zone(&model(1, 0, 15.0, 11.0), zone));
    assert!(!t.in_zone(&model(1, 0, 15.0 + 6.8, 11.0), zone));
    let edge = DeploymentZone::Edge {
        edge: Edge::West,
        distance: RED,
    };
    assert!(t.in_zone(&model(1, 0, 2.0, 11.0), edge));
    assert!(!t.in_zone(&model(1, 0, 2.6, 11.0), edge));
    let corner = DeploymentZone::Corner {
        corner: Corner::SouthEast,
        distance: YELLOW,
    };
    assert!(t.in_zone(&model(1, 0, 26.0, 18.0), corner));
    assert!(!t.in_zone(&model(1, 0, 20.0, 18.0), corner));
}

#[test]
fn field_7_placements_in_a_zone_avoid_scenery_and_bases() {
    let bs = space(busy_layout());
    let others = busy_models();
    let zone = DeploymentZone::Edge {
        edge: Edge::North,
        distance: RED,
    };
    let spots = bs.placements_in_zone(zone, BASE_27MM_RADIUS, 0.5, &others);
    assert!(!spots.is_empty());
    for p in spots {
        let m = ModelBase::new(99, 0, p);
        assert!(bs.table().in_zone(&m, zone));
        assert!(bs.can_place(&m, &others));
        assert!(others.iter().all(|o| !o.overlaps(&m)));
    }
}

#[test]
fn field_9_reserve_entry_within_reach_of_an_edge() {
    let t = Table::standard();
    assert_eq!(
        t.edges_within_reach(&model(1, 0, 1.2, 11.0)),
        vec![Edge::West]
    );
    assert_eq!(
        t.edges_within_reach(&model(1, 0, 29.0, 21.0)),
        vec![Edge::East, Edge::South]
    );
    assert!(t.edges_within_reach(&model(1, 0, 3.0, 11.0)).is_empty());
    assert!(t.near_an_edge(&model(1, 0, 1.2, 11.0)));
    assert!(t.near_an_edge(&model(1, 0, 29.0, 21.0)));
    assert!(!t.near_an_edge(&model(1, 0, 3.0, 11.0)));
    // …and more than GREEN from every rival.
    let bs = space(vec![]);
    let entering = model(1, 0, 1.2, 11.0);
    assert_eq!(
        bs.band(&entering, &model(2, 1, 20.0, 11.0)),
        RangeBand::Long
    );
}

#[test]
fn field_10_a_quarter_belongs_to_the_team_with_more_models_wholly_inside() {
    let t = Table::standard();
    let models = [
        model(1, 0, 5.0, 5.0),
        model(2, 0, 6.0, 6.0),
        model(3, 1, 7.0, 7.0),
        model(4, 1, 20.0, 5.0),
        model(5, 0, 15.0, 5.0), // straddles the centre line: in no quarter
        model(6, 0, 20.0, 15.0),
        model(7, 1, 21.0, 15.0),
    ];
    assert_eq!(t.quarter_of(&models[4]), None);
    assert_eq!(t.quarter_control(&models), [Some(0), Some(1), None, None]);
}

/// FIELD-10 by a plain count: the team with more models wholly inside a quarter than all
/// the others there together, or no one.
fn holder_by_count(t: &Table, models: &[ModelBase], q: Quarter) -> Option<u8> {
    let inside: Vec<u8> = models
        .iter()
        .filter(|m| t.wholly_inside(m, q))
        .map(|m| m.team)
        .collect();
    (0..=u8::MAX).find(|&team| {
        let ours = inside.iter().filter(|&&x| x == team).count();
        ours > inside.len() - ours
    })
}

#[test]
fn field_10_quarter_control_agrees_with_a_plain_count_for_three_teams() {
    let t = Table::standard();
    // Spots in each quarter and one on the centre line; every arrangement of teams 0-2 over
    // six of them, ties and lone models included.
    let spots = [
        (5.0, 5.0),
        (8.0, 6.0),
        (22.0, 4.0),
        (25.0, 16.0),
        (6.0, 18.0),
        (15.0, 5.0),
    ];
    let mut checked = 0;
    for code in 0..4_u32.pow(spots.len() as u32) {
        let mut models = Vec::new();
        let mut c = code;
        for (i, &(x, z)) in spots.iter().enumerate() {
            // 0-2: a model of that team, 3: no model; two more in the first quarter so
            // majorities there are not trivial.
            if c % 4 < 3 {
                models.push(model(i as u32, (c % 4) as u8, x, z));
                models.push(model(10 + i as u32, ((c + i as u32) % 3) as u8, 4.0, 8.0));
            }
            c /= 4;
        }
        let want = Quarter::ALL.map(|q| holder_by_count(&t, &models, q));
        assert_eq!(t.quarter_control(&models), want, "{models:?}");
        checked += 1;
    }
    assert_eq!(checked, 4096);
}

#[test]
fn field_11_move_5_scenery_agreements_are_checked_when_the_layout_is_built() {
    let dup = vec![
        boxp(1, "A", O, 5.0, 5.0, [1.0, 1.0, 1.0]),
        boxp(1, "B", B, 9.0, 5.0, [1.0, 1.0, 1.0]),
    ];
    assert!(matches!(
        Battlespace::new(Table::standard(), dup),
        Err(LayoutError::DuplicateId { id: 1, .. })
    ));
    let off = vec![boxp(1, "A", O, 29.8, 5.0, [1.0, 1.0, 1.0])];
    assert!(matches!(
        Battlespace::new(Table::standard(), off),
        Err(LayoutError::OffTable { .. })
    ));
    let door_in_box = vec![boxp(1, "A", B, 5.0, 5.0, [2.0, 2.0, 2.0]).with_opening(door(1.0))];
    assert!(matches!(
        Battlespace::new(Table::standard(), door_in_box),
        Err(LayoutError::BadOpening { .. })
    ));
    // A layout round-trips through RON as packs store it.
    let layout = Layout {
        table: Table::standard(),
        scenery: busy_layout(),
    };
    let text = ron::to_string(&layout).unwrap();
    let back: Layout = ron::from_str(&text).unwrap();
    assert_eq!(back, layout);
    assert!(Battlespace::from_layout(back).is_ok());
}

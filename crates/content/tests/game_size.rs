//! Game sizes (FIELD-1, FIELD-2, TEAM-5): 100, 150 and 200 EB, the table each is played on
//! and the scenery it holds.

use redline_content::game_size::GameSize;

#[test]
fn field_1_sizes_and_their_tables() {
    let sizes: Vec<u32> = GameSize::ALL.iter().map(|s| s.eb()).collect();
    assert_eq!(sizes, vec![100, 150, 200]);
    assert_eq!(GameSize::Eb100.table(), [30.0, 22.0]); // FIELD-1
    assert_eq!(GameSize::Eb150.table(), [30.0, 22.0]);
    assert_eq!(GameSize::Eb200.table(), [44.0, 30.0]);
    assert_eq!(GameSize::from_eb(200), Some(GameSize::Eb200));
    assert_eq!(GameSize::from_eb(175), None);
    assert_eq!(GameSize::Eb100.team_rules().eb_limit, 100); // TEAM-5
}

#[test]
fn field_1_field_2_each_size_has_ready_tables_with_the_scenery_the_rulebook_suggests() {
    let catalog = redline_content::starter();
    for size in GameSize::ALL {
        let layouts = size.layouts(&catalog);
        assert!(!layouts.is_empty(), "{} has a table", size.label());
        for id in layouts {
            let layout = catalog.layouts.get(&id).unwrap();
            assert_eq!(layout.size, size.table()); // FIELD-1
            assert!(
                size.scenery_count().contains(&layout.pieces.len()), // FIELD-2
                "{id}: {} pieces for {}",
                layout.pieces.len(),
                size.label()
            );
        }
    }
    assert_eq!(GameSize::Eb200.scenery_count(), 20..=30);
}

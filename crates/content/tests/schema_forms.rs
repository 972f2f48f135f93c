//! The types a pack shares with the engine and the geometry read and write exactly as packs
//! write them: a scenario's special rules (the engine's `SpecialRule`) and the openings of a
//! wall (the geometry's `OpeningKind`).

use redline_content::schema::{OpeningKind, ScenarioRule};
use redline_rules::card::Band;

#[test]
fn special_rules_read_and_write_as_packs_write_them() {
    let forms = [
        ("MaxRange(Yellow)", ScenarioRule::MaxRange(Band::Yellow)),
        ("CarryMarkers", ScenarioRule::CarryMarkers),
        ("SearchMarkers", ScenarioRule::SearchMarkers),
        ("GonkReinforcements(2)", ScenarioRule::GonkReinforcements(2)),
        ("InspireLimit(6)", ScenarioRule::InspireLimit(6)),
        ("ExtraLuck(1)", ScenarioRule::ExtraLuck(1)),
    ];
    for (text, rule) in forms {
        assert_eq!(ron::from_str::<ScenarioRule>(text).expect(text), rule);
        assert_eq!(ron::to_string(&rule).expect("written"), text);
    }
}

#[test]
fn openings_read_and_write_as_packs_write_them() {
    for (text, kind) in [("Door", OpeningKind::Door), ("Window", OpeningKind::Window)] {
        assert_eq!(ron::from_str::<OpeningKind>(text).expect(text), kind);
        assert_eq!(ron::to_string(&kind).expect("written"), text);
    }
}

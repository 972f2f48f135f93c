//! Fences in pack data (SEC-14; MODULES.md, Data: a part's `fence`): refused at
//! file:line:col unless a Soft obstacle, carried onto the table only while SEC is on
//! (MOD-2), and Soft, Hardness 0, Structure 1 a section, leaving nothing, with TERR on too.

use redline_battlespace as bs;
use redline_content::convert::{ModuleData, with_module_data};
use redline_content::schema::{FenceKind, Material, SceneryTag};
use redline_content::{PackSource, Problem, load};
use redline_rules::modules::{Module, Modules};

const MANIFEST: &str =
    r#"PackManifest(id: "test", name: "Test", version: 1, files: ["scenery.ron"])"#;

fn errors(text: &str) -> Vec<Problem> {
    match load(&[PackSource::from_memory(MANIFEST, &[("scenery.ron", text)])]) {
        Ok(_) => panic!("expected errors"),
        Err(err) => err.errors().cloned().collect(),
    }
}

/// A one-part fence run with these tags and extra part fields.
fn run(tags: &str, extra: &str) -> String {
    format!(
        r#"[
    Scenery(
        id: "run",
        name: "Run",
        parts: [
            (name: "wire", shape: Wall(length: 8.0, thickness: 0.2, height: 2.0),
             tags: [{tags}]{extra}),
        ],
    ),
]"#
    )
}

#[test]
fn sec_14_a_fence_is_a_soft_obstacle_refused_at_the_part() {
    for (tags, extra, word) in [
        (
            "Barrier",
            ", material: Some(Soft), fence: Some(ChainLink)",
            "Obstacle",
        ),
        (
            "Obstacle",
            ", material: Some(Brick), fence: Some(RazorWire)",
            "Soft",
        ),
        (
            "Obstacle",
            ", fence: Some(ChainLink), fuel: Some(1)",
            "never burns",
        ),
    ] {
        let errs = errors(&run(tags, extra));
        assert_eq!(errs.len(), 1, "{errs:?}");
        let msg = errs[0].to_string();
        assert!(msg.contains(word), "{msg}"); // SEC-14
        assert_eq!(errs[0].location.line, 6, "{msg}"); // at the part's name
    }
    let fine = run("Obstacle", ", material: Some(Soft), fence: Some(RazorWire)");
    assert!(load(&[PackSource::from_memory(MANIFEST, &[("scenery.ron", &fine)])]).is_ok());
}

#[test]
fn sec_14_the_starter_pack_has_a_chain_link_run_and_a_razor_wire_coil() {
    let catalog = redline_content::starter();
    for (id, kind) in [
        ("fence_chain", FenceKind::ChainLink),
        ("fence_razor", FenceKind::RazorWire),
    ] {
        let piece = catalog.scenery.get(id).expect("a starter fence");
        for part in &piece.parts {
            assert_eq!(part.fence, Some(kind), "{id}"); // SEC-14
            assert_eq!(part.material, Some(Material::Soft), "{id}"); // SEC-14, TERR-3
            assert!(part.tags.contains(&SceneryTag::Obstacle), "{id}"); // SEC-14
        }
    }
}

/// A table with one brick-hard fence wall, and its module data as a pack would give it.
fn fence_table() -> (bs::Battlespace, Vec<ModuleData>) {
    let wall = bs::SceneryPiece::new(
        0,
        "Run",
        bs::SceneryKind::Obstacle,
        bs::SceneryShape::Wall {
            from: [4.0, 4.0],
            to: [12.0, 4.0],
            thickness: 0.2,
            height: 2.0,
        },
    );
    let space = bs::Battlespace::new(bs::Table::new(24.0, 24.0), vec![wall]).expect("table");
    let data = ModuleData {
        damage: Some(bs::Damageable {
            hardness: 3,
            structure: Some(4),
            section_len: 2.0,
            rubble: true,
            soft: false,
        }),
        fence: Some(FenceKind::RazorWire),
        ..ModuleData::default()
    };
    (space, vec![data])
}

fn with(modules: &[Module]) -> bs::SceneryPiece {
    let (space, data) = fence_table();
    let modules: Modules = modules.iter().copied().collect();
    let out = with_module_data(&space, &data, &modules).expect("table");
    out.pieces()[0].clone()
}

#[test]
fn sec_14_mod_2_the_fence_is_on_the_table_only_with_sec_on() {
    assert_eq!(with(&[]).fence, None); // MOD-2
    assert_eq!(with(&[Module::Terr]).fence, None); // MOD-2
    assert_eq!(with(&[Module::Sec]).fence, Some(FenceKind::RazorWire)); // SEC-14
    assert_eq!(with(&[Module::Sec]).damage, None); // TERR off: no damage data
}

#[test]
fn sec_14_terr_3_terr_5_with_terr_on_a_fence_is_soft() {
    let piece = with(&[Module::Sec, Module::Terr]);
    let d = piece.damage.expect("a fence can be breached with TERR on");
    assert_eq!(d.hardness, 0); // SEC-14, TERR-3: Soft
    assert_eq!(d.structure, Some(1)); // SEC-14: Structure 1 a section
    assert!(!d.rubble && d.soft); // SEC-14, TERR-8: it leaves nothing
    assert_eq!(d.section_len, 2.0); // TERR-4: the pack's sections stay
    assert_eq!(piece.section_count(), 4);
    // Without SEC the part is what its pack data says (MOD-2).
    assert_eq!(with(&[Module::Terr]).damage.map(|d| d.hardness), Some(3));
}

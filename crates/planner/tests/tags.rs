//! Per-piece tags agreed before the game (FIELD-11): the rulebook's guidance suggested
//! (MOVE-7, MOVE-12, MOVE-13, POA-10), the agreement taking effect in the battlespace the game
//! and the checks use (Path of Attack, lanes, climbing routes, movement), and layouts of the
//! older formats (saved files, share codes) still loading.

use std::io::Write;

use base64::Engine;
use redline_battlespace::{BASE_27MM_RADIUS, CrossingKind, GREEN, ModelBase, SceneryKind};
use redline_content::convert::{ConvertError, to_battlespace_layout_of};
use redline_content::schema::{
    Layout, Opening, OpeningKind, Part, PartTags, PlacedPiece, SceneryTag, Shape,
};
use redline_content::store::StoreError;
use redline_planner::tags::{departures, suggest, suggested_tags};
use redline_planner::{
    PlanError, WayUp, battlespace_of, climbing_routes, decode, encode, path_check, save, table_plan,
};

fn table(pieces: Vec<PlacedPiece>) -> Layout {
    Layout {
        id: "tags".into(),
        name: "Tags".into(),
        size: [30.0, 22.0],
        pieces,
        text: String::new(),
    }
}

fn agreed(piece: &str, at: [f32; 2], tags: Vec<PartTags>) -> PlacedPiece {
    PlacedPiece {
        tags,
        ..PlacedPiece::new(piece, at)
    }
}

fn part_tags(part: u32, tags: &[SceneryTag], openings: &[OpeningKind]) -> PartTags {
    PartTags {
        part,
        tags: tags.to_vec(),
        openings: openings.to_vec(),
    }
}

fn pack_part(piece: &str, n: usize) -> Part {
    redline_content::starter().scenery.get(piece).unwrap().parts[n].clone()
}

#[test]
fn move_7_a_solid_part_taller_than_red_is_suggested_a_barrier() {
    // The container: 3.5" high, 8" x 3": a barrier, and elevated (POA-10).
    let s = suggest(&pack_part("container", 0));
    assert_eq!(s.kind, Some(SceneryTag::Barrier));
    assert_eq!(s.elevated, Some(true));
    // The barricade: 1.2" high: the players' choice, no suggestion either way.
    let s = suggest(&pack_part("barricade", 0));
    assert_eq!((s.kind, s.elevated), (None, None));
    // The catwalk's posts: 3.5" solid cylinders the pack calls obstacles; the guidance says
    // barrier, and too thin for a base on top (not elevated).
    let post = pack_part("catwalk", 1);
    assert_eq!(suggest(&post).kind, Some(SceneryTag::Barrier));
    assert_eq!(suggest(&post).elevated, Some(false));
    let d = departures(&post);
    assert_eq!(d.len(), 1, "{d:?}");
    assert!(d[0].contains("MOVE-7") && d[0].contains("barrier"), "{d:?}");
    // A roof slab 0.3" thick set 3.5" up: its top is more than RED above the foot.
    let roof = redline_content::starter()
        .scenery
        .get("tenement")
        .unwrap()
        .parts
        .iter()
        .find(|p| p.tags.contains(&SceneryTag::Elevated))
        .unwrap()
        .clone();
    assert_eq!(suggest(&roof).kind, Some(SceneryTag::Barrier));
    assert!(departures(&roof).is_empty(), "{:?}", departures(&roof));
}

#[test]
fn move_12_a_wall_full_of_openings_is_suggested_one_big_obstacle() {
    let wall = Part {
        name: "ruin".into(),
        shape: Shape::Wall {
            length: 6.0,
            thickness: 0.5,
            height: 4.0,
        },
        at: [0.0; 3],
        rotation_deg: 0.0,
        tags: vec![SceneryTag::Barrier],
        openings: [-2.0, 0.0, 2.0]
            .map(|along| Opening {
                kind: OpeningKind::Window,
                along,
                width: 1.2,
                height: 1.5,
                sill: 1.0,
            })
            .to_vec(),
        ladders: Vec::new(),
        material: None,
        hardness: None,
        structure: None,
        section_len: None,
        fuel: None,
        rubble: None,
        fence: None,
    };
    assert_eq!(suggest(&wall).kind, Some(SceneryTag::Obstacle));
    assert!(departures(&wall)[0].contains("MOVE-12"));
    let (tags, _) = suggested_tags(&wall);
    assert_eq!(tags, vec![SceneryTag::Obstacle]);
}

#[test]
fn move_13_an_opening_from_the_floor_is_suggested_a_door_and_a_sill_makes_a_window() {
    let door = pack_part("wall_door", 0);
    assert_eq!(suggest(&door).openings, vec![OpeningKind::Door]);
    let window = pack_part("wall_window", 0);
    assert_eq!(suggest(&window).openings, vec![OpeningKind::Window]);
    // Agreed the other way round, the guidance says so.
    let mut called_window = door.clone();
    called_window.openings[0].kind = OpeningKind::Window;
    let d = departures(&called_window);
    assert!(d.iter().any(|l| l.contains("MOVE-13")), "{d:?}");
}

#[test]
fn field_11_the_agreed_kind_decides_the_path_of_attack() {
    let catalog = redline_content::starter();
    // A container across the line between (15, 4) and (15, 18).
    let mut placed = PlacedPiece::new("container", [15.0, 11.0]);
    let as_pack = battlespace_of(&catalog, &table(vec![placed.clone()])).unwrap();
    let check = |space| path_check(space, ([15.0, 4.0], 0.0), ([15.0, 18.0], 0.0));
    // POA-8: the pack's barrier blocks it.
    assert!(check(&as_pack).poa.blocked_by.is_some());
    // The players agree it is an obstacle (MOVE-5): POA-5, +1 and not blocked.
    placed.agree(
        0,
        &pack_part("container", 0),
        vec![SceneryTag::Obstacle],
        Vec::new(),
    );
    let agreed_space = battlespace_of(&catalog, &table(vec![placed.clone()])).unwrap();
    assert_eq!(agreed_space.pieces()[0].kind, SceneryKind::Obstacle);
    let c = check(&agreed_space);
    assert!(c.poa.blocked_by.is_none(), "{:?}", c.explanation);
    assert_eq!(c.poa.cover.len(), 1, "{:?}", c.explanation);
    // No longer elevated: no climbing route is listed for it.
    assert!(climbing_routes(&agreed_space).is_empty());
    assert_eq!(climbing_routes(&as_pack).len(), 1);
}

#[test]
fn move_27_an_agreed_easy_climb_makes_the_way_up_free() {
    let catalog = redline_content::starter();
    let plain = PlacedPiece::new("container", [15.0, 11.0]);
    let space = battlespace_of(&catalog, &table(vec![plain])).unwrap();
    assert_eq!(climbing_routes(&space)[0].way, WayUp::Climb);
    let easy = agreed(
        "container",
        [15.0, 11.0],
        vec![part_tags(
            0,
            &[
                SceneryTag::Barrier,
                SceneryTag::Elevated,
                SceneryTag::EasyClimb,
            ],
            &[],
        )],
    );
    let space = battlespace_of(&catalog, &table(vec![easy])).unwrap();
    let r = &climbing_routes(&space)[0];
    assert_eq!(r.way, WayUp::Free, "{:?}", r.steps);
    assert_eq!(r.rolls(), 0);
}

#[test]
fn move_13_an_opening_agreed_a_window_needs_a_roll_where_the_door_did_not() {
    let catalog = redline_content::starter();
    // The door is 1.5" west of the wall's middle: a wall along x at z = 11 from x = 12 to 18.
    let through = |placed: PlacedPiece| {
        let space = battlespace_of(&catalog, &table(vec![placed])).unwrap();
        let mover = ModelBase::new(0, 0, [13.5, 0.0, 9.0]).with_radius(BASE_27MM_RADIUS);
        let plan = space
            .check_move(&mover, &[[13.5, 0.0, 9.0], [13.5, 0.0, 13.0]], GREEN, &[])
            .unwrap();
        plan.crossings
            .iter()
            .map(|c| (c.kind, c.needs_roll))
            .collect::<Vec<_>>()
    };
    let door = through(PlacedPiece::new("wall_door", [15.0, 11.0]));
    assert!(
        matches!(door[..], [(CrossingKind::Door { .. }, false)]),
        "{door:?}"
    );
    let window = through(agreed(
        "wall_door",
        [15.0, 11.0],
        vec![part_tags(0, &[SceneryTag::Barrier], &[OpeningKind::Window])],
    ));
    assert!(
        matches!(window[..], [(CrossingKind::Window { .. }, true)]),
        "{window:?}"
    );
}

#[test]
fn move_14_draggable_follows_the_agreement() {
    let catalog = redline_content::starter();
    let barrel = PlacedPiece::new("barrel", [5.0, 5.0]);
    let bs = to_battlespace_layout_of(&catalog, &table(vec![barrel])).unwrap();
    assert!(bs.scenery[0].draggable);
    let bolted = agreed(
        "barrel",
        [5.0, 5.0],
        vec![part_tags(0, &[SceneryTag::Obstacle], &[])],
    );
    let bs = to_battlespace_layout_of(&catalog, &table(vec![bolted])).unwrap();
    assert!(!bs.scenery[0].draggable);
}

#[test]
fn move_5_tags_that_do_not_fit_the_piece_are_refused_with_the_reason() {
    let catalog = redline_content::starter();
    let both = agreed(
        "crate",
        [5.0, 5.0],
        vec![part_tags(
            0,
            &[SceneryTag::Obstacle, SceneryTag::Barrier],
            &[],
        )],
    );
    let err = battlespace_of(&catalog, &table(vec![both])).unwrap_err();
    assert!(matches!(
        err,
        PlanError::Convert(ConvertError::BadTags { .. })
    ));
    assert!(err.to_string().contains("MOVE-5"), "{err}");
    let missing = agreed(
        "crate",
        [5.0, 5.0],
        vec![part_tags(3, &[SceneryTag::Obstacle], &[])],
    );
    assert!(battlespace_of(&catalog, &table(vec![missing])).is_err());
    let openings = agreed(
        "wall_door",
        [15.0, 11.0],
        vec![part_tags(
            0,
            &[SceneryTag::Barrier],
            &[OpeningKind::Door, OpeningKind::Door],
        )],
    );
    let err = battlespace_of(&catalog, &table(vec![openings])).unwrap_err();
    assert!(err.to_string().contains("opening"), "{err}");
}

#[test]
fn an_agreement_the_same_as_the_pack_is_not_stored() {
    let pack = pack_part("container", 0);
    let mut placed = PlacedPiece::new("container", [5.0, 5.0]);
    placed.agree(
        0,
        &pack,
        vec![SceneryTag::Elevated, SceneryTag::Barrier],
        Vec::new(),
    );
    assert!(placed.tags.is_empty());
    placed.agree(0, &pack, vec![SceneryTag::Barrier], Vec::new());
    assert_eq!(placed.tags, vec![part_tags(0, &[SceneryTag::Barrier], &[])]);
}

#[test]
fn field_11_the_exports_label_pieces_with_the_agreed_tags() {
    let catalog = redline_content::starter();
    let layout = table(vec![agreed(
        "container",
        [15.0, 11.0],
        vec![part_tags(
            0,
            &[SceneryTag::Obstacle, SceneryTag::Draggable],
            &[],
        )],
    )]);
    let plan = table_plan(&catalog, &layout).unwrap();
    assert_eq!(
        plan.pieces[0].tags,
        vec!["obstacle", "3.5\" high", "draggable"]
    );
}

fn with_tags() -> Layout {
    table(vec![
        agreed(
            "tenement",
            [10.0, 10.0],
            vec![part_tags(
                0,
                &[SceneryTag::Barrier, SceneryTag::EasyClimb],
                &[OpeningKind::Window, OpeningKind::Door],
            )],
        ),
        agreed(
            "barrel",
            [20.0, 5.0],
            vec![part_tags(0, &[SceneryTag::Obstacle], &[])],
        ),
        PlacedPiece::new("crate", [25.0, 15.0]),
    ])
}

#[test]
fn agreed_tags_round_trip_through_share_codes_and_saved_files() {
    let layout = with_tags();
    let code = encode(&layout);
    assert_eq!(decode(&code).unwrap(), layout);
    let dir = std::env::temp_dir().join(format!("redline-tags-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let path = dir.join("t.ron");
    save::save(&path, &layout).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("version: 2"), "{text}");
    assert!(text.contains("EasyClimb"), "{text}");
    assert_eq!(save::load(&path).unwrap(), layout);
    assert_eq!(save::load_or_previous(&path).unwrap(), layout);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_saved_layout_of_format_1_is_migrated_and_a_newer_one_refused() {
    let dir = std::env::temp_dir().join(format!("redline-tags-v1-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let v1 = r#"(
    kind: "redline-layout",
    version: 1,
    data: (
        id: "old",
        name: "Old table",
        size: (30.0, 22.0),
        pieces: [
            (piece: "container", at: (10.0, 10.0), elevation: 0.0, rotation_deg: 90.0, label: None),
        ],
        text: "",
    ),
)"#;
    let path = dir.join("old.ron");
    std::fs::write(&path, v1).unwrap();
    let layout = save::load(&path).unwrap();
    assert_eq!(layout.pieces.len(), 1);
    assert!(
        layout.pieces[0].tags.is_empty(),
        "format 1 keeps the pack's tags"
    );
    assert_eq!(save::load_or_previous(&path).unwrap(), layout);
    let newer = dir.join("newer.ron");
    std::fs::write(&newer, v1.replace("version: 1", "version: 3")).unwrap();
    assert!(matches!(
        save::load(&newer),
        Err(StoreError::Newer { found: 3, .. })
    ));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A share code as format 1 wrote it (before agreed tags): the same payload without the
/// per-piece tag lists, behind version byte 1.
fn format_1_code(layout: &Layout) -> String {
    fn varint(out: &mut Vec<u8>, mut v: u64) {
        loop {
            let b = (v & 0x7f) as u8;
            v >>= 7;
            if v == 0 {
                out.push(b);
                return;
            }
            out.push(b | 0x80);
        }
    }
    fn string(out: &mut Vec<u8>, s: &str) {
        varint(out, s.len() as u64);
        out.extend_from_slice(s.as_bytes());
    }
    let mut p = Vec::new();
    string(&mut p, &layout.id);
    string(&mut p, &layout.name);
    string(&mut p, &layout.text);
    p.extend(layout.size[0].to_le_bytes());
    p.extend(layout.size[1].to_le_bytes());
    let mut kinds: Vec<&str> = Vec::new();
    for piece in &layout.pieces {
        if !kinds.contains(&piece.piece.as_str()) {
            kinds.push(&piece.piece);
        }
    }
    varint(&mut p, kinds.len() as u64);
    for k in &kinds {
        string(&mut p, k);
    }
    varint(&mut p, layout.pieces.len() as u64);
    for piece in &layout.pieces {
        varint(
            &mut p,
            kinds.iter().position(|k| *k == piece.piece).unwrap() as u64,
        );
        for v in [
            piece.at[0],
            piece.at[1],
            piece.elevation,
            piece.rotation_deg,
        ] {
            p.extend(v.to_le_bytes());
        }
        p.push(0); // no label
    }
    let mut z = flate2::write::DeflateEncoder::new(vec![1u8], flate2::Compression::best());
    z.write_all(&p).unwrap();
    let mut bytes = z.finish().unwrap();
    let mut crc = flate2::Crc::new();
    crc.update(&p);
    bytes.extend(crc.sum().to_be_bytes());
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

#[test]
fn a_share_code_of_format_1_still_loads_with_the_packs_tags() {
    let old = table(vec![
        PlacedPiece::new("container", [10.0, 10.0]),
        PlacedPiece::new("wall_door", [20.0, 10.0]),
    ]);
    let code = format_1_code(&old);
    assert!(code.starts_with('A'), "version byte 1: {code}");
    let back = decode(&code).unwrap();
    assert_eq!(back, old);
    // Written again, it is format 2 and still the same layout.
    assert_eq!(decode(&encode(&back)).unwrap(), old);
    assert_ne!(encode(&back), code);
}

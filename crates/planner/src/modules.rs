//! What the optional modules read of a layout's scenery (MODULES.md, Data), shown beside the
//! agreed tags: each part's material and Hardness (TERR-3), Structure and sections (TERR-4,
//! TERR-5), Fuel (FIRE-4), storey (MOD-9) and the doors and windows a lock may hold (SEC-2).
//! And the check that a layout has the pieces the modules of a game need (MOD-1): TERR
//! something to breach, FIRE something that burns, SEC a door or window to lock or a fence.
//!
//! The values are the content crate's own ([`redline_content::convert::module_data_of`]),
//! the ones the engine is handed when the module is on; nothing here decides a rule.

use redline_content::Catalog;
use redline_content::convert::module_data_of;
use redline_content::schema::{Layout, Material, OpeningKind, Scenario, Shape};
use redline_rules::modules::{Module, ModuleError, Modules};
use serde::Serialize;

use crate::PlanError;
use crate::density::Finding;

/// What the modules read of one part of a placed piece.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PartModuleTags {
    /// The placed piece's number in the layout, from 1, as the exports number pieces.
    pub piece: usize,
    /// The part as the battle names it: the piece's label, and the part's name when the
    /// piece has several ("Tenement (north wall)").
    pub name: String,
    /// What it is made of (TERR-3); `None` when the pack gives nothing (Immune).
    pub material: Option<Material>,
    /// Hardness against a Breach (TERR-2, TERR-3); `None` when it can't be breached.
    pub hardness: Option<u8>,
    /// Markers that destroy it or each of its sections, or its storey's (TERR-5); `None`
    /// when the pack leaves TERR-5's value by size, or it can't be breached.
    pub structure: Option<u8>,
    /// A breakable wall's section length, inches (TERR-4).
    pub section_len: Option<f32>,
    /// Its Fuel, or its compartment's (FIRE-4); `None`: it never burns.
    pub fuel: Option<u8>,
    /// The building storey it belongs to, from 1 (MOD-9).
    pub storey: Option<u8>,
    /// Doors in it, as agreed (SEC-2: a lock may hold each).
    pub doors: usize,
    /// Windows in it, as agreed (SEC-2).
    pub windows: usize,
    /// Whether the pack makes it a fence, security as if the defender had placed it
    /// (SEC-14).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub fence: bool,
}

impl PartModuleTags {
    /// Whether a Breach may damage it (TERR-3).
    pub fn breakable(&self) -> bool {
        self.hardness.is_some()
    }

    /// Whether it can burn (FIRE-4).
    pub fn flammable(&self) -> bool {
        self.fuel.is_some()
    }

    /// Doors and windows a lock may hold (SEC-2).
    pub fn lockable(&self) -> usize {
        self.doors + self.windows
    }

    /// Whether the modules read anything of it.
    pub fn any(&self) -> bool {
        self.breakable()
            || self.flammable()
            || self.storey.is_some()
            || self.lockable() > 0
            || self.fence
    }

    /// The tags as short phrases: "Brick, Hardness 3", "Structure 1 a 3.0\" section",
    /// "Fuel 2", "storey 1", "1 door, 1 window to lock".
    pub fn words(&self) -> Vec<String> {
        let mut out = Vec::new();
        match (self.material, self.hardness) {
            (Some(m), Some(h)) => out.push(format!("{}, Hardness {h}", material_word(m))),
            _ => out.push("can't be breached".to_owned()),
        }
        if self.breakable() {
            let each = match self.section_len {
                Some(len) => format!(" a {len:.1}\" section"),
                None => String::new(),
            };
            out.push(match (self.structure, self.storey) {
                (Some(s), Some(n)) => format!("storey {n}: Structure {s}"),
                (Some(s), None) => format!("Structure {s}{each}"),
                (None, _) => format!("Structure by size (TERR-5){each}"),
            });
        } else if let Some(n) = self.storey {
            out.push(format!("storey {n}"));
        }
        if let Some(fuel) = self.fuel {
            out.push(format!("Fuel {fuel}"));
        }
        if self.lockable() > 0 {
            out.push(format!(
                "{} to lock",
                count_words(&[(self.doors, "door"), (self.windows, "window")])
            ));
        }
        if self.fence {
            out.push("a fence (SEC-14)".to_owned());
        }
        out
    }
}

/// A material as players say it.
pub fn material_word(m: Material) -> &'static str {
    match m {
        Material::Soft => "Soft",
        Material::Wood => "Wood",
        Material::Metal => "Metal",
        Material::Brick => "Brick",
        Material::Reinforced => "Reinforced",
        Material::Immune => "Immune",
    }
}

/// "1 door, 2 windows", leaving out the counts that are 0.
fn count_words(counts: &[(usize, &str)]) -> String {
    counts
        .iter()
        .filter(|(n, _)| *n > 0)
        .map(|(n, what)| format!("{n} {what}{}", if *n == 1 { "" } else { "s" }))
        .collect::<Vec<_>>()
        .join(", ")
}

/// What the modules read of every part of the layout, one entry per battle piece, in the
/// battle's order.
pub fn module_tags(catalog: &Catalog, layout: &Layout) -> Result<Vec<PartModuleTags>, PlanError> {
    crate::within_limits(layout)?;
    let data = module_data_of(catalog, layout)?;
    let mut out = Vec::new();
    let mut data = data.into_iter();
    for (i, placed) in layout.pieces.iter().enumerate() {
        // `module_data_of` has already refused an unknown piece.
        let Some(piece) = catalog.scenery.get(&placed.piece) else {
            continue;
        };
        let label = placed.label.as_deref().unwrap_or(&piece.name);
        for (n, pack) in piece.parts.iter().enumerate() {
            let Some(d) = data.next() else {
                break;
            };
            let part = placed.agreed_part(n, pack);
            let name = if piece.parts.len() == 1 || part.name.is_empty() {
                label.to_owned()
            } else {
                format!("{label} ({})", part.name)
            };
            let count = |kind| part.openings.iter().filter(|o| o.kind == kind).count();
            let wall = matches!(part.shape, Shape::Wall { .. });
            out.push(PartModuleTags {
                piece: i + 1,
                name,
                material: d.damage.and(part.material),
                hardness: d.damage.map(|x| x.hardness),
                structure: d
                    .damage
                    .and_then(|x| d.storey.map(|s| s.structure).or(x.structure)),
                section_len: d.damage.filter(|_| wall).map(|x| x.section_len),
                fuel: d.fuel,
                storey: d.storey.map(|s| s.number),
                doors: count(OpeningKind::Door),
                windows: count(OpeningKind::Window),
                fence: d.fence.is_some(),
            });
        }
    }
    Ok(out)
}

/// What one module needs of the scenery, and how many parts on the layout give it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ModuleNeed {
    /// The module.
    pub module: Module,
    /// The rule that says what the module reads.
    pub rule: &'static str,
    /// What it needs, in a player's words ("door or window to lock").
    pub needs: &'static str,
    /// Parts that give it (for SEC, doors and windows).
    pub found: usize,
}

impl ModuleNeed {
    /// Whether the layout has nothing the module needs.
    pub fn missing(&self) -> bool {
        self.found == 0
    }
}

/// For each module on that reads the scenery, what it needs and how much of it the layout
/// has: TERR a part a Breach can damage (TERR-3), FIRE a part or compartment that burns
/// (FIRE-4), SEC a door or window to lock (SEC-2) or a fence the pack places (SEC-14).
/// AID and BOT need no scenery.
pub fn check_module_needs(tags: &[PartModuleTags], modules: &Modules) -> Vec<ModuleNeed> {
    modules
        .iter()
        .filter_map(|&module| {
            let (rule, needs, found) = match module {
                Module::Terr => (
                    "TERR-3",
                    "part a Breach can damage (a material other than Immune)",
                    tags.iter().filter(|t| t.breakable()).count(),
                ),
                Module::Fire => (
                    "FIRE-4",
                    "part or building storey that burns (Fuel)",
                    tags.iter().filter(|t| t.flammable()).count(),
                ),
                Module::Sec => (
                    "SEC-2",
                    "door or window to lock, or fence (SEC-14)",
                    tags.iter()
                        .map(|t| t.lockable() + usize::from(t.fence))
                        .sum(),
                ),
                Module::Aid | Module::Bot => return None,
            };
            Some(ModuleNeed {
                module,
                rule,
                needs,
                found,
            })
        })
        .collect()
}

/// The modules a game of `scenario` has on: those it requires plus those the players chose,
/// by the engine's rule (MOD-1), which refuses a module the scenario forbids.
pub fn modules_of(scenario: Option<&Scenario>, chosen: &Modules) -> Result<Modules, ModuleError> {
    match scenario {
        Some(s) => s.modules.one_off(chosen),
        None => Ok(chosen.clone()),
    }
}

/// A finding for each module whose needs the layout doesn't meet (MOD-1).
pub fn module_findings(needs: &[ModuleNeed]) -> Vec<Finding> {
    needs
        .iter()
        .filter(|n| n.missing())
        .map(|n| Finding {
            rule: n.rule,
            message: format!(
                "the {} module is on, but the layout has no {}",
                n.module.title(),
                n.needs
            ),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use redline_content::schema::PlacedPiece;
    use redline_content::starter;

    fn tags_of(layout: &str) -> Vec<PartModuleTags> {
        let catalog = starter();
        let l = catalog.layouts.get(layout).expect("layout");
        module_tags(&catalog, l).expect("tags")
    }

    /// A 30"×22" layout of these pieces, placed apart.
    fn layout_of(pieces: &[&str]) -> Layout {
        Layout {
            id: "test".into(),
            name: "Test".into(),
            size: [30.0, 22.0],
            pieces: pieces
                .iter()
                .enumerate()
                .map(|(i, p)| PlacedPiece::new(p, [5.0 + 8.0 * i as f32, 11.0]))
                .collect(),
            text: String::new(),
        }
    }

    fn needs(pieces: &[&str], modules: &[Module]) -> Vec<ModuleNeed> {
        let catalog = starter();
        let tags = module_tags(&catalog, &layout_of(pieces)).expect("tags");
        check_module_needs(&tags, &modules.iter().copied().collect())
    }

    #[test]
    fn terr_3_terr_4_sec_2_a_brick_wall_shows_hardness_sections_and_its_window() {
        let tags = tags_of("breach_line");
        let wall = &tags[0];
        assert_eq!(wall.name, "Wall West End");
        assert_eq!(wall.material, Some(Material::Brick)); // TERR-3
        assert_eq!(wall.hardness, Some(3));
        assert_eq!(wall.structure, Some(1)); // TERR-5, the pack's value
        assert_eq!(wall.section_len, Some(3.0)); // TERR-4
        assert_eq!((wall.doors, wall.windows), (0, 1)); // SEC-2
        assert_eq!(
            wall.words(),
            vec![
                "Brick, Hardness 3".to_owned(),
                "Structure 1 a 3.0\" section".to_owned(),
                "1 window to lock".to_owned(),
            ]
        );
        // FIRE-4: a crate burns; a wall doesn't.
        assert!(
            tags.iter()
                .any(|t| t.name == "Cargo Crate" && t.fuel == Some(1))
        );
        assert!(!wall.flammable());
    }

    #[test]
    fn mod_9_fire_4_a_tenement_wall_carries_its_storey_structure_and_fuel() {
        let tags = tags_of("tenement_yard");
        let storeyed: Vec<&PartModuleTags> = tags.iter().filter(|t| t.storey.is_some()).collect();
        assert!(!storeyed.is_empty());
        for t in &storeyed {
            assert!(t.name.starts_with("Two-Storey Tenement ("), "{t:?}");
            assert_eq!(t.structure, Some(4), "{t:?}"); // TERR-5: a Brick storey's
            assert_eq!(t.fuel, Some(1), "{t:?}"); // FIRE-4: its compartment's
        }
        assert!(storeyed.iter().any(|t| t.storey == Some(2))); // MOD-9
        assert!(
            storeyed[0]
                .words()
                .iter()
                .any(|w| w.starts_with("storey 1: Structure 4")),
            "{:?}",
            storeyed[0].words()
        );
    }

    #[test]
    fn mod_1_a_layout_missing_what_a_module_needs_says_which() {
        // A ruined wall: brick to breach, nothing that burns, no door or window.
        let found = needs(&["wall_ruined"], &[Module::Terr, Module::Fire, Module::Sec]);
        let missing: Vec<&str> = found
            .iter()
            .filter(|n| n.missing())
            .map(|n| n.rule)
            .collect();
        assert_eq!(missing, vec!["FIRE-4", "SEC-2"]);
        let findings = module_findings(&found);
        assert_eq!(findings.len(), 2);
        assert!(
            findings[0]
                .message
                .contains("part or building storey that burns")
        );
        assert!(findings[1].message.contains("door or window to lock"));
        // A door wall and a crate meet all three.
        let found = needs(
            &["wall_door", "crate"],
            &[Module::Terr, Module::Fire, Module::Sec],
        );
        assert!(found.iter().all(|n| !n.missing()), "{found:?}");
        assert_eq!(
            found.iter().map(|n| n.found).collect::<Vec<_>>(),
            vec![2, 1, 1]
        );
    }

    #[test]
    fn mod_1_every_starter_scenario_finds_what_its_modules_need_on_its_layouts() {
        let catalog = starter();
        let mut checked = Vec::new();
        for scenario in catalog.scenarios.iter() {
            let on = modules_of(Some(scenario), &Modules::new()).expect("modules");
            for id in &scenario.setup.layouts {
                let layout = catalog.layouts.get(id).expect("layout");
                let tags = module_tags(&catalog, layout).expect("tags");
                let missing: Vec<&str> = check_module_needs(&tags, &on)
                    .iter()
                    .filter(|n| n.missing())
                    .map(|n| n.rule)
                    .collect();
                assert!(missing.is_empty(), "{} on {id}: {missing:?}", scenario.id);
            }
            if !on.is_empty() {
                checked.push(scenario.id.as_str());
            }
        }
        for id in [
            "lantern_fire",
            "back_room_blaze",
            "strongroom",
            "dock_perimeter",
        ] {
            assert!(checked.contains(&id), "{id}: {checked:?}"); // MOD-1
        }
    }

    #[test]
    fn sec_14_a_pack_fence_is_what_security_needs_on_a_table_without_doors() {
        let tags = tags_of("wire_compound");
        assert!(tags.iter().all(|t| t.lockable() == 0));
        let fences: Vec<&str> = tags
            .iter()
            .filter(|t| t.fence)
            .map(|t| t.name.as_str())
            .collect();
        assert_eq!(
            fences,
            vec!["North Fence", "South Fence", "West Fence", "East Wire"]
        ); // SEC-14
        assert!(tags[1].words().contains(&"a fence (SEC-14)".to_owned()));
        let found = check_module_needs(&tags, &[Module::Sec].into_iter().collect());
        assert_eq!(found[0].found, 4); // SEC-2, SEC-14
    }

    #[test]
    fn mod_1_aid_and_bot_need_no_scenery_and_no_module_needs_nothing() {
        assert!(needs(&[], &[Module::Aid, Module::Bot]).is_empty());
        assert!(needs(&[], &[]).is_empty());
        let terr = needs(&[], &[Module::Terr]);
        assert!(terr[0].missing()); // TERR-3: nothing to breach on an empty table
    }

    #[test]
    fn mod_1_a_scenario_s_required_modules_are_checked_and_forbidden_ones_refused() {
        let catalog = starter();
        let wall = catalog.scenarios.get("through_the_wall").expect("scenario");
        let on = modules_of(Some(wall), &Modules::new()).expect("modules");
        assert_eq!(on, [Module::Terr].into_iter().collect()); // MOD-1: required
        let mut forbids = wall.clone();
        forbids.modules.forbid.insert(Module::Fire);
        let chosen = [Module::Fire].into_iter().collect();
        assert!(modules_of(Some(&forbids), &chosen).is_err()); // MOD-1: forbidden
        assert_eq!(modules_of(None, &chosen).expect("modules"), chosen);
    }
}

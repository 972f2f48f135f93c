//! From a parsed script to the engine's [`Setup`]: the table, the players, every model
//! compiled from its pack card (through `redline_content`) or from a profile written in the
//! script, and the [`Cast`] that maps labels to model ids and names to seats.

use std::sync::Arc;

use redline_battlespace::{Battlespace, Table};
use redline_content::Catalog;
use redline_content::convert::{module_data, to_battlespace_layout, with_module_data};
use redline_content::team::{MemberSpec, compile_member};
use redline_rules::card::{ModelKeyword, ModelProfile};
use redline_rules::cards::{CardDef, CardKind};
use redline_rules::scenario::{SeatSide, SeatZone};
use redline_rules::{
    Entry, ModelId, ModelSetup, PlayerSetup, ScenarioRules, Seat, Setup, TeamId, Victory,
};

use super::ScriptError;
use super::doc::Doc;
use super::format::{InlineProfile, ModelSpec, Script, TableSpec};
use super::locate::Seg;

/// Who is who: the label of every model (by [`ModelId`]) and the name of every seat.
#[derive(Debug, Clone)]
pub struct Cast {
    /// Model labels, indexed by model id.
    pub models: Vec<String>,
    /// Player names, indexed by seat.
    pub players: Vec<String>,
}

impl Cast {
    /// The model with this label.
    pub fn model(&self, label: &str) -> Option<ModelId> {
        self.models
            .iter()
            .position(|l| l == label)
            .map(|i| ModelId(i as u16))
    }

    /// The seat of the player with this name.
    pub fn seat(&self, name: &str) -> Option<Seat> {
        self.players
            .iter()
            .position(|p| p == name)
            .map(|i| Seat(i as u8))
    }

    /// A model's label (its `#id` if out of range).
    pub fn model_label(&self, model: ModelId) -> String {
        self.models
            .get(model.index())
            .cloned()
            .unwrap_or_else(|| format!("#{}", model.0))
    }

    /// A seat's player name (`seat N` if out of range).
    pub fn player_name(&self, seat: Seat) -> String {
        self.players
            .get(usize::from(seat.0))
            .cloned()
            .unwrap_or_else(|| format!("seat {}", seat.0))
    }
}

/// Builds the setup and the cast, refusing unknown ids and labels with their position.
pub fn build(
    doc: &Doc<'_>,
    script: &Script,
    catalog: &Catalog,
) -> Result<(Setup, Cast), ScriptError> {
    let battlespace = table(doc, &script.table, catalog, &script.modules)?;
    if script.players.len() < 2 {
        return Err(doc.error(
            &[Seg::Field("players")],
            format!(
                "a game needs at least two players; the script has {}",
                script.players.len()
            ),
        ));
    }
    let mut cast = Cast {
        models: Vec::new(),
        players: Vec::new(),
    };
    let mut players = Vec::new();
    let mut models = Vec::new();
    for (seat, player) in script.players.iter().enumerate() {
        let path = [Seg::Field("players"), Seg::Index(seat), Seg::Field("name")];
        if cast.players.contains(&player.name) {
            return Err(doc.error(&path, format!("two players are named '{}'", player.name)));
        }
        cast.players.push(player.name.clone());
        players.push(PlayerSetup {
            name: player.name.clone(),
            team: TeamId(player.team.unwrap_or(seat as u8)),
            luck: player.luck,
        });
        for (index, spec) in player.models.iter().enumerate() {
            let path = [
                Seg::Field("players"),
                Seg::Index(seat),
                Seg::Field("models"),
                Seg::Index(index),
            ];
            let (label, profile) = model_profile(doc, &path, script, spec, catalog)?;
            if cast.models.contains(&label) {
                return Err(doc.error(
                    &path,
                    format!("two models are labelled '{label}'; give each a unique `label`"),
                ));
            }
            cast.models.push(label);
            // FIELD-7: a model without a spot is placed in the deployment before the game.
            let entry = if spec.at.is_some() {
                Entry::Table
            } else {
                Entry::Deploy
            };
            models.push(ModelSetup {
                entry,
                profile: Arc::new(profile),
                owner: Seat(seat as u8),
                position: spec.at.unwrap_or([0.0; 3]),
                hacked: spec.hacked,
            });
        }
    }
    if let Some(clash) = cast.models.iter().find(|l| cast.players.contains(l)) {
        return Err(doc.error(
            &[Seg::Field("players")],
            format!("'{clash}' names both a player and a model; labels must differ from names"),
        ));
    }
    let first_control = match &script.first_control {
        None => Seat(0),
        Some(name) => cast.seat(name).ok_or_else(|| {
            doc.error(&[Seg::Field("first_control")], unknown_player(name, &cast))
        })?,
    };
    let deployment = script
        .players
        .iter()
        .enumerate()
        .flat_map(|(seat, p)| {
            p.zone.iter().chain(&p.zones).map(move |&zone| SeatZone {
                seat: Seat(seat as u8),
                zone,
            })
        })
        .collect();
    let sides = script
        .players
        .iter()
        .enumerate()
        .filter_map(|(seat, p)| {
            p.side.as_ref().map(|side| SeatSide {
                seat: Seat(seat as u8),
                role: side.role,
                win: side.win.clone(),
            })
        })
        .collect();
    let fires = script
        .scenario
        .fires
        .iter()
        .map(|f| {
            let lighter = cast.seat(&f.lighter).ok_or_else(|| {
                doc.error(
                    &[Seg::Field("scenario"), Seg::Field("fires")],
                    unknown_player(&f.lighter, &cast),
                )
            })?;
            Ok(redline_rules::Fire {
                place: f.place,
                colour: f.colour,
                lighter,
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    let plain = ScenarioRules::default();
    let setup = Setup {
        scenario: ScenarioRules {
            deployment,
            markers: script.scenario.markers.clone(),
            rules: script.scenario.rules.clone(),
            win: script.scenario.win.clone().unwrap_or(plain.win.clone()),
            sides,
            fires,
            security: script.scenario.security.clone(),
            ..plain
        },
        battlespace,
        players,
        models,
        first_control,
        victory: Victory {
            turn_limit: script.turn_limit,
        },
        loot_deck: loot_deck(doc, script, catalog)?,
        loaded_dice: script.dice.clone(),
        modules: script.modules.clone(),
        third_force: None,
    };
    setup.validate().map_err(|e| {
        doc.error(
            &[Seg::Field("players")],
            format!("the engine refuses the setup: {e}"),
        )
    })?;
    Ok((setup, cast))
}

/// "no player 'x' (players: a, b)".
pub fn unknown_player(name: &str, cast: &Cast) -> String {
    format!(
        "no player is named '{name}' (players: {})",
        cast.players.join(", ")
    )
}

/// "no model is labelled 'x' (models: a, b)".
pub fn unknown_model(label: &str, cast: &Cast) -> String {
    format!(
        "no model is labelled '{label}' (models: {})",
        cast.models.join(", ")
    )
}

/// The script's table; a pack layout carries the scenery data the modules on in the script
/// read, and none of the others' (MOD-2). Inline pieces carry what they say.
fn table(
    doc: &Doc<'_>,
    spec: &TableSpec,
    catalog: &Catalog,
    modules: &redline_rules::Modules,
) -> Result<Battlespace, ScriptError> {
    let path = [Seg::Field("table")];
    let built = match spec {
        TableSpec::Open { width, depth } => {
            Battlespace::new(Table::new(*width, *depth), Vec::new())
        }
        TableSpec::Scenery {
            width,
            depth,
            pieces,
        } => Battlespace::new(Table::new(*width, *depth), pieces.clone()),
        TableSpec::Layout(id) => {
            let layout = to_battlespace_layout(catalog, id).map_err(|e| {
                let known: Vec<&str> = catalog.layouts.iter().map(|l| l.id.as_str()).collect();
                doc.error(&path, format!("{e} (layouts: {})", known.join(", ")))
            })?;
            let plain = Battlespace::from_layout(layout);
            match plain {
                Ok(space) if !modules.is_empty() => {
                    let data =
                        module_data(catalog, id).map_err(|e| doc.error(&path, e.to_string()))?;
                    with_module_data(&space, &data, modules)
                }
                plain => plain,
            }
        }
    };
    built.map_err(|e| doc.error(&path, format!("the table is not valid: {e}")))
}

/// A model's label and compiled profile.
fn model_profile(
    doc: &Doc<'_>,
    path: &[Seg<'_>],
    script: &Script,
    spec: &ModelSpec,
    catalog: &Catalog,
) -> Result<(String, ModelProfile), ScriptError> {
    let field = |name| {
        let mut p = path.to_vec();
        p.push(Seg::Field(name));
        p
    };
    match (&spec.card, &spec.profile) {
        (Some(card), None) => {
            let member = MemberSpec {
                card: card.clone(),
                gear: spec.gear.clone(),
                programs: spec.programs.clone(),
            };
            let compiled = compile_member(catalog, &member).map_err(|errors| {
                let reasons: Vec<String> = errors
                    .iter()
                    .map(|e| e.to_string().trim_start_matches("member 0: ").to_owned())
                    .collect();
                doc.error(&field("card"), reasons.join("; "))
            })?;
            let label = spec.label.clone().unwrap_or_else(|| card.clone());
            Ok((label, compiled.profile))
        }
        (None, Some(id)) => {
            let inline = script.profiles.get(id).ok_or_else(|| {
                let known: Vec<&str> = script.profiles.keys().map(String::as_str).collect();
                doc.error(
                    &field("profile"),
                    format!(
                        "no profile '{id}' in the script's `profiles` (profiles: {})",
                        known.join(", ")
                    ),
                )
            })?;
            if !spec.gear.is_empty() || !spec.programs.is_empty() {
                return Err(doc.error(
                    path,
                    "gear and programs go with a pack `card`; write them into the profile instead",
                ));
            }
            let label = spec.label.clone().unwrap_or_else(|| id.clone());
            Ok((label, inline_profile(id, inline)))
        }
        (Some(_), Some(_)) => Err(doc.error(
            path,
            "a model has either a `card` from a pack or a `profile` from the script, not both",
        )),
        (None, None) => Err(doc.error(
            path,
            "a model needs a `card` (a pack card id) or a `profile` (from the script's `profiles`)",
        )),
    }
}

/// The engine profile of a profile written in the script.
fn inline_profile(id: &str, p: &InlineProfile) -> ModelProfile {
    let mut keywords = p.keywords.clone();
    if p.gonk.is_some() && !keywords.contains(&ModelKeyword::Gonk) {
        keywords.push(ModelKeyword::Gonk);
    }
    ModelProfile {
        card_id: id.to_owned(),
        name: p.name.clone().unwrap_or_else(|| id.to_owned()),
        keywords,
        tokens: p.tokens.clone(),
        gonk_colour: p.gonk,
        skills: p.skills,
        card_armor: p.armor,
        cards: p
            .gear_armor
            .iter()
            .map(|(id, armor)| CardDef {
                armor: *armor,
                ..CardDef::new(id, id, CardKind::Gear)
            })
            .collect(),
        programs: Vec::new(),
        luck: 0,
        actions: p.actions.clone(),
        defenses: p.defenses.clone(),
        stars: 0,
        base_mm: p.base_mm.unwrap_or(27.0),
        construct: None,
    }
}

/// The script's Loot deck, top first, compiled from the pack's Loot cards (BASIC-14).
fn loot_deck(
    doc: &Doc<'_>,
    script: &Script,
    catalog: &Catalog,
) -> Result<Vec<CardDef>, ScriptError> {
    let all = redline_content::team::compile_loot_deck(catalog);
    script
        .loot_deck
        .iter()
        .map(|id| {
            all.iter().find(|c| &c.id == id).cloned().ok_or_else(|| {
                doc.error(
                    &[Seg::Field("loot_deck")],
                    format!("unknown Loot card '{id}'"),
                )
            })
        })
        .collect()
}

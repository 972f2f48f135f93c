//! The table's textures as Bevy assets. The PNGs of `assets/textures/` are built into the
//! binary as embedded assets (`embedded://redline/textures/…`), so the game needs nothing on
//! disk; they load through `bevy_asset_loader` as the [`TableTextures`] collection while the
//! Loading screen holds and shows [`LoadingProgress`]. Needs `AssetPlugin` and Bevy's image
//! loader (the render plugin registers it; a headless test registers it by hand).

use std::path::{Path, PathBuf};

use bevy::asset::LoadState;
use bevy::asset::io::embedded::EmbeddedAssetRegistry;
use bevy::prelude::*;
use bevy_asset_loader::prelude::*;
use redline_meshes::Texture;

use crate::headless::schedule::AppSystems;
use crate::headless::screen::{LoadingHolds, Screen};

/// The name this plugin holds the Loading screen under.
const HOLD: &str = "textures";

/// The folder of the embedded source the textures sit in.
const EMBEDDED_FOLDER: &str = "redline";

/// The table's textures, loaded and sampled with repeat (the meshes' UVs are in inches, so
/// a texture tiles across a wall).
#[derive(AssetCollection, Resource, Debug)]
pub struct TableTextures {
    #[asset(path = "embedded://redline/textures/brick.png")]
    #[asset(image(sampler(filter = linear, wrap = repeat)))]
    brick: Handle<Image>,
    #[asset(path = "embedded://redline/textures/rusted_steel.png")]
    #[asset(image(sampler(filter = linear, wrap = repeat)))]
    rusted_steel: Handle<Image>,
    #[asset(path = "embedded://redline/textures/concrete.png")]
    #[asset(image(sampler(filter = linear, wrap = repeat)))]
    concrete: Handle<Image>,
    #[asset(path = "embedded://redline/textures/asphalt.png")]
    #[asset(image(sampler(filter = linear, wrap = repeat)))]
    asphalt: Handle<Image>,
    #[asset(path = "embedded://redline/textures/wood.png")]
    #[asset(image(sampler(filter = linear, wrap = repeat)))]
    wood: Handle<Image>,
    #[asset(path = "embedded://redline/textures/canvas.png")]
    #[asset(image(sampler(filter = linear, wrap = repeat)))]
    canvas: Handle<Image>,
}

impl TableTextures {
    /// The image of a texture.
    pub fn get(&self, texture: Texture) -> &Handle<Image> {
        match texture {
            Texture::Brick => &self.brick,
            Texture::RustedSteel => &self.rusted_steel,
            Texture::Concrete => &self.concrete,
            Texture::Asphalt => &self.asphalt,
            Texture::Wood => &self.wood,
            Texture::Canvas => &self.canvas,
        }
    }
}

/// Where a texture loads from: `embedded://redline/` and its path under `assets/`.
pub fn asset_path(texture: Texture) -> String {
    format!("embedded://{EMBEDDED_FOLDER}/{}", texture.path())
}

/// How far the Loading screen's work is.
#[derive(Resource, Debug, Clone, Default, PartialEq)]
pub struct LoadingProgress {
    /// How many textures are in.
    pub done: usize,
    /// How many textures there are.
    pub total: usize,
    /// The first texture still loading (its path under `assets/`).
    pub loading: Option<&'static str>,
    /// The first texture that failed to load: its path and why.
    pub failed: Option<String>,
}

impl LoadingProgress {
    /// The share done, from 0 to 1.
    pub fn share(&self) -> f32 {
        if self.total == 0 {
            1.0
        } else {
            self.done as f32 / self.total as f32
        }
    }
}

/// Embeds the textures, loads them in the Loading screen and holds it until they are in.
pub fn plugin(app: &mut App) {
    embed_textures(app);
    app.add_loading_state(LoadingState::new(Screen::Loading).load_collection::<TableTextures>());
    app.init_resource::<LoadingHolds>();
    app.world_mut().resource_mut::<LoadingHolds>().hold(HOLD);
    app.insert_resource(LoadingProgress {
        total: Texture::ALL.len(),
        ..default()
    });
    app.add_systems(
        Update,
        track_textures
            .in_set(AppSystems::Update)
            .run_if(in_state(Screen::Loading)),
    );
}

/// Puts each texture's bytes in Bevy's embedded source under its asset path.
fn embed_textures(app: &mut App) {
    let registry = app.world().resource::<EmbeddedAssetRegistry>();
    for texture in Texture::ALL {
        let on_disk = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("assets")
            .join(texture.path());
        let embedded = Path::new(EMBEDDED_FOLDER).join(texture.path());
        registry.insert_asset(on_disk, &embedded, texture_bytes(texture));
    }
}

/// The committed textures, built into the binary.
fn texture_bytes(texture: Texture) -> &'static [u8] {
    match texture {
        Texture::Brick => include_bytes!("../../assets/textures/brick.png"),
        Texture::RustedSteel => include_bytes!("../../assets/textures/rusted_steel.png"),
        Texture::Concrete => include_bytes!("../../assets/textures/concrete.png"),
        Texture::Asphalt => include_bytes!("../../assets/textures/asphalt.png"),
        Texture::Wood => include_bytes!("../../assets/textures/wood.png"),
        Texture::Canvas => include_bytes!("../../assets/textures/canvas.png"),
    }
}

/// Follows the textures' loads for the Loading screen; once the collection is in, releases
/// the screen. A texture that fails (a damaged file) is reported, not a panic: the screen
/// stays and says which file and why.
fn track_textures(
    server: Res<AssetServer>,
    collection: Option<Res<TableTextures>>,
    mut progress: ResMut<LoadingProgress>,
    mut holds: ResMut<LoadingHolds>,
) {
    let mut next = LoadingProgress {
        total: Texture::ALL.len(),
        ..default()
    };
    if collection.is_some() {
        next.done = next.total;
        holds.release(HOLD);
    } else {
        for texture in Texture::ALL {
            let state = server
                .get_handle::<Image>(asset_path(texture))
                .map(|handle| server.load_state(&handle));
            match state {
                Some(LoadState::Loaded) => next.done += 1,
                Some(LoadState::Failed(error)) => {
                    next.failed
                        .get_or_insert_with(|| format!("{}: {error}", texture.path()));
                }
                Some(LoadState::NotLoaded | LoadState::Loading) | None => {
                    next.loading.get_or_insert(texture.path());
                }
            }
        }
    }
    if *progress != next {
        if let Some(failed) = next.failed.as_ref().filter(|_| progress.failed.is_none()) {
            error!("a texture failed to load: {failed}");
        }
        *progress = next;
    }
}

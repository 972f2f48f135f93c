//! The Loading screen with the table's textures, under `MinimalPlugins` plus the asset
//! server and Bevy's image loader: the app goes through it to the main menu with every
//! texture in the collection; a damaged texture keeps the screen open and names the file
//! instead of panicking.

use std::path::{Path, PathBuf};
use std::time::Duration;

use bevy::asset::io::embedded::EmbeddedAssetRegistry;
use bevy::image::{CompressedImageFormats, ImageAddressMode, ImageLoader, ImageSampler};
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use redline::headless::options::LaunchOptions;
use redline::headless::screen::Screen;
use redline::table::assets::{LoadingProgress, TableTextures};
use redline_meshes::Texture;

use crate::driver::{data_dir, screen};

/// The match layer, the table and its textures' loading, not yet updated.
fn loading_app(name: &str) -> App {
    let mut app = App::new();
    app.insert_resource(LaunchOptions {
        data_dir: Some(data_dir(name)),
        ..default()
    });
    app.add_plugins((
        MinimalPlugins,
        StatesPlugin,
        AssetPlugin::default(),
        ImagePlugin::default(),
    ));
    // The render plugin registers the PNG loader in the game.
    app.register_asset_loader(ImageLoader::new(CompressedImageFormats::NONE));
    app.add_plugins((
        redline::headless::plugin,
        redline::table::plugin,
        redline::table::assets::plugin,
    ));
    app
}

/// Updates the app until `done` holds (the loads run on the IO task pool), at most a few
/// thousand frames; whether it held.
fn update_until(app: &mut App, done: impl Fn(&App) -> bool) -> bool {
    for _ in 0..5000 {
        app.update();
        if done(app) {
            return true;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    false
}

fn progress(app: &App) -> LoadingProgress {
    app.world().resource::<LoadingProgress>().clone()
}

#[test]
fn the_loading_screen_waits_for_the_textures_then_opens_the_menu() {
    let mut app = loading_app("loading-menu");
    app.update();
    assert_eq!(screen(&app), Screen::Loading);
    assert!(!app.world().contains_resource::<TableTextures>());

    assert!(
        update_until(&mut app, |app| screen(app) == Screen::MainMenu),
        "the Loading screen never left: {:?}",
        progress(&app)
    );
    let textures = app.world().resource::<TableTextures>();
    let images = app.world().resource::<Assets<Image>>();
    for texture in Texture::ALL {
        let image = images
            .get(textures.get(texture))
            .unwrap_or_else(|| panic!("{} is not loaded", texture.path()));
        let ImageSampler::Descriptor(sampler) = &image.sampler else {
            panic!("{} has the default sampler", texture.path());
        };
        // UVs are in inches: the texture tiles.
        assert_eq!(sampler.address_mode_u, ImageAddressMode::Repeat);
        assert_eq!(sampler.address_mode_v, ImageAddressMode::Repeat);
    }
    let done = progress(&app);
    assert_eq!((done.done, done.total), (6, 6));
    assert_eq!(done.share(), 1.0);
    assert_eq!(done.failed, None);
}

#[test]
fn a_damaged_texture_keeps_the_loading_screen_and_names_the_file() {
    let mut app = loading_app("loading-damaged");
    app.world()
        .resource::<EmbeddedAssetRegistry>()
        .insert_asset(
            PathBuf::from("brick.png"),
            Path::new("redline/textures/brick.png"),
            b"not a png".as_slice(),
        );

    assert!(
        update_until(&mut app, |app| progress(app).failed.is_some()),
        "the damaged texture was never reported: {:?}",
        progress(&app)
    );
    for _ in 0..10 {
        app.update();
    }
    assert_eq!(screen(&app), Screen::Loading);
    assert!(!app.world().contains_resource::<TableTextures>());
    let failed = progress(&app).failed.expect("the failure stays reported");
    assert!(
        failed.starts_with("textures/brick.png: "),
        "the report names the file: {failed}"
    );
}

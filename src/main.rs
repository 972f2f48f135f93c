//! The `redline` binary: parses the command line and runs the app built in `lib.rs`.

use bevy::prelude::*;
use redline::RedlinePlugin;
use redline::headless::options::{LaunchOptions, OptionsError, USAGE};

/// mimalloc serves the engine's many small short-lived lists faster than the system allocator
/// (docs/decisions/perf-global-allocator.md). The browser build keeps Rust's own allocator.
#[cfg(not(target_arch = "wasm32"))]
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> AppExit {
    let options = match LaunchOptions::parse(std::env::args().skip(1)) {
        Ok(options) => options,
        Err(OptionsError::Help) => {
            println!("{USAGE}");
            return AppExit::Success;
        }
        Err(error) => {
            eprintln!("redline: {error}\n\n{USAGE}");
            return AppExit::from_code(2);
        }
    };
    // Content: the embedded starter pack, plus `--pack DIR` checked before any window opens.
    let catalog = match &options.pack {
        None => redline_content::starter(),
        Some(dir) => match redline_content::load_with_user_pack(dir) {
            Ok(loaded) => {
                for warning in &loaded.warnings {
                    eprintln!("redline: {warning}");
                }
                loaded.catalog
            }
            Err(error) => {
                for problem in &error.problems {
                    eprintln!("redline: {problem}");
                }
                eprintln!(
                    "redline: the pack in {} has {} error(s); fix them or start without --pack",
                    dir.display(),
                    error.errors().count()
                );
                return AppExit::from_code(2);
            }
        },
    };
    App::new()
        .add_plugins(RedlinePlugin { options, catalog })
        .run()
}

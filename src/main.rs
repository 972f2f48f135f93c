//! The `redline` binary: parses the command line and runs the app built in `lib.rs`.

use bevy::prelude::*;
use redline::RedlinePlugin;
use redline::options::{LaunchOptions, OptionsError, USAGE};

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
    App::new().add_plugins(RedlinePlugin { options }).run()
}

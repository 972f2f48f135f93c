//! Command-line options of the `redline` binary (`--smoke <out.png>`, `--low`, `--battle`).

use std::path::PathBuf;

use bevy::prelude::*;

use crate::screens::Screen;

/// What `redline --help` prints.
pub const USAGE: &str = "\
Usage: redline [OPTIONS]

Options:
  --smoke <out.png>  Start the battle view without user input, render a few frames,
                     write a screenshot to <out.png> and exit (0 on success)
  --battle           Start straight in the battle view (skip the main menu)
  --low              Low-quality rendering: no shadows, no MSAA (automatic on a CPU adapter)
  --pack <DIR>       Add the content pack in DIR to the embedded starter pack; every
                     problem in it is printed (file:line:col) and the game doesn't start
  -h, --help         Print this help";

/// How the app was launched; a resource so every plugin can read it.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct LaunchOptions {
    /// `--smoke <out.png>`: where the smoke run writes its screenshot.
    pub smoke: Option<PathBuf>,
    /// `--low`: force low-quality rendering.
    pub low_quality: bool,
    /// `--battle`: skip the main menu.
    pub battle: bool,
    /// `--pack <DIR>`: a user content pack added to the starter pack.
    pub pack: Option<PathBuf>,
}

/// A command line the binary does not understand.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum OptionsError {
    /// `--smoke` was the last argument.
    #[error("--smoke needs an output path, e.g. `redline --smoke shot.png`")]
    MissingSmokePath,
    /// `--pack` was the last argument.
    #[error("--pack needs a folder, e.g. `redline --pack my_pack`")]
    MissingPackPath,
    /// An argument nobody asked for.
    #[error("unknown argument `{0}`")]
    Unknown(String),
    /// `-h` / `--help`: not an error, but nothing to run either.
    #[error("help requested")]
    Help,
}

impl LaunchOptions {
    /// Parses the arguments that follow the program name.
    pub fn parse(args: impl IntoIterator<Item = String>) -> Result<Self, OptionsError> {
        let mut options = LaunchOptions::default();
        let mut args = args.into_iter();
        while let Some(arg) = args.next() {
            match arg.as_str() {
                "--smoke" => {
                    let path = args.next().ok_or(OptionsError::MissingSmokePath)?;
                    options.smoke = Some(PathBuf::from(path));
                }
                "--pack" => {
                    let path = args.next().ok_or(OptionsError::MissingPackPath)?;
                    options.pack = Some(PathBuf::from(path));
                }
                "--low" => options.low_quality = true,
                "--battle" => options.battle = true,
                "-h" | "--help" => return Err(OptionsError::Help),
                _ => return Err(OptionsError::Unknown(arg)),
            }
        }
        Ok(options)
    }

    /// The screen the app shows once loading is done.
    pub fn first_screen(&self) -> Screen {
        if self.smoke.is_some() || self.battle {
            Screen::Battle
        } else {
            Screen::MainMenu
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<LaunchOptions, OptionsError> {
        LaunchOptions::parse(args.iter().map(|a| a.to_string()))
    }

    #[test]
    fn smoke_takes_a_path_and_starts_in_battle() {
        let options = parse(&["--smoke", "out.png", "--low"]).unwrap();
        assert_eq!(options.smoke, Some(PathBuf::from("out.png")));
        assert!(options.low_quality);
        assert_eq!(options.first_screen(), Screen::Battle);
    }

    #[test]
    fn no_arguments_start_at_the_main_menu() {
        assert_eq!(parse(&[]).unwrap().first_screen(), Screen::MainMenu);
    }

    #[test]
    fn bad_command_lines_are_rejected() {
        assert_eq!(parse(&["--smoke"]), Err(OptionsError::MissingSmokePath));
        assert_eq!(
            parse(&["--fast"]),
            Err(OptionsError::Unknown("--fast".into()))
        );
        assert_eq!(parse(&["--help"]), Err(OptionsError::Help));
        assert_eq!(parse(&["--pack"]), Err(OptionsError::MissingPackPath));
    }

    #[test]
    fn pack_takes_a_folder() {
        let options = parse(&["--pack", "packs/mine"]).unwrap();
        assert_eq!(options.pack, Some(PathBuf::from("packs/mine")));
        assert_eq!(options.first_screen(), Screen::MainMenu);
    }
}

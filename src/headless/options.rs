//! Command-line options of the `redline` binary (`--smoke <out.png>`, `--scene`, `--low`,
//! `--battle`, `--pack`, `--data-dir`).

use std::path::PathBuf;

use bevy::prelude::*;

use crate::headless::screen::Screen;

/// What `redline --help` prints.
pub const USAGE: &str = "\
Usage: redline [OPTIONS]

Options:
  --smoke <out.png>  Play a scripted scene without user input, render it, write a
                     screenshot to <out.png> and exit (0 on success)
  --scene <NAME>     The smoke scene: battle (default), main-menu, solo-setup,
                     team-builder, deployment, route-preview, path-of-attack,
                     luck-prompt, reaction-prompt, results, click-to-select, coach,
                     one-off-setup, one-off-builder, campaign-pairs, planner,
                     planner-3d, brawl, mid-move, eye-view, lobby, online-match,
                     modules, security, coop;
                     `--scene frame-time` measures 600 frames of the full table instead
                     (a model selected; `frame-time-opened`: the table as it opens)
  --battle           Start straight in the battle view (skip the main menu)
  --low              Low-quality rendering: no shadows, no MSAA (automatic on a CPU adapter)
  --pack <DIR>       Add the content pack in DIR to the embedded starter pack; every
                     problem in it is printed (file:line:col) and the game doesn't start
  --data-dir <DIR>   Keep saves, rosters and key bindings in DIR instead of the user's
                     data folder ($XDG_DATA_HOME/redline or ~/.local/share/redline)
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
    /// `--scene <NAME>`: which scripted scene the smoke run shows.
    pub scene: Option<String>,
    /// `--data-dir <DIR>`: where saves and settings live.
    pub data_dir: Option<PathBuf>,
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
    /// `--scene` was the last argument.
    #[error("--scene needs a name, e.g. `redline --smoke shot.png --scene luck-prompt`")]
    MissingScene,
    /// `--data-dir` was the last argument.
    #[error("--data-dir needs a folder, e.g. `redline --data-dir /tmp/redline`")]
    MissingDataDir,
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
                "--scene" => {
                    options.scene = Some(args.next().ok_or(OptionsError::MissingScene)?);
                }
                "--data-dir" => {
                    let path = args.next().ok_or(OptionsError::MissingDataDir)?;
                    options.data_dir = Some(PathBuf::from(path));
                }
                "--low" => options.low_quality = true,
                "--battle" => options.battle = true,
                "-h" | "--help" => return Err(OptionsError::Help),
                _ => return Err(OptionsError::Unknown(arg)),
            }
        }
        Ok(options)
    }

    /// Whether loading goes straight to the quick skirmish rather than the main menu.
    pub fn quick_battle(&self) -> bool {
        self.battle
            || (self.smoke.is_some()
                && matches!(
                    self.scene.as_deref(),
                    None | Some("battle")
                        | Some("frame-time")
                        | Some("frame-time-opened")
                        | Some("click-to-select")
                ))
    }

    /// The screen the app shows once loading is done (the quick skirmish is started from
    /// the menu's own intent, so it begins like any other match).
    pub fn first_screen(&self) -> Screen {
        Screen::MainMenu
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
        assert!(options.quick_battle());
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
        assert_eq!(parse(&["--scene"]), Err(OptionsError::MissingScene));
        assert_eq!(parse(&["--data-dir"]), Err(OptionsError::MissingDataDir));
    }

    #[test]
    fn a_named_scene_starts_at_the_menu_and_data_dir_takes_a_folder() {
        let options = parse(&[
            "--smoke",
            "a.png",
            "--scene",
            "luck-prompt",
            "--data-dir",
            "d",
        ])
        .unwrap();
        assert_eq!(options.scene.as_deref(), Some("luck-prompt"));
        assert_eq!(options.data_dir, Some(PathBuf::from("d")));
        assert!(!options.quick_battle());
    }

    #[test]
    fn pack_takes_a_folder() {
        let options = parse(&["--pack", "packs/mine"]).unwrap();
        assert_eq!(options.pack, Some(PathBuf::from("packs/mine")));
        assert_eq!(options.first_screen(), Screen::MainMenu);
    }
}

//! The app's headless tests (`MinimalPlugins`, no window, no GPU), in one test binary: each
//! binary links the whole Bevy stack, so one binary instead of four saves three links and
//! three copies of the app's generic code in the test build
//! (docs/decisions/ci-build-time.md). Add a new app test file as a module here.

mod animate;
mod bindings;
mod breach_aim;
mod campaign;
mod campaign_arc;
mod campaign_luck;
mod campaign_modules;
mod campaign_teams;
mod chosen_pack;
mod coach;
mod construct_visuals;
mod coop;
mod damaged_files;
mod drag_odds;
mod driver;
#[path = "../../crates/campaign/tests/common/edited_starter.rs"]
mod edited_starter;
mod eye;
mod free_actions;
mod game_modules;
mod game_size;
mod hot_seat;
mod layers;
mod loading;
mod module_visuals;
mod older_saves;
mod one_off;
mod online;
mod pace;
mod planner;
mod planner3d;
mod planner_responsive;
mod playtest_drag;
mod room_fires;
#[path = "../../crates/rules/tests/common/mod.rs"]
mod rules_common;
mod save_transfer;
mod security_placing;
mod security_visuals;
mod smoke;
mod solo;
mod table;
mod teams;
mod think_slices;
mod third_force;

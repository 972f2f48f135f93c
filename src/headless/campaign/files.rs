//! The campaign files in the data folder as the app lists them, and the file beside each
//! saying which teams the computer plays.

use std::path::{Path, PathBuf};

use redline_campaign::save;
use redline_content::store;
use serde::{Deserialize, Serialize};

use super::phase_name;
use crate::headless::game::ai_level::AiLevel;
use crate::headless::persist::data_dir::DataDir;
use crate::headless::persist::refusals::Refusal;

/// The envelope kind of the file saying which campaign teams the computer plays.
pub(super) const SEATS_KIND: &str = "redline-campaign-seats";

/// Which campaign teams the computer plays (kept beside the campaign file: the campaign
/// itself is the same whoever plays it).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CampaignSeats {
    /// Per campaign team, the computer's level, or `None` for a person.
    pub computer: Vec<Option<AiLevel>>,
}

/// Writes which teams the computer plays beside the campaign file.
pub fn write_seats(campaign_file: &Path, seats: &CampaignSeats) -> Result<(), String> {
    store::write(&seats_path(campaign_file), SEATS_KIND, 1, seats).map_err(|e| e.to_string())
}

/// The seats file beside a campaign file.
pub(super) fn seats_path(campaign_file: &Path) -> PathBuf {
    let name = campaign_file
        .file_name()
        .map(|n| n.to_string_lossy().replace(".campaign.ron", ".seats.ron"))
        .unwrap_or_else(|| "campaign.seats.ron".to_owned());
    campaign_file.with_file_name(name)
}

/// One campaign in the list: its file and what the list shows of it.
#[derive(Debug, Clone, PartialEq)]
pub struct CampaignEntry {
    /// The campaign file.
    pub path: PathBuf,
    /// Name, players, games played and what comes next; or why the file can't be read.
    pub summary: String,
    /// Whether the file (or its previous copy) could be read.
    pub readable: bool,
    /// Why the file itself was refused (kept untouched), and whether its previous copy
    /// opens in its place.
    pub refusal: Option<Refusal>,
}

/// The campaigns in the data folder, side by side, sorted by file name.
pub fn list_campaigns(dir: &DataDir) -> Vec<CampaignEntry> {
    save::list(&dir.campaigns())
        .into_iter()
        .map(|path| match save::load_or_previous(&path) {
            Ok((c, from)) => {
                let players: Vec<&str> = c.teams.iter().map(|t| t.player.as_str()).collect();
                let players = match &c.arc {
                    Some(_) => format!("{} against the computer", players.join(" + ")),
                    None => players.join(" vs "),
                };
                let state = match c.winner {
                    Some(w) => format!("won by {}", c.teams[w].player),
                    None => phase_name(c.phase).to_owned(),
                };
                let summary = format!(
                    "{} — {} — {} game(s) — {state}",
                    c.name,
                    players,
                    c.history.len()
                );
                let refusal = (from == store::ReadFrom::Previous).then(|| {
                    let reason = save::load(&path).err().map_or_else(
                        || "the file changed while it was read".to_owned(),
                        |e| e.to_string(),
                    );
                    Refusal::new(&path, reason, Some(store::previous_path(&path)))
                });
                CampaignEntry {
                    summary,
                    path,
                    readable: true,
                    refusal,
                }
            }
            Err(e) => CampaignEntry {
                summary: "cannot be opened".to_owned(),
                refusal: Some(Refusal::new(&path, e, None)),
                path,
                readable: false,
            },
        })
        .collect()
}

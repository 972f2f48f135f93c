//! `redline-cli join`: a bot at a host. It joins a seat with a code (or opens a match on a
//! dedicated server with `--create` and plays its local seats), submits quick teams, answers
//! every prompt with a bot on its replica, rejoins after a dropped connection, and at the end
//! checks the whole match against the seed the host reveals.

use std::io::Write as _;
use std::path::Path;
use std::str::FromStr;
use std::time::{Duration, Instant};

use clap::Args;
use redline_ai::Level;
use redline_content::Catalog;
use redline_content::game_size::GameSize;
use redline_content::skirmish::quick_team;
use redline_content::team::TeamRules;
use redline_online::client::ClientEvent;
use redline_online::lobby::{LobbySetup, SeatKind};
use redline_online::net::Online;
use serde_json::json;

use crate::exit::{CliError, CommandResult, Verdict};
use crate::output::Format;
use crate::packs;

const EXAMPLES: &str = "\
Examples:
  redline-cli join 127.0.0.1:7878 --create street_claim --seats local,remote --bot easy
  redline-cli join 127.0.0.1:7878 K7QF-2MXR --bot normal --name robo
  redline-cli join 127.0.0.1:7878 --create street_claim --seats local,computer:easy:choir
  redline-cli join 127.0.0.1:7878 --create street_claim --size 200 --seats local,remote

With --create the codes of the new match are printed first (a JSON line with --json). A
seat in --seats is local (played by this client), remote (joined with its code) or
computer:LEVEL:FACTION (played on the host). At the end the replica is checked against the
seed the host reveals: exit 0 when it ends on the host's state hash, 1 otherwise.";

/// Arguments of `redline-cli join`.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct JoinArgs {
    /// The host's address and port.
    addr: String,

    /// The join code of a seat (not with --create).
    #[arg(required_unless_present = "create", conflicts_with = "create")]
    code: Option<String>,

    /// Open a match of this scenario on a dedicated server instead of joining one.
    #[arg(long, value_name = "SCENARIO")]
    create: Option<String>,

    /// With --create: who plays each seat, comma-separated.
    #[arg(long, value_delimiter = ',', default_value = "local,remote")]
    seats: Vec<String>,

    /// With --create: turns of Control after which the match ends.
    #[arg(long)]
    turn_limit: Option<u32>,

    /// With --create: the game size, 100, 150 or 200 EB (FIELD-1); the EB limit and the
    /// table follow it. The scenario's own when left out.
    #[arg(long, value_name = "EB", requires = "create")]
    size: Option<GameSize>,

    /// With --create: optional rule modules to turn on, comma-separated: terr, fire, sec,
    /// aid, bot (MOD-1). The scenario's required modules are always on; a module it forbids
    /// is refused by the host.
    #[arg(long, value_name = "LIST", default_value = "", requires = "create")]
    modules: String,

    /// The bot answering for this client's seats (random, easy, normal, hard).
    #[arg(long, default_value = "random")]
    bot: String,

    /// The player's name.
    #[arg(long, default_value = "bot")]
    name: String,

    /// The faction of this client's quick teams (the packs' first factions by seat when
    /// left out).
    #[arg(long)]
    faction: Option<String>,

    /// Seconds to keep trying to reach a host that went away.
    #[arg(long, default_value_t = 60)]
    patience: u64,

    /// Milliseconds the bot waits before each answer (a person's pace; 0 answers at once).
    #[arg(long, default_value_t = 0)]
    think_ms: u64,
}

/// Runs `join`.
pub fn run(args: &JoinArgs, pack: Option<&Path>, format: Format) -> CommandResult {
    let catalog = packs::catalog(pack)?;
    let level = Level::from_str(&args.bot).map_err(|e| CliError::bad_input(e.to_string()))?;
    let mut bot = level.bot(std::process::id().into());
    let seats = args
        .seats
        .iter()
        .map(|s| seat_kind(s))
        .collect::<Result<Vec<_>, _>>()?;
    let mut online = Online::connect(&args.addr, &args.name);
    if let Some(scenario) = &args.create {
        online.session.create(LobbySetup {
            scenario: scenario.clone(),
            layout: None,
            seats,
            turn_limit: args.turn_limit,
            size: args.size.map(GameSize::eb),
            modules: crate::modules::parse(&args.modules)?,
        });
    } else if let Some(code) = &args.code {
        online.session.join(code);
    }
    let mut teams_sent = false;
    let mut resyncs = 0u32;
    let mut starts = 0u32;
    let mut heard = Instant::now();
    let patience = Duration::from_secs(args.patience);
    loop {
        let events = match online.pump(Duration::from_millis(50)) {
            Ok(events) => events,
            Err(why) => {
                if heard.elapsed() > patience {
                    return Err(CliError::failure(format!("lost the host: {why}")));
                }
                std::thread::sleep(Duration::from_millis(200));
                online.reconnect();
                continue;
            }
        };
        if !events.is_empty() {
            heard = Instant::now();
        }
        for ev in events {
            match ev {
                ClientEvent::Created {
                    match_id,
                    owner_code,
                    seat_codes,
                    spectator_code,
                } => {
                    let codes: Vec<_> = seat_codes
                        .iter()
                        .map(|c| json!({ "seat": c.seat.0, "code": c.code }))
                        .collect();
                    let line = match format {
                        Format::Json => json!({
                            "created": match_id,
                            "owner_code": owner_code,
                            "seat_codes": codes,
                            "spectator_code": spectator_code,
                        })
                        .to_string(),
                        Format::Human => format!(
                            "match {match_id}: owner code {owner_code}, spectators {spectator_code}, seats {}",
                            seat_codes
                                .iter()
                                .map(|c| format!("{}={}", c.seat.0, c.code))
                                .collect::<Vec<_>>()
                                .join(" ")
                        ),
                    };
                    let mut out = std::io::stdout().lock();
                    writeln!(out, "{line}")?;
                    out.flush()?;
                }
                ClientEvent::Lobby(state) if !teams_sent && !state.started => {
                    let seats = online.session.seats().to_vec();
                    for seat in &seats {
                        let faction = faction_for(&catalog, args.faction.as_deref(), seat.0);
                        let team =
                            quick_team(&catalog, &faction, &TeamRules::one_off(state.eb_limit))
                                .map_err(|e| CliError::bad_input(e.to_string()))?;
                        online.session.submit_team(*seat, team);
                    }
                    teams_sent = !seats.is_empty();
                }
                ClientEvent::Prompt { .. } => {
                    std::thread::sleep(Duration::from_millis(args.think_ms));
                    if let Some(replica) = online.session.replica() {
                        let command = bot.choose(replica.game());
                        online.session.answer(command);
                    }
                }
                ClientEvent::Resync(_) => resyncs += 1,
                ClientEvent::Started => starts += 1,
                ClientEvent::Refused(r) => eprintln!("join: refused: {r}"),
                ClientEvent::Finished { .. } => {
                    let restarts = starts.saturating_sub(1);
                    return report(&online, resyncs, restarts, format);
                }
                _ => {}
            }
        }
    }
}

/// Prints the end of the match and whether the replica reached the host's hash. `restarts`:
/// how often the host sent the whole match again on a rejoin (0 when every rejoin caught up
/// from the last step this client held, as it does when the host lost nothing).
fn report(online: &Online, resyncs: u32, restarts: u32, format: Format) -> CommandResult {
    let finish = online.session.finish().expect("finished");
    let steps = online.session.replica().map_or(0, |r| r.steps());
    let (verified, error) = match &finish.verified {
        Ok(hash) => (Some(*hash), None),
        Err(e) => (None, Some(e.to_string())),
    };
    let same = verified == Some(finish.host_state_hash);
    let outcome = finish.outcome.as_ref().map(|o| format!("{o:?}"));
    match format {
        Format::Json => println!(
            "{}",
            json!({
                "match": online.session.match_id(),
                "steps": steps,
                "host_state_hash": format!("{:016x}", finish.host_state_hash),
                "state_hash": verified.map(|h| format!("{h:016x}")),
                "verified": same,
                "error": error,
                "resyncs": resyncs,
                "restarts": restarts,
                "outcome": outcome,
            })
        ),
        Format::Human => println!(
            "match over after {steps} commands: state hash {:016x} ({}), {resyncs} resyncs, \
             {restarts} restarts; {}",
            finish.host_state_hash,
            if same {
                "replica agrees"
            } else {
                "REPLICA DIFFERS"
            },
            outcome.unwrap_or_default()
        ),
    }
    Ok(Verdict::failed_if(!same))
}

/// A seat of `--seats`.
fn seat_kind(word: &str) -> Result<SeatKind, CliError> {
    match word.split(':').collect::<Vec<_>>().as_slice() {
        ["local"] => Ok(SeatKind::Local),
        ["remote"] => Ok(SeatKind::Remote),
        ["computer", level, faction] => Ok(SeatKind::Computer {
            level: (*level).to_owned(),
            faction: (*faction).to_owned(),
        }),
        _ => Err(CliError::bad_input(format!(
            "unknown seat '{word}': use local, remote or computer:LEVEL:FACTION"
        ))),
    }
}

/// The faction a seat's quick team is of.
fn faction_for(catalog: &Catalog, chosen: Option<&str>, seat: u8) -> String {
    if let Some(f) = chosen {
        return f.to_owned();
    }
    let factions: Vec<&str> = catalog.factions.iter().map(|f| f.id.as_str()).collect();
    factions[usize::from(seat) % factions.len()].to_owned()
}

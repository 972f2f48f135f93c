//! `redline-cli serve`: the dedicated server. Every match (lobby, seats and codes, setup and
//! seed, each command with its state hash) is in a SQLite file, written before a command is
//! acknowledged; on start every unfinished match is played again from it and resumes.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use clap::Args;
use redline_online::Hub;
use redline_online::net::{OnStoreError, Server};
use redline_online::sqlite::SqliteStore;

use crate::exit::{CliError, CommandResult, Verdict};
use crate::output::Format;
use crate::packs;

const EXAMPLES: &str = "\
Examples:
  redline-cli serve --bind 0.0.0.0:7878 --db matches.sqlite
  redline-cli serve --db matches.sqlite --export replays/
  redline-cli replay replays/match-1.ron

Prints `serving on ADDR` (a JSON line with --json) once it listens. Players open matches
and join them with codes (`redline-cli join`, or the app). Stop it with Ctrl-C or kill it:
nothing acknowledged is lost, and on the next start every unfinished match resumes.";

/// Arguments of `redline-cli serve`.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct ServeArgs {
    /// Address and port to listen on (port 0 picks a free one).
    #[arg(long, default_value = "127.0.0.1:7878")]
    bind: String,

    /// The SQLite file holding the matches (created if missing).
    #[arg(long, default_value = "redline-matches.sqlite")]
    db: PathBuf,

    /// Threads for the network (the engine and the database run on one more).
    #[arg(long, default_value_t = 1)]
    workers: usize,

    /// Instead of serving: write every finished match as a replay file DIR/match-ID.ron.
    #[arg(long, value_name = "DIR")]
    export: Option<PathBuf>,
}

/// Runs `serve`.
pub fn run(args: &ServeArgs, pack: Option<&Path>, format: Format) -> CommandResult {
    let store_error = |e: redline_online::record::StoreError| CliError::failure(e.to_string());
    let store = SqliteStore::open(&args.db).map_err(store_error)?;
    if let Some(dir) = &args.export {
        return export(&store, dir, format);
    }
    let catalog = Arc::new(packs::catalog(pack)?);
    let mut hub = Hub::new(catalog, Box::new(store), true);
    let resumed = hub.resume().map_err(store_error)?;
    let server = Server::start(hub, &args.bind, args.workers, OnStoreError::Stop)
        .map_err(|e| CliError::bad_input(format!("cannot listen on {}: {e}", args.bind)))?;
    let addr = server.addr();
    let mut out = std::io::stdout().lock();
    match format {
        Format::Human => writeln!(out, "serving on {addr} ({resumed} matches resumed)")?,
        Format::Json => writeln!(
            out,
            "{}",
            serde_json::json!({ "serving": addr.to_string(), "resumed": resumed })
        )?,
    }
    out.flush()?;
    drop(out);
    server
        .wait()
        .map_err(CliError::failure)
        .map(|()| Verdict::Clean)
}

/// Writes every finished match as a replay file, checking each one first.
fn export(store: &SqliteStore, dir: &Path, format: Format) -> CommandResult {
    std::fs::create_dir_all(dir)?;
    let ids = store
        .ids(true)
        .map_err(|e| CliError::failure(e.to_string()))?;
    let mut written = Vec::new();
    for id in ids {
        let Some(record) = store
            .record(id)
            .map_err(|e| CliError::failure(e.to_string()))?
        else {
            continue;
        };
        let Some(replay) = record.replay() else {
            continue;
        };
        replay
            .verify()
            .map_err(|e| CliError::failure(format!("match {id} does not replay: {e}")))?;
        let text = replay
            .to_ron()
            .map_err(|e| CliError::failure(format!("match {id}: {e}")))?;
        let path = dir.join(format!("match-{id}.ron"));
        crate::replay::write_atomically(&path, text.as_bytes())?;
        written.push(path.display().to_string());
    }
    match format {
        Format::Human => {
            for path in &written {
                println!("{path}");
            }
            println!("{} finished matches exported", written.len());
        }
        Format::Json => println!("{}", serde_json::json!({ "exported": written })),
    }
    Ok(Verdict::Clean)
}

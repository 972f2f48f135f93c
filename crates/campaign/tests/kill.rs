//! "Kill the app during a step: the campaign reloads at the last completed step." This test
//! runs itself again as a child process that plays a scripted campaign, saving after every
//! step (each step saved several times, so the child spends its time inside saves), and
//! kills it with SIGKILL again and again until the campaign is over: each new child resumes
//! from the file the last one left, so the kills are spread over the whole run.
//!
//! After every kill:
//! * the campaign file itself loads, without falling back to its previous copy, and holds a
//!   state the script went through, never an earlier one than the last kill left;
//! * the temporary file of the write in progress is inspected: the test counts the kills
//!   that landed inside a write (the temporary file there and partial: cut short or not yet
//!   a campaign) and requires at least [`MIN_TORN`] of them, so a torn main file could not
//!   pass unseen.
//!
//! At the end the campaign, resumed after every kill, is exactly the one a run never
//! interrupted ends with.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant, SystemTime};

use redline_campaign::sim::{self, CampaignScript, SimNote};
use redline_campaign::{Campaign, save};
use redline_content::store;

const CHILD: &str = "REDLINE_CAMPAIGN_KILL_CHILD";
const SCRIPT: &str = include_str!("../../../tests/campaign/five_games.ron");
const TEST: &str = "killed_again_and_again_the_campaign_file_itself_always_loads_and_ends_the_same";
/// Saves of each step made by the child before it goes on.
const RESAVES: usize = 6;
/// Kills that must land inside a write (the temporary file partial) over the run.
const MIN_TORN: usize = 3;
/// Most kills made in one run before the campaign is let to finish.
const MAX_KILLS: usize = 120;
/// Most whole runs made to see [`MIN_TORN`] kills land inside a write.
const MAX_RUNS: usize = 4;

fn script() -> CampaignScript {
    let mut s = CampaignScript::from_ron("five_games.ron", SCRIPT).unwrap();
    s.max_games = 2;
    s
}

/// The child: resumes the campaign from the file if there is one (the file itself, as the
/// app does), else starts it; saves after every step, `RESAVES` times, logging `saved` after
/// each step is on disk; logs `finished` at the end.
fn child(dir: &Path) -> ! {
    let catalog = redline_content::starter();
    let file = dir.join("kill.campaign.ron");
    let mut progress = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(dir.join("progress"))
        .unwrap();
    let observe = |note: SimNote<'_>| {
        if let SimNote::Step(campaign, _) = note {
            for _ in 0..RESAVES {
                save::save(&file, campaign).map_err(|e| e.to_string())?;
            }
            writeln!(progress, "saved").map_err(|e| e.to_string())?;
        }
        Ok(())
    };
    let result = if file.exists() {
        let mut campaign = save::load(&file).unwrap();
        sim::resume(&catalog, &script(), &mut campaign, observe).map(|_| ())
    } else {
        sim::run(&catalog, &script(), observe).map(|_| ())
    };
    let mut progress = std::fs::OpenOptions::new()
        .append(true)
        .open(dir.join("progress"))
        .unwrap();
    writeln!(progress, "finished {}", result.is_ok()).unwrap();
    std::process::exit(0);
}

/// Every state the script goes through, step by step.
fn states() -> Vec<Campaign> {
    let catalog = redline_content::starter();
    let mut states = Vec::new();
    sim::run(&catalog, &script(), |note| {
        if let SimNote::Step(c, _) = note {
            states.push(c.clone());
        }
        Ok(())
    })
    .unwrap();
    states
}

fn temp_dir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "redline-kill-{}-{}",
        std::process::id(),
        SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn spawn(dir: &Path) -> Child {
    Command::new(std::env::current_exe().unwrap())
        .args(["--exact", TEST, "--nocapture", "--test-threads=1"])
        .env(CHILD, dir)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap()
}

fn lines(dir: &Path, prefix: &str) -> usize {
    std::fs::read_to_string(dir.join("progress"))
        .unwrap_or_default()
        .lines()
        .filter(|l| l.starts_with(prefix))
        .count()
}

/// What the kill left of the write in progress.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Left {
    /// No temporary file: the kill came between writes.
    Between,
    /// A whole temporary file not yet put in place.
    Whole,
    /// A partial temporary file of this many bytes: the kill landed inside the write.
    Torn(usize),
}

fn left_behind(file: &Path) -> Left {
    let temporary = store::temporary_path(file);
    match std::fs::read_to_string(&temporary) {
        Err(_) => Left::Between,
        Ok(text) => match save::from_text(&temporary, &text) {
            Ok(_) => Left::Whole,
            Err(_) => Left::Torn(text.len()),
        },
    }
}

/// Waits until the child (started at `spawned`) has logged `saves` more steps (or ended),
/// then until a write is in progress (its temporary file shorter than the file in place),
/// then kills it. Returns whether the child was still running when killed.
fn kill_inside_a_write(
    child: &mut Child,
    spawned: SystemTime,
    dir: &Path,
    file: &Path,
    saves: usize,
) -> bool {
    let before = lines(dir, "saved");
    let started = Instant::now();
    let temporary = store::temporary_path(file);
    loop {
        assert!(
            started.elapsed() < Duration::from_secs(300),
            "the child made no progress"
        );
        if child.try_wait().unwrap().is_some() {
            return false;
        }
        if lines(dir, "saved") >= before + saves {
            break;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    // Armed: the next write whose temporary file is still short is killed (a temporary
    // file the last kill left, older than this child, doesn't count).
    let full = std::fs::metadata(file).map_or(u64::MAX, |m| m.len());
    let armed = Instant::now();
    while armed.elapsed() < Duration::from_secs(2) {
        let writing = std::fs::metadata(&temporary)
            .is_ok_and(|m| m.len() < full && m.modified().is_ok_and(|t| t >= spawned));
        if writing {
            break;
        }
    }
    let _ = child.kill(); // SIGKILL (Ok even if the child already ended)
    child.wait().unwrap();
    true
}

/// One whole campaign run, killed again and again: the step each kill left the file at and
/// what it left of the write in progress.
fn killed_run(states: &[Campaign]) -> Vec<(usize, Left)> {
    let dir = temp_dir();
    let file = dir.join("kill.campaign.ron");
    let mut kills = Vec::new();
    let mut reached = 0;
    while lines(&dir, "finished") == 0 && kills.len() < MAX_KILLS {
        let spawned = SystemTime::now();
        let mut child = spawn(&dir);
        // No step or one of progress before each kill (one before the first, so there is a
        // file): kills land all along the run.
        let saves = if kills.is_empty() { 1 } else { kills.len() % 2 };
        if !kill_inside_a_write(&mut child, spawned, &dir, &file, saves) {
            break;
        }
        let left = left_behind(&file);
        // The file itself, not its previous copy.
        let loaded = save::load(&file).expect("the campaign file itself loads after a kill");
        let at = states
            .iter()
            .position(|s| *s == loaded)
            .expect("the loaded campaign is a state the script went through");
        assert!(
            at >= reached,
            "a kill took the campaign back from {reached} to {at}"
        );
        reached = at;
        kills.push((at + 1, left));
    }
    // The last child runs to the end (unless the one before already got there).
    if lines(&dir, "finished") == 0 {
        let mut last = spawn(&dir);
        assert!(last.wait().unwrap().success());
    }
    let progress = std::fs::read_to_string(dir.join("progress")).unwrap_or_default();
    assert_eq!(
        lines(&dir, "finished true"),
        1,
        "the campaign ran to its end: {progress} {kills:?}"
    );
    let end = save::load(&file).unwrap();
    assert_eq!(
        &end,
        states.last().unwrap(),
        "the same end as a run never killed"
    );
    let _ = std::fs::remove_dir_all(&dir);
    kills
}

#[test]
fn killed_again_and_again_the_campaign_file_itself_always_loads_and_ends_the_same() {
    if let Ok(dir) = std::env::var(CHILD) {
        child(Path::new(&dir));
    }
    let states = states();
    let steps = states.len();
    // Whole runs until the kills landed all along the run and enough of them inside a
    // write (one run nearly always does; where kills land depends on the machine's timing,
    // the checks after each kill do not).
    let spread = |kills: &[(usize, Left)]| {
        kills.iter().any(|(at, _)| *at <= steps / 3)
            && kills.iter().any(|(at, _)| *at >= 2 * steps / 3)
    };
    let mut kills = Vec::new();
    let mut runs = 0;
    while runs < MAX_RUNS && !(spread(&kills) && torn(&kills) >= MIN_TORN) {
        kills.extend(killed_run(&states));
        runs += 1;
    }
    let whole = kills.iter().filter(|(_, l)| *l == Left::Whole).count();
    eprintln!(
        "{} kills over {runs} run(s) of {steps} steps: {} inside a write (temporary file partial), \
         {whole} between the write and the rename, the rest between writes; (step reloaded \
         at, what was left): {kills:?}",
        kills.len(),
        torn(&kills)
    );
    assert!(
        spread(&kills),
        "the kills are spread over the whole run: {kills:?}"
    );
    assert!(
        torn(&kills) >= MIN_TORN,
        "{} kills landed inside a write: {kills:?}",
        torn(&kills)
    );
}

fn torn(kills: &[(usize, Left)]) -> usize {
    kills
        .iter()
        .filter(|(_, l)| matches!(l, Left::Torn(_)))
        .count()
}

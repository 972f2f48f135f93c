//! Killed during a post-game step, a campaign reloads at the last completed step. This test
//! runs itself again as a child process that plays a scripted campaign and saves after every
//! step (re-saving each post-game step many times, so that the kill lands inside a save),
//! kills it with SIGKILL during the post-game sequence, then loads the file: it must load
//! without error, hold exactly the state of the last step the child completed, and play on
//! to the same end as a campaign that was never interrupted.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use redline_campaign::sim::{self, CampaignScript, SimNote};
use redline_campaign::{Campaign, Phase, save};

const CHILD: &str = "REDLINE_CAMPAIGN_KILL_CHILD";
const SCRIPT: &str = include_str!("../../../tests/campaign/five_games.ron");
/// Saves of each post-game step made by the child before it goes on.
const RESAVES: usize = 40;

fn script() -> CampaignScript {
    let mut s = CampaignScript::from_ron("five_games.ron", SCRIPT).unwrap();
    s.max_games = 1;
    s
}

fn post_game(phase: Phase) -> bool {
    matches!(
        phase,
        Phase::Promotion | Phase::Recovery | Phase::Market | Phase::CleanUp
    )
}

/// The child: plays the script, saving after every step and logging `saved K` once step K is
/// on disk. Never returns.
fn child(dir: &Path) -> ! {
    let catalog = redline_content::starter();
    let file = dir.join("kill.campaign.ron");
    let mut progress = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(dir.join("progress"))
        .unwrap();
    let mut k = 0usize;
    let result = sim::run(&catalog, &script(), |note| {
        if let SimNote::Step(campaign, _) = note {
            k += 1;
            save::save(&file, campaign).map_err(|e| e.to_string())?;
            writeln!(progress, "saved {k}").map_err(|e| e.to_string())?;
            if post_game(campaign.phase) || campaign.history.len() == 1 {
                writeln!(progress, "post-game").map_err(|e| e.to_string())?;
                for _ in 0..RESAVES {
                    save::save(&file, campaign).map_err(|e| e.to_string())?;
                }
            }
        }
        Ok(())
    });
    writeln!(progress, "finished {}", result.is_ok()).unwrap();
    // Wait to be killed, still saving the last state.
    std::process::exit(0);
}

/// Every state the script goes through, step by step (index K-1 is step K).
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

fn temp_dir(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "redline-kill-{tag}-{}-{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn saved_steps(progress: &str) -> (Option<usize>, bool) {
    let mut last = None;
    let mut post = false;
    for line in progress.lines() {
        if let Some(k) = line.strip_prefix("saved ") {
            if let Ok(k) = k.parse() {
                last = Some(k);
            }
        } else if line == "post-game" {
            post = true;
        }
    }
    (last, post)
}

#[test]
fn killed_during_the_post_game_sequence_the_campaign_reloads_at_the_last_completed_step() {
    if let Ok(dir) = std::env::var(CHILD) {
        child(Path::new(&dir));
    }
    let catalog = redline_content::starter();
    let states = states();
    let first_post = states.iter().position(|c| post_game(c.phase)).unwrap();
    let delays_ms = [0u64, 2, 7, 15, 40];
    let mut landed = Vec::new();
    for (i, delay) in delays_ms.into_iter().enumerate() {
        let dir = temp_dir(&i.to_string());
        let mut child = Command::new(std::env::current_exe().unwrap())
            .args([
                "--exact",
                "killed_during_the_post_game_sequence_the_campaign_reloads_at_the_last_completed_step",
                "--nocapture",
                "--test-threads=1",
            ])
            .env(CHILD, &dir)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let progress_file = dir.join("progress");
        let started = Instant::now();
        loop {
            let text = std::fs::read_to_string(&progress_file).unwrap_or_default();
            if saved_steps(&text).1 {
                break;
            }
            assert!(
                started.elapsed() < Duration::from_secs(300),
                "the child never reached the post-game sequence: {text}"
            );
            std::thread::sleep(Duration::from_millis(1));
        }
        std::thread::sleep(Duration::from_millis(delay));
        let _ = child.kill(); // SIGKILL (Ok even if the child already ended)
        child.wait().unwrap();
        let text = std::fs::read_to_string(&progress_file).unwrap();
        let (last, _) = saved_steps(&text);
        let last = last.expect("the child saved at least one step");
        assert!(last > first_post, "killed after the game was recorded");

        let file = dir.join("kill.campaign.ron");
        let (loaded, from) = save::load_or_previous(&file).expect("the campaign loads");
        // The loaded state is a step the child completed: the last one it logged, or the
        // next one if the kill came between the save and the log line.
        let at = states
            .iter()
            .position(|s| *s == loaded)
            .expect("the loaded campaign is one of the states the script went through");
        let step = at + 1;
        assert!(
            step == last || step == last + 1,
            "reloaded at step {step}, the child had completed step {last} ({from:?})"
        );
        landed.push((delay, step, loaded.phase));

        // It plays on to the same end as a campaign never interrupted.
        let mut resumed = loaded;
        sim::resume(&catalog, &script(), &mut resumed, |_| Ok(())).unwrap();
        assert_eq!(&resumed, states.last().unwrap());
        let _ = std::fs::remove_dir_all(&dir);
    }
    eprintln!("kills (delay ms, reloaded at step, phase): {landed:?}");
    // The kills landed in the post-game sequence (the last step is the clean-up that ends
    // the game).
    assert!(
        landed.iter().all(|(_, step, _)| *step > first_post),
        "{landed:?}"
    );
}

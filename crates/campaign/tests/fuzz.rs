//! Fuzzing campaign files: a saved campaign at each kind of step, mangled, is refused on
//! loading or loads whole; a campaign that loads is then shown and taken one step on like
//! `campaign show` and the app do, and nothing may panic (a team number naming no team used
//! to panic there).
//!
//! A fixed set of cases runs in `cargo test`; `REDLINE_FUZZ_CASES=<n>` runs `n` fresh random
//! cases per property (docs/limits.md).

mod common;
#[path = "../../content/tests/common/fuzz.rs"]
mod fuzz;

use std::path::Path;
use std::sync::OnceLock;

use fuzz::{apply_text, mutations};
use proptest::prelude::*;
use redline_campaign::{Campaign, Phase, Step, card_name, save};
use redline_content::Catalog;

fn catalog() -> &'static Catalog {
    static CATALOG: OnceLock<Catalog> = OnceLock::new();
    CATALOG.get_or_init(redline_content::starter)
}

/// The text of a campaign saved at each kind of step of its first two games.
fn saved() -> &'static [String] {
    static SAVED: OnceLock<Vec<String>> = OnceLock::new();
    SAVED.get_or_init(|| {
        let catalog = catalog();
        let mut c = common::campaign(catalog, 21);
        let mut texts = Vec::new();
        let mut keep = |c: &Campaign| {
            texts.push(redline_content::store::to_text("redline-campaign", 2, c).unwrap());
        };
        keep(&c);
        for _ in 0..2 {
            common::to_build(catalog, &mut c, Some("street_claim"));
            keep(&c);
            common::build(catalog, &mut c);
            keep(&c);
            common::play(catalog, &mut c, 5);
            keep(&c);
            common::finish(catalog, &mut c);
            keep(&c);
        }
        texts
    })
}

/// What `campaign show` reads, and the next step taken, refused or not.
fn use_loaded(mut c: Campaign) {
    let catalog = catalog();
    let player = |t: usize| c.teams[t].player.clone();
    let _ = c.winner.map(player);
    for g in &c.history {
        let _: Vec<String> = g.winners.iter().map(|&w| player(w)).collect();
    }
    for t in &c.teams {
        let _ = t.street_cred(catalog);
        let _: Vec<String> =
            t.hq.characters
                .iter()
                .map(|id| card_name(catalog, id))
                .collect();
    }
    let step = match c.phase {
        Phase::ChooseScenario => Step::ChooseScenario { agreed: None },
        Phase::Objectives => Step::DiscardObjective {
            team: 0,
            objective: String::new(),
        },
        Phase::BuildTeams => Step::BuildTeam {
            team: 0,
            spec: redline_content::team::TeamSpec::new("ashfall"),
        },
        Phase::Play => Step::RecordGame {
            commands: Vec::new(),
        },
        Phase::Promotion => Step::Pass { team: 0 },
        Phase::Recovery => Step::RollRecovery,
        Phase::Market => Step::Pass { team: 1 },
        Phase::CleanUp => Step::CleanUp,
    };
    let _ = c.game_setup(catalog);
    let _ = c.apply(catalog, step);
}

proptest! {
    #![proptest_config(fuzz::config(300))]

    /// A mangled campaign file: refused with a reason, or whole enough to show and play on.
    #[test]
    fn mutated_campaign_files_never_panic(which in 0usize..9, m in mutations(6)) {
        let texts = saved();
        let text = apply_text(&texts[which % texts.len()], &m);
        if let Ok(c) = save::from_text(Path::new("fuzz.campaign.ron"), &text) {
            use_loaded(c);
        }
    }

    /// Random text as a campaign file.
    #[test]
    fn random_text_as_a_campaign_file_never_panics(soup in fuzz::ron_soup(200)) {
        if let Ok(c) = save::from_text(Path::new("fuzz.campaign.ron"), &soup) {
            use_loaded(c);
        }
    }
}

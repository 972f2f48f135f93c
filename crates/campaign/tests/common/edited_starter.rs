//! The starter pack with some of its files edited, as a pack could have them: every Objective a
//! quick Luck Objective, completed by the first rival taken out and recycled for 1 Luck
//! (CAMP-11, CAMP-15), or a scenario with its own module list (MOD-1). Shared by the
//! campaign's and the app's tests.

use redline_content::Catalog;
use redline_content::load::{STARTER_FILES, STARTER_MANIFEST};
use redline_content::schema::{Goal, ModelFilter};

/// One starter Objective line rewritten as a pack's quick Luck Objective: completed by the
/// first rival taken out, recycled for 1 Luck.
fn quick_luck(line: &str) -> String {
    let (Some(goal), Some(text)) = (line.find("goal: "), line.find(", text: ")) else {
        return line.to_owned();
    };
    format!(
        "{}goal: TakeOut(count: 1, of: Any), kind: Recycle, reward: (luck: 1){}",
        &line[..goal],
        &line[text..]
    )
}

/// The starter pack with each file's text as `edit(path, text)` gives it.
pub fn starter_edited(edit: impl Fn(&str, &str) -> String) -> Catalog {
    let texts: Vec<(&str, String)> = STARTER_FILES
        .iter()
        .map(|(path, text)| (*path, edit(path, text)))
        .collect();
    let files: Vec<(&str, &str)> = texts.iter().map(|(p, t)| (*p, t.as_str())).collect();
    let source = redline_content::PackSource::from_memory(STARTER_MANIFEST, &files);
    redline_content::load(&[source]).unwrap().catalog
}

/// The starter pack with every Objective a quick Luck Objective.
pub fn luck_catalog() -> Catalog {
    let catalog = starter_edited(|path, text| {
        if path.starts_with("objectives/") {
            text.lines().map(quick_luck).collect::<Vec<_>>().join("\n")
        } else {
            text.to_owned()
        }
    });
    assert!(catalog.objectives.iter().all(|o| o.reward.luck == 1
        && o.goal
            == Goal::TakeOut {
                count: 1,
                of: ModelFilter::Any
            }));
    catalog
}

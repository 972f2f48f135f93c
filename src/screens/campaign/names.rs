//! Names the campaign screens show for the ids a campaign keeps.

use redline_content::Catalog;

/// A card's name for the screens: the campaign's names, and Gonks by their name too.
pub(super) fn card_name(catalog: &Catalog, id: &str) -> String {
    match catalog.gonks.get(id) {
        Some(g) => g.name.clone(),
        None => redline_campaign::card_name(catalog, id),
    }
}

//! The computer's side of a campaign: the steps a computer-played team takes between
//! games (which Objective it discards, the team it fields from its HQ, its promotion and
//! its Market pick), and the team a person's draft starts from. The same choices as the
//! CLI's campaign bots, so a solo campaign moves on by itself where no person decides.

use redline_campaign::{Campaign, Phase, Step};
use redline_content::Catalog;
use redline_content::team::TeamSpec;

/// The faction's quick team under the campaign's rules, with each character swapped for
/// the version in the HQ and kit not in the HQ dropped (CAMP-9), then members dropped
/// from the end until the team is legal. `None` if the faction has no quick team.
pub fn team_from_hq(catalog: &Catalog, campaign: &Campaign, team: usize) -> Option<TeamSpec> {
    campaign.teams.get(team)?;
    redline_campaign::sim::bot_team(catalog, campaign, team).ok()
}

/// The step the computer takes now for one of the teams it plays, if the campaign waits
/// on such a team. `computer[t]` says whether team `t` is the computer's.
pub fn next_step(catalog: &Catalog, campaign: &Campaign, computer: &[bool]) -> Option<Step> {
    let pending = campaign.pending.as_ref()?;
    let plays = |t: usize| computer.get(t).copied().unwrap_or(false);
    match campaign.phase {
        Phase::Objectives => (0..campaign.teams.len())
            .find(|&t| plays(t) && pending.kept.get(t).is_some_and(Option::is_none))
            .map(|team| Step::DiscardObjective {
                team,
                // The draw is already random: the computer discards the last card drawn.
                objective: pending.drawn[team].last().cloned().unwrap_or_default(),
            }),
        Phase::BuildTeams => (0..campaign.teams.len())
            .find(|&t| plays(t) && pending.teams.get(t).is_some_and(Option::is_none))
            .and_then(|team| {
                team_from_hq(catalog, campaign, team).map(|spec| Step::BuildTeam { team, spec })
            }),
        Phase::Promotion => {
            // CTRL-20: each winner of a team game chooses; the computer for its own.
            let team = pending.to_promote().into_iter().find(|&w| plays(w))?;
            Some(match campaign.promotable(catalog, team).first() {
                Some(card) => Step::Promote {
                    team,
                    card: card.clone(),
                },
                None => Step::Pass { team },
            })
        }
        Phase::Market => {
            let offer = pending.offers.first().filter(|o| plays(o.team))?;
            Some(match offer.cards.first() {
                Some(card) => Step::MarketPick {
                    team: offer.team,
                    card: card.clone(),
                },
                None => Step::Pass { team: offer.team },
            })
        }
        _ => None,
    }
}

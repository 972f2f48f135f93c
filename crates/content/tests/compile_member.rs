//! Compiling one member on its own (game scripts, tests): the same profile a team would give
//! it, without the team-building checks, but unknown ids and impossible loadouts refused.

use redline_content::starter;
use redline_content::team::{
    MemberSpec, TeamError, TeamRules, TeamSpec, compile_member, compile_team,
};
use redline_rules::card::Colour;

#[test]
fn a_lone_member_compiles_to_the_profile_its_team_gives_it() {
    let catalog = starter();
    let member = MemberSpec::new("glass_breacher").gear("gear_vest");
    let alone = compile_member(&catalog, &member).expect("compiles");
    let spec = TeamSpec::new("glasswork")
        .with(MemberSpec::new("glass_commander"))
        .with(member);
    let team = compile_team(&catalog, &spec, &TeamRules::one_off(150)).expect("legal team");
    assert_eq!(alone.profile, team.models[1].profile);
    assert_eq!(alone.member, 0);
    let armor: Vec<(String, u8)> = alone
        .profile
        .cards
        .iter()
        .filter(|c| c.armor > 0)
        .map(|c| (c.id.clone(), c.armor))
        .collect();
    assert_eq!(armor, vec![("gear_vest".to_owned(), 2)]);
}

#[test]
fn a_lone_gonk_or_a_second_leader_needs_no_legal_team() {
    let catalog = starter();
    let gonk = compile_member(&catalog, &MemberSpec::new("ash_cinderling")).expect("a Gonk");
    assert!(gonk.profile.is_gonk());
    assert_eq!(gonk.profile.gonk_colour, Some(Colour::Yellow));
    // TEAM-3 would refuse two Leaders in one team; one model at a time is not a team.
    assert!(compile_member(&catalog, &MemberSpec::new("ash_furnace_mother")).is_ok());
}

#[test]
fn unknown_ids_and_impossible_loadouts_are_refused() {
    let catalog = starter();
    let errors = compile_member(&catalog, &MemberSpec::new("no_such_card")).unwrap_err();
    assert!(matches!(&errors[..], [TeamError::UnknownCard { card, .. }] if card == "no_such_card"));

    let errors = compile_member(
        &catalog,
        &MemberSpec::new("ash_scrapper")
            .gear("no_such_gear")
            .program("prog_snoop"),
    )
    .unwrap_err();
    assert!(
        errors
            .iter()
            .any(|e| matches!(e, TeamError::UnknownGear { gear, .. } if gear == "no_such_gear"))
    );
    // NET-1: only a Netrunner installs programs.
    assert!(
        errors
            .iter()
            .any(|e| matches!(e, TeamError::NotANetrunner { .. }))
    );

    // TEAM-8: Gonks carry no Gear.
    let errors = compile_member(
        &catalog,
        &MemberSpec::new("ash_cinderling").gear("gear_vest"),
    )
    .unwrap_err();
    assert!(matches!(&errors[..], [TeamError::GearOnGonk { .. }]));
}

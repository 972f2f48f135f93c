//! The bots give First Aid (AID-6): Normal rates it by the engine's odds times a friend
//! back on its feet, so a medic next to a Downed friend tends it rather than trade shots.

mod common;

use redline_ai::{Bot, NormalBot};
use redline_rules::card::Colour;
use redline_rules::{Command, DecisionKind, FIRST_AID, Game, ModelId, Module, Seat, Target};

const MEDIC: ModelId = ModelId(0);
const VICTIM: ModelId = ModelId(1);
const SHOOTER: ModelId = ModelId(2);

/// Seat 1's shooter downs seat 0's one-token victim (AID-1); seat 0 then activates its medic,
/// who stands within reach of it.
fn medic_beside_a_downed_friend() -> Game {
    let mut victim = common::profile("Victim", Vec::new());
    victim.tokens = vec![Colour::Red];
    let mut setup = common::open_setup(
        vec![
            common::place(
                common::profile("Medic", vec![common::all_bands_gun("rifle", "Rifle")]),
                0,
                [10.0, 0.0, 10.0],
            ),
            common::place(victim, 0, [11.3, 0.0, 10.0]),
            common::place(
                common::profile("Shooter", vec![common::all_bands_gun("rifle", "Rifle")]),
                1,
                [11.3, 0.0, 18.0],
            ),
        ],
        0,
    );
    setup.modules = [Module::Aid].into_iter().collect();
    setup.first_control = Seat(1);
    // The shot: YELLOW 8 against the victim's RED 1.
    setup.loaded_dice = vec![8, 1];
    let mut g = Game::new(setup, 5).expect("a valid setup");
    let apply = |g: &mut Game, c: Command| {
        g.apply(c.clone())
            .unwrap_or_else(|e| panic!("{c:?} refused: {e}"));
    };
    apply(&mut g, Command::Activate { model: SHOOTER });
    let shot = g
        .legal_commands()
        .into_iter()
        .find(|c| matches!(c, Command::Act(a) if a.target == Target::Model(VICTIM)))
        .expect("a shot at the victim");
    apply(&mut g, shot);
    assert!(g.is_downed(VICTIM), "AID-1: the victim lies Downed");
    while g.decision().is_some_and(|d| d.seat == Seat(1)) {
        let c = if g.legal_commands().contains(&Command::EndActivation) {
            Command::EndActivation
        } else {
            g.legal_commands()[0].clone()
        };
        apply(&mut g, c);
    }
    apply(&mut g, Command::Activate { model: MEDIC });
    assert!(matches!(
        g.decision().map(|d| &d.kind),
        Some(DecisionKind::NextAction { .. })
    ));
    g
}

#[test]
fn aid_6_normal_gives_first_aid_to_the_downed_friend_beside_it() {
    let g = medic_beside_a_downed_friend();
    let chosen = NormalBot::new().choose(&g);
    assert!(
        matches!(&chosen, Command::Act(a)
            if a.action == FIRST_AID && a.target == Target::Model(VICTIM)),
        "{chosen:?}"
    );
}

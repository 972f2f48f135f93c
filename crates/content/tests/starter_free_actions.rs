//! Every Free action of the starter pack, played in the engine after the last Ready token
//! (TOK-10, CTRL-5): the activation stays open while the action can still be taken, and
//! Control passes at once when nothing can be taken any more.

use std::sync::Arc;

use redline_content::starter;
use redline_content::team::{MemberSpec, compile_member, gear_card, loot_card};
use redline_rules::card::{ActionDef, Colour, Keyword, ModelProfile, Skills};
use redline_rules::cards::{CardDef, CardId};
use redline_rules::geometry::open_table;
use redline_rules::{
    Command, DecisionKind, Event, Game, ModelId, ModelSetup, PlayerSetup, Seat, Setup, Target,
    TeamId, Victory, basic,
};

const HOLDER: ModelId = ModelId(0);

/// Where a Free action of the starter pack sits: on a Gear or Loot card, or on a character.
enum Holder {
    Card(CardDef, usize),
    Character(ModelProfile, usize),
}

/// Every Free action of the starter pack, by name.
fn free_actions() -> Vec<(String, Holder)> {
    let catalog = starter();
    let free = |a: &ActionDef| a.keywords.contains(&Keyword::Free);
    let mut out = Vec::new();
    let cards = catalog
        .gear
        .iter()
        .map(gear_card)
        .chain(catalog.loot.iter().map(loot_card));
    for card in cards {
        for (k, a) in card.actions.iter().enumerate().filter(|(_, a)| free(a)) {
            out.push((
                format!("{}: {}", card.name, a.name),
                Holder::Card(card.clone(), k),
            ));
        }
    }
    for c in catalog.characters.iter() {
        let member = MemberSpec {
            card: c.id.clone(),
            gear: Vec::new(),
            programs: Vec::new(),
        };
        let profile = compile_member(&catalog, &member)
            .expect("starter card")
            .profile;
        for (k, a) in profile.actions.iter().enumerate().filter(|(_, a)| free(a)) {
            let name = format!("{}: {}", profile.name, a.name);
            out.push((name, Holder::Character(profile.clone(), k)));
        }
    }
    out
}

/// The holder (0, seat 0) with a GREEN and a YELLOW token and the card or card action; a
/// rival (1) far off. Returns the game and the Free action's index.
fn game(holder: &Holder) -> (Game, u16) {
    let base = ModelProfile {
        card_id: "holder".into(),
        name: "Holder".into(),
        keywords: Vec::new(),
        tokens: vec![Colour::Green, Colour::Yellow],
        gonk_colour: None,
        skills: Skills {
            reflexes: 1,
            ..Skills::default()
        },
        card_armor: 0,
        actions: Vec::new(),
        defenses: Vec::new(),
        cards: Vec::new(),
        programs: Vec::new(),
        luck: 0,
        stars: 0,
        base_mm: 27.0,
        construct: None,
    };
    let profile = match holder {
        Holder::Card(card, _) => ModelProfile {
            cards: vec![card.clone()],
            ..base.clone()
        },
        Holder::Character(p, _) => ModelProfile {
            tokens: base.tokens.clone(),
            ..p.clone()
        },
    };
    let place = |p: ModelProfile, seat: u8, position: [f32; 3]| ModelSetup {
        entry: Default::default(),
        profile: Arc::new(p),
        owner: Seat(seat),
        position,
        hacked: 0,
    };
    let rival = ModelProfile {
        card_id: "rival".into(),
        name: "Rival".into(),
        ..base
    };
    let setup = Setup {
        scenario: Default::default(),
        battlespace: open_table(24.0, 30.0),
        players: (0..2)
            .map(|s| PlayerSetup {
                name: format!("P{s}"),
                team: TeamId(s),
                luck: Some(0),
            })
            .collect(),
        models: vec![
            place(profile, 0, [4.0, 0.0, 4.0]),
            place(rival, 1, [20.0, 0.0, 26.0]),
        ],
        first_control: Seat(0),
        victory: Victory {
            turn_limit: Some(50),
        },
        loot_deck: Vec::new(),
        loaded_dice: Vec::new(),
        modules: Default::default(),
        third_force: None,
    };
    let g = Game::new(setup, 7).expect("setup");
    let action = match holder {
        Holder::Card(_, k) => g.card_action(CardId(0), *k),
        Holder::Character(_, k) => basic::COUNT + *k as u16,
    };
    (g, action)
}

#[track_caller]
fn ok(g: &mut Game, c: Command) -> Vec<Event> {
    g.apply(c.clone())
        .unwrap_or_else(|e| panic!("{c:?} refused: {e:?}"))
}

/// Spends every Ready token of the holder on short moves.
fn spend_ready_tokens(g: &mut Game) -> Vec<Event> {
    let mut events = Vec::new();
    while let Some(t) = g.tokens(HOLDER).iter().position(|t| t.ready) {
        let [x, y, z] = g.position(HOLDER);
        let route = Target::Route(vec![[x, y, z + 1.0]]);
        events.extend(ok(
            g,
            Command::Act(redline_rules::ActionCommand {
                model: HOLDER,
                action: basic::MOVE,
                token: Some(t as u8),
                target: route,
            }),
        ));
    }
    events
}

/// Answers every decision that follows an action with the first legal answer, until the
/// holder's next action or the end of its activation.
fn settle(g: &mut Game, events: &mut Vec<Event>) {
    while !matches!(
        g.decision().map(|d| &d.kind),
        Some(DecisionKind::NextAction { .. } | DecisionKind::TakeControl { .. }) | None
    ) {
        let answer = g.legal_commands().remove(0);
        events.extend(ok(g, answer));
    }
}

#[test]
fn tok_10_ctrl_5_every_starter_free_action_keeps_the_activation_open_until_it_cant_be_taken() {
    let actions = free_actions();
    let names: Vec<&str> = actions.iter().map(|(n, _)| n.as_str()).collect();
    // The starter pack's Free actions (the report and the decision note list them).
    assert_eq!(
        names,
        vec![
            "Riot Shield: Brace",
            "Stim Injector: Adrenal Dose",
            "Dark Lamp: Close the Shutter",
            "Adrenal Shot: Inject"
        ]
    );
    for (name, holder) in &actions {
        let (mut g, free) = game(holder);
        ok(&mut g, Command::Activate { model: HOLDER });
        let ev = spend_ready_tokens(&mut g);
        // CTRL-5: no Ready token, but the Free action can still be taken (TOK-10).
        assert!(
            !ev.contains(&Event::ActivationEnded { model: HOLDER }),
            "{name}: the activation ended with a Free action left"
        );
        assert_eq!(
            g.decision().map(|d| &d.kind),
            Some(&DecisionKind::NextAction { model: HOLDER }),
            "{name}"
        );
        let take = g
            .legal_commands()
            .into_iter()
            .find(|c| matches!(c, Command::Act(a) if a.action == free))
            .unwrap_or_else(|| panic!("{name}: the Free action is not offered"));
        let mut events = ok(&mut g, take);
        settle(&mut g, &mut events);
        // Each one is used up (Exhaust, Discard or Difficult): once any token it refreshed
        // is spent too, nothing can be taken and Control passes at once.
        events.extend(spend_ready_tokens(&mut g));
        assert!(
            events.contains(&Event::ActivationEnded { model: HOLDER }),
            "{name}: the activation hangs with nothing to take: {events:?}"
        );
        assert_eq!(g.control(), Seat(1), "{name}");
    }
}

//! Miniatures: a figure on its base for every crew, role and pose, true to scale.
//!
//! The figure stands on a bevelled base whose radius is the engine's ([`FigureSpec::
//! base_radius`], from the card's base size), its eyes [`EYE_ABOVE_BASE`] above the base's
//! top, facing −Z (Bevy's forward: turn it with `Transform::looking_to`). The base's rim
//! and a band of clothing are [`Surface::TeamRim`] and [`Surface::TeamCloth`], coloured by
//! the app with the seat's colour.
//!
//! * A role reads by silhouette: Leaders stand taller with a crew's tall headgear or cloak
//!   and point the way; Gonks stoop in plain kit; Netrunners bow over a glowing deck wired
//!   to their head; drones hover over a shadow disc or crawl on a wide base.
//! * A crew reads by style: Ashfall's welding masks and long scorched coats, the Choir's
//!   hooded vestments with transmitter packs and whip antennas, the Tidewater's sou'westers,
//!   oilskins and waders, Glasswork's helmets with mirrored visors and ceramic plates, the
//!   Lanternwick Couriers' short hooded coats, lit lamps on poles and messenger bags.
//! * What a figure holds comes from its card and gear ([`Kit::from_profile`]).

mod base;
mod body;
mod drone;
mod kit;
mod pose;
mod style;

use glam::{Affine3A, Vec3};
use redline_battlespace::inches_from_mm;
use redline_rules::card::{Keyword, ModelKeyword, ModelProfile, Skill};

use crate::model::Model;
use crate::surface::Surface;

pub use base::{BASE_HEIGHT, base};
pub(crate) use pose::Skeleton;

/// Height of the eyes above the top of the base, standing (ART.md: the model's-eye view).
pub const EYE_ABOVE_BASE: f32 = 1.2;

/// The base radius of a base `mm` millimetres across, in inches: the engine's rule (GEN-3).
pub fn base_radius_of_mm(mm: f32) -> f32 {
    inches_from_mm(mm) / 2.0
}

/// The visual style of a crew.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Crew {
    /// Ashfall Crew: scrap-burners in welding masks and patched heat-proof coats.
    Ashfall,
    /// The Static Choir: radio preachers in wired vestments with transmitter packs.
    Choir,
    /// Tidewater Runners: dock smugglers in oilskins, sou'westers and waders.
    Tidewater,
    /// Glasswork Security: armoured contractors with mirrored visors.
    Glasswork,
    /// Lanternwick Couriers: night-market runners in short hooded coats, lamps on poles.
    Lantern,
    /// Freelancers and any faction without a style of its own: street clothes and caps.
    Freelance,
}

use redline_content::visuals::CREW_VISUALS;

impl Crew {
    /// Every crew style.
    pub const ALL: [Crew; 6] = [
        Crew::Ashfall,
        Crew::Choir,
        Crew::Tidewater,
        Crew::Glasswork,
        Crew::Lantern,
        Crew::Freelance,
    ];

    /// The crew style a visual name (or a starter faction id, the same words) stands for;
    /// the names are the content crate's [`CREW_VISUALS`], in the order of [`Crew::ALL`].
    pub fn from_name(name: &str) -> Option<Crew> {
        CREW_VISUALS
            .iter()
            .position(|n| *n == name)
            .map(|i| Crew::ALL[i])
    }

    /// The style's visual name.
    pub fn name(self) -> &'static str {
        CREW_VISUALS[self as usize]
    }

    /// The style of a model: its faction's, or [`Crew::Freelance`] for a Merc or a faction
    /// with no style of its own.
    pub fn of_profile(profile: &ModelProfile) -> Crew {
        profile
            .keywords
            .iter()
            .find_map(|k| match k {
                ModelKeyword::Faction(id) => Crew::from_name(id),
                _ => None,
            })
            .unwrap_or(Crew::Freelance)
    }
}

/// What a model is on the table, as far as its look goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Role {
    /// The team's Leader.
    Leader,
    /// Any other character (Specialists, Mercs).
    Character,
    /// A Gonk.
    Gonk,
    /// A Netrunner.
    Netrunner,
    /// A drone that flies (hovers over its base).
    FlyingDrone,
    /// A drone that crawls.
    GroundDrone,
}

impl Role {
    /// Every role.
    pub const ALL: [Role; 6] = [
        Role::Leader,
        Role::Character,
        Role::Gonk,
        Role::Netrunner,
        Role::FlyingDrone,
        Role::GroundDrone,
    ];

    /// The role of a compiled model.
    pub fn of_profile(profile: &ModelProfile) -> Role {
        let has = |k: ModelKeyword| profile.has_keyword(&k);
        if has(ModelKeyword::Drone) {
            if has(ModelKeyword::Flying) {
                Role::FlyingDrone
            } else {
                Role::GroundDrone
            }
        } else if has(ModelKeyword::Gonk) {
            Role::Gonk
        } else if has(ModelKeyword::Leader) {
            Role::Leader
        } else if has(ModelKeyword::Netrunner) {
            Role::Netrunner
        } else {
            Role::Character
        }
    }

    /// Whether the role is a drone.
    pub fn is_drone(self) -> bool {
        matches!(self, Role::FlyingDrone | Role::GroundDrone)
    }
}

/// What a figure holds: read off its card's and gear's actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kit {
    /// A long gun (an attack reaching GREEN or long range).
    Rifle,
    /// A sidearm (a shorter ranged attack).
    Pistol,
    /// A cutting torch or burner (a Torrent attack).
    Torch,
    /// A heavy two-handed weapon (a melee attack on Bulky gear): maul, ram, anchor hook.
    Heavy,
    /// A hand weapon (any other melee attack): knife, baton, gaff hook.
    Melee,
    /// A loudspeaker horn (an attack rolled with Influence).
    Speaker,
    /// A cyberdeck (Netrunners).
    Deck,
    /// A medic's bag (a healing action and no attack).
    MedKit,
    /// Nothing in hand: fists up.
    Unarmed,
}

impl Kit {
    /// Every kit.
    pub const ALL: [Kit; 9] = [
        Kit::Rifle,
        Kit::Pistol,
        Kit::Torch,
        Kit::Heavy,
        Kit::Melee,
        Kit::Speaker,
        Kit::Deck,
        Kit::MedKit,
        Kit::Unarmed,
    ];

    /// The kit a compiled model carries: a Netrunner's deck, else its most telling attack
    /// (card actions and carried gear alike), else a medic's bag, else fists.
    pub fn from_profile(profile: &ModelProfile) -> Kit {
        if profile.has_keyword(&ModelKeyword::Netrunner) {
            return Kit::Deck;
        }
        let own = profile.actions.iter().map(|a| (a, false));
        let gear = profile
            .cards
            .iter()
            .flat_map(|c| c.actions.iter().map(move |a| (a, c.bulky)));
        let actions: Vec<_> = own.chain(gear).collect();
        let attacks = || actions.iter().filter(|(a, _)| a.attack);
        let ranged =
            |a: &&(&redline_rules::card::ActionDef, bool)| a.0.skill == Some(Skill::Ranged);
        if attacks().any(|(a, _)| a.has(|k| matches!(k, Keyword::Torrent))) {
            Kit::Torch
        } else if attacks()
            .filter(ranged)
            .any(|(a, _)| a.range.is_some_and(|r| r.green || r.long))
        {
            Kit::Rifle
        } else if attacks().any(|(a, bulky)| a.skill == Some(Skill::Melee) && *bulky) {
            Kit::Heavy
        } else if attacks().any(|(a, _)| a.skill == Some(Skill::Influence)) {
            Kit::Speaker
        } else if attacks().any(|a| ranged(&a)) {
            Kit::Pistol
        } else if attacks().any(|(a, _)| a.skill == Some(Skill::Melee)) {
            Kit::Melee
        } else if actions
            .iter()
            .any(|(a, _)| a.has(|k| matches!(k, Keyword::Heal(_))))
        {
            Kit::MedKit
        } else {
            Kit::Unarmed
        }
    }
}

/// How a figure stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Pose {
    /// Upright, weapon ready.
    Standing,
    /// Down on one knee: the model is Red-lined.
    Kneeling,
    /// On its back: the model is taken out.
    Lying,
}

impl Pose {
    /// Every pose.
    pub const ALL: [Pose; 3] = [Pose::Standing, Pose::Kneeling, Pose::Lying];
}

/// Everything a figure's look depends on.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FigureSpec {
    /// The crew style.
    pub crew: Crew,
    /// The role.
    pub role: Role,
    /// What it holds.
    pub kit: Kit,
    /// The base's radius in inches (the engine's, from the card's base size).
    pub base_radius: f32,
    /// A small number that varies skin tone and details between figures of one crew (the
    /// card id's hash, say); any value is fine.
    pub variant: u32,
}

impl FigureSpec {
    /// The figure of a compiled model: style from its faction, role from its keywords,
    /// kit from its actions and gear, base from its base size.
    pub fn from_profile(profile: &ModelProfile) -> FigureSpec {
        let variant = profile.card_id.bytes().fold(2_166_136_261u32, |h, b| {
            (h ^ u32::from(b)).wrapping_mul(16_777_619)
        });
        FigureSpec {
            crew: Crew::of_profile(profile),
            role: Role::of_profile(profile),
            kit: Kit::from_profile(profile),
            base_radius: base_radius_of_mm(profile.base_mm),
            variant,
        }
    }

    /// The eyes' height above the table in a pose (the model's-eye view's camera).
    pub fn eye_height(&self, pose: Pose) -> f32 {
        let standing = BASE_HEIGHT + EYE_ABOVE_BASE * self.scale();
        match (self.role, pose) {
            (Role::FlyingDrone, _) => BASE_HEIGHT + drone::HOVER + 0.1,
            (Role::GroundDrone, _) => BASE_HEIGHT + 0.35,
            (_, Pose::Standing) => standing,
            (_, Pose::Kneeling) => standing - 0.3,
            (_, Pose::Lying) => BASE_HEIGHT + 0.12,
        }
    }

    /// How much taller than an ordinary figure: Leaders stand out, Gonks are a little
    /// smaller.
    fn scale(&self) -> f32 {
        match self.role {
            Role::Leader => 1.07,
            Role::Gonk => 0.96,
            _ => 1.0,
        }
    }
}

/// The figure on its base in a pose (drones ignore the pose but for taken out, when they
/// lie wrecked on the base).
pub fn figure(spec: &FigureSpec, pose: Pose) -> Model {
    let mut model = base(spec.base_radius);
    let on_base = Affine3A::from_translation(Vec3::Y * BASE_HEIGHT);
    let body = if spec.role.is_drone() {
        drone::drone(spec, pose)
    } else {
        let skeleton = Skeleton::new(spec.role, kit::grip(spec.kit, spec.crew), pose);
        let scale = Affine3A::from_scale(Vec3::splat(spec.scale()));
        body::sculpt(spec, &skeleton).transformed(&scale)
    };
    model.merge(&body.transformed(&on_base));
    model
}

/// The surfaces the app colours with the team's colour, for reference.
pub const TEAM_SURFACES: [Surface; 2] = [Surface::TeamCloth, Surface::TeamRim];

/// Linear RGBA of an sRGB hex colour, for vertex tints.
pub(crate) fn tint(hex: u32) -> [f32; 4] {
    let f = |s: u32| {
        let c = ((hex >> s) & 0xff) as f32 / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    [f(16), f(8), f(0), 1.0]
}

/// Where a held item sits: the grip point, the way it points, and its kind.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Held {
    pub grip: Grip,
    pub at: Vec3,
    pub dir: Vec3,
}

impl Held {
    pub(crate) fn new(grip: Grip, at: Vec3, dir: Vec3) -> Held {
        Held {
            grip,
            at,
            dir: dir.normalize(),
        }
    }

    /// The placement carried along with a body part: turned by `rot`, then moved by `by`.
    pub(crate) fn moved(self, by: Vec3, rot: glam::Quat) -> Held {
        Held {
            at: by + rot * self.at,
            dir: rot * self.dir,
            ..self
        }
    }
}

/// How the hands hold a kit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Grip {
    /// Two hands along a long item pointing ahead; `reach` from the trigger hand to the
    /// other hand.
    Long { reach: f32 },
    /// One hand, arm out ahead.
    Pistol,
    /// A heavy tool over the right shoulder.
    Shoulder,
    /// A long pole upright beside the body.
    Pole,
    /// One hand, held up and forward.
    OneHand,
    /// A ram across the body in both hands.
    Ram,
    /// A deck at chest height in both hands.
    Deck,
    /// A bag hanging from the left hand.
    Bag,
    /// Fists up.
    Fists,
}

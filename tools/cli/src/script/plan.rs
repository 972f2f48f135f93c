//! Resolving a script's steps before anything is played: labels become model ids and seats,
//! action names become action indexes, patterns are checked for unknown labels and event
//! names. Every mistake is found here, with its position, so a script never stops halfway
//! through on a typo.

use redline_rules::{
    ActionCommand, BodyId, Command, DecisionKind, Defence, Event, Game, ModelId, Seat, Target,
};

use redline_rules::security::SecurityPlacement;

use super::ScriptError;
use super::actions::{actions_of, builtin};
use super::build::{Cast, unknown_model, unknown_player};
use super::doc::Doc;
use super::format::{ActionRef, Check, Pattern, Step};
use super::late::{Late, aims_at_point, command_models, deployment};
use super::locate::{Position, Seg};
use super::tree::{Role, top_variant, unknown_label};
use super::variants::variant_names;

/// A step ready to play.
#[derive(Debug, Clone)]
pub enum Planned {
    /// Apply this command.
    Command(Command),
    /// This command must be refused (and name `rule`, if given).
    Refused {
        /// The command.
        command: Command,
        /// The rule ID the refusal must name.
        rule: Option<String>,
        /// Words the refusal's reason must contain.
        says: Option<String>,
    },
    /// Queue more loaded die faces.
    LoadDice(Vec<u8>),
    /// Check these.
    Expect(Vec<PlannedCheck>),
}

/// A step with where it is written.
#[derive(Debug, Clone)]
pub struct PlannedStep {
    /// Where the step starts.
    pub at: Position,
    /// What to do.
    pub step: Planned,
    /// The model this step launches (an index into [`Plan::late`]), if it deploys a drone.
    pub launches: Option<usize>,
}

/// A script resolved and ready to play.
pub struct Plan {
    /// The steps.
    pub steps: Vec<PlannedStep>,
    /// The final checks.
    pub checks: Vec<PlannedCheck>,
    /// Every label, the models the steps bring into play included.
    pub cast: Cast,
    /// The models the steps bring into play, in launch order.
    pub late: Vec<Late>,
}

/// A check with labels resolved, and where it is written.
#[derive(Debug, Clone)]
pub struct PlannedCheck {
    /// Where the check starts.
    pub at: Position,
    /// The check as written (labels kept, for printing).
    pub check: Check,
    /// The model it is about, if any.
    pub model: Option<ModelId>,
    /// The second model of a check about two (reach, distance).
    pub other: Option<ModelId>,
    /// The player it is about, if any.
    pub seat: Option<Seat>,
    /// The model's action it is about, if any.
    pub action: Option<u16>,
}

/// Resolves every step and the final checks.
pub fn plan(
    doc: &Doc<'_>,
    steps: &[Step],
    expect: &[Check],
    cast: &Cast,
    game: &Game,
) -> Result<Plan, ScriptError> {
    let mut planner = Planner {
        doc,
        cast: cast.clone(),
        game,
        late: Vec::new(),
    };
    let mut planned = Vec::new();
    for (i, step) in steps.iter().enumerate() {
        let path = [Seg::Field("steps"), Seg::Index(i)];
        let at = doc.position(&path);
        let mut launches = None;
        let step = match step {
            Step::Expect(checks) => {
                let checks = checks
                    .iter()
                    .enumerate()
                    .map(|(j, c)| {
                        let path = [Seg::Field("steps"), Seg::Index(i), Seg::Index(j)];
                        planner.check(&path, c)
                    })
                    .collect::<Result<_, _>>()?;
                Planned::Expect(checks)
            }
            Step::LoadDice(faces) => Planned::LoadDice(faces.clone()),
            Step::Refused {
                command,
                rule,
                says,
            } => {
                let mut inner = path.to_vec();
                inner.push(Seg::Field("command"));
                if let Some(label) = step_label(command) {
                    return Err(doc.error(
                        &inner,
                        format!(
                            "a refused command brings nothing into play: leave out `label: \"{label}\"`"
                        ),
                    ));
                }
                Planned::Refused {
                    command: planner.command(&inner, command)?,
                    rule: rule.clone(),
                    says: says.clone(),
                }
            }
            other => {
                let command = planner.command(&path, other)?;
                launches = planner.launch(&path, at, &command, step_label(other))?;
                planner.name_sentry(other);
                Planned::Command(command)
            }
        };
        planned.push(PlannedStep { at, step, launches });
    }
    let checks = expect
        .iter()
        .enumerate()
        .map(|(j, c)| planner.check(&[Seg::Field("expect"), Seg::Index(j)], c))
        .collect::<Result<_, _>>()?;
    Ok(Plan {
        steps: planned,
        checks,
        cast: planner.cast,
        late: planner.late,
    })
}

/// The `label` an `Act` or `React` step gives the model it brings into play.
fn step_label(step: &Step) -> Option<&str> {
    match step {
        Step::Act { label, .. } | Step::React { label, .. } => label.as_deref(),
        _ => None,
    }
}

/// The fields of an `Act` or `React` step.
struct ActSpec<'s> {
    model: &'s str,
    action: &'s ActionRef,
    token: Option<u8>,
    at: Option<&'s str>,
    to: Option<&'s [[f32; 3]]>,
    body: Option<u16>,
    drag: Option<&'s str>,
    drop: Option<[f32; 3]>,
    object: Option<&'s str>,
    shift: Option<[f32; 2]>,
    point: Option<[f32; 3]>,
    scenery: Option<&'s str>,
    section: Option<u8>,
    opening: Option<u8>,
}

struct Planner<'a> {
    doc: &'a Doc<'a>,
    /// The labels so far: the setup's, then each drone as the step launching it is planned.
    cast: Cast,
    game: &'a Game,
    late: Vec<Late>,
}

impl Planner<'_> {
    fn model(&self, path: &[Seg<'_>], label: &str) -> Result<ModelId, ScriptError> {
        self.cast
            .model(label)
            .ok_or_else(|| self.doc.error(path, unknown_model(label, &self.cast)))
    }

    fn seat(&self, path: &[Seg<'_>], name: &str) -> Result<Seat, ScriptError> {
        self.cast
            .seat(name)
            .ok_or_else(|| self.doc.error(path, unknown_player(name, &self.cast)))
    }

    /// The engine command a step stands for.
    fn command(&self, path: &[Seg<'_>], step: &Step) -> Result<Command, ScriptError> {
        Ok(match step {
            Step::Activate(label) => Command::Activate {
                model: self.model(path, label)?,
            },
            Step::Inspire(name) => Command::Inspire {
                seat: self.seat(path, name)?,
            },
            Step::Act {
                model,
                action,
                token,
                at,
                to,
                body,
                drag,
                drop,
                object,
                shift,
                point,
                label: _,
                scenery,
                section,
                opening,
            } => Command::Act(self.action(
                path,
                &ActSpec {
                    model,
                    action,
                    token: *token,
                    at: at.as_deref(),
                    to: to.as_deref(),
                    body: *body,
                    drag: drag.as_deref(),
                    drop: *drop,
                    object: object.as_deref(),
                    shift: *shift,
                    point: *point,
                    scenery: scenery.as_deref(),
                    section: *section,
                    opening: *opening,
                },
            )?),
            Step::React {
                model,
                action,
                token,
                at,
                to,
                body,
                drag,
                drop,
                object,
                shift,
                point,
                label: _,
                scenery,
                section,
                opening,
            } => Command::React(self.action(
                path,
                &ActSpec {
                    model,
                    action,
                    token: *token,
                    at: at.as_deref(),
                    to: to.as_deref(),
                    body: *body,
                    drag: drag.as_deref(),
                    drop: *drop,
                    object: object.as_deref(),
                    shift: *shift,
                    point: *point,
                    scenery: scenery.as_deref(),
                    section: *section,
                    opening: *opening,
                },
            )?),
            Step::EndActivation => Command::EndActivation,
            Step::SkipGonk(label) => Command::SkipGonk {
                model: self.model(path, label)?,
            },
            Step::Defend { token, bonus } => Command::Defend(Defence {
                token: *token,
                bonus: *bonus,
            }),
            Step::Reroll => Command::Reroll,
            Step::Keep => Command::KeepRoll,
            Step::DeclineReaction => Command::DeclineReaction,
            Step::AllocateWound(token) => Command::AllocateWound { token: *token },
            Step::HealToken(token) => Command::HealToken { token: *token },
            Step::ChooseOpposer(label) => Command::ChooseOpposer {
                model: self.model(path, label)?,
            },
            Step::ChooseAffected(label) => Command::ChooseAffected {
                model: self.model(path, label)?,
            },
            Step::FaceBlast(label) => Command::FaceBlast {
                model: self.model(path, label)?,
            },
            Step::EscapeBlast { model, token, to } => Command::EscapeBlast {
                model: self.model(path, model)?,
                token: *token,
                route: to.clone(),
            },
            Step::PlaceImpact(at) => Command::PlaceImpact { at: *at },
            Step::SentryFires { sentry, at } => Command::SentryFires {
                sentry: self.model(path, sentry)?,
                target: self.model(path, at)?,
            },
            Step::Deploy { model, at } => Command::Deploy {
                model: self.model(path, model)?,
                at: *at,
            },
            Step::EndDeployment => Command::EndDeployment,
            Step::PlaceLock {
                scenery,
                opening,
                grade,
            } => Command::PlaceSecurity(SecurityPlacement::Lock {
                piece: self.object(path, scenery)?,
                opening: *opening,
                grade: *grade,
            }),
            Step::PlaceSentry {
                at,
                facing,
                rapid,
                optics,
                label: _,
            } => Command::PlaceSecurity(SecurityPlacement::Sentry {
                at: *at,
                facing_deg: *facing,
                rapid: *rapid,
                optics: *optics,
            }),
            Step::PlaceFence { kind, from, to } => {
                Command::PlaceSecurity(SecurityPlacement::Fence {
                    kind: *kind,
                    from: *from,
                    to: *to,
                })
            }
            Step::EndSecurity => Command::EndSecurity,
            Step::Engine(command) => {
                self.engine_ids(path, command)?;
                command.clone()
            }
            Step::Refused { .. } | Step::LoadDice(_) | Step::Expect(_) => {
                return Err(self
                    .doc
                    .error(path, "only a command can be expected to be refused"));
            }
        })
    }

    /// Model ids and seats of a command written in the engine's form must exist: the engine
    /// trusts the ids it hands out itself.
    fn engine_ids(&self, path: &[Seg<'_>], command: &Command) -> Result<(), ScriptError> {
        let models = self.cast.models.len();
        if let Command::Inspire { seat } = command
            && usize::from(seat.0) >= self.cast.players.len()
        {
            return Err(self.doc.error(
                path,
                format!(
                    "seat {} does not exist: the script seats {} players",
                    seat.0,
                    self.cast.players.len()
                ),
            ));
        }
        match command_models(command)
            .into_iter()
            .find(|m| m.index() >= models)
        {
            Some(m) => Err(self.doc.error(
                path,
                format!(
                    "model ({}) does not exist: the script has {models} models so far (a drone \
                     counts from the step that launches it)",
                    m.0
                ),
            )),
            None => Ok(()),
        }
    }

    fn action(&self, path: &[Seg<'_>], spec: &ActSpec<'_>) -> Result<ActionCommand, ScriptError> {
        let model = self.model(path, spec.model)?;
        let action = self.action_index(path, model, spec.action)?;
        if let Some(name) = spec.object {
            let (Some(route), Some(shift)) = (spec.to, spec.shift) else {
                return Err(self.doc.error(
                    path,
                    "dragging an object needs `to` (the dragger's route) and `shift` (x, z)",
                ));
            };
            return Ok(ActionCommand {
                model,
                action,
                token: spec.token,
                target: Target::DragObject {
                    object: self.object(path, name)?,
                    route: route.to_vec(),
                    shift,
                },
            });
        }
        if let Some(part) = spec.scenery {
            if spec.at.is_some() || spec.to.is_some() || spec.body.is_some() || spec.drag.is_some()
            {
                return Err(self
                    .doc
                    .error(path, "an action has one target: `scenery` or another"));
            }
            let piece = self.object(path, part)?;
            let target = match spec.opening {
                Some(opening) => Target::Opening { piece, opening },
                None => Target::Scenery {
                    part: piece,
                    section: spec.section.unwrap_or(0),
                },
            };
            return Ok(ActionCommand {
                model,
                action,
                token: spec.token,
                target,
            });
        }
        if let Some(at) = spec.point {
            if spec.at.is_some() || spec.to.is_some() || spec.body.is_some() || spec.drag.is_some()
            {
                return Err(self
                    .doc
                    .error(path, "an action has one target: `point` or another"));
            }
            return Ok(ActionCommand {
                model,
                action,
                token: spec.token,
                target: Target::Point(at),
            });
        }
        let target = match (spec.at, spec.to, spec.body, spec.drag, spec.drop) {
            (None, None, None, None, None) => Target::None,
            (Some(label), None, None, None, None) => Target::Model(self.model(path, label)?),
            (None, Some(route), None, None, None) => Target::Route(route.to_vec()),
            (None, None, Some(body), None, None) => Target::Body(BodyId(body)),
            (None, Some(route), None, Some(label), Some(drop)) => Target::Drag {
                model: self.model(path, label)?,
                route: route.to_vec(),
                drop,
            },
            _ => {
                return Err(self.doc.error(
                    path,
                    "an action has one target: `at` (a model), `to` (a route), `body` (a Body \
                     token), `point` (x, height, z), `drag` with `to` and `drop`, `object` \
                     with `to` and `shift`, or `scenery` (with its `section`)",
                ));
            }
        };
        Ok(ActionCommand {
            model,
            action,
            token: spec.token,
            target,
        })
    }

    /// A scenery piece's id, from its name (any case) or its id written as a number.
    fn object(&self, path: &[Seg<'_>], name: &str) -> Result<u32, ScriptError> {
        let pieces = self.game.battlespace().pieces();
        pieces
            .iter()
            .find(|p| p.name.eq_ignore_ascii_case(name) || p.id.0.to_string() == name)
            .map(|p| p.id.0)
            .ok_or_else(|| {
                let names: Vec<&str> = pieces.iter().map(|p| p.name.as_str()).collect();
                self.doc.error(
                    path,
                    format!(
                        "no scenery piece is called `{name}`; the table has: {}",
                        names.join(", ")
                    ),
                )
            })
    }

    /// An action's index: a number, a built-in short name, or the id or name of an action on
    /// the model's card or on a Gear, Loot or program card it holds.
    fn action_index(
        &self,
        path: &[Seg<'_>],
        model: ModelId,
        action: &ActionRef,
    ) -> Result<u16, ScriptError> {
        let drone = self
            .late
            .iter()
            .find(|l| l.model == model)
            .map(|l| &*l.profile);
        let named = actions_of(self.game, model, drone);
        let name = match action {
            ActionRef::Index(i) if named.iter().any(|a| a.index == *i) => return Ok(*i),
            ActionRef::Index(i) => {
                let indexes: Vec<String> = named.iter().map(|a| a.index.to_string()).collect();
                return Err(self.doc.error(
                    path,
                    format!(
                        "{} has no action {i} (its actions: {})",
                        self.cast.model_label(model),
                        indexes.join(", ")
                    ),
                ));
            }
            ActionRef::Name(name) => name,
        };
        if let Some(i) = builtin(name) {
            return Ok(i);
        }
        let found: Vec<u16> = named
            .iter()
            .filter(|a| a.answers_to(name))
            .map(|a| a.index)
            .collect();
        match found[..] {
            [i] => Ok(i),
            _ => {
                let names: Vec<String> = named.iter().map(|a| a.listed()).collect();
                let problem = if found.is_empty() {
                    "has no"
                } else {
                    "has more than one"
                };
                Err(self.doc.error(
                    path,
                    format!(
                        "{} {problem} action '{name}' (its actions: {})",
                        self.cast.model_label(model),
                        names.join(", ")
                    ),
                ))
            }
        }
    }

    /// Gives the drone a planned step deploys its label and the id the engine will give it
    /// (DRONE-8); `label` is the step's, the drone card's id when left out.
    fn launch(
        &mut self,
        path: &[Seg<'_>],
        at: Position,
        command: &Command,
        label: Option<&str>,
    ) -> Result<Option<usize>, ScriptError> {
        let deploys = match command {
            Command::Act(a) | Command::React(a) if aims_at_point(command) => {
                let known = a.model.index() < self.game.model_count();
                known
                    .then(|| deployment(self.game, a.model, a.action))
                    .flatten()
                    .map(|d| (a.model, d))
            }
            _ => None,
        };
        let Some((runner, deployment)) = deploys else {
            return match label {
                Some(label) => Err(self.doc.error(
                    path,
                    format!(
                        "`label: \"{label}\"` names the drone a program sets down at a `point`; \
                         this step deploys none"
                    ),
                )),
                None => Ok(None),
            };
        };
        let label = match label {
            Some(label) => label.to_owned(),
            None => self.free_label(&deployment.drone),
        };
        if self.cast.models.contains(&label) || self.cast.players.contains(&label) {
            return Err(self.doc.error(
                path,
                format!("'{label}' is taken; give the drone another `label`"),
            ));
        }
        let model = ModelId(self.cast.models.len() as u16);
        self.cast.models.push(label.clone());
        self.late.push(Late {
            label,
            model,
            launched_at: at,
            runner,
            card: deployment.card,
            profile: deployment.profile,
        });
        Ok(Some(self.late.len() - 1))
    }

    /// `base`, or `base_2`, `base_3`, ... : the first label nobody has.
    /// Gives a sentry the step places (SEC-2) its label, in the order the engine numbers the
    /// models it adds.
    fn name_sentry(&mut self, step: &Step) {
        if let Step::PlaceSentry { label, .. } = step {
            let label = label.clone().unwrap_or_else(|| self.free_label("sentry"));
            self.cast.models.push(label);
        }
    }

    fn free_label(&self, base: &str) -> String {
        let taken = |l: &str| self.cast.models.iter().any(|m| m == l);
        if !taken(base) {
            return base.to_owned();
        }
        (2..)
            .map(|n| format!("{base}_{n}"))
            .find(|l| !taken(l))
            .expect("some ordinal is free")
    }

    fn check(&self, path: &[Seg<'_>], check: &Check) -> Result<PlannedCheck, ScriptError> {
        let mut planned = PlannedCheck {
            at: self.doc.position(path),
            check: check.clone(),
            model: None,
            other: None,
            seat: None,
            action: None,
        };
        match check {
            Check::Event(p) | Check::NoEvent(p) => self.pattern::<Event>(path, p)?,
            Check::Events(ps) => {
                for (k, p) in ps.iter().enumerate() {
                    let mut item = path.to_vec();
                    item.push(Seg::Index(k));
                    self.pattern::<Event>(&item, p)?;
                }
            }
            Check::Tokens(label, _)
            | Check::InPlay(label)
            | Check::TakenOut(label)
            | Check::RedLined(label)
            | Check::NotRedLined(label)
            | Check::At(label, _)
            | Check::Hacked(label, _)
            | Check::Active(Some(label)) => planned.model = Some(self.model(path, label)?),
            Check::InReach(a, b)
            | Check::NotInReach(a, b)
            | Check::Within(a, b, _)
            | Check::Beyond(a, b, _) => {
                planned.model = Some(self.model(path, a)?);
                planned.other = Some(self.model(path, b)?);
            }
            Check::Unavailable { model, action, .. } | Check::Available { model, action } => {
                let m = self.model(path, model)?;
                planned.model = Some(m);
                planned.action = Some(self.action_index(path, m, action)?);
            }
            Check::Control(name) | Check::Luck(name, _) | Check::Winner(name) => {
                planned.seat = Some(self.seat(path, name)?)
            }
            Check::Decision { seat, kind } => {
                if let Some(name) = seat {
                    planned.seat = Some(self.seat(path, name)?);
                }
                if let Some(p) = kind {
                    self.pattern::<DecisionKind>(path, p)?;
                }
            }
            Check::Hash(hex) => {
                if u64::from_str_radix(hex, 16).is_err() {
                    return Err(self
                        .doc
                        .error(path, format!("'{hex}' is not a state hash (16 hex digits)")));
                }
            }
            Check::Active(None)
            | Check::Draw
            | Check::Ongoing
            | Check::DiceLeft(_)
            | Check::Bodies(_)
            | Check::Turns(_) => {}
        }
        if let Check::Tokens(_, states) = check
            && let Some(model) = planned.model
            && model.index() < self.game.model_count()
        {
            let n = self.game.tokens(model).len();
            if states.len() != n {
                return Err(self.doc.error(
                    path,
                    format!(
                        "{} has {n} tokens; the check lists {}",
                        self.cast.model_label(model),
                        states.len()
                    ),
                ));
            }
        }
        Ok(planned)
    }

    /// A pattern names a real variant of `T` and only known labels.
    fn pattern<'de, T: serde::Deserialize<'de>>(
        &self,
        path: &[Seg<'_>],
        pattern: &Pattern,
    ) -> Result<(), ScriptError> {
        let names = variant_names::<T>();
        match top_variant(pattern.value()) {
            Some(name) if names.contains(&name) => {}
            Some(name) => {
                return Err(self.doc.error(
                    path,
                    format!("there is no '{name}' (known: {})", names.join(", ")),
                ));
            }
            None => {
                return Err(self.doc.error(
                    path,
                    format!("a pattern starts with a name, one of: {}", names.join(", ")),
                ));
            }
        }
        match unknown_label(pattern.value(), &self.cast) {
            None => Ok(()),
            Some((label, Role::Seat)) => {
                Err(self.doc.error(path, unknown_player(&label, &self.cast)))
            }
            Some((label, _)) => Err(self.doc.error(path, unknown_model(&label, &self.cast))),
        }
    }
}

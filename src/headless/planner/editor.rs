//! The planner's editing model, free of Bevy: the layout being edited, the selection, the
//! snapping switch and the undo / redo history. Every edit goes through [`Editor::edit`],
//! which keeps the history, so each one undoes in a single step.

use std::collections::BTreeSet;

use redline_content::schema::{Layout, OpeningKind, Part, PlacedPiece, SceneryTag};

/// Grid the piece origins snap to, in inches.
pub const GRID: f32 = 1.0;
/// Turns snap to multiples of this, in degrees.
pub const ANGLE_STEP: f32 = 15.0;
/// Raises snap to multiples of this, in inches.
pub const RAISE_STEP: f32 = 0.5;
/// How far a duplicate lands from its original, in inches (along x and z).
pub const DUPLICATE_OFFSET: f32 = 2.0;
/// Undo steps kept.
const HISTORY: usize = 200;

/// The layout being edited, with its selection and history.
#[derive(Debug, Clone, PartialEq)]
pub struct Editor {
    layout: Layout,
    selection: BTreeSet<usize>,
    /// Whether moves snap to [`GRID`], turns to [`ANGLE_STEP`] and raises to [`RAISE_STEP`].
    pub snap: bool,
    undo: Vec<Layout>,
    redo: Vec<Layout>,
    revision: u64,
}

impl Editor {
    /// Edits `layout`, with snapping on and an empty history.
    pub fn new(layout: Layout) -> Editor {
        Editor {
            layout,
            selection: BTreeSet::new(),
            snap: true,
            undo: Vec::new(),
            redo: Vec::new(),
            revision: 0,
        }
    }

    /// The layout as it stands.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// Indexes of the selected pieces, in order.
    pub fn selection(&self) -> &BTreeSet<usize> {
        &self.selection
    }

    /// Goes up by one with every change of the layout (edits, undo, redo).
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Whether there is an edit to undo.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// Whether there is an undone edit to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Applies `change` to the layout as one undoable step; a change that leaves the layout
    /// as it was is not recorded. Returns whether the layout changed.
    pub fn edit(&mut self, change: impl FnOnce(&mut Layout, &BTreeSet<usize>)) -> bool {
        let before = self.layout.clone();
        change(&mut self.layout, &self.selection);
        if self.layout == before {
            return false;
        }
        self.undo.push(before);
        if self.undo.len() > HISTORY {
            self.undo.remove(0);
        }
        self.redo.clear();
        self.changed();
        true
    }

    /// Puts back the layout before the last edit.
    pub fn undo(&mut self) -> bool {
        let Some(previous) = self.undo.pop() else {
            return false;
        };
        self.redo
            .push(std::mem::replace(&mut self.layout, previous));
        self.changed();
        true
    }

    /// Does the last undone edit again.
    pub fn redo(&mut self) -> bool {
        let Some(next) = self.redo.pop() else {
            return false;
        };
        self.undo.push(std::mem::replace(&mut self.layout, next));
        self.changed();
        true
    }

    fn changed(&mut self) {
        self.revision += 1;
        let n = self.layout.pieces.len();
        self.selection.retain(|&i| i < n);
    }

    /// Selects one piece, or adds it to (or takes it out of) the selection with `add`.
    pub fn select(&mut self, index: usize, add: bool) {
        if index >= self.layout.pieces.len() {
            return;
        }
        if add {
            if !self.selection.remove(&index) {
                self.selection.insert(index);
            }
        } else {
            self.selection = BTreeSet::from([index]);
        }
    }

    /// Selects exactly these pieces (out-of-range indexes are left out).
    pub fn select_only(&mut self, indexes: impl IntoIterator<Item = usize>) {
        let n = self.layout.pieces.len();
        self.selection = indexes.into_iter().filter(|&i| i < n).collect();
    }

    /// Selects nothing.
    pub fn select_none(&mut self) {
        self.selection.clear();
    }

    /// A point snapped to the grid (when snapping is on) and kept on the table.
    pub fn snap_point(&self, [x, z]: [f32; 2]) -> [f32; 2] {
        let snap = |v: f32| {
            if self.snap {
                (v / GRID).round() * GRID
            } else {
                v
            }
        };
        let [w, d] = self.layout.size;
        [snap(x).clamp(0.0, w), snap(z).clamp(0.0, d)]
    }

    fn snap_angle(&self, degrees: f32) -> f32 {
        let a = if self.snap {
            (degrees / ANGLE_STEP).round() * ANGLE_STEP
        } else {
            degrees
        };
        a.rem_euclid(360.0)
    }

    /// Changes the mat's size; pieces beyond the new edges are pulled back onto it.
    pub fn set_mat(&mut self, size: [f32; 2]) -> bool {
        let size = [size[0].clamp(6.0, 96.0), size[1].clamp(6.0, 96.0)];
        self.edit(|layout, _| {
            layout.size = size;
            for p in &mut layout.pieces {
                p.at = [p.at[0].clamp(0.0, size[0]), p.at[1].clamp(0.0, size[1])];
            }
        })
    }

    /// Places a library piece at `at` and selects it.
    pub fn place(&mut self, piece: &str, at: [f32; 2]) -> bool {
        let at = self.snap_point(at);
        let placed = PlacedPiece::new(piece, at);
        let changed = self.edit(|layout, _| layout.pieces.push(placed));
        if changed {
            self.selection = BTreeSet::from([self.layout.pieces.len() - 1]);
        }
        changed
    }

    /// Moves the selected pieces by `delta` (x, z); each lands snapped and on the table.
    pub fn move_by(&mut self, delta: [f32; 2]) -> bool {
        let targets: Vec<(usize, [f32; 2])> = self
            .selection
            .iter()
            .map(|&i| {
                let at = self.layout.pieces[i].at;
                (i, self.snap_point([at[0] + delta[0], at[1] + delta[1]]))
            })
            .collect();
        self.edit(|layout, _| {
            for (i, at) in targets {
                layout.pieces[i].at = at;
            }
        })
    }

    /// Turns each selected piece about its own origin by `degrees` (counter-clockwise seen
    /// from above); the result snaps to [`ANGLE_STEP`].
    pub fn rotate_by(&mut self, degrees: f32) -> bool {
        let targets: Vec<(usize, f32)> = self
            .selection
            .iter()
            .map(|&i| {
                let a = self.layout.pieces[i].rotation_deg + degrees;
                (i, self.snap_angle(a))
            })
            .collect();
        self.edit(|layout, _| {
            for (i, a) in targets {
                layout.pieces[i].rotation_deg = a;
            }
        })
    }

    /// Raises (or lowers, with a negative `by`) the selected pieces' feet; never below the
    /// table.
    pub fn raise_by(&mut self, by: f32) -> bool {
        let snap = self.snap;
        self.edit(|layout, selection| {
            for &i in selection {
                let p = &mut layout.pieces[i];
                let mut y = p.elevation + by;
                if snap {
                    y = (y / RAISE_STEP).round() * RAISE_STEP;
                }
                p.elevation = y.max(0.0);
            }
        })
    }

    /// Copies the selected pieces [`DUPLICATE_OFFSET`] away and selects the copies.
    pub fn duplicate(&mut self) -> bool {
        let copies: Vec<PlacedPiece> = self
            .selection
            .iter()
            .map(|&i| {
                let mut p = self.layout.pieces[i].clone();
                p.at = self.snap_point([p.at[0] + DUPLICATE_OFFSET, p.at[1] + DUPLICATE_OFFSET]);
                p
            })
            .collect();
        let first = self.layout.pieces.len();
        let count = copies.len();
        let changed = self.edit(|layout, _| layout.pieces.extend(copies));
        if changed {
            self.selection = (first..first + count).collect();
        }
        changed
    }

    /// Takes the selected pieces off the table.
    pub fn delete(&mut self) -> bool {
        let changed = self.edit(|layout, selection| {
            let mut i = 0;
            layout.pieces.retain(|_| {
                let keep = !selection.contains(&i);
                i += 1;
                keep
            });
        });
        if changed {
            self.selection.clear();
        }
        changed
    }

    /// Records what the players agreed part `part` of placed piece `index` is (FIELD-11), as
    /// one undoable edit; `pack` is that part as the pack has it, so an agreement the same as
    /// the pack's is dropped.
    pub fn set_tags(
        &mut self,
        index: usize,
        part: usize,
        pack: &Part,
        tags: Vec<SceneryTag>,
        openings: Vec<OpeningKind>,
    ) -> bool {
        if index >= self.layout.pieces.len() {
            return false;
        }
        self.edit(|layout, _| layout.pieces[index].agree(part, pack, tags, openings))
    }

    /// Renames the layout, as an undoable edit.
    pub fn rename(&mut self, name: &str) -> bool {
        let name = name.to_owned();
        self.edit(|layout, _| layout.name = name)
    }

    /// Replaces the whole layout (a generated table, a share code, a loaded file) as one
    /// undoable step, keeping the edited layout's id.
    pub fn replace(&mut self, mut layout: Layout) -> bool {
        layout.id = self.layout.id.clone();
        let changed = self.edit(|current, _| *current = layout);
        if changed {
            self.selection.clear();
        }
        changed
    }
}

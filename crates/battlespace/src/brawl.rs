//! Brawl geometry (BRAWL-1, BRAWL-4..6, OPEN-20): who is within reach of whom.

use crate::model::ModelBase;
use crate::space::Battlespace;

impl Battlespace {
    /// Ids of the other models within reach of `model` (GEN-7), sorted.
    pub fn in_reach(&self, model: &ModelBase, others: &[ModelBase]) -> Vec<u32> {
        let mut ids: Vec<u32> = others
            .iter()
            .filter(|o| o.id != model.id && model.within_reach_of(o))
            .map(|o| o.id)
            .collect();
        ids.sort_unstable();
        ids
    }

    /// Ids of the rivals `model` is Brawling with: rivals within reach (BRAWL-1), sorted.
    pub fn brawling_with(&self, model: &ModelBase, others: &[ModelBase]) -> Vec<u32> {
        let mut ids: Vec<u32> = others
            .iter()
            .filter(|o| o.id != model.id && !model.is_friend_of(o) && model.within_reach_of(o))
            .map(|o| o.id)
            .collect();
        ids.sort_unstable();
        ids
    }

    /// Every Brawling pair (lower id first), sorted (BRAWL-1).
    pub fn brawls(&self, models: &[ModelBase]) -> Vec<(u32, u32)> {
        let mut pairs = Vec::new();
        for (i, a) in models.iter().enumerate() {
            for b in &models[i + 1..] {
                if a.team != b.team && a.within_reach_of(b) {
                    pairs.push((a.id.min(b.id), a.id.max(b.id)));
                }
            }
        }
        pairs.sort_unstable();
        pairs
    }

    /// (other friendly models, rival models) within reach of `model` (OPEN-20).
    pub fn reach_counts(&self, model: &ModelBase, others: &[ModelBase]) -> (usize, usize) {
        others
            .iter()
            .filter(|o| o.id != model.id && model.within_reach_of(o))
            .fold((0, 0), |(f, r), o| {
                if model.is_friend_of(o) {
                    (f + 1, r)
                } else {
                    (f, r + 1)
                }
            })
    }

    /// Whether `model` outnumbers the rivals within its reach and may leave freely (BRAWL-6,
    /// OPEN-20: strictly more other friends than rivals, counted when the move begins).
    pub fn outnumbers(&self, model: &ModelBase, others: &[ModelBase]) -> bool {
        let (friends, rivals) = self.reach_counts(model, others);
        rivals > 0 && friends > rivals
    }

    /// Whether a model ending its move at `end` stays within reach of every rival it was
    /// Brawling with (BRAWL-4); if not, the move is an escape (BRAWL-5) unless it outnumbers.
    pub fn stays_in_brawl(&self, end: &ModelBase, brawl_rivals: &[ModelBase]) -> bool {
        brawl_rivals.iter().all(|r| end.within_reach_of(r))
    }
}

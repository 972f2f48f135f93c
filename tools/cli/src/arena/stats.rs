//! The arena's statistics: Wilson score intervals for win rates and quantiles of times.

use serde::Serialize;

/// z for a two-sided 95% interval.
const Z95: f64 = 1.959_963_984_540_054;

/// The 95% Wilson score interval of `k` successes in `n` trials, as fractions. It stays
/// inside [0, 1] and is honest near 0% and 100%, where the plain normal interval is not.
pub fn wilson(k: u32, n: u32) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let (k, n, z) = (f64::from(k), f64::from(n), Z95);
    let p = k / n;
    let d = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / d;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / d;
    // At 0 and n successes the bound is exactly 0 or 1; say so rather than leave rounding.
    let lo = if k == 0.0 {
        0.0
    } else {
        (centre - half).max(0.0)
    };
    let hi = if k == n {
        1.0
    } else {
        (centre + half).min(1.0)
    };
    (lo, hi)
}

/// Median, 95th percentile and maximum of a set of times, with the rate they add up to.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Timing {
    /// How many were measured.
    pub count: usize,
    /// Median, ms.
    pub median_ms: f64,
    /// 95th percentile (nearest rank), ms.
    pub p95_ms: f64,
    /// The slowest, ms.
    pub max_ms: f64,
    /// Count divided by the total time.
    pub per_second: f64,
}

impl Timing {
    /// The summary of `ms` (any order).
    pub fn of(ms: &[f64]) -> Timing {
        let mut v = ms.to_vec();
        v.sort_by(f64::total_cmp);
        let rank = |q: f64| -> f64 {
            if v.is_empty() {
                return 0.0;
            }
            // Nearest rank: the smallest value with at least q of the data at or below it.
            let r = ((q * v.len() as f64).ceil() as usize).clamp(1, v.len());
            v[r - 1]
        };
        let total: f64 = v.iter().sum();
        Timing {
            count: v.len(),
            median_ms: rank(0.5),
            p95_ms: rank(0.95),
            max_ms: v.last().copied().unwrap_or(0.0),
            per_second: if total > 0.0 {
                v.len() as f64 / (total / 1000.0)
            } else {
                0.0
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 5e-5
    }

    #[test]
    fn wilson_matches_published_values() {
        // Newcombe (1998), table I: 81 of 263 → 0.2553–0.3662; 15 of 148 → 0.0624–0.1605.
        let (lo, hi) = wilson(81, 263);
        assert!(close(lo, 0.2553) && close(hi, 0.3662), "{lo} {hi}");
        let (lo, hi) = wilson(15, 148);
        assert!(close(lo, 0.0624) && close(hi, 0.1605), "{lo} {hi}");
    }

    #[test]
    fn wilson_at_the_edges_stays_in_range() {
        // 0 of 10: 0–0.2775 (Newcombe table I); all of 10 mirrors it.
        let (lo, hi) = wilson(0, 10);
        assert!(close(lo, 0.0) && close(hi, 0.2775), "{lo} {hi}");
        let (lo, hi) = wilson(10, 10);
        assert!(close(lo, 0.7225) && close(hi, 1.0), "{lo} {hi}");
        assert_eq!(wilson(0, 0), (0.0, 1.0));
    }

    #[test]
    fn timing_takes_nearest_rank_quantiles() {
        let ms: Vec<f64> = (1..=100).rev().map(f64::from).collect();
        let t = Timing::of(&ms);
        assert_eq!(
            (t.count, t.median_ms, t.p95_ms, t.max_ms),
            (100, 50.0, 95.0, 100.0)
        );
        // 100 decisions in 5050 ms.
        assert!((t.per_second - 100.0 / 5.05).abs() < 1e-9);
        assert_eq!(Timing::of(&[]).count, 0);
    }
}

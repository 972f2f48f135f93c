//! Scenery density as a player reads it (FIELD-2, FIELD-3): how many pieces, how many per
//! quarter, how many per square foot, against the rulebook's guidance for the table.

use redline_battlespace::{Quarter, Table};
use redline_content::schema::Layout;
use serde::Serialize;

/// Square inches in a square foot.
const SQUARE_FOOT: f32 = 144.0;

/// The rulebook's density guidance for one table size.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Guidance {
    /// Fewest and most pieces on the whole table.
    pub total: (usize, usize),
    /// Fewest and most pieces in each quarter.
    pub per_quarter: (usize, usize),
    /// The rule the numbers come from.
    pub rule: &'static str,
}

impl Guidance {
    /// The guidance for a table: FIELD-2's numbers for the 22"×30" and 44"×30" tables,
    /// otherwise FIELD-3's 2–3 pieces per square foot (a quarter holds a quarter of that).
    pub fn for_table(table: &Table) -> Guidance {
        let same = |t: Table| {
            let (a, b) = (t.width.max(t.depth), t.width.min(t.depth));
            (table.width.max(table.depth) - a).abs() < 0.01
                && (table.width.min(table.depth) - b).abs() < 0.01
        };
        if same(Table::standard()) {
            return Guidance {
                total: (10, 15),
                per_quarter: (3, 4),
                rule: "FIELD-2",
            };
        }
        if same(Table::double()) {
            return Guidance {
                total: (20, 30),
                per_quarter: (6, 8),
                rule: "FIELD-2",
            };
        }
        let feet = table.width * table.depth / SQUARE_FOOT;
        let low = (2.0 * feet).ceil() as usize;
        let high = ((3.0 * feet).floor() as usize).max(low);
        Guidance {
            total: (low, high),
            per_quarter: (low / 4, high.div_ceil(4)),
            rule: "FIELD-3",
        }
    }
}

/// One thing a player should know about the layout, naming the rule behind it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Finding {
    /// The rule ID ("FIELD-2").
    pub rule: &'static str,
    /// A sentence for the player.
    pub message: String,
}

/// How densely the layout is covered.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Density {
    /// Placed pieces (a building of several parts counts once).
    pub pieces: usize,
    /// Pieces whose placement point is in each quarter, in [`Quarter::ALL`] order.
    pub per_quarter: [usize; 4],
    /// Pieces per square foot of table.
    pub per_square_foot: f32,
    /// The guidance compared against.
    pub guidance: Guidance,
    /// Where the layout leaves the guidance.
    pub findings: Vec<Finding>,
}

/// The quarter's name as players say it.
pub fn quarter_name(q: Quarter) -> &'static str {
    match q {
        Quarter::NorthWest => "north-west",
        Quarter::NorthEast => "north-east",
        Quarter::SouthWest => "south-west",
        Quarter::SouthEast => "south-east",
    }
}

/// Counts the layout's pieces against the guidance for its table.
pub fn density(layout: &Layout) -> Density {
    let table = Table::new(layout.size[0], layout.size[1]);
    let guidance = Guidance::for_table(&table);
    let mut per_quarter = [0usize; 4];
    for p in &layout.pieces {
        let q = table.quarter_at(p.at[0], p.at[1]);
        if let Some(i) = Quarter::ALL.iter().position(|&x| x == q) {
            per_quarter[i] += 1;
        }
    }
    let pieces = layout.pieces.len();
    let per_square_foot = pieces as f32 / (table.width * table.depth / SQUARE_FOOT);
    let mut findings = Vec::new();
    let (low, high) = guidance.total;
    if pieces < low {
        findings.push(Finding {
            rule: guidance.rule,
            message: format!(
                "{pieces} pieces is sparse for this table: the guidance is {low}-{high}; \
                 an open table favours ranged attacks (FIELD-3)"
            ),
        });
    } else if pieces > high {
        findings.push(Finding {
            rule: guidance.rule,
            message: format!(
                "{pieces} pieces is dense for this table: the guidance is {low}-{high}"
            ),
        });
    }
    let (qlow, qhigh) = guidance.per_quarter;
    for (q, &n) in Quarter::ALL.iter().zip(&per_quarter) {
        if n < qlow || n > qhigh {
            findings.push(Finding {
                rule: guidance.rule,
                message: format!(
                    "the {} quarter has {n} pieces; the guidance is {qlow}-{qhigh} per quarter",
                    quarter_name(*q)
                ),
            });
        }
    }
    let (short, long) = (table.width.min(table.depth), table.width.max(table.depth));
    if short < 20.0 || long > 48.0 {
        findings.push(Finding {
            rule: "FIELD-3",
            message: format!(
                "a {}\" x {}\" table is outside the roughly 20\"-48\" sides the rulebook suggests",
                table.width, table.depth
            ),
        });
    }
    Density {
        pieces,
        per_quarter,
        per_square_foot,
        guidance,
        findings,
    }
}

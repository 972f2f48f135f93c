//! Hostile inputs for the loaders' property tests: a valid input mutated the way a broken
//! download, a hand edit or an attacker would (bytes flipped, cut, repeated, numbers made
//! huge or negative, brackets nested deep), or plain random bytes.
//!
//! Shared by the fuzz tests of `redline-content`, `redline-planner` and `redline-campaign`
//! (included by path). By default each test draws a fixed set of cases from a fixed seed, so
//! CI sees the same cases every run (docs/decisions/property-tests-fixed-seed.md);
//! `REDLINE_FUZZ_CASES=<n>` draws `n` fresh random cases per test instead
//! (docs/limits.md).
#![allow(dead_code)]

use proptest::prelude::*;
use proptest::sample::Index;

/// The config of a fuzz test: `cases` fixed cases, or `REDLINE_FUZZ_CASES` random ones.
pub fn config(cases: u32) -> ProptestConfig {
    let asked = std::env::var("REDLINE_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse::<u32>().ok());
    ProptestConfig {
        cases: asked.unwrap_or(cases),
        rng_seed: match asked {
            Some(_) => proptest::test_runner::RngSeed::Random,
            None => proptest::test_runner::RngSeed::Fixed(0x5eed_0037),
        },
        // Shrinking a failure is worth it; the failure file is not (cases are fixed).
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// Words that break loaders when they replace a number or a name.
const NASTY: &[&str] = &[
    "1e38",
    "-1e38",
    "NaN",
    "inf",
    "-1",
    "0",
    "99",
    "255",
    "256",
    "65535",
    "4294967295",
    "4294967296",
    "2147483647",
    "-2147483648",
    "18446744073709551615",
    "Some(99)",
    "None",
    "[]",
    "()",
    "\"\"",
    "\"../../../../etc/hostname\"",
    "\"/dev/zero\"",
];

/// One change to an input.
#[derive(Debug, Clone)]
pub enum Mutation {
    /// Replace the byte at a place.
    Set(Index, u8),
    /// Insert bytes at a place.
    Insert(Index, Vec<u8>),
    /// Delete up to this many bytes from a place.
    Delete(Index, usize),
    /// Repeat a stretch of up to this many bytes this many times.
    Repeat(Index, usize, usize),
    /// Replace the number or word at a place with a nasty one.
    Word(Index, usize),
    /// Open this many brackets at a place.
    Nest(Index, usize),
    /// Cut the input at a place (a torn file).
    Truncate(Index),
}

/// A mutation of any kind.
pub fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<Index>(), any::<u8>()).prop_map(|(i, b)| Mutation::Set(i, b)),
        (any::<Index>(), prop::collection::vec(any::<u8>(), 1..8))
            .prop_map(|(i, b)| Mutation::Insert(i, b)),
        (any::<Index>(), 1usize..64).prop_map(|(i, n)| Mutation::Delete(i, n)),
        (any::<Index>(), 1usize..32, 2usize..64).prop_map(|(i, n, k)| Mutation::Repeat(i, n, k)),
        // Numbers and names made nasty are the commonest attack: drawn three times as often.
        (any::<Index>(), 0..NASTY.len()).prop_map(|(i, w)| Mutation::Word(i, w)),
        (any::<Index>(), 0..NASTY.len()).prop_map(|(i, w)| Mutation::Word(i, w)),
        (any::<Index>(), 0..NASTY.len()).prop_map(|(i, w)| Mutation::Word(i, w)),
        (any::<Index>(), 1usize..200).prop_map(|(i, n)| Mutation::Nest(i, n)),
        (any::<Index>()).prop_map(Mutation::Truncate),
    ]
}

/// Up to `most` mutations.
pub fn mutations(most: usize) -> impl Strategy<Value = Vec<Mutation>> {
    prop::collection::vec(mutation(), 1..=most)
}

fn is_word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'-' | b'+')
}

/// `input` with the mutations applied in order.
pub fn apply(input: &[u8], mutations: &[Mutation]) -> Vec<u8> {
    let mut out = input.to_vec();
    for m in mutations {
        let at = |i: &Index, len: usize| if len == 0 { 0 } else { i.index(len) };
        match m {
            Mutation::Set(i, b) if !out.is_empty() => {
                let k = at(i, out.len());
                out[k] = *b;
            }
            Mutation::Set(..) => {}
            Mutation::Insert(i, bytes) => {
                let k = at(i, out.len() + 1);
                out.splice(k..k, bytes.iter().copied());
            }
            Mutation::Delete(i, n) => {
                let k = at(i, out.len() + 1);
                let end = (k + n).min(out.len());
                out.drain(k..end);
            }
            Mutation::Repeat(i, n, times) => {
                let k = at(i, out.len() + 1);
                let end = (k + n).min(out.len());
                let piece = out[k..end].to_vec();
                for _ in 1..*times {
                    out.splice(end..end, piece.iter().copied());
                }
            }
            Mutation::Word(i, w) => {
                // The word (or number) around a place, or the place itself.
                let k = at(i, out.len() + 1);
                let mut start = k;
                while start > 0 && is_word(out[start - 1]) {
                    start -= 1;
                }
                let mut end = k;
                while end < out.len() && is_word(out[end]) {
                    end += 1;
                }
                out.splice(start..end, NASTY[*w].bytes());
            }
            Mutation::Nest(i, n) => {
                let k = at(i, out.len() + 1);
                let open = ["(", "[", "{", "Some("][*n % 4];
                out.splice(k..k, open.repeat(*n).bytes());
            }
            Mutation::Truncate(i) => {
                let k = at(i, out.len() + 1);
                out.truncate(k);
            }
        }
    }
    out
}

/// `input` mutated, as text (invalid UTF-8 replaced).
pub fn apply_text(input: &str, mutations: &[Mutation]) -> String {
    String::from_utf8_lossy(&apply(input.as_bytes(), mutations)).into_owned()
}

/// Random bytes, up to `most` of them.
pub fn bytes(most: usize) -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(any::<u8>(), 0..most)
}

/// Random text built from RON's punctuation, words and numbers, up to `most` tokens.
pub fn ron_soup(most: usize) -> impl Strategy<Value = String> {
    let token = prop_oneof![
        Just("(".to_owned()),
        Just(")".to_owned()),
        Just("[".to_owned()),
        Just("]".to_owned()),
        Just("{".to_owned()),
        Just("}".to_owned()),
        Just(",".to_owned()),
        Just(":".to_owned()),
        Just("\"".to_owned()),
        Just("Some(".to_owned()),
        (0..NASTY.len()).prop_map(|w| NASTY[w].to_owned()),
        "[a-z_]{1,12}",
        "-?[0-9]{1,12}(\\.[0-9]{1,4})?",
        "\"[ -~]{0,16}\"",
    ];
    prop::collection::vec(token, 0..most).prop_map(|t| t.join(" "))
}

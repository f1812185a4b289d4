//! The reference checker: haifu's own engine run against vectors, as any engine's checker
//! would be. For each game it replays the log under the rule set being checked, rules every
//! vector's point again, and compares field by field with the vectors given: a legal set, a
//! furiten reason, a yaku list, a payment, a next round that differ are each a
//! [`Mismatch`], and so is a vector the engine does not reach (it refused an action before)
//! or one it rules that the suite does not hold.

use std::collections::BTreeMap;

use haifu_log::GameLog;
use haifu_ruleset::RuleSet;
use serde_json::Value;

use crate::{Kinds, Options, VectorError};

/// One vector the engine rules otherwise.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// The vector's event.
    pub event: usize,
    /// The vector's kind.
    pub kind: String,
    /// The first field that differs (`legal`, `value`, `payments`, …), or `vector` when one
    /// side has no such vector.
    pub field: String,
    /// The vector's value of the field.
    pub expected: String,
    /// The engine's.
    pub found: String,
}

impl std::fmt::Display for Mismatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "event {} {}: {} is {} in the vector, {} by the engine",
            self.event, self.kind, self.field, self.expected, self.found
        )
    }
}

/// Why vectors cannot be checked.
#[derive(Debug, thiserror::Error)]
pub enum CheckError {
    /// A line is not a JSON object with `event` and `kind`.
    #[error("line {line}: not a vector: {why}")]
    BadLine {
        /// The line, from 1.
        line: usize,
        /// What is wrong.
        why: String,
    },
    /// The engine cannot follow the game.
    #[error(transparent)]
    Vectors(#[from] VectorError),
}

/// The vectors of one game (`key`), keyed by event and kind.
type Keyed = BTreeMap<(usize, String), Value>;

fn keyed<'a>(lines: impl Iterator<Item = (usize, &'a str)>) -> Result<Keyed, CheckError> {
    let mut out = Keyed::new();
    for (line, text) in lines {
        let v: Value = serde_json::from_str(text).map_err(|e| CheckError::BadLine {
            line,
            why: e.to_string(),
        })?;
        let (Some(event), Some(kind)) = (v["event"].as_u64(), v["kind"].as_str()) else {
            return Err(CheckError::BadLine {
                line,
                why: "it has no `event` and `kind`".to_owned(),
            });
        };
        out.insert((event as usize, kind.to_owned()), v);
    }
    Ok(out)
}

/// Checks the vectors `lines` of the game `log` (every line with its number, from 1) under
/// `rules`: every vector the engine rules the same is silent, each other one a [`Mismatch`].
/// The kinds checked are the kinds the lines hold; decisions the lines leave out (a suite
/// written with `--every`) are not asked for.
///
/// # Errors
///
/// A [`CheckError`] for a line that is no vector, or a game the engine cannot follow.
pub fn check_game<'a>(
    log: &GameLog,
    rules: &RuleSet,
    key: &str,
    lines: impl Iterator<Item = (usize, &'a str)>,
) -> Result<Vec<Mismatch>, CheckError> {
    let given = keyed(lines)?;
    let mut kinds = Kinds::NONE;
    for (_, kind) in given.keys() {
        if let Some(k) = crate::Kind::from_name(kind) {
            kinds = kinds.with(k);
        }
    }
    let mut text = String::new();
    crate::write_game(log, rules, key, Options { kinds, every: 1 }, &mut text)?;
    let ruled = keyed(text.lines().enumerate().map(|(i, l)| (i + 1, l)))?;
    let mut out = Vec::new();
    for ((event, kind), want) in &given {
        let Some(got) = ruled.get(&(*event, kind.clone())) else {
            out.push(Mismatch {
                event: *event,
                kind: kind.clone(),
                field: "vector".to_owned(),
                expected: "present".to_owned(),
                found: "not ruled (the engine refused an earlier action, or rules no such point)"
                    .to_owned(),
            });
            continue;
        };
        if let Some((field, a, b)) = first_difference(want, got) {
            out.push(Mismatch {
                event: *event,
                kind: kind.clone(),
                field,
                expected: a,
                found: b,
            });
        }
    }
    // Wins, draws and transitions the engine rules that the suite lacks (a decision the
    // suite left out may be sampling).
    for ((event, kind), _) in ruled.iter().filter(|((_, k), _)| k != "decision") {
        if !given.contains_key(&(*event, kind.clone())) {
            out.push(Mismatch {
                event: *event,
                kind: kind.clone(),
                field: "vector".to_owned(),
                expected: "absent".to_owned(),
                found: "ruled".to_owned(),
            });
        }
    }
    Ok(out)
}

/// The first top-level field (in key order) whose values differ, with both values.
fn first_difference(want: &Value, got: &Value) -> Option<(String, String, String)> {
    let (Value::Object(a), Value::Object(b)) = (want, got) else {
        return (want != got).then(|| ("vector".to_owned(), want.to_string(), got.to_string()));
    };
    for (k, va) in a {
        let vb = b.get(k).unwrap_or(&Value::Null);
        if va != vb {
            return Some((k.clone(), va.to_string(), vb.to_string()));
        }
    }
    b.keys()
        .find(|k| !a.contains_key(*k))
        .map(|k| (k.clone(), "null".to_owned(), b[k].to_string()))
}

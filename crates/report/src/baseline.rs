//! Baselines: the divergences known and accepted, so that only new ones fail a run.

use std::collections::BTreeMap;
use std::io::{self, Write};

use haifu_replay::{Divergence, DivergenceKind};
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::FileVerdict;

/// A divergence as a baseline knows it: matched by the game (its identity, not the path as
/// typed: `logs/a.xml`, `./logs/a.xml` and an absolute path are one game), the round, the
/// kind and what is compared (not by the event index, which moves when a log is edited, nor
/// by the values, which a fix elsewhere may move), or by its text when it compares no values.
/// An entry without a game identity (one an earlier haifu wrote) is matched by its file.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct BaselineEntry {
    file: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    game: Option<String>,
    round: Option<String>,
    kind: String,
    #[serde(default)]
    field: Option<String>,
    detail: String,
}

impl BaselineEntry {
    /// The game (or, without its identity, the file), round and kind, then what is compared,
    /// or the text for a kind that compares no values (two wall mismatches of a round are
    /// two entries).
    fn key(&self) -> ((bool, &str), Option<&str>, &str, &str) {
        let game = match &self.game {
            Some(game) => (true, game.as_str()),
            None => (false, self.file.as_str()),
        };
        (
            game,
            self.round.as_deref(),
            &self.kind,
            self.field.as_deref().unwrap_or(&self.detail),
        )
    }
}

impl PartialEq for BaselineEntry {
    fn eq(&self, other: &Self) -> bool {
        self.key() == other.key()
    }
}

impl Eq for BaselineEntry {}

impl std::hash::Hash for BaselineEntry {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.key().hash(state);
    }
}

impl PartialOrd for BaselineEntry {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for BaselineEntry {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.key().cmp(&other.key())
    }
}

impl FileVerdict {
    /// The divergences of this file as baseline entries (a note that the game is
    /// unsupported is none; an unreadable file has none).
    pub fn baseline_entries(&self) -> Vec<BaselineEntry> {
        let Ok(v) = &self.result else {
            return Vec::new();
        };
        v.divergences
            .iter()
            .filter_map(|d| self.baseline_entry(d))
            .collect()
    }

    /// One divergence of this file as a baseline entry; `None` for a note that the game is
    /// unsupported.
    pub fn baseline_entry(&self, d: &Divergence) -> Option<BaselineEntry> {
        (!matches!(d.kind, DivergenceKind::Unsupported { .. })).then(|| BaselineEntry {
            file: self.file.clone(),
            game: self.game.clone(),
            round: d.round.map(|r| r.to_string()),
            kind: d.kind.name().to_owned(),
            field: d.kind.compared().map(|c| c.0.into_owned()),
            detail: d.kind.to_string(),
        })
    }
}

/// Known divergences: each [`BaselineEntry`] with how many times it occurs, read and
/// written as pretty JSON (`{"entries": [...]}`, sorted; an entry that occurs `n` times is
/// listed `n` times). An entry listed `n` times covers `n` divergences with its key: the
/// `n + 1`-th is new (two payments of a double ron gone wrong where one was known).
#[derive(Clone, Debug, Default)]
pub struct Baseline {
    entries: BTreeMap<BaselineEntry, usize>,
}

/// The JSON form: every occurrence listed.
#[derive(Serialize, Deserialize)]
struct Listed {
    entries: Vec<BaselineEntry>,
}

/// A baseline that does not read: the JSON's own message, with where it stopped.
#[derive(Debug, Error)]
#[error(transparent)]
pub struct BaselineError(serde_json::Error);

impl BaselineError {
    /// The 1-based line where reading stopped.
    pub fn line(&self) -> usize {
        self.0.line()
    }

    /// The 1-based column where reading stopped.
    pub fn column(&self) -> usize {
        self.0.column()
    }
}

impl Baseline {
    /// Reads a baseline from the JSON [`write_json`](Self::write_json) wrote.
    ///
    /// # Errors
    ///
    /// A [`BaselineError`] when `text` is not such a baseline.
    pub fn from_json(text: &str) -> Result<Baseline, BaselineError> {
        let listed: Listed = serde_json::from_str(text).map_err(BaselineError)?;
        Ok(listed.entries.into_iter().collect())
    }

    /// Writes the baseline as pretty JSON, with a final newline.
    ///
    /// # Errors
    ///
    /// The writer's error.
    pub fn write_json(&self, out: &mut impl Write) -> io::Result<()> {
        let listed = Listed {
            entries: self.entries().cloned().collect(),
        };
        serde_json::to_writer_pretty(&mut *out, &listed).map_err(io::Error::from)?;
        out.write_all(b"\n")
    }

    /// Whether the baseline knows `entry` (by its key: file, round, kind, and what is
    /// compared or the text).
    pub fn contains(&self, entry: &BaselineEntry) -> bool {
        self.count(entry) > 0
    }

    /// How many divergences with `entry`'s key the baseline covers: by the game's identity,
    /// or, for entries written without one, by the file.
    pub fn count(&self, entry: &BaselineEntry) -> usize {
        self.find(entry).map_or(0, |(_, n)| n)
    }

    /// The baseline's own entry that `entry` matches (by the game's identity, or for an
    /// entry written without one, by the file), with how many divergences it covers.
    pub fn find(&self, entry: &BaselineEntry) -> Option<(&BaselineEntry, usize)> {
        if let Some((known, n)) = self.entries.get_key_value(entry) {
            return Some((known, *n));
        }
        entry.game.as_ref()?;
        let by_file = BaselineEntry {
            game: None,
            ..entry.clone()
        };
        self.entries
            .get_key_value(&by_file)
            .map(|(known, n)| (known, *n))
    }

    /// Every occurrence, in order (an entry that occurs `n` times comes `n` times).
    pub fn entries(&self) -> impl Iterator<Item = &BaselineEntry> {
        self.entries
            .iter()
            .flat_map(|(e, n)| std::iter::repeat_n(e, *n))
    }

    /// The distinct entries with their counts, in order.
    pub fn counted(&self) -> impl Iterator<Item = (&BaselineEntry, usize)> {
        self.entries.iter().map(|(e, n)| (e, *n))
    }
}

impl FromIterator<BaselineEntry> for Baseline {
    fn from_iter<I: IntoIterator<Item = BaselineEntry>>(entries: I) -> Baseline {
        let mut counted = BTreeMap::new();
        for e in entries {
            *counted.entry(e).or_insert(0) += 1;
        }
        Baseline { entries: counted }
    }
}

#[cfg(test)]
mod tests {
    use super::{Baseline, BaselineEntry};

    fn entry(detail: &str, field: Option<&str>) -> BaselineEntry {
        BaselineEntry {
            file: "a.haifu".to_owned(),
            game: None,
            round: Some("E1.0".to_owned()),
            kind: "win_mismatch".to_owned(),
            field: field.map(str::to_owned),
            detail: detail.to_owned(),
        }
    }

    #[test]
    fn entries_match_by_what_is_compared_not_by_the_values() {
        let known: Baseline = [entry("han: engine 2, log 3", Some("han"))]
            .into_iter()
            .collect();
        assert!(known.contains(&entry("han: engine 2, log 4", Some("han"))));
        assert!(!known.contains(&entry("fu: engine 30, log 40", Some("fu"))));
        // Without a field compared, the text is the key.
        let texts: Baseline = [entry("one", None)].into_iter().collect();
        assert!(!texts.contains(&entry("two", None)));
    }

    /// The same game named from another folder is the same game: entries are keyed by its
    /// identity; an entry written without one is found by its file.
    #[test]
    fn entries_match_by_the_game_not_the_path_as_typed() {
        let at = |file: &str, game: Option<&str>| BaselineEntry {
            file: file.to_owned(),
            game: game.map(str::to_owned),
            ..entry("han: engine 2, log 3", Some("han"))
        };
        let known: Baseline = [at("logs/a.xml", Some("2009-a"))].into_iter().collect();
        assert!(known.contains(&at("./logs/a.xml", Some("2009-a"))));
        assert!(known.contains(&at("/home/ci/logs/a.xml", Some("2009-a"))));
        assert!(!known.contains(&at("logs/a.xml", Some("2010-b"))));
        let old: Baseline = [at("logs/a.xml", None)].into_iter().collect();
        assert!(old.contains(&at("logs/a.xml", Some("2009-a"))));
        assert!(!old.contains(&at("./logs/a.xml", Some("2009-a"))));
    }

    #[test]
    fn a_baseline_reads_back_what_it_writes() {
        let known: Baseline = [entry("one", None), entry("two", Some("han"))]
            .into_iter()
            .collect();
        let mut bytes = Vec::new();
        known.write_json(&mut bytes).unwrap();
        let text = String::from_utf8(bytes).unwrap();
        assert!(text.ends_with("}\n"));
        let again = Baseline::from_json(&text).unwrap();
        assert!(known.entries().eq(again.entries()));
        // A key that occurs twice covers two divergences, and is written twice.
        let twice: Baseline = [entry("one", None), entry("one", None)]
            .into_iter()
            .collect();
        assert_eq!(twice.count(&entry("one", None)), 2);
        let mut bytes = Vec::new();
        twice.write_json(&mut bytes).unwrap();
        let again = Baseline::from_json(&String::from_utf8(bytes).unwrap()).unwrap();
        assert_eq!(again.count(&entry("one", None)), 2);
        let err = Baseline::from_json("{\n  \"entries\": 3\n}").unwrap_err();
        assert_eq!((err.line(), err.column()), (2, 14));
    }
}

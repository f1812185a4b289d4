//! Rule files (TOML) and `--rules` specifications with overrides.

use std::collections::BTreeMap;
use std::fmt;
use std::path::PathBuf;

use toml::{Spanned, Value};

use crate::{Extension, FIELDS, FinalPoints, Preset, RuleSet, Uma, Yame};

/// Where in a rule file an error is: the file as named by the caller, a 1-based line and a
/// 1-based column (in characters).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FilePlace {
    /// The file.
    pub file: String,
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1, in characters.
    pub column: usize,
}

impl fmt::Display for FilePlace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}", self.file, self.line, self.column)
    }
}

fn prefix(at: &Option<FilePlace>) -> String {
    at.as_ref().map_or_else(String::new, |l| format!("{l}: "))
}

/// ` (did you mean NAME?)` for the name among `names` closest to `typed`, when one is close
/// enough to be a slip (a Jaro–Winkler similarity of 0.85 or more); else nothing.
pub(crate) fn did_you_mean<'a>(typed: &str, names: impl Iterator<Item = &'a str>) -> String {
    names
        .map(|n| (strsim::jaro_winkler(typed, n), n))
        .filter(|(score, _)| *score >= 0.85)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map_or_else(String::new, |(_, n)| format!(" (did you mean {n}?)"))
}

fn keys() -> String {
    FIELDS.iter().map(|f| f.name).collect::<Vec<_>>().join(", ")
}

fn presets() -> String {
    Preset::ALL.map(Preset::name).join(", ")
}

/// A rule file, an override or a `--rules` value that cannot be read. Those from a file say
/// where (`FILE:LINE:COLUMN`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    /// Not TOML.
    #[error("{}not a TOML rule file: {message}", prefix(.at))]
    Syntax {
        /// What the TOML reader expected.
        message: String,
        /// Where.
        at: Option<FilePlace>,
    },
    /// A rule file without `base = "PRESET"`.
    #[error("{}a rule file starts from a preset: add base = \"PRESET\", one of {}", prefix(.at), presets())]
    MissingBase {
        /// Where (the file's start).
        at: Option<FilePlace>,
    },
    /// A base or `--rules` name that is no preset.
    #[error("{}no preset is called {name:?}{}: the presets are {}, and jpml, wrc, ema for their current editions", prefix(.at), did_you_mean(.name, Preset::ALL.iter().map(|p| p.name())), presets())]
    UnknownPreset {
        /// The name.
        name: String,
        /// Where.
        at: Option<FilePlace>,
    },
    /// A key that is no rule point.
    #[error("{}no rule point is called {key:?}{}: the keys are base, {}", prefix(.at), did_you_mean(.key, FIELDS.iter().map(|f| f.name)), keys())]
    UnknownKey {
        /// The key.
        key: String,
        /// Where.
        at: Option<FilePlace>,
    },
    /// A value the rule point does not take.
    #[error("{}{key} cannot be {}: expected {expected}", prefix(.at), cut(.value))]
    BadValue {
        /// The key.
        key: &'static str,
        /// The value, as written.
        value: String,
        /// What the key takes.
        expected: String,
        /// Where.
        at: Option<FilePlace>,
    },
    /// Rule points that, each valid alone, do not make a rule set together.
    #[error("{0}")]
    Inconsistent(String),
    /// The same rule point overridden twice in one `--rules` value, as a rule file may not set
    /// a key twice either: which one was meant is not for the reader to guess.
    #[error("{0} is overridden twice: give each rule point once")]
    DuplicateOverride(String),
    /// An override that is not `key=value`.
    #[error("an override is key=value (such as kiriage_mangan=true), not {0:?}")]
    BadOverride(String),
    /// A log that declares no rule set haifu can name, asked for its own (`--rules auto`).
    #[error(
        "the log declares no rule set haifu knows ({why}): name one with --rules, such as --rules auto:{suggest} (each log's own rules where it declares them, else {suggest}), a preset or a rule file"
    )]
    Undeclared {
        /// What the log says instead.
        why: String,
        /// The preset of the log's platform and table size, or the likeliest.
        suggest: &'static str,
    },
    /// A record whose rules line names a rule file (`rules club.toml`): its rule set is the
    /// file's, read by the caller relative to the record, which the log alone cannot do.
    #[error(
        "the record's rules are in the rule file {path}, read beside the record: verify the record's file (haifu verify FILE), or name the rule set with --rules"
    )]
    RuleFile {
        /// The file, as the rules line names it.
        path: PathBuf,
    },
}

impl RuleError {
    fn located(mut self, loc: FilePlace) -> RuleError {
        match &mut self {
            RuleError::Syntax { at, .. }
            | RuleError::MissingBase { at }
            | RuleError::UnknownPreset { at, .. }
            | RuleError::UnknownKey { at, .. }
            | RuleError::BadValue { at, .. } => *at = Some(loc),
            RuleError::BadOverride(_)
            | RuleError::DuplicateOverride(_)
            | RuleError::Inconsistent(_)
            | RuleError::Undeclared { .. }
            | RuleError::RuleFile { .. } => {}
        }
        self
    }
}

/// The line and column of byte `offset` of `text`.
fn locate(file: &str, text: &str, offset: usize) -> FilePlace {
    let before = &text[..offset.min(text.len())];
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    FilePlace {
        file: file.to_owned(),
        line: before.matches('\n').count() + 1,
        column: before[line_start..].chars().count() + 1,
    }
}

pub(crate) fn from_toml(text: &str, file: &str) -> Result<RuleSet, RuleError> {
    let table: BTreeMap<Spanned<String>, Spanned<Value>> = toml::from_str(text).map_err(|e| {
        let offset = e.span().map_or(0, |s| s.start);
        bare_word(text, offset).map_or_else(
            || RuleError::Syntax {
                message: e.message().trim_end().to_owned(),
                at: Some(locate(file, text, offset)),
            },
            |(key, word, expected, at)| RuleError::BadValue {
                key,
                value: word.to_owned(),
                expected,
                at: Some(locate(file, text, at)),
            },
        )
    })?;
    let Some((base_key, base)) = table.iter().find(|(k, _)| k.get_ref() == "base") else {
        return Err(RuleError::MissingBase {
            at: Some(locate(file, text, 0)),
        });
    };
    let base_at = || locate(file, text, base.span().start);
    let name = base.get_ref().as_str().ok_or_else(|| RuleError::BadValue {
        key: "base",
        value: base.get_ref().to_string(),
        expected: format!("a preset name in quotes, one of {}", presets()),
        at: Some(base_at()),
    })?;
    let preset = Preset::from_name(name).ok_or_else(|| RuleError::UnknownPreset {
        name: name.to_owned(),
        at: Some(base_at()),
    })?;
    let _ = base_key;
    let mut rules = RuleSet::preset(preset);
    // In the file's order, so the first error is the first in the file.
    let mut entries: Vec<_> = table
        .iter()
        .filter(|(k, _)| k.get_ref() != "base")
        .collect();
    entries.sort_by_key(|(k, _)| k.span().start);
    for (key, value) in entries {
        if let Err(e) = rules.set(key.get_ref(), value.get_ref()) {
            let offset = match e {
                RuleError::UnknownKey { .. } => key.span().start,
                _ => value.span().start,
            };
            return Err(e.located(locate(file, text, offset)));
        }
    }
    rules.check()?;
    Ok(rules)
}

impl RuleSet {
    /// What a rule set changed from its base preset may have meant otherwise: a start score
    /// changed while the thresholds that follow from the base's start (agari-yame,
    /// tenpai-yame, the extension's target) are left as the base has them. Each says which
    /// points, and what they are.
    pub fn warnings(&self) -> Vec<String> {
        let base = RuleSet::preset(self.base);
        let flow = &self.flow;
        if flow.start_score == base.flow.start_score {
            return Vec::new();
        }
        let mut kept = Vec::new();
        if let Yame::Automatic { min_score } = flow.agari_yame
            && flow.agari_yame == base.flow.agari_yame
        {
            kept.push(format!("agari_yame = {min_score}"));
        }
        if let Yame::Automatic { min_score } = flow.tenpai_yame
            && flow.tenpai_yame == base.flow.tenpai_yame
        {
            kept.push(format!("tenpai_yame = {min_score}"));
        }
        if let Extension::NextWind { target } = flow.extension
            && flow.extension == base.flow.extension
        {
            kept.push(format!("extension = {target}"));
        }
        if kept.is_empty() {
            return Vec::new();
        }
        vec![format!(
            "start_score = {} where {} starts at {}, but {} as {} has {}: set them too if the game's thresholds follow its start",
            flow.start_score,
            self.base.name(),
            base.flow.start_score,
            kept.join(", "),
            self.base.name(),
            if kept.len() == 1 { "it" } else { "them" }
        )]
    }

    /// Whether the rule points, each valid alone, make a rule set together: scores are
    /// positive (the start, the return); every row of the uma sums to zero, which also
    /// catches an uma of three places given for four players; at a table of three the uma's
    /// fourth place is 0 (so `tenhou,players=3`, which keeps Tenhou's four-place uma, is
    /// refused with the way to mend it); and kita (a North set aside) and the other points
    /// of a table of three are played only there.
    ///
    /// # Errors
    ///
    /// [`RuleError::Inconsistent`] saying which points and why.
    pub fn check(&self) -> Result<(), RuleError> {
        let bad = |why: String| Err(RuleError::Inconsistent(why));
        if self.flow.start_score <= 0 {
            return bad(format!(
                "start_score = {}: a player starts with a positive score",
                self.flow.start_score
            ));
        }
        if self.flow.riichi_deposit < 0 {
            return bad(format!(
                "riichi_deposit = {}: a riichi deposit is paid by the declarer, so it is 0 or more",
                self.flow.riichi_deposit
            ));
        }
        // A North set aside needs a table of three: with four, every North is in play.
        if self.players == crate::Players::Four && self.round.kita != crate::Kita::NotPlayed {
            return bad(
                "kita = \"nukidora\" with players = 4: a North is set aside only at a table of three (set kita = \"not-played\", or players = 3)"
                    .to_owned(),
            );
        }
        // The points of a three-player table are not played at four (and are left not
        // settled by every four-player preset). The points a table of three cannot reach
        // (four riichi, four winds) are moot there; the one point of four players that would
        // rule wrongly at three, the uma's fourth place, is checked with the uma below.
        if self.players == crate::Players::Four {
            let round = &self.round;
            let three_player_points = [
                ("kita_ron", round.kita_ron != crate::KitaRon::NotSettled),
                (
                    "kita_interrupts",
                    round.kita_interrupts != crate::KitaInterrupts::NotSettled,
                ),
                (
                    "kita_rinshan",
                    round.kita_rinshan != crate::KitaRinshan::NotSettled,
                ),
                (
                    "three_player_tsumo",
                    self.flow.three_player_tsumo != crate::ThreePlayerTsumo::NotSettled,
                ),
            ];
            if let Some((point, _)) = three_player_points.iter().find(|(_, set)| *set) {
                return bad(format!(
                    "{point} with players = 4: a rule point of a table of three, not played at four (set {point} = \"not-settled\", or players = 3)"
                ));
            }
        }
        if let FinalPoints::Uma {
            return_score, uma, ..
        } = &self.flow.final_points
        {
            if *return_score <= 0 {
                return bad(format!(
                    "final_points: return_score = {return_score}: the return score is positive"
                ));
            }
            let rows: &[[i32; 4]] = match uma {
                Uma::Fixed(row) => std::slice::from_ref(row),
                Uma::ByFloaters { by_count, .. } => by_count,
            };
            for row in rows {
                // A table of three has three places: the uma's own doc says its fourth
                // entry is then 0, and the three others carry the whole sum.
                if self.players == crate::Players::Three && row[3] != 0 {
                    return bad(format!(
                        "final_points: uma = {row:?} with players = 3: a table of three has three places, so the fourth entry is 0 (give uma = [first, second, third, 0] summing to zero, set final_points = \"not-known\", or start from a three-player preset such as tenhou-sanma)"
                    ));
                }
                let sum: i64 = row.iter().map(|u| i64::from(*u)).sum();
                if sum != 0 {
                    return bad(format!(
                        "final_points: uma = {row:?} sums to {sum}: the places' uma sum to zero (with {} players, give {} entries)",
                        self.players.count(),
                        self.players.count()
                    ));
                }
            }
        }
        Ok(())
    }
}

/// A TOML error at a line `key = word` whose value is a bare word (`red_fives = no`), which
/// TOML reads as nothing (the TOML reader says "invalid float, expected nan"): the rule point,
/// the word, what the point takes, and where the word starts. A word the point takes as a
/// string is to be quoted.
fn bare_word(text: &str, offset: usize) -> Option<(&'static str, &str, String, usize)> {
    let start = text.get(..offset)?.rfind('\n').map_or(0, |i| i + 1);
    let line = text[start..].lines().next()?;
    let (key, value) = line.split_once('=')?;
    let field = FIELDS.iter().find(|f| f.name == key.trim())?;
    let word = value.trim();
    let bare = word.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if !bare || matches!(word, "true" | "false") {
        return None;
    }
    let at = start + key.len() + 1 + (value.len() - value.trim_start().len());
    let mut probe = RuleSet::preset(Preset::Tenhou);
    let expected = match probe.set(field.name, &Value::String(word.to_owned())) {
        Ok(()) => format!("\"{word}\", in quotes: a word is a TOML string"),
        Err(RuleError::BadValue { expected, .. }) => expected,
        Err(_) => return None,
    };
    Some((field.name, word, expected, at))
}

/// Where a `--rules` value starts from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SpecBase {
    /// What each log declares.
    Auto,
    /// What each log declares, and for a log that declares none, the fallback
    /// (`auto:jpml`, `auto:club.toml`).
    AutoOr(Fallback),
    /// A preset.
    Preset(Preset),
    /// A rule file, to be read by the caller ([`RuleSet::from_toml`]).
    File(PathBuf),
}

/// What `auto:…` falls back on for a log that declares no rule set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fallback {
    /// A preset.
    Preset(Preset),
    /// A rule file, to be read by the caller.
    File(PathBuf),
}

/// A `--rules` value: `auto` (or `auto:FALLBACK`), a preset or a rule file, then any overrides:
/// `NAME,key=value,…` (`auto,kiriage_mangan=true`, `wrc,red_fives=true`).
///
/// A name that is neither `auto` nor a preset is taken as a file. Override values are TOML
/// values (`true`, `2`, `"head-bump"`); a bare word is taken as a string (`head-bump`).
#[derive(Clone, Debug, PartialEq)]
pub struct RuleSpec {
    /// Where it starts from.
    pub base: SpecBase,
    /// The overrides, in order.
    pub overrides: Vec<(String, Value)>,
}

impl RuleSpec {
    /// Reads a `--rules` value. Keys are checked here; values when applied.
    ///
    /// # Errors
    ///
    /// [`RuleError::BadOverride`] for a part that is not `key=value`,
    /// [`RuleError::DuplicateOverride`] for a key given twice,
    /// [`RuleError::UnknownKey`] for a key that is no rule point.
    pub fn parse(text: &str) -> Result<RuleSpec, RuleError> {
        let mut parts = split_top(text).into_iter();
        let name = parts.next().unwrap_or_default().trim();
        let base = match name {
            "auto" => SpecBase::Auto,
            _ if name.starts_with("auto:") => {
                let fallback = name["auto:".len()..].trim();
                if fallback.is_empty() {
                    return Err(RuleError::UnknownPreset {
                        name: name.to_owned(),
                        at: None,
                    });
                }
                SpecBase::AutoOr(match Preset::from_name(fallback) {
                    Some(p) => Fallback::Preset(p),
                    None => Fallback::File(PathBuf::from(fallback)),
                })
            }
            _ => match Preset::from_name(name) {
                Some(p) => SpecBase::Preset(p),
                None if name.is_empty() => {
                    return Err(RuleError::UnknownPreset {
                        name: String::new(),
                        at: None,
                    });
                }
                None => SpecBase::File(PathBuf::from(name)),
            },
        };
        let mut overrides = Vec::new();
        for part in parts {
            let Some((key, value)) = part.split_once('=') else {
                return Err(RuleError::BadOverride(part.to_owned()));
            };
            let key = key.trim();
            if !FIELDS.iter().any(|f| f.name == key) {
                return Err(RuleError::UnknownKey {
                    key: key.to_owned(),
                    at: None,
                });
            }
            if overrides.iter().any(|(k, _)| k == key) {
                return Err(RuleError::DuplicateOverride(key.to_owned()));
            }
            overrides.push((key.to_owned(), value_of(value.trim())));
        }
        Ok(RuleSpec { base, overrides })
    }

    /// Applies the overrides to `rules`, in order.
    ///
    /// # Errors
    ///
    /// [`RuleError::BadValue`] for a value its key does not take.
    pub fn apply(&self, rules: &mut RuleSet) -> Result<(), RuleError> {
        for (key, value) in &self.overrides {
            rules.set(key, value)?;
        }
        if self.overrides.is_empty() {
            return Ok(());
        }
        rules.check()
    }
}

/// A value as an error message shows it: whole, or its first
/// [`QUOTE_WINDOW`](haifu_tiles::QUOTE_WINDOW) characters and how many more there are.
fn cut(value: &str) -> std::borrow::Cow<'_, str> {
    match value.char_indices().nth(haifu_tiles::QUOTE_WINDOW) {
        None => value.into(),
        Some((at, _)) => format!(
            "{}… (and {} characters more)",
            &value[..at],
            value[at..].chars().count()
        )
        .into(),
    }
}

/// Splits at the commas that are not inside brackets, braces or quotes, so an override's
/// value may be a TOML array or table (`final_points={return_score=30000,…}`).
fn split_top(text: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let (mut depth, mut quoted, mut start) = (0i32, false, 0);
    for (i, c) in text.char_indices() {
        match c {
            '"' => quoted = !quoted,
            '[' | '{' if !quoted => depth += 1,
            ']' | '}' if !quoted => depth -= 1,
            ',' if !quoted && depth == 0 => {
                parts.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&text[start..]);
    parts
}

impl RuleSpec {
    /// An override's value: TOML when it reads as TOML (`true`, `2`, `[20,10,-10,-20]`),
    /// else the bare word as a string (`head-bump`).
    pub fn value_of(text: &str) -> Value {
        value_of(text)
    }
}

fn value_of(text: &str) -> Value {
    #[derive(serde::Deserialize)]
    struct One {
        v: Value,
    }
    toml::from_str::<One>(&format!("v = {text}"))
        .map(|one| one.v)
        .unwrap_or_else(|_| Value::String(text.to_owned()))
}

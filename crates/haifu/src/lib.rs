//! haifu as a library: read a Japanese mahjong game log in any format haifu reads, find the
//! rule set it declares, and check every ruling it records against haifu's rules engine.
//!
//! Three things an engine author does with it:
//!
//! - **Verify a file.** [`read`] tells the format by content (Tenhou mjlog XML, plain or
//!   gzipped; tenhou.net/6 JSON; a decoded Mahjong Soul record; the haifu notation) and reads
//!   it; [`declared_rules`] gives the rule set the log declares; [`verify`] replays it and
//!   returns a [`Verdict`].
//! - **Verify an event stream your own engine builds.** Fill a [`GameLog`] with its `push_*`
//!   methods (a round start, each draw, discard, call, riichi, and the recorded win or draw)
//!   and hand it to [`verify`] under the rule set your engine plays.
//! - **Score a hand.** Build a [`WinSpec`] from the short tile text (`234067m678p1s`) and call
//!   [`score`] under a [`RuleSet`].
//!
//! ```
//! // Tanyao and pinfu, won on a discard by a non-dealer: 234m 567m 234p 678s and the pair
//! // 55p, waiting on 1p or 4p. 2 han, 30 fu (20 and 10 for a concealed ron): 2000 points.
//! let rules = haifu::rules("tenhou").expect("a preset");
//! let mut hand = haifu::WinSpec::new();
//! hand.add_concealed("234567m2355p678s").expect("tiles");
//! hand.set_winning_tile("4p").expect("a tile");
//! hand.method = haifu::WinMethod::Ron;
//! hand.seat_wind = haifu::tiles::Wind::South;
//! let win = hand.win().expect("a complete hand");
//! let score = haifu::score(&rules, &win).expect("a valid win");
//! assert_eq!((score.han, score.fu, score.total_received()), (2, 30, 2000));
//! ```
//!
//! # Architecture invariants
//!
//! - This crate is the one place that knows every reader: it chooses the reader by the
//!   bytes, and asks it for the game and its declared rules. The replayer
//!   ([`haifu_replay`]) knows no format.
//! - Library errors are typed ([`ReadError`], [`haifu_ruleset::RuleError`]); nothing read
//!   from a file panics.

use std::path::Path;

pub use haifu_log::{self as log, GameLog, ParseError, SourcePositions};
pub use haifu_replay::{
    Divergence, DivergenceKind, GameReplay, RoundLabel, Status, Verdict, replay, verify,
};
pub use haifu_rules::{RiichiDeclaration, Score, ScoreError, WinMethod, WinSpec, score};
pub use haifu_ruleset::{Declared, Preset, RuleError, RuleSet, RuleSpec, SpecBase};
pub use haifu_tiles as tiles;

/// The formats haifu reads, told apart by content (the notation also by its `.haifu` name).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// Tenhou's mjlog XML, plain or gzipped.
    Mjlog,
    /// tenhou.net/6 JSON.
    Tenhou6,
    /// A decoded Mahjong Soul record.
    Majsoul,
    /// A Riichi City game record (the game object, or the API's reply holding it).
    RiichiCity,
    /// An mjai log (JSON lines).
    Mjai,
    /// The haifu notation.
    Notation,
}

impl Format {
    /// The formats read, for messages.
    pub const READ: &str = "Tenhou mjlog XML (<mjloggm …>, plain or gzipped), tenhou.net/6 JSON ({\"log\": […]}, one object or one a line), a decoded Mahjong Soul record ({\"head\": …, \"data\": …}), a Riichi City game record ({\"handRecord\": …}, or an API reply holding one), an mjai log ({\"type\":\"start_game\", …} one event a line) or the haifu notation (.haifu)";

    /// The format of `bytes` named `name` (a file name or path; only its extension is
    /// looked at): gzip or `<` is mjlog, `{` with a `"log"` key tenhou.net/6, `{` with
    /// `"head"` and a `RecordNewRound` a Mahjong Soul record, `{` with `"handRecord"` and
    /// `"handEventRecord"` a Riichi City record, a first line whose `"type"` is
    /// `start_game` or `start_kyoku` an mjai log, a `.haifu` name or text opening
    /// with a comment or a keyword the notation. An empty input is mjlog, whose reader says
    /// it is empty. `None` for anything else.
    pub fn of(name: &str, bytes: &[u8]) -> Option<Format> {
        if Path::new(name).extension().is_some_and(|e| e == "haifu") {
            return Some(Format::Notation);
        }
        let first = bytes.iter().position(|b| !b.is_ascii_whitespace());
        match first.map(|i| bytes[i]) {
            _ if bytes.starts_with(&[0x1f, 0x8b]) => Some(Format::Mjlog),
            Some(b'<') | None => Some(Format::Mjlog),
            // mjai first: its events are objects with a `"type"`, and a `uri` may hold `log=`.
            Some(b'{') if haifu_mjai::looks_like(bytes) => Some(Format::Mjai),
            Some(b'{') if haifu_tenhou6::looks_like(bytes) => Some(Format::Tenhou6),
            Some(b'{') if haifu_majsoul::looks_like(bytes) => Some(Format::Majsoul),
            Some(b'{') if haifu_riichicity::looks_like(bytes) => Some(Format::RiichiCity),
            // The notation opens with a comment or a keyword.
            Some(b'#' | b'a'..=b'z') => Some(Format::Notation),
            Some(_) => None,
        }
    }

    /// Whether a log written in this format keeps what `kind` speaks of: the one table of
    /// what each format haifu writes cannot hold, by the divergences that would speak of it.
    ///
    /// - tenhou.net/6 has no wall (and so no seed or dice) and no scores after each riichi
    ///   deposit;
    /// - mjai has none of those either, nor the limit names, liable seats and placement
    ///   points it has no field for, nor the referee's order of a yaku list (its converters
    ///   keep their source's, which nothing in the lines marks as the referee's);
    /// - the notation keeps everything.
    ///
    /// A scenario's expectations only the notation holds: a log written in another format is
    /// weighed without them. haifu writes no mjlog, Mahjong Soul or Riichi City record: for
    /// those this says `true` (nothing is written in them to lose anything).
    pub fn holds(self, kind: &DivergenceKind) -> bool {
        use haifu_replay::{FinalPart, ScoresAt, WinField};
        let no_wall = matches!(
            kind,
            DivergenceKind::WallMismatch { .. }
                | DivergenceKind::BadSeed { .. }
                | DivergenceKind::ScoreMismatch {
                    what: ScoresAt::AfterDeposit,
                    ..
                }
        );
        match self {
            Format::Tenhou6 => !no_wall,
            Format::Mjai => {
                !no_wall
                    && !matches!(
                        kind,
                        DivergenceKind::WinMismatch {
                            field: WinField::Limit | WinField::Pao | WinField::YakuOrder,
                            ..
                        } | DivergenceKind::FinalMismatch {
                            what: FinalPart::Points,
                            ..
                        }
                    )
            }
            Format::Notation | Format::Mjlog | Format::Majsoul | Format::RiichiCity => true,
        }
    }
}

/// `verdict`'s rulings as a log written in `format` keeps them, for comparing a log with its
/// conversion: its status and each divergence (round and text) but those of what the format
/// cannot hold ([`Format::holds`]). A log divergent only in what the format cannot hold is
/// weighed as conforming, as its conversion is.
pub fn rulings_held(verdict: &Verdict, format: Format) -> Vec<String> {
    let mut out = vec![verdict.status().as_str().to_owned()];
    out.extend(
        verdict
            .divergences
            .iter()
            .filter(|d| format.holds(&d.kind))
            .map(ToString::to_string),
    );
    if out.len() == 1 && verdict.status() == Status::Divergent {
        out[0] = Status::Conforming.as_str().to_owned();
    }
    out
}

/// Why a log could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReadError {
    /// The bytes are in none of the formats haifu reads.
    #[error("not a game record haifu reads: expected {}", Format::READ)]
    UnknownFormat,
    /// A located error of the mjlog, tenhou.net/6 or Mahjong Soul reader (`LINE:COL: …`).
    #[error(transparent)]
    Log(#[from] ParseError),
    /// A located error of the notation's reader.
    #[error(transparent)]
    Notation(#[from] haifu_notation::ReadError),
    /// The record reads, but holds no round: there is no game to check (a header alone, or a
    /// record cut before its first round).
    #[error("the record holds no round: there is no game to check")]
    NoRound,
}

impl ReadError {
    /// The message with the file's name in front, as editors and CI problem matchers read
    /// it: `FILE:LINE:COL: message` (the notation's also quotes the line under it), or
    /// `FILE: message` when there is no place.
    pub fn display_in(&self, file: &str) -> String {
        match self {
            ReadError::UnknownFormat | ReadError::NoRound => format!("{file}: {self}"),
            ReadError::Log(e) => format!("{file}:{e}"),
            ReadError::Notation(e) => e.display_in(file).to_string(),
        }
    }
}

/// Reads the log in `bytes`, named `name` (its file name or path), into `log`, which is
/// cleared first: the format told by content ([`Format::of`]), each round's wall rebuilt from
/// a Tenhou seed or as the log states it, and a Tenhou game id found in the name when the log
/// carries none (it dates the game, and so Tenhou's era of rules). A gzipped mjlog is
/// decompressed to at most `limit` bytes. A UTF-8 byte-order mark at the start is skipped.
///
/// # Errors
///
/// A [`ReadError`]: the format is not one haifu reads, or its reader's located error.
pub fn read_into(name: &str, bytes: &[u8], log: &mut GameLog, limit: u64) -> Result<(), ReadError> {
    read_marked(name, bytes, log, limit, None)
}

/// Like [`read_into`], and notes in the same pass where each event and expectation was
/// written (`positions`, cleared first): haifu text by line, an mjai log's events by line,
/// and the byte offsets of an mjlog's tags and the JSON formats' items, which
/// [`SourcePositions::place`] with the same `bytes` turns into lines and columns when a
/// report needs them (a gzipped mjlog's are placed at once, in its XML). On error the
/// positions, like the log, are unspecified.
///
/// # Errors
///
/// As [`read_into`].
pub fn read_located(
    name: &str,
    bytes: &[u8],
    log: &mut GameLog,
    limit: u64,
    positions: &mut SourcePositions,
) -> Result<(), ReadError> {
    positions.clear();
    read_marked(name, bytes, log, limit, Some(positions))
}

/// [`read_into`], noting positions when asked.
fn read_marked(
    name: &str,
    bytes: &[u8],
    log: &mut GameLog,
    limit: u64,
    positions: Option<&mut SourcePositions>,
) -> Result<(), ReadError> {
    log.clear();
    // A UTF-8 byte-order mark is no part of the record; an error on the first line is still
    // placed at its column in the file (the positions of events are noted after it, as their
    // columns are on other lines).
    match bytes.strip_prefix(BOM) {
        Some(rest) => {
            let mut positions = positions;
            let read = read_unmarked(name, rest, log, limit, positions.as_deref_mut());
            if let Some(p) = positions {
                // Positions in the file, after the mark: offsets 3 bytes on, columns of the
                // first line 3 columns on.
                p.offsets.iter_mut().for_each(|o| *o += BOM.len());
                p.events
                    .iter_mut()
                    .filter(|l| l.line == 1)
                    .for_each(|l| l.column = l.column.saturating_add(3));
            }
            read.map_err(|mut e| {
                let location = match &mut e {
                    ReadError::UnknownFormat | ReadError::NoRound => None,
                    ReadError::Log(e) => Some(&mut e.location),
                    ReadError::Notation(e) => Some(&mut e.location),
                };
                if let Some(l) = location.filter(|l| l.line == 1) {
                    l.column = l.column.saturating_add(3);
                }
                e
            })
        }
        None => read_unmarked(name, bytes, log, limit, positions),
    }
}

/// [`ReadError::NoRound`] for a log that holds no round: a header alone, or a record cut
/// before its first round, is no game that conforms. `verify` asks it of every log; a
/// conversion need not.
///
/// # Errors
///
/// [`ReadError::NoRound`].
pub fn require_round(log: &GameLog) -> Result<(), ReadError> {
    if log.round_starts().is_empty() {
        Err(ReadError::NoRound)
    } else {
        Ok(())
    }
}

/// The UTF-8 byte-order mark some editors write at the start of a text file.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// [`read_into`] for bytes without a byte-order mark, the format's reader noting positions
/// when asked.
fn read_unmarked(
    name: &str,
    bytes: &[u8],
    log: &mut GameLog,
    limit: u64,
    positions: Option<&mut SourcePositions>,
) -> Result<(), ReadError> {
    let format = Format::of(name, bytes).ok_or(ReadError::UnknownFormat)?;
    match (format, positions) {
        (Format::Notation, positions) => {
            // The haifu notation carries its own game id.
            let walls = &mut haifu_tenhou::SeedWalls::new();
            let Some(positions) = positions else {
                return Ok(haifu_notation::read_bytes_into_with(bytes, log, walls)?);
            };
            let mut lines = haifu_notation::SourceLines {
                events: std::mem::take(&mut positions.event_lines),
                expectations: std::mem::take(&mut positions.expectation_lines),
            };
            let read = haifu_notation::read_bytes_into_with_lines(bytes, log, walls, &mut lines);
            positions.event_lines = lines.events;
            positions.expectation_lines = lines.expectations;
            return Ok(read?);
        }
        (Format::Mjlog, None) => haifu_tenhou::read_into_limited(bytes, log, limit)?,
        (Format::Mjlog, Some(p)) => haifu_tenhou::read_into_with_positions(bytes, log, limit, p)?,
        (Format::Tenhou6, None) => haifu_tenhou6::read(bytes, log)?,
        (Format::Tenhou6, Some(p)) => haifu_tenhou6::read_with_positions(bytes, log, p)?,
        (Format::Majsoul, None) => haifu_majsoul::read(bytes, log)?,
        (Format::Majsoul, Some(p)) => haifu_majsoul::read_with_positions(bytes, log, p)?,
        (Format::RiichiCity, None) => haifu_riichicity::read(bytes, log)?,
        (Format::RiichiCity, Some(p)) => haifu_riichicity::read_with_positions(bytes, log, p)?,
        (Format::Mjai, None) => haifu_mjai::read(bytes, log)?,
        (Format::Mjai, Some(p)) => haifu_mjai::read_with_positions(bytes, log, p)?,
    }
    if log.header.game_id.is_none() {
        let file = Path::new(name)
            .file_name()
            .map(|n| n.to_string_lossy())
            .unwrap_or_default();
        log.header.game_id = haifu_tenhou::game_id_from_file_name(&file).map(str::to_owned);
    }
    Ok(())
}

/// Reads the log in `bytes`, named `name`, as [`read_into`] does, with the default limit on a
/// gzipped mjlog's size ([`haifu_tenhou::DEFAULT_DECOMPRESSED_LIMIT`]).
///
/// # Errors
///
/// A [`ReadError`]: the format is not one haifu reads, or its reader's located error.
pub fn read(name: &str, bytes: &[u8]) -> Result<GameLog, ReadError> {
    let mut log = GameLog::new();
    read_into(
        name,
        bytes,
        &mut log,
        haifu_tenhou::DEFAULT_DECOMPRESSED_LIMIT,
    )?;
    Ok(log)
}

/// A rule set by the name `--rules` takes: a preset (`tenhou`, `wrc`…) followed by any
/// `key=value` overrides, separated by commas (`wrc,red_fives=true`).
///
/// # Errors
///
/// A [`RuleError`] naming the unknown preset, key or value.
pub fn rules(spec: &str) -> Result<RuleSet, RuleError> {
    let parsed = RuleSpec::parse(spec)?;
    let SpecBase::Preset(preset) = parsed.base else {
        return Err(RuleError::UnknownPreset {
            name: spec.to_owned(),
            at: None,
        });
    };
    let mut rules = RuleSet::preset(preset);
    parsed.apply(&mut rules)?;
    Ok(rules)
}

/// The rule set a log declares, and where it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeclaredRules {
    /// The rule set.
    pub rules: RuleSet,
    /// Where it came from, for reports (the Tenhou GO type and era, or the notation's
    /// `rules` line).
    pub source: String,
}

/// The rule set `log` declares, as its reader decoded it ([`Header::declared`]): a rule set
/// the log names (a notation file's `rules` line, a tenhou.net/6 `rule.disp`, a Mahjong Soul
/// record's configuration), or Tenhou's GO type bits decoded under the era of the game's date
/// (see [`haifu_tenhou::declared_rules`]), either with the overrides the log states.
///
/// [`Header::declared`]: haifu_log::Header::declared
///
/// # Errors
///
/// [`RuleError::Undeclared`] when the log names no rule set haifu can name (say why),
/// [`RuleError::RuleFile`] when its rules line names a rule file (which only a caller that
/// knows where the record is can read; the record's text was read with
/// [`haifu_notation::text_rules_of`], which that caller checks against the file, as `haifu
/// verify` does), or the [`RuleError`] of a declaration haifu refuses.
pub fn declared_rules(log: &GameLog) -> Result<DeclaredRules, RuleError> {
    match &log.header.declared {
        Declared::Rules { rules, source } => Ok(DeclaredRules {
            rules: **rules,
            source: source.clone(),
        }),
        Declared::TenhouFlags { overrides } => {
            let tenhou = haifu_tenhou::declared_rules(log);
            let Some(overrides) = overrides else {
                return Ok(DeclaredRules {
                    rules: tenhou.rules,
                    source: tenhou.describe(),
                });
            };
            let mut rules = tenhou.rules;
            overrides.apply(&mut rules)?;
            Ok(DeclaredRules {
                rules,
                source: format!(
                    "{}, with the overrides of the rules line ({})",
                    tenhou.describe(),
                    overrides.written
                ),
            })
        }
        Declared::File { path, .. } => Err(RuleError::RuleFile { path: path.clone() }),
        Declared::Undeclared { why, suggest } => Err(RuleError::Undeclared {
            why: why.clone(),
            suggest: suggest.name(),
        }),
        Declared::Refused(e) => Err(e.clone()),
    }
}

/// Why a file could not be verified.
#[derive(Debug, thiserror::Error)]
pub enum FileError {
    /// The file could not be read.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// Its bytes are not a log haifu reads.
    #[error("{0}")]
    Read(#[from] ReadError),
    /// It declares no rule set haifu can use.
    #[error("{0}")]
    Rules(#[from] RuleError),
}

/// Reads the log at `path` and verifies it under the rule set it declares: the whole of
/// `haifu verify FILE` as a call, the log's own rules and every ruling checked.
///
/// # Errors
///
/// A [`FileError`]: the file does not read, is not a log, or names no rule set.
pub fn verify_file(path: &Path) -> Result<Verdict, FileError> {
    let bytes = std::fs::read(path)?;
    let log = read(&path.to_string_lossy(), &bytes)?;
    require_round(&log)?;
    let declared = declared_rules(&log)?;
    Ok(verify(&log, &declared.rules))
}

/// The README's Rust snippets, compiled and run as doc tests (from the workspace root, where
/// they find the project's corpus).
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
struct ReadmeDoctests;

//! Reading Tenhou's Phoenix log databases: the SQLite files that the two common downloaders
//! fill, one row a game, each row's mjlog compressed in a column.
//!
//! - [`LogDb::open`] opens a database read-only and tells its [`Schema`] by the columns of its
//!   `logs` table: MahjongRepository/phoenix-logs (`log_id`, `log_content`, `is_processed`,
//!   `was_error`, `is_tonpusen`, `is_sanma`, `date`) or Apricot-S/houou-logs (`id`, `log`,
//!   `is_processed`, `was_error`, `num_players`, `is_tonpu`, `date`).
//! - [`LogDb::count`] and [`LogDb::scan`] walk the rows a list of [`Narrowing`]s selects, in the
//!   order of their log ids: a row not yet downloaded (`is_processed = 0`) or marked in error
//!   (`was_error = 1`) is counted ([`RowCounts`]) and passed over; every other row is handed
//!   over as a [`Row`], its log id and its stored bytes as they are.
//! - [`decompress`] turns a row's bytes into the mjlog's XML, the compression told by its
//!   content ([`Compression::of`]: bzip2, gzip, zlib or plain text), within a size limit.
//!
//! Decompressing is left to the caller so that it can run on as many threads as it likes: the
//! scan itself only reads, and SQLite reads one row after another.
//!
//! # Flow
//!
//! 1. `LogDb::open(path)`: the file is an SQLite database (else [`DbError::NotADatabase`]),
//!    it has a `logs` table ([`DbError::NoLogsTable`]) whose columns are one of the two
//!    schemas ([`DbError::WrongSchema`]).
//! 2. `scan(&narrowing, |row| …)`: each row in log-id order; a database found corrupt midway
//!    ends the scan with [`DbError::Corrupt`], naming the last row read.
//! 3. `decompress(&row.bytes, limit)`: the XML, or a [`RowError`] naming what failed.
//!
//! # Architecture invariants
//!
//! - This crate knows databases and compression, nothing of mjlog: the bytes it returns are
//!   read by the Tenhou reader like a file's.
//! - Errors are typed and say what was expected; nothing read from a database panics.
//! - The database is never written: it is opened read-only.

use std::fmt;
use std::io::Read;
use std::ops::ControlFlow;
use std::path::Path;
use std::str::FromStr;
use std::sync::{Arc, Mutex};

use rusqlite::hooks::{AuthAction, AuthContext, Authorization};
use rusqlite::{Connection, OpenFlags};

/// The first bytes of every SQLite database file.
pub const SQLITE_MAGIC: &[u8; 16] = b"SQLite format 3\0";

/// Whether `bytes` (a file's first bytes) open an SQLite database.
pub fn is_sqlite(bytes: &[u8]) -> bool {
    bytes.starts_with(SQLITE_MAGIC)
}

/// The two database layouts read, told apart by the columns of their `logs` table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Schema {
    /// MahjongRepository/phoenix-logs: `log_id`, `date`, `is_tonpusen`, `is_sanma`,
    /// `is_processed`, `was_error`, `log_content` (the mjlog, bzip2-compressed), `log_hash`,
    /// and in some versions `is_hirosima`.
    PhoenixLogs,
    /// Apricot-S/houou-logs: `id`, `date`, `num_players`, `is_tonpu`, `is_processed`,
    /// `was_error`, `log` (the mjlog, gzip-compressed).
    HououLogs,
}

impl Schema {
    /// The downloader's name, for messages.
    pub fn name(self) -> &'static str {
        match self {
            Schema::PhoenixLogs => "phoenix-logs",
            Schema::HououLogs => "houou-logs",
        }
    }

    /// The column holding each row's log id (Tenhou's game id).
    pub fn id_column(self) -> &'static str {
        match self {
            Schema::PhoenixLogs => "log_id",
            Schema::HououLogs => "id",
        }
    }

    /// The column holding each row's compressed mjlog.
    pub fn log_column(self) -> &'static str {
        match self {
            Schema::PhoenixLogs => "log_content",
            Schema::HououLogs => "log",
        }
    }

    /// The columns a schema must have to be read.
    fn required(self) -> &'static [&'static str] {
        match self {
            Schema::PhoenixLogs => &[
                "log_id",
                "log_content",
                "is_processed",
                "was_error",
                "is_tonpusen",
                "is_sanma",
                "date",
            ],
            Schema::HououLogs => &[
                "id",
                "log",
                "is_processed",
                "was_error",
                "num_players",
                "is_tonpu",
                "date",
            ],
        }
    }

    /// The columns `sql=` may name: every column of the schema but the compressed log
    /// (its bytes mean nothing to SQL, and reading them in a condition would read every
    /// log twice).
    fn queryable(self) -> &'static [&'static str] {
        match self {
            Schema::PhoenixLogs => &[
                "log_id",
                "date",
                "is_tonpusen",
                "is_sanma",
                "is_hirosima",
                "is_processed",
                "was_error",
                "log_hash",
            ],
            Schema::HououLogs => &[
                "id",
                "date",
                "num_players",
                "is_tonpu",
                "is_processed",
                "was_error",
            ],
        }
    }

    /// The schema whose required columns `columns` holds, if any.
    fn of_columns(columns: &[String]) -> Option<Schema> {
        [Schema::PhoenixLogs, Schema::HououLogs]
            .into_iter()
            .find(|s| s.required().iter().all(|c| columns.iter().any(|h| h == c)))
    }
}

impl fmt::Display for Schema {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How a row's log is stored, told by its first bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Compression {
    /// bzip2 (`BZh`), as phoenix-logs stores it.
    Bzip2,
    /// gzip (`1f 8b`), as houou-logs stores it.
    Gzip,
    /// zlib (`78` and a valid second byte).
    Zlib,
    /// Not compressed: the XML as text (`<`, after any whitespace or byte-order mark).
    Plain,
}

impl Compression {
    /// The compression of `bytes`, or `None` when they open with none of the known magic
    /// bytes and are not XML text.
    pub fn of(bytes: &[u8]) -> Option<Compression> {
        if bytes.starts_with(b"BZh") {
            return Some(Compression::Bzip2);
        }
        if bytes.starts_with(&[0x1f, 0x8b]) {
            return Some(Compression::Gzip);
        }
        // A zlib header: deflate (CM 8), a window of at most 32 KiB, and a check that makes
        // the first two bytes a multiple of 31.
        if let [a, b, ..] = *bytes
            && a & 0x0f == 8
            && a >> 4 <= 7
            && (u16::from(a) << 8 | u16::from(b)) % 31 == 0
        {
            return Some(Compression::Zlib);
        }
        let text = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
        match text.iter().find(|b| !b.is_ascii_whitespace()) {
            Some(b'<') => Some(Compression::Plain),
            _ => None,
        }
    }

    /// The compression's name, for messages.
    pub fn name(self) -> &'static str {
        match self {
            Compression::Bzip2 => "bzip2",
            Compression::Gzip => "gzip",
            Compression::Zlib => "zlib",
            Compression::Plain => "plain text",
        }
    }
}

impl fmt::Display for Compression {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a row's log could not be had.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RowError {
    /// The row is marked downloaded without error, but its log column is empty or NULL.
    #[error("the row holds no log (its log column is empty) though it is marked processed")]
    Empty,
    /// The log opens with none of the known magic bytes and is not XML text.
    #[error(
        "the log is neither bzip2, gzip nor zlib data nor XML text: it opens with the bytes {first}"
    )]
    UnknownCompression {
        /// Its first bytes, in hex.
        first: String,
    },
    /// The decompressor failed.
    #[error("the log does not decompress ({compression}): {detail}")]
    Corrupt {
        /// The compression its magic bytes announced.
        compression: Compression,
        /// The decompressor's message.
        detail: String,
    },
    /// The log decompresses to more than the limit.
    #[error(
        "the log decompresses to more than {limit} bytes ({compression}; raise the limit with --max-size if the log is real)"
    )]
    TooLarge {
        /// The compression.
        compression: Compression,
        /// The limit in bytes.
        limit: u64,
    },
}

/// The log in `bytes` (a row's stored value) decompressed: its compression is told by its
/// content ([`Compression::of`]), and it may decompress to at most `limit` bytes.
///
/// # Errors
///
/// [`RowError`]: empty, not a known compression, corrupt, or too large.
pub fn decompress(bytes: &[u8], limit: u64) -> Result<Vec<u8>, RowError> {
    if bytes.is_empty() {
        return Err(RowError::Empty);
    }
    let Some(compression) = Compression::of(bytes) else {
        let first = bytes
            .iter()
            .take(8)
            .map(|b| format!("{b:02x}"))
            .collect::<Vec<_>>()
            .join(" ");
        return Err(RowError::UnknownCompression { first });
    };
    let mut out = Vec::new();
    let read = match compression {
        Compression::Plain => {
            if bytes.len() as u64 > limit {
                return Err(RowError::TooLarge { compression, limit });
            }
            return Ok(bytes.to_vec());
        }
        Compression::Bzip2 => bzip2::read::MultiBzDecoder::new(bytes)
            .take(limit.saturating_add(1))
            .read_to_end(&mut out),
        Compression::Gzip => flate2::read::MultiGzDecoder::new(bytes)
            .take(limit.saturating_add(1))
            .read_to_end(&mut out),
        Compression::Zlib => flate2::read::ZlibDecoder::new(bytes)
            .take(limit.saturating_add(1))
            .read_to_end(&mut out),
    };
    read.map_err(|e| RowError::Corrupt {
        compression,
        detail: e.to_string(),
    })?;
    if out.len() as u64 > limit {
        return Err(RowError::TooLarge { compression, limit });
    }
    Ok(out)
}

/// Players at the table, for `--where players=N`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Players {
    /// Three-player games (sanma).
    Three,
    /// Four-player games.
    Four,
}

/// A game's length, for `--where length=…`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Length {
    /// East-only games (tonpuusen).
    Tonpuu,
    /// East and South games (hanchan).
    Hanchan,
}

/// A calendar day, `YYYY-MM-DD`, as both schemas' `date` columns begin.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Day {
    /// The year.
    pub year: u16,
    /// The month, 1–12.
    pub month: u8,
    /// The day of the month, 1–31.
    pub day: u8,
}

impl FromStr for Day {
    type Err = String;

    fn from_str(s: &str) -> Result<Day, String> {
        let bad = || format!("{s:?} is not a day: expected YYYY-MM-DD, such as 2021-07-01");
        let b = s.as_bytes();
        if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
            return Err(bad());
        }
        let year: u16 = s[0..4].parse().map_err(|_| bad())?;
        let month: u8 = s[5..7].parse().map_err(|_| bad())?;
        let day: u8 = s[8..10].parse().map_err(|_| bad())?;
        if !(1..=12).contains(&month) || !(1..=31).contains(&day) {
            return Err(bad());
        }
        Ok(Day { year, month, day })
    }
}

impl fmt::Display for Day {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

/// One condition on the rows read (`--where`): the table size, the length, a date range, or
/// an SQL condition over the schema's columns (not the compressed log).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Narrowing {
    /// `players=3` or `players=4`.
    Players(Players),
    /// `length=tonpuu` (also `east`) or `length=hanchan` (also `south`).
    Length(Length),
    /// `since=YYYY-MM-DD`: games of that day and later (by the `date` column).
    Since(Day),
    /// `until=YYYY-MM-DD`: games of that day and earlier.
    Until(Day),
    /// `sql=EXPR`: an SQL expression over the schema's columns but the log (`log_id`, `date`,
    /// `is_tonpusen`, `is_sanma`, `is_hirosima`, `is_processed`, `was_error`, `log_hash` for
    /// phoenix-logs; `id`, `date`, `num_players`, `is_tonpu`, `is_processed`, `was_error` for
    /// houou-logs). Checked when the scan is prepared: naming another column or table, or
    /// anything but reading, is refused.
    Sql(String),
}

impl FromStr for Narrowing {
    type Err = String;

    fn from_str(s: &str) -> Result<Narrowing, String> {
        let expected = "expected players=3|4, length=tonpuu|hanchan, since=YYYY-MM-DD, until=YYYY-MM-DD or sql=EXPR";
        let Some((key, value)) = s.split_once('=') else {
            return Err(format!("{s:?}: {expected}"));
        };
        Ok(match key.trim() {
            "players" => match value.trim() {
                "3" => Narrowing::Players(Players::Three),
                "4" => Narrowing::Players(Players::Four),
                v => return Err(format!("players={v}: expected 3 or 4")),
            },
            "length" => match value.trim() {
                "tonpuu" | "tonpuusen" | "east" => Narrowing::Length(Length::Tonpuu),
                "hanchan" | "south" => Narrowing::Length(Length::Hanchan),
                v => {
                    return Err(format!(
                        "length={v}: expected tonpuu (east) or hanchan (south)"
                    ));
                }
            },
            "since" => Narrowing::Since(value.trim().parse().map_err(|e| format!("since: {e}"))?),
            "until" => Narrowing::Until(value.trim().parse().map_err(|e| format!("until: {e}"))?),
            "sql" if !value.trim().is_empty() => Narrowing::Sql(value.to_owned()),
            "sql" => {
                return Err(
                    "sql=: give an SQL condition, such as sql=date LIKE '2021-%'".to_owned(),
                );
            }
            k => return Err(format!("{k:?} is no narrowing: {expected}")),
        })
    }
}

impl Narrowing {
    /// The condition in `schema`'s SQL; a value is bound, never spliced in (`sql=` aside,
    /// which is checked by the authorizer instead).
    fn condition(&self, schema: Schema) -> String {
        match (self, schema) {
            (Narrowing::Players(p), Schema::PhoenixLogs) => {
                format!("is_sanma = {}", u8::from(*p == Players::Three))
            }
            (Narrowing::Players(p), Schema::HououLogs) => {
                format!("num_players = {}", if *p == Players::Three { 3 } else { 4 })
            }
            (Narrowing::Length(l), Schema::PhoenixLogs) => {
                format!("is_tonpusen = {}", u8::from(*l == Length::Tonpuu))
            }
            (Narrowing::Length(l), Schema::HououLogs) => {
                format!("is_tonpu = {}", u8::from(*l == Length::Tonpuu))
            }
            // The day is data this crate formatted (digits and dashes): no quoting needed.
            (Narrowing::Since(d), _) => format!("substr(date, 1, 10) >= '{d}'"),
            (Narrowing::Until(d), _) => format!("substr(date, 1, 10) <= '{d}'"),
            (Narrowing::Sql(expr), _) => format!("({expr})"),
        }
    }
}

/// Why a database could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DbError {
    /// The file could not be opened.
    #[error("cannot open the database: {0}")]
    Open(String),
    /// The file is not an SQLite database.
    #[error(
        "not an SQLite database (expected a Phoenix log database of phoenix-logs or houou-logs)"
    )]
    NotADatabase,
    /// SQLite found the database damaged.
    #[error("the database is corrupt{}: {detail}", after.as_ref().map(|a| format!(" after row {a}")).unwrap_or_default())]
    Corrupt {
        /// The log id of the last row read before the damage, if any was.
        after: Option<String>,
        /// SQLite's message.
        detail: String,
    },
    /// The database has no `logs` table.
    #[error(
        "no table `logs`: not a Phoenix log database (expected phoenix-logs' or houou-logs' table `logs`)"
    )]
    NoLogsTable,
    /// The `logs` table has neither schema's columns.
    #[error(
        "table `logs` has the columns {}: expected phoenix-logs' (log_id, log_content, is_processed, was_error, is_tonpusen, is_sanma, date) or houou-logs' (id, log, is_processed, was_error, num_players, is_tonpu, date)",
        columns.join(", ")
    )]
    WrongSchema {
        /// The columns it has.
        columns: Vec<String>,
    },
    /// A `sql=` condition that is not SQL, or reads what it may not.
    #[error("--where sql={expr}: {why}")]
    Where {
        /// The condition as given.
        expr: String,
        /// What is wrong with it.
        why: String,
    },
    /// Any other error SQLite reports.
    #[error("{0}")]
    Sqlite(String),
}

impl DbError {
    fn of(e: &rusqlite::Error, after: Option<&str>) -> DbError {
        match e.sqlite_error_code() {
            Some(rusqlite::ErrorCode::NotADatabase) => DbError::NotADatabase,
            Some(rusqlite::ErrorCode::DatabaseCorrupt) => DbError::Corrupt {
                after: after.map(str::to_owned),
                detail: e.to_string(),
            },
            Some(rusqlite::ErrorCode::CannotOpen) => DbError::Open(e.to_string()),
            _ => DbError::Sqlite(e.to_string()),
        }
    }
}

/// The rows a narrowing selects, by what becomes of them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RowCounts {
    /// Rows handed over (downloaded, not in error).
    pub logs: u64,
    /// Rows not downloaded yet (`is_processed = 0`, `was_error = 0`): passed over.
    pub unprocessed: u64,
    /// Rows the downloader marked in error (`was_error = 1`): passed over.
    pub in_error: u64,
}

/// One downloaded row: its log id and its log as stored (see [`decompress`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// The row's log id (Tenhou's game id, as the downloader stored it).
    pub id: String,
    /// The log as stored: compressed, or XML text.
    pub bytes: Vec<u8>,
}

/// An open Phoenix log database.
#[derive(Debug)]
pub struct LogDb {
    conn: Connection,
    schema: Schema,
}

impl LogDb {
    /// Opens the database at `path` read-only and tells its schema.
    ///
    /// # Errors
    ///
    /// [`DbError`]: it cannot be opened, is no SQLite database or a corrupt one, has no `logs`
    /// table, or its columns are neither schema's.
    pub fn open(path: &Path) -> Result<LogDb, DbError> {
        let conn = Connection::open_with_flags(
            path,
            OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )
        .map_err(|e| DbError::of(&e, None))?;
        let columns = table_columns(&conn)?;
        if columns.is_empty() {
            return Err(DbError::NoLogsTable);
        }
        let schema = Schema::of_columns(&columns).ok_or(DbError::WrongSchema { columns })?;
        Ok(LogDb { conn, schema })
    }

    /// The database's schema.
    pub fn schema(&self) -> Schema {
        self.schema
    }

    /// The `WHERE` clause of `narrowing` (all of them), checked: a `sql=` condition may read
    /// only the schema's queryable columns of `logs`, and do nothing but read.
    fn clause(&self, narrowing: &[Narrowing]) -> Result<String, DbError> {
        if narrowing.is_empty() {
            return Ok("1".to_owned());
        }
        for n in narrowing {
            if let Narrowing::Sql(expr) = n {
                self.check_sql(expr)?;
            }
        }
        Ok(narrowing
            .iter()
            .map(|n| n.condition(self.schema))
            .collect::<Vec<_>>()
            .join(" AND "))
    }

    /// Prepares `expr` alone under an authorizer that allows reading the queryable columns
    /// of `logs` and calling functions, and nothing else.
    fn check_sql(&self, expr: &str) -> Result<(), DbError> {
        let allowed = self.schema.queryable();
        let refused: Arc<Mutex<Option<String>>> = Arc::default();
        let seen = Arc::clone(&refused);
        self.conn.authorizer(Some(move |ctx: AuthContext<'_>| {
            let why = match ctx.action {
                AuthAction::Select | AuthAction::Function { .. } => return Authorization::Allow,
                AuthAction::Read {
                    table_name,
                    column_name,
                } if table_name == "logs" && allowed.contains(&column_name) => {
                    return Authorization::Allow;
                }
                AuthAction::Read {
                    table_name: "logs",
                    column_name,
                } => format!(
                    "the column `{column_name}` cannot be named (expected one of {})",
                    allowed.join(", ")
                ),
                AuthAction::Read { table_name, .. } => {
                    format!("the table `{table_name}` cannot be read (only `logs`)")
                }
                other => format!("only reading is allowed, not {other:?}"),
            };
            if let Ok(mut slot) = seen.lock() {
                slot.get_or_insert(why);
            }
            Authorization::Deny
        }));
        let sql = format!("SELECT 1 FROM logs WHERE ({expr})");
        let prepared = self.conn.prepare(&sql).map(|_| ());
        self.conn
            .authorizer(None::<fn(AuthContext<'_>) -> Authorization>);
        prepared.map_err(|e| DbError::Where {
            expr: expr.to_owned(),
            why: refused
                .lock()
                .ok()
                .and_then(|mut r| r.take())
                .unwrap_or_else(|| e.to_string()),
        })
    }

    /// The rows `narrowing` selects, counted by what becomes of them.
    ///
    /// # Errors
    ///
    /// [`DbError`]: a `sql=` condition refused, or SQLite's error.
    pub fn count(&self, narrowing: &[Narrowing]) -> Result<RowCounts, DbError> {
        let sql = format!(
            "SELECT count(*), \
             coalesce(sum(was_error = 0 AND is_processed = 0), 0), \
             coalesce(sum(was_error <> 0), 0) FROM logs WHERE {}",
            self.clause(narrowing)?
        );
        let (all, unprocessed, in_error): (i64, i64, i64) = self
            .conn
            .query_row(&sql, [], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
            .map_err(|e| DbError::of(&e, None))?;
        let n = |v: i64| u64::try_from(v).unwrap_or(0);
        Ok(RowCounts {
            logs: n(all - unprocessed - in_error),
            unprocessed: n(unprocessed),
            in_error: n(in_error),
        })
    }

    /// Walks the rows `narrowing` selects in the order of their log ids, handing each
    /// downloaded row to `each` (which may stop the walk with `Break`), and counts them.
    ///
    /// # Errors
    ///
    /// [`DbError`]: a `sql=` condition refused, a corrupt database (naming the last row read),
    /// or SQLite's error. The rows handed over before it stand.
    pub fn scan(
        &self,
        narrowing: &[Narrowing],
        mut each: impl FnMut(Row) -> ControlFlow<()>,
    ) -> Result<RowCounts, DbError> {
        let id = self.schema.id_column();
        let sql = format!(
            "SELECT {id}, is_processed, was_error, {} FROM logs WHERE {} ORDER BY {id}",
            self.schema.log_column(),
            self.clause(narrowing)?
        );
        let mut statement = self.conn.prepare(&sql).map_err(|e| DbError::of(&e, None))?;
        let mut rows = statement.query([]).map_err(|e| DbError::of(&e, None))?;
        let mut counts = RowCounts::default();
        let mut last: Option<String> = None;
        loop {
            let row = match rows.next() {
                Ok(Some(row)) => row,
                Ok(None) => break,
                Err(e) => return Err(DbError::of(&e, last.as_deref())),
            };
            let fail = |e: rusqlite::Error, last: &Option<String>| DbError::of(&e, last.as_deref());
            let log_id = match row.get_ref(0).map_err(|e| fail(e, &last))? {
                rusqlite::types::ValueRef::Text(t) | rusqlite::types::ValueRef::Blob(t) => {
                    String::from_utf8_lossy(t).into_owned()
                }
                rusqlite::types::ValueRef::Integer(i) => i.to_string(),
                rusqlite::types::ValueRef::Real(r) => r.to_string(),
                rusqlite::types::ValueRef::Null => String::new(),
            };
            let flag = |i: usize| -> Result<bool, DbError> {
                Ok(match row.get_ref(i).map_err(|e| fail(e, &last))? {
                    rusqlite::types::ValueRef::Integer(v) => v != 0,
                    rusqlite::types::ValueRef::Real(v) => v != 0.0,
                    rusqlite::types::ValueRef::Text(t) => !matches!(t, b"" | b"0"),
                    rusqlite::types::ValueRef::Blob(_) => true,
                    rusqlite::types::ValueRef::Null => false,
                })
            };
            let (processed, error) = (flag(1)?, flag(2)?);
            if error {
                counts.in_error += 1;
            } else if !processed {
                counts.unprocessed += 1;
            } else {
                let bytes = match row.get_ref(3).map_err(|e| fail(e, &last))? {
                    rusqlite::types::ValueRef::Text(t) | rusqlite::types::ValueRef::Blob(t) => {
                        t.to_vec()
                    }
                    _ => Vec::new(),
                };
                counts.logs += 1;
                last = Some(log_id.clone());
                if each(Row { id: log_id, bytes }).is_break() {
                    break;
                }
            }
        }
        Ok(counts)
    }
}

/// The columns of the table `logs` (none when there is no such table).
fn table_columns(conn: &Connection) -> Result<Vec<String>, DbError> {
    let mut statement = conn
        .prepare("SELECT name FROM pragma_table_info('logs')")
        .map_err(|e| DbError::of(&e, None))?;
    let names = statement
        .query_map([], |r| r.get::<_, String>(0))
        .map_err(|e| DbError::of(&e, None))?
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| DbError::of(&e, None))?;
    Ok(names)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compression_by_magic_bytes() {
        assert_eq!(Compression::of(b"BZh91AY&SY"), Some(Compression::Bzip2));
        assert_eq!(
            Compression::of(&[0x1f, 0x8b, 8, 0]),
            Some(Compression::Gzip)
        );
        // 0x789c: deflate, 32 KiB window, default level; 0x789c = 30876 = 31 × 996.
        assert_eq!(Compression::of(&[0x78, 0x9c, 1]), Some(Compression::Zlib));
        assert_eq!(
            Compression::of(b"<mjloggm ver=\"2.3\">"),
            Some(Compression::Plain)
        );
        assert_eq!(
            Compression::of(b"\xef\xbb\xbf \n<mjloggm>"),
            Some(Compression::Plain)
        );
        // 0x789d is no multiple of 31: not zlib, and not text either.
        assert_eq!(Compression::of(&[0x78, 0x9d]), None);
        assert_eq!(Compression::of(b"{\"log\": 1}"), None);
    }

    #[test]
    fn decompress_errors_name_what_failed() {
        assert_eq!(decompress(b"", 100), Err(RowError::Empty));
        assert_eq!(
            decompress(b"\x00\x01garbage", 100),
            Err(RowError::UnknownCompression {
                first: "00 01 67 61 72 62 61 67".to_owned()
            })
        );
        let Err(RowError::Corrupt { compression, .. }) = decompress(b"BZh9 not bzip2 at all", 100)
        else {
            panic!("a bzip2 header on garbage is a corrupt bzip2 stream");
        };
        assert_eq!(compression, Compression::Bzip2);
        assert_eq!(
            decompress(b"<mjloggm/>", 5),
            Err(RowError::TooLarge {
                compression: Compression::Plain,
                limit: 5
            })
        );
        assert_eq!(
            decompress(b"<mjloggm/>", 100).as_deref(),
            Ok(&b"<mjloggm/>"[..])
        );
    }

    #[test]
    fn narrowings_read() {
        assert_eq!("players=3".parse(), Ok(Narrowing::Players(Players::Three)));
        assert_eq!("length=east".parse(), Ok(Narrowing::Length(Length::Tonpuu)));
        assert_eq!(
            "since=2021-07-01".parse(),
            Ok(Narrowing::Since(Day {
                year: 2021,
                month: 7,
                day: 1
            }))
        );
        assert!("until=2021-13-01".parse::<Narrowing>().is_err());
        assert!("players=5".parse::<Narrowing>().is_err());
        assert!("colour=red".parse::<Narrowing>().is_err());
        assert_eq!(
            "sql=date LIKE '2021-%'".parse(),
            Ok(Narrowing::Sql("date LIKE '2021-%'".to_owned()))
        );
    }
}

//! The games a command reads, streamed: each file found, and each row of a Phoenix log
//! database ([`haifu_logdb`]), handed over in chunks from a reader thread so that a run over
//! millions of rows holds only a bounded window of them.
//!
//! A game from a database is named `FILE.db#LOG_ID` (the database as named, `#`, the row's log
//! id) in every report, message and baseline; its Tenhou game id, and so its date and era,
//! are read from that name as from a file's.

use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, SyncSender};

use haifu_log::{GameLog, SourcePositions};
use haifu_logdb::{LogDb, Narrowing, RowCounts};

use crate::files::{self, Found};

/// One game to read.
pub(crate) enum Game {
    /// A file found (or a path that could not be listed).
    File(Found),
    /// A database row: the database as named, its log id, and its log as stored.
    Row {
        /// The database's path.
        db: Arc<PathBuf>,
        /// The row's log id.
        id: String,
        /// The log as stored (compressed, or text).
        bytes: Vec<u8>,
    },
    /// A database that could not be read, or stopped being readable midway: its located
    /// message (`FILE.db: …`).
    Failed {
        /// The database's path.
        db: PathBuf,
        /// The message, naming the database.
        message: String,
    },
}

impl Game {
    /// The name reports give the game: the file as shown, or `FILE.db#LOG_ID`.
    pub(crate) fn shown(&self) -> String {
        match self {
            Game::File(Found::File(p) | Found::Error(p, _) | Found::Database(p)) => files::shown(p),
            Game::Row { db, id, .. } => row_name(db, id),
            Game::Failed { db, .. } => files::shown(db),
        }
    }

    /// The name its log is read under (its format, and a game id, are read from it): the
    /// file's (or standard input's `--name`), or `FILE.db#LOG_ID`.
    pub(crate) fn name(&self) -> String {
        match self {
            Game::File(Found::File(p)) => files::name_of(p),
            _ => self.shown(),
        }
    }

    /// The path a record's own rule file is found beside: the file, or the database.
    pub(crate) fn path(&self) -> &Path {
        match self {
            Game::File(Found::File(p) | Found::Error(p, _) | Found::Database(p)) => p,
            Game::Row { db, .. } => db,
            Game::Failed { db, .. } => db,
        }
    }

    /// The log's bytes: the file's, or the row's decompressed; else the located message.
    pub(crate) fn bytes(&self) -> Result<Vec<u8>, String> {
        match self {
            Game::File(Found::File(p)) => {
                files::read_file(p).map_err(|e| format!("{}: {e}", self.name()))
            }
            Game::File(Found::Error(p, e)) => Err(format!("{}: {e}", files::shown(p))),
            // Expanded into rows by the reader thread; never handed over whole.
            Game::File(Found::Database(p)) => Err(format!(
                "{}: a database is read row by row",
                files::shown(p)
            )),
            Game::Row { bytes, .. } => haifu_logdb::decompress(bytes, files::max_size())
                .map_err(|e| format!("{}: {e}", self.shown())),
            Game::Failed { message, .. } => Err(message.clone()),
        }
    }

    /// Reads the game into `log` (cleared first), naming it as reports do.
    pub(crate) fn read_into(&self, log: &mut GameLog) -> Result<(), String> {
        log.clear();
        let bytes = self.bytes()?;
        let name = self.name();
        haifu::read_into(&name, &bytes, log, files::max_size()).map_err(|e| e.display_in(&name))
    }

    /// Reads the game into `log` and where each of its events was written into `positions`
    /// (both cleared first); the bytes read are returned, to place the positions in lines
    /// and columns when a report needs them.
    pub(crate) fn read_located(
        &self,
        log: &mut GameLog,
        positions: &mut SourcePositions,
    ) -> Result<Vec<u8>, String> {
        log.clear();
        positions.clear();
        let bytes = self.bytes()?;
        let name = self.name();
        haifu::read_located(&name, &bytes, log, files::max_size(), positions)
            .map_err(|e| e.display_in(&name))?;
        Ok(bytes)
    }
}

/// `FILE.db#LOG_ID`.
pub(crate) fn row_name(db: &Path, id: &str) -> String {
    format!("{}#{id}", files::shown(db))
}

/// Whether the run was asked to stop (Ctrl-C).
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Asks the run to stop at the next chunk, as Ctrl-C does (a second Ctrl-C ends the process
/// at once, exit 130).
pub(crate) fn catch_interrupt() {
    let _ = ctrlc::set_handler(|| {
        if INTERRUPTED.swap(true, Ordering::SeqCst) {
            std::process::exit(130);
        }
    });
}

/// Whether Ctrl-C was pressed.
pub(crate) fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::SeqCst)
}

/// The games of `found` in chunks of `chunk`, read by a thread of their own: files as they
/// are, each database's rows in log-id order under `narrowing`. At most two chunks wait
/// beside the one being processed.
pub(crate) struct Stream {
    chunks: Receiver<Vec<Game>>,
    reader: std::thread::JoinHandle<RowCounts>,
}

impl Stream {
    /// Starts reading.
    pub(crate) fn start(found: Vec<Found>, narrowing: Vec<Narrowing>, chunk: usize) -> Stream {
        let (send, chunks) = std::sync::mpsc::sync_channel(2);
        let reader = std::thread::spawn(move || read_all(found, &narrowing, chunk.max(1), &send));
        Stream { chunks, reader }
    }

    /// The next chunk, in order; `None` at the end (or once interrupted).
    pub(crate) fn next_chunk(&self) -> Option<Vec<Game>> {
        if interrupted() {
            return None;
        }
        self.chunks.recv().ok()
    }

    /// Stops reading, and gives the database rows passed over (not downloaded, or marked in
    /// error).
    pub(crate) fn finish(self) -> RowCounts {
        drop(self.chunks);
        self.reader.join().unwrap_or_default()
    }
}

/// The reader thread: sends `found`'s games in chunks until done, interrupted, or the
/// receiver is gone; returns the rows passed over.
fn read_all(
    found: Vec<Found>,
    narrowing: &[Narrowing],
    chunk: usize,
    send: &SyncSender<Vec<Game>>,
) -> RowCounts {
    let mut passed = RowCounts::default();
    let mut pending: Vec<Game> = Vec::with_capacity(chunk);
    // Sends the chunk when full; `Break` when the run stopped.
    let push = |pending: &mut Vec<Game>, game: Game| -> ControlFlow<()> {
        pending.push(game);
        if pending.len() >= chunk {
            let full = std::mem::replace(pending, Vec::with_capacity(chunk));
            if interrupted() || send.send(full).is_err() {
                return ControlFlow::Break(());
            }
        }
        ControlFlow::Continue(())
    };
    for item in found {
        let Found::Database(path) = item else {
            if push(&mut pending, Game::File(item)).is_break() {
                return passed;
            }
            continue;
        };
        let failed = |path: &Path, e: &dyn std::fmt::Display| Game::Failed {
            db: path.to_path_buf(),
            message: format!("{}: {e}", files::shown(path)),
        };
        let db = match LogDb::open(&path) {
            Ok(db) => db,
            Err(e) => {
                if push(&mut pending, failed(&path, &e)).is_break() {
                    return passed;
                }
                continue;
            }
        };
        let shared = Arc::new(path.clone());
        let mut stopped = false;
        let scan = db.scan(narrowing, |row| {
            let game = Game::Row {
                db: Arc::clone(&shared),
                id: row.id,
                bytes: row.bytes,
            };
            let flow = push(&mut pending, game);
            stopped = flow.is_break();
            flow
        });
        match scan {
            Ok(counts) => {
                passed.unprocessed += counts.unprocessed;
                passed.in_error += counts.in_error;
            }
            Err(e) => {
                if push(&mut pending, failed(&path, &e)).is_break() {
                    return passed;
                }
            }
        }
        if stopped {
            return passed;
        }
    }
    if !pending.is_empty() && !interrupted() {
        let _ = send.send(pending);
    }
    passed
}

/// How many games `found` holds: its files, and each database's downloaded rows under
/// `narrowing` (a database that does not open counts one, its error), for the progress bar.
pub(crate) fn count(found: &[Found], narrowing: &[Narrowing]) -> u64 {
    found
        .iter()
        .map(|item| match item {
            Found::Database(path) => LogDb::open(path)
                .and_then(|db| db.count(narrowing))
                .map_or(1, |c| c.logs),
            _ => 1,
        })
        .sum()
}

/// The `--where` narrowings, refused when no path is a database (they would narrow nothing).
pub(crate) fn narrowing(texts: &[String], found: &[Found]) -> anyhow::Result<Vec<Narrowing>> {
    let narrowing = texts
        .iter()
        .map(|t| t.parse().map_err(|e| anyhow::anyhow!("--where {e}")))
        .collect::<anyhow::Result<Vec<Narrowing>>>()?;
    if !narrowing.is_empty() && !found.iter().any(|f| matches!(f, Found::Database(_))) {
        anyhow::bail!(
            "--where narrows the rows of a log database, and none of the paths is one (a .db, .sqlite or .sqlite3 file, or an SQLite file named alone)"
        );
    }
    Ok(narrowing)
}

/// The help of `--where`, shared by the commands that read databases.
pub(crate) const WHERE_HELP: &str = "Narrow the rows of a log database (phoenix-logs or houou-logs): players=3|4, length=tonpuu|hanchan, since=YYYY-MM-DD, until=YYYY-MM-DD (by the date column, both days included), or sql=EXPR, an SQL condition over the table's columns but the compressed log (phoenix-logs: log_id, date, is_tonpusen, is_sanma, is_hirosima, is_processed, was_error, log_hash; houou-logs: id, date, num_players, is_tonpu, is_processed, was_error). Give it several times: all must hold.";

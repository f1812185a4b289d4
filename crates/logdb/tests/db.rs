//! Databases of both schemas built here, each row a small made-up log, read back: the schema
//! told by the columns, rows skipped and counted, narrowing, and each error named.

use std::io::Write as _;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

use haifu_logdb::{Compression, DbError, LogDb, Narrowing, RowCounts, RowError, Schema};
use rusqlite::Connection;

/// A fresh temporary directory for one test.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("haifu-logdb-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    dir
}

fn bzip2(bytes: &[u8]) -> Vec<u8> {
    let mut e = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::best());
    e.write_all(bytes).expect("bzip2 in memory");
    e.finish().expect("bzip2 in memory")
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    e.write_all(bytes).expect("gzip in memory");
    e.finish().expect("gzip in memory")
}

/// A row to store: id, date, two flags (length, table size: each schema's own), processed,
/// in error, and the log as stored.
type StoredRow<'a, L> = (&'a str, &'a str, u8, u8, u8, u8, L);

/// A phoenix-logs database: rows (id, date, tonpuusen, sanma, processed, error, content).
fn phoenix(path: &Path, rows: &[StoredRow<'_, Vec<u8>>]) {
    let conn = Connection::open(path).expect("a new database");
    conn.execute_batch(
        "CREATE TABLE logs(log_id text primary key, date text, is_tonpusen int, is_sanma int,
         is_processed int, was_error int, log_content text, log_hash text);",
    )
    .expect("the table");
    for (id, date, tonpu, sanma, processed, error, content) in rows {
        conn.execute(
            "INSERT INTO logs VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, '')",
            rusqlite::params![id, date, tonpu, sanma, processed, error, content],
        )
        .expect("a row");
    }
}

/// A houou-logs database: rows (id, date, players, tonpu, processed, error, log).
fn houou(path: &Path, rows: &[StoredRow<'_, Option<Vec<u8>>>]) {
    let conn = Connection::open(path).expect("a new database");
    conn.execute_batch(
        "CREATE TABLE logs (id TEXT PRIMARY KEY, date TEXT NOT NULL, num_players INTEGER NOT NULL,
         is_tonpu INTEGER NOT NULL, is_processed INTEGER NOT NULL, was_error INTEGER NOT NULL,
         log BLOB) WITHOUT ROWID;",
    )
    .expect("the table");
    for (id, date, players, tonpu, processed, error, log) in rows {
        conn.execute(
            "INSERT INTO logs VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            rusqlite::params![id, date, players, tonpu, processed, error, log],
        )
        .expect("a row");
    }
}

/// The ids a scan hands over, and its counts.
fn scan(db: &LogDb, narrowing: &[Narrowing]) -> (Vec<String>, RowCounts) {
    let mut ids = Vec::new();
    let counts = db
        .scan(narrowing, |row| {
            ids.push(row.id);
            ControlFlow::Continue(())
        })
        .expect("the scan");
    (ids, counts)
}

fn narrow(texts: &[&str]) -> Vec<Narrowing> {
    texts
        .iter()
        .map(|t| t.parse().expect("a narrowing"))
        .collect()
}

#[test]
fn phoenix_logs_schema_rows_and_narrowing() {
    let dir = temp_dir("phoenix");
    let path = dir.join("p.db");
    let xml = b"<mjloggm ver=\"2.3\"></mjloggm>".to_vec();
    phoenix(
        &path,
        &[
            // Inserted out of order: the scan goes by log id.
            ("c", "2021-07-02 10:00", 0, 0, 1, 0, bzip2(&xml)),
            ("a", "2021-07-01 10:00", 1, 0, 1, 0, bzip2(&xml)),
            ("b", "2021-07-01 23:59", 0, 1, 1, 0, xml.clone()),
            ("d", "2021-07-03 00:00", 0, 0, 0, 0, Vec::new()),
            ("e", "2021-07-03 00:00", 0, 0, 1, 1, Vec::new()),
        ],
    );
    let db = LogDb::open(&path).expect("opens");
    assert_eq!(db.schema(), Schema::PhoenixLogs);
    let (ids, counts) = scan(&db, &[]);
    assert_eq!(ids, ["a", "b", "c"]);
    assert_eq!(
        counts,
        RowCounts {
            logs: 3,
            unprocessed: 1,
            in_error: 1
        }
    );
    assert_eq!(db.count(&[]), Ok(counts));
    assert_eq!(scan(&db, &narrow(&["players=3"])).0, ["b"]);
    assert_eq!(scan(&db, &narrow(&["players=4"])).0, ["a", "c"]);
    assert_eq!(scan(&db, &narrow(&["length=tonpuu"])).0, ["a"]);
    assert_eq!(scan(&db, &narrow(&["length=hanchan"])).0, ["b", "c"]);
    assert_eq!(scan(&db, &narrow(&["until=2021-07-01"])).0, ["a", "b"]);
    assert_eq!(
        scan(&db, &narrow(&["since=2021-07-02", "until=2021-07-02"])).0,
        ["c"]
    );
    assert_eq!(
        scan(&db, &narrow(&["sql=log_id IN ('a', 'c')", "players=4"])).0,
        ["a", "c"]
    );
    // The stored bytes come back as stored; decompressing tells bzip2 from plain text.
    let mut stored = Vec::new();
    db.scan(&[], |row| {
        stored.push(row.bytes);
        ControlFlow::Continue(())
    })
    .expect("the scan");
    assert_eq!(Compression::of(&stored[0]), Some(Compression::Bzip2));
    assert_eq!(Compression::of(&stored[1]), Some(Compression::Plain));
    for bytes in &stored {
        assert_eq!(
            haifu_logdb::decompress(bytes, 1 << 20).as_deref(),
            Ok(&xml[..])
        );
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn houou_logs_schema_rows_and_narrowing() {
    let dir = temp_dir("houou");
    let path = dir.join("h.db");
    let xml = b"<mjloggm ver=\"2.3\"></mjloggm>".to_vec();
    houou(
        &path,
        &[
            ("x2", "2020-01-02T10:00", 3, 1, 1, 0, Some(gzip(&xml))),
            ("x1", "2020-01-01T10:00", 4, 0, 1, 0, Some(gzip(&xml))),
            ("x3", "2020-01-03T10:00", 4, 0, 0, 0, None),
            ("x4", "2020-01-03T10:00", 4, 0, 1, 1, None),
            (
                "x5",
                "2020-01-03T10:00",
                4,
                0,
                1,
                0,
                Some(b"BZh9 broken".to_vec()),
            ),
        ],
    );
    let db = LogDb::open(&path).expect("opens");
    assert_eq!(db.schema(), Schema::HououLogs);
    let (ids, counts) = scan(&db, &[]);
    assert_eq!(ids, ["x1", "x2", "x5"]);
    assert_eq!(
        counts,
        RowCounts {
            logs: 3,
            unprocessed: 1,
            in_error: 1
        }
    );
    assert_eq!(scan(&db, &narrow(&["players=3"])).0, ["x2"]);
    assert_eq!(scan(&db, &narrow(&["length=east"])).0, ["x2"]);
    assert_eq!(scan(&db, &narrow(&["since=2020-01-02"])).0, ["x2", "x5"]);
    assert_eq!(scan(&db, &narrow(&["sql=num_players = 4"])).0, ["x1", "x5"]);
    let mut stored = Vec::new();
    db.scan(&narrow(&["sql=id = 'x5'"]), |row| {
        stored.push(row.bytes);
        ControlFlow::Break(())
    })
    .expect("the scan");
    assert!(matches!(
        haifu_logdb::decompress(&stored[0], 1 << 20),
        Err(RowError::Corrupt {
            compression: Compression::Bzip2,
            ..
        })
    ));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn sql_may_read_only_the_known_columns() {
    let dir = temp_dir("sql");
    let path = dir.join("h.db");
    houou(&path, &[("x1", "2020-01-01T10:00", 4, 0, 1, 0, None)]);
    let db = LogDb::open(&path).expect("opens");
    let refused = |expr: &str| match db.count(&narrow(&[&format!("sql={expr}")])) {
        Err(DbError::Where { why, .. }) => why,
        other => panic!("{expr}: refused expected, got {other:?}"),
    };
    assert!(refused("length(log) > 0").contains("the column `log` cannot be named"));
    assert!(
        refused("id IN (SELECT name FROM sqlite_master)")
            .contains("the table `sqlite_master` cannot be read")
    );
    let two = refused("id = 'x1'; DROP TABLE logs");
    // The condition stands in parentheses: a second statement is no SQL there.
    assert!(two.contains("syntax error"), "{two}");
    assert!(refused("nonsense ==").contains("syntax error"));
    // Still there, and still readable.
    assert_eq!(db.count(&narrow(&["sql=id = 'x1'"])).map(|c| c.logs), Ok(1));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn errors_are_named() {
    let dir = temp_dir("errors");
    let garbage = dir.join("garbage.db");
    std::fs::write(&garbage, vec![0x5a; 8192]).expect("written");
    assert_eq!(LogDb::open(&garbage).err(), Some(DbError::NotADatabase));

    let other = dir.join("other.db");
    Connection::open(&other)
        .and_then(|c| c.execute_batch("CREATE TABLE games(id text);"))
        .expect("a database");
    assert_eq!(LogDb::open(&other).err(), Some(DbError::NoLogsTable));

    let wrong = dir.join("wrong.db");
    Connection::open(&wrong)
        .and_then(|c| c.execute_batch("CREATE TABLE logs(id text, content blob);"))
        .expect("a database");
    assert_eq!(
        LogDb::open(&wrong).err(),
        Some(DbError::WrongSchema {
            columns: vec!["id".to_owned(), "content".to_owned()]
        })
    );

    // A database damaged after its first pages: it opens, and the scan stops at the damage,
    // naming the last row it read.
    let damaged = dir.join("damaged.db");
    let filler = vec![b'x'; 3000];
    let rows: Vec<_> = (0..200)
        .map(|i| {
            let id = format!("id{i:04}");
            (id, filler.clone())
        })
        .collect();
    {
        let conn = Connection::open(&damaged).expect("a new database");
        conn.execute_batch(
            "CREATE TABLE logs(log_id text primary key, date text, is_tonpusen int, is_sanma int,
             is_processed int, was_error int, log_content text, log_hash text);",
        )
        .expect("the table");
        for (id, content) in &rows {
            conn.execute(
                "INSERT INTO logs VALUES (?1, '2021-07-01 00:00', 0, 0, 1, 0, ?2, '')",
                rusqlite::params![id, content],
            )
            .expect("a row");
        }
    }
    let mut bytes = std::fs::read(&damaged).expect("read back");
    let middle = bytes.len() / 2;
    bytes[middle..middle + 8192].fill(0xff);
    std::fs::write(&damaged, &bytes).expect("damaged");
    let db = LogDb::open(&damaged).expect("the first pages are whole");
    let mut read = 0;
    let result = db.scan(&[], |_| {
        read += 1;
        ControlFlow::Continue(())
    });
    match result {
        Err(DbError::Corrupt { after, .. }) => {
            assert!(read > 0 && read < 200, "{read} rows before the damage");
            assert_eq!(after, Some(format!("id{:04}", read - 1)));
        }
        other => panic!("a corrupt database expected, got {other:?} after {read} rows"),
    }
    let _ = std::fs::remove_dir_all(dir);
}

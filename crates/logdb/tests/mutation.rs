//! Log databases damaged at random (proptest): pages overwritten, the file cut, the header
//! changed, a wrong schema, blobs that do not decompress and blobs that decompress beyond the
//! limit. Every one opens or is refused with a named error; a scan hands over rows or stops
//! with one; each row's log decompresses or says why. Nothing panics, and a bad row does not
//! stop the rows after it. `PROPTEST_CASES=20000` makes it a long run; `fuzz/` has the same
//! property as a coverage-guided target.

use std::io::Write as _;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use haifu_logdb::{DbError, LogDb, RowError, decompress};
use proptest::prelude::*;
use rusqlite::Connection;

/// What a row's log may decompress to here: small, so a blob of zeros exceeds it.
const LIMIT: u64 = 1 << 16;

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    e.write_all(bytes).expect("gzip in memory");
    e.finish().expect("gzip in memory")
}

fn bzip2(bytes: &[u8]) -> Vec<u8> {
    let mut e = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::fast());
    e.write_all(bytes).expect("bzip2 in memory");
    e.finish().expect("bzip2 in memory")
}

/// A phoenix-logs database of 40 rows, made once: good logs in each compression, logs that
/// do not decompress (gzip cut short, bzip2 with a changed byte, unknown bytes), an empty
/// one, one that decompresses to a megabyte of zeros, and rows not downloaded or in error.
fn pristine() -> &'static [u8] {
    static BYTES: OnceLock<Vec<u8>> = OnceLock::new();
    BYTES.get_or_init(|| {
        let path = std::env::temp_dir().join(format!("haifu-logdb-mut-{}.db", std::process::id()));
        let _ = std::fs::remove_file(&path);
        {
            let conn = Connection::open(&path).expect("a new database");
            conn.execute_batch(
                "CREATE TABLE logs(log_id text primary key, date text, is_tonpusen int,
                 is_sanma int, is_processed int, was_error int, log_content text, log_hash text);",
            )
            .expect("the table");
            let xml = b"<mjloggm ver=\"2.3\"><GO type=\"169\"/></mjloggm>".repeat(20);
            let mut broken_bz = bzip2(&xml);
            let mid = broken_bz.len() / 2;
            broken_bz[mid] ^= 0x55;
            let mut cut_gz = gzip(&xml);
            cut_gz.truncate(cut_gz.len() / 2);
            let logs: [Vec<u8>; 8] = [
                gzip(&xml),
                bzip2(&xml),
                xml.clone(),
                cut_gz,
                broken_bz,
                b"\x00\x01not a log".to_vec(),
                Vec::new(),
                gzip(&vec![0; 1 << 20]),
            ];
            for i in 0..40 {
                let (processed, error) = match i % 10 {
                    8 => (0, 0),
                    9 => (1, 1),
                    _ => (1, 0),
                };
                conn.execute(
                    "INSERT INTO logs VALUES (?1, '2021-07-01 00:00', 0, 0, ?2, ?3, ?4, '')",
                    rusqlite::params![format!("row{i:02}"), processed, error, logs[i % 8]],
                )
                .expect("a row");
            }
        }
        let bytes = std::fs::read(&path).expect("read back");
        let _ = std::fs::remove_file(&path);
        bytes
    })
}

/// Opens, counts and scans the database at `path`, decompressing every row handed over;
/// returns how many rows were handed over. Panics only where a property fails.
fn read_through(path: &Path) -> usize {
    let db = match LogDb::open(path) {
        Ok(db) => db,
        Err(e) => {
            assert!(!e.to_string().is_empty());
            return 0;
        }
    };
    let _ = db.count(&[]);
    let mut rows = 0;
    let result = db.scan(&[], |row| {
        rows += 1;
        match decompress(&row.bytes, LIMIT) {
            Ok(log) => assert!(log.len() as u64 <= LIMIT),
            Err(e) => {
                let message = e.to_string();
                assert!(!message.is_empty(), "{}", row.id);
            }
        }
        ControlFlow::Continue(())
    });
    if let Err(e) = result {
        assert!(!e.to_string().is_empty());
    }
    rows
}

fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("haifu-logdb-mut-{}-{name}.db", std::process::id()))
}

#[test]
fn the_pristine_database_hands_over_every_downloaded_row_and_names_each_bad_log() {
    let path = temp("pristine");
    std::fs::write(&path, pristine()).expect("writes");
    let db = LogDb::open(&path).expect("opens");
    let mut errors = Vec::new();
    let mut good = 0;
    let counts = db
        .scan(&[], |row| {
            match decompress(&row.bytes, LIMIT) {
                Ok(_) => good += 1,
                Err(e) => errors.push(e),
            }
            ControlFlow::Continue(())
        })
        .expect("scans");
    let _ = std::fs::remove_file(&path);
    // 40 rows: 4 not downloaded, 4 in error, 32 handed over (every 8 logs: 3 good, 5 bad).
    assert_eq!(
        (counts.logs, counts.unprocessed, counts.in_error),
        (32, 4, 4)
    );
    assert_eq!(good + errors.len(), 32);
    assert!(good >= 10, "{good} good logs");
    // Every kind of bad log is met and named; the run went on past each.
    assert!(errors.iter().any(|e| matches!(e, RowError::Corrupt { .. })));
    assert!(
        errors
            .iter()
            .any(|e| matches!(e, RowError::UnknownCompression { .. }))
    );
    assert!(errors.iter().any(|e| matches!(e, RowError::Empty)));
    assert!(
        errors
            .iter()
            .any(|e| matches!(e, RowError::TooLarge { limit: LIMIT, .. }))
    );
}

/// How a database file is damaged.
#[derive(Clone, Debug)]
enum Damage {
    /// `len` bytes from `at` (a fraction of the file, in thousandths) set to `byte`.
    Overwrite { at: usize, len: usize, byte: u8 },
    /// Bytes at fractions of the file (in thousandths) xored with a mask.
    Flip(Vec<(usize, u8)>),
    /// The file cut at a fraction of it (in thousandths).
    Cut(usize),
    /// One of the first 100 bytes (the header) changed.
    Header { at: usize, byte: u8 },
}

fn damage() -> impl Strategy<Value = Damage> {
    prop_oneof![
        (0..1000usize, 1..8192usize, any::<u8>()).prop_map(|(at, len, byte)| Damage::Overwrite {
            at,
            len,
            byte
        }),
        proptest::collection::vec((0..1000usize, 1..=255u8), 1..16).prop_map(Damage::Flip),
        (0..1000usize).prop_map(Damage::Cut),
        (0..100usize, any::<u8>()).prop_map(|(at, byte)| Damage::Header { at, byte }),
    ]
}

fn apply(bytes: &mut Vec<u8>, damage: &Damage) {
    let of = |thousandths: usize, len: usize| thousandths * len / 1000;
    match damage {
        Damage::Overwrite { at, len, byte } => {
            let start = of(*at, bytes.len());
            let end = (start + len).min(bytes.len());
            bytes[start..end].fill(*byte);
        }
        Damage::Flip(flips) => {
            for (at, mask) in flips {
                let i = of(*at, bytes.len());
                bytes[i] ^= mask;
            }
        }
        Damage::Cut(at) => bytes.truncate(of(*at, bytes.len())),
        Damage::Header { at, byte } => bytes[*at] = *byte,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn damaged_databases_never_panic(damages in proptest::collection::vec(damage(), 1..4)) {
        let mut bytes = pristine().to_vec();
        for d in &damages {
            apply(&mut bytes, d);
        }
        let path = temp("damaged");
        std::fs::write(&path, &bytes).expect("writes");
        let rows = read_through(&path);
        let _ = std::fs::remove_file(&path);
        prop_assert!(rows <= 40);
    }

    #[test]
    fn arbitrary_blobs_decompress_or_say_why(
        head in prop_oneof![Just(b"BZh9".to_vec()), Just(vec![0x1f, 0x8b, 8, 0]), Just(vec![0x78, 0x9c]), Just(b"<".to_vec()), Just(Vec::new())],
        tail in proptest::collection::vec(any::<u8>(), 0..512),
    ) {
        let mut blob = head;
        blob.extend_from_slice(&tail);
        match decompress(&blob, LIMIT) {
            Ok(log) => prop_assert!(log.len() as u64 <= LIMIT),
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }
}

#[test]
fn a_wrong_schema_or_no_table_is_named() {
    for (name, sql, want) in [
        (
            "wrong",
            "CREATE TABLE logs(id text, content blob);",
            "table `logs` has the columns id, content",
        ),
        ("none", "CREATE TABLE games(id text);", "no table `logs`"),
    ] {
        let path = temp(name);
        let _ = std::fs::remove_file(&path);
        Connection::open(&path)
            .and_then(|c| c.execute_batch(sql))
            .expect("a database");
        let e = LogDb::open(&path).expect_err("refused");
        let _ = std::fs::remove_file(&path);
        assert!(e.to_string().starts_with(want), "{e}");
        assert!(matches!(
            e,
            DbError::WrongSchema { .. } | DbError::NoLogsTable
        ));
    }
}

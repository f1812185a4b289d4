//! The log database reader on arbitrary bytes written as a database file: it opens or is
//! refused with a named error, a scan hands over rows or stops with one, and each row's log
//! decompresses (within a small limit) or says why; never a panic. Seed it with small
//! databases of both schemas (see fuzz/README.md), never with the real ones.
use std::ops::ControlFlow;

fn main() {
    // One file per fuzzing process, rewritten for each input: SQLite reads a path.
    let path = std::env::temp_dir().join(format!("haifu-fuzz-logdb-{}.db", std::process::id()));
    afl::fuzz!(|data: &[u8]| {
        if std::fs::write(&path, data).is_err() {
            return;
        }
        let Ok(db) = haifu_logdb::LogDb::open(&path) else {
            return;
        };
        let _ = db.count(&[]);
        let _ = db.scan(&[], |row| {
            let _ = haifu_logdb::decompress(&row.bytes, 1 << 20);
            ControlFlow::Continue(())
        });
    });
}

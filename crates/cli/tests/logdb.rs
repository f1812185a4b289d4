//! `haifu verify FILE.db`: Phoenix log databases of both schemas, built here from the real
//! corpus at test time (nothing committed), verify as the folder does; `--format jsonl`
//! matches `--format json`; `--where` narrows; each kind of broken database is a located,
//! named error and the run goes on.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use rusqlite::Connection;
use serde_json::Value;

fn haifu() -> Command {
    Command::new(env!("CARGO_BIN_EXE_haifu"))
}

/// A fresh temporary directory for one test.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("haifu-logdb-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    dir
}

fn bzip2(bytes: &[u8]) -> Vec<u8> {
    let mut e = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::fast());
    e.write_all(bytes).expect("bzip2 in memory");
    e.finish().expect("bzip2 in memory")
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    e.write_all(bytes).expect("gzip in memory");
    e.finish().expect("gzip in memory")
}

const PHOENIX: &str = "CREATE TABLE logs(log_id text primary key, date text, is_tonpusen int,
    is_sanma int, is_processed int, was_error int, log_content text, log_hash text);";
const HOUOU: &str = "CREATE TABLE logs (id TEXT PRIMARY KEY, date TEXT NOT NULL,
    num_players INTEGER NOT NULL, is_tonpu INTEGER NOT NULL, is_processed INTEGER NOT NULL,
    was_error INTEGER NOT NULL, log BLOB) WITHOUT ROWID;";

/// One game for a database: its log id (the file's name without `.xml`), its GO type, and
/// its XML.
struct Game {
    id: String,
    go_type: u32,
    xml: Vec<u8>,
}

/// The GO tag's `type`, which says the table size (0x10: three players) and the length
/// (0x08: hanchan); 0 when there is none.
fn go_type(xml: &[u8]) -> u32 {
    let text = String::from_utf8_lossy(xml);
    text.find("<GO type=\"")
        .and_then(|at| {
            let rest = &text[at + 10..];
            rest[..rest.find('"')?].parse().ok()
        })
        .unwrap_or(0)
}

fn games_of(dir: &Path) -> Vec<Game> {
    let mut names: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("the corpus lists")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "xml"))
        .collect();
    names.sort();
    names
        .into_iter()
        .map(|p| {
            let xml = std::fs::read(&p).expect("a log reads");
            Game {
                id: p
                    .file_stem()
                    .and_then(|s| s.to_str())
                    .expect("a UTF-8 name")
                    .to_owned(),
                go_type: go_type(&xml),
                xml,
            }
        })
        .collect()
}

/// The date column as the downloaders write it, from a game id's first ten digits.
fn date_of(id: &str, separator: char) -> String {
    if id.len() >= 10 && id.as_bytes()[..10].iter().all(u8::is_ascii_digit) {
        format!(
            "{}-{}-{}{separator}{}:00",
            &id[0..4],
            &id[4..6],
            &id[6..8],
            &id[8..10]
        )
    } else {
        format!("2000-01-01{separator}00:00")
    }
}

/// A phoenix-logs database of `games` (bzip2, but every fifth stored as plain text), with a
/// row not downloaded and a row in error.
fn phoenix_db(path: &Path, games: &[Game]) {
    let conn = Connection::open(path).expect("a new database");
    conn.execute_batch(PHOENIX).expect("the table");
    let tx = conn.unchecked_transaction().expect("a transaction");
    for (i, g) in games.iter().enumerate() {
        let content = if i % 5 == 4 {
            g.xml.clone()
        } else {
            bzip2(&g.xml)
        };
        tx.execute(
            "INSERT INTO logs VALUES (?1, ?2, ?3, ?4, 1, 0, ?5, '')",
            rusqlite::params![
                g.id,
                date_of(&g.id, ' '),
                u8::from(g.go_type & 0x08 == 0),
                u8::from(g.go_type & 0x10 != 0),
                content
            ],
        )
        .expect("a row");
    }
    tx.execute_batch(
        "INSERT INTO logs VALUES ('zzzz-not-downloaded', '2030-01-01 00:00', 0, 0, 0, 0, '', '');
         INSERT INTO logs VALUES ('zzzz-in-error', '2030-01-01 00:00', 0, 0, 1, 1, '', '');",
    )
    .expect("the rows passed over");
    tx.commit().expect("committed");
}

/// A houou-logs database of `games` (gzip), with two rows not downloaded.
fn houou_db(path: &Path, games: &[Game]) {
    let conn = Connection::open(path).expect("a new database");
    conn.execute_batch(HOUOU).expect("the table");
    let tx = conn.unchecked_transaction().expect("a transaction");
    for g in games {
        tx.execute(
            "INSERT INTO logs VALUES (?1, ?2, ?3, ?4, 1, 0, ?5)",
            rusqlite::params![
                g.id,
                date_of(&g.id, 'T'),
                if g.go_type & 0x10 != 0 { 3 } else { 4 },
                u8::from(g.go_type & 0x08 == 0),
                gzip(&g.xml)
            ],
        )
        .expect("a row");
    }
    tx.execute_batch(
        "INSERT INTO logs VALUES ('0000-first', '2030-01-01T00:00', 4, 0, 0, 0, NULL);
         INSERT INTO logs VALUES ('zzzz-last', '2030-01-01T00:00', 4, 0, 0, 0, NULL);",
    )
    .expect("the rows passed over");
    tx.commit().expect("committed");
}

fn run(args: &[&std::ffi::OsStr]) -> Output {
    haifu().args(args).output().expect("runs")
}

fn json(out: &Output) -> Value {
    serde_json::from_slice(&out.stdout).expect("one JSON document")
}

/// Each game's object with its `file` replaced by the log id it names (`DIR/ID.xml` and
/// `FILE.db#ID` alike), in order.
fn games_by_id(report: &Value) -> Vec<(String, Value)> {
    report["games"]
        .as_array()
        .expect("games")
        .iter()
        .map(|g| {
            let file = g["file"].as_str().expect("a file");
            let id = match file.split_once('#') {
                Some((_, id)) => id.to_owned(),
                None => Path::new(file)
                    .file_stem()
                    .and_then(|s| s.to_str())
                    .expect("a name")
                    .to_owned(),
            };
            let mut g = g.clone();
            g.as_object_mut().expect("an object").remove("file");
            (id, g)
        })
        .collect()
}

#[test]
fn databases_of_both_schemas_verify_as_the_folder_does() {
    let Some(corpus) = haifu_testkit::tenhou_corpus() else {
        return;
    };
    let games = games_of(&corpus);
    let dir = temp_dir("corpus");
    let (phoenix, houou) = (dir.join("phoenix.db"), dir.join("houou.sqlite"));
    phoenix_db(&phoenix, &games);
    houou_db(&houou, &games);

    let folder = run(&[
        "verify".as_ref(),
        corpus.as_os_str(),
        "--format".as_ref(),
        "json".as_ref(),
    ]);
    let from_phoenix = run(&[
        "verify".as_ref(),
        phoenix.as_os_str(),
        "--format".as_ref(),
        "json".as_ref(),
    ]);
    let from_houou = run(&[
        "verify".as_ref(),
        houou.as_os_str(),
        "--format".as_ref(),
        "jsonl".as_ref(),
    ]);
    assert_eq!(folder.status.code(), from_phoenix.status.code());
    assert_eq!(folder.status.code(), from_houou.status.code());
    let folder = json(&folder);
    let phoenix_report = json(&from_phoenix);

    // JSON Lines: every line one JSON object, each game's then the summary's.
    let lines: Vec<Value> = String::from_utf8(from_houou.stdout)
        .expect("UTF-8")
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is one JSON object"))
        .collect();
    let (summary_line, game_lines) = lines.split_last().expect("a summary line");
    assert_eq!(summary_line.as_object().map(|o| o.len()), Some(1));
    let houou_report = serde_json::json!({
        "games": game_lines,
        "summary": summary_line["summary"].clone(),
    });

    // Every game with the same verdict, rules and counts, named FILE.db#LOG_ID; a database
    // in the order of its log ids (a folder is walked by file name, where `x.xml` comes
    // after `x-1.xml`).
    let mut expected = games_by_id(&folder);
    expected.sort_by(|a, b| a.0.cmp(&b.0));
    assert_eq!(expected.len(), games.len());
    for (report, db) in [(&phoenix_report, &phoenix), (&houou_report, &houou)] {
        let got = games_by_id(report);
        assert!(
            got.windows(2).all(|w| w[0].0 < w[1].0),
            "{}: in log-id order",
            db.display()
        );
        assert_eq!(got.len(), expected.len());
        for (g, e) in got.iter().zip(&expected) {
            assert_eq!(g, e, "{}", db.display());
        }
        let first = report["games"][0]["file"].as_str().expect("a name");
        assert_eq!(first, format!("{}#{}", db.display(), expected[0].0));
    }

    // The same summary, but for what only a folder or a database has: the folder's files
    // passed over (its MANIFEST.tsv and README.md), the database's rows passed over.
    let summary = |report: &Value| {
        let mut s = report["summary"].clone();
        let s_map = s.as_object_mut().expect("a summary");
        let extra = [
            s_map.remove("skipped"),
            s_map.remove("rows_unprocessed"),
            s_map.remove("rows_in_error"),
        ];
        (s, extra)
    };
    let (folder_summary, folder_extra) = summary(&folder);
    assert_eq!(folder_extra, [Some(2.into()), None, None]);
    let (phoenix_summary, phoenix_extra) = summary(&phoenix_report);
    assert_eq!(phoenix_summary, folder_summary);
    assert_eq!(
        phoenix_extra,
        [Some(0.into()), Some(1.into()), Some(1.into())]
    );
    let (houou_summary, houou_extra) = summary(&houou_report);
    assert_eq!(houou_summary, folder_summary);
    assert_eq!(houou_extra, [Some(0.into()), Some(2.into()), None]);

    // --format jsonl matches --format json one for one, of the same database.
    let phoenix_lines = run(&[
        "verify".as_ref(),
        phoenix.as_os_str(),
        "--format".as_ref(),
        "jsonl".as_ref(),
        "--jobs".as_ref(),
        "1".as_ref(),
    ]);
    let lines: Vec<Value> = String::from_utf8(phoenix_lines.stdout)
        .expect("UTF-8")
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is one JSON object"))
        .collect();
    assert_eq!(lines.len(), games.len() + 1);
    assert_eq!(
        lines[..games.len()],
        phoenix_report["games"].as_array().expect("games")[..]
    );
    assert_eq!(lines[games.len()]["summary"], phoenix_report["summary"]);

    // The text report names each game FILE.db#LOG_ID and ends with the rows passed over.
    let text = run(&["verify".as_ref(), phoenix.as_os_str()]);
    let text = String::from_utf8(text.stdout).expect("UTF-8");
    assert!(
        text.lines().next().is_some_and(|l| l.starts_with(&format!(
            "{}#{}: ",
            phoenix.display(),
            expected[0].0
        ))),
        "{text}"
    );
    assert!(
        text.trim_end()
            .ends_with("; 2 database rows passed over (1 not downloaded, 1 marked in error)"),
        "{text}"
    );

    // Ctrl-C: the games reported so far, then their summary, and the summary's exit code.
    let mut child = haifu()
        .args([
            "verify".as_ref(),
            phoenix.as_os_str(),
            "--format".as_ref(),
            "jsonl".as_ref(),
            "--jobs".as_ref(),
            "1".as_ref(),
        ])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("runs");
    let mut stdout = std::io::BufReader::new(child.stdout.take().expect("stdout"));
    let mut first = String::new();
    std::io::BufRead::read_line(&mut stdout, &mut first).expect("a first game");
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(killed.success());
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut stdout, &mut rest).expect("the rest");
    let out = child.wait_with_output().expect("ends");
    assert_eq!(out.status.code(), Some(0), "every game so far conforms");
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .contains("haifu: interrupted: the summary counts the "),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines: Vec<Value> = std::iter::once(first.as_str())
        .chain(rest.lines())
        .map(|l| serde_json::from_str(l).expect("one JSON object a line"))
        .collect();
    let (summary, reported) = lines.split_last().expect("a summary line");
    assert!(reported.len() < games.len(), "interrupted before the end");
    assert_eq!(summary["summary"]["files"], reported.len());
    assert_eq!(summary["summary"]["games_conforming"], reported.len());

    // --where: the manifest's three-player games, by either schema's columns.
    let mut sanma: Vec<String> = haifu_testkit::manifest(&corpus)
        .iter()
        .filter(|e| e.players == 3)
        .map(|e| e.file.trim_end_matches(".xml").to_owned())
        .collect();
    sanma.sort();
    assert_eq!(sanma.len(), 4);
    for db in [&phoenix, &houou] {
        let narrowed = json(&run(&[
            "verify".as_ref(),
            db.as_os_str(),
            "--format".as_ref(),
            "json".as_ref(),
            "--where".as_ref(),
            "players=3".as_ref(),
        ]));
        let ids: Vec<String> = games_by_id(&narrowed)
            .into_iter()
            .map(|(id, _)| id)
            .collect();
        assert_eq!(ids, sanma, "{}", db.display());
    }
    // By date, and by raw SQL over the id: the games of May 2014.
    let mut may: Vec<&str> = games
        .iter()
        .map(|g| g.id.as_str())
        .filter(|id| id.starts_with("201405"))
        .collect();
    may.sort_unstable();
    assert!(!may.is_empty());
    for narrowing in [
        ["--where", "since=2014-05-01", "--where", "until=2014-05-31"],
        [
            "--where",
            "sql=log_id LIKE '201405%'",
            "--where",
            "players=4",
        ],
    ] {
        let mut args = vec![
            "verify".as_ref(),
            phoenix.as_os_str(),
            "--format".as_ref(),
            "json".as_ref(),
        ];
        args.extend(narrowing.iter().map(std::ffi::OsStr::new));
        let narrowed = json(&run(&args));
        let ids: Vec<String> = games_by_id(&narrowed)
            .into_iter()
            .map(|(id, _)| id)
            .collect();
        assert_eq!(ids, may, "{narrowing:?}");
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn broken_databases_are_named_errors_and_the_run_goes_on() {
    let root = haifu_testkit::workspace_root();
    let good = std::fs::read(root.join("corpus/parse/tenhou/ok/double-ron.xml")).expect("a log");
    let dir = temp_dir("broken");

    // Not a database at all, though named like one.
    let garbage = dir.join("garbage.db");
    std::fs::write(&garbage, vec![b'Z'; 4096]).expect("written");
    // A database, but of another schema.
    let wrong = dir.join("wrong.db");
    Connection::open(&wrong)
        .and_then(|c| c.execute_batch("CREATE TABLE logs(id text, content blob);"))
        .expect("a database");
    // Rows whose logs do not decompress, between good ones.
    let rows = dir.join("rows.db");
    {
        let conn = Connection::open(&rows).expect("a new database");
        conn.execute_batch(PHOENIX).expect("the table");
        for (id, content) in [
            ("a-good", bzip2(&good)),
            (
                "b-bad-bzip2",
                b"BZh91AY&SY not bzip2 past its header".to_vec(),
            ),
            ("c-no-magic", vec![0, 1, 2, 3]),
            ("d-good", good.clone()),
        ] {
            conn.execute(
                "INSERT INTO logs VALUES (?1, '2021-07-01 00:00', 0, 0, 1, 0, ?2, '')",
                rusqlite::params![id, content],
            )
            .expect("a row");
        }
    }
    let file = dir.join("double-ron.xml");
    std::fs::write(&file, &good).expect("written");

    let out = run(&[
        "verify".as_ref(),
        garbage.as_os_str(),
        wrong.as_os_str(),
        rows.as_os_str(),
        file.as_os_str(),
        "--format".as_ref(),
        "jsonl".as_ref(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    let lines: Vec<Value> = String::from_utf8(out.stdout)
        .expect("UTF-8")
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object a line"))
        .collect();
    let field = |i: usize, key: &str| lines[i][key].as_str().unwrap_or("").to_owned();
    let g = garbage.display();
    assert_eq!(field(0, "file"), g.to_string());
    assert_eq!(
        field(0, "error"),
        format!(
            "{g}: not an SQLite database (expected a Phoenix log database of phoenix-logs or houou-logs)"
        )
    );
    let w = wrong.display();
    assert_eq!(
        field(1, "error"),
        format!(
            "{w}: table `logs` has the columns id, content: expected phoenix-logs' (log_id, log_content, is_processed, was_error, is_tonpusen, is_sanma, date) or houou-logs' (id, log, is_processed, was_error, num_players, is_tonpu, date)"
        )
    );
    let r = rows.display();
    assert_eq!(field(2, "file"), format!("{r}#a-good"));
    assert_eq!(field(2, "status"), field(6, "status"));
    assert_ne!(field(2, "status"), "error");
    assert_eq!(field(3, "file"), format!("{r}#b-bad-bzip2"));
    assert!(
        field(3, "error").starts_with(&format!(
            "{r}#b-bad-bzip2: the log does not decompress (bzip2): "
        )),
        "{}",
        field(3, "error")
    );
    assert_eq!(
        field(4, "error"),
        format!(
            "{r}#c-no-magic: the log is neither bzip2, gzip nor zlib data nor XML text: it opens with the bytes 00 01 02 03"
        )
    );
    assert_eq!(field(5, "file"), format!("{r}#d-good"));
    assert_eq!(field(5, "status"), field(6, "status"));
    // The file after the databases is read too, and the summary counts every one.
    assert_eq!(field(6, "file"), file.display().to_string());
    let summary = &lines[7]["summary"];
    assert_eq!(summary["files"], 7);
    assert_eq!(summary["errors"], 4);
    assert_eq!(summary["games"], 3);

    // The progress bar goes to stderr only when asked outside a terminal, and changes nothing
    // on stdout.
    let quiet = run(&["verify".as_ref(), rows.as_os_str()]);
    let shown = run(&[
        "verify".as_ref(),
        rows.as_os_str(),
        "--progress".as_ref(),
        "always".as_ref(),
    ]);
    assert_eq!(quiet.stdout, shown.stdout);
    assert!(!String::from_utf8_lossy(&quiet.stderr).contains("games"));
    assert!(
        String::from_utf8_lossy(&shown.stderr).starts_with("verifying: "),
        "{}",
        String::from_utf8_lossy(&shown.stderr)
    );

    // convert and diff read databases too, each game named by its log id.
    let good_rows: [&std::ffi::OsStr; 2] =
        ["--where".as_ref(), "sql=log_id LIKE '%-good'".as_ref()];
    let converted = dir.join("converted");
    let mut args = vec![
        "convert".as_ref(),
        rows.as_os_str(),
        "--to".as_ref(),
        "json".as_ref(),
        "--out-dir".as_ref(),
        converted.as_os_str(),
    ];
    args.extend(good_rows);
    let out = run(&args);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut written: Vec<String> = std::fs::read_dir(&converted)
        .expect("the folder")
        .map(|e| {
            e.expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    written.sort();
    assert_eq!(written, ["a-good.json", "d-good.json"]);
    let mut args = vec![
        "diff".as_ref(),
        rows.as_os_str(),
        "--against".as_ref(),
        "auto".as_ref(),
        "--format".as_ref(),
        "json".as_ref(),
    ];
    args.extend(good_rows);
    let out = run(&args);
    assert_eq!(
        out.status.code(),
        Some(0),
        "a rule set against itself changes nothing"
    );
    let report = json(&out);
    let files: Vec<&str> = report["games"]
        .as_array()
        .expect("games")
        .iter()
        .map(|g| g["file"].as_str().expect("a name"))
        .collect();
    assert_eq!(files, [format!("{r}#a-good"), format!("{r}#d-good")]);

    // A database damaged midway: the games before the damage are reported, then the
    // database's error naming the last row read; the file after it is still read.
    let damaged = dir.join("damaged.db");
    {
        let conn = Connection::open(&damaged).expect("a new database");
        conn.execute_batch(PHOENIX).expect("the table");
        let tx = conn.unchecked_transaction().expect("a transaction");
        // Stored as text, each row spills over several pages.
        let padded = [good.as_slice(), &vec![b' '; 6000]].concat();
        for i in 0..120 {
            tx.execute(
                "INSERT INTO logs VALUES (?1, '2021-07-01 00:00', 0, 0, 1, 0, ?2, '')",
                rusqlite::params![format!("row{i:03}"), padded],
            )
            .expect("a row");
        }
        tx.commit().expect("committed");
    }
    let mut bytes = std::fs::read(&damaged).expect("read back");
    let middle = bytes.len() / 2;
    bytes[middle..middle + 16384].fill(0xff);
    std::fs::write(&damaged, &bytes).expect("damaged");
    let out = run(&[
        "verify".as_ref(),
        damaged.as_os_str(),
        file.as_os_str(),
        "--format".as_ref(),
        "jsonl".as_ref(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    let lines: Vec<Value> = String::from_utf8(out.stdout)
        .expect("UTF-8")
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object a line"))
        .collect();
    let n = lines.len();
    let error_at = lines
        .iter()
        .position(|l| l["status"] == "error")
        .expect("the damage is reported");
    assert!(
        error_at > 0 && error_at < 120,
        "{error_at} rows before the damage"
    );
    let d = damaged.display();
    let message = lines[error_at]["error"].as_str().expect("a message");
    assert!(
        message.starts_with(&format!(
            "{d}: the database is corrupt after row row{:03}: ",
            error_at - 1
        )),
        "{message}"
    );
    assert_eq!(lines[n - 2]["file"], file.display().to_string());
    assert_eq!(lines[n - 1]["summary"]["errors"], 1);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn where_needs_a_database_and_says_what_it_takes() {
    let root = haifu_testkit::workspace_root();
    let file = root.join("corpus/parse/tenhou/ok/double-ron.xml");
    let out = run(&[
        "verify".as_ref(),
        file.as_os_str(),
        "--where".as_ref(),
        "players=3".as_ref(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .contains("--where narrows the rows of a log database, and none of the paths is one"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = run(&[
        "verify".as_ref(),
        file.as_os_str(),
        "--where".as_ref(),
        "seats=3".as_ref(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .contains("\"seats\" is no narrowing: expected players=3|4"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

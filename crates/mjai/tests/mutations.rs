//! The real mjai logs, mutated: every line deleted, every pair of neighbouring lines swapped,
//! tiles, seats and numbers changed, bytes cut. Nothing panics; what does not read is refused
//! at a line the file has, and what reads gets a verdict.

use haifu_log::GameLog;

fn check(name: &str, text: &str, log: &mut GameLog) -> bool {
    match haifu_mjai::read(text.as_bytes(), log) {
        Ok(()) => {
            // What reads is replayed: a verdict, never a panic.
            let three = log
                .round_starts()
                .first()
                .is_some_and(|r| r.hands[haifu_tiles::Seat::ALL[3]].is_empty());
            let rules =
                haifu::rules(if three { "tenhou-sanma" } else { "tenhou" }).expect("a preset");
            let _ = haifu_replay::verify(log, &rules);
            true
        }
        Err(e) => {
            let lines = text.lines().count().max(1) as u32;
            assert!(
                e.location.line >= 1 && e.location.line <= lines + 1,
                "{name}: {e} is outside the {lines} lines"
            );
            assert!(e.location.column >= 1, "{name}: {e}");
            false
        }
    }
}

#[test]
fn mutated_real_logs_never_panic_and_errors_are_located() {
    let Some(dir) = haifu_testkit::shared_corpus("mjai") else {
        return;
    };
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("lists")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "jsonl" || e == "mjson"))
        .collect();
    files.sort();
    let mut log = GameLog::new();
    let (mut read, mut refused) = (0usize, 0usize);
    let replacements: [(&str, &str); 10] = [
        ("\"actor\":0", "\"actor\":3"),
        ("\"actor\":1", "\"actor\":9"),
        ("\"pai\":\"", "\"pai\":\"5"),
        ("\"5m\"", "\"5mr\""),
        ("\"E\"", "\"?\""),
        ("\"tsumo\"", "\"dahai\""),
        ("\"dahai\"", "\"tsumo\""),
        ("\"pon\"", "\"chi\""),
        ("[", "[["),
        ("0,", "-1,"),
    ];
    for path in files {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let text = std::fs::read_to_string(&path).expect("reads");
        let lines: Vec<&str> = text.lines().collect();
        // Each line dropped, and each pair of neighbours swapped (a sample of the long log).
        let step = (lines.len() / 200).max(1);
        for i in (0..lines.len()).step_by(step) {
            let mut dropped = lines.clone();
            dropped.remove(i);
            let ok = check(&name, &dropped.join("\n"), &mut log);
            if ok {
                read += 1;
            } else {
                refused += 1;
            }
            if i + 1 < lines.len() {
                let mut swapped = lines.clone();
                swapped.swap(i, i + 1);
                let ok = check(&name, &swapped.join("\n"), &mut log);
                if ok { read += 1 } else { refused += 1 }
            }
            // Each replacement at this line.
            for (from, to) in replacements {
                if let Some(at) = lines[i].find(from) {
                    let mut changed = lines.clone();
                    let line = format!("{}{}{}", &lines[i][..at], to, &lines[i][at + from.len()..]);
                    changed[i] = &line;
                    let ok = check(&name, &changed.join("\n"), &mut log);
                    if ok { read += 1 } else { refused += 1 }
                }
            }
        }
        // Cut anywhere (a sample of places).
        let bytes = text.as_bytes();
        for cut in (0..bytes.len()).step_by((bytes.len() / 300).max(1)) {
            let _ = haifu_mjai::read(&bytes[..cut], &mut log);
        }
    }
    // Most mutations break the game: each is refused at its line.
    assert!(refused > read, "{refused} refused, {read} read");
}

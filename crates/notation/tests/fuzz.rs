//! Mutated records never make the reader panic, and whatever it accepts writes and reads
//! back to the same log.

use proptest::prelude::*;

const BASE: &str = include_str!("../../../corpus/parse/haifu/ok/calls.haifu");

proptest! {
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(400),
    ))]

    #[test]
    fn mutated_text_never_panics(
        edits in proptest::collection::vec((0usize..4000, 0usize..8, any::<char>()), 1..6),
    ) {
        let mut text = BASE.to_owned();
        for (at, len, c) in edits {
            let mut at = at.min(text.len());
            while !text.is_char_boundary(at) {
                at -= 1;
            }
            let mut end = (at + len).min(text.len());
            while !text.is_char_boundary(end) {
                end -= 1;
            }
            // Delete a run, then insert a character or one of the notation's own bytes.
            text.replace_range(at..end, "");
            let insert = match c as u32 % 5 {
                0 => c.to_string(),
                1 => "'".to_owned(),
                2 => "\n".to_owned(),
                3 => " ".to_owned(),
                _ => ((c as u32 % 10) as u8 + b'0').to_string(),
            };
            text.insert_str(at, &insert);
        }
        if let Ok(log) = haifu_notation::read(&text) {
            let written = haifu_notation::write(&log);
            let again = haifu_notation::read(&written);
            prop_assert_eq!(again.as_ref(), Ok(&log), "{}", written);
        }
    }
}

/// Found by the AFL++ `notation` target: long runs of digits where the fast paths read a
/// number (a `round` line's counters, a `win` line's points) overflowed. They are read as
/// errors (or by the general path) now.
#[test]
fn long_numbers_are_errors_not_overflows() {
    let base = BASE.to_owned();
    for (from, to) in [
        ("round E1.0", "round E1.99999999999999999999999999"),
        ("3han 5200\n", "3han 99999999999999999999\n"),
        ("3han 5200\n", "3han 4294967296\n"),
        ("sticks 0", "sticks 1234567890123456789012345"),
    ] {
        let text = base.replacen(from, to, 1);
        let _ = haifu_notation::read(&text);
    }
}

/// A few real games, read in place (never copied); `None` when the corpus is absent.
fn real_games() -> Option<&'static [Vec<u8>]> {
    static GAMES: std::sync::OnceLock<Option<Vec<Vec<u8>>>> = std::sync::OnceLock::new();
    GAMES
        .get_or_init(|| {
            let dir = haifu_testkit::tenhou_corpus()?;
            Some(
                haifu_testkit::manifest(&dir)
                    .iter()
                    .filter(|e| e.players == 4)
                    .step_by(97)
                    .take(6)
                    .map(|e| std::fs::read(dir.join(&e.file)).expect("reads"))
                    .collect(),
            )
        })
        .as_deref()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(100),
    ))]

    /// Mutated real games the mjlog reader accepts are written as text that reads back to the
    /// same game, or that does not read back at all (which `convert` then refuses): never
    /// text that silently reads as another game.
    #[test]
    fn mutated_real_games_write_text_that_reads_back_or_not_at_all(
        game in 0usize..6,
        edits in proptest::collection::vec((0usize..200_000, any::<u8>()), 1..4),
    ) {
        let Some(games) = real_games() else { return Ok(()) };
        let mut bytes = games[game % games.len()].clone();
        for (at, b) in edits {
            let at = at % bytes.len();
            // Digits keep most mutations readable: a tile, a score, a count changed.
            bytes[at] = b'0' + b % 10;
        }
        if let Ok(log) = haifu_tenhou::read(&bytes) {
            let text = haifu_notation::write_with(&log, &mut haifu_tenhou::SeedWalls::new());
            if let Ok(back) = haifu_notation::read_with(&text, &mut haifu_tenhou::SeedWalls::new()) {
                prop_assert_eq!(back, log);
            }
        }
    }
}

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

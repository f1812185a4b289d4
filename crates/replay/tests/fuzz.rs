//! Read-then-verify never panics: scenario records (the project's own, never real logs),
//! mutated at random, either fail to read with a located error or are verified under their
//! declared rules (or under another preset) to a verdict. `PROPTEST_CASES` raises the number
//! of cases for a long run.

use proptest::prelude::*;

const SEEDS: [&str; 4] = [
    include_str!("../../../corpus/scenarios/abortive/reach4.haifu"),
    include_str!("../../../corpus/scenarios/multiple-ron/double-ron-sticks-honba.haifu"),
    include_str!("../../../corpus/scenarios/pao/daisangen-ron.haifu"),
    include_str!("../../../corpus/scenarios/kans/dora-consecutive-kans.haifu"),
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(200),
    ))]

    #[test]
    fn mutated_records_read_and_verify_without_panic(
        seed in 0usize..SEEDS.len(),
        edits in proptest::collection::vec((0usize..12000, 0usize..6, 0u32..40), 1..5),
        preset in 0usize..haifu_ruleset::Preset::ALL.len(),
    ) {
        let mut text = SEEDS[seed].to_owned();
        for (at, len, pick) in edits {
            let mut at = at.min(text.len());
            while !text.is_char_boundary(at) {
                at -= 1;
            }
            let mut end = (at + len).min(text.len());
            while !text.is_char_boundary(end) {
                end -= 1;
            }
            text.replace_range(at..end, "");
            // The notation's own characters, so that most mutations still read.
            const BYTES: &[u8] = b"0123456789mpsz' *\nABCD";
            let c = char::from(BYTES[pick as usize % BYTES.len()]);
            text.insert(at, c);
        }
        if let Ok(log) = haifu_notation::read(&text) {
            if let Ok(declared) = haifu::declared_rules(&log) {
                let _ = haifu_replay::verify(&log, &declared.rules);
            }
            let other = haifu_ruleset::RuleSet::preset(haifu_ruleset::Preset::ALL[preset]);
            let _ = haifu_replay::verify(&log, &other);
            let _ = haifu_replay::diff(&log, &other, &other);
        }
    }
}

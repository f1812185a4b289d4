//! The Riichi City reader on arbitrary bytes, then the referee on what it reads (under the
//! Riichi City preset for its table size): a log or a located error, and a verdict, never a
//! panic.
use haifu_ruleset::{Preset, RuleSet};

fn main() {
    let mut log = haifu_log::GameLog::new();
    let four = RuleSet::preset(Preset::RiichiCity);
    let three = RuleSet::preset(Preset::RiichiCitySanma);
    afl::fuzz!(|data: &[u8]| {
        if haifu_riichicity::read(data, &mut log).is_ok() {
            let sanma = log.header.rules.go_type & 0x10 != 0;
            let _ = haifu_replay::verify(&log, if sanma { &three } else { &four });
        }
    });
}

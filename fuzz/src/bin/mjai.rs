//! The mjai reader on arbitrary bytes, then the referee on what it reads (under the log's
//! own rules where it declares them, else Tenhou's for its table size): a log or a located
//! error, and a verdict, never a panic.
fn main() {
    use haifu_ruleset::{Declared, Preset, RuleSet};
    let mut log = haifu_log::GameLog::new();
    afl::fuzz!(|data: &[u8]| {
        if haifu_mjai::read(data, &mut log).is_ok() {
            let three = log.header.players[haifu_tiles::Seat::ALL[3]].name.is_empty()
                && log.round_starts().first().is_some_and(|r| {
                    r.hands[haifu_tiles::Seat::ALL[3]].is_empty()
                });
            let rules = match &log.header.declared {
                Declared::Rules { rules, .. } => **rules,
                _ if three => RuleSet::preset(Preset::TenhouSanma),
                _ => RuleSet::preset(Preset::Tenhou),
            };
            let _ = haifu_replay::verify(&log, &rules);
        }
    });
}

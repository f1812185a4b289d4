//! Read-then-verify on arbitrary bytes (notation or mjlog): a verdict, never a panic.
fn main() {
    afl::fuzz!(|data: &[u8]| {
        let log = match std::str::from_utf8(data) {
            Ok(text) if text.starts_with("haifu") => haifu_notation::read(text).ok(),
            _ => haifu_tenhou::read(data).ok(),
        };
        let Some(log) = log else { return };
        if let Ok(declared) = haifu::declared_rules(&log) {
            let _ = haifu_replay::verify(&log, &declared.rules);
        }
        let wrc = haifu_ruleset::RuleSet::preset(haifu_ruleset::Preset::Wrc2015);
        let _ = haifu_replay::diff(&log, &wrc, &wrc);
    });
}

//! The tenhou.net/6 reader on arbitrary bytes, then the referee on what it reads: a log or a
//! located error, and a verdict, never a panic.
fn main() {
    let mut log = haifu_log::GameLog::new();
    afl::fuzz!(|data: &[u8]| {
        if haifu_tenhou6::read(data, &mut log).is_ok()
            && let Ok(declared) = haifu::declared_rules(&log)
        {
            let _ = haifu_replay::verify(&log, &declared.rules);
        }
    });
}

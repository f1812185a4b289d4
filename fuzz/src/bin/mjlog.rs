//! The mjlog reader on arbitrary bytes: a log or a located error, never a panic.
fn main() {
    afl::fuzz!(|data: &[u8]| {
        let _ = haifu_tenhou::read(data);
    });
}

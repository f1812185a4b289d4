//! The notation reader on arbitrary bytes; what it accepts writes and reads back the same.
fn main() {
    afl::fuzz!(|data: &[u8]| {
        let Ok(text) = std::str::from_utf8(data) else {
            return;
        };
        if let Ok(log) = haifu_notation::read(text) {
            let written = haifu_notation::write(&log);
            assert_eq!(haifu_notation::read(&written).as_ref(), Ok(&log));
        }
    });
}

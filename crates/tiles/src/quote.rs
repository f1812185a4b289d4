//! Quoting input in messages, bounded: however long a string a file holds, a message quotes a
//! window of it.

use std::fmt;

/// How many characters of a quoted string a message shows at most (the README's window).
pub const QUOTE_WINDOW: usize = 240;

/// A string quoted for a message as `{:?}` quotes it (escapes included), cut to its first
/// [`QUOTE_WINDOW`] characters with the count of those left out: `"YYYY…" (and 999760
/// characters more)`.
#[derive(Clone, Copy, Debug)]
pub struct Quoted<'a>(pub &'a str);

impl fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.char_indices().nth(QUOTE_WINDOW) {
            None => write!(f, "{:?}", self.0),
            Some((cut, _)) => {
                let shown = &self.0[..cut];
                let rest = self.0[cut..].chars().count();
                let quoted = format!("{shown:?}");
                let open = &quoted[..quoted.len() - 1];
                write!(f, "{open}…\" (and {rest} characters more)")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_string_is_quoted_whole_and_a_long_one_cut() {
        assert_eq!(Quoted("和了").to_string(), "\"和了\"");
        assert_eq!(Quoted("a\"b").to_string(), "\"a\\\"b\"");
        let long = "和".repeat(QUOTE_WINDOW + 10);
        let shown = Quoted(&long).to_string();
        assert!(shown.ends_with("…\" (and 10 characters more)"), "{shown}");
        assert_eq!(shown.chars().filter(|c| *c == '和').count(), QUOTE_WINDOW);
    }
}

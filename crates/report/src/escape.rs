//! What each renderer does to text it did not write itself (a file's name, a token quoted from
//! a log, a reader's message), so that no input can change what a report says: each function
//! is one renderer's rule, and the property tests below hold each to it over arbitrary text.

use std::borrow::Cow;
use std::fmt::Write as _;

/// Text for a terminal or a log: every control character written `\xNN` (ESC, CR, BEL…, and
/// a newline too unless `newlines` keeps it), so that no name can move the cursor, hide what
/// follows or pass for another line. A backslash stays as it is (a name that is not UTF-8 is
/// already shown with its other bytes as `\xNN`).
pub(crate) fn controls(text: &str, newlines: bool) -> Cow<'_, str> {
    let escaped = |c: char| c.is_control() && !(newlines && c == '\n');
    if !text.chars().any(escaped) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if escaped(c) {
            let _ = write!(out, "\\x{:02X}", u32::from(c));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// Text inside HTML in a Markdown document (a `<code>` element, a table cell, a list item):
/// control characters as [`controls`] writes them and newlines as a space, then `&`, `<`,
/// `>`, the backtick and `|` (which ends a table cell) as character references, and a `[`,
/// `]`, `*`, `\` or `~` too, so that nothing in it opens a tag or a comment, closes a code
/// span, links or strikes out. (Quotes and underscores stay: the text is never in an
/// attribute, and an underscore inside a name emphasises nothing.)
pub(crate) fn markdown(text: &str) -> String {
    let text = controls(text, true);
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '\n' => out.push(' '),
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '`' | '|' | '[' | ']' | '*' | '\\' | '~' => {
                let _ = write!(out, "&#{};", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out
}

/// Text for an HTML page, in an element or a quoted attribute: control characters as
/// [`controls`] writes them (a newline kept unless `newlines` is false, for a `<pre>`), then
/// `&`, `<`, `>`, `"` and `'` as character references, so that nothing in it opens a tag,
/// ends an attribute or starts a reference.
pub(crate) fn html(text: &str, newlines: bool) -> String {
    let text = controls(text, newlines);
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// Text for a JUnit report: the characters XML 1.0 forbids (controls other than tab, newline
/// and carriage return, U+FFFE and U+FFFF) written `\xNN` or `\u{FFFE}`, and in an attribute
/// (`attribute`) newlines and carriage returns too, which a reader would fold into spaces.
/// The XML writer escapes `<`, `&` and quotes itself.
pub(crate) fn xml(text: &str, attribute: bool) -> Cow<'_, str> {
    let forbidden = |c: char| match c {
        '\t' => false,
        '\n' | '\r' => attribute,
        '\u{FFFE}' | '\u{FFFF}' => true,
        c => c.is_control(),
    };
    if !text.chars().any(forbidden) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            c if !forbidden(c) => out.push(c),
            c if u32::from(c) <= 0xFF => {
                let _ = write!(out, "\\x{:02X}", u32::from(c));
            }
            c => {
                let _ = write!(out, "\\u{{{:X}}}", u32::from(c));
            }
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        /// No control character but a kept newline reaches a terminal.
        #[test]
        fn terminal_text_has_no_control_characters(text in any::<String>(), keep in any::<bool>()) {
            let shown = controls(&text, keep);
            prop_assert!(!shown.chars().any(|c| c.is_control() && !(keep && c == '\n')));
            // Nothing else is touched.
            if !text.chars().any(char::is_control) {
                prop_assert_eq!(shown.as_ref(), text.as_str());
            }
        }

        /// Nothing in Markdown text can open a tag, a comment or a code span, end a cell or a
        /// line, or link.
        #[test]
        fn markdown_text_is_inert(text in any::<String>()) {
            let shown = markdown(&text);
            for c in ['<', '>', '`', '|', '\n', '\r', '[', ']', '*'] {
                prop_assert!(!shown.contains(c), "{:?} in {:?}", c, shown);
            }
            prop_assert!(!shown.chars().any(char::is_control));
            // Every `&` starts a character reference this function wrote.
            for (i, _) in shown.match_indices('&') {
                let rest = &shown[i..];
                prop_assert!(rest.starts_with("&amp;") || rest.starts_with("&lt;")
                    || rest.starts_with("&gt;") || rest.starts_with("&#"), "{:?}", shown);
            }
        }

        /// Nothing in HTML text can open a tag, end an attribute or break a line it must not.
        #[test]
        fn html_text_is_inert(text in any::<String>(), keep in any::<bool>()) {
            let shown = html(&text, keep);
            for c in ['<', '>', '"', '\'', '\r'] {
                prop_assert!(!shown.contains(c), "{:?} in {:?}", c, shown);
            }
            prop_assert!(!shown.chars().any(|c| c.is_control() && !(keep && c == '\n')));
            for (i, _) in shown.match_indices('&') {
                let rest = &shown[i..];
                prop_assert!(rest.starts_with("&amp;") || rest.starts_with("&lt;")
                    || rest.starts_with("&gt;") || rest.starts_with("&quot;")
                    || rest.starts_with("&#39;"), "{:?}", shown);
            }
        }

        /// JUnit text holds only characters XML 1.0 allows (in an attribute, no line breaks).
        #[test]
        fn junit_text_is_valid_xml(text in any::<String>(), attribute in any::<bool>()) {
            let shown = xml(&text, attribute);
            for c in shown.chars() {
                let allowed = matches!(c, '\t' | '\n' | '\r') && !(attribute && c != '\t')
                    || !c.is_control() && c != '\u{FFFE}' && c != '\u{FFFF}';
                prop_assert!(allowed, "{:?} in {:?}", c, shown);
            }
        }
    }

    #[test]
    fn what_the_fuzzing_found_is_neutralised() {
        // A name that closes the summary and hides the table behind a comment.
        let name = "x</code></summary></details>**all conforming**<!--";
        assert_eq!(
            markdown(name),
            "x&lt;/code&gt;&lt;/summary&gt;&lt;/details&gt;&#42;&#42;all conforming&#42;&#42;&lt;!--"
        );
        // ESC[8m hides the rest of a terminal; a CR rewrites the line.
        assert_eq!(controls("a\u{1b}[8mb\rc", false), "a\\x1B[8mb\\x0Dc");
        assert_eq!(xml("a\u{FFFF}b\nc", true), "a\\u{FFFF}b\\x0Ac");
        // A name that would close its cell and run a script.
        assert_eq!(
            html("x\"><script>alert('&')</script>\u{1b}", false),
            "x&quot;&gt;&lt;script&gt;alert(&#39;&amp;&#39;)&lt;/script&gt;\\x1B"
        );
    }
}

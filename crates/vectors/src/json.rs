//! A small JSON writer: the vectors are written straight into a string, in a fixed key
//! order, without building a tree (a tree per vector costs more than the replay itself).

use std::fmt::Write;

/// JSON text being written; commas are placed by the writer.
pub(crate) struct Json {
    /// The text so far.
    pub(crate) text: String,
    /// No value written yet at this level (no comma before the next).
    fresh: bool,
}

impl Json {
    pub(crate) fn new() -> Json {
        Json {
            text: String::with_capacity(2048),
            fresh: true,
        }
    }

    fn sep(&mut self) {
        if !self.fresh {
            self.text.push(',');
        }
        self.fresh = false;
    }

    /// A key of the object being written; its value comes next.
    pub(crate) fn key(&mut self, key: &str) -> &mut Json {
        self.sep();
        self.text.push('"');
        self.text.push_str(key);
        self.text.push_str("\":");
        self.fresh = true;
        self
    }

    pub(crate) fn open(&mut self) -> &mut Json {
        self.sep();
        self.text.push('{');
        self.fresh = true;
        self
    }

    pub(crate) fn close(&mut self) -> &mut Json {
        self.text.push('}');
        self.fresh = false;
        self
    }

    pub(crate) fn open_list(&mut self) -> &mut Json {
        self.sep();
        self.text.push('[');
        self.fresh = true;
        self
    }

    pub(crate) fn close_list(&mut self) -> &mut Json {
        self.text.push(']');
        self.fresh = false;
        self
    }

    pub(crate) fn str(&mut self, value: &str) -> &mut Json {
        self.sep();
        self.text.push('"');
        for c in value.chars() {
            match c {
                '"' => self.text.push_str("\\\""),
                '\\' => self.text.push_str("\\\\"),
                c if (c as u32) < 0x20 => {
                    let _ = write!(self.text, "\\u{:04x}", c as u32);
                }
                c => self.text.push(c),
            }
        }
        self.text.push('"');
        self
    }

    /// A string written by `f` (which must write no `"`, `\` nor control character).
    pub(crate) fn str_with(&mut self, f: impl FnOnce(&mut String)) -> &mut Json {
        self.sep();
        self.text.push('"');
        f(&mut self.text);
        self.text.push('"');
        self
    }

    pub(crate) fn num(&mut self, value: impl std::fmt::Display) -> &mut Json {
        self.sep();
        let _ = write!(self.text, "{value}");
        self
    }

    pub(crate) fn bool(&mut self, value: bool) -> &mut Json {
        self.sep();
        self.text.push_str(if value { "true" } else { "false" });
        self
    }

    pub(crate) fn null(&mut self) -> &mut Json {
        self.sep();
        self.text.push_str("null");
        self
    }
}

#[cfg(test)]
mod tests {
    use super::Json;

    #[test]
    fn commas_and_escapes() {
        let mut j = Json::new();
        j.open();
        j.key("a").num(1);
        j.key("b")
            .open_list()
            .str("x\"y")
            .null()
            .bool(true)
            .close_list();
        j.key("c").open().close();
        j.close();
        assert_eq!(j.text, r#"{"a":1,"b":["x\"y",null,true],"c":{}}"#);
    }
}

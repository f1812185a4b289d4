//! One line of an mjai log as JSON: every field any producer writes, each optional, so that
//! one struct reads every dialect; the reader asks for the fields an event needs.

use std::borrow::Cow;
use std::fmt;

use serde::Deserialize;
use serde::de::{self, Deserializer, Visitor};

use crate::tile::{self, Name};

/// A tile name, read without allocating.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct TileName(pub(crate) Name);

impl<'de> Deserialize<'de> for TileName {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = TileName;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(tile::EXPECTED)
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<TileName, E> {
                tile::parse(v)
                    .map(TileName)
                    .ok_or_else(|| E::invalid_value(de::Unexpected::Str(v), &self))
            }
        }
        d.deserialize_str(V)
    }
}

/// `tehais`, as `Option<Vec<Vec<TileName>>>` reads it, in vectors made with room for four
/// hands of fourteen tiles: grown from empty they were reallocated three times a hand
/// (14 M of the 1,252 M instructions of verifying the 516 Tenhou games written as mjai).
fn hands<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Vec<Vec<TileName>>>, D::Error> {
    /// A list of `T`, read into a vector with room for `N`.
    struct Roomy<T, const N: usize>(Vec<T>);
    impl<'de, T: Deserialize<'de>, const N: usize> Deserialize<'de> for Roomy<T, N> {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            struct V<T, const N: usize>(std::marker::PhantomData<T>);
            impl<'de, T: Deserialize<'de>, const N: usize> Visitor<'de> for V<T, N> {
                type Value = Roomy<T, N>;
                fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                    // What `Vec`'s own visitor says.
                    f.write_str("a sequence")
                }
                fn visit_seq<A: de::SeqAccess<'de>>(
                    self,
                    mut seq: A,
                ) -> Result<Self::Value, A::Error> {
                    let mut items = Vec::with_capacity(N);
                    while let Some(item) = seq.next_element()? {
                        items.push(item);
                    }
                    Ok(Roomy(items))
                }
            }
            d.deserialize_seq(V(std::marker::PhantomData))
        }
    }
    let hands = Option::<Roomy<Roomy<TileName, 14>, 4>>::deserialize(d)?;
    Ok(hands.map(|h| h.0.into_iter().map(|hand| hand.0).collect()))
}

/// A yaku entry: `[name, han]`.
#[derive(Debug, Deserialize)]
pub(crate) struct YakuEntry<'a>(#[serde(borrow)] pub(crate) Cow<'a, str>, pub(crate) u32);

/// The fields of one event, as any producer writes them.
#[derive(Debug, Default, Deserialize)]
pub(crate) struct Line<'a> {
    #[serde(rename = "type", borrow)]
    pub(crate) kind: Cow<'a, str>,
    pub(crate) actor: Option<u8>,
    pub(crate) target: Option<u8>,
    pub(crate) pai: Option<TileName>,
    pub(crate) consumed: Option<Vec<TileName>>,
    pub(crate) tsumogiri: Option<bool>,
    // start_game
    pub(crate) names: Option<Vec<String>>,
    pub(crate) uri: Option<String>,
    pub(crate) kyoku_first: Option<u8>,
    pub(crate) aka_flag: Option<bool>,
    // start_kyoku
    pub(crate) bakaze: Option<TileName>,
    pub(crate) kyoku: Option<u8>,
    pub(crate) honba: Option<u32>,
    pub(crate) kyotaku: Option<u32>,
    pub(crate) oya: Option<u8>,
    pub(crate) dora_marker: Option<TileName>,
    pub(crate) scores: Option<Vec<i32>>,
    #[serde(default, deserialize_with = "hands")]
    pub(crate) tehais: Option<Vec<Vec<TileName>>>,
    // legacy haipai
    pub(crate) pais: Option<Vec<TileName>>,
    // reach_accepted, hora, ryukyoku
    pub(crate) deltas: Option<Vec<i32>>,
    // hora
    pub(crate) ura_markers: Option<Vec<TileName>>,
    pub(crate) uradora_markers: Option<Vec<TileName>>,
    #[serde(borrow)]
    pub(crate) yakus: Option<Vec<YakuEntry<'a>>>,
    #[serde(borrow)]
    pub(crate) yaku: Option<Vec<YakuEntry<'a>>>,
    pub(crate) fan: Option<u32>,
    pub(crate) han: Option<u32>,
    pub(crate) fu: Option<u32>,
    pub(crate) hora_points: Option<i32>,
    pub(crate) hora_tehais: Option<Vec<TileName>>,
    // ryukyoku
    #[serde(borrow)]
    pub(crate) reason: Option<Cow<'a, str>>,
    pub(crate) tenpais: Option<Vec<bool>>,
    /// Whether every field the scan does not set is `None`: the last line read was scanned.
    #[serde(skip)]
    only_scanned: bool,
    /// The scan's room for `consumed`, kept from line to line.
    #[serde(skip)]
    spare: Vec<TileName>,
}

impl<'a> Line<'a> {
    /// Reads one line of the log into `self`, whose allocations are reused. The action
    /// events that make up nearly every line (`tsumo`, `dahai`, the calls, `reach`, `dora`,
    /// `end_kyoku`) are read by a direct scan of their few fields ([`Line::scan`]); any other
    /// line, and any line the scan does not take as it stands, by `serde_json`, which also says
    /// what is wrong with a line that is not right. Either way `self` is then what
    /// `serde_json` reads from the line.
    pub(crate) fn read(&mut self, line: &'a str) -> Result<(), serde_json::Error> {
        if !self.scan(line) {
            *self = serde_json::from_str(line)?;
        }
        Ok(())
    }

    /// Reads `line` into `self` when it is a JSON object of the fields `type`, `actor`,
    /// `target`, `pai`, `consumed`, `tsumogiri` and `dora_marker` only, each at most once,
    /// strings without escapes, numbers plain digits, no `null`; `false` for anything else
    /// (and then `self` is left half-written, for `serde_json` to overwrite).
    fn scan(&mut self, line: &'a str) -> bool {
        if !self.only_scanned {
            // A line `serde_json` read may have set any field: start again from none.
            let spare = std::mem::take(&mut self.spare);
            *self = Line {
                only_scanned: true,
                spare,
                ..Line::default()
            };
        }
        if let Some(mut tiles) = self.consumed.take() {
            tiles.clear();
            self.spare = tiles;
        }
        self.actor = None;
        self.target = None;
        self.pai = None;
        self.tsumogiri = None;
        self.dora_marker = None;
        self.scan_fields(line).is_some()
    }

    fn scan_fields(&mut self, line: &'a str) -> Option<()> {
        let mut s = Scanner {
            text: line,
            bytes: line.as_bytes(),
            at: 0,
        };
        let mut seen = 0u8;
        let mut kind = None;
        s.byte(b'{')?;
        if !s.peek_is(b'}') {
            loop {
                let bit = s.key()?;
                if seen & bit != 0 {
                    return None;
                }
                seen |= bit;
                s.byte(b':')?;
                match bit {
                    1 => kind = Some(s.string()?),
                    2 => self.actor = Some(s.small()?),
                    4 => self.target = Some(s.small()?),
                    8 => self.pai = Some(s.tile()?),
                    16 => {
                        let mut tiles = std::mem::take(&mut self.spare);
                        s.tiles(&mut tiles)?;
                        self.consumed = Some(tiles);
                    }
                    32 => self.tsumogiri = Some(s.boolean()?),
                    _ => self.dora_marker = Some(s.tile()?),
                }
                if !s.comma() {
                    break;
                }
            }
        }
        s.byte(b'}')?;
        s.end()?;
        self.kind = Cow::Borrowed(kind?);
        Some(())
    }
}

/// A cursor over one line's bytes, for [`Line::scan`]: each step skips JSON whitespace first.
struct Scanner<'a> {
    text: &'a str,
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Scanner<'a> {
    fn skip_space(&mut self) {
        while let Some(b' ' | b'\t' | b'\r' | b'\n') = self.bytes.get(self.at) {
            self.at += 1;
        }
    }

    fn peek_is(&mut self, b: u8) -> bool {
        self.skip_space();
        self.bytes.get(self.at) == Some(&b)
    }

    fn byte(&mut self, b: u8) -> Option<()> {
        if self.peek_is(b) {
            self.at += 1;
            Some(())
        } else {
            None
        }
    }

    /// A `,` (true), or nothing taken (false).
    fn comma(&mut self) -> bool {
        self.byte(b',').is_some()
    }

    /// Only whitespace is left.
    fn end(&mut self) -> Option<()> {
        self.skip_space();
        (self.at == self.bytes.len()).then_some(())
    }

    /// A string without escapes or control characters.
    fn string(&mut self) -> Option<&'a str> {
        self.byte(b'"')?;
        let start = self.at;
        let mut end = start;
        loop {
            match *self.bytes.get(end)? {
                b'"' => break,
                b'\\' | 0..=0x1f => return None,
                _ => end += 1,
            }
        }
        self.at = end + 1;
        // A string starts and ends at an ASCII quote: on a char boundary.
        self.text.get(start..end)
    }

    /// A key: the scan's bit for it, when it is one of the scan's fields.
    fn key(&mut self) -> Option<u8> {
        self.byte(b'"')?;
        let rest = &self.bytes[self.at..];
        let (bit, len) = match rest.first()? {
            b't' if rest.starts_with(b"type\"") => (1, 4),
            b'a' if rest.starts_with(b"actor\"") => (2, 5),
            b't' if rest.starts_with(b"target\"") => (4, 6),
            b'p' if rest.starts_with(b"pai\"") => (8, 3),
            b'c' if rest.starts_with(b"consumed\"") => (16, 8),
            b't' if rest.starts_with(b"tsumogiri\"") => (32, 9),
            b'd' if rest.starts_with(b"dora_marker\"") => (64, 11),
            _ => return None,
        };
        self.at += len + 1;
        Some(bit)
    }

    /// A number 0..=255 written as plain digits (no sign, fraction, exponent or leading zero).
    fn small(&mut self) -> Option<u8> {
        self.skip_space();
        let start = self.at;
        let len = self.bytes[start..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        let digits = &self.bytes[start..start + len];
        if len == 0 || len > 3 || (len > 1 && digits[0] == b'0') {
            return None;
        }
        if let Some(b'.' | b'e' | b'E') = self.bytes.get(start + len) {
            return None;
        }
        self.at = start + len;
        let n = digits
            .iter()
            .fold(0u32, |n, d| n * 10 + u32::from(d - b'0'));
        u8::try_from(n).ok()
    }

    fn boolean(&mut self) -> Option<bool> {
        self.skip_space();
        let rest = &self.bytes[self.at..];
        let (value, len) = if rest.starts_with(b"true") {
            (true, 4)
        } else if rest.starts_with(b"false") {
            (false, 5)
        } else {
            return None;
        };
        self.at += len;
        Some(value)
    }

    fn tile(&mut self) -> Option<TileName> {
        tile::parse(self.string()?).map(TileName)
    }

    /// An array of tile names, into `tiles`.
    fn tiles(&mut self, tiles: &mut Vec<TileName>) -> Option<()> {
        self.byte(b'[')?;
        if !self.peek_is(b']') {
            loop {
                tiles.push(self.tile()?);
                if !self.comma() {
                    break;
                }
            }
        }
        self.byte(b']')
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The scan, where it takes a line, reads what `serde_json` reads; where it does not,
    /// `serde_json` is asked.
    fn same(line: &str) -> bool {
        // A line read by serde_json first, so that the scan must clear what it set.
        let mut scanned: Line<'_> = serde_json::from_str(
            r#"{"type":"hora","actor":1,"target":2,"pai":"1m","deltas":[1,2],"consumed":["1m"]}"#,
        )
        .expect("a line");
        assert!(
            scanned
                .scan(r#"{"type":"chi","actor":1,"target":0,"pai":"1m","consumed":["2m","3m"]}"#)
        );
        let taken = scanned.scan(line);
        scanned.only_scanned = false;
        scanned.spare = Vec::new();
        let serde = serde_json::from_str::<Line<'_>>(line).map(|l| format!("{l:?}"));
        if taken {
            assert_eq!(Some(format!("{scanned:?}")), serde.ok(), "{line}");
        }
        taken
    }

    #[test]
    fn the_scan_reads_what_serde_json_reads_or_leaves_it() {
        // Taken by the scan.
        for line in [
            r#"{"type":"tsumo","actor":0,"pai":"5mr"}"#,
            r#"{"type":"dahai","actor":3,"pai":"C","tsumogiri":false}"#,
            r#" { "type" : "pon" , "actor":1,"target":2,"pai":"E","consumed":["E","E"] } "#,
            r#"{"pai":"?","type":"ankan","actor":2,"consumed":["1s","1s","1s","1s"]}"#,
            r#"{"type":"dora","dora_marker":"9p"}"#,
            r#"{"type":"end_kyoku"}"#,
            r#"{"type":"reach","actor":0}"#,
            r#"{"type":"kakan","actor":0,"pai":"5p","consumed":[]}"#,
            r#"{"type":"dahai","actor":255,"pai":"1m","tsumogiri":true}"#,
        ] {
            assert!(same(line), "{line}");
        }
        // Left to serde_json: other fields, escapes, null, a duplicate, numbers out of range
        // or not plain, bad tiles, trailing bytes, broken JSON.
        for line in [
            r#"{"type":"start_game","names":["a","b","c","d"]}"#,
            r#"{"type":"tsu\u006do","actor":0,"pai":"1m"}"#,
            r#"{"typ\u0065":"tsumo","actor":0,"pai":"1m"}"#,
            r#"{"type":"tsumo","actor":0,"pai":"1m","types":1}"#,
            r#"{"type":"tsumo","actor":null,"pai":"1m"}"#,
            r#"{"type":"tsumo","actor":0,"actor":1,"pai":"1m"}"#,
            r#"{"type":"tsumo","actor":256,"pai":"1m"}"#,
            r#"{"type":"tsumo","actor":01,"pai":"1m"}"#,
            r#"{"type":"tsumo","actor":1.0,"pai":"1m"}"#,
            r#"{"type":"tsumo","actor":-1,"pai":"1m"}"#,
            r#"{"type":"tsumo","actor":0,"pai":"0m"}"#,
            r#"{"type":"tsumo","actor":0,"pai":"1m"}x"#,
            r#"{"type":"tsumo","actor":0,"pai":"1m","#,
            r#"{"type":"tsumo","actor":0,"pai":"1m",}"#,
            r#"{"actor":0,"pai":"1m"}"#,
            r#"{"type":"dahai","actor":0,"pai":"1m","tsumogiri":truex}"#,
            r#"{"type":"chi","consumed":["1m",]}"#,
            r#"{}"#,
            r#"[]"#,
            "",
        ] {
            assert!(!same(line), "{line}");
        }
    }
}

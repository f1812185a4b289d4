//! The mjlog reader: bytes in, [`GameLog`] out.

use std::borrow::Cow;
use std::io::Read as _;

use arrayvec::ArrayVec;
use haifu_log::{
    ChipAward, ChipScores, DrawKind, FinalResult, GameLog, Location, ParseError, ParseErrorKind,
    Player, RecordedDraw, RecordedHan, RecordedWin, RiichiStage, RoundStart, SourcePositions,
    Tenths, UnknownAttribute,
};
use haifu_tiles::{BySeat, HanSource, Limit, Quoted, Seat, Tile, Wind};
use quick_xml::events::{BytesStart, Event as XmlEvent};

use crate::meld::decode_meld;

const FORMAT: &str = "Tenhou mjlog XML";
const ELEMENTS: &str = "SHUFFLE, GO, UN, TAIKYOKU, INIT, T/U/V/W<tile>, D/E/F/G<tile>, N, REACH, DORA, AGARI, RYUUKYOKU, BYE";

/// Reads one Tenhou game log (UTF-8 mjlog XML, or a gzipped `.mjlog`, recognised by its
/// magic bytes) into a [`GameLog`].
///
/// It checks syntax only: well-formed XML, known elements and attributes of the right
/// shape, tile ids in range, actions only inside a round and only by seats that have a
/// player. It never judges whether an action was legal. Attributes it does not know are kept
/// in [`GameLog::unknown`]. For gzipped input, error locations refer to the decompressed XML.
pub fn read(bytes: &[u8]) -> Result<GameLog, ParseError> {
    let mut log = GameLog::new();
    read_into(bytes, &mut log)?;
    Ok(log)
}

/// The most a gzipped log may decompress to with [`read_into`]: 64 MiB, some hundred times
/// the largest real log.
pub const DEFAULT_DECOMPRESSED_LIMIT: u64 = 64 << 20;

/// Like [`read`], but fills `log` (cleared first), so a caller reading many files reuses one
/// log's allocations. On error the log's contents are unspecified. Gzipped input may
/// decompress to at most [`DEFAULT_DECOMPRESSED_LIMIT`] bytes.
pub fn read_into(bytes: &[u8], log: &mut GameLog) -> Result<(), ParseError> {
    read_into_limited(bytes, log, DEFAULT_DECOMPRESSED_LIMIT)
}

/// Like [`read_into`], with gzipped input decompressing to at most `limit` bytes. Nothing is
/// reserved from a size the input claims: the buffer grows as data comes, and running out of
/// memory for it is this input's error, not the process's end.
pub fn read_into_limited(bytes: &[u8], log: &mut GameLog, limit: u64) -> Result<(), ParseError> {
    log.clear();
    if bytes.starts_with(&[0x1f, 0x8b]) {
        let xml = gunzip(bytes, limit)?;
        return Parser::new(&xml, log).run();
    }
    Parser::new(bytes, log).run()
}

/// Like [`read_into_limited`], and notes where each event was written: the byte offset of the
/// tag each event comes from in `positions.offsets` ([`SourcePositions::place`] gives its
/// line and column); for gzipped input, whose text is gone after reading, their lines and
/// columns in the decompressed XML in `positions.events`.
///
/// # Errors
///
/// As [`read_into_limited`].
pub fn read_into_with_positions(
    bytes: &[u8],
    log: &mut GameLog,
    limit: u64,
    positions: &mut SourcePositions,
) -> Result<(), ParseError> {
    log.clear();
    positions.clear();
    let gzipped = bytes.starts_with(&[0x1f, 0x8b]);
    let unzipped;
    let xml = if gzipped {
        unzipped = gunzip(bytes, limit)?;
        &unzipped[..]
    } else {
        bytes
    };
    let mut parser = Parser::new(xml, log);
    let mut offsets = std::mem::take(&mut positions.offsets);
    // About one event per 16 bytes of a real log: reserved once, not grown tag by tag.
    offsets.reserve(xml.len() / 16);
    parser.positions = Some(offsets);
    let result = parser.run_keeping();
    positions.offsets = parser.positions.take().unwrap_or_default();
    result?;
    if gzipped {
        positions.place(xml);
    }
    Ok(())
}

/// Decompresses `bytes` into at most `limit` bytes.
fn gunzip(bytes: &[u8], limit: u64) -> Result<Vec<u8>, ParseError> {
    let at = Location { line: 1, column: 1 };
    let mut decoder = flate2::read::MultiGzDecoder::new(bytes).take(limit.saturating_add(1));
    let mut xml = Vec::new();
    let mut chunk = [0u8; 1 << 16];
    loop {
        let n = decoder.read(&mut chunk).map_err(|e| {
            ParseError::new(
                at,
                ParseErrorKind::BadGzip {
                    detail: e.to_string(),
                },
            )
        })?;
        if n == 0 {
            return Ok(xml);
        }
        let too_large = |detail| ParseError::new(at, ParseErrorKind::TooLarge { limit, detail });
        if xml.try_reserve(n).is_err() {
            return Err(too_large("there is not the memory to hold it"));
        }
        xml.extend_from_slice(&chunk[..n]);
        if xml.len() as u64 > limit {
            return Err(too_large(
                "raise the limit with --max-size if the log is real",
            ));
        }
    }
}

/// The game id in a file name such as `2015070411gm-00a9-0000-b8b13fcc&tw=1.mjlog`, or
/// `None` when the name carries none. Only the final path component is considered, and the id
/// may stand anywhere in it (`tenhou-2015070411gm-00a9-0000-b8b13fcc.xml`), as [`find_game_id`]
/// finds it.
pub fn game_id_from_file_name(name: &str) -> Option<&str> {
    let base = name.rsplit(['/', '\\']).next().unwrap_or(name);
    find_game_id(base)
}

/// The first Tenhou game id anywhere in `text` (a file name, a tenhou.net/6 `ref` or
/// `title`, a viewer's URL `…?log=2015070411gm-00a9-0000-b8b13fcc&tw=1`):
/// `YYYYMMDDHHgm-TTTT-LLLL-xxxxxxxx`, ten digits, `gm-`, four hex digits, the lobby's digits
/// and eight hex digits, not run on into more digits or letters on either side.
pub fn find_game_id(text: &str) -> Option<&str> {
    let b = text.as_bytes();
    let mut from = 0;
    while let Some(at) = text
        .get(from..)
        .and_then(|t| t.find("gm-"))
        .map(|i| from + i)
    {
        from = at + 3;
        let Some(start) = at.checked_sub(10) else {
            continue;
        };
        if !b[start..at].iter().all(u8::is_ascii_digit)
            || start > 0 && b[start - 1].is_ascii_alphanumeric()
        {
            continue;
        }
        let rest = &text[at + 3..];
        let mut parts = rest.splitn(3, '-');
        let (Some(ty), Some(lobby), Some(tail)) = (parts.next(), parts.next(), parts.next()) else {
            continue;
        };
        let Some(hex) = tail.get(..8) else {
            continue;
        };
        let hexish = |s: &str| s.bytes().all(|c| c.is_ascii_hexdigit());
        if ty.len() != 4
            || !hexish(ty)
            || lobby.is_empty()
            || !lobby.bytes().all(|c| c.is_ascii_digit())
            || !hexish(hex)
            || tail
                .as_bytes()
                .get(8)
                .is_some_and(u8::is_ascii_alphanumeric)
        {
            continue;
        }
        let end = at + 3 + ty.len() + 1 + lobby.len() + 1 + 8;
        return text.get(start..end);
    }
    None
}

/// The most attributes an element may have. The real corpus never has more than 13 on one
/// element; more is a located error.
const MAX_ATTRS: usize = 16;

/// One attribute as written: its name and its raw value (escapes unresolved), both borrowed
/// from the input.
type Attr<'a> = (&'a [u8], &'a [u8]);

/// The attributes of one element, borrowed from the input, with a bit for each one the
/// handler used (the rest are recorded as unknown).
struct Attrs<'a> {
    /// The element's name as errors show it.
    element: &'static str,
    /// Where the element starts (its `<`).
    at: usize,
    items: ArrayVec<Attr<'a>, MAX_ATTRS>,
    used: u16,
}

/// What must hold before an element's attributes are even read.
#[derive(Clone, Copy)]
enum Precondition {
    /// Nothing.
    None,
    /// A round is open.
    InRound,
    /// A round is open, or a win was just recorded (double ron).
    Outcome,
}

struct Parser<'a, 'l> {
    input: &'a [u8],
    log: &'l mut GameLog,
    seen_players: bool,
    /// Seats that have a player in the current round (bit per seat).
    seated: u8,
    /// Whether a round is open (between INIT and its outcome).
    round_open: bool,
    /// Whether the last event was a win (a second ron may follow).
    after_win: bool,
    /// The tile each seat drew and still holds undiscarded, for tsumogiri.
    drawn: [Option<Tile>; 4],
    /// When asked for: for each event, the offset of the tag it comes from.
    positions: Option<Vec<usize>>,
    /// Each round's wall, rebuilt from the seed.
    walls: crate::SeedWalls,
    /// The players at the table, as the first round's deal shows them.
    players: Option<haifu_tiles::Players>,
}

impl<'a, 'l> Parser<'a, 'l> {
    fn new(input: &'a [u8], log: &'l mut GameLog) -> Parser<'a, 'l> {
        log.header.format = "tenhou-mjlog".to_owned();
        Parser {
            input,
            log,
            seen_players: false,
            seated: 0,
            round_open: false,
            after_win: false,
            drawn: [None; 4],
            positions: None,
            walls: crate::SeedWalls::new(),
            players: None,
        }
    }

    /// Notes that the events pushed since the last note come from the tag at `at`.
    fn mark(&mut self, at: usize) {
        if let Some(p) = &mut self.positions {
            // Usually one event, into reserved room: a push, not a resize.
            for _ in p.len()..self.log.len() {
                p.push(at);
            }
        }
    }

    fn location(&self, offset: usize) -> Location {
        Location::of_offset(self.input, offset)
    }

    fn err(&self, offset: usize, kind: ParseErrorKind) -> ParseError {
        ParseError::new(self.location(offset), kind)
    }

    /// The offset of the next non-whitespace byte at or after `offset`.
    fn skip_ws(&self, offset: usize) -> usize {
        let rest = self.input.get(offset..).unwrap_or_default();
        offset
            + rest
                .iter()
                .position(|b| !b.is_ascii_whitespace())
                .unwrap_or(rest.len())
    }

    fn run(mut self) -> Result<(), ParseError> {
        self.run_keeping()
    }

    /// [`Parser::run`] without consuming the parser (for what it noted on the way).
    fn run_keeping(&mut self) -> Result<(), ParseError> {
        self.elements()?;
        self.rebuild_walls();
        Ok(())
    }

    /// Each round's wall, rebuilt from the seed (or the round's INIT shuffle) once the whole
    /// record is read: one tight loop of hashing after the parse rather than a wall between
    /// rounds' tags, which kept evicting the parser's code from the instruction cache (issue
    /// 23: 2.7 M more instruction-cache misses over the 516 games).
    fn rebuild_walls(&mut self) {
        let Some(players) = self.players else {
            return;
        };
        let seed = self.log.header.seed.take();
        let (starts, _, _) = self.log.outcomes_mut();
        for start in starts {
            start.wall = haifu_log::WallSource::next_wall(
                &mut self.walls,
                seed.as_deref(),
                start.shuffle.as_deref(),
                players,
            );
        }
        self.log.header.seed = seed;
    }

    /// The record's elements, from the root's start to its end.
    fn elements(&mut self) -> Result<(), ParseError> {
        let first = self.skip_ws(0);
        if first >= self.input.len() {
            return Err(self.err(0, ParseErrorKind::Empty));
        }
        if self.input[first] != b'<' {
            let shown: String =
                String::from_utf8_lossy(&self.input[first..self.input.len().min(first + 16)])
                    .into_owned();
            return Err(self.err(
                first,
                ParseErrorKind::NotTheFormat {
                    format: FORMAT,
                    detail: format!("it starts with {}, not with '<'", Quoted(&shown)),
                },
            ));
        }
        let input = self.input;
        // Where the next markup starts. Inside the root, plainly written empty elements (all
        // of them in real logs) are read by hand: draw and discard tags, nine elements in ten,
        // by `draws_and_discards`, the others by `scan_empty_tag`. Anything else goes through
        // quick-xml, with a reader over the rest of the input that reads one event, which
        // also reports any syntax error.
        let mut pos = 0;
        let mut depth = 0u32;
        let mut root_closed = false;
        let mut a = Attrs::new("", 0);
        loop {
            if depth == 1 {
                let at = self.draws_and_discards(pos);
                // Past the run and the whitespace after it, which quick-xml would skip too:
                // whatever path reads the next tag reads on from there.
                pos = at;
                a.at = at;
                a.used = 0;
                if let Some((name, len)) = scan_empty_tag(input, at, &mut a.items) {
                    self.element(name, &mut a, None)?;
                    self.mark(at);
                    pos = at + len;
                    continue;
                }
                if let Some(len) = self.root_end_tag(at)? {
                    pos = at + len;
                    depth = 0;
                    root_closed = true;
                    continue;
                }
            }
            let mut reader = quick_xml::Reader::from_reader(&input[pos..]);
            reader.config_mut().trim_text(true);
            let before = pos;
            let event = match reader.read_event() {
                Ok(ev) => ev,
                Err(e) => {
                    let p = usize::try_from(reader.error_position()).unwrap_or(input.len());
                    return Err(self.xml_error(&e, pos.saturating_add(p)));
                }
            };
            pos += usize::try_from(reader.buffer_position()).unwrap_or(input.len());
            let at = self.skip_ws(before);
            match event {
                XmlEvent::Decl(_) | XmlEvent::Comment(_) => {}
                XmlEvent::Eof => {
                    if root_closed {
                        return Ok(());
                    }
                    let expected = if depth == 0 {
                        "the root element <mjloggm>"
                    } else {
                        "the rest of the game and </mjloggm>"
                    };
                    return Err(self.err(
                        self.input.len(),
                        ParseErrorKind::Truncated {
                            expected: expected.to_owned(),
                        },
                    ));
                }
                _ if root_closed => {
                    return Err(self.err(
                        at,
                        ParseErrorKind::OutOfPlace {
                            element: describe(&event),
                            detail: "it comes after </mjloggm>".to_owned(),
                        },
                    ));
                }
                XmlEvent::Start(e) => {
                    if depth == 0 {
                        self.root(&e, at)?;
                        depth = 1;
                    } else {
                        return Err(self.err(
                            at,
                            ParseErrorKind::OutOfPlace {
                                element: String::from_utf8_lossy(e.name().as_ref()).into_owned(),
                                detail: "mjlog elements are empty elements like <T12/>; none has content".to_owned(),
                            },
                        ));
                    }
                }
                XmlEvent::Empty(e) => {
                    if depth == 0 {
                        // `<mjloggm/>`: a root with no game at all.
                        self.root(&e, at)?;
                        return Err(self.err(
                            at,
                            ParseErrorKind::Truncated {
                                expected: "a game inside <mjloggm>".to_owned(),
                            },
                        ));
                    }
                    a.at = at;
                    a.used = 0;
                    self.element(e.name().as_ref(), &mut a, Some(&e))?;
                    self.mark(at);
                }
                XmlEvent::End(e) => {
                    // Inside the root, `root_end_tag` reads the end tag; outside it, this
                    // reader (which has seen no start tag) reports it unmatched before here.
                    return Err(self.err(
                        at,
                        ParseErrorKind::Syntax {
                            detail: format!(
                                "ill-formed document: close tag `</{}>` does not match any open tag",
                                String::from_utf8_lossy(e.name().as_ref())
                            ),
                        },
                    ));
                }
                XmlEvent::Text(t) => {
                    let shown = String::from_utf8_lossy(&t.into_inner())
                        .chars()
                        .take(24)
                        .collect::<String>();
                    return Err(self.err(
                        at,
                        ParseErrorKind::Syntax {
                            detail: format!(
                                "unexpected text {}: expected an element",
                                Quoted(&shown)
                            ),
                        },
                    ));
                }
                other => {
                    return Err(self.err(
                        at,
                        ParseErrorKind::Syntax {
                            detail: format!("unexpected {}: expected an element", describe(&other)),
                        },
                    ));
                }
            }
        }
    }

    fn xml_error(&self, e: &quick_xml::Error, pos: usize) -> ParseError {
        use quick_xml::errors::SyntaxError;
        match e {
            quick_xml::Error::Syntax(SyntaxError::UnclosedTag) => self.err(
                pos,
                ParseErrorKind::Truncated {
                    expected: "the rest of this element (the file ends inside a tag)".to_owned(),
                },
            ),
            quick_xml::Error::Syntax(_) if self.skip_ws(pos) >= self.input.len() => self.err(
                pos,
                ParseErrorKind::Truncated {
                    expected: format!("the end of the markup ({e})"),
                },
            ),
            _ => self.err(
                pos,
                ParseErrorKind::Syntax {
                    detail: e.to_string(),
                },
            ),
        }
    }

    fn root(&mut self, e: &BytesStart<'a>, at: usize) -> Result<(), ParseError> {
        if e.name().as_ref() != b"mjloggm" {
            return Err(self.err(
                at,
                ParseErrorKind::NotTheFormat {
                    format: FORMAT,
                    detail: format!(
                        "the root element is <{}>, not <mjloggm>",
                        String::from_utf8_lossy(e.name().as_ref())
                    ),
                },
            ));
        }
        let mut a = Attrs::new("mjloggm", at);
        self.attrs_of(e, &mut a)?;
        if let Some(v) = a.take(b"ver") {
            self.log.header.version = Some(String::from_utf8_lossy(v).into_owned());
        }
        self.finish(&a, None);
        Ok(())
    }

    /// Fills `a` with the attributes of `e` as quick-xml reads them (the slow path, for tags
    /// the hand-written scanner leaves alone), refusing bad syntax, duplicates and too many.
    fn attrs_of(&self, e: &BytesStart<'a>, a: &mut Attrs<'a>) -> Result<(), ParseError> {
        a.items.clear();
        // quick-xml's own duplicate check calls `memcmp` per pair; this inline one is cheaper.
        for attr in e.attributes().with_checks(false) {
            let attr = attr.map_err(|err| self.attr_error(e, a.element, a.at, &err))?;
            let key = attr.key.into_inner();
            if let Some((prev, _)) = a.items.iter().find(|(k, _)| same(k, key)) {
                let offset = |k: &[u8]| k.as_ptr() as usize - e.as_ptr() as usize;
                let dup =
                    quick_xml::events::attributes::AttrError::Duplicated(offset(key), offset(prev));
                return Err(self.attr_error(e, a.element, a.at, &dup));
            }
            // The event borrows the input, so both slices lie inside it: take them from the
            // input itself, with its lifetime.
            let (Some(key), Some(value)) = (self.within_input(key), self.within_input(&attr.value))
            else {
                return Err(self.err(
                    a.at,
                    ParseErrorKind::Syntax {
                        detail: format!("in <{}>: an attribute could not be read", a.element),
                    },
                ));
            };
            if a.items.try_push((key, value)).is_err() {
                return Err(self.err(
                    a.at,
                    ParseErrorKind::Syntax {
                        detail: format!("<{}> has more than {MAX_ATTRS} attributes", a.element),
                    },
                ));
            }
        }
        Ok(())
    }

    /// The same bytes as `part`, borrowed from the input, when `part` lies inside the input.
    fn within_input(&self, part: &[u8]) -> Option<&'a [u8]> {
        let start = (part.as_ptr() as usize).checked_sub(self.input.as_ptr() as usize)?;
        self.input.get(start..start.checked_add(part.len())?)
    }

    /// An attribute syntax error, located where quick-xml found it (its positions count from
    /// the byte after `<`).
    fn attr_error(
        &self,
        e: &BytesStart<'_>,
        element: &str,
        at: usize,
        err: &quick_xml::events::attributes::AttrError,
    ) -> ParseError {
        use quick_xml::events::attributes::AttrError;
        let (pos, what) = match *err {
            AttrError::ExpectedEq(p) => (p, "an attribute name must be followed by `=`".to_owned()),
            AttrError::ExpectedValue(p) => (p, "`=` must be followed by a quoted value".to_owned()),
            AttrError::UnquotedValue(p) => (p, "an attribute value must be quoted".to_owned()),
            AttrError::ExpectedQuote(p, q) => (
                p,
                format!("an attribute value lacks its closing `{}`", char::from(q)),
            ),
            AttrError::Duplicated(p, _) => {
                let rest = e.get(p..).unwrap_or_default();
                let end = rest
                    .iter()
                    .position(|&b| b == b'=' || b.is_ascii_whitespace())
                    .unwrap_or(rest.len());
                let name = String::from_utf8_lossy(&rest[..end]);
                (p, format!("the attribute `{name}` appears twice"))
            }
        };
        self.err(
            at + 1 + pos,
            ParseErrorKind::Syntax {
                detail: format!("in <{element}>: {what}"),
            },
        )
    }

    /// Where attribute `name` of `a` starts in the input, or the element's start when it is
    /// absent.
    fn attr_at(&self, a: &Attrs<'_>, name: &str) -> usize {
        a.items
            .iter()
            .find(|(k, _)| *k == name.as_bytes())
            .and_then(|(k, _)| (k.as_ptr() as usize).checked_sub(self.input.as_ptr() as usize))
            .unwrap_or(a.at)
    }

    /// Records every attribute the handler did not take as unknown.
    fn finish(&mut self, a: &Attrs<'_>, event: Option<usize>) {
        if a.used.count_ones() as usize == a.items.len() {
            return;
        }
        for (i, (key, value)) in a.items.iter().enumerate() {
            if a.used & (1 << i) == 0 {
                self.log.unknown.push(UnknownAttribute {
                    event,
                    element: a.element.to_owned(),
                    name: String::from_utf8_lossy(key).into_owned(),
                    value: String::from_utf8_lossy(value).into_owned(),
                });
            }
        }
    }

    /// Reads one element inside the root, named `name`, starting at `a.at`. With `from`, its
    /// attributes are still to be read from that quick-xml event; without, the scanner has
    /// already put them in `a`. The checks that need no attributes come first, so an element
    /// out of place is reported as such even when its attributes are also bad.
    fn element(
        &mut self,
        name: &[u8],
        a: &mut Attrs<'a>,
        from: Option<&BytesStart<'a>>,
    ) -> Result<(), ParseError> {
        let at = a.at;
        if let [
            letter @ (b'T' | b'U' | b'V' | b'W' | b'D' | b'E' | b'F' | b'G'),
            digits @ ..,
        ] = name
            && digits.first().is_some_and(u8::is_ascii_digit)
        {
            self.draw_or_discard(*letter, digits, at)?;
            a.element = if matches!(letter, b'T' | b'U' | b'V' | b'W') {
                "draw"
            } else {
                "discard"
            };
            if let Some(e) = from {
                if !e.attributes_raw().iter().any(|b| !b.is_ascii_whitespace()) {
                    return Ok(());
                }
                self.attrs_of(e, a)?;
            }
            let index = self.log.len() - 1;
            self.finish(a, Some(index));
            return Ok(());
        }
        use Precondition::{InRound, None, Outcome};
        match name {
            b"N" => self.call(self.prepare(a, from, "N", InRound)?),
            b"REACH" => self.reach(self.prepare(a, from, "REACH", InRound)?),
            b"DORA" => self.dora(self.prepare(a, from, "DORA", InRound)?),
            b"AGARI" => self.agari(self.prepare(a, from, "AGARI", Outcome)?),
            b"RYUUKYOKU" => self.ryuukyoku(self.prepare(a, from, "RYUUKYOKU", Outcome)?),
            b"INIT" => self.init(self.prepare(a, from, "INIT", None)?),
            b"SHUFFLE" => self.shuffle(self.prepare(a, from, "SHUFFLE", None)?),
            b"GO" => self.go(self.prepare(a, from, "GO", None)?),
            b"UN" => self.un(self.prepare(a, from, "UN", None)?),
            b"TAIKYOKU" => self.taikyoku(self.prepare(a, from, "TAIKYOKU", None)?),
            b"BYE" => self.bye(self.prepare(a, from, "BYE", None)?),
            _ => Err(self.err(
                at,
                ParseErrorKind::UnknownElement {
                    element: String::from_utf8_lossy(name).into_owned(),
                    expected: ELEMENTS,
                },
            )),
        }
    }

    /// Checks `precondition` for `element`, names the attributes after it, and reads them
    /// from `from` when the scanner has not.
    fn prepare<'b>(
        &self,
        a: &'b mut Attrs<'a>,
        from: Option<&BytesStart<'a>>,
        element: &'static str,
        precondition: Precondition,
    ) -> Result<&'b mut Attrs<'a>, ParseError> {
        match precondition {
            Precondition::None => {}
            Precondition::InRound => self.require_round(element, a.at)?,
            Precondition::Outcome => self.outcome_allowed(element, a.at)?,
        }
        a.element = element;
        if let Some(e) = from {
            self.attrs_of(e, a)?;
        }
        Ok(a)
    }

    /// The tile of a draw or discard tag such as `<T52/>`: the digits after the letter.
    fn tile_from_tag(&self, element: &str, digits: &[u8], at: usize) -> Result<Tile, ParseError> {
        let id = parse_u32(digits);
        if let Some(tile) = id.and_then(|id| u8::try_from(id).ok()).and_then(Tile::new) {
            return Ok(tile);
        }
        let element = element.to_owned();
        let attribute = "tag".to_owned();
        Err(self.err(
            at,
            match id {
                Some(id) => ParseErrorKind::TileOutOfRange {
                    element,
                    attribute,
                    id,
                },
                None => ParseErrorKind::BadValue {
                    element,
                    attribute,
                    value: shorten(digits),
                    expected: "a tile id after the letter".to_owned(),
                },
            },
        ))
    }

    fn require_round(&self, element: &str, at: usize) -> Result<(), ParseError> {
        if self.round_open {
            Ok(())
        } else {
            let detail = if !self.log.round_starts().is_empty() {
                "the round has already ended; expected <INIT> first"
            } else {
                "no round has started; expected <INIT> first"
            };
            Err(self.err(
                at,
                ParseErrorKind::OutOfPlace {
                    element: element.to_owned(),
                    detail: detail.to_owned(),
                },
            ))
        }
    }

    /// The acting seat of an element (`who`), which must have a player this round.
    fn actor(&self, a: &mut Attrs<'_>, what: &'static str, at: usize) -> Result<Seat, ParseError> {
        let who = a.take(b"who").ok_or_else(|| self.missing(a, "who", what))?;
        let seat = self.seat_value(a, "who", who)?;
        self.require_seated(a.element, seat, at)?;
        Ok(seat)
    }

    fn require_seated(&self, element: &str, seat: Seat, at: usize) -> Result<(), ParseError> {
        if self.seated & (1 << seat.index()) != 0 {
            Ok(())
        } else {
            Err(self.err(
                at,
                ParseErrorKind::EmptySeat {
                    element: element.to_owned(),
                    seat: seat.index() as u8,
                },
            ))
        }
    }

    /// Reads the run of draws and discards written `<T12/>` (one to three digits) from `pos`
    /// on, as long as they are in order: a round is open, the seat has a player, the tile id
    /// is below 136. Returns the offset (after any whitespace) of the first tag it leaves to
    /// the general path, which reads everything else (and reports it, if it is wrong). This is
    /// the hottest loop: nine elements in ten.
    #[inline(always)]
    fn draws_and_discards(&mut self, mut pos: usize) -> usize {
        let input = self.input;
        if !self.round_open {
            return skip_xml_ws(input, pos);
        }
        let seated = self.seated;
        loop {
            let at = skip_xml_ws(input, pos);
            let Some((letter, id, len)) = plain_draw_or_discard(input, at) else {
                return at;
            };
            // T U V W are 0x54..=0x57 and D E F G 0x44..=0x47: the low two bits are the seat
            // and bit 0x10 marks a draw.
            let seat_n = usize::from(letter & 3);
            let tile = u8::try_from(id).ok().and_then(Tile::new);
            let Some(tile) = tile.filter(|_| seated & (1 << seat_n) != 0) else {
                return at;
            };
            self.push_draw_or_discard(letter & 0x10 != 0, seat_n, tile);
            // The one event just pushed comes from this tag (as `mark` notes it).
            if let Some(p) = &mut self.positions {
                p.push(at);
            }
            pos = at + len;
        }
    }

    /// Reads the root's end tag `</mjloggm>` at `at` and returns its length, or `None` when the
    /// input there is not an end tag.
    fn root_end_tag(&self, at: usize) -> Result<Option<usize>, ParseError> {
        let Some(rest) = self.input.get(at..).and_then(|r| r.strip_prefix(b"</")) else {
            return Ok(None);
        };
        let Some(close) = rest.iter().position(|&b| b == b'>') else {
            return Err(self.err(
                at,
                ParseErrorKind::Truncated {
                    expected: "the rest of this element (the file ends inside a tag)".to_owned(),
                },
            ));
        };
        let name = rest[..close].trim_ascii_end();
        if name != b"mjloggm" {
            return Err(self.err(
                at,
                ParseErrorKind::Syntax {
                    detail: format!(
                        "ill-formed document: expected `</mjloggm>`, but `</{}>` was found",
                        String::from_utf8_lossy(name)
                    ),
                },
            ));
        }
        Ok(Some(2 + close + 1))
    }

    /// A draw (`T/U/V/W`) or discard (`D/E/F/G`) of the tile `digits`, as the general path
    /// reads it (`draws_and_discards` takes the usual case), with every check named.
    #[cold]
    #[inline(never)]
    fn draw_or_discard(&mut self, letter: u8, digits: &[u8], at: usize) -> Result<(), ParseError> {
        debug_assert!(matches!(letter, b'T'..=b'W' | b'D'..=b'G'));
        let seat_n = usize::from(letter & 3);
        let seat = Seat::ALL[seat_n];
        let tile = (self.round_open && self.seated & (1 << seat_n) != 0)
            .then(|| {
                parse_u32(digits)
                    .and_then(|id| u8::try_from(id).ok())
                    .and_then(Tile::new)
            })
            .flatten();
        let tile = match tile {
            Some(tile) => tile,
            None => {
                let mut element = String::from(char::from(letter));
                element.push_str(&String::from_utf8_lossy(digits));
                self.require_round(&element, at)?;
                self.require_seated(&element, seat, at)?;
                self.tile_from_tag(&element, digits, at)?
            }
        };
        self.push_draw_or_discard(letter & 0x10 != 0, seat_n, tile);
        Ok(())
    }

    /// Records a draw or a discard (tsumogiri when it is the tile the seat just drew).
    #[inline(always)]
    fn push_draw_or_discard(&mut self, is_draw: bool, seat_n: usize, tile: Tile) {
        let seat = Seat::ALL[seat_n & 3];
        let drawn = &mut self.drawn[seat_n & 3];
        if is_draw {
            *drawn = Some(tile);
            self.log.push_draw_tile(seat, tile);
        } else {
            let tsumogiri = *drawn == Some(tile);
            *drawn = None;
            self.log.push_discard(seat, tile, tsumogiri);
        }
        self.after_win = false;
    }

    fn shuffle(&mut self, a: &mut Attrs<'a>) -> Result<(), ParseError> {
        let seed = a
            .take(b"seed")
            .ok_or_else(|| self.missing(a, "seed", "the wall seed"))?;
        self.log.header.seed = Some(lossy(seed));
        if let Some(r) = a.take(b"ref") {
            self.log.header.seed_ref = Some(String::from_utf8_lossy(r).into_owned());
        }
        self.finish(a, None);
        Ok(())
    }

    fn go(&mut self, a: &mut Attrs<'a>) -> Result<(), ParseError> {
        let ty = a
            .take(b"type")
            .ok_or_else(|| self.missing(a, "type", "the game type bitfield"))?;
        let ty = parse_u32(ty).ok_or_else(|| self.bad(a, "type", ty, "a non-negative integer"))?;
        self.log.header.rules.go_type = ty;
        // Decoded once the log is named: the era may come from the file's name.
        self.log.header.declared = haifu_ruleset::Declared::TenhouFlags { overrides: None };
        if let Some(v) = a.take(b"lobby") {
            self.log.header.rules.lobby =
                Some(parse_u32(v).ok_or_else(|| self.bad(a, "lobby", v, "a lobby number"))?);
        }
        for key in ["title", "rule", "ranking", "csrule"] {
            let Some(v) = a.take(key.as_bytes()) else {
                continue;
            };
            let text = Some(self.text(a, key, v)?);
            let rules = &mut self.log.header.rules;
            match key {
                "title" => rules.title = text,
                "rule" => rules.rule = text,
                "ranking" => rules.ranking = text,
                _ => rules.csrule = text,
            }
        }
        self.finish(a, None);
        Ok(())
    }

    fn un(&mut self, a: &mut Attrs<'a>) -> Result<(), ParseError> {
        const NAMES: [&[u8]; 4] = [b"n0", b"n1", b"n2", b"n3"];
        if self.seen_players {
            // A reconnect: exactly the returning seat's name.
            let mut found = None;
            for (i, key) in NAMES.iter().enumerate() {
                if let Some(v) = a.take(key) {
                    if found.is_some() {
                        let key_s = std::str::from_utf8(key).unwrap_or("n");
                        return Err(self.err(
                            self.attr_at(a, key_s),
                            ParseErrorKind::BadValue {
                                element: "UN".to_owned(),
                                attribute: String::from_utf8_lossy(key).into_owned(),
                                value: shorten(v),
                                expected: "one seat's name only in a reconnect record".to_owned(),
                            },
                        ));
                    }
                    found = Some((Seat::ALL[i], self.name(a, key, v)?));
                }
            }
            let (seat, name) = found
                .ok_or_else(|| self.missing(a, "n0", "the reconnecting seat's name (n0..n3)"))?;
            let index = self.log.len();
            self.log.push_reconnect(seat, name);
            self.finish(a, Some(index));
            return Ok(());
        }
        self.seen_players = true;
        for (i, key) in NAMES.iter().enumerate() {
            if let Some(v) = a.take(key) {
                self.log.header.players[Seat::ALL[i]].name = self.name(a, key, v)?;
            }
        }
        if let Some(v) = a.take(b"dan") {
            let mut vals = [0i64; 4];
            self.list_exact(a, "dan", v, &mut vals, "four dan numbers")?;
            for (seat, d) in Seat::ALL.into_iter().zip(vals) {
                self.log.header.players[seat].dan = Some(
                    u8::try_from(d)
                        .map_err(|_| self.bad(a, "dan", v, "four dan numbers 0..255"))?,
                );
            }
        }
        if let Some(v) = a.take(b"rate") {
            let parts: ArrayVec<&[u8], 4> =
                split_n(v).ok_or_else(|| self.bad(a, "rate", v, "four ratings"))?;
            for (seat, p) in Seat::ALL.into_iter().zip(parts) {
                let r = std::str::from_utf8(p)
                    .ok()
                    .and_then(|s| s.parse::<f64>().ok())
                    .filter(|r| r.is_finite());
                self.log.header.players[seat].rate =
                    Some(r.ok_or_else(|| self.bad(a, "rate", v, "four ratings"))?);
            }
        }
        if let Some(v) = a.take(b"sx") {
            let parts: ArrayVec<&[u8], 4> =
                split_n(v).ok_or_else(|| self.bad(a, "sx", v, "four sex codes"))?;
            for (seat, p) in Seat::ALL.into_iter().zip(parts) {
                self.log.header.players[seat].sex = Some(String::from_utf8_lossy(p).into_owned());
            }
        }
        for (key, field) in [(&b"rc"[..], 0), (&b"gold"[..], 1)] {
            if let Some(v) = a.take(key) {
                let mut vals = [0i64; 4];
                let key_s = if field == 0 { "rc" } else { "gold" };
                self.list_exact(a, key_s, v, &mut vals, "four integers")?;
                for (seat, x) in Seat::ALL.into_iter().zip(vals) {
                    let p: &mut Player = &mut self.log.header.players[seat];
                    if field == 0 {
                        p.rc = Some(x);
                    } else {
                        p.gold = Some(x);
                    }
                }
            }
        }
        self.finish(a, None);
        Ok(())
    }

    fn name(&self, a: &Attrs<'_>, key: &[u8], v: &[u8]) -> Result<String, ParseError> {
        let key = std::str::from_utf8(key).unwrap_or("n");
        // Real names are ASCII percent-encodings: no escapes to resolve, nothing to replace.
        if v.is_ascii() && !v.contains(&b'&') {
            return percent_encoding::percent_decode(v)
                .decode_utf8()
                .map(Cow::into_owned)
                .map_err(|_| self.bad(a, key, v, "a percent-encoded UTF-8 name"));
        }
        let unescaped = self.text(a, key, v)?;
        percent_encoding::percent_decode_str(&unescaped)
            .decode_utf8()
            .map(Cow::into_owned)
            .map_err(|_| self.bad(a, key, v, "a percent-encoded UTF-8 name"))
    }

    /// An attribute's text with XML escapes resolved; a bare `&` or an unknown entity is an
    /// error, not kept verbatim.
    fn text(&self, a: &Attrs<'_>, attribute: &str, v: &[u8]) -> Result<String, ParseError> {
        let s = String::from_utf8_lossy(v);
        quick_xml::escape::unescape(&s)
            .map(Cow::into_owned)
            .map_err(|_| {
                self.bad(
                    a,
                    attribute,
                    v,
                    "XML text, with `&` written as an entity such as `&amp;`",
                )
            })
    }

    fn taikyoku(&mut self, a: &mut Attrs<'a>) -> Result<(), ParseError> {
        if let Some(v) = a.take(b"oya") {
            self.log.header.first_dealer = Some(self.seat_value(a, "oya", v)?);
        }
        self.finish(a, None);
        Ok(())
    }

    fn init(&mut self, a: &mut Attrs<'a>) -> Result<(), ParseError> {
        let seed = a
            .take(b"seed")
            .ok_or_else(|| self.missing(a, "seed", "round,honba,sticks,die1,die2,dora"))?;
        let mut s = [0i64; 6];
        self.list_exact(
            a,
            "seed",
            seed,
            &mut s,
            "six numbers: round,honba,sticks,die1-1,die2-1,dora indicator",
        )?;
        let seed_bad = || {
            self.bad(
                a,
                "seed",
                seed,
                "six numbers: round 0..15, honba, sticks, two dice 0..5, a dora indicator tile id",
            )
        };
        if !(0..16).contains(&s[0])
            || u32::try_from(s[1]).is_err()
            || u32::try_from(s[2]).is_err()
            || !(0..6).contains(&s[3])
            || !(0..6).contains(&s[4])
        {
            return Err(seed_bad());
        }
        let dora_indicator = self.tile_value(a, "seed", s[5])?;
        let ten = a
            .take(b"ten")
            .ok_or_else(|| self.missing(a, "ten", "the four scores"))?;
        let scores = self.scores(a, "ten", ten)?;
        let oya = a
            .take(b"oya")
            .ok_or_else(|| self.missing(a, "oya", "the dealer's seat"))?;
        let dealer = self.seat_value(a, "oya", oya)?;
        let mut hands: BySeat<ArrayVec<Tile, 13>> = BySeat::default();
        let mut seated = 0u8;
        for (i, key) in [&b"hai0"[..], b"hai1", b"hai2", b"hai3"]
            .into_iter()
            .enumerate()
        {
            let key_s = ["hai0", "hai1", "hai2", "hai3"][i];
            let v = a
                .take(key)
                .ok_or_else(|| self.missing(a, key_s, "the seat's starting tiles"))?;
            let hand = &mut hands[Seat::ALL[i]];
            self.tiles_into(a, key_s, v, hand)?;
            if !hand.is_empty() {
                if hand.len() != 13 {
                    return Err(self.bad(a, key_s, v, "13 tile ids, or nothing for an empty seat"));
                }
                seated |= 1 << i;
            }
        }
        if seated & (1 << dealer.index()) == 0 {
            return Err(self.err(
                self.attr_at(a, "oya"),
                ParseErrorKind::EmptySeat {
                    element: "INIT".to_owned(),
                    seat: dealer.index() as u8,
                },
            ));
        }
        let shuffle = match a.take(b"shuffle") {
            Some(v) => Some(self.text(a, "shuffle", v)?),
            None => None,
        };
        let chips = match a.take(b"chip") {
            Some(v) => Some(self.by_seat(a, "chip", v, 1)?),
            None => None,
        };
        let round = s[0] as u8;
        // Three players when the first round deals seat D nothing. The round's wall is
        // rebuilt for that many after the parse (`rebuild_walls`).
        self.players
            .get_or_insert(if hands[Seat::ALL[3]].is_empty() {
                haifu_tiles::Players::Three
            } else {
                haifu_tiles::Players::Four
            });
        let start = RoundStart {
            round_wind: Wind::from_index(round / 4),
            round_number: round % 4 + 1,
            honba: s[1] as u32,
            sticks: s[2] as u32,
            dice: Some([s[3] as u8 + 1, s[4] as u8 + 1]),
            dora_indicator,
            untimed_dora: ArrayVec::new(),
            scores,
            dealer,
            hands,
            shuffle,
            chips,
            wall: None,
        };
        let index = self.log.len();
        self.log.push_round_start(start);
        self.round_open = true;
        self.after_win = false;
        self.seated = seated;
        self.drawn = [None; 4];
        self.finish(a, Some(index));
        Ok(())
    }

    fn call(&mut self, a: &mut Attrs<'a>) -> Result<(), ParseError> {
        let at = a.at;
        let seat = self.actor(a, "the calling seat", at)?;
        let m = a
            .take(b"m")
            .ok_or_else(|| self.missing(a, "m", "the meld bit field"))?;
        let bits = parse_u32(m)
            .ok_or_else(|| self.bad(a, "m", m, "a meld bit field (non-negative integer)"))?;
        let meld = decode_meld(bits, seat).map_err(|err| {
            self.bad(a, "m", m, &format!("a meld bit field that decodes ({err})"))
        })?;
        let index = self.log.len();
        self.log.push_call(seat, meld);
        self.drawn[seat.index()] = None;
        self.after_win = false;
        self.finish(a, Some(index));
        Ok(())
    }

    fn reach(&mut self, a: &mut Attrs<'a>) -> Result<(), ParseError> {
        let at = a.at;
        let seat = self.actor(a, "the declaring seat", at)?;
        let step = a
            .take(b"step")
            .ok_or_else(|| self.missing(a, "step", "1 (declared) or 2 (deposit taken)"))?;
        let stage = match step {
            b"1" => RiichiStage::Declared,
            b"2" => RiichiStage::DepositTaken,
            _ => return Err(self.bad(a, "step", step, "1 (declared) or 2 (deposit taken)")),
        };
        let scores = match a.take(b"ten") {
            Some(v) => Some(self.scores(a, "ten", v)?),
            None => None,
        };
        let index = self.log.len();
        self.log.push_riichi(seat, stage, scores);
        self.after_win = false;
        self.finish(a, Some(index));
        Ok(())
    }

    fn dora(&mut self, a: &mut Attrs<'a>) -> Result<(), ParseError> {
        let hai = a
            .take(b"hai")
            .ok_or_else(|| self.missing(a, "hai", "the new dora indicator's tile id"))?;
        let id = self.int(a, "hai", hai, "a tile id")?;
        let indicator = self.tile_value(a, "hai", id)?;
        let index = self.log.len();
        self.log.push_new_dora(indicator);
        self.finish(a, Some(index));
        Ok(())
    }

    fn bye(&mut self, a: &mut Attrs<'a>) -> Result<(), ParseError> {
        let who = a
            .take(b"who")
            .ok_or_else(|| self.missing(a, "who", "the disconnecting seat"))?;
        let seat = self.seat_value(a, "who", who)?;
        let index = self.log.len();
        self.log.push_disconnect(seat);
        self.finish(a, Some(index));
        Ok(())
    }

    fn outcome_allowed(&self, element: &str, at: usize) -> Result<(), ParseError> {
        if element == "AGARI" && self.after_win {
            return Ok(());
        }
        self.require_round(element, at)
    }

    fn agari(&mut self, a: &mut Attrs<'a>) -> Result<(), ParseError> {
        let at = a.at;
        let (honba, sticks) = self.ba(a)?;
        let winner = self.actor(a, "the winner's seat", at)?;
        let from_who = a
            .take(b"fromWho")
            .ok_or_else(|| self.missing(a, "fromWho", "the seat dealt in from"))?;
        let from = self.seat_value(a, "fromWho", from_who)?;
        let pao = match a.take(b"paoWho") {
            Some(v) => Some(self.seat_value(a, "paoWho", v)?),
            None => None,
        };
        let hai = a
            .take(b"hai")
            .ok_or_else(|| self.missing(a, "hai", "the winner's concealed tiles"))?;
        let mut hand = ArrayVec::new();
        self.tiles_into(a, "hai", hai, &mut hand)?;
        let mut melds = ArrayVec::new();
        if let Some(m) = a.take(b"m") {
            let mut bits = [0i64; 4];
            let n = self.list(a, "m", m, &mut bits, "up to four meld bit fields")?;
            for &b in &bits[..n] {
                let b = u32::try_from(b).map_err(|_| self.bad(a, "m", m, "meld bit fields"))?;
                let meld = decode_meld(b, winner).map_err(|err| {
                    self.bad(a, "m", m, &format!("a meld bit field that decodes ({err})"))
                })?;
                melds.push(meld);
            }
        }
        let machi = a
            .take(b"machi")
            .ok_or_else(|| self.missing(a, "machi", "the winning tile"))?;
        let id = self.int(a, "machi", machi, "a tile id")?;
        let winning_tile = self.tile_value(a, "machi", id)?;
        let ten = a
            .take(b"ten")
            .ok_or_else(|| self.missing(a, "ten", "fu,points,limit"))?;
        let mut t = [0i64; 3];
        self.list_exact(a, "ten", ten, &mut t, "three numbers: fu,points,limit")?;
        if u32::try_from(t[0]).is_err() || !(0..=5).contains(&t[2]) || i32::try_from(t[1]).is_err()
        {
            return Err(self.bad(a, "ten", ten, "fu ≥ 0, points, and a limit 0..5"));
        }
        let mut yaku = ArrayVec::new();
        if let Some(v) = a.take(b"yaku") {
            let mut vals = [0i64; 48];
            for p in self.pairs(a, "yaku", v, &mut vals, "pairs of yaku id and han")? {
                let source = u8::try_from(p[0])
                    .ok()
                    .and_then(crate::ids::han_source)
                    .ok_or_else(|| self.bad(a, "yaku", v, "yaku ids 0..54"))?;
                let han =
                    u8::try_from(p[1]).map_err(|_| self.bad(a, "yaku", v, "han counts 0..255"))?;
                yaku.push(RecordedHan { source, han });
            }
        }
        let mut yakuman = ArrayVec::new();
        if let Some(v) = a.take(b"yakuman") {
            let mut vals = [0i64; 8];
            let n = self.list(a, "yakuman", v, &mut vals, "up to eight yakuman ids")?;
            for &y in &vals[..n] {
                let yaku = u8::try_from(y)
                    .ok()
                    .and_then(crate::ids::han_source)
                    .and_then(|s| match s {
                        HanSource::Yaku(y) if y.is_yakuman() => Some(y),
                        _ => None,
                    })
                    .ok_or_else(|| self.bad(a, "yakuman", v, "yakuman ids 37..51"))?;
                yakuman.push(yaku);
            }
        }
        let dora = a
            .take(b"doraHai")
            .ok_or_else(|| self.missing(a, "doraHai", "the dora indicators"))?;
        let mut dora_indicators = ArrayVec::new();
        self.tiles_into(a, "doraHai", dora, &mut dora_indicators)?;
        let mut ura_indicators = ArrayVec::new();
        if let Some(v) = a.take(b"doraHaiUra") {
            self.tiles_into(a, "doraHaiUra", v, &mut ura_indicators)?;
        }
        let (scores, deltas, chips) = self.sc(a)?;
        let mut chip_awards = Vec::new();
        if let Some(v) = a.take(b"chip") {
            let mut vals = [0i64; 48];
            for p in self.pairs(a, "chip", v, &mut vals, "pairs of yaku id and chips")? {
                let source = u8::try_from(p[0])
                    .ok()
                    .and_then(crate::ids::han_source)
                    .ok_or_else(|| self.bad(a, "chip", v, "yaku ids 0..54"))?;
                let chips =
                    i32::try_from(p[1]).map_err(|_| self.bad(a, "chip", v, "chip counts"))?;
                if chip_awards.len() == 16 {
                    return Err(self.bad(a, "chip", v, "at most 16 pairs of yaku id and chips"));
                }
                chip_awards.push(ChipAward { source, chips });
            }
        }
        let ratio = self.ratio(a)?;
        let final_result = self.owari(a)?;
        let dealer_wins = self.log.round_starts().last().map(|r| r.dealer) == Some(winner);
        let three = self.players == Some(haifu_tiles::Players::Three);
        let limit = kiriage_as_mangan(
            crate::ids::limit(t[2] as u8).unwrap_or(Limit::None),
            t[1],
            dealer_wins,
            three && from == winner,
        );
        let win = RecordedWin {
            winner,
            from,
            pao,
            honba,
            sticks,
            hand,
            melds,
            winning_tile,
            fu: Some(t[0] as u32),
            points: t[1] as i32,
            limit,
            yaku,
            yakuman,
            dora_indicators,
            ura_indicators,
            scores,
            deltas,
            chips,
            chip_awards,
            ratio,
            final_result: final_result.map(Box::new),
        };
        let index = self.log.len();
        self.log.push_win(win);
        self.round_open = false;
        self.after_win = true;
        self.finish(a, Some(index));
        Ok(())
    }

    fn ryuukyoku(&mut self, a: &mut Attrs<'a>) -> Result<(), ParseError> {
        let (honba, sticks) = self.ba(a)?;
        let kind = match a.take(b"type") {
            None => DrawKind::Exhaustive,
            Some(v) => std::str::from_utf8(v)
                .ok()
                .and_then(DrawKind::from_tenhou_name)
                .ok_or_else(|| {
                    self.bad(a, "type", v, "one of yao9, kaze4, reach4, kan4, ron3, nm")
                })?,
        };
        let mut shown: BySeat<Option<ArrayVec<Tile, 14>>> = BySeat::default();
        for (i, key) in [&b"hai0"[..], b"hai1", b"hai2", b"hai3"]
            .into_iter()
            .enumerate()
        {
            if let Some(v) = a.take(key) {
                let mut hand = ArrayVec::new();
                self.tiles_into(a, ["hai0", "hai1", "hai2", "hai3"][i], v, &mut hand)?;
                shown[Seat::ALL[i]] = Some(hand);
            }
        }
        let (scores, deltas, chips) = self.sc(a)?;
        let ratio = self.ratio(a)?;
        let final_result = self.owari(a)?;
        let index = self.log.len();
        self.log.push_round_draw(RecordedDraw {
            kind,
            honba,
            sticks,
            shown,
            tenpai_unrecorded: false,
            scores,
            deltas,
            chips,
            ratio,
            final_result: final_result.map(Box::new),
        });
        self.round_open = false;
        self.after_win = false;
        self.finish(a, Some(index));
        Ok(())
    }

    fn ba(&self, a: &mut Attrs<'_>) -> Result<(u32, u32), ParseError> {
        let v = a
            .take(b"ba")
            .ok_or_else(|| self.missing(a, "ba", "honba,sticks"))?;
        let mut b = [0i64; 2];
        self.list_exact(a, "ba", v, &mut b, "two numbers: honba,sticks")?;
        let h =
            u32::try_from(b[0]).map_err(|_| self.bad(a, "ba", v, "two non-negative numbers"))?;
        let s =
            u32::try_from(b[1]).map_err(|_| self.bad(a, "ba", v, "two non-negative numbers"))?;
        Ok((h, s))
    }

    #[allow(clippy::type_complexity)]
    fn sc(
        &self,
        a: &mut Attrs<'_>,
    ) -> Result<(BySeat<i32>, BySeat<i32>, Option<Box<ChipScores>>), ParseError> {
        let v = a
            .take(b"sc")
            .ok_or_else(|| self.missing(a, "sc", "score and change for each seat"))?;
        let mut vals = [0i64; 16];
        let n = self.list(a, "sc", v, &mut vals, "8 numbers (16 in chip rooms)")?;
        if n != 8 && n != 16 {
            return Err(self.bad(
                a,
                "sc",
                v,
                "8 numbers (16 in chip rooms): score/100 and change/100 per seat",
            ));
        }
        let pick = |base: usize, odd: usize, scale: i64| -> Option<BySeat<i32>> {
            let mut out = [0i32; 4];
            for (i, o) in out.iter_mut().enumerate() {
                *o = i32::try_from(vals[base + 2 * i + odd].checked_mul(scale)?).ok()?;
            }
            Some(BySeat::from_array(out))
        };
        let err = || self.bad(a, "sc", v, "scores in range");
        let scores = pick(0, 0, 100).ok_or_else(err)?;
        let deltas = pick(0, 1, 100).ok_or_else(err)?;
        let chips = if n == 16 {
            Some(Box::new(ChipScores {
                before: pick(8, 0, 1).ok_or_else(err)?,
                delta: pick(8, 1, 1).ok_or_else(err)?,
            }))
        } else {
            None
        };
        Ok((scores, deltas, chips))
    }

    fn ratio(&self, a: &mut Attrs<'_>) -> Result<Option<[i32; 2]>, ParseError> {
        let Some(v) = a.take(b"ratio") else {
            return Ok(None);
        };
        let mut r = [0i64; 2];
        self.list_exact(a, "ratio", v, &mut r, "two numbers")?;
        let conv =
            |x: i64| i32::try_from(x).map_err(|_| self.bad(a, "ratio", v, "two numbers in range"));
        Ok(Some([conv(r[0])?, conv(r[1])?]))
    }

    fn owari(&self, a: &mut Attrs<'_>) -> Result<Option<FinalResult>, ParseError> {
        let Some(v) = a.take(b"owari") else {
            return Ok(None);
        };
        let parts: ArrayVec<&[u8], 16> =
            split_max(v).ok_or_else(|| self.bad(a, "owari", v, "8 numbers (16 in chip rooms)"))?;
        if parts.len() != 8 && parts.len() != 16 {
            return Err(self.bad(
                a,
                "owari",
                v,
                "8 numbers (16 in chip rooms): score/100 and points per seat",
            ));
        }
        let bad = || {
            self.bad(
                a,
                "owari",
                v,
                "score/100 as integers and points with at most one decimal",
            )
        };
        let tenths = |p: &[u8]| {
            std::str::from_utf8(p)
                .ok()
                .and_then(|s| s.parse::<Tenths>().ok())
                .ok_or_else(bad)
        };
        let mut scores = [0i32; 4];
        let mut points = [Tenths(0); 4];
        for i in 0..4 {
            let s = parse_i64(parts[2 * i])
                .and_then(|s| s.checked_mul(100))
                .and_then(|s| i32::try_from(s).ok());
            scores[i] = s.ok_or_else(bad)?;
            points[i] = tenths(parts[2 * i + 1])?;
        }
        let chips = if parts.len() == 16 {
            let mut c = [[Tenths(0); 2]; 4];
            for (i, ci) in c.iter_mut().enumerate() {
                *ci = [tenths(parts[8 + 2 * i])?, tenths(parts[9 + 2 * i])?];
            }
            Some(BySeat::from_array(c))
        } else {
            None
        };
        Ok(Some(FinalResult {
            scores: BySeat::from_array(scores),
            points: BySeat::from_array(points),
            chips,
        }))
    }

    // ---- value helpers ----

    fn missing(
        &self,
        a: &Attrs<'_>,
        attribute: &'static str,
        expected: &'static str,
    ) -> ParseError {
        self.err(
            a.at,
            ParseErrorKind::MissingAttribute {
                element: a.element.to_owned(),
                attribute,
                expected,
            },
        )
    }

    fn bad(&self, a: &Attrs<'_>, attribute: &str, value: &[u8], expected: &str) -> ParseError {
        self.err(
            self.attr_at(a, attribute),
            ParseErrorKind::BadValue {
                element: a.element.to_owned(),
                attribute: attribute.to_owned(),
                value: shorten(value),
                expected: expected.to_owned(),
            },
        )
    }

    fn int(
        &self,
        a: &Attrs<'_>,
        attribute: &str,
        v: &[u8],
        expected: &str,
    ) -> Result<i64, ParseError> {
        parse_i64(v).ok_or_else(|| self.bad(a, attribute, v, expected))
    }

    fn tile_value(&self, a: &Attrs<'_>, attribute: &str, id: i64) -> Result<Tile, ParseError> {
        u8::try_from(id).ok().and_then(Tile::new).ok_or_else(|| {
            self.err(
                self.attr_at(a, attribute),
                ParseErrorKind::TileOutOfRange {
                    element: a.element.to_owned(),
                    attribute: attribute.to_owned(),
                    id: u32::try_from(id).unwrap_or(u32::MAX),
                },
            )
        })
    }

    fn seat_value(&self, a: &Attrs<'_>, attribute: &str, v: &[u8]) -> Result<Seat, ParseError> {
        parse_u32(v)
            .and_then(|n| u8::try_from(n).ok())
            .and_then(Seat::new)
            .ok_or_else(|| self.bad(a, attribute, v, "a seat number 0..3"))
    }

    fn tiles_into<const N: usize>(
        &self,
        a: &Attrs<'_>,
        attribute: &str,
        v: &[u8],
        out: &mut ArrayVec<Tile, N>,
    ) -> Result<(), ParseError> {
        // Fast path: plain ids below 136 separated by commas (every real hand). Anything else
        // is left to the general loop below, which names the problem.
        let start = out.len();
        if tiles_fast(v, out).is_some() {
            return Ok(());
        }
        out.truncate(start);
        if v.iter().all(u8::is_ascii_whitespace) {
            return Ok(());
        }
        for part in v.split(|&b| b == b',') {
            let id = parse_i64(part)
                .ok_or_else(|| self.bad(a, attribute, v, "a comma-separated list of tile ids"))?;
            let tile = self.tile_value(a, attribute, id)?;
            out.try_push(tile)
                .map_err(|_| self.bad(a, attribute, v, &format!("at most {N} tile ids")))?;
        }
        Ok(())
    }

    /// Reads up to `out.len()` comma-separated integers; returns how many. An empty value is
    /// an empty list.
    fn list(
        &self,
        a: &Attrs<'_>,
        attribute: &str,
        v: &[u8],
        out: &mut [i64],
        expected: &str,
    ) -> Result<usize, ParseError> {
        if v.is_empty() {
            return Ok(0);
        }
        parse_list(v, out).ok_or_else(|| self.bad(a, attribute, v, expected))
    }

    /// Reads a list of pairs into `out` and returns them; an odd count is refused.
    fn pairs<'o>(
        &self,
        a: &Attrs<'_>,
        attribute: &str,
        v: &[u8],
        out: &'o mut [i64],
        expected: &str,
    ) -> Result<std::slice::ChunksExact<'o, i64>, ParseError> {
        let n = self.list(a, attribute, v, out, expected)?;
        if n % 2 != 0 {
            return Err(self.bad(a, attribute, v, expected));
        }
        Ok(out[..n].chunks_exact(2))
    }

    fn list_exact(
        &self,
        a: &Attrs<'_>,
        attribute: &str,
        v: &[u8],
        out: &mut [i64],
        expected: &str,
    ) -> Result<(), ParseError> {
        let n = self.list(a, attribute, v, out, expected)?;
        if n == out.len() {
            Ok(())
        } else {
            Err(self.bad(a, attribute, v, expected))
        }
    }

    fn scores(&self, a: &Attrs<'_>, attribute: &str, v: &[u8]) -> Result<BySeat<i32>, ParseError> {
        self.by_seat(a, attribute, v, 100)
    }

    fn by_seat(
        &self,
        a: &Attrs<'_>,
        attribute: &str,
        v: &[u8],
        scale: i64,
    ) -> Result<BySeat<i32>, ParseError> {
        let mut vals = [0i64; 4];
        self.list_exact(a, attribute, v, &mut vals, "four integers, one per seat")?;
        let mut out = [0i32; 4];
        for (o, x) in out.iter_mut().zip(vals) {
            *o = x
                .checked_mul(scale)
                .and_then(|x| i32::try_from(x).ok())
                .ok_or_else(|| self.bad(a, attribute, v, "four integers in range"))?;
        }
        Ok(BySeat::from_array(out))
    }
}

impl<'a> Attrs<'a> {
    fn new(element: &'static str, at: usize) -> Attrs<'a> {
        Attrs {
            element,
            at,
            items: ArrayVec::new(),
            used: 0,
        }
    }

    /// Takes the attribute's value, marking it used; `None` when it is absent or taken.
    fn take(&mut self, key: &[u8]) -> Option<&'a [u8]> {
        let i = self.items.iter().position(|(k, _)| same(k, key))?;
        let bit = 1 << i;
        if self.used & bit != 0 {
            return None;
        }
        self.used |= bit;
        Some(self.items[i].1)
    }
}

/// Whether `b` is XML whitespace (quick-xml's definition: space, tab, CR, LF).
fn is_xml_ws(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\n')
}

/// The offset of the first byte at or after `offset` that is not XML whitespace.
fn skip_xml_ws(input: &[u8], mut offset: usize) -> usize {
    while input.get(offset).is_some_and(|&b| is_xml_ws(b)) {
        offset += 1;
    }
    offset
}

/// Reads a plainly written empty element at `at`: `<NAME/>` or `<NAME key="value" …/>`, with
/// an ASCII alphanumeric name and keys, `="` right after each key, and whitespace before each
/// attribute and optionally before `/>`. Returns the name and the length, with the
/// attributes in `items` (raw, as in the input).
///
/// Anything else gives `None`, for quick-xml to read: other markup, a start tag, single
/// quotes, whitespace around `=`, an attribute that repeats or is one too many, any syntax
/// error. What it does accept, quick-xml would read as the same empty element with the same
/// attributes (its tag ends at the first `>` outside quotes, and values are kept raw), so the
/// two paths agree.
fn scan_empty_tag<'a>(
    input: &'a [u8],
    at: usize,
    items: &mut ArrayVec<Attr<'a>, MAX_ATTRS>,
) -> Option<(&'a [u8], usize)> {
    items.clear();
    // A bit for each key so far ([`key_bit`]): keys are compared only when bits collide.
    let mut keys = 0u64;
    let rest = input.get(at..)?.strip_prefix(b"<")?;
    let mut i = rest.iter().position(|b| !b.is_ascii_alphanumeric())?;
    let name = rest.get(..i).filter(|n| !n.is_empty())?;
    loop {
        // After the name or a value: whitespace, then `/>` or another attribute.
        let ws = i;
        while is_xml_ws(*rest.get(i)?) {
            i += 1;
        }
        if rest[i] == b'/' {
            return (*rest.get(i + 1)? == b'>').then_some((name, 1 + i + 2));
        }
        if i == ws {
            return None;
        }
        let key_start = i;
        while rest.get(i)?.is_ascii_alphanumeric() {
            i += 1;
        }
        if i == key_start || rest.get(i..i + 2)? != b"=\"" {
            return None;
        }
        let key = &rest[key_start..i];
        let value_start = i + 2;
        let value_len = find_byte(rest.get(value_start..)?, b'"')?;
        let value = &rest[value_start..value_start + value_len];
        let bit = key_bit(key);
        if keys & bit != 0 && items.iter().any(|(k, _)| same(k, key)) {
            return None;
        }
        keys |= bit;
        items.try_push((key, value)).ok()?;
        i = value_start + value_len + 1;
    }
}

/// The index of the first `needle` in `hay` (values run up to several kilobytes: the
/// SHUFFLE seed), with `memchr`'s vector search.
fn find_byte(hay: &[u8], needle: u8) -> Option<usize> {
    memchr::memchr(needle, hay)
}

fn describe(ev: &XmlEvent<'_>) -> String {
    match ev {
        XmlEvent::Start(e) | XmlEvent::Empty(e) => {
            String::from_utf8_lossy(e.name().as_ref()).into_owned()
        }
        XmlEvent::End(e) => format!("/{}", String::from_utf8_lossy(e.name().as_ref())),
        XmlEvent::Text(_) => "text".to_owned(),
        XmlEvent::CData(_) => "CDATA".to_owned(),
        XmlEvent::DocType(_) => "DOCTYPE".to_owned(),
        XmlEvent::PI(_) => "processing instruction".to_owned(),
        XmlEvent::Comment(_) => "comment".to_owned(),
        XmlEvent::Decl(_) => "XML declaration".to_owned(),
        _ => "markup".to_owned(),
    }
}

/// Appends the tiles of a plain comma-separated id list (one to three digits each); `None`
/// (having appended some) at anything unusual: a non-digit, an empty part, an id of 136 or
/// more, too many tiles.
fn tiles_fast<const N: usize>(v: &[u8], out: &mut ArrayVec<Tile, N>) -> Option<()> {
    let digit = |b: Option<&u8>| {
        b.filter(|b| b.is_ascii_digit())
            .map(|&b| u32::from(b - b'0'))
    };
    let mut i = 0;
    loop {
        let mut id = digit(v.get(i))?;
        i += 1;
        for _ in 0..2 {
            let Some(d) = digit(v.get(i)) else { break };
            id = id * 10 + d;
            i += 1;
        }
        out.try_push(u8::try_from(id).ok().and_then(Tile::new)?)
            .ok()?;
        match v.get(i) {
            None => return Some(()),
            Some(b',') => i += 1,
            Some(_) => return None,
        }
    }
}

/// A draw or discard tag written plainly at `at`: `<`, one of the letters `T U V W D E F G`,
/// one to three digits and `/>`. Gives the letter, the number and the tag's length; `None`
/// for anything else, and within eight bytes of the end of the input (where only the root's
/// end tag can stand), which the general path reads.
#[inline(always)]
fn plain_draw_or_discard(input: &[u8], at: usize) -> Option<(u8, u32, usize)> {
    let w = *input.get(at..)?.first_chunk::<8>()?;
    let [b'<', letter @ (b'T'..=b'W' | b'D'..=b'G'), ..] = w else {
        return None;
    };
    // Below 10 for a digit.
    let digit = |b: u8| u32::from(b.wrapping_sub(b'0'));
    let (d0, d1, d2) = (digit(w[2]), digit(w[3]), digit(w[4]));
    let (id, end) = if d0 > 9 {
        return None;
    } else if d1 > 9 {
        (d0, 3)
    } else if d2 > 9 {
        (d0 * 10 + d1, 4)
    } else {
        (d0 * 100 + d1 * 10 + d2, 5)
    };
    (w.get(end..end + 2)? == b"/>").then_some((letter, id, end + 2))
}

/// One of 64 bits for a non-empty attribute key, from its first and last bytes and its
/// length: the keys of each mjlog element get different bits but for a pair or two, so a
/// repeated key is looked for only when its bit is taken.
fn key_bit(key: &[u8]) -> u64 {
    let (first, last) = (key.first().copied(), key.last().copied());
    let h = usize::from(first.unwrap_or(0)) * 7 + usize::from(last.unwrap_or(0)) + key.len() * 13;
    1 << (h % 64)
}

/// Byte-string equality for short keys, inlined (slice `==` calls `memcmp`).
fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x == y)
}

/// The text as a `String`, checked with the fast validator first (seeds are kilobytes long).
fn lossy(v: &[u8]) -> String {
    match std::str::from_utf8(v) {
        Ok(s) => s.to_owned(),
        Err(_) => String::from_utf8_lossy(v).into_owned(),
    }
}

fn shorten(v: &[u8]) -> String {
    let s = String::from_utf8_lossy(v);
    if s.chars().count() > 40 {
        format!("{}…", s.chars().take(40).collect::<String>())
    } else {
        s.into_owned()
    }
}

fn parse_u32(v: &[u8]) -> Option<u32> {
    if v.is_empty() || v.len() > 10 || !v.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let mut n: u64 = 0;
    for &b in v {
        n = n * 10 + u64::from(b - b'0');
    }
    u32::try_from(n).ok()
}

fn parse_i64(v: &[u8]) -> Option<i64> {
    let (neg, digits) = match v.first() {
        Some(b'-') => (true, &v[1..]),
        _ => (false, v),
    };
    if digits.is_empty() || digits.len() > 15 || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let mut n: i64 = 0;
    for &b in digits {
        n = n * 10 + i64::from(b - b'0');
    }
    Some(if neg { -n } else { n })
}

/// Parses a non-empty comma-separated list of integers (each as [`parse_i64`] takes it) into
/// `out`, in one pass; returns how many. `None` when a part is malformed or there are more
/// than `out` holds.
fn parse_list(v: &[u8], out: &mut [i64]) -> Option<usize> {
    let mut n = 0;
    let mut i = 0;
    loop {
        let neg = v.get(i) == Some(&b'-');
        i += usize::from(neg);
        let start = i;
        let mut x: i64 = 0;
        while let Some(&b) = v.get(i)
            && b.is_ascii_digit()
        {
            if i - start == 15 {
                return None;
            }
            x = x * 10 + i64::from(b - b'0');
            i += 1;
        }
        if i == start {
            return None;
        }
        *out.get_mut(n)? = if neg { -x } else { x };
        n += 1;
        match v.get(i) {
            None => return Some(n),
            Some(b',') => i += 1,
            Some(_) => return None,
        }
    }
}

/// Splits a comma list into exactly `N` parts.
fn split_n<const N: usize>(v: &[u8]) -> Option<ArrayVec<&[u8], N>> {
    let parts = split_max::<N>(v)?;
    (parts.len() == N).then_some(parts)
}

/// Splits a comma list into at most `N` parts.
fn split_max<const N: usize>(v: &[u8]) -> Option<ArrayVec<&[u8], N>> {
    let mut out = ArrayVec::new();
    for p in v.split(|&b| b == b',') {
        out.try_push(p).ok()?;
    }
    Some(out)
}

/// A win's limit as haifu names it: Tenhou records a kiriage mangan (its chip lobbies) with no
/// limit, which is read as the mangan it is paid as. No hand below mangan pays a mangan's
/// points exactly (the most one pays is 7700 to a non-dealer by ron, 7900 by tsumo, 11600 and
/// 11700 to a dealer; at three, by tsumo with tsumo loss, 5900 and 7800), so a hand recorded
/// with no limit and a mangan's points (8000 or 12000; 6000 or 8000 by tsumo at three) is one.
fn kiriage_as_mangan(limit: Limit, points: i64, dealer: bool, three_tsumo: bool) -> Limit {
    let mangan = match (dealer, three_tsumo) {
        (false, false) => 8000,
        (true, false) => 12000,
        (false, true) => 6000,
        (true, true) => 8000,
    };
    if limit == Limit::None && points == mangan {
        Limit::Mangan
    } else {
        limit
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_ids() {
        assert_eq!(
            game_id_from_file_name("2015070411gm-00a9-0000-b8b13fcc.xml"),
            Some("2015070411gm-00a9-0000-b8b13fcc")
        );
        assert_eq!(
            game_id_from_file_name("dir/2008092000gm-0009-0000-10db094d&tw=0.mjlog"),
            Some("2008092000gm-0009-0000-10db094d")
        );
        assert_eq!(
            game_id_from_file_name("2023010100gm-0009-10011-abcdef01.xml"),
            Some("2023010100gm-0009-10011-abcdef01")
        );
        assert_eq!(game_id_from_file_name("nogid-tenhou-bye.xml"), None);
        assert_eq!(
            game_id_from_file_name("2015070411gm-00a9-0000-b8b13fcz.xml"),
            None
        );
    }

    /// A run of draws and discards followed by a tag the scanner leaves to quick-xml (a space
    /// before `=`) is read once: quick-xml reads on from the end of the run, and the log and
    /// its positions are those of the plainly written tag.
    #[test]
    fn quick_xml_reads_on_from_the_end_of_a_run_of_draws() {
        let read = |reach: &str| {
            let hai = |s: usize| {
                let ids: Vec<String> = (s * 13..s * 13 + 13).map(|i| i.to_string()).collect();
                ids.join(",")
            };
            let xml = format!(
                r#"<mjloggm ver="2.3"><INIT seed="0,0,0,1,2,60" ten="250,250,250,250" oya="0" hai0="{}" hai1="{}" hai2="{}" hai3="{}"/><T52/><D52/><U53/><E53/>{reach}<V54/><F54/><RYUUKYOKU ba="0,0" sc="250,0,250,0,250,0,250,0"/></mjloggm>"#,
                hai(0),
                hai(1),
                hai(2),
                hai(3)
            );
            let (mut log, mut positions) = (GameLog::new(), SourcePositions::default());
            read_into_with_positions(xml.as_bytes(), &mut log, 1 << 20, &mut positions)
                .unwrap_or_else(|e| panic!("{e}"));
            (log, positions.offsets)
        };
        let (plain, plain_at) = read(r#"<REACH who="1" step="1"/>"#);
        let (spaced, spaced_at) = read(r#"<REACH who="1" step ="1"/>"#);
        assert_eq!(plain.len(), 9);
        assert_eq!(spaced, plain);
        // One byte more after the spaced tag (event 5) on.
        let reach = plain_at[5];
        let shifted: Vec<usize> = plain_at
            .iter()
            .map(|&o| o + usize::from(o > reach))
            .collect();
        assert_eq!(spaced_at, shifted);
    }

    /// An element as the scanner read it: name, attributes, length.
    type Scanned = (String, Vec<(String, String)>, usize);

    /// The scanner's reading of `tag` (followed by more input).
    fn scan(tag: &str) -> Option<Scanned> {
        let input = format!("  {tag}<T1/>");
        let mut items = ArrayVec::new();
        let (name, len) = scan_empty_tag(input.as_bytes(), 2, &mut items)?;
        let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
        let attrs = items.iter().map(|(k, v)| (text(k), text(v))).collect();
        Some((text(name), attrs, len))
    }

    #[test]
    fn scanner_reads_plain_empty_elements() {
        assert_eq!(scan("<N/>"), Some(("N".to_owned(), vec![], 4)));
        assert_eq!(scan("<T12 />"), Some(("T12".to_owned(), vec![], 7)));
        let tag = "<N who=\"1\"\n\t m=\"a>b&amp;\"/>";
        let attrs = vec![
            ("who".to_owned(), "1".to_owned()),
            ("m".to_owned(), "a>b&amp;".to_owned()),
        ];
        assert_eq!(scan(tag), Some(("N".to_owned(), attrs, tag.len())));
        let sixteen: String = (0..16).map(|i| format!(" a{i}=\"\"")).collect();
        assert!(scan(&format!("<GO{sixteen}/>")).is_some());
    }

    #[test]
    fn scanner_leaves_everything_else_to_quick_xml() {
        for tag in [
            "<N who='1'/>",
            "<N who = \"1\"/>",
            "<N who=\"1\"m=\"2\"/>",
            "<N who=\"1\" who=\"2\"/>",
            "<N who=\"1\">",
            "<N who=\"1\" / >",
            "<N who=\"1/>",
            "<N who/>",
            "<N a-b=\"1\"/>",
            "<N\x0cwho=\"1\"/>",
            "<!-- c -->",
            "<?xml version=\"1.0\"?>",
            "</mjloggm>",
            "<>",
            "text",
        ] {
            assert_eq!(scan(tag), None, "{tag}");
        }
        let seventeen: String = (0..17).map(|i| format!(" a{i}=\"\"")).collect();
        assert_eq!(scan(&format!("<GO{seventeen}/>")), None);
        let mut items = ArrayVec::new();
        assert_eq!(scan_empty_tag(b"<N who=\"1\"", 0, &mut items), None);
        assert_eq!(scan_empty_tag(b"<N", 0, &mut items), None);
        assert_eq!(scan_empty_tag(b"<N/", 0, &mut items), None);
        assert_eq!(scan_empty_tag(b"", 5, &mut items), None);
    }

    #[test]
    fn too_many_attributes_is_a_located_error() {
        let attrs: String = (0..17).map(|i| format!(" a{i}=\"\"")).collect();
        for quote in ["\"", "'"] {
            let doc = format!("<mjloggm>\n <GO type=\"1\"{attrs}/></mjloggm>").replace('"', quote);
            let err = read(doc.as_bytes()).expect_err("17 attributes");
            assert_eq!(err.location, Location { line: 2, column: 2 });
            assert!(
                err.to_string().contains("<GO> has more than 16 attributes"),
                "{err}"
            );
        }
    }

    #[test]
    fn find_byte_finds_the_first() {
        for len in 0..40 {
            for at in 0..=len {
                let mut hay = vec![b'7'; len];
                if at < len {
                    hay[at] = b'"';
                    hay.push(b'"');
                }
                let want = hay.iter().position(|&b| b == b'"');
                assert_eq!(find_byte(&hay, b'"'), want, "{len} {at}");
            }
        }
        assert_eq!(find_byte(b"\xa2\x22\x80", b'"'), Some(1));
    }

    #[test]
    fn number_lists() {
        let mut out = [0i64; 4];
        assert_eq!(parse_list(b"1,-2,30,0", &mut out), Some(4));
        assert_eq!(out, [1, -2, 30, 0]);
        assert_eq!(parse_list(b"999999999999999", &mut out), Some(1));
        assert_eq!(out[0], 999_999_999_999_999);
        for bad in [
            &b"1,2,3,4,5"[..],
            b"9999999999999999",
            b"1,,2",
            b"1,",
            b",1",
            b"-",
            b"1.5",
            b" 1",
            b"+1",
        ] {
            assert_eq!(parse_list(bad, &mut out), None, "{}", shorten(bad));
        }
        let mut tiles: ArrayVec<Tile, 4> = ArrayVec::new();
        assert_eq!(tiles_fast(b"0,135,016,7", &mut tiles), Some(()));
        assert_eq!(
            tiles.iter().map(|t| t.id()).collect::<Vec<_>>(),
            [0, 135, 16, 7]
        );
        for bad in [
            &b"136"[..],
            b"1,,2",
            b"1,",
            b"",
            b"0001",
            b"1,2,3,4,5",
            b" 1",
        ] {
            tiles.clear();
            assert_eq!(tiles_fast(bad, &mut tiles), None, "{}", shorten(bad));
        }
    }

    #[test]
    fn numbers() {
        assert_eq!(parse_i64(b"-12"), Some(-12));
        assert_eq!(parse_i64(b"-"), None);
        assert_eq!(parse_i64(b"1.5"), None);
        assert_eq!(parse_u32(b"4294967296"), None);
        assert_eq!(parse_u32(b"4294967295"), Some(u32::MAX));
    }
}

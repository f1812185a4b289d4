//! The header block: `source`, `game`, `rules`, `seed`, `player`, `first-dealer`, `scores` and
//! the lines a reader does not know (`unknown`). Each line is parsed by its grammar into a
//! small syntax tree ([`HeaderLine`]), then applied to the log's header.

use crate::grammar::{
    self, PResult, Token, Tokens, array, end_of_line, int, need, next, rest, seat_of, string,
};

use super::*;
use haifu_ruleset::Declared;

/// What a `rules` line names first: every preset, from [`Preset::names`], or a rule file.
static PRESETS: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
    format!(
        "a rules preset: {}; or a rule file FILE.toml (beside the record)",
        Preset::names()
    )
});

/// A header line as its grammar reads it.
enum HeaderLine<'a, 't> {
    /// `source FORMAT [VERSION]`.
    Source(String, Option<String>),
    /// `game ID`.
    Game(String),
    /// `rules PRESET` and its flags and overrides, as tokens.
    Rules(Token<'t>, &'a [Token<'t>]),
    /// `seed SEED`.
    Seed(String),
    /// `seed-ref TEXT`.
    SeedRef(String),
    /// `player SEAT "NAME"` and its key=value tokens.
    Player(Seat, String, &'a [Token<'t>]),
    /// `first-dealer SEAT`.
    FirstDealer(Seat),
    /// `scores S S S S`.
    Scores(BySeat<i32>),
    /// `unknown ELEMENT NAME "VALUE"`.
    Unknown(UnknownLine),
}

/// An attribute a reader did not know, as an `unknown` line keeps it.
pub(super) struct UnknownLine {
    element: String,
    name: String,
    value: String,
}

/// The grammar of the header line that starts with `word` (the word already read).
fn header_line<'a, 't: 'a>(
    word: &str,
) -> impl Fn(Tokens<'a, 't>) -> PResult<'a, 't, HeaderLine<'a, 't>> {
    move |input: Tokens<'a, 't>| {
        let (input, line) = match word {
            "source" => {
                let (input, format) = string("the source format, e.g. tenhou-mjlog")(input)?;
                let (input, version) = match next(input)? {
                    (input, Some((col, v))) => match lex::string(v) {
                        Ok(v) => (input, Some(v)),
                        Err((o, kind)) => return grammar::fail(col + o, kind),
                    },
                    (input, None) => (input, None),
                };
                (input, HeaderLine::Source(format, version))
            }
            "game" => {
                let (input, id) = string("the game id")(input)?;
                (input, HeaderLine::Game(id))
            }
            "rules" => {
                let (input, preset) = need(PRESETS.as_str())(input)?;
                let (input, items) = rest(input)?;
                return Ok((input, HeaderLine::Rules(preset, items)));
            }
            "seed" => {
                let (input, seed) = string("the wall seed")(input)?;
                (input, HeaderLine::Seed(seed))
            }
            "seed-ref" => {
                let (input, text) = string("the seed's reference string")(input)?;
                (input, HeaderLine::SeedRef(text))
            }
            "player" => {
                let (input, s) = seat_of("a seat A-D")(input)?;
                let (input, name) = string("the player's name, \"quoted\"")(input)?;
                let (input, items) = rest(input)?;
                return Ok((input, HeaderLine::Player(s, name, items)));
            }
            "first-dealer" => {
                let (input, s) = seat_of("a seat A-D")(input)?;
                (input, HeaderLine::FirstDealer(s))
            }
            "scores" => {
                let (input, scores) = four_ints("four starting scores")(input)?;
                (input, HeaderLine::Scores(scores))
            }
            _ => {
                let (input, u) = unknown_line(input)?;
                (input, HeaderLine::Unknown(u))
            }
        };
        let (input, ()) = end_of_line(input)?;
        Ok((input, line))
    }
}

/// Four integers, one per seat, each said to be `what` when it is missing or not one.
pub(super) fn four_ints<'a, 't: 'a>(
    what: &'static str,
) -> impl Fn(Tokens<'a, 't>) -> PResult<'a, 't, BySeat<i32>> {
    move |input: Tokens<'a, 't>| {
        let (input, v) = array(int(what, what))(input)?;
        let (input, ()) = end_of_line(input)?;
        Ok((input, BySeat::from_array(v)))
    }
}

/// `ELEMENT NAME "VALUE"`, the rest of an `unknown` line.
pub(super) fn unknown_line<'a, 't: 'a>(input: Tokens<'a, 't>) -> PResult<'a, 't, UnknownLine> {
    let (input, element) = string("the element the attribute was on")(input)?;
    let (input, name) = string("the attribute's name")(input)?;
    let (input, value) = string("the attribute's value, \"quoted\"")(input)?;
    let (input, ()) = end_of_line(input)?;
    Ok((
        input,
        UnknownLine {
            element,
            name,
            value,
        },
    ))
}

impl<'t> Reader<'t, '_> {
    /// Reads a header line; `false` if the word starts the body.
    pub(super) fn header_line(
        &mut self,
        word: &str,
        wpos: Pos<'t>,
        cur: &mut Cursor<'t>,
        pos: Pos<'t>,
    ) -> R<bool> {
        let blocks = word_blocks(word);
        if blocks & (HEAD | BODY) == 0 {
            return Err(wpos.err(ErrorKind::UnknownKeyword {
                word: lex::shorten(word),
                expected: HEADER_WORDS,
            }));
        } else if blocks & HEAD == 0 {
            return Ok(false);
        }
        if let Some(i) = ONCE.iter().position(|&w| w == word) {
            self.once(1 << i, ONCE[i], wpos)?;
        }
        self.with_tokens(cur, |r, input| {
            let line = line_parse(pos, input, header_line(word))?;
            r.apply_header(line, pos)
        })?;
        Ok(true)
    }

    /// Applies a header line to the log's header.
    fn apply_header(&mut self, line: HeaderLine<'_, 't>, pos: Pos<'t>) -> R<()> {
        let header = &mut self.log.header;
        match line {
            HeaderLine::Source(format, version) => {
                // A record converted from a format that always starts at the game's start
                // keeps that guarantee.
                if matches!(format.as_str(), "tenhou-mjlog" | "majsoul") {
                    header.start_record = haifu_log::StartRecord::Always;
                }
                header.format = format;
                if let Some(v) = version {
                    header.version = Some(v);
                }
            }
            HeaderLine::Game(id) => header.game_id = Some(id),
            HeaderLine::Rules(preset, items) => self.rules(preset, items, pos)?,
            HeaderLine::Seed(seed) => header.seed = Some(seed),
            HeaderLine::SeedRef(text) => header.seed_ref = Some(text),
            HeaderLine::Player(seat, name, items) => self.player(seat, name, items, pos)?,
            HeaderLine::FirstDealer(seat) => header.first_dealer = Some(seat),
            HeaderLine::Scores(scores) => self.start_scores = Some(scores),
            HeaderLine::Unknown(u) => self.push_unknown(u, None),
        }
        Ok(())
    }

    /// A `rules` line's preset, flags and overrides, each checked in order.
    fn rules(&mut self, (pcol, name): Token<'t>, items: &[Token<'t>], pos: Pos<'t>) -> R<()> {
        let Some(preset) = Preset::from_name(name) else {
            if name.ends_with(".toml") && !name.contains(',') {
                return self.rule_file(name, items, pos);
            }
            return Err(shift(pos, pcol).err(ErrorKind::UnknownKeyword {
                word: lex::shorten(name),
                expected: PRESETS.as_str(),
            }));
        };
        let tenhou = preset == Preset::Tenhou;
        // The rule set the line declares so far, to check each override as it comes.
        let mut declared = RuleSet::preset(preset);
        let mut spec = preset.name().to_owned();
        let rules = &mut self.log.header.rules;
        rules.go_type = names::go_type_of(&declared);
        for &(col, tok) in items {
            let tp = shift(pos, col);
            if tenhou && names::apply_flag(tok, &mut rules.go_type) {
                continue;
            }
            let Some((key, value)) = lex::key_value(tok) else {
                return Err(tp.err(ErrorKind::UnknownKeyword {
                    word: lex::shorten(tok),
                    expected: if tenhou {
                        "a rules flag (4p 3p hanchan tonpuu aka no-aka kuitan no-kuitan ippan joukyuu tokujou houou fast cpu), a rule point key=value (see `haifu rules show`), or bits=, type=, lobby=, title=, rule=, ranking=, csrule="
                    } else {
                        "a rule point key=value (see `haifu rules show`)"
                    },
                }));
            };
            let vp = shift(tp, key.len() + 1);
            if FIELDS.iter().any(|f| f.name == key) {
                let value = RuleSpec::value_of(value);
                declared
                    .set(key, &value)
                    .map_err(|e| vp.err(ErrorKind::Rule(e.to_string())))?;
                spec.push(',');
                spec.push_str(key);
                spec.push('=');
                spec.push_str(&override_text(&value));
                continue;
            }
            if !tenhou {
                return Err(tp.err(ErrorKind::UnknownKeyword {
                    word: lex::shorten(key),
                    expected: "a rule point key (see `haifu rules show`)",
                }));
            }
            match key {
                "bits" => {
                    let bits = value
                        .strip_prefix("0x")
                        .and_then(|h| u32::from_str_radix(h, 16).ok())
                        .ok_or_else(|| vp.err(expected("hex bits such as 0x100", value)))?;
                    rules.go_type = (rules.go_type & 0xFF) | (bits & !0xFF);
                }
                "type" => {
                    rules.go_type = lex::int(value)
                        .ok_or_else(|| vp.err(expected("the GO type number", value)))?;
                }
                "lobby" => {
                    rules.lobby = Some(
                        lex::int(value).ok_or_else(|| vp.err(expected("a lobby number", value)))?,
                    );
                }
                "title" => rules.title = Some(string_at(vp, value)?),
                "rule" => rules.rule = Some(string_at(vp, value)?),
                "ranking" => rules.ranking = Some(string_at(vp, value)?),
                "csrule" => rules.csrule = Some(string_at(vp, value)?),
                _ => {
                    return Err(tp.err(ErrorKind::UnknownKeyword {
                        word: lex::shorten(key),
                        expected: "a rules key: a rule point (see `haifu rules show`), bits, type, lobby, title, rule, ranking, csrule",
                    }));
                }
            }
        }
        // Tenhou's rules come from the GO bits; any other preset, and overrides, by name.
        self.log.header.declared = if tenhou && !spec.contains(',') {
            Declared::TenhouFlags { overrides: None }
        } else {
            Declared::by_name(&spec, |written| format!("the rules line ({written})"))
        };
        Ok(())
    }

    /// `rules FILE.toml` and its overrides: the rule set is the file's, a path relative to the
    /// record, which whoever verifies the record reads (the reader opens no file). Each
    /// override must name a rule point; its value is checked when the file's rule set is
    /// built. Which fives are red is then one per suit unless an override says otherwise.
    fn rule_file(&mut self, file: &str, items: &[Token<'t>], pos: Pos<'t>) -> R<()> {
        let mut spec = file.to_owned();
        for &(col, tok) in items {
            let tp = shift(pos, col);
            let key_value = lex::key_value(tok);
            let Some((key, value)) = key_value.filter(|(k, _)| FIELDS.iter().any(|f| f.name == *k))
            else {
                return Err(tp.err(ErrorKind::UnknownKeyword {
                    word: lex::shorten(key_value.map_or(tok, |(k, _)| k)),
                    expected: "a rule point key=value (see `haifu rules show`)",
                }));
            };
            spec.push(',');
            spec.push_str(key);
            spec.push('=');
            spec.push_str(&override_text(&RuleSpec::value_of(value)));
        }
        self.log.header.rules.go_type = names::TENHOU_DEFAULT;
        self.log.header.declared =
            Declared::by_name(&spec, |written| format!("the rules line ({written})"));
        Ok(())
    }

    /// A `player` line's seat, name and key=value items, each checked in order.
    fn player(&mut self, seat: Seat, name: String, items: &[Token<'t>], pos: Pos<'t>) -> R<()> {
        let mut player = Player {
            name,
            ..Player::default()
        };
        for &(col, tok) in items {
            let tp = shift(pos, col);
            let Some((key, value)) = lex::key_value(tok) else {
                return Err(tp.err(expected("key=value: dan=, rate=, sex=, rc=, gold=", tok)));
            };
            let vp = shift(tp, key.len() + 1);
            match key {
                "dan" => {
                    player.dan = Some(
                        lex::int(value)
                            .ok_or_else(|| vp.err(expected("a dan number 0-255", value)))?,
                    );
                }
                "rate" => {
                    player.rate = Some(
                        value
                            .parse::<f64>()
                            .ok()
                            .filter(|r| r.is_finite() && !value.contains(['e', 'E', 'i', 'n', 'N']))
                            .ok_or_else(|| vp.err(expected("a rating such as 1850.25", value)))?,
                    );
                }
                "sex" => player.sex = Some(string_at(vp, value)?),
                "rc" => {
                    player.rc =
                        Some(lex::int(value).ok_or_else(|| vp.err(expected("an integer", value)))?);
                }
                "gold" => {
                    player.gold =
                        Some(lex::int(value).ok_or_else(|| vp.err(expected("an integer", value)))?);
                }
                _ => {
                    return Err(tp.err(ErrorKind::UnknownKeyword {
                        word: lex::shorten(key),
                        expected: "a player key: dan, rate, sex, rc, gold",
                    }));
                }
            }
        }
        self.log.header.players[seat] = player;
        Ok(())
    }

    /// An `unknown` line anywhere: its tokens by the grammar, then kept on the log (`event`:
    /// the event it follows in the body).
    pub(super) fn unknown(
        &mut self,
        cur: &mut Cursor<'t>,
        pos: Pos<'t>,
        event: Option<usize>,
    ) -> R<()> {
        let u = self.parse_rest(cur, pos, |i| grammar::parse_line(i, unknown_line))?;
        self.push_unknown(u, event);
        Ok(())
    }

    fn push_unknown(&mut self, u: UnknownLine, event: Option<usize>) {
        self.log.unknown.push(UnknownAttribute {
            event,
            element: u.element,
            name: u.name,
            value: u.value,
        });
    }

    /// Four integers after the line's word (`scores`, `deltas`, `final`…), then the line's
    /// end.
    pub(super) fn by_seat(
        &mut self,
        cur: &mut Cursor<'t>,
        pos: Pos<'t>,
        what: &'static str,
    ) -> R<BySeat<i32>> {
        self.parse_rest(cur, pos, |i| grammar::parse_line(i, four_ints(what)))
    }
}

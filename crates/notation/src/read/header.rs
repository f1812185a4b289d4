//! The header block: `source`, `game`, `rules`, `seed`, `player`, `first-dealer`, `scores` and
//! the lines a reader does not know (`unknown`).

use super::*;

impl<'t> Reader<'t, '_> {
    /// Reads a header line; `false` if the word starts the body.
    pub(super) fn header_line(
        &mut self,
        word: &str,
        wpos: Pos<'t>,
        cur: &mut Cursor<'t>,
        pos: Pos<'t>,
    ) -> R<bool> {
        match word {
            "source" => {
                self.once(1, "source", wpos)?;
                let (p, f) = self.need(cur, pos, "the source format, e.g. tenhou-mjlog")?;
                self.log.header.format = string_at(p, f)?;
                // A record converted from a format that always starts at the game's start
                // keeps that guarantee.
                if matches!(self.log.header.format.as_str(), "tenhou-mjlog" | "majsoul") {
                    self.log.header.start_record = haifu_log::StartRecord::Always;
                }
                if let Some((c, v)) = cur.next_token() {
                    self.log.header.version = Some(string_at(shift(pos, c), v)?);
                }
            }
            "game" => {
                self.once(2, "game", wpos)?;
                let (p, g) = self.need(cur, pos, "the game id")?;
                self.log.header.game_id = Some(string_at(p, g)?);
            }
            "rules" => {
                self.once(4, "rules", wpos)?;
                self.rules(cur, pos)?;
            }
            "seed" => {
                self.once(8, "seed", wpos)?;
                self.log.header.seed = Some(match cur.quick_string() {
                    Some((start, end)) => pos.text[start..end].to_owned(),
                    None => {
                        let (p, s) = self.need(cur, pos, "the wall seed")?;
                        string_at(p, s)?
                    }
                });
            }
            "seed-ref" => {
                self.once(16, "seed-ref", wpos)?;
                let (p, s) = self.need(cur, pos, "the seed's reference string")?;
                self.log.header.seed_ref = Some(string_at(p, s)?);
            }
            "player" => self.player(cur, pos)?,
            "first-dealer" => {
                self.once(32, "first-dealer", wpos)?;
                let (p, s) = self.need(cur, pos, "a seat A-D")?;
                self.log.header.first_dealer = Some(seat_at(p, s)?);
            }
            "scores" => {
                self.once(64, "scores", wpos)?;
                self.start_scores = Some(self.by_seat(cur, pos, "four starting scores")?);
            }
            "unknown" => {
                self.unknown(cur, pos, None)?;
                return Ok(true);
            }
            "round" | "end" | "game-end" | "A" | "B" | "C" | "D" | "win" | "draw" | "dora"
            | "expect" => return Ok(false),
            _ => {
                return Err(wpos.err(ErrorKind::UnknownKeyword {
                    word: lex::shorten(word),
                    expected: HEADER_WORDS,
                }));
            }
        }
        self.finish_line(cur, pos)?;
        Ok(true)
    }

    pub(super) fn rules(&mut self, cur: &mut Cursor<'t>, pos: Pos<'t>) -> R<()> {
        const PRESETS: &str = "a rules preset: tenhou, tenhou-tonpuu, tenhou-nashi, tenhou-chips, mahjong-soul, m-league, jpml2024, jpml2012, wrc2015, ema2016 (jpml, wrc, ema)";
        let (p, name) = self.need(cur, pos, PRESETS)?;
        let Some(preset) = Preset::from_name(name) else {
            return Err(p.err(ErrorKind::UnknownKeyword {
                word: lex::shorten(name),
                expected: PRESETS,
            }));
        };
        let tenhou = preset == Preset::Tenhou;
        // The rule set the line declares so far, to check each override as it comes.
        let mut declared = RuleSet::preset(preset);
        let mut spec = preset.name().to_owned();
        let rules = &mut self.log.header.rules;
        rules.go_type = names::go_type_of(&declared);
        while let Some((col, tok)) = cur.next_token() {
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
        rules.spec = (!tenhou || spec.contains(',')).then_some(spec);
        Ok(())
    }

    pub(super) fn player(&mut self, cur: &mut Cursor<'t>, pos: Pos<'t>) -> R<()> {
        let (p, s) = self.need(cur, pos, "a seat A-D")?;
        let seat = seat_at(p, s)?;
        let (np, name) = self.need(cur, pos, "the player's name, \"quoted\"")?;
        let mut player = Player {
            name: string_at(np, name)?,
            ..Player::default()
        };
        while let Some((col, tok)) = cur.next_token() {
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

    pub(super) fn unknown(
        &mut self,
        cur: &mut Cursor<'t>,
        pos: Pos<'t>,
        event: Option<usize>,
    ) -> R<()> {
        let (p, element) = self.need(cur, pos, "the element the attribute was on")?;
        let element = string_at(p, element)?;
        let (p, name) = self.need(cur, pos, "the attribute's name")?;
        let name = string_at(p, name)?;
        let (p, value) = self.need(cur, pos, "the attribute's value, \"quoted\"")?;
        let value = string_at(p, value)?;
        self.finish_line(cur, pos)?;
        self.log.unknown.push(UnknownAttribute {
            event,
            element,
            name,
            value,
        });
        Ok(())
    }

    pub(super) fn by_seat<T: std::str::FromStr + TryFrom<i64> + Copy>(
        &self,
        cur: &mut Cursor<'t>,
        pos: Pos<'t>,
        what: &'static str,
    ) -> R<BySeat<T>> {
        let saved = cur.position();
        if let Some([a, b, c, d]) = cur.quick_ints::<4>() {
            if let (Ok(a), Ok(b), Ok(c), Ok(d)) = (
                T::try_from(a),
                T::try_from(b),
                T::try_from(c),
                T::try_from(d),
            ) {
                return Ok(BySeat::from_array([a, b, c, d]));
            }
            cur.rewind(saved);
        }
        let mut v: ArrayVec<T, 4> = ArrayVec::new();
        for _ in 0..4 {
            let (p, t) = self.need(cur, pos, what)?;
            v.push(lex::int(t).ok_or_else(|| p.err(expected(what, t)))?);
        }
        self.finish_line(cur, pos)?;
        let arr: [T; 4] = v.into_inner().map_err(|_| pos.err(expected(what, "")))?;
        Ok(BySeat::from_array(arr))
    }
}

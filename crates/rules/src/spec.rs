//! [`WinSpec`]: an owned winning hand read from the short text of the `haifu score` command
//! line (`234067m678p1s`, `pon:555z`, `E`), with errors that point at the bad character.

use arrayvec::ArrayVec;
use haifu_tiles::{CopyPool, Meld, MeldKind, NotationError, Tile, TileKind, Wind, parse_tiles};
use thiserror::Error;

use crate::flow::WinMethod;
use crate::score::{RiichiDeclaration, Situation, WinningHand};

/// Why a piece of hand text could not be read: which text, where in it, and why.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{what} {text:?}{}: {reason}", at.map(|a| format!(" at offset {a}")).unwrap_or_default())]
pub struct SpecError {
    /// What the text was meant to be (`"concealed tiles"`, `"--meld"`, …).
    pub what: &'static str,
    /// The text as given.
    pub text: String,
    /// The byte offset in `text` of the offending character, when there is one.
    pub at: Option<usize>,
    /// Why.
    pub reason: String,
}

/// An owned winning hand and its situation; [`WinSpec::win`] lends it to [`crate::score()`].
///
/// Build it with [`WinSpec::new`] and the `set_*`/`add_*` methods, which read the short text
/// of the command line and give each hand tile its own physical copy.
#[derive(Clone, Debug)]
pub struct WinSpec {
    /// The concealed tiles, without the winning tile.
    pub concealed: ArrayVec<Tile, 13>,
    /// The winning tile.
    pub winning_tile: Option<Tile>,
    /// The melds, in call order.
    pub melds: ArrayVec<Meld, 4>,
    /// Tsumo or ron.
    pub method: WinMethod,
    /// The seat wind.
    pub seat_wind: Wind,
    /// The round wind.
    pub round_wind: Wind,
    /// Dora indicators.
    pub dora_indicators: ArrayVec<Tile, 5>,
    /// Dora given as a count, beside those of the indicators.
    pub dora_count: u8,
    /// Norths set aside (kita, three players only).
    pub kita: u8,
    /// Ura dora indicators.
    pub ura_indicators: ArrayVec<Tile, 5>,
    /// Riichi.
    pub riichi: RiichiDeclaration,
    /// The other situational conditions.
    pub situation: Situation,
    /// Honba counters.
    pub honba: u32,
    /// Riichi sticks on the table.
    pub riichi_sticks: u32,
    hand_pool: CopyPool,
    indicator_pool: CopyPool,
}

fn notation_error(what: &'static str, text: &str, e: &NotationError) -> SpecError {
    SpecError {
        what,
        text: text.to_owned(),
        at: e.offset(),
        reason: e.to_string(),
    }
}

impl WinSpec {
    /// An empty hand: no tiles, ron, both winds East, no indicators, no riichi, no
    /// situation, no honba or sticks.
    pub fn new() -> WinSpec {
        WinSpec {
            concealed: ArrayVec::new(),
            winning_tile: None,
            melds: ArrayVec::new(),
            method: WinMethod::Ron,
            seat_wind: Wind::East,
            round_wind: Wind::East,
            dora_indicators: ArrayVec::new(),
            dora_count: 0,
            kita: 0,
            ura_indicators: ArrayVec::new(),
            riichi: RiichiDeclaration::None,
            situation: Situation::NONE,
            honba: 0,
            riichi_sticks: 0,
            hand_pool: CopyPool::new(),
            indicator_pool: CopyPool::new(),
        }
    }

    fn read(
        pool: &mut CopyPool,
        what: &'static str,
        text: &str,
        offset: usize,
        out: &mut dyn FnMut(Tile) -> Result<(), String>,
    ) -> Result<(), SpecError> {
        let tiles = parse_tiles(&text[offset..]).map_err(|e| {
            let mut err = notation_error(what, text, &e);
            err.at = err.at.map(|a| a + offset);
            err
        })?;
        // Re-read with offsets to point at a fifth copy across strings.
        let mut digit_at = Vec::with_capacity(tiles.len());
        for (i, c) in text[offset..].char_indices() {
            if c.is_ascii_digit() {
                digit_at.push(offset + i);
            }
        }
        for (i, t) in tiles.iter().enumerate() {
            let at = digit_at.get(i).copied();
            let tile = pool.take(t.kind(), t.is_red_five()).map_err(|_| SpecError {
                what,
                text: text.to_owned(),
                at,
                reason: if t.is_red_five() {
                    format!(
                        "a second red {}: a suit has one red five",
                        t.kind()
                    )
                } else {
                    format!(
                        "a fifth {} in the hand: there are only four of each tile (one of them the red five)",
                        t.kind()
                    )
                },
            })?;
            out(tile).map_err(|reason| SpecError {
                what,
                text: text.to_owned(),
                at,
                reason,
            })?;
        }
        Ok(())
    }

    /// Adds concealed tiles (without the winning tile), e.g. `234067m678p1s`.
    pub fn add_concealed(&mut self, text: &str) -> Result<(), SpecError> {
        let concealed = &mut self.concealed;
        WinSpec::read(&mut self.hand_pool, "concealed tiles", text, 0, &mut |t| {
            concealed
                .try_push(t)
                .map_err(|_| "more than 13 concealed tiles".to_owned())
        })
    }

    /// Reads a hand written with its winning tile among its concealed tiles (as some test
    /// suites write hands), e.g. `2340678m678p11s` with `win` = `1s`: the tiles, then one
    /// of them equal to `win` (a red five only for `0`) taken out as the winning tile.
    pub fn add_hand_with_winning_tile(&mut self, text: &str, win: &str) -> Result<(), SpecError> {
        let mut tiles: ArrayVec<Tile, 14> = ArrayVec::new();
        WinSpec::read(&mut self.hand_pool, "concealed tiles", text, 0, &mut |t| {
            tiles
                .try_push(t)
                .map_err(|_| "more than 14 tiles with the winning tile".to_owned())
        })?;
        let wanted = parse_tiles(win).map_err(|e| notation_error("--win", win, &e))?;
        let bad = |reason: &str| SpecError {
            what: "--win",
            text: win.to_owned(),
            at: None,
            reason: reason.to_owned(),
        };
        let [wanted] = wanted[..] else {
            return Err(bad("the winning tile is exactly one tile"));
        };
        let at = tiles
            .iter()
            .rposition(|t| t.kind() == wanted.kind() && t.is_red_five() == wanted.is_red_five())
            .ok_or_else(|| bad("the hand has no such tile to win on"))?;
        let winning = tiles.remove(at);
        self.concealed.extend(tiles.into_iter().take(13));
        self.winning_tile = Some(winning);
        Ok(())
    }

    /// Sets the winning tile, e.g. `1s` or `0p`.
    pub fn set_winning_tile(&mut self, text: &str) -> Result<(), SpecError> {
        let mut got: ArrayVec<Tile, 1> = ArrayVec::new();
        WinSpec::read(&mut self.hand_pool, "--win", text, 0, &mut |t| {
            got.try_push(t)
                .map_err(|_| "the winning tile is exactly one tile".to_owned())
        })?;
        match got.first() {
            Some(&t) => {
                self.winning_tile = Some(t);
                Ok(())
            }
            None => Err(SpecError {
                what: "--win",
                text: text.to_owned(),
                at: None,
                reason: "the winning tile is exactly one tile".to_owned(),
            }),
        }
    }

    /// Adds a meld `KIND:TILES`: `chi:234m`, `pon:555z`, `kan:5555p` (an open kan),
    /// `ankan:1111z`. The tiles must form that kind of set.
    pub fn add_meld(&mut self, text: &str) -> Result<(), SpecError> {
        let bad = |at: Option<usize>, reason: &str| SpecError {
            what: "--meld",
            text: text.to_owned(),
            at,
            reason: reason.to_owned(),
        };
        let Some((kind_text, _)) = text.split_once(':') else {
            return Err(bad(
                None,
                "expected KIND:TILES with KIND one of chi, pon, kan, ankan (e.g. pon:555z)",
            ));
        };
        let kind = match kind_text {
            "chi" => MeldKind::Chi,
            "pon" => MeldKind::Pon,
            "kan" | "daiminkan" => MeldKind::Daiminkan,
            "kakan" => MeldKind::Kakan,
            "ankan" => MeldKind::Ankan,
            _ => {
                return Err(bad(
                    Some(0),
                    "unknown meld kind: expected chi, pon, kan (open) or ankan",
                ));
            }
        };
        let offset = kind_text.len() + 1;
        let mut tiles: ArrayVec<Tile, 4> = ArrayVec::new();
        WinSpec::read(&mut self.hand_pool, "--meld", text, offset, &mut |t| {
            tiles
                .try_push(t)
                .map_err(|_| "a meld has at most four tiles".to_owned())
        })?;
        let need = if kind.is_kan() { 4 } else { 3 };
        if tiles.len() != need {
            return Err(bad(
                Some(offset),
                &format!("a {kind_text} has {need} tiles, not {}", tiles.len()),
            ));
        }
        let mut kinds: ArrayVec<TileKind, 4> = tiles.iter().map(|t| t.kind()).collect();
        kinds.sort_unstable();
        let ok = match kind {
            MeldKind::Chi => {
                kinds[1].offset(-1) == Some(kinds[0]) && kinds[2].offset(-2) == Some(kinds[0])
            }
            _ => kinds.iter().all(|k| *k == kinds[0]),
        };
        if !ok {
            return Err(bad(
                Some(offset),
                if kind == MeldKind::Chi {
                    "a chi is three consecutive tiles of one numbered suit"
                } else {
                    "a pon or kan is tiles of one kind"
                },
            ));
        }
        let meld = Meld::new(kind, &tiles, None, None, None)
            .ok_or_else(|| bad(Some(offset), "a meld has one to four tiles"))?;
        self.melds
            .try_push(meld)
            .map_err(|_| bad(None, "a hand has at most four melds"))
    }

    /// Adds dora indicators, e.g. `4p1z`.
    pub fn add_dora_indicators(&mut self, text: &str) -> Result<(), SpecError> {
        let list = &mut self.dora_indicators;
        WinSpec::read(&mut self.indicator_pool, "--dora", text, 0, &mut |t| {
            list.try_push(t)
                .map_err(|_| "at most five dora indicators".to_owned())
        })
    }

    /// Adds ura dora indicators, e.g. `9s`.
    pub fn add_ura_indicators(&mut self, text: &str) -> Result<(), SpecError> {
        let list = &mut self.ura_indicators;
        WinSpec::read(&mut self.indicator_pool, "--ura", text, 0, &mut |t| {
            list.try_push(t)
                .map_err(|_| "at most five ura indicators".to_owned())
        })
    }

    /// Reads a wind letter `E`, `S`, `W` or `N` (either case).
    pub fn parse_wind(what: &'static str, text: &str) -> Result<Wind, SpecError> {
        let mut chars = text.chars();
        match (chars.next().and_then(Wind::from_letter), chars.next()) {
            (Some(w), None) => Ok(w),
            _ => Err(SpecError {
                what,
                text: text.to_owned(),
                at: Some(0),
                reason: "expected a wind letter E, S, W or N".to_owned(),
            }),
        }
    }

    /// Lends the hand to [`crate::score()`]; `None` until the winning tile is set.
    pub fn win(&self) -> Option<WinningHand<'_>> {
        Some(WinningHand {
            concealed: &self.concealed,
            winning_tile: self.winning_tile?,
            melds: &self.melds,
            method: self.method,
            seat_wind: self.seat_wind,
            round_wind: self.round_wind,
            dora_indicators: &self.dora_indicators,
            dora_count: self.dora_count,
            kita: self.kita,
            ura_indicators: &self.ura_indicators,
            riichi: self.riichi,
            situation: self.situation,
            honba: self.honba,
            riichi_sticks: self.riichi_sticks,
        })
    }
}

impl Default for WinSpec {
    fn default() -> WinSpec {
        WinSpec::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn copies_across_strings() {
        let mut s = WinSpec::new();
        s.add_concealed("555m").unwrap();
        s.set_winning_tile("0m").unwrap();
        let ids: Vec<u8> = s.concealed.iter().map(|t| t.id()).collect();
        assert_eq!(ids, vec![17, 18, 19]);
        assert_eq!(s.winning_tile.map(Tile::id), Some(16));
        let e = s.add_meld("pon:555m").unwrap_err();
        assert_eq!(e.at, Some(4));
        let e = s.add_meld("chi:135p").unwrap_err();
        assert_eq!(e.at, Some(4));
        assert!(s.add_meld("kan:1111z").is_ok());
        assert!(s.add_meld("foo:123m").is_err());
        assert_eq!(WinSpec::parse_wind("--seat", "s").unwrap(), Wind::South);
        assert!(WinSpec::parse_wind("--seat", "x").is_err());
    }
}

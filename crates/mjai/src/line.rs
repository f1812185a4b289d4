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
}

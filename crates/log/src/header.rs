use haifu_tiles::BySeat;
use serde::{Deserialize, Serialize};

use crate::Event;

/// A whole game: the header and one ordered list of events.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameLog {
    /// Who played, under which flags, from which source.
    pub header: Header,
    /// Everything that happened, in order, including the recorded outcomes.
    pub events: Vec<Event>,
    /// Attributes the parser did not know, kept verbatim (see [`UnknownAttribute`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unknown: Vec<UnknownAttribute>,
}

impl GameLog {
    /// An empty log with a default header, to be filled by a parser (reuse it across files
    /// with [`GameLog::clear`] to keep allocations flat).
    pub fn new() -> GameLog {
        GameLog {
            header: Header::default(),
            events: Vec::new(),
            unknown: Vec::new(),
        }
    }

    /// Empties the log, keeping its allocations.
    pub fn clear(&mut self) {
        self.header.clear();
        self.events.clear();
        self.unknown.clear();
    }

    /// How many events are round starts.
    pub fn round_count(&self) -> usize {
        self.events
            .iter()
            .filter(|e| matches!(e, Event::RoundStart(_)))
            .count()
    }
}

impl Default for GameLog {
    fn default() -> GameLog {
        GameLog::new()
    }
}

/// The header of a game. What it holds is what the log states; nothing is inferred from it.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Header {
    /// The source format, e.g. `"tenhou-mjlog"`.
    pub format: String,
    /// The format's version as written (`mjloggm ver`), if any.
    pub version: Option<String>,
    /// The game id, when the file name (or the log) carries one, e.g.
    /// `2015070411gm-00a9-0000-b8b13fcc`.
    pub game_id: Option<String>,
    /// The rule flags exactly as written.
    pub rules: RuleFlags,
    /// The four seats' players; in a three-player game seat 3 is present with an empty name.
    pub players: BySeat<Player>,
    /// The seat that dealt the first round (Tenhou `TAIKYOKU oya`).
    pub first_dealer: Option<haifu_tiles::Seat>,
    /// The wall seed exactly as written (Tenhou `SHUFFLE seed`), when the log has one.
    pub seed: Option<String>,
    /// The seed's reference field (Tenhou `SHUFFLE ref`, always empty in real logs).
    pub seed_ref: Option<String>,
}

impl Header {
    fn clear(&mut self) {
        *self = Header::default();
    }
}

/// The rule flags of a game, exactly as written. They are not interpreted here: the rules
/// engine turns them into a rule set.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RuleFlags {
    /// Tenhou's GO `type` bitfield (e.g. 169 = 0xA9).
    pub go_type: u32,
    /// Tenhou's lobby number (GO `lobby`); absent before about 2010-09.
    pub lobby: Option<u32>,
    /// Private-lobby title (GO `title`), from 2023-era logs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// Private-lobby rule string (GO `rule`), as written.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
    /// Private-lobby ranking string (GO `ranking`), as written.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ranking: Option<String>,
    /// Private-lobby custom rule string (GO `csrule`), as written.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub csrule: Option<String>,
}

/// A player as the log introduces them.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Player {
    /// The name, decoded (Tenhou percent-encodes it as UTF-8).
    pub name: String,
    /// Tenhou dan index (0 = 新人 … 20 = 天鳳), when given.
    pub dan: Option<u8>,
    /// Rating, when given (integer in 2008–2010 logs, two decimals later).
    pub rate: Option<f64>,
    /// Sex code as written (`M`, `F`, `C` for a computer).
    pub sex: Option<String>,
    /// Chip-room value `rc` as written (meaning not documented).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rc: Option<i64>,
    /// Gold-room balance `gold` as written.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gold: Option<i64>,
}

/// An attribute the parser does not know, kept verbatim with where it was.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnknownAttribute {
    /// The index of the event it belongs to, or `None` for the header.
    pub event: Option<usize>,
    /// The element (or keyword) it was on.
    pub element: String,
    /// The attribute's name.
    pub name: String,
    /// The attribute's value, unescaped.
    pub value: String,
}

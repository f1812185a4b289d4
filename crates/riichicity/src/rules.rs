//! The rule set a record declares: its room fields (`gamePlay`, `round`, `initPoints`) and
//! local switches, as a `--rules` value on the `riichi-city` presets. The whole decision is
//! [`declared`]: one function.

use haifu_log::ParseError;
use haifu_ruleset::{Declared, Preset, RuleSet, RuleSpec};

use crate::read::{Ctx, Obj};

/// The game fields the rules come from, as written.
#[derive(Debug)]
pub(crate) struct Fields {
    /// `gamePlay`: 1001 ranked, 1002 tournament, 1003 friend.
    game_play: i64,
    /// `round`: 1 East only, 2 East and South, 3 a single hand.
    round: i64,
    /// `initPoints`: the start score.
    init_points: i64,
    /// The local switches that are on, by field name and what they are.
    switches_on: Vec<&'static str>,
}

/// The local switches with no rule point in haifu: any of them on leaves the rules
/// undeclared, the switch named.
const SWITCHES: [(&str, &str); 4] = [
    (
        "isGeMu",
        "isGeMu (wareme: the player whose wall is broken pays and receives double)",
    ),
    ("isKaiLiZhi", "isKaiLiZhi (open riichi)"),
    (
        "isShaoJi",
        "isShaoJi (yakitori: a penalty for a player who never wins)",
    ),
    (
        "isLuck",
        "isLuck (chips, shuugi, paid for red fives, ura and one-shot wins)",
    ),
];

impl Fields {
    /// Reads the fields from the game object.
    pub(crate) fn read<'a>(game: &Obj<'a>, ctx: &Ctx<'a>) -> Result<Fields, ParseError> {
        let game_play: i64 = game.req(
            ctx,
            "gamePlay",
            "the room type: 1001 ranked, 1002 tournament or 1003 friend",
        )?;
        let round: i64 = game.req(
            ctx,
            "round",
            "the game's length: 1 East, 2 South or 3 a single hand",
        )?;
        let init_points: i64 = game.req(ctx, "initPoints", "the start score")?;
        let mut switches_on = Vec::new();
        for (key, what) in SWITCHES {
            if game.opt::<bool>(ctx, key)?.unwrap_or(false) {
                switches_on.push(what);
            }
        }
        Ok(Fields {
            game_play,
            round,
            init_points,
            switches_on,
        })
    }
}

/// The rule set the fields declare, `players` at the table.
///
/// - A ranked game (`gamePlay` 1001) plays the room's preset: `riichi-city` (four players)
///   or `riichi-city-sanma` (three), `length = "tonpuusen"` for an East game (`round` 1),
///   and its `initPoints` as `start_score` where they differ from the preset's.
/// - A tournament (1002) or friend game (1003) is set up by its organiser, and the record
///   leaves out most of its rules (kiriage, red fives, uma…): undeclared, with the preset to
///   name for it (`--rules auto:riichi-city-sanma`).
/// - A local switch with no rule point on (`isGeMu` wareme, `isKaiLiZhi` open riichi,
///   `isShaoJi` yakitori, `isLuck` chips), or a single-hand game (`round` 3): undeclared,
///   naming it, whatever the room.
pub(crate) fn declared(players: u8, fields: &Fields) -> Declared {
    let preset = if players == 3 {
        Preset::RiichiCitySanma
    } else {
        Preset::RiichiCity
    };
    let mut unsupported: Vec<String> = fields.switches_on.iter().map(|s| (*s).to_owned()).collect();
    let mut overrides = Vec::new();
    match fields.round {
        1 => overrides.push("length=tonpuusen".to_owned()),
        2 => {}
        3 => unsupported.push("round = 3 (a game of a single hand)".to_owned()),
        n => unsupported.push(format!("round = {n} (a game length not known here)")),
    }
    let base = RuleSet::preset(preset);
    if i64::from(base.flow.start_score) != fields.init_points {
        overrides.push(format!("start_score={}", fields.init_points));
    }
    let room = match fields.game_play {
        1001 => None,
        1002 => Some("a tournament game"),
        1003 => Some("a friend game"),
        _ => Some("a game of an unknown room type"),
    };
    if !unsupported.is_empty() {
        let what = room.unwrap_or("a ranked game");
        return Declared::Undeclared {
            why: format!(
                "{what} of Riichi City with local rules haifu has no rule point for: {}",
                unsupported.join("; ")
            ),
            suggest: preset,
        };
    }
    if let Some(what) = room {
        return Declared::Undeclared {
            why: format!(
                "{what} of Riichi City (gamePlay {}), whose rules the record leaves out (kiriage, red fives, uma…)",
                fields.game_play
            ),
            suggest: preset,
        };
    }
    let mut text = preset.name().to_owned();
    for o in &overrides {
        text.push(',');
        text.push_str(o);
    }
    let mut rules = base;
    match RuleSpec::parse(&text).and_then(|spec| spec.apply(&mut rules)) {
        Ok(()) => Declared::Rules {
            source: format!("the Riichi City record's room ({})", rules.spec()),
            rules: Box::new(rules),
        },
        Err(e) => Declared::Undeclared {
            why: format!("a ranked game of Riichi City whose fields make no rule set ({e})"),
            suggest: preset,
        },
    }
}

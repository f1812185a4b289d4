//! The words of the notation: yaku names, limits, draw kinds, rule flags.

use haifu_log::{DrawKind, FuritenKind, Header, RuleFlags};
use haifu_ruleset::{
    Declared, GameLength, OpenTanyao, Players, RedFives, RuleSet, RuleSpec, override_text,
};
use haifu_tiles::Limit;

/// The limit a word names (`mangan` … `yakuman`; `no-limit` is written by leaving it out).
pub(crate) fn limit(word: &str) -> Option<Limit> {
    Limit::ALL[1..].iter().copied().find(|l| l.name() == word)
}

/// What a draw kind may be, for messages.
pub(crate) const DRAW_KINDS: &str = "a draw kind: exhaustive, kyuushu_kyuuhai, suufon_renda, suucha_riichi, suukaikan, sanchahou, nagashi_mangan";

/// The draw kind of a word: the snake_case name, or Tenhou's `type` name.
pub(crate) fn draw_kind(word: &str) -> Option<DrawKind> {
    DrawKind::ALL
        .into_iter()
        .find(|k| k.as_str() == word || k.tenhou_name() == Some(word))
}

/// The furiten reason of a word, or `Some(None)` for `none`.
pub(crate) fn furiten_reason(word: &str) -> Option<Option<FuritenKind>> {
    if word == "none" {
        return Some(None);
    }
    FuritenKind::ALL
        .into_iter()
        .find(|r| r.as_str() == word)
        .map(Some)
}

/// The flags of the `rules tenhou` line, each with the bits it sets and the bits it governs.
const FLAGS: [(&str, u32, u32); 12] = [
    ("4p", 0, 0x010),
    ("3p", 0x010, 0x010),
    ("tonpuu", 0, 0x008),
    ("hanchan", 0x008, 0x008),
    ("aka", 0, 0x002),
    ("no-aka", 0x002, 0x002),
    ("kuitan", 0, 0x004),
    ("no-kuitan", 0x004, 0x004),
    ("ippan", 0, 0x0A0),
    ("joukyuu", 0x080, 0x0A0),
    ("tokujou", 0x020, 0x0A0),
    ("houou", 0x0A0, 0x0A0),
];

/// The GO type of the `tenhou` preset before flags: against people, hanchan, red fives,
/// open tanyao, ippan room (0x009).
pub(crate) const TENHOU_DEFAULT: u32 = 0x009;

/// The GO type bits the reader's tile tables follow for a rule set: red fives (0x002 clear
/// when there are), three players (0x010), against people and hanchan otherwise.
pub(crate) fn go_type_of(rules: &RuleSet) -> u32 {
    let mut go_type = TENHOU_DEFAULT;
    if rules.hand.red_fives == RedFives::None {
        go_type |= 0x002;
    }
    if rules.hand.open_tanyao == OpenTanyao::Forbidden {
        go_type |= 0x004;
    }
    if rules.flow.length == GameLength::Tonpuusen {
        go_type &= !0x008;
    }
    if rules.players == Players::Three {
        go_type |= 0x010;
    }
    go_type
}

/// The rule points the text itself turns on, as the game a header declares sets them: which
/// fives are red, and what a riichi deposit takes when a `deposit` line states no scores. By
/// the rule set it names (a preset and its overrides, `buu` or `tenhou,red_fives=false`),
/// else Tenhou's, with the GO type's red fives (bit 0x002: none), then any overrides. A rule
/// file's own values are not known here (only a caller that knows where the record is reads
/// it): its record takes Tenhou's unless an override says. The reader and the writer both
/// ask this.
pub fn text_rules_of(header: &Header) -> TextRules {
    let of = |rules: &RuleSet| TextRules {
        red_fives: rules.hand.red_fives,
        riichi_deposit: rules.flow.riichi_deposit,
    };
    let mut declared = RuleSet::preset(haifu_ruleset::Preset::Tenhou);
    if header.rules.go_type & 0x002 != 0 {
        declared.hand.red_fives = RedFives::None;
    }
    let overrides = match &header.declared {
        Declared::Rules { rules, .. } => return of(rules),
        Declared::TenhouFlags {
            overrides: Some(overrides),
        }
        | Declared::File { overrides, .. } => overrides,
        _ => return of(&declared),
    };
    // (An override the rule set refuses was refused when the `rules` line was read.)
    let _ = overrides.apply(&mut declared);
    of(&declared)
}

/// What [`text_rules_of`] gives: the rule points the notation's bookkeeping follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TextRules {
    /// Which fives are red: a plain five of a suit with a red five never resolves to copy 0.
    pub red_fives: RedFives,
    /// What a riichi deposit takes from its declarer (Buu's riichi: nothing).
    pub riichi_deposit: i32,
}

/// Applies one rules flag word to a GO type; `false` if the word is not a flag.
pub(crate) fn apply_flag(word: &str, go_type: &mut u32) -> bool {
    if let Some((_, set, mask)) = FLAGS.iter().find(|f| f.0 == word) {
        *go_type = (*go_type & !mask) | set;
        return true;
    }
    match word {
        "fast" => *go_type |= 0x040,
        "cpu" => *go_type &= !0x001,
        _ => return false,
    }
    true
}

/// Writes the `rules` line's words for `rules`.
pub(crate) fn write_rules(header: &Header, out: &mut String) {
    let rules = &header.rules;
    // A declaration by name: the preset, then its overrides (Tenhou's with its flags first).
    let spec = match &header.declared {
        Declared::Undeclared { .. } | Declared::Refused(_) => None,
        declared => declared.spec(),
    };
    let name = spec
        .as_deref()
        .map_or("tenhou", |spec| spec.split(',').next().unwrap_or(spec));
    if name == "tenhou" {
        write_tenhou_flags(rules, out);
    } else {
        out.push_str("rules ");
        out.push_str(name);
    }
    // (The spec was built from the rules line's overrides: it reads.)
    let items = spec.and_then(|s| RuleSpec::parse(&s).ok());
    for (key, value) in items.iter().flat_map(|s| &s.overrides) {
        out.push(' ');
        out.push_str(key);
        out.push('=');
        out.push_str(&override_text(value));
    }
}

/// Writes `rules tenhou` and the words of Tenhou's GO type flags.
fn write_tenhou_flags(rules: &RuleFlags, out: &mut String) {
    let t = rules.go_type;
    out.push_str("rules tenhou");
    for group in FLAGS.chunks(2).take(4) {
        let mask = group[0].2;
        let pick = group.iter().find(|f| t & mask == f.1).unwrap_or(&group[0]);
        out.push(' ');
        out.push_str(pick.0);
    }
    let room = FLAGS[8..]
        .iter()
        .find(|f| t & 0x0A0 == f.1)
        .map_or("ippan", |f| f.0);
    out.push(' ');
    out.push_str(room);
    if t & 0x040 != 0 {
        out.push_str(" fast");
    }
    if t & 0x001 == 0 {
        out.push_str(" cpu");
    }
    if t & !0xFF != 0 {
        out.push_str(&format!(" bits=0x{:x}", t & !0xFF));
    }
}

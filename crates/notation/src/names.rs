//! The words of the notation: yaku names, limits, draw kinds, rule flags.

use haifu_log::{DrawKind, FuritenKind, Header, RuleFlags};
use haifu_ruleset::{Declared, GameLength, OpenTanyao, Players, RedFives, RuleSet};
use haifu_tiles::{HanSource, Limit, Yaku};

/// The number of yaku in the vocabulary: the slots of [`YAKU`] before dora, ura, aka, kita.
const YAKU_COUNT: usize = Yaku::ALL.len();

/// The notation's yaku list names: the vocabulary's yaku (those of [`Yaku::ALL`] in its
/// order), then dora, ura, aka and kita (see [`source_at`]), each as [`HanSource::name`]
/// gives it.
const YAKU: [&str; YAKU_COUNT + 4] = {
    let mut names = [""; YAKU_COUNT + 4];
    let mut i = 0;
    while i < names.len() {
        names[i] = source_at(i).name();
        i += 1;
    }
    names
};

/// The source a slot of [`YAKU`] names.
const fn source_at(slot: usize) -> HanSource {
    if slot < YAKU_COUNT {
        return HanSource::Yaku(Yaku::ALL[slot]);
    }
    match slot - YAKU_COUNT {
        0 => HanSource::Dora,
        1 => HanSource::Ura,
        2 => HanSource::Aka,
        _ => HanSource::Kita,
    }
}

/// A yaku name's slot in [`YAKU_SLOTS`] before probing: from its length and three of its
/// bytes.
const fn yaku_hash(b: &[u8]) -> usize {
    let n = b.len();
    if n == 0 {
        return 0;
    }
    (n * 7 + b[0] as usize * 3 + b[n - 1] as usize * 5 + b[n / 2] as usize) & 127
}

/// [`YAKU`] as an open-addressed hash table: each name's id at its [`yaku_hash`] slot or the
/// next free one after it; 0xFF for a free slot.
static YAKU_SLOTS: [u8; 128] = {
    let mut t = [0xFF; 128];
    let mut i = 0;
    while i < YAKU.len() {
        let mut h = yaku_hash(YAKU[i].as_bytes());
        while t[h] != 0xFF {
            h = (h + 1) & 127;
        }
        t[h] = i as u8;
        i += 1;
    }
    t
};

/// The yaku list entry a notation name names.
pub(crate) fn han_source(name: &str) -> Option<HanSource> {
    let mut h = yaku_hash(name.as_bytes());
    while let Some(&slot) = YAKU_SLOTS.get(h)
        && let Some(y) = YAKU.get(usize::from(slot))
    {
        if *y == name {
            return Some(source_at(usize::from(slot)));
        }
        h = (h + 1) & 127;
    }
    None
}

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

/// Which fives are red in the game a header declares: by the rule set it names (a preset
/// and its overrides, `buu` or `tenhou,red_fives=false`), else, for Tenhou's rules, by the GO
/// type (bit 0x002: no red fives) then any overrides. The reader and the writer both ask this.
pub(crate) fn red_fives_of(header: &Header) -> RedFives {
    let by_go_type = if header.rules.go_type & 0x002 != 0 {
        RedFives::None
    } else {
        RedFives::OnePerSuit
    };
    let overrides = match &header.declared {
        Declared::Rules { rules, .. } => return rules.hand.red_fives,
        Declared::TenhouFlags {
            overrides: Some(overrides),
        }
        | Declared::File { overrides, .. } => overrides,
        _ => return by_go_type,
    };
    let mut declared = RuleSet::preset(haifu_ruleset::Preset::Tenhou);
    declared.hand.red_fives = by_go_type;
    // (An override the rule set refuses was refused when the `rules` line was read.)
    let _ = overrides.apply(&mut declared);
    declared.hand.red_fives
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
    let (name, overrides) = match &spec {
        Some(spec) => spec.split_once(',').unwrap_or((spec.as_str(), "")),
        None => ("tenhou", ""),
    };
    if name == "tenhou" {
        write_tenhou_flags(rules, out);
    } else {
        out.push_str("rules ");
        out.push_str(name);
    }
    for o in top_level_items(overrides).filter(|o| !o.is_empty()) {
        out.push(' ');
        out.push_str(o);
    }
}

/// The comma-separated items of a rule spec's overrides, commas inside a table, an array or a
/// string left alone (`final_points={return_score=30000,uma=[20,10,-10,-20]}` is one item).
fn top_level_items(s: &str) -> impl Iterator<Item = &str> {
    let mut depth = 0i32;
    let mut quoted = false;
    let mut start = 0;
    let mut items = Vec::new();
    for (i, c) in s.char_indices() {
        match c {
            '"' => quoted = !quoted,
            '{' | '[' if !quoted => depth += 1,
            '}' | ']' if !quoted => depth -= 1,
            ',' if !quoted && depth == 0 => {
                items.push(&s[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    items.push(&s[start..]);
    items.into_iter()
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yaku_names() {
        for (i, name) in YAKU.iter().enumerate() {
            let source = source_at(i);
            assert_eq!(han_source(name), Some(source), "{name}");
            assert_eq!(source.name(), *name);
        }
        assert_eq!(
            han_source("sanshoku"),
            Some(HanSource::Yaku(Yaku::SanshokuDoujun))
        );
        for word in [
            "", "dor", "doraa", "Dora", "yaku", "yaku60", "tsumo", "riichi ",
        ] {
            assert_eq!(han_source(word), None, "{word}");
        }
    }
}

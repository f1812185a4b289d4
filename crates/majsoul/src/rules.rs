//! The rule set a record declares: its room (`mode.mode`) and a custom game's
//! `detail_rule`, field by field, as a `--rules` value on the `mahjong-soul` preset.

use haifu_ruleset::{Declared, Preset, RuleSet, RuleSpec};
use serde_json::Value;

/// What the configuration declares.
#[derive(Debug)]
pub(crate) struct Config {
    /// The number of players: 4 or 3.
    pub(crate) players: u8,
    /// Whether each suit (man, pin, sou) has a red five.
    pub(crate) red: [bool; 3],
    /// The rule set, when every switch the record sets has a rule point; else why there is
    /// none haifu can name (the switches that have no rule point).
    pub(crate) declared: Declared,
    /// The `detail_rule` fields whose meaning is not known here, with their values as
    /// written: kept, not interpreted.
    pub(crate) unknown: Vec<(String, String)>,
}

/// What went wrong with a configuration field: its name and what was expected.
#[derive(Debug)]
pub(crate) struct BadField {
    /// The field (`mode`, or a `detail_rule` key).
    pub(crate) key: String,
    /// What it should hold.
    pub(crate) expected: String,
}

/// A `detail_rule` field that decides nothing the referee rules on (time controls, hints, the
/// computer players' level).
const IGNORED: [&str; 4] = ["time_fixed", "time_add", "bianjietishi", "ai_level"];

/// Modes and local-yaku switches that change the game beyond any rule point: any value but 0
/// (or false) leaves the rule set undeclared.
const SPECIAL: [&str; 18] = [
    "guyi_mode",
    "dora3_mode",
    "begin_open_mode",
    "jiuchao_mode",
    "muyu_mode",
    "open_hand",
    "xuezhandaodi",
    "huansanzhang",
    "chuanma",
    "reveal_discard",
    "field_spell_mode",
    "zhanxing",
    "tianming_mode",
    "yongchang_mode",
    "hunzhiyiji_mode",
    "wanxiangxiuluo_mode",
    "beishuizhizhan_mode",
    "enable_shiti",
];

/// Reads the configuration: `mode` (`mode.mode`: 1 or 2 for four players East or South, 11
/// or 12 for three) and `detail_rule` (empty for the ranked rooms, which play the preset).
///
/// The mapping, field by field (absent fields keep the preset's value):
///
/// | `detail_rule` | rule point |
/// |---|---|
/// | `init_point` | `start_score` |
/// | `dora_count` 0 / 3 | `red_fives` false / true |
/// | `shiduan` | `open_tanyao` |
/// | `can_jifei` | `busting` (`below-zero` or false; false also `riichi_min_score = "any"`) |
/// | `enable_renhe` | `renhou` (`not-settled` when on: the room's value is not stated; false off) |
/// | `liqibang_value` | `riichi_deposit` |
/// | `changbang_value` | `honba_ron`, and a third of it `honba_tsumo` (four players) |
/// | `noting_fafu_1..3` | `noten_payment`, when they make one total (four players); else `not-settled` |
/// | `have_liujumanguan` | `nagashi_mangan` |
/// | `have_qieshangmanguan` | `kiriage_mangan` |
/// | `have_gang_biao_dora`, `ming_dora_immediately_open` | `kan_dora` (false, `immediate`) |
/// | `have_li_dora` | `ura_dora` |
/// | `have_sifenglianda`, `have_sigangsanle`, `have_sijializhi`, `have_jiuzhongjiupai` | `suufon_renda`, `suukaikan`, `suucha_riichi`, `kyuushu_kyuuhai` |
/// | `have_toutiao`, `have_sanjiahele` | `multiple_ron` (`head-bump`, `double-ron-triple-aborts`) |
/// | `have_tingpailianzhuang` | `renchan` (`win-or-tenpai` or `win-only`) |
/// | `have_helezhongju`, `have_tingpaizhongju`, `have_nanruxiru` with `fandian` | `agari_yame`, `tenpai_yame`, `extension` (the first two `not-settled` without `fandian`) |
/// | `have_yifa` | `ippatsu` |
/// | `jingsuanyuandian`, `shunweima_2..4` | `final_points` (first place's uma the rest's negated sum, to a tenth; three players `shunweima_2..3`); `not-known` when they do not make one |
/// | `disable_multi_yukaman`, `disable_composite_yakuman` | `yakuman_stacking = "highest"` |
/// | `disable_leijiyiman` | `kazoe_yakuman = "sanbaiman"` |
/// | `disable_double_yakuman` | `double_yakuman` |
/// | `disable_double_wind_four_fu` | `double_wind_pair_fu` (2 or 4) |
/// | `disable_angang_guoshi` | `kokushi_robs_ankan` |
///
/// Switches without a rule point leave the rule set undeclared when set away from the
/// standard game: no dora (`have_biao_dora` false), kan dora without kan ura, a minimum of
/// more than one han (`fanfu`), no renchan on a dealer's win, a three-player tsumo without
/// tsumo loss (`have_zimosun` false: how the North's share is paid then is not known),
/// an extension without the score it needs, a `dora_count` other than 0 or 3, and every
/// special mode and local-yaku switch (`guyi_mode`, `muyu_mode`, `enable_shiti`, …).
/// Time controls, hints and the computer players' level are ignored; any other field is kept
/// as unknown.
pub(crate) fn declared(
    mode: i64,
    detail: &[(&str, Value)],
    category: Option<i64>,
) -> Result<Config, BadField> {
    let (players, length) = match mode {
        1 => (4u8, "tonpuusen"),
        2 => (4, "hanchan"),
        11 => (3, "tonpuusen"),
        12 => (3, "hanchan"),
        _ => {
            return Err(BadField {
                key: "mode".to_owned(),
                expected: format!(
                    "{mode}: expected 1 or 2 (four players, East or South) or 11 or 12 (three players)"
                ),
            });
        }
    };
    let mut map = Mapper {
        players,
        overrides: Vec::new(),
        unsupported: Vec::new(),
        unknown: Vec::new(),
        red: [true; 3],
    };
    if length == "tonpuusen" {
        map.set("length", "tonpuusen");
    }
    map.detail(detail)?;
    // The three-player rooms have their own preset.
    let preset = if players == 3 {
        Preset::MahjongSoulSanma
    } else {
        Preset::MahjongSoul
    };
    let declared = if map.unsupported.is_empty() {
        let mut text = preset.name().to_owned();
        for (key, value) in &map.overrides {
            text.push(',');
            text.push_str(key);
            text.push('=');
            text.push_str(value);
        }
        let mut rules = RuleSet::preset(preset);
        RuleSpec::parse(&text)
            .and_then(|spec| spec.apply(&mut rules))
            .map_err(|e| BadField {
                key: "detail_rule".to_owned(),
                expected: format!("values the rule set takes ({e})"),
            })?;
        Declared::Rules {
            source: format!("the Mahjong Soul record's configuration ({})", rules.spec()),
            rules: Box::new(rules),
        }
    } else {
        let what = match category {
            Some(4) => "a tournament game",
            Some(1) => "a friendly game",
            _ => "a game",
        };
        Declared::Undeclared {
            why: format!(
                "{what} of Mahjong Soul whose configuration has no rule point for: {}",
                map.unsupported.join("; ")
            ),
            suggest: preset,
        }
    };
    Ok(Config {
        players,
        red: map.red,
        declared,
        unknown: map.unknown,
    })
}

struct Mapper {
    players: u8,
    /// Overrides as `key`, `value` in a `--rules` value's syntax.
    overrides: Vec<(&'static str, String)>,
    unsupported: Vec<String>,
    unknown: Vec<(String, String)>,
    red: [bool; 3],
}

/// A field's value as written, for messages.
fn shown(v: &Value) -> String {
    v.to_string()
}

impl Mapper {
    fn set(&mut self, key: &'static str, value: impl Into<String>) {
        self.overrides.retain(|(k, _)| *k != key);
        self.overrides.push((key, value.into()));
    }

    fn detail(&mut self, detail: &[(&str, Value)]) -> Result<(), BadField> {
        let get = |key: &str| detail.iter().find(|(k, _)| *k == key).map(|(_, v)| v);
        let bad = |key: &str, expected: &str| BadField {
            key: key.to_owned(),
            expected: expected.to_owned(),
        };
        // A switch: a boolean, or 0/1 as some fields write it.
        let flag = |key: &str| -> Result<Option<bool>, BadField> {
            match get(key) {
                None | Some(Value::Null) => Ok(None),
                Some(Value::Bool(b)) => Ok(Some(*b)),
                Some(Value::Number(n)) if n.as_i64() == Some(0) => Ok(Some(false)),
                Some(Value::Number(n)) if n.as_i64() == Some(1) => Ok(Some(true)),
                Some(_) => Err(bad(key, "true or false (or 1 or 0)")),
            }
        };
        let int = |key: &str| -> Result<Option<i64>, BadField> {
            match get(key) {
                None | Some(Value::Null) => Ok(None),
                Some(v) => v.as_i64().map(Some).ok_or_else(|| bad(key, "an integer")),
            }
        };
        let four = self.players == 4;

        if let Some(points) = int("init_point")? {
            self.set("start_score", points.to_string());
        }
        match int("dora_count")? {
            None | Some(3) => {}
            Some(0) => {
                self.red = [false; 3];
                self.set("red_fives", "false");
            }
            Some(n) => self.unsupported.push(format!(
                "dora_count = {n} (red fives other than none or one a suit)"
            )),
        }
        if let Some(open) = flag("shiduan")? {
            self.set("open_tanyao", open.to_string());
        }
        if let Some(bust) = flag("can_jifei")? {
            self.set("busting", if bust { "below-zero" } else { "false" });
            // Without busting a score below the deposit plays on, and the platform takes a
            // riichi there: its tournament records show riichi declared below 1000 points and
            // below zero.
            if !bust {
                self.set("riichi_min_score", "any");
            }
        }
        // Renhou as a local yaku: the room counts it, at a value its configuration does not
        // say. The rule point is not settled: a renhou is then refused with that reason, and
        // a game without one is ruled in full.
        match flag("enable_renhe")? {
            Some(true) => self.set("renhou", "not-settled"),
            Some(false) => self.set("renhou", "false"),
            None => {}
        }
        if let Some(v) = int("liqibang_value")? {
            self.set("riichi_deposit", v.to_string());
        }
        if let Some(v) = int("changbang_value")? {
            self.set("honba_ron", v.to_string());
            if four && v % 3 == 0 {
                self.set("honba_tsumo", (v / 3).to_string());
            } else {
                self.unsupported.push(format!(
                    "changbang_value = {v} (a tsumo's honba split among the payers)"
                ));
            }
        }
        let fafu = [
            int("noting_fafu_1")?,
            int("noting_fafu_2")?,
            int("noting_fafu_3")?,
        ];
        if fafu.iter().any(Option::is_some) {
            // Each noten seat pays `fafu_k` when `k` seats are tenpai: one total when
            // 3 × fafu_1 = 2 × fafu_2 = fafu_3.
            match fafu {
                [Some(a), Some(b), Some(c)]
                    if four
                        && a.checked_mul(3) == b.checked_mul(2)
                        && b.checked_mul(2) == Some(c) =>
                {
                    self.set("noten_payment", c.to_string());
                }
                // Another split has no rule value: not settled, so that only a draw whose
                // payments turn on it is refused, for that reason.
                _ => self.set("noten_payment", "not-settled"),
            }
        }
        if let Some(on) = flag("have_liujumanguan")? {
            self.set("nagashi_mangan", on.to_string());
        }
        if let Some(on) = flag("have_qieshangmanguan")? {
            self.set("kiriage_mangan", on.to_string());
        }
        if flag("have_biao_dora")? == Some(false) {
            self.unsupported
                .push("have_biao_dora = false (no dora at all)".to_owned());
        }
        let kan_dora = flag("have_gang_biao_dora")?;
        let immediately = flag("ming_dora_immediately_open")?;
        match (kan_dora, immediately) {
            (Some(false), _) => self.set("kan_dora", "false"),
            (_, Some(true)) => self.set("kan_dora", "immediate"),
            (_, Some(false)) => self.set("kan_dora", "ankan-now-open-at-discard"),
            _ => {}
        }
        let ura = flag("have_li_dora")?;
        if let Some(on) = ura {
            self.set("ura_dora", on.to_string());
        }
        if ura != Some(false)
            && kan_dora != Some(false)
            && flag("have_gang_li_dora")? == Some(false)
        {
            self.unsupported
                .push("have_gang_li_dora = false (ura dora without kan ura dora)".to_owned());
        }
        for (field, point) in [
            ("have_sifenglianda", "suufon_renda"),
            ("have_sigangsanle", "suukaikan"),
            ("have_sijializhi", "suucha_riichi"),
            ("have_jiuzhongjiupai", "kyuushu_kyuuhai"),
            ("have_yifa", "ippatsu"),
        ] {
            if let Some(on) = flag(field)? {
                self.set(point, on.to_string());
            }
        }
        match (flag("have_toutiao")?, flag("have_sanjiahele")?) {
            (Some(true), _) => self.set("multiple_ron", "head-bump"),
            (_, Some(true)) => self.set("multiple_ron", "double-ron-triple-aborts"),
            (Some(false), _) | (_, Some(false)) => self.set("multiple_ron", "all-win"),
            _ => {}
        }
        if flag("have_helelianzhuang")? == Some(false) {
            self.unsupported
                .push("have_helelianzhuang = false (no renchan on a dealer's win)".to_owned());
        }
        match flag("have_tingpailianzhuang")? {
            Some(true) => self.set("renchan", "win-or-tenpai"),
            Some(false) => self.set("renchan", "win-only"),
            None => {}
        }
        let fandian = int("fandian")?;
        for (field, point) in [
            ("have_helezhongju", "agari_yame"),
            ("have_tingpaizhongju", "tenpai_yame"),
            ("have_nanruxiru", "extension"),
        ] {
            match (flag(field)?, fandian) {
                (Some(false), _) => self.set(point, "false"),
                (Some(true), Some(target)) => self.set(point, target.to_string()),
                // The score it needs is not stated: not settled where the point has that
                // value (a game that reaches the question is refused for it).
                (Some(true), None) if point != "extension" => self.set(point, "not-settled"),
                (Some(true), None) => self.unsupported.push(format!(
                    "{field} = true without fandian (the score it needs)"
                )),
                (None, _) => {}
            }
        }
        let uma = [
            int("shunweima_2")?,
            int("shunweima_3")?,
            int("shunweima_4")?,
        ];
        match (int("jingsuanyuandian")?, uma) {
            (Some(ret), [Some(b), Some(c), Some(d)])
                if four
                    && let Some(a) = b
                        .checked_add(c)
                        .and_then(|s| s.checked_add(d))
                        .and_then(i64::checked_neg) =>
            {
                self.set(
                    "final_points",
                    format!("{{return_score={ret},uma=[{a},{b},{c},{d}],rounding=\"hundreds\"}}"),
                );
            }
            (Some(ret), [Some(b), Some(c), None])
                if !four && let Some(a) = b.checked_add(c).and_then(i64::checked_neg) =>
            {
                self.set(
                    "final_points",
                    format!("{{return_score={ret},uma=[{a},{b},{c}],rounding=\"hundreds\"}}"),
                );
            }
            (None, [None, None, None]) => {}
            // Placement points the reader cannot state are not known: the game is ruled in
            // full, its final points not checked.
            _ => self.set("final_points", "not-known"),
        }
        if flag("disable_multi_yukaman")? == Some(true)
            || flag("disable_composite_yakuman")? == Some(true)
        {
            self.set("yakuman_stacking", "highest");
        }
        if let Some(off) = flag("disable_leijiyiman")? {
            self.set("kazoe_yakuman", if off { "sanbaiman" } else { "yakuman" });
        }
        if let Some(off) = flag("disable_double_yakuman")? {
            self.set("double_yakuman", (!off).to_string());
        }
        if let Some(off) = flag("disable_double_wind_four_fu")? {
            self.set("double_wind_pair_fu", if off { "2" } else { "4" });
        }
        if let Some(off) = flag("disable_angang_guoshi")? {
            self.set("kokushi_robs_ankan", (!off).to_string());
        }
        match int("fanfu")? {
            None | Some(1) => {}
            Some(n) => self
                .unsupported
                .push(format!("fanfu = {n} (a minimum of more than one han)")),
        }
        // Tsumo loss is the three-player rooms' rule (a real ranked record pays it).
        if !four && flag("have_zimosun")? == Some(false) {
            self.unsupported
                .push("have_zimosun = false (a three-player tsumo without tsumo loss)".to_owned());
        }
        for key in SPECIAL {
            match get(key) {
                None | Some(Value::Null) | Some(Value::Bool(false)) => {}
                Some(Value::Number(n)) if n.as_i64() == Some(0) => {}
                Some(v) => self.unsupported.push(format!(
                    "{key} = {} (a special mode or local yaku)",
                    shown(v)
                )),
            }
        }
        const MAPPED: [&str; 44] = [
            "init_point",
            "enable_renhe",
            "dora_count",
            "shiduan",
            "can_jifei",
            "liqibang_value",
            "changbang_value",
            "noting_fafu_1",
            "noting_fafu_2",
            "noting_fafu_3",
            "have_liujumanguan",
            "have_qieshangmanguan",
            "have_biao_dora",
            "have_gang_biao_dora",
            "ming_dora_immediately_open",
            "have_li_dora",
            "have_gang_li_dora",
            "have_sifenglianda",
            "have_sigangsanle",
            "have_sijializhi",
            "have_jiuzhongjiupai",
            "have_yifa",
            "have_toutiao",
            "have_sanjiahele",
            "have_helelianzhuang",
            "have_tingpailianzhuang",
            "have_helezhongju",
            "have_tingpaizhongju",
            "have_nanruxiru",
            "fandian",
            "jingsuanyuandian",
            "shunweima_2",
            "shunweima_3",
            "shunweima_4",
            "disable_multi_yukaman",
            "disable_composite_yakuman",
            "disable_leijiyiman",
            "disable_double_yakuman",
            "disable_double_wind_four_fu",
            "disable_angang_guoshi",
            "fanfu",
            "have_zimosun",
            "time_fixed",
            "time_add",
        ];
        for (key, value) in detail {
            if !MAPPED.contains(key) && !SPECIAL.contains(key) && !IGNORED.contains(key) {
                self.unknown.push(((*key).to_owned(), shown(value)));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn detail(pairs: &[(&'static str, Value)]) -> Vec<(&'static str, Value)> {
        pairs.to_vec()
    }

    #[test]
    fn ranked_rooms_are_the_preset() {
        let d = declared(2, &[], Some(2)).unwrap();
        assert_eq!(d.declared.spec().as_deref(), Some("mahjong-soul"));
        assert_eq!(d.players, 4);
        let d = declared(1, &[], Some(2)).unwrap();
        assert_eq!(
            d.declared.spec().as_deref(),
            Some("mahjong-soul,length=tonpuusen")
        );
        let d = declared(12, &[], Some(2)).unwrap();
        assert_eq!(d.players, 3);
        assert_eq!(d.declared.spec().as_deref(), Some("mahjong-soul-sanma"));
        let d = declared(11, &[], Some(2)).unwrap();
        assert_eq!(
            d.declared.spec().as_deref(),
            Some("mahjong-soul-sanma,length=tonpuusen")
        );
        assert!(declared(3, &[], None).is_err());
    }

    #[test]
    fn switches_map_to_rule_points() {
        let d = declared(
            2,
            &detail(&[
                ("have_qieshangmanguan", Value::Bool(true)),
                ("have_toutiao", Value::Bool(true)),
                ("have_liujumanguan", Value::Bool(false)),
                ("disable_leijiyiman", Value::Bool(true)),
                ("time_add", Value::from(20)),
                ("something_new", Value::from(7)),
            ]),
            Some(4),
        )
        .unwrap();
        let spec = d.declared.spec().unwrap();
        for part in [
            "kiriage_mangan=true",
            "multiple_ron=head-bump",
            "nagashi_mangan=false",
            "kazoe_yakuman=sanbaiman",
        ] {
            assert!(spec.contains(part), "{spec} lacks {part}");
        }
        assert_eq!(
            d.unknown,
            vec![("something_new".to_owned(), "7".to_owned())]
        );
    }

    #[test]
    fn a_switch_without_a_rule_point_leaves_the_rules_undeclared() {
        let d = declared(2, &detail(&[("fanfu", Value::from(2))]), Some(4)).unwrap();
        assert!(d.declared.spec().is_none());
        assert!(why(&d).contains("fanfu = 2"));
        let d = declared(2, &detail(&[("muyu_mode", Value::from(1))]), Some(1)).unwrap();
        assert!(why(&d).contains("muyu_mode"));
        let d = declared(12, &detail(&[("muyu_mode", Value::from(1))]), Some(1)).unwrap();
        assert!(matches!(
            d.declared,
            Declared::Undeclared {
                suggest: Preset::MahjongSoulSanma,
                ..
            }
        ));
    }

    fn why(config: &Config) -> &str {
        match &config.declared {
            Declared::Undeclared { why, .. } => why,
            other => panic!("declared: {other:?}"),
        }
    }

    /// A tournament room without busting, with renhou on: declared, riichi at any score (its
    /// records show riichi below 1000 and below zero), renhou not settled (the room's value
    /// is not stated, so only a game with a renhou is refused, and for that reason).
    #[test]
    fn busting_off_allows_riichi_at_any_score_and_renhou_is_not_settled() {
        let d = declared(
            2,
            &detail(&[
                ("can_jifei", Value::Bool(false)),
                ("enable_renhe", Value::Bool(true)),
            ]),
            Some(4),
        )
        .unwrap();
        let rules = rules_of(&d);
        assert_eq!(rules.flow.busting, haifu_ruleset::Busting::Never);
        assert_eq!(
            rules.round.riichi_min_score,
            haifu_ruleset::RiichiMinScore::Any
        );
        assert_eq!(rules.hand.renhou, haifu_ruleset::Renhou::NotSettled);
        let d = declared(2, &detail(&[("enable_renhe", Value::Bool(false))]), Some(4)).unwrap();
        let rules = rules_of(&d);
        assert_eq!(rules.hand.renhou, haifu_ruleset::Renhou::None);
    }

    fn rules_of(config: &Config) -> RuleSet {
        match &config.declared {
            Declared::Rules { rules, .. } => **rules,
            other => panic!("declared: {other:?}"),
        }
    }

    /// A field whose value no rule value says leaves its point not settled (or, for the
    /// placement points, not known): the game is declared, and only a ruling that turns on
    /// the point is refused.
    #[test]
    fn a_value_without_a_rule_value_leaves_its_point_open_not_the_rules() {
        let d = declared(
            2,
            &detail(&[
                ("noting_fafu_1", Value::from(1000)),
                ("noting_fafu_2", Value::from(1000)),
                ("noting_fafu_3", Value::from(1000)),
                ("have_helezhongju", Value::Bool(true)),
                ("jingsuanyuandian", Value::from(30000)),
                ("shunweima_2", Value::from(10)),
            ]),
            Some(4),
        )
        .unwrap();
        let rules = rules_of(&d);
        assert_eq!(rules.flow.noten, haifu_ruleset::NotenPayment::NotSettled);
        assert_eq!(rules.flow.agari_yame, haifu_ruleset::Yame::NotSettled);
        assert_eq!(
            rules.flow.final_points,
            haifu_ruleset::FinalPoints::NotKnown
        );
    }

    /// Three players: second and third place's uma, first's their negated sum (written
    /// with a fourth entry, 0, which no place takes).
    #[test]
    fn three_player_uma() {
        let d = declared(
            12,
            &detail(&[
                ("jingsuanyuandian", Value::from(40000)),
                ("shunweima_2", Value::from(0)),
                ("shunweima_3", Value::from(-15)),
            ]),
            Some(4),
        )
        .unwrap();
        let spec = d.declared.spec().unwrap();
        assert!(
            spec.contains("uma=[15,0,-15,0]") && spec.contains("return_score=40000"),
            "{spec}"
        );
    }

    #[test]
    fn a_field_of_the_wrong_type_is_named() {
        let e = declared(2, &detail(&[("shiduan", Value::from("yes"))]), None).unwrap_err();
        assert_eq!(e.key, "shiduan");
    }
}

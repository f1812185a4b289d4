//! Rule files, overrides and `rules show`: every preset reads back to itself, and every
//! mistake in a file is located and names what is allowed.

use haifu_ruleset::{
    FIELDS, FilePlace, FinalPoints, KiriageMangan, MultipleRon, PointRounding, Preset, RuleError,
    RuleSet, RuleSpec, SpecBase, Uma,
};

#[test]
fn every_preset_reads_back_from_its_rule_file() {
    for preset in Preset::ALL {
        let rules = RuleSet::preset(preset);
        let text = rules.to_toml();
        assert_eq!(
            RuleSet::from_toml(&text, "show.toml"),
            Ok(rules),
            "{preset}:\n{text}"
        );
        // The file names every rule point once, after its base.
        assert!(text.contains(&format!("base = \"{}\"", preset.name())));
        for field in FIELDS {
            let key = format!("\n{} = ", field.name);
            assert_eq!(text.matches(&key).count(), 1, "{preset}: {}", field.name);
        }
    }
}

#[test]
fn every_preset_reads_back_from_its_spec() {
    for preset in Preset::ALL {
        assert_eq!(RuleSet::preset(preset).spec(), preset.name());
        assert_eq!(Preset::from_name(preset.name()), Some(preset));
    }
    // Every rule point of every preset, set on another preset, reads back through a spec.
    for from in Preset::ALL {
        for to in Preset::ALL {
            let mut rules = RuleSet::preset(to);
            for field in FIELDS {
                rules
                    .set(field.name, &(field.get)(&RuleSet::preset(from)))
                    .expect("a preset's own value is allowed");
            }
            let spec = rules.spec();
            let parsed = RuleSpec::parse(&spec).expect("the spec parses");
            assert_eq!(parsed.base, SpecBase::Preset(to), "{spec}");
            let mut back = RuleSet::preset(to);
            parsed.apply(&mut back).expect("the spec applies");
            assert_eq!(back, rules, "{spec}");
            // Every value but the base is the other preset's.
            back.base = from;
            assert_eq!(back, RuleSet::preset(from), "{spec}");
        }
    }
}

#[test]
fn short_names_are_the_current_editions() {
    assert_eq!(Preset::from_name("wrc"), Some(Preset::Wrc2015));
    assert_eq!(Preset::from_name("ema"), Some(Preset::Ema2016));
    assert_eq!(Preset::from_name("jpml"), Some(Preset::Jpml2024));
    assert_eq!(Preset::from_name("Tenhou"), None);
}

#[test]
fn overrides_read_toml_values_and_bare_words() {
    let spec = RuleSpec::parse(
        "wrc,kiriage_mangan=false,multiple_ron=all-win,final_points={return_score=25000,uma=[20,10,-10,-20],rounding=\"tenhou-thousands\"}",
    )
    .expect("parses");
    assert_eq!(spec.base, SpecBase::Preset(Preset::Wrc2015));
    let mut rules = RuleSet::preset(Preset::Wrc2015);
    spec.apply(&mut rules).expect("applies");
    assert_eq!(rules.hand.kiriage_mangan, KiriageMangan::Off);
    assert_eq!(rules.flow.multiple_ron, MultipleRon::AllWin);
    assert_eq!(
        rules.flow.final_points,
        FinalPoints::Uma {
            return_score: 25000,
            uma: Uma::Fixed([20, 10, -10, -20]),
            rounding: PointRounding::TenhouThousands,
        }
    );
    assert_eq!(
        rules.spec(),
        "wrc2015,kiriage_mangan=false,multiple_ron=all-win,final_points={return_score=25000,rounding=\"tenhou-thousands\",uma=[20,10,-10,-20]}"
    );
    assert_eq!(
        RuleSpec::parse("auto,kiriage_mangan=true").map(|s| s.base),
        Ok(SpecBase::Auto)
    );
    assert_eq!(
        RuleSpec::parse("rules/club.toml").map(|s| s.base),
        Ok(SpecBase::File("rules/club.toml".into()))
    );
}

#[test]
fn override_mistakes_name_what_is_allowed() {
    assert_eq!(
        RuleSpec::parse("tenhou,kiriage").unwrap_err(),
        RuleError::BadOverride("kiriage".to_owned())
    );
    let unknown = RuleSpec::parse("tenhou,kiriage=true")
        .unwrap_err()
        .to_string();
    assert!(
        unknown.starts_with(
            "no rule point is called \"kiriage\" (did you mean kiriage_mangan?): the keys are base, players, red_fives"
        ),
        "{unknown}"
    );
    let mut rules = RuleSet::preset(Preset::Tenhou);
    let bad = RuleSpec::parse("tenhou,multiple_ron=two")
        .expect("keys are checked when parsed, values when applied")
        .apply(&mut rules)
        .unwrap_err()
        .to_string();
    assert_eq!(
        bad,
        "multiple_ron cannot be \"two\": expected one of \"double-ron-triple-aborts\", \"head-bump\", \"head-bump-east-first\", \"head-bump-pair-pung-chow\", \"all-win\""
    );
}

fn located(text: &str) -> (FilePlace, String) {
    let e = RuleSet::from_toml(text, "club.toml").unwrap_err();
    let at = match &e {
        RuleError::Syntax { at, .. }
        | RuleError::MissingBase { at }
        | RuleError::UnknownPreset { at, .. }
        | RuleError::UnknownKey { at, .. }
        | RuleError::BadValue { at, .. } => at.clone().expect("located"),
        RuleError::BadOverride(_)
        | RuleError::DuplicateOverride(_)
        | RuleError::Inconsistent(_)
        | RuleError::Undeclared { .. }
        | RuleError::RuleFile { .. } => panic!("not a file error"),
    };
    (at, e.to_string())
}

#[test]
fn rule_file_mistakes_are_located() {
    let (at, msg) = located("base = \"wrc\"\nred_fives = true\nkiriage = false\n");
    assert_eq!((at.line, at.column), (3, 1));
    assert!(
        msg.starts_with("club.toml:3:1: no rule point is called \"kiriage\""),
        "{msg}"
    );

    let (at, msg) = located("base = \"wrc\"\n\n  double_wind_pair_fu = 3\n");
    assert_eq!((at.line, at.column), (3, 25));
    assert_eq!(
        msg,
        "club.toml:3:25: double_wind_pair_fu cannot be 3: expected one of 4, 2, \"not-settled\""
    );

    let (at, msg) = located("red_fives = false\n");
    assert_eq!((at.line, at.column), (1, 1));
    assert!(msg.contains("add base = \"PRESET\""), "{msg}");

    let (at, msg) = located("# a club\nbase = \"wrc2019\"\n");
    assert_eq!((at.line, at.column), (2, 8));
    assert!(msg.contains("no preset is called \"wrc2019\""), "{msg}");

    let (at, msg) = located("base = \"tenhou\"\nred_fives = \n");
    assert_eq!(at.line, 2);
    assert!(msg.starts_with("club.toml:2:"), "{msg}");
    assert!(msg.contains("not a TOML rule file"), "{msg}");
}

#[test]
fn a_rule_file_overrides_its_base() {
    let rules = RuleSet::from_toml(
        "base = \"tenhou\"\nkiriage_mangan = true\nagari_yame = false\n",
        "club.toml",
    )
    .expect("reads");
    assert_eq!(rules.base, Preset::Tenhou);
    assert_eq!(rules.spec(), "tenhou,kiriage_mangan=true,agari_yame=false");
}

#[test]
fn auto_takes_a_fallback_preset_or_file() {
    use haifu_ruleset::Fallback;
    let spec = RuleSpec::parse("auto:wrc,red_fives=true").expect("reads");
    assert_eq!(
        spec.base,
        SpecBase::AutoOr(Fallback::Preset(Preset::Wrc2015))
    );
    assert_eq!(spec.overrides.len(), 1);
    let spec = RuleSpec::parse("auto:rules/club.toml").expect("reads");
    assert_eq!(
        spec.base,
        SpecBase::AutoOr(Fallback::File("rules/club.toml".into()))
    );
    assert!(RuleSpec::parse("auto:").is_err());
}

#[test]
fn an_override_given_twice_is_refused() {
    assert_eq!(
        RuleSpec::parse("tenhou,red_fives=false,red_fives=true"),
        Err(RuleError::DuplicateOverride("red_fives".to_owned()))
    );
}

#[test]
fn a_slip_of_a_key_or_preset_is_named() {
    let err = RuleSpec::parse("tenhou,start_scor=30000").expect_err("no such key");
    assert!(
        err.to_string().contains("(did you mean start_score?)"),
        "{err}"
    );
    let err = RuleSet::from_toml("base = \"tenhuo\"\n", "club.toml").expect_err("no such preset");
    assert!(err.to_string().contains("(did you mean tenhou?)"), "{err}");
    // Nothing close: no guess.
    let err = RuleSpec::parse("tenhou,zzzz=1").expect_err("no such key");
    assert!(!err.to_string().contains("did you mean"), "{err}");
    // A value: among those the point takes.
    let mut rules = RuleSet::preset(haifu_ruleset::Preset::Tenhou);
    let err = RuleSpec::parse("tenhou,multiple_ron=headbump")
        .and_then(|spec| spec.apply(&mut rules))
        .expect_err("no such value");
    assert!(
        err.to_string().contains("(did you mean head-bump?)"),
        "{err}"
    );
    let err = RuleSet::from_toml("base = \"tenhou\"\nrenhou = \"mangn\"\n", "club.toml")
        .expect_err("no such value");
    assert!(err.to_string().contains("(did you mean mangan?)"), "{err}");
}

#[test]
fn points_that_do_not_make_a_rule_set_together_are_refused() {
    // Three places of uma for four players: the fourth would be 0, and the points no longer
    // sum to zero.
    let err = RuleSpec::parse(
        "tenhou,final_points={return_score=30000,uma=[30,10,-10],rounding=\"hundreds\"}",
    )
    .expect("reads")
    .apply(&mut RuleSet::preset(Preset::Tenhou))
    .expect_err("an uma that does not sum to zero");
    assert!(err.to_string().contains("sums to 30"), "{err}");
    let err = RuleSet::from_toml("base = \"tenhou\"\nstart_score = -5\n", "club.toml")
        .expect_err("a negative start");
    assert!(err.to_string().contains("positive"), "{err}");
    // Three places for three players are whole.
    let spec = RuleSpec::parse(
        "tenhou-sanma,final_points={return_score=40000,uma=[20,0,-20],rounding=\"hundreds\"}",
    )
    .expect("reads");
    spec.apply(&mut RuleSet::preset(Preset::TenhouSanma))
        .expect("a rule set");
    // A three-player preset at a table of four keeps its kita, which needs three players.
    let err = RuleSpec::parse("tenhou-sanma,players=4")
        .expect("reads")
        .apply(&mut RuleSet::preset(Preset::TenhouSanma))
        .expect_err("kita at four");
    assert!(
        err.to_string()
            .contains("kita = \"nukidora\" with players = 4"),
        "{err}"
    );
    // Without kita, its other three-player points are still set: each is refused by name.
    let err = RuleSpec::parse("tenhou-sanma,players=4,kita=\"not-played\"")
        .expect("reads")
        .apply(&mut RuleSet::preset(Preset::TenhouSanma))
        .expect_err("a three-player point at four");
    assert!(
        err.to_string().contains("kita_ron with players = 4"),
        "{err}"
    );
    RuleSpec::parse(
        "tenhou-sanma,players=4,kita=\"not-played\",kita_ron=\"not-settled\",kita_interrupts=\"not-settled\",kita_rinshan=\"not-settled\",three_player_tsumo=\"not-settled\"",
    )
    .expect("reads")
    .apply(&mut RuleSet::preset(Preset::TenhouSanma))
    .expect("without the points of a table of three, a rule set");
    // The reverse: a four-player preset at a table of three keeps its four places of uma
    // (+20/+10/-10/-20). The three places left would sum to +20, so it is refused, saying
    // how to mend it; a rule file is held to the same.
    let err = RuleSpec::parse("tenhou,players=3")
        .expect("reads")
        .apply(&mut RuleSet::preset(Preset::Tenhou))
        .expect_err("four places of uma at three");
    assert!(
        err.to_string().contains(
            "uma = [20, 10, -10, -20] with players = 3: a table of three has three places"
        ),
        "{err}"
    );
    let err = RuleSet::from_toml("base = \"tenhou\"\nplayers = 3\n", "club.toml")
        .expect_err("four places of uma at three, from a file");
    assert!(err.to_string().contains("with players = 3"), "{err}");
    // Mended either way: no placement points, or three places that sum to zero.
    RuleSpec::parse("tenhou,players=3,final_points=\"not-known\"")
        .expect("reads")
        .apply(&mut RuleSet::preset(Preset::Tenhou))
        .expect("without placement points, a rule set");
    RuleSpec::parse(
        "tenhou,players=3,final_points={return_score=30000,uma=[15,0,-15],rounding=\"hundreds\"}",
    )
    .expect("reads")
    .apply(&mut RuleSet::preset(Preset::Tenhou))
    .expect("three places summing to zero, a rule set");
    // A preset that computes no placement points (classic) takes players = 3 as it stands.
    RuleSpec::parse("classic,players=3")
        .expect("reads")
        .apply(&mut RuleSet::preset(Preset::Classic))
        .expect("classic at three");
}

#[test]
fn every_preset_makes_a_rule_set() {
    for p in Preset::ALL {
        assert_eq!(RuleSet::preset(p).check(), Ok(()), "{}", p.name());
    }
}

#[test]
fn a_bare_word_names_what_the_point_takes() {
    // TOML reads `no` as nothing ("invalid float, expected nan").
    let err = RuleSet::from_toml("base = \"tenhou\"\nred_fives = no\n", "club.toml")
        .expect_err("a bare word");
    let text = err.to_string();
    assert!(
        text.starts_with("club.toml:2:13: red_fives cannot be no: expected"),
        "{text}"
    );
    assert!(!text.contains("nan"), "{text}");
    // A word the point takes as a string: quote it.
    let err = RuleSet::from_toml("base = \"tenhou\"\nlength = hanchan\n", "club.toml")
        .expect_err("a bare word");
    assert!(err.to_string().contains("\"hanchan\", in quotes"), "{err}");
}

/// A start score changed with the base's thresholds left as they were is warned about, naming
/// the thresholds kept; moved together, or the start kept, there is no warning.
#[test]
fn a_changed_start_with_the_base_thresholds_is_warned_about() {
    let warned = RuleSet::from_toml("base = \"tenhou\"\nstart_score = 30000\n", "club.toml")
        .expect("a rule set");
    let warnings = warned.warnings();
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(
        warnings[0].starts_with("start_score = 30000 where tenhou starts at 25000, but agari_yame = 30000, tenpai_yame = 30000, extension = 30000"),
        "{warnings:?}"
    );
    let moved = RuleSet::from_toml(
        "base = \"tenhou\"\nstart_score = 30000\nagari_yame = 35000\ntenpai_yame = 35000\nextension = 35000\n",
        "club.toml",
    )
    .expect("a rule set");
    assert_eq!(moved.warnings(), Vec::<String>::new());
    assert_eq!(
        RuleSet::preset(Preset::Tenhou).warnings(),
        Vec::<String>::new()
    );
}

/// Issue 27: every rule point of a table of three, set at four, is refused alone, saying how
/// to mend it; the same values at three make a rule set.
#[test]
fn each_point_of_a_table_of_three_is_refused_at_four() {
    for (point, value) in [
        ("kita", "\"nukidora\""),
        ("kita_ron", "\"chankan\""),
        ("kita_interrupts", "\"nothing\""),
        ("kita_rinshan", "true"),
        ("three_player_tsumo", "\"north-split\""),
    ] {
        let spec = format!("tenhou,{point}={value}");
        let err = RuleSpec::parse(&spec)
            .expect("reads")
            .apply(&mut RuleSet::preset(Preset::Tenhou))
            .expect_err(&spec)
            .to_string();
        let mend = if point == "kita" {
            "(set kita = \"not-played\", or players = 3)".to_owned()
        } else {
            format!("(set {point} = \"not-settled\", or players = 3)")
        };
        assert!(
            err.contains("with players = 4") && err.contains(&mend),
            "{spec}: {err}"
        );
        let spec = format!("tenhou-sanma,{point}={value}");
        RuleSpec::parse(&spec)
            .expect("reads")
            .apply(&mut RuleSet::preset(Preset::TenhouSanma))
            .unwrap_or_else(|e| panic!("{spec}: {e}"));
    }
}

//! A vector suite that nothing can fail is worthless: the vectors of the real games, written
//! under each game's own rules, are checked by the reference checker under rule sets that
//! differ from it in one rule point each, and every such change must be caught by some
//! vector (a legal set, a furiten, a yaku, a fu item, a payment, a next round, or a vector
//! the changed engine no longer reaches).

use haifu_log::GameLog;
use haifu_ruleset::RuleSpec;
use haifu_vectors::{Kinds, Options};

/// One-point changes, each with what it changes in a real game. The first five change
/// decisions and are checked against every vector; the others change values, and are checked
/// against the wins, draws and transitions alone (a suite of those kinds: quicker).
const MUTATIONS: [&str; 16] = [
    "open_tanyao=false",     // an open all-simples hand has no yaku: no ron, no tsumo
    "red_fives=false",       // no aka han, and the fives' names
    "kuikae=allowed",        // the swap discards after a call become legal
    "kyuushu_kyuuhai=false", // the nine-terminals abort is no action
    "furiten=false",         // a furiten seat may ron
    "kiriage_mangan=true",   // 4 han 30 fu paid as mangan
    "double_wind_pair_fu=2", // a pair of the seat wind that is also the round's
    "ura_dora=false",        // no ura han
    "ippatsu=false",         // no ippatsu han
    "noten_payment=1000",    // an exhaustive draw's payments
    "honba_ron=600",         // a win's honba
    "nagashi_mangan=false",  // nagashi is no draw of its own
    "start_score=30000",     // every transition's scores
    "rinshan_fu=no-tsumo-fu", // a rinshan win's fu
    "riichi_deposit=2000",   // the sticks and scores
    "kazoe_yakuman=sanbaiman", // 13 han counted
];

/// How many of [`MUTATIONS`] change decisions.
const DECISIONS: usize = 5;

#[test]
fn every_one_point_change_is_caught() {
    let Some(dir) = haifu_testkit::tenhou_corpus() else {
        return;
    };
    let specs: Vec<RuleSpec> = MUTATIONS
        .iter()
        .map(|m| RuleSpec::parse(&format!("auto,{m}")).expect("a rule point"))
        .collect();
    let mut caught: Vec<Option<String>> = vec![None; MUTATIONS.len()];
    let mut log = GameLog::new();
    let options = Options {
        kinds: Kinds::ALL,
        every: 1,
    };
    let mut games = 0;
    for entry in haifu_testkit::manifest(&dir) {
        if caught.iter().all(Option::is_some) {
            break;
        }
        games += 1;
        let bytes = std::fs::read(dir.join(&entry.file)).expect("corpus file reads");
        haifu_tenhou::read_into(&bytes, &mut log).expect("corpus file parses");
        log.header.game_id = haifu_tenhou::game_id_from_file_name(&entry.file).map(str::to_owned);
        let own = haifu::declared_rules(&log).expect("declared").rules;
        let key = haifu_vectors::game_key(&bytes);
        let mut suite = String::new();
        haifu_vectors::write_game(&log, &own, &key, options, &mut suite).expect("vectors");
        let all = || suite.lines().enumerate().map(|(i, l)| (i + 1, l));
        let values = || all().filter(|(_, l)| !l.contains(r#""kind":"decision""#));
        // The suite passes under the rules it was written under.
        if games <= 3 {
            let clean = haifu_vectors::check::check_game(&log, &own, &key, all()).expect("checks");
            assert!(clean.is_empty(), "{}: {:?}", entry.file, clean.first());
        }
        for (i, spec) in specs.iter().enumerate() {
            if caught[i].is_some() {
                continue;
            }
            let mut rules = own;
            spec.apply(&mut rules).expect("applies");
            if rules == own {
                continue;
            }
            let found = if i < DECISIONS {
                haifu_vectors::check::check_game(&log, &rules, &key, all())
            } else {
                haifu_vectors::check::check_game(&log, &rules, &key, values())
            };
            if let Ok(found) = found
                && let Some(first) = found.first()
            {
                caught[i] = Some(format!("{} ({} vectors)", first.field, found.len()));
            }
        }
    }
    let missed: Vec<&str> = MUTATIONS
        .iter()
        .zip(&caught)
        .filter(|(_, c)| c.is_none())
        .map(|(m, _)| *m)
        .collect();
    assert!(missed.is_empty(), "not caught in {games} games: {missed:?}");
    for (m, c) in MUTATIONS.iter().zip(&caught) {
        eprintln!("{m}: caught by {}", c.as_deref().unwrap_or(""));
    }
}

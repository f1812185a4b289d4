//! Shared by the corpus test and the bench: finding the real Tenhou corpus (read in place,
//! never copied) and turning each recorded four-player win into a scoring input.

#![allow(dead_code)]

use std::path::PathBuf;

use arrayvec::ArrayVec;
use haifu_log::{Event, GameLog, RecordedWin};
use haifu_rules::{HanSource, RiichiDeclaration, Situation, WinMethod, WinningHand, Yaku};
use haifu_ruleset::RuleSet;
use haifu_tiles::{Meld, Tile, Wind};

/// The corpus directory (see `haifu_testkit::tenhou_corpus`).
pub(crate) fn tenhou_corpus() -> Option<PathBuf> {
    haifu_testkit::tenhou_corpus()
}

/// Every `.xml` game of the corpus, sorted by name.
pub(crate) fn corpus_files(dir: &std::path::Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("the corpus directory reads")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "xml"))
        .collect();
    files.sort();
    files
}

/// A recorded four-player win with everything scoring needs, owned.
#[derive(Clone, Debug)]
pub(crate) struct WinCase {
    /// Where it comes from: `file#n` (n-th win of the game, from 1).
    pub(crate) label: String,
    /// The rules of the game's lobby.
    pub(crate) rules: RuleSet,
    /// Concealed tiles without the winning tile.
    pub(crate) concealed: ArrayVec<Tile, 13>,
    /// The melds in call order.
    pub(crate) melds: ArrayVec<Meld, 4>,
    /// The inputs other than tiles.
    pub(crate) winning_tile: Tile,
    pub(crate) method: WinMethod,
    pub(crate) seat_wind: Wind,
    pub(crate) round_wind: Wind,
    pub(crate) dora: ArrayVec<Tile, 5>,
    pub(crate) ura: ArrayVec<Tile, 5>,
    pub(crate) riichi: RiichiDeclaration,
    pub(crate) situation: Situation,
    /// Honba and sticks this winner collects (0 for the second winner of a double ron).
    pub(crate) honba: u32,
    pub(crate) sticks: u32,
    /// What the log recorded.
    pub(crate) recorded: RecordedWin,
}

impl WinCase {
    /// The scoring input.
    pub(crate) fn win(&self) -> WinningHand<'_> {
        WinningHand {
            concealed: &self.concealed,
            winning_tile: self.winning_tile,
            melds: &self.melds,
            method: self.method,
            seat_wind: self.seat_wind,
            round_wind: self.round_wind,
            dora_indicators: &self.dora,
            dora_count: 0,
            kita: 0,
            ura_indicators: &self.ura,
            riichi: self.riichi,
            situation: self.situation,
            honba: self.honba,
            riichi_sticks: self.sticks,
        }
    }
}

/// The four-player wins of one game (none for sanma, GO bit 0x10).
///
/// The situation comes from the recorded yaku list (riichi, double riichi, ippatsu, chankan,
/// rinshan, haitei, houtei, tenhou, chiihou); a yakuman win shows riichi only through its ura
/// indicators. Tenhou lists the AGARI melds newest first: they are reversed into call order.
pub(crate) fn wins_of(name: &str, log: &GameLog) -> Vec<WinCase> {
    let go_type = log.header.rules.go_type;
    if go_type & 0x10 != 0 {
        return Vec::new();
    }
    let rules = haifu_tenhou::declared_rules(log).rules;
    let mut out = Vec::new();
    let mut round = None;
    let mut previous_was_win = false;
    let mut n = 0;
    for event in log.events() {
        match event {
            Event::RoundStart(r) => {
                round = Some((r.dealer, r.round_wind));
                previous_was_win = false;
            }
            Event::Win(w) => {
                n += 1;
                let Some((dealer, round_wind)) = round else {
                    panic!("{name}: a win before any round start");
                };
                let mut concealed: ArrayVec<Tile, 13> = ArrayVec::new();
                let mut skipped = false;
                for &t in &w.hand {
                    if t == w.winning_tile && !skipped {
                        skipped = true;
                    } else {
                        concealed.push(t);
                    }
                }
                assert!(skipped, "{name}: the winning tile is not in the hand");
                let mut melds = w.melds.clone();
                melds.reverse();
                let named: Vec<Yaku> = w
                    .yaku
                    .iter()
                    .filter_map(|y| match y.source {
                        HanSource::Yaku(y) => Some(y),
                        _ => None,
                    })
                    .chain(w.yakuman.iter().copied())
                    .collect();
                let riichi = if named.contains(&Yaku::DoubleRiichi) {
                    RiichiDeclaration::DoubleRiichi
                } else if named.contains(&Yaku::Riichi) || !w.ura_indicators.is_empty() {
                    RiichiDeclaration::Riichi
                } else {
                    RiichiDeclaration::None
                };
                let situation = named
                    .iter()
                    .filter_map(|y| Situation::of_yaku(*y))
                    .fold(Situation::NONE, Situation::union);
                let (honba, sticks) = if previous_was_win {
                    (0, 0)
                } else {
                    (w.honba, w.sticks)
                };
                out.push(WinCase {
                    label: format!("{name}#{n}"),
                    rules,
                    concealed,
                    melds,
                    winning_tile: w.winning_tile,
                    method: if w.is_tsumo() {
                        WinMethod::Tsumo
                    } else {
                        WinMethod::Ron
                    },
                    seat_wind: w.winner.wind(dealer),
                    round_wind,
                    dora: w.dora_indicators.clone(),
                    ura: w.ura_indicators.clone(),
                    riichi,
                    situation,
                    honba,
                    sticks,
                    recorded: w.clone(),
                });
                previous_was_win = true;
            }
            _ => previous_was_win = false,
        }
    }
    out
}

/// Every four-player win of the corpus, with the number of games read.
pub(crate) fn all_wins(dir: &std::path::Path) -> (usize, Vec<WinCase>) {
    let mut log = GameLog::new();
    let mut wins = Vec::new();
    let files = corpus_files(dir);
    for path in &files {
        let bytes = std::fs::read(path).expect("corpus file reads");
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        haifu_tenhou::read_into(&bytes, &mut log)
            .unwrap_or_else(|e| panic!("{name}: does not read: {e}"));
        wins.extend(wins_of(&name, &log));
    }
    (files.len(), wins)
}

//! Reader conformance on the hand-made files of `corpus/parse/tenhou/` (see `corpus/README.md`):
//!
//! - every `ok/` file reads with no unknown attribute, is internally plausible (a hard
//!   assertion: physical tiles, hands, calls, score arithmetic), and renders, one line per
//!   event, to `snapshots/parse/tenhou/ok/<file>.snap`;
//! - every `err/` file is refused, and its located message `{file}:{line}:{col}: {message}`,
//!   with the line it points at, matches `snapshots/parse/tenhou/err/<file>.snap`.
//!
//! Snapshots are named after their input file (never by glob's common prefix), and a snapshot
//! whose input is gone fails the test, so renaming a case cannot leave a stale one behind.
//! Accept new or changed snapshots only after reading them: `INSTA_UPDATE=always cargo test
//! -p haifu-tenhou --test parse` (or `cargo insta review`). Under `CI=true` insta never writes.

use std::fmt::Write as _;
use std::io::Read as _;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};

use haifu_log::{DrawKind, Event, GameLog, ParseError, RecordedWin, RiichiStage, RoundStart};
use haifu_tiles::{BySeat, Meld, MeldKind, Seat, Tile, TileList};

/// The workspace root (two levels above this crate).
fn workspace() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .and_then(Path::parent)
        .expect("the crate sits in <workspace>/crates/")
}

/// The input files of `corpus/parse/tenhou/<kind>/`, sorted, without dotfiles.
fn inputs(kind: &str) -> Vec<PathBuf> {
    let dir = workspace().join("corpus/parse/tenhou").join(kind);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.is_file() && !file_name(p).starts_with('.'))
        .collect();
    files.sort();
    files
}

fn file_name(path: &Path) -> &str {
    path.file_name()
        .and_then(|n| n.to_str())
        .expect("corpus file names are UTF-8")
}

/// The path relative to the workspace, with `/` separators, as messages show it.
fn relative(path: &Path) -> String {
    path.strip_prefix(workspace())
        .unwrap_or(path)
        .to_string_lossy()
        .replace('\\', "/")
}

fn snapshot_dir(kind: &str) -> PathBuf {
    workspace().join("snapshots/parse/tenhou").join(kind)
}

/// Asserts `rendered` against `snapshots/parse/tenhou/<kind>/<file name>.snap`.
fn assert_snapshot(kind: &str, input: &Path, rendered: &str) {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(snapshot_dir(kind));
    settings.set_prepend_module_to_snapshot(false);
    settings.set_input_file(input);
    settings.set_omit_expression(true);
    settings.bind(|| insta::assert_snapshot!(file_name(input), rendered));
}

/// Runs `check` on every input of `kind`, reports every failing file at once, and rejects
/// snapshots that no input refers to.
fn for_each_input(kind: &str, check: impl Fn(&Path)) {
    let files = inputs(kind);
    assert!(!files.is_empty(), "no inputs in corpus/parse/tenhou/{kind}");
    let failed: Vec<String> = files
        .iter()
        .filter(|path| catch_unwind(AssertUnwindSafe(|| check(path))).is_err())
        .map(|path| relative(path))
        .collect();
    let names: Vec<&str> = files.iter().map(|p| file_name(p)).collect();
    let mut orphans = Vec::new();
    if let Ok(entries) = std::fs::read_dir(snapshot_dir(kind)) {
        for entry in entries {
            let path = entry.expect("directory entry").path();
            if let Some(stem) = file_name(&path).strip_suffix(".snap")
                && !names.contains(&stem)
            {
                orphans.push(relative(&path));
            }
        }
    }
    assert!(
        failed.is_empty() && orphans.is_empty(),
        "failed: {failed:#?}\nsnapshots without an input (delete them): {orphans:#?}"
    );
}

#[test]
fn err_files_are_refused_with_located_messages() {
    for_each_input("err", |path| {
        let bytes = std::fs::read(path).expect("corpus file reads");
        let err = match haifu_tenhou::read(&bytes) {
            Ok(log) => panic!(
                "{}: read without error ({} events)",
                relative(path),
                log.len()
            ),
            Err(err) => err,
        };
        assert_snapshot("err", path, &render_error(path, &bytes, &err));
    });
}

#[test]
fn ok_files_read_cleanly() {
    for_each_input("ok", |path| {
        let bytes = std::fs::read(path).expect("corpus file reads");
        let log = haifu_tenhou::read(&bytes).unwrap_or_else(|e| panic!("{}:{e}", relative(path)));
        assert!(
            log.unknown.is_empty(),
            "{}: unknown attributes {:#?}",
            relative(path),
            log.unknown
        );
        let problems = implausibilities(&log);
        assert!(
            problems.is_empty(),
            "{} is not internally plausible:\n{}",
            relative(path),
            problems.join("\n")
        );
        assert!(
            log.final_result().is_some(),
            "{}: the last outcome carries no owari",
            relative(path)
        );
        assert_snapshot("ok", path, &render_log(&log));
    });
}

// ---- err rendering ----

/// `{file}:{line}:{col}: {message}`, then the line it points at with a caret under the column
/// (a window of it when long; bytes outside printable ASCII shown as `·`). For gzip input the
/// location refers to the decompressed XML, so that is what is shown.
fn render_error(path: &Path, bytes: &[u8], err: &ParseError) -> String {
    let mut out = format!("{}:{err}\n", relative(path));
    let mut inflated = Vec::new();
    let text = if bytes.starts_with(&[0x1f, 0x8b])
        && flate2::read::MultiGzDecoder::new(bytes)
            .read_to_end(&mut inflated)
            .is_ok()
    {
        &inflated[..]
    } else {
        bytes
    };
    let Some(line) = text
        .split(|&b| b == b'\n')
        .nth(err.location.line as usize - 1)
    else {
        return out;
    };
    let col = err.location.column as usize - 1;
    let start = col.saturating_sub(40);
    let end = line.len().min(start + 80);
    let shown: String = line
        .get(start..end)
        .unwrap_or_default()
        .iter()
        .map(|&b| {
            if (0x20..0x7f).contains(&b) {
                char::from(b)
            } else {
                '·'
            }
        })
        .collect();
    let (lead, tail) = (
        if start > 0 { "…" } else { "" },
        if end < line.len() { "…" } else { "" },
    );
    let gutter = format!("{:>4} | ", err.location.line);
    let _ = writeln!(out, "{gutter}{lead}{shown}{tail}");
    let _ = writeln!(
        out,
        "{:>4} | {}^",
        "",
        " ".repeat(col - start + lead.chars().count())
    );
    out
}

// ---- ok rendering: one line per event ----

fn tiles(t: &[Tile]) -> String {
    if t.is_empty() {
        "-".to_owned()
    } else {
        TileList::tiles(t).to_string()
    }
}

fn seats<T: std::fmt::Display>(v: &BySeat<T>) -> String {
    v.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

fn meld(m: &Meld) -> String {
    let mut s = m.to_string();
    if let Some(c) = m.called {
        let _ = write!(s, " called {c}");
    }
    if let Some(a) = m.added {
        let _ = write!(s, " added {a}");
    }
    if let Some(f) = m.from {
        let _ = write!(s, " from {f}");
    }
    s
}

fn render_log(log: &GameLog) -> String {
    let h = &log.header;
    let mut out = String::new();
    let opt = |o: &Option<String>| o.as_deref().map_or("-".to_owned(), |s| format!("{s:?}"));
    let _ = writeln!(
        out,
        "header {} ver {} go_type {} lobby {}",
        h.format,
        opt(&h.version),
        h.rules.go_type,
        h.rules.lobby.map_or("-".to_owned(), |l| l.to_string())
    );
    for (name, v) in [
        ("title", &h.rules.title),
        ("rule", &h.rules.rule),
        ("ranking", &h.rules.ranking),
        ("csrule", &h.rules.csrule),
        ("seed", &h.seed),
        ("seed_ref", &h.seed_ref),
    ] {
        if v.is_some() {
            let _ = writeln!(out, "  {name} {}", opt(v));
        }
    }
    for (seat, p) in h.players.iter_seats() {
        let _ = write!(out, "player {seat} {:?}", p.name);
        if let Some(d) = p.dan {
            let _ = write!(out, " dan {d}");
        }
        if let Some(r) = p.rate {
            let _ = write!(out, " rate {r:.2}");
        }
        if let Some(s) = &p.sex {
            let _ = write!(out, " sx {s}");
        }
        if let Some(rc) = p.rc {
            let _ = write!(out, " rc {rc}");
        }
        if let Some(g) = p.gold {
            let _ = write!(out, " gold {g}");
        }
        out.push('\n');
    }
    if let Some(d) = h.first_dealer {
        let _ = writeln!(out, "first_dealer {d}");
    }
    for event in log.events() {
        render_event(&mut out, event);
    }
    out
}

fn render_event(out: &mut String, event: Event<'_>) {
    match event {
        Event::RoundStart(r) => render_round_start(out, r),
        Event::DrawTile { seat, tile } => {
            let _ = writeln!(out, "draw {seat} {tile}");
        }
        Event::Discard {
            seat,
            tile,
            tsumogiri,
        } => {
            let how = if tsumogiri { " tsumogiri" } else { "" };
            let _ = writeln!(out, "discard {seat} {tile}{how}");
        }
        Event::Call { seat, meld: m } => {
            let _ = writeln!(out, "call {seat} {}", meld(&m));
        }
        Event::Riichi {
            seat,
            stage,
            scores,
        } => {
            let stage = match stage {
                RiichiStage::Declared => "declared",
                RiichiStage::DepositTaken => "deposit_taken",
            };
            let _ = write!(out, "riichi {seat} {stage}");
            if let Some(s) = scores {
                let _ = write!(out, " scores {}", seats(s));
            }
            out.push('\n');
        }
        Event::NewDora { indicator } => {
            let _ = writeln!(out, "new_dora {indicator}");
        }
        Event::Disconnect { seat } => {
            let _ = writeln!(out, "disconnect {seat}");
        }
        Event::Reconnect { seat, name } => {
            let _ = writeln!(out, "reconnect {seat} {name:?}");
        }
        // Tenhou logs leave no moves out.
        Event::Elided => out.push_str("elided\n"),
        // Tenhou logs hold no mistakes at the table.
        Event::Mistake { seat, mistake, .. } => {
            let _ = writeln!(out, "mistake {seat} {}", mistake.name());
        }
        Event::Win(w) => render_win(out, w),
        Event::RoundDraw(d) => {
            let _ = writeln!(
                out,
                "round_draw {} honba {} sticks {}",
                d.kind.as_str(),
                d.honba,
                d.sticks
            );
            for (seat, shown) in d.shown.iter_seats() {
                if let Some(hand) = shown {
                    let _ = writeln!(out, "  shown {seat} {}", tiles(hand));
                }
            }
            render_settlement(out, &d.scores, &d.deltas, d.chips.as_deref(), d.ratio);
            render_final(out, d.final_result.as_deref());
        }
        Event::GameEnd(f) => render_final(out, Some(f)),
    }
}

fn render_round_start(out: &mut String, r: &RoundStart) {
    let _ = writeln!(
        out,
        "round_start {}{} honba {} sticks {} dice {} dora {} dealer {} scores {}",
        r.round_wind,
        r.round_number,
        r.honba,
        r.sticks,
        r.dice.map_or("-".to_owned(), |[a, b]| format!("{a}+{b}")),
        r.dora_indicator,
        r.dealer,
        seats(&r.scores)
    );
    if let Some(c) = &r.chips {
        let _ = writeln!(out, "  chips {}", seats(c));
    }
    if let Some(s) = &r.shuffle {
        let _ = writeln!(out, "  shuffle {s:?}");
    }
    for (seat, hand) in r.hands.iter_seats() {
        let _ = writeln!(out, "  hand {seat} {}", tiles(hand));
    }
}

fn render_win(out: &mut String, w: &RecordedWin) {
    let how = if w.is_tsumo() {
        "tsumo".to_owned()
    } else {
        format!("ron from {}", w.from)
    };
    let _ = write!(
        out,
        "win {} {how} on {} honba {} sticks {}",
        w.winner, w.winning_tile, w.honba, w.sticks
    );
    if let Some(p) = w.pao {
        let _ = write!(out, " pao {p}");
    }
    out.push('\n');
    let _ = writeln!(out, "  hand {}", tiles(&w.hand));
    for m in &w.melds {
        let _ = writeln!(out, "  meld {}", meld(m));
    }
    let yaku: Vec<String> = w
        .yaku
        .iter()
        .map(|y| format!("{}:{}", haifu_tenhou::ids::han_source_id(y.source), y.han))
        .collect();
    // Written with Tenhou's numbers, as the log has them: the reader's mapping is lossless.
    let yakuman: Vec<String> = w
        .yakuman
        .iter()
        .map(|&y| haifu_tenhou::ids::han_source_id(haifu_tiles::HanSource::Yaku(y)).to_string())
        .collect();
    let limit_code = haifu_tiles::Limit::ALL
        .iter()
        .position(|l| *l == w.limit)
        .unwrap_or(9);
    let _ = writeln!(
        out,
        "  fu {} points {} limit {} yaku {} yakuman {}",
        w.fu.map_or("-".to_owned(), |f| f.to_string()),
        w.points,
        limit_code,
        if yaku.is_empty() {
            "-".to_owned()
        } else {
            yaku.join(",")
        },
        if yakuman.is_empty() {
            "-".to_owned()
        } else {
            yakuman.join(",")
        },
    );
    let _ = writeln!(
        out,
        "  dora {} ura {}",
        tiles(&w.dora_indicators),
        tiles(&w.ura_indicators)
    );
    if !w.chip_awards.is_empty() {
        let awards: Vec<String> = w
            .chip_awards
            .iter()
            .map(|c| format!("{}:{}", haifu_tenhou::ids::han_source_id(c.source), c.chips))
            .collect();
        let _ = writeln!(out, "  chip_awards {}", awards.join(","));
    }
    render_settlement(out, &w.scores, &w.deltas, w.chips.as_deref(), w.ratio);
    render_final(out, w.final_result.as_deref());
}

fn render_settlement(
    out: &mut String,
    scores: &BySeat<i32>,
    deltas: &BySeat<i32>,
    chips: Option<&haifu_log::ChipScores>,
    ratio: Option<[i32; 2]>,
) {
    let _ = writeln!(out, "  scores {} deltas {}", seats(scores), seats(deltas));
    if let Some(c) = chips {
        let _ = writeln!(
            out,
            "  chips {} deltas {}",
            seats(&c.before),
            seats(&c.delta)
        );
    }
    if let Some([a, b]) = ratio {
        let _ = writeln!(out, "  ratio {a},{b}");
    }
}

fn render_final(out: &mut String, f: Option<&haifu_log::FinalResult>) {
    let Some(f) = f else { return };
    let _ = writeln!(
        out,
        "game_end scores {} points {}",
        seats(&f.scores),
        seats(&f.points)
    );
    if let Some(c) = &f.chips {
        let chips: Vec<String> = c.iter().map(|[a, b]| format!("{a}/{b}")).collect();
        let _ = writeln!(out, "  chips {}", chips.join(","));
    }
}

// ---- internal plausibility of the ok files ----

/// What makes a hand-made log implausible: a physical tile seen twice in a round, a discard or
/// call of a tile not in hand, a call of something other than the last discard, a shown hand
/// that is not the hand held, scores that do not follow from the previous outcome, deltas that
/// do not balance. Legality (turn order, yaku, values) is the referee's job, not checked here.
fn implausibilities(log: &GameLog) -> Vec<String> {
    let mut problems = Vec::new();
    let sanma = log.header.rules.go_type & 0x10 != 0;
    let mut hands: [Vec<Tile>; 4] = Default::default();
    let mut melds: [Vec<Meld>; 4] = Default::default();
    let mut seen = [false; 136];
    let mut scores: Option<BySeat<i32>> = None;
    let mut sticks = 0u32;
    let mut last_discard: Option<(Seat, Tile)> = None;
    let mut last_draw: Option<(Seat, Tile)> = None;
    let mut indicators: Vec<Tile> = Vec::new();
    let mut total = None;
    for (i, event) in log.events().enumerate() {
        let mut bad = |what: String| problems.push(format!("event {i}: {what}"));
        match event {
            Event::RoundStart(r) => {
                seen = [false; 136];
                fresh(&mut seen, sanma, r.dora_indicator, &mut bad);
                indicators = vec![r.dora_indicator];
                for (seat, hand) in r.hands.iter_seats() {
                    if !(hand.len() == 13 || (sanma && seat.index() == 3 && hand.is_empty())) {
                        bad(format!("seat {seat} starts with {} tiles", hand.len()));
                    }
                    for &t in hand {
                        fresh(&mut seen, sanma, t, &mut bad);
                    }
                    hands[seat.index()] = hand.to_vec();
                    melds[seat.index()].clear();
                }
                if let Some(s) = scores
                    && s != r.scores
                {
                    bad(format!(
                        "round scores {} do not follow from the last outcome {}",
                        seats(&r.scores),
                        seats(&s)
                    ));
                }
                if r.sticks != sticks && scores.is_some() {
                    bad(format!("{} sticks, {sticks} left on the table", r.sticks));
                }
                let sum: i32 = r.scores.iter().sum();
                if *total.get_or_insert(sum + 1000 * r.sticks as i32)
                    != sum + 1000 * r.sticks as i32
                {
                    bad("points were created or lost".to_owned());
                }
                scores = Some(r.scores);
                sticks = r.sticks;
                last_discard = None;
                last_draw = None;
            }
            Event::DrawTile { seat, tile } => {
                fresh(&mut seen, sanma, tile, &mut bad);
                hands[seat.index()].push(tile);
                last_draw = Some((seat, tile));
                last_discard = None;
            }
            Event::Discard { seat, tile, .. } => {
                if !take(&mut hands[seat.index()], tile) {
                    bad(format!("seat {seat} discards {tile}, not in hand"));
                }
                last_discard = Some((seat, tile));
                last_draw = None;
            }
            Event::Call { seat, meld: m } => {
                let hand = &mut hands[seat.index()];
                let from_hand: Vec<Tile> = match m.kind {
                    MeldKind::Chi | MeldKind::Pon | MeldKind::Daiminkan => {
                        if last_discard.map(|(s, t)| (Some(s), Some(t))) != Some((m.from, m.called))
                        {
                            bad(format!("{m} does not take the last discard"));
                        }
                        let mut t = m.tiles().to_vec();
                        t.retain(|&x| Some(x) != m.called);
                        t
                    }
                    MeldKind::Kakan => {
                        let pon = melds[seat.index()].iter().position(|p| {
                            p.kind == MeldKind::Pon && p.base_kind() == m.base_kind()
                        });
                        match pon {
                            Some(p) => {
                                melds[seat.index()].remove(p);
                            }
                            None => bad(format!("{m} without its pon")),
                        }
                        m.added.into_iter().collect()
                    }
                    MeldKind::Ankan | MeldKind::Kita => m.tiles().to_vec(),
                };
                for t in from_hand {
                    if !take(hand, t) {
                        bad(format!("seat {seat} calls {m} without {t} in hand"));
                    }
                }
                melds[seat.index()].push(m);
                last_discard = None;
            }
            Event::Riichi {
                seat,
                stage: RiichiStage::DepositTaken,
                scores: stated,
            } => {
                if let Some(s) = scores.as_mut() {
                    s[seat] -= 1000;
                    if stated.is_some_and(|t| *t != *s) {
                        bad(format!("riichi scores are not {}", seats(s)));
                    }
                }
                sticks += 1;
            }
            Event::Riichi { .. }
            | Event::Disconnect { .. }
            | Event::Reconnect { .. }
            | Event::Mistake { .. } => {}
            Event::Elided => bad("moves left out".to_owned()),
            Event::NewDora { indicator } => {
                fresh(&mut seen, sanma, indicator, &mut bad);
                indicators.push(indicator);
            }
            Event::Win(w) => {
                let mut held = hands[w.winner.index()].clone();
                if w.is_tsumo() {
                    if last_draw != Some((w.winner, w.winning_tile)) {
                        bad("a tsumo not on the winner's last draw".to_owned());
                    }
                } else {
                    if last_discard != Some((w.from, w.winning_tile)) {
                        bad("a ron not on the last discard".to_owned());
                    }
                    held.push(w.winning_tile);
                }
                held.sort_unstable();
                let mut recorded = w.hand.to_vec();
                recorded.sort_unstable();
                if held != recorded {
                    bad(format!(
                        "the win shows {}, the hand is {}",
                        tiles(&recorded),
                        tiles(&held)
                    ));
                }
                if w.melds.iter().copied().collect::<Vec<_>>() != melds[w.winner.index()] {
                    bad("the win's melds are not the calls made".to_owned());
                }
                if w.dora_indicators.as_slice() != indicators.as_slice() {
                    bad("the win's dora indicators are not those revealed".to_owned());
                }
                for &u in &w.ura_indicators {
                    fresh(&mut seen, sanma, u, &mut bad);
                }
                if w.sticks != sticks {
                    bad(format!(
                        "the win records {} sticks, {sticks} on the table",
                        w.sticks
                    ));
                }
                settle(
                    &mut scores,
                    &w.scores,
                    &w.deltas,
                    1000 * w.sticks as i32,
                    &mut bad,
                );
                sticks = 0;
                check_final(w.final_result.as_deref(), scores, &mut bad);
            }
            Event::RoundDraw(d) => {
                for (seat, shown) in d.shown.iter_seats() {
                    if let Some(shown) = shown {
                        let mut a = shown.to_vec();
                        let mut b = hands[seat.index()].clone();
                        a.sort_unstable();
                        b.sort_unstable();
                        if a != b {
                            bad(format!(
                                "seat {seat} shows {}, holds {}",
                                tiles(&a),
                                tiles(&b)
                            ));
                        }
                    }
                }
                if d.sticks != sticks {
                    bad(format!(
                        "the draw records {} sticks, {sticks} on the table",
                        d.sticks
                    ));
                }
                if d.kind == DrawKind::Exhaustive {
                    let live = if sanma { 108 - 14 - 39 } else { 136 - 14 - 52 };
                    let draws = seen.iter().filter(|&&s| s).count()
                        - indicators.len()
                        - if sanma { 39 } else { 52 };
                    if draws != live {
                        bad(format!(
                            "an exhaustive draw after {draws} of {live} live draws"
                        ));
                    }
                }
                settle(&mut scores, &d.scores, &d.deltas, 0, &mut bad);
                check_final(d.final_result.as_deref(), scores, &mut bad);
            }
            Event::GameEnd(_) => {}
        }
    }
    problems
}

/// Marks a physical tile as seen in this round; each exists once.
fn fresh(seen: &mut [bool; 136], sanma: bool, tile: Tile, bad: &mut dyn FnMut(String)) {
    if std::mem::replace(&mut seen[usize::from(tile.id())], true) {
        bad(format!("tile {tile} (id {}) appears twice", tile.id()));
    }
    if sanma && (4..32).contains(&tile.id()) {
        bad(format!("tile {tile} is not in a sanma set"));
    }
}

fn take(hand: &mut Vec<Tile>, tile: Tile) -> bool {
    match hand.iter().position(|&t| t == tile) {
        Some(p) => {
            hand.remove(p);
            true
        }
        None => false,
    }
}

/// Checks an outcome's `sc` against the running scores and applies its deltas, which must
/// balance to the sticks the winner collected.
fn settle(
    running: &mut Option<BySeat<i32>>,
    before: &BySeat<i32>,
    deltas: &BySeat<i32>,
    collected: i32,
    bad: &mut dyn FnMut(String),
) {
    if let Some(r) = running
        && r != before
    {
        bad(format!(
            "the outcome's scores {} are not the running {}",
            seats(before),
            seats(r)
        ));
    }
    if deltas.iter().sum::<i32>() != collected {
        bad(format!("deltas {} do not balance", seats(deltas)));
    }
    *running = Some(BySeat::new_with(|s| before[s] + deltas[s]));
}

fn check_final(
    f: Option<&haifu_log::FinalResult>,
    scores: Option<BySeat<i32>>,
    bad: &mut dyn FnMut(String),
) {
    if let (Some(f), Some(s)) = (f, scores)
        && f.scores != s
    {
        bad(format!(
            "final scores {} are not the scores after the outcome {}",
            seats(&f.scores),
            seats(&s)
        ));
    }
}

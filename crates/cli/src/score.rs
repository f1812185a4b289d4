//! `haifu score`: the value of one winning hand, as Tenhou scores it.

use std::fmt::Write as _;
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use haifu_rules::{
    FuSource, Limit, Payer, RiichiDeclaration, Score, ScoreError, Situation, SpecError, WinMethod,
    WinSpec, score,
};
use haifu_tiles::{TileList, Wind};
use serde_json::{Value, json};

/// Arguments of `haifu score`.
#[derive(Debug, Args)]
#[command(group = clap::ArgGroup::new("method").args(["tsumo", "ron"]))]
#[command(group = clap::ArgGroup::new("riichi_kind").args(["riichi", "double_riichi"]))]
pub(crate) struct ScoreArgs {
    /// The concealed tiles without the winning tile, e.g. `234067m678p1s` (`0` is a red five),
    /// or with it (14 tiles less three per meld), `--win` then naming which one it is.
    #[arg(
        value_name = "CONCEALED",
        allow_hyphen_values = false,
        required_unless_present = "han"
    )]
    concealed: Option<String>,
    /// The winning tile, e.g. `1s`.
    #[arg(long = "win", value_name = "TILE", required_unless_present = "han")]
    win: Option<String>,
    /// Instead of a hand: look up what `--han` han and `--fu` fu pay, dealer and non-dealer,
    /// ron and tsumo, under the rule set (limits and kiriage included).
    #[arg(long, value_name = "N", requires = "fu", conflicts_with = "concealed")]
    han: Option<u8>,
    /// The fu for `--han`.
    #[arg(long, value_name = "N", requires = "han")]
    fu: Option<u8>,
    /// Won by self-draw.
    #[arg(long)]
    tsumo: bool,
    /// Won on a discard.
    #[arg(long)]
    ron: bool,
    /// A meld, KIND:TILES with KIND chi, pon, kan (open: daiminkan or kakan) or ankan, e.g.
    /// `pon:555z`. Repeat for each meld, in call order.
    #[arg(long = "meld", value_name = "KIND:TILES")]
    melds: Vec<String>,
    /// The winner's seat wind (E is the dealer).
    #[arg(long, value_name = "E|S|W|N", default_value = "E")]
    seat: String,
    /// The round wind.
    #[arg(long, value_name = "E|S|W|N", default_value = "E")]
    round: String,
    /// Dora indicators (not the dora), e.g. `4p1z`.
    #[arg(long, value_name = "INDICATORS")]
    dora: Option<String>,
    /// Dora as a count (the han they give), beside or instead of `--dora` indicators: for
    /// test cases that state the count, not the tiles.
    #[arg(long, value_name = "N", default_value_t = 0)]
    dora_count: u8,
    /// Norths set aside (kita, three-player rule sets only): each one han of nukidora, and a
    /// dora again when an indicator points to North.
    #[arg(long, value_name = "N", default_value_t = 0)]
    kita: u8,
    /// Ura dora indicators (riichi only).
    #[arg(long, value_name = "INDICATORS")]
    ura: Option<String>,
    /// Riichi was declared.
    #[arg(long)]
    riichi: bool,
    /// Double riichi was declared.
    #[arg(long)]
    double_riichi: bool,
    /// Won within one go-around of riichi.
    #[arg(long)]
    ippatsu: bool,
    /// Tsumo on the last tile of the wall.
    #[arg(long)]
    haitei: bool,
    /// Ron on the last discard.
    #[arg(long)]
    houtei: bool,
    /// Tsumo on a kan's (or a kita's) replacement tile.
    #[arg(long)]
    rinshan: bool,
    /// With `--rinshan`: the replacement tile of a second (or later) kan in one turn (the
    /// classic limit hand "kong on kong", `classic_limit_hands`).
    #[arg(long, requires = "rinshan")]
    kan_on_kan: bool,
    /// The dealer's eighth win in a row (the classic limit hand paarenchan,
    /// `classic_limit_hands`).
    #[arg(long)]
    paarenchan: bool,
    /// Ron on a tile added to a kan.
    #[arg(long)]
    chankan: bool,
    /// The dealer's win on the dealt hand.
    #[arg(long)]
    tenhou: bool,
    /// A non-dealer's tsumo on the first draw.
    #[arg(long)]
    chiihou: bool,
    /// A non-dealer's ron before its first draw, no call before (its value is the rule
    /// set's `renhou`; none on Tenhou).
    #[arg(long)]
    renhou: bool,
    /// Honba counters on the table. In a double ron, who is paid them is the rule set's
    /// `multiple_ron_bonus`: on Tenhou only the winner nearest the discarder (score the other
    /// winner's hand with --honba 0 --sticks 0); in other rule sets each winner.
    #[arg(long, value_name = "N", default_value_t = 0)]
    honba: u32,
    /// Riichi sticks on the table: the winner collects them (in a double ron, the winner
    /// nearest the discarder).
    #[arg(long, value_name = "N", default_value_t = 0)]
    sticks: u32,
    /// The rule set: a preset (see `haifu rules list`) or a TOML rule file, then any
    /// overrides, comma-separated: `wrc`, `tenhou,kiriage_mangan=true`.
    #[arg(long, default_value = "tenhou", value_name = "RULES")]
    rules: String,
    /// The output format.
    #[arg(long, value_enum, default_value = "text")]
    format: Format,
}

/// Output formats of `score`.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum Format {
    /// A short readable sheet.
    Text,
    /// One JSON object.
    Json,
}

/// Prints the problem with a caret under the offending character.
fn bad_input(e: &SpecError) -> ExitCode {
    let mut msg = format!("haifu score: bad {} {:?}: {}", e.what, e.text, e.reason);
    if let Some(at) = e.at {
        let _ = write!(msg, "\n  {}\n  {}^", e.text, " ".repeat(at));
    }
    eprintln!("{msg}");
    ExitCode::from(2)
}

fn build(args: &ScoreArgs) -> Result<WinSpec, SpecError> {
    let mut spec = WinSpec::new();
    let concealed = args.concealed.as_deref().unwrap_or_default();
    let win = args.win.as_deref().unwrap_or_default();
    // A hand written with its winning tile: the tiles less three per meld make 14.
    let tiles = haifu_tiles::parse_kinds(concealed).map_or(0, |k| k.len());
    if tiles + 3 * args.melds.len() == 14 {
        spec.add_hand_with_winning_tile(concealed, win)?;
    } else {
        spec.add_concealed(concealed)?;
        spec.set_winning_tile(win)?;
    }
    for m in &args.melds {
        spec.add_meld(m)?;
    }
    spec.seat_wind = WinSpec::parse_wind("--seat", &args.seat)?;
    spec.round_wind = WinSpec::parse_wind("--round", &args.round)?;
    if let Some(d) = &args.dora {
        spec.add_dora_indicators(d)?;
    }
    spec.dora_count = args.dora_count;
    spec.kita = args.kita;
    if let Some(u) = &args.ura {
        spec.add_ura_indicators(u)?;
    }
    spec.method = if args.tsumo {
        WinMethod::Tsumo
    } else {
        WinMethod::Ron
    };
    spec.riichi = if args.double_riichi {
        RiichiDeclaration::DoubleRiichi
    } else if args.riichi {
        RiichiDeclaration::Riichi
    } else {
        RiichiDeclaration::None
    };
    for (on, flag) in [
        (args.ippatsu, Situation::IPPATSU),
        (args.haitei, Situation::HAITEI),
        (args.houtei, Situation::HOUTEI),
        (args.rinshan, Situation::RINSHAN),
        (args.kan_on_kan, Situation::KAN_ON_KAN),
        (args.paarenchan, Situation::PAARENCHAN),
        (args.chankan, Situation::CHANKAN),
        (args.tenhou, Situation::TENHOU),
        (args.chiihou, Situation::CHIIHOU),
        (args.renhou, Situation::RENHOU),
    ] {
        if on {
            spec.situation |= flag;
        }
    }
    spec.honba = args.honba;
    spec.riichi_sticks = args.sticks;
    Ok(spec)
}

/// Why the hand gives a flag the rule set has no use for, if it does: ippatsu or ura dora
/// where the rule set counts none, dora where its scoring has none, a second dora indicator
/// where no kan reveals one, an ura list whose length is not the dora list's (each ura
/// indicator lies under a dora indicator). Such a flag would be ignored in silence.
fn unusable(args: &ScoreArgs, spec: &WinSpec, rules: &haifu_ruleset::RuleSet) -> Option<String> {
    use haifu_rules::model::{DoraValue, Model};
    use haifu_ruleset::{Ippatsu, KanDoraTiming, UraDora};
    let dora = spec.dora_indicators.len();
    let ura = spec.ura_indicators.len();
    if args.ippatsu && rules.hand.ippatsu == Ippatsu::NotCounted {
        return Some("--ippatsu: the rule set counts no ippatsu (ippatsu = false)".to_owned());
    }
    if ura > 0 && rules.hand.ura_dora == UraDora::NotCounted {
        return Some("--ura: the rule set counts no ura dora (ura_dora = false)".to_owned());
    }
    if (dora > 0 || args.dora_count > 0) && Model::of(rules).dora() == DoraValue::NotCounted {
        return Some("--dora, --dora-count: the classic scoring has no dora".to_owned());
    }
    if dora > 1 && rules.round.kan_dora == KanDoraTiming::None {
        return Some(format!(
            "--dora lists {dora} indicators: every one after the first comes from a kan, and the rule set reveals no kan dora (kan_dora = false)"
        ));
    }
    if ura > 0 && spec.riichi == RiichiDeclaration::None {
        return Some("--ura: ura dora count only on a riichi win (add --riichi)".to_owned());
    }
    if ura > 0 && ura != dora {
        return Some(format!(
            "--ura lists {ura} indicators and --dora {dora}: each ura indicator lies under a dora indicator, one for one"
        ));
    }
    None
}

/// Scores the hand and prints it; exit 0 for a win, 1 for a hand that is not a win (with the
/// reason), 2 for bad input (with the offending text).
pub(crate) fn run(args: &ScoreArgs) -> ExitCode {
    let rules = match crate::rules::RuleChoice::parse(&args.rules).map(|c| c.fixed()) {
        Ok(Some(rules)) => rules,
        Ok(None) => {
            eprintln!(
                "haifu score: --rules auto takes each log's own rules; a hand has no log: name a preset or a rule file"
            );
            return ExitCode::from(2);
        }
        Err(e) => {
            eprintln!("haifu score: {e:#}");
            return ExitCode::from(2);
        }
    };
    if let (Some(han), Some(fu)) = (args.han, args.fu) {
        return lookup(&rules, han, fu, args.format);
    }
    if !args.tsumo && !args.ron {
        eprintln!("haifu score: say how the hand was won: --tsumo or --ron");
        return ExitCode::from(2);
    }
    let spec = match build(args) {
        Ok(s) => s,
        Err(e) => return bad_input(&e),
    };
    if let Some(why) = unusable(args, &spec, &rules) {
        eprintln!("haifu score: {why}");
        return ExitCode::from(2);
    }
    let Some(win) = spec.win() else {
        eprintln!("haifu score: --win is required");
        return ExitCode::from(2);
    };
    match score(&rules, &win) {
        Ok(s) => {
            match args.format {
                Format::Text => emit(&text(&spec, &s)),
                Format::Json => emit(&format!("{}\n", to_json(&s))),
            }
            ExitCode::SUCCESS
        }
        Err(e @ (ScoreError::NotComplete | ScoreError::NoYaku)) => {
            match args.format {
                Format::Text => emit(&format!("not a win: {e}\n")),
                Format::Json => emit(&format!(
                    "{}\n",
                    json!({
                        "win": false,
                        "reason": match e {
                            ScoreError::NoYaku => "no yaku",
                            _ => "not complete",
                        },
                        "message": e.to_string(),
                    })
                )),
            }
            ExitCode::from(1)
        }
        Err(e @ ScoreError::NotSettled { rule }) => {
            eprintln!(
                "haifu score: {e}: settle it with --rules {},{rule}=VALUE (see `haifu rules show`)",
                args.rules
            );
            ExitCode::from(2)
        }
        Err(e) => {
            eprintln!("haifu score: bad input: {e}");
            ExitCode::from(2)
        }
    }
}

/// Writes to stdout; a closed pipe is not an error worth reporting here.
fn emit(text: &str) {
    use std::io::Write as _;
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
}

fn payer_name(p: Payer) -> String {
    match p {
        Payer::Discarder => "discarder".to_owned(),
        Payer::Seat(w) => w.letter().to_string(),
    }
}

fn fu_name(source: FuSource) -> String {
    match source {
        FuSource::Base => "base".to_owned(),
        FuSource::Chiitoitsu => "chiitoitsu".to_owned(),
        FuSource::MenzenRon => "closed ron".to_owned(),
        FuSource::Tsumo => "tsumo".to_owned(),
        FuSource::Wait(w) => format!("{} wait", w.name()),
        FuSource::Pair(k) => format!("pair {k}{k}"),
        FuSource::Set {
            kind,
            kan,
            concealed,
        } => format!(
            "{} {} {}",
            if concealed { "closed" } else { "open" },
            if kan { "kan" } else { "triplet" },
            kind
        ),
        FuSource::OpenPinfu => "open hand minimum".to_owned(),
    }
}

/// The yaku list with dora entries, as (name, han, yakuman count).
fn yaku_lines(s: &Score) -> Vec<(String, u8, u8)> {
    let mut v: Vec<(String, u8, u8)> = s
        .yakuman
        .iter()
        .map(|y| (y.yaku.name().to_owned(), 0, y.times))
        .collect();
    v.extend(s.yaku.iter().map(|y| (y.yaku.name().to_owned(), y.han, 0)));
    for (name, n) in [
        ("dora", s.dora),
        ("aka", s.aka),
        ("ura", s.ura),
        ("kita", s.kita),
    ] {
        if n > 0 {
            v.push((name.to_owned(), n, 0));
        }
    }
    v
}

fn to_json(s: &Score) -> Value {
    let yaku: Vec<Value> = yaku_lines(s)
        .into_iter()
        .map(|(name, han, times)| {
            if times > 0 {
                json!({"name": name, "han": han, "yakuman": times})
            } else {
                json!({"name": name, "han": han})
            }
        })
        .collect();
    let payments: Vec<Value> = s
        .payments
        .iter()
        .map(|p| json!({"payer": payer_name(p.payer), "hand": p.hand, "honba": p.honba}))
        .collect();
    let fu_items: Vec<Value> = s
        .fu_items
        .iter()
        .map(|f| json!({"item": fu_name(f.source), "fu": f.fu}))
        .collect();
    json!({
        "han": s.han,
        "fu": s.fu,
        "points": s.points,
        "limit": s.limit.name(),
        "yakuman": s.yakuman_count,
        "counted_yakuman": s.is_counted_yakuman(),
        "yaku": yaku,
        "dora": s.dora,
        "ura": s.ura,
        "aka": s.aka,
        "kita": s.kita,
        "menzen_points": s.menzen_points,
        "dora_points": s.dora_points,
        "wait": s.wait.name(),
        "fu_items": fu_items,
        "base_points": s.base_points,
        "payments": payments,
        "riichi_sticks": s.riichi_sticks,
        "total": s.total_received(),
    })
}

fn text(spec: &WinSpec, s: &Score) -> String {
    let mut out = String::new();
    let mut hand = spec.concealed.to_vec();
    hand.sort();
    let _ = write!(out, "{}", TileList::tiles(&hand));
    for m in &spec.melds {
        let _ = write!(out, " {m}");
    }
    let wind = |w: Wind| match w {
        Wind::East => "East",
        Wind::South => "South",
        Wind::West => "West",
        Wind::North => "North",
    };
    let _ = writeln!(
        out,
        "  +{} {}  (seat {}, round {})",
        spec.winning_tile.map(|t| t.to_string()).unwrap_or_default(),
        match spec.method {
            WinMethod::Tsumo => "tsumo",
            WinMethod::Ron => "ron",
        },
        wind(spec.seat_wind),
        wind(spec.round_wind),
    );
    for (name, han, times) in yaku_lines(s) {
        if times > 0 {
            let _ = writeln!(
                out,
                "  {name:<18} {}",
                if times > 1 {
                    format!("yakuman x{times}")
                } else {
                    "yakuman".to_owned()
                }
            );
        } else {
            let _ = writeln!(out, "  {name:<18} {han} han");
        }
    }
    let fu: Vec<String> = s
        .fu_items
        .iter()
        .map(|f| format!("{} {}", fu_name(f.source), f.fu))
        .collect();
    let _ = writeln!(
        out,
        "  fu: {} -> {} fu ({} wait)",
        if fu.is_empty() {
            "none".to_owned()
        } else {
            fu.join(", ")
        },
        s.fu,
        s.wait.name()
    );
    let (value, limit) = if s.yakuman.is_empty() {
        let limit = if s.limit == Limit::None {
            String::new()
        } else {
            format!(" {}", s.limit.name())
        };
        (format!("{} han {} fu", s.han, s.fu), limit)
    } else if s.yakuman_count > 1 {
        (format!("{}x yakuman", s.yakuman_count), String::new())
    } else {
        ("yakuman".to_owned(), String::new())
    };
    let mut extra = Vec::new();
    if s.menzen_points > 0 {
        extra.push(format!("menzen points {}", s.menzen_points));
    }
    if s.dora_points > 0 {
        extra.push(format!("dora points {}", s.dora_points));
    }
    let extra = if extra.is_empty() {
        String::new()
    } else {
        format!(" (with {})", extra.join(", "))
    };
    let _ = writeln!(out, "{value}{limit}: {} points{extra}", s.points);
    let pays: Vec<String> = s
        .payments
        .iter()
        .map(|p| {
            if p.honba > 0 {
                format!("{} {} + {}", payer_name(p.payer), p.hand, p.honba)
            } else {
                format!("{} {}", payer_name(p.payer), p.hand)
            }
        })
        .collect();
    let _ = write!(out, "  paid by: {}", pays.join(", "));
    if s.riichi_sticks > 0 {
        let _ = write!(out, "; riichi sticks {}", s.riichi_sticks);
    }
    let _ = writeln!(out, "; winner receives {}", s.total_received());
    out
}

/// `--han N --fu N`: what such a hand pays under `rules`, dealer and non-dealer, ron and tsumo
/// (honba and sticks aside).
fn lookup(rules: &haifu_ruleset::RuleSet, han: u8, fu: u8, format: Format) -> ExitCode {
    // The scoring model's lookup; for Buu without the menzen and dora points a real hand
    // adds (an open hand without dora); the note says what the figures leave out.
    let value = haifu_rules::model::Model::of(rules).lookup(rules, han, fu);
    // The other players: three, or two at a three-player table (each pays its share of a
    // tsumo, whatever the scoring model).
    let others = i64::from(rules.players.count()) - 1;
    write_lookup(
        rules,
        han,
        fu,
        (value.base, value.limit, value.payments),
        value.leaves_out,
        others,
        format,
    )
}

/// Writes a `--han N --fu N` lookup: `value` is the base points, the limit, then a
/// non-dealer's ron, the dealer's and each other player's share of its tsumo, a dealer's
/// ron, and each player's share of the dealer's tsumo; `others` is how many players pay a
/// tsumo; `note`, if any, says what the figures leave out.
fn write_lookup(
    rules: &haifu_ruleset::RuleSet,
    han: u8,
    fu: u8,
    value: (i64, haifu_tiles::Limit, [i64; 5]),
    note: Option<&str>,
    others: i64,
    format: Format,
) -> ExitCode {
    let (base, limit, [nd_ron, nd_dealer, nd_other, d_ron, d_each]) = value;
    let nd_total = nd_dealer + (others - 1) * nd_other;
    let d_total = others * d_each;
    match format {
        Format::Text => {
            let note = note.map(|n| format!(" ({n})")).unwrap_or_default();
            emit(&format!(
                "{han} han {fu} fu under {}{note}: base {base}, {}\n  non-dealer: ron {nd_ron}, tsumo {nd_other}/{nd_dealer} ({nd_total} in all)\n  dealer: ron {d_ron}, tsumo {d_each} all ({d_total} in all)\n",
                rules.spec(),
                limit.name(),
            ));
        }
        Format::Json => emit(&format!(
            "{}\n",
            json!({
                "han": han,
                "fu": fu,
                "rules": rules.spec(),
                "base_points": base,
                "limit": limit.name(),
                "non_dealer": {
                    "ron": nd_ron,
                    "tsumo": {"dealer_pays": nd_dealer, "others_pay": nd_other, "total": nd_total},
                },
                "dealer": {
                    "ron": d_ron,
                    "tsumo": {"each_pays": d_each, "total": d_total},
                },
            })
        )),
    }
    ExitCode::SUCCESS
}

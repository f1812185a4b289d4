//! The `haifu` command line.
//!
//! Exit codes, for every command: 0 success (all conform), 1 a finding (divergences; for
//! `score`, a hand that is not a valid win), 2 unreadable or malformed input, or a usage error.

mod convert;
mod diff;
mod files;
mod fmt;
mod inputs;
mod output;
mod replay;
mod rules;
mod score;
mod vectors;
mod verify;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// haifu replays Japanese mahjong game logs through a rules engine and checks every ruling
/// the log records.
#[derive(Debug, Parser)]
#[command(name = "haifu", version, about, long_about = None, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// The largest log file read, and the most a gzipped log may decompress to: bytes, or
    /// with a K, M or G suffix.
    #[arg(long, global = true, value_name = "SIZE", default_value = "64M", value_parser = files::parse_size)]
    max_size: u64,
    /// The name a log read from standard input (`-`) goes by, in messages and for what its
    /// name tells: its format (`.haifu`) and a Tenhou game id, which dates the game
    /// (`--name 2015070411gm-00a9-0000-b8b13fcc.xml`).
    #[arg(long, global = true, value_name = "NAME")]
    name: Option<String>,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Convert game logs between formats: the haifu text notation, tenhou.net/6 JSON, or JSON
    /// Lines of the event stream (one object per game); never into a record with another verdict.
    ///
    /// Output goes to stdout, or with --out-dir to one file per game. Bad files are reported
    /// as FILE:LINE:COL: message on stderr and skipped; the exit code is then 2.
    Convert(convert::ConvertArgs),
    /// Score one winning hand as Tenhou does: yaku, fu, limit, points and payments.
    ///
    /// Exit 0 for a win, 1 for a hand that is not complete or has no yaku, 2 for bad input.
    Score(score::ScoreArgs),
    /// Replay game logs through the rules engine and check every recorded ruling.
    ///
    /// Checked: every deal, draw, dice roll and dora indicator against the wall rebuilt from
    /// the log's seed or stated by it (Mahjong Soul records); the legality of every action (turn order, calls, kuikae, kans, riichi,
    /// kan-dora timing); furiten on every ron; every win's yaku, han, fu, points, limit and
    /// pao; every draw's kind, tenpai and abortive condition; every payment; each next
    /// round's dealer, honba, sticks and scores; the end of the game and its final result;
    /// three-player games too. Reads Tenhou mjlog XML, tenhou.net/6 JSON, decoded Mahjong
    /// Soul records and haifu text. Exit code 0 when every game
    /// conforms, 1 when any diverges, 2 when a file cannot be read or names no rule set.
    Verify(verify::VerifyArgs),
    /// Print the referee's sheet of each game: per round, the setup, each ruling (calls,
    /// riichi, dora reveals, furiten changes with their reasons) and each outcome as the engine
    /// computes it next to what the log records, with any divergence marked `!!`.
    Replay(replay::ReplayArgs),
    /// Rewrite haifu text files in the canonical form of NOTATION.md, comments kept.
    ///
    /// With --check, change nothing: print a unified diff for each file that is not
    /// canonical and exit 1 if any is not (for CI). Exit 2 if a file cannot be read.
    Fmt(fmt::FmtArgs),
    /// Replay the same games under two rule sets and list every ruling that differs.
    ///
    /// The recorded actions are replayed under A (`--rules`, default each log's own) and B
    /// (`--against`); per round: actions one side refuses, each win's validity and value,
    /// the score changes, the scores after the round (each side carrying its own forward),
    /// the round's place in each side's schedule; then how each game ends. Exit 0 when
    /// nothing differs, 1 when something does, 2 when a file cannot be read.
    Diff(diff::DiffArgs),
    /// List the rule set presets, or print one rule set in full as a TOML rule file.
    ///
    /// A rule file is `base = "PRESET"` followed by any of the keys `haifu rules show`
    /// prints; `--rules FILE` reads it, and `--rules NAME,key=value,…` overrides keys on
    /// the command line.
    Rules(rules::RulesArgs),
    /// Write conformance vectors: every decision point with each seat's legal actions, every
    /// win's valuation, every draw and every round's transition, as JSON Lines
    /// (docs/VECTORS.md), for any engine to test itself against real games.
    ///
    /// Exit 0 when every file gave its vectors, 2 when a file cannot be read or names no
    /// rule set.
    Vectors(vectors::VectorsArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    files::set_max_size(cli.max_size);
    if let Some(name) = cli.name.clone() {
        files::set_stdin_name(name);
    }
    let result = match &cli.command {
        Command::Convert(args) => convert::run(args),
        Command::Score(args) => return score::run(args),
        Command::Verify(args) => verify::run(args),
        Command::Replay(args) => replay::run(args),
        Command::Fmt(args) => fmt::run(args),
        Command::Rules(args) => rules::run(args),
        Command::Diff(args) => diff::run(args),
        Command::Vectors(args) => vectors::run(args),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("haifu: {e:#}");
            ExitCode::from(2)
        }
    }
}

//! Verifies one game log, in any format haifu reads, under the rule set it declares, and
//! prints the verdict: `cargo run -p haifu --example verify_file -- PATH` (without a path, a
//! scenario of the project's own corpus).

#![expect(clippy::print_stdout, reason = "an example prints what it found")]

use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let path = std::env::args_os().nth(1).map_or_else(
        || {
            PathBuf::from(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../../corpus/scenarios/buu/yakuman-ends-the-game.haifu"
            ))
        },
        PathBuf::from,
    );
    let verdict = match haifu::verify_file(&path) {
        Ok(v) => v,
        Err(e) => {
            eprintln!("{}: {e}", path.display());
            return ExitCode::from(2);
        }
    };
    let count = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    println!(
        "{}: {:?}, {}, {}, {}",
        path.display(),
        verdict.status(),
        count(verdict.rounds, "round"),
        count(verdict.wins, "win"),
        count(verdict.draws, "draw")
    );
    for d in &verdict.divergences {
        println!("  {d}");
    }
    if verdict.status() == haifu::Status::Conforming {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

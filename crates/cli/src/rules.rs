//! `--rules` on every command that replays or scores, and `haifu rules list|show`.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use anyhow::Context;
use clap::{Args, Subcommand};
use haifu_log::GameLog;
use haifu_ruleset::{Fallback, Preset, RuleSet, RuleSpec, SpecBase};

use crate::output;

/// A `--rules` value resolved once, before any log is read: a fixed rule set, or `auto`
/// (each log's own) with the overrides to apply to it.
#[derive(Clone, Debug)]
pub(crate) struct RuleChoice {
    fixed: Option<RuleSet>,
    /// Under `auto:FALLBACK`, the rule set of a log that declares none, and its name.
    fallback: Option<(RuleSet, String)>,
    spec: RuleSpec,
}

/// The help text of `--rules`, shared by the commands that take it.
pub(crate) const RULES_HELP: &str = "The rule set: `auto` (what each log declares), `auto:PRESET` or `auto:FILE.toml` (what each log declares, else that), a preset (see `haifu rules list`), or a TOML rule file; then any overrides, comma-separated: `auto,kiriage_mangan=true`, `auto:jpml`, `wrc,red_fives=true`";

impl RuleChoice {
    /// Reads a `--rules` value: a preset or a rule file is read here, once.
    pub(crate) fn parse(text: &str) -> anyhow::Result<RuleChoice> {
        let spec = RuleSpec::parse(text).with_context(|| format!("--rules {text}"))?;
        let apply = |rules: Option<RuleSet>| -> anyhow::Result<Option<RuleSet>> {
            let Some(mut rules) = rules else {
                return Ok(None);
            };
            spec.apply(&mut rules)
                .with_context(|| format!("--rules {text}"))?;
            Ok(Some(rules))
        };
        let (fixed, fallback) = match &spec.base {
            SpecBase::Auto => (None, None),
            SpecBase::AutoOr(Fallback::Preset(p)) => (None, Some(RuleSet::preset(*p))),
            SpecBase::AutoOr(Fallback::File(path)) => (None, Some(read_file(path)?)),
            SpecBase::Preset(p) => (Some(RuleSet::preset(*p)), None),
            SpecBase::File(path) => (Some(read_file(path)?), None),
        };
        let (fixed, fallback) = (apply(fixed)?, apply(fallback)?);
        // What the rule set given may have meant otherwise, said once, on stderr.
        for set in fixed.iter().chain(&fallback) {
            for warning in set.warnings() {
                eprintln!("haifu: warning: --rules {text}: {warning}");
            }
        }
        Ok(RuleChoice {
            fixed,
            fallback: fallback.map(|rules| {
                let name = text.split(',').next().unwrap_or(text);
                (rules, name.trim_start_matches("auto:").to_owned())
            }),
            spec,
        })
    }

    /// The rule set to use for `log`, read from `record`, and where it came from. A record
    /// whose rules line names a rule file (`rules club.toml`) has that file's rule set, the
    /// path taken relative to the record's folder, with the line's overrides.
    pub(crate) fn for_log(
        &self,
        log: &GameLog,
        record: &Path,
    ) -> Result<(RuleSet, String), String> {
        if let Some(rules) = self.fixed {
            return Ok((rules, "--rules".to_owned()));
        }
        let declared = match (&log.header.declared, &self.fallback) {
            (haifu::Declared::File { path, overrides }, _) => {
                let folder = record.parent().unwrap_or(Path::new(""));
                let declared = rule_file_of(overrides, &folder.join(path))?;
                text_rules_agree(log, &declared.rules, path, overrides)?;
                declared
            }
            (haifu::Declared::Undeclared { why, .. }, Some((rules, name))) => {
                // The fallback has its overrides already.
                return Ok((
                    *rules,
                    format!(
                        "{name}, the fallback of --rules auto:{name} (the log declares no rule set: {why})"
                    ),
                ));
            }
            _ => haifu::declared_rules(log).map_err(|e| e.to_string())?,
        };
        let mut rules = declared.rules;
        self.spec
            .apply(&mut rules)
            .map_err(|e| format!("--rules: {e}"))?;
        Ok((rules, declared.source))
    }

    /// The fixed rule set, when the choice is not `auto`.
    pub(crate) fn fixed(&self) -> Option<RuleSet> {
        self.fixed
    }
}

/// Whether the rule points a record's text was read with ([`haifu_notation::text_rules_of`]:
/// Tenhou's, and the rules line's overrides, as the reader cannot read the file) are the rule
/// file's: a deposit line without scores takes the deposit, and a plain five is told from a
/// red one, by them. An error naming each that differs, and how to state it on the line.
fn text_rules_agree(
    log: &GameLog,
    rules: &RuleSet,
    file: &Path,
    overrides: &haifu_ruleset::Overrides,
) -> Result<(), String> {
    let text = haifu_notation::text_rules_of(&log.header);
    let differs = [
        (
            "riichi_deposit",
            text.riichi_deposit != rules.flow.riichi_deposit,
        ),
        ("red_fives", text.red_fives != rules.hand.red_fives),
    ];
    let differ: Vec<String> = haifu_ruleset::FIELDS
        .iter()
        .filter(|f| differs.contains(&(f.name, true)))
        .map(|f| {
            format!(
                "{}={}",
                f.name,
                haifu_ruleset::override_text(&(f.get)(rules))
            )
        })
        .collect();
    if differ.is_empty() {
        return Ok(());
    }
    let mut line = format!("rules {}", file.display());
    for (key, value) in &overrides.items {
        line.push_str(&format!(" {key}={}", haifu_ruleset::override_text(value)));
    }
    Err(format!(
        "{line}: the rule file sets {}, but the record's text is read before the file is found, with Tenhou's values and the line's overrides (a deposit line's scores and which fives are red follow them): state {} on the rules line too ({line} {})",
        differ.join(" and "),
        if differ.len() == 1 { "it" } else { "them" },
        differ.join(" ")
    ))
}

/// The rule set of a record whose rules line names the rule file at `path` (found beside the
/// record): the file's, then the line's overrides.
fn rule_file_of(
    overrides: &haifu_ruleset::Overrides,
    path: &Path,
) -> Result<haifu::DeclaredRules, String> {
    let spec = &overrides.written;
    let shown = crate::files::shown(path);
    if !path.exists() {
        return Err(format!(
            "{shown}: no such rule file, which the record's rules line names ({spec}; a path relative to the record's folder)"
        ));
    }
    let mut rules = read_file(path).map_err(|e| e.to_string())?;
    overrides
        .apply(&mut rules)
        .map_err(|e| format!("{shown}, the rule file of the rules line ({spec}): {e}"))?;
    Ok(haifu::DeclaredRules {
        rules,
        source: format!("the rule file {shown} named by the rules line ({spec})"),
    })
}

/// Reads a rule file, with `FILE:LINE:COL` on any error.
fn read_file(path: &Path) -> anyhow::Result<RuleSet> {
    if !path.exists() {
        anyhow::bail!(
            "{}: not a preset ({}) nor a rule file",
            crate::files::shown(path),
            Preset::ALL.map(Preset::name).join(", ")
        );
    }
    let text = crate::files::read_text(path).map_err(|e| anyhow::anyhow!("{e}"))?;
    Ok(RuleSet::from_toml(&text, &crate::files::shown(path))?)
}

/// Arguments of `haifu rules`.
#[derive(Debug, Args)]
pub(crate) struct RulesArgs {
    #[command(subcommand)]
    command: RulesCommand,
}

#[derive(Debug, Subcommand)]
enum RulesCommand {
    /// List the presets, each with one line on what it is.
    List,
    /// Print a rule set in full as a TOML rule file that reads back to the same set: a preset,
    /// a rule file, either with overrides (`wrc,red_fives=true`).
    Show {
        /// A preset name, a rule file, then any overrides.
        #[arg(value_name = "NAME|FILE")]
        rules: String,
    },
    /// List the rule points on which two rule sets differ, each with both values and what it
    /// decides (exit 1 when they differ, 0 when they are the same).
    Diff {
        /// The first rule set: a preset name or a rule file, then any overrides.
        #[arg(value_name = "A")]
        a: String,
        /// The second rule set.
        #[arg(value_name = "B")]
        b: String,
        /// Text, or JSON (`{"a": …, "b": …, "differences": [{"point", "a", "b", "about"}]}`).
        #[arg(long, value_enum, default_value = "text")]
        format: RulesDiffFormat,
    },
}

/// The output of `haifu rules diff`.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum RulesDiffFormat {
    Text,
    Json,
}

/// A rule set named on the command line, with what `auto` cannot be here.
fn fixed_rules(text: &str) -> anyhow::Result<RuleSet> {
    RuleChoice::parse(text)?.fixed().ok_or_else(|| {
        anyhow::anyhow!("`auto` is each log's own rule set: name a preset or a rule file")
    })
}

/// The rule points on which `a` and `b` differ: (name, value in a, value in b, what it
/// decides), in the order `haifu rules show` prints them.
fn differences(a: &RuleSet, b: &RuleSet) -> Vec<(&'static str, String, String, &'static str)> {
    haifu_ruleset::FIELDS
        .iter()
        .filter_map(|f| {
            let (va, vb) = ((f.get)(a), (f.get)(b));
            (va != vb).then(|| {
                (
                    f.name,
                    haifu_ruleset::override_text(&va),
                    haifu_ruleset::override_text(&vb),
                    f.about,
                )
            })
        })
        .collect()
}

pub(crate) fn run(args: &RulesArgs) -> anyhow::Result<ExitCode> {
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let written = match &args.command {
        RulesCommand::List => {
            let width = Preset::ALL
                .iter()
                .map(|p| p.name().len())
                .max()
                .unwrap_or(0);
            Preset::ALL
                .iter()
                .try_for_each(|p| writeln!(out, "{:<width$}  {}", p.name(), p.about()))
        }
        RulesCommand::Show { rules } => {
            let choice = RuleChoice::parse(rules)?;
            let Some(set) = choice.fixed() else {
                anyhow::bail!(
                    "`auto` is each log's own rule set: name a preset or a rule file to show"
                );
            };
            // A rule file or overrides: what it is, before the whole set.
            let changes = set.overrides();
            if rules != set.base.name() {
                let what = if changes.is_empty() {
                    "no change".to_owned()
                } else {
                    let list: Vec<String> =
                        changes.iter().map(|(k, v)| format!("{k} = {v}")).collect();
                    format!("{}: {}", count_of(changes.len(), "change"), list.join(", "))
                };
                writeln!(out, "# {rules}: the {} preset with {what}", set.base.name())?;
            }
            for warning in set.warnings() {
                writeln!(out, "# warning: {warning}")?;
            }
            out.write_all(set.to_toml().as_bytes())
        }
        RulesCommand::Diff { a, b, format } => {
            let (ra, rb) = (fixed_rules(a)?, fixed_rules(b)?);
            let found = differences(&ra, &rb);
            let written = match format {
                RulesDiffFormat::Text if found.is_empty() => {
                    writeln!(out, "{a} and {b} are the same rule set")
                }
                RulesDiffFormat::Text => {
                    let width = found.iter().map(|d| d.0.len()).max().unwrap_or(0);
                    writeln!(
                        out,
                        "{} differ between {a} and {b}:",
                        haifu_report::count(found.len(), "rule point")
                    )
                    .and_then(|()| {
                        found.iter().try_for_each(|(name, va, vb, about)| {
                            writeln!(
                                out,
                                "  {name:<width$}  {va} | {vb}\n  {:<width$}  {about}",
                                ""
                            )
                        })
                    })
                }
                RulesDiffFormat::Json => {
                    let differences: Vec<_> = found
                        .iter()
                        .map(|(name, va, vb, about)| {
                            serde_json::json!({"point": name, "a": va, "b": vb, "about": about})
                        })
                        .collect();
                    writeln!(
                        out,
                        "{}",
                        serde_json::json!({"a": a, "b": b, "differences": differences})
                    )
                }
            };
            if let Err(e) = written.and_then(|()| out.flush()) {
                return output::write_failed(e);
            }
            return Ok(if found.is_empty() {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            });
        }
    };
    if let Err(e) = written.and_then(|()| out.flush()) {
        return output::write_failed(e);
    }
    Ok(ExitCode::SUCCESS)
}

/// `n` and the noun, in good English: `1 change`, `2 changes`.
fn count_of(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

//! `--rules` on every command that replays or scores, and `haifu rules list|show`.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use anyhow::Context;
use clap::{Args, Subcommand};
use haifu_log::GameLog;
use haifu_ruleset::{Preset, RuleSet, RuleSpec, SpecBase};

use crate::output;

/// A `--rules` value resolved once, before any log is read: a fixed rule set, or `auto`
/// (each log's own) with the overrides to apply to it.
#[derive(Clone, Debug)]
pub(crate) struct RuleChoice {
    fixed: Option<RuleSet>,
    spec: RuleSpec,
}

/// The help text of `--rules`, shared by the commands that take it.
pub(crate) const RULES_HELP: &str = "The rule set: `auto` (what each log declares), a preset (see `haifu rules list`), or a TOML rule file; then any overrides, comma-separated: `auto,kiriage_mangan=true`, `wrc,red_fives=true`";

impl RuleChoice {
    /// Reads a `--rules` value: a preset or a rule file is read here, once.
    pub(crate) fn parse(text: &str) -> anyhow::Result<RuleChoice> {
        let spec = RuleSpec::parse(text).with_context(|| format!("--rules {text}"))?;
        let fixed = match &spec.base {
            SpecBase::Auto => None,
            SpecBase::Preset(p) => Some(RuleSet::preset(*p)),
            SpecBase::File(path) => Some(read_file(path)?),
        };
        let fixed = match fixed {
            Some(mut rules) => {
                spec.apply(&mut rules)
                    .with_context(|| format!("--rules {text}"))?;
                Some(rules)
            }
            None => None,
        };
        Ok(RuleChoice { fixed, spec })
    }

    /// The rule set to use for `log`, and where it came from.
    pub(crate) fn for_log(&self, log: &GameLog) -> Result<(RuleSet, String), String> {
        if let Some(rules) = self.fixed {
            return Ok((rules, "--rules".to_owned()));
        }
        let declared = haifu_replay::declared_rules(log).map_err(|e| e.to_string())?;
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

/// Reads a rule file, with `FILE:LINE:COL` on any error.
fn read_file(path: &Path) -> anyhow::Result<RuleSet> {
    let text = std::fs::read_to_string(path).map_err(|e| {
        anyhow::anyhow!(
            "{}: not a preset ({}) nor a readable rule file: {e}",
            crate::files::shown(path),
            Preset::ALL.map(Preset::name).join(", ")
        )
    })?;
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
            out.write_all(set.to_toml().as_bytes())
        }
    };
    if let Err(e) = written.and_then(|()| out.flush()) {
        return output::write_failed(e);
    }
    Ok(ExitCode::SUCCESS)
}

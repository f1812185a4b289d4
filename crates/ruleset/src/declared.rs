//! What a log declares about its rules, as its reader decodes it.

use std::path::PathBuf;

use toml::Value;

use crate::{Preset, RuleError, RuleSet, RuleSpec, SpecBase};

/// What a log says its rules are, decoded by the log's own reader and handed on as data:
/// nobody downstream reads a platform's rule encoding again.
///
/// The readers set it on the log's header; the replayer's caller turns it into the rule set a
/// game is checked under (`--rules auto`).
#[derive(Clone, Debug, PartialEq)]
pub enum Declared {
    /// A rule set the log names, and where it says so, for reports: a notation file's
    /// `rules PRESET` line, a tenhou.net/6 `rule.disp` naming a room or a league, a Mahjong
    /// Soul record's configuration.
    Rules {
        /// The rule set, with the overrides the log states applied (boxed: a rule set is
        /// large beside the other declarations).
        rules: Box<RuleSet>,
        /// Where it came from, one line for reports.
        source: String,
    },
    /// Tenhou's rule flags as the header carries them (the GO type bits and the lobby), which
    /// only the Tenhou reader decodes, and only under the era of the game's date, which may
    /// come from the file's name: so they are decoded once the log is named. Then any
    /// overrides the log states after them.
    TenhouFlags {
        /// The overrides stated after the flags (a notation file's
        /// `rules tenhou … key=value`), if any.
        overrides: Option<Overrides>,
    },
    /// A rule file the log names (a notation file's `rules club.toml`): a path relative to
    /// the record's folder, which only a caller that knows where the record is can read. Then
    /// the overrides the log states after it.
    File {
        /// The file, as the log names it.
        path: PathBuf,
        /// The overrides stated after it (possibly none), and the declaration as written.
        overrides: Overrides,
    },
    /// No rule set haifu can name.
    Undeclared {
        /// What the log says instead, for the message that asks for `--rules`.
        why: String,
        /// The preset of the log's platform and table size, or the likeliest, to suggest.
        suggest: Preset,
    },
    /// A declaration haifu refuses: a preset it does not know, an override that is no rule
    /// point or takes no such value. Reported when the log's own rules are asked for.
    Refused(RuleError),
}

/// The overrides a log states after the rule set it names, with the declaration as written
/// for reports.
#[derive(Clone, Debug, PartialEq)]
pub struct Overrides {
    /// The overrides, in order: each key a rule point, each value as written.
    pub items: Vec<(String, Value)>,
    /// The whole declaration as written, as a `--rules` value (`tenhou,kiriage_mangan=true`).
    pub written: String,
}

impl Overrides {
    /// Applies the overrides to `rules`, in order.
    ///
    /// # Errors
    ///
    /// [`RuleError::BadValue`] for a value its key does not take, or
    /// [`RuleError::Inconsistent`] when the result is no rule set.
    pub fn apply(&self, rules: &mut RuleSet) -> Result<(), RuleError> {
        RuleSpec {
            base: SpecBase::Auto,
            overrides: self.items.clone(),
        }
        .apply(rules)
    }
}

impl Declared {
    /// The declaration of a log that names its rules as a `--rules` value would (`wrc`,
    /// `tenhou,kiriage_mangan=true`, `club.toml,red_fives=false`): a preset with its
    /// overrides applied, Tenhou's flags then the overrides, or a rule file.
    /// `source` says where a rule set named so came from, given the value as written.
    pub fn by_name(written: &str, source: impl FnOnce(&str) -> String) -> Declared {
        let spec = match RuleSpec::parse(written) {
            Ok(spec) => spec,
            Err(e) => return Declared::Refused(e),
        };
        let overrides = Overrides {
            items: spec.overrides,
            written: written.to_owned(),
        };
        match spec.base {
            SpecBase::Preset(Preset::Tenhou) => Declared::TenhouFlags {
                overrides: Some(overrides),
            },
            SpecBase::Preset(preset) => {
                let mut rules = RuleSet::preset(preset);
                match overrides.apply(&mut rules) {
                    Ok(()) => Declared::Rules {
                        rules: Box::new(rules),
                        source: source(written),
                    },
                    Err(e) => Declared::Refused(e),
                }
            }
            SpecBase::File(path) => Declared::File { path, overrides },
            SpecBase::Auto | SpecBase::AutoOr(_) => Declared::Refused(RuleError::UnknownPreset {
                name: written.to_owned(),
                at: None,
            }),
        }
    }

    /// The declaration as a `--rules` value, where it is one: the rule set's
    /// ([`RuleSet::spec`]), Tenhou's flags with the overrides as written, a rule file as
    /// written; `None` for none or a refused one.
    pub fn spec(&self) -> Option<String> {
        match self {
            Declared::Rules { rules, .. } => Some(rules.spec()),
            Declared::TenhouFlags { overrides } => Some(
                overrides
                    .as_ref()
                    .map_or_else(|| Preset::Tenhou.name().to_owned(), |o| o.written.clone()),
            ),
            Declared::File { overrides, .. } => Some(overrides.written.clone()),
            Declared::Undeclared { .. } | Declared::Refused(_) => None,
        }
    }
}

/// What a header declares before its reader says otherwise: Tenhou's flags, as a log built by
/// hand (an engine's own event stream) carries them.
impl Default for Declared {
    fn default() -> Declared {
        Declared::TenhouFlags { overrides: None }
    }
}

/// Written as the reports' JSON shows a declaration: `{"rules": SPEC, "source": …}`,
/// `{"tenhou_flags": OVERRIDES}`, `{"file": PATH, "overrides": …}`,
/// `{"undeclared": WHY, "suggest": PRESET}` or `{"refused": MESSAGE}`.
impl serde::Serialize for Declared {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(None)?;
        match self {
            Declared::Rules { rules, source } => {
                map.serialize_entry("rules", &rules.spec())?;
                map.serialize_entry("source", source)?;
            }
            Declared::TenhouFlags { overrides } => {
                map.serialize_entry("tenhou_flags", &overrides.as_ref().map(|o| &o.written))?;
            }
            Declared::File { path, overrides } => {
                map.serialize_entry("file", &path.to_string_lossy())?;
                map.serialize_entry("overrides", &overrides.written)?;
            }
            Declared::Undeclared { why, suggest } => {
                map.serialize_entry("undeclared", why)?;
                map.serialize_entry("suggest", suggest.name())?;
            }
            Declared::Refused(e) => map.serialize_entry("refused", &e.to_string())?,
        }
        map.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn source(w: &str) -> String {
        format!("named ({w})")
    }

    #[test]
    fn a_preset_by_name_is_its_rule_set_with_the_overrides() {
        let d = Declared::by_name("wrc,red_fives=true", source);
        let Declared::Rules { rules, source } = d else {
            panic!("{d:?}")
        };
        assert_eq!(rules.base, Preset::Wrc2015);
        assert_eq!(rules.spec(), "wrc2015,red_fives=true");
        assert_eq!(source, "named (wrc,red_fives=true)");
    }

    #[test]
    fn tenhou_by_name_is_its_flags_then_the_overrides() {
        let d = Declared::by_name("tenhou,kiriage_mangan=true", source);
        let Declared::TenhouFlags { overrides: Some(o) } = d else {
            panic!("{d:?}")
        };
        assert_eq!(o.items.len(), 1);
        assert_eq!(o.written, "tenhou,kiriage_mangan=true");
    }

    #[test]
    fn a_file_by_name_is_left_to_whoever_knows_where_the_record_is() {
        let d = Declared::by_name("club.toml,red_fives=false", source);
        assert!(matches!(d, Declared::File { ref path, .. } if path.as_os_str() == "club.toml"));
        assert_eq!(d.spec().as_deref(), Some("club.toml,red_fives=false"));
    }

    #[test]
    fn a_bad_declaration_is_refused_not_guessed() {
        assert!(matches!(
            Declared::by_name("wrc,no_such_point=1", source),
            Declared::Refused(RuleError::UnknownKey { .. })
        ));
        assert!(matches!(
            Declared::by_name("wrc,red_fives=maybe", source),
            Declared::Refused(RuleError::BadValue { .. })
        ));
        assert!(matches!(
            Declared::by_name("auto", source),
            Declared::Refused(RuleError::UnknownPreset { .. })
        ));
    }
}

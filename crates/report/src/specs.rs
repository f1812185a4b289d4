//! Rule sets written as `--rules` values, kept for the next game that has the same.

use haifu_ruleset::RuleSet;

/// The rule sets written lately and their `--rules` values ([`RuleSet::spec`]), the latest
/// first: a run's games share a few rule sets (a Tenhou folder mixes its lobbies' and eras'),
/// and writing one out costs more than comparing two. At most [`Specs::KEPT`], so memory
/// stays flat; one a worker.
#[derive(Debug, Default)]
pub struct Specs(Vec<(RuleSet, String)>);

impl Specs {
    /// How many rule sets are kept.
    pub const KEPT: usize = 8;

    /// `rules` as a `--rules` value ([`RuleSet::spec`]).
    pub fn of(&mut self, rules: RuleSet) -> &str {
        match self.0.iter().position(|(kept, _)| *kept == rules) {
            Some(at) => self.0[..=at].rotate_right(1),
            None => {
                self.0.truncate(Self::KEPT - 1);
                self.0.insert(0, (rules, rules.spec()));
            }
        }
        &self.0[0].1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use haifu_ruleset::Preset;

    #[test]
    fn a_kept_spec_is_the_rule_sets_own() {
        let mut specs = Specs::default();
        let all: Vec<RuleSet> = Preset::ALL.iter().map(|&p| RuleSet::preset(p)).collect();
        // Twice round more presets than are kept: each answer is still its own rule set's.
        for rules in all.iter().chain(&all).chain(all.iter().rev()) {
            assert_eq!(specs.of(*rules), rules.spec());
        }
        assert!(specs.0.len() <= Specs::KEPT);
    }
}

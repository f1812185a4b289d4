//! Rule sets as data: every rule point that decides what is legal, what a hand is worth, what
//! it pays and how a game goes on, in one [`RuleSet`], with the presets of the major rule
//! sets, TOML rule files and `key=value` overrides.
//!
//! The values of every preset, with their sources and the points no source settles, are in
//! the project's rules reference, `docs/RULESETS.md`.
//!
//! # Architecture invariants
//!
//! - Plain data: no behaviour beyond reading and writing rule sets. The rules engine
//!   (haifu-rules) reads a [`RuleSet`]; the log readers build one from what a log declares.
//! - No log format here: Tenhou's GO bits and eras are decoded by haifu-tenhou.
//! - No `Default`: a rule set starts from a named [`Preset`].
//! - A rule point that no source settles for a preset is a `NotSettled` value, which the
//!   engine reports when a game needs it; it is never quietly another preset's value.

mod declared;
mod fields;
mod file;
mod flow;
mod hand;
mod preset;
mod round;

pub use declared::{Declared, Overrides};
pub use fields::{FIELDS, Field, override_text};
pub use file::{Fallback, FilePlace, RuleError, RuleSpec, SpecBase};
pub use flow::{
    AbortiveDrawFlow, BustGuard, Busting, EndAtScore, Extension, FalseWin, FinalPoints, FlowRules,
    GameLength, HonbaValue, KyuushuPayment, LeftoverSticks, MultipleRon, MultipleRonBonus,
    NagashiMangan, NotenPayment, PaoHonba, PaoRon, PaoValue, PointRounding, Renchan,
    ThreePlayerTsumo, TieBreak, Uma, YakumanEnd, Yame,
};
pub use hand::{
    ClassicLimitHands, ConcealedToitoi, ConcealedTsumoFu, DoubleWindPairFu, DoubleYakuman,
    FishingDouble, HandRules, IdenticalRuns, Ippatsu, KazoeYakuman, KiriageMangan, OpenTanyao,
    OptionalYaku, RedFives, Renhou, RinshanFu, Ryuuiisou, Scoring, UraDora, YakuTable, YakuValue,
    YakulessWin, YakumanStacking,
};
pub use preset::Preset;
pub use round::{
    AbortiveRule, DeadHand, FirstDiscards, Furiten, KanDoraTiming, Kita, KitaInterrupts,
    KitaRinshan, KitaRon, KokushiRobsAnkan, Kuikae, PaoHands, RiichiMinLiveTiles, RiichiMinScore,
    RiichiModel, RoundRules, TenpaiRule,
};

/// The number of players at the table (haifu-tiles' type: the seat arithmetic is there).
pub use haifu_tiles::Players;

/// One rule set: every rule point of a game, as plain data.
///
/// Built from a [`Preset`] ([`RuleSet::preset`]), a rule file ([`RuleSet::from_toml`]),
/// overrides ([`RuleSet::set`]), or a log's declaration (the log readers). Two rule sets are
/// equal when every rule point is equal and they name the same base preset.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RuleSet {
    /// The preset this set starts from: the one its overrides are relative to.
    pub base: Preset,
    /// The number of players.
    pub players: Players,
    /// What a winning hand is worth.
    pub hand: HandRules,
    /// What is legal in a round, and how a round may end early.
    pub round: RoundRules,
    /// What a round's outcome pays, and how the game goes on.
    pub flow: FlowRules,
}

impl RuleSet {
    /// The rule set of a preset.
    pub const fn preset(preset: Preset) -> RuleSet {
        preset::rules(preset)
    }

    /// Sets one rule point by the name [`FIELDS`] gives it, from a TOML value.
    ///
    /// # Errors
    ///
    /// A [`RuleError`] naming the key or the values the key allows.
    pub fn set(&mut self, key: &str, value: &toml::Value) -> Result<(), RuleError> {
        fields::set(self, key, value)
    }

    /// The rule points where this set differs from its base preset, as `key=value` pairs in
    /// [`FIELDS`] order (values in TOML syntax). Empty for a preset itself.
    pub fn overrides(&self) -> Vec<(&'static str, String)> {
        let base = RuleSet::preset(self.base);
        FIELDS
            .iter()
            .filter(|f| !(f.same)(self, &base))
            .map(|f| (f.name, override_text(&(f.get)(self))))
            .collect()
    }

    /// The set written as a `--rules` value that reads back to it: the base preset's name,
    /// then its [`overrides`](RuleSet::overrides) (`tenhou,kiriage_mangan=true`).
    pub fn spec(&self) -> String {
        let mut out = self.base.name().to_owned();
        for (key, value) in self.overrides() {
            out.push(',');
            out.push_str(key);
            out.push('=');
            out.push_str(&value);
        }
        out
    }

    /// The set written as a `--rules` value with every rule point, equal to its preset's or
    /// not (`tenhou,players=3,red_fives=true,…`): it reads back to this set whatever it is
    /// applied to, where [`RuleSet::spec`] needs the preset as its start.
    pub fn full_spec(&self) -> String {
        let mut out = self.base.name().to_owned();
        for f in FIELDS {
            out.push(',');
            out.push_str(f.name);
            out.push('=');
            out.push_str(&override_text(&(f.get)(self)));
        }
        out
    }

    /// The whole set as a TOML rule file: `base`, then every field with a comment saying
    /// what it decides. [`RuleSet::from_toml`] reads it back to the same set.
    pub fn to_toml(&self) -> String {
        fields::to_toml(self)
    }

    /// Reads a TOML rule file: `base = "PRESET"` and any fields by the names of [`FIELDS`].
    /// `file` names the file in errors.
    ///
    /// # Errors
    ///
    /// A [`RuleError`] located at `file:line:column`: a TOML syntax error, a missing or
    /// unknown base, an unknown key, or a value the key does not allow.
    pub fn from_toml(text: &str, file: &str) -> Result<RuleSet, RuleError> {
        file::from_toml(text, file)
    }
}

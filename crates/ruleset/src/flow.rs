//! [`FlowRules`]: what a round's outcome pays and how the game goes on from round to round.

use haifu_tiles::Wind;

/// The rule points that decide what a round's outcome pays and
/// how the game goes on from round to round: payments around the hand value (honba, riichi
/// sticks, noten payments, nagashi mangan, multiple ron, pao), renchan, the end of the game
/// and the final placement points.
///
/// Plain data with public fields and no `Default`: take a preset's
/// ([`crate::RuleSet::preset`]) and change fields. What a hand is worth is not here:
/// that is [`crate::HandRules`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FlowRules {
    /// How many wind rounds the game regularly has.
    pub length: GameLength,
    /// Each seat's score at the start of the game.
    pub start_score: i32,
    /// The riichi deposit (one stick).
    pub riichi_deposit: i32,
    /// What one honba adds to a win.
    pub honba: HonbaValue,
    /// What the two payers of a tsumo pay with three players.
    pub three_player_tsumo: ThreePlayerTsumo,
    /// Noten payments at an exhaustive draw.
    pub noten: NotenPayment,
    /// What a kyuushu kyuuhai declarer is paid.
    pub kyuushu_payment: KyuushuPayment,
    /// What a false declaration of a win costs.
    pub false_win: FalseWin,
    /// Under fishing (`riichi = "fishing"`), what each fishing player pays another player's
    /// win.
    pub fishing_stake: i32,
    /// Whether nagashi mangan is played, and how it pays.
    pub nagashi: NagashiMangan,
    /// What happens when several players ron the same discard.
    pub multiple_ron: MultipleRon,
    /// Who collects the honba and the sticks in a multiple ron.
    pub multiple_ron_bonus: MultipleRonBonus,
    /// What a liable (pao) player pays.
    pub pao_value: PaoValue,
    /// Who pays the honba of a ron when a liable (pao) player shares the payment.
    pub pao_honba: PaoHonba,
    /// How a ron with pao by a third player is shared.
    pub pao_ron: PaoRon,
    /// When the dealer keeps the deal after a win or an exhaustive draw.
    pub renchan: Renchan,
    /// What an abortive draw does to the deal.
    pub abortive_draw: AbortiveDrawFlow,
    /// Whether a score below zero ends the game (tobi).
    pub busting: Busting,
    /// Whether a top dealer's win in the last hands ends the game by itself.
    pub agari_yame: Yame,
    /// Whether a top dealer's tenpai at the draw of one of the last hands ends the game.
    pub tenpai_yame: Yame,
    /// Whether and how the game goes on after its last regular round.
    pub extension: Extension,
    /// Whether reaching a score ends the game at once (Buu: 4000, double the start).
    pub end_at_score: EndAtScore,
    /// Whether a yakuman ends the game (Buu: every other player then sinks).
    pub yakuman_ends_game: YakumanEnd,
    /// Whether a win may put another player below zero (Buu's bust guard).
    pub bust_guard: BustGuard,
    /// Where riichi sticks still on the table at the end of the game go.
    pub leftover_sticks: LeftoverSticks,
    /// How equal final scores are ranked.
    pub ties: TieBreak,
    /// How final placement points are computed from the final scores.
    pub final_points: FinalPoints,
}

/// How many wind rounds a game regularly has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameLength {
    /// East round only (tonpuusen).
    Tonpuusen,
    /// East and South rounds (hanchan).
    Hanchan,
    /// All four winds, East to North (iichan; Buu mahjong).
    FourWinds,
}

impl GameLength {
    /// The wind of the last regular round: East for tonpuusen, South for hanchan, North for a
    /// four-wind game.
    pub const fn last_wind(self) -> Wind {
        match self {
            GameLength::Tonpuusen => Wind::East,
            GameLength::Hanchan => Wind::South,
            GameLength::FourWinds => Wind::North,
        }
    }
}

/// What one honba (repeat counter) adds to a win.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HonbaValue {
    /// Paid by the discarder of a ron, per honba (300 almost everywhere).
    pub ron: i32,
    /// Paid by each other player on a tsumo, per honba (100).
    pub tsumo_per_payer: i32,
}

/// Noten payments at an exhaustive draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NotenPayment {
    /// The noten players pay `total` in equal parts and the tenpai players share it equally
    /// (3000: 1000 × 3 to one, 1500 × 2 to two, 3000 to three from one). Nothing moves when
    /// all or none are tenpai. A total that does not divide evenly is rounded down per payer
    /// and per receiver.
    Split {
        /// The total that moves.
        total: i32,
    },
    /// Each tenpai player receives `each`, the noten players paying it in equal parts
    /// (Riichi City's three-player rooms, 2000: one tenpai player +2000 from 1000 each, two
    /// +2000 each from the third's 4000). Nothing moves when all or none are tenpai. A part
    /// that does not divide evenly is rounded down.
    PerTenpai {
        /// What each tenpai player receives.
        each: i32,
    },
    /// No noten payments.
    NotPaid,
    /// No source settles it for this rule set: an exhaustive draw with tenpai and noten
    /// players cannot be paid.
    NotSettled,
}

/// Nagashi mangan: at an exhaustive draw, a player whose discards are all terminals and
/// honours, none of them called, is paid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NagashiMangan {
    /// Paid as a mangan tsumo (non-dealer 2000/4000, dealer 4000 all) **without honba**; the
    /// riichi sticks stay on the table; noten payments are skipped; several achievers are each
    /// paid (Tenhou).
    ManganTsumo,
    /// Not played: achievers are ignored and the draw pays noten payments as usual.
    NotPlayed,
    /// No source settles it for this rule set: a draw with an achiever cannot be settled.
    NotSettled,
}

/// What happens when several players ron the same discard.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MultipleRon {
    /// Two may win; a third claim makes the hand an abortive draw (sanchahou). Tenhou.
    DoubleRonTripleAborts,
    /// Only the claimant nearest the discarder in turn order wins (atamahane).
    HeadBump,
    /// Only one claimant wins: the first in turn order from the dealer (East first; the
    /// classic rules' variant, RULES.md A13).
    HeadBumpEastFirst,
    /// Only one claimant wins: the one who needs the tile for the pair, then for a pung,
    /// then for a chow; among equal needs, the nearest the discarder in turn order (the
    /// classic rules' variant "'Out' with the same discard", seed 001).
    HeadBumpPairPungChow,
    /// Every claimant wins.
    AllWin,
}

/// Who collects the honba and the riichi sticks when several players win on one discard.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MultipleRonBonus {
    /// Honba and sticks both go to the winner nearest the discarder in turn order
    /// (kamicha-dori); the others get their hand value only (Tenhou).
    NearestWinner,
    /// Each winner is paid the honba; the sticks go to the winner nearest the discarder.
    HonbaToEachSticksToNearest,
    /// Each winner is paid the honba and takes back its own riichi stick of this hand; the
    /// other sticks go to the winner nearest the discarder (EMA 2016).
    HonbaToEachOwnStickBack,
}

/// Who pays the honba of a ron when a liable (pao) player shares the hand's payment.
///
/// On a tsumo with pao the liable player always pays the honba, with the whole hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PaoHonba {
    /// The liable player pays all the honba (Tenhou: 「積み棒は包」).
    Liable,
    /// The discarder pays the honba (JPML).
    Discarder,
    /// No source settles it for this rule set: a ron with pao cannot be settled.
    NotSettled,
}

/// What a liable (pao) player pays: on a tsumo, instead of the others; on a ron by a third
/// player's discard, half of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PaoValue {
    /// The whole hand, other yakuman stacked with the liable one included (Tenhou).
    WholeHand,
    /// Only the liable yakuman's part; the rest of the hand is paid as without pao
    /// (Mahjong Soul).
    LiableYakumanOnly,
    /// No source settles it for this rule set: a win with pao cannot be settled.
    NotSettled,
}

/// When the dealer keeps the deal (renchan) after a win or an exhaustive draw. A dealer among
/// the winners always keeps it. (Abortive draws are [`AbortiveDrawFlow`].)
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Renchan {
    /// The dealer keeps the deal after a win, or when tenpai at an exhaustive draw (also when
    /// it is a nagashi mangan draw). Tenhou and most rule sets.
    WinOrTenpai,
    /// The dealer keeps the deal only by winning (agari-renchan).
    WinOnly,
    /// The dealer keeps the deal after a win or any exhaustive draw.
    WinOrAnyDraw,
}

/// What an abortive draw (kyuushu kyuuhai, four winds, four riichi, four kans, triple ron)
/// does to the deal. The honba goes up by one either way, and the sticks stay.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AbortiveDrawFlow {
    /// The same dealer deals again (Tenhou).
    Renchan,
    /// The deal passes on.
    DealerRotates,
}

/// Whether a score below zero ends the game (tobi).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Busting {
    /// The game ends as soon as a round leaves a score below 0; exactly 0 plays on (Tenhou).
    BelowZero,
    /// Play goes on with negative scores.
    Never,
    /// No source settles it for this rule set: a game where a score goes below zero cannot
    /// go on.
    NotSettled,
}

/// Whether a dealer who keeps the deal in the last hands ends the game by itself: after a
/// win (agari-yame, [`FlowRules::agari_yame`]) or a tenpai at the exhaustive draw
/// (tenpai-yame, [`FlowRules::tenpai_yame`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Yame {
    /// In the last regular hand and in every extension hand, a dealer who keeps the deal this
    /// way and is then first with at least `min_score` ends the game (Tenhou: 30000).
    Automatic {
        /// The score the dealer needs.
        min_score: i32,
    },
    /// The dealer's renchan always goes on (Tenhou's tenpai-yame until early June 2010: four
    /// real games of 2009–2010 played on after such a draw).
    Never,
    /// No source settles it for this rule set: such a renchan in the last hands cannot be
    /// ruled.
    NotSettled,
}

/// Whether and how the game goes on after its last regular hand (South 4 in a hanchan,
/// East 4 in a tonpuusen).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Extension {
    /// The game ends after the last regular hand unless the dealer keeps the deal (and
    /// `agari_yame` does not stop it).
    None,
    /// Sudden death (Tenhou): from the last regular hand on, a hand after which the dealer
    /// does not keep the deal ends the game if the top score is `target` or more (riichi
    /// sticks on the table not counted). If nobody has `target` after the last regular hand,
    /// play goes on into the next wind round (West after a hanchan, South after a tonpuusen),
    /// whose 4th hand is the hard stop: when the dealer does not keep the deal there, the game
    /// ends whatever the scores. A dealer who keeps the deal plays on (see `agari_yame` and
    /// `tenpai_yame`), in the hard-stop hand too (a real West 4 game went on after a dealer
    /// win that left the dealer first with 28200).
    NextWind {
        /// The score that ends the game (Tenhou: 30000).
        target: i32,
    },
}

/// Where riichi sticks still on the table at the end of the game go.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LeftoverSticks {
    /// To the player ranked first (Tenhou).
    ToFirst,
    /// To nobody: they are lost (WRC's "not awarded"; JPML's "they stay in the pot").
    Unclaimed,
    /// No source settles it for this rule set: a game ending with sticks on the table cannot
    /// be placed.
    NotSettled,
}

/// How equal final scores are ranked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TieBreak {
    /// The player seated earlier from the first dealer ranks higher (Tenhou).
    SeatOrder,
    /// Tied players share the uma (and oka) of the places they occupy, in equal parts; for
    /// everything that needs one order (who is first, who takes the leftover sticks) seat
    /// order from the first dealer decides.
    Shared,
    /// No source settles it for this rule set: a game ending in a tie cannot be placed.
    NotSettled,
}

/// How final placement points are computed from the final scores.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FinalPoints {
    /// `(score − return_score) / 1000`, rounded as `rounding` says, plus the uma of the place;
    /// the oka `(return_score − start_score) × players / 1000` goes to first place.
    Uma {
        /// The return score (kaeshi), 30000 on Tenhou.
        return_score: i32,
        /// The uma by place.
        uma: Uma,
        /// The rounding.
        rounding: PointRounding,
    },
    /// The table's placement rules are not known (a Tenhou private lobby whose settings the
    /// log does not carry): the ranking is computed, the points are not.
    NotKnown,
    /// Sinking and floating (Buu): a player at the start score or above floats, below it
    /// sinks. The top takes chips: with only itself floating (Maru A) `chips[0]` from each
    /// other player; with two floating (Maru B) `chips[1]` from each sinking player; with one
    /// sinking (Maru C) `chips[2]` from it. The placement points are the chips won or lost.
    SinkFloat {
        /// The chips of Maru A, B and C.
        chips: [i32; 3],
    },
}

/// The uma: placement points added by place, in whole points (1 point = 1000 table points).
/// With three players the fourth place is no one's and its entry is 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Uma {
    /// One table for every game: first, second, third, fourth.
    Fixed([i32; 4]),
    /// A table chosen by how many players end at `threshold` or more ("floating"), indexed
    /// 0..=4 (JPML's float-dependent uma).
    ByFloaters {
        /// The score a player needs to float.
        threshold: i32,
        /// The uma by place, for 0, 1, 2, 3 and 4 floating players.
        by_count: [[i32; 4]; 5],
    },
}

/// How final placement points are rounded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PointRounding {
    /// Tenhou until 2021: for every player but the first, the final score is rounded to whole
    /// thousands, half away from zero (24500 → 25000, 35500 → 36000, −500 → −1000), and the
    /// return score taken off; first place gets minus the sum of the others, which also gives
    /// it the oka and absorbs the rounding. (Read off the real logs: the score itself is
    /// rounded, +5.5 → +6, and a score of −500 → −31 against a 30000 return.)
    TenhouThousands,
    /// No rounding: points to a tenth (100 table points), every player computed alike
    /// (a difference that is not a multiple of 100 is cut toward zero).
    Hundreds,
}

/// What a tsumo pays with three players, where the North's share of a four-player tsumo has
/// no one to pay it. Ignored with four players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ThreePlayerTsumo {
    /// Tsumo loss (ツモ損): each payer pays what it would with four players (the dealer 2 ×
    /// base, a non-dealer 1 × base, each 2 × base to a dealer winner); the North's share is
    /// lost, so a tsumo is worth less than a ron.
    TsumoLoss,
    /// North split (北家折半): the North's share is split between the two payers: to a
    /// non-dealer winner the dealer pays 2.5 × base and the other 1.5 × base, to a dealer winner
    /// each pays 3 × base, each rounded up to 100; a tsumo is worth what a ron is.
    NorthSplit,
    /// No source settles it for this rule set: a three-player tsumo cannot be paid.
    NotSettled,
}

/// Whether a player reaching a score ends the game at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndAtScore {
    /// No score ends the game.
    Never,
    /// The game ends after the round in which a player reaches at least this score (Buu:
    /// 4000, double the start).
    AtLeast(i32),
}

/// Whether a yakuman ends the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum YakumanEnd {
    /// The game goes on as after any win.
    GoesOn,
    /// The game ends after the round, and every player but the yakuman's winner sinks,
    /// whatever the scores (Buu).
    EndsOthersSink,
}

/// Whether a win may put another player below zero.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BustGuard {
    /// Any win stands, whoever it busts.
    Off,
    /// A win that would put a payer below zero may not be declared, unless it lifts the
    /// winner from sinking (below the start score) to floating (Buu, RULES.md A33).
    UnlessItFloatsTheWinner,
}

/// The penalty for a false declaration of a win (a hand-written record's `false-win`). The
/// declarer's hand is then dead (the rule point `dead_hand`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FalseWin {
    /// Paid at once, and the deal goes on: a non-dealer declarer pays each other non-dealer
    /// `non_dealer` and the dealer `dealer`; a dealer declarer pays each player `dealer` (the
    /// classic rules: half the limit, 250, and the dealer double, 500).
    Pays {
        /// What a non-dealer is paid by a non-dealer declarer.
        non_dealer: i32,
        /// What the dealer is paid, and what a dealer declarer pays each player.
        dealer: i32,
    },
    /// A chombo: paid at once as [`FalseWin::Pays`] (a modern reverse mangan is 2000 to each
    /// non-dealer and 4000 to the dealer, 4000 to each from a dealer), the hand ends and is
    /// dealt again: the same round, dealer and counters, and the riichi sticks of the hand
    /// returned (the older EMA rules, 3.4.6; the Japanese modern rules of mahjong.wikidot).
    Redeal {
        /// What a non-dealer is paid by a non-dealer declarer.
        non_dealer: i32,
        /// What the dealer is paid, and what a dealer declarer pays each player.
        dealer: i32,
    },
    /// The rule set does not say: a false declaration is reported as not settled.
    NotSettled,
}

/// What the declarer of a kyuushu kyuuhai (nine different terminals and honours) is paid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KyuushuPayment {
    /// Nothing: the round simply ends.
    NotPaid,
    /// Each other player pays the declarer by the number of different terminals and honours
    /// in its hand after its first draw: 9, 10, 11, 12 and 13 kinds (the classic rules: 50,
    /// 70, 100, 150, 200; RULES.md A3).
    ByKinds([i32; 5]),
}

/// How a ron with pao by another player than the liable one is paid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PaoRon {
    /// The liable player pays half the hand (rounded up to 100), the discarder the rest (the
    /// Japanese rule).
    SplitHalf,
    /// The liable player pays the whole hand (the classic insurance, RULES.md A10).
    LiablePaysAll,
}

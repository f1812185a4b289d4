use haifu_tiles::{BySeat, Wind};

/// The rule points of RULES.md §1.10 and §2.1/§2.3 that decide what a round's outcome pays and
/// how the game goes on from round to round: payments around the hand value (honba, riichi
/// sticks, noten payments, nagashi mangan, multiple ron, pao), renchan, the end of the game
/// and the final placement points.
///
/// Plain data with public fields and no `Default`: name a preset ([`FlowRules::tenhou`],
/// [`FlowRules::tenhou_game`]) and change fields with struct-update syntax. What a hand is
/// worth is not here: that is the hand evaluator's business, and arrives as a
/// [`WinValue`](crate::flow::WinValue).
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
    /// Noten payments at an exhaustive draw.
    pub noten: NotenPayment,
    /// Whether nagashi mangan is played, and how it pays.
    pub nagashi: NagashiMangan,
    /// What happens when several players ron the same discard.
    pub multiple_ron: MultipleRon,
    /// Who collects the honba and the sticks in a multiple ron.
    pub multiple_ron_bonus: MultipleRonBonus,
    /// Who pays the honba of a ron when a liable (pao) player shares the payment.
    pub pao_honba: PaoHonba,
    /// When the dealer keeps the deal after a win or an exhaustive draw.
    pub renchan: Renchan,
    /// What an abortive draw does to the deal.
    pub abortive_draw: AbortiveDrawFlow,
    /// Whether a score below zero ends the game (tobi).
    pub busting: Busting,
    /// Whether a top dealer's win in the last hands ends the game by itself.
    pub agari_yame: AgariYame,
    /// Whether a top dealer's tenpai at the draw of one of the last hands ends the game.
    pub tenpai_yame: TenpaiYame,
    /// Whether and how the game goes on after its last regular round.
    pub extension: Extension,
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
}

impl GameLength {
    /// The wind of the last regular round: East for tonpuusen, South for hanchan.
    pub const fn last_wind(self) -> Wind {
        match self {
            GameLength::Tonpuusen => Wind::East,
            GameLength::Hanchan => Wind::South,
        }
    }
}

/// The number of players of a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Players {
    /// Four players.
    Four,
    /// Three players (sanma), which the flow does not support yet.
    Three,
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
    /// No noten payments.
    NotPaid,
}

/// Nagashi mangan: at an exhaustive draw, a player whose discards are all terminals and
/// honours, none of them called, is paid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NagashiMangan {
    /// Paid as a mangan tsumo (non-dealer 2000/4000, dealer 4000 all) **without honba**; the
    /// riichi sticks stay on the table; noten payments are skipped; several achievers are each
    /// paid (Tenhou, RULES.md §1.9).
    ManganTsumo,
    /// Not played: achievers are ignored and the draw pays noten payments as usual.
    NotPlayed,
}

/// What happens when several players ron the same discard.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MultipleRon {
    /// Two may win; a third claim makes the hand an abortive draw (sanchahou). Tenhou.
    DoubleRonTripleAborts,
    /// Only the claimant nearest the discarder in turn order wins (atamahane).
    HeadBump,
    /// Every claimant wins.
    AllWin,
}

/// Who collects the honba and the riichi sticks when several players win on one discard.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MultipleRonBonus {
    /// Honba and sticks both go to the winner nearest the discarder in turn order
    /// (kamicha-dori); the others get their hand value only. Tenhou, RULES.md §1.5.
    NearestWinner,
    /// Each winner is paid the honba; the sticks go to the winner nearest the discarder
    /// (EMA 2016).
    HonbaToEachSticksToNearest,
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
}

/// When the dealer keeps the deal (renchan) after a win or an exhaustive draw. A dealer among
/// the winners always keeps it. (RULES.md A7; abortive draws are [`AbortiveDrawFlow`].)
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
}

/// Whether a dealer's win in the last hands ends the game by itself (agari-yame).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AgariYame {
    /// In the last regular hand and in every extension hand, a dealer who wins and is then
    /// first with at least `min_score` ends the game automatically (Tenhou: 30000).
    Automatic {
        /// The score the dealer needs.
        min_score: i32,
    },
    /// The dealer's renchan always goes on.
    Never,
}

/// Whether a dealer's tenpai at the exhaustive draw of one of the last hands ends the game by
/// itself (tenpai-yame).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TenpaiYame {
    /// In the last regular hand and in every extension hand, a dealer who is tenpai at an
    /// exhaustive draw and is then first with at least `min_score` ends the game.
    Automatic {
        /// The score the dealer needs.
        min_score: i32,
    },
    /// The dealer's tenpai renchan always goes on (Tenhou until early June 2010: four real
    /// games of 2009–2010 played on after such a draw).
    Never,
}

/// Whether and how the game goes on after its last regular hand (South 4 in a hanchan,
/// East 4 in a tonpuusen).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Extension {
    /// The game ends after the last regular hand unless the dealer keeps the deal (and
    /// [`AgariYame`] does not stop it).
    None,
    /// Sudden death (Tenhou): from the last regular hand on, a hand after which the dealer
    /// does not keep the deal ends the game if the top score is `target` or more (riichi
    /// sticks on the table not counted). If nobody has `target` after the last regular hand,
    /// play goes on into the next wind round (West after a hanchan, South after a tonpuusen),
    /// whose 4th hand is the hard stop: when the dealer does not keep the deal there, the game
    /// ends whatever the scores. A dealer who keeps the deal plays on (see [`AgariYame`] and
    /// [`TenpaiYame`]), in the hard-stop hand too (a real West 4 game went on after a dealer
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
}

/// How final placement points are computed from the final scores.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FinalPoints {
    /// `(score − return_score) / 1000`, rounded as `rounding` says, plus the uma of the place;
    /// the oka `(return_score − start_score) × 4 / 1000` goes to first place.
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
}

/// The uma: placement points added by place, in whole points (1 point = 1000 table points).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Uma {
    /// One table for every game: first, second, third, fourth.
    Fixed([i32; 4]),
    /// A table chosen by how many players end at `threshold` or more ("floating"), indexed
    /// 0..=4 (JPML's float-dependent uma, RULES.md A21).
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
    /// it the oka and absorbs the rounding. (RULES.md A24 saw only negative differences and
    /// read them as "toward zero on the difference"; the real logs show rounding of the score
    /// itself: +5.5 → +6, and a score of −500 → −31 against a 30000 return.)
    TenhouThousands,
    /// No rounding: points to a tenth (100 table points), every player computed alike
    /// (a difference that is not a multiple of 100 is cut toward zero).
    Hundreds,
}

/// Tenhou's era, for the flow rules that changed inside the logs' lifetime. The logs do not
/// state it: it follows from the game's date (in its id), see [`TenhouEra::from_date`]. The
/// changes are dated from the real logs, to within the gap between the last game seen under
/// the old rule and the first seen under the new one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TenhouEra {
    /// Until July 2009 (seen up to 2009-07-31, and in undated logs with the 2008–2009
    /// per-round shuffle): tonpuusen uma +10/+5/−5/−10 (hanchan +20/+10/−10/−20), points
    /// rounded to thousands, no tenpai-yame.
    To2009July,
    /// August 2009 to early June 2010 (seen 2009-08-27 to 2010-06-01): uma +20/+10/−10/−20
    /// for every length, points rounded to thousands, no tenpai-yame.
    To2010June,
    /// June 2010 to mid-2021 (seen 2010-06-08 to 2021-07-24): as before, with automatic
    /// tenpai-yame.
    To2021,
    /// From mid-2022 (seen from 2022-06-01): placement points to a tenth, no rounding.
    From2022,
}

impl TenhouEra {
    /// The era of a game played on `year`-`month`-`day` (the first ten digits of a Tenhou
    /// game id are its date and hour), or `None` inside a gap where the change is not dated
    /// (2010-06-02 to 2010-06-07, 2021-07-25 to 2022-05-31). The August 2009 change is taken
    /// as 2009-08-01 (it fell between 2009-07-31 and 2009-08-27).
    pub fn from_date(year: u16, month: u8, day: u8) -> Option<TenhouEra> {
        let date = (year, month, day);
        if date < (2009, 8, 1) {
            Some(TenhouEra::To2009July)
        } else if date <= (2010, 6, 1) {
            Some(TenhouEra::To2010June)
        } else if date < (2010, 6, 8) {
            None
        } else if date <= (2021, 7, 24) {
            Some(TenhouEra::To2021)
        } else if date < (2022, 6, 1) {
            None
        } else {
            Some(TenhouEra::From2022)
        }
    }

    /// The rounding of final points in this era.
    pub const fn rounding(self) -> PointRounding {
        match self {
            TenhouEra::To2009July | TenhouEra::To2010June | TenhouEra::To2021 => {
                PointRounding::TenhouThousands
            }
            TenhouEra::From2022 => PointRounding::Hundreds,
        }
    }

    /// Tenpai-yame in this era.
    pub const fn tenpai_yame(self) -> TenpaiYame {
        match self {
            TenhouEra::To2009July | TenhouEra::To2010June => TenpaiYame::Never,
            TenhouEra::To2021 | TenhouEra::From2022 => TenpaiYame::Automatic { min_score: 30000 },
        }
    }

    /// The final points of a standard lobby in this era.
    const fn final_points(self, length: GameLength) -> FinalPoints {
        let uma = match (self, length) {
            (TenhouEra::To2009July, GameLength::Tonpuusen) => [10, 5, -5, -10],
            _ => [20, 10, -10, -20],
        };
        FinalPoints::Uma {
            return_score: 30000,
            uma: Uma::Fixed(uma),
            rounding: self.rounding(),
        }
    }
}

/// A table the flow cannot handle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum Unsupported {
    /// Three-player mahjong (sanma): its payments and settlement are their own issue.
    #[error("three-player games (sanma) are not supported yet")]
    Sanma,
    /// The seats do not start with the same score.
    #[error("the seats start with different scores ({0:?})")]
    UnequalStartScores(BySeat<i32>),
}

impl FlowRules {
    /// Tenhou's standard rules today ([`TenhouEra::From2022`]), as in the ranked lobbies
    /// (RULES.md §1.4–1.10):
    ///
    /// - start 25000, return 30000 (oka +20 to first), uma +20/+10/−10/−20 (§1.10);
    /// - final points to a tenth, [`PointRounding::Hundreds`] (the rounding to thousands of
    ///   §1.10 and A24 is the rule of 2008–2021 logs, [`PointRounding::TenhouThousands`]);
    /// - honba 300 on a ron, 100 per payer on a tsumo; riichi deposit 1000; noten payments
    ///   3000 in all (§1.3);
    /// - nagashi mangan as a mangan tsumo without honba, sticks staying (§1.9);
    /// - double ron allowed, triple ron aborts, honba and sticks to the winner nearest the
    ///   discarder (§1.5); pao: the liable player pays the honba (§1.6);
    /// - tenpai-renchan, every abortive draw a renchan (§1.4, §1.10);
    /// - busting below 0, automatic agari-yame and tenpai-yame at 30000, sudden-death
    ///   extension to 30000 into the West (hanchan) or South (tonpuusen) round with a hard stop
    ///   at its 4th hand, leftover sticks to first, ties by seat order (§1.10).
    ///
    /// # Errors
    ///
    /// [`Unsupported::Sanma`] for three players.
    pub const fn tenhou(length: GameLength, players: Players) -> Result<FlowRules, Unsupported> {
        if let Players::Three = players {
            return Err(Unsupported::Sanma);
        }
        Ok(FlowRules {
            length,
            start_score: 25000,
            riichi_deposit: 1000,
            honba: HonbaValue {
                ron: 300,
                tsumo_per_payer: 100,
            },
            noten: NotenPayment::Split { total: 3000 },
            nagashi: NagashiMangan::ManganTsumo,
            multiple_ron: MultipleRon::DoubleRonTripleAborts,
            multiple_ron_bonus: MultipleRonBonus::NearestWinner,
            pao_honba: PaoHonba::Liable,
            renchan: Renchan::WinOrTenpai,
            abortive_draw: AbortiveDrawFlow::Renchan,
            busting: Busting::BelowZero,
            agari_yame: AgariYame::Automatic { min_score: 30000 },
            tenpai_yame: TenhouEra::From2022.tenpai_yame(),
            extension: Extension::NextWind { target: 30000 },
            leftover_sticks: LeftoverSticks::ToFirst,
            ties: TieBreak::SeatOrder,
            final_points: TenhouEra::From2022.final_points(length),
        })
    }

    /// The rules of one Tenhou game, from what its log states: the GO `type` bits, the era the
    /// game was played in, and the scores of its first round (which is how a private lobby's
    /// start score is known). What the bits change was worked out from the real logs:
    ///
    /// - the era ([`TenhouEra`]): the rounding of the final points, tenpai-yame, and the
    ///   tonpuusen uma before August 2009.
    /// - 0x008 clear: tonpuusen.
    /// - 0x010: sanma, [`Unsupported::Sanma`].
    /// - 0x200 (chip rooms, 祝儀; with or without 0x400): uma +30/+10/−10/−30, the rest
    ///   standard (two games, one hanchan and one tonpuusen). Chips are not settled here.
    ///   These rooms also play kiriage mangan (30 fu 4 han recorded as 8000 / 12000 with
    ///   limit 0), a hand-value rule for the hand evaluator.
    /// - 0x800 (gold rooms, seen as 0x841): start and return 1000, no uma, no rounding (points
    ///   to 0.1, i.e. the score won or lost). Both corpus games ended by busting after their
    ///   first hand, so whether such a game can last longer is not known; they are modelled
    ///   as the length bit says (tonpuusen), with the return score as the target.
    /// - 0x100 (private lobby with a rule string): start and return 30000, uma
    ///   +15/+5/−5/−15, no rounding, ties sharing the uma. Seen in three 2023 games, all with
    ///   the rule string `csrule` giving 30000/30000/30000 and 5,−5,−15; a private lobby's
    ///   owner sets these, so another lobby may differ (override the fields).
    ///
    /// - 0x400 (with 0x200): honba 1500 on a ron (one game, a 1-honba ron paying 9500 for
    ///   8000); 500 per payer on a tsumo is assumed by proportion.
    ///
    /// The start score is taken from `first_scores`. When it differs from what the bits above
    /// give (a private lobby whose settings the log does not carry, e.g. a 30000 start with
    /// GO type 0x009), the placement rules are not known: [`FinalPoints::NotKnown`].
    ///
    /// # Errors
    ///
    /// [`Unsupported::Sanma`] for bit 0x010; [`Unsupported::UnequalStartScores`] when the
    /// seats start with different scores.
    pub fn tenhou_game(
        go_type: u32,
        era: TenhouEra,
        first_scores: BySeat<i32>,
    ) -> Result<FlowRules, Unsupported> {
        let players = if go_type & 0x010 != 0 {
            Players::Three
        } else {
            Players::Four
        };
        let length = if go_type & 0x008 != 0 {
            GameLength::Hanchan
        } else {
            GameLength::Tonpuusen
        };
        let mut rules = FlowRules::tenhou(length, players)?;
        let start = *first_scores.get(haifu_tiles::Seat::ALL[0]);
        if first_scores.iter().any(|s| *s != start) {
            return Err(Unsupported::UnequalStartScores(first_scores));
        }
        rules.final_points = era.final_points(length);
        rules.tenpai_yame = era.tenpai_yame();
        if go_type & 0x200 != 0 {
            rules.final_points = FinalPoints::Uma {
                return_score: 30000,
                uma: Uma::Fixed([30, 10, -10, -30]),
                rounding: era.rounding(),
            };
        }
        if go_type & 0x400 != 0 {
            rules.honba = HonbaValue {
                ron: 1500,
                tsumo_per_payer: 500,
            };
        }
        if go_type & 0x800 != 0 {
            rules = FlowRules {
                start_score: 1000,
                agari_yame: AgariYame::Automatic { min_score: 1000 },
                extension: Extension::NextWind { target: 1000 },
                final_points: FinalPoints::Uma {
                    return_score: 1000,
                    uma: Uma::Fixed([0; 4]),
                    rounding: PointRounding::Hundreds,
                },
                ..rules
            };
        } else if go_type & 0x100 != 0 {
            rules = FlowRules {
                start_score: 30000,
                ties: TieBreak::Shared,
                final_points: FinalPoints::Uma {
                    return_score: 30000,
                    uma: Uma::Fixed([15, 5, -5, -15]),
                    rounding: PointRounding::Hundreds,
                },
                ..rules
            };
        }
        if start != rules.start_score {
            rules.start_score = start;
            rules.final_points = FinalPoints::NotKnown;
        }
        Ok(rules)
    }
}

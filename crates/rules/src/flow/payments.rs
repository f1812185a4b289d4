use arrayvec::ArrayVec;
use haifu_tiles::{BySeat, Players, Seat};

use haifu_ruleset::{
    FalseWin, KyuushuPayment, MultipleRon, MultipleRonBonus, NagashiMangan, NotenPayment, PaoHonba,
    PaoRon, PaoValue, ThreePlayerTsumo,
};

use super::{Flow, Seats};
use crate::error::ScoreError;
use crate::hand::Need;

/// How the hand was won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WinMethod {
    /// Self-draw.
    Tsumo,
    /// On another player's discard (or a robbed kan tile).
    Ron,
}

/// Whether a seat is the dealer, for what a hand pays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    /// The dealer (oya).
    Dealer,
    /// Any other seat (ko).
    NonDealer,
}

impl Role {
    /// The role of `seat` when `dealer` deals.
    pub fn of(seat: Seat, dealer: Seat) -> Role {
        if seat == dealer {
            Role::Dealer
        } else {
            Role::NonDealer
        }
    }
}

/// What a won hand pays before honba and riichi sticks, and who pays it: the hand evaluator's
/// payments for one win.
///
/// The evaluator gives, for a ron, what the discarder pays (Tenhou's `ten`), and for a tsumo
/// what the dealer and what each non-dealer pays (each already rounded up to 100). Honba,
/// sticks and pao are applied by [`Flow::win_payments`] and
/// [`Flow::ron_payments`], not here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WinValue {
    /// A ron: `discarder` pays `points`.
    Ron {
        /// Who dealt in.
        discarder: Seat,
        /// What the discarder pays for the hand.
        points: i32,
    },
    /// A tsumo: the dealer pays `dealer_pays` and each other non-winner pays
    /// `non_dealer_pays`. When the winner is the dealer, every other seat pays
    /// `non_dealer_pays` and `dealer_pays` is not used.
    Tsumo {
        /// What the dealer pays a non-dealer winner.
        dealer_pays: i32,
        /// What each non-dealer pays.
        non_dealer_pays: i32,
    },
}

/// Rounds up to a multiple of 100.
const fn ceil_100(points: i64) -> i64 {
    (points + 99).div_euclid(100) * 100
}

fn to_i32(value: i64) -> Result<i32, PaymentError> {
    i32::try_from(value).map_err(|_| PaymentError::Overflow)
}

impl WinValue {
    /// The standard payments of a ron from `base` points (fu · 2^(2+han), or the limit's
    /// base: 2000 mangan … 8000 per yakuman): 4 × base for a non-dealer winner, 6 × base for
    /// the dealer, rounded up to 100.
    ///
    /// # Errors
    ///
    /// [`PaymentError::Overflow`] when the payment does not fit.
    pub fn ron_from_base(
        discarder: Seat,
        base: i32,
        winner: Role,
    ) -> Result<WinValue, PaymentError> {
        let factor = match winner {
            Role::Dealer => 6,
            Role::NonDealer => 4,
        };
        Ok(WinValue::Ron {
            discarder,
            points: to_i32(ceil_100(i64::from(base) * factor))?,
        })
    }

    /// The standard payments of a tsumo from `base` points: a non-dealer winner gets 2 × base
    /// from the dealer and 1 × base from each other player; a dealer winner 2 × base from
    /// everyone; each payment rounded up to 100.
    ///
    /// # Errors
    ///
    /// [`PaymentError::Overflow`] when a payment does not fit.
    pub fn tsumo_from_base(base: i32, winner: Role) -> Result<WinValue, PaymentError> {
        let double = to_i32(ceil_100(i64::from(base) * 2))?;
        let single = to_i32(ceil_100(i64::from(base)))?;
        Ok(match winner {
            Role::Dealer => WinValue::Tsumo {
                dealer_pays: double,
                non_dealer_pays: double,
            },
            Role::NonDealer => WinValue::Tsumo {
                dealer_pays: double,
                non_dealer_pays: single,
            },
        })
    }

    /// The hand's value as Tenhou records it (`ten`): for a ron what the discarder pays, for
    /// a tsumo the sum of the payments (three, or two with three players). Honba and sticks
    /// are not included.
    pub fn points(self, winner: Role, players: Players) -> i64 {
        let others = i64::from(players.count()) - 1;
        match self {
            WinValue::Ron { points, .. } => i64::from(points),
            WinValue::Tsumo {
                dealer_pays,
                non_dealer_pays,
            } => match winner {
                Role::Dealer => others * i64::from(non_dealer_pays),
                Role::NonDealer => {
                    i64::from(dealer_pays) + (others - 1) * i64::from(non_dealer_pays)
                }
            },
        }
    }
}

impl Flow<'_> {
    /// The payments of a tsumo worth `base` points at this table: with four players
    /// [`WinValue::tsumo_from_base`]; with three as [`ThreePlayerTsumo`] says.
    ///
    /// # Errors
    ///
    /// [`PaymentError::Overflow`] when a payment does not fit; [`PaymentError::NotSettled`]
    /// for a three-player tsumo under a rule set that does not settle what it pays.
    pub fn tsumo_value(&self, base: i32, winner: Role) -> Result<WinValue, PaymentError> {
        match (self.players(), self.three_player_tsumo) {
            (Players::Four, _) | (Players::Three, ThreePlayerTsumo::TsumoLoss) => {
                WinValue::tsumo_from_base(base, winner)
            }
            (Players::Three, ThreePlayerTsumo::NorthSplit) => {
                // In halves of the base: 2.5 and 1.5 to a non-dealer, 3 to a dealer.
                let share = |halves: i64| to_i32(ceil_100(i64::from(base) * halves / 2));
                Ok(match winner {
                    Role::Dealer => {
                        let each = share(6)?;
                        WinValue::Tsumo {
                            dealer_pays: each,
                            non_dealer_pays: each,
                        }
                    }
                    Role::NonDealer => WinValue::Tsumo {
                        dealer_pays: share(5)?,
                        non_dealer_pays: share(3)?,
                    },
                })
            }
            (Players::Three, ThreePlayerTsumo::NotSettled) => {
                Err(PaymentError::NotSettled("three_player_tsumo"))
            }
        }
    }
}

impl Flow<'_> {
    /// What one payer pays a winner for `honba` counters on a win by `method`: the discarder
    /// of a ron [`HonbaValue::ron`] per honba, each payer of a tsumo
    /// [`HonbaValue::tsumo_per_payer`] per honba. Exact: no count of honba overflows it.
    ///
    /// The one place where honba become points: the flow's payments
    /// ([`Flow::win_payments`]), the scorer's itemised payments and a record's fallback all
    /// take them from here.
    ///
    /// [`HonbaValue::ron`]: haifu_ruleset::HonbaValue::ron
    /// [`HonbaValue::tsumo_per_payer`]: haifu_ruleset::HonbaValue::tsumo_per_payer
    pub fn honba_each(&self, method: WinMethod, honba: u32) -> i64 {
        let per_honba = match method {
            WinMethod::Ron => self.honba.ron,
            WinMethod::Tsumo => self.honba.tsumo_per_payer,
        };
        i64::from(per_honba) * i64::from(honba)
    }

    /// What `sticks` riichi sticks are worth, taken from the table by a winner (or left over
    /// at the game's end): [`FlowRules::riichi_deposit`] each. Exact, as
    /// [`Flow::honba_each`]; the one place where sticks become points.
    ///
    /// [`FlowRules::riichi_deposit`]: haifu_ruleset::FlowRules::riichi_deposit
    pub fn sticks_value(&self, sticks: u32) -> i64 {
        i64::from(self.riichi_deposit) * i64::from(sticks)
    }

    /// Whether what `bonus` pays can be paid at all: every payer's honba (the discarder of a
    /// ron, or the three payers of a tsumo together) and the sticks each within a quarter of
    /// the largest score, so that no sum of payments overflows.
    ///
    /// # Errors
    ///
    /// [`ScoreError::OutOfRange`] naming the counter that no score can hold.
    pub(crate) fn check_bonus(&self, bonus: Bonus) -> Result<(), ScoreError> {
        const MOST: i64 = i32::MAX as i64 / 4;
        let honba = self.honba_each(WinMethod::Ron, bonus.honba).abs().max(
            self.honba_each(WinMethod::Tsumo, bonus.honba)
                .abs()
                .saturating_mul(3),
        );
        if honba > MOST {
            return Err(ScoreError::OutOfRange {
                what: "honba",
                count: bonus.honba,
                value: self.honba.ron.max(self.honba.tsumo_per_payer),
            });
        }
        if self.sticks_value(bonus.sticks).abs() > MOST {
            return Err(ScoreError::OutOfRange {
                what: "riichi sticks",
                count: bonus.sticks,
                value: self.riichi_deposit,
            });
        }
        Ok(())
    }
}

/// What [`MultipleRon`] makes of the claims on one discard ([`claims`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Claims {
    /// The claimants in order of precedence; the first `winners` of them win.
    Stand {
        /// Every claimant, first in precedence first.
        order: ArrayVec<Seat, 3>,
        /// How many of them win: one under a head bump, all otherwise.
        winners: usize,
    },
    /// Three claims abort the hand (sanchahou): nobody wins.
    Aborted,
}

/// One claim on a discard: who claims it, and what for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Claim {
    /// The claimant.
    pub seat: Seat,
    /// What the claimant needs the tile for ([`Need`]), where the engine knows it; only
    /// [`MultipleRon::HeadBumpPairPungChow`] asks, and there an unknown need comes last.
    pub need: Option<Need>,
}

/// The claims of `claimants` on a tile `discarder` let go, as `multiple_ron` decides them
/// at a table of `players`: in order of precedence, from the discarder in turn order
/// (nearest first), or under [`MultipleRon::HeadBumpEastFirst`] from the `dealer` (the dealer
/// first), or under [`MultipleRon::HeadBumpPairPungChow`] by need (the pair first) and then
/// from the discarder; one of them wins under a head bump, three abort the hand under
/// [`MultipleRon::DoubleRonTripleAborts`], and all win otherwise.
///
/// The one place where the precedence of claims and the head bump are decided: the payments
/// of a multiple ron ([`Flow::ron_payments`]) and the referee's ruling on a claimant
/// ([`head_bump_winner`](crate::rulings::head_bump_winner)) both ask it.
pub(crate) fn claims(
    multiple_ron: MultipleRon,
    players: Players,
    discarder: Seat,
    dealer: Seat,
    claimants: &[Claim],
) -> Claims {
    let count = claimants.len();
    let winners = match (multiple_ron, count) {
        (MultipleRon::DoubleRonTripleAborts, 3) => return Claims::Aborted,
        (
            MultipleRon::HeadBump
            | MultipleRon::HeadBumpEastFirst
            | MultipleRon::HeadBumpPairPungChow,
            _,
        ) => count.min(1),
        _ => count,
    };
    let (from, first) = match multiple_ron {
        MultipleRon::HeadBumpEastFirst => (dealer, 0),
        _ => (discarder, 1),
    };
    let mut order: ArrayVec<Claim, 3> = (first..players.count())
        .filter_map(|distance| {
            claimants
                .iter()
                .find(|c| players.distance(from, c.seat) == distance)
                .copied()
        })
        .collect();
    if multiple_ron == MultipleRon::HeadBumpPairPungChow {
        // Stable: among equal needs, the nearest first. An unknown need comes last.
        order.sort_by_key(|c| c.need.map_or(u8::MAX, |n| n as u8));
    }
    Claims::Stand {
        order: order.iter().map(|c| c.seat).collect(),
        winners,
    }
}

/// One win, as the payments need it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Win {
    /// Who won.
    pub winner: Seat,
    /// What the hand pays and who pays it.
    pub value: WinValue,
    /// The liable (pao) player, if the hand has one (Tenhou: daisangen or daisuushii
    /// completed by a pon or daiminkan of their discard). Whether pao applies is the hand
    /// evaluator's ruling; here it only changes who pays.
    pub pao: Option<Seat>,
    /// Whether the hand has other yakuman stacked with the liable one, which matters when
    /// the liable player pays only their yakuman's part ([`PaoValue::LiableYakumanOnly`]).
    pub pao_stacked: bool,
    /// For a ron, what the winner needed the discard for, where the engine knows it: a head
    /// bump by need ([`MultipleRon::HeadBumpPairPungChow`]) ranks the claims by it. `None`
    /// for a tsumo.
    pub need: Option<Need>,
}

/// The honba and riichi sticks a winner collects on top of the hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bonus {
    /// Honba counters paid to this winner.
    pub honba: u32,
    /// Riichi sticks on the table (including this round's deposits) taken by this winner.
    pub sticks: u32,
}

impl Bonus {
    /// Nothing on top of the hand (e.g. the farther winner of a Tenhou double ron).
    pub const NONE: Bonus = Bonus {
        honba: 0,
        sticks: 0,
    };
}

/// One outcome's score changes, item by item, in points per seat. Every item but `sticks`
/// sums to zero over the seats; `sticks` is what a winner takes from the table (deposits were
/// taken from the scores when they were made).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Payments {
    /// The hand's value, except the part a liable player pays.
    pub hand: BySeat<i32>,
    /// The liable (pao) player's share of the hand's value.
    pub pao: BySeat<i32>,
    /// Honba.
    pub honba: BySeat<i32>,
    /// Riichi sticks collected from the table.
    pub sticks: BySeat<i32>,
    /// Noten payments at an exhaustive draw.
    pub noten: BySeat<i32>,
    /// Nagashi mangan payments.
    pub nagashi: BySeat<i32>,
}

const ZERO: BySeat<i32> = BySeat::from_array([0; 4]);

impl Payments {
    /// No payment at all (an abortive draw).
    pub const NONE: Payments = Payments {
        hand: ZERO,
        pao: ZERO,
        honba: ZERO,
        sticks: ZERO,
        noten: ZERO,
        nagashi: ZERO,
    };

    /// Each seat's total change. The payment functions refuse payments whose totals do not
    /// fit an `i32` ([`PaymentError::Overflow`]); for other values the sum saturates.
    pub fn total(&self) -> BySeat<i32> {
        BySeat::new_with(|s| {
            let sum = self
                .items()
                .iter()
                .map(|row| i64::from(row[s]))
                .sum::<i64>();
            i32::try_from(sum).unwrap_or(if sum < 0 { i32::MIN } else { i32::MAX })
        })
    }

    fn items(&self) -> [BySeat<i32>; 6] {
        [
            self.hand,
            self.pao,
            self.honba,
            self.sticks,
            self.noten,
            self.nagashi,
        ]
    }

    /// `self`, if every seat's total fits an `i32`.
    fn checked(self) -> Result<Payments, PaymentError> {
        for s in Seat::ALL {
            let sum = self
                .items()
                .iter()
                .map(|row| i64::from(row[s]))
                .sum::<i64>();
            i32::try_from(sum).map_err(|_| PaymentError::Overflow)?;
        }
        Ok(self)
    }
}

/// The result of one or more rons on the same discard.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[expect(
    clippy::large_enum_variant,
    reason = "a plain Copy value without allocation; the size is a few hundred bytes"
)]
pub enum RonOutcome {
    /// The claims that stand, in turn order from the discarder (nearest first), each with its
    /// payments; `count` of the three slots are used.
    Paid {
        /// The winners and their payments; the first `count` are set.
        winners: [(Seat, Payments); 3],
        /// How many winners.
        count: u8,
    },
    /// Too many claims: the hand is an abortive draw (Tenhou's triple ron, sanchahou), and
    /// nobody pays.
    Aborted,
}

impl RonOutcome {
    /// The winners that stand with their payments, nearest to the discarder first.
    pub fn winners(&self) -> &[(Seat, Payments)] {
        match self {
            RonOutcome::Paid { winners, count } => &winners[..usize::from(*count).min(3)],
            RonOutcome::Aborted => &[],
        }
    }
}

/// A win or draw that cannot be paid as given.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum PaymentError {
    /// A ron whose discarder is the winner.
    #[error("seat {0} cannot ron its own discard")]
    RonFromWinner(Seat),
    /// The payment depends on a rule point the rule set leaves not settled.
    #[error("the payment depends on {0}, which this rule set leaves not settled")]
    NotSettled(&'static str),
    /// A liable player paying only their yakuman's part of a hand with other yakuman
    /// stacked: the split is not known to the engine yet.
    #[error(
        "pao_value = \"liable-yakuman-only\" with other yakuman stacked on the liable one is not supported yet"
    )]
    PaoPartNotSupported,
    /// The liable (pao) player is the winner.
    #[error("seat {0} cannot be liable for its own hand")]
    PaoIsWinner(Seat),
    /// A payment below zero.
    #[error("a hand cannot pay a negative amount ({0})")]
    NegativeValue(i32),
    /// A tsumo among the claims on one discard, or claims on different discards.
    #[error("the wins of a multiple ron must all be rons on the same discard")]
    NotOneDiscard,
    /// No claim, more than three, or one seat twice.
    #[error("a ron needs one to three different winners")]
    BadWinners,
    /// A number too large to pay.
    #[error("a payment overflows")]
    Overflow,
}

fn check_non_negative(values: &[i32]) -> Result<(), PaymentError> {
    match values.iter().find(|v| **v < 0) {
        Some(v) => Err(PaymentError::NegativeValue(*v)),
        None => Ok(()),
    }
}

/// Moves `points` from `from` to `to` in `row`.
fn pay(row: &mut BySeat<i32>, from: Seat, to: Seat, points: i32) -> Result<(), PaymentError> {
    row[from] = row[from]
        .checked_sub(points)
        .ok_or(PaymentError::Overflow)?;
    row[to] = row[to].checked_add(points).ok_or(PaymentError::Overflow)?;
    Ok(())
}

impl Flow<'_> {
    /// The payments of one win: the hand from its payer(s), honba and sticks per `bonus`, and
    /// the liable player's share when the win has pao:
    ///
    /// - tsumo with pao: the liable player pays the whole hand (the sum of all payments) and
    ///   all the honba (`tsumo_per_payer` per honba for each other player);
    /// - ron with pao by a third player: the liable player pays half the hand (rounded up to
    ///   100) and the discarder the rest; the honba as [`PaoHonba`] says;
    /// - ron with the liable player as discarder: the discarder pays everything.
    ///
    /// It considers the seats, the hand's payments and the bonus; whether the win is legal,
    /// and whether pao applies, are not judged here.
    ///
    /// # Errors
    ///
    /// A [`PaymentError`] for a ron from the winner, a liable winner, a negative amount or an
    /// overflow.
    pub fn win_payments(
        &self,
        dealer: Seat,
        win: &Win,
        bonus: Bonus,
    ) -> Result<Payments, PaymentError> {
        let winner = win.winner;
        if win.pao == Some(winner) {
            return Err(PaymentError::PaoIsWinner(winner));
        }
        if win.pao.is_some() {
            match (self.pao_value, win.pao_stacked) {
                (PaoValue::WholeHand, _) | (PaoValue::LiableYakumanOnly, false) => {}
                (PaoValue::LiableYakumanOnly, true) => {
                    return Err(PaymentError::PaoPartNotSupported);
                }
                (PaoValue::NotSettled, _) => return Err(PaymentError::NotSettled("pao_value")),
            }
        }
        let mut p = Payments::NONE;
        match win.value {
            WinValue::Ron { discarder, points } => {
                if discarder == winner {
                    return Err(PaymentError::RonFromWinner(winner));
                }
                check_non_negative(&[points])?;
                let honba = to_i32(self.honba_each(WinMethod::Ron, bonus.honba))?;
                match win.pao {
                    Some(liable) if liable != discarder => {
                        let liable_share = match self.pao_ron {
                            PaoRon::SplitHalf => {
                                to_i32(ceil_100((i64::from(points) + 1) / 2))?.min(points)
                            }
                            PaoRon::LiablePaysAll => points,
                        };
                        pay(&mut p.pao, liable, winner, liable_share)?;
                        pay(&mut p.hand, discarder, winner, points - liable_share)?;
                        let honba_payer = match self.pao_honba {
                            PaoHonba::Liable => liable,
                            PaoHonba::Discarder => discarder,
                            PaoHonba::NotSettled => {
                                return Err(PaymentError::NotSettled("pao_honba"));
                            }
                        };
                        pay(&mut p.honba, honba_payer, winner, honba)?;
                    }
                    _ => {
                        pay(&mut p.hand, discarder, winner, points)?;
                        pay(&mut p.honba, discarder, winner, honba)?;
                    }
                }
            }
            WinValue::Tsumo {
                dealer_pays,
                non_dealer_pays,
            } => {
                check_non_negative(&[dealer_pays, non_dealer_pays])?;
                let honba = to_i32(self.honba_each(WinMethod::Tsumo, bonus.honba))?;
                for &payer in self.players().seats().iter().filter(|s| **s != winner) {
                    let share = if payer == dealer && winner != dealer {
                        dealer_pays
                    } else {
                        non_dealer_pays
                    };
                    match win.pao {
                        Some(liable) => {
                            pay(&mut p.pao, liable, winner, share)?;
                            pay(&mut p.honba, liable, winner, honba)?;
                        }
                        None => {
                            pay(&mut p.hand, payer, winner, share)?;
                            pay(&mut p.honba, payer, winner, honba)?;
                        }
                    }
                }
            }
        }
        p.sticks[winner] = to_i32(self.sticks_value(bonus.sticks))?;
        p.checked()
    }

    /// What the `position`-th winner of a ron (0: the one nearest the discarder) collects of
    /// the table's honba and sticks (`table`: the honba counter, and every stick on the table,
    /// this hand's deposits included), when `standing` are the winners paid and `deposits`
    /// the seats whose riichi deposit this hand took: the one place a multiple ron's bonus is
    /// split, as [`MultipleRonBonus`] says.
    pub fn ron_bonus(
        &self,
        position: usize,
        winner: Seat,
        standing: Seats,
        deposits: Seats,
        table: Bonus,
    ) -> Bonus {
        let Bonus { honba, sticks } = table;
        // Under "own stick back", each winner's own deposit of this hand is not in the pot.
        let own_back = |seat: Seat| u32::from(deposits.contains(seat));
        let returned: u32 = standing.iter().map(own_back).sum();
        match (position, self.multiple_ron_bonus) {
            (0, MultipleRonBonus::HonbaToEachOwnStickBack) => Bonus {
                honba,
                sticks: sticks
                    .saturating_sub(returned)
                    .saturating_add(own_back(winner)),
            },
            (0, _) => table,
            (_, MultipleRonBonus::NearestWinner) => Bonus::NONE,
            (_, MultipleRonBonus::HonbaToEachSticksToNearest) => Bonus { honba, sticks: 0 },
            (_, MultipleRonBonus::HonbaToEachOwnStickBack) => Bonus {
                honba,
                sticks: own_back(winner),
            },
        }
    }

    /// The payments of one or more rons on the same discard, with `honba` and `sticks` the
    /// counters of the round (sticks including this round's deposits, which `deposits` made),
    /// applying
    /// [`MultipleRon`] and [`MultipleRonBonus`]. Winners are taken in turn order from the
    /// discarder, whatever the order of `wins`.
    ///
    /// # Errors
    ///
    /// [`PaymentError::BadWinners`] for no win, more than three or a seat twice,
    /// [`PaymentError::NotOneDiscard`] for a tsumo or different discarders, and the errors of
    /// [`Flow::win_payments`].
    pub fn ron_payments(
        &self,
        dealer: Seat,
        wins: &[Win],
        honba: u32,
        sticks: u32,
        deposits: Seats,
    ) -> Result<RonOutcome, PaymentError> {
        let Some(first) = wins.first() else {
            return Err(PaymentError::BadWinners);
        };
        let WinValue::Ron { discarder, .. } = first.value else {
            return Err(PaymentError::NotOneDiscard);
        };
        if wins.len() > 3
            || wins.iter().map(|w| w.winner).collect::<Seats>().len() as usize != wins.len()
        {
            return Err(PaymentError::BadWinners);
        }
        if wins
            .iter()
            .any(|w| !matches!(w.value, WinValue::Ron { discarder: d, .. } if d == discarder))
        {
            return Err(PaymentError::NotOneDiscard);
        }
        if let Some(w) = wins.iter().find(|w| w.winner == discarder) {
            return Err(PaymentError::RonFromWinner(w.winner));
        }
        let claimants: ArrayVec<Claim, 3> = wins
            .iter()
            .map(|w| Claim {
                seat: w.winner,
                need: w.need,
            })
            .collect();
        let Claims::Stand {
            order,
            winners: stands,
        } = claims(
            self.multiple_ron,
            self.players(),
            discarder,
            dealer,
            &claimants,
        )
        else {
            return Ok(RonOutcome::Aborted);
        };
        let order: ArrayVec<&Win, 3> = order
            .iter()
            .filter_map(|s| wins.iter().find(|w| w.winner == *s))
            .collect();
        let mut winners = [(discarder, Payments::NONE); 3];
        let standing: Seats = order.iter().take(stands).map(|w| w.winner).collect();
        for (i, w) in order.iter().take(stands).enumerate() {
            let bonus = self.ron_bonus(i, w.winner, standing, deposits, Bonus { honba, sticks });
            winners[i] = (w.winner, self.win_payments(dealer, w, bonus)?);
        }
        Ok(RonOutcome::Paid {
            winners,
            count: u8::try_from(stands.min(order.len())).unwrap_or(3),
        })
    }

    /// Under fishing (`riichi = "fishing"`), what the `fishing` players pay the `winners`:
    /// each fishing player that did not win pays each winner the stake. Nothing under riichi.
    ///
    /// # Errors
    ///
    /// [`PaymentError::Overflow`] when a total does not fit.
    pub fn fishing_payments(
        &self,
        riichi: haifu_ruleset::RiichiModel,
        winners: Seats,
        fishing: Seats,
    ) -> Result<BySeat<i32>, PaymentError> {
        let mut row = BySeat::from_array([0i32; 4]);
        if riichi != haifu_ruleset::RiichiModel::Fishing {
            return Ok(row);
        }
        for payer in fishing.iter().filter(|s| !winners.contains(*s)) {
            for winner in winners.iter() {
                pay(&mut row, payer, winner, self.fishing_stake)?;
            }
        }
        Ok(row)
    }

    /// The payments of a kyuushu kyuuhai declared by `declarer` with `kinds` different
    /// terminals and honours: as [`KyuushuPayment`] says, from each other player; nothing
    /// when it is not paid.
    ///
    /// # Errors
    ///
    /// [`PaymentError::Overflow`] when a total does not fit.
    pub fn kyuushu_payments(&self, declarer: Seat, kinds: u8) -> Result<BySeat<i32>, PaymentError> {
        let mut row = BySeat::from_array([0i32; 4]);
        let KyuushuPayment::ByKinds(table) = self.kyuushu_payment else {
            return Ok(row);
        };
        let each = table[usize::from(kinds.clamp(9, 13) - 9)];
        for &s in self.players().seats().iter().filter(|s| **s != declarer) {
            pay(&mut row, s, declarer, each)?;
        }
        Ok(row)
    }

    /// The penalty of a false declaration of a win by `declarer` when `dealer` deals: as
    /// [`FalseWin`] says, from the declarer to each other seated player (the dealer's share,
    /// and a dealer declarer's to each, the larger one).
    ///
    /// # Errors
    ///
    /// [`PaymentError::NotSettled`] when the rule set does not say, and
    /// [`PaymentError::Overflow`] when a total does not fit.
    pub fn false_win_payments(
        &self,
        dealer: Seat,
        declarer: Seat,
    ) -> Result<BySeat<i32>, PaymentError> {
        let (FalseWin::Pays {
            non_dealer,
            dealer: to_dealer,
        }
        | FalseWin::Redeal {
            non_dealer,
            dealer: to_dealer,
        }) = self.false_win
        else {
            return Err(PaymentError::NotSettled("false_win"));
        };
        let mut row = BySeat::from_array([0i32; 4]);
        for &s in self.players().seats().iter().filter(|s| **s != declarer) {
            let each = if s == dealer || declarer == dealer {
                to_dealer
            } else {
                non_dealer
            };
            pay(&mut row, declarer, s, each)?;
        }
        Ok(row)
    }

    /// The payments of an exhaustive draw: nagashi mangan for the `nagashi` achievers when
    /// the rules play it (each paid as a mangan tsumo without honba, noten payments skipped),
    /// else noten payments from the `tenpai` set. Sticks stay on the table either way.
    ///
    /// It does not judge who is tenpai or who achieved nagashi; it pays what it is told.
    ///
    /// # Errors
    ///
    /// [`PaymentError::Overflow`] when a payment does not fit.
    pub fn exhaustive_draw_payments(
        &self,
        dealer: Seat,
        tenpai: Seats,
        nagashi: Seats,
    ) -> Result<Payments, PaymentError> {
        let mut p = Payments::NONE;
        if self.nagashi == NagashiMangan::NotSettled && !nagashi.is_empty() {
            return Err(PaymentError::NotSettled("nagashi_mangan"));
        }
        if let (NagashiMangan::ManganTsumo, false) = (self.nagashi, nagashi.is_empty()) {
            for achiever in nagashi.iter() {
                let value = self.tsumo_value(2000, Role::of(achiever, dealer))?;
                let win = Win {
                    winner: achiever,
                    value,
                    pao: None,
                    pao_stacked: false,
                    need: None,
                };
                let paid = self.win_payments(dealer, &win, Bonus::NONE)?;
                for s in Seat::ALL {
                    p.nagashi[s] = p.nagashi[s]
                        .checked_add(paid.hand[s])
                        .ok_or(PaymentError::Overflow)?;
                }
            }
            return Ok(p);
        }
        let players = self.players();
        let (total, per_tenpai) = match self.noten {
            NotenPayment::Split { total } => (total, false),
            NotenPayment::PerTenpai { each } => (each, true),
            NotenPayment::NotPaid => return Ok(p),
            NotenPayment::NotSettled => {
                let tenpai_seats = players.seats().iter().filter(|s| tenpai.contains(**s));
                let some = tenpai_seats.count();
                if some == 0 || some == usize::from(players.count()) {
                    return Ok(p);
                }
                return Err(PaymentError::NotSettled("noten_payment"));
            }
        };
        let tenpai = players
            .seats()
            .iter()
            .copied()
            .filter(|s| tenpai.contains(*s))
            .collect::<Seats>();
        let receivers = i32::from(tenpai.len());
        let seated = i32::from(players.count());
        if receivers == 0 || receivers == seated {
            return Ok(p);
        }
        let (gain, loss) = if per_tenpai {
            // Each tenpai player receives `total`; the noten players share what that costs.
            let paid = total.checked_mul(receivers).ok_or(PaymentError::Overflow)?;
            (total, paid / (seated - receivers))
        } else {
            (total / receivers, total / (seated - receivers))
        };
        // A rule set may state a negative payment; its most negative share has no opposite.
        let loss = loss.checked_neg().ok_or(PaymentError::Overflow)?;
        for &s in players.seats() {
            p.noten[s] = if tenpai.contains(s) { gain } else { loss };
        }
        Ok(p)
    }
}

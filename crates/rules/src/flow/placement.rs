use std::fmt;

use haifu_tiles::{BySeat, Players, Seat};

use haifu_ruleset::{FinalPoints, LeftoverSticks, PointRounding, TieBreak, Uma};

use super::{Flow, FlowError, Seats};

/// Final placement points, stored exactly in tenths of a point: `48.0` is `PlacementPoints(480)`,
/// `-10.7` is `PlacementPoints(-107)` (1 point = 1000 table points).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PlacementPoints(pub i32);

impl fmt::Display for PlacementPoints {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let v = self.0.unsigned_abs();
        write!(f, "{sign}{}.{}", v / 10, v % 10)
    }
}

/// The end of a game: final scores, places and placement points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FinalStanding {
    /// Each seat's final score, after the leftover sticks.
    pub scores: BySeat<i32>,
    /// The players at the table.
    pub players: Players,
    /// The seats from first to last place. With three players the first three are the
    /// seats that play and the fourth is the empty seat `D`.
    pub order: [Seat; 4],
    /// Each seat's place, 0 for first … 3 for fourth (the empty seat `D` of a three-player
    /// game is 3).
    pub place: BySeat<u8>,
    /// Each seat's placement points, or `None` when the rules do not know them
    /// ([`FinalPoints::NotKnown`]); 0 for the empty seat of a three-player game.
    pub points: Option<BySeat<PlacementPoints>>,
}

/// The seats from first to last by score, equal scores by seat order from `first_dealer`;
/// with three players the empty seat `D` comes last whatever the scores.
pub fn ranking(scores: BySeat<i32>, first_dealer: Seat, players: Players) -> [Seat; 4] {
    let n = usize::from(players.count());
    let mut order = Seat::ALL;
    for (k, slot) in order.iter_mut().take(n).enumerate() {
        *slot = players.after(first_dealer, k as u8);
    }
    // A stable sort keeps seat order from the first dealer among equal scores.
    order[..n].sort_by_key(|s| std::cmp::Reverse(scores[*s]));
    order
}

/// `score` in whole thousands, rounded half away from zero (24500 → 25, −500 → −1).
fn thousands_half_away(score: i64) -> i64 {
    let magnitude = score.unsigned_abs();
    let rounded =
        i64::try_from(magnitude / 1000 + u64::from(magnitude % 1000 >= 500)).unwrap_or(i64::MAX);
    if score < 0 { -rounded } else { rounded }
}

fn checked(v: i64) -> Result<i32, FlowError> {
    i32::try_from(v).map_err(|_| FlowError::Overflow)
}

impl Flow<'_> {
    /// The final standing from the scores at the end of the game and the riichi `sticks`
    /// still on the table: the sticks as [`LeftoverSticks`] says, the places with ties as
    /// [`TieBreak`] says, and the placement points as [`FinalPoints`] says.
    ///
    /// It considers only scores, sticks and seats; how the game ended does not matter.
    ///
    /// # Errors
    ///
    /// [`FlowError::Overflow`] when a number does not fit.
    pub fn final_standing(
        &self,
        scores: BySeat<i32>,
        sticks: u32,
        first_dealer: Seat,
    ) -> Result<FinalStanding, FlowError> {
        self.final_standing_sinking(scores, sticks, first_dealer, Seats::EMPTY)
    }

    /// [`Flow::final_standing`] with the seats in `sinking` counted as sinking whatever their
    /// scores (Buu's yakuman: every other player sinks). Only [`FinalPoints::SinkFloat`] reads
    /// it.
    ///
    /// # Errors
    ///
    /// [`FlowError::Overflow`] when a number does not fit.
    pub fn final_standing_sinking(
        &self,
        scores: BySeat<i32>,
        sticks: u32,
        first_dealer: Seat,
        sinking: Seats,
    ) -> Result<FinalStanding, FlowError> {
        let mut scores = scores;
        let players = self.players();
        let n = usize::from(players.count());
        let order = ranking(scores, first_dealer, players);
        if self.leftover_sticks == LeftoverSticks::NotSettled && sticks > 0 {
            return Err(FlowError::NotSettled("leftover_sticks"));
        }
        if let LeftoverSticks::ToFirst = self.leftover_sticks {
            let pot = self.sticks_value(sticks);
            scores[order[0]] = checked(i64::from(scores[order[0]]) + pot)?;
        }
        // Sinking and floating only asks who is on top; the other schemes rank every place.
        let ranked = match self.final_points {
            FinalPoints::SinkFloat { .. } => &order[..2.min(n)],
            _ => &order[..n],
        };
        if self.ties == TieBreak::NotSettled
            && ranked.windows(2).any(|w| scores[w[0]] == scores[w[1]])
        {
            return Err(FlowError::NotSettled("ties"));
        }
        let mut place = BySeat::from_array([0u8; 4]);
        for (i, s) in order.iter().enumerate() {
            place[*s] = i as u8;
        }
        let points = match self.final_points {
            FinalPoints::NotKnown => None,
            FinalPoints::SinkFloat { chips } => Some(self.chips(scores, &order, sinking, chips)?),
            FinalPoints::Uma {
                return_score,
                uma,
                rounding,
            } => Some(self.placement_points(scores, &order, return_score, uma, rounding)?),
        };
        Ok(FinalStanding {
            players,
            scores,
            order,
            place,
            points,
        })
    }

    /// Buu's chips: the top takes Maru A, B or C by how many players float (at the start
    /// score or above, and not in `sinking`), in tenths as the placement points are;
    /// [`FlowError::Overflow`] when a chip value times the payers does not fit.
    fn chips(
        &self,
        scores: BySeat<i32>,
        order: &[Seat; 4],
        sinking: Seats,
        chips: [i32; 3],
    ) -> Result<BySeat<PlacementPoints>, FlowError> {
        let seated = self.players().seats();
        let floats = |s: Seat| scores[s] >= self.start_score && !sinking.contains(s);
        // The winner is the highest floating player: the top, or after a yakuman its winner.
        let Some(&top) = order.iter().find(|s| seated.contains(s) && floats(**s)) else {
            return Ok(BySeat::from_array([PlacementPoints(0); 4]));
        };
        let floating = seated.iter().filter(|s| floats(**s)).count();
        // Maru A: each other player pays; Maru B: each sinking player; Maru C: the sinker.
        let (each, payers): (i32, Vec<Seat>) = match floating {
            1 => (
                chips[0],
                seated.iter().copied().filter(|s| *s != top).collect(),
            ),
            2 => (
                chips[1],
                seated.iter().copied().filter(|s| !floats(*s)).collect(),
            ),
            3 => (
                chips[2],
                seated.iter().copied().filter(|s| !floats(*s)).collect(),
            ),
            _ => (0, Vec::new()),
        };
        // In tenths, from a rule set's chip values: a rule file may give any `i32`.
        let paid = i64::from(each) * 10;
        let mut out = BySeat::from_array([PlacementPoints(0); 4]);
        for s in &payers {
            out[*s] = PlacementPoints(checked(-paid)?);
        }
        out[top] = PlacementPoints(checked(paid * payers.len() as i64)?);
        Ok(out)
    }

    fn placement_points(
        &self,
        scores: BySeat<i32>,
        order: &[Seat; 4],
        return_score: i32,
        uma: Uma,
        rounding: PointRounding,
    ) -> Result<BySeat<PlacementPoints>, FlowError> {
        let players = self.players();
        let n = usize::from(players.count());
        let table = match uma {
            Uma::Fixed(table) => table,
            Uma::ByFloaters {
                threshold,
                by_count,
            } => {
                let floaters = players.seats().iter().filter(|s| scores[**s] >= threshold);
                by_count[floaters.count().min(4)]
            }
        };
        // The bonus of each place in tenths: uma, and the oka for first (what every player
        // gave back beyond the start score).
        let oka = (i64::from(return_score) - i64::from(self.start_score)) * n as i64 / 100;
        let mut bonus = table.map(|u| i64::from(u) * 10);
        bonus[0] += oka;
        let mut by_seat = BySeat::from_array([0i64; 4]);
        for (i, s) in order.iter().take(n).enumerate() {
            by_seat[*s] = bonus[i];
        }
        if let TieBreak::Shared = self.ties {
            let mut i = 0;
            while i < n {
                let mut j = i + 1;
                while j < n && scores[order[j]] == scores[order[i]] {
                    j += 1;
                }
                let shared = bonus[i..j].iter().sum::<i64>() / (j - i) as i64;
                for s in &order[i..j] {
                    by_seat[*s] = shared;
                }
                i = j;
            }
        }
        let mut points = BySeat::from_array([0i64; 4]);
        for &s in players.seats() {
            let score = i64::from(scores[s]);
            let back = i64::from(return_score);
            points[s] = match rounding {
                PointRounding::TenhouThousands => (thousands_half_away(score) * 1000 - back) / 100,
                PointRounding::Hundreds => (score - back) / 100,
            } + by_seat[s];
        }
        if let PointRounding::TenhouThousands = rounding {
            points[order[0]] = -order[1..n].iter().map(|s| points[*s]).sum::<i64>();
        }
        let mut out = BySeat::from_array([PlacementPoints(0); 4]);
        for s in Seat::ALL {
            out[s] = PlacementPoints(checked(points[s])?);
        }
        Ok(out)
    }
}

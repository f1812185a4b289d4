//! The legal actions at a decision point, each asked of the ruling that referees it.
//!
//! Nothing here rules anything: every candidate is put to the method that referees the same
//! action in a game ([`Round::discard`]'s check, [`Round::declare_riichi`], [`Round::call`],
//! [`Round::tsumo`] and [`Round::ron`] with the hand scored, [`Round::check_abortive`]), on a
//! copy of the round where the method changes it. A candidate the method accepts is legal.

use arrayvec::ArrayVec;
use haifu_tiles::{Meld, MeldKind, Seat, Tile, TileKind};

use super::{Phase, Riichi, Round};
use crate::round::{AbortiveClaim, WinContext};
use crate::score::score;

/// An action a seat may take at a decision point. Tiles are physical tiles of the seat's
/// hand; where two copies of a kind are the same to the rules (neither a red five, or both),
/// the list holds one of them (the drawn tile where it is one).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Discards the tile.
    Discard(Tile),
    /// Declares riichi and discards the tile.
    Riichi(Tile),
    /// Wins on the tile just drawn.
    Tsumo,
    /// A meld: chi, pon or daiminkan on the open discard; ankan, kakan or kita on its turn.
    Call(Meld),
    /// Declares the nine-terminals abortive draw (kyuushu kyuuhai).
    NineTerminals,
    /// Wins on the open tile (a discard, a kakan's added tile, an ankan or a kita).
    Ron,
    /// Lets the open tile pass.
    Pass,
}

/// Whether a seat's win on the state of `round` after the method accepted it is a win: the
/// hand complete with a yaku under the rules (the scorer's ruling). Ura indicators, honba
/// and sticks change no legality and are left out.
fn scores(round: &Round, context: &WinContext) -> bool {
    let win = context.hand(&[], 0, 0);
    score(&round.rules, &win).is_ok()
}

impl Round {
    /// Whether the rules tell `tile` apart from the other copies of its kind: a red five in a
    /// suit whose five is red under the rules.
    fn is_red(&self, tile: Tile) -> bool {
        tile.is_red_five()
            && self
                .rules
                .hand
                .red_fives
                .suits()
                .get(tile.kind().suit() as usize)
                .copied()
                .unwrap_or(false)
    }

    /// The tiles of `seat`'s hand, one of each kind and redness, the drawn tile standing for
    /// its kind and redness, in increasing order.
    fn distinct_tiles(&self, seat: Seat) -> ArrayVec<Tile, 14> {
        let st = &self.seats[seat];
        let mut out: ArrayVec<Tile, 14> = ArrayVec::new();
        let mut hand: ArrayVec<Tile, 14> = st.hand.iter().copied().collect();
        hand.sort_unstable();
        if let Some(d) = st.drawn {
            out.push(d);
        }
        for t in hand {
            if !out
                .iter()
                .any(|o| o.kind() == t.kind() && self.is_red(*o) == self.is_red(t))
            {
                out.push(t);
            }
        }
        out.sort_unstable();
        out
    }

    /// Every action `seat` may take now, under the rules, in a fixed order: discards, riichi
    /// discards, tsumo, kans, kita, the nine-terminals draw on its turn; ron, chi, pon,
    /// daiminkan and pass on a tile open to claims. Empty when the seat has no choice (it is
    /// not its turn and no tile is open to it, or only a draw is due).
    ///
    /// Each candidate is ruled by the method that referees the action in a game, so the list
    /// holds what the referee would accept, no more and no less: a win needs a complete hand
    /// with a yaku and no furiten, a riichi discard must leave the hand tenpai, kuikae and
    /// tsumogiri after riichi bind the discards, and so on. What it does not consider: the
    /// bust guard of a win, and the priority between seats claiming one tile (each seat's
    /// list is its own).
    pub fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        let mut out = Vec::new();
        if !self.players.plays(seat) {
            return out;
        }
        match self.phase {
            Phase::Discard { seat: s } if s == seat => self.turn_actions(seat, &mut out),
            Phase::Draw { .. } => self.claim_actions(seat, &mut out),
            _ => {}
        }
        out
    }

    fn turn_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        let tiles = self.distinct_tiles(seat);
        for &t in &tiles {
            if self.discard_refusal(seat, t).is_ok() {
                out.push(Action::Discard(t));
            }
        }
        let mut riichi = self.clone();
        if riichi.declare_riichi(seat).is_ok() {
            for &t in &tiles {
                if riichi.discard_refusal(seat, t).is_ok() {
                    out.push(Action::Riichi(t));
                }
            }
        }
        let st = &self.seats[seat];
        if st.drawn.is_some() && crate::hand::is_complete(&st.counts()) {
            let mut won = self.clone();
            if let Ok(context) = won.tsumo(seat)
                && scores(self, &context)
            {
                out.push(Action::Tsumo);
            }
        }
        // Ankan: each kind held four times.
        for &t in &tiles {
            let kind = t.kind();
            if st.counts().get(kind) == 4 && !out_has_ankan(out, kind) {
                let four: ArrayVec<Tile, 4> = st
                    .hand
                    .iter()
                    .copied()
                    .filter(|h| h.kind() == kind)
                    .collect();
                if let Some(meld) = Meld::new(MeldKind::Ankan, &four, None, None, None) {
                    self.try_call(seat, meld, out);
                }
            }
        }
        // Kakan: a held tile added to a pon of its kind.
        for pon in st.melds.iter().filter(|m| m.kind == MeldKind::Pon) {
            for &t in tiles.iter().filter(|t| t.kind() == pon.base_kind()) {
                let mut four: ArrayVec<Tile, 4> = pon.tiles().iter().copied().collect();
                four.push(t);
                if let Some(meld) = Meld::new(MeldKind::Kakan, &four, pon.called, Some(t), pon.from)
                {
                    self.try_call(seat, meld, out);
                }
            }
        }
        for &t in tiles.iter().filter(|t| t.kind() == TileKind::North) {
            if let Some(meld) = Meld::new(MeldKind::Kita, &[t], None, None, None) {
                self.try_call(seat, meld, out);
            }
        }
        if self
            .clone()
            .check_abortive(AbortiveClaim::KyuushuKyuuhai(seat))
            .is_ok()
        {
            out.push(Action::NineTerminals);
        }
    }

    fn try_call(&self, seat: Seat, meld: Meld, out: &mut Vec<Action>) {
        if self.clone().call(seat, meld).is_ok() {
            out.push(Action::Call(meld));
        }
    }

    fn claim_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        let open = self
            .open_discard
            .or(self.open_kakan)
            .or(self.open_kita.map(|(from, tile, _)| (from, tile)))
            .or(self.open_ankan);
        let Some((from, tile)) = open else { return };
        if from == seat {
            return;
        }
        let kind = tile.kind();
        if self.seats[seat].waits.contains(kind) {
            let mut won = self.clone();
            if let Ok(context) = won.ron(seat)
                && scores(self, &context)
            {
                out.push(Action::Ron);
            }
        }
        if self.open_discard.is_some() {
            // A riichi declaration's deposit is taken when its tile passes: before any call.
            let mut base = self.clone();
            if let Some(declarer) = base.deposit_missing() {
                let _ = base.take_riichi_deposit(declarer);
            }
            base.claim_candidates(seat, from, tile, out);
        }
        if !out.is_empty() {
            out.push(Action::Pass);
        }
    }

    /// Chi, pon and daiminkan of `tile` from `from` by `seat`, each ruled by [`Round::call`].
    fn claim_candidates(&self, seat: Seat, from: Seat, tile: Tile, out: &mut Vec<Action>) {
        let st = &self.seats[seat];
        let kind = tile.kind();
        // The seat's tiles of one kind, one of each redness, and all of them.
        let of = |k: TileKind| -> ArrayVec<Tile, 4> {
            let mut all: ArrayVec<Tile, 4> =
                st.hand.iter().copied().filter(|t| t.kind() == k).collect();
            all.sort_unstable();
            all
        };
        let same = of(kind);
        let mut tried: ArrayVec<Meld, 16> = ArrayVec::new();
        let mut attempt = |round: &Round, meld: Meld, out: &mut Vec<Action>| {
            // Two melds the same to the rules are tried once.
            let key = |m: &Meld| -> ArrayVec<(TileKind, bool), 4> {
                m.tiles()
                    .iter()
                    .map(|t| (t.kind(), round.is_red(*t)))
                    .collect()
            };
            if tried
                .iter()
                .any(|m| m.kind == meld.kind && key(m) == key(&meld))
            {
                return;
            }
            let _ = tried.try_push(meld);
            round.try_call(seat, meld, out);
        };
        if self.players.next(from) == seat && !kind.is_honor() {
            let shapes: [(i8, i8); 3] = [(-2, -1), (-1, 1), (1, 2)];
            for (a, b) in shapes {
                let (Some(ka), Some(kb)) = (kind.offset(a), kind.offset(b)) else {
                    continue;
                };
                for &ta in &of(ka) {
                    for &tb in &of(kb) {
                        if let Some(meld) =
                            Meld::new(MeldKind::Chi, &[ta, tb, tile], Some(tile), None, Some(from))
                        {
                            attempt(self, meld, out);
                        }
                    }
                }
            }
        }
        for i in 0..same.len() {
            for j in i + 1..same.len() {
                if let Some(meld) = Meld::new(
                    MeldKind::Pon,
                    &[same[i], same[j], tile],
                    Some(tile),
                    None,
                    Some(from),
                ) {
                    attempt(self, meld, out);
                }
            }
        }
        if same.len() == 3 {
            let four = [same[0], same[1], same[2], tile];
            if let Some(meld) = Meld::new(MeldKind::Daiminkan, &four, Some(tile), None, Some(from))
            {
                attempt(self, meld, out);
            }
        }
    }

    /// `seat`'s riichi as the vectors show it: `None`, declared (its tile not yet passed) or
    /// standing, and whether it is a double riichi.
    pub fn riichi_state(&self, seat: Seat) -> (RiichiState, bool) {
        match self.seats[seat].riichi {
            Riichi::None => (RiichiState::None, false),
            Riichi::Declared { double, .. } => (RiichiState::Declared, double),
            Riichi::Standing { double } => (RiichiState::Standing, double),
        }
    }

    /// `seat`'s concealed tiles (13, or 14 on its turn), in increasing order.
    pub fn concealed(&self, seat: Seat) -> ArrayVec<Tile, 14> {
        let mut hand = self.seats[seat].hand.clone();
        hand.sort_unstable();
        hand
    }

    /// `seat`'s melds, in the order called (kita not among them).
    pub fn melds(&self, seat: Seat) -> &[Meld] {
        &self.seats[seat].melds
    }

    /// `seat`'s discards in order, each with whether another seat called it.
    pub fn river(&self, seat: Seat) -> &[(Tile, bool)] {
        &self.seats[seat].river
    }

    /// The Norths `seat` set aside (kita).
    pub fn kita_tiles(&self, seat: Seat) -> &[Tile] {
        &self.seats[seat].kita
    }

    /// The tile `seat` just drew, while it holds it.
    pub fn drawn(&self, seat: Seat) -> Option<Tile> {
        self.seats[seat].drawn
    }

    /// Whether `seat` may still win with ippatsu.
    pub fn ippatsu(&self, seat: Seat) -> bool {
        self.seats[seat].ippatsu
    }

    /// The kinds `seat` may not discard now (kuikae), as kinds.
    pub fn kuikae_kinds(&self, seat: Seat) -> haifu_tiles::TileSet {
        self.seats[seat].kuikae
    }

    /// The round's dealer.
    pub fn dealer(&self) -> Seat {
        self.dealer
    }

    /// The round wind.
    pub fn round_wind(&self) -> haifu_tiles::Wind {
        self.round_wind
    }

    /// Kans declared in the round.
    pub fn kans(&self) -> usize {
        self.kan_seats.len()
    }

    /// Whether no call (nor kan) has interrupted the first go-around yet.
    pub fn first_go_around(&self) -> bool {
        self.no_call_yet
    }

    /// The tile open to claims and who let it go, if one is.
    pub fn open_tile(&self) -> Option<(Seat, Tile)> {
        self.open_discard
            .or(self.open_kakan)
            .or(self.open_kita.map(|(from, tile, _)| (from, tile)))
            .or(self.open_ankan)
    }
}

/// A seat's riichi, as [`Round::riichi_state`] gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RiichiState {
    /// No riichi.
    None,
    /// Declared: the declaration tile is next, or was just discarded and its deposit is not
    /// taken yet.
    Declared,
    /// The riichi stands.
    Standing,
}

fn out_has_ankan(out: &[Action], kind: TileKind) -> bool {
    out.iter()
        .any(|a| matches!(a, Action::Call(m) if m.kind == MeldKind::Ankan && m.base_kind() == kind))
}

#[cfg(test)]
mod tests {
    use arrayvec::ArrayVec;
    use haifu_ruleset::{Players, Preset, RuleSet};
    use haifu_tiles::{BySeat, Meld, MeldKind, Seat, Tile, Wind};

    use super::Action;
    use crate::round::{Deal, Round};

    fn tiles(ids: &[u8]) -> ArrayVec<Tile, 13> {
        ids.iter().map(|i| Tile::new(*i).expect("an id")).collect()
    }

    fn t(id: u8) -> Tile {
        Tile::new(id).expect("an id")
    }

    /// A holds 1111m 234p 567s 99s 1z and draws a second 1z; B holds 78s 99s 111p 333z 2z 4z
    /// 5z; C and D hold nothing A's discards touch.
    fn round() -> Round {
        let deal = Deal {
            players: Players::Four,
            round_wind: Wind::East,
            dealer: Seat::ALL[0],
            hands: BySeat::from_array([
                tiles(&[0, 1, 2, 3, 40, 44, 48, 89, 92, 96, 104, 105, 108]),
                tiles(&[97, 100, 106, 107, 36, 37, 38, 116, 117, 118, 120, 124, 112]),
                tiles(&[4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 20]),
                tiles(&[24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 21]),
            ]),
            scores: BySeat::from_array([25000; 4]),
            dora_indicator: t(113),
        };
        let rules = RuleSet::preset(Preset::Tenhou);
        let mut round = Round::from_setup(&deal, &rules).expect("a deal");
        round.draw(Seat::ALL[0], t(109)).expect("A draws");
        round
    }

    #[test]
    fn a_turn_lists_each_discard_the_riichi_that_keeps_tenpai_and_the_ankan() {
        let round = round();
        let [a, b, ..] = Seat::ALL;
        // Nine kinds held; only discarding a 1m leaves a tenpai hand (111m 234p 567s 99s 11z,
        // waiting on 9s and 1z); the four 1m make an ankan. No tsumo (not complete), no nine
        // terminals (three kinds), no kita (four players).
        // The drawn 1z stands for both.
        let discards = [0, 40, 44, 48, 89, 92, 96, 104, 109].map(|i| Action::Discard(t(i)));
        let ankan =
            Meld::new(MeldKind::Ankan, &tiles(&[0, 1, 2, 3]), None, None, None).expect("a meld");
        let mut expected: Vec<Action> = discards.to_vec();
        expected.push(Action::Riichi(t(0)));
        expected.push(Action::Call(ankan));
        assert_eq!(round.legal_actions(a), expected);
        // Nobody else has a choice on A's turn.
        assert!(round.legal_actions(b).is_empty());
    }

    #[test]
    fn a_discard_opens_chi_pon_and_pass_to_those_who_can() {
        let mut round = round();
        let [a, b, c, d] = Seat::ALL;
        round.discard(a, t(104)).expect("A discards 9s");
        let chi = Meld::new(
            MeldKind::Chi,
            &tiles(&[97, 100, 104]),
            Some(t(104)),
            None,
            Some(a),
        )
        .expect("a meld");
        let pon = Meld::new(
            MeldKind::Pon,
            &tiles(&[104, 106, 107]),
            Some(t(104)),
            None,
            Some(a),
        )
        .expect("a meld");
        assert_eq!(
            round.legal_actions(b),
            vec![Action::Call(chi), Action::Call(pon), Action::Pass]
        );
        assert!(round.legal_actions(c).is_empty());
        assert!(round.legal_actions(d).is_empty());
        // A's own tile: no claim.
        assert!(round.legal_actions(a).is_empty());
    }
}

//! A round (kyoku) as a state machine: the referee's view of a hand being played.
//!
//! A [`Round`] is built from a plain [`Deal`] (what a log states at the start of a
//! round) by [`Round::from_setup`], which checks it. Each action of the log is then played:
//! [`Round::draw`], [`Round::discard`], [`Round::call`], [`Round::declare_riichi`],
//! [`Round::take_riichi_deposit`], [`Round::reveal_dora`]. An action the rules forbid is an
//! [`ActionError`] and leaves the round unchanged, so the caller can report it.
//!
//! The outcomes are asked of the round, which checks that they can happen now and supplies
//! what only the referee knows: [`Round::tsumo`] and [`Round::ron`] give a [`WinContext`]
//! (the hand, the melds and every situational flag: riichi, ippatsu, haitei, houtei,
//! rinshan, chankan, tenhou, chiihou) to score with [`crate::score()`];
//! [`Round::exhaustive_draw`] gives the tenpai and nagashi-mangan seats;
//! [`Round::check_abortive`] says whether an abortive draw's condition holds.
//!
//! What it considers, under a [`RuleSet`] (its [`RoundRules`](haifu_ruleset::RoundRules)): turn
//! order; the tiles in each hand; chi only from the player to the left; kuikae; at most four
//! kans, and none once the live wall is empty; riichi only with a closed hand, 1000 points,
//! four live tiles and a tenpai discard; after riichi, tsumogiri only and an ankan only if
//! the waits stay the same and it uses the drawn tile; kan-dora timing (an ankan's indicator
//! at once, an open kan's when its player discards, a pending one flipped before the next
//! replacement draw); ippatsu and which calls break it; furiten of every kind with its reason;
//! the first go-around for double riichi, tenhou, chiihou, kyuushu kyuuhai and suufon renda.
//!
//! What it ignores: three-player games (kita is refused as unsupported), payments and the
//! flow between rounds (a later module), and the value of a win (see [`crate::score()`]).

use arrayvec::ArrayVec;
use haifu_tiles::{
    BySeat, Meld, MeldKind, Players, Seat, Tile, TileCounts, TileKind, TileSet, Wind,
};
use thiserror::Error;

use haifu_ruleset::{
    AbortiveRule, DeadHand, FirstDiscards, Furiten, KanDoraTiming, Kita, KitaInterrupts,
    KitaRinshan, KitaRon, KokushiRobsAnkan, Kuikae, PaoHands, RiichiMinLiveTiles, RiichiMinScore,
    RiichiModel, RuleSet, TenpaiRule,
};

use crate::flow::WinMethod;
use crate::hand::{ConcealedShape, Need, waits};
use crate::score::{RiichiDeclaration, Situation};

mod legal;
pub use legal::{Action, RiichiState};

/// The live wall's size: with four players 136 tiles, less 14 in the dead wall and 52 dealt;
/// with three 108, less 14 and 39.
const fn live_wall(players: Players) -> u8 {
    match players {
        Players::Four => 70,
        Players::Three => 55,
    }
}

/// A round's start as a log states it: not necessarily legal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deal {
    /// The players at the table: with three, seat `D` has no hand.
    pub players: Players,
    /// The round wind.
    pub round_wind: Wind,
    /// The dealer.
    pub dealer: Seat,
    /// Each seat's 13 starting tiles (none for seat `D` with three players).
    pub hands: BySeat<ArrayVec<Tile, 13>>,
    /// Each seat's score at the start.
    pub scores: BySeat<i32>,
    /// The first dora indicator.
    pub dora_indicator: Tile,
}

/// Why a [`Deal`] is not a possible start of a round.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SetupError {
    /// A seat's hand does not have 13 tiles (or, with three players, seat `D` has tiles).
    #[error("seat {seat} starts with {count} tiles: expected {expected}")]
    HandSize {
        /// The seat.
        seat: Seat,
        /// Its tile count.
        count: usize,
        /// The count expected: 13, or 0 for the empty seat of a three-player game.
        expected: usize,
    },
    /// A tile that is not in play (2m–8m with three players) is dealt.
    #[error("tile {tile} (id {}) is not in play with three players", tile.id())]
    NotInPlay {
        /// The tile.
        tile: Tile,
    },
    /// The same physical tile is dealt twice (or is also the dora indicator).
    #[error("tile {tile} (id {}) is dealt twice", tile.id())]
    DuplicateTile {
        /// The tile.
        tile: Tile,
    },
}

/// Why a seat is furiten, with the tile or kind that made it so.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FuritenReason {
    /// The seat's own discards hold one of its winning kinds (called discards included).
    OwnDiscard {
        /// The winning kind among its discards.
        kind: TileKind,
    },
    /// The seat let a winning tile pass since its last discard (even without a yaku, and a
    /// chankan chance too); ends at its own next discard.
    PassedThisTurn {
        /// The tile passed.
        tile: Tile,
    },
    /// The seat let a winning tile pass after riichi: furiten for the rest of the round.
    PassedAfterRiichi {
        /// The tile passed.
        tile: Tile,
    },
}

impl std::fmt::Display for FuritenReason {
    /// As messages and the referee's sheet write it: `own discard 7p`, `passed 6s this turn`,
    /// `passed 6s after riichi`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FuritenReason::OwnDiscard { kind } => write!(f, "own discard {kind}"),
            FuritenReason::PassedThisTurn { tile } => write!(f, "passed {tile} this turn"),
            FuritenReason::PassedAfterRiichi { tile } => write!(f, "passed {tile} after riichi"),
        }
    }
}

/// A change the referee notes while playing an action, for the referee's sheet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ruling {
    /// A seat became furiten (or its reason changed).
    FuritenStarts {
        /// The seat.
        seat: Seat,
        /// Why.
        reason: FuritenReason,
    },
    /// A seat is no longer furiten.
    FuritenEnds {
        /// The seat.
        seat: Seat,
    },
}

/// An action the rules do not allow now. The round is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ActionError {
    /// The round is over (after a win or a draw).
    #[error("the round is over")]
    RoundOver,
    /// The ruling depends on a rule point the rule set leaves not settled.
    #[error("the ruling depends on {rule}, which this rule set leaves not settled")]
    NotSettled {
        /// The rule point, by its rule-file name (`kan_dora`).
        rule: &'static str,
    },
    /// An abortive draw the rule set does not play.
    #[error("{what} is not an abortive draw under this rule set ({rule})")]
    AbortiveNotPlayed {
        /// The draw.
        what: &'static str,
        /// The rule point that says so, with its value (`suucha_riichi = false`).
        rule: &'static str,
    },
    /// A win or a riichi by a seat whose hand is dead (a mistake at the table).
    #[error("seat {seat}'s hand is dead: it may not {what}")]
    DeadHand {
        /// Who.
        seat: Seat,
        /// What it tried: win, declare riichi.
        what: &'static str,
    },
    /// Another seat was to act.
    #[error("seat {seat} acts, but it is seat {expected}'s turn to {what}")]
    NotYourTurn {
        /// Who acted.
        seat: Seat,
        /// Who was to act.
        expected: Seat,
        /// What that seat was to do.
        what: &'static str,
    },
    /// The action does not fit the moment (e.g. a discard before drawing).
    #[error("seat {seat} cannot {what} now: {why}")]
    OutOfTurn {
        /// Who acted.
        seat: Seat,
        /// What it tried.
        what: &'static str,
        /// Why not.
        why: &'static str,
    },
    /// A drawn or revealed tile that has already appeared in the round (dealt, drawn or
    /// revealed before): the same physical tile cannot come from the wall twice.
    #[error("{tile} (id {}) has already appeared in this round", tile.id())]
    TileInPlay {
        /// The tile.
        tile: Tile,
    },
    /// The tile is not in the seat's hand.
    #[error("seat {seat} does not hold {tile} (id {})", tile.id())]
    TileNotInHand {
        /// The seat.
        seat: Seat,
        /// The tile.
        tile: Tile,
    },
    /// The live wall is empty: no draw is left.
    #[error("the live wall is empty")]
    WallExhausted,
    /// A call on a tile that is not the discard open for claims.
    #[error("seat {seat} calls {tile} (id {}) from seat {from}, which is not the discard open for claims", tile.id())]
    NotTheLastDiscard {
        /// The caller.
        seat: Seat,
        /// The tile called.
        tile: Tile,
        /// Where the call says it came from.
        from: Seat,
    },
    /// A chi in a three-player game, which has none.
    #[error("seat {seat} calls chi: there is no chi with three players")]
    NoChi {
        /// The seat.
        seat: Seat,
    },
    /// A kita the rules refuse.
    #[error("seat {seat} cannot set a North aside (kita): {why}")]
    NoKita {
        /// The seat.
        seat: Seat,
        /// Why.
        why: &'static str,
    },
    /// A chi from another seat than the one to the left.
    #[error("seat {seat} calls chi from seat {from}: chi is only from the player to the left")]
    ChiNotFromLeft {
        /// The caller.
        seat: Seat,
        /// The discarder.
        from: Seat,
    },
    /// A meld whose tiles do not form its kind.
    #[error("{meld} is not a valid {kind}")]
    BadMeld {
        /// The meld.
        meld: Meld,
        /// The kind claimed.
        kind: MeldKind,
    },
    /// A discard forbidden by kuikae.
    #[error("seat {seat} discards {tile} right after calling it (kuikae)")]
    Kuikae {
        /// The seat.
        seat: Seat,
        /// The forbidden kind discarded.
        tile: TileKind,
    },
    /// A fifth kan, or a kan with no replacement draw left.
    #[error("seat {seat} cannot declare a kan: {why}")]
    NoKan {
        /// The seat.
        seat: Seat,
        /// Why not.
        why: &'static str,
    },
    /// Riichi without its conditions.
    #[error("seat {seat} cannot declare riichi: {why}")]
    RiichiNotAllowed {
        /// The seat.
        seat: Seat,
        /// Which condition fails.
        why: String,
    },
    /// After riichi, a discard other than the drawn tile.
    #[error("seat {seat} is in riichi and must discard the drawn tile, not {tile} (id {})", tile.id())]
    RiichiMustTsumogiri {
        /// The seat.
        seat: Seat,
        /// The tile discarded.
        tile: Tile,
    },
    /// A riichi deposit taken when none is due.
    #[error("seat {seat}'s riichi deposit is not due: {why}")]
    DepositNotDue {
        /// The seat.
        seat: Seat,
        /// Why.
        why: &'static str,
    },
    /// A riichi declaration whose discard passed, but no deposit was taken before play went on.
    #[error("seat {seat}'s riichi discard passed without ron, but its deposit was not taken")]
    DepositMissing {
        /// The declaring seat.
        seat: Seat,
    },
    /// A dora indicator revealed when none is due.
    #[error("a new dora indicator is revealed, but no kan has one due")]
    DoraNotDue,
    /// An open kan's dora indicator revealed before it is due: it comes when the kan's player
    /// discards, after the replacement draw.
    #[error(
        "a new dora indicator is revealed too early: an open kan's indicator comes when its player discards, after the replacement draw"
    )]
    DoraNotYetDue,
    /// Play went on while a kan's dora indicator was due.
    #[error("a kan's new dora indicator is due before this action")]
    DoraMissing,
    /// A win the seat cannot claim.
    #[error("seat {seat} cannot win now: {why}")]
    NoWin {
        /// The seat.
        seat: Seat,
        /// Why.
        why: &'static str,
    },
    /// A ron by a furiten seat.
    #[error("seat {seat} rons while furiten ({reason:?})")]
    Furiten {
        /// The seat.
        seat: Seat,
        /// Why it is furiten.
        reason: FuritenReason,
    },
    /// An outcome whose condition does not hold.
    #[error("{what} does not apply: {why}")]
    DrawNotApplicable {
        /// The draw.
        what: &'static str,
        /// Why not.
        why: &'static str,
    },
    /// Something the engine does not model yet.
    #[error("unsupported: {0}")]
    Unsupported(&'static str),
}

/// Riichi state of a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Riichi {
    None,
    /// Declared; the declaration discard is next (or was just made and may be ronned).
    Declared {
        double: bool,
        discarded: bool,
    },
    /// The deposit was taken.
    Standing {
        double: bool,
    },
}

/// Whose move it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// `seat` draws next (a replacement draw when `rinshan`), unless the open discard is
    /// claimed.
    Draw { seat: Seat, rinshan: bool },
    /// `seat` holds its drawn or called tile and must discard (or kan, tsumo, riichi...).
    Discard { seat: Seat },
    /// A win or a draw ended the round.
    Over,
}

#[derive(Clone, Debug)]
struct SeatState {
    /// Concealed tiles (13, or 14 while holding a drawn or called tile).
    hand: ArrayVec<Tile, 14>,
    /// `hand` by kind, kept with it ([`SeatState::give`], [`SeatState::take`]).
    counts: TileCounts,
    /// For each tile id held, its place in `hand`, kept with it; other entries are stale
    /// (a place is trusted only where `hand` holds that tile there). Finding a discard is one
    /// load, not a scan whose end the CPU cannot predict.
    place: [u8; 136],
    /// `counts`' shape, kept with it: it rules out waits without reading the counts.
    shape: ConcealedShape,
    melds: ArrayVec<Meld, 4>,
    /// Own discards: (tile, called by another seat).
    river: ArrayVec<(Tile, bool), 32>,
    discarded: TileSet,
    /// The drawn tile while it is held (tsumogiri and tsumo need it).
    drawn: Option<Tile>,
    /// The last draw was a replacement draw.
    drawn_rinshan: bool,
    /// The drawn tile is a kita's replacement.
    drawn_after_kita: bool,
    /// The Norths set aside (kita).
    kita: ArrayVec<Tile, 4>,
    /// Kans the seat declared since its last draw from the live wall.
    kans_this_turn: u8,
    riichi: Riichi,
    /// Ippatsu still possible.
    ippatsu: bool,
    temporary_furiten: Option<Tile>,
    riichi_furiten: Option<Tile>,
    /// Kinds the seat may not discard now (kuikae).
    kuikae: TileSet,
    /// The kinds that complete the 13-tile hand, kept up to date.
    waits: TileSet,
    /// The concealed counts `waits` was last computed for: a discard of the drawn kind
    /// (tsumogiri, every discard after riichi) leaves them as they were, and the waits too.
    waits_of: TileCounts,
    discards: u8,
    /// Who fed the call that completed this seat's third dragon set / fourth wind set.
    liable: Liability,
    /// The hand is dead (a mistake at the table): it may not win nor declare riichi.
    dead: bool,
}

impl SeatState {
    /// A seat with no tiles, before the deal.
    const EMPTY: SeatState = SeatState {
        hand: ArrayVec::new_const(),
        counts: TileCounts::EMPTY,
        place: [0; 136],
        shape: ConcealedShape::EMPTY,
        melds: ArrayVec::new_const(),
        river: ArrayVec::new_const(),
        discarded: TileSet::EMPTY,
        drawn: None,
        drawn_rinshan: false,
        drawn_after_kita: false,
        kita: ArrayVec::new_const(),
        kans_this_turn: 0,
        riichi: Riichi::None,
        ippatsu: false,
        temporary_furiten: None,
        riichi_furiten: None,
        kuikae: TileSet::EMPTY,
        waits: TileSet::EMPTY,
        waits_of: TileCounts::EMPTY,
        discards: 0,
        liable: Liability::NONE,
        dead: false,
    };

    /// Deals `hand` to this seat in place, as [`SeatState::EMPTY`] would start: every field
    /// is named (a new one cannot be forgotten), and the lists are only cleared, not
    /// rewritten.
    ///
    /// Never inlined: a round's restart deals its seats through one copy of this code, where
    /// four inlined copies were each missed in the instruction cache once a round (110 k
    /// misses over the 516 Tenhou games, by callgrind's model).
    #[inline(never)]
    fn deal(&mut self, hand: &[Tile]) {
        let SeatState {
            hand: held,
            counts,
            place: _,
            shape,
            melds,
            river,
            discarded,
            drawn,
            drawn_rinshan,
            drawn_after_kita,
            kita,
            kans_this_turn,
            riichi,
            ippatsu,
            temporary_furiten,
            riichi_furiten,
            kuikae,
            waits: _,
            waits_of: _,
            discards,
            liable,
            dead,
        } = self;
        held.clear();
        *counts = TileCounts::EMPTY;
        *shape = ConcealedShape::EMPTY;
        melds.clear();
        river.clear();
        *discarded = TileSet::EMPTY;
        *drawn = None;
        *drawn_rinshan = false;
        *drawn_after_kita = false;
        kita.clear();
        *kans_this_turn = 0;
        *riichi = Riichi::None;
        *ippatsu = false;
        *temporary_furiten = None;
        *riichi_furiten = None;
        *kuikae = TileSet::EMPTY;
        *discards = 0;
        *liable = Liability::NONE;
        *dead = false;
        // Tile by tile, as a draw gives them: the counts and their shape kept together.
        for &t in hand {
            self.give(t);
        }
        self.waits_of = self.counts;
        self.waits = self.waits_now();
    }

    /// The waits of the concealed tiles, computed only where their shape allows any.
    fn waits_now(&self) -> TileSet {
        debug_assert_eq!(self.shape, ConcealedShape::new(&self.counts));
        if self.shape.may_wait() {
            waits(&self.counts)
        } else {
            TileSet::EMPTY
        }
    }

    /// Brings `waits` up to date with the concealed tiles, unless they are the counts it was
    /// last computed for (the waits depend on the counts only). Returns the kinds that joined
    /// or left the waits (for [`Round::waiters`]).
    #[must_use]
    fn update_waits(&mut self) -> TileSet {
        debug_assert_eq!(
            self.counts,
            TileCounts::from_tiles(self.hand.iter().copied())
        );
        let (now, then) = (self.counts.as_array(), self.waits_of.as_array());
        // Compared without early exit: two vector compares instead of a `memcmp` call.
        if now.iter().zip(then).fold(0, |diff, (a, b)| diff | (a ^ b)) != 0 {
            let old = self.waits;
            self.waits = self.waits_now();
            self.waits_of = self.counts;
            return TileSet::from_bits(old.bits() ^ self.waits.bits());
        }
        TileSet::EMPTY
    }

    fn counts(&self) -> TileCounts {
        self.counts
    }

    fn holds(&self, tile: Tile) -> bool {
        self.position(tile).is_some()
    }

    /// Adds a drawn tile to the hand.
    #[inline(always)]
    fn give(&mut self, tile: Tile) {
        let kind = tile.kind();
        self.shape.add(kind, self.counts.get(kind));
        self.counts.add(kind);
        // The hand holds at most 14 tiles, so its length fits.
        self.place[usize::from(tile.id()) % 136] = self.hand.len() as u8;
        self.hand.push(tile);
    }

    /// Where `tile` is in the hand.
    fn position(&self, tile: Tile) -> Option<usize> {
        let at = usize::from(self.place[usize::from(tile.id()) % 136]);
        let found = (self.hand.get(at) == Some(&tile)).then_some(at);
        debug_assert_eq!(found, self.hand.iter().position(|t| *t == tile));
        found
    }

    /// Removes `tile` from the hand, keeping the order of the others.
    fn take(&mut self, tile: Tile) {
        if let Some(i) = self.position(tile) {
            self.take_at(i);
        }
    }

    /// Removes the tile at `i` (below the hand's length). The last tile takes its place:
    /// the hand's order means nothing (a win's concealed tiles are handed out sorted).
    fn take_at(&mut self, i: usize) {
        // The kind is read before the swap, and the count once: each step waits on no store.
        let Some(&tile) = self.hand.get(i) else {
            return;
        };
        let kind = tile.kind();
        let before = self.counts.get(kind);
        if self.counts.remove(kind) {
            self.shape.remove(kind, before);
        }
        // The last tile takes the removed one's place (a swap-remove, written out: the
        // library's is not inlined).
        if let Some(last) = self.hand.pop()
            && let Some(slot) = self.hand.get_mut(i)
        {
            *slot = last;
            self.place[usize::from(last.id()) % 136] = i as u8;
        }
    }

    fn is_closed(&self) -> bool {
        self.melds.iter().all(|m| !m.kind.is_open())
    }

    fn furiten(&self) -> Option<FuritenReason> {
        if let Some(tile) = self.riichi_furiten {
            return Some(FuritenReason::PassedAfterRiichi { tile });
        }
        if let Some(kind) = self.waits.intersection(self.discarded).iter().next() {
            return Some(FuritenReason::OwnDiscard { kind });
        }
        self.temporary_furiten
            .map(|tile| FuritenReason::PassedThisTurn { tile })
    }
}

/// Everything the referee knows about a win that the scorer needs besides the rules: hand,
/// melds, winning tile, winds, revealed indicators, riichi and the situational flags.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WinContext {
    /// The winner.
    pub winner: Seat,
    /// The discarder (the kan player for chankan), or the winner for a tsumo.
    pub from: Seat,
    /// Tsumo or ron.
    pub method: WinMethod,
    /// The concealed tiles without the winning tile, in increasing order.
    pub concealed: ArrayVec<Tile, 13>,
    /// The winning tile.
    pub winning_tile: Tile,
    /// The melds, in the order called (kita not among them).
    pub melds: ArrayVec<Meld, 4>,
    /// The Norths the winner set aside (kita, sanma's nukidora), each worth a dora.
    pub kita: u8,
    /// The players at the table.
    pub players: Players,
    /// The winner's seat wind.
    pub seat_wind: Wind,
    /// The round wind.
    pub round_wind: Wind,
    /// The dora indicators revealed when the win is declared.
    pub dora_indicators: ArrayVec<Tile, 5>,
    /// Riichi.
    pub riichi: RiichiDeclaration,
    /// Ippatsu, haitei, houtei, rinshan, chankan, tenhou, chiihou.
    pub situation: Situation,
    /// Who fed the winner's third dragon or fourth wind set (pao candidates).
    pub liable: Liability,
}

impl WinContext {
    /// The hand as the scorer takes it: this accepted win, with the ura indicators the log
    /// shows and the honba and riichi sticks on the table (the dora count is the indicators').
    pub fn hand<'a>(
        &'a self,
        ura_indicators: &'a [Tile],
        honba: u32,
        riichi_sticks: u32,
    ) -> crate::WinningHand<'a> {
        crate::WinningHand {
            concealed: &self.concealed,
            winning_tile: self.winning_tile,
            melds: &self.melds,
            method: self.method,
            seat_wind: self.seat_wind,
            round_wind: self.round_wind,
            dora_indicators: &self.dora_indicators,
            dora_count: 0,
            kita: self.kita,
            ura_indicators,
            riichi: self.riichi,
            situation: self.situation,
            honba,
            riichi_sticks,
        }
    }
}

/// Who is liable (pao) for a seat's big yakuman, if anyone: the seat whose discard it called
/// (by pon or daiminkan) to complete its third dragon set or fourth wind set.
///
/// It records the feeder only; whether pao applies depends on the win actually scoring
/// daisangen or daisuushii, which the caller learns from the score.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Liability {
    /// The feeder of the third dragon set (daisangen).
    pub dragons: Option<Seat>,
    /// The feeder of the fourth wind set (daisuushii).
    pub winds: Option<Seat>,
    /// The feeder of the fourth set of an all-honours hand (tsuuiisou), under the classic
    /// insurance.
    pub honours: Option<Seat>,
    /// The feeder of the fourth set of an all-terminals hand (chinroutou), likewise.
    pub terminals: Option<Seat>,
    /// The feeder of the fourth set of an all-green hand (ryuuiisou), likewise.
    pub green: Option<Seat>,
}

impl Liability {
    /// Nobody liable.
    pub const NONE: Liability = Liability {
        dragons: None,
        winds: None,
        honours: None,
        terminals: None,
        green: None,
    };
}

/// What an exhaustive draw shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExhaustiveDraw {
    /// Which seats are tenpai.
    pub tenpai: BySeat<bool>,
    /// Which seats achieved nagashi mangan (every discard a terminal or honour, none called).
    pub nagashi: BySeat<bool>,
}

/// The abortive draws a round can end in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AbortiveClaim {
    /// Kyuushu kyuuhai, declared by this seat.
    KyuushuKyuuhai(Seat),
    /// Suufon renda: four identical wind discards in the first go-around.
    SuufonRenda,
    /// Suucha riichi: a fourth riichi stands.
    SuuchaRiichi,
    /// Suukaikan: four kans by more than one player, the last kan player's discard passed.
    Suukaikan,
    /// Sanchahou: three players ron the same discard.
    Sanchahou,
}

/// A round being played. See the module documentation.
#[derive(Clone, Debug)]
pub struct Round {
    rules: RuleSet,
    players: Players,
    round_wind: Wind,
    dealer: Seat,
    seats: BySeat<SeatState>,
    scores: BySeat<i32>,
    phase: Phase,
    /// Live draws made.
    live_drawn: u8,
    /// Replacement draws made.
    rinshan_drawn: u8,
    /// Kans declared, and by whom.
    kan_seats: ArrayVec<Seat, 4>,
    indicators: ArrayVec<Tile, 5>,
    /// Indicators due before the next action (ankan, or a pending one flipped by a new kan).
    dora_due_now: u8,
    /// Indicators due when `dora_kan_seat` discards (daiminkan, kakan).
    dora_due_at_discard: u8,
    /// No call has happened yet in the round (the first go-around is uninterrupted).
    no_call_yet: bool,
    /// The discard open for claims: (discarder, tile).
    open_discard: Option<(Seat, Tile)>,
    /// A kakan's added tile open for chankan: (kan player, tile).
    open_kakan: Option<(Seat, Tile)>,
    /// An ankan's tile open to a thirteen-orphans ron, under [`KokushiRobsAnkan::Yes`].
    open_ankan: Option<(Seat, Tile)>,
    /// A North just set aside (kita), open to a ron where [`KitaRon`] allows one, and how.
    open_kita: Option<(Seat, Tile, KitaRobbed)>,
    /// The replacement draw due is a kita's, not a kan's.
    kita_replacement: bool,
    /// Seats that won on the open tile.
    won: BySeat<bool>,
    riichi_sticks_taken: u8,
    rulings: ArrayVec<Ruling, 8>,
    /// Every physical tile that has appeared: dealt, drawn or revealed.
    seen: TileBits,
    /// For each kind, the seats whose waits contain it (bit `seat.index()`), kept with the
    /// seats' `waits`: closing a claim window looks at one byte, not four seats.
    waiters: [u8; 34],
}

/// How a North set aside (kita) may be robbed by a ron ([`KitaRon`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum KitaRobbed {
    /// As a plain ron.
    Ron,
    /// As a chankan.
    Chankan,
}

/// A set of physical tiles (136 bits).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct TileBits([u64; 3]);

impl TileBits {
    /// Adds `seat`'s starting hand, checking its size and that each tile is in play and not
    /// already dealt. Never inlined: once a seat, one copy of code (see [`SeatState::deal`]).
    #[inline(never)]
    fn deal(&mut self, seat: Seat, hand: &[Tile], players: Players) -> Result<(), SetupError> {
        let expected = if players.plays(seat) { 13 } else { 0 };
        if hand.len() != expected {
            return Err(SetupError::HandSize {
                seat,
                count: hand.len(),
                expected,
            });
        }
        for &t in hand {
            if !players.uses(t.kind()) {
                return Err(SetupError::NotInPlay { tile: t });
            }
            if self.contains(t) {
                return Err(SetupError::DuplicateTile { tile: t });
            }
            self.insert(t);
        }
        Ok(())
    }

    fn contains(&self, tile: Tile) -> bool {
        let i = usize::from(tile.id());
        self.0[i / 64] & (1 << (i % 64)) != 0
    }

    fn insert(&mut self, tile: Tile) {
        let i = usize::from(tile.id());
        self.0[i / 64] |= 1 << (i % 64);
    }
}

impl Round {
    /// Checks a setup and starts the round: the dealer is to draw first.
    ///
    /// It considers the hand sizes and that no physical tile is dealt twice (the dora
    /// indicator included). It does not check the setup against a wall (the replayer does).
    pub fn from_setup(setup: &Deal, rules: &RuleSet) -> Result<Round, SetupError> {
        let mut round = Round {
            rules: *rules,
            players: setup.players,
            round_wind: setup.round_wind,
            dealer: setup.dealer,
            seats: BySeat::new_with(|_| SeatState::EMPTY),
            scores: setup.scores,
            phase: Phase::Over,
            live_drawn: 0,
            rinshan_drawn: 0,
            kan_seats: ArrayVec::new(),
            indicators: ArrayVec::new(),
            dora_due_now: 0,
            dora_due_at_discard: 0,
            no_call_yet: true,
            open_discard: None,
            open_kakan: None,
            open_ankan: None,
            open_kita: None,
            kita_replacement: false,
            won: BySeat::default(),
            riichi_sticks_taken: 0,
            rulings: ArrayVec::new(),
            seen: TileBits::default(),
            waiters: [0; 34],
        };
        round.restart(setup, rules)?;
        Ok(round)
    }

    /// Starts a new round in this one's place, as [`Round::from_setup`] does, reusing its
    /// storage: a replayer going from round to round moves no round state. On an error the
    /// round is left as it was.
    pub fn restart(&mut self, setup: &Deal, rules: &RuleSet) -> Result<(), SetupError> {
        let mut seen = TileBits::default();
        let players = setup.players;
        if !players.uses(setup.dora_indicator.kind()) {
            return Err(SetupError::NotInPlay {
                tile: setup.dora_indicator,
            });
        }
        seen.insert(setup.dora_indicator);
        for seat in Seat::ALL {
            seen.deal(seat, &setup.hands[seat], players)?;
        }
        // Every field named, so that none is forgotten.
        let Round {
            rules: round_rules,
            players: round_players,
            round_wind,
            dealer,
            seats,
            scores,
            phase,
            live_drawn,
            rinshan_drawn,
            kan_seats,
            indicators,
            dora_due_now,
            dora_due_at_discard,
            no_call_yet,
            open_discard,
            open_kakan,
            open_ankan,
            open_kita,
            kita_replacement,
            won,
            riichi_sticks_taken,
            rulings,
            seen: seen_tiles,
            waiters,
        } = self;
        *round_rules = *rules;
        *round_players = players;
        *round_wind = setup.round_wind;
        *dealer = setup.dealer;
        *scores = setup.scores;
        *phase = Phase::Draw {
            seat: setup.dealer,
            rinshan: false,
        };
        *live_drawn = 0;
        *rinshan_drawn = 0;
        kan_seats.clear();
        indicators.clear();
        indicators.push(setup.dora_indicator);
        *dora_due_now = 0;
        *dora_due_at_discard = 0;
        *no_call_yet = true;
        *open_discard = None;
        *open_kakan = None;
        *open_ankan = None;
        *open_kita = None;
        *kita_replacement = false;
        *won = BySeat::default();
        *riichi_sticks_taken = 0;
        rulings.clear();
        *seen_tiles = seen;
        *waiters = [0; 34];
        for seat in Seat::ALL {
            seats[seat].deal(&setup.hands[seat]);
        }
        for seat in Seat::ALL {
            let waits = self.seats[seat].waits;
            self.toggle_waiters(seat, waits);
        }
        Ok(())
    }

    /// Flips `seat`'s bit in [`Round::waiters`] for each kind in `changed`: the kinds
    /// [`SeatState::update_waits`] reports as joined or left.
    fn toggle_waiters(&mut self, seat: Seat, changed: TileSet) {
        let bit = 1u8 << seat.index();
        for kind in changed.iter() {
            self.waiters[kind.index()] ^= bit;
        }
    }

    /// The rulings noted by the last action (furiten changes), for the referee's sheet.
    pub fn rulings(&self) -> &[Ruling] {
        &self.rulings
    }

    /// Whether `seat` is furiten now, and why. It considers the seat's waits (shape only, as
    /// Tenhou does: a yakuless winning tile counts), its discards, and winning tiles it let
    /// pass; it ignores whether a win would have a yaku.
    pub fn furiten(&self, seat: Seat) -> Option<FuritenReason> {
        match self.rules.round.furiten {
            Furiten::Standard => self.seats[seat].furiten(),
            // Under 1-4-7 furiten depends on the tile: see [`Round::ron`].
            Furiten::None | Furiten::OneFourSeven => None,
        }
    }

    /// Why `seat` may not ron a tile of kind `win` under the rules' furiten, if it may not:
    /// its furiten ([`Round::furiten`]), or under 1-4-7 furiten a discard that completes the
    /// same set as `win`.
    fn furiten_on(&self, seat: Seat, win: TileKind) -> Option<FuritenReason> {
        self.furiten(seat).or_else(|| {
            (self.rules.round.furiten == Furiten::OneFourSeven)
                .then(|| one_four_seven(&self.seats[seat], win))
                .flatten()
                .map(|kind| FuritenReason::OwnDiscard { kind })
        })
    }

    /// Notes a ruling when `seat`'s furiten (as [`Round::furiten`] gives it) is no longer
    /// `before`: it starts (or its reason changes), or it ends.
    fn note_furiten_change(&mut self, seat: Seat, before: Option<FuritenReason>) {
        let after = self.furiten(seat);
        if after != before {
            let _ = self.rulings.try_push(match after {
                Some(reason) => Ruling::FuritenStarts { seat, reason },
                None => Ruling::FuritenEnds { seat },
            });
        }
    }

    /// The kinds that would complete `seat`'s hand (shape only), when it holds 13 tiles.
    pub fn waits(&self, seat: Seat) -> TileSet {
        self.seats[seat].waits
    }

    /// What `seat` would need the open tile (a discard, or a kan or kita tile to rob) for,
    /// were it to win on it ([`Need::of_hand`]): the order of claims under a head bump by
    /// need. `None` when no tile is open or it does not complete the seat's hand.
    pub fn need(&self, seat: Seat) -> Option<Need> {
        let (_, tile) = self
            .open_discard
            .or(self.open_kakan)
            .or(self.open_kita.map(|(from, tile, _)| (from, tile)))
            .or(self.open_ankan)?;
        let mut counts = self.seats[seat].counts();
        counts.add(tile.kind());
        Need::of_hand(&counts, tile.kind())
    }

    /// The dora indicators revealed so far.
    pub fn dora_indicators(&self) -> &[Tile] {
        &self.indicators
    }

    /// Live-wall tiles left to draw.
    pub fn live_tiles_left(&self) -> u8 {
        live_wall(self.players)
            .saturating_sub(self.rinshan_drawn)
            .saturating_sub(self.live_drawn)
    }

    /// Each seat's score now (riichi deposits taken off).
    pub fn scores(&self) -> BySeat<i32> {
        self.scores
    }

    /// Riichi deposits taken in this round.
    pub fn riichi_deposits(&self) -> u8 {
        self.riichi_sticks_taken
    }

    /// Whether `seat`'s riichi stands: its deposit was taken, or under fishing its
    /// declaration tile was discarded.
    pub fn has_riichi(&self, seat: Seat) -> bool {
        matches!(self.seats[seat].riichi, Riichi::Standing { .. })
    }

    /// Whether any seat has won on the open tile.
    pub fn has_winner(&self) -> bool {
        self.won.iter().any(|w| *w)
    }

    fn begin(&mut self) -> Result<(), ActionError> {
        self.rulings.clear();
        if self.phase == Phase::Over {
            return Err(ActionError::RoundOver);
        }
        Ok(())
    }

    /// A riichi declarer whose declaration discard passed but whose deposit was not taken.
    fn deposit_missing(&self) -> Option<Seat> {
        let (discarder, _) = self.open_discard?;
        matches!(
            self.seats[discarder].riichi,
            Riichi::Declared {
                discarded: true,
                ..
            }
        )
        .then_some(discarder)
    }

    /// Closes the claim window on the open discard (and the chankan window): every seat that
    /// could have won on it and did not becomes furiten.
    #[inline(always)]
    fn close_claims(&mut self) {
        let ankan = self.open_ankan.take();
        let kita = self.open_kita.take().map(|(from, tile, _)| (from, tile));
        let open = self.open_discard.take().or(self.open_kakan.take()).or(kita);
        let Some((from, tile)) = open.or(ankan) else {
            return;
        };
        debug_assert!(Seat::ALL.iter().all(|&s| {
            self.seats[s]
                .waits
                .iter()
                .all(|k| self.waiters[k.index()] & (1 << s.index()) != 0)
                && self
                    .waiters
                    .iter()
                    .filter(|w| *w & (1 << s.index()) != 0)
                    .count()
                    == self.seats[s].waits.iter().count()
        }));
        let waiters = self.waiters[tile.kind().index()] & !(1u8 << from.index());
        if waiters != 0 {
            self.pass_claims(waiters, tile, open.is_none());
        }
    }

    /// The seats in `waiters` (a bit a seat) let `tile` pass: each that could win on it
    /// becomes furiten (after an ankan, only a thirteen orphans wait could). Apart from
    /// [`Round::close_claims`], which runs at every draw, so that its common case (no seat
    /// waits on the tile) is a few instructions inlined in the draw.
    #[inline(never)]
    fn pass_claims(&mut self, waiters: u8, tile: Tile, ankan: bool) {
        for seat in Seat::ALL {
            if waiters & (1 << seat.index()) == 0 {
                continue;
            }
            if ankan && !kokushi_with(&self.seats[seat].counts(), tile) {
                continue;
            }
            let before = self.furiten(seat);
            let st = &mut self.seats[seat];
            if matches!(st.riichi, Riichi::Standing { .. }) {
                st.riichi_furiten.get_or_insert(tile);
            } else {
                st.temporary_furiten.get_or_insert(tile);
            }
            self.note_furiten_change(seat, before);
        }
    }

    /// A draw by `seat`: the next live tile, or a replacement tile after its kan.
    ///
    /// It considers whose turn it is, that the live wall has a tile left, that a kan's due
    /// dora indicator was revealed, and that a riichi declaration that passed had its deposit
    /// taken. It ignores which tile it is (the replayer checks that against the wall).
    pub fn draw(&mut self, seat: Seat, tile: Tile) -> Result<(), ActionError> {
        self.begin()?;
        let Phase::Draw {
            seat: expected,
            rinshan,
        } = self.phase
        else {
            return Err(ActionError::OutOfTurn {
                seat,
                what: "draw",
                why: "it must discard first",
            });
        };
        if seat != expected {
            return Err(ActionError::NotYourTurn {
                seat,
                expected,
                what: "draw",
            });
        }
        if self.dora_due_now > 0 {
            return Err(ActionError::DoraMissing);
        }
        if let Some(declarer) = self.deposit_missing() {
            return Err(ActionError::DepositMissing { seat: declarer });
        }
        if !rinshan && self.live_tiles_left() == 0 {
            return Err(ActionError::WallExhausted);
        }
        if self.seen.contains(tile) {
            return Err(ActionError::TileInPlay { tile });
        }
        self.close_claims();
        if rinshan {
            self.rinshan_drawn += 1;
            // Ippatsu survives a kakan's chankan chance, but not the kan itself once it stands;
            // a kita's replacement breaks it where the rules say so (at the kita).
            if !self.kita_replacement {
                for s in Seat::ALL {
                    self.seats[s].ippatsu = false;
                }
            }
        } else {
            self.live_drawn += 1;
            self.seats[seat].kans_this_turn = 0;
        }
        self.seen.insert(tile);
        let st = &mut self.seats[seat];
        st.give(tile);
        st.drawn = Some(tile);
        st.drawn_rinshan = rinshan;
        st.drawn_after_kita = rinshan && self.kita_replacement;
        self.kita_replacement = false;
        st.kuikae = TileSet::EMPTY;
        self.phase = Phase::Discard { seat };
        Ok(())
    }

    /// Why `seat` may not discard `tile` now, if it may not; else where the tile is in its
    /// hand. The one place where a discard's legality is ruled ([`Round::discard`] and the
    /// legal actions ask it): turn order, that the seat holds the tile, kuikae, tsumogiri
    /// after riichi, the tenpai condition of a riichi declaration discard, and that a due
    /// kan-dora indicator was revealed.
    // Inlined into `discard`, where it is most of the work of every discard.
    #[inline(always)]
    fn discard_refusal(&self, seat: Seat, tile: Tile) -> Result<usize, ActionError> {
        if self.phase == Phase::Over {
            return Err(ActionError::RoundOver);
        }
        let Phase::Discard { seat: expected } = self.phase else {
            return Err(ActionError::OutOfTurn {
                seat,
                what: "discard",
                why: "it has not drawn or called",
            });
        };
        if seat != expected {
            return Err(ActionError::NotYourTurn {
                seat,
                expected,
                what: "discard",
            });
        }
        if self.dora_due_now > 0 || self.dora_due_at_discard > 0 {
            return Err(ActionError::DoraMissing);
        }
        let st = &self.seats[seat];
        // Found once, for the check and the removal.
        let Some(at) = st.position(tile) else {
            return Err(ActionError::TileNotInHand { seat, tile });
        };
        if st.kuikae.contains(tile.kind()) {
            if self.rules.round.kuikae == Kuikae::NotSettled {
                return Err(ActionError::NotSettled { rule: "kuikae" });
            }
            return Err(ActionError::Kuikae {
                seat,
                tile: tile.kind(),
            });
        }
        if matches!(st.riichi, Riichi::Standing { .. }) && st.drawn != Some(tile) {
            return Err(ActionError::RiichiMustTsumogiri { seat, tile });
        }
        if let Riichi::Declared {
            discarded: false, ..
        } = st.riichi
        {
            let mut after = st.counts();
            after.remove(tile.kind());
            if waits(&after).is_empty() {
                return Err(ActionError::RiichiNotAllowed {
                    seat,
                    why: format!("discarding {tile} does not leave the hand tenpai"),
                });
            }
        }
        Ok(at)
    }

    /// A discard by `seat`.
    ///
    /// It considers turn order, that the seat holds the tile, kuikae, tsumogiri after riichi,
    /// the tenpai condition of a riichi declaration discard, and that a due kan-dora
    /// indicator was revealed. It updates waits and furiten: the seat's temporary furiten ends
    /// here.
    pub fn discard(&mut self, seat: Seat, tile: Tile) -> Result<(), ActionError> {
        self.begin()?;
        let at = self.discard_refusal(seat, tile)?;
        let before = self.furiten(seat);
        let st = &mut self.seats[seat];
        st.take_at(at);
        st.river.push((tile, false));
        st.discarded.insert(tile.kind());
        st.drawn = None;
        st.kuikae = TileSet::EMPTY;
        st.discards = st.discards.saturating_add(1);
        st.temporary_furiten = None;
        let changed = st.update_waits();
        let fishing = self.rules.round.riichi == RiichiModel::Fishing;
        match st.riichi {
            // Fishing has no deposit: the declaration stands once its tile is discarded.
            Riichi::Declared {
                double,
                discarded: false,
            } if fishing => st.riichi = Riichi::Standing { double },
            Riichi::Declared {
                double,
                discarded: false,
            } => {
                st.riichi = Riichi::Declared {
                    double,
                    discarded: true,
                }
            }
            Riichi::Standing { .. } => st.ippatsu = false,
            _ => {}
        }
        self.note_furiten_change(seat, before);
        self.toggle_waiters(seat, changed);
        self.open_discard = Some((seat, tile));
        self.phase = Phase::Draw {
            seat: self.players.next(seat),
            rinshan: false,
        };
        Ok(())
    }

    /// A call by `seat`: chi, pon or daiminkan on the open discard, or kakan or ankan on its
    /// own turn. Kita is refused as unsupported (three-player games).
    ///
    /// It considers that the called tile is the open discard from the seat the meld names,
    /// chi only from the left, that the seat holds the other tiles, the kan limit and the
    /// live wall, and after riichi that an ankan uses the drawn tile and keeps the waits. A
    /// call breaks every ippatsu and the first go-around (a kakan's only after its chankan
    /// chance).
    pub fn call(&mut self, seat: Seat, meld: Meld) -> Result<(), ActionError> {
        self.begin()?;
        if self.seats[seat].dead
            && self.rules.round.dead_hand == DeadHand::NoWinNoCall
            && meld.kind != MeldKind::Kita
        {
            return Err(ActionError::DeadHand { seat, what: "call" });
        }
        match meld.kind {
            MeldKind::Chi | MeldKind::Pon | MeldKind::Daiminkan => self.claim(seat, meld),
            MeldKind::Kakan => self.kakan(seat, meld),
            MeldKind::Ankan => self.ankan(seat, meld),
            MeldKind::Kita => self.kita(seat, meld),
        }
    }

    fn kan_allowed(&self, seat: Seat) -> Result<(), ActionError> {
        if self.rules.round.kan_dora == KanDoraTiming::NotSettled {
            return Err(ActionError::NotSettled { rule: "kan_dora" });
        }
        if self.kan_seats.len() >= 4 {
            return Err(ActionError::NoKan {
                seat,
                why: "four kans have been declared",
            });
        }
        if self.live_tiles_left() == 0 {
            return Err(ActionError::NoKan {
                seat,
                why: "the live wall is empty",
            });
        }
        Ok(())
    }

    fn claim(&mut self, seat: Seat, meld: Meld) -> Result<(), ActionError> {
        let (Some(tile), Some(from)) = (meld.called, meld.from) else {
            return Err(ActionError::BadMeld {
                meld,
                kind: meld.kind,
            });
        };
        if self.open_discard != Some((from, tile))
            || !matches!(self.phase, Phase::Draw { rinshan: false, .. })
        {
            return Err(ActionError::NotTheLastDiscard { seat, tile, from });
        }
        if seat == from {
            return Err(ActionError::NotTheLastDiscard { seat, tile, from });
        }
        if self.dora_due_now > 0 {
            return Err(ActionError::DoraMissing);
        }
        if let Some(declarer) = self.deposit_missing() {
            return Err(ActionError::DepositMissing { seat: declarer });
        }
        if self.live_tiles_left() == 0 {
            return Err(ActionError::OutOfTurn {
                seat,
                what: "call",
                why: "the last discard cannot be called",
            });
        }
        let kinds_ok = match meld.kind {
            MeldKind::Chi => {
                if self.players == Players::Three {
                    return Err(ActionError::NoChi { seat });
                }
                if self.players.next(from) != seat {
                    return Err(ActionError::ChiNotFromLeft { seat, from });
                }
                let t = meld.tiles();
                t.len() == 3
                    && !t[0].kind().is_honor()
                    && t[0].kind().offset(1) == Some(t[1].kind())
                    && t[1].kind().offset(1) == Some(t[2].kind())
            }
            MeldKind::Pon => {
                meld.tiles().len() == 3 && meld.tiles().iter().all(|t| t.kind() == tile.kind())
            }
            _ => {
                self.kan_allowed(seat)?;
                meld.tiles().len() == 4 && meld.tiles().iter().all(|t| t.kind() == tile.kind())
            }
        };
        if !kinds_ok || !meld.tiles().contains(&tile) {
            return Err(ActionError::BadMeld {
                meld,
                kind: meld.kind,
            });
        }
        let st = &self.seats[seat];
        if matches!(st.riichi, Riichi::Standing { .. } | Riichi::Declared { .. }) {
            return Err(ActionError::OutOfTurn {
                seat,
                what: "call",
                why: "it is in riichi",
            });
        }
        for &t in meld.tiles().iter().filter(|t| **t != tile) {
            if !st.holds(t) {
                return Err(ActionError::TileNotInHand { seat, tile: t });
            }
        }
        self.close_claims();
        if let Some(entry) = self.seats[from].river.last_mut() {
            entry.1 = true;
        }
        let kuikae = match (meld.kind, self.rules.round.kuikae) {
            (MeldKind::Chi | MeldKind::Pon, Kuikae::SameAndSuji | Kuikae::NotSettled) => {
                kuikae_kinds(&meld, tile, true)
            }
            (MeldKind::Chi | MeldKind::Pon, Kuikae::SameOnly) => kuikae_kinds(&meld, tile, false),
            _ => TileSet::EMPTY,
        };
        let st = &mut self.seats[seat];
        for &t in meld.tiles().iter().filter(|t| **t != tile) {
            st.take(t);
        }
        st.melds.push(meld);
        st.kuikae = kuikae;
        let classic = self.rules.round.pao_hands == PaoHands::Classic;
        // The classic insurance makes no one liable for a kan claim.
        let liable_call = match meld.kind {
            MeldKind::Pon => true,
            MeldKind::Daiminkan => !classic,
            _ => false,
        };
        if liable_call {
            let sets = |f: fn(TileKind) -> bool| {
                st.melds
                    .iter()
                    .filter(|m| m.kind != MeldKind::Chi && f(m.base_kind()))
                    .count()
            };
            if tile.kind().is_dragon() && sets(TileKind::is_dragon) == 3 {
                st.liable.dragons = Some(from);
            }
            if tile.kind().is_wind() && sets(TileKind::is_wind) == 4 {
                st.liable.winds = Some(from);
            }
            // The fourth set of an all-honours, all-terminals or all-green hand.
            if classic && st.melds.len() == 4 {
                let all = |f: fn(TileKind) -> bool| {
                    st.melds
                        .iter()
                        .all(|m| m.kind != MeldKind::Chi && f(m.base_kind()))
                };
                if all(TileKind::is_honor) {
                    st.liable.honours = Some(from);
                }
                if all(TileKind::is_terminal) {
                    st.liable.terminals = Some(from);
                }
                if st
                    .melds
                    .iter()
                    .all(|m| m.tiles().iter().all(|t| t.kind().is_green()))
                {
                    st.liable.green = Some(from);
                }
            }
        }
        self.no_call_yet = false;
        for s in Seat::ALL {
            self.seats[s].ippatsu = false;
        }
        if meld.kind == MeldKind::Daiminkan {
            self.seats[seat].kans_this_turn += 1;
            self.kan_seats.push(seat);
            self.kan_dora(false);
            self.phase = Phase::Draw {
                seat,
                rinshan: true,
            };
        } else {
            self.phase = Phase::Discard { seat };
        }
        Ok(())
    }

    /// Schedules a kan's new indicator. `concealed` is an ankan.
    fn kan_dora(&mut self, concealed: bool) {
        // A pending open-kan indicator is flipped before the next replacement draw.
        self.dora_due_now += std::mem::take(&mut self.dora_due_at_discard);
        match self.rules.round.kan_dora {
            KanDoraTiming::AnkanNowOpenAtDiscard if !concealed => self.dora_due_at_discard += 1,
            KanDoraTiming::AnkanNowOpenAtDiscard | KanDoraTiming::Immediate => {
                self.dora_due_now += 1;
            }
            // No kan dora; a kan under an unsettled timing is refused by `kan_allowed`.
            KanDoraTiming::None | KanDoraTiming::NotSettled => {}
        }
    }

    fn own_turn(&self, seat: Seat, what: &'static str) -> Result<(), ActionError> {
        match self.phase {
            Phase::Discard { seat: s } if s == seat => {
                if self.seats[seat].drawn.is_none() {
                    Err(ActionError::OutOfTurn {
                        seat,
                        what,
                        why: "only after a draw",
                    })
                } else {
                    Ok(())
                }
            }
            Phase::Discard { seat: expected } => Err(ActionError::NotYourTurn {
                seat,
                expected,
                what,
            }),
            _ => Err(ActionError::OutOfTurn {
                seat,
                what,
                why: "it has not drawn",
            }),
        }
    }

    fn kakan(&mut self, seat: Seat, meld: Meld) -> Result<(), ActionError> {
        self.own_turn(seat, "declare a kakan")?;
        self.kan_allowed(seat)?;
        let Some(added) = meld.added else {
            return Err(ActionError::BadMeld {
                meld,
                kind: meld.kind,
            });
        };
        let st = &self.seats[seat];
        let Some(pon_index) = st.melds.iter().position(|m| {
            m.kind == MeldKind::Pon && m.base_kind() == added.kind() && m.called == meld.called
        }) else {
            return Err(ActionError::BadMeld {
                meld,
                kind: meld.kind,
            });
        };
        if !st.holds(added) {
            return Err(ActionError::TileNotInHand { seat, tile: added });
        }
        if self.dora_due_now > 0 {
            return Err(ActionError::DoraMissing);
        }
        let st = &mut self.seats[seat];
        st.take(added);
        st.melds[pon_index] = meld;
        st.drawn = None;
        let changed = st.update_waits();
        self.toggle_waiters(seat, changed);
        self.seats[seat].kans_this_turn += 1;
        self.kan_seats.push(seat);
        self.kan_dora(false);
        self.open_kakan = Some((seat, added));
        self.phase = Phase::Draw {
            seat,
            rinshan: true,
        };
        Ok(())
    }

    fn ankan(&mut self, seat: Seat, meld: Meld) -> Result<(), ActionError> {
        self.own_turn(seat, "declare an ankan")?;
        self.kan_allowed(seat)?;
        let kind = meld.base_kind();
        if meld.tiles().len() != 4 || meld.tiles().iter().any(|t| t.kind() != kind) {
            return Err(ActionError::BadMeld {
                meld,
                kind: meld.kind,
            });
        }
        let st = &self.seats[seat];
        for &t in meld.tiles() {
            if !st.holds(t) {
                return Err(ActionError::TileNotInHand { seat, tile: t });
            }
        }
        if matches!(st.riichi, Riichi::Standing { .. }) {
            if st.drawn.map(Tile::kind) != Some(kind) {
                return Err(ActionError::NoKan {
                    seat,
                    why: "after riichi an ankan must use the drawn tile",
                });
            }
            let mut after = st.counts();
            for _ in 0..4 {
                after.remove(kind);
            }
            if waits(&after) != st.waits {
                return Err(ActionError::NoKan {
                    seat,
                    why: "after riichi an ankan may not change the waits",
                });
            }
        }
        if self.dora_due_now > 0 {
            return Err(ActionError::DoraMissing);
        }
        if self.rules.round.kokushi_robs_ankan == KokushiRobsAnkan::NotSettled {
            let robbable = Seat::ALL.into_iter().any(|s| {
                s != seat
                    && self.seats[s].waits.contains(kind)
                    && kokushi_with(&self.seats[s].counts(), meld.tiles()[0])
            });
            if robbable {
                return Err(ActionError::NotSettled {
                    rule: "kokushi_robs_ankan",
                });
            }
        }
        let st = &mut self.seats[seat];
        for &t in meld.tiles() {
            st.take(t);
        }
        st.melds.push(meld);
        st.drawn = None;
        let changed = st.update_waits();
        self.toggle_waiters(seat, changed);
        self.seats[seat].kans_this_turn += 1;
        self.kan_seats.push(seat);
        self.kan_dora(true);
        if self.rules.round.kokushi_robs_ankan == KokushiRobsAnkan::Yes {
            self.open_ankan = Some((seat, meld.tiles()[0]));
        }
        self.no_call_yet = false;
        for s in Seat::ALL {
            self.seats[s].ippatsu = false;
        }
        self.phase = Phase::Draw {
            seat,
            rinshan: true,
        };
        Ok(())
    }

    /// A kita: `seat` sets a North aside (sanma's nukidora) and draws a replacement tile.
    ///
    /// It considers that the rules play kita (three players, [`Kita::Nukidora`]), that the
    /// seat has just drawn, holds the North and the live wall is not empty, and after riichi
    /// that the North is the tile just drawn (the waits stay as they were). No new dora
    /// indicator is revealed. What else it interrupts (ippatsu, the first go-around) is
    /// [`KitaInterrupts`]; whether another seat may ron the North is [`KitaRon`].
    fn kita(&mut self, seat: Seat, meld: Meld) -> Result<(), ActionError> {
        let refuse = |why| Err(ActionError::NoKita { seat, why });
        if self.players == Players::Four || self.rules.round.kita == Kita::NotPlayed {
            return refuse("kita is played only with three players, under kita = \"nukidora\"");
        }
        self.own_turn(seat, "set a North aside")?;
        let &[tile] = meld.tiles() else {
            return Err(ActionError::BadMeld {
                meld,
                kind: meld.kind,
            });
        };
        if tile.kind() != TileKind::North {
            return refuse("the tile set aside is not a North");
        }
        let st = &self.seats[seat];
        if !st.holds(tile) {
            return Err(ActionError::TileNotInHand { seat, tile });
        }
        if self.live_tiles_left() == 0 {
            return refuse("the live wall is empty");
        }
        if matches!(st.riichi, Riichi::Standing { .. })
            && st.drawn.map(Tile::kind) != Some(TileKind::North)
        {
            return refuse("after riichi only a North just drawn may be set aside");
        }
        if self.dora_due_now > 0 {
            return Err(ActionError::DoraMissing);
        }
        let waiting = self
            .players
            .seats()
            .iter()
            .any(|&s| s != seat && self.seats[s].waits.contains(TileKind::North));
        let robbed = self.kita_ron(waiting)?;
        let interrupts = match self.rules.round.kita_interrupts {
            KitaInterrupts::IppatsuAndFirstTurn => true,
            KitaInterrupts::Nothing => false,
            KitaInterrupts::NotSettled => {
                let matters = self.no_call_yet || Seat::ALL.iter().any(|&s| self.seats[s].ippatsu);
                if matters {
                    return Err(ActionError::NotSettled {
                        rule: "kita_interrupts",
                    });
                }
                false
            }
        };
        let st = &mut self.seats[seat];
        st.take(tile);
        st.kita.push(tile);
        st.drawn = None;
        let changed = st.update_waits();
        self.toggle_waiters(seat, changed);
        if interrupts {
            self.no_call_yet = false;
            for s in Seat::ALL {
                self.seats[s].ippatsu = false;
            }
        }
        self.open_kita = robbed.map(|how| (seat, tile, how));
        self.kita_replacement = true;
        self.phase = Phase::Draw {
            seat,
            rinshan: true,
        };
        Ok(())
    }

    /// How a North set aside may be robbed, as [`KitaRon`] says: `None` where it cannot be
    /// ronned, else as a plain ron or as a chankan. `waiting` says whether another seat
    /// waits on North. The one place where kita ron is decided.
    ///
    /// # Errors
    ///
    /// [`ActionError::NotSettled`] when another seat waits on North and the rule set leaves
    /// kita ron not settled.
    fn kita_ron(&self, waiting: bool) -> Result<Option<KitaRobbed>, ActionError> {
        match self.rules.round.kita_ron {
            KitaRon::Ron => Ok(Some(KitaRobbed::Ron)),
            KitaRon::Chankan => Ok(Some(KitaRobbed::Chankan)),
            KitaRon::NoRon => Ok(None),
            KitaRon::NotSettled if waiting => Err(ActionError::NotSettled { rule: "kita_ron" }),
            KitaRon::NotSettled => Ok(None),
        }
    }

    /// Why the rule set's thresholds refuse `seat` a riichi now, if they do (Tenhou: 1000
    /// points and four live tiles); an error when a threshold that matters is not settled.
    fn riichi_refusal(&self, seat: Seat) -> Result<Option<String>, ActionError> {
        let score = self.scores[seat];
        match self.rules.round.riichi_min_score {
            RiichiMinScore::AtLeast(min) if score < min => {
                return Ok(Some(format!("it has {score} points, below {min}")));
            }
            RiichiMinScore::NotSettled if score < 1000 => {
                return Err(ActionError::NotSettled {
                    rule: "riichi_min_score",
                });
            }
            RiichiMinScore::AtLeast(_) | RiichiMinScore::Any | RiichiMinScore::NotSettled => {}
        }
        let left = self.live_tiles_left();
        match self.rules.round.riichi_min_live_tiles {
            RiichiMinLiveTiles::AtLeast(min) if left < min => Ok(Some(format!(
                "{left} live tiles are left, fewer than {min}"
            ))),
            RiichiMinLiveTiles::NotSettled if left < 4 => Err(ActionError::NotSettled {
                rule: "riichi_min_live_tiles",
            }),
            RiichiMinLiveTiles::AtLeast(_) | RiichiMinLiveTiles::NotSettled => Ok(None),
        }
    }

    /// A riichi declaration by `seat`, before its declaration discard.
    ///
    /// It considers that the seat is on turn, its hand is closed (ankan allowed), it has not
    /// declared already, and it has the points and the live tiles required. Whether the
    /// discard leaves the hand tenpai is checked at the discard.
    pub fn declare_riichi(&mut self, seat: Seat) -> Result<(), ActionError> {
        self.begin()?;
        self.own_turn(seat, "declare riichi")?;
        self.alive(seat, "declare riichi")?;
        let st = &self.seats[seat];
        let why = if !st.is_closed() {
            Some("the hand is open".to_owned())
        } else if st.riichi != Riichi::None {
            Some("it already declared".to_owned())
        } else {
            self.riichi_refusal(seat)?
        };
        if let Some(why) = why {
            return Err(ActionError::RiichiNotAllowed { seat, why });
        }
        let double = self.no_call_yet && st.discards == 0;
        self.seats[seat].riichi = Riichi::Declared {
            double,
            discarded: false,
        };
        Ok(())
    }

    /// The deposit of `seat`'s riichi is taken: its declaration discard passed without ron.
    pub fn take_riichi_deposit(&mut self, seat: Seat) -> Result<(), ActionError> {
        self.begin()?;
        if self.rules.round.riichi == RiichiModel::Fishing {
            return Err(ActionError::DepositNotDue {
                seat,
                why: "fishing has no deposit (riichi = \"fishing\")",
            });
        }
        let Riichi::Declared {
            double,
            discarded: true,
        } = self.seats[seat].riichi
        else {
            return Err(ActionError::DepositNotDue {
                seat,
                why: "it has no declaration discard on the table",
            });
        };
        if self.open_discard.map(|(s, _)| s) != Some(seat) {
            return Err(ActionError::DepositNotDue {
                seat,
                why: "play has moved on from its declaration discard",
            });
        }
        if self.has_winner() {
            return Err(ActionError::DepositNotDue {
                seat,
                why: "its declaration discard was ronned",
            });
        }
        self.seats[seat].riichi = Riichi::Standing { double };
        self.seats[seat].ippatsu = true;
        // The rule set's deposit (Buu's riichi has none), from scores the record states: past
        // what a score holds it stays at the limit (the settlement then finds the scores
        // differ), never wraps.
        self.scores[seat] = self.scores[seat].saturating_sub(self.rules.flow.riichi_deposit);
        self.riichi_sticks_taken += 1;
        Ok(())
    }

    /// Whether a kan dora indicator is due now, so that [`Round::reveal_dora`] would take
    /// one: a kan's indicator the rule set reveals at once, or an open kan's once its player
    /// has drawn the replacement tile and is about to discard. Considers only the kan dora timing
    /// ([`haifu_ruleset::RoundRules::kan_dora`]); ignores whether the dead wall has one left.
    pub fn dora_due(&self) -> bool {
        self.dora_due_now > 0
            || (self.dora_due_at_discard > 0 && matches!(self.phase, Phase::Discard { .. }))
    }

    /// A new dora indicator is revealed.
    ///
    /// It considers whether a kan has one due now: an ankan at once, an open kan's when its
    /// player is about to discard after the replacement draw, and a pending one flipped by a
    /// further kan.
    pub fn reveal_dora(&mut self, indicator: Tile) -> Result<(), ActionError> {
        self.begin()?;
        if self.seen.contains(indicator) {
            return Err(ActionError::TileInPlay { tile: indicator });
        }
        if self.indicators.is_full() {
            return Err(ActionError::DoraNotDue);
        }
        if self.dora_due_now > 0 {
            self.dora_due_now -= 1;
        } else if self.dora_due_at_discard > 0 && matches!(self.phase, Phase::Discard { .. }) {
            self.dora_due_at_discard -= 1;
        } else if self.dora_due_at_discard > 0 {
            return Err(ActionError::DoraNotYetDue);
        } else {
            return Err(ActionError::DoraNotDue);
        }
        self.indicators.push(indicator);
        self.seen.insert(indicator);
        Ok(())
    }

    fn riichi_declaration(&self, seat: Seat) -> RiichiDeclaration {
        match self.seats[seat].riichi {
            Riichi::Standing { double: true } => RiichiDeclaration::DoubleRiichi,
            Riichi::Standing { double: false } => RiichiDeclaration::Riichi,
            _ => RiichiDeclaration::None,
        }
    }

    /// A tsumo by `seat` on the tile it just drew: the context to score it.
    ///
    /// The situation holds rinshan (a replacement draw), haitei (the last live tile), ippatsu,
    /// tenhou or chiihou (first draw, no call yet); riichi as declared. The dora indicators
    /// are those revealed: an open kan's pending one is not (it would be revealed at the
    /// discard).
    pub fn tsumo(&mut self, seat: Seat) -> Result<WinContext, ActionError> {
        self.begin()?;
        self.own_turn(seat, "tsumo")?;
        self.alive(seat, "win")?;
        let st = &self.seats[seat];
        let Some(tile) = st.drawn else {
            return Err(ActionError::NoWin {
                seat,
                why: "it holds no drawn tile",
            });
        };
        let mut situation = Situation::NONE;
        let rinshan = if st.drawn_after_kita {
            match self.rules.round.kita_rinshan {
                KitaRinshan::Rinshan => true,
                KitaRinshan::NotRinshan => false,
                KitaRinshan::NotSettled => {
                    return Err(ActionError::NotSettled {
                        rule: "kita_rinshan",
                    });
                }
            }
        } else {
            st.drawn_rinshan
        };
        if rinshan {
            situation |= Situation::RINSHAN;
            if st.kans_this_turn >= 2 && !st.drawn_after_kita {
                situation |= Situation::KAN_ON_KAN;
            }
        } else if self.live_tiles_left() == 0 && !st.drawn_rinshan {
            situation |= Situation::HAITEI;
        }
        if st.ippatsu {
            situation |= Situation::IPPATSU;
        }
        if self.no_call_yet && st.discards == 0 && !st.drawn_rinshan {
            situation |= if seat == self.dealer {
                Situation::TENHOU
            } else {
                Situation::CHIIHOU
            };
        }
        let concealed = sorted(st.hand.iter().copied().filter(|&t| t != tile));
        let ctx = WinContext {
            winner: seat,
            from: seat,
            method: WinMethod::Tsumo,
            concealed,
            winning_tile: tile,
            melds: st.melds.clone(),
            kita: st.kita.len() as u8,
            players: self.players,
            seat_wind: self.players.seat_wind(seat, self.dealer),
            round_wind: self.round_wind,
            dora_indicators: self.indicators.clone(),
            riichi: self.riichi_declaration(seat),
            situation,
            liable: st.liable,
        };
        self.won[seat] = true;
        self.phase = Phase::Over;
        Ok(ctx)
    }

    /// A ron by `seat` on the open discard, or on a kakan's added tile (chankan).
    ///
    /// It considers that a tile is open to claim, that the seat is not its discarder, and
    /// furiten. The situation holds houtei (the discard after the last live draw), chankan,
    /// and ippatsu. Several seats may ron the same tile (call it once for each).
    pub fn ron(&mut self, seat: Seat) -> Result<WinContext, ActionError> {
        self.begin()?;
        self.alive(seat, "win")?;
        let open = (self.open_discard, self.open_kakan, self.open_kita);
        let (from, tile, chankan) = match (open, self.open_ankan) {
            ((Some((from, tile)), _, _), _) => (from, tile, false),
            ((None, Some((from, tile)), _), _) => (from, tile, true),
            ((None, None, Some((from, tile, how))), _) => (from, tile, how == KitaRobbed::Chankan),
            ((None, None, None), Some((from, tile))) => {
                if !kokushi_with(&self.seats[seat].counts(), tile) {
                    return Err(ActionError::NoWin {
                        seat,
                        why: "only thirteen orphans may rob an ankan",
                    });
                }
                (from, tile, true)
            }
            ((None, None, None), None) => {
                return Err(ActionError::NoWin {
                    seat,
                    why: "no discard is open to claim",
                });
            }
        };
        if seat == from {
            return Err(ActionError::NoWin {
                seat,
                why: "it cannot ron its own tile",
            });
        }
        if self.won[seat] {
            return Err(ActionError::NoWin {
                seat,
                why: "it has already won on this tile",
            });
        }
        if let Some(reason) = self.furiten_on(seat, tile.kind()) {
            return Err(ActionError::Furiten { seat, reason });
        }
        let st = &self.seats[seat];
        let mut situation = Situation::NONE;
        if chankan {
            situation |= Situation::CHANKAN;
        } else if self.live_tiles_left() == 0 {
            situation |= Situation::HOUTEI;
        }
        if st.ippatsu {
            situation |= Situation::IPPATSU;
        }
        // Renhou: a ron before the winner's first draw, in an uninterrupted first go-around.
        if self.no_call_yet && st.discards == 0 && seat != self.dealer {
            situation |= Situation::RENHOU;
        }
        let ctx = WinContext {
            winner: seat,
            from,
            method: WinMethod::Ron,
            concealed: sorted(st.hand.iter().copied()),
            winning_tile: tile,
            melds: st.melds.clone(),
            kita: st.kita.len() as u8,
            players: self.players,
            seat_wind: self.players.seat_wind(seat, self.dealer),
            round_wind: self.round_wind,
            dora_indicators: self.indicators.clone(),
            riichi: self.riichi_declaration(seat),
            situation,
            liable: st.liable,
        };
        self.won[seat] = true;
        Ok(ctx)
    }

    /// Ends the round: no further action is accepted.
    pub fn end(&mut self) {
        self.phase = Phase::Over;
    }

    /// A seat's hand is found dead: a wrong number of tiles or a false declaration of a win,
    /// as a hand-written record notes it. From now on, under `dead_hand = "no-win"`, it may
    /// not win nor declare riichi and is noten at an exhaustive draw; its tiles and its other
    /// moves are as the record goes on to give them.
    ///
    /// # Errors
    ///
    /// [`ActionError::NotSettled`] when the rule set does not say what a dead hand is, and
    /// [`ActionError::RoundOver`] after the round.
    pub fn dead_hand(&mut self, seat: Seat) -> Result<(), ActionError> {
        self.begin()?;
        match self.rules.round.dead_hand {
            DeadHand::NoWin | DeadHand::NoWinNoCall => {
                self.seats[seat].dead = true;
                Ok(())
            }
            DeadHand::NotSettled => Err(ActionError::NotSettled { rule: "dead_hand" }),
        }
    }

    /// Whether `seat`'s hand is dead.
    pub fn is_dead(&self, seat: Seat) -> bool {
        self.seats[seat].dead
    }

    fn alive(&self, seat: Seat, what: &'static str) -> Result<(), ActionError> {
        if self.seats[seat].dead {
            return Err(ActionError::DeadHand { seat, what });
        }
        Ok(())
    }

    /// The exhaustive draw: the live wall is empty and the last discard passed.
    ///
    /// Tenpai under [`RoundRules::tenpai`]; nagashi mangan for a seat whose discards are all
    /// terminals and honours and none was called.
    ///
    /// [`RoundRules::tenpai`]: haifu_ruleset::RoundRules::tenpai
    pub fn exhaustive_draw(&mut self) -> Result<ExhaustiveDraw, ActionError> {
        self.begin()?;
        if self.live_tiles_left() > 0 || !matches!(self.phase, Phase::Draw { rinshan: false, .. }) {
            return Err(ActionError::DrawNotApplicable {
                what: "an exhaustive draw",
                why: "the live wall is not empty",
            });
        }
        if let Some(declarer) = self.deposit_missing() {
            return Err(ActionError::DepositMissing { seat: declarer });
        }
        // Under the hand-and-melds reading a wait is also void when its fourth copy is in a
        // meld; the seats' waits are already void when all four are concealed.
        let meld_voided = BySeat::new_with(|s| {
            let st = &self.seats[s];
            !st.waits.is_empty()
                && st.waits.iter().all(|k| {
                    let melded = st
                        .melds
                        .iter()
                        .flat_map(|m| m.tiles())
                        .filter(|t| t.kind() == k)
                        .count();
                    usize::from(st.counts().get(k)) + melded >= 4
                })
        });
        let tenpai = match self.rules.round.tenpai {
            TenpaiRule::ConcealedFourVoid => BySeat::new_with(|s| !self.seats[s].waits.is_empty()),
            TenpaiRule::HandAndMeldsFourVoid => {
                BySeat::new_with(|s| !self.seats[s].waits.is_empty() && !meld_voided[s])
            }
            TenpaiRule::NotSettled => {
                if Seat::ALL.into_iter().any(|s| meld_voided[s]) {
                    return Err(ActionError::NotSettled { rule: "tenpai" });
                }
                BySeat::new_with(|s| !self.seats[s].waits.is_empty())
            }
        };
        // A dead hand is noten, and no nagashi mangan.
        let tenpai = BySeat::new_with(|s| tenpai[s] && !self.seats[s].dead);
        self.close_claims();
        let nagashi = BySeat::new_with(|s| {
            let river = &self.seats[s].river;
            !self.seats[s].dead
                && !river.is_empty()
                && river
                    .iter()
                    .all(|(t, called)| !called && t.kind().is_yaochuu())
        });
        self.phase = Phase::Over;
        Ok(ExhaustiveDraw { tenpai, nagashi })
    }

    /// Whether an abortive draw's condition holds now; on success the round is over.
    pub fn check_abortive(&mut self, draw: AbortiveClaim) -> Result<(), ActionError> {
        self.begin()?;
        let rule = match draw {
            AbortiveClaim::KyuushuKyuuhai(_) => Some((
                "kyuushu kyuuhai",
                "kyuushu_kyuuhai",
                self.rules.round.kyuushu_kyuuhai,
            )),
            AbortiveClaim::SuufonRenda => Some((
                "suufon renda",
                "suufon_renda",
                match self.rules.round.suufon_renda {
                    FirstDiscards::NotPlayed => AbortiveRule::NotPlayed,
                    FirstDiscards::Winds | FirstDiscards::AnyTile => AbortiveRule::Abort,
                },
            )),
            AbortiveClaim::SuuchaRiichi => Some((
                "suucha riichi",
                "suucha_riichi",
                self.rules.round.suucha_riichi,
            )),
            AbortiveClaim::Suukaikan => {
                Some(("suukaikan", "suukaikan", self.rules.round.suukaikan))
            }
            // Whether three rons abort is the flow's multiple-ron rule.
            AbortiveClaim::Sanchahou => None,
        };
        if let Some((what, rule, AbortiveRule::NotPlayed)) = rule {
            return Err(ActionError::AbortiveNotPlayed { what, rule });
        }
        let fail = |what, why| Err(ActionError::DrawNotApplicable { what, why });
        match draw {
            AbortiveClaim::KyuushuKyuuhai(seat) => {
                self.own_turn(seat, "declare kyuushu kyuuhai")?;
                let st = &self.seats[seat];
                if !self.no_call_yet || st.discards > 0 {
                    return fail(
                        "kyuushu kyuuhai",
                        "it is not the seat's first turn without a call before",
                    );
                }
                let kinds = st.counts().iter().filter(|(k, _)| k.is_yaochuu()).count();
                if kinds < 9 {
                    return fail(
                        "kyuushu kyuuhai",
                        "the hand has fewer than nine different terminals and honours",
                    );
                }
            }
            AbortiveClaim::SuufonRenda => {
                if self.players == Players::Three {
                    return fail(
                        "suufon renda",
                        "it needs four players' first discards; this game has three",
                    );
                }
                let firsts: ArrayVec<TileKind, 4> = Seat::ALL
                    .iter()
                    .filter_map(|s| self.seats[*s].river.first().map(|(t, _)| t.kind()))
                    .collect();
                let all_once = Seat::ALL.iter().all(|s| self.seats[*s].discards == 1);
                let any_tile = self.rules.round.suufon_renda == FirstDiscards::AnyTile;
                let same = firsts
                    .first()
                    .is_some_and(|w| (any_tile || w.is_wind()) && firsts.iter().all(|k| k == w));
                if !self.no_call_yet || !all_once || !same {
                    return fail(
                        "suufon renda",
                        if any_tile {
                            "the four first discards are not the same tile in an uninterrupted go-around"
                        } else {
                            "the four first discards are not the same wind in an uninterrupted go-around"
                        },
                    );
                }
                if let Some(declarer) = self.deposit_missing() {
                    return Err(ActionError::DepositMissing { seat: declarer });
                }
            }
            AbortiveClaim::SuuchaRiichi => {
                if self.riichi_sticks_taken < 4 {
                    return fail("suucha riichi", "fewer than four riichi stand");
                }
            }
            AbortiveClaim::Suukaikan => {
                let several = self.kan_seats.iter().any(|s| *s != self.kan_seats[0]);
                let last_discarded =
                    self.open_discard.map(|(s, _)| s) == self.kan_seats.last().copied();
                if self.kan_seats.len() < 4 || !several || !last_discarded {
                    return fail(
                        "suukaikan",
                        "four kans by more than one player, then the last kan player's discard, have not happened",
                    );
                }
            }
            AbortiveClaim::Sanchahou => {
                let Some((from, tile)) = self.open_discard.or(self.open_kakan) else {
                    return fail("sanchahou", "no discard is open to claim");
                };
                let able = Seat::ALL
                    .iter()
                    .filter(|s| {
                        **s != from
                            && self.seats[**s].waits.contains(tile.kind())
                            && self.furiten_on(**s, tile.kind()).is_none()
                    })
                    .count();
                if able < 3 {
                    return fail(
                        "sanchahou",
                        "fewer than three players can win on the discard",
                    );
                }
            }
        }
        self.phase = Phase::Over;
        Ok(())
    }
}

/// Under the 1-4-7 rule, the own discard that makes a ron on `win` furiten, if one does: in
/// every reading of the hand with `win`, some kind that completes the same set as `win`
/// (the other end of a two-sided run, or `win` itself) is among the seat's discards.
fn one_four_seven(st: &SeatState, win: TileKind) -> Option<TileKind> {
    let mut counts = st.counts();
    counts.add(win);
    let discarded = st.discarded;
    let mut allowed = false;
    let mut refused_by = None;
    let mut judge = |completers: TileSet| match completers.intersection(discarded).iter().next() {
        Some(k) => {
            refused_by.get_or_insert(k);
        }
        None => allowed = true,
    };
    crate::hand::for_each_reading(&counts, |reading| match reading {
        crate::hand::Reading::Standard { pair, sets } => {
            if *pair == win {
                judge(TileSet::EMPTY.with(win));
            }
            for b in sets {
                if !b.contains(win) {
                    continue;
                }
                let mut completers = TileSet::EMPTY.with(win);
                if b.shape == crate::hand::SetShape::Run {
                    // The run's other end completes the same two tiles: 23 + 1 or 4.
                    if b.first == win {
                        if let Some(k) = win.offset(3) {
                            completers.insert(k);
                        }
                    } else if b.first.offset(2) == Some(win)
                        && let Some(k) = win.offset(-3)
                    {
                        completers.insert(k);
                    }
                }
                judge(completers);
            }
        }
        crate::hand::Reading::Chiitoitsu { .. } | crate::hand::Reading::Kokushi { .. } => {
            judge(TileSet::EMPTY.with(win));
        }
    });
    if allowed { None } else { refused_by }
}

/// Up to 13 tiles in increasing order (ids are distinct, so the order is total).
fn sorted(tiles: impl Iterator<Item = Tile>) -> ArrayVec<Tile, 13> {
    let mut v: ArrayVec<Tile, 13> = tiles.take(13).collect();
    v.sort_unstable();
    v
}

/// Whether `concealed` plus `tile` is thirteen orphans (one of each terminal and honour, one
/// of them twice).
fn kokushi_with(concealed: &TileCounts, tile: Tile) -> bool {
    let mut c = *concealed;
    c.add(tile.kind());
    c.total() == 14 && c.iter().all(|(k, _)| k.is_yaochuu()) && c.iter().count() == 13
}

/// The kinds kuikae forbids after calling `tile` into `meld`: the called kind, and with
/// `suji` the kind at the far end of a run completed at one end (34 + 5 forbids 2 as well).
fn kuikae_kinds(meld: &Meld, tile: Tile, suji: bool) -> TileSet {
    let mut set = TileSet::EMPTY.with(tile.kind());
    if suji && meld.kind == MeldKind::Chi {
        let low = meld.base_kind();
        let called = tile.kind();
        if called == low {
            if let Some(k) = low.offset(3) {
                set.insert(k);
            }
        } else if Some(called) == low.offset(2)
            && let Some(k) = low.offset(-1)
        {
            set.insert(k);
        }
    }
    set
}

#[cfg(test)]
mod tests {
    use super::*;
    use haifu_tiles::parse_tiles;

    fn seat(n: u8) -> Seat {
        Seat::new(n).unwrap()
    }

    fn tiles(ids: &[u8]) -> ArrayVec<Tile, 13> {
        ids.iter().map(|&i| Tile::new(i).unwrap()).collect()
    }

    /// Seat 0 (dealer) holds three 1m and draws the fourth; seat 1 waits on 1m with thirteen
    /// orphans. Whether seat 1 may rob the ankan depends on the rule.
    fn kokushi_against_ankan(robs: KokushiRobsAnkan) -> Result<WinContext, ActionError> {
        let setup = Deal {
            players: Players::Four,
            round_wind: Wind::East,
            dealer: seat(0),
            hands: BySeat::from_array([
                tiles(&[0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, 17]),
                tiles(&[32, 36, 68, 72, 104, 108, 112, 116, 120, 124, 128, 132, 133]),
                tiles(&[40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52]),
                tiles(&[76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88]),
            ]),
            scores: BySeat::from_array([25000; 4]),
            dora_indicator: Tile::new(100).unwrap(),
        };
        let tenhou = haifu_ruleset::RuleSet::preset(haifu_ruleset::Preset::Tenhou);
        let rules = haifu_ruleset::RuleSet {
            round: haifu_ruleset::RoundRules {
                kokushi_robs_ankan: robs,
                ..tenhou.round
            },
            ..tenhou
        };
        let mut round = Round::from_setup(&setup, &rules).unwrap();
        round.draw(seat(0), Tile::new(3).unwrap()).unwrap();
        let kan = Meld::new(MeldKind::Ankan, &tiles(&[0, 1, 2, 3]), None, None, None).unwrap();
        round.call(seat(0), kan).unwrap();
        round.ron(seat(1))
    }

    /// The dealer holds 1m x3 and 2m x3, draws the fourth 1m and declares an ankan, draws the
    /// fourth 2m from the dead wall and declares another, and wins on the second replacement
    /// tile: a rinshan on the second kan of the turn (the classic "kong on kong").
    #[test]
    fn a_second_kan_in_one_turn_is_kan_on_kan() {
        let t = |i| Tile::new(i).unwrap();
        let setup = Deal {
            players: Players::Four,
            round_wind: Wind::East,
            dealer: seat(0),
            hands: BySeat::from_array([
                tiles(&[0, 1, 2, 4, 5, 6, 44, 48, 53, 56, 60, 64, 104]),
                tiles(&(8..21).collect::<Vec<u8>>()),
                tiles(&(21..34).collect::<Vec<u8>>()),
                tiles(&(68..81).collect::<Vec<u8>>()),
            ]),
            scores: BySeat::from_array([25000; 4]),
            dora_indicator: t(100),
        };
        let rules = haifu_ruleset::RuleSet::preset(haifu_ruleset::Preset::Tenhou);
        let mut round = Round::from_setup(&setup, &rules).unwrap();
        let ankan = |ids: &[u8]| Meld::new(MeldKind::Ankan, &tiles(ids), None, None, None);
        round.draw(seat(0), t(3)).unwrap();
        round.call(seat(0), ankan(&[0, 1, 2, 3]).unwrap()).unwrap();
        round.reveal_dora(t(120)).unwrap();
        round.draw(seat(0), t(7)).unwrap();
        round.call(seat(0), ankan(&[4, 5, 6, 7]).unwrap()).unwrap();
        round.reveal_dora(t(121)).unwrap();
        round.draw(seat(0), t(105)).unwrap();
        let win = round.tsumo(seat(0)).unwrap();
        assert!(win.situation.contains(Situation::RINSHAN));
        assert!(win.situation.contains(Situation::KAN_ON_KAN));
    }

    /// RULES.md A9's own example: 23456s with 1s discarded refuses 1s, lets 4s stand as 4-56
    /// and 7s as 567; with 7s discarded too, 4s is refused in both readings.
    #[test]
    fn one_four_seven_by_set_completion() {
        let mut st = SeatState::EMPTY;
        // 99m 23456s 111z 222z.
        st.deal(&tiles(&[
            32, 33, 76, 80, 84, 89, 92, 108, 109, 110, 112, 113, 114,
        ]));
        st.discarded.insert(TileKind::S1);
        assert_eq!(one_four_seven(&st, TileKind::S1), Some(TileKind::S1));
        assert_eq!(one_four_seven(&st, TileKind::S4), None);
        assert_eq!(one_four_seven(&st, TileKind::S7), None);
        st.discarded.insert(TileKind::S7);
        assert!(one_four_seven(&st, TileKind::S4).is_some());
    }

    #[test]
    fn kokushi_robs_an_ankan_only_where_the_rules_allow() {
        assert_eq!(
            kokushi_against_ankan(KokushiRobsAnkan::No).unwrap_err(),
            ActionError::NoWin {
                seat: seat(1),
                why: "no discard is open to claim"
            }
        );
        let win = kokushi_against_ankan(KokushiRobsAnkan::Yes).unwrap();
        assert_eq!((win.from, win.winning_tile.id()), (seat(0), 0));
        assert!(win.situation.contains(Situation::CHANKAN));
    }

    #[test]
    fn kuikae_forbids_same_and_suji() {
        let t = parse_tiles("345m").unwrap();
        let chi_low = Meld::new(MeldKind::Chi, &t, Some(t[0]), None, Some(seat(3))).unwrap();
        let k: Vec<_> = kuikae_kinds(&chi_low, t[0], true).iter().collect();
        assert_eq!(k, vec![TileKind::M3, TileKind::M6]);
        let chi_high = Meld::new(MeldKind::Chi, &t, Some(t[2]), None, Some(seat(3))).unwrap();
        let k: Vec<_> = kuikae_kinds(&chi_high, t[2], true).iter().collect();
        assert_eq!(k, vec![TileKind::M2, TileKind::M5]);
        let chi_mid = Meld::new(MeldKind::Chi, &t, Some(t[1]), None, Some(seat(3))).unwrap();
        let k: Vec<_> = kuikae_kinds(&chi_mid, t[1], true).iter().collect();
        assert_eq!(k, vec![TileKind::M4]);
        let t = parse_tiles("789s").unwrap();
        let chi_edge = Meld::new(MeldKind::Chi, &t, Some(t[0]), None, Some(seat(3))).unwrap();
        let k: Vec<_> = kuikae_kinds(&chi_edge, t[0], true).iter().collect();
        assert_eq!(k, vec![TileKind::S7]);
    }
}

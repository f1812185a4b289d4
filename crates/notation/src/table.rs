//! The table as the notation tracks it: where each physical tile is, each seat's melds, what
//! the wall says comes next. The reader and the writer run the same state, so that every
//! default (which copy a tile is, which hand a win shows) is computed the same way on both
//! sides; the writer writes a copy mark or an explicit field exactly where the default would
//! be wrong.
//!
//! This is bookkeeping, not rules: nothing here judges whether a move was legal.

use arrayvec::ArrayVec;
use haifu_log::{RoundStart, Wall};
use haifu_ruleset::RedFives;
use haifu_tiles::{BySeat, Meld, MeldKind, Seat, Tile, TileKind};

use crate::lex::RawTile;

const UNSEEN: u8 = 0;
const OUT: u8 = 5;

const fn in_hand(seat: Seat) -> u8 {
    1 + seat.index() as u8
}

/// A set of physical tiles.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Taken([u64; 3]);

impl Taken {
    pub(crate) fn has(&self, t: Tile) -> bool {
        let i = usize::from(t.id());
        self.0[i / 64] & (1 << (i % 64)) != 0
    }

    pub(crate) fn add(&mut self, t: Tile) {
        let i = usize::from(t.id());
        self.0[i / 64] |= 1 << (i % 64);
    }
}

/// Whether the kind index is a numbered five (5m, 5p, 5s).
pub(crate) const fn is_five(kind: usize) -> bool {
    (kind < 27) & (kind % 9 == 4)
}

/// Whether the suit of `kind` has a red five in a game with `reds`: its copy 0 of the five
/// is then the red five, written `0`; in any other suit copy 0 is a plain five.
pub(crate) fn has_red(reds: RedFives, kind: TileKind) -> bool {
    reds.suits()
        .get(kind.suit() as usize)
        .is_some_and(|&red| red)
}

/// Whether `t` is a red five in a game with `reds` (copy 0 of a five of a suit that has one).
pub(crate) fn is_red(reds: RedFives, t: Tile) -> bool {
    t.is_red_five() && has_red(reds, t.kind())
}

/// Whether `t` is what `raw` names, ignoring a copy mark: the same kind, and a red five only
/// when written `0`.
pub(crate) fn matches(reds: RedFives, raw: RawTile, t: Tile) -> bool {
    t.kind() == raw.kind && is_red(reds, t) == raw.red
}

/// The copies `raw` may name, ignoring a copy mark, as four bits (bit `c` for copy `c`):
/// copy 0 of a five for a red five, the other three for a plain five of a suit with a red
/// five, all four otherwise.
pub(crate) fn named_copies(reds: RedFives, raw: RawTile) -> u8 {
    haifu_tiles::copy_mask(raw.kind, raw.red, has_red(reds, raw.kind))
}

/// The tile of `raw` with its copy mark.
pub(crate) fn marked(raw: RawTile) -> Option<Tile> {
    let copy = if raw.red { Some(0) } else { raw.copy };
    copy.and_then(|c| Tile::from_kind(raw.kind, c))
}

/// The tile a written tile resolves to: its marked copy; else the first of `prefer` that it
/// names and that is `usable`; else its first candidate copy that is `usable` (a plain five
/// never copy 0 in a suit with a red five).
pub(crate) fn pick_in(
    raw: RawTile,
    prefer: impl IntoIterator<Item = Tile>,
    usable: impl Fn(Tile) -> bool,
    reds: RedFives,
) -> Option<Tile> {
    if let Some(t) = marked(raw) {
        return Some(t);
    }
    if let Some(t) = prefer
        .into_iter()
        .find(|&t| matches(reds, raw, t) && usable(t))
    {
        return Some(t);
    }
    // The project's one copy rule.
    haifu_tiles::copy_order(raw.kind, raw.red, has_red(reds, raw.kind))
        .iter()
        .filter_map(|&c| Tile::from_kind(raw.kind, c))
        .find(|&t| usable(t))
}

/// `raw` for an actual tile, with a copy mark only if `default` (the tile the unmarked form
/// resolves to) is not it. Only a red five of a game with `reds` is written `0`.
pub(crate) fn spell(reds: RedFives, actual: Tile, default: Option<Tile>) -> RawTile {
    let red = is_red(reds, actual);
    RawTile {
        kind: actual.kind(),
        red,
        copy: (!red && default != Some(actual)).then_some(actual.copy()),
    }
}

/// The unmarked form of a tile.
pub(crate) fn plain(reds: RedFives, t: Tile) -> RawTile {
    RawTile {
        kind: t.kind(),
        red: is_red(reds, t),
        copy: None,
    }
}

/// The next round's wall from the caller's `walls`: from the record's `seed`, else the round's
/// `shuffle`, for the number of players the GO type says (bit 0x010: three).
pub(crate) fn next_wall(
    walls: &mut dyn haifu_log::WallSource,
    go_type: u32,
    seed: Option<&str>,
    shuffle: Option<&str>,
) -> Option<haifu_log::WallRecord> {
    let players = if go_type & 0x010 != 0 {
        haifu_tiles::Players::Three
    } else {
        haifu_tiles::Players::Four
    };
    walls.next_wall(seed, shuffle, players)
}

/// The wall a round's record gives, when it gives one that reads.
pub(crate) fn known(record: Option<&haifu_log::WallRecord>) -> Option<Wall> {
    match record? {
        haifu_log::WallRecord::Known(w) => Some(Wall::clone(w)),
        haifu_log::WallRecord::Unreadable { .. } => None,
    }
}

/// The state of the current round.
pub(crate) struct Table {
    pub(crate) wall: Option<Wall>,
    live: usize,
    rinshan: usize,
    rinshan_next: [bool; 4],
    /// Where each tile id is (256 places, so that a tile id indexes it without a check).
    place: [u8; 256],
    pub(crate) last_draw: [Option<Tile>; 4],
    /// The last tile drawn, discarded or added to a kan: the default winning tile.
    pub(crate) last_tile: Option<Tile>,
    pub(crate) last_discard: Option<Tile>,
    pub(crate) need_discard: [bool; 4],
    pub(crate) melds: [ArrayVec<Meld, 8>; 4],
    pub(crate) indicators: ArrayVec<Tile, 8>,
    /// Running scores: the round's start, deposits, outcomes.
    pub(crate) scores: BySeat<i32>,
    /// Riichi sticks on the table now.
    pub(crate) sticks: u32,
    pub(crate) honba: u32,
    /// Whether a round is in progress (started, no outcome yet).
    pub(crate) open: bool,
    /// Whether the last outcome was a win (a further ron may follow).
    pub(crate) after_win: bool,
    /// Whether any round has started.
    pub(crate) started: bool,
    /// Whether the round's moves from some point on are left out (`...`).
    pub(crate) elided: bool,
    /// Whether the last riichi deposit of the game recorded the scores (old Tenhou logs never
    /// do): the default for the next one.
    pub(crate) deposit_scored: bool,
    /// Which fives are red in this game ([`crate::names::text_rules_of`] its header): a plain
    /// five of a suit with a red five never resolves to copy 0.
    pub(crate) red_fives: RedFives,
    /// What a riichi deposit takes in this game (as [`Table::red_fives`], from its header).
    pub(crate) riichi_deposit: i32,
}

impl Table {
    pub(crate) fn new() -> Table {
        Table {
            wall: None,
            live: 0,
            rinshan: 0,
            rinshan_next: [false; 4],
            place: [UNSEEN; 256],
            last_draw: [None; 4],
            last_tile: None,
            last_discard: None,
            need_discard: [false; 4],
            melds: Default::default(),
            indicators: ArrayVec::new(),
            scores: BySeat::default(),
            sticks: 0,
            honba: 0,
            open: false,
            after_win: false,
            started: false,
            elided: false,
            deposit_scored: true,
            red_fives: RedFives::OnePerSuit,
            riichi_deposit: 1000,
        }
    }

    /// Follows the rule points of the game `header` declares.
    pub(crate) fn follow(&mut self, header: &haifu_log::Header) {
        let rules = crate::names::text_rules_of(header);
        self.red_fives = rules.red_fives;
        self.riichi_deposit = rules.riichi_deposit;
    }

    /// Clears the table for a new round with this wall (hands not dealt yet); the scores, the
    /// deposit default and the game's rule points carry over.
    pub(crate) fn reset(&mut self, wall: Option<Wall>) {
        *self = Table {
            wall,
            scores: self.scores,
            started: true,
            deposit_scored: self.deposit_scored,
            red_fives: self.red_fives,
            riichi_deposit: self.riichi_deposit,
            ..Table::new()
        };
    }

    /// Takes the round start's values once its tiles are placed.
    pub(crate) fn begin(&mut self, start: &RoundStart) {
        self.scores = start.scores;
        self.sticks = start.sticks;
        self.honba = start.honba;
        self.open = true;
        self.after_win = false;
    }

    pub(crate) fn unseen(&self, t: Tile) -> bool {
        self.place[usize::from(t.id())] == UNSEEN
    }

    /// The unseen copies of kind index `k` (0..34), as four bits (bit `c` for copy `c`).
    pub(crate) fn unseen_mask(&self, k: usize) -> u8 {
        self.place_mask(k, UNSEEN)
    }

    /// The copies of kind index `k` (0..34) whose place is `place`, as four bits (bit `c`
    /// for copy `c`): the four places compared at once, without a branch.
    fn place_mask(&self, k: usize, place: u8) -> u8 {
        let Some(&[a, b, c, d]) = self.place.get(k * 4..k * 4 + 4) else {
            return 0;
        };
        // The bytes equal to `place` become zero; each zero byte sets its top bit in `z`.
        let x = u32::from_le_bytes([a, b, c, d]) ^ (u32::from(place) * 0x0101_0101);
        let z = !(((x & 0x7F7F_7F7F) + 0x7F7F_7F7F) | x | 0x7F7F_7F7F);
        // Gathers bits 7, 15, 23, 31 into bits 0-3 (no two products overlap).
        (((z >> 7).wrapping_mul(0x0020_4081) >> 21) & 0xF) as u8
    }

    pub(crate) fn held_by(&self, seat: Seat, t: Tile) -> bool {
        self.place[usize::from(t.id())] == in_hand(seat)
    }

    /// Puts a tile into play (dealt, drawn or revealed).
    pub(crate) fn enter(&mut self, t: Tile, seat: Option<Seat>) {
        self.place[usize::from(t.id())] = seat.map_or(OUT, in_hand);
    }

    /// Takes a tile out of a hand (discarded, melded).
    pub(crate) fn remove(&mut self, t: Tile) {
        self.place[usize::from(t.id())] = OUT;
    }

    /// A seat's concealed tiles in id order, found eight places at a time (the bytes equal to
    /// the seat's mark become set bits) in a plain loop.
    pub(crate) fn concealed_list(&self, seat: Seat) -> ArrayVec<Tile, 136> {
        const LOW: u64 = 0x0101_0101_0101_0101;
        let h = u64::from(in_hand(seat)) * LOW;
        let mut out = ArrayVec::new();
        // (Only the 136 places of real tiles: 17 words.)
        for (w, chunk) in self.place[..136].chunks_exact(8).enumerate() {
            let x = <[u8; 8]>::try_from(chunk).map_or(u64::MAX, |c| u64::from_le_bytes(c) ^ h);
            let mut bits = !((((x & (LOW * 0x7F)) + LOW * 0x7F) | x) | (LOW * 0x7F));
            while bits != 0 {
                let at = bits.trailing_zeros() / 8;
                bits &= bits - 1;
                if let Some(t) = Tile::new((w * 8) as u8 + at as u8) {
                    let _ = out.try_push(t);
                }
            }
        }
        out
    }

    /// The concealed tiles of `kind` a seat holds, in id order.
    pub(crate) fn held_of(&self, seat: Seat, kind: TileKind) -> impl Iterator<Item = Tile> + '_ {
        (0..4)
            .filter_map(move |c| Tile::from_kind(kind, c))
            .filter(move |&t| self.held_by(seat, t))
    }

    // ---- the wall's suggestions ----

    /// The tile the wall puts next into `seat`'s hand (live or replacement draw).
    pub(crate) fn wall_draw(&self, seat: Seat) -> Option<Tile> {
        let wall = self.wall.as_ref()?;
        if self.rinshan_next[seat.index() & 3] {
            wall.rinshan_draw(self.rinshan)
        } else {
            wall.live_draw(self.live).flatten()
        }
    }

    /// The wall's next dora indicator.
    pub(crate) fn wall_dora(&self) -> Option<Tile> {
        self.wall.as_ref()?.dora_indicator(self.indicators.len())
    }

    /// The wall's `n`-th ura indicator.
    pub(crate) fn wall_ura(&self, n: usize) -> Option<Tile> {
        self.wall.as_ref()?.ura_indicator(n)
    }

    /// The wall's deal for `seat` with this dealer, in deal order.
    pub(crate) fn wall_hand(&self, dealer: Seat, seat: Seat) -> Option<[Tile; 13]> {
        self.wall.as_ref()?.haipai(dealer)?[seat]
    }

    // ---- resolving written tiles ----

    /// A tile entering play (drawn, revealed): the marked copy, else the wall's tile if it is
    /// the one written, else the lowest free copy.
    pub(crate) fn resolve_enter(&self, raw: RawTile, hint: Option<Tile>) -> Option<Tile> {
        pick_in(raw, hint, |t| self.unseen(t), self.red_fives)
    }

    /// A tile `seat` gives from its hand: the marked copy, else the highest copy it holds
    /// (other than `avoid`, the tile it just drew, when it holds another), else a free copy.
    ///
    /// Highest, because that is what Tenhou players discard most often when they hold two
    /// copies (65% of 17,734 such discards in the real corpus, against 34% for the lowest).
    pub(crate) fn resolve_held(
        &self,
        seat: Seat,
        raw: RawTile,
        avoid: Option<Tile>,
    ) -> Option<Tile> {
        if let Some(t) = marked(raw) {
            return Some(t);
        }
        let k = raw.kind.index();
        // The copies a plain tile may be: in a suit with a red five, a plain five is never
        // copy 0.
        let plain = haifu_tiles::copy_mask(raw.kind, false, has_red(self.red_fives, raw.kind));
        let held = self.place_mask(k, in_hand(seat));
        let avoid_bit = match avoid {
            Some(a) if a.kind() == raw.kind => 1u8 << a.copy(),
            _ => 0,
        };
        let others = held & plain & !avoid_bit;
        let copy = if others != 0 {
            // The highest copy held.
            7 - others.leading_zeros() as u8
        } else if held & avoid_bit & named_copies(self.red_fives, raw) != 0 {
            avoid_bit.trailing_zeros() as u8
        } else {
            // Not held: the first free copy, by the project's one rule.
            haifu_tiles::first_free_copy(
                raw.kind,
                false,
                has_red(self.red_fives, raw.kind),
                !self.place_mask(k, UNSEEN) & 0xF,
            )
        };
        Tile::from_kind(raw.kind, copy)
    }

    // ---- moves ----

    pub(crate) fn draw(&mut self, seat: Seat, t: Tile) {
        self.enter(t, Some(seat));
        let s = seat.index() & 3;
        if self.rinshan_next[s] {
            self.rinshan += 1;
            self.rinshan_next[s] = false;
        } else {
            self.live += 1;
        }
        self.last_draw[s] = Some(t);
        self.last_tile = Some(t);
        self.need_discard[s] = true;
    }

    pub(crate) fn discard(&mut self, seat: Seat, t: Tile) {
        self.remove(t);
        let s = seat.index() & 3;
        self.last_draw[s] = None;
        self.last_discard = Some(t);
        self.last_tile = Some(t);
        self.need_discard[s] = false;
    }

    pub(crate) fn call(&mut self, seat: Seat, meld: Meld) {
        for &t in meld.tiles() {
            self.remove(t);
        }
        let s = seat.index();
        self.last_draw[s] = None;
        match meld.kind {
            MeldKind::Chi | MeldKind::Pon => {
                self.need_discard[s] = true;
                let _ = self.melds[s].try_push(meld);
            }
            MeldKind::Kakan => {
                self.rinshan_next[s] = true;
                self.need_discard[s] = false;
                self.last_tile = meld.added;
                let base = meld.base_kind();
                match self.melds[s]
                    .iter_mut()
                    .find(|m| m.kind == MeldKind::Pon && m.base_kind() == base)
                {
                    Some(m) => *m = meld,
                    None => {
                        let _ = self.melds[s].try_push(meld);
                    }
                }
            }
            MeldKind::Daiminkan | MeldKind::Ankan | MeldKind::Kita => {
                self.rinshan_next[s] = true;
                self.need_discard[s] = false;
                let _ = self.melds[s].try_push(meld);
            }
        }
    }

    pub(crate) fn new_dora(&mut self, t: Tile) {
        self.enter(t, None);
        let _ = self.indicators.try_push(t);
    }

    /// The scores a riichi deposit by `seat` records by default: the running scores less
    /// the game's deposit for the seat, or none if the game's last deposit recorded none.
    pub(crate) fn default_deposit(&self, seat: Seat) -> Option<BySeat<i32>> {
        self.deposit_scored.then(|| self.less_deposit(seat))
    }

    fn less_deposit(&self, seat: Seat) -> BySeat<i32> {
        let mut s = self.scores;
        s[seat] = s[seat].saturating_sub(self.riichi_deposit);
        s
    }

    pub(crate) fn deposit(&mut self, seat: Seat, scores: Option<BySeat<i32>>) {
        self.scores = scores.unwrap_or_else(|| self.less_deposit(seat));
        self.deposit_scored = scores.is_some();
        self.sticks = self.sticks.saturating_add(1);
    }

    /// The record leaves the rest of the round's moves out (`...`): what the hands hold is
    /// no longer known, so every tile in a hand is unseen again, no seat has melds, and
    /// nothing was drawn or discarded last. What a win or a draw shows after it has no
    /// default: the record writes it.
    pub(crate) fn elide(&mut self) {
        for place in &mut self.place {
            if (in_hand(Seat::ALL[0])..OUT).contains(place) {
                *place = UNSEEN;
            }
        }
        self.melds = Default::default();
        self.last_draw = [None; 4];
        self.last_tile = None;
        self.last_discard = None;
        self.need_discard = [false; 4];
        self.rinshan_next = [false; 4];
        self.elided = true;
    }

    /// The melds a win shows by default: the winner's, latest first (Tenhou's order).
    pub(crate) fn win_melds(&self, seat: Seat) -> ArrayVec<Meld, 8> {
        self.melds[seat.index()].iter().rev().copied().collect()
    }

    /// A mistake's recorded payments, paid at once.
    pub(crate) fn pay(&mut self, deltas: BySeat<i32>) {
        self.scores = BySeat::new_with(|s| self.scores[s].saturating_add(deltas[s]));
    }

    /// An outcome with these scores before and changes.
    pub(crate) fn settle(&mut self, scores: BySeat<i32>, deltas: BySeat<i32>, win: bool) {
        self.scores = BySeat::new_with(|s| scores[s].saturating_add(deltas[s]));
        if win {
            self.sticks = 0;
        }
        self.open = false;
        self.after_win = win;
    }
}

// Melds and copies a reader and a writer both resolve against the table.

/// The tile a call takes: the last discard if it is the one written.
pub(crate) fn resolve_called(t: &Table, seat: Seat, raw: RawTile) -> Option<Tile> {
    pick_in(raw, t.last_discard, |x| !t.held_by(seat, x), t.red_fives)
}

/// The tiles a pon or kan takes from hand by default: the lowest `n` of `kind` held.
pub(crate) fn default_call_hand(
    t: &Table,
    seat: Seat,
    kind: TileKind,
    n: usize,
) -> Option<ArrayVec<Tile, 4>> {
    let v: ArrayVec<Tile, 4> = t.held_of(seat, kind).take(n).collect();
    (v.len() == n).then_some(v)
}

/// A tile of a list taken from `seat`'s hand, not already taken in `local`.
pub(crate) fn resolve_held_list(
    t: &Table,
    seat: Seat,
    raw: RawTile,
    local: &Taken,
) -> Option<Tile> {
    pick_in(
        raw,
        None,
        |x| t.held_by(seat, x) && !local.has(x),
        t.red_fives,
    )
    .or_else(|| pick_in(raw, None, |x| t.unseen(x) && !local.has(x), t.red_fives))
}

/// The kakan `seat` makes by adding `added` to its pon of that kind.
pub(crate) fn kakan_of(t: &Table, seat: Seat, added: Tile) -> Option<Meld> {
    let pon = t.melds[seat.index()]
        .iter()
        .find(|m| m.kind == MeldKind::Pon && m.base_kind() == added.kind())?;
    let mut tiles: ArrayVec<Tile, 4> = pon.tiles().iter().copied().collect();
    tiles.try_push(added).ok()?;
    new_meld(
        MeldKind::Kakan,
        &mut tiles,
        pon.called,
        Some(added),
        pon.from,
    )
}

/// A meld from its tiles, sorted first: `Meld` pads its unused slot with the first tile it
/// is given, and its equality sees the padding, so every parser must give the tiles in id
/// order (as the Tenhou reader does) for equal melds to compare equal.
pub(crate) fn new_meld(
    kind: MeldKind,
    tiles: &mut [Tile],
    called: Option<Tile>,
    added: Option<Tile>,
    from: Option<Seat>,
) -> Option<Meld> {
    tiles.sort_unstable();
    Meld::new(kind, tiles, called, added, from)
}

/// The hand a win shows by default: the winner's concealed tiles and the default winning
/// tile, in id order.
pub(crate) fn win_hand(t: &Table, winner: Seat) -> arrayvec::ArrayVec<Tile, 137> {
    let mut v: arrayvec::ArrayVec<Tile, 137> = arrayvec::ArrayVec::new();
    let _ = v.try_extend_from_slice(&t.concealed_list(winner));
    if let Some(w) = t.last_tile
        && !t.held_by(winner, w)
    {
        v.push(w);
        v.sort_unstable();
    }
    v
}

/// The ankan of all four copies of `kind`.
pub(crate) fn ankan_all(kind: TileKind) -> Option<Meld> {
    let all: [Tile; 4] = [
        Tile::from_kind(kind, 0)?,
        Tile::from_kind(kind, 1)?,
        Tile::from_kind(kind, 2)?,
        Tile::from_kind(kind, 3)?,
    ];
    Meld::new(MeldKind::Ankan, &all, None, None, None)
}

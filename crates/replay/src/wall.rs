//! Checks a log against the walls rebuilt from its seed, or against the walls it states
//! ([`RoundStart::wall`], Mahjong Soul's `paishan`).

use arrayvec::ArrayVec;
use haifu_log::{DrawKind, Event, GameLog, RoundStart};
use haifu_tenhou::wall::{InitShuffle, Seed, Wall, WallGenerator};
use haifu_tiles::{BySeat, MeldKind, Seat, Tile, TileList};

use crate::verdict::tile_text;
use crate::{Divergence, DivergenceKind, RoundLabel, Verdict, WallItem};

/// Where the walls come from.
enum Source {
    /// One generator for the whole game (SHUFFLE seed).
    Game(Box<WallGenerator>),
    /// Each round's own key (INIT shuffle), or no seed at all.
    PerRound,
}

/// Checks every round of a log against its rebuilt wall (see the crate docs), or against the
/// wall the round states ([`RoundStart::wall`]), which comes first when a round has both.
/// Rounds with neither are not checked: their draws are taken from the log as they are.
pub(crate) fn check(log: &GameLog, players: haifu_tiles::Players, verdict: &mut Verdict) {
    let mut source = match &log.header.seed {
        Some(text) => match Seed::parse(text) {
            Ok(seed) => Source::Game(Box::new(WallGenerator::new(&seed, players))),
            Err(e) => {
                verdict.push(Divergence {
                    round: None,
                    event: None,
                    kind: DivergenceKind::BadSeed {
                        reason: e.to_string(),
                    },
                });
                return;
            }
        },
        None => Source::PerRound,
    };
    let mut round: Option<RoundCheck<'_>> = None;
    for (index, event) in log.events().enumerate() {
        if let Event::RoundStart(start) = event {
            // A seed's generator runs on across rounds: take its wall even for a round that
            // states its own, so that the next round's comes out right.
            let seeded = match &mut source {
                Source::Game(generator) => Some(generator.next_round()),
                Source::PerRound => match start.shuffle.as_deref().map(InitShuffle::parse) {
                    Some(Ok(key)) => Some(key.wall(players)),
                    Some(Err(e)) => {
                        verdict.push(Divergence {
                            round: Some(RoundLabel::of(start)),
                            event: Some(index),
                            kind: DivergenceKind::BadSeed {
                                reason: e.to_string(),
                            },
                        });
                        None
                    }
                    None => None,
                },
            };
            let wall = match start.wall.as_deref().map(StatedWall::new) {
                Some(Ok(stated)) => Some(RoundWall::Stated(stated)),
                Some(Err(reason)) => {
                    verdict.push(Divergence {
                        round: Some(RoundLabel::of(start)),
                        event: Some(index),
                        kind: DivergenceKind::BadSeed { reason },
                    });
                    None
                }
                None => seeded.map(RoundWall::Seeded),
            };
            round = wall.map(|wall| RoundCheck::start(wall, start, index, verdict));
            continue;
        }
        if let Some(r) = &mut round {
            r.event(event, index, verdict);
        }
    }
}

/// The set of tile ids (each below 136) in `tiles`, as bits.
fn id_set(tiles: &[Tile]) -> [u64; 3] {
    let mut set = [0u64; 3];
    for t in tiles {
        let id = usize::from(t.id());
        if let Some(word) = set.get_mut(id / 64) {
            *word |= 1 << (id % 64);
        }
    }
    set
}

/// The number of tiles in the dead wall, in every layout.
const DEAD_WALL: usize = 14;

/// A wall as a log states it ([`RoundStart::wall`]), in Mahjong Soul's layout: the deal and
/// the live wall from the front, the dead wall the last 14 tiles (see that field's docs).
struct StatedWall<'a> {
    tiles: &'a [Tile],
    /// The number of seats that play: 4 or 3.
    seats: usize,
    /// Whether the deal is in it (a whole wall), or only what follows it.
    dealt_included: bool,
}

impl<'a> StatedWall<'a> {
    /// The wall of `tiles`, whose length says its layout: 136 or 83 tiles for four players
    /// (the whole wall, or what follows the deal), 108 or 68 for three.
    fn new(tiles: &'a [Tile]) -> Result<StatedWall<'a>, String> {
        let (seats, dealt_included) = match tiles.len() {
            136 => (4, true),
            83 => (4, false),
            108 => (3, true),
            68 => (3, false),
            n => {
                return Err(format!(
                    "the round states a wall of {n} tiles: expected 136 (or 83 after the deal) for four players, 108 (or 68) for three"
                ));
            }
        };
        Ok(StatedWall {
            tiles,
            seats,
            dealt_included,
        })
    }

    /// The tiles dealt before the dealer's first discard: 13 a seat and the dealer's first
    /// draw.
    fn dealt(&self) -> usize {
        13 * self.seats + 1
    }

    /// The replacement tiles at the end of the dead wall: 4, or 8 in sanma.
    fn rinshan_len(&self) -> usize {
        if self.seats == 4 { 4 } else { 8 }
    }

    /// The tile `back` places from the end (0 is the last).
    fn back(&self, back: usize) -> Option<Tile> {
        let i = self.tiles.len().checked_sub(back + 1)?;
        self.tiles.get(i).copied()
    }

    fn dora_indicator(&self, n: usize) -> Option<Tile> {
        (n < 5)
            .then(|| self.back(self.rinshan_len() + 2 * n))
            .flatten()
    }

    fn ura_indicator(&self, n: usize) -> Option<Tile> {
        (n < 5)
            .then(|| self.back(self.rinshan_len() + 1 + 2 * n))
            .flatten()
    }

    fn rinshan_draw(&self, k: usize) -> Option<Tile> {
        (k < self.rinshan_len()).then(|| self.back(k)).flatten()
    }

    /// Live draws after `replacements` replacement draws: 70 minus them (55 in sanma).
    fn live_draw_count(&self, replacements: usize) -> usize {
        let whole = if self.seats == 4 { 136 } else { 108 };
        (whole - self.dealt() + 1 - DEAD_WALL).saturating_sub(replacements)
    }

    /// Live draw `i` (0 is the dealer's first draw): `None` when the wall does not state it
    /// (the dealer's first draw, in a wall that starts after the deal), else the tile there
    /// (`None` inside past the end of the live wall).
    fn live_draw(&self, i: usize) -> Option<Option<Tile>> {
        if i >= self.live_draw_count(0) {
            return Some(None);
        }
        let at = if self.dealt_included {
            self.dealt() - 1 + i
        } else {
            i.checked_sub(1)?
        };
        Some(self.tiles.get(at).copied())
    }

    /// The starting hands in dealing order, when the wall states the deal.
    fn haipai(&self, dealer: Seat) -> Option<BySeat<Option<[Tile; 13]>>> {
        if !self.dealt_included {
            return None;
        }
        let n = self.seats;
        let mut hands = BySeat::from_array([None; 4]);
        if dealer.index() >= n {
            return Some(hands);
        }
        for offset in 0..n {
            let mut hand = [self.tiles[0]; 13];
            for (j, slot) in hand.iter_mut().enumerate() {
                let at = if j < 12 {
                    (j / 4) * 4 * n + offset * 4 + j % 4
                } else {
                    12 * n + offset
                };
                *slot = self.tiles[at];
            }
            hands[Seat::ALL[(dealer.index() + offset) % n]] = Some(hand);
        }
        Some(hands)
    }
}

/// A round's wall: rebuilt from a seed, or as the log states it.
enum RoundWall<'a> {
    Seeded(Wall),
    Stated(StatedWall<'a>),
}

impl RoundWall<'_> {
    /// Whether tiles are compared by kind (and red five) only: a stated wall's copies are
    /// the reader's (the format writes kinds), a seeded wall's are Tenhou's ids.
    fn by_kind(&self) -> bool {
        matches!(self, RoundWall::Stated(_))
    }

    fn dice(&self) -> Option<(u8, u8)> {
        match self {
            RoundWall::Seeded(w) => w.dice(),
            RoundWall::Stated(_) => None,
        }
    }

    fn dora_indicator(&self, n: usize) -> Option<Tile> {
        match self {
            RoundWall::Seeded(w) => w.dora_indicator(n),
            RoundWall::Stated(w) => w.dora_indicator(n),
        }
    }

    fn ura_indicator(&self, n: usize) -> Option<Tile> {
        match self {
            RoundWall::Seeded(w) => w.ura_indicator(n),
            RoundWall::Stated(w) => w.ura_indicator(n),
        }
    }

    fn rinshan_draw(&self, k: usize) -> Option<Tile> {
        match self {
            RoundWall::Seeded(w) => w.rinshan_draw(k),
            RoundWall::Stated(w) => w.rinshan_draw(k),
        }
    }

    fn live_draw_count(&self, replacements: usize) -> usize {
        match self {
            RoundWall::Seeded(w) => w.live_draw_count(replacements),
            RoundWall::Stated(w) => w.live_draw_count(replacements),
        }
    }

    /// Live draw `i`: `None` when the wall does not state it, else the tile there.
    fn live_draw(&self, i: usize) -> Option<Option<Tile>> {
        match self {
            RoundWall::Seeded(w) => Some(w.live_draw(i)),
            RoundWall::Stated(w) => w.live_draw(i),
        }
    }

    /// The starting hands, when the wall states the deal.
    fn haipai(&self, dealer: Seat) -> Option<BySeat<Option<[Tile; 13]>>> {
        match self {
            RoundWall::Seeded(w) => Some(w.haipai(dealer)),
            RoundWall::Stated(w) => w.haipai(dealer),
        }
    }
}

/// The state of one round's wall check.
struct RoundCheck<'a> {
    wall: RoundWall<'a>,
    label: RoundLabel,
    /// Live draws so far.
    live: usize,
    /// Replacement draws so far.
    rinshan: usize,
    /// The seat whose next draw is a replacement draw (after its kan or kita).
    rinshan_next: Option<Seat>,
    /// Dora indicators revealed so far.
    revealed: usize,
}

impl<'a> RoundCheck<'a> {
    fn start(
        wall: RoundWall<'a>,
        start: &RoundStart,
        index: usize,
        verdict: &mut Verdict,
    ) -> RoundCheck<'a> {
        let r = RoundCheck {
            wall,
            label: RoundLabel::of(start),
            live: 0,
            rinshan: 0,
            rinshan_next: None,
            revealed: 1,
        };
        verdict.checked.walls += 1;
        if let Some((a, b)) = r.wall.dice() {
            let computed = [a + 1, b + 1];
            // A format without dice has none to check.
            if let Some(recorded) = start.dice
                && computed != recorded
            {
                let text = |d: [u8; 2]| format!("{}+{}", d[0], d[1]);
                r.mismatch(
                    verdict,
                    index,
                    WallItem::Dice,
                    text(computed),
                    text(recorded),
                );
            }
        }
        r.tile(
            verdict,
            index,
            WallItem::DoraIndicator(0),
            r.wall.dora_indicator(0),
            start.dora_indicator,
        );
        // A wall stated from after the deal does not state the starting hands.
        let Some(dealt) = r.wall.haipai(start.dealer) else {
            return r;
        };
        for seat in Seat::ALL {
            // Compare as sets of tile ids, on the stack: the log lists a hand in its own
            // order. The dealt tiles are distinct, so equal lengths and equal sets mean equal
            // hands; only a mismatch is sorted, for its message.
            let recorded = &start.hands[seat];
            let computed: ArrayVec<Tile, 13> = dealt[seat].map(ArrayVec::from).unwrap_or_default();
            let differ = if r.wall.by_kind() {
                // Kinds (and red fives) as multisets.
                let faces = |t: &[Tile]| {
                    let mut f: ArrayVec<(u8, bool), 13> = t
                        .iter()
                        .map(|t| (t.kind() as u8, t.is_red_five()))
                        .collect();
                    f.sort_unstable();
                    f
                };
                faces(&computed) != faces(recorded)
            } else {
                computed.len() != recorded.len() || id_set(&computed) != id_set(recorded)
            };
            if differ {
                let mut recorded = recorded.clone();
                recorded.sort_unstable();
                let mut computed = computed;
                computed.sort_unstable();
                let text = |t: &[Tile]| format!("seat {seat}: {}", TileList::tiles(t));
                r.mismatch(
                    verdict,
                    index,
                    WallItem::StartingHand,
                    text(&computed),
                    text(&recorded),
                );
            }
        }
        r
    }

    fn mismatch(
        &self,
        verdict: &mut Verdict,
        index: usize,
        item: WallItem,
        computed: String,
        recorded: String,
    ) {
        verdict.push(Divergence {
            round: Some(self.label),
            event: Some(index),
            kind: DivergenceKind::WallMismatch {
                item,
                computed,
                recorded,
            },
        });
    }

    /// Checks one tile of the log against the wall, counting the check.
    fn tile(
        &self,
        verdict: &mut Verdict,
        index: usize,
        item: WallItem,
        computed: Option<Tile>,
        recorded: Tile,
    ) {
        match item {
            WallItem::LiveDraw(_) | WallItem::RinshanDraw(_) => verdict.checked.wall_draws += 1,
            _ => verdict.checked.indicators += 1,
        }
        if self.wall.by_kind() {
            // The format writes kinds: the ids are the reader's, not the log's.
            let face = |t: Tile| (t.kind(), t.is_red_five());
            if computed.map(face) != Some(face(recorded)) {
                let text =
                    |t: Option<Tile>| t.map_or_else(|| "nothing".to_owned(), |t| t.to_string());
                self.mismatch(verdict, index, item, text(computed), text(Some(recorded)));
            }
        } else if computed != Some(recorded) {
            self.mismatch(
                verdict,
                index,
                item,
                tile_text(computed),
                tile_text(Some(recorded)),
            );
        }
    }

    fn event(&mut self, event: Event<'_>, index: usize, verdict: &mut Verdict) {
        match event {
            Event::DrawTile { seat, tile } => {
                if let Some(kan_seat) = self.rinshan_next.filter(|s| *s != seat) {
                    // Another seat draws while a replacement draw is owed: the log skipped it.
                    self.rinshan_next = None;
                    let owed = tile_text(self.wall.rinshan_draw(self.rinshan));
                    let item = WallItem::RinshanDraw(self.rinshan);
                    self.mismatch(
                        verdict,
                        index,
                        item,
                        format!("{owed} for seat {kan_seat}"),
                        format!("a draw by seat {seat}"),
                    );
                }
                if self.rinshan_next == Some(seat) {
                    let item = WallItem::RinshanDraw(self.rinshan);
                    self.tile(
                        verdict,
                        index,
                        item,
                        self.wall.rinshan_draw(self.rinshan),
                        tile,
                    );
                    self.rinshan += 1;
                    self.rinshan_next = None;
                } else {
                    let at = self.live;
                    let stated = self.wall.live_draw(at);
                    // A draw the wall does not state (the dealer's first, in a wall stated
                    // from after the deal) is not checked.
                    if let Some(stated) = stated {
                        let computed = (at < self.wall.live_draw_count(self.rinshan))
                            .then_some(stated)
                            .flatten();
                        self.tile(verdict, index, WallItem::LiveDraw(at), computed, tile);
                    }
                    self.live += 1;
                }
            }
            Event::Call { seat, meld } if meld.kind.is_kan() || meld.kind == MeldKind::Kita => {
                self.rinshan_next = Some(seat);
            }
            Event::NewDora { indicator } => {
                let item = WallItem::DoraIndicator(self.revealed);
                self.tile(
                    verdict,
                    index,
                    item,
                    self.wall.dora_indicator(self.revealed),
                    indicator,
                );
                self.revealed += 1;
            }
            Event::Win(win) => {
                for (n, &t) in win.dora_indicators.iter().enumerate() {
                    self.tile(
                        verdict,
                        index,
                        WallItem::DoraIndicator(n),
                        self.wall.dora_indicator(n),
                        t,
                    );
                }
                for (n, &t) in win.ura_indicators.iter().enumerate() {
                    self.tile(
                        verdict,
                        index,
                        WallItem::UraIndicator(n),
                        self.wall.ura_indicator(n),
                        t,
                    );
                }
            }
            Event::RoundDraw(draw) if draw.kind == DrawKind::Exhaustive => {
                let end = self.wall.live_draw_count(self.rinshan);
                if self.live != end {
                    let recorded = format!("an exhaustive draw after {}", self.live);
                    self.mismatch(
                        verdict,
                        index,
                        WallItem::LiveWallEnd,
                        format!("{end} live draws"),
                        recorded,
                    );
                }
            }
            _ => {}
        }
    }
}

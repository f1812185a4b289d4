//! Checks a log against each round's wall ([`RoundStart::wall`]): the wall a log states
//! (Mahjong Soul's `paishan`, the notation's `wall` line) or the one its reader rebuilt from
//! the log's seed (Tenhou), in the one layout of [`haifu_log::Wall`].

use arrayvec::ArrayVec;
use haifu_log::{DrawKind, Event, GameLog, RoundStart, Wall, WallCopies, WallRecord, WallScope};
use haifu_tiles::{MeldKind, Seat, Tile};

use crate::{Divergence, DivergenceKind, RoundLabel, Shown, Verdict, WallItem};

/// Checks every round of a log against its wall (see the crate docs). Rounds without one are
/// not checked: their draws are taken from the log as they are. A game whose seed makes no
/// wall is one divergence, and no round of it is checked.
pub(crate) fn check(log: &GameLog, verdict: &mut Verdict) {
    let mut round: Option<RoundCheck<'_>> = None;
    // By index: the events' iterator is not inlined into a loop this long.
    for index in 0..log.len() {
        let Some(event) = log.event(index) else {
            break;
        };
        if let Event::RoundStart(start) = event {
            round = match &start.wall {
                Some(WallRecord::Known(wall)) => {
                    Some(RoundCheck::start(wall, start, index, verdict))
                }
                Some(WallRecord::Unreadable {
                    scope: WallScope::Game,
                    reason,
                }) => {
                    verdict.push(Divergence {
                        round: None,
                        event: None,
                        seat: None,
                        kind: DivergenceKind::BadSeed {
                            reason: reason.clone(),
                        },
                    });
                    return;
                }
                Some(WallRecord::Unreadable {
                    scope: WallScope::Round,
                    reason,
                }) => {
                    verdict.push(Divergence {
                        round: Some(RoundLabel::of(start)),
                        event: Some(index),
                        seat: None,
                        kind: DivergenceKind::BadSeed {
                            reason: reason.clone(),
                        },
                    });
                    None
                }
                None => None,
            };
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

/// The state of one round's wall check.
struct RoundCheck<'a> {
    wall: &'a Wall,
    label: RoundLabel,
    /// Whether tiles are compared by kind (and red five) only: a stated wall's copies are
    /// the reader's (the format writes kinds), a seeded wall's are Tenhou's ids.
    by_kind: bool,
    /// The live wall as the wall states it ([`Wall::live_wall`]): the live draw it starts
    /// at, and its tiles.
    live_first: usize,
    live_wall: &'a [Tile],
    /// The live draws the round has after the replacement draws so far.
    live_end: usize,
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
        wall: &'a Wall,
        start: &RoundStart,
        index: usize,
        verdict: &mut Verdict,
    ) -> RoundCheck<'a> {
        let (live_first, live_wall) = wall.live_wall();
        let r = RoundCheck {
            wall,
            label: RoundLabel::of(start),
            by_kind: wall.copies() == WallCopies::ByKind,
            live_first,
            live_wall,
            live_end: wall.live_draw_count(0),
            live: 0,
            rinshan: 0,
            rinshan_next: None,
            revealed: 1,
        };
        verdict.checked.walls += 1;
        if let Some(computed) = r.wall.dice() {
            // A format without dice has none to check.
            if let Some(recorded) = start.dice
                && computed != recorded
            {
                let text = |d: [u8; 2]| Shown::text(format!("{}+{}", d[0], d[1]));
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
            let differ = if r.by_kind {
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
                let text = |t: &[Tile]| Shown::Dealt {
                    seat,
                    tiles: t.iter().copied().collect(),
                };
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
        computed: Shown,
        recorded: Shown,
    ) {
        verdict.push(Divergence {
            round: Some(self.label),
            event: Some(index),
            seat: None,
            kind: DivergenceKind::WallMismatch {
                item,
                computed,
                recorded,
            },
        });
    }

    /// Checks one tile of the log against the wall, counting the check. Inlined: a live
    /// draw, half the events, is checked here; only a mismatch calls out.
    #[inline(always)]
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
        // The format writes kinds: the ids are the reader's, not the log's.
        let face = |t: Tile| (t.kind(), t.is_red_five());
        let agree = if self.by_kind {
            computed.map(face) == Some(face(recorded))
        } else {
            computed == Some(recorded)
        };
        if !agree {
            self.tile_mismatch(verdict, index, item, computed, recorded);
        }
    }

    /// The divergence of a tile the wall does not agree with, shown as [`RoundCheck::tile`]
    /// compared it.
    #[cold]
    #[inline(never)]
    fn tile_mismatch(
        &self,
        verdict: &mut Verdict,
        index: usize,
        item: WallItem,
        computed: Option<Tile>,
        recorded: Tile,
    ) {
        let (computed, recorded) = if self.by_kind {
            (Shown::Face(computed), Shown::Face(Some(recorded)))
        } else {
            (Shown::Tile(computed), Shown::Tile(Some(recorded)))
        };
        self.mismatch(verdict, index, item, computed, recorded);
    }

    fn event(&mut self, event: Event<'_>, index: usize, verdict: &mut Verdict) {
        match event {
            Event::DrawTile { seat, tile } => {
                if let Some(kan_seat) = self.rinshan_next.filter(|s| *s != seat) {
                    // Another seat draws while a replacement draw is owed: the log skipped it.
                    self.rinshan_next = None;
                    let owed = Shown::Tile(self.wall.rinshan_draw(self.rinshan));
                    let item = WallItem::RinshanDraw(self.rinshan);
                    self.mismatch(
                        verdict,
                        index,
                        item,
                        Shown::text(format!("{owed} for seat {kan_seat}")),
                        Shown::text(format!("a draw by seat {seat}")),
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
                    self.live_end = self.wall.live_draw_count(self.rinshan);
                } else {
                    let at = self.live;
                    // A draw the wall does not state (the dealer's first, in a wall stated
                    // from after the deal) is not checked.
                    if let Some(k) = at.checked_sub(self.live_first) {
                        let computed = if at < self.live_end {
                            self.live_wall.get(k).copied()
                        } else {
                            None
                        };
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
                let end = self.live_end;
                if self.live != end {
                    let recorded = Shown::text(format!("an exhaustive draw after {}", self.live));
                    self.mismatch(
                        verdict,
                        index,
                        WallItem::LiveWallEnd,
                        Shown::text(format!("{end} live draws")),
                        recorded,
                    );
                }
            }
            _ => {}
        }
    }
}

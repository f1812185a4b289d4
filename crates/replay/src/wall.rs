//! Checks a log against the walls rebuilt from its seed.

use haifu_log::{Event, GameLog, RoundStart};
use haifu_tenhou::wall::{InitShuffle, Players, Seed, Wall, WallGenerator};
use haifu_tiles::{Seat, Tile};

use crate::verdict::tile_text;
use crate::{Divergence, DivergenceKind, RoundLabel, Verdict, WallItem};

/// Where the walls come from.
enum Source {
    /// One generator for the whole game (SHUFFLE seed).
    Game(Box<WallGenerator>),
    /// Each round's own key (INIT shuffle), or no seed at all.
    PerRound,
}

/// Checks every round of a four-player log against its rebuilt wall (see the crate docs).
/// Rounds without a seed are not checked: their draws are taken from the log as they are.
pub(crate) fn check(log: &GameLog, verdict: &mut Verdict) {
    let players = Players::Four;
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
    let mut round: Option<RoundCheck> = None;
    for (index, event) in log.events().enumerate() {
        if let Event::RoundStart(start) = event {
            let wall = match &mut source {
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
            round = wall.map(|wall| RoundCheck::start(wall, start, index, verdict));
            continue;
        }
        if let Some(r) = &mut round {
            r.event(event, index, verdict);
        }
    }
}

/// The state of one round's wall check.
struct RoundCheck {
    wall: Wall,
    label: RoundLabel,
    live: usize,
    rinshan: usize,
    /// The seat whose next draw is a replacement draw (after its kan or kita).
    rinshan_next: Option<Seat>,
    /// Dora indicators revealed so far.
    revealed: usize,
}

impl RoundCheck {
    fn start(wall: Wall, start: &RoundStart, index: usize, verdict: &mut Verdict) -> RoundCheck {
        let label = RoundLabel::of(start);
        let mut diverge = |item, computed: String, recorded: String| {
            verdict.push(Divergence {
                round: Some(label),
                event: Some(index),
                kind: DivergenceKind::WallMismatch {
                    item,
                    computed,
                    recorded,
                },
            });
        };
        if let Some((a, b)) = wall.dice() {
            let computed = [a + 1, b + 1];
            if computed != start.dice {
                diverge(
                    WallItem::Dice,
                    format!("{}+{}", computed[0], computed[1]),
                    format!("{}+{}", start.dice[0], start.dice[1]),
                );
            }
        }
        let dora = wall.dora_indicator(0);
        if dora != Some(start.dora_indicator) {
            diverge(
                WallItem::DoraIndicator(0),
                tile_text(dora),
                tile_text(Some(start.dora_indicator)),
            );
        }
        let dealt = wall.haipai(start.dealer);
        for seat in Seat::ALL {
            let mut recorded: Vec<Tile> = start.hands[seat].to_vec();
            recorded.sort_unstable();
            let mut computed: Vec<Tile> = dealt[seat].map(|h| h.to_vec()).unwrap_or_default();
            computed.sort_unstable();
            if computed != recorded {
                diverge(
                    WallItem::StartingHand,
                    format!("seat {seat}: {}", haifu_tiles::TileList::tiles(&computed)),
                    format!("seat {seat}: {}", haifu_tiles::TileList::tiles(&recorded)),
                );
            }
        }
        RoundCheck {
            wall,
            label,
            live: 0,
            rinshan: 0,
            rinshan_next: None,
            revealed: 1,
        }
    }

    fn event(&mut self, event: Event<'_>, index: usize, verdict: &mut Verdict) {
        let mut diverge = |item, computed: Option<Tile>, recorded: Tile| {
            if computed != Some(recorded) {
                verdict.push(Divergence {
                    round: Some(self.label),
                    event: Some(index),
                    kind: DivergenceKind::WallMismatch {
                        item,
                        computed: tile_text(computed),
                        recorded: tile_text(Some(recorded)),
                    },
                });
            }
        };
        match event {
            Event::DrawTile { seat, tile } => {
                if self.rinshan_next == Some(seat) {
                    diverge(
                        WallItem::RinshanDraw(self.rinshan),
                        self.wall.rinshan_draw(self.rinshan),
                        tile,
                    );
                    self.rinshan += 1;
                    self.rinshan_next = None;
                } else {
                    let at = self.live;
                    let computed = (at < self.wall.live_draw_count(self.rinshan))
                        .then(|| self.wall.live_draw(at))
                        .flatten();
                    diverge(WallItem::LiveDraw(at), computed, tile);
                    self.live += 1;
                }
            }
            Event::Call { seat, meld }
                if meld.kind.is_kan() || meld.kind == haifu_tiles::MeldKind::Kita =>
            {
                self.rinshan_next = Some(seat);
            }
            Event::NewDora { indicator } => {
                diverge(
                    WallItem::DoraIndicator(self.revealed),
                    self.wall.dora_indicator(self.revealed),
                    indicator,
                );
                self.revealed += 1;
            }
            Event::Win(win) => {
                for (n, &t) in win.dora_indicators.iter().enumerate() {
                    diverge(WallItem::DoraIndicator(n), self.wall.dora_indicator(n), t);
                }
                for (n, &t) in win.ura_indicators.iter().enumerate() {
                    diverge(WallItem::UraIndicator(n), self.wall.ura_indicator(n), t);
                }
            }
            _ => {}
        }
    }
}

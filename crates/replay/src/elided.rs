//! A round whose moves the record leaves out from some point on (the notation's `...`): the
//! referee cannot follow the engine past it, so it rules on what the record states after it.
//! A win is valued from the hand the record states, not the engine's; an exhaustive draw's
//! tenpai from the hands shown; the payments, the sticks and the flow as in any round. What
//! only the moves could show (the situational yaku, the liable seat, an abortive draw's
//! condition) is taken as the record states it, and the verdict says so ([`Elision`]).

use arrayvec::ArrayVec;
use haifu_log::{DrawKind, RecordedDraw, RecordedWin};
use haifu_rules::flow::{Seats, WinMethod};
use haifu_rules::{
    HanSource, Liability, RiichiDeclaration, Situation, WinContext, Yaku, is_tenpai,
};
use haifu_ruleset::{PaoHands, RuleSet, TenpaiRule};
use haifu_tiles::{MeldKind, Seat, TileCounts, Wind};
use serde::Serialize;

use crate::RoundLabel;

/// A round whose moves the record leaves out from its event `event` on, and what the referee
/// took as the record states it there instead of checking it. Its moves from there (draws,
/// discards, calls, the wall, furiten) are never checked.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Elision {
    /// The round.
    pub round: RoundLabel,
    /// The index of the elision's event.
    pub event: usize,
    /// What only the left-out moves could show, taken as stated: situational yaku
    /// (`ippatsu`, `haitei`, …), `pao`, or an outcome draw's condition (`exhaustive draw`).
    pub taken_as_stated: Vec<&'static str>,
}

/// What a round whose moves are left out says of them, before what it took as stated.
pub(crate) const LEFT_OUT: &str = "moves left out (`...`), not checked";

impl std::fmt::Display for Elision {
    /// What the round's verdict note and its sheet say: `moves left out (`...`), not checked,
    /// and taken as stated: ippatsu`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(LEFT_OUT)?;
        if !self.taken_as_stated.is_empty() {
            write!(
                f,
                ", and taken as stated: {}",
                self.taken_as_stated.join(", ")
            )?;
        }
        Ok(())
    }
}

impl Elision {
    /// Notes `what` as taken as stated, once.
    pub(crate) fn take(&mut self, what: &'static str) {
        if !self.taken_as_stated.contains(&what) {
            self.taken_as_stated.push(what);
        }
    }
}

/// The win as the record states it after an elision, for the scorer: the stated hand, melds
/// and winning tile; riichi if the seat's declaration is recorded (double riichi if the win
/// lists it); the situational yaku and the liable seat as listed. Each of those taken as
/// stated is noted in `elision`.
pub(crate) fn win_context(
    recorded: &RecordedWin,
    rules: &RuleSet,
    round_wind: Wind,
    dealer: Seat,
    declared: Seats,
    elision: &mut Elision,
) -> WinContext {
    let listed = |y: Yaku| {
        recorded.yaku.iter().any(|h| h.source == HanSource::Yaku(y))
            || recorded.yakuman.contains(&y)
    };
    let mut situation = Situation::NONE;
    let named = recorded.yaku.iter().filter_map(|h| match h.source {
        HanSource::Yaku(y) => Some(y),
        _ => None,
    });
    for yaku in named.chain(recorded.yakuman.iter().copied()) {
        if let Some(s) = Situation::of_yaku(yaku) {
            situation = situation.union(s);
            elision.take(yaku.name());
        }
    }
    let riichi = match (
        declared.contains(recorded.winner),
        listed(Yaku::DoubleRiichi),
    ) {
        (false, _) => RiichiDeclaration::None,
        (true, false) => RiichiDeclaration::Riichi,
        (true, true) => {
            elision.take(Yaku::DoubleRiichi.name());
            RiichiDeclaration::DoubleRiichi
        }
    };
    if recorded.pao.is_some() {
        elision.take("pao");
    }
    // The concealed tiles without one copy of the winning tile (a hand without it keeps its
    // first 13 tiles, and the hand comparison reports it).
    let mut concealed: ArrayVec<_, 13> = ArrayVec::new();
    let mut winning_left = true;
    for &t in &recorded.hand {
        if winning_left && t == recorded.winning_tile {
            winning_left = false;
        } else {
            let _ = concealed.try_push(t);
        }
    }
    concealed.sort_unstable();
    let kita = recorded
        .melds
        .iter()
        .filter(|m| m.kind == MeldKind::Kita)
        .count();
    WinContext {
        winner: recorded.winner,
        from: recorded.from,
        method: if recorded.is_tsumo() {
            WinMethod::Tsumo
        } else {
            WinMethod::Ron
        },
        concealed,
        winning_tile: recorded.winning_tile,
        melds: recorded
            .melds
            .iter()
            .copied()
            .filter(|m| m.kind != MeldKind::Kita)
            .collect(),
        kita: u8::try_from(kita).unwrap_or(u8::MAX),
        players: rules.players,
        seat_wind: recorded.winner.wind(dealer),
        round_wind,
        dora_indicators: recorded.dora_indicators.clone(),
        riichi,
        situation,
        // The liable seat as stated, for whichever liable hand the win is: the classic
        // insurance's three hands only under it, as the round would note them.
        liable: {
            let classic = recorded
                .pao
                .filter(|_| rules.round.pao_hands == PaoHands::Classic);
            Liability {
                dragons: recorded.pao,
                winds: recorded.pao,
                honours: classic,
                terminals: classic,
                green: classic,
            }
        },
    }
}

/// The seats whose shown hands are tenpai at an exhaustive draw after an elision (a shown
/// hand of any other size than 13, 10, 7, 4 or 1 tiles is not), and whether any of them was
/// taken as the record shows it: under a tenpai rule that voids a wait whose fourth copy is
/// in a meld (or leaves that not settled), a hand with melds, which the record does not
/// state after `...`. (A wait all four of whose copies are in the hand is void under every
/// rule, and so not tenpai.)
pub(crate) fn tenpai(recorded: &RecordedDraw, rule: TenpaiRule) -> (Seats, bool) {
    let tenpai: Seats = Seat::ALL
        .into_iter()
        .filter(|&s| {
            recorded.shown[s].as_ref().is_some_and(|hand| {
                hand.len() % 3 == 1 && is_tenpai(&TileCounts::from_tiles(hand.iter().copied()))
            })
        })
        .collect();
    let taken = rule != TenpaiRule::ConcealedFourVoid
        && tenpai
            .iter()
            .any(|s| recorded.shown[s].as_ref().is_some_and(|h| h.len() < 13));
    (tenpai, taken)
}

/// What [`tenpai`]'s hands taken as shown are noted as.
pub(crate) const TENPAI_TAKEN: &str = "the tenpai of a hand with melds (the melds are not stated)";

/// What an outcome draw after an elision takes as stated: whether its condition held.
pub(crate) fn draw_taken(kind: DrawKind) -> &'static str {
    match kind {
        DrawKind::Exhaustive => "the wall's end (exhaustive draw)",
        DrawKind::NagashiMangan => "nagashi mangan (and its payments)",
        DrawKind::KyuushuKyuuhai => "the kyuushu_kyuuhai draw's condition",
        DrawKind::SuufonRenda => "the suufon_renda draw's condition",
        DrawKind::SuuchaRiichi => "the suucha_riichi draw's condition",
        DrawKind::Suukaikan => "the suukaikan draw's condition",
        DrawKind::Sanchahou => "the sanchahou draw's condition",
    }
}

//! Malformed tenhou.net/6 records, written here by hand: each is a located error naming
//! the element and what was expected, never a panic.

use haifu_log::GameLog;

/// A minimal record around one round's 17 elements (`round` is their JSON text).
fn record(round: &str) -> String {
    format!(
        "{{\"name\":[\"a\",\"b\",\"c\",\"d\"],\"rule\":{{\"disp\":\"般南喰赤\",\"aka\":1}},\n\"log\":[\n{round}\n]}}"
    )
}

/// A round whose seats hold legal hands and nothing happens: everyone draws nothing.
fn round_with(first_hand: &str, first_draws: &str, result: &str) -> String {
    format!(
        "[[0,0,0],[25000,25000,25000,25000],[11],[],\n{first_hand},{first_draws},[],\n[21,21,21,22,22,22,23,23,23,24,24,24,25],[],[],\n[31,31,31,32,32,32,33,33,33,34,34,34,35],[],[],\n[41,41,41,42,42,42,43,43,43,44,44,44,45],[],[],\n{result}]"
    )
}

fn error(text: &str) -> String {
    let mut log = GameLog::new();
    haifu_tenhou6::read(text.as_bytes(), &mut log)
        .expect_err("the record is refused")
        .to_string()
}

const HAND: &str = "[12,12,12,13,13,13,14,14,14,15,15,15,16]";

#[test]
fn truncated_json_is_located_at_its_end() {
    let text = record(&round_with(HAND, "[]", "[\"流局\"]"));
    let cut = &text[..text.find("[\"流局").expect("the result")];
    let e = error(cut);
    assert!(e.contains("ends early"), "{e}");
    assert!(e.starts_with("8:1:"), "{e}");
}

#[test]
fn a_wrong_type_names_the_element() {
    let text = record(&round_with(HAND, "[\"x\"]", "[\"流局\"]")).replace("[0,0,0]", "[0,\"a\",0]");
    let e = error(&text);
    assert!(
        e.starts_with(
            "3:7: log[0] [round, honba, sticks]: invalid type: string \"a\", expected u32"
        ),
        "{e}"
    );
}

#[test]
fn an_unknown_outcome_word_lists_the_known_ones() {
    let text = record(&round_with(HAND, "[]", "[\"流れ\"]"));
    let e = error(&text);
    assert!(
        e.starts_with("8:1: log[0] result: \"流れ\": expected 和了, 流局"),
        "{e}"
    );
}

#[test]
fn a_tile_code_out_of_range_is_refused() {
    let text = record(&round_with(
        "[12,12,12,13,13,13,14,14,14,15,15,15,58]",
        "[]",
        "[\"流局\"]",
    ));
    let e = error(&text);
    assert!(
        e.starts_with("4:1: log[0] seat A's starting hand: item 12 is 58: expected a tile code"),
        "{e}"
    );
}

#[test]
fn a_fifth_copy_is_refused() {
    // A 2m is the dora indicator, seat A holds three and draws a fifth.
    let text = record(&round_with(HAND, "[12]", "[\"流局\"]")).replace("[11]", "[12]");
    let e = error(&text);
    assert!(
        e.contains("seat A's draws: item 0 (2m): a fifth copy"),
        "{e}"
    );
}

#[test]
fn a_discard_of_a_tile_not_held_is_refused() {
    let text =
        record(&round_with(HAND, "[17]", "[\"流局\"]")).replacen(",[],\n[21", ",[19],\n[21", 1);
    let e = error(&text);
    assert!(
        e.contains("seat A's discards: item 0: seat A discards 9m and holds none"),
        "{e}"
    );
}

#[test]
fn empty_and_non_json_inputs_are_refused() {
    assert!(error("   ").contains("empty"));
    let e = error("{\"log\": [");
    assert!(e.contains("ends early"), "{e}");
    let e = error("{\"log\": []}");
    assert!(e.contains("a round in `log`"), "{e}");
}

/// Each event's place in the JSON: a draw at its item of the seat's draws, a discard at its
/// item of the seat's discards, the round's start at its first element.
#[test]
fn events_are_located_at_their_array_items() {
    let text = record(&round_with(HAND, "[17]", "[\"流局\"]")).replacen("[17],[]", "[17],[60]", 1);
    let mut log = GameLog::new();
    let mut positions = haifu_log::SourcePositions::default();
    haifu_tenhou6::read_with_positions(text.as_bytes(), &mut log, &mut positions)
        .expect("the record reads");
    positions.place(text.as_bytes());
    let at = positions.events;
    assert_eq!(at.len(), log.len());
    let place = |needle: &str, nth: usize| {
        let offset = text.match_indices(needle).nth(nth).expect("in the text").0;
        let line_start = text[..offset].rfind('\n').map_or(0, |p| p + 1);
        let line = text[..offset].matches('\n').count() + 1;
        (line as u32, (offset - line_start + 1) as u32)
    };
    let got = |i: usize| (at[i].line, at[i].column);
    // Event 0: the round's start, at its first element.
    assert_eq!(got(0), place("[0,0,0]", 0));
    // Seat A draws 17 (item 0 of its draws) and discards it (item 0 of its discards).
    assert_eq!(got(1), place("17],[60]", 0));
    assert_eq!(got(2), place("60]", 0));
}

#[test]
fn entries_the_turns_never_reach_are_refused() {
    // Seat A draws and discards; B has no draw, so the round ends there: A's second
    // discard is never played.
    let text =
        record(&round_with(HAND, "[17]", "[\"流局\"]")).replacen("[17],[]", "[17],[60, 17]", 1);
    let e = error(&text);
    assert!(
        e.contains("seat A's discards: items from 1 on are never played"),
        "{e}"
    );
}

/// Issue 27: figures from the record whose sums no score can hold are located errors, never
/// a panic (debug builds check overflow) nor a clamped or wrapped figure.
mod extreme_figures {
    use super::{HAND, error, record, round_with};

    /// Seat A declares riichi with its first discard (7m) and seat B draws and discards a
    /// 6p, so the deposit is taken; the round ends in an exhaustive draw.
    fn riichi_round(start: &str, scores: &str) -> String {
        round_with(HAND, "[17]", "[\"流局\",[0,0,0,0]]")
            .replacen("[],\n[21", "[\"r17\"],\n[21", 1)
            .replacen("25],[],[]", "25],[26],[60]", 1)
            .replacen("[0,0,0]", start, 1)
            .replacen("[25000,25000,25000,25000]", scores, 1)
    }

    #[test]
    fn the_round_as_written_reads() {
        let text = record(&riichi_round("[0,0,0]", "[25000,25000,25000,25000]"));
        let mut log = haifu_log::GameLog::new();
        haifu_tenhou6::read(text.as_bytes(), &mut log).expect("reads");
        assert_eq!(log.draws()[0].sticks, 1);
    }

    #[test]
    fn sticks_beyond_a_count_are_refused() {
        let e = error(&record(&riichi_round(
            "[0,0,4294967295]",
            "[25000,25000,25000,25000]",
        )));
        assert!(
            e.contains("4294967295 riichi sticks and 1 deposited: more than a count can hold"),
            "{e}"
        );
        assert!(e.starts_with("8:1:"), "{e}");
    }

    #[test]
    fn a_deposit_below_the_lowest_score_is_refused() {
        let e = error(&record(&riichi_round(
            "[0,0,0]",
            "[-2147483648,25000,25000,25000]",
        )));
        assert!(
            e.contains("seat A's score -2147483648 cannot pay a riichi deposit: out of range"),
            "{e}"
        );
    }

    #[test]
    fn final_scores_beyond_a_score_are_refused_not_clamped() {
        let base = record(&round_with(HAND, "[]", "[\"流局\"]"));
        for sc in [
            "[1e12,0,0,0,0,0,0,0]",
            "[0,0,0,0,0,0,-3e9,0]",
            "[0,1e9,0,0,0,0,0,0]",
        ] {
            let text = base.replacen("\"log\":", &format!("\"sc\":{sc},\"log\":"), 1);
            let e = error(&text);
            assert!(e.contains("expected numbers a score can hold"), "{sc}: {e}");
        }
    }

    /// Seat A wins by tsumo on its first draw (6m) with `pay` written for it, its round
    /// opening `round`. (The reader sums the payments as written, split or all, before any
    /// ruling on who the dealer is: that is the replay's.)
    fn tsumo(round: &str, pay: &str) -> String {
        record(&round_with(
            HAND,
            "[16]",
            &format!("[\"和了\",[0,0,0,0],[0,0,0,\"{pay}\",\"門前清自摸和(1飜)\"]]"),
        ))
        .replacen("[[0,0,0]", round, 1)
    }

    #[test]
    fn a_non_dealers_tsumo_payments_beyond_a_score_are_refused() {
        // Two non-dealers pay 2^30 each and the dealer 1000: 2^31 + 1000, more than a score
        // holds.
        let e = error(&tsumo("[[0,0,0]", "30符1飜1073741824-1000点"));
        assert!(e.starts_with("8:"), "{e}");
        assert!(
            e.contains("the payments add up to more than a score can hold"),
            "{e}"
        );
    }

    #[test]
    fn a_dealers_tsumo_payments_beyond_a_score_are_refused() {
        // Three seats pay 715827883 each: 2147483649, two more than a score holds.
        let e = error(&tsumo("[[0,0,0]", "30符1飜715827883点∀"));
        assert!(e.starts_with("8:"), "{e}");
        assert!(
            e.contains("the payments add up to more than a score can hold"),
            "{e}"
        );
    }
}

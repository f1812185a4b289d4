//! Every real Tenhou log converts to text and back to an identical event stream, and the
//! text it gives is the writer's fixed point.

use haifu_log::GameLog;

#[test]
fn every_real_log_round_trips_through_text() {
    let Some(dir) = haifu_testkit::tenhou_corpus() else {
        return;
    };
    let entries = haifu_testkit::manifest(&dir);
    assert!(
        entries.len() >= 500,
        "the manifest lists {} games",
        entries.len()
    );
    let mut failures = Vec::new();
    let mut xml_log = GameLog::new();
    let mut text_log = GameLog::new();
    let (mut marks, mut explicit, mut bytes) = (0usize, 0usize, 0usize);
    for entry in &entries {
        let xml = std::fs::read(dir.join(&entry.file)).expect("corpus file reads");
        haifu_tenhou::read_into(&xml, &mut xml_log).expect("the Tenhou reader reads it");
        xml_log.header.game_id =
            haifu_tenhou::game_id_from_file_name(&entry.file).map(str::to_owned);
        let text = haifu_notation::write_with(&xml_log, &mut haifu_tenhou::SeedWalls::new());
        bytes += text.len();
        marks += text.matches('\'').count();
        explicit += text
            .lines()
            .filter(|l| {
                let w = l.trim_start().split(' ').next().unwrap_or("");
                matches!(w, "hand" | "melds" | "agari" | "ba" | "scores" | "dora")
                    && l.starts_with("  ")
                    || l.contains(" exact ")
                    || l.contains('{')
                    || l.contains("deposit=")
            })
            .count();
        if let Err(e) = haifu_notation::read_into_with(
            &text,
            &mut text_log,
            &mut haifu_tenhou::SeedWalls::new(),
        ) {
            failures.push(format!("{}: {}", entry.file, e.display_in("text")));
            continue;
        }
        if text_log != xml_log {
            let first = xml_log
                .events()
                .zip(text_log.events())
                .position(|(a, b)| a != b);
            failures.push(format!(
                "{}: events differ (first at {first:?}: {:?} vs {:?}); header equal: {}",
                entry.file,
                first.and_then(|i| xml_log.event(i)),
                first.and_then(|i| text_log.event(i)),
                xml_log.header == text_log.header,
            ));
            continue;
        }
        let again = haifu_notation::write_with(&text_log, &mut haifu_tenhou::SeedWalls::new());
        if again != text {
            failures.push(format!(
                "{}: the text is not the writer's fixed point",
                entry.file
            ));
        }
    }
    eprintln!(
        "{} games, {} bytes of text, {marks} copy marks, {explicit} explicit lines",
        entries.len(),
        bytes
    );
    assert!(
        failures.is_empty(),
        "{} of {} games failed:\n{}",
        failures.len(),
        entries.len(),
        failures
            .iter()
            .take(10)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

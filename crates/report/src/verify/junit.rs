//! The JUnit XML form: a test suite per folder, a test case per game.

use std::io::{self, Write};

use haifu_replay::Status;
use quick_junit::{NonSuccessKind, Report, TestCase, TestCaseStatus, TestSuite};

use super::{FileVerdict, round_label, unsupported_reason};
use crate::count;

/// Adds one game's test case to the suite of its folder (a new suite, after the others,
/// for a folder not met before).
pub(super) fn add_case(suites: &mut Vec<TestSuite>, game: &FileVerdict) {
    let folder = crate::escape::xml(&game.folder, true);
    let suite = match suites.iter().position(|s| s.name.as_str() == folder) {
        Some(i) => &mut suites[i],
        None => {
            suites.push(TestSuite::new(folder.as_ref()));
            let last = suites.len() - 1;
            &mut suites[last]
        }
    };
    suite.add_test_case(case(game));
}

/// One game as a JUnit test case, named by its file: passed when it conforms, skipped when
/// unsupported, failed with its divergences, or in error when unreadable.
fn case(game: &FileVerdict) -> TestCase {
    let status = match &game.result {
        Err(message) => {
            let mut st = TestCaseStatus::non_success(NonSuccessKind::Error);
            st.set_message("unreadable or malformed")
                .set_description(crate::escape::xml(message, false).as_ref());
            st
        }
        Ok(v) => match v.status() {
            Status::Conforming => TestCaseStatus::success(),
            Status::Unsupported => {
                let mut st = TestCaseStatus::skipped();
                st.set_message(crate::escape::xml(&unsupported_reason(v), true).as_ref());
                st
            }
            // Every divergence known to the baseline: no failure.
            Status::Divergent if v.divergences.iter().all(|d| game.is_known(d)) => {
                TestCaseStatus::success()
            }
            Status::Divergent => {
                let lines: Vec<String> = v
                    .divergences
                    .iter()
                    .filter(|d| !game.is_known(d))
                    .map(|d| {
                        let place = game.place_text(d);
                        format!("{}{place}: {}: {}", round_label(d), d.kind.name(), d.kind)
                    })
                    .collect();
                let mut st = TestCaseStatus::non_success(NonSuccessKind::Failure);
                st.set_message(count(v.divergence_count(), "divergence"))
                    .set_description(crate::escape::xml(&lines.join("\n"), false).as_ref());
                st
            }
        },
    };
    let mut case = TestCase::new(crate::escape::xml(&game.file, true).as_ref(), status);
    case.set_classname("haifu.verify");
    case
}

/// The whole report, its suites in the order given.
pub(super) fn write_report(out: &mut impl Write, suites: Vec<TestSuite>) -> io::Result<()> {
    let mut report = Report::new("haifu verify");
    report.add_test_suites(suites);
    report
        .serialize(out)
        .map_err(|e| io::Error::other(e.to_string()))
}

//! The reader never panics on damaged real logs: random truncations and byte mutations (flip,
//! insert, delete) of a handful of diverse real files give `Ok` or a located `Err`, never a
//! panic; gzip is transparent (a gzipped input reads exactly like its XML); and cutting a real
//! file at any element boundary is reported as truncated.
//!
//! The real logs are read in place (see `haifu_testkit::tenhou_corpus`), never copied.

#[allow(dead_code)] // this test uses only `tenhou_corpus`
use std::io::Write as _;
use std::path::Path;
use std::sync::OnceLock;

use haifu_log::{GameLog, ParseError, ParseErrorKind};
use proptest::prelude::*;

/// Diverse real files: the 2008 era (no seed, `REACH` without `ten`, integer `owari`), sanma
/// with kita, a chip room, a 2023 private lobby, a pretty-printed file, and one with BYE/UN.
const SAMPLES: [&str; 6] = [
    "2008092000gm-0009-0000-10db094d.xml",
    "2009060321gm-00b9-0000-75b25bcf.xml",
    "nogid-tenhou-chip.xml",
    "nogid-tenhou-newattr2023.xml",
    "nogid-houou-statistics-examplelog3.xml",
    "nogid-tenhou-bye.xml",
];

/// The samples' bytes, plus the first one gzipped in memory; `None` when the corpus is absent
/// outside CI.
fn samples() -> Option<&'static [Vec<u8>]> {
    static SAMPLES_BYTES: OnceLock<Option<Vec<Vec<u8>>>> = OnceLock::new();
    SAMPLES_BYTES
        .get_or_init(|| {
            let dir = haifu_testkit::tenhou_corpus()?;
            let mut all: Vec<Vec<u8>> = SAMPLES
                .iter()
                .map(|name| std::fs::read(dir.join(name)).expect("corpus sample reads"))
                .collect();
            all.push(gzip(&all[0]));
            Some(all)
        })
        .as_deref()
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    enc.write_all(bytes).expect("gzip in memory");
    enc.finish().expect("gzip in memory")
}

/// Reads without panicking (a panic fails the property with the input's description).
fn read(bytes: &[u8]) -> Result<GameLog, ParseError> {
    haifu_tenhou::read(bytes)
}

/// One edit of the input.
#[derive(Clone, Debug)]
enum Mutation {
    Flip { at: usize, bit: u8 },
    Insert { at: usize, byte: u8 },
    Delete { at: usize },
}

/// Bytes that matter to the markup, mixed with any byte.
fn interesting_byte() -> impl Strategy<Value = u8> {
    prop_oneof![
        3 => prop::sample::select(b"<>/=\"', 0123456789-.&%\n?!TDNAGRIU".to_vec()),
        1 => any::<u8>(),
    ]
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<usize>(), 0..8u8).prop_map(|(at, bit)| Mutation::Flip { at, bit }),
        (any::<usize>(), interesting_byte()).prop_map(|(at, byte)| Mutation::Insert { at, byte }),
        any::<usize>().prop_map(|at| Mutation::Delete { at }),
    ]
}

fn apply(bytes: &mut Vec<u8>, mutations: &[Mutation]) {
    for m in mutations {
        let len = bytes.len();
        match *m {
            Mutation::Flip { at, bit } if len > 0 => bytes[at % len] ^= 1 << bit,
            Mutation::Insert { at, byte } => bytes.insert(at % (len + 1), byte),
            Mutation::Delete { at } if len > 0 => {
                bytes.remove(at % len);
            }
            _ => {}
        }
    }
}

/// The input without trailing whitespace: cutting only that away loses nothing.
fn meaningful_len(bytes: &[u8]) -> usize {
    bytes
        .iter()
        .rposition(|b| !b.is_ascii_whitespace())
        .map_or(0, |p| p + 1)
}

proptest! {
    #![proptest_config(ProptestConfig {
        // A few seconds in debug; `PROPTEST_CASES=100000` for a long run.
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(256),
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    /// A cut anywhere before the end is an error: empty, or truncated (bad gzip for the
    /// gzipped sample).
    #[test]
    fn truncations_are_errors(sample in any::<prop::sample::Index>(), cut in any::<prop::sample::Index>()) {
        let Some(all) = samples() else { return Ok(()) };
        let bytes = &all[sample.index(all.len())];
        let gzipped = bytes.starts_with(&[0x1f, 0x8b]);
        let end = if gzipped { bytes.len() } else { meaningful_len(bytes) };
        let cut = cut.index(end);
        let err = read(&bytes[..cut]).expect_err("a truncated log must not read");
        let ok = match &err.kind {
            ParseErrorKind::Empty => bytes[..cut].iter().all(u8::is_ascii_whitespace),
            ParseErrorKind::Truncated { .. } => true,
            ParseErrorKind::BadGzip { .. } | ParseErrorKind::NotTheFormat { .. } => gzipped,
            _ => false,
        };
        prop_assert!(ok, "cut at {cut} of {}: {err}", bytes.len());
    }

    /// Random edits never panic, and the result is the same whether the edited XML is read
    /// directly or gzipped.
    #[test]
    fn mutations_never_panic(
        sample in any::<prop::sample::Index>(),
        mutations in prop::collection::vec(mutation(), 1..8),
        through_gzip in prop::bool::weighted(0.2),
    ) {
        let Some(all) = samples() else { return Ok(()) };
        let mut bytes = all[sample.index(all.len())].clone();
        apply(&mut bytes, &mutations);
        let direct = read(&bytes);
        if through_gzip && !bytes.starts_with(&[0x1f, 0x8b]) {
            prop_assert_eq!(read(&gzip(&bytes)), direct);
        }
    }
}

/// Cutting a real file just after any element's `>` is reported as a truncation (the whole
/// file, and only it, reads).
#[test]
fn every_element_boundary_cut_is_truncated() {
    let Some(dir) = haifu_testkit::tenhou_corpus() else {
        return;
    };
    for name in [SAMPLES[0], SAMPLES[4]] {
        check_boundaries(&dir.join(name));
    }
}

fn check_boundaries(path: &Path) {
    let bytes = std::fs::read(path).expect("corpus sample reads");
    let end = meaningful_len(&bytes);
    let mut log = GameLog::new();
    haifu_tenhou::read_into(&bytes[..end], &mut log).expect("the whole file reads");
    let mut cuts = 0;
    for (i, _) in bytes[..end - 1]
        .iter()
        .enumerate()
        .filter(|&(_, &b)| b == b'>')
    {
        match haifu_tenhou::read_into(&bytes[..=i], &mut log) {
            Err(ParseError {
                kind: ParseErrorKind::Truncated { .. },
                ..
            }) => cuts += 1,
            other => panic!(
                "{}: cut after byte {i}: expected a truncation, got {other:?}",
                path.display()
            ),
        }
    }
    assert!(
        cuts > 100,
        "{}: only {cuts} element boundaries",
        path.display()
    );
}

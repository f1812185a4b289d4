//! The JSON reports hold to the schemas in `crates/report/schema/`: `verify --format json`
//! and `diff --format json` of the project's corpus (conforming games, divergent ones under
//! another rule set, changes with `--explain`), and of the shared real corpora where they are.

use std::path::Path;
use std::process::Command;

/// The schema `name` (`verify`, `diff`), compiled.
fn schema(name: &str) -> (boon::Schemas, boon::SchemaIndex) {
    let path =
        haifu_testkit::workspace_root().join(format!("crates/report/schema/{name}.schema.json"));
    let text = std::fs::read_to_string(&path).expect("the schema reads");
    let value: serde_json::Value = serde_json::from_str(&text).expect("the schema is JSON");
    let url = value["$id"]
        .as_str()
        .expect("the schema has an $id")
        .to_owned();
    let mut schemas = boon::Schemas::new();
    let mut compiler = boon::Compiler::new();
    compiler
        .add_resource(&url, value)
        .expect("the schema is added");
    let index = compiler
        .compile(&url, &mut schemas)
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    (schemas, index)
}

/// `haifu ARGS` in the workspace's root: its standard output as JSON.
fn report(args: &[&str]) -> serde_json::Value {
    let out = Command::new(env!("CARGO_BIN_EXE_haifu"))
        .current_dir(haifu_testkit::workspace_root())
        .args(args)
        .output()
        .expect("runs");
    assert!(
        out.status.code().is_some_and(|c| c <= 2),
        "{args:?}: {out:?}"
    );
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{args:?}: not JSON: {e}"))
}

fn holds(name: &str, args: &[&str]) {
    let (schemas, index) = schema(name);
    let value = report(args);
    if let Err(e) = schemas.validate(&value, index) {
        panic!("{args:?} does not hold to {name}.schema.json: {e:#}");
    }
}

#[test]
fn the_verify_report_holds_to_its_schema() {
    holds("verify", &["verify", "corpus", "--format", "json"]);
    // Divergent games: every kind of compared value the corpus gives under another rule set.
    for rules in ["wrc", "buu", "classic", "mahjong-soul"] {
        holds(
            "verify",
            &["verify", "corpus", "--rules", rules, "--format", "json"],
        );
    }
    for shared in ["tenhou6", "majsoul"] {
        if let Some(dir) = haifu_testkit::shared_corpus(shared) {
            let dir = dir.to_string_lossy().into_owned();
            holds("verify", &["verify", &dir, "--format", "json"]);
            holds(
                "verify",
                &["verify", &dir, "--rules", "auto:jpml", "--format", "json"],
            );
        }
    }
}

#[test]
fn the_diff_report_holds_to_its_schema() {
    let scenarios = Path::new("corpus/scenarios").to_string_lossy().into_owned();
    for against in ["auto,kiriage_mangan=true", "wrc", "buu", "tenhou-sanma"] {
        holds(
            "diff",
            &[
                "diff",
                &scenarios,
                "--against",
                against,
                "--explain",
                "--format",
                "json",
            ],
        );
    }
}

/// A report that breaks the schema is caught: the test is not vacuous.
#[test]
fn a_report_that_breaks_the_schema_is_caught() {
    let (schemas, index) = schema("verify");
    let mut value = report(&["verify", "corpus", "--rules", "wrc", "--format", "json"]);
    value["games"][0]["status"] = serde_json::json!("fine");
    assert!(schemas.validate(&value, index).is_err());
}

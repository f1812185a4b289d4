//! The preset lists people read (README, docs/RULESETS.md, NOTATION.md, the notation's
//! messages) name every preset of `Preset::ALL`, in its order where they list them all.

use haifu::Preset;

fn read(path: &str) -> String {
    let file = haifu_testkit::workspace_root().join(path);
    std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()))
}

/// The paragraph of `text` that starts with `opening`, up to its blank line.
fn paragraph<'a>(text: &'a str, opening: &str) -> &'a str {
    let start = text
        .find(opening)
        .unwrap_or_else(|| panic!("no paragraph opening {opening:?}"));
    let rest = &text[start..];
    &rest[..rest.find("\n\n").unwrap_or(rest.len())]
}

/// The preset names `paragraph` writes in backticks, in the order they first come.
fn listed(paragraph: &str) -> Vec<&str> {
    let mut names: Vec<&str> = Vec::new();
    for word in paragraph.split('`').skip(1).step_by(2) {
        if Preset::ALL.iter().any(|p| p.name() == word) && !names.contains(&word) {
            names.push(word);
        }
    }
    names
}

fn all() -> Vec<&'static str> {
    Preset::ALL.iter().map(|p| p.name()).collect()
}

#[test]
fn the_readme_shows_rules_list_as_it_prints() {
    let readme = read("README.md");
    let block = paragraph(&readme, "$ haifu rules list\n");
    let width = Preset::ALL
        .iter()
        .map(|p| p.name().len())
        .max()
        .unwrap_or(0);
    let want: Vec<String> = Preset::ALL
        .iter()
        .map(|p| format!("{:<width$}  {}", p.name(), p.about()))
        .collect();
    let shown: Vec<&str> = block
        .lines()
        .skip(1)
        .take_while(|l| !l.starts_with("```"))
        .collect();
    assert_eq!(shown, want);
}

#[test]
fn the_rules_reference_lists_and_describes_every_preset() {
    let doc = read("docs/RULESETS.md");
    assert_eq!(listed(paragraph(&doc, "- a preset name:")), all());
    for p in Preset::ALL {
        assert!(
            doc.contains(&format!("\n### {}\n", p.name())),
            "docs/RULESETS.md has no section for {}",
            p.name()
        );
    }
}

#[test]
fn the_notation_lists_every_preset() {
    let doc = read("crates/notation/NOTATION.md");
    assert_eq!(listed(paragraph(&doc, "**Rules.**")), all());
    // The reader's message names them all too.
    let err = haifu_notation::read("haifu 1\nrules nonesuch\n").expect_err("an unknown preset");
    let text = err.to_string();
    for name in all() {
        assert!(text.contains(name), "{text}");
    }
}

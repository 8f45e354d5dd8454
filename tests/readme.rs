//! The README documents every subcommand and the test command CI runs.

use clap::CommandFactory;

#[test]
fn every_visible_subcommand_has_a_readme_section() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let cli = mind::cli::Cli::command();
    let mut missing = Vec::new();
    for sub in cli.get_subcommands().filter(|s| !s.is_hide_set()) {
        let name = sub.get_name();
        if name == "help" {
            continue;
        }
        if !readme.contains(&format!("`mind {name}")) {
            missing.push(name.to_string());
        }
    }
    assert!(missing.is_empty(), "README has no section for: {missing:?}");
}

#[test]
fn readme_names_the_ci_test_command() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let ci = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/.ci/run")).unwrap();
    assert!(readme.contains("cargo test --locked"));
    assert!(ci.contains("cargo test --locked"));
}

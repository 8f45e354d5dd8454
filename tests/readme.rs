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

/// The manifest says what a package index and `cargo install` need: the oldest toolchain that
/// builds it (the README names the same one), the licence (with its texts beside it), a
/// description, and a stripped release binary; the README installs with the committed lock file.
#[test]
fn manifest_carries_package_metadata_and_readme_installs_locked() {
    let root = env!("CARGO_MANIFEST_DIR");
    let manifest = std::fs::read_to_string(format!("{root}/Cargo.toml")).unwrap();
    let readme = std::fs::read_to_string(format!("{root}/README.md")).unwrap();
    let rust_version = manifest
        .lines()
        .find_map(|l| l.strip_prefix("rust-version = \""))
        .and_then(|rest| rest.strip_suffix('"'))
        .expect("rust-version in Cargo.toml");
    assert!(
        readme.contains(&format!("Needs a Rust toolchain ({rust_version} or newer)")),
        "README names another minimum toolchain than rust-version {rust_version}"
    );
    assert!(manifest.contains("\nlicense = \"MIT OR Apache-2.0\"\n"));
    assert!(manifest.contains("\ndescription = \""));
    let release = manifest
        .split("[profile.release]")
        .nth(1)
        .expect("[profile.release]");
    assert!(release.contains("\nstrip = true\n"));
    for file in ["LICENSE-MIT", "LICENSE-APACHE"] {
        assert!(
            std::path::Path::new(root).join(file).is_file(),
            "{file} missing"
        );
    }
    assert!(readme.contains("cargo install --locked --path ."));
    assert!(!readme.contains("cargo install --path"));
}

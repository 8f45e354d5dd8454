//! Named scripts: package.json `scripts`, Makefile targets, justfile recipes.

use std::path::Path;

use super::detect::{command, read};
use super::{Kind, Onboarding};

/// The package manager a Node project uses: `packageManager` in package.json, else the
/// lock file present, else npm.
fn node_manager(root: &Path, manifest: &serde_json::Value) -> &'static str {
    if let Some(declared) = manifest.get("packageManager").and_then(|v| v.as_str()) {
        for name in ["pnpm", "yarn", "bun", "npm"] {
            if declared.starts_with(name) {
                return name;
            }
        }
    }
    for (lock, name) in [
        ("pnpm-lock.yaml", "pnpm"),
        ("yarn.lock", "yarn"),
        ("bun.lock", "bun"),
        ("bun.lockb", "bun"),
        ("package-lock.json", "npm"),
    ] {
        if root.join(lock).is_file() {
            return name;
        }
    }
    "npm"
}

/// How a package manager runs the script `name`.
fn run_script(manager: &str, name: &str) -> String {
    match (manager, name) {
        ("npm", "test" | "start") => format!("npm {name}"),
        ("npm", _) => format!("npm run {name}"),
        ("bun", _) => format!("bun run {name}"),
        _ => format!("{manager} {name}"),
    }
}

pub(super) fn node(root: &Path, found: &mut Onboarding) {
    let Some(text) = read(root, "package.json") else {
        return;
    };
    let src = "package.json";
    found.sources.push(src.into());
    let manifest: serde_json::Value = serde_json::from_str(&text).unwrap_or_default();
    let typescript = root.join("tsconfig.json").is_file()
        || ["dependencies", "devDependencies"]
            .iter()
            .any(|k| manifest.get(k).and_then(|d| d.get("typescript")).is_some());
    found.languages.push(if typescript {
        "TypeScript".into()
    } else {
        "JavaScript".into()
    });
    let manager = node_manager(root, &manifest);
    found.package_managers.push(manager.into());
    found
        .commands
        .push(command(Kind::Install, format!("{manager} install"), src));
    let Some(scripts) = manifest.get("scripts").and_then(|s| s.as_object()) else {
        return;
    };
    for name in scripts.keys() {
        let kind = Kind::of_target(name).or_else(|| {
            // `test:e2e`, `lint:fix`, `build:prod`: the part before the colon says it.
            name.split_once(':')
                .and_then(|(head, _)| Kind::of_target(head))
        });
        if let Some(kind) = kind {
            found
                .commands
                .push(command(kind, run_script(manager, name), src));
        }
    }
}

/// Makefile targets: `name:` at the start of a line (not `.PHONY`, not `VAR := x`).
pub(super) fn make(root: &Path, found: &mut Onboarding) {
    let Some((file, text)) = ["GNUmakefile", "Makefile", "makefile"]
        .iter()
        .find_map(|f| read(root, f).map(|t| (*f, t)))
    else {
        return;
    };
    found.sources.push(file.into());
    found.package_managers.push("make".into());
    for name in rule_names(&text, false) {
        if let Some(kind) = Kind::of_target(&name) {
            found
                .commands
                .push(command(kind, format!("make {name}"), file));
        }
    }
}

/// justfile recipes: `name:` or `name arg:` at the start of a line.
pub(super) fn just(root: &Path, found: &mut Onboarding) {
    let Some((file, text)) = ["justfile", "Justfile", ".justfile"]
        .iter()
        .find_map(|f| read(root, f).map(|t| (*f, t)))
    else {
        return;
    };
    found.sources.push(file.into());
    found.package_managers.push("just".into());
    for name in rule_names(&text, true) {
        if let Some(kind) = Kind::of_target(&name) {
            found
                .commands
                .push(command(kind, format!("just {name}"), file));
        }
    }
}

/// The names of the rules a Makefile or justfile defines, in order. `with_params`: a
/// justfile recipe may take parameters before its colon.
fn rule_names(text: &str, with_params: bool) -> Vec<String> {
    let mut names = Vec::new();
    for line in text.lines() {
        if line.starts_with([' ', '\t', '#', '.']) {
            continue;
        }
        let Some((head, rest)) = line.split_once(':') else {
            continue;
        };
        if rest.starts_with('=') || head.contains('=') || head.contains('$') {
            continue;
        }
        let mut words = head.split_whitespace();
        let heads: Vec<&str> = if with_params {
            words.next().into_iter().collect()
        } else {
            words.collect()
        };
        for name in heads {
            let name = name.trim_start_matches('@');
            let plain = !name.is_empty()
                && name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'));
            if plain && !names.iter().any(|n| n == name) {
                names.push(name.to_string());
            }
        }
    }
    names
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_are_read_and_variables_skipped() {
        let make = ".PHONY: test\nCC := gcc\nall: build\nbuild test: deps\n\t$(CC) x\nlint:\n";
        assert_eq!(rule_names(make, false), ["all", "build", "test", "lint"]);
        let just = "set shell := [\"bash\"]\ntest *args:\n  cargo test\nfmt:\n  cargo fmt\n";
        assert_eq!(rule_names(just, true), ["test", "fmt"]);
    }
}

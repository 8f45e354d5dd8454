//! Which build files a project has and what each says. Reads only files directly in the
//! project root (and `.github/workflows/`); never runs anything.

use std::path::Path;

use super::{Command, Kind, Onboarding, Workflow, python, scripts};

/// Text of `root/rel` if it is a readable regular file of reasonable size.
pub(super) fn read(root: &Path, rel: &str) -> Option<String> {
    let path = root.join(rel);
    let meta = std::fs::metadata(&path).ok()?;
    if !meta.is_file() || meta.len() > 1_000_000 {
        return None;
    }
    std::fs::read_to_string(path).ok()
}

pub(super) fn command(kind: Kind, command: impl Into<String>, source: &str) -> Command {
    Command {
        kind,
        command: command.into(),
        source: source.to_string(),
    }
}

pub fn all(root: &Path) -> Onboarding {
    let mut found = Onboarding::default();
    rust(root, &mut found);
    scripts::node(root, &mut found);
    python::python(root, &mut found);
    go(root, &mut found);
    scripts::make(root, &mut found);
    scripts::just(root, &mut found);
    compose(root, &mut found);
    ci(root, &mut found);
    found
}

fn rust(root: &Path, found: &mut Onboarding) {
    let Some(manifest) = read(root, "Cargo.toml") else {
        return;
    };
    let src = "Cargo.toml";
    found.sources.push(src.into());
    found.languages.push("Rust".into());
    found.package_managers.push("cargo".into());
    let locked = if root.join("Cargo.lock").is_file() {
        " --locked"
    } else {
        ""
    };
    found.commands.extend([
        command(Kind::Build, format!("cargo build{locked}"), src),
        command(Kind::Test, format!("cargo test{locked}"), src),
        command(Kind::Lint, "cargo clippy --all-targets -- -D warnings", src),
        command(Kind::Format, "cargo fmt --all", src),
    ]);
    let has_binary = root.join("src/main.rs").is_file() || manifest.contains("[[bin]]");
    if has_binary {
        found.commands.push(command(Kind::Run, "cargo run", src));
    }
}

fn go(root: &Path, found: &mut Onboarding) {
    if read(root, "go.mod").is_none() {
        return;
    }
    let src = "go.mod";
    found.sources.push(src.into());
    found.languages.push("Go".into());
    found.package_managers.push("go modules".into());
    found.commands.extend([
        command(Kind::Build, "go build ./...", src),
        command(Kind::Test, "go test ./...", src),
        command(Kind::Lint, "go vet ./...", src),
        command(Kind::Format, "gofmt -l -w .", src),
    ]);
    if root.join("main.go").is_file() {
        found.commands.push(command(Kind::Run, "go run .", src));
    }
}

const COMPOSE_FILES: [&str; 4] = [
    "compose.yaml",
    "compose.yml",
    "docker-compose.yaml",
    "docker-compose.yml",
];

fn compose(root: &Path, found: &mut Onboarding) {
    // `docker compose` finds these names by itself, in this order of preference.
    let Some(file) = COMPOSE_FILES.iter().find(|f| root.join(f).is_file()) else {
        return;
    };
    found.sources.push((*file).to_string());
    found.package_managers.push("Docker Compose".into());
    found
        .commands
        .push(command(Kind::Run, "docker compose up", file));
}

/// The one-line `run:` steps of each workflow, in order, each once (at most 12 a file).
fn ci(root: &Path, found: &mut Onboarding) {
    let dir = root.join(".github/workflows");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return;
    };
    let mut files: Vec<String> = entries
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".yml") || n.ends_with(".yaml"))
        .collect();
    files.sort();
    for name in files {
        let rel = format!(".github/workflows/{name}");
        let Some(text) = read(root, &rel) else {
            continue;
        };
        let mut runs: Vec<String> = Vec::new();
        for line in text.lines() {
            let line = line.trim().trim_start_matches("- ").trim();
            let Some(cmd) = line.strip_prefix("run:") else {
                continue;
            };
            let cmd = cmd.trim().trim_matches(['"', '\'']);
            if cmd.is_empty() || cmd.starts_with('|') || cmd.starts_with('>') {
                continue;
            }
            if !runs.iter().any(|r| r == cmd) && runs.len() < 12 {
                runs.push(cmd.to_string());
            }
        }
        found.sources.push(rel.clone());
        found.ci.push(Workflow { file: rel, runs });
    }
}

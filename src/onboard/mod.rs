//! `mind onboard`: what a newcomer (or a fresh agent) needs first — the languages, package
//! managers and the commands that install, build, test, run, lint and format the project — read
//! from the files that say so ([`detect`]), rendered as a short markdown document.
//! Deterministic: everything is sorted, and nothing in the text depends on the clock.

pub mod detect;
mod python;
mod scripts;

use std::path::Path;

use serde::Serialize;

/// What a command is for, in the order the document lists them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// Fetching dependencies: what to run first after a clone.
    Install,
    Build,
    Test,
    Run,
    Lint,
    Format,
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Install => "install",
            Kind::Build => "build",
            Kind::Test => "test",
            Kind::Run => "run",
            Kind::Lint => "lint",
            Kind::Format => "format",
        }
    }

    /// The kind a script, make target or recipe name stands for, if any.
    pub fn of_target(name: &str) -> Option<Kind> {
        match name.to_ascii_lowercase().as_str() {
            "install" | "setup" | "bootstrap" | "deps" => Some(Kind::Install),
            "build" | "compile" | "all" | "dist" | "release" => Some(Kind::Build),
            "test" | "tests" | "check" | "test:unit" | "unit" | "spec" => Some(Kind::Test),
            "run" | "start" | "dev" | "serve" | "server" | "up" => Some(Kind::Run),
            "lint" | "clippy" | "vet" | "typecheck" | "type-check" => Some(Kind::Lint),
            "fmt" | "format" | "prettier" | "pretty" => Some(Kind::Format),
            _ => None,
        }
    }
}

/// A command and the file it comes from.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct Command {
    pub kind: Kind,
    pub command: String,
    pub source: String,
}

/// The commands a CI workflow file runs (its one-line `run:` steps).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct Workflow {
    pub file: String,
    pub runs: Vec<String>,
}

/// Everything found, sorted and each once.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Onboarding {
    pub languages: Vec<String>,
    pub package_managers: Vec<String>,
    pub commands: Vec<Command>,
    pub ci: Vec<Workflow>,
    /// The files the facts were read from.
    pub sources: Vec<String>,
}

impl Onboarding {
    fn finish(mut self) -> Self {
        for list in [
            &mut self.languages,
            &mut self.package_managers,
            &mut self.sources,
        ] {
            list.sort();
            list.dedup();
        }
        self.commands.sort();
        self.commands
            .dedup_by(|a, b| a.kind == b.kind && a.command == b.command);
        self.ci.sort();
        self
    }
}

/// Look at the project folder `root`.
pub fn scan(root: &Path) -> Onboarding {
    detect::all(root).finish()
}

/// The onboarding document for the project `name`.
pub fn render(name: &str, found: &Onboarding) -> String {
    let mut out = format!("# Onboarding: {name}\n\n");
    out.push_str("Detected by `mind onboard` from the project's files; `mind onboard --write` refreshes it.\n");
    if found.languages.is_empty() && found.commands.is_empty() && found.ci.is_empty() {
        out.push_str("\nNo build files were recognised (Cargo.toml, package.json, pyproject.toml, go.mod, Makefile, justfile, compose files, CI workflows).\n");
        return out;
    }
    if !found.languages.is_empty() {
        out.push_str(&format!(
            "\n**Languages:** {}\n",
            found.languages.join(", ")
        ));
    }
    if !found.package_managers.is_empty() {
        out.push_str(&format!(
            "**Package managers:** {}\n",
            found.package_managers.join(", ")
        ));
    }
    if !found.commands.is_empty() {
        out.push_str("\n## Commands\n\n");
        let mut last = None;
        for c in &found.commands {
            if last != Some(c.kind) {
                out.push_str(&format!("{}:\n", capitalised(c.kind.as_str())));
                last = Some(c.kind);
            }
            out.push_str(&format!("- `{}` ({})\n", c.command, c.source));
        }
    }
    if !found.ci.is_empty() {
        out.push_str("\n## CI\n\n");
        for w in &found.ci {
            if w.runs.is_empty() {
                out.push_str(&format!("- {}\n", w.file));
            } else {
                let runs: Vec<String> = w.runs.iter().map(|r| format!("`{r}`")).collect();
                out.push_str(&format!("- {}: {}\n", w.file, runs.join(", ")));
            }
        }
    }
    out
}

fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

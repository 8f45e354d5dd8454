//! Python projects: pyproject.toml (uv, Poetry, PDM, Hatch or plain pip) and requirements.txt.
//! The TOML is only scanned for the few keys and tool names that say which commands apply.

use std::path::Path;

use super::detect::{command, read};
use super::{Kind, Onboarding};

pub(super) fn python(root: &Path, found: &mut Onboarding) {
    let pyproject = read(root, "pyproject.toml");
    let requirements = read(root, "requirements.txt");
    if pyproject.is_none() && requirements.is_none() {
        return;
    }
    found.languages.push("Python".into());
    let text = pyproject.clone().unwrap_or_default();
    let src = if pyproject.is_some() {
        "pyproject.toml"
    } else {
        "requirements.txt"
    };
    found.sources.push(src.into());
    if requirements.is_some() && pyproject.is_some() {
        found.sources.push("requirements.txt".into());
    }
    let manager = if root.join("uv.lock").is_file() || text.contains("[tool.uv") {
        "uv"
    } else if root.join("poetry.lock").is_file() || text.contains("[tool.poetry") {
        "poetry"
    } else if root.join("pdm.lock").is_file() || text.contains("[tool.pdm") {
        "pdm"
    } else {
        "pip"
    };
    found.package_managers.push(manager.into());
    // How a tool of the environment runs: `uv run pytest`, `poetry run pytest`, `pytest`.
    let tool = |name: &str| match manager {
        "pip" => name.to_string(),
        other => format!("{other} run {name}"),
    };
    let install = match manager {
        "uv" => "uv sync",
        "poetry" => "poetry install",
        "pdm" => "pdm install",
        _ if pyproject.is_some() => "pip install -e .",
        _ => "pip install -r requirements.txt",
    };
    found.commands.push(command(Kind::Install, install, src));
    let all_text = format!("{text}\n{}", requirements.unwrap_or_default());
    let mentions = |name: &str| all_text.contains(name);
    if mentions("pytest") || root.join("tests").is_dir() || root.join("conftest.py").is_file() {
        found
            .commands
            .push(command(Kind::Test, tool("pytest"), src));
    }
    if mentions("ruff") {
        found
            .commands
            .push(command(Kind::Lint, tool("ruff check ."), src));
        found
            .commands
            .push(command(Kind::Format, tool("ruff format ."), src));
    }
    if mentions("mypy") {
        found
            .commands
            .push(command(Kind::Lint, tool("mypy ."), src));
    }
    if mentions("black") {
        found
            .commands
            .push(command(Kind::Format, tool("black ."), src));
    }
    for script in entry_points(&text) {
        found.commands.push(command(Kind::Run, tool(&script), src));
    }
}

/// The names under `[project.scripts]` or `[tool.poetry.scripts]`.
fn entry_points(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut inside = false;
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            inside = line == "[project.scripts]" || line == "[tool.poetry.scripts]";
            continue;
        }
        if !inside {
            continue;
        }
        if let Some((name, _)) = line.split_once('=') {
            let name = name.trim().trim_matches('"');
            if !name.is_empty() && !name.starts_with('#') {
                out.push(name.to_string());
            }
        }
    }
    out
}

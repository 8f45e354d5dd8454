//! The coding agents `mind` wires itself into: for each, the files that show it is used in
//! a project, the instruction file that carries the context block, and (per harness module)
//! what else it needs: Claude Code's hooks and permission ([`claude`]), Codex's hooks
//! ([`codex`]), Cursor's rule front matter and hooks ([`cursor`]), Aider's `read:` list
//! ([`aider`]), the `mind mcp` server entry of MCP clients' JSON files ([`mcp_clients`]). Pure: no printing, no writes.

pub mod aider;
pub mod claude;
pub mod codex;
pub mod cursor;
pub mod json_keys;
pub mod mcp_clients;
pub mod targets;

use std::path::Path;

use clap::ValueEnum;

/// An agent `mind setup` knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Agent {
    /// Claude Code: CLAUDE.md, plus hooks and a permission rule in `.claude/settings.json`.
    Claude,
    /// Codex: AGENTS.md, plus hooks in `.codex/hooks.json`.
    Codex,
    /// Cursor: `.cursor/rules/mind.mdc`, always applied, plus hooks in `.cursor/hooks.json`.
    Cursor,
    /// Gemini CLI: GEMINI.md.
    Gemini,
    /// Aider: the context file added to `read:` in `.aider.conf.yml`.
    Aider,
    /// Any agent that reads AGENTS.md.
    Generic,
}

/// What `mind` knows about one agent.
pub struct Definition {
    pub agent: Agent,
    /// The name people know it by.
    pub name: &'static str,
    /// The instruction file that carries the shared context block (relative to the root).
    pub target: &'static str,
    /// Files or folders whose presence in the project root shows the agent is used.
    pub markers: &'static [&'static str],
}

/// Codex reads the AGENTS.md files from the git root down to its working folder up to this
/// many bytes in all (`project_doc_max_bytes`, 32 KiB unless `~/.codex/config.toml` raises
/// it) and drops the rest: a context block that ends further in is cut or never read
/// (<https://developers.openai.com/codex/guides/agents-md>).
pub const CODEX_DOC_MAX_BYTES: usize = 32 * 1024;

pub const DEFINITIONS: &[Definition] = &[
    Definition {
        agent: Agent::Claude,
        name: "Claude Code",
        target: "CLAUDE.md",
        markers: &[".claude", "CLAUDE.md"],
    },
    Definition {
        agent: Agent::Codex,
        name: "Codex",
        target: "AGENTS.md",
        markers: &["AGENTS.md"],
    },
    Definition {
        agent: Agent::Cursor,
        name: "Cursor",
        target: cursor::RULE_FILE,
        markers: &[".cursor"],
    },
    Definition {
        agent: Agent::Gemini,
        name: "Gemini CLI",
        target: "GEMINI.md",
        markers: &["GEMINI.md"],
    },
    Definition {
        agent: Agent::Aider,
        name: "Aider",
        target: "AGENTS.md",
        markers: &[aider::CONFIG_FILE],
    },
    Definition {
        agent: Agent::Generic,
        name: "AGENTS.md readers",
        target: "AGENTS.md",
        markers: &[],
    },
];

impl Agent {
    pub fn definition(self) -> &'static Definition {
        DEFINITIONS
            .iter()
            .find(|d| d.agent == self)
            .expect("every agent has a definition")
    }
}

/// The agents whose marker files are in `root`, in table order.
pub fn detect(root: &Path) -> Vec<Agent> {
    DEFINITIONS
        .iter()
        .filter(|d| d.markers.iter().any(|m| root.join(m).exists()))
        .map(|d| d.agent)
        .collect()
}

/// The context targets for a new project: one per detected agent (without repeats), or
/// CLAUDE.md when no agent is detected. A project with only AGENTS.md gets AGENTS.md alone.
pub fn targets_for(agents: &[Agent]) -> Vec<String> {
    let mut targets: Vec<String> = Vec::new();
    for agent in agents {
        let target = agent.definition().target;
        if !targets.iter().any(|t| t == target) {
            targets.push(target.to_string());
        }
    }
    if targets.is_empty() {
        targets.push(crate::config::Config::default().context_targets[0].clone());
    }
    targets
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detection_picks_each_agents_file_and_defaults_to_claude() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(detect(dir.path()), Vec::<Agent>::new());
        assert_eq!(targets_for(&[]), vec!["CLAUDE.md"]);
        std::fs::write(dir.path().join("AGENTS.md"), "x").unwrap();
        assert_eq!(detect(dir.path()), vec![Agent::Codex]);
        std::fs::create_dir(dir.path().join(".cursor")).unwrap();
        std::fs::write(dir.path().join(".aider.conf.yml"), "").unwrap();
        let agents = detect(dir.path());
        assert_eq!(agents, vec![Agent::Codex, Agent::Cursor, Agent::Aider]);
        assert_eq!(
            targets_for(&agents),
            vec!["AGENTS.md", ".cursor/rules/mind.mdc"]
        );
    }
}

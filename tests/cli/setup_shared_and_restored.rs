//! `mind setup AGENT --remove` gives files back byte for byte, takes out only what setup
//! added, and leaves what another recorded setup still uses; a hook already running mind
//! by another path is mind's.

use crate::common;

use std::fs;

use common::Env;
use serde_json::{Value, json};

#[test]
fn aider_lists_keep_their_form_and_come_back_byte_for_byte() {
    // (before, after setup): a list at the key's own indent gets an item at that indent; a
    // single value becomes a flow list; a file without a final line break gets one.
    let cases = [
        (
            "read:\n- A.md\n- B.md\nmodel: x\n",
            "read:\n- A.md\n- B.md\n- AGENTS.md\nmodel: x\n",
        ),
        (
            "read: CONVENTIONS.md\n",
            "read: [CONVENTIONS.md, AGENTS.md]\n",
        ),
        (
            "# read: commented\nmodel: x",
            "# read: commented\nmodel: x\nread:\n  - AGENTS.md\n",
        ),
        ("read:\n  - A.md", "read:\n  - A.md\n  - AGENTS.md\n"),
        (
            "read:\r\n- A.md # docs\r\n\r\n# end\r\n",
            "read:\r\n- A.md # docs\r\n- AGENTS.md\r\n\r\n# end\r\n",
        ),
    ];
    for (before, after) in cases {
        let env = Env::initialised();
        env.write(".aider.conf.yml", before);
        let files = common::project_files(&env.root());
        let out = env.ok(&["setup", "aider"]);
        assert!(
            out.contains(".aider.conf.yml: add AGENTS.md to read:"),
            "{out}"
        );
        assert_eq!(env.read(".aider.conf.yml"), after, "from {before:?}");
        // Idempotent.
        assert!(!env.ok(&["setup", "aider"]).contains(".aider.conf.yml"));
        let out = env.ok(&["setup", "aider", "--remove"]);
        assert!(
            out.contains(".aider.conf.yml: remove AGENTS.md from read:"),
            "{out}"
        );
        assert_eq!(env.read(".aider.conf.yml"), before);
        assert_eq!(common::project_files(&env.root()), files, "from {before:?}");
    }
}

#[test]
fn an_aider_entry_the_user_wrote_is_never_removed() {
    for listed in [
        "read: [A.md, AGENTS.md]\n",
        "read:\n  - AGENTS.md\n",
        "read: \"AGENTS.md\"\n",
    ] {
        let env = Env::initialised();
        env.write(".aider.conf.yml", listed);
        let out = env.ok(&["setup", "aider"]);
        assert!(!out.contains(".aider.conf.yml"), "{out}");
        let out = env.ok(&["setup", "aider", "--remove"]);
        assert!(!out.contains(".aider.conf.yml"), "{out}");
        assert_eq!(env.read(".aider.conf.yml"), listed);
    }
    // Something else changed since setup: only the item setup added goes, and a single
    // value comes back as the single value it was.
    let env = Env::initialised();
    env.write(".aider.conf.yml", "read: CONVENTIONS.md\n");
    env.ok(&["setup", "aider"]);
    let mut edited = env.read(".aider.conf.yml");
    edited.push_str("model: gpt-4o\n");
    env.write(".aider.conf.yml", &edited);
    env.ok(&["setup", "aider", "--remove"]);
    assert_eq!(
        env.read(".aider.conf.yml"),
        "read: CONVENTIONS.md\nmodel: gpt-4o\n"
    );
}

#[test]
fn removing_one_agent_keeps_agents_md_while_another_setup_reads_it() {
    let env = Env::initialised();
    let files = common::project_files(&env.root());
    env.ok(&["setup", "codex"]);
    env.ok(&["setup", "aider"]);
    env.ok(&["setup", "generic"]);
    let block = env.read("AGENTS.md");

    let out = env.ok(&["setup", "codex", "--remove"]);
    assert!(
        out.contains(
            "note: AGENTS.md stays a context target, with its block: `mind setup aider` and `mind setup generic` still need it (the last one's --remove takes it out)"
        ),
        "{out}"
    );
    assert!(!out.contains("AGENTS.md: delete"), "{out}");
    assert!(!env.exists(".codex"));
    assert_eq!(env.read("AGENTS.md"), block);
    assert_eq!(env.context_targets(), json!(["CLAUDE.md", "AGENTS.md"]));
    assert_eq!(env.read(".aider.conf.yml"), "read:\n  - AGENTS.md\n");

    let out = env.ok(&["setup", "aider", "--remove"]);
    assert!(
        out.contains("`mind setup generic` still needs it (its --remove takes it out)"),
        "{out}"
    );
    assert!(!env.exists(".aider.conf.yml"));
    assert_eq!(env.read("AGENTS.md"), block);
    assert_eq!(env.context_targets(), json!(["CLAUDE.md", "AGENTS.md"]));

    // The last one takes out what the first one added: the project is as it was.
    let out = env.ok(&["setup", "generic", "--remove"]);
    assert!(
        out.contains("AGENTS.md: delete (setup created it; it holds only the context block)"),
        "{out}"
    );
    assert_eq!(env.context_targets(), json!(["CLAUDE.md"]));
    assert_eq!(common::project_files(&env.root()), files);
}

#[test]
fn claude_code_shared_and_personal_setups_share_claude_md() {
    // A project with AGENTS.md alone: CLAUDE.md is no target until setup makes it one.
    let env = Env::new();
    env.write("AGENTS.md", "# agents\n");
    env.ok(&["init"]);
    assert_eq!(env.context_targets(), json!(["AGENTS.md"]));
    env.ok(&["setup", "claude"]);
    env.ok(&["setup", "claude", "--local"]);
    let block = env.read("CLAUDE.md");
    let out = env.ok(&["setup", "claude", "--remove"]);
    assert!(
        out.contains("CLAUDE.md stays a context target, with its block: `mind setup claude --local` still needs it"),
        "{out}"
    );
    assert_eq!(env.read("CLAUDE.md"), block);
    assert_eq!(env.context_targets(), json!(["AGENTS.md", "CLAUDE.md"]));
    env.ok(&["setup", "claude", "--local", "--remove"]);
    assert!(!env.exists("CLAUDE.md"));
    assert_eq!(env.context_targets(), json!(["AGENTS.md"]));
}

#[test]
fn cursor_hooks_without_a_version_come_back_byte_for_byte() {
    let env = Env::initialised();
    let original = r#"{"hooks": {"beforeShellExecution": [{"command": "./audit.sh"}]}}"#;
    env.write(".cursor/hooks.json", original);
    env.ok(&["setup", "cursor"]);
    assert_eq!(
        serde_json::from_str::<Value>(&env.read(".cursor/hooks.json")).unwrap(),
        json!({"hooks": {
            "beforeShellExecution": [{"command": "./audit.sh"}, {"command": "mind hook pre-tool --agent cursor"}],
            "beforeReadFile": [{"command": "mind hook pre-tool --agent cursor"}]},
            "version": 1})
    );
    env.ok(&["setup", "cursor", "--remove"]);
    assert_eq!(env.read(".cursor/hooks.json"), original);

    // A hook the user added since was written beside the version: it stays, and so does
    // the version.
    env.ok(&["setup", "cursor"]);
    let mut file: Value = serde_json::from_str(&env.read(".cursor/hooks.json")).unwrap();
    file["hooks"]["afterFileEdit"] = json!([{"command": "./fmt.sh"}]);
    env.write(".cursor/hooks.json", file.to_string());
    env.ok(&["setup", "cursor", "--remove"]);
    assert_eq!(
        serde_json::from_str::<Value>(&env.read(".cursor/hooks.json")).unwrap(),
        json!({"hooks": {
            "beforeShellExecution": [{"command": "./audit.sh"}],
            "afterFileEdit": [{"command": "./fmt.sh"}]},
            "version": 1})
    );
}

#[test]
fn a_hook_running_mind_by_a_full_path_gets_no_second() {
    let env = Env::initialised();
    let settings = r#"{"hooks":{"SessionStart":[{"matcher":"startup|resume|clear|compact","hooks":[{"type":"command","command":"/usr/local/bin/mind recall --hook claude"}]}]}}"#;
    env.write(".claude/settings.json", settings);
    let codex = r#"{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"~/bin/mind hook pre-tool --agent codex"}]}]}}"#;
    env.write(".codex/hooks.json", codex);
    let cursor = r#"{"version":1,"hooks":{"beforeReadFile":[{"command":"\"/opt/my tools/mind\" hook pre-tool --agent cursor"}]}}"#;
    env.write(".cursor/hooks.json", cursor);

    let out = env.ok(&["setup", "claude"]);
    assert!(!out.contains("SessionStart"), "{out}");
    let written: Value = serde_json::from_str(&env.read(".claude/settings.json")).unwrap();
    assert_eq!(
        written["hooks"]["SessionStart"],
        json!([{"matcher": "startup|resume|clear|compact",
            "hooks": [{"type": "command", "command": "/usr/local/bin/mind recall --hook claude"}]}])
    );
    assert_eq!(
        written["hooks"]["PreToolUse"][0]["hooks"][0]["command"],
        json!("mind hook pre-tool --agent claude")
    );
    let out = env.ok(&["setup", "codex"]);
    assert!(
        out.contains(".codex/hooks.json: add SessionStart hook, PostToolUse hook\n"),
        "{out}"
    );
    let out = env.ok(&["setup", "cursor"]);
    assert!(
        out.contains(".cursor/hooks.json: add beforeShellExecution hook\n"),
        "{out}"
    );

    // The user's own lines are not setup's to take out: each file comes back as it was.
    env.ok(&["setup", "claude", "--remove"]);
    env.ok(&["setup", "codex", "--remove"]);
    env.ok(&["setup", "cursor", "--remove"]);
    assert_eq!(env.read(".claude/settings.json"), settings);
    assert_eq!(env.read(".codex/hooks.json"), codex);
    assert_eq!(env.read(".cursor/hooks.json"), cursor);
}

#[test]
fn the_personal_settings_exclude_line_says_what_it_is_and_goes_with_remove() {
    let env = Env::new();
    env.git(&["init", "-q"]);
    env.ok(&["init"]);
    let exclude = env.path(".git/info/exclude");
    // A file without a final line break: the line break setup puts first goes too.
    let mut before = fs::read(&exclude).unwrap();
    before.extend_from_slice(b"*.log");
    fs::write(&exclude, &before).unwrap();

    env.ok(&["setup", "claude", "--local"]);
    let added = String::from_utf8(fs::read(&exclude).unwrap()).unwrap();
    assert!(
        added.ends_with(
            "*.log\n# mind: Claude Code's personal settings (mind setup claude --local) are not committed\n/.claude/settings.local.json\n"
        ),
        "{added}"
    );
    let status = env.git(&["status", "--short", "--untracked-files=all"]);
    assert!(!status.contains("settings.local.json"), "{status}");
    // Idempotent.
    env.ok(&["setup", "claude", "--local"]);
    assert_eq!(
        String::from_utf8(fs::read(&exclude).unwrap()).unwrap(),
        added
    );

    let out = env.ok(&["setup", "claude", "--local", "--remove"]);
    assert!(
        out.contains(".git/info/exclude: remove /.claude/settings.local.json (setup added it so git ignores that file)"),
        "{out}"
    );
    assert_eq!(fs::read(&exclude).unwrap(), before);
    assert!(!env.exists(".claude"));
}

//! Text and files from other platforms: a named memory saved on Windows (CRLF, a byte order
//! mark) keeps its layout when mind rewrites its header; memory names that differ only in
//! case or Unicode form are one memory, as Windows and macOS hold one file for them; a word
//! written in either Unicode form is found and caught as a retry in the other; and the
//! PowerShell functions and completions do what the other shells' do.

use crate::common;

use std::collections::HashSet;
use std::fs;
use std::io::{Read, Write};
use std::path::Path;
use std::process::Stdio;

use common::User;
use serde_json::{Value, json};

/// `café` typed: `é` is one character (NFC).
const CAFE_NFC: &str = "caf\u{e9}";
/// `café` as macOS writes file names: `e` and a combining acute accent (NFD).
const CAFE_NFD: &str = "cafe\u{301}";

const DEPLOY_CRLF: &[u8] =
    b"\xef\xbb\xbf---\r\ncategory: guide\r\nproject: p\r\ntags:\r\n- api\r\n\
createdAt: \"2026-01-15T09:00:00Z\"\r\nupdatedAt: \"2026-01-15T09:00:00Z\"\r\n---\r\n\r\n\
# Deploy\r\nRun make deploy.\r\n";

/// A project `p` with a committed `deploy` memory saved on Windows: a byte order mark and
/// CRLF line ends throughout.
fn windows_memory(user: &User) -> std::path::PathBuf {
    let project = user.project("p", &["init"]);
    fs::create_dir_all(project.join(".mind/memories")).unwrap();
    fs::write(project.join(".mind/memories/deploy.md"), DEPLOY_CRLF).unwrap();
    user.git(&project, &["add", "-A"]);
    user.git(&project, &["commit", "-qm", "init"]);
    project
}

/// Whether every line break of `bytes` is a CRLF.
fn all_crlf(bytes: &[u8]) -> bool {
    bytes
        .iter()
        .enumerate()
        .all(|(i, &b)| b != b'\n' || (i > 0 && bytes[i - 1] == b'\r'))
}

#[test]
fn a_tag_written_to_a_windows_memory_changes_two_lines_and_keeps_crlf_and_the_mark() {
    let mut user = User::new();
    user.at("2026-12-07T14:00:00Z");
    let project = windows_memory(&user);
    let out = user.ok(
        &project,
        &["memory", "write", "deploy", "--tag", "api", "--tag", "ops"],
    );
    assert_eq!(out, "updated .mind/memories/deploy.md\n");
    let after = fs::read(project.join(".mind/memories/deploy.md")).unwrap();
    assert_eq!(
        String::from_utf8(after).unwrap(),
        "\u{feff}---\r\ncategory: guide\r\nproject: p\r\ntags:\r\n- api\r\n- ops\r\n\
         createdAt: \"2026-01-15T09:00:00Z\"\r\nupdatedAt: \"2026-12-07T14:00:00Z\"\r\n---\r\n\r\n\
         # Deploy\r\nRun make deploy.\r\n"
    );
    // One tag added and updatedAt changed: git sees exactly that.
    assert_eq!(
        user.git(&project, &["diff", "--numstat"]),
        "2\t1\t.mind/memories/deploy.md\n"
    );
    // Written again with nothing new: not written at all.
    let out = user.ok(
        &project,
        &["memory", "write", "deploy", "--tag", "api", "--tag", "ops"],
    );
    assert_eq!(out, "unchanged .mind/memories/deploy.md\n");
}

#[test]
fn memory_edit_stamps_a_windows_memory_in_its_own_line_ends() {
    let mut user = User::new();
    user.at("2026-12-07T14:00:00Z");
    let project = windows_memory(&user);
    // An editor that adds a CRLF line, as Notepad saves it.
    let out = user
        .mind(&project, &["memory", "edit", "deploy"])
        .env("EDITOR", r"printf 'Then tag the release.\r\n' >>")
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let after = fs::read(project.join(".mind/memories/deploy.md")).unwrap();
    assert!(after.starts_with(b"\xef\xbb\xbf---\r\ncategory: guide\r\n"));
    assert!(all_crlf(&after), "{:?}", String::from_utf8_lossy(&after));
    assert!(
        after.ends_with(b"updatedAt: \"2026-12-07T14:00:00Z\"\r\n---\r\n\r\n# Deploy\r\nRun make deploy.\r\nThen tag the release.\r\n"),
        "{:?}",
        String::from_utf8_lossy(&after)
    );
    assert_eq!(
        user.git(&project, &["diff", "--numstat"]),
        "2\t1\t.mind/memories/deploy.md\n"
    );
}

#[test]
fn new_and_replaced_bodies_take_one_line_end_for_the_whole_file() {
    let mut user = User::new();
    user.at("2026-12-07T14:00:00Z");
    let project = windows_memory(&user);
    // A new memory from CRLF text: its header is CRLF too.
    user.mind(&project, &["memory", "write", "ops", "--content", "-"])
        .write_stdin("# Ops\r\nPage the on-call.\r\n")
        .assert()
        .success();
    let ops = fs::read(project.join(".mind/memories/ops.md")).unwrap();
    assert!(ops.starts_with(b"---\r\ncategory: note\r\n"));
    assert!(all_crlf(&ops), "{:?}", String::from_utf8_lossy(&ops));
    assert!(ops.ends_with(b"---\r\n\r\n# Ops\r\nPage the on-call.\r\n"));
    // A body typed with LF into the CRLF memory is written with CRLF.
    user.ok(
        &project,
        &[
            "memory",
            "write",
            "deploy",
            "--content",
            "# Deploy\nRun make ship.",
        ],
    );
    let deploy = fs::read(project.join(".mind/memories/deploy.md")).unwrap();
    assert!(deploy.starts_with(b"\xef\xbb\xbf---\r\n"));
    assert!(all_crlf(&deploy), "{:?}", String::from_utf8_lossy(&deploy));
    assert!(deploy.ends_with(b"---\r\n\r\n# Deploy\r\nRun make ship.\r\n"));
    // A header an older version wrote in LF above a CRLF body is made CRLF like its body.
    let mixed = "---\ncategory: note\ntags: []\n---\n\n# Old\r\nText.\r\n";
    fs::write(project.join(".mind/memories/old.md"), mixed).unwrap();
    user.ok(&project, &["memory", "write", "old", "--tag", "x"]);
    let old = fs::read(project.join(".mind/memories/old.md")).unwrap();
    assert!(all_crlf(&old), "{:?}", String::from_utf8_lossy(&old));
    assert!(old.ends_with(b"---\r\n\r\n# Old\r\nText.\r\n"));
}

/// What `mind mcp` replied, as JSON lines, to `lines` sent in `cwd` (stdin then closed).
fn serve(user: &User, cwd: &Path, lines: &[Value]) -> Vec<Value> {
    let mut child = user
        .command(env!("CARGO_BIN_EXE_mind"), cwd)
        .arg("mcp")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn mind mcp");
    let mut stdin = child.stdin.take().unwrap();
    for line in lines {
        stdin.write_all(format!("{line}\n").as_bytes()).unwrap();
    }
    drop(stdin);
    let mut out = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut out)
        .unwrap();
    child.wait().unwrap();
    out.lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn the_mcp_memory_tool_keeps_a_windows_memory_crlf() {
    let mut user = User::new();
    user.at("2026-12-07T14:00:00Z");
    let project = windows_memory(&user);
    let replies = serve(
        &user,
        &project,
        &[
            json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
                "protocolVersion": "2025-06-18", "capabilities": {},
                "clientInfo": {"name": "test-client", "version": "1.0"}}}),
            json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
            json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {
                "name": "mind_memory_write",
                "arguments": {"name": "deploy", "content": "# Deploy\nRun make ship.\n"}}}),
        ],
    );
    let reply = replies.iter().find(|r| r["id"] == 2).expect("a reply");
    assert_ne!(reply["result"]["isError"], true, "{reply}");
    let deploy = fs::read(project.join(".mind/memories/deploy.md")).unwrap();
    assert!(deploy.starts_with(b"\xef\xbb\xbf---\r\ncategory: guide\r\n"));
    assert!(all_crlf(&deploy), "{:?}", String::from_utf8_lossy(&deploy));
    assert!(deploy.ends_with(b"---\r\n\r\n# Deploy\r\nRun make ship.\r\n"));
}

/// The `.md` files in `.mind/memories/`, sorted.
fn memory_files(project: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(project.join(".mind/memories"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    names
}

#[test]
fn names_that_differ_only_in_case_or_unicode_form_are_one_memory() {
    let mut user = User::new();
    user.at("2026-12-07T14:00:00Z");
    let project = user.project("p", &["init"]);
    let write = |name: &str, text: &str| {
        user.mind(
            &project,
            &[
                "memory",
                "write",
                name,
                "--category",
                "guide",
                "--content",
                text,
            ],
        )
        .output()
        .unwrap()
    };
    let first = write("Deploy", "Deploy on Fridays after 4pm");
    assert_eq!(
        String::from_utf8_lossy(&first.stdout),
        "created .mind/memories/Deploy.md\n"
    );
    let second = write("deploy", "NEVER deploy on Fridays");
    assert!(second.status.success());
    assert_eq!(
        String::from_utf8_lossy(&second.stdout),
        "updated .mind/memories/Deploy.md\n"
    );
    assert_eq!(
        String::from_utf8_lossy(&second.stderr),
        "mind: warning: \"deploy\" is the memory \"Deploy\" (.mind/memories/Deploy.md): names \
         that differ only in case or Unicode form are one memory, as Windows and macOS hold \
         one file for both\n"
    );
    write(CAFE_NFC, "menu A");
    let nfd = write(CAFE_NFD, "menu B");
    assert_eq!(
        String::from_utf8_lossy(&nfd.stdout),
        format!("updated .mind/memories/{CAFE_NFC}.md\n")
    );
    assert_eq!(
        memory_files(&project),
        vec!["Deploy.md".to_string(), format!("{CAFE_NFC}.md")]
    );
    let deploy = fs::read_to_string(project.join(".mind/memories/Deploy.md")).unwrap();
    assert!(
        deploy.ends_with("\n\nNEVER deploy on Fridays\n"),
        "{deploy}"
    );
    let cafe = fs::read_to_string(project.join(format!(".mind/memories/{CAFE_NFC}.md"))).unwrap();
    assert!(cafe.ends_with("\n\nmenu B\n"), "{cafe}");
    // Read and delete reach the memory by either spelling too.
    let read = user.ok(&project, &["memory", "read", "DEPLOY"]);
    assert!(read.contains("NEVER deploy on Fridays"), "{read}");
    user.ok(&project, &["memory", "delete", CAFE_NFD]);
    assert_eq!(memory_files(&project), vec!["Deploy.md".to_string()]);
}

#[test]
fn two_files_made_by_hand_that_differ_only_in_case_are_named_not_guessed() {
    let user = User::new();
    let project = user.project("p", &["init"]);
    fs::create_dir_all(project.join(".mind/memories")).unwrap();
    fs::write(project.join(".mind/memories/Deploy.md"), "# One\n").unwrap();
    fs::write(project.join(".mind/memories/DEPLOY.md"), "# Two\n").unwrap();
    let out = user
        .mind(&project, &["memory", "write", "deploy", "--content", "x"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.starts_with(
            "mind: error: the memory name \"deploy\" matches \"DEPLOY\" and \"Deploy\", which \
             differ only in case or Unicode form"
        ),
        "{stderr}"
    );
    assert_eq!(
        memory_files(&project),
        vec!["DEPLOY.md".to_string(), "Deploy.md".to_string()]
    );
    assert_eq!(
        fs::read_to_string(project.join(".mind/memories/Deploy.md")).unwrap(),
        "# One\n"
    );
    // Each stays reachable by its exact name.
    let read = user.ok(&project, &["memory", "read", "DEPLOY"]);
    assert!(read.contains("# Two"), "{read}");
    // The doctor names the pair.
    let doctor = user.ok(&project, &["doctor"]);
    assert!(
        doctor.contains(
            "\n  warning .mind/memories/ DEPLOY.md and Deploy.md differ only in case or Unicode \
             form: a Windows or macOS clone keeps one file of each; merge them into one memory\n"
        ),
        "{doctor}"
    );
}

#[test]
fn a_word_in_either_unicode_form_is_found_by_the_other() {
    let mut user = User::new();
    user.at("2026-12-07T14:00:00Z");
    let project = user.project("p", &["init"]);
    user.ok(
        &project,
        &[
            "log",
            "decision",
            &format!("the {CAFE_NFD} menu page uses server-side rendering"),
        ],
    );
    user.ok(
        &project,
        &[
            "log",
            "learning",
            &format!("the {CAFE_NFC} kitchen printer needs a restart daily"),
        ],
    );
    for (query, wanted) in [(CAFE_NFC, "menu page"), (CAFE_NFD, "kitchen printer")] {
        let out = user.ok(&project, &["search", query]);
        let hits: Vec<&str> = out.lines().filter(|l| l.starts_with("    ")).collect();
        assert_eq!(hits.len(), 2, "{query:?}: {out}");
        assert!(out.contains(wanted), "{query:?}: {out}");
    }
}

#[test]
fn the_same_entry_in_the_other_unicode_form_is_a_retry() {
    let mut user = User::new();
    user.at("2026-12-07T14:00:00Z");
    let project = user.project("p", &["init"]);
    let decision = |cafe: &str| format!("the {cafe} menu page uses server-side rendering");
    user.ok(&project, &["log", "decision", &decision(CAFE_NFD)]);
    user.at("2026-12-07T14:01:00Z");
    let again = user.ok(&project, &["log", "decision", &decision(CAFE_NFC)]);
    assert!(
        again.starts_with("already logged decision to .mind/MEMORY.md:"),
        "{again}"
    );
    let memory = fs::read_to_string(project.join(".mind/MEMORY.md")).unwrap();
    assert_eq!(memory.matches("menu page").count(), 1, "{memory}");
}

#[test]
fn a_comment_in_the_other_unicode_form_is_a_memory_already_kept() {
    let mut user = User::new();
    user.at("2026-12-07T14:00:00Z");
    let project = user.project("p", &["init"]);
    let decision = |cafe: &str| format!("the {cafe} menu page uses server-side rendering");
    // Written on a Mac: the accent decomposed.
    let mut memory = fs::read_to_string(project.join(".mind/MEMORY.md")).unwrap();
    memory.push_str(&format!("decided: {}\n", decision(CAFE_NFD)));
    fs::write(project.join(".mind/MEMORY.md"), &memory).unwrap();
    fs::write(
        project.join("menu.rs"),
        format!(
            "// MEMORY: decided: {}\nfn main() {{}}\n",
            decision(CAFE_NFC)
        ),
    )
    .unwrap();
    user.ok(&project, &["checkpoint"]);
    assert_eq!(
        fs::read_to_string(project.join(".mind/MEMORY.md")).unwrap(),
        memory
    );
}

#[test]
fn powershell_functions_hand_their_pipeline_input_to_mind() {
    let user = User::new();
    let script = user.ok(user.home(), &["shell-init", "powershell"]);
    // A native command run inside a function does not get the function's pipeline input:
    // each function passes its $input along, and the helper pipes it into mind for `-`.
    for name in ["decided", "learned", "fixed", "tried", "stuck", "remember"] {
        let line = script
            .lines()
            .find(|l| l.starts_with(&format!("function {name} ")))
            .unwrap_or_else(|| panic!("no {name} in {script}"));
        assert!(
            line.ends_with(" $args $MyInvocation.ExpectingInput @($input) }"),
            "{line}"
        );
    }
    assert!(script.contains(
        "\n    } else {\n        __MindSend @('search') $args $MyInvocation.ExpectingInput @($input)\n"
    ));
    assert!(script.contains(
        "function __MindSend([string[]]$Own, [object[]]$Words, [bool]$Piped, [object[]]$Stdin) {"
    ));
    assert!(script.contains(
        "        if ($Piped) {\n\
         \x20           # What was piped into the function (its $input, passed here as $Stdin) goes on to\n\
         \x20           # mind's stdin, as UTF-8: a command run inside a function does not get it.\n\
         \x20           $OutputEncoding = [System.Text.UTF8Encoding]::new($false)\n\
         \x20           $Stdin | & $mind @Own '-'\n\
         \x20       } else {\n\
         \x20           & $mind @Own '-'\n\
         \x20       }\n"
    ));
}

/// Every word list `compgen -W "..."` completes in the bash script.
fn bash_word_lists(bash: &str) -> HashSet<String> {
    bash.split("compgen -W \"")
        .skip(1)
        .filter_map(|rest| rest.split('"').next())
        .filter(|words| !words.contains('$'))
        .map(str::to_string)
        .collect()
}

#[test]
fn powershell_completion_offers_option_values_and_folders_as_bash_does() {
    let user = User::new();
    let ps = user.ok(user.home(), &["completions", "powershell"]);
    let bash = user.ok(user.home(), &["completions", "bash"]);
    // The value completion runs after the command path is known, before clap's name lists.
    let block = ps
        .find("    $previous = ''\n")
        .expect("the value completion");
    let names = ps.find("    $completions = @(switch ($command) {").unwrap();
    let path = ps.find("    }) -join ';'").unwrap();
    assert!(path < block && block < names);
    for case in [
        "        'mind;log|--type' { $values = @('decision', 'learning', 'problem', 'progress', 'gotcha', 'experience', 'blocker', 'assumption', 'rejected', 'next'); break }\n",
        "        'mind;log|-t' { $values = @('decision', 'learning', 'problem', 'progress', 'gotcha', 'experience', 'blocker', 'assumption', 'rejected', 'next'); break }\n",
        "        '*|--color' { $values = @('auto', 'always', 'never'); break }\n",
        "        '*|--project' { $paths = 'folders'; break }\n",
        "            'mind;init' { $paths = 'folders'; break }\n",
    ] {
        assert!(ps.contains(case), "missing {case:?}");
    }
    // Every value list is one the bash script completes: an option's as its `compgen -W`
    // list, a command's own argument's among the words it offers for that command.
    let bash_lists = bash_word_lists(&bash);
    let bash_opts: Vec<&str> = bash.lines().filter(|l| l.contains("opts=\"")).collect();
    let mut lists = 0;
    for line in ps.lines().filter(|l| l.contains("$values = @(")) {
        let inside = line.split("$values = @(").nth(1).unwrap();
        let inside = inside.split(')').next().unwrap();
        let words: Vec<&str> = inside.split(", ").map(|w| w.trim_matches('\'')).collect();
        let argument = line.starts_with("            '");
        let known = if argument {
            bash_opts.iter().any(|opts| {
                let offered: HashSet<&str> = opts.split(['"', ' ']).collect();
                words.iter().all(|w| offered.contains(w))
            })
        } else {
            bash_lists.contains(&words.join(" "))
        };
        assert!(known, "{line} completes words bash does not");
        lists += 1;
    }
    assert!(lists >= 12, "{lists} value lists");
    // Only the option before the cursor counts, and a case never matches another's case.
    assert!(ps.contains(
        "        if ($element.Extent.EndOffset -lt $cursorPosition) {\n            $previous = $element.Extent.Text\n"
    ));
    assert!(ps.contains("    switch -CaseSensitive -Wildcard (\"$command|$previous\") {\n"));
    // Paths come from PowerShell's own completion, folders alone for a folder.
    assert!(ps.contains(
        "        return [CompletionCompleters]::CompleteFilename($wordToComplete).Where{\n\
         \x20           $paths -eq 'paths' -or $_.ResultType -eq [CompletionResultType]::ProviderContainer\n"
    ));
}

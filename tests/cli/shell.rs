//! `mind shell-init`: the functions sourced in real shells (bash, zsh, fish) log exactly
//! the words typed; and the committed `completions/` and `man/` match the command line.

use crate::common;

use std::fs;
use std::path::{Path, PathBuf};

use clap::CommandFactory;
use common::User;
use mind::shell::completion;

/// One script per shell that calls every function with words a shell would mangle if they
/// were passed on carelessly: `$`, backticks, quotes, leading dashes, a lone `-`.
const BASH_CALLS: &str = r#"
decided "use X because \$y and \`z\`"
tried -- "-x flag - breaks"
fixed -- --force is gone
learned "it's \"quoted\" * not globbed"
stuck -n is ignored
remember "turns out the cache is per-user"
printf 'from stdin\n' | learned -
learned -- -
recall cache > recall.out
"#;

const FISH_CALLS: &str = r#"
decided "use X because \$y and `z`"
tried -- "-x flag - breaks"
fixed -- --force is gone
learned "it's \"quoted\" * not globbed"
stuck -n is ignored
remember "turns out the cache is per-user"
printf 'from stdin\n' | learned -
learned -- -
recall cache > recall.out
"#;

const MEMORY_LINES: &[&str] = &[
    "decided: use X because $y and `z`",
    "fixed: --force is gone",
    "learned: it's \"quoted\" * not globbed",
    "learned: turns out the cache is per-user",
    "learned: from stdin",
    "learned: -",
];

/// A user's project: a git work tree with `.mind/`.
fn project(user: &User) -> PathBuf {
    let dir = user.folder("code/app");
    user.git(&dir, &["init", "-q"]);
    user.ok(&dir, &["init", "-q"]);
    dir
}

/// The memory lines `mind log` wrote (MEMORY.md's template has none of these labels).
fn memory_lines(dir: &Path) -> Vec<String> {
    fs::read_to_string(dir.join(".mind/MEMORY.md"))
        .unwrap()
        .lines()
        .filter(|l| {
            ["decided:", "fixed:", "learned:"]
                .iter()
                .any(|p| l.starts_with(p))
        })
        .map(str::to_owned)
        .collect()
}

/// The items of one `## SECTION` of SESSION.md.
fn session_items(dir: &Path, section: &str) -> Vec<String> {
    let text = fs::read_to_string(dir.join(".mind/SESSION.md")).unwrap();
    text.split("\n## ")
        .find(|part| part.starts_with(section))
        .unwrap_or_else(|| panic!("no ## {section} in\n{text}"))
        .lines()
        .filter_map(|l| l.strip_prefix("- "))
        .map(str::to_owned)
        .collect()
}

/// True when `shell` can run here. A missing shell is skipped with a message, except in CI,
/// which installs them (`.ci/run`) and must run these tests.
fn have(shell: &str) -> bool {
    let found = std::process::Command::new(shell)
        .arg("-c")
        .arg("exit 0")
        .output()
        .is_ok_and(|out| out.status.success());
    if !found {
        assert!(
            std::env::var_os("CI").is_none(),
            "{shell} is not installed; CI must run this test (.ci/run installs it)"
        );
        eprintln!("SKIPPED: {shell} is not installed here (apt-get install {shell})");
    }
    found
}

/// Runs `script` with `shell -c` in a user's fresh project; asserts it succeeded.
fn run_in_shell(shell: &str, script: &str) -> (User, PathBuf) {
    let user = User::new();
    let dir = project(&user);
    let out = user
        .command(shell, &dir)
        .arg("-c")
        .arg(script)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{shell} failed:\n{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (user, dir)
}

fn assert_logged_as_typed(dir: &Path) {
    assert_eq!(memory_lines(dir), MEMORY_LINES);
    assert_eq!(session_items(dir, "Rejected"), ["-x flag - breaks"]);
    assert_eq!(session_items(dir, "Blockers"), ["-n is ignored"]);
    let recall = fs::read_to_string(dir.join("recall.out")).unwrap();
    assert!(
        recall.contains("learned: turns out the cache is per-user"),
        "recall WORDS searches memory:\n{recall}"
    );
}

#[test]
fn bash_functions_log_the_words_as_typed() {
    let script = format!("set -e\neval \"$(mind shell-init bash)\"\n{BASH_CALLS}");
    let (_user, dir) = run_in_shell("bash", &script);
    assert_logged_as_typed(&dir);
}

#[test]
fn zsh_functions_log_the_words_as_typed_whatever_the_options() {
    if !have("zsh") {
        return;
    }
    // Options that change how words and arrays expand must not reach the functions.
    let script = format!(
        "setopt KSH_ARRAYS SH_WORD_SPLIT NOMATCH\neval \"$(mind shell-init zsh)\"\n{BASH_CALLS}"
    );
    let (_user, dir) = run_in_shell("zsh", &script);
    assert_logged_as_typed(&dir);
}

#[test]
fn fish_functions_log_the_words_as_typed() {
    if !have("fish") {
        return;
    }
    let script = format!("mind shell-init fish | source\n{FISH_CALLS}");
    let (_user, dir) = run_in_shell("fish", &script);
    assert_logged_as_typed(&dir);
}

#[test]
fn bare_recall_starts_the_session_and_prints_the_block() {
    let (_user, dir) = run_in_shell(
        "bash",
        "eval \"$(mind shell-init bash)\"\ndecided 'use sqlite'\nrecall > recall.out",
    );
    let recall = fs::read_to_string(dir.join("recall.out")).unwrap();
    assert!(
        recall.contains("## Recent Decisions\n- use sqlite"),
        "{recall}"
    );
}

#[test]
fn an_alias_of_the_same_name_neither_breaks_loading_nor_the_prefixed_functions() {
    // `recall() {` would be a syntax error after `alias recall=...`; the functions are
    // defined with `function recall {`, and --prefix gives names that clash with nothing.
    let (_user, dir) = run_in_shell(
        "bash",
        "set -e\nshopt -s expand_aliases\nalias recall='echo mine'\n\
         eval \"$(mind shell-init bash)\"\neval \"$(mind shell-init bash --prefix m-)\"\n\
         m-decided -- '-q is quiet'\nunalias recall\nrecall quiet > recall.out",
    );
    assert_eq!(memory_lines(&dir), ["decided: -q is quiet"]);
    let recall = fs::read_to_string(dir.join("recall.out")).unwrap();
    assert!(recall.contains("decided: -q is quiet"), "{recall}");
}

#[test]
fn a_function_copied_alone_into_another_shell_still_works() {
    // Agents' shells may get the user's functions one by one (a snapshot that leaves out
    // helpers named `_...`): every function stands alone.
    let (user, dir) = run_in_shell(
        "bash",
        "eval \"$(mind shell-init bash)\"\ndeclare -f decided stuck > copied.sh",
    );
    let out = user
        .command("bash", &dir)
        .arg("-c")
        .arg(". ./copied.sh\ndecided -- '--all is slow'\nstuck \"can't reach \\$HOST\"")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(memory_lines(&dir), ["decided: --all is slow"]);
    assert_eq!(session_items(&dir, "Blockers"), ["can't reach $HOST"]);
}

#[test]
fn a_prefix_that_is_not_a_name_is_refused() {
    let user = User::new();
    let out = user
        .mind(user.home(), &["shell-init", "bash", "--prefix", "a;rm"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("cannot start a function name"), "{err}");
}

// ---------------------------------------------------------------------------------------
// Generated files: `completions/` and `man/` at the repository's top level.

const REGENERATE: &str = "UPDATE_GENERATED=1 cargo test --test cli shell::generated";

fn repo(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(rel)
}

/// Every generated file: its path under the repository, and its text.
fn generated() -> Vec<(String, String)> {
    let mut files: Vec<(String, String)> = completion::SHELLS
        .iter()
        .map(|&shell| {
            (
                format!("completions/{}", completion::file_name(shell)),
                completion::script(shell),
            )
        })
        .collect();
    let tmp = tempfile::tempdir().unwrap();
    clap_mangen::generate_to(mind::cli::Cli::command(), tmp.path()).unwrap();
    let mut pages: Vec<_> = fs::read_dir(tmp.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    pages.sort();
    for page in pages {
        let name = page.file_name().unwrap().to_string_lossy().into_owned();
        files.push((format!("man/{name}"), fs::read_to_string(&page).unwrap()));
    }
    files
}

/// The files now in `completions/` and `man/`.
fn committed() -> Vec<String> {
    let mut names = Vec::new();
    for folder in ["completions", "man"] {
        if let Ok(entries) = fs::read_dir(repo(folder)) {
            for entry in entries {
                let name = entry.unwrap().file_name().to_string_lossy().into_owned();
                names.push(format!("{folder}/{name}"));
            }
        }
    }
    names.sort();
    names
}

#[test]
fn generated_completions_and_man_pages_are_current() {
    let files = generated();
    if std::env::var_os("UPDATE_GENERATED").is_some() {
        for stale in committed() {
            if !files.iter().any(|(name, _)| *name == stale) {
                fs::remove_file(repo(&stale)).unwrap();
            }
        }
        for (name, text) in &files {
            let path = repo(name);
            fs::create_dir_all(path.parent().unwrap()).unwrap();
            fs::write(path, text).unwrap();
        }
        return;
    }
    let mut problems = Vec::new();
    for (name, text) in &files {
        match fs::read_to_string(repo(name)) {
            Ok(on_disk) if on_disk == *text => {}
            Ok(_) => problems.push(format!("{name} is out of date")),
            Err(_) => problems.push(format!("{name} is missing")),
        }
    }
    for name in committed() {
        if !files.iter().any(|(generated, _)| *generated == name) {
            problems.push(format!("{name} is generated by nothing"));
        }
    }
    assert!(
        problems.is_empty(),
        "{}\nregenerate with: {REGENERATE}",
        problems.join("\n")
    );
}

#[test]
fn generated_man_pages_leave_out_hidden_subcommands() {
    let names: Vec<String> = generated().into_iter().map(|(name, _)| name).collect();
    assert!(names.contains(&"man/mind.1".to_owned()));
    assert!(names.contains(&"man/mind-log.1".to_owned()));
    assert!(names.contains(&"man/mind-hooks-install.1".to_owned()));
    assert!(!names.iter().any(|n| n.starts_with("man/mind-hook.")));
}

#[test]
fn mind_completions_prints_the_committed_scripts() {
    let user = User::new();
    for shell in completion::SHELLS {
        let name = shell.to_string();
        let printed = user.ok(user.home(), &["completions", &name]);
        assert_eq!(
            printed,
            completion::script(shell),
            "mind completions {name} differs from the generated script"
        );
        assert!(
            !printed.contains("Run a git hook"),
            "the hidden `hook` subcommand is offered by the {name} completions"
        );
    }
    let bash = completion::script(clap_complete::Shell::Bash);
    // --type offers the type names, --color its values; --project completes folders.
    assert!(bash.contains("compgen -W \"decision learning problem progress gotcha experience blocker assumption rejected next\""));
    assert!(bash.contains("compgen -W \"decision problem learning progress gotcha experience blocker rejected assumption note\""));
    assert!(bash.contains("compgen -W \"auto always never\""));
    let zsh = completion::script(clap_complete::Shell::Zsh);
    assert!(zsh.contains(":DIR:_files -/"));
}

#[test]
fn the_committed_bash_completion_completes_in_bash() {
    let user = User::new();
    let script = format!(
        "source '{}'\n\
         COMP_WORDS=(mind log --type ''); COMP_CWORD=3; _mind mind '' --type; echo \"${{COMPREPLY[*]}}\"\n\
         COMP_WORDS=(mind ho); COMP_CWORD=1; _mind mind ho mind; echo \"${{COMPREPLY[*]}}\"",
        repo("completions/mind.bash").display()
    );
    let out = user
        .command("bash", user.home())
        .arg("-c")
        .arg(script)
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "decision learning problem progress gotcha experience blocker assumption rejected next\nhooks\n",
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn the_committed_fish_completion_completes_in_fish() {
    if !have("fish") {
        return;
    }
    let user = User::new();
    let script = format!(
        "source '{}'\ncomplete -C 'mind log --color '\ncomplete -C 'mind ho'",
        repo("completions/mind.fish").display()
    );
    let out = user
        .command("fish", user.home())
        .arg("-c")
        .arg(script)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let words: Vec<&str> = stdout
        .lines()
        .map(|l| l.split('\t').next().unwrap())
        .collect();
    assert_eq!(words, ["always", "auto", "never", "hooks"], "{stdout}");
}

//! Secrets in environment-variable spellings and multi-line private keys; symbolic links in
//! `.mind/` that lead out of the project (never read); memory names every platform can hold;
//! broken front matter opened by `mind memory edit`; deletions carried through `vault sync`.

use crate::common;

use common::Env;

#[test]
fn log_redacts_environment_variable_secrets_and_keeps_prose() {
    let env = Env::initialised();
    env.mind(&[
        "log",
        "gotcha",
        "staging needs DB_PASSWORD=hunter2staging and AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    ])
    .assert()
    .success()
    .stdout(
        "logged gotcha to .mind/MEMORY.md:26 (redacted 2 secrets)\n  \
         gotcha: staging needs DB_PASSWORD=[redacted] and AWS_SECRET_ACCESS_KEY=[redacted]\n",
    );
    env.ok(&[
        "log",
        "learning",
        "the api_token=abc123secret and GITHUB_TOKEN: 0a1b2c3d4e5f rotate",
    ]);
    env.ok(&[
        "log",
        "decision",
        "the token bucket guards the password reset flow, not secret santa",
    ]);
    env.ok(&["recall"]);
    for file in [".mind/MEMORY.md", "CLAUDE.md"] {
        let text = env.read(file);
        for secret in [
            "hunter2staging",
            "wJalrXUtnFEMI",
            "abc123secret",
            "0a1b2c3d4e5f",
        ] {
            assert!(!text.contains(secret), "{secret} in {file}:\n{text}");
        }
    }
    let memory = env.read(".mind/MEMORY.md");
    assert!(
        memory
            .contains("\nlearned: the api_token=[redacted] and GITHUB_TOKEN: [redacted] rotate\n"),
        "{memory}"
    );
    assert!(
        memory.contains(
            "\ndecided: the token bucket guards the password reset flow, not secret santa\n"
        ),
        "{memory}"
    );
}

/// A folder next to the project holding files a cloned repository's links could point at.
fn outside(env: &Env) -> std::path::PathBuf {
    let dir = env.dir.path().join("outside");
    std::fs::create_dir_all(dir.join("mem")).unwrap();
    std::fs::write(
        dir.join("mem/leak.md"),
        "PRIVATE outside zebrafish folder\n",
    )
    .unwrap();
    std::fs::write(dir.join("single.txt"), "PRIVATE outside zebrafish file\n").unwrap();
    std::fs::write(dir.join("arch.md"), "PRIVATE outside zebrafish archive\n").unwrap();
    std::fs::write(
        dir.join("session.md"),
        "# Session\n\n- PRIVATE outside zebrafish session\n",
    )
    .unwrap();
    dir
}

fn symlink(target: &std::path::Path, link: &std::path::Path) {
    std::fs::create_dir_all(link.parent().unwrap()).unwrap();
    std::os::unix::fs::symlink(target, link).unwrap();
}

#[test]
fn search_and_the_context_block_never_read_through_links_leading_out_of_the_project() {
    let env = Env::initialised();
    let out = outside(&env);
    env.ok(&[
        "memory",
        "write",
        "ok",
        "--content",
        "# Fish\ninside zebrafish notes",
    ]);
    env.ok(&["log", "learning", "the zebrafish tank is in lab 2"]);
    // Links to files outside, and one inside the project that stays readable.
    symlink(
        &out.join("single.txt"),
        &env.path(".mind/memories/single.md"),
    );
    symlink(&out.join("arch.md"), &env.path(".mind/archive/2024.md"));
    symlink(
        &out.join("session.md"),
        &env.path(".mind/sessions/2025-01-01.md"),
    );
    env.write(
        "docs/fish.md",
        "# Inside\nzebrafish docs inside the project\n",
    );
    symlink(
        &env.path("docs/fish.md"),
        &env.path(".mind/memories/fish.md"),
    );

    let hits = |env: &Env| -> Vec<String> {
        let json = env.ok(&["search", "zebrafish", "--json"]);
        common::search_hits(&json)
            .into_iter()
            .map(|h| h.0)
            .collect()
    };
    let found = hits(&env).join("\n");
    assert!(!found.contains("PRIVATE"), "{found}");
    for inside in [
        "inside zebrafish notes",
        "zebrafish tank",
        "zebrafish docs inside",
    ] {
        assert!(found.contains(inside), "{inside} missing from:\n{found}");
    }
    env.ok(&["recall"]);
    let block = env.read("CLAUDE.md");
    assert!(block.contains("ok"), "{block}");
    assert!(!block.contains("single"), "{block}");

    // The whole memories folder linked out: nothing of it is read or listed.
    std::fs::remove_dir_all(env.path(".mind/memories")).unwrap();
    symlink(&out.join("mem"), &env.path(".mind/memories"));
    let found = hits(&env).join("\n");
    assert!(!found.contains("PRIVATE"), "{found}");
    assert!(found.contains("zebrafish tank"), "{found}");
    env.ok(&["recall"]);
    let block = env.read("CLAUDE.md");
    assert!(!block.contains("leak"), "{block}");
    // The outside files are as they were.
    assert_eq!(
        std::fs::read_to_string(out.join("mem/leak.md")).unwrap(),
        "PRIVATE outside zebrafish folder\n"
    );
}

#[test]
fn vault_copies_never_read_through_links_leading_out_of_the_project() {
    let env = Env::initialised();
    let out = outside(&env);
    env.ok(&["memory", "write", "ok", "--content", "fine memory"]);
    symlink(
        &out.join("single.txt"),
        &env.path(".mind/memories/single.md"),
    );
    symlink(&out.join("arch.md"), &env.path(".mind/archive/2024.md"));
    let copy = vault_copy(&env);
    let copied = |copy: &std::path::Path| -> Vec<String> {
        let mut files: Vec<String> = walk(copy)
            .into_iter()
            .filter(|f| f.ends_with(".md"))
            .collect();
        files.sort();
        files
    };
    assert_eq!(
        copied(&copy),
        ["MEMORY.md", "REMINDERS.md", "SESSION.md", "memories/ok.md"]
    );

    // The whole memories folder linked out: the sync reads none of it, says what it left
    // out, deletes nothing and fails nothing.
    std::fs::remove_dir_all(env.path(".mind/memories")).unwrap();
    symlink(&out.join("mem"), &env.path(".mind/memories"));
    let sync = env.ok(&["vault", "sync"]);
    assert_eq!(
        sync,
        format!(
            "unchanged {}\n  left out   memories/ok.md: leads outside the project through a symbolic link; neither read nor written\n",
            copy.display()
        )
    );
    assert_eq!(
        copied(&copy),
        ["MEMORY.md", "REMINDERS.md", "SESSION.md", "memories/ok.md"]
    );
    assert!(
        std::fs::read_to_string(copy.join("memories/ok.md"))
            .unwrap()
            .ends_with("\nfine memory\n")
    );
    assert!(!out.join("mem/ok.md").exists());
    let vault_text: String = walk(&copy)
        .iter()
        .map(|f| std::fs::read_to_string(copy.join(f)).unwrap_or_default())
        .collect();
    assert!(!vault_text.contains("PRIVATE"), "{vault_text}");
}

/// `mind vault link VAULT --copy --name c` into a new folder `vault`; the copy's path.
fn vault_copy(env: &Env) -> std::path::PathBuf {
    let vault = env.dir.path().join("vault");
    std::fs::create_dir_all(&vault).unwrap();
    env.ok(&[
        "vault",
        "link",
        vault.to_str().unwrap(),
        "--copy",
        "--name",
        "c",
    ]);
    std::fs::canonicalize(&vault).unwrap().join("c")
}

/// Every file under `dir`, relative, `/`-separated.
fn walk(dir: &std::path::Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let rel = path.strip_prefix(dir).unwrap();
                out.push(rel.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    out
}

#[test]
fn a_file_deleted_on_one_side_is_deleted_on_the_other_unless_it_changed_there() {
    let env = Env::initialised();
    for name in ["design", "ideas", "old", "kept"] {
        env.ok(&[
            "memory",
            "write",
            name,
            "--content",
            &format!("# {name}\nfirst version"),
        ]);
    }
    let copy = vault_copy(&env);

    // Deleted in the project: deleted in the vault, and it stays deleted.
    env.ok(&["memory", "delete", "design"]);
    // Deleted in the vault (a note removed in Obsidian): deleted in the project.
    std::fs::remove_file(copy.join("memories/ideas.md")).unwrap();
    // Deleted in the project, edited in the vault since: a conflict, neither touched.
    env.ok(&["memory", "delete", "old"]);
    std::fs::write(copy.join("memories/old.md"), "# old\nedited in Obsidian\n").unwrap();
    // MEMORY.md is mind's own: deleted in the vault, it is copied back.
    std::fs::remove_file(copy.join("MEMORY.md")).unwrap();

    let run = env.mind(&["vault", "sync"]).assert().code(1);
    let out = String::from_utf8(run.get_output().stdout.clone()).unwrap();
    let err = String::from_utf8(run.get_output().stderr.clone()).unwrap();
    assert_eq!(
        out,
        format!(
            "synced {}\n  -> vault    MEMORY.md\n  \
             deleted    memories/design.md from the vault: deleted in .mind/ since the last sync\n  \
             deleted    memories/ideas.md from .mind/: deleted in the vault since the last sync\n  \
             conflict   memories/old.md: deleted on one side and changed on the other since the last sync; neither was touched\n",
            copy.display()
        )
    );
    assert_eq!(
        err,
        format!(
            "mind: error: 1 file(s) deleted on one side and changed on the other since the last sync: {}; neither side was touched\n\
             hint: keep it by copying the changed copy over to the side that lacks it, or delete it on both sides, then run `mind vault sync` again\n",
            copy.join("memories/old.md").display()
        )
    );
    assert!(!env.exists(".mind/memories/design.md"));
    assert!(!copy.join("memories/design.md").exists());
    assert!(!env.exists(".mind/memories/ideas.md"));
    assert!(!env.exists(".mind/memories/old.md"));
    assert_eq!(
        std::fs::read_to_string(copy.join("memories/old.md")).unwrap(),
        "# old\nedited in Obsidian\n"
    );
    assert_eq!(
        std::fs::read(copy.join("MEMORY.md")).unwrap(),
        env.read_bytes(".mind/MEMORY.md")
    );
    assert!(env.exists(".mind/memories/kept.md"));
    let names = env.ok(&["memory", "list"]);
    assert!(names.starts_with("kept "), "{names}");
    assert_eq!(names.lines().count(), 1, "{names}");

    // Settled by keeping the edited copy: it comes home, and the copy is in sync.
    std::fs::copy(
        copy.join("memories/old.md"),
        env.path(".mind/memories/old.md"),
    )
    .unwrap();
    assert_eq!(
        env.ok(&["vault", "sync"]),
        format!("unchanged {}\n", copy.display())
    );
    assert_eq!(
        env.ok(&["vault", "status"]),
        format!("copy  {}  in sync\n", copy.display())
    );
    // The next sync brings nothing back.
    assert!(!env.exists(".mind/memories/design.md"));
    assert!(!copy.join("memories/design.md").exists());
}

#[test]
fn a_memory_with_a_broken_header_says_what_is_wrong_and_edit_opens_it() {
    let mut env = Env::initialised();
    env.ok(&[
        "memory",
        "write",
        "doc",
        "--category",
        "guide",
        "--tag",
        "a",
        "--content",
        "# Doc\nbody",
    ]);
    let good = env.read(".mind/memories/doc.md");
    let broken = good.replace("category: guide", "category: [guide, note]");
    env.write(".mind/memories/doc.md", &broken);
    let path = env.path(".mind/memories/doc.md");
    let said = format!(
        "mind: error: {}: invalid front matter: `category` is a list; it must be one of \
         architecture, decision, pattern, guide, onboarding, note, progress (line 2); fix it by \
         hand in this file (`mind memory edit doc` opens it), mind never rewrites it\n",
        path.display()
    );
    env.mind(&["memory", "read", "doc"])
        .assert()
        .code(1)
        .stderr(said.clone());

    // An editor that leaves it broken: the same error, the file as the editor left it.
    env.mind(&["memory", "edit", "doc"])
        .env("EDITOR", "sh -c 'echo more >> \"$1\"' edit")
        .assert()
        .code(1)
        .stderr(said);
    assert_eq!(env.read(".mind/memories/doc.md"), format!("{broken}more\n"));

    // The edit its own advice asks for: opened, repaired, stamped.
    env.at("2026-02-01T00:00:00Z");
    env.mind(&["memory", "edit", "doc"])
        .env(
            "EDITOR",
            "sh -c 'sed -i \"s/^category: .*/category: guide/\" \"$1\"' edit",
        )
        .assert()
        .success()
        .stdout("updated .mind/memories/doc.md\n");
    let fixed = env.read(".mind/memories/doc.md");
    assert!(fixed.starts_with("---\ncategory: guide\n"), "{fixed}");
    assert!(
        fixed.contains("updatedAt: \"2026-02-01T00:00:00Z\"\n"),
        "{fixed}"
    );
    assert!(fixed.ends_with("# Doc\nbody\nmore\n"), "{fixed}");
    let list = env.ok(&["memory", "list"]);
    assert!(list.starts_with("doc  guide"), "{list}");
}

#[test]
fn memory_names_every_clone_can_hold_are_checked_before_anything_is_written() {
    let env = Env::initialised();
    env.ok(&["memory", "write", "x", "--content", "the first x"]);
    let before = walk(&env.path(".mind"));
    let refused = |name: &str, message: &str, hint: &str| {
        env.mind(&["memory", "write", name, "--content", "other text"])
            .assert()
            .code(2)
            .stdout("")
            .stderr(format!("mind: error: {message}\nhint: {hint}\n"));
    };
    let usual = "use letters, digits, spaces, `-` and `_` (like `api-design`)";
    // `x.md` would have rewritten the memory `x`.
    refused(
        "x.md",
        "the memory name \"x.md\" ends in `.md`",
        "a memory's name is its file name without `.md`: use \"x\" (the file is .mind/memories/x.md)",
    );
    // 100 wide characters pass the character count but not a file name's 255 bytes.
    let wide = "名".repeat(100);
    refused(
        &wide,
        &format!(
            "the memory name {wide:?} is 300 bytes long (UTF-8); a file name holds at most 252 bytes before `.md`"
        ),
        usual,
    );
    for (name, what) in [
        ("a:b", "contains `:`"),
        ("a?b", "contains `?`"),
        ("a*b", "contains `*`"),
    ] {
        refused(name, &format!("the memory name {name:?} {what}"), usual);
    }
    for name in ["con", "NUL", "com1", "lpt1.notes"] {
        let device = name.split('.').next().unwrap();
        refused(
            name,
            &format!(
                "the memory name {name:?} is a device name on Windows (`{device}`), where the file could not exist"
            ),
            usual,
        );
    }
    assert_eq!(walk(&env.path(".mind")), before);
    assert!(env.read(".mind/memories/x.md").ends_with("the first x\n"));
    // The longest wide name that fits is written.
    let fits = "名".repeat(84);
    env.ok(&["memory", "write", &fits, "--content", "wide"]);
    assert!(env.exists(&format!(".mind/memories/{fits}.md")));
}

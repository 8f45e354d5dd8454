//! Hostile input: a cloned repository's links, terminal escapes, control bytes, secrets,
//! instructions hidden in harvested text, absurd config values and odd arguments.

mod common;

use std::fs;

use common::{Env, User};

#[cfg(unix)]
fn link(target: &std::path::Path, at: &std::path::Path) {
    std::os::unix::fs::symlink(target, at).unwrap();
}

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[cfg(unix)]
#[test]
fn a_memory_file_linked_out_of_the_project_is_never_written() {
    let env = Env::initialised();
    let outside = env.dir.path().join("bashrc");
    fs::write(&outside, "export PS1=x\n").unwrap();
    fs::remove_file(env.path(".mind/MEMORY.md")).unwrap();
    link(&outside, &env.path(".mind/MEMORY.md"));
    let out = env.mind(&["log", "decision", "use X"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("refused to write") && stderr(&out).contains("bashrc"),
        "names the target: {}",
        stderr(&out)
    );
    assert_eq!(fs::read_to_string(&outside).unwrap(), "export PS1=x\n");
}

#[cfg(unix)]
#[test]
fn a_state_file_linked_out_of_the_project_is_never_rewritten() {
    let env = Env::initialised();
    let outside = env.dir.path().join("profile");
    fs::write(&outside, "{}\n").unwrap();
    fs::remove_file(env.path(".mind/state.json")).ok();
    link(&outside, &env.path(".mind/state.json"));
    let out = env.mind(&["recall"]).output().unwrap();
    assert!(
        stderr(&out).contains("refused to write"),
        "{}",
        stderr(&out)
    );
    assert_eq!(fs::read_to_string(&outside).unwrap(), "{}\n");
}

#[cfg(unix)]
#[test]
fn a_cloned_repository_whose_mind_folder_leads_out_is_refused_and_a_link_inside_is_fine() {
    // The way a user meets it: a temp HOME, a real git repository, a link committed by
    // someone else.
    let user = User::new();
    let victim = user.folder("dotfiles");
    fs::write(victim.join("keep.txt"), "mine\n").unwrap();
    let project = user.folder("src/cloned");
    user.git(&project, &["init", "-q"]);
    link(&victim, &project.join(".mind"));
    let out = user.mind(&project, &["init"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("outside the project"),
        "{}",
        stderr(&out)
    );
    let left: Vec<_> = fs::read_dir(&victim)
        .unwrap()
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert_eq!(left, vec![std::ffi::OsString::from("keep.txt")]);

    // A link that stays inside the project is followed as before.
    let fine = user.folder("src/fine");
    user.git(&fine, &["init", "-q"]);
    fs::write(fine.join("AGENTS.md"), "# rules\n").unwrap();
    link(std::path::Path::new("AGENTS.md"), &fine.join("CLAUDE.md"));
    user.ok(&fine, &["init"]);
    assert!(
        fs::symlink_metadata(fine.join("CLAUDE.md"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert!(
        fs::read_to_string(fine.join("AGENTS.md"))
            .unwrap()
            .contains("MIND:CONTEXT")
    );
}

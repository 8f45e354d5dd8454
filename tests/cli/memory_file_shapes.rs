//! A memory file that is a folder is named as one by every command, in words.

use crate::common::User;

#[test]
fn a_memory_file_that_is_a_folder_is_named_as_one() {
    let user = User::new();
    let project = user.project("code/app", &["init"]);
    let memory = project.join(".mind/MEMORY.md");
    std::fs::remove_file(&memory).unwrap();
    std::fs::create_dir(&memory).unwrap();
    for args in [
        &["log", "learned", "the cache warms in 2 minutes"][..],
        &["recall"],
        &["search", "cache"],
        &["status"],
    ] {
        let out = user.mind(&project, args).output().unwrap();
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.contains(&format!(
                "{}: is a folder, not a file; move it away and run `mind doctor`",
                memory.display()
            )),
            "{args:?}: {stderr}"
        );
        assert!(!stderr.contains("os error"), "{stderr}");
    }
    assert!(memory.is_dir());
    assert_eq!(std::fs::read_dir(&memory).unwrap().count(), 0);
}

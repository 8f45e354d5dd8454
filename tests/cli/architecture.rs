//! ARCHITECTURE.md's map matches `src/`: every file under `src/` is named in it, and every
//! `src/` path it names exists.
//!
//! The map is the first fenced block. A line starting in column 0 names paths from the
//! repository root (`src/app.rs`, or a folder `src/rank/`, which stands for its `mod.rs`); a
//! line indented by two spaces names files of the last folder named in column 0
//! (`  tokenize.rs`), several when separated by single spaces (`  bert.rs encoder.rs`); a name
//! ending in `/` there is a subfolder whose files are all covered (data folders such as
//! `migrations/`). The names end where the description starts, at the first run of two
//! spaces; deeper-indented lines continue a description.

use std::collections::BTreeSet;
use std::path::Path;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Every file under `src/`, as `src/...` with forward slashes.
fn src_files() -> BTreeSet<String> {
    fn walk(dir: &Path, out: &mut BTreeSet<String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else {
                let rel = path.strip_prefix(root()).unwrap();
                out.insert(rel.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    let mut out = BTreeSet::new();
    walk(&root().join("src"), &mut out);
    out
}

/// The names column of a map line: the words before the first run of two spaces.
fn names(line: &str) -> Vec<&str> {
    let trimmed = line.trim_start();
    let column = trimmed.split("  ").next().unwrap_or("");
    column.split(' ').filter(|w| !w.is_empty()).collect()
}

/// What the map names under `src/`: files, and folders whose every file is covered.
fn map_entries(map: &str) -> (BTreeSet<String>, BTreeSet<String>) {
    let mut files = BTreeSet::new();
    let mut folders = BTreeSet::new();
    let mut current: Option<String> = None;
    for line in map.lines() {
        if line.trim().is_empty() {
            continue;
        }
        let indented = line.starts_with(' ');
        if !indented {
            current = None;
            for name in names(line) {
                if !name.starts_with("src/") {
                    continue;
                }
                if let Some(folder) = name.strip_suffix('/') {
                    files.insert(format!("{folder}/mod.rs"));
                    current = Some(format!("{folder}/"));
                } else {
                    files.insert(name.to_string());
                }
            }
        } else if let (Some(folder), false) = (&current, line.starts_with("   ")) {
            for name in names(line) {
                if let Some(sub) = name.strip_suffix('/') {
                    folders.insert(format!("{folder}{sub}/"));
                } else {
                    files.insert(format!("{folder}{name}"));
                }
            }
        }
    }
    (files, folders)
}

fn map() -> String {
    let text = std::fs::read_to_string(root().join("ARCHITECTURE.md")).unwrap();
    let start = text.find("```\n").expect("a fenced map") + 4;
    let len = text[start..].find("```").expect("the map's closing fence");
    text[start..start + len].to_string()
}

#[test]
fn architecture_map_names_every_file_under_src() {
    let (named, folders) = map_entries(&map());
    let missing: Vec<_> = src_files()
        .into_iter()
        .filter(|f| !named.contains(f) && !folders.iter().any(|d| f.starts_with(d.as_str())))
        .collect();
    assert!(
        missing.is_empty(),
        "files under src/ that ARCHITECTURE.md's map does not name: {missing:#?}"
    );
}

#[test]
fn architecture_map_names_only_files_that_exist() {
    let (named, folders) = map_entries(&map());
    let gone: Vec<_> = named
        .iter()
        .filter(|f| !root().join(f).is_file())
        .chain(folders.iter().filter(|d| !root().join(d).is_dir()))
        .collect();
    assert!(
        gone.is_empty(),
        "ARCHITECTURE.md's map names paths that do not exist: {gone:#?}"
    );
}

/// The reading rules themselves, on a small map.
#[test]
fn architecture_map_reading_rules() {
    let (files, folders) = map_entries(
        "src/app.rs            Ctx\nsrc/rank/             ranking\n  bert.rs encoder.rs  a pass\n  \
         migrations/  data\n                      continued description\nhooks/   shims\n  x.rs  not src\n",
    );
    let files: Vec<_> = files.into_iter().collect();
    assert_eq!(
        files,
        [
            "src/app.rs",
            "src/rank/bert.rs",
            "src/rank/encoder.rs",
            "src/rank/mod.rs"
        ]
    );
    assert_eq!(
        folders.into_iter().collect::<Vec<_>>(),
        ["src/rank/migrations/"]
    );
}

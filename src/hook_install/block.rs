//! Hook managers that regenerate the hooks folder get a marked block in the file they
//! read instead: husky's user scripts (`.husky/post-commit`) and lefthook's local config
//! (`lefthook-local.yml`). The block sits between a start and an end line, so uninstall
//! removes exactly those lines and nothing else.

use std::fs;
use std::path::Path;

use crate::error::{Error, Result};
use crate::hook_install::{HookName, HookReport, make_executable};
use crate::store::{atomic, guard, text};

const START: &str =
    "# >>> mind hooks >>> (added by `mind hooks install`; `mind hooks uninstall` removes it)";
const END: &str = "# <<< mind hooks <<<";
/// What a husky script mind created holds before the block.
const NEW_SCRIPT: &str = "#!/bin/sh\n";

fn husky_block(hook: HookName) -> String {
    format!(
        "{START}\nif [ \"${{MIND_HOOKS:-1}}\" != 0 ] && command -v mind >/dev/null 2>&1; then mind hook {} \"$@\" </dev/null || true; fi\n{END}\n",
        hook.as_str()
    )
}

const LEFTHOOK_BLOCK: &str = "post-commit:
  commands:
    mind:
      run: command -v mind >/dev/null 2>&1 && mind hook post-commit || true
prepare-commit-msg:
  commands:
    mind:
      run: command -v mind >/dev/null 2>&1 && mind hook prepare-commit-msg {1} {2} {3} || true
post-merge:
  commands:
    mind:
      run: command -v mind >/dev/null 2>&1 && mind hook post-merge {1} || true
";

fn lefthook_block() -> String {
    format!("{START}\n{LEFTHOOK_BLOCK}{END}\n")
}

/// `existing` with the block removed, if it has one.
fn without_block(existing: &str) -> Option<String> {
    let start = existing.find(START)?;
    let end_rel = existing[start..].find(END)?;
    let mut end = start + end_rel + END.len();
    if existing[end..].starts_with("\r\n") {
        end += 2;
    } else if existing[end..].starts_with('\n') {
        end += 1;
    }
    Some(format!("{}{}", &existing[..start], &existing[end..]))
}

/// `existing` with `block` added: before a final `exec`/`exit` line (which would stop the
/// shell before reaching it), else at the end.
fn with_block(existing: &str, block: &str) -> String {
    let mut lines: Vec<&str> = existing.split_inclusive('\n').collect();
    let last_code = lines
        .iter()
        .rposition(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'));
    if let Some(i) = last_code {
        let code = lines[i].trim_start();
        if code.starts_with("exec ") || code == "exec" || code.starts_with("exit") {
            lines.insert(i, block);
            return lines.concat();
        }
    }
    let mut out = existing.to_string();
    if !out.is_empty() && !out.ends_with('\n') {
        out.push('\n');
    }
    out.push_str(block);
    out
}

fn read(path: &Path) -> Result<Option<String>> {
    Ok(text::read_optional(path)?.map(|b| String::from_utf8_lossy(&b).into_owned()))
}

fn report(hook: HookName, file: &Path, status: &'static str, detail: Option<String>) -> HookReport {
    HookReport {
        hook,
        file: file.to_path_buf(),
        status,
        detail,
    }
}

/// Refuse the whole install or uninstall when any file it would write is a link leading
/// out of the work tree (a cloned repository's `.husky/post-commit -> ~/.bashrc`), before
/// the first write: mind's block never lands in the file the link names, and the other
/// hooks are not left half done.
fn refuse_links_out<'a>(files: impl IntoIterator<Item = &'a Path>) -> Result<()> {
    files.into_iter().try_for_each(guard::check)
}

fn husky_scripts(scripts: &Path) -> Vec<std::path::PathBuf> {
    HookName::ALL
        .iter()
        .map(|hook| scripts.join(hook.as_str()))
        .collect()
}

pub fn install_husky(scripts: &Path) -> Result<Vec<HookReport>> {
    refuse_links_out(husky_scripts(scripts).iter().map(|p| p.as_path()))?;
    fs::create_dir_all(scripts).map_err(|e| Error::io(scripts, e))?;
    let mut out = Vec::new();
    for hook in HookName::ALL {
        let path = scripts.join(hook.as_str());
        let block = husky_block(hook);
        let existing = read(&path)?;
        let status = match &existing {
            Some(text) if text.contains(&block) => "unchanged",
            Some(text) => {
                let (base, status) = match without_block(text) {
                    Some(base) => (base, "updated"),
                    None => (text.clone(), "installed"),
                };
                atomic::write_atomic(&path, with_block(&base, &block).as_bytes())?;
                status
            }
            None => {
                atomic::write_atomic(&path, format!("{NEW_SCRIPT}{block}").as_bytes())?;
                make_executable(&path)?;
                "installed"
            }
        };
        out.push(report(hook, &path, status, None));
    }
    Ok(out)
}

pub fn uninstall_husky(scripts: &Path) -> Result<Vec<HookReport>> {
    refuse_links_out(husky_scripts(scripts).iter().map(|p| p.as_path()))?;
    let mut out = Vec::new();
    for hook in HookName::ALL {
        let path = scripts.join(hook.as_str());
        let status = match read(&path)?.as_deref().and_then(without_block) {
            Some(rest) if rest == NEW_SCRIPT || rest.is_empty() => {
                fs::remove_file(&path).map_err(|e| Error::io(&path, e))?;
                "removed"
            }
            Some(rest) => {
                atomic::write_atomic(&path, rest.as_bytes())?;
                "restored"
            }
            None => "not-installed",
        };
        out.push(report(hook, &path, status, None));
    }
    Ok(out)
}

pub fn status_husky(scripts: &Path) -> Vec<HookReport> {
    HookName::ALL
        .into_iter()
        .map(|hook| {
            let path = scripts.join(hook.as_str());
            let has = read(&path)
                .ok()
                .flatten()
                .is_some_and(|t| t.contains(&husky_block(hook)));
            report(hook, &path, if has { "installed" } else { "absent" }, None)
        })
        .collect()
}

/// Whether a YAML file defines a top-level key for this hook already.
fn defines_hook(yaml: &str, hook: HookName) -> bool {
    yaml.lines().any(|l| {
        l.starts_with(hook.as_str()) && l[hook.as_str().len()..].trim_start().starts_with(':')
    })
}

pub fn install_lefthook(config: &Path) -> Result<Vec<HookReport>> {
    refuse_links_out([config])?;
    let block = lefthook_block();
    let existing = read(config)?;
    let status: &'static str = match &existing {
        Some(text) if text.contains(&block) => "unchanged",
        Some(text) => match without_block(text) {
            Some(base) => {
                atomic::write_atomic(config, format!("{base}{block}").as_bytes())?;
                "updated"
            }
            None if HookName::ALL.iter().any(|h| defines_hook(text, *h)) => "refused",
            None => {
                let mut out = text.clone();
                if !out.is_empty() && !out.ends_with('\n') {
                    out.push('\n');
                }
                out.push_str(&block);
                atomic::write_atomic(config, out.as_bytes())?;
                "installed"
            }
        },
        None => {
            atomic::write_atomic(config, block.as_bytes())?;
            "installed"
        }
    };
    let detail = (status == "refused").then(|| {
        format!(
            "{} already configures these hooks; add under each: `commands: {{ mind: {{ run: mind hook NAME }} }}`",
            config.display()
        )
    });
    Ok(HookName::ALL
        .into_iter()
        .map(|hook| report(hook, config, status, detail.clone()))
        .collect())
}

pub fn uninstall_lefthook(config: &Path) -> Result<Vec<HookReport>> {
    refuse_links_out([config])?;
    let status = match read(config)?.as_deref().and_then(without_block) {
        Some(rest) if rest.trim().is_empty() => {
            fs::remove_file(config).map_err(|e| Error::io(config, e))?;
            "removed"
        }
        Some(rest) => {
            atomic::write_atomic(config, rest.as_bytes())?;
            "restored"
        }
        None => "not-installed",
    };
    Ok(HookName::ALL
        .into_iter()
        .map(|hook| report(hook, config, status, None))
        .collect())
}

pub fn status_lefthook(config: &Path) -> Vec<HookReport> {
    let text = read(config).ok().flatten().unwrap_or_default();
    let current = text.contains(&lefthook_block());
    // A block an earlier version wrote runs the hooks it names; the others are missing
    // until the next install updates it.
    let block = text
        .find(START)
        .and_then(|start| text[start..].find(END).map(|end| &text[start..start + end]))
        .unwrap_or_default();
    HookName::ALL
        .into_iter()
        .map(|hook| {
            let has = current || block.contains(&format!("mind hook {} ", hook.as_str()));
            report(hook, config, if has { "installed" } else { "absent" }, None)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn block_goes_before_a_final_exec_and_comes_out_exactly() {
        let script = "#!/bin/sh\necho hi\nexec other-tool \"$@\"\n";
        let block = husky_block(HookName::PostCommit);
        let with = with_block(script, &block);
        assert!(with.find(&block).unwrap() < with.find("exec other-tool").unwrap());
        assert_eq!(without_block(&with).unwrap(), script);
        let plain = "npx lint-staged";
        let with = with_block(plain, &block);
        assert_eq!(with, format!("npx lint-staged\n{block}"));
        assert_eq!(without_block(&with).unwrap(), "npx lint-staged\n");
    }

    #[test]
    fn lefthook_keys() {
        assert!(defines_hook(
            "post-commit:\n  commands: {}\n",
            HookName::PostCommit
        ));
        assert!(!defines_hook(
            "pre-commit:\n  commands: {}\n",
            HookName::PostCommit
        ));
    }
}

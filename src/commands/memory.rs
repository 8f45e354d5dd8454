//! `mind memory write|read|list|delete|edit`: named memories in `.mind/memories/`.

use serde::Serialize;

use crate::app::Ctx;
use crate::cli::{MemoryAction, MemoryArgs};
use crate::commands::{display_path, text_arg};
use crate::error::{Error, Result};
use crate::memories::{Category, FrontMatter, name, store};
use crate::output;
use crate::store::Project;

pub fn run(args: &MemoryArgs, ctx: &Ctx) -> Result<()> {
    match &args.action {
        MemoryAction::Write {
            name,
            category,
            tags,
            content,
            stdin,
        } => write(
            name,
            category.as_deref(),
            tags,
            content.as_deref(),
            stdin.as_deref(),
            ctx,
        ),
        MemoryAction::Read { name } => read(name, ctx),
        MemoryAction::List { category, tags } => list(category.as_deref(), tags, ctx),
        MemoryAction::Delete { name } => delete(name, ctx),
        MemoryAction::Edit { name } => edit(name, ctx),
    }
}

/// The project, and a problem in its config.json warned about, as on every command (no key
/// of it applies to named memories).
fn project(ctx: &Ctx) -> Result<Project> {
    let project = ctx.project()?;
    ctx.config(&project)?;
    Ok(project)
}

/// The time written into `createdAt` / `updatedAt`.
pub(crate) fn now_stamp(ctx: &Ctx) -> String {
    ctx.clock
        .now()
        .to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

#[derive(Serialize)]
struct WriteReply {
    name: String,
    path: String,
    status: &'static str,
}

fn write(
    raw_name: &str,
    category: Option<&str>,
    tags: &[String],
    content: Option<&str>,
    stdin: Option<&str>,
    ctx: &Ctx,
) -> Result<()> {
    // Everything is checked before stdin is read or the project touched.
    let name = name::validate(raw_name)?;
    let tags = clean_tags(tags)?;
    let body = match (content, stdin) {
        (Some("-"), _) | (None, Some("-")) => Some(text_arg::read_stdin()?),
        (Some(text), _) => Some(text.to_string()),
        (None, Some(other)) => {
            return Err(Error::usage_hint(
                format!("unexpected argument {other:?}"),
                "give the text with --content TEXT, or `-` to read it from stdin",
            ));
        }
        (None, None) => None,
    };
    let project = project(ctx)?;
    let name = resolve(&project, name, ctx)?;
    let change = store::Change {
        category: category.and_then(Category::parse),
        tags,
        body,
    };
    let written = store::write(&project, &name, change, &now_stamp(ctx))?;
    let path = display_path(&project, &store::path_of(&project, &name));
    if ctx.json {
        return ctx.reply(&WriteReply {
            name,
            path,
            status: written.as_str(),
        });
    }
    ctx.out(&format!("{} {path}\n", written.as_str()))
}

/// The memory `name` means ([`store::resolve`]), with a warning when it is one spelt
/// otherwise (`Deploy` for `deploy`): which file was read or written is never a surprise.
fn resolve(project: &crate::store::Project, name: String, ctx: &Ctx) -> Result<String> {
    let resolved = store::resolve(project, &name)?;
    if resolved != name {
        let path = display_path(project, &store::path_of(project, &resolved));
        ctx.warn(&format!(
            "{name:?} is the memory {resolved:?} ({path}): names that differ only in case or \
             Unicode form are one memory, as Windows and macOS hold one file for both"
        ));
    }
    Ok(resolved)
}

/// Tags as given, trimmed, each once; `None` when none were given (the memory keeps its own).
fn clean_tags(tags: &[String]) -> Result<Option<Vec<String>>> {
    if tags.is_empty() {
        return Ok(None);
    }
    let mut out: Vec<String> = Vec::new();
    for tag in tags {
        let tag = tag.trim();
        if tag.is_empty() {
            return Err(Error::usage("a tag cannot be empty"));
        }
        if !out.iter().any(|t| t == tag) {
            out.push(tag.to_string());
        }
    }
    Ok(Some(out))
}

/// A memory's fields as `--json` shows them.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Fields<'a> {
    category: Category,
    project: Option<&'a str>,
    tags: &'a [String],
    created_at: Option<&'a str>,
    updated_at: Option<&'a str>,
}

impl<'a> Fields<'a> {
    fn of(front: &'a FrontMatter) -> Self {
        Fields {
            category: front.category,
            project: front.project.as_deref(),
            tags: &front.tags,
            created_at: front.created_at.as_deref(),
            updated_at: front.updated_at.as_deref(),
        }
    }
}

#[derive(Serialize)]
struct ReadReply<'a> {
    name: &'a str,
    path: String,
    #[serde(flatten)]
    fields: Fields<'a>,
    size: u64,
    body: &'a str,
    backlinks: Vec<String>,
}

fn read(raw_name: &str, ctx: &Ctx) -> Result<()> {
    let project = project(ctx)?;
    let name = resolve(&project, name::validate(raw_name)?, ctx)?;
    let memory = store::read(&project, &name)?;
    let backlinks = store::backlinks(&project, &memory.name)?;
    if ctx.json {
        return ctx.reply(&ReadReply {
            name: &memory.name,
            path: display_path(&project, &memory.path),
            fields: Fields::of(&memory.front),
            size: memory.size,
            body: &memory.body,
            backlinks,
        });
    }
    let mut out = crate::memories::front_matter::render(&memory.front, &memory.body);
    if !backlinks.is_empty() {
        let linked: Vec<String> = backlinks.iter().map(|b| format!("[[{b}]]")).collect();
        out.push_str(&format!("\nLinked from: {}\n", linked.join(", ")));
    }
    // All of it is the file's text, no colour of mind's: every control in it shown visibly.
    ctx.out(&output::escape_controls(&out))
}

#[derive(Serialize)]
struct ListItem<'a> {
    name: &'a str,
    #[serde(flatten)]
    fields: Option<Fields<'a>>,
    size: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    broken: Option<&'a str>,
}

#[derive(Serialize)]
struct ListReply<'a> {
    memories: Vec<ListItem<'a>>,
    total: usize,
}

fn list(category: Option<&str>, tags: &[String], ctx: &Ctx) -> Result<()> {
    let project = project(ctx)?;
    let all = store::list(&project)?;
    let category = category.and_then(Category::parse);
    let filtered = category.is_some() || !tags.is_empty();
    let shown: Vec<&store::Listed> = all
        .iter()
        .filter(|m| match &m.front {
            Ok(front) => {
                category.is_none_or(|c| front.category == c)
                    && (tags.is_empty() || front.tags.iter().any(|t| tags.contains(t)))
            }
            // A broken memory matches no filter, but a plain listing shows it.
            Err(_) => !filtered,
        })
        .collect();
    if ctx.json {
        let memories: Vec<ListItem> = shown
            .iter()
            .map(|m| ListItem {
                name: &m.name,
                fields: m.front.as_ref().ok().map(Fields::of),
                size: m.size,
                broken: m.front.as_ref().err().map(String::as_str),
            })
            .collect();
        return ctx.reply(&ListReply {
            total: memories.len(),
            memories,
        });
    }
    if shown.is_empty() {
        ctx.note(if filtered {
            "no memories match"
        } else {
            "no named memories yet; `mind memory write NAME --content TEXT` adds one"
        });
        return Ok(());
    }
    let width = shown
        .iter()
        .map(|m| output::display_width(&output::escape_controls(&m.name)))
        .max()
        .unwrap_or(0);
    let mut out = String::new();
    // Names, dates and tags are the files' text: controls made visible before any colour.
    let shown_text = |text: &str| output::escape_controls(text).into_owned();
    for m in shown {
        out.push_str(&output::pad_end(&shown_text(&m.name), width));
        match &m.front {
            Ok(front) => {
                out.push_str("  ");
                out.push_str(&ctx.paint.kind(&format!("{:<12}", front.category.as_str())));
                if let Some(updated) = &front.updated_at {
                    out.push_str(&format!(" {}", ctx.paint.dim(&shown_text(updated))));
                }
                if !front.tags.is_empty() {
                    out.push_str(&format!(" [{}]", shown_text(&front.tags.join(", "))));
                }
            }
            Err(reason) => {
                out.push_str("  ");
                out.push_str(&ctx.paint.warn(&format!("broken: {}", shown_text(reason))));
            }
        }
        out.push('\n');
    }
    ctx.out(&out)
}

#[derive(Serialize)]
struct DeleteReply {
    name: String,
    deleted: bool,
}

fn delete(raw_name: &str, ctx: &Ctx) -> Result<()> {
    let name = name::validate(raw_name)?;
    let project = project(ctx)?;
    let name = resolve(&project, name, ctx)?;
    if !store::delete(&project, &name)? {
        return Err(Error::usage_hint(
            format!("no memory named {name:?}"),
            "`mind memory list` shows the memories there are",
        ));
    }
    if ctx.json {
        return ctx.reply(&DeleteReply {
            name,
            deleted: true,
        });
    }
    let path = display_path(&project, &store::path_of(&project, &name));
    ctx.out(&format!("deleted {path}\n"))
}

fn edit(raw_name: &str, ctx: &Ctx) -> Result<()> {
    let name = name::validate(raw_name)?;
    let editor = editor()?;
    let project = project(ctx)?;
    let name = resolve(&project, name, ctx)?;
    let now = now_stamp(ctx);
    // A memory whose header is broken is opened too: the editor is where it gets fixed.
    let mut before = store::snapshot(&project, &name)?;
    if let store::Before::Read(split) = &before {
        store::refuse_read_only(&name, split.front.as_ref())?;
    }
    let created = before == store::Before::Missing;
    if created {
        let change = store::Change {
            body: Some(format!("# {name}\n")),
            ..Default::default()
        };
        store::write(&project, &name, change, &now)?;
        before = store::snapshot(&project, &name)?;
    }
    let path = store::path_of(&project, &name);
    run_editor(&editor, &path)?;
    let mut written = store::settle_edit(&project, &name, &before, &now)?;
    if created {
        written = store::Written::Created;
    }
    if ctx.json {
        return ctx.reply(&WriteReply {
            name,
            path: display_path(&project, &path),
            status: written.as_str(),
        });
    }
    ctx.out(&format!(
        "{} {}\n",
        written.as_str(),
        display_path(&project, &path)
    ))
}

/// `$VISUAL`, else `$EDITOR`: a command line, run by the shell with the file appended.
fn editor() -> Result<String> {
    ["VISUAL", "EDITOR"]
        .into_iter()
        .filter_map(|var| std::env::var(var).ok())
        .find(|v| !v.trim().is_empty())
        .ok_or_else(|| {
            Error::usage_hint(
                "no editor: neither $VISUAL nor $EDITOR is set",
                "set one (export EDITOR=vim), or write with `mind memory write NAME -`",
            )
        })
}

fn run_editor(editor: &str, path: &std::path::Path) -> Result<()> {
    // Through the shell so that `EDITOR="code --wait"` works; the path goes as an argument,
    // never into the command text.
    let status = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("{editor} \"$1\""))
        .arg("mind-edit")
        .arg(path)
        .status()
        .map_err(|e| Error::Failed(format!("cannot start the editor {editor:?}: {e}")))?;
    if status.success() {
        Ok(())
    } else {
        Err(Error::Failed(format!(
            "the editor {editor:?} exited with {status}; the memory was left as the editor left it"
        )))
    }
}

//! `mind parse [FILE...]`: the entities the loose parser finds, or with `--lines` one
//! classification per input line ("why was my line not picked up?").
//!
//! `--lines` judges every line on its own; the only context it keeps is the enclosing
//! heading's type (bullets under `## Gotchas` are gotchas), as the labelling rules of the
//! evaluation sets do. Fences and comments are not tracked there: that is what the
//! document mode (without `--lines`) is for.

use std::path::PathBuf;

use serde::Serialize;

use crate::app::Ctx;
use crate::cli::ParseArgs;
use crate::error::{Error, Result};
use crate::output;
use crate::parse::{self, Entity};
use crate::store::text;

#[derive(Serialize)]
struct LineRecord<'a> {
    text: &'a str,
    #[serde(rename = "type")]
    kind: &'static str,
    confidence: f32,
    key: bool,
    reason: &'static str,
}

#[derive(Serialize)]
struct EntityRecord<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    file: Option<String>,
    #[serde(flatten)]
    entity: &'a Entity,
}

pub fn run(args: &ParseArgs, ctx: &Ctx) -> Result<()> {
    let files: Vec<PathBuf> = if args.files.is_empty() {
        vec![ctx.project()?.memory()]
    } else {
        args.files.iter().map(|f| ctx.cwd.join(f)).collect()
    };
    // Read everything first, so a missing file fails before anything is printed.
    let mut contents = Vec::with_capacity(files.len());
    for path in &files {
        let bytes = text::read_optional(path)?.ok_or_else(|| Error::BadFile {
            path: path.clone(),
            reason: "no such file".into(),
        })?;
        contents.push(text::lossy(&bytes).into_owned());
    }
    let mut out = String::new();
    for (path, content) in files.iter().zip(&contents) {
        let label = (files.len() > 1).then(|| path.display().to_string());
        if args.lines {
            render_lines(ctx, content, &mut out);
        } else {
            let doc = parse::parse_document(content);
            for entity in &doc.entities {
                if ctx.json {
                    let record = EntityRecord {
                        file: label.clone(),
                        entity,
                    };
                    out.push_str(&output::json_line(&record));
                } else {
                    out.push_str(&render_entity(ctx, label.as_deref(), entity));
                }
            }
        }
    }
    if ctx.json {
        output::print(&out)
    } else {
        ctx.out(&out)
    }
}

/// One record per input line, in order, judged as the document parser judges it in place
/// (headings, field labels, fences and comments in scope).
fn render_lines(ctx: &Ctx, content: &str, out: &mut String) {
    for (line, verdict) in content.lines().zip(parse::explain_lines(content)) {
        let reason = verdict.reason;
        let record = LineRecord {
            text: line,
            kind: verdict.kind.map_or("none", |k| k.as_str()),
            confidence: verdict.confidence,
            key: verdict.key,
            reason,
        };
        if ctx.json {
            out.push_str(&output::json_line(&record));
        } else {
            let p = &ctx.paint;
            out.push_str(&format!(
                "{} {:.2}{} {} {}\n",
                p.kind(&format!("{:<8}", record.kind)),
                record.confidence,
                if record.key { " KEY" } else { "" },
                line.trim(),
                p.dim(&format!("({reason})"))
            ));
        }
    }
}

fn render_entity(ctx: &Ctx, file: Option<&str>, e: &Entity) -> String {
    let p = &ctx.paint;
    let place = match file {
        Some(f) => format!("{f}:{}", e.line),
        None => format!("L{}", e.line),
    };
    let mut line = format!(
        "{} {} {:.2}",
        p.dim(&place),
        p.kind(&format!("{:<8}", e.kind.as_str())),
        e.confidence
    );
    if e.key {
        line.push_str(" KEY");
    }
    line.push(' ');
    line.push_str(&e.title);
    if let Some(w) = &e.workaround {
        line.push_str(" -> ");
        line.push_str(w);
    }
    let mut notes = Vec::new();
    if let Some(date) = e.date {
        notes.push(date.to_string());
    }
    if let Some(status) = e.status {
        notes.push(match (status, e.resolved_by) {
            (parse::ProblemStatus::Resolved, Some(by)) => format!("resolved by L{by}"),
            (parse::ProblemStatus::Resolved, None) => "resolved".into(),
            (parse::ProblemStatus::Blocked, _) => "blocked".into(),
            (parse::ProblemStatus::Open, _) => "open".into(),
        });
    }
    if e.superseded {
        notes.push("superseded".into());
    }
    if !notes.is_empty() {
        line.push_str(&p.dim(&format!(" ({})", notes.join(", "))));
    }
    line.push('\n');
    line
}

//! `mind parse [FILE...]`: the entities the loose parser finds, or with `--lines` one
//! classification per input line ("why was my line not picked up?").

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
    let mut out = String::new();
    for path in &files {
        let bytes = text::read_optional(path)?
            .ok_or_else(|| Error::io(path, std::io::Error::from(std::io::ErrorKind::NotFound)))?;
        let content = text::lossy(&bytes);
        if args.lines {
            for line in content.lines() {
                let found = parse::classify_line(line, None);
                let record = LineRecord {
                    text: line,
                    kind: found.as_ref().map_or("none", |c| c.kind.as_str()),
                    confidence: found.as_ref().map_or(0.0, |c| c.confidence),
                    key: found.as_ref().is_some_and(|c| c.key),
                };
                if ctx.json {
                    out.push_str(&serde_json::to_string(&record).expect("serialises"));
                    out.push('\n');
                } else {
                    out.push_str(&format!(
                        "{:<9} {:.2} {}\n",
                        record.kind,
                        record.confidence,
                        line.trim()
                    ));
                }
            }
            continue;
        }
        let doc = parse::parse_document(&content);
        let label = (files.len() > 1).then(|| path.display().to_string());
        for entity in &doc.entities {
            if ctx.json {
                let record = EntityRecord {
                    file: label.clone(),
                    entity,
                };
                out.push_str(&serde_json::to_string(&record).expect("serialises"));
                out.push('\n');
            } else {
                out.push_str(&render_entity(ctx, label.as_deref(), entity));
            }
        }
    }
    if ctx.json {
        output::print(&out)
    } else {
        ctx.out(&out)
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
    if let Some(date) = e.date {
        line.push_str(&p.dim(&format!(" ({date})")));
    }
    line.push('\n');
    line
}

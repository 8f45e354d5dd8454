//! `mind diff [BASE]`: what the branch taught since BASE, as markdown for a pull request
//! description (or JSON).

use crate::app::Ctx;
use crate::capture::settings::CaptureSettings;
use crate::cli::DiffArgs;
use crate::error::Result;
use crate::output;
use crate::parse::EntryType;
use crate::rank::similarity;
use crate::taught::{self, Base, Report, Taught};

/// The sections of the description, in order, and the entry type each holds.
const SECTIONS: [(&str, EntryType); 6] = [
    ("Decisions", EntryType::Decision),
    ("Ruled out", EntryType::Rejected),
    ("Learned", EntryType::Learning),
    ("Fixed", EntryType::Progress),
    ("Problems", EntryType::Problem),
    ("Gotchas", EntryType::Gotcha),
];

pub fn run(args: &DiffArgs, ctx: &Ctx) -> Result<()> {
    let project = ctx.project()?;
    // Only the "capture" settings matter here, but a problem in config.json is warned about
    // on every command.
    ctx.config(&project)?;
    let settings = CaptureSettings::load(&project.config());
    let mut report = taught::since(
        &project,
        args.base.as_deref(),
        settings.conventional_subjects,
    )?;
    // A line is superseded by a mark in front of it (`[superseded] decided: X`, as a promotion
    // writes it), which keeps the parser from reading the type label behind it: its title
    // still carries the label. Shown bare, as every other section's entries (and the JSON's
    // `text`, "without its label").
    for item in &mut report.superseded {
        item.text = similarity::content(&item.text).to_string();
    }
    if ctx.json {
        return output::print_json(&report);
    }
    if report.is_empty() {
        ctx.note(&format!(
            "nothing new since {}",
            describe_base(&report.base)
        ));
        return Ok(());
    }
    ctx.out(&markdown(&report))
}

/// `main (merge base 1a2b3c4)` or `v1.0 (1a2b3c4)`.
fn describe_base(base: &Base) -> String {
    match base.how {
        "merge-base" => format!("`{}` (merge base {})", base.rev, base.short()),
        _ => format!("`{}` ({})", base.rev, base.short()),
    }
}

fn markdown(report: &Report) -> String {
    let mut out = String::from("## What this branch taught\n\n");
    let commits = match report.commits {
        1 => "1 commit".to_string(),
        n => format!("{n} commits"),
    };
    out.push_str(&format!(
        "Since {}, {commits}.",
        describe_base(&report.base)
    ));
    if report.uncommitted {
        out.push_str(" Includes uncommitted changes to the memory files.");
    }
    out.push('\n');
    for (title, kind) in SECTIONS {
        let items: Vec<&Taught> = report.entries.iter().filter(|t| t.kind == kind).collect();
        section(&mut out, title, &items);
    }
    let superseded: Vec<&Taught> = report.superseded.iter().collect();
    section(&mut out, "Superseded", &superseded);
    if !report.named_memories.is_empty() {
        out.push_str("\n### Named memories\n\n");
        for named in &report.named_memories {
            out.push_str(&format!("- `{}` ({})\n", named.name, named.change));
        }
    }
    out
}

fn section(out: &mut String, title: &str, items: &[&Taught]) {
    if items.is_empty() {
        return;
    }
    out.push_str(&format!("\n### {title}\n\n"));
    for item in items {
        match &item.commit {
            Some(commit) => out.push_str(&format!("- {} (commit {commit})\n", item.text)),
            None => out.push_str(&format!("- {}\n", item.text)),
        }
    }
}

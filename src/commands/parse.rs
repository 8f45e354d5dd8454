//! `mind parse [FILE...]`: the entities the loose parser finds, or with `--lines` one
//! classification per input line ("why was my line not picked up?").
//!
//! `--lines` judges every line on its own; the only context it keeps is the enclosing
//! heading's type (bullets under `## Gotchas` are gotchas), as the labelling rules of the
//! evaluation sets do. Fences and comments are not tracked there: that is what the
//! document mode (without `--lines`) is for.
//!
//! With a model installed (and without `--rules-only`), every line of text that is not
//! typed by its own label is embedded and the line classifier (`parse::line_model`) decides
//! its type from the vector and the rules' verdict, in both modes. In a project the vectors
//! are kept in `.mind/cache/line-vectors.bin`, so only new or changed lines are embedded
//! again.

use std::path::PathBuf;

use serde::Serialize;

use crate::app::Ctx;
use crate::cli::ParseArgs;
use crate::error::{Error, Result};
use crate::output;
use crate::parse::line_model::{Decision, LineModel};
use crate::parse::{self, Entity, LineVerdict};
use crate::store::text;

#[derive(Serialize)]
struct LineRecord<'a> {
    /// The file, when several are parsed.
    #[serde(skip_serializing_if = "Option::is_none")]
    file: Option<&'a str>,
    line: usize,
    text: &'a str,
    #[serde(rename = "type")]
    kind: &'static str,
    confidence: f32,
    key: bool,
    reason: &'static str,
    /// The rules' type, when the line classifier gave another.
    #[serde(skip_serializing_if = "Option::is_none")]
    rules: Option<&'static str>,
    /// What the line classifier made of a line it judged, whether or not it was sure
    /// enough to change the rules' type: so a reader (or a script choosing its thresholds)
    /// sees how near a line came.
    #[serde(skip_serializing_if = "Option::is_none")]
    classifier: Option<ClassifierRecord>,
}

#[derive(Serialize)]
struct ClassifierRecord {
    #[serde(rename = "type")]
    kind: &'static str,
    probability: f32,
}

/// The line classifier's work on one file: every line's verdict with its decisions
/// applied, and its decision on each line it judged (`None` on the lines it leaves to the
/// rules).
struct Classified {
    verdicts: Vec<LineVerdict>,
    decisions: Vec<Option<Decision>>,
}

#[derive(Serialize)]
struct EntityRecord<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    file: Option<String>,
    #[serde(flatten)]
    entity: &'a Entity,
}

/// The name `-` (standard input) takes in output.
const STDIN: &str = "-";

/// How far into a file a NUL byte makes it binary (as git judges).
const BINARY_PROBE: usize = 8000;

pub fn run(args: &ParseArgs, ctx: &Ctx) -> Result<()> {
    // In a project (its MEMORY.md, or files parsed with its vector cache), a problem in its
    // config.json is warned about, as on every command; no key of it applies here.
    let named: Vec<(PathBuf, String)> = if args.files.is_empty() {
        let project = ctx.project()?;
        ctx.config(&project)?;
        let memory = project.memory();
        let shown = memory.display().to_string();
        vec![(memory, shown)]
    } else {
        if let Ok(project) = ctx.project() {
            ctx.config(&project)?;
        }
        (args.files.iter())
            .map(|f| (ctx.cwd.join(f), f.display().to_string()))
            .collect()
    };
    if named.iter().filter(|(_, shown)| shown == STDIN).count() > 1 {
        return Err(Error::usage("standard input (`-`) can be parsed only once"));
    }
    // Read everything first, so a missing file fails before anything is printed.
    let mut files = Vec::with_capacity(named.len());
    for (path, shown) in &named {
        let bytes = read(path, shown)?;
        if bytes[..bytes.len().min(BINARY_PROBE)].contains(&0) {
            output::warn(
                &ctx.err_paint,
                &format!(
                    "skipped {shown}: a binary file (a NUL byte in its first {BINARY_PROBE} bytes)"
                ),
            );
            continue;
        }
        files.push((shown.as_str(), text::lossy(&bytes).into_owned()));
    }
    if files.is_empty() {
        return Err(Error::Failed(
            "no text to parse: every file is binary".into(),
        ));
    }
    let several = named.len() > 1;
    let mut vectors = (!args.rules_only)
        .then(|| classifier(ctx))
        .flatten()
        .map(|model| LineVectors::new(ctx, model));
    let mut out = String::new();
    for (shown, content) in &files {
        let label = several.then(|| shown.to_string());
        // The rules' verdict on each line: what `--lines` prints and what the classifier
        // reads; in the document mode as the document parse reads it in place, so no line in
        // a fence or a comment is embedded (without a model it needs none).
        let rules = if args.lines {
            Some(parse::explain_lines(content))
        } else {
            vectors.as_ref().map(|_| parse::explain_in_place(content))
        };
        let classified = vectors
            .as_mut()
            .zip(rules.as_deref())
            .and_then(|(vectors, rules)| classify(ctx, vectors, content, rules));
        if let (true, Some(rules)) = (args.lines, &rules) {
            let file = label.as_deref();
            render_lines(ctx, file, content, rules, classified.as_ref(), &mut out);
        } else {
            let doc = match (classified.map(|c| c.verdicts), &rules) {
                (Some(verdicts), Some(rules)) => {
                    let replaced = (rules.iter().zip(verdicts))
                        .enumerate()
                        .filter(|(_, (rule, given))| rule != &given)
                        .map(|(i, (_, given))| (i + 1, given))
                        .collect();
                    parse::parse_document_with_verdicts(content, replaced)
                }
                _ => parse::parse_document(content),
            };
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
    if let Some(vectors) = vectors {
        vectors.save();
    }
    if ctx.json {
        output::print(&out)
    } else {
        ctx.out(&out)
    }
}

/// How large a project's classifier cache may grow before a parse drops the vectors of lines
/// it did not read: 20 MB, 50,000 vectors of one member (about 400 bytes each) or about
/// 17,000 of the shipped three-member ensemble (its members' vectors one after another).
const KEPT_LINE_VECTOR_BYTES: usize = 20_000_000;

/// What one cached vector of `dim` signed bytes costs beside them: its scale, its text's
/// hash and the index's slot.
const LINE_VECTOR_OVERHEAD: usize = 16;

/// Where the line classifier's vectors come from: in a project, its own vector cache
/// (`.mind/cache/line-vectors.bin`; search keeps only the memory's lines in `vectors.bin`,
/// and would drop other files'), so a second parse of the same lines embeds none of them;
/// outside one, the model alone. Either way a vector is
/// the one the cache stores (signed bytes and a scale), so a line is typed the same whether
/// its vector was cached or not.
enum LineVectors {
    /// The cache, its project, and how many vectors it keeps (see [`KEPT_LINE_VECTOR_BYTES`]).
    Cached(Box<(crate::sentences::Sentences, crate::store::Project, usize)>),
    Fresh(Box<crate::embed::Embedder>),
}

impl LineVectors {
    fn new(ctx: &Ctx, model: crate::embed::Embedder) -> LineVectors {
        match (ctx.project(), ctx.home()) {
            (Ok(project), Ok(home)) => {
                let kept = KEPT_LINE_VECTOR_BYTES / (model.dim() + LINE_VECTOR_OVERHEAD);
                let dir = project.dir().join(crate::store::CACHE_DIR);
                let sentences = crate::sentences::Sentences::with_model(
                    model,
                    &home,
                    &dir,
                    crate::embed::vectors::LINE_VECTORS_FILE,
                );
                LineVectors::Cached(Box::new((sentences, project, kept)))
            }
            _ => LineVectors::Fresh(Box::new(model)),
        }
    }

    fn vectors(&mut self, texts: &[&str]) -> std::result::Result<Vec<Vec<f32>>, String> {
        match self {
            LineVectors::Cached(cached) => (cached.0)
                .vectors(texts)
                .ok_or_else(|| "the model could not embed the lines".to_string()),
            LineVectors::Fresh(model) => model
                .embed(texts)
                .map(|vectors| {
                    (vectors.iter())
                        .map(|v| crate::embed::vectors::as_cached(v))
                        .collect()
                })
                .map_err(|e| e.to_string()),
        }
    }

    /// Keep what was embedded for the next parse, search or promotion. The cache is only
    /// an optimisation: when the project's lock cannot be had, nothing is kept.
    fn save(self) {
        if let LineVectors::Cached(cached) = self {
            let (sentences, project, kept) = *cached;
            if sentences.embedded()
                && let Ok(_lock) = project.lock()
            {
                sentences.save_keeping_at_most(kept);
            }
        }
    }
}

/// The installed model, when this build can run one and the one installed is the published
/// model the shipped classifier was trained on (another model's vectors mean nothing to it).
fn classifier(ctx: &Ctx) -> Option<crate::embed::Embedder> {
    let home = ctx.home().ok()?;
    // Three `stat` calls first: without the model nothing else runs (not even reading the
    // shipped weights).
    let dir = crate::embed::files::model_dir(&home);
    if !crate::embed::files::is_published_model(&dir) {
        // A model of its own installed with `--from` drives search, not the classifier:
        // say so, or the rules' verdicts would pass for the classifier's.
        if crate::embed::files::is_complete(&dir) && !ctx.quiet {
            output::note(
                &ctx.err_paint,
                "the line classifier is off: the installed model is not the published \
                 all-MiniLM-L6-v2 it was trained on (lines are typed by the rules alone)",
            );
        }
        return None;
    }
    let model = crate::embed::installed(&home)?;
    let shipped = LineModel::shipped();
    if shipped.model() != crate::embed::files::MODEL_NAME || model.dim() != shipped.dim() {
        return None;
    }
    tuned(ctx, model, &shipped.tunings())
}

/// The model with the last layers the classifier's members were trained through, when they
/// were.
fn tuned(
    ctx: &Ctx,
    model: crate::embed::Embedder,
    tunings: &[&[u8]],
) -> Option<crate::embed::Embedder> {
    if tunings.is_empty() {
        return Some(model);
    }
    match model.with_tunings(tunings) {
        Ok(model) => Some(model),
        Err(e) => {
            output::warn(
                &ctx.err_paint,
                &format!("the line classifier is off ({e}); lines are typed by the rules alone"),
            );
            None
        }
    }
}

/// How many lines are embedded at a time (the progress bar moves between batches).
const EMBED_BATCH: usize = 64;

/// Every line's verdict with the line classifier's decision applied to the lines it
/// judges; `None` (the rules' verdicts stand) when the model fails, with a warning.
fn classify(
    ctx: &Ctx,
    model: &mut LineVectors,
    content: &str,
    rules: &[LineVerdict],
) -> Option<Classified> {
    let lines: Vec<&str> = parse::lines(content).map(|(_, line)| line).collect();
    let judged: Vec<usize> = (0..rules.len())
        .filter(|&i| LineModel::judges(&rules[i]) && !lines[i].trim().is_empty())
        .collect();
    let progress = crate::capture::progress::Progress::new("lines classified", !ctx.quiet);
    let classifier = LineModel::shipped();
    let headings = if classifier.reads_headings() {
        parse::heading_paths(content, rules)
    } else {
        Vec::new()
    };
    let mut verdicts = rules.to_vec();
    let mut decisions = vec![None; rules.len()];
    for (done, batch) in judged.chunks(EMBED_BATCH).enumerate() {
        let inputs: Vec<_> = batch
            .iter()
            .map(|&i| {
                let path = headings.get(i).map_or("", String::as_str);
                classifier.input(path, lines[i].trim())
            })
            .collect();
        let texts: Vec<&str> = inputs.iter().map(|t| t.as_ref()).collect();
        let vectors = match model.vectors(&texts) {
            Ok(vectors) => vectors,
            Err(e) => {
                progress.finish();
                output::warn(
                    &ctx.err_paint,
                    &format!(
                        "the line classifier did not run ({e}); lines are typed by the rules alone"
                    ),
                );
                return None;
            }
        };
        for (&i, vector) in batch.iter().zip(&vectors) {
            let decision = classifier.decide(vector, &rules[i]);
            verdicts[i] = classifier.apply(&rules[i], decision);
            decisions[i] = Some(decision);
        }
        progress.update(((done + 1) * EMBED_BATCH).min(judged.len()));
    }
    progress.finish();
    Some(Classified {
        verdicts,
        decisions,
    })
}

/// One record per input line, in order, judged as the document parser judges it in place
/// (headings, field labels, fences and comments in scope).
fn render_lines(
    ctx: &Ctx,
    file: Option<&str>,
    content: &str,
    rules: &[LineVerdict],
    classified: Option<&Classified>,
    out: &mut String,
) {
    // A line a lone `\r` ends shows the number of the line `\n` ends (as the parser
    // numbers it), once per line it holds.
    for (i, ((number, line), rule)) in parse::lines(content).zip(rules).enumerate() {
        let verdict = classified.map_or(rule, |c| &c.verdicts[i]);
        let decision = classified.and_then(|c| c.decisions[i]);
        let reason = verdict.reason;
        let record = LineRecord {
            file,
            line: number,
            text: line,
            kind: verdict.kind.map_or("none", |k| k.as_str()),
            confidence: verdict.confidence,
            key: verdict.key,
            reason,
            rules: (verdict.kind != rule.kind).then(|| rule.kind.map_or("none", |k| k.as_str())),
            classifier: decision.map(|d| ClassifierRecord {
                kind: d.kind.map_or("none", |k| k.as_str()),
                // Unrounded, so the thresholds it is compared with can be replayed.
                probability: d.probability,
            }),
        };
        if ctx.json {
            out.push_str(&output::json_line(&record));
        } else {
            let p = &ctx.paint;
            let why = match record.rules {
                Some(rules) => format!("({reason}; rules: {rules})"),
                None => format!("({reason})"),
            };
            out.push_str(&format!(
                "{} {} {:.2}{} {} {}\n",
                p.dim(&place(file, number)),
                p.kind(&format!("{:<8}", record.kind)),
                record.confidence,
                if record.key { " KEY" } else { "" },
                output::escape_controls(line.trim()),
                p.dim(&why)
            ));
        }
    }
}

/// Where a line is: `FILE:N` with several files, else `LN`.
fn place(file: Option<&str>, line: usize) -> String {
    match file {
        Some(f) => format!("{}:{line}", output::escape_controls(f)),
        None => format!("L{line}"),
    }
}

/// The bytes of a file to parse, or of standard input for `-`.
fn read(path: &std::path::Path, shown: &str) -> Result<Vec<u8>> {
    if shown == STDIN {
        let mut bytes = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin().lock(), &mut bytes)
            .map_err(|e| Error::Failed(format!("reading standard input: {e}")))?;
        return Ok(bytes);
    }
    if path.is_dir() {
        return Err(Error::BadFile {
            path: path.to_path_buf(),
            reason: "a folder; name the files in it (e.g. DIR/*.md)".into(),
        });
    }
    text::read_optional(path)?.ok_or_else(|| Error::BadFile {
        path: path.to_path_buf(),
        reason: "no such file".into(),
    })
}

fn render_entity(ctx: &Ctx, file: Option<&str>, e: &Entity) -> String {
    let p = &ctx.paint;
    let mut line = format!(
        "{} {} {:.2}",
        p.dim(&place(file, e.line)),
        p.kind(&format!("{:<8}", e.kind.as_str())),
        e.confidence
    );
    if e.key {
        line.push_str(" KEY");
    }
    // Stored text: controls made visible here, where mind's colours are not yet beside it.
    line.push(' ');
    line.push_str(&output::escape_controls(&e.title));
    if let Some(w) = &e.workaround {
        line.push_str(" -> ");
        line.push_str(&output::escape_controls(w));
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

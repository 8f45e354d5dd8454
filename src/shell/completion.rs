//! Completion scripts: what `mind completions SHELL` prints and `completions/` holds.

use clap::{Arg, Command, CommandFactory, ValueHint};
use clap_complete::Shell;

use crate::cli::Cli;

/// The file name each shell's script has in `completions/` (the names the shells' own
/// completion folders expect: `mind.bash`, `_mind`, `mind.fish`, `mind.elv`, `_mind.ps1`).
pub fn file_name(shell: Shell) -> String {
    clap_complete::Generator::file_name(&shell, "mind")
}

/// Every shell clap_complete writes for, in a fixed order.
pub const SHELLS: [Shell; 5] = [
    Shell::Bash,
    Shell::Zsh,
    Shell::Fish,
    Shell::Elvish,
    Shell::PowerShell,
];

/// The completion script for `shell`.
pub fn script(shell: Shell) -> String {
    let mut out = Vec::new();
    let mut cmd = visible_command();
    clap_complete::generate(shell, &mut cmd, "mind", &mut out);
    let text = String::from_utf8_lossy(&out).into_owned();
    match shell {
        Shell::PowerShell => powershell_values(text, &mut cmd),
        _ => text,
    }
}

/// Where clap's PowerShell script computes the command path (`mind;log`) and then lists the
/// names to offer: the value completion goes between the two.
const POWERSHELL_ANCHOR: &str = "\n    $completions = @(switch ($command) {";

/// clap's PowerShell script completes option and subcommand names only: after `--type` it
/// offers `--project`, `--json`, ..., never a type, and never a folder after `--project`. The
/// other shells' scripts complete values from the same definitions (possible values and value
/// hints), so this adds that to the PowerShell script: the word after an option that takes a
/// value, and a command's own argument (`mind init` folders, `mind setup` agents) when the
/// word being completed does not start with `-`. Paths come from PowerShell's own file-name
/// completion (which quotes what needs quoting), folders alone for a folder.
fn powershell_values(script: String, cmd: &mut Command) -> String {
    let Some(at) = script.find(POWERSHELL_ANCHOR) else {
        // clap changed its script: it stays as clap writes it (a test fails on this).
        return script;
    };
    cmd.build();
    let mut options = String::new();
    let mut arguments = String::new();
    value_cases(cmd, &mut options, &mut arguments);
    let block = format!(
        r#"

    # clap's script completes option and subcommand names only. The word after an option
    # that takes a value (--type, --color, --project) and a command's own argument (mind init
    # folders, mind setup agents) are completed here, from the same lists as in other shells.
    $previous = ''
    foreach ($element in $commandElements) {{
        if ($element.Extent.EndOffset -lt $cursorPosition) {{
            $previous = $element.Extent.Text
        }}
    }}
    $values = $null
    $paths = $null
    $isValue = $false
    switch -CaseSensitive -Wildcard ("$command|$previous") {{{options}
    }}
    if ($null -eq $values -and $null -eq $paths -and -not $isValue -and -not $wordToComplete.StartsWith('-')) {{
        switch -CaseSensitive ($command) {{{arguments}
        }}
    }}
    if ($null -ne $values) {{
        return $values.Where{{ $_ -like "$wordToComplete*" }}.ForEach{{
            [CompletionResult]::new($_, $_, [CompletionResultType]::ParameterValue, $_)
        }}
    }}
    if ($null -ne $paths) {{
        return [CompletionCompleters]::CompleteFilename($wordToComplete).Where{{
            $paths -eq 'paths' -or $_.ResultType -eq [CompletionResultType]::ProviderContainer
        }}
    }}"#
    );
    let mut out = script;
    out.insert_str(at, &block);
    out
}

/// What the value of an argument completes to.
enum Values {
    Words(Vec<String>),
    Folders,
    Paths,
    /// A value nothing can be offered for (a number, a day, a message).
    Free,
}

impl Values {
    fn of(arg: &Arg) -> Values {
        let words: Vec<String> = arg
            .get_possible_values()
            .iter()
            .filter(|v| !v.is_hide_set())
            .map(|v| v.get_name().to_string())
            .collect();
        if !words.is_empty() {
            return Values::Words(words);
        }
        match arg.get_value_hint() {
            ValueHint::DirPath => Values::Folders,
            ValueHint::AnyPath | ValueHint::FilePath | ValueHint::ExecutablePath => Values::Paths,
            _ => Values::Free,
        }
    }

    /// The PowerShell that sets what a case completes to.
    fn assignment(&self) -> String {
        match self {
            Values::Words(words) => {
                let quoted: Vec<String> = words.iter().map(|w| quote(w)).collect();
                format!("$values = @({})", quoted.join(", "))
            }
            Values::Folders => "$paths = 'folders'".to_string(),
            Values::Paths => "$paths = 'paths'".to_string(),
            Values::Free => "$isValue = $true".to_string(),
        }
    }
}

/// A PowerShell string literal.
fn quote(text: &str) -> String {
    format!("'{}'", text.replace('\'', "''"))
}

/// The cases of the built command `root` and its subcommands: for each option that takes a
/// value, `'PATH|--option'` in `options` (PATH is the command path as clap's script spells it,
/// `mind;log`; a global option once, as `'*|--option'`, after the others); for a command
/// whose own argument completes to something, `'PATH'` in `arguments`.
fn value_cases(root: &Command, options: &mut String, arguments: &mut String) {
    command_cases(root, "mind", options, arguments);
    for arg in root
        .get_opts()
        .filter(|a| a.is_global_set() && !a.is_hide_set())
    {
        option_cases(arg, "*", &Values::of(arg), options);
    }
}

/// [`value_cases`] of `cmd` at `path`, global options left out. A free option value is a
/// case only in a command whose argument completes, where it keeps that argument's list
/// from being offered for the option's value.
fn command_cases(cmd: &Command, path: &str, options: &mut String, arguments: &mut String) {
    let argument = cmd
        .get_positionals()
        .filter(|a| !a.is_hide_set())
        .map(Values::of)
        .find(|v| !matches!(v, Values::Free));
    for arg in cmd
        .get_opts()
        .filter(|a| !a.is_hide_set() && !a.is_global_set())
    {
        let values = Values::of(arg);
        if !matches!(values, Values::Free) || argument.is_some() {
            option_cases(arg, path, &values, options);
        }
    }
    if let Some(argument) = argument {
        arguments.push_str(&format!(
            "\n            {} {{ {}; break }}",
            quote(path),
            argument.assignment()
        ));
    }
    for sub in cmd.get_subcommands() {
        for name in sub.get_name_and_visible_aliases() {
            command_cases(sub, &format!("{path};{name}"), options, arguments);
        }
    }
}

/// One case per name of the option `arg` (`-t`, `--type`) at `path`.
fn option_cases(arg: &Arg, path: &str, values: &Values, options: &mut String) {
    let shorts = arg
        .get_short_and_visible_aliases()
        .unwrap_or_default()
        .into_iter()
        .map(|c| format!("-{c}"));
    let longs = arg
        .get_long_and_visible_aliases()
        .unwrap_or_default()
        .into_iter()
        .map(|l| format!("--{l}"));
    for name in shorts.chain(longs) {
        options.push_str(&format!(
            "\n        {} {{ {}; break }}",
            quote(&format!("{path}|{name}")),
            values.assignment()
        ));
    }
}

/// The command line without its hidden subcommands (`mind hook`, which only the installed
/// git hooks call): clap_complete lists hidden subcommands, and clap cannot remove one, so
/// the top-level command is rebuilt from the same parts without them.
pub fn visible_command() -> Command {
    let full = Cli::command();
    if full.get_subcommands().all(|sub| !sub.is_hide_set()) {
        return full;
    }
    // clap takes only static names; these are the ones `Cli` derives (a test compares).
    let mut cmd = Command::new("mind").version(env!("CARGO_PKG_VERSION"));
    if let Some(about) = full.get_about() {
        cmd = cmd.about(about.clone());
    }
    if let Some(about) = full.get_long_about() {
        cmd = cmd.long_about(about.clone());
    }
    if let Some(after) = full.get_after_help() {
        cmd = cmd.after_help(after.clone());
    }
    if let Some(after) = full.get_after_long_help() {
        cmd = cmd.after_long_help(after.clone());
    }
    cmd = cmd.subcommand_required(full.is_subcommand_required_set());
    cmd = cmd.args(full.get_arguments().cloned());
    cmd.subcommands(
        full.get_subcommands()
            .filter(|sub| !sub.is_hide_set())
            .cloned(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_visible_command_keeps_everything_but_hidden_subcommands() {
        let full = Cli::command();
        let visible = visible_command();
        visible.clone().debug_assert();
        let names = |cmd: &Command| -> Vec<String> {
            cmd.get_subcommands()
                .map(|s| s.get_name().to_owned())
                .collect()
        };
        let expected: Vec<String> = full
            .get_subcommands()
            .filter(|s| !s.is_hide_set())
            .map(|s| s.get_name().to_owned())
            .collect();
        assert_eq!(names(&visible), expected);
        assert!(!names(&visible).contains(&"hook".to_owned()));
        let ids = |cmd: &Command| -> Vec<String> {
            cmd.get_arguments()
                .map(|a| a.get_id().to_string())
                .collect()
        };
        assert_eq!(ids(&visible), ids(&full));
        assert_eq!(visible.get_about(), full.get_about());
        assert_eq!(visible.get_after_help(), full.get_after_help());
        assert_eq!(visible.get_version(), full.get_version());
        assert_eq!(visible.get_name(), full.get_name());
    }
}

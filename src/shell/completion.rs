//! Completion scripts: what `mind completions SHELL` prints and `completions/` holds.

use clap::{Command, CommandFactory};
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
    clap_complete::generate(shell, &mut visible_command(), "mind", &mut out);
    String::from_utf8_lossy(&out).into_owned()
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

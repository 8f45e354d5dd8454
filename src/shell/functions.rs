//! `mind shell-init SHELL`: shell functions that log and recall with one short word
//! (`decided "use X"`), for people and for agents that run commands through a shell.
//!
//! Every function hands all its words to `mind` after `--`, so quotes, `$`, backticks and a
//! leading dash reach the message as typed; the shells' own quoting does the rest, nothing is
//! evaluated twice. A first `--` the caller typed is dropped (it would otherwise become text),
//! and a lone `-` is passed as it is so that the message is read from stdin.

use crate::cli::InitShell;
use crate::error::{Error, Result};

/// One function: its name, the `mind` words it runs, and what it does.
struct Function {
    name: &'static str,
    /// `mind`'s own words; the caller's words follow after `--`.
    run: &'static [&'static str],
    /// What runs when the function gets no words (`recall`), instead of an empty message.
    bare: Option<&'static [&'static str]>,
    about: &'static str,
}

const FUNCTIONS: &[Function] = &[
    Function {
        name: "decided",
        run: &["log", "--type", "decision"],
        bare: None,
        about: "log a decision (MEMORY.md)",
    },
    Function {
        name: "learned",
        run: &["log", "--type", "learning"],
        bare: None,
        about: "log a learning (MEMORY.md)",
    },
    Function {
        name: "fixed",
        run: &["log", "--type", "progress"],
        bare: None,
        about: "log progress, a fix (MEMORY.md)",
    },
    Function {
        name: "tried",
        run: &["log", "--type", "rejected"],
        bare: None,
        about: "log an approach that failed, and why (SESSION.md)",
    },
    Function {
        name: "stuck",
        run: &["blocker"],
        bare: None,
        about: "log a blocker and see how similar problems were solved (SESSION.md)",
    },
    Function {
        name: "remember",
        run: &["log"],
        bare: None,
        about: "log a memory; mind chooses the type",
    },
    Function {
        name: "recall",
        run: &["search"],
        bare: Some(&["recall"]),
        about: "with no words: start or continue a session (mind recall); with words: search memory",
    },
];

/// Shown by `mind shell-init --help`.
pub const AFTER_HELP: &str = "\
Load the functions at every shell start:
  bash        ~/.bashrc                        eval \"$(mind shell-init bash)\"
  zsh         ~/.zshrc                         eval \"$(mind shell-init zsh)\"
  fish        ~/.config/fish/config.fish       mind shell-init fish | source
  PowerShell  $PROFILE                         mind shell-init powershell | Out-String | Invoke-Expression

Functions (every word is message text; a lone - reads it from stdin):
  decided, learned, fixed  MESSAGE...   mind log --type decision|learning|progress -- MESSAGE...
  tried MESSAGE...                      mind log --type rejected -- MESSAGE...
  stuck MESSAGE...                      mind blocker -- MESSAGE...
  remember MESSAGE...                   mind log -- MESSAGE...   (the text chooses the type)
  recall [WORDS...]                     mind recall, or mind search -- WORDS...
A name you already use for something else: --prefix m- gives m-decided, m-recall, ...";

/// The script for `shell`, every function name starting with `prefix`.
pub fn script(shell: InitShell, prefix: &str) -> Result<String> {
    check_prefix(prefix)?;
    Ok(match shell {
        InitShell::Bash => posix(prefix, Posix::Bash),
        InitShell::Zsh => posix(prefix, Posix::Zsh),
        InitShell::Fish => fish(prefix),
        InitShell::Powershell => powershell(prefix),
    })
}

/// A prefix becomes part of function names in four shells: letters, digits, `_` and `-`
/// only (nothing a shell would read as syntax), not starting with `-`.
fn check_prefix(prefix: &str) -> Result<()> {
    let allowed = prefix
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    if allowed && !prefix.starts_with('-') {
        return Ok(());
    }
    Err(Error::usage_hint(
        format!("the prefix {prefix:?} cannot start a function name"),
        "use letters, digits, `_` and `-` (not first), e.g. --prefix m-",
    ))
}

#[derive(Clone, Copy, PartialEq)]
enum Posix {
    Bash,
    Zsh,
}

fn posix(prefix: &str, shell: Posix) -> String {
    let (name, rc) = match shell {
        Posix::Bash => ("bash", "~/.bashrc"),
        Posix::Zsh => ("zsh", "~/.zshrc"),
    };
    let mut out = format!(
        "# mind shell functions. Load them from {rc} with:  eval \"$(mind shell-init {name})\"\n"
    );
    out.push_str(HEADER);
    // `emulate -L zsh` keeps a user's options (KSH_ARRAYS, SH_WORD_SPLIT, ...) out of them.
    let emulate = match shell {
        Posix::Bash => "",
        Posix::Zsh => "    emulate -L zsh\n",
    };
    // Each function stands alone, with no shared helper: tools that copy a shell's functions
    // into another shell (an agent's snapshot of the user's shell) leave out helpers whose
    // names start with `_`. `function NAME {` rather than `NAME() {`: an alias of the same
    // name is not expanded in the definition (which would be a syntax error in bash).
    for f in FUNCTIONS {
        let run = f.run.join(" ");
        let bare = match f.bare {
            Some(bare) => format!(
                "    if [ \"$#\" -eq 0 ]; then\n        command mind {}\n        return\n    fi\n",
                bare.join(" ")
            ),
            None => String::new(),
        };
        out.push_str(&format!(
            "# {}: {}
function {prefix}{} {{
{emulate}{bare}    if [ \"$#\" -eq 1 ] && [ \"$1\" = - ]; then
        command mind {run} -
        return
    fi
    if [ \"$#\" -gt 0 ] && [ \"$1\" = -- ]; then
        shift
    fi
    command mind {run} -- \"$@\"
}}
",
            f.name, f.about, f.name
        ));
    }
    out
}

const HEADER: &str = "\
# Each function passes all its words to mind as one message: quotes, $, backticks and a
# leading dash stay text (a first -- is dropped); a lone - reads the message from stdin.
";

fn fish(prefix: &str) -> String {
    let mut out = String::from(
        "# mind shell functions. Load them from ~/.config/fish/config.fish with:  mind shell-init fish | source\n",
    );
    out.push_str(HEADER);
    out.push_str(
        "function __mind_send --description 'run mind: its own words, then the message'
    # __mind_send 'WORD...' ARG...: the first argument holds mind's own words, the rest is the message.
    set -l cmd (string split ' ' $argv[1])
    set -e argv[1]
    if test (count $argv) -eq 1; and test \"x$argv[1]\" = x-
        command mind $cmd -
        return
    end
    if test (count $argv) -gt 0; and test \"x$argv[1]\" = x--
        set -e argv[1]
    end
    command mind $cmd -- $argv
end
",
    );
    for f in FUNCTIONS {
        let send = format!("__mind_send '{}' $argv", f.run.join(" "));
        out.push_str(&format!(
            "function {prefix}{} --description '{}'\n",
            f.name, f.about
        ));
        match f.bare {
            None => out.push_str(&format!("    {send}\n")),
            Some(bare) => out.push_str(&format!(
                "    if test (count $argv) -eq 0
        command mind {}
    else
        {send}
    end
",
                bare.join(" ")
            )),
        }
        out.push_str("end\n");
    }
    out
}

fn powershell(prefix: &str) -> String {
    let mut out = String::from(
        "# mind shell functions. Load them from $PROFILE with:  mind shell-init powershell | Out-String | Invoke-Expression\n",
    );
    out.push_str(HEADER);
    out.push_str(
        "function __MindSend([string[]]$Own, [object[]]$Words, [bool]$Piped, [object[]]$Stdin) {
    # Arguments reach mind exactly as given (PowerShell 7.3 and later; earlier versions drop
    # double quotes inside an argument).
    $PSNativeCommandArgumentPassing = 'Standard'
    $mind = Get-Command -Name mind -CommandType Application -ErrorAction Stop | Select-Object -First 1
    $Words = @($Words | ForEach-Object { [string]$_ })
    if ($Words.Count -eq 1 -and $Words[0] -eq '-') {
        if ($Piped) {
            # What was piped into the function (its $input, passed here as $Stdin) goes on to
            # mind's stdin, as UTF-8: a command run inside a function does not get it.
            $OutputEncoding = [System.Text.UTF8Encoding]::new($false)
            $Stdin | & $mind @Own '-'
        } else {
            & $mind @Own '-'
        }
        return
    }
    if ($Words.Count -gt 0 -and $Words[0] -eq '--') {
        $Words = @($Words | Select-Object -Skip 1)
    }
    $line = @($Own) + @('--') + $Words
    & $mind @line
}
",
    );
    for f in FUNCTIONS {
        let own: Vec<String> = f.run.iter().map(|w| format!("'{w}'")).collect();
        // The function's pipeline input goes along: `... | learned -` reads it.
        let send = format!(
            "__MindSend @({}) $args $MyInvocation.ExpectingInput @($input)",
            own.join(", ")
        );
        out.push_str(&format!("# {}: {}\n", f.name, f.about));
        match f.bare {
            None => out.push_str(&format!("function {prefix}{} {{ {send} }}\n", f.name)),
            Some(bare) => {
                let bare: Vec<String> = bare.iter().map(|w| format!("'{w}'")).collect();
                out.push_str(&format!(
                    "function {prefix}{} {{
    if ($args.Count -eq 0) {{
        $mind = Get-Command -Name mind -CommandType Application -ErrorAction Stop | Select-Object -First 1
        & $mind {}
    }} else {{
        {send}
    }}
}}
",
                    f.name,
                    bare.join(" ")
                ))
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_prefix_is_part_of_a_name_or_refused() {
        assert!(check_prefix("").is_ok());
        assert!(check_prefix("m-").is_ok());
        assert!(check_prefix("mind_").is_ok());
        for bad in ["-m", "a;b", "m ", "$(x)", "a'b", "é"] {
            assert!(check_prefix(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn descriptions_fit_in_single_quotes() {
        assert!(FUNCTIONS.iter().all(|f| !f.about.contains('\'')));
    }

    #[test]
    fn every_shell_defines_every_function() {
        for shell in [
            InitShell::Bash,
            InitShell::Zsh,
            InitShell::Fish,
            InitShell::Powershell,
        ] {
            let text = script(shell, "m-").unwrap();
            for f in FUNCTIONS {
                let name = format!("m-{}", f.name);
                assert!(
                    text.lines()
                        .any(|l| l.starts_with(&format!("function {name} "))),
                    "{shell:?} lacks {name}"
                );
            }
        }
    }
}

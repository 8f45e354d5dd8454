// The synonym groups: data only, shared by `synonyms.rs` and the build script (which stems
// the members into lookup tables), so it holds nothing but this one constant.
//
// General software vocabulary only: words a developer uses interchangeably in any project.
// No library, framework, file or product names, and no group added because one evaluation
// query needed it. A group stays when leaving it out costs search quality on text it was
// not written for (`EVAL_GROUPS=1 scripts/eval-ablation.sh dev tech conv`); groups that
// paid nothing there, or dragged in look-alikes ("deadline" is a due date more often than a
// timeout, "job" is not a queue, a "file" is not a "path"), were removed.

/// The groups. The first member names the group.
pub const GROUPS: &[&[&str]] = &[
    // identity and access
    &[
        "login",
        "log in",
        "logon",
        "signin",
        "sign in",
        "authenticate",
        "authentication",
        "auth",
    ],
    &["logout", "log out", "signout", "sign out"],
    &["signup", "sign up", "register", "registration"],
    &["password", "passwd", "passphrase", "credential"],
    &["permission", "privilege", "access right"],
    &["unauthorized", "401", "unauthenticated"],
    &["token", "jwt", "bearer"],
    &["verify", "confirm", "validate"],
    &["user", "people", "customer", "account"],
    &["email", "e-mail", "mail"],
    // failure modes
    &["crash", "panic", "segfault", "abort", "crashloop"],
    &["hang", "freeze", "stall", "deadlock", "stuck"],
    &["timeout", "time out", "timed out"],
    &["slow", "latency", "sluggish", "lag", "performance"],
    &["error", "exception", "failure", "fault"],
    &["fail", "break", "broken"],
    &["bug", "defect", "regression", "glitch"],
    &["leak", "oom", "out of memory"],
    &["race", "race condition", "data race"],
    &["reject", "refuse", "deny", "disallow", "block"],
    &["flaky", "intermittent", "sporadic", "nondeterministic"],
    &["stale", "outdated", "obsolete", "old"],
    &["rate limit", "throttle", "429", "too many requests"],
    &["retry", "backoff", "retries"],
    &["warning", "warn", "lint"],
    // change and repair
    &["fix", "patch", "workaround", "repair", "resolve"],
    &["upgrade", "update", "bump", "migrate", "migration"],
    &["increase", "raise", "bump", "grow", "extend"],
    &["decrease", "lower", "reduce", "shrink"],
    &["remove", "delete", "drop", "strip"],
    &["add", "create", "insert", "introduce"],
    &["rename", "move", "relocate"],
    &["disable", "turn off", "switch off"],
    &["enable", "turn on", "switch on", "activate"],
    &["revert", "rollback", "roll back", "undo"],
    &["refactor", "restructure", "cleanup", "clean up", "simplify"],
    // building and shipping
    &["build", "compile", "compilation", "bundle"],
    &["deploy", "deployment", "release", "ship", "rollout"],
    &["production", "prod", "live"],
    &["staging", "preprod"],
    &["local", "localhost", "dev"],
    &["install", "setup", "set up", "provision"],
    &["dependency", "package", "library", "module", "crate", "dep"],
    // "package-lock" is how most lock files are spoken of; other lock file names are
    // file names, not words.
    &["lockfile", "lock file", "package-lock"],
    &["test", "spec", "unittest"],
    &["container", "docker", "pod"],
    &[
        "config",
        "configuration",
        "settings",
        "setting",
        "conf",
        "option",
    ],
    &["env var", "environment variable", "envvar", "env"],
    &["secret", "api key", "apikey"],
    // code and data
    &["function", "method", "func", "fn"],
    &["endpoint", "route", "handler", "api"],
    &["request", "call", "fetch"],
    &["response", "reply"],
    &[
        "database",
        "db",
        "sql",
        "postgres",
        "postgresql",
        "mysql",
        "sqlite",
    ],
    &["query", "queries", "lookup"],
    &["cache", "memoize", "cached", "caching"],
    &["async", "await", "promise", "future", "concurrent"],
    &["thread", "goroutine", "coroutine"],
    &["connection", "connect", "socket"],
    &["import", "require", "include"],
    &["schema", "model", "migration"],
    &["page", "screen", "view"],
    &["component", "widget"],
    &["terminal", "tui", "console", "cli", "shell"],
    &["ui", "frontend", "front end", "interface"],
    &["backend", "back end", "server"],
    &["image", "picture", "img", "photo"],
    &["url", "link", "href", "uri"],
    &["https", "tls", "ssl", "certificate"],
    &["directory", "folder", "dir"],
    &["log", "logging", "logger", "trace"],
    &["doc", "docs", "documentation", "readme"],
    // version control
    &["repo", "repository"],
    &["clone", "checkout", "check out"],
    &["commit", "changeset"],
    &["branch", "feature branch"],
    &["merge", "rebase"],
    // platforms
    &["windows", "win32", "win"],
    &["macos", "mac", "osx", "darwin"],
    &["linux", "ubuntu", "debian"],
    &["memory", "ram", "heap"],
    &["cpu", "processor"],
    &["fast", "quick", "speed"],
];

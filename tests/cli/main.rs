//! The command-line tests: one binary (one link) running `mind` through its CLI, a module
//! per command or area, all sharing the hermetic builder in `common`.

mod common;
mod gitrun;

mod agents_next_vault_small;
mod architecture;
mod block_truth_order_and_caps;
mod blocker;
mod checkpoint;
mod concurrency;
mod diff;
mod doctor;
mod edges;
mod first_week;
mod fixes_diff_checkpoint_reminders_errors;
mod fixes_search_recall_context;
mod harvest;
mod helper;
mod home;
mod hooks;
mod hostile;
mod index_text;
mod init;
mod log;
mod loops;
mod mcp;
mod memory;
mod parse;
mod past_solutions_and_harvested_lines;
mod posttool;
mod promote;
mod promote_cache;
mod python_compat;
mod readme;
mod recall;
mod reminders;
mod search;
mod search_grown;
mod semantic;
mod setup;
mod shell;
mod similarity;
mod status;
mod team;

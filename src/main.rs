//! The `mind` binary: everything lives in the library so tests and benches can reach it.
fn main() -> std::process::ExitCode {
    mind::run(std::env::args_os())
}

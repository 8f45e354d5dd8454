#!/usr/bin/env bash
# `mind mcp` benchmark (not a timed test): spawn + initialize, first mind_recall, first
# mind_search on a 1,000-entry memory, as ratios against `true` in the same run and against
# the Python Mind's figures. Needs python3. RUNS=N repetitions (default 10).
#   benches/mcp.sh [ENTRIES]        (default 1000)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --locked --quiet
python3 benches/mcp.py target/release/mind "${1:-1000}"

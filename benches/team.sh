#!/usr/bin/env bash
# Team memory benchmark (not a test): PROJECTS × ENTRIES generated MEMORY.md entries pushed into
# a throwaway PostgreSQL 15 (initdb in a temp folder, Unix socket only, run as `postgres`), then
# an incremental push of 100 new entries, `mind team search` latency over 100 queries, the
# database's size, and overlap@5 between `mind team search` and `mind search --all-projects`
# over the same data (the local copies).
#
#   CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 cargo build --release
#   benches/team.sh                          # 1,000 projects × 1,000 entries (1 M rows)
#   PROJECTS=100 ENTRIES=1000 benches/team.sh   # a scaled run
#
# Needs root (the server runs as the `postgres` user via runuser) and python3. KEEP=1 leaves the
# server and the data in place for profiling (EXPLAIN, strace).
set -euo pipefail
cd "$(dirname "$0")/.."
PROJECTS="${PROJECTS:-1000}"
ENTRIES="${ENTRIES:-1000}"
QUERIES="${QUERIES:-100}"
# `search --all-projects` reads every project per query: fewer queries for the overlap.
OVERLAP_QUERIES="${OVERLAP_QUERIES:-20}"
MIND="${MIND:-$PWD/target/release/mind}"
PG_BIN="${PG_BIN:-/usr/lib/postgresql/15/bin}"
[ -x "$MIND" ] || { echo "build first: $MIND is missing" >&2; exit 1; }

work="$(mktemp -d /tmp/mind-team-bench.XXXXXX)"
chown postgres:postgres "$work"
stop() {
  if [ -n "${KEEP:-}" ]; then
    echo "kept: $work (server on socket $work; stop with: runuser -u postgres -- $PG_BIN/pg_ctl stop -D $work/data)"
    return
  fi
  runuser -u postgres -- "$PG_BIN/pg_ctl" stop -m immediate -D "$work/data" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap stop EXIT
runuser -u postgres -- "$PG_BIN/initdb" -D "$work/data" -A trust -U postgres -E UTF8 --locale=C --no-sync >/dev/null
runuser -u postgres -- "$PG_BIN/pg_ctl" start -w -D "$work/data" -l "$work/log" \
  -o "-c listen_addresses='' -c unix_socket_directories='$work' -c shared_buffers=256MB -c max_wal_size=4GB" >/dev/null
load() { echo "  (load: $(uptime | sed 's/.*load average: //'))"; }
psql() { "$PG_BIN/psql" -X -q -At -h "$work" -U postgres -d bench "$@"; }
"$PG_BIN/psql" -X -q -h "$work" -U postgres -d postgres -c "CREATE DATABASE bench" >/dev/null

export MIND_HOME="$work/home" MIND_DATABASE_URL="host=$work user=postgres dbname=bench"
export MIND_NOW="2026-03-01T09:00:00Z" NO_COLOR=1
mkdir -p "$MIND_HOME"

echo "generating $PROJECTS projects × $ENTRIES entries in $work/projects"
python3 benches/gen_team.py "$work" "$PROJECTS" "$ENTRIES" "$QUERIES"
echo "load before the push: $(uptime | sed 's/.*load average: //')"

rows=$((PROJECTS * ENTRIES))
start=$(date +%s.%N)
(cd "$work/projects/svc0000" && "$MIND" team push --all-projects --quiet)
end=$(date +%s.%N)
python3 -c "t=$end-$start; print(f'full push: {$rows} rows in {t:.1f} s = {$rows/t:,.0f} rows/s')"
load

p0="$work/projects/svc0000/.mind/MEMORY.md"
for i in $(seq 1 100); do echo "learned: incremental entry number $i about the deploy gate" >> "$p0"; done
start=$(date +%s.%N)
(cd "$work/projects/svc0000" && "$MIND" team push --json) | python3 -c "import json,sys; p=json.load(sys.stdin)['pushed'][0]; print(f\"incremental push: {p['inserted']} new rows, {p['unchanged']} unchanged\", end='')"
end=$(date +%s.%N)
python3 -c "print(f' in {($end-$start)*1000:.0f} ms')"
load
start=$(date +%s.%N)
(cd "$work/projects/svc0000" && "$MIND" team push --quiet)
end=$(date +%s.%N)
python3 -c "print(f'unchanged push of one project: {($end-$start)*1000:.0f} ms')"
load

python3 - "$MIND" "$work" "$OVERLAP_QUERIES" <<'PY'
import json, subprocess, sys, time
mind, work, overlap_queries = sys.argv[1], sys.argv[2], int(sys.argv[3])
cwd = f"{work}/projects/svc0000"
queries = [q.strip() for q in open(f"{work}/queries.txt") if q.strip()]
times, overlaps, ranking = [], [], None
for i, q in enumerate(queries):
    t = time.perf_counter()
    out = subprocess.run([mind, "team", "search", "-n", "5", "--json", q], cwd=cwd, capture_output=True, check=True)
    times.append((time.perf_counter() - t) * 1000)
    team = json.loads(out.stdout)
    ranking = team["ranking"]
    if i >= overlap_queries:
        continue
    team_top = {(r["project"], r["text"]) for r in team["results"]}
    local = json.loads(subprocess.run([mind, "search", "--all-projects", "-n", "5", "--json", q],
                                      cwd=cwd, capture_output=True, check=True).stdout)
    local_top = {(r["project"], r["text"]) for r in local["results"]}
    if local_top:
        overlaps.append(len(team_top & local_top) / max(len(local_top), 1))
starts = []
for _ in range(30):
    t = time.perf_counter()
    subprocess.run([mind, "--version"], capture_output=True, check=True)
    starts.append((time.perf_counter() - t) * 1000)
p = lambda q, xs=None: sorted(xs or times)[min(len(xs or times) - 1, int(q * len(xs or times)))]
print(f"process start alone (mind --version): p50 {p(0.5, starts):.1f} ms")
print(f"team search over {len(times)} queries (process start + connect + query): p50 {p(0.5):.1f} ms, p95 {p(0.95):.1f} ms ({ranking})")
print(f"overlap@5 with search --all-projects: {sum(overlaps) / max(len(overlaps), 1):.2f} over {len(overlaps)} queries")
PY
load
echo "database size: $(psql -c "SELECT pg_size_pretty(pg_database_size('bench'))") ($(psql -c "SELECT count(*) FROM mind_entries") rows)"

#!/usr/bin/env python3
"""`mind mcp` over real stdio JSON-RPC, as a client starts it: spawn + `initialize`, the first
`mind_recall`, the first `mind_search` on a 1,000-entry memory (each in a fresh server and a
pristine copy of the project), against `true` (process start) in the same run and against the
Python Mind's figures (reference §16: 470.8 ms spawn+initialize, 21.1 ms first mind_recall,
5.53 s first mind_search with its model load). Medians of RUNS (default 10).

usage: benches/mcp.py MIND_BINARY [ENTRIES]   (benches/mcp.sh builds and calls it)
"""
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

PYTHON = {"spawn+initialize": 0.4708, "first mind_recall": 0.0211, "first mind_search": 5.53}


def median_of(runs, fn):
    return statistics.median(fn() for _ in range(runs))


def time_true():
    start = time.perf_counter()
    subprocess.run(["true"], check=True)
    return time.perf_counter() - start


class Server:
    def __init__(self, mind, cwd, env):
        self.proc = subprocess.Popen([mind, "mcp"], cwd=cwd, env=env, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.id = 0

    def request(self, method, params):
        self.id += 1
        line = json.dumps({"jsonrpc": "2.0", "id": self.id, "method": method, "params": params})
        self.proc.stdin.write(line.encode() + b"\n")
        self.proc.stdin.flush()
        reply = json.loads(self.proc.stdout.readline())
        assert reply.get("id") == self.id and "error" not in reply, reply
        return reply

    def initialize(self):
        self.request("initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                                    "clientInfo": {"name": "bench", "version": "1"}})
        self.proc.stdin.write(b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n')
        self.proc.stdin.flush()

    def call(self, tool, arguments):
        reply = self.request("tools/call", {"name": tool, "arguments": arguments})
        assert not reply["result"].get("isError"), reply
        return reply

    def close(self):
        self.proc.stdin.close()
        assert self.proc.wait() == 0


def main():
    mind = os.path.abspath(sys.argv[1])
    entries = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
    runs = int(os.environ.get("RUNS", "10"))
    here = os.path.dirname(os.path.abspath(__file__))
    work = tempfile.mkdtemp()
    try:
        env = dict(os.environ, MIND_HOME=os.path.join(work, "home"),
                   MIND_NOW="2026-01-15T09:00:00Z", NO_COLOR="1")
        pristine = os.path.join(work, "pristine")
        os.makedirs(pristine)
        subprocess.run([mind, "init", "--quiet"], cwd=pristine, env=env, check=True)
        with open(os.path.join(pristine, ".mind", "MEMORY.md"), "w") as f:
            subprocess.run([sys.executable, os.path.join(here, "gen_memory.py"), str(entries)],
                           stdout=f, check=True)
        model = json.loads(subprocess.run([mind, "model", "status", "--json"], env=env,
                                          capture_output=True, check=True).stdout)

        def fresh():
            project = os.path.join(work, "p")
            shutil.rmtree(project, ignore_errors=True)
            shutil.copytree(pristine, project, symlinks=True)
            return project

        def spawn_initialize():
            project = fresh()
            start = time.perf_counter()
            server = Server(mind, project, env)
            server.initialize()
            elapsed = time.perf_counter() - start
            server.close()
            return elapsed

        def first(tool, arguments):
            def run():
                project = fresh()
                server = Server(mind, project, env)
                server.initialize()
                start = time.perf_counter()
                server.call(tool, arguments)
                elapsed = time.perf_counter() - start
                server.close()
                return elapsed
            return run

        rows = [
            ("true", median_of(runs, time_true)),
            ("spawn+initialize", median_of(runs, spawn_initialize)),
            ("first mind_recall", median_of(runs, first("mind_recall", {}))),
            ("first mind_search",
             median_of(runs, first("mind_search", {"query": "timeout under load on Windows"}))),
        ]
        floor = rows[0][1]
        semantic = "semantic (model installed)" if model.get("installed") else "lexical (no model installed)"
        print(f"MEMORY.md: {entries} entries; search: {semantic}; medians of {runs}")
        print("| scenario | mind mcp | × true | Python Mind | mind ÷ Python |")
        print("|---|---:|---:|---:|---:|")
        for name, seconds in rows:
            py = PYTHON.get(name)
            ratio_py = f"{seconds / py:.3f}" if py else "—"
            py_text = f"{py * 1000:.1f} ms" if py else "—"
            print(f"| {name} | {seconds * 1000:.1f} ms | {seconds / floor:.1f} | {py_text} | {ratio_py} |")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Builds tests/eval/similarity-pairs.jsonl: labelled pairs of memory lines for deriving the
similarity bands of promotion and loop detection (see similarity-pairs-SOURCES.md).

Side `a` is a held-out entry (tests/eval/search-tech-entries.jsonl by index, `T<n>`, or
search-conv-entries.jsonl, `C<n>`) or a line written here; side `b` is written here or is
another held-out entry. Labels, by meaning:
  duplicate  b says what a says (reworded, reordered, shortened); keeping both adds nothing
  update     same subject, the claim changed (a new number, a reversal, a correction):
             b should replace a
  related    same topic or incident, a different claim; both stay true
  unrelated  different subjects (many share words on purpose)

usage: python3 tests/eval/similarity-pairs-build.py > tests/eval/similarity-pairs.jsonl
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def load(name):
    with open(os.path.join(HERE, name)) as f:
        return [json.loads(line)["text"] for line in f if line.strip()]


TECH = load("search-tech-entries.jsonl")
CONV = load("search-conv-entries.jsonl")


def text(ref):
    if ref.startswith("T") and ref[1:].isdigit():
        return TECH[int(ref[1:])]
    if ref.startswith("C") and ref[1:].isdigit():
        # A dialogue turn without its speaker.
        return CONV[int(ref[1:])].split(": ", 1)[1]
    return ref


DUPLICATE = [
    ("T0", "learned: with GO_ENV=production the .env file is never read, config.go skips godotenv.Load()"),
    ("T3", "gotcha: the test server wipes every table when it starts, so restart it to get a clean database between runs"),
    ("T5", "use `npx ng test`, never `npx vitest run` directly - the Angular builder wraps Vitest"),
    ("T7", "mixing major versions of @storybook/* packages gives ESM errors; keep them all on one major"),
    ("T10", "the web SSR listens on 4001, not 4000 or 4200, and nginx forwards to 4001"),
    ("T11", "Docker skips UFW, so container ports have to be bound to 127.0.0.1"),
    ("T12", "a physical device needs adb reverse tcp:9999 tcp:9999 to reach the test server"),
    ("T16", "shifting a font family after hinting leaves hints that no longer fit the outlines"),
    ("T23", "stripping the non-standard kern table loses nothing since GPOS carries the real kerning"),
    ("T26", "GDI clips glyphs when the win metrics reach past the glyph bounding box"),
    ("T46", "the estimator evaluates dynamic equations with eval(), which is a security risk"),
    ("T55", "learned: the Nado API is eventually consistent - orders may not show up at once, and a vanished order was not necessarily filled"),
    ("T57", "never trust the P&L the bot computes itself; always take the numbers from the exchange API"),
    ("T59", "taker fees (0.035%) are 3.5 times the maker fee (0.01%)"),
    ("T61", "bots must read the balance when they trade instead of caching it at startup"),
    ("T80", "POST_ONLY orders are maker-only and get rejected if they would cross the spread"),
    ("T93", "learned: images built on Apple Silicon are linux/arm64 by default and an x86_64 host cannot run them"),
    ("T94", "fixed: release images are built with buildx for both linux/amd64 and linux/arm64 and pushed, so each host pulls its own architecture"),
    ("T96", "decided: only CI builds and pushes images, never a laptop"),
    ("T99", "fixed: set NODE_OPTIONS=--max-old-space-size=4096 for the build step, V8's default heap cap is much lower than the runner's memory"),
    ("T100", "learned: --max-old-space-size must be given to the node process that runs the bundler - setting it on npm or a wrapper script has no effect"),
    ("T102", "decided: no source maps in the CI production bundle, they doubled the minifier's peak memory"),
    ("T104", "learned: WAL allows readers next to a writer but still only one writer; a second writer waits busy_timeout and then gets SQLITE_BUSY"),
    ("T105", "fixed: journal_mode=WAL set once and busy_timeout=5000 on each connection, so writers wait in line instead of failing"),
    ("T106", "decided: one writer goroutine fed by a channel does all writes; readers get a separate read-only pool"),
    ("T107", "gotcha: busy_timeout applies per connection, so a lazily growing pool needs _busy_timeout=5000 in the DSN rather than a one-time PRAGMA"),
    ("T110", "learned: ENOSPC from fs.watch means the inotify watch limit per user (max_user_watches, often 8192) ran out, not the disk"),
    ("T111", "fixed: raised fs.inotify.max_user_watches to 524288 in /etc/sysctl.d/99-watchers.conf and applied it with sysctl --system so it survives a reboot"),
    ("T112", "gotcha: sysctl -w is gone after a reboot and the watcher crash comes back"),
    ("T115", "learned: React StrictMode in development mounts, unmounts and mounts again, so an effect with empty deps fires twice; production fires it once"),
    ("T116", "fixed: fetching effects return a cleanup that aborts the request through an AbortController, which cancels the first of the two calls"),
    ("T117", "decided: StrictMode stays enabled - turning it off would just hide effects that are unsafe to run twice"),
    ("T120", "learned: if the git-lfs smudge filter is not installed, checkout leaves the LFS pointer files in place of the real files"),
    ("T121", "fixed: the CI checkout now uses lfs: true so the real binaries are downloaded instead of pointers"),
    ("T125", "learned: Outlook and Hotmail junk mail from a domain without SPF and DKIM for the sender service"),
    ("T127", "gotcha: a domain can have only one v=spf1 TXT record; adding a second for another provider breaks SPF for both"),
    ("T130", "learned: exit 137 = 128 + 9, a SIGKILL, nearly always the OOM killer after the container went over its memory limit"),
    ("T133", "decided: memory requests equal memory limits in every deployment so nodes are never overcommitted"),
    ("T135", "learned: Vite hands only VITE_-prefixed variables to client code, so nothing else from .env ends up in the bundle"),
    ("T137", "gotcha: Vite inlines env values when it builds; changing VITE_API_URL on the server afterwards has no effect until the image is rebuilt"),
    ("T140", "learned: new Date(\"2024-03-15\") is midnight UTC, so toLocaleDateString shows the day before for users west of Greenwich"),
    ("T145", "learned: pull_request runs from forks get no repository secrets apart from GITHUB_TOKEN; secret expressions come out empty"),
    ("T148", "gotcha: an if: condition cannot reference secrets directly - put the secret in env and test the env variable"),
    ("T150", "learned: sending JSON makes the browser do an OPTIONS preflight first, which curl never does - that is why the API seemed fine from the terminal"),
    ("T153", "decided: the CORS allow-list is configured per environment and never uses a wildcard, not even in staging"),
    ("bump the request timeout to 60 seconds", "tried increasing the timeout to 60s"),
    ("switched reqwest to rustls to drop the OpenSSL dependency", "moved reqwest onto rustls so we no longer need OpenSSL"),
    ("decided: use JWT access tokens that expire after 15 minutes", "decided: access tokens are JWTs with a 15 minute lifetime"),
]

UPDATE = [
    ("T10", "gotcha: the web SSR now runs on port 4002 - nginx proxies to 4002"),
    ("T11", "learned: Docker ports no longer need to bind to 127.0.0.1 since we enabled ufw-docker, which makes UFW filter container ports"),
    ("T59", "learned: the taker fee rate is now 0.05%, five times the maker fee of 0.01%"),
    ("T61", "decided: bots cache the balance at startup again and refresh it every 10 minutes - fetching it on every trade hit the rate limit"),
    ("T63", "Hibachi now refreshes every 60s instead of every 30s"),
    ("T66", "Extended: 2-4x leverage, base_pct 70%, $100-$500 limits"),
    ("T67", "`price_history` maxlen is now 720 (12 minutes buffer)"),
    ("T84", "market spread on Paradex is now about 1.5 bps"),
    ("T85", "actually fill rate stays flat up to 10 bps; it only drops beyond that"),
    ("T96", "decided: developers may push images from their laptops again now that buildx always builds both platforms"),
    ("T99", "fixed: NODE_OPTIONS=--max-old-space-size=8192 in the build step - 4096 was no longer enough after the charts package landed"),
    ("T102", "decided: source maps are enabled again for the CI production bundle now that the runners have 16 GB"),
    ("T105", "fixed: busy_timeout raised to 15000 on every connection - 5000 still let the nightly sync fail"),
    ("T106", "decided: dropped the single writer goroutine; writes go through the normal pool again since WAL plus busy_timeout is enough"),
    ("T110", "learned: actually the default max_user_watches on the new kernels is 65536, not 8192"),
    ("T111", "fixed: fs.inotify.max_user_watches is now 1048576 - 524288 ran out again with the monorepo"),
    ("T113", "decided: the watcher now watches the whole tree including node_modules so linked packages reload"),
    ("T117", "decided: StrictMode is turned off in the admin app - the legacy chart widgets cannot run their effects twice"),
    ("T121", "fixed: the checkout no longer uses lfs: true; it runs git lfs pull --include textures/ so only the textures are fetched"),
    ("T128", "decided: DMARC moved from p=none to p=quarantine after a month of clean reports"),
    ("T131", "fixed: resources.limits.memory is now 1Gi - 768Mi was hit again when the CSVs doubled in size"),
    ("T133", "decided: memory requests no longer equal limits; requests are half the limit so small nodes can pack more pods"),
    ("T138", "decided: server-only credentials move to a secrets manager and are no longer read from process.env"),
    ("T142", "decided: the API now sends calendar dates as ISO instants with Z as well, for one date format everywhere"),
    ("T146", "decided: the test workflow now uses pull_request_target, with the fork's code checked out only in a job that has no secrets"),
    ("T153", "decided: staging allows a wildcard CORS origin now; only production keeps the allow-list"),
    ("decided: use JWT access tokens that expire after 15 minutes", "decided: JWT access tokens now expire after 5 minutes"),
    ("learned: the API rate limit is 100 requests per minute", "learned: the API rate limit is 1000 requests per minute since the plan upgrade"),
    ("learned: the payments sandbox accepts any card number", "learned: the payments sandbox no longer accepts arbitrary card numbers, only the documented test cards"),
    ("decided: Postgres for the job queue", "decided: moved the job queue from Postgres to Redis Streams"),
    ("learned: CI runners have 2 CPU cores", "learned: CI runners have 4 CPU cores since the January runner upgrade"),
    ("decided: the mobile app supports iOS 15 and later", "decided: the mobile app now requires iOS 16 or later"),
    ("learned: the search service caches results for 5 minutes", "learned: actually the search service caches results for an hour, not 5 minutes"),
    ("decided: deploys happen on Tuesdays and Thursdays", "decided: we deploy every weekday now, not only Tuesdays and Thursdays"),
    ("learned: the staging database is restored from production every night", "learned: the staging database is no longer restored from production - it is seeded with synthetic data"),
    ("decided: logs are kept for 30 days", "decided: logs are kept for 90 days for the audit"),
    ("learned: the image upload limit is 10 MB", "learned: the image upload limit was raised to 25 MB"),
    ("decided: Node 18 in all Dockerfiles", "decided: all Dockerfiles move to Node 20"),
    ("learned: the cron job runs at 02:00 UTC", "learned: the cron job was moved to 04:00 UTC to avoid the backup window"),
    ("decided: feature flags live in LaunchDarkly", "decided: feature flags moved out of LaunchDarkly into our own config service"),
]

# Same topic, another claim: pairs of held-out entries about one incident or component.
RELATED = [
    ("T1", "T2"), ("T3", "T4"), ("T6", "T7"), ("T9", "T10"), ("T12", "T13"),
    ("T15", "T16"), ("T16", "T17"), ("T20", "T21"), ("T21", "T22"), ("T26", "T27"), ("T28", "T29"),
    ("T45", "T52"), ("T46", "T47"), ("T55", "T73"), ("T58", "T80"), ("T59", "T58"),
    ("T64", "T65"), ("T76", "T77"), ("T84", "T85"), ("T87", "T85"),
    ("T92", "T93"), ("T93", "T97"), ("T98", "T101"), ("T99", "T102"),
    ("T103", "T106"), ("T104", "T108"), ("T109", "T113"), ("T110", "T112"),
    ("T114", "T118"), ("T115", "T117"), ("T119", "T122"), ("T121", "T123"),
    ("T124", "T128"), ("T126", "T127"), ("T129", "T133"), ("T130", "T132"),
    ("T134", "T137"), ("T135", "T138"), ("T139", "T142"), ("T141", "T143"),
    ("T144", "T146"), ("T147", "T148"), ("T149", "T151"), ("T150", "T153"),
    ("C0", "C2"), ("C5", "C6"), ("C8", "C11"), ("C13", "C15"), ("C23", "C28"), ("C36", "C38"),
    ("C40", "C41"), ("C43", "C46"), ("C47", "C52"),
]

# Different subjects; many share a word or a tool on purpose.
UNRELATED = [
    ("T0", "T137"), ("T3", "T103"), ("T4", "T11"), ("T5", "T115"), ("T9", "T149"),
    ("T10", "T84"), ("T11", "T94"), ("T12", "T109"), ("T14", "T59"), ("T17", "T121"),
    ("T19", "T68"), ("T26", "T139"), ("T30", "T106"), ("T36", "T122"), ("T43", "T105"),
    ("T46", "T100"), ("T49", "T142"), ("T57", "T133"), ("T61", "T131"), ("T63", "T112"),
    ("T67", "T101"), ("T87", "T127"), ("T92", "T129"), ("T95", "T132"), ("T96", "T147"),
    ("T98", "T110"), ("T99", "T111"), ("T102", "T123"), ("T104", "T151"), ("T107", "T111"),
    ("T113", "T121"), ("T116", "T152"), ("T118", "T143"), ("T120", "T148"), ("T125", "T145"),
    ("T130", "T85"), ("T134", "T0"), ("T136", "T126"), ("T140", "T105"), ("T144", "T119"),
    ("T150", "T135"), ("C11", "C52"), ("C15", "C33"), ("C23", "C47"), ("C36", "C29"),
    ("bump the request timeout to 60 seconds", "switched reqwest to rustls to drop the OpenSSL dependency"),
    ("decided: use JWT access tokens that expire after 15 minutes", "learned: the cron job runs every 15 minutes"),
    ("learned: the API rate limit is 100 requests per minute", "decided: the API docs are generated from the OpenAPI file"),
    ("decided: Postgres for the job queue", "learned: Postgres VACUUM FULL locks the table"),
]


def rows():
    for label, pairs in [
        ("duplicate", DUPLICATE),
        ("update", UPDATE),
        ("related", RELATED),
        ("unrelated", UNRELATED),
    ]:
        for a, b in pairs:
            src = [r for r in (a, b) if r[0] in "TC" and r[1:].isdigit()]
            yield {"label": label, "a": text(a), "b": text(b), "from": src or ["written"]}


if __name__ == "__main__":
    for r in rows():
        print(json.dumps(r, ensure_ascii=False))

"""Where a durable referral signup's CPU time goes on PostgreSQL, by stage, from the whole
machine's perf samples during the one-server 100-brands case (see BENCH_PG_PROFILE in
bench.sh) and, when BENCH_PG_STATS was set too, pg_stat_statements' time of each statement.

Arguments: the `perf report --sort comm` text (pg-comm.txt), the server's thread names (one
a line), PostgreSQL's and the server's CPU a signup (µs, from /proc), and optionally the
statements' dump (calls|total ms|query, one a line) and the case's number of signups.

PostgreSQL's µs are split by statement (execution time, which for these statements is CPU:
none waits on a lock but the lock's own); what is left is PostgreSQL's work around them
(the protocol, parsing and binding, the commit's WAL flush, its background processes). The
server's µs are split by its threads' shares of the samples."""
import re
import sys

COMM = re.compile(r"^\s*([\d.]+)%\s+[\d.]+%\s+(.*?)\s*$")

# The server's threads (their names), what each does.
THREADS = [
    ("actix-rt|system", "HTTP: reading requests, the handlers (authentication, the body), the answers"),
    ("referrals-pg", "the store's runtime: the brands' writers (the decision, its statements built) and the connections (sending statements, reading rows)"),
    # Builds before the writers and the connections shared one runtime.
    ("postgres-decide", "the brands' writers: the decision (its reads, the engine's rules), its statements built"),
    ("postgres-io", "the connections to PostgreSQL: sending statements, reading rows"),
]

# A statement's text, what it is.
STATEMENTS = [
    (r"^SELECT pg_advisory_xact_lock", "the brand's lock"),
    (r"^(BEGIN|COMMIT)$", "BEGIN and COMMIT"),
    (r"^SELECT \(SELECT", "the reads named ahead and the campaigns' held numbers (one SELECT)"),
    (r"^WITH ", "the decision's rows: participant, rewards, marks, the referrer, the held row (one statement)"),
]


def shares(path):
    found = {}
    with open(path, errors="replace") as report:
        for line in report:
            m = COMM.match(line)
            if m:
                found[m.group(2)] = found.get(m.group(2), 0.0) + float(m.group(1))
    return found


def row(label, us, total, indent=0):
    print(f"| {'&nbsp;' * 2 * indent}{label} | {us:.0f} | {100 * us / total:.0f} % |")


def main(comm_path, threads_path, pg_us, server_us, statements_path=None, signups=None):
    by_comm = shares(comm_path)
    with open(threads_path) as names:
        server_threads = {name.strip() for name in names if name.strip()}
    on_server = {comm: share for comm, share in by_comm.items() if comm in server_threads}
    server_total = sum(on_server.values()) or 1.0
    total = pg_us + server_us
    print(f"\nwhere a signup's {total:.0f} µs of CPU go (PostgreSQL {pg_us:.0f}, the server {server_us:.0f}):")
    print("| stage | µs | share |\n|---|---:|---:|")
    row("PostgreSQL", pg_us, total)
    if statements_path and signups:
        spent = {}
        with open(statements_path, errors="replace") as dump:
            for line in dump:
                parts = line.rstrip("\n").split("|", 2)
                if len(parts) < 3:
                    continue
                label = next((l for p, l in STATEMENTS if re.search(p, parts[2].strip())), None)
                if label:
                    spent[label] = spent.get(label, 0.0) + float(parts[1]) * 1000 / signups
        for _, label in STATEMENTS:
            if label in spent:
                row(label, spent[label], total, 1)
        row("around the statements: the protocol, parse and bind, the commit's WAL flush, background work",
            max(pg_us - sum(spent.values()), 0.0), total, 1)
    row("the server", server_us, total)
    named = 0.0
    for comm, label in THREADS:
        if comm in on_server:
            us = on_server[comm] / server_total * server_us
            named += us
            row(label, us, total, 1)
    row("its other threads", max(server_us - named, 0.0), total, 1)


if __name__ == "__main__":
    a = sys.argv[1:]
    main(a[0], a[1], float(a[2]), float(a[3]), a[4] if len(a) > 4 else None, float(a[5]) if len(a) > 5 else None)

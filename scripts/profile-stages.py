"""Where a durable referral signup's CPU time goes, by stage, from a `perf report --children`
text report of the server under the 100-brands signup load (see BENCH_PROFILE in bench.sh).
With the server's CPU time a signup (µs) as the second argument, each stage's µs beside it.

Each stage is the inclusive share of the samples in its frames (a frame's callees count
with it), so nested stages are shown nested and the top level adds up to at most 100 %."""
import re
import sys

# (indent, label, patterns): the first frame matching one of the patterns counts, inclusive.
STAGES = [
    (0, "HTTP workers: the connection, the request, the handler's own work", [r"<actix_http::h1::dispatcher::Dispatcher<T,S,B,X,U> as core::future::future::Future>::poll"]),
    (1, "reading and parsing requests", [r"InnerDispatcher<T,S,B,X,U>::poll_request"]),
    (1, "the handler: authentication, the body, the campaign's read", [r"^referrals::http::query::refuse_unknown::\{\{closure\}\}$"]),
    (1, "rendering the answer (serde_json)", [r"referrals::http::envelope::created"]),
    (1, "writing answers to the socket", [r"InnerDispatcher<T,S,B,X,U>::poll_flush"]),
    (0, "the brand's writer (src/store/writer.rs): decide, then commit", [r"referrals::store::writer::write::\{\{closure\}\}"]),
    (1, "the decision: its reads and the engine", [r"referrals::store::decision::Handover<D> as referrals::store::decision::Handed>::decide"]),
    (2, "the engine's rules (decide_signup)", [r"referrals::domain::engine::signup::decide_signup"]),
    (3, "of which the email look-up (is the address taken?)", [r"participant_id_with_email"]),
    (1, "the commit", [r"SledSession as referrals::store::interface::BrandSession>::commit"]),
    (2, "the writes in the key layout (encoding, staging)", [r"referrals::store::sled::decisions::SledSession::stage"]),
    (2, "the journaled write set (journal entry, the writes, its removal)", [r"referrals::store::sled::overlay::Overlay::commit_journaled"]),
    (3, "of which sled's inserts (tree walk, node copy, splits)", [r"^sled::tree::Tree::insert$"]),
    (0, "sled's background threads (log buffers to the file)", [r"sled::threadpool::perform_work"]),
    (0, "the group commit's flusher (sled flush, fdatasync)", [r"group_commit::.*start_with"]),
    (0, "idle (epoll wait)", [r"^epoll_wait"]),
]

LINE = re.compile(r"^\s*([\d.]+)%\s+([\d.]+)%\s+\[[.k]\]\s+(.*?)(\s+-\s+-)?\s*$")


def main(path, per_signup_us=None):
    rows = []
    with open(path, errors="replace") as report:
        for line in report:
            m = LINE.match(line)
            if m:
                rows.append((float(m.group(1)), m.group(3).strip()))
    if not rows:
        sys.exit(f"no samples in {path}: is perf installed and allowed to sample?")
    print("\nwhere the server's CPU time went during the 100-brands signup case (inclusive % of samples"
          + (f"; µs of the {per_signup_us:.0f} µs a signup" if per_signup_us else "") + "):")
    for indent, label, patterns in STAGES:
        share = None
        for pattern in patterns:
            found = [children for children, symbol in rows if re.search(pattern, symbol)]
            if found:
                share = max(found) if share is None else max(share, max(found))
        shown = "   -  " if share is None else f"{share:5.1f}%"
        if per_signup_us:
            shown += "      " if share is None else f" {share * per_signup_us / 100:5.1f} µs"
        print(f"  {'    ' * indent}{shown}  {label}")


if __name__ == "__main__":
    main(sys.argv[1], float(sys.argv[2]) if len(sys.argv) > 2 and sys.argv[2] else None)

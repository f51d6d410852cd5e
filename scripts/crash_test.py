#!/usr/bin/env python3
"""Crash test of the referrals server (see crash-test.sh). Standard library only."""

import argparse
import atexit
import hashlib
import hmac
import http.client
import shutil
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time


# The admin API moves the test's member to the plan without limits (thousands of
# participants a campaign). A throwaway token of this process's server only.
ADMIN_TOKEN = "crash-test-admin-token-" + os.urandom(8).hex()


class Server:
    """The server process on a fixed data directory; restarted after each kill."""

    def __init__(self, binary, data_dir, log, database_url=None):
        self.binary, self.data_dir, self.log = binary, data_dir, log
        self.database_url = database_url
        self.proc, self.port = None, None

    def journal_replays(self):
        """How many starts so far re-applied journal entries left by a kill."""
        self.log.flush()
        with open(self.log.name) as f:
            return sum("re-applied brand writes" in line for line in f)

    def config(self):
        """config.toml with the member's write limit lifted: one member sends every signup."""
        path = os.path.join(os.path.dirname(self.data_dir), "config.toml")
        with open("config.toml") as f:
            text = f.read()
        text = text.replace("member_writes_per_minute = 120000", "member_writes_per_minute = 60000000")
        text = text.replace("member_writes_burst = 5000", "member_writes_burst = 1000000")
        with open(path, "w") as f:
            f.write(text)
        return path

    def start(self):
        env = dict(os.environ, REFERRALS_ADMIN_TOKEN=ADMIN_TOKEN)
        if self.database_url:
            # PostgreSQL: the data directory keeps only the generated secret.
            env.update(REFERRALS_STORAGE_BACKEND="postgres", REFERRALS_DATABASE_URL=self.database_url)
        self.proc = subprocess.Popen(
            [self.binary, "--config", self.config(), "--bind", "127.0.0.1:0", "--data-dir", self.data_dir, "--log-level", "warn"],
            stdout=subprocess.PIPE, stderr=self.log, text=True, env=env)
        line = self.proc.stdout.readline()
        if "listening on http://" not in line:
            sys.exit(f"server did not start: {line!r}")
        self.port = int(line.split("http://")[1].split()[0].rsplit(":", 1)[1])

    def kill(self):
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()

    def stop(self):
        self.proc.send_signal(signal.SIGTERM)
        self.proc.wait(timeout=60)


class Client:
    """One keep-alive connection."""

    def __init__(self, port, token=None):
        self.port, self.token = port, token
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def call(self, method, path, body=None, content_type="application/json", root="/api/v1", headers=None):
        headers = dict(headers or {})
        if self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        data = None
        if body is not None:
            data = body if isinstance(body, (bytes, str)) else json.dumps(body)
            headers["Content-Type"] = content_type
        self.conn.request(method, root + path, body=data, headers=headers)
        response = self.conn.getresponse()
        return response.status, json.loads(response.read() or b"null")

    def ok(self, method, path, body=None, **kw):
        status, answer = self.call(method, path, body, **kw)
        if status >= 300:
            sys.exit(f"{method} {path} -> {status} {answer}")
        return answer["data"]


# Coupon files one round's importer uploads at most before the kill.
MAX_IMPORT_FILES = 40


def kill_during(server, threads, stop, low, high):
    """Runs `threads`, kills the server with SIGKILL after a random `low`..`high` seconds,
    lets the threads see it, and starts the server again on the same data."""
    for t in threads:
        t.start()
    time.sleep(random.uniform(low, high))
    server.kill()
    stop.set()
    for t in threads:
        t.join()
    server.start()


def all_pages(client, path, key="participants"):
    """Every item of a list endpoint (`path` has its query already), page by page."""
    items, page = [], 1
    while True:
        data = client.ok("GET", f"{path}&page={page}&limit=100")
        items += data[key]
        if page >= data["pagination"]["totalPages"]:
            return items
        page += 1


# What each worker does to one held reward, in order. An approval leaves it issued, or
# pending while the pool has no coupon (then a fulfil is skipped: it would be refused).
PLANS = [
    [("approve", {}), ("fulfil", {})],
    [("void", {"reason": "crash test"})],
    [("approve", {}), ("void", {"reason": "crash test"})],
]
# The states each move can leave a reward in.
RESULTS = {"approve": {"issued", "pending"}, "fulfil": {"fulfilled"}, "void": {"voided"}}


def lifecycle_round(server, token, round_no, referrer, workers, per_round):
    """Earns `per_round` held rewards, then moves them (approve, fulfil, void) from several
    workers, each on its own rewards, and kills the server mid-way. After the restart every
    reward is in the state its last acknowledged move left, or in one the move in flight
    could leave (applied, its answer cut off by the kill): no acknowledged move is lost."""
    client = Client(server.port, token)
    rewards = []
    for i in range(per_round):
        data = client.ok("POST", "/signups/referral", {"referral_code": referrer["referral_code"], "email": f"held{round_no}-{i}@crash.example"})
        rewards.append(data["referrer_reward"]["id"])
    progress = {}  # reward id -> (state acknowledged last, the move in flight or None)
    lock = threading.Lock()
    stop = threading.Event()

    def worker(mine):
        client = Client(server.port, token)
        for reward_id in mine:
            state = "held"
            for action, body in PLANS[reward_id % len(PLANS)]:
                if stop.is_set() or (action == "fulfil" and state != "issued"):
                    break
                with lock:
                    progress[reward_id] = (state, action)
                try:
                    status, answer = client.call("POST", f"/rewards/{reward_id}/{action}", body)
                except (OSError, http.client.HTTPException):
                    return
                if status != 200:
                    sys.exit(f"round {round_no}: {action} of reward {reward_id} -> {status} {answer}")
                state = answer["data"]["status"]
                with lock:
                    progress[reward_id] = (state, None)

    kill_during(server, [threading.Thread(target=worker, args=(rewards[w::workers],)) for w in range(workers)], stop, 0.01, 0.25)
    client = Client(server.port, token)
    acknowledged = 0
    for reward_id, (state, in_flight) in progress.items():
        allowed = {state} | (RESULTS[in_flight] if in_flight else set())
        status = client.ok("GET", f"/rewards/{reward_id}")["status"]
        if status not in allowed:
            sys.exit(f"round {round_no}: reward {reward_id} is {status} after restart; its acknowledged moves left it {state}")
        acknowledged += state != "held"
    print(f"round {round_no:2d}: {acknowledged:5d} rewards moved and acknowledged before SIGKILL, none lost", flush=True)


# The Stripe endpoint's signing secret of the test's brand (the test signs as Stripe does).
STRIPE_SECRET = "whsec_crash" + os.urandom(12).hex()


def stripe_events(round_no, friends):
    """A paid checkout for each friend and, for every third, the full refund of its payment."""
    events = []
    for i, email in enumerate(friends):
        pi = f"pi_{round_no}_{i}"
        paid = {"type": "checkout.session.completed", "data": {"object": {"id": f"cs_{round_no}_{i}", "customer_details": {"email": email}, "amount_total": 1990, "currency": "eur", "payment_intent": pi}}}
        refund = {"type": "charge.refunded", "data": {"object": {"id": f"ch_{round_no}_{i}", "payment_intent": pi, "refunded": True}}} if i % 3 == 0 else None
        events.append((f"cs_{round_no}_{i}", json.dumps(paid), refund and json.dumps(refund)))
    return events


def deliver(client, brand, body):
    t = str(int(time.time()))
    mac = hmac.new(STRIPE_SECRET.encode(), f"{t}.{body}".encode(), hashlib.sha256).hexdigest()
    return client.call("POST", f"/hooks/stripe/{brand}", body, root="", headers={"Stripe-Signature": f"t={t},v1={mac}"})


def stripe_round(server, token, round_no, brand, campaign, referrer, workers, per_round):
    """Stripe reports `per_round` payments of referred friends (and refunds a third of them)
    from several workers; the server is killed mid-way. After the restart every acknowledged
    payment is one conversion and every acknowledged refund has refunded it; then Stripe
    redelivers every event of the round, and each payment is still exactly one conversion
    with one reward for the referrer (voided when refunded)."""
    client = Client(server.port, token)
    friends = [f"payer{round_no}-{i}@crash.example" for i in range(per_round)]
    for email in friends:
        client.ok("POST", "/signups/referral", {"referral_code": referrer["referral_code"], "email": email})
    events = stripe_events(round_no, friends)
    paid_acks, refund_acks = set(), set()
    lock = threading.Lock()
    stop = threading.Event()

    def worker(mine):
        client = Client(server.port, token)
        for external_id, paid, refund in mine:
            for kind, body in (("paid", paid), ("refund", refund)):
                if body is None or stop.is_set():
                    break
                try:
                    status, answer = deliver(client, brand, body)
                except (OSError, http.client.HTTPException):
                    return
                if status != 200:
                    sys.exit(f"round {round_no}: Stripe {kind} of {external_id} -> {status} {answer}")
                with lock:
                    (paid_acks if kind == "paid" else refund_acks).add(external_id)

    kill_during(server, [threading.Thread(target=worker, args=(events[w::workers],)) for w in range(workers)], stop, 0.02, 0.8)
    client = Client(server.port, token)
    recorded = {c["external_id"]: c for c in all_pages(client, f"/conversions?campaign_id={campaign}", "conversions")}
    for external_id in paid_acks:
        if external_id not in recorded:
            sys.exit(f"round {round_no}: acknowledged Stripe payment {external_id} has no conversion after restart")
    for external_id in refund_acks:
        if recorded[external_id]["status"] != "refunded":
            sys.exit(f"round {round_no}: acknowledged refund of {external_id} lost after restart")
    # Stripe redelivers everything of the round; nothing may double.
    for external_id, paid, refund in events:
        for body in (paid, refund):
            if body is not None:
                status, answer = deliver(client, brand, body)
                if status != 200 or answer["data"]["outcome"] not in ("recorded", "refunded"):
                    sys.exit(f"round {round_no}: redelivery for {external_id} -> {status} {answer}")
    print(f"round {round_no:2d}: {len(paid_acks):5d} Stripe payments and {len(refund_acks)} refunds acknowledged before SIGKILL, none lost", flush=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--workers", type=int, default=16)
    parser.add_argument("--referrers", type=int, default=50)
    parser.add_argument("--coupons-per-round", type=int, default=150)
    parser.add_argument("--held-per-round", type=int, default=600)
    parser.add_argument("--import-size", type=int, default=5000, help="codes per coupon file uploaded during the kill window")
    parser.add_argument("--payments-per-round", type=int, default=1500)
    parser.add_argument("--database-url", help="an empty PostgreSQL database to run on instead of the embedded one")
    args = parser.parse_args()

    work = tempfile.mkdtemp(prefix="referrals-crash-")
    log = open(os.path.join(work, "server.log"), "w")
    server = Server(args.binary, os.path.join(work, "data"), log, args.database_url)
    atexit.register(lambda: (server.proc and server.proc.poll() is None and server.proc.kill(), shutil.rmtree(work, ignore_errors=True)))
    server.start()
    setup = Client(server.port)
    setup.ok("POST", "/members", {"email": "crash@example.com", "name": "Crash", "password": "crash-test-pw"})
    login = setup.ok("POST", "/auth/token", {"email": "crash@example.com", "password": "crash-test-pw"})
    token = login["token"]
    status, answer = Client(server.port, ADMIN_TOKEN).call("PUT", f"/members/{login['member']['id']}/plan", {"plan_id": 3}, root="/admin/v1")
    if status != 200:
        sys.exit(f"moving the member to the Scale plan -> {status} {answer}")
    admin = Client(server.port, token)
    brand = admin.ok("POST", "/brands", {"url": "https://crash.example.com"})["id"]
    campaign = admin.ok("POST", "/campaigns", {"name": "Crash", "url_id": brand, "reward_type": 1, "num_signups": 1, "reward_invited": True})["id"]
    referrers = [admin.ok("POST", "/signups", {"campaign_id": campaign, "email": f"referrer{i}@crash.example"})["participant"] for i in range(args.referrers)]
    # Rewards held 30 days, moved by hand: the lifecycle part of each round.
    held_campaign = admin.ok("POST", "/campaigns", {"name": "Held", "url_id": brand, "reward_type": 1, "num_signups": 1, "hold_days": 30})["id"]
    held_referrer = admin.ok("POST", "/signups", {"campaign_id": held_campaign, "email": "held-referrer@crash.example"})["participant"]
    # Payments reported by Stripe: each referred payer's first payment earns the referrer 5.00.
    paid_campaign = admin.ok("POST", "/campaigns", {"name": "Paid", "url_id": brand, "reward_type": 5, "reward_value": "5", "num_signups": 1, "goal_type": "conversion"})["id"]
    paid_referrer = admin.ok("POST", "/signups", {"campaign_id": paid_campaign, "email": "paid-referrer@crash.example"})["participant"]
    admin.ok("PUT", f"/brands/{brand}/stripe", {"signing_secret": STRIPE_SECRET})

    # Coupon imports cut off by the kill: each round's files are uploaded again after the
    # restart, and again once more; every code is in the pool once.
    import_campaign = admin.ok("POST", "/campaigns", {"name": "Imports", "url_id": brand, "reward_type": 1})["id"]
    imported = 0

    acknowledged = {}  # email -> (participant id, referrer id, [reward ids])
    uploaded = 0
    counter = [0]
    lock = threading.Lock()
    random.seed(os.getpid())

    for round_no in range(1, args.rounds + 1):
        coupons = "\n".join(f"R{round_no:02d}-{i:04d}" for i in range(args.coupons_per_round))
        admin = Client(server.port, token)
        uploaded += admin.ok("POST", f"/campaigns/{campaign}/coupons", coupons, content_type="text/csv")["added"]
        stop = threading.Event()
        round_acks = []

        def worker():
            client = Client(server.port, token)
            while not stop.is_set():
                with lock:
                    counter[0] += 1
                    n = counter[0]
                referrer = referrers[n % len(referrers)]
                email = f"friend{n}@crash.example"
                try:
                    status, answer = client.call("POST", "/signups/referral", {"referral_code": referrer["referral_code"], "email": email})
                except (OSError, http.client.HTTPException):
                    return  # the server is gone
                if status != 201:
                    sys.exit(f"referral signup -> {status} {answer}")
                data = answer["data"]
                # (owner, reward id): the new participant's own reward and the referrer's.
                rewards = [(r["participant_id"], r["id"]) for r in (data["reward"], data["referrer_reward"]) if r]
                with lock:
                    round_acks.append((email, data["participant"]["id"], referrer["id"], rewards))

        files = []

        def importer():
            client = Client(server.port, token)
            while not stop.is_set() and len(files) < MAX_IMPORT_FILES:
                codes = "\n".join(f"I{round_no:02d}-{len(files):02d}-{i:05d}" for i in range(args.import_size))
                files.append(codes)
                try:
                    status, answer = client.call("POST", f"/campaigns/{import_campaign}/coupons", codes, content_type="text/csv")
                except (OSError, http.client.HTTPException):
                    return  # the server is gone
                if status != 201:
                    sys.exit(f"coupon import -> {status} {answer}")

        threads = [threading.Thread(target=worker) for _ in range(args.workers)] + [threading.Thread(target=importer)]
        kill_during(server, threads, stop, 0.3, 2.0)
        for email, pid, rid, rewards in round_acks:
            acknowledged[email] = (pid, rid, rewards)
        client = Client(server.port, token)
        rewards_of = {}
        for email, pid, rid, rewards in round_acks:
            p = client.ok("GET", f"/participants/{pid}")
            if p["email"] != email or p["referred_by"] != rid:
                sys.exit(f"round {round_no}: acknowledged signup {email} is wrong after restart: {p}")
            for owner, reward_id in rewards:
                if owner not in rewards_of:
                    rewards_of[owner] = {r["id"] for r in client.ok("GET", f"/participants/{owner}")["rewards"]}
                if reward_id not in rewards_of[owner]:
                    sys.exit(f"round {round_no}: acknowledged reward {reward_id} of participant {owner} ({email}) missing")
        print(f"round {round_no:2d}: {len(round_acks):5d} signups acknowledged before SIGKILL, all present after restart", flush=True)
        admin = Client(server.port, token)
        for codes in files:
            again = admin.ok("POST", f"/campaigns/{import_campaign}/coupons", codes, content_type="text/csv")
            once_more = admin.ok("POST", f"/campaigns/{import_campaign}/coupons", codes, content_type="text/csv")
            if again["added"] + again["skipped_duplicates"] != args.import_size or once_more["added"] != 0:
                sys.exit(f"round {round_no}: an import uploaded again -> {again}, then once more -> {once_more}")
        imported += len(files) * args.import_size
        print(f"round {round_no:2d}: {len(files):5d} coupon imports of {args.import_size} codes begun before SIGKILL, each uploaded again: every code once", flush=True)
        admin = Client(server.port, token)
        admin.ok("POST", f"/campaigns/{held_campaign}/coupons", "\n".join(f"H{round_no:02d}-{i:04d}" for i in range(args.coupons_per_round)), content_type="text/csv")
        lifecycle_round(server, token, round_no, held_referrer, args.workers, args.held_per_round)
        stripe_round(server, token, round_no, brand, paid_campaign, paid_referrer, args.workers, args.payments_per_round)

    # Whole-campaign consistency after all the crashes.
    client = Client(server.port, token)
    participants = all_pages(client, f"/participants?campaign_id={campaign}")
    issued, pending, coupon_values, referred = 0, 0, [], 0
    main_by_state = {}
    for p in participants:
        detail = client.ok("GET", f"/participants/{p['id']}")
        referred += detail["referred_by"] is not None
        for r in detail["rewards"]:
            main_by_state[r["status"]] = main_by_state.get(r["status"], 0) + 1
            if r["status"] == "issued":
                issued += 1
                coupon_values.append(r["value"])
            elif r["status"] == "pending":
                pending += 1
    participant_ids = {p["id"] for p in participants}
    held_rewards = all_pages(client, f"/rewards?campaign_id={held_campaign}", "rewards")
    held_stats = client.ok("GET", f"/campaigns/{held_campaign}/stats")["rewards"]
    by_state = {state: sum(r["status"] == state for r in held_rewards) for state in held_stats}
    held_codes = [r["value"] for r in held_rewards if r["value"]]
    held_pool = client.ok("GET", f"/campaigns/{held_campaign}/coupons")
    stats = client.ok("GET", f"/campaigns/{campaign}/stats")
    pool = client.ok("GET", f"/campaigns/{campaign}/coupons")
    import_pool = client.ok("GET", f"/campaigns/{import_campaign}/coupons")
    conversions = all_pages(client, f"/conversions?campaign_id={paid_campaign}", "conversions")
    refunded = sum(c["status"] == "refunded" for c in conversions)
    paid_rewards = all_pages(client, f"/rewards?campaign_id={paid_campaign}", "rewards")
    paid_stats = client.ok("GET", f"/campaigns/{paid_campaign}/stats")
    checks = {
        "no coupon assigned twice": len(coupon_values) == len(set(coupon_values)),
        "participants counter = records": stats["participants"] == len(participants),
        "referrals counter = referred participants": stats["referrals"] == referred,
        "rewards_issued counter = issued rewards": stats["rewards_issued"] == issued,
        "rewards_pending counter = pending rewards": stats["rewards_pending"] == pending,
        # Every signup comes from one address, so the referrer's-own-connection rule holds
        # rewards: each state's counter equals its records.
        "reward counts by state = records": all(stats["rewards"][state] == main_by_state.get(state, 0) for state in stats["rewards"]),
        "coupons used = issued coupon rewards": pool["used"] == issued,
        "coupons uploaded = used + available": pool["uploaded"] == pool["used"] + pool["available"] == uploaded,
        "pending only when the pool is empty": pending == 0 or pool["available"] == 0,
        "imports cut off and uploaded again: every code in the pool once": import_pool["uploaded"] == import_pool["available"] == imported,
        "every acknowledged signup present": all(pid in participant_ids for pid, _, _ in acknowledged.values()),
        "reward counts by state = records (held campaign)": held_stats == by_state,
        "no coupon of the held campaign twice": len(held_codes) == len(set(held_codes)),
        "held campaign: coupons used = rewards that were issued": held_pool["used"] == len(held_codes),
        "Stripe: one conversion per payment": len(conversions) == args.rounds * args.payments_per_round == len({c["external_id"] for c in conversions}),
        "Stripe: conversions counter = records": paid_stats["conversions"] == len(conversions),
        "Stripe: one referrer reward per payment": len(paid_rewards) == len(conversions),
        "Stripe: refunds counter = refunded conversions = voided rewards": paid_stats["refunds"] == refunded == paid_stats["rewards"]["voided"] == sum(r["status"] == "voided" for r in paid_rewards),
    }
    server.stop()
    for name, ok in checks.items():
        print(f"{'ok  ' if ok else 'FAIL'} {name}")
    if not args.database_url:
        print(f"journal entries were re-applied at {server.journal_replays()} of {args.rounds} restarts")
    print(f"{args.rounds} rounds, {len(acknowledged)} referral signups acknowledged in total, "
          f"{len(participants)} participants, {issued} rewards issued, {pending} pending, {main_by_state.get('held', 0)} held, "
          f"{pool['used']} coupons used of {uploaded}")
    if not all(checks.values()):
        sys.exit(1)


if __name__ == "__main__":
    main()

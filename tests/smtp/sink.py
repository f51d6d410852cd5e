"""A real SMTP server on loopback for the email tests (aiosmtpd).

Usage: python sink.py OUT_DIR [--fail-first N] [--code CODE] [--delay SECONDS] [--port PORT]

Listens on 127.0.0.1 on a free port (or PORT: a sink started again where another stopped)
and prints the port on its first line of output. Each
message it accepts is parsed with Python's email package and written to OUT_DIR as one JSON
file (msg-<n>.json, written whole, then renamed into place, numbered after those already there): the envelope, the headers the
tests look at, and the decoded text and HTML parts. The first N messages are answered CODE
instead (451 by default: a temporary failure) and not kept. With --delay, each message is
answered (and kept) that long after its data arrived, as a slow server does, and a file
data-<n>.started marks each arrival. Stops when its standard input
closes, so it never outlives the test that started it.
"""

import argparse
import asyncio
import json
import os
import sys
from email import policy
from email.parser import BytesParser

from aiosmtpd.smtp import SMTP


class Sink:
    def __init__(self, out_dir, fail_first, code, delay):
        self.out_dir = out_dir
        self.delay = delay
        self.started = 0
        self.fail_first = fail_first
        self.code = code
        self.refused = 0
        self.kept = len([f for f in os.listdir(out_dir) if f.endswith(".json")])

    async def handle_DATA(self, server, session, envelope):
        if self.refused < self.fail_first:
            self.refused += 1
            return f"{self.code} the test sink refuses this one"
        if self.delay:
            # The data is in: a test may now stop the sender while it waits for the answer.
            self.started += 1
            open(os.path.join(self.out_dir, f"data-{self.started:04}.started"), "w").close()
            await asyncio.sleep(self.delay)
        message = BytesParser(policy=policy.default).parsebytes(envelope.content)
        parts = {}
        for part in message.walk():
            kind = part.get_content_type()
            if kind in ("text/plain", "text/html") and kind not in parts:
                parts[kind] = part.get_content()
        record = {
            "mail_from": envelope.mail_from,
            "rcpt_tos": envelope.rcpt_tos,
            "from": str(message["From"]),
            "to": str(message["To"]),
            "subject": str(message["Subject"]),
            "message_id": str(message["Message-ID"]),
            "list_unsubscribe": str(message["List-Unsubscribe"]),
            "list_unsubscribe_post": str(message["List-Unsubscribe-Post"]),
            "text": parts.get("text/plain", ""),
            "html": parts.get("text/html", ""),
        }
        self.kept += 1
        path = os.path.join(self.out_dir, f"msg-{self.kept:04}.json")
        with open(path + ".part", "w", encoding="utf-8") as f:
            json.dump(record, f)
        os.rename(path + ".part", path)
        return "250 OK"


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out_dir")
    parser.add_argument("--fail-first", type=int, default=0)
    parser.add_argument("--code", type=int, default=451)
    parser.add_argument("--delay", type=float, default=0.0)
    parser.add_argument("--port", type=int, default=0)
    args = parser.parse_args()
    sink = Sink(args.out_dir, args.fail_first, args.code, args.delay)
    loop = asyncio.get_running_loop()
    server = await loop.create_server(lambda: SMTP(sink, hostname="sink.test"), host="127.0.0.1", port=args.port, reuse_address=True)
    print(server.sockets[0].getsockname()[1], flush=True)
    await loop.run_in_executor(None, sys.stdin.read)
    server.close()


if __name__ == "__main__":
    asyncio.run(main())

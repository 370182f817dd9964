#!/usr/bin/env python3
"""A local HTTP server for the `link-router aasa fetch` end-to-end tests and the examples in Docs/AASA.md.

Listens on 127.0.0.1 on a port the system picks, and on [::1] (the IPv6 loopback address) on another, and prints one
line when it is ready:
    PORT <port> CLOSED <port> PORT6 <port>
The CLOSED port is bound and never listens, so connecting to it is refused (and no one else can take it). PORT6 is
the port on [::1], serving the same cases (`PORT6 0` when this machine has no IPv6 loopback address).
Each case is a base path; `aasa fetch example.com --origin http://127.0.0.1:PORT/<case>` requests
<case>/.well-known/apple-app-site-association (then <case>/apple-app-site-association), and
`--cdn http://127.0.0.1:PORT/<cdn-case>` requests <cdn-case>/example.com.

For `assetlinks fetch NAME.example --origin 'http://127.0.0.1:PORT/{host}'`, the request for
NAME.example/.well-known/assetlinks.json serves the case NAME of ANDROID_CASES (the Android example's file, the
same misbehaving servers), and include.example/<file> serves the files the `includes` case includes.

Serves only loopback, reaches nothing else, and exits when its standard input closes (the test ends).
`--port N` listens on port N instead (for the examples in Docs/AASA.md).
"""
import os
import socket
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

HERE = os.path.dirname(os.path.abspath(__file__))


def read(name):
    with open(os.path.join(HERE, name), "rb") as handle:
        return handle.read()


GOOD = read("apple-app-site-association")
STALE = read("apple-app-site-association-stale")
LINT_ERRORS = read("apple-app-site-association-lint-errors")
ASSETLINKS = read("../../../../Docs/Examples/assetlinks.json")
ASSETLINKS_INCLUDES = (b'[{"include": "https://include.example/shared.json"},\n'
                       b' {"include": "https://include.example/missing.json"}]\n')
# One include 2,000 times: fetched and visited once (FetchRunTests counts the walk's work on 21,000 repeats).
REPEATED_INCLUDE = b"[" + b",".join([b'{"include":"https://include.example/s.json"}'] * 2000) + b"]"
ASSETLINKS_WELL_KNOWN = "/.well-known/assetlinks.json"
WELL_KNOWN = "/.well-known/apple-app-site-association"
ROOT = "/apple-app-site-association"
JSON = "application/json"
# How long a misbehaving case keeps misbehaving at most, whatever the client does (the tests' clients give up
# after a second or so; this only bounds a run that goes wrong).
MISBEHAVE_SECONDS = 30
# 64 MB of spaces inside braces, gzip-compressed: 64 KB on the wire. Made with
# gzip.compress(b"{" + b" " * (64 * 1024 * 1024 - 2) + b"}", compresslevel=9, mtime=0).
BOMB = read("bomb.json.gz")
# How many misbehaving answers ended because their client went away (see /wait-ended/N).
ENDED = [0]
ENDED_CHANGED = threading.Condition()


class Handler(BaseHTTPRequestHandler):
    def answer(self, status, body=b"", content_type=None, headers=()):
        self.send_response(status)
        if content_type:
            self.send_header("Content-Type", content_type)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        try:
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client stopped reading (the 128 KB limit)

    def do_GET(self):
        port = self.server.server_address[1]
        path = self.path
        cases = {
            "/good" + WELL_KNOWN: lambda: self.answer(200, GOOD, JSON),
            "/redirect" + WELL_KNOWN: lambda: self.answer(
                301, headers=[("Location", f"http://127.0.0.1:{port}/good{WELL_KNOWN}")]),
            "/root-only" + ROOT: lambda: self.answer(200, GOOD, JSON),
            "/big" + WELL_KNOWN: lambda: self.answer(200, b"{" + b" " * (200 * 1024 - 2) + b"}", JSON),
            "/wrong-type" + WELL_KNOWN: lambda: self.answer(200, GOOD, "text/plain"),
            "/lint-errors" + WELL_KNOWN: lambda: self.answer(200, LINT_ERRORS, JSON),
            "/server-error" + WELL_KNOWN: lambda: self.answer(500, b"oops", "text/plain"),
            "/hang" + WELL_KNOWN: self.hang,
            "/silent" + WELL_KNOWN: self.hang,
            "/drip" + WELL_KNOWN: self.drip,
            "/endless" + WELL_KNOWN: self.endless,
            "/bomb" + WELL_KNOWN: lambda: self.answer(200, BOMB, JSON, headers=[("Content-Encoding", "gzip")]),
            "/redirect-loop" + WELL_KNOWN: lambda: self.answer(
                302, headers=[("Location", f"http://127.0.0.1:{port}/redirect-loop{WELL_KNOWN}")]),
            "/endless-header" + WELL_KNOWN: self.endless_header,
            "/header-flood" + WELL_KNOWN: self.header_flood,
            "/slow-header" + WELL_KNOWN: self.slow_header,
            "/half-body" + WELL_KNOWN: lambda: self.half_body(close=True),
            "/stalled-body" + WELL_KNOWN: lambda: self.half_body(close=False),
            "/apple-blocked" + WELL_KNOWN: self.apple_blocked,
            "/cdn/example.com": lambda: self.answer(200, GOOD, JSON),
            "/cdn-stale/example.com": lambda: self.answer(200, STALE, JSON),
            "/cdn-drip/example.com": self.drip,
            # Stand-ins for Apple's CDN's own diagnosis, with the header fields it was seen to send.
            "/cdn-cached/example.com": lambda: self.answer(
                200, GOOD, JSON, headers=[("Apple-Origin-Format", "json"), ("Cache-Control", "max-age=21600,public"),
                                          ("Age", "3600")]),
            "/cdn-old/example.com": lambda: self.answer(
                200, STALE, JSON, headers=[("Apple-Origin-Format", "json"), ("Cache-Control", "max-age=21600,public"),
                                           ("Age", "18000")]),
            "/cdn-timeout/example.com": lambda: self.answer(
                404, headers=[("Apple-Failure-Reason", "SWCERR00301 Timeout"),
                              ("Apple-Failure-Details",
                               '{"cause":"context deadline exceeded (Client.Timeout exceeded while awaiting headers)"}'),
                              ("Apple-Try-Direct", "true"), ("Cache-Control", "max-age=3600,public"), ("Age", "1200")]),
            "/cdn-forbidden/example.com": lambda: self.answer(
                404, headers=[("Apple-Failure-Reason", "SWCERR00101 Bad HTTP Response: 403 Forbidden"),
                              ("Apple-Failure-Details", '{"status":"403 Forbidden"}'), ("Apple-Try-Direct", "true"),
                              ("Cache-Control", "max-age=3600,public"), ("Age", "600")]),
        }
        case = cases.get(path)
        if path.endswith(ASSETLINKS_WELL_KNOWN):
            name = path[1:-len(ASSETLINKS_WELL_KNOWN)].removesuffix(".example")
            case = self.android_cases(port, name).get(name)
        if path in ("/include.example/shared.json", "/include.example/s.json"):
            case = lambda: self.answer(200, ASSETLINKS, JSON)
        if path.startswith("/wait-ended/"):
            case = lambda: self.wait_ended(int(path.rsplit("/", 1)[1]))
        if case:
            case()
        else:
            self.answer(404, b"not found", "text/plain")

    def android_cases(self, port, name):
        """The `assetlinks fetch` cases: the Android example's file, and the misbehaving servers of `aasa fetch`."""
        return {
            "good": lambda: self.answer(200, ASSETLINKS, JSON),
            "wrong-type": lambda: self.answer(200, ASSETLINKS, "text/html; charset=utf-8"),
            "redirect": lambda: self.answer(
                301, headers=[("Location", f"https://www.example.com{ASSETLINKS_WELL_KNOWN}")]),
            "redirect-loop": lambda: self.answer(
                302, headers=[("Location", f"http://127.0.0.1:{port}/{name}.example{ASSETLINKS_WELL_KNOWN}")]),
            "includes": lambda: self.answer(200, ASSETLINKS_INCLUDES, JSON),
            "drip": self.drip,
            "silent": self.hang,
            "endless": self.endless,
            "bomb": lambda: self.answer(200, BOMB, JSON, headers=[("Content-Encoding", "gzip")]),
            "header-flood": self.header_flood,
            "repeated-include": lambda: self.answer(200, REPEATED_INCLUDE, JSON),
        }

    def hang(self):
        """Never answers: waits until the client gives up and closes the connection (the timeout)."""
        self.rfile.read()
        self.close_connection = True

    def misbehave(self, step, interval):
        """Calls step() every `interval` seconds until the client goes away or MISBEHAVE_SECONDS pass."""
        end = time.monotonic() + MISBEHAVE_SECONDS
        try:
            while time.monotonic() < end:
                step()
                self.wfile.flush()
                if interval:
                    time.sleep(interval)
        except (BrokenPipeError, ConnectionResetError):
            with ENDED_CHANGED:
                ENDED[0] += 1
                ENDED_CHANGED.notify_all()
        self.close_connection = True

    def wait_ended(self, count):
        """Answers `ended N` once N misbehaving answers have lost their client (waiting up to 30 seconds), so a
        test can tell that a client really stopped a transfer, not only stopped waiting for it."""
        with ENDED_CHANGED:
            ENDED_CHANGED.wait_for(lambda: ENDED[0] >= count, timeout=30)
            ended = ENDED[0]
        self.answer(200 if ended >= count else 504, f"ended {ended}".encode(), "text/plain")

    def drip(self):
        """The header at once, then the body one byte every 0.2 seconds (a server that is alive, just slow)."""
        self.send_response(200)
        self.send_header("Content-Type", JSON)
        self.send_header("Content-Length", str(len(GOOD)))
        self.end_headers()
        body = iter(GOOD)
        self.misbehave(lambda: self.wfile.write(bytes([next(body, 32)])), 0.2)

    def endless(self):
        """A body without end (no Content-Length, close-delimited), as fast as the client reads."""
        self.send_response(200)
        self.send_header("Content-Type", JSON)
        self.end_headers()
        chunk = b" " * 65536
        self.misbehave(lambda: self.wfile.write(chunk), 0)

    def endless_header(self):
        """A status line, then header fields without end, as fast as the client reads."""
        self.wfile.write(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n")
        line = b"X-Filler: " + b"a" * 1000 + b"\r\n"
        self.misbehave(lambda: self.wfile.write(line), 0)

    def header_flood(self):
        """A status line, then short header fields without end (`X: a`), as fast as the client reads: each field is
        cheap to send and, to a client that handles the fields one by one, ever dearer to receive."""
        self.wfile.write(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n")
        lines = b"X: a\r\n" * 1000
        self.misbehave(lambda: self.wfile.write(lines), 0)

    def slow_header(self):
        """A status line, then one header field that never ends, one byte every 0.1 seconds."""
        self.wfile.write(b"HTTP/1.1 200 OK\r\nX-Filler: ")
        self.misbehave(lambda: self.wfile.write(b"a"), 0.1)

    def half_body(self, close):
        """Content-Length for the whole file, then half of it; then closes, or falls silent."""
        self.send_response(200)
        self.send_header("Content-Type", JSON)
        self.send_header("Content-Length", str(len(GOOD)))
        self.end_headers()
        self.wfile.write(GOOD[: len(GOOD) // 2])
        self.wfile.flush()
        if close:
            self.close_connection = True
        else:
            self.hang()

    def apple_blocked(self):
        """403 for Apple's fetchers (a bot rule), the file for anyone else."""
        agent = self.headers.get("User-Agent", "")
        if "AASA-Bot" in agent or "swcd" in agent:
            self.answer(403, b"forbidden", "text/plain")
        else:
            self.answer(200, GOOD, JSON)

    def log_message(self, format, *args):
        pass


class IPv6Server(ThreadingHTTPServer):
    address_family = socket.AF_INET6


def main():
    port = int(sys.argv[sys.argv.index("--port") + 1]) if "--port" in sys.argv else 0
    server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    server.daemon_threads = True
    closed = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    closed.bind(("127.0.0.1", 0))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    port6 = 0
    try:
        server6 = IPv6Server(("::1", port), Handler)
        server6.daemon_threads = True
        threading.Thread(target=server6.serve_forever, daemon=True).start()
        port6 = server6.server_address[1]
    except OSError:
        pass  # no IPv6 loopback address here
    print(f"PORT {server.server_address[1]} CLOSED {closed.getsockname()[1]} PORT6 {port6}", flush=True)
    sys.stdin.buffer.read()  # until the test closes our standard input
    os._exit(0)


if __name__ == "__main__":
    main()

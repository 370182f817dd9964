#!/usr/bin/env python3
"""A local HTTP server for the `linkrouter aasa fetch` end-to-end tests and the examples in Docs/AASA.md.

Listens on 127.0.0.1 on a port the system picks, and prints one line when it is ready:
    PORT <port> CLOSED <port>
The CLOSED port is bound and never listens, so connecting to it is refused (and no one else can take it).
Each case is a base path; `aasa fetch example.com --origin http://127.0.0.1:PORT/<case>` requests
<case>/.well-known/apple-app-site-association (then <case>/apple-app-site-association), and
`--cdn http://127.0.0.1:PORT/<cdn-case>` requests <cdn-case>/example.com.

Serves only loopback, reaches nothing else, and exits when its standard input closes (the test ends).
`--port N` listens on port N instead (for the examples in Docs/AASA.md).
"""
import os
import socket
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

HERE = os.path.dirname(os.path.abspath(__file__))


def read(name):
    with open(os.path.join(HERE, name), "rb") as handle:
        return handle.read()


GOOD = read("apple-app-site-association")
STALE = read("apple-app-site-association-stale")
LINT_ERRORS = read("apple-app-site-association-lint-errors")
WELL_KNOWN = "/.well-known/apple-app-site-association"
ROOT = "/apple-app-site-association"
JSON = "application/json"


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
            "/cdn/example.com": lambda: self.answer(200, GOOD, JSON),
            "/cdn-stale/example.com": lambda: self.answer(200, STALE, JSON),
        }
        case = cases.get(path)
        if case:
            case()
        else:
            self.answer(404, b"not found", "text/plain")

    def hang(self):
        """Never answers: waits until the client gives up and closes the connection (the timeout)."""
        self.rfile.read()
        self.close_connection = True

    def log_message(self, format, *args):
        pass


def main():
    port = int(sys.argv[sys.argv.index("--port") + 1]) if "--port" in sys.argv else 0
    server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    server.daemon_threads = True
    closed = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    closed.bind(("127.0.0.1", 0))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print(f"PORT {server.server_address[1]} CLOSED {closed.getsockname()[1]}", flush=True)
    sys.stdin.buffer.read()  # until the test closes our standard input
    os._exit(0)


if __name__ == "__main__":
    main()

"""Serve dist/ on http://127.0.0.1:8000 the way a static host would, minus caching.

    python -m tools.serve [--dir dist] [--host 127.0.0.1] [--port 8000]

Standard library only. The browser tests and benchmarks start the same server through tools/site.py (`served`).
"""

from __future__ import annotations

import argparse
import functools
import sys
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

# Explicit types for what the lab serves: the module scripts and WebAssembly must have these
# exact types (browsers refuse a module or fall back from streaming compilation otherwise), and
# the system's mimetypes table differs from machine to machine.
MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".py": "text/x-python; charset=utf-8",
    ".json": "application/json",
    ".map": "application/json",
    ".wasm": "application/wasm",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".onnx": "application/octet-stream",
    ".svg": "image/svg+xml",
}


class StaticHandler(SimpleHTTPRequestHandler):
    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

    def end_headers(self):
        # "no-cache" means revalidate every time (answered with 304 when unchanged), so a
        # rebuild shows on the next reload instead of whenever the browser's heuristics expire.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()


class QuietHandler(StaticHandler):
    def log_message(self, format, *args):
        pass


class Server(ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        # A browser that drops a download it no longer needs (a reload, a failed model load) is not an error here.
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def make_server(directory: Path, host: str = "127.0.0.1", port: int = 8000, quiet: bool = False):
    """A ThreadingHTTPServer for `directory`; port 0 picks a free port (see `.server_port`)."""
    handler = QuietHandler if quiet else StaticHandler
    return Server((host, port), functools.partial(handler, directory=str(directory)))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dir", type=Path, default=Path(__file__).resolve().parents[1] / "dist")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args(argv)
    if not (args.dir / "index.html").exists():
        raise SystemExit(f"{args.dir} has no index.html: run `make build` first")
    with make_server(args.dir, args.host, args.port) as server:
        print(f"Serving {args.dir} on http://{args.host}:{server.server_port}/ (Ctrl-C stops)")
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":
    main()

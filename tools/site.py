"""Build the site and serve it on 127.0.0.1: the one harness the browser tests and the benchmarks share.

    from tools.site import ensure_site, served

    with served(ensure_site(Path(".cache/dist-bench"))) as url:   # "http://127.0.0.1:41237/"
        ...

The tests' site is an --offline build (nothing leaves 127.0.0.1, not even numpy) with the stand-in for
Qwen3-0.6B (tools/qwen_stub.py) self-hosted where the model hub would serve the real one, and the benchmarks' hooks
(--bench-hooks); `make test` builds the same with build.py's command line. Serving is tools/serve.py's server,
quiet, on a free port.
"""

from __future__ import annotations

import contextlib
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

from tools.build.pins import MODEL_CACHE, ROOT
from tools.build.settings import BuildSettings
from tools.build.steps import build
from tools.serve import make_server

HOST = "127.0.0.1"


def settings_for_tests() -> BuildSettings:
    """Offline, with the stand-in Qwen3 self-hosted (built first when .cache/models has none) and the
    benchmarks' hooks (window.raglabBench, the page's performance marks), which the published site never ships."""
    from tools.qwen_stub import ensure_qwen_stub

    return BuildSettings(offline=True, self_hosted_model=ensure_qwen_stub(MODEL_CACHE), bench_hooks=True)


def build_site(into: Path, settings: BuildSettings | None = None) -> Path:
    """A fresh site in `into` (what it held is removed), built with `settings`: by default `settings_for_tests()`."""
    from tools.models import ensure_minilm

    ensure_minilm(MODEL_CACHE)  # build.py only reads the exported model; the meaning presets need it
    return build(into, settings or settings_for_tests())


def ensure_site(folder: Path, settings: BuildSettings | None = None) -> Path:
    """`folder` as it is when it already holds a built site; otherwise `build_site(folder, settings)`."""
    if (folder / "index.html").exists():
        return folder
    print(f"building the site into {folder}", flush=True)
    return build_site(folder, settings)


@contextlib.contextmanager
def served(folder: Path, own_process: bool = False, port: int = 0, host: str = HOST) -> Iterator[str]:
    """Serve `folder` on 127.0.0.1 (or `host`, another loopback address such as 127.0.0.2: another site) on a free
    port until the block ends; yields the site's URL.

    In a thread of this process by default. `own_process=True` runs `python -m tools.serve` instead, so serving
    never competes with the caller for the GIL (bench/startup.py times page loads to the millisecond). ``port``: a
    fixed one (bench/scifact_page.py keeps IndexedDB per origin), else a free one.
    """
    if own_process:
        assert host == HOST, "a server process serves 127.0.0.1"
        with _served_by_process(folder) as url:
            yield url
        return
    server = make_server(folder, host, port, quiet=True)  # port 0: a free one
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://{host}:{server.server_port}/"
    finally:
        server.shutdown()
        server.server_close()


@contextlib.contextmanager
def _served_by_process(folder: Path) -> Iterator[str]:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen(
        [sys.executable, "-u", "-m", "tools.serve", "--dir", str(folder), "--host", HOST, "--port", str(port)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,  # the per-request log
        text=True,
    )
    try:
        line = server.stdout.readline()  # tools.serve says "Serving ..." once it listens
        if "Serving" not in line:
            raise SystemExit(f"tools.serve did not start: {line!r}")
        yield f"http://{HOST}:{port}/"
    finally:
        server.terminate()
        server.wait()

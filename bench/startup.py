"""Start-up of the lab page against bare Pyodide, in headless Chromium, on a local server.

    .venv/bin/python -m bench.startup [--runs 7] [--variant hints] [--dist PATH]

Builds the site offline into .cache/bench/startup-site/ (or copies --dist there) and adds bare.html to that copy
(never to web/): a page that only imports the same vendored ./pyodide/pyodide.mjs, calls loadPyodide() and runs
one line of Python. Both pages are served by tools/serve.py in its own process (tools/site.py; uncompressed, like
the browser tests) and loaded in turn, lab, bare, lab, bare, ..., each in a fresh browser context: an empty cache,
as on a first visit.

Per load it measures
- ready: performance.now() at the first interactive Python result. Lab: the `data-ready-ms` that web/main.py
  writes on #status with "Ready"; bare: the same attribute, written when the one line returns.
- first paint: first-contentful-paint from the page's 'paint' performance entries.
- bytes: what Chromium's network stack received, headers included: the sum of DevTools' `encodedDataLength` of
  every `Network.loadingFinished`, counted until the page is ready and the network has been quiet for a second.
  (Resource Timing's transferSize gives the same figure for the page's own requests but misses the document's
  redirects and anything a worker fetches; Playwright's request events cover workers and are checked against it.)
- gzip bytes: the same responses as if the host gzipped them (GitHub Pages does, tools/serve.py does not): each
  file's body gzipped here at level 6, or left as it is when that is not smaller, plus the measured headers.

`--variant NAME` (repeatable) adds a page index-NAME.html, the lab's index.html changed as VARIANTS says, to try
a change to web/index.html without making it: `hints` adds <link rel=preload/modulepreload> hints (see hints())
for everything PyScript would otherwise discover one round trip after another; `inline-css` puts lab.css into
the page, which saves the render-blocking request before the first paint; `hints+inline-css` does both; `source`
is the page without the bytecode build.py ships (every module compiled at start, as before).

Medians, ratios lab/bare and the goals (ready within 1.15x of bare, first paint under 0.3 s, bytes within 1.15x
of bare) are printed as a table; every load is written to bench/results/startup-<time>.json.
"""

from __future__ import annotations

import argparse
import gzip
import json
import platform
import re
import shutil
import statistics
import subprocess
import sys
import time
import zipfile
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import unquote, urlsplit

from tools.build.settings import BuildSettings
from tools.chromium import CHROMIUM, CHROMIUM_ARGS
from tools.site import build_site, served

from bench import smoke

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / ".cache" / "bench" / "startup-site"
RESULTS = ROOT / "bench" / "results"

READY_TIMEOUT_MS = 90_000
QUIET_MS = 1000  # the network counts as settled after this long without a request in flight

GOAL_READY_RATIO = 1.15
GOAL_PAINT_S = 0.3
GOAL_BYTES_RATIO = 1.15

BARE_PAGE = """<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>bare Pyodide</title><link rel="icon" href="data:,"></head>
<body>
<p id="status">Loading Python…</p>
<script type="module">
  // The same vendored Pyodide the lab uses, and one line of Python: the floor for any Pyodide page.
  import { loadPyodide } from "./pyodide/pyodide.mjs";
  const pyodide = await loadPyodide();
  const answer = pyodide.runPython("sum(range(10))");
  const status = document.getElementById("status");
  status.dataset.readyMs = String(Math.round(performance.now()));
  status.textContent = `Ready (${answer})`;
</script>
</body>
</html>
"""

# What PyScript fetches before main.py runs, in the order it finds out about each: core.js, then pyscript.json,
# then pyodide.mjs (a dynamic import), which imports pyodide.asm.mjs and fetches the lock file, the .wasm and
# the standard library; only with the interpreter up are pyscript.json's [files] and main.py fetched. Hints let
# the browser ask for all of them while it parses the head. `crossorigin` makes a preload's credentials mode
# match fetch()'s; without it Chromium downloads each file twice.
RUNTIME_HINTS = """  <link rel="modulepreload" href="./pyodide/pyodide.mjs">
  <link rel="modulepreload" href="./pyodide/pyodide.asm.mjs">
  <link rel="preload" href="./pyodide/pyodide.asm.wasm" as="fetch" crossorigin>
  <link rel="preload" href="./pyodide/python_stdlib.zip" as="fetch" crossorigin>
  <link rel="preload" href="./pyodide/pyodide-lock.json" as="fetch" crossorigin>
  <link rel="preload" href="./pyscript.json" as="fetch" crossorigin>
"""


def hints(site: Path) -> str:
    """RUNTIME_HINTS, then one preload for each of pyscript.json's [files] and for main.py."""
    files = list(json.loads((site / "pyscript.json").read_text())["files"]) + ["./main.py"]
    return RUNTIME_HINTS + "".join(f'  <link rel="preload" href="{url}" as="fetch" crossorigin>\n' for url in files)


CORE_TAG = '  <script type="module" src="./pyscript/core.js"></script>'
CSS_TAG = '  <link rel="stylesheet" href="./lab.css">'


def add_hints(index: str, site: Path) -> str:
    # After the scripts, so that the preload scanner asks for core.js first and the hints queue behind it.
    return _replace_once(index, CORE_TAG, CORE_TAG + "\n" + hints(site).rstrip("\n"))


def inline_css(index: str, site: Path) -> str:
    css = (site / "lab.css").read_text(encoding="utf-8")
    return _replace_once(index, CSS_TAG, f"  <style>\n{css}  </style>")


CONFIG_TAG = 'config="./pyscript.json"'


def from_source(index: str, site: Path) -> str:
    """The page as it was before build.py shipped bytecode (build.bytecode): raglab.zip and Pyodide's
    python_stdlib.zip without their .pyc files, so every module is compiled at start. Written beside the site's own
    as raglab-source.zip and pyodide-source/, with a pyscript-source.json that names them."""

    def without_bytecode(zipped: Path, target: Path) -> None:
        with zipfile.ZipFile(zipped) as packed, zipfile.ZipFile(target, "w") as out:
            for entry in packed.infolist():
                if not entry.filename.endswith(".pyc"):
                    out.writestr(entry, packed.read(entry), compress_type=zipfile.ZIP_DEFLATED)

    without_bytecode(site / "raglab.zip", site / "raglab-source.zip")
    shutil.copytree(site / "pyodide", site / "pyodide-source", dirs_exist_ok=True)
    without_bytecode(site / "pyodide" / "python_stdlib.zip", site / "pyodide-source" / "python_stdlib.zip")
    config = json.loads((site / "pyscript.json").read_text())
    config["interpreter"] = config["interpreter"].replace("./pyodide/", "./pyodide-source/")
    config["files"] = {url.replace("raglab.zip", "raglab-source.zip"): to for url, to in config["files"].items()}
    (site / "pyscript-source.json").write_text(json.dumps(config))
    return _replace_once(index, CONFIG_TAG, CONFIG_TAG.replace("pyscript.json", "pyscript-source.json"))


VARIANTS = {
    "source": [from_source],
    "hints": [add_hints],
    "inline-css": [inline_css],
    "hints+inline-css": [add_hints, inline_css],
}


def _replace_once(text: str, old: str, new: str) -> str:
    if text.count(old) != 1:
        raise SystemExit(f"index.html no longer has exactly one {old.strip()!r}: update bench/startup.py")
    return text.replace(old, new)


def prepare_site(dist: Path | None, variants: list[str]) -> Path:
    """A fresh copy of the site in SITE, with bare.html and one index-NAME.html per variant added."""
    if dist is None:
        build_site(SITE, BuildSettings(offline=True))  # no numpy from the CDN: nothing leaves 127.0.0.1
    else:
        shutil.rmtree(SITE, ignore_errors=True)
        shutil.copytree(dist, SITE)
    (SITE / "bare.html").write_text(BARE_PAGE, encoding="utf-8")
    index = (SITE / "index.html").read_text(encoding="utf-8")
    for name in variants:
        page = index
        for change in VARIANTS[name]:
            page = change(page, SITE)
        (SITE / f"index-{name}.html").write_text(page, encoding="utf-8")
    return SITE


def load_once(browser, base_url: str, page_name: str) -> dict:
    """One cold load in a fresh context: timings from the page, bytes from DevTools' network events."""
    context = browser.new_context()
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    responses: dict[str, dict] = {}  # requestId -> url, status, headers size, encodedDataLength
    in_flight: set[str] = set()
    last_activity = [time.monotonic()]
    worker_urls: list[str] = []

    def on_request(event):
        in_flight.add(event["requestId"])
        last_activity[0] = time.monotonic()
        responses.setdefault(event["requestId"], {"url": event["request"]["url"]})

    def on_response(event):
        entry = responses.setdefault(event["requestId"], {"url": event["response"]["url"]})
        entry["status"] = event["response"]["status"]
        entry["headers_bytes"] = event["response"].get("encodedDataLength", 0)

    def on_finished(event):
        in_flight.discard(event["requestId"])
        last_activity[0] = time.monotonic()
        responses.setdefault(event["requestId"], {"url": "?"})["bytes"] = event["encodedDataLength"]

    def on_failed(event):
        in_flight.discard(event["requestId"])
        responses.setdefault(event["requestId"], {"url": "?"})["failed"] = event.get("errorText", "failed")

    cdp.on("Network.requestWillBeSent", on_request)
    cdp.on("Network.responseReceived", on_response)
    cdp.on("Network.loadingFinished", on_finished)
    cdp.on("Network.loadingFailed", on_failed)
    cdp.send("Network.enable")
    page_urls: list[str] = []
    context.on("request", lambda request: page_urls.append(request.url))
    page.on("worker", lambda worker: worker_urls.append(worker.url))

    # Capture on window sees PyScript's `py:ready`, which is dispatched on the <script type="py"> element.
    page.add_init_script('addEventListener("py:ready", () => { window.__pyReadyMs ??= performance.now(); }, true);')
    page.goto(base_url + page_name)
    page.wait_for_selector("#status[data-ready-ms]", state="attached", timeout=READY_TIMEOUT_MS)
    while in_flight or time.monotonic() - last_activity[0] < QUIET_MS / 1000:
        page.wait_for_timeout(100)
    measured = page.evaluate(
        """() => {
        const status = document.getElementById("status");
        const paint = Object.fromEntries(performance.getEntriesByType("paint").map((e) => [e.name, e.startTime]));
        const resources = performance.getEntriesByType("resource").map((e) => ({
          url: e.name, start: e.startTime, end: e.responseEnd, transfer: e.transferSize,
          encoded: e.encodedBodySize, initiator: e.initiatorType,
        }));
        const nav = performance.getEntriesByType("navigation")[0];
        return {
          ready_ms: Number(status.dataset.readyMs), status: status.textContent, py_ready_ms: window.__pyReadyMs ?? null,
          fcp_ms: paint["first-contentful-paint"] ?? null, fp_ms: paint["first-paint"] ?? null,
          dom_content_loaded_ms: nav.domContentLoadedEventEnd,
          document_transfer: nav.transferSize, resources,
        };
    }"""
    )
    context.close()
    files = [r for r in responses.values() if "bytes" in r]
    unseen = sorted({url for url in page_urls if urlsplit(url).scheme in ("http", "https")} - {r["url"] for r in files})
    return {
        "page": page_name,
        **measured,
        "bytes": sum(r["bytes"] for r in files),
        "requests": len(files),
        "files": files,
        "failed": [r for r in responses.values() if "failed" in r],
        "not_seen_by_devtools": unseen,  # a worker's own requests would show up here
        "workers": worker_urls,
        "resource_timing_bytes": measured["document_transfer"] + sum(r["transfer"] for r in measured["resources"]),
    }


def gzip_estimate(site: Path, base_url: str, files: list[dict], cache: dict[str, int]) -> int:
    """The load's bytes had each file come gzipped (level 6, or as it is when gzip does not shrink it)."""
    total = 0
    for response in files:
        path = unquote(urlsplit(response["url"]).path).lstrip("/") or "index.html"
        body_on_wire = response["bytes"] - response.get("headers_bytes", 0)
        if path not in cache:
            local = site / path
            raw = local.read_bytes() if local.is_file() else b""
            cache[path] = min(len(gzip.compress(raw, 6)), len(raw)) if raw else body_on_wire
        total += response.get("headers_bytes", 0) + cache[path]
    return total


def summarize(loads: list[dict], pages: list[str]) -> dict:
    """Per page: medians of every figure, the spread of ready, and the median of paired ready ratios."""
    bare_by_run = {load["run"]: load for load in loads if load["page"] == "bare.html"}
    summary = {}
    for name in pages:
        mine = [load for load in loads if load["page"] == name]
        ready = [load["ready_ms"] / 1000 for load in mine]
        # Each load against the bare load next to it: drift in the machine's load cancels out.
        paired = [load["ready_ms"] / bare_by_run[load["run"]]["ready_ms"] for load in mine]
        marks = {key: statistics.median(load["marks"][key] for load in mine) for key in mine[0]["marks"]}
        summary[name] = {
            "loads": len(mine),
            "ready_s": statistics.median(ready),
            "ready_s_range": [min(ready), max(ready)],
            "fcp_s": statistics.median(load["fcp_ms"] for load in mine) / 1000,
            "mb": statistics.median(load["bytes"] for load in mine) / 1e6,
            "gzip_mb": statistics.median(load["gzip_bytes"] for load in mine) / 1e6,
            "requests": statistics.median(load["requests"] for load in mine),
            "ready_ratio_paired": statistics.median(paired),
            "marks_ms": marks,
        }
    return summary


def start_up_marks(load: dict) -> dict:
    """Milestones of one load, in ms after navigation.

    PyScript dispatches `py:ready` on the <script type="py"> once the interpreter is up and raglab.zip and
    main.py are in, just before main.py runs; for the bare page that moment is its ready time (one line of Python
    earlier). So "boot" is compiling the .wasm and starting Python (plus, for the lab, PyScript's own set-up and
    fetching its files), and "main.py" is the lab's own Python up to "Ready".
    """
    by_file = {urlsplit(r["url"]).path.rsplit("/", 1)[-1]: r for r in load["resources"]}
    core = [by_file[name] for name in ("pyodide.asm.wasm", "python_stdlib.zip", "pyodide.asm.mjs") if name in by_file]
    runtime_in = max(r["end"] for r in core)
    python_up = load["py_ready_ms"] if load["py_ready_ms"] is not None else load["ready_ms"]
    return {
        "pyodide_mjs_asked": by_file["pyodide.mjs"]["start"],
        "runtime_in": runtime_in,
        "python_up": python_up,
        "boot": python_up - runtime_in,
        "main_py": load["ready_ms"] - python_up,
    }


def phases(load: dict) -> list[tuple[str, float, float]]:
    """When each start-up file was asked for and arrived (ms after navigation), for the waterfall."""
    rows = []
    for resource in load["resources"]:
        name = urlsplit(resource["url"]).path.lstrip("/")
        if re.search(r"(pyodide|python_stdlib|raglab\.zip|main\.py|pyscript\.json|core\.js|core-|bare)", name):
            rows.append((name, resource["start"], resource["end"]))
    return sorted(rows, key=lambda row: row[1])


def print_table(summary: dict, pages: list[str]) -> None:
    bare = summary["bare.html"]
    print(
        "\n| page | ready (s), median (min-max) | × bare (of medians / paired) | first paint (s) "
        "| MB raw | × bare | MB gzip | × bare |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for name in pages:
        row = summary[name]
        low, high = row["ready_s_range"]
        print(
            f"| {name} | {row['ready_s']:.2f} ({low:.2f}-{high:.2f}) "
            f"| {row['ready_s'] / bare['ready_s']:.2f} / {row['ready_ratio_paired']:.2f} "
            f"| {row['fcp_s']:.3f} | {row['mb']:.2f} | {row['mb'] / bare['mb']:.3f} "
            f"| {row['gzip_mb']:.2f} | {row['gzip_mb'] / bare['gzip_mb']:.3f} |"
        )
    print("\nMilestones, medians in ms after navigation (see start_up_marks):\n")
    print("| page | pyodide.mjs asked | runtime files in | main.py starts | boot (in -> starts) | main.py (-> ready) |")
    print("|---|---|---|---|---|---|")
    for name in pages:
        marks = summary[name]["marks_ms"]
        print(
            f"| {name} | {marks['pyodide_mjs_asked']:.0f} | {marks['runtime_in']:.0f} | {marks['python_up']:.0f} "
            f"| {marks['boot']:.0f} | {marks['main_py']:.0f} |"
        )
    print()
    for name in pages:
        if name == "bare.html":
            continue
        row = summary[name]
        ready = row["ready_ratio_paired"]
        paint = row["fcp_s"]
        raw, packed = row["mb"] / bare["mb"], row["gzip_mb"] / bare["gzip_mb"]
        verdicts = [
            f"ready {ready:.2f}x bare, paired ({_met(ready <= GOAL_READY_RATIO)}, goal {GOAL_READY_RATIO}x)",
            f"first paint {paint:.3f} s ({_met(paint < GOAL_PAINT_S)}, goal < {GOAL_PAINT_S} s)",
            f"bytes {raw:.3f}x raw, {packed:.3f}x gzip ({_met(max(raw, packed) <= GOAL_BYTES_RATIO)}, "
            f"goal {GOAL_BYTES_RATIO}x)",
        ]
        print(f"{name}: " + "; ".join(verdicts))


def _met(ok: bool) -> str:
    return "met" if ok else "missed"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="loads of each page, interleaved (default 7)")
    parser.add_argument(
        "--variant",
        action="append",
        default=[],
        choices=sorted(VARIANTS),
        help="also load index-NAME.html, the lab page with this change (repeatable)",
    )
    parser.add_argument("--dist", type=Path, help="copy this built site instead of building one")
    smoke.add_flag(parser)
    args = parser.parse_args(argv)
    if args.smoke:
        args.runs = 1
    if not Path(CHROMIUM).exists():
        raise SystemExit(f"{CHROMIUM} is missing: run `make deps-browser`")
    from playwright.sync_api import sync_playwright

    site = prepare_site(args.dist, args.variant)
    pages = ["index.html", "bare.html"] + [f"index-{name}.html" for name in args.variant]
    loads, gzip_cache = [], {}
    # Served in its own process, so serving never competes with this one for the GIL.
    with served(site, own_process=True) as base_url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        if not args.smoke:  # (a smoke run's figures are not a measurement)
            load_once(browser, base_url, "bare.html")  # warm the OS file cache and the server; not counted
        for run in range(args.runs):
            for name in pages:
                load = load_once(browser, base_url, name)
                load["run"] = run
                load["gzip_bytes"] = gzip_estimate(site, base_url, load["files"], gzip_cache)
                load["marks"] = start_up_marks(load)
                loads.append(load)
                print(
                    f"run {run + 1}/{args.runs} {name:17} ready {load['ready_ms'] / 1000:5.2f} s  "
                    f"paint {load['fcp_ms'] / 1000:5.3f} s  {load['bytes'] / 1e6:6.2f} MB "
                    f"({load['gzip_bytes'] / 1e6:5.2f} gzip)  {load['requests']} requests",
                    flush=True,
                )
                if load["not_seen_by_devtools"] or load["failed"]:
                    print(f"   not counted: {load['not_seen_by_devtools']} failed: {load['failed']}")
        browser.close()

    summary = summarize(loads, pages)
    print_table(summary, pages)
    for name in pages:
        mine = sorted((load for load in loads if load["page"] == name), key=lambda load: load["ready_ms"])
        typical = mine[len(mine) // 2]
        print(f"\n{name}, the median load (run {typical['run'] + 1}): requested -> arrived, ms after navigation")
        for file, start, end in phases(typical):
            print(f"  {start:7.0f} -> {end:7.0f}  {file}")
        print(f"  ready at {typical['ready_ms']:.0f}")

    if args.smoke:
        print(smoke.NOTE)
        return
    RESULTS.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    out = RESULTS / f"startup-{stamp}.json"
    out.write_text(
        json.dumps(
            {
                "command": "python -m bench.startup " + " ".join(sys.argv[1:] if argv is None else argv),
                "when": stamp,
                "machine": f"{platform.machine()}, {platform.platform()}, {__import__('os').cpu_count()} cores",
                "chromium": subprocess.run([CHROMIUM, "--version"], capture_output=True, text=True).stdout.strip(),
                "goals": {"ready_ratio": GOAL_READY_RATIO, "paint_s": GOAL_PAINT_S, "bytes_ratio": GOAL_BYTES_RATIO},
                "summary": summary,
                "loads": loads,
            },
            indent=1,
        )
    )
    print(f"\nwrote {out.relative_to(ROOT)}")


if __name__ == "__main__":
    main()

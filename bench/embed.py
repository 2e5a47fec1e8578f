"""Meaning search in the page: the embedding model's cold load, each question's vector, and typing to results.

    .venv/bin/python bench/embed.py [--runs 5] [--dist PATH] [--max-load 2.5]

all-MiniLM-L6-v2 (fp16, WASM) in headless Chromium, on the lab page served by tools/serve.py, offline. Each run is
a fresh browser with its own profile; runs alternate between two kinds, first one then the other, swapping
which goes first every round:

- cold: an empty profile, as on a first visit: the model (45 MB) and onnxruntime's .wasm (27 MB) come over the
  local network (no latency, so this is the floor of a first visit) and are compiled;
- cached: a profile that already holds them in Cache Storage (primed once, untimed): a second visit.

In each run, once Python says "Ready":
1. load: `raglabBridge.load("embed")` then the first `embed` of one question, timed in the page: what a
   visitor's first typed question waits for beyond the search itself;
2. per question: 20 more questions, one `embed` call each, timed in the page (the worker round trip included);
3. typed to shown: 6 questions typed into #q-hybrid and sent with Enter; from the keydown to the moment
   #result-hybrid's summary names the question and the section is no longer busy (a MutationObserver).

Before measuring it waits (up to 10 minutes) for the 1-minute load average to fall below --max-load: the machine
has 2 shared cores. Medians and spreads are printed as a table and every run goes to bench/results/embed-<time>.json.
`generate.py` reuses this file's site, server, browser and load-average helpers.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import json
import os
import platform
import shutil
import statistics
import sys
import tempfile
import threading
import time
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "bench" / "results"
DEFAULT_DIST = ROOT / ".cache" / "dist-bench2"
sys.path.insert(0, str(ROOT / "tools"))
from chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

READY_TIMEOUT_MS = 120_000
SLOW_MS = 180_000

FIRST_QUESTION = "Is there a swimming pool?"
QUESTIONS = [
    "Where can I buy fresh bread in the morning?",
    "How late does the ferry run on Sundays?",
    "Who keeps the lighthouse lamp burning?",
    "Can children visit the lighthouse?",
    "What happens at the summer festival?",
    "Is there a doctor on the island?",
    "How do I get from the harbour to the school?",
    "Which bakery sells rye bread?",
    "Are dogs allowed on the ferry?",
    "When does the market open?",
    "Where do the fishing boats land their catch?",
    "Who taught the baker his trade?",
    "How much does a child's ferry ticket cost?",
    "What can I do on a rainy day?",
    "Is the museum free to enter?",
    "Where can I rent a bicycle?",
    "What time is the last boat back to the mainland?",
    "Does the school have a library?",
    "Who plays music at the festival?",
    "Can I camp near the beach?",
]
TYPED = [
    "Where can I swim in the sea?",
    "What does the lighthouse keeper do?",
    "How do I pay for the ferry?",
    "Which day is the festival?",
    "Who runs the bakery now?",
    "Is there anything for children to do?",
]


# --- the machine ---------------------------------------------------------------------------------------------

def wait_for_quiet_machine(max_load: float, poll_s: float = 15, limit_s: float = 600) -> dict:
    """Wait until the 1-minute load average is below max_load (or limit_s passes); what it was, for the report."""
    started = time.monotonic()
    first = os.getloadavg()[0]
    now = first
    while now >= max_load and time.monotonic() - started < limit_s:
        print(f"load average {now:.2f} >= {max_load}: waiting {poll_s:.0f} s", flush=True)
        time.sleep(poll_s)
        now = os.getloadavg()[0]
    waited = time.monotonic() - started
    if now >= max_load:
        print(f"load average still {now:.2f} after {waited:.0f} s: measuring anyway", flush=True)
    return {"load_at_start": round(first, 2), "load_when_measuring": round(now, 2), "waited_s": round(waited),
            "max_load": max_load, "quiet": now < max_load}


def load_now() -> float:
    return round(os.getloadavg()[0], 2)


# --- the site, its server, the browser --------------------------------------------------------------------------

def _load_module(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def ensure_site(dist: Path) -> Path:
    """The built site with the stand-in Qwen3 self-hosted, as the browser tests build it; built if missing."""
    if (dist / "index.html").exists():
        return dist
    print(f"building the site into {dist} (offline, stand-in Qwen3 self-hosted)", flush=True)
    sys.path.insert(0, str(ROOT))
    build = _load_module("raglab_build", ROOT / "build.py")
    build.OFFLINE = True
    build.SELF_HOSTED_MODEL = _load_module("qwen_stub", ROOT / "tools" / "qwen_stub.py").ensure_qwen_stub(
        ROOT / ".cache" / "models")
    return build.build(dist)


@contextlib.contextmanager
def served(dist: Path):
    """tools/serve.py's server for dist, in a thread, on a free port; yields the site's URL."""
    serve = _load_module("raglab_serve", ROOT / "tools" / "serve.py")
    server = serve.make_server(dist, "127.0.0.1", 0, quiet=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/"
    finally:
        server.shutdown()
        server.server_close()


@contextlib.contextmanager
def browser_with_profile(playwright, profile: Path, site_url: str, init_script: str | None = None):
    """A fresh Chromium on `profile` (kept between runs when the caller keeps the folder); off-host requests fail."""
    context = playwright.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    local = urlsplit(site_url).netloc
    off_host = []

    def route(route):
        url = route.request.url
        if urlsplit(url).scheme in ("data", "blob") or urlsplit(url).netloc == local:
            route.continue_()
        else:
            off_host.append(url)
            route.abort()

    context.route("**/*", route)
    if init_script:
        context.add_init_script(init_script)
    try:
        yield context
    finally:
        context.close()
        if off_host:
            raise SystemExit(f"requests left 127.0.0.1: {off_host[:3]}")


def open_lab(context, site_url: str):
    from playwright.sync_api import expect

    page = context.pages[0] if context.pages else context.new_page()
    page.goto(site_url)
    expect(page.locator("#status")).to_have_text("Ready", timeout=READY_TIMEOUT_MS)
    return page


def browser_version(playwright) -> str:
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    try:
        return browser.version
    finally:
        browser.close()


# --- figures ---------------------------------------------------------------------------------------------------

def quantile(values: list[float], q: float) -> float:
    """Linear interpolation between closest ranks (numpy's default): quantile([1, 2, 3, 4], 0.5) = 2.5."""
    ordered = sorted(values)
    position = (len(ordered) - 1) * q
    low = int(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def spread(values: list[float]) -> dict:
    """Median, p10-p90 and min-max: the figures a table row shows."""
    if not values:
        return {"n": 0}
    return {"n": len(values), "median": statistics.median(values), "p10": quantile(values, 0.1),
            "p90": quantile(values, 0.9), "min": min(values), "max": max(values)}


def row(name: str, s: dict, unit: str = "ms", digits: int = 0) -> str:
    if not s.get("n"):
        return f"| {name} | - | - | - | 0 |"
    f = f"{{:.{digits}f}}"
    return (f"| {name} | **{f.format(s['median'])}** {unit} | {f.format(s['p10'])}-{f.format(s['p90'])} | "
            f"{f.format(s['min'])}-{f.format(s['max'])} | {s['n']} |")


TABLE_HEAD = "| measure | median | p10-p90 | min-max | n |\n|---|---|---|---|---|"


def write_results(name: str, payload: dict) -> Path:
    RESULTS.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    path = RESULTS / f"{name}-{stamp}.json"
    path.write_text(json.dumps(payload, indent=2))
    return path


def environment(playwright) -> dict:
    return {"date": datetime.now(UTC).isoformat(timespec="seconds"), "chromium": browser_version(playwright),
            "cpus": os.cpu_count(), "python": platform.python_version(), "machine": platform.machine()}


# --- one run ---------------------------------------------------------------------------------------------------

LOAD_AND_EMBED = """async ([first, questions]) => {
    const t0 = performance.now();
    const ready = await raglabBridge.load("embed").ended;
    const t1 = performance.now();
    await raglabBridge.embed([first]);
    const t2 = performance.now();
    const each = [];
    for (const q of questions) {
        const t = performance.now();
        await raglabBridge.embed([q]);
        each.push(performance.now() - t);
    }
    return {load_ms: t1 - t0, first_embed_ms: t2 - t1, first_vector_ms: t2 - t0, worker_ready_ms: ready.ms,
            device: ready.device, dtype: ready.dtype, per_question_ms: each,
            isolated: self.crossOriginIsolated, threads: navigator.hardwareConcurrency};
}"""

WATCH_TYPED = """() => {
    window.__typed = {};
    const input = document.getElementById("q-hybrid");
    input.addEventListener("keydown", (e) => {
        if (e.key === "Enter") window.__typed[input.value] = {pressed: performance.now()};
    }, {capture: true});
    const slot = document.getElementById("result-hybrid");
    new MutationObserver(() => {
        const summary = slot.querySelector(".summary");
        if (!summary || slot.classList.contains("busy")) return;
        for (const [q, t] of Object.entries(window.__typed)) {
            if (t.shown === undefined && summary.textContent.includes("\\u201c" + q + "\\u201d")) {
                t.shown = performance.now();
                requestAnimationFrame(() => setTimeout(() => { t.painted = performance.now(); }));
            }
        }
    }).observe(slot, {subtree: true, childList: true, characterData: true, attributes: true});
}"""


def measure_run(context, site_url: str, kind: str) -> dict:
    page = open_lab(context, site_url)
    figures = page.evaluate(LOAD_AND_EMBED, [FIRST_QUESTION, QUESTIONS])
    page.evaluate(WATCH_TYPED)
    typed = []
    for question in TYPED:
        page.fill("#q-hybrid", question)
        page.press("#q-hybrid", "Enter")
        page.wait_for_function("q => window.__typed[q] && window.__typed[q].painted !== undefined", arg=question,
                               timeout=SLOW_MS)
        t = page.evaluate("q => window.__typed[q]", question)
        typed.append({"question": question, "shown_ms": t["shown"] - t["pressed"],
                      "painted_ms": t["painted"] - t["pressed"]})
    return {"kind": kind, **figures, "typed": typed, "load_average": load_now()}


def prime(playwright, profile: Path, site_url: str) -> None:
    """Put the model and the runtime into the profile's Cache Storage (untimed)."""
    with browser_with_profile(playwright, profile, site_url) as context:
        page = open_lab(context, site_url)
        page.evaluate("q => raglabBridge.embed([q])", FIRST_QUESTION)
        cached = page.evaluate("raglabBridge.stored()")["embed"]
        if not cached:
            raise SystemExit("the embedding model did not reach Cache Storage: the cached runs would download it")


def summarise(runs: list[dict]) -> dict:
    out = {}
    for kind in ("cold", "cached"):
        mine = [r for r in runs if r["kind"] == kind]
        out[kind] = {
            "load_ms": spread([r["load_ms"] for r in mine]),
            "first_vector_ms": spread([r["first_vector_ms"] for r in mine]),
            "first_embed_ms": spread([r["first_embed_ms"] for r in mine]),
        }
    out["per_question_ms"] = spread([t for r in runs for t in r["per_question_ms"]])
    out["per_question_run_medians_ms"] = spread([statistics.median(r["per_question_ms"]) for r in runs])
    out["typed_to_shown_ms"] = spread([t["shown_ms"] for r in runs for t in r["typed"]])
    out["typed_to_painted_ms"] = spread([t["painted_ms"] for r in runs for t in r["typed"]])
    cold, cached = out["cold"]["first_vector_ms"], out["cached"]["first_vector_ms"]
    if cold.get("n") and cached.get("n"):
        out["cold_over_cached"] = cold["median"] / cached["median"]
    return out


def table(summary: dict) -> str:
    lines = [TABLE_HEAD,
             row("cold (empty cache): load to ready", summary["cold"]["load_ms"]),
             row("cold: load + first question's vector", summary["cold"]["first_vector_ms"]),
             row("cached (second visit): load to ready", summary["cached"]["load_ms"]),
             row("cached: load + first question's vector", summary["cached"]["first_vector_ms"]),
             row("one question's vector, model loaded", summary["per_question_ms"], digits=1),
             row("typed question (Enter) to result shown", summary["typed_to_shown_ms"]),
             row("typed question (Enter) to next paint", summary["typed_to_painted_ms"])]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs of each kind (cold, cached); default 5")
    parser.add_argument("--dist", type=Path, default=DEFAULT_DIST, help=f"built site; default {DEFAULT_DIST}")
    parser.add_argument("--max-load", type=float, default=2.5, help="wait for a 1-minute load average below this")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    dist = ensure_site(args.dist.resolve())
    machine = wait_for_quiet_machine(args.max_load)
    runs = []
    work = Path(tempfile.mkdtemp(prefix="raglab-bench-embed-"))
    try:
        with sync_playwright() as playwright, served(dist) as site_url:
            env = environment(playwright)
            warm = work / "cached-profile"
            prime(playwright, warm, site_url)
            for round_ in range(args.runs):
                kinds = ("cold", "cached") if round_ % 2 == 0 else ("cached", "cold")
                for kind in kinds:
                    profile = warm if kind == "cached" else work / f"cold-{round_}"
                    with browser_with_profile(playwright, profile, site_url) as context:
                        run = measure_run(context, site_url, kind)
                    if kind == "cold":
                        shutil.rmtree(profile, ignore_errors=True)
                    runs.append(run)
                    print(f"round {round_ + 1} {kind:6}: load {run['load_ms']:.0f} ms, first vector "
                          f"{run['first_vector_ms']:.0f} ms, per question "
                          f"{statistics.median(run['per_question_ms']):.1f} ms, typed to shown "
                          f"{statistics.median(t['shown_ms'] for t in run['typed']):.0f} ms "
                          f"(load average {run['load_average']})", flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    machine["load_at_end"] = load_now()
    machine["load_during_runs"] = spread([r["load_average"] for r in runs])
    summary = summarise(runs)
    path = write_results("embed", {"environment": env, "machine": machine, "summary": summary, "runs": runs,
                                   "command": "bench/embed.py " + " ".join(argv or sys.argv[1:])})
    print()
    print(f"all-MiniLM-L6-v2 fp16 on {runs[0]['device']}, cross-origin isolated: {runs[0]['isolated']}; "
          f"{env['chromium']}; load average {machine['load_when_measuring']} at the start "
          f"(runs {machine['load_during_runs']['min']:.1f}-{machine['load_during_runs']['max']:.1f})")
    print(table(summary))
    if "cold_over_cached" in summary:
        print(f"cold / cached (load + first vector): {summary['cold_over_cached']:.2f}x")
    print(f"wrote {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()

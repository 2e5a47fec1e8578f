"""Runs of the lab page in fresh browsers, first visit against later visit, interleaved: shared by embed.py and
generate.py, with the figures and results files both report.

    args = cli.parse(cli.parser(__doc__, dist=True, runs=(5, "cold, cached"), max_load=2.5), argv, runs=1)
    measured = interleaved_runs(args, fresh="cold", prime=prime, measure=measure_run, describe=describe)
    measured.report("embed", summarise(measured.runs), argv, args.smoke, "all-MiniLM-L6-v2", [table(...)])

Each run is a fresh Chromium on its own profile, offline (any request off 127.0.0.1 fails the run). A round is
one run of each kind, a fresh one on an empty profile and a cached one on a profile primed once, untimed; which
goes first swaps every round (fresh, cached, cached, fresh, ...), so a drift in the machine's load falls on both
kinds alike. Before measuring it waits (up to 10 minutes) for the 1-minute load average to fall below max_load:
the machine has 2 shared cores.
"""

from __future__ import annotations

import contextlib
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from argparse import Namespace
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import urlsplit

from tools.chromium import CHROMIUM, CHROMIUM_ARGS
from tools.site import ensure_site, served

from bench.smoke import NOTE

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "bench" / "results"
DEFAULT_DIST = ROOT / ".cache" / "dist-bench2"  # the tests' site (tools/site.py), built there if missing

READY_TIMEOUT_MS = 120_000
SLOW_MS = 180_000
CACHED = "cached"  # the kind of run on the primed profile


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
    return {
        "load_at_start": round(first, 2),
        "load_when_measuring": round(now, 2),
        "waited_s": round(waited),
        "max_load": max_load,
        "quiet": now < max_load,
    }


def load_now() -> float:
    return round(os.getloadavg()[0], 2)


# --- the sites ------------------------------------------------------------------------------------------------


def build_before(commit: str, into: Path) -> Path:
    """The site as ``commit`` built it (offline, the tests' stand-in model) into ``into``/site, from a git worktree
    made for the build and removed after it."""
    tree = into / "tree"
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(tree), commit], check=True)
    try:
        for shared in ("node_modules", ".cache"):
            (tree / shared).symlink_to(ROOT / shared)
        site = into / "site"
        stub = ROOT / ".cache" / "models" / "stub" / "Qwen3-0.6B-ONNX"
        env = {"PYTHONPATH": str(tree / "py"), "PATH": "/usr/bin:/bin"}
        # the hooks as the tests' site has them (tools.site.settings_for_tests); a commit from before the flag
        # shipped them in every build
        hooks = ["--bench-hooks"] if "--bench-hooks" in (tree / "build.py").read_text() else []
        subprocess.run(
            [sys.executable, "build.py", "--offline", "--out", str(site), "--self-host-model", str(stub), *hooks],
            cwd=tree,
            env=env,
            check=True,
            stdout=subprocess.DEVNULL,
        )
    finally:
        subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], check=False)
    return site


# --- the browser ---------------------------------------------------------------------------------------------


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


def open_lab(context, site_url: str, reuse: bool = False):
    """The lab at ``site_url`` in the context's first page, "Ready". With ``reuse``, a page of the context already
    on the lab, its documents loaded, is taken as it is: a smoke run's sides or phases that share one browser."""
    from playwright.sync_api import expect

    if reuse:
        for page in context.pages:
            if page.url.startswith(site_url) and page.locator("#yours[data-loaded]").count():
                return page
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


def environment(playwright) -> dict:
    return {
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "chromium": browser_version(playwright),
        "cpus": os.cpu_count(),
        "python": platform.python_version(),
        "machine": platform.machine(),
    }


# --- the runs --------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Measured:
    """What interleaved_runs saw: the browser and machine, the load average before, during and after, every run."""

    environment: dict
    machine: dict
    runs: list[dict]

    def load_note(self) -> str:
        during = self.machine["load_during_runs"]
        return (
            f"load average {self.machine['load_when_measuring']} at the start "
            f"(runs {during['min']:.1f}-{during['max']:.1f})"
        )

    def report(self, name: str, summary: dict, argv: list[str] | None, smoke: bool, model: str, lines: list[str]):
        """Print what ran (``model``, the browser, the load), ``lines`` (the tables), and where the figures went:
        bench/results/<name>-<time>.json, or nowhere in a smoke run (bench/smoke.py)."""
        path = None if smoke else self.write(name, summary, argv)
        print()
        print(f"{model}; {self.environment['chromium']}; {self.load_note()}")
        print("\n".join(lines))
        print(f"wrote {path.relative_to(ROOT)}" if path else NOTE)

    def write(self, name: str, summary: dict, argv: list[str] | None) -> Path:
        """bench/results/<name>-<time>.json: environment, machine, summary, every run and the command that ran,
        `python -m bench.<name> <argv>` (the benchmark's module is its results' name)."""
        args = sys.argv[1:] if argv is None else argv
        return write_results(
            name,
            {
                "environment": self.environment,
                "machine": self.machine,
                "summary": summary,
                "runs": self.runs,
                "command": " ".join(["python -m bench." + name, *args]),
            },
        )


def interleaved_runs(
    args: Namespace,
    fresh: str,
    prime: Callable,
    measure: Callable,
    describe: Callable[[dict], str],
    init_script: str | None = None,
) -> Measured:
    """Serve ``args.dist`` (built if missing) and measure ``args.runs`` rounds of a `fresh` run and a CACHED run
    (see the module docstring), once the load average is below ``args.max_load``.

    `prime(playwright, profile, site_url)` fills the cached runs' profile once; `measure(context, site_url, kind,
    round_) -> dict` is one run in a fresh browser (`init_script` runs before the page's own scripts);
    `describe(run)` is its progress line. Each run gets the load average it ended at ("load_average").
    ``args.smoke`` (bench/smoke.py): one fresh run, on the profile the cached run then reads, in place of the
    priming (one browser start fewer; the figures mean nothing anyway).
    """
    from playwright.sync_api import sync_playwright

    dist, rounds, smoke = ensure_site(args.dist.resolve()), args.runs, args.smoke
    machine = wait_for_quiet_machine(args.max_load)
    runs = []
    work = Path(tempfile.mkdtemp(prefix=f"raglab-bench-{fresh}-"))
    try:
        with sync_playwright() as playwright, served(dist) as site_url:
            env = environment(playwright)
            warm = work / "cached-profile"
            if not smoke:
                prime(playwright, warm, site_url)
            for round_ in range(rounds):
                for kind in (fresh, CACHED) if round_ % 2 == 0 else (CACHED, fresh):
                    profile = warm if kind == CACHED or smoke else work / f"{fresh}-{round_}"
                    with browser_with_profile(playwright, profile, site_url, init_script) as context:
                        run = {**measure(context, site_url, kind, round_), "load_average": load_now()}
                    if kind == fresh and not smoke:
                        shutil.rmtree(profile, ignore_errors=True)
                    runs.append(run)
                    print(
                        f"round {round_ + 1} {kind:8}: {describe(run)} (load average {run['load_average']})", flush=True
                    )
    finally:
        shutil.rmtree(work, ignore_errors=True)
    machine["load_at_end"] = load_now()
    machine["load_during_runs"] = spread([r["load_average"] for r in runs])
    return Measured(env, machine, runs)


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
    return {
        "n": len(values),
        "median": statistics.median(values),
        "p10": quantile(values, 0.1),
        "p90": quantile(values, 0.9),
        "min": min(values),
        "max": max(values),
    }


def row(name: str, s: dict, unit: str = "ms", digits: int = 0) -> str:
    if not s.get("n"):
        return f"| {name} | - | - | - | 0 |"
    f = f"{{:.{digits}f}}"
    return (
        f"| {name} | **{f.format(s['median'])}** {unit} | {f.format(s['p10'])}-{f.format(s['p90'])} | "
        f"{f.format(s['min'])}-{f.format(s['max'])} | {s['n']} |"
    )


TABLE_HEAD = "| measure | median | p10-p90 | min-max | n |\n|---|---|---|---|---|"


def write_results(name: str, payload: dict) -> Path:
    RESULTS.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    path = RESULTS / f"{name}-{stamp}.json"
    path.write_text(json.dumps(payload, indent=2))
    return path

"""How long the lab page is to read (issue 34): screens from the top of the page to each technique's heading and to
the first passage of its result, on the page as built, against the page of an earlier commit, at 1280x800 and
390x844.

    .venv/bin/python -m bench.page_length [--before COMMIT] [--smoke --dist DIR]

A screen is the window's height: a technique whose heading's top is 2,400 px down a 800 px window is 3 screens from
the top, as far as a learner scrolls to reach it from the top. Each side is opened in a fresh Chromium page at each
size (offline, tools/site.py's settings) and measured once it says Ready and its header's lines have settled, as a
visitor reads it: Python has drawn it, every fold (<details>) as the page opens it. The first result is the first
passage the model is given (tests/browser/lab_page.shown's list): the first preset's answer, pre-rendered. A
measurement, not a timing: it is the same on a busy machine, so one run of each side is enough and nothing waits for
a quiet machine.

The baseline is the page built from ``--before`` (a git worktree in a temporary folder, its own build.py:
page_runs.build_before). Prints a table per size (before, after and after/before for each technique) and writes
bench/results/page_length.json. ``--smoke`` (bench/smoke.py): both sides are the site built in ``--dist``, no build,
no results file.
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from tools.chromium import CHROMIUM, CHROMIUM_ARGS
from tools.site import build_site, ensure_site, served

from bench import smoke
from bench.page_runs import DEFAULT_DIST, READY_TIMEOUT_MS, build_before, environment, write_results
from bench.snippets import script

BEFORE = "f412da8"  # the page before issue 34: the menu in one sideways row, every section's settings and steps open
SIZES = ((1280, 800), (390, 844))

# The header's line about keeping the lab offline (boot.js) has said how it ended, so it no longer changes the
# header's height: "Ready to work offline." or why not, never "Saving the lab for offline use…".
SETTLED_JS = script("page_length/settled")

# For each technique section: the document y of its heading and of its first passage, in px; the page's height.
MEASURE_JS = script("page_length/measure")


def measure(playwright, url: str, width: int, height: int) -> dict:
    """The page at ``url`` in a ``width`` x ``height`` window: each technique's distance from the top, in screens."""
    from playwright.sync_api import expect

    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    try:
        page = browser.new_page(viewport={"width": width, "height": height})
        page.route("**/*", lambda route: route.continue_() if route.request.url.startswith(url) else route.abort())
        page.goto(url)
        expect(page.locator("#status")).to_have_text("Ready", timeout=READY_TIMEOUT_MS)
        page.wait_for_function(SETTLED_JS, timeout=READY_TIMEOUT_MS)
        seen = page.evaluate(MEASURE_JS)
    finally:
        browser.close()
    screens = seen["window"]

    def at(px: int | None) -> float | None:
        return None if px is None else round(px / screens, 2)

    return {
        "page": at(seen["height"]),
        "techniques": {s["key"]: {"heading": at(s["heading"]), "result": at(s["result"])} for s in seen["sections"]},
    }


def table(size: str, before: dict, after: dict) -> list[str]:
    """One size's rows: each technique's screens to its heading and to its first result, before and after."""

    def ratio(a: float | None, b: float | None) -> str:
        return f"{a / b:.2f}" if a is not None and b else "–"

    def screens(value: float | None) -> str:
        return "–" if value is None else f"{value:.2f}"

    lines = [
        f"| {size} | heading before | after | after/before | first result before | after | after/before |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for key, b in before["techniques"].items():
        a = after["techniques"].get(key, {"heading": None, "result": None})
        lines.append(
            f"| {key} | {screens(b['heading'])} | {screens(a['heading'])} | {ratio(a['heading'], b['heading'])} "
            f"| {screens(b['result'])} | {screens(a['result'])} | {ratio(a['result'], b['result'])} |"
        )
    lines.append(
        f"| the whole page | {screens(before['page'])} | {screens(after['page'])} | "
        f"{ratio(after['page'], before['page'])} | | | |"
    )
    return lines


def main() -> None:
    from playwright.sync_api import sync_playwright

    args = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    args.add_argument("--before", default=BEFORE)
    args.add_argument("--dist", type=Path, default=DEFAULT_DIST, help="--smoke: the built site, for both sides")
    smoke.add_flag(args)
    a = args.parse_args()
    with tempfile.TemporaryDirectory() as work:
        if a.smoke:
            after_site = before_site = ensure_site(a.dist)
            print(f"smoke run: both sides are {after_site} (no build of {a.before})", flush=True)
        else:
            after_site = build_site(Path(work) / "after")
            before_site = build_before(a.before, Path(work))
        measured: dict[str, dict] = {}
        with sync_playwright() as p, served(before_site) as before_url, served(after_site) as after_url:
            for width, height in SIZES:
                size = f"{width}x{height}"
                measured[size] = {
                    side: measure(p, url, width, height) for side, url in (("before", before_url), ("after", after_url))
                }
            env = environment(p)
    for size, sides in measured.items():
        print(f"\nscreens from the top, {size} (before: {a.before})")
        print("\n".join(table(size, sides["before"], sides["after"])))
    if a.smoke:
        print(smoke.NOTE)
        return
    write_results("page_length", {"environment": env, "before": a.before, "screens": measured})


if __name__ == "__main__":
    main()

"""What a visitor sees while "Make meaning vectors" runs (issue 21 item 3), on the page as built, against the page of
an earlier commit in the same run.

    .venv/bin/python -m bench.vectors_feedback [--before COMMIT] [--rounds 2] [--document PATH] [--max-load 3]
                                              [--later-visit] [--estimate] [--smoke --dist DIR]
                                              [--ours-dist DIR --before-dist DIR]

Each run: a fresh Chromium on an empty profile opens the lab (offline, tools/site.py's settings), loads the embedding
model with a typed hybrid question on Fernport (the goals are about the batches, not the model's download; with
``--later-visit`` the page is then reloaded, so the model is kept in the browser but not loaded, as on a later visit),
reads and keeps ``--document`` (default: R's FAQ from Debian's r-doc-pdf, never committed), then presses "Make meaning
vectors". A MutationObserver on ``#docs-vectors`` (set before the click) records every change of the line with its
time. Measured from the click: the first estimate of the time left (the first text with "left"), the longest time the
bar stood still while vectors were being made (between two changes of its value), then "Cancel" pressed
``CANCEL_AFTER_S`` after the click: the time until the line shows it (any change of the line after the click) and
until the run has stopped (the "have one" line back). Goals: the first estimate within 3 s, the bar moving at least
every 3 s, Cancel shown within 1 s. It also records the passage count of the read list, of the kept list (its
documents' sum) and of the vectors line, which should agree.

The baseline is the same page built from ``--before`` (a git worktree in a temporary folder, its own build.py); the
two sides alternate (ours, before, before, ours, ...), medians over rounds and their ratio. Waits (up to 10
minutes) for a 1-minute load average under --max-load, and records the load after each run. Writes
bench/results/vectors_feedback.json.

``--estimate`` (issue 35): no Cancel; the run goes to its end (the "Every one of your ... passages" line), and each
estimate of the time left the line showed ("about 11 s left", with "408 of 941 passages") is set against the time
that really remained then. Per run: the error of every estimate shown once ``ESTIMATE_FROM`` of the passages had a
vector, (shown - real) / real, its median and largest size, and the estimate shown nearest the issue's point (408 of
941: ``ISSUE_POINT`` of the passages). Goal: every error within 25 %.

``--ours-dist`` and ``--before-dist``: sites already built (say the tests' build of this tree and of main), used
instead of building this tree and ``--before``.

``--smoke`` (bench/smoke.py): both sides are the site built in ``--dist`` (no worktree, no build; so one run stands
for both), the document a PDF of SMOKE_PASSAGES short passages made with fpdf2, Cancel pressed at the first
estimate, one round, no wait for a quiet machine, no results file.
"""

from __future__ import annotations

import argparse
import re
import statistics
import tempfile
from pathlib import Path

from tools.site import build_site, ensure_site, served

from bench import smoke
from bench.page_runs import (
    DEFAULT_DIST,
    READY_TIMEOUT_MS,
    SLOW_MS,
    browser_with_profile,
    build_before,
    load_now,
    open_lab,
    wait_for_quiet_machine,
    write_results,
)
from bench.snippets import script
from raglab.page.vector_batches import seconds_left

DOCUMENT = Path("/usr/share/R/doc/manual/R-FAQ.pdf")  # Debian's r-doc-pdf
BEFORE = "9b63195"  # the page before issue 21 item 3 (batches of 32 from the first)
CANCEL_AFTER_S = 20
# --smoke: more passages than the first two batches can hold (1, then at most 32: raglab.page.vector_batches), so
# the run is still going when Cancel is pressed at the first estimate
SMOKE_PASSAGES = 40
ESTIMATE_FROM = 0.10  # --estimate: estimates shown once this share of the passages have a vector are judged
ISSUE_POINT = 408 / 941  # where the issue saw "about 11 s left" with about 25 s to go
MIN_LEFT_S = 3.0  # --estimate: estimators are judged while at least this much time remains
ESTIMATE_MS = 30 * 60 * 1000  # --estimate: a run may take this long to make every vector

WATCH_JS = script("vectors_feedback/watch")


CLICK_JS = "(button) => { document.querySelector(`#docs-vectors ${button}`).click(); return performance.now(); }"


def made_document(into: Path) -> Path:
    """A PDF of SMOKE_PASSAGES one-line passages."""
    lines = [
        f"Boat {n} leaves the harbour at {n % 12 + 1} o'clock. It carries {n * 3} passengers to the island."
        for n in range(1, SMOKE_PASSAGES + 1)
    ]
    return smoke.made_pdf(into / "smoke-passages.pdf", lines)


COUNTS_JS = script("vectors_feedback/counts")


BATCHES_JS = script("vectors_feedback/batches")


def per_work(timed: list, passages_left: int, work_left: int) -> float:
    """The estimator before issue 35: the time so far per unit of work done, times the work left."""
    return sum(t for _, _, t in timed) / max(sum(w for _, w, _ in timed), 1) * work_left


def two_term_fit(timed: list, passages_left: int, work_left: int) -> float:
    """Issue 35's first estimator (137c36c to 169c275), kept to compare on the same batches: a time per passage and
    a time per unit of work, fitted to every batch by least squares through 0; where the batches cannot tell them
    apart, or one comes out below 0, the one that fits better alone."""
    nn = sum(n * n for n, _, _ in timed)
    nw = sum(n * w for n, w, _ in timed)
    ww = sum(w * w for _, w, _ in timed)
    nt = sum(n * t for n, _, t in timed)
    wt = sum(w * t for _, w, t in timed)
    det = nn * ww - nw * nw
    if det > 1e-9 * nn * ww:
        per_passage, per_unit = (nt * ww - wt * nw) / det, (wt * nn - nt * nw) / det
        if per_passage >= 0 and per_unit >= 0:
            return per_passage * passages_left + per_unit * work_left
    by_work, by_passage = wt / max(ww, 1), nt / max(nn, 1)
    miss_work = sum((t - by_work * w) ** 2 for _, w, t in timed)
    miss_passage = sum((t - by_passage * n) ** 2 for n, _, t in timed)
    return by_work * work_left if miss_work <= miss_passage else by_passage * passages_left


# each called with (batches made, passages left, work left)
ESTIMATORS = {
    "ours": lambda timed, _, work_left: seconds_left(timed, work_left),
    "two-term fit (before)": two_term_fit,
    "per work (first)": per_work,
}


def estimators(batches: list[dict], end: float) -> dict:
    """Each estimator of ESTIMATORS on the same batches (the page's own, marked as they were made): after each
    batch, its estimate against the time that really remained, judged from ESTIMATE_FROM of the passages made
    and while at least MIN_LEFT_S remained (below that a batch's own length is most of the time left)."""
    total = batches[0]["left"][0] + batches[0]["batch"][0] if batches else 0
    out = {}
    for name, estimate in ESTIMATORS.items():
        errors = []
        for k, b in enumerate(batches):
            made, real = total - b["left"][0], (end - b["t"]) / 1000
            if made < ESTIMATE_FROM * total or real < MIN_LEFT_S:
                continue
            said = estimate([tuple(x["batch"]) for x in batches[: k + 1]], *b["left"])
            errors.append(
                {
                    "made": made,
                    "said_s": round(said, 2),
                    "real_s": round(real, 2),
                    "error": round((said - real) / real, 3),
                }
            )
        sizes = [abs(e["error"]) for e in errors]
        out[name] = {
            "judged": len(errors),
            "median_error": round(statistics.median(sizes), 3) if sizes else None,
            "largest_error": round(max(sizes), 3) if sizes else None,
            "within_25": sum(x <= 0.25 for x in sizes),
            "errors": errors,
        }
    return out


def estimates(log: list[dict], clicked: float) -> dict:
    """Every estimate the line showed while vectors were made, against the time that really remained (to the
    "Every one" line), from ESTIMATE_FROM of the passages on."""
    end = next(e["t"] for e in log if "Every one of your" in e["text"])
    shown = []
    for e in log:
        m = re.search(r"([\d,]+) of ([\d,]+) passages, about (\d+) (s|min) left", e["text"])
        if m:
            made, total = int(m[1].replace(",", "")), int(m[2].replace(",", ""))
            left = int(m[3]) * (60 if m[4] == "min" else 1)
            real = (end - e["t"]) / 1000
            shown.append({"made": made, "total": total, "shown_s": left, "real_s": round(real, 2)})
    judged = [
        e | {"error": round((e["shown_s"] - e["real_s"]) / e["real_s"], 3)}
        for e in shown
        if e["made"] >= ESTIMATE_FROM * e["total"] and e["real_s"] > 0
    ]
    errors = [abs(e["error"]) for e in judged]
    at_issue = min(judged, key=lambda e: abs(e["made"] / e["total"] - ISSUE_POINT)) if judged else None
    return {
        "total_s": round((end - clicked) / 1000, 2),
        "estimates": len(shown),
        "judged": len(judged),
        "median_error": round(statistics.median(errors), 3) if errors else None,
        "largest_error": round(max(errors), 3) if errors else None,
        "within_25": sum(x <= 0.25 for x in errors),
        "at_issue_point": at_issue,
        "shown": shown,
    }


def one_run(
    playwright,
    site_url: str,
    document: Path,
    later_visit: bool = False,
    smoke_run: bool = False,
    estimate: bool = False,
) -> dict:
    from playwright.sync_api import expect

    with tempfile.TemporaryDirectory() as profile, browser_with_profile(playwright, Path(profile), site_url) as ctx:
        page = open_lab(ctx, site_url)
        # the embedding model loaded first (a typed meaning question on Fernport), as on a visit that used it before
        page.fill("#q-hybrid", "Who guides the lighthouse tours?")
        page.press("#q-hybrid", "Enter")
        expect(page.locator("#result-hybrid .summary")).to_contain_text("lighthouse tours", timeout=SLOW_MS)
        if later_visit:
            page.reload()
            expect(page.locator("#status")).to_have_text("Ready", timeout=READY_TIMEOUT_MS)
        expect(page.locator("#yours[data-loaded]")).to_have_count(1, timeout=READY_TIMEOUT_MS)
        if smoke_run:  # SMOKE_PASSAGES passages of 2 sentences: cut by its blocks it is 5, all made before Cancel
            page.locator("input[name=passages][value='2']").check()
        page.locator("#doc-files").set_input_files(str(document))
        expect(page.locator("#docs-read .keep-read")).to_be_visible(timeout=SLOW_MS)
        read = page.evaluate(COUNTS_JS)["read"]
        page.locator("#docs-read .keep-read").click(timeout=SLOW_MS)
        expect(page.locator("#docs-vectors .make-vectors")).to_be_visible(timeout=SLOW_MS)
        counts = {**page.evaluate(COUNTS_JS), "read": read}
        page.evaluate(WATCH_JS)
        clicked = page.evaluate(CLICK_JS, ".make-vectors")
        if estimate:  # to the end, no Cancel
            expect(page.locator("#docs-vectors .vectors-done")).to_be_visible(timeout=ESTIMATE_MS)
            log = page.evaluate("window.vectorLog")
            batches = page.evaluate(BATCHES_JS)
            return {
                "passages": counts,
                **estimates(log, clicked),
                "batches": batches,
                "estimators": estimators(batches, next(e["t"] for e in log if "Every one of your" in e["text"])),
                "load": load_now(),
            }
        if smoke_run:  # Cancel at the first estimate: the run is still going (SMOKE_PASSAGES)
            page.wait_for_function("() => window.vectorLog.some((e) => e.text.includes('left'))", timeout=SLOW_MS)
        else:
            page.wait_for_timeout(CANCEL_AFTER_S * 1000)  # a benchmark's wait: the run goes on for this long
        cancelled = page.evaluate(CLICK_JS, ".cancel-vectors")
        expect(page.locator("#docs-vectors .make-vectors")).to_be_visible(timeout=SLOW_MS)
        log = page.evaluate("window.vectorLog")
    first = next((e["t"] for e in log if "left" in e["text"]), None)
    running = [e for e in log if e["value"] is not None and e["t"] <= cancelled]
    moves = [running[0]["t"]] + [b["t"] for a, b in zip(running, running[1:], strict=False) if b["value"] != a["value"]]
    moved = [b for a, b in zip(running, running[1:], strict=False) if b["value"] != a["value"]]
    moves.append(cancelled)
    shown = next((e["t"] for e in log if e["t"] > cancelled), None)
    stopped = next((e["t"] for e in log if e["t"] > cancelled and "have one" in e["text"]), None)
    return {
        "first_estimate_s": round((first - clicked) / 1000, 2) if first else None,
        "longest_still_s": round(max(b - a for a, b in zip(moves, moves[1:], strict=False)) / 1000, 2)
        if len(moves) > 1
        else None,
        "cancel_shown_s": round((shown - cancelled) / 1000, 2) if shown else None,
        "cancel_stopped_s": round((stopped - cancelled) / 1000, 2) if stopped else None,
        "passages": counts,
        # when the bar moved (s after the click) and to what, the first ten times: where the time goes
        "moves": [(round((e["t"] - clicked) / 1000, 2), e["value"]) for e in moved[:10]],
        "load": load_now(),
    }


def main() -> None:
    from playwright.sync_api import sync_playwright

    args = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    args.add_argument("--before", default=BEFORE)
    args.add_argument("--rounds", type=int, default=2)
    args.add_argument("--document", type=Path, default=DOCUMENT)
    args.add_argument("--max-load", type=float, default=3.0)
    args.add_argument("--later-visit", action="store_true", help="the model kept in the browser, not loaded")
    args.add_argument("--dist", type=Path, default=DEFAULT_DIST, help="--smoke: the built site, for both sides")
    args.add_argument("--estimate", action="store_true", help="run to the end: the time left shown against the real")
    args.add_argument("--ours-dist", type=Path, help="this tree's site, already built")
    args.add_argument("--before-dist", type=Path, help="the baseline's site, already built")
    smoke.add_flag(args)
    a = args.parse_args()
    if a.smoke:
        a.rounds, a.max_load = 1, float("inf")
    elif not a.document.is_file():
        raise SystemExit(f"{a.document} is missing: apt-get install r-doc-pdf (or give --document)")
    with tempfile.TemporaryDirectory() as work:
        if a.smoke:
            a.document = made_document(Path(work))
            ours_site = before_site = ensure_site(a.dist)
            print(
                f"smoke run: both sides are {ours_site} (no build of {a.before}): one run stands for both", flush=True
            )
        else:
            ours_site = ensure_site(a.ours_dist) if a.ours_dist else build_site(Path(work) / "ours")
            before_site = ensure_site(a.before_dist) if a.before_dist else build_before(a.before, Path(work))
        load = wait_for_quiet_machine(a.max_load)
        runs: dict[str, list[dict]] = {"ours": [], "before": []}
        with sync_playwright() as p, served(ours_site) as ours_url, served(before_site) as before_url:
            urls = {"ours": ours_url, "before": before_url}
            for r in range(a.rounds):
                for side in ("ours", "before") if r % 2 == 0 else ("before", "ours"):
                    if a.smoke and runs["ours"]:  # the same site, so the same run
                        runs[side].append(runs["ours"][0])
                        continue
                    run = one_run(p, urls[side], a.document, a.later_visit, a.smoke, a.estimate)
                    runs[side].append(run)
                    print(side, run, flush=True)
    if a.estimate:
        report_estimates(a, runs, load)
        return
    keys = ["first_estimate_s", "longest_still_s", "cancel_shown_s", "cancel_stopped_s"]
    medians = {
        side: {k: statistics.median(v for r in rs if (v := r[k]) is not None) for k in keys}
        for side, rs in runs.items()
    }
    visit = "later visit (model kept, not loaded)" if a.later_visit else "model loaded"
    print(f"\n{a.document.name}, {visit}, {a.rounds} rounds, load {load['load_when_measuring']} -> {load_now()}")
    print(f"{'':22} {'ours':>8} {'before':>8} {'ours/before':>12}")
    for k in keys:
        o, b = medians["ours"][k], medians["before"][k]
        print(f"{k:22} {o:8.2f} {b:8.2f} {o / b if b else float('nan'):12.2f}")
    if a.smoke:
        print(smoke.NOTE)
        return
    name = "vectors_feedback_later_visit" if a.later_visit else "vectors_feedback"
    write_results(name, {"document": str(a.document), "load": load, "runs": runs, "medians": medians})


def report_estimates(a, runs: dict[str, list[dict]], load: dict) -> None:
    print(
        f"\n{a.document.name}, the time left shown against the real, {a.rounds} rounds, load "
        f"{load['load_when_measuring']} -> {load_now()}"
    )
    print(f"{'':28} {'ours':>10} {'before':>10}")
    for key in ("total_s", "judged", "within_25", "median_error", "largest_error"):
        values = {side: statistics.median(r[key] for r in rs) for side, rs in runs.items()}
        print(f"{key:28} {values['ours']:10.3f} {values['before']:10.3f}")
    for side, rs in runs.items():
        for r in rs:
            for name, e in r.get("estimators", {}).items():
                print(
                    f"{side} run, {name} on its batches: median {e['median_error']}, largest {e['largest_error']}, "
                    f"{e['within_25']} of {e['judged']} within 25 %"
                )
            e = r["at_issue_point"]
            print(f"{side}: at {e['made']} of {e['total']}: shown {e['shown_s']} s, real {e['real_s']} s")
    if not a.smoke:
        write_results("vectors_estimate", {"document": str(a.document), "load": load, "runs": runs})


if __name__ == "__main__":
    main()

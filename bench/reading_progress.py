"""How the reading bar moves while real PDFs are read in the page (issue 35): where the time goes among a PDF's
passes (pdf.js's text of each page, then the layout's lines, its rules over all pages and each page's passages),
so ``raglab.page.reading_progress.TEXT_STEPS`` weighs them as they take, and how long the line stands still.

    .venv/bin/python -m bench.reading_progress [--dist DIR] [--documents A.pdf B.pdf ...] [--rounds 3] [--smoke]

Each round: a fresh Chromium on an empty profile opens the site (offline), a MutationObserver on the progress line
records every change (its time, text and the bar's value), and the documents are dropped together on
``#doc-files``; the read ends when the read list offers "Keep and search". Prints, per document and pass, the
median time the line named it, the longest time the line stood still, and the bar's share done at each quarter of
the read time (a bar true to the time would say 0.25, 0.5, 0.75). Nothing is compared with another build: the
figures say how the bar's steps match the time, on this machine, at the load printed. ``--smoke``
(bench/smoke.py): one round on a made one-page PDF and a note.
"""

from __future__ import annotations

import statistics
import tempfile
from pathlib import Path

from tools.site import ensure_site, served

from bench import cli, smoke
from bench.page_runs import SLOW_MS, browser_with_profile, load_now, open_lab
from bench.snippets import script

DOCUMENTS = [Path("/usr/share/R/doc/manual/R-intro.pdf"), Path("/usr/share/R/doc/manual/R-FAQ.pdf")]  # r-doc-pdf
WATCH_JS = script("reading_progress/watch")
PASSES = {"the text of": "text", "the lines of": "lines", "headers, footers": "rules", "the passages of": "passages"}


def one_run(playwright, site_url: str, documents: list[Path]) -> dict:
    from playwright.sync_api import expect

    with tempfile.TemporaryDirectory() as profile, browser_with_profile(playwright, Path(profile), site_url) as ctx:
        page = open_lab(ctx, site_url)
        expect(page.locator("#yours[data-loaded]")).to_have_count(1, timeout=SLOW_MS)
        page.evaluate(WATCH_JS)
        files = [{"name": p.name, "mimeType": "application/pdf", "buffer": p.read_bytes()} for p in documents]
        page.locator("#doc-files").set_input_files(files)
        expect(page.locator("#docs-read .keep-read")).to_be_visible(timeout=SLOW_MS)
        end = page.evaluate("performance.now()")
        log = page.evaluate("window.readingLog")
    start, spent = log[0]["t"], {}
    for a, b in zip(log, [*log[1:], {"t": end}], strict=True):
        name = a["text"].split(": ", 1)[1].split(", ", 1)[0] if ": " in a["text"] else ""
        kind = next((k for words, k in PASSES.items() if words in a["text"]), "opening")
        spent[f"{name} {kind}"] = spent.get(f"{name} {kind}", 0) + b["t"] - a["t"]
    quarters = []
    for q in (0.25, 0.5, 0.75):
        at = max((e for e in log if e["t"] - start <= q * (end - start)), key=lambda e: e["t"])
        quarters.append(round(at["value"] / at["max"], 3))
    still = max(b["t"] - a["t"] for a, b in zip(log, [*log[1:], {"t": end}], strict=True))
    return {
        "read_ms": round(end - start),
        "changes": len(log),
        "spent_ms": spent,
        "longest_still_ms": round(still),
        "bar_at_quarters": quarters,
        "load": load_now(),
    }


def main() -> None:
    from playwright.sync_api import sync_playwright

    args = cli.parser(__doc__, dist=True, rounds=3)
    args.add_argument("--documents", type=Path, nargs="+", default=DOCUMENTS, help="PDFs to drop, one at a time")
    a = cli.parse(args, None, rounds=1)
    work = tempfile.TemporaryDirectory()
    if a.smoke:
        made = smoke.made_pdf(Path(work.name) / "tide.pdf", [f"The tide rises {n} cm at the pier." for n in range(9)])
        a.documents = [made, Path(work.name) / "notes.pdf"]
        smoke.made_pdf(a.documents[1], ["The ferry leaves at nine."])
    missing = [p for p in a.documents if not p.is_file()]
    if missing:
        raise SystemExit(f"{missing[0]} is missing: apt-get install r-doc-pdf (or give --documents)")
    runs = []
    with sync_playwright() as p, served(ensure_site(a.dist)) as url:
        for _ in range(a.rounds):
            runs.append(one_run(p, url, a.documents))
            print(runs[-1], flush=True)
    print(
        f"\n{', '.join(d.name for d in a.documents)}: {a.rounds} rounds, load {runs[0]['load']} .. {runs[-1]['load']}"
    )
    print(f"read: {statistics.median(r['read_ms'] for r in runs):.0f} ms (median)")
    for key in runs[0]["spent_ms"]:
        print(f"  {key:28} {statistics.median(r['spent_ms'].get(key, 0) for r in runs):8.0f} ms")
    print(f"longest still: {statistics.median(r['longest_still_ms'] for r in runs):.0f} ms")
    quarters = [statistics.median(q) for q in zip(*(r["bar_at_quarters"] for r in runs), strict=True)]
    print(f"bar at 1/4, 1/2, 3/4 of the time: {quarters}")
    if a.smoke:
        print(smoke.NOTE)
    work.cleanup()


if __name__ == "__main__":
    main()

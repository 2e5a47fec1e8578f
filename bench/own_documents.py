"""A visitor's own documents in the lab page: from the drop to the first answer, the longest main-thread task, a
reload with the documents kept, the bytes kept, and a PDF read; each against a plain-JS baseline in the same run.

    .venv/bin/python -m bench.own_documents [--rounds 3] [--dist DIR] [--build] [--max-load 2.5] [--smoke]

The material is SciFact's first 1,000 abstracts (title + text, joined by a space as BEIR does; 1.49 MB of UTF-8):

- one: all of them in one .txt file, abstracts separated by a blank line;
- many: one .txt file per abstract (``4983.txt``, ...), 1,000 files;
- pdf: a 100-page text PDF of the same abstracts (fpdf2, Helvetica 11 pt, 50 lines of up to 88 characters a
  page: 414,389 characters as pdf.js reads them; letters outside Latin-1 become "?").

Measured, each run in a fresh Chromium on an empty profile (IndexedDB on disk, empty), on the site served by
tools/site.py, offline:

1. Drop to first answer (one, many). A driver in the page picks up where the page's marks leave off, so no
   Playwright round trip is timed: the files are set on ``#doc-files`` (t0 = its ``change`` event); at
   ``raglab:read-end`` and the next frame it clicks "Keep and search"; when ``raglab:kept`` is marked, the kept
   list has its rows and the next frame is drawn, it submits a SciFact claim in plain search (what Enter does);
   the end is the next frame after ``#result-plain`` shows the claim's summary and is no longer busy. Parts: read
   (t0 to read-end), keep (click to the kept list drawn), first search (submit to answer drawn; it builds the
   index). Baseline, in its own fresh browser with the lab loaded: MiniSearch 7.2.0 (npm, injected) ``addAll`` of
   the same passages (the lab's 2-sentence passages, cut in CPython by ``raglab.documents.readers.read_file`` and
   ``raglab.documents.chunking.chunk_documents``; field ``text``, as the lab indexes only a passage's text), timed in
   JS, then its first search. Also timed there, for scale: reading the same files' text with ``File.text()``, one at a
   time, from an input of the benchmark's own. Each part is cut further (``breakdown``) at the moments Python
   writes to the page (``innerHTML``, ``hidden``, timed by setters on those elements) or calls the store.
2. Long tasks: PerformanceObserver ``longtask`` (buffered, registered before the page's scripts); the longest and
   the count (every entry is over 50 ms) between t0 and the answer drawn.
3. Reload (many): the same browser opens the lab again (at REOPEN, see ``reload``); ``#status``'s
   ``data-ready-ms`` is "Ready", ``#yours[data-loaded]`` is caught by a MutationObserver; the claim is submitted
   the moment it appears. Against the baseline browser opening the same address (an empty lab) in the same round.
4. Stored bytes (one, many): the "raglab-documents"/"records" values' UTF-8 bytes (``raglabDocuments.entries()``)
   against the UTF-8 bytes of the kept documents' texts.
5. PDF: our read (t0 to read-end, one file) against ``raglabDocuments.pdfPages(bytes)`` (pdf.js alone, its own
   worker) called directly, in a fresh browser, both loading pdf.js on first use.

A warm-up round (not counted), then ``--rounds`` rounds; in each, for each case, ours and the baseline in turn,
the order swapping every round (ours, baseline, baseline, ours, ...). Medians over rounds; "paired" is the
median of each round's ratio. Waits (up to 10 minutes) for a 1-minute load average under --max-load, as
bench/page_runs.py does, and records the load after every run. Writes bench/results/own_documents.json.
"""

from __future__ import annotations

import base64
import json
import shutil
import statistics
import subprocess
import tempfile
import textwrap
import time
from pathlib import Path

from tools.site import build_site, ensure_site

from bench import cli
from bench.page_runs import (
    ROOT,
    browser_with_profile,
    environment,
    load_now,
    open_lab,
    spread,
    wait_for_quiet_machine,
)
from bench.scifact_data import SciFact, load_scifact, scifact_or_stand_in
from bench.snippets import scripts
from raglab.documents.chunking import chunk_documents
from raglab.documents.readers import read_file

DEFAULT_DIST = ROOT / ".cache" / "dist-bench-docs"
MINISEARCH = ROOT / "node_modules" / "minisearch" / "dist" / "umd" / "index.js"
MINISEARCH_URL = "bench-minisearch.js"  # served from MINISEARCH by a route, same origin as the lab
ABSTRACTS = 1000
SMOKE_ABSTRACTS, SMOKE_PDF_PAGES = 12, 2  # --smoke (bench/smoke.py)
PDF_PAGES, PDF_LINES, PDF_LINE_CHARS, PDF_FONT_PT, PDF_LINE_MM = 100, 50, 88, 11, 5.5
RUN_TIMEOUT_MS = 600_000  # 1,000 files on 2 busy cores
CASES = ("one", "many", "pdf")
# A smoke run's cases whose two sides share one browser profile and page: neither side's figures depend on the
# other's (MiniSearch and pdf.js alone ignore what the lab kept). Not `many`: its baseline reloads an empty lab.
SHARED_IN_SMOKE = ("one", "pdf")
WRITES, READS = ("keep", "keepVectors", "forget"), ("entries", "records", "vectors")  # raglabDocuments' calls
REOPEN = "?technique=plain&corpus=yours"  # the lab's own deep link to plain search on the visitor's documents
GOALS = {
    "drop_vs_minisearch": 1.0,
    "longest_task_ms": 100,
    "loaded_after_ready_ms": 1500,
    "stored_vs_text": 1.3,
    "pdf_vs_pdfjs": 1.2,
}

# The benchmark's JavaScript, bench/js/own_documents/<name>.js as JS.<name>:
# - init: before the page's own scripts, in every page of every run (and again after a reload): long tasks, the
#   moment #yours gets data-loaded, and the helpers the drivers below use;
# - drop: ours, before the files are set: follow the marks, keep, ask; `kind` "read" stops once the files are shown;
# - stored: after the documents are kept: what the store holds, in UTF-8 bytes, against the kept documents' texts;
# - reload: after a reload (the page still booting): when it is Ready, when the kept documents are loaded, then a
#   question;
# - minisearch: the baseline: MiniSearch indexes the passages' texts (parsed before the clock starts), then searches
#   once;
# - file_text: for scale: the dropped files' text in plain JS, one file at a time, from the benchmark's own input;
# - pdfjs: for scale: a PDF's pages read by the page's pdf.js (raglabDocuments.pdfPages), timed.
JS = scripts("own_documents")
INIT_JS = JS.init  # bench/hostile_page.py's pages start as these do


# --- the material --------------------------------------------------------------------------------------------


def material(count: int = ABSTRACTS, pdf_pages: int = PDF_PAGES, data: SciFact | None = None) -> dict:
    """The three cases' files, the passages the lab cuts from them (CPython, the same core), and the question."""
    data = data or load_scifact()
    abstracts = data.documents[:count]
    one = [(f"scifact-{count}.txt", "\n\n".join(abstracts).encode())]
    many = [(f"{i}.txt", text.encode()) for i, text in zip(data.doc_ids[:count], abstracts, strict=True)]
    pdf = [(f"scifact-{pdf_pages}-pages.pdf", scifact_pdf(abstracts, pdf_pages))]
    cases = {"one": one, "many": many, "pdf": pdf}
    out = {"question": data.queries[0], "cases": {}}
    for case, files in cases.items():
        info = {"files": files, "file_bytes": sum(len(b) for _, b in files)}
        if case != "pdf":
            docs = [read_file(name, b) for name, b in files]
            info["passages"] = [c.text for c in chunk_documents(docs)]
            info["text_bytes"] = sum(len(d.text.encode()) for d in docs)
        out["cases"][case] = info
    return out


def scifact_pdf(texts: list[str], pages: int = PDF_PAGES) -> bytes:
    """`pages` pages of running text, PDF_LINES lines a page, each abstract from a new line. Lines are cut at
    PDF_LINE_CHARS by textwrap: fpdf2's own line breaking (multi_cell) took 12 s for this much text."""
    from fpdf import FPDF

    pdf = FPDF(format="A4")
    pdf.set_auto_page_break(False)
    pdf.set_font("helvetica", size=PDF_FONT_PT)
    lines = [
        line for t in texts for line in textwrap.wrap(t.encode("latin-1", "replace").decode("latin-1"), PDF_LINE_CHARS)
    ]  # the core fonts' letters only
    for n in range(pages):
        pdf.add_page()
        for line in lines[n * PDF_LINES : (n + 1) * PDF_LINES]:
            pdf.cell(w=0, h=PDF_LINE_MM, text=line, new_x="LMARGIN", new_y="NEXT")
    return bytes(pdf.output())


def payload(files: list[tuple[str, bytes]]) -> list[dict]:
    kind = {"txt": "text/plain", "pdf": "application/pdf"}
    return [{"name": n, "mimeType": kind[n.rsplit(".", 1)[1]], "buffer": b} for n, b in files]


# --- the runs ------------------------------------------------------------------------------------------------


def wait_for(page, what: str) -> dict:
    """The driver's record once it finished (or failed: then the page's own message is in the error)."""
    try:
        page.wait_for_function(
            "() => __bench.run && (__bench.run.finished || __bench.run.error)", timeout=RUN_TIMEOUT_MS, polling=250
        )
    except Exception as error:
        raise SystemExit(f"{what}: the page did not finish: {error}\n{page_state(page)}") from error
    run = page.evaluate("__bench.run")
    if run.get("error"):
        raise SystemExit(f"{what}: {run['error']}\n{page_state(page)}")
    return run


def page_state(page) -> str:
    return page.evaluate("""() => ["#msg-yours", "#docs-read", "#msg-plain", "#result-plain", "#status"]
        .map((s) => `${s}: ${(document.querySelector(s)?.textContent ?? "(none)").trim().slice(0, 300)}`)
        .join("\\n")""")


def longtasks(page, start: float, end: float) -> list[list[float]]:
    """The long tasks ([start, duration]) that overlap start-end: a task that began before the clock started
    (the driver's own first step runs in it) counts too."""
    return [t for t in page.evaluate("__bench.longtasks") if t[0] < end and t[0] + t[1] > start]


def opened(context, site_url: str):
    """The lab, loaded; in a smoke run's shared profile (one_run), the page the other side left, not loaded again."""
    from playwright.sync_api import expect

    page = open_lab(context, site_url, reuse=True)
    expect(page.locator("#yours[data-loaded]")).to_have_count(1, timeout=RUN_TIMEOUT_MS)
    return page


def ours(context, site_url: str, case: str, m: dict) -> dict:
    """Drop the case's files, keep them, ask; for `many`, then reload and ask again."""
    page = opened(context, site_url)
    files = m["cases"][case]["files"]
    page.evaluate(JS.drop, {"question": m["question"], "kind": "read" if case == "pdf" else "all"})
    page.locator("#doc-files").set_input_files(payload(files))
    r = wait_for(page, f"ours, {case}")
    out = {
        "read_ms": r["read_end"] - r["change"],
        "read_shown_ms": r["read_painted"] - r["change"],
        "read_docs": r["read_docs"],
        "read_problems": r["read_problems"],
        "read_facts": r["read_facts"],
        "parts": breakdown(r, page.evaluate("__bench.html"), page.evaluate("__bench.idb")),
    }
    end = r["read_painted"]
    if case != "pdf":
        end = r["answered_painted"]
        out.update(
            {
                "keep_ms": r["kept_painted"] - r["click"],
                "kept_mark_ms": r["kept"] - r["click"],
                "search_ms": r["answered_painted"] - r["submit"],
                "answered_ms": r["answered"] - r["submit"],
                "total_ms": r["answered_painted"] - r["change"],
                "driver_gaps_ms": (r["click"] - r["read_painted"]) + (r["submit"] - r["kept_painted"]),
                "switched": r["switched"],
                "searching_line": r["searching_line"],
                "summary": r["summary"],
                "stored": page.evaluate(JS.stored),
            }
        )
        phases = {
            "read": (r["change"], r["read_painted"]),
            "keep": (r["click"], r["kept_painted"]),
            "search": (r["submit"], r["answered_painted"]),
        }
        out["longest_task_by_phase_ms"] = {
            p: max((t[1] for t in longtasks(page, a, b) if p != "read" or t[0] >= a), default=0)
            for p, (a, b) in phases.items()
        }
    # The task that holds the change event began before it: Playwright's setInputFiles handing the files over (a
    # CPU profile put 3.2 s of 5,183 files' 3.8 s task in its base64 decoding; the page's change handler takes under
    # 1 ms), so it is kept apart, not counted as the page's.
    tasks = longtasks(page, r["change"], end)
    out["change_task_ms"] = max((t[1] for t in tasks if t[0] < r["change"]), default=0)
    tasks = [t for t in tasks if t[0] >= r["change"]]
    out.update({"longtasks": len(tasks), "longest_task_ms": max((t[1] for t in tasks), default=0)})
    if case == "many":
        out["reload"] = reload(page, site_url, m["question"], kept=len(files))
    return out


def breakdown(r: dict, html: dict, idb: list[dict]) -> dict:
    """Each phase cut at the moments Python wrote to the page or called the store (JS.init's watch and wrappers):

    read: Python picks the files up (change to ``raglab:read-start``), reads them one by one (to the progress
    line hidden), makes the list's HTML (``render_read``), the browser parses it, then lays it out and draws it;
    keep: the records made (click to the store's ``keep``), IndexedDB's write, the lab switched (to
    ``raglab:kept``), the kept list made (``draw_kept``), parsed, drawn; search: the index built, the search and
    its HTML, parsed, drawn.
    """

    def first(key: str, after: float, hidden: bool | None = None) -> dict:
        return next(e for e in html.get(key, []) if e["start"] >= after and hidden in (None, e["value"]))

    hidden = first("progress", r["read_start"], hidden=True)
    listed = first("read", hidden["start"])
    p = {
        "read: Python starts": r["read_start"] - r["change"],
        "read: the files, one by one": hidden["start"] - r["read_start"],
        "read: render_read": listed["start"] - hidden["start"],
        "read: HTML parsed": listed["end"] - listed["start"],
        "read: to the next frame": r["read_painted"] - listed["end"],
    }
    if "click" not in r:
        return p
    writes = [e for e in idb if e["op"] in WRITES and r["click"] <= e["start"] < r["kept"]]
    written = writes[-1]["start"] + writes[-1]["ms"]
    kept = first("kept", r["kept"])
    shown = first("result", r["submit"])
    p.update(
        {
            "keep: records made": writes[0]["start"] - r["click"],
            "keep: IndexedDB write": sum(e["ms"] for e in writes),
            "keep: the lab switched (to raglab:kept)": r["kept"] - written,
            "keep: render_kept (draw_kept)": kept["start"] - r["kept"],
            "keep: HTML parsed": kept["end"] - kept["start"],
            "keep: to the next frame": r["kept_painted"] - kept["end"],
            "search: index + search + HTML": shown["start"] - r["submit"],
            "search: HTML parsed": shown["end"] - shown["start"],
            "search: to the next frame": r["answered_painted"] - shown["end"],
        }
    )
    return p


def reload(page, site_url: str, question: str | None, kept: int) -> dict:
    """The lab opened again in the same browser at REOPEN: plain search on the visitor's documents, no question.

    Not the address the first search left (``?technique=plain&q=...&corpus=yours``): the page would answer that
    question during start-up, in the task that sets data-loaded, so loading could not be told from searching.
    Not the bare address either: the page keeps ``"corpus": "fernport"`` in its meta record when documents are
    kept (written before it switches), so it would come back searching Fernport (``meta_corpus`` in the results).
    """
    page.goto(site_url + REOPEN, wait_until="domcontentloaded")
    page.evaluate(JS.reload, {"question": question, "kept": kept})
    r = wait_for(page, "reload")
    reads = [
        e
        for e in page.evaluate("__bench.idb")
        if e["op"] in READS and r["ready"] - 1 <= e["start"] and e["start"] + e["ms"] <= r["loaded"]
    ]
    read_ms = sum(e["ms"] for e in reads)
    out = {
        "ready_ms": r["ready"],
        "loaded_after_ready_ms": r["loaded"] - r["ready"],
        "late": r["late"],
        "kept_rows": r["kept_rows"],
        "switched": r["switched"],
        "kept_drawn_after_ready_ms": r["kept_drawn"] - r["ready"],
        "parts": {
            "IndexedDB reads": read_ms,
            "the rest: records to the lab (Python)": r["loaded"] - r["ready"] - read_ms,
        },
        "reads": [e["op"] for e in reads],
    }
    end = r["loaded"]
    if question:
        end = r["answered_painted"]
        out.update(
            {
                "search_ms": r["answered_painted"] - r["submit"],
                "answered_after_ready_ms": r["loaded"] - r["ready"] + r["answered_painted"] - r["submit"],
                "summary": r["summary"],
            }
        )
    # Tasks that start after Ready: the task that says "Ready" is Python's start-up, which an empty lab has too.
    tasks = [t for t in longtasks(page, r["ready"], end) if t[0] >= r["ready"]]
    out.update({"longtasks": len(tasks), "longest_task_ms": max((t[1] for t in tasks), default=0)})
    return out


def baseline(context, site_url: str, case: str, m: dict) -> dict:
    """MiniSearch over the same passages (and the files' text in JS), or pdf.js alone; for `many`, an empty
    lab's reload."""
    page = opened(context, site_url)
    info = m["cases"][case]
    if case == "pdf":
        r = page.evaluate(JS.pdfjs, base64.b64encode(info["files"][0][1]).decode())
        if r["problem"]:
            raise SystemExit(f"pdf.js alone: {r['problem']}")
        tasks = longtasks(page, r["t0"], r["painted"])
        return {
            "pdfjs_ms": r["ms"],
            "pages": r["pages"],
            "chars": r["chars"],
            "longtasks": len(tasks),
            "longest_task_ms": max((t[1] for t in tasks), default=0),
        }
    # From the site's own origin, as a file: the page's Content-Security-Policy refuses inline scripts.
    page.route(site_url + MINISEARCH_URL, lambda route: route.fulfill(path=MINISEARCH))
    page.add_script_tag(url=site_url + MINISEARCH_URL)
    page.evaluate("""() => document.body.append(Object.assign(document.createElement("input"),
                     { type: "file", multiple: true, id: "bench-files", hidden: true }))""")
    page.locator("#bench-files").set_input_files(payload(info["files"]))
    text = page.evaluate(JS.file_text)
    r = page.evaluate(JS.minisearch, {"passages": json.dumps(info["passages"]), "question": m["question"]})
    tasks = longtasks(page, r["t0"], r["painted"])
    out = {
        "minisearch_ms": r["index_ms"],
        "minisearch_search_ms": r["search_ms"],
        "passages": r["passages"],
        "hits": r["hits"],
        "file_text_ms": text["ms"],
        "file_text_chars": text["chars"],
        "longtasks": len(tasks),
        "longest_task_ms": max((t[1] for t in tasks), default=0),
    }
    if case == "many":
        out["reload"] = reload(page, site_url, None, kept=0)
    return out


def one_run(playwright, work: Path, site_url: str, sides: tuple[str, ...], case: str, m: dict) -> list[dict]:
    """Each side on the case, in turn, in one fresh browser profile: one side a profile when measuring; in a smoke
    run both (SHARED_IN_SMOKE), the second in the page the first left, which saves a lab start-up each."""
    profile = work / f"{'-'.join(sides)}-{case}"
    errors = []
    done = []
    try:
        with browser_with_profile(playwright, profile, site_url, JS.init) as context:
            context.on("weberror", lambda e: errors.append(str(e.error)))
            context.on("console", lambda msg: msg.type == "error" and errors.append(msg.text))
            for side in sides:
                measured = (ours if side == "ours" else baseline)(context, site_url, case, m)
                done.append({"side": side, "case": case, **measured, "page_errors": errors, "load_average": load_now()})
    finally:
        shutil.rmtree(profile, ignore_errors=True)
    return done


def describe(run: dict) -> str:
    if run["side"] == "ours":
        parts = f"read {run['read_ms']:.0f} ms"
        if "total_ms" in run:
            parts = (
                f"total {run['total_ms']:.0f} ms = {parts}, keep {run['keep_ms']:.0f}, "
                f"search {run['search_ms']:.0f}; stored {run['stored']['value_bytes']:,} B"
            )
        harness = f" (the task holding the change event, Playwright's: {run['change_task_ms']:.0f} ms)"
        return f"{parts}; longest task {run['longest_task_ms']:.0f} ms" + (harness if run.get("change_task_ms") else "")
    if run["case"] == "pdf":
        return f"pdf.js {run['pdfjs_ms']:.0f} ms ({run['pages']} pages)"
    return (
        f"MiniSearch addAll {run['minisearch_ms']:.0f} ms ({run['passages']} passages), files' text "
        f"{run['file_text_ms']:.0f} ms"
    )


# --- figures -------------------------------------------------------------------------------------------------


def paired(runs: list[dict], mine, theirs) -> float | None:
    """The median over rounds of ours / baseline, each round's two runs side by side."""
    by_round: dict[int, dict] = {}
    for r in runs:
        by_round.setdefault(r["round"], {})[r["side"]] = r
    ratios = [mine(p["ours"]) / theirs(p["baseline"]) for p in by_round.values() if len(p) == 2]
    return statistics.median(ratios) if ratios else None


def parts_median(runs: list[dict]) -> dict:
    return {k: statistics.median(r["parts"][k] for r in runs) for k in runs[0]["parts"]}


def summarise(runs: list[dict]) -> dict:
    def of(case: str, side: str) -> list[dict]:
        return [r for r in runs if r["case"] == case and r["side"] == side]

    def med(rs: list[dict], get) -> float:
        return statistics.median(get(r) for r in rs)

    s = {}
    for case in ("one", "many"):
        mine, base = of(case, "ours"), of(case, "baseline")
        c = {
            k: med(mine, lambda r, k=k: r[k])
            for k in (
                "total_ms",
                "read_ms",
                "read_shown_ms",
                "keep_ms",
                "kept_mark_ms",
                "search_ms",
                "longest_task_ms",
                "longtasks",
                "driver_gaps_ms",
            )
        }
        c.update({k: med(base, lambda r, k=k: r[k]) for k in ("minisearch_ms", "minisearch_search_ms", "file_text_ms")})
        c["minisearch_longest_task_ms"] = med(base, lambda r: r["longest_task_ms"])
        c["vs_minisearch"] = c["total_ms"] / c["minisearch_ms"]
        c["vs_minisearch_paired"] = paired(mine + base, lambda r: r["total_ms"], lambda r: r["minisearch_ms"])
        js = c["file_text_ms"] + c["minisearch_ms"] + c["minisearch_search_ms"]
        c["vs_js_text_minisearch"] = c["total_ms"] / js
        c["longest_task_by_phase_ms"] = {
            p: med(mine, lambda r, p=p: r["longest_task_by_phase_ms"][p]) for p in ("read", "keep", "search")
        }
        c["longest_task_any_ms"] = max(r["longest_task_ms"] for r in mine)
        c["stored"] = mine[-1]["stored"]
        c["stored_vs_text"] = c["stored"]["value_bytes"] / c["stored"]["text_bytes"]
        c["parts"] = parts_median(mine)
        c["passages"] = base[-1]["passages"]
        c["runs"] = len(mine)
        s[case] = c
    mine, base = of("many", "ours"), of("many", "baseline")
    s["reload"] = {
        "ready_with_library_ms": med(mine, lambda r: r["reload"]["ready_ms"]),
        "ready_empty_ms": med(base, lambda r: r["reload"]["ready_ms"]),
        "loaded_after_ready_ms": med(mine, lambda r: r["reload"]["loaded_after_ready_ms"]),
        "loaded_after_ready_empty_ms": med(base, lambda r: r["reload"]["loaded_after_ready_ms"]),
        "search_ms": med(mine, lambda r: r["reload"]["search_ms"]),
        "answered_after_ready_ms": med(mine, lambda r: r["reload"]["answered_after_ready_ms"]),
        "longest_task_ms": med(mine, lambda r: r["reload"]["longest_task_ms"]),
        "kept_drawn_after_ready_ms": med(mine, lambda r: r["reload"]["kept_drawn_after_ready_ms"]),
        "loaded_spread": spread([r["reload"]["loaded_after_ready_ms"] for r in mine]),
        "answered_spread": spread([r["reload"]["answered_after_ready_ms"] for r in mine]),
        "parts": parts_median([r["reload"] for r in mine]),
        "meta_corpus": mine[-1]["stored"]["meta_corpus"],
        "switched": all(r["reload"]["switched"] for r in mine),
    }
    rl = s["reload"]
    rl["ready_vs_empty"] = rl["ready_with_library_ms"] / rl["ready_empty_ms"]
    rl["ready_vs_empty_paired"] = paired(
        mine + base, lambda r: r["reload"]["ready_ms"], lambda r: r["reload"]["ready_ms"]
    )
    rl["loaded_vs_empty_ready"] = (rl["ready_with_library_ms"] + rl["loaded_after_ready_ms"]) / rl["ready_empty_ms"]
    mine, base = of("pdf", "ours"), of("pdf", "baseline")
    s["pdf"] = {
        "read_ms": med(mine, lambda r: r["read_ms"]),
        "read_shown_ms": med(mine, lambda r: r["read_shown_ms"]),
        "pdfjs_ms": med(base, lambda r: r["pdfjs_ms"]),
        "pages": base[-1]["pages"],
        "chars": base[-1]["chars"],
        "longest_task_ms": med(mine, lambda r: r["longest_task_ms"]),
        "pdfjs_longest_task_ms": med(base, lambda r: r["longest_task_ms"]),
        "facts": mine[-1]["read_facts"],
        "parts": parts_median(mine),
    }
    s["pdf"]["vs_pdfjs"] = s["pdf"]["read_ms"] / s["pdf"]["pdfjs_ms"]
    s["pdf"]["vs_pdfjs_paired"] = paired(mine + base, lambda r: r["read_ms"], lambda r: r["pdfjs_ms"])
    return s


def table(s: dict, m: dict) -> str:
    one, many, rl, pdf = s["one"], s["many"], s["reload"], s["pdf"]

    def ms(v: float) -> str:
        return f"{v:,.0f}"

    def both(label: str, show) -> str:
        return f"| {label} | {show(one)} | {show(many)} |"

    lines = [
        "| measure | 1 file | 1,000 files |",
        "|---|---|---|",
        both("passages (2 sentences)", lambda c: f"{c['passages']:,}"),
        both("**drop to first answer** (ms)", lambda c: f"**{ms(c['total_ms'])}**"),
        both(
            "- read (change to `raglab:read-end`; to the next frame)",
            lambda c: f"{ms(c['read_ms'])}; {ms(c['read_shown_ms'])}",
        ),
        both(
            "- keep (click to the kept list drawn; to `raglab:kept`)",
            lambda c: f"{ms(c['keep_ms'])}; {ms(c['kept_mark_ms'])}",
        ),
        both("- first search, index built (submit to answer drawn)", lambda c: ms(c["search_ms"])),
        both("MiniSearch 7.2.0 `addAll`, same passages (ms)", lambda c: ms(c["minisearch_ms"])),
        both(
            "**ours / MiniSearch** (of medians; paired)",
            lambda c: f"**{c['vs_minisearch']:.1f}x**; {c['vs_minisearch_paired']:.1f}x",
        ),
        both(
            "JS alone: the files' text (`File.text()`) + `addAll` + a search (ms)",
            lambda c: ms(c["file_text_ms"] + c["minisearch_ms"] + c["minisearch_search_ms"]),
        ),
        both("ours / JS alone", lambda c: f"{c['vs_js_text_minisearch']:.1f}x"),
        both(
            "**longest main-thread task**, drop to answer (ms; the worst run)",
            lambda c: f"**{ms(c['longest_task_ms'])}**; {ms(c['longest_task_any_ms'])}",
        ),
        both(
            "- longest in read / keep / search (ms)",
            lambda c: " / ".join(ms(v) for v in c["longest_task_by_phase_ms"].values()),
        ),
        both("tasks over 50 ms", lambda c: f"{c['longtasks']:.0f}"),
        both("MiniSearch `addAll`, one task (ms)", lambda c: ms(c["minisearch_longest_task_ms"])),
        both("**stored** (IndexedDB values, UTF-8 bytes)", lambda c: f"{c['stored']['value_bytes']:,}"),
        both("the kept documents' text (UTF-8 bytes)", lambda c: f"{c['stored']['text_bytes']:,}"),
        both("**stored / text**", lambda c: f"**{c['stored_vs_text']:.2f}x**"),
        "",
        "| reload, 1,000 files kept | ms |",
        "|---|---|",
        f"| Ready (`data-ready-ms`), documents kept / empty lab | {ms(rl['ready_with_library_ms'])} / "
        f"{ms(rl['ready_empty_ms'])} ({rl['ready_vs_empty']:.2f}x; paired {rl['ready_vs_empty_paired']:.2f}x) |",
        f"| **Ready to `#yours[data-loaded]`** (empty lab) | **{ms(rl['loaded_after_ready_ms'])}** "
        f"({ms(rl['loaded_after_ready_empty_ms'])}) |",
        f"| first question (submit to answer drawn; builds the index) | {ms(rl['search_ms'])} |",
        f"| **Ready to first answer** | **{ms(rl['answered_after_ready_ms'])}** |",
        f"| searchable, against an empty lab's Ready | {rl['loaded_vs_empty_ready']:.2f}x |",
        f"| longest task, Ready to first answer | {ms(rl['longest_task_ms'])} |",
        "",
        f"| {pdf['pages']}-page PDF ({m['cases']['pdf']['file_bytes']:,} bytes, {pdf['chars']:,} characters) | ms |",
        "|---|---|",
        f"| ours: change to `raglab:read-end` (to the next frame) | {ms(pdf['read_ms'])} "
        f"({ms(pdf['read_shown_ms'])}) |",
        f"| pdf.js alone, `raglabDocuments.pdfPages(bytes)` | {ms(pdf['pdfjs_ms'])} |",
        f"| **ours / pdf.js** (of medians; paired) | **{pdf['vs_pdfjs']:.2f}x**; {pdf['vs_pdfjs_paired']:.2f}x |",
        f"| longest task: ours / pdf.js alone | {ms(pdf['longest_task_ms'])} / {ms(pdf['pdfjs_longest_task_ms'])} |",
        "",
        "| where the time goes (medians, ms) | 1 file | 1,000 files | PDF |",
        "|---|---|---|---|",
    ]
    for part in one["parts"]:
        lines.append(
            f"| {part} | {ms(one['parts'][part])} | {ms(many['parts'][part])} | "
            f"{ms(pdf['parts'][part]) if part in pdf['parts'] else ''} |"
        )
    lines += ["", "| reload, 1,000 files kept: where the time goes (medians) | ms |", "|---|---|"]
    lines += [f"| {part} | {ms(v)} |" for part, v in rl["parts"].items()]
    lines.append(f"| Ready to the kept list drawn | {ms(rl['kept_drawn_after_ready_ms'])} |")
    return "\n".join(lines)


def goals(s: dict) -> list[str]:
    checks = [
        ("drop to answer / MiniSearch, 1 file", s["one"]["vs_minisearch"], GOALS["drop_vs_minisearch"], "x"),
        ("drop to answer / MiniSearch, 1,000 files", s["many"]["vs_minisearch"], GOALS["drop_vs_minisearch"], "x"),
        ("longest task, 1 file", s["one"]["longest_task_ms"], GOALS["longest_task_ms"], " ms"),
        ("longest task, 1,000 files", s["many"]["longest_task_ms"], GOALS["longest_task_ms"], " ms"),
        (
            "Ready to searchable after reload",
            s["reload"]["loaded_after_ready_ms"],
            GOALS["loaded_after_ready_ms"],
            " ms",
        ),
        (
            "Ready to first answer after reload",
            s["reload"]["answered_after_ready_ms"],
            GOALS["loaded_after_ready_ms"],
            " ms",
        ),
        ("stored / text, 1,000 files", s["many"]["stored_vs_text"], GOALS["stored_vs_text"], "x"),
        ("PDF read / pdf.js", s["pdf"]["vs_pdfjs"], GOALS["pdf_vs_pdfjs"], "x"),
    ]
    return [
        f"{name}: {value:.2f}{unit} (goal {goal}{unit}): {'met' if value <= goal else 'NOT met'}"
        for name, value, goal, unit in checks
    ]


def tree() -> dict:
    """The commit measured, and the files of web/ and py/ that differ from it (the site is built from them)."""

    def git(*args: str) -> str:
        return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True).stdout.strip()

    return {
        "commit": git("rev-parse", "--short", "HEAD"),
        "uncommitted": git("status", "--porcelain", "--", "web", "py").splitlines(),
    }


def main() -> None:
    from playwright.sync_api import sync_playwright
    from tools.site import served

    ap = cli.parser(__doc__, dist=DEFAULT_DIST, rounds=3, max_load=2.5)
    ap.add_argument("--build", action="store_true", help="build the site afresh first (web/ or py/ changed)")
    args = cli.parse(ap, None, rounds=1)
    dist = build_site(args.dist) if args.build else ensure_site(args.dist)
    built_from = tree()
    m = material(SMOKE_ABSTRACTS, SMOKE_PDF_PAGES, scifact_or_stand_in()) if args.smoke else material()
    started = time.monotonic()
    machine = wait_for_quiet_machine(args.max_load)
    runs = []
    work = Path(tempfile.mkdtemp(prefix="raglab-bench-docs-"))
    try:
        with sync_playwright() as playwright, served(dist) as site_url:
            env = environment(playwright)
            for round_ in range(1 if args.smoke else 0, args.rounds + 1):  # round 0 warms up, is not counted
                for case in CASES:
                    sides = ("ours", "baseline") if round_ % 2 else ("baseline", "ours")
                    shared = args.smoke and case in SHARED_IN_SMOKE
                    for together in [sides] if shared else [(side,) for side in sides]:
                        for measured in one_run(playwright, work, site_url, together, case, m):
                            run = {"round": round_, **measured}
                            print(
                                f"{'warm-up' if not round_ else f'round {round_}'} {case:4} {run['side']:8}: "
                                f"{describe(run)} (load average {run['load_average']})",
                                flush=True,
                            )
                            if round_:
                                runs.append(run)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    machine["load_at_end"] = load_now()
    machine["load_during_runs"] = spread([r["load_average"] for r in runs])
    summary = summarise(runs)
    cases = {
        c: {k: v for k, v in i.items() if k not in ("files", "passages")} | {"file_count": len(i["files"])}
        for c, i in m["cases"].items()
    }
    payload = {"environment": env, "tree": built_from, "machine": machine, "question": m["question"]}
    payload |= {"cases": cases, "summary": summary, "runs": runs, "rounds": args.rounds}
    payload["seconds"] = round(time.monotonic() - started)
    during = machine["load_during_runs"]
    print(
        f"\nChromium {env['chromium']}, {env['cpus']} cores; load average {machine['load_when_measuring']} at the "
        f"start, {during['min']:.1f}-{during['max']:.1f} during the runs; {args.rounds} rounds; medians\n"
    )
    print(table(summary, m))
    print()
    print("\n".join(goals(summary)))
    cli.write("own_documents", payload, args.smoke)


if __name__ == "__main__":
    main()

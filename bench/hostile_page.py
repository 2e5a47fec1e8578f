"""Hostile files in the lab page (issue 24: "every row of the table ends in a sentence within 5 s in the page"):
each row's file dropped beside a good one, or imported as a zip holding a good file, on the page as built; the time
from the drop to the file's line in the page, the longest main-thread task meanwhile, and how long a question in
plain search (Fernport) asked just after the drop took to be answered.

    .venv/bin/python -m bench.hostile_page [--dist DIR] [--build] [--limit 120] [--only drawing,stops] [--smoke]

Each row in a fresh tab of one Chromium (its profile empty), the lab loaded and Ready first. The clock starts at the
input's ``change`` event; a row ends when the page has a line naming the file (a refusal in the read list or the
documents' line, or the document read) and the question is answered; ``--limit`` seconds without that is "nothing".
The good file is dropped first, so its line comes before the bad one's; a zip's lines all come at once.
Long tasks: PerformanceObserver ``longtask`` (bench/own_documents.py's INIT_JS), those that start from the drop to
the row's end.
Issue 36's rows that are no file (an address, damaged records in the store, a fatal error in Python) come last:
their clock runs from the page's Ready (for the fatal error, from its trigger) to the line that says so.
Prints the machine's load (/proc/loadavg) before and after each row. ``--smoke``: small files, three rows.

Issue 36's files (rows "36: ...", bench/hostile.py's ISSUE_36) are dropped beside the good one, and two zips
imported: 10,001 small files (refused before one is read), and a PDF of 30 pages, a Word file of 2,000 paragraphs
and the good file (read with pdf.js and mammoth.js).

Issue 36 adds two rows that are no file. Python a script adds after the start (in open and closed shadow roots, and
a <py-script> filled two microtasks after insertion): "its line" is the time until PyScript is done with every
<py-script>, the line whether any Python ran. "Ask the model" after Parent-document on three documents of some 2,450
tokens each (not in ``--smoke``: a model download): "its line" from the click to the first sentence (download
and load included): the failure's, or, where the page cuts the prompt to the memory it estimates before the first
run, what was left out; after a failure, "good read" from "Try again" to the sentence saying what was left out, and
"answer" from there (or from the first sentence) to the answer's end.

Issue 36's source view (``SOURCE_ROW``): a PDF of 300,000 text items on 30 pages dropped, kept, asked about, and its
first passage opened with "Show in the document"; "answer" is the drop to the document read, "its line" the click
to the highlighted passage in the view, "good read" the click to every run of the text drawn.

The rest of issue 36, in a table of its own: a question typed in an embed and sent before Python has started (the
lab's code held back until Enter), from Enter to its answer, with the count of requests (or Referers) that carry it;
records that are no text (an array nested 3,000 deep) or torn (with PDF bytes beside), from Ready to the documents'
line, with the count of damaged records still in the store after.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import tempfile
from pathlib import Path

from tests.fixtures import (
    make_docx,
    make_docx_bomb,
    make_drawing_bomb_pdf,
    make_many_items_pdf,
    make_page_tree_pdf,
    make_pdf,
    make_zip,
    zip_with,
)
from tools.site import build_site, ensure_site

from bench import smoke
from bench.hostile import _TWO_FILES, ISSUE_36
from bench.own_documents import INIT_JS
from bench.page_runs import ROOT, browser_with_profile, open_lab

DEFAULT_DIST = ROOT / ".cache" / "dist-test"
GOOD = ("good.txt", b"The ferry leaves at eight. A ticket costs six coins.")
QUESTION = "When does the ferry leave?"
MARKER = b"# notes.pdf\n\n<!-- source: notes.pdf -->\n\n<!-- page 400000000 -->\nBoats sail.\n"  # a corpus document
PAGES = [f"The lighthouse keeper counts boat {n} at the harbour. " * 20 for n in range(30)]  # 30 pages
WORD = make_docx([f"Divers leave the reef at {n % 12 + 1}. Boat {n} waits." for n in range(2_000)])
DEEP = b"[related]\nboat = " + b"[" * 5000 + b"]" * 5000 + b"\n"


def _note(n: int) -> bytes:
    return f"Boat {n} sails at {n % 24}. Its crew counts {n % 7} nets.".encode()


def rows(smoke_run: bool) -> dict:
    """Issue 24's rows that reach the page: label -> (the input, a function making its files, the name its line
    holds). A zip is imported (``#doc-zip``) with the good file inside it; other files are dropped beside it."""
    drawing = 20_000_000 if smoke_run else 1_000_000_000
    zipped = {"good.txt": GOOD[1], "notes.txt": _TWO_FILES["notes.txt"]}
    made = {
        f"PDF, one page of {drawing / 1e9:g} GB of drawing operators": (
            "doc-files",
            lambda: [GOOD, ("drawing.pdf", make_drawing_bomb_pdf(drawing))],
            "drawing.pdf",
        ),
        "PDF, a page tree of 2^30 pages (a DAG)": (
            "doc-files",
            lambda: [GOOD, ("dag.pdf", make_page_tree_pdf(30))],
            "dag.pdf",
        ),
        "Boats sail + 100,000 full stops (.txt)": (
            "doc-files",
            lambda: [GOOD, ("stops.txt", b"Boats sail" + b"." * 100_000)],
            "stops.txt",
        ),
        "PDF, the 2^30 tree, its /Count says 1": (
            "doc-files",
            lambda: [GOOD, ("dag1.pdf", make_page_tree_pdf(30, 1))],
            "dag1.pdf",
        ),
        "Boats sail. + 100,000 [ (.md)": (
            "doc-files",
            lambda: [GOOD, ("brackets.md", b"Boats sail. " + b"[" * 100_000)],
            "brackets.md",
        ),
        ".docx, 30 MB of XML in 30 KB": (
            "doc-files",
            lambda: [GOOD, ("bomb.docx", make_docx_bomb(30_000_000))],
            "bomb.docx",
        ),
        "corpus zip, <!-- page 400000000 -->": (
            "doc-zip",
            lambda: [("documents.zip", make_zip({"01-good.md": b"# good.txt\n\n" + GOOD[1], "02-notes.md": MARKER}))],
            "02-notes.md",
        ),
        "zip, a bad checksum": (
            "doc-zip",
            lambda: [("documents.zip", zip_with(make_zip(zipped), "notes.txt", damaged=True))],
            "notes.txt",
        ),
        "zip, a file that says 200 bytes": (
            "doc-zip",
            lambda: [("documents.zip", zip_with(make_zip(zipped), "notes.txt", size=200))],
            "notes.txt",
        ),
        "zip, an encrypted file": (
            "doc-zip",
            lambda: [("documents.zip", zip_with(make_zip(zipped), "notes.txt", encrypted=True))],
            "notes.txt",
        ),
        "zip of 30,001 empty files": (
            "doc-zip",
            lambda: [("documents.zip", make_zip({"good.txt": GOOD[1], **{f"e{n}.txt": b"" for n in range(30_000)}}))],
            "documents.zip",
        ),
        "zip of 3,000 small files (read a file a task)": (
            "doc-zip",
            lambda: [("many.zip", make_zip({"good.txt": GOOD[1], **{f"n{n}.txt": _note(n) for n in range(2_999)}}))],
            "good.txt",
        ),
        "zip, synonyms.toml 5,000 deep": (
            "doc-zip",
            lambda: [("documents.zip", make_zip({"good.txt": GOOD[1], "synonyms.toml": DEEP}))],
            "synonyms.toml",
        ),
    }
    for row, make in ISSUE_36.items():  # issue 36: what a file expands to, counted as the command line counts it
        made[f"36: {row}"] = ("doc-files", lambda make=make: [GOOD, make()], make()[0])
    made["36: zip of 10,001 small files"] = (
        "doc-zip",
        lambda: [("many.zip", make_zip({f"n{n}.txt": _note(n) for n in range(10_001)}))],
        "many.zip",
    )
    made["36: zip of 30,000 small files (the issue's row)"] = (
        "doc-zip",
        lambda: [("many.zip", make_zip({f"n{n}.txt": _note(n) for n in range(30_000)}))],
        "many.zip",
    )
    made["36: zip of a PDF, a Word file and a text"] = (
        "doc-zip",
        lambda: [("docs.zip", make_zip({"good.txt": GOOD[1], "report.pdf": make_pdf(PAGES), "notes.docx": WORD}))],
        "good.txt",
    )
    return dict(list(made.items())[:3]) if smoke_run else made


# Before the files are set: the drop's moment, a question just after it, the file's line and the good file read.
DRIVER_JS = """({ input, name, good, question }) => {
  const b = globalThis.__bench, r = b.run = {}, yours = document.getElementById("yours");
  document.addEventListener("change", (e) => {
    if (e.target.id !== input || r.change) return;
    r.change = performance.now();
    const answer = (a) => { r.answered = a.answered_painted; }, failed = (e) => { r.error = String(e); };
    setTimeout(() => b.ask(question).then(answer, failed));
  }, { capture: true });
  const lines = () => [...yours.querySelectorAll("#docs-read li, #msg-yours")].map((e) => e.textContent);
  const line = () => lines().find((t) => t.includes(name));
  b.until(yours, () => line() !== undefined).then((t) => { r.said = t; r.line = line(); });
  const read = () => [...yours.querySelectorAll("#docs-read li.read-doc")].some((li) => li.textContent.includes(good));
  b.until(yours, read).then((t) => { r.good = t; });
}"""


def load() -> str:
    return Path("/proc/loadavg").read_text().split()[0]


# Issue 36's rows that are no file: an address, the records in the store, a fatal error in Python. Each opens the
# lab with what the row needs, and ends when the page's line says so (``SAID``: the first line to hold text).
SAID = (
    """(selector) => { const el = document.querySelector(selector); return el && el.textContent.trim() ? el : null; }"""
)
DEEP_JSON = "[" * 50_000 + "]" * 50_000


def _records() -> list:
    from raglab.documents.corpus import Document
    from raglab.documents.records import document_record

    notes, memo = (
        Document(s, s.title(), f"Boats sail at dawn from {s}.", source=f"{s}.txt") for s in ("notes", "memo")
    )
    return [
        ["names", DEEP_JSON],
        ["vec:all-MiniLM-L6-v2 q8 alone:deadbeef", None],
        ["doc:notes", json.dumps(document_record(notes))],
        ["doc:memo", json.dumps(document_record(memo))],
        ["doc:torn", '{"slug": "torn", "text": '],
        ["meta", json.dumps({"order": ["notes", "torn"], "words": "", "passages": 2, "corpus": "fernport"})],
    ]


def page_rows() -> dict:
    """label -> (what opens the lab for the row: "address", "records" or "fatal", the line that ends it)."""
    return {
        "an address of 50,000 unknown q.* keys (539 KB)": ("address", ".link-message"),
        "stored records: names 50,000 deep, a null vector, a meta listing 1 of 2, a torn doc": (
            "records",
            "#msg-yours",
        ),
        "a fatal error in Python after Ready (50,000 brackets to json.loads)": ("fatal", "#status[data-state=error]"),
    }


def one_page_row(context, site_url: str, kind: str, selector: str, limit_s: float) -> dict:
    """From the page's Ready (its ``data-ready-ms``; for "fatal", from the error's trigger) to ``selector``'s text,
    and the longest main-thread task in between and after, up to the row's end."""
    page = open_lab(context, site_url)
    if kind == "records":
        page.evaluate("(records) => raglabDocuments.keep(records)", _records())
        page.reload()
    elif kind == "address":
        page.goto("about:blank")  # a new load: from the lab's own address, a fragment alone would not reload it
        page.goto(site_url + "#plain&" + "&".join(f"q.x{i}=1" for i in range(50_000)))
    page.wait_for_selector("#status[data-ready-ms]", state="attached", timeout=120_000)
    start = float(page.locator("#status").get_attribute("data-ready-ms") or 0)
    if kind == "fatal":
        page.wait_for_selector("#yours[data-loaded]", state="attached", timeout=120_000)
        start = page.evaluate(
            "(deep) => { setTimeout(() => raglabBench.run('plain', 'ferry', deep)); return performance.now(); }",
            DEEP_JSON,
        )
    try:
        page.wait_for_function(SAID, arg=selector, timeout=limit_s * 1000, polling="raf")
        end = page.evaluate("performance.now()")
        line = page.locator(selector).inner_text()
    except Exception:
        end, line = None, ""
    tasks = page.evaluate("__bench.longtasks")
    longest = max((d for s, d in tasks if s >= start and (end is None or s < end)), default=0)
    page.close()
    return {"said_s": (end - start) / 1000 if end else None, "longest_ms": longest, "line": line}


def one_row(context, site_url: str, input_id: str, files: list, name: str, limit_s: float) -> dict:
    page = open_lab(context, site_url)
    page.wait_for_selector("#yours[data-loaded]", state="attached", timeout=120_000)
    page.evaluate(DRIVER_JS, {"input": input_id, "name": name, "good": GOOD[0], "question": QUESTION})
    page.locator(f"#{input_id}").set_input_files(
        [{"name": n, "mimeType": "application/octet-stream", "buffer": data} for n, data in files]
    )
    try:
        page.wait_for_function(
            "() => { const r = __bench.run; return r.error || (r.said && r.answered); }",
            timeout=limit_s * 1000,
            polling=250,
        )
    except Exception:
        pass
    r = page.evaluate("__bench.run")
    ends = [t for t in (r.get("said"), r.get("good"), r.get("answered")) if t]
    end = max(ends) if ends else r["change"]
    tasks = page.evaluate("__bench.longtasks")
    # from the drop on: the task that holds the change event is Playwright's, setting the files (2 MB of PDF took
    # it 886 ms, started 871 ms before the event); the page's own reading starts in a later task
    longest = max((d for s, d in tasks if r["change"] <= s < end), default=0)
    page.close()
    return {
        "said_s": (r["said"] - r["change"]) / 1000 if r.get("said") else None,
        "good_s": (r["good"] - r["change"]) / 1000 if r.get("good") else None,
        "answered_s": (r["answered"] - r["change"]) / 1000 if r.get("answered") else None,
        "longest_ms": longest,
        "line": r.get("line") or r.get("error") or "",
    }


# Issue 36's two rows that are no file: Python a script adds after the start (test_guard.py's markup), and "Ask the
# model" on a Parent-document prompt longer than the stand-in Qwen3's memory (test_prompt_room.py's documents).
GUARD_ROW = "Python added in shadow roots, or filled later"
PROMPT_ROW = "Ask the model, Parent-document, 3 x 2,450 tokens"


def guard_row(context, site_url: str) -> dict:
    """From the injection to every <py-script> done (PyScript's last word on them), and whether any Python ran."""
    from tests.browser.test_guard import IN_A_SHADOW_ROOT, INJECT, LATE

    page = open_lab(context, site_url)
    started = page.evaluate("performance.now()")
    page.evaluate(INJECT, [IN_A_SHADOW_ROOT, LATE])
    page.evaluate("() => __buttons.forEach((b) => b.click())")
    ended = page.evaluate("performance.now()")
    ran = "ran:" in page.locator("body").text_content()
    longest = max((d for t, d in page.evaluate("__bench.longtasks") if started <= t < ended), default=0)
    page.close()
    line = "Python ran" if ran else "none ran"
    return {"said_s": (ended - started) / 1000, "good_s": None, "answered_s": None, "longest_ms": longest, "line": line}


def prompt_row(context, site_url: str, limit_s: float) -> dict:
    """From "Ask the model" to its sentence (the model's download and load from an empty profile included), then
    from "Try again" to the sentence about what was left out and to the answer's end; the longest task over both."""
    from playwright.sync_api import expect
    from tests.fixtures import make_harbour_text

    page = open_lab(context, site_url)
    expect(page.locator("#yours[data-loaded]")).to_have_count(1, timeout=limit_s * 1000)
    files = [{"name": f"harbour-{n}.txt", "mimeType": "text/plain", "buffer": make_harbour_text(n)} for n in (1, 2, 3)]
    page.locator("#doc-files").set_input_files(files)
    page.locator("#docs-read .keep-read").click(timeout=limit_s * 1000)
    expect(page.locator("#docs-kept li.kept-doc")).to_have_count(3, timeout=limit_s * 1000)
    page.fill("#q-parent", "When does the ferry leave?")
    page.press("#q-parent", "Enter")
    expect(page.locator("#result-parent .summary")).to_contain_text("3 passages", timeout=limit_s * 1000)
    now = lambda: page.evaluate("performance.now()")  # noqa: E731
    t0 = now()
    page.locator("#parent button.ask-model-button").click()
    page.locator("#model-parent .consent-yes").click(timeout=limit_s * 1000)
    # the first sentence: the failure's (a page that sends the whole prompt), or what was left out (one that cuts it
    # to the memory it estimates, before the first run: then the answer follows with no "Try again")
    status = page.locator("#model-parent .model-status[role=alert], #model-parent .answer-note").first
    status.wait_for(timeout=limit_s * 1000)
    t1 = now()
    failure = status.inner_text()
    if page.locator("#model-parent .model-status[role=alert]").count():
        page.locator("#model-parent button.model-retry").click()
    else:
        failure = "(no failure) " + failure
    t2 = now()
    t3 = t4 = None  # an earlier page (the baseline) may never say what it left out, nor answer
    try:
        page.locator("#model-parent .answer-note").wait_for(timeout=limit_s * 1000)
        t3 = now()
        page.locator("#model-parent .answer-meta").wait_for(timeout=limit_s * 1000)
        t4 = now()
        said = page.locator("#model-parent .answer-note").inner_text()
    except Exception:
        said = page.locator("#model-parent .model-status").inner_text()
    end = t4 or now()
    longest = max((d for t, d in page.evaluate("__bench.longtasks") if t0 <= t < end), default=0)
    page.close()
    return {
        "said_s": (t1 - t0) / 1000,
        "good_s": (t3 - t2) / 1000 if t3 else None,
        "answered_s": (t4 - t2) / 1000 if t4 else None,
        "longest_ms": longest,
        "line": f"{failure[:90]}… | then: {said[:90]}…",
    }


# Issue 36's other rows (a question typed before Python starts, records that are no text or torn, and the first
# "Ask the model" above): each in a fresh tab, printed in a table of their own. The clock: from Enter to the answer;
# from the page's Ready to the documents' line; the count of requests (or Referers) holding the typed word, and of the
# damaged records still in the store afterwards.
SECRET = "quillback"
EARLY_ROW = "a question typed in an embed before Python starts"
TORN_ROW = "records: a doc 3,000 deep (no text), a torn doc + its PDF"
NOT_TEXT = """() => {
  let deep = [];
  for (let i = 0; i < 3000; i++) deep = [deep];
  return raglabDocuments.keep([["doc:deep", deep], ["pdf:torn", new Uint8Array([37, 80, 68, 70])]]);
}"""
KEYS = "async () => (await raglabDocuments.entries()).map(([key]) => key)"
FORGET_ALL = "async () => raglabDocuments.forget((await raglabDocuments.entries()).map(([key]) => key))"
UNREGISTER = "async () => { for (const r of await navigator.serviceWorker.getRegistrations()) await r.unregister(); }"


def early_row(context, site_url: str, limit_s: float) -> dict:
    """From Enter in an embed whose lab code is held back (so Python has not started) to the answer, once released."""
    import time

    page = context.new_page()
    # the service worker an earlier row installed would answer for the lab's code, which page.route never sees
    page.goto(site_url + "lab.css")
    page.evaluate(UNREGISTER)
    sent = []
    page.on("request", lambda r: sent.append(f"{r.url} {r.headers.get('referer', '')}"))
    held, holding = [], [True]  # the lab's code waits until Enter is pressed

    def hold(route):
        if holding[0]:
            held.append(route)
        else:
            route.fallback()

    page.route("**/raglab.zip", hold)
    page.goto(site_url + "?embed=1&technique=plain", wait_until="domcontentloaded")
    question = f"When does the ferry leave, {SECRET}?"
    page.fill("#q-plain", question)
    page.press("#q-plain", "Enter")
    started = time.perf_counter()
    holding[0] = False  # from now on every request goes through
    for route in held:
        route.fallback()
    try:
        summary = page.locator("#result-plain .summary", has_text=question)
        summary.wait_for(timeout=limit_s * 1000)
        said, line = time.perf_counter() - started, summary.inner_text()
    except Exception:
        said, line = None, page.locator("#status").inner_text()
    leaks = sum(SECRET in line for line in sent)
    page.close()
    return {"said_s": said, "count": leaks, "line": f"{leaks} requests with the question; {line}"}


def torn_row(context, site_url: str, limit_s: float) -> dict:
    """From Ready to the documents' line (or the start's failure), and the damaged records left in the store."""
    from raglab.documents.corpus import Document
    from raglab.documents.records import document_record

    page = open_lab(context, site_url)
    page.evaluate("async (keys) => raglabDocuments.forget(keys)", page.evaluate(KEYS))  # the earlier rows' records
    notes = Document("notes", "Notes", "Boats sail at dawn.", source="notes.txt")
    page.evaluate(
        "(records) => raglabDocuments.keep(records)",
        [["doc:notes", json.dumps(document_record(notes))], ["doc:torn", '{"slug": "torn", "text": ']],
    )
    page.evaluate(NOT_TEXT)
    page.reload()
    ended = "#msg-yours:not(:empty), #status[data-state=error]"
    try:
        page.wait_for_selector(ended, timeout=limit_s * 1000)
        line = page.locator(ended).first.inner_text()
        said = page.evaluate("performance.now()") / 1000
        ready = page.locator("#status").get_attribute("data-ready-ms")
        said = said - float(ready) / 1000 if ready else None
    except Exception:
        said, line = None, ""
    left = [k for k in page.evaluate(KEYS) if k in ("doc:deep", "doc:torn", "pdf:torn")]
    page.evaluate("async (keys) => raglabDocuments.forget(keys)", page.evaluate(KEYS))
    page.close()
    return {"said_s": said, "count": len(left), "line": f"{len(left)} damaged records left; {line}"}


# Issue 36's source view: a kept PDF of many text items over many pages (300,000 items on 30 pages, each page
# under the lab's 20,000), its passage opened with "Show in the document". "its line": from the click to the
# highlighted passage in the view (and, as "good read", to every run of the text drawn: the view's
# ``data-drawn``, or on a site without it the PDF's page drawn); "answer": from the drop to the document read.
SOURCE_ROW = "source view of a PDF of 300,000 items on 30 pages"
SOURCE_JS = """() => {
  const b = globalThis.__bench, r = b.source = {};
  document.addEventListener("click", (e) => {
    if (!r.click && e.target.closest("button.show-source")) r.click = performance.now();
  }, { capture: true });
  b.until(document.body, () => document.querySelector("dialog.source-view[open] #source-here")).then((t) => {
    r.here = t;
  });
  b.until(document.body, () => document.querySelector("dialog.source-view[open] .source-cut[data-drawn=all]"))
    .then((t) => { r.all = t; });
  b.until(document.body, () => document.querySelector("dialog.source-view[open] .pdf-box")).then((t) => {
    r.box = t;
  });
}"""


def source_row(context, site_url: str, limit_s: float, smoke_run: bool = False) -> dict:
    """The many-item PDF dropped, kept and asked about; its first passage opened in the source view."""
    items, pages = (30_000, 3) if smoke_run else (300_000, 30)
    page = open_lab(context, site_url)
    page.wait_for_selector("#yours[data-loaded]", state="attached", timeout=120_000)
    # from a file on disk, as a visitor's drop: a buffer is decoded by Playwright on the page's own thread (one
    # task of 560 ms for this 1.2 MB file, before the lab sees the drop)
    path = Path(tempfile.mkdtemp(prefix="raglab-source-row-")) / "items.pdf"
    path.write_bytes(make_many_items_pdf(items, pages))
    dropped = page.evaluate("performance.now()")
    page.locator("#doc-files").set_input_files(path)
    page.wait_for_selector("#docs-read .keep-read", timeout=limit_s * 1000)
    read = page.evaluate("performance.now()")
    page.locator("#docs-read .keep-read").click()
    page.wait_for_selector("#docs-kept li.kept-doc", timeout=limit_s * 1000)
    page.fill("#q-plain", "w42 w43 w44")
    page.press("#q-plain", "Enter")
    hit = page.locator("#result-plain ol.passages > li.hit").first
    hit.wait_for(timeout=limit_s * 1000)
    page.evaluate(SOURCE_JS)
    hit.locator("button.show-source").click()
    try:
        page.wait_for_function(
            "() => { const r = __bench.source; return r.here && (r.all || r.box); }", timeout=limit_s * 1000
        )
        page.wait_for_function("() => __bench.source.all", timeout=5_000)
    except Exception:
        pass
    r = page.evaluate("__bench.source")
    end = r.get("all") or r.get("box") or page.evaluate("performance.now()")
    tasks = page.evaluate("__bench.longtasks")
    longest = max((d for t, d in tasks if r["click"] <= t < end), default=0)
    read_tasks = [d for t, d in tasks if dropped <= t < read]
    read_longest, read_over = max(read_tasks, default=0), sum(d > 200 for d in read_tasks)
    line = page.locator("dialog.source-view .source-about").first.inner_text() if r.get("here") else ""
    page.evaluate(FORGET_ALL)  # the rows after it start from an empty store, as the profile does (prompt_row keeps 3)
    page.close()
    shutil.rmtree(path.parent)
    return {
        "said_s": (r["here"] - r["click"]) / 1000 if r.get("here") else None,
        "good_s": (end - r["click"]) / 1000,
        "answered_s": (read - dropped) / 1000,
        "longest_ms": longest,
        "line": f"read's longest task {read_longest:.0f} ms, {read_over} over 200 ms; {line}",
    }


def main(argv=None) -> int:
    from playwright.sync_api import sync_playwright
    from tools.site import served

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dist", type=Path, default=DEFAULT_DIST, help="the built site (built there if missing)")
    ap.add_argument("--build", action="store_true", help="build the site afresh first (web/ or py/ changed)")
    ap.add_argument("--limit", type=float, default=120, help="seconds a row may take before it counts as nothing")
    ap.add_argument("--only", default="", help="rows whose label holds one of these words, comma-separated")
    smoke.add_flag(ap)
    args = ap.parse_args(argv)
    dist = build_site(args.dist) if args.build else ensure_site(args.dist)
    wanted = lambda k: not args.only or any(w in k for w in args.only.split(","))  # noqa: E731
    chosen = {k: v for k, v in rows(args.smoke).items() if wanted(k)}
    others = {k: v for k, v in page_rows().items() if wanted(k)}
    never = lambda s: "nothing" if s is None else f"{s:.2f} s"  # noqa: E731
    print(f"load average {os.getloadavg()[0]:.2f} at the start; limit {args.limit:g} s a row")
    print(f"{'row':<44} {'its line':>9} {'good read':>9} {'answer':>9} {'longest task':>12} {'load':>5}  the line")
    work = Path(tempfile.mkdtemp(prefix="raglab-bench-hostile-"))
    try:
        with sync_playwright() as playwright, served(dist) as site_url:
            with browser_with_profile(playwright, work / "profile", site_url, INIT_JS) as context:
                extra = {
                    GUARD_ROW: lambda: guard_row(context, site_url),
                    SOURCE_ROW: lambda: source_row(context, site_url, args.limit, args.smoke),
                }
                if not args.smoke:  # a model download and two answers: not a smoke run's
                    extra[PROMPT_ROW] = lambda: prompt_row(context, site_url, args.limit)
                runs = {
                    label: (lambda i=i, m=m, n=n: one_row(context, site_url, i, m(), n, args.limit))
                    for label, (i, m, n) in chosen.items()
                }
                runs.update(
                    (k, v) for k, v in extra.items() if not args.only or any(w in k for w in args.only.split(","))
                )
                for label, run in runs.items():
                    row = run()
                    print(
                        f"{label:<44} {never(row['said_s']):>9} {never(row['good_s']):>9} "
                        f"{never(row['answered_s']):>9} {row['longest_ms']:>9.0f} ms {load():>5}  {row['line'][:110]}",
                        flush=True,
                    )
                rest = {EARLY_ROW: early_row, TORN_ROW: torn_row}
                rest = {k: v for k, v in rest.items() if wanted(k)}
                if rest:
                    print(f"{'issue 36, the rest':<60} {'its line':>9} {'count':>5} {'load':>5}  the line")
                for label, run in rest.items():
                    row = run(context, site_url, args.limit)
                    print(
                        f"{label:<60} {never(row['said_s']):>9} {row['count']:>5} {load():>5}  {row['line'][:110]}",
                        flush=True,
                    )
                for label, (kind, selector) in others.items():
                    row = one_page_row(context, site_url, kind, selector, args.limit)
                    print(
                        f"{label[:44]:<44} {never(row['said_s']):>9} {'':>9} {'':>9} {row['longest_ms']:>9.0f} ms "
                        f"{load():>5}  {row['line'][:110]}",
                        flush=True,
                    )
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"load average {os.getloadavg()[0]:.2f} at the end")
    if args.smoke:
        print(smoke.NOTE)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

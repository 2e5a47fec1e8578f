"""Keyword search in the browser: our core in Pyodide against MiniSearch, on SciFact, in one headless Chromium page.

    .venv/bin/python -m bench.browser_keyword [--rounds 3] [--core DIR] [--texts N] [--claims N] [--smoke]

Both engines run in the same page, offline (Pyodide from node_modules/pyodide, MiniSearch from node_modules, the
data and the core from a local server), on the 5,183 abstracts and the 300 test claims:

- ours: ``KeywordIndex`` over one chunk per abstract (title + text), searched by ``KeywordIndex.search``, the
  path ``keyword_search`` takes: the lab's words, the spec's sum of ``ln(1 + N/n)``, best 10 with their breakdown;
- MiniSearch: fields title and text, its default tokenizer and term processing, no fuzzy, no prefix, best 10
  (it ranks every match with BM25+; we keep the first 10);
- MiniSearch with the lab's stop words: the same, plus a ``processTerm`` that drops the lab's stop words (the
  way its documentation gives), so it skips "the", "of", "in" as ours does; otherwise nearly every claim
  matches nearly every abstract, and it explains and sorts them all.

Build = making the index from texts already in the engine's own language (Python chunks, JS objects); query =
one claim, words to best 10, timed in JS around the call (so ours includes the JS-to-Python call). One untimed
warm-up round, then ``--rounds`` rounds: build each side in turn, then for each claim search with each side in
turn (ours, MiniSearch, MiniSearch with stop words, ours, ...; the side that goes first rotates by round). Medians
over rounds (build) and over all claims of all rounds (query). The page is cross-origin isolated, so
``performance.now()`` ticks in 5 µs, not 100 µs.

Quality from the same run: nDCG@10 of every side's rankings against BEIR's qrels (``raglab.evaluate.ndcg_at``), and a
check that ours in Pyodide ranks exactly as ours in CPython. ``--core DIR`` times another copy of the core (a
folder holding ``raglab/``), e.g. an older commit's: ``git archive HEAD py | tar -x -C /tmp/head``, then
``--core /tmp/head/py``. Writes ``bench/results/browser_keyword.json``; the page and its data go to
``.cache/bench/browser_keyword/``. ``--texts N`` and ``--claims N`` keep the first N abstracts and claims.

``--smoke`` (bench/smoke.py): 50 abstracts, 3 claims (SciFact's, else ``scifact_or_stand_in``'s), one round and no
warm-up; the page goes to a temporary folder and no results file is written.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import io
import json
import math
import statistics
import sys
import tempfile
import threading
import time
import zipfile
from pathlib import Path

from tools.chromium import CHROMIUM, CHROMIUM_ARGS

from bench import cli
from bench.page_runs import quantile
from bench.scifact import chunks_of
from bench.scifact_data import CACHE_DIR, ROOT, first_of, load_scifact, scifact_or_stand_in
from bench.snippets import script
from raglab.documents.analysis import search_words
from raglab.documents.text import STOP_WORDS
from raglab.metrics import ndcg_at
from raglab.search.keyword import KeywordIndex

TOP_K = 10
PAGE_DIR = CACHE_DIR / "browser_keyword"
SMOKE_TEXTS, SMOKE_CLAIMS = 50, 3  # --smoke (bench/smoke.py)
NODE = ROOT / "node_modules"

# Served paths -> folders on disk; everything else comes from PAGE_DIR.
PEERS = ("minisearch", "minisearch_stop_words")
COLUMNS = (
    "build ms=build_ms:.0f; ×MS=build_vs_minisearch:.2f; ×MS stop=build_vs_minisearch_stop_words:.2f; "
    "query ms (median, p90)=query; ×MS=query_vs_minisearch:.2f; ×MS stop=query_vs_minisearch_stop_words:.2f; "
    "nDCG@10=ndcg_at_10:.4f"
)
MOUNTS = {"/pyodide/": NODE / "pyodide", "/minisearch/": NODE / "minisearch" / "dist" / "es"}

# The Python side of the page: the data arrives as one JSON string, chunks are made as bench/scifact.py makes
# them, and the timed calls leave their rankings in Python lists, so no proxy crosses back while a clock runs.
PAGE_PY = """
import json, sys
sys.path.insert(0, "/home/pyodide/core")
from raglab.documents.chunking import Chunk
from raglab.search.keyword import KeywordIndex
try:
    from raglab.documents.analysis import search_words
except ImportError:  # a core from before documents/analysis.py
    from raglab.documents.text import search_words

_data = json.loads(data_json)
del data_json
chunks = [Chunk(i, i, t, f"{t} {x}".strip(), 1, 0, 1)
          for i, t, x in zip(_data["ids"], _data["titles"], _data["texts"], strict=True)]
queries = _data["queries"]
index = None
rankings = [None] * len(queries)
_search = getattr(KeywordIndex, "search", None)

def build():
    global index
    index = KeywordIndex(chunks)

def query(n):
    words = search_words(queries[n])
    if _search is not None:
        hits = _search(index, words, TOP_K)
    else:  # a core from before KeywordIndex.search: keyword_search's old path
        from raglab.result import rank_scored
        hits = rank_scored(index.chunks, index.word_parts(words), TOP_K)
    rankings[n] = [h.id for h in hits]
"""

PAGE_JS = script("browser_keyword/page")

PAGE_HTML = """<!doctype html>
<meta charset="utf-8"><title>keyword search in the browser</title>
<script type="module" src="bench.js"></script>
"""


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with the headers that make the page cross-origin isolated (fine-grained timers)."""

    def translate_path(self, path: str) -> str:
        for prefix, folder in MOUNTS.items():
            if path.startswith(prefix):
                return str(folder / path[len(prefix) :].split("?")[0])
        return super().translate_path(path)

    def end_headers(self) -> None:
        self.send_header("Cross-Origin-Opener-Policy", "same-origin")
        self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def log_message(self, *args) -> None:
        pass


def core_zip(core: Path) -> bytes:
    """The ``raglab`` package (Python files only) as a zip, unpacked into Pyodide's file system by the page."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for f in sorted((core / "raglab").rglob("*.py")):
            z.write(f, f.relative_to(core).as_posix())
    return buf.getvalue()


def write_page(data, rounds: int, core: Path, folder: Path = PAGE_DIR, warm_up: bool = True) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "index.html").write_text(PAGE_HTML)
    (folder / "bench.js").write_text(PAGE_JS % {"rounds": rounds, "first": 0 if warm_up else 1, "top_k": TOP_K})
    (folder / "page.py").write_text(PAGE_PY)
    (folder / "core.zip").write_bytes(core_zip(core))
    (folder / "data.json").write_text(
        json.dumps(
            {
                "ids": data.doc_ids,
                "titles": data.titles,
                "texts": data.texts,
                "queries": data.queries,
                "stop_words": sorted(STOP_WORDS),
            }
        )
    )


def run_page(timeout_s: float, folder: Path = PAGE_DIR, polling_ms: int = 1000) -> dict:
    from playwright.sync_api import sync_playwright

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    origin = f"http://127.0.0.1:{server.server_port}"
    off_site: list[str] = []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page()

            def guard(route):  # offline by construction: only the local server answers
                if route.request.url.startswith(origin):
                    route.continue_()
                else:
                    off_site.append(route.request.url)
                    route.abort()

            page.route("**/*", guard)
            page.on("console", lambda m: m.type == "error" and print("page:", m.text, file=sys.stderr))
            page.goto(origin + "/index.html")
            page.wait_for_function("window.benchResult !== undefined", timeout=timeout_s * 1000, polling=polling_ms)
            result = page.evaluate("window.benchResult")
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    if off_site:
        raise SystemExit(f"the page asked for off-site URLs: {off_site[:5]}")
    if "error" in result:
        raise SystemExit(f"the page failed:\n{result['error']}")
    result["chromium"] = Path(CHROMIUM).resolve().name
    return result


def ratio(a: float, b: float) -> float:
    """a / b to 2 places; NaN when b rounded to 0 (a smoke run's 50 abstracts can build in under 0.05 ms)."""
    return round(a / b, 2) if b else math.nan


def summarise(result: dict, data, core: Path) -> dict:
    qrels = [data.qrels.get(q, set()) for q in data.query_ids]  # scifact_or_stand_in's stand-in judges none
    rows = {}
    for side in result["times"]:
        t = result["times"][side]
        rankings = result["rankings"][side]
        rows[side] = {
            "build_ms": round(statistics.median(t["build"]), 1),
            "query_ms_median": round(statistics.median(t["query"]), 3),
            "query_ms_p90": round(quantile(t["query"], 0.9), 3),
            "ndcg_at_10": round(
                statistics.fmean(ndcg_at(r, rel, 10) for r, rel in zip(rankings, qrels, strict=True)), 4
            ),
        }
    for row in rows.values():
        for peer in PEERS:
            row[f"build_vs_{peer}"] = ratio(row["build_ms"], rows[peer]["build_ms"])
            row[f"query_vs_{peer}"] = ratio(row["query_ms_median"], rows[peer]["query_ms_median"])
    # Ours in Pyodide must rank exactly as ours in CPython (same core, same words, same floats).
    index = KeywordIndex(chunks_of(data))
    if hasattr(index, "search") and core == ROOT / "py":
        cpython = [[h.id for h in index.search(search_words(q), TOP_K)] for q in data.queries]
        rows["ours"]["same_as_cpython"] = cpython == result["rankings"]["ours"]
    return rows


def main(argv: list[str] | None = None) -> None:
    ap = cli.parser(__doc__, rounds=3)
    ap.add_argument("--core", type=Path, default=ROOT / "py", help="folder holding the raglab package to time")
    ap.add_argument("--timeout", type=float, default=900, help="seconds to wait for the page")
    ap.add_argument("--texts", type=int, help="the first N abstracts (default: all)")
    ap.add_argument("--claims", type=int, help="the first N test claims (default: all)")
    args = cli.parse(ap, argv, texts=SMOKE_TEXTS, claims=SMOKE_CLAIMS, rounds=1)
    core = args.core.resolve()
    data = first_of(scifact_or_stand_in() if args.smoke else load_scifact(), args.texts, args.claims)
    page_dir = (
        tempfile.TemporaryDirectory(prefix="raglab-bench-keyword-") if args.smoke else contextlib.nullcontext(PAGE_DIR)
    )
    with page_dir as folder:
        write_page(data, args.rounds, core, Path(folder), warm_up=not args.smoke)
        started = time.perf_counter()
        result = run_page(args.timeout, Path(folder), polling_ms=100 if args.smoke else 1000)
    rows = summarise(result, data, core)
    print(
        f"Chromium {result['chromium']}, {result['python'].split()[0]} in Pyodide, cross-origin isolated: "
        f"{result['crossOriginIsolated']}; Pyodide load {result['pyodide_load_ms']:.0f} ms, core + data "
        f"{result['core_setup_ms']:.0f} ms; {args.rounds} rounds in {time.perf_counter() - started:.0f} s"
    )
    shown = {side: {**r, "query": f"{r['query_ms_median']:.3f}, {r['query_ms_p90']:.3f}"} for side, r in rows.items()}
    print(cli.table(shown, COLUMNS, first="side"))
    if "same_as_cpython" in rows["ours"]:
        print(f"ours in Pyodide ranks as ours in CPython: {rows['ours']['same_as_cpython']}")
    cli.write(
        "browser_keyword",
        {
            "rounds": args.rounds,
            "texts": len(data.doc_ids),
            "claims": len(data.queries),
            "core": str(core),
            "chromium": result["chromium"],
            "python": result["python"],
            "cross_origin_isolated": result["crossOriginIsolated"],
            "pyodide_load_ms": result["pyodide_load_ms"],
            "core_setup_ms": result["core_setup_ms"],
            "rows": rows,
        },
        args.smoke,
    )


if __name__ == "__main__":
    main()

"""SciFact through the lab page, as a visitor would bring it: quality, embedding throughput, query latency, a reload
and the main thread, each against a baseline in the same run.

    .venv/bin/python -m bench.scifact_page [--rounds 3] [--subset 256] [--phases ...] [--build] [--max-load 2.5]
    .venv/bin/python -m bench.scifact_page --smoke --dist .cache/dist-test

The material: the 5,183 abstracts as files ``<doc_id>.txt`` holding title + text as bench/scifact.py joins them,
brought to "Your documents" with "one passage per document" chosen (passage ``<doc_id>-1``), in corpus order;
the 300 test claims and BEIR's qrels. The site is the tests' (tools/site.py: offline, nothing leaves 127.0.0.1,
so numpy cannot load and the vector maths is plain Python), served on 127.0.0.1, in headless Debian Chromium.

Phases (``--phases``, all by default; results of phases not run are kept from the last results file):

- populate: the persistent profile ``.cache/bench/scifact-page-profile`` gets the 5,183 abstracts and their
  meaning vectors, made by the page's own "Make meaning vectors" (the page's worker, in the batches it sends).
  This takes most of an hour on 2 cores, so it is done once: later runs reuse the profile (delete the folder to
  start again). A browser keeps IndexedDB per origin, so the site is served on a fixed port (--port, 47831) for
  the profile to find its documents again.
- quality: in that profile, the 300 claims' vectors made by the page's worker and added to the page's table
  (``raglabBench.addVectors``); each claim run through ``raglabBench.run`` (web/main.py: the core alone, timed with
  time.perf_counter in Pyodide, nothing drawn): plain (the spec's sum), plain BM25 (the lab's words), hybrid
  (RRF k 60, depth 10), whose vector list (``details["vector"]``, the best 10 by cosine) is the dense ranking.
  nDCG@10 with ``raglab.metrics.ndcg_at`` from the page's ids, against the same from bench/scifact.py's functions
  in CPython on the same texts (``simple_rankings``, ``bm25_rankings``, ``dense_rankings`` on its cached fp32
  ONNX vectors, ``rrf``), and against ``dense_rankings`` on the page's own vectors (read back from IndexedDB), which
  separates the model (transformers.js fp16 in the page, onnxruntime fp32 here) from the ranking code.
- latency: the same three runs timed per claim in the page and, interleaved (page, CPython, CPython, page, ...
  by round), by the same core in CPython on the same passages and vectors with numpy hidden (the page's plain-
  Python path); the first call of each, which builds the index, apart.
- reload: the profile opened again (Ready, ``#status[data-ready-ms]``, to ``#yours[data-loaded]``, caught by a
  MutationObserver; then the first hybrid answer: a claim sent in #q-hybrid with its vector already in the table,
  to the result drawn) against an empty profile opening the same page, in turn; the page's ``raglab:`` marks; the
  stored bytes (``raglabDocuments.entries()``: strings' UTF-8 bytes, Float32Arrays' byteLength) against text +
  1,536 bytes a passage.
- ingest: a fresh profile reads the 5,183 files, keeps them, and answers the first claim (which builds the
  keyword index); the longest main-thread task (PerformanceObserver "longtask") in each part.
- vectors: a fresh profile keeps the first ``--subset`` abstracts and makes their vectors with the page's button:
  the rate and the longest main-thread task while it runs, and the batches the button sent to the worker (recorded
  from ``raglabBridge.vectors``: web/my_vectors.py's order and batch size, longest first). Then in the same page,
  interleaved rounds of the worker's ``raglabBridge.embed`` on those batches and on the same texts in document order
  in batches of the same size (and, with ``--sizes``, the page's order cut into other sizes), against
  ``raglab.models.onnx_embed.OnnxEmbedder`` (onnxruntime, fp32 and the page's fp16; its default threads and 1 thread)
  on the same two lists of batches.

Before measuring it waits (up to 10 minutes) for the 1-minute load average to fall below --max-load, and records the
load after each phase. Prints a table; writes bench/results/scifact_page.json after every phase.

``--smoke`` (bench/smoke.py): every phase once, on the first SMOKE_ABSTRACTS abstracts and SMOKE_CLAIMS claims
(``scifact_or_stand_in``: Fernport's where SciFact is missing; SMOKE_SUBSET of them for the vectors phase), in a
temporary profile on a free port, one round, no wait for a quiet machine; the CPython side's fp32 vectors made
afresh, nothing written (no results file, nothing in .cache/bench).
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import hashlib
import json
import shutil
import statistics
import tempfile
import time
from pathlib import Path

from tools.site import build_site, ensure_site, served

from bench import cli, smoke
from bench.page_runs import ROOT, browser_with_profile, environment, load_now, open_lab, spread, wait_for_quiet_machine
from bench.scifact_data import CACHE_DIR, SciFact, first_of, load_scifact, scifact_or_stand_in
from bench.snippets import scripts

DEFAULT_DIST = ROOT / ".cache" / "dist-scifact-page"
PORT = 47831  # fixed: the profile's IndexedDB belongs to the origin, port included
PROFILE = CACHE_DIR / "scifact-page-profile"  # the 5,183 abstracts and their vectors, made once, reused
RESULT = ROOT / "bench" / "results" / "scifact_page.json"
PHASES = ("populate", "quality", "latency", "reload", "ingest", "vectors")
BATCH = 32  # claims a request to the page's worker (the vectors phase sends the batches the page's button sent)
VECTOR_BYTES = 384 * 4  # one Float32 vector of all-MiniLM-L6-v2
LONG_MS = 3 * 3600 * 1000  # making 5,183 vectors on 2 busy cores
STEP_MS = 600_000  # reading or keeping 5,183 files
SMOKE_ABSTRACTS, SMOKE_CLAIMS = 8, 2  # --smoke (bench/smoke.py): the reload phase asks the second claim
SMOKE_SUBSET = 2  # --smoke: the vectors phase's abstracts (each is embedded 7 times in the page, 12 in CPython)
SMOKE_REPORT_S = 0.5  # --smoke: how often to look whether the vectors are made (a full run: every 15 or 60 s)

# The benchmark's JavaScript, bench/js/scifact_page/<name>.js as JS.<name>:
# - init: before the page's scripts, in every document: the long tasks, and when #yours gets data-loaded;
# - run_all: every claim through raglabBench.run, in the page: one evaluate for all of them;
# - embed: the page's worker, one request a batch: the vectors, or the time each batch took;
# - record_batches: every batch of texts the page asks its worker for, from now on (the page's own order and size);
# - ask_hybrid: a claim sent in #q-hybrid (its vector already in the table): the time to the result drawn and the
#   next frame;
# - marks: the page's "raglab:" performance marks by name; stored: what the store holds, in bytes, by kind;
# - vectors: the page's vectors as base64 (one string: a Float32Array is not JSON), with their keys;
# - dot_products: what the cosine loop of raglab/search/vectors.py would cost written otherwise, in a second Pyodide
#   in the same page (the same build): the lab's generator expression, map(operator.mul), and math.sumprod (Python
#   3.12+, C, one pass);
# - environment: cross-origin isolation, cores, WebGPU and the user agent.
JS = scripts("scifact_page")


# --- the material ----------------------------------------------------------------------------------------------


def material(data: SciFact | None = None) -> dict:
    """The files as a visitor brings them, the documents the page reads from them (read in CPython by the same
    core), and the claims: of ``data``, by default all of SciFact."""
    from raglab.documents.readers import read_file

    data = data or load_scifact()
    files = [(f"{i}.txt", text.encode()) for i, text in zip(data.doc_ids, data.documents, strict=True)]
    docs = [read_file(name, b) for name, b in files]
    # A claim as a technique reads it (spaces collapsed): the key its vector is looked up by.
    claims = [" ".join(q.split()) for q in data.queries]
    return {"data": data, "files": files, "docs": docs, "claims": claims}


def payload(files) -> list[dict]:
    return [{"name": n, "mimeType": "text/plain", "buffer": b} for n, b in files]


def cut(texts: list[str], size: int) -> list[list[str]]:
    """``cut(["a", "b", "c"], 2)`` -> ``[["a", "b"], ["c"]]``: the texts in batches of ``size``, in order."""
    return [texts[i : i + size] for i in range(0, len(texts), size)]


def doc_id(passage_id: str) -> str:
    """``4983-1`` -> ``4983``: one passage per document, named after the file."""
    return passage_id.rsplit("-", 1)[0]


# --- the page --------------------------------------------------------------------------------------------------


@contextlib.contextmanager
def lab_context(playwright, profile: Path, site_url: str, shared=None):
    """A browser on ``profile``, or ``shared``: in a smoke run, the one the populate phase left open, which the
    quality phase goes on in (a lab start-up and a model load less)."""
    if shared is not None:
        yield shared
        return
    with browser_with_profile(playwright, profile, site_url, JS.init) as context:
        yield context


def opened(context, site_url: str, path: str = ""):
    """The lab, loaded; in a shared context (lab_context), the page already open on it."""
    from playwright.sync_api import expect

    page = open_lab(context, site_url + path, reuse=not path)
    expect(page.locator("#yours[data-loaded]")).to_have_count(1, timeout=STEP_MS)
    return page


def longest(page, start: float, end: float) -> dict:
    """The long tasks that overlap start-end: how many, the longest, and the longest few."""
    tasks = [t for t in page.evaluate("__bench.longtasks") if t[0] < end and t[0] + t[1] > start]
    durations = sorted((round(t[1]) for t in tasks), reverse=True)
    return {"count": len(tasks), "longest_ms": durations[0] if durations else 0, "top": durations[:5]}


def now(page) -> float:
    return page.evaluate("performance.now()")


def keep_files(page, files, whole: bool = True) -> dict:
    """Choose the passage size, bring the files, keep them; the marks of my_documents.py and the moments seen."""
    from playwright.sync_api import expect

    if whole:
        page.locator("input[name=passages][value=document]").check()
    t0 = now(page)
    page.locator("#doc-files").set_input_files(payload(files))
    expect(page.locator("#docs-read .keep-read")).to_be_visible(timeout=STEP_MS)
    read_shown = now(page)
    click = now(page)
    page.locator("#docs-read .keep-read").click()
    # the list draws its first LIST_ROWS documents; its heading counts them all
    expect(page.locator("#docs-kept .kept-head")).to_contain_text(f"{len(files)} documents kept", timeout=STEP_MS)
    kept_shown = now(page)
    return {"t0": t0, "read_shown": read_shown, "click": click, "kept_shown": kept_shown, **page.evaluate(JS.marks)}


def use_yours(page) -> None:
    box = page.locator("input[name=corpus][value=yours]")
    if not box.is_checked():
        box.check()


def vectors_line(page) -> str:
    return page.locator("#docs-vectors").inner_text()


def wait_for_vectors(page, n: int, timeout_ms: float, report_s: float = 60) -> None:
    """Until the page says every passage has a vector, printing its line now and then."""
    done = f"Every one of your {n:,} passages has a meaning vector"
    ends = time.monotonic() + timeout_ms / 1000
    while done not in vectors_line(page):
        if time.monotonic() > ends:
            raise SystemExit(f"vectors not made in time: {vectors_line(page)}")
        print(f"  {vectors_line(page).splitlines()[0][:100]} (load average {load_now()})", flush=True)
        page.wait_for_timeout(report_s * 1000)


# --- phases ----------------------------------------------------------------------------------------------------


def populate(playwright, site_url: str, m: dict, profile: Path, report_s: float = 60, shared=None) -> dict:
    """The persistent profile with every abstract kept and every vector made (reused when already so)."""
    n = len(m["files"])
    with lab_context(playwright, profile, site_url, shared) as context:
        page = opened(context, site_url)
        head = page.locator("#docs-kept .kept-head")
        kept = int(head.inner_text().split()[0]) if head.count() else 0
        out = {"reused_documents": kept == n}
        if kept == 0:
            steps = keep_files(page, m["files"])
            out["keep_s"] = round((steps["kept_shown"] - steps["t0"]) / 1000, 1)
        elif kept != n:
            raise SystemExit(f"{profile} holds {kept} documents, not {n}: delete it to start again")
        use_yours(page)
        page.wait_for_timeout(500)  # the switch writes the meta record
        out["reused_vectors"] = f"Every one of your {n:,}" in vectors_line(page)
        if not out["reused_vectors"]:
            started = time.perf_counter()
            button = page.locator("#docs-vectors .make-vectors")
            if button.count():
                button.click()
            wait_for_vectors(page, n, LONG_MS, report_s)
            out["vectors_s"] = round(time.perf_counter() - started)
        return out


def page_claim_vectors(page, claims: list[str]) -> list[list[float]]:
    vectors = page.evaluate(JS.embed, {"batches": cut(claims, BATCH), "timed": False})
    page.evaluate("([t, v]) => raglabBench.addVectors(t, v)", [claims, vectors])
    return vectors


def page_vectors(page, docs):
    """The page's vectors of the passages, in corpus order (kept under a hash of the model and the text)."""
    import numpy as np

    got = page.evaluate(JS.vectors)
    data = np.frombuffer(base64.b64decode(got["data"]), dtype="<f4").reshape(len(got["keys"]), -1)
    by_hash = {key.rsplit(":", 1)[1]: row for key, row in zip(got["keys"], data, strict=True)}
    return np.stack([by_hash[hashlib.sha1(d.text.encode()).hexdigest()[:24]] for d in docs])


RUNS = {
    "plain": ("plain", {"top_k": 10}),
    "bm25": ("plain", {"top_k": 10, "scoring": "bm25"}),
    "snowball": ("plain", {"top_k": 10, "scoring": "snowball"}),
    "hybrid": ("hybrid", {"top_k": 10}),
    "hybrid_snowball": ("hybrid", {"top_k": 10, "scoring": "snowball"}),
}


def quality_and_latency(playwright, site_url: str, m: dict, profile: Path, rounds: int, shared=None) -> dict:
    """The page's rankings of the 300 claims, the per-claim times in the page and in CPython (interleaved by
    round), and the page's vectors for the CPython check."""
    import raglab.search.vectors as vector_maths
    from raglab import Lab, run
    from raglab.documents.chunking import WHOLE_DOCUMENT
    from raglab.documents.corpus import Corpus
    from raglab.search.vector_table import VectorTable

    claims = m["claims"]
    with lab_context(playwright, profile, site_url, shared) as context:
        page = opened(context, site_url)
        use_yours(page)
        n = len(m["files"])
        if f"Every one of your {n:,}" not in vectors_line(page):
            raise SystemExit("the profile's vectors are not all made: run the populate phase first")
        claim_vectors = page_claim_vectors(page, claims)
        doc_vectors = page_vectors(page, m["docs"])
        first = {}
        for name, (key, options) in RUNS.items():  # the first call builds what it needs (index, vector list)
            first[name] = page.evaluate(
                JS.run_all, {"key": key, "questions": claims[:1], "options": json.dumps(options)}
            )[0]["ms"]
        lab = Lab(Corpus("scifact", tuple(m["docs"])), WHOLE_DOCUMENT)
        table = VectorTable()
        table.add([d.text for d in m["docs"]], doc_vectors.tolist())
        table.add(claims, claim_vectors)
        cpython_first = {}
        with_numpy = vector_maths._numpy
        vector_maths._numpy = lambda: None  # the page's path: plain Python
        try:
            for name, (key, options) in RUNS.items():
                started = time.perf_counter()
                run(lab, key, claims[0], embed=table if key == "hybrid" else None, **options)
                cpython_first[name] = (time.perf_counter() - started) * 1000
            page_ms = {name: [] for name in RUNS}
            cpython_ms = {name: [] for name in RUNS}
            rankings = {}
            for round_ in range(rounds):
                for side in ("page", "cpython") if round_ % 2 == 0 else ("cpython", "page"):
                    for name, (key, options) in RUNS.items():
                        if side == "page":
                            got = page.evaluate(
                                JS.run_all, {"key": key, "questions": claims, "options": json.dumps(options)}
                            )
                            page_ms[name] += [g["ms"] for g in got]
                            rankings.setdefault(name, got)
                        else:
                            for claim in claims:
                                started = time.perf_counter()
                                run(lab, key, claim, embed=table if key == "hybrid" else None, **options)
                                cpython_ms[name].append((time.perf_counter() - started) * 1000)
                print(
                    f"  latency round {round_ + 1}: page plain {statistics.median(page_ms['plain']):.2f} ms, "
                    f"hybrid {statistics.median(page_ms['hybrid']):.2f} ms (load average {load_now()})",
                    flush=True,
                )
        finally:
            vector_maths._numpy = with_numpy
        numpy_ms = []
        if with_numpy() is not None:  # for scale: the command line's path, numpy there
            for claim in claims:
                started = time.perf_counter()
                run(lab, "hybrid", claim, embed=table, top_k=10)
                numpy_ms.append((time.perf_counter() - started) * 1000)
        numpy_in_page = rankings["plain"][0]["numpy"]
        dot_products = json.loads(page.evaluate(JS.dot_products, {"n": len(m["docs"]), "dim": 384}))
    return {
        "rankings": {name: [{"ids": g["ids"], "vector": g["vector"]} for g in got] for name, got in rankings.items()},
        "claim_vectors": claim_vectors,
        "doc_vectors": doc_vectors,
        "latency": {
            "first_page_ms": first,
            "first_cpython_ms": cpython_first,
            "page_ms": {k: spread(v) for k, v in page_ms.items()},
            "cpython_ms": {k: spread(v) for k, v in cpython_ms.items()},
            "paired_ratio": {
                k: statistics.median(p / c for p, c in zip(page_ms[k], cpython_ms[k], strict=True)) for k in RUNS
            },
            "cpython_numpy_hybrid_ms": spread(numpy_ms),
            "numpy_in_page": numpy_in_page,
            "dot_products_in_pyodide": dot_products,
            "rounds": rounds,
            "load_at_end": load_now(),
        },
    }


def ndcg(ranked_ids: list[list[str]], data) -> float:
    from raglab.metrics import ndcg_at

    scores = [ndcg_at(ids, data.qrels.get(q, set()), 10) for ids, q in zip(ranked_ids, data.query_ids, strict=True)]
    return sum(scores) / len(scores)


def cpython_quality(m: dict, page_doc_vectors, page_claim_vectors, smoke_run: bool = False) -> dict:
    """nDCG@10 from bench/scifact.py's functions on the same texts: the spec's sum, BM25 with the lab's words,
    dense (its cached fp32 vectors, and the page's), the lab's rank fusion of the first and the dense. A smoke run
    makes its fp32 vectors afresh and keeps none."""
    import numpy as np

    from bench.dense_cache import cached_vectors, embed_sorted, embedder, save_page_vectors
    from bench.scifact import bm25_rankings, dense_rankings, rrf, simple_rankings, snowball_terms
    from raglab.documents.chunking import Chunk
    from raglab.search.bm25 import BM25Index

    data = m["data"]
    n = len(m["docs"])  # all 5,183, but for --limit
    chunks = [Chunk(i, i, d.title, d.text, 1, 0, 1) for i, d in zip(data.doc_ids[:n], m["docs"], strict=True)]
    claims = data.queries

    def ids(rankings):
        return [[data.doc_ids[i] for i, _ in r[:10]] for r in rankings]

    simple = simple_rankings(chunks, claims)
    bm25 = bm25_rankings(BM25Index(chunks), claims)
    snowball = bm25_rankings(BM25Index(chunks, analyze=snowball_terms()), claims)  # PyStemmer, as bench/scifact.py
    if smoke_run:
        fp32 = embedder()
        dense = dense_rankings(embed_sorted(fp32, data.documents), embed_sorted(fp32, claims))
    else:
        dense = dense_rankings(
            cached_vectors("scifact-corpus-minilm", data.documents)[:n],
            cached_vectors("scifact-queries-minilm", claims),
        )
    dense_page = dense_rankings(
        np.asarray(page_doc_vectors, dtype=np.float32), np.asarray(page_claim_vectors, dtype=np.float32)
    )
    if n == len(data.documents) and not smoke_run:  # for `bench.scifact --vectors page`
        save_page_vectors(data.documents, claims, page_doc_vectors, page_claim_vectors)
    hybrid = [rrf([s, d], 60, 10, [1, 1]) for s, d in zip(simple, dense, strict=True)]
    hybrid_page = [rrf([s, d], 60, 10, [1, 1]) for s, d in zip(simple, dense_page, strict=True)]
    hybrid_snowball = [rrf([s, d], 60, 10, [1, 1]) for s, d in zip(snowball, dense, strict=True)]
    # bench/scifact.py's rrf is the lab's fuse_ranks (ties as TIE_RULE), so these are the page's own fusions
    return {
        "plain": ndcg(ids(simple), data),
        "bm25": ndcg(ids(bm25), data),
        "dense": ndcg(ids(dense), data),
        "hybrid": ndcg(ids(hybrid), data),
        "dense_on_page_vectors": ndcg(ids(dense_page), data),
        "snowball": ndcg(ids(snowball), data),
        "hybrid_snowball": ndcg(ids(hybrid_snowball), data),
        "hybrid_on_page_vectors": ndcg(ids(hybrid_page), data),
        "_ids": {"plain": ids(simple)},
    }


def page_quality(rankings: dict, data) -> dict:
    def docs(ids):
        return [doc_id(i) for i in ids]

    return {
        "plain": ndcg([docs(g["ids"]) for g in rankings["plain"]], data),
        "bm25": ndcg([docs(g["ids"]) for g in rankings["bm25"]], data),
        "dense": ndcg([docs(g["vector"]) for g in rankings["hybrid"]], data),
        "hybrid": ndcg([docs(g["ids"]) for g in rankings["hybrid"]], data),
        "snowball": ndcg([docs(g["ids"]) for g in rankings["snowball"]], data),
        "hybrid_snowball": ndcg([docs(g["ids"]) for g in rankings["hybrid_snowball"]], data),
    }


def reload_runs(playwright, site_url: str, m: dict, profile: Path, rounds: int, claim_vectors) -> dict:
    """The kept profile opened again against an empty one, in turn; a different claim each time."""
    claims = m["claims"]
    runs = {"kept": [], "empty": []}
    stored = None
    work = Path(tempfile.mkdtemp(prefix="raglab-scifact-empty-"))
    try:
        for round_ in range(rounds):
            for kind in ("kept", "empty") if round_ % 2 == 0 else ("empty", "kept"):
                where = profile if kind == "kept" else work / f"empty-{round_}"
                q = (1 + round_) % len(claims)  # the stand-in has one claim
                with browser_with_profile(playwright, where, site_url, JS.init) as context:
                    page = opened(context, site_url)
                    ready = float(page.locator("#status").get_attribute("data-ready-ms"))
                    loaded = page.evaluate("__bench.loadedAt")
                    if kind == "kept" and not page.locator("input[name=corpus][value=yours]").is_checked():
                        raise SystemExit("the kept profile came back searching Fernport")
                    marks = page.evaluate(JS.marks)
                    asked = page.evaluate(JS.ask_hybrid, {"claim": claims[q], "vector": claim_vectors[q]})
                    tasks = longest(page, ready, asked["shown"])
                    run = {
                        "ready_ms": ready,
                        "loaded_after_ready_ms": loaded - ready,
                        "hybrid_ms": asked["shown"] - asked["t0"],
                        "answered_after_ready_ms": asked["shown"] - ready,
                        "first": asked["first"],
                        "longest_task_ms": tasks["longest_ms"],
                        "tasks": tasks["top"],
                        "load_average": load_now(),
                        "marks_after_ready_ms": {k: round(v - ready) for k, v in marks.items()},
                    }
                    if kind == "kept" and stored is None:
                        stored = page.evaluate(JS.stored)
                runs[kind].append(run)
                print(
                    f"  reload {kind:5}: ready {ready:.0f} ms, loaded +{run['loaded_after_ready_ms']:.0f} ms, "
                    f"hybrid answered +{run['answered_after_ready_ms']:.0f} ms (load average "
                    f"{run['load_average']})",
                    flush=True,
                )
    finally:
        shutil.rmtree(work, ignore_errors=True)
    text_bytes = sum(len(d.text.encode()) for d in m["docs"])
    passages = len(m["docs"])
    budget = text_bytes + VECTOR_BYTES * passages
    total = stored["documents"] + stored["vectors"] + stored["meta"] + stored["other"]
    return {
        "runs": runs,
        "stored": {
            **stored,
            "total": total,
            "text_bytes": text_bytes,
            "passages": passages,
            "budget": budget,
            "ratio": total / budget,
        },
    }


def ingest(playwright, site_url: str, m: dict) -> dict:
    """A fresh profile: read the 5,183 files, keep them, ask the first claim (the keyword index is built)."""
    from playwright.sync_api import expect

    work = Path(tempfile.mkdtemp(prefix="raglab-scifact-ingest-"))
    try:
        with browser_with_profile(playwright, work / "profile", site_url, JS.init) as context:
            page = opened(context, site_url)
            s = keep_files(page, m["files"])
            claim = m["claims"][0]
            asked = now(page)
            page.fill("#q-plain", claim)
            page.press("#q-plain", "Enter")
            expect(page.locator("#result-plain .summary")).to_contain_text(claim[:40], timeout=STEP_MS)
            expect(page.locator("#result-plain.busy")).to_have_count(0, timeout=STEP_MS)
            answered = now(page)
            parts = {
                "read": (s["t0"], s["read_shown"]),
                "keep": (s["click"], s["kept_shown"]),
                "first question (builds the index)": (asked, answered),
            }
            return {
                "ms": {p: b - a for p, (a, b) in parts.items()},
                "longtasks": {p: longest(page, a, b) for p, (a, b) in parts.items()},
                "load_average": load_now(),
            }
    finally:
        shutil.rmtree(work, ignore_errors=True)


def vectors_and_throughput(
    playwright, site_url: str, m: dict, subset: int, rounds: int, sizes: tuple[int, ...] = (), report_s: float = 15
) -> dict:
    """A fresh profile: the page's button makes the subset's vectors (rate, longest task, the batches it sent); then
    the worker against onnxruntime in CPython on the same batches, and on the same texts in document order,
    interleaved. ``sizes``: other batch sizes to time the worker at, in the page's order."""
    import onnxruntime

    from raglab.models.onnx_embed import OnnxEmbedder, default_model_dir

    files = m["files"][:subset]
    texts = [d.text for d in m["docs"][:subset]]
    cpython = {"fp32": OnnxEmbedder(default_model_dir(), "fp32"), "fp16": OnnxEmbedder(default_model_dir(), "fp16")}
    one = onnxruntime.SessionOptions()
    one.intra_op_num_threads = 1
    single = OnnxEmbedder(default_model_dir(), "fp32")
    single._session = onnxruntime.InferenceSession(
        str(default_model_dir() / "onnx" / "model.onnx"), one, providers=["CPUExecutionProvider"]
    )
    cpython["fp32, 1 thread"] = single
    work = Path(tempfile.mkdtemp(prefix="raglab-scifact-vectors-"))
    try:
        with browser_with_profile(playwright, work / "profile", site_url, JS.init) as context:
            page = opened(context, site_url)
            browser = page.evaluate(JS.environment)
            keep_files(page, files)
            page.evaluate(JS.record_batches)
            started = now(page)
            page.locator("#docs-vectors .make-vectors").click()
            wait_for_vectors(page, len(files), LONG_MS, report_s)
            made = now(page)
            making = {
                "ms": made - started,
                "passages_per_s": len(files) / (made - started) * 1000,
                "longtasks": longest(page, started, made),
            }
            sent = page.evaluate("__batches")
            if sorted(t for b in sent for t in b) != sorted(texts):
                raise SystemExit("the page's button did not send each of the subset's texts exactly once")
            batch = len(sent[0])
            orders = {"page's order": sent, "document order": cut(texts, batch)}
            page_orders = {
                **orders,
                **{f"page's order, batches of {n}": cut([t for b in sent for t in b], n) for n in sizes if n != batch},
            }
            sides = [("page", order) for order in page_orders] + [(k, order) for k in cpython for order in orders]
            # Warm both sides up: the model is loaded, but a session's first run is slower.
            page.evaluate(JS.embed, {"batches": sent[:1], "timed": True})
            for e in cpython.values():
                e(sent[0])
            times = {f"{k} / {order}": [] for k, order in sides}
            batch_ms = {f"page / {order}": [] for order in page_orders}  # each batch's time, by round
            for round_ in range(rounds):
                for k, order in sides if round_ % 2 == 0 else sides[::-1]:
                    if k == "page":
                        ms = page.evaluate(JS.embed, {"batches": page_orders[order], "timed": True})
                        batch_ms[f"page / {order}"].append(ms)
                        times[f"page / {order}"].append(sum(ms))
                    else:
                        t0 = time.perf_counter()
                        for b in orders[order]:
                            cpython[k](b)
                        times[f"{k} / {order}"].append((time.perf_counter() - t0) * 1000)
                print(
                    f"  throughput round {round_ + 1}: "
                    + ", ".join(f"{k} {len(texts) / v[-1] * 1000:.2f}/s" for k, v in times.items())
                    + f" (load average {load_now()})",
                    flush=True,
                )
    finally:
        shutil.rmtree(work, ignore_errors=True)
    rate = {k: statistics.median(len(texts) / t * 1000 for t in v) for k, v in times.items()}
    page = times["page / page's order"]
    paired = {
        k: statistics.median(c / p for p, c in zip(page, v, strict=True))
        for k, v in times.items()
        if k != "page / page's order"
    }  # the page's rate over this one's, per round
    return {
        "browser": browser,
        "subset": len(texts),
        "batch": batch,
        "making": making,
        "rounds": rounds,
        "ms": times,
        "batch_ms": batch_ms,
        "batch_chars": {o: [[len(t) for t in b] for b in bs] for o, bs in page_orders.items()},
        "passages_per_s": rate,
        "page_over_this": paired,
        "load_average": load_now(),
    }


# --- the report ------------------------------------------------------------------------------------------------


def quality_lines(q: dict) -> list[str]:
    lines = cli.heading("nDCG@10, 300 claims | page | CPython (bench/scifact.py) | difference")
    names = {
        "plain": "plain, the spec's sum",
        "bm25": "plain BM25, the lab's words (k1 0.9, b 0.4)",
        "dense": "dense (hybrid's vector list)",
        "hybrid": "hybrid, RRF k 60, depth 10",
        "snowball": "plain BM25, Snowball stems, joined words split",
        "hybrid_snowball": "hybrid, its keyword side BM25 on Snowball stems",
    }
    for k, name in names.items():
        if k not in q["page"]:  # a results file from before the row existed
            continue
        lines.append(f"| {name} | {q['page'][k]:.3f} | {q['cpython'][k]:.3f} | {q['page'][k] - q['cpython'][k]:+.4f} |")
    for k, key in [("dense", "dense_on_page_vectors"), ("hybrid", "hybrid_on_page_vectors")]:
        c = q["cpython"].get(key)
        if c is not None:
            lines.append(
                f"| {names[k]}, CPython on the page's own vectors | {q['page'][k]:.3f} | {c:.3f} | "
                f"{q['page'][k] - c:+.4f} |"
            )
    return lines


def latency_lines(lat: dict) -> list[str]:
    lines = cli.heading(
        "query, 5,183 abstracts | page median (p90) ms | CPython median, plain Python | page / CPython (paired) "
        "| first call, page / CPython ms"
    )
    for k in RUNS:
        p, c = lat["page_ms"][k], lat["cpython_ms"][k]
        lines.append(
            f"| {k} | {p['median']:.2f} ({p['p90']:.2f}) | {c['median']:.2f} | {lat['paired_ratio'][k]:.2f} | "
            f"{lat['first_page_ms'][k]:.0f} / {lat['first_cpython_ms'][k]:.0f} |"
        )
    if lat["cpython_numpy_hybrid_ms"].get("n"):
        lines.append(f"| hybrid, CPython with numpy | - | {lat['cpython_numpy_hybrid_ms']['median']:.2f} | - | - |")
    return lines


def vectors_lines(v: dict) -> list[str]:
    if "page_over_this" not in v:  # a results file from before the page's order was recorded
        return []
    lines = cli.heading(
        f"embedding {v['subset']} abstracts, batches of {v['batch']} | passages/s (median) | page's worker in the "
        "page's order / this (paired)"
    )
    for k, rate in v["passages_per_s"].items():
        who, order = k.split(" / ")
        name = "page worker (transformers.js fp16, WASM)" if who == "page" else f"CPython onnxruntime {who}"
        ratio = f"{v['page_over_this'][k]:.2f}" if k in v["page_over_this"] else "-"
        lines.append(f"| {name}, {order} | {rate:.2f} | {ratio} |")
    mk = v["making"]
    return [
        *lines,
        "",
        f"Making {v['subset']} vectors with the page's button: {mk['passages_per_s']:.1f} passages/s, "
        f"longest main-thread task {mk['longtasks']['longest_ms']} ms ({mk['longtasks']['count']} "
        f"over 50 ms). Browser: {json.dumps(v['browser'])}",
    ]


def ingest_lines(g: dict) -> list[str]:
    lines = cli.heading("ingest 5,183 files, fresh profile | ms | longest task ms | long tasks")
    for p, ms in g["ms"].items():
        t = g["longtasks"][p]
        lines.append(f"| {p} | {ms:.0f} | {t['longest_ms']} | {t['count']} |")
    return lines


def reload_lines(rl: dict) -> list[str]:
    lines = cli.heading(
        "reload | Ready (ms) | Ready to data-loaded (ms) | Ready to first hybrid answer (ms) | hybrid (ms) | "
        "longest task (ms)"
    )
    for kind, runs in rl["runs"].items():

        def med(key, runs=runs):
            return statistics.median(x[key] for x in runs)

        lines.append(
            f"| {kind} | {med('ready_ms'):.0f} | {med('loaded_after_ready_ms'):.0f} | "
            f"{med('answered_after_ready_ms'):.0f} | {med('hybrid_ms'):.0f} | {med('longest_task_ms'):.0f} |"
        )
    s = rl["stored"]
    return [
        *lines,
        "",
        f"Stored: {s['total']:,} bytes (documents {s['documents']:,}, vectors {s['vectors']:,}, meta "
        f"{s['meta']:,}, other {s['other']:,}) against text {s['text_bytes']:,} + 1,536 x "
        f"{s['passages']:,} = {s['budget']:,}: {s['ratio']:.3f}x",
    ]


# Each phase's part of the report, in the order printed: a phase not run (--phases) prints nothing.
SECTIONS = {
    "quality": quality_lines,
    "latency": latency_lines,
    "vectors": vectors_lines,
    "ingest": ingest_lines,
    "reload": reload_lines,
}


def table(r: dict) -> str:
    parts = [lines(r[key]) for key, lines in SECTIONS.items() if r.get(key)]
    return "\n\n".join("\n".join(part) for part in parts if part)


def main() -> None:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--subset", type=int, default=256, help="abstracts for the embedding throughput")
    parser.add_argument("--phases", default=",".join(PHASES), help=f"comma-separated, of {', '.join(PHASES)}")
    parser.add_argument("--dist", type=Path, default=DEFAULT_DIST)
    parser.add_argument("--profile", type=Path, default=PROFILE)
    parser.add_argument(
        "--port", type=int, default=PORT, help="the site's port (the profile's documents are kept per origin)"
    )
    parser.add_argument("--build", action="store_true", help="build the site afresh first")
    parser.add_argument("--max-load", type=float, default=2.5)
    parser.add_argument(
        "--sizes",
        type=lambda s: tuple(int(n) for n in s.split(",")),
        default=(),
        help="vectors phase: other batch sizes to time the page's worker at, in the page's order "
        "(e.g. 16,64); none by default",
    )
    parser.add_argument("--out", type=Path, help=f"results file; default {RESULT.relative_to(ROOT)}")
    parser.add_argument(
        "--limit", type=int, help="only the first LIMIT abstracts (a quick check of the harness; use another --profile)"
    )
    smoke.add_flag(parser)
    args = parser.parse_args()
    report_s = {"populate": 60, "vectors": 15}
    if args.smoke:
        args.rounds, args.subset, args.max_load, args.phases = 1, SMOKE_SUBSET, float("inf"), ",".join(PHASES)
        work = tempfile.TemporaryDirectory(prefix="raglab-scifact-smoke-")  # its profile: a full run's is kept
        args.profile, args.port = Path(work.name) / "profile", 0
        report_s = dict.fromkeys(report_s, SMOKE_REPORT_S)
    phases = [p.strip() for p in args.phases.split(",") if p.strip()]
    unknown = set(phases) - set(PHASES)
    if unknown:
        parser.error(f"unknown phases: {', '.join(sorted(unknown))}")

    dist = build_site(args.dist) if args.build else ensure_site(args.dist)
    m = material(first_of(scifact_or_stand_in(), SMOKE_ABSTRACTS, SMOKE_CLAIMS)) if args.smoke else material()
    if args.limit:
        m["files"], m["docs"] = m["files"][: args.limit], m["docs"][: args.limit]
    result_file = RESULT if not args.limit else RESULT.with_name(f"scifact_page-limit{args.limit}.json")
    result_file = args.out.resolve() if args.out else result_file
    results = json.loads(result_file.read_text()) if result_file.exists() and not args.smoke else {}
    machine = wait_for_quiet_machine(args.max_load)

    def save() -> None:  # after every phase: a run cut short keeps what it measured
        if args.smoke:
            return
        result_file.parent.mkdir(parents=True, exist_ok=True)
        result_file.write_text(json.dumps(results, indent=2, default=float))

    def done(phase: str) -> None:
        results["machine"]["loads_after_phase"][phase] = load_now()
        save()

    with (
        sync_playwright() as playwright,
        served(dist, port=args.port) as site_url,
        contextlib.ExitStack() as smoke_only,
    ):
        results["environment"] = environment(playwright)
        results["machine"] = {**machine, "loads_after_phase": {}}
        shared = None
        if args.smoke:  # populate and quality in one browser (lab_context), closed before the reloads open it again
            shared = smoke_only.enter_context(browser_with_profile(playwright, args.profile, site_url, JS.init))
        if "populate" in phases:
            results["populate"] = populate(playwright, site_url, m, args.profile, report_s["populate"], shared)
            done("populate")
        if {"quality", "latency", "reload"} & set(phases):
            got = quality_and_latency(playwright, site_url, m, args.profile, args.rounds, shared)
            smoke_only.close()
            if len(m["docs"]) > 1000 or args.smoke:  # bench/scifact.py's rankings go 1,000 deep
                cpython = cpython_quality(m, got["doc_vectors"], got["claim_vectors"], args.smoke)
                page = page_quality(got["rankings"], m["data"])
                same = sum(
                    a == [doc_id(i) for i in g["ids"]]
                    for a, g in zip(cpython["_ids"]["plain"], got["rankings"]["plain"], strict=True)
                )
                results["quality"] = {
                    "page": page,
                    "cpython": {k: v for k, v in cpython.items() if k != "_ids"},
                    "plain_top10_identical_claims": same,
                }
            results["latency"] = got["latency"]
            done("quality")
            if "reload" in phases:
                results["reload"] = reload_runs(
                    playwright, site_url, m, args.profile, args.rounds, got["claim_vectors"]
                )
                done("reload")
        if "ingest" in phases:
            results["ingest"] = ingest(playwright, site_url, m)
            done("ingest")
        if "vectors" in phases:
            results["vectors"] = vectors_and_throughput(
                playwright, site_url, m, args.subset, args.rounds, args.sizes, report_s["vectors"]
            )
            done("vectors")
    save()
    print(table(results))
    if args.smoke:
        work.cleanup()
        print(f"\n{json.dumps(results['machine'])}\n{smoke.NOTE}")
        return
    print(f"\n{json.dumps(results['machine'])}\nwritten to {result_file.relative_to(ROOT)}")


if __name__ == "__main__":
    main()

"""Which weights suit the page: all-MiniLM-L6-v2 in q8, fp16 and fp32, each in the page's own model worker
(web/worker.js) started from the lab page as built (its Content-Security-Policy included), on WebAssembly.

    .venv/bin/python -m bench.embed_weights --dist .cache/dist-test --texts 64 --rounds 3

For each weight kind, in rounds that rotate which kind goes first: a new worker loads the model (the first round
downloads it from the local server, later rounds read it from Cache Storage), then embeds the first ``--texts``
SciFact abstracts (title + text) in batches of 32, as the page's vectors button sends them. Alongside, the same
texts through onnxruntime in CPython (``raglab.models.onnx_embed.OnnxEmbedder``, the same files) with one thread,
so the page's figure is also a ratio to native code per thread. Medians of passages/s, each kind's ratio to fp32
paired by round, the download size of each weights file, and the machine's load. Writes
``bench/results/embed_weights.json``.

The site ships only the weights the page uses (build.py ``EMBED_DTYPE``); the run serves a copy of ``--dist`` in a
temporary folder, with the others copied into its models/ (models/ is not in the service worker's list, so nothing
else changes), and leaves ``--dist`` as it found it.
The SciFact nDCG@10 of each kind is bench/scifact.py's (``--weights``).

``--smoke`` (bench/smoke.py): 2 texts of 16 words, one round; the lab's Python is not started (the worker needs
only the page's origin and its CSP, and Python's start took 2.7 s of a 13 s run); the gzip sizes are of the first MB.
"""

from __future__ import annotations

import gzip
import json
import os
import shutil
import statistics
import tempfile
import time
from pathlib import Path

from playwright.sync_api import expect, sync_playwright
from tools.chromium import CHROMIUM, CHROMIUM_ARGS
from tools.site import ensure_site, served

from bench import cli
from bench.embed_threads import native as native_embedder
from bench.page_runs import READY_TIMEOUT_MS, load_now
from bench.scifact_data import load_scifact, scifact_or_stand_in
from bench.snippets import script
from raglab.models.onnx_embed import MODEL_FILES, default_model_dir

BATCH = 32
# --smoke: each text's first 16 words (a whole abstract, 256 tokens, took 1-1.6 s a kind to embed in the page), and
# the first MB of each weights file gzipped (all of fp32's 90 MB took 2.8 s)
SMOKE_WORDS, SMOKE_GZIP_BYTES = 16, 1 << 20
KINDS = tuple(os.environ.get("KINDS", "q8 fp16 fp32").split())
COLUMNS = (
    "page/s=page_per_s:.2f; to fp32=to_fp32_paired:.2f; CPython 1t/s=cpython_1_thread_per_s:.2f; "
    "page/CPython=page_to_cpython_paired:.2f; load 1st/cached ms=loads; MB=mb:.1f; gzip MB=gzip_mb:.1f; "
    "cos fp32=cosine_to_cpython_fp32:.6f"
)
# Runs in the lab page: a worker of the site's own (worker-src 'self'), loaded and fed as bridge.js does.
EMBED_ALL = script("embed_weights/embed_all")


def ship_all_weights(dist: Path, model: str) -> dict[str, int]:
    """Every kind's weights file in the served models/ folder; returns each file's size in bytes."""
    source, target = default_model_dir(), dist / "models" / model
    sizes = {}
    for kind in KINDS:
        path = target / MODEL_FILES[kind]
        if not path.exists():
            shutil.copy2(source / MODEL_FILES[kind], path)
        sizes[kind] = path.stat().st_size
    return sizes


def gzip_size(path: Path, limit: int = -1) -> int:
    """Bytes of `path` (its first `limit` bytes, if given) gzipped as a static host does."""
    with path.open("rb") as f:
        return len(gzip.compress(f.read(limit), compresslevel=6))


def cosine(a, b) -> float:
    return sum(x * y for x, y in zip(a, b, strict=True))


def main(argv: list[str] | None = None) -> None:
    args = cli.parse(cli.parser(__doc__, dist=cli.TEST_SITE, texts=64, rounds=3), argv, texts=2, rounds=1)
    work = tempfile.TemporaryDirectory(prefix="raglab-bench-weights-")  # removed at exit if not before
    dist = Path(work.name) / "site"
    shutil.copytree(ensure_site(args.dist), dist)
    model = json.loads((dist / "pyscript.json").read_text())["raglab"]["bridge"]["embed"]["model"]
    sizes = ship_all_weights(dist, model)
    if args.smoke:
        texts = [" ".join(t.split()[:SMOKE_WORDS]) for t in scifact_or_stand_in().documents[: args.texts]]
    else:
        texts = load_scifact().documents[: args.texts]
    batches = [texts[i : i + BATCH] for i in range(0, len(texts), BATCH)]
    native = {kind: native_embedder(kind, 1) for kind in KINDS}  # one thread, as the page's WebAssembly runs
    page: dict[str, list[float]] = {k: [] for k in KINDS}
    cpython: dict[str, list[float]] = {k: [] for k in KINDS}
    loads: dict[str, list[float]] = {k: [] for k in KINDS}
    agree: dict[str, float] = {}
    machine = [load_now()]
    with served(dist) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        tab = browser.new_page()
        if args.smoke:
            tab.route("**/pyscript/**", lambda route: route.abort())  # the lab's Python never starts
        tab.goto(url)
        if not args.smoke:
            expect(tab.locator("#status")).to_have_text("Ready", timeout=READY_TIMEOUT_MS)  # Python idle from here
        for round_ in range(args.rounds):
            order = KINDS[round_ % len(KINDS) :] + KINDS[: round_ % len(KINDS)]
            for kind in order:
                got = tab.evaluate(EMBED_ALL, [model, kind, batches])
                assert got["dtype"] == kind, got
                page[kind].append(len(texts) / (got["embed_ms"] / 1000))
                loads[kind].append(got["load_ms"])
                started = time.perf_counter()
                reference = native[kind](texts)
                cpython[kind].append(len(texts) / (time.perf_counter() - started))
                agree[kind] = round(cosine(got["first"], native["fp32"](texts[:1])[0]), 6)
                print(
                    f"round {round_ + 1} {kind}: page {page[kind][-1]:.2f}/s (load {got['load_ms']:.0f} ms), "
                    f"CPython 1 thread {cpython[kind][-1]:.2f}/s",
                    flush=True,
                )
                del reference
            machine.append(load_now())
        browser.close()
    summary = {
        kind: {
            "page_per_s": round(statistics.median(page[kind]), 2),
            "to_fp32_paired": round(cli.paired(page[kind], page["fp32"]), 2),
            "cpython_1_thread_per_s": round(statistics.median(cpython[kind]), 2),
            "page_to_cpython_paired": round(cli.paired(page[kind], cpython[kind]), 2),
            "first_load_ms": round(loads[kind][0]),
            "cached_load_ms": round(statistics.median(loads[kind][1:])) if len(loads[kind]) > 1 else None,
            "bytes": sizes[kind],
            "gzip_bytes": gzip_size(
                dist / "models" / model / MODEL_FILES[kind], SMOKE_GZIP_BYTES if args.smoke else -1
            ),
            "cosine_to_cpython_fp32": agree[kind],
            "rounds": [round(x, 2) for x in page[kind]],
        }
        for kind in KINDS
    }
    work.cleanup()
    out = {
        "texts": len(texts),
        "batch": BATCH,
        "rounds": args.rounds,
        "load_1min": machine,
        "cores": os.cpu_count(),
        "when": time.strftime("%Y-%m-%d %H:%M"),
        "kinds": summary,
    }
    print(f"load {machine[0]:.1f} -> {machine[-1]:.1f} (1 min), {os.cpu_count()} cores")
    shown = {
        kind: {
            **s,
            "loads": f"{s['first_load_ms']} / {s['cached_load_ms']}",
            "mb": s["bytes"] / 1e6,
            "gzip_mb": s["gzip_bytes"] / 1e6,
        }
        for kind, s in summary.items()
    }
    print(cli.table(shown, COLUMNS, first="kind"))
    cli.write("embed_weights", out, args.smoke)


if __name__ == "__main__":
    main()

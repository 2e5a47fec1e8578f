"""Threads on the page as built: the full lab's embedding worker on its first visit (served plain, not cross-origin
isolated: onnxruntime-web runs one thread) and on its second (web/sw.js has added the isolation headers: as many
threads as the worker takes, see THREADS in web/worker.js), against onnxruntime in CPython on the same weights and
texts, with one thread and with as many as the page's second visit. Interleaved rounds, medians, paired ratios, per
thread, and the machine's load; also what the second visit's start costs (the price of a reload on the first).

    .venv/bin/python -m bench.embed_threads --dist .cache/dist-test --texts 64 --rounds 3

The pages are the site's own index.html on a plain server (as GitHub Pages serves it): the first visit's context
blocks service workers, so it stays a first visit; the second visit's keeps the lab for offline use, then opens it
again. Each page embeds through raglabBridge (the page's own worker), timed in the page from the first batch sent to
the last vectors, after a one-text warm-up. Writes ``bench/results/embed_threads.json``.
"""

from __future__ import annotations

import json
import os
import statistics
import time

from playwright.sync_api import sync_playwright
from tools.chromium import CHROMIUM, CHROMIUM_ARGS
from tools.site import served

from bench import cli
from bench.page_runs import load_now
from bench.scifact_data import load_scifact, scifact_or_stand_in
from bench.snippets import script

BATCH = 32
READY_MS = 180_000
COLUMNS = (
    "threads=threads:d; abstracts/s=abstracts_per_s:.2f; per thread=per_thread:.2f; to first visit=to_first_visit:.2f; "
    "to CPython same threads=to_cpython_same_threads:.2f; to CPython 1=to_cpython_1_thread:.2f"
)
# Every batch through the page's own bridge, one after another; ms from the first sent to the last answered.
EMBED_ALL = script("embed_threads/embed_all")


def ready(page, url: str) -> float:
    """Open `url` and wait for "Ready"; ms from the navigation to Ready, as the page's clock counts it."""
    page.goto(url)
    page.wait_for_function("document.getElementById('status').dataset.state === 'ready'", timeout=READY_MS)
    return page.evaluate("performance.now()")


def native(dtype: str, threads: int):
    """onnxruntime in CPython on the page's weights, held to `threads` intra-op threads."""
    import onnxruntime

    from raglab.models.onnx_embed import MODEL_FILES, OnnxEmbedder, default_model_dir

    embed = OnnxEmbedder(default_model_dir(), dtype)
    options = onnxruntime.SessionOptions()
    options.intra_op_num_threads = threads
    embed._session = onnxruntime.InferenceSession(
        str(embed.model_dir / MODEL_FILES[dtype]), options, providers=["CPUExecutionProvider"]
    )
    return embed


def main(argv: list[str] | None = None) -> None:
    args = cli.parse(cli.parser(__doc__, dist=cli.TEST_SITE, texts=64, rounds=3), argv, texts=2, rounds=1)
    dtype = json.loads((args.dist / "pyscript.json").read_text())["raglab"]["bridge"]["embed"]["dtype"]
    texts = (scifact_or_stand_in() if args.smoke else load_scifact()).documents[: args.texts]
    batches = [texts[i : i + BATCH] for i in range(0, len(texts), BATCH)]
    loads = [load_now()]
    runs: dict[str, list[float]] = {}
    threads: dict[str, int] = {}
    with served(args.dist) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        first = browser.new_context(service_workers="block").new_page()
        first_ready_ms = ready(first, url)
        second = browser.new_context().new_page()
        ready(second, url)
        second.wait_for_function(
            "document.getElementById('offline')?.textContent === 'Ready to work offline.'", timeout=READY_MS
        )
        second_ready_ms = ready(second, url)  # the second visit: through sw.js
        pages = {"page, first visit": first, "page, second visit": second}
        for page in pages.values():  # the model loaded (and its runtime compiled) before any round
            page.evaluate(EMBED_ALL, batches[:1])
        n = second.evaluate("raglabBridge.load('embed').ended.then((r) => r.threads)")
        natives = {"CPython onnxruntime, 1 thread": native(dtype, 1)}
        if n > 1:
            natives[f"CPython onnxruntime, {n} threads"] = native(dtype, n)
        for embed in natives.values():
            embed(batches[0])  # warm-up
        for round_ in range(args.rounds):
            for name, page in pages.items():
                result = page.evaluate(EMBED_ALL, batches)
                assert result["isolated"] == (page is second), (name, result)
                runs.setdefault(name, []).append(len(texts) / (result["ms"] / 1000))
                threads[name] = result["threads"]
                print(f"round {round_ + 1} {name} ({result['threads']} thread(s)): {runs[name][-1]:.2f}/s", flush=True)
            for name, embed in natives.items():
                started = time.perf_counter()
                for batch in batches:
                    embed(batch)
                runs.setdefault(name, []).append(len(texts) / (time.perf_counter() - started))
                threads[name] = int(name.split(", ")[1].split()[0])
                print(f"round {round_ + 1} {name}: {runs[name][-1]:.2f}/s", flush=True)
            loads.append(load_now())
        browser.close()

    def paired(a: str, b: str) -> float:
        return cli.paired(runs[a], runs[b])

    base, native_one = "page, first visit", "CPython onnxruntime, 1 thread"
    native_n = next(name for name in reversed(list(natives)))  # as many threads as the second visit
    summary = {
        name: {
            "abstracts_per_s": statistics.median(r),
            "threads": threads[name],
            "per_thread": statistics.median(r) / threads[name],
            "rounds": r,
            "to_first_visit": paired(name, base),
            "to_cpython_same_threads": paired(name, native_one if threads[name] == 1 else native_n),
            "to_cpython_1_thread": paired(name, native_one),
        }
        for name, r in runs.items()
    }
    out = {
        "texts": len(texts),
        "batch": BATCH,
        "weights": dtype,
        "rounds": args.rounds,
        "load_1min": loads,
        "cores": os.cpu_count(),
        "when": time.strftime("%Y-%m-%d %H:%M"),
        "ready_ms": {"first visit": round(first_ready_ms), "second visit (through sw.js)": round(second_ready_ms)},
        "variants": summary,
    }
    print(f"{len(texts)} abstracts, {dtype}, load {loads[0]:.1f} -> {loads[-1]:.1f}; to Ready: {out['ready_ms']}")
    print(cli.table(summary, COLUMNS, first="variant"))
    cli.write("embed_threads", out, args.smoke)


if __name__ == "__main__":
    main()

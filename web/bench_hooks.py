"""For benchmarks only (bench/scifact_page.py, bench/compare_map.py, bench/own_documents.py): ``window.raglabBench``,
and the page's named moments (PageGlue.mark) as performance marks; no control of the page calls these. Only a
--bench-hooks build ships this module (the tests' and the benchmarks' site), and main.py installs it from the
config's "hooks"; the published site has neither."""

import json
import time

import drawing
from js import Object, document, performance, window
from pyodide.ffi import create_proxy, to_js
from questions import prepared

from raglab import run
from raglab.result import Hit
from raglab.search.vectors import numpy_available


def install(page) -> None:
    def mark(moment: str, detail: dict | None = None) -> None:
        """``raglab:<moment>`` on the page's performance timeline, with ``detail`` (bench/vectors_feedback.py's
        batches) as the mark's detail."""
        if detail is None:
            performance.mark(f"raglab:{moment}")
        else:
            performance.mark(f"raglab:{moment}", to_js({"detail": detail}, dict_converter=Object.fromEntries))

    page.mark = mark

    async def bench_run(key: str, question: str, options_json: str = "{}"):
        """``raglabBench.run(key, question, options_json)``, a Promise: one technique run on the lab the page
        searches now, timed around ``run`` alone with time.perf_counter (nothing drawn, nothing kept), so a
        benchmark sees the core's own cost in Pyodide. -> ``{ms, ids, scores, lists: {name: {ids, scores}},
        numpy}``; ``lists`` holds the result's details that are passage lists (hybrid's "keyword" and "vector").
        Options as ``run`` takes them (``top_k``, ``scoring``, ``hypothetical``, ...); a meaning technique looks
        vectors up in the page's table (a question without one raises MissingVectors: add it first with
        ``raglabBench.addVectors``)."""
        options = json.loads(options_json)
        options.update(await prepared(page, key, question, options))  # wheels, the vector table: before the clock
        started = time.perf_counter()
        result = run(page.lab(), key, question, **options)
        ms = (time.perf_counter() - started) * 1000
        lists = {
            name: {"ids": [h.id for h in hits], "scores": [h.score for h in hits]}
            for name, hits in result.details.items()
            if isinstance(hits, list) and hits and all(isinstance(h, Hit) for h in hits)
        }
        out = {
            "ms": ms,
            "ids": [h.id for h in result.passages],
            "scores": [h.score for h in result.passages],
            "lists": lists,
            "numpy": numpy_available(),
        }
        return to_js(out, dict_converter=Object.fromEntries)

    async def bench_add_vectors(texts, vectors) -> int:
        """``raglabBench.addVectors(texts, vectors)``: vectors made elsewhere (the page's worker, for a benchmark's
        questions) into the page's table; how many texts the table holds."""
        table = await page.site.vector_table()
        table.add(texts.to_py(), [list(v) for v in vectors.to_py()])
        return len(table.vectors)

    async def bench_map(question: str):
        """``raglabBench.map(question)``: the meaning map of the lab the page searches now with ``question`` on it,
        its axes found afresh, in steps as the compare view finds them (drawing.Pace), drawn into the compare view's
        slot. -> ``{ms, points, kept}``; the question's vector must be in the page's table (``addVectors``)."""
        from raglab.meaning_map import map_steps
        from raglab.ui.map_svg import map_figure

        table, lab = await page.site.vector_table(), page.lab()
        lab._axes.clear()  # pyright: ignore[reportPrivateUsage]: a benchmark times the axes too, every round
        started = time.perf_counter()
        drawn = await drawing.Pace().run(map_steps(lab, table, [("your question", question)]))
        document.getElementById("result-compare").innerHTML = map_figure(drawn.to_dict())
        ms = (time.perf_counter() - started) * 1000
        return to_js(
            {"ms": ms, "points": len(drawn.points), "kept": drawn.probes[0].kept}, dict_converter=Object.fromEntries
        )

    hook = Object.new()
    hook.run = create_proxy(bench_run)
    hook.addVectors = create_proxy(bench_add_vectors)
    hook.map = create_proxy(bench_map)
    window.raglabBench = hook

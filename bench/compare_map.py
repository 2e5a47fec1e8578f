"""The compare view and the meaning map in the page as built (issue 33's "Measured, in a benchmark").

    .venv/bin/python -m bench.compare_map [--rounds 5] [--sizes 1000 5183] [--max-load 2.5] [--dist DIR]
    .venv/bin/python -m bench.compare_map --smoke --dist .cache/dist-test

The site is the tests' (tools/site.py: offline, so numpy cannot load and the map's products run in plain Python,
the page's slowest path), served on 127.0.0.1, in headless Debian Chromium, one fresh profile.

1. Compare against single techniques, on Fernport: a typed question (not a preset; its vector made by the page's
   model in a first, untimed compare) put to the compare view, and the same question to each technique's own
   section, interleaved by round (compare, then the nine; the nine, then compare; ...). Each is timed from the
   submit to its result slot drawn (a MutationObserver on the slot, in the page's clock), with the longest
   main-thread task (PerformanceObserver "longtask") in that window. Goal: the compare view within 1.5x the
   slowest single technique (the ratio of the medians).
2. The map of N passages: Fernport's 32, and the first N of SciFact's abstracts brought as "Your documents", one
   passage each, their vectors (bench/dense_cache.py's q8, the page's weights, in CPython) and the question's
   added to the page's table (``raglabBench.addVectors``); ``raglabBench.map`` (web/bench_hooks.py) finds the
   axes afresh and draws the map, in steps as the compare view does, interleaved by round with the baseline, one
   plain meaning search over the same passages (``raglabBench.run("hyde", question)``, no made-up answer: the
   question's cosine with every passage). Goals: 1,000 passages within 1 s, 5,183 within 3 s, no main-thread task
   over 100 ms.

Before measuring it waits (up to 10 minutes) for the 1-minute load average to fall below --max-load. Prints a table;
writes bench/results/compare_map-<time>.json. ``--smoke`` (bench/smoke.py): one round, the map of Fernport and of
20 abstracts (``scifact_or_stand_in``), no wait, nothing written.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from tools.site import ensure_site, served

from bench import cli, smoke
from bench.page_runs import (
    TABLE_HEAD,
    browser_with_profile,
    environment,
    load_now,
    open_lab,
    row,
    spread,
    wait_for_quiet_machine,
    write_results,
)
from bench.scifact_data import first_of, scifact_or_stand_in
from bench.scifact_page import JS, keep_files, use_yours
from bench.snippets import script
from raglab.techniques import TECHNIQUES

QUESTION = "Who guides the lighthouse tours on weekends?"
SLOW_MS = 300_000

# Submit a form in the page and time until its result slot is drawn again: {ms, longest} in the page's clock.
TIMED_SUBMIT_JS = script("compare_map/timed_submit")

# One bench hook call, timed in the page's clock with the long tasks it held.
TIMED_HOOK_JS = script("compare_map/timed_hook")


def timed_submit(page, slot: str, form: str, box: str, question: str) -> dict:
    return page.evaluate(TIMED_SUBMIT_JS, {"slot": slot, "form": form, "box": box, "question": question})


def compare_once(page) -> dict:
    return timed_submit(page, "#result-compare", "#compare form.compare-ask", "#q-compare", QUESTION)


def technique_once(page, key: str) -> dict:
    return timed_submit(page, f"#result-{key}", f"#{key} form.ask", f"#q-{key}", QUESTION)


def compare_against_techniques(page, rounds: int) -> dict:
    """Part 1: the compare view and each single technique on the same typed question, interleaved by round."""
    compare_once(page)  # untimed: the question's vector, networkx
    for key in TECHNIQUES:
        technique_once(page, key)
    runs = {"compare": [], **{key: [] for key in TECHNIQUES}}
    for round_ in range(rounds):
        order = ["compare", *TECHNIQUES] if round_ % 2 == 0 else [*TECHNIQUES, "compare"]
        for key in order:
            runs[key].append(compare_once(page) if key == "compare" else technique_once(page, key))
        print(f"round {round_ + 1}: compare {runs['compare'][-1]['ms']:.0f} ms (load {load_now()})", flush=True)
    return runs


def map_of(page, question: str, rounds: int, vectors: tuple[list[str], list] | None) -> dict:
    """Part 2 for the lab the page searches now: the map against one plain meaning search, interleaved."""
    if vectors is not None:
        page.evaluate("([t, v]) => raglabBench.addVectors(t, v)", [vectors[0], vectors[1]])
    out = {"map": [], "meaning": []}
    for round_ in range(rounds):
        for name in ("map", "meaning") if round_ % 2 == 0 else ("meaning", "map"):
            args = [question] if name == "map" else ["hyde", question]
            out[name].append(page.evaluate(TIMED_HOOK_JS, {"name": "map" if name == "map" else "run", "args": args}))
    return out


def scifact_map(playwright, site_url: str, n: int, rounds: int, smoke_run: bool) -> dict:
    """The first ``n`` abstracts kept in a fresh profile, their vectors and the question's in the page's table."""
    import numpy as np

    from bench.dense_cache import cached_vectors, embedder
    from bench.scifact_page import material
    from raglab import Lab
    from raglab.documents.chunking import WHOLE_DOCUMENT
    from raglab.documents.collection import Collection

    data = scifact_or_stand_in()
    m = material(first_of(data, n, 1))
    texts = Lab(Collection(m["docs"]).corpus(), WHOLE_DOCUMENT).passage_texts()  # as the page cuts them
    if smoke_run:  # any unit vectors time the same products; a smoke run makes none with the model
        rng = np.random.default_rng(0)
        vectors = rng.normal(size=(len(texts) + 1, 384))
    else:
        vectors = np.vstack([cached_vectors("compare-map-docs", texts, weights="q8"), embedder("q8")([m["claims"][0]])])
    vectors = (vectors / np.linalg.norm(vectors, axis=1, keepdims=True)).tolist()
    with (
        tempfile.TemporaryDirectory() as profile,
        browser_with_profile(playwright, Path(profile), site_url, JS.init) as context,
    ):
        page = open_lab(context, site_url)
        keep_files(page, m["files"])
        use_yours(page)
        page.wait_for_function("document.getElementById('yours').dataset.loaded === '1'", timeout=SLOW_MS)
        measured = map_of(page, m["claims"][0], rounds, ([*texts, m["claims"][0]], vectors))
    return {"passages": len(texts), **measured}


def summary(runs: dict) -> dict:
    return {
        name: {"ms": spread([r["ms"] for r in rs]), "longest": spread([r["longest"] for r in rs])}
        for name, rs in runs.items()
    }


def table(result: dict) -> str:
    part1 = result["compare"]
    slowest = max(TECHNIQUES, key=lambda k: part1[k]["ms"]["median"])
    ratio = part1["compare"]["ms"]["median"] / part1[slowest]["ms"]["median"]
    lines = [f"Compare view against single techniques, “{QUESTION}” (time to drawn, ms)", TABLE_HEAD]
    lines += [row(name, s["ms"]) for name, s in part1.items()]
    lines += [
        f"compare / slowest single technique ({TECHNIQUES[slowest].name}): {ratio:.2f}x (goal <= 1.5x)",
        f"longest main-thread task in a compare: {part1['compare']['longest']['max']:.0f} ms",
        "",
        "The meaning map against one plain meaning search over the same passages (ms)",
        TABLE_HEAD,
    ]
    for size in result["maps"]:
        s = size["summary"]
        lines += [
            row(f"map of {size['passages']:,}", s["map"]["ms"]),
            row(f"meaning search, {size['passages']:,}", s["meaning"]["ms"]),
        ]
        lines.append(
            f"map / meaning search, {size['passages']:,} passages: "
            f"{s['map']['ms']['median'] / max(s['meaning']['ms']['median'], 1e-9):.1f}x; longest task while drawing "
            f"the map {s['map']['longest']['max']:.0f} ms"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = cli.parser(__doc__, dist=True, rounds=5, max_load=2.5)
    parser.add_argument("--sizes", type=int, nargs="*", default=[1000, 5183], help="SciFact passages to map")
    args = cli.parse(parser, argv, rounds=1, sizes=[20])
    machine = wait_for_quiet_machine(args.max_load)
    from playwright.sync_api import sync_playwright

    dist = ensure_site(args.dist)
    with sync_playwright() as playwright, served(dist) as site_url:
        env = environment(playwright)
        with (
            tempfile.TemporaryDirectory() as profile,
            browser_with_profile(playwright, Path(profile), site_url, JS.init) as context,
        ):
            page = open_lab(context, site_url)
            part1 = compare_against_techniques(page, args.rounds)
            fernport = map_of(page, QUESTION, args.rounds, None)  # the question's vector is the page's own by now
        maps = [{"passages": 32, "summary": summary(fernport), "runs": fernport}]
        for n in args.sizes:
            measured = scifact_map(playwright, site_url, n, args.rounds, args.smoke)
            runs = {"map": measured["map"], "meaning": measured["meaning"]}
            maps.append({"passages": measured["passages"], "summary": summary(runs), "runs": runs})
            print(f"map of {measured['passages']:,}: {summary(runs)['map']['ms']['median']:.0f} ms", flush=True)
    result = {"compare": summary(part1), "compare_runs": part1, "maps": maps, "environment": env, "machine": machine}
    result["machine"]["load_at_end"] = load_now()
    print(table(result))
    if args.smoke:
        print(smoke.NOTE)
        return
    print(f"wrote {write_results('compare_map', result)}")
    print(json.dumps(result["machine"]))


if __name__ == "__main__":
    main()

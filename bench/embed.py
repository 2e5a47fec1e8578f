"""Meaning search in the page: the embedding model's cold load, each question's vector, and typing to results.

    .venv/bin/python -m bench.embed [--runs 5] [--dist PATH] [--max-load 2.5]

all-MiniLM-L6-v2 (build.py's EMBED_DTYPE weights, WASM) in headless Chromium, on the lab page served on 127.0.0.1
(tools/site.py), offline.
Each run is a fresh browser with its own profile; runs alternate between two kinds (bench/page_runs.py), first one
then the other, swapping which goes first every round:

- cold: an empty profile, as on a first visit: the model (q8, 23 MB) and onnxruntime's .wasm (27 MB) come over the
  local network (no latency, so this is the floor of a first visit) and are compiled;
- cached: a profile that already holds them in Cache Storage (primed once, untimed): a second visit.

In each run, once Python says "Ready":
1. load: `raglabBridge.load("embed")` then the first `embed` of one question, timed in the page: what a
   visitor's first typed question waits for beyond the search itself;
2. per question: 20 more questions, one `embed` call each, timed in the page (the worker round trip included);
3. typed to shown: 6 questions typed into #q-hybrid and sent with Enter; from the keydown to the moment
   #result-hybrid's summary names the question and the section is no longer busy (a MutationObserver).

Before measuring it waits (up to 10 minutes) for the 1-minute load average to fall below --max-load: the machine
has 2 shared cores. Medians and spreads are printed as a table and every run goes to bench/results/embed-<time>.json.
"""

from __future__ import annotations

import statistics
from pathlib import Path

from tools.build.pins import EMBED_DTYPE

from bench import cli
from bench.page_runs import SLOW_MS, TABLE_HEAD, browser_with_profile, interleaved_runs, open_lab, row, spread
from bench.snippets import script

FIRST_QUESTION = "Is there a swimming pool?"
QUESTIONS = [
    "Where can I buy fresh bread in the morning?",
    "How late does the ferry run on Sundays?",
    "Who keeps the lighthouse lamp burning?",
    "Can children visit the lighthouse?",
    "What happens at the summer festival?",
    "Is there a doctor on the island?",
    "How do I get from the harbour to the school?",
    "Which bakery sells rye bread?",
    "Are dogs allowed on the ferry?",
    "When does the market open?",
    "Where do the fishing boats land their catch?",
    "Who taught the baker his trade?",
    "How much does a child's ferry ticket cost?",
    "What can I do on a rainy day?",
    "Is the museum free to enter?",
    "Where can I rent a bicycle?",
    "What time is the last boat back to the mainland?",
    "Does the school have a library?",
    "Who plays music at the festival?",
    "Can I camp near the beach?",
]
TYPED = [
    "Where can I swim in the sea?",
    "What does the lighthouse keeper do?",
    "How do I pay for the ferry?",
    "Which day is the festival?",
    "Who runs the bakery now?",
    "Is there anything for children to do?",
]


# --- one run ---------------------------------------------------------------------------------------------------

LOAD_AND_EMBED = script("embed/load_and_embed")

WATCH_TYPED = script("embed/watch_typed")


def measure_run(context, site_url: str, kind: str, round_: int) -> dict:
    page = open_lab(context, site_url)
    figures = page.evaluate(LOAD_AND_EMBED, [FIRST_QUESTION, QUESTIONS])
    page.evaluate(WATCH_TYPED)
    typed = []
    for question in TYPED:
        page.fill("#q-hybrid", question)
        page.press("#q-hybrid", "Enter")
        page.wait_for_function(
            "q => window.__typed[q] && window.__typed[q].painted !== undefined", arg=question, timeout=SLOW_MS
        )
        t = page.evaluate("q => window.__typed[q]", question)
        typed.append(
            {"question": question, "shown_ms": t["shown"] - t["pressed"], "painted_ms": t["painted"] - t["pressed"]}
        )
    return {"kind": kind, **figures, "typed": typed}


def prime(playwright, profile: Path, site_url: str) -> None:
    """Put the model and the runtime into the profile's Cache Storage (untimed)."""
    with browser_with_profile(playwright, profile, site_url) as context:
        page = open_lab(context, site_url)
        page.evaluate("q => raglabBridge.embed([q])", FIRST_QUESTION)
        cached = page.evaluate("raglabBridge.stored()")["embed"]
        if not cached:
            raise SystemExit("the embedding model did not reach Cache Storage: the cached runs would download it")


def summarise(runs: list[dict]) -> dict:
    out = {}
    for kind in ("cold", "cached"):
        mine = [r for r in runs if r["kind"] == kind]
        out[kind] = {
            "load_ms": spread([r["load_ms"] for r in mine]),
            "first_vector_ms": spread([r["first_vector_ms"] for r in mine]),
            "first_embed_ms": spread([r["first_embed_ms"] for r in mine]),
        }
    out["per_question_ms"] = spread([t for r in runs for t in r["per_question_ms"]])
    out["per_question_run_medians_ms"] = spread([statistics.median(r["per_question_ms"]) for r in runs])
    out["typed_to_shown_ms"] = spread([t["shown_ms"] for r in runs for t in r["typed"]])
    out["typed_to_painted_ms"] = spread([t["painted_ms"] for r in runs for t in r["typed"]])
    cold, cached = out["cold"]["first_vector_ms"], out["cached"]["first_vector_ms"]
    if cold.get("n") and cached.get("n"):
        out["cold_over_cached"] = cold["median"] / cached["median"]
    return out


def table(summary: dict) -> str:
    lines = [
        TABLE_HEAD,
        row("cold (empty cache): load to ready", summary["cold"]["load_ms"]),
        row("cold: load + first question's vector", summary["cold"]["first_vector_ms"]),
        row("cached (second visit): load to ready", summary["cached"]["load_ms"]),
        row("cached: load + first question's vector", summary["cached"]["first_vector_ms"]),
        row("one question's vector, model loaded", summary["per_question_ms"], digits=1),
        row("typed question (Enter) to result shown", summary["typed_to_shown_ms"]),
        row("typed question (Enter) to next paint", summary["typed_to_painted_ms"]),
    ]
    return "\n".join(lines)


def describe(run: dict) -> str:
    return (
        f"load {run['load_ms']:.0f} ms, first vector {run['first_vector_ms']:.0f} ms, per question "
        f"{statistics.median(run['per_question_ms']):.1f} ms, typed to shown "
        f"{statistics.median(t['shown_ms'] for t in run['typed']):.0f} ms"
    )


def main(argv: list[str] | None = None) -> None:
    args = cli.parse(cli.parser(__doc__, dist=True, runs=(5, "cold, cached"), max_load=2.5), argv, runs=1)
    measured = interleaved_runs(args, fresh="cold", prime=prime, measure=measure_run, describe=describe)
    runs = measured.runs
    summary = summarise(runs)
    lines = [table(summary)]
    if "cold_over_cached" in summary:
        lines.append(f"cold / cached (load + first vector): {summary['cold_over_cached']:.2f}x")
    model = f"all-MiniLM-L6-v2 {EMBED_DTYPE} on {runs[0]['device']}, cross-origin isolated: {runs[0]['isolated']}"
    measured.report("embed", summary, argv, args.smoke, model, lines)


if __name__ == "__main__":
    main()

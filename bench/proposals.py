"""How long the questions proposed from a visitor's documents take (raglab.proposals, issue 35), against getting
the same lab ready (cutting its passages and indexing their words, ``Lab.prepare_in_steps``: the work the page
already does before the first question), in CPython.

    .venv/bin/python -m bench.proposals [--rounds 5] [--hybrid] [--only R-intro.pdf ...]

The documents are the reading benchmark's (``bench/reading/documents.toml``) that need no conversion, each read
once with ``raglab.documents.readers.read_file`` and searched as a lab of its own (names found by rules, cut by
blocks as a visitor's file is), and all of them in one lab. In each round, for each lab, the baseline (a fresh lab
got ready) and ours (``propose`` on a lab got ready, not counted) in turn, the order swapping every round; medians,
and the median of each round's ratio ours / baseline. The 1-minute load average is recorded after every round.
Writes bench/results/proposals-<time>.json.

``--hybrid``: hybrid's proposals as the page finds them instead, against the proposals without them: each lab's
passages embedded by the page's weights (all-MiniLM-L6-v2, build.EMBED_DTYPE, in onnxruntime) into a vector table,
with the candidates ``page.proposal_needs`` names (the page's one batch, timed alone as ``batch_s``); then, in turn,
``propose`` with that table (ours) and without it (the baseline). ``--only``: the labs to measure, by title.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from pathlib import Path

from bench.page_runs import write_results
from bench.reading import SET, load_set
from raglab import Lab
from raglab.documents.chunking import BLOCKS
from raglab.documents.collection import Collection
from raglab.documents.readers import read_file
from raglab.page import proposal_needs
from raglab.proposals import BUDGET, propose
from raglab.search.vector_table import VectorTable


def _table(lab: Lab, embed) -> tuple[VectorTable, float]:
    """The page's own table once the visitor's vectors are made, the candidates added in one batch (its seconds)."""
    texts = list(dict.fromkeys(lab.passage_texts()))
    table = VectorTable(dict(zip(texts, embed(texts), strict=True)))
    start = time.perf_counter()
    needs = list(proposal_needs(lab, table.vectors).texts)
    table.add(needs, embed(needs))
    return table, time.perf_counter() - start


def _ready(lab: Lab) -> Lab:
    for _ in lab.prepare_in_steps():
        pass
    return lab


def _timed(work) -> float:
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--hybrid", action="store_true", help="hybrid's proposals with vectors, against none")
    parser.add_argument("--only", nargs="*", default=None, help="the labs to measure, by title")
    args = parser.parse_args()
    embed = None
    if args.hybrid:
        from tools.build.pins import EMBED_DTYPE

        from raglab.models.onnx_embed import OnnxEmbedder

        models = Path(__file__).resolve().parents[1] / ".cache" / "models"
        embed = OnnxEmbedder(models / "all-MiniLM-L6-v2", EMBED_DTYPE)
    sources = [s for s in load_set(SET)[0] if not s.convert and Path(s.path).name == s.file and Path(s.path).is_file()]
    documents = [read_file(s.file, Path(s.path).read_bytes()) for s in sources]
    corpora = {d.title: Collection(documents=[d]).corpus() for d in documents}
    corpora["all together"] = Collection(documents=list(documents)).corpus()
    figures = {}
    for name, corpus in corpora.items():
        if args.only and name not in args.only:
            continue
        ours, base, ratios, loads = [], [], [], []
        passages = len(_ready(Lab(corpus, BLOCKS)).chunks())
        table, batch = None, 0.0
        for n in range(args.rounds + 1):  # round 0 warms up, not counted
            ready = _ready(Lab(corpus, BLOCKS))
            _ = ready.graph.links  # the graph is built on the first Graph RAG question in the page too
            if embed is not None:  # each on a lab of its own, got ready and its graph built: no cache shared
                if table is None:
                    table, batch = _table(ready, embed)
                other = _ready(Lab(corpus, BLOCKS))
                _ = other.graph.links
                runs = [("base", lambda other=other: propose(other))]
                runs.append(("ours", lambda ready=ready, table=table: propose(ready, embed=table)))
            else:
                runs = [("base", lambda corpus=corpus: _ready(Lab(corpus, BLOCKS)))]
                runs.append(("ours", lambda ready=ready: propose(ready)))
            timed = dict((what, _timed(work)) for what, work in (runs if n % 2 else runs[::-1]))
            if n:
                ours.append(timed["ours"])
                base.append(timed["base"])
                ratios.append(timed["ours"] / timed["base"])
                loads.append(os.getloadavg()[0])
        found = propose(_ready(Lab(corpus, BLOCKS)), embed=table)
        figures[name] = {
            "hybrid": [p.question for p in found.of("hybrid")] if table else None,
            "batch_s": batch,
            "passages": passages,
            "proposals_s": statistics.median(ours),
            "ready_s": statistics.median(base),
            "paired_ratio": statistics.median(ratios),
            "load": loads,
            "proposed": {k: [p.question for p in ps] for k, ps in found.found.items()},
        }
        kept = sum(map(len, found.found.values()))
        base_is = "without hybrid" if embed is not None else "ready"
        print(
            f"{name}: {passages} passages; proposals {statistics.median(ours):.2f} s, {base_is} "
            f"{statistics.median(base):.2f} s, paired ratio {statistics.median(ratios):.2f}; {kept} proposals in "
            f"{len(found.found)} techniques; load {min(loads):.1f}-{max(loads):.1f}"
        )
    what = "proposals-hybrid" if args.hybrid else "proposals"
    print(write_results(what, {"budget": BUDGET, "rounds": args.rounds, "labs": figures}))


if __name__ == "__main__":
    main()

"""How many labelled questions a scoreboard needs before its rows stop tying (issue 35): a course author asks how many
to write. Every row of the scoreboard is run once on all of a corpus's labelled questions; then, for each size,
SAMPLES random subsets of that many questions (fixed seeds) are scored from the rows' per-question results, and the
rows that share their hit@3 with another row are counted (a tie: the scoreboard cannot tell those techniques apart).

    .venv/bin/python -m bench.scoreboard_size [--corpus corpus/fernport] [--sizes 6,10,15,20,30,40,50] [--smoke]

Prints, per size, the median over the subsets of the rows tied and of the distinct hit@3 values, and the same for
MRR (which breaks ties hit@3 leaves: it also counts where the first right passage stands). ``--smoke``
(bench/smoke.py): sizes 6 and 10, 5 subsets each.
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections import Counter

from bench import smoke
from raglab.documents.corpus_folder import load_corpus
from raglab.evaluate import evaluate
from raglab.lab import Lab
from raglab.models.cli_embed import cli_embedder

SAMPLES = 200


def tied(values: list[float]) -> int:
    """How many of ``values`` equal another one.

    >>> tied([0.5, 0.5, 1.0, 0.25, 0.25, 0.25])
    5
    """
    counts = Counter(round(v, 9) for v in values)
    return sum(n for n in counts.values() if n > 1)


def main() -> None:
    args = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    args.add_argument("--corpus", default=None)
    args.add_argument("--sizes", default="6,10,15,20,25,30,40,50")
    smoke.add_flag(args)
    a = args.parse_args()
    samples = 5 if a.smoke else SAMPLES
    if a.smoke:
        a.sizes = "6,10"
    lab = Lab(load_corpus(a.corpus))
    board = evaluate(lab, cli_embedder("onnx"))
    rows = list(board.rows)
    n = len(board.questions)
    print(f"{board.corpus}: {len(rows)} rows, {n} labelled questions, {samples} subsets a size")
    print(f"{'questions':>9} {'rows tied, hit@3':>17} {'distinct hit@3':>15} {'rows tied, MRR':>15}")
    for size in (int(s) for s in a.sizes.split(",")):
        if size > n:
            continue
        ties, distinct, mrr_ties = [], [], []
        for seed in range(samples if size < n else 1):
            chosen = random.Random(seed).sample(range(n), size)
            hits = [statistics.mean(r.questions[i].hit for i in chosen) for r in rows]
            rr = [
                statistics.mean(1 / r.questions[i].first_right if r.questions[i].first_right else 0 for i in chosen)
                for r in rows
            ]
            ties.append(tied(hits))
            distinct.append(len({round(h, 9) for h in hits}))
            mrr_ties.append(tied(rr))
        print(
            f"{size:9} {statistics.median(ties):17} {statistics.median(distinct):15} {statistics.median(mrr_ties):15}"
        )
    if a.smoke:
        print(smoke.NOTE)


if __name__ == "__main__":
    main()

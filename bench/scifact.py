"""SciFact (BEIR test): nDCG@10 and recall@100 of our keyword scores, dense all-MiniLM-L6-v2, and hybrids.

    .venv/bin/python -m bench.scifact        # needs bench/requirements.txt and the ONNX model (make models)
    .venv/bin/python -m bench.scifact --vectors page     # dense on the page's own vectors instead
    .venv/bin/python -m bench.scifact --fusion-check     # only the depth-10 hybrids: both vectors, both tie rules
    .venv/bin/python -m bench.scifact --smoke            # every path on 26 abstracts and 5 claims, nothing written

Systems, all on title + text of the 5,183 abstracts, the 300 test claims, BEIR's qrels:

- simple: the spec's score (sum of ``ln(1 + N/n)`` over distinct search words, the lab's words);
- BM25 with the lab's words (k1 0.9, b 0.4, plural cut);
- BM25 as bm25s's reference run is set up: k1 0.9, b 0.4, Snowball stemming (PyStemmer), joined words split;
- dense: cosine of all-MiniLM-L6-v2 vectors (fp32 ONNX, cached under ``.cache/bench/``; ``--vectors fp16`` or
  ``q8`` the other weights, through onnxruntime alike; with ``--vectors page`` the page's own, transformers.js with
  the fp16 model, saved by bench/scifact_page.py's quality phase);
- hybrids of the last two: the lab's rank fusion (k 60, depth 10: raglab.search.fusion.fuse_ranks itself, ties as its
  TIE_RULE), deeper and weighted rank fusion, and a convex
  combination of min-max normalised scores (Bruch, Gai & Ingber 2023, "An Analysis of Fusion Functions for
  Hybrid Retrieval"). Fusion settings are chosen by 2-fold cross-validation over the claims (choose on one half,
  score on the other), so the hybrid figure is not tuned on the claims it is scored on.

Prints a table and writes ``bench/results/scifact.json`` (``scifact-<vectors>-vectors.json`` with ``--vectors``).

``--fusion-check`` (issue 12: the page's hybrid on Snowball stems gave 0.720 where this gave 0.715): nDCG@10 of the
two depth-10 hybrids (the spec's sum + dense, BM25 on Snowball stems + dense) on both sets of vectors, fused with
each tie rule: ``position`` (equal fused scores in corpus order, this file's rule until then) and ``lab`` (the
lab's fuse_ranks: exact fractions, a tie to the abstract met first, keyword list first). Writes
``bench/results/scifact-fusion-check.json``.

``--smoke`` (bench/smoke.py): the table, then the fusion check on this run's vectors only (the page's come from a
page run), on the first 5 claims and 26 abstracts (scifact_data.smoke_sample), or the stand-in where SciFact is
missing. Writes no results file; its vectors are cached under their own texts' hash, which a full run never reads.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from functools import partial

import numpy as np

from bench import smoke
from bench.dense_cache import page_vectors, scifact_vectors
from bench.scifact_data import ROOT, load_scifact, scifact_or_stand_in, smoke_sample
from raglab.documents.analysis import search_words
from raglab.documents.chunking import Chunk
from raglab.metrics import first_right, ndcg_at, recall_at
from raglab.search.analyzers import terms
from raglab.search.bm25 import BM25Index
from raglab.search.fusion import fuse_ranks
from raglab.search.keyword import KeywordIndex

DEPTH = 1000  # every system ranks this many abstracts; fusion may use fewer
REFERENCES = {
    "bm25s (k1 0.9, b 0.4, stop words, Snowball)": 0.676,
    "Anserini BM25 (multifield / flat)": "0.665 / 0.679",
    "all-MiniLM-L6-v2 (MTEB)": 0.645,
}

Ranking = list[tuple[int, float]]  # (abstract position, score), best first


def snowball_terms():
    import Stemmer  # PyStemmer: bench only (bench/requirements.txt)

    return partial(terms, stem=Stemmer.Stemmer("english").stemWord, split_joined=True)


def chunks_of(data) -> list[Chunk]:
    return [Chunk(i, i, t, x, 1, 0, 1) for i, t, x in zip(data.doc_ids, data.titles, data.documents, strict=True)]


def simple_rankings(chunks, queries) -> list[Ranking]:
    index = KeywordIndex(chunks)
    pos = {c.id: i for i, c in enumerate(chunks)}
    return [[(pos[h.id], h.score) for h in index.search(search_words(q), DEPTH)] for q in queries]


def bm25_rankings(index: BM25Index, queries) -> list[Ranking]:
    return [index.top(index.query_words(q), DEPTH) for q in queries]


def dense_rankings(doc_vectors: np.ndarray, query_vectors: np.ndarray) -> list[Ranking]:
    sims = query_vectors @ doc_vectors.T
    out = []
    for row in sims:
        top = np.argpartition(-row, min(DEPTH, len(row) - 1))[:DEPTH]  # a smoke run has fewer abstracts
        top = top[np.lexsort((top, -row[top]))]
        out.append([(int(i), float(row[i])) for i in top])
    return out


def rrf(lists: list[Ranking], k: int, depth: int, weights: list[float], ties: str = "lab") -> Ranking:
    """Weighted reciprocal rank fusion: ``sum of w / (k + rank)`` over the lists' first ``depth``.

    ``ties="lab"``: the lab's rule. Equal weights are the lab's ``fuse_ranks`` itself (exact fractions; a tie goes
    to the abstract met first, reading the lists in order, keyword first: TIE_RULE), its scores times the weight;
    other weights add the weighted floats and break ties by the same first-seen order. ``ties="position"``: equal
    fused floats in corpus order (the rule here before; kept for ``--fusion-check``). Abstracts 5 and 2 tie, each
    first in one list:

    >>> keyword, dense = [(5, 2.0), (7, 1.0)], [(2, 0.9), (9, 0.8)]
    >>> [i for i, _ in rrf([keyword, dense], 60, 10, [1, 1])], [i for i, _ in rrf([keyword, dense], 60, 10, [0.6, 0.4])]
    ([5, 2, 7, 9], [5, 7, 2, 9])
    >>> [i for i, _ in rrf([keyword, dense], 60, 10, [1, 1], ties="position")]
    [2, 5, 7, 9]
    """
    if ties == "lab" and len(set(weights)) == 1:
        return [(i, weights[0] * s) for i, s, _ in fuse_ranks([[i for i, _ in r] for r in lists], k, depth)]
    total: dict[int, float] = {}  # first-seen order: the lab's tie rule, as sorted() is stable
    for w, ranking in zip(weights, lists, strict=True):
        for rank, (i, _) in enumerate(ranking[:depth], 1):
            total[i] = total.get(i, 0.0) + w / (k + rank)
    if ties == "position":
        return sorted(total.items(), key=lambda e: (-e[1], e[0]))
    if ties != "lab":
        raise ValueError(f"ties: lab or position, not {ties!r}")
    return sorted(total.items(), key=lambda e: -e[1])


def convex(lists: list[Ranking], weight: float, depth: int) -> Ranking:
    """``weight × keyword + (1 − weight) × dense``, each score min-max normalised over its list's first ``depth``;
    an abstract missing from a list gets 0 there."""
    total: dict[int, float] = {}
    for w, ranking in zip((weight, 1 - weight), lists, strict=True):
        scores = [s for _, s in ranking[:depth]]
        lo, hi = min(scores, default=0.0), max(scores, default=0.0)
        for i, s in ranking[:depth]:
            total[i] = total.get(i, 0.0) + w * (s - lo) / ((hi - lo) or 1.0)
    return sorted(total.items(), key=lambda e: (-e[1], e[0]))


def scores_of(rankings: list[Ranking], data, which: list[int] | None = None) -> tuple[float, float]:
    which = range(len(data.query_ids)) if which is None else which
    nd, rc = [], []
    for q in which:
        ids = [data.doc_ids[i] for i, _ in rankings[q][:100]]
        rel = data.qrels.get(data.query_ids[q], set())  # the stand-in's claim has none
        nd.append(ndcg_at(ids, rel, 10))
        rc.append(recall_at(ids, rel, 100))
    if not nd:  # a fold of the stand-in's one claim
        return 0.0, 0.0
    return sum(nd) / len(nd), sum(rc) / len(rc)


def cross_validated(name: str, grid: dict[str, callable], data) -> tuple[float, float, list[str]]:
    """2-fold cross-validation over the claims (even and odd positions): pick the grid entry with the best nDCG@10
    on one half, score it on the other; the two halves' scores are averaged by claim count."""
    n = len(data.query_ids)
    folds = [list(range(0, n, 2)), list(range(1, n, 2))]
    ranked = {key: make() for key, make in grid.items()}
    nd_sum = rc_sum = 0.0
    picked = []
    for f in (0, 1):
        choose, score = folds[f], folds[1 - f]
        best = max(ranked, key=lambda key: scores_of(ranked[key], data, choose)[0])
        picked.append(best)
        nd, rc = scores_of(ranked[best], data, score)
        nd_sum += nd * len(score)
        rc_sum += rc * len(score)
    return nd_sum / n, rc_sum / n, picked


VECTORS = {"fp32": "fp32, onnxruntime in CPython", "page": "the page's own: transformers.js, fp16 model"}
# The other weights the page could use, embedded here with onnxruntime (bench/embed_weights.py times them in the page).
WEIGHTS = {"fp16": "fp16 weights, onnxruntime in CPython", "q8": "int8 weights (q8), onnxruntime in CPython"}


def vectors_of(which: str, data) -> tuple[np.ndarray, np.ndarray]:
    """(abstracts, claims) vectors: ``fp32``, ``fp16`` or ``q8`` embedded here, ``page`` the page's; all cached
    under .cache/bench."""
    if which == "page":
        return page_vectors(data.documents, data.queries)
    return scifact_vectors(data.documents, data.queries, which)


def fusion_check(data, chunks, vectors=tuple(VECTORS)) -> dict:
    """nDCG@10 of the depth-10 hybrids (k 60, weights 1) for each keyword side, vectors and tie rule."""
    keyword = {
        "hybrid, the spec's sum + dense": simple_rankings(chunks, data.queries),
        "hybrid, BM25 on Snowball stems + dense": bm25_rankings(
            BM25Index(chunks, analyze=snowball_terms()), data.queries
        ),
    }
    out = {}
    for which in vectors:
        dense = dense_rankings(*vectors_of(which, data))
        out[which] = {"dense": scores_of(dense, data)[0]}
        for name, kw in keyword.items():
            for ties in ("position", "lab"):
                fused = [rrf([b, d], 60, 10, [1, 1], ties) for b, d in zip(kw, dense, strict=True)]
                out[which][f"{name} / ties {ties}"] = scores_of(fused, data)[0]
    return out


def print_fusion_check(check: dict, claims: int) -> None:
    rows = list(next(iter(check.values())))
    width = max(map(len, rows))
    print(f"{f'nDCG@10, {claims} claims':<{width}}  " + "  ".join(f"{w:>7}" for w in check))
    for row in rows:
        print(f"{row:<{width}}  " + "  ".join(f"{check[w][row]:7.4f}" for w in check))
    kinds = {**VECTORS, **WEIGHTS}
    print(
        "vectors: " + "; ".join(f"{w}: {kinds[w]}" for w in check) + ". ties: position = equal fused scores in "
        "corpus order; lab = raglab.search.fusion.fuse_ranks (TIE_RULE, keyword list first, exact fractions)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--vectors",
        choices=(*VECTORS, *WEIGHTS),
        default="fp32",
        help="dense side: fp32, fp16 or q8 weights (onnxruntime here, cached) or page (the page's own fp16-model "
        "vectors, saved by bench/scifact_page.py's quality phase)",
    )
    parser.add_argument(
        "--fusion-check",
        action="store_true",
        help="only the depth-10 hybrids on both vectors with both tie rules (issue 12)",
    )
    smoke.add_flag(parser)
    args = parser.parse_args()
    if args.smoke and args.vectors == "page":
        parser.error("--smoke: the page's vectors are saved for the full set only")
    started = time.perf_counter()
    data = smoke_sample(scifact_or_stand_in()) if args.smoke else load_scifact()
    chunks = chunks_of(data)
    queries = data.queries
    print(f"SciFact test: {len(chunks)} abstracts, {len(queries)} claims", file=sys.stderr)
    out = ROOT / "bench" / "results"

    if args.fusion_check:
        check = fusion_check(data, chunks, (args.vectors,) if args.smoke else tuple(VECTORS))
        print_fusion_check(check, len(queries))
        if args.smoke:
            print(smoke.NOTE)
            return
        out.mkdir(parents=True, exist_ok=True)
        (out / "scifact-fusion-check.json").write_text(
            json.dumps({w: {k: round(v, 4) for k, v in rows.items()} for w, rows in check.items()}, indent=2)
        )
        print(f"({time.perf_counter() - started:.0f} s)", file=sys.stderr)
        return

    systems: dict[str, list[Ranking]] = {}
    systems["simple (spec's sum of ln(1 + N/n))"] = simple_rankings(chunks, queries)
    systems["BM25, lab's words (k1 0.9, b 0.4)"] = bm25_rankings(BM25Index(chunks), queries)
    bm25 = bm25_rankings(BM25Index(chunks, analyze=snowball_terms()), queries)
    systems["BM25, Snowball + split joined words (k1 0.9, b 0.4)"] = bm25
    dense = dense_rankings(*vectors_of(args.vectors, data))
    systems["dense all-MiniLM-L6-v2" + ("" if args.vectors == "fp32" else f" ({args.vectors} vectors)")] = dense

    def each(fuse) -> list[Ranking]:
        return [fuse([b, d]) for b, d in zip(bm25, dense, strict=True)]

    systems["hybrid RRF k 60, depth 10 (the lab's)"] = each(lambda p: rrf(p, 60, 10, [1, 1]))
    systems["hybrid RRF k 60, depth 100"] = each(lambda p: rrf(p, 60, 100, [1, 1]))
    systems["hybrid RRF k 60, depth 1000"] = each(lambda p: rrf(p, 60, 1000, [1, 1]))
    systems["hybrid convex 0.5, depth 100"] = each(lambda p: convex(p, 0.5, 100))

    rows = {name: scores_of(r, data) for name, r in systems.items()}

    # Fusion settings chosen by cross-validation, not on the claims they are scored on.
    rrf_grid = {
        f"k {k}, depth {depth}, keyword weight {w}": (
            lambda k=k, depth=depth, w=w: each(lambda p: rrf(p, k, depth, [w, 1 - w]))
        )
        for k in (1, 10, 20, 60, 100)
        for depth in (10, 100, 1000)
        for w in (0.3, 0.4, 0.5, 0.6, 0.7)
    }
    convex_grid = {
        f"keyword weight {w}, depth {depth}": (lambda w=w, depth=depth: each(lambda p: convex(p, w, depth)))
        for w in (0.3, 0.4, 0.5, 0.6, 0.7)
        for depth in (100, 1000)
    }
    cv = {}
    for label, grid in [
        ("hybrid RRF, k/depth/weights by 2-fold CV", rrf_grid),
        ("hybrid convex, weight/depth by 2-fold CV", convex_grid),
    ]:
        nd, rc, picked = cross_validated(label, grid, data)
        rows[label] = (nd, rc)
        cv[label] = picked

    # Why the lab's RRF falls below BM25 here: how often each side's first right abstract is missing from the
    # other side's top 10, where depth-10 fusion cannot see it.
    def first_right_of(ranking: Ranking, q: int) -> int | None:
        return first_right([data.doc_ids[i] for i, _ in ranking], data.qrels.get(data.query_ids[q], set()))

    diagnosis = {
        "bm25 first right at 1": 0,
        "dense first right at 1": 0,
        "both at 1": 0,
        "bm25 in top 10, dense not": 0,
        "dense in top 10, bm25 not": 0,
    }
    for q in range(len(queries)):
        b, d = first_right_of(bm25[q], q), first_right_of(dense[q], q)
        diagnosis["bm25 first right at 1"] += b == 1
        diagnosis["dense first right at 1"] += d == 1
        diagnosis["both at 1"] += b == 1 and d == 1
        diagnosis["bm25 in top 10, dense not"] += bool(b and b <= 10 and not (d and d <= 10))
        diagnosis["dense in top 10, bm25 not"] += bool(d and d <= 10 and not (b and b <= 10))

    width = max(map(len, rows))
    print(f"{'system':<{width}}  nDCG@10  recall@100")
    for name, (nd, rc) in rows.items():
        print(f"{name:<{width}}  {nd:7.4f}  {rc:10.4f}")
    for label, picked in cv.items():
        print(f"{label}: chosen per fold: {picked[0]} | {picked[1]}")
    print("references (nDCG@10): " + "; ".join(f"{k} {v}" for k, v in REFERENCES.items()))
    print(f"first right abstract, of {len(queries)} claims: " + ", ".join(f"{k} {v}" for k, v in diagnosis.items()))
    print(f"({time.perf_counter() - started:.0f} s)", file=sys.stderr)
    if args.smoke:  # the fusion check's path too, on this run's vectors
        print_fusion_check(fusion_check(data, chunks, (args.vectors,)), len(queries))
        print(smoke.NOTE)
        return

    out.mkdir(parents=True, exist_ok=True)
    name = "scifact.json" if args.vectors == "fp32" else f"scifact-{args.vectors}-vectors.json"
    (out / name).write_text(
        json.dumps(
            {
                "vectors": {**VECTORS, **WEIGHTS}[args.vectors],
                "rows": {k: {"ndcg@10": round(v[0], 4), "recall@100": round(v[1], 4)} for k, v in rows.items()},
                "cross_validation_choices": cv,
                "references": REFERENCES,
                "diagnosis": diagnosis,
            },
            indent=2,
        )
    )


if __name__ == "__main__":
    main()

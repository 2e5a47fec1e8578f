"""Keyword search speed in CPython on SciFact: our indexes against bm25s, interleaved, medians and ratios.

    .venv/bin/python -m bench.keyword_speed [--rounds 5] [--smoke]

Both sides do the same work: the same 5,183 abstracts (title + text), the same Snowball stemmer (PyStemmer),
English stop words, and for each of the 300 claims one search for the best 10, one claim at a time (what a page
does). Build time is tokenizing + indexing; query time is tokenizing the claim + scoring + picking the best 10.
Runs alternate, A B A B, so a noisy machine slows both sides alike; each figure is the median over the rounds
(build) or over all claims of all rounds (query). Our spec's simple score and BM25 with the lab's own words (no
stemmer) are timed too. Writes ``bench/results/keyword_speed.json``; ``--smoke`` (bench/smoke.py) times one round on
scifact.py's smoke sample and writes nothing.
"""

from __future__ import annotations

import statistics
import sys
import time

from bench import cli
from bench.page_runs import quantile
from bench.scifact import chunks_of, snowball_terms
from bench.scifact_data import load_scifact, scifact_or_stand_in, smoke_sample
from raglab.documents.analysis import search_words
from raglab.search.bm25 import K1, B, BM25Index
from raglab.search.keyword import KeywordIndex

TOP_K = 10


def ours_bm25(chunks, analyze=None):
    def build():
        return BM25Index(chunks, analyze=analyze) if analyze else BM25Index(chunks)

    def search(index, q):
        return index.top(index.query_words(q), TOP_K, K1, B)

    return build, search


def ours_simple(chunks):
    def build():
        return KeywordIndex(chunks)

    def search(index, q):
        return index.search(search_words(q), TOP_K)

    return build, search


def peer_bm25s(texts):
    import bm25s
    import Stemmer

    stemmer = Stemmer.Stemmer("english")

    def build():
        model = bm25s.BM25(k1=K1, b=B, method="lucene")
        model.index(bm25s.tokenize(texts, stopwords="en", stemmer=stemmer, show_progress=False), show_progress=False)
        return model

    def search(model, q):
        tokens = bm25s.tokenize([q], stopwords="en", stemmer=stemmer, show_progress=False)
        return model.retrieve(tokens, k=TOP_K, show_progress=False, n_threads=1)

    return build, search


def timed(build, search, queries):
    t = time.perf_counter()
    index = build()
    build_s = time.perf_counter() - t
    query_s = []
    for q in queries:
        t = time.perf_counter()
        search(index, q)
        query_s.append(time.perf_counter() - t)
    return build_s, query_s


def main(argv: list[str] | None = None) -> None:
    args = cli.parse(cli.parser(__doc__, rounds=5), argv, rounds=1)
    data = smoke_sample(scifact_or_stand_in()) if args.smoke else load_scifact()
    chunks, texts, queries = chunks_of(data), data.documents, data.queries
    sides = {
        "bm25s (Snowball)": peer_bm25s(texts),
        "ours BM25 (Snowball)": ours_bm25(chunks, snowball_terms()),
        "ours BM25 (lab's words)": ours_bm25(chunks),
        "ours simple score": ours_simple(chunks),
    }
    builds = {k: [] for k in sides}
    queries_s = {k: [] for k in sides}
    for r in range(args.rounds):
        for name, (build, search) in sides.items():  # A B A B: every round runs every side once, in turn
            b, q = timed(build, search, queries)
            builds[name].append(b)
            queries_s[name] += q
        print(f"round {r + 1}/{args.rounds} done", file=sys.stderr)

    peer = "bm25s (Snowball)"
    rows = {}
    for name in sides:
        build_ms = statistics.median(builds[name]) * 1000
        query_ms = statistics.median(queries_s[name]) * 1000
        rows[name] = {
            "build_ms": round(build_ms, 1),
            "query_ms_median": round(query_ms, 3),
            "query_ms_p90": round(quantile(queries_s[name], 0.9) * 1000, 3),
        }
    for row in rows.values():
        row["build_vs_bm25s"] = round(row["build_ms"] / rows[peer]["build_ms"], 2)
        row["query_vs_bm25s"] = round(row["query_ms_median"] / rows[peer]["query_ms_median"], 2)
    columns = "build ms=build_ms:.0f; ×bm25s=build_vs_bm25s:.2f; query ms median=query_ms_median:.3f; "
    columns += "p90=query_ms_p90:.3f; ×bm25s=query_vs_bm25s:.2f"
    print(cli.table(rows, columns, first="side"))
    cli.write("keyword_speed", {"rounds": args.rounds, "rows": rows}, args.smoke)


if __name__ == "__main__":
    main()

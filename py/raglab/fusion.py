"""Rank fusion (reciprocal rank fusion, Cormack et al. 2009): merge ranked lists by rank alone.

Each list holds its best ``depth`` (10); a passage earns ``1/(k + rank)`` from every list that holds it (k = 60),
and the earnings are added. The hybrid lesson's example: A is 1st by keyword and 5th by vector,
``1/61 + 1/65 = 0.0318``; B is 2nd in both, ``1/62 + 1/62 = 0.0323``, so B wins.

>>> [(pid, round(total, 4)) for pid, total, _ in fuse_ranks([["A", "B", "C", "D", "x"], ["y", "B", "z", "w", "A"]])]
[('B', 0.0323), ('A', 0.0318), ('y', 0.0164), ('C', 0.0159), ('z', 0.0159), ('D', 0.0156), ('w', 0.0156), ('x', 0.0154)]
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from .result import RankPart, best_scored

RRF_K = 60  # the usual constant: it keeps a first place from drowning everything below it
RRF_DEPTH = 10  # each list holds its best 10


def rrf_term(rank: int, k: int = RRF_K) -> float:
    """What one list gives the item at ``rank`` (from 1): ``1/(k + rank)``.

    >>> round(rrf_term(1), 4), round(rrf_term(5), 4), rrf_term(2, k=0)
    (0.0164, 0.0154, 0.5)
    """
    return 1 / (k + rank)


def rank_part(label: str, rank: int, k: int = RRF_K) -> RankPart:
    """One list's term as a part of a fused score: named after the list, with the spec's formula and its numbers.

    >>> rank_part("search 1", 2)
    RankPart(kind='rank', label='search 1', value=0.016129032258064516, formula='1/(60 + 2)', k=60, rank=2)
    """
    return RankPart("rank", label, rrf_term(rank, k), f"1/({k} + {rank})", k, rank)


def fuse_ranks(
    lists: Sequence[Sequence[Hashable]], k: int = RRF_K, depth: int = RRF_DEPTH
) -> list[tuple[Hashable, float, list[tuple[int, int]]]]:
    """(item, fused score, [(list number from 0, rank from 1), ...]) best first; ties keep first-seen order.

    Each score adds its terms in list order, the order of ``rank_part``s a result shows, so it is bit for bit the
    sum of those parts."""
    earned: dict[Hashable, list[tuple[int, int]]] = {}
    for li, ranking in enumerate(lists):
        for rank, item in enumerate(ranking[:depth], 1):
            earned.setdefault(item, []).append((li, rank))
    items = list(earned)  # first-seen order, which breaks ties
    totals = {i: sum(rrf_term(r, k) for _, r in earned[item]) for i, item in enumerate(items)}
    return [(items[i], total, earned[items[i]]) for i, total in best_scored(totals, len(items))]

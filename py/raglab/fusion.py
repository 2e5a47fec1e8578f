"""Rank fusion (reciprocal rank fusion, Cormack et al. 2009): merge ranked lists by rank alone.

Each list holds its best ``depth`` (10); a passage earns ``1/(k + rank)`` from every list that holds it (k = 60),
and the earnings are added. The hybrid lesson's example: A is 1st by keyword and 5th by vector,
``1/61 + 1/65 = 0.0318``; B is 2nd in both, ``1/62 + 1/62 = 0.0323``, so B wins.

>>> [(pid, round(total, 4)) for pid, total, _ in fuse_ranks([["A", "B", "C", "D", "x"], ["y", "B", "z", "w", "A"]])]
[('B', 0.0323), ('A', 0.0318), ('y', 0.0164), ('C', 0.0159), ('z', 0.0159), ('D', 0.0156), ('w', 0.0156), ('x', 0.0154)]
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

RRF_K = 60  # the usual constant: it keeps a first place from drowning everything below it
RRF_DEPTH = 10  # each list holds its best 10


def fuse_ranks(
    lists: Sequence[Sequence[Hashable]], k: int = RRF_K, depth: int = RRF_DEPTH
) -> list[tuple[Hashable, float, list[tuple[int, int]]]]:
    """(item, fused score, [(list number from 0, rank from 1), ...]) best first; ties keep first-seen order."""
    earned: dict[Hashable, list[tuple[int, int]]] = {}
    for li, ranking in enumerate(lists):
        for rank, item in enumerate(ranking[:depth], 1):
            earned.setdefault(item, []).append((li, rank))
    totals = {item: sum(1 / (k + r) for _, r in ranks) for item, ranks in earned.items()}
    order = sorted(enumerate(earned), key=lambda e: (-totals[e[1]], e[0]))
    return [(item, totals[item], earned[item]) for _, item in order]

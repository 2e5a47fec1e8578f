"""Ranking metrics with binary relevance, in plain Python: hit@k, recall@k, reciprocal rank, nDCG@k.

``ranking`` is a list of ids best first, ``relevant`` the set of right ids. For the ranking [x, a, y, b] with right
ids {a, b}: hit@3 = 1 (a right id in the top 3), recall@3 = 1/2 (a of a, b), reciprocal rank = 1/2 (first right at
2); nDCG@10 = (1/log2(3) + 1/log2(5)) / (1/log2(2) + 1/log2(3)) = 1.062/1.631 = 0.651.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

NDCG_K = 10  # nDCG@10, as BEIR reports it


def hit_at(ranking: Sequence[str], relevant: set[str], k: int) -> float:
    """1 if a right id is among the first ``k``, else 0.

    >>> hit_at(["x", "a", "y"], {"a"}, 1), hit_at(["x", "a", "y"], {"a"}, 2)
    (0.0, 1.0)
    """
    return float(any(pid in relevant for pid in ranking[:k]))


def recall_at(ranking: Sequence[str], relevant: set[str], k: int) -> float:
    """The share of the right ids found among the first ``k``.

    >>> recall_at(["x", "a", "y", "b"], {"a", "b"}, 3)
    0.5
    """
    return len(relevant.intersection(ranking[:k])) / len(relevant) if relevant else 0.0


def first_right(ranking: Sequence[str], relevant: set[str]) -> int | None:
    """The rank (from 1) of the first right id, or None when none is in the ranking.

    >>> first_right(["x", "a", "b"], {"a", "b"}), first_right(["x"], {"a"})
    (2, None)
    """
    return next((r for r, pid in enumerate(ranking, 1) if pid in relevant), None)


def reciprocal_rank(ranking: Sequence[str], relevant: set[str]) -> float:
    """1 / the rank of the first right id; 0 when none is found. Averaged over questions: MRR.

    >>> reciprocal_rank(["x", "a", "b"], {"a", "b"}), reciprocal_rank(["x"], {"a"})
    (0.5, 0.0)
    """
    rank = first_right(ranking, relevant)
    return 1 / rank if rank else 0.0


def ndcg_at(ranking: Sequence[str], relevant: set[str], k: int = NDCG_K) -> float:
    """Normalised discounted cumulative gain (Järvelin & Kekäläinen 2002), binary gain, ``log2(rank + 1)`` discount,
    as trec_eval and BEIR compute it: ``DCG = sum over the first k ranks of rel_i / log2(i + 1)``, divided by the
    DCG of the ideal ranking (every right id first).

    >>> round(ndcg_at(["x", "a", "y", "b"], {"a", "b"}), 3)
    0.651
    """
    dcg = sum(1 / math.log2(i + 1) for i, pid in enumerate(ranking[:k], 1) if pid in relevant)
    ideal = sum(1 / math.log2(i + 1) for i in range(1, min(len(relevant), k) + 1))
    return dcg / ideal if ideal else 0.0

"""Rank fusion (reciprocal rank fusion, Cormack et al. 2009): merge ranked lists by rank alone.

Each list holds its best ``depth`` (10); a passage earns ``1/(k + rank)`` from every list that holds it (k = 60),
and the earnings are added. The hybrid lesson's example: A is 1st by keyword and 5th by vector,
``1/61 + 1/65 = 0.0318``; B is 2nd in both, ``1/62 + 1/62 = 0.0323``, so B wins.

>>> [(pid, round(total, 4)) for pid, total, _ in fuse_ranks([["A", "B", "C", "D", "x"], ["y", "B", "z", "w", "A"]])]
[('B', 0.0323), ('A', 0.0318), ('y', 0.0164), ('C', 0.0159), ('z', 0.0159), ('D', 0.0156), ('w', 0.0156), ('x', 0.0154)]

Ties are common, as above: C and z, each 3rd in one list only, both earn 1/63, and D and w 1/64. TIE_RULE breaks
them (C and D are met first, in the first list), and ``tie_sentences`` says so wherever a tie decides what is shown.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from fractions import Fraction
from typing import TypeVar

from ..result import RankPart, best_scored
from ..show import joined_with_and

Item = TypeVar("Item", bound=Hashable)  # what the lists rank: passage ids here, letters in the lesson

RRF_K = 60  # the usual constant: it keeps a first place from drowning everything below it
RRF_DEPTH = 10  # each list holds its best 10
# How fuse_ranks orders equal fused scores: the first-seen order of its items, in words.
TIE_RULE = "a tie goes to the passage met first, reading the lists one after the other ({lists}), each from its top"


def rrf_fraction(rank: int, k: int = RRF_K) -> Fraction:
    """What one list gives the item at ``rank`` (from 1), exactly: ``1/(k + rank)``.

    >>> rrf_fraction(1), rrf_fraction(1) + rrf_fraction(2) == rrf_fraction(2) + rrf_fraction(1)
    (Fraction(1, 61), True)
    """
    return Fraction(1, k + rank)


def rrf_term(rank: int, k: int = RRF_K) -> float:
    """``rrf_fraction`` as the float a score adds (the nearest float to ``1/(k + rank)``).

    >>> round(rrf_term(1), 4), round(rrf_term(5), 4), rrf_term(2, k=0)
    (0.0164, 0.0154, 0.5)
    """
    return float(rrf_fraction(rank, k))


def rank_part(label: str, rank: int, k: int = RRF_K) -> RankPart:
    """One list's term as a part of a fused score: named after the list, with the spec's formula and its numbers.

    >>> rank_part("search 1", 2)
    RankPart(kind='rank', label='search 1', value=0.016129032258064516, formula='1/(60 + 2)', k=60, rank=2)
    """
    return RankPart("rank", label, rrf_term(rank, k), f"1/({k} + {rank})", k, rank)


def exact_total(earned: Sequence[tuple[int, int]], k: int = RRF_K) -> Fraction:
    """A fused score as an exact fraction, from its (list, rank) pairs: 1/61 + 1/62 and 1/62 + 1/61 are equal.

    >>> exact_total([(0, 1), (1, 2)]) == exact_total([(0, 2), (1, 1)])
    True
    """
    return sum((rrf_fraction(r, k) for _, r in earned), Fraction(0))


def fuse_ranks(
    lists: Sequence[Sequence[Item]], k: int = RRF_K, depth: int = RRF_DEPTH
) -> list[tuple[Item, float, list[tuple[int, int]]]]:
    """(item, fused score, [(list number from 0, rank from 1), ...]) best first; ties as TIE_RULE says.

    Each score adds its terms in list order, the order of ``rank_part``s a result shows, so it is bit for bit the
    sum of those parts. The ranking compares the exact fractions instead: float sums of the same terms in another
    order can differ in their last bit (1/61 + 1/67 + 1/62 against 1/67 + 1/62 + 1/61), and a tie must be a tie,
    broken by the stated rule, not by rounding.

    >>> [(item, round(total, 4), earned) for item, total, earned in fuse_ranks([["a", "b"], ["b", "a"]])]
    [('a', 0.0325, [(0, 1), (1, 2)]), ('b', 0.0325, [(0, 2), (1, 1)])]
    """
    earned: dict[Item, list[tuple[int, int]]] = {}
    for li, ranking in enumerate(lists):
        for rank, item in enumerate(ranking[:depth], 1):
            earned.setdefault(item, []).append((li, rank))
    items = list(earned)  # first-seen order, which breaks ties: TIE_RULE
    exact = {i: exact_total(earned[item], k) for i, item in enumerate(items)}
    return [
        (items[i], sum(rrf_term(r, k) for _, r in earned[items[i]]), earned[items[i]])
        for i, _ in best_scored(exact, len(items))
    ]


def tied_groups(
    fused: Sequence[tuple[Hashable, float, Sequence[tuple[int, int]]]], top_k: int, k: int = RRF_K
) -> list[range]:
    """The positions of each run of equal fused scores in ``fuse_ranks``' answer that decides what is shown: the
    order of the ``top_k`` kept, or which of them is kept.

    >>> tied_groups(fuse_ranks([["a", "c", "e"], ["b", "d"]]), top_k=3)
    [range(0, 2), range(2, 4)]
    """
    exact = [exact_total(earned, k) for _, _, earned in fused]
    groups, start = [], 0
    while start < min(top_k, len(fused)):
        end = start + 1
        while end < len(fused) and exact[end] == exact[start]:
            end += 1
        if end - start > 1:
            groups.append(range(start, end))
        start = end
    return groups


def tie_sentences(
    fused: Sequence[tuple[Hashable, float, Sequence[tuple[int, int]]]],
    labels: Sequence[str],
    top_k: int,
    k: int = RRF_K,
) -> list[str]:
    """A sentence for each of ``tied_groups``: the rule, and where each tied item is met first.

    >>> (sentence,) = tie_sentences(fuse_ranks([["a", "b"], ["b", "a"]]), ["keyword", "vector"], top_k=3)
    >>> print(sentence.replace(". ", ".\\n").replace(": ", ":\\n").replace(", reading", ",\\nreading"))
    Tie:
    a and b both score 0.0325.
    The lab breaks ties by one rule:
    a tie goes to the passage met first,
    reading the lists one after the other (keyword, then vector), each from its top.
    a is met first at keyword rank 1, b at keyword rank 2, so a ranks above b.
    >>> tie_sentences(fuse_ranks([["a", "c"], ["b", "d"]]), ["keyword", "vector"], top_k=3)[1].split(". ")[-1]
    'c is met first at keyword rank 2, d at vector rank 2, so c is kept and d is left out (the best 3 are kept).'
    """
    return [
        _tie_sentence([fused[i] for i in group], labels, top_k - group.start, top_k)
        for group in tied_groups(fused, top_k, k)
    ]


def _tie_sentence(group, labels: Sequence[str], room: int, top_k: int) -> str:
    names = [str(item) for item, _, _ in group]
    met = [f"{labels[li]} rank {r}" for _, _, ((li, r), *_) in group]
    others = ", ".join(f"{name} at {place}" for name, place in zip(names[1:], met[1:], strict=True))
    where = f"{names[0]} is met first at {met[0]}, {others}"
    if room >= len(group):
        verdict = f"so {names[0]} ranks above {names[1]}" if len(group) == 2 else "so they rank in that order"
    else:
        kept, left = joined_with_and(names[:room]), joined_with_and(names[room:])
        verdict = (
            f"so {kept} {'is' if room == 1 else 'are'} kept and {left} "
            f"{'is' if len(names) - room == 1 else 'are'} left out (the best {top_k} are kept)"
        )
    lists = ", then ".join(labels)
    return (
        f"Tie: {joined_with_and(names)} {'both' if len(group) == 2 else 'all'} score {group[0][1]:.4f}. The lab breaks "
        f"ties by one rule: {TIE_RULE.format(lists=lists)}. {where}, {verdict}."
    )

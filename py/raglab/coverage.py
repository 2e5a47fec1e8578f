"""From the units a technique returns to the labelled passages they hold: techniques hand back different units
(2-sentence passages, chunks of 1 or 4 sentences, whole documents) and the labels are 2-sentence passage ids, so
each returned unit stands for the labelled passages it *overlaps by sentence span* (same document, at least one
sentence in common); see ``covered``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .documents.chunking import CHUNK_SIZES, DEFAULT_SIZE
from .lab import Lab

Span = tuple[str, int, int]  # document slug, first sentence, last sentence (0-based, inclusive)


def unit_spans(lab: Lab) -> dict[str, Span]:
    """The sentence span of every id a technique can return: chunks of each size (``ferry-1``, ``ferry-s1-2``,
    ``rules-s4-1``) and whole documents (``ferry``)."""
    spans: dict[str, Span] = {}
    for size in sorted({*CHUNK_SIZES, DEFAULT_SIZE}):
        for c in lab.chunks(size):
            spans[c.id] = spans[c.sized_id] = (c.slug, c.first, c.first + c.sentences - 1)
    for d in lab.corpus.documents:
        spans[d.slug] = (d.slug, 0, len(d.sentences) - 1)
    return spans


def covered(unit: Span, passages: Mapping[str, Span]) -> list[str]:
    """The labelled passages a returned unit overlaps by sentence span, in passage order.

    Why overlap and not containment: documents, 2- and 4-sentence chunks all start on a passage boundary, so each
    of them either holds a whole 2-sentence passage or none of it, and both rules agree. They differ only for
    1-sentence chunks: containment could never be met, scoring that size 0 by construction, while overlap credits
    a sentence of a labelled passage. The labels say which 2 sentences answer, not which one, so that is as fine
    as they can judge (and it flatters size 1 a little when the answer is in the other sentence).

    >>> covered(("ferry", 1, 1), {"ferry-1": ("ferry", 0, 1), "ferry-2": ("ferry", 2, 3)})
    ['ferry-1']
    >>> covered(("ferry", 0, 5), {"ferry-1": ("ferry", 0, 1), "ferry-2": ("ferry", 2, 3), "bakery-1": ("bakery", 0, 1)})
    ['ferry-1', 'ferry-2']
    """
    slug, first, last = unit
    return [pid for pid, (s, f, la) in passages.items() if s == slug and f <= last and first <= la]


def passage_ranking(unit_ids: Sequence[str], answers: Sequence[str], spans: Mapping[str, Span]) -> list[str]:
    """A technique's ranking of units, rewritten as a ranking of labelled passage ids: each unit becomes the
    labelled passages it newly covers, or stays itself (a wrong id) when it covers none. A whole document that holds
    both answers at rank 1 gives ``[a, b, ...]``: nDCG 1, not half.

    >>> spans = {"ferry": ("ferry", 0, 5), "ferry-2": ("ferry", 2, 3), "ferry-3": ("ferry", 4, 5),
    ...          "bakery": ("bakery", 0, 5)}
    >>> passage_ranking(["bakery", "ferry"], ["ferry-2", "ferry-3"], spans)
    ['bakery', 'ferry-2', 'ferry-3']
    """
    labelled = {pid: spans[pid] for pid in answers}
    out: list[str] = []
    seen: set[str] = set()
    for uid in unit_ids:
        new = [pid for pid in covered(spans[uid], labelled) if pid not in seen]
        seen.update(new)
        out += new or [uid]
    return out

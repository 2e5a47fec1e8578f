"""How a result reads, in words: the text both the terminal and the page show, written once.

>>> from raglab.result import Hit, Part
>>> hit = Hit("ferry-1", "ferry", "Ferry timetable", "…", 2, 1, 5.954, "score",
...           (Part("word", "ferry", 2.457, "ln(1 + 32/3)"), Part("word", "cost", 3.497, "ln(1 + 32/1)")))
>>> score_label(hit)
'score 5.95'
>>> score_sum(hit)
'5.95 = ferry 2.46 [ln(1 + 32/3)] + cost 3.50 [ln(1 + 32/1)]'

A fused score: B of the hybrid lesson, 2nd in both lists.

>>> from raglab.search.fusion import rank_part
>>> b = Hit("B", "b", "B", "…", 2, 1, 1/62 + 1/62, "fused", (rank_part("keyword", 2), rank_part("vector", 2)))
>>> score_label(b)
'fused 0.0323 = 1/62 (keyword) + 1/62 (vector)'
>>> score_sum(b)
'0.0323 = keyword rank 2: 0.0161 [1/(60 + 2)] + vector rank 2: 0.0161 [1/(60 + 2)]'
"""

from __future__ import annotations

from collections.abc import Sequence

from .result import Hit, Part, RankPart

HEADINGS = {
    "steps": "What this technique did",
    "passages": "What the model is given",
    "compare": "Compare: what {label} would give",
    "prompt": "The full prompt the model receives",
}


def _number(value: float, kind: str) -> str:
    return f"{value:.4f}" if kind in ("fused", "similarity", "rank") else f"{value:.2f}"


def score_label(hit: Hit) -> str:
    """The short label beside a passage, as the spec writes it: the kind of score and its value, a fused score's
    terms as the spec's fractions (``1/62`` for ``1/(60 + 2)``, from the part's k and rank), and for a cosine
    ranking just the place."""
    if hit.score_kind == "similarity":
        return f"rank {hit.rank}"
    label = f"{hit.score_kind} {_number(hit.score, hit.score_kind)}"
    if hit.score_kind == "fused":
        label += " = " + " + ".join(f"1/{p.k + p.rank} ({p.label})" for p in hit.parts if isinstance(p, RankPart))
    return label


def passage_place(hit: Hit) -> str:
    """Where a passage is, after its title: its page (its file too, when the title is not the file's name) and
    the section it sits in.

    >>> passage_place(Hit("m-3", "m", "m.pdf", "…", 2, 1, 1.0, "score", where="m.pdf, p. 28", section="4 Reference"))
    'p. 28 · 4 Reference'
    """
    where = hit.where
    if where == hit.title or where.startswith(hit.title + ", "):
        where = where[len(hit.title) :].lstrip(", ")
    return " · ".join(part for part in (where, hit.section) if part)


def part_text(part: Part) -> str:
    """One addend: a weight or a rank term with the formula that gave it (a rank term its rank in its list too), a
    cosine alone, a graph bonus with why."""
    if part.kind in ("name", "linked name"):
        return f"{part.label} +{part.value:g} ({part.formula})"
    if isinstance(part, RankPart):
        return f"{part.label} rank {part.rank}: {_number(part.value, part.kind)} [{part.formula}]"
    text = f"{part.label} {_number(part.value, part.kind)}"
    return text if part.kind == "similarity" else f"{text} [{part.formula}]"


def score_sum(hit: Hit) -> str:
    """The whole sum behind a score, term by term, so it can be checked by hand."""
    if not hit.parts:
        return _number(hit.score, hit.score_kind)
    if hit.score_kind == "similarity":
        (part,) = hit.parts
        return (
            f"cosine similarity {hit.score:.4f} = {part.formula}: the two texts' embeddings multiplied, term by "
            "term, and added (both have length 1)"
        )
    return f"{_number(hit.score, hit.score_kind)} = " + " + ".join(part_text(p) for p in hit.parts)


def joined_with_and(names: Sequence[str]) -> str:
    """Names as a sentence lists them, for the core's sentences and the page's alike.

    >>> joined_with_and(["A"]), joined_with_and(["A", "B"]), joined_with_and(["A", "B", "C"]), joined_with_and([])
    ('A', 'A and B', 'A, B and C', '')
    """
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1] if names else ""

"""How a result reads, in words: the text both the terminal and the page show, written once.

>>> from raglab.result import Hit, Part
>>> hit = Hit("ferry-1", "ferry", "Ferry timetable", "…", 2, 1, 5.954, "score",
...           (Part("word", "ferry", 2.457, "ln(1 + 32/3)"), Part("word", "cost", 3.497, "ln(1 + 32/1)")))
>>> score_label(hit)
'score 5.95'
>>> score_sum(hit)
'5.95 = ferry 2.46 [ln(1 + 32/3)] + cost 3.50 [ln(1 + 32/1)]'
"""

from __future__ import annotations

from .result import Hit, Part

HEADINGS = {
    "steps": "What this technique did",
    "passages": "What the model is given",
    "compare": "Compare: what {label} would give",
    "prompt": "The full prompt the model receives",
}


def _number(value: float, kind: str) -> str:
    return f"{value:.4f}" if kind in ("fused", "similarity", "rank") else f"{value:.2f}"


def score_label(hit: Hit) -> str:
    """The short label beside a passage, as the spec writes it."""
    if hit.score_kind == "fused":
        terms = " + ".join(f"{_fraction(p)} ({p.label})" for p in hit.parts)
        return f"fused {hit.score:.4f} = {terms}"
    if hit.score_kind == "similarity":
        return f"rank {hit.rank}"
    if hit.score_kind == "best sentence":
        return f"best sentence {hit.score:.2f}"
    return f"score {hit.score:.2f}"


def _fraction(part: Part) -> str:
    # "1/(60 + 2)" shows as the spec's "1/62"
    inner = part.formula[2:].strip("()").split(" + ") if part.formula.startswith("1/(") else None
    return f"1/{sum(int(x) for x in inner)}" if inner else part.formula


def part_text(part: Part) -> str:
    if part.kind == "word":
        return f"{part.label} {part.value:.2f} [{part.formula}]"
    if part.kind == "rank":
        return f"{part.label} {part.value:.4f} [{part.formula}]"
    if part.kind == "similarity":
        return f"{part.label} {part.value:.4f}"
    return f"{part.label} +{part.value:g} ({part.formula})"


def score_sum(hit: Hit) -> str:
    """The whole sum behind a score, term by term, so it can be checked by hand."""
    if not hit.parts:
        return _number(hit.score, hit.score_kind)
    if hit.score_kind == "similarity":
        return f"cosine similarity {hit.score:.4f} (the question's embedding · the passage's; both have length 1)"
    return f"{_number(hit.score, hit.score_kind)} = " + " + ".join(part_text(p) for p in hit.parts)

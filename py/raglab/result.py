"""Result objects: what a technique found and why, frozen so the page and the command line only show it.

Every number a visitor sees is here, with its parts: a keyword score carries each word's weight and the formula
that gave it (``ferry 2.46 = ln(1 + 32/3)``), a fused score each list's ``1/(60 + rank)`` with its k and rank.
``to_dict()`` is the JSON contract of ``raglab ask --json`` and of the page (field names documented in the README).
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from fractions import Fraction
from typing import Any, TypeVar

from .documents.chunking import Chunk


@dataclass(frozen=True)
class Part:
    """One addend of a score: ``kind`` is "word", "name", "linked name", "rank" or "similarity"."""

    kind: str
    label: str
    value: float
    formula: str


@dataclass(frozen=True)
class RankPart(Part):
    """A rank-fusion addend, ``1/(k + rank)``, with its two numbers, so no one reads them back out of ``formula``.
    ``fusion.rank_part`` makes one; ``to_dict`` gives it two more fields than other parts, ``k`` and ``rank``."""

    k: int
    rank: int


@dataclass(frozen=True)
class Hit:
    """One passage (or whole document) a search kept, with its place and the sum behind its score.

    ``score_kind`` says what ``score`` is: "score" (keyword sum), "fused" (rank fusion), "similarity" (cosine of
    embeddings) or "best sentence" (parent document: its best child's score).
    """

    id: str
    slug: str
    title: str
    text: str
    sentences: int
    rank: int
    score: float
    score_kind: str
    parts: tuple[Part, ...] = ()
    note: str = ""
    where: str = ""  # the chunk's where: "report.pdf, p. 3" for a passage of a visitor's PDF
    section: str = ""  # the chunk's section: "4 Function reference › 4.3 DER functions" ("" without headings)

    @classmethod
    def of(cls, chunk: Chunk, rank: int, score: float, score_kind: str, parts: Iterable[Part] = (), note: str = ""):
        return cls(
            chunk.id,
            chunk.slug,
            chunk.title,
            chunk.text,
            chunk.sentences,
            rank,
            score,
            score_kind,
            tuple(parts),
            note,
            chunk.where,
            chunk.section,
        )


@dataclass(frozen=True)
class Comparison:
    """What another search (usually plain search) gives for the same question, shown beside the result."""

    label: str
    passages: tuple[Hit, ...]
    message: str = ""


@dataclass(frozen=True)
class Result:
    technique: str
    question: str
    search_words: tuple[str, ...]
    steps: tuple[str, ...]
    passages: tuple[Hit, ...]
    comparison: Comparison | None
    prompt: str
    details: Mapping[str, Any] = field(default_factory=dict)
    message: str = ""

    @property
    def summary(self) -> str:
        n = len(self.passages)
        return f"{n} {'passage' if n == 1 else 'passages'} found for “{self.question}”."

    def to_dict(self) -> dict[str, Any]:
        out = asdict(self)
        out["summary"] = self.summary
        out["details"] = _json_ready(self.details)
        return out


def _json_ready(value: Any) -> Any:
    """Details may hold Hits and tuples; JSON wants dicts and lists."""
    if isinstance(value, Hit | Part | Comparison):
        return asdict(value)
    if isinstance(value, Mapping):
        return {k: _json_ready(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_json_ready(v) for v in value]
    return value


Score = TypeVar("Score", float, Fraction)  # what a ranking sums: floats, or rank fusion's exact fractions


def best_scored(totals: Mapping[int, Score], top_k: int, above: float = 0.0) -> list[tuple[int, Score]]:
    """The best ``top_k`` (position, score) pairs scoring more than ``above``, best first; equal scores keep
    corpus order (the lower position first). Every ranking of the lab picks its best this way: keyword and BM25
    scores (above 0, the spec's rule), cosines (``above=-math.inf``: a negative one still ranks) and rank fusion.

    Only scores at or above the k-th best can be kept, so that bar is found first, over the bare floats, and
    only the few that reach it are sorted: on SciFact, 10 kept of about 1,800 scored abstracts.

    >>> best_scored({2: 1.0, 0: 1.0, 1: 2.0, 3: 0.0}, top_k=3)
    [(1, 2.0), (0, 1.0), (2, 1.0)]
    >>> best_scored({0: -0.25, 1: 0.5}, top_k=2, above=-math.inf)
    [(1, 0.5), (0, -0.25)]
    """
    bar = heapq.nlargest(top_k, totals.values())[-1] if len(totals) > top_k > 0 else -math.inf
    kept = sorted((-s, i) for i, s in totals.items() if s > above and s >= bar)
    return [(i, -s) for s, i in kept[:top_k]]


def rank_scored(
    chunks: Sequence[Chunk], parts_by_index: Mapping[int, Sequence[Part]], top_k: int, score_kind: str = "score"
) -> list[Hit]:
    """Sum each chunk's parts, keep the best ``top_k`` above 0; equal scores keep corpus order.

    >>> from raglab.documents.chunking import Chunk
    >>> cs = [Chunk(f"d-{i}", "d", "D", "t", 2, 0, 2) for i in (1, 2, 3)]
    >>> p = lambda v: [Part("word", "w", v, "")]
    >>> [(h.id, h.score) for h in rank_scored(cs, {0: p(1.0), 1: p(2.0), 2: p(1.0)}, top_k=3)]
    [('d-2', 2.0), ('d-1', 1.0), ('d-3', 1.0)]
    """
    totals = {i: sum(p.value for p in parts) for i, parts in parts_by_index.items()}
    return [
        Hit.of(chunks[i], r, total, score_kind, parts_by_index[i])
        for r, (i, total) in enumerate(best_scored(totals, top_k), 1)
    ]

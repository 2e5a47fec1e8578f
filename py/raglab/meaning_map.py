"""The meaning map: every passage as a point on a flat picture of its meaning vector (search/projection.py: the
passages' first two principal components), with the question, and any other text a technique searched with
(multi-query's rewrites, HyDE's made-up answer), as points of their own, each joined to its nearest passages.

"Nearest" is always the exact cosine in all the vector's dimensions (384), the ranking meaning search uses; the
picture only places them. A flat picture of 384 dimensions bends distances, so the map says how much: of the k
passages nearest to a text in meaning, how many are also among the k nearest to it on the picture, and what share
of the passages' spread the two axes show.

>>> from raglab import Lab
>>> lab = Lab()
>>> fake = lambda texts: [[1.0, 0.0] if "ferry" in t else [0.0, 1.0] for t in texts]
>>> m = meaning_map(lab, fake, [("your question", "Where does the ferry leave?")], k=2)
>>> probe = m.probes[0]
>>> [n.id for n in probe.nearest], probe.kept, probe.sentence
(['ferry-1', 'ferry-3'], 2, 'On this picture, 2 of the 2 passages nearest to your question in meaning are also \
among its 2 nearest.')
"""

from __future__ import annotations

import math
from collections.abc import Generator, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from .compare import first_words
from .documents.steps import run_steps
from .lab import Lab
from .search.projection import Axes
from .search.vectors import Embedder, rank_by_similarity

NEAREST = 3  # passages each text is joined to: the techniques' top 3
POINT_WORDS = 20  # words of a passage its point shows
POINTS_A_YIELD = 500  # points placed between two yields of ``map_steps``


@dataclass(frozen=True)
class Point:
    id: str
    title: str
    x: float
    y: float
    words: str = ""  # its first words, shown when it is pointed at


@dataclass(frozen=True)
class Near:
    id: str
    rank: int
    cosine: float


@dataclass(frozen=True)
class Probe:
    """A text drawn on the map: where it lands, its ``nearest`` passages by cosine, and the passages nearest to it
    on the picture (``drawn``), best first."""

    label: str
    text: str
    x: float
    y: float
    nearest: tuple[Near, ...]
    drawn: tuple[str, ...]

    @property
    def kept(self) -> int:
        """How many of its nearest passages in meaning are among its nearest on the picture."""
        return len({n.id for n in self.nearest} & set(self.drawn))

    @property
    def sentence(self) -> str:
        k = len(self.nearest)
        return (
            f"On this picture, {self.kept} of the {k} passages nearest to {self.label} in meaning "
            f"{'is' if self.kept == 1 else 'are'} also among its {k} nearest."
        )


@dataclass(frozen=True)
class MeaningMap:
    points: tuple[Point, ...]
    probes: tuple[Probe, ...]
    share: float  # of the passages' spread, the share the two axes show
    dimensions: int

    @property
    def share_sentence(self) -> str:
        """>>> MeaningMap((), (), 0.2049, 384).share_sentence
        'The two directions of this picture hold 20% of how the passages spread in all 384 dimensions.'
        """
        return (
            f"The two directions of this picture hold {round(self.share * 100)}% of how the passages spread in all "
            f"{self.dimensions} dimensions."
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "points": [dict(vars(p)) for p in self.points],  # asdict's, without its deep copy of thousands of points
            "probes": [{**asdict(p), "kept": p.kept, "sentence": p.sentence} for p in self.probes],
            "share": self.share,
            "dimensions": self.dimensions,
            "share_sentence": self.share_sentence,
        }


def map_steps(
    lab: Lab, embed: Embedder, texts: Sequence[tuple[str, str]], k: int = NEAREST
) -> Generator[int, None, MeaningMap]:
    """The map of ``lab``'s passages with ``texts`` (label, text) drawn on it, in steps (the axes, the first time:
    Lab.axes_steps); ``embed`` gives the texts' vectors (the page: a vector table that holds them)."""
    axes: Axes = yield from lab.axes_steps(embed)
    chunks, vectors = lab.chunks(), lab.vectors(embed)
    points = []
    for n, (c, v) in enumerate(zip(chunks, vectors, strict=True), 1):
        x, y = axes.project(v)
        points.append(Point(c.id, c.title, x, y, first_words(c.text, POINT_WORDS)))
        if n % POINTS_A_YIELD == 0:
            yield n
    yield len(points)
    probes = []
    for (label, text), vector in zip(texts, embed([t for _, t in texts]) if texts else [], strict=True):
        yield len(points)
        x, y = axes.project(vector)
        nearest = tuple(Near(chunks[i].id, r, s) for r, (i, s) in enumerate(rank_by_similarity(vector, vectors, k), 1))
        by_distance = sorted(range(len(points)), key=lambda i: (math.dist((x, y), (points[i].x, points[i].y)), i))
        drawn = tuple(points[i].id for i in by_distance[:k])
        probes.append(Probe(label, text, x, y, nearest, drawn))
    return MeaningMap(tuple(points), tuple(probes), axes.share, len(axes.mean))


def meaning_map(lab: Lab, embed: Embedder, texts: Sequence[tuple[str, str]], k: int = NEAREST) -> MeaningMap:
    """The map at once (``map_steps``, every step)."""
    return run_steps(map_steps(lab, embed, texts, k))


__all__ = ["NEAREST", "MeaningMap", "Near", "Point", "Probe", "map_steps", "meaning_map"]

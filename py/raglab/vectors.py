"""Vector similarity: rank chunks by the cosine between a question's embedding and each chunk's.

Embeddings arrive as unit vectors (an embedder normalises them), so the cosine is the dot product. numpy does the
maths when it can be imported; in a browser where numpy has not loaded, the same sums run in plain Python. Both
give the same ranking (a test checks it); equal similarities keep corpus order.

>>> rank_by_similarity([1.0, 0.0], [[0.6, 0.8], [1.0, 0.0], [0.0, 1.0]], top_k=2, use_numpy=False)
[(1, 1.0), (0, 0.6)]
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from .result import best_scored

np = None  # numpy, once it has been imported; the page may load it after start-up, so keep looking


def _numpy():
    global np
    if np is None:
        try:
            import numpy
        except ImportError:  # not (yet) loaded in the browser: the plain-Python path serves
            return None
        np = numpy
    return np

Vector = Sequence[float]
Embedder = Callable[[list[str]], Sequence[Vector]]


def numpy_available() -> bool:
    return _numpy() is not None


def cosine_scores(query: Vector, vectors: Sequence[Vector], use_numpy: bool | None = None) -> list[float]:
    if use_numpy is None:
        use_numpy = _numpy() is not None
    if use_numpy:
        numpy = _numpy()
        return (numpy.asarray(vectors, dtype=numpy.float64) @ numpy.asarray(query, dtype=numpy.float64)).tolist()
    return [sum(a * b for a, b in zip(v, query, strict=True)) for v in vectors]


def rank_by_similarity(
    query: Vector, vectors: Sequence[Vector], top_k: int, use_numpy: bool | None = None
) -> list[tuple[int, float]]:
    """The ``top_k`` (position, cosine) pairs, best first, a negative cosine too."""
    return best_scored(dict(enumerate(cosine_scores(query, vectors, use_numpy))), top_k, above=-math.inf)

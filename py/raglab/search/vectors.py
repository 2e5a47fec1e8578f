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

from ..result import best_scored

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


class PassageVectors(list):
    """The passages' vectors, kept by the lab for every question; numpy's matrix of them is made once, not per
    question (turning 5,183 lists of 384 floats into a matrix takes longer than the product itself)."""

    _matrix = None

    def matrix(self, numpy):
        if self._matrix is None or len(self._matrix) != len(self):
            self._matrix = numpy.asarray(self, dtype=numpy.float64)
        return self._matrix


# The dot product of two lists in plain Python: math.sumprod (Python 3.12+, Pyodide's is newer) runs in C and is
# about twice as fast as the generator; both are the same sum of products.
_dot = getattr(math, "sumprod", None) or (lambda v, q: sum(a * b for a, b in zip(v, q, strict=True)))


def cosine_scores(query: Vector, vectors: Sequence[Vector], use_numpy: bool | None = None) -> list[float]:
    if use_numpy is None:
        use_numpy = _numpy() is not None
    if use_numpy:
        numpy = _numpy()
        if numpy is None:
            raise ImportError("use_numpy=True needs numpy")
        matrix = (
            vectors.matrix(numpy)
            if isinstance(vectors, PassageVectors)
            else numpy.asarray(vectors, dtype=numpy.float64)
        )
        return (matrix @ numpy.asarray(query, dtype=numpy.float64)).tolist()
    return [_dot(v, query) for v in vectors]


def rank_by_similarity(
    query: Vector, vectors: Sequence[Vector], top_k: int, use_numpy: bool | None = None
) -> list[tuple[int, float]]:
    """The ``top_k`` (position, cosine) pairs, best first, a negative cosine too."""
    return best_scored(dict(enumerate(cosine_scores(query, vectors, use_numpy))), top_k, above=-math.inf)

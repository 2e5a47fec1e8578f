"""A flat picture of meaning vectors: their first two principal components (PCA), found by Lanczos iteration.

The two axes are the directions in which the passages' vectors spread most; every vector (a passage, a question,
a rewrite, a made-up answer) is drawn at its offset from the passages' mean, measured along them.

How they are found: the top two eigenvectors of the covariance C = Xcᵀ Xc / n of the centred vectors, by the
Lanczos iteration with full reorthogonalisation (Golub and Van Loan, *Matrix Computations*, 4th ed., 10.1). C is
never formed: each step multiplies one vector by it (Xcᵀ (Xc v) / n: n + d dot products), which is what makes
it affordable in plain Python. After k steps the k Lanczos vectors hold C's best k-dimensional picture of
itself, a tridiagonal matrix T; T's top two eigenpairs (by Sturm bisection and inverse iteration, both exact to
rounding) give the axes, and the iteration stops once both are eigenvectors of C to within ``TOLERANCE`` (the
residual ‖C y - θ y‖ = β |s_last|, measured against the largest θ). The products run with numpy when it can be
imported and in plain Python when it cannot (a page offline); everything else is plain Python either way, from the
same start vector, so both give the same picture to within rounding (a test compares them with each other and with
numpy's exact ``eigh``). Each axis's sign is fixed so that its largest component (by size) is positive, so the
picture never flips between runs.

Over more than ``SAMPLE`` passages the axes (and the spread they are measured against) come from every k-th
passage, the fewest k that leaves at most ``SAMPLE``: the cost of a step grows with the passages. That is the
exact PCA of the sample, not of all: on SciFact's 5,183 abstracts the plane of every 6th's top two directions
meets that of all at principal-angle cosines of 0.993 and 0.890 (bench/README.md). Every passage is still drawn,
at its own place on those axes, and the map's own measure (how many nearest passages the picture keeps) is taken
on all of them.

Each piece of work is one item of ``axes_steps``, so the page can draw and answer between them;
``principal_axes`` runs them all at once.

>>> axes = principal_axes([[2.0, 0.0, 0.0], [-2.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, -1.0, 0.0]], use_numpy=False)
>>> [round(v, 6) for v in axes.variance], [[round(c, 6) + 0.0 for c in a] for a in axes.axes]
([2.0, 0.5], [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]])
>>> [round(c, 6) for c in axes.project([1.0, 0.5, 3.0])]
[1.0, 0.5]
>>> round(axes.share, 6)  # of all the spread, the share the picture shows
1.0
"""

from __future__ import annotations

import math
import random
from collections.abc import Generator, Sequence
from dataclasses import dataclass
from functools import cached_property

from .vectors import PassageVectors, Vector, _dot, _numpy

TOLERANCE = 1e-10  # the residual of both axes, against the largest variance, that ends the iteration
MAX_STEPS = 120  # the most Lanczos steps, whatever the residual
SEED = 2  # the start vector is random.Random(SEED)'s: the same numbers in CPython and Pyodide
ROWS_A_YIELD = 256  # plain Python: rows of a product done between two yields of ``axes_steps``
SAMPLE = 1000  # the most passages the axes are found from (every k-th beyond it)


@dataclass(frozen=True)
class Axes:
    """Where the picture is centred (``mean``), its two axes (unit vectors), the spread along each (``variance``)
    and of all directions together (``total``), and how many Lanczos steps found them."""

    mean: tuple[float, ...]
    axes: tuple[tuple[float, ...], tuple[float, ...]]
    variance: tuple[float, float]
    total: float
    steps: int

    def project(self, vector: Vector) -> tuple[float, float]:
        """A vector's place on the picture: its offset from the mean along each axis, (v - mean) · axis, as
        v · axis - mean · axis (two dot products a point, not a subtraction in every dimension first)."""
        x0, y0 = self._origin
        return (_dot(vector, self.axes[0]) - x0, _dot(vector, self.axes[1]) - y0)

    @cached_property
    def _origin(self) -> tuple[float, float]:
        return (_dot(self.mean, self.axes[0]), _dot(self.mean, self.axes[1]))

    @property
    def share(self) -> float:
        """Of all the spread of the passages, the share along the two axes (1.0 when they lie in a plane)."""
        return (self.variance[0] + self.variance[1]) / self.total if self.total > 0 else 1.0


def principal_axes(vectors: Sequence[Vector], use_numpy: bool | None = None) -> Axes:
    """The picture's axes for ``vectors`` (all of ``axes_steps`` at once)."""
    steps = axes_steps(vectors, use_numpy)
    while True:
        try:
            next(steps)
        except StopIteration as end:
            return end.value


def axes_steps(vectors: Sequence[Vector], use_numpy: bool | None = None) -> Generator[int, None, Axes]:
    """The axes, found in pieces: yields between pieces of work (the Lanczos steps done so far), returns the Axes."""
    numpy = _numpy() if use_numpy is not False else None
    if use_numpy and numpy is None:
        raise ImportError("use_numpy=True needs numpy")
    stride = -(-len(vectors) // SAMPLE) if vectors else 1
    if stride > 1:
        vectors = [vectors[i] for i in range(0, len(vectors), stride)]
    n = len(vectors)
    d = len(vectors[0]) if n else 0
    ops = _NumpyProducts(numpy, vectors) if numpy is not None else _PlainProducts(vectors)
    yield 0
    total = ops.total()
    basis: list[list[float]] = []
    alphas: list[float] = []
    betas: list[float] = []
    rng = random.Random(SEED)
    v = _unit([rng.uniform(-1.0, 1.0) for _ in range(d)]) if d else []
    pairs: list[tuple[float, list[float]]] = []
    for step in range(1, min(MAX_STEPS, d) + 1 if n > 1 else 1):
        basis.append(v)
        w = yield from ops.times(v)
        alphas.append(_dot(w, v))
        for _ in range(2):  # full reorthogonalisation, twice (Kahan's "twice is enough")
            for u in basis:
                c = _dot(w, u)
                w = [a - c * b for a, b in zip(w, u, strict=True)]
        beta = math.sqrt(_dot(w, w))
        pairs = _top_pairs(alphas, betas, min(2, step))
        scale = max(abs(pairs[0][0]), 1e-300)
        residuals = [beta * abs(s[-1]) for _, s in pairs]
        if len(pairs) == 2 and max(residuals) <= TOLERANCE * scale or beta <= 1e-14 * scale:
            break
        betas.append(beta)
        v = [a / beta for a in w]
        yield step
    axes = [_signed(_combined(basis, s)) for _, s in pairs]
    values = [max(value, 0.0) for value, _ in pairs]
    while len(axes) < 2:  # fewer than two directions of spread: the rest of the picture is flat
        axes.append(_signed(_unit(_orthogonal_to(axes, d))))
        values.append(0.0)
    return Axes(tuple(ops.mean), (axes[0], axes[1]), (values[0], values[1]), total, len(basis))


def _unit(v: list[float]) -> list[float]:
    norm = math.sqrt(_dot(v, v))
    return [a / norm for a in v] if norm > 0 else v


def _orthogonal_to(axes: list[tuple[float, ...]], d: int) -> list[float]:
    """The first unit vector of the standard basis least like ``axes``, made orthogonal to them."""
    best = min(range(d), key=lambda i: sum(abs(a[i]) for a in axes)) if d else 0
    v = [float(i == best) for i in range(d)]
    for a in axes:
        c = _dot(v, a)
        v = [x - c * y for x, y in zip(v, a, strict=True)]
    return v


def _combined(basis: list[list[float]], weights: list[float]) -> list[float]:
    """Σ weights[j] · basis[j], made unit."""
    return _unit([_dot(column, weights) for column in zip(*basis, strict=True)])


def _signed(axis: list[float]) -> tuple[float, ...]:
    """The axis with its largest component (by size; the first of equals) positive."""
    big = max(range(len(axis)), key=lambda i: abs(axis[i])) if axis else 0
    sign = -1.0 if axis and axis[big] < 0 else 1.0
    return tuple(sign * a + 0.0 for a in axis)  # + 0.0: no -0.0


# --- the tridiagonal matrix's top eigenpairs ------------------------------------------------------------------


def _below(alphas: Sequence[float], betas: Sequence[float], x: float) -> int:
    """How many eigenvalues of the tridiagonal T (diagonal ``alphas``, off-diagonal ``betas``) are below x: the
    negative pivots of T - xI's LDLᵀ (Sturm's count)."""
    count, pivot = 0, 1.0
    for j, a in enumerate(alphas):
        pivot = a - x - (betas[j - 1] ** 2 / pivot if j else 0.0)
        if pivot == 0.0:
            pivot = -1e-300
        count += pivot < 0
    return count


def _eigenvalue(alphas: Sequence[float], betas: Sequence[float], index: int) -> float:
    """The eigenvalue of T with ``index`` below it (0: the smallest), by bisection to rounding."""
    radius = [abs(betas[j - 1]) if j else 0.0 for j in range(len(alphas))]
    radius = [r + (abs(betas[j]) if j < len(betas) else 0.0) for j, r in enumerate(radius)]
    lo = min(a - r for a, r in zip(alphas, radius, strict=True))
    hi = max(a + r for a, r in zip(alphas, radius, strict=True))
    for _ in range(200):
        mid = (lo + hi) / 2
        if mid in (lo, hi):
            break
        if _below(alphas, betas, mid) > index:
            hi = mid
        else:
            lo = mid
    return (lo + hi) / 2


def _solve(alphas: Sequence[float], betas: Sequence[float], shift: float, b: list[float]) -> list[float]:
    """x with (T - shift I) x = b, by Gaussian elimination with partial pivoting on the tridiagonal."""
    k = len(alphas)
    # rows as (left, diagonal, right, right of right), eliminated top to bottom
    diag = [a - shift for a in alphas]
    upper = list(betas) + [0.0]
    lower = [0.0, *betas]
    u2 = [0.0] * k
    rhs = list(b)
    for j in range(k - 1):
        below = lower[j + 1]
        if abs(below) > abs(diag[j]):  # swap rows j and j+1
            diag[j], below = below, diag[j]
            upper[j], diag[j + 1] = diag[j + 1], upper[j]
            u2[j], upper[j + 1] = upper[j + 1], 0.0
            rhs[j], rhs[j + 1] = rhs[j + 1], rhs[j]
        if diag[j] == 0.0:
            diag[j] = 1e-300
        m = below / diag[j]
        diag[j + 1] -= m * upper[j]
        upper[j + 1] -= m * u2[j]
        rhs[j + 1] -= m * rhs[j]
    if diag[-1] == 0.0:
        diag[-1] = 1e-300
    x = [0.0] * k
    for j in range(k - 1, -1, -1):
        x[j] = (rhs[j] - (upper[j] * x[j + 1] if j + 1 < k else 0.0) - (u2[j] * x[j + 2] if j + 2 < k else 0.0)) / diag[
            j
        ]
    return x


def _top_pairs(alphas: Sequence[float], betas: Sequence[float], count: int) -> list[tuple[float, list[float]]]:
    """T's ``count`` largest eigenvalues with their unit eigenvectors, largest first (inverse iteration; an
    eigenvector is kept orthogonal to the ones before it, for eigenvalues close together)."""
    k = len(alphas)
    out: list[tuple[float, list[float]]] = []
    for index in range(k - 1, k - 1 - count, -1):
        value = _eigenvalue(alphas, betas, index)
        shift = value + 1e-14 * max(abs(value), 1e-300)
        x = [1.0 / math.sqrt(k)] * k
        for _ in range(3):
            x = _solve(alphas, betas, shift, x)
            for _, before in out:
                c = _dot(x, before)
                x = [a - c * b for a, b in zip(x, before, strict=True)]
            x = _unit(x)
        out.append((value, x))
    return out


# --- the products with the covariance -------------------------------------------------------------------------


class _PlainProducts:
    """C v = Xcᵀ (Xc v) / n in plain Python, a yield every ROWS_A_YIELD rows; Xc v = X v - (mean · v)."""

    def __init__(self, vectors: Sequence[Vector]):
        self.rows = [list(map(float, v)) for v in vectors]
        n = len(self.rows)
        self.columns = [list(c) for c in zip(*self.rows, strict=True)] if n else []
        self.mean = [sum(c) / n for c in self.columns]

    def total(self) -> float:
        """The trace of C: the mean squared distance from the mean."""
        n = len(self.rows)
        return sum(_dot(r, r) for r in self.rows) / n - _dot(self.mean, self.mean) if n else 0.0

    def times(self, v: list[float]):
        shift = _dot(self.mean, v)
        xv: list[float] = []
        for start in range(0, len(self.rows), ROWS_A_YIELD):
            xv += [_dot(r, v) - shift for r in self.rows[start : start + ROWS_A_YIELD]]
            yield -1
        n, total = len(self.rows), sum(xv)
        return [(_dot(c, xv) - m * total) / n for c, m in zip(self.columns, self.mean, strict=True)]


class _NumpyProducts:
    """The same product with numpy."""

    def __init__(self, numpy, vectors: Sequence[Vector]):
        self.np = numpy
        matrix = (
            vectors.matrix(numpy)
            if isinstance(vectors, PassageVectors)
            else numpy.asarray(vectors, dtype=numpy.float64)
        )
        self.centred = matrix - matrix.mean(axis=0)
        self.mean = matrix.mean(axis=0).tolist()

    def total(self) -> float:
        return float((self.centred * self.centred).sum() / len(self.centred))

    def times(self, v: list[float]):
        if False:  # a generator like the plain one, with no pause: numpy's product is one call
            yield -1
        return (self.centred.T @ (self.centred @ self.np.asarray(v)) / len(self.centred)).tolist()


__all__ = ["Axes", "MAX_STEPS", "SAMPLE", "TOLERANCE", "axes_steps", "principal_axes"]

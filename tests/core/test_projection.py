"""The meaning map's flat picture: the first two principal components, the same with numpy and in plain Python, and
equal to numpy's exact eigendecomposition (raglab.search.projection), and the map drawn on it (raglab.meaning_map)."""

import math
import random

import numpy as np
import pytest

from raglab.meaning_map import meaning_map
from raglab.search.projection import axes_steps, principal_axes
from raglab.search.vectors import rank_by_similarity


def unit_rows(n: int, d: int, seed: int) -> list[list[float]]:
    """Vectors spread unevenly over the directions, as a model's are, made unit."""
    rng = random.Random(seed)
    rows = [[rng.gauss(0, 1) / (1 + j) ** 0.5 for j in range(d)] for _ in range(n)]
    return [[x / math.sqrt(sum(v * v for v in row)) for x in row] for row in rows]


def exact_axes(rows):
    matrix = np.asarray(rows)
    values, vectors = np.linalg.eigh(np.cov(matrix.T, bias=True))
    return values[::-1][:2], vectors[:, ::-1][:, :2].T


@pytest.mark.parametrize(("n", "d"), [(32, 48), (300, 24), (7, 16)])
def test_the_axes_are_the_top_two_principal_components(n, d):
    rows = unit_rows(n, d, seed=n)
    values, vectors = exact_axes(rows)
    for use_numpy in (False, True):
        axes = principal_axes(rows, use_numpy=use_numpy)
        assert axes.variance == pytest.approx(tuple(values), rel=1e-9)
        for got, want in zip(axes.axes, vectors, strict=True):
            assert min(np.abs(np.asarray(got) - want).max(), np.abs(np.asarray(got) + want).max()) < 1e-7
        assert axes.total == pytest.approx(np.trace(np.cov(np.asarray(rows).T, bias=True)), rel=1e-12)


def test_numpy_and_plain_python_draw_the_same_picture():
    rows = unit_rows(200, 32, seed=3)
    plain, fast = principal_axes(rows, use_numpy=False), principal_axes(rows, use_numpy=True)
    assert plain.steps == fast.steps
    for a, b in zip(plain.axes, fast.axes, strict=True):
        assert max(abs(x - y) for x, y in zip(a, b, strict=True)) < 1e-10
    assert plain.project(rows[5]) == pytest.approx(fast.project(rows[5]), abs=1e-10)


def test_each_axis_has_its_largest_component_positive_and_the_picture_is_the_same_every_time():
    rows = unit_rows(50, 20, seed=9)
    axes = principal_axes(rows, use_numpy=False)
    for axis in axes.axes:
        assert max(axis, key=abs) > 0
    assert principal_axes(rows, use_numpy=False) == axes


def test_the_work_comes_in_steps():
    rows = unit_rows(600, 24, seed=1)
    steps = axes_steps(rows, use_numpy=False)
    yielded = 0
    try:
        while True:
            next(steps)
            yielded += 1
    except StopIteration as end:
        axes = end.value
    assert yielded > axes.steps  # between Lanczos steps and within a step's products
    assert axes == principal_axes(rows, use_numpy=False)


def test_over_the_sample_the_axes_come_from_every_kth_passage(monkeypatch):
    from raglab.search import projection

    rows = unit_rows(250, 12, seed=4)
    monkeypatch.setattr(projection, "SAMPLE", 100)
    assert principal_axes(rows, use_numpy=False) == principal_axes(rows[::3], use_numpy=False)


def test_too_few_points_for_a_spread_sit_at_the_centre():
    one = principal_axes([[0.6, 0.8, 0.0]], use_numpy=False)
    assert one.variance == (0.0, 0.0) and one.project([0.6, 0.8, 0.0]) == (0.0, 0.0)
    same = principal_axes([[1.0, 0.0, 0.0]] * 4, use_numpy=False)
    assert same.variance == (0.0, 0.0) and same.share == 1.0
    line = principal_axes([[1.0, 0.0, 0.0], [-1.0, 0.0, 0.0]], use_numpy=False)
    assert line.variance == pytest.approx((1.0, 0.0), abs=1e-12)
    assert sum(a * b for a, b in zip(*line.axes, strict=True)) == pytest.approx(0.0, abs=1e-12)


def test_a_map_joins_each_text_to_its_nearest_passages_by_cosine_whatever_the_picture(lab, embed):
    texts = [("your question", "When can I meet the man who taught Mira to bake?"), ("rewrite 1", "baker Mira teacher")]
    drawn = meaning_map(lab, embed, texts)
    vectors = lab.vectors(embed)
    assert [p.id for p in drawn.points] == [c.id for c in lab.chunks()]
    for probe, vector in zip(drawn.probes, embed([t for _, t in texts]), strict=True):
        want = [lab.chunks()[i].id for i, _ in rank_by_similarity(vector, vectors, 3)]
        assert [n.id for n in probe.nearest] == want
        by_picture = sorted(drawn.points, key=lambda p: math.dist((probe.x, probe.y), (p.x, p.y)))
        assert list(probe.drawn) == [p.id for p in by_picture[:3]]
        assert probe.kept == len(set(want) & set(probe.drawn))
    with pytest.raises(StopIteration):  # the axes are kept: a second map finds them at once, with no step
        next(lab.axes_steps(embed))
    assert meaning_map(lab, embed, texts) == drawn

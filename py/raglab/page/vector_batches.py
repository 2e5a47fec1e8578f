"""How the visitor's passages go to the embedding model: longest first, in batches sized so the bar moves every few
seconds, and the time left. The page's glue (web/my_vectors.py) sends them; the rules are here, tested in CPython.

A passage's *work* is its length in characters up to where the model stops reading (READ_CHARACTERS), and a batch
costs the sum of its passages' work: the worker runs the model on one passage at a time, so that a vector depends
on its passage alone (raglab.models.onnx_embed).

>>> items = passages_by_size({"a": "x" * 200, "b": "x" * 2000, "c": "x" * 50})
>>> [key for key, _ in items], batch_work(items[:2])
(['b', 'a', 'c'], 1325)
>>> next_batch_size(items, 0, None)  # no rate yet: one passage, the longest, so the first estimate comes soon
1
>>> next_batch_size([("k", "x" * 1125)] * 100, 8, seconds_per_work=0.0001)  # 1,125 x 0.0001 s a passage: 13 in 1.5 s
13
"""

from __future__ import annotations

from collections.abc import Sequence

# The model reads at most 256 tokens of a passage; SciFact's abstracts reach the 256th at 1,125 characters (median;
# see bench/README.md), and the rest of a longer passage costs nothing.
READ_CHARACTERS = 1125
# The first batch: one passage, the longest, so the first estimate of the time left (a measured rate) comes within
# seconds of the click: a first batch of 8 of a manual's longest passages takes many seconds on a busy device's
# WebAssembly, one takes about an eighth of that (bench/README.md, "Timings the core relies on"). The worker measures
# WebGPU against WebAssembly on the first batch of at least 8 (worker.js MEASURE_AT), a later one.
FIRST_BATCH = 1
# Later batches take about STEP_SECONDS at the rate the last batch measured: the bar moves every few seconds (the
# goal: at least every 3 s, with room for a rate that slows by half under load), and Cancel waits for at most one
# batch. No batch is larger than LARGEST_BATCH (larger batches are no faster on WebAssembly, so a smaller batch
# costs little: bench/README.md, "Timings the page's glue relies on").
STEP_SECONDS = 1.5
LARGEST_BATCH = 32


def work(text: str) -> int:
    """A passage's share of the model's work: ``work("ferry")`` is 5, and a 4,000-character abstract counts as
    1,125, like every abstract cut at 256 tokens (the worker's time grows in step: bench/README.md).

    >>> work("ferry"), work("x" * 4000)
    (5, 1125)
    """
    return min(len(text), READ_CHARACTERS)


def passages_by_size(todo: dict[str, str]) -> list[tuple[str, str]]:
    """The passages longest first (ties in document order): the first batches are the slowest, so the time left
    starts high, not low.

    >>> passages_by_size({"a": "ferry", "b": "lighthouse", "c": "bread"})
    [('b', 'lighthouse'), ('a', 'ferry'), ('c', 'bread')]
    """
    return sorted(todo.items(), key=lambda item: -len(item[1]))


def batch_work(batch: Sequence[tuple[str, str]]) -> int:
    """What a batch costs the model: the sum of its passages' work (each is a model run of its own)."""
    return sum(work(text) for _, text in batch)


def next_batch_size(
    items: Sequence[tuple[str, str]], start: int, seconds_per_work: float | None, measure_at: int = 0
) -> int:
    """How many passages from ``items[start]`` go in the next batch: FIRST_BATCH before any rate is known, then as
    many as take about STEP_SECONDS at ``seconds_per_work`` (the last batch's), from 1 to LARGEST_BATCH. While the
    worker has still to measure WebGPU against WebAssembly, it does so on a batch of at least ``measure_at``
    passages (worker.js MEASURE_AT): the batch after the first is that large, however slow the device, or a device
    whose batches stay small would never be measured.

    >>> slow = [("k", "x" * 1125)] * 100
    >>> next_batch_size(slow, 1, 0.002, measure_at=8), next_batch_size(slow, 1, 1e-9, measure_at=8)
    (8, 32)
    >>> next_batch_size(slow, 0, None, measure_at=8), next_batch_size(slow, 96, 0.002, measure_at=8)  # first; 4 left
    (1, 4)
    >>> next_batch_size(slow, 0, None), next_batch_size(slow, 1, 0.0005)  # 1,125 x 0.0005 s a passage: 2 in 1.5 s
    (1, 2)
    >>> next_batch_size(slow, 8, 0.002), next_batch_size(slow, 8, 1e-9), next_batch_size(slow, 99, 1e-9)
    (1, 32, 1)
    """
    left = len(items) - start
    if seconds_per_work is None:
        return min(FIRST_BATCH, left)
    per_passage = max(work(items[start][1]), 1) * seconds_per_work
    timed = int(STEP_SECONDS / per_passage) if per_passage > 0 else LARGEST_BATCH
    return min(left, max(1, measure_at, min(LARGEST_BATCH, timed)))


def seconds_left(batches: Sequence[tuple[int, int, float]], passages_left: int, work_left: int) -> float:
    """The time left, from the batches made so far, each (passages, work, seconds from its sending to the next's):
    a passage costs a time of its own (one model run, whatever its length, and its keeping) plus a time per unit of
    work, both fitted to the batches by least squares (through 0), then summed over the passages and work left.
    The passages go longest first, so a time per unit of work alone would say too little for the short passages at
    the end (bench/README.md, "Making meaning vectors"). While the batches cannot tell the two apart (one batch, or
    batches in the same proportion), or where one cost comes out below 0, the other alone is fitted.

    >>> made = [(1, 1125, 0.65), (8, 9000, 5.2), (16, 8000, 6.4)]  # 0.2 s a passage + 0.0004 s a unit: exactly
    >>> round(seconds_left(made, 100, 20000), 2)  # 100 x 0.2 + 20,000 x 0.0004
    28.0
    >>> round(seconds_left([(1, 1125, 0.45)], 10, 11250), 2)  # one batch: its time per unit of work
    4.5
    >>> seconds_left(made, 0, 0), seconds_left([], 10, 100)
    (0.0, 0.0)
    """
    if not batches:
        return 0.0
    nn = sum(n * n for n, _, _ in batches)
    nw = sum(n * w for n, w, _ in batches)
    ww = sum(w * w for _, w, _ in batches)
    nt = sum(n * t for n, _, t in batches)
    wt = sum(w * t for _, w, t in batches)
    det = nn * ww - nw * nw
    if det > 1e-9 * nn * ww:
        per_passage, per_work = (nt * ww - wt * nw) / det, (wt * nn - nt * nw) / det
        if per_passage >= 0 and per_work >= 0:
            return per_passage * passages_left + per_work * work_left
    by_work, by_passage = wt / max(ww, 1), nt / max(nn, 1)
    miss_work = sum((t - by_work * w) ** 2 for _, w, t in batches)
    miss_passage = sum((t - by_passage * n) ** 2 for n, _, t in batches)
    return by_work * work_left if miss_work <= miss_passage else by_passage * passages_left

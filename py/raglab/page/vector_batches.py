"""How the visitor's passages go to the embedding model: longest first, in batches sized so the bar moves every few
seconds, and the time left at the latest batches' rate. The page's glue (web/my_vectors.py) sends them; the rules
are here, tested in CPython.

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
# The time left is reckoned at the rate of the latest batches that make up at least RATE_SECONDS (default 30, sensible
# 15-60): long enough that one slow batch does not swing it, short enough to follow a device whose load changes within
# a run (bench/README.md, "The time left against the real time left": 10, 15, 20, 30 and 45 s measured).
RATE_SECONDS = 30.0


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


def seconds_left(batches: Sequence[tuple[int, int, float]], work_left: int) -> float:
    """The time left, from the batches made so far, each (passages, work, seconds from its sending to the next's):
    the seconds per unit of work of the latest batches that make up at least RATE_SECONDS (all of them before
    that), times the work left. The latest batches, because on a shared device the rate moves within a run; not a
    time per passage besides: fitted to the first batches (passages of about the same length) it swung the estimate
    by 2x, and it came out no closer on R's manuals or nettle's (bench/README.md, "The time left against the real
    time left").

    >>> made = [(1, 1000, 10.0), (8, 8000, 16.0), (16, 8000, 8.0), (32, 8000, 8.0)]  # 10 ms, 2 ms, 1 ms, 1 ms a unit
    >>> round(seconds_left(made, 20000), 2)  # the last 32 s: (16 + 8 + 8) s / 24,000 units, times 20,000
    26.67
    >>> round(seconds_left(made[:2], 20000), 2)  # 26 s so far, all of them: 26 s / 9,000 units, times 20,000
    57.78
    >>> seconds_left(made, 0), seconds_left([], 100)
    (0.0, 0.0)
    """
    seconds = used = 0.0
    for _, units, took in reversed(batches):
        seconds, used = seconds + took, used + units
        if seconds >= RATE_SECONDS:
            break
    return seconds / used * work_left if used else 0.0

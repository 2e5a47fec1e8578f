"""How the page asks the browser for the bytes of the files a visitor drops: in batches, one call each, instead of
one call a file (a call's round trip between Python and the browser costs more than reading a small file:
bench/README.md, "Your own documents in the page"). The page's glue (web/my_files.py) reads them; the rule is
here, tested in CPython.

>>> file_batches([3, 4, 5], limit=8)  # 3 + 4 fit under 8; 5 starts a new batch
[(0, 2), (2, 3)]
>>> file_batches([20, 1, 30, 1], limit=8, too_large=25)  # a file over the limit alone; one too large counts nothing
[(0, 1), (1, 4)]
>>> file_batches([])
[]
"""

from __future__ import annotations

from collections.abc import Sequence

from ..documents.limits import MAX_FILE_BYTES

BATCH_BYTES = 16_000_000  # the bytes asked of the browser in one call, at most (a larger file: alone)


def file_batches(
    sizes: Sequence[int], limit: int = BATCH_BYTES, too_large: int = MAX_FILE_BYTES
) -> list[tuple[int, int]]:
    """(start, end) of the runs of files, in order, whose sizes together stay within ``limit``: a file larger than
    ``limit`` alone. A file over ``too_large`` is never read (its size is said instead), so it counts nothing."""
    runs: list[tuple[int, int]] = []
    start, held = 0, 0
    for i, size in enumerate(sizes):
        size = size if size <= too_large else 0
        if i > start and held + size > limit:
            runs.append((start, i))
            start, held = i, 0
        held += size
    return [*runs, (start, len(sizes))] if sizes else runs

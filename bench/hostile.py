"""Hostile text in CPython: each reader's time on a long run of one mark, at n and 4n characters, interleaved; the
ratio is 4 when the time grows linearly with the text (a pattern that reads a run once from each of its marks gives
16). Issue 24's rows: 100,000 full stops took 40 s for 2 words; 100,000 "[" in Markdown 2 minutes.

    .venv/bin/python -m bench.hostile [--size 100000] [--rounds 3] [--smoke]

Prints, for each reader, the mark it is slowest on (at 4n) with that mark's ratio, and the machine's load (a ratio
of times under a millisecond is noise; the slowest mark's is the one that says how time grows).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from raglab.documents.markup import html_text, markdown_text
from raglab.documents.readers import read_file
from raglab.documents.text import paragraphs, split_sentences

# Every punctuation mark, bracket, markup character and space a reader treats specially (tests/core/test_hostile_text.py
# feeds each, 100,000 long, to every reader).
MARKS = [
    ".",
    "!",
    "?",
    "[",
    "]",
    "(",
    ")",
    "<",
    ">",
    "<!--",
    "-->",
    "<a ",
    "</",
    "[a](",
    "![",
    "#",
    "-",
    "*",
    "`",
    "_",
    "=",
    '"',
    "“",
    "'",
    ":",
    ";",
    "\\",
    "&",
    " ",
    "\n",
    "\t",
    "\r\n",
    "e.g. ",
    "A. ",
    "Dr. ",
]
READERS = {
    "sentences": split_sentences,
    "paragraphs": paragraphs,
    "markdown": markdown_text,
    "html": html_text,
    "a .md file": lambda text: read_file("notes.md", text.encode()),
}


def timed(read, text: str) -> float:
    started = time.perf_counter()
    read(text)
    return time.perf_counter() - started


def growth(read, mark: str, size: int, rounds: int) -> tuple[float, float]:
    """(median time at 4 * size / median time at size, median time at 4 * size), A B A B."""
    small, large = [], []
    texts = ["Boats sail. " + mark * (n // len(mark)) for n in (size, 4 * size)]
    for _ in range(rounds):
        small.append(timed(read, texts[0]))
        large.append(timed(read, texts[1]))
    return statistics.median(large) / max(statistics.median(small), 1e-6), statistics.median(large)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=100_000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--smoke", action="store_true", help="a few marks, small texts, one round")
    args = parser.parse_args(argv)
    size, rounds, marks = (2_000, 1, MARKS[:4]) if args.smoke else (args.size, args.rounds, MARKS)
    print(f"load before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"{'reader':<12} {'slowest mark':>12} {'time at 4n':>11} {'n->4n ratio':>12}")
    for name, read in READERS.items():
        seconds, ratio, mark = max((*reversed(growth(read, mark, size, rounds)), mark) for mark in marks)
        print(f"{name:<12} {mark!r:>12} {seconds:>10.3f}s {ratio:>12.1f}")
    print(f"load after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""The benchmarks' shared command line and tables: the common flags (--dist, --rounds, --runs, --texts, --max-load,
--smoke) with what --smoke cuts them to, paired ratios against a baseline, a fixed-width table, a markdown
table's heading and the results file.

    args = cli.parse(cli.parser(__doc__, dist=True, rounds=3, texts=64), argv, rounds=1, texts=2)

>>> p = parser("A benchmark.\\nMore.", rounds=3, max_load=2.5)
>>> a = parse(p, ["--rounds", "5"], rounds=1)
>>> a.rounds, a.max_load, a.smoke
(5, 2.5, False)
>>> a = parse(p, ["--smoke"], rounds=1)
>>> a.rounds, a.max_load
(1, inf)
>>> paired([2.0, 9.0, 4.0], [1.0, 3.0, 4.0])
2.0
>>> heading("measure | ms")
['| measure | ms |', '|---|---|']
>>> print(table({"ours": {"ms": 12.5, "x": 1.0}, "theirs, a long name": {"ms": 25.0, "x": 2.0}},
...             "build ms=ms:.1f; ×ours=x:.2f", first="side"))
side                 build ms  ×ours
ours                     12.5   1.00
theirs, a long name      25.0   2.00
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
from pathlib import Path

from bench import smoke
from bench.page_runs import DEFAULT_DIST, RESULTS, ROOT

TEST_SITE = ROOT / ".cache" / "dist-test"  # `make test`'s site: the benchmarks that read its pyscript.json


def parser(
    doc: str,
    *,
    dist: Path | bool | None = None,
    rounds: int | None = None,
    runs: tuple[int, str] | None = None,
    texts: int | None = None,
    max_load: float | None = None,
) -> argparse.ArgumentParser:
    """A parser described by ``doc``'s first line, with --smoke and each common flag given a default (``dist=True``:
    bench/page_runs.py's DEFAULT_DIST; ``runs``: its default and what a run is)."""
    p = argparse.ArgumentParser(description=doc.splitlines()[0])
    if dist is not None:
        where = DEFAULT_DIST if dist is True else dist
        p.add_argument("--dist", type=Path, default=where, help=f"built site; default {where}")
    if rounds is not None:
        p.add_argument("--rounds", type=int, default=rounds, help=f"interleaved rounds; default {rounds}")
    if runs is not None:
        p.add_argument("--runs", type=int, default=runs[0], help=f"runs of each kind ({runs[1]}); default {runs[0]}")
    if texts is not None:
        p.add_argument("--texts", type=int, default=texts, help="the first N SciFact abstracts (title + text)")
    if max_load is not None:
        p.add_argument("--max-load", type=float, default=max_load, help="wait for a 1-minute load average below this")
    smoke.add_flag(p)
    return p


def parse(p: argparse.ArgumentParser, argv: list[str] | None, **smoke_values) -> argparse.Namespace:
    """``p``'s arguments; with --smoke, ``smoke_values`` in place of the flags they name, and no wait for a quiet
    machine (--max-load infinite)."""
    args = p.parse_args(argv)
    if args.smoke:
        for name, value in smoke_values.items():
            setattr(args, name, value)
        if hasattr(args, "max_load"):
            args.max_load = math.inf
    return args


def paired(values: list[float], baseline: list[float]) -> float:
    """The median of each round's ratio to the baseline's same round: a drift in the machine's load cancels out."""
    return statistics.median(v / b for v, b in zip(values, baseline, strict=True))


def table(rows: dict[str, dict], columns: str, first: str = "") -> str:
    """A row a name; ``columns`` "heading=key:format; ..." (format as in ``format()``): each column as wide as its
    heading or widest value, names to the left, figures to the right; a figure of None shows as "-"."""
    spec = [(heading, *ask.partition(":")[::2]) for heading, ask in (c.split("=") for c in columns.split("; "))]
    width = max(len(first), *map(len, rows))
    cells = {name: ["-" if r[key] is None else format(r[key], how) for _, key, how in spec] for name, r in rows.items()}
    widths = [max(len(h), *(len(c[i]) for c in cells.values())) for i, (h, _, _) in enumerate(spec)]
    lines = [f"{first:<{width}}  " + "  ".join(f"{h:>{w}}" for (h, _, _), w in zip(spec, widths, strict=True))]
    for name, c in cells.items():
        lines.append(f"{name:<{width}}  " + "  ".join(f"{v:>{w}}" for v, w in zip(c, widths, strict=True)))
    return "\n".join(line.rstrip() for line in lines)


def heading(columns: str) -> list[str]:
    """A markdown table's first two lines, its columns' headings given as "a | b"."""
    return [f"| {columns} |", "|" + "---|" * len(columns.split(" | "))]


def write(name: str, payload: dict, smoked: bool) -> None:
    """bench/results/<name>.json, the benchmark's latest figures, and where they went; a smoke run writes nothing
    and says so."""
    if smoked:
        print(smoke.NOTE)
        return
    RESULTS.mkdir(parents=True, exist_ok=True)
    path = RESULTS / f"{name}.json"
    path.write_text(json.dumps(payload, indent=2, default=float) + "\n")
    print(f"wrote {path.relative_to(ROOT)}")

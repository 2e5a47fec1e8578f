"""Every benchmark's smoke mode (issue 22): ``--smoke`` runs it on the page as built (under its CSP) on the fewest
files, one round, without waiting for a quiet machine and without writing its results file, so a benchmark that
breaks fails ``make test`` (tests/browser/test_benchmarks.py runs them all). Its figures mean nothing.

    .venv/bin/python -m bench.own_documents --smoke --dist .cache/dist-test
"""

from __future__ import annotations

import argparse
from pathlib import Path

HELP = "a few files, one round, no wait for a quiet machine, no results file: checks the benchmark still runs"
NOTE = "smoke run (--smoke): a few files, one round; these figures are not a measurement and were not saved"


def add_flag(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--smoke", action="store_true", help=HELP)


def made_pdf(path: Path, lines: list[str]) -> Path:
    """A one-page PDF of ``lines``, a line each (fpdf2, Helvetica 11 pt): a smoke run's stand-in for a real document
    on a machine without Debian's manuals."""
    from fpdf import FPDF

    pdf = FPDF(format="A4")
    pdf.add_page()
    pdf.set_font("helvetica", size=11)
    for line in lines:
        pdf.cell(w=0, h=6, text=line, new_x="LMARGIN", new_y="NEXT")
    path.write_bytes(bytes(pdf.output()))
    return path

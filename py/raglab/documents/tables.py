"""Tables as a reader takes them in: each row a block that keeps its column names, so a row is found by a question
in its header's words ("What accuracy does VCD with CosBeta reach?"), for HTML's ``<table>`` (and Word's, through
mammoth's HTML) and Markdown's pipe tables.

>>> row_text(["Setting", "Method", "Accuracy"], ["Adversarial", "VCD with CosBeta", "85.18"])
'Adversarial · Method VCD with CosBeta · Accuracy 85.18'
>>> print(markdown_tables("Results:\\n\\n| Setting | Accuracy |\\n|---|--:|\\n| Random | 87.2 |\\n| Popular | 85.1 |"))
Results:
<BLANKLINE>
Random · Accuracy 87.2
<BLANKLINE>
Popular · Accuracy 85.1
<BLANKLINE>
"""

from __future__ import annotations

import re

CELL_SEPARATOR = " · "  # between the cells of a row, as the passage shows them
_RULE_CELL = re.compile(r":?-+:?")  # a cell of a Markdown table's header rule: "---", ":--", "--:"


def row_text(names: list[str], cells: list[str]) -> str:
    """A row as one block: its first cell as it is (the row's own label), every other cell after its column's name
    (a number means nothing without it), empty cells left out; a cell that already starts with its column's name
    is not named twice."""
    out = []
    for n, cell in enumerate(cells):
        name = names[n] if n < len(names) else ""
        if not cell:
            continue
        named = n > 0 and name and not cell.lower().startswith(name.lower())
        out.append(f"{name} {cell}" if named else cell)
    return CELL_SEPARATOR.join(out)


def header_row(cells: list[str], marked: bool) -> bool:
    """Whether a table's first row names its columns: marked so (HTML's ``<th>`` or ``<thead>``), or, unmarked (Word
    tables through mammoth have no ``<th>``), every cell a few words with no digit.

    >>> header_row(["Setting", "Accuracy"], False), header_row(["Random", "87.2"], False)
    (True, False)
    """
    return marked or (
        len(cells) > 1 and all(c and len(c.split()) <= 4 and not any(ch.isdigit() for ch in c) for c in cells)
    )


def _cells(line: str) -> list[str]:
    line = line.strip()
    line = line[1:] if line.startswith("|") else line
    line = line[:-1] if line.endswith("|") and not line.endswith("\\|") else line
    return [cell.strip() for cell in re.split(r"(?<!\\)\|", line)]


def _is_rule(line: str) -> bool:
    cells = _cells(line)
    return "|" in line and all(_RULE_CELL.fullmatch(c) for c in cells)


def markdown_tables(text: str) -> str:
    """Markdown text with each pipe table (a header line of cells, a rule line "|---|---|", rows) written as its
    rows, each a block of ``row_text``; everything else as it was."""
    lines = text.splitlines()
    out: list[str] = []
    n = 0
    while n < len(lines):
        if "|" in lines[n] and n + 1 < len(lines) and _is_rule(lines[n + 1]):
            names = _cells(lines[n])
            n += 2
            while n < len(lines) and "|" in lines[n] and lines[n].strip():
                out += [row_text(names, _cells(lines[n])), ""]
                n += 1
            continue
        out.append(lines[n])
        n += 1
    return "\n".join(out) + ("\n" if text.endswith("\n") else "")

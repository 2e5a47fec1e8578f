"""Passages that follow the blocks a person sees: a paragraph, a list, a table, a code block, a slide's lines,
packed inside one section up to a word budget, never across a heading.

A document's text is blocks a blank line apart (a reader's output: ``readers``); each sentence belongs to one.
The blocks of a section become units a reader takes in at once:

- a paragraph is a unit;
- list items that follow each other are one list, with the sentence that leads into them (ending in ":");
- lines with no full stop that follow each other (table rows, code, a title page, a slide) are one unit;
- a lone label (such a run of at most ``LABEL_WORDS`` words: "Columnar", "Example") joins the unit after it, or
  the one before it at a section's end; a caption ("Figure 3: ...", "Table 2. ...") joins the unit before it.

Units are then packed in order while the passage stays within the budget and on one page (the small neighbours
of one section merged, as docling's HybridChunker merges undersized peers and Unstructured's ``chunk_by_title``
fills a chunk with whole elements; a PDF's page, a slide, is never packed with the next, so a passage's page is
where it stands, and a paragraph running on to the next page stays whole); a unit over the budget is cut between
its sentences, each piece within the budget (one sentence over it is kept whole).

>>> from raglab.documents.corpus import Document
>>> doc = Document("m", "m.md", "# Setup\\n\\nInstall it first.\\n\\nYou need:\\n\\n- a disk\\n\\n- a key\\n\\n"
...                "Columnar\\n\\nRows are stored apart. Columns too.\\n\\n# Use\\n\\nRun it.")
>>> [" ".join(doc.sentences[a:b]) for a, b in block_spans(doc, 8)]
['Install it first.', 'You need: a disk a key', 'Columnar Rows are stored apart. Columns too.', 'Run it.']
"""

from __future__ import annotations

import re
from bisect import bisect_right

from .corpus import Document

LABEL_WORDS = 4  # a run of lines with no full stop of at most this many words labels what follows it
_GAP = re.compile(r"\n[ \t]*\n")  # between two blocks
_ITEM = re.compile(r"(?:[-*+•]|\d{1,3}[.)])\s")  # a list item's mark, as the text keeps it
_CAPTION = re.compile(r"(?:Figure|Fig\.|Table|Listing|Plate)\s*\d+[.:]")
_END = (".", "!", "?", ".)", '."', ".”")


def _kind(block: str) -> str:
    """What a block is: "item" (a list item), "caption", "lead" (a sentence leading into what follows, ending in
    ":"), "text" (it ends a sentence) or "line" (no full stop: a label, a table row, a code line)."""
    if _ITEM.match(block):
        return "item"
    if _CAPTION.match(block):
        return "caption"
    if block.endswith(":"):
        return "lead"
    return "text" if block.endswith(_END) else "line"


def _units(kinds: list[str], words: list[int]) -> list[list[int]]:
    """The blocks of one section (their kinds and words) grouped into units, each a list of block indexes.

    >>> _units(["line", "text", "lead", "item", "item", "text", "caption", "line"], [1, 9, 3, 2, 2, 9, 4, 9])
    [[0, 1], [2, 3, 4], [5, 6], [7]]
    """
    units: list[list[int]] = []
    shapes: list[str] = []  # each unit's shape: "text", "list" or "lines"
    for n, kind in enumerate(kinds):
        shape = {"item": "list", "line": "lines"}.get(kind, "text")
        if units and (
            kind == "caption"
            or (kind == "item" and (shapes[-1] == "list" or kinds[units[-1][-1]] == "lead"))
            or (kind == "line" and shapes[-1] == "lines")
        ):
            units[-1].append(n)
            shapes[-1] = "list" if kind == "item" else shapes[-1]
            continue
        units.append([n])
        shapes.append(shape)
    merged: list[list[int]] = []
    waiting: list[int] = []  # a label, until the unit it labels comes
    for unit, shape in zip(units, shapes, strict=True):
        if shape == "lines" and sum(words[n] for n in unit) <= LABEL_WORDS:
            waiting += unit
            continue
        merged.append(waiting + unit)
        waiting = []
    if waiting:
        if merged:
            merged[-1] += waiting
        else:
            merged.append(waiting)
    return merged


def block_spans(doc: Document, budget: int) -> list[tuple[int, int]]:
    """Each passage as (first, past the last) sentence index: the units of each section (``_units``) packed in
    order up to ``budget`` words, a unit over it cut between its sentences.

    >>> doc = Document("m", "m.md", "One two three. Four five.\\n\\nSix seven eight nine.\\n\\nTen.")
    >>> block_spans(doc, 6), block_spans(doc, 10)
    ([(0, 2), (2, 4)], [(0, 4)])
    """
    starts, counts, pages = doc.sentence_starts, doc.sentence_words, doc.sentence_pages
    found = list(_GAP.finditer(doc.text))
    gaps, after = [m.start() for m in found], [0, *(m.end() for m in found)]
    spans: list[tuple[int, int]] = []
    for first, end in doc.section_runs:
        blocks: list[list[int]] = []  # the sentence indexes of each block of the section
        for i in range(first, end):
            block = bisect_right(gaps, starts[i])
            if not blocks or bisect_right(gaps, starts[blocks[-1][-1]]) != block:
                blocks.append([])
            blocks[-1].append(i)
        texts = [_block_text(doc.text, gaps, after, starts[b[0]]) for b in blocks]
        words = [sum(counts[i] for i in b) for b in blocks]
        start, total = first, 0
        for unit in _units([_kind(t) for t in texts], words):
            unit_first, unit_end = blocks[unit[0]][0], blocks[unit[-1]][-1] + 1
            size = sum(words[n] for n in unit)
            if start < unit_first and (total + size > budget or pages[unit_first] != pages[unit_first - 1]):
                spans.append((start, unit_first))
                start, total = unit_first, 0
            if total + size <= budget:
                total += size
                continue
            for i in range(unit_first, unit_end):  # a unit over the budget: cut between its sentences
                if start < i and total + counts[i] > budget:
                    spans.append((start, i))
                    start, total = i, 0
                total += counts[i]
        if start < end:
            spans.append((start, end))
    return spans


def _block_text(text: str, gaps: list[int], after: list[int], offset: int) -> str:
    """The whole block that holds ``offset``, its list mark included: from the gap before it to the gap after."""
    n = bisect_right(gaps, offset)
    return text[after[n] : gaps[n] if n < len(gaps) else len(text)].strip()

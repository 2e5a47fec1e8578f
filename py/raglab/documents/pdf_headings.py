"""A PDF's headings: which lines can be headings by their text and size, the level each size and number gives, and a
large heading's wrapped second line (``pdf_layout`` decides the rest from a line's neighbours)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from .pdf_lines import TextLine

HEADING_RATIO = 1.15  # a line at least this much larger than the body size can be a heading (LaTeX's and
# Texinfo's smallest headings are 1.2 times the body, a subscript-free body line varies by under 5%)
HEADING_MAX_WORDS = 12  # a longer line is text, however it is set


_NUMBER = re.compile(
    r"(?:(?:chapter|part|section|appendix)\s+)?(?:(\d+(?:\.\d+)*)|([A-Z](?:\.\d+)+)|([A-Z]|[IVX]+))"
    r"\.?\s+(?=\S)",
    re.IGNORECASE,
)
_WORDY_NUMBER = re.compile(r"(?:chapter|part|section|appendix)\s", re.IGNORECASE)


def numbering_depth(text: str) -> int:
    """The level a heading's number gives, 0 for none: "4.3 DER" 2, "4 Functions" and "Chapter 4 ..." and
    "Appendix A ..." 1, "B.2 Invoking R" 2. A bare letter or roman numeral counts only after a word such as
    "Appendix" ("A sample session" is not numbered).

    >>> [numbering_depth(t) for t in ["4.3 DER functions", "Chapter 4 Reference", "Appendix A Notes", "B.2 Windows",
    ...                               "A sample session", "Part III", "1. Make work"]]
    [2, 1, 1, 2, 0, 0, 1]
    """
    m = _NUMBER.match(text)
    if not m:
        return 0
    if m[3] and not _WORDY_NUMBER.match(text):
        return 0
    return 1 + (m[1] or m[2] or "").count(".")


_FULL_STOP = re.compile(r"(?<!\betc)(?<!\.)\.[\"'”’)\]]*$")  # "etc." and "..." are no full stops


def ends_with_full_stop(text: str) -> bool:
    """Whether a line ends a sentence with a full stop (closing quotes and brackets after it; "etc." and "..." do
    not)."""
    return bool(_FULL_STOP.search(text))


def heading_shape(text: str, size: float, body: float) -> bool:
    """Whether a line can be a heading by its text and size (its neighbours decide the rest, see ``_page_text``):
    larger than the body (``HEADING_RATIO``) or numbered ("4.3 ...", "Chapter 4 ..."), at most
    ``HEADING_MAX_WORDS`` words, starting with a capital or a number, not ending with a full stop, a comma or a
    colon (a label: "Major contributors:"), and not numbers alone (a question is a heading: a FAQ's are).

    >>> [heading_shape(t, s, 10) for t, s in [("4.3 DER functions", 10), ("Ferries", 14), ("Ferries", 10),
    ...  ("It leaves at 8.", 14), ("42", 14), ("and the R Core Team", 14), ("1.8 R commands, case, etc.", 10),
    ...  ("2.1 What is R?", 14), ("52.00 111.0 830 5", 10)]]
    [True, True, False, False, False, False, True, True, False]
    """
    words = text.split()
    if not words or len(words) > HEADING_MAX_WORDS or not (text[0].isupper() or text[0].isdigit()):
        return False
    if _FULL_STOP.search(text) or text.endswith((",", ":")) or all(not c.isalpha() for c in text):
        return False
    return size >= body * HEADING_RATIO or (numbering_depth(text) > 0 and len(words) > 1 and numbered_body(text))


def numbered_body(text: str) -> bool:
    """A body-size line is a heading only with a section number of two or more parts or a word such as "Chapter"
    before it, and a title in capitals after it, so a list item ("1. Make work ...") or a table row ("52.00
    111.0 830") stays text."""
    m = _NUMBER.match(text)
    return bool(
        m and (_WORDY_NUMBER.match(text) or (m[1] and "." in m[1].strip(".")) or m[2]) and text[m.end()].isupper()
    )


def heading_levels(lines: Sequence[TextLine], body: float) -> dict[float, int]:
    """The heading level of each heading size: the numbering depth most of that size's numbered headings have;
    a size without numbered headings takes the level after the next larger size's (the largest: 1). Levels never
    go past 6.

    >>> heading_levels([TextLine("Guide", 0, 0, 20), TextLine("1 Ferries", 0, 0, 17), TextLine("1.1 Fares", 0, 0, 14),
    ...                 TextLine("Notes", 0, 0, 12), TextLine("Body text here.", 0, 0, 10)], 10)
    {20: 1, 17: 1, 14: 2, 12: 3}
    """
    depths: dict[float, Counter[int]] = {}
    for line in lines:
        if line.size >= body * HEADING_RATIO and heading_shape(line.text, line.size, body):
            depth = numbering_depth(line.text)
            depths.setdefault(line.size, Counter())
            if depth:
                depths[line.size][depth] += 1
    levels: dict[float, int] = {}
    last = 0
    for size in sorted(depths, reverse=True):
        last = depths[size].most_common(1)[0][0] if depths[size] else last + 1
        levels[size] = min(max(last, 1), 6)
    return levels


def heading_level(line: TextLine, body: float, levels: dict[float, int], sections: frozenset[str]) -> int:
    """A line's heading level, 0 for text: 1 for a numbered section (``pdf_sections``), else its number's depth, else
    its size's level (``heading_levels``)."""
    if line.text in sections:
        return 1
    if not heading_shape(line.text, line.size, body):
        return 0
    depth = numbering_depth(line.text)
    return min(depth, 6) if depth else levels.get(line.size, 0)


def continues_heading(block: list[TextLine], line: TextLine, body: float) -> bool:
    """Whether a line is a large heading's wrapped second line: its size, close below, not numbered, the two no
    longer than a heading, and the break inside a phrase (the line starts in lower case, or the heading's first
    line ends with a short lower-case word: "... in the" "Model", not "Thomas Williams" "Version 5.4").

    >>> heading = TextLine("7.18 Why does the output depend on the", 90, 700, 14)
    >>> wrapped = TextLine("order?", 90, 684, 14)
    >>> continues_heading([heading], wrapped, 10), continues_heading([heading], TextLine("Why?", 90, 684, 14), 10)
    (True, True)
    """
    last = block[-1]
    words = last.text.split()
    return (
        len(block) == 1
        and line.size == last.size >= body * HEADING_RATIO
        and not numbering_depth(line.text)
        and not _FULL_STOP.search(line.text)
        and 0 < last.y - line.y <= 1.6 * line.size
        and len(words) + len(line.text.split()) <= HEADING_MAX_WORDS
        and (line.text[:1].islower() or (words[-1].isalpha() and words[-1].islower() and len(words[-1]) <= 4))
    )

"""Where the words of a name may run: a document's sentences, with a line break put back where a short line ended
inside one, so a title page's authors, one a line, are never read as one name (``names.py`` reads these)."""

from __future__ import annotations

import re
from bisect import bisect_left

from ..documents.corpus import Document

SHORT_LINE = 0.5  # of its block's longest line: a line shorter than this ends where its words end (a title page's
# author, a list's item), so a name never runs on across it; a wrapped line of prose fills its block's width
_BLOCK = re.compile(r"^[^\n]+(?:\n[^\n]+)+", re.MULTILINE)  # a block of several lines (no blank line between)
_NON_SPACE = re.compile(r"\S+")


def sentence_lines(doc: Document) -> list[str]:
    """A document's sentences, with a line break ("\\n") where a short line ended inside one (``SHORT_LINE``): a
    title page's authors, one a line, are three names, not one.

    >>> sentence_lines(Document("t", "T", "Fabio Fiorina\\nSimon Josefsson\\nNikos Mavrogiannopoulos\\nwrote this "
    ...                "manual in Stockholm and Paris, and Simon\\nJosefsson kept it."))
    ... # doctest: +NORMALIZE_WHITESPACE
    ['Fabio Fiorina\\nSimon Josefsson\\nNikos Mavrogiannopoulos\\nwrote this manual in Stockholm and Paris, and
      Simon Josefsson kept it.']
    """
    sentences = doc.sentences
    breaks = _short_line_ends(doc.text)
    if not breaks:  # every PDF and HTML page: a block is one line, so its sentences hold no line break
        return sentences
    starts = doc.sentence_starts
    lines = []
    for i, sentence in enumerate(sentences):
        start, until = starts[i], starts[i + 1] if i + 1 < len(starts) else len(doc.text)
        at = bisect_left(breaks, start)
        if at == len(breaks) or breaks[at] >= until:
            lines.append(sentence)
            continue
        # The sentence is the text's words from ``start`` one space apart: put back the breaks between them.
        words = [m for m, _ in zip(_NON_SPACE.finditer(doc.text, start), range(sentence.count(" ") + 1), strict=False)]
        ends = set(breaks[at : bisect_left(breaks, words[-1].start())])
        lines.append(
            words[0].group()
            + "".join(
                ("\n" if any(e in ends for e in range(a.end(), b.start())) else " ") + b.group()
                for a, b in zip(words, words[1:], strict=False)
            )
        )
    return lines


def _short_line_ends(text: str) -> list[int]:
    """Where the lines of a block that are shorter than ``SHORT_LINE`` of its longest line end, in order."""
    ends = []
    for block in _BLOCK.finditer(text):
        lines = block.group().split("\n")
        longest = max(len(line.strip()) for line in lines)
        at = block.start()
        for line in lines[:-1]:
            at += len(line)
            if len(line.strip()) < SHORT_LINE * longest:
                ends.append(at)
            at += 1
    return ends

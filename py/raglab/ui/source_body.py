"""The text of the source view as HTML, drawn in runs of blocks: each run stands alone (it needs nothing drawn
before it), so the page draws the run that holds the highlighted passage first and the others after, a few a task,
and the runs put end to end in the text's order are the whole text drawn at once.

>>> text = "# Tides\\n\\nLow tide is at 9.\\n\\nBoats keep away.\\n\\nHigh tide is at 3."
>>> at = [text.index(s) for s in ("Low", "Boats", "High")]
>>> passages = [Passage(a, a + n, f"t-{i}", None, i == 2) for i, (a, n) in enumerate(zip(at, (17, 16, 18)), 1)]
>>> body = Body(text, passages, [], [(2, 1, "Tides")])
>>> print(body.html())
<h4>Tides</h4><p><span class="psg" data-id="t-1"><span class="pid">t-1</span> Low tide is at 9.</span></p><p>\
<mark class="psg hl psg-b" data-id="t-2" id="source-here" tabindex="-1"><span class="pid">t-2</span> Boats keep \
away.</mark></p><p><span class="psg" data-id="t-3"><span class="pid">t-3</span> High tide is at 3.</span></p>
>>> runs = list(body.runs(run_chars=10))  # the passage's run first, then after and before it in turn
>>> [where for where, _ in runs]
['here', 'end', 'start']
>>> before, after = [h for w, h in runs if w == "start"], [h for w, h in runs if w == "end"]
>>> "".join([*reversed(before), runs[0][1], *after]) == body.html()
True
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from html import escape

HERE_ID = "source-here"  # the first piece of the highlighted passage: scrolled to and focused when the view opens
RUN_CHARS = 8_000  # a run of blocks is about this many characters of text (a screen or two): a task puts one in
_BLOCK = re.compile(r"[^\n]+")  # a document's blocks are its lines (blank lines only separate them)


@dataclass(frozen=True)
class Passage:
    start: int
    end: int
    id: str
    page: int | None
    lit: bool  # highlighted: it holds a sentence of the place


class Body:
    """The blocks of a text as HTML, passages and left-out lines put in where they stand. A passage may run over
    several blocks, and a block hold several passages, so each is drawn in pieces, one per block (its id on the
    first); a left-out line at a block's start stands before it, one inside a block (a page break within a
    sentence) inside it. Passages and lines are found by bisection: a 300-page manual has thousands of each.

    What a run needs from the text before it is found from its start alone: which left-out lines stood before
    it, the level of the heading before it (the view's headings go h4, h5, ... with no level skipped, found once
    for every heading), and whether the highlighted passage started before it (its first piece carries HERE_ID).
    A passage starts at a sentence, inside a block, and a heading's title is inside its own block."""

    def __init__(
        self,
        text: str,
        passages: Sequence[Passage],
        left_out: Sequence[tuple[int, str, str]],
        headings: Sequence[tuple[int, int, str]],
    ):
        self.text, self.passages, self.left_out = text, passages, left_out
        self.starts = [p.start for p in passages]
        self.bounds = sorted({o for p in passages for o in (p.start, p.end)} | {line[0] for line in left_out})
        self.left_at = [line[0] for line in left_out]  # left_out is in the text's order
        levels = {offset: level for offset, level, _ in headings}  # a heading's title offset: its level
        self.heading_starts = sorted(levels)
        in_use = sorted(set(levels.values()))
        self.levels, previous = [], 3  # the view's level of each heading, in heading_starts' order
        for offset in self.heading_starts:
            previous = min(6, 4 + in_use.index(levels[offset]), previous + 1)
            self.levels.append(previous)
        lit = [p.start for p in passages if p.lit]
        self.here_at = lit[0] if lit else None  # where the highlighted passage's first piece starts

    def html(self) -> str:
        """The whole text, drawn at once: its runs end to end."""
        return "".join(self.run(start, end) for start, end in self._forward(0))

    def runs(self, run_chars: int = RUN_CHARS) -> Iterator[tuple[str, str]]:
        """The text in runs, the highlighted passage's first (the text's start when there is none), then the next
        run after and the next before it in turn, each as (where, html): "here" (the first), "end" (goes after
        what is drawn), "start" (goes before it)."""
        text = self.text
        here = self.here_at or 0
        start = max(text.rfind("\n", 0, max(here - run_chars // 2, 0)), 0) if here else 0
        end = self._end_after(here + run_chars // 2)
        yield "here", self.run(start, end)
        after, before = self._forward(end, run_chars), self._backward(start, run_chars)
        for side in _alternate((("end", span) for span in after), (("start", span) for span in before)):
            where, (a, b) = side
            yield where, self.run(a, b)

    def _end_after(self, at: int) -> int:
        end = self.text.find("\n", at)
        return len(self.text) if end < 0 else end

    def _forward(self, start: int, run_chars: int = RUN_CHARS) -> Iterator[tuple[int, int]]:
        while start < len(self.text):
            end = self._end_after(start + run_chars)
            yield start, end
            start = end

    def _backward(self, end: int, run_chars: int = RUN_CHARS) -> Iterator[tuple[int, int]]:
        while end > 0:
            start = max(self.text.rfind("\n", 0, max(end - run_chars, 0)), 0)
            yield start, end
            end = start

    def run(self, start: int, end: int) -> str:
        """The blocks of ``text[start:end]`` (``start`` and ``end`` outside any block, or the text's ends), with the
        left-out lines that stand among them (and, in the last run, after the last block)."""
        self.next_left = bisect_right(self.left_at, self._last_mark_before(start))
        self.here = self.here_at is not None and self.here_at < start
        out = []
        for block in _BLOCK.finditer(self.text, start, end):
            a, b = block.start(), block.end()
            i = bisect_left(self.heading_starts, a)  # a heading's title starts after its "#" mark
            heading = i < len(self.heading_starts) and self.heading_starts[i] < b
            content = self.heading_starts[i] if heading else a
            out.append(self._left_out_until(content, "p"))
            pieces = self._pieces(content, b)
            if heading:
                out.append(f"<h{self.levels[i]}>{pieces}</h{self.levels[i]}>")
            elif pieces.strip():
                out.append(f"<p>{pieces}</p>")
        if end >= len(self.text):
            out.append(self._left_out_until(len(self.text), "p"))
        return "".join(out)

    def _last_mark_before(self, start: int) -> int:
        """The last place before ``start`` where the left-out lines standing there were drawn (-1: none): the block
        before it, at its content's start or its last passage bound inside."""
        end = start
        while end > 0 and self.text[end - 1] == "\n":
            end -= 1
        if end == 0:
            return -1
        first = self.text.rfind("\n", 0, end) + 1
        i = bisect_left(self.heading_starts, first)
        content = self.heading_starts[i] if i < len(self.heading_starts) and self.heading_starts[i] < end else first
        k = bisect_left(self.bounds, end) - 1
        return self.bounds[k] if k >= 0 and self.bounds[k] > content else content

    def _left_out_until(self, offset: int, tag: str) -> str:
        """The left-out lines not drawn yet that stood at or before ``offset``."""
        out = []
        while self.next_left < len(self.left_out) and self.left_out[self.next_left][0] <= offset:
            _, line, reason = self.left_out[self.next_left]
            out.append(
                f'<{tag} class="left-out"><del>{escape(line)}</del> <span class="why">(left out: '
                f"{escape(reason)})</span></{tag}>"
            )
            self.next_left += 1
        return "".join(out)

    def _pieces(self, start: int, end: int) -> str:
        cuts = [start, *self.bounds[bisect_right(self.bounds, start) : bisect_left(self.bounds, end)], end]
        out = []
        for a, b in zip(cuts, cuts[1:], strict=False):
            if a > start:
                out.append(self._left_out_until(a, "span"))
            out.append(self._piece(a, b))
        return "".join(out)

    def _piece(self, a: int, b: int) -> str:
        text = escape(self.text[a:b])
        n = bisect_right(self.starts, a) - 1
        if n < 0 or a >= self.passages[n].end:
            return text  # between passages
        p = self.passages[n]
        label = ""
        if a == p.start:
            page = f" · p. {p.page}" if p.page is not None else ""
            label = f'<span class="pid">{escape(p.id)}{page}</span> '
        here = ""
        if p.lit and not self.here:
            here, self.here = f' id="{HERE_ID}" tabindex="-1"', True
        tag, css = ("mark", "psg hl") if p.lit else ("span", "psg")
        css += " psg-b" if n % 2 else ""
        return f'<{tag} class="{css}" data-id="{escape(p.id)}"{here}>{label}{text}</{tag}>'


def _alternate(*sides: Iterator) -> Iterator:
    """One of each side in turn, then what is left of the longer."""
    going = list(sides)
    while going:
        for side in list(going):
            try:
                yield next(side)
            except StopIteration:
                going.remove(side)

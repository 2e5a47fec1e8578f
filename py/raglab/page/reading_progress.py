"""How far the reading of dropped files has gone, as the bar and the line under "Your documents" show it: the
files done, and inside a PDF its pages as each pass over them goes (pdf.js's text, then the layout's lines, the
rules over all pages, and each page's passages: ``pdf_layout.read_pages_steps``), so the bar moves during a long
PDF instead of standing empty until it is read. The page's glue (web/my_files.py) draws it; the words are here.

>>> from dataclasses import replace
>>> at = ReadingProgress(file=0, files=5, name="lvlm.pdf", share=0.5)  # half of the bytes dropped
>>> at.sentence(), at.done
('Reading 1 of 5: lvlm.pdf', 0.0)
>>> at = replace(at, pages=40, text=12)
>>> at.sentence(), round(at.done, 3)  # 12 of its 40 pages' text read: 3 x 12 of its 3 x 40 + 81 steps, of 0.5
('Reading 1 of 5: lvlm.pdf, the text of page 12 of 40', 0.09)
>>> replace(at, text=40, layout=41).sentence()
'Reading 1 of 5: lvlm.pdf, its headers, footers and headings (40 pages)'
>>> at = replace(at, text=40, layout=81)
>>> at.sentence(), at.done
('Reading 1 of 5: lvlm.pdf, the passages of page 40 of 40', 0.5)
>>> at = replace(at, file=3, name="notes.md", pages=0, text=0, layout=0, before=0.8, share=0.1)
>>> at.sentence(), at.done
('Reading 4 of 5: notes.md', 0.8)
>>> ReadingProgress(0, 0, "course.zip: 01-welcome.md").sentence()  # a zip's members are not counted before
'Reading course.zip: 01-welcome.md'
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["ReadingProgress"]

# A page's text from pdf.js counts as this many of the layout's steps: pdf.js's text of a PDF takes longer than
# its layout (bench/README.md, "Reading progress"), so a bar at one step a page would crawl through the text and
# then leap.
TEXT_STEPS = 3


@dataclass(frozen=True)
class ReadingProgress:
    """File ``file`` (from 0) of ``files``, ``name``, is being read (``files`` 0: one of a zip's members, which
    are not counted before they are read); ``before`` and ``share``: the files before it and it, as shares of the
    bytes dropped (the bar's whole is 1: a 3 MB PDF takes longer than a note, and a bar in files would stand still
    through it, then leap); for a PDF, once pdf.js has opened it, its
    ``pages``, how many have their text read (``text``) and where the layout stands (``layout``: what
    ``pdf_layout.read_pages_steps`` last yielded, ``layout_steps`` at its end)."""

    file: int
    files: int
    name: str
    pages: int = 0
    text: int = 0
    layout: int = 0
    before: float = 0.0
    share: float = 1.0

    @property
    def layout_steps(self) -> int:
        """Where ``read_pages_steps`` ends: one a page for its lines, one for the rules over every page, one a page
        for its passages' text."""
        return 2 * self.pages + 1

    @property
    def done(self) -> float:
        """The bar's value, of 1: the bytes of the files before this one, and of this one the share of its PDF
        steps done (each page's text TEXT_STEPS of them)."""
        if not self.pages:
            return self.before
        steps = (TEXT_STEPS * self.text + self.layout) / (TEXT_STEPS * self.pages + self.layout_steps)
        return self.before + self.share * steps

    def sentence(self) -> str:
        head = f"Reading {self.file + 1:,} of {self.files:,}: {self.name}" if self.files else f"Reading {self.name}"
        if not self.pages:
            return head
        if not self.layout:
            return f"{head}, the text of page {self.text:,} of {self.pages:,}"
        if self.layout <= self.pages:
            return f"{head}, the lines of page {self.layout:,} of {self.pages:,}"
        if self.layout == self.pages + 1:
            return f"{head}, its headers, footers and headings ({self.pages:,} pages)"
        return f"{head}, the passages of page {self.layout - self.pages - 1:,} of {self.pages:,}"

"""A small two-column paper as a PDF, made by the tests (fpdf2), with what a student paper brings: a title, authors
and an affiliation on lines of their own, an abstract, numbered top-level headings set in bold at little more than
the body size ("1 Introduction" ... "5 Limitations"; "3 Dataset" at the body size, as close below the paragraph
before it as a line of it), a numbered subsection, and a sentence that runs from the foot
of the left column to the top of the right one. Every line is placed by hand, so the tests know each line's text.

>>> make_paper_pdf()[:5]
b'%PDF-'
"""

from __future__ import annotations

TITLE = "Contrastive Decoding for Small Vision Models"
AUTHORS = "Ada Lovelace and Alan Turing"
PLACE = "Harbour University"
# Each page: columns, each a list of (font size, bold?, text); None is a paragraph gap. A column's lines start at
# its x, 12 pt apart for body lines (10 pt text), more before a heading.
PAGES: list[list[list]] = [
    [
        [
            (11, True, "Abstract"),
            (10, False, "We study decoding for small vision models and show that a contrast"),
            (10, False, "between two views lowers the rate of made-up objects in adversarial"),
            (10, False, "settings."),
            None,
            (11, True, "1 Introduction"),
            (10, False, "Small models describe pictures with objects that are not there. We"),
            (10, False, "ask whether decoding alone can fix this. The method works in three"),
        ],
        [
            (10, False, "steps that we describe below."),
            None,
            (11, True, "2 Method"),
            (10, False, "Each step compares the next word under two views of one picture."),
            None,
            (10, True, "2.1 Contrast weights"),
            (10, False, "A weight of one half balances the two views. Larger weights over-"),
            (10, False, "correct and hurt fluency."),
            (10, True, "3 Dataset"),
            (10, False, "We use five thousand pictures of harbours, each with a caption."),
        ],
    ],
    [
        [
            (11, True, "4 Results"),
            (10, False, "Accuracy rises from 81.2 to 85.2 in the adversarial setting. The"),
            (10, False, "gain is smaller in the random setting."),
            None,
            (11, True, "5 Limitations"),
            (10, False, "We tried only one model family. Larger models may behave otherwise."),
        ],
        [],
    ],
]
COLUMNS = (54, 316)  # the left edge of each column, in points (US Letter is 612 wide)


def make_paper_pdf() -> bytes:
    """The paper: 2 US Letter pages, the title block centred above two columns on the first."""
    from fpdf import FPDF

    pdf = FPDF(unit="pt", format="letter")
    pdf.set_auto_page_break(False)
    for number, columns in enumerate(PAGES, 1):
        pdf.add_page()
        top = 80.0
        if number == 1:
            for size, text, y in ((16, TITLE, 80), (11, AUTHORS, 104), (11, PLACE, 118)):
                pdf.set_font("Times", style="B" if size == 16 else "", size=size)
                pdf.text((612 - pdf.get_string_width(text)) / 2, y, text)
            top = 150.0
        for x, lines in zip(COLUMNS, columns, strict=True):
            y = top
            for line in lines:
                if line is None:
                    y += 6
                    continue
                size, bold, text = line
                pdf.set_font("Times", style="B" if bold else "", size=size)
                y += 16 if size > 10 else 12  # a heading at the body size, close below: a paragraph's next line
                pdf.text(x, y, text)
    return bytes(pdf.output())

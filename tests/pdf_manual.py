"""A small manual as a PDF, made by the tests (fpdf2), with what real manuals bring: a title page with no full stops
(the title, a subtitle, three authors on lines of their own), a table of contents with dot leaders, headings in
larger fonts and numbered ones, running headers with the page number, running footers, identifiers broken at line
ends, a sentence running on to the next page, and an index. Every line is placed by hand, so the tests know each
line's text and page. Shared by tests/core (the rules) and tests/browser (page against command line).

>>> make_manual_pdf()[:5]
b'%PDF-'
"""

from __future__ import annotations

TITLE = "Ferry Handbook"
# Each page: (running header and footer?, [(font size, bold?, x, text), ...]); a line's y follows the one before,
# 14 pt for body lines (11 pt text), more before a paragraph or a heading. None: a paragraph gap.
PAGES: list[tuple[bool, list]] = [
    (
        False,
        [
            (26, True, 190, TITLE),
            None,
            (14, False, 170, "A guide for crews and passengers"),
            None,
            (12, False, 250, "Ida Marsh"),
            (12, False, 252, "Tom Lund"),
            (12, False, 243, "Mira Okafor"),
        ],
    ),
    (
        False,
        [
            (18, True, 72, "Contents"),
            None,
            (11, False, 72, "1 Timetables . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . 3"),
            (11, False, 90, "1.1 Winter timetable . . . . . . . . . . . . . . . . . . . . . . . . . . . . 3"),
            (11, False, 90, "1.2 Summer timetable . . . . . . . . . . . . . . . . . . . . . . . . . . . 4"),
            (11, False, 72, "2 Fares and codes . . . . . . . . . . . . . . . . . . . . . . . . . . . . . 5"),
            (11, False, 90, "2.1 Error codes . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . 5"),
            (11, False, 72, "Index . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . 7"),
        ],
    ),
    (
        True,
        [
            (18, True, 72, "1 Timetables"),
            None,
            (11, False, 72, "The ferry crosses to Millbay every hour. Crossings are planned by the harbour man-"),
            (11, False, 72, "agement team, which answers questions at the pier."),
            None,
            (14, True, 72, "1.1 Winter timetable"),
            None,
            (11, False, 72, "In winter the first ferry leaves at 8:00. The last one leaves at 18:00, and on"),
            (11, False, 72, "stormy days a notice at the pier says which crossings run."),
            None,
            (11, False, 72, "The timetable is kept by the update-mime-"),
            (11, False, 72, "database tool, as every update-mime-database run shows."),
        ],
    ),
    (
        True,
        [
            (11, True, 72, "1.2 Summer timetable"),
            None,
            (11, False, 72, "In summer the ferry runs every half hour. Bikes ride free, and dogs ride on the open"),
            (11, False, 72, "deck. The crossing takes 40 minutes and the ferry carries 200 people. The crew counts"),
        ],
    ),
    (
        True,
        [
            (11, False, 72, "them at the gangway."),
            None,
            (18, True, 72, "2 Fares and codes"),
            None,
            (11, False, 72, "A single crossing costs 6 coins; a return costs 10 coins. Children under 12 ride free."),
            None,
            (14, True, 72, "2.1 Error codes"),
            None,
            (11, False, 72, "A ticket machine that cannot read a card shows ASN1_"),
            (11, False, 72, "SYNTAX_ERROR on its screen. A missing ELE-"),
            (11, False, 72, "MENT in the card's data shows the same code."),
        ],
    ),
    (
        True,
        [
            (14, True, 72, "Notes"),
            None,
            (11, False, 72, "Lost tickets are replaced at the pier office. The office opens at 7:30."),
        ],
    ),
    (
        False,
        [
            (18, True, 72, "Index"),
            None,
            (11, False, 72, "ASN1_SYNTAX_ERROR, 5"),
            (11, False, 72, "bikes, 4"),
            (11, False, 72, "fares, 5"),
            (11, False, 72, "timetable, 3, 4"),
            (11, False, 72, "winter . . . . . . . . . . . . . . . . 3"),
        ],
    ),
]


def make_manual_pdf() -> bytes:
    """The manual: 7 US Letter pages (612 x 792 pt). Pages 3-6 carry a running header ("Ferry Handbook" and the
    page number) and a running footer ("Harbour Press") with the page number alone below it."""
    from fpdf import FPDF

    pdf = FPDF(unit="pt", format="letter")
    pdf.set_auto_page_break(False)
    for number, (furnished, lines) in enumerate(PAGES, 1):
        pdf.add_page()
        if furnished:
            pdf.set_font("Helvetica", size=9)
            pdf.text(72, 40, f"{TITLE} {number}")
            pdf.text(72, 750, "Harbour Press")
            pdf.text(300, 766, str(number))
        y = 110.0
        for line in lines:
            if line is None:
                y += 10
                continue
            size, bold, x, text = line
            pdf.set_font("Helvetica", style="B" if bold else "", size=size)
            y += max(14.0, size * 1.3)
            pdf.text(x, y, text)
    return bytes(pdf.output())

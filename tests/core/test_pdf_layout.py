"""A PDF read as a person reads it: positioned text items become lines, blocks and headings, and page furniture
(running headers and footers, page numbers, tables of contents, indexes) is left out with its reason, by the same
rules whichever reader gave the items. Items are written here by hand, in the two readers' shapes: pdf.js measures
each item's width and leaves some word gaps bare; pypdf gives pieces already spaced, without widths."""

from __future__ import annotations

import weakref

import pytest
from tests.pdf_manual import make_manual_pdf

from raglab.documents.pdf_furniture import header_key, line_numbers, listing_lines, running_lines
from raglab.documents.pdf_headings import numbering_depth
from raglab.documents.pdf_layout import read_pages, read_pages_steps
from raglab.documents.pdf_lines import ITEMS_A_STEP, Item, Page, TextLine, line_text, page_lines, text_lines
from raglab.documents.pdf_reader import pypdf_pages
from raglab.documents.pdf_words import join_lines, word_counts

BOX = (0.0, 0.0, 612.0, 792.0)


def body(*texts: str, top: float = 650, x: float = 72, size: float = 10, pitch: float = 12) -> list[Item]:
    """Lines of body text, one item each, ``pitch`` points apart from ``top`` down."""
    return [Item(text, x, top - pitch * n, size) for n, text in enumerate(texts)]


def furnished(number: int, *items: Item) -> Page:
    """A page with a running header ("Ferry Guide" and its number) and a lone page number at the foot."""
    return Page((Item(f"Ferry Guide {number}", 72, 750, 9), *items, Item(str(number), 300, 40, 9)), BOX)


# --- Items to lines ------------------------------------------------------------------------------------------------


def test_both_readers_items_make_the_same_lines():
    """Intent: pdf.js's items (widths, a bare gap where a word ends, a narrow " " item for TeX's italic correction)
    and pypdf's (pieces spaced by pypdf, no widths) make the same line text."""
    pdfjs = Page(
        (
            Item("missing and cannot be converted.", 111.6, 291, 10.91, 162.96),
            Item("If all of these fail, the “", 286.42, 291, 10.91, 120.0),
            Item("Brown Book", 406.42, 291, 10.91, 57.88),
            Item(" ", 464.3, 291, 10.91, 1.17),
            Item("”, is read.", 465.47, 291, 10.91, 40.0),
        ),
        BOX,
    )
    pypdf = Page(
        (
            Item("missing and cannot be converted.", 111.6, 291, 10.91),
            Item(" If all of these fail, the “", 286.42, 291, 10.91),
            Item("Brown Book", 406.42, 291, 10.91),
            Item("”, is read.\n", 465.47, 291, 10.91),
        ),
        BOX,
    )
    expected = [
        TextLine("missing and cannot be converted. If all of these fail, the “Brown Book”, is read.", 111.6, 291, 10.91)
    ]
    assert page_lines(pdfjs) == page_lines(pypdf) == expected


def test_a_superscript_stays_in_its_line_and_a_new_baseline_starts_one():
    page = Page((Item("lost", 72, 700, 10, 18), Item("2", 90.2, 704, 7, 3.5), Item("So", 72, 688, 10, 11)), BOX)
    assert [(line.text, line.y, line.size) for line in page_lines(page)] == [("lost2", 700, 10), ("So", 688, 10)]


@pytest.mark.parametrize(
    ("raw", "read"),
    [
        ("The ﬁrst  ferry", "The first ferry"),  # NFKC: a ligature as its letters
        ("ride\u00adfree", "ridefree"),  # a soft hyphen is no character
        ("Br ̈oker", "Bröker"),  # TeX's accent before its letter
        ("Copyright c© 1990", "Copyright © 1990"),  # TeX's circled c
        ("1.1 The R environment.............2", "1.1 The R environment . . . . 2"),  # leaders, as pypdf gives them
        ("5.1 Which packages exist?. . . . . . . 21", "5.1 Which packages exist? . . . . 21"),  # ... and as pdf.js does
        ("2 Simple manipulations . . 8", "2 Simple manipulations . . . . 8"),  # a short leader before a page number
        ("Access, . . . ) and 1, . . ., 9", "Access, ...) and 1, ..., 9"),  # TeX's ellipsis, spaced or not
    ],
)
def test_line_text_is_what_both_readers_agree_on(raw, read):
    assert line_text(raw) == read


def test_from_arrays_reads_the_bytes_of_a_float64array():
    """Intent: the page hands pdf.js's numbers over as one Float64Array (its bytes, in Python)."""
    from array import array

    numbers = array("d", [10, 0, 0, 10, 72, 700, 9.4, 0, 10, -10, 0, 50, 50, 8])
    page = Page.from_arrays(["Hi", "axis"], memoryview(numbers.tobytes()), [0, 0, 612, 792])
    assert page == Page((Item("Hi", 72.0, 700.0, 10.0, 9.4), Item("axis", 50.0, -50.0, 10.0, 8.0, 90)), BOX)


def test_a_page_reads_in_the_turn_of_most_of_its_text():
    """Intent: a figure's axis label turned on an upright page is left to the figure; a table turned on its page
    (landscape) is read, its lines in its own frame."""
    upright = Page((*body("The text of the page."), Item("Theoretical Quantiles", 60, 300, 8, turn=90)), BOX)
    assert read_pages([upright])[0].text == "The text of the page."
    landscape = Page(
        tuple(Item(text, 100, -50 - 12 * n, 10, turn=90) for n, text in enumerate(["Row one runs", "on here."])), BOX
    )
    assert read_pages([landscape])[0].text == "Row one runs on here."


# --- Page furniture ------------------------------------------------------------------------------------------------


def test_running_headers_and_page_numbers_are_left_out_with_their_reasons():
    pages = [furnished(n, *body(f"Page {n} tells of the ferry.", "It leaves hourly.")) for n in range(1, 5)]
    read = read_pages(pages)
    assert [page.text for page in read] == [f"Page {n} tells of the ferry. It leaves hourly." for n in range(1, 5)]
    assert read[0].left_out == ((0, "Ferry Guide 1", "running header, on 4 of 4 pages"), (44, "1", "page number"))


def test_a_chapter_header_on_one_page_is_found_where_the_others_stand():
    """Intent: a two-page chapter has its header on one page only; it stands where the other headers stand."""
    headers = ["Chapter 1: Ferries 1", "Chapter 1: Ferries 2", "Chapter 1: Ferries 3", "Chapter 2: Fares 4"]
    pages = [Page((Item(header, 72, 750, 9), *body("Text.", "More text.")), BOX) for header in headers]
    assert read_pages(pages)[3].left_out == (
        (0, "Chapter 2: Fares 4", "running header, where the running headers of 3 other pages stand"),
    )


def test_a_line_repeated_at_the_foot_of_a_few_pages_is_text():
    """Intent: "Syntax:" ends 3 of 20 pages (its code follows on the next page): it is text, not a footer."""
    pages = [Page(tuple(body(f"Line {n} of the text.", "Syntax:", top=100, pitch=40)), BOX) for n in range(3)]
    pages += [Page(tuple(body(f"Line {n}.", "Another line.")), BOX) for n in range(17)]
    read = read_pages(pages)
    assert all(page.left_out == () for page in read)
    assert read[0].text == "Line 0 of the text.\n\nSyntax:"


def test_a_large_title_atop_its_page_is_a_heading_not_a_header():
    pages = [Page((Item(f"Part {p}", 72, 740, 14), *body(f"Text of part {p}.", top=600)), BOX) for p in "ABC"]
    assert [page.text for page in read_pages(pages)] == [f"# Part {p}\n\nText of part {p}." for p in "ABC"]


def test_header_key_lets_the_page_number_change():
    assert header_key("Chapter 4: Function reference 16") == header_key("Chapter 4: Function reference 17")
    assert header_key("xii Contents") == header_key("xiii Contents") == "# contents"


def test_a_table_of_contents_page_is_left_out():
    toc = Page(
        (
            Item("Contents", 72, 700, 18),
            *body(
                "1 Ferries . . . . . . . . 3", "1.1 Fares . . . . . 3", "2 Tides 5", "Index . . . . . . . 9", top=670
            ),
        ),
        BOX,
    )
    text = Page(tuple(body("The ferry leaves at 8:00.")), BOX)
    read = read_pages([toc, text])
    assert read[0].text == ""
    assert read[0].left_out == tuple(
        (0, line, "table of contents")
        for line in ["Contents", "1 Ferries . . . . 3", "1.1 Fares . . . . 3", "2 Tides 5", "Index . . . . 9"]
    )


def test_an_index_page_and_its_continuation_are_left_out():
    first = Page(
        (
            Item("Index", 72, 700, 18),
            *body("abs, 12, 40", "acf . . . . . 14", "anova, 58, 60", "aov . . . . 59", "array . . . . . 22", top=670),
        ),
        BOX,
    )
    second = Page(tuple(body("attach, 31", "attr, 15", "Bikes, 4")), BOX)
    read = read_pages([first, second])
    assert [page.text for page in read] == ["", ""]
    assert {reason for page in read for _, _, reason in page.left_out} == {"index"}
    assert len(read[1].left_out) == 3


def test_a_leader_line_among_text_is_left_out_alone():
    lines = [
        TextLine("The chapters are:", 72, 700, 10),
        TextLine("Ferries . . . . 3", 72, 688, 10),
        TextLine("Ferries leave hourly.", 72, 676, 10),
    ]
    assert listing_lines([lines], {}) == {(0, 1): "table of contents"}


def test_running_lines_look_only_near_the_edges():
    lines = [TextLine("Guide 1", 72, 760, 9), TextLine("12", 72, 500, 10), TextLine("Body text.", 72, 480, 10)]
    assert running_lines([lines], [BOX], 11.5) == {}  # one page: nothing repeats; "12" stands mid-page


# --- Line numbers in the margin ------------------------------------------------------------------------------------


def numbered(lines: list[list[Item]], first: int = 291) -> Page:
    """A page of AASTeX's manuscript lines (sample631.pdf): each line's items, then its line number, drawn after
    them but standing left of them on their baseline (4.98 pt, ending 10 pt left of the 9.96 pt text); pypdf
    follows the number with a "\n" of its own."""
    items: list[Item] = []
    for number, line in enumerate(lines, first):
        y, pdfjs = line[0].y, line[0].width is not None
        items += [*line, Item(str(number), 20.88, y, 4.98, 7.94 if pdfjs else None)]
        items += [] if pdfjs else [Item("\n", 20.88, y, 9.96)]
    return Page(tuple(items), BOX)


def both_readers(*lines: list[tuple[str, float, float, float, float]]) -> list[Page]:
    """The same lines as pdf.js gives them (each piece's width, word gaps bare) and as pypdf does (no widths, a
    piece after a gap starting with its space): each line a list of (text, x, y, size, width)."""
    pdfjs = [[Item(text, x, y, size, width) for text, x, y, size, width in line] for line in lines]
    pypdf = [
        [
            Item((" " if n and x - (line[n - 1][1] + line[n - 1][4]) > 1 else "") + text, x, y, size)
            for n, (text, x, y, size, _) in enumerate(line)
        ]
        for line in lines
    ]
    return [numbered(pdfjs), numbered(pypdf)]


@pytest.mark.parametrize("reader", ["pdf.js", "pypdf"])
def test_a_line_number_drawn_after_its_line_is_left_out_and_the_last_word_stays_whole(reader):
    """Intent: sample631.pdf read "a stand alone figure is291 necessary ... as shown in Figure293": each line
    number, drawn after its line and left of it, was glued to the line's last word (pdf.js measures a gap back
    to it, so no space; pypdf measures none)."""
    pages = both_readers(
        [("Ideally, a stand alone figure is", 59.74, 700, 9.96, 140.2)],
        [("necessary to serve as an example for", 50.74, 687.55, 9.96, 160.4)],
        [("the reader, as shown in", 50.74, 675.1, 9.96, 101.3), ("Figure", 154.8, 675.1, 9.96, 28.5)],
        [("2 and 3. It leaves at noon.", 50.74, 662.65, 9.96, 121.4)],
    )
    read = read_pages([pages[["pdf.js", "pypdf"].index(reader)]])[0]
    assert read.text == (
        "Ideally, a stand alone figure is necessary to serve as an example for the reader, as shown in Figure 2 and 3. "
        "It leaves at noon."
    )
    assert [(line, reason) for _, line, reason in read.left_out] == [(str(n), "line number") for n in range(291, 295)]


def test_a_footnote_mark_after_a_word_stays_on_it():
    """Intent: a superscript mark right after its word ("Voß1"), within a line or at its end before the line
    number, is the word's, not a line of its own; both readers read the page alike."""
    pages = both_readers(
        [
            ("As the work of Voß", 50.74, 700, 9.96, 84.5),
            ("1", 135.24, 703.6, 6.97, 3.97),
            ("shows, the ferry of Voß", 142.2, 700, 9.96, 104.1),
            ("2", 246.3, 703.6, 6.97, 3.97),
        ],
        [("leaves at noon.", 50.74, 687.55, 9.96, 66.2)],
        [("It is late.", 50.74, 675.1, 9.96, 44.8)],
    )
    read = [page[0] for page in (read_pages([page]) for page in pages)]
    assert read[0] == read[1]
    assert read[0].text == "As the work of Voß1 shows, the ferry of Voß2 leaves at noon. It is late."
    assert {reason for _, _, reason in read[0].left_out} == {"line number"}


def test_an_accent_or_a_subscript_stepping_back_stays_in_its_line():
    """Intent: TeX draws an accent before its letter, which then steps back under it ("Br¨oker", 0.3 pt back); a
    subscript under a superscript ("g^{2n-4}_S", revtex's apssamp.pdf) steps back to the superscript's start, 1.5
    sizes from where the superscript's last piece starts, but right of where its line starts: both stay in the
    line; only the line number, left of the line's start, is a line of its own."""
    pages = both_readers(
        [
            ("The ferry of Br", 50.74, 700, 9.96, 63.6),
            ("¨", 114.6, 700, 9.96, 4.98),
            ("oker leaves at", 114.3, 700, 9.96, 61.9),
        ],
        [
            ("the rate g", 50.74, 687.55, 9.96, 43.2),
            ("2n−", 93.94, 691.75, 6.97, 12.8),
            ("4", 106.74, 691.75, 6.97, 3.97),
            ("S", 93.6, 684.55, 6.97, 4.9),
            ("of noon.", 114.6, 687.55, 9.96, 35.4),
        ],
        [("It is late.", 50.74, 675.1, 9.96, 44.8)],
    )
    for page in pages:
        read = read_pages([page])[0]
        assert read.text == "The ferry of Bröker leaves at the rate g2n−4S of noon. It is late."
        assert [line for _, line, _ in read.left_out] == ["291", "292", "293"]


def test_line_numbers_stand_in_a_margin_or_a_smaller_font_beside_text():
    """Line numbers in the body's own size count in a column left of all the page's text; lone numbers where the
    text starts (a table's column) or beside no text (a figure's axis) are not line numbers."""
    text = [TextLine(f"Line {n} of the text", 72, 700 - 12 * n, 10) for n in range(4)]
    margin = [TextLine(str(n + 1), 50, 700 - 12 * n, 10) for n in range(4)]
    assert line_numbers(text + margin, 10) == [4, 5, 6, 7]
    column = [TextLine(str(n + 1), 72, 700 - 12 * n, 10) for n in range(4)]
    assert line_numbers(text[:1] + [TextLine(line.text, 100, line.y, 10) for line in text] + column, 10) == []
    axis = [TextLine(str(10 * n), 300, 400 - 30 * n, 6) for n in range(4)]
    assert line_numbers(text + axis, 10) == []


# --- Headings and blocks -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "depth"),
    [
        ("4.3 DER functions", 2),
        ("4 Function reference", 1),
        ("Chapter 4 Reference", 1),
        ("Appendix A Notes", 1),
        ("B.2 Invoking R", 2),
        ("A sample session", 0),
        ("Ferries", 0),
    ],
)
def test_numbering_depth(text, depth):
    assert numbering_depth(text) == depth


def test_headings_by_size_and_by_number_with_levels_from_the_numbering():
    """Intent: "1 Ferries" (18 pt) is level 1, "1.1 Fares" (14 pt) level 2, "Notes" (14 pt, unnumbered) takes the
    level of its size's numbered headings, and "1.2 Winter" in the body size is a heading by its number; a large
    heading's wrapped second line joins it."""
    page = Page(
        (
            Item("1 Ferries", 72, 740, 18),
            *body("The ferry leaves at 8:00.", top=715),
            Item("1.1 Fares for crossings and", 72, 690, 14),
            Item("season tickets", 72, 674, 14),
            *body("A crossing costs 6 coins.", top=655),
            Item("Notes", 72, 630, 14),
            *body("Bikes ride free.", top=610),
            *body("1.2 Winter", "Boats leave hourly.", top=585, pitch=18),
        ),
        BOX,
    )
    assert read_pages([page])[0].text == (
        "# 1 Ferries\n\nThe ferry leaves at 8:00.\n\n## 1.1 Fares for crossings and season tickets\n\n"
        "A crossing costs 6 coins.\n\n## Notes\n\nBikes ride free.\n\n## 1.2 Winter\n\nBoats leave hourly."
    )


def test_not_headings_a_list_item_a_table_row_a_sentence_and_a_number():
    page = Page(
        (
            *body("Some text, as a page has.", "It sets the line pitch."),
            *body("1. Make work the working directory.", top=620),
            *body("52.00 111.0 830 5 6.2 no", top=600),
            Item("It leaves at 8.", 72, 570, 14),
            Item("42", 72, 540, 14),
        ),
        BOX,
    )
    assert read_pages([page])[0].text == (
        "Some text, as a page has. It sets the line pitch.\n\n"
        "1. Make work the working directory.\n\n52.00 111.0 830 5 6.2 no\n\n"
        "It leaves at 8.\n\n42"
    )


def test_a_title_page_with_no_full_stops_is_cut_at_its_lines():
    """Intent: centred lines with no sentence end (a title, three authors) never run together into one long
    "sentence"; "W. N." initials end no sentence."""
    page = Page(
        (
            Item("Ferry Handbook", 200, 600, 24),
            Item("Ida Marsh", 250, 520, 12),
            Item("W. N. Venables", 240, 506, 12),
            Item("Mira Okafor", 243, 492, 12),
        ),
        BOX,
    )
    assert read_pages([page])[0].text == "# Ferry Handbook\n\nIda Marsh\n\nW. N. Venables\n\nMira Okafor"


def test_paragraphs_by_gap_and_by_indent_and_code_lines_apart():
    items = [
        *body("The first paragraph runs", "on here.", top=700),
        Item("A second one starts indented", 87, 676, 10),
        *body("and goes on.", top=664),
        *body("> help(solve)", top=644, x=100),
        *body("> ??solve", top=632, x=100),
        *body("Said after the code.", top=612),
    ]
    assert read_pages([Page(tuple(items), BOX)])[0].text == (
        "The first paragraph runs on here.\n\nA second one starts indented and goes on.\n\n> help(solve)\n\n"
        "> ??solve\n\nSaid after the code."
    )


def test_a_wrapped_list_item_stays_whole_though_no_sentence_ends_in_it():
    items = body("1. distribute the corresponding source modifications from the", x=77)
    items += body("released version along with the binaries,", x=82.5, top=638)
    items += body("2. add your name", x=77, top=626)
    assert read_pages([Page(tuple(items), BOX)])[0].text == (
        "1. distribute the corresponding source modifications from the released version along with the binaries,"
        "\n\n2. add your name"
    )


def test_a_code_comment_is_text_not_a_heading():
    assert read_pages([text_lines("## make the bins smaller")])[0].text == "\u2060## make the bins smaller"


# --- Words broken at line ends -------------------------------------------------------------------------------------

SPELLINGS = word_counts(
    [
        "The management of update-mime-database, ASN1_SYNTAX_ERROR and the ELEMENT tag.",
        "See https://cran.r-project.org for e-mail and X.690 codes.",
    ]
)


@pytest.mark.parametrize(
    ("first", "second", "joined"),
    [
        ("the man-", "agement team", "the management team"),  # the document spells it joined
        ("run update-mime-", "database now", "run update-mime-database now"),  # a real hyphen, as spelled elsewhere
        ("shows ASN1_", "SYNTAX_ERROR.", "shows ASN1_SYNTAX_ERROR."),  # an identifier broken after "_"
        ("a missing ELE-", "MENT here", "a missing ELEMENT here"),  # capitals, spelled whole elsewhere
        ("send e-", "mail", "send e-mail"),  # spelled with its hyphen elsewhere
        ("a cross-", "ing", "a crossing"),  # not spelled elsewhere: lower case goes on the word
        ("Self-", "Service desks", "Self-Service desks"),  # not spelled elsewhere: a capital keeps the hyphen
        ("(https://cran.r-", "project.org)", "(https://cran.r-project.org)"),  # a web address the document has whole
        ("ITU-T X.", "690 codes", "ITU-T X.690 codes"),  # the document has X.690 whole
        ("It ends here.", "Next line", "It ends here. Next line"),  # a full stop is no break inside a word
    ],
)
def test_words_broken_at_line_ends(first, second, joined):
    assert join_lines(first, second, SPELLINGS) == joined


# --- A whole PDF, read by pypdf ------------------------------------------------------------------------------------


def test_pypdf_gives_items_with_positions_and_sizes():
    page = pypdf_pages("manual.pdf", make_manual_pdf())[2]
    assert page.box == BOX
    assert page.items[0] == Item("Ferry Handbook 3", 72.0, 752.0, 9.0)
    assert [line.text for line in page_lines(page)][3:5] == [
        "1 Timetables",
        "The ferry crosses to Millbay every hour. Crossings are planned by the harbour man-",
    ]


def test_read_in_steps_yields_after_every_page_and_reads_the_same():
    """The page reads a PDF a step at a time (a step a page, then the rules over all pages, the listings a page a
    step, then a step a page's text), so a 300-page manual never holds it; the steps give what reading at once
    gives, and take each page from a generator as they come, not all first."""
    pages = [furnished(n, *body(f"The ferry leaves at {n}.", "It costs six coins.")) for n in range(1, 6)]
    taken = []

    def one_by_one():
        for page in pages:
            taken.append(page)
            yield page

    steps = read_pages_steps(one_by_one())
    assert next(steps) == 1
    assert len(taken) == 1
    said, read = _pauses(steps)
    assert said == [2, 3, 4, 5] + [6] * 6 + [7, 8, 9, 10, 11]  # pages' lines, the rules (listings a page), texts
    assert read == read_pages(pages)
    assert [p.text for p in read] == [f"The ferry leaves at {n}. It costs six coins." for n in range(1, 6)]


def test_a_page_of_many_items_is_made_in_steps_and_reads_the_same():
    """Issue 36: a page of 10,000 pdf.js items was made into Items in one step (300-800 ms tasks in the page); given
    as ``Page.from_arrays_steps`` it pauses every ITEMS_A_STEP items, and once more before its lines are found, and
    reads as the page made at once."""
    texts = [f"w{n % 97}" for n in range(10_000)]
    numbers = [v for n in range(10_000) for v in (4, 0, 0, 4, 10 + n % 50 * 11, 10 + n // 50 % 70 * 11, 8)]
    box = (0, 0, 600, 800)
    said, read = _pauses(read_pages_steps([Page.from_arrays_steps(texts, numbers, box)]))
    # the items' pauses, the page made and its lines say page 1; then the rules (2) and its text (3)
    assert said == [1] * (10_000 // ITEMS_A_STEP - 1) + [1, 1, 2, 2, 3]
    assert read == read_pages([Page.from_arrays(texts, numbers, box)])


def test_a_pages_items_are_let_go_once_its_lines_are_found():
    """Issue 36: every page's items were kept to the end of the read (594,000 of the many-item PDF's): Python's
    cycle collector went over them all again and again (160-190 ms steps in Pyodide), and they were let go in the
    read's last step (170 ms). Now a page's items go when the next page is read; only its lines are kept."""
    items = []

    def pages():
        for n in range(1, 4):
            page = furnished(n, *body(f"The ferry leaves at {n}.", "It costs six coins."))
            items.append(weakref.ref(page.items[1]))
            yield page

    steps = read_pages_steps(pages())
    assert next(steps) == 1
    assert items[0]() is not None  # page 1's items: its lines are being found
    assert next(steps) == 2
    assert items[0]() is None and items[1]() is not None
    said, read = _pauses(steps)
    assert [p.text for p in read][0] == "The ferry leaves at 1. It costs six coins."


def _pauses(steps):
    """What ``steps`` yield at each pause, and what they return."""
    said = []
    while True:
        try:
            said.append(next(steps))
        except StopIteration as end:
            return said, end.value


def test_a_right_to_left_line_drawn_a_word_at_a_time_from_the_right_stays_one_line():
    # Each word starts left of the last; only a number so placed is a margin's line number, split off.
    words = [Item("שלום", 500, 700, 10, 20), Item("לכולם", 440, 700, 10, 26), Item("כאן", 400, 700, 10, 15)]
    lines = page_lines(Page(tuple(words), BOX))
    assert len(lines) == 1 and all(w.text in lines[0].text for w in words)  # (its spacing is another matter)


def test_a_figures_small_numbers_among_the_text_are_no_line_numbers():
    # glpk's graphs.pdf: a network's arc labels (small numbers on the baselines of the figure's other text) were
    # left out as "line numbers"; a line number stands in the margin, left of every line of the page.
    text = [TextLine(f"Node {n} supplies the arc", 72, 700 - 24 * n, 10) for n in range(4)]
    labels = [TextLine(str(n * 7), 200 + 30 * n, 700 - 24 * n, 5) for n in range(4)]
    assert line_numbers(text + labels, 10) == []
    margin = [TextLine(str(n * 7), 50, 700 - 24 * n, 5) for n in range(4)]
    assert line_numbers(text + margin, 10) == [4, 5, 6, 7]

"""The source view ("Show in the document"): a document drawn as the lab read it, from the lab's own cut. Every
passage is outlined with its id, the one a result gave highlighted; headings are headings; left-out lines are struck
through with their reason where they stood; everything a document brings is escaped; and on a PDF page, the text
items that hold a passage are found from the page's own items (pypdf's here, as pdf.js gives them in the page)."""

from __future__ import annotations

import doctest
import io
import re
from html.parser import HTMLParser

import pytest
from tests.fixtures import make_pdf

import raglab.documents.source_map
import raglab.ui.result_html
import raglab.ui.source_html
from raglab import TECHNIQUES, Lab, run
from raglab.documents.chunking import CHUNK_SIZES, chunk_document
from raglab.documents.corpus import Document, join_pages
from raglab.documents.source_map import (
    find_place,
    items_in_passage,
    passage_marks,
    passage_pages,
    passage_text,
    sentence_spans,
)
from raglab.ui.result_html import render_result
from raglab.ui.source_body import HERE_ID
from raglab.ui.source_html import render_cut, render_pdf_part, render_source, show_how_read

MANUAL_TEXT = "\n\n".join(
    [
        "# 4 Function reference",
        "The functions are listed here. Each has a name.",
        "## 4.3 DER functions",
        "DER is a binary encoding. It is strict. It has one form.",
        "### Decoding",
        "Decoding reads the bytes.",
        "# 5 Index",
        "See the tables.",
    ]
)
# A running header where a page began (before the first paragraph), and a page number inside a sentence that ran on
# to the next page (before "the bytes.").
MANUAL = Document(
    "manual",
    "Manual",
    MANUAL_TEXT,
    left_out=(
        (MANUAL_TEXT.index("The functions"), "Chapter 4: Function reference 16", "running header, on 17 of 36 pages"),
        (MANUAL_TEXT.index("the bytes."), "<b>17</b>", "page number"),
    ),
)


@pytest.mark.parametrize("module", [raglab.documents.source_map, raglab.ui.source_html, raglab.ui.result_html])
def test_worked_examples(module):
    """Intent: the docstrings' examples hold (test_doctests.py lists the lab's other modules)."""
    assert doctest.testmod(module).failed == 0


class Outline(HTMLParser):
    """What a visitor sees in the view: each passage's id label, the highlighted ids, the headings and left-out lines,
    in order."""

    def __init__(self, html: str):
        super().__init__()
        self.stack: list[tuple[str, dict]] = []
        self.labels, self.highlighted, self.headings, self.struck, self.text = [], [], [], [], []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.stack.append((tag, attrs))
        if tag == "mark" and attrs["data-id"] not in self.highlighted:
            self.highlighted.append(attrs["data-id"])
        if re.fullmatch(r"h[4-6]", tag):
            self.headings.append([tag, ""])

    def handle_endtag(self, tag):
        self.stack.pop()

    def handle_data(self, data):
        classes = " ".join(a.get("class", "") for _, a in self.stack).split()
        if "pid" in classes:
            self.labels.append(data)
        elif any(re.fullmatch(r"h[4-6]", t) for t, _ in self.stack):
            self.headings[-1][1] += data
        elif any(t == "del" for t, _ in self.stack):
            self.struck.append(data)
        elif "why" in classes:
            self.struck[-1] += " " + data
        elif "psg" in classes:
            self.text.append(data)


def test_every_passage_is_outlined_with_its_id_and_the_results_passage_highlighted():
    """Intent: the view is the lab's own cut: as many labelled passages as chunking gives, in order, and only the
    passage the result gave highlighted, its first piece the one scrolled to."""
    lab = Lab()
    doc = lab.corpus.document("harbour")
    html = render_source(doc, find_place(doc, "harbour-3", lab.passage_size))
    seen = Outline(html)
    assert seen.labels == [c.id for c in chunk_document(doc, 2)]
    assert seen.highlighted == ["harbour-3"]
    assert f'data-id="harbour-3" id="{HERE_ID}" tabindex="-1"' in html
    assert " ".join(seen.text).split() == " ".join(doc.sentences).split()  # the whole text, nothing re-cut
    assert "How the lab read Harbour" in html and "7 passages of 2 sentences" in html


def test_the_place_of_every_hit_of_every_technique_holds_the_hits_text():
    """Intent: "Show in the document" works from any passage of any result: each hit (passages, comparison, hybrid's
    lists) is found in its document, and the sentences found are the hit's text (a whole document: all of it)."""
    lab = Lab()
    hits = []
    for key, t in TECHNIQUES.items():
        if t.meaning:
            continue  # (their hits are the lab's passages, as plain search's: test_source_view.py opens one)
        for question in lab.corpus.presets.get(key, ()):
            result = run(lab, key, question)
            hits += [*result.passages, *(result.comparison.passages if result.comparison else ())]
    assert {h.id for h in hits} >= {"rules-s1-1", "rules-s4-1", "ferry-1"} and any(h.id == h.slug for h in hits)
    for hit in hits:
        doc = lab.corpus.document(hit.slug)
        place = find_place(doc, hit.id, lab.passage_size)
        assert place is not None, hit.id
        expected = " ".join(doc.sentences) if hit.id == hit.slug else hit.text
        assert passage_text(doc, place) == expected, hit.id
        assert (len(place.sizes) == 3) == ("-s" in hit.id)


def test_chunk_size_offers_its_three_cuts_and_highlights_the_same_sentences_in_each():
    """Intent: from a chunk-size passage the view offers 1, 2 and 4 sentences; in another cut, the passages holding
    the same sentences are highlighted, named as chunk size names them."""
    doc = Lab().corpus.document("harbour")
    place = find_place(doc, "harbour-s2-3", 2)
    html = render_source(doc, place)
    assert [int(v) for v in re.findall(r'name="source-size" value="(\d)"', html)] == list(CHUNK_SIZES)
    assert 'value="2" checked' in html
    assert Outline(render_cut(doc, place, 1)).highlighted == ["harbour-s1-5", "harbour-s1-6"]
    assert Outline(render_cut(doc, place, 4)).highlighted == ["harbour-s4-2"]
    assert "that hold the sentences of harbour-s2-3" in render_cut(doc, place, 4)
    assert 'name="source-size"' not in render_source(doc, find_place(doc, "harbour-3", 2))  # other techniques: one cut


def test_a_whole_document_hit_highlights_every_passage():
    doc = Lab().corpus.document("bakery")
    seen = Outline(render_cut(doc, find_place(doc, "bakery", 2)))
    assert seen.highlighted == seen.labels == ["bakery-1", "bakery-2", "bakery-3"]


def test_a_document_opened_from_a_list_shows_its_cut_with_nothing_highlighted():
    doc = Lab().corpus.document("ferry")
    html = render_source(doc, find_place(doc, "", 2))
    seen = Outline(html)
    assert seen.labels == ["ferry-1", "ferry-2", "ferry-3"] and seen.highlighted == [] and HERE_ID not in html
    assert "every passage of the lab&#x27;s cut is here" in html
    assert show_how_read("ferry", "Ferry timetable").startswith(
        '<button type="button" class="show-source" data-slug="ferry">'
    )


def test_headings_are_headings_in_order_and_never_inside_a_passage():
    """Intent: a document's "#" blocks are h-elements, levels kept in step (h4 for the top level, no level skipped, so
    the dialog's h2 and its h3 lead into them), and no passage holds a heading's words."""
    seen = Outline(render_cut(MANUAL, find_place(MANUAL, "manual-2", 2)))
    assert seen.headings == [
        ["h4", "4 Function reference"],
        ["h5", "4.3 DER functions"],
        ["h6", "Decoding"],
        ["h4", "5 Index"],
    ]
    assert not any("Function reference" in t or "Decoding" == t.strip() for t in seen.text)
    assert seen.labels == ["manual-1", "manual-2", "manual-3", "manual-4", "manual-5"]  # none across a heading
    skipped = Document("s", "S", "### Deep\n\nText here.")
    assert "<h4>Deep</h4>" in render_cut(skipped, find_place(skipped, "s-1", 2))


def test_left_out_lines_are_struck_through_with_their_reason_where_they_stood():
    """Intent: what a reader left out shows where it stood: between blocks, or inside one (a page break within a
    passage), struck through, with the reason in words."""
    html = render_cut(MANUAL, find_place(MANUAL, "manual-2", 2))
    seen = Outline(html)
    assert seen.struck == [
        "Chapter 4: Function reference 16 (left out: running header, on 17 of 36 pages)",
        "<b>17</b> (left out: page number)",
    ]
    header = html.index("Chapter 4: Function reference 16")
    assert html.index("4 Function reference</h4>") < header < html.index("The functions are listed")
    number = html.index("&lt;b&gt;17&lt;/b&gt;")
    assert html.index("Decoding reads") < number < html.index("the bytes.")
    assert (
        'Decoding reads </span><span class="left-out"><del>&lt;b&gt;17&lt;/b&gt;</del> <span class="why">(left '
        'out: page number)</span></span><span class="psg psg-b" data-id="manual-4">the bytes.</span>'
    ) in html
    assert "2 lines left out" in html and "Struck-through lines were left out" in html


def test_everything_a_document_brings_is_escaped():
    doc = Document(
        "x",
        "<img src=x onerror=alert(1)>",
        "<script>alert(1)</script> is text. So is <b>this</b>.",
        source="<i>x</i>.txt",
        left_out=((0, "<u>head</u>", "<em>why</em>"),),
    )
    html = render_source(doc, find_place(doc, "x-1", 2))
    assert not re.search(r"<(script|img|b|i|u|em)[ >]", html)
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html and "&lt;img src=x onerror=alert(1)&gt;" in html
    assert render_source(doc, None).count('class="message"') == 1  # a passage no longer there: said, not drawn


def test_sentence_spans_hold_each_sentence_whatever_the_spacing():
    doc = Document("w", "W", "One  two\tthree.\n\n## Part\n\nFour.   Five six.")
    assert [" ".join(doc.text[a:b].split()) for a, b in sentence_spans(doc)] == doc.sentences
    for d in Lab().corpus.documents:
        assert [d.text[a:b] for a, b in sentence_spans(d)] == d.sentences


def test_a_pdf_passage_knows_its_pages_and_shows_them_in_its_label():
    text, starts = join_pages(
        [
            "The quillfish swims past the reef each spring. Boats keep",
            "away from the reef in April. Low tide comes twice a day.",
        ]
    )
    doc = Document("guide", "guide.pdf", text, "guide.pdf", starts)
    place = find_place(doc, "guide-1", 2)
    assert passage_pages(doc, place) == [1, 2]
    assert Outline(render_cut(doc, place)).labels == ["guide-1 · p. 1", "guide-2 · p. 2"]
    part = render_pdf_part(doc, [1, 2])
    assert part.count("<canvas") == 2 and 'aria-label="Page 2 of guide.pdf"' in part


def _page_items(pdf: bytes) -> list[list[str]]:
    """Each page's text items as a PDF reader gives them (pypdf's visitor; pdf.js's items in the page)."""
    from pypdf import PdfReader

    pages = []
    for page in PdfReader(io.BytesIO(pdf)).pages:
        items: list[str] = []
        page.extract_text(visitor_text=lambda text, *_, items=items: items.append(text))
        pages.append(items)
    return pages


def test_the_items_of_a_pdf_page_that_hold_a_passage_running_over_two_pages():
    """Intent: on each page the passage runs over, the items holding its words are marked, and neither the running
    header nor the sentences around it."""
    header = "Reef guide, chapter 2"
    pdf = make_pdf(
        [
            f"{header}\nThe quillfish swims past.\nBoats keep",
            f"{header}\naway from the reef in April.\nLow tide comes twice a day.",
        ]
    )
    first, second = _page_items(pdf)
    passage = "Boats keep away from the reef in April."
    assert [first[i] for i in items_in_passage(first, passage)] == ["Boats keep"]
    assert [second[i] for i in items_in_passage(second, passage)] == ["away from the reef in April."]
    assert items_in_passage(first, "Low tide comes twice a day.") == []


def test_a_passage_sharing_a_line_with_the_next_marks_only_its_part_of_the_line():
    """Intent: a reader may give a whole line as one item; the box covers the passage's share of it, not the
    start of the next passage."""
    line = "The reef walk starts at the old pier. Boats keep away"
    first, _ = _page_items(make_pdf([f"{line}\nfrom the reef in April.", "Low tide comes twice a day."]))
    [(item, start, end)] = passage_marks(first, "The reef walk starts at the old pier.")
    assert first[item] == line and (start, end) == (
        0.0,
        round(len("The reef walk starts at the old pier.") / len(line), 3),
    )
    marks = passage_marks(first, "Boats keep away from the reef in April.")
    assert [(first[i], round(a * len(first[i])), round(b * len(first[i]))) for i, a, b in marks] == [
        (line, line.index("Boats"), len(line)),
        ("from the reef in April.", 0, 23),
    ]


def test_the_result_shows_each_hits_section_and_a_control_to_show_it_in_the_document():
    """Intent: every hit, in the passages and in the comparison, carries its own "Show in the document" naming it."""
    result = run(Lab(), "query", "How much is a boat ticket?")
    html = render_result(result)
    ids = re.findall(r'class="show-source" data-slug="(\w+)" data-id="([\w-]+)"', html)
    assert ids == [(h.slug, h.id) for h in (*result.passages, *result.comparison.passages)]
    first = result.passages[0].id
    assert f'<span>Show <span class="visually-hidden">{first} </span>in the document</span>' in html
    from raglab.documents.corpus import Corpus

    manual = Lab(Corpus("m", (MANUAL,)))
    html = render_result(run(manual, "plain", "What is DER?"))
    assert '<span class="where">4 Function reference › 4.3 DER functions</span>' in html

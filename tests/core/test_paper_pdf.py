"""A two-column paper read as a person reads it: numbered top-level headings at about the body's size are headings
(even one set as close below a paragraph as its next line), a sentence running from one column to the next is one
sentence, every passage is labelled with the section it stands in, and the title page's authors are a passage."""

from __future__ import annotations

from tests.pdf_paper import AUTHORS, make_paper_pdf

from raglab.documents.chunking import BLOCKS, chunk_documents
from raglab.documents.corpus import Corpus
from raglab.documents.readers import read_file
from raglab.lab import Lab
from raglab.techniques import run


def _paper():
    return read_file("paper.pdf", make_paper_pdf())


def test_numbered_top_level_headings_are_sections_in_two_columns():
    """Intent: issue 32's paper lost "1 Introduction" ... "8 Limitations" (bold, little larger than the body) and
    glued one to the sentence before ("... hurt fluency. 3 Dataset We use ...")."""
    assert [(level, title) for _, level, title in _paper().headings] == [
        (1, "Contrastive Decoding for Small Vision Models"),
        (1, "1 Introduction"),
        (1, "2 Method"),
        (2, "2.1 Contrast weights"),
        (1, "3 Dataset"),
        (1, "4 Results"),
        (1, "5 Limitations"),
    ]
    assert "fluency. 3 Dataset" not in _paper().text


def test_a_sentence_across_the_column_break_is_one_sentence():
    assert "The method works in three steps that we describe below." in _paper().sentences


def test_each_passage_is_labelled_with_the_section_it_stands_in():
    by_text = {c.text: c.section for c in chunk_documents([_paper()], BLOCKS)}
    assert by_text["We use five thousand pictures of harbours, each with a caption."] == "3 Dataset"
    assert by_text["A weight of one half balances the two views. Larger weights overcorrect and hurt fluency."] == (
        "2 Method › 2.1 Contrast weights"
    )
    assert by_text["We tried only one model family. Larger models may behave otherwise."] == "5 Limitations"


def test_the_title_page_is_a_passage_that_names_the_authors():
    """Intent: a title page's lines became headings with no passage under them, so "who wrote it" found nothing;
    the authors are now text under the title, searched with it."""
    lab = Lab(Corpus("mine", (_paper(),)), BLOCKS)
    first = lab.chunks()[0]
    assert first.section == "Contrastive Decoding for Small Vision Models" and AUTHORS in first.text
    assert AUTHORS in run(lab, "plain", "Who wrote Contrastive Decoding?").passages[0].text


def test_a_numbered_list_in_a_manual_with_larger_chapter_headings_stays_text():
    """Intent: R-data's "1. ... 2. Header line 3. Separator" item titles became level-1 headings; where the document
    sets its numbered top-level headings in larger lines, body-size numbered lines are a list."""
    from raglab.documents.pdf_layout import read_pages
    from raglab.documents.pdf_lines import Item, Page

    items = [Item("1 Import", 72, 700, 14), Item("Read the file first. Then check it.", 72, 680, 10)]
    items += [Item(f"{n}. Item {word}", 72, 680 - 14 * n, 10) for n, word in enumerate(["one", "two", "three"], 1)]
    items += [Item("2 Export", 72, 560, 14), Item("Write the file last.", 72, 540, 10)]
    text = read_pages([Page(tuple(items), (0, 0, 612, 792))])[0].text
    assert text.count("# ") == 2 and "\n\n1. Item one\n\n2. Item two\n\n3. Item three\n\n" in text

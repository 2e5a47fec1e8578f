"""A document's structure: headings are sections, never sentences; passages stay inside their section and carry its
path; blocks with no full stops are cut at their lines; the same in every format, kept and exported alike."""

from __future__ import annotations

import json

from tests.fixtures import make_docx

from raglab.cli import main
from raglab.documents.chunking import chunk_documents, passage_count, passage_texts
from raglab.documents.collection import Collection
from raglab.documents.corpus import Corpus, Document, join_pages
from raglab.documents.readers import read_file
from raglab.documents.records import document_from_record, document_record
from raglab.documents.zip_import import from_zip
from raglab.lab import Lab
from raglab.techniques import run

MANUAL = (
    b"# 4 Function reference\n\nThe functions are listed here.\n\n## 4.3 DER functions\n\n"
    b"DER is the distinguished encoding. It gives one byte string. Each value has one encoding.\n\n"
    b"## 4.4 Errors\n\nAn error code is a number.\n\n## 4.5 Tags\n\nEach one is a single byte.\n"
)


def test_a_heading_is_never_glued_to_a_sentence_and_a_passage_never_crosses_one():
    """Intent: "Museum guide The museum has..." and "...every spring. Opening" came from headings cut as sentences;
    now each passage holds sentences of one section only, numbered through the document, the last of a section
    shorter."""
    doc = read_file("manual.md", MANUAL)
    chunks = chunk_documents([doc], 2)
    assert [(c.id, c.text, c.section) for c in chunks] == [
        ("manual-1", "The functions are listed here.", "4 Function reference"),
        (
            "manual-2",
            "DER is the distinguished encoding. It gives one byte string.",
            "4 Function reference › 4.3 DER functions",
        ),
        ("manual-3", "Each value has one encoding.", "4 Function reference › 4.3 DER functions"),
        ("manual-4", "An error code is a number.", "4 Function reference › 4.4 Errors"),
        ("manual-5", "Each one is a single byte.", "4 Function reference › 4.5 Tags"),
    ]
    assert passage_count(doc, 2) == 5 and passage_texts(doc, 2) == [c.text for c in chunks]
    assert [c.sized_id for c in chunk_documents([doc], 1)][:3] == ["manual-s1-1", "manual-s1-2", "manual-s1-3"]


def test_headings_in_html_and_word_are_sections_too():
    html = read_file("m.html", b"<h1>Reference</h1><p>Listed here.</p><h3>DER</h3><p>DER encodes. Once.</p>")
    docx = read_file("m.docx", make_docx(["Reference", "Listed here.", "DER", "DER encodes. Once."], {0: 1, 2: 3}))
    for doc in (html, docx):
        assert doc.sentences == ["Listed here.", "DER encodes.", "Once."]
        assert doc.sentence_sections == ["Reference", "Reference › DER", "Reference › DER"]


def test_an_underlined_heading_is_a_heading():
    doc = read_file(
        "notes.txt", b"Opening times\n=============\nWe open at 9. We close at 5.\n\nPrices\n------\nTea costs 2 coins."
    )
    assert doc.sentences == ["We open at 9.", "We close at 5.", "Tea costs 2 coins."]
    assert doc.sentence_sections == ["Opening times", "Opening times", "Opening times › Prices"]


def test_lines_without_full_stops_are_cut_at_their_lines():
    """Intent: a title page or an author list became one 95-word "sentence"; lines with no sentence end are each a
    sentence of their own, while hard-wrapped prose still runs together."""
    doc = read_file(
        "t.txt",
        b"Fabio Fiorina\nSimon Josefsson\nNikos Mavrogiannopoulos\n\nThe library encodes\nDER values. It is small.",
    )
    assert doc.sentences == [
        "Fabio Fiorina",
        "Simon Josefsson",
        "Nikos Mavrogiannopoulos",
        "The library encodes DER values.",
        "It is small.",
    ]


def test_pages_are_blocks_apart_unless_a_sentence_runs_on():
    text, starts = join_pages(["# Intro\n\nThe lab reads a", "manual page by page.", "Page three starts here."])
    assert text == "# Intro\n\nThe lab reads a manual page by page.\n\nPage three starts here."
    doc = Document("m", "m.pdf", text, "m.pdf", starts)
    assert doc.page_texts() == ["# Intro\n\nThe lab reads a", "manual page by page.", "Page three starts here."]
    assert list(zip(doc.sentences, doc.sentence_pages, strict=True)) == [
        ("The lab reads a manual page by page.", 1),
        ("Page three starts here.", 3),
    ]


def test_structure_and_left_out_lines_are_kept_and_exported():
    """Intent: a kept document comes back from the browser's store with its left-out lines; the exported folder
    reads back into the same passages and sections."""
    text, starts = join_pages(["# Intro\n\nFirst page text.", "## Part\n\nSecond page text. More."])
    doc = Document("m", "m.pdf", text, "m.pdf", starts, ((0, "Manual v1 3", "running header, on 2 of 2 pages"),))
    assert document_from_record(json.loads(json.dumps(document_record(doc)))) == doc
    back = from_zip(Collection([doc]).to_zip()).documents[0]
    assert (
        [(c.text, c.section, c.page) for c in chunk_documents([back], 2)]
        == [(c.text, c.section, c.page) for c in chunk_documents([doc], 2)]
        == [("First page text.", "Intro", 1), ("Second page text. More.", "Intro › Part", 2)]
    )


def test_the_headings_option_searches_each_passage_with_its_section_path():
    """Intent: contextual chunk headers, on by default: "tags" is only in the heading above "Each one is a single
    byte.", so only with headings does a question about tags find that passage; "alone" is the comparison."""
    corpus = Corpus("mine", (read_file("manual.md", MANUAL),))
    plain, headed = Lab(corpus, 2), Lab(corpus, 2, headings=True)
    assert plain.chunks()[4].text == "Each one is a single byte."
    assert headed.chunks()[4].text == "4 Function reference › 4.5 Tags: Each one is a single byte."
    assert headed.passage_texts() == [c.text for c in headed.chunks()]
    question = "How big are the tags?"
    assert run(plain, "plain", question, headings="off").passages == ()
    hit = run(plain, "plain", question).passages[0]
    assert hit.id == "manual-5" and hit.section == "4 Function reference › 4.5 Tags"
    assert run(headed, "plain", question).to_dict()["passages"][0]["section"] == hit.section
    assert run(plain, "plain", question, headings="on").passages == run(headed, "plain", question).passages


def test_the_command_line_shows_the_section_and_takes_headings(tmp_path, capsys):
    (tmp_path / "manual.md").write_bytes(MANUAL)
    assert main(["--corpus", str(tmp_path), "ask", "plain", "What is an error code?"]) == 0
    assert "manual.md [manual-3] (4 Function reference › 4.4 Errors) score" in capsys.readouterr().out
    assert main(["--corpus", str(tmp_path), "ask", "plain", "How big are the tags?", "--headings", "on"]) == 0
    assert "[manual-4]" in capsys.readouterr().out.split("What the model is given")[1].splitlines()[1]


def test_hybrid_with_headings_needs_no_vector_but_the_passages_own():
    """Intent: issue 32's "924 texts have no vector yet": the page embeds every passage's text (what ``needs_for``
    asks for), and hybrid with headings on asked for the heading-prefixed texts instead. Its keyword side searches
    the headings; its vector side compares the passages the page embedded."""
    from tests.core.conftest import stand_in_embed

    from raglab.page.needs import needs_for
    from raglab.search.vector_table import VectorTable

    lab = Lab(Corpus("mine", (read_file("manual.md", MANUAL),)))
    question = "How big are the tags?"
    table = VectorTable()
    table.add([*lab.passage_texts(), question], stand_in_embed([*lab.passage_texts(), question]))
    assert needs_for(lab, "hybrid", question, {"headings": "on"}, known=table.vectors).texts == ()
    result = run(lab, "hybrid", question, embed=table, headings="on")
    assert result.passages[0].id == "manual-5"
    assert sorted(h.text for h in result.details["vector"]) == sorted(lab.passage_texts())  # each its own text
    assert result.details["keyword"][0].text == "4 Function reference › 4.5 Tags: Each one is a single byte."


def test_a_page_is_never_packed_with_the_next_but_a_paragraph_runs_on():
    """Intent: a passage of blocks says the page it stands on (a slide is a page); the paragraphs of two pages are
    two passages, while a sentence that runs on to the next page stays in its passage."""
    text, starts = join_pages(["Annual report. The trust met.", "The fund paid for a", "buoy. It is red.", "Fin."])
    chunks = chunk_documents([Document("r", "r.pdf", text, "r.pdf", starts)], "blocks")
    assert [(c.text, c.page) for c in chunks] == [
        ("Annual report. The trust met.", 1),
        ("The fund paid for a buoy. It is red.", 2),
        ("Fin.", 4),
    ]

"""Tables as tables: a row keeps its column names in its passage and in the document as read, in HTML, Markdown
and Word alike, so a question in the header's words finds the row."""

from __future__ import annotations

from tests.fixtures import make_docx

from raglab.documents.corpus import Corpus
from raglab.documents.readers import read_file
from raglab.lab import Lab
from raglab.techniques import run

HEADER = ["Setting", "Method", "Accuracy"]
ROWS = [["Adversarial", "VCD with CosBeta", "85.18"], ["Random", "Greedy", "87.40"], ["Popular", "Beam", "86.05"]]
ROW_TEXTS = [
    "Adversarial · Method VCD with CosBeta · Accuracy 85.18",
    "Random · Method Greedy · Accuracy 87.40",
    "Popular · Method Beam · Accuracy 86.05",
]
INTRO = "The results of the three decoding methods follow."


def _html() -> bytes:
    cells = "".join(f"<th>{h}</th>" for h in HEADER)
    rows = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in ROWS)
    return f"<h1>Results</h1><p>{INTRO}</p><table><tr>{cells}</tr>{rows}</table>".encode()


def _markdown() -> bytes:
    lines = ["# Results", "", INTRO, "", "| " + " | ".join(HEADER) + " |", "|---|---|--:|"]
    lines += ["| " + " | ".join(row) + " |" for row in ROWS]
    return "\n".join(lines).encode()


def test_a_row_keeps_its_column_names_in_every_format():
    """Intent: issue 32's results table read as 12 one-row passages without column names; each row now names its
    columns, the same in HTML, Markdown and Word (mammoth's table, no <th>: its first row of words is the header)."""
    docs = [
        read_file("results.html", _html()),
        read_file("results.md", _markdown()),
        read_file("results.docx", make_docx(["Results", INTRO], {0: 1}, table=[HEADER, *ROWS])),
    ]
    for doc in docs:
        assert doc.sentences == [INTRO, *ROW_TEXTS], doc.source
        assert "Setting · Method" not in doc.text  # the header row is in every row, not a block of its own


def test_a_table_is_one_passage_with_what_leads_into_it_and_is_found_by_its_header():
    """Intent: the block cut keeps a table whole (its rows are one unit) inside its section; "accuracy" is only in
    the header, and the row's passage is found by it."""
    lab = Lab(Corpus("mine", (read_file("results.md", _markdown()),)), "blocks")
    assert [c.text for c in lab.chunks()] == [" ".join([INTRO, *ROW_TEXTS])]
    hit = run(lab, "plain", "What accuracy does VCD with CosBeta reach?").passages[0]
    assert "Accuracy 85.18" in hit.text and hit.section == "Results"


def test_chunk_size_shows_the_lab_s_block_cut_beside_the_sentence_counts():
    """Intent: on a visitor's documents the learner sees why the lab cuts by blocks: the table whole beside its
    rows cut into 1, 2 and 4 sentences; Fernport (2 sentences) shows the three sizes only."""
    lab = Lab(Corpus("mine", (read_file("results.md", _markdown()),)), "blocks")
    result = run(lab, "chunk_size", "What accuracy does VCD with CosBeta reach?")
    assert list(result.details["chunks_per_size"]) == ["1", "2", "4", "blocks"]
    assert [h.id for h in result.passages] == ["results-s1-2", "results-s2-1", "results-s4-1", "results-1"]
    assert result.passages[-1].note == "the lab’s passage: paragraphs, lists, tables"
    assert list(run(Lab(), "chunk_size", "What are the visitor rules?").details["chunks_per_size"]) == ["1", "2", "4"]

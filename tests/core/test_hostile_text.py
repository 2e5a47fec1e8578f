"""Hostile text and folders (issue 24): every pattern over a visitor's text runs in time linear in its input, a
page marker cannot ask for 400 million pages, and a folder's pipes and links out are named and never opened.

A run that went back to quadratic time would take minutes here (100,000 full stops took 40 s for 2 words): these
tests check what comes out; bench/hostile.py measures the time growing with size."""

from __future__ import annotations

import os

import pytest
from bench.hostile import MARKS

from raglab import cli
from raglab.documents.collection import read_folder
from raglab.documents.corpus import MAX_PAGES, CorpusError, parse_document
from raglab.documents.markup import html_text, markdown_text
from raglab.documents.readers import read_file
from raglab.documents.text import paragraphs, split_sentences

RUN = 100_000


@pytest.mark.parametrize("mark", MARKS)
def test_a_long_run_of_any_mark_is_read_in_one_pass(mark):
    text = "Boats sail. " + mark * (RUN // len(mark)) + " Gulls fly."
    assert split_sentences(text)[0].startswith("Boats sail.")
    assert paragraphs(text)
    assert "Boats sail" in markdown_text(text)
    assert "Boats sail" in html_text(text)
    assert read_file("notes.md", text.encode()).sentences[0].startswith("Boats sail")


def test_two_words_and_100000_full_stops():
    assert split_sentences("Boats sail" + "." * RUN) == ["Boats sail" + "." * RUN]


def test_a_page_marker_past_the_most_pages_a_document_has_is_refused():
    with pytest.raises(CorpusError, match=f"page 400,000,000; a document has at most {MAX_PAGES:,} pages"):
        parse_document("01-big.md", "# big.pdf\n<!-- page 1 -->\nOne.\n<!-- page 400000000 -->\nTwo.")


def test_pipes_and_links_out_of_a_folder_are_named_and_never_opened(tmp_path, capsys):
    """Intent: a FIFO named notes.txt or synonyms.toml made the command line wait forever for a writer; a link to a
    file outside the folder was followed and read."""
    folder, outside = tmp_path / "docs", tmp_path / "secret.txt"
    folder.mkdir()
    outside.write_text("The secret password is swordfish.", encoding="utf-8")
    (folder / "reef.txt").write_text("The quillfish swims past the reef.", encoding="utf-8")
    os.mkfifo(folder / "notes.txt")
    os.mkfifo(folder / "synonyms.toml")
    (folder / "link.txt").symlink_to(outside)
    (folder / "inner.txt").symlink_to(folder / "reef.txt")  # a link inside the folder is fine
    corpus, problems = read_folder(folder)
    assert [str(p) for p in problems][:3] == [
        "link.txt is a link to a file outside the folder, so the lab does not read it.",
        "notes.txt is not a regular file (a pipe, a socket or a device), so the lab does not read it.",
        "synonyms.toml is not a regular file (a pipe, a socket or a device), so the lab does not read it.",
    ]
    assert "swordfish" not in " ".join(d.text for d in corpus.documents)
    assert cli.main(["--corpus", str(folder), "ask", "plain", "What is the password?"]) == 0
    assert "swordfish" not in capsys.readouterr().out


def test_a_pipe_in_a_corpus_folder_is_named_too(tmp_path):
    (tmp_path / "01-reef.md").write_text("# Reef\n\nThe quillfish swims past the reef.", encoding="utf-8")
    os.mkfifo(tmp_path / "02-notes.md")
    corpus, problems = read_folder(tmp_path)
    assert [d.slug for d in corpus.documents] == ["reef"]
    assert [p.name for p in problems] == ["02-notes.md"]

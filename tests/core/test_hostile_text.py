"""Hostile text and folders (issue 24): every pattern over a visitor's text runs in time linear in its input, a
page marker cannot ask for 400 million pages, a folder's pipes and links out are named and never opened, and a
file name is written to a zip and a terminal as text.

A run that went back to quadratic time would take minutes here (100,000 full stops took 40 s for 2 words): these
tests check what comes out; bench/hostile.py measures the time growing with size."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from bench.hostile import MARKS
from tools.build.pins import ROOT

from raglab import cli
from raglab.documents.collect_files import read_folder
from raglab.documents.collection import Collection
from raglab.documents.corpus import MAX_PAGES, CorpusError, Document
from raglab.documents.corpus_markdown import parse_document
from raglab.documents.markup import html_text, markdown_text
from raglab.documents.readers import read_file
from raglab.documents.text import paragraphs, split_sentences
from raglab.documents.zip_import import from_zip
from raglab.graph.names_by_rules import NamesByRules

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
    corpus, problems = read_folder(folder, find_names=NamesByRules)
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
    corpus, problems = read_folder(tmp_path, find_names=NamesByRules)
    assert [d.slug for d in corpus.documents] == ["reef"]
    assert [p.name for p in problems] == ["02-notes.md"]


# --- names written to a zip and to a terminal ----------------------------------------------------------------------


def test_a_name_or_a_line_that_reads_as_a_page_marker_imports_back_as_the_same_document():
    """Intent: a file named "a\\n<!-- page 50 -->.txt" went into "Download my documents" as a page marker, and
    came back as a 50-page document; so did a .txt file's own line "<!-- page 50 -->"."""
    mine = Collection()
    mine.add(read_file("a\n<!-- page 50 -->.txt", b"Boats sail at dawn."))
    mine.add(read_file("b.txt", b"Gulls fly.\n\n<!-- page 50 -->\n\n\\<!-- page 2 -->\n\nShips dock."))
    back = from_zip(mine.to_zip()).documents
    assert back == mine.documents and [d.pages for d in back] == [0, 0]
    assert back[0].source == "a\\n<!-- page 50 -->.txt"  # the line break written as "\n", on one line
    assert back[1].text == "Gulls fly.\n\n<!-- page 50 -->\n\n\\<!-- page 2 -->\n\nShips dock."


def test_a_name_kept_before_with_a_line_break_is_written_on_one_line():
    """Intent: a record kept before names were escaped may hold a raw line break in its source."""
    kept = Document("a", "a.txt", "Boats sail at dawn.", "a\n<!-- page 50 -->.txt")
    (back,) = from_zip(Collection([kept]).to_zip()).documents
    assert (back.text, back.pages, back.source) == (kept.text, 0, "a\\n<!-- page 50 -->.txt")


ESCAPES = "\x1b[2J\x1b[31m"  # clear the screen, then red


def test_the_command_line_shows_a_name_s_escape_codes_and_never_prints_them(tmp_path, capsys):
    folder = tmp_path / "docs"
    folder.mkdir()
    text = (
        "Boats sail at dawn\r from the \x1b[5mreef. " + "Gulls fly over the harbour wall. " * 10
    )  # text: < 1% controls
    (folder / f"{ESCAPES}red.txt").write_text(text, encoding="utf-8")
    (folder / f"{ESCAPES}empty.txt").write_text("", encoding="utf-8")
    assert cli.main(["--corpus", str(folder), "corpus"]) == 0
    out, err = capsys.readouterr()
    assert "\x1b" not in out + err and "\r" not in out + err
    assert r"\x1b[2J\x1b[31mred.txt (x1b_2j_x1b_31mred)" in out and r"from the \x1b[5mreef." in out
    assert err == "skipped: \\x1b[2J\\x1b[31mempty.txt is empty.\n"


def test_build_py_shows_a_name_s_escape_codes_too(tmp_path):
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / f"{ESCAPES}empty.txt").write_text("", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "build.py", "--offline", "--out", str(tmp_path / "dist"), "--corpus", str(folder)],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert done.returncode == 2 and "\x1b" not in done.stdout + done.stderr
    assert done.stderr == f"build.py: {folder} gives nothing to search: \\x1b[2J\\x1b[31mempty.txt is empty.\n"

"""A file the command line cannot read in time (issue 24: "exit 2 with one message on anything they cannot read in
time"): given up after ``collection.FILE_SECONDS`` with one sentence that names it and the bound, exit 2. Measured
before: a PDF whose page holds 70 MB of drawing operators took ``raglab --corpus`` 62 s, to say "not a readable PDF".
The bound is lowered here, so a PDF of dense pages (a tenth of a second or more for pypdf) stands for a slow file."""

from __future__ import annotations

import signal

import pypdf  # noqa: F401  (imported before the bound starts: an import is part of a file's time otherwise)
import pytest
from tests.fixtures import make_pdf

from raglab.cli import main
from raglab.documents import collection
from raglab.documents.collection import read_folder
from raglab.documents.corpus import CorpusError

SLOW = make_pdf(["The ferry sails at eight from the harbour to the island. " * 40] * 20)
GIVEN_UP = "slow.pdf was given up: reading it took more than 0.01 s, the most the lab gives one file."


@pytest.fixture
def folder(tmp_path):
    """The slow file alone: any file may take past a bound this low, on a busy machine."""
    (tmp_path / "slow.pdf").write_bytes(SLOW)
    return tmp_path


def test_a_file_past_the_bound_is_one_sentence_and_exit_2_and_is_read_again_next_time(folder, capsys, monkeypatch):
    before = signal.getsignal(signal.SIGALRM)
    monkeypatch.setattr(collection, "FILE_SECONDS", 0.01)
    code = main(["--corpus", str(folder), "ask", "plain", "When does the ferry leave?"])
    out, err = capsys.readouterr()
    assert (code, out, err) == (2, "", f"raglab: {GIVEN_UP}\n")
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0) and signal.getsignal(signal.SIGALRM) == before
    monkeypatch.setattr(collection, "FILE_SECONDS", 60)  # not kept as the file's reading: a busy machine is slower
    code = main(["--corpus", str(folder), "ask", "plain", "When does the ferry leave?"])
    out, err = capsys.readouterr()
    assert code == 0 and "[slow-1]" in out and err == ""


def test_pypdfs_own_except_exception_does_not_make_a_given_up_file_broken(folder):
    """pypdf and readers._pdf_pages catch every Exception as "not a readable PDF": the bound's is a BaseException."""
    with pytest.raises(CorpusError) as given_up:
        read_folder(folder, seconds=0.01)
    assert str(given_up.value) == GIVEN_UP
    corpus, problems = read_folder(folder)
    assert [d.slug for d in corpus.documents] == ["slow"] and problems == []

"""The command line keeps what reading a file costs between calls (issue 21, item 9): a second hybrid question on the
R FAQ took 7.1 s because its PDF was read again (pypdf and our layout) on every call. Now a second call on an
unchanged folder reads no file, a changed file is read again alone, and what comes back equals a fresh reading."""

from __future__ import annotations

import sqlite3

import pytest
from tests.core.conftest import stand_in_embed
from tests.fixtures import make_pdf, make_scan_pdf
from tests.pdf_manual import make_manual_pdf

from raglab import Lab, cli
from raglab.documents import readers
from raglab.documents.collect_files import read_folder
from raglab.documents.document_cache import CachedReader
from raglab.graph.names_by_rules import NamesByRules
from raglab.techniques import run


@pytest.fixture
def folder(tmp_path):
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "handbook.pdf").write_bytes(make_manual_pdf())  # pages, headings and left-out furniture to keep
    (docs / "reef.md").write_text("# Reef\n\nThe quillfish swims past the reef at dawn.", encoding="utf-8")
    (docs / "bell.txt").write_text("The harbour master rings a bell at noon.", encoding="utf-8")
    (docs / "scan.pdf").write_bytes(make_scan_pdf())  # gives no text: kept as its ReadError
    return docs


class CountedReader(CachedReader):
    """A CachedReader on tmp_path's own cache that notes each file it really reads."""

    def __init__(self, path, version="readers 1"):
        self.reads: list[str] = []
        super().__init__(self._read, path / "documents.sqlite", version)

    def _read(self, name: str, data: bytes):
        self.reads.append(name)
        return readers.read_file(name, data)


def test_a_second_call_reads_no_file(folder, tmp_path):
    first = CountedReader(tmp_path)
    read_folder(folder, first, find_names=NamesByRules)
    assert sorted(first.reads) == ["bell.txt", "handbook.pdf", "reef.md", "scan.pdf"]
    again = CountedReader(tmp_path)
    corpus, problems = read_folder(folder, again, find_names=NamesByRules)
    assert again.reads == []
    assert [str(p) for p in problems] == [
        str(p) for p in read_folder(folder, find_names=NamesByRules)[1]
    ]  # the scan's message, kept


def test_what_is_kept_equals_a_fresh_reading(folder, tmp_path):
    read_folder(folder, CountedReader(tmp_path), find_names=NamesByRules)
    kept, fresh = (
        read_folder(folder, CountedReader(tmp_path), find_names=NamesByRules)[0],
        read_folder(folder, find_names=NamesByRules)[0],
    )
    assert kept == fresh
    handbook = next(d for d in kept.documents if d.source == "handbook.pdf")
    assert len(handbook.page_starts) == 7 and handbook.left_out  # pages and furniture came back too
    question = "When does the quillfish swim past the reef?"
    assert (
        run(Lab(kept), "hybrid", question, embed=stand_in_embed).to_dict()
        == run(Lab(fresh), "hybrid", question, embed=stand_in_embed).to_dict()
    )


def test_a_changed_file_is_read_again_alone(folder, tmp_path):
    read_folder(folder, CountedReader(tmp_path), find_names=NamesByRules)
    (folder / "bell.txt").write_text("The harbour master rings a bell at one.", encoding="utf-8")
    again = CountedReader(tmp_path)
    corpus, _ = read_folder(folder, again, find_names=NamesByRules)
    assert again.reads == ["bell.txt"]
    assert "The harbour master rings a bell at one." in [d.text for d in corpus.documents]


def test_a_renamed_file_is_read_again_as_its_name_gives_its_slug(folder, tmp_path):
    read_folder(folder, CountedReader(tmp_path), find_names=NamesByRules)
    (folder / "bell.txt").rename(folder / "noon.txt")
    again = CountedReader(tmp_path)
    corpus, _ = read_folder(folder, again, find_names=NamesByRules)
    assert again.reads == ["noon.txt"] and "noon" in [d.slug for d in corpus.documents]


def test_another_reader_version_reads_every_file_again(folder, tmp_path):
    read_folder(folder, CountedReader(tmp_path, "readers 1"), find_names=NamesByRules)
    newer = CountedReader(tmp_path, "readers 2")
    read_folder(folder, newer, find_names=NamesByRules)
    assert sorted(newer.reads) == ["bell.txt", "handbook.pdf", "reef.md", "scan.pdf"]


BROKEN = ["{not json", "[]", "7", '{"version": 1}', '{"version": 1, "document": {"slug": 3}}']  # JSON, not a record


@pytest.mark.parametrize("record", BROKEN)
def test_a_record_that_cannot_be_read_back_is_read_again_and_rewritten(folder, tmp_path, record):
    read_folder(folder, CountedReader(tmp_path), find_names=NamesByRules)
    with sqlite3.connect(tmp_path / "documents.sqlite") as db:
        db.execute("UPDATE readings SET record = ?", (record,))
    db.close()
    again = CountedReader(tmp_path)
    assert read_folder(folder, again, find_names=NamesByRules)[0] == read_folder(folder, find_names=NamesByRules)[0]
    assert sorted(again.reads) == ["bell.txt", "handbook.pdf", "reef.md", "scan.pdf"]
    third = CountedReader(tmp_path)
    read_folder(folder, third, find_names=NamesByRules)
    assert third.reads == []  # rewritten


def test_a_cache_that_is_no_database_is_read_around(folder, tmp_path):
    (tmp_path / "documents.sqlite").write_bytes(b"not a database, " * 100)
    reader = CountedReader(tmp_path)
    assert read_folder(folder, reader, find_names=NamesByRules)[0] == read_folder(folder, find_names=NamesByRules)[0]
    assert len(reader.reads) == 4


def test_the_command_line_parses_a_pdf_once(tmp_path, monkeypatch, capsys):
    """End to end: ``raglab --corpus`` keeps its readings in $RAGLAB_CACHE; the second call opens no PDF."""
    monkeypatch.setenv("RAGLAB_CACHE", str(tmp_path / "cache"))
    (tmp_path / "report.pdf").write_bytes(make_pdf(["Annual report. The trust met.", "The lantern fund paid."]))
    parsed = []
    real = readers.pypdf_pages
    monkeypatch.setattr(readers, "pypdf_pages", lambda name, data: parsed.append(name) or real(name, data))
    outs = []
    for _ in range(2):
        assert cli.main(["ask", "plain", "What did the lantern fund pay?", "--corpus", str(tmp_path)]) == 0
        outs.append(capsys.readouterr().out)
    assert parsed == ["report.pdf"] and outs[0] == outs[1]
    assert (tmp_path / "cache" / "documents.sqlite").is_file()

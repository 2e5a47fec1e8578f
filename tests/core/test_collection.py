"""The visitor's collection: each text once under a slug of its own, limits, JSON records, the word list, and the
zip in the corpus folder layout that comes back as the same passages (and that ``raglab --corpus`` reads)."""

import io
import json
import tomllib
import zipfile
from dataclasses import replace

import pytest
from tests.fixtures import make_docx, make_pdf, make_zip

from raglab import Lab, load_corpus
from raglab.documents import limits
from raglab.documents.chunking import CHUNK_SIZES, chunk_documents
from raglab.documents.collect_files import read_folder
from raglab.documents.collection import Collection
from raglab.documents.corpus import CorpusError
from raglab.documents.corpus_markdown import document_markdown
from raglab.documents.read_errors import ReadError
from raglab.documents.readers import read_file, read_pasted
from raglab.documents.records import document_from_record, document_record
from raglab.documents.toml_write import toml_table
from raglab.documents.word_lists import parse_word_list, word_list_text
from raglab.documents.zip_import import from_zip
from raglab.graph.names_by_rules import NamesByRules

NOTES = "The quillfish swims past Vantor Reef each spring.\n\nDr. Marsh counted 3.5 thousand of them."


def mine() -> Collection:
    return Collection(
        [
            read_file("notes.txt", NOTES.encode()),
            read_file("report.pdf", make_pdf(["Annual report. The fund met.", "", "A buoy is red."])),
            read_file("memo.docx", make_docx(["Memo to the crew.", "Winter starts in November."])),
        ],
        related_words={"fish": ("quillfish",)},
        presets={"plain": ("What is red?",)},
    )


# --- Adding and removing -----------------------------------------------------------------------------------------


def test_the_same_text_twice_is_refused_naming_both_files():
    docs = mine()
    with pytest.raises(ReadError) as raised:
        docs.add(read_file("copy.md", NOTES.upper().replace("\n\n", "\n").encode()))
    assert (raised.value.kind, str(raised.value)) == (
        "duplicate",
        "copy.md is the same as notes.txt, which is already in your documents.",
    )


def test_documents_read_apart_get_slugs_of_their_own():
    docs = Collection()
    kept = [
        docs.add(read_file(name, text))
        for name, text in [
            ("notes.txt", b"One ferry."),
            ("Notes.md", b"Two ferries."),
            ("notes.html", b"<p>Three.</p>"),
        ]
    ]
    assert [d.slug for d in kept] == [d.slug for d in docs.documents] == ["notes", "notes_2", "notes_3"]
    assert [d.title for d in kept] == ["notes.txt", "Notes.md", "notes.html"]
    assert docs.add(replace(read_pasted("Four.", "x"), slug="Bad-Slug")).slug == "bad_slug"


def test_documents_the_page_restores_are_checked_too():
    """Intent: the page fills ``documents`` from its records, not through ``add``; a later add still sees them."""
    docs = Collection()
    docs.documents.append(read_file("notes.txt", NOTES.encode()))
    with pytest.raises(ReadError, match="the same as notes.txt"):
        docs.add(read_pasted(NOTES, "Pasted text"))


def test_remove_then_add_again():
    docs = mine()
    assert docs.remove("notes").source == "notes.txt"
    assert [d.slug for d in docs.documents] == ["report", "memo"]
    assert docs.add(read_file("notes.txt", NOTES.encode())).slug == "notes"
    with pytest.raises(KeyError):
        docs.remove("nope")


def test_limits_on_files_and_characters(monkeypatch):
    monkeypatch.setattr(limits, "MAX_FILES", 3)
    docs = mine()
    with pytest.raises(ReadError) as raised:
        docs.add(read_pasted("One more text.", "more"))
    assert (raised.value.kind, str(raised.value)) == (
        "too_many",
        "more would take your documents past 3 files, the most the lab keeps.",
    )
    monkeypatch.setattr(limits, "MAX_FILES", 10)
    monkeypatch.setattr(limits, "MAX_TOTAL_CHARS", 2_000_000)
    with pytest.raises(ReadError, match="^big.txt would take your documents past 2 million characters"):
        docs.add(read_file("big.txt", b"ferry " * 400_000))


def test_corpus_is_searched_like_fernport():
    corpus = mine().corpus()
    assert corpus.name == "yours" and [d.slug for d in corpus.documents] == ["notes", "report", "memo"]
    assert corpus.related_words == {"fish": ("quillfish",)} and corpus.presets == {"plain": ("What is red?",)}
    assert [c.id for c in Lab(corpus).chunks()] == ["notes-1", "report-1", "report-2", "memo-1"]
    with pytest.raises(CorpusError, match="no documents yet"):
        Collection().corpus()


# --- Records for the browser's store -----------------------------------------------------------------------------


def test_records_are_json_and_give_the_document_back():
    for doc in mine().documents:
        record = json.loads(json.dumps(document_record(doc)))
        assert document_from_record(record) == doc
    assert document_record(mine().documents[1])["page_starts"] == [0, 28, 30]
    with pytest.raises(CorpusError, match="cannot be read back"):
        document_from_record({"slug": "x"})


# --- The zip -----------------------------------------------------------------------------------------------------


def test_zip_holds_the_corpus_folder_layout():
    data = mine().to_zip()
    archive = zipfile.ZipFile(io.BytesIO(data))
    assert archive.namelist() == [
        "01-notes.md",
        "02-report.md",
        "03-memo.md",
        "synonyms.toml",
        "presets.toml",
        "passages.toml",  # blocks: a corpus folder without it is cut into 2 sentences
    ]
    assert archive.read("01-notes.md").decode() == (
        "# notes.txt\n\n<!-- source: notes.txt -->\n\nThe quillfish swims past Vantor Reef each spring.\n\n"
        "Dr. Marsh counted 3.5 thousand of them.\n"
    )
    assert archive.read("02-report.md").decode() == (
        "# report.pdf\n\n<!-- source: report.pdf -->\n\n<!-- page 1 -->\nAnnual report. The fund met.\n\n"
        "<!-- page 2 -->\n\n<!-- page 3 -->\nA buoy is red.\n"
    )
    assert tomllib.loads(archive.read("synonyms.toml").decode()) == {"related": {"fish": ["quillfish"]}}
    assert tomllib.loads(archive.read("presets.toml").decode()) == {"presets": {"plain": ["What is red?"]}}


def _passages(corpus_documents):
    return [(c.id, c.text, c.page, c.where) for size in CHUNK_SIZES for c in chunk_documents(corpus_documents, size)]


def test_zip_round_trip_gives_the_same_passages():
    before = mine()
    after = from_zip(before.to_zip())
    assert after.documents == before.documents
    assert _passages(after.documents) == _passages(before.documents)
    assert ("report-s1-3", "A buoy is red.", 3, "report.pdf, p. 3") in _passages(after.documents)
    assert after.related_words == before.related_words and after.presets == before.presets


def test_fernport_round_trips_too():
    fernport = load_corpus()
    after = from_zip(Collection(fernport.documents, fernport.related_words).to_zip())
    assert after.documents == list(fernport.documents) and after.related_words == fernport.related_words


def test_the_command_line_reads_the_unzipped_export(tmp_path):
    zipfile.ZipFile(io.BytesIO(mine().to_zip())).extractall(tmp_path)
    corpus, problems = read_folder(tmp_path, find_names=NamesByRules)
    assert list(corpus.documents) == mine().documents and problems == []
    assert corpus.related_words == {"fish": ("quillfish",)}


def test_a_zip_of_plain_files_is_read_file_by_file():
    data = make_zip(
        {
            "mine/b.txt": b"Boats sail at dawn.",
            "mine/a.md": b"# Walks\n\nThe reef walk.",
            "mine/c.txt": b"",
            "__MACOSX/mine/._b.txt": b"\x00junk",
            "mine/synonyms.toml": b'[related]\nship = ["boat"]\n',
        }
    )
    docs = from_zip(data, "mine.zip")
    assert [d.slug for d in docs.documents] == ["b", "a"] and docs.related_words == {"ship": ("boat",)}
    assert [str(e) for e in docs.skipped] == ["c.txt is empty."]


@pytest.mark.parametrize(
    ("data", "error", "message"),
    [
        (b"not a zip", ReadError, "^documents.zip is not a readable ZIP archive.$"),
        (make_zip({"c.txt": b""}), CorpusError, "^documents.zip gives nothing to search:\n  c.txt is empty.$"),
        (make_zip({"01-a.md": b"no title"}), CorpusError, "^01-a.md: the first line must be the title"),
        (
            make_zip({"01-a.md": b"# A\n\n<!-- page 2 -->\nTwo.\n<!-- page 1 -->\nOne."}),
            CorpusError,
            "^01-a.md: page markers count up, so page 1 cannot come after page 2$",
        ),
        (make_zip({"01-a.md": b"# A\n\nText.", "02-a.md": b"# B\n\nMore."}), CorpusError, "two documents share a slug"),
    ],
)
def test_a_bad_zip_says_why(data, error, message):
    with pytest.raises(error, match=message):
        from_zip(data)


def test_document_markdown_of_a_pasted_text_names_no_source():
    assert document_markdown(read_pasted("Line one.\n\nLine two.", "My notes")) == (
        "# My notes\n\nLine one.\n\nLine two.\n"
    )


# --- The word list -----------------------------------------------------------------------------------------------


def test_word_list_lines():
    text = "# my words\nBoats: ferry, the crossings  # the usual\n\nticket:fare\n10:00: ten\nboat: ship"
    assert parse_word_list(text) == {"boat": ("ferry", "crossing", "ship"), "ticket": ("fare",), "10:00": ("ten",)}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("boat: ferry\nboat ferry", "Line 2 of the word list has no colon"),
        ("the: ferry", "Line 1 of the word list starts with “the”, which is not a search word"),
        ("boat: the, a", "Line 1 of the word list gives “boat” no related search words."),
        ("boat:", "Line 1 of the word list gives “boat” no related search words."),
    ],
)
def test_a_bad_word_list_line_is_named(text, message):
    with pytest.raises(CorpusError, match=message):
        parse_word_list(text)


def test_word_list_text_reads_back_the_same():
    related = load_corpus().related_words
    assert parse_word_list(word_list_text(related)) == related
    assert {k: tuple(v) for k, v in tomllib.loads(toml_table("related", related))["related"].items()} == related


def test_the_collection_keeps_count_of_slugs_and_characters_as_documents_come_and_go(monkeypatch):
    """Adding is not a sum over every document kept (5,000 adds: 0.1 s, were 2.1 s); the counts stay true when the
    page changes the list itself."""
    docs = [read_file(f"n{i}.txt", f"Note {i} says the tide reached mark {i}.".encode()) for i in range(5)]
    collection = Collection()
    for doc in docs:
        collection.add(doc)
    collection.remove("n1")
    collection.documents.pop()  # as the page does when it restores records: the counts are made again
    assert collection.add(docs[1]).slug == "n1" and collection.add(docs[4]).slug == "n4"
    assert collection._chars == sum(len(d.text) for d in collection.documents)
    assert collection._slugs == {d.slug for d in collection.documents} == {"n0", "n1", "n2", "n3", "n4"}
    monkeypatch.setattr(limits, "MAX_TOTAL_CHARS", collection._chars + 10)
    with pytest.raises(ReadError, match="big.txt"):
        collection.add(read_file("big.txt", b"Eleven words will not fit."))


def test_the_zip_carries_the_names_and_the_command_line_reads_them(tmp_path):
    """The page's names (found by rules, with the visitor's edits) go into the export as entities.toml, which a
    corpus folder's reader takes as its names."""
    from raglab.documents.corpus import Entity

    collection = Collection([read_file("notes.txt", b"Ida Lund keeps the lighthouse. Lund rows to Millbay.")])
    names = [Entity("Ida Lund", ("Lund",)), Entity('Millbay "North"')]
    data = collection.to_zip(names)
    zipfile.ZipFile(io.BytesIO(data)).extractall(tmp_path)
    corpus, problems = read_folder(tmp_path, find_names=NamesByRules)
    assert problems == [] and [(e.name, e.aliases) for e in corpus.entities] == [(e.name, e.aliases) for e in names]
    assert "entities.toml" not in zipfile.ZipFile(io.BytesIO(collection.to_zip())).namelist()

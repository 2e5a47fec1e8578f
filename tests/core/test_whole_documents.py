"""One passage per document: a lab whose passages are its documents, whole (abstracts, FAQ entries), chosen for a
visitor's collection, kept in its zip (passages.toml) and read back from a folder; Fernport keeps 2 sentences."""

import io
import math
import zipfile

import pytest
from tests.core.conftest import stand_in_embed

from raglab import Lab, run
from raglab.documents.chunking import (
    BLOCKS,
    DEFAULT_SIZE,
    WHOLE_DOCUMENT,
    chunk_documents,
    passage_count,
    passages_phrase,
    whole_document,
)
from raglab.documents.collect_files import read_folder
from raglab.documents.collection import Collection
from raglab.documents.corpus import Corpus, CorpusError, Document
from raglab.documents.passage_sizes import PASSAGES_FILE, passage_size_from, passage_size_in, passages_toml
from raglab.documents.readers import read_file
from raglab.documents.zip_import import from_zip
from raglab.graph.names_by_rules import NamesByRules
from raglab.search.keyword import KeywordIndex
from raglab.ui.documents_html import render_kept, render_read, render_section

# Three short "abstracts": 3, 2 and 1 sentences.
ABSTRACTS = {
    "4983": "Tide pools hold sea stars. Sea stars eat mussels. Mussels grow on rocks.",
    "5836": "Gulls nest on cliffs. A gull eats fish and mussels.",
    "7912": "Fog rolls in from the sea each morning.",
}


def whole_lab() -> Lab:
    docs = tuple(read_file(f"{slug}.txt", text.encode()) for slug, text in ABSTRACTS.items())
    return Lab(Corpus("abstracts", docs), WHOLE_DOCUMENT)


def test_each_document_is_one_passage_named_slug_1():
    lab = whole_lab()
    assert [(c.id, c.sentences, c.text) for c in lab.chunks()] == [
        (f"{slug}-1", n, text) for (slug, text), n in zip(ABSTRACTS.items(), (3, 2, 1), strict=True)
    ]
    assert [c.id for c in Lab(lab.corpus).chunks()] == ["4983-1", "4983-2", "5836-1", "7912-1"]  # 2 sentences


def test_passage_texts_and_counts_need_no_cutting():
    """What a page counts and embeds on load: the same texts as the chunks', whole documents not cut first."""
    lab = whole_lab()
    assert lab.passage_texts() == list(ABSTRACTS.values()) == [c.text for c in lab.chunks()]
    two = Lab(lab.corpus)
    assert two.passage_texts() == [c.text for c in two.chunks()]
    assert [passage_count(d, WHOLE_DOCUMENT) for d in lab.corpus.documents] == [1, 1, 1]
    assert [passage_count(d, 2) for d in lab.corpus.documents] == [2, 1, 1]


def test_keyword_weights_count_documents():
    """N is the number of documents: "mussel" is in 2 of 3, ln(1 + 3/2) = 0.92; "grow" and "rock" in 1 each,
    ln(1 + 3/1) = 1.39; 0.92 + 1.39 + 1.39 = 3.69."""
    result = run(whole_lab(), "plain", "Do mussels grow on rocks?")
    assert [(h.id, round(h.score, 2)) for h in result.passages] == [("4983-1", 3.69), ("5836-1", 0.92)]
    assert result.steps[1].startswith("Scored all 3 passages")
    assert [p.formula for p in result.passages[0].parts] == ["ln(1 + 3/2)", "ln(1 + 3/1)", "ln(1 + 3/1)"]


def test_same_scores_as_an_index_of_whole_documents():
    """The reference: bench/scifact.py's one chunk per abstract, here whole_document's, scores every question the
    same."""
    lab = whole_lab()
    reference = KeywordIndex([whole_document(d) for d in lab.corpus.documents])
    for words in (["mussel"], ["sea", "star"], ["gull", "fish", "fog"]):
        ours = [(h.id, h.score) for h in lab.index().search(words, 10)]
        assert ours == [(f"{h.id}-1", h.score) for h in reference.search(words, 10)]


def test_bm25_graph_and_vectors_use_whole_documents():
    lab = whole_lab()
    assert len(lab.bm25_index_for()) == 3
    assert set(lab.graph.mentions) == {"4983-1", "5836-1", "7912-1"}
    result = run(lab, "hybrid", "What do gulls eat?", embed=stand_in_embed)
    assert {h.id for h in result.details["vector"]} == {"4983-1", "5836-1", "7912-1"}
    assert result.passages[0].id == "5836-1"
    hyde = run(lab, "hyde", "What do gulls eat?", embed=stand_in_embed, hypothetical="Gulls eat fish.")
    assert hyde.passages[0].id == "5836-1"
    assert len(lab.vectors(stand_in_embed)) == 3


def test_chunk_size_and_parent_keep_their_own_sizes_and_say_which_is_plain():
    lab = whole_lab()
    sizes = run(lab, "chunk_size", "Where do gulls nest?")
    assert sizes.details["chunks_per_size"] == {"1": 6, "2": 4, "4": 3}
    assert [h.id for h in sizes.passages] == ["5836-s1-1", "5836-s2-1", "5836-s4-1"]
    parent = run(lab, "parent", "Where do gulls nest?")
    assert parent.comparison.label == "plain search (whole documents)"
    assert [h.id for h in parent.comparison.passages] == ["5836-1"]
    document = run(lab, "document", "Where do gulls nest?")
    assert "which here are the passages themselves" in document.steps[1]


def test_fernport_keeps_two_sentences(lab):
    assert lab.passage_size == DEFAULT_SIZE and len(lab.chunks()) == 32
    assert run(lab, "parent", "Who is Ida Lund?").comparison.label == "plain search (2-sentence passages)"
    assert passages_phrase(lab.passage_size) == "passages of 2 sentences"


def test_a_passage_size_is_sentences_or_document():
    with pytest.raises(ValueError, match="a whole number of sentences from 1"):
        Lab(whole_lab().corpus, "paragraph")
    with pytest.raises(ValueError):
        Lab(whole_lab().corpus, 0)


def test_zip_keeps_the_choice_and_a_folder_gives_it_back(tmp_path):
    docs = [read_file(f"{slug}.txt", text.encode()) for slug, text in ABSTRACTS.items()]
    two = Collection(docs, passage_size=DEFAULT_SIZE)
    assert PASSAGES_FILE not in zipfile.ZipFile(io.BytesIO(two.to_zip())).namelist()  # a corpus folder's own cut
    blocks = Collection(docs)  # a visitor's files follow their blocks unless the visitor says otherwise
    assert blocks.passage_size == BLOCKS and from_zip(blocks.to_zip()).passage_size == BLOCKS
    whole = Collection(docs, passage_size=WHOLE_DOCUMENT)
    data = whole.to_zip()
    archive = zipfile.ZipFile(io.BytesIO(data))
    assert sorted(archive.namelist()) == ["01-4983.md", "02-5836.md", "03-7912.md", PASSAGES_FILE]
    assert from_zip(data).passage_size == WHOLE_DOCUMENT

    archive.extractall(tmp_path)  # unzipped, it is what `raglab --corpus` reads
    corpus, problems = read_folder(tmp_path, find_names=NamesByRules)
    assert problems == [] and passage_size_in(tmp_path) == WHOLE_DOCUMENT
    cli = Lab(corpus, passage_size_in(tmp_path))
    page = Lab(from_zip(data).corpus(), from_zip(data).passage_size)
    assert (
        [(c.id, c.text) for c in cli.chunks()]
        == [(c.id, c.text) for c in page.chunks()]
        == [(c.id, c.text) for c in chunk_documents(docs, WHOLE_DOCUMENT)]
    )
    assert passage_size_in(tmp_path / "nowhere") == DEFAULT_SIZE


def test_a_zip_of_plain_files_may_say_it_too():
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for slug, text in ABSTRACTS.items():
            archive.writestr(f"{slug}.txt", text)
        archive.writestr(PASSAGES_FILE, passages_toml(WHOLE_DOCUMENT))
    imported = from_zip(out.getvalue())
    assert imported.passage_size == WHOLE_DOCUMENT and len(imported.documents) == 3


def test_a_bad_passages_file_names_itself():
    assert passage_size_from("") == DEFAULT_SIZE
    with pytest.raises(CorpusError, match=r"passages.toml: a passage is a whole number .* not 'paragraph'"):
        passage_size_from('[passages]\nsize = "paragraph"\n')
    with pytest.raises(CorpusError, match="passages.toml"):
        passage_size_from("[passages\n")


def test_your_documents_counts_passages_at_the_chosen_size():
    doc = Document("tides", "tides.txt", "One. Two. Three. Four. Five.", source="tides.txt")
    assert "5 words, 3 passages" in render_read([doc])
    assert "5 words, 1 passage." in render_read([doc], size=WHOLE_DOCUMENT)
    assert "5 words · 1 passage" in render_kept([doc], 900, None, WHOLE_DOCUMENT)
    section = render_section(10)
    assert "Cut your documents into:" in section
    assert '<input type="radio" name="passages" value="2"> passages of 2 sentences, as Fernport' in section
    assert '<input type="radio" name="passages" value="blocks" checked> passages that follow the document' in section
    assert 'value="document"> one passage per document (short documents such as abstracts or FAQ entries)' in section


def test_weights_at_scale_follow_the_document_count():
    """A hundred one-sentence notes, one holding "quillfish": its weight is ln(1 + 100/1)."""
    docs = tuple(
        Document(f"n{i}", f"n{i}", f"Note {i} mentions the {'quillfish' if i == 7 else 'reef'}.") for i in range(100)
    )
    hit = run(Lab(Corpus("notes", docs), WHOLE_DOCUMENT), "plain", "quillfish?").passages[0]
    assert hit.id == "n7-1" and hit.score == math.log(1 + 100 / 1)


def test_the_command_line_cuts_a_folder_as_its_passages_file_says(tmp_path, capsys):
    from raglab.cli import main

    archive = zipfile.ZipFile(
        io.BytesIO(
            Collection(
                [read_file(f"{slug}.txt", text.encode()) for slug, text in ABSTRACTS.items()],
                passage_size=WHOLE_DOCUMENT,
            ).to_zip()
        )
    )
    archive.extractall(tmp_path)
    assert main(["corpus", "--corpus", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert f"{tmp_path.name}: 3 documents, 3 passages, one passage per document" in out
    assert "[4983-1]" in out or "4983-1" in out
    (tmp_path / PASSAGES_FILE).write_text("[passages]\nsize = 0\n")
    assert main(["corpus", "--corpus", str(tmp_path)]) == 2
    assert "passages.toml: a passage is a whole number of sentences" in capsys.readouterr().err

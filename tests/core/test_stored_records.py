"""Records read back from the browser's store (issue 24): what the page wrote comes back as it was; what does not
fit is left aside with one sentence, the rest kept, and no stored value reaches a lookup or a selector."""

import json

import pytest

from raglab.documents.corpus import Document
from raglab.documents.records import collection_from_records, document_record, unread_documents
from raglab.graph.names import apply_edits, edits_from_record
from raglab.page import corpus_named

NOTES = Document("notes", "Notes", "Boats sail at dawn. The ferry leaves at noon.", source="notes.txt")
MEMO = Document("memo", "Memo", "The winter timetable starts in November.", source="memo.txt")


def records(meta: object, **docs: object) -> dict:
    out = {"meta": meta if isinstance(meta, str) else json.dumps(meta)}
    out.update({f"doc:{slug}": r if isinstance(r, str) else json.dumps(r) for slug, r in docs.items()})
    return out


def meta(**changes) -> dict:
    return {"order": ["notes", "memo"], "words": "boat: ferry", "passages": 2, "corpus": "yours", **changes}


GOOD = {"notes": document_record(NOTES), "memo": document_record(MEMO)}


def test_what_the_page_wrote_comes_back_as_it_was():
    c, corpus, said = collection_from_records(records(meta(), **GOOD))
    assert c.documents == [NOTES, MEMO] and c.related_words == {"boat": ("ferry",)} and c.passage_size == 2
    assert corpus_named(corpus) == "yours" and said == ""


@pytest.mark.parametrize(
    ("stored", "kept", "said"),
    [
        (records(meta(), notes="{not json", memo=GOOD["memo"]), ["memo"], "1 of your kept documents could not"),
        (records(meta(), notes=None, memo=GOOD["memo"]), ["memo"], "1 of your kept documents could not"),
        (records(meta(), notes={**GOOD["notes"], "version": 2}, memo=GOOD["memo"]), ["memo"], "1 of your kept"),
        (records(meta(), notes={**GOOD["notes"], "text": ["x"]}, memo=GOOD["memo"]), ["memo"], "1 of your kept"),
        (records(meta(), notes=GOOD["memo"], memo=GOOD["memo"]), ["memo"], "1 of your kept"),  # under another key
        (records(meta(), notes="1", memo="[]"), [], "Your kept documents could not be read back."),
        (records("{not json", **GOOD), ["memo", "notes"], "The list of your kept documents could not be read"),
        (records({"order": "notes"}, **GOOD), ["memo", "notes"], "The list of your kept documents could not be read"),
        (records(meta(words=["boat", "ferry"]), **GOOD), ["notes", "memo"], "Your word list could not be read"),
        (records(meta(passages="many"), **GOOD), ["notes", "memo"], "How your documents are cut could not"),
    ],
)
def test_what_does_not_fit_is_left_aside_and_said_and_the_rest_kept(stored, kept, said):
    """Intent: one damaged record never hides the documents after it (the next keep would orphan them), and never
    stops the lab from starting."""
    c, _, sentence = collection_from_records(stored)
    assert [d.slug for d in c.documents] == kept
    assert sentence.startswith(said), sentence


@pytest.mark.parametrize("stored", ["bogus", "yours],x", "__proto__", None, ["yours"], {"a": 1}, 7])
def test_a_stored_corpus_that_is_not_the_visitors_is_fernport(stored):
    _, corpus, _ = collection_from_records(records(meta(corpus=stored), **GOOD))
    assert corpus_named(corpus) == "fernport"


# --- issue 36: every record kind through one checked path -------------------------------------------------------


def test_a_missing_meta_is_made_again_from_the_documents_there():
    out = dict(records(meta(), **GOOD))
    del out["meta"]
    c, corpus, said = collection_from_records(out)
    assert [d.slug for d in c.documents] == ["memo", "notes"]  # key order
    assert said == "The list of your kept documents was missing; it was made again from the 2 documents kept."


def test_a_document_kept_but_not_listed_comes_back_after_those_listed():
    c, _, said = collection_from_records(records(meta(order=["memo"]), **GOOD))
    assert [d.slug for d in c.documents] == ["memo", "notes"]
    assert said == "1 of your kept documents was missing from their list; it is back at its end."


def test_records_nested_too_deep_are_damaged_records_not_a_fatal_error():
    """json.loads of ~12,000 nested brackets kills Pyodide (raglab.documents.records): refused before it runs."""
    deep = "[" * 50_000 + "]" * 50_000
    c, _, said = collection_from_records(records(deep, notes=deep, memo=GOOD["memo"]))
    assert [d.slug for d in c.documents] == ["memo"]
    assert said.startswith("The list of your kept documents could not be read back")
    assert "1 of your kept documents could not be read back" in said


@pytest.mark.parametrize(
    "raw",
    [
        "not json",
        "5",
        "null",
        '["added"]',
        '{"added": 5}',
        '{"added": [{"aliases": ["x"]}]}',
        '{"merged": [["a", 5]]}',
        '{"removed": [1]}',
        '{"renamed": []}',
        "[" * 50_000 + "]" * 50_000,
    ],
)
def test_names_of_any_other_shape_are_left_aside_with_a_sentence(raw):
    edits, said = edits_from_record(raw)
    assert edits == {"added": [], "merged": [], "removed": []}
    assert said == "Your edits to the names could not be read back; the names are as found in your documents."
    assert apply_edits((), edits) == ()  # what Graph RAG then uses: the names as found


def test_names_as_the_page_writes_them_come_back_as_they_were():
    kept = {"added": [{"name": "Pier", "aliases": ["quay"]}], "merged": [["Mira", "Okafor"]], "removed": ["Millbay"]}
    assert edits_from_record(json.dumps(kept)) == (kept, "")


# --- issue 36: a record's values bounded before json.loads runs ----------------------------------------------------

MANY = 1_500_000  # values: more than records.MAX_RECORD_VALUES


def test_records_of_too_many_keys_or_values_are_left_aside_before_they_are_parsed():
    """Intent: a meta of 1.5 million keys, a document of 1.5 million page starts and a names record of 1.5 million
    keys are each left aside with their sentence, the rest kept; none is handed to json.loads (its dict of millions
    of keys took 5 s here)."""
    keys = "{" + ", ".join(f'"k{i}": 1' for i in range(MANY)) + "}"
    c, _, said = collection_from_records(records(keys, **GOOD))
    assert [d.slug for d in c.documents] == ["memo", "notes"]
    assert said.startswith("The list of your kept documents could not be read back")
    starts = json.dumps({**GOOD["notes"], "page_starts": [0] * MANY})
    c, _, said = collection_from_records(records(meta(), notes=starts, memo=GOOD["memo"]))
    assert [d.slug for d in c.documents] == ["memo"]
    assert said == "1 of your kept documents could not be read back; the rest are here."
    edits, said = edits_from_record('{"added": [], "removed": [' + ", ".join(['"x"'] * MANY) + "]}")
    assert edits == {"added": [], "merged": [], "removed": []} and said.startswith("Your edits to the names could not")


def test_a_record_of_a_long_text_with_many_commas_is_read():
    """Intent: the commas of a text are not values: a document whose text holds 1.5 million of them comes back."""
    doc = Document("commas", "Commas", "Boats, " * MANY + "sail.")
    c, _, said = collection_from_records(records(meta(order=["commas"]), commas=document_record(doc)))
    assert c.documents == [doc] and said == ""


def test_the_unread_documents_and_their_pdfs_are_the_ones_the_page_removes():
    """Intent: what could not be read back is named for removal with its PDF bytes, and nothing that was read."""
    stored = records(meta(order=["notes", "memo", "torn"]), **GOOD, torn='{"slug": "torn", "text": ')
    c, _, said = collection_from_records(stored)
    assert unread_documents([*stored, "pdf:notes", "pdf:torn"], [d.slug for d in c.documents]) == [
        "doc:torn",
        "pdf:torn",
    ]


def test_an_unlisted_record_that_cannot_be_read_is_not_said_to_be_back():
    """Intent: of two records the list does not name, the one read is back at the list's end and said so; the
    damaged one is said to be unreadable only, not also "back"."""
    stored = records(meta(order=["notes"]), **GOOD, torn='{"slug": "torn", "text": ')
    c, _, said = collection_from_records(stored)
    assert [d.slug for d in c.documents] == ["notes", "memo"]
    assert said == (
        "1 of your kept documents was missing from their list; it is back at its end. "
        "1 of your kept documents could not be read back; the rest are here."
    )


def test_a_missing_meta_is_made_again_from_the_documents_that_could_be_read():
    """Intent: the sentence counts the documents the list was made from, not the records that were there."""
    c, _, said = collection_from_records({"doc:notes": json.dumps(GOOD["notes"]), "doc:torn": '{"slug": "torn"'})
    assert [d.slug for d in c.documents] == ["notes"]
    assert said == (
        "The list of your kept documents was missing; it was made again from the 1 document kept. "
        "1 of your kept documents could not be read back; the rest are here."
    )

"""The page's records in the browser's store (IndexedDB): a document as a record and back, the collection read back
from them with a sentence for what did not fit, and what is then removed.

A record is read back as JSON text, parsed only once its nesting is known to be shallow: in Pyodide, ``json.loads``
of some 12,000 nested brackets overflows the WebAssembly stack, a fatal error that no ``except`` catches and after
which no Python runs again (bench/README.md). The page's records nest a few
levels; anything deeper is not one of them.

>>> record_json('{"order": ["a", "b"], "words": "[not a bracket"}')
{'order': ['a', 'b'], 'words': '[not a bracket'}
>>> record_json("[" * 50_000 + "]" * 50_000)
Traceback (most recent call last):
...
ValueError: nested more than 32 deep: not one of the page's records
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence

from .chunking import default_size
from .collection import Collection
from .corpus import CorpusError, Document
from .passage_sizes import passage_size_in_record
from .word_lists import parse_word_list

MAX_RECORD_DEPTH = 32  # the page's records nest at most 4 deep (a document record's blocks)
# The most values a record may hold: a document of MAX_PAGES pages lists as many page starts, and its left-out lines
# (a running header and footer a page) 4 values each, about 90,000 in all; the meta record lists up to MAX_FILES.
MAX_RECORD_VALUES = 1_000_000
# How deep the page converts the store's answer ([[key, value], ...]) to Python: to its pairs, so a value that is not
# text stays a JavaScript object, which record_json refuses; converted whole, an array nested 3,000 deep overflowed
# the JavaScript stack ("Python could not start: RangeError: Maximum call stack size exceeded").
RECORD_PAIRS_DEPTH = 2
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')  # a JSON string, whatever brackets it holds
_BRACKET = re.compile(r"[\[\]{}]")


def record_json(raw: object, max_depth: int = MAX_RECORD_DEPTH, max_values: int = MAX_RECORD_VALUES) -> object:
    """``raw`` parsed as JSON; ValueError when it is not text, not JSON, nested deeper than ``max_depth``, or holding
    more than ``max_values`` values (keys, items and members of every kind, counted by the commas between them
    outside strings), each found before ``json.loads`` runs.

    >>> record_json('{"order": [' + ", ".join(["1"] * 2_000_000) + "]}")
    Traceback (most recent call last):
    ...
    ValueError: more than 1,000,000 values: not one of the page's records
    """
    if not isinstance(raw, str):
        raise ValueError(f"not text but {type(raw).__name__}")
    bare = _STRING.sub("", raw)
    if bare.count(",") >= max_values:
        raise ValueError(f"more than {max_values:,} values: not one of the page's records")
    depth = 0
    for bracket in _BRACKET.findall(bare):
        depth += 1 if bracket in "[{" else -1
        if depth > max_depth:
            raise ValueError(f"nested more than {max_depth} deep: not one of the page's records")
    return json.loads(raw)


def unread_documents(keys: Iterable[str], read: Iterable[str]) -> list[str]:
    """The keys of the document records that were not read back (``read``: the slugs of those that were), with the
    PDF bytes kept beside each (``pdf:<slug>``, for the source view): the page removes them from the store, so no
    visit reads them again, and no Keep, which lists only the documents read, leaves them there unlisted.

    >>> unread_documents(["meta", "doc:a", "doc:torn", "pdf:torn", "vec:x"], ["a"])
    ['doc:torn', 'pdf:torn']
    """
    read = set(read)
    slugs = [key.removeprefix("doc:") for key in keys if key.startswith("doc:")]
    return [f"{kind}:{slug}" for slug in slugs if slug not in read for kind in ("doc", "pdf")]


def removed_sentence(error: str | None) -> str:
    """What the page says once it tried to remove the records ``unread_documents`` named: removed, or not (``error``
    the browser's words)."""
    if error is None:
        return "What could not be read back was removed from this browser."
    return f"What could not be read back is still in this browser: removing it failed ({error})."


RECORD_VERSION = 1  # what document_record writes; a record of another version is left aside when read back


def document_record(doc: Document) -> dict:
    """A document as plain JSON data, for the browser's store (IndexedDB)."""
    record = {
        "version": RECORD_VERSION,
        "slug": doc.slug,
        "title": doc.title,
        "source": doc.source,
        "text": doc.text,
        "page_starts": list(doc.page_starts),
    }
    if doc.left_out:
        record["left_out"] = [list(line) for line in doc.left_out]
    return record


def document_from_record(record: object) -> Document:
    """A document read back from its record, checked against what ``document_record`` writes (a record kept before
    records had a version is version 1); a CorpusError when it does not fit.

    >>> document_from_record({"slug": "a", "title": "A", "text": "Boats sail."}).text
    'Boats sail.'
    >>> document_from_record({"version": 2, "slug": "a", "title": "A", "text": "x"})
    Traceback (most recent call last):
    raglab.documents.corpus.CorpusError: A document kept in this browser cannot be read back (version 2).
    """
    if not isinstance(record, Mapping):
        kind = type(record).__name__
        raise CorpusError(f"A document kept in this browser cannot be read back (not a record: {kind}).")
    if record.get("version", RECORD_VERSION) != RECORD_VERSION:
        raise CorpusError(f"A document kept in this browser cannot be read back (version {record.get('version')!r}).")
    try:
        if not all(isinstance(record[k], str) for k in ("slug", "title", "text")):
            raise TypeError("its slug, title and text are not all text")
        return Document(
            slug=record["slug"],
            title=record["title"],
            text=record["text"],
            source=str(record.get("source", "")),
            page_starts=tuple(int(n) for n in record.get("page_starts", ())),
            left_out=tuple((int(at), str(line), str(why)) for at, line, why in record.get("left_out", ())),
        )
    except (KeyError, TypeError, ValueError) as e:
        raise CorpusError(f"A document kept in this browser cannot be read back ({e!r}).") from e


def collection_from_records(records: Mapping[str, str]) -> tuple[Collection, object, str]:
    """The collection kept in a browser, read back from its records as the page writes them (JSON strings: ``meta``
    with the order, the word list, the passage size and the corpus searched; ``doc:<slug>`` each document), the
    stored corpus value (``raglab.page.corpus_named`` reads it), and one sentence about what did not fit ("" when
    everything did). A damaged record is left aside and the rest kept: a damaged ``meta`` keeps every readable
    document in key order, with the defaults; a missing one is made again from the ``doc:`` records there, and a
    document kept but not listed (a Keep cut short before its ``meta``) comes after those listed, so the next Keep,
    which writes the list again, drops no document that was in the store.

    >>> good = json.dumps(document_record(Document("a", "A", "Boats sail.")))
    >>> meta = json.dumps({"order": ["a", "b"], "words": "boat: ferry", "passages": 2, "corpus": "yours"})
    >>> c, corpus, said = collection_from_records({"meta": meta, "doc:a": good, "doc:b": "{not json"})
    >>> [d.slug for d in c.documents], c.related_words, corpus, said
    (['a'], {'boat': ('ferry',)}, 'yours', '1 of your kept documents could not be read back; the rest are here.')
    >>> c, corpus, said = collection_from_records({"meta": '{"order": "a", "words": ["x"]}', "doc:a": good})
    >>> [d.slug for d in c.documents], corpus, said
    (['a'], None, 'The list of your kept documents could not be read back; every document that could is here.')
    >>> b = json.dumps(document_record(Document("b", "B", "Ferries wait.")))
    >>> c, corpus, said = collection_from_records({"meta": meta.replace('"a", "b"', '"b"'), "doc:a": good, "doc:b": b})
    >>> [d.slug for d in c.documents], said
    (['b', 'a'], '1 of your kept documents was missing from their list; it is back at its end.')
    >>> c, corpus, said = collection_from_records({"doc:b": b, "doc:a": good})
    >>> [d.slug for d in c.documents], corpus, said
    (['a', 'b'], None, 'The list of your kept documents was missing; it was made again from the 2 documents kept.')
    """
    c = Collection()
    problems = []
    kept = sorted(key.removeprefix("doc:") for key in records if key.startswith("doc:"))
    try:
        meta = record_json(records.get("meta", "{}"))
        if not isinstance(meta, dict) or not isinstance(meta.get("order", []), list):
            raise ValueError("not a meta record")
        order = [str(slug) for slug in meta.get("order", [])]
    except (ValueError, TypeError):  # not JSON, not text, not the meta record's shape
        meta, order = {}, kept
        problems.append("The list of your kept documents could not be read back; every document that could is here.")
    listed = set(order)
    unlisted = [slug for slug in kept if slug not in listed]
    listed_by_meta, said_unlisted = "meta" in records and order is not kept, len(problems)  # said once read
    order = order + unlisted
    damaged = 0
    for slug in dict.fromkeys(order):  # each once
        raw = records.get(f"doc:{slug}")
        if raw is None:
            continue
        try:
            doc = document_from_record(record_json(raw))
            if doc.slug != slug:
                raise CorpusError(f"the record under {slug} holds {doc.slug}")
            c.documents.append(doc)
        except (ValueError, TypeError, CorpusError):  # not JSON, not text, not a document record
            damaged += 1
    if "meta" not in records:  # made again from the documents that could be read
        n = len(c.documents)
        problems.insert(
            0,
            f"The list of your kept documents was missing; it was made again from the {n} "
            f"{'document' if n == 1 else 'documents'} kept.",
        )
        said_unlisted += 1
    if (n := len({d.slug for d in c.documents} & set(unlisted))) and listed_by_meta:
        problems.insert(
            said_unlisted,
            f"{n} of your kept documents {'was' if n == 1 else 'were'} missing from their list; "
            f"{'it is' if n == 1 else 'they are'} back at its end.",
        )
    if damaged:
        problems.append(
            f"{damaged} of your kept documents could not be read back; the rest are here."
            if damaged < len(order)
            else "Your kept documents could not be read back."
        )
    try:
        words = meta.get("words", "")
        c.related_words = parse_word_list(words if isinstance(words, str) else "")
        if not isinstance(words, str):
            raise ValueError("not text")
    except (ValueError, CorpusError):
        problems.append("Your word list could not be read back; it is empty.")
    try:
        c.passage_size = passage_size_in_record(meta.get("passages", default_size(corpus_folder=False)))
    except ValueError:
        problems.append("How your documents are cut could not be read back; they are cut as at first.")
    return c, meta.get("corpus"), " ".join(problems)


def unread_vectors(damaged: int) -> str:
    """The sentence for kept vector records that were no vectors (null, a number, another length), forgotten so
    that each is made again from its passage ("" none).

    >>> unread_vectors(1)
    '1 kept meaning vector could not be read back; it was set aside, and “Make meaning vectors” makes it again.'
    """
    if not damaged:
        return ""
    one = damaged == 1
    return (
        f"{damaged} kept meaning {'vector' if one else 'vectors'} could not be read back; "
        f"{'it was' if one else 'they were'} set aside, and “Make meaning vectors” makes "
        f"{'it' if one else 'them'} again."
    )


WRITE_CHARS = 500_000  # characters of records the page writes in one IndexedDB transaction (its time: bench/README.md)


def write_slices(records: Sequence[tuple[str, str]], chars_per_slice: int = WRITE_CHARS) -> Iterator[list]:
    """The records (key, JSON) in runs of about ``chars_per_slice`` characters: a run ends with the record that
    reaches it, so one record larger than a run is a run of its own.

    >>> [[key for key, _ in part] for part in write_slices([("a", "xx"), ("b", "xxx"), ("c", "x")], 4)]
    [['a', 'b'], ['c']]
    """
    part, chars = [], 0
    for record in records:
        part.append(record)
        chars += len(record[1])
        if chars >= chars_per_slice:
            yield part
            part, chars = [], 0
    if part:
        yield part

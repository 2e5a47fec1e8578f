"""A record read back from the browser's store (IndexedDB), as JSON text, parsed only once its nesting is known to
be shallow: in Pyodide, ``json.loads`` of some 12,000 nested brackets overflows the WebAssembly stack, a fatal error
that no ``except`` catches and after which no Python runs again (bench/README.md). The page's records nest a few
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
from collections.abc import Iterable

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

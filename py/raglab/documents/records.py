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

MAX_RECORD_DEPTH = 32  # the page's records nest at most 4 deep (a document record's blocks)
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')  # a JSON string, whatever brackets it holds
_BRACKET = re.compile(r"[\[\]{}]")


def record_json(raw: object, max_depth: int = MAX_RECORD_DEPTH) -> object:
    """``raw`` parsed as JSON; ValueError when it is not text, not JSON, or nested deeper than ``max_depth``."""
    if not isinstance(raw, str):
        raise ValueError(f"not text but {type(raw).__name__}")
    depth = 0
    for bracket in _BRACKET.findall(_STRING.sub("", raw)):
        depth += 1 if bracket in "[{" else -1
        if depth > max_depth:
            raise ValueError(f"nested more than {max_depth} deep: not one of the page's records")
    return json.loads(raw)

"""A zip of files listed as the same files dropped one by one are (issue 36): its documents, and the files it could
not use, in the zip's own order, whichever reader read each (the core's, or the page's pdf.js and mammoth after it).

>>> from raglab.documents.collection import Collection
>>> from raglab.documents.read_errors import read_error
>>> from raglab.documents.readers import read_file
>>> zipped = Collection([read_file("c.txt", b"Boats sail."), read_file("a.pdf.txt", b"Ferries too.")])
>>> zipped.skipped, zipped.members = [read_error("b.docx", "empty")], ["a.pdf.txt", "b.docx", "c.txt"]
>>> [getattr(row, "slug", None) or row.name for row in in_zip_order(zipped)]
['a_pdf', 'b.docx', 'c']
"""

from __future__ import annotations

from typing import Any

from .file_names import escape_controls


def in_zip_order(collection: Any) -> list:
    """The collection's ``documents`` and ``skipped`` each put in the order of its ``members`` (the zip's file
    names; a name it does not hold goes last), and both as one list in that order, as the page lists files read."""
    place = {escape_controls(name): n for n, name in enumerate(collection.members)}

    def where(row) -> int:
        return place.get(getattr(row, "source", None) or getattr(row, "name", None) or row.title, len(place))

    collection.documents.sort(key=where)
    collection.skipped.sort(key=where)
    return sorted([*collection.documents, *collection.skipped], key=where)

"""A visitor's file names as the lab keeps them: a file's own name without its folders, each control character
escaped so the name is one line wherever it is written, and the slug its passages are labelled with.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Container
from pathlib import PurePosixPath

from .kinds import named_kind


def file_name(name: str) -> str:
    """A file's own name, without the folders a browser or a zip may give ("mine/notes.txt"), as the lab keeps it:
    each control character escaped (``escape_controls``)."""
    return escape_controls(PurePosixPath(name.replace("\\", "/")).name)


# Control characters, and the two line breaks of Unicode that str.splitlines breaks at too.
_CONTROLS = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def escape_controls(text: str, keep: str = "") -> str:
    """``text`` with each control character but those in ``keep`` written as Python writes it in a string: a line
    break as "\\n", a terminal's escape as "\\x1b". A file's name is kept so, then it is one line wherever it is
    written (a zip's Markdown, a message), and a terminal shows it rather than obeys it; the command line prints
    everything so, keeping line breaks and tabs.

    >>> print(escape_controls("a\\n<!-- page 50 -->.txt"), escape_controls("\\x1b[31mred\\x1b[0m\\u2028.md"))
    a\\n<!-- page 50 -->.txt \\x1b[31mred\\x1b[0m\\u2028.md
    >>> escape_controls("one\\ntwo\\r", keep="\\n\\t")
    'one\\ntwo\\\\r'
    """
    return _CONTROLS.sub(lambda m: m[0] if m[0] in keep else m[0].encode("unicode_escape").decode("ascii"), text)


def name_stem(name: str) -> str:
    path = PurePosixPath(name)
    return path.stem if named_kind(name) else path.name


def slug_for(name: str, taken: Container[str] = ()) -> str:
    """The slug of a file's passages (``{slug}-{n}``): its name without the extension, lower case, accents
    dropped, every other run of characters "_"; "_2", "_3" when taken.

    >>> slug_for("Annual Report (2023).pdf"), slug_for("note-217.txt"), slug_for("Über uns.md"), slug_for("…")
    ('annual_report_2023', 'note_217', 'uber_uns', 'document')
    >>> slug_for("notes.txt", {"notes", "notes_2"})
    'notes_3'
    """
    ascii_name = unicodedata.normalize("NFKD", name_stem(name)).encode("ascii", "ignore").decode().lower()
    slug = re.sub(r"[^a-z0-9]+", "_", ascii_name).strip("_")[:40].rstrip("_") or "document"
    unique, n = slug, 1
    while unique in taken:
        n += 1
        unique = f"{slug}_{n}"
    return unique

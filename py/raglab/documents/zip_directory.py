"""A zip's file names read from its directory a piece at a time (issue 36), so a zip of many files is counted, and
refused past the lab's bounds, in steps the page runs between its tasks, before zipfile reads the whole directory
in one call (10,001 entries were one task of half a second in the page).

A zip's directory is at its end: an end record (signature ``PK\\x05\\x06``) gives the directory's size and entry
count, and each entry (``PK\\x01\\x02``) is 46 bytes of fixed fields, then its name, an extra field and a comment
(PKWARE's APPNOTE.TXT, 4.3.12 and 4.3.16). A zip this plain reading does not follow (ZIP64, a damaged or odd
directory) is listed by zipfile instead, which says what is wrong with it.

>>> from raglab.documents.steps import run_steps
>>> from raglab.documents.zip_export import zipped
>>> run_steps(names_steps("documents.zip", zipped({"a.txt": "Boats sail.", "notes/b.md": "# B"})))
['a.txt', 'notes/b.md']
"""

from __future__ import annotations

import struct

from .steps import Steps
from .zip_guards import check_zip_entries, open_zip

LISTING = "its list of files"  # what is being read while the directory is
ENTRIES_A_STEP = 500  # directory entries read between two yields (a few ms in CPython)
_END = b"PK\x05\x06"
_END_FIELDS = struct.Struct("<4s4H2LH")  # signature, disks (2), entries here and in all, size, offset, comment
_ENTRY = b"PK\x01\x02"
_ENTRY_SIZE = 46
_UTF8_NAME = 0x800  # general purpose flag: the name is UTF-8 (else code page 437)


def names_steps(name: str, data: bytes) -> Steps[list[str]]:
    """Every entry's name in the zip's directory, in its order (folders too, ending in "/"), yielding LISTING
    every ENTRIES_A_STEP entries (what the page shows meanwhile); a ReadError as ``zip_guards.open_zip`` gives for a
    zip it cannot open."""
    check_zip_entries(name, data)
    names = yield from _plain_names_steps(name, data)
    if names is None:  # not a plain zip: zipfile's reading, and its verdict
        return open_zip(name, data).namelist()
    return names


def _plain_names_steps(name: str, data: bytes) -> Steps[list[str] | None]:
    end = data.rfind(_END, max(0, len(data) - _END_FIELDS.size - 0xFFFF))
    if end < 0 or end + _END_FIELDS.size > len(data):
        return None
    _, _, _, _, entries, size, _, _ = _END_FIELDS.unpack_from(data, end)
    at = end - size  # where the directory starts (bytes before the zip move its stated offset, not this)
    if entries == 0xFFFF or size == 0xFFFFFFFF or at < 0:
        return None  # ZIP64, or a size that does not fit
    names: list[str] = []
    while len(names) < entries:
        if data[at : at + 4] != _ENTRY or at + _ENTRY_SIZE > end:
            return None
        flags = int.from_bytes(data[at + 8 : at + 10], "little")
        length, extra, comment = struct.unpack_from("<3H", data, at + 28)
        raw = data[at + _ENTRY_SIZE : at + _ENTRY_SIZE + length]
        names.append(raw.decode("utf-8", "replace") if flags & _UTF8_NAME else raw.decode("cp437"))
        at += _ENTRY_SIZE + length + extra + comment
        if len(names) % ENTRIES_A_STEP == 0:
            yield LISTING
    return names if at == end else None

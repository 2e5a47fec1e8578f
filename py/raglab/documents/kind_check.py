"""A file's bytes checked against the kind its name gives (``kinds``): a ReadError that says what the file really is
and what the visitor can do, or, for a Word document, its zip, opened here once and handed on to be read.
"""

from __future__ import annotations

from .decoding import decode_text
from .kinds import head_kind
from .read_errors import ReadError, read_error
from .zip_guards import Zip, open_zip


def check_kind(name: str, data: bytes, kind: str) -> Zip | None:
    """Raise the ReadError for a file whose bytes are not what its extension says; a Word document's zip, opened
    here once, is handed on to be read."""
    expected = {"pdf": "pdf", "docx": "docx"}.get(kind, "text")
    found, archive = _sniff(name, data, kind)
    if found == expected:
        return archive
    if found == "encrypted":
        raise read_error(name, "encrypted")
    if expected == "docx" and found in ("zip", "text"):
        raise read_error(name, "broken")
    if expected == "pdf" and found == "text":
        try:
            decode_text(name, data)
        except ReadError:
            raise read_error(name, "broken") from None
    raise read_error(name, "mismatch", found=found)


_OLE_ENCRYPTED = "EncryptionInfo".encode("utf-16-le")  # the stream a password-protected Office file holds


def _sniff(name: str, data: bytes, kind: str) -> tuple[str, Zip | None]:
    """What a file's bytes say it is (``kinds.head_kind``; a zip "docx" when it holds a Word document, an old
    Office file "doc" or "encrypted"), and for a Word document named so its zip, opened once."""
    found = head_kind(data, kind)
    if found == "zip":
        try:
            archive = open_zip(name, data)
        except ReadError as error:  # a damaged .docx, or one of too many parts: said when it is read
            if kind == "docx":
                raise error
            return "zip", None
        is_docx = "word/document.xml" in archive.namelist()
        return ("docx", archive if kind == "docx" else None) if is_docx else ("zip", None)
    if found == "ole":
        return "encrypted" if kind == "docx" and _OLE_ENCRYPTED in data else "doc", None
    return found, None

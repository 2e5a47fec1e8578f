"""A text file's bytes as text: the encodings a visitor's files come in, and the bytes that were never text."""

from __future__ import annotations

import re

from .read_errors import read_error

_CONTROL = re.compile(r"[\x00-\x08\x0e-\x1f\x7f-\x9f]")


def decode_text(name: str, data: bytes) -> str:
    """Text from bytes: UTF-8 (a BOM is fine), UTF-16 with its BOM; else Windows-1252, the usual 8-bit text of
    older files. More than 1 control character in 100 means the bytes were never text."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError as e:
            raise read_error(name, "binary") from e
    if b"\x00" in data:
        raise read_error(name, "binary")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        try:
            text = data.decode("cp1252")
        except UnicodeDecodeError:  # five bytes cp1252 leaves undefined
            text = data.decode("latin-1")
    if len(_CONTROL.findall(text)) * 100 > len(text):
        raise read_error(name, "binary")
    return text


_CHARSET = re.compile(rb"""<meta[^>]*?charset\s*=\s*["']?\s*([-\w.:]+)""", re.IGNORECASE)


def decode_html(name: str, data: bytes) -> str:
    """A web page's text in the charset its <meta> names (when there is no BOM and Python knows it)."""
    declared = _CHARSET.search(data[:4096])
    if declared and not data.startswith((b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff")):
        try:
            return data.decode(declared.group(1).decode("ascii"), errors="replace")
        except LookupError:
            pass
    return decode_text(name, data)

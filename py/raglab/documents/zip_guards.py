"""A zip opened and unzipped within the lab's bounds (a .docx, or a visitor's documents.zip): its entries counted
before zipfile reads its directory, each member held to its size, its packing ratio and the zip's total, so a zip
bomb is said in one sentence before it expands.
"""

from __future__ import annotations

import io
import zipfile

from . import limits
from .expansion import zipped_size
from .file_names import file_name
from .read_errors import check_size, read_error

_DIRECTORY_ENTRY = b"PK\x01\x02"  # what starts each entry of a zip's directory


class Zip(zipfile.ZipFile):
    """A zip ``open_zip`` opened: its name, and the bytes ``unzip`` has taken from it so far."""

    def __init__(self, name: str, data: bytes):
        super().__init__(io.BytesIO(data))
        self.zip_name, self.unzipped, self.data = name, 0, data


def open_zip(name: str, data: bytes) -> Zip:
    """A zip (a .docx, or a visitor's documents.zip) opened, once its entries are counted: at most MAX_ZIP_ENTRIES.
    The count is an upper bound, each entry's signature counted in the bytes, so a zip of too many is refused before
    zipfile reads its directory (250,000 empty files, a 22 MB zip, took 8 s and 150 MB to open)."""
    check_zip_entries(name, data)
    try:
        return Zip(name, data)
    except (zipfile.BadZipFile, OSError, ValueError, EOFError) as e:
        raise read_error(name, "broken") from e


def check_zip_entries(name: str, data: bytes) -> None:
    """A ReadError ("zip_entries") for a zip that may hold more than MAX_ZIP_ENTRIES entries (``open_zip``)."""
    if data.count(_DIRECTORY_ENTRY) > limits.MAX_ZIP_ENTRIES:
        raise read_error(name, "zip_entries")


def unzip(archive: Zip, member: zipfile.ZipInfo) -> bytes:
    """A zip member's bytes, named by its file name in any ReadError: "encrypted", "too_large" (its size in the
    directory), or "damaged" (a bad checksum, bad compressed data); or the zip's "zip_total" once its members would
    unzip past MAX_ZIP_UNZIPPED in all (each may be small: 30,000 files of 100 KB packed 1,000 to 1 are 3 GB from a
    3 MB zip). zipfile unzips a piece at a time, no more than a read asks for, and stops at the directory's size to
    check the checksum: read at exactly that size, a member that says 200 bytes and unzips to 200 MB is "damaged"
    after 200 bytes (0.02 s, 0.1 MB), so the bytes counted, those unzipped, never pass what the directory said.

    >>> from raglab.documents.zip_export import zipped
    >>> archive = open_zip("documents.zip", zipped({"a.txt": "Boats sail.", "b.txt": "Ferries too."}))
    >>> [unzip(archive, m) for m in archive.infolist()], archive.unzipped
    ([b'Boats sail.', b'Ferries too.'], 23)
    """
    name = file_name(member.filename)
    if member.flag_bits & 0x1:  # the flag of an encrypted member
        raise read_error(name, "encrypted")
    check_size(name, member.file_size)
    check_zip_ratio(name, member.file_size, zipped_size(archive, member))
    if archive.unzipped + member.file_size > limits.MAX_ZIP_UNZIPPED:
        raise read_error(archive.zip_name, "zip_total")
    try:
        with archive.open(member) as data:
            out = data.read(member.file_size)
    except Exception as e:  # zipfile, zlib, bz2 and lzma each raise their own kind of error on damaged data
        raise read_error(name, "damaged") from e
    archive.unzipped += len(out)
    return out


def check_zip_ratio(name: str, unzipped: int, zipped: int) -> None:
    """A ReadError ("zip_ratio") for a file that its zip's directory says unzips to more than MAX_ZIP_RATIO times
    its zipped size (past ZIP_RATIO_FROM bytes), said before a byte is unzipped. Text and Word's XML pack 3 to 20
    to 1; a zip bomb packs the same bytes again and again, about 1,000 to 1 (so 20 MB unzip from 20 KB). The
    directory can lie, but zipfile unzips no more than the size it gives (``unzip``), so the bound holds."""
    if unzipped > limits.ZIP_RATIO_FROM and unzipped > limits.MAX_ZIP_RATIO * zipped:
        raise read_error(name, "zip_ratio", size=unzipped, zipped=zipped)

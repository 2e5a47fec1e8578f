"""What a PDF's compressed streams unzip to, measured as they are unzipped (issue 36), one rule for the page and the
command line: a stream that unzips past MAX_STREAM_BYTES is a zip bomb (1 GB of drawing operators packed in 2 MB),
and the file is given up before pdf.js or pypdf reads it. Without it each reader stopped at its own bound, in its
own words: pypdf at its 75 MB for a stream ("not a readable PDF"), pdf.js after its 4 s for a page (a page "took
more than 4 s"), so the same file had two verdicts.

Every stream's data follows the keyword ``stream`` and an end of line; a Flate stream's data starts with a zlib
header, and zlib says where it ends. Each is unzipped a PIECE at a time (a step each) and counted; data that is not
zlib's (a JPEG, an encrypted stream) is left to the reader. The streams of object streams are found alike.

>>> import zlib
>>> from raglab.documents.steps import run_steps
>>> packed = zlib.compress(b"0 0 m 1 1 l S\\n" * 1000)
>>> pdf = b"%PDF-1.4\\n4 0 obj\\n<< /Filter /FlateDecode >>\\nstream\\n" + packed + b"\\nendstream\\nendobj\\n"
>>> run_steps(streams_steps(pdf, limit=14_000))
14000
>>> run_steps(streams_steps(pdf, limit=13_999))
Traceback (most recent call last):
raglab.documents.budget.GivenUp: pdf_stream {'limit': 13999}
"""

from __future__ import annotations

import re
import zlib

from .budget import GivenUp
from .steps import Steps

MAX_STREAM_BYTES = 75_000_000  # one stream unzipped: pypdf's own bound (a page's text is a few MB at most)
PIECE = 1_000_000  # bytes unzipped in one step at most
IN = 64 * 1024  # bytes of a stream fed to zlib at once (so what it leaves over is never the rest of the file)
_STREAM = re.compile(rb"(?<!end)stream(?:\r\n|\n|\r)")
_ZLIB = re.compile(rb"\x78[\x01\x5e\x9c\xda]")  # a zlib header: deflate, 32 KB window, any level


def streams_steps(data: bytes, limit: int = MAX_STREAM_BYTES) -> Steps[int]:
    """Every Flate stream of a PDF unzipped, its data fed IN bytes and unzipped up to a PIECE at a time (a step
    each), none kept: GivenUp ("pdf_stream") once one unzips past ``limit`` bytes; else the most one unzipped to."""
    most, at = 0, 0
    while found := _STREAM.search(data, at):
        at = found.end()
        if not _ZLIB.match(data, at):
            continue
        unzip, size, fed, pending = zlib.decompressobj(), 0, at, b""
        try:
            while not unzip.eof:
                if not pending:  # what zlib left over (past a PIECE out) goes first, else the next IN bytes
                    if fed >= len(data):
                        break  # the file ends inside the stream: the reader says it is damaged
                    pending, fed = data[fed : fed + IN], fed + IN
                size += len(unzip.decompress(pending, PIECE))
                pending = unzip.unconsumed_tail
                if size > limit:
                    raise GivenUp("pdf_stream", limit=limit)
                yield None
        except zlib.error:
            continue  # not zlib's data after all: the reader's to judge
        most = max(most, size)
        if unzip.eof:
            at = min(fed, len(data)) - len(unzip.unused_data)
    return most

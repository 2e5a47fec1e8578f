"""What a zipped file really expands to, measured rather than taken from what it claims (issue 36): a member's
zipped size bounded by the bytes the zip really holds for it, and a Word document's XML streamed through expat a
piece at a time, its elements counted on the read's budget and any entity declaration refused before it expands.

A zip's directory gives each member's zipped size, and a bomb can say it is larger than it is: then it passes the
100-to-1 check and expands far past it (bench/README.md, "Timings the core relies on"). The member's data cannot be
longer than the room before the next member's header (or the directory), so that room is the most its zipped size
can be.

XML may declare entities, each a text spelled again wherever it is named, so a few hundred bytes of them can be
megabytes of text once a parser expands them (bench/README.md, "Timings the core relies on"). Word never writes a
DOCTYPE, so any is refused, unread.

>>> import io
>>> from raglab.documents.steps import run_steps
>>> packed = io.BytesIO()
>>> with zipfile.ZipFile(packed, "w") as z:
...     z.writestr("word/document.xml", "<w:document><w:p/><w:p/></w:document>")
>>> archive = zipfile.ZipFile(packed)
>>> zipped_size(archive, archive.infolist()[0])
37
>>> budget = Budget()
>>> run_steps(word_xml_steps(archive, budget, limit=10)); budget.counts
{'pieces of Word markup (paragraphs, runs of text, cells)': 3}
>>> run_steps(word_xml_steps(archive, Budget(), limit=2))  # doctest: +ELLIPSIS
Traceback (most recent call last):
raglab.documents.budget.GivenUp: too_much {'what': 'pieces of Word markup ...', 'limit': 2}
"""

from __future__ import annotations

import zipfile
import zlib
from xml.parsers import expat

from .budget import Budget, GivenUp
from .steps import Steps

PIECE = 64 * 1024  # bytes of XML parsed in one step
WORD_MARKUP = "pieces of Word markup (paragraphs, runs of text, cells)"
_LOCAL_HEADER = 30  # bytes before a member's name in its local header


def zipped_size(archive: zipfile.ZipFile, member: zipfile.ZipInfo) -> int:
    """The most a member's zipped data can be: its directory's word for it, or less when the zip holds less room
    for it (from after its name to the next member's header, or to the directory)."""
    starts = getattr(archive, "_member_starts", None)
    if starts is None:
        starts = sorted({m.header_offset for m in archive.infolist()} | {archive.start_dir})  # type: ignore[attr-defined]
        archive._member_starts = starts  # type: ignore[attr-defined]
    after = next((at for at in starts if at > member.header_offset), member.header_offset)
    room = after - member.header_offset - _LOCAL_HEADER - len(member.orig_filename.encode("utf-8"))
    return max(0, min(member.compress_size, room))


def word_parts(archive: zipfile.ZipFile) -> list[zipfile.ZipInfo]:
    """The parts of a Word document that mammoth parses: its XML and its relationships."""
    return [m for m in archive.infolist() if m.filename.endswith((".xml", ".rels"))]


def word_xml_steps(archive: zipfile.ZipFile, budget: Budget, limit: int) -> Steps[None]:
    """Every XML part of a Word document parsed by expat a PIECE at a time (a step each), as zipfile unzips it (no
    more than its directory's size): its elements counted on ``budget`` up to ``limit`` (GivenUp "too_much") and a
    DOCTYPE refused (GivenUp "entities"), so nothing expands past the bytes counted. A part that is not XML is left
    for mammoth to call broken."""
    for member in word_parts(archive):
        parser = expat.ParserCreate()

        def doctype(*_) -> None:
            raise GivenUp("entities")

        parser.StartDoctypeDeclHandler = doctype
        parser.EntityDeclHandler = doctype
        try:
            with archive.open(member) as data:
                while piece := data.read(PIECE):
                    parser.Parse(piece, False)
                    # its elements: each starts with "<", an end tag with "</" (counted in C, not a call each)
                    budget.count(WORD_MARKUP, piece.count(b"<") - piece.count(b"</"), limit)
                    yield member.filename
                parser.Parse(b"", True)
        except (expat.ExpatError, zipfile.BadZipFile, zlib.error, OSError, EOFError, ValueError):
            continue  # damaged: mammoth says so ("broken") if it reads this part

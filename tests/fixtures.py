"""Files a visitor might bring, made by the tests themselves: PDFs (fpdf2), Word documents (zipfile), and the
bad ones. Shared by tests/core and tests/browser (``from tests.fixtures import make_pdf``; pytest's pythonpath is
the repository root, and tests/ is a namespace package).

>>> make_pdf(["Page one."])[:5]
b'%PDF-'
>>> sorted(zipfile.ZipFile(io.BytesIO(make_docx(["One."]))).namelist())
['[Content_Types].xml', '_rels/.rels', 'word/document.xml']
"""

from __future__ import annotations

import io
import re
import zipfile
import zlib
from collections.abc import Mapping, Sequence
from xml.sax.saxutils import escape


def make_pdf(pages: Sequence[str], password: str | None = None) -> bytes:
    """A PDF with one page per text (Helvetica, so Latin-1 text only; a "\\n" breaks the line). With
    ``password``, encrypted with RC4 and that user password (RC4 needs no ``cryptography`` to write or read)."""
    from fpdf import FPDF
    from fpdf.enums import EncryptionMethod

    pdf = FPDF()
    pdf.set_font("Helvetica", size=12)
    for text in pages:
        pdf.add_page()
        if text:
            pdf.multi_cell(0, 8, text)
    if password is not None:
        pdf.set_encryption(
            owner_password="owner-" + password, user_password=password, encryption_method=EncryptionMethod.RC4
        )
    return bytes(pdf.output())


def make_scan_pdf(pages: int = 1) -> bytes:
    """A PDF whose pages hold only a drawn shape, as a scan holds only a picture: no text layer."""
    from fpdf import FPDF

    pdf = FPDF()
    for _ in range(pages):
        pdf.add_page()
        pdf.set_fill_color(90, 90, 90)
        pdf.rect(20, 20, 120, 160, style="F")
    return bytes(pdf.output())


_CONTENT_TYPES = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
<Default Extension="xml" ContentType="application/xml"/>
<Override PartName="/word/document.xml"
 ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>
</Types>"""

_RELS = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Target="word/document.xml"
 Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument"/>
</Relationships>"""

_DOCUMENT = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>{}</w:body></w:document>"""


_DOCUMENT_RELS = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Target="styles.xml"
 Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles"/>
</Relationships>"""

# Word's own heading styles: id "Heading1", name "heading 1" (what mammoth maps to h1).
_STYLES = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:styles xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">{}</w:styles>""".format(
    "".join(
        f'<w:style w:type="paragraph" w:styleId="Heading{n}"><w:name w:val="heading {n}"/></w:style>'
        for n in range(1, 7)
    )
)


def make_docx(
    paragraphs: Sequence[str], headings: Mapping[int, int] | None = None, table: Sequence[Sequence[str]] = ()
) -> bytes:
    """The smallest Word document (.docx) Word and mammoth open: the content types, the package's relationships
    and word/document.xml with one paragraph per text; ``headings`` gives paragraph i Word's style "heading n"
    ({i: n}), defined in word/styles.xml; ``table``, rows of cells, a table after the paragraphs."""
    headings = headings or {}
    body = "".join(
        "<w:p>"
        + (f'<w:pPr><w:pStyle w:val="Heading{headings[i]}"/></w:pPr>' if i in headings else "")
        + f'<w:r><w:t xml:space="preserve">{escape(p)}</w:t></w:r></w:p>'
        for i, p in enumerate(paragraphs)
    )
    if table:
        body += (
            "<w:tbl>"
            + "".join(
                "<w:tr>"
                + "".join(f"<w:tc><w:p><w:r><w:t>{escape(c)}</w:t></w:r></w:p></w:tc>" for c in row)
                + "</w:tr>"
                for row in table
            )
            + "</w:tbl>"
        )
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("[Content_Types].xml", _CONTENT_TYPES)
        z.writestr("_rels/.rels", _RELS)
        z.writestr("word/document.xml", _DOCUMENT.format(body))
        if headings:
            z.writestr("word/_rels/document.xml.rels", _DOCUMENT_RELS)
            z.writestr("word/styles.xml", _STYLES)
    return out.getvalue()


def make_zip(files: dict[str, bytes]) -> bytes:
    """A zip of the given files, in the given order (a visitor's folder, zipped)."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in files.items():
            z.writestr(name, data)
    return out.getvalue()


def make_docx_bomb(unzipped: int) -> bytes:
    """A small .docx whose word/document.xml unzips to ``unzipped`` bytes: one paragraph again and again, written
    into the zip a piece at a time, so neither the test nor the zip holds it whole (40 MB zip to about 40 KB)."""
    paragraph = b"<w:p><w:r><w:t>The ferry leaves at eight.</w:t></w:r></w:p>"
    head, tail = _DOCUMENT.encode().split(b"{}")
    files = {"[Content_Types].xml": _CONTENT_TYPES.encode(), "_rels/.rels": _RELS.encode()}
    return make_zip_bomb(files, "word/document.xml", unzipped, paragraph, head, tail)


def make_zip_bomb(
    files: dict[str, bytes], bomb: str, unzipped: int, again: bytes, head: bytes = b"", tail: bytes = b""
) -> bytes:
    """A zip of ``files`` and one file more, ``bomb``, that unzips to about ``unzipped`` bytes: ``again`` again and
    again between ``head`` and ``tail``, written a piece at a time, so neither the test nor the zip holds it whole
    (about 500 to 1: 20 MB unzip from 40 KB)."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in files.items():
            z.writestr(name, data)
        with z.open(bomb, "w") as member:
            member.write(head)
            piece = again * (1_000_000 // len(again))
            for _ in range(unzipped // len(piece)):
                member.write(piece)
            member.write(tail)
    return out.getvalue()


def zip_with(
    data: bytes,
    member: str,
    *,
    encrypted: bool = False,
    size: int | None = None,
    damaged: bool = False,
    zipped: int | None = None,
):
    """The zip with one member changed by hand, as a hostile or broken zip has it: ``encrypted`` sets its
    "encrypted" flag (bit 0) without encrypting it; ``size``: the unzipped size both its headers give, whatever its
    data unzips to; ``damaged`` flips a byte of its data, so its checksum no longer matches; ``zipped``: the
    zipped size both its headers give, whatever its data is.

    >>> bad = zip_with(make_zip({"a.txt": b"Boats sail."}), "a.txt", encrypted=True, size=3)
    >>> info = zipfile.ZipFile(io.BytesIO(bad)).getinfo("a.txt"); info.flag_bits & 1, info.file_size
    (1, 3)
    """
    out = bytearray(data)
    info = zipfile.ZipFile(io.BytesIO(data)).getinfo(member)
    name = member.encode()
    entries = (m.start() for m in re.finditer(b"PK\x01\x02", data))  # the directory's entries
    central = next(at for at in entries if data[at + 46 : at + 46 + len(name)] == name)  # its name is 46 bytes on
    for header, flags, sizes in ((info.header_offset, 6, 22), (central, 8, 24)):  # the local header, the directory's
        if encrypted:
            out[header + flags] |= 0x1
        if size is not None:
            out[header + sizes : header + sizes + 4] = size.to_bytes(4, "little")
        if zipped is not None:
            out[header + sizes - 4 : header + sizes] = zipped.to_bytes(4, "little")
    if damaged:
        extra = int.from_bytes(data[info.header_offset + 28 : info.header_offset + 30], "little")
        out[info.header_offset + 30 + len(name) + extra + info.compress_size // 2] ^= 0xFF  # a byte of its data
    return bytes(out)


def make_page_tree_pdf(depth: int, count: int | None = None) -> bytes:
    """A PDF of 2 ** depth pages from depth + 4 objects: a chain of page-tree nodes, each listing the next one twice
    as its kids, down to one page of text. ``count``: the page count its root claims (by default, the true one)."""
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>"]
    for level in range(depth):
        kid = 3 + level
        objects.append(
            b"<< /Type /Pages /Kids [%d 0 R %d 0 R] /Count %d >>" % (kid, kid, count or 2 ** (depth - level))
        )
    page = 2 + depth
    stream = b"BT /F1 12 Tf 20 100 Td (The ferry leaves at eight.) Tj ET"
    objects += [
        b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 200 200] /Contents %d 0 R /Resources << /Font << /F1 %d 0 R "
        b">> >> >>" % (page - 1, page + 1, page + 2),
        b"<< /Length %d >>\nstream\n%s\nendstream" % (len(stream), stream),
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    return _raw_pdf(objects)


def make_entities_docx(levels: int = 6, fanout: int = 10) -> bytes:
    """A .docx of under a kilobyte whose document.xml declares entities, each naming the one before ``fanout``
    times, and names the last in a paragraph: ``fanout ** levels`` copies of a sentence once expanded."""
    names = [f"e{n}" for n in range(levels + 1)]
    entities = '<!ENTITY e0 "The ferry leaves at eight. ">' + "".join(
        f'<!ENTITY {name} "{("&" + before + ";") * fanout}">' for before, name in zip(names, names[1:], strict=False)
    )
    head, tail = _DOCUMENT.split("{}")
    xml = (
        head.replace("?>", f"?><!DOCTYPE w:document [{entities}]>", 1)
        + f"<w:p><w:r><w:t>&{names[-1]};</w:t></w:r></w:p>"
        + tail
    )
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("[Content_Types].xml", _CONTENT_TYPES)
        z.writestr("_rels/.rels", _RELS)
        z.writestr("word/document.xml", xml)
    return out.getvalue()


def make_shared_page_pdf(kids: int, lines: int = 400) -> bytes:
    """A PDF whose page tree lists one page object ``kids`` times (its /Count says so too), the page ``lines`` lines
    of text: 9,999 kids of 400 lines are about 60 KB, and 4 million lines once read page by page."""
    stream = b"BT /F1 9 Tf 10 780 Td " + b"(The ferry leaves the harbour at eight.) Tj 0 -2 Td " * lines + b"ET"
    packed = zlib.compress(stream, 9)
    return _raw_pdf(
        [
            b"<< /Type /Catalog /Pages 2 0 R >>",
            b"<< /Type /Pages /Kids [%s] /Count %d >>" % (b" ".join([b"3 0 R"] * kids), kids),
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 600 800] /Contents 4 0 R /Resources << /Font << /F1 5 0 R "
            b">> >> >>",
            b"<< /Length %d /Filter /FlateDecode >>\nstream\n%s\nendstream" % (len(packed), packed),
            b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        ]
    )


def make_many_items_pdf(items: int, pages: int = 1) -> bytes:
    """A PDF of ``pages`` pages holding ``items`` short text items in all, each its own Tj at its own place (a Flate
    stream a page): 300,000 items on one page are about 1.2 MB."""
    per_page = items // pages
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>", b""]
    kids = []
    for _ in range(pages):
        ops = b"".join(
            b"1 0 0 1 %d %d Tm (w%d) Tj\n" % (10 + (i % 50) * 11, 10 + (i // 50) % 70 * 11, i % 97)
            for i in range(per_page)
        )
        packed = zlib.compress(b"BT /F1 4 Tf\n" + ops + b"ET", 9)
        page, content = len(objects) + 1, len(objects) + 2
        kids.append(b"%d 0 R" % page)
        objects.append(
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 600 800] /Contents %d 0 R /Resources << /Font << /F1 FONT "
            b"0 R >> >> >>" % content
        )
        objects.append(b"<< /Length %d /Filter /FlateDecode >>\nstream\n%s\nendstream" % (len(packed), packed))
    font = len(objects) + 1
    objects = [o.replace(b"FONT", b"%d" % font) for o in objects]
    objects[1] = b"<< /Type /Pages /Kids [%s] /Count %d >>" % (b" ".join(kids), pages)
    objects.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
    return _raw_pdf(objects)


def make_drawing_bomb_pdf(unzipped: int) -> bytes:
    """A one-page PDF whose page, after a line of text, holds about ``unzipped`` bytes of drawing operators (a
    line drawn again and again) in a Flate stream about 1,000 times smaller: 1 GB of operators in 1 MB, made in
    a second (a piece compressed once, its bytes repeated: a full flush makes each copy stand alone)."""
    text = b"BT /F1 12 Tf 20 100 Td (The ferry leaves at eight.) Tj ET\n"
    piece = b"0 0 m 1 1 l S\n" * 70_000  # about 1 MB
    times = max(1, unzipped // len(piece))
    pack = zlib.compressobj(9, zlib.DEFLATED, -15)  # raw deflate; the zlib header and checksum are added below
    head, block = pack.compress(text) + pack.flush(zlib.Z_FULL_FLUSH), pack.compress(piece)
    block += pack.flush(zlib.Z_FULL_FLUSH)
    checksum = zlib.adler32(text)
    for _ in range(times):
        checksum = zlib.adler32(piece, checksum)
    stream = b"\x78\xda" + head + block * times + pack.flush() + checksum.to_bytes(4, "big")
    return _raw_pdf(
        [
            b"<< /Type /Catalog /Pages 2 0 R >>",
            b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R "
            b">> >> >>",
            b"<< /Length %d /Filter /FlateDecode >>\nstream\n%s\nendstream" % (len(stream), stream),
            b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        ]
    )


def _raw_pdf(objects: Sequence[bytes]) -> bytes:
    """A PDF of these objects (numbered from 1, the first the catalog), with its cross-reference table."""
    out, offsets = io.BytesIO(b"%PDF-1.4\n"), []
    out.seek(0, io.SEEK_END)
    for n, body in enumerate(objects, 1):
        offsets.append(out.tell())
        out.write(b"%d 0 obj\n%s\nendobj\n" % (n, body))
    xref = out.tell()
    out.write(b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1))
    out.write(b"".join(b"%010d 00000 n \n" % at for at in offsets))
    out.write(b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref))
    return out.getvalue()


def make_harbour_text(n: int, boats: int = 110) -> bytes:
    """A plain-text document whose one sentence matches "When does the ferry leave?", then ``boats`` lines of boats:
    about 5,500 characters (some 2,450 of Qwen3's tokens) with the default. Three of them make Parent-document's
    prompt some 7,300 tokens, on which the stand-in Qwen3 runs out of WebAssembly memory (tests/browser/
    test_prompt_room.py, bench/hostile_page.py)."""
    lines = [f"The ferry of harbour {n} leaves at {n + 6} in the morning."]
    lines += [f"Boat {i} of harbour {n} sails at {i % 24}. Its crew counts {i % 7} nets." for i in range(boats)]
    return "\n\n".join(lines).encode()

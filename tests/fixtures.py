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
import zipfile
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


def make_docx(paragraphs: Sequence[str], headings: Mapping[int, int] | None = None) -> bytes:
    """The smallest Word document (.docx) Word and mammoth open: the content types, the package's relationships
    and word/document.xml with one paragraph per text; ``headings`` gives paragraph i Word's style "heading n"
    ({i: n}), defined in word/styles.xml."""
    headings = headings or {}
    body = "".join(
        "<w:p>"
        + (f'<w:pPr><w:pStyle w:val="Heading{headings[i]}"/></w:pPr>' if i in headings else "")
        + f'<w:r><w:t xml:space="preserve">{escape(p)}</w:t></w:r></w:p>'
        for i, p in enumerate(paragraphs)
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

"""A Word document read: refused before mammoth unzips it when its parts or its XML would expand past the lab's
bounds, then its HTML, headings as headings (``readers`` reads the text from it). The command line's HTML is
PyPI's mammoth's, imported only when a .docx is read; the page's is mammoth.js's, the same author's JavaScript twin,
in a worker (web/docx_worker.js), made after these same checks in steps (``check_docx_steps``).
"""

from __future__ import annotations

import io
import zipfile

from . import limits
from .budget import Budget
from .expansion import word_parts, word_xml_steps, zipped_size
from .file_names import file_name
from .kind_check import check_kind
from .read_errors import read_error, within
from .steps import Steps, run_steps
from .zip_guards import Zip, check_zip_ratio


def _docx_steps(name: str, archive: zipfile.ZipFile, budget: Budget) -> Steps[None]:
    """Refuse a Word document before mammoth unzips it: an encrypted part, or parts mammoth reads (its XML) that
    unzip past MAX_FILE_BYTES by the zip's directory (a 30 KB .docx of one paragraph repeated unzips to 30 MB of
    XML, more than mammoth reads in any time a visitor waits: bench/README.md, "Hostile files"), or packed tighter
    than MAX_ZIP_RATIO to 1 (``check_zip_ratio``, on the room each part really has: ``expansion.zipped_size``).
    Pictures are not counted: mammoth leaves them zipped. Then its XML streamed (``expansion.word_xml_steps``, a
    step a piece): past MAX_WORD_ELEMENTS, or declaring entities, it is given up. A part that unzips past what the
    directory says stops there, as in ``zip_guards.unzip`` (a document.xml of 200 MB that says 2 KB is "broken" once
    past its 2 KB)."""
    if any(m.flag_bits & 0x1 for m in archive.infolist()):
        raise read_error(name, "encrypted")
    parts = word_parts(archive)
    unzipped = sum(m.file_size for m in parts)
    if unzipped > limits.MAX_FILE_BYTES:
        raise read_error(name, "too_large", size=unzipped, unzipped=True)
    check_zip_ratio(name, unzipped, sum(zipped_size(archive, m) for m in parts))
    yield from word_xml_steps(archive, budget, limits.MAX_WORD_ELEMENTS)


def check_docx_steps(name: str, data: bytes) -> Steps[Zip | None]:
    """The checks a .docx passes before mammoth reads it (what it is, its parts' sizes, its XML streamed), a step a
    piece, which the page makes before it hands the file to mammoth.js: a bomb is said in read_file's own sentence,
    and the checked zip returned (None for an empty file, read_file's to say)."""
    name = file_name(name)
    if not data.strip():
        return None
    archive = check_kind(name, data, "docx")
    if archive is not None:
        with within(name, Budget(limits.FILE_SECONDS)) as budget:
            yield from _docx_steps(name, archive, budget)
    return archive


def check_docx(name: str, data: bytes) -> None:
    """``check_docx_steps`` at once."""
    run_steps(check_docx_steps(name, data))


def docx_html(name: str, archive: Zip, budget: Budget) -> str:
    """A Word document's HTML, once it passed the checks: mammoth maps "Heading 1".."Heading 6" to h1-h6 (and lists
    and tables to theirs). Pictures are left out, not inlined as data (web/docx_worker.js asks mammoth.js the same)."""
    import mammoth

    run_steps(_docx_steps(name, archive, budget))
    try:
        data = io.BytesIO(archive.data)
        return mammoth.convert_to_html(data, convert_image=mammoth.images.img_element(lambda _: {})).value
    except Exception as e:  # a bad zip, no word/document.xml, bad XML: mammoth's errors vary; all are "broken"
        raise read_error(name, "broken") from e

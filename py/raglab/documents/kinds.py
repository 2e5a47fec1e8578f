"""A file's kind, decided once, by the core: its name's extension says what it is read as, and its first bytes say
what it really is. The page asks ``file_kind`` once per file and hands the answer on (to pdf.js for a PDF, to
``readers.read_file`` for the rest); the command line lets ``read_file`` ask the same rule.

>>> file_kind("Report.PDF", b"%PDF-1.7"), file_kind("notes.md", b"# Notes"), file_kind("slides.pptx", b"PK")
('pdf', 'markdown', None)
>>> head_kind(b"PK\\x03\\x04...", "docx"), head_kind(b"\\xef\\xbb\\xbf %PDF-1.4", "pdf"), head_kind(b"Dear Ida", "pdf")
('zip', 'pdf', 'text')
"""

from __future__ import annotations

READABLE = {
    ".txt": "text",
    ".md": "markdown",
    ".markdown": "markdown",
    ".html": "html",
    ".htm": "html",
    ".pdf": "pdf",
    ".docx": "docx",
}
READ_KINDS = ".txt, .md, .html, .pdf and .docx"  # as messages name them (.htm and .markdown are read too)
HEAD_BYTES = 1024  # the first bytes that decide: a PDF may start with this much junk before "%PDF" (readers allow it)

_MAGIC = [
    (b"%PDF", "pdf"),
    (b"PK\x03\x04", "zip"),
    (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "ole"),
    (b"\x89PNG", "png"),
    (b"\xff\xd8\xff", "jpeg"),
    (b"GIF8", "gif"),
]


def named_kind(name: str) -> str | None:
    """What a file's name says it is read as: a value of READABLE, or None when the lab reads no file of that name.
    ``name`` may hold folders ("mine/notes.txt", "mine\\\\notes.txt")."""
    return READABLE.get(suffix(name.replace("\\", "/")))


def suffix(path: str) -> str:
    """``PurePosixPath(path).suffix.lower()`` by string methods, since a zip's every name is asked at once (a tenth
    of the time: bench/README.md, "Issue 36").

    >>> [suffix(p) for p in ["a/b.MD", "a.tar.gz", ".md", "a.", "notes"]]
    ['.md', '.gz', '', '', '']
    """
    base = path.rpartition("/")[2]
    dot = base.rfind(".")
    return base[dot:].lower() if 0 < dot < len(base) - 1 else ""


def head_kind(head: bytes, kind: str | None) -> str:
    """What a file's first bytes say it is: "pdf", "zip", "ole" (an old Office file), "png", "jpeg", "gif", or
    "text" for none of these. A file named a PDF (``kind`` "pdf") may have junk before "%PDF" in its first
    HEAD_BYTES, as pypdf and pdf.js allow; whether a zip is a Word document its directory says (``kind_check``)."""
    if kind == "pdf" and b"%PDF" in head[:HEAD_BYTES]:
        return "pdf"
    return next((what for magic, what in _MAGIC if head.startswith(magic)), "text")


def file_kind(name: str, head: bytes) -> str | None:
    """What a file is read as, from its name and its first bytes (HEAD_BYTES are enough): its kind in READABLE
    ("pdf", "docx", "html", "markdown", "text"), or None when the lab reads no file of that name, or when a ".pdf"
    is not a PDF (``readers.read_file`` says what it is). The page reads a "pdf" with pdf.js, every other file
    with ``read_file``, handing it this kind.

    >>> [file_kind(name, head) for name, head in [("a.PDF", b"\\n%PDF-1.4"), ("a.pdf", b"Dear"), ("a.md", b"# A")]]
    ['pdf', None, 'markdown']
    """
    kind = named_kind(name)
    if kind == "pdf" and head_kind(head, kind) != "pdf":
        return None
    return kind

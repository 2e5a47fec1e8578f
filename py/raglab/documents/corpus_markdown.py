"""A corpus document as its Markdown file holds it, read and written.

Each document is a file named ``NN-slug.md`` (``03-ferry.md``): ``NN`` sets the order, ``slug`` the passage ids, and
the first line ``# Title`` the title; the rest is the text, its paragraphs kept (hard-wrapped lines are joined). Two
kinds of HTML comment line are data, not text: ``<!-- source: report.pdf -->`` names the file a document was read
from, and ``<!-- page 3 -->`` starts page 3 of a PDF's text (so an exported PDF keeps its pages).
"""

from __future__ import annotations

import re

from .corpus import DOCUMENT_NAME, MAX_PAGES, CorpusError, Document, join_pages, utf8_text
from .file_names import escape_controls
from .text import paragraphs

_PAGE_MARKER = re.compile(r"page\s+(\d{1,9})")  # inside "<!-- ... -->"


def parse_document(name: str, content: str) -> Document:
    """A document from its file name and Markdown.

    >>> parse_document("02-notes.md", "# Notes\\n\\nFirst line\\nwraps here.\\n\\nSecond paragraph.\\n").text
    'First line wraps here.\\n\\nSecond paragraph.'
    >>> doc = parse_document("01-report.md", "# report.pdf\\n<!-- source: report.pdf -->\\n"
    ...                      "<!-- page 1 -->\\nOne.\\n<!-- page 2 -->\\n<!-- page 3 -->\\nThree.")
    >>> doc.source, doc.text, doc.page_starts, doc.sentence_pages
    ('report.pdf', 'One.\\n\\nThree.', (0, 4, 6), [1, 3])
    """
    m = DOCUMENT_NAME.match(name)
    if not m:
        raise CorpusError(f"{name}: a document is named NN-slug.md, like 03-ferry.md")
    lines = content.strip().splitlines()
    if not lines or not lines[0].startswith("# "):
        raise CorpusError(f"{name}: the first line must be the title, as '# Title'")
    source, pages, page, paged = "", {1: []}, 1, False  # the lines of each page; no markers: all on "page" 1
    for line in lines[1:]:
        comment = _data_comment(line)
        if comment and comment[0] == "source":
            source = source or comment[1]
        elif comment:
            number = int(comment[1])
            if number > MAX_PAGES:
                raise CorpusError(
                    f"{name}: a page marker says page {number:,}; a document has at most {MAX_PAGES:,} pages"
                )
            if number < page or (number == page and paged):
                raise CorpusError(f"{name}: page markers count up, so page {number} cannot come after page {page}")
            page, paged = number, True
            pages.setdefault(page, [])
        else:
            pages[page].append(_unescaped_line(line))
    if paged:
        text, starts = join_pages(["\n\n".join(paragraphs("\n".join(pages.get(n, ())))) for n in range(1, page + 1)])
    else:
        text, starts = "\n\n".join(paragraphs("\n".join(pages[1]))), ()
    if not text:
        raise CorpusError(f"{name}: the document has a title but no text")
    return Document(slug=m.group(2), title=lines[0][2:].strip(), text=text, source=source, page_starts=starts)


def corpus_document(name: str, data: bytes) -> Document | None:
    """A Markdown file as a corpus folder reads it, wherever it is, when it is written as one: named ``NN-slug.md``
    and its first line ``# Title``; else None (it is then read as any file is). So a course author's notes keep
    their ids and titles in a folder that also holds a PDF: ``01-welcome.md`` gives ``welcome-1``, not
    ``01_welcome-1``, and its ``# Title``, not its file name.

    >>> doc = corpus_document("01-welcome.md", "# Welcome to the course\\n\\nRead the notes first.".encode())
    >>> doc.slug, doc.title, doc.text
    ('welcome', 'Welcome to the course', 'Read the notes first.')
    >>> corpus_document("2024-plan.md", b"Plan for the year."), corpus_document("01-a.txt", b"# A")
    (None, None)
    """
    if not DOCUMENT_NAME.match(name):
        return None
    content = utf8_text(name, data)
    if not content.lstrip().startswith("# "):
        return None
    return parse_document(name, content)


def _data_comment(line: str) -> tuple[str, str] | None:
    """("source", file) or ("page", number) for a data comment line, None for any other line; read by slicing, not
    by a pattern that could read a long line once from each of its spaces.

    >>> _data_comment("<!-- source: report.pdf -->"), _data_comment(" <!--page 3--> "), _data_comment("<!-- x -->")
    (('source', 'report.pdf'), ('page', '3'), None)
    """
    line = line.strip()
    if not (line.startswith("<!--") and line.endswith("-->")) or len(line) < 7:
        return None
    inner = line[4:-3].strip()
    if inner.startswith("source:"):
        return "source", inner[7:].strip()
    page = _PAGE_MARKER.fullmatch(inner)
    return ("page", page[1]) if page else None


def text_line(line: str) -> str:
    """A line of a document's text as a corpus document holds it: as it is, but one more backslash before a line
    that would read as a data comment, so that ``parse_document`` reads it back as text (a .txt file's line
    "<!-- page 50 -->" kept as text, not a 50-page document). Markdown shows "\\<" as "<".

    >>> text_line("<!-- page 50 -->"), _unescaped_line(text_line("<!-- page 50 -->")), text_line("<!-- a note -->")
    ('\\\\<!-- page 50 -->', '<!-- page 50 -->', '<!-- a note -->')
    """
    return "\\" + line.strip() if _data_comment(line.strip().lstrip("\\")) else line


def _unescaped_line(line: str) -> str:
    """What ``text_line`` was given."""
    bare = line.strip()
    return bare[1:] if bare.startswith("\\") and _data_comment(bare.lstrip("\\")) else line


def document_markdown(doc: Document) -> str:
    """A document as a corpus folder holds it: "# Title", then ``<!-- source: ... -->`` for a visitor's file,
    then the text, a PDF's page by page after ``<!-- page N -->`` lines (``parse_document`` reads both).

    >>> from raglab.documents.corpus import join_pages
    >>> text, starts = join_pages(["Page one.", "", "Page three."])
    >>> print(document_markdown(Document("r", "r.pdf", text, "r.pdf", starts)))
    # r.pdf
    <BLANKLINE>
    <!-- source: r.pdf -->
    <BLANKLINE>
    <!-- page 1 -->
    Page one.
    <BLANKLINE>
    <!-- page 2 -->
    <BLANKLINE>
    <!-- page 3 -->
    Page three.
    <BLANKLINE>
    """
    source = escape_controls(doc.source)  # one line: a name read before names were kept so may hold a line break
    head = [f"# {' '.join(doc.title.split())}"] + ([f"<!-- source: {source} -->"] if source else [])
    pages = doc.page_texts() if doc.page_starts else [doc.text]
    texts = ["\n".join(map(text_line, page.split("\n"))) for page in pages]
    if doc.page_starts:
        body = [f"<!-- page {n} -->" + (f"\n{text}" if text else "") for n, text in enumerate(texts, 1)]
    else:
        body = texts
    return "\n\n".join(head + body) + "\n"

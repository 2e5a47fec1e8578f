"""The lab's bounds on what a visitor's files may be and cost, one place for the page (Pyodide) and the command line.
Each reader looks them up here as ``limits.NAME`` when it reads, so the messages (``read_errors``) and the checks
hold the same figure.
"""

from __future__ import annotations

from .kinds import READ_KINDS

MAX_FILE_BYTES = 25_000_000  # one file
MAX_FILES = 10_000  # files in a collection
MAX_TOTAL_CHARS = 60_000_000  # characters of text in a collection
MAX_ZIP_ENTRIES = 3 * MAX_FILES  # a zip's files, its folders and macOS's "._" copies (opening 30,000 takes 1 s)
PDF_STEP_SECONDS = 4  # the page gives pdf.js this long to open a PDF, and again for each page's text, then gives up
# A file other than a PDF may take this much of the processor's time to be read (budget.Budget: not the clock's, so a
# busy machine refuses nothing more), a PDF PDF_STEP_SECONDS to open and again for each page, as in the page; past it
# the file is given up with one sentence (read_errors: too_slow_file, too_slow) and the rest goes on. CPython also
# has a timer for a step that runs long in one call (budget.Budget.backstop); the page checks between steps.
FILE_SECONDS = 30
# What a Word document may expand to, counted as it is read (budget.count), the same in the page and the command line:
# the pieces of its XML (elements: a paragraph of plain text is 3, and each costs mammoth about 35 us and 2 KB). A
# PDF's text items: pdf_items.MAX_PAGE_ITEMS, MAX_TEXT_ITEMS.
MAX_WORD_ELEMENTS = 300_000
MAX_ZIP_UNZIPPED = 4 * MAX_TOTAL_CHARS  # bytes unzipped from one zip in all (UTF-8: at most 4 bytes a character)
MAX_ZIP_RATIO = 100  # a file in a zip unzips to at most 100 times its zipped size (Apache POI's bound for Office files)
ZIP_RATIO_FROM = 100_000  # bytes: a smaller file may be packed tighter (a TOML file of 10 KB "[[[" packs 200 to 1)
LIMITS_SENTENCE = (
    f"The lab reads {READ_KINDS} files of up to {MAX_FILE_BYTES // 1_000_000} MB each, and keeps up "
    f"to {MAX_FILES:,} files with {MAX_TOTAL_CHARS // 1_000_000} million characters of text in all."
)

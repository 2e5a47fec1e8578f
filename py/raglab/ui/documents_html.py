"""The "Your documents" section: how a visitor brings files, what was read from each before anything is kept, the
documents kept in this browser, and the switch that says which documents the lab searches.

Everything a file supplies (its name, a message naming it) is escaped, and a document's text is put into the page
as text when its fold is opened: a document is shown as text, never as HTML. The section's controls are
pre-rendered (they exist before Python runs); the lists inside it are drawn by the page with these functions.

>>> from raglab.documents.corpus import Document
>>> html = render_read([Document("n", "<i>n</i>", "Boats <b>sail</b>. Ships too.", source="<i>n</i>.txt")])
>>> "Read 1 file: 1 document, 4 words, 1 passage." in html, "&lt;i&gt;n&lt;/i&gt;.txt" in html, "<b>" in html
(True, True, False)
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from ..documents.chunking import DEFAULT_SIZE, PASSAGE_CHOICES, PassageSize, passage_count
from ..documents.corpus import Document
from ..documents.language import reading_note
from ..documents.limits import LIMITS_SENTENCE
from ..documents.read_errors import ReadError
from ..lab import Preparing
from ..techniques import Technique
from .source_html import show_how_read

ACCEPT = ".txt,.md,.markdown,.html,.htm,.pdf,.docx"
FRAMED_NOTE = (
    "This lab is shown inside another site's page, so your browser keeps the documents you bring here "
    "apart from those of the full lab: they are not shared between the two."
)


def needs_vectors(t: Technique) -> bool:
    """A technique that searches by meaning: on the visitor's documents it waits until every passage has a vector."""
    return t.meaning


def vectors_needed_sentence(t: Technique, made: int, total: int) -> str:
    return (
        f"{t.name} searches by meaning, so every passage of your documents needs a meaning vector first: "
        f"{made:,} of {total:,} have one. Make them under “Your documents” above; the keyword techniques "
        "search your documents meanwhile."
    )


def ask_sentence(docs: int, passages: int) -> str:
    return (
        f"Searching your documents: {docs} {_plural(docs, 'document')}, {passages} "
        f"{_plural(passages, 'passage')}. Type a question above."
    )


def preparing_sentence(p: Preparing) -> str:
    """What a question on the visitor's documents says while it waits for them to be cut and indexed
    (``Lab.prepare_in_steps``).

    >>> preparing_sentence(Preparing("cut", 1024, 5183))
    'Getting your documents ready: 1,024 of 5,183 documents cut into passages. Your question is answered then.'
    >>> preparing_sentence(Preparing("indexed", 2048, 5183))
    'Getting your documents ready: 2,048 of 5,183 passages indexed. Your question is answered then.'
    """
    done = {
        "cut": f"{_plural(p.total, 'document')} cut into passages",
        "indexed": f"{_plural(p.total, 'passage')} indexed",
    }[p.stage]
    return f"Getting your documents ready: {p.done:,} of {p.total:,} {done}. Your question is answered then."


def _plural(n: int, word: str) -> str:
    return word if n == 1 else word + "s"


def _facts(doc: Document, size: PassageSize) -> str:
    """``3 pages · 412 words · 9 passages`` (pages for PDFs only)."""
    pages = doc.pages
    parts = [f"{pages} {_plural(pages, 'page')}"] if pages else []
    words = doc.word_count
    passages = passage_count(doc, size)
    return " · ".join(parts + [f"{words:,} {_plural(words, 'word')}", f"{passages:,} {_plural(passages, 'passage')}"])


def _reading(doc: Document) -> str:
    """The language a document is read as, and for one but English that the meaning model reads English only
    (documents/language.py says it)."""
    return f'<span class="read-as">{escape(reading_note(doc.language))}</span>'


# A list draws this many documents; "Show all" draws the rest: thousands drawn at once, each with its text, would
# hold the page for seconds (bench/scifact_page.py measures it).
LIST_ROWS = 100


def _text_of(key: str) -> str:
    """A folded "Show the text read": the page puts the document's text in the <pre> (as text) when it is opened,
    so the list costs nothing for the texts no one opens."""
    return (
        f'<details class="doc-text" data-doc="{escape(key)}"><summary>Show the text read</summary><pre></pre></details>'
    )


def _more(shown: int, total: int, where: str) -> str:
    """The button that draws the whole list when only its first rows are drawn."""
    if shown >= total:
        return ""
    return (
        f'<p class="more-docs">Showing the first {shown:,} of {total:,} documents. '
        f'<button type="button" class="show-all-docs" data-list="{where}">Show all {total:,}</button></p>'
    )


def render_read(
    items: Sequence[Document | ReadError],
    cancelled: int = 0,
    size: PassageSize = DEFAULT_SIZE,
    rows: int | None = LIST_ROWS,
) -> str:
    """What was read from each file, before anything is kept: its facts and text (its passages cut at ``size``), or
    why it gives nothing; the first ``rows`` documents (None: all), every problem."""
    docs = [d for d in items if isinstance(d, Document)]
    problems = [e for e in items if isinstance(e, ReadError)]
    words = sum(d.word_count for d in docs)
    passages = sum(passage_count(d, size) for d in docs)
    files = len(items)
    head = (
        f"Read {files} {_plural(files, 'file')}: {len(docs)} {_plural(len(docs), 'document')}, {words:,} "
        f"{_plural(words, 'word')}, {passages:,} {_plural(passages, 'passage')}."
    )
    if problems:
        head += f" {len(problems)} gave nothing to search (below)."
    if cancelled:
        head += f" Cancelled: {cancelled} more {_plural(cancelled, 'file')} not read."
    shown = docs[:rows]
    lines = [
        f'<li class="read-doc"><span class="name">{escape(d.source or d.title)}</span> '
        f'<span class="facts">{_facts(d, size)}</span> {_reading(d)}{_text_of(str(i))}</li>'
        for i, d in enumerate(shown)
    ]
    lines += [f'<li class="read-problem" data-kind="{escape(e.kind)}">{escape(str(e))}</li>' for e in problems]
    keep = (
        (
            f'<div class="row"><button type="button" class="keep-read">Keep and search {len(docs)} '
            f'{_plural(len(docs), "document")}</button><button type="button" class="discard-read">Discard</button>'
            "</div>"
        )
        if docs
        else '<button type="button" class="discard-read">Clear</button>'
    )
    return (
        f'<div class="read-list"><p>{escape(head)} Nothing is kept until you choose to keep it.</p>'
        f'<ul class="read-files">{"".join(lines)}</ul>{_more(len(shown), len(docs), "read")}{keep}</div>'
    )


def render_kept(
    docs: Sequence[Document],
    stored_bytes: int,
    persisted: bool | None,
    size: PassageSize = DEFAULT_SIZE,
    rows: int | None = LIST_ROWS,
) -> str:
    """The documents kept in this browser (the first ``rows``; None: all), each with its facts (its passages cut at
    ``size``), its text and a "Remove" button; the space they take; "Remove all" and "Download my documents"."""
    if not docs:
        return '<p class="kept-none">No documents of yours are kept in this browser.</p>'
    shown = docs[:rows]
    lines = "".join(
        f'<li class="kept-doc" data-slug="{escape(d.slug)}"><span class="name">{escape(d.source or d.title)}</span> '
        f'<span class="facts">{_facts(d, size)}</span> {_reading(d)} <button type="button" class="remove-doc" '
        f'data-slug="{escape(d.slug)}" aria-label="Remove {escape(d.source or d.title)}">Remove</button>'
        f"{show_how_read(d.slug, d.source or d.title, 'yours')}{_text_of(d.slug)}</li>"
        for d in shown
    )
    keep = {
        True: "the browser has agreed to keep them until you remove them",
        False: "the browser may clear them if it runs short of space",
        None: "the browser decides how long to keep them",
    }[persisted]
    return (
        f'<p class="kept-head">{len(docs)} {_plural(len(docs), "document")} kept in this browser, taking '
        f"{_size(stored_bytes)} ({keep}). They never leave this device.</p>"
        f'<ul class="kept-docs">{lines}</ul>{_more(len(shown), len(docs), "kept")}<div class="row">'
        '<button type="button" class="download-docs">Download my documents (.zip)</button>'
        '<button type="button" class="remove-all-docs">Remove all</button></div>'
    )


def _size(n: int) -> str:
    return f"{n / 1_000_000:.1f} MB" if n >= 100_000 else f"{max(1, round(n / 1000))} kB"


def render_switch_label(docs: int) -> str:
    return f"Your documents ({docs})"


def render_passage_choice(like: str = "", site_size: PassageSize = DEFAULT_SIZE) -> str:
    """How the visitor's documents are cut into passages (PASSAGE_CHOICES, the first checked until the page reads
    the visitor's own choice back); the radios' values are those passages.toml holds. The site's corpus ``like``,
    cut into ``site_size``, is named beside its own size.

    >>> 'value="document"> one passage per document' in render_passage_choice()
    True
    >>> 'value="2"> passages of 2 sentences, as Fernport</label>' in render_passage_choice("Fernport")
    True
    """
    radios = "".join(
        f'<label><input type="radio" name="passages" value="{escape(str(size))}"{" checked" * (i == 0)}>'
        f" {escape(words)}{escape(f', as {like}') if like and size == site_size else ''}</label>"
        for i, (size, words) in enumerate(PASSAGE_CHOICES)
    )
    return f'<fieldset class="passage-choice"><legend>Cut your documents into:</legend>{radios}</fieldset>'


def render_section(
    site_docs: int, name: str = "Fernport", site_size: PassageSize = DEFAULT_SIZE, site_words: bool = True
) -> str:
    """The section's fixed part, pre-rendered: the ways to bring documents, the limits, and the switch between the
    site's ``site_docs`` documents, called ``name`` (raglab.ui.page_html.corpus_called), and the visitor's. The
    site's passage size is named in the passage choice, and its word list (``site_words``: it has one) beside the
    visitor's."""
    stays = " The site’s own word list stays as it is." * site_words
    return (
        '<section id="yours" aria-labelledby="yours-h"><h2 id="yours-h">Your documents</h2>'
        "<p>Bring your own documents and every technique searches them. They are read and kept in this "
        "browser, on this device: nothing you bring is sent anywhere.</p>"
        f'<p class="limits">{escape(LIMITS_SENTENCE)}</p>'
        f'<p class="framed-note" hidden>{escape(FRAMED_NOTE)}</p>'
        '<noscript><p class="message">Reading your documents needs JavaScript.</p></noscript>'
        '<div class="bring"><label class="drop-zone" for="doc-files"><span>Choose files, or drop them here: '
        ".txt, .md, .html, .pdf, .docx</span>"
        f'<input type="file" id="doc-files" multiple accept="{ACCEPT}"></label>'
        '<details class="paste"><summary>Or paste text</summary><label for="paste-title">Title</label>'
        '<input id="paste-title" maxlength="120" autocomplete="off" value="Pasted text">'
        '<label for="paste-text">Text</label><textarea id="paste-text" rows="6"></textarea>'
        '<button type="button" id="paste-read">Read the pasted text</button></details>'
        '<label class="import" for="doc-zip">Or import a zip made with "Download my documents": '
        '<input type="file" id="doc-zip" accept=".zip"></label></div>'
        '<div class="reading" hidden><progress id="docs-bar" max="1" value="0"></progress> '
        '<span id="docs-progress"></span> <button type="button" id="docs-cancel">Cancel</button></div>'
        '<p class="form-message" id="msg-yours" role="status"></p>'
        f"{render_passage_choice(name, site_size)}"
        '<div id="docs-read"></div><div id="docs-kept"></div><div id="docs-vectors" aria-live="polite"></div>'
        '<fieldset class="corpus-switch"><legend>The lab searches</legend>'
        f'<label><input type="radio" name="corpus" value="fernport" checked> {escape(name)} ({site_docs} '
        f"{_plural(site_docs, 'document')})</label>"
        f'<label><input type="radio" name="corpus" value="yours" disabled> <span class="yours-count">'
        f"{render_switch_label(0)}</span></label></fieldset>"
        '<details class="my-names"><summary>Names in your documents (for Graph RAG)</summary>'
        '<div id="docs-names"><p>Found by rules when you open this, or when Graph RAG first runs on your documents.'
        "</p></div></details>"
        '<details class="my-words"><summary>Your word list (for query rewriting on your documents)</summary>'
        "<p>One word a line, then a colon and the words your documents use for it, like "
        f"<code>car: vehicle, automobile</code>. It is used on your documents only.{escape(stays)}</p>"
        '<textarea id="my-words" rows="5" spellcheck="false"></textarea>'
        '<button type="button" id="save-words">Save the word list</button>'
        "<h4>Related words by meaning</h4><p>For a question, the lab finds the words your documents never use and, "
        "for each, your documents' own words closest in meaning (by the embedding model; the cosine is shown).</p>"
        '<div class="row"><label for="related-q">Question</label><input id="related-q" maxlength="500" '
        'autocomplete="off"><button type="button" id="related-find">Suggest related words</button></div>'
        '<div id="related-words" aria-live="polite"></div></details>'
        "</section>"
    )

"""The whole page below its header: introduction, "Try this first", the documents, one section per technique
(``technique_html``), compare and the scoreboard, the visitor's documents, and the word list, in a learner's order.

The page's words come from ``page.toml`` beside the corpus; counts in them are filled in from the data. A question
typed before Python has loaded is answered once it has, in place, as every question is.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape

from ..documents.chunking import BLOCKS
from ..documents.corpus import lab_name
from ..lab import Lab
from ..result import Result
from ..show import joined_with_and
from ..techniques import TECHNIQUES
from ..techniques.common import plural
from .documents_html import render_section
from .own_html import for_each
from .source_html import show_how_read
from .technique_html import render_technique_section
from .terms_html import Terms, section_name, word_id


def corpus_called(lab: Lab, page: Mapping) -> str:
    """What the page calls the lab's documents: page.toml's ``name`` (Fernport), else documents.corpus.lab_name's."""
    return page.get("name") or lab_name(lab.corpus.name, [d.title for d in lab.corpus.documents])


def _documents(lab: Lab, page: Mapping, yours: bool = False) -> str:
    docs, chunks = lab.corpus.documents, lab.chunks()
    size = chunks[0].size
    intro = page.get("documents_intro", "")
    the_docs = "document" if len(docs) == 1 else f"{len(docs)} documents"
    cut = f"{'Its' if intro else 'The'} {the_docs} {'is' if len(docs) == 1 else 'are'} cut"
    head = (
        f"{intro} {cut} into {plural(len(chunks), 'passage')} "
        f"{'along its paragraphs, lists and tables' if size == BLOCKS else f'of {size} sentences each'}; "
        "each passage starts at its id."
    ).strip()
    body = []
    for d in docs:
        parts = "".join(
            f'<span class="passage" id="p-{escape(c.id)}"><span class="pid">{escape(c.id)}</span> '
            f"{escape(c.text)}</span> "
            for c in chunks
            if c.slug == d.slug
        )
        body.append(
            f'<article class="doc" id="doc-{escape(d.slug)}"><h3>{escape(d.title)}</h3>'
            f"{show_how_read(d.slug, d.title, 'fernport')}<p>{parts}</p></article>"
        )
    # the visitor's documents: their counts, drawn by the page model (raglab.ui.own_html.documents_line)
    own = '<div class="for-yours"><h2>Your documents’ passages</h2><p id="own-documents"></p></div>' if yours else ""
    details = '<details class="for-site">' if yours else "<details>"
    return (
        f'<section id="documents" aria-labelledby="documents-h">{details}<summary>'
        f'<h2 id="documents-h">Read the {the_docs} ({plural(len(chunks), "passage")})</h2></summary>'
        f"<p>{escape(head)}</p>{''.join(body)}</details>{own}</section>"
    )


def render_main(
    lab: Lab,
    page: Mapping,
    results: Mapping[str, Result | Sequence[Result] | None],
    notes: Mapping[str, str] = {},
    scoreboard: str = "",
    compare: str = "",
    yours_page: Mapping | None = None,
) -> str:
    """Everything between the page header and the footer; ``results`` holds each technique's pre-rendered result,
    or its presets' results in order (None for a technique that cannot run here, with an optional note);
    ``scoreboard`` the rendered scoreboard; ``compare`` the compare view's section (compare_html); ``yours_page``
    the page's words for the visitor's own documents (build.default_page_text: the lesson without the site's
    examples), shown instead of the site's where they differ once the lab searches the visitor's documents.

    The order is a learner's: what to try, the documents, the nine techniques (each one's last line names the
    next), then what sets them side by side (compare, the scoreboard), the visitor's own documents and the word
    list. The navigation lists every place: a column beside the page on a wide screen, one button away on a
    phone (lab.css)."""
    name = corpus_called(lab, page)
    docs = lab.corpus.documents
    places_named = {
        "documents": f"“Read the {'document' if len(docs) == 1 else f'{len(docs)} documents'}”",
        "yours": "“Your documents”",
        **({"compare": "“Compare all”"} if compare else {}),
        **({"scoreboard": "the scoreboard"} if scoreboard else {}),
    }
    terms = Terms(_words(page.get("word", [])), places_named)
    intro = page.get("intro", "").replace("{techniques}", _number_word(len(TECHNIQUES)))
    steps = "".join(f"<li>{terms.link(s)}</li>" for s in page.get("try_first", []))
    own_terms = Terms(_words(yours_page.get("word", [])), places_named, prefix="own-def") if yours_page else None
    if own_terms:  # the visitor's steps: the questions proposed from their documents (raglab.ui.own_html)
        steps = f'<ol class="for-site">{steps}</ol><ol class="for-yours" id="own-try-first"></ol>'
    else:
        steps = f"<ol>{steps}</ol>"
    keys = list(TECHNIQUES)
    places = [
        ("try-first", "Try this first"),
        ("documents", "The documents"),
        *((k, section_name(k)) for k in keys),
        *([("compare", "Compare all")] if compare else []),
        *([("scoreboard", "Scoreboard")] if scoreboard else []),
        ("yours", "Your documents"),
        ("word-list", "Word list"),
    ]
    after = {here: places[n + 1] for n, (here, _) in enumerate(places[:-1])}
    nav = "".join(f'<li><a href="#{k}">{escape(name)}</a></li>' for k, name in places)
    sections = "".join(
        render_technique_section(
            lab,
            key,
            n,
            {"model_note": page.get("model_note", ""), **page.get("technique", {}).get(key, {})},
            terms,
            results.get(key),
            notes.get(key, ""),
            name,
            after[key],
            (yours_page.get("technique", {}).get(key, {}), own_terms) if yours_page and own_terms else None,
        )
        for n, key in enumerate(keys, 1)
    )
    if own_terms and scoreboard:  # the site's labelled questions: the visitor's documents have none
        head, rest = scoreboard.split("</h2>", 1)
        scoreboard = (
            f'{head}</h2><p class="for-yours">The scoreboard needs labelled questions, each with the passages that '
            "answer it, and your documents have none: switch the lab back to the site’s documents to see it.</p>"
            f'<div class="for-site">{rest.removesuffix("</section>")}</div></section>'
        )
    words = _word_list(_words(page.get("word", [])), _words(yours_page.get("word", [])) if yours_page else [])
    yours = render_section(len(docs), name, lab.passage_size, bool(lab.corpus.related_words))
    return (
        # The places of the page, always at hand: on a wide screen a column of them all beside the text, on a
        # phone a band with a button that opens them (a popover) and "Back to the top", which, in the band, never
        # covers the text under it.
        '<nav class="toc" aria-label="On this page">'
        '<button type="button" class="toc-open" popovertarget="toc-places" aria-controls="toc-places">'
        f'Contents<span class="visually-hidden">: {len(places)} places</span></button>'
        f'<ol id="toc-places" popover>{nav}</ol><a class="to-top" href="#top">Back to the top</a></nav>'
        f'<header class="intro"><h1>{escape(page.get("title", "RAG Lab"))}</h1>'
        f'<p class="subtitle">{escape(page.get("subtitle", ""))}</p><p>{terms.link(intro)}</p></header>'
        f'<section id="try-first"><h2>Try this first</h2>{steps}</section>'
        f"{_documents(lab, page, own_terms is not None)}{sections}{compare}{scoreboard}{yours}"
        f'<section id="word-list"><h2>Word list</h2><dl>{words}</dl></section>'
    )


def _word_list(words: Sequence[Mapping[str, str]], own: Sequence[Mapping[str, str]]) -> str:
    """The word list; a meaning that differs on the visitor's documents (``own``: "like Mira Okafor" in general
    words) beside the site's.

    >>> _word_list([{"term": "Entity", "meaning": "Like Mira."}], [{"term": "Entity", "meaning": "Like a person."}])
    '<dt id="w-entity">Entity</dt><dd><span class="for-site">Like Mira.</span><span class="for-yours">Like a \
person.</span></dd>'
    """
    theirs = {w["term"]: w["meaning"] for w in own}
    return "".join(
        f'<dt id="{word_id(w["term"])}">{escape(w["term"])}</dt>'
        f"<dd>{for_each(escape(w['meaning']), escape(theirs[w['term']]) if w['term'] in theirs else None)}</dd>"
        for w in words
    )


def _words(words: Sequence[Mapping[str, str]]) -> list[dict[str, str]]:
    """The word list with ``{word_techniques}`` and ``{meaning_techniques}`` in its meanings named from the registry:
    the techniques that compare words (every score a sum to check by hand) and those that compare embeddings.

    >>> _words([{"term": "Embedding", "meaning": "Here {meaning_techniques} use them."}])[0]["meaning"]
    'Here Multi-query, HyDE and Hybrid search use them.'
    """
    by_words = [section_name(k) for k, t in TECHNIQUES.items() if not t.meaning]
    by_meaning = [section_name(k) for k, t in TECHNIQUES.items() if t.meaning]
    return [
        {
            **w,
            "meaning": w["meaning"]
            .replace("{word_techniques}", joined_with_and(by_words))
            .replace("{meaning_techniques}", joined_with_and(by_meaning)),
        }
        for w in words
    ]


def _number_word(n: int) -> str:
    return (
        ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"][n]
        if n <= 10
        else str(n)
    )

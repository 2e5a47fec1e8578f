"""The whole page below its header: introduction, "Try this first", the documents, one section per technique
(presets, a question box, the result), and the word list, in the spec's order.

The page's words come from ``page.toml`` beside the corpus; counts in them are filled in from the data. Preset
buttons are plain links (``?technique=plain&q=...#plain-preset-2``), so they work as deep links even before Python
has loaded, or without JavaScript; the question form sends nothing anywhere (``ASK_METHOD``): a question typed before
Python has loaded is answered once it has, in place, as every question is.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from html import escape
from pathlib import Path
from urllib.parse import urlencode

from ..documents.chunking import BLOCKS
from ..documents.corpus import lab_name
from ..graph.names import names_found
from ..lab import Lab
from ..result import Result
from ..techniques import NETWORKX, TECHNIQUES, Input, Technique
from ..techniques.common import plural
from .compare_html import ASK_METHOD
from .documents_html import render_section
from .names_html import render_names_compared
from .own_html import word_list_example
from .result_html import render_result
from .source_html import show_how_read
from .terms_html import Terms, section_name, word_id

MEANING_NOTE = (
    "This technique searches by meaning with an embedding model (all-MiniLM-L6-v2), which is not "
    "loaded on this page yet."
)


OWN_WORDS = "\x00own word list\x00"  # where the visitor's word list goes in an explanation (no text holds it)


def load_page_text(corpus_dir: Path) -> dict:
    path = Path(corpus_dir) / "page.toml"
    with path.open("rb") as f:
        return tomllib.load(f)


def corpus_called(lab: Lab, page: Mapping) -> str:
    """What the page calls the lab's documents: page.toml's ``name`` (Fernport), else documents.corpus.lab_name's."""
    return page.get("name") or lab_name(lab.corpus.name, [d.title for d in lab.corpus.documents])


def for_each(site: str, yours: str | None, tag: str = "span") -> str:
    """What a place says on the site's documents and, where it differs, on the visitor's (lab.css shows the one
    the lab searches: ``body[data-corpus=yours]``).

    >>> for_each("Read the ferry timetable.", "Read a document.")
    '<span class="for-site">Read the ferry timetable.</span><span class="for-yours">Read a document.</span>'
    >>> for_each("The same.", "The same."), for_each("Only here.", None)
    ('The same.', 'Only here.')
    """
    if yours is None or yours == site:
        return site
    return f'<{tag} class="for-site">{site}</{tag}><{tag} class="for-yours">{yours}</{tag}>'


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


def _input_field(key: str, i: Input) -> str:
    """A box for one of a technique's inputs (its name is the link's parameter, so the form works as a link)."""
    box = (
        f'<textarea name="{i.param}" rows="{i.limit}" maxlength="{i.max_chars}" id="{i.param}-{key}"></textarea>'
        if i.kind == "lines"
        else f'<input name="{i.param}" maxlength="{i.max_chars}" autocomplete="off" id="{i.param}-{key}">'
    )
    return f'<label class="extra">{escape(i.label)}{box}</label>'


def _options_fieldset(options) -> str:
    """A technique's settings, folded (one step away: the section opens with its question and its result), each
    with its default and range: a fieldset per choice, named by its label and said in its help, the numbers that
    tune it beside it (BM25's k1 and b after the scoring).

    >>> from raglab.techniques import TECHNIQUES
    >>> html = _options_fieldset(TECHNIQUES["plain"].options)
    >>> html.split("</summary>")[0]
    '<details class="extra settings"><summary>Settings: scoring, search each passage'
    >>> html.count("<fieldset"), html.count("<legend>Search each passage</legend>")
    (2, 1)
    """
    if not options:
        return ""
    groups: list[list] = []
    for o in options:
        if o.choices or not groups:
            groups.append([o])
        else:
            groups[-1].append(o)
    sets = []
    for group in groups:
        fields = []
        for o in group:
            if o.choices:
                fields += [
                    f'<label><input type="radio" name="{o.name}" value="{escape(v)}"'
                    f"{' checked' if v == o.default else ''}> {escape(words)}</label>"
                    for v, words in o.choices
                ]
            else:
                fields.append(
                    f'<label>{escape(o.label)} <input type="number" name="{o.name}" value="{o.default:g}" '
                    f'min="{o.low:g}" max="{o.high:g}" step="{o.step:g}"></label>'
                )
        lead = group[0]
        help_line = f'<p class="help">{escape(lead.help[:1].upper() + lead.help[1:])}.</p>' if lead.help else ""
        sets.append(
            f'<fieldset class="options"><legend>{escape(lead.label)}</legend>{"".join(fields)}{help_line}</fieldset>'
        )
    named = ", ".join(g[0].label.lower() for g in groups)
    return f'<details class="extra settings"><summary>Settings: {escape(named)}</summary>{"".join(sets)}</details>'


def _explain(terms, explain: str, demo: str, has_presets: bool) -> str:
    """A section's explanation; its ``demo`` sentence (page.toml: that the presets' inputs were written by hand)
    marked, so the page hides it while it searches the visitor's documents, and left out on a lab with no presets
    for this technique, where no one wrote any.

    >>> from raglab.ui.terms_html import Terms
    >>> text = "Rewrites help. These were written by hand. Models write them."
    >>> _explain(Terms([]), text, "These were written by hand.", has_presets=True)
    'Rewrites help. <span class="demo">These were written by hand.</span> Models write them.'
    >>> _explain(Terms([]), text, "These were written by hand.", has_presets=False)
    'Rewrites help. Models write them.'
    """
    if not demo or demo not in explain:
        return terms.link(explain)
    before, after = explain.split(demo, 1)
    if not has_presets:
        return terms.link(before.rstrip() + " " + after.lstrip()) if before.strip() else terms.link(after.lstrip())
    return f'{terms.link(before)}<span class="demo">{escape(demo)}</span>{terms.link(after)}'


def _fusion_lesson(text: Mapping) -> str:
    from ..search.fusion import RRF_K, fuse_ranks, rrf_term

    # The lesson's worked example, computed: A is 1st by keyword and 5th by vector, B 2nd in both.
    fused = {
        item: (total, ranks)
        for item, total, ranks in fuse_ranks([["A", "B", "x", "y", "z"], ["p", "B", "q", "r", "A"]])
    }
    rows = []
    for chunk in ("A", "B"):
        total, ranks = fused[chunk]
        terms = " + ".join(f"1/{RRF_K + r}" for _, r in ranks)
        values = " + ".join(f"{rrf_term(r):.4f}" for _, r in ranks)
        where = ", ".join(f"{['keyword', 'vector'][li]} rank {r}" for li, r in ranks)
        rows.append(f"<li>chunk {chunk} ({where}): {terms} = {values} = {total:.4f}</li>")
    winner = max(("A", "B"), key=lambda c: fused[c][0])
    table = text.get("table", [])
    table_html = (
        (
            "<table><thead><tr>"
            + "".join(f"<th>{escape(h)}</th>" for h in table[0])
            + "</tr></thead><tbody>"
            + "".join("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in row) + "</tr>" for row in table[1:])
            + "</tbody></table>"
        )
        if table
        else ""
    )
    lesson = "".join(f"<p>{escape(p)}</p>" for p in text.get("lesson", []))
    return (
        '<details class="lesson"><summary>The lesson: why the two searches are merged, and how (chunk '
        f'{winner} wins)</summary>{lesson}<ul class="worked">{"".join(rows)}</ul>'
        f"<p>{winner} wins: it is good in both lists. {escape(text.get('after_example', ''))}</p>"
        f"{table_html}</details>"
    )


def render_technique_section(
    lab: Lab,
    key: str,
    number: int,
    text: Mapping,
    terms: Terms,
    result: Result | Sequence[Result] | None,
    note: str = "",
    name: str = "Fernport",
    following: tuple[str, str] | None = None,
    yours: tuple[Mapping, Terms] | None = None,
) -> str:
    """One technique's section; ``result``: its first preset's result, or every preset's in order. The first is
    drawn in the result slot; each later one in its own ``#{key}-preset-{n}`` beside it, which its preset links to,
    so without JavaScript a preset shows its own result (lab.css shows the one the address names). main.py takes
    those away when it starts: from then on it draws every result in the slot. A section with no preset says so
    when other sections have some; in a lab with none, it is the question box alone. ``name``: what the question
    box asks about (corpus_called); ``following``: the place after this one (its id and name), which the section's
    last line links to; ``yours``: the section's words for the visitor's documents and their terms (the lesson
    without the site's examples), beside the site's, with the places the page model fills with the questions
    proposed from their documents (raglab.ui.own_html).

    The section opens with its explanation, its question and its result; what a learner checks or changes is one
    step away, folded: the settings, the lesson's arithmetic, and in the result the steps, lists and the prompt."""
    t = TECHNIQUES[key]
    results = list(result) if isinstance(result, Sequence) else [result] if result else []
    questions = lab.corpus.presets.get(key, ())

    def target(n: int) -> str:
        return f"{key}-preset-{n}" if 1 < n <= len(results) else key

    presets = "".join(
        f'<a class="preset" role="button" href="?{escape(urlencode({"technique": key, "q": q}))}#{target(n)}" '
        f'data-q="{escape(q)}">{escape(q)}</a>'
        for n, q in enumerate(questions, 1)
    )
    extra = "".join(_input_field(key, i) for i in t.inputs if i.field) + _options_fieldset(t.options)
    lesson = _fusion_lesson(text) if text.get("lesson") else ""
    if yours and yours[0].get("lesson"):
        lesson = for_each(lesson, _fusion_lesson(yours[0]), "div")
    try_line = f'<p class="try">{terms.link(text["try"])}</p>' if text.get("try") else ""
    exercise = ""
    if text.get("exercise"):  # the lesson's own exercise, on the visitor's documents (page.toml's technique.X)
        exercise = f'<p class="try exercise">{terms.link(text["exercise"])}</p>'
    if text.get("embed_exercise"):  # the same in an embed, which has the technique and the lab's documents only
        exercise += f'<p class="try exercise-embed">{terms.link(text["embed_exercise"])}</p>'
    names = ""
    if NETWORKX in t.needs and lab.corpus.entities:  # the graph, on a corpus whose names were written by hand
        names = render_names_compared(lab.corpus.entities, names_found(lab.corpus.documents))
        names = f'<div class="for-site">{names}</div>' if yours else names
    if results:
        slot = render_result(results[0])
    elif not questions:
        none_here = any(lab.corpus.presets.values())
        slot = '<p class="message">No preset question for this technique yet: type one above.</p>' * none_here
    else:
        slot = f'<p class="message">{escape(note or MEANING_NOTE)}</p>'
    explain = text.get("explain", "").replace("{word_list_example}", word_list_example(lab.corpus.related_words))
    explained = _explain(terms, explain, text.get("demo", ""), bool(questions))
    own_presets = own_try = ""
    if yours:
        own_text, own_terms = yours
        # the visitor's own word list, as the page model draws it (raglab.ui.own_html.word_list_line)
        own_explain = own_text.get("explain", "").replace("{word_list_example}", OWN_WORDS)
        own_explained = _explain(own_terms, own_explain, own_text.get("demo", ""), False)
        own_explained = own_explained.replace(OWN_WORDS, '<span id="own-word-list-example"></span>')
        explained = for_each(explained, own_explained)
        own_presets = (
            f'<div class="presets own-presets for-yours" role="group" aria-label="Questions from your documents" '
            f'id="own-presets-{key}"></div>'
        )
        own_try = f'<p class="own-try for-yours" id="own-try-{key}"></p>'

    ask = f"Ask about {name}"
    others = "".join(
        f'<div class="preset-result" id="{target(n)}">{render_result(r)}</div>' for n, r in enumerate(results[1:], 2)
    )
    others = f'<div class="other-presets">{others}</div>' if others else ""
    next_line = f'<p class="next"><a href="#{following[0]}">Next: {escape(following[1])}</a></p>' if following else ""
    return (
        f'<section class="technique" id="{key}" data-technique="{key}" aria-labelledby="{key}-h">'
        f"{_embed_bar(key)}"
        f'<h2 id="{key}-h"><span class="number">Technique {number}: </span>'
        f"{escape(text.get('heading', t.title))}</h2>"
        f'<p class="explain">{explained}</p>{try_line}{own_try}'
        f'<div class="controls"><div class="presets site-presets" role="group" aria-label="Preset questions">'
        f"{presets}</div>{own_presets}"
        f'<form class="ask" {ASK_METHOD}><input type="hidden" name="technique" value="{key}">'
        f'<label for="q-{key}">{"Or type" if questions else "Type"} any question</label><div class="row">'
        f'<input id="q-{key}" name="q" maxlength="500" autocomplete="off" placeholder="{escape(ask)}" '
        f'data-fernport="{escape(ask)}">'
        '<button type="submit">Search</button>'
        f'</div>{extra}</form><p class="form-message" id="msg-{key}" role="status"></p></div>'
        f'<div class="result-slot" id="result-{key}" aria-live="polite">{slot}</div>{others}{lesson}{names}'
        f"{exercise}{_ask_model(t, text)}"
        f'<div class="section-end">{next_line}'
        f'<button type="button" class="embed-code" data-technique="{key}">Copy embed code</button></div>'
        "</section>"
    )


def _ask_model(t: Technique, text: Mapping) -> str:
    writes = "".join(
        f'<button type="button" class="model-writes" data-input="{i.name}">{escape(i.model.button)}</button>'
        for i in t.inputs
        if i.model
    )
    note = text.get("model_note", "")
    return (
        f'<div class="ask-model"><p class="model-note">{escape(note)}</p><div class="row">'
        f'<button type="button" class="ask-model-button">Ask the model</button>{writes}</div>'
        f'<div class="model-panel" id="model-{t.key}" aria-live="polite"><div class="model-state"></div></div>'
        "</div>"
    )


def _embed_bar(key: str) -> str:
    """Shown in an embed only (lab.css): the page's h1, and a link to the whole lab in a new tab. The link's address
    here opens the technique; boot.js adds the question the embed shows when the link is followed."""
    return (
        '<div class="embed-bar"><h1 class="embed-h1">RAG Lab</h1>'
        f'<a class="full-lab" href="?{urlencode({"technique": key})}#{key}" target="_blank" '
        'rel="noopener noreferrer">Open the full lab<span class="visually-hidden"> (in a new tab)</span></a></div>'
    )


# The host page's side of the embed: the lab posts {type: "raglab:height", technique, height} whenever its height
# changes (boot.js), and each snippet's script follows the messages of its own frame only (event.source), so several
# labs on one course page never resize each other's frames.
_FOLLOW_HEIGHT = """<script>
(function (frame) {
  addEventListener("message", function (event) {
    var data = event.data;
    if (event.source !== frame.contentWindow || !data || data.type !== "raglab:height") return;
    if (data.height > 0) frame.style.height = Math.ceil(data.height) + "px";
  });
})(document.currentScript.previousElementSibling);
</script>"""


def embed_snippet(page_url: str, t: Technique) -> str:
    """The code a teacher pastes into a course page: the technique alone, in an iframe, and the few lines that let
    the frame take the lab's height (without them, ``height`` fits the technique's first preset).

    >>> from raglab.techniques import TECHNIQUES
    >>> snippet = embed_snippet("https://a.github.io/raglab/", TECHNIQUES["graph"])
    >>> snippet.split('" ')[:3]
    ['<iframe src="https://a.github.io/raglab/?technique=graph&amp;embed=1', 'title="RAG Lab: Graph RAG', 'width="100%']
    >>> snippet.split(">")[0].split()[-3:], snippet.count("<script>")
    (['height="1300"', 'style="border:0"', 'loading="lazy"'], 1)
    """
    src = f"{page_url}?{urlencode({'technique': t.key, 'embed': 1})}"
    height = t.embed_height  # the registry's: measured, see Technique.embed_height
    return (
        f'<iframe src="{escape(src)}" title="RAG Lab: {escape(t.name)}" width="100%" height="{height}" '
        f'style="border:0" loading="lazy"></iframe>\n{_FOLLOW_HEIGHT}'
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
            .replace("{word_techniques}", _and(by_words))
            .replace("{meaning_techniques}", _and(by_meaning)),
        }
        for w in words
    ]


def _and(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1] if names else ""


def _number_word(n: int) -> str:
    return (
        ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"][n]
        if n <= 10
        else str(n)
    )

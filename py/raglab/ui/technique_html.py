"""One technique's section of the page: its explanation, preset questions (plain links,
``?technique=plain&q=...#plain-preset-2``, so they work as deep links before Python has loaded, or without
JavaScript), the question form (it sends nothing anywhere: ``ASK_METHOD``), its inputs and settings, the result, the
lesson's worked example and "Ask the model".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from urllib.parse import urlencode

from ..graph.names import names_found
from ..lab import Lab
from ..result import Result
from ..techniques import NETWORKX, TECHNIQUES, Input, Technique
from .compare_html import ASK_METHOD
from .embed_html import embed_bar
from .names_html import render_names_compared
from .own_html import for_each, word_list_example
from .result_html import render_result
from .terms_html import Terms

MEANING_NOTE = (
    "This technique searches by meaning with an embedding model (all-MiniLM-L6-v2), which is not "
    "loaded on this page yet."
)


OWN_WORDS = "\x00own word list\x00"  # where the visitor's word list goes in an explanation (no text holds it)


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
        f"{embed_bar(key)}"
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

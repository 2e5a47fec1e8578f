"""The step that writes the lab into index.html with CPython, so the page reads before Python loads."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from tools.build.csp import content_security_policy, inline_styles
from tools.build.lab_corpus import default_page_text
from tools.build.pins import EMBED_DTYPE, EMBED_MODEL, MODEL_CACHE, SHIPPED_DTYPE, WEB
from tools.build.settings import BuildSettings

LAB_MAIN = "<!-- LAB:MAIN (build.py writes the pre-rendered lab here) -->"
LAB_CSP = "<!-- LAB:CSP (build.py writes the Content-Security-Policy here) -->"
LAB_CONFIG = 'config="./pyscript.json"'  # the page's PyScript config; another corpus's page has its own


def prerender(dist: Path, settings: BuildSettings) -> None:
    """Write the lab into index.html with CPython: the same core and renderer the page runs, so the documents,
    the explanations and each technique's first preset read before Python has loaded, or without JavaScript.

    The meaning techniques need the embedding model (built by `make models`); with it, the vectors of every
    passage and preset text are computed here once and shipped as data/vectors.json, so their presets answer in
    the page with no model download. Without it, those sections say so.
    """
    from raglab import TECHNIQUES, Lab, run
    from raglab.search.vector_table import VectorTable, preset_texts
    from raglab.techniques import EMBEDDINGS
    from raglab.ui import render_main

    chosen = settings.lab_corpus
    lab = Lab(chosen.corpus, chosen.passage_size)
    table, note, embed = _vector_table(lab, VectorTable, preset_texts)
    from raglab.evaluate import evaluate
    from raglab.showcase import showcase
    from raglab.ui.scoreboard_html import render_scoreboard

    # The scoreboard: every technique on the labelled questions, computed here once (the real model, in CPython);
    # none without labelled questions. The compare view's questions are found on it (raglab.showcase).
    board = evaluate(lab, embed) if lab.corpus.questions else None
    scoreboard = render_scoreboard(board.to_dict(), {k: t.title for k, t in TECHNIQUES.items()}) if board else ""
    shown_questions = showcase(board) if board else ()
    if table is not None:
        texts = [t for s in shown_questions for t in compare_texts(lab, s.question) if t not in table.vectors]
        table.add(texts, embed(texts) if texts else [])
        (dist / "data").mkdir(exist_ok=True)
        (dist / "data" / settings.named("vectors", ".json")).write_text(table.to_json(), encoding="utf-8")
        own = _vector_table(lab, VectorTable, lambda lab: list(dict.fromkeys(lab.passage_texts())), EMBED_DTYPE)[0]
        (dist / "data" / settings.named(f"vectors-{EMBED_DTYPE}", ".json")).write_text(own.to_json(), encoding="utf-8")
    results, notes = {}, {}
    for key, technique in TECHNIQUES.items():
        presets = lab.corpus.presets.get(key)
        if not presets:  # the renderer says so, where other techniques have some
            results[key] = None
            continue
        if EMBEDDINGS in technique.needs and table is None:
            results[key], notes[key] = None, note
            continue
        options = {"embed": table} if technique.meaning else {}
        results[key] = [run(lab, key, q, **options) for q in presets]  # each, so a preset works without JavaScript
    # Names found by rules are the graph's here, but no hand-written list to compare them with.
    shown = lab if chosen.hand_written_names else Lab(replace(chosen.corpus, entities=()), chosen.passage_size)
    from raglab.ui.page_html import corpus_called

    compared = prerendered_compare(lab, shown_questions, table, corpus_called(lab, chosen.page))
    html = render_main(shown, chosen.page, results, notes, scoreboard, compared, default_page_text())
    template = (WEB / "index.html").read_text(encoding="utf-8")
    for marker in (LAB_MAIN, LAB_CSP, LAB_CONFIG):
        if marker not in template:
            raise SystemExit(f"web/index.html has lost its {marker} marker")
    policy = content_security_policy(settings, inline_styles(template))
    csp = f'<meta http-equiv="Content-Security-Policy" content="{policy}">'
    page = template.replace(LAB_MAIN, corpus_switch(settings) + html).replace(LAB_CSP, csp)
    page = page.replace(LAB_CONFIG, f'config="./{settings.named("pyscript", ".json")}"')
    (dist / (f"{settings.page}.html" if settings.page else "index.html")).write_text(page, encoding="utf-8")


def _vector_table(lab, VectorTable, preset_texts, weights: str = SHIPPED_DTYPE):
    try:
        from raglab.models.onnx_embed import OnnxEmbedder

        embed = OnnxEmbedder(_export_embedding_model(), weights)
    except (ImportError, OSError, FileNotFoundError) as error:
        print(f"build.py: no embedding model ({error}); meaning presets are not pre-rendered. Run `make models`.")
        return None, "This technique searches by meaning, and this build of the lab has no embedding model.", None
    texts = preset_texts(lab)
    table = VectorTable()
    table.add(texts, embed(texts))
    return table, "", embed


def _export_embedding_model() -> Path:
    """all-MiniLM-L6-v2 as ONNX in the ignored cache, where `make models` (tools/models.py) exports it from its
    PyPI package; `make build` and `make test` do that first."""
    from raglab.models.onnx_embed import MODEL_FILES

    model_dir = MODEL_CACHE / EMBED_MODEL
    if not (model_dir / MODEL_FILES[EMBED_DTYPE]).exists():
        raise FileNotFoundError(f"{model_dir} holds no exported model")
    return model_dir


def compare_texts(lab, question: str) -> list[str]:
    """Every text the meaning techniques embed for ``question`` (its hand-written rewrites and made-up answer too)."""
    from raglab import TECHNIQUES
    from raglab.page.needs import wordings

    return list(dict.fromkeys(t for tech in TECHNIQUES.values() for t in wordings(tech, lab.corpus, question, {})))


def prerendered_compare(lab, questions, table, name: str) -> str:
    """The compare view's section: its questions (raglab.showcase) and the first one's view, with its map when
    the build has the vectors."""
    from raglab.compare import compare, probes
    from raglab.meaning_map import meaning_map
    from raglab.ui.compare_html import render_compare_section, render_compared

    slot = ""
    if questions:
        first = questions[0]
        compared = compare(lab, first.question, table)
        drawn = meaning_map(lab, table, probes(compared)).to_dict() if table is not None else None
        slot = render_compared(compared.to_dict(), drawn, first.why)
    listed = [{"question": s.question, "why": s.why} for s in questions]
    return render_compare_section(listed, slot, name)


def corpus_switch(settings: BuildSettings) -> str:
    """The switch between the site's corpora (none for one), as links that carry ``corpus=<key>`` (boot.js opens
    that corpus's page); the body says which pages there are (``data-labs``), for boot.js.

    >>> from tools.build.pins import ROOT
    >>> fernport, ledger = ROOT / "corpus" / "fernport", ROOT / "corpus" / "ledger"
    >>> s = BuildSettings(corpus=ledger, more=(ledger,), page="ledger", first=fernport)  # ledger.html's
    >>> print(corpus_switch(s).split('data-lab="ledger">')[1].replace("><", ">\\n<"))
    Documents: <a href="?corpus=fernport">Fernport</a>
    <a href="?corpus=ledger" aria-current="page">Larkspur Print Works</a>
    </nav>
    >>> corpus_switch(BuildSettings())
    ''
    """
    from html import escape

    pages = settings.pages
    if not pages:
        return ""
    here = settings.page or pages[0].key
    current = ' aria-current="page"'
    links = "".join(f'<a href="?corpus={p.key}"{current if p.key == here else ""}>{escape(p.name)}</a>' for p in pages)
    labs = escape(json.dumps({p.key: p.href for p in pages}))
    return (
        f'<nav class="corpora" aria-label="Documents this lab can search" data-labs="{labs}" '
        f'data-lab="{here}">Documents: {links}</nav>'
    )

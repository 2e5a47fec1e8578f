"""A visitor's lab speaks of their documents only: with documents dropped in the page, every section, at 1280 and
390 px, holds no word of Fernport's or the ledger's (their names, their codes, their word lists' words), and
"Try this first" and each section offer the questions proposed from the visitor's documents, which, pressed, run;
a section with none says why."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from lab_page import SLOW, shown
from playwright.sync_api import expect
from test_my_vectors import RECORD_VECTOR_REQUESTS
from tools.build.pins import EMBED_DTYPE

from raglab import Lab
from raglab.documents.collect_files import read_folder
from raglab.documents.corpus_folder import load_corpus
from raglab.documents.passage_sizes import passage_size_in
from raglab.graph.names_by_rules import NamesByRules
from raglab.models.onnx_embed import OnnxEmbedder
from raglab.proposals import NO_VECTORS, NOT_KEPT, hybrid_questions, propose
from raglab.techniques import TECHNIQUES

ROOT = Path(__file__).resolve().parents[2]
GRAPHS = """# Graph databases

## Nodes and relationships

Ana Silva teaches the graph course at the Harwick Institute. Her notes start with nodes and relationships.

A node holds properties. A relationship joins two nodes and has a direction, drawn as an arrow.

## Query patterns

Patterns match paths between nodes. Ana Silva writes every pattern on the board before the class tries it.

Bruno Costa marks the weekly exercises and checks each pattern by hand.
"""
TABLES = """# Relational tables

## Keys

Every table has a primary key. A foreign key points to a row of another table.

The Harwick Institute keeps its course lists in such tables, one row per student.

## Joins

A join combines rows of two tables on matching keys. Bruno Costa explains joins with the seating plan of a lecture
hall.
"""
EXAMS = """# Exams

The written exam lasts two hours. Students may bring one page of handwritten notes.

Marks are published within three weeks. A student who misses the exam sits the resit in September.
"""
FILES = {"graphs.md": GRAPHS, "tables.md": TABLES, "exams.md": EXAMS}


def _site_words() -> set[str]:
    """Fernport's and the ledger's own words: each name of their name lists and its spellings (every word of them
    with a capital, matched with its capital: "Books" of "Harbour Books", not "the books"), every code their
    documents hold ("INV-2041"), and the words their word lists point to that name one of their documents ("ferry"
    for "boat": "Ferry timetable"), less any word the visitor's documents hold themselves."""
    words: set[str] = set()
    for name in ("fernport", "ledger"):
        corpus = load_corpus(ROOT / "corpus" / name)
        for entity in corpus.entities:
            for spelling in (entity.name, *entity.spellings):
                words |= {w for w in re.findall(r"[\w’']+", spelling) if w[:1].isupper() and len(w) > 3}
        for doc in corpus.documents:
            words |= set(re.findall(r"\b[A-Z]{2,}-\d+\b", doc.text))
        synonyms = tomllib.loads((ROOT / "corpus" / name / "synonyms.toml").read_text())["related"]
        titles = " ".join(d.title for d in corpus.documents).casefold()
        words |= {w for related in synonyms.values() for w in related if re.search(rf"\b{w}\b", titles)}
    theirs = " ".join(FILES.values()).casefold()
    return {w for w in words if not re.search(rf"\b{re.escape(w.casefold())}\b", theirs)}


SITE_WORDS = _site_words()


def _said(word: str, text: str) -> bool:
    return bool(re.search(rf"\b{re.escape(word)}\b", text, 0 if word[:1].isupper() else re.IGNORECASE))


# Every place's visible text, with every fold opened; and the definitions the visitor's terms pop up.
VISIBLE_TEXT = """(place) => {
    const root = document.querySelector(place);
    // the switch between the site's documents and the visitor's names both: left out while the text is read
    const choices = [...root.querySelectorAll('.corpus-switch, .passage-choice')];
    for (const choice of choices) choice.style.display = 'none';
    for (const d of root.querySelectorAll('details')) d.open = true;
    const defs = [...root.querySelectorAll('.for-yours .def')].map((d) => d.textContent);
    const text = root.innerText + '\\n' + defs.join('\\n');
    for (const choice of choices) choice.style.display = '';
    return text;
}"""
# Every place of the page, each section on its own (so a failure names it).
PLACES = [
    "header.intro",
    "#try-first",
    "#documents",
    *(f"#{k}" for k in TECHNIQUES),
    "#compare",
    "#scoreboard",
    "#yours",
    "#word-list",
]


def _keep(page) -> None:
    page.locator("#doc-files").set_input_files(
        [{"name": n, "mimeType": "text/markdown", "buffer": t.encode()} for n, t in sorted(FILES.items())]
    )
    expect(page.locator("#docs-read .keep-read")).to_be_visible(timeout=SLOW)
    page.locator("#docs-read .keep-read").click()
    expect(page.locator("#docs-kept li.kept-doc")).to_have_count(len(FILES), timeout=SLOW)
    expect(page.locator("body[data-corpus=yours]")).to_have_count(1, timeout=SLOW)


def _cli_lab(tmp_path) -> Lab:
    """The same files read by the command line."""
    for name, text in FILES.items():
        (tmp_path / name).write_text(text)
    corpus, _ = read_folder(tmp_path, find_names=NamesByRules)
    return Lab(corpus, passage_size_in(tmp_path))


def _proposed(tmp_path) -> dict[str, tuple[str, ...]]:
    """The questions the core proposes on the same files read by the command line."""
    return propose(_cli_lab(tmp_path)).presets()


def test_site_words_are_found_on_the_site_itself(visit):
    """The word list is no empty net: Fernport's own page shows its words."""
    assert {"Fernport", "Okafor", "ferry"} <= SITE_WORDS
    page = visit.open()
    text = page.evaluate(VISIBLE_TEXT, "#lab")
    assert {w for w in SITE_WORDS if _said(w, text)} >= {"Fernport", "Okafor", "ferry"}


@pytest.mark.parametrize("width", [1280, 390])
def test_a_visitors_lab_has_no_site_words_and_its_own_questions_run(browser, site_url, tmp_path, width):
    proposed = _proposed(tmp_path)
    assert {"plain", "graph", "document", "parent"} <= set(proposed)
    context = browser.new_context(viewport={"width": width, "height": 900})
    try:
        page = context.new_page()
        page.goto(site_url)
        expect(page.locator("#yours[data-loaded]")).to_have_count(1, timeout=SLOW)
        _keep(page)
        steps = page.locator("#own-try-first li")
        expect(steps.first).to_contain_text("press", timeout=SLOW)
        # Try this first: one step per technique with a proposal, each its first question, and where to read why
        expected = [k for k in TECHNIQUES if k in proposed]
        expect(steps).to_have_count(len(expected) + 1)
        for n, key in enumerate(expected):
            expect(steps.nth(n)).to_contain_text(f"“{proposed[key][0]}”")
        for key in TECHNIQUES:
            buttons = page.locator(f"#own-presets-{key} a.preset")
            line = page.locator(f"#own-try-{key}")
            expect(line).to_be_visible()
            if key in proposed:
                expect(buttons).to_have_text(list(proposed[key]))
                expect(line).to_contain_text(f"Try “{proposed[key][0]}”")
            else:
                expect(buttons).to_have_count(0)
                expect(line).not_to_be_empty()  # why it has none
        expect(page.locator(".site-presets").first).to_be_hidden()
        expect(page.locator("#own-documents")).to_contain_text("Your 3 documents are cut into")
        # Query RAG's example is the visitor's own word list, which they have not written
        expect(page.locator("#query .explain")).to_contain_text("this lab has none of its own")
        said = {place: page.evaluate(VISIBLE_TEXT, place) for place in PLACES}
        found = {(p, w) for p, text in said.items() for w in SITE_WORDS if _said(w, text)}
        assert not found, "; ".join(f"{p}: {w}" for p, w in sorted(found))
        for key in expected:  # pressed, each proposed question runs in its section, on the visitor's documents
            question = proposed[key][0]
            page.locator(f"#own-presets-{key} a.preset").first.click()
            expect(page.locator(f"#result-{key} .summary")).to_contain_text(f"“{question}”", timeout=SLOW)
            expect(page.locator(f"#result-{key}.busy")).to_have_count(0, timeout=SLOW)
            expect(page.locator(f"#result-{key} li.hit").first).to_be_visible()
    finally:
        context.close()


def test_a_graph_question_without_links_says_so_and_opens_the_names_editor(browser, site_url):
    """On a visitor's lab, a Graph RAG question that names none of the names found by rules says so under its
    summary, from the result's own figures, and its button opens the names list's editor."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        page.goto(site_url)
        expect(page.locator("#yours[data-loaded]")).to_have_count(1, timeout=SLOW)
        _keep(page)
        page.fill("#q-graph", "How long is the written exam?")
        page.press("#q-graph", "Enter")
        note = page.locator("#result-graph .names-note")
        expect(note).to_contain_text("Your question holds none of the", timeout=SLOW)
        expect(note).to_contain_text("the rules found in your documents")
        editor = page.locator("#yours details.my-names")
        expect(editor).not_to_have_attribute("open", "")
        note.locator("button.open-names").click()
        expect(editor).to_have_attribute("open", "")
        expect(page.locator("#docs-names")).to_contain_text("Ana Silva", timeout=SLOW)
    finally:
        context.close()


@pytest.mark.parametrize("width", [1280, 390])
def test_hybrids_proposals_come_once_vectors_are_made_and_run(visit, tmp_path, width):
    """Until the visitor's passages have meaning vectors, Hybrid search's section says its proposals come then, and
    the embedding model is not downloaded for them; once made, its candidate questions are embedded in one batch,
    and its proposals, the command line's with the page's weights, are offered in its section and in Try this
    first, and pressed, run and hand over the passage the reason names. With the vectors kept and the model gone
    from this browser, a reload downloads nothing for them and says so; the model loaded by a question, they come."""
    lab = _cli_lab(tmp_path)
    embed = OnnxEmbedder(ROOT / ".cache" / "models" / "all-MiniLM-L6-v2", EMBED_DTYPE)  # the page's weights
    expected = propose(lab, embed=embed).of("hybrid")
    assert expected
    page = visit.page
    page.set_viewport_size({"width": width, "height": 900})
    page.context.add_init_script(RECORD_VECTOR_REQUESTS)
    visit.open()
    expect(page.locator("#yours[data-loaded]")).to_have_count(1, timeout=SLOW)
    _keep(page)
    expect(page.locator("#own-try-first li").first).to_contain_text("press", timeout=SLOW)  # the others found
    line, buttons = page.locator("#own-try-hybrid"), page.locator("#own-presets-hybrid a.preset")
    expect(line).to_have_text(NO_VECTORS)
    expect(buttons).to_have_count(0)
    assert page.evaluate("window.asked") == []
    assert visit.requested("models/all-MiniLM-L6-v2/onnx/model_quantized.onnx") == 0  # not downloaded for them
    page.locator("#docs-vectors .make-vectors").click()
    expect(page.locator("#docs-vectors")).to_contain_text("has a meaning vector", timeout=SLOW)
    expect(buttons).to_have_text([p.question for p in expected], timeout=SLOW)
    expect(line).to_contain_text(f"Try “{expected[0].question}”: it {expected[0].why}")
    expect(page.locator("#own-try-first li", has_text="Hybrid search")).to_contain_text(
        f"press “{expected[0].question}”: it {expected[0].why}"
    )
    asked = page.evaluate("window.asked")
    candidates = hybrid_questions(lab)
    assert asked[-len(candidates) :] == candidates  # one batch, after the passages, the candidates each once
    assert not set(asked[: -len(candidates)]) - set(lab.passage_texts())
    named = expected[0].why.split()[2]  # "hands over <id> at rank <n>: ..."
    buttons.first.click()
    expect(page.locator("#result-hybrid .summary")).to_contain_text(f"“{expected[0].question}”", timeout=SLOW)
    expect(page.locator("#result-hybrid.busy")).to_have_count(0, timeout=SLOW)
    assert named in [i for i, _ in shown(page, "hybrid")]
    # nothing embedded again: the question's vector is the one its proposal was checked with
    assert page.evaluate("window.asked")[-len(candidates) :] == candidates
    page.evaluate("() => caches.delete('transformers-cache')")  # the model gone from this browser, the vectors kept
    weights = "models/all-MiniLM-L6-v2/onnx/model_quantized.onnx"
    downloaded = visit.requested(weights)
    visit.open()  # the lab's address, without the question pressed (which would be asked again, loading the model)
    expect(page.locator("#yours[data-loaded]")).to_have_count(1, timeout=SLOW)
    expect(page.locator("body[data-corpus=yours]")).to_have_count(1)
    expect(line).to_have_text(NOT_KEPT, timeout=SLOW)
    assert page.evaluate("window.asked") == [] and visit.requested(weights) == downloaded
    page.fill("#q-hybrid", "How long is the written exam?")
    page.press("#q-hybrid", "Enter")
    expect(buttons).to_have_text([p.question for p in expected], timeout=SLOW)
    assert visit.console_errors == []

"""A technique is declared once, as data: a tenth technique registered here, in the test, shows up in the command
line, the rendered page and the scoreboard with no other file changed; the model writes a technique's inputs
through a function passed in."""

import json

import pytest
from page_toml import load_page_text
from test_cli import run_cli

from raglab import Lab
from raglab.documents.analysis import search_words
from raglab.documents.corpus import default_corpus_dir
from raglab.models.model_writes import ask_with_model, model_inputs, run_now
from raglab.result import Hit, Part
from raglab.techniques import TECHNIQUES, Input, Option, Technique, register, run
from raglab.techniques.common import check_question, finish
from raglab.ui import render_main


def longest(lab, question, top_k=3, avoid=None, min_letters=0.0, source="visitor"):
    """A made-up technique: the longest passages that share a search word with the question, minus ``avoid``."""
    question = check_question(question)
    words = [w for w in search_words(question) if w != avoid]
    kept = [c for c in lab.chunks() if set(search_words(c.text)) & set(words) and len(c.text) >= min_letters]
    kept.sort(key=lambda c: -len(c.text))
    hits = [
        Hit.of(c, r, len(c.text), "score", (Part("word", "letters", len(c.text), "len(text)"),))
        for r, c in enumerate(kept[:top_k], 1)
    ]
    return finish("longest", question, words, [f"Kept the {top_k} longest passages."], hits, None, {"avoided": avoid})


@pytest.fixture
def tenth():
    technique = register(
        Technique(
            "longest",
            "Longest: the longest passages that share a word",
            longest,
            inputs=(Input("avoid", "av", "A search word to leave out", flag="--avoid", help="a word to leave out"),),
            options=(
                Option(
                    "min_letters",
                    "Fewest letters",
                    0.0,
                    low=0,
                    high=400,
                    step=10,
                    help="passages shorter than this are left out",
                ),
            ),
        )
    )
    yield technique
    del TECHNIQUES[technique.key]


def test_a_tenth_technique_on_the_command_line(capsys, tenth):
    code, out, _ = run_cli(capsys, "techniques")
    assert code == 0 and "longest      Longest: the longest passages that share a word" in out
    code, out, _ = run_cli(
        capsys, "ask", "longest", "How much does the ferry cost?", "--avoid", "cost", "--json", "--min-letters", "120"
    )
    result = json.loads(out)
    assert code == 0 and result["search_words"] == ["much", "ferry"] and result["details"] == {"avoided": "cost"}
    assert all(p["score"] >= 120 for p in result["passages"])
    code, _, err = run_cli(capsys, "ask", "plain", "How much does the ferry cost?", "--avoid", "cost")
    assert code == 2 and "--avoid belongs to Longest, not to Plain RAG" in err


def test_a_tenth_technique_on_the_page(tenth):
    lab = Lab()
    html = render_main(lab, load_page_text(default_corpus_dir()), {"longest": run(lab, "longest", "ferry cost")})
    section = html[html.index('<section class="technique" id="longest"') :]
    section = section[: section.index("</section>")]
    assert "Technique 10: </span>Longest: the longest passages that share a word" in section
    assert '<input name="av" maxlength="500" autocomplete="off" id="av-longest">' in section
    assert 'name="min_letters" value="0" min="0" max="400" step="10"' in section
    assert "3 passages found for “ferry cost”." in section


def test_a_tenth_technique_on_the_scoreboard(capsys, tenth):
    code, out, _ = run_cli(capsys, "eval", "--json")
    board = json.loads(out)
    assert code == 0
    row = next(r for r in board["techniques"] if r["key"] == "longest")
    assert 0 <= row["hit_at_3"] <= 1 and len(row["first_right"]) == len(board["questions"])


def test_the_model_writes_the_rewrites_then_multi_query_runs(embed):
    lab = Lab()
    prompts = []

    def generate(prompt):
        prompts.append(prompt)
        return "1. Who is Tomas Reyes?\n2) What does Tomas teach?\n- Where are the lighthouse tours?\nmore"

    result = ask_with_model(lab, "multi_query", "What else does Tomas do?", generate, embed=embed)
    assert prompts == [TECHNIQUES["multi_query"].input("rewrites").model.prompt("What else does Tomas do?")]
    assert result.details["rewrites"] == [
        "Who is Tomas Reyes?",
        "What does Tomas teach?",
        "Where are the lighthouse tours?",
    ]
    assert result.details["rewrites_by"] == "model"
    assert "written by the model" in result.steps[0]


def test_a_stopped_model_writes_nothing():
    def stopped(prompt):
        return None

    assert run_now(model_inputs(TECHNIQUES["hyde"], "Who is Ida Lund?", stopped)) is None
    assert run_now(model_inputs(TECHNIQUES["plain"], "Who is Ida Lund?", stopped)) == {}
    assert ask_with_model(Lab(), "hyde", "Who is Ida Lund?", stopped) is None

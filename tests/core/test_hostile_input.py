"""Bad input ends in one clear message and exit status 2, never a traceback: a corpus folder with a mistake in it,
an input over the page's limits, a link that holds more than the form could; a closed output pipe ends quietly."""

import os
import re
import subprocess
import sys

import pytest
from page_toml import load_page_text
from test_cli import run_cli

from raglab import Lab
from raglab.cli import CLOSED_PIPE, main
from raglab.documents.corpus import default_corpus_dir
from raglab.documents.corpus_folder import load_corpus
from raglab.techniques import TECHNIQUES, run
from raglab.techniques.registry import LINE_CHARS
from raglab.ui import render_main

REWRITES = TECHNIQUES["multi_query"].input("rewrites")
HYPOTHETICAL = TECHNIQUES["hyde"].input("hypothetical")


def a_corpus(folder, **files):
    """Two documents, plus ``files`` (name -> text, or bytes as they are)."""
    (folder / "01-cats.md").write_text("# Cats\n\nCats sleep a lot. Cats purr.\n", encoding="utf-8")
    (folder / "02-dogs.md").write_text("# Dogs\n\nDogs bark. Dogs fetch sticks.\n", encoding="utf-8")
    for name, content in files.items():
        path = folder / name.replace("__", ".")
        path.write_bytes(content) if isinstance(content, bytes) else path.write_text(content, encoding="utf-8")
    return folder


# --- a closed output pipe -----------------------------------------------------------------------------------------


def closed_pipe_run(*args) -> tuple[int, str]:
    """Run raglab into a pipe whose reading end is closed before it starts, so every write fails, whatever the
    timing (as `raglab corpus | head` once head has gone); the exit status and stderr."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "raglab", *args], stdout=write_end, stderr=subprocess.PIPE, timeout=120
        )
    finally:
        os.close(write_end)
    return done.returncode, done.stderr.decode()


@pytest.mark.parametrize("args", [["corpus"], ["corpus", "--json"], ["ask", "plain", "ferry"]])
def test_a_closed_pipe_ends_quietly_with_141(args):
    assert closed_pipe_run(*args) == (CLOSED_PIPE, "")


def test_help_into_a_closed_pipe_ends_quietly():
    code, err = closed_pipe_run("--help")
    assert err == "" and code in (0, CLOSED_PIPE)  # argparse drops a failed write itself (0); a buffered one: 141


def test_a_closed_pipe_in_process_returns_141(monkeypatch):
    class ClosedPipe:
        def write(self, text):
            raise BrokenPipeError(32, "Broken pipe")

        def flush(self):
            raise BrokenPipeError(32, "Broken pipe")

    monkeypatch.setattr(sys, "stdout", ClosedPipe())
    assert main(["corpus"]) == CLOSED_PIPE == 141


# --- a corpus folder with a mistake -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("files", "message"),
    [
        (
            {"entities.toml": '[[entity]]\nname = "Cats"\n[[entity]]\naliases = ["hound"]\n'},
            'entities.toml: entity 2 has no name; give it one, as name = "Mira Okafor"',
        ),
        (
            {"entities.toml": 'entity = "Cats"\n'},
            "entities.toml: entity must be entries, each starting with a line [[entity]], not 'Cats'",
        ),
        (
            {"entities.toml": "[[entity]]\nname = 3\n"},
            'entities.toml: the name of entity 1 must be a text in quotes, like "ferry", not 3',
        ),
        (
            {"questions.toml": '[[question]]\ntext = "Do cats purr?"\n'},
            "questions.toml: question 1 (“Do cats purr?”) has no answers; give the ids of the passages that answer it, "
            'as answers = ["ferry-1"]',
        ),
        (
            {"questions.toml": '[[question]]\nanswers = ["cats-1"]\n'},
            'questions.toml: question 1 has no text; give it one, as text = "How much does the ferry cost?"',
        ),
        (
            {"presets.toml": "presets = 3\n"},
            "presets.toml: presets must be a table (a line [presets], then key = value lines), not 3",
        ),
        (
            {"presets.toml": "[presets]\nplain = 3\n"},
            'presets.toml: presets.plain must be a text or a list of texts, like ["ferry", "ship"], not 3',
        ),
        (
            {"presets.toml": '[hypothetical]\n"Do cats purr?" = ["Yes."]\n'},
            'presets.toml: the hypothetical answer to “Do cats purr?” must be a text in quotes, like "ferry", '
            "not ['Yes.']",
        ),
        (
            {"synonyms.toml": "[related]\ncat = [1, 2]\n"},
            'synonyms.toml: related.cat must be a text or a list of texts, like ["ferry", "ship"], not [1, 2]',
        ),
        (
            {"03-cafe.md": b"# Caf\xe9\n\nCaf\xe9 au lait.\n"},
            "03-cafe.md: not UTF-8 text (byte 6 is 0xe9); save it as UTF-8",
        ),
        (
            {"synonyms.toml": b"[related]\nboat = ['caf\xe9']\n"},
            "synonyms.toml: not UTF-8 text (byte 23 is 0xe9); save it as UTF-8",
        ),
    ],
)
def test_a_mistake_in_a_corpus_file_is_one_message(tmp_path, capsys, files, message):
    code, out, err = run_cli(capsys, "corpus", "--corpus", str(a_corpus(tmp_path, **files)))
    assert (code, out, err) == (2, "", f"raglab: {message}\n")


@pytest.mark.parametrize("name", ["11-x.md", "synonyms.toml"])
def test_a_folder_by_a_corpus_files_name_is_one_message(tmp_path, capsys, name):
    (a_corpus(tmp_path) / name).mkdir()
    code, out, err = run_cli(capsys, "corpus", "--corpus", str(tmp_path))
    assert (code, out) == (2, "")
    assert err == f"raglab: {name}: a folder, but the corpus reads a file by that name; rename the folder\n"


def test_one_text_where_a_list_is_expected_is_a_list_of_one(tmp_path):
    """Intent: `boat = "ferry"` is the word "ferry", not the letters "f, e, r, y"; so for aliases, answers,
    presets and rewrites."""
    corpus = load_corpus(
        a_corpus(
            tmp_path,
            synonyms__toml='[related]\nkitten = "cat"\n',
            entities__toml='[[entity]]\nname = "Cats"\naliases = "kitty"\n',
            questions__toml='[[question]]\ntext = "Do cats purr?"\nanswers = "cats-1"\n',
            presets__toml='[presets]\nplain = "Do cats purr?"\n[rewrites]\n"Do cats purr?" = "Do cats make a sound?"\n',
        )
    )
    assert corpus.related_words == {"kitten": ("cat",)}
    assert corpus.entities[0].aliases == ("kitty",)
    assert corpus.questions[0].answers == ("cats-1",)
    assert corpus.presets == {"plain": ("Do cats purr?",)}
    assert corpus.rewrites == {"Do cats purr?": ("Do cats make a sound?",)}
    assert [p.id for p in run(Lab(corpus), "query", "Does a kitten purr?").passages] == ["cats-1"]


# --- inputs over the page's limits --------------------------------------------------------------------------------


def test_a_hypothetical_answer_over_the_limit_is_refused(capsys):
    code, out, err = run_cli(
        capsys, "ask", "hyde", "Who keeps the light?", "--hypothetical", "x" * 501, "--embedder", "none"
    )
    assert (code, out, err) == (2, "", "raglab: --hypothetical is 501 characters long; keep it to 500.\n")


def test_a_hypothetical_answer_at_the_limit_passes_the_check(capsys):
    code, _, err = run_cli(
        capsys, "ask", "hyde", "Who keeps the light?", "--hypothetical", "x" * 500, "--embedder", "none"
    )
    assert code == 2 and "needs an embedder" in err  # the next check: the length was fine


@pytest.mark.parametrize(
    ("rewrites", "message"),
    [
        (["a", "b", "c", "d"], "--rewrite: 4 given; it takes up to 3."),
        (["a\nb", "c\nd"], "--rewrite: 4 given; it takes up to 3."),
        (["a", "b" * 201], "--rewrite number 2 is 201 characters long; keep each to 200."),
    ],
)
def test_rewrites_over_the_limits_are_refused(capsys, rewrites, message):
    flags = [arg for rewrite in rewrites for arg in ("--rewrite", rewrite)]
    code, out, err = run_cli(capsys, "ask", "multi-query", "Who keeps the light?", *flags, "--embedder", "none")
    assert (code, out, err) == (2, "", f"raglab: {message}\n")


def test_a_link_is_read_to_the_limits_the_command_line_refuses_beyond():
    """Intent: one rule. A link (``?rw=...&hy=...``) holding more than the form could is cut to the limits, and
    what the command line lets through is read unchanged."""
    assert REWRITES.read(["a rewrite\n" * 3000]) == ["a rewrite"] * REWRITES.limit
    assert REWRITES.read(["x" * 5000]) == ["x" * LINE_CHARS]
    assert HYPOTHETICAL.read(["y" * 100_000]) == "y" * HYPOTHETICAL.limit
    at_limit = ["x" * LINE_CHARS] * REWRITES.limit
    assert REWRITES.too_long(at_limit, "--rewrite") is None and REWRITES.read(at_limit) == at_limit
    assert REWRITES.too_long([*at_limit, "x"], "--rewrite") and REWRITES.read([*at_limit, "x"]) == at_limit


def test_the_forms_boxes_hold_what_the_registry_allows():
    """Intent: the page's boxes and the registry state the same limit (maxlength = ``max_chars``)."""
    html = render_main(Lab(), load_page_text(default_corpus_dir()), {})
    box = re.compile(r'<(?:input|textarea) name="\w+"[^>]* maxlength="(?P<max>\d+)"[^>]* id="(?P<id>[\w-]+)"')
    boxes = {(m["id"], int(m["max"])) for m in box.finditer(html)}
    declared = {(f"{i.param}-{t.key}", i.max_chars) for t in TECHNIQUES.values() for i in t.inputs if i.field}
    assert declared and declared <= boxes
    assert (REWRITES.max_chars, HYPOTHETICAL.max_chars) == (600, 500)


def test_a_questions_file_for_eval_follows_the_corpus_rules(tmp_path):
    """`raglab eval --questions FILE` reads it as the corpus reads questions.toml: one answer is a list of one."""
    from raglab.evaluate import load_questions

    path = tmp_path / "q.toml"
    path.write_text('[[question]]\ntext = "How much does the ferry cost?"\nanswers = "ferry-1"\n')
    assert [q.answers for q in load_questions(path)] == [("ferry-1",)]

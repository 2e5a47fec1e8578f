"""`build.py --corpus DIR`: the lab built on a course author's own folder, as the page will show it.

The builds here run only the steps that write what a visitor reads and what the page loads (the pre-rendered
index.html, raglab.zip, pyscript.json), into tmp_path, offline; vendoring Pyodide and the models is the same for
every corpus and is covered by the browser tests' full build (tests/browser/test_corpus_build.py).
"""

from __future__ import annotations

import _imp
import doctest
import io
import json
import os
import re
import subprocess
import sys
import tomllib
import zipfile
from html import escape
from pathlib import Path

import pytest
from tools.build.config import write_pyscript_config
from tools.build.lab_corpus import PAGE_CORPUS, read_lab_corpus
from tools.build.pack import pack_raglab
from tools.build.pins import MODEL_CACHE, PAGE_MODULES, ROOT
from tools.build.prerender import prerender
from tools.build.settings import BuildSettings
from tools.build.steps import build
from tools.build.vendor import copy_pages, vendor_pyodide

from raglab import TECHNIQUES
from raglab.documents.collect_files import read_folder
from raglab.documents.collection import Collection
from raglab.documents.readers import read_pasted
from raglab.graph.names_by_rules import NamesByRules

PAGE_STEPS = [copy_pages, prerender, pack_raglab, write_pyscript_config]

DOCUMENTS = {
    "01-apples.md": "# Apple orchard\n\nThe orchard grows twelve kinds of apple. Ada Brook planted the first trees "
    "in 1990.\n\nPicking starts in September. Visitors pay 3 coins for a basket.\n",
    "02-bees.md": "# Bee keeping\n\nAda Brook keeps forty hives beside the orchard. The bees make honey every "
    "summer. Honey costs 5 coins a jar at the gate.\n",
    "03-cider.md": "# Cider press\n\nThe cider press runs every October. Leo Marsh presses the juice and sells "
    "cider in the barn.\n",
}
PRESETS = {
    "plain": "How much is a jar of honey?",
    "query": "Which fruit grows here?",
    "graph": "What does Ada Brook keep?",
    "document": "When does picking start?",
    "multi_query": "Who makes the cider?",
    "hyde": "When is the cider pressed?",
    "parent": "How much is a basket?",
    "chunk_size": "What does the orchard grow?",
    "hybrid": "What costs 5 coins?",
}
TOML_FILES = {
    "synonyms.toml": '[related]\nfruit = ["apple"]\n',
    "entities.toml": '[[entity]]\nname = "Ada Brook"\naliases = ["Ada"]\n\n[[entity]]\nname = "Leo Marsh"\n',
    "presets.toml": "[presets]\n"
    + "".join(f'{key} = ["{q}"]\n' for key, q in PRESETS.items())
    + '\n[rewrites]\n"Who makes the cider?" = ["Who runs the cider press?"]\n'
    + '\n[hypothetical]\n"When is the cider pressed?" = "The cider is pressed in October."\n',
    "questions.toml": '[[question]]\ntext = "How much is a jar of honey?"\nanswers = ["bees-1"]\n',
    "page.toml": 'title = "The orchard lab"\nname = "The orchard"\nintro = "Ask about our trees."\n'
    '[[word]]\nterm = "Orchard"\nmeaning = "A field of fruit trees."\n',
    "passages.toml": '[passages]\nsize = "document"\n',
}


def write_folder(folder: Path, files: dict[str, str | bytes]) -> Path:
    folder.mkdir(parents=True)
    for name, content in files.items():
        (folder / name).write_bytes(content if isinstance(content, bytes) else content.encode())
    return folder


@pytest.fixture(scope="module")
def minilm():
    """The embedding model the meaning presets are pre-rendered with, as the site's build has it."""
    from tools.models import ensure_minilm

    return ensure_minilm(MODEL_CACHE)


def built(folder: Path, into: Path) -> Path:
    return build(into, BuildSettings(offline=True, corpus=folder), steps=PAGE_STEPS)


def page_of(dist: Path) -> str:
    return (dist / "index.html").read_text(encoding="utf-8")


def packed(dist: Path) -> dict[str, bytes]:
    """The corpus the page loads: what raglab.zip holds under PAGE_CORPUS."""
    with zipfile.ZipFile(dist / "raglab.zip") as archive:
        return {
            n.removeprefix(PAGE_CORPUS + "/"): archive.read(n)
            for n in archive.namelist()
            if n.startswith(PAGE_CORPUS + "/")
        }


@pytest.fixture(scope="module")
def documents_only(tmp_path_factory, minilm) -> Path:
    folder = write_folder(tmp_path_factory.mktemp("src") / "orchard", DOCUMENTS)
    return built(folder, tmp_path_factory.mktemp("dist"))


@pytest.fixture(scope="module")
def every_file(tmp_path_factory, minilm) -> Path:
    folder = write_folder(tmp_path_factory.mktemp("src") / "orchard", {**DOCUMENTS, **TOML_FILES})
    return built(folder, tmp_path_factory.mktemp("dist"))


def test_documents_only_shows_its_documents_and_no_fernport(documents_only):
    """Intent: a folder of documents alone gives a page that shows those documents, cut into 2-sentence passages,
    and says nothing about Fernport (default page words, the folder's name where the page names the corpus)."""
    page = page_of(documents_only)
    for text in DOCUMENTS.values():
        title, first = text.split("\n\n")[:2]
        assert f"<h3>{escape(title[2:])}</h3>" in page
        assert escape(first.split(". ")[0]) in page
    assert "Read the 3 documents (5 passages)" in page
    assert [words for words in ("Fernport", "ferry timetable", "Mira", "lighthouse") if words in page] == []
    assert 'placeholder="Ask about orchard"' in page and "> orchard (3 documents)" in page
    assert "every technique searches them, and nothing else." in page  # the first of lab_corpus.DEFAULT_TRY_FIRST


def test_documents_only_has_the_questions_proposed_from_its_documents_and_no_scoreboard(documents_only):
    """Intent: without presets.toml the presets are the questions proposed from the folder's documents (each checked
    by its technique: raglab.proposals), packed as presets.toml so the page has the same, and pressed in Try this
    first; a section with none says why; without questions.toml there is no scoreboard."""
    page = page_of(documents_only)
    presets = tomllib.loads(packed(documents_only)["presets.toml"].decode())["presets"]
    assert presets["plain"] == ["What is apple orchard?", "What is Bee keeping?"]
    for key, questions in presets.items():
        section = page.split(f'id="{key}"', 1)[1].split("</section>", 1)[0]
        assert [escape(q) for q in questions] == re.findall(r'class="preset"[^>]*data-q="([^"]*)"', section)
    try_first = page.split('id="try-first"', 1)[1].split("</section>", 1)[0]
    assert "press “What is apple orchard?”: it finds apples-1 first" in try_first
    hyde = page.split('id="hyde"', 1)[1].split("</section>", 1)[0]
    assert "searches with a made-up answer to the question, which only you or the model write" in hyde  # why none
    graph = page.split('id="graph"', 1)[1].split("</section>", 1)[0]
    assert "has no question to try here: no two names found are mentioned in one " in graph
    assert page.count('<form class="ask"') == len(TECHNIQUES)
    assert 'id="scoreboard"' not in page and 'href="#scoreboard"' not in page


def test_documents_only_finds_names_by_rules_for_the_page(documents_only):
    """Intent: without entities.toml the graph's names are found by rules, and packed as entities.toml so the
    page's graph has the same names; the page offers no hand-written list to compare them with."""
    names = packed(documents_only)["entities.toml"].decode()
    assert 'name = "Ada Brook"' in names and 'name = "Leo Marsh"' in names
    assert 'class="names-lesson"' not in page_of(documents_only)


def test_the_page_loads_the_packed_corpus(documents_only, tmp_path):
    """Intent: the page's Python, which runs `Lab()` in the unpacked raglab.zip, gets the folder's documents and
    names, not Fernport's: the same passages the build pre-rendered."""
    with zipfile.ZipFile(documents_only / "raglab.zip") as archive:
        archive.extractall(tmp_path)
    script = (
        "import json, sys; sys.path.insert(0, 'py'); from raglab import Lab; lab = Lab(); print(json.dumps("
        "[[c.id for c in lab.chunks()], [e.name for e in lab.corpus.entities]]))"
    )
    env = {"PATH": "/usr/bin:/bin"}  # no RAGLAB_CORPUS: the page has none
    out = subprocess.run(
        [sys.executable, "-c", script], cwd=tmp_path, env=env, capture_output=True, text=True, check=True
    ).stdout
    ids, names = json.loads(out)
    assert ids == ["apples-1", "apples-2", "bees-1", "bees-2", "cider-1"]
    assert names == ["Ada Brook", "Leo Marsh"]


def test_every_file_shows_presets_answers_and_scoreboard(every_file):
    """Intent: with every TOML file, each technique shows its preset and answers it (meaning ones too), the
    scoreboard is there, and the page's words are the folder's page.toml."""
    page = page_of(every_file)
    for key, question in PRESETS.items():
        assert f'data-q="{escape(question)}"' in page
        assert f'<div class="result" data-technique="{key}" data-question="{escape(question)}">' in page
    assert 'id="scoreboard"' in page
    assert "<h1>The orchard lab</h1>" in page and "Ask about our trees." in page
    assert 'id="w-orchard"' in page
    assert "> The orchard (3 documents)" in page and "Fernport" not in page


def test_every_file_uses_its_word_list_names_and_passage_size(every_file):
    """Intent: the query preset adds the word list's word, the graph uses the hand-written names (and compares
    them with the rules'), passages.toml's "document" makes one passage per document, and the page is told."""
    page = page_of(every_file)
    query = page[page.index('<div class="result" data-technique="query"') :]
    assert "apple" in query[: query.index("</ol>")]
    assert 'class="names-lesson"' in page
    assert "Read the 3 documents (3 passages)" in page
    config = json.loads((every_file / "pyscript.json").read_text())["raglab"]
    assert config["corpus"] == {"name": "The orchard", "passage_size": "document"}
    files = packed(every_file)
    for name, text in TOML_FILES.items():
        assert files[name] == text.encode()
    assert sorted(n for n in files if n.endswith(".md")) == sorted(DOCUMENTS)


def test_a_plain_folder_of_files(tmp_path, minilm):
    """Intent: a plain folder (.txt, .html) is read as `raglab --corpus` reads it, and packed as corpus
    documents the page can load."""
    folder = write_folder(
        tmp_path / "notes",
        {
            "honey.txt": "Honey costs 5 coins a jar. The bees of Ada Brook make it every summer.",
            "cider.html": "<html><head><title>Cider</title></head><body><p>The cider press runs every October."
            "</p><script>alert(1)</script></body></html>",
        },
    )
    dist = built(folder, tmp_path / "dist")
    page = page_of(dist)
    assert "Honey costs 5 coins a jar." in page and "The cider press runs every October." in page
    assert "alert(1)" not in page
    corpus, _ = read_folder(folder, find_names=NamesByRules)
    names = sorted(n for n in packed(dist) if n.endswith(".md"))
    assert names == [f"{n:02d}-{d.slug}.md" for n, d in enumerate(corpus.documents, 1)]


def test_the_zip_a_visitor_exports_unzipped(tmp_path, minilm):
    """Intent: "Download my documents" unzipped is a folder the build takes as it is: the visitor's documents, word
    list and passage size, with the exported files packed for the page unchanged."""
    visitor = Collection(
        [
            read_pasted("Honey costs 5 coins a jar. The bees make it every summer.", "Honey"),
            read_pasted("The cider press runs every October. Leo Marsh sells the cider.", "Cider"),
        ],
        related_words={"sweet": ("honey",)},
        passage_size="document",
    )
    exported = visitor.to_zip()
    with zipfile.ZipFile(io.BytesIO(exported)) as archive:
        archive.extractall(tmp_path / "download")
        files = {n: archive.read(n) for n in archive.namelist()}
    dist = built(tmp_path / "download", tmp_path / "dist")
    page = page_of(dist)
    assert "<h3>Honey</h3>" in page and "<h3>Cider</h3>" in page
    assert "Read the 2 documents (2 passages)" in page
    assert {n: packed(dist)[n] for n in files} == files
    assert json.loads((dist / "pyscript.json").read_text())["raglab"]["corpus"]["passage_size"] == "document"


def test_the_default_build_packs_the_repository_corpus(tmp_path):
    """Intent: with no --corpus the zip and the settings are as before: corpus/ as the repository holds it, and
    no corpus setting for the page."""
    dist = build(tmp_path / "dist", BuildSettings(offline=True), steps=[pack_raglab, write_pyscript_config])
    with zipfile.ZipFile(dist / "raglab.zip") as archive:
        zipped = {n for n in archive.namelist() if n.startswith("corpus/")}
    assert zipped == {p.relative_to(ROOT).as_posix() for p in (ROOT / "corpus").rglob("*") if p.is_file()}
    assert "corpus" not in json.loads((dist / "pyscript.json").read_text())["raglab"]


def test_the_site_holds_bytecode_for_every_module_the_page_imports_made_for_that_source(tmp_path):
    """Intent: the page loads bytecode instead of compiling its modules at each start (bench/README.md, "Start-up"):
    beside every module of the core and of the glue (which pyscript.json fetches into the same folder) raglab.zip
    holds a checked-hash .pyc (PEP 552: flags 3) whose hash is its source's, so Python takes it whatever the
    unzipped files' times say, and compiles a source that was changed as before; Pyodide's python_stdlib.zip (npm's
    has sources only) gets one beside each module the core imports, where zipimport looks first, and nothing else
    changes in it. The hash is keyed by the pyc's own magic number: a .pyc of another Python would not match."""
    dist = build(tmp_path / "dist", BuildSettings(offline=True), steps=[vendor_pyodide, pack_raglab])

    def files_of(zipped: Path) -> dict[str, bytes]:
        with zipfile.ZipFile(zipped) as archive:
            return {n: archive.read(n) for n in archive.namelist()}

    def check(pyc: bytes, source: bytes, name: str) -> bytes:
        assert int.from_bytes(pyc[4:8], "little") == 3, name  # hash-based, checked
        assert pyc[8:16] == _imp.source_hash(int.from_bytes(pyc[:4], "little"), source), name
        return pyc[:4]

    files = files_of(dist / "raglab.zip")
    sources = {n: data for n, data in files.items() if n.endswith(".py")}
    sources |= {name: (ROOT / "web" / name).read_bytes() for name in PAGE_MODULES}
    assert len(sources) > len(PAGE_MODULES) + 40
    magics = set()
    for name, source in sources.items():
        folder, _, module = name.rpartition("/")
        magics.add(
            check(files[f"{folder + '/' if folder else ''}__pycache__/{module[:-3]}.cpython-314.pyc"], source, name)
        )
    assert not [n for n in files if n.endswith(".pyc") and "__pycache__/" not in n]

    stdlib, npm = (
        files_of(dist / "pyodide" / "python_stdlib.zip"),
        files_of(ROOT / "node_modules/pyodide/python_stdlib.zip"),
    )
    added = {n: data for n, data in stdlib.items() if n not in npm}
    assert {n: stdlib[n] for n in npm} == npm and "html/entities.pyc" in added and "argparse.pyc" not in added
    for name, pyc in added.items():
        magics.add(check(pyc, stdlib[name.removesuffix("c")], name))
    assert len(magics) == 1  # one interpreter's: Pyodide's (tools/bytecode.mjs)


@pytest.mark.parametrize(
    ("files", "says"),
    [
        (None, "no such corpus folder"),
        ({}, "holds no files to search"),
        ({"empty.txt": ""}, "empty.txt"),
        ({**DOCUMENTS, "presets.toml": "[presets\nplain = 1"}, "presets.toml:"),
        ({**DOCUMENTS, "passages.toml": '[passages]\nsize = "page"\n'}, "passages.toml:"),
    ],
)
def test_a_folder_that_cannot_be_used_is_one_line_and_exit_2(tmp_path, files, says):
    """Intent: a missing folder, one with no document, or a broken TOML file stops the build with one line on
    stderr that says why, exit status 2, no traceback, and the output folder untouched."""
    folder = tmp_path / "course"
    if files is not None:
        write_folder(folder, files)
    out = tmp_path / "dist"
    done = subprocess.run(
        [sys.executable, str(ROOT / "build.py"), "--offline", "--out", str(out), "--corpus", str(folder)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("build.py: ") and says in lines[0], done.stderr
    assert not out.exists()


# A folder as a visitor has it: files and no TOML file, under a name that says what kind of files they are.
NOTES = {
    "honey.txt": "Honey costs 5 coins a jar. Ada Brook keeps the bees beside the orchard.",
    "cider.txt": "The cider press runs every October. Leo Marsh sells the cider in the barn.",
}


def test_a_folder_without_toml_names_its_documents_and_says_only_what_it_has(tmp_path, minilm):
    """Intent: a folder called "pdfs" holding files and no TOML file gives a page that reads like a lab: it calls
    the documents by a name that holds for any folder (documents.corpus.lab_name), each section offers the question
    box alone, and no sentence cites a word list or presets the lab does not have."""
    page = page_of(built(write_folder(tmp_path / "pdfs", NOTES), tmp_path / "dist"))
    assert 'placeholder="Ask about the lab’s documents"' in page and "> the lab’s documents (2 documents)" in page
    assert "pdfs" not in page
    assert page.count('<label for="q-plain">Type any question</label>') == 1 and "Or type any question" not in page
    assert "No preset question" not in page
    assert "car → vehicle" not in page and "word list stays" not in page and "stays as it is" not in page
    assert "related words from a word list are added, and this lab has none of its own" in page
    assert "It is used on your documents only.</p>" in page


def test_one_document_is_the_lab_s_name(tmp_path, minilm):
    """Intent: a folder of one document is called by that document's title, in the singular."""
    page = page_of(built(write_folder(tmp_path / "pdfs", {"honey.txt": NOTES["honey.txt"]}), tmp_path / "dist"))
    assert 'placeholder="Ask about honey.txt"' in page and "> honey.txt (1 document)</label>" in page
    assert "Read the document (1 passage)" in page
    assert "The document is cut into 1 passage along its paragraphs, lists and tables" in page


def test_a_word_list_and_some_presets_are_cited_as_the_lab_has_them(tmp_path, minilm):
    """Intent: with synonyms.toml, Query RAG's explanation cites the lab's own entry and the visitor's word list
    says the lab's stays; with a preset in one section, the others still say they have none yet."""
    files = {**NOTES, "synonyms.toml": '[related]\nsweet = ["honey"]\n'}
    files["presets.toml"] = '[presets]\nplain = ["How much is honey?"]\n'
    page = page_of(built(write_folder(tmp_path / "bee_notes", files), tmp_path / "dist"))
    assert "related words from the lab’s word list are added (sweet → honey)." in page
    assert "It is used on your documents only. The site’s own word list stays as it is.</p>" in page
    assert 'placeholder="Ask about bee notes"' in page
    assert '<label for="q-plain">Or type any question</label>' in page
    assert page.count("No preset question for this technique yet: type one above.") == len(TECHNIQUES) - 1


def test_build_names_the_lab_by_title_and_ends_with_a_summary(tmp_path, minilm):
    """Intent: `build.py --title` is the lab's name and heading on the page, and the build ends with one
    paragraph on stdout: the site's size, the documents, passages, names found, presets and word list."""
    folder = write_folder(tmp_path / "pdfs", NOTES)
    out = tmp_path / "dist"
    done = subprocess.run(
        [sys.executable, str(ROOT / "build.py"), "--offline", "--out", str(out), "--corpus", str(folder)]
        + ["--title", "The  bee notes"],
        capture_output=True,
        text=True,
        check=True,
    )
    page = page_of(out)
    assert "<h1>The bee notes</h1>" in page and 'placeholder="Ask about The bee notes"' in page
    names = len(read_folder(folder, find_names=NamesByRules)[0].entities)
    mb = sum(p.stat().st_size for p in out.rglob("*") if p.is_file()) / 1e6
    assert done.stdout.splitlines()[-1] == (
        f"Built {out.resolve()} ({mb:.1f} MB). “The bee notes”: 2 documents, 2 passages, {names} names found by "
        "rules, no preset questions, no word list."
    )


def test_build_doctests():
    """Every build step module's examples run, and pass (pytest's --doctest-modules runs them too, from tools/)."""
    import importlib
    import pkgutil

    import tools.build

    tried = {}
    for module in pkgutil.iter_modules(tools.build.__path__):
        found = importlib.import_module(f"tools.build.{module.name}")
        failed, attempted = doctest.testmod(found, optionflags=doctest.NORMALIZE_WHITESPACE)
        assert not failed, module.name
        tried[module.name] = attempted
    assert {n for n, attempted in tried.items() if attempted} >= {"settings", "lab_corpus", "csp", "prerender", "steps"}


def test_a_link_out_of_the_folder_or_a_pipe_is_never_packed(tmp_path):
    """Intent: build.py --corpus reads a folder as `raglab` does: a link to a file outside it, or a pipe, whether a
    document or the folder's own settings (page.toml, passages.toml, entities.toml, synonyms.toml), is named and
    never opened, so nothing outside the folder reaches the site (page.toml's name went onto the page as it was)."""
    folder, outside = tmp_path / "course", tmp_path / "outside"
    write_folder(folder, NOTES)
    write_folder(outside, {"page.toml": 'name = "swordfish"\n', "passages.toml": '[passages]\nsize = "document"\n'})
    (outside / "entities.toml").write_text('[[entity]]\nname = "Swordfish Vault"\n', encoding="utf-8")
    for name in ("page.toml", "passages.toml", "entities.toml", "notes.txt"):
        (folder / name).symlink_to(outside / (name if name != "notes.txt" else "page.toml"))
    os.mkfifo(folder / "synonyms.toml")
    lab = read_lab_corpus(folder)
    assert [p.name for p in lab.skipped] == [
        "entities.toml",
        "notes.txt",
        "page.toml",
        "passages.toml",
        "synonyms.toml",
    ]
    assert lab.name != "swordfish" and lab.passage_size == "blocks" and not lab.hand_written_names
    assert sorted(lab.packed) == ["01-cider.md", "02-honey.md", "entities.toml", "presets.toml"]
    assert b"Swordfish" not in lab.packed["entities.toml"] and b"Leo Marsh" in lab.packed["entities.toml"]
    assert not any(b"swordfish" in data.lower() for data in lab.packed.values())

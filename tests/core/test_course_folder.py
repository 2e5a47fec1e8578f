"""A course author's folder: three Markdown notes written as the README shows (``01-welcome.md`` starting with
``# Title``) and one PDF of slides, read by the command line and by build.py as the page will search it."""

from __future__ import annotations

import subprocess
import zipfile
from pathlib import Path

import pytest
from tests.fixtures import make_pdf
from tools.build.config import write_pyscript_config
from tools.build.lab_corpus import PAGE_CORPUS
from tools.build.pack import pack_raglab
from tools.build.pins import MODEL_CACHE, ROOT
from tools.build.prerender import prerender
from tools.build.settings import BuildSettings
from tools.build.steps import build
from tools.build.vendor import copy_pages

from raglab.cli import main
from raglab.documents.collect_files import read_folder
from raglab.documents.passage_sizes import passage_size_in
from raglab.graph.names_by_rules import NamesByRules
from raglab.lab import Lab

NOTES = {
    "01-welcome.md": "# Welcome to Statistics\n\nThis course teaches averages and spread. Read the notes in order.\n"
    "\nAna Silva teaches it. Her office is room 12 of the east building.\n",
    "02-averages.md": "# Averages\n\nThe mean is the sum divided by the count. The median is the middle value.\n\n"
    "The mode is the most common value.\n",
    "03-spread.md": "# Spread\n\nThe variance is the mean squared distance from the mean. The standard deviation "
    "is its square root.\n",
}
SLIDES = make_pdf(["Boxplots show the median and the quartiles. Whiskers reach the smallest and largest values."])


def write_folder(folder: Path, files: dict[str, str | bytes]) -> Path:
    folder.mkdir(parents=True)
    for name, content in files.items():
        (folder / name).write_bytes(content if isinstance(content, bytes) else content.encode())
    return folder


def passages(folder: Path) -> list[tuple[str, str, str]]:
    """Every passage as the lab searches it: (id, its document's title, text)."""
    return [
        (c.id, c.title, c.text)
        for c in Lab(read_folder(folder, find_names=NamesByRules)[0], passage_size_in(folder)).chunks()
    ]


def test_the_notes_read_the_same_with_or_without_a_pdf(tmp_path):
    """Intent: a PDF beside the notes changes nothing about them: their ids come from their file names
    (``welcome-1``, not ``01_welcome-1``), their titles from their ``# Title`` line, and they are cut as a corpus
    folder's are (2 sentences); the PDF's passages come after them."""
    alone = passages(write_folder(tmp_path / "notes", NOTES))
    beside = passages(write_folder(tmp_path / "with_slides", {**NOTES, "slides.pdf": SLIDES}))
    assert [p[0] for p in alone] == ["welcome-1", "welcome-2", "averages-1", "averages-2", "spread-1"]
    assert {p[1] for p in alone} == {"Welcome to Statistics", "Averages", "Spread"}
    assert beside[: len(alone)] == alone
    assert [(i, title) for i, title, _ in beside[len(alone) :]] == [("slides-1", "slides.pdf")]
    assert passage_size_in(tmp_path / "with_slides") == passage_size_in(tmp_path / "notes") == 2


def test_the_notes_zipped_with_the_pdf_read_as_the_folder_does(tmp_path):
    """Intent: the same folder brought to the page as a zip (zip_import.zip_steps) gives the notes the same ids,
    titles and cut; its PDF is left to the page's own reader (pdf.js), as a dropped PDF is."""
    from io import BytesIO

    from raglab.documents.steps import run_steps
    from raglab.documents.zip_import import zip_steps

    packed = BytesIO()
    with zipfile.ZipFile(packed, "w") as z:
        for name, text in NOTES.items():
            z.writestr(f"course/{name}", text)
        z.writestr("course/slides.pdf", SLIDES)
    imported = run_steps(zip_steps(packed.getvalue(), "course.zip", leave=lambda n: n.endswith(".pdf")))
    assert [n for n, _ in imported.unread] == ["slides.pdf"]
    assert imported.passage_size == 2
    zipped = [(c.id, c.title, c.text) for c in Lab(imported.corpus(), imported.passage_size).chunks()]
    assert zipped == passages(write_folder(tmp_path / "notes", NOTES))


def test_a_markdown_file_not_written_as_a_note_is_read_as_any_file(tmp_path):
    """Intent: beside a PDF, a Markdown file with a number in its name but no ``# Title`` first line (a visitor's
    "2024-plan.md") is read as a file, as before: its slug and title are its file name's."""
    folder = write_folder(tmp_path / "mine", {"2024-plan.md": "Plan the year. Hire two people.", "a.pdf": SLIDES})
    assert [(d.slug, d.title) for d in read_folder(folder, find_names=NamesByRules)[0].documents] == [
        ("2024_plan", "2024-plan.md"),
        ("a", "a.pdf"),
    ]


def test_the_site_packs_the_notes_under_their_own_ids_and_titles(tmp_path):
    """Intent: build.py packs the folder for the page as the command line reads it: the notes as
    ``01-welcome.md`` ... with their titles, the slides after them."""
    folder = write_folder(tmp_path / "with_slides", {**NOTES, "slides.pdf": SLIDES})
    from tools.models import ensure_minilm

    ensure_minilm(MODEL_CACHE)
    steps = [copy_pages, prerender, pack_raglab, write_pyscript_config]
    dist = build(tmp_path / "dist", BuildSettings(offline=True, corpus=folder), steps=steps)
    with zipfile.ZipFile(dist / "raglab.zip") as archive:
        names = sorted(n.rpartition("/")[2] for n in archive.namelist() if n.startswith(PAGE_CORPUS + "/"))
        welcome = archive.read(f"{PAGE_CORPUS}/01-welcome.md").decode()
    assert [n for n in names if n.endswith(".md")] == [
        "01-welcome.md",
        "02-averages.md",
        "03-spread.md",
        "04-slides.md",
    ]
    assert welcome.startswith("# Welcome to Statistics\n")
    page = (dist / "index.html").read_text(encoding="utf-8")
    assert "<h3>Welcome to Statistics</h3>" in page and "01-welcome.md" not in page


def test_a_wrong_id_in_questions_toml_names_the_closest_and_every_id(tmp_path, capsys):
    """Intent: a labelled answer naming no passage (a typo, or a passage past a document's last) says which id is
    closest and every id the folder has, not only that it is wrong."""
    questions = '[[question]]\ntext = "What is the median?"\nanswers = ["averages-3", "welcom-1"]\n'
    folder = write_folder(tmp_path / "notes", {**NOTES, "slides.pdf": SLIDES, "questions.toml": questions})
    assert main(["eval", "--corpus", str(folder)]) == 2
    err = capsys.readouterr().err
    assert err.splitlines() == [
        "raglab: labelled answers that are not passage ids of this corpus: averages-3 (closest: averages-2), "
        "welcom-1 (closest: welcome-1). Its passage ids: welcome-1 to welcome-2, averages-1 to averages-2, "
        "spread-1, slides-1 (`raglab corpus --corpus DIR` lists them with their text)."
    ]


@pytest.mark.parametrize(
    ("settings", "build_line", "serve_line"),
    [
        ({}, "build.py", "-m tools.serve --port 8000"),
        (
            {"CORPUS": "course", "TITLE": "Statistics 101", "PORT": "8123"},
            'build.py --corpus "course" --title "Statistics 101"',
            "-m tools.serve --port 8123",
        ),
    ],
)
def test_make_serve_passes_the_folder_the_title_and_the_port(settings, build_line, serve_line):
    """Intent: ``make serve CORPUS=… TITLE=… PORT=…`` builds that folder under that name and serves it on that
    port (make -n prints the commands without running them)."""
    args = [f"{k}={v}" for k, v in settings.items()]
    # --no-print-directory: run from `make test`, a make inside make prints "Entering directory" lines around them
    done = subprocess.run(
        ["make", "--no-print-directory", "-n", "serve", *args], cwd=ROOT, capture_output=True, text=True, check=True
    )
    lines = [line.rstrip() for line in done.stdout.splitlines()]
    assert any(line.endswith(build_line) and "/python build.py" in line for line in lines), done.stdout
    assert lines[-1].endswith(serve_line), done.stdout

"""The reading benchmark's smoke run (``python -m bench.reading --smoke``) works from a clean clone: on a Debian
manual of its set when the package is installed, else on a small manual this test makes with fpdf2 and labels
itself (running header, page numbers, contents with dot leaders, an index), so it never needs apt."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.fixtures import make_pdf

ROOT = Path(__file__).resolve().parents[2]
SET = ROOT / "bench" / "reading"
DEBIAN = Path("/usr/share/doc/r-doc-pdf/manual/R-data.pdf")  # the set's first labelled manual

# The made manual: each page's lines, each with its kind as furniture.toml marks them.
HEADER = "Tide Tables Guide"
PAGES = [
    [("body", "Tide Tables Guide"), ("body", "Harbour Office of Vantor")],
    [
        ("contents", "Contents"),
        ("contents", "1 Reading the tables . . . . . . . . . . . . 3"),
        ("contents", "2 Spring tides . . . . . . . . . . . . 4"),
        ("contents", "Index . . . . . . . . . . . . 5"),
        ("page_number", "2"),
    ],
    [
        ("header", HEADER),
        ("body", "1 Reading the tables"),
        ("body", "Each table lists the high and low water times of one week."),
        ("body", "The harbour office prints a new table every Monday morning."),
        ("page_number", "3"),
    ],
    [
        ("header", HEADER),
        ("body", "2 Spring tides"),
        ("body", "Spring tides come twice a month, after the new and the full moon."),
        ("body", "Then the water rises higher and falls lower than on other days."),
        ("page_number", "4"),
    ],
    [
        ("header", HEADER),
        ("index", "Index"),
        ("index", "high water, 3"),
        ("index", "low water, 3"),
        ("index", "spring tides, 4"),
        ("page_number", "5"),
    ],
]
QUESTIONS = [
    ("When does the harbour office print a new table?", "prints a new table every Monday morning"),
    ("How often do spring tides come?", "Spring tides come twice a month"),
]


def _toml(text: str) -> str:
    return json.dumps(text)  # a JSON string is a TOML basic string for this plain text


def made_set(folder: Path) -> Path:
    """The made manual and its labels, in the layout of bench/reading/."""
    pdf = folder / "tides.pdf"
    pdf.write_bytes(make_pdf(["\n".join(text for _, text in page) for page in PAGES]))
    (folder / "documents.toml").write_text(
        f'[[document]]\nfile = "tides.pdf"\npath = {_toml(str(pdf))}\npackage = "(made by {Path(__file__).name})"\n'
    )
    (folder / "questions.toml").write_text(
        "".join(
            f'[[question]]\ndocument = "tides.pdf"\nquestion = {_toml(q)}\nanswer = {_toml(a)}\n\n'
            for q, a in QUESTIONS
        )
    )
    (folder / "furniture.toml").write_text(
        "".join(
            f'[[page]]\ndocument = "tides.pdf"\npage = {n}\nlines = [\n'
            + "".join(f"  [{_toml(kind)}, {_toml(text)}],\n" for kind, text in page)
            + "]\n\n"
            for n, page in enumerate(PAGES, 1)
        )
    )
    return folder


def smoke(folder: Path) -> dict:
    done = subprocess.run(
        [sys.executable, "-m", "bench.reading", "--smoke", "--json", "--set", str(folder)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def _share(figure: dict) -> float:
    assert isinstance(figure["left_out"], int) and figure["lines"] > 0, figure
    assert 0.0 <= figure["share"] <= 1.0
    return figure["share"]


def test_smoke_reports_every_figure(tmp_path):
    """Intent: the smoke run on one manual of the real set (the made one when the Debian package is not installed)
    reports the furniture and body shares, answers in the first 3 for the keyword techniques, and passage sizes,
    as numbers, without the model or the page."""
    folder = SET if DEBIAN.exists() else made_set(tmp_path)
    r = smoke(folder)
    assert r["smoke"] and r["page"] is None and len(r["documents"]) == 1
    _share(r["furniture"]["furniture"])
    _share(r["furniture"]["body"])
    rows = r["answers"]["off"]
    assert set(rows) == {"plain", "bm25", "snowball"}  # hybrid needs the model: not in a smoke run
    for row in rows.values():
        assert row["of"] == r["questions"] > 0 and 0 <= row["found"] <= row["of"]
    assert r["sizes"]["passages"] > 0 and 0 <= r["sizes"]["over"] <= r["sizes"]["passages"]
    assert 0 <= len(r["split"]) <= r["questions"]  # answers no passage holds whole


def test_smoke_on_a_made_manual_counts_every_labelled_line(tmp_path):
    """Intent: on a manual the test made, every labelled line is counted under its kind, both questions are
    asked, and the document's passages are counted (the figures themselves move as the readers improve)."""
    r = smoke(made_set(tmp_path))
    kinds = r["furniture"]["kinds"]
    expected = {kind: sum(k == kind for page in PAGES for k, _ in page) for kind in kinds}
    assert {kind: v["lines"] for kind, v in kinds.items()} == expected
    assert r["furniture"]["furniture"]["lines"] == sum(n for kind, n in expected.items() if kind != "body") == 15
    assert r["questions"] == 2 and r["unanswerable"] == [] and r["split"] == []
    assert r["documents"] == [
        {
            "file": "tides.pdf",
            "package": "(made by test_bench_reading.py)",
            "path": str(tmp_path / "tides.pdf"),
            "pages": 5,
            "kind": "",
            "language": "English",
            "convert": "",
        }
    ]
    assert r["sizes"]["documents"]["tides.pdf"]["passages"] == r["sizes"]["passages"] > 0


def test_the_set_names_every_document_by_package_and_kind():
    """Intent: the labelled set holds at least 100 questions over at least 15 documents of at least five kinds,
    each question's document is in documents.toml with its package and sha256, and each kind is one the report
    breaks the answers down by."""
    from bench.reading import KINDS_OF_DOCUMENT, load_set

    sources, questions, _ = load_set(SET)
    files = {s.file for s in sources}
    assert len(questions) >= 100 and len(sources) >= 15
    assert len({s.kind for s in sources}) >= 5 and {s.kind for s in sources} <= set(KINDS_OF_DOCUMENT)
    assert {q.document for q in questions} == files  # every document asked about, no question about another
    assert all(s.package and s.sha256 and s.path.is_absolute() for s in sources)
    assert all(q.answer.strip() and q.question.strip() for q in questions)
    assert "libtasn1.pdf" not in files and "shared-mime-info-spec.pdf" not in files  # kept aside for acceptance

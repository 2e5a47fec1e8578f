"""The scoreboard section, rendered from real `evaluate` runs on Fernport (keyword techniques only, and every
technique with all-MiniLM-L6-v2): its numbers are the report's, the best of each column is marked, every rank is a
deep link, and every string is escaped."""

from html import escape
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from raglab.documents.corpus import LabelledQuestion
from raglab.evaluate import evaluate
from raglab.techniques import TECHNIQUES
from raglab.ui.scoreboard_html import alone, render_scoreboard

NAMES = {k: t.title for k, t in TECHNIQUES.items()}
MODEL_DIR = Path(__file__).resolve().parents[2] / ".cache" / "models" / "all-MiniLM-L6-v2"
METRICS = ("hit_at_3", "recall_at_3", "mrr", "ndcg_at_10")
EVIL = "<img src=x onerror=alert(1)>"


class Tables(HTMLParser):
    """Each table's body rows as (attributes of the tr, [header text, (cell class, cell text, link attrs), ...]);
    visually hidden text is left out, as a sighted visitor reads the cell."""

    def __init__(self, html: str):
        super().__init__()
        self.tables: dict[str, list] = {}
        self.stack: list[str] = []
        self.hidden = 0
        self.table = self.row = self.cell = None
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.stack.append(tag)
        if tag == "table":
            self.table = self.tables.setdefault(a.get("class", ""), [])
        elif tag == "tr" and "tbody" in self.stack:
            self.row = (a, [])
            self.table.append(self.row)
        elif tag in ("td", "th") and self.row is not None:
            self.cell = [a.get("class", ""), "", None]
            self.row[1].append(self.cell)
        elif tag == "a" and self.cell is not None:
            self.cell[2] = a
        elif tag == "span" and (self.hidden or a.get("class") == "visually-hidden"):
            self.hidden += 1

    def handle_endtag(self, tag):
        self.stack.pop()
        if tag == "span" and self.hidden:
            self.hidden -= 1
        elif tag in ("td", "th"):
            self.cell = None
        elif tag == "tr":
            self.row = None

    def handle_data(self, data):
        if self.cell is not None and not self.hidden:
            self.cell[1] += data


@pytest.fixture(scope="module")
def keyword_report(lab):
    return evaluate(lab).to_dict()


@pytest.fixture(scope="module")
def full_report(lab):
    """With the real embedding model, built by tools/models.py if it is not there yet (make test builds it)."""
    from tools.models import ensure_minilm

    from raglab.models.onnx_embed import OnnxEmbedder

    return evaluate(lab, OnnxEmbedder(ensure_minilm(MODEL_DIR.parent))).to_dict()


@pytest.fixture(params=["keyword_report", "full_report"])
def report(request):
    return request.getfixturevalue(request.param)


def metric_rows(html: str) -> dict[str, list]:
    return {attrs["data-key"]: cells for attrs, cells in Tables(html).tables["scoreboard-table"]}


def test_the_table_shows_the_reports_numbers(report):
    rows = metric_rows(render_scoreboard(report, NAMES))
    n = len(report["questions"])
    for t in report["techniques"]:
        cells = rows[t["key"]][1:]
        assert [c[1] for c in cells[:-1]] == [f"{t[m]:.3f}" for m in METRICS] + [f"{t['sentences_at_3']:.1f}"]
        own = cells[-1][1]  # on how many questions it did its own work
        if t["baseline"]:
            assert own == "baseline"
        else:
            assert own == f"all {n}" if not t["fell_back"] else own.startswith(f"{n - t['fell_back']} of {n} (else ")


def test_hyde_did_its_own_work_only_where_a_hypothetical_answer_is_written(full_report, lab):
    hyde = next(t for t in full_report["techniques"] if t["key"] == "hyde")
    written = [q in lab.corpus.hypothetical for q in full_report["questions"]]
    assert [not fell for fell in hyde["fell_back_on"]] == written
    assert hyde["fell_back"] == len(written) - sum(written) == 42


def test_the_best_value_of_each_column_is_marked_ties_included(report):
    """Among the techniques that did their own work on every question: never a baseline, nor HyDE where it is
    mostly plain meaning search."""
    rows = metric_rows(render_scoreboard(report, NAMES))
    whole = [t for t in report["techniques"] if not t["baseline"] and not t["fell_back"]]
    assert {t["key"] for t in whole} >= {"plain", "document", "parent"} and "hyde" not in {t["key"] for t in whole}
    for i, m in enumerate(METRICS, 1):
        top = max(t[m] for t in whole)
        expected = {t["key"] for t in whole if t[m] == top}
        assert {t["key"] for t in report["techniques"] if rows[t["key"]][i][0] == "best"} == expected, m
    assert all(cell[0] != "best" for key in report["skipped"] for cell in rows[key])


def test_best_marking_on_a_hand_made_report():
    report = hand_made([("a", [1, None]), ("b", [2, 1]), ("c", [1, 1])])
    html = render_scoreboard(report, {})
    rows = metric_rows(html)
    # hit@3: b and c 1.0; MRR: c (1 + 1)/2 = 1.0, b (1/2 + 1)/2 = 0.75, a 0.5
    assert [k for k, cells in rows.items() if cells[1][0] == "best"] == ["b", "c"]
    assert [k for k, cells in rows.items() if cells[3][0] == "best"] == ["c"]
    assert [c[1] for c in rows["b"][1:4]] == ["1.000", "1.000", "0.750"]
    assert html.count('<span class="visually-hidden"> (best)</span>') == 2 + 2 + 1 + 2 + 1  # +1: the caption key


def test_the_first_sentence_counts_come_from_the_report(lab):
    questions = [
        LabelledQuestion("How much does the ferry cost?", ("ferry-1",)),
        LabelledQuestion("How much is a boat ticket?", ("ferry-1",)),
    ]
    html = render_scoreboard(evaluate(lab, None, questions).to_dict(), NAMES)
    assert (
        "computed on the 2 labelled questions of the fernport corpus" in html
        and "searched all 2." in html
        and "3 techniques could not run here" in html
    )


def test_a_skipped_technique_is_shown_with_its_reason(keyword_report):
    rows = metric_rows(render_scoreboard(keyword_report, NAMES))
    assert set(keyword_report["skipped"]) == {"multi_query", "hyde", "hybrid"}
    for key, reason in keyword_report["skipped"].items():
        assert rows[key][0][1] == NAMES[key]
        assert rows[key][1][1] == f"Not run here: it {reason}."


def test_each_grid_cell_is_the_rank_of_the_first_right_unit(report):
    grid = Tables(render_scoreboard(report, NAMES)).tables["scoreboard-grid"]
    assert [cells[0][1] for _, cells in grid] == report["questions"]
    for i, (_, cells) in enumerate(grid):
        for t, cell in zip(report["techniques"], cells[1:], strict=True):
            rank, answers, fell = t["first_right"][i], report["answers"][i], t["fell_back_on"][i]
            held = f" ({t['held_at_3'][i]}/{answers})" if answers > 1 else ""  # of its passages, in the first 3
            assert cell[1] == (str(rank) if rank else "–") + held + ("*" if fell else "")
            assert cell[0] == ("right" if t["right_at_3"][i] else "late" if rank else "none") + (
                " fell" if fell else ""
            )


def test_every_rank_is_a_deep_link_into_its_technique(report):
    grid = Tables(render_scoreboard(report, NAMES)).tables["scoreboard-grid"]
    links = 0
    for question, (_, cells) in zip(report["questions"], grid, strict=True):
        for t, (_, _, a) in zip(report["techniques"], cells[1:], strict=True):
            target = t["technique"]
            if target is None:  # a baseline: the page has no section for it
                assert a is None and t["baseline"]
                continue
            url = urlsplit(a["href"])
            assert parse_qs(url.query) == {"technique": [target], "q": [question]} and url.fragment == target
            assert (a["class"], a["data-technique"], a["data-q"]) == ("open-question", target, question)
            links += 1
    on_page = [t for t in report["techniques"] if t["technique"]]
    assert links == len(report["questions"]) * len(on_page)


def test_chunk_sizes_open_in_the_chunk_size_technique_and_baselines_nowhere(keyword_report):
    owner = {t["key"]: t["technique"] for t in keyword_report["techniques"]}
    assert (owner["chunk_size_1"], owner["chunk_size_4"], owner["bm25"]) == ("chunk_size", "chunk_size", None)


def test_alone_right_is_the_reports_and_alone_missed_its_mirror(keyword_report):
    by_key = alone(keyword_report["techniques"])
    techniques = [t for t in keyword_report["techniques"] if not t["baseline"]]
    assert set(by_key) == {t["key"] for t in techniques}
    for t in techniques:
        right, missed = by_key[t["key"]]
        assert right == list(t["only_right"])
        for i, ok in enumerate(t["right_at_3"]):
            others = [o["right_at_3"][i] for o in techniques if o is not t]
            assert (i in missed) == (not ok and all(others))
    html = render_scoreboard(keyword_report, NAMES)
    for t in techniques:
        for q in t["only_right"]:
            assert f'data-technique="{t["technique"]}" data-q="{escape(q)}"' in html


def test_evil_strings_come_out_escaped(lab):
    # A real run with the question as written, then every other string of a hand-made report
    board = evaluate(lab, None, [LabelledQuestion(f"{EVIL} ferry cost", ("ferry-1",))]).to_dict()
    evil = hand_made([(EVIL, [1, None])], question=EVIL)
    evil.update(corpus=EVIL, skipped={EVIL: EVIL}, notes=[EVIL])
    for html in (render_scoreboard(board, NAMES), render_scoreboard(evil, {EVIL: EVIL})):
        assert "<img" not in html and "&lt;img src=x onerror=alert(1)&gt;" in html
        assert Tables(html).tables  # still parses into its tables


def test_the_grid_scrolls_inside_its_own_box_on_a_phone():
    css = (Path(__file__).resolve().parents[2] / "web" / "lab.css").read_text()
    block = css[css.index("/* Scoreboard */") :]
    assert ".scoreboard-scroll {" in block and "overflow-x: auto" in block.split(".scoreboard-scroll {")[1][:120]


def hand_made(rows, question="How much does the ferry cost?"):
    """A report in ``Scoreboard.to_dict()`` layout for two questions, each row given by its first-right ranks; the
    metrics follow from the ranks with one right passage per question (k 3)."""

    def row(key, ranks):
        right = [bool(r and r <= 3) for r in ranks]
        mean = sum(right) / len(ranks)
        return {
            "key": key,
            "title": key.title(),
            "baseline": False,
            "hit_at_3": mean,
            "recall_at_3": mean,
            "mrr": sum(1 / r for r in ranks if r) / len(ranks),
            "ndcg_at_10": mean,
            "sentences_at_3": 6.0,
            "only_right": [],
            "first_right": ranks,
            "right_at_3": right,
            "technique": key,
        }

    return {
        "corpus": "hand-made",
        "k": 3,
        "ndcg_k": 10,
        "questions": [question, "Who runs the bakery?"],
        "techniques": [row(k, r) for k, r in rows],
        "skipped": {},
        "notes": [],
    }

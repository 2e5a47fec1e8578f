"""SciFact (BEIR test split) as plain Python: the abstracts, the 300 test claims and their relevance judgments.

Shared by ``scifact.py`` (quality) and ``keyword_speed.py`` (speed). The data lives outside the repository
(``../shared/data/scifact/``, or ``$SCIFACT_DIR``); its README gives the source and licence.
"""

from __future__ import annotations

import csv
import gzip
import json
import os
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA_DIR = Path(os.environ.get("SCIFACT_DIR", ROOT.parent / "shared" / "data" / "scifact"))
CACHE_DIR = ROOT / ".cache" / "bench"
SMOKE_ABSTRACTS, SMOKE_CLAIMS = 20, 5  # smoke_sample


@dataclass(frozen=True)
class SciFact:
    doc_ids: list[str]
    titles: list[str]
    texts: list[str]
    query_ids: list[str]  # the claims that have judgments, in file order
    queries: list[str]
    qrels: dict[str, set[str]]  # claim id -> ids of the relevant abstracts

    @property
    def documents(self) -> list[str]:
        """Title and text joined by a space, as BEIR does for every model."""
        return [f"{t} {x}".strip() for t, x in zip(self.titles, self.texts, strict=True)]


def load_scifact(folder: Path = DATA_DIR) -> SciFact:
    doc_ids, titles, texts = [], [], []
    with gzip.open(folder / "corpus.jsonl.gz", "rt", encoding="utf-8") as f:
        for line in f:
            d = json.loads(line)
            doc_ids.append(d["_id"])
            titles.append(d.get("title", ""))
            texts.append(d["text"])
    qrels: dict[str, set[str]] = {}
    with (folder / "qrels-test.tsv").open(encoding="utf-8") as f:
        for row in csv.DictReader(f, delimiter="\t"):
            if int(row["score"]) > 0:
                qrels.setdefault(row["query-id"], set()).add(row["corpus-id"])
    query_ids, queries = [], []
    with (folder / "queries.jsonl").open(encoding="utf-8") as f:
        for line in f:
            q = json.loads(line)
            if q["_id"] in qrels:
                query_ids.append(q["_id"])
                queries.append(q["text"])
    return SciFact(doc_ids, titles, texts, query_ids, queries, qrels)


def first_of(data: SciFact, abstracts: int | None, claims: int | None, judged: bool = False) -> SciFact:
    """The first ``abstracts`` abstracts and ``claims`` claims (None: all of them) with the claims' judgments; with
    ``judged``, the abstracts judged relevant to those claims too, in corpus order, so that a smoke run's figures
    can be above 0 (they mean nothing)."""
    chosen = data.query_ids[:claims]
    qrels = {q: data.qrels[q] for q in chosen if q in data.qrels}
    relevant = set().union(*qrels.values()) if judged else set()
    keep = [i for i, d in enumerate(data.doc_ids) if abstracts is None or i < abstracts or d in relevant]
    ids, titles, texts = ([column[i] for i in keep] for column in (data.doc_ids, data.titles, data.texts))
    return SciFact(ids, titles, texts, chosen, data.queries[:claims], qrels)


def smoke_sample(data: SciFact) -> SciFact:
    """What the CPython benchmarks' smoke runs (bench/smoke.py) read: the first 5 claims and, of the abstracts, the
    first 20 and those judged relevant to these claims; every code path on the fewest data."""
    return first_of(data, SMOKE_ABSTRACTS, SMOKE_CLAIMS, judged=True)


def scifact_or_stand_in() -> SciFact:
    """SciFact where it is on this machine; else, for a smoke run (bench/smoke.py, whose figures mean nothing), a
    stand-in of the same shape: Fernport's passages as the abstracts and one of its questions as the claim, so a
    clean clone on a machine without ``../shared/data/scifact`` still runs every benchmark to its end."""
    if (DATA_DIR / "corpus.jsonl.gz").exists():
        return load_scifact()
    from raglab import Lab

    texts = Lab().passage_texts()
    ids = [f"fernport-{n}" for n in range(len(texts))]
    return SciFact(ids, [""] * len(texts), texts, ["1"], ["How much does the ferry cost?"], {})

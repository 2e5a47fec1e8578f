"""The editable data beside a corpus's documents, all optional TOML files that a course author can edit:

- ``synonyms.toml``: ``[related] boat = ["ferry"]``, the word list of query rewriting;
- ``entities.toml``: ``[[entity]] name = "Mira Okafor", aliases = ["Mira"]``, the names of the graph;
- ``presets.toml``: ``[presets] plain = ["How much does the ferry cost?"]`` per technique, plus the hand-written
  ``[rewrites]`` (multi-query) and ``[hypothetical]`` answers (HyDE), keyed by question;
- ``questions.toml``: ``[[question]] text = "...", answers = ["ferry-1"]``, the labelled question set.

Where a list is expected, one text is a list of one (``boat = "ferry"``); any other mistake is a CorpusError that
names the file and the entry.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .corpus import CorpusError, Entity, LabelledQuestion
from .toml_read import parse_toml
from .word_lists import word_list_from

DATA_FILES = ("synonyms.toml", "entities.toml", "presets.toml", "questions.toml")


def corpus_data(files: Mapping[str, str]) -> dict:
    """The editable data beside the documents, from those of DATA_FILES present in ``files``, as Corpus fields.
    Every entry is checked: a mistake is one message that names the file and the entry."""
    toml = {n: _Checked(n, parse_toml(n, files[n]) if n in files else {}) for n in DATA_FILES}
    synonyms, presets = toml["synonyms.toml"], toml["presets.toml"]
    return dict(
        related_words=word_list_from(
            (word, synonyms.texts(v, f"related.{word}")) for word, v in synonyms.table("related").items()
        ),
        entities=tuple(
            _entity(toml["entities.toml"], e, n) for n, e in enumerate(toml["entities.toml"].tables("entity"), 1)
        ),
        presets={key: presets.texts(v, f"presets.{key}") for key, v in presets.table("presets").items()},
        rewrites={q: presets.texts(v, f"the rewrites of “{q}”") for q, v in presets.table("rewrites").items()},
        hypothetical={
            q: presets.text(v, f"the hypothetical answer to “{q}”") for q, v in presets.table("hypothetical").items()
        },
        questions=tuple(
            _question(toml["questions.toml"], q, n) for n, q in enumerate(toml["questions.toml"].tables("question"), 1)
        ),
    )


def _entity(file: _Checked, entry: dict, n: int) -> Entity:
    if "name" not in entry:
        raise file.error(f'entity {n} has no name; give it one, as name = "Mira Okafor"')
    name = file.text(entry["name"], f"the name of entity {n}")
    return Entity(name, file.texts(entry.get("aliases", []), f"the aliases of {name}"))


def _question(file: _Checked, entry: dict, n: int) -> LabelledQuestion:
    if "text" not in entry:
        raise file.error(f'question {n} has no text; give it one, as text = "How much does the ferry cost?"')
    text = file.text(entry["text"], f"the text of question {n}")
    if "answers" not in entry:
        raise file.error(
            f"question {n} (“{text}”) has no answers; give the ids of the passages that answer it, "
            'as answers = ["ferry-1"]'
        )
    return LabelledQuestion(text, file.texts(entry["answers"], f"the answers of question {n}"))


@dataclass(frozen=True)
class _Checked:
    """A data file's TOML, read as the corpus expects it: tables, lists of tables, texts and lists of texts.

    One text where a list is expected is a list of one: ``boat = "ferry"`` means ``boat = ["ferry"]`` (taken as
    a list of letters, it became "f, e, r, y").

    >>> synonyms = _Checked("synonyms.toml", {"related": {"boat": "ferry"}})
    >>> synonyms.texts(synonyms.table("related")["boat"], "related.boat")
    ('ferry',)
    >>> _Checked("presets.toml", {"presets": 3}).table("presets")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    raglab.documents.corpus.CorpusError: presets.toml: presets must be a table (a line [presets], then key = ...), not 3
    """

    name: str
    toml: dict

    def error(self, message: str) -> CorpusError:
        return CorpusError(f"{self.name}: {message}")

    def table(self, key: str) -> dict:
        value = self.toml.get(key, {})
        if not isinstance(value, dict):
            raise self.error(f"{key} must be a table (a line [{key}], then key = value lines), not {value!r}")
        return value

    def tables(self, key: str) -> list[dict]:
        value = self.toml.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
            raise self.error(f"{key} must be entries, each starting with a line [[{key}]], not {value!r}")
        return value

    def text(self, value, where: str) -> str:
        if not isinstance(value, str):
            raise self.error(f'{where} must be a text in quotes, like "ferry", not {value!r}')
        return value

    def texts(self, value, where: str) -> tuple[str, ...]:
        if isinstance(value, str):
            return (value,)
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.error(f'{where} must be a text or a list of texts, like ["ferry", "ship"], not {value!r}')
        return tuple(value)

"""The command line keeps a folder's meaning vectors between calls (issue 21, item 9): hybrid on 300+ passages
re-embedded everything on every call (19-65 s a question); now a second question embeds only itself, and a
changed file only its own passages."""

from __future__ import annotations

from raglab import cli
from raglab.models.onnx_embed import OnnxEmbedder

NOTES = (
    "The quillfish swims past the reef at dawn. Boats keep away from the reef in April.\n\n"
    "The harbour master rings a bell at noon. The bell can be heard across the bay."
)


def test_a_second_question_embeds_only_itself_and_a_changed_file_only_its_passages(
    tmp_path, monkeypatch, minilm_dir, capsys
):
    monkeypatch.setenv("RAGLAB_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("RAGLAB_MODEL_DIR", str(minilm_dir))
    embedded: list[list[str]] = []
    real = OnnxEmbedder.__call__
    monkeypatch.setattr(OnnxEmbedder, "__call__", lambda self, texts: embedded.append(list(texts)) or real(self, texts))
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "reef.txt").write_text(NOTES, encoding="utf-8")
    (folder / "ferry.txt").write_text("The ferry leaves at eight. A ticket costs six coins.", encoding="utf-8")

    def ask(question: str) -> str:
        assert cli.main(["--corpus", str(folder), "ask", "hybrid", question]) == 0
        return capsys.readouterr().out

    first = ask("When do boats avoid the reef?")
    assert sorted(len(texts) for texts in embedded) == [1, 2]  # the question; 2 passages (reef.txt packs into one)
    embedded.clear()
    assert ask("When do boats avoid the reef?") == first  # the same vectors, read back
    assert embedded == []
    ask("What does the bell do?")
    assert embedded == [["What does the bell do?"]]
    embedded.clear()
    (folder / "ferry.txt").write_text("The ferry leaves at nine. A ticket costs six coins.", encoding="utf-8")
    ask("When does the ferry leave?")
    assert sorted(embedded) == [["The ferry leaves at nine. A ticket costs six coins."], ["When does the ferry leave?"]]

"""tools/model_cache.py: a model built once is copied into a later clone's .cache/models, whole or not at all, and
only for the same inputs."""

from __future__ import annotations

import shutil

from tools import model_cache
from tools.model_cache import KEY_FILES, MODELS, key, restore, save


def fake_model(cache, model: str) -> None:
    folder, files = MODELS[model]
    for name in files:
        (cache / folder / name).parent.mkdir(parents=True, exist_ok=True)
        (cache / folder / name).write_text(f"{model} {name}")


def test_a_saved_model_is_restored_into_an_empty_clone(tmp_path, monkeypatch):
    monkeypatch.setenv("RAGLAB_MODEL_CACHE", str(tmp_path / "kept"))
    first, later = tmp_path / "first", tmp_path / "later"
    assert not restore("stub", later)  # nothing kept yet: build it
    fake_model(first, "stub")
    save("stub", first)
    assert restore("stub", later)
    folder, files = MODELS["stub"]
    assert [(later / folder / f).read_text() for f in files] == [f"stub {f}" for f in files]
    assert not restore("minilm", later)  # kept per model


def test_a_half_model_is_neither_kept_nor_restored(tmp_path, monkeypatch):
    monkeypatch.setenv("RAGLAB_MODEL_CACHE", str(tmp_path / "kept"))
    fake_model(tmp_path / "first", "minilm")
    folder, files = MODELS["minilm"]
    (tmp_path / "first" / folder / files[-1]).unlink()
    try:
        save("minilm", tmp_path / "first")
    except SystemExit as refused:
        assert "not a whole minilm model" in str(refused)
    else:
        raise AssertionError("a half model was kept")
    assert not restore("minilm", tmp_path / "later")


def test_the_key_changes_with_every_file_that_makes_the_models(tmp_path):
    for name in KEY_FILES:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(model_cache.REPO_ROOT / name, tmp_path / name)
    keys = {key(tmp_path)}
    for name in KEY_FILES:
        with (tmp_path / name).open("a") as f:
            f.write("\n")
        keys.add(key(tmp_path))
    assert len(keys) == len(KEY_FILES) + 1


def test_a_home_that_cannot_keep_it_only_says_so(tmp_path, monkeypatch, capsys):
    """Saving is a favour to the next clone: where it fails, make goes on with the model it built."""
    (tmp_path / "file").write_text("not a folder")
    monkeypatch.setenv("RAGLAB_MODEL_CACHE", str(tmp_path / "file" / "kept"))
    monkeypatch.setattr(model_cache, "DEFAULT_CACHE", tmp_path / "models")
    fake_model(tmp_path / "models", "stub")
    monkeypatch.setattr(model_cache, "save", lambda model: save(model, tmp_path / "models"))
    assert model_cache.main(["save", "stub"]) == 0
    assert "stub not kept for later clones" in capsys.readouterr().err

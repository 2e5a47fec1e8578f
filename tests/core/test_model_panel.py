"""A model's state on the page: each transition, events of ended requests ignored, and what each state shows
(a sentence a visitor understands, everything escaped)."""

import pytest

from raglab.page.model_state import MOVES, ModelStage, ModelState
from raglab.ui.model_panel import failure_sentence, render_model_state, render_stored

EVIL = "<img src=x onerror=alert(1)>"


def progress(request, file="onnx/model_q4.onnx", loaded=1_000_000, total=4_000_000, runtime=False):
    return {"type": "progress", "id": request, "file": file, "loaded": loaded, "total": total, "runtime": runtime}


def failed(state, request=1, retry="ask"):
    return state.move("fail", request=request, failure="It broke.", retry=retry)


def test_a_download_shows_each_file_in_the_order_it_began():
    state = ModelState().move("download", request=1)
    state = state.on_progress(progress(1, "tokenizer.json", 10, 10))
    state = state.on_progress(progress(1, "onnx/model_q4.onnx", 1, 9))
    state = state.on_progress(progress(1, "tokenizer.json", 10, 10))
    assert [f.name for f in state.files] == ["tokenizer.json", "onnx/model_q4.onnx"]
    html = render_model_state(state, "Qwen3 0.6B")
    assert html.count("<progress") == 2 and "0.0 MB so far" in html


def test_a_progress_event_after_a_failure_changes_nothing():
    """The defect behind the failed `make test`: a sibling download's late progress drew over the failure."""
    state = failed(ModelState().move("download", request=1).on_progress(progress(1)))
    assert state.on_progress(progress(1, "generation_config.json")) is state
    assert "Try again" in render_model_state(state, "Qwen3 0.6B")


def test_events_of_another_request_change_nothing():
    state = ModelState().move("download", request=2)
    assert state.on_progress(progress(1)) is state
    assert state.move("loaded", request=1) is state
    assert state.move("fail", request=1, failure="x") is state
    assert state.move("loaded", request=2).stage is ModelStage.DONE


def test_a_stored_model_loads_without_a_download():
    state = ModelState().move("download", request=3, stored=True)
    assert state.stage is ModelStage.LOADING
    assert render_model_state(state, "Qwen3 0.6B") == (
        '<p class="model-status">Loading Qwen3 0.6B from the copy kept in this browser…</p>'
    )
    assert state.on_progress(progress(3)).stage is ModelStage.DOWNLOADING  # a file was missing after all


def test_the_whole_way_through_and_back():
    state = ModelState().move("consent")
    assert state.busy
    state = state.move("consent", choice=("the CPU (WebAssembly)", "q4", "no WebGPU", ""))
    assert "Download and answer" in render_model_state(state, "Qwen3 0.6B")
    assert state.move("decline", note="Nothing was downloaded.").stage is ModelStage.IDLE
    state = state.move("download", request=4).move("loaded", request=4, note="Runs here.")
    assert (state.stage, state.busy) == (ModelStage.DONE, False)
    state = state.move("answer", request=5, note="Runs here.")
    assert state.stage is ModelStage.ANSWERING and state.request == 5
    assert state.move("answered", request=4) is state
    state = state.move("answered", request=5, note="Runs here.")
    assert state.stage is ModelStage.DONE


def test_a_busy_state_refuses_a_new_request_and_a_resting_one_takes_it():
    downloading = ModelState().move("download", request=1)
    assert downloading.move("download", request=2) is downloading
    assert downloading.move("answer", request=2) is downloading
    again = failed(downloading).move("download", request=2)
    assert (again.stage, again.request, again.failure) == (ModelStage.DOWNLOADING, 2, "")


def test_removal_ends_any_stage():
    for stage in ModelStage:
        assert ModelState(stage=stage, request=1).move("removed").stage is ModelStage.IDLE


def test_every_transition_names_known_stages():
    for sources, target in MOVES.values():
        assert sources <= set(ModelStage) and target in ModelStage


@pytest.mark.parametrize(
    "reason, expected",
    [
        (
            {"kind": "http", "file": "onnx/model_q4.onnx", "status": 500, "status_text": "Internal Server Error"},
            "Qwen3 0.6B could not be downloaded: the server answered 500 (Internal Server Error) "
            "for onnx/model_q4.onnx.",
        ),
        (
            {
                "kind": "http",
                "file": "ort-wasm-simd-threaded.asyncify.wasm",
                "runtime": True,
                "status": 404,
                "status_text": "",
            },
            "Qwen3 0.6B could not be downloaded: the server answered 404 for the model runtime "
            "(ort-wasm-simd-threaded.asyncify.wasm).",
        ),
        (
            {"kind": "network", "file": "tokenizer.json", "message": "Failed to fetch"},
            "Qwen3 0.6B could not be downloaded: the connection failed while fetching tokenizer.json.",
        ),
        (
            {"kind": "content", "message": "protobuf parsing failed"},
            "Qwen3 0.6B arrived but could not be read (protobuf parsing failed); a file may have been cut off or "
            "damaged, so its stored copy was removed.",
        ),
        ({"kind": "worker", "message": ""}, "Qwen3 0.6B could not start: the page's model worker failed to load."),
        (  # issue 36: generation out of memory is no damaged download
            {
                "kind": "memory",
                "message": "failed to call OrtRun(). ERROR_CODE: 6, ERROR_MESSAGE: std::bad_alloc",
                "tokens": 7612,
                "room": 3806,
            },
            "Qwen3 0.6B ran out of this device's memory reading a prompt of 7,612 tokens (failed to call OrtRun(). "
            "ERROR_CODE: 6, ERROR_MESSAGE: std::bad_alloc); the copy kept in this browser is fine and stays. Try "
            "again: the prompt is cut to at most 3,806 tokens.",
        ),
        (
            {"kind": "generation", "message": "boom"},
            "Qwen3 0.6B failed while answering (boom); it stays loaded.",
        ),
        (
            {"kind": "content", "message": "QuotaExceededError: quota exceeded"},
            "Your browser has no room left to keep Qwen3 0.6B. Free some space (for example, clear other sites' stored "
            "data), then try again.",
        ),
    ],
)
def test_failure_sentences(reason, expected):
    assert failure_sentence(reason, "Qwen3 0.6B") == expected


def test_what_a_server_or_file_says_is_shown_as_text():
    reason = {"kind": "http", "file": EVIL, "status": 500, "status_text": EVIL}
    state = ModelState().move("download", request=1)
    state = state.on_progress(progress(1, EVIL)).move("fail", request=1, failure=failure_sentence(reason, "M"))
    for shown in (
        render_model_state(state, "M"),
        render_model_state(state.move("download", request=2).on_progress(progress(2, EVIL)), "M"),
    ):
        assert "<img" not in shown and "&lt;img" in shown


def test_the_stored_line_counts_each_part_and_offers_its_removal():
    line = render_stored(
        {"generate": 9_800_000, "embed": 45_300_000, "runtime": 0},
        {"generate": "Qwen3 0.6B", "embed": "the embedding model", "runtime": "the model runtime"},
    )
    assert line.startswith("Stored in this browser: Qwen3 0.6B (10 MB) ")
    assert "the embedding model (45 MB)" in line and "runtime" not in line
    assert line.count('class="remove-model"') == 2
    assert render_stored({"generate": 0, "embed": 0, "runtime": 0}, {}) == ""


def test_an_answer_box_names_its_request_and_hand_written_text_is_text():
    from raglab.ui.model_panel import render_answer_box, render_hand_written

    box = render_answer_box(f"The rewrites {EVIL}", 12)
    assert 'data-request="12"' in box and "<img" not in box and '<p class="answer-text"></p>' in box
    hand = render_hand_written("rewrites", f"Who is Tomas?\n{EVIL}")
    assert "The rewrites, written by hand for this demo" in hand and "<img" not in hand

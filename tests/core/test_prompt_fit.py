"""A prompt the model can hold (issue 36): the rule that decides what of a technique's prompt goes to the model,
given the tokens the worker counted for each candidate prompt."""

from raglab import run
from raglab.models.prompt_fit import Room, candidates, fit_prompt
from raglab.prompt import build_prompt

QWEN = "Qwen3 0.6B"


def test_the_candidates_drop_whole_passages_from_the_last(lab):
    result = run(lab, "plain", "How much does the quillback ferry cost?")
    assert len(result.passages) == 3
    prompts = candidates(result.question, result.passages)
    assert prompts[0] == result.prompt  # the whole prompt first, as the technique shows it
    assert prompts == [build_prompt(result.question, result.passages[:k]) for k in (3, 2, 1)]
    assert all(p.endswith(f"Question: {result.question}") for p in prompts)


def test_a_prompt_that_fits_goes_whole_and_says_nothing():
    fitted = fit_prompt(("A", "B", "C"), [40_704, 30_000, 20_000], Room(40_960, 256), QWEN)
    assert (fitted.kept, fitted.tokens, fitted.sentence, fitted.sent) == (3, 40_704, "", True)


def test_one_token_over_the_context_leaves_out_the_last_passage():
    fitted = fit_prompt(("A", "B", "C"), [40_705, 30_000, 20_000], Room(40_960, 256), QWEN)
    assert (fitted.kept, fitted.tokens, fitted.whole_tokens, fitted.room) == (2, 30_000, 40_705, 40_704)
    assert fitted.sentence == (
        "The prompt was 40,705 tokens, more than the 40,704 Qwen3 0.6B can read (its context of 40,960 tokens less "
        "256 for its answer), so its last 1 passage was left out (“C”): the model reads passages 1 to 2, 30,000 "
        "tokens."
    )


def test_a_first_passage_too_long_alone_is_refused_in_one_sentence():
    fitted = fit_prompt(("A", "B"), [900, 600], Room(800, 256), QWEN)
    assert not fitted.sent and fitted.kept == 0
    assert fitted.sentence == (
        "The prompt is 900 tokens, and 600 with its first passage alone, more than the 544 Qwen3 0.6B can read (its "
        "context of 800 tokens less 256 for its answer): nothing was sent to the model."
    )
    assert fit_prompt((), [100], Room(800, 256), QWEN).sent  # no passages: the question alone, if it fits
    assert not fit_prompt((), [700], Room(800, 256), QWEN).sent


def test_an_out_of_memory_error_halves_the_room_and_never_raises_it():
    room = Room(40_960, 256)
    assert (room.tokens, room.by_memory) == (40_704, False)
    after = room.after_out_of_memory(7_612)
    assert (after.tokens, after.by_memory) == (3_806, True)
    assert after.after_out_of_memory(20_000).tokens == 3_806  # a larger prompt failing later does not raise it
    assert after.after_out_of_memory(3_000).tokens == 1_500
    fitted = fit_prompt(("A", "B", "C"), [7_612, 5_000, 3_000], after, QWEN)
    assert fitted.kept == 1
    assert "the 3,806 this device held for Qwen3 0.6B after it ran out of memory" in fitted.sentence


def test_the_page_keeps_what_the_device_held_for_the_rest_of_the_visit():
    from raglab.page.answers import Start
    from raglab.page.model import PageModel

    page = PageModel({"plain": Start("How much does the ferry cost?")}, keys=["plain"])
    assert page.prompt_room(40_960, 256).tokens == 40_704
    assert page.model_out_of_memory(40_960, 256, 7_219) == 3_609
    assert page.prompt_room(40_960, 256) == Room(40_960, 256, held=3_609)
    assert page.model_out_of_memory(40_960, 256, 3_000) == 1_500


def test_the_memory_estimate_cuts_a_prompt_before_the_first_run():
    """Intent: a prompt longer than the device's memory is estimated to hold is cut by whole passages before it is
    ever sent, with a sentence that says the limit is an estimate of memory, not the model's context."""
    from raglab.models.model_memory import Shape, memory_tokens

    stub = Shape.from_config({"vocab": 151_936, "layers": 2, "heads": 4, "kv_heads": 2, "head_dim": 8})
    assert stub is not None
    room = Room(40_960, 256, memory=memory_tokens(stub, device_gb=8))
    assert (room.tokens, room.by_estimate, room.by_memory) == (4_546, True, False)
    fitted = fit_prompt(("A", "B", "C"), [7_300, 4_900, 2_450], room, QWEN)
    assert (fitted.kept, fitted.sent) == (1, True)
    assert fitted.sentence == (
        "The prompt was 7,300 tokens, more than the 4,546 that fit in the memory this device gives Qwen3 0.6B "
        "(estimated from the model's size), so its last 2 passages were left out (“B”, “C”): the model reads "
        "passage 1 alone, 2,450 tokens."
    )
    assert Room(40_960, 256, memory=40_000).tokens == 40_000 and not Room(1_000, 256, memory=40_000).by_estimate
    assert room.after_out_of_memory(2_450).tokens == 1_225  # the estimate fell short: what failed is halved
    assert room.after_out_of_memory(2_450).by_memory


def test_a_smaller_device_holds_fewer_tokens_and_no_shape_makes_no_estimate():
    from raglab.models.model_memory import Shape, memory_tokens

    qwen = Shape(vocab=151_936, layers=28, heads=16, kv_heads=8, head_dim=128)
    assert memory_tokens(qwen, 8) > memory_tokens(qwen, 4) > memory_tokens(qwen, 2) > 0
    assert memory_tokens(qwen, None) == memory_tokens(qwen, 8)  # the browser does not say: WebAssembly's bound
    for n in (memory_tokens(qwen, 2), memory_tokens(qwen, 8)):
        assert qwen.prompt_bytes(n) <= qwen.prompt_bytes(n + 1)
    assert Shape.from_config({"vocab": 151_936, "layers": 2, "heads": 4, "kv_heads": 2}) is None
    assert Shape.from_config({"vocab": True, "layers": 2, "heads": 4, "kv_heads": 2, "head_dim": 8}) is None

"""The time left while meaning vectors are made (raglab.page.vector_batches.seconds_left): the rate of the latest
batches that make up RATE_SECONDS, times the work left."""

from raglab.page.vector_batches import RATE_SECONDS, seconds_left


def test_a_steady_rate_gives_its_own_time_left():
    made = [(4, 4000, 2.0)] * 20  # 0.5 ms a unit throughout, 40 s of batches
    assert round(seconds_left(made, 10_000), 6) == 5.0


def test_the_rate_follows_a_device_that_slows_down():
    # 20 s at 0.5 ms a unit, then 30 s at 1 ms: the time left is the latest 30 s's, 1 ms a unit
    made = [(4, 4000, 2.0)] * 10 + [(2, 2000, 2.0)] * 15
    assert round(seconds_left(made, 10_000), 6) == 10.0


def test_one_slow_batch_does_not_swing_it():
    # 30 s at 0.5 ms a unit, then one batch at 2 ms: the latest 30 s are it and 11 others, (8 + 11 x 2) s over
    # 12 x 4,000 units, 0.625 ms a unit (the slow batch alone would say 2 ms)
    made = [(4, 4000, 2.0)] * 15 + [(4, 4000, 8.0)]
    assert round(seconds_left(made, 10_000), 6) == 6.25


def test_before_rate_seconds_every_batch_counts():
    made = [(1, 1000, 1.0), (4, 3000, 2.0)]  # 3 s, less than RATE_SECONDS
    assert 3.0 < RATE_SECONDS
    assert round(seconds_left(made, 8000), 6) == 6.0


def test_nothing_left_or_nothing_made_is_zero():
    assert seconds_left([(4, 4000, 2.0)], 0) == 0.0
    assert seconds_left([], 5000) == 0.0

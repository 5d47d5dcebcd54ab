"""``bench/calibrate.py``: where the strong Small Soldiers player's weights come from."""

from __future__ import annotations

import math

from bench import calibrate


def test_the_fit_forecasts_who_wins_and_the_weights_in_the_code_do_better_than_a_coin() -> None:
    x, y = calibrate.positions(30)
    assert x.shape == (len(y), len(calibrate.NAMES)) and len(y) > 300
    assert set(y.tolist()) == {0.0, 1.0}
    fitted = calibrate.fit(x, y)
    coin = math.log(0.5)
    # the fit is the most likely set of weights on these games; the code's are close and beat a coin
    assert calibrate.likelihood(x, y, fitted) >= calibrate.likelihood(x, y, calibrate.in_the_code()) > coin

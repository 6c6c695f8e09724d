"""The worked examples in the reckoning docstrings are tests too."""

import doctest

from nyballot.reckoning import dates


def test_date_arithmetic_examples() -> None:
    result = doctest.testmod(dates)
    assert result.attempted >= 6 and result.failed == 0

"""Order of names: a drawing needs its seed. The expected orders, worked by hand from § 7-116,
are golden cases in tests/golden/ballot/7-116-order.yaml."""

import pytest
from helpers import ballot, office


def test_a_seed_is_required_for_a_drawing() -> None:
    from nyballot.errors import UsageError

    with pytest.raises(UsageError, match="published seed"):
        ballot(office("x", "A One", "B Two"), nyc=False, seed=None)

import pytest

from nyballot.delegates import law
from nyballot.law.texts import quote_found


@pytest.mark.parametrize("quote", law.ALL_QUOTES, ids=lambda q: q[1][:40])
def test_every_quoted_rule_is_in_the_bill(quote: tuple[str, str]) -> None:
    assert quote[0].startswith("2-122-b")
    assert quote_found(law.TEXT, quote[1])

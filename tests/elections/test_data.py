"""The special and village election data quote only shipped words, and each rule a special
election counts with its own day speaks of a special election in the words it quotes."""

from __future__ import annotations

import pytest

from nyballot.calendar.request import CalendarRequest
from nyballot.elections.law import special_law, village_law
from nyballot.law.texts import fold, quote_found


def test_every_quotation_is_in_its_shipped_text() -> None:
    special, village = special_law(), village_law()
    quotes = [o.words.law for o in special.offices.values()]
    quotes += [o.no_special.words.law for o in special.offices.values()]
    quotes += [w.law for w in special.refused.values()] + [special.filled_at.law]
    for quote in quotes:
        assert quote_found(special.source, quote), quote
    assert quote_found("current/6-114.txt", special.party_nominations.law)
    assert quote_found("current/11-200.txt", special.federal_only.words.law)
    for words in (village.march, village.moved, village.other, village.november):
        assert quote_found(village.source, words.law), words.law


@pytest.mark.parametrize("year", [2022, 2026])
def test_each_counted_rule_speaks_in_its_words_of_the_election_counted(year: int) -> None:
    cal = CalendarRequest(year).calendar()
    for item in special_law().counted:
        rule = cal.get(item.rule)
        if rule is None:  # a rule of later years (early voting by mail from 2024)
            continue
        words = fold(" ".join(rule.rule.law))
        assert fold(item.speaks) in words, (item.id, year)

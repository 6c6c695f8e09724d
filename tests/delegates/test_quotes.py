"""The allocation's words are provisions of the law data, each quoted from the bill that would
enact them (``nyballot law check`` reads them); the stage reads them through its one reader."""

from fractions import Fraction

import pytest

from nyballot.delegates.rules import QUOTED, TYPES, delegate_rules
from nyballot.errors import UsageError
from nyballot.law.choice import LawChoice
from nyballot.law.provisions import named, provisions_in_force
from nyballot.law.texts import quote_found

LAW = named("pre-2019", ["S5961"])


@pytest.mark.parametrize("name", QUOTED)
def test_every_quoted_rule_is_in_the_bill(name: str) -> None:
    item = provisions_in_force(LAW)[f"delegates.{name}"]
    assert item.cite.startswith("2-122-b")
    assert item.source == "bills/S5961.txt"
    assert all(quote_found(item.source, words) for words in item.law)


def test_every_provision_has_the_type_the_reader_reads() -> None:
    found = provisions_in_force(LAW)
    assert {pid: found[pid].type for pid in TYPES} == TYPES


def test_the_numbers_are_the_words_three_two_one_and_twenty_percent() -> None:
    # § 2-122-b(2) "THREE DELEGATES"; (4)(b) "TWO DELEGATES ... ONE DELEGATE"; (4)(b) and (5)
    # "AT LEAST TWENTY PERCENT"
    rules = delegate_rules(LawChoice("pre-2019", ("S5961",)), 2016)
    assert (rules.seats, rules.first, rules.second) == (3, 2, 1)
    assert rules.district_threshold == rules.at_large_threshold == Fraction(1, 5)
    assert rules.what_if == "S.5961 of 2015 was never enacted"


def test_the_law_in_force_has_no_allocation_and_no_bill_is_read_unasked() -> None:
    # No act in force in 2027 enacts § 2-122-b: a refusal naming the bill that would, by the
    # field that asks for it; never an answer read from the bill by default.
    with pytest.raises(UsageError) as refused:
        delegate_rules(LawChoice(), 2027)
    message = str(refused.value)
    assert message.startswith("year 2027: Election Law in force from 2019 (June primary) has no")
    assert "S.5961 of 2015 (a bill never enacted) would enact one: give with S5961" in message
    assert refused.value.fields == ("with",)


def test_the_bill_asked_for_outside_its_years_is_read_as_it_would_enact_its_words() -> None:
    # S.5961 governs 2015-2016 (pre-2019 law); asked for in 2028 it is read over today's law,
    # and the answer says both that it was never enacted and that it is out of its years.
    rules = delegate_rules(LawChoice(overlays=("S5961",)), 2028)
    assert rules.seats == 3
    assert rules.what_if == (
        "S.5961 of 2015 was never enacted; S.5961 of 2015 governs 2015 to 2016, read for 2028 "
        "as it would enact its words"
    )
    assert rules.law.startswith("Election Law in force from 2019 (June primary), with S.5961")

"""Provisions: typed law data, and the lookup that says which one governs."""

from __future__ import annotations

import datetime as dt

import pytest

from nyballot.errors import LawDataError, UsageError
from nyballot.law.choice import LawChoice
from nyballot.law.loader import build_provision, load_law
from nyballot.law.model import END_OF_DAY, LawVersion, Overlay, Period, Provision
from nyballot.law.provisions import ResolvedLaw, provision, provisions_in_force, resolve
from nyballot.law.texts import quote_found, shipped_texts


def _every_provision() -> list[Provision]:
    law = load_law()
    found = [p for v in law.versions.values() for p in v.provisions.values()]
    return found + [p for o in law.overlays.values() for p in o.provisions]


@pytest.mark.parametrize("item", _every_provision(), ids=lambda p: f"{p.origin}:{p.id}")
def test_every_provision_quotes_words_found_in_its_shipped_text(item: Provision) -> None:
    assert item.law or item.unverified, f"{item.id}: no words and no reason"
    if item.law:
        assert item.source in shipped_texts(), f"{item.id}: {item.source} is not shipped"
        for words in item.law:
            assert quote_found(item.source, words), f"{item.id} ({item.cite}): {words[:60]}"


def test_a_bills_fee_is_found_through_the_bill_and_only_with_it() -> None:
    # A.9725 § 6-117(2): "A FEE OF FIVE HUNDRED DOLLARS SHALL BE PAID" -> 500 dollars.
    fee = provision(LawChoice("pre-2019", ("A9725",)), "notice_of_intent.fee")
    assert fee is not None and fee.number() == 500 and fee.cite == "6-117(2)"
    assert fee.overlay == "A9725"
    assert provision(LawChoice("pre-2019"), "notice_of_intent.fee") is None
    assert provision(LawChoice("current", ("a.9725",)), "notice_of_intent.fee", 2026) == fee


@pytest.mark.parametrize(
    ("version", "bills"),
    [("pre-2019", ()), ("current", ()), ("pre-2019", ("S5305A",)), ("pre-2019", ("S5961",))],
)
def test_names_of_more_than_fifteen_letters_are_shortened_under_every_law(
    version: str, bills: tuple[str, ...]
) -> None:
    # § 7-104(2): "whose full names contain more than fifteen letters" -> 15. Existing law:
    # S.5305-A §§ 14, 16 print the sentence unamended, and current/7-104.txt has it too.
    limit = provision(LawChoice(version, bills), "ballot.names.shorten_over_15")
    assert limit is not None and limit.number() == 15


def test_a_year_without_a_version_takes_the_version_in_force() -> None:
    law = resolve(LawChoice(), 2026)
    assert law.version.id == "current" and not law.what_if
    assert resolve(LawChoice(), 2018).version.id == "pre-2019"
    with pytest.raises(UsageError, match="law"):
        resolve(LawChoice())


def _item(pid: str, setting: int, overlay: str | None = None, **more: object) -> Provision:
    return Provision(
        pid, "1-1", "t", ("w",), str(setting), type="count", setting=setting, overlay=overlay,
        **more,  # type: ignore[arg-type]
    )  # fmt: skip


def _version(*items: Provision) -> LawVersion:
    return LawVersion("v", "v", 2000, 2030, "", {}, {p.id: p for p in items})


def _overlay(oid: str, *items: Provision) -> Overlay:
    return Overlay(oid, oid, "bill", oid, False, ("v",), (), "", provisions=items)


def test_overlays_read_over_the_version_in_order_the_later_prevailing() -> None:
    base = _version(_item("x", 1), _item("y", 2))
    first = _overlay("A", _item("x", 10, "A"))
    second = _overlay("B", _item("x", 20, "B"), _item("y", 0, "B", repealed=True))
    law = ResolvedLaw(base, (first, second))
    found = provisions_in_force(law)
    assert found["x"].number() == 20 and "y" not in found
    assert provision(ResolvedLaw(base, (second, first)), "x").number() == 10  # type: ignore[union-attr]
    assert provision(ResolvedLaw(base), "x").number() == 1  # type: ignore[union-attr]


def test_an_overlay_provision_counts_only_for_years_its_section_is_in_force() -> None:
    # In force from 2016-01-01: the 2015 general election (Nov 3) is before it, 2016's after.
    later = _item("x", 9, "A", period=Period(dt.date(2016, 1, 1)))
    base = _version(_item("x", 1))
    assert provision(ResolvedLaw(base, (_overlay("A", later),), 2015), "x").number() == 1  # type: ignore[union-attr]
    assert provision(ResolvedLaw(base, (_overlay("A", later),), 2016), "x").number() == 9  # type: ignore[union-attr]


def test_typed_accessors_refuse_the_wrong_type() -> None:
    with pytest.raises(TypeError, match=r"x .* is count, not flag"):
        _item("x", 1).flag()


@pytest.mark.parametrize(
    ("raw", "problem"),
    [
        ({"type": "count", "setting": "five"}, "setting 'five' is not a count"),
        ({"type": "count", "setting": -1}, "setting -1 is not a count"),
        ({"type": "flag", "setting": 1}, "setting 1 is not a flag"),
        ({"type": "time", "setting": "25:99"}, "is not a time"),
        ({"type": "money"}, "type 'money' is not one of"),
        ({"colour": "red"}, "unknown key"),
        ({"law": None}, "quote the statute words"),
    ],
)
def test_a_bad_provision_names_file_id_cite_and_problem(
    raw: dict[str, object], problem: str
) -> None:
    base = {"id": "p.x", "cite": "1-106(1)", "title": "t", "law": "w", "value": "v"}
    with pytest.raises(LawDataError, match=r"f\.yaml p\.x \(1-106\(1\)\): .*" + problem):
        build_provision({**base, **raw}, "f.yaml", {})


def test_midnight_is_the_end_of_the_day() -> None:
    raw = {"id": "p", "cite": "c", "title": "t", "law": "w", "value": "midnight"}
    item = build_provision({**raw, "type": "time", "setting": "24:00"}, "f", {})
    assert item.time() == END_OF_DAY

"""The grounds a ruling cites are provisions of the law data, each petition citing its own
sections: designating petitions §§ 6-130 to 6-136, independent petitions §§ 6-138 to 6-142
(with § 6-138(4)'s first day); both share § 6-134(10) and § 6-154(3)'s specifications."""

from __future__ import annotations

import pytest

from nyballot.law.texts import quote_found
from nyballot.petitions.law import GROUNDS, all_grounds, grounds_for

SHARED = {"substantial_compliance": "6-134(10)", "specifications": "6-154(3)(a)(i)",
          "specifications_total": "6-154(3)(a)(ii)"}  # fmt: skip


def _section(cite: str) -> str:
    return cite.split("(")[0]


@pytest.mark.parametrize("year", [2010, 2019, 2027, 2040])
def test_each_petition_cites_its_own_sections(year: int) -> None:
    designating = grounds_for("designating", year)
    independent = grounds_for("independent", year)
    own = {"designating": {"6-130", "6-132", "6-134", "6-136"},
           "independent": {"6-138", "6-140", "6-142"}}  # fmt: skip
    for kind, found in (("designating", designating), ("independent", independent)):
        for code, ground in found.items():
            sections = {"6-134", "6-154"} if code in SHARED else own[kind]
            assert _section(ground.cite) in sections, (kind, code, ground.cite)
    assert independent["date_outside_period"].cite == "6-138(4)"
    assert independent["not_registered"].cite == "6-138(1)"
    assert designating["not_registered"].cite == "6-132(1)"
    assert {c: g.cite for c, g in designating.items() if c in SHARED} == SHARED


def test_the_names_the_review_imports_still_read_the_law() -> None:
    assert GROUNDS["duplicate_other_petition"].cite == "6-134(3)"
    assert GROUNDS["after_witness_date"].unverified.startswith("the current words of § 6-132(2)")


@pytest.mark.parametrize("ground", all_grounds(), ids=lambda g: g.code)
def test_every_ground_is_quoted_from_its_shipped_text(ground: object) -> None:
    assert quote_found(ground.text, ground.words)  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("kind", "cite"),
    [
        # § 6-132(1): the signer states "that he or she is an enrolled voter" of the party.
        ("designating", "6-132(1)"),
        # § 6-138(1): "the signatures of registered voters of the political unit".
        ("independent", "6-138(1)"),
    ],
)
def test_the_specifications_cite_the_grounds_of_the_petitions_kind(kind: str, cite: str) -> None:
    from nyballot.petitions import report

    result = {"petition": {"kind": kind, "year": 2027}, "lines": []}
    grounds = report._grounds(result)
    assert grounds["not_registered"]["cite"] == cite
    # A code only the other petition has is not a default of this one.
    other = "independent" if kind == "designating" else "designating"
    only_other = set(grounds_for(other, 2027)) - set(grounds_for(kind, 2027))
    assert only_other.isdisjoint(grounds)

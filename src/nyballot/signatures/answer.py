"""One answer for every shell (command, page, API): the year, the law and the requirements.

With no year, the year of the next general election still to come (``season_year``), said so;
with no petition, a designating one (an independent one when only the votes for governor are
given, which only § 6-142 counts);
with no law version or bill named, the law in force that year; a version or bill named is a
what-if, and every output marks it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from nyballot.law.bills import choose_law
from nyballot.law.choice import LawChoice
from nyballot.law.provisions import resolve
from nyballot.reckoning.season import season_note, season_year
from nyballot.signatures.numbers import requirements, units_data
from nyballot.signatures.report import requirement_dict
from nyballot.signatures.requirements import Inputs, Requirement, signatures


@dataclass
class Answer:
    year: int | None  # None: a law version or bill named, read as it stands
    year_note: str  # why this year, when the asker gave none ("" otherwise)
    law: str  # "law in force in 2027", or the version and bills named
    law_title: str
    what_if: bool
    requirements: list[Requirement] = field(default_factory=list)

    def heading(self) -> str:
        """The first line of every text answer: which law, and whether it is a what-if."""
        mark = " - WHAT-IF: a law version or bill named, not the law in force"
        mark = mark if self.what_if else ""
        return f"Law: {self.law} ({self.law_title}){mark}"

    def as_dict(self) -> dict[str, Any]:
        return {
            "year": self.year,
            "year_note": self.year_note,
            "law": self.law,
            "law_title": self.law_title,
            "what_if": self.what_if,
            "requirements": [requirement_dict(r) for r in self.requirements],
        }


def answer(
    inputs: Inputs,
    *,
    year: int | None = None,
    petition: str | None = None,
    unit: str | None = None,
    office: str | None = None,
    law: str | None = None,
    bills: Sequence[str] = (),
    contains: Sequence[str] = (),
    section: str | None = None,
) -> Answer:
    """The signatures asked for, under the law in force in ``year`` unless a law is named."""
    what_if = law is not None or bool(bills)
    asked = season_year() if year is None and not what_if else year
    note = season_note(asked) if year is None and asked is not None else ""
    choice = choose_law(law, bills) if what_if else LawChoice()
    if petition is None and inputs.votes_for_governor is not None and inputs.enrolled is None:
        petition = "independent"  # counted on the votes for governor: § 6-142's petition
    spec = units_data()["offices"].get(office or "") or {}
    if spec.get("rules") or section:
        found = signatures(office or "", choice, inputs, year=asked, district=unit,
                           section=section)  # fmt: skip
    else:
        found = requirements(
            petition or "designating", choice, asked, inputs, unit=unit, office=office,
            contains=tuple(contains),
        )  # fmt: skip
    label = found[0].law if found else f"law in force in {asked}"
    title = choice.title if what_if else resolve(choice, asked).version.title
    return Answer(asked, note, label, title, what_if or any(r.what_if for r in found), found)

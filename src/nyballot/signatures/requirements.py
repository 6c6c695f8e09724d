"""The records of a signature requirement, and the presidential primary's numbers.

``Requirement`` is one petition's number with its steps; ``signatures`` answers for an office
under a law choice: a presidential primary's numbers from the bill that gives them
(``data/requirements.yaml``, S.5961), every other petition through ``nyballot.signatures.numbers``
from the provisions of the law data. A percentage of voters is rounded up to a whole signature.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from importlib import resources
from typing import Any

from nyballot.errors import OutOfCoverageError, UsageError
from nyballot.law.choice import LawChoice
from nyballot.law.provisions import provision
from nyballot.law.reading import read_yaml


@dataclass(frozen=True)
class SignatureStep:
    """One line of a derivation: the arithmetic, its cite and the quoted words."""

    text: str
    cite: str = ""
    law: str = ""


@dataclass
class Requirement:
    """The number of signatures one petition needs, and how it was found."""

    office: str
    office_title: str
    unit: str
    unit_title: str
    law: str
    petition: str
    cite: str
    number: int
    spread: str = ""
    steps: list[SignatureStep] = field(default_factory=list)
    inputs: dict[str, int] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    year: int | None = None  # the year whose law in force answered (None: a law named)
    where: str = ""  # "in the city of New York" where a measure treats the city apart
    measures: list[str] = field(default_factory=list)  # one-year measures applied
    evidence: str = ""  # "secondary: <source>" when the number rests on a secondary source
    unverified: str = ""  # why the words applied may not be the words in force
    what_if: bool = False  # a law version or bill was named: not the law in force


@dataclass(frozen=True)
class Inputs:
    """Facts the law needs and the user supplies."""

    votes_for_governor: int | None = None
    enrolled: int | None = None
    congressional_districts: int | None = None
    larger_requirement: int | None = None


@cache
def table() -> dict[str, Any]:
    """The requirement data, loaded once."""
    path = resources.files("nyballot.signatures").joinpath("data/requirements.yaml")
    data: dict[str, Any] = read_yaml(path, "signatures/data/requirements.yaml")
    return data


def _fmt(n: int | Fraction) -> str:
    if isinstance(n, Fraction) and n.denominator != 1:
        whole = n.numerator // n.denominator
        rest = n - whole
        digits = f"{float(rest):.4f}"[1:].rstrip("0")
        return f"{whole:,}{digits}"
    return f"{int(n):,}"


def _ceil(value: Fraction) -> int:
    return math.ceil(value)


def count(n: int, word: str) -> str:
    """'1 signature', '1,500 signatures'."""
    return f"{n:,} {word}" if n == 1 else f"{n:,} {word}s"


def _need(value: int | None, field: str, why: str, zero: str = "") -> int:
    """A count the user must give: present and whole; ``zero`` says why 0 is no answer."""
    if value is None:
        raise UsageError(f"{field} is required: {why}")
    if value < 0:
        raise UsageError(f"{field} must not be negative, not {value}")
    if value == 0 and zero:
        raise UsageError(f"{field} 0: {zero}")
    return value


def note_unused(found: list[Requirement], inputs: Inputs) -> list[Requirement]:
    """Say which of the inputs given no requirement used."""
    for name, value in vars(inputs).items():
        if value is not None and found and all(name not in req.inputs for req in found):
            found[-1].notes.append(f"{name} {value} was given but not used.")
    return found


def signatures(
    office: str,
    choice: LawChoice,
    inputs: Inputs,
    *,
    year: int | None = None,
    petition: str = "designating",
    district: str | None = None,
    section: str | None = None,
    contains: tuple[str, ...] = (),
) -> list[Requirement]:
    """Every requirement for ``office`` under ``choice`` for ``year`` (default: the year of the
    next general election still to come), one per petition or place."""
    from nyballot.reckoning.season import season_year
    from nyballot.signatures.numbers import requirements, unit_for, units_data

    spec = units_data()["offices"].get(office)
    unit_for(office, district)
    named = bool(choice.law or choice.overlays)
    asked = season_year() if year is None and not named else year
    if spec is not None and spec.get("rules"):
        found = _presidential(office, spec, spec["unit"], spec["rules"], choice, inputs, section)
        for req in found:
            req.year, req.what_if = asked, named
            req.law = f"{choice.label} (what-if)" if named else req.law
    elif section:
        raise UsageError("section applies only to president, uncommitted and delegates")
    else:
        found = requirements(
            petition, choice, asked, inputs, unit=district, office=office, contains=contains
        )
        return found  # requirements() says which inputs it did not use
    return note_unused(found, inputs)


def _share_of_enrolled(req: Requirement, rule: dict[str, Any], unit: str, inputs: Inputs) -> None:
    """A number or a share of the party's enrolled voters, whichever is less."""
    where = "the party in the state" if unit == "state" else "the party in the district"
    enrolled = _need(
        inputs.enrolled,
        "enrolled",
        f"§ {rule['cite']} counts a share of the enrolled voters of {where}",
        f"a party with no enrolled voters in {where.removeprefix('the party in ')} "
        "has no one to sign its petition",
    )
    req.inputs["enrolled"] = enrolled
    share = (
        Fraction(int(rule["percent"]), 100) if "percent" in rule else Fraction(*rule["fraction"])
    )
    exact = share * enrolled
    part = _ceil(exact)
    label = str(rule["label"])
    rounded = "" if exact.denominator == 1 else f", rounded up: {part:,}"
    req.number = min(req.number, part)
    req.steps.append(
        SignatureStep(
            f"{label} of {enrolled:,} enrolled voters = {_fmt(exact)}{rounded}; "
            f"the lesser of {int(rule['number']):,} and {part:,} is {req.number:,}.",
            rule["cite"],
            rule["law"],
        )
    )
    if "enrolment_note" in rule:
        said = " ".join(table()["presidential"]["enrolment"].split())
        req.notes.append(f'{said} ("{" ".join(rule["enrolment_note"].split())}").')


def _requirement(
    office: str,
    spec: dict[str, Any],
    unit: str,
    choice: LawChoice,
    petition: str,
    cite: str,
    number: int,
) -> Requirement:
    """A requirement of ``office`` in ``unit`` under ``choice``, before its steps are added."""
    from nyballot.signatures.numbers import units_data

    return Requirement(
        office=office,
        office_title=spec["title"],
        unit=unit,
        unit_title=units_data()["units"][unit]["title"],
        law=choice.label,
        petition=petition,
        cite=cite,
        number=number,
    )


def _presidential(
    office: str,
    spec: dict[str, Any],
    unit: str,
    kind: str,
    choice: LawChoice,
    inputs: Inputs,
    section: str | None,
) -> list[Requirement]:
    if provision(choice, "presidential_designating_petition.signatures") is None:
        raise OutOfCoverageError(
            f"{office}: {' '.join(table()['presidential']['missing'].split())}"
        )
    rules: list[dict[str, Any]] = table()["presidential"][kind]
    if section is not None:
        known = [r["section"] for r in rules]
        if section not in known:
            raise UsageError(
                f"section {section}: {office} has numbers only under " + ", ".join(known)
            )
        rules = [r for r in rules if r["section"] == section]
    found: list[Requirement] = []
    for rule in rules:
        req = _requirement(
            office, spec, unit, choice, rule["petition"], rule["cite"], int(rule["number"])
        )
        if "same_as" in rule:
            req.steps.append(
                SignatureStep(
                    f"The same requirements as § {rule['same_as']}.", rule["cite"], rule["law"]
                )
            )
            req.steps.append(SignatureStep(f"{count(req.number, 'signature')}.", rule["same_as"]))
        elif "percent" in rule or "fraction" in rule:
            _share_of_enrolled(req, rule, unit, inputs)
        else:
            req.steps.append(
                SignatureStep(f"{count(req.number, 'signature')}.", rule["cite"], rule["law"])
            )
        found.append(req)
    if kind == "president" and section is None:
        found[0].notes.append(" ".join(table()["presidential"]["choice"].split()))
    return found

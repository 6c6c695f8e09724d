"""The records of a signature requirement, and the question asked for an office.

``Requirement`` is one petition's number with its steps; ``signatures`` answers for an office
under a law choice: a presidential primary's through ``nyballot.signatures.presidential``, every
other petition through ``nyballot.signatures.numbers``, both from the provisions of the law data.
A percentage of voters is rounded up to a whole signature.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from nyballot.errors import UsageError
from nyballot.law.choice import LawChoice


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


def fmt(n: int | Fraction) -> str:
    if isinstance(n, Fraction) and n.denominator != 1:
        whole = n.numerator // n.denominator
        rest = n - whole
        digits = f"{float(rest):.4f}"[1:].rstrip("0")
        return f"{whole:,}{digits}"
    return f"{int(n):,}"


def count(n: int, word: str) -> str:
    """'1 signature', '1,500 signatures'."""
    return f"{n:,} {word}" if n == 1 else f"{n:,} {word}s"


def need(value: int | None, field: str, why: str, zero: str = "") -> int:
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
    from nyballot.signatures.presidential import presidential

    spec = units_data()["offices"].get(office)
    unit_for(office, district)
    named = bool(choice.law or choice.overlays)
    asked = season_year() if year is None and not named else year
    if spec is not None and spec.get("rules"):
        found = presidential(office, spec, choice, asked, inputs, section)
        for req in found:
            req.year, req.what_if = asked, named
            req.law = f"{choice.label} (what-if)" if named else choice.label
    elif section:
        raise UsageError("section applies only to president, uncommitted and delegates")
    else:
        found = requirements(
            petition, choice, asked, inputs, unit=district, office=office, contains=contains
        )
        return found  # requirements() says which inputs it did not use
    return note_unused(found, inputs)
